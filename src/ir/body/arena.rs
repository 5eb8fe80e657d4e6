//! [`Arena`]: the vector behind each of [`Body`](super::Body)'s entity kinds, reached one
//! element at a time. `Vec`'s indexing goes through a reference to the whole slice; an
//! arena's goes through its buffer pointer (`Vec::as_ptr`, which does not make a reference
//! to the slice) to the one element asked for. A reader of some elements and a writer of
//! others (through [`Arena::as_mut_ptr`], see [`BodyPart`](super::BodyPart)) then never
//! hold references to the same memory, which is what lets the functions of a library be
//! read and edited by several threads at once.

use std::ops::{Index, IndexMut};

/// A growable array of entities, indexed by position (see the module doc).
#[derive(Clone, Debug)]
pub struct Arena<T>(Vec<T>);

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena(Vec::new())
    }
}

impl<T> Arena<T> {
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The element at `i`, if there is one.
    #[inline]
    pub fn get(&self, i: usize) -> Option<&T> {
        // SAFETY: in bounds; the pointer is the buffer's own (no reference to the slice).
        (i < self.0.len()).then(|| unsafe { &*self.0.as_ptr().add(i) })
    }

    pub fn push(&mut self, value: T) {
        self.0.push(value);
    }

    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }

    /// Every element in order (a reference to all of them: not while parts are edited).
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// Every element, for a writer of all of them (on several threads: in disjoint chunks).
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.0
    }

    /// The buffer, for writers of disjoint elements on several threads.
    pub fn as_mut_ptr(&mut self) -> *mut T {
        self.0.as_mut_ptr()
    }
}

impl<T> Index<usize> for Arena<T> {
    type Output = T;

    #[inline]
    fn index(&self, i: usize) -> &T {
        let len = self.0.len();
        assert!(i < len, "entity {i} out of {len}");
        // SAFETY: in bounds; the pointer is the buffer's own (no reference to the slice).
        unsafe { &*self.0.as_ptr().add(i) }
    }
}

impl<T> IndexMut<usize> for Arena<T> {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut T {
        let len = self.0.len();
        assert!(i < len, "entity {i} out of {len}");
        // SAFETY: in bounds, and `&mut self` excludes every other access.
        unsafe { &mut *self.0.as_mut_ptr().add(i) }
    }
}

impl<T> Extend<T> for Arena<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        self.0.extend(items);
    }
}

impl<T> IntoIterator for Arena<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}
