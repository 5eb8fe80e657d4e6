//! `torch-fold-conv-affine`: a per-channel affine after a convolution folded into its
//! weights, as TensorFlow's Grappler does at run time (`_FusedConv2D`, and constant folding's
//! multiply pushed into the filter). What Keras freezes for Conv2D + BatchNormalization is
//! `convolution(x, W) + b`, then `* mul + sub` (inference batch norm as an affine), each a
//! pass over the activations; after this pass it is one `convolution(x, W * mul, (b * mul) +
//! sub)`. Patterns on the greedy driver of `src/rewrite/`, run by `convert-tf-to-torch` on
//! what it writes after [`super::weight_layout`], and a pass of its own.
//!
//! * `aten.add.Tensor(conv, k, 1)` (either order) → the convolution's bias is `bias + k`.
//! * `aten.mul.Tensor(conv, m)` (either order) → the filter is `W * m` along its output
//!   channels and the bias `bias * m`.
//!
//! Only when the convolution's result has no other user, `k`/`m` is a literal holding one
//! value per output channel (`[C,1,1]`, `[1,C,1,1]`) or one for all, the filter is a literal
//! that nothing else reads (a filter two convolutions share is left alone), the bias is
//! `None` or a literal, the convolution is not transposed, the result type is the
//! convolution's (no broadcasting, no promotion), and the element type is f32 or f64. The
//! filter is multiplied in its own precision, which can differ from the unfolded product in
//! the last bit.

use crate::diag::Diagnostic;
use crate::ir::types::TypeData;
use crate::ir::{AttrData, AttrId, Module, OpId, OpSpec, ValueId};
use crate::passes::folding::tensor::{Tensor, Values, DEFAULT_MAX_CONSTANT_BYTES};
use crate::passes::{PassInfo, PassRegistry, PassTarget};
use crate::printer::torch::inherent;
use crate::rewrite::{apply_greedily, GreedyConfig, Pattern, Rewriter};

use super::tf_to_torch::types::{Dt, TTy};
use super::weight_layout::constant_int;

/// Registers `torch-fold-conv-affine`.
pub fn register(r: &mut PassRegistry) {
    r.add(PassInfo {
        name: "torch-fold-conv-affine",
        summary: "torch: a per-channel add or multiply of a convolution's result folded into its bias and filter",
        options: &[],
        anchor: None,
        create: |_| Ok(super::counted_pass(run, "Per-channel adds and multiplies folded into convolutions")),
    });
}

/// Folds every per-channel affine of a convolution nested in `target`; returns how many.
pub fn run(m: &mut Module, target: PassTarget) -> Result<u64, Vec<Diagnostic>> {
    let add = FoldIntoConv { root: "torch.aten.add.Tensor", scale: false };
    let mul = FoldIntoConv { root: "torch.aten.mul.Tensor", scale: true };
    apply_greedily(m, target, &[&add, &mul], GreedyConfig::default()).map(|s| s.total())
}

struct FoldIntoConv {
    root: &'static str,
    /// `mul` (scales filter and bias) rather than `add` (shifts the bias).
    scale: bool,
}

impl Pattern for FoldIntoConv {
    fn name(&self) -> &str {
        self.root
    }

    fn root(&self) -> Option<&str> {
        Some(self.root)
    }

    fn match_and_rewrite(&self, rw: &mut Rewriter<'_>, op: OpId) -> Result<bool, Diagnostic> {
        let Some(plan) = plan(rw.m, op, self.scale) else { return Ok(false) };
        let conv_result = rw.m.body.results(plan.conv)[0];
        if let Some((weight, literal)) = plan.weight {
            rw.insert_before(plan.conv, literal);
            let v = rw.m.body.results(literal)[0];
            rw.m.body.set_operand(plan.conv, 1, v);
            rw.erase_if_unused(weight);
        }
        let old_bias = rw.m.body.defining_op(rw.m.body.operands(plan.conv).nth(2).expect("a convolution has a bias operand"));
        rw.insert_before(plan.conv, plan.bias);
        let v = rw.m.body.results(plan.bias)[0];
        rw.m.body.set_operand(plan.conv, 2, v);
        if let Some(b) = old_bias {
            rw.erase_if_unused(b);
        }
        let mut names = rw.origin_names(plan.conv);
        names.extend(rw.origin_names(op));
        rw.set_origin(plan.conv, &names);
        rw.replace_op(op, &[conv_result], None);
        rw.erase_if_unused(plan.operand);
        Ok(true)
    }
}

/// What a fold makes: the convolution kept, its new bias literal, its new filter literal
/// (with the one it replaces), and the literal folded in.
struct Plan {
    conv: OpId,
    bias: OpId,
    weight: Option<(OpId, OpId)>,
    operand: OpId,
}

fn plan(m: &mut Module, op: OpId, scale: bool) -> Option<Plan> {
    let operands: Vec<ValueId> = m.body.operands(op).collect();
    if operands.len() < 2 || m.body.results(op).len() != 1 {
        return None;
    }
    if !scale && constant_int(m, *operands.get(2)?) != Some(1) {
        return None;
    }
    let is_conv = |v: ValueId| m.body.defining_op(v).is_some_and(|o| m.op_name(o) == "torch.aten.convolution");
    let (conv_value, other) = if is_conv(operands[0]) { (operands[0], operands[1]) } else if is_conv(operands[1]) { (operands[1], operands[0]) } else { return None };
    let conv = m.body.defining_op(conv_value)?;
    let result_ty = m.body.value_type(m.body.results(op)[0]);
    if m.body.uses(conv_value).count() != 1 || m.body.value_type(conv_value) != result_ty {
        return None;
    }
    // Only the channels are read: the batch may be unknown.
    let out = TTy::of_torch(&m.ctx, result_ty).filter(|t| t.is_static() || crate::convert::tf_to_torch::dynamic_batch::unknown_batch_only(&t.shape))?;
    if !matches!(out.dt, Dt::F32 | Dt::F64) || out.rank() < 2 {
        return None;
    }
    let channels = out.shape[1];
    let conv_operands: Vec<ValueId> = m.body.operands(conv).collect();
    if conv_operands.len() != 9 || constant_bool(m, conv_operands[6]) != Some(false) {
        return None;
    }
    // The per-channel values folded in.
    let operand = m.body.defining_op(other)?;
    let (values, _) = literal_floats(m, operand)?;
    let lit_ty = TTy::of_torch(&m.ctx, m.body.value_type(other))?;
    let per_channel = lit_ty.rank() <= out.rank()
        && (values.len() == 1 || (values.len() as i64 == channels && lit_ty.shape.iter().rev().nth(out.rank() - 2) == Some(&channels)));
    if !per_channel || lit_ty.dt != out.dt {
        return None;
    }
    let at = |c: usize| if values.len() == 1 { values[0] } else { values[c] };
    // The bias: None (zeros) or a literal.
    let bias = match m.body.defining_op(conv_operands[2]) {
        Some(b) if m.op_name(b) == "torch.constant.none" => vec![0.0; channels as usize],
        Some(b) => literal_floats(m, b).filter(|(v, _)| v.len() as i64 == channels)?.0,
        None => return None,
    };
    let new_bias: Vec<f64> = (0..channels as usize).map(|c| if scale { bias[c] * at(c) } else { bias[c] + at(c) }).collect();
    let weight = if scale {
        let w = m.body.defining_op(conv_operands[1])?;
        if m.op_name(w) != "torch.vtensor.literal" || m.body.uses(conv_operands[1]).count() != 1 {
            return None;
        }
        let scaled = scaled_filter(m, w, channels, &at, out.dt)?;
        Some((w, scaled))
    } else {
        None
    };
    let bias_loc = m.body.defining_op(conv_operands[2]).filter(|&b| m.op_name(b) == "torch.vtensor.literal").and_then(|b| m.body.op(b).loc);
    let bias = literal_op(m, &Tensor::floats(out.dt.dtype(), vec![channels], new_bias), out.dt, bias_loc.or(m.body.op(operand).loc));
    Some(Plan { conv, bias, weight, operand })
}

/// The filter literal `w` (`[C, ...]`) with each output channel `c` multiplied by `at(c)`,
/// in the element type's own arithmetic; `None` when its data cannot be read.
fn scaled_filter(m: &mut Module, w: OpId, channels: i64, at: &dyn Fn(usize) -> f64, dt: Dt) -> Option<OpId> {
    let dense = inherent(m, w, "value")?;
    let AttrData::Dense { value, ty } = m.ctx.attr_data(m.ctx.resolved_attr(dense)).clone() else { return None };
    let TypeData::RankedTensor { shape, .. } = m.ctx.type_data(m.ctx.resolved_type(ty)).clone() else { return None };
    if shape.first() != Some(&channels) || shape.iter().any(|&d| d < 0) {
        return None;
    }
    let n = shape.iter().product::<i64>() as usize;
    let per_channel = n / channels as usize;
    let width = dt.size_bytes() as usize;
    let payload = match crate::ir::hex::raw_data(&m.ctx, value) {
        Some(raw) if raw.len() == n * width => {
            let mut out = Vec::with_capacity(raw.len());
            for (i, e) in raw.chunks_exact(width).enumerate() {
                let s = at(i / per_channel);
                match dt {
                    Dt::F32 => out.extend_from_slice(&(f32::from_le_bytes(e.try_into().ok()?) * s as f32).to_le_bytes()),
                    _ => out.extend_from_slice(&(f64::from_le_bytes(e.try_into().ok()?) * s).to_le_bytes()),
                }
            }
            m.ctx.attr(AttrData::Hex(crate::ir::blob::Blob::new(out.into())))
        }
        _ => {
            let t = Tensor::from_attr_within(&m.ctx, dense, DEFAULT_MAX_CONSTANT_BYTES)?;
            let Values::Float(v) = &t.values else { return None };
            let scaled = v.iter().enumerate().map(|(i, &x)| x * at(i / per_channel)).collect();
            let dense = Tensor::floats(t.dtype, t.shape.clone(), scaled).to_attr(&mut m.ctx);
            let AttrData::Dense { value, .. } = m.ctx.attr_data(dense) else { return None };
            *value
        }
    };
    let dense = m.ctx.attr(AttrData::Dense { value: payload, ty });
    let (result_ty, loc) = (m.body.value_type(m.body.results(w)[0]), m.body.op(w).loc);
    Some(literal_with(m, dense, result_ty, loc))
}

/// The values of a floating-point `torch.vtensor.literal` (read within the folder's budget)
/// and its element type.
pub(super) fn literal_floats(m: &Module, op: OpId) -> Option<(Vec<f64>, Dt)> {
    if m.op_name(op) != "torch.vtensor.literal" {
        return None;
    }
    let dense = inherent(m, op, "value")?;
    let ty = TTy::of_torch(&m.ctx, m.body.value_type(*m.body.results(op).first()?))?;
    let t = Tensor::from_attr_within(&m.ctx, dense, DEFAULT_MAX_CONSTANT_BYTES)?;
    match t.values {
        Values::Float(v) => Some((v, ty.dt)),
        Values::Int(_) => None,
    }
}

/// A detached `torch.vtensor.literal` of `t` as element type `dt`.
fn literal_op(m: &mut Module, t: &Tensor, dt: Dt, loc: Option<AttrId>) -> OpId {
    let value = t.to_attr(&mut m.ctx);
    let AttrData::Dense { value, .. } = m.ctx.attr_data(value).clone() else { unreachable!("to_attr writes dense") };
    let elem = dt.elem_type(&mut m.ctx);
    let ty = m.ctx.ty(TypeData::RankedTensor { shape: t.shape.clone(), elem, encoding: None });
    let dense = m.ctx.attr(AttrData::Dense { value, ty });
    let text = m.ctx.sym(&TTy::new(t.shape.clone(), dt).torch_spelling());
    let result_ty = m.ctx.ty(TypeData::Opaque(text));
    literal_with(m, dense, result_ty, loc)
}

fn literal_with(m: &mut Module, dense: AttrId, result_ty: crate::ir::TypeId, loc: Option<AttrId>) -> OpId {
    let key = m.ctx.sym("value");
    let properties = Some(m.ctx.attr(AttrData::Dict(vec![crate::ir::NamedAttr::new(key, dense)])));
    let spec = OpSpec { result_types: smallvec::smallvec![result_ty], properties, loc, form: crate::ir::OpForm::Custom, ..OpSpec::default() };
    let name = m.ctx.sym("torch.vtensor.literal");
    m.body.create_op(spec, name)
}

/// The value of a `torch.constant.bool`.
pub(super) fn constant_bool(m: &Module, v: ValueId) -> Option<bool> {
    let op = m.body.defining_op(v)?;
    if m.op_name(op) != "torch.constant.bool" {
        return None;
    }
    match m.ctx.attr_data(m.ctx.resolved_attr(inherent(m, op, "value")?)) {
        AttrData::Bool(b) => Some(*b),
        _ => None,
    }
}
