//! Mapping tables (the third idea of the Amanda design): declarative rules that convert ops
//! of one namespace into ops of another (or lower ops within one), written in YAML, one file
//! per pass in `passes/` (compiled into the binary) or loaded with `--mapping-table=FILE`.
//! The language is documented in docs/mapping-tables.md.
//!
//! * [`yaml`] — the YAML tree with byte spans.
//! * [`model`] — the table as written (matchers, mappers, pushed-down rules).
//! * [`expr`] — the expression form of table strings (`"{capture}"`, `"{helper(x)}"`).

pub mod expr;
pub mod model;
pub mod yaml;
