//! [`Body::bind_all_operands`]: giving many ops their operands at once, as name resolution
//! does after a parse, on every thread of rayon's pool.
//!
//! Binding a use links it into its value's use chain, and a chain holds only uses of its
//! value; so the values are split into shards (runs of [`SHARD_RUN`] values taken in turn)
//! and each thread binds the uses of its shards' values, in op order, into chains no other
//! thread touches. The chains come out exactly as [`Body::bind_operands`] op by op makes
//! them (by op id and slot, last first). The threads reach operands through a table of each
//! op's operand buffer, made first (with the new operands in place, not yet linked), so
//! that none of them holds a reference to an op whose operands another one is linking.

use rayon::prelude::*;

use super::{Body, Operand, PackedUse, Use, ValueData};
use crate::ir::{OpId, ValueId};

/// Below this many uses, ops are bound one by one on the calling thread (in the crate's
/// unit tests, nearly every parse binds on every thread).
const PARALLEL_USES: usize = if cfg!(test) { 4 } else { 1 << 16 };

/// Consecutive values in one shard.
const SHARD_RUN: usize = if cfg!(test) { 2 } else { 1024 };

/// Ops per task while the operand table is made.
const TABLE_CHUNK: usize = if cfg!(test) { 3 } else { 1 << 14 };

/// How many uses ahead of the one being linked its value, then its chain's head, are loaded.
const LINK_AHEAD: [usize; 2] = [16, 8];

/// Each op's operand buffer, and the values' arena, as the linking threads reach them: each
/// only the operands that use the values of its shards, and those values.
#[derive(Clone, Copy)]
struct Buffers<'t> {
    operands: &'t [OperandsPtr],
    values: *mut ValueData,
}

#[derive(Clone, Copy)]
struct OperandsPtr(*mut Operand);

// SAFETY: the threads reach disjoint operands and values (see `Buffers`).
unsafe impl Send for OperandsPtr {}
unsafe impl Sync for OperandsPtr {}
unsafe impl Send for Buffers<'_> {}
unsafe impl Sync for Buffers<'_> {}

impl Buffers<'_> {
    /// SAFETY: `u` is an operand of the calling thread's shards (its value is in them).
    #[inline]
    unsafe fn operand(self, u: Use) -> *mut Operand {
        unsafe { self.operands[u.op.index()].0.add(u.slot as usize) }
    }

    /// Links the use `u` of `v` into `v`'s chain, which is in descending (op, slot) order.
    ///
    /// SAFETY: `v` is in the calling thread's shards.
    unsafe fn link(self, u: Use, v: ValueId) {
        unsafe {
            let head = &mut (*self.values.add(v.index())).first_use;
            let mut before: Option<Use> = None;
            let mut after = head.get();
            while let Some(c) = after {
                if (c.op.index(), c.slot) < (u.op.index(), u.slot) {
                    break;
                }
                before = Some(c);
                after = (*self.operand(c)).next_use.get();
            }
            match before {
                Some(b) => (*self.operand(b)).next_use = PackedUse::from(Some(u)),
                None => *head = PackedUse::from(Some(u)),
            }
            if let Some(a) = after {
                (*self.operand(a)).prev_use = PackedUse::from(Some(u));
            }
            let o = self.operand(u);
            (*o).next_use = PackedUse::from(after);
            (*o).prev_use = PackedUse::from(before);
        }
    }

    /// Starts loading what linking a use of `v` reads: stage 0 the value, stage 1 its
    /// chain's head.
    ///
    /// SAFETY: `v` is in the calling thread's shards, and its value was loaded before stage 1.
    #[inline]
    unsafe fn prefetch(self, v: ValueId, stage: usize) {
        let value = unsafe { self.values.add(v.index()) };
        if stage == 0 {
            crate::ir::intern::prefetch_ptr(value);
        } else if let Some(c) = unsafe { (*value).first_use.get() } {
            crate::ir::intern::prefetch_ptr(unsafe { self.operand(c) });
        }
    }
}

impl Body {
    /// Gives ops that have no operands yet the operands `uses` lists: `(op, value)` pairs,
    /// each op's in slot order, the ops in increasing order. Exactly as
    /// [`bind_operands`](Self::bind_operands) on each op in turn, on every thread of rayon's
    /// pool when there are many (see the module doc).
    pub fn bind_all_operands(&mut self, uses: &[(OpId, ValueId)]) {
        let increasing = uses.windows(2).all(|w| w[0].0 <= w[1].0);
        if uses.len() < PARALLEL_USES || !increasing {
            let mut values = Vec::new();
            for run in uses.chunk_by(|a, b| a.0 == b.0) {
                values.clear();
                values.extend(run.iter().map(|&(_, v)| v));
                self.bind_operands(run[0].0, &values);
            }
            return;
        }
        let threads = rayon::current_num_threads();
        let operands = self.place_operands(uses);
        let buffers = Buffers { operands: &operands, values: self.values.as_mut_ptr() };
        let n_values = self.values.len();
        assert!(uses.iter().all(|&(_, v)| v.index() < n_values), "bind_all_operands: a value out of range");
        (0..threads).into_par_iter().for_each(|thread| {
            let mine = |v: ValueId| v.index() / SHARD_RUN % threads == thread;
            let mut slot = 0u32;
            for (i, &(op, v)) in uses.iter().enumerate() {
                for (stage, &ahead) in LINK_AHEAD.iter().enumerate() {
                    if let Some(&(_, later)) = uses.get(i + ahead).filter(|&&(_, later)| mine(later)) {
                        // SAFETY: `later` is in this thread's shards; stage 1 runs for a use
                        // stage 0 ran for earlier.
                        unsafe { buffers.prefetch(later, stage) };
                    }
                }
                if i > 0 && uses[i - 1].0 != op {
                    slot = 0;
                }
                if mine(v) {
                    // SAFETY: `v` is in this thread's shards, and so is every use in its
                    // chain, the new one included.
                    unsafe { buffers.link(Use { op, slot }, v) };
                }
                slot += 1;
            }
        });
    }

    /// Gives each op of `uses` its operands, unlinked, and returns every op's operand buffer
    /// (see [`bind_all_operands`](Self::bind_all_operands)).
    fn place_operands(&mut self, uses: &[(OpId, ValueId)]) -> Vec<OperandsPtr> {
        let n_ops = self.ops.len();
        let mut table = vec![OperandsPtr(std::ptr::null_mut()); n_ops];
        self.ops.as_mut_slice().par_chunks_mut(TABLE_CHUNK).zip(table.par_chunks_mut(TABLE_CHUNK)).enumerate().for_each(
            |(chunk, (ops, table))| {
                let first = chunk * TABLE_CHUNK;
                let from = uses.partition_point(|&(op, _)| op.index() < first);
                let to = uses.partition_point(|&(op, _)| op.index() < first + ops.len());
                for run in uses[from..to].chunk_by(|a, b| a.0 == b.0) {
                    let d = &mut ops[run[0].0.index() - first];
                    assert!(d.operands.is_empty(), "bind_all_operands on an op with operands");
                    d.operands.extend(run.iter().map(|&(_, value)| Operand { value, next_use: PackedUse::NONE, prev_use: PackedUse::NONE }));
                }
                for (entry, d) in table.iter_mut().zip(ops.iter_mut()) {
                    *entry = OperandsPtr(d.operands.as_mut_ptr());
                }
            },
        );
        table
    }
}

#[cfg(test)]
mod tests {
    use crate::ir::{Body, Context, OpId, OpSpec, Span, TypeData, ValueId};

    /// A block of `n` ops of one result each, linked in order.
    fn ops(n: usize) -> (Body, Vec<OpId>) {
        let mut cx = Context::new();
        let f = cx.sym("f32");
        let ty = cx.ty(TypeData::Float(f));
        let name = cx.sym("x.op");
        let mut body = Body::new();
        let block = body.create_block(Span::default());
        let ops: Vec<OpId> = (0..n)
            .map(|_| body.create_op(OpSpec { result_types: smallvec::smallvec![ty], ..Default::default() }, name))
            .collect();
        body.append_ops(block, &ops);
        (body, ops)
    }

    /// Every value's use chain, and every op's operands.
    fn chains(body: &Body, n: usize) -> (Vec<Vec<(usize, u32)>>, Vec<Vec<ValueId>>) {
        let uses = (0..body.value_capacity()).map(|v| body.uses(ValueId::new(v)).map(|u| (u.op.index(), u.slot)).collect());
        (uses.collect(), (0..n).map(|o| body.operands(OpId::new(o)).collect()).collect())
    }

    #[test]
    fn binding_on_several_threads_makes_the_chains_of_binding_op_by_op() {
        let n = 3000;
        // Operands anywhere before or after their op, repeated, up to five per op (past the
        // inline three); every fifth op bound beforehand, as a parsed part binds its own.
        let mut state = 12345u64;
        let mut next = |m: usize| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) as usize % m
        };
        let lists: Vec<Vec<ValueId>> = (0..n).map(|_| (0..next(6)).map(|_| ValueId::new(next(n))).collect()).collect();
        let (mut one, ops_one) = ops(n);
        let (mut all, ops_all) = ops(n);
        let mut later = Vec::new();
        for (k, list) in lists.iter().enumerate() {
            if k % 5 == 0 {
                one.bind_operands(ops_one[k], list);
                all.bind_operands(ops_all[k], list);
            } else {
                later.extend(list.iter().map(|&v| (ops_all[k], v)));
            }
        }
        for (k, list) in lists.iter().enumerate().filter(|(k, _)| k % 5 != 0) {
            one.bind_operands(ops_one[k], list);
        }
        assert!(later.len() > super::PARALLEL_USES);
        for threads in [1, 2, 3] {
            let mut body = all.clone();
            rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(|| body.bind_all_operands(&later));
            assert!(chains(&body, n) == chains(&one, n), "{threads} threads");
        }
    }
}
