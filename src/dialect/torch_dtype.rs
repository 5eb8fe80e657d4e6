//! torch's element types ([`Dt`]) and every name each one has: its spelling in torch-mlir
//! (`!torch.vtensor<[2],si32>`), its builtin type in `dense<...>` literals, its Python name
//! (`torch.int32`), its safetensors name (`I32`), TorchScript's `ScalarType` number
//! (c10/core/ScalarType.h, what `aten::to.dtype` and `aten::full` take), its size, and the
//! constant folder's host type for the same values. The TensorFlow → torch conversion, the
//! torch-level passes and `--emit=pytorch` all ask here; [`FACTS`] is the one table.

use crate::ir::types::{Signedness, TypeData};
use crate::ir::{Context, TypeId};
use crate::passes::folding::tensor::DType;
use crate::printer::float::float_sem;

/// An element type of a torch tensor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dt {
    F16,
    Bf16,
    F32,
    F64,
    I1,
    Si8,
    Si16,
    Si32,
    Si64,
    Ui8,
    Ui16,
    Ui32,
    Ui64,
}

/// What one element type is called, and its size.
struct Facts {
    dt: Dt,
    /// In `!torch.vtensor<[...],SPELLING>`.
    spelling: &'static str,
    python: &'static str,
    safetensors: &'static str,
    scalar_type: i64,
    bytes: i64,
}

const fn facts(dt: Dt, spelling: &'static str, python: &'static str, safetensors: &'static str, scalar_type: i64, bytes: i64) -> Facts {
    Facts { dt, spelling, python, safetensors, scalar_type, bytes }
}

/// One row per [`Dt`], in declaration order.
const FACTS: [Facts; 13] = [
    facts(Dt::F16, "f16", "torch.float16", "F16", 5, 2),
    facts(Dt::Bf16, "bf16", "torch.bfloat16", "BF16", 15, 2),
    facts(Dt::F32, "f32", "torch.float32", "F32", 6, 4),
    facts(Dt::F64, "f64", "torch.float64", "F64", 7, 8),
    facts(Dt::I1, "i1", "torch.bool", "BOOL", 11, 1),
    facts(Dt::Si8, "si8", "torch.int8", "I8", 1, 1),
    facts(Dt::Si16, "si16", "torch.int16", "I16", 2, 2),
    facts(Dt::Si32, "si32", "torch.int32", "I32", 3, 4),
    facts(Dt::Si64, "si64", "torch.int64", "I64", 4, 8),
    facts(Dt::Ui8, "ui8", "torch.uint8", "U8", 0, 1),
    facts(Dt::Ui16, "ui16", "torch.uint16", "U16", 27, 2),
    facts(Dt::Ui32, "ui32", "torch.uint32", "U32", 28, 4),
    facts(Dt::Ui64, "ui64", "torch.uint64", "U64", 29, 8),
];

/// `ScalarType` numbers of types torch has that are not tensor elements here.
const OTHER_SCALAR_TYPES: [(i64, &str); 6] = [
    (8, "torch.complex32"),
    (9, "torch.complex64"),
    (10, "torch.complex128"),
    (12, "torch.qint8"),
    (13, "torch.quint8"),
    (14, "torch.qint32"),
];

impl Dt {
    fn facts(self) -> &'static Facts {
        &FACTS[self as usize]
    }

    /// The spelling inside `!torch.vtensor<..., dtype>`.
    pub fn spelling(self) -> &'static str {
        self.facts().spelling
    }

    /// The element type of a `!torch.vtensor<[...],DTYPE>` spelling (inverse of
    /// [`Dt::spelling`]).
    pub fn from_spelling(s: &str) -> Option<Dt> {
        FACTS.iter().find(|f| f.spelling == s).map(|f| f.dt)
    }

    /// `torch.float32`, ...
    pub fn python(self) -> &'static str {
        self.facts().python
    }

    /// The safetensors `dtype` name.
    pub fn safetensors(self) -> &'static str {
        self.facts().safetensors
    }

    /// TorchScript's `ScalarType` number.
    pub fn scalar_type_code(self) -> i64 {
        self.facts().scalar_type
    }

    /// Bytes per element.
    pub fn size_bytes(self) -> i64 {
        self.facts().bytes
    }

    pub fn is_float(self) -> bool {
        matches!(self, Dt::F16 | Dt::Bf16 | Dt::F32 | Dt::F64)
    }

    /// Bits per element of an integer type other than `i1` (a bool is one bit, held in a byte).
    fn width(self) -> u32 {
        (self.size_bytes() * 8) as u32
    }

    fn is_unsigned(self) -> bool {
        matches!(self, Dt::Ui8 | Dt::Ui16 | Dt::Ui32 | Dt::Ui64)
    }

    /// Whether torch-mlir's value tensors hold it (of the unsigned types, only `ui8`).
    pub fn in_torch_mlir(self) -> bool {
        !matches!(self, Dt::Ui16 | Dt::Ui32 | Dt::Ui64)
    }

    /// The element type of a builtin element type: `f32`; integers by width and
    /// signedness, signless as signed (tfg writes TensorFlow's `int32` as `i32`), `i1` as
    /// bool.
    pub fn of_builtin(ctx: &Context, t: TypeId) -> Option<Dt> {
        match ctx.type_data(ctx.resolved_type(t)) {
            TypeData::Float(n) => FACTS.iter().find(|f| f.dt.is_float() && f.spelling == ctx.str(*n)).map(|f| f.dt),
            TypeData::Integer { width: 1, .. } => Some(Dt::I1),
            TypeData::Integer { width, signedness } => {
                let unsigned = *signedness == Signedness::Unsigned;
                FACTS.iter().find(|f| f.dt != Dt::I1 && !f.dt.is_float() && f.dt.is_unsigned() == unsigned && f.bytes * 8 == *width as i64).map(|f| f.dt)
            }
            _ => None,
        }
    }

    /// The torch-mlir element type of a builtin element type: [`Dt::of_builtin`], when
    /// torch-mlir's value tensors hold it.
    pub fn of_elem(ctx: &Context, t: TypeId) -> Option<Dt> {
        Dt::of_builtin(ctx, t).filter(|d| d.in_torch_mlir())
    }

    /// The builtin element type used in `dense<...> : tensor<...>` literals.
    pub fn elem_type(self, ctx: &mut Context) -> TypeId {
        let data = if self == Dt::I1 {
            TypeData::Integer { width: 1, signedness: Signedness::Signless }
        } else if self.is_float() {
            TypeData::Float(ctx.sym(self.spelling()))
        } else {
            TypeData::Integer { width: self.width(), signedness: if self.is_unsigned() { Signedness::Unsigned } else { Signedness::Signed } }
        };
        ctx.ty(data)
    }

    /// The constant folder's element type of the same values (its host tensors hold
    /// integers as `i64`, floats as `f64` rounded to the format).
    pub fn dtype(self) -> DType {
        match self {
            _ if self.is_float() => DType::Float(float_sem(self.spelling()).expect("a torch float format")),
            Dt::I1 => DType::Bool,
            _ => DType::Int { width: self.width(), unsigned: self.is_unsigned() },
        }
    }
}

/// torch's Python object for a `ScalarType` number (`6` → `torch.float32`).
pub fn scalar_type_python(code: i64) -> Option<&'static str> {
    FACTS.iter().find(|f| f.scalar_type == code).map(|f| f.python).or_else(|| OTHER_SCALAR_TYPES.iter().find(|(c, _)| *c == code).map(|(_, p)| *p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_row_per_type_in_order() {
        assert!(FACTS.iter().enumerate().all(|(i, f)| f.dt as usize == i));
        assert!(FACTS.iter().all(|f| Dt::from_spelling(f.spelling) == Some(f.dt)));
    }

    #[test]
    fn scalar_types_follow_c10() {
        assert_eq!(Dt::F32.scalar_type_code(), 6);
        assert_eq!(Dt::Si64.scalar_type_code(), 4);
        assert_eq!(Dt::I1.scalar_type_code(), 11);
        assert_eq!(scalar_type_python(0), Some("torch.uint8"));
        assert_eq!(scalar_type_python(9), Some("torch.complex64"));
        assert_eq!(scalar_type_python(15), Some("torch.bfloat16"));
        assert_eq!(scalar_type_python(99), None);
    }

    #[test]
    fn builtin_types_map_both_ways() {
        let mut ctx = Context::new();
        for f in &FACTS {
            let t = f.dt.elem_type(&mut ctx);
            assert_eq!(Dt::of_builtin(&ctx, t), Some(f.dt), "{}", f.spelling);
            assert_eq!(f.dt.dtype().size_bytes(), f.bytes, "{}", f.spelling);
        }
        let signless = ctx.ty(TypeData::Integer { width: 32, signedness: Signedness::Signless });
        assert_eq!(Dt::of_elem(&ctx, signless), Some(Dt::Si32));
        let u16 = Dt::Ui16.elem_type(&mut ctx);
        assert_eq!(Dt::of_elem(&ctx, u16), None, "torch-mlir has no ui16");
    }
}
