//! How framework type names meet IR types: TensorFlow dtypes (`float`, `qint8`, refs) and
//! tfg element types (`f32`, `!tf_type.qint8`, `!tf_type.f32ref`); ONNX type strings
//! (`tensor(float)`, `seq(tensor(int64))`) and onnx-mlir types (`tensor<2xf32>`,
//! `!onnx.Seq<...>`, `none`); TorchScript types (`Tensor?`, `int[]`) and torch-mlir types
//! (`!torch.vtensor<...>`, `!torch.int`).

use crate::ir::types::Signedness;
use crate::ir::{Context, TypeData, TypeId};

/// TensorFlow dtype name ↔ MLIR element type spelling (tfg's, as the TF importer writes them).
pub const TF_DTYPES: &[(&str, &str)] = &[
    ("float", "f32"),
    ("double", "f64"),
    ("half", "f16"),
    ("bfloat16", "bf16"),
    ("bool", "i1"),
    ("int8", "i8"),
    ("int16", "i16"),
    ("int32", "i32"),
    ("int64", "i64"),
    ("uint8", "ui8"),
    ("uint16", "ui16"),
    ("uint32", "ui32"),
    ("uint64", "ui64"),
    ("int4", "i4"),
    ("uint4", "ui4"),
    ("int2", "i2"),
    ("uint2", "ui2"),
    ("complex64", "complex<f32>"),
    ("complex128", "complex<f64>"),
    ("string", "!tf_type.string"),
    ("resource", "!tf_type.resource"),
    ("variant", "!tf_type.variant"),
    ("qint8", "!tf_type.qint8"),
    ("qint16", "!tf_type.qint16"),
    ("qint32", "!tf_type.qint32"),
    ("quint8", "!tf_type.quint8"),
    ("quint16", "!tf_type.quint16"),
    ("float8_e5m2", "f8E5M2"),
    ("float8_e4m3fn", "f8E4M3FN"),
    ("float8_e4m3fnuz", "f8E4M3FNUZ"),
    ("float8_e4m3b11fnuz", "f8E4M3B11FNUZ"),
    ("float8_e5m2fnuz", "f8E5M2FNUZ"),
];

/// The MLIR spelling of a TF dtype.
pub fn tf_dtype_to_mlir(name: &str) -> Option<&'static str> {
    TF_DTYPES.iter().find(|(d, _)| *d == name).map(|(_, m)| *m)
}

fn dtype_of_mlir(spelling: &str) -> Option<&'static str> {
    TF_DTYPES.iter().find(|(_, m)| *m == spelling).map(|(d, _)| *d)
}

/// The element type of a tensor type (`None` for anything else).
pub fn element_type(ctx: &Context, t: TypeId) -> Option<TypeId> {
    match ctx.type_data(ctx.resolved_type(t)) {
        TypeData::RankedTensor { elem, .. } | TypeData::UnrankedTensor { elem } => Some(ctx.resolved_type(*elem)),
        _ => None,
    }
}

/// The MLIR spelling of a scalar element type (`f32`, `ui8`, `complex<f32>`,
/// `!tf_type.qint8`), or `None` when it is not a plain element type.
pub fn elem_spelling(ctx: &Context, t: TypeId) -> Option<String> {
    Some(match ctx.type_data(ctx.resolved_type(t)) {
        TypeData::Float(s) => ctx.str(*s).to_string(),
        TypeData::Integer { width, signedness } => {
            let p = match signedness {
                Signedness::Signless => "i",
                Signedness::Signed => "si",
                Signedness::Unsigned => "ui",
            };
            format!("{}{}", p, width)
        }
        TypeData::Complex(inner) => format!("complex<{}>", elem_spelling(ctx, *inner)?),
        TypeData::TfSimple(s) => format!("!tf_type.{}", ctx.str(*s)),
        TypeData::TfWithSubtypes { name, .. } => format!("!tf_type.{}", ctx.str(*name)),
        TypeData::Opaque(s) => ctx.str(*s).to_string(),
        TypeData::Index => "index".to_string(),
        _ => return None,
    })
}

/// The TF dtype of an element type and whether it is a reference type; `None` when the type
/// says nothing about the dtype (`!tf_type.tensor`, opaque types). Allocation-free for the
/// builtin element types (it runs for every operand of every op).
pub fn tf_dtype(ctx: &Context, elem: TypeId) -> Option<(&'static str, bool)> {
    match ctx.type_data(ctx.resolved_type(elem)) {
        TypeData::Float(s) => return dtype_of_mlir(ctx.str(*s)).map(|d| (d, false)),
        TypeData::Integer { width, signedness } => {
            let d = match (signedness, width) {
                (Signedness::Signless, 1) => "bool",
                (Signedness::Signless, 2) => "int2",
                (Signedness::Signless, 4) => "int4",
                (Signedness::Signless, 8) => "int8",
                (Signedness::Signless, 16) => "int16",
                (Signedness::Signless, 32) => "int32",
                (Signedness::Signless, 64) => "int64",
                (Signedness::Unsigned, 2) => "uint2",
                (Signedness::Unsigned, 4) => "uint4",
                (Signedness::Unsigned, 8) => "uint8",
                (Signedness::Unsigned, 16) => "uint16",
                (Signedness::Unsigned, 32) => "uint32",
                (Signedness::Unsigned, 64) => "uint64",
                _ => return None,
            };
            return Some((d, false));
        }
        _ => {}
    }
    let spelling = elem_spelling(ctx, elem)?;
    if let Some(d) = dtype_of_mlir(&spelling) {
        return Some((d, false));
    }
    let base = spelling.strip_prefix("!tf_type.")?.strip_suffix("ref")?;
    let base = match base {
        "f16" | "half" => "half",
        "f32" => "float",
        "f64" => "double",
        "float8e5m2" => "float8_e5m2",
        "float8e4m3fn" => "float8_e4m3fn",
        "float8e4m3fnuz" => "float8_e4m3fnuz",
        "float8e4m3b11fnuz" => "float8_e4m3b11fnuz",
        "float8e5m2fnuz" => "float8_e5m2fnuz",
        other => other,
    };
    TF_DTYPES.iter().find(|(d, _)| *d == base).map(|(d, _)| (*d, true))
}

/// The TF dtype of a value of type `t` (a tensor's element type), if the type tells it.
pub fn tf_dtype_of_value(ctx: &Context, t: TypeId) -> Option<(&'static str, bool)> {
    tf_dtype(ctx, element_type(ctx, t)?)
}

/// ONNX element type name ↔ MLIR element type spelling (onnx-mlir's).
pub const ONNX_ELEMS: &[(&str, &str)] = &[
    ("float", "f32"),
    ("double", "f64"),
    ("float16", "f16"),
    ("bfloat16", "bf16"),
    ("bool", "i1"),
    ("int8", "i8"),
    ("int16", "i16"),
    ("int32", "i32"),
    ("int64", "i64"),
    ("uint8", "ui8"),
    ("uint16", "ui16"),
    ("uint32", "ui32"),
    ("uint64", "ui64"),
    ("int4", "i4"),
    ("uint4", "ui4"),
    ("int2", "i2"),
    ("uint2", "ui2"),
    ("complex64", "complex<f32>"),
    ("complex128", "complex<f64>"),
    ("string", "!onnx.String"),
    ("float8e4m3fn", "f8E4M3FN"),
    ("float8e4m3fnuz", "f8E4M3FNUZ"),
    ("float8e5m2", "f8E5M2"),
    ("float8e5m2fnuz", "f8E5M2FNUZ"),
    ("float8e8m0", "f8E8M0FNU"),
    ("float4e2m1", "f4E2M1FN"),
    ("float6e2m3", "f6E2M3FN"),
    ("float6e3m2", "f6E3M2FN"),
];

/// The MLIR type for an ONNX type string, as onnx-mlir writes it (`tensor(float)` →
/// `tensor<*xf32>`, `seq(tensor(int64))` → `!onnx.Seq<tensor<*xi64>>`); `None` for maps.
pub fn onnx_type_to_mlir(t: &str) -> Option<String> {
    if let Some(inner) = t.strip_prefix("tensor(").and_then(|s| s.strip_suffix(')')) {
        let e = ONNX_ELEMS.iter().find(|(o, _)| *o == inner)?.1;
        return Some(format!("tensor<*x{}>", e));
    }
    if let Some(inner) = t.strip_prefix("seq(").and_then(|s| s.strip_suffix(')')) {
        return Some(format!("!onnx.Seq<{}>", onnx_type_to_mlir(inner)?));
    }
    if let Some(inner) = t.strip_prefix("optional(").and_then(|s| s.strip_suffix(')')) {
        return Some(format!("!onnx.Opt<{}>", onnx_type_to_mlir(inner)?));
    }
    None
}

/// The ONNX type string of a value type: `tensor(float)`, `seq(...)`, `optional(...)`;
/// `Some("none")` for `none` (an absent optional input); `None` when unknown.
pub fn onnx_type_of(ctx: &Context, t: TypeId) -> Option<String> {
    match ctx.type_data(ctx.resolved_type(t)) {
        TypeData::None => Some("none".to_string()),
        TypeData::RankedTensor { elem, .. } | TypeData::UnrankedTensor { elem } => {
            let e = elem_spelling(ctx, *elem)?;
            let name = ONNX_ELEMS.iter().find(|(_, m)| *m == e).map(|(o, _)| *o)?;
            Some(format!("tensor({})", name))
        }
        TypeData::Opaque(s) => onnx_type_of_text(ctx.str(*s)),
        _ => None,
    }
}

/// `!onnx.Seq<tensor<*xf32>>` → `seq(tensor(float))` (text level, for opaque dialect types).
fn onnx_type_of_text(text: &str) -> Option<String> {
    let text = text.trim();
    for (prefix, ctor) in [("!onnx.Seq<", "seq"), ("!onnx.Opt<", "optional")] {
        if let Some(inner) = text.strip_prefix(prefix).and_then(|s| s.strip_suffix('>')) {
            return Some(format!("{}({})", ctor, onnx_type_of_text(inner)?));
        }
    }
    if text == "!onnx.String" {
        return Some("string".to_string());
    }
    let inner = text.strip_prefix("tensor<")?.strip_suffix('>')?;
    let elem = match inner.rfind('x') {
        // The element follows the last `x` that ends a dimension (`2x3xf32`, `*xf32`).
        Some(i) if inner[..i].chars().all(|c| c.is_ascii_digit() || c == 'x' || c == '?' || c == '*') => &inner[i + 1..],
        _ => inner,
    };
    let name = ONNX_ELEMS.iter().find(|(_, m)| *m == elem).map(|(o, _)| *o)?;
    Some(format!("tensor({})", name))
}

/// What kind of TorchScript value an IR type holds, for checking call arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TorchKind {
    Tensor,
    Int,
    Float,
    Bool,
    Str,
    None,
    List,
    Number,
    Other,
}

/// The kind of a torch-mlir value type (`!torch.vtensor<[2],f32>` → Tensor, `!torch.int` →
/// Int); builtin tensors count as tensors; `None` when the type is not a torch-mlir type.
pub fn torch_kind_of(ctx: &Context, t: TypeId) -> Option<TorchKind> {
    match ctx.type_data(ctx.resolved_type(t)) {
        TypeData::RankedTensor { .. } | TypeData::UnrankedTensor { .. } => Some(TorchKind::Tensor),
        TypeData::Opaque(s) => {
            let text = ctx.str(*s);
            let rest = text.strip_prefix("!torch.")?;
            let head: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            Some(match head.as_str() {
                "tensor" | "vtensor" => TorchKind::Tensor,
                "int" => TorchKind::Int,
                "float" => TorchKind::Float,
                "bool" => TorchKind::Bool,
                "str" => TorchKind::Str,
                "none" => TorchKind::None,
                "list" => TorchKind::List,
                "number" => TorchKind::Number,
                _ => TorchKind::Other,
            })
        }
        _ => None,
    }
}

/// Whether a value of `kind` may be passed for a TorchScript argument of type `ty`.
pub fn torch_accepts(ty: &str, kind: TorchKind) -> bool {
    if kind == TorchKind::Other {
        return true;
    }
    let optional = ty.ends_with('?') || ty.starts_with("Optional[");
    if kind == TorchKind::None {
        return optional || ty == "NoneType" || ty == "Any" || ty.starts_with('t');
    }
    let base = ty.trim_end_matches('?');
    let base = base.strip_prefix("Optional[").and_then(|s| s.strip_suffix(']')).unwrap_or(base);
    if base.ends_with(']') || base.starts_with("List[") {
        // int[], int[2], Tensor?[], List[int]: a list (an int broadcasts to int[N]).
        let int_list = base.starts_with("int[") || base.starts_with("SymInt[");
        return kind == TorchKind::List || (kind == TorchKind::Int && int_list);
    }
    match base {
        "Tensor" => kind == TorchKind::Tensor,
        "int" | "SymInt" | "ScalarType" | "Layout" | "MemoryFormat" => kind == TorchKind::Int,
        "Device" => matches!(kind, TorchKind::Int | TorchKind::Str),
        "float" => matches!(kind, TorchKind::Float | TorchKind::Int),
        "bool" => matches!(kind, TorchKind::Bool | TorchKind::Int),
        "str" => kind == TorchKind::Str,
        "Scalar" | "number" | "complex" => {
            matches!(kind, TorchKind::Int | TorchKind::Float | TorchKind::Bool | TorchKind::Number)
        }
        _ => true,
    }
}
