//! What constant folding needs to know about an op name, worked out once per name and
//! pass run: the greedy driver looks an op's kind up by its interned name ([`Sym`]) in a
//! small table instead of comparing strings per op and per pattern. Also the attribute
//! names the patterns read on most ops, interned once per run.

use std::cell::RefCell;

use rustc_hash::FxHashMap;

use crate::ir::{Context, Sym};

use super::constant_folding::Options;
use super::patterns;

/// The facts about one op name (see [`patterns::classify`]).
#[derive(Clone, Copy)]
pub struct OpKind {
    /// A `tfg.` op: the only ones the patterns rewrite.
    pub tfg: bool,
    /// `tfg.Const` or `tfg.HostConst`.
    pub is_const: bool,
    /// `tfg.return`, `tfg.yield` or `tfg.condition`: never rewritten.
    pub terminator: bool,
    pub is_return: bool,
    /// The op type (name without `tfg.`) is `IdentityN`.
    pub is_identity_n: bool,
    /// The op type passes the type tests of `IsFoldable`.
    pub foldable: bool,
    /// The pattern rooted on the op type, if any.
    pub specific: Option<(patterns::Pattern, patterns::Cat)>,
    /// Bit `i`: pattern `i` of [`patterns::ANY_OP`] may match an op of this type (its test
    /// of the op type passes; the pattern still makes it itself).
    pub any_mask: u32,
}

/// The per-run table of op kinds, filled as names are met.
pub struct OpKinds {
    map: RefCell<FxHashMap<Sym, OpKind>>,
    opts: Options,
}

/// Attribute names the patterns look up on many ops.
#[derive(Clone, Copy)]
pub struct AttrSyms {
    pub value: Sym,
    pub dtype: Sym,
    pub has_folded: Sym,
    pub in_place: Sym,
    pub inplace: Sym,
}

impl AttrSyms {
    /// Interns the names (interning a name adds nothing to the IR).
    pub fn new(ctx: &mut Context) -> AttrSyms {
        AttrSyms {
            value: ctx.sym("value"),
            dtype: ctx.sym("dtype"),
            has_folded: ctx.sym("has_folded"),
            in_place: ctx.sym("in_place"),
            inplace: ctx.sym("inplace"),
        }
    }
}

impl OpKinds {
    pub fn new(opts: &Options) -> OpKinds {
        OpKinds { map: RefCell::new(FxHashMap::default()), opts: opts.clone() }
    }

    /// The kind of ops named `name`.
    pub fn get(&self, ctx: &Context, name: Sym) -> OpKind {
        if let Some(&k) = self.map.borrow().get(&name) {
            return k;
        }
        let k = patterns::classify(ctx.str(name), &self.opts);
        self.map.borrow_mut().insert(name, k);
        k
    }
}
