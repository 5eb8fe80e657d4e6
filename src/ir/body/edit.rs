//! [`BodyEdit`]: the edits that keep use chains and block lists whole (relinking a use,
//! replacing uses, detaching, reordering and erasing ops), written once over element access, so that
//! they run the same on a whole [`Body`] and on the [`BodyPart`](super::BodyPart) a worker
//! edits while others edit theirs.

use smallvec::SmallVec;

use super::{BlockData, OpData, Operand, PackedId, PackedUse, RegionData, Use, ValueData};
use crate::ir::{BlockId, OpId, RegionId, ValueId};

/// Element access to a body's arenas, and the edits built on it. Implemented by [`Body`]
/// (everything) and by [`BodyPart`](super::BodyPart) (the elements of one part).
///
/// [`Body`]: super::Body
pub trait BodyEdit {
    fn op_data(&self, op: OpId) -> &OpData;
    fn op_data_mut(&mut self, op: OpId) -> &mut OpData;
    fn value_data(&self, v: ValueId) -> &ValueData;
    fn value_data_mut(&mut self, v: ValueId) -> &mut ValueData;
    fn block_data(&self, b: BlockId) -> &BlockData;
    fn block_data_mut(&mut self, b: BlockId) -> &mut BlockData;
    fn region_data(&self, r: RegionId) -> &RegionData;
    /// The op, or `None` for an id out of range (for prefetching, which must not fail).
    fn get_op(&self, op: OpId) -> Option<&OpData>;
    /// The value, or `None` for an id out of range.
    fn get_value(&self, v: ValueId) -> Option<&ValueData>;

    fn is_erased(&self, op: OpId) -> bool {
        self.op_data(op).erased
    }

    /// Points operand `slot` of `op` at `v` (the use goes to the head of `v`'s chain).
    fn set_operand(&mut self, op: OpId, slot: usize, v: ValueId) {
        let u = Use { op, slot: slot as u32 };
        unlink_use(self, u);
        operand_mut(self, u).value = v;
        link_use(self, u, None);
    }

    /// Makes every use of `from` use `to` instead (O(uses of `from`)).
    fn replace_all_uses(&mut self, from: ValueId, to: ValueId) {
        if from == to {
            return;
        }
        let mut cursor = std::mem::replace(&mut self.value_data_mut(from).first_use, PackedUse::NONE).get();
        while let Some(u) = cursor {
            cursor = operand(self, u).next_use.get();
            operand_mut(self, u).value = to;
            link_use(self, u, None);
        }
    }

    /// Takes `op` out of its block (it stays alive, detached).
    fn detach_op(&mut self, op: OpId) {
        let d = self.op_data(op);
        let Some(block) = d.parent.block() else { return };
        let (prev, next) = (d.prev.op(), d.next.op());
        match prev {
            Some(p) => self.op_data_mut(p).next = PackedId::of_op(next),
            None => self.block_data_mut(block).first = next,
        }
        match next {
            Some(n) => self.op_data_mut(n).prev = PackedId::of_op(prev),
            None => self.block_data_mut(block).last = prev,
        }
        self.block_data_mut(block).len -= 1;
        let o = self.op_data_mut(op);
        o.parent = PackedId::NONE;
        o.prev = PackedId::NONE;
        o.next = PackedId::NONE;
    }

    /// Puts the ops of `block` in the order `order`, which must hold each of them once (a
    /// permutation): one pass over the links, where moving each op to the end would detach
    /// and re-append every one.
    fn set_block_order(&mut self, block: BlockId, order: &[OpId]) {
        debug_assert_eq!(order.len(), self.block_data(block).len as usize, "not a permutation of the block");
        let mut prev: Option<OpId> = None;
        for &op in order {
            debug_assert_eq!(self.op_data(op).parent.block(), Some(block), "op of another block");
            let o = self.op_data_mut(op);
            o.prev = PackedId::of_op(prev);
            o.next = PackedId::NONE;
            if let Some(p) = prev {
                self.op_data_mut(p).next = PackedId::of_op(Some(op));
            }
            prev = Some(op);
        }
        let b = self.block_data_mut(block);
        b.first = order.first().copied();
        b.last = order.last().copied();
    }

    /// Erases `op` and everything nested in it. Its results must have no uses left
    /// outside the erased ops (the caller replaces them first).
    fn erase_op(&mut self, op: OpId) {
        self.detach_op(op);
        let mut stack: SmallVec<[OpId; 8]> = smallvec::smallvec![op];
        while let Some(o) = stack.pop() {
            clear_operands(self, o);
            self.op_data_mut(o).erased = true;
            for r in self.op_data(o).regions.clone() {
                for &b in &self.region_data(r).blocks {
                    let mut cursor = self.block_data(b).first;
                    while let Some(c) = cursor {
                        stack.push(c);
                        cursor = self.op_data(c).next.op();
                    }
                }
            }
        }
    }

    /// Starts loading what [`erase_op`](Self::erase_op) will touch for `op`, in two stages
    /// (for a caller erasing many ops anywhere in memory, a few ops ahead): 0 the op, 1
    /// (once the op is in) its neighbours in its block and its operands' neighbours in their
    /// use chains.
    fn prefetch_erase(&self, op: OpId, stage: u8) {
        use crate::ir::intern::prefetch_read;
        let Some(data) = self.get_op(op) else { return };
        if stage == 0 {
            prefetch_read(data);
            return;
        }
        for id in [data.prev.op(), data.next.op()].into_iter().flatten() {
            if let Some(o) = self.get_op(id) {
                prefetch_read(o);
            }
        }
        for o in &data.operands {
            for u in [o.prev_use.get(), o.next_use.get()].into_iter().flatten() {
                if let Some(neighbour) = self.get_op(u.op).and_then(|d| d.operands.get(u.slot as usize)) {
                    prefetch_read(neighbour);
                }
            }
            if o.prev_use.get().is_none() {
                if let Some(v) = self.get_value(o.value) {
                    prefetch_read(v);
                }
            }
        }
    }
}

fn operand<E: BodyEdit + ?Sized>(e: &E, u: Use) -> &Operand {
    &e.op_data(u.op).operands[u.slot as usize]
}

fn operand_mut<E: BodyEdit + ?Sized>(e: &mut E, u: Use) -> &mut Operand {
    &mut e.op_data_mut(u.op).operands[u.slot as usize]
}

/// Links the operand at `u` (whose `value` is set) into its value's chain right after
/// `prev` (`None`: at the head).
pub(super) fn link_use<E: BodyEdit + ?Sized>(e: &mut E, u: Use, prev: Option<Use>) {
    let v = operand(e, u).value;
    let next = match prev {
        None => std::mem::replace(&mut e.value_data_mut(v).first_use, PackedUse::from(Some(u))),
        Some(p) => std::mem::replace(&mut operand_mut(e, p).next_use, PackedUse::from(Some(u))),
    };
    if let Some(n) = next.get() {
        operand_mut(e, n).prev_use = PackedUse::from(Some(u));
    }
    let o = operand_mut(e, u);
    o.next_use = next;
    o.prev_use = PackedUse::from(prev);
}

/// Takes the operand at `u` out of its value's chain (O(1)).
pub(super) fn unlink_use<E: BodyEdit + ?Sized>(e: &mut E, u: Use) {
    let Operand { value, next_use, prev_use } = *operand(e, u);
    match prev_use.get() {
        None => e.value_data_mut(value).first_use = next_use,
        Some(p) => operand_mut(e, p).next_use = next_use,
    }
    if let Some(n) = next_use.get() {
        operand_mut(e, n).prev_use = prev_use;
    }
}

/// Unlinks and removes every operand of `op`.
pub(super) fn clear_operands<E: BodyEdit + ?Sized>(e: &mut E, op: OpId) {
    let n = e.op_data(op).operands.len();
    for slot in (0..n).rev() {
        unlink_use(e, Use { op, slot: slot as u32 });
    }
    e.op_data_mut(op).operands.clear();
}
