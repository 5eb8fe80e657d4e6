//! `inline`: inlining of tfg function calls.
//!
//! MLIR's own `inline` finds nothing to inline in tfg: `tfg.func` is callable, but tfg
//! nodes are not `CallOpInterface` ops and tfg registers no `DialectInlinerInterface`
//! (tensorflow/core/ir/ops.cc). This pass does what a tfg inliner would, for the calls
//! `GraphFuncOp::getCalledFunction` recognizes: a node whose type names a function of the
//! module (a legacy call, `Foo` for `@Foo`) and `PartitionedCall`/`StatefulPartitionedCall`
//! with an `f = #tf_type.func<@f, ..>` attribute. Generic functions, recursive functions,
//! functions marked `_noinline = true` (TensorFlow's no-inline attribute) and calls whose
//! arity does not match the callee are left alone.
//!
//! The callee's body is cloned before the call, in its block (graph, function or region):
//! * arguments become the call's data operands, an argument's `.ctl` token the control
//!   token of the operand's producer;
//! * the call's control operands guard every inlined op that takes no operand from another
//!   inlined op (so nothing inlined runs before them);
//! * node names get the call's name as prefix (`call/node`), as TensorFlow's inliner does;
//! * users of the call's data results use the returned values; users of its control token
//!   depend on a `NoOp` named after the call whose control operands are every inlined op's
//!   control token (and the returned control tokens), so control edges are kept.
//!
//! Like MLIR's inliner, a private function whose calls were all inlined and that nothing
//! refers to any more is erased.

use rustc_hash::{FxHashMap, FxHashSet};

use super::func_build::{func_entry, func_return, module_funcs};
use super::symbols::{called_function, function_names, op_refs, visibility};
use crate::dialect::tfg::{control_of_value, control_operands, control_token, data_operands, data_results, is_control, node_name, set_node_name, NodeBuilder};
use crate::diag::Diagnostic;
use crate::ir::{Module, OpId, ValueId};
use crate::passes::{PassContext, PassTarget};

pub fn run(m: &mut Module, _t: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
    let funcs: FxHashMap<String, OpId> = module_funcs(m).into_iter().map(|(op, n)| (n, op)).collect();
    if funcs.is_empty() {
        return Ok(());
    }
    let names = function_names(m);
    let recursive = recursive_functions(m, &funcs, &names);
    let mut worklist: Vec<OpId> = Vec::new();
    for op in m.body.block_ops(m.root_block()).collect::<Vec<_>>() {
        if matches!(m.op_name(op), "tfg.graph" | "tfg.func") {
            m.body.walk(op, |o| worklist.push(o));
        }
    }
    worklist.reverse();
    let mut inlined_callees: FxHashSet<String> = FxHashSet::default();
    while let Some(call) = worklist.pop() {
        if m.body.is_erased(call) {
            continue;
        }
        let Some(callee) = called_function(m, call, &names) else { continue };
        let func = funcs[&callee];
        let noinline = m.op_attr(func, "_noinline").is_some_and(|a| m.ctx.int_value(a) == Some(1));
        if recursive.contains(&callee) || noinline || m.op_attr(func, "generic").is_some() || m.body.is_ancestor(func, call) {
            continue;
        }
        if let Some(new_ops) = inline_call(m, call, func) {
            inlined_callees.insert(callee);
            cx.stat("inlined-calls", "Number of calls inlined", 1);
            cx.mark_changed();
            for op in new_ops.into_iter().rev() {
                m.body.walk(op, |o| worklist.push(o));
            }
        }
    }
    for name in inlined_callees {
        let func = funcs[&name];
        if visibility(m, func) != "public" && !is_referenced(m, &name, func) {
            m.body.erase_op(func);
            cx.stat("erased-functions", "Number of functions erased after inlining", 1);
        }
    }
    Ok(())
}

/// Functions that can reach themselves through calls.
fn recursive_functions(m: &Module, funcs: &FxHashMap<String, OpId>, names: &FxHashSet<String>) -> FxHashSet<String> {
    let mut calls: FxHashMap<&str, FxHashSet<String>> = FxHashMap::default();
    for (name, &f) in funcs {
        let mut set = FxHashSet::default();
        m.body.walk(f, |o| {
            if let Some(c) = called_function(m, o, names) {
                set.insert(c);
            }
        });
        calls.insert(name.as_str(), set);
    }
    let mut out = FxHashSet::default();
    for name in funcs.keys() {
        let mut seen: FxHashSet<&str> = FxHashSet::default();
        let mut stack: Vec<&str> = calls[name.as_str()].iter().map(|s| s.as_str()).collect();
        while let Some(n) = stack.pop() {
            if n == name {
                out.insert(name.clone());
                break;
            }
            if seen.insert(n) {
                if let Some(next) = calls.get(n) {
                    stack.extend(next.iter().map(|s| s.as_str()));
                }
            }
        }
    }
    out
}

/// Whether anything but `func` itself refers to function `name` (a symbol reference or a
/// legacy call).
fn is_referenced(m: &Module, name: &str, func: OpId) -> bool {
    let mut found = false;
    for top in m.body.block_ops(m.root_block()).collect::<Vec<_>>() {
        if top == func {
            continue;
        }
        m.body.walk(top, |o| {
            if found {
                return;
            }
            if m.op_name(o).strip_prefix("tfg.") == Some(name) && !crate::dialect::traits::is_tfg_structural(m.op_name(o)) {
                found = true;
            }
            if op_refs(m, o).iter().any(|p| p.first().map(|s| s.as_str()) == Some(name)) {
                found = true;
            }
        });
    }
    found
}

/// Inlines `func` at `call`; returns the top-level inlined ops (and the NoOp standing for
/// the call's control token), or `None` when the call does not match the callee.
fn inline_call(m: &mut Module, call: OpId, func: OpId) -> Option<Vec<OpId>> {
    let entry = func_entry(m, func)?;
    let ret = func_return(m, func)?;
    let args = m.body.block(entry).args.clone();
    let data_in = data_operands(m, call).to_vec();
    let ctl_in = control_operands(m, call).to_vec();
    let returned = data_operands(m, ret).to_vec();
    let returned_ctls = control_operands(m, ret).to_vec();
    let outs = data_results(m, call).to_vec();
    if args.len() != 2 * data_in.len() || returned.len() != outs.len() {
        return None;
    }
    let mut map: FxHashMap<ValueId, ValueId> = FxHashMap::default();
    let mut unmapped: FxHashSet<ValueId> = FxHashSet::default();
    for (i, &x) in data_in.iter().enumerate() {
        map.insert(args[2 * i], x);
        match control_of_value(m, x) {
            Some(c) => {
                map.insert(args[2 * i + 1], c);
            }
            None => {
                unmapped.insert(args[2 * i + 1]);
            }
        }
    }
    let body_ops: Vec<OpId> = m.body.block_ops(entry).filter(|&o| o != ret).collect();
    let mut clones = Vec::with_capacity(body_ops.len());
    for &op in &body_ops {
        let c = m.body.clone_op(op, &mut map);
        m.body.insert_op_before(call, c);
        clones.push(c);
    }
    // Graph regions use values before their definitions: map every operand again now that
    // every clone exists; control tokens of unmapped arguments go.
    let prefix = node_name(m, call);
    let clone_set: FxHashSet<OpId> = clones.iter().copied().collect();
    for &c in &clones {
        let mut nested = Vec::new();
        m.body.walk(c, |o| nested.push(o));
        for o in nested {
            let operands: Vec<ValueId> = m.body.operands(o).collect();
            let remapped: Vec<ValueId> =
                operands.iter().filter(|v| !unmapped.contains(v)).map(|v| *map.get(v).unwrap_or(v)).collect();
            if remapped != operands {
                m.body.set_operands(o, &remapped);
            }
            // Spelled names belong to the callee: the printer names the copies afresh.
            m.body.clear_result_names(o);
            for r in m.body.op(o).regions.clone() {
                for b in m.body.region(r).blocks.clone() {
                    for info in &mut m.body.block_mut(b).arg_info {
                        info.name = None;
                    }
                }
            }
            if let (Some(p), Some(n)) = (&prefix, node_name(m, o)) {
                set_node_name(m, o, &format!("{}/{}", p, n));
            }
        }
    }
    for &c in &clones {
        let fed_inside = m.body.operands(c).any(|v| m.body.defining_op(v).is_some_and(|d| clone_set.contains(&d)));
        if !fed_inside && m.op_name(c).starts_with("tfg.") {
            for &ctl in &ctl_in {
                crate::dialect::tfg::add_control_operand(m, c, ctl);
            }
        }
    }
    let mut new_ops = clones.clone();
    for (j, &y) in outs.iter().enumerate() {
        let r = *map.get(&returned[j]).unwrap_or(&returned[j]);
        m.body.replace_all_uses(y, r);
    }
    if let Some(token) = control_token(m, call).filter(|&t| m.body.has_uses(t)) {
        let mut deps: Vec<ValueId> = Vec::new();
        let push = |v: ValueId, deps: &mut Vec<ValueId>| {
            if !deps.contains(&v) {
                deps.push(v);
            }
        };
        for &c in &clones {
            if let Some(t) = control_token(m, c) {
                push(t, &mut deps);
            }
        }
        for &rc in &returned_ctls {
            if let Some(&v) = map.get(&rc) {
                if is_control(m, v) {
                    push(v, &mut deps);
                }
            }
        }
        if deps.is_empty() {
            for &c in &ctl_in {
                push(c, &mut deps);
            }
            for &x in &data_in {
                if let Some(c) = control_of_value(m, x) {
                    push(c, &mut deps);
                }
            }
        }
        let mut b = NodeBuilder::new(m, "NoOp").control_operands(&deps);
        if let Some(p) = &prefix {
            b = b.name(p);
        }
        let noop = b.build();
        m.body.insert_op_before(call, noop);
        let noop_token = control_token(m, noop)?;
        m.body.replace_all_uses(token, noop_token);
        new_ops.push(noop);
    }
    m.body.erase_op(call);
    Some(new_ops)
}
