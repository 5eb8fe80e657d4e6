//! Mapping tables (the third idea of the Amanda design): declarative rules that convert ops
//! of one namespace into ops of another (or lower ops within one), written in YAML, one file
//! per pass in `passes/` (compiled into the binary) or loaded with `--mapping-table=FILE`.
//! The language is documented in docs/mapping-tables.md.
//!
//! * [`yaml`] — the YAML tree with byte spans (`yaml_tree`, which the build script shares to
//!   compile the built-in tables' trees into the binary: [`builtin_tree`]).
//! * [`model`] — the table as written (matchers, mappers, pushed-down rules).
//! * [`expr`], [`value`], [`helpers`] — the expression form and its Rust helper functions.
//! * [`compile`] — checking a table against its namespaces ([`Table::load`]).
//! * [`matcher`], [`apply`] — matching a rule at an op and applying its mapper.
//! * [`pass`] — tables as passes of the registry (`--list-passes` shows them).
//! * [`select`] — the hook for passes that choose a rule per op without rewriting
//!   ([`Table::select`]).

pub mod apply;
pub mod compile;
pub mod expr;
pub mod helpers;
pub mod matcher;
pub mod model;
pub mod natives;
pub mod pass;
pub mod select;
pub mod value;
pub mod yaml;
mod yaml_tree;

use crate::ir::Span;
use yaml_tree::{Kind, Node};

pub use compile::{NativeNames, NoNatives, Rule, Table};
pub use natives::Natives;
pub use pass::{add_table_files, load_table_files, register};
pub use select::{Selected, SelectedDst, Tags};

/// The YAML text of a built-in table (a file of `passes/`) by its pass name.
pub fn builtin(name: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// Every built-in table: (pass name, YAML text), from `passes/*.yaml` at build time.
pub static BUILTIN: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/builtin_tables.rs"));

/// The YAML tree of a built-in table, read from its file at build time (build.rs): what
/// parsing [`builtin`]'s text gives, without parsing it.
pub fn builtin_tree(name: &str) -> Option<Node> {
    let trees = include!(concat!(env!("OUT_DIR"), "/builtin_trees.rs"));
    trees(name)
}

/// A node of a tree written by the build script.
fn tree_node(start: usize, end: usize, kind: Kind) -> Node {
    Node::new(Span::new(start, end), kind)
}

#[cfg(test)]
mod tests {
    /// The trees compiled in are what reading the tables' text gives, spans included.
    #[test]
    fn built_in_trees_are_the_parsed_tables() {
        let names: Vec<&str> = super::BUILTIN.iter().map(|(n, _)| *n).collect();
        assert!(names.contains(&"convert-tf-to-torch") && names.contains(&"convert-torch-to-tf"), "{:?}", names);
        for (name, text) in super::BUILTIN {
            let parsed = super::yaml::parse(text).expect("a built-in table reads");
            assert_eq!(super::builtin_tree(name).as_ref(), Some(&parsed), "{}", name);
        }
        assert!(super::builtin_tree("no-such-table").is_none());
    }
}
