//! Shape functions of common TensorFlow ops (after the `SetShapeFn`s of TensorFlow's op
//! registry): given the shapes of an op's data operands, the constant values known for
//! some of them, and its attributes, the shapes of its data results. A shape is
//! `Some(dims)` with `-1` for an unknown dimension, or `None` when even the rank is
//! unknown. An op without a shape function here gives `None` (nothing is inferred).

use super::eval::broadcast_shapes;
use super::tensor::Tensor;

/// A shape: dims (`-1` unknown), or `None` for unknown rank.
pub type Shape = Option<Vec<i64>>;

/// What a shape function may read about the op.
pub struct ShapeCx<'a> {
    /// The shapes of the data operands.
    pub inputs: Vec<Shape>,
    /// The constant values known for data operands.
    pub values: Vec<Option<&'a Tensor>>,
    /// Integer (and bool) attributes.
    pub int_attr: &'a dyn Fn(&str) -> Option<i64>,
    /// Integer-list attributes.
    pub ints_attr: &'a dyn Fn(&str) -> Option<Vec<i64>>,
    /// String attributes.
    pub str_attr: &'a dyn Fn(&str) -> Option<String>,
    /// A shape attribute (`#tf_type.shape<...>`): `Some(None)` when unranked.
    pub shape_attr: &'a dyn Fn(&str) -> Option<Shape>,
    /// The shape of the `value` attribute (Const).
    pub value_shape: Option<Vec<i64>>,
    /// Number of data results.
    pub num_results: usize,
}

impl ShapeCx<'_> {
    fn input(&self, i: usize) -> Shape {
        self.inputs.get(i).cloned().flatten()
    }

    fn value(&self, i: usize) -> Option<&Tensor> {
        self.values.get(i).copied().flatten()
    }

    /// The shape a rank-1 shape tensor operand stands for (`MakeShapeFromShapeTensor`).
    fn shape_from_tensor(&self, i: usize) -> Shape {
        if let Some(t) = self.value(i) {
            if t.shape.len() <= 1 && t.len() <= MAX_RANK {
                return Some(t.to_ints().into_iter().map(|d| if d < 0 { -1 } else { d }).collect());
            }
            return None;
        }
        // A shape tensor of known length: that many unknown dims.
        match self.input(i) {
            Some(s) if s.len() == 1 && (0..=MAX_RANK as i64).contains(&s[0]) => Some(vec![-1; s[0] as usize]),
            _ => None,
        }
    }
}

/// The highest rank a shape read from a shape tensor may have (TensorFlow's
/// `TensorShape::MaxDimensions()`): the length of a shape operand is a declared size, and
/// `tensor<1000000000000xi32>` must not become a type of 10^12 dims.
const MAX_RANK: usize = 254;

fn unknown_results(n: usize) -> Vec<Shape> {
    vec![None; n]
}

/// The result shapes of op `op_type`, or `None` when it has no shape function here.
pub fn infer(op_type: &str, cx: &ShapeCx) -> Option<Vec<Shape>> {
    let n = cx.num_results;
    let one = |s: Shape| Some(vec![s]);
    match op_type {
        "Const" | "HostConst" => one(cx.value_shape.clone()),
        "Placeholder" | "PlaceholderV2" | "VariableV2" | "Variable" | "TemporaryVariable" => one(cx.shape_attr("shape")?),
        "PlaceholderWithDefault" => one(cx.shape_attr("shape").unwrap_or_else(|| cx.input(0))),
        t if crate::dialect::traits::forwards_input(t) || matches!(t, "Neg" | "Abs" | "Square" | "Sqrt"
        | "Rsqrt" | "Exp" | "Expm1" | "Log" | "Log1p" | "Relu" | "Relu6" | "Elu" | "Selu" | "Sigmoid" | "Tanh" | "Sign"
        | "Floor" | "Ceil" | "Round" | "Rint" | "Reciprocal" | "Inv" | "Cast" | "LogicalNot" | "ZerosLike" | "OnesLike"
        | "Softmax" | "LogSoftmax" | "LeakyRelu" | "Softplus" | "Softsign" | "Erf" | "Sin" | "Cos" | "IsNan" | "IsInf"
        | "IsFinite" | "Enter" | "RefEnter" | "Exit" | "RefExit" | "NextIteration" | "RefNextIteration" | "Bitcast"
        | "ClipByValue" | "Gelu" | "RandomShuffle" | "Reverse" | "ReverseV2") => {
            if op_type == "EnsureShape" {
                if let Some(s) = cx.shape_attr("shape") {
                    return one(merge(&cx.input(0), &s)?);
                }
            }
            one(cx.input(0))
        }
        "IdentityN" => Some((0..n).map(|i| cx.input(i)).collect()),
        "Switch" | "RefSwitch" => Some(vec![cx.input(0); n]),
        "Merge" | "RefMerge" => {
            let mut out = cx.input(0);
            for i in 1..cx.inputs.len() {
                out = if out == cx.input(i) { out } else { relax(&out, &cx.input(i)) };
            }
            Some(vec![out, Some(vec![])])
        }
        "Add" | "AddV2" | "Sub" | "Mul" | "MulNoNan" | "RealDiv" | "Div" | "DivNoNan" | "FloorDiv" | "FloorMod" | "TruncateDiv"
        | "TruncateMod" | "Mod" | "Maximum" | "Minimum" | "Pow" | "SquaredDifference" | "Equal" | "NotEqual" | "Less"
        | "LessEqual" | "Greater" | "GreaterEqual" | "LogicalAnd" | "LogicalOr" | "Xdivy" | "Xlogy" | "Atan2"
        | "BitwiseAnd" | "BitwiseOr" | "BitwiseXor" | "LeftShift" | "RightShift" => one(broadcast(&cx.input(0), &cx.input(1))?),
        "AddN" | "AccumulateNV2" => {
            let mut out = cx.input(0);
            for i in 1..cx.inputs.len() {
                out = merge(&out, &cx.input(i))?;
            }
            if op_type == "AccumulateNV2" {
                if let Some(s) = cx.shape_attr("shape") {
                    out = merge(&out, &s)?;
                }
            }
            one(out)
        }
        "BiasAdd" | "BiasAddV1" => {
            let x = cx.input(0);
            if let Some(x) = &x {
                if x.len() < 2 {
                    return None;
                }
            }
            one(x)
        }
        "Shape" => one(Some(vec![cx.input(0).map(|s| s.len() as i64).unwrap_or(-1)])),
        "ShapeN" => Some((0..n).map(|i| Some(vec![cx.input(i).map(|s| s.len() as i64).unwrap_or(-1)])).collect()),
        "Size" | "Rank" => one(Some(vec![])),
        "Fill" | "RandomStandardNormal" | "RandomUniform" | "RandomUniformInt" | "TruncatedNormal" | "Empty"
        | "StatelessRandomNormal" | "StatelessRandomUniform" | "StatelessTruncatedNormal" => one(cx.shape_from_tensor(0)),
        "Split" | "SplitV" => {
            let (value_i, axis_i) = if op_type == "Split" { (1, 0) } else { (0, 2) };
            let Some(x) = cx.input(value_i) else { return Some(vec![None; n]) };
            let Some(axis) = cx.value(axis_i).filter(|t| t.len() == 1).map(|t| t.int_at(0)) else { return Some(vec![Some(vec![-1; x.len()]); n]) };
            let rank = x.len() as i64;
            let axis = if axis < 0 { axis + rank } else { axis };
            if axis < 0 || axis >= rank {
                return None;
            }
            let a = axis as usize;
            if op_type == "Split" {
                let d = x[a];
                let each = if d < 0 || n == 0 { -1 } else if d % n as i64 != 0 { return None } else { d / n as i64 };
                let mut s = x.clone();
                s[a] = each;
                Some(vec![Some(s); n])
            } else {
                let sizes = cx.value(1).map(|t| t.to_ints());
                Some((0..n).map(|i| {
                    let mut s = x.clone();
                    s[a] = sizes.as_ref().and_then(|v| v.get(i).copied()).filter(|&d| d >= 0).unwrap_or(-1);
                    Some(s)
                }).collect())
            }
        }
        "Pad" | "PadV2" | "MirrorPad" => {
            let Some(x) = cx.input(0) else { return one(None) };
            match cx.value(1) {
                Some(p) => {
                    let p = p.to_ints();
                    if p.len() != 2 * x.len() {
                        return None;
                    }
                    one(Some((0..x.len()).map(|d| if x[d] < 0 { -1 } else { x[d] + p[2 * d] + p[2 * d + 1] }).collect()))
                }
                None => one(Some(vec![-1; x.len()])),
            }
        }
        "ArgMax" | "ArgMin" => {
            let Some(x) = cx.input(0) else { return one(None) };
            let Some(axis) = cx.value(1).filter(|t| t.len() == 1).map(|t| t.int_at(0)) else {
                return one(if x.is_empty() { None } else { Some(vec![-1; x.len() - 1]) });
            };
            let rank = x.len() as i64;
            let axis = if axis < 0 { axis + rank } else { axis };
            if axis < 0 || axis >= rank {
                return None;
            }
            let mut s = x;
            s.remove(axis as usize);
            one(Some(s))
        }
        "Unpack" => {
            let Some(x) = cx.input(0) else { return Some(vec![None; n]) };
            let rank = x.len() as i64;
            let mut axis = (cx.int_attr)("axis").unwrap_or(0);
            if axis < 0 {
                axis += rank;
            }
            if axis < 0 || axis >= rank {
                return None;
            }
            let mut s = x;
            s.remove(axis as usize);
            Some(vec![Some(s); n])
        }
        "Reshape" => one(reshape(cx)),
        "ExpandDims" => {
            let x = cx.input(0);
            let (Some(x), Some(d)) = (x, cx.value(1)) else { return one(None) };
            if d.is_empty() {
                return None;
            }
            let rank = x.len() as i64;
            let mut axis = d.int_at(0);
            if axis < -rank - 1 || axis > rank {
                return None;
            }
            if axis < 0 {
                axis += rank + 1;
            }
            let mut s = x;
            s.insert(axis as usize, 1);
            one(Some(s))
        }
        "Squeeze" => {
            let Some(x) = cx.input(0) else { return one(None) };
            let dims = (cx.ints_attr)("squeeze_dims").unwrap_or_default();
            let rank = x.len() as i64;
            let dims: Vec<i64> = dims.iter().map(|&d| if d < 0 { d + rank } else { d }).collect();
            let mut out = Vec::new();
            for (i, &d) in x.iter().enumerate() {
                let listed = dims.contains(&(i as i64));
                if dims.is_empty() {
                    if d == -1 {
                        return one(None);
                    }
                    if d != 1 {
                        out.push(d);
                    }
                } else if !listed {
                    out.push(d);
                } else if d != 1 && d != -1 {
                    return None;
                }
            }
            one(Some(out))
        }
        "Transpose" | "ConjugateTranspose" => {
            let x = cx.input(0);
            match (x, cx.value(1)) {
                (Some(x), Some(p)) => {
                    let perm = p.to_ints();
                    if perm.len() != x.len() || perm.iter().any(|&q| q < 0 || q as usize >= x.len()) {
                        return None;
                    }
                    one(Some(perm.iter().map(|&q| x[q as usize]).collect()))
                }
                (Some(x), None) => one(Some(vec![-1; x.len()])),
                (None, _) => one(cx.input(1).and_then(|p| p.first().copied()).filter(|&r| (0..=MAX_RANK as i64).contains(&r)).map(|r| vec![-1; r as usize])),
            }
        }
        "ConcatV2" | "Concat" => {
            let (axis_i, range) = if op_type == "ConcatV2" { (cx.inputs.len().checked_sub(1)?, 0..cx.inputs.len() - 1) } else { (0, 1..cx.inputs.len()) };
            let shapes: Vec<Shape> = range.map(|i| cx.input(i)).collect();
            let rank = shapes.iter().flatten().map(|s| s.len()).next();
            let Some(rank) = rank else { return one(None) };
            let Some(axis) = cx.value(axis_i).filter(|t| !t.is_empty()).map(|t| t.int_at(0)) else { return one(Some(vec![-1; rank])) };
            let axis = if axis < 0 { axis + rank as i64 } else { axis };
            if axis < 0 || axis as usize >= rank {
                return None;
            }
            let axis = axis as usize;
            let mut out = vec![-1i64; rank];
            let mut total = 0i64;
            for s in &shapes {
                let Some(s) = s else {
                    total = -1;
                    continue;
                };
                if s.len() != rank {
                    return None;
                }
                for d in 0..rank {
                    if d == axis {
                        continue;
                    }
                    out[d] = merge_dim(out[d], s[d])?;
                }
                total = if total < 0 || s[axis] < 0 { -1 } else { total.saturating_add(s[axis]) };
            }
            out[axis] = total;
            one(Some(out))
        }
        "Pack" => {
            let mut s: Shape = cx.input(0);
            for i in 1..cx.inputs.len() {
                s = merge(&s, &cx.input(i))?;
            }
            let Some(mut s) = s else { return one(None) };
            let rank = s.len() as i64;
            let mut axis = (cx.int_attr)("axis").unwrap_or(0);
            if axis < 0 {
                axis += rank + 1;
            }
            if axis < 0 || axis > rank {
                return None;
            }
            s.insert(axis as usize, cx.inputs.len() as i64);
            one(Some(s))
        }
        "Tile" => {
            let Some(x) = cx.input(0) else { return one(None) };
            match cx.value(1) {
                Some(m) => {
                    let m = m.to_ints();
                    if m.len() != x.len() {
                        return None;
                    }
                    one(Some(x.iter().zip(&m).map(|(&d, &k)| if d < 0 { -1 } else { d.saturating_mul(k) }).collect()))
                }
                None => one(Some(vec![-1; x.len()])),
            }
        }
        "Slice" => {
            let x = cx.input(0);
            match (cx.value(1), cx.value(2)) {
                (Some(b), Some(sz)) => {
                    let (b, sz) = (b.to_ints(), sz.to_ints());
                    let out: Vec<i64> = (0..sz.len())
                        .map(|i| if sz[i] == -1 { x.as_ref().and_then(|x| x.get(i).copied()).filter(|&d| d >= 0).map(|d| d - b[i]).unwrap_or(-1) } else { sz[i] })
                        .collect();
                    one(Some(out))
                }
                _ => one(x.map(|x| vec![-1; x.len()])),
            }
        }
        "StridedSlice" => one(strided_slice(cx)),
        "Sum" | "Prod" | "Max" | "Min" | "Mean" | "All" | "Any" | "EuclideanNorm" => {
            let keep = (cx.int_attr)("keep_dims").unwrap_or(0) != 0;
            let Some(x) = cx.input(0) else { return one(None) };
            let Some(axes) = cx.value(1) else {
                return one(if keep { Some(vec![-1; x.len()]) } else { None });
            };
            let rank = x.len() as i64;
            let mut reduced = vec![false; x.len()];
            for a in axes.to_ints() {
                let a = if a < 0 { a + rank } else { a };
                if a < 0 || a >= rank {
                    return None;
                }
                reduced[a as usize] = true;
            }
            let out: Vec<i64> = x.iter().zip(&reduced).filter_map(|(&d, &r)| if r { keep.then_some(1) } else { Some(d) }).collect();
            one(Some(out))
        }
        "MatMul" => {
            let ta = (cx.int_attr)("transpose_a").unwrap_or(0) != 0;
            let tb = (cx.int_attr)("transpose_b").unwrap_or(0) != 0;
            let a = cx.input(0).unwrap_or_else(|| vec![-1, -1]);
            let b = cx.input(1).unwrap_or_else(|| vec![-1, -1]);
            if a.len() != 2 || b.len() != 2 {
                return None;
            }
            let (m, ka) = if ta { (a[1], a[0]) } else { (a[0], a[1]) };
            let (kb, nn) = if tb { (b[1], b[0]) } else { (b[0], b[1]) };
            merge_dim(ka, kb)?;
            one(Some(vec![m, nn]))
        }
        "BatchMatMul" | "BatchMatMulV2" | "BatchMatMulV3" => {
            let ta = (cx.int_attr)("adj_x").unwrap_or(0) != 0;
            let tb = (cx.int_attr)("adj_y").unwrap_or(0) != 0;
            let (Some(a), Some(b)) = (cx.input(0), cx.input(1)) else { return one(None) };
            if a.len() < 2 || b.len() < 2 {
                return None;
            }
            let (ab, am) = a.split_at(a.len() - 2);
            let (bb, bm) = b.split_at(b.len() - 2);
            let batch = if op_type == "BatchMatMul" { merge(&Some(ab.to_vec()), &Some(bb.to_vec()))?.unwrap_or_default() } else { broadcast(&Some(ab.to_vec()), &Some(bb.to_vec()))?.unwrap_or_default() };
            let m = if ta { am[1] } else { am[0] };
            let nn = if tb { bm[0] } else { bm[1] };
            let mut out = batch;
            out.extend([m, nn]);
            one(Some(out))
        }
        "Conv2D" | "DepthwiseConv2dNative" | "MaxPool" | "AvgPool" => conv_pool(op_type, cx).map(|s| {
            let mut v = vec![s];
            v.resize(n.max(1), None);
            v
        }),
        "FusedBatchNorm" | "FusedBatchNormV2" | "FusedBatchNormV3" => {
            let x = cx.input(0);
            let format = (cx.str_attr)("data_format").unwrap_or_else(|| "NHWC".into());
            let c = x.as_ref().and_then(|x| if x.len() != 4 { None } else if format.starts_with("NC") { Some(x[1]) } else { Some(x[3]) }).unwrap_or(-1);
            let mut out = vec![x];
            while out.len() < n {
                out.push(Some(vec![c]));
            }
            if op_type == "FusedBatchNormV3" && n == 6 {
                out[5] = None;
            }
            Some(out)
        }
        "Select" => {
            let s = merge(&cx.input(1), &cx.input(2))?;
            one(s)
        }
        "SelectV2" => one(broadcast(&broadcast(&cx.input(0), &cx.input(1))?, &cx.input(2))?),
        "Range" => {
            let vals: Option<Vec<f64>> = (0..3).map(|i| cx.value(i).filter(|t| !t.is_empty()).map(|t| t.float_at(0))).collect();
            match vals {
                Some(v) if v[2] != 0.0 => {
                    let len = ((v[1] - v[0]) / v[2]).ceil().max(0.0) as i64;
                    one(Some(vec![len]))
                }
                _ => one(Some(vec![-1])),
            }
        }
        "BroadcastGradientArgs" => Some(vec![Some(vec![-1]), Some(vec![-1])]),
        "GatherV2" => {
            let (Some(p), Some(i)) = (cx.input(0), cx.input(1)) else { return one(None) };
            let Some(axis) = cx.value(2).filter(|t| !t.is_empty()).map(|t| t.int_at(0)) else { return one(None) };
            let batch_dims = (cx.int_attr)("batch_dims").unwrap_or(0);
            if batch_dims != 0 {
                return one(None);
            }
            let axis = if axis < 0 { axis + p.len() as i64 } else { axis };
            if axis < 0 || axis as usize >= p.len() {
                return None;
            }
            let mut out = p[..axis as usize].to_vec();
            out.extend(i);
            out.extend(&p[axis as usize + 1..]);
            one(Some(out))
        }
        _ => {
            let _ = unknown_results;
            None
        }
    }
}

impl ShapeCx<'_> {
    fn shape_attr(&self, name: &str) -> Option<Shape> {
        (self.shape_attr)(name)
    }
}

/// Two dims that must agree: the known one (`None` when they conflict).
fn merge_dim(a: i64, b: i64) -> Option<i64> {
    if a < 0 {
        Some(b)
    } else if b < 0 || a == b {
        Some(a)
    } else {
        None
    }
}

/// Two shapes that must agree (`Merge`); `None` when they conflict.
pub fn merge(a: &Shape, b: &Shape) -> Option<Shape> {
    match (a, b) {
        (None, x) | (x, None) => Some(x.clone()),
        (Some(a), Some(b)) => {
            if a.len() != b.len() {
                return None;
            }
            a.iter().zip(b).map(|(&x, &y)| merge_dim(x, y)).collect::<Option<Vec<_>>>().map(Some)
        }
    }
}

/// The most specific shape both `a` and `b` fit (`Relax`).
fn relax(a: &Shape, b: &Shape) -> Shape {
    match (a, b) {
        (Some(a), Some(b)) if a.len() == b.len() => Some(a.iter().zip(b).map(|(&x, &y)| if x == y { x } else { -1 }).collect()),
        _ => None,
    }
}

/// `BroadcastBinaryOpOutputShapeFn`.
fn broadcast(a: &Shape, b: &Shape) -> Option<Shape> {
    let (Some(a), Some(b)) = (a, b) else { return Some(None) };
    if a.iter().chain(b).all(|&d| d >= 0) {
        return broadcast_shapes(a, b).map(Some);
    }
    let n = a.len().max(b.len());
    let mut out = vec![0; n];
    for i in 0..n {
        let x = if i + a.len() >= n { a[i + a.len() - n] } else { 1 };
        let y = if i + b.len() >= n { b[i + b.len() - n] } else { 1 };
        out[i] = if x > 1 {
            if y >= 0 && y != 1 && y != x {
                return None;
            }
            x
        } else if y > 1 {
            if x >= 0 && x != 1 {
                return None;
            }
            y
        } else if x == 1 {
            y
        } else if y == 1 || x == y {
            x
        } else {
            -1
        };
    }
    Some(Some(out))
}

fn reshape(cx: &ShapeCx) -> Shape {
    let target = cx.shape_from_tensor(1)?;
    let x = cx.input(0);
    let unknown: Vec<usize> = (0..target.len()).filter(|&i| target[i] == -1).collect();
    if unknown.len() == 1 {
        if let Some(x) = x.filter(|x| x.iter().all(|&d| d >= 0)) {
            let total = super::tensor::num_elements(&x);
            let known = super::tensor::num_elements(&target.iter().copied().filter(|&d| d != -1).collect::<Vec<_>>());
            if known > 0 && total % known == 0 {
                let mut out = target.clone();
                out[unknown[0]] = total / known;
                return Some(out);
            }
        }
    }
    Some(target)
}

fn strided_slice(cx: &ShapeCx) -> Shape {
    let x = cx.input(0)?;
    let (b, e, s) = (cx.value(1)?.to_ints(), cx.value(2)?.to_ints(), cx.value(3)?.to_ints());
    let mask = |n| (cx.int_attr)(n).unwrap_or(0);
    let (bm, em, ellipsis, new_axis, shrink) = (mask("begin_mask"), mask("end_mask"), mask("ellipsis_mask"), mask("new_axis_mask"), mask("shrink_axis_mask"));
    if ellipsis != 0 || new_axis != 0 || b.len() != e.len() || b.len() != s.len() || b.len() > x.len() {
        return None;
    }
    let mut out = Vec::new();
    for d in 0..x.len() {
        let dim = x[d];
        if d >= b.len() {
            out.push(dim);
            continue;
        }
        if shrink & (1 << d) != 0 {
            continue;
        }
        if dim < 0 {
            out.push(-1);
            continue;
        }
        let st = s[d];
        if st == 0 {
            return None;
        }
        let norm = |v: i64| if v < 0 { v + dim } else { v };
        let (lo, hi) = if st > 0 { (0, dim) } else { (-1, dim - 1) };
        let start = if bm & (1 << d) != 0 { if st > 0 { lo } else { hi } } else { norm(b[d]).clamp(lo, hi) };
        let stop = if em & (1 << d) != 0 { if st > 0 { hi } else { lo } } else { norm(e[d]).clamp(lo, hi) };
        let len = if st > 0 { (stop - start + st - 1).max(0) / st } else { (start - stop - st - 1).max(0) / -st };
        out.push(len);
    }
    Some(out)
}

/// Convolution and pooling output sizes (`GetWindowedOutputSizeVerbose`).
fn windowed(input: i64, k: i64, dilation: i64, stride: i64, padding: &str, pads: (i64, i64)) -> i64 {
    if input < 0 || k < 0 || stride <= 0 {
        return -1;
    }
    let eff = (k - 1).saturating_mul(dilation).saturating_add(1);
    match padding {
        "VALID" => (input.saturating_sub(eff).saturating_add(stride) / stride).max(0),
        "EXPLICIT" => (input.saturating_add(pads.0).saturating_add(pads.1).saturating_sub(eff).saturating_add(stride) / stride).max(0),
        _ => input.saturating_add(stride - 1) / stride,
    }
}

fn conv_pool(op_type: &str, cx: &ShapeCx) -> Option<Shape> {
    let Some(x) = cx.input(0) else { return Some(None) };
    if x.len() != 4 {
        return None;
    }
    let format = (cx.str_attr)("data_format").unwrap_or_else(|| "NHWC".into());
    let nchw = format == "NCHW";
    let (hi, wi, ci) = if nchw { (2, 3, 1) } else { (1, 2, 3) };
    let strides = (cx.ints_attr)("strides").unwrap_or_else(|| vec![1; 4]);
    let dil = (cx.ints_attr)("dilations").unwrap_or_else(|| vec![1; 4]);
    let padding = (cx.str_attr)("padding").unwrap_or_default();
    let explicit = (cx.ints_attr)("explicit_paddings").unwrap_or_default();
    if strides.len() != 4 {
        return None;
    }
    let pads = |d: usize| if explicit.len() == 8 { (explicit[2 * d], explicit[2 * d + 1]) } else { (0, 0) };
    let (kh, kw, out_c) = match op_type {
        "Conv2D" | "DepthwiseConv2dNative" => {
            let f = cx.input(1).unwrap_or_else(|| vec![-1; 4]);
            if f.len() != 4 {
                return None;
            }
            let oc = if op_type == "Conv2D" { f[3] } else if f[2] >= 0 && f[3] >= 0 { f[2].saturating_mul(f[3]) } else { -1 };
            (f[0], f[1], oc)
        }
        _ => {
            let k = (cx.ints_attr)("ksize")?;
            if k.len() != 4 {
                return None;
            }
            (k[hi], k[wi], x[ci])
        }
    };
    let d = |i: usize| if dil.len() == 4 && op_type != "MaxPool" && op_type != "AvgPool" { dil[i] } else { 1 };
    let oh = windowed(x[hi], kh, d(hi), strides[hi], &padding, pads(hi));
    let ow = windowed(x[wi], kw, d(wi), strides[wi], &padding, pads(wi));
    let mut out = vec![x[0], 0, 0, 0];
    out[hi] = oh;
    out[wi] = ow;
    out[ci] = out_c;
    Some(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::folding::tensor::DType;

    fn cx<'a>(inputs: Vec<Shape>, values: Vec<Option<&'a Tensor>>, ints: &'a dyn Fn(&str) -> Option<i64>, lists: &'a dyn Fn(&str) -> Option<Vec<i64>>, strs: &'a dyn Fn(&str) -> Option<String>) -> ShapeCx<'a> {
        ShapeCx { inputs, values, int_attr: ints, ints_attr: lists, str_attr: strs, shape_attr: &|_| None, value_shape: None, num_results: 1 }
    }

    #[test]
    fn elementwise_and_matmul() {
        let none_i = |_: &str| None;
        let none_l = |_: &str| None;
        let none_s = |_: &str| None;
        let c = cx(vec![Some(vec![2]), Some(vec![2, 2])], vec![], &none_i, &none_l, &none_s);
        assert_eq!(infer("AddV2", &c), Some(vec![Some(vec![2, 2])]));
        let c = cx(vec![Some(vec![-1, 3]), Some(vec![1])], vec![], &none_i, &none_l, &none_s);
        assert_eq!(infer("Mul", &c), Some(vec![Some(vec![-1, 3])]));
        let c = cx(vec![Some(vec![3, 4]), Some(vec![4, 5])], vec![], &none_i, &none_l, &none_s);
        assert_eq!(infer("MatMul", &c), Some(vec![Some(vec![3, 5])]));
        let c = cx(vec![Some(vec![2]), Some(vec![3])], vec![], &none_i, &none_l, &none_s);
        assert_eq!(infer("Add", &c), None);
    }

    #[test]
    fn conv_and_pool() {
        let none_i = |_: &str| None;
        let lists = |n: &str| match n {
            "strides" => Some(vec![1, 2, 2, 1]),
            "ksize" => Some(vec![1, 3, 3, 1]),
            _ => None,
        };
        let same = |n: &str| (n == "padding").then(|| "SAME".to_string());
        let valid = |n: &str| (n == "padding").then(|| "VALID".to_string());
        let c = cx(vec![Some(vec![1, 7, 7, 3]), Some(vec![3, 3, 3, 8])], vec![], &none_i, &lists, &same);
        assert_eq!(infer("Conv2D", &c), Some(vec![Some(vec![1, 4, 4, 8])]));
        let c = cx(vec![Some(vec![1, 7, 7, 3]), Some(vec![3, 3, 3, 8])], vec![], &none_i, &lists, &valid);
        assert_eq!(infer("Conv2D", &c), Some(vec![Some(vec![1, 3, 3, 8])]));
        let c = cx(vec![Some(vec![1, 7, 7, 3])], vec![], &none_i, &lists, &valid);
        assert_eq!(infer("MaxPool", &c), Some(vec![Some(vec![1, 3, 3, 3])]));
    }

    #[test]
    fn shape_tensors_and_reductions() {
        let none_i = |_: &str| None;
        let none_l = |_: &str| None;
        let none_s = |_: &str| None;
        let target = Tensor::ints(DType::i32(), vec![2], vec![3, -1]);
        let c = cx(vec![Some(vec![2, 3]), Some(vec![2])], vec![None, Some(&target)], &none_i, &none_l, &none_s);
        assert_eq!(infer("Reshape", &c), Some(vec![Some(vec![3, 2])]));
        let axes = Tensor::ints(DType::i32(), vec![1], vec![1]);
        let keep = |n: &str| (n == "keep_dims").then_some(1);
        let c = cx(vec![Some(vec![2, 3]), Some(vec![1])], vec![None, Some(&axes)], &keep, &none_l, &none_s);
        assert_eq!(infer("Sum", &c), Some(vec![Some(vec![2, 1])]));
        let axis = Tensor::ints(DType::i32(), vec![], vec![0]);
        let c = cx(vec![Some(vec![2, 3]), Some(vec![4, 3]), Some(vec![])], vec![None, None, Some(&axis)], &none_i, &none_l, &none_s);
        assert_eq!(infer("ConcatV2", &c), Some(vec![Some(vec![6, 3])]));
    }
}
