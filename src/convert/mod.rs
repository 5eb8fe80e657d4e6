//! Conversions between namespaces that leave the tfg dialect: `convert-tf-to-torch` (a
//! TensorFlow graph becomes torch-mlir's `torch` dialect, as `torch_mlir.fx` writes it), and
//! the torch passes it runs on what it writes: `torch-fold-weight-layout` ([`weight_layout`]:
//! weights stored in the layout their users read) and `torch-fold-conv-affine`
//! ([`conv_affine`]: bias and batch norm folded into convolutions). All torch-specific
//! knowledge lives under this folder.

pub mod conv_affine;
pub mod tf_to_torch;
pub mod weight_layout;

use crate::passes::PassRegistry;

/// Registers the conversion passes.
pub fn register(r: &mut PassRegistry) {
    tf_to_torch::register(r);
    weight_layout::register(r);
    conv_affine::register(r);
}
