//! Running a pass pipeline (MLIR's `PassManager`/`OpPassManager`/`OpToOpPassAdaptor`): an
//! [`OpPipeline`] is a list of stages run in order on one op (the root pipeline, anchored on
//! `builtin.module`, runs on the module: [`PassTarget::Module`], whose ops are those of
//! `m.root_block()`, whether the file wrote `module { }` or not). A stage is a pass, or a
//! nested pipeline anchored on an op name that runs on each such op the target holds.
//! After each pass that reports a change the module is verified (unless `verify_each` is
//! off); a pass failure or a verification failure stops the run with its diagnostics.
//! IR dumps, timing and statistics are kept by [`super::instrumentation`].
//!
//! Building pipelines from text and flags is in [`super::build`].

use std::time::{Duration, Instant};

use super::instrumentation::{Instrumentation, StageReport};
use super::pass::{Pass, PassContext, PassTarget};
use super::registry::PassRegistry;
use crate::diag::Diagnostic;
use crate::ir::{Module, OpId};

/// One configured pass of a pipeline.
pub struct PassEntry {
    /// The registered name (`tfg-toposort`).
    pub name: &'static str,
    pub anchor: Option<&'static str>,
    pub pass: Box<dyn Pass>,
    /// The option text as given (`feeds=a,b`), for printing the pipeline back.
    pub options: String,
}

impl std::fmt::Debug for PassEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PassEntry").field("name", &self.name).field("anchor", &self.anchor).field("options", &self.options).finish()
    }
}

impl PassEntry {
    /// MLIR's `Pass::getName()` is the C++ class name; we have none, so the name in
    /// CamelCase stands for it (`tfg-toposort` → `TfgToposort`).
    pub fn display_name(&self) -> String {
        camel_case(self.name)
    }
}

/// `tfg-lift-graph-to-func` → `TfgLiftGraphToFunc` (word boundaries at `-`, `_`, `.`).
pub fn camel_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut upper = true;
    for c in name.chars() {
        if matches!(c, '-' | '_' | '.') {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// The anchor of an op-agnostic nested pipeline (MLIR's `any(...)`).
pub const ANY_OP: &str = "any";

/// A stage of a pipeline.
#[derive(Debug)]
pub enum Stage {
    Pass(PassEntry),
    Nest(OpPipeline),
}

/// How a nested pipeline finds the ops it runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nesting {
    /// Written in the pipeline text (`tfg.func(...)`): the ops of that name directly held by
    /// the target's regions, as MLIR's `OpToOpPassAdaptor` does.
    Explicit,
    /// Added for a pass given at the top level whose anchor differs from the pipeline's
    /// (MLIR's implicit nesting): every op of that name nested in the target, outermost
    /// first (an op is not searched inside a matching op), see [`targets`].
    Implicit,
}

/// A pipeline anchored on an op name (MLIR's `OpPassManager`).
#[derive(Debug)]
pub struct OpPipeline {
    pub anchor: String,
    pub nesting: Nesting,
    pub stages: Vec<Stage>,
}

impl OpPipeline {
    pub fn new(anchor: impl Into<String>, nesting: Nesting) -> Self {
        OpPipeline { anchor: anchor.into(), nesting, stages: Vec::new() }
    }

    /// Adds a pass given at this level, nesting it under its anchor op when that differs
    /// from this pipeline's (MLIR's implicit nesting); a pass right after a nested pipeline
    /// of the same anchor joins it (MLIR coalesces adjacent adaptors).
    pub fn add_implicit(&mut self, entry: PassEntry) {
        match entry.anchor {
            Some(a) if a != self.anchor => {
                if let Some(Stage::Nest(n)) = self.stages.last_mut() {
                    if n.anchor == a && n.nesting == Nesting::Implicit {
                        n.stages.push(Stage::Pass(entry));
                        return;
                    }
                }
                let mut n = OpPipeline::new(a, Nesting::Implicit);
                n.stages.push(Stage::Pass(entry));
                self.stages.push(Stage::Nest(n));
            }
            _ => self.stages.push(Stage::Pass(entry)),
        }
    }

    /// Merges adjacent nested pipelines of the same anchor into one, recursively (MLIR's
    /// `coalesceAdjacentAdaptorPasses`): `tfg.func(a), tfg.func(b)` runs `a` then `b` on
    /// each function in turn.
    pub fn coalesce(&mut self) {
        let stages = std::mem::take(&mut self.stages);
        for stage in stages {
            match stage {
                Stage::Nest(n) => {
                    if let Some(Stage::Nest(prev)) = self.stages.last_mut() {
                        if prev.anchor == n.anchor && prev.nesting == n.nesting {
                            prev.stages.extend(n.stages);
                            continue;
                        }
                    }
                    self.stages.push(Stage::Nest(n));
                }
                s => self.stages.push(s),
            }
        }
        for s in &mut self.stages {
            if let Stage::Nest(n) = s {
                n.coalesce();
            }
        }
    }

    /// The pipeline as text, in the form `--pass-pipeline` reads
    /// (`builtin.module(a, tfg.func(b{x=1}))`).
    pub fn to_text(&self) -> String {
        let inner: Vec<String> = self
            .stages
            .iter()
            .map(|s| match s {
                Stage::Pass(e) if e.options.trim().is_empty() => e.name.to_string(),
                Stage::Pass(e) => format!("{}{{{}}}", e.name, e.options.trim()),
                Stage::Nest(n) => n.to_text(),
            })
            .collect();
        format!("{}({})", self.anchor, inner.join(", "))
    }

    /// The pipeline as mlir-opt's `--dump-pass-pipeline` shows it: one element per line,
    /// nested pipelines indented.
    pub fn to_pretty(&self, indent: usize) -> String {
        let pad = "  ".repeat(indent);
        let items: Vec<String> = self
            .stages
            .iter()
            .map(|s| match s {
                Stage::Pass(e) if e.options.trim().is_empty() => format!("{}  {}", pad, e.name),
                Stage::Pass(e) => format!("{}  {}{{{}}}", pad, e.name, e.options.trim()),
                Stage::Nest(n) => n.to_pretty(indent + 1),
            })
            .collect();
        format!("{}{}(\n{}\n{})", pad, self.anchor, items.join(",\n"), pad)
    }

    /// Whether an op of this name is one the pipeline runs on: its anchor's name, or, for
    /// MLIR's op-agnostic `any(...)`, an op isolated from above (`tfg.func`, `tfg.graph`,
    /// `builtin.module`, `func.func`) that every pass of the pipeline can run on (a pass
    /// anchored on another op cannot, as MLIR's `canScheduleOn`).
    pub fn runs_on(&self, op_name: &str) -> bool {
        if self.anchor != ANY_OP {
            return self.anchor == op_name;
        }
        crate::dialect::traits::is_isolated_from_above(op_name)
            && self.stages.iter().all(|s| match s {
                Stage::Pass(e) => e.anchor.is_none_or(|a| a == op_name),
                Stage::Nest(_) => true,
            })
    }

    /// Whether the pipeline has no pass at all.
    pub fn is_empty(&self) -> bool {
        self.stages.iter().all(|s| matches!(s, Stage::Nest(n) if n.is_empty()))
    }

    /// Every pass, depth first, in order.
    pub fn passes(&self) -> Vec<&PassEntry> {
        let mut out = Vec::new();
        for s in &self.stages {
            match s {
                Stage::Pass(e) => out.push(e),
                Stage::Nest(n) => out.extend(n.passes()),
            }
        }
        out
    }
}

/// The ops a nested pipeline runs on, in order. Collected before any of them runs, so what
/// the passes create or erase does not change the list (as MLIR's adaptor).
pub fn nest_targets(m: &Module, target: PassTarget, nest: &OpPipeline) -> Vec<OpId> {
    match nest.nesting {
        Nesting::Explicit => {
            let mut out = Vec::new();
            for b in target.blocks(m) {
                out.extend(m.body.block_ops(b).filter(|&op| nest.runs_on(m.op_name(op))));
            }
            out
        }
        Nesting::Implicit => match target {
            PassTarget::Module => {
                targets(m, Some(&nest.anchor)).into_iter().filter_map(|t| if let PassTarget::Op(op) = t { Some(op) } else { None }).collect()
            }
            PassTarget::Op(op) => {
                let mut out = Vec::new();
                collect_anchored(m, m.body.op(op).regions.iter().flat_map(|&r| m.body.region(r).blocks.iter().copied()).collect(), &nest.anchor, &mut out);
                out
            }
        },
    }
}

/// How a nested pipeline is run on its ops. Only sequential execution exists: the IR is
/// one arena per module, so two functions cannot be borrowed mutably at once.
///
/// A parallel strategy would go here: once a function's body can be detached into a
/// `Module` of its own (or the arena split per isolated op), the adaptor would detach the
/// targets, run the nested pipeline on each with rayon (`par_iter` over the targets, one
/// [`StageReport`] tree and one [`Instrumentation`] buffer per target), splice the bodies
/// back in target order and merge reports, dumps and diagnostics in target order — so the
/// output stays the same as the sequential run's. A failure would then report every failing
/// target's diagnostics (MLIR's parallel adaptor does), where the sequential run stops at
/// the first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Execution {
    #[default]
    Sequential,
}

/// A pipeline to run, with its options and what running it recorded.
pub struct PassManager {
    pub root: OpPipeline,
    /// Verify the module after each pass that reports a change (mlir-opt's `-verify-each`).
    pub verify_each: bool,
    pub execution: Execution,
    /// IR dumps, timing and statistics.
    pub instrumentation: Instrumentation,
    /// Time and statistics of each stage of `root` (same shape), filled by [`Self::run`].
    pub report: Vec<StageReport>,
    /// Time spent verifying after passes.
    pub verify_time: Duration,
    /// Whether the module is known to be valid: set by the caller when it verified the
    /// module it runs the pipeline on (the command line verifies its input unless
    /// `--no-verify`), cleared when a pass changes it and is not verified after. Passes see
    /// it as [`PassContext::ir_verified`].
    pub ir_verified: bool,
}

impl PassManager {
    /// A manager for `root`, verifying after each changing pass, with no instrumentation.
    pub fn with_pipeline(mut root: OpPipeline) -> Self {
        root.coalesce();
        let report = StageReport::for_pipeline(&root);
        PassManager {
            root,
            verify_each: true,
            execution: Execution::Sequential,
            instrumentation: Instrumentation::default(),
            report,
            verify_time: Duration::ZERO,
            ir_verified: false,
        }
    }

    /// Builds the pipeline from pass specs given as separate passes (`name` or
    /// `name{key=value ...}`), in order, with implicit nesting; an unknown name or option is
    /// an error naming it (with a did-you-mean suggestion).
    pub fn new(registry: &PassRegistry, specs: &[String]) -> Result<Self, String> {
        let flags: Vec<super::build::PassFlag> = specs.iter().map(|s| super::build::PassFlag::from_spec(s)).collect();
        let root = super::build::from_flags(registry, &flags)?;
        Ok(Self::with_pipeline(root))
    }

    /// Builds the pipeline from `--pass-pipeline` text (see [`super::build::from_text`]).
    pub fn from_text(registry: &PassRegistry, text: &str) -> Result<Self, String> {
        Ok(Self::with_pipeline(super::build::from_text(registry, text)?))
    }

    /// Runs the pipeline on `m`; `after` is called with each pass's name and the module after
    /// each run of it. Stops at the first failure with its diagnostics.
    pub fn run(&mut self, m: &mut Module, mut after: impl FnMut(&str, &Module)) -> Result<(), Vec<Diagnostic>> {
        let mut report = std::mem::take(&mut self.report);
        if report.len() != self.root.stages.len() {
            // `root` was changed after the manager was made.
            report = StageReport::for_pipeline(&self.root);
        }
        // The pipeline is only read while running; take it out so the stages can borrow
        // `self` (instrumentation, verify time) mutably.
        let root = std::mem::replace(&mut self.root, OpPipeline::new("", Nesting::Explicit));
        let _progress = if root.is_empty() { crate::progress::Phase::silent() } else { crate::progress::Phase::start("running passes", "", None) };
        let r = self.run_stages(&root, &mut report, m, PassTarget::Module, &mut after);
        self.root = root;
        self.report = report;
        r
    }

    fn run_stages(
        &mut self,
        pipeline: &OpPipeline,
        report: &mut [StageReport],
        m: &mut Module,
        target: PassTarget,
        after: &mut dyn FnMut(&str, &Module),
    ) -> Result<(), Vec<Diagnostic>> {
        for (stage, rep) in pipeline.stages.iter().zip(report.iter_mut()) {
            match stage {
                Stage::Pass(e) => self.run_pass(e, rep, m, target, after)?,
                Stage::Nest(n) => {
                    let start = Instant::now();
                    let verify_before = self.verify_time;
                    let ops = nest_targets(m, target, n);
                    let r = match self.execution {
                        // One pass over several ops, nothing printed per op: the pass may
                        // share the work out (SplitPass), with the sequential result.
                        _ if ops.len() > 1 && self.runs_whole(n) => {
                            let Stage::Pass(e) = &n.stages[0] else { unreachable!("runs_whole checked it") };
                            self.run_pass_on_all(e, &mut rep.children[0], m, &ops, after)
                        }
                        Execution::Sequential => {
                            let mut r = Ok(());
                            for op in ops {
                                // A pass on one op should leave its siblings alone (MLIR
                                // requires it); one that erased a later target skips it.
                                if m.body.is_erased(op) || m.body.parent_block(op).is_none() {
                                    continue;
                                }
                                r = self.run_stages(n, &mut rep.children, m, PassTarget::Op(op), after);
                                if r.is_err() {
                                    break;
                                }
                            }
                            r
                        }
                    };
                    rep.time += start.elapsed().saturating_sub(self.verify_time - verify_before);
                    r?;
                }
            }
        }
        Ok(())
    }

    /// Whether nested pipeline `n` is one pass whose runs on several ops may be handed to
    /// it at once ([`Pass::run_all`](super::Pass::run_all)): nothing is printed between them.
    fn runs_whole(&self, n: &OpPipeline) -> bool {
        let [Stage::Pass(e)] = n.stages.as_slice() else { return false };
        !self.instrumentation.printing.before(e.name) && !self.instrumentation.printing.after(e.name)
    }

    /// Runs pass `e` on every op of `ops` with one call (see [`Self::runs_whole`]).
    fn run_pass_on_all(
        &mut self,
        e: &PassEntry,
        rep: &mut StageReport,
        m: &mut Module,
        ops: &[OpId],
        after: &mut dyn FnMut(&str, &Module),
    ) -> Result<(), Vec<Diagnostic>> {
        let targets: Vec<PassTarget> = ops.iter().map(|&op| PassTarget::Op(op)).collect();
        let mut cx = PassContext::with_verified_ir(self.ir_verified);
        let start = Instant::now();
        let mut result = e.pass.run_all(m, &targets, &mut cx);
        rep.time += start.elapsed();
        rep.runs += targets.len() as u64;
        let changed = cx.changed();
        rep.stats.merge(cx);
        result = self.check_after(e, m, &targets, crate::ir::Span::new(0, 0), changed, result);
        after(e.name, m);
        result
    }

    /// After a pass ran: marks a changed module edited, gives a failure without diagnostics
    /// one at `at`, and verifies a changed module (unless told not to).
    #[allow(clippy::too_many_arguments)]
    fn check_after(
        &mut self,
        e: &PassEntry,
        m: &mut Module,
        targets: &[PassTarget],
        at: crate::ir::Span,
        changed: bool,
        mut result: Result<(), Vec<Diagnostic>>,
    ) -> Result<(), Vec<Diagnostic>> {
        if changed {
            m.mark_edited();
            self.ir_verified &= self.verify_each;
        }
        if let Err(d) = &mut result {
            if d.is_empty() {
                d.push(Diagnostic::error(at, format!("pass '{}' failed", e.name)));
            }
        }
        if result.is_ok() && self.verify_each && changed {
            let t = Instant::now();
            let d = verify_targets(m, targets);
            self.verify_time += t.elapsed();
            if !d.is_empty() {
                result = Err(d);
            }
        }
        result
    }

    fn run_pass(
        &mut self,
        e: &PassEntry,
        rep: &mut StageReport,
        m: &mut Module,
        target: PassTarget,
        after: &mut dyn FnMut(&str, &Module),
    ) -> Result<(), Vec<Diagnostic>> {
        self.instrumentation.before_pass(e, m, target);
        crate::progress::note(&format!("running {}", e.name));
        let mut cx = PassContext::with_verified_ir(self.ir_verified);
        let start = Instant::now();
        let mut result = e.pass.run(m, target, &mut cx);
        rep.time += start.elapsed();
        rep.runs += 1;
        let changed = cx.changed();
        rep.stats.merge(cx);
        let at = target_span(m, target);
        result = self.check_after(e, m, &[target], at, changed, result);
        match &result {
            Ok(()) => self.instrumentation.after_pass(e, m, target, changed),
            Err(_) => self.instrumentation.after_pass_failed(e, m, target),
        }
        after(e.name, m);
        result
    }
}

/// Verification after a pass that changed the IR: only the ops it ran on when they are
/// isolated from above (MLIR lets a pass on such an op change nothing outside it; verifying
/// the whole module after each of a library's functions would cost the square of its size),
/// else the whole module.
fn verify_targets(m: &Module, targets: &[PassTarget]) -> Vec<Diagnostic> {
    let isolated = |t: &PassTarget| match *t {
        PassTarget::Op(op) => {
            m.op_name(op) != "builtin.module" && crate::dialect::traits::is_isolated_from_above(m.op_name(op))
        }
        PassTarget::Module => false,
    };
    if targets.is_empty() || !targets.iter().all(isolated) {
        return crate::verify::verify_module(m);
    }
    let mut diags = Vec::new();
    for t in targets {
        if let PassTarget::Op(op) = *t {
            if !m.body.is_erased(op) && m.body.parent_block(op).is_some() {
                diags.extend(crate::verify::verify_op_tree(m, op));
            }
        }
    }
    diags
}

/// Where to report a failure of a pass on `target`.
fn target_span(m: &Module, target: PassTarget) -> crate::ir::Span {
    match target {
        PassTarget::Op(op) => m.body.op(op).span,
        PassTarget::Module => crate::ir::Span::new(0, 0),
    }
}

/// The ops a pass anchored on `anchor` runs on when given at the top level: the module
/// itself for no anchor (and for `builtin.module`), else every op of that name, outermost
/// first (MLIR's implicit nesting, searching nested regions too).
pub fn targets(m: &Module, anchor: Option<&str>) -> Vec<PassTarget> {
    let Some(anchor) = anchor.filter(|a| *a != "builtin.module") else { return vec![PassTarget::Module] };
    let mut found: Vec<OpId> = Vec::new();
    collect_anchored(m, vec![m.top], anchor, &mut found);
    found.into_iter().map(PassTarget::Op).collect()
}

/// Every op named `anchor` in `blocks` and the regions of their ops, in order, not
/// searching inside a match.
fn collect_anchored(m: &Module, blocks: Vec<crate::ir::BlockId>, anchor: &str, found: &mut Vec<OpId>) {
    let mut stack: Vec<OpId> = blocks.iter().flat_map(|&b| m.body.block_ops(b)).collect();
    stack.reverse();
    while let Some(op) = stack.pop() {
        if m.op_name(op) == anchor {
            found.push(op);
            continue;
        }
        let mut children = Vec::new();
        for &r in &m.body.op(op).regions {
            for &b in &m.body.region(r).blocks {
                children.extend(m.body.block_ops(b));
            }
        }
        children.reverse();
        stack.extend(children);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO_FUNCS: &str = "tfg.func @f() -> () {\n  return\n}\ntfg.func @g() -> () {\n  return\n}\n";

    fn marks(m: &Module, attr: &str) -> Vec<String> {
        m.body
            .block_ops(m.root_block())
            .map(|op| m.op_attr(op, attr).and_then(|a| m.ctx.string_value(a)).map(|v| String::from_utf8_lossy(&v).into_owned()).unwrap_or_default())
            .collect()
    }

    #[test]
    fn nested_pipelines_run_each_op_through_the_whole_pipeline() {
        let reg = PassRegistry::default();
        let mut m = crate::syntax::parse_module(TWO_FUNCS).unwrap();
        let mut pm = PassManager::from_text(&reg, "builtin.module(tfg.func(test-mark{name=a}, test-mark{name=b start=5}))").unwrap();
        let mut order = Vec::new();
        pm.run(&mut m, |name, _| order.push(name.to_string())).unwrap();
        assert_eq!(marks(&m, "a"), vec!["0", "1"]);
        assert_eq!(marks(&m, "b"), vec!["5", "6"]);
        assert_eq!(order, vec!["test-mark", "test-mark", "test-mark", "test-mark"]);
        // One report per stage, summed over both functions.
        assert_eq!(pm.report[0].children[0].runs, 2);
        assert_eq!(pm.report[0].children[1].stats.0, vec![("targets", "ops the pass ran on", 2)]);
    }

    #[test]
    fn failures_stop_the_run_and_verification_follows_changes() {
        let reg = PassRegistry::default();
        let mut m = crate::syntax::parse_module(TWO_FUNCS).unwrap();
        let mut pm = PassManager::from_text(&reg, "builtin.module(tfg.func(test-mark, test-fail), test-mark{name=after})").unwrap();
        let d = pm.run(&mut m, |_, _| {}).unwrap_err();
        assert_eq!(d.len(), 1);
        assert_eq!(marks(&m, "test.mark"), vec!["0", ""]);
        let mut m = crate::syntax::parse_module(TWO_FUNCS).unwrap();
        let mut pm = PassManager::new(&reg, &["test-break-ir".to_string()]).unwrap();
        assert!(pm.run(&mut m, |_, _| {}).is_err());
        let mut m = crate::syntax::parse_module(TWO_FUNCS).unwrap();
        let mut pm = PassManager::new(&reg, &["test-break-ir".to_string()]).unwrap();
        pm.verify_each = false;
        assert!(pm.run(&mut m, |_, _| {}).is_ok());
    }

    #[test]
    fn camel_case_names() {
        assert_eq!(camel_case("tfg-toposort"), "TfgToposort");
        assert_eq!(camel_case("canonicalize"), "Canonicalize");
        assert_eq!(camel_case("a_b.c"), "ABC");
    }
}
