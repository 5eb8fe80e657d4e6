//! Symbols for the functions family: which ops define symbols (MLIR's `SymbolOpInterface`
//! ops amanda-opt knows: `tfg.func`, `func.func`, named `builtin.module`s), their names and
//! visibility, the symbol references an op holds (`@f`, `#tf_type.func<@f, ..>`, nested in
//! arrays, dictionaries and region attributes) and which ops call a function (TensorFlow's
//! `FunctionTable` and `GraphFuncOp::getCalledFunction`).

use rustc_hash::FxHashSet;

use crate::ir::{AttrData, AttrId, Module, OpId};

/// Ops that define a symbol when they carry `sym_name`.
const SYMBOL_OPS: &[&str] = &["tfg.func", "func.func", "builtin.module", "llvm.func", "ml_program.global"];

/// Ops that hold a symbol table.
pub fn is_symbol_table(m: &Module, op: OpId) -> bool {
    m.op_name(op) == "builtin.module"
}

/// The symbol name of `op` if it defines a symbol.
pub fn symbol_name(m: &Module, op: OpId) -> Option<String> {
    if !SYMBOL_OPS.contains(&m.op_name(op)) {
        return None;
    }
    let v = m.ctx.string_value(m.op_attr(op, "sym_name")?)?;
    Some(String::from_utf8_lossy(&v).into_owned())
}

/// `public`, `private` or `nested` (`sym_visibility`, public when absent).
pub fn visibility(m: &Module, op: OpId) -> String {
    m.op_attr(op, "sym_visibility")
        .and_then(|a| m.ctx.string_value(a))
        .map(|v| String::from_utf8_lossy(&v).into_owned())
        .unwrap_or_else(|| "public".into())
}

pub use crate::dialect::tfg_func::symbol_ref;

/// The name a spelled reference part (`@f`, `@"a b"`) stands for.
pub fn part_name(spelled: &str) -> String {
    let s = spelled.strip_prefix('@').unwrap_or(spelled);
    if s.len() >= 2 && s.starts_with('"') && s.ends_with('"') {
        String::from_utf8_lossy(&crate::ir::context::unescape_string(&s[1..s.len() - 1])).into_owned()
    } else {
        s.to_string()
    }
}

/// Every symbol reference (as its path of names) inside attribute `a`.
pub fn attr_refs(m: &Module, a: AttrId, out: &mut Vec<Vec<String>>) {
    match m.ctx.attr_data(a) {
        AttrData::SymbolRef(parts) => out.push(parts.iter().map(|&p| part_name(m.ctx.str(p))).collect()),
        AttrData::Array(items) => items.iter().for_each(|&i| attr_refs(m, i, out)),
        AttrData::Dict(entries) => entries.iter().for_each(|e| attr_refs(m, e.value, out)),
        AttrData::TfFunc { symbol, attrs } => {
            attr_refs(m, *symbol, out);
            attr_refs(m, *attrs, out);
        }
        AttrData::TfgRegionAttrs { attrs, arg_attrs, res_attrs } => {
            attr_refs(m, *attrs, out);
            arg_attrs.iter().chain(res_attrs).for_each(|&i| attr_refs(m, i, out));
        }
        AttrData::Alias { target, .. } => attr_refs(m, *target, out),
        _ => {}
    }
}

/// The symbol references held by `op` itself (attributes and properties).
pub fn op_refs(m: &Module, op: OpId) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for a in m.body.attrs(op) {
        attr_refs(m, a.value, &mut out);
    }
    if let Some(p) = m.body.op(op).properties {
        attr_refs(m, p, &mut out);
    }
    out
}

/// The names of the module's top-level functions (TensorFlow's `FunctionTable`).
pub fn function_names(m: &Module) -> FxHashSet<String> {
    m.body.block_ops(m.root_block()).filter(|&op| m.op_name(op) == "tfg.func").filter_map(|op| symbol_name(m, op)).collect()
}

/// Whether `op` is a legacy call: a tfg node whose type names a function of `funcs`.
pub fn is_legacy_call(m: &Module, op: OpId, funcs: &FxHashSet<String>) -> bool {
    let name = m.op_name(op);
    let Some(ty) = name.strip_prefix("tfg.") else { return false };
    !crate::dialect::traits::is_tfg_structural(name) && funcs.contains(ty)
}

/// The function `op` calls, as `GraphFuncOp::getCalledFunction` finds it: the `f` function
/// attribute of a `PartitionedCall`/`StatefulPartitionedCall`, else the op's type.
pub fn called_function(m: &Module, op: OpId, funcs: &FxHashSet<String>) -> Option<String> {
    let name = m.op_name(op);
    if matches!(name, "tfg.PartitionedCall" | "tfg.StatefulPartitionedCall" | "tfg.PartitionCall") {
        if let Some(f) = m.op_attr(op, "f") {
            if let AttrData::TfFunc { symbol, .. } = m.ctx.attr_data(m.ctx.resolved_attr(f)) {
                let mut refs = Vec::new();
                attr_refs(m, *symbol, &mut refs);
                if let Some(path) = refs.first() {
                    if path.len() == 1 && funcs.contains(&path[0]) {
                        return Some(path[0].clone());
                    }
                }
            }
        }
    }
    is_legacy_call(m, op, funcs).then(|| name["tfg.".len()..].to_string())
}
