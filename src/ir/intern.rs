//! A uniquing store: maps values to dense ids and back. Used for strings, types and
//! attributes; equality of ids is equality of values.

use rustc_hash::FxHashMap;
use std::hash::Hash;

/// Dense, append-only uniquing table.
#[derive(Debug, Clone)]
pub struct Interner<T: Hash + Eq + Clone> {
    items: Vec<T>,
    ids: FxHashMap<T, u32>,
}

impl<T: Hash + Eq + Clone> Default for Interner<T> {
    fn default() -> Self {
        Interner { items: Vec::new(), ids: FxHashMap::default() }
    }
}

impl<T: Hash + Eq + Clone> Interner<T> {
    /// The id of `value`, adding it if new.
    pub fn intern(&mut self, value: T) -> usize {
        if let Some(&id) = self.ids.get(&value) {
            return id as usize;
        }
        let id = self.items.len();
        self.items.push(value.clone());
        self.ids.insert(value, id as u32);
        id
    }

    /// The id of `value` if it was interned before.
    pub fn lookup(&self, value: &T) -> Option<usize> {
        self.ids.get(value).map(|&i| i as usize)
    }

    pub fn get(&self, id: usize) -> &T {
        &self.items[id]
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// String interner that looks up by `&str` without allocating.
#[derive(Debug, Default, Clone)]
pub struct StrInterner {
    items: Vec<Box<str>>,
    ids: FxHashMap<Box<str>, u32>,
}

impl StrInterner {
    pub fn intern(&mut self, s: &str) -> usize {
        if let Some(&id) = self.ids.get(s) {
            return id as usize;
        }
        let id = self.items.len();
        let boxed: Box<str> = s.into();
        self.items.push(boxed.clone());
        self.ids.insert(boxed, id as u32);
        id
    }

    pub fn lookup(&self, s: &str) -> Option<usize> {
        self.ids.get(s).map(|&i| i as usize)
    }

    pub fn get(&self, id: usize) -> &str {
        &self.items[id]
    }
}
