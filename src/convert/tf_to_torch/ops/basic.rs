//! Constants and plumbing: Const (`torch.vtensor.literal`), Identity-like ops, IdentityN, NoOp,
//! Shape/Size/Rank (folded: shapes are static), Cast (`aten.to.dtype`), Fill (`aten.full`).

use super::super::emitter::{Converted, TfNode, TorchEmitter, A};
use super::super::types::{elem_dt, TTy};
use crate::passes::folding::tensor::Tensor;
use crate::diag::Diagnostic;

type R = Result<Vec<Converted>, Diagnostic>;

/// `Const` → `torch.vtensor.literal` (integer element types become signed, as torch wants).
pub fn constant(e: &mut TorchEmitter, n: &TfNode) -> R {
    let ty = e.result_ty(n, 0)?;
    let value = e.need(n, "value", e.attr(n, "value"))?;
    if let Some(v) = e.literal_of_dense(value, &ty) {
        return Ok(vec![Converted::plain(v)]);
    }
    // Not a dense<> attribute (a tensor proto): go through the host value.
    match e.known(n.results[0]) {
        Some(t) => Ok(vec![Converted::plain(e.literal(&t, ty.dt))]),
        None => Err(e.err(n, "its value is not a dense tensor amanda-opt can read")),
    }
}

/// A node whose results are all known at conversion time (shape arithmetic): literals of
/// the values (the driver defers such nodes, so they appear only where used as tensors).
///
/// A float splat of more than one element made from scalars (Keras's zero initial state
/// of a recurrent layer, `Fill(Pack(batch, units), 0)` once the batch is pinned) is
/// `aten.full` instead: it is state made at run time, not a weight, so `--emit=pytorch` must
/// not make it a trainable parameter. A splat made from a float tensor (a zero-initialised
/// bias read through `Identity`, a layer norm's gamma of ones through `Reshape`) stays a
/// literal: it is a weight.
pub fn known_value(e: &mut TorchEmitter, n: &TfNode) -> R {
    let from_scalars = n.inputs.iter().all(|&v| {
        let ty = e.m.body.value_type(v);
        match elem_dt(&e.m.ctx, ty) {
            Some(dt) if !dt.is_float() => true,
            Some(_) => TTy::of_type(&e.m.ctx, ty).is_some_and(|t| t.is_static() && t.num_elements() == 1),
            None => false,
        }
    });
    let mut out = Vec::new();
    for (i, &r) in n.results.iter().enumerate() {
        let t = e.known(r).ok_or_else(|| e.err(n, format!("result {} is not known", i)))?;
        let dt = e.result_dt(n, i)?;
        let splat = t.as_splat().filter(|_| from_scalars && dt.is_float() && t.len() > 1);
        let v = match splat {
            Some(s) => full(e, TTy::new(t.shape.clone(), dt), &s.scalar)?,
            None => e.literal(&t, dt),
        };
        out.push(Converted::plain(v));
    }
    Ok(out)
}

/// Identity, Snapshot, StopGradient, ...: the input itself, in its layout.
pub fn identity(e: &mut TorchEmitter, n: &TfNode) -> R {
    Ok(vec![e.input(n, 0)?])
}

/// IdentityN: each input itself.
pub fn identity_n(e: &mut TorchEmitter, n: &TfNode) -> R {
    (0..n.inputs.len()).map(|i| e.input(n, i)).collect()
}

/// NoOp: no data results.
pub fn noop(_e: &mut TorchEmitter, _n: &TfNode) -> R {
    Ok(Vec::new())
}

/// Shape, Size, Rank of a static shape: a literal.
pub fn shape(e: &mut TorchEmitter, n: &TfNode) -> R {
    let ty = e.result_ty(n, 0)?;
    match e.known(n.results[0]) {
        Some(t) => Ok(vec![Converted::plain(e.literal(&t, ty.dt))]),
        None => Err(e.err(n, "the shape of its input is not static")),
    }
}

/// Cast → `aten.to.dtype` (float → int truncates toward zero in both).
pub fn cast(e: &mut TorchEmitter, n: &TfNode) -> R {
    let c = e.input(n, 0)?;
    let dt = e.result_dt(n, 0)?;
    Ok(vec![Converted { value: e.cast(c.value, dt)?, layout: c.layout }])
}

/// Fill(dims, value) → `aten.full` with a known value, else `aten.broadcast_to`.
pub fn fill(e: &mut TorchEmitter, n: &TfNode) -> R {
    let ty = e.result_ty(n, 0)?;
    let scalar = e.known(n.inputs[1]).filter(|t| t.len() == 1);
    let v = match scalar {
        Some(t) => full(e, ty, &t)?,
        None => {
            let x = e.logical(n, 1)?;
            e.aten("aten::broadcast_to", vec![A::T(x), A::Ints(ty.shape.clone())], ty)?
        }
    };
    Ok(vec![Converted::plain(v)])
}

/// `aten.full` of type `ty` holding the one element of `scalar`.
fn full(e: &mut TorchEmitter, ty: TTy, scalar: &Tensor) -> Result<crate::ir::ValueId, Diagnostic> {
    let value = if ty.dt.is_float() { A::Float(scalar.float_at(0)) } else { A::Int(scalar.int_at(0)) };
    e.aten("aten::full", vec![A::Ints(ty.shape.clone()), value, A::Dtype(ty.dt)], ty)
}
