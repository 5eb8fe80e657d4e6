//! IR → text. [`print_module`] prints a whole module in one of the styles of
//! [`PrintOptions`]: as written (names, literals, attribute order and, with
//! `keep_comments`, comments kept), generic (`--print-op-generic`), or canonical
//! (`--canonical`: exactly what mlir-opt / tfg-opt print).
//!
//! Op forms live in [`ops`]; types and attributes in [`attrs`]; value naming in [`names`];
//! the ops of a block, printed in parallel when the block is large, in [`blocks`].
//!
//! Names (and, in canonical style, MLIR's aliases) are computed once per module before
//! printing and only read while printing, by the calling thread and rayon's workers alike.

pub mod attrs;
pub mod blocks;
pub mod dense;
pub mod float;
pub mod locs;
mod memo;
pub mod names;
pub mod ops;
pub mod segments;
pub mod torch;

pub use attrs::type_to_string;

use rustc_hash::FxHashMap;

use crate::ir::{AliasDef, AliasValue, CommentAnchor, Module, NamedAttr, TypeId};
use crate::parallel::Split;
use attrs::Style;
use names::Names;
use blocks::WorkerState;

/// How to print.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PrintOptions {
    /// Every op in MLIR's generic form.
    pub generic: bool,
    /// Print `loc(...)` locations.
    pub debuginfo: bool,
    /// Print exactly as mlir-opt / tfg-opt do (renamed values, canonical literals).
    pub canonical: bool,
    /// Print comments attached to ops and block ends.
    pub keep_comments: bool,
}

/// Printer state: the module, the options, computed names and the output buffer.
pub struct Printer<'a> {
    pub m: &'a Module,
    pub opts: PrintOptions,
    pub names: &'a Names,
    pub style: Style<'a>,
    pub out: String,
    /// Printed text of each type seen so far (types repeat on almost every op).
    type_text: FxHashMap<TypeId, Box<str>>,
    /// Printed text of the attribute entries that repeat.
    entry_memo: memo::EntryMemo,
    /// Where to stream `out` to as it fills (None: keep everything in `out`).
    sink: Option<&'a mut dyn std::io::Write>,
    io_error: Option<std::io::Error>,
    /// A same-line comment still to be written at the end of the first line of the op whose
    /// text starts at this offset of `out` (see [`Printer::place_eol_comment`]).
    eol_comment: Option<(usize, crate::ir::OpId)>,
    /// How large blocks are split among rayon's workers.
    split: Split,
    /// Predecessors of the blocks of the region whose labels are being printed (its blocks'
    /// positions, one per successor edge), built once per region (`print_predecessors`).
    pub(crate) preds: FxHashMap<crate::ir::RegionId, FxHashMap<crate::ir::BlockId, Vec<usize>>>,
}

/// What every printer of one module shares (the calling thread's and the workers').
#[derive(Clone, Copy)]
pub(crate) struct Shared<'a> {
    m: &'a Module,
    opts: PrintOptions,
    names: &'a Names,
    style: Style<'a>,
    split: Split,
}

/// Prints `m` as text.
pub fn print_module(m: &Module, opts: PrintOptions) -> String {
    print_module_with(m, opts, Split::DEFAULT)
}

/// [`print_module`], with large blocks split among rayon's workers as `split` says (the
/// text does not depend on it).
pub fn print_module_with(m: &Module, opts: PrintOptions, split: Split) -> String {
    let aliases = mlir_aliases(m, opts);
    let names = module_names(m, opts);
    let mut p = Printer::new(shared(m, opts, &names, &aliases, split), WorkerState::default(), None);
    p.print_file(&aliases);
    p.out
}

/// Prints `m` to `w`, streaming (the whole text is never held in memory).
pub fn print_module_to(m: &Module, opts: PrintOptions, w: &mut dyn std::io::Write) -> std::io::Result<()> {
    print_module_to_with(m, opts, Split::DEFAULT, w)
}

/// [`print_module_to`], with large blocks split among rayon's workers as `split` says.
pub fn print_module_to_with(
    m: &Module,
    opts: PrintOptions,
    split: Split,
    w: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let aliases = mlir_aliases(m, opts);
    let names = module_names(m, opts);
    let state = WorkerState { out: String::with_capacity(FLUSH_BYTES * 2), ..Default::default() };
    let mut p = Printer::new(shared(m, opts, &names, &aliases, split), state, Some(w));
    p.print_file(&aliases);
    p.flush(true);
    match p.io_error.take() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// MLIR's own aliases (`#loc3`, `#map`): in canonical output only.
fn mlir_aliases(m: &Module, opts: PrintOptions) -> locs::Aliases {
    if opts.canonical {
        locs::Aliases::compute(m, opts.generic, opts.debuginfo)
    } else {
        locs::Aliases::empty()
    }
}

/// The names of every value and block, in the style of `opts`.
fn module_names(m: &Module, opts: PrintOptions) -> Names {
    if opts.canonical {
        names::canonical_names(m, opts.generic)
    } else {
        names::preserving_names(m)
    }
}

/// The shared part of the printers of `m`. Canonical printing numbers `distinct[N]`
/// attributes in print order, so a module that has any is printed sequentially.
fn shared<'a>(m: &'a Module, opts: PrintOptions, names: &'a Names, aliases: &'a locs::Aliases, split: Split) -> Shared<'a> {
    let split = if opts.canonical && locs::has_distinct_attrs(&m.ctx) { Split::SEQUENTIAL } else { split };
    Shared { m, opts, names, style: Style::new(opts.canonical).with_aliases(aliases), split }
}

/// Output is handed to the sink in pieces of about this size.
const FLUSH_BYTES: usize = 1 << 16;

impl<'a> Printer<'a> {
    fn new(shared: Shared<'a>, state: WorkerState, sink: Option<&'a mut dyn std::io::Write>) -> Self {
        let Shared { m, opts, names, style, split } = shared;
        Printer {
            m,
            opts,
            names,
            style,
            out: state.out,
            type_text: state.type_text,
            entry_memo: state.entry_memo,
            sink,
            io_error: None,
            eol_comment: None,
            split,
            preds: FxHashMap::default(),
        }
    }

    /// Hands the buffered text to the sink (when there is one and it is full enough).
    pub(crate) fn flush(&mut self, force: bool) {
        self.place_eol_comment();
        if !force && self.out.len() < FLUSH_BYTES {
            return;
        }
        if let Some(sink) = self.sink.as_mut() {
            if self.io_error.is_none() {
                if let Err(e) = sink.write_all(self.out.as_bytes()) {
                    self.io_error = Some(e);
                }
            }
            self.out.clear();
        }
    }

    /// Appends text printed elsewhere (by a worker): straight to the sink, after what is
    /// buffered, when there is one; to `out` otherwise.
    pub(crate) fn emit(&mut self, text: &str) {
        if self.sink.is_none() {
            self.out.push_str(text);
            return;
        }
        self.flush(true);
        if let Some(sink) = self.sink.as_mut() {
            if self.io_error.is_none() {
                if let Err(e) = sink.write_all(text.as_bytes()) {
                    self.io_error = Some(e);
                }
            }
        }
    }
}

impl Printer<'_> {
    fn print_file(&mut self, aliases: &locs::Aliases) {
        let m = self.m;
        let top_ops = m.top_ops();
        if self.opts.canonical {
            // mlir-opt: aliases that cannot be deferred, the module, deferred (location)
            // aliases, file metadata, and the blank line mlir-opt's and tfg-opt's main print
            // after each module (TensorFlow's Python printer omits it; see docs/testing.md).
            aliases.write_definitions(&m.ctx, self.style, false, &mut self.out);
            let single_module = top_ops.len() == 1 && m.op_name(top_ops[0]) == "builtin.module";
            if single_module {
                self.print_op(top_ops[0], 0);
            } else {
                if self.opts.generic {
                    self.out.push_str("\"builtin.module\"() ({\n");
                    if top_ops.is_empty() {
                        self.out.push_str("^bb0:\n");
                    }
                } else {
                    self.out.push_str("module {\n");
                }
                self.print_block_ops(m.top, 2);
                self.out.push_str(if self.opts.generic { "}) : () -> ()" } else { "}" });
                if self.opts.debuginfo {
                    self.out.push(' ');
                    locs::write_op_loc(&m.ctx, None, self.style, &mut self.out);
                }
                self.out.push('\n');
            }
            aliases.write_definitions(&m.ctx, self.style, true, &mut self.out);
            self.print_file_metadata();
            self.out.push('\n');
            return;
        }
        // Definitions written after the last top-level op stay there (MLIR's deferred `#loc`
        // aliases, which mlir-opt prints after the module); the others come first.
        let last = m.body.last_op(m.top);
        let trailing = |a: &AliasDef| a.after.is_some() && a.after == last;
        self.print_aliases(|a| !trailing(a));
        self.print_block_ops(m.top, 0);
        self.print_aliases(trailing);
        self.print_block_end_comments(m.top, 0);
        self.print_file_metadata();
    }

    /// The alias definitions `which` selects, in order, each after its comments.
    fn print_aliases(&mut self, which: impl Fn(&AliasDef) -> bool) {
        let m = self.m;
        for (k, alias) in m.aliases.iter().enumerate().filter(|(_, a)| which(a)) {
            self.print_comments(CommentAnchor::BeforeAlias(k as u32), 0);
            match alias.value {
                AliasValue::Attr(a) => {
                    self.out.push('#');
                    self.out.push_str(m.ctx.str(alias.name));
                    self.out.push_str(" = ");
                    attrs::write_attr(&m.ctx, a, self.style, &mut self.out);
                }
                AliasValue::Type(t) => {
                    self.out.push('!');
                    self.out.push_str(m.ctx.str(alias.name));
                    self.out.push_str(" = ");
                    attrs::write_type(&m.ctx, t, self.style, &mut self.out);
                }
            }
            self.out.push('\n');
        }
    }

    /// `{-# ... #-}` sections, verbatim.
    fn print_file_metadata(&mut self) {
        for text in &self.m.file_metadata {
            self.out.push('\n');
            self.out.push_str(text);
            self.out.push('\n');
        }
    }

    /// Appends the text of type `t` (memoized).
    pub(crate) fn push_type(&mut self, t: TypeId) {
        if let Some(text) = self.type_text.get(&t) {
            self.out.push_str(text);
            return;
        }
        let mut text = String::new();
        attrs::write_type(&self.m.ctx, t, self.style, &mut text);
        self.out.push_str(&text);
        self.type_text.insert(t, text.into_boxed_str());
    }

    /// An op's attribute dictionary `{a = 1, b}`, its entries through the memo of repeated
    /// entries.
    pub(crate) fn push_dict(&mut self, entries: &[NamedAttr]) {
        let ctx = &self.m.ctx;
        let sorted;
        let entries = if self.style.canonical {
            sorted = attrs::sorted_by_key(ctx, entries);
            &sorted[..]
        } else {
            entries
        };
        self.out.push('{');
        for (i, &e) in entries.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.entry_memo.push(ctx, e, self.style, &mut self.out);
        }
        self.out.push('}');
    }

    /// `t1, t2, t3`.
    pub(crate) fn push_types(&mut self, types: &[crate::ir::TypeId]) {
        for (i, &t) in types.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.push_type(t);
        }
    }

    /// The result side of a function type: `t`, `(t1, t2)`, `()`.
    pub(crate) fn push_result_types(&mut self, types: &[crate::ir::TypeId]) {
        let ctx = &self.m.ctx;
        let single_plain = types.len() == 1
            && !matches!(ctx.type_data(ctx.resolved_type(types[0])), crate::ir::TypeData::Function { .. });
        if single_plain {
            self.push_type(types[0]);
        } else {
            self.out.push('(');
            self.push_types(types);
            self.out.push(')');
        }
    }

    pub(crate) fn indent(&mut self, n: usize) {
        for _ in 0..n {
            self.out.push(' ');
        }
    }

    pub(crate) fn print_comments(&mut self, anchor: CommentAnchor, indent: usize) {
        if !self.opts.keep_comments || self.opts.canonical {
            return;
        }
        if let Some(lines) = self.m.comments.get(&anchor) {
            for line in lines {
                self.indent(indent);
                self.out.push_str(line);
                self.out.push('\n');
            }
        }
    }

    /// Notes the same-line comment of `op` (whose text starts at `out[start..]`), if kept.
    pub(crate) fn note_eol_comment(&mut self, op: crate::ir::OpId, start: usize) {
        if !self.opts.keep_comments || self.opts.canonical {
            return;
        }
        if self.m.comments.contains_key(&CommentAnchor::EndOfLine(op)) {
            self.eol_comment = Some((start, op));
        }
    }

    /// Writes the pending same-line comment at the end of its op's first line, once that line
    /// is complete (before anything is flushed, before a nested op, after the op).
    pub(crate) fn place_eol_comment(&mut self) {
        let Some((start, op)) = self.eol_comment.take() else { return };
        let m = self.m;
        let Some(entry) = m.comments.get(&CommentAnchor::EndOfLine(op)).and_then(|v| v.first()) else { return };
        match self.out[start..].find('\n') {
            Some(k) => self.out.insert_str(start + k, entry),
            None => self.out.push_str(entry),
        }
    }

    pub(crate) fn print_block_end_comments(&mut self, block: crate::ir::BlockId, indent: usize) {
        self.print_comments(CommentAnchor::BlockEnd(block), indent);
    }
}

/// Prints one type as text (preserving style).
pub fn type_text(m: &Module, t: crate::ir::TypeId) -> String {
    type_to_string(&m.ctx, t)
}

// ---- One op on its own (the pass manager's IR dumps of a nested pass's op) ----

/// Prints `op` alone (with its regions), as MLIR prints the op a nested pass ran on in
/// `--print-ir-after-all` dumps. Names are those of the whole module; MLIR's aliases are
/// not used (their definitions belong to the file).
pub fn print_op_text(m: &Module, op: crate::ir::OpId, opts: PrintOptions) -> String {
    let aliases = locs::Aliases::empty();
    let names = module_names(m, opts);
    let mut p = Printer::new(shared(m, opts, &names, &aliases, Split::SEQUENTIAL), WorkerState::default(), None);
    p.print_op(op, 0);
    p.out
}
