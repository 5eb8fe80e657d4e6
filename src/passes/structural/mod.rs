//! Passes that reorder, merge or rename ops without changing what the graph computes:
//! TensorFlow's `tfg-toposort`, `tfg-cse`, `tfg-name-compress`, `tfg-dedupe-hoist-constant`,
//! `tfg-cf-sink`, `tfg-eliminate-passthrough-iter-args`, `tfg-drop-unregistered-output-shapes`,
//! `tfg-add-default-attrs` and `tfg-strip-default-attrs`.

use super::PassRegistry;

/// Registers this family's passes.
pub fn register(_r: &mut PassRegistry) {}
