//! `tfg-lower-func-to-graph`: TensorFlow's FuncToGraph, the inverse of
//! `tfg-lift-graph-to-func`. The module's `tfg.func @_mlir_lifted_graph` (it must carry
//! `tfg.lifted_graph_version`) becomes a `tfg.graph` of that version: each data argument's
//! uses go back to the result its `tfg.lifted_value_attr = ["<node>", <n> : index]` names,
//! the `tfg.return` is dropped, the body moves into the graph.
//!
//! Beyond TensorFlow (which leaves them dangling): uses of an argument's `.ctl` token are
//! redirected to the control token of the node the argument came from, so no control edge
//! is lost, and the graph's block keeps no arguments.

use rustc_hash::FxHashMap;

use super::func_build::{attr_list, func_entry, func_return, module_funcs};
use super::graph_to_func::LIFTED_GRAPH_FUNC;
use crate::dialect::tfg::{control_token, is_control, node_name};
use crate::diag::Diagnostic;
use crate::ir::{AttrData, Module, NamedAttr, OpId, OpSpec};
use crate::passes::{PassContext, PassTarget};

pub fn run(m: &mut Module, _t: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
    let Some((func, _)) = module_funcs(m).into_iter().find(|(_, n)| n == LIFTED_GRAPH_FUNC) else { return Ok(()) };
    match lower(m, func) {
        Ok(()) => {
            cx.mark_changed();
            Ok(())
        }
        Err(msg) => Err(vec![Diagnostic::error(m.body.op(func).span, format!("FuncToGraph failed: {}", msg))]),
    }
}

/// Lowers `func` into a graph placed where it was.
pub fn lower(m: &mut Module, func: OpId) -> Result<(), String> {
    let version = m.op_attr(func, "tfg.lifted_graph_version").filter(|&v| matches!(m.ctx.attr_data(m.ctx.resolved_attr(v)), AttrData::TfVersion { .. }));
    let Some(version) = version else { return Err("lifted graph func is missing version attribute".into()) };
    let Some(entry) = func_entry(m, func) else { return Err("lifted graph func has no body".into()) };
    let arg_attrs = attr_list(m, func, "arg_attrs").unwrap_or_default();
    let lifted_of = |m: &Module, i: usize| -> Option<(String, u64)> {
        let d = *arg_attrs.get(i)?;
        let e = m.ctx.dict_entries(d).iter().find(|e| m.ctx.str(e.name) == "tfg.lifted_value_attr")?;
        let AttrData::Array(items) = m.ctx.attr_data(m.ctx.resolved_attr(e.value)) else { return None };
        let name = m.ctx.string_value(*items.first()?)?;
        let n = m.ctx.int_value(*items.get(1)?)?;
        Some((String::from_utf8_lossy(&name).into_owned(), n as u64))
    };
    let ret = func_return(m, func);
    let mut by_name: FxHashMap<String, OpId> = FxHashMap::default();
    for op in m.body.block_ops(entry) {
        if Some(op) == ret {
            continue;
        }
        if let Some(n) = node_name(m, op) {
            by_name.insert(n, op);
        }
    }
    let args = m.body.block(entry).args.clone();
    for (i, &arg) in args.iter().enumerate() {
        if is_control(m, arg) {
            continue;
        }
        let Some((name, index)) = lifted_of(m, i) else {
            return Err(format!("arg #{} is missing tfg.lifted_value_attr, can't be lowered", i));
        };
        let Some(&op) = by_name.get(&name) else {
            return Err(format!("lifted arg can't find the associated operation: {}", name));
        };
        let n = m.body.results(op).len();
        if index as usize >= n {
            return Err(format!(
                "result index out of bound: seeing index {} from lifted_value_attr of arg #{}, but op only has {} results",
                index, i, n
            ));
        }
        let value = m.body.results(op)[index as usize];
        m.body.replace_all_uses(arg, value);
        if let (Some(&ctl), Some(token)) = (args.get(i + 1), control_token(m, op)) {
            if is_control(m, ctl) {
                m.body.replace_all_uses(ctl, token);
            }
        }
    }
    if let Some(r) = ret {
        m.body.erase_op(r);
    }
    // Unused arguments (control tokens of unlowered pairs have no uses left either).
    for i in (0..args.len()).rev() {
        if !m.body.has_uses(args[i]) {
            m.body.remove_block_arg(entry, i);
        }
    }
    let region = m.body.op(func).regions[0];
    let blocks = m.body.take_region_blocks(region);
    let span = m.body.region(region).span;
    let new_region = m.body.create_region(blocks, span);
    let name = m.ctx.sym("tfg.graph");
    let version_key = m.ctx.sym("version");
    let spec = OpSpec {
        name: Some(name),
        attrs: smallvec::smallvec![NamedAttr::new(version_key, version)],
        regions: smallvec::smallvec![new_region],
        loc: m.body.op(func).loc,
        span: m.body.op(func).span,
        ..Default::default()
    };
    let graph = m.body.create_op(spec, name);
    m.body.insert_op_before(func, graph);
    m.body.erase_op(func);
    Ok(())
}
