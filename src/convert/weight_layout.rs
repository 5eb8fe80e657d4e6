//! `torch-fold-weight-layout`: weights stored in the layout their users read. A
//! `torch.vtensor.literal` whose only user is a layout op — `aten.reshape`, `view`,
//! `squeeze`, `unsqueeze`, `flatten`, `unflatten` (the same elements, another shape),
//! `aten.permute`, `transpose.int`, `t` (the elements moved), `aten.to.dtype`,
//! `prims.convert_element_type` (the elements converted) — becomes one literal of that op's
//! result, computed here once and placed where the weight was, so neither IREE nor the
//! `forward` of `--emit=pytorch` re-lays a weight out on every call; chains fold link by
//! link. `convert-tf-to-torch` runs it on the function it writes (a bias reshaped to
//! `[C,1,1]` for NCHW, a kernel transposed for `aten.mm`, indices made `si64`), and it is a
//! pass of its own for torch-mlir from elsewhere.
//!
//! * Only a literal that no other op reads is folded (users that are all the same op with the
//!   same result fold together, as a kernel two branches permute alike): a weight that another
//!   op also reads would otherwise be stored twice (and, trained, no longer be one weight).
//! * The new literal keeps the old one's location, so the weight keeps its graph name.
//! * Data held as raw bytes (`dense<"0x...">`, as the importers keep every weight) is moved
//!   byte by byte whatever its size; a splat is retyped; elements written out, and every
//!   conversion of element type, go through the constant folder's host tensors
//!   ([`Tensor`]) within its default `max-constant-bytes` (10 MiB), and are left alone above.
//!
//! Patterns on the greedy driver of `src/rewrite/`.

use crate::diag::Diagnostic;
use crate::ir::types::TypeData;
use crate::ir::{AttrData, AttrId, Module, NamedAttr, OpId, OpSpec, TypeId, ValueId};
use crate::passes::folding::eval::evaluate;
use crate::passes::folding::tensor::{Tensor, Values, DEFAULT_MAX_CONSTANT_BYTES};
use crate::passes::{PassInfo, PassRegistry, PassTarget};
use crate::printer::torch::inherent;
use crate::rewrite::{apply_greedily, GreedyConfig, Pattern, Rewriter};

use super::tf_to_torch::types::{permutation_order, TTy};

/// How an op moves its input's elements.
#[derive(Clone, Copy, Debug)]
enum Move {
    /// The same elements in the same order, another shape (`reshape`, `squeeze`, ...).
    Reshape,
    /// `aten.permute(x, dims)`.
    Permute,
    /// `aten.transpose.int(x, dim0, dim1)`.
    Transpose,
    /// `aten.t(x)`: a matrix transposed (rank 0 and 1 unchanged).
    T,
    /// The element type converted (`aten.to.dtype`).
    Convert,
}

/// The ops folded, by name.
const FOLDS: &[(&str, Move)] = &[
    ("torch.aten.reshape", Move::Reshape),
    ("torch.aten.view", Move::Reshape),
    ("torch.aten._unsafe_view", Move::Reshape),
    ("torch.aten._reshape_alias", Move::Reshape),
    ("torch.aten.squeeze", Move::Reshape),
    ("torch.aten.squeeze.dim", Move::Reshape),
    ("torch.aten.squeeze.dims", Move::Reshape),
    ("torch.aten.unsqueeze", Move::Reshape),
    ("torch.aten.flatten.using_ints", Move::Reshape),
    ("torch.aten.unflatten.int", Move::Reshape),
    ("torch.aten.permute", Move::Permute),
    ("torch.aten.transpose.int", Move::Transpose),
    ("torch.aten.t", Move::T),
    ("torch.aten.to.dtype", Move::Convert),
    ("torch.prims.convert_element_type", Move::Convert),
];

/// Registers `torch-fold-weight-layout`.
pub fn register(r: &mut PassRegistry) {
    r.add(PassInfo {
        name: "torch-fold-weight-layout",
        summary: "torch: a literal whose only user reshapes, permutes or converts it becomes a literal of the result",
        options: &[],
        anchor: None,
        create: |_| Ok(super::counted_pass(run, "Layout ops of weights folded into their literal")),
    });
}

/// Folds every layout op of a single-use literal nested in `target`; returns how many.
pub fn run(m: &mut Module, target: PassTarget) -> Result<u64, Vec<Diagnostic>> {
    let patterns: Vec<FoldLayout> = FOLDS.iter().map(|&(root, how)| FoldLayout { root, how }).collect();
    let refs: Vec<&dyn Pattern> = patterns.iter().map(|p| p as &dyn Pattern).collect();
    apply_greedily(m, target, &refs, GreedyConfig::default()).map(|s| s.total())
}

/// The pattern: a layout op `root` of a literal.
struct FoldLayout {
    root: &'static str,
    how: Move,
}

impl Pattern for FoldLayout {
    fn name(&self) -> &str {
        self.root
    }

    fn root(&self) -> Option<&str> {
        Some(self.root)
    }

    fn match_and_rewrite(&self, rw: &mut Rewriter<'_>, op: OpId) -> Result<bool, Diagnostic> {
        let Some(fold) = folded(rw.m, op, self.how) else { return Ok(false) };
        let result_ty = rw.m.body.value_type(rw.m.body.results(op)[0]);
        // Where the weight was: it dominates every user, in whichever region they are.
        let new = relit(rw.m, fold.literal, fold.dense, result_ty);
        rw.insert_before(fold.literal, new);
        let value = rw.m.body.results(new)[0];
        for user in fold.users {
            let spelled: Vec<OpId> = rw.m.body.operands(user).skip(1).filter_map(|v| rw.m.body.defining_op(v)).collect();
            rw.replace_op(user, &[value], None);
            // The constants that spelled the dims or dtype go when nothing else reads them.
            for o in spelled {
                erase_dead_constants(rw, o);
            }
        }
        rw.erase_if_unused(fold.literal);
        Ok(true)
    }
}

/// A fold found: the literal, the `dense<...>` of the result, and the ops it replaces.
struct Fold {
    literal: OpId,
    dense: AttrId,
    /// `op` and every other user of the literal, all the same op with the same result.
    users: Vec<OpId>,
}

/// `op`'s operand 0 is a literal that only ops like `op` read (the same op of the same
/// operands' values, with the same result type: a kernel two branches permute alike), and
/// `op` folds.
fn folded(m: &mut Module, op: OpId, how: Move) -> Option<Fold> {
    let x = m.body.operands(op).next()?;
    let literal = m.body.defining_op(x)?;
    if m.op_name(literal) != "torch.vtensor.literal" || m.body.results(op).len() != 1 {
        return None;
    }
    let users: Vec<OpId> = m.body.uses(x).map(|u| u.op).collect();
    if !users.iter().all(|&u| u == op || same_layout_op(m, u, op, how)) {
        return None;
    }
    let dense = inherent(m, literal, "value")?;
    let AttrData::Dense { value, ty } = m.ctx.attr_data(m.ctx.resolved_attr(dense)).clone() else { return None };
    let TypeData::RankedTensor { shape, elem, .. } = m.ctx.type_data(m.ctx.resolved_type(ty)).clone() else { return None };
    let input = TTy::of_type(&m.ctx, ty).filter(TTy::is_static)?;
    let out = TTy::of_torch(&m.ctx, m.body.value_type(m.body.results(op)[0])).filter(TTy::is_static)?;
    let n = input.num_elements();
    if out.num_elements() != n {
        return None;
    }
    let same_dt = out.dt == input.dt;
    let width = input.dt.size_bytes() as usize;
    let payload = match how {
        Move::Reshape if same_dt => moved_payload(m, value, ty, &shape, None, &out.shape, width)?,
        Move::Reshape => return None,
        Move::Permute | Move::Transpose | Move::T => {
            let perm = permutation(m, op, how, input.rank())?;
            if !same_dt || input.permuted(&perm).shape != out.shape {
                return None;
            }
            moved_payload(m, value, ty, &shape, Some(&perm), &out.shape, width)?
        }
        Move::Convert if out.shape != shape => return None,
        Move::Convert if same_dt => value,
        Move::Convert => {
            let t = Tensor::from_attr_within(&m.ctx, dense, DEFAULT_MAX_CONSTANT_BYTES)?;
            if t.len() as i64 * out.dt.size_bytes() > DEFAULT_MAX_CONSTANT_BYTES {
                return None;
            }
            let converted = evaluate("Cast", &|_| None, &[t], &[Some(out.dt.dtype())])?.pop()?;
            payload_of(m, &converted)?
        }
    };
    let elem = if same_dt { elem } else { out.dt.elem_type(&mut m.ctx) };
    let ty = m.ctx.ty(TypeData::RankedTensor { shape: out.shape, elem, encoding: None });
    Some(Fold { literal, dense: m.ctx.attr(AttrData::Dense { value: payload, ty }), users })
}

/// Whether `a` computes what `b` does from the same operand 0: the same op, result type and
/// other operands' constant values (each region may spell its own constants).
fn same_layout_op(m: &Module, a: OpId, b: OpId, how: Move) -> bool {
    let result = |o: OpId| m.body.results(o).first().map(|&r| m.body.value_type(r));
    if m.op_name(a) != m.op_name(b) || m.body.results(a).len() != 1 || result(a) != result(b) {
        return false;
    }
    let rank = || {
        let x = m.body.operands(b).next()?;
        Some(TTy::of_torch(&m.ctx, m.body.value_type(x))?.rank())
    };
    match how {
        // The result type says it all: the same elements in the same order.
        Move::Reshape | Move::Convert => m.body.operands(a).next() == m.body.operands(b).next(),
        Move::Permute | Move::Transpose | Move::T => {
            let Some(rank) = rank() else { return false };
            m.body.operands(a).next() == m.body.operands(b).next() && permutation(m, a, how, rank).is_some_and(|p| permutation(m, b, how, rank) == Some(p))
        }
    }
}

/// The permutation (`out[i] = in[perm[i]]`) `op` applies to a value of rank `rank`, when its
/// dims are constants.
fn permutation(m: &Module, op: OpId, how: Move, rank: usize) -> Option<Vec<usize>> {
    let dim = |d: i64| -> Option<usize> {
        let d = if d < 0 { d + rank as i64 } else { d };
        (0..rank as i64).contains(&d).then_some(d as usize)
    };
    let operands: Vec<ValueId> = m.body.operands(op).collect();
    let mut perm: Vec<usize> = (0..rank).collect();
    match how {
        Move::Permute => {
            let list = m.body.defining_op(*operands.get(1)?)?;
            if m.op_name(list) != "torch.prim.ListConstruct" {
                return None;
            }
            perm = m.body.operands(list).map(|v| constant_int(m, v).and_then(dim)).collect::<Option<Vec<usize>>>()?;
            let mut seen = perm.clone();
            seen.sort_unstable();
            if seen != (0..rank).collect::<Vec<usize>>() {
                return None;
            }
        }
        Move::Transpose => {
            let (a, b) = (dim(constant_int(m, *operands.get(1)?)?)?, dim(constant_int(m, *operands.get(2)?)?)?);
            perm.swap(a, b);
        }
        Move::T if rank == 2 => perm.swap(0, 1),
        Move::T if rank < 2 => {}
        _ => return None,
    }
    Some(perm)
}

/// The value of a `torch.constant.int`.
pub(super) fn constant_int(m: &Module, v: ValueId) -> Option<i64> {
    let op = m.body.defining_op(v)?;
    if m.op_name(op) != "torch.constant.int" {
        return None;
    }
    match m.ctx.attr_data(m.ctx.resolved_attr(inherent(m, op, "value")?)) {
        AttrData::Int { spelling, .. } => crate::ir::context::parse_int_spelling(m.ctx.str(*spelling)).and_then(|v| i64::try_from(v).ok()),
        _ => None,
    }
}

/// The payload of a `dense<...>` of type `ty` (shape `shape`) as a value of shape
/// `out_shape`, its elements permuted by `perm` (`None`: in the same order): raw bytes moved
/// element by element (`width` bytes each), a splat unchanged, written-out elements (nested
/// by shape) through a host tensor.
pub(super) fn moved_payload(m: &mut Module, value: AttrId, ty: TypeId, shape: &[i64], perm: Option<&[usize]>, out_shape: &[i64], width: usize) -> Option<AttrId> {
    let n = shape.iter().product::<i64>() as usize;
    match m.ctx.attr_data(m.ctx.resolved_attr(value)) {
        AttrData::Hex(_) | AttrData::String { .. } => {
            let raw = crate::ir::hex::raw_data(&m.ctx, value)?;
            if raw.len() == width {
                return Some(value); // a splat spelled in hex
            }
            if raw.len() != n * width {
                return None;
            }
            let Some(perm) = perm else { return Some(value) };
            let mut out = Vec::with_capacity(raw.len());
            for i in permutation_order(shape, perm, out_shape) {
                out.extend_from_slice(&raw[i * width..(i + 1) * width]);
            }
            Some(m.ctx.attr(AttrData::Hex(crate::ir::blob::Blob::new(out.into()))))
        }
        AttrData::Array(_) => {
            let dense = m.ctx.attr(AttrData::Dense { value, ty });
            let t = Tensor::from_attr_within(&m.ctx, dense, DEFAULT_MAX_CONSTANT_BYTES)?;
            let values = match perm.map(|p| permutation_order(shape, p, out_shape)) {
                None => t.values,
                Some(order) => match &t.values {
                    Values::Int(v) => Values::Int(order.iter().map(|&i| v[i]).collect()),
                    Values::Float(v) => Values::Float(order.iter().map(|&i| v[i]).collect()),
                },
            };
            payload_of(m, &Tensor { dtype: t.dtype, shape: out_shape.to_vec(), values })
        }
        // One element standing for all (a splat), or none.
        _ => Some(value),
    }
}

/// The payload (`dense<PAYLOAD>`) a host tensor is written with.
fn payload_of(m: &mut Module, t: &Tensor) -> Option<AttrId> {
    let dense = t.to_attr(&mut m.ctx);
    match m.ctx.attr_data(dense) {
        AttrData::Dense { value, .. } => Some(*value),
        _ => None,
    }
}

/// A detached `torch.vtensor.literal` like `literal` (its location, form and other
/// attributes) holding `dense`, of type `ty`.
pub(super) fn relit(m: &mut Module, literal: OpId, dense: AttrId, ty: TypeId) -> OpId {
    let key = m.ctx.sym("value");
    let with_value = |entries: &[NamedAttr]| -> Vec<NamedAttr> {
        entries.iter().map(|e| if e.name == key { NamedAttr { value: dense, ..*e } } else { *e }).collect()
    };
    let old = m.body.op(literal);
    let (form, loc, old_props, old_attrs) = (old.form, old.loc, old.properties, old.attrs.clone());
    let in_props = old_props.is_some_and(|p| m.ctx.dict_entries(p).iter().any(|e| e.name == key));
    let properties = match old_props {
        Some(p) if in_props => {
            let entries = with_value(m.ctx.dict_entries(p));
            Some(m.ctx.attr(AttrData::Dict(entries)))
        }
        other => other,
    };
    let attrs = if in_props { old_attrs } else { with_value(&old_attrs).into_iter().collect() };
    let spec = OpSpec { result_types: smallvec::smallvec![ty], attrs, properties, loc, form, ..OpSpec::default() };
    let name = m.ctx.sym("torch.vtensor.literal");
    m.body.create_op(spec, name)
}

/// Erases `op` when it is a `torch.constant.*` or `torch.prim.ListConstruct` nothing uses,
/// and so on through a list's items.
pub(super) fn erase_dead_constants(rw: &mut Rewriter<'_>, op: OpId) {
    let name = rw.m.op_name(op);
    if !(name.starts_with("torch.constant.") || name == "torch.prim.ListConstruct") {
        return;
    }
    let items: Vec<OpId> = rw.m.body.operands(op).filter_map(|v| rw.m.body.defining_op(v)).collect();
    if rw.erase_if_unused(op) {
        for item in items {
            erase_dead_constants(rw, item);
        }
    }
}
