//! `tfg-toposort` (TensorFlow's transforms/toposort): sorts the body of a graph region (a
//! `tfg.graph`, a `tfg.func`, the module) topologically, with TensorFlow's greedy worklist:
//! the ops are tried in order; an op is scheduled (moved to the end of the sorted part) once
//! every operand, control operands included, is a block argument, an implicit capture, or
//! defined by a scheduled op (for an op with regions: every operand of every op nested in
//! it, values defined inside it excepted); when an op is scheduled its users (the ops of the
//! block holding them) are tried next, most recent use first. A `Merge` (`RefMerge`,
//! `_XlaMerge`) fed by a `NextIteration` (`RefNextIteration`) does not wait for it (the back
//! edge of a loop). Ops left in a cycle keep their relative order, before the sorted ones; a
//! terminator stays last. Regions with SSA dominance (the branches of region ops) are not
//! sorted, as in TensorFlow.
//!
//! Linear in ops and uses: the scheduled ops are marked in a bitmap (a hash set for a small
//! block), and each op is tried once, then once more per use of a scheduled producer.

use rustc_hash::FxHashSet;

use crate::diag::Diagnostic;
use crate::ir::{BlockId, BodyEdit, BodyPart, Module, OpId, ValueId};
use crate::passes::{PassContext, PassTarget, SplitPass};

/// The pass: sorts the graph region(s) of the target. The new orders are worked out for
/// several targets at once (they only read the IR) and the blocks relinked: on verified IR
/// each function by the worker that sorted it, the functions at once
/// ([`SplitPass::CHANGES_INSIDE_TARGET`]), else one after the other.
pub struct TopoSort;

impl SplitPass for TopoSort {
    /// The new order of each block that changes.
    type Plan = Vec<(BlockId, Vec<OpId>)>;

    fn analyze(&self, m: &Module, target: PassTarget) -> Self::Plan {
        graph_blocks(m, target).into_iter().filter_map(|(b, t)| plan_block(m, b, t).map(|order| (b, order))).collect()
    }

    fn apply(&self, m: &mut Module, _target: PassTarget, plan: Self::Plan, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        relink(&mut m.body, plan, cx);
        Ok(())
    }

    /// The sorting reads the target's blocks (and what is nested in them) and relinks them.
    const CHANGES_INSIDE_TARGET: bool = true;

    fn apply_inside(&self, part: &mut BodyPart, plan: Self::Plan, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        relink(part, plan, cx);
        Ok(())
    }
}

/// Puts each block of `plan` in its new order (on the whole body or the target's part).
fn relink(body: &mut impl BodyEdit, plan: Vec<(BlockId, Vec<OpId>)>, cx: &mut PassContext) {
    for (block, order) in plan {
        body.set_block_order(block, &order);
        cx.mark_changed();
    }
}

/// The graph regions the target holds, each with whether its block ends in a terminator.
fn graph_blocks(m: &Module, target: PassTarget) -> Vec<(BlockId, bool)> {
    match target {
        // builtin.module is a graph region without terminator.
        PassTarget::Module => vec![(m.root_block(), false)],
        PassTarget::Op(op) => {
            let has_terminator = match m.op_name(op) {
                "tfg.graph" | "builtin.module" => false,
                "tfg.func" => true,
                _ => return Vec::new(),
            };
            m.body
                .op(op)
                .regions
                .iter()
                .filter_map(|&r| m.body.region(r).blocks.first().map(|&b| (b, has_terminator)))
                .collect()
        }
    }
}

/// Runs the pass on one target.
pub fn run(m: &mut Module, target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
    let plan = TopoSort.analyze(m, target);
    TopoSort.apply(m, target, plan, cx)
}

/// The op of `block` that is or holds `op`.
fn ancestor_in_block(m: &Module, mut op: OpId, block: BlockId) -> Option<OpId> {
    loop {
        if m.body.parent_block(op) == Some(block) {
            return Some(op);
        }
        op = m.body.parent_op(op)?;
    }
}

/// The set of scheduled ops: a bitmap over op ids when the block holds a good share of
/// all ops (a large graph), a hash set otherwise (many small functions).
enum Marks {
    Dense(Vec<bool>),
    Sparse(FxHashSet<OpId>),
}

impl Marks {
    fn new(block_len: usize, capacity: usize) -> Self {
        if block_len.saturating_mul(16) >= capacity {
            Marks::Dense(vec![false; capacity])
        } else {
            Marks::Sparse(FxHashSet::with_capacity_and_hasher(block_len, Default::default()))
        }
    }

    fn contains(&self, op: &OpId) -> bool {
        match self {
            Marks::Dense(v) => v[op.index()],
            Marks::Sparse(s) => s.contains(op),
        }
    }

    fn insert(&mut self, op: OpId) {
        match self {
            Marks::Dense(v) => v[op.index()] = true,
            Marks::Sparse(s) => {
                s.insert(op);
            }
        }
    }
}

struct Sorter<'a> {
    m: &'a Module,
    block: BlockId,
    scheduled: Marks,
    merge: [Option<crate::ir::Sym>; 3],
    next_iteration: [Option<crate::ir::Sym>; 2],
}

impl Sorter<'_> {
    fn is_ready(&self, v: ValueId, top: OpId) -> bool {
        let Some(def) = self.m.body.defining_op(v) else { return true };
        match ancestor_in_block(self.m, def, self.block) {
            None => true,
            Some(a) if a == top => true,
            Some(a) => self.scheduled.contains(&a),
        }
    }

    fn is_op(&self, op: OpId, names: &[Option<crate::ir::Sym>]) -> bool {
        let n = self.m.body.op(op).name;
        names.contains(&Some(n))
    }

    fn can_be_scheduled(&self, op: OpId) -> bool {
        let body = &self.m.body;
        if body.op(op).regions.is_empty() {
            return body.operands(op).all(|v| {
                self.is_ready(v, op)
                    || (self.is_op(op, &self.merge)
                        && body.defining_op(v).is_some_and(|d| self.is_op(d, &self.next_iteration)))
            });
        }
        let mut ok = true;
        body.walk(op, |child| {
            if ok && !body.operands(child).all(|v| self.is_ready(v, op)) {
                ok = false;
            }
        });
        ok
    }
}

/// Pushes the users of `v` (defined by `def`) in the order of MLIR's use list after parsing:
/// uses written after the definition, last first, then uses written before it (forward
/// references, which the parser moved from a placeholder one by one), first first. Our use
/// chains list a parsed value's uses by op (parse order), last first.
fn push_users(m: &Module, v: ValueId, def: OpId, block: BlockId, worklist: &mut Vec<OpId>) {
    let mut forward: smallvec::SmallVec<[OpId; 4]> = smallvec::SmallVec::new();
    for u in m.body.uses(v) {
        if u.op.index() < def.index() {
            forward.push(u.op);
        } else if let Some(a) = ancestor_in_block(m, u.op, block) {
            worklist.push(a);
        }
    }
    for &u in forward.iter().rev() {
        if let Some(a) = ancestor_in_block(m, u, block) {
            worklist.push(a);
        }
    }
}

/// Sorts `block`; returns whether the order changed.
pub fn sort_block(m: &mut Module, block: BlockId, has_terminator: bool) -> bool {
    let Some(order) = plan_block(m, block, has_terminator) else { return false };
    m.body.set_block_order(block, &order);
    true
}

/// The sorted order of `block`, or `None` when it is sorted already.
fn plan_block(m: &Module, block: BlockId, has_terminator: bool) -> Option<Vec<OpId>> {
    let original: Vec<OpId> = m.body.block_ops(block).collect();
    if original.len() <= 1 {
        return None;
    }
    let (ops, terminator) = if has_terminator {
        (&original[..original.len() - 1], original.last().copied())
    } else {
        (&original[..], None)
    };
    let order = {
        let mut s = Sorter {
            m,
            block,
            scheduled: Marks::new(ops.len(), m.body.op_capacity()),
            merge: [m.ctx.lookup_sym("tfg.Merge"), m.ctx.lookup_sym("tfg.RefMerge"), m.ctx.lookup_sym("tfg._XlaMerge")],
            next_iteration: [m.ctx.lookup_sym("tfg.NextIteration"), m.ctx.lookup_sym("tfg.RefNextIteration")],
        };
        let mut worklist: Vec<OpId> = ops.iter().rev().copied().collect();
        let mut order: Vec<OpId> = Vec::with_capacity(ops.len());
        while let Some(op) = worklist.pop() {
            // The terminator stays where it is (TensorFlow moves it before itself).
            if Some(op) == terminator || s.scheduled.contains(&op) || !s.can_be_scheduled(op) {
                continue;
            }
            s.scheduled.insert(op);
            order.push(op);
            for &r in m.body.results(op) {
                push_users(m, r, op, block, &mut worklist);
            }
        }
        // Unscheduled ops (cycles) keep their place before the scheduled ones.
        let mut fin: Vec<OpId> = ops.iter().copied().filter(|o| !s.scheduled.contains(o)).collect();
        fin.extend(order);
        fin.extend(terminator);
        fin
    };
    (order != original).then_some(order)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the pass on every op named `anchor` and prints the result.
    fn sorted(text: &str, anchor: &str) -> (String, bool) {
        let mut m = crate::syntax::parse_module(text).expect("parses");
        let mut cx = PassContext::new();
        for t in crate::passes::manager::targets(&m, Some(anchor)) {
            run(&mut m, t, &mut cx).unwrap();
        }
        (crate::printer::print_module(&m, Default::default()), cx.changed())
    }

    fn names(text: &str) -> Vec<String> {
        text.lines().filter_map(|l| l.split("name(\"").nth(1).map(|r| r.split('"').next().unwrap().to_string())).collect()
    }

    #[test]
    fn sorts_with_control_edges_and_breaks_loops_at_merge() {
        let g = "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n  %c, %ctl_c = C(%b) [%ctl_d] name(\"c\") : (tensor<i32>) -> (tensor<i32>)\n  %m, %ctl_m = Merge(%n, %b) name(\"m\") : (tensor<i32>, tensor<i32>) -> (tensor<i32>)\n  %n, %ctl_n = NextIteration(%c) name(\"n\") : (tensor<i32>) -> (tensor<i32>)\n  %b, %ctl_b = B name(\"b\") : () -> (tensor<i32>)\n  %d, %ctl_d = D name(\"d\") : () -> (tensor<i32>)\n}\n";
        let (out, changed) = sorted(g, "tfg.graph");
        assert!(changed);
        assert_eq!(names(&out), vec!["b", "m", "d", "c", "n"], "{}", out);
        let (again, changed) = sorted(&out, "tfg.graph");
        assert!(!changed, "{}", again);
    }

    #[test]
    fn cycles_keep_their_order_and_terminator_stays_last() {
        let f = "tfg.func @f(%a: tensor<i32> {tfg.name = \"a\"}) -> (tensor<i32>) {\n  %x, %ctl = X(%y) name(\"x\") : (tensor<i32>) -> (tensor<i32>)\n  %z, %ctl_0 = Z(%a) name(\"z\") : (tensor<i32>) -> (tensor<i32>)\n  %y, %ctl_1 = Y(%x) name(\"y\") : (tensor<i32>) -> (tensor<i32>)\n  return(%z) : tensor<i32>\n}\n";
        let (out, _) = sorted(f, "tfg.func");
        assert_eq!(names(&out), vec!["x", "y", "z"], "{}", out);
        assert!(out.trim_end().lines().rev().nth(1).unwrap().contains("return"), "{}", out);
    }

    #[test]
    fn region_ops_wait_for_their_captures() {
        let f = "tfg.func @f(%c: tensor<i1> {tfg.name = \"c\"}) -> (tensor<i32>) {\n  %if, %ctl = IfRegion %c then {\n    yield(%v) : tensor<i32>\n  } else {\n    yield(%v) [%ctl_0] : tensor<i32>\n  } {_mlir_name = \"if\"} : (tensor<i1>) -> (tensor<i32>)\n  %v, %ctl_0 = V name(\"v\") : () -> (tensor<i32>)\n  return(%if) : tensor<i32>\n}\n";
        let (out, changed) = sorted(f, "tfg.func");
        assert!(changed);
        assert!(out.find("name(\"v\")").unwrap() < out.find("IfRegion").unwrap(), "{}", out);
    }
}
