//! The mapping table that chooses each node's lowering (`passes/convert-tf-to-torch.yaml`):
//! its rules match TensorFlow nodes (op type and attributes, with tags) and either name a
//! lowering with `call:` ([`super::lowering`]; the table is checked against the lowerings
//! this module implements when it loads) or name the torch op itself (`dst: {type:
//! aten::sub.Tensor, layout: any}`, lowered by [`super::ops::declared`]). A node no rule matches is first lowered by the
//! `lower-tf-to-primitive` table when one of its rules applies (ngraph's lowering to
//! semi-primitive ops), and its pieces are then converted by the table's rules.

use std::sync::Arc;

use super::ops::declared::DECLARED;
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
        name != DECLARED && lowering(name).is_some()
    }
    fn native_names(&self) -> Vec<String> {
        lowering_names().iter().filter(|&&n| n != DECLARED).map(|n| n.to_string()).collect()
    }
}

/// The conversion table, loaded and checked.
pub fn load() -> Result<Arc<Table>, String> {
    table_named(TABLE, &Lowerings)
}

/// The tables a conversion asks, in order: the `rules=` files, then the conversion table;
/// with the tags rules are selected with.
#[derive(Clone, Debug)]
pub struct Tables {
    pub tables: Vec<Arc<Table>>,
    pub tags: Tags,
}

impl Tables {
    /// The `rules=` files (YAML mapping tables from TensorFlow to PyTorch) in front of the
    /// conversion table. An unreadable or malformed file is an error naming it (rendered).
    pub fn load(rule_files: &[String], tags: Tags) -> Result<Tables, String> {
        let mut tables = Vec::new();
        for path in rule_files {
            let text = std::fs::read_to_string(path).map_err(|e| format!("convert-tf-to-torch: rules={}: {}", path, e))?;
            let loaded = {
                let reg = crate::namespace::global().read().map_err(|_| "namespace registry is poisoned".to_string())?;
                Table::load(path, &text, &reg, &Lowerings)
            };
            let table = loaded.map_err(|d| crate::tables::pass::render(path, &text, &d))?;
            if table.src_fw != crate::namespace::Framework::TensorFlow || table.dst_fw != crate::namespace::Framework::PyTorch {
                return Err(format!(
                    "convert-tf-to-torch: rules={}: a table of rules for this pass converts amanda/tensorflow to amanda/pytorch, not {} to {}",
                    path, table.src_ns, table.dst_ns
                ));
            }
            tables.push(Arc::new(table));
        }
        tables.push(load()?);
        Ok(Tables { tables, tags })
    }

    /// The first rule of the first table that has one for `op`.
    pub fn select(&self, m: &Module, op: OpId) -> Option<crate::tables::Selected> {
        self.tables.iter().find_map(|t| t.select(m, op, &self.tags))
    }

    /// The lowering chosen for `op` with the rule that chose it: the native its rule
    /// `call:`s, or [`DECLARED`] for a rule that names the torch op itself.
    pub fn choose(&self, m: &Module, op: OpId) -> Option<Choice> {
        let rule = self.select(m, op)?;
        let lowering = match rule.call() {
            Some(call) => lowering_names().iter().copied().find(|n| *n == call)?,
            None => DECLARED,
        };
        Some(Choice { lowering, rule })
    }
}

/// A node's lowering and the rule of the table that chose it.
pub struct Choice {
    pub lowering: &'static str,
    pub rule: crate::tables::Selected,
}

/// A rule of the fallback table that applies only to nodes the conversion tables have no rule for.
struct Fallback<'t> {
    inner: TablePattern<'t>,
    tables: &'t Tables,
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
        if self.tables.choose(rw.m, op).is_some() {
            return Ok(false);
        }
        self.inner.match_and_rewrite(rw, op)
    }
}

/// Lowers, with `lower-tf-to-primitive`, the nodes of `target` that `tables` have no rule for;
/// returns how many rewrites that took. When every node has a rule, the fallback table is
/// not even read (its rules match TensorFlow nodes only, and only those without a rule):
/// that is most graphs, and reading it was a tenth of converting a small model.
pub fn lower_unconvertible(m: &mut Module, target: PassTarget, tables: &Tables) -> Result<u64, Vec<Diagnostic>> {
    let ruleless = |op: OpId| crate::dialect::tfg::is_tfg(m, op) && !crate::dialect::traits::is_intrinsic(m.op_name(op)) && tables.choose(m, op).is_none();
    if !target.nested_ops(m).into_iter().any(ruleless) {
        return Ok(0);
    }
    let natives = Natives::builtin();
    let fallback = table_named(FALLBACK, &natives).map_err(|e| vec![Diagnostic::error_nowhere(e.trim_end())])?;
    let all = Tags::new(Vec::<String>::new());
    let patterns: Vec<Fallback> = (0..fallback.rules.len())
        .filter(|&i| all.allows(&fallback.rules[i].def.tags))
        .map(|rule| Fallback { inner: TablePattern { table: &fallback, rule, natives: &natives }, tables })
        .collect();
    let refs: Vec<&dyn Pattern> = patterns.iter().map(|p| p as &dyn Pattern).collect();
    let stats = apply_greedily(m, target, &refs, GreedyConfig::default())?;
    Ok(stats.total())
}
