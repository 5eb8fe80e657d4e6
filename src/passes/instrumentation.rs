//! What the pass manager records around each pass, and its reports in mlir-opt's formats:
//! IR dumps (`--print-ir-before/after[-all|-change|-failure]`, MLIR's `IRPrinterInstrumentation`),
//! the execution time tree (`--timing`, as `--mlir-timing`), and pass statistics
//! (`--pass-statistics`, as `--mlir-pass-statistics`, pipeline or list display).
//!
//! MLIR names a pass by its C++ class in these reports (`CSE`, `Canonicalizer`); passes here
//! have no class, so the CamelCase of the flag name stands for it (`tfg-toposort` →
//! `TfgToposort`), followed by the flag name as MLIR does: `IR Dump After TfgToposort
//! (tfg-toposort)`.

use std::time::Duration;

use super::manager::{OpPipeline, PassEntry, Stage};
use super::pass::PassTarget;
use crate::ir::Module;
use crate::printer::PrintOptions;

/// Which IR dumps to write (to stderr, by the caller) and how to print them.
#[derive(Clone, Debug, Default)]
pub struct IrPrinting {
    pub before_all: bool,
    pub after_all: bool,
    /// Pass names to dump before / after.
    pub before: Vec<String>,
    pub after: Vec<String>,
    /// Dump after a pass only when it reported a change (MLIR compares fingerprints; the
    /// passes here report changes themselves, see `PassContext::mark_changed`).
    pub after_change: bool,
    /// Dump after a pass only when it failed (then for every pass).
    pub after_failure: bool,
    /// Print the whole module, not just the op the pass ran on.
    pub module_scope: bool,
    pub print_opts: PrintOptions,
}

impl IrPrinting {
    pub fn before(&self, name: &str) -> bool {
        self.before_all || self.before.iter().any(|p| p == name)
    }

    pub fn after(&self, name: &str) -> bool {
        self.after_all || self.after_failure || self.after.iter().any(|p| p == name)
    }
}

/// The instrumentation of one run: IR printing and the dumps it wrote.
#[derive(Default, Debug)]
pub struct Instrumentation {
    pub printing: IrPrinting,
    /// The dumps written so far, in order.
    pub dumps: String,
}

impl Instrumentation {
    pub fn before_pass(&mut self, e: &PassEntry, m: &Module, target: PassTarget) {
        if self.printing.before(e.name) {
            self.dump("Before", e, m, target, false);
        }
    }

    pub fn after_pass(&mut self, e: &PassEntry, m: &Module, target: PassTarget, changed: bool) {
        let p = &self.printing;
        if p.after_failure || (p.after_change && !changed) || !p.after(e.name) {
            return;
        }
        self.dump("After", e, m, target, false);
    }

    pub fn after_pass_failed(&mut self, e: &PassEntry, m: &Module, target: PassTarget) {
        if self.printing.after(e.name) {
            self.dump("After", e, m, target, true);
        }
    }

    /// `// -----// IR Dump After TfgToposort (tfg-toposort) //----- //`, the op the pass ran
    /// on (the module for a module pass, or with `module_scope`), and a blank line.
    fn dump(&mut self, title: &str, e: &PassEntry, m: &Module, target: PassTarget, failed: bool) {
        let out = &mut self.dumps;
        out.push_str(&format!("// -----// IR Dump {} {}", title, e.display_name()));
        if failed {
            out.push_str(" Failed");
        }
        out.push_str(&format!(" ({})", e.name));
        let opts = self.printing.print_opts;
        let text = match target {
            PassTarget::Op(op) if !self.printing.module_scope => crate::printer::print_op_text(m, op, opts),
            _ => crate::printer::print_module(m, opts),
        };
        if self.printing.module_scope {
            match target {
                PassTarget::Op(op) => {
                    out.push_str(&format!(" ('{}' operation", m.op_name(op)));
                    if let Some(a) = m.op_attr(op, "sym_name") {
                        if let Some(s) = m.ctx.string_value(a) {
                            out.push_str(&format!(": @{}", String::from_utf8_lossy(&s)));
                        }
                    }
                    out.push(')');
                }
                PassTarget::Module => out.push_str(" ('builtin.module' operation)"),
            }
        }
        out.push_str(" //----- //\n");
        out.push_str(text.trim_end_matches('\n'));
        out.push_str("\n\n");
    }
}

/// What running one stage recorded (the same shape as the pipeline: a nested pipeline's
/// report has one child per stage). Summed over every op the stage ran on.
#[derive(Clone, Debug, Default)]
pub struct StageReport {
    pub time: Duration,
    /// How many times the pass ran (once per op it ran on).
    pub runs: u64,
    pub stats: Statistics,
    pub children: Vec<StageReport>,
}

impl StageReport {
    /// Empty reports for the stages of `p`.
    pub fn for_pipeline(p: &OpPipeline) -> Vec<StageReport> {
        p.stages
            .iter()
            .map(|s| match s {
                Stage::Pass(_) => StageReport::default(),
                Stage::Nest(n) => StageReport { children: Self::for_pipeline(n), ..Default::default() },
            })
            .collect()
    }

    /// Adds `other` (the same stage run on another input, e.g. another `--split-input-file`
    /// chunk) to this one.
    pub fn merge(&mut self, other: &StageReport) {
        self.time += other.time;
        self.runs += other.runs;
        for &(n, d, v) in &other.stats.0 {
            self.stats.add(n, d, v);
        }
        for (a, b) in self.children.iter_mut().zip(&other.children) {
            a.merge(b);
        }
    }
}

/// Statistics of a pass: (name, description, value), in the order first reported.
#[derive(Clone, Debug, Default)]
pub struct Statistics(pub Vec<(&'static str, &'static str, u64)>);

impl Statistics {
    pub fn add(&mut self, name: &'static str, description: &'static str, value: u64) {
        match self.0.iter_mut().find(|s| s.0 == name) {
            Some(s) => s.2 += value,
            None => self.0.push((name, description, value)),
        }
    }

    /// Adds what a pass reported in one run.
    pub fn merge(&mut self, cx: super::pass::PassContext) {
        for &(n, d, v) in cx.statistics() {
            self.add(n, d, v);
        }
    }
}

const RULE: &str = "===-------------------------------------------------------------------------===";

/// MLIR's report header: a rule, the title centred in 80 columns, a rule.
fn header(title: &str) -> String {
    format!("{}\n{}{}\n{}\n", RULE, " ".repeat((80 - title.len()) / 2), title, RULE)
}

/// The times of a whole run, for [`render_timing`].
#[derive(Clone, Copy, Debug, Default)]
pub struct RunTimes {
    pub parser: Duration,
    /// Verification after parsing and after passes.
    pub verifier: Duration,
    pub output: Duration,
    pub total: Duration,
    /// The input was imported (GraphDef, SavedModel, ONNX), not parsed: `parser` is the
    /// import's time.
    pub imported: bool,
}

/// How `--timing` shows the times (`--timing-display`, mlir-opt's `--mlir-timing-display`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TimingDisplay {
    /// Mirroring the pipeline: nested pipelines' passes indented under them.
    #[default]
    Tree,
    /// Flat, entries of the same name summed, longest first.
    List,
}

/// The `--mlir-timing` report: Parser, Verifier, each pass and nested pipeline
/// (`'tfg.func' Pipeline`, its passes indented in the tree display), Output, Rest, Total,
/// each with its wall time and share of the total.
pub fn render_timing(root: &OpPipeline, report: &[StageReport], times: RunTimes, display: TimingDisplay) -> String {
    let total = times.total.as_secs_f64().max(1e-9);
    let mut rows: Vec<(usize, String, f64)> = vec![(0, if times.imported { "Import" } else { "Parser" }.into(), times.parser.as_secs_f64())];
    rows.push((0, "Verifier".into(), times.verifier.as_secs_f64()));
    timing_rows(root, report, 0, &mut rows);
    rows.push((0, "Output".into(), times.output.as_secs_f64()));
    let accounted: f64 = rows.iter().filter(|r| r.0 == 0).map(|r| r.2).sum();
    if display == TimingDisplay::List {
        let mut merged: Vec<(usize, String, f64)> = Vec::new();
        for (_, name, t) in rows {
            match merged.iter_mut().find(|r| r.1 == name) {
                Some(r) => r.2 += t,
                None => merged.push((0, name, t)),
            }
        }
        merged.sort_by(|a, b| b.2.total_cmp(&a.2));
        rows = merged;
    }
    rows.push((0, "Rest".into(), (total - accounted).max(0.0)));
    rows.push((0, "Total".into(), total));
    let mut out = header("... Execution time report ...");
    out.push_str(&format!("  Total Execution Time: {:.4} seconds\n\n", total));
    out.push_str("  ----Wall Time----  ----Name----\n");
    for (indent, name, t) in rows {
        out.push_str(&format!("  {:>8.4} ({:>5.1}%)  {}{}\n", t, 100.0 * t / total, "  ".repeat(indent), name));
    }
    out
}

fn timing_rows(p: &OpPipeline, report: &[StageReport], indent: usize, rows: &mut Vec<(usize, String, f64)>) {
    for (s, r) in p.stages.iter().zip(report) {
        match s {
            Stage::Pass(e) => rows.push((indent, e.display_name(), r.time.as_secs_f64())),
            Stage::Nest(n) => {
                rows.push((indent, format!("'{}' Pipeline", n.anchor), r.time.as_secs_f64()));
                timing_rows(n, &r.children, indent + 1, rows);
            }
        }
    }
}

/// How `--pass-statistics` shows the statistics (`--pass-statistics-display`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StatisticsDisplay {
    /// Mirroring the pipeline: nested pipelines as `'tfg.func' Pipeline`, every pass.
    #[default]
    Pipeline,
    /// The passes that have statistics, by name, merged across the pipeline.
    List,
}

/// The `--mlir-pass-statistics` report.
pub fn render_statistics(root: &OpPipeline, report: &[StageReport], display: StatisticsDisplay) -> String {
    let mut out = header("... Pass statistics report ...");
    match display {
        StatisticsDisplay::Pipeline => stats_pipeline(root, report, 0, &mut out),
        StatisticsDisplay::List => {
            let mut merged: Vec<(String, Statistics)> = Vec::new();
            collect_stats(root, report, &mut merged);
            merged.sort_by(|a, b| a.0.cmp(&b.0));
            for (name, stats) in &merged {
                pass_entry(&mut out, 2, name, stats);
            }
        }
    }
    out.push('\n');
    out
}

fn stats_pipeline(p: &OpPipeline, report: &[StageReport], indent: usize, out: &mut String) {
    for (s, r) in p.stages.iter().zip(report) {
        match s {
            Stage::Pass(e) => pass_entry(out, indent, &e.display_name(), &r.stats),
            Stage::Nest(n) => {
                out.push_str(&format!("{}'{}' Pipeline\n", " ".repeat(indent), n.anchor));
                stats_pipeline(n, &r.children, indent + 2, out);
            }
        }
    }
}

fn collect_stats(p: &OpPipeline, report: &[StageReport], merged: &mut Vec<(String, Statistics)>) {
    for (s, r) in p.stages.iter().zip(report) {
        match s {
            Stage::Pass(e) if !r.stats.0.is_empty() => {
                let name = e.display_name();
                let i = match merged.iter().position(|m| m.0 == name) {
                    Some(i) => i,
                    None => {
                        merged.push((name, Statistics::default()));
                        merged.len() - 1
                    }
                };
                for &(n, d, v) in &r.stats.0 {
                    merged[i].1.add(n, d, v);
                }
            }
            Stage::Pass(_) => {}
            Stage::Nest(n) => collect_stats(n, &r.children, merged),
        }
    }
}

/// A pass and its statistics sorted by name: `(S) VALUE NAME - DESCRIPTION`, values right-
/// and names left-aligned.
fn pass_entry(out: &mut String, indent: usize, name: &str, stats: &Statistics) {
    out.push_str(&format!("{}{}\n", " ".repeat(indent), name));
    let mut s = stats.0.clone();
    s.sort_by_key(|x| x.0);
    let wn = s.iter().map(|x| x.0.len()).max().unwrap_or(0);
    let wv = s.iter().map(|x| x.2.to_string().len()).max().unwrap_or(0);
    for (n, d, v) in s {
        out.push_str(&format!("{}(S) {:>wv$} {:<wn$} - {}\n", " ".repeat(indent + 2), v, n, d, wv = wv, wn = wn));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statistics_entries_align() {
        let mut s = Statistics::default();
        s.add("zeta", "last", 3);
        s.add("a", "first", 120);
        let mut out = String::new();
        pass_entry(&mut out, 0, "P", &s);
        assert_eq!(out, "P\n  (S) 120 a    - first\n  (S)   3 zeta - last\n");
    }

    #[test]
    fn timing_lists_merge_names() {
        use super::super::manager::{Nesting, OpPipeline};
        let root = OpPipeline::new("builtin.module", Nesting::Explicit);
        let times = RunTimes { parser: Duration::from_millis(1), verifier: Duration::from_millis(3), output: Duration::ZERO, total: Duration::from_millis(10), imported: false };
        let text = render_timing(&root, &[], times, TimingDisplay::List);
        let names: Vec<&str> = text.lines().skip(6).map(|l| l.split("%)  ").nth(1).unwrap()).collect();
        assert_eq!(names, vec!["Verifier", "Parser", "Output", "Rest", "Total"]);
        assert!(text.contains("  Total Execution Time: 0.0100 seconds\n"));
    }

    #[test]
    fn headers_are_centred() {
        let h = header("... Execution time report ...");
        assert!(h.contains("\n                         ... Execution time report ...\n"));
    }
}
