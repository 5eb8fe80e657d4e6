//! The greedy driver, after MLIR's `GreedyPatternRewriteDriver`: a worklist holding every op
//! nested in the target (graph regions, function bodies, nested regions), taken last first
//! as MLIR's bottom-up default does (so a pattern rooted at a consumer sees its producers
//! before patterns rooted at them rewrite them); each op is tried
//! with the patterns rooted at its name, highest benefit first; a rewrite puts the new ops,
//! the users of replaced values and the producers that lost a user back on the worklist.
//! An op a rewrite made that loses its last user to a later rewrite is erased; ops of the
//! input are never erased for being unused (in a graph region they may be fetched), and
//! neither is a new op that replaces an op nothing used. When the worklist
//! empties after a change, the whole target is scanned again, up to `max_iterations`
//! scans; not reaching a fixpoint by then is an error naming the patterns still applying.

use std::collections::VecDeque;

use rustc_hash::{FxHashMap, FxHashSet};

use super::{Pattern, Rewriter};
use crate::diag::Diagnostic;
use crate::ir::{Module, OpId};
use crate::passes::PassTarget;

#[derive(Clone, Copy, Debug)]
pub struct GreedyConfig {
    /// Full scans of the target at most (MLIR's default: 10).
    pub max_iterations: usize,
    /// Rewrites at most in one scan (`None`: 16 per op of the target plus 1024, a bound
    /// that stops patterns that undo each other forever within one scan).
    pub max_rewrites: Option<usize>,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        GreedyConfig { max_iterations: 10, max_rewrites: None }
    }
}

#[derive(Default, Debug, Clone)]
pub struct GreedyStats {
    /// Rewrites done, per pattern name.
    pub applied: Vec<(String, u64)>,
    pub erased: u64,
    pub scans: usize,
    pub converged: bool,
}

impl GreedyStats {
    pub fn total(&self) -> u64 {
        self.applied.iter().map(|(_, n)| n).sum()
    }
}

/// Applies `patterns` to every op nested in `target` until none applies.
pub fn apply_greedily(m: &mut Module, target: PassTarget, patterns: &[&dyn Pattern], cfg: GreedyConfig) -> Result<GreedyStats, Vec<Diagnostic>> {
    // Patterns by root name, highest benefit first, then in the given order.
    let mut order: Vec<usize> = (0..patterns.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(patterns[i].benefit()));
    let mut by_root: FxHashMap<String, Vec<usize>> = FxHashMap::default();
    let mut any_root: Vec<usize> = Vec::new();
    for &i in &order {
        match patterns[i].root() {
            Some(r) => by_root.entry(r.to_string()).or_default().push(i),
            None => any_root.push(i),
        }
    }
    let mut stats = GreedyStats::default();
    let mut counts = vec![0u64; patterns.len()];
    let mut rw = Rewriter::new(m);
    let mut last_applied: Vec<usize> = Vec::new();
    for scan in 0..cfg.max_iterations {
        stats.scans = scan + 1;
        let mut worklist: VecDeque<OpId> = target.nested_ops(rw.m).into();
        let limit = cfg.max_rewrites.unwrap_or(16 * worklist.len() + 1024);
        let mut queued: FxHashSet<OpId> = worklist.iter().copied().collect();
        let mut made: FxHashSet<OpId> = FxHashSet::default();
        let mut changed = false;
        let mut rewrites = 0usize;
        last_applied.clear();
        while let Some(op) = worklist.pop_back() {
            queued.remove(&op);
            if rw.m.body.is_erased(op) {
                continue;
            }
            let name = rw.m.op_name(op).to_string();
            let candidates = by_root.get(&name).map(Vec::as_slice).unwrap_or(&[]);
            let mut applied = None;
            for &i in merge(candidates, &any_root, &order).iter() {
                if patterns[i].match_and_rewrite(&mut rw, op).map_err(|d| vec![d])? {
                    applied = Some(i);
                    break;
                }
            }
            let Some(i) = applied else { continue };
            counts[i] += 1;
            last_applied.push(i);
            changed = true;
            rewrites += 1;
            let created = std::mem::take(&mut rw.created);
            made.extend(created.iter().copied());
            let mut revisit = created;
            revisit.extend(std::mem::take(&mut rw.modified));
            // Ops a rewrite made that lost their last user to this one go (and so on up).
            let mut lost = std::mem::take(&mut rw.producers);
            while let Some(p) = lost.pop() {
                if made.contains(&p) && rw.erase_if_unused(p) {
                    lost.append(&mut rw.producers);
                } else {
                    revisit.push(p);
                }
            }
            for o in revisit {
                if !rw.m.body.is_erased(o) && queued.insert(o) {
                    worklist.push_back(o);
                }
            }
            if rewrites >= limit {
                stats.scans = cfg.max_iterations;
                break;
            }
        }
        if !changed {
            stats.converged = true;
            break;
        }
        if rewrites >= limit {
            break;
        }
    }
    stats.erased = rw.erased as u64;
    for (i, &n) in counts.iter().enumerate() {
        if n > 0 {
            stats.applied.push((patterns[i].name().to_string(), n));
        }
    }
    if !stats.converged {
        let mut names: Vec<&str> = last_applied.iter().map(|&i| patterns[i].name()).collect();
        names.sort_unstable();
        names.dedup();
        return Err(vec![Diagnostic::error_nowhere(format!(
            "greedy rewriting did not converge after {} iterations (patterns still applying: {})",
            cfg.max_iterations,
            names.join(", ")
        ))]);
    }
    Ok(stats)
}

/// The patterns rooted at a name and those rooted anywhere, in benefit order.
fn merge(a: &[usize], b: &[usize], order: &[usize]) -> Vec<usize> {
    if b.is_empty() {
        return a.to_vec();
    }
    order.iter().copied().filter(|i| a.contains(i) || b.contains(i)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::tfg;

    /// Renames `A` nodes to `B` nodes (a new op replacing the old one).
    struct AToB;
    impl Pattern for AToB {
        fn name(&self) -> &str {
            "a-to-b"
        }
        fn root(&self) -> Option<&str> {
            Some("tfg.A")
        }
        fn match_and_rewrite(&self, rw: &mut Rewriter<'_>, op: OpId) -> Result<bool, Diagnostic> {
            let data = tfg::data_operands(rw.m, op);
            let tys: Vec<_> = tfg::data_results(rw.m, op).iter().map(|&v| rw.m.body.value_type(v)).collect();
            let name = tfg::node_name(rw.m, op).unwrap_or_default();
            let new = tfg::NodeBuilder::new(rw.m, "B").operands(&data).name(&name).results(&tys).build();
            rw.insert_before(op, new);
            rw.inherit_control(new, &[op]);
            let names = rw.origin_names(op);
            rw.set_origin(new, &names);
            let vals = tfg::data_results(rw.m, new).to_vec();
            rw.replace_op(op, &vals, Some(new));
            Ok(true)
        }
    }

    /// Never stops: B → B.
    struct Loop;
    impl Pattern for Loop {
        fn name(&self) -> &str {
            "loop"
        }
        fn root(&self) -> Option<&str> {
            Some("tfg.B")
        }
        fn match_and_rewrite(&self, rw: &mut Rewriter<'_>, op: OpId) -> Result<bool, Diagnostic> {
            AToB.match_and_rewrite(rw, op)
        }
    }

    const G: &str = "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n  %x, %ctl = X name(\"x\") : () -> (tensor<i32>)\n  %a, %ctl_0 = A(%x) [%ctl] name(\"a\") : (tensor<i32>) -> (tensor<i32>)\n  %y, %ctl_1 = Y(%a) [%ctl_0] name(\"y\") : (tensor<i32>) -> (tensor<i32>)\n}\n";

    #[test]
    fn rewrites_forward_users_and_control() {
        let mut m = crate::syntax::parse_module(G).unwrap();
        let stats = apply_greedily(&mut m, PassTarget::Module, &[&AToB], GreedyConfig::default()).unwrap();
        assert_eq!(stats.total(), 1);
        assert!(stats.converged);
        let text = crate::printer::print_module(&m, crate::printer::PrintOptions { debuginfo: true, ..Default::default() });
        assert!(text.contains("B(%x) [%ctl] name(\"a\")"), "{}", text);
        assert!(text.contains("Y(%B) [%ctl_2]") || text.contains("Y(%"), "{}", text);
        assert!(text.contains("loc(fused[\"a\"])") || text.contains("loc(\"a\")"), "{}", text);
        assert!(m.body.check_use_chains().is_ok());
        assert!(crate::verify::verify_module(&m).is_empty());
    }

    #[test]
    fn no_fixpoint_is_an_error() {
        let mut m = crate::syntax::parse_module(G).unwrap();
        let e = apply_greedily(&mut m, PassTarget::Module, &[&AToB, &Loop], GreedyConfig { max_iterations: 3, ..Default::default() }).unwrap_err();
        assert!(e[0].message.contains("did not converge after 3 iterations"), "{}", e[0].message);
        assert!(e[0].message.contains("loop"));
    }
}
