//! The pass manager: a pipeline of configured passes run in order on a module, each on the
//! ops its anchor names (MLIR's implicit nesting: a pass anchored on `tfg.func` runs on every
//! `tfg.func`), with verification after each pass that changed the IR,
//! `--print-ir-after-all` and `--timing` reports.

use std::time::{Duration, Instant};

use super::pass::{Pass, PassContext, PassOptions, PassTarget};
use super::registry::PassRegistry;
use crate::diag::Diagnostic;
use crate::ir::{Module, OpId};

/// One configured pass of a pipeline.
pub struct PipelineEntry {
    pub name: &'static str,
    pub anchor: Option<&'static str>,
    pub pass: Box<dyn Pass>,
}

/// A pipeline of passes to run in order.
pub struct PassManager {
    pub passes: Vec<PipelineEntry>,
    pub verify_each: bool,
    pub print_ir_after_all: bool,
    pub timings: Vec<(&'static str, Duration)>,
}

impl PassManager {
    /// Builds the pipeline from pass specs (`name` or `name{key=value ...}`); an unknown name
    /// or option is an error naming it.
    pub fn new(registry: &PassRegistry, specs: &[String]) -> Result<Self, String> {
        let mut passes = Vec::new();
        for spec in specs {
            let (name, opts) = split_spec(spec)?;
            let Some(info) = registry.get(name) else {
                let known: Vec<&str> = registry.all().iter().map(|p| p.name).collect();
                return Err(format!("unknown pass '{}' (known passes: {})", name, known.join(", ")));
            };
            let options = PassOptions::new(info.options, opts).map_err(|e| format!("pass '{}': {}", name, e))?;
            let pass = (info.create)(&options).map_err(|e| format!("pass '{}': {}", name, e))?;
            passes.push(PipelineEntry { name: info.name, anchor: info.anchor, pass });
        }
        Ok(PassManager { passes, verify_each: true, print_ir_after_all: false, timings: Vec::new() })
    }

    /// Splits `--pass-pipeline='a,b,c'` (also accepting mlir-opt's `builtin.module(a,b)`),
    /// keeping `{...}` option groups whole.
    pub fn parse_pipeline(text: &str) -> Vec<String> {
        let t = text.trim();
        let t = t.strip_prefix("builtin.module(").and_then(|s| s.strip_suffix(')')).unwrap_or(t);
        let mut out = Vec::new();
        let (mut depth, mut start) = (0i32, 0usize);
        for (i, c) in t.char_indices() {
            match c {
                '{' | '(' => depth += 1,
                '}' | ')' => depth -= 1,
                ',' if depth == 0 => {
                    out.push(t[start..i].trim().to_string());
                    start = i + 1;
                }
                _ => {}
            }
        }
        out.push(t[start..].trim().to_string());
        out.retain(|s| !s.is_empty());
        out
    }

    /// Runs every pass; `after` is called with each pass name and the module after it.
    pub fn run(&mut self, m: &mut Module, mut after: impl FnMut(&str, &Module)) -> Result<(), Vec<Diagnostic>> {
        for p in &self.passes {
            let start = Instant::now();
            let mut cx = PassContext::new();
            let targets = targets(m, p.anchor);
            p.pass.run_all(m, &targets, &mut cx)?;
            if cx.changed() {
                m.mark_edited();
            }
            self.timings.push((p.name, start.elapsed()));
            if self.verify_each && cx.changed() {
                let d = crate::verify::verify_module(m);
                if !d.is_empty() {
                    return Err(d);
                }
            }
            if self.print_ir_after_all {
                after(p.name, m);
            }
        }
        Ok(())
    }
}

/// `name{a=1 b=2}` → (`name`, [(a, 1), (b, 2)]).
fn split_spec(spec: &str) -> Result<(&str, Vec<(String, String)>), String> {
    let Some(open) = spec.find('{') else { return Ok((spec.trim(), Vec::new())) };
    let name = spec[..open].trim();
    let body = spec[open + 1..].strip_suffix('}').ok_or_else(|| format!("missing '}}' in '{}'", spec))?;
    let mut opts = Vec::new();
    for item in body.split_whitespace() {
        let (k, v) = item.split_once('=').unwrap_or((item, ""));
        opts.push((k.to_string(), v.to_string()));
    }
    Ok((name, opts))
}

/// The ops a pass anchored on `anchor` runs on: the module itself for no anchor (and for
/// `builtin.module`), else every op of that name, outermost first.
pub fn targets(m: &Module, anchor: Option<&str>) -> Vec<PassTarget> {
    let Some(anchor) = anchor.filter(|a| *a != "builtin.module") else { return vec![PassTarget::Module] };
    let mut found: Vec<OpId> = Vec::new();
    let mut stack: Vec<OpId> = m.body.block_ops(m.top).collect();
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
    found.into_iter().map(PassTarget::Op).collect()
}
