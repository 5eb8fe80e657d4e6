//! Passes between TensorFlow's two forms of control flow: functional ops that call branch
//! and body functions (`If`, `Case`, `While`, `For` and their stateless forms) and region
//! ops that hold them inline (`IfRegion`, ...): `tfg-functional-to-region` and
//! `tfg-region-to-functional`.

use super::PassRegistry;

/// Registers this family's passes.
pub fn register(_r: &mut PassRegistry) {}
