//! Type payloads. Types are interned in the [`Context`](super::Context) and referred to by
//! [`TypeId`]; equal types have equal ids (aliases aside, see [`TypeData::Alias`]).

use super::{AttrId, Sym, TypeId};

/// Signedness of a builtin integer type (`i32`, `si32`, `ui32`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

/// A dynamic dimension (`?`) in a shape.
pub const DYNAMIC: i64 = i64::MIN;

/// What a type is.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeData {
    Integer { width: u32, signedness: Signedness },
    Index,
    /// A builtin float type, by its keyword (`f32`, `bf16`, `f8E4M3FN`, ...).
    Float(Sym),
    None,
    Complex(TypeId),
    Tuple(Vec<TypeId>),
    Function { inputs: Vec<TypeId>, results: Vec<TypeId> },
    /// `tensor<2x?xf32, #enc>`; dynamic dims are [`DYNAMIC`].
    RankedTensor { shape: Vec<i64>, elem: TypeId, encoding: Option<AttrId> },
    UnrankedTensor { elem: TypeId },
    /// `vector<[4]x2xf32>`: `scalable[i]` marks `[4]`.
    Vector { shape: Vec<i64>, scalable: Vec<bool>, elem: TypeId },
    MemRef { shape: Vec<i64>, elem: TypeId, layout: Option<AttrId>, space: Option<AttrId> },
    UnrankedMemRef { elem: TypeId, space: Option<AttrId> },
    /// `!tf_type.<name>` without parameters (`control`, `string`, `qint8`, `f32ref`, ...).
    TfSimple(Sym),
    /// `!tf_type.resource<...>` / `!tf_type.variant<...>` with subtypes (maybe none).
    TfWithSubtypes { name: Sym, subtypes: Vec<TypeId> },
    /// A dialect type amanda-opt does not model, verbatim (`!llvm.ptr<1>`, `!foo<"x">`).
    Opaque(Sym),
    /// A use of the alias `!name = <target>`; printed as the alias in preserving mode.
    Alias { name: Sym, target: TypeId },
}

/// Float type keywords MLIR knows.
pub const FLOAT_TYPE_NAMES: &[&str] = &[
    "f16", "bf16", "f32", "f64", "f80", "f128", "tf32", "f8E5M2", "f8E4M3", "f8E4M3FN", "f8E5M2FNUZ",
    "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E3M4", "f8E8M0FNU", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN",
];

/// `!tf_type.*` names without parameters.
pub const TF_SIMPLE_TYPE_NAMES: &[&str] = &[
    "control", "tensor", "string", "qint8", "qint16", "qint32", "quint8", "quint16", "resource", "variant",
    "f32ref", "f64ref", "bfloat16ref", "halfref", "float8e4m3fnref", "float8e5m2ref",
    "float8e4m3fnuzref", "float8e4m3b11fnuzref", "float8e5m2fnuzref", "int4ref", "uint4ref",
    "uint8ref", "int8ref", "uint16ref", "int16ref", "uint32ref", "int32ref", "uint64ref", "int64ref", "stringref",
    "boolref", "quint8ref", "qint8ref", "quint16ref", "qint16ref", "qint32ref", "complex64ref", "complex128ref",
    "resourceref", "variantref",
];
