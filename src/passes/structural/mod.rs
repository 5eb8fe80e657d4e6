//! Passes that reorder, merge or rename ops without changing what the graph computes:
//! TensorFlow's `tfg-toposort`, `tfg-cse`, `tfg-name-compress`, `tfg-dedupe-hoist-constant`,
//! `tfg-cf-sink`, `tfg-eliminate-passthrough-iter-args`, `tfg-drop-unregistered-output-shapes`,
//! `tfg-add-default-attrs` and `tfg-strip-default-attrs`.

pub mod cse;
pub mod tf_ops;
pub mod toposort;

use super::registry::simple;
use super::PassRegistry;

/// Registers this family's passes.
pub fn register(r: &mut PassRegistry) {
    r.add(simple("tfg-toposort", "Topologically sort graph and function regions", None, |_| Ok(Box::new(toposort::run))));
    r.add(simple(
        "tfg-cse",
        "Common sub-expression elimination, ignoring op names",
        Some("tfg.func"),
        |_| Ok(Box::new(cse::run)),
    ));
}
