//! Conversions between GraphDef values and tfg IR values, both ways (TensorFlow's
//! convert_types.cc, convert_attributes.cc and convert_tensor.cc): `DataType` ↔ element type,
//! `AttrValue` ↔ attribute, `TensorProto` ↔ `dense<...>`, `TensorShapeProto` ↔
//! `#tf_type.shape`, `FullTypeDef` ↔ `#tf_type.full_type<...>`.

use super::pbtxt::{data_type_name, full_type_name, full_type_number};
use super::proto::*;
use crate::ir::context::{escape_bytes, parse_int_spelling, unescape_string};
use crate::ir::hex::{hex, unhex};
use crate::ir::types::{Signedness, DYNAMIC};
use crate::ir::{AttrData, AttrId, Blob, Context, NamedAttr, TypeData, TypeId};

type Res<T> = Result<T, String>;

// ---------------------------------------------------------------------------------------------
// Types.

/// MLIR spelling of each `DataType` (without `_REF`).
fn dtype_spelling(dt: i32) -> Option<&'static str> {
    Some(match dt {
        1 => "f32", 2 => "f64", 3 => "i32", 4 => "ui8", 5 => "i16", 6 => "i8", 7 => "!string",
        8 => "complex<f32>", 9 => "i64", 10 => "i1", 11 => "!qint8", 12 => "!quint8", 13 => "!qint32",
        14 => "bf16", 15 => "!qint16", 16 => "!quint16", 17 => "ui16", 18 => "complex<f64>", 19 => "f16",
        20 => "!resource", 21 => "!variant", 22 => "ui32", 23 => "ui64", 24 => "f8E5M2", 25 => "f8E4M3FN",
        26 => "f8E4M3FNUZ", 27 => "f8E4M3B11FNUZ", 28 => "f8E5M2FNUZ", 29 => "i4", 30 => "ui4", 31 => "i2",
        32 => "ui2", 33 => "f4E2M1FN",
        _ => return None,
    })
}

/// The `!tf_type.<name>ref` name of a reference dtype's base.
fn ref_name(base: i32) -> Option<String> {
    let n = data_type_name(base)?;
    let s = n.trim_start_matches("DT_").to_ascii_lowercase().replace('_', "");
    Some(match s.as_str() {
        "float" => "f32ref".into(),
        "double" => "f64ref".into(),
        other => format!("{other}ref"),
    })
}

/// The element type of a `DataType`.
/// The element type of one `handle_data` entry of a resource argument: a type TensorFlow
/// knows, never `DT_INVALID` (TensorFlow's `ConvertHandleData`).
pub fn handle_dtype(ctx: &mut Context, dt: i32) -> Res<TypeId> {
    if dt == 0 {
        return Err("INVALID_ARGUMENT: Invalid dtype for handle_data".into());
    }
    dtype_to_type(ctx, dt)
}

pub fn dtype_to_type(ctx: &mut Context, dt: i32) -> Res<TypeId> {
    if dt > 100 {
        let name = ref_name(dt - 100).ok_or_else(|| format!("unsupported data type {dt}"))?;
        let s = ctx.sym(&name);
        return Ok(ctx.ty(TypeData::TfSimple(s)));
    }
    let sp = dtype_spelling(dt).ok_or_else(|| match data_type_name(dt) {
        Some(n) => format!("unsupported data type {n}"),
        None => format!("unsupported data type {dt}"),
    })?;
    Ok(spelled_type(ctx, sp))
}

fn spelled_type(ctx: &mut Context, sp: &str) -> TypeId {
    if let Some(tf) = sp.strip_prefix('!') {
        let s = ctx.sym(tf);
        return ctx.ty(TypeData::TfSimple(s));
    }
    if let Some(inner) = sp.strip_prefix("complex<").and_then(|s| s.strip_suffix('>')) {
        let e = spelled_type(ctx, inner);
        return ctx.ty(TypeData::Complex(e));
    }
    let (signedness, rest) = match sp.strip_prefix("ui") {
        Some(r) => (Signedness::Unsigned, r),
        None => (Signedness::Signless, sp.strip_prefix('i').unwrap_or("")),
    };
    if let Ok(width) = rest.parse::<u32>() {
        return ctx.ty(TypeData::Integer { width, signedness });
    }
    let s = ctx.sym(sp);
    ctx.ty(TypeData::Float(s))
}

/// The `DataType` of an element type (looking through aliases).
pub fn type_to_dtype(ctx: &Context, t: TypeId) -> Option<i32> {
    let t = ctx.resolved_type(t);
    let sp = match ctx.type_data(t) {
        TypeData::Integer { width, signedness } => match signedness {
            Signedness::Unsigned => format!("ui{width}"),
            _ => format!("i{width}"),
        },
        TypeData::Float(s) => ctx.str(*s).to_string(),
        TypeData::Complex(e) => match ctx.type_data(ctx.resolved_type(*e)) {
            TypeData::Float(s) => format!("complex<{}>", ctx.str(*s)),
            _ => return None,
        },
        TypeData::TfSimple(s) => {
            let n = ctx.str(*s);
            if let Some(base) = n.strip_suffix("ref") {
                return (1..=33).find(|&dt| ref_name(dt).as_deref() == Some(n) || (base == "f32" && dt == 1) || (base == "f64" && dt == 2)).map(|d| d + 100);
            }
            format!("!{n}")
        }
        TypeData::TfWithSubtypes { name, .. } => format!("!{}", ctx.str(*name)),
        _ => return None,
    };
    (1..=33).find(|&dt| dtype_spelling(dt) == Some(sp.as_str()))
}

/// `tensor<*xT>`.
pub fn unranked(ctx: &mut Context, elem: TypeId) -> TypeId {
    ctx.ty(TypeData::UnrankedTensor { elem })
}

// ---------------------------------------------------------------------------------------------
// Attributes, GraphDef → IR.

fn float_spelling(v: f64, single: bool) -> String {
    if !v.is_finite() {
        return if single { format!("0x{:08X}", (v as f32).to_bits()) } else { format!("0x{:016X}", v.to_bits()) };
    }
    let mut s = if single { format!("{:e}", v as f32) } else { format!("{:e}", v) };
    if !s.contains('.') {
        s = s.replacen('e', ".0e", 1);
    }
    s
}

fn i64_type(ctx: &mut Context) -> TypeId {
    ctx.ty(TypeData::Integer { width: 64, signedness: Signedness::Signless })
}

fn f32_type(ctx: &mut Context) -> TypeId {
    let s = ctx.sym("f32");
    ctx.ty(TypeData::Float(s))
}

/// A `@name` symbol reference, quoted when it is not a bare identifier.
pub fn symbol_ref(ctx: &mut Context, name: &str) -> AttrId {
    let bare = !name.is_empty()
        && name.bytes().next().is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
        && name.bytes().all(|c| c.is_ascii_alphanumeric() || b"_$.-".contains(&c));
    let sp = if bare { format!("@{name}") } else { format!("@\"{}\"", escape_bytes(name.as_bytes())) };
    let s = ctx.sym(&sp);
    ctx.attr(AttrData::SymbolRef(vec![s]))
}

/// A dictionary with entries sorted by name (as MLIR keeps them).
pub fn sorted_dict(ctx: &mut Context, mut entries: Vec<NamedAttr>) -> AttrId {
    sort_attrs(ctx, &mut entries);
    ctx.attr(AttrData::Dict(entries))
}

pub fn sort_attrs(ctx: &Context, entries: &mut [NamedAttr]) {
    entries.sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
}

pub fn attr_map_to_dict(ctx: &mut Context, m: &std::collections::BTreeMap<String, AttrValue>, prefix: &str) -> Res<Vec<NamedAttr>> {
    let mut out = Vec::with_capacity(m.len());
    for (k, v) in m {
        if k.is_empty() {
            return Err("empty attr name".into());
        }
        let value = attr_to_ir(ctx, v).map_err(|e| format!("attribute '{k}': {e}"))?;
        let name = ctx.sym(&format!("{prefix}{k}"));
        out.push(NamedAttr::new(name, value));
    }
    Ok(out)
}

/// An `AttrValue` as an attribute.
pub fn attr_to_ir(ctx: &mut Context, v: &AttrValue) -> Res<AttrId> {
    use attr_value::Value;
    Ok(match &v.value {
        None => ctx.unit_attr(),
        Some(Value::S(s)) => {
            let sp = ctx.sym(&escape_bytes(s));
            ctx.attr(AttrData::String { spelling: sp, ty: None })
        }
        Some(Value::I(i)) => {
            let sp = ctx.sym(&i.to_string());
            let ty = i64_type(ctx);
            ctx.attr(AttrData::Int { spelling: sp, ty: Some(ty) })
        }
        Some(Value::F(f)) => {
            let sp = ctx.sym(&float_spelling(*f as f64, true));
            let ty = f32_type(ctx);
            ctx.attr(AttrData::Float { spelling: sp, ty: Some(ty) })
        }
        Some(Value::B(b)) => ctx.attr(AttrData::Bool(*b)),
        Some(Value::Type(t)) => {
            let ty = dtype_to_type(ctx, *t)?;
            ctx.attr(AttrData::Type(ty))
        }
        Some(Value::Shape(s)) => shape_to_ir(ctx, s),
        Some(Value::Tensor(t)) => tensor_to_ir(ctx, t)?,
        Some(Value::Placeholder(p)) => {
            let s = ctx.sym(&format!("#tf_type.placeholder<\"{}\">", escape_bytes(p.as_bytes())));
            ctx.attr(AttrData::Opaque(s))
        }
        Some(Value::Func(f)) => func_to_ir(ctx, f)?,
        Some(Value::List(l)) => {
            let mut items = Vec::new();
            for s in &l.s {
                let sp = ctx.sym(&escape_bytes(s));
                items.push(ctx.attr(AttrData::String { spelling: sp, ty: None }));
            }
            for i in &l.i {
                let sp = ctx.sym(&i.to_string());
                let ty = i64_type(ctx);
                items.push(ctx.attr(AttrData::Int { spelling: sp, ty: Some(ty) }));
            }
            for f in &l.f {
                let sp = ctx.sym(&float_spelling(*f as f64, true));
                let ty = f32_type(ctx);
                items.push(ctx.attr(AttrData::Float { spelling: sp, ty: Some(ty) }));
            }
            for b in &l.b {
                items.push(ctx.attr(AttrData::Bool(*b)));
            }
            for t in &l.r#type {
                let ty = dtype_to_type(ctx, *t)?;
                items.push(ctx.attr(AttrData::Type(ty)));
            }
            for s in &l.shape {
                items.push(shape_to_ir(ctx, s));
            }
            for t in &l.tensor {
                items.push(tensor_to_ir(ctx, t)?);
            }
            for f in &l.func {
                if f.attr.keys().any(|k| k.is_empty()) {
                    return Err("empty func_attr name".into());
                }
                items.push(func_to_ir(ctx, f)?);
            }
            ctx.attr(AttrData::Array(items))
        }
    })
}

fn func_to_ir(ctx: &mut Context, f: &NameAttrList) -> Res<AttrId> {
    let symbol = symbol_ref(ctx, &f.name);
    let entries = attr_map_to_dict(ctx, &f.attr, "")?;
    let attrs = sorted_dict(ctx, entries);
    Ok(ctx.attr(AttrData::TfFunc { symbol, attrs }))
}

pub fn shape_to_ir(ctx: &mut Context, s: &TensorShapeProto) -> AttrId {
    if s.unknown_rank {
        return ctx.attr(AttrData::TfShape(None));
    }
    let dims = s.dim.iter().map(|d| if d.size == -1 { DYNAMIC } else { d.size }).collect();
    ctx.attr(AttrData::TfShape(Some(dims)))
}

/// Element values of a tensor, decoded.
#[derive(Clone, Debug, PartialEq)]
pub enum Elems {
    Int(Vec<i128>),
    Float(Vec<f64>),
    Bool(Vec<bool>),
    Str(Vec<Vec<u8>>),
    Complex(Vec<(f64, f64)>),
}

impl Elems {
    pub fn len(&self) -> usize {
        match self {
            Elems::Int(v) => v.len(),
            Elems::Float(v) => v.len(),
            Elems::Bool(v) => v.len(),
            Elems::Str(v) => v.len(),
            Elems::Complex(v) => v.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Keeps one value when all are equal.
    pub fn collapse_splat(&mut self) {
        if self.len() > 1 && self.is_splat() {
            match self {
                Elems::Int(v) => v.truncate(1),
                Elems::Float(v) => v.truncate(1),
                Elems::Bool(v) => v.truncate(1),
                Elems::Str(v) => v.truncate(1),
                Elems::Complex(v) => v.truncate(1),
            }
        }
    }

    fn is_splat(&self) -> bool {
        fn all_eq<T: PartialEq>(v: &[T]) -> bool {
            v.windows(2).all(|w| w[0] == w[1])
        }
        match self {
            Elems::Int(v) => all_eq(v),
            Elems::Float(v) => v.windows(2).all(|w| w[0].to_bits() == w[1].to_bits()),
            Elems::Bool(v) => all_eq(v),
            Elems::Str(v) => all_eq(v),
            Elems::Complex(v) => v.windows(2).all(|w| w[0].0.to_bits() == w[1].0.to_bits() && w[0].1.to_bits() == w[1].1.to_bits()),
        }
    }
}

fn half_to_f32(bits: u16) -> f32 {
    let sign = ((bits >> 15) as u32) << 31;
    let exp = ((bits >> 10) & 0x1f) as u32;
    let man = (bits & 0x3ff) as u32;
    let v = if exp == 0 {
        if man == 0 {
            return f32::from_bits(sign);
        }
        let mut e = 127 - 15 + 1;
        let mut m = man;
        while m & 0x400 == 0 {
            m <<= 1;
            e -= 1;
        }
        ((e as u32) << 23) | ((m & 0x3ff) << 13)
    } else if exp == 31 {
        (0xff << 23) | (man << 13)
    } else {
        ((exp + 127 - 15) << 23) | (man << 13)
    };
    f32::from_bits(sign | v)
}

fn f32_to_half(v: f32) -> u16 {
    let b = v.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xff) as i32;
    let man = b & 0x7fffff;
    if exp == 255 {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 31 {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = (man | 0x800000) >> (1 - e + 13);
        return sign | m as u16;
    }
    let mut h = sign as u32 | ((e as u32) << 10) | (man >> 13);
    let rest = man & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && (h & 1) == 1) {
        h += 1;
    }
    h as u16
}

/// Most elements a tensor given by fewer typed values is expanded to.
const MAX_EXPANDED: usize = 1 << 24;

/// The element values of a tensor (typed fields repeated to fill the shape, as TensorFlow
/// reads them).
pub fn tensor_elems(t: &TensorProto, n: usize) -> Res<Elems> {
    let dt = t.dtype;
    let raw = &t.tensor_content;
    // Fewer typed values than elements: the last one repeats. A splat stays one value (the
    // shape may be huge); anything else is expanded, up to a limit.
    fn fill<T: Clone + PartialEq>(v: Vec<T>, n: usize, zero: T) -> Vec<T> {
        if v.len() >= n {
            return v;
        }
        let last = v.last().cloned().unwrap_or(zero);
        if v.iter().all(|x| *x == last) {
            return vec![last];
        }
        if n > MAX_EXPANDED {
            return v;
        }
        let mut v = v;
        v.resize(n, last);
        v
    }
    macro_rules! from_raw {
        ($ty:ty, $size:expr) => {{
            if Some(raw.len()) != n.checked_mul($size) {
                return Err(format!("tensor_content has {} bytes, expected {} elements of {} bytes", raw.len(), n, $size));
            }
            raw.chunks_exact($size).map(|c| <$ty>::from_le_bytes(c.try_into().unwrap_or_default())).collect::<Vec<$ty>>()
        }};
    }
    let use_raw = !raw.is_empty();
    Ok(match dt {
        1 => Elems::Float(if use_raw { from_raw!(f32, 4).into_iter().map(|v| v as f64).collect() } else { fill(t.float_val.iter().map(|&v| v as f64).collect(), n, 0.0) }),
        2 => Elems::Float(if use_raw { from_raw!(f64, 8) } else { fill(t.double_val.clone(), n, 0.0) }),
        19 => Elems::Float(if use_raw { from_raw!(u16, 2).into_iter().map(|b| half_to_f32(b) as f64).collect() } else { fill(t.half_val.iter().map(|&b| half_to_f32(b as u16) as f64).collect(), n, 0.0) }),
        14 => Elems::Float(if use_raw { from_raw!(u16, 2).into_iter().map(|b| f32::from_bits((b as u32) << 16) as f64).collect() } else { fill(t.half_val.iter().map(|&b| f32::from_bits((b as u32 & 0xffff) << 16) as f64).collect(), n, 0.0) }),
        3 | 5 | 6 | 13 | 15 | 11 => Elems::Int(if use_raw {
            match dt {
                3 | 13 => from_raw!(i32, 4).into_iter().map(i128::from).collect(),
                5 | 15 => from_raw!(i16, 2).into_iter().map(i128::from).collect(),
                _ => from_raw!(i8, 1).into_iter().map(i128::from).collect(),
            }
        } else {
            fill(t.int_val.iter().map(|&v| v as i128).collect(), n, 0)
        }),
        4 | 12 | 17 | 16 => Elems::Int(if use_raw {
            match dt {
                4 | 12 => from_raw!(u8, 1).into_iter().map(i128::from).collect(),
                _ => from_raw!(u16, 2).into_iter().map(i128::from).collect(),
            }
        } else {
            fill(t.int_val.iter().map(|&v| v as i128).collect(), n, 0)
        }),
        9 => Elems::Int(if use_raw { from_raw!(i64, 8).into_iter().map(i128::from).collect() } else { fill(t.int64_val.iter().map(|&v| v as i128).collect(), n, 0) }),
        22 => Elems::Int(if use_raw { from_raw!(u32, 4).into_iter().map(i128::from).collect() } else { fill(t.uint32_val.iter().map(|&v| v as i128).collect(), n, 0) }),
        23 => Elems::Int(if use_raw { from_raw!(u64, 8).into_iter().map(i128::from).collect() } else { fill(t.uint64_val.iter().map(|&v| v as i128).collect(), n, 0) }),
        10 => Elems::Bool(if use_raw { raw.iter().map(|&b| b != 0).collect() } else { fill(t.bool_val.clone(), n, false) }),
        7 => Elems::Str(fill(t.string_val.clone(), n, Vec::new())),
        8 => Elems::Complex(if use_raw {
            from_raw!(f32, 4).chunks(2).map(|c| (c[0] as f64, c.get(1).copied().unwrap_or(0.0) as f64)).collect()
        } else {
            fill(t.scomplex_val.chunks(2).map(|c| (c[0] as f64, c.get(1).copied().unwrap_or(0.0) as f64)).collect(), n, (0.0, 0.0))
        }),
        18 => Elems::Complex(if use_raw {
            from_raw!(f64, 8).chunks(2).map(|c| (c[0], c.get(1).copied().unwrap_or(0.0))).collect()
        } else {
            fill(t.dcomplex_val.chunks(2).map(|c| (c[0], c.get(1).copied().unwrap_or(0.0))).collect(), n, (0.0, 0.0))
        }),
        _ => return Err(format!("unsupported tensor dtype {}", data_type_name(dt).unwrap_or_else(|| dt.to_string()))),
    })
}

/// Tensors of more elements than this keep `tensor_content` as MLIR's hex form (one string,
/// not an attribute per element), as MLIR prints them by default
/// (`--mlir-print-elementsattrs-with-hex-if-larger=100`).
const HEX_ELEMENTS: usize = 100;

/// The byte width of a dtype whose `tensor_content` is MLIR's raw data as it stands.
fn raw_width(dtype: i32) -> Option<usize> {
    Some(match dtype {
        4 | 6 => 1,            // uint8, int8
        5 | 14 | 17 | 19 => 2, // int16, bfloat16, uint16, half
        1 | 3 | 22 => 4,       // float, int32, uint32
        2 | 9 | 23 => 8,       // double, int64, uint64
        _ => return None,
    })
}

/// A `TensorProto` as `dense<...> : tensor<...>` (or, for dtypes without elements MLIR can
/// hold, `#tf_type<tensor_proto : "0x...">`).
pub fn tensor_to_ir(ctx: &mut Context, t: &TensorProto) -> Res<AttrId> {
    let shape = t.tensor_shape.clone().unwrap_or_default();
    if shape.unknown_rank || shape.dim.iter().any(|d| d.size < 0) {
        return Err("tensor has an unknown shape".into());
    }
    let dims: Vec<i64> = shape.dim.iter().map(|d| d.size).collect();
    let n = dims.iter().try_fold(1usize, |a, &d| a.checked_mul(d as usize)).ok_or("tensor is too large")?;
    let elem = dtype_to_type(ctx, t.dtype)?;
    let ty = ctx.ty(TypeData::RankedTensor { shape: dims.clone(), elem, encoding: None });
    // A large tensor whose content is raw little-endian data stays bytes (the same bytes, not
    // a copy: printed as hex text), unless it is a splat (MLIR keeps one element then).
    if n > HEX_ELEMENTS {
        if let Some(w) = raw_width(t.dtype) {
            let raw = &t.tensor_content;
            if Some(raw.len()) == n.checked_mul(w) && raw.chunks_exact(w).any(|c| c != &raw[..w]) {
                let value = ctx.attr(AttrData::Hex(Blob::new(raw.clone())));
                return Ok(ctx.attr(AttrData::Dense { value, ty }));
            }
        }
    }
    // Quantized, resource, variant and the newer small float and int types have no MLIR
    // element literal: TensorFlow's `ConvertTensor` keeps them as a `TensorProtoAttr`.
    let elems = match t.dtype {
        11 | 12 | 13 | 15 | 16 | 20 | 21 | 24..=33 => None,
        _ => Some(tensor_elems(t, n)?),
    };
    let Some(elems) = elems.filter(|e| e.len() == n || (e.len() == 1 && n > 0)) else {
        let bytes = prost::Message::encode_to_vec(t);
        let s = ctx.sym(&format!("#tf_type<tensor_proto : \"{}\"> : ", hex(&bytes)));
        let _ = ty;
        // The opaque form carries its own type.
        let full = format!("{}{}", ctx.str(s), type_text(ctx, ty));
        let s = ctx.sym(&full);
        return Ok(ctx.attr(AttrData::Opaque(s)));
    };
    let single = matches!(t.dtype, 1 | 19 | 14 | 8);
    let elem_attr = |ctx: &mut Context, i: usize| -> AttrId {
        match &elems {
            Elems::Int(v) => {
                let s = ctx.sym(&v[i].to_string());
                ctx.attr(AttrData::Int { spelling: s, ty: None })
            }
            Elems::Float(v) => {
                let s = ctx.sym(&float_spelling(v[i], single));
                ctx.attr(AttrData::Float { spelling: s, ty: None })
            }
            Elems::Bool(v) => ctx.attr(AttrData::Bool(v[i])),
            Elems::Str(v) => {
                let s = ctx.sym(&escape_bytes(&v[i]));
                ctx.attr(AttrData::String { spelling: s, ty: None })
            }
            Elems::Complex(v) => {
                let (re, im) = v[i];
                let r = ctx.sym(&float_spelling(re, single));
                let r = ctx.attr(AttrData::Float { spelling: r, ty: None });
                let m = ctx.sym(&float_spelling(im, single));
                let m = ctx.attr(AttrData::Float { spelling: m, ty: None });
                ctx.attr(AttrData::ComplexLit(r, m))
            }
        }
    };
    let value = if n > 0 && (elems.len() == 1 || elems.is_splat()) {
        elem_attr(ctx, 0)
    } else {
        fn nest(ctx: &mut Context, dims: &[i64], start: usize, f: &mut dyn FnMut(&mut Context, usize) -> AttrId) -> AttrId {
            if dims.is_empty() {
                return f(ctx, start);
            }
            let inner: usize = dims[1..].iter().map(|&d| d as usize).product();
            let items = (0..dims[0] as usize).map(|i| nest(ctx, &dims[1..], start + i * inner, f)).collect();
            ctx.attr(AttrData::Array(items))
        }
        let mut f = elem_attr;
        if n == 0 {
            ctx.attr(AttrData::Array(vec![]))
        } else {
            nest(ctx, &dims, 0, &mut f)
        }
    };
    Ok(ctx.attr(AttrData::Dense { value, ty }))
}

fn type_text(ctx: &Context, ty: TypeId) -> String {
    crate::printer::type_to_string(ctx, ty)
}

// ---------------------------------------------------------------------------------------------
// Full types.

fn full_type_mnemonic(id: i32) -> String {
    full_type_name(id).map(|n| n.trim_start_matches("TFT_").to_ascii_lowercase()).unwrap_or_else(|| id.to_string())
}

/// `#tf_type.full_type<...>` text of a FullTypeDef.
pub fn full_type_text(ft: &FullTypeDef) -> String {
    fn go(ft: &FullTypeDef, out: &mut String) {
        out.push_str(&full_type_mnemonic(ft.type_id));
        if !ft.args.is_empty() {
            out.push('<');
            for (i, a) in ft.args.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                go(a, out);
            }
            out.push('>');
        }
        match &ft.attr {
            Some(full_type_def::Attr::S(s)) => out.push_str(&format!(" \"{}\"", escape_bytes(s.as_bytes()))),
            Some(full_type_def::Attr::I(i)) => out.push_str(&format!(" {i}")),
            None => {}
        }
    }
    let mut s = String::from("#tf_type.full_type<");
    go(ft, &mut s);
    s.push('>');
    s
}

pub fn full_type_to_ir(ctx: &mut Context, ft: &FullTypeDef) -> AttrId {
    let s = ctx.sym(&full_type_text(ft));
    ctx.attr(AttrData::Opaque(s))
}

/// Parses `#tf_type.full_type<...>` back.
pub fn parse_full_type(text: &str) -> Res<FullTypeDef> {
    let body = text.strip_prefix("#tf_type.full_type<").and_then(|s| s.strip_suffix('>')).ok_or_else(|| format!("not a full type: {text}"))?;
    let b = body.as_bytes();
    let mut pos = 0;
    fn ws(b: &[u8], pos: &mut usize) {
        while *pos < b.len() && b[*pos] == b' ' {
            *pos += 1;
        }
    }
    fn go(b: &[u8], pos: &mut usize, depth: usize) -> Res<FullTypeDef> {
        if depth > 100 {
            return Err("full type is nested too deeply".into());
        }
        ws(b, pos);
        let start = *pos;
        while *pos < b.len() && (b[*pos].is_ascii_alphanumeric() || b[*pos] == b'_') {
            *pos += 1;
        }
        let word = std::str::from_utf8(&b[start..*pos]).unwrap_or("");
        let type_id = full_type_number(&format!("TFT_{}", word.to_ascii_uppercase()))
            .or_else(|| word.parse().ok())
            .ok_or_else(|| format!("unknown full type '{word}'"))?;
        let mut ft = FullTypeDef { type_id, ..Default::default() };
        ws(b, pos);
        if b.get(*pos) == Some(&b'<') {
            *pos += 1;
            loop {
                ft.args.push(go(b, pos, depth + 1)?);
                ws(b, pos);
                match b.get(*pos) {
                    Some(b',') => *pos += 1,
                    Some(b'>') => {
                        *pos += 1;
                        break;
                    }
                    _ => return Err("expected ',' or '>' in full type".into()),
                }
            }
            ws(b, pos);
        }
        if b.get(*pos) == Some(&b'"') {
            let start = *pos + 1;
            let mut end = start;
            while end < b.len() && b[end] != b'"' {
                end += if b[end] == b'\\' { 2 } else { 1 };
            }
            let raw = std::str::from_utf8(&b[start..end.min(b.len())]).unwrap_or("");
            ft.attr = Some(full_type_def::Attr::S(String::from_utf8_lossy(&unescape_string(raw)).into_owned()));
            *pos = end + 1;
        } else if b.get(*pos).is_some_and(|c| c.is_ascii_digit() || *c == b'-') {
            let start = *pos;
            *pos += 1;
            while *pos < b.len() && b[*pos].is_ascii_digit() {
                *pos += 1;
            }
            ft.attr = Some(full_type_def::Attr::I(std::str::from_utf8(&b[start..*pos]).unwrap_or("0").parse().map_err(|_| "bad full type int")?));
        }
        Ok(ft)
    }
    let ft = go(b, &mut pos, 0)?;
    Ok(ft)
}

// ---------------------------------------------------------------------------------------------
// Attributes, IR → GraphDef.

fn parse_float(s: &str, single: bool) -> Option<f64> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let v = if let Some(h) = body.strip_prefix("0x") {
        let bits = u64::from_str_radix(h, 16).ok()?;
        if single && h.len() <= 8 {
            f32::from_bits(bits as u32) as f64
        } else {
            f64::from_bits(bits)
        }
    } else {
        body.parse::<f64>().ok()?
    };
    Some(if neg { -v } else { v })
}

pub fn string_bytes(ctx: &Context, a: AttrId) -> Option<Vec<u8>> {
    ctx.string_value(a)
}

/// The `DataType` of a type attribute's type.
fn ir_dtype(ctx: &Context, t: TypeId) -> Res<i32> {
    type_to_dtype(ctx, t).ok_or_else(|| format!("type {} has no TensorFlow data type", crate::printer::type_to_string(ctx, t)))
}

/// An attribute as an `AttrValue`.
pub fn ir_to_attr(ctx: &Context, a: AttrId) -> Res<AttrValue> {
    use attr_value::Value;
    let a = ctx.resolved_attr(a);
    Ok(AttrValue {
        value: Some(match ctx.attr_data(a) {
            AttrData::Unit => return Ok(AttrValue { value: None }),
            AttrData::String { .. } => Value::S(ctx.string_value(a).unwrap_or_default()),
            AttrData::Int { spelling, .. } => Value::I(parse_int_spelling(ctx.str(*spelling)).ok_or("bad integer")? as i64),
            AttrData::Float { spelling, .. } => Value::F(parse_float(ctx.str(*spelling), true).ok_or("bad float")? as f32),
            AttrData::Bool(b) => Value::B(*b),
            AttrData::Type(t) => Value::Type(ir_dtype(ctx, *t)?),
            AttrData::TfShape(s) => Value::Shape(ir_to_shape(s)),
            AttrData::Dense { .. } => Value::Tensor(ir_to_tensor(ctx, a)?),
            AttrData::TfFunc { symbol, attrs } => Value::Func(ir_to_func(ctx, *symbol, *attrs)?),
            AttrData::Opaque(s) => {
                let text = ctx.str(*s);
                if let Some(p) = text.strip_prefix("#tf_type.placeholder<\"").and_then(|r| r.strip_suffix("\">")) {
                    Value::Placeholder(String::from_utf8_lossy(&unescape_string(p)).into_owned())
                } else if text.starts_with("#tf_type<tensor_proto") {
                    Value::Tensor(ir_to_tensor(ctx, a)?)
                } else {
                    return Err(format!("attribute {text} has no GraphDef form"));
                }
            }
            AttrData::Array(items) => {
                let mut l = ListValue::default();
                for &it in items {
                    match ir_to_attr(ctx, it)?.value {
                        Some(Value::S(s)) => l.s.push(s),
                        Some(Value::I(i)) => l.i.push(i),
                        Some(Value::F(f)) => l.f.push(f),
                        Some(Value::B(b)) => l.b.push(b),
                        Some(Value::Type(t)) => l.r#type.push(t),
                        Some(Value::Shape(s)) => l.shape.push(s),
                        Some(Value::Tensor(t)) => l.tensor.push(t),
                        Some(Value::Func(f)) => l.func.push(f),
                        _ => return Err("unsupported list element".into()),
                    }
                }
                Value::List(l)
            }
            AttrData::SymbolRef(parts) if !parts.is_empty() => Value::Func(NameAttrList { name: symbol_name(ctx.str(parts[0])), attr: Default::default() }),
            _ => return Err("attribute has no GraphDef form".into()),
        }),
    })
}

pub fn symbol_name(sp: &str) -> String {
    let s = sp.strip_prefix('@').unwrap_or(sp);
    if let Some(q) = s.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        String::from_utf8_lossy(&unescape_string(q)).into_owned()
    } else {
        s.to_string()
    }
}

fn ir_to_func(ctx: &Context, symbol: AttrId, attrs: AttrId) -> Res<NameAttrList> {
    let name = match ctx.attr_data(ctx.resolved_attr(symbol)) {
        AttrData::SymbolRef(parts) if !parts.is_empty() => symbol_name(ctx.str(parts[0])),
        AttrData::String { .. } => String::from_utf8_lossy(&ctx.string_value(symbol).unwrap_or_default()).into_owned(),
        _ => return Err("bad #tf_type.func symbol".into()),
    };
    let mut attr = std::collections::BTreeMap::new();
    for e in ctx.dict_entries(attrs) {
        attr.insert(ctx.str(e.name).to_string(), ir_to_attr(ctx, e.value)?);
    }
    Ok(NameAttrList { name, attr })
}

fn ir_to_shape(s: &Option<Vec<i64>>) -> TensorShapeProto {
    match s {
        None => TensorShapeProto { dim: vec![], unknown_rank: true },
        Some(d) => TensorShapeProto { dim: d.iter().map(|&x| Dim { size: if x == DYNAMIC { -1 } else { x }, name: String::new() }).collect(), unknown_rank: false },
    }
}

/// `dense<...>` (or the opaque tensor_proto form) as a `TensorProto`, encoded as TensorFlow's
/// exporter encodes it: a splat as one typed value, otherwise `tensor_content` for numbers,
/// typed fields for bool, string and half types.
pub fn ir_to_tensor(ctx: &Context, a: AttrId) -> Res<TensorProto> {
    let a = ctx.resolved_attr(a);
    if let AttrData::Opaque(s) = ctx.attr_data(a) {
        let text = ctx.str(*s);
        let hexs = text.split('"').nth(1).ok_or("bad tensor_proto attribute")?;
        let bytes = unhex(hexs).ok_or("bad tensor_proto hex")?;
        return <TensorProto as prost::Message>::decode(bytes.as_slice()).map_err(|e| format!("bad tensor_proto: {e}"));
    }
    let AttrData::Dense { value, ty } = ctx.attr_data(a) else { return Err("not a tensor".into()) };
    let (dims, elem) = match ctx.type_data(ctx.resolved_type(*ty)) {
        TypeData::RankedTensor { shape, elem, .. } => (shape.clone(), *elem),
        _ => return Err("dense attribute without a ranked tensor type".into()),
    };
    let dtype = ir_dtype(ctx, elem)?;
    let n: usize = dims.iter().try_fold(1usize, |a, &d| a.checked_mul(d.max(0) as usize)).ok_or("tensor is too large")?;
    let mut flat = Vec::new();
    fn flatten(ctx: &Context, a: AttrId, out: &mut Vec<AttrId>) {
        match ctx.attr_data(ctx.resolved_attr(a)) {
            AttrData::Array(items) => items.iter().for_each(|&i| flatten(ctx, i, out)),
            AttrData::Unit => {} // `dense<>`: no elements
            _ => out.push(a),
        }
    }
    // A hex string literal holds the raw little-endian data.
    let mut t = TensorProto {
        dtype,
        tensor_shape: Some(TensorShapeProto { dim: dims.iter().map(|&d| Dim { size: d, name: String::new() }).collect(), unknown_rank: false }),
        ..Default::default()
    };
    if dtype != 7 {
        match ctx.attr_data(ctx.resolved_attr(*value)) {
            AttrData::Hex(raw) => {
                t.tensor_content = raw.bytes();
                return Ok(t);
            }
            AttrData::String { spelling, .. } => {
                if let Some(raw) = unhex(ctx.str(*spelling)) {
                    t.tensor_content = raw.into();
                    return Ok(t);
                }
            }
            _ => {}
        }
    }
    flatten(ctx, *value, &mut flat);
    let splat = flat.len() == 1;
    let single = matches!(dtype, 1 | 19 | 14 | 8);
    let num = |a: AttrId| -> Res<f64> {
        match ctx.attr_data(ctx.resolved_attr(a)) {
            AttrData::Float { spelling, .. } | AttrData::Int { spelling, .. } => parse_float(ctx.str(*spelling), single).ok_or_else(|| "bad number".to_string()),
            AttrData::Bool(b) => Ok(*b as i32 as f64),
            _ => Err("bad tensor element".into()),
        }
    };
    let int = |a: AttrId| -> Res<i128> {
        match ctx.attr_data(ctx.resolved_attr(a)) {
            AttrData::Int { spelling, .. } => parse_int_spelling(ctx.str(*spelling)).ok_or_else(|| "bad integer".to_string()),
            AttrData::Bool(b) => Ok(*b as i128),
            _ => Err("bad tensor element".into()),
        }
    };
    let use_content = !splat && n > 0;
    match dtype {
        1 => {
            let v: Vec<f32> = flat.iter().map(|&a| num(a).map(|x| x as f32)).collect::<Res<_>>()?;
            if use_content { t.tensor_content = v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>().into() } else { t.float_val = v }
        }
        2 => {
            let v: Vec<f64> = flat.iter().map(|&a| num(a)).collect::<Res<_>>()?;
            if use_content { t.tensor_content = v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>().into() } else { t.double_val = v }
        }
        19 => t.half_val = flat.iter().map(|&a| num(a).map(|x| f32_to_half(x as f32) as i32)).collect::<Res<_>>()?,
        14 => t.half_val = flat.iter().map(|&a| num(a).map(|x| ((x as f32).to_bits() >> 16) as i32)).collect::<Res<_>>()?,
        10 => t.bool_val = flat.iter().map(|&a| int(a).map(|x| x != 0)).collect::<Res<_>>()?,
        7 => t.string_val = flat.iter().map(|&a| ctx.string_value(a).ok_or_else(|| "bad string element".to_string())).collect::<Res<_>>()?,
        8 | 18 => {
            let mut v = Vec::new();
            for &a in &flat {
                match ctx.attr_data(ctx.resolved_attr(a)) {
                    AttrData::ComplexLit(r, i) => {
                        v.push(num(*r)?);
                        v.push(num(*i)?);
                    }
                    _ => return Err("bad complex element".into()),
                }
            }
            if dtype == 8 {
                t.scomplex_val = v.into_iter().map(|x| x as f32).collect();
            } else {
                t.dcomplex_val = v;
            }
        }
        _ => {
            let v: Vec<i128> = flat.iter().map(|&a| int(a)).collect::<Res<_>>()?;
            if use_content {
                let size = match dtype {
                    3 | 13 | 22 => 4,
                    9 | 23 => 8,
                    5 | 15 | 17 | 16 => 2,
                    _ => 1,
                };
                t.tensor_content = v.iter().flat_map(|&x| (x as i64).to_le_bytes()[..size].to_vec()).collect::<Vec<u8>>().into();
            } else {
                match dtype {
                    9 => t.int64_val = v.iter().map(|&x| x as i64).collect(),
                    22 => t.uint32_val = v.iter().map(|&x| x as u32).collect(),
                    23 => t.uint64_val = v.iter().map(|&x| x as u64).collect(),
                    _ => t.int_val = v.iter().map(|&x| x as i32).collect(),
                }
            }
        }
    }
    Ok(t)
}

/// A tensor's content in one canonical form (dtype, shape, decoded values), for comparing
/// tensors whatever their encoding (what TensorFlow's round-trip test normalises).
pub fn canonical_tensor(t: &TensorProto) -> Option<(i32, Vec<i64>, Elems)> {
    let shape = t.tensor_shape.clone().unwrap_or_default();
    let dims: Vec<i64> = shape.dim.iter().map(|d| d.size).collect();
    let n = dims.iter().try_fold(1usize, |a, &d| a.checked_mul(d.max(0) as usize))?;
    let e = tensor_elems(t, n).ok()?;
    let e = match e {
        Elems::Float(v) => Elems::Float(v.into_iter().map(|x| if x.is_nan() { -42.0 } else { x }).collect()),
        other => other,
    };
    Some((t.dtype, dims, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dtypes_round_trip() {
        let mut ctx = Context::new();
        for dt in (1..=33).chain([101, 103, 107, 120]) {
            let t = dtype_to_type(&mut ctx, dt).unwrap();
            assert_eq!(type_to_dtype(&ctx, t), Some(dt), "dtype {dt}");
        }
        assert!(dtype_to_type(&mut ctx, 0).is_err());
    }

    #[test]
    fn halves() {
        for v in [0.0f32, -0.0, 1.0, -2.5, 65504.0, 6.1035156e-5, 5.9604645e-8] {
            assert_eq!(half_to_f32(f32_to_half(v)).to_bits(), v.to_bits(), "{v}");
        }
        assert_eq!(f32_to_half(-0.0), 0x8000);
    }

    #[test]
    fn full_types_round_trip() {
        let ft = FullTypeDef {
            type_id: 3,
            args: vec![
                FullTypeDef { type_id: 1000, args: vec![FullTypeDef { type_id: 1, attr: Some(full_type_def::Attr::S("T".into())), ..Default::default() }], ..Default::default() },
                FullTypeDef { type_id: 1003, attr: Some(full_type_def::Attr::I(-3)), ..Default::default() },
            ],
            attr: None,
        };
        let text = full_type_text(&ft);
        assert_eq!(text, "#tf_type.full_type<product<tensor<var \"T\">, literal -3>>");
        assert_eq!(parse_full_type(&text).unwrap(), ft);
    }

    #[test]
    fn tensors_round_trip_by_value() {
        let mut ctx = Context::new();
        let t = TensorProto {
            dtype: 3,
            tensor_shape: Some(TensorShapeProto { dim: vec![Dim { size: 2, name: String::new() }, Dim { size: 2, name: String::new() }], unknown_rank: false }),
            int_val: vec![1, 2, 3],
            ..Default::default()
        };
        let a = tensor_to_ir(&mut ctx, &t).unwrap();
        let back = ir_to_tensor(&ctx, a).unwrap();
        assert_eq!(canonical_tensor(&back), canonical_tensor(&t));
        // A splat of a huge shape stays one value.
        let big = TensorProto { dtype: 1, tensor_shape: Some(TensorShapeProto { dim: vec![Dim { size: 1 << 40, name: String::new() }], unknown_rank: false }), float_val: vec![0.5], ..Default::default() };
        let a = tensor_to_ir(&mut ctx, &big).unwrap();
        assert_eq!(ir_to_tensor(&ctx, a).unwrap().float_val, vec![0.5]);
    }
}
