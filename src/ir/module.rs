//! [`Module`]: one parsed file (or one `--split-input-file` chunk): the context, the body
//! arenas, the top-level block, alias definitions, and side tables for presentation only
//! (comments). Passes that do not care about presentation never look at the side tables.

use rustc_hash::FxHashMap;

use super::body::{Body, Span};
use super::context::Context;
use super::{AttrId, BlockId, OpId, Sym, TypeId};

/// A `#name = attr` or `!name = type` definition at the top of a file.
#[derive(Clone, Debug)]
pub struct AliasDef {
    pub name: Sym,
    pub value: AliasValue,
    pub span: Span,
}

#[derive(Clone, Copy, Debug)]
pub enum AliasValue {
    Type(TypeId),
    Attr(AttrId),
}

/// Where a comment block is attached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommentAnchor {
    /// Directly above this op (function, graph or node).
    BeforeOp(OpId),
    /// Before the closing `}` of this block's region (or the end of the file for the top block).
    BlockEnd(BlockId),
}

/// A parsed file.
#[derive(Clone, Debug)]
pub struct Module {
    pub ctx: Context,
    pub body: Body,
    /// The ops written at the top level, in an implicit `builtin.module`.
    pub top: BlockId,
    pub aliases: Vec<AliasDef>,
    /// Comment lines (text without the trailing newline), by anchor.
    pub comments: FxHashMap<CommentAnchor, Vec<String>>,
    /// `{-# ... #-}` sections (dialect resources), verbatim, printed back after the ops.
    pub file_metadata: Vec<String>,
}

impl Module {
    pub fn new(ctx: Context) -> Self {
        let mut body = Body::new();
        let top = body.create_block(Span::default());
        Module { ctx, body, top, aliases: Vec::new(), comments: FxHashMap::default(), file_metadata: Vec::new() }
    }

    /// The top-level ops in order.
    pub fn top_ops(&self) -> Vec<OpId> {
        self.body.block_ops(self.top).collect()
    }

    /// The full name of `op` as a string.
    pub fn op_name(&self, op: OpId) -> &str {
        self.ctx.str(self.body.op(op).name)
    }

    /// Looks an attribute of `op` up by its name.
    pub fn op_attr(&self, op: OpId, name: &str) -> Option<AttrId> {
        let sym = self.ctx.lookup_sym(name)?;
        self.body.attr(op, sym)
    }
}
