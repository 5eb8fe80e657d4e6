//! Passes that compute: `tfg-shape-inference` (result types from the shape functions of
//! common TensorFlow ops) and `tfg-constant-folding` (Grappler's constant folding rules as
//! TensorFlow's tfg port has them, with an evaluator for the ops it folds).

pub mod eval;
pub mod tensor;

use super::PassRegistry;

/// Registers this family's passes.
pub fn register(_r: &mut PassRegistry) {}
