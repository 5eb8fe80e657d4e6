//! Conversions between namespaces that leave the tfg dialect: `convert-tf-to-torch` (a
//! TensorFlow graph becomes torch-mlir's `torch` dialect, as `torch_mlir.fx` writes it).
//! All torch-specific knowledge lives under this folder.

pub mod tf_to_torch;

use crate::passes::PassRegistry;

/// Registers the conversion passes.
pub fn register(r: &mut PassRegistry) {
    tf_to_torch::register(r);
}
