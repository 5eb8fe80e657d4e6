//! Convolutions, pooling and batch norm: Conv2D and DepthwiseConv2dNative
//! (`aten.convolution`), MaxPool (`aten.max_pool2d`), AvgPool (`aten.avg_pool2d`),
//! FusedBatchNorm(V2/V3) for inference (`aten.batch_norm`).
//!
//! Layouts: torch computes these in NCHW; constant filters are rearranged to OIHW here. An NHWC input is taken held as NCHW (permuted once
//! per value, or already NCHW when a previous op made it) and the result stays NCHW
//! ([`Layout::Nchw`]): the permutes back happen only where a value leaves this world (a fetch
//! or an op that needs the TensorFlow layout). Padding follows TensorFlow exactly: `SAME`
//! pads `total = max((ceil(in/s)-1)*s + (k-1)*d + 1 - in, 0)`, `total/2` before; when the
//! two sides differ the input is padded explicitly first (`aten.constant_pad_nd`), as
//! TensorFlow does, since torch's convolution and pooling pad symmetrically. Rows and columns
//! at the end that no window reads are cut off first ([`trim_unread`]).

use super::super::emitter::{Converted, Layout, TfNode, TorchEmitter, A};
use super::super::types::TTy;
use crate::diag::Diagnostic;
use crate::ir::ValueId;

type R = Result<Vec<Converted>, Diagnostic>;

/// (before, after) padding of one spatial dim.
type Pads = [(i64, i64); 2];

/// The spatial attributes of a conv or pool: strides, dilations, kernel in (H, W) order.
struct Window {
    nchw_format: bool,
    strides: [i64; 2],
    dilations: [i64; 2],
}

fn spatial(e: &TorchEmitter, n: &TfNode, name: &str, nchw_format: bool, default: i64) -> Result<[i64; 2], Diagnostic> {
    match e.attr_ints(n, name) {
        None => Ok([default, default]),
        Some(v) if v.len() == 4 => Ok(if nchw_format { [v[2], v[3]] } else { [v[1], v[2]] }),
        Some(v) if v.len() == 2 => Ok([v[0], v[1]]),
        Some(_) => Err(e.err(n, format!("attribute '{}' must have 4 entries", name))),
    }
}

fn window(e: &TorchEmitter, n: &TfNode) -> Result<Window, Diagnostic> {
    let nchw_format = e.attr_str(n, "data_format").as_deref() == Some("NCHW");
    Ok(Window {
        nchw_format,
        strides: spatial(e, n, "strides", nchw_format, 1)?,
        dilations: spatial(e, n, "dilations", nchw_format, 1)?,
    })
}

/// TensorFlow's padding of the spatial dims `input` (H, W) for kernel `k`.
fn pads(e: &TorchEmitter, n: &TfNode, w: &Window, input: [i64; 2], k: [i64; 2]) -> Result<Pads, Diagnostic> {
    let padding = e.need(n, "padding", e.attr_str(n, "padding"))?;
    let mut out = [(0, 0); 2];
    match padding.as_str() {
        "VALID" => {}
        "SAME" => {
            for i in 0..2 {
                let s = w.strides[i];
                let eff = (k[i] - 1) * w.dilations[i] + 1;
                let o = (input[i] + s - 1) / s;
                let total = ((o - 1) * s + eff - input[i]).max(0);
                out[i] = (total / 2, total - total / 2);
            }
        }
        "EXPLICIT" => {
            let p = e.need(n, "explicit_paddings", e.attr_ints(n, "explicit_paddings"))?;
            if p.len() != 8 {
                return Err(e.err(n, "explicit_paddings must have 8 entries"));
            }
            let (h, wd) = if w.nchw_format { (2, 3) } else { (1, 2) };
            out = [(p[2 * h], p[2 * h + 1]), (p[2 * wd], p[2 * wd + 1])];
        }
        other => return Err(e.err(n, format!("unknown padding '{}'", other))),
    }
    Ok(out)
}

/// The input as NCHW, and the layout the result will have.
fn nchw_input(e: &mut TorchEmitter, n: &TfNode, w: &Window) -> Result<(ValueId, Layout), Diagnostic> {
    if e.input_ty(n, 0)?.rank() != 4 {
        return Err(e.err(n, "expects an input of rank 4"));
    }
    if w.nchw_format {
        Ok((e.logical(n, 0)?, Layout::Plain))
    } else {
        Ok((e.nchw(n, 0)?, Layout::Nchw))
    }
}

/// The result type as torch computes it (NCHW).
fn nchw_result(e: &TorchEmitter, n: &TfNode, w: &Window) -> Result<TTy, Diagnostic> {
    let ty = e.result_ty(n, 0)?;
    if ty.rank() != 4 {
        return Err(e.err(n, "expects a result of rank 4"));
    }
    Ok(if w.nchw_format { ty } else { ty.permuted(&[0, 3, 1, 2]) })
}

/// Leaves out the rows (and columns) at the end of `x` (NCHW) padded by `p` that no window
/// of a convolution or pool reads: `(in + pads - eff) % stride` of them (a 3×3 stride-2
/// VALID window over 4 rows reads 3). TensorFlow ignores them; IREE's lowering rejects an
/// input longer than its windows reach (`linalg.generic ... dimension #2 to be 4, but found
/// 3`), so they are cut, from the padding after first, then from the input
/// (`aten.slice.Tensor`). The result is the same.
fn trim_unread(e: &mut TorchEmitter, mut x: ValueId, mut p: Pads, k: [i64; 2], w: &Window) -> Result<(ValueId, Pads), Diagnostic> {
    for i in 0..2 {
        let ty = e.ty(x);
        let (len, eff, s) = (ty.shape[2 + i] + p[i].0 + p[i].1, (k[i] - 1) * w.dilations[i] + 1, w.strides[i]);
        if ty.shape[2 + i] < 0 || len < eff || s <= 0 {
            continue;
        }
        let unread = (len - eff) % s;
        let from_pad = unread.min(p[i].1);
        p[i].1 -= from_pad;
        let cut = unread - from_pad;
        if cut > 0 {
            let mut shape = ty.shape.clone();
            shape[2 + i] -= cut;
            let end = shape[2 + i];
            x = e.aten("aten::slice.Tensor", vec![A::T(x), A::Int(2 + i as i64), A::Int(0), A::Int(end), A::Int(1)], ty.with_shape(shape))?;
        }
    }
    Ok((x, p))
}

/// Pads `x` (NCHW) explicitly when the two sides of a dim differ; returns the symmetric
/// padding left for the op.
fn pad_asymmetric(e: &mut TorchEmitter, x: ValueId, p: Pads, value: f64) -> Result<(ValueId, [i64; 2]), Diagnostic> {
    if p.iter().all(|&(a, b)| a == b) {
        return Ok((x, [p[0].0, p[1].0]));
    }
    let ty = e.ty(x);
    let shape = vec![ty.shape[0], ty.shape[1], ty.shape[2] + p[0].0 + p[0].1, ty.shape[3] + p[1].0 + p[1].1];
    let pad = vec![p[1].0, p[1].1, p[0].0, p[0].1];
    let v = if ty.dt.is_float() { A::Float(value) } else { A::Int(value as i64) };
    let y = e.aten("aten::constant_pad_nd", vec![A::T(x), A::Ints(pad), v], ty.with_shape(shape))?;
    Ok((y, [0, 0]))
}

fn convolution(e: &mut TorchEmitter, n: &TfNode, depthwise: bool) -> R {
    let w = window(e, n)?;
    let (x, layout) = nchw_input(e, n, &w)?;
    let xt = e.ty(x);
    let ft = e.input_ty(n, 1)?;
    if ft.rank() != 4 || xt.rank() != 4 {
        return Err(e.err(n, "expects an input and a filter of rank 4"));
    }
    let (kh, kw, fin, fout) = (ft.shape[0], ft.shape[1], ft.shape[2], ft.shape[3]);
    let cin = xt.shape[1];
    // TensorFlow HWIO → torch OIHW; depthwise [KH,KW,C,M] → [C*M,1,KH,KW], groups C. A
    // constant filter is rearranged here, into one literal.
    let hwio = if depthwise { [kh, kw, 1, fin * fout] } else { [kh, kw, fin, fout] };
    let groups = if depthwise {
        fin
    } else {
        if fin == 0 || cin % fin != 0 {
            return Err(e.err(n, format!("input channels {} are not a multiple of the filter's {}", cin, fin)));
        }
        cin / fin
    };
    let weight = match e.permuted_constant(n.inputs[1], &hwio, &[3, 2, 0, 1]) {
        Some(w) => w,
        None => {
            let filter = e.logical(n, 1)?;
            let f = e.reshape(filter, hwio.to_vec())?;
            e.permute(f, &[3, 2, 0, 1])?
        }
    };
    let p = pads(e, n, &w, [xt.shape[2], xt.shape[3]], [kh, kw])?;
    let (x, p) = trim_unread(e, x, p, [kh, kw], &w)?;
    let (x, sym) = pad_asymmetric(e, x, p, 0.0)?;
    let ty = nchw_result(e, n, &w)?;
    let v = e.aten(
        "aten::convolution",
        vec![
            A::T(x),
            A::T(weight),
            A::None,
            A::Ints(w.strides.to_vec()),
            A::Ints(sym.to_vec()),
            A::Ints(w.dilations.to_vec()),
            A::Bool(false),
            A::Ints(vec![0, 0]),
            A::Int(groups),
        ],
        ty,
    )?;
    Ok(vec![Converted { value: v, layout }])
}

pub fn conv2d(e: &mut TorchEmitter, n: &TfNode) -> R {
    convolution(e, n, false)
}

pub fn depthwise_conv2d(e: &mut TorchEmitter, n: &TfNode) -> R {
    convolution(e, n, true)
}

/// Conv2DBackpropInput (Keras's Conv2DTranspose): the gradient of a convolution with
/// respect to its input. torch's transposed convolution (`aten.convolution`, transposed,
/// the same OIHW filter as the forward convolution) without padding gives the full
/// `(out-1)*s + (k-1)*d + 1` rows; the input's rows are those from the forward padding's
/// `before` on (sliced), zeros past the end (padded).
pub fn conv2d_backprop_input(e: &mut TorchEmitter, n: &TfNode) -> R {
    let w = window(e, n)?;
    let ft = e.input_ty(n, 1)?;
    let gt = e.input_ty(n, 2)?;
    if ft.rank() != 4 || gt.rank() != 4 {
        return Err(e.err(n, "expects a filter and an output gradient of rank 4"));
    }
    let (kh, kw, fin, fout) = (ft.shape[0], ft.shape[1], ft.shape[2], ft.shape[3]);
    // The result's shape is the `input_sizes` operand.
    let sizes = e.known_ints(n, 0, "input_sizes")?;
    if sizes.len() != 4 {
        return Err(e.err(n, "input_sizes must have 4 entries"));
    }
    let dims = if w.nchw_format { sizes.clone() } else { vec![sizes[0], sizes[3], sizes[1], sizes[2]] };
    let ty = TTy::new(dims, e.result_dt(n, 0)?);
    let (h, wd) = (ty.shape[2], ty.shape[3]);
    if ty.shape[1] != fin || gt.shape[if w.nchw_format { 1 } else { 3 }] != fout {
        return Err(e.err(n, "the filter's channels do not match the input sizes and the gradient"));
    }
    let (g, layout) = if w.nchw_format { (e.logical(n, 2)?, Layout::Plain) } else { (e.nchw(n, 2)?, Layout::Nchw) };
    let weight = match e.permuted_constant(n.inputs[1], &[kh, kw, fin, fout], &[3, 2, 0, 1]) {
        Some(v) => v,
        None => {
            let f = e.logical(n, 1)?;
            e.permute(f, &[3, 2, 0, 1])?
        }
    };
    let p = pads(e, n, &w, [h, wd], [kh, kw])?;
    let gtp = e.ty(g);
    let full = [
        (gtp.shape[2] - 1) * w.strides[0] + (kh - 1) * w.dilations[0] + 1,
        (gtp.shape[3] - 1) * w.strides[1] + (kw - 1) * w.dilations[1] + 1,
    ];
    let full_ty = gtp.with_shape(vec![gtp.shape[0], fin, full[0], full[1]]).with_dt(ty.dt);
    let mut v = e.aten(
        "aten::convolution",
        vec![
            A::T(g),
            A::T(weight),
            A::None,
            A::Ints(w.strides.to_vec()),
            A::Ints(vec![0, 0]),
            A::Ints(w.dilations.to_vec()),
            A::Bool(true),
            A::Ints(vec![0, 0]),
            A::Int(1),
        ],
        full_ty,
    )?;
    // Rows [before, before + size) of the full result; what lies past its end is zero.
    let size = [h, wd];
    let mut tail = [0i64; 2];
    for d in 0..2 {
        let start = p[d].0;
        let end = (start + size[d]).min(full[d]);
        if start > full[d] {
            return Err(e.err(n, "the padding is larger than the gradient covers"));
        }
        tail[d] = start + size[d] - end;
        let t = e.ty(v);
        if start != 0 || end != t.shape[2 + d] {
            let mut shape = t.shape.clone();
            shape[2 + d] = end - start;
            v = e.aten("aten::slice.Tensor", vec![A::T(v), A::Int(2 + d as i64), A::Int(start), A::Int(end), A::Int(1)], t.with_shape(shape))?;
        }
    }
    if tail.iter().any(|&t| t > 0) {
        let pad = vec![0, tail[1], 0, tail[0]];
        let value = if ty.dt.is_float() { A::Float(0.0) } else { A::Int(0) };
        v = e.aten("aten::constant_pad_nd", vec![A::T(v), A::Ints(pad), value], ty.clone())?;
    }
    Ok(vec![Converted { value: v, layout }])
}

/// ResizeNearestNeighbor by whole factors (Keras's UpSampling2D): each element repeated
/// `s_h x s_w` times, by reshape, `aten.broadcast_to` and reshape. Without align_corners the
/// source of output `i` is `i / s` with or without half-pixel centers; other sizes have no
/// lowering. A value held as NCHW stays NCHW.
pub fn resize_nearest(e: &mut TorchEmitter, n: &TfNode) -> R {
    if e.attr_bool(n, "align_corners").unwrap_or(false) {
        return Err(e.err(n, "align_corners = true has no lowering"));
    }
    let size = e.known_ints(n, 1, "size")?;
    let c = e.input(n, 0)?;
    let xt = e.ty(c.value);
    if xt.rank() != 4 || size.len() != 2 {
        return Err(e.err(n, "expects images of rank 4 and a size of 2"));
    }
    // The H and W dims of the value as held.
    let (hd, wd) = if c.layout == Layout::Nchw { (2, 3) } else { (1, 2) };
    let (h, w) = (xt.shape[hd], xt.shape[wd]);
    if h == 0 || w == 0 || size[0] % h != 0 || size[1] % w != 0 {
        return Err(e.err(n, format!("resizing {}x{} to {}x{} is not by whole factors", h, w, size[0], size[1])));
    }
    let (sh, sw) = (size[0] / h, size[1] / w);
    let mut split = Vec::new();
    let mut wide = Vec::new();
    let mut out = Vec::new();
    for (d, &len) in xt.shape.iter().enumerate() {
        split.push(len);
        wide.push(len);
        if d == hd || d == wd {
            let f = if d == hd { sh } else { sw };
            split.push(1);
            wide.push(f);
            out.push(len * f);
        } else {
            out.push(len);
        }
    }
    let v = e.reshape(c.value, split)?;
    let t = e.ty(v).with_shape(wide.clone());
    let v = e.aten("aten::broadcast_to", vec![A::T(v), A::Ints(wide)], t)?;
    let v = e.reshape(v, out)?;
    Ok(vec![Converted { value: v, layout: c.layout }])
}

/// The pooling window (`ksize`) in (H, W) order.
fn ksize(e: &TorchEmitter, n: &TfNode, w: &Window) -> Result<[i64; 2], Diagnostic> {
    let k = e.need(n, "ksize", e.attr_ints(n, "ksize"))?;
    if k.len() != 4 {
        return Err(e.err(n, "ksize must have 4 entries"));
    }
    let (batch, chan) = if w.nchw_format { (k[0], k[1]) } else { (k[0], k[3]) };
    if batch != 1 || chan != 1 {
        return Err(e.err(n, "pooling over the batch or channel dim has no torch lowering"));
    }
    Ok(if w.nchw_format { [k[2], k[3]] } else { [k[1], k[2]] })
}

pub fn max_pool(e: &mut TorchEmitter, n: &TfNode) -> R {
    let w = window(e, n)?;
    let k = ksize(e, n, &w)?;
    let (x, layout) = nchw_input(e, n, &w)?;
    let xt = e.ty(x);
    let p = pads(e, n, &w, [xt.shape[2], xt.shape[3]], k)?;
    // Padding never wins a max: the lowest finite value of the type.
    let lowest = match xt.dt {
        super::super::types::Dt::F16 => -65504.0,
        super::super::types::Dt::F64 => f64::MIN,
        super::super::types::Dt::Bf16 => -3.3895313892515355e38,
        _ => f32::MIN as f64,
    };
    let (x, p) = trim_unread(e, x, p, k, &w)?;
    let (x, sym) = pad_asymmetric(e, x, p, lowest)?;
    let ty = nchw_result(e, n, &w)?;
    let v = e.aten(
        "aten::max_pool2d",
        vec![A::T(x), A::Ints(k.to_vec()), A::Ints(w.strides.to_vec()), A::Ints(sym.to_vec()), A::Ints(vec![1, 1]), A::Bool(false)],
        ty,
    )?;
    Ok(vec![Converted { value: v, layout }])
}

/// AvgPool: TensorFlow averages over the window's elements inside the input. With padding,
/// the input is padded with zeros, averaged over the whole window, and scaled by
/// `k_h*k_w / inside(i, j)` (a literal computed here: shapes are static).
pub fn avg_pool(e: &mut TorchEmitter, n: &TfNode) -> R {
    let w = window(e, n)?;
    let k = ksize(e, n, &w)?;
    let (x, layout) = nchw_input(e, n, &w)?;
    let xt = e.ty(x);
    let p = pads(e, n, &w, [xt.shape[2], xt.shape[3]], k)?;
    // No window reads the rows cut, so the counts inside below are unchanged.
    let (x, p) = trim_unread(e, x, p, k, &w)?;
    let xt = e.ty(x);
    let (h, wd) = (xt.shape[2], xt.shape[3]);
    let padded = p.iter().any(|&(a, b)| a != 0 || b != 0);
    let x = if padded {
        let shape = vec![xt.shape[0], xt.shape[1], h + p[0].0 + p[0].1, wd + p[1].0 + p[1].1];
        let pad = vec![p[1].0, p[1].1, p[0].0, p[0].1];
        e.aten("aten::constant_pad_nd", vec![A::T(x), A::Ints(pad), A::Float(0.0)], xt.with_shape(shape))?
    } else {
        x
    };
    let ty = nchw_result(e, n, &w)?;
    let (oh, ow) = (ty.shape[2], ty.shape[3]);
    let v = e.aten(
        "aten::avg_pool2d",
        vec![A::T(x), A::Ints(k.to_vec()), A::Ints(w.strides.to_vec()), A::Ints(vec![0, 0]), A::Bool(false), A::Bool(true), A::None],
        ty.clone(),
    )?;
    if !padded {
        return Ok(vec![Converted { value: v, layout }]);
    }
    let inside = |o: i64, s: i64, before: i64, k: i64, size: i64| {
        let start = o * s - before;
        (start + k).min(size) - start.max(0)
    };
    e.within_budget(n, "the padding scale literal", &[oh, ow], ty.dt)?;
    let mut scale = Vec::with_capacity((oh * ow) as usize);
    for i in 0..oh {
        for j in 0..ow {
            let count = inside(i, w.strides[0], p[0].0, k[0], h) * inside(j, w.strides[1], p[1].0, k[1], wd);
            scale.push((k[0] * k[1]) as f64 / count.max(1) as f64);
        }
    }
    let s = e.literal_f(vec![oh, ow], scale, ty.dt);
    let v = e.aten("aten::mul.Tensor", vec![A::T(v), A::T(s)], ty)?;
    Ok(vec![Converted { value: v, layout }])
}

/// FusedBatchNorm(V2/V3), inference: `aten.batch_norm` with the given mean and variance;
/// the batch mean/variance results are the inputs (as TensorFlow returns them).
pub fn fused_batch_norm(e: &mut TorchEmitter, n: &TfNode) -> R {
    let w = window(e, n)?;
    let (x, layout) = nchw_input(e, n, &w)?;
    let eps = e.attr_f64_or(n, "epsilon", 1e-4)?;
    let mut params = Vec::new();
    for i in 1..5 {
        params.push(e.logical(n, i)?);
    }
    let ty = nchw_result(e, n, &w)?;
    let v = e.aten(
        "aten::batch_norm",
        vec![
            A::T(x),
            A::T(params[0]),
            A::T(params[1]),
            A::T(params[2]),
            A::T(params[3]),
            A::Bool(false),
            A::Float(0.1),
            A::Float(eps),
            A::Bool(false),
        ],
        ty,
    )?;
    let mean = e.input(n, 3)?;
    let var = e.input(n, 4)?;
    Ok(vec![Converted { value: v, layout }, mean, var, mean, var])
}
