//! Passes over graphs, functions and the symbol table: `tfg-lift-graph-to-func`,
//! `tfg-lower-func-to-graph`, `tfg-consolidate-attrs`, `tfg-prepare-attrs-export`,
//! `tfg-lift-legacy-call`, `symbol-privatize`, `symbol-dce`, `inline` and pruning to fetches.

use super::PassRegistry;

/// Registers this family's passes.
pub fn register(_r: &mut PassRegistry) {}
