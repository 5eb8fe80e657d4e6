//! `tfg-remapper`, after TensorFlow's tfg remapper: contraction (Conv2D, Conv3D,
//! DepthwiseConv2dNative, MatMul) + BiasAdd [+ activation] becomes one `_Fused*` op,
//! AsString + StringToHashBucketFast becomes `_TensorToHashBucketFast`, FusedBatchNorm +
//! Relu becomes `_FusedBatchNormEx` (oneDNN or GPU), and with `enable-onednn-patterns`
//! Mul(x, Sigmoid(x)) becomes `_MklSwish` and Mul(x, Tanh(Softplus(x))) `_MklFusedMish`.
//! Ops are visited as MLIR's greedy driver visits them (last first, users of rewritten ops
//! again).

use smallvec::SmallVec;

use crate::dialect::tfg;
use crate::diag::Diagnostic;
use crate::ir::attrs::AttrData;
use crate::ir::types::TypeData;
use crate::ir::{AttrId, Module, NamedAttr, OpId, TypeId, ValueId};
use crate::passes::{PassContext, PassTarget};
use crate::printer::float::{float_sem, print_float_bits};

/// The options of `tfg-remapper`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    pub enable_onednn_patterns: bool,
    pub verify_pdll_patterns_only: bool,
    pub xla_auto_clustering: bool,
}

/// Runs the remapper on every op nested in `target`.
pub fn run(m: &mut Module, target: PassTarget, cx: &mut PassContext, opts: Options) -> Result<(), Vec<Diagnostic>> {
    // Post-order (children before their parent, in order); popped from the back.
    let mut worklist: Vec<OpId> = Vec::new();
    for b in target.blocks(m) {
        for op in m.body.block_ops(b).collect::<Vec<_>>() {
            post_order(m, op, &mut worklist);
        }
    }
    let mut queued = vec![false; m.body.op_capacity()];
    for &o in &worklist {
        queued[o.index()] = true;
    }
    let mut rewrites = 0u64;
    while let Some(op) = worklist.pop() {
        if op.index() < queued.len() {
            queued[op.index()] = false;
        }
        if m.body.is_erased(op) || m.body.parent_block(op).is_none() {
            continue;
        }
        if let Some(new_op) = apply(m, op, opts) {
            rewrites += 1;
            let mut push = |o: OpId, wl: &mut Vec<OpId>| {
                if o.index() >= queued.len() {
                    queued.resize(o.index() + 1, false);
                }
                if !queued[o.index()] {
                    queued[o.index()] = true;
                    wl.push(o);
                }
            };
            for &r in m.body.results(new_op).to_vec().iter() {
                for u in m.body.uses(r).map(|u| u.op).collect::<Vec<_>>() {
                    push(u, &mut worklist);
                }
            }
            push(new_op, &mut worklist);
        }
    }
    cx.stat("num-remapped", "Number of ops remapped", rewrites);
    cx.mark_changed_if(rewrites > 0);
    Ok(())
}

fn post_order(m: &Module, root: OpId, out: &mut Vec<OpId>) {
    // (op, whether its children were pushed)
    let mut stack = vec![(root, false)];
    while let Some((op, expanded)) = stack.pop() {
        if expanded {
            out.push(op);
            continue;
        }
        stack.push((op, true));
        let mut children = Vec::new();
        for &r in &m.body.op(op).regions {
            for &b in &m.body.region(r).blocks {
                children.extend(m.body.block_ops(b));
            }
        }
        stack.extend(children.into_iter().rev().map(|c| (c, false)));
    }
}

/// Applies the first pattern for `op`; returns the op that replaced it.
fn apply(m: &mut Module, op: OpId, opts: Options) -> Option<OpId> {
    if !m.op_name(op).starts_with("tfg.") {
        return None;
    }
    let ty = tfg::op_type(m, op).to_string();
    if opts.verify_pdll_patterns_only {
        return if ty == "Mul" { mul_sigmoid(m, op) } else { None };
    }
    match ty.as_str() {
        "Mul" if opts.enable_onednn_patterns => mul_sigmoid(m, op).or_else(|| softplus_tanh_mul(m, op)),
        "BiasAdd" => contraction_bias_add(m, op, None, opts),
        "StringToHashBucketFast" => string_to_hash_bucket(m, op),
        "Relu" | "Relu6" | "Elu" | "LeakyRelu" | "Tanh" | "Sigmoid" => {
            let r = contraction_bias_add_activation(m, op, opts);
            if r.is_some() || ty != "Relu" {
                return r;
            }
            fused_batch_norm_ex(m, op, opts)
        }
        _ => None,
    }
}

// ---------------------------------------------------------------- helpers

fn type_attr(m: &Module, op: OpId, name: &str) -> Option<TypeId> {
    match m.ctx.attr_data(m.ctx.resolved_attr(m.op_attr(op, name)?)) {
        AttrData::Type(t) => Some(*t),
        _ => None,
    }
}

fn float_name(m: &Module, t: TypeId) -> Option<&str> {
    match m.ctx.type_data(m.ctx.resolved_type(t)) {
        TypeData::Float(s) => Some(m.ctx.str(*s)),
        _ => None,
    }
}

fn is_int_type(m: &Module, t: TypeId) -> bool {
    matches!(m.ctx.type_data(m.ctx.resolved_type(t)), TypeData::Integer { .. })
}

/// `HasControlOperandsOrResultUsers`.
fn has_control_edges(m: &Module, op: OpId) -> bool {
    !tfg::control_operands(m, op).is_empty() || tfg::control_token(m, op).is_some_and(|c| m.body.has_uses(c))
}

/// `HasAtMostOneUserOfResult0`.
fn at_most_one_user(m: &Module, op: OpId) -> bool {
    let r = m.body.results(op);
    r.len() > 1 && m.body.uses(r[0]).take(2).count() <= 1
}

fn same_data_type(m: &Module, a: OpId, b: OpId) -> bool {
    match (type_attr(m, a, "T"), type_attr(m, b, "T")) {
        (Some(x), Some(y)) => m.ctx.same_type(x, y),
        _ => false,
    }
}

fn operand_op(m: &Module, op: OpId, i: usize) -> Option<OpId> {
    (i < m.body.num_operands(op)).then(|| m.body.operand(op, i)).and_then(|v| m.body.defining_op(v))
}

/// The device type of a device name (`DeviceNameUtils::SplitDeviceName`): `CPU` for
/// `/job:a/replica:0/task:0/device:CPU:0`, `/device:CPU:0` or `/cpu:0`.
fn device_type(device: &str) -> Option<String> {
    for part in device.split('/').filter(|p| !p.is_empty()) {
        if let Some(rest) = part.strip_prefix("device:") {
            return Some(rest.split(':').next().unwrap_or("").to_string());
        }
        let mut it = part.splitn(2, ':');
        let (kind, id) = (it.next().unwrap_or(""), it.next());
        if id.is_some() && !matches!(kind, "job" | "replica" | "task") {
            return Some(kind.to_ascii_uppercase());
        }
    }
    None
}

fn op_has_device(m: &Module, op: OpId, kind: &str) -> bool {
    device_type(&m.device(op).unwrap_or_default()).is_some_and(|d| d.starts_with(kind))
}

fn is_contraction(ty: &str) -> bool {
    matches!(ty, "Conv2D" | "Conv3D" | "DepthwiseConv2dNative" | "MatMul")
}

/// `IsCpuCompatible` of a contraction (`IsCpuCompatibleDataType`, `...DataFormat`).
fn cpu_compatible(m: &Module, contraction: OpId, onednn: bool) -> bool {
    if !op_has_device(m, contraction, "CPU") {
        return false;
    }
    let ty = tfg::op_type(m, contraction);
    let Some(t) = type_attr(m, contraction, "T") else { return false };
    let f = float_name(m, t).unwrap_or("");
    let data_type_ok = if onednn {
        (is_contraction(ty) || matches!(ty, "BatchMatMul" | "BatchMatMulV2" | "BatchMatMulV3")) && matches!(f, "f32" | "bf16")
    } else {
        match ty {
            "Conv2D" => matches!(f, "f32" | "f64"),
            "MatMul" => f == "f32",
            _ => false,
        }
    };
    match ty {
        "Conv2D" | "Conv3D" => {
            let format = m.op_attr(contraction, "data_format").and_then(|a| m.ctx.string_value(a)).map(|b| String::from_utf8_lossy(&b).into_owned());
            let format_ok = match (ty, format.as_deref()) {
                ("Conv2D", Some("NHWC")) | ("Conv3D", Some("NDHWC")) => true,
                ("Conv2D", Some("NCHW")) | ("Conv3D", Some("NCDHW")) => onednn,
                _ => false,
            };
            data_type_ok && format_ok
        }
        "MatMul" | "BatchMatMul" | "BatchMatMulV2" | "BatchMatMulV3" | "DepthwiseConv2dNative" => data_type_ok,
        _ => false,
    }
}

/// `IsGpuCompatible` of contraction + BiasAdd + activation.
fn gpu_compatible(m: &Module, contraction: OpId, activation: Option<OpId>, opts: Options) -> bool {
    let Some(act) = activation else { return false };
    if opts.xla_auto_clustering || !op_has_device(m, contraction, "GPU") || tfg::op_type(m, act) != "Relu" {
        return false;
    }
    tfg::op_type(m, contraction) == "MatMul" && type_attr(m, contraction, "T").and_then(|t| float_name(m, t)).is_some_and(|f| matches!(f, "f32" | "f64"))
}

fn f32_attr(m: &mut Module, v: f64) -> AttrId {
    let sem = float_sem("f32").expect("f32");
    let s = m.ctx.sym(&print_float_bits(sem, sem.from_f64(v)));
    let f32 = m.ctx.sym("f32");
    let ty = m.ctx.ty(TypeData::Float(f32));
    m.ctx.attr(AttrData::Float { spelling: s, ty: Some(ty) })
}

fn i32_attr(m: &mut Module, v: i64) -> AttrId {
    let s = m.ctx.sym(&v.to_string());
    let ty = m.ctx.ty(TypeData::Integer { width: 32, signedness: crate::ir::types::Signedness::Signless });
    m.ctx.attr(AttrData::Int { spelling: s, ty: Some(ty) })
}

fn str_array(m: &mut Module, items: &[&str]) -> AttrId {
    let v: Vec<AttrId> = items.iter().map(|s| m.ctx.string_attr(s)).collect();
    m.ctx.attr(AttrData::Array(v))
}

fn set(m: &mut Module, attrs: &mut Vec<NamedAttr>, name: &str, value: AttrId) {
    let sym = m.ctx.sym(name);
    match attrs.iter_mut().find(|a| a.name == sym) {
        Some(a) => a.value = value,
        None => attrs.push(NamedAttr::new(sym, value)),
    }
}

/// Creates a node before `before` with sorted attributes and replaces `old` by it.
fn create_and_replace(
    m: &mut Module,
    old: OpId,
    op_name: &str,
    data: &[ValueId],
    ctls: &[ValueId],
    mut attrs: Vec<NamedAttr>,
    result_types: &[TypeId],
) -> OpId {
    attrs.sort_by(|a, b| m.ctx.str(a.name).cmp(m.ctx.str(b.name)));
    let new = tfg::NodeBuilder::new(m, op_name).operands(data).control_operands(ctls).attrs(&attrs).results(result_types).build();
    let loc = m.body.op(old).loc;
    m.body.op_mut(new).loc = loc;
    m.body.insert_op_before(old, new);
    let olds: SmallVec<[ValueId; 4]> = m.body.results(old).iter().copied().collect();
    let news: SmallVec<[ValueId; 4]> = m.body.results(new).iter().copied().collect();
    for (o, n) in olds.iter().zip(news.iter()) {
        m.body.replace_all_uses(*o, *n);
    }
    m.body.erase_op(old);
    new
}

fn data_result_types(m: &Module, op: OpId) -> SmallVec<[TypeId; 4]> {
    tfg::data_results(m, op).iter().map(|&r| m.body.value_type(r)).collect()
}

// ---------------------------------------------------------------- patterns

/// `GetContractionBiasAddOpState` + the rewrite.
fn fuse_contraction(m: &mut Module, root: OpId, contraction: OpId, bias_add: OpId, activation: Option<OpId>) -> Option<OpId> {
    let fused_name = match tfg::op_type(m, contraction) {
        "Conv2D" => "_FusedConv2D",
        "MatMul" => "_FusedMatMul",
        "DepthwiseConv2dNative" => "_FusedDepthwiseConv2dNative",
        "Conv3D" => "_FusedConv3D",
        _ => return None,
    };
    let is_conv2d = fused_name == "_FusedConv2D";
    let input = m.body.operand(contraction, 0);
    let filter = m.body.operand(contraction, 1);
    let bias = m.body.operand(bias_add, 1);
    let mut ctls = tfg::control_operands(m, contraction);
    ctls.extend(tfg::control_operands(m, bias_add));
    let types = data_result_types(m, bias_add);
    let mut attrs = m.body.attrs(contraction).to_vec();
    let mut fused_ops = vec!["BiasAdd".to_string()];
    if let Some(act) = activation {
        fused_ops.push(tfg::op_type(m, act).to_string());
    }
    let fo: Vec<&str> = fused_ops.iter().map(|s| s.as_str()).collect();
    let fo = str_array(m, &fo);
    set(m, &mut attrs, "fused_ops", fo);
    let one = i32_attr(m, 1);
    set(m, &mut attrs, "num_args", one);
    if is_conv2d {
        if let Some(t) = m.op_attr(contraction, "T") {
            let arr = m.ctx.attr(AttrData::Array(vec![t]));
            set(m, &mut attrs, "TArgs", arr);
        }
        let zero = i32_attr(m, 0);
        set(m, &mut attrs, "num_host_args", zero);
    }
    let eps = f32_attr(m, 0.0001);
    set(m, &mut attrs, "epsilon", eps);
    let alpha = match activation.filter(|&a| tfg::op_type(m, a) == "LeakyRelu").and_then(|a| m.op_attr(a, "alpha")) {
        Some(a) => a,
        None => f32_attr(m, 0.2),
    };
    set(m, &mut attrs, "leakyrelu_alpha", alpha);
    let name = m.ctx.string_attr(&m.node_name(root).unwrap_or_default());
    set(m, &mut attrs, crate::ir::module::NODE_NAME, name);
    Some(create_and_replace(m, root, &format!("tfg.{}", fused_name), &[input, filter, bias], &ctls, attrs, &types))
}

/// `ContractionBiasAddRewriter::matchPattern`: the contraction feeding `bias_add`.
fn match_contraction_bias_add(m: &Module, bias_add: OpId) -> Option<OpId> {
    if has_control_edges(m, bias_add) {
        return None;
    }
    let c = operand_op(m, bias_add, 0)?;
    if !is_contraction(tfg::op_type(m, c)) || has_control_edges(m, c) || !same_data_type(m, bias_add, c) || !at_most_one_user(m, c) {
        return None;
    }
    Some(c)
}

fn contraction_bias_add(m: &mut Module, op: OpId, activation: Option<OpId>, opts: Options) -> Option<OpId> {
    let c = match_contraction_bias_add(m, op)?;
    if !(gpu_compatible(m, c, activation, opts) || cpu_compatible(m, c, opts.enable_onednn_patterns)) {
        return None;
    }
    fuse_contraction(m, op, c, op, None)
}

fn contraction_bias_add_activation(m: &mut Module, op: OpId, opts: Options) -> Option<OpId> {
    if has_control_edges(m, op) {
        return None;
    }
    let bias_add = operand_op(m, op, 0)?;
    if tfg::op_type(m, bias_add) != "BiasAdd" || !same_data_type(m, op, bias_add) || !at_most_one_user(m, bias_add) {
        return None;
    }
    let c = match_contraction_bias_add(m, bias_add)?;
    if !(gpu_compatible(m, c, Some(op), opts) || cpu_compatible(m, c, opts.enable_onednn_patterns)) {
        return None;
    }
    let act = tfg::op_type(m, op);
    if matches!(act, "Tanh" | "Sigmoid") && tfg::op_type(m, c) != "MatMul" {
        return None;
    }
    fuse_contraction(m, op, c, bias_add, Some(op))
}

/// AsString + StringToHashBucketFast → `_TensorToHashBucketFast`.
fn string_to_hash_bucket(m: &mut Module, op: OpId) -> Option<OpId> {
    if has_control_edges(m, op) || m.body.num_operands(op) < 1 {
        return None;
    }
    let as_string = operand_op(m, op, 0)?;
    if tfg::op_type(m, as_string) != "AsString" || has_control_edges(m, as_string) || !at_most_one_user(m, as_string) {
        return None;
    }
    let t = type_attr(m, as_string, "T")?;
    if !is_int_type(m, t) {
        return None;
    }
    let width = m.op_attr(as_string, "width").and_then(|a| match m.ctx.attr_data(m.ctx.resolved_attr(a)) {
        AttrData::Int { .. } => m.ctx.int_value(a),
        _ => None,
    })?;
    if width != -1 {
        return None;
    }
    let fill = m.op_attr(as_string, "fill").and_then(|a| m.ctx.string_value(a))?;
    if !fill.is_empty() || m.body.num_operands(as_string) < 1 {
        return None;
    }
    let input = m.body.operand(as_string, 0);
    let input_op = m.body.defining_op(input);
    let ctls = tfg::control_operands(m, op);
    let mut attrs = m.body.attrs(op).to_vec();
    let ta = m.op_attr(as_string, "T")?;
    set(m, &mut attrs, "T", ta);
    match input_op.and_then(|i| m.op_attr(i, crate::ir::module::DEVICE)) {
        Some(d) => set(m, &mut attrs, crate::ir::module::DEVICE, d),
        None => {
            let sym = m.ctx.sym(crate::ir::module::DEVICE);
            attrs.retain(|a| a.name != sym);
        }
    }
    let types = data_result_types(m, op);
    Some(create_and_replace(m, op, "tfg._TensorToHashBucketFast", &[input], &ctls, attrs, &types))
}

/// FusedBatchNorm + Relu → `_FusedBatchNormEx` and an Identity named like the Relu.
fn fused_batch_norm_ex(m: &mut Module, op: OpId, opts: Options) -> Option<OpId> {
    if has_control_edges(m, op) || tfg::data_operands(m, op).is_empty() {
        return None;
    }
    let input_op = operand_op(m, op, 0)?;
    let (fbn, side) = if valid_batch_norm(m, input_op, opts) {
        (input_op, None)
    } else if matches!(tfg::op_type(m, input_op), "Add" | "AddV2") {
        if opts.enable_onednn_patterns && !op_has_device(m, op, "GPU") {
            return None;
        }
        if has_control_edges(m, input_op) || !at_most_one_user(m, input_op) || tfg::data_operands(m, input_op).len() < 2 {
            return None;
        }
        let (a0, a1) = (operand_op(m, input_op, 0)?, operand_op(m, input_op, 1)?);
        let shape = |v: ValueId| match m.ctx.type_data(m.ctx.resolved_type(m.body.value_type(v))) {
            TypeData::RankedTensor { shape, .. } => Some(shape.clone()),
            _ => None,
        };
        if shape(m.body.operand(input_op, 0)) != shape(m.body.operand(input_op, 1)) {
            return None;
        }
        if valid_batch_norm(m, a0, opts) {
            (a0, Some(m.body.operand(input_op, 1)))
        } else if valid_batch_norm(m, a1, opts) {
            (a1, Some(m.body.operand(input_op, 0)))
        } else {
            return None;
        }
    } else {
        return None;
    };
    let mut data: SmallVec<[ValueId; 8]> = tfg::data_operands(m, fbn).into_iter().collect();
    let ctls = tfg::control_operands(m, fbn);
    if let Some(s) = side {
        data.push(s);
    }
    let mut attrs = m.body.attrs(fbn).to_vec();
    let act_name = tfg::op_type(m, op).to_string();
    let mode = m.ctx.string_attr(&act_name);
    set(m, &mut attrs, "activation_mode", mode);
    let n = i32_attr(m, side.is_some() as i64);
    set(m, &mut attrs, "num_side_inputs", n);
    attrs.sort_by(|a, b| m.ctx.str(a.name).cmp(m.ctx.str(b.name)));
    let types = data_result_types(m, fbn);
    let fused = tfg::NodeBuilder::new(m, "_FusedBatchNormEx").operands(&data).control_operands(&ctls).attrs(&attrs).results(&types).build();
    let loc = m.body.op(op).loc;
    m.body.op_mut(fused).loc = loc;
    m.body.insert_op_before(op, fused);
    let fused_out = m.body.results(fused)[0];
    let mut iattrs = Vec::new();
    if let Some(t) = m.op_attr(op, "T") {
        set(m, &mut iattrs, "T", t);
    }
    if let Some(d) = m.op_attr(op, crate::ir::module::DEVICE) {
        set(m, &mut iattrs, crate::ir::module::DEVICE, d);
    }
    let name = m.ctx.string_attr(&m.node_name(op).unwrap_or_default());
    set(m, &mut iattrs, crate::ir::module::NODE_NAME, name);
    let types = data_result_types(m, op);
    Some(create_and_replace(m, op, "tfg.Identity", &[fused_out], &[], iattrs, &types))
}

fn valid_batch_norm(m: &Module, op: OpId, opts: Options) -> bool {
    let ty = tfg::op_type(m, op);
    if !matches!(ty, "FusedBatchNorm" | "FusedBatchNormV2" | "FusedBatchNormV3") {
        return false;
    }
    let gpu = op_has_device(m, op, "GPU");
    if !opts.enable_onednn_patterns && !gpu {
        return false;
    }
    let Some(t) = type_attr(m, op, "T") else { return false };
    let f = float_name(m, t).unwrap_or("");
    if gpu {
        if !matches!(f, "f32" | "f16") {
            return false;
        }
    } else if opts.enable_onednn_patterns && !matches!(f, "f32" | "bf16") {
        return false;
    }
    let is_training = match m.op_attr(op, "is_training").map(|a| m.ctx.attr_data(m.ctx.resolved_attr(a))) {
        Some(AttrData::Bool(b)) => *b,
        _ => return false,
    };
    let Some(format) = m.op_attr(op, "data_format").and_then(|a| m.ctx.string_value(a)) else { return false };
    if format != b"NHWC" && format != b"NCHW" {
        return false;
    }
    if is_training && gpu {
        // cuDNN's persistent batch norm mode is off unless an environment variable says
        // otherwise, so training-mode GPU batch norms are never fused here.
        return false;
    }
    if ty != "FusedBatchNorm" {
        if let Some(u) = type_attr(m, op, "U") {
            if float_name(m, u) != Some("f32") {
                return false;
            }
        }
    }
    !has_control_edges(m, op) && at_most_one_user(m, op)
}

/// Mul(x, Sigmoid(x)) → `_MklSwish(x)`.
fn mul_sigmoid(m: &mut Module, op: OpId) -> Option<OpId> {
    let t = type_attr(m, op, "T")?;
    if !matches!(float_name(m, t), Some("f32" | "bf16")) || !op_has_device(m, op, "CPU") {
        return None;
    }
    let (a, b) = (m.body.operand(op, 0), m.body.operand(op, 1));
    let is_sig_of = |s: ValueId, x: ValueId| {
        m.body.defining_op(s).is_some_and(|d| m.op_name(d) == "tfg.Sigmoid" && m.body.num_operands(d) > 0 && m.body.operand(d, 0) == x)
    };
    let x = if is_sig_of(a, b) {
        b
    } else if is_sig_of(b, a) {
        a
    } else {
        return None;
    };
    let ctls = tfg::control_operands(m, op);
    let attrs = m.body.attrs(op).to_vec();
    let types = data_result_types(m, op);
    Some(create_and_replace(m, op, "tfg._MklSwish", &[x], &ctls, attrs, &types))
}

/// Mul(x, Tanh(Softplus(x))) → `_MklFusedMish(x)`.
fn softplus_tanh_mul(m: &mut Module, op: OpId) -> Option<OpId> {
    if !op_has_device(m, op, "CPU") || has_control_edges(m, op) {
        return None;
    }
    let t = type_attr(m, op, "T")?;
    if !matches!(float_name(m, t), Some("f32" | "bf16")) {
        return None;
    }
    let (a, b) = (m.body.operand(op, 0), m.body.operand(op, 1));
    let is_tanh = |v: ValueId| m.body.defining_op(v).is_some_and(|d| tfg::op_type(m, d) == "Tanh");
    let (tanh_v, x) = if is_tanh(a) {
        (a, b)
    } else if is_tanh(b) {
        (b, a)
    } else {
        return None;
    };
    let tanh = m.body.defining_op(tanh_v)?;
    let softplus = operand_op(m, tanh, 0)?;
    // TensorFlow checks the Tanh's input only by its first operand being x.
    if m.body.num_operands(softplus) == 0 || m.body.operand(softplus, 0) != x {
        return None;
    }
    if !at_most_one_user(m, tanh) || !at_most_one_user(m, softplus) || has_control_edges(m, tanh) || has_control_edges(m, softplus) {
        return None;
    }
    let ctls = tfg::control_operands(m, op);
    let attrs = m.body.attrs(op).to_vec();
    let types = data_result_types(m, op);
    Some(create_and_replace(m, op, "tfg._MklFusedMish", &[x], &ctls, attrs, &types))
}

#[cfg(test)]
mod tests {
    use super::device_type;

    #[test]
    fn device_types() {
        assert_eq!(device_type("/device:CPU:0").as_deref(), Some("CPU"));
        assert_eq!(device_type("/job:localhost/replica:0/task:0/device:GPU:1").as_deref(), Some("GPU"));
        assert_eq!(device_type("/cpu:0").as_deref(), Some("CPU"));
        assert_eq!(device_type(""), None);
        assert_eq!(device_type("/job:a/task:0"), None);
    }
}
