//! amanda-opt: read, check, rewrite and convert neural-network graphs written as MLIR-style
//! (tfg-like) text.
//!
//! Data flow, text to text:
//!
//! ```text
//! text ─► syntax::lexer (logos) ─► grammar (lalrpop) + syntax::builder ─► syntax::resolve
//!      ─► ir::Module (arenas, interned types/attrs) ─► verify ─► passes ─► printer ─► text
//! ```
//!
//! * [`syntax`] — lexer, grammar actions, name resolution, split-input-file and comments.
//! * [`ir`] — the data-oriented IR: [`ir::Module`], [`ir::Body`], [`ir::Context`].
//! * [`verify`] — MLIR's structural rules and tfg's.
//! * [`printer`] — custom, generic and canonical (tfg-opt compatible) printing.
//! * [`parallel`] — how verification and printing split large blocks among rayon's workers.
//! * [`namespace`] — versioned op vocabularies (TensorFlow, ONNX, PyTorch) and checks against them.
//! * [`passes`] — the pass manager and the built-in passes.
//! * [`rewrite`] — the pattern rewrite engine (greedy driver, forwarding rewriter).
//! * [`tables`] — mapping tables: YAML rules between namespaces, run as passes.
//! * [`diag`] — diagnostics, rendered with codespan-reporting.
//! * [`input`] — reading the input (memory-mapped when it is a regular file).
//! * [`cli`] — the `amanda-opt` command line.
//! * [`format`] — the formatter (`--format`); [`lsp`] — the language server `amanda-lsp`.
//! * [`convert`] — conversions out of tfg (`convert-tf-to-torch`).

pub mod cli;
pub mod convert;
pub mod diag;
pub mod dialect;
pub mod emit;
pub mod expect;
pub mod format;
pub mod input;
pub mod interchange;
pub mod ir;
pub mod lsp;
pub mod namespace;
pub mod output;
pub mod parallel;
pub mod passes;
pub mod printer;
pub mod progress;
pub mod rewrite;
pub mod syntax;
pub mod tables;
pub mod testgen;
pub mod verify;
