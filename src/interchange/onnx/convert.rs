//! ONNX values ↔ IR types and attributes, both ways: `TypeProto` ↔ onnx-mlir's types
//! (`tensor<2x?xf32>`, `!onnx.Seq<...>`, `!onnx.Opt<...>`, `!onnx.Map<i64, ...>`,
//! `!onnx.String` elements), `TensorProto` ↔ `dense<...>` (raw data as MLIR's hex form, the typed
//! fields as element lists), `AttributeProto` ↔ the attribute of its kind. Every conversion is
//! checked to give back the exact message (proto2 field presence included); what the IR form
//! cannot hold exactly is kept as the message's bytes in an `#onnx.*_proto<"0x...">` attribute
//! (or `!onnx.TypeProto<"0x...">` type), so nothing is lost.

use prost::Message;

use super::proto::*;
use crate::ir::types::{Signedness, DYNAMIC};
use crate::ir::{AttrData, AttrId, Context, TypeData, TypeId};

pub type Res<T> = Result<T, String>;

// MLIR's hex form of dense data (shared with the GraphDef interchange).
pub use crate::ir::hex::{hex, unhex};

/// `#onnx.<kind><"0x...">`: a message kept as its bytes.
pub fn bytes_attr<M: Message>(ctx: &mut Context, kind: &str, m: &M) -> AttrId {
    let s = ctx.sym(&format!("#onnx.{}<\"{}\">", kind, hex(&m.encode_to_vec())));
    ctx.attr(AttrData::Opaque(s))
}

/// The message of an `#onnx.<kind><"0x...">` attribute.
pub fn from_bytes_attr<M: Message + Default>(ctx: &Context, kind: &str, a: AttrId) -> Option<M> {
    let AttrData::Opaque(s) = ctx.attr_data(ctx.resolved_attr(a)) else { return None };
    from_bytes_text(ctx.str(*s), &format!("#onnx.{}<\"", kind))
}

fn from_bytes_text<M: Message + Default>(text: &str, prefix: &str) -> Option<M> {
    let h = text.strip_prefix(prefix)?.strip_suffix("\">")?;
    M::decode(unhex(h)?.as_slice()).ok()
}

// ------------------------------------------------------------------------------- scalars

pub fn str_attr(ctx: &mut Context, s: &[u8]) -> AttrId {
    let sp = ctx.sym(&crate::ir::context::escape_bytes(s));
    ctx.attr(AttrData::String { spelling: sp, ty: None })
}

pub fn int_attr(ctx: &mut Context, v: i64, ty: Option<TypeId>) -> AttrId {
    let sp = ctx.sym(&v.to_string());
    ctx.attr(AttrData::Int { spelling: sp, ty })
}

pub fn i64_type(ctx: &mut Context) -> TypeId {
    ctx.ty(TypeData::Integer { width: 64, signedness: Signedness::Signless })
}

pub fn si64_type(ctx: &mut Context) -> TypeId {
    ctx.ty(TypeData::Integer { width: 64, signedness: Signedness::Signed })
}

pub fn f32_type(ctx: &mut Context) -> TypeId {
    let s = ctx.sym("f32");
    ctx.ty(TypeData::Float(s))
}

/// An f32 as an MLIR float literal that reads back to the same bits (hex for NaN/inf).
pub fn f32_spelling(x: f32) -> String {
    if !x.is_finite() {
        return format!("0x{:08X}", x.to_bits());
    }
    with_point(format!("{:e}", x))
}

pub fn f64_spelling(x: f64) -> String {
    if !x.is_finite() {
        return format!("0x{:016X}", x.to_bits());
    }
    with_point(format!("{:e}", x))
}

fn with_point(s: String) -> String {
    match s.find('e') {
        Some(i) if !s[..i].contains('.') => format!("{}.0{}", &s[..i], &s[i..]),
        _ => s,
    }
}

fn parse_hex_bits(s: &str) -> Option<u64> {
    let h = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X"))?;
    u64::from_str_radix(h, 16).ok()
}

pub fn parse_f32(s: &str) -> Option<f32> {
    match parse_hex_bits(s) {
        Some(b) => Some(f32::from_bits(u32::try_from(b).ok()?)),
        None => s.parse::<f32>().ok(),
    }
}

pub fn parse_f64(s: &str) -> Option<f64> {
    match parse_hex_bits(s) {
        Some(b) => Some(f64::from_bits(b)),
        None => s.parse::<f64>().ok(),
    }
}

pub fn f32_attr(ctx: &mut Context, x: f32) -> AttrId {
    let sp = ctx.sym(&f32_spelling(x));
    let ty = f32_type(ctx);
    ctx.attr(AttrData::Float { spelling: sp, ty: Some(ty) })
}

/// The i64 of an integer attribute.
pub fn attr_i64(ctx: &Context, a: AttrId) -> Option<i64> {
    ctx.int_value(a).and_then(|v| i64::try_from(v).ok())
}

/// The f32 of a float (or integer) attribute.
pub fn attr_f32(ctx: &Context, a: AttrId) -> Option<f32> {
    match ctx.attr_data(ctx.resolved_attr(a)) {
        AttrData::Float { spelling, .. } | AttrData::Int { spelling, .. } => parse_f32(ctx.str(*spelling)),
        _ => None,
    }
}

pub fn attr_string(ctx: &Context, a: AttrId) -> Option<String> {
    ctx.string_value(a).map(|b| String::from_utf8_lossy(&b).into_owned())
}

// ------------------------------------------------------------------------------- element types

/// ONNX data type number → MLIR element type spelling (onnx-mlir's).
pub const ELEMS: &[(i32, &str)] = &[
    (1, "f32"),
    (2, "ui8"),
    (3, "i8"),
    (4, "ui16"),
    (5, "i16"),
    (6, "i32"),
    (7, "i64"),
    (8, "!onnx.String"),
    (9, "i1"),
    (10, "f16"),
    (11, "f64"),
    (12, "ui32"),
    (13, "ui64"),
    (14, "complex<f32>"),
    (15, "complex<f64>"),
    (16, "bf16"),
    (17, "f8E4M3FN"),
    (18, "f8E4M3FNUZ"),
    (19, "f8E5M2"),
    (20, "f8E5M2FNUZ"),
    (21, "ui4"),
    (22, "i4"),
    (23, "f4E2M1FN"),
    (24, "f8E8M0FNU"),
    (25, "ui2"),
    (26, "i2"),
];

pub fn elem_spelling(dt: i32) -> Option<&'static str> {
    ELEMS.iter().find(|(d, _)| *d == dt).map(|(_, s)| *s)
}

pub fn dtype_of_spelling(s: &str) -> Option<i32> {
    ELEMS.iter().find(|(_, e)| *e == s).map(|(d, _)| *d)
}

/// The IR element type of an ONNX data type.
pub fn elem_type(ctx: &mut Context, dt: i32) -> Option<TypeId> {
    let s = elem_spelling(dt)?;
    Some(elem_from_spelling(ctx, s))
}

fn elem_from_spelling(ctx: &mut Context, s: &str) -> TypeId {
    if let Some(inner) = s.strip_prefix("complex<").and_then(|x| x.strip_suffix('>')) {
        let e = elem_from_spelling(ctx, inner);
        return ctx.ty(TypeData::Complex(e));
    }
    if s.starts_with('!') {
        let sym = ctx.sym(s);
        return ctx.ty(TypeData::Opaque(sym));
    }
    let (sign, rest) = if let Some(r) = s.strip_prefix("ui") {
        (Some(Signedness::Unsigned), r)
    } else if let Some(r) = s.strip_prefix("si") {
        (Some(Signedness::Signed), r)
    } else if let Some(r) = s.strip_prefix('i') {
        (Some(Signedness::Signless), r)
    } else {
        (None, s)
    };
    if let (Some(signedness), Ok(width)) = (sign, rest.parse::<u32>()) {
        return ctx.ty(TypeData::Integer { width, signedness });
    }
    let sym = ctx.sym(s);
    ctx.ty(TypeData::Float(sym))
}

/// The ONNX data type of an IR element type.
pub fn dtype_of_elem(ctx: &Context, t: TypeId) -> Option<i32> {
    dtype_of_spelling(&elem_text(ctx, t)?)
}

fn elem_text(ctx: &Context, t: TypeId) -> Option<String> {
    Some(match ctx.type_data(ctx.resolved_type(t)) {
        TypeData::Integer { width, signedness } => {
            let p = match signedness {
                Signedness::Signless => "i",
                Signedness::Signed => "si",
                Signedness::Unsigned => "ui",
            };
            format!("{p}{width}")
        }
        TypeData::Float(s) => ctx.str(*s).to_string(),
        TypeData::Complex(e) => format!("complex<{}>", elem_text(ctx, *e)?),
        TypeData::Opaque(s) => ctx.str(*s).to_string(),
        _ => return None,
    })
}

// ------------------------------------------------------------------------------- types

/// The opaque type standing for a value of unknown type (no `TypeProto`, or a function's
/// untyped inputs and outputs).
pub const ANY: &str = "!onnx.Any";

pub fn any_type(ctx: &mut Context) -> TypeId {
    let s = ctx.sym(ANY);
    ctx.ty(TypeData::Opaque(s))
}

pub fn none_type(ctx: &mut Context) -> TypeId {
    ctx.ty(TypeData::None)
}

fn dims_text(shape: Option<&TensorShapeProto>) -> Option<String> {
    let Some(shape) = shape else { return Some("*x".to_string()) };
    let mut s = String::new();
    for d in &shape.dim {
        match d.value {
            Some(dimension::Value::DimValue(v)) if v >= 0 => s.push_str(&v.to_string()),
            Some(dimension::Value::DimValue(_)) => return None,
            _ => s.push('?'),
        }
        s.push('x');
    }
    Some(s)
}

/// The text of a type (nested types of `!onnx.Seq<...>` and friends are kept as text).
fn type_text(tp: &TypeProto) -> Option<String> {
    use type_proto::Value;
    Some(match tp.value.as_ref()? {
        Value::TensorType(t) => format!("tensor<{}{}>", dims_text(t.shape.as_ref())?, elem_spelling(t.elem_type?)?),
        Value::SparseTensorType(t) => format!("!onnx.SparseTensor<tensor<{}{}>>", dims_text(t.shape.as_ref())?, elem_spelling(t.elem_type?)?),
        Value::SequenceType(s) => format!("!onnx.Seq<{}>", type_text(s.elem_type.as_deref()?)?),
        Value::OptionalType(s) => format!("!onnx.Opt<{}>", type_text(s.elem_type.as_deref()?)?),
        Value::MapType(m) => format!("!onnx.Map<{}, {}>", elem_spelling(m.key_type?)?, type_text(m.value_type.as_deref()?)?),
        Value::OpaqueType(_) => return None,
    })
}

/// Parses a type text written by [`type_text`] back.
fn parse_type_text(s: &str) -> Option<TypeProto> {
    use type_proto::Value;
    let s = s.trim();
    let wrap = |v: Value| Some(TypeProto { value: Some(v), denotation: None });
    if let Some(inner) = s.strip_prefix("tensor<").and_then(|x| x.strip_suffix('>')) {
        let (elem_type, shape) = parse_tensor_inner(inner)?;
        return wrap(Value::TensorType(type_proto::Tensor { elem_type: Some(elem_type), shape }));
    }
    if let Some(inner) = s.strip_prefix("!onnx.SparseTensor<tensor<").and_then(|x| x.strip_suffix(">>")) {
        let (elem_type, shape) = parse_tensor_inner(inner)?;
        return wrap(Value::SparseTensorType(type_proto::Tensor { elem_type: Some(elem_type), shape }));
    }
    if let Some(inner) = s.strip_prefix("!onnx.Seq<").and_then(|x| x.strip_suffix('>')) {
        return wrap(Value::SequenceType(Box::new(type_proto::Sequence { elem_type: Some(Box::new(parse_type_text(inner)?)) })));
    }
    if let Some(inner) = s.strip_prefix("!onnx.Opt<").and_then(|x| x.strip_suffix('>')) {
        return wrap(Value::OptionalType(Box::new(type_proto::Optional { elem_type: Some(Box::new(parse_type_text(inner)?)) })));
    }
    if let Some(inner) = s.strip_prefix("!onnx.Map<").and_then(|x| x.strip_suffix('>')) {
        let (k, v) = inner.split_once(", ")?;
        return wrap(Value::MapType(Box::new(type_proto::Map { key_type: Some(dtype_of_spelling(k)?), value_type: Some(Box::new(parse_type_text(v)?)) })));
    }
    None
}

fn parse_tensor_inner(inner: &str) -> Option<(i32, Option<TensorShapeProto>)> {
    if let Some(e) = inner.strip_prefix("*x") {
        return Some((dtype_of_spelling(e)?, None));
    }
    // Dimensions are digits or `?`, each followed by `x`; the element type is the rest.
    let mut dims = Vec::new();
    let mut rest = inner;
    loop {
        let end = rest.find(|c: char| !(c.is_ascii_digit() || c == '?')).unwrap_or(rest.len());
        if end == 0 || !rest[end..].starts_with('x') {
            break;
        }
        let d = &rest[..end];
        dims.push(Dimension { value: if d == "?" { None } else { Some(dimension::Value::DimValue(d.parse().ok()?)) }, denotation: None });
        rest = &rest[end + 1..];
    }
    Some((dtype_of_spelling(rest)?, Some(TensorShapeProto { dim: dims })))
}

/// The IR type of a `TypeProto`, approximately when it has what IR types cannot say
/// (`dim_param` names become `?`); `None` when there is no IR form at all.
pub fn type_from_proto(ctx: &mut Context, tp: &TypeProto) -> Option<TypeId> {
    if let Some(type_proto::Value::TensorType(t)) = &tp.value {
        let elem = elem_type(ctx, t.elem_type?)?;
        return Some(match &t.shape {
            None => ctx.ty(TypeData::UnrankedTensor { elem }),
            Some(s) => {
                let mut shape = Vec::with_capacity(s.dim.len());
                for d in &s.dim {
                    shape.push(match d.value {
                        Some(dimension::Value::DimValue(v)) if v >= 0 => v,
                        Some(dimension::Value::DimValue(_)) => return None,
                        _ => DYNAMIC,
                    });
                }
                ctx.ty(TypeData::RankedTensor { shape, elem, encoding: None })
            }
        });
    }
    let text = type_text(tp)?;
    let s = ctx.sym(&text);
    Some(ctx.ty(TypeData::Opaque(s)))
}

/// The `TypeProto` of an IR type (`None` for `!onnx.Any` and types without an ONNX form).
pub fn type_to_proto(ctx: &Context, t: TypeId) -> Option<TypeProto> {
    use type_proto::Value;
    let tensor = |elem: TypeId, shape: Option<&Vec<i64>>| -> Option<TypeProto> {
        let dims = shape.map(|s| TensorShapeProto {
            dim: s.iter().map(|&d| Dimension { value: (d != DYNAMIC).then_some(dimension::Value::DimValue(d)), denotation: None }).collect(),
        });
        Some(TypeProto { value: Some(Value::TensorType(type_proto::Tensor { elem_type: Some(dtype_of_elem(ctx, elem)?), shape: dims })), denotation: None })
    };
    match ctx.type_data(ctx.resolved_type(t)) {
        TypeData::RankedTensor { shape, elem, .. } => tensor(*elem, Some(shape)),
        TypeData::UnrankedTensor { elem } => tensor(*elem, None),
        TypeData::Opaque(s) => {
            let text = ctx.str(*s);
            if let Some(tp) = from_bytes_text::<TypeProto>(text, "!onnx.TypeProto<\"") {
                return Some(tp);
            }
            parse_type_text(text)
        }
        _ => None,
    }
}

/// A type that keeps a `TypeProto` whole: its IR form when exact, else `!onnx.TypeProto<"0x...">`.
pub fn exact_type(ctx: &mut Context, tp: &TypeProto) -> TypeId {
    if let Some(t) = type_from_proto(ctx, tp) {
        if type_to_proto(ctx, t).as_ref() == Some(tp) {
            return t;
        }
    }
    let s = ctx.sym(&format!("!onnx.TypeProto<\"{}\">", hex(&tp.encode_to_vec())));
    ctx.ty(TypeData::Opaque(s))
}

/// The `dim_param` names of a tensor type's shape (`""` where a dimension has none), when it
/// has any.
pub fn dim_params(tp: &TypeProto) -> Option<Vec<String>> {
    let Some(type_proto::Value::TensorType(type_proto::Tensor { shape: Some(s), .. })) = &tp.value else { return None };
    if !s.dim.iter().any(|d| matches!(d.value, Some(dimension::Value::DimParam(_)))) {
        return None;
    }
    Some(
        s.dim
            .iter()
            .map(|d| match &d.value {
                Some(dimension::Value::DimParam(p)) => p.clone(),
                _ => String::new(),
            })
            .collect(),
    )
}

/// Puts `dim_param` names back into a tensor type's shape.
pub fn apply_dim_params(tp: &mut TypeProto, params: &[String]) {
    if let Some(type_proto::Value::TensorType(type_proto::Tensor { shape: Some(s), .. })) = &mut tp.value {
        for (d, p) in s.dim.iter_mut().zip(params) {
            if !p.is_empty() {
                d.value = Some(dimension::Value::DimParam(p.clone()));
            }
        }
    }
}

// ------------------------------------------------------------------------------- tensors

/// The IR type of a tensor's dims and data type.
pub fn tensor_type(ctx: &mut Context, dims: &[i64], dt: i32) -> Option<TypeId> {
    if dims.iter().any(|&d| d < 0) {
        return None;
    }
    let elem = elem_type(ctx, dt)?;
    Some(ctx.ty(TypeData::RankedTensor { shape: dims.to_vec(), elem, encoding: None }))
}

/// Nests flat elements by `dims` as MLIR's dense literal does (a scalar for rank 0).
fn nest(ctx: &mut Context, dims: &[i64], elems: &[AttrId]) -> AttrId {
    if dims.is_empty() {
        return elems[0];
    }
    if dims.len() == 1 {
        return ctx.attr(AttrData::Array(elems.to_vec()));
    }
    let inner: i64 = dims[1..].iter().product();
    let parts: Vec<AttrId> = if inner == 0 {
        (0..dims[0]).map(|_| nest(ctx, &dims[1..], &[])).collect()
    } else {
        elems.chunks(inner as usize).map(|c| nest(ctx, &dims[1..], c)).collect()
    };
    ctx.attr(AttrData::Array(parts))
}

fn flatten(ctx: &Context, a: AttrId, out: &mut Vec<AttrId>) {
    match ctx.attr_data(ctx.resolved_attr(a)) {
        AttrData::Array(items) => {
            for &i in items {
                flatten(ctx, i, out);
            }
        }
        _ => out.push(a),
    }
}

fn float_elem(ctx: &mut Context, spelling: String) -> AttrId {
    let s = ctx.sym(&spelling);
    ctx.attr(AttrData::Float { spelling: s, ty: None })
}

/// A `TensorProto` without its name as `dense<...>`: raw data in MLIR's hex form, the typed
/// field of its data type as elements; `None` when it has more than dims, type and data.
fn dense_of(ctx: &mut Context, tp: &TensorProto) -> Option<AttrId> {
    if tp.segment.is_some() || tp.doc_string.is_some() || !tp.external_data.is_empty() || tp.data_location.is_some() || !tp.metadata_props.is_empty() {
        return None;
    }
    let dt = tp.data_type?;
    // Element lists nest one level per dimension: a rank no real tensor has is kept as bytes.
    if tp.dims.len() > 64 {
        return None;
    }
    let ty = tensor_type(ctx, &tp.dims, dt)?;
    let typed = tp.float_data.len() + tp.int32_data.len() + tp.string_data.len() + tp.int64_data.len() + tp.double_data.len() + tp.uint64_data.len();
    if let Some(raw) = &tp.raw_data {
        if typed != 0 || dt == data_type::STRING {
            return None;
        }
        // The same bytes, not a copy (printed as hex text).
        let value = ctx.attr(AttrData::Hex(crate::ir::Blob::new(raw.clone())));
        return Some(ctx.attr(AttrData::Dense { value, ty }));
    }
    let count = tp.dims.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d))?;
    let mut elems: Vec<AttrId> = Vec::with_capacity(typed);
    use data_type::*;
    match dt {
        FLOAT if typed == tp.float_data.len() => {
            for &x in &tp.float_data {
                elems.push(float_elem(ctx, f32_spelling(x)));
            }
        }
        DOUBLE if typed == tp.double_data.len() => {
            for &x in &tp.double_data {
                elems.push(float_elem(ctx, f64_spelling(x)));
            }
        }
        INT64 if typed == tp.int64_data.len() => {
            for &x in &tp.int64_data {
                elems.push(int_attr(ctx, x, None));
            }
        }
        INT32 | INT16 | INT8 | UINT16 | UINT8 if typed == tp.int32_data.len() => {
            for &x in &tp.int32_data {
                elems.push(int_attr(ctx, x as i64, None));
            }
        }
        BOOL if typed == tp.int32_data.len() => {
            for &x in &tp.int32_data {
                if x != 0 && x != 1 {
                    return None;
                }
                elems.push(ctx.attr(AttrData::Bool(x == 1)));
            }
        }
        FLOAT16 | BFLOAT16 | 17..=20 | 24 if typed == tp.int32_data.len() => {
            for &x in &tp.int32_data {
                elems.push(float_elem(ctx, format!("0x{:X}", x)));
            }
        }
        UINT32 | UINT64 if typed == tp.uint64_data.len() => {
            for &x in &tp.uint64_data {
                let s = ctx.sym(&x.to_string());
                elems.push(ctx.attr(AttrData::Int { spelling: s, ty: None }));
            }
        }
        STRING if typed == tp.string_data.len() => {
            for x in &tp.string_data {
                elems.push(str_attr(ctx, x));
            }
        }
        _ => return None,
    }
    if elems.len() as i64 != count || (count == 0 && tp.dims.is_empty()) {
        return None;
    }
    let value = if count == 0 { ctx.attr(AttrData::Array(vec![])) } else { nest(ctx, &tp.dims, &elems) };
    Some(ctx.attr(AttrData::Dense { value, ty }))
}

/// The `TensorProto` (without name) of a `dense<...>` attribute made by [`dense_of`].
fn dense_to_proto(ctx: &Context, value: AttrId, ty: TypeId) -> Option<TensorProto> {
    let TypeData::RankedTensor { shape, elem, .. } = ctx.type_data(ctx.resolved_type(ty)) else { return None };
    let dt = dtype_of_elem(ctx, *elem)?;
    let mut tp = TensorProto { dims: shape.clone(), data_type: Some(dt), ..Default::default() };
    if dt != data_type::STRING {
        match ctx.attr_data(ctx.resolved_attr(value)) {
            AttrData::Hex(raw) => {
                tp.raw_data = Some(raw.bytes());
                return Some(tp);
            }
            AttrData::String { spelling, .. } => {
                tp.raw_data = Some(unhex(ctx.str(*spelling))?.into());
                return Some(tp);
            }
            _ => {}
        }
    }
    let mut elems = Vec::new();
    flatten(ctx, value, &mut elems);
    // A splat (`dense<1.5> : tensor<2x3xf32>`, written by hand or by a pass; the importer
    // writes every element) stands for all its elements: a TensorProto has no splat form,
    // so it is written out, within `MAX_SPLAT_BYTES` (past it, no proto: see
    // [`splat_too_large`]).
    let count = shape.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d))?;
    let splat = elems.len() == 1 && count > 1 && !matches!(ctx.attr_data(ctx.resolved_attr(value)), AttrData::Array(_));
    if splat && splat_bytes(ctx, elems[0], dt, count) > MAX_SPLAT_BYTES {
        return None;
    }
    use data_type::*;
    for e in elems {
        let spell = |e: AttrId| match ctx.attr_data(ctx.resolved_attr(e)) {
            AttrData::Float { spelling, .. } | AttrData::Int { spelling, .. } => Some(ctx.str(*spelling)),
            _ => None,
        };
        match dt {
            FLOAT => tp.float_data.push(parse_f32(spell(e)?)?),
            DOUBLE => tp.double_data.push(parse_f64(spell(e)?)?),
            INT64 => tp.int64_data.push(spell(e)?.parse().ok()?),
            INT32 | INT16 | INT8 | UINT16 | UINT8 => tp.int32_data.push(spell(e)?.parse().ok()?),
            BOOL => tp.int32_data.push(match ctx.attr_data(ctx.resolved_attr(e)) {
                AttrData::Bool(b) => *b as i32,
                _ => attr_i64(ctx, e)? as i32,
            }),
            FLOAT16 | BFLOAT16 | 17..=20 | 24 => tp.int32_data.push(parse_hex_bits(spell(e)?)? as i32),
            UINT32 | UINT64 => tp.uint64_data.push(spell(e)?.parse().ok()?),
            STRING => tp.string_data.push(ctx.string_value(e)?),
            _ => return None,
        }
    }
    if splat {
        let n = usize::try_from(count).ok()?;
        fn repeat<T: Clone>(v: &mut Vec<T>, n: usize) {
            if let Some(x) = v.first().cloned() {
                v.resize(n, x);
            }
        }
        repeat(&mut tp.float_data, n);
        repeat(&mut tp.double_data, n);
        repeat(&mut tp.int64_data, n);
        repeat(&mut tp.int32_data, n);
        repeat(&mut tp.uint64_data, n);
        repeat(&mut tp.string_data, n);
    }
    Some(tp)
}

/// The most bytes `--emit=onnx` writes out for one splat (`dense<v> : tensor<...>`; a
/// TensorProto has no splat form): 256 MiB. A splat's declared size is untrusted input.
pub const MAX_SPLAT_BYTES: i64 = 256 * 1024 * 1024;

/// The bytes the typed field of a TensorProto of `dt` takes for `count` copies of `elem`.
fn splat_bytes(ctx: &Context, elem: AttrId, dt: i32, count: i64) -> i64 {
    use data_type::*;
    let each = match dt {
        DOUBLE | INT64 | UINT32 | UINT64 => 8,
        STRING => ctx.string_value(elem).map_or(1, |b| b.len() as i64 + 1),
        _ => 4,
    };
    count.saturating_mul(each)
}

/// Why the tensor attribute `a` has no TensorProto: a splat declaring more than
/// [`MAX_SPLAT_BYTES`] written out (its shape and the bytes it would take); `None` otherwise.
pub fn splat_too_large(ctx: &Context, a: AttrId) -> Option<String> {
    let AttrData::Dense { value, ty } = ctx.attr_data(ctx.resolved_attr(a)) else { return None };
    let TypeData::RankedTensor { shape, elem, .. } = ctx.type_data(ctx.resolved_type(*ty)) else { return None };
    let dt = dtype_of_elem(ctx, *elem)?;
    let mut elems = Vec::new();
    if matches!(ctx.attr_data(ctx.resolved_attr(*value)), AttrData::Array(_) | AttrData::Hex(_) | AttrData::Unit) {
        return None;
    }
    flatten(ctx, *value, &mut elems);
    let shape_text = if shape.is_empty() { "scalar".to_string() } else { shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x") };
    let elem_text = crate::printer::type_to_string(ctx, *elem);
    let first = *elems.first()?;
    let bytes = match shape.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d)) {
        Some(count) => splat_bytes(ctx, first, dt, count),
        None => return Some(format!("a splat of shape {shape_text}x{elem_text} has more elements than 2^63: an ONNX TensorProto has no splat form and cannot hold it")),
    };
    (elems.len() == 1 && bytes > MAX_SPLAT_BYTES).then(|| {
        format!(
            "a splat of shape {shape_text}x{elem_text} would take {bytes} bytes written out (an ONNX TensorProto has no splat form; the limit is {MAX_SPLAT_BYTES} bytes)"
        )
    })
}

/// A tensor as an attribute, with its name apart (`None` when it has none): `dense<...>` when
/// that gives the tensor back exactly, else `#onnx.tensor_proto<"0x...">` (name included).
pub fn tensor_attr(ctx: &mut Context, tp: &TensorProto) -> (AttrId, Option<String>) {
    let name = tp.name.clone();
    let unnamed = |tp: &TensorProto| TensorProto { name: None, ..tp.clone() };
    if let Some(d) = dense_of(ctx, tp) {
        // Raw data round-trips by construction; typed fields are checked.
        // Compared by encoding: NaN elements compare by their bits.
        let exact = tp.raw_data.is_some() || tensor_of_attr(ctx, d).is_some_and(|back| back.encode_to_vec() == unnamed(tp).encode_to_vec());
        if exact {
            return (d, name);
        }
    }
    (bytes_attr(ctx, "tensor_proto", tp), None)
}

/// The `TensorProto` of a tensor attribute (name unset).
pub fn tensor_of_attr(ctx: &Context, a: AttrId) -> Option<TensorProto> {
    match ctx.attr_data(ctx.resolved_attr(a)) {
        AttrData::Dense { value, ty } => dense_to_proto(ctx, *value, *ty),
        AttrData::Opaque(_) => from_bytes_attr(ctx, "tensor_proto", a),
        _ => None,
    }
}

// ------------------------------------------------------------------------------- lists

pub fn pairs_attr(ctx: &mut Context, props: &[StringStringEntryProto]) -> AttrId {
    // Key and value are optional fields: a missing one is kept as a unit attribute.
    let items = props
        .iter()
        .map(|p| {
            let k = match &p.key {
                Some(k) => str_attr(ctx, k.as_bytes()),
                None => ctx.unit_attr(),
            };
            let v = match &p.value {
                Some(v) => str_attr(ctx, v.as_bytes()),
                None => ctx.unit_attr(),
            };
            ctx.attr(AttrData::Array(vec![k, v]))
        })
        .collect();
    ctx.attr(AttrData::Array(items))
}

pub fn pairs_of(ctx: &Context, a: AttrId) -> Vec<StringStringEntryProto> {
    let AttrData::Array(items) = ctx.attr_data(ctx.resolved_attr(a)) else { return vec![] };
    items
        .iter()
        .filter_map(|&i| match ctx.attr_data(ctx.resolved_attr(i)) {
            AttrData::Array(kv) if kv.len() == 2 => Some(StringStringEntryProto { key: attr_string(ctx, kv[0]), value: attr_string(ctx, kv[1]) }),
            _ => None,
        })
        .collect()
}

pub fn strings_attr(ctx: &mut Context, items: &[String]) -> AttrId {
    let items = items.iter().map(|s| str_attr(ctx, s.as_bytes())).collect();
    ctx.attr(AttrData::Array(items))
}

pub fn strings_of(ctx: &Context, a: AttrId) -> Vec<String> {
    match ctx.attr_data(ctx.resolved_attr(a)) {
        AttrData::Array(items) => items.iter().filter_map(|&i| attr_string(ctx, i)).collect(),
        _ => vec![],
    }
}

/// Messages kept as bytes, one `#onnx.<kind><...>` per item.
pub fn messages_attr<M: Message>(ctx: &mut Context, kind: &str, items: &[M]) -> AttrId {
    let items = items.iter().map(|m| bytes_attr(ctx, kind, m)).collect();
    ctx.attr(AttrData::Array(items))
}

pub fn messages_of<M: Message + Default>(ctx: &Context, kind: &str, a: AttrId) -> Res<Vec<M>> {
    match ctx.attr_data(ctx.resolved_attr(a)) {
        AttrData::Array(items) => items.iter().map(|&i| from_bytes_attr(ctx, kind, i).ok_or_else(|| format!("an entry is not an #onnx.{kind}"))).collect(),
        _ => Err(format!("not an array of #onnx.{kind}")),
    }
}

// ------------------------------------------------------------------------------- attributes

/// An attribute value other than a graph: its IR form and, for a named tensor, the name.
pub enum AttrValueIr {
    Value(AttrId, Option<String>),
    /// The attribute is a graph (or graphs): the caller builds regions.
    Graph,
}

/// The IR value of a non-graph `AttributeProto` in its canonical form (name, type and the
/// value field of the type and nothing else); `None` when it is not canonical or does not
/// convert exactly (the caller then keeps its bytes).
pub fn attr_value(ctx: &mut Context, a: &AttributeProto) -> Option<AttrValueIr> {
    use attr_type::*;
    if a.name.is_none() || a.ref_attr_name.is_some() || a.doc_string.is_some() {
        return None;
    }
    let ty = a.r#type?;
    if ty == GRAPH || ty == GRAPHS {
        let only = AttributeProto { name: a.name.clone(), r#type: a.r#type, g: a.g.clone(), graphs: a.graphs.clone(), ..Default::default() };
        let ok = if ty == GRAPH { a.g.is_some() } else { !a.graphs.is_empty() };
        return (ok && only == *a).then_some(AttrValueIr::Graph);
    }
    let (v, tname) = match ty {
        FLOAT => (f32_attr(ctx, a.f?), None),
        INT => {
            let t = si64_type(ctx);
            (int_attr(ctx, a.i?, Some(t)), None)
        }
        STRING => (str_attr(ctx, a.s.as_deref()?), None),
        TENSOR => {
            let (v, n) = tensor_attr(ctx, a.t.as_ref()?);
            (v, n)
        }
        SPARSE_TENSOR => (bytes_attr(ctx, "sparse_tensor_proto", a.sparse_tensor.as_ref()?), None),
        TYPE_PROTO => {
            let t = exact_type(ctx, a.tp.as_ref()?);
            (ctx.attr(AttrData::Type(t)), None)
        }
        FLOATS | INTS | STRINGS | TENSORS | SPARSE_TENSORS | TYPE_PROTOS => {
            let n = a.floats.len() + a.ints.len() + a.strings.len() + a.tensors.len() + a.sparse_tensors.len() + a.type_protos.len();
            if n == 0 {
                let s = ctx.sym(&format!("#onnx.empty<\"{}\">", attr_type::name(ty)));
                (ctx.attr(AttrData::Opaque(s)), None)
            } else {
                let items: Vec<AttrId> = match ty {
                    FLOATS => a.floats.iter().map(|&x| f32_attr(ctx, x)).collect(),
                    INTS => {
                        let t = si64_type(ctx);
                        a.ints.iter().map(|&x| int_attr(ctx, x, Some(t))).collect()
                    }
                    STRINGS => a.strings.iter().map(|x| str_attr(ctx, x)).collect(),
                    TENSORS => {
                        let mut v = Vec::new();
                        for t in &a.tensors {
                            let (x, n) = tensor_attr(ctx, t);
                            if n.is_some() {
                                return None;
                            }
                            v.push(x);
                        }
                        v
                    }
                    SPARSE_TENSORS => a.sparse_tensors.iter().map(|x| bytes_attr(ctx, "sparse_tensor_proto", x)).collect(),
                    _ => a
                        .type_protos
                        .iter()
                        .map(|x| {
                            let t = exact_type(ctx, x);
                            ctx.attr(AttrData::Type(t))
                        })
                        .collect(),
                };
                (ctx.attr(AttrData::Array(items)), None)
            }
        }
        _ => return None,
    };
    let back = attr_proto(ctx, a.name.as_deref()?, ty, v, tname.as_deref())?;
    // Compared by encoding: NaN values compare by their bits.
    (back.encode_to_vec() == a.encode_to_vec()).then_some(AttrValueIr::Value(v, tname))
}

/// The `AttributeProto` of a non-graph attribute of ONNX type `ty`.
pub fn attr_proto(ctx: &Context, key: &str, ty: i32, v: AttrId, tensor_name: Option<&str>) -> Option<AttributeProto> {
    use attr_type::*;
    let mut a = AttributeProto { name: Some(key.to_string()), r#type: Some(ty), ..Default::default() };
    let data = ctx.attr_data(ctx.resolved_attr(v));
    if matches!(data, AttrData::Opaque(s) if ctx.str(*s).starts_with("#onnx.empty<")) {
        return Some(a);
    }
    let items: Vec<AttrId> = match data {
        AttrData::Array(items) => items.clone(),
        _ => vec![],
    };
    match ty {
        FLOAT => a.f = Some(attr_f32(ctx, v)?),
        INT => a.i = Some(attr_i64(ctx, v)?),
        STRING => a.s = Some(ctx.string_value(v)?),
        TENSOR => {
            let mut t = tensor_of_attr(ctx, v)?;
            if let Some(n) = tensor_name {
                t.name = Some(n.to_string());
            }
            a.t = Some(t);
        }
        SPARSE_TENSOR => a.sparse_tensor = Some(from_bytes_attr(ctx, "sparse_tensor_proto", v)?),
        TYPE_PROTO => match data {
            AttrData::Type(t) => a.tp = Some(type_to_proto(ctx, *t)?),
            _ => return None,
        },
        FLOATS => a.floats = items.iter().map(|&i| attr_f32(ctx, i)).collect::<Option<_>>()?,
        INTS => a.ints = items.iter().map(|&i| attr_i64(ctx, i)).collect::<Option<_>>()?,
        STRINGS => a.strings = items.iter().map(|&i| ctx.string_value(i)).collect::<Option<_>>()?,
        TENSORS => a.tensors = items.iter().map(|&i| tensor_of_attr(ctx, i)).collect::<Option<_>>()?,
        SPARSE_TENSORS => a.sparse_tensors = items.iter().map(|&i| from_bytes_attr(ctx, "sparse_tensor_proto", i)).collect::<Option<_>>()?,
        TYPE_PROTOS => {
            a.type_protos = items
                .iter()
                .map(|&i| match ctx.attr_data(ctx.resolved_attr(i)) {
                    AttrData::Type(t) => type_to_proto(ctx, *t),
                    _ => None,
                })
                .collect::<Option<_>>()?
        }
        _ => return None,
    }
    Some(a)
}

/// The ONNX attribute type an IR attribute value stands for (the exporter's inverse of
/// [`attr_value`], for attributes written or changed in the IR).
pub fn attr_kind(ctx: &Context, v: AttrId) -> Option<i32> {
    use attr_type::*;
    let data = ctx.attr_data(ctx.resolved_attr(v));
    Some(match data {
        AttrData::Float { .. } => FLOAT,
        AttrData::Int { .. } | AttrData::Bool(_) => INT,
        AttrData::String { .. } => STRING,
        AttrData::Dense { .. } | AttrData::DenseResource { .. } => TENSOR,
        AttrData::Type(_) => TYPE_PROTO,
        AttrData::Opaque(s) => {
            let t = ctx.str(*s);
            if t.starts_with("#onnx.tensor_proto<") {
                TENSOR
            } else if t.starts_with("#onnx.sparse_tensor_proto<") {
                SPARSE_TENSOR
            } else if let Some(k) = t.strip_prefix("#onnx.empty<\"").and_then(|k| k.strip_suffix("\">")) {
                (1..=14).find(|&i| attr_type::name(i) == k)?
            } else {
                return None;
            }
        }
        AttrData::Array(items) => match ctx.attr_data(ctx.resolved_attr(*items.first()?)) {
            AttrData::Float { .. } => FLOATS,
            AttrData::Int { .. } | AttrData::Bool(_) => INTS,
            AttrData::String { .. } => STRINGS,
            AttrData::Dense { .. } | AttrData::DenseResource { .. } => TENSORS,
            AttrData::Type(_) => TYPE_PROTOS,
            AttrData::Opaque(s) if ctx.str(*s).starts_with("#onnx.tensor_proto<") => TENSORS,
            AttrData::Opaque(s) if ctx.str(*s).starts_with("#onnx.sparse_tensor_proto<") => SPARSE_TENSORS,
            _ => return None,
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_spellings_read_back_to_the_same_bits() {
        let values = [0.0f32, -0.0, 1.0, 0.1, -2.5e-3, 1e-10, f32::MAX, f32::MIN_POSITIVE, 1e-45, f32::NAN, -f32::NAN, f32::INFINITY, f32::from_bits(0x7FC0_0001)];
        for x in values {
            let s = f32_spelling(x);
            assert!(s.contains('.') || s.starts_with("0x"), "{s} is not an MLIR float literal");
            assert_eq!(parse_f32(&s).map(f32::to_bits), Some(x.to_bits()), "{s}");
        }
        for x in [0.1f64, -0.0, 1e300, f64::NAN, 5e-324] {
            assert_eq!(parse_f64(&f64_spelling(x)).map(f64::to_bits), Some(x.to_bits()));
        }
    }

    #[test]
    fn hex_round_trips_and_rejects_bad_digits() {
        let b: Vec<u8> = (0..=255).collect();
        assert_eq!(unhex(&hex(&b)), Some(b));
        assert_eq!(unhex("0x0"), None);
        assert_eq!(unhex("0xZZ"), None);
        assert_eq!(unhex("0x"), Some(vec![]));
    }

    #[test]
    fn types_round_trip() {
        let mut ctx = Context::new();
        for text in ["tensor<2x?xf32>", "tensor<*x!onnx.String>", "tensor<i64>", "!onnx.Seq<tensor<?x3xbf16>>", "!onnx.Opt<!onnx.Seq<tensor<*xi1>>>", "!onnx.Map<i64, tensor<*xf32>>", "!onnx.SparseTensor<tensor<4x5xf64>>"] {
            let tp = parse_type_text(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(type_text(&tp).as_deref(), Some(text));
            let t = type_from_proto(&mut ctx, &tp).unwrap();
            assert_eq!(type_to_proto(&ctx, t), Some(tp));
        }
    }
}
