//! The rewrite patterns of TensorFlow's tfg constant folding, each after its Grappler rule
//! (`ConstantFolding::MaterializeShapes`, `FoldMergeNode`, `SimplifyArithmeticOperations`,
//! ...), applied in TensorFlow's order: the pattern for the op's type first, then the
//! patterns for any op in their registration order.

use smallvec::SmallVec;

use crate::ir::{NamedAttr, OpId, TypeId, ValueId};

use super::constant_folding::{Options, Rewriter};
use super::op_kinds::OpKind;
use super::eval::{self, AttrVal};
use super::tensor::{num_elements, DType, Splat, Tensor};

/// Which kind a pattern is (`pattern-category`: 0 all, 1 folders, 2 propagators).
#[derive(Clone, Copy, PartialEq)]
pub enum Cat {
    Folder,
    Propagation,
    Both,
}

pub type Pattern = fn(&mut Rewriter, OpId) -> bool;

/// The op types a pattern of [`ANY_OP`] can match at all: the test of the op type it
/// starts with (the pattern makes that test itself too; this lets the driver skip it
/// without string work).
enum Guard {
    /// Any op type.
    Any,
    /// One of these op types.
    Types(&'static [&'static str]),
    /// An op type `EvaluateConstant` may fold (see [`foldable_type`]).
    Foldable,
}

const REDUCTIONS: &[&str] = &["Sum", "Prod", "Min", "Max", "Mean", "Any", "All", "EuclideanNorm"];

/// The patterns for any op, in TensorFlow's registration order.
pub const ANY_OP: &[(Pattern, Cat)] = &[
    (materialize_reduction_indices, Cat::Propagation),
    (partial_const_prop_through_identity_n, Cat::Propagation),
    (constant_push_down, Cat::Both),
    (mul_conv_push_down, Cat::Both),
    (constant_push_down_bias_add, Cat::Both),
    (constant_push_down_add, Cat::Both),
    (evaluate_constant, Cat::Folder),
    (partial_concat_const_folding, Cat::Folder),
    (partial_assoc_op_const_folding, Cat::Folder),
    (simplify_arithmetic, Cat::Both),
    (reduce_div_to_reciprocal_mul, Cat::Folder),
    (simplify_reshape, Cat::Folder),
    (simplify_reduction, Cat::Folder),
    (materialize_constant_valued_node, Cat::Folder),
];

/// The op types each pattern of [`ANY_OP`] can match (same order).
const ANY_OP_GUARDS: &[Guard] = &[
    Guard::Types(REDUCTIONS),
    Guard::Any,
    Guard::Types(&["Add", "AddV2", "Mul", "Sub", "Div"]),
    Guard::Types(&["Mul", "MulNoNan"]),
    Guard::Types(&["BiasAdd", "BiasAddV1"]),
    Guard::Types(&["Add", "AddV2"]),
    Guard::Foldable,
    Guard::Types(&["ConcatV2", "Concat"]),
    Guard::Types(&["AddN", "AccumulateNV2"]),
    Guard::Types(&[
        "Mul",
        "MulNoNan",
        "LogicalAnd",
        "MatMul",
        "BatchMatMul",
        "BatchMatMulV2",
        "BatchMatMulV3",
        "SparseMatMul",
        "QuantizedMatMul",
        "LogicalOr",
        "Add",
        "AddV2",
        "BiasAdd",
        "BiasAddV1",
        "Sub",
        "Div",
        "RealDiv",
        "Xdivy",
        "TruncateDiv",
    ]),
    Guard::Types(&["Div", "Xdivy", "RealDiv"]),
    Guard::Types(&["Reshape"]),
    Guard::Types(REDUCTIONS),
    Guard::Types(&["ZerosLike", "OnesLike"]),
];

const _: () = assert!(ANY_OP.len() == ANY_OP_GUARDS.len() && ANY_OP.len() <= 32);

/// The pattern rooted on an op type.
fn specific(ty: &str) -> Option<(Pattern, Cat)> {
    Some(match ty {
        "BroadcastGradientArgs" => (materialize_broadcast_gradient_args, Cat::Propagation),
        "ShapeN" => (materialize_shape_n, Cat::Folder),
        "Switch" => (simplify_switch, Cat::Propagation),
        "Merge" | "RefMerge" | "XlaMerge" => (merge_node_folding, Cat::Propagation),
        "Enter" | "RefEnter" => (move_constants_past_enter, Cat::Propagation),
        "ReverseV2" => (remove_reverse, Cat::Folder),
        "StridedSlice" => (simplify_strided_slice, Cat::Folder),
        "Tile" => (simplify_tile, Cat::Folder),
        "Squeeze" => (simplify_squeeze, Cat::Folder),
        "Slice" => (simplify_slice, Cat::Folder),
        "Transpose" | "Shuffle" => (remove_transpose, Cat::Folder),
        "RandomShuffle" => (remove_random_shuffle, Cat::Folder),
        "Pack" => (simplify_pack, Cat::Folder),
        "Pad" | "PadV2" => (simplify_pad, Cat::Folder),
        "Split" => (remove_split, Cat::Folder),
        "SplitV" => (remove_split_v, Cat::Folder),
        "Fill" => (materialize_fill, Cat::Folder),
        "Shape" => (materialize_shape, Cat::Folder),
        "Rank" => (materialize_rank, Cat::Folder),
        "Size" => (materialize_size, Cat::Folder),
        "TensorArraySizeV3" => (materialize_tensor_array_size, Cat::Folder),
        "ConcatV2" => (merge_concat, Cat::Folder),
        "Case" => (simplify_case, Cat::Folder),
        "Select" | "SelectV2" => (simplify_select, Cat::Folder),
        _ => return None,
    })
}

/// What the driver needs to know about ops named `name` (looked up once per name and run,
/// see [`OpKinds`](super::op_kinds::OpKinds)).
pub fn classify(name: &str, opts: &Options) -> OpKind {
    let ty = name.strip_prefix("tfg.").unwrap_or(name);
    let is_const = matches!(name, "tfg.Const" | "tfg.HostConst");
    let foldable = foldable_type(ty, opts);
    let mut any_mask = 0u32;
    for (i, g) in ANY_OP_GUARDS.iter().enumerate() {
        let may = match g {
            Guard::Any => true,
            Guard::Types(types) => types.contains(&ty),
            // `EvaluateConstant` skips Switch (it has its own pattern).
            Guard::Foldable => !is_const && ty != "Switch" && foldable,
        };
        if may {
            any_mask |= 1 << i;
        }
    }
    OpKind {
        tfg: name.starts_with("tfg."),
        is_const,
        terminator: matches!(name, "tfg.return" | "tfg.yield" | "tfg.condition"),
        is_return: name == "tfg.return",
        is_identity_n: ty == "IdentityN",
        foldable,
        specific: specific(ty),
        any_mask,
    }
}

fn enabled(rw: &Rewriter, cat: Cat) -> bool {
    match rw.opts.pattern_category {
        1 => cat != Cat::Propagation,
        2 => cat != Cat::Folder,
        _ => true,
    }
}

/// Applies the first pattern that matches `op`; returns whether one did.
pub fn apply(rw: &mut Rewriter, op: OpId) -> bool {
    let kind = rw.kind(op);
    if !kind.tfg || rw.m.body.results(op).is_empty() {
        return false;
    }
    if let Some((p, cat)) = kind.specific {
        if enabled(rw, cat) && p(rw, op) {
            return true;
        }
    }
    for (i, &(p, cat)) in ANY_OP.iter().enumerate() {
        if kind.any_mask & (1 << i) != 0 && enabled(rw, cat) && p(rw, op) {
            return true;
        }
    }
    false
}

// ---------------------------------------------------------------- op categories

fn is_add(rw: &Rewriter, op: OpId) -> bool {
    match rw.op_type(op) {
        "AddV2" => true,
        "Add" => !rw.type_attr(op, "T").is_some_and(|t| is_string(rw, t)),
        _ => false,
    }
}

fn is_string(rw: &Rewriter, t: TypeId) -> bool {
    matches!(rw.m.ctx.type_data(rw.m.ctx.resolved_type(t)), crate::ir::types::TypeData::TfSimple(s) if rw.m.ctx.str(*s) == "string")
}

fn is_reduction(ty: &str) -> bool {
    REDUCTIONS.contains(&ty)
}

fn is_identity_n_single_input(rw: &Rewriter, op: OpId) -> bool {
    rw.op_type(op) == "IdentityN" && rw.data_operands(op).len() == 1
}

/// `IsZeros`/`IsOnes`: a Const (or ZerosLike/OnesLike) whose every element is `v`.
fn is_all(rw: &mut Rewriter, op: OpId, v: f64) -> bool {
    match rw.op_type(op) {
        "ZerosLike" => return v == 0.0,
        "OnesLike" => return v == 1.0,
        _ => {}
    }
    if !rw.is_const(op) {
        return false;
    }
    rw.const_all_equal(op, v)
}

fn is_zeros(rw: &mut Rewriter, op: OpId) -> bool {
    is_all(rw, op, 0.0)
}

fn is_ones(rw: &mut Rewriter, op: OpId) -> bool {
    is_all(rw, op, 1.0)
}

/// The integer elements of a Const's value.
fn const_ints(rw: &Rewriter, op: OpId) -> Option<Vec<i64>> {
    if !rw.is_const(op) {
        return None;
    }
    Some(rw.const_value(op)?.to_ints())
}

fn static_shape_of_type(rw: &Rewriter, t: TypeId) -> Option<Vec<i64>> {
    rw.shape_of_type(t).filter(|s| s.iter().all(|&d| d >= 0))
}

fn first_result_type(rw: &Rewriter, op: OpId) -> TypeId {
    rw.value_type(rw.result(op, 0))
}

// ---------------------------------------------------------------- replacements

/// `ReplaceOpWithIdentity`: an Identity of operand `idx`, the other data operands as
/// control dependencies, then the op's control operands; name and device kept.
fn replace_with_identity(rw: &mut Rewriter, op: OpId, idx: usize) -> bool {
    let data = rw.data_operands(op);
    let Some(&kept) = data.get(idx) else { return false };
    let t = rw.data_type_of(op);
    let ta = rw.type_attr_of(t);
    let mut controls: SmallVec<[ValueId; 4]> = SmallVec::new();
    for &v in &data {
        if v != kept {
            let c = rw.control_dep(v);
            controls.push(c);
        }
    }
    controls.extend(rw.control_operands(op));
    let ty = rw.value_type(kept);
    let t_sym = rw.m.ctx.sym("T");
    let new = rw.create("Identity", &[kept], &controls, vec![NamedAttr::new(t_sym, ta)], &[ty], op);
    rw.copy_name_device(op, new);
    finish_replace(rw, op, new)
}

/// Replaces `op`'s results by `new`'s when their counts match.
fn finish_replace(rw: &mut Rewriter, op: OpId, new: OpId) -> bool {
    if rw.m.body.results(op).len() != rw.m.body.results(new).len() {
        // Counts differ (a malformed op): keep the original, drop the new op.
        rw.erase(new);
        return false;
    }
    rw.replace_with_op(op, new);
    true
}

/// `ReplaceOpWithConstantTensor`: a Const of `value` with control dependencies on the
/// producers of the op's data operands, the op's other attributes, name and device.
fn replace_with_constant_tensor(rw: &mut Rewriter, op: OpId, value: crate::ir::AttrId, exclude: &[&str]) -> bool {
    let data = rw.data_operands(op);
    let controls: SmallVec<[ValueId; 4]> = data.iter().map(|&v| rw.lookup_control(v)).collect();
    let attrs: Vec<NamedAttr> = rw.all_attrs(op).into_iter().filter(|a| !exclude.contains(&rw.m.ctx.str(a.name))).collect();
    let Some(ty) = rw.attr_type(value) else { return false };
    let Some(c) = rw.create_const("", ty, &controls, value, &attrs, op) else { return false };
    rw.copy_name_device(op, c);
    finish_replace(rw, op, c)
}

/// `ReplaceOperationWithConstant`: a splat of `v` in the op's result shape.
fn replace_with_splat(rw: &mut Rewriter, op: OpId, v: f64) -> bool {
    let Some(shape) = static_shape_of_type(rw, first_result_type(rw, op)) else { return false };
    let dt_ty = rw.data_type_of(op);
    let Some(dt) = DType::of(&rw.m.ctx, dt_ty) else { return false };
    let value = Tensor::splat_attr(&mut rw.m.ctx, dt, shape, v);
    replace_with_constant_tensor(rw, op, value, &[])
}

/// `ReplaceOperationWithSnapshot`: a Snapshot of operand `idx`.
fn replace_with_snapshot(rw: &mut Rewriter, op: OpId, idx: usize) -> bool {
    let data = rw.data_operands(op);
    let Some(&kept) = data.get(idx) else { return false };
    let mut attrs = rw.non_regular_attrs(op);
    let t = rw.data_type_of(op);
    let ta = rw.type_attr_of(t);
    rw.set_in(&mut attrs, "T", ta);
    let mut controls: SmallVec<[ValueId; 4]> = data.iter().enumerate().filter(|&(i, _)| i != idx).map(|(_, &v)| rw.lookup_control(v)).collect();
    controls.extend(rw.control_operands(op));
    let types: SmallVec<[TypeId; 2]> = rw.data_results(op).iter().map(|&r| rw.value_type(r)).collect();
    let new = rw.create("Snapshot", &[kept], &controls, attrs, &types, op);
    rw.copy_name_device(op, new);
    finish_replace(rw, op, new)
}

/// `ReplaceOperationWithBroadcastTo`: BroadcastTo(operand idx, the result's shape).
fn replace_with_broadcast_to(rw: &mut Rewriter, op: OpId, idx: usize) -> bool {
    let res_ty = first_result_type(rw, op);
    let Some(shape) = static_shape_of_type(rw, res_ty) else { return false };
    let shape_t = Tensor::ints(DType::i32(), vec![shape.len() as i64], shape);
    let value = rw.dense(&shape_t);
    let data = rw.data_operands(op);
    let mut controls: SmallVec<[ValueId; 4]> = SmallVec::new();
    for (i, &v) in data.iter().enumerate() {
        if i == idx || controls.contains(&v) {
            continue;
        }
        let c = rw.control_dep(v);
        controls.push(c);
    }
    let name = format!("{}/broadcastto_shape_{}", rw.name(op), idx);
    let Some(vty) = rw.attr_type(value) else { return false };
    let Some(c) = rw.create_const(&name, vty, &controls, value, &[], op) else { return false };
    let device = rw.device(op);
    if !device.is_empty() {
        rw.set_device(c, &device);
    }
    let mut attrs = rw.non_regular_attrs(op);
    let t = rw.data_type_of(op);
    let ta = rw.type_attr_of(t);
    rw.set_in(&mut attrs, "T", ta);
    let i32t = DType::i32().type_id(&mut rw.m.ctx);
    let tidx = rw.type_attr_of(i32t);
    rw.set_in(&mut attrs, "Tidx", tidx);
    let cval = rw.result(c, 0);
    let types: SmallVec<[TypeId; 2]> = rw.data_results(op).iter().map(|&r| rw.value_type(r)).collect();
    let new = rw.create("BroadcastTo", &[data[idx], cval], &controls, attrs, &types, op);
    rw.copy_name_device(op, new);
    finish_replace(rw, op, new)
}

/// Creates a node `op_name` like `op` (its attributes and result types) on `operands`.
fn recreate(rw: &mut Rewriter, op: OpId, op_name: &str, operands: &[ValueId], controls: &[ValueId], attrs: Vec<NamedAttr>) -> OpId {
    let types: SmallVec<[TypeId; 2]> = rw.data_results(op).iter().map(|&r| rw.value_type(r)).collect();
    rw.create(op_name, operands, controls, attrs, &types, op)
}

// ---------------------------------------------------------------- folders

/// `EvaluateConstant`: an op whose data operands are all constants becomes Const nodes.
fn evaluate_constant(rw: &mut Rewriter, op: OpId) -> bool {
    if !is_foldable(rw, op) || rw.op_type(op) == "Switch" || rw.m.body.attr(op, rw.attr_syms.has_folded).is_some() {
        return false;
    }
    let results = rw.data_results(op);
    if results.len() > 1 && results.iter().all(|&r| !rw.m.body.has_uses(r)) {
        return false;
    }
    let data = rw.data_operands(op);
    // Each input as its elements, or (a splat over `max-constant-bytes`) as its one element.
    let mut inputs: Vec<Result<Tensor, Splat>> = Vec::with_capacity(data.len());
    for &v in &data {
        let Some(d) = rw.m.body.defining_op(v).filter(|&d| rw.is_const(d)) else { return false };
        match rw.const_value(d) {
            Some(t) => inputs.push(Ok(t)),
            None => match rw.const_splat(d) {
                Some(s) => inputs.push(Err(s)),
                None => return false,
            },
        }
    }
    let ty = rw.op_type(op).to_string();
    let result_types: Vec<Option<DType>> =
        results.iter().map(|&r| rw.elem_type(rw.value_type(r)).and_then(|e| DType::of(&rw.m.ctx, e))).collect();
    let values: Vec<(crate::ir::AttrId, TypeId)> = if inputs.iter().any(|x| x.is_err()) {
        let Some(s) = evaluate_splat(rw, op, &ty, &inputs, &result_types) else { return false };
        if results.len() != 1 {
            return false;
        }
        vec![(s.to_attr(&mut rw.m.ctx), s.type_id(&mut rw.m.ctx))]
    } else {
        let inputs: Vec<Tensor> = inputs.into_iter().filter_map(Result::ok).collect();
        let Some(outputs) = eval_op(rw, op, &ty, &inputs, &result_types) else { return false };
        if outputs.len() != results.len() {
            return false;
        }
        // The size rule of `IsFoldableUncached` again on what was computed, for results whose
        // declared type had no static shape to check it on (chains of Concat or Tile would
        // otherwise grow without bound).
        let input_bytes: i64 = inputs.iter().map(|t| t.len() as i64 * t.dtype.size_bytes()).sum();
        if outputs.iter().any(|t| {
            let b = t.len() as i64 * t.dtype.size_bytes();
            b > input_bytes && b > MAX_CONSTANT_SIZE
        }) {
            return false;
        }
        outputs.iter().map(|t| (rw.dense(t), t.type_id(&mut rw.m.ctx))).collect()
    };
    let mut controls: SmallVec<[ValueId; 4]> = data.iter().map(|&v| rw.lookup_control(v)).collect();
    controls.extend(rw.control_operands(op));
    let name = rw.name(op);
    let device = rw.device(op);
    let name_sym = rw.m.ctx.sym(crate::ir::module::NODE_NAME);
    let name_attr = rw.m.op_attr(op, crate::ir::module::NODE_NAME);
    let mut consts = Vec::with_capacity(values.len());
    for (i, &(value, vty)) in values.iter().enumerate() {
        let other: Vec<NamedAttr> = name_attr.map(|v| NamedAttr::new(name_sym, v)).into_iter().collect();
        let Some(c) = rw.create_const(&format!("{}/eval_{}", name, i), vty, &controls, value, &other, op) else {
            for c in consts {
                rw.erase(c);
            }
            return false;
        };
        if !device.is_empty() {
            rw.set_device(c, &device);
        }
        consts.push(c);
    }
    if consts.len() == 1 {
        rw.set_name(consts[0], &name);
        rw.replace_with_op(op, consts[0]);
    } else {
        for (i, &c) in consts.iter().enumerate() {
            let (from, to) = (results[i], rw.result(c, 0));
            rw.push_users(from);
            rw.m.body.replace_all_uses(from, to);
        }
        let ctl = rw.ctl(op);
        if !rw.m.body.has_uses(ctl) {
            rw.erase(op);
        } else {
            let sym = rw.m.ctx.sym("has_folded");
            let t = rw.m.ctx.attr(crate::ir::attrs::AttrData::Bool(true));
            rw.m.body.set_attr(op, sym, t);
            rw.folded.push(op);
        }
    }
    true
}

/// Runs the evaluator on `op` (of type `ty`) with `inputs`.
fn eval_op(rw: &Rewriter, op: OpId, ty: &str, inputs: &[Tensor], result_types: &[Option<DType>]) -> Option<Vec<Tensor>> {
    let m = &*rw.m;
    let lookup = |name: &str| -> Option<AttrVal> {
        let a = m.ctx.resolved_attr(m.op_attr(op, name)?);
        match m.ctx.attr_data(a) {
            crate::ir::attrs::AttrData::Type(t) => DType::of(&m.ctx, *t).map(AttrVal::Type),
            crate::ir::attrs::AttrData::Bool(b) => Some(AttrVal::Bool(*b)),
            crate::ir::attrs::AttrData::Int { .. } => m.ctx.int_value(a).map(|v| AttrVal::Int(v as i64)),
            crate::ir::attrs::AttrData::String { .. } => {
                m.ctx.string_value(a).map(|b| AttrVal::Str(String::from_utf8_lossy(&b).into_owned()))
            }
            crate::ir::attrs::AttrData::Array(items) => {
                let v: Vec<String> = items.iter().filter_map(|&x| m.ctx.int_value(x)).map(|v| v.to_string()).collect();
                Some(AttrVal::Str(v.join(",")))
            }
            _ => None,
        }
    };
    eval::evaluate(ty, &lookup, inputs, result_types)
}

/// `EvaluateConstant` with an input that is a splat too large to expand (over
/// `max-constant-bytes`): an op whose result is a splat when its inputs are (an elementwise
/// op of splats, an op that only moves the elements of one) is evaluated on the one element
/// and gives a splat of its result shape; for anything else `None` (the op stays).
fn evaluate_splat(rw: &Rewriter, op: OpId, ty: &str, inputs: &[Result<Tensor, Splat>], result_types: &[Option<DType>]) -> Option<Splat> {
    let splat = |x: &Result<Tensor, Splat>| -> Option<Splat> {
        match x {
            Err(s) => Some(s.clone()),
            Ok(t) => t.as_splat(),
        }
    };
    let scalar_of = |ty: &str, xs: &[Splat]| -> Option<Tensor> {
        let scalars: Vec<Tensor> = xs.iter().map(|s| s.scalar.clone()).collect();
        let mut out = eval_op(rw, op, ty, &scalars, result_types)?;
        (out.len() == 1 && out[0].len() == 1 && out[0].shape.is_empty()).then(|| out.remove(0))
    };
    match ty {
        // EnsureShape's check is left to run.
        _ if eval::is_elementwise_unary(ty)
            || (crate::dialect::traits::forwards_input(ty) && ty != "EnsureShape")
            || ty == "Cast" =>
        {
            let [x] = inputs else { return None };
            let x = splat(x)?;
            Some(Splat { scalar: scalar_of(ty, std::slice::from_ref(&x))?, shape: x.shape })
        }
        _ if eval::is_elementwise_binary(ty) => {
            let [a, b] = inputs else { return None };
            let (a, b) = (splat(a)?, splat(b)?);
            let shape = eval::broadcast_shapes(&a.shape, &b.shape)?;
            Some(Splat { scalar: scalar_of(ty, &[a, b])?, shape })
        }
        // Ops that only move or repeat elements: the declared result type gives the shape,
        // checked against the input's.
        "Reshape" | "ExpandDims" | "Squeeze" | "Transpose" | "BroadcastTo" | "Tile" => {
            let x = splat(inputs.first()?)?;
            let out = static_shape_of_type(rw, first_result_type(rw, op))?;
            let dt = result_types.first().copied().flatten()?;
            if dt != x.scalar.dtype {
                return None;
            }
            let same_count = || checked_count(&out).is_some_and(|n| Some(n) == checked_count(&x.shape));
            let ok = match ty {
                "Reshape" | "ExpandDims" | "Squeeze" => same_count(),
                "Transpose" => {
                    let mut a = x.shape.clone();
                    let mut b = out.clone();
                    a.sort_unstable();
                    b.sort_unstable();
                    a == b
                }
                "Tile" => out.len() == x.shape.len() && out.iter().zip(&x.shape).all(|(&o, &i)| i > 0 && o % i == 0),
                _ => out.len() >= x.shape.len() && x.shape.iter().rev().zip(out.iter().rev()).all(|(&i, &o)| i == o || i == 1),
            };
            ok.then_some(Splat { shape: out, scalar: x.scalar })
        }
        _ => None,
    }
}

/// The number of elements of a static shape, `None` when it overflows `i64`.
fn checked_count(shape: &[i64]) -> Option<i64> {
    shape.iter().try_fold(1i64, |a, &d| if d < 0 { None } else { a.checked_mul(d) })
}

/// Constants larger than this (bytes) are only made when their inputs were as large
/// (`kMaxConstantSize`).
const MAX_CONSTANT_SIZE: i64 = 100 * 1024;

/// `OpPropertyHelper::IsFoldable`.
fn is_foldable(rw: &Rewriter, op: OpId) -> bool {
    // The tests of the op type alone, made once per type (see `classify`).
    let kind = rw.kind(op);
    if kind.is_const || !kind.foldable {
        return false;
    }
    is_foldable_node(rw, op)
}

/// The tests of `IsFoldable` that depend only on the op type (not on Const, tested apart).
fn foldable_type(ty: &str, opts: &Options) -> bool {
    if matches!(ty, "Placeholder" | "PlaceholderWithDefault" | "PlaceholderV2" | "FakeParam" | "Enter" | "RefEnter" | "Exit" | "RefExit" | "NextIteration" | "RefNextIteration" | "AccumulateNV2" | "LoopCond")
    {
        return false;
    }
    if ty.to_ascii_lowercase().contains("inplace") {
        return false;
    }
    if ty.starts_with("Restore") || ty.contains("Save") || ty.contains("Reader") || ty.contains("Quantized") || ty.starts_with("Sparse") {
        return false;
    }
    if !opts.fold_quantization_emulation && ty.starts_with("FakeQuant") {
        return false;
    }
    if opts.disable_compressed_tensor_optimization && matches!(ty, "Fill" | "ZerosLike" | "OnesLike") {
        return false;
    }
    true
}

/// The tests of `IsFoldable` on the node itself, for an op whose type passed
/// [`foldable_type`] and that is not a Const. They are all read-only, so they are made
/// cheapest (and most often failing) first: inputs that are not all constants rule most
/// ops out before any attribute is read.
fn is_foldable_node(rw: &Rewriter, op: OpId) -> bool {
    if rw.data_results(op).is_empty() {
        return false;
    }
    let data = rw.data_operands(op);
    if data.is_empty() {
        return false;
    }
    let is_merge = matches!(rw.op_type(op), "Merge" | "RefMerge" | "XlaMerge");
    let dtype = rw.attr_syms.dtype;
    let mut merge_has_constant_input = false;
    for &v in &data {
        match rw.m.body.defining_op(v).filter(|&d| rw.is_const(d)) {
            Some(d) => {
                let Some(dt) = rw.type_attr_sym(d, dtype) else { return false };
                if is_string(rw, dt) {
                    return false;
                }
                merge_has_constant_input |= rw.control_operands(d).is_empty();
            }
            None if !is_merge => return false,
            None => {}
        }
    }
    if is_merge && !merge_has_constant_input {
        return false;
    }
    if rw.should_preserve(op) {
        return false;
    }
    if rw.m.body.attr(op, rw.attr_syms.in_place).is_some() || rw.m.body.attr(op, rw.attr_syms.inplace).is_some() {
        return false;
    }
    if rw.m.body.attrs(op).iter().any(|a| rw.m.ctx.str(a.name).contains("_tpu_")) {
        return false;
    }
    let bytes = |v: ValueId| -> Option<Option<i64>> {
        let t = rw.value_type(v);
        let Some(shape) = static_shape_of_type(rw, t) else { return Some(None) };
        let dt = DType::of(&rw.m.ctx, rw.elem_type(t)?)?;
        Some(Some(num_elements(&shape).saturating_mul(dt.size_bytes())))
    };
    let mut input_bytes = 0;
    for &v in &data {
        match bytes(v) {
            Some(Some(b)) => input_bytes += b,
            Some(None) => {}
            None => return false,
        }
    }
    for r in rw.data_results(op) {
        match bytes(r) {
            Some(Some(b)) if b > input_bytes && b > MAX_CONSTANT_SIZE => return false,
            Some(_) => {}
            None => return false,
        }
    }
    true
}

/// `MaterializeShapeOp`.
fn materialize_shape(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(input) = rw.operand(op, 0) else { return false };
    let Some(shape) = rw.static_shape(input) else { return false };
    if shape.first() == Some(&0) {
        return false;
    }
    let Some(elem) = rw.elem_type(first_result_type(rw, op)) else { return false };
    let Some(dt) = DType::of(&rw.m.ctx, elem).filter(|d| matches!(d, DType::Int { .. })) else { return false };
    let t = Tensor::ints(dt, vec![shape.len() as i64], shape);
    materialize_with(rw, op, input, &t)
}

/// `MaterializeSizeOp`.
fn materialize_size(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(input) = rw.operand(op, 0) else { return false };
    let Some(shape) = rw.static_shape(input) else { return false };
    let Some(elem) = rw.elem_type(first_result_type(rw, op)) else { return false };
    let Some(dt) = DType::of(&rw.m.ctx, elem).filter(|d| *d != DType::Bool) else { return false };
    let t = Tensor::ints(dt, vec![], vec![num_elements(&shape)]);
    materialize_with(rw, op, input, &t)
}

/// `MaterializeRankOp`.
fn materialize_rank(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(input) = rw.operand(op, 0) else { return false };
    let Some(shape) = rw.shape_of(input) else { return false };
    let Some(elem) = rw.elem_type(first_result_type(rw, op)) else { return false };
    let Some(dt) = DType::of(&rw.m.ctx, elem).filter(|d| *d != DType::Bool) else { return false };
    let t = Tensor::ints(dt, vec![], vec![shape.len() as i64]);
    materialize_with(rw, op, input, &t)
}

/// A Const of `t` replacing `op`, controlled by `input`'s producer, with `op`'s attributes.
fn materialize_with(rw: &mut Rewriter, op: OpId, input: ValueId, t: &Tensor) -> bool {
    let value = rw.dense(t);
    let vty = t.type_id(&mut rw.m.ctx);
    let ctl = rw.control_dep(input);
    let attrs = rw.all_attrs(op);
    let Some(c) = rw.create_const("", vty, &[ctl], value, &attrs, op) else { return false };
    let name = rw.name(op);
    rw.set_name(c, &name);
    finish_replace(rw, op, c)
}

/// `MaterializeTensorArraySizeV3Op`.
fn materialize_tensor_array_size(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(handle) = rw.operand_op(op, 0) else { return false };
    if rw.m.body.num_operands(handle) == 0 || rw.bool_attr(handle, "dynamic_size") == Some(true) {
        return false;
    }
    let Some(size_op) = rw.operand_op(handle, 0).filter(|&s| rw.is_const(s)) else { return false };
    let Some(t) = rw.const_value(size_op) else { return false };
    if t.dtype != DType::i32() || t.is_empty() || !t.all_equal_to(t.float_at(0)) || t.int_at(0) == 0 {
        return false;
    }
    let Some(value) = rw.const_attr(size_op) else { return false };
    let Some(flow) = rw.operand(op, 1) else { return false };
    let controls = [rw.ctl(handle), rw.control_dep(flow)];
    let Some(vty) = rw.attr_type(value) else { return false };
    let attrs = rw.all_attrs(op);
    let Some(c) = rw.create_const("", vty, &controls, value, &attrs, op) else { return false };
    let name = rw.name(op);
    rw.set_name(c, &name);
    finish_replace(rw, op, c)
}

/// `MaterializeShapeNOp`.
fn materialize_shape_n(rw: &mut Rewriter, op: OpId) -> bool {
    let data = rw.data_operands(op);
    let results = rw.data_results(op);
    let mut changed = false;
    for (i, &v) in data.iter().enumerate() {
        let Some(shape) = rw.static_shape(v) else { continue };
        let Some(&r) = results.get(i) else { continue };
        if !rw.m.body.has_uses(r) {
            continue;
        }
        let t = Tensor::ints(DType::i32(), vec![shape.len() as i64], shape);
        let value = rw.dense(&t);
        let ty = first_result_type(rw, op);
        let name = rw.name(op);
        let ctl = rw.ctl(op);
        let Some(c) = rw.create_const(&name, ty, &[ctl], value, &[], op) else { return changed };
        rw.set_name(c, &format!("{}/matshapes_{}", name, i));
        let device = rw.device(op);
        if !device.is_empty() {
            rw.set_device(c, &device);
        }
        let cv = rw.result(c, 0);
        rw.replace_uses_except(r, cv, None);
        changed = true;
    }
    changed
}

/// `MaterializeBroadcastGradientArgsOp`.
fn materialize_broadcast_gradient_args(rw: &mut Rewriter, op: OpId) -> bool {
    let (Some(s0), Some(s1)) = (rw.operand_op(op, 0), rw.operand_op(op, 1)) else { return false };
    let ok = |rw: &Rewriter, o: OpId| rw.op_type(o) == "Shape" || rw.is_const(o);
    if !ok(rw, s0) || !ok(rw, s1) {
        return false;
    }
    let results = rw.data_results(op);
    if results.len() < 2 || !rw.m.body.has_uses(results[0]) || !rw.m.body.has_uses(results[1]) {
        return false;
    }
    let get_shape = |rw: &Rewriter, o: OpId| -> Option<Vec<i64>> {
        if rw.op_type(o) == "Shape" {
            rw.shape_of(rw.operand(o, 0)?)
        } else {
            let t = rw.const_value(o)?;
            (t.dtype == DType::i32() || t.dtype == DType::i64()).then(|| t.to_ints())
        }
    };
    let (Some(a), Some(b)) = (get_shape(rw, s0), get_shape(rw, s1)) else { return false };
    let common = a.len().min(b.len());
    if (0..common).any(|i| a[i] < 0 || b[i] < 0) || a[common..].iter().any(|&d| d < 0) || b[common..].iter().any(|&d| d < 0) {
        return false;
    }
    let (ra, rb) = if a == b { (vec![], vec![]) } else {
        match eval::broadcast_gradient_args(&a, &b) {
            Some(r) => r,
            None => return false,
        }
    };
    let Some(t) = rw.type_attr(op, "T") else { return false };
    let Some(dt) = DType::of(&rw.m.ctx, t) else { return false };
    let name = rw.name(op);
    let device = rw.device(op);
    let ctl = rw.ctl(op);
    let mut consts = Vec::new();
    for (j, dims) in [ra, rb].into_iter().enumerate() {
        let tensor = Tensor::ints(dt, vec![dims.len() as i64], dims);
        let value = rw.dense(&tensor);
        let ty = rw.value_type(results[j]);
        let Some(c) = rw.create_const(&name, ty, &[ctl], value, &[], op) else { return false };
        rw.set_name(c, &format!("{}/bcastargs_{}", name, j));
        if !device.is_empty() {
            rw.set_device(c, &device);
        }
        consts.push(rw.result(c, 0));
    }
    rw.replace_uses_except(results[0], consts[0], None);
    rw.replace_uses_except(results[1], consts[1], None);
    true
}

/// `MaterializeReductionIndices`.
fn materialize_reduction_indices(rw: &mut Rewriter, op: OpId) -> bool {
    if !is_reduction(rw.op_type(op)) {
        return false;
    }
    let Some(indices) = rw.operand_op(op, 1) else { return false };
    if rw.is_const(indices) {
        return false;
    }
    let idx_ty = first_result_type(rw, indices);
    let Some(idx_shape) = rw.shape_of_type(idx_ty) else { return false };
    let Some(idx_elem) = rw.elem_type(idx_ty) else { return false };
    if !rw.is_int_width(idx_elem, 32) && !rw.is_int_width(idx_elem, 64) {
        return false;
    }
    let Some(input) = rw.operand(op, 0) else { return false };
    let Some(in_shape) = rw.shape_of(input) else { return false };
    if in_shape.is_empty() {
        return false;
    }
    let out_rank = rw.shape_of(rw.result(op, 0)).map(|s| s.len() as i64).unwrap_or(-1);
    let idx_static = idx_shape.iter().all(|&d| d >= 0);
    let mut full = out_rank == 0 || (idx_static && num_elements(&idx_shape) == in_shape.len() as i64);
    if !full {
        let users: Vec<OpId> = rw.m.body.uses(rw.result(op, 0)).map(|u| u.op).collect();
        for u in users {
            if rw.op_type(u) != "Reshape" {
                return false;
            }
            match rw.static_shape(rw.result(u, 0)) {
                Some(s) if num_elements(&s) == 1 => full = true,
                _ => return false,
            }
        }
        if !full {
            return false;
        }
    }
    let Some(dt) = DType::of(&rw.m.ctx, idx_elem) else { return false };
    let rank = in_shape.len() as i64;
    let t = Tensor::ints(dt, vec![rank], (0..rank).collect());
    let value = rw.dense(&t);
    let vty = t.type_id(&mut rw.m.ctx);
    let name = format!("{}/indices", rw.name(op));
    let ctl = rw.ctl(indices);
    let Some(c) = rw.create_const(&name, vty, &[ctl], value, &[], indices) else { return false };
    let device = rw.device(op);
    if rw.device_attr(op).is_some() {
        rw.set_device(c, &device);
    }
    let cv = rw.result(c, 0);
    rw.set_operand(op, 1, cv);
    true
}

/// `MaterializeFillNode`.
fn materialize_fill(rw: &mut Rewriter, op: OpId) -> bool {
    if rw.opts.disable_compressed_tensor_optimization || rw.data_results(op).len() != 1 {
        return false;
    }
    let out_ty = first_result_type(rw, op);
    let Some(shape) = static_shape_of_type(rw, out_ty) else { return false };
    let Some(elem) = rw.elem_type(out_ty) else { return false };
    let Some(dt) = DType::of(&rw.m.ctx, elem) else { return false };
    let (Some(dim), Some(value)) = (rw.operand_op(op, 0), rw.operand_op(op, 1)) else { return false };
    let _ = dim;
    if !rw.is_const(value) {
        return false;
    }
    let Some(v) = rw.const_value(value) else { return false };
    if v.is_empty() {
        return false;
    }
    let x = if dt.is_float() { v.float_at(0) } else { v.int_at(0) as f64 };
    let attr = Tensor::splat_attr(&mut rw.m.ctx, dt, shape, x);
    replace_with_constant_tensor(rw, op, attr, &["T", "index_type"])
}

/// `MaterializeConstantValuedNode`: ZerosLike/OnesLike of a static shape.
fn materialize_constant_valued_node(rw: &mut Rewriter, op: OpId) -> bool {
    if rw.opts.disable_compressed_tensor_optimization || rw.data_results(op).len() != 1 {
        return false;
    }
    let v = match rw.op_type(op) {
        "ZerosLike" => 0.0,
        "OnesLike" => 1.0,
        _ => return false,
    };
    let out_ty = first_result_type(rw, op);
    let Some(shape) = static_shape_of_type(rw, out_ty) else { return false };
    let Some(dt) = rw.elem_type(out_ty).and_then(|e| DType::of(&rw.m.ctx, e)) else { return false };
    let attr = Tensor::splat_attr(&mut rw.m.ctx, dt, shape, v);
    replace_with_constant_tensor(rw, op, attr, &[])
}

/// `MergeNodeFolding`: a Merge with a constant input without control dependencies.
fn merge_node_folding(rw: &mut Rewriter, op: OpId) -> bool {
    let results = rw.data_results(op);
    if results.len() < 2 || results.iter().all(|&r| !rw.m.body.has_uses(r)) {
        return false;
    }
    let data = rw.data_operands(op);
    let idx = 0;
    for &v in &data {
        let Some(d) = rw.m.body.defining_op(v).filter(|&d| rw.is_const(d)) else { continue };
        if !rw.control_operands(d).is_empty() {
            continue;
        }
        let Some(value) = rw.const_attr(d) else { return false };
        let name = rw.name(op);
        let device = rw.device(op);
        let ctl = rw.ctl(op);
        let attrs = rw.all_attrs(op);
        let ty = first_result_type(rw, d);
        let Some(out) = rw.create_const(&name, ty, &[ctl], value, &attrs, op) else { return false };
        rw.set_name(out, &format!("{}/const", name));
        if !device.is_empty() {
            rw.set_device(out, &device);
        }
        // TensorFlow's port numbers the constant inputs it finds (it stops at the first).
        let index = Tensor::ints(DType::i32(), vec![], vec![idx]);
        let iv = rw.dense(&index);
        let i32t = DType::i32().type_id(&mut rw.m.ctx);
        let Some(ic) = rw.create_const(&name, i32t, &[ctl], iv, &[], op) else { return false };
        rw.set_name(ic, &format!("{}/index", name));
        if !device.is_empty() {
            rw.set_device(ic, &device);
        }
        let (ov, icv) = (rw.result(out, 0), rw.result(ic, 0));
        rw.replace_uses_except(results[0], ov, None);
        rw.replace_uses_except(results[1], icv, None);
        return true;
    }
    false
}

/// `RemoveSplitOp` / `RemoveSplitVOp`.
fn remove_split(rw: &mut Rewriter, op: OpId) -> bool {
    rw.int_attr(op, "num_split") == Some(1) && replace_with_identity(rw, op, 1)
}

fn remove_split_v(rw: &mut Rewriter, op: OpId) -> bool {
    rw.int_attr(op, "num_split") == Some(1) && replace_with_identity(rw, op, 0)
}

/// `RemoveTransposeOp` / `RemoveShuffleOp`: a permutation that only moves size-1 dims.
fn remove_transpose(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(perm) = rw.operand_op(op, 1).and_then(|p| const_ints(rw, p)) else { return false };
    let Some(x) = rw.operand(op, 0).and_then(|v| rw.shape_of(v)) else { return false };
    if perm.len() != x.len() {
        return false;
    }
    if (0..x.len()).any(|i| perm[i] != i as i64 && x[i] != 1) {
        return false;
    }
    replace_with_identity(rw, op, 0)
}

/// `RemoveRandomShuffleOp`: shuffling a scalar or a single row.
fn remove_random_shuffle(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(x) = rw.operand(op, 0).and_then(|v| rw.shape_of(v)) else { return false };
    if !x.is_empty() && x[0] != 1 {
        return false;
    }
    replace_with_identity(rw, op, 0)
}

/// `RemoveReverse`: reversing only size-1 dims.
fn remove_reverse(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(x) = rw.operand(op, 0).and_then(|v| rw.shape_of(v)) else { return false };
    let Some(axes) = rw.operand_op(op, 1).and_then(|p| const_ints(rw, p)) else { return false };
    let rank = x.len() as i64;
    if rank == 0 {
        return false;
    }
    let targets: Vec<i64> = axes.iter().map(|&a| (a + rank) % rank).collect();
    if (0..rank).any(|i| x[i as usize] != 1 && targets.contains(&i)) {
        return false;
    }
    replace_with_identity(rw, op, 0)
}

/// `SimplifySliceOp`: a slice of everything.
fn simplify_slice(rw: &mut Rewriter, op: OpId) -> bool {
    let (Some(b), Some(s)) = (rw.operand_op(op, 1), rw.operand_op(op, 2)) else { return false };
    let (Some(begin), Some(size)) = (const_ints(rw, b), const_ints(rw, s)) else { return false };
    let Some(x) = rw.operand(op, 0).and_then(|v| rw.shape_of(v)) else { return false };
    if begin.len() < x.len() || size.len() < x.len() {
        return false;
    }
    for i in 0..x.len() {
        if begin[i] != 0 || (size[i] != -1 && size[i] != x[i]) {
            return false;
        }
    }
    replace_with_identity(rw, op, 0)
}

/// `SimplifyStridedSlice`: a strided slice of everything.
fn simplify_strided_slice(rw: &mut Rewriter, op: OpId) -> bool {
    if rw.int_attr(op, "new_axis_mask") != Some(0) || rw.int_attr(op, "shrink_axis_mask") != Some(0) {
        return false;
    }
    let (Some(bm), Some(em), Some(ellipsis)) = (rw.int_attr(op, "begin_mask"), rw.int_attr(op, "end_mask"), rw.int_attr(op, "ellipsis_mask")) else {
        return false;
    };
    let Some(x) = rw.operand(op, 0).and_then(|v| rw.static_shape(v)) else { return false };
    let (Some(bo), Some(eo), Some(so)) = (rw.operand_op(op, 1), rw.operand_op(op, 2), rw.operand_op(op, 3)) else { return false };
    let (Some(b), Some(e), Some(s)) = (const_ints(rw, bo), const_ints(rw, eo), const_ints(rw, so)) else { return false };
    let rank = x.len() as i64;
    let n = s.len() as i64;
    let mut expanded: Vec<i64> = Vec::new();
    let mut ellipsis_index = -1i64;
    for i in 0..rank {
        if ellipsis & (1 << i) != 0 || (ellipsis_index == -1 && i >= n) {
            ellipsis_index = i;
        }
        if ellipsis_index != -1 && rank > n + i - ellipsis_index {
            expanded.push(i);
        }
    }
    for i in 0..rank {
        if expanded.contains(&i) {
            continue;
        }
        let mut j = i;
        let k = expanded.len() as i64;
        if ellipsis_index != -1 && i >= ellipsis_index + k {
            j = i - k;
        }
        let ju = j as usize;
        let (Some(&bj), Some(&ej), Some(&sj)) = (b.get(ju), e.get(ju), s.get(ju)) else { return false };
        let (bj, ej, sj) = (bj as i32 as i64, ej as i32 as i64, sj as i32 as i64);
        if !(bm & (1 << j) != 0 || bj == 0) || !(em & (1 << j) != 0 || ej == x[i as usize]) || sj != 1 {
            return false;
        }
    }
    replace_with_identity(rw, op, 0)
}

/// `SimplifyTileOp`: multiples all one.
fn simplify_tile(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(m) = rw.operand_op(op, 1).and_then(|p| const_ints(rw, p)) else { return false };
    if m.iter().any(|&v| v != 1) {
        return false;
    }
    replace_with_identity(rw, op, 0)
}

/// `SimplifyPadOp`: paddings all zero.
fn simplify_pad(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(p) = rw.operand_op(op, 1).and_then(|p| const_ints(rw, p)) else { return false };
    if p.iter().any(|&v| v != 0) {
        return false;
    }
    replace_with_identity(rw, op, 0)
}

/// `SimplifySqueezeOp`: no dimension of size one (or unknown) to squeeze.
fn simplify_squeeze(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(x) = rw.operand(op, 0).and_then(|v| rw.shape_of(v)) else { return false };
    if x.iter().any(|&d| d <= 1) {
        return false;
    }
    replace_with_identity(rw, op, 0)
}

/// `SimplifyPackOp`: Pack of one input becomes ExpandDims.
fn simplify_pack(rw: &mut Rewriter, op: OpId) -> bool {
    let data = rw.data_operands(op);
    if data.len() != 1 {
        return false;
    }
    let v = data[0];
    let vt = rw.value_type(v);
    if !rw.is_tensor_type(vt) || rw.elem_type(vt).is_some_and(|e| {
        matches!(rw.m.ctx.type_data(rw.m.ctx.resolved_type(e)), crate::ir::types::TypeData::TfSimple(s) | crate::ir::types::TypeData::TfWithSubtypes { name: s, .. } if rw.m.ctx.str(*s) == "variant")
    }) {
        return false;
    }
    if matches!(rw.m.body.value(v).def, crate::ir::ValueDef::BlockArg { .. }) {
        return false;
    }
    let axis = rw.int_attr(op, "axis").unwrap_or(0);
    let t = Tensor::ints(DType::i32(), vec![], vec![axis]);
    let value = rw.dense(&t);
    let vty = t.type_id(&mut rw.m.ctx);
    let ctl = rw.control_dep(v);
    let name = rw.name(op);
    let Some(c) = rw.create_const(&name, vty, &[ctl], value, &[], op) else { return false };
    rw.set_name(c, &format!("{}/_const_axis", name));
    let device = rw.device(op);
    if !device.is_empty() {
        rw.set_device(c, &device);
    }
    let mut attrs = rw.all_attrs(op);
    rw.remove_in(&mut attrs, "axis");
    rw.remove_in(&mut attrs, "N");
    let i32t = DType::i32().type_id(&mut rw.m.ctx);
    let tdim = rw.type_attr_of(i32t);
    rw.set_in(&mut attrs, "Tdim", tdim);
    let controls = rw.control_operands(op);
    let cv = rw.result(c, 0);
    let new = recreate(rw, op, "ExpandDims", &[v, cv], &controls, attrs);
    finish_replace(rw, op, new)
}

/// `MoveConstantsPastEnterOp`: a constant Enter's users read a copy of the constant.
fn move_constants_past_enter(rw: &mut Rewriter, op: OpId) -> bool {
    if rw.bool_attr(op, "is_constant") != Some(true) {
        return false;
    }
    let Some(input) = rw.operand_op(op, 0).filter(|&i| rw.is_const(i)) else { return false };
    let r = rw.result(op, 0);
    if !rw.m.body.has_uses(r) {
        return false;
    }
    let Some(value) = rw.attr(input, "value") else { return false };
    let name = rw.name(op);
    let ty = first_result_type(rw, input);
    let ctl = rw.ctl(op);
    let attrs = rw.all_attrs(input);
    let Some(c) = rw.create_const(&name, ty, &[ctl], value, &attrs, op) else { return false };
    rw.set_name(c, &format!("{}/_enter", name));
    let device = rw.device(op);
    if !device.is_empty() {
        rw.set_device(c, &device);
    }
    let cv = rw.result(c, 0);
    rw.replace_uses_except(r, cv, None);
    rw.push(op);
    true
}

/// `SimplifySwitchOp`: Switch(x, x) has constant outputs.
fn simplify_switch(rw: &mut Rewriter, op: OpId) -> bool {
    let (Some(a), Some(b)) = (rw.operand(op, 0), rw.operand(op, 1)) else { return false };
    if a != b {
        return false;
    }
    let results = rw.data_results(op);
    if results.len() != 2 {
        return false;
    }
    for &r in &results {
        let uses: Vec<OpId> = rw.m.body.uses(r).map(|u| u.op).collect();
        if uses.len() == 1 && rw.is_control_anchor(uses[0]) {
            return false;
        }
    }
    let t_anchor = rw.switch_anchor(op, 1);
    let f_anchor = rw.switch_anchor(op, 0);
    let name = rw.name(op);
    let device = rw.device(op);
    let make = |rw: &mut Rewriter, v: bool, idx: usize, anchor: OpId, suffix: &str| -> Option<ValueId> {
        let t = Tensor::ints(DType::Bool, vec![], vec![v as i64]);
        let value = rw.dense(&t);
        let ty = rw.value_type(results[idx]);
        let ctl = rw.ctl(anchor);
        let c = rw.create_const(&name, ty, &[ctl], value, &[], op)?;
        rw.set_name(c, &format!("{}/{}", name, suffix));
        if !device.is_empty() {
            rw.set_device(c, &device);
        }
        Some(rw.result(c, 0))
    };
    let Some(tv) = make(rw, true, 1, t_anchor, "_const_true") else { return false };
    let Some(fv) = make(rw, false, 0, f_anchor, "_const_false") else { return false };
    rw.replace_uses_except(results[1], tv, Some(t_anchor));
    rw.replace_uses_except(results[0], fv, Some(f_anchor));
    true
}

/// `SimplifyReductionOp`: a reduction over nothing or over size-1 dims.
fn simplify_reduction(rw: &mut Rewriter, op: OpId) -> bool {
    if !is_reduction(rw.op_type(op)) {
        return false;
    }
    let Some(indices) = rw.operand_op(op, 1) else { return false };
    let idx_ty = first_result_type(rw, indices);
    if static_shape_of_type(rw, idx_ty).is_some_and(|s| num_elements(&s) == 0) {
        return reduction_to_identity(rw, op);
    }
    let Some(input) = rw.operand(op, 0) else { return false };
    let Some(in_shape) = rw.static_shape(input) else { return false };
    let Some(out_shape) = static_shape_of_type(rw, first_result_type(rw, op)) else { return false };
    let single = num_elements(&in_shape) == 1 && num_elements(&out_shape) == 1;
    let keep_dims = rw.bool_attr(op, "keep_dims").unwrap_or(false);
    let to_reshape = single && !keep_dims && rw.has_attr(op, "T");
    let mut to_identity = keep_dims;
    if rw.is_const(indices) {
        let rank = in_shape.len() as i64;
        if let Some(values) = const_ints(rw, indices) {
            for mut v in values {
                if v < 0 {
                    v += rank;
                }
                if v < 0 || v >= rank || in_shape[v as usize] != 1 {
                    to_identity = false;
                }
            }
        }
    }
    if to_reshape {
        let n = out_shape.len() as i64;
        let t = Tensor::ints(DType::i32(), vec![n], (1..=n).collect());
        let value = rw.dense(&t);
        let name = rw.name(op);
        let ictl = rw.ctl(indices);
        let Some(c) = rw.create_const(&name, idx_ty, &[ictl], value, &[], op) else { return false };
        rw.set_name(c, &format!("{}/_shape_const", name));
        let device = rw.device(op);
        if !device.is_empty() {
            rw.set_device(c, &device);
        }
        let mut attrs = rw.all_attrs(op);
        rw.remove_in(&mut attrs, "keep_dims");
        rw.remove_in(&mut attrs, "Tidx");
        let i32t = DType::i32().type_id(&mut rw.m.ctx);
        let ts = rw.type_attr_of(i32t);
        rw.set_in(&mut attrs, "Tshape", ts);
        let mut operands: SmallVec<[ValueId; 4]> = rw.m.body.operands(op).collect();
        operands[1] = rw.result(c, 0);
        let types: SmallVec<[TypeId; 2]> = rw.data_results(op).iter().map(|&r| rw.value_type(r)).collect();
        let new = rw.create("Reshape", &operands, &[], attrs, &types, op);
        rw.copy_name_device(op, new);
        finish_replace(rw, op, new)
    } else if to_identity {
        reduction_to_identity(rw, op)
    } else {
        false
    }
}

fn reduction_to_identity(rw: &mut Rewriter, op: OpId) -> bool {
    let t = match rw.type_attr(op, "T") {
        Some(t) => t,
        None if matches!(rw.op_type(op), "Any" | "All") => DType::Bool.type_id(&mut rw.m.ctx),
        None => return false,
    };
    let mut attrs = rw.non_regular_attrs(op);
    let ta = rw.type_attr_of(t);
    rw.set_in(&mut attrs, "T", ta);
    let (Some(x), Some(idx)) = (rw.operand(op, 0), rw.operand(op, 1)) else { return false };
    let c = rw.control_dep(idx);
    let new = recreate(rw, op, "Identity", &[x], &[c], attrs);
    rw.copy_name_device(op, new);
    finish_replace(rw, op, new)
}

/// `SimplifyReshapeOp`: a reshape to the shape the input already has.
fn simplify_reshape(rw: &mut Rewriter, op: OpId) -> bool {
    if rw.op_type(op) != "Reshape" || !rw.has_attr(op, "T") {
        return false;
    }
    let Some(x) = rw.operand(op, 0) else { return false };
    let Some(in_shape) = rw.static_shape(x) else { return false };
    let Some(shape_op) = rw.operand_op(op, 1).filter(|&s| rw.is_const(s)) else { return false };
    let Some(new_shape) = const_ints(rw, shape_op) else { return false };
    if in_shape.len() != new_shape.len() || in_shape.iter().zip(&new_shape).any(|(&a, &b)| a >= 0 && b >= 0 && a != b) {
        return false;
    }
    let Some(sv) = rw.operand(op, 1) else { return false };
    let mut controls = vec![rw.control_dep(sv)];
    controls.extend(rw.control_operands(op));
    let mut attrs = rw.non_regular_attrs(op);
    let Some(t) = rw.attr(op, "T") else { return false };
    rw.set_in(&mut attrs, "T", t);
    let new = recreate(rw, op, "Identity", &[x], &controls, attrs);
    rw.copy_name_device(op, new);
    finish_replace(rw, op, new)
}

/// `SimplifyArithmeticOp`: neutral and absorbing elements.
fn simplify_arithmetic(rw: &mut Rewriter, op: OpId) -> bool {
    let ty = rw.op_type(op);
    let is_mul = matches!(ty, "Mul" | "MulNoNan" | "LogicalAnd");
    let is_matmul = matches!(ty, "MatMul" | "BatchMatMul" | "BatchMatMulV2" | "BatchMatMulV3" | "SparseMatMul" | "QuantizedMatMul");
    let is_logical_or = ty == "LogicalOr";
    let is_add = is_add(rw, op) || matches!(ty, "BiasAdd" | "BiasAddV1") || is_logical_or;
    let is_sub = ty == "Sub";
    // `IsAnyDiv` without FloorDiv.
    let is_any_div = matches!(ty, "Div" | "RealDiv" | "Xdivy" | "TruncateDiv");
    if !is_mul && !is_matmul && !is_add && !is_sub && !is_any_div {
        return false;
    }
    let (Some(x), Some(y)) = (rw.operand_op(op, 0), rw.operand_op(op, 1)) else { return false };
    let op_type = first_result_type(rw, op);
    let (x_type, y_type) = (first_result_type(rw, x), first_result_type(rw, y));
    let y_matches = rw.m.ctx.same_type(op_type, y_type);
    let x_matches = rw.m.ctx.same_type(op_type, x_type);
    let x_is_zero = is_zeros(rw, x);
    let x_is_one = !x_is_zero && is_ones(rw, x);
    if (is_mul && x_is_one) || (is_add && x_is_zero) {
        if y_matches {
            return replace_with_snapshot(rw, op, 1);
        } else if x_matches {
            return replace_with_broadcast_to(rw, op, 1);
        }
        return false;
    }
    if y_matches && is_sub && x_is_zero {
        let (Some(a), Some(b)) = (rw.operand(op, 0), rw.operand(op, 1)) else { return false };
        let mut controls = vec![rw.control_dep(a)];
        controls.extend(rw.control_operands(op));
        let attrs = rw.all_attrs(op);
        let new = recreate(rw, op, "Neg", &[b], &controls, attrs);
        return finish_replace(rw, op, new);
    }
    if y_matches && is_any_div && x_is_one {
        let Some(t) = rw.type_attr(op, "T") else { return false };
        if rw.is_float_type(t) || rw.is_complex_type(t) {
            let (Some(a), Some(b)) = (rw.operand(op, 0), rw.operand(op, 1)) else { return false };
            let mut controls = vec![rw.control_dep(a)];
            controls.extend(rw.control_operands(op));
            let attrs = rw.all_attrs(op);
            let new = recreate(rw, op, "Reciprocal", &[b], &controls, attrs);
            return finish_replace(rw, op, new);
        }
    }
    let y_is_zero = is_zeros(rw, y);
    let y_is_one = is_ones(rw, y);
    if ((is_mul || is_any_div) && y_is_one) || ((is_add || is_sub) && y_is_zero) {
        if x_matches {
            return replace_with_snapshot(rw, op, 0);
        } else if y_matches {
            return replace_with_broadcast_to(rw, op, 0);
        }
        return false;
    }
    let static_out = static_shape_of_type(rw, op_type).is_some();
    if static_out && is_logical_or && (y_is_one || x_is_one) {
        return replace_with_splat(rw, op, 1.0);
    }
    if (x_is_zero || y_is_zero) && (is_mul || is_matmul) {
        if static_out {
            if rw.op_type(op) == "QuantizedMatMul" {
                return false;
            }
            return replace_with_splat(rw, op, 0.0);
        }
        if is_mul && x_is_zero {
            if x_matches {
                return replace_with_identity(rw, op, 0);
            } else if y_matches {
                return replace_with_broadcast_to(rw, op, 0);
            }
        } else if is_mul && y_is_zero {
            if y_matches {
                return replace_with_identity(rw, op, 0);
            } else if x_matches {
                return replace_with_broadcast_to(rw, op, 1);
            }
        }
    }
    false
}

/// `ReduceDivToReciprocalMul`: x / c becomes x * Reciprocal(c).
fn reduce_div_to_reciprocal_mul(rw: &mut Rewriter, op: OpId) -> bool {
    let ty = rw.op_type(op);
    let (is_div, is_xdivy) = (ty == "Div", ty == "Xdivy");
    if !is_div && ty != "RealDiv" && !is_xdivy {
        return false;
    }
    let Some(y) = rw.operand_op(op, 1).filter(|&y| rw.is_const(y)) else { return false };
    let Some(t) = rw.type_attr(op, "T") else { return false };
    if is_div && !(rw.is_float_type(t) || rw.is_complex_type(t)) {
        return false;
    }
    let (Some(xv), Some(yv)) = (rw.operand(op, 0), rw.operand(op, 1)) else { return false };
    let yty = first_result_type(rw, y);
    let ta = rw.type_attr_of(t);
    let t_sym = rw.m.ctx.sym("T");
    let recip = rw.create("Reciprocal", &[yv], &[], vec![NamedAttr::new(t_sym, ta)], &[yty], op);
    let rname = format!("{}/{}/_recip", rw.name(op), rw.name(y));
    rw.set_name(recip, &rname);
    let device = rw.device(op);
    if !device.is_empty() {
        rw.set_device(recip, &device);
    }
    let rv = rw.result(recip, 0);
    let operands = if is_xdivy { [rv, xv] } else { [xv, rv] };
    let controls = rw.control_operands(op);
    let attrs = rw.all_attrs(op);
    let new = recreate(rw, op, if is_xdivy { "MulNoNan" } else { "Mul" }, &operands, &controls, attrs);
    finish_replace(rw, op, new)
}

/// `IsOperandsSafeToMove` of the constant push-down patterns.
fn safe_to_move(rw: &Rewriter, child: OpId, const_child: OpId) -> bool {
    if rw.control_operands(const_child).iter().any(|&v| rw.m.body.defining_op(v) == Some(child)) {
        return false;
    }
    rw.data_results(child).iter().all(|&r| rw.m.body.uses(r).count() == 1)
}

/// `ConstantPushDown`: constants move down trees of Add/Sub and Mul/Div.
fn constant_push_down(rw: &mut Rewriter, op: OpId) -> bool {
    let ty = rw.op_type(op);
    let is_add_op = is_add(rw, op);
    let (is_mul, is_sub, is_div) = (ty == "Mul", ty == "Sub", ty == "Div");
    if !(is_add_op || is_sub || is_mul || is_div) {
        return false;
    }
    let is_symmetric = is_add_op || is_mul;
    let (Some(mut child), Some(mut konst)) = (rw.operand_op(op, 0), rw.operand_op(op, 1)) else { return false };
    let dev = rw.device_attr(op);
    if dev != rw.device_attr(child) || dev != rw.device_attr(konst) {
        return false;
    }
    let left_child_is_const = rw.is_const(child);
    if !rw.is_const(konst) {
        std::mem::swap(&mut child, &mut konst);
    }
    if !rw.is_const(konst) || rw.should_preserve(child) || !safe_to_move(rw, child, konst) {
        return false;
    }
    let cty = rw.op_type(child);
    let is_child_add = is_add(rw, child);
    let (is_child_mul, is_child_sub, is_child_div) = (cty == "Mul", cty == "Sub", cty == "Div");
    let is_add_sub = (is_add_op || is_sub) && (is_child_add || is_child_sub);
    let is_mul_div = (is_mul || is_div) && (is_child_mul || is_child_div);
    if !is_add_sub && !is_mul_div {
        return false;
    }
    let is_child_symmetric = is_child_add || is_child_mul;
    let Some(t) = rw.type_attr(op, "T") else { return false };
    if rw.is_int_type(t) && (is_div || is_child_div) {
        return false;
    }
    let (Some(left_leaf), Some(right_leaf)) = (rw.operand_op(child, 0), rw.operand_op(child, 1)) else { return false };
    if dev != rw.device_attr(left_leaf) || dev != rw.device_attr(right_leaf) {
        return false;
    }
    let left_leaf_is_const = rw.is_const(left_leaf);
    if left_leaf_is_const && rw.is_const(right_leaf) {
        return false;
    }
    let (Some(c0), Some(c1)) = (rw.operand(child, 0), rw.operand(child, 1)) else { return false };
    let (x_value, y_value) = if left_leaf_is_const { (c1, c0) } else { (c0, c1) };
    let y_node = if left_leaf_is_const { left_leaf } else { right_leaf };
    // In a graph region a leaf may be the op or the child itself (a cycle): the rewrite
    // below erases both after capturing the leaves, which would leave a use of an erased
    // op. TensorFlow's graphs are acyclic here; ours need not be.
    if [x_value, y_value].iter().any(|&v| matches!(rw.m.body.defining_op(v), Some(d) if d == op || d == child)) {
        return false;
    }
    if !rw.is_const(y_node) {
        let c_shape = rw.shape_of(rw.result(konst, 0));
        let x_shape = rw.shape_of(x_value);
        if let (Some(c), Some(x)) = (&c_shape, &x_shape) {
            let c_static = c.iter().all(|&d| d >= 0);
            let x_static = x.iter().all(|&d| d >= 0);
            if c_static && x_static && num_elements(c) > num_elements(x) {
                return false;
            }
            if !c.is_empty() {
                for (&cd, &xd) in c.iter().zip(x.iter()) {
                    if xd >= 0 && cd > xd {
                        return false;
                    }
                }
            }
        }
    }
    let child_result = rw.result(child, 0);
    let const_result = rw.result(konst, 0);
    if is_symmetric && is_child_symmetric {
        rw.set_operand(op, 0, x_value);
        rw.set_operand(op, 1, child_result);
        rw.set_operand(child, 0, const_result);
        rw.set_operand(child, 1, y_value);
        return true;
    }
    let is_leaf_negated = |is_right_leaf: bool| -> bool {
        let leaf_negated = !is_child_symmetric && is_right_leaf;
        let child_negated = !is_symmetric && left_child_is_const;
        leaf_negated != child_negated
    };
    let (symmetric_op, nonsymmetric_op) = if is_add_op || is_sub { ("Add", "Sub") } else { ("Mul", "Div") };
    let neg_c = !is_symmetric && !left_child_is_const;
    let neg_x = is_leaf_negated(left_leaf_is_const);
    let neg_y = is_leaf_negated(!left_leaf_is_const);
    let op_name = if neg_x || (neg_c && neg_y) { nonsymmetric_op } else { symmetric_op };
    let operands = if neg_x { [child_result, x_value] } else { [x_value, child_result] };
    let controls = rw.control_operands(op);
    let attrs = rw.all_attrs(op);
    let new = recreate(rw, op, op_name, &operands, &controls, attrs);
    if !finish_replace(rw, op, new) {
        return false;
    }
    let child_name = if neg_c != neg_y { nonsymmetric_op } else { symmetric_op };
    let child_operands = if neg_c { [y_value, const_result] } else { [const_result, y_value] };
    let child_controls = rw.control_operands(child);
    let child_attrs = rw.all_attrs(child);
    let types: SmallVec<[TypeId; 2]> = rw.data_results(child).iter().map(|&r| rw.value_type(r)).collect();
    let new_child = NodeBuilderShim::create_before(rw, child, child_name, &child_operands, &child_controls, child_attrs, &types);
    finish_replace(rw, child, new_child);
    true
}

/// Creating a node in front of an op other than the one being rewritten.
struct NodeBuilderShim;

impl NodeBuilderShim {
    fn create_before(
        rw: &mut Rewriter,
        before: OpId,
        name: &str,
        operands: &[ValueId],
        controls: &[ValueId],
        mut attrs: Vec<NamedAttr>,
        types: &[TypeId],
    ) -> OpId {
        attrs.sort_by(|a, b| rw.m.ctx.str(a.name).cmp(rw.m.ctx.str(b.name)));
        let op = crate::dialect::tfg::NodeBuilder::new(rw.m, name).operands(operands).control_operands(controls).attrs(&attrs).results(types).build();
        let loc = rw.m.body.op(before).loc;
        rw.m.body.op_mut(op).loc = loc;
        rw.insert_before(before, op)
    }
}

/// `MulConvPushDown`: Mul(Conv(X, C1), C2) becomes Conv(X, Mul(C1, C2)).
fn mul_conv_push_down(rw: &mut Rewriter, op: OpId) -> bool {
    if !matches!(rw.op_type(op), "Mul" | "MulNoNan") {
        return false;
    }
    let (Some(l), Some(r)) = (rw.operand_op(op, 0), rw.operand_op(op, 1)) else { return false };
    let (lc, rc) = (rw.is_const(l), rw.is_const(r));
    if !lc && !rc {
        return false;
    }
    let conv = if lc { r } else { l };
    if !matches!(rw.op_type(conv), "Conv2D" | "Conv3D") || rw.should_preserve(conv) {
        return false;
    }
    let dev = rw.device_attr(op);
    if dev != rw.device_attr(l) || dev != rw.device_attr(r) {
        return false;
    }
    let (cl, cr) = (rw.operand_op(conv, 0), rw.operand_op(conv, 1));
    let cl_const = cl.is_some_and(|o| rw.is_const(o));
    let cr_const = cr.is_some_and(|o| rw.is_const(o));
    if cl_const == cr_const {
        return false;
    }
    let mul_ty = first_result_type(rw, op);
    let conv_ty = first_result_type(rw, conv);
    if static_shape_of_type(rw, mul_ty).is_none() || !rw.m.ctx.same_type(mul_ty, conv_ty) {
        return false;
    }
    let Some(filter) = rw.operand(conv, 1).and_then(|v| rw.static_shape(v)) else { return false };
    let const_node = if lc { l } else { r };
    let Some(cshape) = static_shape_of_type(rw, first_result_type(rw, const_node)) else { return false };
    let format = rw.string_attr(conv, "data_format").unwrap_or_default();
    let valid = if cshape.len() <= format.len() && num_elements(&cshape) == 1 {
        true
    } else if format == "NHWC" || format == "NDHWC" {
        match eval::broadcast_shapes(&filter, &cshape) {
            Some(b) if b == filter => cshape.iter().all(|&d| d <= 1),
            _ => false,
        }
    } else {
        false
    };
    if !valid {
        return false;
    }
    let conv_const = if cl_const { cl.unwrap() } else { cr.unwrap() };
    let mut const_node = const_node;
    let conv_ctl = rw.ctl(conv);
    let cc = rw.control_operands(const_node);
    if cc.contains(&conv_ctl) {
        let kept: SmallVec<[ValueId; 4]> = cc.iter().copied().filter(|&v| v != conv_ctl).collect();
        let data = rw.data_operands(const_node);
        let attrs = rw.all_attrs(const_node);
        let types: SmallVec<[TypeId; 2]> = rw.data_results(const_node).iter().map(|&v| rw.value_type(v)).collect();
        let name = rw.m.op_name(const_node).to_string();
        let new = NodeBuilderShim::create_before(rw, const_node, &name, &data, &kept, attrs, &types);
        rw.replace_with_op(const_node, new);
        const_node = new;
        let c1 = rw.ctl(conv_const);
        if crate::dialect::tfg::add_control_operand(rw.m, const_node, c1) {
            rw.push(const_node);
        }
    }
    let _ = const_node;
    let conv_name = rw.name(conv);
    let op_name = rw.name(op);
    rw.set_name(conv, &op_name);
    let mul_out = rw.result(op, 0);
    rw.set_operand(conv, if cl_const { 0 } else { 1 }, mul_out);
    rw.set_name(op, &format!("{}/merged_input", conv_name));
    let ccv = rw.result(conv_const, 0);
    rw.set_operand(op, if lc { 1 } else { 0 }, ccv);
    true
}

/// Shared part of the BiasAdd/Add push-downs: the rank and dtype of a value.
fn rank_elem(rw: &Rewriter, v: ValueId) -> Option<(usize, Option<TypeId>)> {
    let t = rw.value_type(v);
    Some((rw.shape_of_type(t)?.len(), rw.elem_type(t)))
}

/// `ConstantPushDownBiasAdd`.
fn constant_push_down_bias_add(rw: &mut Rewriter, op: OpId) -> bool {
    if !matches!(rw.op_type(op), "BiasAdd" | "BiasAddV1") {
        return false;
    }
    let Some(add_child) = rw.operand_op(op, 0) else { return false };
    let Some(const_child) = rw.operand_op(op, 1).filter(|&c| rw.is_const(c)) else { return false };
    if rw.should_preserve(add_child) || rw.is_const(add_child) {
        return false;
    }
    if !matches!(rw.op_type(add_child), "BiasAdd" | "BiasAddV1") && !is_add(rw, add_child) {
        return false;
    }
    if !safe_to_move(rw, add_child, const_child) {
        return false;
    }
    let (Some(o0), Some(o1), Some(a0), Some(a1)) = (rw.operand(op, 0), rw.operand(op, 1), rw.operand(add_child, 0), rw.operand(add_child, 1)) else {
        return false;
    };
    if rank_elem(rw, o0).is_none() || rank_elem(rw, o1).is_none() || rank_elem(rw, a0).is_none() {
        return false;
    }
    // In a graph region the child may read the op itself (a cycle): the constant would then
    // move round the cycle, pushed back by the other push-down pattern for ever. TensorFlow's
    // graphs are acyclic here; ours need not be.
    if [a0, a1].iter().any(|&v| rw.m.body.defining_op(v) == Some(op)) {
        return false;
    }
    let (Some((lr, le)), Some((rr, re))) = (rank_elem(rw, a0), rank_elem(rw, a1)) else { return false };
    if lr != 1 && rr != 1 {
        return false;
    }
    let vector_idx = if lr == 1 { 0 } else { 1 };
    let vector_elem = if vector_idx == 0 { le } else { re };
    let Some((cr, ce)) = rank_elem(rw, rw.result(const_child, 0)) else { return false };
    if cr != 1 || ce != vector_elem {
        return false;
    }
    let leaf = if vector_idx == 0 { a0 } else { a1 };
    if rw.is_const_value(leaf) {
        return false;
    }
    rw.set_operand(op, 1, leaf);
    let cv = rw.result(const_child, 0);
    rw.set_operand(add_child, vector_idx, cv);
    true
}

/// `ConstantPushDownAdd`.
fn constant_push_down_add(rw: &mut Rewriter, op: OpId) -> bool {
    if !is_add(rw, op) {
        return false;
    }
    let (Some(mut add_child), Some(mut const_child)) = (rw.operand_op(op, 0), rw.operand_op(op, 1)) else { return false };
    if !rw.is_const(const_child) {
        std::mem::swap(&mut add_child, &mut const_child);
    }
    if !rw.is_const(const_child) || !safe_to_move(rw, add_child, const_child) {
        return false;
    }
    let child_is_bias_add = matches!(rw.op_type(add_child), "BiasAdd" | "BiasAddV1");
    if !child_is_bias_add && !is_add(rw, add_child) {
        return false;
    }
    let (Some(o0), Some(o1), Some(a0), Some(a1)) = (rw.operand(op, 0), rw.operand(op, 1), rw.operand(add_child, 0), rw.operand(add_child, 1)) else {
        return false;
    };
    if rank_elem(rw, o0).is_none() || rank_elem(rw, o1).is_none() {
        return false;
    }
    // In a graph region the child may read the op itself (a cycle): the constant would then
    // move round the cycle, pushed back by the other push-down pattern for ever. TensorFlow's
    // graphs are acyclic here; ours need not be.
    if [a0, a1].iter().any(|&v| rw.m.body.defining_op(v) == Some(op)) {
        return false;
    }
    let (Some((lr, le)), Some((rr, re))) = (rank_elem(rw, a0), rank_elem(rw, a1)) else { return false };
    if lr != 1 && rr != 1 {
        return false;
    }
    let vector_idx = if lr == 1 { 0 } else { 1 };
    let matrix_idx = 1 - vector_idx;
    let (vector_elem, matrix_rank, matrix_elem) = if vector_idx == 0 { (le, rr, re) } else { (re, lr, le) };
    let const_index = if rw.operand_op(op, 0) == Some(const_child) { 0 } else { 1 };
    let Some((cr, ce)) = rank_elem(rw, rw.result(const_child, 0)) else { return false };
    let input_to_swap = if child_is_bias_add && cr == matrix_rank && ce == matrix_elem {
        matrix_idx
    } else if cr == 1 && ce == vector_elem {
        vector_idx
    } else {
        return false;
    };
    let leaf = if input_to_swap == 0 { a0 } else { a1 };
    if rw.is_const_value(leaf) {
        return false;
    }
    rw.set_operand(op, const_index, leaf);
    let cv = rw.result(const_child, 0);
    rw.set_operand(add_child, input_to_swap, cv);
    true
}

/// `PartialConstPropThroughIdentityN`: constants forwarded through IdentityN.
fn partial_const_prop_through_identity_n(rw: &mut Rewriter, op: OpId) -> bool {
    let data = rw.data_operands(op);
    let mut controls: SmallVec<[ValueId; 4]> = SmallVec::new();
    for (slot, &v) in data.iter().enumerate() {
        let crate::ir::ValueDef::Result { op: v_op, index } = rw.m.body.value(v).def else { continue };
        if !rw.kind(v_op).is_identity_n || is_identity_n_single_input(rw, v_op) {
            continue;
        }
        let Some(fwd) = rw.operand(v_op, index as usize) else { continue };
        if !rw.is_const_value(fwd) {
            continue;
        }
        rw.set_operand(op, slot, fwd);
        let c = rw.ctl(v_op);
        if !controls.contains(&c) {
            controls.push(c);
        }
    }
    if controls.is_empty() {
        return false;
    }
    for c in controls {
        rw.m.body.push_operand(op, c);
    }
    rw.push(op);
    true
}

/// `PartialAssocOpConstFolding`: the constant inputs of AddN/AccumulateNV2 are summed apart.
fn partial_assoc_op_const_folding(rw: &mut Rewriter, op: OpId) -> bool {
    let ty = rw.op_type(op);
    if !matches!(ty, "AddN" | "AccumulateNV2") {
        return false;
    }
    let is_acc = ty == "AccumulateNV2";
    let data = rw.data_operands(op);
    if data.len() <= 2 {
        return false;
    }
    if data.iter().any(|&v| rw.m.body.defining_op(v).is_some_and(|d| rw.name(d).contains("_partial_split_"))) {
        return false;
    }
    let (consts, others): (SmallVec<[ValueId; 4]>, SmallVec<[ValueId; 4]>) = data.iter().copied().partition(|&v| rw.is_const_value(v));
    let controls = rw.control_operands(op);
    if consts.len() == data.len() && is_acc {
        let mut attrs = rw.all_attrs(op);
        rw.remove_in(&mut attrs, "shape");
        let new = recreate(rw, op, "AddN", &data, &controls, attrs);
        return finish_replace(rw, op, new);
    }
    // Nothing to split off when every input is constant (EvaluateConstant folds such an
    // AddN, or cannot, and then splitting again would only repeat itself).
    if consts.len() <= 1 || others.is_empty() {
        return false;
    }
    let mut attrs = rw.all_attrs(op);
    rw.remove_in(&mut attrs, "shape");
    let n = rw.i32_attr(consts.len() as i64);
    rw.set_in(&mut attrs, "N", n);
    let add_n = recreate(rw, op, "AddN", &consts, &[], attrs);
    let name = format!("{}/_partial_split_{}", rw.name(op), consts.len());
    rw.set_name(add_n, &name);
    let mut operands: SmallVec<[ValueId; 4]> = SmallVec::new();
    operands.push(rw.result(add_n, 0));
    operands.extend(others.iter().copied());
    let mut attrs = rw.all_attrs(op);
    let n = rw.i32_attr(others.len() as i64 + 1);
    rw.set_in(&mut attrs, "N", n);
    let op_name = rw.op_type(op).to_string();
    let new = recreate(rw, op, &op_name, &operands, &controls, attrs);
    finish_replace(rw, op, new)
}

/// `PartialConcatConstFolding`: runs of constant inputs of a concat are concatenated apart.
fn partial_concat_const_folding(rw: &mut Rewriter, op: OpId) -> bool {
    let ty = rw.op_type(op);
    let is_v2 = ty == "ConcatV2";
    if !is_v2 && ty != "Concat" {
        return false;
    }
    if rw.name(op).contains("_partial_split_") {
        return false;
    }
    let data = rw.data_operands(op);
    let n = data.len();
    if n <= 3 {
        return false;
    }
    let (begin, end, axis_arg) = if is_v2 { (0, n - 1, n - 1) } else { (1, n, 0) };
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let (mut first, mut last) = (begin, begin);
    while last < end {
        while first < end && !rw.is_const_value(data[first]) {
            first += 1;
        }
        last = first + 1;
        while last < end && rw.is_const_value(data[last]) {
            last += 1;
        }
        if first < end && last - first > 1 {
            runs.push((first, last));
        }
        first = last;
    }
    if runs.is_empty() || (runs.len() == 1 && runs[0] == (begin, end)) {
        return false;
    }
    if data.iter().any(|&v| rw.m.body.defining_op(v).is_some_and(|d| rw.name(d).contains("_partial_split_"))) {
        return false;
    }
    let mut deleted = vec![false; n];
    let name = rw.name(op);
    let mut new_data = data.clone();
    for &(f, l) in &runs {
        let mut operands: SmallVec<[ValueId; 4]> = data[f..l].iter().copied().collect();
        for d in deleted.iter_mut().take(l).skip(f + 1) {
            *d = true;
        }
        operands.push(data[axis_arg]);
        let mut attrs = rw.all_attrs(op);
        let na = rw.i32_attr((l - f) as i64);
        rw.set_in(&mut attrs, "N", na);
        let sub = recreate(rw, op, "ConcatV2", &operands, &[], attrs);
        rw.set_name(sub, &format!("{}/_partial_split_{}", name, f));
        new_data[f] = rw.result(sub, 0);
    }
    let kept: SmallVec<[ValueId; 8]> = new_data.iter().enumerate().filter(|(i, _)| !deleted[*i]).map(|(_, &v)| v).collect();
    let controls = rw.control_operands(op);
    let mut attrs = rw.all_attrs(op);
    let na = rw.i32_attr(kept.len() as i64 - 1);
    rw.set_in(&mut attrs, "N", na);
    let op_name = rw.op_type(op).to_string();
    let new = recreate(rw, op, &op_name, &kept, &controls, attrs);
    finish_replace(rw, op, new)
}

/// `MergeConcatOp`: ConcatV2 of a ConcatV2 on the same axis is one ConcatV2.
fn merge_concat(rw: &mut Rewriter, op: OpId) -> bool {
    if rw.should_preserve(op) {
        return false;
    }
    let data = rw.data_operands(op);
    let Some(&axis_v) = data.last() else { return false };
    let Some(axis_op) = rw.m.body.defining_op(axis_v).filter(|&a| rw.is_const(a)) else { return false };
    let axis_of = |rw: &Rewriter, o: OpId| rw.const_value(o).filter(|t| !t.is_empty()).map(|t| t.int_at(0) as i32);
    let Some(axis) = axis_of(rw, axis_op) else { return false };
    let Some(inner) = data.iter().filter_map(|&v| rw.m.body.defining_op(v)).find(|&d| rw.op_type(d) == "ConcatV2") else { return false };
    // Grappler merges a concat into its only consumer: an inner concat read more than once
    // (here, or by others) stays, else a chain of concats each reading the one before twice
    // would grow its operand lists exponentially.
    if rw.m.body.uses(rw.result(inner, 0)).take(2).count() != 1 {
        return false;
    }
    let inner_data = rw.data_operands(inner);
    let Some(inner_axis_op) = inner_data.last().and_then(|&v| rw.m.body.defining_op(v)).filter(|&a| rw.is_const(a)) else { return false };
    if axis_of(rw, inner_axis_op) != Some(axis) {
        return false;
    }
    if inner_data[..inner_data.len() - 1].iter().all(|&v| rw.is_const_value(v)) {
        return false;
    }
    let mut task: Option<String> = None;
    for &v in &data {
        let Some(d) = rw.m.body.defining_op(v) else { continue };
        if d == axis_op {
            continue;
        }
        let dev = rw.device(d);
        if let Some(t) = split_device_task(&dev) {
            match &task {
                None => task = Some(t),
                Some(x) if *x != t => return false,
                _ => {}
            }
        }
    }
    let inner_result = rw.result(inner, 0);
    let mut operands: SmallVec<[ValueId; 8]> = SmallVec::new();
    for &v in &data {
        if v == inner_result {
            operands.extend(inner_data[..inner_data.len() - 1].iter().copied());
        } else {
            operands.push(v);
        }
    }
    let mut controls = rw.control_operands(op);
    controls.extend(rw.control_operands(inner));
    let mut attrs = rw.all_attrs(op);
    let na = rw.i32_attr(operands.len() as i64 - 1);
    rw.set_in(&mut attrs, "N", na);
    let new = recreate(rw, op, "ConcatV2", &operands, &controls, attrs);
    finish_replace(rw, op, new)
}

/// The task part of a device name (`/job:a/replica:0/task:1`), as `SplitDeviceName`.
fn split_device_task(device: &str) -> Option<String> {
    if device.is_empty() {
        return None;
    }
    let parts: Vec<&str> = device.split('/').filter(|p| !p.is_empty()).collect();
    let task: Vec<&str> = parts.iter().copied().filter(|p| p.starts_with("job:") || p.starts_with("replica:") || p.starts_with("task:")).collect();
    if task.is_empty() {
        return None;
    }
    Some(format!("/{}", task.join("/")))
}

/// `SimplifyCaseOp`: a Case on a constant index calls its branch.
fn simplify_case(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(index_op) = rw.operand_op(op, 0) else { return false };
    let Some(t) = rw.attr(index_op, "value").and_then(|a| Tensor::from_attr(&rw.m.ctx, a)) else { return false };
    if t.is_empty() || !t.all_equal_to(t.float_at(0)) {
        return false;
    }
    let idx = t.int_at(0);
    let Some(branches) = rw.attr(op, "branches") else { return false };
    let crate::ir::attrs::AttrData::Array(items) = rw.m.ctx.attr_data(branches).clone() else { return false };
    if idx < 0 || idx as usize >= items.len() {
        return false;
    }
    let operands: SmallVec<[ValueId; 8]> = rw.m.body.operands(op).skip(1).collect();
    let data: SmallVec<[ValueId; 8]> = operands.iter().copied().filter(|&v| !crate::dialect::tfg::is_control(rw.m, v)).collect();
    let ctls: SmallVec<[ValueId; 8]> = operands.iter().copied().filter(|&v| crate::dialect::tfg::is_control(rw.m, v)).collect();
    let mut attrs = rw.all_attrs(op);
    rw.remove_in(&mut attrs, "branches");
    rw.set_in(&mut attrs, "f", items[idx as usize]);
    let new = recreate(rw, op, "PartitionedCall", &data, &ctls, attrs);
    finish_replace(rw, op, new)
}

/// `SimplifySelectOp`: Select on an all-true or all-false condition.
fn simplify_select(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(cond) = rw.operand_op(op, 0) else { return false };
    let all_true = is_ones(rw, cond);
    let all_false = is_zeros(rw, cond);
    if !all_true && !all_false {
        return false;
    }
    let (Some(c), Some(t), Some(e)) = (rw.operand(op, 0), rw.operand(op, 1), rw.operand(op, 2)) else { return false };
    let (Some(cs), Some(ts), Some(es)) = (rw.static_shape(c), rw.static_shape(t), rw.static_shape(e)) else { return false };
    let live_idx = if all_true { 1 } else { 2 };
    if ts == es && (cs == ts || cs.is_empty()) {
        let live = if all_true { t } else { e };
        let data = rw.data_operands(op);
        let mut controls: SmallVec<[ValueId; 4]> = SmallVec::new();
        for &v in &data {
            if v == live {
                continue;
            }
            let ctl = rw.control_dep(v);
            controls.push(ctl);
        }
        controls.extend(rw.control_operands(op));
        let attrs = rw.all_attrs(op);
        let new = recreate(rw, op, "Identity", &[live], &controls, attrs);
        finish_replace(rw, op, new)
    } else {
        replace_with_broadcast_to(rw, op, live_idx)
    }
}
