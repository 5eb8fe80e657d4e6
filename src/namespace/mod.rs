//! Namespaces: versioned op vocabularies of TensorFlow, ONNX and PyTorch (generated into
//! `dialects/` by the scripts in `dialects/gen/`), and verification of ops against them.
//! See docs/namespaces.md for the user-facing side.
//!
//! * [`schema`] — the op-schema model (ports, attributes, type constraints).
//! * [`jsonl`] — the generated vocabularies: lazily indexed JSON Lines.
//! * [`yaml`] — the Amanda design's YAML namespace schemas.
//! * [`registry`] — versions, hierarchy (`amanda/tensorflow` → newest), inheritance, lookup.
//! * [`scope`] — which namespace an op is checked against (`amanda.namespace` declarations).
//! * [`types`] — framework type names against IR types.
//! * [`verify`] — the checks (`--pass=verify-namespace`).
//! * [`describe`] — `--list-namespaces` and `--describe OP`.
//! * [`ports`] — ports by name (`annotate-ports`, `--print-port-names`).
//! * [`defaults`] — `materialize-default-attrs` and `strip-default-attrs`.
//! * [`args`] — the ordered-argument view of TorchScript ops (`torch-call-form`, `torch-attr-form`).

pub mod args;
pub mod defaults;
pub mod describe;
pub mod jsonl;
pub mod line_index;
pub mod ports;
pub mod registry;
pub mod schema;
pub mod scope;
pub mod types;
pub mod verify;
pub mod yaml;

pub use registry::{add_global_schema_file, global, Registry};
pub use schema::{AttrSchema, Framework, OpSchema, Port};
pub use scope::NAMESPACE_ATTR;
pub use verify::Mode;

use crate::diag::Diagnostic;
use crate::ir::Module;

/// Checks every op of a known vocabulary in `m` (the `verify-namespace` pass).
pub fn verify_module(m: &Module) -> Vec<Diagnostic> {
    match global().read() {
        Ok(r) => verify::verify(m, &r, Mode::All),
        Err(_) => vec![Diagnostic::error_nowhere("namespace registry is poisoned")],
    }
}

/// Checks the ops under an `amanda.namespace` declaration; nothing (and no registry) when the
/// module declares none. The CLI runs this after the structural verifier.
pub fn verify_declared(m: &Module) -> Vec<Diagnostic> {
    if !scope::module_declares(m) {
        return Vec::new();
    }
    match global().read() {
        Ok(r) => verify::verify(m, &r, Mode::Declared),
        Err(_) => vec![Diagnostic::error_nowhere("namespace registry is poisoned")],
    }
}

/// Runs `f` with the global registry (an error if it is poisoned).
pub fn with_registry<T>(f: impl FnOnce(&Registry) -> T) -> Result<T, Vec<Diagnostic>> {
    match global().read() {
        Ok(r) => Ok(f(&r)),
        Err(_) => Err(vec![Diagnostic::error_nowhere("namespace registry is poisoned")]),
    }
}
