//! Conversions between namespaces that leave the tfg dialect: `convert-tf-to-torch` (a
//! TensorFlow graph becomes torch-mlir's `torch` dialect, as `torch_mlir.fx` writes it), and
//! the torch passes it runs on what it writes: `torch-fold-weight-layout` ([`weight_layout`]:
//! weights stored in the layout their users read) and `torch-fold-conv-affine`
//! ([`conv_affine`]: bias and batch norm folded into convolutions), `torch-raise-layer-norm`
//! ([`layer_norm`]: layer normalization written out as arithmetic made one op) and
//! `torch-raise-gelu` ([`gelu`]: the same for GELU), `torch-raise-dense` ([`dense`]: a
//! Tensordot one matmul, a bias split with the heads added before the split). All
//! torch-specific knowledge lives under this folder.

pub mod conv_affine;
pub mod dense;
pub mod gelu;
pub mod layer_norm;
pub mod tf_to_torch;
mod torch_match;
pub mod weight_layout;

use crate::diag::Diagnostic;
use crate::ir::Module;
use crate::passes::{Pass, PassContext, PassRegistry, PassTarget};

/// Registers the conversion passes.
pub fn register(r: &mut PassRegistry) {
    tf_to_torch::register(r);
    weight_layout::register(r);
    conv_affine::register(r);
    layer_norm::register(r);
    gelu::register(r);
    dense::register(r);
}

/// A pass that runs `fold` on its target and reports how many rewrites it made as the
/// statistic `num-folded` (described by `what`).
fn counted_pass(fold: fn(&mut Module, PassTarget) -> Result<u64, Vec<Diagnostic>>, what: &'static str) -> Box<dyn Pass> {
    Box::new(move |m: &mut Module, t: PassTarget, cx: &mut PassContext| {
        let folded = fold(m, t)?;
        cx.stat("num-folded", what, folded);
        cx.mark_changed_if(folded > 0);
        Ok(())
    })
}
