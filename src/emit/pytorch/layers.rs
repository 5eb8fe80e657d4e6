//! The `torch.nn` layers of `--emit=pytorch`: ops of a torch function that a PyTorch user
//! would write as a module, found before rendering ([`find`]) —
//!
//! | ops | module |
//! |---|---|
//! | `aten.convolution` of a literal filter (and bias) | `Conv1d/2d/3d`, `ConvTranspose1d/2d/3d` |
//! | `aten.mm` / `aten.matmul` by a literal matrix, then `+` a literal bias | `Linear` (its weight is the matrix transposed) |
//! | `aten.batch_norm` (inference) of literal statistics | `BatchNorm1d/2d/3d` |
//! | `aten.index_select(table, 0, ids)` of a literal table | `Embedding` |
//! | `aten.layer_norm` of literal weight and bias (or none) | `LayerNorm` |
//! | `aten.max_pool2d`, `aten.avg_pool2d` | `MaxPool2d`, `AvgPool2d` |
//! | `torch.prim.Loop` of the standard LSTM or GRU cell over a sequence | `LSTM`, `GRU` ([`super::recurrent`]) |
//!
//! A layer owns its literals (they become its `weight`, `bias`, `running_mean`, ... in
//! `weights.safetensors`, keyed `NAME.weight` as `state_dict` keys them) and the ops it
//! absorbs (a `Linear`'s bias add), and `forward` calls it (`conv1 = self.conv1(x)`). A
//! pattern is taken only when the module computes what the ops compute: every literal is
//! read by that layer alone, arguments are constants, and the shapes agree. Otherwise the
//! ops are written as functional calls, as before.
//!
//! The renderer names a layer after its op's scope ([`super::scopes`]), else after its class
//! ([`Layer::name`]).

use std::collections::{HashMap, HashSet};

use crate::convert::tf_to_torch::types::TTy;
use crate::ir::{Module, OpId, ValueId};

use super::classify::{literal_value, Kind};
use super::spelling::constant;
use super::weights::Literal;
use crate::dialect::torch_dtype::Dt;

/// One module of the program.
pub struct Layer {
    /// `torch.nn.Conv2d`.
    pub class: &'static str,
    /// The constructor's arguments, spelled (`3, 64, kernel_size=7, stride=2`).
    pub args: Vec<String>,
    /// The value the module is called on.
    pub input: ValueId,
    /// Its state: the module field and the literal op holding it.
    pub state: Vec<State>,
    /// Ops whose result is the module's result too (a bias add): they render as nothing.
    pub absorbed: Vec<OpId>,
    /// A name after the module's class (`conv2d`), for an op without a graph name.
    pub name: String,
    /// A recurrent layer's call: it stands for a whole loop.
    pub recurrent: Option<Recurrent>,
}

/// A literal a layer owns, and how it is stored.
pub struct State {
    /// `weight`, `bias`, `running_mean`, ...
    pub field: &'static str,
    pub literal: OpId,
    pub stored: Stored,
}

/// How a layer stores a literal it owns.
pub enum Stored {
    Same,
    /// The transpose of the literal (a `Linear` weight is `[out, in]`).
    Transposed,
    /// The literal (transposed first, for a matrix; or its row `row`), its rows in equal
    /// blocks, block `g` of the result being block `order[g]` of the literal: a recurrent
    /// layer's gates in torch's order.
    Gates { transposed: bool, order: Vec<usize>, row: Option<usize> },
    /// Zeros of the literal's shape (an LSTM's second bias, which Keras does not have).
    Zeros,
}

/// How `forward` calls a recurrent layer that stands for a `torch.prim.Loop`
/// (`out, (h, c) = self.lstm(x)`).
pub struct Recurrent {
    /// The initial hidden (and an LSTM's cell) state, `[B, H]`, when they are not zeros.
    pub initial: Option<Vec<ValueId>>,
    /// The values the call gives: the loop's results, or a value after it that the call
    /// computes directly (a transpose of the output sequence).
    pub outputs: Vec<(ValueId, RecurrentOutput)>,
    /// Ops that render as nothing: made only for the loop, or computed by the call.
    pub skipped: Vec<OpId>,
    /// The module's input and output sequences are `[B, T, ...]`.
    pub batch_first: bool,
}

/// What a value given by a recurrent layer's call is.
#[derive(Clone, Copy)]
pub enum RecurrentOutput {
    /// The last hidden (cell) state, `[B, H]`.
    Hidden,
    Cell,
    /// The last step's output as `[1, B, H]`: `h_n` itself.
    Last,
    /// Every step's output, `[T, B, H]` when `time_major`, else `[B, T, H]`.
    Sequence { time_major: bool },
    /// A counter's final value, a scalar tensor.
    Count { value: i64, elem: Dt },
}

/// The layers of a function, by the op that calls them.
#[derive(Default)]
pub struct Layers {
    pub by_op: HashMap<OpId, Layer>,
    /// The literal ops a layer owns: not written as weights of their own.
    pub owned: HashSet<OpId>,
    /// Absorbed op → the op whose call gives its result.
    pub absorbed: HashMap<OpId, OpId>,
    /// Ops rendered as nothing: a recurrent layer's loop body, and what it alone needed.
    pub skipped: HashSet<OpId>,
}

/// The layers among `ops` (in the function's order), classified as `kinds` says.
pub fn find(m: &Module, kinds: &HashMap<OpId, Kind>, ops: &[OpId]) -> Layers {
    let cx = Cx { m, kinds };
    let mut found: Vec<(OpId, Layer)> = Vec::new();
    // The bodies of loops that are recurrent layers: rendered as nothing.
    let mut in_recurrent: HashSet<OpId> = HashSet::new();
    for &op in ops {
        if in_recurrent.contains(&op) {
            continue;
        }
        if let Some(Kind::Loop) = kinds.get(&op) {
            if let Some((layer, body)) = cx.recurrent(op) {
                in_recurrent.extend(body);
                found.push((op, layer));
            }
            continue;
        }
        let Some(Kind::Call(schema)) = kinds.get(&op) else { continue };
        let layer = match schema.name.as_str() {
            "aten::convolution" => cx.convolution(op),
            "aten::mm" | "aten::matmul" => cx.linear(op),
            "aten::batch_norm" => cx.batch_norm(op),
            "aten::index_select" => cx.embedding(op),
            "aten::layer_norm" => cx.layer_norm(op),
            "aten::max_pool2d" => cx.max_pool(op),
            "aten::avg_pool2d" => cx.avg_pool(op),
            _ => None,
        };
        let Some(layer) = layer else { continue };
        found.push((op, layer));
    }
    let mut layers = Layers { skipped: in_recurrent, ..Layers::default() };
    for (op, layer) in found {
        layers.owned.extend(layer.state.iter().map(|s| s.literal));
        for &a in &layer.absorbed {
            layers.absorbed.insert(a, op);
        }
        if let Some(r) = &layer.recurrent {
            layers.skipped.extend(r.skipped.iter().copied());
        }
        layers.by_op.insert(op, layer);
    }
    layers
}

/// What pattern matching reads: the ops' kinds and the module.
pub(super) struct Cx<'a> {
    pub(super) m: &'a Module,
    pub(super) kinds: &'a HashMap<OpId, Kind>,
}

/// A literal a layer may own.
#[derive(Clone)]
pub(super) struct Owned {
    pub(super) op: OpId,
    pub(super) shape: Vec<i64>,
    pub(super) elem: Dt,
}

impl Cx<'_> {
    pub(super) fn operands(&self, op: OpId) -> Vec<ValueId> {
        self.m.body.operands(op).collect()
    }

    /// The constant defining `v`, spelled as Python (`2`, `False`, `1e-05`, `None`).
    pub(super) fn constant(&self, v: ValueId) -> Option<String> {
        let def = self.m.body.defining_op(v)?;
        matches!(self.kinds.get(&def), Some(Kind::Constant)).then(|| constant(self.m, def).ok()).flatten()
    }

    pub(super) fn int(&self, v: ValueId) -> Option<i64> {
        self.constant(v)?.parse().ok()
    }

    pub(super) fn boolean(&self, v: ValueId) -> Option<bool> {
        match self.constant(v)?.as_str() {
            "True" => Some(true),
            "False" => Some(false),
            _ => None,
        }
    }

    pub(super) fn is_none(&self, v: ValueId) -> bool {
        self.constant(v).as_deref() == Some("None")
    }

    /// The ints of a `torch.prim.ListConstruct` of int constants.
    pub(super) fn ints(&self, v: ValueId) -> Option<Vec<i64>> {
        let def = self.m.body.defining_op(v)?;
        if !matches!(self.kinds.get(&def), Some(Kind::List)) {
            return None;
        }
        self.m.body.operands(def).map(|x| self.int(x)).collect()
    }

    /// The floating-point literal defining `v`, when `v` is read once (by the layer) and the
    /// literal is stored as data (not a huge splat).
    pub(super) fn owned(&self, v: ValueId) -> Option<Owned> {
        let def = self.m.body.defining_op(v)?;
        if !matches!(self.kinds.get(&def), Some(Kind::Literal)) || self.m.body.uses(v).count() != 1 {
            return None;
        }
        let lit = Literal::decode(&self.m.ctx, literal_value(self.m, def)?)?;
        (lit.elem.is_float() && !lit.is_splat()).then(|| Owned { op: def, shape: lit.shape.clone(), elem: lit.elem })
    }

    fn rank(&self, v: ValueId) -> Option<usize> {
        TTy::of_torch(&self.m.ctx, self.m.body.value_type(v)).map(|t| t.rank())
    }

    pub(super) fn layer(&self, class: &'static str, args: Vec<String>, input: ValueId, state: Vec<State>) -> Layer {
        let name = class.trim_start_matches("torch.nn.").to_ascii_lowercase();
        Layer { class, args, input, state, absorbed: Vec::new(), name, recurrent: None }
    }

    /// `aten.convolution(x, W, b, stride, padding, dilation, transposed, output_padding,
    /// groups)` → `ConvNd` / `ConvTransposeNd`.
    fn convolution(&self, op: OpId) -> Option<Layer> {
        let &[x, w, b, stride, padding, dilation, transposed, output_padding, groups] = self.operands(op).as_slice() else { return None };
        let weight = self.owned(w)?;
        let dims = weight.shape.len().checked_sub(2).filter(|d| (1..=3).contains(d))?;
        let bias = if self.is_none(b) { None } else { Some(self.owned(b)?) };
        let (stride, padding, dilation) = (self.ints(stride)?, self.ints(padding)?, self.ints(dilation)?);
        let (transposed, output_padding, groups) = (self.boolean(transposed)?, self.ints(output_padding)?, self.int(groups)?);
        if [&stride, &padding, &dilation].iter().any(|l| l.len() != dims) || groups < 1 || (transposed && output_padding.len() != dims) {
            return None;
        }
        // ConvNd's weight is [out, in/groups, k...]; ConvTransposeNd's is [in, out/groups, k...].
        let (inputs, outputs) = if transposed { (weight.shape[0], weight.shape[1] * groups) } else { (weight.shape[1] * groups, weight.shape[0]) };
        if bias.as_ref().is_some_and(|b| b.shape != [outputs] || b.elem != weight.elem) {
            return None;
        }
        let mut args = vec![inputs.to_string(), outputs.to_string(), format!("kernel_size={}", int_or_tuple(&weight.shape[2..]))];
        optional(&mut args, "stride", &stride, 1);
        optional(&mut args, "padding", &padding, 0);
        if transposed {
            optional(&mut args, "output_padding", &output_padding, 0);
        }
        if groups != 1 {
            args.push(format!("groups={groups}"));
        }
        optional(&mut args, "dilation", &dilation, 1);
        if bias.is_none() {
            args.push("bias=False".to_string());
        }
        dtype_arg(&mut args, weight.elem);
        let class = match (transposed, dims) {
            (false, 1) => "torch.nn.Conv1d",
            (false, 2) => "torch.nn.Conv2d",
            (false, _) => "torch.nn.Conv3d",
            (true, 1) => "torch.nn.ConvTranspose1d",
            (true, 2) => "torch.nn.ConvTranspose2d",
            (true, _) => "torch.nn.ConvTranspose3d",
        };
        let mut state = vec![State { field: "weight", literal: weight.op, stored: Stored::Same }];
        state.extend(bias.map(|b| State { field: "bias", literal: b.op, stored: Stored::Same }));
        Some(self.layer(class, args, x, state))
    }

    /// `aten.mm(x, W)` / `aten.matmul(x, W)` with `W: [in, out]`, and a following
    /// `+ b` (`add.Tensor`, alpha 1, `b: [out]`) when it is the product's only user →
    /// `Linear(in, out)` with weight `W` transposed.
    fn linear(&self, op: OpId) -> Option<Layer> {
        let &[x, w] = self.operands(op).as_slice() else { return None };
        let weight = self.owned(w)?;
        let &[inputs, outputs] = weight.shape.as_slice() else { return None };
        let result = self.m.body.results(op)[0];
        let mut absorbed = Vec::new();
        let mut bias = None;
        let mut users = self.m.body.uses(result);
        if let (Some(u), None) = (users.next(), users.next()) {
            if let Some(Kind::Call(s)) = self.kinds.get(&u.op) {
                let add = self.operands(u.op);
                if s.name == "aten::add.Tensor" && add.len() == 3 && self.int(add[2]) == Some(1) && add[0] != add[1] {
                    let other = if add[0] == result { add[1] } else { add[0] };
                    let same_type = self.m.body.value_type(self.m.body.results(u.op)[0]) == self.m.body.value_type(result);
                    if let Some(b) = self.owned(other).filter(|b| b.shape == [outputs] && b.elem == weight.elem && same_type) {
                        absorbed.push(u.op);
                        bias = Some(b);
                    }
                }
            }
        }
        let mut args = vec![inputs.to_string(), outputs.to_string()];
        if bias.is_none() {
            args.push("bias=False".to_string());
        }
        dtype_arg(&mut args, weight.elem);
        let mut state = vec![State { field: "weight", literal: weight.op, stored: Stored::Transposed }];
        state.extend(bias.map(|b| State { field: "bias", literal: b.op, stored: Stored::Same }));
        let mut layer = self.layer("torch.nn.Linear", args, x, state);
        layer.absorbed = absorbed;
        Some(layer)
    }

    /// `aten.batch_norm(x, weight, bias, mean, var, training=False, momentum, eps, cudnn)`
    /// of literal statistics → `BatchNormNd(C, eps=..., momentum=...)`; in `train()` mode it
    /// normalizes by the batch and updates the statistics, as PyTorch's does.
    fn batch_norm(&self, op: OpId) -> Option<Layer> {
        let &[x, w, b, mean, var, training, momentum, eps, _] = self.operands(op).as_slice() else { return None };
        if self.boolean(training)? {
            return None;
        }
        let (mean, var) = (self.owned(mean)?, self.owned(var)?);
        let &[channels] = mean.shape.as_slice() else { return None };
        let affine = match (self.is_none(w), self.is_none(b)) {
            (true, true) => None,
            (false, false) => Some((self.owned(w)?, self.owned(b)?)),
            _ => return None,
        };
        let all = [Some(&mean), Some(&var), affine.as_ref().map(|a| &a.0), affine.as_ref().map(|a| &a.1)];
        if all.iter().flatten().any(|o| o.shape != [channels] || o.elem != mean.elem) {
            return None;
        }
        let class = match self.rank(x)? {
            2 | 3 => "torch.nn.BatchNorm1d",
            4 => "torch.nn.BatchNorm2d",
            5 => "torch.nn.BatchNorm3d",
            _ => return None,
        };
        let (eps, momentum) = (self.constant(eps)?, self.constant(momentum)?);
        let mut args = vec![channels.to_string()];
        if eps.parse::<f64>().ok() != Some(1e-5) {
            args.push(format!("eps={eps}"));
        }
        if momentum.parse::<f64>().ok() != Some(0.1) {
            args.push(format!("momentum={momentum}"));
        }
        if affine.is_none() {
            args.push("affine=False".to_string());
        }
        dtype_arg(&mut args, mean.elem);
        let mut state = Vec::new();
        if let Some((w, b)) = affine {
            state.push(State { field: "weight", literal: w.op, stored: Stored::Same });
            state.push(State { field: "bias", literal: b.op, stored: Stored::Same });
        }
        state.push(State { field: "running_mean", literal: mean.op, stored: Stored::Same });
        state.push(State { field: "running_var", literal: var.op, stored: Stored::Same });
        Some(self.layer(class, args, x, state))
    }

    /// `aten.index_select(table, 0, ids)` with ids of rank 1 → `Embedding(rows, dim)`.
    fn embedding(&self, op: OpId) -> Option<Layer> {
        let &[table, dim, ids] = self.operands(op).as_slice() else { return None };
        let weight = self.owned(table)?;
        let &[rows, width] = weight.shape.as_slice() else { return None };
        if self.int(dim)? != 0 || self.rank(ids)? != 1 {
            return None;
        }
        let mut args = vec![rows.to_string(), width.to_string()];
        dtype_arg(&mut args, weight.elem);
        let state = vec![State { field: "weight", literal: weight.op, stored: Stored::Same }];
        Some(self.layer("torch.nn.Embedding", args, ids, state))
    }

    /// `aten.layer_norm(x, shape, weight, bias, eps, cudnn_enable)` of a literal weight (and
    /// bias) of that shape, or of neither → `LayerNorm(shape, eps=..., bias=False,
    /// elementwise_affine=False)` as the case needs (a bias without a weight has no module).
    fn layer_norm(&self, op: OpId) -> Option<Layer> {
        let &[x, shape, w, b, eps, _] = self.operands(op).as_slice() else { return None };
        let shape = self.ints(shape)?;
        let (weight, bias) = match (self.is_none(w), self.is_none(b)) {
            (true, true) => (None, None),
            (false, true) => (Some(self.owned(w)?), None),
            (false, false) => (Some(self.owned(w)?), Some(self.owned(b)?)),
            (true, false) => return None,
        };
        let elem = weight.as_ref().map(|w| w.elem);
        if [&weight, &bias].into_iter().flatten().any(|o| o.shape != shape || Some(o.elem) != elem) {
            return None;
        }
        // `LayerNorm(8)` normalizes over [8]; over [8, 8] it is `LayerNorm((8, 8))`.
        let mut args = vec![match shape.as_slice() {
            [n] => n.to_string(),
            _ => format!("({})", shape.iter().map(|d| format!("{d}, ")).collect::<String>().trim_end_matches(", ")),
        }];
        let eps = self.constant(eps)?;
        if eps.parse::<f64>().ok() != Some(1e-5) {
            args.push(format!("eps={eps}"));
        }
        let mut state = Vec::new();
        match (weight, bias) {
            (None, _) => args.push("elementwise_affine=False".to_string()),
            (Some(w), b) => {
                state.push(State { field: "weight", literal: w.op, stored: Stored::Same });
                match b {
                    Some(b) => state.push(State { field: "bias", literal: b.op, stored: Stored::Same }),
                    None => args.push("bias=False".to_string()),
                }
                dtype_arg(&mut args, w.elem);
            }
        }
        Some(self.layer("torch.nn.LayerNorm", args, x, state))
    }

    /// `aten.max_pool2d(x, kernel, stride, padding, dilation, ceil_mode)` → `MaxPool2d`.
    fn max_pool(&self, op: OpId) -> Option<Layer> {
        let &[x, kernel, stride, padding, dilation, ceil_mode] = self.operands(op).as_slice() else { return None };
        let kernel = self.ints(kernel)?;
        let mut args = vec![int_or_tuple(&kernel)];
        self.pool_stride(&mut args, &kernel, stride)?;
        optional(&mut args, "padding", &self.ints(padding)?, 0);
        optional(&mut args, "dilation", &self.ints(dilation)?, 1);
        if self.boolean(ceil_mode)? {
            args.push("ceil_mode=True".to_string());
        }
        Some(self.layer("torch.nn.MaxPool2d", args, x, Vec::new()))
    }

    /// `aten.avg_pool2d(x, kernel, stride, padding, ceil_mode, count_include_pad,
    /// divisor_override)` → `AvgPool2d`.
    fn avg_pool(&self, op: OpId) -> Option<Layer> {
        let &[x, kernel, stride, padding, ceil_mode, count_include_pad, divisor] = self.operands(op).as_slice() else { return None };
        let kernel = self.ints(kernel)?;
        let mut args = vec![int_or_tuple(&kernel)];
        self.pool_stride(&mut args, &kernel, stride)?;
        optional(&mut args, "padding", &self.ints(padding)?, 0);
        if self.boolean(ceil_mode)? {
            args.push("ceil_mode=True".to_string());
        }
        if !self.boolean(count_include_pad)? {
            args.push("count_include_pad=False".to_string());
        }
        if !self.is_none(divisor) {
            args.push(format!("divisor_override={}", self.int(divisor)?));
        }
        Some(self.layer("torch.nn.AvgPool2d", args, x, Vec::new()))
    }

    /// A pool's `stride`, written unless it is the kernel (torch's default; `[]` means so).
    fn pool_stride(&self, args: &mut Vec<String>, kernel: &[i64], stride: ValueId) -> Option<()> {
        let stride = self.ints(stride)?;
        if kernel.len() != 2 || !(stride.is_empty() || stride.len() == 2) {
            return None;
        }
        if !stride.is_empty() && stride != kernel {
            args.push(format!("stride={}", int_or_tuple(&stride)));
        }
        Some(())
    }
}

/// `2` for `[2, 2]`, `(1, 3)` for `[1, 3]`: how torch.nn's constructors take a size.
fn int_or_tuple(v: &[i64]) -> String {
    match v {
        [first, rest @ ..] if rest.iter().all(|x| x == first) => first.to_string(),
        _ => format!("({})", v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")),
    }
}

/// `name=value` unless every element is the default.
fn optional(args: &mut Vec<String>, name: &str, v: &[i64], default: i64) {
    if v.iter().any(|&x| x != default) {
        args.push(format!("{name}={}", int_or_tuple(v)));
    }
}

/// `dtype=torch.float64` unless the element type is torch's default (float32).
pub(super) fn dtype_arg(args: &mut Vec<String>, elem: Dt) {
    if elem != Dt::F32 {
        args.push(format!("dtype={}", elem.python()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_spelled_as_torch_nn_takes_them() {
        assert_eq!(int_or_tuple(&[3, 3]), "3");
        assert_eq!(int_or_tuple(&[1, 7]), "(1, 7)");
        assert_eq!(int_or_tuple(&[2]), "2");
    }
}
