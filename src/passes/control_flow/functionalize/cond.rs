//! TF1 conditionals raised to `If`/`StatelessIf` (TensorFlow's functionalize_cond.cc, its
//! branch-state analysis simplified to what `tf.compat.v1.cond` and friends build), and the
//! N-way `_SwitchN` conditionals TensorFlow's lowering of `Case` writes raised back to
//! `Case`/`StatelessCase`.
//!
//! Every value gets a *state*: the predicates (followed through `Identity`) of the switches
//! it depends on, each with the branch taken. A `Switch` puts its first output in branch 0
//! (false) and its second in branch 1 (true) of its predicate; `_SwitchN` its output k in
//! branch k of its index; a `Merge` of values whose states differ only in the branch of one
//! predicate, one input per branch, has their common state; any other node has the union of
//! its inputs' states (data and control). A conditional is then the switches on a predicate
//! `p` whose inputs are in a state `S`, the nodes in `S + {p: k}` for each branch k, and the
//! `Merge`s joining them; it becomes `If(p, switch inputs...)` (then: branch 1, else:
//! branch 0) or `Case(p, switch inputs...)`, with one result per `Merge`. Conditionals are
//! raised innermost first (largest `S`), the analysis redone after each.

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

/// Predicates and the branch taken of each, sorted by predicate.
type State = Vec<(ValueId, u32)>;

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
    /// The number of branches of each predicate (2 for a Switch, `num_outs` for _SwitchN).
    arity: FxHashMap<ValueId, u32>,
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
    let mut a = Analysis { state: FxHashMap::default(), merges: Vec::new(), arity: FxHashMap::default() };
    for op in topo(m, block)? {
        let ins: Vec<State> = m.body.operands(op).map(|v| a.of(v)).collect();
        match kind(m, op) {
            Some(Kind::Switch | Kind::SwitchN) => {
                let base = join(m, op, &ins)?;
                let Some(&p) = tfg::data_operands(m, op).get(1) else { return Err(err(m, op, format!("Switch '{}' has no predicate", node(m, op)))) };
                let p = pred_root(m, p);
                if base.iter().any(|e| e.0 == p) {
                    return Err(err(m, op, format!("Switch '{}' tests a predicate its inputs already depend on", node(m, op))));
                }
                let data = tfg::data_results(m, op);
                let n = data.len() as u32;
                if *a.arity.entry(p).or_insert(n) != n {
                    return Err(err(m, op, format!("Switch '{}' has {} outputs but another switch on its predicate has {}", node(m, op), n, a.arity[&p])));
                }
                for (i, &r) in data.iter().enumerate() {
                    a.state.insert(r, with(&base, p, i as u32));
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
                let branches: FxHashSet<u32> = diffs.iter().flatten().map(|e| e.1).collect();
                let raisable = diffs.iter().all(|d| d.len() == 1)
                    && preds.len() == 1
                    && branches.len() == n
                    && preds.iter().all(|p| a.arity.get(p) == Some(&(n as u32)));
                if raisable {
                    a.merges.push((op, common.clone(), diffs[0][0].0));
                } else if data_states.iter().any(|s| !s.is_empty()) {
                    return Err(err(m, op, format!("Merge '{}' does not join the branches of one Switch predicate, one input each; cannot raise it", node(m, op))));
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
        if !m.body.block_ops(block).any(|o| matches!(kind(m, o), Some(Kind::Switch | Kind::SwitchN | Kind::Merge))) {
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

fn with(s: &State, p: ValueId, b: u32) -> State {
    let mut x = s.clone();
    x.push((p, b));
    x.sort_by_key(|e| e.0);
    x
}

#[allow(clippy::too_many_arguments)]
fn raise(m: &mut Module, block: BlockId, a: &Analysis, s: &State, p: ValueId, symbols: &mut SymbolTable, tf: &mut TfOps) -> Result<(), Diagnostic> {
    let n = a.arity[&p];
    let branch_s: Vec<State> = (0..n).map(|b| with(s, p, b)).collect();
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
        .filter(|&o| {
            matches!(kind(m, o), Some(Kind::Switch | Kind::SwitchN))
                && tfg::data_operands(m, o).get(1).is_some_and(|&q| pred_root(m, q) == p)
                && &op_state(o) == s
        })
        .collect();
    let merge_set: FxHashSet<OpId> = merges.iter().copied().collect();
    let switch_set: FxHashSet<OpId> = switches.iter().copied().collect();
    let rest = |o: &OpId| !merge_set.contains(o) && !switch_set.contains(o) && !crate::dialect::traits::is_intrinsic(m.op_name(*o));
    let members: Vec<Vec<OpId>> = branch_s.iter().map(|bs| ops.iter().copied().filter(|o| rest(o) && contains(&op_state(*o), bs)).collect()).collect();
    let first_merge = merges[0];
    let merge_name = node(m, first_merge);
    let is_case = switches.iter().any(|&o| kind(m, o) == Some(Kind::SwitchN));
    // The conditional's name: the name scope its Merges and switches share.
    let names: Vec<String> = merges.iter().chain(&switches).map(|&o| node(m, o)).collect();
    let mut scope: Vec<&str> = names[0].split('/').collect();
    scope.pop();
    for other in &names[1..] {
        let parts: Vec<&str> = other.split('/').collect();
        let k = scope.iter().zip(&parts).take_while(|(a, b)| a == b).count().min(parts.len().saturating_sub(1));
        scope.truncate(k);
    }
    let cond_name = if scope.is_empty() { format!("{}_{}", merge_name, if is_case { "case" } else { "if" }) } else { scope.join("/") };
    let what = if is_case { "case" } else { "conditional" };

    // Nothing outside may use the branches but the Merges.
    let inside: FxHashSet<OpId> = members.iter().flatten().chain(&switches).copied().collect();
    for &op in &inside {
        for &r in m.body.results(op) {
            if let Some(u) = m.body.uses(r).map(|u| u.op).find(|u| !inside.contains(u) && !merge_set.contains(u)) {
                return Err(err(m, u, format!("'{}' uses '{}' of {} '{}' without a Merge", node(m, u), node(m, op), what, cond_name)));
            }
        }
    }

    // One argument per distinct switch input; branch b gets each switch's output b.
    let mut inputs: Vec<ValueId> = Vec::new();
    let mut tin: Vec<AttrId> = Vec::new();
    let mut args: Vec<Vec<ArgSource>> = (0..n).map(|_| Vec::new()).collect();
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
                let e = element_type(m, ty);
                tin.push(m.ctx.attr(AttrData::Type(e)));
                for b in args.iter_mut() {
                    b.push(ArgSource { ty, values: vec![], tokens: vec![] });
                }
                inputs.len() - 1
            }
        };
        for (b, branch) in args.iter_mut().enumerate() {
            branch[i].values.push(r[b]);
            branch[i].tokens.extend(tok.iter().copied());
        }
    }
    let mut res: Vec<Vec<ValueId>> = (0..n).map(|_| Vec::new()).collect();
    let mut res_ctls: Vec<Vec<ValueId>> = (0..n).map(|_| Vec::new()).collect();
    let mut tout: Vec<AttrId> = Vec::new();
    let mut types: Vec<TypeId> = Vec::new();
    for &mg in &merges {
        if m.body.has_uses(tfg::data_results(m, mg)[1]) {
            return Err(err(m, mg, format!("the value_index of Merge '{}' is used; cannot raise {} '{}'", node(m, mg), what, cond_name)));
        }
        let ins = tfg::data_operands(m, mg);
        for (b, bs) in branch_s.iter().enumerate() {
            let Some(v) = ins.iter().copied().find(|&v| contains(&a.of(v), bs)) else {
                return Err(err(m, mg, format!("Merge '{}' does not join every branch of {} '{}'", node(m, mg), what, cond_name)));
            };
            res[b].push(v);
        }
        for c in tfg::control_operands(m, mg) {
            let cs = a.of(c);
            match branch_s.iter().position(|bs| contains(&cs, bs)) {
                Some(b) => res_ctls[b].push(c),
                None => outer_ctls.push(c),
            }
        }
        let out = tfg::data_results(m, mg)[0];
        let ty = m.body.value_type(out);
        types.push(ty);
        let e = element_type(m, ty);
        tout.push(m.ctx.attr(AttrData::Type(e)));
    }

    let base = outline::symbol_base(&cond_name);
    let stateless = members.iter().flatten().all(|&o| !tf.is_stateful(m, o));
    // Built in the order TensorFlow lists them: then before else; branch 0 first.
    let order: Vec<usize> = if is_case { (0..n as usize).collect() } else { vec![1, 0] };
    let mut funcs: Vec<String> = vec![String::new(); n as usize];
    for b in order {
        let (suffix, label) = match (is_case, b) {
            (false, 0) => ("else".to_string(), "false branch".to_string()),
            (false, _) => ("then".to_string(), "true branch".to_string()),
            (true, _) => (format!("branch{}", b), format!("branch {}", b)),
        };
        let plan = FuncPlan {
            name: format!("{}_{}", base, suffix),
            what: format!("the {} of {} '{}'", label, what, cond_name),
            members: &members[b],
            args: std::mem::take(&mut args[b]),
            results: std::mem::take(&mut res[b]),
            result_ctls: std::mem::take(&mut res_ctls[b]),
            implied_ctls: vec![],
        };
        let built = outline::build(m, symbols, &plan)?;
        outer_ctls.extend(built.outer_ctls.iter().copied());
        funcs[b] = built.name;
    }
    let gone: FxHashSet<OpId> = inside.iter().chain(&merges).copied().collect();
    let mut ctls: Vec<ValueId> = Vec::new();
    for c in outer_ctls {
        if let Some(d) = m.body.defining_op(c).filter(|d| gone.contains(d)) {
            return Err(err(m, d, format!("a control edge from '{}' of {} '{}' cannot be kept", node(m, d), what, cond_name)));
        }
        if !ctls.contains(&c) {
            ctls.push(c);
        }
    }

    let tin = m.ctx.attr(AttrData::Array(tin));
    let tout = m.ctx.attr(AttrData::Array(tout));
    let empty = m.ctx.attr(AttrData::Dict(vec![]));
    let refs: Vec<AttrId> = funcs.iter().map(|f| make_func_ref(m, f, empty)).collect();
    let name = outline::unique_node_name(m, block, &cond_name);
    let mut operands = vec![p];
    operands.extend(inputs);
    let node_op = if is_case {
        let branches = m.ctx.attr(AttrData::Array(refs));
        NodeBuilder::new(m, if stateless { "StatelessCase" } else { "Case" })
            .operands(&operands)
            .control_operands(&ctls)
            .name(&name)
            .attr("Tin", tin)
            .attr("Tout", tout)
            .attr("branches", branches)
            .results(&types)
            .build()
    } else {
        let pty = element_type(m, m.body.value_type(p));
        let tcond = m.ctx.attr(AttrData::Type(pty));
        NodeBuilder::new(m, if stateless { "StatelessIf" } else { "If" })
            .operands(&operands)
            .control_operands(&ctls)
            .name(&name)
            .attr("Tcond", tcond)
            .attr("Tin", tin)
            .attr("Tout", tout)
            .attr("else_branch", refs[0])
            .attr("then_branch", refs[1])
            .results(&types)
            .build()
    };
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
    // Identities that only fed the switches (TensorFlow's `pred_id`) go with them, so they
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
