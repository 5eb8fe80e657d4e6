//! The boundary of a conversion: which TensorFlow values become the function's arguments
//! (feeds) and results (fetches), which nodes are needed (pruning), in which order they are
//! converted (topological), and which control edges may be dropped. Everything here is
//! linear in the size of the graph: one name index, one walk back from the fetches.

use rustc_hash::{FxHashMap, FxHashSet};

use super::emitter::TfNode;
use crate::dialect::tfg;
use crate::diag::Diagnostic;
use crate::ir::{BlockId, Module, OpId, ValueId};
use crate::passes::structural::tf_ops::TfOps;

/// What to convert.
pub struct Plan {
    /// The TensorFlow values that become the function's arguments, in order.
    pub feeds: Vec<ValueId>,
    /// The TensorFlow values the function returns, in order.
    pub fetches: Vec<ValueId>,
    /// The needed nodes (fed nodes excluded), operands before users.
    pub order: Vec<TfNode>,
}

/// `node` or `node:port` → (node, port).
fn split_port(s: &str) -> (&str, usize) {
    match s.rsplit_once(':') {
        Some((n, p)) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => (n, p.parse().unwrap_or(0)),
        _ => (s, 0),
    }
}

/// The value `spec` (`name` or `name:port`) names in `block`: a data result of the node of
/// that name.
pub fn find_value(m: &Module, block: BlockId, spec: &str) -> Option<ValueId> {
    let (name, port) = split_port(spec);
    let op = m.body.block_ops(block).find(|&op| m.node_name(op).as_deref() == Some(name))?;
    tfg::data_results(m, op).get(port).copied()
}

/// Whether `op` is a `Const`, or an Identity of one (through any number of them).
fn is_constant_read(m: &Module, op: OpId) -> bool {
    let Some(&r) = tfg::data_results(m, op).first() else { return false };
    let source = super::ops::control::through_identity(m, r);
    m.body.defining_op(source).is_some_and(|def| tfg::op_type(m, def) == "Const")
}

/// Builds a node view of `op`.
pub fn node_of(m: &Module, op: OpId) -> TfNode {
    let op_type = tfg::op_type(m, op).to_string();
    TfNode {
        op,
        name: m.node_name(op).unwrap_or_else(|| op_type.clone()),
        op_type,
        inputs: tfg::data_operands(m, op).to_vec(),
        results: tfg::data_results(m, op).to_vec(),
        span: m.body.op(op).span,
    }
}

/// Computes the plan for the body `block` of `target` (a `tfg.graph` or `tfg.func`).
pub fn plan(m: &Module, target: OpId, block: BlockId, feeds: &[String], fetches: &[String]) -> Result<Plan, Vec<Diagnostic>> {
    let is_func = m.op_name(target) == "tfg.func";
    let span = m.body.op(target).span;
    let ops: Vec<OpId> = m.body.block_ops(block).collect();
    let terminator = ops.last().copied().filter(|&t| m.op_name(t) == "tfg.return");
    let mut by_name: FxHashMap<String, OpId> = FxHashMap::default();
    for &op in &ops {
        if Some(op) != terminator {
            if let Some(n) = m.node_name(op) {
                by_name.insert(n, op);
            }
        }
    }
    let mut errors = Vec::new();
    let lookup = |s: &str, what: &str, errors: &mut Vec<Diagnostic>| -> Option<ValueId> {
        let (name, port) = split_port(s);
        let Some(&op) = by_name.get(name) else {
            errors.push(Diagnostic::error(span, format!("convert-tf-to-torch: no node named '{}' (in {} '{}')", name, what, s)));
            return None;
        };
        match tfg::data_results(m, op).get(port) {
            Some(&v) => Some(v),
            None => {
                errors.push(Diagnostic::error(
                    m.body.op(op).span,
                    format!("convert-tf-to-torch: node '{}' has no data result {} (in {} '{}')", name, port, what, s),
                ));
                None
            }
        }
    };

    // Feeds.
    let feed_values: Vec<ValueId> = if !feeds.is_empty() {
        feeds.iter().filter_map(|f| lookup(f, "feeds", &mut errors)).collect()
    } else if is_func {
        m.body.block(block).args.iter().copied().filter(|&a| !tfg::is_control(m, a)).collect()
    } else {
        // A Placeholder nothing reads is no input: TensorFlow's freezer leaves one per input
        // of lowered control flow it dropped (`unused_control_flow_input_N`).
        ops.iter()
            .filter(|&&op| tfg::op_type(m, op) == "Placeholder" && m.body.op_has_uses(op))
            .filter_map(|&op| tfg::data_results(m, op).first().copied())
            .collect()
    };

    // Fetches.
    let fetch_values: Vec<ValueId> = if !fetches.is_empty() {
        fetches.iter().filter_map(|f| lookup(f, "fetches", &mut errors)).collect()
    } else if let (true, Some(t)) = (is_func, terminator) {
        tfg::data_operands(m, t).to_vec()
    } else {
        let fed: FxHashSet<ValueId> = feed_values.iter().copied().collect();
        // The first data result of every node none of whose data results is used (a
        // Placeholder nothing reads is no output either).
        let sinks: Vec<OpId> = ops
            .iter()
            .copied()
            .filter(|&op| Some(op) != terminator && tfg::op_type(m, op) != "Placeholder")
            .filter(|&op| !tfg::data_results(m, op).iter().any(|&v| m.body.has_uses(v)))
            .filter(|&op| tfg::data_results(m, op).first().is_some_and(|v| !fed.contains(v)))
            .collect();
        // Nor is a constant nothing reads, when something else is: TensorFlow's freezer
        // leaves a `ReadVariableOp` (an Identity of the frozen Const) of each variable that a
        // lowered loop reads through `Enter`.
        let computed: Vec<OpId> = sinks.iter().copied().filter(|&op| !is_constant_read(m, op)).collect();
        let sinks = if computed.is_empty() { sinks } else { computed };
        sinks.iter().filter_map(|&op| tfg::data_results(m, op).first().copied()).collect()
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    if fetch_values.is_empty() {
        return Err(vec![Diagnostic::error(span, "convert-tf-to-torch: nothing to fetch (give fetches=node or node:port)")]);
    }

    // The needed nodes, in post order (operands first), by an explicit stack.
    let fed: FxHashSet<ValueId> = feed_values.iter().copied().collect();
    let reg = crate::namespace::global().read().map_err(|_| vec![Diagnostic::error_nowhere("namespace registry is poisoned")])?;
    let mut tf = TfOps::new(&reg);
    let mut state: FxHashMap<OpId, bool> = FxHashMap::default(); // false: on the stack, true: done
    let mut order: Vec<TfNode> = Vec::new();
    let mut stack: Vec<(OpId, usize)> = Vec::new();
    for &f in &fetch_values {
        if fed.contains(&f) {
            continue;
        }
        let Some(root) = m.body.defining_op(f) else { continue };
        if state.contains_key(&root) {
            continue;
        }
        state.insert(root, false);
        stack.push((root, 0));
        while let Some(&(op, i)) = stack.last() {
            // One operand per step, read in place: linear in the number of edges.
            let operand = (i < m.body.num_operands(op)).then(|| m.body.operand(op, i)).filter(|&v| !tfg::is_control(m, v));
            if let Some(v) = operand {
                stack.last_mut().expect("non-empty").1 += 1;
                if fed.contains(&v) {
                    continue;
                }
                let Some(def) = m.body.defining_op(v) else {
                    // A block argument that is not fed.
                    errors.push(Diagnostic::error(
                        m.body.op(op).span,
                        format!("convert-tf-to-torch: node '{}' uses a function argument that is not fed", node_of(m, op).name),
                    ));
                    continue;
                };
                match state.get(&def) {
                    Some(false) => errors.push(Diagnostic::error(
                        m.body.op(def).span,
                        format!("convert-tf-to-torch: node '{}' is in a cycle", node_of(m, def).name),
                    )),
                    Some(true) => {}
                    None => {
                        state.insert(def, false);
                        stack.push((def, 0));
                    }
                }
                continue;
            }
            stack.pop();
            state.insert(op, true);
            // Control edges order nothing here unless one end is stateful.
            for c in tfg::control_operands(m, op) {
                let Some(src) = m.body.defining_op(c) else { continue };
                if tf.is_stateful(m, src) || tf.is_stateful(m, op) {
                    let (a, b) = (node_of(m, src).name, node_of(m, op).name);
                    errors.push(Diagnostic::error(
                        m.body.op(op).span,
                        format!(
                            "convert-tf-to-torch: the control edge from '{}' to '{}' orders a stateful op; torch value semantics cannot keep it",
                            a, b
                        ),
                    ));
                }
            }
            order.push(node_of(m, op));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Plan { feeds: feed_values, fetches: fetch_values, order })
}
