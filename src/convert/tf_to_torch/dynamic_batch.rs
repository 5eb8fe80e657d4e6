//! A function for any batch: when a feed's batch dim (dim 0) is unknown — every Keras model
//! is saved with a batch of `None` — and `input-shapes` does not pin it, the torch function
//! takes `!torch.vtensor<[?,28,28,1],f32>` and keeps the batch unknown wherever it flows.
//!
//! What this supports is deliberately narrow, and everything outside it is an error that
//! names the node and the value and gives the `input-shapes=` that would pin the batch:
//!
//! * only dim 0 may be unknown, in the feeds and in every value a node reads or makes;
//! * only the lowerings that [`super::ops::handles_dynamic_batch`] lists may see an unknown
//!   batch (each reads the batch only to copy it into its result's type; the spatial dims of
//!   a convolution or pool, which its padding needs, are static);
//! * shape arithmetic on the unknown batch (Keras's `Flatten` is `Reshape(x, Pack(
//!   StridedSlice(Shape(x), 0), 400))`) is never made a tensor: it is deferred like a
//!   constant and only a `Reshape` reads it, which writes `-1` for the one unknown dim of
//!   its result. Used as a tensor, it is an error naming the `Shape` node.

use rustc_hash::FxHashSet;

use super::emitter::{Converted, TfNode, TorchEmitter};
use super::types::TTy;
use crate::diag::Diagnostic;
use crate::ir::types::DYNAMIC;
use crate::ir::{Module, OpId, ValueId};

/// The state of a conversion whose function takes any batch.
#[derive(Default, Debug)]
pub struct DynamicBatch {
    /// The nodes whose lowering handles an unknown batch.
    pub polymorphic: FxHashSet<OpId>,
    /// The values computed from the shape of a value with an unknown batch (deferred).
    pub shape_values: FxHashSet<ValueId>,
    /// The `input-shapes=` value that pins every unknown batch (`image:1x28x28x1`).
    pub pin: String,
}

/// Whether `shape` is static but for its first dim, which is unknown.
pub fn unknown_batch_only(shape: &[i64]) -> bool {
    shape.first() == Some(&DYNAMIC) && shape[1..].iter().all(|&d| d != DYNAMIC && d >= 0)
}

/// Whether `node` computes only small integer shape values from the shape of a value with an
/// unknown batch: `Shape`/`Size` of one, or an op reading such a value whose results are
/// small integer vectors. Such nodes are deferred; their results are recorded.
pub fn is_shape_arithmetic(e: &mut TorchEmitter, node: &TfNode) -> bool {
    let m: &Module = e.m;
    let Some(batch) = e.batch.as_mut() else { return false };
    let ty = |v: ValueId| TTy::of_type(&m.ctx, m.body.value_type(v));
    let from_shape = match node.op_type.as_str() {
        "Shape" | "Size" => node.inputs.first().and_then(|&x| ty(x)).is_some_and(|t| !t.is_static()),
        _ => node.inputs.iter().any(|v| batch.shape_values.contains(v)),
    };
    let small_ints = !node.results.is_empty()
        && node.results.iter().all(|&r| ty(r).is_none_or(|t| !t.dt.is_float() && t.rank() <= 1 && (!t.is_static() || t.num_elements() <= 64)));
    if !(from_shape && small_ints) {
        return false;
    }
    batch.shape_values.extend(node.results.iter().copied());
    true
}

/// What a `StridedSlice` of a 1-D shape vector selects.
enum Slice1d {
    Range(usize, usize),
    Index(usize),
}

/// Element `i` of `elems` (negative: from the end), as `GatherV2` reads it.
fn at_index(elems: &[ShapeElem], i: i64) -> Option<ShapeElem> {
    let i = if i < 0 { i + elems.len() as i64 } else { i };
    elems.get(usize::try_from(i).ok()?).copied()
}

/// An element of a small integer vector as a Reshape's shape operand may hold it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeElem {
    Known(i64),
    /// Dim `k` of a value (`StridedSlice(Shape(x), [k], [k+1], shrink)`).
    DimOf(ValueId, usize),
    Unknown,
}

impl TorchEmitter<'_> {
    /// The elements of a small integer vector as far as they are known here: a known value,
    /// `Shape(x)` (a static dim, or dim `k` of `x`), and what shape arithmetic makes of such
    /// vectors — `Pack` (axis 0) of scalars, `ConcatV2`, `GatherV2` of known indices, and
    /// `StridedSlice` — each scalar a known value, a dim of a value, or unknown. Keras's
    /// Flatten, `Pack(StridedSlice(Shape(x), 0), 400)`, is `[dim 0 of x, 400]`; Tensordot's
    /// `ConcatV2(GatherV2(Shape(x), [0, 1, 2]), [384])` is `[dim 0 of x, 24, 24, 384]`.
    pub fn shape_elems(&self, v: ValueId) -> Option<Vec<ShapeElem>> {
        self.shape_elems_at(v, 0)
    }

    fn shape_elems_at(&self, v: ValueId, depth: u32) -> Option<Vec<ShapeElem>> {
        if depth > 32 {
            return None;
        }
        if let Some(t) = self.known(v) {
            return (!t.dtype.is_float() && t.shape.len() <= 1).then(|| t.to_ints().into_iter().map(ShapeElem::Known).collect());
        }
        let op = self.m.body.defining_op(v)?;
        let operands = crate::dialect::tfg::data_operands(self.m, op);
        let int_attr = |name: &str| self.m.op_attr(op, name).and_then(|a| self.int_of(a));
        let ints = |v: ValueId| self.int_values(v);
        match self.m.op_name(op).strip_prefix("tfg.")? {
            t if crate::dialect::traits::forwards_input(t) => self.shape_elems_at(*operands.first()?, depth + 1),
            "Shape" => {
                let &x = operands.first()?;
                let t = TTy::of_type(&self.m.ctx, self.m.body.value_type(x))?;
                Some(t.shape.iter().enumerate().map(|(k, &d)| if d == DYNAMIC { ShapeElem::DimOf(x, k) } else { ShapeElem::Known(d) }).collect())
            }
            "Pack" if int_attr("axis").unwrap_or(0) == 0 => operands.iter().map(|&x| self.scalar_elem_at(x, depth + 1)).collect(),
            "ConcatV2" => {
                let (axis, parts) = operands.split_last()?;
                if !matches!(ints(*axis)?[..], [0] | [-1]) {
                    return None;
                }
                let mut out = Vec::new();
                for &p in parts {
                    out.extend(self.shape_elems_at(p, depth + 1)?);
                }
                Some(out)
            }
            "GatherV2" if int_attr("batch_dims").unwrap_or(0) == 0 => {
                let [params, indices, axis] = operands[..] else { return None };
                if ints(axis)? != [0] || self.rank_of(indices)? != 1 {
                    return None;
                }
                let elems = self.shape_elems_at(params, depth + 1)?;
                ints(indices)?.into_iter().map(|i| at_index(&elems, i)).collect()
            }
            "StridedSlice" => {
                let (elems, range) = self.strided_range(op, depth)?;
                match range {
                    Slice1d::Range(b, e) => Some(elems.get(b..e)?.to_vec()),
                    Slice1d::Index(_) => None,
                }
            }
            _ => None,
        }
    }

    /// A scalar as a [`ShapeElem`]; `None` when it is not a scalar. Besides a known value,
    /// it reads one element of a shape vector (`StridedSlice` shrunk to an index, `GatherV2`
    /// of a scalar index) and a `Prod` of one, which is known when all its factors are.
    fn scalar_elem_at(&self, x: ValueId, depth: u32) -> Option<ShapeElem> {
        if self.rank_of(x)? != 0 {
            return None;
        }
        if let Some(t) = self.known(x) {
            return Some(ShapeElem::Known(t.int_at(0)));
        }
        Some(self.scalar_from_vector(x, depth).unwrap_or(ShapeElem::Unknown))
    }

    /// A scalar that `StridedSlice`, `GatherV2` or `Prod` computes from a shape vector;
    /// `None` when it is none of these.
    fn scalar_from_vector(&self, x: ValueId, depth: u32) -> Option<ShapeElem> {
        if depth > 32 {
            return None;
        }
        let op = self.m.body.defining_op(x)?;
        let operands = crate::dialect::tfg::data_operands(self.m, op);
        let ints = |v: ValueId| self.int_values(v);
        match self.m.op_name(op).strip_prefix("tfg.")? {
            "StridedSlice" => match self.strided_range(op, depth)? {
                (elems, Slice1d::Index(i)) => elems.get(i).copied(),
                _ => None,
            },
            "GatherV2" => {
                let [params, index, axis] = operands[..] else { return None };
                if ints(axis)? != [0] || self.rank_of(index)? != 0 {
                    return None;
                }
                at_index(&self.shape_elems_at(params, depth + 1)?, *ints(index)?.first()?)
            }
            "Prod" => {
                let [input, axis] = operands[..] else { return None };
                if !matches!(ints(axis)?[..], [0] | [-1]) {
                    return None;
                }
                let mut product = 1i64;
                for elem in self.shape_elems_at(input, depth + 1)? {
                    match elem {
                        ShapeElem::Known(d) if d >= 0 => product = product.checked_mul(d)?,
                        _ => return Some(ShapeElem::Unknown),
                    }
                }
                Some(ShapeElem::Known(product))
            }
            _ => None,
        }
    }

    /// What a `StridedSlice` of a shape vector selects: a range of it, or one element (the
    /// only mask it may have is `shrink_axis_mask` = 1, and `begin_mask`/`end_mask` = 1 with
    /// a stride of 1).
    fn strided_range(&self, op: OpId, depth: u32) -> Option<(Vec<ShapeElem>, Slice1d)> {
        let mask = |name: &str| self.m.op_attr(op, name).and_then(|a| self.int_of(a)).unwrap_or(0);
        if mask("ellipsis_mask") != 0 || mask("new_axis_mask") != 0 {
            return None;
        }
        let operands = crate::dialect::tfg::data_operands(self.m, op);
        let [input, begin, end, strides] = operands[..] else { return None };
        let at = |v: ValueId| match self.int_values(v)?[..] {
            [i] => Some(i),
            _ => None,
        };
        let (b, e, s) = (at(begin)?, at(end)?, at(strides)?);
        let elems = self.shape_elems_at(input, depth + 1)?;
        let len = elems.len() as i64;
        let wrap = |i: i64| if i < 0 { i + len } else { i };
        if mask("shrink_axis_mask") == 1 {
            let i = wrap(b);
            return (s == 1 && mask("begin_mask") == 0 && mask("end_mask") == 0 && (0..len).contains(&i)).then_some((elems, Slice1d::Index(i as usize)));
        }
        if mask("shrink_axis_mask") != 0 || s != 1 {
            return None;
        }
        let lo = if mask("begin_mask") & 1 == 1 { 0 } else { wrap(b).clamp(0, len) };
        let hi = if mask("end_mask") & 1 == 1 { len } else { wrap(e).clamp(0, len) };
        Some((elems, Slice1d::Range(lo as usize, hi.max(lo) as usize)))
    }

    /// The rank of `v`'s type, when it is a ranked tensor.
    fn rank_of(&self, v: ValueId) -> Option<usize> {
        TTy::of_type(&self.m.ctx, self.m.body.value_type(v)).map(|t| t.rank())
    }

    /// Before `node` is lowered in a function for any batch: an error when it reads or makes
    /// a value with an unknown dim that its lowering does not handle.
    pub(super) fn check_dynamic_batch(&self, node: &TfNode) -> Result<(), Diagnostic> {
        let Some(batch) = &self.batch else { return Ok(()) };
        let polymorphic = batch.polymorphic.contains(&node.op);
        // The results of a lowering that handles the batch are its to type (a Reshape's may
        // be [?,?] to TensorFlow and [?,400] once its shape operand is read); `result_ty`
        // says when it cannot.
        let results = if polymorphic { &[][..] } else { &node.results[..] };
        let inputs = node.inputs.iter().enumerate().map(|(i, &v)| ("input", i, v));
        for (what, index, v) in inputs.chain(results.iter().enumerate().map(|(i, &v)| ("result", i, v))) {
            let Some(t) = TTy::of_type(&self.m.ctx, self.m.body.value_type(v)) else { continue };
            if t.is_static() || (polymorphic && unknown_batch_only(&t.shape)) {
                continue;
            }
            let why = if batch.shape_values.contains(&v) || node.op_type == "Shape" || node.op_type == "Size" {
                "the shape of a value with an unknown batch is used as a tensor, which is not supported yet"
            } else if polymorphic {
                "only the batch dim (dim 0) may be unknown"
            } else {
                "this op is converted for static shapes only"
            };
            return Err(self.err(
                node,
                format!(
                    "{} {} is {}: {}; pin the batch with the option input-shapes={}",
                    what,
                    index,
                    super::types::show_shape(&t.shape),
                    why,
                    batch.pin
                ),
            ));
        }
        Ok(())
    }

    /// After a lowering that handles an unknown batch: an error when a result it made has an
    /// unknown dim other than dim 0 (an `ExpandDims` at 0 moves the batch to dim 1).
    pub(super) fn check_batch_results(&self, node: &TfNode, outs: Vec<Converted>) -> Result<Vec<Converted>, Diagnostic> {
        let Some(batch) = &self.batch else { return Ok(outs) };
        for (i, c) in outs.iter().enumerate() {
            let shape = &self.ty(c.value).shape;
            if shape.contains(&DYNAMIC) && !unknown_batch_only(shape) {
                return Err(self.err(
                    node,
                    format!(
                        "result {} is {}: only the batch dim (dim 0) may be unknown; pin the batch with the option input-shapes={}",
                        i,
                        super::types::show_shape(shape),
                        batch.pin
                    ),
                ));
            }
        }
        Ok(outs)
    }

    /// A lowering's error in a function for any batch says how to pin the batch (what the
    /// lowering failed on may be a size the pin makes static), unless it says so already.
    pub(super) fn with_pin_hint(&self, mut d: Diagnostic) -> Diagnostic {
        if let Some(b) = &self.batch {
            if !d.message.contains("input-shapes=") {
                d.message.push_str(&format!(" (the function takes any batch; pinning it with the option input-shapes={} may help)", b.pin));
            }
        }
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_first_dim_may_be_unknown() {
        assert!(unknown_batch_only(&[DYNAMIC, 28, 28, 1]));
        assert!(unknown_batch_only(&[DYNAMIC]));
        assert!(!unknown_batch_only(&[2, 28]));
        assert!(!unknown_batch_only(&[DYNAMIC, DYNAMIC, 8]));
        assert!(!unknown_batch_only(&[4, DYNAMIC]));
        assert!(!unknown_batch_only(&[]));
    }
}
