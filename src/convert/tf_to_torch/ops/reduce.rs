//! Reductions over constant axes: Mean (`aten.mean.dim`), Sum (`aten.sum.dim_IntList`),
//! Max (`aten.amax`), Min (`aten.amin`), Prod (`aten.prod.dim_int`, one dim at a time), Any
//! and All (`aten.any.dim`, `aten.all.dim`, one dim at a time).
//! A value held as NCHW is reduced in place when the dims left keep their TensorFlow order
//! (a global average pool over H and W gives `[N, C]` either way).

use super::super::emitter::{Converted, Layout, TfNode, TorchEmitter, A, TO_NCHW};
use crate::diag::Diagnostic;

type R = Result<Vec<Converted>, Diagnostic>;

fn reduce(e: &mut TorchEmitter, n: &TfNode, op: &'static str) -> R {
    let xt = e.input_ty(n, 0)?;
    let rank = xt.rank() as i64;
    let mut axes = Vec::new();
    for a in e.known_ints(n, 1, "reduction axes")? {
        let a = if a < 0 { a + rank } else { a };
        if a < 0 || a >= rank.max(1) {
            return Err(e.err(n, format!("axis {} is out of range for rank {}", a, rank)));
        }
        if !axes.contains(&a) {
            axes.push(a);
        }
    }
    axes.sort_unstable();
    let keep = e.attr_bool(n, "keep_dims").unwrap_or(false);
    let ty = e.result_ty(n, 0)?;
    if axes.is_empty() || rank == 0 {
        let x = e.input(n, 0)?;
        return Ok(vec![Converted { value: e.cast(x.value, ty.dt)?, layout: x.layout }]);
    }
    // Held as NCHW: reduce the physical dims when the result's dims keep their order.
    let c = e.input(n, 0)?;
    let (x, axes, layout, out_ty) = if c.layout == Layout::Nchw {
        let phys_axes: Vec<i64> = {
            let mut v: Vec<i64> = (0..4).filter(|&j| axes.contains(&TO_NCHW[j as usize])).collect();
            v.sort_unstable();
            v
        };
        let left: Vec<i64> = (0..4).filter(|j| !phys_axes.contains(j)).map(|j| TO_NCHW[j as usize]).collect();
        if keep {
            (c.value, phys_axes, Layout::Nchw, ty.permuted(&[0, 3, 1, 2]))
        } else if left.windows(2).all(|w| w[0] < w[1]) {
            (c.value, phys_axes, Layout::Plain, ty.clone())
        } else {
            (e.logical(n, 0)?, axes, Layout::Plain, ty.clone())
        }
    } else {
        (c.value, axes, Layout::Plain, ty.clone())
    };
    // torch sums and multiplies integers (and booleans) in int64 unless told the dtype;
    // TensorFlow keeps the input's type.
    let accumulate = |args: &mut Vec<A>| {
        if matches!(op, "aten::sum.dim_IntList" | "aten::prod.dim_int") && !ty.dt.is_float() {
            args.push(A::Dtype(ty.dt));
        }
    };
    let v = if matches!(op, "aten::prod.dim_int" | "aten::any.dim" | "aten::all.dim") {
        // One dim at a time, kept, then the result's shape.
        let mut v = x;
        for &a in &axes {
            let mut shape = e.ty(v).shape.clone();
            shape[a as usize] = 1;
            let t = e.ty(v).with_shape(shape).with_dt(ty.dt);
            let mut args = vec![A::T(v), A::Int(a), A::Bool(true)];
            accumulate(&mut args);
            v = e.aten(op, args, t)?;
        }
        e.reshape(v, out_ty.shape.clone())?
    } else {
        let x = e.cast(x, ty.dt)?;
        let mut args = vec![A::T(x), A::Ints(axes), A::Bool(keep)];
        accumulate(&mut args);
        e.aten(op, args, out_ty)?
    };
    Ok(vec![Converted { value: v, layout }])
}

pub fn mean(e: &mut TorchEmitter, n: &TfNode) -> R {
    reduce(e, n, "aten::mean.dim")
}
pub fn sum(e: &mut TorchEmitter, n: &TfNode) -> R {
    reduce(e, n, "aten::sum.dim_IntList")
}
pub fn max(e: &mut TorchEmitter, n: &TfNode) -> R {
    reduce(e, n, "aten::amax")
}
pub fn min(e: &mut TorchEmitter, n: &TfNode) -> R {
    reduce(e, n, "aten::amin")
}
pub fn prod(e: &mut TorchEmitter, n: &TfNode) -> R {
    reduce(e, n, "aten::prod.dim_int")
}
/// Any, All (booleans; Keras's Masking): `aten.any.dim`, `aten.all.dim`, one dim at a time.
pub fn any(e: &mut TorchEmitter, n: &TfNode) -> R {
    reduce(e, n, "aten::any.dim")
}
pub fn all(e: &mut TorchEmitter, n: &TfNode) -> R {
    reduce(e, n, "aten::all.dim")
}
