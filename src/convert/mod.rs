//! Conversions between namespaces that leave the tfg dialect: `convert-tf-to-torch` (a
//! TensorFlow graph becomes torch-mlir's `torch` dialect, as `torch_mlir.fx` writes it), and
//! `torch-fold-weight-layout` ([`weight_layout`]: weights stored in the layout their users
//! read), which it runs on what it writes. All torch-specific knowledge lives under this
//! folder.

pub mod tf_to_torch;
pub mod weight_layout;

use crate::passes::PassRegistry;

/// Registers the conversion passes.
pub fn register(r: &mut PassRegistry) {
    tf_to_torch::register(r);
    weight_layout::register(r);
}
