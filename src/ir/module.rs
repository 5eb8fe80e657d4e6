//! [`Module`]: one parsed file (or one `--split-input-file` chunk): the context, the body
//! arenas, the top-level block, alias definitions, and side tables for presentation only
//! (comments). Passes that do not care about presentation never look at the side tables.

use rustc_hash::FxHashMap;

use super::body::{Body, Span};
use super::context::Context;
use super::{AttrId, BlockId, OpId, Sym, TypeId};

/// A `#name = attr` or `!name = type` definition at the top level of a file.
#[derive(Clone, Debug)]
pub struct AliasDef {
    pub name: Sym,
    pub value: AliasValue,
    pub span: Span,
    /// The top-level op the definition followed in the text (`None`: it came before them).
    /// Definitions after the last top-level op (MLIR's deferred `#loc` aliases) are printed
    /// back there; all others before the ops.
    pub after: Option<OpId>,
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
    /// At the end of the first line of this op, after it on the same line (one entry: the
    /// whitespace before the `//` as written, then the comment).
    EndOfLine(OpId),
    /// Before the closing `}` of this block's region (or the end of the file for the top block).
    BlockEnd(BlockId),
    /// Above this block's label (`^bb1:`), at the label's indentation; only the formatter
    /// places comments and blank lines here.
    BeforeBlock(BlockId),
    /// Above the alias definition of this index in [`Module::aliases`]; only the formatter
    /// places comments and blank lines here.
    BeforeAlias(u32),
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
    /// Set once the IR was changed after parsing (by a pass, an importer, or code using
    /// [`Module::mark_edited`]): spelled value names may then repeat in a scope (a cloned
    /// or moved op keeps its names), so the printer checks them before trusting them.
    pub edited: bool,
}

impl Module {
    pub fn new(ctx: Context) -> Self {
        let mut body = Body::new();
        let top = body.create_block(Span::default());
        Module { ctx, body, top, aliases: Vec::new(), comments: FxHashMap::default(), file_metadata: Vec::new(), edited: false }
    }

    /// The block whose ops are the module's: the body of a file's only op when that op is an
    /// explicit `module { ... }`, else the top-level block (the implicit module).
    pub fn root_block(&self) -> BlockId {
        let mut ops = self.body.block_ops(self.top);
        if let (Some(only), None) = (ops.next(), ops.next()) {
            if self.op_name(only) == "builtin.module" {
                if let Some(&r) = self.body.op(only).regions.first() {
                    if let Some(&b) = self.body.region(r).blocks.first() {
                        return b;
                    }
                }
            }
        }
        self.top
    }

    /// Moves the comments above op `from` to op `to`, after any `to` has, and its comment
    /// at the end of its line unless `to` has one: what a rewrite does when `to` takes
    /// `from`'s place.
    pub fn move_comments(&mut self, from: OpId, to: OpId) {
        if let Some(lines) = self.comments.remove(&CommentAnchor::BeforeOp(from)) {
            self.comments.entry(CommentAnchor::BeforeOp(to)).or_default().extend(lines);
        }
        // A line has room for one trailing comment: `to`'s own wins.
        if let Some(line) = self.comments.remove(&CommentAnchor::EndOfLine(from)) {
            self.comments.entry(CommentAnchor::EndOfLine(to)).or_insert(line);
        }
    }

    /// Records that the IR was changed after parsing (see [`Module::edited`]).
    pub fn mark_edited(&mut self) {
        self.edited = true;
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

    /// The value of a string attribute of `op`.
    fn op_string(&self, op: OpId, key: &str) -> Option<String> {
        let bytes = self.ctx.string_value(self.op_attr(op, key)?)?;
        Some(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// The node name (`name("...")`, the `_mlir_name` attribute).
    pub fn node_name(&self, op: OpId) -> Option<String> {
        self.op_string(op, NODE_NAME)
    }

    /// The requested device (`device("...")`, the `_mlir_device` attribute).
    pub fn device(&self, op: OpId) -> Option<String> {
        self.op_string(op, DEVICE)
    }

    /// The assigned device (`assigned_device("...")`, `_mlir_assigned_device`).
    pub fn assigned_device(&self, op: OpId) -> Option<String> {
        self.op_string(op, ASSIGNED_DEVICE)
    }

    /// Sets (or with `None` removes) a string attribute such as [`NODE_NAME`] or [`DEVICE`],
    /// keeping the position of an existing entry.
    pub fn set_string_attr(&mut self, op: OpId, key: &str, value: Option<&str>) {
        let name = self.ctx.sym(key);
        let value = value.map(|v| self.ctx.string_attr(v));
        let attrs = &mut self.body.op_mut(op).attrs;
        let pos = attrs.iter().position(|a| a.name == name);
        match (pos, value) {
            (Some(i), Some(v)) => attrs[i].value = v,
            (None, Some(v)) => attrs.push(crate::ir::NamedAttr::new(name, v)),
            (Some(i), None) => {
                attrs.remove(i);
            }
            (None, None) => {}
        }
    }
}

/// The attribute holding a node's name (tfg: `name("...")`).
pub const NODE_NAME: &str = "_mlir_name";
/// The attribute holding a node's requested device (tfg: `device("...")`).
pub const DEVICE: &str = "_mlir_device";
/// The attribute holding a node's assigned device (tfg: `assigned_device("...")`).
pub const ASSIGNED_DEVICE: &str = "_mlir_assigned_device";

#[cfg(test)]
mod tests {
    #[test]
    fn node_name_and_device_are_first_class() {
        let text = "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n  %a, %ctl = Foo device(\"CPU\") name(\"n\") : () -> (tensor<i32>)\n}\n";
        let mut m = crate::syntax::parse_module(text).expect("parses");
        let graph = m.top_ops()[0];
        let region = m.body.op(graph).regions[0];
        let block = m.body.region(region).blocks[0];
        let op = m.body.first_op(block).expect("one op");
        assert_eq!(m.node_name(op).as_deref(), Some("n"));
        assert_eq!(m.device(op).as_deref(), Some("CPU"));
        m.set_string_attr(op, super::DEVICE, Some("GPU"));
        m.set_string_attr(op, super::NODE_NAME, None);
        assert_eq!(m.device(op).as_deref(), Some("GPU"));
        assert_eq!(m.node_name(op), None);
    }
}
