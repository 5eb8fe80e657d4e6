//! [`Body::set_block_orders`]: the new op order of several blocks written at once, on
//! rayon's workers. Relinking touches every op of the blocks (two links each, in the new
//! order, so mostly cache misses); for the functions of a library it is as costly as
//! working the orders out, and sequential it would cap what a pass like `tfg-toposort`
//! gains from a second thread.
//!
//! The ops of distinct blocks are distinct (an op has one parent), so the blocks can be
//! relinked at the same time: that is checked first (every block distinct, every op of an
//! order in that block, as many ops as the block holds), and an input that fails the check
//! is relinked one block after the other by [`Body::set_block_order`] instead.

use rayon::prelude::*;

use super::{Body, OpData, PackedId};
use crate::ir::{BlockId, OpId};

/// The ops arena, shared by the workers of [`Body::set_block_orders`]; each writes only the
/// ops of its own block.
#[derive(Clone, Copy)]
struct OpsPtr(*mut OpData);
// SAFETY: the workers write disjoint elements (see `set_block_orders`).
unsafe impl Send for OpsPtr {}
unsafe impl Sync for OpsPtr {}

/// Below this many ops in all, one thread relinks faster than several.
const PARALLEL_OPS: usize = 4096;

impl Body {
    /// Sets the order of each block of `orders` to its list of ops (each a permutation of
    /// the block's ops; the blocks distinct): the same result as [`Body::set_block_order`]
    /// on each in turn, computed in parallel.
    pub fn set_block_orders(&mut self, orders: &[(BlockId, Vec<OpId>)]) {
        let total: usize = orders.iter().map(|(_, o)| o.len()).sum();
        if orders.len() < 2 || total < PARALLEL_OPS || rayon::current_num_threads() < 2 || !self.disjoint_orders(orders) {
            for (b, order) in orders {
                self.set_block_order(*b, order);
            }
            return;
        }
        let n = self.ops.len();
        let ptr = OpsPtr(self.ops.as_mut_ptr());
        orders.par_iter().for_each(move |(_, order)| {
            let ptr = ptr;
            let mut prev: Option<OpId> = None;
            for &op in order {
                assert!(op.index() < n);
                // SAFETY: `disjoint_orders` checked that every op of `order` belongs to this
                // order's block and that no other order is for the same block, so no other
                // worker reads or writes these ops; the index is in bounds (checked above)
                // and `self.ops` is not resized while the workers run (`self` is borrowed
                // mutably by this call).
                unsafe {
                    let o = &mut *ptr.0.add(op.index());
                    o.prev = PackedId::of_op(prev);
                    o.next = PackedId::NONE;
                    if let Some(p) = prev {
                        (*ptr.0.add(p.index())).next = PackedId::of_op(Some(op));
                    }
                }
                prev = Some(op);
            }
        });
        for (b, order) in orders {
            let bd = &mut self.blocks[b.index()];
            bd.first = order.first().copied();
            bd.last = order.last().copied();
        }
    }

    /// Whether the blocks of `orders` are distinct and each order lists ops of its block
    /// only, as many as the block holds (read in parallel).
    fn disjoint_orders(&self, orders: &[(BlockId, Vec<OpId>)]) -> bool {
        let mut blocks: Vec<usize> = orders.iter().map(|(b, _)| b.index()).collect();
        blocks.sort_unstable();
        if blocks.windows(2).any(|w| w[0] == w[1]) || blocks.last().is_some_and(|&b| b >= self.blocks.len()) {
            return false;
        }
        orders.par_iter().all(|(b, order)| {
            order.len() == self.blocks[b.index()].len as usize
                && order.iter().all(|op| self.ops.get(op.index()).is_some_and(|o| o.parent.block() == Some(*b)))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::body::OpSpec;
    use crate::ir::Context;

    /// Two blocks of many ops each, reordered at once and one after the other: same links.
    #[test]
    fn parallel_relinking_matches_sequential() {
        let build = || {
            let mut ctx = Context::new();
            let name = ctx.sym("test.op");
            let mut body = Body::new();
            let blocks: Vec<BlockId> = (0..3).map(|_| body.create_block(crate::ir::Span::new(0, 0))).collect();
            let mut ops = vec![Vec::new(); 3];
            for i in 0..3 * PARALLEL_OPS {
                let op = body.create_op(OpSpec::default(), name);
                body.append_op(blocks[i % 3], op);
                ops[i % 3].push(op);
            }
            // Reversed, and rotated by the block's number.
            let orders: Vec<(BlockId, Vec<OpId>)> = (0..3)
                .map(|k| {
                    let mut o: Vec<OpId> = ops[k].iter().rev().copied().collect();
                    o.rotate_left(k * 7);
                    (blocks[k], o)
                })
                .collect();
            (body, orders)
        };
        let (mut seq, orders) = build();
        for (b, o) in &orders {
            seq.set_block_order(*b, o);
        }
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        let (mut par, orders2) = build();
        pool.install(|| par.set_block_orders(&orders2));
        for (b, o) in &orders {
            assert_eq!(&par.block_ops(*b).collect::<Vec<_>>(), o);
            assert_eq!(par.last_op(*b), o.last().copied());
        }
        assert_eq!(format!("{:?}", par), format!("{:?}", seq));
        // An order naming an op of another block is relinked one block at a time.
        let (bad, mut orders3) = build();
        let stray = orders3[1].1[0];
        orders3[0].1[0] = stray;
        assert!(!bad.disjoint_orders(&orders3));
        // The same block twice is refused as well.
        let (bad2, mut orders4) = build();
        orders4[1].0 = orders4[0].0;
        assert!(!bad2.disjoint_orders(&orders4));
    }
}
