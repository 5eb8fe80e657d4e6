//! Building `tfg.func` ops and their `return` in code, laid out as the parser lays out a
//! function written in tfg's custom syntax: attributes `sym_name`, [`generic`],
//! `function_type` (data arguments each followed by their `!tf_type.control` token), the
//! extra attributes, `arg_attrs` (one dictionary per block argument, `{}` for the tokens)
//! and `res_attrs`; an entry block whose arguments are named `x` / `x.ctl`.

use smallvec::SmallVec;

use crate::ir::body::{BlockArgInfo, OpSpec, Span};
use crate::ir::{AttrData, AttrId, BlockId, Module, NamedAttr, OpId, RegionId, TypeData, TypeId, ValueId};

/// One data argument of a function to build.
#[derive(Clone, Debug)]
pub struct FuncArgSpec {
    /// The block argument's name (without `%`); its token is named `<name>.ctl`. The
    /// caller keeps the names unique within the function.
    pub name: String,
    pub ty: TypeId,
    /// The argument's attribute dictionary entries (`tfg.name`, ...).
    pub attrs: Vec<NamedAttr>,
}

/// One result of a function to build.
#[derive(Clone, Debug)]
pub struct FuncResultSpec {
    pub ty: TypeId,
    pub attrs: Vec<NamedAttr>,
}

/// `@name` as a flat symbol reference attribute (quoted when the name is not an identifier).
pub fn symbol_ref(m: &mut Module, name: &str) -> AttrId {
    let spelled = if crate::printer::attrs::is_bare_identifier(name) {
        format!("@{}", name)
    } else {
        format!("@\"{}\"", crate::ir::context::escape_string(name))
    };
    let s = m.ctx.sym(&spelled);
    m.ctx.attr(AttrData::SymbolRef(vec![s]))
}

/// A dictionary attribute with `entries` sorted by name, as MLIR stores dictionaries.
pub fn sorted_dict(m: &mut Module, mut entries: Vec<NamedAttr>) -> AttrId {
    entries.sort_by(|a, b| m.ctx.str(a.name).cmp(m.ctx.str(b.name)));
    m.ctx.attr(AttrData::Dict(entries))
}

/// Creates a detached `tfg.func @name` (place it with `Body::append_op` and friends) with an
/// empty entry block holding the arguments; returns the op and that block. `attrs` are the
/// function's other attributes (`description`, `tf._x`, ...), kept in the given order after
/// `function_type`. The body needs a `return` (see [`build_return`]).
pub fn build_func(
    m: &mut Module,
    name: &str,
    args: &[FuncArgSpec],
    results: &[FuncResultSpec],
    attrs: &[NamedAttr],
    generic: bool,
) -> (OpId, BlockId) {
    let control = m.ctx.control_type();
    let empty = m.ctx.attr(AttrData::Dict(vec![]));
    let block = m.body.create_block(Span::default());
    let mut inputs = Vec::with_capacity(args.len() * 2);
    let mut arg_attrs = Vec::with_capacity(args.len() * 2);
    for a in args {
        let data_name = m.ctx.value_name(&a.name);
        let ctl_name = m.ctx.value_name(&format!("{}.ctl", a.name));
        m.body.add_block_arg(block, a.ty, BlockArgInfo { name: Some(data_name), ..Default::default() });
        m.body.add_block_arg(block, control, BlockArgInfo { name: Some(ctl_name), ..Default::default() });
        inputs.push(a.ty);
        inputs.push(control);
        let d = sorted_dict(m, a.attrs.clone());
        arg_attrs.push(d);
        arg_attrs.push(empty);
    }
    let mut res_attrs = Vec::with_capacity(results.len());
    let mut outputs = Vec::with_capacity(results.len());
    for r in results {
        outputs.push(r.ty);
        let d = sorted_dict(m, r.attrs.clone());
        res_attrs.push(d);
    }
    let fn_ty = m.ctx.ty(TypeData::Function { inputs, results: outputs });
    let region = m.body.create_region(vec![block], Span::default());
    let op = create_func(m, name, generic, fn_ty, attrs, arg_attrs, res_attrs, region);
    (op, block)
}

/// Creates a detached `tfg.func @name` around `region`, whose entry block already holds the
/// arguments (data then `.ctl` token, pairwise): `arg_attrs` has one dictionary per block
/// argument, `results` each result's type and dictionary.
pub fn build_func_around(
    m: &mut Module,
    name: &str,
    region: RegionId,
    arg_attrs: Vec<AttrId>,
    results: &[(TypeId, AttrId)],
    attrs: &[NamedAttr],
) -> OpId {
    let entry = m.body.region(region).blocks[0];
    let inputs: Vec<TypeId> = m.body.block(entry).args.iter().map(|&a| m.body.value_type(a)).collect();
    let fn_ty = m.ctx.ty(TypeData::Function { inputs, results: results.iter().map(|r| r.0).collect() });
    let res_attrs = results.iter().map(|r| r.1).collect();
    create_func(m, name, false, fn_ty, attrs, arg_attrs, res_attrs, region)
}

/// The `tfg.func` op with the parser's attribute layout.
#[allow(clippy::too_many_arguments)]
fn create_func(
    m: &mut Module,
    name: &str,
    generic: bool,
    fn_ty: TypeId,
    attrs: &[NamedAttr],
    arg_attrs: Vec<AttrId>,
    res_attrs: Vec<AttrId>,
    region: RegionId,
) -> OpId {
    let mut list: SmallVec<[NamedAttr; 2]> = SmallVec::new();
    let key = |m: &mut Module, k: &str| m.ctx.sym(k);
    let sym = m.ctx.string_attr(name);
    list.push(NamedAttr::new(key(m, "sym_name"), sym));
    if generic {
        let unit = m.ctx.unit_attr();
        list.push(NamedAttr::new(key(m, "generic"), unit));
    }
    let fty = m.ctx.attr(AttrData::Type(fn_ty));
    list.push(NamedAttr::new(key(m, "function_type"), fty));
    list.extend(attrs.iter().copied());
    let a = m.ctx.attr(AttrData::Array(arg_attrs));
    list.push(NamedAttr::new(key(m, "arg_attrs"), a));
    let a = m.ctx.attr(AttrData::Array(res_attrs));
    list.push(NamedAttr::new(key(m, "res_attrs"), a));
    let op_name = m.ctx.sym("tfg.func");
    let spec = OpSpec { name: Some(op_name), attrs: list, regions: smallvec::smallvec![region], ..Default::default() };
    m.body.create_op(spec, op_name)
}

/// Creates a detached `tfg.return(data) [ctls]` whose control operands carry the
/// dictionaries `ctl_attrs` (`control_ret_attrs`; `{}` for each missing one).
pub fn build_return(m: &mut Module, data: &[ValueId], ctls: &[ValueId], ctl_attrs: &[AttrId]) -> OpId {
    let empty = m.ctx.attr(AttrData::Dict(vec![]));
    let list: Vec<AttrId> = (0..ctls.len()).map(|i| ctl_attrs.get(i).copied().unwrap_or(empty)).collect();
    let value = m.ctx.attr(AttrData::Array(list));
    super::tfg::NodeBuilder::new(m, "tfg.return")
        .operands(data)
        .control_operands(ctls)
        .attr("control_ret_attrs", value)
        .without_control_result()
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_function_prints_and_verifies() {
        let mut m = crate::syntax::parse_module("").expect("parses");
        let i32_ty = m.ctx.ty(TypeData::Integer { width: 32, signedness: crate::ir::types::Signedness::Signless });
        let t = m.ctx.ty(TypeData::RankedTensor { shape: vec![], elem: i32_ty, encoding: None });
        let name_key = m.ctx.sym("tfg.name");
        let x = m.ctx.string_attr("x");
        let args = [FuncArgSpec { name: "x".into(), ty: t, attrs: vec![NamedAttr::new(name_key, x)] }];
        let results = [FuncResultSpec { ty: t, attrs: vec![] }];
        let (f, block) = build_func(&mut m, "f", &args, &results, &[], false);
        let root = m.root_block();
        m.body.append_op(root, f);
        let a = m.body.block(block).args[0];
        let c = m.body.block(block).args[1];
        let r = build_return(&mut m, &[a], &[c], &[]);
        m.body.append_op(block, r);
        assert!(crate::verify::verify_module(&m).is_empty());
        let text = crate::printer::print_module(&m, Default::default());
        assert!(text.contains("tfg.func @f(%x: tensor<i32> {tfg.name = \"x\"})"), "{}", text);
        assert!(text.contains("return(%x) [%x.ctl] : tensor<i32>"), "{}", text);
    }
}
