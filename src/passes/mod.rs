//! Passes and the pass manager.

pub mod canonicalize;
pub mod manager;

pub use manager::{PassManager, PassRegistry};
