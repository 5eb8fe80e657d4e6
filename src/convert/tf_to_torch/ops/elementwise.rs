//! Elementwise arithmetic, comparison and logic with NumPy broadcasting, Select/SelectV2,
//! and unary math. They keep the layout of their inputs: a value held as NCHW stays NCHW
//! when the other operands are NCHW too, scalars, or per-channel vectors.

use super::super::emitter::{Converted, Layout, TfNode, TorchEmitter, A};
use super::super::types::{broadcast, TTy};
use crate::diag::Diagnostic;
use crate::ir::ValueId;

type R = Result<Vec<Converted>, Diagnostic>;

/// The operands of an elementwise op in one common layout: NCHW when some input is held as
/// NCHW and every other is NCHW, rank 4 (permuted once), a scalar, or a `[C]` vector
/// (reshaped to `[C,1,1]`); else the TensorFlow layout.
pub fn operands(e: &mut TorchEmitter, n: &TfNode, count: usize) -> Result<(Vec<ValueId>, Layout), Diagnostic> {
    let mut convs = Vec::with_capacity(count);
    for i in 0..count {
        convs.push(e.input(n, i)?);
    }
    let any_nchw = convs.iter().any(|c| c.layout == Layout::Nchw);
    let mut ranks = Vec::with_capacity(count);
    for i in 0..count {
        ranks.push(e.input_ty(n, i)?.rank());
    }
    let nchw_ok = any_nchw && ranks.iter().all(|&r| r == 4 || r <= 1);
    let mut out = Vec::with_capacity(count);
    if nchw_ok {
        for i in 0..count {
            let v = match ranks[i] {
                4 => e.nchw(n, i)?,
                1 => {
                    let v = e.logical(n, i)?;
                    let c = e.ty(v).shape[0];
                    e.reshape(v, vec![c, 1, 1])?
                }
                _ => e.logical(n, i)?,
            };
            out.push(v);
        }
        return Ok((out, Layout::Nchw));
    }
    for i in 0..count {
        out.push(e.logical(n, i)?);
    }
    Ok((out, Layout::Plain))
}

/// The physical result type of an elementwise op over `vals` with the TF result's dtype.
fn result_ty(e: &mut TorchEmitter, n: &TfNode, vals: &[ValueId]) -> Result<TTy, Diagnostic> {
    let dt = e.result_dt(n, 0)?;
    let mut shape: Vec<i64> = Vec::new();
    for &v in vals {
        shape = broadcast(&shape, &e.ty(v).shape).ok_or_else(|| e.err(n, "operand shapes do not broadcast"))?;
    }
    Ok(TTy::new(shape, dt))
}

/// A binary op `op(a, b, extra...)`.
fn binary(e: &mut TorchEmitter, n: &TfNode, op: &'static str, extra: Vec<A>) -> R {
    let (vals, layout) = operands(e, n, 2)?;
    let ty = result_ty(e, n, &vals)?;
    let mut args = vec![A::T(vals[0]), A::T(vals[1])];
    args.extend(extra);
    let v = e.aten(op, args, ty)?;
    Ok(vec![Converted { value: v, layout }])
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

pub fn add(e: &mut TorchEmitter, n: &TfNode) -> R {
    binary(e, n, "aten::add.Tensor", vec![])
}
pub fn sub(e: &mut TorchEmitter, n: &TfNode) -> R {
    binary(e, n, "aten::sub.Tensor", vec![])
}
pub fn mul(e: &mut TorchEmitter, n: &TfNode) -> R {
    binary(e, n, "aten::mul.Tensor", vec![])
}
pub fn div(e: &mut TorchEmitter, n: &TfNode) -> R {
    binary(e, n, "aten::div.Tensor", vec![])
}
/// FloorDiv: division rounded toward negative infinity.
pub fn floor_div(e: &mut TorchEmitter, n: &TfNode) -> R {
    binary(e, n, "aten::div.Tensor_mode", vec![A::Str("floor".into())])
}
/// FloorMod: the remainder with the divisor's sign (Python's `%`, torch's `remainder`).
pub fn floor_mod(e: &mut TorchEmitter, n: &TfNode) -> R {
    binary(e, n, "aten::remainder.Tensor", vec![])
}
pub fn maximum(e: &mut TorchEmitter, n: &TfNode) -> R {
    binary(e, n, "aten::maximum", vec![])
}
pub fn minimum(e: &mut TorchEmitter, n: &TfNode) -> R {
    binary(e, n, "aten::minimum", vec![])
}
pub fn pow(e: &mut TorchEmitter, n: &TfNode) -> R {
    binary(e, n, "aten::pow.Tensor_Tensor", vec![])
}
pub fn less(e: &mut TorchEmitter, n: &TfNode) -> R {
    binary(e, n, "aten::lt.Tensor", vec![])
}
pub fn less_equal(e: &mut TorchEmitter, n: &TfNode) -> R {
    binary(e, n, "aten::le.Tensor", vec![])
}
pub fn greater(e: &mut TorchEmitter, n: &TfNode) -> R {
    binary(e, n, "aten::gt.Tensor", vec![])
}
pub fn greater_equal(e: &mut TorchEmitter, n: &TfNode) -> R {
    binary(e, n, "aten::ge.Tensor", vec![])
}
pub fn equal(e: &mut TorchEmitter, n: &TfNode) -> R {
    binary(e, n, "aten::eq.Tensor", vec![])
}
pub fn not_equal(e: &mut TorchEmitter, n: &TfNode) -> R {
    binary(e, n, "aten::ne.Tensor", vec![])
}
pub fn logical_and(e: &mut TorchEmitter, n: &TfNode) -> R {
    binary(e, n, "aten::logical_and", vec![])
}
pub fn logical_or(e: &mut TorchEmitter, n: &TfNode) -> R {
    binary(e, n, "aten::logical_or", vec![])
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

/// SelectV2(cond, x, y): broadcasting `aten.where.self`.
pub fn select_v2(e: &mut TorchEmitter, n: &TfNode) -> R {
    let (vals, layout) = operands(e, n, 3)?;
    let ty = result_ty(e, n, &vals)?;
    let v = e.aten("aten::where.self", vec![A::T(vals[0]), A::T(vals[1]), A::T(vals[2])], ty)?;
    Ok(vec![Converted { value: v, layout }])
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
    select_v2(e, n)
}

pub fn logical_not(e: &mut TorchEmitter, n: &TfNode) -> R {
    unary(e, n, "aten::logical_not", vec![])
}
pub fn sqrt(e: &mut TorchEmitter, n: &TfNode) -> R {
    unary(e, n, "aten::sqrt", vec![])
}
pub fn rsqrt(e: &mut TorchEmitter, n: &TfNode) -> R {
    unary(e, n, "aten::rsqrt", vec![])
}
pub fn exp(e: &mut TorchEmitter, n: &TfNode) -> R {
    unary(e, n, "aten::exp", vec![])
}
pub fn log(e: &mut TorchEmitter, n: &TfNode) -> R {
    unary(e, n, "aten::log", vec![])
}
pub fn neg(e: &mut TorchEmitter, n: &TfNode) -> R {
    unary(e, n, "aten::neg", vec![])
}
pub fn abs(e: &mut TorchEmitter, n: &TfNode) -> R {
    unary(e, n, "aten::abs", vec![])
}
pub fn square(e: &mut TorchEmitter, n: &TfNode) -> R {
    unary(e, n, "aten::square", vec![])
}
pub fn reciprocal(e: &mut TorchEmitter, n: &TfNode) -> R {
    unary(e, n, "aten::reciprocal", vec![])
}
pub fn floor(e: &mut TorchEmitter, n: &TfNode) -> R {
    unary(e, n, "aten::floor", vec![])
}
pub fn ceil(e: &mut TorchEmitter, n: &TfNode) -> R {
    unary(e, n, "aten::ceil", vec![])
}
/// Round: half to even in both.
pub fn round(e: &mut TorchEmitter, n: &TfNode) -> R {
    unary(e, n, "aten::round", vec![])
}
pub fn sin(e: &mut TorchEmitter, n: &TfNode) -> R {
    unary(e, n, "aten::sin", vec![])
}
pub fn cos(e: &mut TorchEmitter, n: &TfNode) -> R {
    unary(e, n, "aten::cos", vec![])
}
