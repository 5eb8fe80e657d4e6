//! `torch-raise-layer-norm`: layer normalization written out as arithmetic, raised to one
//! `aten.layer_norm` — the inverse of torch-mlir's decomposition, and what TensorFlow's
//! Grappler remapper does when it fuses the same subgraph into `_MklLayerNorm`. A frozen
//! Keras `LayerNormalization` is thirteen ops (two means, a squared difference, `rsqrt`, four
//! products, a negation, three sums); after this pass it is one op that PyTorch, IREE and
//! `--emit=pytorch` (`torch.nn.LayerNorm`) each run as one kernel. Patterns on the greedy
//! driver of `src/rewrite/`, run by `convert-tf-to-torch` on what it writes, and a pass of
//! its own.
//!
//! With `mean = mean.dim(x, D, keepdim)`, `var = mean.dim((x - mean)², D, keepdim)` (the
//! square as `d * d`, `square(d)` or `pow(d, 2)`, `d = x - mean` or `mean - x`), `inv =
//! rsqrt(var + eps)` and `s = inv * gamma` or `s = inv`, the result is any of
//!
//! * `x * s + (-mean * s + beta)` — Keras 3's `LayerNormalization` (`+ beta` optional);
//! * `x * s + (beta - mean * s)`, `x * s + -(mean * s)` — `tf.nn.batch_normalization`;
//! * `(x - mean) * s + beta`, `(x - mean) * s` — written by hand;
//!
//! sums and products in either operand order. It becomes `layer_norm(x, shape, gamma, beta,
//! eps)` only when `D` is the last dims of `x` and their sizes are static (`shape`), `eps`
//! is a one-element literal, `gamma`/`beta` have the shape `shape` (leading 1s allowed on a
//! literal, which is re-typed), everything has `x`'s floating-point type, and no op of the
//! pattern but the last has a user outside it (otherwise the arithmetic would be computed
//! twice). `eps` is spelled as the shortest decimal of its value in the element type
//! (`0.001`, not f32's `0.0010000000474974513`): PyTorch rounds it to that type again.
//! `aten.layer_norm` computes `(x - mean) * inv`, not `x * inv - mean * inv`: the two differ
//! in the last bits.

use crate::diag::Diagnostic;
use crate::ir::{Module, OpId, ValueId};
use crate::passes::{PassInfo, PassRegistry, PassTarget};
use crate::rewrite::{apply_greedily, GreedyConfig, Pattern, Rewriter};

use super::conv_affine::constant_bool;
use super::tf_to_torch::emitter::A;
use super::tf_to_torch::types::{Dt, TTy};
use super::torch_match::{aten_before, closed, origin, replace_matched, reshaped_literal, Matcher};
use super::weight_layout::constant_int;

/// Registers `torch-raise-layer-norm`.
pub fn register(r: &mut PassRegistry) {
    r.add(PassInfo {
        name: "torch-raise-layer-norm",
        summary: "torch: layer normalization written out as means, rsqrt, products and sums raised to aten.layer_norm",
        options: &[],
        anchor: None,
        create: |_| Ok(super::counted_pass(run, "Layer normalizations raised to aten.layer_norm")),
    });
}

/// Raises every layer normalization nested in `target`; returns how many.
pub fn run(m: &mut Module, target: PassTarget) -> Result<u64, Vec<Diagnostic>> {
    let with_shift = RaiseLayerNorm { root: "torch.aten.add.Tensor" };
    let centered = RaiseLayerNorm { root: "torch.aten.mul.Tensor" };
    apply_greedily(m, target, &[&with_shift, &centered], GreedyConfig::default()).map(|s| s.total())
}

struct RaiseLayerNorm {
    root: &'static str,
}

impl Pattern for RaiseLayerNorm {
    fn name(&self) -> &str {
        self.root
    }

    fn root(&self) -> Option<&str> {
        Some(self.root)
    }

    fn match_and_rewrite(&self, rw: &mut Rewriter<'_>, op: OpId) -> Result<bool, Diagnostic> {
        let Some(found) = Matcher::new(rw.m).layer_norm(op) else { return Ok(false) };
        let Some(plan) = plan(rw.m, &found) else { return Ok(false) };
        // gamma and beta: a re-typed literal placed before the root, the value, or None.
        let mut operand = |value: Option<ValueId>, literal: Option<OpId>| match (value, literal) {
            (_, Some(l)) => {
                rw.insert_before(op, l);
                A::T(rw.m.body.results(l)[0])
            }
            (Some(v), None) => A::T(v),
            (None, None) => A::None,
        };
        let gamma = operand(found.gamma, plan.gamma);
        let beta = operand(found.beta, plan.beta);
        let names = origin(rw, &found.ops);
        let normalized = aten_before(rw, op, "aten::layer_norm", vec![A::T(found.x), A::Ints(plan.shape), gamma, beta, A::Float(plan.eps)], plan.ty, &names)?;
        replace_matched(rw, &found.ops, normalized);
        // A literal re-typed without its leading 1s replaced the one it was made from.
        for (value, literal) in [(found.gamma, plan.gamma), (found.beta, plan.beta)] {
            if let (Some(v), Some(_)) = (value, literal) {
                if let Some(old) = rw.m.body.defining_op(v) {
                    rw.erase_if_unused(old);
                }
            }
        }
        Ok(true)
    }
}

/// A layer normalization's parts, as matched.
struct Found {
    x: ValueId,
    /// The dims normalized over (`mean.dim`'s list, as written).
    dims: Vec<i64>,
    eps: f64,
    gamma: Option<ValueId>,
    beta: Option<ValueId>,
    /// Every op of the pattern, the root first.
    ops: Vec<OpId>,
}

/// What the rewrite makes: the normalized shape, `eps` in the element type, re-typed
/// `gamma`/`beta` literals (when a literal had leading 1s), the result type.
struct Plan {
    shape: Vec<i64>,
    eps: f64,
    gamma: Option<OpId>,
    beta: Option<OpId>,
    ty: TTy,
}

/// The scale `s` decomposed: `rsqrt(var + eps)` times an optional `gamma`.
struct Scale {
    /// `s` itself.
    s: ValueId,
    x: ValueId,
    mean: ValueId,
    dims: Vec<i64>,
    eps: f64,
    gamma: Option<ValueId>,
}

impl Matcher<'_> {
    /// The whole pattern rooted at `root` (a sum or a product).
    fn layer_norm(mut self, root: OpId) -> Option<Found> {
        let out = *self.m.body.results(root).first()?;
        let (scale, beta) = self.affine_form(out).or_else(|| self.centered_form(out))?;
        let ops = std::mem::take(&mut self.ops);
        Some(Found { x: scale.x, dims: scale.dims, eps: scale.eps, gamma: scale.gamma, beta, ops })
    }

    /// `x * s + shift`, the shift one of `-mean * s + beta`, `-mean * s`, `beta - mean * s`,
    /// `-(mean * s)`.
    fn affine_form(&mut self, out: ValueId) -> Option<(Scale, Option<ValueId>)> {
        self.attempt(|me| {
            let (_, a, b) = me.sum(out)?;
            me.either(a, b, |me, product, shift| {
                let (_, p, q) = me.op2(product, "torch.aten.mul.Tensor")?;
                let scale = me.either(p, q, |me, x, s| me.scale(s).filter(|sc| sc.x == x))?;
                let beta = me.shift(shift, &scale)?;
                Some((scale, beta))
            })
        })
    }

    /// The shift of the affine form given the scale: `Some(beta)` or `None` (no beta).
    fn shift(&mut self, v: ValueId, scale: &Scale) -> Option<Option<ValueId>> {
        // -mean * s (+ beta)
        let neg_mean_times_s = |me: &mut Self, v: ValueId| {
            me.attempt(|me| {
                let (_, p, q) = me.op2(v, "torch.aten.mul.Tensor")?;
                me.either(p, q, |me, n, t| {
                    let neg = me.op1(n, "torch.aten.neg")?;
                    (me.operand(neg, 0) == scale.mean && t == scale.s).then_some(())
                })
            })
        };
        // mean * s
        let mean_times_s = |me: &mut Self, v: ValueId| {
            me.attempt(|me| {
                let (_, p, q) = me.op2(v, "torch.aten.mul.Tensor")?;
                me.either(p, q, |_, mean, t| (mean == scale.mean && t == scale.s).then_some(()))
            })
        };
        if neg_mean_times_s(self, v).is_some() {
            return Some(None);
        }
        if let Some(found) = self.attempt(|me| {
            let (_, a, b) = me.sum(v)?;
            me.either(a, b, |me, t, beta| neg_mean_times_s(me, t).map(|_| beta))
        }) {
            return Some(Some(found));
        }
        if let Some(beta) = self.attempt(|me| {
            let (_, beta, t) = me.difference(v)?;
            mean_times_s(me, t).map(|_| beta)
        }) {
            return Some(Some(beta));
        }
        self.attempt(|me| {
            let neg = me.op1(v, "torch.aten.neg")?;
            let t = me.operand(neg, 0);
            mean_times_s(me, t).map(|_| None)
        })
    }

    /// `(x - mean) * s + beta` or `(x - mean) * s`.
    fn centered_form(&mut self, out: ValueId) -> Option<(Scale, Option<ValueId>)> {
        let centered = |me: &mut Self, v: ValueId| {
            me.attempt(|me| {
                let (_, p, q) = me.op2(v, "torch.aten.mul.Tensor")?;
                me.either(p, q, |me, d, s| {
                    let scale = me.scale(s)?;
                    let (_, x, mean) = me.difference(d)?;
                    (x == scale.x && mean == scale.mean).then_some(scale)
                })
            })
        };
        if let Some(scale) = centered(self, out) {
            return Some((scale, None));
        }
        self.attempt(|me| {
            let (_, a, b) = me.sum(out)?;
            me.either(a, b, |me, c, beta| centered(me, c).map(|scale| (scale, Some(beta))))
        })
    }

    /// `s = rsqrt(var + eps)` or `rsqrt(var + eps) * gamma`, and through `var` the `x` and
    /// `mean` it is of.
    fn scale(&mut self, s: ValueId) -> Option<Scale> {
        let inv = |me: &mut Self, v: ValueId| {
            me.attempt(|me| {
                let rsqrt = me.op1(v, "torch.aten.rsqrt")?;
                let e = me.operand(rsqrt, 0);
                let (_, a, b) = me.sum(e)?;
                me.either(a, b, |me, var, eps| {
                    let eps = me.scalar(eps)?;
                    let (x, mean, dims) = me.variance(var)?;
                    Some(Scale { s: v, x, mean, dims, eps, gamma: None })
                })
            })
        };
        if let Some(scale) = inv(self, s) {
            return Some(scale);
        }
        self.attempt(|me| {
            let (_, a, b) = me.op2(s, "torch.aten.mul.Tensor")?;
            me.either(a, b, |me, r, gamma| inv(me, r).map(|sc| Scale { s, gamma: Some(gamma), ..sc }))
        })
    }

    /// `mean.dim((x - mean)², D, keepdim)` with `mean = mean.dim(x, D, keepdim)`: `(x, mean, D)`.
    fn variance(&mut self, var: ValueId) -> Option<(ValueId, ValueId, Vec<i64>)> {
        self.attempt(|me| {
            let (sq, dims) = me.mean(var)?;
            let d = me.square(sq)?;
            let (_, a, b) = me.difference(d)?;
            me.either(a, b, |me, x, mean| {
                let (of, mean_dims) = me.attempt(|me| me.mean(mean))?;
                (of == x && mean_dims == dims).then(|| (x, mean, dims.clone()))
            })
        })
    }

    /// `d * d`, `square(d)`, `pow(d, 2)`: `d`.
    fn square(&mut self, v: ValueId) -> Option<ValueId> {
        let op = self.def(v)?;
        let operands: Vec<ValueId> = self.m.body.operands(op).collect();
        let d = match (self.m.op_name(op), operands.as_slice()) {
            ("torch.aten.mul.Tensor", &[a, b]) if a == b => a,
            ("torch.aten.square", &[a]) => a,
            ("torch.aten.pow.Tensor_Scalar", &[a, e]) if constant_int(self.m, e) == Some(2) || self.constant_float(e) == Some(2.0) => a,
            _ => return None,
        };
        self.ops.push(op);
        Some(d)
    }

    /// `mean.dim(x, D, keepdim=True, dtype=None)`: `(x, D)`.
    fn mean(&mut self, v: ValueId) -> Option<(ValueId, Vec<i64>)> {
        let op = self.def(v)?;
        let &[x, dims, keepdim, dtype] = self.m.body.operands(op).collect::<Vec<_>>().as_slice() else { return None };
        if self.m.op_name(op) != "torch.aten.mean.dim" || constant_bool(self.m, keepdim) != Some(true) || !self.is_none(dtype) {
            return None;
        }
        let list = self.def(dims)?;
        if self.m.op_name(list) != "torch.prim.ListConstruct" {
            return None;
        }
        let dims: Vec<i64> = self.m.body.operands(list).map(|d| constant_int(self.m, d)).collect::<Option<_>>()?;
        self.ops.push(op);
        Some((x, dims))
    }
}

/// Whether the match is a layer normalization `aten.layer_norm` can compute, and what the
/// rewrite makes; `None` leaves the ops as they are.
fn plan(m: &mut Module, found: &Found) -> Option<Plan> {
    let root = found.ops[0];
    let out = m.body.results(root)[0];
    let x = TTy::of_torch(&m.ctx, m.body.value_type(found.x))?;
    let ty = TTy::of_torch(&m.ctx, m.body.value_type(out))?;
    if ty != x || !x.dt.is_float() {
        return None;
    }
    // The normalized dims are the last ones, of static sizes.
    let rank = x.rank() as i64;
    let mut dims: Vec<i64> = found.dims.iter().map(|&d| if d < 0 { d + rank } else { d }).collect();
    dims.sort_unstable();
    let k = dims.len() as i64;
    if k == 0 || dims != (rank - k..rank).collect::<Vec<_>>() {
        return None;
    }
    let shape = x.shape[(rank - k) as usize..].to_vec();
    if shape.iter().any(|&d| d < 0) {
        return None;
    }
    if !closed(m, &found.ops) {
        return None;
    }
    let gamma = affine_operand(m, found.gamma, &shape, x.dt)?;
    let beta = affine_operand(m, found.beta, &shape, x.dt)?;
    let eps = match x.dt {
        Dt::F32 => (found.eps as f32).to_string().parse().ok()?,
        _ => found.eps,
    };
    Some(Plan { shape, eps, gamma, beta, ty })
}

/// Checks `gamma`/`beta` against the normalized shape: `Some(None)` when it is usable as it
/// is (or absent), `Some(Some(literal))` for a literal re-typed without its leading 1s.
fn affine_operand(m: &mut Module, v: Option<ValueId>, shape: &[i64], dt: Dt) -> Option<Option<OpId>> {
    let Some(v) = v else { return Some(None) };
    let ty = TTy::of_torch(&m.ctx, m.body.value_type(v))?;
    if ty.dt != dt || ty.rank() < shape.len() {
        return None;
    }
    let lead = ty.rank() - shape.len();
    if ty.shape[lead..] != *shape || ty.shape[..lead].iter().any(|&d| d != 1) {
        return None;
    }
    if lead == 0 {
        return Some(None);
    }
    Some(Some(reshaped_literal(m, v, shape)?))
}
