//! Creating and re-signing `tfg.func` ops in code, with the attribute layout tfg's parser
//! gives them (`sym_name`, `function_type`, other attributes, `arg_attrs`, `res_attrs`;
//! every data argument followed by its `.ctl` token, one dictionary per block argument).
//!
//! Functions are created by `dialect::tfg_func` (re-exported here); this module adds what
//! the functions family needs on top: re-signing a function, attribute-list helpers.


use crate::ir::{AttrData, AttrId, BlockId, Module, NamedAttr, OpId, TypeData, TypeId, ValueId};

pub use crate::dialect::tfg_func::build_func_around as build_func;

/// The empty dictionary attribute.
pub fn empty_dict(m: &mut Module) -> AttrId {
    m.ctx.attr(AttrData::Dict(Vec::new()))
}

/// The entry block of a function.
pub fn func_entry(m: &Module, func: OpId) -> Option<BlockId> {
    crate::dialect::tfg::body_block(m, func)
}

/// The function's terminator (`tfg.return`), if its body ends with one.
pub fn func_return(m: &Module, func: OpId) -> Option<OpId> {
    let entry = func_entry(m, func)?;
    let last = m.body.last_op(entry)?;
    (m.op_name(last) == "tfg.return").then_some(last)
}

/// The entries of an array attribute of `op` (`arg_attrs`, `res_attrs`), if present.
pub fn attr_list(m: &Module, op: OpId, key: &str) -> Option<Vec<AttrId>> {
    let a = m.op_attr(op, key)?;
    match m.ctx.attr_data(m.ctx.resolved_attr(a)) {
        AttrData::Array(items) => Some(items.clone()),
        _ => None,
    }
}

/// Sets an attribute of `op` by name.
pub fn set_attr(m: &mut Module, op: OpId, key: &str, value: AttrId) {
    let k = m.ctx.sym(key);
    m.body.set_attr(op, k, value);
}

/// Removes an attribute of `op` by name; returns its value.
pub fn remove_attr(m: &mut Module, op: OpId, key: &str) -> Option<AttrId> {
    let k = m.ctx.lookup_sym(key)?;
    m.body.remove_attr(op, k)
}

/// Rebuilds `function_type` from the entry block's argument types and the data operands of
/// the `tfg.return` (as tfg's passes do after retyping values), and, when given, the
/// argument and result dictionaries.
pub fn resign_func(m: &mut Module, func: OpId, arg_attrs: Option<Vec<AttrId>>, res_attrs: Option<Vec<AttrId>>) {
    let Some(entry) = func_entry(m, func) else { return };
    let inputs: Vec<TypeId> = m.body.block(entry).args.iter().map(|&a| m.body.value_type(a)).collect();
    let results: Vec<TypeId> = match func_return(m, func) {
        Some(ret) => crate::dialect::tfg::data_operands(m, ret).iter().map(|&v| m.body.value_type(v)).collect(),
        None => Vec::new(),
    };
    let fn_ty = m.ctx.ty(TypeData::Function { inputs, results });
    let fv = m.ctx.attr(AttrData::Type(fn_ty));
    set_attr(m, func, "function_type", fv);
    if let Some(a) = arg_attrs {
        let v = m.ctx.attr(AttrData::Array(a));
        set_attr(m, func, "arg_attrs", v);
    }
    if let Some(r) = res_attrs {
        let v = m.ctx.attr(AttrData::Array(r));
        set_attr(m, func, "res_attrs", v);
    }
}

/// A dictionary attribute from `(key, value)` entries, sorted by key as MLIR keeps them.
pub fn dict(m: &mut Module, entries: &[(&str, AttrId)]) -> AttrId {
    let mut list: Vec<NamedAttr> = entries.iter().map(|(k, v)| NamedAttr::new(m.ctx.sym(k), *v)).collect();
    list.sort_by(|a, b| m.ctx.str(a.name).cmp(m.ctx.str(b.name)));
    m.ctx.attr(AttrData::Dict(list))
}

/// The entries of a dictionary attribute as an editable list.
pub fn dict_entries(m: &Module, d: AttrId) -> Vec<NamedAttr> {
    m.ctx.dict_entries(d).to_vec()
}

/// Looks `key` up in a list of entries.
pub fn entry(m: &Module, list: &[NamedAttr], key: &str) -> Option<AttrId> {
    list.iter().find(|e| m.ctx.str(e.name) == key).map(|e| e.value)
}

/// Removes `key` from a list of entries; returns its value.
pub fn take_entry(m: &Module, list: &mut Vec<NamedAttr>, key: &str) -> Option<AttrId> {
    let i = list.iter().position(|e| m.ctx.str(e.name) == key)?;
    Some(list.remove(i).value)
}

/// Sets `key` in a list of entries (keeping a present entry's place, else in key order).
pub fn put_entry(m: &mut Module, list: &mut Vec<NamedAttr>, key: &str, value: AttrId) {
    let name = m.ctx.sym(key);
    if let Some(e) = list.iter_mut().find(|e| e.name == name) {
        e.value = value;
        return;
    }
    let at = list.iter().position(|e| m.ctx.str(e.name) > key).unwrap_or(list.len());
    list.insert(at, NamedAttr::new(name, value));
}

/// Every top-level `tfg.func` of the module's body, with its name.
pub fn module_funcs(m: &Module) -> Vec<(OpId, String)> {
    let mut out = Vec::new();
    for op in m.body.block_ops(m.root_block()) {
        if m.op_name(op) == "tfg.func" {
            if let Some(n) = m.op_attr(op, "sym_name").and_then(|a| m.ctx.string_value(a)) {
                out.push((op, String::from_utf8_lossy(&n).into_owned()));
            }
        }
    }
    out
}

/// Creates a `tfg.return` with `data` and control operands `ctls` (and as many empty
/// `control_ret_attrs` dictionaries), detached.
pub fn build_return(m: &mut Module, data: &[ValueId], ctls: &[ValueId]) -> OpId {
    crate::dialect::tfg_func::build_return(m, data, ctls, &[])
}
