//! Shape manipulation: Reshape (`aten.reshape`), Transpose (`aten.permute`, composed with
//! the layout of a value held as NCHW), ConcatV2 (`aten.cat`), Pack (`aten.stack`), Squeeze
//! (`aten.squeeze.dim` per dim), ExpandDims (`aten.unsqueeze`), Slice and StridedSlice (all five
//! masks; `aten.slice.Tensor` per dim, `aten.flip` for negative strides, a reshape for
//! new and shrunk axes), GatherV2 (`aten.index_select`), Pad/PadV2 (`aten.constant_pad_nd`).

use super::super::dynamic_batch::ShapeElem;
use super::super::emitter::{Converted, Layout, TfNode, TorchEmitter, A, TO_NCHW, TO_NHWC};
use super::super::types::{show_dim, Dt, TTy};
use crate::ir::types::DYNAMIC;
use crate::diag::Diagnostic;
use crate::ir::ValueId;

type R = Result<Vec<Converted>, Diagnostic>;

fn norm_axis(e: &TorchEmitter, n: &TfNode, a: i64, rank: i64) -> Result<i64, Diagnostic> {
    let x = if a < 0 { a + rank } else { a };
    if x < 0 || x >= rank {
        return Err(e.err(n, format!("axis {} is out of range for rank {}", a, rank)));
    }
    Ok(x)
}

pub fn reshape(e: &mut TorchEmitter, n: &TfNode) -> R {
    let x = e.logical(n, 0)?;
    let ty = match e.result_ty(n, 0) {
        Ok(t) => t,
        Err(d) => {
            // Shape inference did not see the shape operand: read it here (-1: the rest).
            let Ok(mut shape) = e.known_ints(n, 1, "shape") else {
                let ty = batch_reshape_ty(e, n, x).ok_or(d)?;
                let v = e.aten("aten::reshape", vec![A::T(x), A::Ints(ty.shape.clone())], ty)?;
                return Ok(vec![Converted::plain(v)]);
            };
            let total = e.ty(x).num_elements();
            let known: i64 = shape.iter().filter(|&&s| s >= 0).fold(1i64, |a, &d| a.saturating_mul(d));
            if let Some(i) = shape.iter().position(|&s| s < 0) {
                shape[i] = if known == 0 { 0 } else { total / known };
            }
            if shape.iter().fold(1i64, |a, &d| a.saturating_mul(d)) != total || shape.iter().any(|&s| s < 0) {
                return Err(e.err(n, format!("cannot reshape {} elements to {:?}", total, shape)));
            }
            e.ty(x).with_shape(shape)
        }
    };
    let v = e.aten("aten::reshape", vec![A::T(x), A::Ints(ty.shape.clone())], ty)?;
    Ok(vec![Converted::plain(v)])
}

/// The result type of a Reshape in a function for any batch whose shape operand is known
/// but for its first element (`dynamic_batch.rs`), written `-1`: the input's own batch
/// (Flatten's `Pack(StridedSlice(Shape(x), 0), 400)`), with one `-1` among the rest allowed
/// (`[batch, -1]`); or a size only the run knows — another value's batch, a product with it
/// (Tensordot's `[batch * 24 * 24, 96]`), `-1` — when the rest are known. `[?, 400]`.
fn batch_reshape_ty(e: &TorchEmitter, n: &TfNode, x: ValueId) -> Option<TTy> {
    e.batch.as_ref()?;
    let elems = e.shape_elems(*n.inputs.get(1)?)?;
    let (first, rest) = elems.split_first()?;
    let xt = e.ty(x);
    if xt.shape.first() != Some(&DYNAMIC) {
        return None;
    }
    let per_item: i64 = xt.shape.iter().skip(1).product();
    let batch_of_input = *first == ShapeElem::DimOf(n.inputs[0], 0);
    if !batch_of_input && !matches!(first, ShapeElem::Unknown | ShapeElem::Known(-1) | ShapeElem::DimOf(_, 0)) {
        return None;
    }
    let mut rest: Vec<i64> = rest.iter().map(|d| match d {
        ShapeElem::Known(d) if *d >= 0 || (*d == -1 && batch_of_input) => Some(*d),
        _ => None,
    }).collect::<Option<_>>()?;
    let known: i64 = rest.iter().filter(|&&d| d >= 0).product();
    match rest.iter().filter(|&&d| d == -1).count() {
        0 => {}
        // The batch is the input's: the -1 is what is left of a batch item.
        1 if known > 0 && per_item % known == 0 => rest.iter_mut().filter(|d| **d == -1).for_each(|d| *d = per_item / known),
        _ => return None,
    }
    // With the input's batch, a batch item stays a batch item; otherwise the run checks that
    // the input's elements fill whole rows.
    let row: i64 = rest.iter().product();
    if row == 0 || (batch_of_input && per_item != row) {
        return None;
    }
    let mut shape = vec![DYNAMIC];
    shape.extend(rest);
    Some(xt.with_shape(shape))
}

pub fn transpose(e: &mut TorchEmitter, n: &TfNode) -> R {
    let perm = e.known_ints(n, 1, "permutation")?;
    let rank = e.input_ty(n, 0)?.rank();
    let mut seen = vec![false; rank];
    if perm.len() != rank || !perm.iter().all(|&p| p >= 0 && (p as usize) < rank && !std::mem::replace(&mut seen[p as usize], true)) {
        return Err(e.err(n, format!("{:?} is not a permutation of the {} dims", perm, rank)));
    }
    let c = e.input(n, 0)?;
    let (x, perm) = if c.layout == Layout::Nchw && perm.len() == 4 {
        // out = permute(logical, perm) = permute(physical, TO_NHWC ∘ perm).
        (c.value, perm.iter().map(|&p| TO_NHWC[p as usize]).collect::<Vec<_>>())
    } else {
        (e.logical(n, 0)?, perm)
    };
    if perm.iter().enumerate().all(|(i, &p)| p == i as i64) {
        return Ok(vec![Converted::plain(x)]);
    }
    let v = e.permute(x, &perm)?;
    let want = e.result_ty(n, 0)?;
    if e.ty(v) != want {
        return Err(e.err(n, "the permutation does not give the result's shape"));
    }
    Ok(vec![Converted::plain(v)])
}

pub fn concat(e: &mut TorchEmitter, n: &TfNode) -> R {
    let count = n.inputs.len().saturating_sub(1);
    let ty = e.result_ty(n, 0)?;
    let rank = ty.rank() as i64;
    let axis = *e.known_ints(n, count, "axis")?.first().ok_or_else(|| e.err(n, "the axis is empty"))?;
    let axis = norm_axis(e, n, axis, rank)?;
    let all_nchw = rank == 4 && (0..count).all(|i| e.input(n, i).map(|c| c.layout == Layout::Nchw).unwrap_or(false));
    let (vals, axis, layout, out) = if all_nchw {
        let vals = (0..count).map(|i| e.input(n, i).map(|c| c.value)).collect::<Result<Vec<_>, _>>()?;
        let phys = TO_NCHW.iter().position(|&p| p == axis).expect("a dim") as i64;
        (vals, phys, Layout::Nchw, ty.permuted(&[0, 3, 1, 2]))
    } else {
        let vals = (0..count).map(|i| e.logical(n, i)).collect::<Result<Vec<_>, _>>()?;
        (vals, axis, Layout::Plain, ty)
    };
    let v = e.aten("aten::cat", vec![A::Tensors(vals), A::Int(axis)], out)?;
    Ok(vec![Converted { value: v, layout }])
}

pub fn pack(e: &mut TorchEmitter, n: &TfNode) -> R {
    let ty = e.result_ty(n, 0)?;
    let axis = norm_axis(e, n, e.attr_int(n, "axis").unwrap_or(0), ty.rank() as i64)?;
    let vals = (0..n.inputs.len()).map(|i| e.logical(n, i)).collect::<Result<Vec<_>, _>>()?;
    let v = e.aten("aten::stack", vec![A::Tensors(vals), A::Int(axis)], ty)?;
    Ok(vec![Converted::plain(v)])
}

pub fn squeeze(e: &mut TorchEmitter, n: &TfNode) -> R {
    let xt = e.input_ty(n, 0)?;
    let rank = xt.rank() as i64;
    let given = e.attr_ints(n, "squeeze_dims").unwrap_or_default();
    let mut dims = Vec::new();
    if given.is_empty() {
        if xt.shape.contains(&DYNAMIC) {
            // TensorFlow would squeeze the batch too when a run's batch is 1.
            return Err(e.err(n, "a Squeeze without squeeze_dims of a value with an unknown batch is converted for a pinned batch only"));
        }
        dims = (0..rank).filter(|&d| xt.shape[d as usize] == 1).collect();
    } else {
        for d in given {
            let d = norm_axis(e, n, d, rank)?;
            if xt.shape[d as usize] != 1 {
                return Err(e.err(n, format!("cannot squeeze dim {} of size {}", d, show_dim(xt.shape[d as usize]))));
            }
            dims.push(d);
        }
    }
    let x = e.logical(n, 0)?;
    if dims.is_empty() {
        return Ok(vec![Converted::plain(x)]);
    }
    // torch-mlir has `squeeze.dim`, one dim at a time: the highest first.
    dims.sort_unstable();
    let mut v = x;
    for &d in dims.iter().rev() {
        let mut shape = e.ty(v).shape.clone();
        shape.remove(d as usize);
        let t = e.ty(v).with_shape(shape);
        v = e.aten("aten::squeeze.dim", vec![A::T(v), A::Int(d)], t)?;
    }
    Ok(vec![Converted::plain(v)])
}

pub fn expand_dims(e: &mut TorchEmitter, n: &TfNode) -> R {
    let ty = e.result_ty(n, 0)?;
    let d = *e.known_ints(n, 1, "dim")?.first().ok_or_else(|| e.err(n, "the dim is empty"))?;
    let d = norm_axis(e, n, d, ty.rank() as i64)?;
    let x = e.logical(n, 0)?;
    let v = e.aten("aten::unsqueeze", vec![A::T(x), A::Int(d)], ty)?;
    Ok(vec![Converted::plain(v)])
}

/// `x[start:end:step]` along `dim` (step > 0), skipped when it is the whole dim.
fn slice_dim(e: &mut TorchEmitter, x: ValueId, dim: usize, start: i64, end: i64, step: i64) -> Result<ValueId, Diagnostic> {
    let t = e.ty(x);
    let size = t.shape[dim];
    if start == 0 && end >= size && step == 1 {
        return Ok(x);
    }
    let len = if end > start { (end - start + step - 1) / step } else { 0 };
    let mut shape = t.shape.clone();
    shape[dim] = len;
    e.aten("aten::slice.Tensor", vec![A::T(x), A::Int(dim as i64), A::Int(start), A::Int(end), A::Int(step)], t.with_shape(shape))
}

pub fn slice(e: &mut TorchEmitter, n: &TfNode) -> R {
    let xt = e.input_ty(n, 0)?;
    let begin = e.known_ints(n, 1, "begin")?;
    let size = e.known_ints(n, 2, "size")?;
    if begin.len() != xt.rank() || size.len() != xt.rank() {
        return Err(e.err(n, "begin and size must have one entry per dim"));
    }
    let mut x = e.logical(n, 0)?;
    for d in 0..xt.rank() {
        let end = if size[d] < 0 { xt.shape[d] } else { begin[d] + size[d] };
        if begin[d] < 0 || end > xt.shape[d] || end < begin[d] {
            return Err(e.err(n, format!("begin {} and size {} are out of range for dim {} of size {}", begin[d], size[d], d, xt.shape[d])));
        }
        x = slice_dim(e, x, d, begin[d], end, 1)?;
    }
    Ok(vec![Converted::plain(x)])
}

/// One input dim of a strided slice after the masks are applied.
struct DenseDim {
    begin: i64,
    end: i64,
    stride: i64,
    begin_masked: bool,
    end_masked: bool,
    shrink: bool,
}

pub fn strided_slice(e: &mut TorchEmitter, n: &TfNode) -> R {
    let xt = e.input_ty(n, 0)?;
    let rank = xt.rank();
    let begin = e.known_ints(n, 1, "begin")?;
    let end = e.known_ints(n, 2, "end")?;
    let strides = e.known_ints(n, 3, "strides")?;
    if begin.len() != end.len() || begin.len() != strides.len() {
        return Err(e.err(n, "begin, end and strides differ in length"));
    }
    let mask = |name: &str| e.attr_int(n, name).unwrap_or(0);
    let (bm, em, ellipsis, new_axis, shrink) =
        (mask("begin_mask"), mask("end_mask"), mask("ellipsis_mask"), mask("new_axis_mask"), mask("shrink_axis_mask"));
    let bit = |m: i64, i: usize| (m >> i) & 1 == 1;
    let full = |_| DenseDim { begin: 0, end: 0, stride: 1, begin_masked: true, end_masked: true, shrink: false };
    let mut dense: Vec<DenseDim> = Vec::new();
    // The result's dims: an input dim (by index) or a new axis (None).
    let mut final_dims: Vec<Option<usize>> = Vec::new();
    let mut seen_ellipsis = false;
    for i in 0..begin.len() {
        if bit(ellipsis, i) && !seen_ellipsis {
            seen_ellipsis = true;
            let after = (i + 1..begin.len()).filter(|&j| !bit(new_axis, j)).count();
            let cover = rank.checked_sub(dense.len() + after).ok_or_else(|| e.err(n, "too many indices for the input's rank"))?;
            for _ in 0..cover {
                final_dims.push(Some(dense.len()));
                dense.push(full(0));
            }
        } else if bit(new_axis, i) {
            final_dims.push(None);
        } else {
            if !bit(shrink, i) {
                final_dims.push(Some(dense.len()));
            }
            if strides[i] == 0 {
                return Err(e.err(n, "stride 0"));
            }
            dense.push(DenseDim {
                begin: begin[i],
                end: end[i],
                stride: strides[i],
                begin_masked: bit(bm, i),
                end_masked: bit(em, i),
                shrink: bit(shrink, i),
            });
        }
    }
    if dense.len() > rank {
        return Err(e.err(n, "too many indices for the input's rank"));
    }
    while dense.len() < rank {
        final_dims.push(Some(dense.len()));
        dense.push(full(0));
    }
    let mut x = e.logical(n, 0)?;
    for (d, s) in dense.iter().enumerate() {
        let size = xt.shape[d];
        if size == DYNAMIC {
            // The unknown batch (`dynamic_batch.rs`) is taken whole: `x[:, 1:-1]`.
            let whole = !s.shrink && s.stride == 1 && (s.begin_masked || s.begin == 0) && (s.end_masked || s.end >= i32::MAX as i64);
            if !whole {
                return Err(e.err(n, format!("dim {} is the unknown batch: a slice of it other than the whole dim is converted for a pinned batch only", d)));
            }
            continue;
        }
        let canon = |v: i64, lo: i64, hi: i64| (if v < 0 { v + size } else { v }).clamp(lo, hi);
        if s.shrink {
            let i = if s.begin < 0 { s.begin + size } else { s.begin };
            if i < 0 || i >= size {
                return Err(e.err(n, format!("index {} is out of range for dim {} of size {}", s.begin, d, size)));
            }
            x = slice_dim(e, x, d, i, i + 1, 1)?;
        } else if s.stride > 0 {
            let b = if s.begin_masked { 0 } else { canon(s.begin, 0, size) };
            let en = if s.end_masked { size } else { canon(s.end, 0, size) };
            x = slice_dim(e, x, d, b, en.max(b), s.stride)?;
        } else {
            // Negative stride: flip the dim, then slice forward.
            let b = if s.begin_masked { size - 1 } else { canon(s.begin, -1, size - 1) };
            let en = if s.end_masked { -1 } else { canon(s.end, -1, size - 1) };
            let t = e.ty(x);
            let flipped = e.aten("aten::flip", vec![A::T(x), A::Ints(vec![d as i64])], t)?;
            let (fb, fe) = (size - 1 - b, size - 1 - en);
            x = slice_dim(e, flipped, d, fb, fe.max(fb), -s.stride)?;
        }
    }
    let sliced = e.ty(x).shape;
    let shape: Vec<i64> = final_dims.iter().map(|d| d.map(|d| sliced[d]).unwrap_or(1)).collect();
    let v = e.reshape(x, shape)?;
    Ok(vec![Converted::plain(v)])
}

pub fn gather(e: &mut TorchEmitter, n: &TfNode) -> R {
    if e.attr_int(n, "batch_dims").unwrap_or(0) != 0 {
        return Err(e.err(n, "batch_dims other than 0 has no lowering"));
    }
    let pt = e.input_ty(n, 0)?;
    let axis = *e.known_ints(n, 2, "axis")?.first().ok_or_else(|| e.err(n, "the axis is empty"))?;
    let axis = norm_axis(e, n, axis, pt.rank() as i64)?;
    let params = e.logical(n, 0)?;
    let idx = e.logical(n, 1)?;
    // Indices with an unknown batch (an embedding lookup of `[?, 128]` token ids) flatten
    // to `[?]`, written `-1`.
    let k = if e.ty(idx).is_static() { e.ty(idx).num_elements() } else { DYNAMIC };
    let idx = e.reshape(idx, vec![k])?;
    let idx = e.cast(idx, Dt::Si64)?;
    let mut shape = pt.shape.clone();
    shape[axis as usize] = k;
    let g = e.aten("aten::index_select", vec![A::T(params), A::Int(axis), A::T(idx)], pt.with_shape(shape))?;
    let ty = e.result_ty(n, 0)?;
    Ok(vec![Converted::plain(e.reshape(g, ty.shape)?)])
}

pub fn pad(e: &mut TorchEmitter, n: &TfNode) -> R {
    let xt = e.input_ty(n, 0)?;
    let p = e.known_ints(n, 1, "paddings")?;
    if p.len() != 2 * xt.rank() {
        return Err(e.err(n, "paddings must be [rank, 2]"));
    }
    let value = if n.inputs.len() > 2 {
        let t = e.known(n.inputs[2]).filter(|t| t.len() == 1).ok_or_else(|| e.err(n, "the constant value must be a known scalar"))?;
        t.float_at(0)
    } else {
        0.0
    };
    let c = e.input(n, 0)?;
    let ty = e.result_ty(n, 0)?;
    let (x, pads, layout, out) = if c.layout == Layout::Nchw {
        let phys: Vec<(i64, i64)> = (0..4).map(|j| {
            let l = TO_NCHW[j] as usize;
            (p[2 * l], p[2 * l + 1])
        }).collect();
        (c.value, phys, Layout::Nchw, ty.permuted(&[0, 3, 1, 2]))
    } else {
        (c.value, (0..xt.rank()).map(|d| (p[2 * d], p[2 * d + 1])).collect(), Layout::Plain, ty.clone())
    };
    // torch lists the last dim first.
    let mut list = Vec::new();
    for &(b, a) in pads.iter().rev() {
        list.push(b);
        list.push(a);
    }
    let scalar = if ty.dt.is_float() { A::Float(value) } else { A::Int(value as i64) };
    let v = e.aten("aten::constant_pad_nd", vec![A::T(x), A::Ints(list), scalar], out)?;
    Ok(vec![Converted { value: v, layout }])
}
