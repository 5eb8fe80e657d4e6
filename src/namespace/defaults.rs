//! Default attributes: `materialize-default-attrs` adds every attribute the schema gives a
//! default that an op leaves out; `strip-default-attrs` removes attributes equal to their
//! default (what TensorFlow's graph compactor does before writing a GraphDef). TensorFlow
//! and ONNX ops; attribute kinds amanda-opt cannot spell from a schema default (tensors,
//! funcs) are left alone.

use serde_json::Value;

use super::registry::Registry;
use super::schema::Framework;
use super::types::tf_dtype_to_mlir;
use super::verify::{resolve_ops, Mode};
use crate::ir::types::{Signedness, FLOAT_TYPE_NAMES, TF_SIMPLE_TYPE_NAMES};
use crate::ir::{AttrData, AttrId, Context, Module, NamedAttr, TypeData, TypeId};

/// The IR type for an MLIR element type spelling (`f32`, `ui8`, `complex<f64>`,
/// `!tf_type.qint8`).
pub(crate) fn type_from_spelling(ctx: &mut Context, s: &str) -> Option<TypeId> {
    if FLOAT_TYPE_NAMES.contains(&s) {
        let sym = ctx.sym(s);
        return Some(ctx.ty(TypeData::Float(sym)));
    }
    if let Some(inner) = s.strip_prefix("complex<").and_then(|r| r.strip_suffix('>')) {
        let e = type_from_spelling(ctx, inner)?;
        return Some(ctx.ty(TypeData::Complex(e)));
    }
    if let Some(name) = s.strip_prefix("!tf_type.") {
        if TF_SIMPLE_TYPE_NAMES.contains(&name) {
            let sym = ctx.sym(name);
            return Some(ctx.ty(TypeData::TfSimple(sym)));
        }
        return None;
    }
    let (signedness, digits) = if let Some(d) = s.strip_prefix("ui") {
        (Signedness::Unsigned, d)
    } else if let Some(d) = s.strip_prefix("si") {
        (Signedness::Signed, d)
    } else {
        (Signedness::Signless, s.strip_prefix('i')?)
    };
    let width = digits.parse().ok()?;
    Some(ctx.ty(TypeData::Integer { width, signedness }))
}

fn int_attr(ctx: &mut Context, v: i64, ty: &str) -> Option<AttrId> {
    let t = type_from_spelling(ctx, ty)?;
    let spelling = ctx.sym(&v.to_string());
    Some(ctx.attr(AttrData::Int { spelling, ty: Some(t) }))
}

fn float_attr(ctx: &mut Context, v: &Value) -> Option<AttrId> {
    let text = match v {
        Value::Number(n) => n.to_string(),
        _ => return None,
    };
    let spelling = crate::printer::float::format_float_canonical(&text, "f32");
    let t = type_from_spelling(ctx, "f32")?;
    let spelling = ctx.sym(&spelling);
    Some(ctx.attr(AttrData::Float { spelling, ty: Some(t) }))
}

/// The attribute for schema value `v` of kind `kind`, as tfg / onnx-mlir write it.
pub(crate) fn attr_from_value(ctx: &mut Context, fw: Framework, kind: &str, v: &Value) -> Option<AttrId> {
    if fw == Framework::Onnx {
        return onnx_attr_from_value(ctx, kind, v);
    }
    if let Some(inner) = kind.strip_prefix("list(").and_then(|k| k.strip_suffix(')')) {
        let items = v.as_array()?.iter().map(|i| attr_from_value(ctx, fw, inner, i)).collect::<Option<Vec<_>>>()?;
        return Some(ctx.attr(AttrData::Array(items)));
    }
    match (kind, v) {
        ("bool", Value::Bool(b)) => Some(ctx.attr(AttrData::Bool(*b))),
        ("int", Value::Number(n)) => int_attr(ctx, n.as_i64()?, "i64"),
        ("float", _) => float_attr(ctx, v),
        ("string", Value::String(s)) => Some(ctx.string_attr(s)),
        ("type", Value::String(d)) => {
            let t = type_from_spelling(ctx, tf_dtype_to_mlir(d)?)?;
            Some(ctx.attr(AttrData::Type(t)))
        }
        ("shape", Value::String(s)) if s == "*" => Some(ctx.attr(AttrData::TfShape(None))),
        ("shape", Value::Array(dims)) => {
            let dims = dims.iter().map(Value::as_i64).collect::<Option<Vec<_>>>()?;
            Some(ctx.attr(AttrData::TfShape(Some(dims))))
        }
        _ => None,
    }
}

fn onnx_attr_from_value(ctx: &mut Context, kind: &str, v: &Value) -> Option<AttrId> {
    match (kind, v) {
        ("int", Value::Number(n)) => int_attr(ctx, n.as_i64()?, "si64"),
        ("float", _) => float_attr(ctx, v),
        ("string", Value::String(s)) => Some(ctx.string_attr(s)),
        ("ints" | "floats" | "strings", Value::Array(items)) => {
            let inner = &kind[..kind.len() - 1];
            let items = items.iter().map(|i| onnx_attr_from_value(ctx, inner, i)).collect::<Option<Vec<_>>>()?;
            Some(ctx.attr(AttrData::Array(items)))
        }
        _ => None,
    }
}

/// Whether attribute `a` equals schema value `v` (numbers by value, dtypes by name).
fn equals_value(m: &Module, kind: &str, a: AttrId, v: &Value) -> bool {
    let ctx = &m.ctx;
    let a = ctx.resolved_attr(a);
    let inner = kind.strip_prefix("list(").and_then(|k| k.strip_suffix(')')).or(match kind {
        "ints" => Some("int"),
        "floats" => Some("float"),
        "strings" => Some("string"),
        _ => None,
    });
    if let Some(inner) = inner {
        return match (ctx.attr_data(a), v) {
            (AttrData::Array(items), Value::Array(vs)) => items.len() == vs.len() && items.iter().zip(vs).all(|(&i, v)| equals_value(m, inner, i, v)),
            _ => false,
        };
    }
    match (ctx.attr_data(a), v) {
        (AttrData::Bool(b), Value::Bool(w)) => b == w,
        (AttrData::Int { .. }, Value::Number(n)) => ctx.int_value(a).zip(n.as_i64()).is_some_and(|(x, y)| x == y as i128),
        (AttrData::Float { spelling, .. }, Value::Number(n)) => {
            let x = ctx.str(*spelling).parse::<f64>().ok();
            // Schema floats are f32 values printed by Python: compare at f32 precision.
            x.zip(n.as_f64()).is_some_and(|(x, y)| x as f32 == y as f32)
        }
        (AttrData::String { .. }, Value::String(s)) => ctx.string_value(a).is_some_and(|b| b == s.as_bytes()),
        (AttrData::Type(t), Value::String(d)) => super::types::tf_dtype(ctx, *t).is_some_and(|(x, r)| !r && x == d),
        (AttrData::TfShape(None), Value::String(s)) => s == "*",
        (AttrData::TfShape(Some(dims)), Value::Array(vs)) => dims.len() == vs.len() && dims.iter().zip(vs).all(|(d, v)| v.as_i64() == Some(*d)),
        _ => false,
    }
}

fn frameworks_ok(fw: Framework) -> bool {
    matches!(fw, Framework::TensorFlow | Framework::Onnx)
}

/// Adds the defaults an op leaves out (after its written attributes, in schema order).
pub fn materialize(m: &mut Module, reg: &Registry) {
    for (op, ver, schema) in resolve_ops(m, reg, Mode::All) {
        let fw = reg.version(ver).framework;
        if !frameworks_ok(fw) {
            continue;
        }
        for a in &schema.attrs {
            let Some(default) = &a.default else { continue };
            if m.op_attr(op, &a.name).is_some() {
                continue;
            }
            let Some(value) = attr_from_value(&mut m.ctx, fw, &a.kind, default) else { continue };
            let name = m.ctx.sym(&a.name);
            m.body.op_mut(op).attrs.push(NamedAttr::new(name, value));
        }
    }
}

/// Removes attributes equal to their schema default.
pub fn strip(m: &mut Module, reg: &Registry) {
    for (op, ver, schema) in resolve_ops(m, reg, Mode::All) {
        if !frameworks_ok(reg.version(ver).framework) {
            continue;
        }
        let drop: Vec<usize> = m
            .body
            .op(op)
            .attrs
            .iter()
            .enumerate()
            .filter(|(_, na)| {
                let key = m.ctx.str(na.name);
                schema.attr(key).and_then(|s| s.default.as_ref().map(|d| (s, d))).is_some_and(|(s, d)| equals_value(m, &s.kind, na.value, d))
            })
            .map(|(i, _)| i)
            .collect();
        let attrs = &mut m.body.op_mut(op).attrs;
        for i in drop.into_iter().rev() {
            attrs.remove(i);
        }
    }
}

// ---------------------------------------------------------------- for tfg's default-attribute passes
// (passes::structural: `tfg-add-default-attrs`, `tfg-strip-default-attrs`, which walk the ops
// themselves and look schemas up in TensorFlow's vocabulary only).

/// The attribute a TensorFlow schema default `v` of kind `kind` is, as tfg writes it; `None`
/// for a kind amanda-opt cannot spell from a schema (tensors, funcs).
pub fn tf_default_attr(ctx: &mut Context, kind: &str, v: &Value) -> Option<AttrId> {
    attr_from_value(ctx, Framework::TensorFlow, kind, v)
}

/// Whether attribute `a` equals the TensorFlow schema default `v` of kind `kind`.
pub fn tf_is_default(m: &Module, kind: &str, a: AttrId, v: &Value) -> bool {
    equals_value(m, kind, a, v)
}
