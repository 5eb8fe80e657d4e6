//! The pass manager: a registry of named passes, a pipeline parsed from `--pass` flags or
//! `--pass-pipeline='a,b'`, verification after each pass, `--print-ir-after-all` and
//! `--timing` reports.

use std::time::{Duration, Instant};

use crate::diag::Diagnostic;
use crate::ir::Module;

/// A pass: a named transformation of a module.
pub struct PassInfo {
    pub name: &'static str,
    pub summary: &'static str,
    pub run: fn(&mut Module) -> Result<(), Vec<Diagnostic>>,
}

/// Every pass amanda-opt knows, by name.
pub struct PassRegistry {
    passes: Vec<PassInfo>,
}

impl Default for PassRegistry {
    fn default() -> Self {
        PassRegistry {
            passes: vec![
                PassInfo {
                    name: "canonicalize",
                    summary: "tfg canonicalization: erase unused ops in function bodies (graph ops are kept)",
                    run: |m| {
                        super::canonicalize::run(m);
                        Ok(())
                    },
                },
                PassInfo {
                    name: "verify-namespace",
                    summary: "check ops against their namespace schema (TensorFlow, ONNX, PyTorch vocabularies)",
                    run: |m| {
                        let d = crate::namespace::verify_module(m);
                        if d.is_empty() { Ok(()) } else { Err(d) }
                    },
                },
                PassInfo {
                    name: "verify",
                    summary: "run the verifier (also done after every pass)",
                    run: |m| {
                        let d = crate::verify::verify_module(m);
                        if d.is_empty() { Ok(()) } else { Err(d) }
                    },
                },
            ],
        }
    }
}

impl PassRegistry {
    pub fn get(&self, name: &str) -> Option<&PassInfo> {
        self.passes.iter().find(|p| p.name == name)
    }

    pub fn all(&self) -> &[PassInfo] {
        &self.passes
    }
}

/// A pipeline of passes to run in order.
pub struct PassManager<'r> {
    pub passes: Vec<&'r PassInfo>,
    pub verify_each: bool,
    pub print_ir_after_all: bool,
    pub timings: Vec<(&'static str, Duration)>,
}

impl<'r> PassManager<'r> {
    /// Builds the pipeline from pass names; an unknown name is an error listing the known ones.
    pub fn new(registry: &'r PassRegistry, names: &[String]) -> Result<Self, String> {
        let mut passes = Vec::new();
        for n in names {
            match registry.get(n) {
                Some(p) => passes.push(p),
                None => {
                    let known: Vec<&str> = registry.all().iter().map(|p| p.name).collect();
                    return Err(format!("unknown pass '{}' (known passes: {})", n, known.join(", ")));
                }
            }
        }
        Ok(PassManager { passes, verify_each: true, print_ir_after_all: false, timings: Vec::new() })
    }

    /// Splits `--pass-pipeline='a,b,c'` (also accepting mlir-opt's `builtin.module(a,b)`).
    pub fn parse_pipeline(text: &str) -> Vec<String> {
        let t = text.trim();
        let t = t.strip_prefix("builtin.module(").and_then(|s| s.strip_suffix(')')).unwrap_or(t);
        t.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect()
    }

    /// Runs every pass; `after` is called with each pass name and the module after it.
    pub fn run(&mut self, m: &mut Module, mut after: impl FnMut(&str, &Module)) -> Result<(), Vec<Diagnostic>> {
        for p in &self.passes {
            let start = Instant::now();
            (p.run)(m)?;
            self.timings.push((p.name, start.elapsed()));
            if self.verify_each {
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
