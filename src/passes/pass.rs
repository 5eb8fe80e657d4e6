//! What a pass is: the [`Pass`] trait, the op it runs on ([`PassTarget`]), what it reports
//! back while it runs ([`PassContext`]: whether it changed the IR, its statistics), and how
//! it is described to the registry ([`PassInfo`]: name, summary, options, anchor op).
//!
//! After MLIR's `Pass`/`OperationPass<OpT>`: a pass anchored on an op name (`tfg.func`) is
//! run once per op of that name when it is given at the top level (MLIR's implicit nesting);
//! a pass anchored on no op runs on whatever the pipeline nests it in, the module included.

use crate::diag::Diagnostic;
use crate::ir::{BlockId, BodyPart, Module, OpId};

/// The op a pass runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassTarget {
    /// The whole module: the ops of its body block ([`Module::root_block`]).
    Module,
    /// One op (a `tfg.graph`, a `tfg.func`, a nested `builtin.module`, ...) and what it holds.
    Op(OpId),
}

impl PassTarget {
    /// The blocks directly held by the target: the module's body block, or the blocks of
    /// the op's regions.
    pub fn blocks(self, m: &Module) -> Vec<BlockId> {
        match self {
            PassTarget::Module => vec![m.root_block()],
            PassTarget::Op(op) => {
                m.body.op(op).regions.iter().flat_map(|&r| m.body.region(r).blocks.iter().copied()).collect()
            }
        }
    }

    /// Every op nested in the target (not the target itself), parents before children.
    pub fn nested_ops(self, m: &Module) -> Vec<OpId> {
        let mut out = Vec::new();
        for b in self.blocks(m) {
            for op in m.body.block_ops(b).collect::<Vec<_>>() {
                m.body.walk(op, |o| out.push(o));
            }
        }
        out
    }
}

/// What a running pass tells the pass manager: whether it changed anything (unchanged IR
/// is not verified again, and `--print-ir-after-change` skips it) and its statistics
/// (`--pass-statistics`).
#[derive(Default, Debug)]
pub struct PassContext {
    changed: bool,
    /// The IR the pass runs on is known to be valid (see [`PassContext::ir_verified`]).
    ir_verified: bool,
    /// (name, description, value), in the order first reported.
    statistics: Vec<(&'static str, &'static str, u64)>,
}

impl PassContext {
    pub fn new() -> Self {
        Self::default()
    }

    /// A context for a pass run on IR that is known to be valid or not (see
    /// [`Self::ir_verified`]).
    pub fn with_verified_ir(verified: bool) -> Self {
        PassContext { ir_verified: verified, ..Self::default() }
    }

    /// Whether the IR is known to be valid: verified after it was read and after every
    /// pass that changed it. Only then do the ops isolated from above hold every use of
    /// what they define, which lets [`SplitPass`]es edit them on several threads at once.
    pub fn ir_verified(&self) -> bool {
        self.ir_verified
    }

    /// Records that the pass changed the IR.
    pub fn mark_changed(&mut self) {
        self.changed = true;
    }

    /// Records a change when `changed` is true (convenience for `mark_changed_if(n > 0)`).
    pub fn mark_changed_if(&mut self, changed: bool) {
        self.changed |= changed;
    }

    pub fn changed(&self) -> bool {
        self.changed
    }

    /// Adds `delta` to the statistic `name` (MLIR's `Pass::Statistic`).
    pub fn stat(&mut self, name: &'static str, description: &'static str, delta: u64) {
        match self.statistics.iter_mut().find(|s| s.0 == name) {
            Some(s) => s.2 += delta,
            None => self.statistics.push((name, description, delta)),
        }
    }

    pub fn statistics(&self) -> &[(&'static str, &'static str, u64)] {
        &self.statistics
    }

    /// Folds another run's report into this one (a pass run on several anchors).
    pub fn merge(&mut self, other: PassContext) {
        self.changed |= other.changed;
        for (n, d, v) in other.statistics {
            self.stat(n, d, v);
        }
    }
}

/// A pass instance, configured from its options.
pub trait Pass: Send + Sync {
    /// Transforms `target` of `m`. An `Err` fails the pipeline with these diagnostics.
    fn run(&self, m: &mut Module, target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>>;

    /// Runs on every target, in order; the pass manager calls this. Passes that can work on
    /// several targets at once (see [`SplitPass`]) do so here, with the result of running
    /// them one after the other.
    fn run_all(&self, m: &mut Module, targets: &[PassTarget], cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        for &t in targets {
            self.run(m, t, cx)?;
        }
        Ok(())
    }
}

/// A pass in two steps: `analyze` reads one target and decides what to change (the costly
/// part: hashing, sorting, evaluating), `apply` makes the changes. The analyses of several
/// targets (the functions of a library) run on rayon's workers at once, since they only
/// read the module; the changes are then applied one target after the other, in target
/// order, so the result is exactly that of a sequential run (or each by the worker that
/// planned it, see [`SplitPass::CHANGES_INSIDE_TARGET`]). MLIR runs passes on
/// isolated-from-above ops in parallel for the same reason; where its passes each own a
/// function, here they share one arena, so the reading is what is shared out.
pub trait SplitPass: Send + Sync {
    /// What `analyze` found for one target.
    type Plan: Send;
    fn analyze(&self, m: &Module, target: PassTarget) -> Self::Plan;
    fn apply(&self, m: &mut Module, target: PassTarget, plan: Self::Plan, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>>;

    /// True for a pass whose analysis of a target reads nothing outside it (but the
    /// context: names, attributes, types) and whose changes stay inside it, made by
    /// [`Self::apply_inside`] as well as by `apply`. When the targets are ops isolated from
    /// above, none inside another, and the IR is verified, each target is then analysed and
    /// changed on one worker, while the others analyse and change theirs (MLIR's
    /// multi-threaded pass execution), instead of all analyses first and the changes after
    /// on one thread.
    const CHANGES_INSIDE_TARGET: bool = false;

    /// `apply` through the part of the body that holds the target (see
    /// [`Self::CHANGES_INSIDE_TARGET`]), with the same result.
    fn apply_inside(&self, _part: &mut BodyPart, _plan: Self::Plan, _cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        Err(vec![Diagnostic::error_nowhere("internal error: apply_inside of a pass that does not change its targets in place")])
    }
}

/// Makes a [`SplitPass`] a [`Pass`].
pub struct Split<P>(pub P);

/// Below this many targets, analysing them in parallel costs more than it saves.
const PARALLEL_TARGETS: usize = 2;

impl<P: SplitPass> Pass for Split<P> {
    fn run(&self, m: &mut Module, target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        let plan = self.0.analyze(m, target);
        self.0.apply(m, target, plan, cx)
    }

    fn run_all(&self, m: &mut Module, targets: &[PassTarget], cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        if targets.len() < PARALLEL_TARGETS || rayon::current_num_threads() < 2 {
            for &t in targets {
                self.run(m, t, cx)?;
            }
            return Ok(());
        }
        if P::CHANGES_INSIDE_TARGET && cx.ir_verified() && isolated_and_apart(m, targets) {
            // SAFETY: the targets are distinct ops isolated from above, none inside another,
            // and the IR is verified, so no use crosses a target's boundary: the analysis and
            // the changes of one target reach only the IR inside it. Each call has finished
            // reading (its plan is owned: `Plan` borrows nothing from the module) before it
            // changes anything. That is what `par_edit_parts` asks.
            let runs = unsafe {
                m.par_edit_parts(targets, |m, part, &t| {
                    let plan = self.0.analyze(m, t);
                    let mut tcx = PassContext::with_verified_ir(true);
                    let r = self.0.apply_inside(part, plan, &mut tcx);
                    (r, tcx)
                })
            };
            for (r, tcx) in runs {
                cx.merge(tcx);
                r?;
            }
            return Ok(());
        }
        use rayon::prelude::*;
        let shared: &Module = m;
        let plans: Vec<(PassTarget, P::Plan)> = targets.par_iter().map(|&t| (t, self.0.analyze(shared, t))).collect();
        for (t, plan) in plans {
            self.0.apply(m, t, plan, cx)?;
        }
        Ok(())
    }
}

/// Whether the targets are distinct ops isolated from above, none of them inside another.
fn isolated_and_apart(m: &Module, targets: &[PassTarget]) -> bool {
    let mut ops = rustc_hash::FxHashSet::default();
    for t in targets {
        match *t {
            PassTarget::Op(op) if crate::dialect::traits::is_isolated_from_above(m.op_name(op)) && !m.body.is_erased(op) => {
                if !ops.insert(op) {
                    return false;
                }
            }
            _ => return false,
        }
    }
    ops.iter().all(|&op| {
        let mut at = m.body.parent_op(op);
        while let Some(p) = at {
            if ops.contains(&p) {
                return false;
            }
            at = m.body.parent_op(p);
        }
        true
    })
}

/// Any `Fn(&mut Module, PassTarget, &mut PassContext) -> Result` is a pass: passes without
/// options are written as plain functions.
impl<F> Pass for F
where
    F: Fn(&mut Module, PassTarget, &mut PassContext) -> Result<(), Vec<Diagnostic>> + Send + Sync,
{
    fn run(&self, m: &mut Module, target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        self(m, target, cx)
    }
}

/// The kind of value a pass option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Bool,
    Int,
    String,
    /// A comma-separated list of strings (`feeds=a,b`).
    StringList,
}

/// One option of a pass, as `--list-passes` shows it.
#[derive(Clone, Copy, Debug)]
pub struct PassOption {
    pub name: &'static str,
    pub kind: OptionKind,
    /// The default as text (`"false"`, `"0"`, `""`).
    pub default: &'static str,
    pub description: &'static str,
}

/// The option values given to one pass instance, by name, checked against its
/// [`PassOption`]s (unknown names and ill-typed values are rejected before `create`).
#[derive(Clone, Debug, Default)]
pub struct PassOptions {
    values: Vec<(String, String)>,
    specs: &'static [PassOption],
}

impl PassOptions {
    /// Options from `key=value` pairs, checked against `specs`; the error names the problem.
    pub fn new(specs: &'static [PassOption], values: Vec<(String, String)>) -> Result<Self, String> {
        for (k, v) in &values {
            let Some(spec) = specs.iter().find(|s| s.name == k) else {
                return Err(format!("no such option '{}'", k));
            };
            match spec.kind {
                OptionKind::Bool if parse_bool(v).is_none() => {
                    return Err(format!("option '{}' takes true or false, not '{}'", k, v));
                }
                OptionKind::Int if v.trim().parse::<i64>().is_err() => {
                    return Err(format!("option '{}' takes an integer, not '{}'", k, v));
                }
                _ => {}
            }
        }
        Ok(PassOptions { values, specs })
    }

    fn raw(&self, name: &str) -> &str {
        if let Some((_, v)) = self.values.iter().rev().find(|(k, _)| k == name) {
            return v;
        }
        self.specs.iter().find(|s| s.name == name).map(|s| s.default).unwrap_or("")
    }

    pub fn bool(&self, name: &str) -> bool {
        parse_bool(self.raw(name)).unwrap_or(false)
    }

    pub fn int(&self, name: &str) -> i64 {
        self.raw(name).trim().parse().unwrap_or(0)
    }

    pub fn string(&self, name: &str) -> String {
        self.raw(name).to_string()
    }

    /// A list option: its comma-separated items, empty items dropped (as MLIR splits them:
    /// commas inside quotes or brackets do not split; one pair of outer quotes is removed).
    pub fn list(&self, name: &str) -> Vec<String> {
        super::pipeline::split_list(self.raw(name))
    }

    /// Whether the option was given explicitly.
    pub fn is_set(&self, name: &str) -> bool {
        self.values.iter().any(|(k, _)| k == name)
    }

    /// The explicitly given `key=value` pairs, in order.
    pub fn given(&self) -> &[(String, String)] {
        &self.values
    }
}

fn parse_bool(v: &str) -> Option<bool> {
    match v.trim() {
        "" | "true" | "TRUE" | "True" | "1" => Some(true),
        "false" | "FALSE" | "False" | "0" => Some(false),
        _ => None,
    }
}

/// How the registry knows a pass.
pub struct PassInfo {
    /// The flag name (`tfg-toposort`: `--tfg-toposort`, `--pass=tfg-toposort`).
    pub name: &'static str,
    /// One line for `--list-passes`.
    pub summary: &'static str,
    pub options: &'static [PassOption],
    /// The op name the pass runs on (`tfg.func`), or `None` for any op (the module included).
    pub anchor: Option<&'static str>,
    /// Makes an instance from its options (already checked against `options`).
    pub create: fn(&PassOptions) -> Result<Box<dyn Pass>, String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPTS: &[PassOption] = &[
        PassOption { name: "force", kind: OptionKind::Bool, default: "false", description: "" },
        PassOption { name: "feeds", kind: OptionKind::StringList, default: "", description: "" },
        PassOption { name: "limit", kind: OptionKind::Int, default: "8", description: "" },
    ];

    #[test]
    fn options_are_checked_and_defaulted() {
        let o = PassOptions::new(OPTS, vec![("force".into(), "true".into()), ("feeds".into(), "a,b".into())]).unwrap();
        assert!(o.bool("force"));
        assert_eq!(o.list("feeds"), vec!["a", "b"]);
        assert_eq!(o.int("limit"), 8);
        assert!(!o.is_set("limit"));
        assert!(PassOptions::new(OPTS, vec![("nope".into(), "1".into())]).unwrap_err().contains("no such option"));
        assert!(PassOptions::new(OPTS, vec![("force".into(), "maybe".into())]).is_err());
        assert!(PassOptions::new(OPTS, vec![("limit".into(), "x".into())]).is_err());
    }

    #[test]
    fn statistics_add_up() {
        let mut a = PassContext::new();
        a.stat("erased", "ops erased", 2);
        let mut b = PassContext::new();
        b.stat("erased", "ops erased", 3);
        b.mark_changed();
        a.merge(b);
        assert!(a.changed());
        assert_eq!(a.statistics(), &[("erased", "ops erased", 5)]);
    }
}
