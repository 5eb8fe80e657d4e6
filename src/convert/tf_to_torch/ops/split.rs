//! Ops with several results or repeats beyond the core set: Split and SplitV
//! (`aten.slice.Tensor` per piece), Unpack (`aten.select.int` per index), Tile
//! (`aten.repeat`, NumPy's tile), ArgMax/ArgMin (`aten.argmax`/`aten.argmin`, si64, then cast
//! to `output_type`).

use super::super::emitter::{Converted, TfNode, TorchEmitter, A};
use super::super::types::{Dt, TTy};
use crate::diag::Diagnostic;
use crate::ir::types::DYNAMIC;
use crate::ir::ValueId;

type R = Result<Vec<Converted>, Diagnostic>;

fn axis_of(e: &TorchEmitter, n: &TfNode, input: usize, rank: i64) -> Result<i64, Diagnostic> {
    let a = *e.known_ints(n, input, "axis")?.first().ok_or_else(|| e.err(n, "the axis is empty"))?;
    let a = if a < 0 { a + rank } else { a };
    if a < 0 || a >= rank {
        return Err(e.err(n, format!("axis {} is out of range for rank {}", a, rank)));
    }
    Ok(a)
}

/// The size of dim `axis` of `xt`, which the pieces divide: an error when it is the unknown
/// batch (`dynamic_batch.rs`).
fn split_dim(e: &TorchEmitter, n: &TfNode, xt: &TTy, axis: i64) -> Result<i64, Diagnostic> {
    match xt.shape[axis as usize] {
        DYNAMIC => Err(e.err(n, format!("dim {} is the unknown batch: splitting it is converted for a pinned batch only", axis))),
        d => Ok(d),
    }
}

fn pieces(e: &mut TorchEmitter, x: ValueId, axis: i64, sizes: &[i64]) -> R {
    let ty = e.ty(x);
    let mut out = Vec::with_capacity(sizes.len());
    let mut start = 0;
    for &s in sizes {
        let mut shape = ty.shape.clone();
        shape[axis as usize] = s;
        let v = e.aten("aten::slice.Tensor", vec![A::T(x), A::Int(axis), A::Int(start), A::Int(start + s), A::Int(1)], ty.with_shape(shape))?;
        out.push(Converted::plain(v));
        start += s;
    }
    Ok(out)
}

/// Split(axis, value): `num_split` equal pieces.
pub fn split(e: &mut TorchEmitter, n: &TfNode) -> R {
    let xt = e.input_ty(n, 1)?;
    let axis = axis_of(e, n, 0, xt.rank() as i64)?;
    let k = e.need(n, "num_split", e.attr_int(n, "num_split"))?;
    let d = split_dim(e, n, &xt, axis)?;
    if k <= 0 || d % k != 0 {
        return Err(e.err(n, format!("dim {} of size {} does not split into {} pieces", axis, d, k)));
    }
    let x = e.logical(n, 1)?;
    pieces(e, x, axis, &vec![d / k; k as usize])
}

/// SplitV(value, size_splits, axis): pieces of the given sizes (one may be -1: the rest).
pub fn split_v(e: &mut TorchEmitter, n: &TfNode) -> R {
    let xt = e.input_ty(n, 0)?;
    let axis = axis_of(e, n, 2, xt.rank() as i64)?;
    let mut sizes = e.known_ints(n, 1, "size_splits")?;
    let d = split_dim(e, n, &xt, axis)?;
    let known: i64 = sizes.iter().filter(|&&s| s >= 0).sum();
    if let Some(i) = sizes.iter().position(|&s| s < 0) {
        sizes[i] = d - known;
    }
    if sizes.iter().sum::<i64>() != d || sizes.iter().any(|&s| s < 0) {
        return Err(e.err(n, format!("size_splits {:?} do not add up to {}", sizes, d)));
    }
    let x = e.logical(n, 0)?;
    pieces(e, x, axis, &sizes)
}

/// Unpack: one result per index along `axis`, without that dim.
pub fn unpack(e: &mut TorchEmitter, n: &TfNode) -> R {
    let xt = e.input_ty(n, 0)?;
    let rank = xt.rank() as i64;
    let a = e.attr_int(n, "axis").unwrap_or(0);
    let axis = if a < 0 { a + rank } else { a };
    if axis < 0 || axis >= rank {
        return Err(e.err(n, format!("axis {} is out of range for rank {}", a, rank)));
    }
    let count = split_dim(e, n, &xt, axis)?;
    let x = e.logical(n, 0)?;
    let mut shape = xt.shape.clone();
    shape.remove(axis as usize);
    let mut out = Vec::new();
    for i in 0..count {
        let v = e.aten("aten::select.int", vec![A::T(x), A::Int(axis), A::Int(i)], xt.with_shape(shape.clone()))?;
        out.push(Converted::plain(v));
    }
    Ok(out)
}

/// Tile: `aten.repeat` with the multiples (NumPy's tile when there is one per dim).
pub fn tile(e: &mut TorchEmitter, n: &TfNode) -> R {
    let xt = e.input_ty(n, 0)?;
    let reps = e.known_ints(n, 1, "multiples")?;
    if reps.len() != xt.rank() {
        return Err(e.err(n, "multiples must have one entry per dim"));
    }
    let x = e.logical(n, 0)?;
    let shape = xt.shape.iter().zip(&reps).map(|(d, r)| d * r).collect();
    let v = e.aten("aten::repeat", vec![A::T(x), A::Ints(reps)], xt.with_shape(shape))?;
    Ok(vec![Converted::plain(v)])
}

fn arg_reduce(e: &mut TorchEmitter, n: &TfNode, op: &'static str) -> R {
    let xt = e.input_ty(n, 0)?;
    let axis = axis_of(e, n, 1, xt.rank() as i64)?;
    let x = e.logical(n, 0)?;
    let mut shape = xt.shape.clone();
    shape.remove(axis as usize);
    let v = e.aten(op, vec![A::T(x), A::Int(axis), A::Bool(false)], xt.with_shape(shape).with_dt(Dt::Si64))?;
    let dt = e.result_dt(n, 0)?;
    Ok(vec![Converted::plain(e.cast(v, dt)?)])
}

pub fn arg_max(e: &mut TorchEmitter, n: &TfNode) -> R {
    arg_reduce(e, n, "aten::argmax")
}

pub fn arg_min(e: &mut TorchEmitter, n: &TfNode) -> R {
    arg_reduce(e, n, "aten::argmin")
}
