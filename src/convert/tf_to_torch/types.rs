//! Tensor types on both sides: a TensorFlow value's static shape and element type
//! ([`TTy`]), torch's `!torch.vtensor<[dims],dtype>` spelling of it, and the TorchScript
//! `ScalarType` codes (`aten::to.dtype`, `aten::full`).

use crate::ir::types::{Signedness, TypeData, DYNAMIC};
use crate::ir::{Context, TypeId};
use crate::passes::folding::tensor::DType;
use crate::printer::float::float_sem;

/// Every [`Dt`].
const ALL: [Dt; 10] = [Dt::F16, Dt::Bf16, Dt::F32, Dt::F64, Dt::I1, Dt::Si8, Dt::Si16, Dt::Si32, Dt::Si64, Dt::Ui8];

/// An element type torch-mlir's value tensors can hold.
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
}

impl Dt {
    /// The spelling inside `!torch.vtensor<..., dtype>` and of `dense<> : tensor<..x dtype>`.
    pub fn spelling(self) -> &'static str {
        match self {
            Dt::F16 => "f16",
            Dt::Bf16 => "bf16",
            Dt::F32 => "f32",
            Dt::F64 => "f64",
            Dt::I1 => "i1",
            Dt::Si8 => "si8",
            Dt::Si16 => "si16",
            Dt::Si32 => "si32",
            Dt::Si64 => "si64",
            Dt::Ui8 => "ui8",
        }
    }

    /// The element type of a `!torch.vtensor<[...],DTYPE>` spelling (inverse of
    /// [`Dt::spelling`]).
    pub fn from_spelling(s: &str) -> Option<Dt> {
        ALL.iter().copied().find(|d| d.spelling() == s)
    }

    pub fn is_float(self) -> bool {
        matches!(self, Dt::F16 | Dt::Bf16 | Dt::F32 | Dt::F64)
    }

    /// The constant folder's element type of the same values (its host tensors hold
    /// integers as `i64`, floats as `f64` rounded to the format).
    pub fn dtype(self) -> DType {
        match self {
            Dt::F16 | Dt::Bf16 | Dt::F32 | Dt::F64 => DType::Float(float_sem(self.spelling()).expect("a torch float format")),
            Dt::I1 => DType::Bool,
            Dt::Si8 => DType::Int { width: 8, unsigned: false },
            Dt::Si16 => DType::Int { width: 16, unsigned: false },
            Dt::Si32 => DType::i32(),
            Dt::Si64 => DType::i64(),
            Dt::Ui8 => DType::Int { width: 8, unsigned: true },
        }
    }

    /// Bytes per element.
    pub fn size_bytes(self) -> i64 {
        match self {
            Dt::I1 | Dt::Si8 | Dt::Ui8 => 1,
            Dt::F16 | Dt::Bf16 | Dt::Si16 => 2,
            Dt::F32 | Dt::Si32 => 4,
            Dt::F64 | Dt::Si64 => 8,
        }
    }

    /// TorchScript's `ScalarType` number (c10/core/ScalarType.h).
    pub fn scalar_type_code(self) -> i64 {
        match self {
            Dt::Ui8 => 0,
            Dt::Si8 => 1,
            Dt::Si16 => 2,
            Dt::Si32 => 3,
            Dt::Si64 => 4,
            Dt::F16 => 5,
            Dt::F32 => 6,
            Dt::F64 => 7,
            Dt::I1 => 11,
            Dt::Bf16 => 15,
        }
    }

    /// The torch element type of a builtin element type (tfg writes TensorFlow's `int32` as
    /// `i32`, `uint8` as `ui8`, `bool` as `i1`).
    pub fn of_elem(ctx: &Context, t: TypeId) -> Option<Dt> {
        Some(match ctx.type_data(ctx.resolved_type(t)) {
            TypeData::Float(n) => match ctx.str(*n) {
                "f16" => Dt::F16,
                "bf16" => Dt::Bf16,
                "f32" => Dt::F32,
                "f64" => Dt::F64,
                _ => return None,
            },
            TypeData::Integer { width: 1, .. } => Dt::I1,
            TypeData::Integer { width: 8, signedness: Signedness::Unsigned } => Dt::Ui8,
            TypeData::Integer { signedness: Signedness::Unsigned, .. } => return None,
            TypeData::Integer { width, .. } => match width {
                8 => Dt::Si8,
                16 => Dt::Si16,
                32 => Dt::Si32,
                64 => Dt::Si64,
                _ => return None,
            },
            _ => return None,
        })
    }

    /// The builtin element type used in `dense<...> : tensor<...>` literals.
    pub fn elem_type(self, ctx: &mut Context) -> TypeId {
        let int = |width, signedness| TypeData::Integer { width, signedness };
        let data = match self {
            Dt::I1 => int(1, Signedness::Signless),
            Dt::Si8 => int(8, Signedness::Signed),
            Dt::Si16 => int(16, Signedness::Signed),
            Dt::Si32 => int(32, Signedness::Signed),
            Dt::Si64 => int(64, Signedness::Signed),
            Dt::Ui8 => int(8, Signedness::Unsigned),
            Dt::F16 | Dt::Bf16 | Dt::F32 | Dt::F64 => {
                let s = ctx.sym(self.spelling());
                TypeData::Float(s)
            }
        };
        ctx.ty(data)
    }
}

/// A tensor's static shape (dims may be [`DYNAMIC`]) and element type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TTy {
    pub shape: Vec<i64>,
    pub dt: Dt,
}

impl TTy {
    pub fn new(shape: Vec<i64>, dt: Dt) -> TTy {
        TTy { shape, dt }
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    pub fn is_static(&self) -> bool {
        self.shape.iter().all(|&d| d != DYNAMIC && d >= 0)
    }

    pub fn num_elements(&self) -> i64 {
        // Saturating: a declared shape may overflow i64.
        self.shape.iter().fold(1i64, |a, &d| a.saturating_mul(d))
    }

    pub fn with_shape(&self, shape: Vec<i64>) -> TTy {
        TTy { shape, dt: self.dt }
    }

    pub fn with_dt(&self, dt: Dt) -> TTy {
        TTy { shape: self.shape.clone(), dt }
    }

    /// `!torch.vtensor<[2,?,3],f32>`.
    pub fn torch_spelling(&self) -> String {
        let dims: Vec<String> = self.shape.iter().map(|&d| if d == DYNAMIC || d < 0 { "?".to_string() } else { d.to_string() }).collect();
        format!("!torch.vtensor<[{}],{}>", dims.join(","), self.dt.spelling())
    }

    /// The type of a TensorFlow value: ranked tensor with a torch element type, else `None`.
    pub fn of_type(ctx: &Context, t: TypeId) -> Option<TTy> {
        match ctx.type_data(ctx.resolved_type(t)) {
            TypeData::RankedTensor { shape, elem, .. } => Some(TTy { shape: shape.clone(), dt: Dt::of_elem(ctx, *elem)? }),
            _ => None,
        }
    }

    /// The type of a torch value: `!torch.vtensor<[2,?,3],f32>` (`?` is [`DYNAMIC`]), else
    /// `None`.
    pub fn of_torch(ctx: &Context, t: TypeId) -> Option<TTy> {
        let TypeData::Opaque(text) = ctx.type_data(ctx.resolved_type(t)) else { return None };
        let inner = ctx.str(*text).strip_prefix("!torch.vtensor<[")?.strip_suffix('>')?;
        let (dims, dt) = inner.rsplit_once("],")?;
        let shape = match dims {
            "" => Vec::new(),
            _ => dims.split(',').map(|d| if d == "?" { Some(DYNAMIC) } else { d.parse().ok() }).collect::<Option<Vec<i64>>>()?,
        };
        Some(TTy { shape, dt: Dt::from_spelling(dt)? })
    }

    /// The shape after permuting its dims: `out[i] = shape[perm[i]]`.
    pub fn permuted(&self, perm: &[usize]) -> TTy {
        self.with_shape(perm.iter().map(|&p| self.shape[p]).collect())
    }
}

/// Where each element of `shape` permuted by `perm` (`out[i] = in[perm[i]]`, of shape
/// `out_shape`) comes from: the row-major index into the input of each output element, in
/// output order.
pub fn permutation_order(shape: &[i64], perm: &[usize], out_shape: &[i64]) -> Vec<usize> {
    let mut strides = vec![1i64; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * shape[i + 1];
    }
    let n = shape.iter().product::<i64>().max(0) as usize;
    let mut index = vec![0i64; out_shape.len()];
    let mut order = Vec::with_capacity(n);
    for _ in 0..n {
        order.push(index.iter().zip(perm).map(|(&i, &p)| i * strides[p]).sum::<i64>() as usize);
        for d in (0..index.len()).rev() {
            index[d] += 1;
            if index[d] < out_shape[d] {
                break;
            }
            index[d] = 0;
        }
    }
    order
}

/// The element type of a TensorFlow value type, even when its shape is unknown.
pub fn elem_dt(ctx: &Context, t: TypeId) -> Option<Dt> {
    match ctx.type_data(ctx.resolved_type(t)) {
        TypeData::RankedTensor { elem, .. } | TypeData::UnrankedTensor { elem } => Dt::of_elem(ctx, *elem),
        _ => None,
    }
}

/// A dim as written in diagnostics.
pub fn show_shape(shape: &[i64]) -> String {
    let dims: Vec<String> = shape.iter().map(|&d| if d == DYNAMIC { "?".to_string() } else { d.to_string() }).collect();
    format!("[{}]", dims.join(","))
}

/// NumPy broadcasting of two static shapes.
pub fn broadcast(a: &[i64], b: &[i64]) -> Option<Vec<i64>> {
    let n = a.len().max(b.len());
    let mut out = vec![0; n];
    for i in 0..n {
        let x = if i + a.len() >= n { a[i + a.len() - n] } else { 1 };
        let y = if i + b.len() >= n { b[i + b.len() - n] } else { 1 };
        out[i] = if x == y || y == 1 { x } else if x == 1 { y } else { return None };
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vtensor_spelling_and_broadcast() {
        assert_eq!(TTy::new(vec![2, DYNAMIC, 3], Dt::Si32).torch_spelling(), "!torch.vtensor<[2,?,3],si32>");
        assert_eq!(TTy::new(vec![], Dt::I1).torch_spelling(), "!torch.vtensor<[],i1>");
        assert_eq!(broadcast(&[2, 1, 4], &[3, 1]), Some(vec![2, 3, 4]));
        assert_eq!(broadcast(&[], &[5]), Some(vec![5]));
        assert_eq!(broadcast(&[2, 3], &[4]), None);
        assert_eq!(Dt::F32.scalar_type_code(), 6);
        assert_eq!(Dt::Si64.scalar_type_code(), 4);
        assert_eq!(Dt::I1.scalar_type_code(), 11);
    }

    #[test]
    fn torch_types_read_back() {
        let mut ctx = Context::new();
        for ty in [TTy::new(vec![2, DYNAMIC, 3], Dt::Si32), TTy::new(vec![], Dt::I1), TTy::new(vec![0, 7], Dt::Bf16)] {
            let s = ctx.sym(&ty.torch_spelling());
            let t = ctx.ty(TypeData::Opaque(s));
            assert_eq!(TTy::of_torch(&ctx, t), Some(ty));
        }
        for bad in ["!torch.vtensor<[2],f8>", "!torch.vtensor<[x],f32>", "!torch.tensor<[2],f32>", "!torch.vtensor"] {
            let s = ctx.sym(bad);
            let t = ctx.ty(TypeData::Opaque(s));
            assert_eq!(TTy::of_torch(&ctx, t), None, "{bad}");
        }
        assert!(ALL.iter().all(|&d| Dt::from_spelling(d.spelling()) == Some(d)));
    }

    #[test]
    fn permutation_order_reads_row_major() {
        // [[0,1,2],[3,4,5]] transposed is [[0,3],[1,4],[2,5]].
        assert_eq!(permutation_order(&[2, 3], &[1, 0], &[3, 2]), vec![0, 3, 1, 4, 2, 5]);
        assert_eq!(permutation_order(&[2, 3], &[0, 1], &[2, 3]), vec![0, 1, 2, 3, 4, 5]);
    }
}
