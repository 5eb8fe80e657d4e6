//! [`PassRegistry`]: every pass amanda-opt knows, by name. Each family of passes registers
//! its own in its module (`structural`, `control_flow`, `functions`, `folding`, the
//! namespace passes here), so adding a pass touches only its family.

use super::pass::{Pass, PassContext, PassInfo, PassOptions, PassTarget};
use crate::diag::Diagnostic;
use crate::ir::Module;

/// Every registered pass.
pub struct PassRegistry {
    passes: Vec<PassInfo>,
}

impl Default for PassRegistry {
    fn default() -> Self {
        let mut r = PassRegistry { passes: Vec::new() };
        register_builtin(&mut r);
        super::structural::register(&mut r);
        super::control_flow::register(&mut r);
        super::functions::register(&mut r);
        super::folding::register(&mut r);
        super::testing::register(&mut r);
        // Before the tables: a pass that selects with a built-in table of its name
        // (convert-tf-to-torch) owns that table, which is then not a pass of its own.
        crate::convert::register(&mut r);
        crate::tables::register(&mut r);
        r
    }
}

impl PassRegistry {
    /// Adds a pass; a second pass of the same name is a programming error.
    pub fn add(&mut self, info: PassInfo) {
        assert!(self.get(info.name).is_none(), "pass '{}' registered twice", info.name);
        self.passes.push(info);
    }

    pub fn get(&self, name: &str) -> Option<&PassInfo> {
        self.passes.iter().find(|p| p.name == name)
    }

    /// Every pass, sorted by name (as `--list-passes` shows them).
    pub fn all(&self) -> Vec<&PassInfo> {
        let mut v: Vec<&PassInfo> = self.passes.iter().collect();
        v.sort_by_key(|p| p.name);
        v
    }
}

/// A pass without options from a plain function.
pub fn simple(
    name: &'static str,
    summary: &'static str,
    anchor: Option<&'static str>,
    create: fn(&PassOptions) -> Result<Box<dyn Pass>, String>,
) -> PassInfo {
    PassInfo { name, summary, options: &[], anchor, create }
}

/// Wraps a whole-module transformation `f(&mut Module) -> Result<changed?, _>` as a pass
/// that runs once on the module.
pub fn module_pass(f: fn(&mut Module) -> Result<bool, Vec<Diagnostic>>) -> Box<dyn Pass> {
    Box::new(move |m: &mut Module, _t: PassTarget, cx: &mut PassContext| {
        let changed = f(m)?;
        cx.mark_changed_if(changed);
        Ok(())
    })
}

fn register_builtin(r: &mut PassRegistry) {
    use crate::namespace::{args, defaults, ports, with_registry};
    r.add(simple(
        "canonicalize",
        "tfg canonicalization: erase unused ops in function bodies (graph ops are kept)",
        None,
        |_| Ok(module_pass(|m| Ok(super::canonicalize::run(m) > 0))),
    ));
    r.add(simple(
        "verify-namespace",
        "check ops against their namespace schema (TensorFlow, ONNX, PyTorch vocabularies)",
        None,
        |_| {
            Ok(module_pass(|m| {
                let d = crate::namespace::verify_module(m);
                if d.is_empty() { Ok(false) } else { Err(d) }
            }))
        },
    ));
    r.add(simple(
        "annotate-ports",
        "write each vocabulary op's port names above it as a comment (--print-port-names)",
        None,
        |_| Ok(module_pass(|m| with_registry(|r| ports::annotate(m, r)).map(|()| true))),
    ));
    r.add(simple(
        "materialize-default-attrs",
        "add the default of every schema attribute an op leaves out (TensorFlow, ONNX)",
        None,
        |_| Ok(module_pass(|m| with_registry(|r| defaults::materialize(m, r)).map(|()| true))),
    ));
    r.add(simple(
        "strip-default-attrs",
        "remove attributes equal to their schema default (TensorFlow, ONNX)",
        None,
        |_| Ok(module_pass(|m| with_registry(|r| defaults::strip(m, r)).map(|()| true))),
    ));
    r.add(simple(
        "torch-call-form",
        "TorchScript ops: arguments given as attributes become constant operands",
        None,
        |_| Ok(module_pass(|m| with_registry(|r| args::to_call_form(m, r)).map(|()| true))),
    ));
    r.add(simple(
        "torch-attr-form",
        "TorchScript ops: trailing constant operands become attributes named after their arguments",
        None,
        |_| Ok(module_pass(|m| with_registry(|r| args::to_attr_form(m, r)).map(|()| true))),
    ));
    r.add(simple("verify", "run the verifier (also done after every pass)", None, |_| {
        Ok(module_pass(|m| {
            let d = crate::verify::verify_module(m);
            if d.is_empty() { Ok(false) } else { Err(d) }
        }))
    }));
}
