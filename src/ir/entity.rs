//! Typed ids into the IR's arenas (Cranelift's entity references): `u32` handles that are
//! cheap to copy, hash and store, and never dangle into freed memory.

macro_rules! entity {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        // Stored as `index + 1`, so that `Option<Id>` takes no more room than the id.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(std::num::NonZeroU32);

        impl $name {
            /// The id of the `index`th entry of its arena.
            #[inline]
            pub fn new(index: usize) -> Self {
                debug_assert!(index < u32::MAX as usize);
                match std::num::NonZeroU32::new((index as u32).wrapping_add(1)) {
                    Some(n) => $name(n),
                    None => panic!("arena index out of range"),
                }
            }
            /// Position in its arena.
            #[inline]
            pub fn index(self) -> usize {
                (self.0.get() - 1) as usize
            }
        }

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}({})", stringify!($name), self.index())
            }
        }
    };
}

entity!(
    /// An operation in a [`Body`](crate::ir::Body).
    OpId
);
entity!(
    /// An SSA value: an op result or a block argument.
    ValueId
);
entity!(
    /// A basic block.
    BlockId
);
entity!(
    /// A region: a list of blocks owned by an op.
    RegionId
);
entity!(
    /// An interned type in a [`Context`](crate::ir::Context).
    TypeId
);
entity!(
    /// An interned attribute (also used for locations) in a [`Context`](crate::ir::Context).
    AttrId
);
entity!(
    /// An interned string.
    Sym
);
