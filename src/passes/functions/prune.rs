//! `tfg-prune{fetches=..}` (amanda-opt's own pass): pruning a graph to what its fetches
//! need, as TensorFlow does before running a graph (`PruneForTargets` in
//! graph/subgraph.cc, Grappler's `ComputeTransitiveFanin`): a node is kept when a fetch
//! needs it transitively through data or control edges; everything else goes. Like
//! TensorFlow, a stateful node nobody fetches is pruned too (it would not run).
//!
//! * `tfg.graph`: the roots are the nodes named in `fetches` (`name`, `name:port` and
//!   `^name` all name the node); with no fetches given, graphs are left alone.
//! * `tfg.func`: the roots are the `tfg.return` (its data and control operands) and the
//!   nodes named in `fetches`.
//!
//! A region op (IfRegion, WhileRegion, ...) is kept whole, and what the ops in its regions
//! use from outside counts as needed by it.

use rustc_hash::FxHashSet;

use crate::diag::Diagnostic;
use crate::ir::{BlockId, Module, OpId};
use crate::passes::{PassContext, PassTarget};

pub struct Prune {
    pub fetches: Vec<String>,
}

impl crate::passes::Pass for Prune {
    fn run(&self, m: &mut Module, _t: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        let names: FxHashSet<String> = self.fetches.iter().map(|f| fetch_node(f).to_string()).collect();
        for op in m.body.block_ops(m.root_block()).collect::<Vec<_>>() {
            let is_func = match m.op_name(op) {
                "tfg.graph" if !names.is_empty() => false,
                "tfg.func" => true,
                _ => continue,
            };
            let Some(block) = crate::dialect::tfg::body_block(m, op) else { continue };
            let erased = prune_block(m, block, &names, is_func);
            if erased > 0 {
                cx.stat("pruned-nodes", "Number of nodes pruned", erased as u64);
                cx.mark_changed();
            }
        }
        Ok(())
    }
}

/// The node a fetch names: `a`, `a:0` and `^a` all name `a`.
pub fn fetch_node(fetch: &str) -> &str {
    let f = fetch.strip_prefix('^').unwrap_or(fetch);
    match f.rsplit_once(':') {
        Some((node, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => node,
        _ => f,
    }
}

/// Erases the ops of `block` that no root needs; returns how many went.
fn prune_block(m: &mut Module, block: BlockId, names: &FxHashSet<String>, keep_terminator: bool) -> usize {
    let ops: Vec<OpId> = m.body.block_ops(block).collect();
    let terminator = m.body.last_op(block).filter(|&t| keep_terminator && m.op_name(t) == "tfg.return");
    let mut keep: FxHashSet<OpId> = FxHashSet::default();
    let mut stack: Vec<OpId> = Vec::new();
    for &op in &ops {
        let named = m.node_name(op).is_some_and(|n| names.contains(&n));
        if (named || Some(op) == terminator) && keep.insert(op) {
            stack.push(op);
        }
    }
    while let Some(op) = stack.pop() {
        let mut needed = Vec::new();
        m.body.walk(op, |o| needed.extend(m.body.operands(o)));
        for v in needed {
            // The top-level op of `block` that defines `v` (nested definitions belong to
            // their region op, block arguments to nobody).
            let Some(mut def) = m.body.defining_op(v) else { continue };
            while m.body.parent_block(def) != Some(block) {
                match m.body.parent_op(def) {
                    Some(p) => def = p,
                    None => break,
                }
            }
            if m.body.parent_block(def) == Some(block) && keep.insert(def) {
                stack.push(def);
            }
        }
    }
    let dead: Vec<OpId> = ops.into_iter().filter(|o| !keep.contains(o)).collect();
    for &op in &dead {
        m.body.erase_op(op);
    }
    dead.len()
}

#[cfg(test)]
mod tests {
    #[test]
    fn fetch_names() {
        assert_eq!(super::fetch_node("a:0"), "a");
        assert_eq!(super::fetch_node("^a"), "a");
        assert_eq!(super::fetch_node("scope/a"), "scope/a");
        assert_eq!(super::fetch_node("a:b"), "a:b");
    }
}
