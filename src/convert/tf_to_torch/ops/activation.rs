//! Activations that need code: Relu6 (`aten.clamp` with bounds of the dtype), LeakyRelu
//! (TensorFlow's default alpha), Erfc (two ops), Softmax and LogSoftmax (over the last
//! TensorFlow axis: dim 1 of a value held as NCHW, which keeps its layout). Relu, Elu, Selu,
//! Sigmoid, Tanh, Softplus and Erf are one-op rules of the table (`ops/declared.rs`).

use super::super::emitter::{Converted, Layout, TfNode, TorchEmitter, A};
use super::elementwise::unary;
use crate::diag::Diagnostic;

type R = Result<Vec<Converted>, Diagnostic>;

/// Relu6(x) = clamp(x, 0, 6).
pub fn relu6(e: &mut TorchEmitter, n: &TfNode) -> R {
    if e.result_dt(n, 0)?.is_float() {
        unary(e, n, "aten::clamp", vec![A::Float(0.0), A::Float(6.0)])
    } else {
        unary(e, n, "aten::clamp", vec![A::Int(0), A::Int(6)])
    }
}

/// LeakyRelu: `alpha` (TensorFlow's default 0.2).
pub fn leaky_relu(e: &mut TorchEmitter, n: &TfNode) -> R {
    let alpha = e.attr_f64_or(n, "alpha", 0.2)?;
    unary(e, n, "aten::leaky_relu", vec![A::Float(alpha)])
}

/// Erfc(x) = 1 - erf(x) (`aten.rsub.Scalar`), as Keras's exact GELU uses it.
pub fn erfc(e: &mut TorchEmitter, n: &TfNode) -> R {
    let r = unary(e, n, "aten::erf", vec![])?;
    let ty = e.ty(r[0].value);
    let v = e.aten("aten::rsub.Scalar", vec![A::T(r[0].value), A::Int(1)], ty)?;
    Ok(vec![Converted { value: v, layout: r[0].layout }])
}

/// Over the last TensorFlow axis; a value held as NCHW keeps its layout (C is dim 1).
fn softmax_like(e: &mut TorchEmitter, n: &TfNode, op: &'static str) -> R {
    let c = e.input(n, 0)?;
    let ty = e.ty(c.value).with_dt(e.result_dt(n, 0)?);
    let dim = if c.layout == Layout::Nchw { 1 } else { ty.rank() as i64 - 1 };
    let v = e.aten(op, vec![A::T(c.value), A::Int(dim), A::Bool(false)], ty)?;
    Ok(vec![Converted { value: v, layout: c.layout }])
}

pub fn softmax(e: &mut TorchEmitter, n: &TfNode) -> R {
    softmax_like(e, n, "aten::_softmax")
}

pub fn log_softmax(e: &mut TorchEmitter, n: &TfNode) -> R {
    softmax_like(e, n, "aten::_log_softmax")
}
