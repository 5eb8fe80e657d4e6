//! The mapping table that chooses each node's lowering (`passes/convert-tf-to-torch.yaml`):
//! its rules match TensorFlow nodes (op type and attributes, with tags) and name a lowering
//! with `call:` ([`super::lowering`]), so the table is checked against the lowerings this
//! module implements when it loads. A node no rule matches is first lowered by the
//! `lower-tf-to-primitive` table when one of its rules applies (ngraph's lowering to
//! semi-primitive ops), and its pieces are then converted by the table's rules.

use std::sync::Arc;

use super::ops::{lowering, lowering_names};
use crate::diag::Diagnostic;
use crate::ir::{Module, OpId};
use crate::passes::PassTarget;
use crate::rewrite::{apply_greedily, GreedyConfig, Pattern, Rewriter};
use crate::tables::pass::{table_named, TablePattern};
use crate::tables::{NativeNames, Natives, Table, Tags};

/// The table's name: `passes/convert-tf-to-torch.yaml`, or a `--mapping-table` file of that name.
pub const TABLE: &str = "convert-tf-to-torch";
/// The table of semi-primitive lowerings used for nodes the table has no rule for.
pub const FALLBACK: &str = "lower-tf-to-primitive";

/// The natives a conversion table may call: the lowerings.
struct Lowerings;

impl NativeNames for Lowerings {
    fn has_native(&self, name: &str) -> bool {
        lowering(name).is_some()
    }
    fn native_names(&self) -> Vec<String> {
        lowering_names().iter().map(|n| n.to_string()).collect()
    }
}

/// The conversion table, loaded and checked.
pub fn load() -> Result<Arc<Table>, String> {
    table_named(TABLE, &Lowerings)
}

/// The lowering the table chooses for `op` (the first matching rule with the tags).
pub fn choose(table: &Table, tags: &Tags, m: &Module, op: OpId) -> Option<&'static str> {
    let selected = table.select(m, op, tags)?;
    let call = selected.call()?;
    lowering_names().iter().copied().find(|n| *n == call)
}

/// A rule of the fallback table that applies only to nodes the conversion table has no rule for.
struct Fallback<'t> {
    inner: TablePattern<'t>,
    table: &'t Table,
    tags: &'t Tags,
}

impl Pattern for Fallback<'_> {
    fn name(&self) -> &str {
        self.inner.name()
    }
    fn benefit(&self) -> i64 {
        self.inner.benefit()
    }
    fn root(&self) -> Option<&str> {
        self.inner.root()
    }
    fn match_and_rewrite(&self, rw: &mut Rewriter<'_>, op: OpId) -> Result<bool, Diagnostic> {
        if choose(self.table, self.tags, rw.m, op).is_some() {
            return Ok(false);
        }
        self.inner.match_and_rewrite(rw, op)
    }
}

/// Lowers, with `lower-tf-to-primitive`, the nodes of `target` that `table` has no rule for;
/// returns how many rewrites that took.
pub fn lower_unconvertible(m: &mut Module, target: PassTarget, table: &Table, tags: &Tags) -> Result<u64, Vec<Diagnostic>> {
    let natives = Natives::builtin();
    let fallback = table_named(FALLBACK, &natives).map_err(|e| vec![Diagnostic::error_nowhere(e.trim_end())])?;
    let all = Tags::new(Vec::<String>::new());
    let patterns: Vec<Fallback> = (0..fallback.rules.len())
        .filter(|&i| all.allows(&fallback.rules[i].def.tags))
        .map(|rule| Fallback { inner: TablePattern { table: &fallback, rule, natives: &natives }, table, tags })
        .collect();
    let refs: Vec<&dyn Pattern> = patterns.iter().map(|p| p as &dyn Pattern).collect();
    let stats = apply_greedily(m, target, &refs, GreedyConfig::default())?;
    Ok(stats.total())
}
