//! Passes for testing the pass manager itself (as mlir-opt's `test-*` passes): they show
//! which ops a pipeline runs on and in what order, and fail on demand.
//!
//! * `test-mark{name=ATTR start=N dry-run}` (any op): sets the string attribute `ATTR`
//!   (default `test.mark`) of the op it runs on to its run count (`"0"`, `"1"`, ... or from
//!   N); on the module, or with `dry-run`, it changes nothing. Statistic `targets`.
//! * `test-mark-func`, `test-mark-graph`: the same, anchored on `tfg.func` / `tfg.graph`.
//! * `test-fail`: fails with an error on the op it runs on.
//! * `test-break-ir` (`tfg.func`): removes the function's `function_type`, reports a change,
//!   so the verifier after the pass fails.

use std::sync::atomic::{AtomicU64, Ordering};

use super::pass::{OptionKind, Pass, PassContext, PassInfo, PassOption, PassOptions, PassTarget};
use super::registry::PassRegistry;
use crate::diag::Diagnostic;
use crate::ir::{Module, Span};

const MARK_OPTIONS: &[PassOption] = &[
    PassOption {
        name: "name",
        kind: OptionKind::String,
        default: "test.mark",
        description: "the attribute to set on each op the pass runs on",
    },
    PassOption { name: "start", kind: OptionKind::Int, default: "0", description: "the first count" },
    PassOption {
        name: "dry-run",
        kind: OptionKind::Bool,
        default: "false",
        description: "count the ops but change nothing",
    },
];

struct Mark {
    attr: String,
    count: AtomicU64,
    dry_run: bool,
}

impl Pass for Mark {
    fn run(&self, m: &mut Module, target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        let n = self.count.fetch_add(1, Ordering::Relaxed);
        cx.stat("targets", "ops the pass ran on", 1);
        if let (PassTarget::Op(op), false) = (target, self.dry_run) {
            m.set_string_attr(op, &self.attr, Some(&n.to_string()));
            cx.mark_changed();
        }
        Ok(())
    }
}

fn mark(o: &PassOptions) -> Result<Box<dyn Pass>, String> {
    let start = u64::try_from(o.int("start")).map_err(|_| "option 'start' must not be negative".to_string())?;
    Ok(Box::new(Mark { attr: o.string("name"), count: AtomicU64::new(start), dry_run: o.bool("dry-run") }))
}

fn fail(m: &mut Module, target: PassTarget, _cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
    let (span, what) = match target {
        PassTarget::Op(op) => (m.body.op(op).span, format!("'{}' op", m.op_name(op))),
        PassTarget::Module => (Span::new(0, 0), "the module".to_string()),
    };
    Err(vec![Diagnostic::error(span, format!("test-fail: failing on {}", what))])
}

fn break_ir(m: &mut Module, target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
    if let (PassTarget::Op(op), Some(sym)) = (target, m.ctx.lookup_sym("function_type")) {
        if m.body.remove_attr(op, sym).is_some() {
            cx.mark_changed();
        }
    }
    Ok(())
}

/// Registers the test passes.
pub fn register(r: &mut PassRegistry) {
    r.add(PassInfo {
        name: "test-mark",
        summary: "(test) set an attribute to the run count on each op the pass runs on",
        options: MARK_OPTIONS,
        anchor: None,
        create: mark,
    });
    r.add(PassInfo {
        name: "test-mark-func",
        summary: "(test) test-mark anchored on tfg.func",
        options: MARK_OPTIONS,
        anchor: Some("tfg.func"),
        create: mark,
    });
    r.add(PassInfo {
        name: "test-mark-graph",
        summary: "(test) test-mark anchored on tfg.graph",
        options: MARK_OPTIONS,
        anchor: Some("tfg.graph"),
        create: mark,
    });
    r.add(PassInfo {
        name: "test-fail",
        summary: "(test) fail on the op the pass runs on",
        options: &[],
        anchor: None,
        create: |_| Ok(Box::new(fail)),
    });
    r.add(PassInfo {
        name: "test-break-ir",
        summary: "(test) remove each tfg.func's function_type, so that verification fails",
        options: &[],
        anchor: Some("tfg.func"),
        create: |_| Ok(Box::new(break_ir)),
    });
}
