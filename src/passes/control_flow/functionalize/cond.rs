//! TF1 conditionals raised to `If`/`StatelessIf` (TensorFlow's functionalize_cond.cc, its
//! branch-state analysis simplified to what `tf.compat.v1.cond` and friends build).
//!
//! Every value gets a *state*: the predicates (followed through `Identity`) and polarities
//! of the `Switch`es it depends on. A `Switch` adds `pred: false` to its first output and
//! `pred: true` to its second; a `Merge` of values whose states differ only in one
//! predicate's polarity has their common state; any other node has the union of its
//! inputs' states (data and control). A conditional is then the `Switch`es on a predicate
//! `p` whose inputs are in a state `S`, the nodes in `S + {p: true}` (then) and
//! `S + {p: false}` (else), and the `Merge`s joining them; it becomes
//! `If(p, switch inputs...)` with one result per `Merge`. Conditionals are raised innermost
//! first (largest `S`), the analysis redone after each.

use rustc_hash::{FxHashMap, FxHashSet};

use super::frames::node;
use super::outline::{self, ArgSource, FuncPlan};
use super::while_loop::{element_type, erase_all};
use super::{kind, Kind};
use crate::dialect::tfg::{self, NodeBuilder};
use crate::diag::Diagnostic;
use crate::ir::{AttrData, AttrId, BlockId, Module, OpId, TypeId, ValueId};
use crate::passes::control_flow::common::{make_func_ref, SymbolTable};
use crate::passes::structural::tf_ops::TfOps;

/// Predicates and polarities, sorted by predicate.
type State = Vec<(ValueId, bool)>;

fn err(m: &Module, op: OpId, msg: String) -> Diagnostic {
    Diagnostic::error(m.body.op(op).span, format!("tfg-functionalize-control-flow: {}", msg))
}

/// The predicate a `Switch` tests: its operand followed back through `Identity`s.
fn pred_root(m: &Module, mut v: ValueId) -> ValueId {
    while let Some(d) = m.body.defining_op(v) {
        if tfg::op_type(m, d) != "Identity" {
            break;
        }
        match tfg::data_operands(m, d).first() {
            Some(&x) => v = x,
            None => break,
        }
    }
    v
}

/// Whether `sub` is contained in `sup`.
fn contains(sup: &State, sub: &State) -> bool {
    sub.iter().all(|e| sup.contains(e))
}

struct Analysis {
    state: FxHashMap<ValueId, State>,
    /// Each raisable Merge: its common state and predicate.
    merges: Vec<(OpId, State, ValueId)>,
}

impl Analysis {
    fn of(&self, v: ValueId) -> State {
        self.state.get(&v).cloned().unwrap_or_default()
    }
}

fn join(m: &Module, op: OpId, states: &[State]) -> Result<State, Diagnostic> {
    let mut out: State = Vec::new();
    for s in states {
        for &(p, b) in s {
            match out.iter().find(|e| e.0 == p) {
                Some(&(_, b2)) if b2 != b => {
                    let pn = m.body.defining_op(p).map(|d| node(m, d)).unwrap_or_else(|| "an argument".into());
                    return Err(err(m, op, format!("node '{}' is fed by both branches of the conditional on '{}'", node(m, op), pn)));
                }
                Some(_) => {}
                None => out.push((p, b)),
            }
        }
    }
    out.sort_by_key(|e| e.0);
    Ok(out)
}

/// The ops of `block` in an order where each comes after its operands' producers.
fn topo(m: &Module, block: BlockId) -> Result<Vec<OpId>, Diagnostic> {
    let ops: Vec<OpId> = m.body.block_ops(block).collect();
    let mut state: FxHashMap<OpId, bool> = FxHashMap::default();
    let mut out = Vec::with_capacity(ops.len());
    for &root in &ops {
        if state.contains_key(&root) {
            continue;
        }
        let mut stack = vec![(root, 0usize)];
        state.insert(root, false);
        while let Some(&mut (op, ref mut i)) = stack.last_mut() {
            if let Some(v) = m.body.operands(op).nth(*i) {
                *i += 1;
                let Some(d) = m.body.defining_op(v).filter(|d| m.body.parent_block(*d) == Some(block)) else { continue };
                match state.get(&d) {
                    Some(false) => return Err(err(m, d, format!("node '{}' is in a cycle that is not a while loop", node(m, d)))),
                    Some(true) => {}
                    None => {
                        state.insert(d, false);
                        stack.push((d, 0));
                    }
                }
                continue;
            }
            stack.pop();
            state.insert(op, true);
            out.push(op);
        }
    }
    Ok(out)
}

fn analyze(m: &Module, block: BlockId) -> Result<Analysis, Diagnostic> {
    let mut a = Analysis { state: FxHashMap::default(), merges: Vec::new() };
    for op in topo(m, block)? {
        let ins: Vec<State> = m.body.operands(op).map(|v| a.of(v)).collect();
        match kind(m, op) {
            Some(Kind::Switch) => {
                let base = join(m, op, &ins)?;
                let Some(&p) = tfg::data_operands(m, op).get(1) else { return Err(err(m, op, format!("Switch '{}' has no predicate", node(m, op)))) };
                let p = pred_root(m, p);
                if base.iter().any(|e| e.0 == p) {
                    return Err(err(m, op, format!("Switch '{}' tests a predicate its inputs already depend on", node(m, op))));
                }
                let data = tfg::data_results(m, op);
                for (i, &r) in data.iter().enumerate() {
                    let mut s = base.clone();
                    s.push((p, i == 1));
                    s.sort_by_key(|e| e.0);
                    a.state.insert(r, s);
                }
                if let Some(t) = tfg::control_token(m, op) {
                    a.state.insert(t, base);
                }
            }
            Some(Kind::Merge) => {
                let n = tfg::num_data_operands(m, op);
                let data_states = &ins[..n];
                let mut common: State = data_states.first().cloned().unwrap_or_default();
                common.retain(|e| data_states.iter().all(|s| s.contains(e)));
                let diffs: Vec<State> = data_states.iter().map(|s| s.iter().copied().filter(|e| !common.contains(e)).collect()).collect();
                let preds: FxHashSet<ValueId> = diffs.iter().flatten().map(|e| e.0).collect();
                let raisable = n == 2 && diffs.iter().all(|d| d.len() == 1) && preds.len() == 1 && diffs[0][0].1 != diffs[1][0].1;
                if raisable {
                    a.merges.push((op, common.clone(), diffs[0][0].0));
                } else if data_states.iter().any(|s| !s.is_empty()) {
                    return Err(err(m, op, format!("Merge '{}' does not join the two branches of one Switch predicate; cannot raise it", node(m, op))));
                }
                for &r in m.body.results(op) {
                    a.state.insert(r, common.clone());
                }
            }
            _ => {
                let s = join(m, op, &ins)?;
                for &r in m.body.results(op) {
                    a.state.insert(r, s.clone());
                }
            }
        }
    }
    Ok(a)
}

/// Raises every conditional of `block`, innermost first; returns how many.
pub fn raise_all(m: &mut Module, block: BlockId, symbols: &mut SymbolTable, tf: &mut TfOps) -> Result<usize, Vec<Diagnostic>> {
    let mut count = 0;
    loop {
        if !m.body.block_ops(block).any(|o| matches!(kind(m, o), Some(Kind::Switch | Kind::Merge))) {
            return Ok(count);
        }
        let a = analyze(m, block).map_err(|d| vec![d])?;
        let Some(deepest) = a.merges.iter().max_by_key(|x| x.1.len()).map(|x| (x.1.clone(), x.2)) else {
            return Ok(count);
        };
        // The first Merge of the deepest level in block order picks the conditional.
        let (s, p) = a.merges.iter().find(|x| x.1.len() == deepest.0.len()).map(|x| (x.1.clone(), x.2)).unwrap_or(deepest);
        raise(m, block, &a, &s, p, symbols, tf).map_err(|d| vec![d])?;
        count += 1;
    }
}

fn with(s: &State, p: ValueId, b: bool) -> State {
    let mut x = s.clone();
    x.push((p, b));
    x.sort_by_key(|e| e.0);
    x
}

#[allow(clippy::too_many_arguments)]
fn raise(m: &mut Module, block: BlockId, a: &Analysis, s: &State, p: ValueId, symbols: &mut SymbolTable, tf: &mut TfOps) -> Result<(), Diagnostic> {
    let then_s = with(s, p, true);
    let else_s = with(s, p, false);
    let ops: Vec<OpId> = m.body.block_ops(block).collect();
    let op_state = |op: OpId| -> State {
        match tfg::control_token(m, op).or_else(|| m.body.results(op).first().copied()) {
            Some(v) => a.of(v),
            None => m.body.operands(op).next().map(|v| a.of(v)).unwrap_or_default(),
        }
    };
    let merges: Vec<OpId> = a.merges.iter().filter(|x| &x.1 == s && x.2 == p).map(|x| x.0).collect();
    let switches: Vec<OpId> = ops
        .iter()
        .copied()
        .filter(|&o| kind(m, o) == Some(Kind::Switch) && tfg::data_operands(m, o).get(1).is_some_and(|&q| pred_root(m, q) == p) && &op_state(o) == s)
        .collect();
    let merge_set: FxHashSet<OpId> = merges.iter().copied().collect();
    let switch_set: FxHashSet<OpId> = switches.iter().copied().collect();
    let rest = |o: &OpId| !merge_set.contains(o) && !switch_set.contains(o) && !tfg::STRUCTURAL_OPS.contains(&m.op_name(*o));
    let then_members: Vec<OpId> = ops.iter().copied().filter(|o| rest(o) && contains(&op_state(*o), &then_s)).collect();
    let else_members: Vec<OpId> = ops.iter().copied().filter(|o| rest(o) && contains(&op_state(*o), &else_s)).collect();
    let first_merge = merges[0];
    let merge_name = node(m, first_merge);
    let cond_name = match merge_name.rfind('/') {
        Some(i) => merge_name[..i].to_string(),
        None => format!("{}_if", merge_name),
    };

    // Nothing outside may use the branches but the Merges.
    let inside: FxHashSet<OpId> = then_members.iter().chain(&else_members).chain(&switches).copied().collect();
    for &op in &inside {
        for &r in m.body.results(op) {
            if let Some(u) = m.body.uses(r).map(|u| u.op).find(|u| !inside.contains(u) && !merge_set.contains(u)) {
                return Err(err(m, u, format!("'{}' uses '{}' of conditional '{}' without a Merge", node(m, u), node(m, op), cond_name)));
            }
        }
    }

    // One argument per distinct Switch input.
    let mut inputs: Vec<ValueId> = Vec::new();
    let mut tin: Vec<AttrId> = Vec::new();
    let mut then_args: Vec<ArgSource> = Vec::new();
    let mut else_args: Vec<ArgSource> = Vec::new();
    let mut outer_ctls: Vec<ValueId> = Vec::new();
    for &sw in &switches {
        let x = tfg::data_operands(m, sw)[0];
        let r = tfg::data_results(m, sw).to_vec();
        let tok: Vec<ValueId> = tfg::control_token(m, sw).into_iter().collect();
        outer_ctls.extend(tfg::control_operands(m, sw));
        let i = match inputs.iter().position(|&v| v == x) {
            Some(i) => i,
            None => {
                inputs.push(x);
                let ty = m.body.value_type(x);
                let t = match m.op_attr(sw, "T") {
                    Some(t) => t,
                    None => {
                        let e = element_type(m, ty);
                        m.ctx.attr(AttrData::Type(e))
                    }
                };
                tin.push(t);
                then_args.push(ArgSource { ty, values: vec![], tokens: vec![] });
                else_args.push(ArgSource { ty, values: vec![], tokens: vec![] });
                inputs.len() - 1
            }
        };
        else_args[i].values.push(r[0]);
        then_args[i].values.push(r[1]);
        else_args[i].tokens.extend(tok.iter().copied());
        then_args[i].tokens.extend(tok);
    }
    let mut then_res = Vec::new();
    let mut else_res = Vec::new();
    let mut then_ctls = Vec::new();
    let mut else_ctls = Vec::new();
    let mut tout: Vec<AttrId> = Vec::new();
    let mut types: Vec<TypeId> = Vec::new();
    for &mg in &merges {
        if m.body.has_uses(tfg::data_results(m, mg)[1]) {
            return Err(err(m, mg, format!("the value_index of Merge '{}' is used; cannot raise conditional '{}'", node(m, mg), cond_name)));
        }
        let ins = tfg::data_operands(m, mg);
        let pick = |b: &State| ins.iter().copied().find(|&v| contains(&a.of(v), b));
        let (Some(t), Some(e)) = (pick(&then_s), pick(&else_s)) else {
            return Err(err(m, mg, format!("Merge '{}' does not join both branches of conditional '{}'", node(m, mg), cond_name)));
        };
        then_res.push(t);
        else_res.push(e);
        for c in tfg::control_operands(m, mg) {
            let cs = a.of(c);
            if contains(&cs, &then_s) {
                then_ctls.push(c);
            } else if contains(&cs, &else_s) {
                else_ctls.push(c);
            } else {
                outer_ctls.push(c);
            }
        }
        let out = tfg::data_results(m, mg)[0];
        let ty = m.body.value_type(out);
        types.push(ty);
        let t = match m.op_attr(mg, "T") {
            Some(t) => t,
            None => {
                let e = element_type(m, ty);
                m.ctx.attr(AttrData::Type(e))
            }
        };
        tout.push(t);
    }

    let base = outline::symbol_base(&cond_name);
    let then_plan = FuncPlan {
        name: format!("{}_then", base),
        what: format!("the true branch of conditional '{}'", cond_name),
        members: &then_members,
        args: then_args,
        results: then_res,
        result_ctls: then_ctls,
        implied_ctls: vec![],
    };
    let else_plan = FuncPlan {
        name: format!("{}_else", base),
        what: format!("the false branch of conditional '{}'", cond_name),
        members: &else_members,
        args: else_args,
        results: else_res,
        result_ctls: else_ctls,
        implied_ctls: vec![],
    };
    let stateless = then_members.iter().chain(&else_members).all(|&o| !tf.is_stateful(m, o));
    let then_fn = outline::build(m, symbols, &then_plan)?;
    let else_fn = outline::build(m, symbols, &else_plan)?;
    outer_ctls.extend(then_fn.outer_ctls.iter().chain(&else_fn.outer_ctls).copied());
    let gone: FxHashSet<OpId> = inside.iter().chain(&merges).copied().collect();
    let mut ctls: Vec<ValueId> = Vec::new();
    for c in outer_ctls {
        if let Some(d) = m.body.defining_op(c).filter(|d| gone.contains(d)) {
            return Err(err(m, d, format!("a control edge from '{}' of conditional '{}' cannot be kept", node(m, d), cond_name)));
        }
        if !ctls.contains(&c) {
            ctls.push(c);
        }
    }

    let pty = element_type(m, m.body.value_type(p));
    let tcond = m.ctx.attr(AttrData::Type(pty));
    let tin = m.ctx.attr(AttrData::Array(tin));
    let tout = m.ctx.attr(AttrData::Array(tout));
    let empty = m.ctx.attr(AttrData::Dict(vec![]));
    let then_ref = make_func_ref(m, &then_fn.name, empty);
    let else_ref = make_func_ref(m, &else_fn.name, empty);
    let name = outline::unique_node_name(m, block, &cond_name);
    let mut operands = vec![p];
    operands.extend(inputs);
    let node_op = NodeBuilder::new(m, if stateless { "StatelessIf" } else { "If" })
        .operands(&operands)
        .control_operands(&ctls)
        .name(&name)
        .attr("Tcond", tcond)
        .attr("Tin", tin)
        .attr("Tout", tout)
        .attr("else_branch", else_ref)
        .attr("then_branch", then_ref)
        .results(&types)
        .build();
    m.body.insert_op_before(first_merge, node_op);
    let loc = m.body.op(first_merge).loc;
    m.body.op_mut(node_op).loc = loc;
    let results: Vec<ValueId> = tfg::data_results(m, node_op).to_vec();
    let tok = tfg::control_token(m, node_op).expect("a node has a control token");
    for (i, &mg) in merges.iter().enumerate() {
        m.body.replace_all_uses(tfg::data_results(m, mg)[0], results[i]);
        if let Some(t) = tfg::control_token(m, mg) {
            m.body.replace_all_uses(t, tok);
        }
    }
    let gone_list: Vec<OpId> = ops.iter().copied().filter(|o| gone.contains(o)).collect();
    // Identities that only fed the Switches (TensorFlow's `pred_id`) go with them, so they
    // do not become fetches of their own.
    let mut fed: Vec<OpId> = gone_list.iter().flat_map(|&o| m.body.operands(o).collect::<Vec<_>>()).filter_map(|v| m.body.defining_op(v)).filter(|d| !gone.contains(d)).collect();
    erase_all(m, gone_list.into_iter());
    while let Some(d) = fed.pop() {
        if m.body.is_erased(d) || tfg::op_type(m, d) != "Identity" || m.body.results(d).iter().any(|&r| m.body.has_uses(r)) {
            continue;
        }
        fed.extend(m.body.operands(d).filter_map(|v| m.body.defining_op(v)));
        m.body.erase_op(d);
    }
    Ok(())
}
