//! Sequence ops that recurrent layers write around their TensorList loop (ops/tensorlist.rs):
//! `ReverseV2` / `Reverse` (Keras's `go_backwards` and the backward half of `Bidirectional`
//! reverse the time axis) → `aten.flip`, and `Range` of known bounds (the loop bound Keras
//! computes) → a literal.

use super::super::emitter::{Converted, TfNode, TorchEmitter, A};
use crate::diag::Diagnostic;

type R = Result<Vec<Converted>, Diagnostic>;

/// `ReverseV2(tensor, axis)` (constant axes, negative from the end) → `aten.flip`; no axes:
/// the tensor itself.
pub fn reverse_v2(e: &mut TorchEmitter, n: &TfNode) -> R {
    let rank = e.input_ty(n, 0)?.rank() as i64;
    let mut dims = Vec::new();
    for a in e.known_ints(n, 1, "axis")? {
        let d = if a < 0 { a + rank } else { a };
        if !(0..rank).contains(&d) {
            return Err(e.err(n, format!("axis {} is out of range for rank {}", a, rank)));
        }
        if dims.contains(&d) {
            return Err(e.err(n, format!("axis {} is given twice", a)));
        }
        dims.push(d);
    }
    flip(e, n, dims)
}

/// `Reverse(tensor, dims)` (one bool per dim) → `aten.flip` of the dims that are true.
pub fn reverse(e: &mut TorchEmitter, n: &TfNode) -> R {
    let rank = e.input_ty(n, 0)?.rank();
    let flags = e.known_ints(n, 1, "dims")?;
    if flags.len() != rank {
        return Err(e.err(n, format!("has {} dims flags for a tensor of rank {}", flags.len(), rank)));
    }
    flip(e, n, (0..rank as i64).filter(|&d| flags[d as usize] != 0).collect())
}

fn flip(e: &mut TorchEmitter, n: &TfNode, mut dims: Vec<i64>) -> R {
    let x = e.logical(n, 0)?;
    if dims.is_empty() {
        return Ok(vec![Converted::plain(x)]);
    }
    dims.sort_unstable();
    let t = e.ty(x);
    Ok(vec![Converted::plain(e.aten("aten::flip", vec![A::T(x), A::Ints(dims)], t)?)])
}

/// `Range(start, limit, delta)` of known inputs: a literal (the driver makes one before
/// this runs when the inputs are known; a range of run-time bounds has no static shape).
pub fn range(e: &mut TorchEmitter, n: &TfNode) -> R {
    if n.results.first().is_some_and(|&r| e.known(r).is_some()) {
        return super::basic::known_value(e, n);
    }
    Err(e.err(n, "its start, limit and delta must be known at conversion time (its length is its shape)"))
}
