//! `torch-raise-gelu`: the GELU activation written out as arithmetic, raised to one
//! `aten.gelu` — as Grappler's remapper fuses it (`_FusedMatMul` with `GeluExact` /
//! `GeluApproximate`). TensorFlow has no GELU kernel: `tf.nn.gelu` (Keras's `gelu`
//! activation) is Python that writes five ops (`0.5 * x * erfc(-x * 0.70710677)`) or, with
//! `approximate=True`, eight (`0.5 * x * (1 + tanh(0.7978846 * (x + 0.044715 * x³)))`). Each
//! is one pass over the activations; `aten.gelu` is one, and `--emit=pytorch` writes it as
//! `torch.nn.functional.gelu(x)`. A pattern on the greedy driver of `src/rewrite/`, run by
//! `convert-tf-to-torch` on what it writes, and a pass of its own.
//!
//! Matched: a product (`mul.Tensor`, negations and divisions by a literal flattened) of `x`,
//! literal factors that multiply to 0.5, and one of
//!
//! * `1 - erf(-x/√2)` (`erfc`, as `convert-tf-to-torch` lowers it: `rsub(erf(t), 1)`),
//! * `1 + erf(x/√2)`,
//! * `1 + tanh(√(2/π) * (x + 0.044715 * x³))` (the cube as `pow(x, 3)` or `x * x * x`) —
//!   `approximate="tanh"`;
//!
//! each `x/√2` any product of `x` by literals (`x * 0.70710677`, `-x * c`, `x / 1.4142135`)
//! whose constant is the one named to within 1e-6 relative. Only when every value inside the
//! pattern is read only inside it and the result has `x`'s floating-point type.

use crate::diag::Diagnostic;
use crate::ir::{Module, OpId, ValueId};
use crate::passes::{PassInfo, PassRegistry, PassTarget};
use crate::rewrite::{apply_greedily, GreedyConfig, Pattern, Rewriter};

use super::tf_to_torch::emitter::A;
use super::tf_to_torch::types::TTy;
use super::torch_match::{aten_before, closed, origin, replace_matched, Matcher};
use super::weight_layout::constant_int;

/// Registers `torch-raise-gelu`.
pub fn register(r: &mut PassRegistry) {
    r.add(PassInfo {
        name: "torch-raise-gelu",
        summary: "torch: GELU written out (0.5 * x * erfc(-x/√2), or its tanh approximation) raised to aten.gelu",
        options: &[],
        anchor: None,
        create: |_| Ok(super::counted_pass(run, "GELUs raised to aten.gelu")),
    });
}

/// Raises every written-out GELU nested in `target`; returns how many.
pub fn run(m: &mut Module, target: PassTarget) -> Result<u64, Vec<Diagnostic>> {
    apply_greedily(m, target, &[&RaiseGelu], GreedyConfig::default()).map(|s| s.total())
}

const FRAC_1_SQRT_2: f64 = std::f64::consts::FRAC_1_SQRT_2;
/// √(2/π), the tanh approximation's factor.
const SQRT_2_OVER_PI: f64 = 0.7978845608028654;
const CUBE_COEFFICIENT: f64 = 0.044715;

struct RaiseGelu;

impl Pattern for RaiseGelu {
    fn name(&self) -> &str {
        "gelu"
    }

    fn root(&self) -> Option<&str> {
        Some("torch.aten.mul.Tensor")
    }

    fn match_and_rewrite(&self, rw: &mut Rewriter<'_>, op: OpId) -> Result<bool, Diagnostic> {
        let Some((x, approximate, ops)) = Matcher::new(rw.m).gelu(op) else { return Ok(false) };
        let out = rw.m.body.results(op)[0];
        let (Some(ty), Some(x_ty)) = (TTy::of_torch(&rw.m.ctx, rw.m.body.value_type(out)), TTy::of_torch(&rw.m.ctx, rw.m.body.value_type(x))) else {
            return Ok(false);
        };
        if ty != x_ty || !ty.dt.is_float() || !closed(rw.m, &ops) {
            return Ok(false);
        }
        let names = origin(rw, &ops);
        let gelu = aten_before(rw, op, "aten::gelu", vec![A::T(x), A::Str(approximate.to_string())], ty, &names)?;
        replace_matched(rw, &ops, gelu);
        Ok(true)
    }
}

/// `a` is `b` to within 1e-6 relative (f32 rounds the constants TensorFlow writes).
fn near(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-6 * b.abs()
}

impl Matcher<'_> {
    /// A GELU rooted at the product `root`: `(x, approximate, ops)`.
    fn gelu(mut self, root: OpId) -> Option<(ValueId, &'static str, Vec<OpId>)> {
        let out = *self.m.body.results(root).first()?;
        // First find the erf/tanh factor, which says what `x` is; then take the product
        // apart again stopping at `x` (which may itself be a product).
        let mut leaves = Vec::new();
        let mut coefficient = 1.0;
        self.product(out, None, &mut leaves, &mut coefficient)?;
        let (x, approximate) = leaves.iter().find_map(|&q| self.attempt(|me| me.gelu_factor(q)))?;
        self.ops.clear();
        let (mut leaves, mut coefficient) = (Vec::new(), 1.0);
        self.product(out, Some(x), &mut leaves, &mut coefficient)?;
        if !near(coefficient, 0.5) || leaves.len() != 2 {
            return None;
        }
        let factor = if leaves[0] == x { leaves[1] } else if leaves[1] == x { leaves[0] } else { return None };
        let (of, _) = self.gelu_factor(factor)?;
        (of == x).then_some((x, approximate, self.ops))
    }

    /// Takes apart the product `v`: its non-literal factors into `leaves` (stopping at
    /// `stop`), its literal ones multiplied into `coefficient`; a negation is a factor -1, a
    /// division by a literal a factor 1/literal. `None` past four factors.
    fn product(&mut self, v: ValueId, stop: Option<ValueId>, leaves: &mut Vec<ValueId>, coefficient: &mut f64) -> Option<()> {
        if leaves.len() > 4 {
            return None;
        }
        if Some(v) == stop {
            leaves.push(v);
            return Some(());
        }
        if let Some(s) = self.scalar(v) {
            *coefficient *= s;
            return Some(());
        }
        let Some(op) = self.def(v) else {
            leaves.push(v);
            return Some(());
        };
        let operands: Vec<ValueId> = self.m.body.operands(op).collect();
        match (self.m.op_name(op), operands.as_slice()) {
            ("torch.aten.mul.Tensor", &[a, b]) => {
                self.ops.push(op);
                self.product(a, stop, leaves, coefficient)?;
                self.product(b, stop, leaves, coefficient)
            }
            ("torch.aten.neg", &[a]) => {
                self.ops.push(op);
                *coefficient = -*coefficient;
                self.product(a, stop, leaves, coefficient)
            }
            ("torch.aten.div.Tensor", &[a, b]) if self.scalar(b).is_some_and(|d| d != 0.0) => {
                self.ops.push(op);
                *coefficient /= self.scalar(b)?;
                self.product(a, stop, leaves, coefficient)
            }
            _ => {
                leaves.push(v);
                Some(())
            }
        }
    }

    /// `x * c` for a literal `c` (through negations, products and divisions by literals):
    /// `(x, c)`. A product of two values that are not literals is an `x`.
    fn scaled(&mut self, v: ValueId) -> Option<(ValueId, f64)> {
        let (mut x, mut c) = (v, 1.0);
        loop {
            let Some(op) = self.def(x) else { break };
            let operands: Vec<ValueId> = self.m.body.operands(op).collect();
            let (next, factor) = match (self.m.op_name(op), operands.as_slice()) {
                ("torch.aten.neg", &[a]) => (a, -1.0),
                ("torch.aten.mul.Tensor", &[a, b]) => match (self.scalar(a), self.scalar(b)) {
                    (_, Some(k)) => (a, k),
                    (Some(k), _) => (b, k),
                    _ => break,
                },
                ("torch.aten.div.Tensor", &[a, b]) => match self.scalar(b) {
                    Some(d) if d != 0.0 => (a, 1.0 / d),
                    _ => break,
                },
                _ => break,
            };
            self.ops.push(op);
            x = next;
            c *= factor;
        }
        Some((x, c))
    }

    /// The factor `1 - erf(-x/√2)`, `1 + erf(x/√2)` or `1 + tanh(√(2/π)(x + 0.044715x³))`:
    /// `(x, approximate)`.
    fn gelu_factor(&mut self, q: ValueId) -> Option<(ValueId, &'static str)> {
        // 1 - erf(t), t = -x/√2.
        if let Some(x) = self.attempt(|me| {
            let rsub = me.op_named(q, "torch.aten.rsub.Scalar")?;
            let &[e, one, alpha] = me.m.body.operands(rsub).collect::<Vec<_>>().as_slice() else { return None };
            if !me.is_one(one) || !me.is_one(alpha) {
                return None;
            }
            let erf = me.op1(e, "torch.aten.erf")?;
            let (x, c) = me.scaled(me.operand(erf, 0))?;
            near(c, -FRAC_1_SQRT_2).then_some(x)
        }) {
            return Some((x, "none"));
        }
        // 1 + f(t).
        let (f, t) = self.one_plus(q)?;
        let (inner, c) = self.scaled(t)?;
        if f == "torch.aten.erf" {
            return near(c, FRAC_1_SQRT_2).then_some((inner, "none"));
        }
        if !near(c, SQRT_2_OVER_PI) {
            return None;
        }
        // inner = x + 0.044715 * x³.
        let (_, a, b) = self.sum(inner)?;
        self.either(a, b, |me, x, term| {
            let (cube, k) = me.scaled(term)?;
            (near(k, CUBE_COEFFICIENT) && me.is_cube_of(cube, x)).then_some((x, "tanh"))
        })
    }

    /// `1 + erf(t)` or `1 + tanh(t)` (`add.Tensor` with a literal 1, or `add.Scalar`):
    /// `(the function's op name, t)`.
    fn one_plus(&mut self, q: ValueId) -> Option<(&'static str, ValueId)> {
        let function = |me: &mut Self, v: ValueId| {
            ["torch.aten.erf", "torch.aten.tanh"].into_iter().find_map(|name| me.attempt(|me| me.op1(v, name)).map(|op| (name, me.operand(op, 0))))
        };
        self.attempt(|me| {
            let (_, a, b) = me.sum(q)?;
            me.either(a, b, |me, f, one| if me.scalar(one) == Some(1.0) { function(me, f) } else { None })
        })
        .or_else(|| {
            self.attempt(|me| {
                let add = me.op_named(q, "torch.aten.add.Scalar")?;
                let &[f, one, alpha] = me.m.body.operands(add).collect::<Vec<_>>().as_slice() else { return None };
                if !me.is_one(one) || !me.is_one(alpha) {
                    return None;
                }
                function(me, f)
            })
        })
    }

    /// Whether `v` is `x³`: `pow(x, 3)` or a product of three `x`.
    fn is_cube_of(&mut self, v: ValueId, x: ValueId) -> bool {
        self.attempt(|me| {
            let pow = me.def(v)?;
            let &[base, e] = me.m.body.operands(pow).collect::<Vec<_>>().as_slice() else { return None };
            let three = constant_int(me.m, e) == Some(3) || me.constant_float(e) == Some(3.0) || me.scalar(e) == Some(3.0);
            let named = matches!(me.m.op_name(pow), "torch.aten.pow.Tensor_Scalar" | "torch.aten.pow.Tensor_Tensor");
            (named && three && base == x).then(|| me.ops.push(pow))
        })
        .or_else(|| {
            self.attempt(|me| {
                let (mut leaves, mut c) = (Vec::new(), 1.0);
                me.product(v, Some(x), &mut leaves, &mut c)?;
                (c == 1.0 && leaves == [x, x, x]).then_some(())
            })
        })
        .is_some()
    }

    /// The op named `name` defining `v`, recorded (any number of operands).
    fn op_named(&mut self, v: ValueId, name: &str) -> Option<OpId> {
        let op = self.def(v)?;
        (self.m.op_name(op) == name).then(|| {
            self.ops.push(op);
            op
        })
    }

    /// Whether `v` is the constant 1 (`torch.constant.int` or `.float`).
    fn is_one(&self, v: ValueId) -> bool {
        constant_int(self.m, v) == Some(1) || self.constant_float(v) == Some(1.0)
    }
}
