//! [`BodyPart`] and [`Module::par_edit_parts`]: the functions of a library read and edited
//! on rayon's workers at once, as MLIR runs a pass on each op isolated from above on its
//! own thread. Here the functions share the module's arenas, so a worker edits its function
//! through a `BodyPart`: the arenas reached element by element through their buffer
//! pointers ([`Arena`](super::arena)), never through a reference to a whole arena, while the
//! other workers read and edit the elements of their own functions.
//!
//! What makes that sound is the caller's promise (see [`Module::par_edit_parts`]): in
//! verified IR, nothing inside an op isolated from above is linked to anything outside it
//! (no use crosses its boundary, its ops' block neighbours are its own), so the edits of
//! one function reach only that function's elements.

use rayon::prelude::*;

use super::edit::BodyEdit;
use super::{BlockData, Body, OpData, RegionData, ValueData};
use crate::ir::{BlockId, Module, OpId, RegionId, ValueId};

/// One arena's buffer and length, as a worker reaches it.
struct Raw<T> {
    ptr: *mut T,
    len: usize,
}

impl<T> Clone for Raw<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Raw<T> {}

impl<T> Raw<T> {
    /// The element at `i`, or `None` out of range.
    ///
    /// SAFETY (of the callers in this file): the buffer outlives the part and is not resized
    /// while parts exist (the module is borrowed mutably by `par_edit_parts` meanwhile);
    /// the element is reached by no other thread while this one writes it (the promise of
    /// `par_edit_parts`).
    fn get(self, i: usize) -> Option<*mut T> {
        // SAFETY: in bounds of the buffer.
        (i < self.len).then(|| unsafe { self.ptr.add(i) })
    }

    fn at(self, i: usize) -> *mut T {
        match self.get(i) {
            Some(p) => p,
            None => panic!("entity {i} out of {}", self.len),
        }
    }
}

/// The four arenas of a body, for the workers of [`Module::par_edit_parts`].
#[derive(Clone, Copy)]
struct Arenas {
    ops: Raw<OpData>,
    values: Raw<ValueData>,
    blocks: Raw<BlockData>,
    regions: Raw<RegionData>,
}

// SAFETY: the workers reach disjoint elements (the promise of `par_edit_parts`).
unsafe impl Send for Arenas {}
unsafe impl Sync for Arenas {}

impl Arenas {
    fn of(body: &mut Body) -> Self {
        fn raw<T>(a: &mut super::Arena<T>) -> Raw<T> {
            Raw { len: a.len(), ptr: a.as_mut_ptr() }
        }
        Arenas { ops: raw(&mut body.ops), values: raw(&mut body.values), blocks: raw(&mut body.blocks), regions: raw(&mut body.regions) }
    }
}

/// The part of a body one worker of [`Module::par_edit_parts`] edits: the IR inside one op
/// isolated from above, edited with [`BodyEdit`]'s methods.
pub struct BodyPart {
    arenas: Arenas,
}

// SAFETY (every method): see `Raw::get`; `&self`/`&mut self` on the part stands for the
// elements of its own function, which no other thread reaches.
impl BodyEdit for BodyPart {
    fn op_data(&self, op: OpId) -> &OpData {
        unsafe { &*self.arenas.ops.at(op.index()) }
    }
    fn op_data_mut(&mut self, op: OpId) -> &mut OpData {
        unsafe { &mut *self.arenas.ops.at(op.index()) }
    }
    fn value_data(&self, v: ValueId) -> &ValueData {
        unsafe { &*self.arenas.values.at(v.index()) }
    }
    fn value_data_mut(&mut self, v: ValueId) -> &mut ValueData {
        unsafe { &mut *self.arenas.values.at(v.index()) }
    }
    fn block_data(&self, b: BlockId) -> &BlockData {
        unsafe { &*self.arenas.blocks.at(b.index()) }
    }
    fn block_data_mut(&mut self, b: BlockId) -> &mut BlockData {
        unsafe { &mut *self.arenas.blocks.at(b.index()) }
    }
    fn region_data(&self, r: RegionId) -> &RegionData {
        unsafe { &*self.arenas.regions.at(r.index()) }
    }
    fn get_op(&self, op: OpId) -> Option<&OpData> {
        self.arenas.ops.get(op.index()).map(|p| unsafe { &*p })
    }
    fn get_value(&self, v: ValueId) -> Option<&ValueData> {
        self.arenas.values.get(v.index()).map(|p| unsafe { &*p })
    }
}

impl Module {
    /// Calls `f` on each item of `items` on rayon's workers, each call with the module to
    /// read and a [`BodyPart`] to edit, and returns the results in order.
    ///
    /// # Safety
    ///
    /// The calls must reach disjoint elements of the body: what one call edits through its
    /// part, no other call reads or edits (through its part or the module); and a call
    /// holds no reference read from the module to an element while it edits that element.
    /// The functions of a verified library meet this when each call reads and edits only
    /// the IR inside its own function (one op isolated from above, not nested in another
    /// item's) and has finished reading (holds only an owned plan) when it starts editing.
    pub unsafe fn par_edit_parts<T: Sync, R: Send>(&mut self, items: &[T], f: impl Fn(&Module, &mut BodyPart, &T) -> R + Sync) -> Vec<R> {
        let arenas = Arenas::of(&mut self.body);
        let shared: &Module = self;
        items.par_iter().map(|item| f(shared, &mut BodyPart { arenas }, item)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Per function: the ops of its body, and the results of its first two ops.
    fn plan(m: &Module, func: OpId) -> (Vec<OpId>, Vec<ValueId>, Vec<ValueId>) {
        let block = m.body.region(m.body.op(func).regions[0]).blocks[0];
        let ops: Vec<OpId> = m.body.block_ops(block).collect();
        (ops.clone(), m.body.results(ops[0]).to_vec(), m.body.results(ops[1]).to_vec())
    }

    /// The second op's uses go to the first's, the second is erased and the remaining
    /// non-terminators are put in reverse order.
    fn edit(body: &mut impl BodyEdit, block: BlockId, (ops, first, second): (Vec<OpId>, Vec<ValueId>, Vec<ValueId>)) {
        for (&from, &to) in second.iter().zip(&first) {
            body.replace_all_uses(from, to);
        }
        body.erase_op(ops[1]);
        let mut order: Vec<OpId> = ops.iter().copied().filter(|&o| o != ops[1]).collect();
        let last = order.pop();
        order.reverse();
        order.extend(last);
        body.set_block_order(block, &order);
    }

    /// Functions edited on several workers at once through their parts give what editing
    /// them one after the other through the body gives.
    #[test]
    fn parts_edited_at_once_match_the_body_edited_in_turn() {
        let func = |i: usize| {
            format!(
                "tfg.func @f{i}(%a: tensor<i32> {{tfg.name = \"a\"}}) -> (tensor<i32>) {{\n  %x, %ctl = Neg(%a) name(\"x\") {{T = i32}} : (tensor<i32>) -> (tensor<i32>)\n  %y, %ctl_0 = Neg(%a) name(\"y\") {{T = i32}} : (tensor<i32>) -> (tensor<i32>)\n  %w, %ctl_1 = Abs(%y) [%ctl_0] name(\"w\") {{T = i32}} : (tensor<i32>) -> (tensor<i32>)\n  %z, %ctl_2 = AddV2(%x, %y) [%ctl_0, %ctl_1] name(\"z\") {{T = i32}} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)\n  return(%z) : tensor<i32>\n}}\n"
            )
        };
        let text: String = (0..6).map(func).collect();
        let original = crate::syntax::parse_module(&text).expect("parses");
        let funcs: Vec<OpId> = original.body.block_ops(original.top).collect();
        let block_of = |m: &Module, f: OpId| m.body.region(m.body.op(f).regions[0]).blocks[0];

        let mut in_turn = original.clone();
        for &f in &funcs {
            let p = plan(&in_turn, f);
            let b = block_of(&in_turn, f);
            edit(&mut in_turn.body, b, p);
        }

        let mut at_once = original.clone();
        let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
        // SAFETY: each call reads and edits only the IR inside its own function (valid IR:
        // no use crosses a function), and has read all it needs before editing.
        pool.install(|| unsafe {
            at_once.par_edit_parts(&funcs, |m, part, &f| {
                let (p, b) = (plan(m, f), block_of(m, f));
                edit(part, b, p);
            })
        });

        at_once.body.check_use_chains().expect("use chains whole after the parallel edits");
        assert!(crate::verify::verify_module(&at_once).is_empty());
        let print = |m: &Module| crate::printer::print_module(m, Default::default());
        assert_eq!(print(&at_once), print(&in_turn));
        assert_ne!(print(&at_once), print(&original), "the edits change the functions");
        assert!(!print(&at_once).contains("name(\"y\")"));
    }
}
