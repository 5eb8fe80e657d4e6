//! IR → text. [`print_module`] prints a whole module in one of the styles of
//! [`PrintOptions`]: as written (names, literals, attribute order and, with
//! `keep_comments`, comments kept), generic (`--print-op-generic`), or canonical
//! (`--canonical`: exactly what mlir-opt / tfg-opt print).
//!
//! Op forms live in [`ops`]; types and attributes in [`attrs`]; value naming in [`names`].

pub mod attrs;
pub mod dense;
pub mod float;
pub mod locs;
pub mod names;
pub mod ops;

pub use attrs::type_to_string;

use crate::ir::{AliasValue, CommentAnchor, Module};
use attrs::Style;
use names::Names;

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
    pub names: Names,
    pub style: Style<'a>,
    pub out: String,
}

/// Prints `m` as text.
pub fn print_module(m: &Module, opts: PrintOptions) -> String {
    let names = if opts.canonical { names::canonical_names(m, opts.generic) } else { names::preserving_names(m) };
    // MLIR's own aliases (`#loc3`, `#map`) exist in canonical output only.
    let aliases = if opts.canonical { locs::Aliases::compute(m, opts.generic, opts.debuginfo) } else { locs::Aliases::empty() };
    let mut p = Printer {
        m,
        opts,
        names,
        style: Style::new(opts.canonical).with_aliases(&aliases),
        out: String::with_capacity(1 << 12),
    };
    p.print_file(&aliases);
    p.out
}

impl Printer<'_> {
    fn print_file(&mut self, aliases: &locs::Aliases) {
        let m = self.m;
        let top_ops = m.top_ops();
        if self.opts.canonical {
            // mlir-opt: aliases that cannot be deferred, the module, deferred (location)
            // aliases, and a blank line.
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
                for &op in &top_ops {
                    self.print_op(op, 2);
                }
                self.out.push_str(if self.opts.generic { "}) : () -> ()" } else { "}" });
                if self.opts.debuginfo {
                    self.out.push(' ');
                    locs::write_op_loc(&m.ctx, None, self.style, &mut self.out);
                }
                self.out.push('\n');
            }
            aliases.write_definitions(&m.ctx, self.style, true, &mut self.out);
            self.out.push('\n');
            return;
        }
        for alias in &m.aliases {
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
        for &op in &top_ops {
            self.print_op(op, 0);
        }
        self.print_block_end_comments(m.top, 0);
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

    pub(crate) fn print_block_end_comments(&mut self, block: crate::ir::BlockId, indent: usize) {
        self.print_comments(CommentAnchor::BlockEnd(block), indent);
    }
}

/// Prints one type as text (preserving style).
pub fn type_text(m: &Module, t: crate::ir::TypeId) -> String {
    type_to_string(&m.ctx, t)
}
