//! `torch-raise-dense`: Keras's `Dense` and `EinsumDense` on inputs of rank > 2 made one
//! matrix product and one bias add, which PyTorch's `matmul` does without copies and
//! `--emit=pytorch` writes as one `torch.nn.Linear`. TensorFlow's `MatMul` takes matrices,
//! so a `Dense` on a sequence `[B, T, K]` freezes as `Tensordot`: reshape to `[B·T, K]`,
//! `MatMul`, reshape back; and `MultiHeadAttention`'s projections (`EinsumDense`,
//! `abc,cde->abde`) add their bias `[heads, dim]` after the heads are split. Patterns on the
//! greedy driver of `src/rewrite/`, run by `convert-tf-to-torch` on what it writes, and a
//! pass of its own.
//!
//! * `reshape(mm(reshape(x, [N, K]), W), [d..., M])` with `x: [d..., K]`, `N = d₁⋯dₙ`,
//!   `W: [K, M]` → `matmul(x, W)`;
//! * `reshape(y, [d..., h, e...]) + b` with `y: [d..., M]` a product (`mm`/`matmul`), `M =
//!   h·e⋯` and `b` a literal `[h, e...]` (leading 1s allowed) → `reshape(y + b', [d..., h,
//!   e...])`, `b'` the same data as `[M]` — the split's row-major order is the flat one.
//!
//! Only with static shapes, one element type, and the intermediate values read only by the
//! pattern.

use crate::diag::Diagnostic;
use crate::ir::{Module, OpId, ValueId};
use crate::passes::{PassInfo, PassRegistry, PassTarget};
use crate::rewrite::{apply_greedily, GreedyConfig, Pattern, Rewriter};

use super::tf_to_torch::emitter::A;
use super::tf_to_torch::types::TTy;
use super::torch_match::{aten_before, origin, replace_matched, reshaped_literal};
use super::weight_layout::constant_int;

/// Registers `torch-raise-dense`.
pub fn register(r: &mut PassRegistry) {
    r.add(PassInfo {
        name: "torch-raise-dense",
        summary: "torch: a matrix product between reshapes (Tensordot) made one matmul, a bias added after a reshape of a product added before it",
        options: &[],
        anchor: None,
        create: |_| Ok(super::counted_pass(run, "Dense layers on inputs of rank > 2 made one product and bias")),
    });
}

/// Raises every Tensordot and moves every split bias nested in `target`; returns how many.
pub fn run(m: &mut Module, target: PassTarget) -> Result<u64, Vec<Diagnostic>> {
    apply_greedily(m, target, &[&MatmulThroughReshape, &BiasBeforeReshape], GreedyConfig::default()).map(|s| s.total())
}

/// The static type of `v`.
fn static_type(m: &Module, v: ValueId) -> Option<TTy> {
    TTy::of_torch(&m.ctx, m.body.value_type(v)).filter(TTy::is_static)
}

/// The op named `name` defining `v`, when `v` has no user but one.
fn single_use_def(m: &Module, v: ValueId, names: &[&str]) -> Option<OpId> {
    let op = m.body.defining_op(v)?;
    (names.contains(&m.op_name(op)) && m.body.uses(v).count() == 1).then_some(op)
}

struct MatmulThroughReshape;

impl Pattern for MatmulThroughReshape {
    fn name(&self) -> &str {
        "matmul-through-reshape"
    }

    fn root(&self) -> Option<&str> {
        Some("torch.aten.reshape")
    }

    fn match_and_rewrite(&self, rw: &mut Rewriter<'_>, op: OpId) -> Result<bool, Diagnostic> {
        let m = &*rw.m;
        let product = m.body.operand(op, 0);
        let Some(mm) = single_use_def(m, product, &["torch.aten.mm"]) else { return Ok(false) };
        let (rows, w) = (m.body.operand(mm, 0), m.body.operand(mm, 1));
        let Some(inner) = single_use_def(m, rows, &["torch.aten.reshape"]) else { return Ok(false) };
        let x = m.body.operand(inner, 0);
        let types = [x, rows, w, m.body.results(op)[0]].map(|v| static_type(m, v));
        let [Some(x_ty), Some(rows_ty), Some(w_ty), Some(out_ty)] = types else { return Ok(false) };
        let Some((&k, lead)) = x_ty.shape.split_last() else { return Ok(false) };
        let &[wk, n_out] = w_ty.shape.as_slice() else { return Ok(false) };
        let flat = [lead.iter().product::<i64>(), k];
        let out_shape: Vec<i64> = lead.iter().copied().chain([n_out]).collect();
        if lead.len() < 2 || rows_ty.shape != flat || wk != k || out_ty.shape != out_shape || [&rows_ty, &w_ty, &out_ty].iter().any(|t| t.dt != x_ty.dt) {
            return Ok(false);
        }
        let ops = [op, mm, inner];
        let names = origin(rw, &ops);
        let matmul = aten_before(rw, op, "aten::matmul", vec![A::T(x), A::T(w)], out_ty, &names)?;
        replace_matched(rw, &ops, matmul);
        Ok(true)
    }
}

struct BiasBeforeReshape;

impl Pattern for BiasBeforeReshape {
    fn name(&self) -> &str {
        "bias-before-reshape"
    }

    fn root(&self) -> Option<&str> {
        Some("torch.aten.add.Tensor")
    }

    fn match_and_rewrite(&self, rw: &mut Rewriter<'_>, op: OpId) -> Result<bool, Diagnostic> {
        let Some(SplitBias { reshape, bias, y, y_ty, out_ty }) = split_bias(rw.m, op) else { return Ok(false) };
        let flat = y_ty.shape[y_ty.rank() - 1];
        let Some(flat_bias) = reshaped_literal(rw.m, bias, &[flat]) else { return Ok(false) };
        let (add_names, reshape_names) = (rw.origin_names(op), rw.origin_names(reshape));
        rw.insert_before(op, flat_bias);
        let b = rw.m.body.results(flat_bias)[0];
        let sum = aten_before(rw, op, "aten::add.Tensor", vec![A::T(y), A::T(b), A::Int(1)], y_ty, &add_names)?;
        let shape = out_ty.shape.clone();
        let out = aten_before(rw, op, "aten::reshape", vec![A::T(sum), A::Ints(shape)], out_ty, &reshape_names)?;
        replace_matched(rw, &[op, reshape], out);
        Ok(true)
    }
}

/// `reshape(y, S) + b` as [`BiasBeforeReshape`] takes it.
struct SplitBias {
    reshape: OpId,
    /// `b`, a literal.
    bias: ValueId,
    /// The product `y` and its type `[d..., M]`.
    y: ValueId,
    y_ty: TTy,
    /// The sum's type `[d..., h, e...]`.
    out_ty: TTy,
}

fn split_bias(m: &Module, add: OpId) -> Option<SplitBias> {
    let &[a, b, alpha] = m.body.operands(add).collect::<Vec<_>>().as_slice() else { return None };
    if constant_int(m, alpha) != Some(1) {
        return None;
    }
    let out_ty = static_type(m, m.body.results(add)[0])?;
    [(a, b), (b, a)].into_iter().find_map(|(r, bias)| {
        let reshape = single_use_def(m, r, &["torch.aten.reshape"])?;
        let y = m.body.operand(reshape, 0);
        single_use_def(m, y, &["torch.aten.mm", "torch.aten.matmul"])?;
        let (y_ty, split_ty, b_ty) = (static_type(m, y)?, static_type(m, r)?, static_type(m, bias)?);
        let (&flat, lead) = y_ty.shape.split_last()?;
        // The reshape splits the last dim only, and the add broadcasts nothing into it.
        let split = split_ty.shape.strip_prefix(lead)?;
        if split.len() < 2 || split.iter().product::<i64>() != flat || split_ty != out_ty || b_ty.dt != out_ty.dt {
            return None;
        }
        let extra = b_ty.rank().checked_sub(split.len())?;
        if b_ty.shape[extra..] != *split || b_ty.shape[..extra].iter().any(|&d| d != 1) || extra > lead.len() {
            return None;
        }
        (m.op_name(m.body.defining_op(bias)?) == "torch.vtensor.literal").then(|| SplitBias { reshape, bias, y, y_ty: y_ty.clone(), out_ty: out_ty.clone() })
    })
}
