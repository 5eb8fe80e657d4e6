//! [`Matcher`]: what the torch-level raising patterns (`layer_norm.rs`, `gelu.rs`, `dense.rs`) match
//! with — ops by name and operands, the two orders of a commutative op, one-element literals,
//! alternatives that back out — and what their rewrites share: the pattern is closed (no
//! value inside it read outside), the new op is built in place ([`aten_before`]) with every op
//! it replaces as its origin, and the replaced ops and the constants only they read are
//! erased.

use crate::diag::Diagnostic;
use crate::ir::types::TypeData;
use crate::ir::{AttrData, Module, OpId, ValueId};
use crate::printer::torch::inherent;
use crate::rewrite::Rewriter;

use super::conv_affine::literal_floats;
use super::tf_to_torch::emitter::{TorchEmitter, A};
use super::tf_to_torch::types::TTy;
use super::weight_layout::{constant_int, erase_dead_constants, moved_payload, relit};

/// Pattern matching over the torch ops: each step records the ops it matched in `ops`, and
/// an alternative that fails drops what it recorded.
pub(super) struct Matcher<'a> {
    pub m: &'a Module,
    /// The ops matched so far, the root first.
    pub ops: Vec<OpId>,
}

impl<'a> Matcher<'a> {
    pub fn new(m: &'a Module) -> Self {
        Matcher { m, ops: Vec::new() }
    }

    /// `a + b` (alpha 1): `(op, a, b)`.
    pub fn sum(&mut self, v: ValueId) -> Option<(OpId, ValueId, ValueId)> {
        self.with_alpha_one(v, "torch.aten.add.Tensor")
    }

    /// `a - b` (alpha 1): `(op, a, b)`.
    pub fn difference(&mut self, v: ValueId) -> Option<(OpId, ValueId, ValueId)> {
        self.with_alpha_one(v, "torch.aten.sub.Tensor")
    }

    fn with_alpha_one(&mut self, v: ValueId, name: &str) -> Option<(OpId, ValueId, ValueId)> {
        let op = self.def(v)?;
        let &[a, b, alpha] = self.m.body.operands(op).collect::<Vec<_>>().as_slice() else { return None };
        if self.m.op_name(op) != name || constant_int(self.m, alpha) != Some(1) {
            return None;
        }
        self.ops.push(op);
        Some((op, a, b))
    }

    /// A two-operand op named `name` defining `v`: `(op, a, b)`.
    pub fn op2(&mut self, v: ValueId, name: &str) -> Option<(OpId, ValueId, ValueId)> {
        let op = self.def(v)?;
        let &[a, b] = self.m.body.operands(op).collect::<Vec<_>>().as_slice() else { return None };
        if self.m.op_name(op) != name {
            return None;
        }
        self.ops.push(op);
        Some((op, a, b))
    }

    /// A one-operand op named `name` defining `v`.
    pub fn op1(&mut self, v: ValueId, name: &str) -> Option<OpId> {
        let op = self.def(v)?;
        if self.m.op_name(op) != name || self.m.body.num_operands(op) != 1 {
            return None;
        }
        self.ops.push(op);
        Some(op)
    }

    /// `f(a, b)`, else `f(b, a)`: the two orders of a commutative op's operands.
    pub fn either<T>(&mut self, a: ValueId, b: ValueId, f: impl Fn(&mut Self, ValueId, ValueId) -> Option<T>) -> Option<T> {
        self.attempt(|me| f(me, a, b)).or_else(|| self.attempt(|me| f(me, b, a)))
    }

    /// Runs an alternative; on failure the ops it recorded are dropped.
    pub fn attempt<T>(&mut self, f: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        let mark = self.ops.len();
        let found = f(self);
        if found.is_none() {
            self.ops.truncate(mark);
        }
        found
    }

    /// The value of a one-element floating-point literal defining `v` (not recorded: a
    /// literal may be shared; [`replace_matched`] erases it when only the pattern read it).
    pub fn scalar(&self, v: ValueId) -> Option<f64> {
        let (values, _) = literal_floats(self.m, self.def(v)?)?;
        match values.as_slice() {
            &[x] => Some(x),
            _ => None,
        }
    }

    pub fn def(&self, v: ValueId) -> Option<OpId> {
        self.m.body.defining_op(v)
    }

    pub fn operand(&self, op: OpId, i: usize) -> ValueId {
        self.m.body.operand(op, i)
    }

    pub fn is_none(&self, v: ValueId) -> bool {
        self.def(v).is_some_and(|o| self.m.op_name(o) == "torch.constant.none")
    }

    pub fn constant_float(&self, v: ValueId) -> Option<f64> {
        let op = self.def(v)?;
        if self.m.op_name(op) != "torch.constant.float" {
            return None;
        }
        match self.m.ctx.attr_data(self.m.ctx.resolved_attr(inherent(self.m, op, "value")?)) {
            AttrData::Float { spelling, .. } => self.m.ctx.str(*spelling).parse().ok(),
            _ => None,
        }
    }
}


/// Whether nothing outside `ops` reads a value of `ops[1..]` (the root's result is what
/// the rewrite replaces): otherwise the raised op would compute part of it twice.
pub(super) fn closed(m: &Module, ops: &[OpId]) -> bool {
    ops[1..].iter().all(|&op| m.body.results(op).iter().all(|&r| m.body.uses(r).all(|u| ops.contains(&u.op))))
}

/// The names the ops of a pattern stand for, each once, the root's first.
pub(super) fn origin(rw: &Rewriter<'_>, ops: &[OpId]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for &o in ops {
        for n in rw.origin_names(o) {
            if !names.contains(&n) {
                names.push(n);
            }
        }
    }
    names
}

/// One aten op (`op` and `args` as [`TorchEmitter::aten`] takes them, of result type `ty`)
/// placed before `before` with the constants it needs, located at `origin`; the driver is
/// told of each new op.
pub(super) fn aten_before(rw: &mut Rewriter<'_>, before: OpId, op: &str, args: Vec<A>, ty: TTy, origin: &[String]) -> Result<ValueId, Diagnostic> {
    let mut e = TorchEmitter::before(rw.m, before);
    let v = e.aten(op, args, ty)?;
    let made = std::mem::take(&mut e.made);
    rw.created.extend(made);
    if let Some(o) = rw.m.body.defining_op(v) {
        rw.set_origin(o, origin);
    }
    Ok(v)
}

/// Replaces the pattern's root (`ops[0]`) by `value`, then erases the pattern's ops left
/// unused and the literals and constants only they read.
pub(super) fn replace_matched(rw: &mut Rewriter<'_>, ops: &[OpId], value: ValueId) {
    let mut constants: Vec<OpId> = rw.m.body.operands(ops[0]).filter_map(|v| rw.m.body.defining_op(v)).collect();
    rw.replace_op(ops[0], &[value], None);
    let mut progress = true;
    while progress {
        progress = false;
        for &op in &ops[1..] {
            if rw.m.body.is_erased(op) {
                continue;
            }
            let defs: Vec<OpId> = rw.m.body.operands(op).filter_map(|v| rw.m.body.defining_op(v)).collect();
            if rw.erase_if_unused(op) {
                constants.extend(defs);
                progress = true;
            }
        }
    }
    for c in constants {
        if rw.m.body.is_erased(c) {
            continue;
        }
        if rw.m.op_name(c) == "torch.vtensor.literal" {
            rw.erase_if_unused(c);
        } else {
            erase_dead_constants(rw, c);
        }
    }
}

/// A detached copy of the `torch.vtensor.literal` defining `v` with shape `shape` (the same
/// number of elements, in the same order): `None` when `v` is not a literal.
pub(super) fn reshaped_literal(m: &mut Module, v: ValueId, shape: &[i64]) -> Option<OpId> {
    let ty = TTy::of_torch(&m.ctx, m.body.value_type(v))?;
    let literal = m.body.defining_op(v).filter(|&o| m.op_name(o) == "torch.vtensor.literal")?;
    let dense = inherent(m, literal, "value")?;
    let AttrData::Dense { value, ty: tensor_ty } = m.ctx.attr_data(m.ctx.resolved_attr(dense)).clone() else { return None };
    let TypeData::RankedTensor { elem, .. } = m.ctx.type_data(m.ctx.resolved_type(tensor_ty)).clone() else { return None };
    let value = moved_payload(m, value, tensor_ty, &ty.shape, None, shape, ty.dt.size_bytes() as usize)?;
    let retyped = m.ctx.ty(TypeData::RankedTensor { shape: shape.to_vec(), elem, encoding: None });
    let dense = m.ctx.attr(AttrData::Dense { value, ty: retyped });
    let text = m.ctx.sym(&ty.with_shape(shape.to_vec()).torch_spelling());
    let result_ty = m.ctx.ty(TypeData::Opaque(text));
    Some(relit(m, literal, dense, result_ty))
}
