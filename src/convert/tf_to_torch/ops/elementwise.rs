//! Elementwise ops that need code: AddN, SquaredDifference, Select (a vector condition),
//! MatrixBandPart (a mask by position), and the layout rule every elementwise op follows
//! ([`operands_at`]): a value held as NCHW stays NCHW when the other operands are NCHW too,
//! scalars, or per-channel vectors. The one-op
//! elementwise lowerings (Sub → `aten::sub.Tensor`, Exp → `aten::exp`, ...) are rules of the
//! table (`passes/convert-tf-to-torch.yaml`, `layout: any`), lowered by [`super::declared`].

use super::super::emitter::{Converted, Layout, TfNode, TorchEmitter, A};
use super::super::types::{broadcast, TTy};
use crate::diag::Diagnostic;
use crate::ir::ValueId;

type R = Result<Vec<Converted>, Diagnostic>;

/// The operands of an elementwise op in one common layout: NCHW when some input is held as
/// NCHW and every other is NCHW, rank 4 (permuted once), a scalar, or a `[C]` vector
/// (reshaped to `[C,1,1]`); else the TensorFlow layout.
pub fn operands(e: &mut TorchEmitter, n: &TfNode, count: usize) -> Result<(Vec<ValueId>, Layout), Diagnostic> {
    operands_at(e, n, &(0..count).collect::<Vec<_>>())
}

/// [`operands`] of the node's inputs `inputs` (indices), in that order.
pub fn operands_at(e: &mut TorchEmitter, n: &TfNode, inputs: &[usize]) -> Result<(Vec<ValueId>, Layout), Diagnostic> {
    let mut any_nchw = false;
    let mut ranks = Vec::with_capacity(inputs.len());
    for &i in inputs {
        any_nchw |= e.input(n, i)?.layout == Layout::Nchw;
        ranks.push(e.input_ty(n, i)?.rank());
    }
    let nchw_ok = any_nchw && ranks.iter().all(|&r| r == 4 || r <= 1);
    let mut out = Vec::with_capacity(inputs.len());
    for (&i, &rank) in inputs.iter().zip(&ranks) {
        let v = match (nchw_ok, rank) {
            (true, 4) => e.nchw(n, i)?,
            (true, 1) => {
                let v = e.logical(n, i)?;
                let c = e.ty(v).shape[0];
                e.reshape(v, vec![c, 1, 1])?
            }
            _ => e.logical(n, i)?,
        };
        out.push(v);
    }
    Ok((out, if nchw_ok { Layout::Nchw } else { Layout::Plain }))
}

/// The physical result type of an elementwise op over `vals` with the TF result's dtype.
pub(super) fn result_ty(e: &mut TorchEmitter, n: &TfNode, vals: &[ValueId]) -> Result<TTy, Diagnostic> {
    let dt = e.result_dt(n, 0)?;
    let mut shape: Vec<i64> = Vec::new();
    for &v in vals {
        shape = broadcast(&shape, &e.ty(v).shape).ok_or_else(|| e.err(n, "operand shapes do not broadcast"))?;
    }
    Ok(TTy::new(shape, dt))
}

/// A unary op `op(x)`, keeping the input's layout.
pub(super) fn unary(e: &mut TorchEmitter, n: &TfNode, op: &'static str, extra: Vec<A>) -> R {
    let c = e.input(n, 0)?;
    let dt = e.result_dt(n, 0)?;
    let ty = e.ty(c.value).with_dt(dt);
    let mut args = vec![A::T(c.value)];
    args.extend(extra);
    let v = e.aten(op, args, ty)?;
    Ok(vec![Converted { value: v, layout: c.layout }])
}

/// AddN: a chain of `aten.add.Tensor`, in the common layout of its inputs.
pub fn add_n(e: &mut TorchEmitter, n: &TfNode) -> R {
    let (vals, layout) = operands(e, n, n.inputs.len())?;
    let ty = result_ty(e, n, &vals)?;
    let mut acc = *vals.first().ok_or_else(|| e.err(n, "has no inputs"))?;
    for &v in &vals[1..] {
        acc = e.aten("aten::add.Tensor", vec![A::T(acc), A::T(v)], ty.clone())?;
    }
    Ok(vec![Converted { value: acc, layout }])
}

/// SquaredDifference(x, y) = (x - y) * (x - y).
pub fn squared_difference(e: &mut TorchEmitter, n: &TfNode) -> R {
    let (vals, layout) = operands(e, n, 2)?;
    let ty = result_ty(e, n, &vals)?;
    let d = e.aten("aten::sub.Tensor", vec![A::T(vals[0]), A::T(vals[1])], ty.clone())?;
    let v = e.aten("aten::mul.Tensor", vec![A::T(d), A::T(d)], ty)?;
    Ok(vec![Converted { value: v, layout }])
}

/// SelectV2(cond, x, y): broadcasting `aten.where.self` (the table says it for SelectV2).
fn broadcast_where(e: &mut TorchEmitter, n: &TfNode) -> R {
    let (vals, layout) = operands(e, n, 3)?;
    let ty = result_ty(e, n, &vals)?;
    let v = e.aten("aten::where.self", vec![A::T(vals[0]), A::T(vals[1]), A::T(vals[2])], ty)?;
    Ok(vec![Converted { value: v, layout }])
}

/// MatrixBandPart(x, num_lower, num_upper) keeps, in each matrix of the last two dims, the
/// elements with `i - j <= num_lower` and `j - i <= num_upper`; a negative bound keeps that
/// whole triangle. That is `aten.tril(aten.triu(x, -num_lower), num_upper)`, each left out
/// when its bound is negative (Keras's causal attention mask is `MatrixBandPart(ones, -1, 0)`,
/// one `aten.tril`). The bounds must be constants.
pub fn matrix_band_part(e: &mut TorchEmitter, n: &TfNode) -> R {
    let bound = |e: &TorchEmitter, i: usize, what: &str| -> Result<i64, Diagnostic> {
        match e.known_ints(n, i, what)?.as_slice() {
            [b] => Ok(*b),
            _ => Err(e.err(n, format!("{} must be a scalar", what))),
        }
    };
    let (lower, upper) = (bound(e, 1, "num_lower")?, bound(e, 2, "num_upper")?);
    let xt = e.input_ty(n, 0)?;
    if xt.rank() < 2 {
        return Err(e.err(n, format!("the input has rank {}; MatrixBandPart needs a rank of at least 2", xt.rank())));
    }
    // The result has the input's type (shape inference may not have typed the node).
    let mut x = e.logical(n, 0)?;
    if lower >= 0 {
        x = e.aten("aten::triu", vec![A::T(x), A::Int(-lower)], xt.clone())?;
    }
    if upper >= 0 {
        x = e.aten("aten::tril", vec![A::T(x), A::Int(upper)], xt)?;
    }
    Ok(vec![Converted::plain(x)])
}

/// Select(cond, x, y): as SelectV2, except that a vector `cond` picks along the first dim.
pub fn select(e: &mut TorchEmitter, n: &TfNode) -> R {
    let ct = e.input_ty(n, 0)?;
    let xt = e.input_ty(n, 1)?;
    if ct.rank() == 1 && xt.rank() > 1 {
        let c = e.logical(n, 0)?;
        let mut shape = vec![ct.shape[0]];
        shape.resize(xt.rank(), 1);
        let c = e.reshape(c, shape)?;
        let x = e.logical(n, 1)?;
        let y = e.logical(n, 2)?;
        let ty = e.result_ty(n, 0)?;
        let v = e.aten("aten::where.self", vec![A::T(c), A::T(x), A::T(y)], ty)?;
        return Ok(vec![Converted::plain(v)]);
    }
    broadcast_where(e, n)
}

