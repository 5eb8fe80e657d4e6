//! The worklist of TensorFlow's greedy pattern rewrite driver, which both conversions
//! follow because the order in which ops are rewritten shows in the output (names of new
//! functions and of inlined copies), and the one erasure that driver makes on its own.

use rustc_hash::FxHashSet;

use super::common::{preorder, replace_op};
use crate::ir::{BlockId, Module, OpId, ValueId};

/// The worklist of TensorFlow's greedy rewrite driver (MLIR's `GreedyPatternRewriteDriver`
/// in top-down mode), whose order decides which op is rewritten first: ops are visited
/// in preorder; an op the rewrite creates or changes is pushed with its ancestors (the
/// outermost last, so visited first), an op already waiting keeps its place, and the last
/// pushed is visited next.
pub struct Worklist {
    stack: Vec<OpId>,
    queued: FxHashSet<OpId>,
}

impl Worklist {
    /// Every op of `blocks`, to be visited in preorder.
    pub fn preorder(m: &Module, blocks: &[BlockId]) -> Self {
        let mut stack = preorder(m, blocks);
        stack.reverse();
        let queued = stack.iter().copied().collect();
        Worklist { stack, queued }
    }

    /// The next op to visit (erased ones are skipped).
    pub fn pop(&mut self, m: &Module) -> Option<OpId> {
        while let Some(op) = self.stack.pop() {
            self.queued.remove(&op);
            if !m.body.is_erased(op) {
                return Some(op);
            }
        }
        None
    }

    fn push_one(&mut self, op: OpId) {
        if self.queued.insert(op) {
            self.stack.push(op);
        }
    }

    /// `addToWorklist`: `op` and the ops holding it, up to the module's.
    pub fn push(&mut self, m: &Module, op: OpId) {
        self.push_one(op);
        let mut cur = op;
        while let Some(p) = m.body.parent_op(cur) {
            if m.op_name(p) == "builtin.module" {
                break;
            }
            self.push_one(p);
            cur = p;
        }
    }

    /// `addOperandsToWorklist`, before `op` is erased: the op defining each operand that
    /// has at most one other user.
    pub fn push_operand_defs(&mut self, m: &Module, op: OpId) {
        let operands: Vec<ValueId> = m.body.operands(op).collect();
        for v in operands {
            let Some(def) = m.body.defining_op(v) else { continue };
            let mut other: Option<OpId> = None;
            let mut many = false;
            for u in m.body.uses(v) {
                if u.op == op || Some(u.op) == other {
                    continue;
                }
                if other.is_none() {
                    other = Some(u.op);
                    continue;
                }
                many = true;
                break;
            }
            if !many {
                self.push(m, def);
            }
        }
    }

    /// `replaceAllUsesWith` through the rewriter: each user of `from` is pushed.
    pub fn replace_all_uses(&mut self, m: &mut Module, from: ValueId, to: ValueId) {
        let users: Vec<OpId> = m.body.uses(from).map(|u| u.op).collect();
        m.body.replace_all_uses(from, to);
        for u in users {
            self.push(m, u);
        }
    }

    /// `replaceOp` then `eraseOp`: results replaced (users pushed), the operands' defining
    /// ops pushed, the op erased (its comments go to `new`).
    pub fn replace_op(&mut self, m: &mut Module, old: OpId, new_results: &[ValueId], new: OpId) {
        let olds: Vec<ValueId> = m.body.results(old).to_vec();
        for (o, n) in olds.into_iter().zip(new_results.iter().copied()) {
            self.replace_all_uses(m, o, n);
        }
        self.push_operand_defs(m, old);
        replace_op(m, old, &[], new);
    }

    /// `eraseOp`: the operands' defining ops pushed, the op erased.
    pub fn erase_op(&mut self, m: &mut Module, op: OpId) {
        self.push_operand_defs(m, op);
        m.body.erase_op(op);
    }
}

/// What TensorFlow's greedy rewrite driver erases as it visits ops: an op without uses
/// and without side effects. Of tfg's ops only `get_result` declares none (terminators
/// are kept); every other op may have effects. Returns whether `op` was erased.
pub fn erase_if_trivially_dead(m: &mut Module, op: OpId, wl: &mut Worklist) -> bool {
    if m.op_name(op) != "tfg.get_result" || m.body.op_has_uses(op) {
        return false;
    }
    wl.erase_op(m, op);
    true
}
