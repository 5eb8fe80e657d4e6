//! The helper functions table expressions may call (`"{perm_from_data_format(data_format)}"`),
//! written in Rust, as ISLE's external constructors and PDLL's native calls. Each takes
//! [`Val`]s and reads the module; a helper that cannot compute its value (an input that is
//! not a constant, a shape that is not known) returns an error, and the rule does not apply
//! at that op. docs/mapping-tables.md lists them; [`HELPERS`] is the list.

use super::value::{builtin_tensor_text, dtype_spelling, tensor_info, Val};
use crate::dialect::tfg;
use crate::ir::{Module, ValueId};
use crate::passes::folding::tensor::{DType, Tensor};

pub type HelperFn = fn(&Module, &[Val]) -> Result<Val, String>;

pub struct Helper {
    pub name: &'static str,
    /// Fewest and most arguments.
    pub arity: (usize, usize),
    pub signature: &'static str,
    pub doc: &'static str,
    pub f: HelperFn,
}

pub fn find(name: &str) -> Option<&'static Helper> {
    HELPERS.iter().find(|h| h.name == name)
}

macro_rules! helper {
    ($name:literal, $lo:literal..$hi:literal, $sig:literal, $doc:literal, $f:expr) => {
        Helper { name: $name, arity: ($lo, $hi), signature: $sig, doc: $doc, f: $f }
    };
}

pub static HELPERS: &[Helper] = &[
    helper!("dtype", 1..1, "dtype(x)", "element type of value x (for a `type` attribute such as T)", |m, a| {
        let (_, elem) = info(m, &a[0])?;
        Ok(Val::Str(elem))
    }),
    helper!("type", 1..1, "type(x)", "the type of value x", |m, a| Ok(Val::Type(m.body.value_type(value(m, &a[0])?)))),
    helper!("tf_type", 1..1, "tf_type(x)", "x's tensor type as a builtin tensor (`!torch.vtensor<[2],f32>` → `tensor<2xf32>`)", |m, a| {
        let (shape, elem) = info(m, &a[0])?;
        Ok(Val::TypeText(builtin_tensor_text(&shape, &elem)))
    }),
    helper!("shape", 1..1, "shape(x)", "x's dimensions (-1 unknown); x must be ranked", |m, a| {
        let (shape, _) = info(m, &a[0])?;
        Ok(Val::List(shape.ok_or("unranked value")?.into_iter().map(Val::Int).collect()))
    }),
    helper!("rank", 1..1, "rank(x)", "x's rank; x must be ranked", |m, a| {
        let (shape, _) = info(m, &a[0])?;
        Ok(Val::Int(shape.ok_or("unranked value")?.len() as i64))
    }),
    helper!("reduced_type", 2..2, "reduced_type(x, axis)", "x's type with dimension `axis` (negative: from the end) made 1, as a keep_dims reduction gives", |m, a| {
        let (shape, elem) = info(m, &a[0])?;
        let axis = a[1].as_int(&m.ctx).ok_or("axis must be an integer")?;
        let shape = match shape {
            Some(mut s) => {
                let r = s.len() as i64;
                let i = if axis < 0 { axis + r } else { axis };
                if i < 0 || i >= r {
                    return Err(format!("axis {} out of range for rank {}", axis, r));
                }
                s[i as usize] = 1;
                Some(s)
            }
            None => None,
        };
        Ok(Val::TypeText(builtin_tensor_text(&shape, &elem)))
    }),
    helper!("with_elem", 2..2, "with_elem(x, dtype)", "x's tensor type with another element type (`with_elem(x, 'bool')` for a comparison's result)", |m, a| {
        let (shape, _) = info(m, &a[0])?;
        let elem = elem_of(m, &a[1])?;
        Ok(Val::TypeText(builtin_tensor_text(&shape, &elem)))
    }),
    helper!("scalar", 2..2, "scalar(v, x)", "a rank-0 `dense` constant v of x's element type (x a value or a dtype)", |m, a| {
        let v = a[0].as_float(&m.ctx).ok_or("scalar value must be a number")?;
        let elem = elem_of(m, &a[1])?;
        Ok(Val::AttrText(dense_scalar_text(v, &elem)))
    }),
    helper!("const_i32", 1..1, "const_i32(list)", "a `dense<[...]> : tensor<Nxi32>` (a scalar for an integer)", |m, a| Ok(Val::AttrText(int_dense(&m.ctx, &a[0], "i32")?))),
    helper!("const_i64", 1..1, "const_i64(list)", "a `dense<[...]> : tensor<Nxi64>` (a scalar for an integer)", |m, a| Ok(Val::AttrText(int_dense(&m.ctx, &a[0], "i64")?))),
    helper!("perm_from_data_format", 1..1, "perm_from_data_format(fmt)", "the permutation that takes a `fmt` tensor (NHWC, NCHW, NDHWC, ...) to channels-first", |m, a| {
        let f = a[0].as_str(&m.ctx).ok_or("data_format must be a string")?;
        Ok(Val::List(perm_to_channels_first(&f)?.into_iter().map(Val::Int).collect()))
    }),
    helper!("perm_to_data_format", 1..1, "perm_to_data_format(fmt)", "the inverse: channels-first back to `fmt`", |m, a| {
        let f = a[0].as_str(&m.ctx).ok_or("data_format must be a string")?;
        let p = perm_to_channels_first(&f)?;
        let mut inv = vec![0i64; p.len()];
        for (i, &x) in p.iter().enumerate() {
            inv[x as usize] = i as i64;
        }
        Ok(Val::List(inv.into_iter().map(Val::Int).collect()))
    }),
    helper!("swap_perm", 3..3, "swap_perm(x, d0, d1)", "the permutation of x's dimensions that swaps d0 and d1 (negative: from the end); x must be ranked", |m, a| {
        let (shape, _) = info(m, &a[0])?;
        let r = shape.ok_or("unranked value")?.len() as i64;
        let norm = |v: &Val| -> Result<usize, String> {
            let d = v.as_int(&m.ctx).ok_or("dimension must be an integer")?;
            let d = if d < 0 { d + r } else { d };
            if d < 0 || d >= r {
                return Err(format!("dimension out of range for rank {}", r));
            }
            Ok(d as usize)
        };
        let (d0, d1) = (norm(&a[1])?, norm(&a[2])?);
        let mut p: Vec<i64> = (0..r).collect();
        p.swap(d0, d1);
        Ok(Val::List(p.into_iter().map(Val::Int).collect()))
    }),
    helper!("is_last_dim", 2..2, "is_last_dim(x, d)", "true when d names x's last dimension (else the rule does not apply)", |m, a| {
        let (shape, _) = info(m, &a[0])?;
        let r = shape.ok_or("unranked value")?.len() as i64;
        let d = a[1].as_int(&m.ctx).ok_or("dimension must be an integer")?;
        if d == -1 || d == r - 1 { Ok(Val::Bool(true)) } else { Err("not the last dimension".into()) }
    }),
    helper!("not", 1..1, "not(b)", "boolean negation", |m, a| Ok(Val::Bool(!a[0].as_bool(&m.ctx).ok_or("not a boolean")?))),
    helper!("concat", 1..8, "concat(a, ...)", "the arguments as one string", |m, a| Ok(Val::Str(a.iter().map(|v| v.display(&m.ctx)).collect()))),
    helper!("float", 1..1, "float(a)", "a number from a number or an attribute", |m, a| Ok(Val::Float(a[0].as_float(&m.ctx).ok_or("not a number")?))),
    helper!("add", 2..2, "add(a, b)", "a + b (numbers)", |m, a| num2(m, a, |x, y| x + y)),
    helper!("sub", 2..2, "sub(a, b)", "a - b (numbers)", |m, a| num2(m, a, |x, y| x - y)),
    helper!("mul", 2..2, "mul(a, b)", "a * b (numbers)", |m, a| num2(m, a, |x, y| x * y)),
    helper!("div", 2..2, "div(a, b)", "a / b (numbers)", |m, a| num2(m, a, |x, y| x / y)),
    helper!("neg", 1..1, "neg(a)", "-a (a number)", |m, a| Ok(Val::Float(-a[0].as_float(&m.ctx).ok_or("not a number")?))),
    helper!("bn_scale", 3..4, "bn_scale(scale, variance, epsilon[, data_format])", "scale / sqrt(variance + epsilon) of constant inputs, as a constant of scale's type (batch-norm folding); shaped [C, 1, 1] for NCHW", |m, a| {
        let scale = const_of(m, &a[0])?;
        let var = const_of(m, &a[1])?;
        let eps = a[2].as_float(&m.ctx).ok_or("epsilon must be a number")?;
        let (s, v) = (scale.to_floats(), var.to_floats());
        if s.len() != v.len() {
            return Err("scale and variance differ in size".into());
        }
        let out: Vec<f64> = s.iter().zip(&v).map(|(s, v)| f32r(f32r(*s) / f32r((f32r(*v) + eps).sqrt()))).collect();
        Ok(Val::Tensor(Tensor::floats(scale.dtype, channel_shape(m, a.get(3), out.len())?, out)))
    }),
    helper!("bn_offset", 5..6, "bn_offset(scale, offset, mean, variance, epsilon[, data_format])", "offset - mean * scale / sqrt(variance + epsilon) of constant inputs (batch-norm folding); shaped [C, 1, 1] for NCHW", |m, a| {
        let scale = const_of(m, &a[0])?.to_floats();
        let offset = const_of(m, &a[1])?;
        let mean = const_of(m, &a[2])?.to_floats();
        let var = const_of(m, &a[3])?.to_floats();
        let eps = a[4].as_float(&m.ctx).ok_or("epsilon must be a number")?;
        let o = offset.to_floats();
        if [scale.len(), mean.len(), var.len()].iter().any(|&n| n != o.len()) {
            return Err("batch-norm parameters differ in size".into());
        }
        let out: Vec<f64> = (0..o.len())
            .map(|i| {
                let k = f32r(f32r(scale[i]) / f32r((f32r(var[i]) + eps).sqrt()));
                f32r(o[i] - f32r(mean[i] * k))
            })
            .collect();
        Ok(Val::Tensor(Tensor::floats(offset.dtype, channel_shape(m, a.get(5), out.len())?, out)))
    }),
    helper!("is_const", 1..1, "is_const(x)", "true when x is made by a Const node (else the rule does not apply)", |m, a| {
        const_of(m, &a[0]).map(|_| Val::Bool(true))
    }),
];

/// The shape of a per-channel constant: `[C]` (channels last), `[C, 1, 1]` for NCHW.
fn channel_shape(m: &Module, fmt: Option<&Val>, c: usize) -> Result<Vec<i64>, String> {
    match fmt.map(|f| f.as_str(&m.ctx).ok_or("data_format must be a string")).transpose()?.as_deref() {
        None | Some("NHWC") => Ok(vec![c as i64]),
        Some("NCHW") => Ok(vec![c as i64, 1, 1]),
        Some(other) => Err(format!("data format '{}' is not NHWC or NCHW", other)),
    }
}

/// Rounds to f32 as TensorFlow's float kernels compute (for float32 tensors).
fn f32r(x: f64) -> f64 {
    x as f32 as f64
}

fn value(m: &Module, v: &Val) -> Result<ValueId, String> {
    match v {
        Val::Value(v) => Ok(*v),
        Val::Op(op) => tfg::data_results(m, *op).first().copied().ok_or_else(|| "op has no results".to_string()),
        _ => Err(format!("expected a value, got {}", v.display(&m.ctx))),
    }
}

fn info(m: &Module, v: &Val) -> Result<(Option<Vec<i64>>, String), String> {
    let t = match v {
        Val::Type(t) => *t,
        _ => m.body.value_type(value(m, v)?),
    };
    tensor_info(&m.ctx, t).ok_or_else(|| "not a tensor type".to_string())
}

/// The element spelling of a value or a dtype.
fn elem_of(m: &Module, v: &Val) -> Result<String, String> {
    match v {
        Val::Str(s) => dtype_spelling(s).ok_or_else(|| format!("'{}' is not a dtype", s)),
        Val::Attr(_) => match m.ctx.attr_data(m.ctx.resolved_attr(match v {
            Val::Attr(a) => *a,
            _ => unreachable!(),
        })) {
            crate::ir::AttrData::Type(t) => crate::namespace::types::elem_spelling(&m.ctx, *t).ok_or_else(|| "not an element type".to_string()),
            _ => Err("not a dtype attribute".into()),
        },
        _ => Ok(super::value::plain_elem(&info(m, v)?.1).to_string()),
    }
}

fn dense_scalar_text(v: f64, elem: &str) -> String {
    let lit = if elem.starts_with('f') || elem.starts_with("bf") {
        let s = format!("{:?}", v);
        if s.contains('e') && !s.contains('.') { s.replacen('e', ".0e", 1) } else { s }
    } else if elem == "i1" {
        (v != 0.0).to_string()
    } else {
        (v as i64).to_string()
    };
    format!("dense<{}> : tensor<{}>", lit, elem)
}

fn int_dense(ctx: &crate::ir::Context, v: &Val, elem: &str) -> Result<String, String> {
    if let Some(i) = v.as_int(ctx) {
        return Ok(format!("dense<{}> : tensor<{}>", i, elem));
    }
    let items = v.as_ints(ctx).ok_or("expected a list of integers")?;
    let body = items.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(", ");
    Ok(format!("dense<[{}]> : tensor<{}x{}>", body, items.len(), elem))
}

fn perm_to_channels_first(f: &str) -> Result<Vec<i64>, String> {
    let n = f.len() as i64;
    match f.find('C') {
        Some(c) if f.starts_with('N') && f.len() >= 3 => {
            let c = c as i64;
            let spatial: Vec<i64> = (1..n).filter(|&i| i != c).collect();
            Ok([0, c].into_iter().chain(spatial).collect())
        }
        _ => Err(format!("'{}' is not a data format", f)),
    }
}

fn num2(m: &Module, a: &[Val], f: fn(f64, f64) -> f64) -> Result<Val, String> {
    let x = a[0].as_float(&m.ctx).ok_or("not a number")?;
    let y = a[1].as_float(&m.ctx).ok_or("not a number")?;
    Ok(Val::Float(f(x, y)))
}

/// The tensor held by the `Const` node making `v`.
fn const_of(m: &Module, v: &Val) -> Result<Tensor, String> {
    let v = value(m, v)?;
    let op = m.body.defining_op(v).ok_or("not made by a Const")?;
    if tfg::op_type(m, op) != "Const" {
        return Err("not made by a Const".into());
    }
    let attr = m.op_attr(op, "value").ok_or("Const without value")?;
    let t = Tensor::from_attr(&m.ctx, attr).ok_or("Const value is not a dense tensor")?;
    if !matches!(t.dtype, DType::Float(_)) {
        return Err("not a float constant".into());
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations() {
        assert_eq!(perm_to_channels_first("NHWC").unwrap(), vec![0, 3, 1, 2]);
        assert_eq!(perm_to_channels_first("NCHW").unwrap(), vec![0, 1, 2, 3]);
        assert_eq!(perm_to_channels_first("NDHWC").unwrap(), vec![0, 4, 1, 2, 3]);
        assert!(perm_to_channels_first("XY").is_err());
    }

    #[test]
    fn scalars() {
        assert_eq!(dense_scalar_text(1.0, "f32"), "dense<1.0> : tensor<f32>");
        assert_eq!(dense_scalar_text(1e-10, "f32"), "dense<1.0e-10> : tensor<f32>");
        assert_eq!(dense_scalar_text(6.0, "i32"), "dense<6> : tensor<i32>");
    }
}
