//! A host tensor value ([`Tensor`]: element type, shape, elements) read from and written
//! back to `dense<...>` attributes, the values constant folding computes with.
//!
//! Integers are held as `i64` (wrapped to their width), booleans as 0/1 integers of width 1,
//! floats as `f64` rounded to their format. New attributes are spelled the way MLIR prints
//! them (a splat as one element, floats as `printFloatValue` writes them), so preserving and
//! canonical output agree.

use crate::ir::attrs::AttrData;
use crate::ir::context::parse_int_spelling;
use crate::ir::types::{Signedness, TypeData, DYNAMIC};
use crate::ir::{AttrId, Context, TypeId};
use crate::printer::float::{float_sem, print_float_bits, FloatSem, FloatValue};

/// The element type of a tensor the evaluator can compute with.
#[derive(Clone, Copy, Debug)]
pub enum DType {
    /// `i1`.
    Bool,
    Int { width: u32, unsigned: bool },
    Float(&'static FloatSem),
}

impl PartialEq for DType {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (DType::Bool, DType::Bool) => true,
            (DType::Int { width: a, unsigned: x }, DType::Int { width: b, unsigned: y }) => a == b && x == y,
            (DType::Float(a), DType::Float(b)) => a.name == b.name,
            _ => false,
        }
    }
}

impl DType {
    /// The element type of `t` (through aliases); `None` for types the evaluator does not model.
    pub fn of(ctx: &Context, t: TypeId) -> Option<DType> {
        match ctx.type_data(ctx.resolved_type(t)) {
            TypeData::Integer { width: 1, .. } => Some(DType::Bool),
            TypeData::Integer { width, signedness } if *width <= 64 => {
                Some(DType::Int { width: *width, unsigned: *signedness == Signedness::Unsigned })
            }
            TypeData::Index => Some(DType::Int { width: 64, unsigned: false }),
            TypeData::Float(n) => match ctx.str(*n) {
                name @ ("f16" | "bf16" | "f32" | "f64") => float_sem(name).map(DType::Float),
                _ => None,
            },
            _ => None,
        }
    }

    /// The MLIR type of an element.
    pub fn type_id(self, ctx: &mut Context) -> TypeId {
        match self {
            DType::Bool => ctx.ty(TypeData::Integer { width: 1, signedness: Signedness::Signless }),
            DType::Int { width, unsigned } => ctx.ty(TypeData::Integer {
                width,
                signedness: if unsigned { Signedness::Unsigned } else { Signedness::Signless },
            }),
            DType::Float(sem) => {
                let s = ctx.sym(sem.name);
                ctx.ty(TypeData::Float(s))
            }
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, DType::Float(_))
    }

    /// Bytes per element as TensorFlow counts them (`DataTypeSize`).
    pub fn size_bytes(self) -> i64 {
        match self {
            DType::Bool => 1,
            DType::Int { width, .. } => (width as i64 + 7) / 8,
            DType::Float(sem) => (sem.bits as i64 + 7) / 8,
        }
    }

    pub fn i32() -> DType {
        DType::Int { width: 32, unsigned: false }
    }

    pub fn i64() -> DType {
        DType::Int { width: 64, unsigned: false }
    }
}

/// The elements, in row-major order.
#[derive(Clone, Debug, PartialEq)]
pub enum Values {
    Int(Vec<i64>),
    Float(Vec<f64>),
}

impl Values {
    pub fn len(&self) -> usize {
        match self {
            Values::Int(v) => v.len(),
            Values::Float(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A tensor value on the host.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    pub dtype: DType,
    pub shape: Vec<i64>,
    pub values: Values,
}

/// Number of elements of a static shape (saturating: a huge declared shape does not wrap).
pub fn num_elements(shape: &[i64]) -> i64 {
    shape.iter().fold(1i64, |a, &d| a.saturating_mul(d))
}

/// Above this many elements (MLIR's default for printing elements as hex), a tensor becomes
/// a raw-data (`dense<"0x...">`) attribute.
pub const HEX_ELEMENTS: usize = 100;

/// The most elements the evaluator creates in one tensor (larger results are not folded).
pub const MAX_EVAL_ELEMENTS: i64 = 1 << 24;

/// The default of the passes' `max-constant-bytes` (Grappler's `max_constant_size_in_bytes`,
/// 10 MiB): the most bytes a tensor whose elements a pass holds one by one may declare. The
/// size a tensor declares is untrusted input (`dense<1.0> : tensor<100000x100000x100000xf32>`
/// is a few bytes of text), so a splat is expanded only within this budget; elements
/// spelled out one by one are read whatever their number (they are in the input already).
pub const DEFAULT_MAX_CONSTANT_BYTES: i64 = 10 * 1024 * 1024;

/// The bytes a tensor of `shape` and `dtype` declares (saturating; dynamic dims count 0).
pub fn declared_bytes(dtype: DType, shape: &[i64]) -> i64 {
    shape.iter().fold(1i64, |a, &d| a.saturating_mul(d.max(0))).saturating_mul(dtype.size_bytes())
}

/// A splat constant held as its one element: a tensor of `shape` whose every element is
/// `scalar`'s (a rank-0 tensor), whatever the number of elements `shape` declares.
#[derive(Clone, Debug, PartialEq)]
pub struct Splat {
    pub shape: Vec<i64>,
    pub scalar: Tensor,
}

impl Splat {
    /// The `dense<v> : tensor<shape x dtype>` attribute (MLIR's splat form; `dense<>` when
    /// `shape` has no elements).
    pub fn to_attr(&self, ctx: &mut Context) -> AttrId {
        let ty = self.type_id(ctx);
        let value = if num_elements(&self.shape) == 0 { ctx.unit_attr() } else { self.scalar.elem_attr(ctx, 0) };
        ctx.attr(AttrData::Dense { value, ty })
    }

    /// The tensor type of the splat.
    pub fn type_id(&self, ctx: &mut Context) -> TypeId {
        let elem = self.scalar.dtype.type_id(ctx);
        ctx.ty(TypeData::RankedTensor { shape: self.shape.clone(), elem, encoding: None })
    }
}

impl Tensor {
    /// A tensor of integers (wrapped to the width of `dtype`; `dtype` may be a float type,
    /// then the integers are converted).
    pub fn ints(dtype: DType, shape: Vec<i64>, values: Vec<i64>) -> Tensor {
        match dtype {
            DType::Float(_) => Tensor::floats(dtype, shape, values.into_iter().map(|v| v as f64).collect()),
            _ => Tensor { dtype, shape, values: Values::Int(values.into_iter().map(|v| wrap_int(dtype, v)).collect()) },
        }
    }

    /// A tensor of floats (rounded to `dtype`; an integer `dtype` truncates them).
    pub fn floats(dtype: DType, shape: Vec<i64>, values: Vec<f64>) -> Tensor {
        match dtype {
            DType::Float(sem) => Tensor { dtype, shape, values: Values::Float(values.into_iter().map(|v| round_to(sem, v)).collect()) },
            _ => Tensor::ints(dtype, shape, values.into_iter().map(float_to_int).collect()),
        }
    }

    pub fn scalar_int(dtype: DType, v: i64) -> Tensor {
        Tensor::ints(dtype, vec![], vec![v])
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Element `i` as an integer (floats truncated).
    pub fn int_at(&self, i: usize) -> i64 {
        match &self.values {
            Values::Int(v) => v[i],
            Values::Float(v) => float_to_int(v[i]),
        }
    }

    /// Element `i` as a float.
    pub fn float_at(&self, i: usize) -> f64 {
        match &self.values {
            Values::Int(v) => {
                if let DType::Int { unsigned: true, width: 64 } = self.dtype {
                    v[i] as u64 as f64
                } else {
                    v[i] as f64
                }
            }
            Values::Float(v) => v[i],
        }
    }

    /// Every element as an integer.
    pub fn to_ints(&self) -> Vec<i64> {
        (0..self.len()).map(|i| self.int_at(i)).collect()
    }

    /// Every element as a float.
    pub fn to_floats(&self) -> Vec<f64> {
        (0..self.len()).map(|i| self.float_at(i)).collect()
    }

    /// Whether every element is `v`.
    pub fn all_equal_to(&self, v: f64) -> bool {
        (0..self.len()).all(|i| self.float_at(i) == v)
    }

    /// The same elements under another shape.
    pub fn reshaped(mut self, shape: Vec<i64>) -> Tensor {
        self.shape = shape;
        self
    }

    /// Reads a `dense<...>` attribute; `None` for other attributes, element types the
    /// evaluator does not model, literals that do not match their type, or a splat that
    /// declares more than [`DEFAULT_MAX_CONSTANT_BYTES`].
    pub fn from_attr(ctx: &Context, attr: AttrId) -> Option<Tensor> {
        Tensor::from_attr_within(ctx, attr, DEFAULT_MAX_CONSTANT_BYTES)
    }

    /// [`Tensor::from_attr`] with the budget `max_bytes`: a splat is expanded to its
    /// elements only when it declares at most that many bytes (a literal that spells out
    /// its elements is read whatever its size: its elements are in the input already).
    pub fn from_attr_within(ctx: &Context, attr: AttrId, max_bytes: i64) -> Option<Tensor> {
        let (dtype, shape, value) = dense_header(ctx, attr)?;
        let n = usize::try_from(num_elements(&shape)).ok()?;
        let mut ints = Vec::new();
        let mut floats = Vec::new();
        match ctx.attr_data(value) {
            AttrData::Unit => {}
            AttrData::String { .. } | AttrData::Hex(_) => {
                let bytes = crate::ir::hex::raw_data(ctx, value)?;
                read_raw(dtype, &bytes, n, &mut ints, &mut floats)?;
            }
            _ => flatten(ctx, dtype, value, &mut ints, &mut floats)?,
        }
        let got = if dtype.is_float() { floats.len() } else { ints.len() };
        let values = if got == n {
            if dtype.is_float() { Values::Float(floats) } else { Values::Int(ints) }
        } else if got == 1 {
            if declared_bytes(dtype, &shape) > max_bytes.max(0) {
                return None;
            }
            if dtype.is_float() { Values::Float(vec![floats[0]; n]) } else { Values::Int(vec![ints[0]; n]) }
        } else {
            return None;
        };
        Some(Tensor { dtype, shape, values })
    }

    /// A `dense<...>` attribute that is a splat (one element standing for all, or a single
    /// element), as that element and the shape, without expanding it; `None` for anything
    /// else (spelled-out elements, empty tensors, types the evaluator does not model).
    pub fn splat_of(ctx: &Context, attr: AttrId) -> Option<Splat> {
        let (dtype, shape, value) = dense_header(ctx, attr)?;
        if num_elements(&shape) == 0 {
            return None;
        }
        let mut ints = Vec::new();
        let mut floats = Vec::new();
        match ctx.attr_data(value) {
            AttrData::Unit | AttrData::Array(_) => return None,
            AttrData::String { .. } | AttrData::Hex(_) => {
                let bytes = crate::ir::hex::raw_data(ctx, value)?;
                if bytes.len() != dtype.size_bytes() as usize {
                    return None;
                }
                read_raw(dtype, &bytes, 1, &mut ints, &mut floats)?;
            }
            _ => flatten(ctx, dtype, value, &mut ints, &mut floats)?,
        }
        let scalar = if dtype.is_float() {
            Tensor { dtype, shape: vec![], values: Values::Float(floats) }
        } else {
            Tensor { dtype, shape: vec![], values: Values::Int(ints) }
        };
        (scalar.len() == 1).then_some(Splat { shape, scalar })
    }

    /// This tensor as a splat, when it has elements and they are all equal.
    pub fn as_splat(&self) -> Option<Splat> {
        if self.is_empty() || !(1..self.len()).all(|i| self.elem_eq(0, i)) {
            return None;
        }
        let values = match &self.values {
            Values::Int(v) => Values::Int(vec![v[0]]),
            Values::Float(v) => Values::Float(vec![v[0]]),
        };
        Some(Splat { shape: self.shape.clone(), scalar: Tensor { dtype: self.dtype, shape: vec![], values } })
    }

    /// The tensor type of this value.
    pub fn type_id(&self, ctx: &mut Context) -> TypeId {
        let elem = self.dtype.type_id(ctx);
        ctx.ty(TypeData::RankedTensor { shape: self.shape.clone(), elem, encoding: None })
    }

    /// Writes the value as a `dense<...>` attribute spelled as MLIR prints it.
    pub fn to_attr(&self, ctx: &mut Context) -> AttrId {
        let ty = self.type_id(ctx);
        let n = self.len();
        let value = if n == 0 {
            ctx.unit_attr()
        } else if (1..n).all(|i| self.elem_eq(0, i)) {
            self.elem_attr(ctx, 0)
        } else if let Some(raw) = (n > HEX_ELEMENTS).then(|| self.raw_le_bytes()).flatten() {
            // Large: raw data, as MLIR prints it (`dense<"0x...">`) and the importers keep it;
            // one allocation rather than an interned attribute per element.
            ctx.attr(AttrData::Hex(crate::ir::blob::Blob::new(raw.into())))
        } else {
            let elems: Vec<AttrId> = (0..n).map(|i| self.elem_attr(ctx, i)).collect();
            nest(ctx, &self.shape, &elems)
        };
        ctx.attr(AttrData::Dense { value, ty })
    }

    /// The elements as MLIR's raw little-endian data of a hex dense literal: integers in
    /// their width, floats in their format; `None` for `i1` (MLIR packs those) and widths
    /// that are not whole bytes.
    pub fn raw_le_bytes(&self) -> Option<Vec<u8>> {
        let n = self.len();
        match (self.dtype, &self.values) {
            (DType::Float(sem), Values::Float(v)) if sem.bits % 8 == 0 && sem.bits <= 128 => {
                let w = (sem.bits / 8) as usize;
                let mut out = Vec::with_capacity(n * w);
                match sem.name {
                    // Already rounded to the format: exact conversions.
                    "f32" => v.iter().for_each(|&x| out.extend_from_slice(&(x as f32).to_le_bytes())),
                    "f64" => v.iter().for_each(|&x| out.extend_from_slice(&x.to_le_bytes())),
                    _ => v.iter().for_each(|&x| out.extend_from_slice(&sem.from_f64(x).to_le_bytes()[..w])),
                }
                Some(out)
            }
            (DType::Int { width, .. }, Values::Int(v)) if width % 8 == 0 && width <= 64 => {
                let w = (width / 8) as usize;
                let mut out = Vec::with_capacity(n * w);
                v.iter().for_each(|&x| out.extend_from_slice(&x.to_le_bytes()[..w]));
                Some(out)
            }
            _ => None,
        }
    }

    /// A splat `dense<v> : tensor<shape x dtype>` without materializing its elements (a
    /// declared shape may be huge).
    pub fn splat_attr(ctx: &mut Context, dtype: DType, shape: Vec<i64>, v: f64) -> AttrId {
        let one = if dtype.is_float() { Tensor::floats(dtype, vec![], vec![v]) } else { Tensor::ints(dtype, vec![], vec![float_to_int(v)]) };
        let value = one.elem_attr(ctx, 0);
        let elem = dtype.type_id(ctx);
        let ty = ctx.ty(TypeData::RankedTensor { shape, elem, encoding: None });
        if num_elements(&ty_shape(ctx, ty)) == 0 {
            let unit = ctx.unit_attr();
            return ctx.attr(AttrData::Dense { value: unit, ty });
        }
        ctx.attr(AttrData::Dense { value, ty })
    }

    fn elem_eq(&self, a: usize, b: usize) -> bool {
        match &self.values {
            Values::Int(v) => v[a] == v[b],
            Values::Float(v) => v[a].to_bits() == v[b].to_bits() || (v[a].is_nan() && v[b].is_nan()),
        }
    }

    fn elem_attr(&self, ctx: &mut Context, i: usize) -> AttrId {
        match (&self.values, self.dtype) {
            (Values::Int(v), DType::Bool) => ctx.attr(AttrData::Bool(v[i] != 0)),
            (Values::Int(v), DType::Int { width: 64, unsigned: true }) => {
                let s = ctx.sym(&(v[i] as u64).to_string());
                ctx.attr(AttrData::Int { spelling: s, ty: None })
            }
            (Values::Int(v), _) => {
                let s = ctx.sym(&v[i].to_string());
                ctx.attr(AttrData::Int { spelling: s, ty: None })
            }
            (Values::Float(v), DType::Float(sem)) => {
                let s = ctx.sym(&print_float_bits(sem, sem.from_f64(v[i])));
                ctx.attr(AttrData::Float { spelling: s, ty: None })
            }
            (Values::Float(v), _) => {
                let s = ctx.sym(&float_to_int(v[i]).to_string());
                ctx.attr(AttrData::Int { spelling: s, ty: None })
            }
        }
    }
}

/// The bytes a `dense<...>` attribute's tensor declares, without reading its elements.
pub fn attr_declared_bytes(ctx: &Context, attr: AttrId) -> Option<i64> {
    let (dtype, shape, _) = dense_header(ctx, attr)?;
    Some(declared_bytes(dtype, &shape))
}

/// The element type, static shape and payload of a `dense<...>` attribute of a ranked
/// tensor type the evaluator models.
fn dense_header(ctx: &Context, attr: AttrId) -> Option<(DType, Vec<i64>, AttrId)> {
    let AttrData::Dense { value, ty } = ctx.attr_data(ctx.resolved_attr(attr)) else { return None };
    let (shape, elem) = match ctx.type_data(ctx.resolved_type(*ty)) {
        TypeData::RankedTensor { shape, elem, .. } => (shape.clone(), *elem),
        _ => return None,
    };
    if shape.iter().any(|&d| d == DYNAMIC || d < 0) {
        return None;
    }
    Some((DType::of(ctx, elem)?, shape, *value))
}

fn ty_shape(ctx: &Context, t: TypeId) -> Vec<i64> {
    match ctx.type_data(t) {
        TypeData::RankedTensor { shape, .. } => shape.clone(),
        _ => vec![],
    }
}

/// Nested lists following `shape` (a rank-0 tensor is its element).
fn nest(ctx: &mut Context, shape: &[i64], elems: &[AttrId]) -> AttrId {
    if shape.is_empty() {
        return elems[0];
    }
    let outer = shape[0].max(0) as usize;
    let inner = elems.len().checked_div(outer).unwrap_or(0);
    let items: Vec<AttrId> = (0..outer).map(|i| nest(ctx, &shape[1..], &elems[i * inner..(i + 1) * inner])).collect();
    ctx.attr(AttrData::Array(items))
}

fn flatten(ctx: &Context, dtype: DType, a: AttrId, ints: &mut Vec<i64>, floats: &mut Vec<f64>) -> Option<()> {
    match ctx.attr_data(a) {
        AttrData::Array(items) => {
            for &x in items {
                flatten(ctx, dtype, x, ints, floats)?;
            }
        }
        AttrData::Bool(b) => match dtype {
            DType::Float(_) => return None,
            _ => ints.push(*b as i64),
        },
        AttrData::Int { spelling, .. } => {
            let v = parse_int_spelling(ctx.str(*spelling))?;
            match dtype {
                DType::Float(sem) => {
                    // An integer spelling of a float element: hex is the bit pattern.
                    let text = ctx.str(*spelling);
                    if text.trim_start_matches('-').starts_with("0x") {
                        floats.push(bits_to_f64(sem, sem.literal_bits(text)?));
                    } else {
                        floats.push(round_to(sem, v as f64));
                    }
                }
                _ => ints.push(wrap_int(dtype, v as i64)),
            }
        }
        AttrData::Float { spelling, .. } => match dtype {
            DType::Float(sem) => floats.push(bits_to_f64(sem, sem.literal_bits(ctx.str(*spelling))?)),
            _ => return None,
        },
        _ => return None,
    }
    Some(())
}

/// Reads a raw little-endian buffer (one element: a splat).
fn read_raw(dtype: DType, bytes: &[u8], n: usize, ints: &mut Vec<i64>, floats: &mut Vec<f64>) -> Option<()> {
    if dtype == DType::Bool {
        // One byte per element, or a single splat byte.
        for &b in bytes {
            ints.push((b != 0) as i64);
        }
        return Some(());
    }
    let size = dtype.size_bytes() as usize;
    if size == 0 || !bytes.len().is_multiple_of(size) {
        return None;
    }
    let count = bytes.len() / size;
    if count != n && count != 1 {
        return None;
    }
    for chunk in bytes.chunks(size) {
        let mut raw = 0u128;
        for (i, &b) in chunk.iter().enumerate() {
            raw |= (b as u128) << (8 * i);
        }
        match dtype {
            DType::Float(sem) => floats.push(bits_to_f64(sem, raw)),
            _ => ints.push(wrap_int(dtype, raw as u64 as i64)),
        }
    }
    Some(())
}

/// The value an encoding of `sem` stands for, as an `f64`.
pub fn bits_to_f64(sem: &FloatSem, bits: u128) -> f64 {
    match sem.name {
        "f32" => return f32::from_bits(bits as u32) as f64,
        "f64" => return f64::from_bits(bits as u64),
        _ => {}
    }
    match sem.decode(bits) {
        FloatValue::Zero { neg } => {
            if neg {
                -0.0
            } else {
                0.0
            }
        }
        FloatValue::Finite { neg, mant, exp } => {
            let v = mant.low_u128() as f64 * 2f64.powi(exp as i32);
            if neg {
                -v
            } else {
                v
            }
        }
        FloatValue::Inf { neg } => {
            if neg {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        }
        FloatValue::Nan => f64::NAN,
    }
}

/// Rounds `v` to the nearest value of format `sem`.
pub fn round_to(sem: &FloatSem, v: f64) -> f64 {
    match sem.name {
        "f64" => v,
        "f32" => v as f32 as f64,
        _ => bits_to_f64(sem, sem.from_f64(v)),
    }
}

/// Wraps `v` to the width (and signedness) of an integer type.
pub fn wrap_int(dtype: DType, v: i64) -> i64 {
    match dtype {
        DType::Bool => (v != 0) as i64,
        DType::Int { width, unsigned } if width < 64 => {
            let mask = (1u64 << width) - 1;
            let low = (v as u64) & mask;
            if unsigned || low >> (width - 1) == 0 {
                low as i64
            } else {
                (low | !mask) as i64
            }
        }
        _ => v,
    }
}

/// C++'s float-to-integer conversion as TensorFlow's Cast does it (truncation, saturating
/// here rather than undefined).
pub fn float_to_int(v: f64) -> i64 {
    if v.is_nan() {
        0
    } else {
        v as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dense(text: &str) -> (crate::ir::Module, AttrId) {
        let src = format!("\"test.op\"() {{v = {}}} : () -> ()\n", text);
        let m = crate::syntax::parse_module(&src).expect("parses");
        let op = m.top_ops()[0];
        let a = m.op_attr(op, "v").unwrap();
        (m, a)
    }

    #[test]
    fn reads_splats_lists_and_hex() {
        let (m, a) = dense("dense<[[1, 2], [3, -4]]> : tensor<2x2xi32>");
        let t = Tensor::from_attr(&m.ctx, a).unwrap();
        assert_eq!(t.shape, vec![2, 2]);
        assert_eq!(t.to_ints(), vec![1, 2, 3, -4]);
        let (m, a) = dense("dense<2.5> : tensor<3xf32>");
        assert_eq!(Tensor::from_attr(&m.ctx, a).unwrap().to_floats(), vec![2.5; 3]);
        let (m, a) = dense("dense<\"0x0100000002000000\"> : tensor<2xi32>");
        assert_eq!(Tensor::from_attr(&m.ctx, a).unwrap().to_ints(), vec![1, 2]);
        let (m, a) = dense("dense<[true, false]> : tensor<2xi1>");
        assert_eq!(Tensor::from_attr(&m.ctx, a).unwrap().to_ints(), vec![1, 0]);
        let (m, a) = dense("dense<> : tensor<0xi32>");
        assert!(Tensor::from_attr(&m.ctx, a).unwrap().is_empty());
    }

    #[test]
    fn writes_as_mlir_prints() {
        let mut cx = Context::new();
        let f32 = DType::Float(float_sem("f32").unwrap());
        let show = |cx: &mut Context, t: &Tensor| {
            let a = t.to_attr(cx);
            let mut m = crate::ir::Module::new(cx.clone());
            let _ = &mut m;
            let mut out = String::new();
            crate::printer::attrs::write_attr(&m.ctx, a, crate::printer::attrs::Style::new(true), &mut out);
            out
        };
        assert_eq!(show(&mut cx, &Tensor::floats(f32, vec![2], vec![1.0, 1.0])), "dense<1.000000e+00> : tensor<2xf32>");
        assert_eq!(show(&mut cx, &Tensor::floats(f32, vec![2], vec![0.1, 2.0])), "dense<[1.000000e-01, 2.000000e+00]> : tensor<2xf32>");
        assert_eq!(show(&mut cx, &Tensor::ints(DType::i32(), vec![0], vec![])), "dense<> : tensor<0xi32>");
        assert_eq!(show(&mut cx, &Tensor::ints(DType::i32(), vec![2, 1], vec![1, 2])), "dense<[[1], [2]]> : tensor<2x1xi32>");
        assert_eq!(show(&mut cx, &Tensor::ints(DType::Bool, vec![], vec![1])), "dense<true> : tensor<i1>");
    }

    #[test]
    fn integers_wrap() {
        assert_eq!(wrap_int(DType::Int { width: 8, unsigned: false }, 200), -56);
        assert_eq!(wrap_int(DType::Int { width: 8, unsigned: true }, -1), 255);
    }
}
