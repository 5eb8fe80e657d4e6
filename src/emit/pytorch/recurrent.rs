//! The recurrent layers of `--emit=pytorch`: a `torch.prim.Loop` that runs the standard LSTM
//! or GRU cell over the time steps of a sequence — what Keras's `LSTM` and `GRU` layers
//! convert to — becomes one call of `torch.nn.LSTM` / `torch.nn.GRU`, found by
//! [`Cx::recurrent`] before rendering.
//!
//! The loop matched ([`Cx::frame`]: torch-mlir's for loop, a constant trip count `T`,
//! condition always true) carries the state (`h`, and an LSTM's `c`), counters, and at most one
//! output accumulator; its body is exactly
//!
//! ```text
//! x_t  = reshape(index_select(seq, 0, t), [B, I])       t: a counter from 0 by 1; seq: [T, B, I]
//! LSTM ([`Cx::lstm_cell`]):
//!   z  = x_t @ W_x + h @ W_h (+ b)                      literal W_x: [I, 4H], W_h: [H, 4H], b: [4H]
//!   i, f, g, o = four slices of z of width H            in any order of the blocks
//!   c' = sigmoid(f) * c + sigmoid(i) * tanh(g)
//!   h' = sigmoid(o) * tanh(c')
//! GRU ([`Cx::gru_cell`], Keras's reset_after=True, which is PyTorch's formula):
//!   x_z, x_r, x_n = slices of x_t @ W_x + b_x;  h_z, h_r, h_n = slices of h @ W_h + b_h
//!   z = sigmoid(x_z + h_z), r = sigmoid(x_r + h_r)
//!   h' = z * h + (1 - z) * tanh(x_n + r * h_n)           b_x, b_h: the rows of one [2, 3H] literal
//! out' = reshape(h', [1, B, H])                          the last step only (return_sequences=False)
//!      | where(reshape(arange(T) == t, [T, 1, 1]), reshape(h', [1, B, H]), out)   every step
//! ```
//!
//! `weight_ih_l0 = W_xᵀ`, `weight_hh_l0 = W_hᵀ`, the biases `bias_ih_l0` and `bias_hh_l0` (an
//! LSTM's second bias zeros: Keras has one), each with the gate blocks reordered to PyTorch's
//! order (LSTM `i, f, g, o`, as Keras's; GRU `r, z, n`, Keras's is `z, r, h`). Zero initial
//! states are not passed; a time-major input made by `permute(x, [1, 0, 2])` is read as
//! `batch_first=True`. Anything else in the body (a mask, a peephole, another activation, a
//! forget bias, a GRU with `reset_after=False`) leaves the loop as it is, written statement
//! by statement.

use std::collections::HashSet;

use crate::ir::{BlockId, OpId, ValueId};

use super::classify::{literal_value, Kind};
use super::layers::{Cx, Layer, Owned, Recurrent, RecurrentOutput, State, Stored};
use crate::dialect::torch_dtype::Dt;
use crate::passes::folding::tensor::{Tensor, Values};

/// What a carried value of the loop is.
enum Carried {
    /// A scalar counter: its start and step.
    Count { start: i64, step: i64, elem: Dt },
    Other,
}

/// A loop taken as torch-mlir's for loop (see [`Cx::frame`]).
struct Frame {
    op: OpId,
    steps: i64,
    block: BlockId,
    terminator: OpId,
    /// The carried block arguments (after the counter), their initial values, and what the
    /// body yields for them.
    args: Vec<ValueId>,
    inits: Vec<ValueId>,
    next: Vec<ValueId>,
    carried: Vec<Carried>,
    matched: Matched,
}

/// What a cell matcher found.
struct Cell {
    class: &'static str,
    /// The carried states: `h` (and `c`, an LSTM's).
    states: Vec<usize>,
    hidden: i64,
    /// The block of each gate, in torch's order.
    order: Vec<usize>,
    /// The step's input, the literal kernels `[I, G*H]` and `[H, G*H]`.
    x_t: ValueId,
    w_x: Owned,
    w_h: Owned,
    /// The input and hidden biases (each a literal, or a row of one) and whether the hidden
    /// one is zeros (an LSTM's: Keras has one bias).
    biases: Option<(Owned, Option<usize>, Owned, Option<usize>, bool)>,
}

/// The cell's ops matched so far.
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

    /// The elements of the literal defining `v`, and its element type.
    fn literal_values(&self, v: ValueId) -> Option<(Values, Dt)> {
        let def = self.m.body.defining_op(v).filter(|d| matches!(self.kinds.get(d), Some(Kind::Literal)))?;
        let value = literal_value(self.m, def)?;
        let elem = super::weights::Literal::header(&self.m.ctx, value)?.1;
        Some((Tensor::from_attr(&self.m.ctx, value)?.values, elem))
    }

    /// The values of a literal of integers.
    fn int_literal(&self, v: ValueId) -> Option<(Vec<i64>, Dt)> {
        match self.literal_values(v)? {
            (Values::Int(v), elem) if !elem.is_float() && elem != Dt::I1 => Some((v, elem)),
            _ => None,
        }
    }

    /// Whether `v` is all zeros: a float literal of zeros, or `aten.full(size, 0.0, ...)`.
    fn is_zero(&self, v: ValueId) -> bool {
        if let Some((_, args)) = self.call_of(v, "aten::full") {
            return args.get(1).and_then(|&x| self.constant(x)).and_then(|s| s.parse::<f64>().ok()) == Some(0.0);
        }
        matches!(self.literal_values(v), Some((Values::Float(x), _)) if x.iter().all(|&e| e == 0.0))
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

    /// The loop `op` as torch-mlir's for loop: its trip count, body, carried values (after
    /// the counter), what the body yields for them, and which are counters.
    fn frame(&self, op: OpId) -> Option<Frame> {
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
        let (args, next) = (args[1..].to_vec(), yielded[1..].to_vec());
        let mut matched = Matched::default();
        let carried: Vec<Carried> = (0..inits.len()).map(|k| self.carried(args[k], inits[k], next[k], &mut matched)).collect();
        Some(Frame { op, steps, block, terminator, args, next, inits: inits.to_vec(), carried, matched })
    }

    /// `torch.prim.Loop` → `torch.nn.LSTM` or `torch.nn.GRU`, as the module doc says: the
    /// layer, and the ops of the loop's body (rendered as nothing).
    pub(super) fn recurrent(&self, op: OpId) -> Option<(Layer, Vec<OpId>)> {
        let mut f = self.frame(op)?;
        let cell = self.lstm_cell(&mut f).or_else(|| self.gru_cell(&mut f))?;
        self.finish(f, cell)
    }

    /// The LSTM cell: h' = sigmoid(o) * tanh(c') and c' = sigmoid(f) * c + sigmoid(i) * tanh(g),
    /// the gates four blocks of `x_t @ W_x + h @ W_h (+ b)`.
    fn lstm_cell(&self, f: &mut Frame) -> Option<Cell> {
        let (args, next) = (&f.args, &f.next);
        let (kh, kc, cell_ops, [i, fg, g, o]) = (0..next.len()).find_map(|kh| {
            let (mul, pair) = self.product(next[kh])?;
            let (sig_o, tanh_c) = self.either(pair, |a, b| Some((self.unary(a, "aten::sigmoid")?, self.unary(b, "aten::tanh")?)))?;
            let kc = next.iter().position(|&v| v == tanh_c.1).filter(|&kc| kc != kh)?;
            let (add, terms) = self.sum(next[kc])?;
            let (ops, gates) = self.either(terms, |kept, new| {
                let (fmul, fpair) = self.product(kept)?;
                let sig_f = self.either(fpair, |s, c| (c == args[kc]).then(|| self.unary(s, "aten::sigmoid")).flatten())?;
                let (imul, ipair) = self.product(new)?;
                let (sig_i, tanh_g) = self.either(ipair, |a, b| Some((self.unary(a, "aten::sigmoid")?, self.unary(b, "aten::tanh")?)))?;
                Some(([fmul, imul, sig_f.0, sig_i.0, tanh_g.0], [sig_i.1, sig_f.1, tanh_g.1]))
            })?;
            let all: Vec<OpId> = [mul, sig_o.0, tanh_c.0, add].into_iter().chain(ops).collect();
            Some((kh, kc, all, [gates[0], gates[1], gates[2], sig_o.1]))
        })?;
        let hidden = self.state_width(f, kh)?;
        if self.shape(f.args[kc]) != self.shape(f.args[kh]) {
            return None;
        }
        let (z, order) = self.gates(&[i, fg, g, o], hidden, &mut f.matched)?;
        let mut terms = Vec::new();
        self.terms(z, &mut terms, &mut f.matched)?;
        let (x_t, w_x, w_h, bias) = self.products(&terms, f.args[kh], &mut f.matched)?;
        let biases = bias.map(|b| (b.clone(), None, b, None, true));
        f.matched.ops.extend(cell_ops);
        Some(Cell { class: "torch.nn.LSTM", states: vec![kh, kc], hidden, order, x_t, w_x, w_h, biases })
    }

    /// Keras's GRU cell (`reset_after=True`, its default; PyTorch's formula):
    /// h' = z * h + (1 - z) * tanh(x_n + r * h_n), z = sigmoid(x_z + h_z), r = sigmoid(x_r + h_r),
    /// the `x_*` three blocks of `x_t @ W_x + b_x`, the `h_*` of `h @ W_h + b_h`, the biases
    /// the two rows of one `[2, 3H]` literal (or literals of their own).
    fn gru_cell(&self, f: &mut Frame) -> Option<Cell> {
        let (args, next) = (&f.args, &f.next);
        let found = (0..next.len()).find_map(|kh| {
            let (add, terms) = self.sum(next[kh])?;
            self.either(terms, |kept, new| {
                let (keep_mul, kpair) = self.product(kept)?;
                let z = self.either(kpair, |z, h| (h == args[kh]).then_some(z))?;
                let (new_mul, npair) = self.product(new)?;
                let ((sub, one_minus), (tanh, u)) = self.either(npair, |a, b| Some((self.call_of(a, "aten::sub.Tensor")?, self.unary(b, "aten::tanh")?)))?;
                if one_minus.len() != 3 || one_minus[1] != z || self.int(one_minus[2]) != Some(1) || !self.is_float_one(one_minus[0]) {
                    return None;
                }
                let (sig_z, z_sum) = self.unary(z, "aten::sigmoid")?;
                let (u_add, u_terms) = self.sum(u)?;
                let (x_n, (r_mul, r, h_n)) = self.either(u_terms, |x_n, rh| {
                    let (r_mul, pair) = self.product(rh)?;
                    self.either(pair, |r, h_n| self.unary(r, "aten::sigmoid").map(|_| (r_mul, r, h_n))).map(|t| (x_n, t))
                })?;
                let (sig_r, r_sum) = self.unary(r, "aten::sigmoid")?;
                let (z_add, [x_z, h_z]) = self.sum(z_sum)?;
                let (r_add, [x_r, h_r]) = self.sum(r_sum)?;
                let ops = vec![add, keep_mul, new_mul, sub, tanh, sig_z, u_add, r_mul, sig_r, z_add, r_add];
                Some((kh, ops, [x_r, x_z, x_n], [h_r, h_z, h_n]))
            })
        });
        let (kh, cell_ops, x_gates, h_gates) = found?;
        let hidden = self.state_width(f, kh)?;
        let (x_sum, order) = self.gates(&x_gates, hidden, &mut f.matched)?;
        let (h_sum, h_order) = self.gates(&h_gates, hidden, &mut f.matched)?;
        if order != h_order {
            return None;
        }
        // x_t @ W_x + b_x and h @ W_h + b_h, each a product and a bias.
        let mut x_terms = Vec::new();
        self.terms(x_sum, &mut x_terms, &mut f.matched)?;
        let mut h_terms = Vec::new();
        self.terms(h_sum, &mut h_terms, &mut f.matched)?;
        let (x_t, w_x, b_x) = self.product_and_bias(&x_terms, &mut f.matched)?;
        let (h, w_h, b_h) = self.product_and_bias(&h_terms, &mut f.matched)?;
        if h != f.args[kh] || x_t == f.args[kh] {
            return None;
        }
        let (w_x, w_h) = (self.owned(w_x)?, self.owned(w_h)?);
        let (b_x, row_x) = self.bias_row(b_x, &mut f.matched)?;
        let (b_h, row_h) = self.bias_row(b_h, &mut f.matched)?;
        // One literal holding both rows is the layer's alone (read by the two slices).
        let shared = b_x.op == b_h.op;
        if shared && row_x == row_h {
            return None;
        }
        let single_use = |b: &Owned| {
            let uses = self.m.body.uses(self.m.body.results(b.op)[0]).count();
            uses == if shared { 2 } else { 1 }
        };
        if !single_use(&b_x) || !single_use(&b_h) {
            return None;
        }
        f.matched.ops.extend(cell_ops);
        let biases = Some((b_x, row_x, b_h, row_h, false));
        Some(Cell { class: "torch.nn.GRU", states: vec![kh], hidden, order: order.to_vec(), x_t, w_x, w_h, biases })
    }

    /// The width `H` of the carried state `k` (`[B, H]`).
    fn state_width(&self, f: &Frame, k: usize) -> Option<i64> {
        match self.shape(f.args[k])?.as_slice() {
            &[_, h] => Some(h),
            _ => None,
        }
    }

    /// The gates: slices of one value along its last dim, each a block of width `hidden`:
    /// that value and each gate's block.
    fn gates(&self, gates: &[ValueId], hidden: i64, matched: &mut Matched) -> Option<(ValueId, Vec<usize>)> {
        let mut z = None;
        let mut order = Vec::new();
        for &gate in gates {
            let (slice, a) = self.call_of(gate, "aten::slice.Tensor")?;
            let &[src, dim, start, end, step] = a.as_slice() else { return None };
            let (dim, start, end, step) = (self.int(dim)?, self.int(start)?, self.int(end)?, self.int(step)?);
            if !matches!(dim, 1 | -1) || step != 1 || end - start != hidden || start % hidden != 0 || z.is_some_and(|z| z != src) {
                return None;
            }
            z = Some(src);
            order.push(usize::try_from(start / hidden).ok().filter(|&b| b < gates.len())?);
            matched.take(slice);
        }
        let mut seen = order.clone();
        seen.sort_unstable();
        seen.dedup();
        (seen.len() == gates.len() && self.shape(z?)?.last() == Some(&(hidden * gates.len() as i64))).then_some((z?, order))
    }

    /// The LSTM's sum `x_t @ W_x + h @ W_h (+ b)`: x_t, the literal kernels and the bias.
    fn products(&self, terms: &[ValueId], h: ValueId, matched: &mut Matched) -> Option<(ValueId, Owned, Owned, Option<Owned>)> {
        let mut input_product = None;
        let mut hidden_product = None;
        let mut bias = None;
        for &t in terms {
            if let Some((mm, [x, w])) = self.mm(t) {
                matched.take(mm);
                if x == h {
                    once(&mut hidden_product, w)?;
                } else {
                    once(&mut input_product, (x, w))?;
                }
            } else {
                once(&mut bias, self.owned(t)?)?;
            }
        }
        let (x_t, w_x) = input_product?;
        Some((x_t, self.owned(w_x)?, self.owned(hidden_product?)?, bias))
    }

    /// `x @ W + b` as two terms: x, W and b.
    fn product_and_bias(&self, terms: &[ValueId], matched: &mut Matched) -> Option<(ValueId, ValueId, ValueId)> {
        let &[a, b] = terms else { return None };
        let ((mm, [x, w]), bias) = self.mm(a).map(|p| (p, b)).or_else(|| self.mm(b).map(|p| (p, a)))?;
        matched.take(mm);
        Some((x, w, bias))
    }

    /// `aten.mm(x, W)`: the op, `x` and `W`.
    fn mm(&self, v: ValueId) -> Option<(OpId, [ValueId; 2])> {
        let (op, a) = self.call_of(v, "aten::mm")?;
        Some((op, <[ValueId; 2]>::try_from(a).ok()?))
    }

    /// A bias: a literal `[3H]`, or `squeeze(slice(B, 0, k, k + 1), 0)` of a literal
    /// `B: [2, 3H]` (Keras's GRU keeps both biases in one): the literal and the row.
    fn bias_row(&self, v: ValueId, matched: &mut Matched) -> Option<(Owned, Option<usize>)> {
        if let Some(b) = self.owned(v) {
            return Some((b, None));
        }
        let (squeeze, a) = self.call_of(v, "aten::squeeze.dim")?;
        if a.len() != 2 || self.int(a[1])? != 0 {
            return None;
        }
        let (slice, s) = self.call_of(a[0], "aten::slice.Tensor")?;
        let &[src, dim, start, end, step] = s.as_slice() else { return None };
        let (dim, start, end, step) = (self.int(dim)?, self.int(start)?, self.int(end)?, self.int(step)?);
        let def = self.m.body.defining_op(src)?;
        if dim != 0 || end != start + 1 || step != 1 || !matches!(self.kinds.get(&def), Some(Kind::Literal)) {
            return None;
        }
        let (shape, elem) = super::weights::Literal::header(&self.m.ctx, literal_value(self.m, def)?)?;
        if shape.len() != 2 || !(0..shape[0]).contains(&start) || !elem.is_float() {
            return None;
        }
        matched.take(squeeze);
        matched.take(slice);
        Some((Owned { op: def, shape: vec![shape[1]], elem }, Some(start as usize)))
    }

    /// Whether `v` is the scalar literal 1.0.
    fn is_float_one(&self, v: ValueId) -> bool {
        matches!(self.literal_values(v), Some((Values::Float(x), _)) if x == [1.0])
    }

    /// The part of a recurrent layer its cell does not decide: the input read at each step, the
    /// other carried values (counters and one output), nothing else in the body; the module,
    /// its call and what it skips.
    fn finish(&self, f: Frame, cell: Cell) -> Option<(Layer, Vec<OpId>)> {
        let m = self.m;
        let Frame { op, steps, block, terminator, args, next, inits, carried, mut matched } = f;
        let kh = cell.states[0];
        let batch = self.shape(args[kh])?[0];
        let (w_x, w_h, hidden) = (&cell.w_x, &cell.w_h, cell.hidden);
        let width = cell.order.len() as i64 * hidden;
        let &[input_size, cols] = w_x.shape.as_slice() else { return None };
        let biases_fit = cell.biases.as_ref().map_or(true, |(bx, _, bh, _, _)| [bx, bh].iter().all(|b| b.shape == [width] && b.elem == w_x.elem));
        if cols != width || w_h.shape != [hidden, width] || w_h.elem != w_x.elem || !biases_fit {
            return None;
        }

        // x_t = reshape(index_select(seq, 0, t), [B, I]), t counting the steps from 0.
        let (reshape, picked) = self.reshape_to(cell.x_t, &[batch, input_size])?;
        let (select, a) = self.call_of(picked, "aten::index_select")?;
        let &[seq, dim, index] = a.as_slice() else { return None };
        matched.take(reshape);
        matched.take(select);
        if self.int(dim)? != 0 || self.shape(seq)? != [steps, batch, input_size] || m.body.defining_op(seq).is_some_and(|d| m.body.parent_op(d) == Some(op)) {
            return None;
        }
        let counted = self.through_casts(index, &mut matched);
        let step_counter = args.iter().position(|&a| a == counted).filter(|&k| matches!(carried[k], Carried::Count { start: 0, step: 1, .. }))?;

        // The other carried values: counters, and at most one output.
        let results = m.body.results(op);
        let mut outputs = vec![(results[kh], RecurrentOutput::Hidden)];
        if let Some(&kc) = cell.states.get(1) {
            outputs.push((results[kc], RecurrentOutput::Cell));
        }
        for (k, c) in carried.iter().enumerate() {
            match c {
                _ if cell.states.contains(&k) => {}
                &Carried::Count { start, step, elem } => outputs.push((results[k], RecurrentOutput::Count { value: start + steps * step, elem })),
                Carried::Other => {
                    let out = self.output(next[k], args[k], next[kh], args[step_counter], [steps, batch, hidden], &mut matched)?;
                    outputs.push((results[k], out));
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
        // Zero initial states are torch.nn's default.
        let states: Vec<ValueId> = cell.states.iter().map(|&k| inits[k]).collect();
        let initial = (!states.iter().all(|&v| self.is_zero(v))).then(|| states.clone());
        // Literals and zeros made for the loop alone are not written.
        let passed = |slot: usize| initial.is_some() && cell.states.iter().any(|&k| k + 2 == slot);
        let mut made_for_loop: Vec<ValueId> = body.iter().flat_map(|&b| m.body.operands(b)).collect();
        made_for_loop.extend(inits.iter().enumerate().filter(|&(k, _)| !passed(k + 2)).map(|(_, &v)| v));
        let owned: Vec<OpId> = [Some(w_x.op), Some(w_h.op), cell.biases.as_ref().map(|b| b.0.op), cell.biases.as_ref().map(|b| b.2.op)].into_iter().flatten().collect();
        for v in made_for_loop {
            let Some(def) = m.body.defining_op(v).filter(|&d| !inside(d) && d != op) else { continue };
            let made = matches!(self.kinds.get(&def), Some(Kind::Literal)) || self.call_of(v, "aten::full").is_some();
            if made && m.body.uses(v).all(|u| inside(u.op) || (u.op == op && !passed(u.slot as usize))) && !skipped.contains(&def) && !owned.contains(&def) {
                skipped.push(def);
            }
        }

        let mut args_text = vec![input_size.to_string(), hidden.to_string()];
        if cell.biases.is_none() {
            args_text.push("bias=False".to_string());
        }
        if batch_first {
            args_text.push("batch_first=True".to_string());
        }
        super::layers::dtype_arg(&mut args_text, w_x.elem);
        let gates = |transposed| Stored::Gates { transposed, order: cell.order.clone(), row: None };
        let mut state = vec![State { field: "weight_ih_l0", literal: w_x.op, stored: gates(true) }, State { field: "weight_hh_l0", literal: w_h.op, stored: gates(true) }];
        if let Some((b_x, row_x, b_h, row_h, zero_h)) = &cell.biases {
            let row = |row: Option<usize>| Stored::Gates { transposed: false, order: cell.order.clone(), row };
            state.push(State { field: "bias_ih_l0", literal: b_x.op, stored: row(*row_x) });
            state.push(State { field: "bias_hh_l0", literal: b_h.op, stored: if *zero_h { Stored::Zeros } else { row(*row_h) } });
        }
        let mut layer = self.layer(cell.class, args_text, input, state);
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
