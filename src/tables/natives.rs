//! Native rewrites: `dst: {call: NAME}` hands a match to a Rust function (PDLL's native
//! rewrites). [`Natives`] is a registry of them; the table passes use [`Natives::builtin`].
//! A native returns `Ok(false)` when it does not apply at the match (nothing changed).

use super::compile::{NativeNames, Rule, Table};
use super::matcher::Match;
use crate::dialect::tfg;
use crate::rewrite::Rewriter;

pub type NativeFn = fn(&mut Rewriter, &Table, &Rule, &Match) -> Result<bool, String>;

#[derive(Clone, Default)]
pub struct Natives {
    fns: Vec<(&'static str, &'static str, NativeFn)>,
}

impl Natives {
    /// The natives of the built-in table passes.
    pub fn builtin() -> Natives {
        let mut n = Natives::default();
        n.add("forward_first_input", "replace the root by its first data input (ngraph forwarding: Identity-like ops)", forward_first_input);
        n
    }

    pub fn add(&mut self, name: &'static str, doc: &'static str, f: NativeFn) {
        self.fns.push((name, doc, f));
    }

    pub fn get(&self, name: &str) -> Option<NativeFn> {
        self.fns.iter().find(|(n, ..)| *n == name).map(|(.., f)| *f)
    }

    /// (name, description) of each.
    pub fn list(&self) -> Vec<(&'static str, &'static str)> {
        self.fns.iter().map(|(n, d, _)| (*n, *d)).collect()
    }
}

impl NativeNames for Natives {
    fn has_native(&self, name: &str) -> bool {
        self.get(name).is_some()
    }
    fn native_names(&self) -> Vec<String> {
        self.fns.iter().map(|(n, ..)| n.to_string()).collect()
    }
}

fn forward_first_input(rw: &mut Rewriter, _t: &Table, rule: &Rule, mt: &Match) -> Result<bool, String> {
    let root = mt.ops[rule.root];
    let data = tfg::data_operands(rw.m, root);
    let n = tfg::data_results(rw.m, root).len();
    if data.is_empty() || n != 1 {
        return Ok(false);
    }
    // Users of the root's control token wait for what the root waited for.
    rw.replace_op(root, &data[..1], None);
    Ok(true)
}
