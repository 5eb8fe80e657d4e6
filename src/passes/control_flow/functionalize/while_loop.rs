//! TF1 while loops raised to `While`/`StatelessWhile` (TensorFlow's functionalize_while.cc).
//!
//! A frame's loop variables are its `Enter`s (`is_constant = false`), each feeding one
//! `Merge` whose other input is a `NextIteration`; the `Merge` feeds one `Switch` on the
//! frame's `LoopCond`, whose false output goes to the `Exit`s and whose true output into the
//! body. Loop invariants are `Enter`s with `is_constant = true`. The loop becomes
//! `While(enter inputs...)` whose `cond` is what the `LoopCond` depends on (the `Merge`s as
//! arguments) and whose `body` is what the `NextIteration`s depend on (the `Switch`es' true
//! outputs as arguments; an invariant is returned unchanged), plus every other node of the
//! frame, so nothing is lost. Users of an `Exit` use the `While`'s result; the `Enter`s'
//! control operands become the `While`'s. Frames are raised innermost first, so an inner
//! loop is a `While` node of the outer loop's body.

use rustc_hash::FxHashSet;

use super::frames::{self, node, Frames};
use super::outline::{self, ArgSource, FuncPlan};
use super::{kind, Kind};
use crate::dialect::tfg::{self, NodeBuilder};
use crate::diag::Diagnostic;
use crate::ir::{AttrData, BlockId, Module, OpId, ValueId};
use crate::passes::control_flow::common::{make_func_ref, SymbolTable};
use crate::passes::structural::tf_ops::TfOps;

/// Raises every loop of `block`, innermost first; returns how many.
pub fn raise_all(m: &mut Module, block: BlockId, symbols: &mut SymbolTable, tf: &mut TfOps) -> Result<usize, Vec<Diagnostic>> {
    if !m.body.block_ops(block).any(|o| matches!(kind(m, o), Some(Kind::Enter))) {
        return Ok(0);
    }
    let mut fr = frames::analyze(m, block)?;
    let mut order: Vec<usize> = (1..fr.frames.len()).collect();
    order.sort_by_key(|&f| std::cmp::Reverse(fr.frames[f].depth));
    for &f in &order {
        raise(m, block, &mut fr, f, symbols, tf).map_err(|d| vec![d])?;
    }
    Ok(order.len())
}

/// One loop variable.
struct Var {
    enter: OpId,
    /// `None` for a loop invariant.
    carried: Option<Carried>,
}

struct Carried {
    merge: OpId,
    switch: OpId,
    next: OpId,
    exits: Vec<OpId>,
}

fn err(m: &Module, op: OpId, msg: String) -> Diagnostic {
    Diagnostic::error(m.body.op(op).span, format!("tfg-functionalize-control-flow: {}", msg))
}

fn users(m: &Module, v: ValueId) -> Vec<OpId> {
    let mut out: Vec<OpId> = m.body.uses(v).map(|u| u.op).collect();
    out.dedup();
    out
}

fn is_true(m: &Module, op: OpId, key: &str) -> bool {
    m.op_attr(op, key).is_some_and(|a| matches!(m.ctx.attr_data(m.ctx.resolved_attr(a)), AttrData::Bool(true)))
}

fn raise(m: &mut Module, block: BlockId, fr: &mut Frames, f: usize, symbols: &mut SymbolTable, tf: &mut TfOps) -> Result<(), Diagnostic> {
    let members: Vec<OpId> = m.body.block_ops(block).filter(|o| fr.of.get(o) == Some(&f)).collect();
    let member_set: FxHashSet<OpId> = members.iter().copied().collect();
    let frame_name = fr.frames[f].name.clone();
    let loop_name = frame_name.strip_suffix("/while_context").unwrap_or(&frame_name).to_string();
    let first = members[0];
    let lcs: Vec<OpId> = members.iter().copied().filter(|&o| kind(m, o) == Some(Kind::LoopCond)).collect();
    if lcs.len() != 1 {
        return Err(err(m, first, format!("while loop '{}' has {} LoopCond nodes; it needs one", frame_name, lcs.len())));
    }
    let lc = lcs[0];
    let lc_val = tfg::data_results(m, lc)[0];
    let lc_in = *tfg::data_operands(m, lc).first().ok_or_else(|| err(m, lc, format!("LoopCond '{}' has no input", node(m, lc))))?;

    // The loop variables, in the order of their Enters.
    let mut vars = Vec::new();
    for &enter in members.iter().filter(|&&o| kind(m, o) == Some(Kind::Enter)) {
        if is_true(m, enter, "is_constant") {
            vars.push(Var { enter, carried: None });
            continue;
        }
        let ev = tfg::data_results(m, enter)[0];
        let merges = users(m, ev);
        let [merge] = merges[..] else {
            return Err(err(m, enter, format!("Enter '{}' of while loop '{}' must feed exactly one Merge", node(m, enter), loop_name)));
        };
        if kind(m, merge) != Some(Kind::Merge) {
            return Err(err(m, enter, format!("Enter '{}' of while loop '{}' feeds '{}', not a Merge", node(m, enter), loop_name, node(m, merge))));
        }
        let ins = tfg::data_operands(m, merge);
        let next = ins.iter().filter(|&&v| v != ev).filter_map(|&v| m.body.defining_op(v)).find(|&d| kind(m, d) == Some(Kind::NextIteration));
        let (2, Some(next)) = (ins.len(), next) else {
            return Err(err(m, merge, format!("Merge '{}' of while loop '{}' must join its Enter and one NextIteration", node(m, merge), loop_name)));
        };
        let mv = tfg::data_results(m, merge)[0];
        if m.body.has_uses(tfg::data_results(m, merge)[1]) {
            return Err(err(m, merge, format!("the value_index of Merge '{}' is used; cannot raise while loop '{}'", node(m, merge), loop_name)));
        }
        let switches: Vec<OpId> = users(m, mv)
            .into_iter()
            .filter(|&u| kind(m, u) == Some(Kind::Switch) && tfg::data_operands(m, u).get(1) == Some(&lc_val))
            .collect();
        let [switch] = switches[..] else {
            return Err(err(m, merge, format!("Merge '{}' of while loop '{}' must feed exactly one Switch on the LoopCond", node(m, merge), loop_name)));
        };
        let sf = tfg::data_results(m, switch)[0];
        let mut exits = Vec::new();
        for u in users(m, sf) {
            if kind(m, u) != Some(Kind::Exit) {
                return Err(err(m, u, format!("'{}' uses the exit output of Switch '{}' of while loop '{}' but is not an Exit", node(m, u), node(m, switch), loop_name)));
            }
            exits.push(u);
        }
        vars.push(Var { enter, carried: Some(Carried { merge, switch, next, exits }) });
    }
    let mut structural: FxHashSet<OpId> = FxHashSet::default();
    structural.insert(lc);
    let mut exits: Vec<OpId> = Vec::new();
    for v in &vars {
        structural.insert(v.enter);
        if let Some(c) = &v.carried {
            structural.extend([c.merge, c.switch, c.next]);
            exits.extend(c.exits.iter().copied());
        }
    }
    if let Some(&stray) = members.iter().find(|&&o| kind(m, o) == Some(Kind::NextIteration) && !structural.contains(&o)) {
        return Err(err(m, stray, format!("NextIteration '{}' of while loop '{}' does not feed a loop Merge", node(m, stray), loop_name)));
    }
    // Nothing outside the loop may use its nodes except through an Exit.
    let exit_set: FxHashSet<OpId> = exits.iter().copied().collect();
    for &op in &members {
        for &r in m.body.results(op) {
            if let Some(u) = m.body.uses(r).map(|u| u.op).find(|u| !member_set.contains(u) && !exit_set.contains(u)) {
                return Err(err(m, u, format!("'{}' uses '{}' of while loop '{}' without an Exit", node(m, u), node(m, op), loop_name)));
            }
        }
    }

    // The condition: what the LoopCond needs; the body: what the NextIterations need and
    // every other node of the frame.
    let closure = |m: &Module, starts: Vec<ValueId>, into: &mut FxHashSet<OpId>| {
        let mut stack = starts;
        while let Some(v) = stack.pop() {
            let Some(d) = m.body.defining_op(v) else { continue };
            if member_set.contains(&d) && !structural.contains(&d) && into.insert(d) {
                stack.extend(m.body.operands(d));
            }
        }
    };
    let mut cond_set = FxHashSet::default();
    closure(m, m.body.operands(lc).collect(), &mut cond_set);
    let mut body_set = FxHashSet::default();
    let mut starts: Vec<ValueId> = Vec::new();
    for v in vars.iter().filter_map(|v| v.carried.as_ref()) {
        starts.extend(m.body.operands(v.next));
    }
    for &e in &exits {
        starts.extend(tfg::control_operands(m, e).into_iter().filter(|&c| m.body.defining_op(c).is_some_and(|d| member_set.contains(&d))));
    }
    for &op in &members {
        if !structural.contains(&op) && !cond_set.contains(&op) {
            starts.extend(m.body.results(op).iter().copied());
        }
    }
    closure(m, starts, &mut body_set);
    let cond_members: Vec<OpId> = members.iter().copied().filter(|o| cond_set.contains(o)).collect();
    let body_members: Vec<OpId> = members.iter().copied().filter(|o| body_set.contains(o)).collect();

    let mut cond_args = Vec::new();
    let mut body_args = Vec::new();
    let mut body_results = Vec::new();
    let mut body_ctls = Vec::new();
    for v in &vars {
        let ev = tfg::data_results(m, v.enter)[0];
        let etok = tfg::control_token(m, v.enter).into_iter();
        match &v.carried {
            None => {
                let ty = m.body.value_type(ev);
                cond_args.push(ArgSource { ty, values: vec![ev], tokens: etok.clone().collect() });
                body_args.push(ArgSource { ty, values: vec![ev], tokens: etok.collect() });
                body_results.push(ev);
            }
            Some(c) => {
                let mv = tfg::data_results(m, c.merge)[0];
                let st = tfg::data_results(m, c.switch)[1];
                let ty = m.body.value_type(mv);
                let mtok = tfg::control_token(m, c.merge).into_iter();
                let stok = tfg::control_token(m, c.switch).into_iter();
                cond_args.push(ArgSource { ty, values: vec![mv], tokens: mtok.clone().chain(etok.clone()).collect() });
                body_args.push(ArgSource { ty, values: vec![st, mv], tokens: stok.chain(mtok).chain(etok).collect() });
                body_results.push(tfg::data_operands(m, c.next)[0]);
                body_ctls.extend(tfg::control_operands(m, c.next));
            }
        }
    }
    let mut outer_ctls: Vec<ValueId> = Vec::new();
    for &e in &exits {
        for c in tfg::control_operands(m, e) {
            if m.body.defining_op(c).is_some_and(|d| member_set.contains(&d)) {
                body_ctls.push(c);
            } else {
                outer_ctls.push(c);
            }
        }
    }
    let base = outline::symbol_base(&loop_name);
    let what_cond = format!("the condition of while loop '{}'", loop_name);
    let what_body = format!("the body of while loop '{}'", loop_name);
    let lc_tok: Vec<ValueId> = tfg::control_token(m, lc).into_iter().collect();
    let cond_plan = FuncPlan {
        name: format!("{}_cond", base),
        what: what_cond,
        members: &cond_members,
        args: cond_args,
        results: vec![lc_in],
        result_ctls: tfg::control_operands(m, lc).to_vec(),
        implied_ctls: vec![],
    };
    let body_plan = FuncPlan {
        name: format!("{}_body", base),
        what: what_body,
        members: &body_members,
        args: body_args,
        results: body_results,
        result_ctls: body_ctls,
        implied_ctls: lc_tok,
    };
    let stateless = cond_members.iter().chain(&body_members).all(|&o| !tf.is_stateful(m, o));
    let cond_fn = outline::build(m, symbols, &cond_plan)?;
    let body_fn = outline::build(m, symbols, &body_plan)?;
    for v in vars.iter().map(|v| v.enter) {
        outer_ctls.extend(tfg::control_operands(m, v));
    }
    outer_ctls.extend(cond_fn.outer_ctls.iter().chain(&body_fn.outer_ctls).copied());
    let mut ctls: Vec<ValueId> = Vec::new();
    for c in outer_ctls {
        if let Some(d) = m.body.defining_op(c).filter(|d| member_set.contains(d) || exit_set.contains(d)) {
            return Err(err(m, d, format!("a control edge from '{}' of while loop '{}' cannot be kept", node(m, d), loop_name)));
        }
        if !ctls.contains(&c) {
            ctls.push(c);
        }
    }

    // The While node.
    let inputs: Vec<ValueId> = vars.iter().map(|v| tfg::data_operands(m, v.enter)[0]).collect();
    let types: Vec<crate::ir::TypeId> = vars
        .iter()
        .map(|v| match &v.carried {
            Some(c) => c.exits.first().map(|&e| m.body.value_type(tfg::data_results(m, e)[0])).unwrap_or_else(|| m.body.value_type(tfg::data_results(m, c.merge)[0])),
            None => m.body.value_type(tfg::data_results(m, v.enter)[0]),
        })
        .collect();
    // T from the values themselves (a RefEnter's T is the dtype its ref value refers to).
    let t_list: Vec<crate::ir::AttrId> = inputs
        .iter()
        .map(|&v| {
            let elem = element_type(m, m.body.value_type(v));
            m.ctx.attr(AttrData::Type(elem))
        })
        .collect();
    let t_attr = m.ctx.attr(AttrData::Array(t_list));
    let empty = m.ctx.attr(AttrData::Dict(vec![]));
    let cond_ref = make_func_ref(m, &cond_fn.name, empty);
    let body_ref = make_func_ref(m, &body_fn.name, empty);
    let name = outline::unique_node_name(m, block, &loop_name);
    let parallel = m.op_attr(vars[0].enter, "parallel_iterations");
    let mut b = NodeBuilder::new(m, if stateless { "StatelessWhile" } else { "While" })
        .operands(&inputs)
        .control_operands(&ctls)
        .name(&name)
        .attr("T", t_attr)
        .attr("body", body_ref)
        .attr("cond", cond_ref);
    if let Some(p) = parallel {
        b = b.attr("parallel_iterations", p);
    }
    let w = b.results(&types).build();
    m.body.insert_op_before(first, w);
    let loc = m.body.op(lc).loc;
    m.body.op_mut(w).loc = loc;
    let results: Vec<ValueId> = tfg::data_results(m, w).to_vec();
    let wtok = tfg::control_token(m, w).expect("a node has a control token");
    for (i, v) in vars.iter().enumerate() {
        for &e in v.carried.iter().flat_map(|c| &c.exits) {
            m.body.replace_all_uses(tfg::data_results(m, e)[0], results[i]);
            if let Some(t) = tfg::control_token(m, e) {
                m.body.replace_all_uses(t, wtok);
            }
        }
    }
    erase_all(m, members.iter().chain(&exits).copied());
    for op in members.iter().chain(&exits) {
        fr.of.remove(op);
    }
    fr.of.insert(w, fr.frames[f].parent);
    Ok(())
}

/// The element type of a tensor type.
pub(super) fn element_type(m: &Module, t: crate::ir::TypeId) -> crate::ir::TypeId {
    match m.ctx.type_data(m.ctx.resolved_type(t)) {
        crate::ir::TypeData::RankedTensor { elem, .. } | crate::ir::TypeData::UnrankedTensor { elem } => *elem,
        _ => t,
    }
}

/// Erases a set of ops that may use each other (no user outside the set remains).
pub(super) fn erase_all(m: &mut Module, ops: impl Iterator<Item = OpId> + Clone) {
    for op in ops.clone() {
        m.body.set_operands(op, &[]);
    }
    for op in ops {
        m.body.erase_op(op);
    }
}
