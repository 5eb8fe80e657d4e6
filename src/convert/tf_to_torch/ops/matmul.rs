//! MatMul (`aten.mm`, with `aten.transpose.int` for transpose_a/b), BatchMatMul(V2/V3)
//! (`aten.matmul`, broadcasting batch dims, adj_x/adj_y), BiasAdd (`aten.add.Tensor`; on a
//! value held as NCHW the bias is reshaped to `[C,1,1]`, so the layout is kept).

use super::super::emitter::{Converted, Layout, TfNode, TorchEmitter, A};
use crate::diag::Diagnostic;
use crate::ir::ValueId;

type R = Result<Vec<Converted>, Diagnostic>;

/// Swaps the last two dims.
fn transpose_last(e: &mut TorchEmitter, v: ValueId) -> Result<ValueId, Diagnostic> {
    let ty = e.ty(v);
    let r = ty.rank();
    let mut shape = ty.shape.clone();
    shape.swap(r - 2, r - 1);
    e.aten("aten::transpose.int", vec![A::T(v), A::Int(r as i64 - 2), A::Int(r as i64 - 1)], ty.with_shape(shape))
}

/// Both operands of a matrix product have rank 2 or more (MatMul: exactly 2).
fn check_ranks(e: &TorchEmitter, n: &TfNode, exact: bool) -> Result<(), Diagnostic> {
    for i in 0..2 {
        let r = e.input_ty(n, i)?.rank();
        if r < 2 || (exact && r != 2) {
            return Err(e.err(n, format!("operand {} has rank {}; a matrix product needs {}", i, r, if exact { "2" } else { "2 or more" })));
        }
    }
    Ok(())
}

pub fn matmul(e: &mut TorchEmitter, n: &TfNode) -> R {
    check_ranks(e, n, true)?;
    let mut a = e.logical(n, 0)?;
    let mut b = e.logical(n, 1)?;
    if e.attr_bool(n, "transpose_a").unwrap_or(false) {
        a = transpose_last(e, a)?;
    }
    if e.attr_bool(n, "transpose_b").unwrap_or(false) {
        b = transpose_last(e, b)?;
    }
    let ty = e.result_ty(n, 0)?;
    Ok(vec![Converted::plain(e.aten("aten::mm", vec![A::T(a), A::T(b)], ty)?)])
}

pub fn batch_matmul(e: &mut TorchEmitter, n: &TfNode) -> R {
    check_ranks(e, n, false)?;
    let mut a = e.logical(n, 0)?;
    let mut b = e.logical(n, 1)?;
    if e.attr_bool(n, "adj_x").unwrap_or(false) {
        a = transpose_last(e, a)?;
    }
    if e.attr_bool(n, "adj_y").unwrap_or(false) {
        b = transpose_last(e, b)?;
    }
    let ty = e.result_ty(n, 0)?;
    let dt = ty.dt;
    // BatchMatMulV3 may mix input types with Tout; torch wants one.
    let a = e.cast(a, dt)?;
    let b = e.cast(b, dt)?;
    Ok(vec![Converted::plain(e.aten("aten::matmul", vec![A::T(a), A::T(b)], ty)?)])
}

pub fn bias_add(e: &mut TorchEmitter, n: &TfNode) -> R {
    let x = e.input(n, 0)?;
    let bias = e.logical(n, 1)?;
    if e.ty(bias).rank() != 1 || e.input_ty(n, 0)?.rank() < 2 {
        return Err(e.err(n, "expects a bias of rank 1 and a value of rank 2 or more"));
    }
    let c = e.ty(bias).shape[0];
    let nchw_format = e.attr_str(n, "data_format").as_deref() == Some("NCHW");
    let (xv, bv, layout) = match (x.layout, nchw_format) {
        (Layout::Nchw, false) => (x.value, e.reshape(bias, vec![c, 1, 1])?, Layout::Nchw),
        (_, false) => (e.logical(n, 0)?, bias, Layout::Plain),
        (_, true) => {
            let xv = e.logical(n, 0)?;
            let r = e.ty(xv).rank();
            let mut shape = vec![c];
            shape.resize(r.saturating_sub(1).max(1), 1);
            (xv, e.reshape(bias, shape)?, Layout::Plain)
        }
    };
    let ty = e.ty(xv).with_dt(e.result_dt(n, 0)?);
    let v = e.aten("aten::add.Tensor", vec![A::T(xv), A::T(bv)], ty)?;
    Ok(vec![Converted { value: v, layout }])
}
