//! The recurrent layers of `--emit=pytorch`: a `torch.prim.Loop` that runs the standard LSTM
//! cell over the time steps of a sequence — what Keras's `LSTM` layer and TensorFlow's
//! `tf.keras.layers.LSTMCell` in a While loop convert to — becomes one call of
//! `torch.nn.LSTM`, found by [`Cx::lstm`] before rendering.
//!
//! The loop matched (torch-mlir's for loop: a constant trip count `T`, condition always true)
//! carries the hidden state `h`, the cell state `c`, counters, and at most one output
//! accumulator; its body is exactly
//!
//! ```text
//! x_t  = reshape(index_select(seq, 0, t), [B, I])       t: a counter from 0 by 1; seq: [T, B, I]
//! z    = x_t @ W_x + h @ W_h (+ b)                      literal W_x: [I, 4H], W_h: [H, 4H], b: [4H]
//! i, f, g, o = four slices of z of width H              in any order of the blocks
//! c'   = sigmoid(f) * c + sigmoid(i) * tanh(g)
//! h'   = sigmoid(o) * tanh(c')
//! out' = reshape(h', [1, B, H])                          the last step only (return_sequences=False)
//!      | where(reshape(arange(T) == t, [T, 1, 1]), reshape(h', [1, B, H]), out)   every step
//! ```
//!
//! which is `torch.nn.LSTM(I, H)` with `weight_ih_l0 = W_xᵀ`, `weight_hh_l0 = W_hᵀ`,
//! `bias_ih_l0 = b`, `bias_hh_l0 = 0`, the gate blocks reordered to PyTorch's `i, f, g, o`
//! (Keras's order is the same; TensorFlow 1's `i, j, f, o` is not). Zero initial states are not
//! passed; a time-major input made by `permute(x, [1, 0, 2])` is read as `batch_first=True`.
//! Anything else in the body (a mask, a peephole, another activation, a forget bias) leaves the
//! loop as it is, written statement by statement.

use std::collections::HashSet;

use crate::ir::{BlockId, OpId, ValueId};

use super::classify::{literal_value, Kind};
use super::layers::{Cx, Layer, Recurrent, RecurrentOutput, State, Stored};
use crate::dialect::torch_dtype::Dt;
use crate::passes::folding::tensor::{Tensor, Values};

/// PyTorch's gate order: input, forget, cell (`g`), output.
const GATES: usize = 4;

/// What a carried value of the loop is.
enum Carried {
    /// A scalar counter: its start and step.
    Count { start: i64, step: i64, elem: Dt },
    Other,
}

/// The cell's ops matched so far, and the literals it owns.
#[derive(Default)]
struct Matched {
    ops: HashSet<OpId>,
}

impl Matched {
    fn take(&mut self, op: OpId) -> OpId {
        self.ops.insert(op);
        op
    }
}

impl Cx<'_> {
    /// The aten call defining `v` (by its schema name, `aten::mm`) and its operands.
    fn call_of(&self, v: ValueId, name: &str) -> Option<(OpId, Vec<ValueId>)> {
        let def = self.m.body.defining_op(v)?;
        match self.kinds.get(&def) {
            Some(Kind::Call(s)) if s.name == name => Some((def, self.operands(def))),
            _ => None,
        }
    }

    /// `a + b` with alpha 1 (`aten.add.Tensor`): its op and the two terms.
    fn sum(&self, v: ValueId) -> Option<(OpId, [ValueId; 2])> {
        let (op, args) = self.call_of(v, "aten::add.Tensor")?;
        (args.len() == 3 && self.int(args[2]) == Some(1)).then_some((op, [args[0], args[1]]))
    }

    /// `a * b` (`aten.mul.Tensor`).
    fn product(&self, v: ValueId) -> Option<(OpId, [ValueId; 2])> {
        let (op, args) = self.call_of(v, "aten::mul.Tensor")?;
        (args.len() == 2).then_some((op, [args[0], args[1]]))
    }

    /// The argument of a one-operand call (`aten::sigmoid`).
    fn unary(&self, v: ValueId, name: &str) -> Option<(OpId, ValueId)> {
        let (op, args) = self.call_of(v, name)?;
        (args.len() == 1).then_some((op, args[0]))
    }

    /// The values of a literal of integers.
    fn int_literal(&self, v: ValueId) -> Option<(Vec<i64>, Dt)> {
        let def = self.m.body.defining_op(v)?;
        if !matches!(self.kinds.get(&def), Some(Kind::Literal)) {
            return None;
        }
        let value = literal_value(self.m, def)?;
        let elem = super::weights::Literal::header(&self.m.ctx, value)?.1;
        match Tensor::from_attr(&self.m.ctx, value)?.values {
            Values::Int(v) if !elem.is_float() && elem != Dt::I1 => Some((v, elem)),
            _ => None,
        }
    }

    /// Whether `v` is all zeros: a float literal of zeros, or `aten.full(size, 0.0, ...)`.
    fn is_zero(&self, v: ValueId) -> bool {
        if let Some((_, args)) = self.call_of(v, "aten::full") {
            return args.get(1).and_then(|&x| self.constant(x)).and_then(|s| s.parse::<f64>().ok()) == Some(0.0);
        }
        let Some(def) = self.m.body.defining_op(v).filter(|d| matches!(self.kinds.get(d), Some(Kind::Literal))) else { return false };
        match literal_value(self.m, def).and_then(|a| Tensor::from_attr(&self.m.ctx, a)).map(|t| t.values) {
            Some(Values::Float(x)) => x.iter().all(|&e| e == 0.0),
            _ => false,
        }
    }

    /// The static shape of `v`.
    fn shape(&self, v: ValueId) -> Option<Vec<i64>> {
        let t = crate::convert::tf_to_torch::types::TTy::of_torch(&self.m.ctx, self.m.body.value_type(v))?;
        t.shape.iter().all(|&d| d >= 0).then_some(t.shape)
    }

    /// `reshape(x, [dims])` with those constant dims: `x` and the op.
    fn reshape_to(&self, v: ValueId, dims: &[i64]) -> Option<(OpId, ValueId)> {
        let (op, args) = self.call_of(v, "aten::reshape")?;
        (args.len() == 2 && self.ints(args[1])?.as_slice() == dims).then_some((op, args[0]))
    }

    /// A carried value: a counter when it starts at a scalar integer literal and the body adds
    /// a scalar integer literal to it.
    fn carried(&self, arg: ValueId, init: ValueId, next: ValueId, matched: &mut Matched) -> Carried {
        let count = || {
            let (start, elem) = self.int_literal(init).filter(|(v, _)| v.len() == 1)?;
            let (op, [a, b]) = self.sum(next)?;
            let step = if a == arg { b } else if b == arg { a } else { return None };
            let (step, _) = self.int_literal(step).filter(|(v, _)| v.len() == 1)?;
            Some((op, Carried::Count { start: start[0], step: step[0], elem }))
        };
        match count() {
            Some((op, c)) => {
                matched.take(op);
                c
            }
            None => Carried::Other,
        }
    }

    /// `torch.prim.Loop` → `torch.nn.LSTM`, as the module doc says: the layer, and the ops of
    /// the loop's body (rendered as nothing).
    pub(super) fn lstm(&self, op: OpId) -> Option<(Layer, Vec<OpId>)> {
        let m = self.m;
        let operands = self.operands(op);
        let (&trips, rest) = operands.split_first()?;
        let (&cond, inits) = rest.split_first()?;
        let steps = self.int(trips).filter(|&n| n >= 1)?;
        let block: BlockId = m.body.op(op).regions.first().and_then(|&r| m.body.region(r).blocks.first().copied())?;
        let args = m.body.block(block).args.clone();
        let terminator = m.body.block_ops(block).last()?;
        let yielded: Vec<ValueId> = m.body.operands(terminator).collect();
        if !self.boolean(cond)? || !self.boolean(*yielded.first()?)? || args.len() != inits.len() + 1 || yielded.len() != inits.len() + 1 {
            return None;
        }
        let (args, next) = (&args[1..], &yielded[1..]);
        let mut matched = Matched::default();
        let carried: Vec<Carried> = (0..inits.len()).map(|k| self.carried(args[k], inits[k], next[k], &mut matched)).collect();
        let counter = |v: ValueId| args.iter().position(|&a| a == v).filter(|&k| matches!(carried[k], Carried::Count { start: 0, step: 1, .. }));

        // The cell: h' = sigmoid(o) * tanh(c') and c' = sigmoid(f) * c + sigmoid(i) * tanh(g).
        let (kh, kc, gates) = (0..inits.len()).find_map(|kh| {
            let (mul, pair) = self.product(next[kh])?;
            let (sig_o, tanh_c) = self.either(pair, |a, b| Some((self.unary(a, "aten::sigmoid")?, self.unary(b, "aten::tanh")?)))?;
            let kc = next.iter().position(|&v| v == tanh_c.1).filter(|&kc| kc != kh)?;
            let (add, terms) = self.sum(next[kc])?;
            let cell = self.either(terms, |kept, new| {
                let (fmul, fpair) = self.product(kept)?;
                let sig_f = self.either(fpair, |s, c| (c == args[kc]).then(|| self.unary(s, "aten::sigmoid")).flatten())?;
                let (imul, ipair) = self.product(new)?;
                let (sig_i, tanh_g) = self.either(ipair, |a, b| Some((self.unary(a, "aten::sigmoid")?, self.unary(b, "aten::tanh")?)))?;
                Some(([fmul, imul, sig_f.0, sig_i.0, tanh_g.0], [sig_i.1, sig_f.1, tanh_g.1]))
            })?;
            let ops = [mul, sig_o.0, tanh_c.0, add];
            Some((kh, kc, (ops, cell, sig_o.1)))
        })?;
        let (ops, (cell_ops, [i, f, g]), o) = gates;
        ops.iter().chain(&cell_ops).for_each(|&x| {
            matched.take(x);
        });
        let state_shape = self.shape(args[kh])?;
        let &[batch, hidden] = state_shape.as_slice() else { return None };
        if self.shape(args[kc])? != state_shape {
            return None;
        }

        // The four gates: slices of one pre-activation z, each a block of width H.
        let mut z = None;
        let mut order = [0usize; GATES];
        for (slot, gate) in [i, f, g, o].into_iter().enumerate() {
            let (slice, a) = self.call_of(gate, "aten::slice.Tensor")?;
            let &[src, dim, start, end, step] = a.as_slice() else { return None };
            let (dim, start, end, step) = (self.int(dim)?, self.int(start)?, self.int(end)?, self.int(step)?);
            if !matches!(dim, 1 | -1) || step != 1 || end - start != hidden || start % hidden != 0 || z.is_some_and(|z| z != src) {
                return None;
            }
            z = Some(src);
            order[slot] = usize::try_from(start / hidden).ok().filter(|&b| b < GATES)?;
            matched.take(slice);
        }
        let mut seen = order;
        seen.sort_unstable();
        if seen != [0, 1, 2, 3] {
            return None;
        }

        // z = x_t @ W_x + h @ W_h (+ b), summed in any order.
        let mut terms = Vec::new();
        self.terms(z?, &mut terms, &mut matched)?;
        let mut input_product = None;
        let mut hidden_product = None;
        let mut bias = None;
        for t in terms {
            if let Some((mm, [x, w])) = self.call_of(t, "aten::mm").and_then(|(op, a)| Some((op, <[ValueId; 2]>::try_from(a).ok()?))) {
                matched.take(mm);
                if x == args[kh] {
                    once(&mut hidden_product, w)?;
                } else {
                    once(&mut input_product, (x, w))?;
                }
            } else {
                once(&mut bias, self.owned(t)?)?;
            }
        }
        let (x_t, w_x) = input_product?;
        let (w_x, w_h) = (self.owned(w_x)?, self.owned(hidden_product?)?);
        let width = GATES as i64 * hidden;
        let &[input_size, cols] = w_x.shape.as_slice() else { return None };
        if cols != width || w_h.shape != [hidden, width] || w_h.elem != w_x.elem || bias.as_ref().is_some_and(|b| b.shape != [width] || b.elem != w_x.elem) {
            return None;
        }

        // x_t = reshape(index_select(seq, 0, t), [B, I]), t counting the steps from 0.
        let (reshape, picked) = self.reshape_to(x_t, &[batch, input_size])?;
        let (select, a) = self.call_of(picked, "aten::index_select")?;
        let &[seq, dim, index] = a.as_slice() else { return None };
        matched.take(reshape);
        matched.take(select);
        if self.int(dim)? != 0 || self.shape(seq)? != [steps, batch, input_size] || m.body.defining_op(seq).is_some_and(|d| m.body.parent_op(d) == Some(op)) {
            return None;
        }
        let step_counter = counter(self.through_casts(index, &mut matched))?;

        // The other carried values: counters, and at most one output.
        let mut outputs = vec![(m.body.results(op)[kh], RecurrentOutput::Hidden), (m.body.results(op)[kc], RecurrentOutput::Cell)];
        for (k, c) in carried.iter().enumerate() {
            let result = m.body.results(op)[k];
            match c {
                _ if k == kh || k == kc => {}
                &Carried::Count { start, step, elem } => outputs.push((result, RecurrentOutput::Count { value: start + steps * step, elem })),
                Carried::Other => {
                    let out = self.output(next[k], args[k], next[kh], args[step_counter], [steps, batch, hidden], &mut matched)?;
                    outputs.push((result, out));
                }
            }
        }

        // Nothing else runs in the body.
        let body: Vec<OpId> = m.body.block_ops(block).collect();
        let loose = body.iter().any(|&b| b != terminator && !matched.ops.contains(&b) && matches!(self.kinds.get(&b), Some(Kind::Call(_) | Kind::If | Kind::Loop | Kind::ListUnpack)));
        if loose {
            return None;
        }

        // The input: batch-first when it is a transpose made for the loop alone.
        let inside = |u: OpId| m.body.parent_op(u) == Some(op);
        let mut skipped = Vec::new();
        let mut input = seq;
        if let Some((permute, a)) = self.call_of(seq, "aten::permute") {
            if a.len() == 2 && self.ints(a[1])? == [1, 0, 2] && m.body.uses(seq).all(|u| inside(u.op)) {
                input = a[0];
                skipped.push(permute);
            }
        }
        let batch_first = input != seq;
        if batch_first {
            // A sequence output read through the inverse transpose is the module's output as is.
            for (v, out) in outputs.iter_mut() {
                if !matches!(out, RecurrentOutput::Sequence { .. }) {
                    continue;
                }
                let mut uses = m.body.uses(*v);
                let only = uses.next().filter(|_| uses.next().is_none());
                match only.and_then(|u| self.call_permute(u.op)) {
                    Some((permute, result)) => {
                        skipped.push(permute);
                        *v = result;
                        *out = RecurrentOutput::Sequence { time_major: false };
                    }
                    None => *out = RecurrentOutput::Sequence { time_major: true },
                }
            }
        }
        // Zero initial states are torch.nn.LSTM's default.
        let initial = (!(self.is_zero(inits[kh]) && self.is_zero(inits[kc]))).then_some([inits[kh], inits[kc]]);
        // Literals and zeros made for the loop alone are not written.
        let mut made_for_loop: Vec<ValueId> = body.iter().flat_map(|&b| m.body.operands(b)).collect();
        made_for_loop.extend(inits.iter().enumerate().filter(|&(k, _)| initial.is_none() || (k != kh && k != kc)).map(|(_, &v)| v));
        for v in made_for_loop {
            let Some(def) = m.body.defining_op(v).filter(|&d| !inside(d) && d != op) else { continue };
            let made = matches!(self.kinds.get(&def), Some(Kind::Literal)) || self.call_of(v, "aten::full").is_some();
            if made && m.body.uses(v).all(|u| inside(u.op) || (u.op == op && (initial.is_none() || ![kh + 2, kc + 2].contains(&(u.slot as usize))))) && !skipped.contains(&def) {
                skipped.push(def);
            }
        }
        skipped.retain(|d| ![w_x.op, w_h.op].contains(d) && bias.as_ref().map_or(true, |b| b.op != *d));

        let mut args_text = vec![input_size.to_string(), hidden.to_string()];
        if bias.is_none() {
            args_text.push("bias=False".to_string());
        }
        if batch_first {
            args_text.push("batch_first=True".to_string());
        }
        super::layers::dtype_arg(&mut args_text, w_x.elem);
        let gates = order.to_vec();
        let mut state = vec![
            State { field: "weight_ih_l0", literal: w_x.op, stored: Stored::Gates { transposed: true, order: gates.clone() } },
            State { field: "weight_hh_l0", literal: w_h.op, stored: Stored::Gates { transposed: true, order: gates.clone() } },
        ];
        if let Some(b) = &bias {
            state.push(State { field: "bias_ih_l0", literal: b.op, stored: Stored::Gates { transposed: false, order: gates } });
            state.push(State { field: "bias_hh_l0", literal: b.op, stored: Stored::Zeros });
        }
        let mut layer = self.layer("torch.nn.LSTM", args_text, input, state);
        layer.recurrent = Some(Recurrent { initial, outputs, skipped, batch_first });
        Some((layer, body))
    }

    /// `f(a, b)`, else `f(b, a)`: a commutative op's operands in either order.
    fn either<T>(&self, [a, b]: [ValueId; 2], f: impl Fn(ValueId, ValueId) -> Option<T>) -> Option<T> {
        f(a, b).or_else(|| f(b, a))
    }

    /// The terms of a tree of `+` (alpha 1) rooted at `v`.
    fn terms(&self, v: ValueId, out: &mut Vec<ValueId>, matched: &mut Matched) -> Option<()> {
        match self.sum(v) {
            Some((op, [a, b])) if out.len() < 3 => {
                matched.take(op);
                self.terms(a, out, matched)?;
                self.terms(b, out, matched)
            }
            Some(_) => None,
            None => {
                out.push(v);
                Some(())
            }
        }
    }

    /// The value an index was converted from by reshapes and casts (`reshape(t, [1])`,
    /// `to.dtype(_, int64)`), those ops matched.
    fn through_casts(&self, mut v: ValueId, matched: &mut Matched) -> ValueId {
        while let Some(def) = self.m.body.defining_op(v) {
            let Some(Kind::Call(s)) = self.kinds.get(&def) else { break };
            if !matches!(s.name.as_str(), "aten::reshape" | "aten::view" | "aten::to.dtype" | "aten::unsqueeze" | "aten::squeeze.dim") {
                break;
            }
            let Some(input) = self.m.body.operands(def).next() else { break };
            matched.take(def);
            v = input;
        }
        v
    }

    /// The output accumulator: the last step's `h` as `[1, B, H]` (its previous value unread),
    /// or every step's `h` written at index `t` of a `[T, B, H]` tensor.
    fn output(&self, next: ValueId, arg: ValueId, h: ValueId, t: ValueId, [steps, batch, hidden]: [i64; 3], matched: &mut Matched) -> Option<RecurrentOutput> {
        if let Some((op, x)) = self.reshape_to(next, &[1, batch, hidden]) {
            if x == h && self.m.body.uses(arg).next().is_none() {
                matched.take(op);
                return Some(RecurrentOutput::Last);
            }
        }
        let (select, a) = self.call_of(next, "aten::where.self")?;
        let &[mask, step, old] = a.as_slice() else { return None };
        let (write, x) = self.reshape_to(step, &[1, batch, hidden])?;
        let (mask_shape, eq) = self.reshape_to(mask, &[steps, 1, 1])?;
        let (compare, [p, q]) = self.call_of(eq, "aten::eq.Tensor").and_then(|(op, a)| Some((op, <[ValueId; 2]>::try_from(a).ok()?)))?;
        let iota = self.either([p, q], |iota, index| (index == t).then_some(iota))?;
        let (values, _) = self.int_literal(iota)?;
        if x != h || old != arg || values.len() as i64 != steps || values.iter().enumerate().any(|(i, &v)| v != i as i64) {
            return None;
        }
        [select, write, mask_shape, compare].into_iter().for_each(|o| {
            matched.take(o);
        });
        Some(RecurrentOutput::Sequence { time_major: true })
    }

    /// `aten.permute(x, [1, 0, 2])` at `op`: the op and its result.
    fn call_permute(&self, op: OpId) -> Option<(OpId, ValueId)> {
        let &result = self.m.body.results(op).first()?;
        let (_, a) = self.call_of(result, "aten::permute")?;
        (self.ints(a[1])? == [1, 0, 2]).then_some((op, result))
    }
}

/// Sets `slot` to `v` when it is empty; `None` when it was set already (a term seen twice).
fn once<T>(slot: &mut Option<T>, v: T) -> Option<()> {
    match slot {
        Some(_) => None,
        None => {
            *slot = Some(v);
            Some(())
        }
    }
}
