//! The evaluator constant folding runs on ops whose inputs are all constants: TensorFlow's
//! CPU kernels for the elementwise, shape and indexing ops graphs fold most often
//! (arithmetic with broadcasting, comparisons, casts, Shape/Size/Rank, Reshape, Fill, Pack,
//! Concat, Range, BroadcastGradientArgs, Tile, Slice, StridedSlice, GatherV2, Transpose,
//! reductions, ...). An op it does not know, or inputs a kernel would reject, give `None`
//! (the op is left alone, as TensorFlow leaves an op whose evaluation fails).

use super::tensor::{float_to_int, num_elements, wrap_int, DType, Tensor, Values, MAX_EVAL_ELEMENTS};

/// An attribute value the evaluator reads.
#[derive(Clone, Debug, PartialEq)]
pub enum AttrVal {
    Int(i64),
    Bool(bool),
    Type(DType),
    Str(String),
}

/// Looks up an attribute of the op being evaluated.
pub type Attrs<'a> = &'a dyn Fn(&str) -> Option<AttrVal>;

fn attr_int(attrs: Attrs, name: &str) -> Option<i64> {
    match attrs(name)? {
        AttrVal::Int(v) => Some(v),
        AttrVal::Bool(b) => Some(b as i64),
        _ => None,
    }
}

fn attr_bool(attrs: Attrs, name: &str) -> Option<bool> {
    match attrs(name)? {
        AttrVal::Bool(b) => Some(b),
        AttrVal::Int(v) => Some(v != 0),
        _ => None,
    }
}

fn attr_type(attrs: Attrs, name: &str) -> Option<DType> {
    match attrs(name)? {
        AttrVal::Type(t) => Some(t),
        _ => None,
    }
}

/// The one-input elementwise ops the evaluator computes (a splat in gives a splat out).
pub fn is_elementwise_unary(op_type: &str) -> bool {
    matches!(
        op_type,
        "Neg" | "Abs" | "Square" | "Sqrt" | "Rsqrt" | "Exp" | "Log" | "Reciprocal" | "Inv" | "Sign" | "Floor" | "Ceil" | "Relu"
            | "Relu6" | "Sigmoid" | "Tanh" | "Sin" | "Cos" | "Round" | "Rint" | "Log1p" | "Expm1" | "Softplus" | "LogicalNot"
            | "OnesLike" | "ZerosLike"
    )
}

/// The two-input elementwise (broadcasting) ops the evaluator computes.
pub fn is_elementwise_binary(op_type: &str) -> bool {
    matches!(
        op_type,
        "Add" | "AddV2" | "Sub" | "Mul" | "RealDiv" | "Div" | "FloorDiv" | "FloorMod" | "TruncateDiv" | "Maximum" | "Minimum"
            | "Pow" | "SquaredDifference" | "Equal" | "NotEqual" | "Less" | "LessEqual" | "Greater" | "GreaterEqual"
            | "LogicalAnd" | "LogicalOr" | "MulNoNan" | "DivNoNan"
    )
}

/// Evaluates op `op_type` on `inputs`; `result_types` are the element types of the op's
/// data results where known (used when an attribute does not say).
pub fn evaluate(op_type: &str, attrs: Attrs, inputs: &[Tensor], result_types: &[Option<DType>]) -> Option<Vec<Tensor>> {
    let one = |t: Option<Tensor>| t.map(|t| vec![t]);
    let out_int = |default: DType| attr_type(attrs, "out_type").or(result_types.first().copied().flatten()).unwrap_or(default);
    match op_type {
        _ if crate::dialect::traits::forwards_input(op_type) => Some(vec![inputs.first()?.clone()]),
        "IdentityN" => Some(inputs.to_vec()),
        _ if is_elementwise_unary(op_type) => {
            if inputs.len() != 1 {
                return None;
            }
            one(unary(op_type, &inputs[0]))
        }
        _ if is_elementwise_binary(op_type) => {
            if inputs.len() != 2 {
                return None;
            }
            one(binary(op_type, &inputs[0], &inputs[1]))
        }
        "BiasAdd" | "BiasAddV1" => {
            let (x, b) = (inputs.first()?, inputs.get(1)?);
            if b.shape.len() != 1 || x.shape.len() < 2 {
                return None;
            }
            let nchw = matches!(attrs("data_format"), Some(AttrVal::Str(s)) if s == "NCHW");
            let c = if nchw { 1 } else { x.shape.len() - 1 };
            if x.shape[c] != b.shape[0] {
                return None;
            }
            let mut shape = vec![1; x.shape.len()];
            shape[c] = b.shape[0];
            one(binary("Add", x, &b.clone().reshaped(shape)))
        }
        "AddN" => {
            let mut acc = inputs.first()?.clone();
            for t in &inputs[1..] {
                if t.shape != acc.shape {
                    return None;
                }
                acc = binary("Add", &acc, t)?;
            }
            Some(vec![acc])
        }
        "Cast" => {
            let to = attr_type(attrs, "DstT").or(result_types.first().copied().flatten())?;
            one(Some(cast(&inputs[0], to)))
        }
        "Shape" => {
            let x = inputs.first()?;
            one(Some(Tensor::ints(out_int(DType::i32()), vec![x.shape.len() as i64], x.shape.clone())))
        }
        "ShapeN" => {
            let dt = attr_type(attrs, "out_type").unwrap_or(DType::i32());
            Some(inputs.iter().map(|x| Tensor::ints(dt, vec![x.shape.len() as i64], x.shape.clone())).collect())
        }
        "Size" => one(Some(Tensor::scalar_int(out_int(DType::i32()), num_elements(&inputs.first()?.shape)))),
        "Rank" => one(Some(Tensor::scalar_int(DType::i32(), inputs.first()?.shape.len() as i64))),
        "Reshape" => {
            let (x, s) = (inputs.first()?, inputs.get(1)?);
            one(reshape(x, &s.to_ints()))
        }
        "ExpandDims" => {
            let (x, d) = (inputs.first()?, inputs.get(1)?);
            if d.len() != 1 {
                return None;
            }
            let rank = x.shape.len() as i64;
            let mut axis = d.int_at(0);
            if axis < -rank - 1 || axis > rank {
                return None;
            }
            if axis < 0 {
                axis += rank + 1;
            }
            let mut shape = x.shape.clone();
            shape.insert(axis as usize, 1);
            one(Some(x.clone().reshaped(shape)))
        }
        "Squeeze" => {
            let x = inputs.first()?;
            let dims = squeeze_dims(attrs);
            let rank = x.shape.len() as i64;
            let dims: Vec<i64> = dims.iter().map(|&d| if d < 0 { d + rank } else { d }).collect();
            let mut shape = Vec::new();
            for (i, &s) in x.shape.iter().enumerate() {
                let listed = dims.contains(&(i as i64));
                if listed && s != 1 {
                    return None;
                }
                if !(s == 1 && (dims.is_empty() || listed)) {
                    shape.push(s);
                }
            }
            one(Some(x.clone().reshaped(shape)))
        }
        "Fill" => {
            let (dims, v) = (inputs.first()?, inputs.get(1)?);
            if !v.shape.is_empty() || dims.shape.len() != 1 {
                return None;
            }
            let shape = dims.to_ints();
            if shape.iter().any(|&d| d < 0) || num_elements(&shape) > MAX_EVAL_ELEMENTS {
                return None;
            }
            one(Some(splat(v, shape)))
        }
        "Pack" => {
            let first = inputs.first()?;
            if inputs.iter().any(|t| t.shape != first.shape || t.dtype != first.dtype) {
                return None;
            }
            let rank = first.shape.len() as i64;
            let mut axis = attr_int(attrs, "axis").unwrap_or(0);
            if axis < 0 {
                axis += rank + 1;
            }
            if axis < 0 || axis > rank {
                return None;
            }
            let expanded: Vec<Tensor> = inputs
                .iter()
                .map(|t| {
                    let mut s = t.shape.clone();
                    s.insert(axis as usize, 1);
                    t.clone().reshaped(s)
                })
                .collect();
            one(concat(&expanded, axis))
        }
        "ConcatV2" => {
            let (axis_t, values) = inputs.split_last()?;
            if axis_t.len() != 1 {
                return None;
            }
            one(concat(values, axis_t.int_at(0)))
        }
        "Concat" => {
            let (axis_t, values) = inputs.split_first()?;
            if axis_t.len() != 1 {
                return None;
            }
            one(concat(values, axis_t.int_at(0)))
        }
        "Range" => one(range(inputs.first()?, inputs.get(1)?, inputs.get(2)?, attr_type(attrs, "Tidx"))),
        "BroadcastGradientArgs" => {
            let (r0, r1) = broadcast_gradient_args(&inputs.first()?.to_ints(), &inputs.get(1)?.to_ints())?;
            let dt = inputs[0].dtype;
            Some(vec![
                Tensor::ints(dt, vec![r0.len() as i64], r0),
                Tensor::ints(dt, vec![r1.len() as i64], r1),
            ])
        }
        "Tile" => one(tile(inputs.first()?, &inputs.get(1)?.to_ints())),
        "Gather" | "GatherV2" => {
            let (params, indices) = (inputs.first()?, inputs.get(1)?);
            let axis = match inputs.get(2) {
                Some(a) if a.len() == 1 => a.int_at(0),
                Some(_) => return None,
                None => 0,
            };
            if attr_int(attrs, "batch_dims").unwrap_or(0) != 0 {
                return None;
            }
            one(gather(params, &indices.to_ints(), &indices.shape, axis))
        }
        "MatMul" => {
            let (a, b) = (inputs.first()?, inputs.get(1)?);
            let ta = attr_bool(attrs, "transpose_a").unwrap_or(false);
            let tb = attr_bool(attrs, "transpose_b").unwrap_or(false);
            one(matmul(a, b, ta, tb))
        }
        "Pad" | "PadV2" => {
            let (x, p) = (inputs.first()?, inputs.get(1)?);
            let fill = inputs.get(2);
            one(pad(x, &p.to_ints(), fill))
        }
        "Slice" => {
            let x = inputs.first()?;
            let begin = inputs.get(1)?.to_ints();
            let size = inputs.get(2)?.to_ints();
            if begin.len() != x.shape.len() || size.len() != x.shape.len() {
                return None;
            }
            let mut starts = Vec::new();
            let mut strides = Vec::new();
            let mut shape = Vec::new();
            for i in 0..x.shape.len() {
                let s = if size[i] == -1 { x.shape[i] - begin[i] } else { size[i] };
                if begin[i] < 0 || s < 0 || begin[i] + s > x.shape[i] {
                    return None;
                }
                starts.push(begin[i]);
                strides.push(1);
                shape.push(s);
            }
            one(Some(gather_strided(x, &starts, &strides, &shape)))
        }
        "StridedSlice" => one(strided_slice(inputs.first()?, inputs.get(1)?, inputs.get(2)?, inputs.get(3)?, attrs)),
        "Transpose" => one(transpose(inputs.first()?, &inputs.get(1)?.to_ints())),
        "Select" | "SelectV2" => {
            let (c, t, e) = (inputs.first()?, inputs.get(1)?, inputs.get(2)?);
            one(select(c, t, e, op_type == "SelectV2"))
        }
        "Sum" | "Prod" | "Max" | "Min" | "Mean" | "All" | "Any" => {
            let (x, idx) = (inputs.first()?, inputs.get(1)?);
            one(reduce(op_type, x, &idx.to_ints(), attr_bool(attrs, "keep_dims").unwrap_or(false)))
        }
        _ => None,
    }
}

fn squeeze_dims(attrs: Attrs) -> Vec<i64> {
    match attrs("squeeze_dims") {
        Some(AttrVal::Str(s)) => s.split(',').filter_map(|x| x.trim().parse().ok()).collect(),
        _ => Vec::new(),
    }
}

/// A tensor of `shape` with every element `v`'s single element.
fn splat(v: &Tensor, shape: Vec<i64>) -> Tensor {
    let n = num_elements(&shape) as usize;
    let values = match &v.values {
        Values::Int(x) => Values::Int(vec![x[0]; n]),
        Values::Float(x) => Values::Float(vec![x[0]; n]),
    };
    Tensor { dtype: v.dtype, shape, values }
}

fn cast(x: &Tensor, to: DType) -> Tensor {
    match (x.dtype, to) {
        (_, DType::Bool) => Tensor::ints(to, x.shape.clone(), (0..x.len()).map(|i| (x.float_at(i) != 0.0) as i64).collect()),
        (DType::Float(_), DType::Float(_)) => Tensor::floats(to, x.shape.clone(), x.to_floats()),
        (DType::Float(_), _) => Tensor::ints(to, x.shape.clone(), x.to_floats().into_iter().map(float_to_int).collect()),
        (_, DType::Float(_)) => Tensor::floats(to, x.shape.clone(), x.to_floats()),
        _ => Tensor::ints(to, x.shape.clone(), x.to_ints()),
    }
}

fn unary(op: &str, x: &Tensor) -> Option<Tensor> {
    let shape = x.shape.clone();
    match op {
        "OnesLike" => return Some(splat(&Tensor::ints(x.dtype, vec![], vec![1]), shape)),
        "ZerosLike" => return Some(splat(&Tensor::ints(x.dtype, vec![], vec![0]), shape)),
        "LogicalNot" => {
            if x.dtype != DType::Bool {
                return None;
            }
            return Some(Tensor::ints(DType::Bool, shape, x.to_ints().into_iter().map(|v| (v == 0) as i64).collect()));
        }
        _ => {}
    }
    if x.dtype.is_float() {
        let f: fn(f64) -> f64 = match op {
            "Neg" => |v| -v,
            "Abs" => f64::abs,
            "Square" => |v| v * v,
            "Sqrt" => f64::sqrt,
            "Rsqrt" => |v| 1.0 / v.sqrt(),
            "Exp" => f64::exp,
            "Log" => f64::ln,
            "Reciprocal" | "Inv" => |v| 1.0 / v,
            "Sign" => |v| if v > 0.0 { 1.0 } else if v < 0.0 { -1.0 } else { v },
            "Floor" => f64::floor,
            "Ceil" => f64::ceil,
            "Relu" => |v| if v > 0.0 { v } else { 0.0 },
            "Relu6" => |v| v.clamp(0.0, 6.0),
            "Sigmoid" => |v| 1.0 / (1.0 + (-v).exp()),
            "Tanh" => f64::tanh,
            "Sin" => f64::sin,
            "Cos" => f64::cos,
            "Round" | "Rint" => f64::round_ties_even,
            "Log1p" => f64::ln_1p,
            "Expm1" => f64::exp_m1,
            "Softplus" => |v| if v > 0.0 { v + (-v).exp().ln_1p() } else { v.exp().ln_1p() },
            _ => return None,
        };
        // Square and friends round once in the element type, as the kernels do.
        Some(Tensor::floats(x.dtype, shape, x.to_floats().into_iter().map(f).collect()))
    } else {
        if x.dtype == DType::Bool {
            return None;
        }
        let f: fn(i64) -> i64 = match op {
            "Neg" => i64::wrapping_neg,
            "Abs" => i64::wrapping_abs,
            "Square" => |v| v.wrapping_mul(v),
            "Sign" => i64::signum,
            "Relu" => |v| v.max(0),
            "Relu6" => |v| v.clamp(0, 6),
            "Floor" | "Ceil" | "Round" | "Rint" => |v| v,
            _ => return None,
        };
        Some(Tensor::ints(x.dtype, shape, x.to_ints().into_iter().map(f).collect()))
    }
}

/// NumPy-style broadcast of two shapes.
pub fn broadcast_shapes(a: &[i64], b: &[i64]) -> Option<Vec<i64>> {
    let n = a.len().max(b.len());
    let mut out = vec![0; n];
    for i in 0..n {
        let da = if i + a.len() >= n { a[i + a.len() - n] } else { 1 };
        let db = if i + b.len() >= n { b[i + b.len() - n] } else { 1 };
        out[i] = if da == db || db == 1 {
            da
        } else if da == 1 {
            db
        } else {
            return None;
        };
    }
    Some(out)
}

/// For each element of `out_shape`, the index of the element of a `shape` broadcast to it.
fn broadcast_index(shape: &[i64], out_shape: &[i64]) -> Vec<usize> {
    let n = num_elements(out_shape) as usize;
    let rank = out_shape.len();
    let offset = rank - shape.len();
    // Strides of `shape`, zero where broadcast.
    let mut strides = vec![0i64; rank];
    let mut s = 1i64;
    for i in (0..shape.len()).rev() {
        strides[i + offset] = if shape[i] == 1 { 0 } else { s };
        s *= shape[i];
    }
    let mut idx = vec![0i64; rank];
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(idx.iter().zip(&strides).map(|(i, s)| i * s).sum::<i64>() as usize);
        for d in (0..rank).rev() {
            idx[d] += 1;
            if idx[d] < out_shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    out
}

fn binary(op: &str, a: &Tensor, b: &Tensor) -> Option<Tensor> {
    if a.dtype != b.dtype {
        return None;
    }
    let shape = broadcast_shapes(&a.shape, &b.shape)?;
    if num_elements(&shape) > MAX_EVAL_ELEMENTS {
        return None;
    }
    let ia = broadcast_index(&a.shape, &shape);
    let ib = broadcast_index(&b.shape, &shape);
    let cmp = |f: fn(std::cmp::Ordering) -> bool| -> Option<Tensor> {
        let vals = ia
            .iter()
            .zip(&ib)
            .map(|(&i, &j)| {
                let o = if a.dtype.is_float() { a.float_at(i).partial_cmp(&b.float_at(j)) } else { Some(a.int_at(i).cmp(&b.int_at(j))) };
                o.map(f).unwrap_or(op == "NotEqual") as i64
            })
            .collect();
        Some(Tensor::ints(DType::Bool, shape.clone(), vals))
    };
    use std::cmp::Ordering::*;
    match op {
        "Equal" => return cmp(|o| o == Equal),
        "NotEqual" => return cmp(|o| o != Equal),
        "Less" => return cmp(|o| o == Less),
        "LessEqual" => return cmp(|o| o != Greater),
        "Greater" => return cmp(|o| o == Greater),
        "GreaterEqual" => return cmp(|o| o != Less),
        "LogicalAnd" | "LogicalOr" => {
            if a.dtype != DType::Bool {
                return None;
            }
            let and = op == "LogicalAnd";
            let vals = ia.iter().zip(&ib).map(|(&i, &j)| {
                let (x, y) = (a.int_at(i) != 0, b.int_at(j) != 0);
                (if and { x && y } else { x || y }) as i64
            });
            return Some(Tensor::ints(DType::Bool, shape, vals.collect()));
        }
        _ => {}
    }
    if a.dtype.is_float() {
        let f: fn(f64, f64) -> f64 = match op {
            "Add" | "AddV2" => |x, y| x + y,
            "Sub" => |x, y| x - y,
            "Mul" => |x, y| x * y,
            "MulNoNan" => |x, y| if y == 0.0 { 0.0 } else { x * y },
            "RealDiv" | "Div" => |x, y| x / y,
            "DivNoNan" => |x, y| if y == 0.0 { 0.0 } else { x / y },
            "FloorDiv" => |x, y| (x / y).floor(),
            "FloorMod" => |x, y| {
                let r = x % y;
                if r != 0.0 && ((r < 0.0) != (y < 0.0)) {
                    r + y
                } else {
                    r
                }
            },
            "Maximum" => |x, y| if x.is_nan() || y.is_nan() { f64::NAN } else { x.max(y) },
            "Minimum" => |x, y| if x.is_nan() || y.is_nan() { f64::NAN } else { x.min(y) },
            "Pow" => f64::powf,
            "SquaredDifference" => |x, y| (x - y) * (x - y),
            _ => return None,
        };
        let vals = ia.iter().zip(&ib).map(|(&i, &j)| f(a.float_at(i), b.float_at(j))).collect();
        Some(Tensor::floats(a.dtype, shape, vals))
    } else {
        if a.dtype == DType::Bool {
            return None;
        }
        let unsigned = matches!(a.dtype, DType::Int { unsigned: true, .. });
        let mut vals = Vec::with_capacity(ia.len());
        for (&i, &j) in ia.iter().zip(&ib) {
            let (x, y) = (a.int_at(i), b.int_at(j));
            let v = match op {
                "Add" | "AddV2" => x.wrapping_add(y),
                "Sub" => x.wrapping_sub(y),
                "Mul" | "MulNoNan" => x.wrapping_mul(y),
                "Div" | "TruncateDiv" | "FloorDiv" | "FloorMod" | "DivNoNan" => {
                    if y == 0 {
                        if op == "DivNoNan" {
                            0
                        } else {
                            return None;
                        }
                    } else if unsigned {
                        let (ux, uy) = (x as u64, y as u64);
                        if op == "FloorMod" { (ux % uy) as i64 } else { (ux / uy) as i64 }
                    } else {
                        match op {
                            "FloorDiv" => x.wrapping_div(y) - ((x.wrapping_rem(y) != 0 && ((x < 0) != (y < 0))) as i64),
                            "FloorMod" => {
                                let r = x.wrapping_rem(y);
                                if r != 0 && ((r < 0) != (y < 0)) { r + y } else { r }
                            }
                            _ => x.wrapping_div(y),
                        }
                    }
                }
                "Maximum" => if unsigned { (x as u64).max(y as u64) as i64 } else { x.max(y) },
                "Minimum" => if unsigned { (x as u64).min(y as u64) as i64 } else { x.min(y) },
                "SquaredDifference" => x.wrapping_sub(y).wrapping_mul(x.wrapping_sub(y)),
                "Pow" => {
                    if y < 0 {
                        return None;
                    }
                    x.wrapping_pow(y.min(u32::MAX as i64) as u32)
                }
                _ => return None,
            };
            vals.push(wrap_int(a.dtype, v));
        }
        Some(Tensor::ints(a.dtype, shape, vals))
    }
}

fn reshape(x: &Tensor, target: &[i64]) -> Option<Tensor> {
    let n = x.len() as i64;
    let unknown: Vec<usize> = (0..target.len()).filter(|&i| target[i] == -1).collect();
    if unknown.len() > 1 || target.iter().any(|&d| d < -1) {
        return None;
    }
    let known = target.iter().filter(|&&d| d != -1).try_fold(1i64, |a, &d| a.checked_mul(d))?;
    let mut shape = target.to_vec();
    if let Some(&u) = unknown.first() {
        if known == 0 || n % known != 0 {
            return None;
        }
        shape[u] = n / known;
    } else if known != n {
        return None;
    }
    Some(x.clone().reshaped(shape))
}

fn concat(values: &[Tensor], axis: i64) -> Option<Tensor> {
    let first = values.first()?;
    let rank = first.shape.len() as i64;
    let axis = if axis < 0 { axis + rank } else { axis };
    if axis < 0 || axis >= rank {
        return None;
    }
    let axis = axis as usize;
    for t in values {
        if t.dtype != first.dtype || t.shape.len() != first.shape.len() {
            return None;
        }
        if (0..first.shape.len()).any(|d| d != axis && t.shape[d] != first.shape[d]) {
            return None;
        }
    }
    let outer: i64 = first.shape[..axis].iter().product();
    let mut shape = first.shape.clone();
    shape[axis] = values.iter().map(|t| t.shape[axis]).sum();
    let float = first.dtype.is_float();
    let (mut ints, mut floats) = (Vec::new(), Vec::new());
    for o in 0..outer as usize {
        for t in values {
            let chunk: usize = t.shape[axis..].iter().product::<i64>() as usize;
            for k in o * chunk..(o + 1) * chunk {
                if float {
                    floats.push(t.float_at(k));
                } else {
                    ints.push(t.int_at(k));
                }
            }
        }
    }
    let values = if float { Values::Float(floats) } else { Values::Int(ints) };
    Some(Tensor { dtype: first.dtype, shape, values })
}

fn range(start: &Tensor, limit: &Tensor, delta: &Tensor, tidx: Option<DType>) -> Option<Tensor> {
    if start.len() != 1 || limit.len() != 1 || delta.len() != 1 {
        return None;
    }
    let dt = tidx.unwrap_or(start.dtype);
    if dt.is_float() {
        let (s, l, d) = (start.float_at(0), limit.float_at(0), delta.float_at(0));
        if d == 0.0 || (d > 0.0 && s > l) || (d < 0.0 && s < l) {
            return None;
        }
        let n = ((l - s) / d).abs().ceil() as i64;
        if n > MAX_EVAL_ELEMENTS {
            return None;
        }
        Some(Tensor::floats(dt, vec![n], (0..n).map(|i| s + i as f64 * d).collect()))
    } else {
        let (s, l, d) = (start.int_at(0), limit.int_at(0), delta.int_at(0));
        if d == 0 || (d > 0 && s > l) || (d < 0 && s < l) {
            return None;
        }
        let n = (l.checked_sub(s)?.checked_abs()?.checked_add(d.checked_abs()? - 1)?) / d.abs();
        if n > MAX_EVAL_ELEMENTS {
            return None;
        }
        Some(Tensor::ints(dt, vec![n], (0..n).map(|i| s + i * d).collect()))
    }
}

/// TensorFlow's `BCast` reduction indices for the gradients of `x` and `y`.
pub fn broadcast_gradient_args(x: &[i64], y: &[i64]) -> Option<(Vec<i64>, Vec<i64>)> {
    let n = x.len().max(y.len());
    let pad = |s: &[i64]| -> Vec<i64> { std::iter::repeat_n(1, n - s.len()).chain(s.iter().copied()).collect() };
    let (px, py) = (pad(x), pad(y));
    let (mut rx, mut ry) = (Vec::new(), Vec::new());
    for i in 0..n {
        let (a, b) = (px[i], py[i]);
        if a == b {
            if a == 1 {
                rx.push(i as i64);
                ry.push(i as i64);
            }
        } else if a == 1 {
            rx.push(i as i64);
        } else if b == 1 {
            ry.push(i as i64);
        } else {
            return None;
        }
    }
    Some((rx, ry))
}

/// Elements of `x` at `start + i * stride` along every dimension, for `i` below `shape`.
fn gather_strided(x: &Tensor, start: &[i64], stride: &[i64], shape: &[i64]) -> Tensor {
    let rank = x.shape.len();
    let mut xstrides = vec![1i64; rank];
    for d in (0..rank.saturating_sub(1)).rev() {
        xstrides[d] = xstrides[d + 1] * x.shape[d + 1];
    }
    let n = num_elements(shape) as usize;
    let mut idx = vec![0i64; rank];
    let mut picks = Vec::with_capacity(n);
    for _ in 0..n {
        picks.push((0..rank).map(|d| (start[d] + idx[d] * stride[d]) * xstrides[d]).sum::<i64>() as usize);
        for d in (0..rank).rev() {
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    pick(x, &picks, shape.to_vec())
}

fn pick(x: &Tensor, picks: &[usize], shape: Vec<i64>) -> Tensor {
    let values = match &x.values {
        Values::Int(v) => Values::Int(picks.iter().map(|&i| v[i]).collect()),
        Values::Float(v) => Values::Float(picks.iter().map(|&i| v[i]).collect()),
    };
    Tensor { dtype: x.dtype, shape, values }
}

fn tile(x: &Tensor, multiples: &[i64]) -> Option<Tensor> {
    if multiples.len() != x.shape.len() || multiples.iter().any(|&m| m < 0) {
        return None;
    }
    let shape: Vec<i64> = x.shape.iter().zip(multiples).map(|(s, m)| s.saturating_mul(*m)).collect();
    if num_elements(&shape) > MAX_EVAL_ELEMENTS {
        return None;
    }
    let rank = shape.len();
    let n = num_elements(&shape) as usize;
    let mut xstrides = vec![1i64; rank];
    for d in (0..rank.saturating_sub(1)).rev() {
        xstrides[d] = xstrides[d + 1] * x.shape[d + 1];
    }
    let mut idx = vec![0i64; rank];
    let mut picks = Vec::with_capacity(n);
    for _ in 0..n {
        picks.push((0..rank).map(|d| (idx[d] % x.shape[d]) * xstrides[d]).sum::<i64>() as usize);
        for d in (0..rank).rev() {
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    Some(pick(x, &picks, shape))
}

/// `GatherV2` with `batch_dims = 0`: the slices of `params` along `axis` at `indices` (of
/// shape `indices_shape`); an index out of range gives `None` (TensorFlow's CPU kernel fails).
fn gather(params: &Tensor, indices: &[i64], indices_shape: &[i64], axis: i64) -> Option<Tensor> {
    let rank = params.shape.len() as i64;
    let axis = if axis < 0 { axis + rank } else { axis };
    if !(0..rank).contains(&axis) {
        return None;
    }
    let axis = axis as usize;
    let (outer, size, inner) = (num_elements(&params.shape[..axis]), params.shape[axis], num_elements(&params.shape[axis + 1..]));
    if indices.iter().any(|&i| !(0..size).contains(&i)) {
        return None;
    }
    let shape: Vec<i64> = params.shape[..axis].iter().chain(indices_shape).chain(&params.shape[axis + 1..]).copied().collect();
    if num_elements(&shape) > MAX_EVAL_ELEMENTS {
        return None;
    }
    let mut picks = Vec::with_capacity(num_elements(&shape) as usize);
    for o in 0..outer {
        for &i in indices {
            picks.extend((0..inner).map(|k| ((o * size + i) * inner + k) as usize));
        }
    }
    Some(pick(params, &picks, shape))
}

fn matmul(a: &Tensor, b: &Tensor, ta: bool, tb: bool) -> Option<Tensor> {
    if a.dtype != b.dtype || a.shape.len() != 2 || b.shape.len() != 2 || a.dtype == DType::Bool {
        return None;
    }
    let (m, k) = if ta { (a.shape[1], a.shape[0]) } else { (a.shape[0], a.shape[1]) };
    let (k2, n) = if tb { (b.shape[1], b.shape[0]) } else { (b.shape[0], b.shape[1]) };
    if k != k2 || m.saturating_mul(n) > MAX_EVAL_ELEMENTS || m.saturating_mul(n).saturating_mul(k) > 64 * MAX_EVAL_ELEMENTS {
        return None;
    }
    let at = |i: i64, j: i64| (if ta { j * a.shape[1] + i } else { i * a.shape[1] + j }) as usize;
    let bt = |i: i64, j: i64| (if tb { j * b.shape[1] + i } else { i * b.shape[1] + j }) as usize;
    if a.dtype.is_float() {
        let mut out = Vec::with_capacity((m * n) as usize);
        for i in 0..m {
            for j in 0..n {
                out.push((0..k).map(|l| a.float_at(at(i, l)) * b.float_at(bt(l, j))).sum());
            }
        }
        Some(Tensor::floats(a.dtype, vec![m, n], out))
    } else {
        let mut out = Vec::with_capacity((m * n) as usize);
        for i in 0..m {
            for j in 0..n {
                out.push((0..k).fold(0i64, |s, l| s.wrapping_add(a.int_at(at(i, l)).wrapping_mul(b.int_at(bt(l, j))))));
            }
        }
        Some(Tensor::ints(a.dtype, vec![m, n], out))
    }
}

fn pad(x: &Tensor, paddings: &[i64], fill: Option<&Tensor>) -> Option<Tensor> {
    let rank = x.shape.len();
    if paddings.len() != 2 * rank || paddings.iter().any(|&p| p < 0) {
        return None;
    }
    if fill.is_some_and(|f| f.len() != 1 || f.dtype != x.dtype) {
        return None;
    }
    let shape: Vec<i64> = (0..rank).map(|d| x.shape[d] + paddings[2 * d] + paddings[2 * d + 1]).collect();
    if num_elements(&shape) > MAX_EVAL_ELEMENTS {
        return None;
    }
    let n = num_elements(&shape) as usize;
    let mut xstrides = vec![1i64; rank];
    for d in (0..rank.saturating_sub(1)).rev() {
        xstrides[d] = xstrides[d + 1] * x.shape[d + 1];
    }
    let mut idx = vec![0i64; rank];
    let mut src: Vec<Option<usize>> = Vec::with_capacity(n);
    for _ in 0..n {
        let mut off = 0i64;
        let mut inside = true;
        for d in 0..rank {
            let i = idx[d] - paddings[2 * d];
            if i < 0 || i >= x.shape[d] {
                inside = false;
                break;
            }
            off += i * xstrides[d];
        }
        src.push(inside.then_some(off as usize));
        for d in (0..rank).rev() {
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    let values = match &x.values {
        Values::Int(v) => {
            let f = fill.map(|f| f.int_at(0)).unwrap_or(0);
            Values::Int(src.iter().map(|s| s.map(|i| v[i]).unwrap_or(f)).collect())
        }
        Values::Float(v) => {
            let f = fill.map(|f| f.float_at(0)).unwrap_or(0.0);
            Values::Float(src.iter().map(|s| s.map(|i| v[i]).unwrap_or(f)).collect())
        }
    };
    Some(Tensor { dtype: x.dtype, shape, values })
}

fn transpose(x: &Tensor, perm: &[i64]) -> Option<Tensor> {
    let rank = x.shape.len();
    if perm.len() != rank {
        return None;
    }
    let mut seen = vec![false; rank];
    for &p in perm {
        if p < 0 || p as usize >= rank || seen[p as usize] {
            return None;
        }
        seen[p as usize] = true;
    }
    let shape: Vec<i64> = perm.iter().map(|&p| x.shape[p as usize]).collect();
    let mut xstrides = vec![1i64; rank];
    for d in (0..rank.saturating_sub(1)).rev() {
        xstrides[d] = xstrides[d + 1] * x.shape[d + 1];
    }
    let n = num_elements(&shape) as usize;
    let mut idx = vec![0i64; rank];
    let mut picks = Vec::with_capacity(n);
    for _ in 0..n {
        picks.push((0..rank).map(|d| idx[d] * xstrides[perm[d] as usize]).sum::<i64>() as usize);
        for d in (0..rank).rev() {
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    Some(pick(x, &picks, shape))
}

fn strided_slice(x: &Tensor, begin: &Tensor, end: &Tensor, strides: &Tensor, attrs: Attrs) -> Option<Tensor> {
    let mask = |n| attr_int(attrs, n).unwrap_or(0);
    let (bm, em, ellipsis, new_axis, shrink) =
        (mask("begin_mask"), mask("end_mask"), mask("ellipsis_mask"), mask("new_axis_mask"), mask("shrink_axis_mask"));
    if ellipsis != 0 || new_axis != 0 {
        return None;
    }
    let (b, e, s) = (begin.to_ints(), end.to_ints(), strides.to_ints());
    let n = b.len();
    if e.len() != n || s.len() != n || n > x.shape.len() {
        return None;
    }
    let rank = x.shape.len();
    let (mut starts, mut steps, mut shape, mut out_shape) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for d in 0..rank {
        let dim = x.shape[d];
        if d >= n {
            starts.push(0);
            steps.push(1);
            shape.push(dim);
            out_shape.push(dim);
            continue;
        }
        let st = s[d];
        if st == 0 {
            return None;
        }
        let norm = |v: i64| if v < 0 { v + dim } else { v };
        if shrink & (1 << d) != 0 {
            let i = norm(b[d]);
            if i < 0 || i >= dim {
                return None;
            }
            starts.push(i);
            steps.push(1);
            shape.push(1);
            continue;
        }
        let (lo, hi) = if st > 0 { (0, dim) } else { (-1, dim - 1) };
        let start = if bm & (1 << d) != 0 { if st > 0 { lo } else { hi } } else { norm(b[d]).clamp(lo, hi) };
        let stop = if em & (1 << d) != 0 { if st > 0 { hi } else { lo } } else { norm(e[d]).clamp(lo, hi) };
        let len = if st > 0 { (stop - start + st - 1).max(0) / st } else { (start - stop - st - 1).max(0) / -st };
        starts.push(start);
        steps.push(st);
        shape.push(len);
        out_shape.push(len);
    }
    Some(gather_strided(x, &starts, &steps, &shape).reshaped(out_shape))
}

fn select(c: &Tensor, t: &Tensor, e: &Tensor, v2: bool) -> Option<Tensor> {
    if c.dtype != DType::Bool || t.dtype != e.dtype {
        return None;
    }
    let shape = if v2 {
        broadcast_shapes(&broadcast_shapes(&c.shape, &t.shape)?, &e.shape)?
    } else {
        if t.shape != e.shape {
            return None;
        }
        if !(c.shape == t.shape || c.shape.is_empty() || (c.shape.len() == 1 && !t.shape.is_empty() && c.shape[0] == t.shape[0])) {
            return None;
        }
        t.shape.clone()
    };
    if num_elements(&shape) > MAX_EVAL_ELEMENTS {
        return None;
    }
    let n = num_elements(&shape) as usize;
    // Select's rank-1 condition picks whole rows.
    let cidx: Vec<usize> = if !v2 && c.shape.len() == 1 && shape.len() > 1 {
        let row = (n as i64 / shape[0]) as usize;
        (0..n).map(|i| i / row).collect()
    } else {
        broadcast_index(&c.shape, &shape)
    };
    let (ti, ei) = (broadcast_index(&t.shape, &shape), broadcast_index(&e.shape, &shape));
    let picks_t = (0..n).map(|i| c.int_at(cidx[i]) != 0);
    let values = match (&t.values, &e.values) {
        (Values::Int(a), Values::Int(b)) => Values::Int(picks_t.enumerate().map(|(i, p)| if p { a[ti[i]] } else { b[ei[i]] }).collect()),
        (Values::Float(a), Values::Float(b)) => {
            Values::Float(picks_t.enumerate().map(|(i, p)| if p { a[ti[i]] } else { b[ei[i]] }).collect())
        }
        _ => return None,
    };
    Some(Tensor { dtype: t.dtype, shape, values })
}

fn reduce(op: &str, x: &Tensor, axes: &[i64], keep_dims: bool) -> Option<Tensor> {
    let rank = x.shape.len() as i64;
    let mut reduced = vec![false; x.shape.len()];
    for &a in axes {
        let a = if a < 0 { a + rank } else { a };
        if a < 0 || a >= rank {
            return None;
        }
        reduced[a as usize] = true;
    }
    let out_full: Vec<i64> = x.shape.iter().zip(&reduced).map(|(&s, &r)| if r { 1 } else { s }).collect();
    let out_n = num_elements(&out_full) as usize;
    let rank = x.shape.len();
    let mut ostrides = vec![1i64; rank];
    for d in (0..rank.saturating_sub(1)).rev() {
        ostrides[d] = ostrides[d + 1] * out_full[d + 1];
    }
    let float = x.dtype.is_float();
    let (init, logical) = match op {
        "Sum" | "Mean" | "Any" => (0.0, matches!(op, "Any")),
        "Prod" | "All" => (1.0, op == "All"),
        "Max" => (f64::NEG_INFINITY, false),
        "Min" => (f64::INFINITY, false),
        _ => return None,
    };
    if logical != (x.dtype == DType::Bool) {
        return None;
    }
    let mut accf = vec![init; out_n];
    let mut acci: Vec<i64> = vec![
        match op {
            "Max" => i64::MIN,
            "Min" => i64::MAX,
            _ => init as i64,
        };
        out_n
    ];
    let mut count = vec![0i64; out_n];
    let mut idx = vec![0i64; rank];
    for k in 0..x.len() {
        let o = (0..rank).map(|d| if reduced[d] { 0 } else { idx[d] * ostrides[d] }).sum::<i64>() as usize;
        count[o] += 1;
        if float {
            let v = x.float_at(k);
            accf[o] = match op {
                "Sum" | "Mean" => accf[o] + v,
                "Prod" => accf[o] * v,
                "Max" => if v.is_nan() || accf[o].is_nan() { f64::NAN } else { accf[o].max(v) },
                _ => if v.is_nan() || accf[o].is_nan() { f64::NAN } else { accf[o].min(v) },
            };
        } else {
            let v = x.int_at(k);
            acci[o] = match op {
                "Sum" | "Mean" => acci[o].wrapping_add(v),
                "Prod" => acci[o].wrapping_mul(v),
                "Max" => acci[o].max(v),
                "Min" => acci[o].min(v),
                "All" => (acci[o] != 0 && v != 0) as i64,
                _ => (acci[o] != 0 || v != 0) as i64,
            };
        }
        for d in (0..rank).rev() {
            idx[d] += 1;
            if idx[d] < x.shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    let shape: Vec<i64> = if keep_dims { out_full } else { x.shape.iter().zip(&reduced).filter(|(_, &r)| !r).map(|(&s, _)| s).collect() };
    if op == "Mean" {
        if float {
            for (a, c) in accf.iter_mut().zip(&count) {
                *a /= *c as f64;
            }
        } else {
            for (a, c) in acci.iter_mut().zip(&count) {
                if *c == 0 {
                    return None;
                }
                *a /= *c;
            }
        }
    }
    Some(if float { Tensor::floats(x.dtype, shape, accf) } else { Tensor::ints(x.dtype, shape, acci) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::printer::float::float_sem;

    fn f32t() -> DType {
        DType::Float(float_sem("f32").unwrap())
    }
    fn i32s(shape: &[i64], v: &[i64]) -> Tensor {
        Tensor::ints(DType::i32(), shape.to_vec(), v.to_vec())
    }
    fn f32s(shape: &[i64], v: &[f64]) -> Tensor {
        Tensor::floats(f32t(), shape.to_vec(), v.to_vec())
    }
    fn no_attrs(_: &str) -> Option<AttrVal> {
        None
    }
    fn run(op: &str, inputs: &[Tensor]) -> Tensor {
        evaluate(op, &no_attrs, inputs, &[]).unwrap_or_else(|| panic!("{} folds", op)).remove(0)
    }

    #[test]
    fn arithmetic_broadcasts() {
        let a = f32s(&[2, 2], &[1.0, 2.0, 3.0, 4.0]);
        let b = f32s(&[2], &[10.0, 20.0]);
        assert_eq!(run("AddV2", &[a.clone(), b.clone()]).to_floats(), vec![11.0, 22.0, 13.0, 24.0]);
        assert_eq!(run("Sub", &[a.clone(), b.clone()]).to_floats(), vec![-9.0, -18.0, -7.0, -16.0]);
        assert_eq!(run("Mul", &[a.clone(), b.clone()]).shape, vec![2, 2]);
        assert_eq!(run("RealDiv", &[f32s(&[], &[1.0]), f32s(&[], &[3.0])]).to_floats(), vec![(1.0f32 / 3.0) as f64]);
        assert_eq!(run("Maximum", &[a.clone(), f32s(&[], &[2.5])]).to_floats(), vec![2.5, 2.5, 3.0, 4.0]);
        assert_eq!(run("Minimum", &[a.clone(), f32s(&[], &[2.5])]).to_floats(), vec![1.0, 2.0, 2.5, 2.5]);
        assert_eq!(run("Neg", &[b]).to_floats(), vec![-10.0, -20.0]);
        assert_eq!(run("Mul", &[i32s(&[], &[143]), i32s(&[], &[2])]).to_ints(), vec![286]);
        assert_eq!(run("FloorDiv", &[i32s(&[2], &[-7, 7]), i32s(&[], &[2])]).to_ints(), vec![-4, 3]);
        assert_eq!(run("Less", &[i32s(&[2], &[1, 3]), i32s(&[], &[2])]).to_ints(), vec![1, 0]);
        assert!(evaluate("Div", &no_attrs, &[i32s(&[], &[1]), i32s(&[], &[0])], &[]).is_none());
        assert_eq!(run("AddN", &[i32s(&[2], &[1, 2]), i32s(&[2], &[3, 4]), i32s(&[2], &[5, 6])]).to_ints(), vec![9, 12]);
    }

    #[test]
    fn casts_and_shapes() {
        let cast = |_: &str| Some(AttrVal::Type(DType::i32()));
        let c = evaluate("Cast", &cast, &[f32s(&[2], &[1.7, -1.7])], &[]).unwrap().remove(0);
        assert_eq!(c.to_ints(), vec![1, -1]);
        let x = f32s(&[2, 3], &[0.0; 6]);
        assert_eq!(run("Shape", std::slice::from_ref(&x)).to_ints(), vec![2, 3]);
        assert_eq!(run("Size", std::slice::from_ref(&x)).to_ints(), vec![6]);
        assert_eq!(run("Rank", std::slice::from_ref(&x)).to_ints(), vec![2]);
        assert_eq!(run("Reshape", &[x.clone(), i32s(&[2], &[3, -1])]).shape, vec![3, 2]);
        assert_eq!(run("Fill", &[i32s(&[2], &[2, 2]), f32s(&[], &[0.5])]).to_floats(), vec![0.5; 4]);
        assert_eq!(run("ExpandDims", &[x.clone(), i32s(&[], &[-1])]).shape, vec![2, 3, 1]);
    }

    #[test]
    fn pack_concat_range() {
        let (a, b) = (i32s(&[2], &[1, 2]), i32s(&[2], &[3, 4]));
        let p = run("Pack", &[a.clone(), b.clone()]);
        assert_eq!((p.shape.clone(), p.to_ints()), (vec![2, 2], vec![1, 2, 3, 4]));
        let axis1 = |n: &str| (n == "axis").then_some(AttrVal::Int(1));
        let p = evaluate("Pack", &axis1, &[a.clone(), b.clone()], &[]).unwrap().remove(0);
        assert_eq!(p.to_ints(), vec![1, 3, 2, 4]);
        let m = i32s(&[2, 2], &[1, 2, 3, 4]);
        let c = run("ConcatV2", &[m.clone(), m.clone(), i32s(&[], &[1])]);
        assert_eq!((c.shape.clone(), c.to_ints()), (vec![2, 4], vec![1, 2, 1, 2, 3, 4, 3, 4]));
        assert_eq!(run("Range", &[i32s(&[], &[0]), i32s(&[], &[5]), i32s(&[], &[2])]).to_ints(), vec![0, 2, 4]);
        assert_eq!(run("Range", &[f32s(&[], &[1.0]), f32s(&[], &[2.0]), f32s(&[], &[0.5])]).to_floats(), vec![1.0, 1.5]);
    }

    #[test]
    fn broadcast_gradient_args_as_bcast() {
        assert_eq!(broadcast_gradient_args(&[2, 2], &[2, 2]), Some((vec![], vec![])));
        assert_eq!(broadcast_gradient_args(&[2, 3], &[3]), Some((vec![], vec![0])));
        assert_eq!(broadcast_gradient_args(&[1, 3], &[2, 1]), Some((vec![0], vec![1])));
        assert_eq!(broadcast_gradient_args(&[2], &[3]), None);
    }

    #[test]
    fn indexing_ops() {
        let m = i32s(&[2, 3], &[1, 2, 3, 4, 5, 6]);
        assert_eq!(run("Tile", &[i32s(&[2], &[1, 2]), i32s(&[1], &[2])]).to_ints(), vec![1, 2, 1, 2]);
        let s = run("Slice", &[m.clone(), i32s(&[2], &[0, 1]), i32s(&[2], &[-1, 2])]);
        assert_eq!((s.shape.clone(), s.to_ints()), (vec![2, 2], vec![2, 3, 5, 6]));
        let t = run("Transpose", &[m.clone(), i32s(&[2], &[1, 0])]);
        assert_eq!((t.shape.clone(), t.to_ints()), (vec![3, 2], vec![1, 4, 2, 5, 3, 6]));
        // Keras's Tensordot: dims of a shape gathered; columns [2, 0] of m, twice; out of range fails.
        let g = run("GatherV2", &[i32s(&[3], &[2, 128, 256]), i32s(&[2], &[0, 1]), i32s(&[], &[0])]);
        assert_eq!((g.shape.clone(), g.to_ints()), (vec![2], vec![2, 128]));
        let g = run("GatherV2", &[m.clone(), i32s(&[2, 2], &[2, 0, 2, 0]), i32s(&[], &[-1])]);
        assert_eq!((g.shape.clone(), g.to_ints()), (vec![2, 2, 2], vec![3, 1, 3, 1, 6, 4, 6, 4]));
        assert_eq!(run("Gather", &[m.clone(), i32s(&[1], &[1])]).to_ints(), vec![4, 5, 6]);
        assert!(evaluate("GatherV2", &|_| None, &[m.clone(), i32s(&[1], &[3]), i32s(&[], &[1])], &[]).is_none());
        let ss = run("StridedSlice", &[m.clone(), i32s(&[2], &[1, 0]), i32s(&[2], &[2, 3]), i32s(&[2], &[1, 2])]);
        assert_eq!((ss.shape.clone(), ss.to_ints()), (vec![1, 2], vec![4, 6]));
        let shrink = |n: &str| (n == "shrink_axis_mask").then_some(AttrVal::Int(1));
        let ss = evaluate("StridedSlice", &shrink, &[i32s(&[3], &[7, 8, 9]), i32s(&[1], &[-1]), i32s(&[1], &[0]), i32s(&[1], &[1])], &[])
            .unwrap()
            .remove(0);
        assert_eq!((ss.shape.clone(), ss.to_ints()), (vec![], vec![9]));
        let r = run("Sum", &[m.clone(), i32s(&[1], &[1])]);
        assert_eq!((r.shape.clone(), r.to_ints()), (vec![2], vec![6, 15]));
        let mm = run("MatMul", &[i32s(&[2, 2], &[1, 2, 3, 4]), i32s(&[2, 1], &[5, 6])]);
        assert_eq!((mm.shape.clone(), mm.to_ints()), (vec![2, 1], vec![17, 39]));
        let tb = |n: &str| (n == "transpose_b").then_some(AttrVal::Bool(true));
        let mm = evaluate("MatMul", &tb, &[i32s(&[1, 2], &[1, 2]), i32s(&[3, 2], &[1, 0, 0, 1, 1, 1])], &[]).unwrap().remove(0);
        assert_eq!(mm.to_ints(), vec![1, 2, 3]);
        let p = run("Pad", &[i32s(&[2], &[1, 2]), i32s(&[1, 2], &[1, 2])]);
        assert_eq!(p.to_ints(), vec![0, 1, 2, 0, 0]);
        let sel = run("SelectV2", &[Tensor::ints(DType::Bool, vec![2], vec![1, 0]), i32s(&[2], &[1, 2]), i32s(&[], &[0])]);
        assert_eq!(sel.to_ints(), vec![1, 0]);
    }
}
