//! The conversion summary (`--summary`): after a pipeline with a conversion pass
//! (`convert-tf-to-torch`, a mapping table), a short report on stderr — ops in and out by
//! type, the rules each table applied, the time of each conversion and of the whole run.
//!
//! It reads what the pass manager already records (the [`StageReport`] tree of times and
//! statistics): a table reports each rule it applied as a statistic named
//! [`RULE_PREFIX`]`<rule>` ([`rule_stat`]), which `--pass-statistics` shows too. Only the op
//! counts before and after the pipeline are its own ([`count_ops`]).
//!
//! Shown with `--summary`, or by default when stderr is a terminal (`--no-summary` turns it
//! off there); never otherwise, so pipes and tests stay clean.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use rustc_hash::FxHashSet;

use super::instrumentation::StageReport;
use super::manager::{OpPipeline, Stage};
use crate::ir::Module;

/// Statistics named `rule:NAME` count the applications of the rule NAME of a table.
pub const RULE_PREFIX: &str = "rule:";
/// Their description in `--pass-statistics`.
pub const RULE_DESCRIPTION: &str = "Applications of this mapping-table rule";

/// The statistic name of rule `rule` (`rule:NAME`), as the `&'static str` statistics
/// take: each distinct name is allocated once for the process (as table names are).
pub fn rule_stat(rule: &str) -> &'static str {
    static NAMES: OnceLock<Mutex<FxHashSet<&'static str>>> = OnceLock::new();
    let key = format!("{}{}", RULE_PREFIX, rule);
    let mut names = NAMES.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&s) = names.get(key.as_str()) {
        return s;
    }
    let s: &'static str = Box::leak(key.into_boxed_str());
    names.insert(s);
    s
}

/// Whether the summary is shown: `--summary`, or stderr is a terminal and not
/// `--no-summary`.
pub fn wanted(flag: bool, no_flag: bool) -> bool {
    use std::io::IsTerminal;
    flag || (!no_flag && std::io::stderr().is_terminal())
}

/// How many ops of each name a module holds (every op, nested ones included).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpCounts(pub BTreeMap<String, u64>);

impl OpCounts {
    pub fn total(&self) -> u64 {
        self.0.values().sum()
    }

    pub fn merge(&mut self, other: &OpCounts) {
        for (k, v) in &other.0 {
            *self.0.entry(k.clone()).or_default() += v;
        }
    }
}

/// Counts the ops of `m` by name.
pub fn count_ops(m: &Module) -> OpCounts {
    let mut by_sym: rustc_hash::FxHashMap<crate::ir::Sym, u64> = Default::default();
    for op in m.top_ops() {
        m.body.walk(op, |o| *by_sym.entry(m.body.op(o).name).or_default() += 1);
    }
    OpCounts(by_sym.into_iter().map(|(s, n)| (m.ctx.str(s).to_string(), n)).collect())
}

/// Whether a pass converts: `convert-tf-to-torch` or a mapping table.
pub fn is_conversion(pass: &str) -> bool {
    pass == "convert-tf-to-torch" || crate::tables::pass::is_table_pass(pass)
}

/// Whether the pipeline runs a conversion (the summary is only about conversions).
pub fn has_conversion(root: &OpPipeline) -> bool {
    root.passes().iter().any(|e| is_conversion(e.name))
}

/// The summary text: ops in and out by type, rules applied per conversion pass (each run
/// summed), the time of each conversion pass and of the run.
pub fn render(ops_in: &OpCounts, ops_out: &OpCounts, root: &OpPipeline, report: &[StageReport], total: Duration) -> String {
    let mut out = String::from("=== conversion summary ===\n");
    let mut passes = Vec::new();
    collect(root, report, &mut passes);
    let types: std::collections::BTreeSet<&String> = ops_in.0.keys().chain(ops_out.0.keys()).collect();
    let w = types.iter().map(|t| t.len()).max().unwrap_or(0).max("op type".len()).max("total".len());
    let count = |c: Option<&u64>| c.map_or("-".to_string(), |n| n.to_string());
    let _ = writeln!(out, "  {:<w$}  {:>7}  {:>7}", "op type", "in", "out", w = w);
    for t in &types {
        let _ = writeln!(out, "  {:<w$}  {:>7}  {:>7}", t, count(ops_in.0.get(*t)), count(ops_out.0.get(*t)), w = w);
    }
    let _ = writeln!(out, "  {:<w$}  {:>7}  {:>7}", "total", ops_in.total(), ops_out.total(), w = w);
    for (name, r) in &passes {
        let rules: Vec<(&str, u64)> =
            r.stats.0.iter().filter_map(|&(n, _, v)| n.strip_prefix(RULE_PREFIX).map(|rule| (rule, v))).collect();
        let applied: u64 = rules.iter().map(|r| r.1).sum();
        let _ = writeln!(out, "  {}: {} rule application{} in {:.4} s", name, applied, if applied == 1 { "" } else { "s" }, r.time.as_secs_f64());
        let mut rules = rules;
        rules.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let wr = rules.iter().map(|r| r.0.len()).max().unwrap_or(0);
        for (rule, v) in rules {
            let _ = writeln!(out, "    {:<wr$}  {:>7}", rule, v, wr = wr);
        }
        for &(n, d, v) in &r.stats.0 {
            if !n.starts_with(RULE_PREFIX) && v > 0 {
                let _ = writeln!(out, "    ({} {}: {})", v, n, d);
            }
        }
    }
    let _ = writeln!(out, "  total time: {:.4} s", total.as_secs_f64());
    out
}

/// The conversion passes of the pipeline with their reports (a pass nested in a pipeline
/// that ran on several ops: its summed report), in pipeline order.
fn collect<'r>(p: &OpPipeline, report: &'r [StageReport], out: &mut Vec<(&'static str, &'r StageReport)>) {
    for (s, r) in p.stages.iter().zip(report) {
        match s {
            Stage::Pass(e) if is_conversion(e.name) => out.push((e.name, r)),
            Stage::Pass(_) => {}
            Stage::Nest(n) => collect(n, &r.children, out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_names_are_interned_once() {
        let a = rule_stat("MatMul");
        let b = rule_stat(&String::from("MatMul"));
        assert_eq!(a, "rule:MatMul");
        assert!(std::ptr::eq(a, b));
    }

    #[test]
    fn summary_lists_types_rules_and_times() {
        use super::super::manager::Nesting;
        let root = OpPipeline::new("builtin.module", Nesting::Explicit);
        let mut ins = OpCounts::default();
        ins.0.insert("tfg.MatMul".into(), 2);
        let mut outs = OpCounts::default();
        outs.0.insert("torch.aten.mm".into(), 2);
        let text = render(&ins, &outs, &root, &[], Duration::from_millis(5));
        assert!(text.contains("  tfg.MatMul           2        -\n"), "{}", text);
        assert!(text.contains("  torch.aten.mm        -        2\n"), "{}", text);
        assert!(text.contains("  total                2        2\n"), "{}", text);
        assert!(text.ends_with("  total time: 0.0050 s\n"));
    }
}
