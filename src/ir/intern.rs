//! Uniquing stores: map values to dense ids and back. Used for strings, types and
//! attributes; equality of ids is equality of values.
//!
//! Both stores keep each value once: an open-addressing index ([`IdTable`]) maps a value's
//! hash to its id, and lookups compare against the stored value. Strings live in large
//! shared chunks rather than one allocation each, so a million distinct names cost a few
//! bytes of bookkeeping apiece and no per-string `malloc`.

use rustc_hash::FxBuildHasher;
use std::hash::{BuildHasher, Hash};

/// A 32-bit hash of `value` (both halves of the 64-bit Fx hash folded together).
fn hash32<T: Hash + ?Sized>(value: &T) -> u32 {
    let h = FxBuildHasher.hash_one(value);
    (h ^ (h >> 32)) as u32
}

/// Empty slot marker: the id half is `u32::MAX`, which no stored item has.
const EMPTY: u64 = u64::MAX;

/// Linear-probing hash index of `(hash, id)` pairs packed in a `u64`; at most 3/4 full.
/// A probe reads one slot array (no separate control bytes and buckets): one cache miss
/// per lookup in a large table. The interners index their values with it; CSE its known
/// expressions.
#[derive(Debug, Clone, Default)]
pub(crate) struct IdTable {
    slots: Vec<u64>,
    len: usize,
}

impl IdTable {
    /// The id stored under `hash` for which `eq(id)` holds.
    #[inline]
    pub(crate) fn find(&self, hash: u32, mut eq: impl FnMut(u32) -> bool) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let s = self.slots[i];
            if s == EMPTY {
                return None;
            }
            if (s >> 32) as u32 == hash && eq(s as u32) {
                return Some(s as u32);
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds `id` (known to be absent) under `hash`.
    pub(crate) fn insert(&mut self, hash: u32, id: u32) {
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow_to((self.slots.len() * 2).max(16));
        }
        self.place(((hash as u64) << 32) | id as u64);
        self.len += 1;
    }

    /// Makes room for `additional` more ids without growing on the way.
    pub(crate) fn reserve(&mut self, additional: usize) {
        let needed = ((self.len + additional) * 4).div_ceil(3).next_power_of_two();
        if needed > self.slots.len() {
            self.grow_to(needed);
        }
    }

    fn grow_to(&mut self, cap: usize) {
        let old = std::mem::replace(&mut self.slots, vec![EMPTY; cap]);
        for s in old {
            if s != EMPTY {
                self.place(s);
            }
        }
    }

    /// Asks the processor to start loading the slot a probe for `hash` begins at: a hint
    /// that lets the lookups of a batch wait for memory together rather than in turn.
    #[inline]
    pub(crate) fn prefetch(&self, hash: u32) {
        if let Some(slot) = self.slots.get(hash as usize & self.slots.len().wrapping_sub(1)) {
            prefetch_read(slot);
        }
    }

    /// The id of the first slot of `hash`'s probe whose hash matches (the likely answer of
    /// [`IdTable::find`], unconfirmed): for prefetching what `find` will compare.
    #[inline]
    fn first_candidate(&self, hash: u32) -> Option<u32> {
        self.find(hash, |_| true)
    }

    fn place(&mut self, slot: u64) {
        let mask = self.slots.len() - 1;
        let mut i = (slot >> 32) as usize & mask;
        while self.slots[i] != EMPTY {
            i = (i + 1) & mask;
        }
        self.slots[i] = slot;
    }
}

/// Starts loading `value` into the cache; only a hint.
#[inline]
pub(crate) fn prefetch_read<T>(value: &T) {
    prefetch_ptr(value as *const T)
}

/// [`prefetch_read`] through a pointer (which need not be valid to read).
#[inline]
pub(crate) fn prefetch_ptr<T>(at: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint; it reads nothing and cannot fault.
    #[allow(unused_unsafe)]
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(at as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}

/// Strings interned together by [`StrInterner::intern_all`].
const BATCH: usize = 16;

/// Dense, append-only uniquing table.
#[derive(Debug, Clone)]
pub struct Interner<T: Hash + Eq + Clone> {
    items: Vec<T>,
    index: IdTable,
}

impl<T: Hash + Eq + Clone> Default for Interner<T> {
    fn default() -> Self {
        Interner { items: Vec::new(), index: IdTable::default() }
    }
}

impl<T: Hash + Eq + Clone> Interner<T> {
    /// The id of `value`, adding it if new.
    pub fn intern(&mut self, value: T) -> usize {
        let hash = hash32(&value);
        self.intern_hashed(value, hash)
    }

    /// Interns `values` in order, as [`intern`](Self::intern) one by one would, appending
    /// their ids to `ids`; their index slots are loaded together (see
    /// [`StrInterner::intern_all`]).
    pub fn intern_all(&mut self, values: Vec<T>, ids: &mut Vec<usize>) {
        let hashes: Vec<u32> = values.iter().map(|v| hash32(v)).collect();
        for &hash in &hashes {
            self.index.prefetch(hash);
        }
        for (value, hash) in values.into_iter().zip(hashes) {
            ids.push(self.intern_hashed(value, hash));
        }
    }

    fn intern_hashed(&mut self, value: T, hash: u32) -> usize {
        let items = &self.items;
        if let Some(id) = self.index.find(hash, |id| items[id as usize] == value) {
            return id as usize;
        }
        let id = self.items.len();
        self.items.push(value);
        self.index.insert(hash, id as u32);
        id
    }

    /// Appends `value` under a new id without entering it in the index: for values the
    /// caller uniques itself (it must never pass one that is already here, nor later
    /// [`intern`](Self::intern) or [`lookup`](Self::lookup) one it added this way).
    pub fn push_unindexed(&mut self, value: T) -> usize {
        self.items.push(value);
        self.items.len() - 1
    }

    /// Makes room for `additional` more values without growing on the way.
    pub fn reserve(&mut self, additional: usize) {
        self.items.reserve(additional);
        self.index.reserve(additional);
    }

    /// The id of `value` if it was interned before.
    pub fn lookup(&self, value: &T) -> Option<usize> {
        let items = &self.items;
        self.index.find(hash32(value), |id| items[id as usize] == *value).map(|i| i as usize)
    }

    pub fn get(&self, id: usize) -> &T {
        &self.items[id]
    }

    /// Starts loading value `id` (a hint for a [`get`](Self::get) to come).
    pub fn prefetch(&self, id: usize) {
        if let Some(v) = self.items.get(id) {
            prefetch_read(v);
        }
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// Bytes per string chunk; longer strings get a chunk of their own.
const CHUNK: usize = 1 << 20;

/// Where an interned string is: `chunks[chunk][start..start + len]`.
#[derive(Debug, Clone, Copy)]
struct StrLoc {
    chunk: u32,
    start: u32,
    len: u32,
}

/// Entries in [`StrInterner::recent`].
const RECENT: usize = 4096;

/// String interner that looks up by `&str` without allocating.
#[derive(Debug, Default, Clone)]
pub struct StrInterner {
    /// String storage; a chunk never reallocates once created (its capacity is fixed).
    chunks: Vec<String>,
    /// The chunk small strings are appended to.
    current: usize,
    locs: Vec<StrLoc>,
    index: IdTable,
    /// Direct-mapped cache of recently interned strings, `(hash, id)` packed like the
    /// index's slots and placed by hash. Names are mostly used close to where they are
    /// defined, so most lookups hit here (in L1/L2) instead of missing in the large index.
    /// [`intern_all`](Self::intern_all) neither reads nor fills it: the strings it imports
    /// are mostly new, and the cache would only cost them another miss.
    recent: Vec<u64>,
}

impl StrInterner {
    pub fn intern(&mut self, s: &str) -> usize {
        let hash = hash32(s);
        if self.recent.is_empty() {
            self.recent = vec![EMPTY; RECENT];
        }
        let slot = hash as usize % RECENT;
        let cached = self.recent[slot];
        if cached != EMPTY && (cached >> 32) as u32 == hash && self.get(cached as u32 as usize) == s {
            return cached as u32 as usize;
        }
        let id = self.intern_hashed(s, hash);
        self.recent[slot] = ((hash as u64) << 32) | id as u64;
        id
    }

    /// Stores `s` under a new id without entering it in the index: a string that `intern`
    /// and `lookup` do not find, so the same text may get several ids. For a context whose
    /// strings are uniqued later by [`intern_all`](Self::intern_all) into another (a part
    /// of a parallel parse, for its string values: nearly all of them, the ops' own
    /// names, are seen once), this keeps its index small.
    pub fn push_unindexed(&mut self, s: &str) -> usize {
        let id = self.locs.len();
        let loc = self.store(s);
        self.locs.push(loc);
        id
    }

    /// Interns `strings` in order, as [`intern`](Self::intern) one by one would, appending
    /// their ids to `ids`. Faster for many strings that are mostly new to a large interner
    /// (importing another context): the index slots of a batch are loaded together.
    pub fn intern_all<'s>(&mut self, mut strings: impl Iterator<Item = &'s str>, ids: &mut Vec<usize>) {
        loop {
            let mut batch: [(&str, u32); BATCH] = [("", 0); BATCH];
            let mut n = 0;
            for s in strings.by_ref().take(BATCH) {
                let hash = hash32(s);
                self.index.prefetch(hash);
                batch[n] = (s, hash);
                n += 1;
            }
            // A string already present is compared with the stored one: its location, then
            // its bytes, are two more loads from anywhere in memory. Start them for the
            // whole batch (a stage per load) before the lookups wait for any.
            let mut candidates = [None; BATCH];
            for (c, &(_, hash)) in candidates.iter_mut().zip(&batch[..n]) {
                *c = self.index.first_candidate(hash);
                if let Some(id) = *c {
                    if let Some(l) = self.locs.get(id as usize) {
                        prefetch_read(l);
                    }
                }
            }
            for &id in candidates[..n].iter().flatten() {
                if let Some(l) = self.locs.get(id as usize) {
                    if let Some(b) = self.chunks.get(l.chunk as usize).and_then(|c| c.as_bytes().get(l.start as usize)) {
                        prefetch_read(b);
                    }
                }
            }
            for &(s, hash) in &batch[..n] {
                ids.push(self.intern_hashed(s, hash));
            }
            if n < BATCH {
                return;
            }
        }
    }

    /// The id of `s` (whose hash is `hash`), added if new; by the index alone.
    fn intern_hashed(&mut self, s: &str, hash: u32) -> usize {
        match self.find(hash, s) {
            Some(id) => id,
            None => {
                let id = self.locs.len();
                let loc = self.store(s);
                self.locs.push(loc);
                self.index.insert(hash, id as u32);
                id
            }
        }
    }

    pub fn lookup(&self, s: &str) -> Option<usize> {
        self.find(hash32(s), s)
    }

    /// Makes room for `additional` more strings without growing on the way.
    pub fn reserve(&mut self, additional: usize) {
        self.locs.reserve(additional);
        self.index.reserve(additional);
    }

    /// Starts loading where string `id` is (a hint for a [`get`](Self::get) to come).
    pub fn prefetch_loc(&self, id: usize) {
        if let Some(l) = self.locs.get(id) {
            prefetch_read(l);
        }
    }

    /// Starts loading the text of string `id`; best after [`prefetch_loc`](Self::prefetch_loc)
    /// has had time to bring in its location.
    pub fn prefetch_text(&self, id: usize) {
        if let Some(l) = self.locs.get(id) {
            if let Some(b) = self.chunks.get(l.chunk as usize).and_then(|c| c.as_bytes().get(l.start as usize)) {
                prefetch_read(b);
            }
        }
    }

    pub fn get(&self, id: usize) -> &str {
        let l = self.locs[id];
        let start = l.start as usize;
        &self.chunks[l.chunk as usize][start..start + l.len as usize]
    }

    /// Number of distinct strings interned (ids are `0..len()`).
    pub fn len(&self) -> usize {
        self.locs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.locs.is_empty()
    }

    fn find(&self, hash: u32, s: &str) -> Option<usize> {
        self.index.find(hash, |id| self.get(id as usize) == s).map(|i| i as usize)
    }

    /// Copies `s` into the chunks.
    fn store(&mut self, s: &str) -> StrLoc {
        if s.len() > CHUNK / 4 {
            self.chunks.push(s.to_string());
            return StrLoc { chunk: (self.chunks.len() - 1) as u32, start: 0, len: s.len() as u32 };
        }
        let fits = self.chunks.get(self.current).map(|c| c.capacity() - c.len() >= s.len()).unwrap_or(false);
        if !fits {
            self.chunks.push(String::with_capacity(CHUNK));
            self.current = self.chunks.len() - 1;
        }
        let chunk = &mut self.chunks[self.current];
        let start = chunk.len();
        chunk.push_str(s);
        StrLoc { chunk: self.current as u32, start: start as u32, len: s.len() as u32 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_round_trip_and_unique() {
        let mut t = StrInterner::default();
        let words: Vec<String> = (0..50_000).map(|i| format!("name_{}", i % 20_000)).collect();
        let ids: Vec<usize> = words.iter().map(|w| t.intern(w)).collect();
        assert_eq!(t.len(), 20_000);
        for (w, &id) in words.iter().zip(&ids) {
            assert_eq!(t.get(id), w);
            assert_eq!(t.lookup(w), Some(id));
        }
        assert_eq!(t.lookup("absent"), None);
        // Interning many at once gives what interning them one by one gives.
        let more: Vec<String> = (0..100).map(|i| format!("name_{}", 19_950 + i)).collect();
        let mut batch = Vec::new();
        t.intern_all(more.iter().map(|s| s.as_str()), &mut batch);
        let mut single = t.clone();
        let one_by_one: Vec<usize> = more.iter().map(|w| single.intern(w)).collect();
        assert_eq!(batch, one_by_one);
        assert_eq!(t.len(), 20_050);
        let empty = t.intern("");
        assert_eq!(t.intern(""), empty);
        assert_eq!(t.get(empty), "");
    }

    #[test]
    fn reserving_room_changes_nothing_but_growth() {
        let mut grown = StrInterner::default();
        let mut reserved = StrInterner::default();
        reserved.reserve(1000);
        let slots = reserved.index.slots.len();
        assert!(slots * 3 >= 1000 * 4);
        for i in 0..1000 {
            let w = format!("w{}", i % 700);
            assert_eq!(grown.intern(&w), reserved.intern(&w));
        }
        assert_eq!(reserved.index.slots.len(), slots, "grew despite the reservation");
        assert_eq!((reserved.len(), reserved.lookup("w5")), (700, grown.lookup("w5")));
        // Reserving again, with strings in, keeps them findable.
        reserved.reserve(100_000);
        assert_eq!(reserved.lookup("w699"), grown.lookup("w699"));
    }

    #[test]
    fn long_strings_get_their_own_chunk() {
        let mut t = StrInterner::default();
        let long = "x".repeat(CHUNK + 10);
        let a = t.intern("short");
        let b = t.intern(&long);
        let c = t.intern("after");
        assert_eq!((t.get(a), t.get(b), t.get(c)), ("short", long.as_str(), "after"));
        assert_eq!(t.intern(&long), b);
    }

    #[test]
    fn values_are_kept_once() {
        let mut t: Interner<Vec<u32>> = Interner::default();
        for i in 0..10_000u32 {
            assert_eq!(t.intern(vec![i % 100, 1]), (i % 100) as usize);
        }
        assert_eq!(t.len(), 100);
        assert_eq!(t.lookup(&vec![5, 1]), Some(5));
        assert_eq!(t.lookup(&vec![5, 2]), None);
        let mut ids = Vec::new();
        t.intern_all(vec![vec![7, 1], vec![500, 1], vec![500, 1]], &mut ids);
        assert_eq!(ids, [7, 100, 100]);
    }
}
