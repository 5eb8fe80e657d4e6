//! What lowerings read from the TensorFlow side of a node: the static types of its inputs
//! and results, its attributes, and the compile-time values of its inputs (a Const, through
//! Identity-like ops, or the Shape/Size/Rank of a static shape), which shape-like operands
//! (axes, permutations, shapes, paddings) must be.

use super::emitter::{TfNode, TorchEmitter};
use super::types::{Dt, TTy};
use crate::diag::Diagnostic;
use crate::ir::{AttrData, AttrId, ValueId};
use crate::passes::folding::eval::AttrVal;
use crate::passes::folding::tensor::{bits_to_f64, DType, Tensor};

type R<T> = Result<T, Diagnostic>;

impl TorchEmitter<'_> {

    /// The static type of input `i` (TensorFlow layout).
    pub fn input_ty(&self, node: &TfNode, i: usize) -> R<TTy> {
        let v = *node.inputs.get(i).ok_or_else(|| self.err(node, format!("expects an input {}", i)))?;
        self.static_ty(node, v, &format!("input {}", i))
    }

    /// The torch element type of result `i`, known even when its shape is not.
    pub fn result_dt(&self, node: &TfNode, i: usize) -> R<Dt> {
        let v = *node.results.get(i).ok_or_else(|| self.err(node, format!("has no result {}", i)))?;
        super::types::elem_dt(&self.m.ctx, self.m.body.value_type(v))
            .ok_or_else(|| self.err(node, format!("result {} has no torch element type", i)))
    }

    /// The static type of result `i` (TensorFlow layout).
    pub fn result_ty(&self, node: &TfNode, i: usize) -> R<TTy> {
        let v = *node.results.get(i).ok_or_else(|| self.err(node, format!("has no result {}", i)))?;
        self.static_ty(node, v, &format!("result {}", i)).map_err(|mut d| {
            // Say what shape inference saw: usually the inputs do not fit together.
            let inputs: Vec<String> = node
                .inputs
                .iter()
                .map(|&x| match TTy::of_type(&self.m.ctx, self.m.body.value_type(x)) {
                    Some(t) => super::types::show_shape(&t.shape),
                    None => "unknown".to_string(),
                })
                .collect();
            d.message.push_str(&format!(" (input shapes: {})", inputs.join(", ")));
            d
        })
    }

    fn static_ty(&self, node: &TfNode, v: ValueId, what: &str) -> R<TTy> {
        let t = self.m.body.value_type(v);
        match TTy::of_type(&self.m.ctx, t) {
            Some(ty) if ty.is_static() => Ok(ty),
            // In a function for any batch, the lowerings that handle it see it (`dynamic_batch.rs`).
            Some(ty) if self.batch.is_some() && super::dynamic_batch::unknown_batch_only(&ty.shape) => Ok(ty),
            Some(ty) => {
                let hint = match &self.batch {
                    Some(b) => format!("; only the batch dim (dim 0) may be unknown: pin the batch with the option input-shapes={}", b.pin),
                    None => String::new(),
                };
                Err(self.err(
                    node,
                    format!(
                        "{} has no static shape ({}): shape inference cannot tell it from the feeds' shapes (a size that depends on the data, or an op it does not know){}",
                        what,
                        super::types::show_shape(&ty.shape),
                        hint
                    ),
                ))
            }
            None => {
                let mut s = String::new();
                crate::printer::attrs::write_type(&self.m.ctx, t, crate::printer::attrs::Style::PRESERVING, &mut s);
                Err(self.err(node, format!("{} has type {} without a static shape or a torch element type", what, s)))
            }
        }
    }

    /// The compile-time value of a TensorFlow value: a Const (through Identity-like ops),
    /// the Shape/Size/Rank of a value of static shape, or a small result of an op the
    /// constant folder's evaluator knows whose inputs are all known (shape arithmetic such
    /// as Pack of a StridedSlice of a Shape). Evaluated results are memoized, so each value
    /// is evaluated once.
    pub fn known(&self, v: ValueId) -> Option<Tensor> {
        self.known_at(v, 0)
    }

    fn known_at(&self, v: ValueId, depth: u32) -> Option<Tensor> {
        let Some(op) = self.m.body.defining_op(v) else {
            // An argument of an inlined function: what the caller passes, if small (a weight
            // stays the caller's value rather than a literal copied into the region).
            const MAX_ALIASED: usize = 64;
            let &outer = self.arg_alias.get(&v)?;
            return self.known_at(outer, depth + 1).filter(|t| t.len() <= MAX_ALIASED && depth < 32);
        };
        let ty = self.m.op_name(op).strip_prefix("tfg.")?;
        match ty {
            "Const" => return Tensor::from_attr(&self.m.ctx, self.m.op_attr(op, "value")?),
            t if crate::dialect::traits::forwards_input(t) => {
                return self.known_at(*crate::dialect::tfg::data_operands(self.m, op).first()?, depth + 1);
            }
            "Shape" | "Size" | "Rank" => {
                let x = *crate::dialect::tfg::data_operands(self.m, op).first()?;
                let t = TTy::of_type(&self.m.ctx, self.m.body.value_type(x))?;
                if !t.is_static() && ty != "Rank" {
                    return None;
                }
                let out = TTy::of_type(&self.m.ctx, self.m.body.value_type(v)).map(|t| t.dt).unwrap_or(Dt::Si32);
                let dtype = if out == Dt::Si64 { DType::i64() } else { DType::i32() };
                return Some(match ty {
                    "Shape" => Tensor::ints(dtype, vec![t.rank() as i64], t.shape.clone()),
                    "Size" => Tensor::ints(dtype, vec![], vec![t.num_elements()]),
                    _ => Tensor::ints(dtype, vec![], vec![t.rank() as i64]),
                });
            }
            _ => {}
        }
        if let Some(t) = self.known_memo.borrow().get(&v) {
            return t.clone();
        }
        let t = self.evaluate(op, v, ty, depth);
        self.known_memo.borrow_mut().insert(v, t.clone());
        t
    }

    /// Evaluates `op` (of type `ty`) when its inputs are known and its results small.
    fn evaluate(&self, op: crate::ir::OpId, v: ValueId, ty: &str, depth: u32) -> Option<Tensor> {
        const MAX_ELEMENTS: usize = 4096;
        if depth > 32 {
            return None;
        }
        let results = crate::dialect::tfg::data_results(self.m, op);
        for &r in results {
            if let Some(t) = TTy::of_type(&self.m.ctx, self.m.body.value_type(r)) {
                if t.is_static() && t.num_elements() as usize > MAX_ELEMENTS {
                    return None;
                }
            }
        }
        let mut inputs = Vec::new();
        for x in crate::dialect::tfg::data_operands(self.m, op) {
            let t = self.known_at(x, depth + 1)?;
            if t.len() > MAX_ELEMENTS {
                return None;
            }
            inputs.push(t);
        }
        let m = &*self.m;
        let lookup = |name: &str| -> Option<AttrVal> {
            let a = m.ctx.resolved_attr(m.op_attr(op, name)?);
            match m.ctx.attr_data(a) {
                AttrData::Type(t) => DType::of(&m.ctx, *t).map(AttrVal::Type),
                AttrData::Bool(b) => Some(AttrVal::Bool(*b)),
                AttrData::Int { .. } => m.ctx.int_value(a).map(|v| AttrVal::Int(v as i64)),
                AttrData::String { .. } => m.ctx.string_value(a).map(|b| AttrVal::Str(String::from_utf8_lossy(&b).into_owned())),
                AttrData::Array(items) => {
                    let v: Vec<String> = items.iter().filter_map(|&x| m.ctx.int_value(x)).map(|v| v.to_string()).collect();
                    Some(AttrVal::Str(v.join(",")))
                }
                _ => None,
            }
        };
        let result_types: Vec<Option<DType>> = results
            .iter()
            .map(|&r| match m.ctx.type_data(m.ctx.resolved_type(m.body.value_type(r))) {
                crate::ir::TypeData::RankedTensor { elem, .. } | crate::ir::TypeData::UnrankedTensor { elem } => DType::of(&m.ctx, *elem),
                _ => None,
            })
            .collect();
        let outs = crate::passes::folding::eval::evaluate(ty, &lookup, &inputs, &result_types)?;
        let i = results.iter().position(|&r| r == v)?;
        outs.into_iter().nth(i).filter(|t| t.len() <= MAX_ELEMENTS)
    }

    /// The `Const` node whose value `v` is, through Identity-like ops.
    pub fn constant_op(&self, v: ValueId) -> Option<crate::ir::OpId> {
        let mut v = v;
        for _ in 0..32 {
            let op = self.m.body.defining_op(v)?;
            match self.m.op_name(op).strip_prefix("tfg.")? {
                "Const" => return Some(op),
                t if crate::dialect::traits::forwards_input(t) => v = *crate::dialect::tfg::data_operands(self.m, op).first()?,
                _ => return None,
            }
        }
        None
    }

    /// The raw little-endian data of a constant held as bytes (`dense<"0x...">`, as the
    /// importers keep large tensors), reached through Identity-like ops; not decoded.
    pub fn raw_constant(&self, v: ValueId) -> Option<crate::ir::blob::Blob> {
        let op = self.constant_op(v)?;
        let value = self.m.ctx.resolved_attr(self.m.op_attr(op, "value")?);
        let AttrData::Dense { value, .. } = self.m.ctx.attr_data(value) else { return None };
        match self.m.ctx.attr_data(self.m.ctx.resolved_attr(*value)) {
            AttrData::Hex(blob) => Some(blob.clone()),
            _ => None,
        }
    }

    /// Input `i` of `node` as compile-time integers (axes, shapes, permutations).
    pub fn known_ints(&self, node: &TfNode, i: usize, what: &str) -> R<Vec<i64>> {
        let v = *node.inputs.get(i).ok_or_else(|| self.err(node, format!("expects an input {} ({})", i, what)))?;
        self.int_values(v).ok_or_else(|| self.err(node, format!("input {} ({}) must be a constant integer tensor", i, what)))
    }

    /// The elements of `v` when it is a known integer tensor.
    pub fn int_values(&self, v: ValueId) -> Option<Vec<i64>> {
        self.known(v).filter(|t| !t.dtype.is_float()).map(|t| t.to_ints())
    }

    /// An attribute of `node`.
    pub fn attr(&self, node: &TfNode, name: &str) -> Option<AttrId> {
        self.m.op_attr(node.op, name).map(|a| self.m.ctx.resolved_attr(a))
    }

    pub fn attr_int(&self, node: &TfNode, name: &str) -> Option<i64> {
        self.m.ctx.int_value(self.attr(node, name)?).and_then(|v| i64::try_from(v).ok())
    }

    pub fn attr_bool(&self, node: &TfNode, name: &str) -> Option<bool> {
        match self.m.ctx.attr_data(self.attr(node, name)?) {
            AttrData::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// A float attribute with TensorFlow's default when it is absent; one that is present but
    /// not a number is an error (never the default in its place).
    pub fn attr_f64_or(&self, node: &TfNode, name: &str, default: f64) -> R<f64> {
        match self.attr(node, name) {
            None => Ok(default),
            Some(_) => self.need(node, name, self.attr_f64(node, name)),
        }
    }

    pub fn attr_f64(&self, node: &TfNode, name: &str) -> Option<f64> {
        self.float_of(self.attr(node, name)?)
    }

    /// A float (or integer) attribute's value as f64; a hex float by its own type's bits.
    pub fn float_of(&self, a: AttrId) -> Option<f64> {
        match self.m.ctx.attr_data(self.m.ctx.resolved_attr(a)) {
            AttrData::Float { spelling, ty } => float_value(&self.m.ctx, self.m.ctx.str(*spelling), *ty),
            // A hex float (`0x3E99999A : f32`) reads as an integer spelling of a float type.
            AttrData::Int { spelling, ty: ty @ Some(_) } if matches!(ty.and_then(|t| DType::of(&self.m.ctx, t)), Some(DType::Float(_))) => {
                float_value(&self.m.ctx, self.m.ctx.str(*spelling), *ty)
            }
            AttrData::Int { spelling, .. } => self.m.ctx.str(*spelling).parse().ok(),
            _ => None,
        }
    }

    /// An integer attribute's value; `None` for a float, including one spelled as an integer
    /// of a float type (`0x3E99999A : f32`).
    pub fn int_of(&self, a: AttrId) -> Option<i64> {
        match self.m.ctx.attr_data(self.m.ctx.resolved_attr(a)) {
            AttrData::Int { ty: Some(t), .. } if matches!(DType::of(&self.m.ctx, *t), Some(DType::Float(_))) => None,
            AttrData::Int { .. } => i64::try_from(self.m.ctx.int_value(a)?).ok(),
            _ => None,
        }
    }

    pub fn attr_str(&self, node: &TfNode, name: &str) -> Option<String> {
        self.m.ctx.string_value(self.attr(node, name)?).map(|b| String::from_utf8_lossy(&b).into_owned())
    }

    pub fn attr_ints(&self, node: &TfNode, name: &str) -> Option<Vec<i64>> {
        match self.m.ctx.attr_data(self.attr(node, name)?) {
            AttrData::Array(items) => {
                items.clone().iter().map(|&a| self.m.ctx.int_value(a).and_then(|v| i64::try_from(v).ok())).collect()
            }
            _ => None,
        }
    }

    /// A type attribute (`DstT`, `T`) as a torch element type.
    pub fn attr_dt(&self, node: &TfNode, name: &str) -> Option<Dt> {
        match self.m.ctx.attr_data(self.attr(node, name)?) {
            AttrData::Type(t) => Dt::of_elem(&self.m.ctx, *t),
            _ => None,
        }
    }

    /// A required attribute, or an error naming it.
    pub fn need<T>(&self, node: &TfNode, name: &str, v: Option<T>) -> R<T> {
        v.ok_or_else(|| self.err(node, format!("missing or malformed attribute '{}'", name)))
    }
}

/// The value of a float attribute spelled `s` of type `ty` (untyped: f64). A hex spelling is
/// the bit pattern of the attribute's own type (`0x3F800000 : f32` is 1.0), as in MLIR. An f32
/// value is given as the f64 of its shortest decimal (0.3, not 0.30000001192092896): the same
/// f32 for torch, and what TensorFlow prints and torch-mlir's importer writes for it.
fn float_value(ctx: &crate::ir::Context, s: &str, ty: Option<crate::ir::TypeId>) -> Option<f64> {
    let sem = match ty.and_then(|t| DType::of(ctx, t)) {
        Some(DType::Float(sem)) => sem,
        _ => crate::printer::float::float_sem("f64")?,
    };
    let bits = sem.literal_bits(s)?;
    if sem.name == "f32" {
        return f32::from_bits(bits as u32).to_string().parse().ok();
    }
    Some(bits_to_f64(sem, bits))
}
