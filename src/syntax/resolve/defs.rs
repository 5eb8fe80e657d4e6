//! [`Defs`]: the scoped name table of name resolution, and defining a large region's names
//! on several threads at once ([`Defs::define_ops`]).
//!
//! The table holds the definitions in the order made, chained the latest first. A name's
//! visible definition is the latest with its name (an inner one shadows an outer one by
//! coming later); leaving a region unchains its definitions, which are the latest of all
//! and so the heads of their chains.
//!
//! The chains are dense arrays, indexed the way names come: TensorFlow's and MLIR's names
//! are counters (`%Conv2D_12, %ctl_12`, `%12`), so a name with a number is chained by its
//! number (with the few other stems that share it), and a name without one by its stem's
//! symbol (interned in the order met). A region's definitions then walk through both arrays
//! nearly in order, where a hash table would jump over all of it for every name. Numbers
//! too large for the array, and numbers shared by too many stems, are chained in a hash
//! map instead.
//!
//! A name's chain holds only definitions of that name's number (or stem), so the names fall
//! into [`SHARDS`] shards whose chains never meet: runs of [`SHARD_RUN`] numbers taken in
//! turn, the stems likewise. Threads that each define the names of their own shards, in the
//! region's order, build exactly the chains one thread would.

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::diag::Diagnostic;
use crate::ir::{Module, OpId, Span, ValueId, ValueName};

/// No definition (index into [`Defs::defs`]).
pub const NONE: u32 = u32::MAX;

/// A name's definition: a run of `count` consecutive values starting at `first`, made in
/// region `scope` (see `scope_id`) under the isolated-from-above region `iso`.
#[derive(Clone, Copy)]
pub struct Def {
    pub name: ValueName,
    /// The definition made before this one in the same chain.
    next: u32,
    chain: Chain,
    pub first: ValueId,
    pub count: u32,
    pub scope: u32,
    /// Id of the innermost isolated region (or the top level) the definition is under.
    pub iso: u32,
}

impl Def {
    pub fn new(name: ValueName, first: ValueId, count: u32, scope: u32, iso: u32) -> Def {
        Def { name, next: NONE, chain: Chain::ByNumber, first, count, scope, iso }
    }
}

/// Which of the chains of [`Defs`] a definition is in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Chain {
    /// [`Defs::by_number`], under its number.
    ByNumber,
    /// [`Defs::by_stem`], under its stem (a name without a number).
    ByStem,
    /// The overflow map of its shard, under its name.
    Overflow,
    /// None: a redefinition, reported and kept out of every chain.
    Rejected,
}

/// Longest chain of [`Defs::by_number`] a definition joins; later ones go to the overflow.
const MAX_CHAIN: usize = 8;

/// How many shards the names fall into (see the module doc).
const SHARDS: usize = 16;

/// Consecutive numbers in one shard: a thread's writes to [`Defs::by_number`] stay in runs
/// of this many slots.
const SHARD_RUN: u32 = if cfg!(test) { 2 } else { 1024 };

/// The shard of `name`: by its number, or by its stem if it has none.
#[inline]
fn shard_of(name: ValueName) -> usize {
    match name.number() {
        Some(n) => (n / SHARD_RUN) as usize % SHARDS,
        None => name.stem().index() / 64 % SHARDS,
    }
}

/// The scoped name table (see the module doc).
pub struct Defs {
    defs: Vec<Def>,
    by_number: Vec<u32>,
    by_stem: Vec<u32>,
    /// One map per shard.
    overflow: Vec<FxHashMap<ValueName, u32>>,
}

/// The table through its buffers' pointers, as [`Defs::define_ops`]'s threads reach it: each
/// reads and writes only its own shards' chain heads and overflow maps, and the entries of
/// [`Defs::defs`] in those chains (made before the threads started, or by itself).
#[derive(Clone, Copy)]
struct Slots {
    defs: *mut Def,
    by_number: *mut u32,
    numbers: usize,
    by_stem: *mut u32,
    stems: usize,
    overflow: *mut FxHashMap<ValueName, u32>,
}

// SAFETY: the threads sharing a `Slots` reach disjoint elements (see the struct's doc).
unsafe impl Send for Slots {}
unsafe impl Sync for Slots {}

impl Slots {
    /// The head of `name`'s chain in the arrays (`None`: the name goes to the overflow).
    #[inline]
    fn array_slot(self, name: ValueName) -> Option<*mut u32> {
        // SAFETY: in bounds of the arrays.
        match name.number() {
            Some(n) => ((n as usize) < self.numbers).then(|| unsafe { self.by_number.add(n as usize) }),
            None => (name.stem().index() < self.stems).then(|| unsafe { self.by_stem.add(name.stem().index()) }),
        }
    }

    /// The entry at `i` of the table.
    ///
    /// SAFETY: `i` was read from a chain, so the entry is written; by this thread, or before
    /// the threads started.
    #[inline]
    unsafe fn def(self, i: u32) -> Def {
        unsafe { *self.defs.add(i as usize) }
    }

    /// The overflow map of `name`'s shard.
    ///
    /// SAFETY: only the thread of that shard reaches it while threads define.
    #[inline]
    unsafe fn overflow(self, name: ValueName) -> *mut FxHashMap<ValueName, u32> {
        unsafe { self.overflow.add(shard_of(name)) }
    }

    /// The index of the visible definition of `name`, and how far its array chain was
    /// walked to find it.
    ///
    /// SAFETY: the caller may read `name`'s shard (see [`Slots`]).
    unsafe fn latest(self, name: ValueName) -> (Option<u32>, usize) {
        let mut walked = 0;
        let mut found = None;
        // SAFETY: the slot and the entries of its chain are in the caller's shard.
        let mut i = self.array_slot(name).map_or(NONE, |s| unsafe { *s });
        while i != NONE {
            let d = unsafe { self.def(i) };
            if d.name == name {
                found = Some(i);
                break;
            }
            walked += 1;
            i = d.next;
        }
        let overflow = unsafe { &*self.overflow(name) };
        if overflow.is_empty() {
            return (found, walked);
        }
        (found.max(overflow.get(&name).copied().filter(|&i| i != NONE)), walked)
    }

    /// Writes `def` as entry `at` and chains it, unless it redefines a name in its own
    /// region: then the entry is [`Chain::Rejected`] and the result the definition it
    /// repeats.
    ///
    /// SAFETY: entry `at` is this thread's to write, and `def.name`'s shard its to use.
    unsafe fn define_at(self, at: u32, mut def: Def) -> Result<(), Def> {
        let (visible, walked) = unsafe { self.latest(def.name) };
        if let Some(prev) = visible.map(|i| unsafe { self.def(i) }) {
            if prev.scope == def.scope {
                def.chain = Chain::Rejected;
                unsafe { self.defs.add(at as usize).write(def) };
                return Err(prev);
            }
        }
        let head = match def.name.number() {
            Some(_) if walked >= MAX_CHAIN => None,
            Some(_) => self.array_slot(def.name).map(|s| (s, Chain::ByNumber)),
            None => self.array_slot(def.name).map(|s| (s, Chain::ByStem)),
        };
        (def.next, def.chain) = match head {
            Some((slot, chain)) => (unsafe { std::mem::replace(&mut *slot, at) }, chain),
            None => (unsafe { (*self.overflow(def.name)).insert(def.name, at) }.unwrap_or(NONE), Chain::Overflow),
        };
        unsafe { self.defs.add(at as usize).write(def) };
        Ok(())
    }
}

impl Defs {
    /// A table for a module of `values` values and `syms` symbols.
    pub fn new(values: usize, syms: usize) -> Defs {
        Defs {
            defs: Vec::new(),
            by_number: vec![NONE; 2 * values + 1024],
            by_stem: vec![NONE; syms],
            overflow: (0..SHARDS).map(|_| FxHashMap::default()).collect(),
        }
    }

    /// How many entries the table has (where a region's definitions start).
    pub fn len(&self) -> usize {
        self.defs.len()
    }

    /// The table for writing (see [`Slots`]).
    fn slots(&mut self) -> Slots {
        Slots {
            defs: self.defs.as_mut_ptr(),
            by_number: self.by_number.as_mut_ptr(),
            numbers: self.by_number.len(),
            by_stem: self.by_stem.as_mut_ptr(),
            stems: self.by_stem.len(),
            overflow: self.overflow.as_mut_ptr(),
        }
    }

    /// The table for reading: the pointers of [`slots`](Self::slots), only read through.
    fn view(&self) -> Slots {
        Slots {
            defs: self.defs.as_ptr().cast_mut(),
            by_number: self.by_number.as_ptr().cast_mut(),
            numbers: self.by_number.len(),
            by_stem: self.by_stem.as_ptr().cast_mut(),
            stems: self.by_stem.len(),
            overflow: self.overflow.as_ptr().cast_mut(),
        }
    }

    /// The visible definition of `name`.
    pub fn get(&self, name: ValueName) -> Option<&Def> {
        // SAFETY: `&self` excludes writers.
        let (i, _) = unsafe { self.view().latest(name) };
        self.defs.get(i? as usize)
    }

    /// Starts loading the array slot of `name` (a hint for a definition or a lookup to come).
    #[inline]
    pub fn prefetch(&self, name: ValueName) {
        if let Some(slot) = self.view().array_slot(name) {
            crate::ir::intern::prefetch_ptr(slot);
        }
    }

    /// Starts loading the latest definition in the chain of `name` (after [`prefetch`](Self::prefetch)).
    #[inline]
    pub fn prefetch_head(&self, name: ValueName) {
        // SAFETY: the slot is in bounds; `&self` excludes writers.
        let head = self.view().array_slot(name).map_or(NONE, |s| unsafe { *s });
        if let Some(d) = self.defs.get(head as usize) {
            crate::ir::intern::prefetch_read(d);
        }
    }

    /// Defines `def.name` in `def.scope`; reports a redefinition in the same region.
    pub fn define(&mut self, module: &Module, def: Def, span: Span, errors: &mut Vec<Diagnostic>) {
        let at = self.defs.len();
        self.defs.reserve(1);
        // SAFETY: entry `at` is within the capacity, and this thread is the only one.
        let defined = unsafe { self.slots().define_at(at as u32, def) };
        // SAFETY: `define_at` wrote entry `at`.
        unsafe { self.defs.set_len(at + 1) };
        if let Err(prev) = defined {
            errors.push(redefinition(module, def.name, span, prev));
        }
    }

    /// Defines the names of the results of `ops` (in order), as [`define`](Self::define) on
    /// each would, on every thread of rayon's pool: each thread walks all of `ops` and
    /// defines the names of its shards. `groups` is how many names the ops define;
    /// `def(name, first, count)` makes each one's definition.
    pub fn define_ops(
        &mut self,
        module: &Module,
        ops: &[OpId],
        groups: usize,
        def: impl Fn(ValueName, ValueId, u32) -> Def + Sync,
        errors: &mut Vec<Diagnostic>,
    ) {
        let base = self.defs.len();
        self.defs.reserve(groups);
        let slots = self.slots();
        let threads = rayon::current_num_threads().clamp(1, SHARDS);
        let found: Vec<(usize, Vec<(usize, Diagnostic)>)> = (0..threads)
            .into_par_iter()
            .map(|thread| {
                let mine = |name: ValueName| shard_of(name) % threads == thread;
                let mut errors = Vec::new();
                let mut at = base;
                for (i, &op) in ops.iter().enumerate() {
                    // Each definition reads and writes its chain's head, anywhere in the
                    // array: loaded some ops ahead.
                    if let Some(&later) = ops.get(i + DEFINE_AHEAD) {
                        for name in module.body.op(later).result_names.iter().filter_map(|g| g.name).filter(|&n| mine(n)) {
                            if let Some(slot) = slots.array_slot(name) {
                                crate::ir::intern::prefetch_ptr(slot);
                            }
                        }
                    }
                    super::result_defs(module, op, &mut |name, first, count, span| {
                        if mine(name) && at < base + groups {
                            // SAFETY: entry `at` is within the capacity reserved and is
                            // this thread's (its name is in this thread's shards).
                            if let Err(prev) = unsafe { slots.define_at(at as u32, def(name, first, count)) } {
                                errors.push((at, redefinition(module, name, span, prev)));
                            }
                        }
                        at += 1;
                    });
                }
                (at - base, errors)
            })
            .collect();
        // Every entry was written by the thread of its name's shard, if the count is right.
        assert!(found.iter().all(|(n, _)| *n == groups), "define_ops: the ops define other than {groups} names");
        // SAFETY: entries `base..base + groups` are written (just above).
        unsafe { self.defs.set_len(base + groups) };
        let mut found: Vec<(usize, Diagnostic)> = found.into_iter().flat_map(|(_, e)| e).collect();
        found.sort_by_key(|(at, _)| *at);
        errors.extend(found.into_iter().map(|(_, d)| d));
    }

    /// Forgets the definitions from the `from`-th on (those of a region being left, its
    /// nested regions' already forgotten), making visible again what they shadowed.
    pub fn forget_from(&mut self, from: usize) {
        for d in self.defs[from..].iter().rev() {
            match d.chain {
                Chain::ByNumber => self.by_number[d.name.number().unwrap_or(0) as usize] = d.next,
                Chain::ByStem => self.by_stem[d.name.stem().index()] = d.next,
                Chain::Overflow => {
                    self.overflow[shard_of(d.name)].insert(d.name, d.next);
                }
                Chain::Rejected => {}
            }
        }
        self.defs.truncate(from);
    }
}

/// How many ops ahead of the one whose names are being defined their slots are loaded.
pub const DEFINE_AHEAD: usize = 8;

/// The diagnostic for defining `name` again in the region of `prev`.
fn redefinition(module: &Module, name: ValueName, span: Span, prev: Def) -> Diagnostic {
    Diagnostic::error(span, format!("redefinition of SSA value '%{}'", module.ctx.value_name_text(name)))
        .with_note(Some(super::def_span(module, prev.first)), "previously defined here")
}
