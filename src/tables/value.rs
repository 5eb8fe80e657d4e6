//! Values that table expressions compute with ([`Val`]), and how they meet the IR: YAML
//! literals and schema defaults become `Val`s, a `Val` becomes an attribute of a given
//! attribute kind (TensorFlow's `type`, `bool`, `int`, `float`, `string`, `shape`,
//! `list(...)`, or anything for other kinds), and IR attributes are compared with `Val`s.

use serde_json::Value as Json;

use super::yaml::{Kind, Node};
use crate::ir::types::DYNAMIC;
use crate::ir::{AttrData, AttrId, Context, OpId, TypeData, TypeId, ValueId};
use crate::namespace::types::{elem_spelling, tf_dtype_to_mlir, TF_DTYPES};
use crate::passes::folding::tensor::Tensor;

#[derive(Clone, Debug)]
pub enum Val {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    List(Vec<Val>),
    /// An SSA value of the graph.
    Value(ValueId),
    /// An op (a captured or built op: `{x}` is its first data result).
    Op(OpId),
    /// An attribute already in the module.
    Attr(AttrId),
    Type(TypeId),
    /// An attribute or type given as MLIR text, interned when used.
    AttrText(String),
    TypeText(String),
    /// A host tensor, written as a `dense<...>` attribute when used.
    Tensor(Tensor),
}

impl Val {
    pub fn from_node(n: &Node) -> Val {
        match &n.kind {
            Kind::Null => Val::Null,
            Kind::Bool(b) => Val::Bool(*b),
            Kind::Int(i) => Val::Int(*i),
            Kind::Float(f) => Val::Float(*f),
            Kind::Str(s) => Val::Str(s.clone()),
            Kind::Seq(items) => Val::List(items.iter().map(Val::from_node).collect()),
            Kind::Map(_) => Val::Null,
        }
    }

    pub fn from_json(v: &Json) -> Val {
        match v {
            Json::Null => Val::Null,
            Json::Bool(b) => Val::Bool(*b),
            Json::Number(n) => n.as_i64().map(Val::Int).unwrap_or_else(|| Val::Float(n.as_f64().unwrap_or(0.0))),
            Json::String(s) => Val::Str(s.clone()),
            Json::Array(a) => Val::List(a.iter().map(Val::from_json).collect()),
            Json::Object(_) => Val::Null,
        }
    }

    /// The value as text (for names built from pieces).
    pub fn display(&self, ctx: &Context) -> String {
        match self {
            Val::Null => String::new(),
            Val::Bool(b) => b.to_string(),
            Val::Int(i) => i.to_string(),
            Val::Float(f) => format!("{:?}", f),
            Val::Str(s) | Val::AttrText(s) | Val::TypeText(s) => s.clone(),
            Val::List(items) => items.iter().map(|v| v.display(ctx)).collect::<Vec<_>>().join(","),
            Val::Attr(a) => match ctx.string_value(*a) {
                Some(b) if matches!(ctx.attr_data(ctx.resolved_attr(*a)), AttrData::String { .. }) => String::from_utf8_lossy(&b).into_owned(),
                _ => {
                    let mut s = String::new();
                    crate::printer::attrs::write_attr(ctx, *a, crate::printer::attrs::Style::new(false), &mut s);
                    s
                }
            },
            Val::Type(t) => elem_spelling(ctx, *t).unwrap_or_default(),
            Val::Value(v) => format!("{:?}", v),
            Val::Op(o) => format!("{:?}", o),
            Val::Tensor(_) => "tensor".to_string(),
        }
    }

    /// An integer, from an integer value or attribute.
    pub fn as_int(&self, ctx: &Context) -> Option<i64> {
        match self {
            Val::Int(i) => Some(*i),
            Val::Bool(b) => Some(*b as i64),
            Val::Attr(a) => ctx.int_value(*a).and_then(|i| i64::try_from(i).ok()),
            _ => None,
        }
    }

    pub fn as_float(&self, ctx: &Context) -> Option<f64> {
        match self {
            Val::Float(f) => Some(*f),
            Val::Int(i) => Some(*i as f64),
            Val::Attr(a) => match ctx.attr_data(ctx.resolved_attr(*a)) {
                AttrData::Float { spelling, .. } => ctx.str(*spelling).parse().ok(),
                AttrData::Int { .. } => ctx.int_value(*a).map(|i| i as f64),
                _ => None,
            },
            _ => None,
        }
    }

    /// A string, from a string value or string attribute.
    pub fn as_str(&self, ctx: &Context) -> Option<String> {
        match self {
            Val::Str(s) => Some(s.clone()),
            Val::Attr(a) => match ctx.attr_data(ctx.resolved_attr(*a)) {
                AttrData::String { .. } => ctx.string_value(*a).map(|b| String::from_utf8_lossy(&b).into_owned()),
                _ => None,
            },
            _ => None,
        }
    }

    pub fn as_bool(&self, ctx: &Context) -> Option<bool> {
        match self {
            Val::Bool(b) => Some(*b),
            Val::Attr(a) => match ctx.attr_data(ctx.resolved_attr(*a)) {
                AttrData::Bool(b) => Some(*b),
                _ => None,
            },
            _ => None,
        }
    }

    /// A list of integers, from a list value or an array attribute.
    pub fn as_ints(&self, ctx: &Context) -> Option<Vec<i64>> {
        match self {
            Val::List(items) => items.iter().map(|v| v.as_int(ctx)).collect(),
            Val::Attr(a) => match ctx.attr_data(ctx.resolved_attr(*a)) {
                AttrData::Array(items) => items.iter().map(|&i| ctx.int_value(i).and_then(|x| i64::try_from(x).ok())).collect(),
                _ => None,
            },
            _ => None,
        }
    }
}

/// The MLIR element spelling of a dtype as tables write it: TensorFlow's names (`float`),
/// Python's (`float32`, `tf.float32`, `torch.float32`), TorchScript's scalar types (`Float`,
/// `Long`), or MLIR's (`f32`).
pub fn dtype_spelling(name: &str) -> Option<String> {
    let n = name.trim_start_matches("tf.").trim_start_matches("torch.").trim_start_matches("tensorflow.");
    let tf = match n {
        "float32" | "Float" => "float",
        "float64" | "Double" => "double",
        "float16" | "Half" => "half",
        "BFloat16" => "bfloat16",
        "Bool" => "bool",
        "Int" => "int32",
        "Long" => "int64",
        "Short" => "int16",
        "Char" => "int8",
        "Byte" => "uint8",
        other => other,
    };
    if let Some(m) = tf_dtype_to_mlir(tf) {
        return Some(m.to_string());
    }
    if TF_DTYPES.iter().any(|(_, m)| *m == n) || matches!(n, "si8" | "si16" | "si32" | "si64") {
        return Some(n.to_string());
    }
    None
}

/// An element spelling without signedness (`si64` and `i64` are the same dtype to tables).
pub fn plain_elem(s: &str) -> &str {
    s.strip_prefix('s').filter(|r| r.starts_with('i')).unwrap_or(s)
}

fn float_text(f: f64) -> String {
    let s = format!("{:?}", f);
    if s.contains('e') && !s.contains('.') {
        s.replacen('e', ".0e", 1)
    } else if s.contains("inf") || s.contains("NaN") {
        // Hex bit patterns are MLIR's spelling of non-finite floats.
        format!("0x{:08X}", (f as f32).to_bits())
    } else {
        s
    }
}

fn quote(s: &str) -> String {
    format!("\"{}\"", crate::ir::context::escape_string(s))
}

/// The MLIR text of `v` as an attribute of kind `kind` (a TensorFlow attribute kind, or
/// another type system's name: then the value's own form decides).
pub fn attr_text(ctx: &Context, kind: &str, v: &Val) -> Result<String, String> {
    let bad = || format!("cannot make a '{}' attribute of {}", kind, v.display(ctx));
    Ok(match (kind, v) {
        (_, Val::AttrText(t)) => t.clone(),
        ("type", Val::Str(s)) => dtype_spelling(s).ok_or_else(|| format!("'{}' is not a dtype", s))?,
        ("type", Val::Type(t)) => elem_spelling(ctx, *t).ok_or_else(bad)?,
        ("bool", Val::Bool(b)) => b.to_string(),
        ("int", Val::Int(i)) => format!("{} : i64", i),
        ("float", Val::Float(_) | Val::Int(_)) => format!("{} : f32", float_text(v.as_float(ctx).unwrap_or(0.0))),
        ("string", _) => quote(&v.as_str(ctx).ok_or_else(bad)?),
        ("shape", Val::List(items)) => {
            let dims: Result<Vec<String>, String> = items
                .iter()
                .map(|d| d.as_int(ctx).map(|i| if i < 0 { "?".to_string() } else { i.to_string() }).ok_or_else(bad))
                .collect();
            format!("#tf_type.shape<{}>", dims?.join("x"))
        }
        (k, Val::List(items)) if k.starts_with("list(") => {
            let inner = &k[5..k.len() - 1];
            let parts: Result<Vec<String>, String> = items.iter().map(|i| attr_text(ctx, inner, i)).collect();
            format!("[{}]", parts?.join(", "))
        }
        // Plain forms for kinds amanda-opt does not model.
        (_, Val::Bool(b)) => b.to_string(),
        (_, Val::Int(i)) => format!("{} : i64", i),
        (_, Val::Float(f)) => format!("{} : f32", float_text(*f)),
        (_, Val::Str(s)) => quote(s),
        (_, Val::List(items)) => {
            let parts: Result<Vec<String>, String> = items.iter().map(|i| attr_text(ctx, "", i)).collect();
            format!("[{}]", parts?.join(", "))
        }
        _ => return Err(bad()),
    })
}

/// Whether IR attribute `a` equals `v` (numbers by value, dtypes by dtype whatever their
/// spelling, strings by their bytes).
pub fn attr_equals(ctx: &Context, a: AttrId, v: &Val) -> bool {
    let a = ctx.resolved_attr(a);
    match (ctx.attr_data(a), v) {
        (_, Val::Attr(b)) => ctx.resolved_attr(*b) == a,
        (AttrData::Bool(x), Val::Bool(y)) => x == y,
        (AttrData::Int { .. }, Val::Int(_) | Val::Float(_) | Val::Bool(_)) => {
            ctx.int_value(a).map(|i| i as f64) == Val::Float(v.as_float(ctx).unwrap_or(f64::NAN)).as_float(ctx)
                || (matches!(v, Val::Bool(_)) && ctx.int_value(a) == v.as_int(ctx).map(i128::from))
        }
        (AttrData::Float { spelling, .. }, _) => ctx.str(*spelling).parse::<f64>().ok() == v.as_float(ctx),
        (AttrData::String { .. }, _) => Val::Attr(a).as_str(ctx) == v.as_str(ctx),
        (AttrData::Type(t), Val::Str(s)) => match (elem_spelling(ctx, *t), dtype_spelling(s)) {
            (Some(x), Some(y)) => plain_elem(&x) == plain_elem(&y),
            _ => false,
        },
        (AttrData::Type(t), Val::Type(u)) => ctx.resolved_type(*t) == ctx.resolved_type(*u),
        (AttrData::Array(items), Val::List(vs)) => items.len() == vs.len() && items.iter().zip(vs).all(|(&i, v)| attr_equals(ctx, i, v)),
        (AttrData::TfShape(Some(dims)), Val::List(vs)) => {
            dims.len() == vs.len() && dims.iter().zip(vs).all(|(&d, v)| v.as_int(ctx) == Some(if d == DYNAMIC { -1 } else { d }))
        }
        _ => false,
    }
}

/// Shape (`None`: unranked) and element spelling of a tensor type: builtin `tensor<...>` or
/// torch-mlir's `!torch.vtensor<[...],dtype>` / `!torch.tensor<...>`.
pub fn tensor_info(ctx: &Context, t: TypeId) -> Option<(Option<Vec<i64>>, String)> {
    match ctx.type_data(ctx.resolved_type(t)) {
        TypeData::RankedTensor { shape, elem, .. } => Some((Some(shape.iter().map(|&d| if d == DYNAMIC { -1 } else { d }).collect()), elem_spelling(ctx, *elem)?)),
        TypeData::UnrankedTensor { elem } => Some((None, elem_spelling(ctx, *elem)?)),
        TypeData::Opaque(s) => {
            let text = ctx.str(*s);
            let inner = text.strip_prefix("!torch.vtensor<").or_else(|| text.strip_prefix("!torch.tensor<"))?.strip_suffix('>')?;
            let (dims, elem) = inner.rsplit_once(',')?;
            let shape = if dims.trim() == "*" {
                None
            } else {
                let d = dims.trim().strip_prefix('[')?.strip_suffix(']')?;
                let parsed: Option<Vec<i64>> = if d.trim().is_empty() { Some(vec![]) } else { d.split(',').map(|x| x.trim().parse().ok()).collect() };
                Some(parsed?)
            };
            Some((shape, elem.trim().to_string()))
        }
        _ => None,
    }
}

/// A tensor type as builtin text: `tensor<1x784xf32>` (`?` for unknown dims).
pub fn builtin_tensor_text(shape: &Option<Vec<i64>>, elem: &str) -> String {
    let elem = plain_elem(elem);
    match shape {
        None => format!("tensor<*x{}>", elem),
        Some(dims) => {
            let mut s = String::from("tensor<");
            for d in dims {
                if *d < 0 {
                    s.push('?');
                } else {
                    s.push_str(&d.to_string());
                }
                s.push('x');
            }
            s.push_str(elem);
            s.push('>');
            s
        }
    }
}

/// A tensor type as torch-mlir's value tensor: `!torch.vtensor<[1,784],f32>` (integers
/// signed: `si64`).
pub fn torch_tensor_text(shape: &Option<Vec<i64>>, elem: &str) -> String {
    let elem = match elem {
        "i8" | "i16" | "i32" | "i64" => format!("s{}", elem),
        e => e.to_string(),
    };
    match shape {
        None => format!("!torch.vtensor<*,{}>", elem),
        Some(dims) => format!("!torch.vtensor<[{}],{}>", dims.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(","), elem),
    }
}

/// Whether a tensor type matches a port's `type` as tables write it: TorchScript's
/// `Float` / `Float(1, 784)`, a dtype name, or MLIR type text.
pub fn type_matches(ctx: &Context, t: TypeId, want: &str) -> bool {
    let Some((shape, elem)) = tensor_info(ctx, t) else {
        return crate::printer::attrs::type_to_string(ctx, t) == want;
    };
    let (dt, dims) = match want.split_once('(') {
        Some((d, rest)) => {
            let Some(inner) = rest.trim().strip_suffix(')') else { return false };
            let dims: Option<Vec<i64>> = if inner.trim().is_empty() { Some(vec![]) } else { inner.split(',').map(|x| x.trim().parse().ok()).collect() };
            (d.trim(), Some(dims))
        }
        None => (want.trim(), None),
    };
    if let Some(ds) = dtype_spelling(dt) {
        if plain_elem(&ds) != plain_elem(&elem) {
            return false;
        }
        return match dims {
            None => true,
            Some(None) => false,
            Some(Some(d)) => shape.as_ref() == Some(&d),
        };
    }
    crate::printer::attrs::type_to_string(ctx, t) == want
}
