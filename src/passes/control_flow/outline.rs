//! Outlining a region (already in explicit capture) into a new `tfg.func`, or finding an
//! existing function to re-use, for `tfg-region-to-functional` (TensorFlow's
//! `BasePattern::Outline`, `BuildAttributes`, `TryFindName`, `FindReusableFunc`,
//! `RegionEqualTo`).
//!
//! * Argument, result and control-result names (`tfg.name`) come from the preserved
//!   region attributes or else from the values: an op result is `<op name>_tfg_result_<i>`,
//!   a function argument has its `tfg.name`, a region argument stands for the operand it
//!   receives. Names are made unique within the function (`x`, `x_0`, `x_1`, ...); every
//!   argument and result gets `tfg.regenerate_output_shapes`.
//! * The new function is named after the preserved function name, specialized as
//!   `<name>_tfg_region_specialized_<op name>_<region number>` when the op has a name, or
//!   a default (`if_then_function`, ...), and made unique by the module's symbol table.
//! * A function is re-used when its body matches the region op for op (names ignored,
//!   types compatible).

use rustc_hash::{FxHashMap, FxHashSet};

use super::common::*;
use crate::dialect::tfg::{control_operands, data_operands, is_control};
use crate::dialect::tfg_func::{build_func, build_return, sorted_dict, FuncArgSpec, FuncResultSpec};
use crate::ir::{AttrData, AttrId, BlockId, Module, NamedAttr, OpId, TypeId, ValueDef, ValueId};

/// Unique names within one function: a taken name gets `_0`, `_1`, ... (from 0 each time).
#[derive(Default)]
pub struct NameUniquer {
    taken: FxHashSet<String>,
}

impl NameUniquer {
    pub fn unique(&mut self, name: String) -> String {
        if self.taken.insert(name.clone()) {
            return name;
        }
        let mut suffix = 0;
        loop {
            let next = format!("{}_{}", name, suffix);
            suffix += 1;
            if self.taken.insert(next.clone()) {
                return next;
            }
        }
    }
}

/// `TryFindName`: a name for `v`. `args` are the operands a region's arguments receive
/// (the region being outlined), to see through its arguments.
pub fn try_find_name(m: &Module, v: ValueId, args: Option<&[ValueId]>) -> Option<String> {
    match m.body.value(v).def {
        ValueDef::Result { op, index } => m.node_name(op).map(|n| format!("{}_tfg_result_{}", n, index)),
        ValueDef::BlockArg { block, index } => {
            let owner = m.body.block_parent_op(block)?;
            let name = m.op_name(owner);
            let is_func = name == "tfg.func";
            let kind = region_op(name).map(|k| k.0);
            if !is_func && kind.is_none() {
                return None;
            }
            let n = m.body.block(block).args.len();
            let mut idx = index as usize;
            if is_control(m, v) {
                idx = if is_func { idx.checked_sub(1)? } else { idx.checked_sub(n / 2)? };
            }
            if is_func {
                let list = dict_list(m, attr(m, owner, "arg_attrs"));
                return dict_string(m, *list.get(idx)?, "tfg.name");
            }
            if let Some(args) = args {
                return try_find_name(m, *args.get(idx)?, None);
            }
            let operands: Vec<ValueId> = m.body.operands(owner).collect();
            match kind? {
                Kind::For => {
                    let v = if idx == 0 { *operands.first()? } else { *operands.get(3 + idx - 1)? };
                    try_find_name(m, v, None)
                }
                Kind::While => try_find_name(m, *data_operands(m, owner).get(idx)?, None),
                _ => None,
            }
        }
    }
}

/// A string entry of a dictionary attribute.
fn dict_string(m: &Module, dict: AttrId, key: &str) -> Option<String> {
    let e = m.ctx.dict_entries(dict).iter().find(|e| m.ctx.str(e.name) == key)?;
    string_of(m, e.value)
}

/// The parts of a `#tfg.region_attrs`.
fn region_attrs_parts(m: &Module, preserved: Option<AttrId>) -> (Vec<NamedAttr>, Vec<AttrId>, Vec<AttrId>) {
    match preserved.map(|a| m.ctx.attr_data(a)) {
        Some(AttrData::TfgRegionAttrs { attrs, arg_attrs, res_attrs }) => {
            (m.ctx.dict_entries(*attrs).to_vec(), arg_attrs.clone(), res_attrs.clone())
        }
        _ => (Vec::new(), Vec::new(), Vec::new()),
    }
}

/// The preserved function name of a `#tfg.region_attrs`.
pub fn preserved_name(m: &Module, preserved: Option<AttrId>) -> Option<String> {
    let (attrs, _, _) = region_attrs_parts(m, preserved);
    let e = attrs.iter().find(|e| m.ctx.str(e.name) == "sym_name")?;
    string_of(m, e.value)
}

/// The attributes of a function to create: its own (the preserved ones but the name) and
/// each argument's and result's.
pub struct FuncAttrs {
    pub attrs: Vec<NamedAttr>,
    pub args: Vec<Vec<NamedAttr>>,
    pub results: Vec<Vec<NamedAttr>>,
}

/// `BuildAttributes`.
pub fn build_attributes(
    m: &mut Module,
    preserved: Option<AttrId>,
    arguments: &[ValueId],
    results: &[ValueId],
    names: &mut NameUniquer,
) -> FuncAttrs {
    let (mut attrs, pre_args, pre_res) = region_attrs_parts(m, preserved);
    attrs.retain(|a| m.ctx.str(a.name) != "sym_name");
    let tfg_name = m.ctx.sym("tfg.name");
    let regenerate = m.ctx.sym("tfg.regenerate_output_shapes");
    let unit = m.ctx.unit_attr();
    let mut build = |m: &mut Module, pre: Option<AttrId>, v: ValueId, args: Option<&[ValueId]>| -> Vec<NamedAttr> {
        let mut entries: Vec<NamedAttr> = pre.map(|d| m.ctx.dict_entries(d).to_vec()).unwrap_or_default();
        if !entries.iter().any(|e| e.name == tfg_name) {
            if let Some(n) = try_find_name(m, v, args) {
                let n = names.unique(n);
                let a = m.ctx.string_attr(&n);
                entries.push(NamedAttr::new(tfg_name, a));
            }
        }
        match entries.iter_mut().find(|e| e.name == regenerate) {
            Some(e) => e.value = unit,
            None => entries.push(NamedAttr::new(regenerate, unit)),
        }
        entries.sort_by(|a, b| m.ctx.str(a.name).cmp(m.ctx.str(b.name)));
        entries
    };
    let args: Vec<Vec<NamedAttr>> =
        arguments.iter().enumerate().map(|(i, &v)| build(m, pre_args.get(i).copied(), v, None)).collect();
    let res: Vec<Vec<NamedAttr>> =
        results.iter().enumerate().map(|(i, &v)| build(m, pre_res.get(i).copied(), v, Some(arguments))).collect();
    FuncAttrs { attrs, args, results: res }
}

/// `GetControlRetAttrs`: a `{tfg.name}` (or `{}`) per control result.
pub fn control_ret_attrs(m: &mut Module, ctls: &[ValueId], args: &[ValueId], names: &mut NameUniquer) -> Vec<AttrId> {
    let mut out = Vec::new();
    for &c in ctls {
        let entries = match try_find_name(m, c, Some(args)) {
            Some(n) => {
                let n = names.unique(n);
                let a = m.ctx.string_attr(&n);
                vec![named(m, "tfg.name", a)]
            }
            None => vec![],
        };
        out.push(sorted_dict(m, entries));
    }
    out
}

/// Names spelled for the values of `block` (results, nested block arguments).
fn spelled_names(m: &Module, block: BlockId) -> FxHashSet<String> {
    let mut out = FxHashSet::default();
    for op in preorder(m, &[block]) {
        for g in &m.body.op(op).result_names {
            if let Some(n) = g.name {
                out.insert(m.ctx.value_name_text(n).into_owned());
            }
        }
        for &r in &m.body.op(op).regions {
            for &b in &m.body.region(r).blocks {
                for info in &m.body.block(b).arg_info {
                    if let Some(n) = info.name {
                        out.insert(m.ctx.value_name_text(n).into_owned());
                    }
                }
            }
        }
    }
    out
}

/// `CreateFunc`: a detached function named `name` whose body is the ops of the loop-layout
/// `block` (data arguments, then tokens), arguments in function order. The block is left
/// empty.
pub fn create_func(m: &mut Module, name: &str, block: BlockId, res_types: &[TypeId], fa: FuncAttrs) -> OpId {
    let args: Vec<ValueId> = m.body.block(block).args.clone();
    let n = args.len() / 2;
    let mut taken = spelled_names(m, block);
    let mut specs = Vec::with_capacity(n);
    for (i, &a) in args[..n].iter().enumerate() {
        let attrs = fa.args.get(i).cloned().unwrap_or_default();
        let tfg_name = attrs.iter().find(|e| m.ctx.str(e.name) == "tfg.name").and_then(|e| string_of(m, e.value));
        let base = crate::printer::names::sanitize(&tfg_name.unwrap_or_else(|| format!("arg{}", i)));
        let mut arg_name = base.clone();
        let mut k = 0;
        while taken.contains(&arg_name) || taken.contains(&format!("{}.ctl", arg_name)) {
            arg_name = format!("{}_{}", base, k);
            k += 1;
        }
        taken.insert(arg_name.clone());
        taken.insert(format!("{}.ctl", arg_name));
        specs.push(FuncArgSpec { name: arg_name, ty: m.body.value_type(a), attrs });
    }
    let results: Vec<FuncResultSpec> = res_types
        .iter()
        .enumerate()
        .map(|(i, &ty)| FuncResultSpec { ty, attrs: fa.results.get(i).cloned().unwrap_or_default() })
        .collect();
    let (func, entry) = build_func(m, name, &specs, &results, &fa.attrs, false);
    let fargs: Vec<ValueId> = m.body.block(entry).args.clone();
    for i in 0..n {
        m.body.replace_all_uses(args[i], fargs[2 * i]);
        m.body.replace_all_uses(args[n + i], fargs[2 * i + 1]);
    }
    let ops: Vec<OpId> = m.body.block_ops(block).collect();
    for op in ops {
        m.body.move_op_to_end(op, entry);
    }
    func
}

/// Replaces the terminator `term` by `return(data) [ctls]` with the given control-result
/// attributes.
fn replace_with_return(m: &mut Module, term: OpId, data: &[ValueId], ctls: &[ValueId], ctl_attrs: &[AttrId]) {
    let r = build_return(m, data, ctls, ctl_attrs);
    m.body.insert_op_before(term, r);
    m.body.erase_op(term);
}

/// One region to outline (`RegionFunction`).
pub struct RegionFunction {
    pub block: BlockId,
    pub region_index: usize,
    pub preserved: Option<AttrId>,
    pub call_attrs: Option<AttrId>,
    pub default_name: String,
}

/// `#tf_type.func<@name, call attrs or {}>`.
fn func_attr(m: &mut Module, name: &str, call_attrs: Option<AttrId>) -> AttrId {
    let attrs = match call_attrs {
        Some(a) => a,
        None => empty_dict(m),
    };
    make_func_ref(m, name, attrs)
}

/// `Outline`: turns the `yield`-terminated region into a new function (added to the
/// module) and returns a reference to it.
pub fn outline(m: &mut Module, table: &mut SymbolTable, op: OpId, args: &[ValueId], rf: &RegionFunction) -> AttrId {
    let mut names = NameUniquer::default();
    let term = m.body.last_op(rf.block).expect("yield");
    let data = data_operands(m, term).into_vec();
    let ctls = control_operands(m, term).into_vec();
    let fa = build_attributes(m, rf.preserved, args, &data, &mut names);
    let ctl_attrs = control_ret_attrs(m, &ctls, args, &mut names);
    replace_with_return(m, term, &data, &ctls, &ctl_attrs);
    let mut name = rf.default_name.clone();
    if let Some(existing) = preserved_name(m, rf.preserved) {
        name = existing;
        if let Some(op_name) = m.node_name(op) {
            let clean: String = op_name.bytes().map(|c| if c.is_ascii_alphanumeric() { c as char } else { '_' }).collect();
            name = format!("{}_tfg_region_specialized_{}_{}", name, clean, rf.region_index);
        }
    }
    let res_types: Vec<TypeId> = data.iter().map(|&v| m.body.value_type(v)).collect();
    let func = create_func(m, &name, rf.block, &res_types, fa);
    m.body.op_mut(func).loc = m.body.op(op).loc;
    let final_name = table.insert(m, func);
    func_attr(m, &final_name, rf.call_attrs)
}

/// Outlines a while condition region (ends in `condition`): the function returns the
/// predicate; its control results are named once the body is in the function.
pub fn outline_condition(
    m: &mut Module,
    table: &mut SymbolTable,
    op: OpId,
    init: &[ValueId],
    block: BlockId,
    preserved: Option<AttrId>,
    call_attrs: Option<AttrId>,
) -> AttrId {
    let mut names = NameUniquer::default();
    let term = m.body.last_op(block).expect("condition");
    let data = data_operands(m, term).into_vec();
    let ctls = control_operands(m, term).into_vec();
    let cond = data[0];
    let fa = build_attributes(m, preserved, init, &[cond], &mut names);
    let ty = m.body.value_type(cond);
    let func = create_func(m, "while_cond_function", block, &[ty], fa);
    m.body.op_mut(func).loc = m.body.op(op).loc;
    // The terminator is in the function now: its tokens are the function's arguments.
    let term = m.body.last_op(super::common::region_block(m, func, 0).expect("body")).expect("condition");
    let ctls_now = control_operands(m, term).into_vec();
    debug_assert_eq!(ctls_now.len(), ctls.len());
    let ctl_attrs = control_ret_attrs(m, &ctls_now, init, &mut names);
    let cond_now = data_operands(m, term)[0];
    replace_with_return(m, term, &[cond_now], &ctls_now, &ctl_attrs);
    let final_name = table.insert(m, func);
    func_attr(m, &final_name, call_attrs)
}

/// `FindReusableFunc`: the preserved function, if its body matches the region.
pub fn find_reusable(m: &mut Module, table: &SymbolTable, rf: &RegionFunction) -> Option<AttrId> {
    let name = preserved_name(m, rf.preserved)?;
    let func = table.lookup_func(m, &name)?;
    if !region_equal_to(m, rf.block, func) {
        return None;
    }
    Some(func_attr(m, &name, rf.call_attrs))
}

/// `FuncHasNestedRegions`: whether the preserved function exists and holds region ops.
pub fn func_has_nested_regions(m: &Module, table: &SymbolTable, preserved: Option<AttrId>) -> bool {
    let Some(name) = preserved_name(m, preserved) else { return false };
    let Some(func) = table.lookup_func(m, &name) else { return false };
    region_block(m, func, 0).map(|b| has_nested_regions(m, b)).unwrap_or(false)
}

/// `ReuseAllOrOutline`: re-uses a function for every region, or outlines them all.
pub fn reuse_all_or_outline(
    m: &mut Module,
    table: &mut SymbolTable,
    op: OpId,
    args: &[ValueId],
    regions: &[RegionFunction],
) -> Vec<AttrId> {
    let mut found = Vec::new();
    for rf in regions {
        match find_reusable(m, table, rf) {
            Some(f) => found.push(f),
            None => break,
        }
    }
    if found.len() == regions.len() {
        return found;
    }
    regions.iter().map(|rf| outline(m, table, op, args, rf)).collect()
}

/// `RegionEqualTo`: whether the region (explicit capture, no nested regions) computes
/// what the function's body does: same arguments, ops pairwise alike (name, attributes but
/// the node name, operands and results mapped consistently with compatible types), same
/// returned values.
pub fn region_equal_to(m: &Module, block: BlockId, func: OpId) -> bool {
    let Some(fblock) = region_block(m, func, 0) else { return false };
    let rargs = &m.body.block(block).args;
    let fargs = &m.body.block(fblock).args;
    if rargs.len() != fargs.len() {
        return false;
    }
    let mut map: FxHashMap<ValueId, ValueId> = FxHashMap::default();
    let map_value = |l: ValueId, r: ValueId, map: &mut FxHashMap<ValueId, ValueId>| -> bool {
        if !crate::verify::types::cast_compatible(&m.ctx, m.body.value_type(l), m.body.value_type(r)) {
            return false;
        }
        *map.entry(l).or_insert(r) == r
    };
    let n = rargs.len() / 2;
    for i in 0..n {
        if !map_value(rargs[i], fargs[2 * i], &mut map) {
            return false;
        }
    }
    let rops: Vec<OpId> = m.body.block_ops(block).collect();
    let fops: Vec<OpId> = m.body.block_ops(fblock).collect();
    let (Some((&rterm, rbody)), Some((&fterm, fbody))) = (rops.split_last(), fops.split_last()) else { return false };
    if rbody.len() != fbody.len() {
        return false;
    }
    let name_key = m.ctx.lookup_sym(crate::ir::module::NODE_NAME);
    let sorted = |op: OpId| {
        let mut a: Vec<NamedAttr> = m.body.attrs(op).to_vec();
        a.sort_by(|x, y| m.ctx.str(x.name).cmp(m.ctx.str(y.name)));
        a
    };
    for (&l, &r) in rbody.iter().zip(fbody) {
        if m.body.op(l).name != m.body.op(r).name {
            return false;
        }
        let (la, ra) = (sorted(l), sorted(r));
        if la.len() != ra.len() {
            return false;
        }
        for (x, y) in la.iter().zip(&ra) {
            if x.name != y.name {
                return false;
            }
            if Some(x.name) == name_key {
                continue;
            }
            if m.ctx.resolved_attr(x.value) != m.ctx.resolved_attr(y.value) {
                return false;
            }
        }
        let (lo, ro): (Vec<ValueId>, Vec<ValueId>) = (m.body.operands(l).collect(), m.body.operands(r).collect());
        if lo.len() != ro.len() || !lo.iter().zip(&ro).all(|(&a, &b)| map_value(a, b, &mut map)) {
            return false;
        }
        let (lr, rr) = (m.body.results(l), m.body.results(r));
        if lr.len() != rr.len() || !lr.iter().zip(rr).all(|(&a, &b)| map_value(a, b, &mut map)) {
            return false;
        }
    }
    let fret: Vec<ValueId> = m.body.operands(fterm).collect();
    if m.op_name(rterm) == "tfg.condition" {
        let data = data_operands(m, rterm);
        let ctls = control_operands(m, rterm);
        if data.is_empty() || fret.len() < 1 + ctls.len() || !map_value(data[0], fret[0], &mut map) {
            return false;
        }
        return ctls.iter().zip(&fret[1..]).all(|(&a, &b)| map_value(a, b, &mut map));
    }
    let rret: Vec<ValueId> = m.body.operands(rterm).collect();
    rret.len() == fret.len() && rret.iter().zip(&fret).all(|(&a, &b)| map_value(a, b, &mut map))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_made_unique_from_zero_each_time() {
        let mut n = NameUniquer::default();
        assert_eq!(n.unique("a".into()), "a");
        assert_eq!(n.unique("a".into()), "a_0");
        assert_eq!(n.unique("a".into()), "a_1");
        assert_eq!(n.unique("a_0".into()), "a_0_0");
        assert_eq!(n.unique("b".into()), "b");
    }

    const TEXT: &str = r#"tfg.func @f(%a: tensor<*xi32>) -> (tensor<*xi32>) {
  %B, %ctl = B(%a) name("x") {k = 1 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
  return(%B) [%ctl] : tensor<*xi32>
}
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %c, %ctl = C : () -> (tensor<i32>)
  %W, %ctlW = WhileRegion(%c) {
  ^bb0(%i: tensor<i32>, %ic: !tf_type.control):
    %P, %ctlP = P : () -> (tensor<i1>)
    condition %P : tensor<i1> (%i) : tensor<i32>
  } do {
  ^bb0(%i: tensor<i32>, %ic: !tf_type.control):
    %B, %ctlB = B(%i) name("y") {k = 1 : i64} : (tensor<i32>) -> (tensor<i32>)
    yield(%B) [%ctlB] : tensor<i32>
  } {parallel_iterations = 1 : i64} : (tensor<i32>) -> (tensor<i32>)
  %W2, %ctlW2 = WhileRegion(%c) {
  ^bb0(%i: tensor<i32>, %ic: !tf_type.control):
    %P, %ctlP = P : () -> (tensor<i1>)
    condition %P : tensor<i1> (%i) : tensor<i32>
  } do {
  ^bb0(%i: tensor<i32>, %ic: !tf_type.control):
    %B, %ctlB = B(%i) name("y") {k = 2 : i64} : (tensor<i32>) -> (tensor<i32>)
    yield(%B) [%ctlB] : tensor<i32>
  } {parallel_iterations = 1 : i64} : (tensor<i32>) -> (tensor<i32>)
}
"#;

    /// A body matches a function when only node names and compatible types differ; any
    /// other attribute difference breaks the match.
    #[test]
    fn region_equality_ignores_names_and_compatible_types() {
        let m = crate::syntax::parse_module(TEXT).expect("parses");
        let tops = m.top_ops();
        let (f, graph) = (tops[0], tops[1]);
        let loops: Vec<OpId> = m.body.block_ops(region_block(&m, graph, 0).unwrap()).skip(1).collect();
        let body = |op| region_block(&m, op, 1).unwrap();
        assert!(region_equal_to(&m, body(loops[0]), f));
        assert!(!region_equal_to(&m, body(loops[1]), f));
    }
}
