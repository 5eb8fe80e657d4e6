//! `tfg-shape-inference`, after TensorFlow's `ShapeInference` pass: result types that are
//! not static are refined with the shape functions of [`super::shapes`]; values that are
//! known (Const, Identity of a known value, Rank/Size/Shape of known shapes) are cached so
//! that shape tensors (Reshape, Fill, ...) can be read. One walk refines every op, then a
//! worklist revisits the users of ops whose types became static; finally function result
//! types follow the types their `return` gives. Generic functions are skipped.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::dialect::tfg;
use crate::diag::Diagnostic;
use crate::ir::attrs::AttrData;
use crate::ir::types::{TypeData, DYNAMIC};
use crate::ir::{Module, OpId, TypeId, ValueId};
use crate::passes::{PassContext, PassTarget};

use super::shapes::{self, Shape, ShapeCx};
use super::tensor::{num_elements, DType, Tensor};

/// Runs shape inference on `target`.
/// Constants declaring more than `max_bytes` are not read, whatever their spelling.
pub fn run(m: &mut Module, target: PassTarget, cx: &mut PassContext, max_bytes: i64) -> Result<(), Vec<Diagnostic>> {
    let mut si = ShapeInference { cache: FxHashMap::default(), refined: 0, max_bytes };
    let ops = preorder(m, target);
    for &op in &ops {
        if !can_refine_op(m, op) {
            si.cache_results(m, op);
        } else {
            si.infer_and_update(m, op);
        }
    }
    let mut queue: Vec<OpId> = Vec::new();
    let mut queued: FxHashSet<OpId> = FxHashSet::default();
    for &op in &ops {
        if can_refine_op(m, op) {
            continue;
        }
        for &r in tfg::data_results(m, op) {
            for u in m.body.uses(r) {
                if can_refine_op(m, u.op) && queued.insert(u.op) {
                    queue.push(u.op);
                }
            }
        }
    }
    while let Some(op) = queue.pop() {
        queued.remove(&op);
        if !si.infer_and_update(m, op) {
            continue;
        }
        let results: Vec<ValueId> = tfg::data_results(m, op).to_vec();
        for r in results {
            let users: Vec<OpId> = m.body.uses(r).map(|u| u.op).collect();
            for u in users {
                if can_refine_op(m, u) && queued.insert(u) {
                    queue.push(u);
                }
            }
        }
    }
    let funcs: Vec<OpId> = ops_and_target(m, target).into_iter().filter(|&o| m.op_name(o) == "tfg.func").collect();
    for f in funcs {
        if update_signature(m, f) {
            si.refined += 1;
        }
    }
    cx.stat("num-refined", "Number of result types refined", si.refined);
    cx.mark_changed_if(si.refined > 0);
    Ok(())
}

/// The target op (when it is one) and the ops `preorder` visits.
fn ops_and_target(m: &Module, target: PassTarget) -> Vec<OpId> {
    let mut v = Vec::new();
    if let PassTarget::Op(op) = target {
        v.push(op);
    }
    let mut all = Vec::new();
    walk_skipping_generic(m, target, &mut all, true);
    v.extend(all);
    v
}

/// Ops to infer, parents first; the bodies of generic functions are skipped, and so are
/// modules, graphs and functions themselves and ops without results.
fn preorder(m: &Module, target: PassTarget) -> Vec<OpId> {
    let mut out = Vec::new();
    walk_skipping_generic(m, target, &mut out, false);
    out
}

fn walk_skipping_generic(m: &Module, target: PassTarget, out: &mut Vec<OpId>, containers: bool) {
    let mut stack: Vec<OpId> = Vec::new();
    for b in target.blocks(m).into_iter().rev() {
        let ops: Vec<OpId> = m.body.block_ops(b).collect();
        stack.extend(ops.into_iter().rev());
    }
    if let PassTarget::Op(op) = target {
        if m.op_name(op) == "tfg.func" && m.op_attr(op, "generic").is_some() {
            return;
        }
    }
    while let Some(op) = stack.pop() {
        let name = m.op_name(op);
        if name == "tfg.func" && m.op_attr(op, "generic").is_some() {
            continue;
        }
        let container = matches!(name, "builtin.module" | "tfg.graph" | "tfg.func");
        if containers || (!container && !m.body.results(op).is_empty()) {
            out.push(op);
        }
        for &r in m.body.op(op).regions.iter().rev() {
            for &b in m.body.region(r).blocks.iter().rev() {
                let ops: Vec<OpId> = m.body.block_ops(b).collect();
                stack.extend(ops.into_iter().rev());
            }
        }
    }
}

/// `CanBeRefined` of a type: a tensor whose shape is not static, or whose element type
/// has subtypes still to learn.
fn can_refine_type(m: &Module, t: TypeId) -> bool {
    let ctx = &m.ctx;
    let (shape, elem) = match ctx.type_data(ctx.resolved_type(t)) {
        TypeData::RankedTensor { shape, elem, .. } => (Some(shape), *elem),
        TypeData::UnrankedTensor { elem } => (None, *elem),
        _ => return false,
    };
    match ctx.type_data(ctx.resolved_type(elem)) {
        TypeData::TfSimple(s) if matches!(ctx.str(*s), "resource" | "variant") => return true,
        TypeData::TfWithSubtypes { subtypes, .. } if subtypes.is_empty() || subtypes.iter().any(|&s| can_refine_type(m, s)) => return true,
        _ => {}
    }
    match shape {
        None => true,
        Some(s) => s.iter().any(|&d| d == DYNAMIC || d < 0),
    }
}

fn can_refine_op(m: &Module, op: OpId) -> bool {
    m.body.results(op).iter().any(|&r| can_refine_type(m, m.body.value_type(r)))
}

fn shape_of_type(m: &Module, t: TypeId) -> Shape {
    match m.ctx.type_data(m.ctx.resolved_type(t)) {
        TypeData::RankedTensor { shape, .. } => Some(shape.iter().map(|&d| if d == DYNAMIC || d < 0 { -1 } else { d }).collect()),
        _ => None,
    }
}

/// The shape of an operand: its type's, or for a function argument of unknown shape the
/// one its `tf._output_shapes` argument attribute records.
fn operand_shape(m: &Module, v: ValueId) -> Shape {
    let from_type = shape_of_type(m, m.body.value_type(v));
    if from_type.is_some() {
        return from_type;
    }
    let crate::ir::ValueDef::BlockArg { block, index } = m.body.value(v).def else { return None };
    let func = m.body.block_parent_op(block)?;
    if m.op_name(func) != "tfg.func" {
        return None;
    }
    let arg_attrs = m.op_attr(func, "arg_attrs")?;
    let AttrData::Array(dicts) = m.ctx.attr_data(m.ctx.resolved_attr(arg_attrs)) else { return None };
    let dict = *dicts.get(index as usize / 2)?;
    let entry = m.ctx.dict_entries(dict).iter().find(|e| m.ctx.str(e.name) == "tf._output_shapes")?;
    let AttrData::Array(shapes) = m.ctx.attr_data(m.ctx.resolved_attr(entry.value)) else { return None };
    match m.ctx.attr_data(m.ctx.resolved_attr(*shapes.first()?)) {
        AttrData::TfShape(Some(d)) => Some(d.iter().map(|&x| if x == DYNAMIC || x < 0 { -1 } else { x }).collect()),
        _ => None,
    }
}

fn static_shape(m: &Module, t: TypeId) -> Option<Vec<i64>> {
    shape_of_type(m, t).filter(|s| s.iter().all(|&d| d >= 0))
}

fn elem_of(m: &Module, t: TypeId) -> Option<TypeId> {
    match m.ctx.type_data(m.ctx.resolved_type(t)) {
        TypeData::RankedTensor { elem, .. } | TypeData::UnrankedTensor { elem } => Some(*elem),
        _ => None,
    }
}

struct ShapeInference {
    /// Known values of op results.
    cache: FxHashMap<ValueId, Tensor>,
    refined: u64,
    /// `max-constant-bytes`: larger constants are not read into `cache`.
    max_bytes: i64,
}

impl ShapeInference {
    /// Infers the op's result shapes and refines its result types; returns whether a type
    /// changed.
    fn infer_and_update(&mut self, m: &mut Module, op: OpId) -> bool {
        if !m.op_name(op).starts_with("tfg.") || crate::dialect::traits::is_intrinsic(m.op_name(op)) {
            return false;
        }
        let data = tfg::data_operands(m, op);
        let results: Vec<ValueId> = tfg::data_results(m, op).to_vec();
        if let Some(updated) = self.resource_handles(m, op, &data, &results) {
            return updated;
        }
        let inferred = {
            let inputs: Vec<Shape> = data.iter().map(|&v| operand_shape(m, v)).collect();
            let values: Vec<Option<&Tensor>> = data.iter().map(|v| self.cache.get(v)).collect();
            let mm: &Module = m;
            let attr = |name: &str| mm.op_attr(op, name).map(|a| mm.ctx.resolved_attr(a));
            let int_attr = |name: &str| -> Option<i64> {
                let a = attr(name)?;
                match mm.ctx.attr_data(a) {
                    AttrData::Bool(b) => Some(*b as i64),
                    AttrData::Int { .. } => mm.ctx.int_value(a).map(|v| v as i64),
                    _ => None,
                }
            };
            let ints_attr = |name: &str| -> Option<Vec<i64>> {
                match mm.ctx.attr_data(attr(name)?) {
                    AttrData::Array(items) => items.iter().map(|&x| mm.ctx.int_value(x).map(|v| v as i64)).collect(),
                    _ => None,
                }
            };
            let str_attr = |name: &str| -> Option<String> { mm.ctx.string_value(attr(name)?).map(|b| String::from_utf8_lossy(&b).into_owned()) };
            let shape_attr = |name: &str| -> Option<Shape> {
                match mm.ctx.attr_data(attr(name)?) {
                    AttrData::TfShape(s) => Some(s.as_ref().map(|d| d.iter().map(|&x| if x == DYNAMIC || x < 0 { -1 } else { x }).collect())),
                    _ => None,
                }
            };
            let value_shape = attr("value").and_then(|a| match mm.ctx.attr_data(a) {
                AttrData::Dense { ty, .. } | AttrData::DenseResource { ty, .. } => shape_of_type(mm, *ty),
                _ => None,
            });
            let scx = ShapeCx {
                inputs,
                values,
                int_attr: &int_attr,
                ints_attr: &ints_attr,
                str_attr: &str_attr,
                shape_attr: &shape_attr,
                value_shape,
                num_results: results.len(),
            };
            shapes::infer(tfg::op_type(m, op), &scx)
        };
        let Some(inferred) = inferred else { return false };
        let mut updated = false;
        for (&r, shape) in results.iter().zip(inferred) {
            let cur = m.body.value_type(r);
            let Some(elem) = elem_of(m, cur) else { continue };
            let refined = match (shape_of_type(m, cur), shape) {
                (_, None) => continue,
                (None, Some(s)) => s,
                (Some(c), Some(s)) => {
                    if c.len() != s.len() {
                        s
                    } else {
                        let mut out = Vec::with_capacity(c.len());
                        let mut ok = true;
                        for (&a, &b) in c.iter().zip(&s) {
                            out.push(if a < 0 {
                                b
                            } else if b < 0 || a == b {
                                a
                            } else {
                                ok = false;
                                b
                            });
                        }
                        if ok {
                            out
                        } else {
                            s
                        }
                    }
                }
            };
            let dims = refined.into_iter().map(|d| if d < 0 { DYNAMIC } else { d }).collect();
            let new_ty = m.ctx.ty(TypeData::RankedTensor { shape: dims, elem, encoding: None });
            if m.ctx.same_type(new_ty, cur) {
                continue;
            }
            m.body.set_value_type(r, new_ty);
            updated = true;
            self.refined += 1;
        }
        if updated {
            self.cache_results(m, op);
        }
        updated
    }

    /// The handle data of resource variables: `VarHandleOp` gives
    /// `tensor<!tf_type.resource<tensor<SHAPE x dtype>>>`, `ReadVariableOp` the type its
    /// handle holds. `None` for other ops.
    fn resource_handles(&mut self, m: &mut Module, op: OpId, data: &[ValueId], results: &[ValueId]) -> Option<bool> {
        let ty = tfg::op_type(m, op);
        let &r = results.first()?;
        let new_ty = match ty {
            "VarHandleOp" => {
                let dtype = match m.ctx.attr_data(m.ctx.resolved_attr(m.op_attr(op, "dtype")?)) {
                    AttrData::Type(t) => *t,
                    _ => return Some(false),
                };
                let shape = match m.ctx.attr_data(m.ctx.resolved_attr(m.op_attr(op, "shape")?)) {
                    AttrData::TfShape(s) => s.clone(),
                    _ => return Some(false),
                };
                let inner = match shape {
                    Some(dims) => m.ctx.ty(TypeData::RankedTensor { shape: dims, elem: dtype, encoding: None }),
                    None => m.ctx.ty(TypeData::UnrankedTensor { elem: dtype }),
                };
                let cur = m.body.value_type(r);
                let Some(elem) = elem_of(m, cur) else { return Some(false) };
                let name = match m.ctx.type_data(m.ctx.resolved_type(elem)) {
                    TypeData::TfSimple(s) if m.ctx.str(*s) == "resource" => *s,
                    TypeData::TfWithSubtypes { name, subtypes } if m.ctx.str(*name) == "resource" && subtypes.is_empty() => *name,
                    _ => return Some(false),
                };
                let res = m.ctx.ty(TypeData::TfWithSubtypes { name, subtypes: vec![inner] });
                m.ctx.ty(TypeData::RankedTensor { shape: vec![], elem: res, encoding: None })
            }
            "ReadVariableOp" => {
                let h = *data.first()?;
                let elem = elem_of(m, m.body.value_type(h))?;
                let inner = match m.ctx.type_data(m.ctx.resolved_type(elem)) {
                    TypeData::TfWithSubtypes { subtypes, .. } if subtypes.len() == 1 => subtypes[0],
                    _ => return Some(false),
                };
                // A handle of unknown shape teaches nothing.
                if shape_of_type(m, inner).is_none() {
                    return Some(false);
                }
                inner
            }
            _ => return None,
        };
        if m.ctx.same_type(new_ty, m.body.value_type(r)) {
            return Some(false);
        }
        m.body.set_value_type(r, new_ty);
        self.refined += 1;
        Some(true)
    }

    /// `TryToCacheResultsTensorValue`.
    fn cache_results(&mut self, m: &Module, op: OpId) {
        let results: Vec<ValueId> = tfg::data_results(m, op).to_vec();
        if results.iter().all(|&r| static_shape(m, m.body.value_type(r)).is_none() || self.cache.contains_key(&r)) {
            return;
        }
        let data = tfg::data_operands(m, op);
        let int_of = |r: ValueId| -> DType {
            match elem_of(m, m.body.value_type(r)).and_then(|e| DType::of(&m.ctx, e)) {
                Some(d @ DType::Int { width: 32, .. }) => d,
                _ => DType::i64(),
            }
        };
        match tfg::op_type(m, op) {
            // A weight is not read: shapes depend on small tensors, and its elements as f64
            // would double a model's memory.
            "Const" => {
                let value = m.op_attr(op, "value").filter(|&a| super::tensor::attr_declared_bytes(&m.ctx, a).is_some_and(|b| b <= self.max_bytes));
                if let Some(t) = value.and_then(|a| Tensor::from_attr_within(&m.ctx, a, self.max_bytes)) {
                    self.cache.insert(results[0], t);
                }
            }
            "Identity" | "IdentityN" if data.len() == 1 || tfg::op_type(m, op) == "Identity" => {
                if let Some(t) = data.first().and_then(|v| self.cache.get(v)).cloned() {
                    self.cache.insert(results[0], t);
                }
            }
            "Rank" => {
                if let Some(s) = data.first().and_then(|&v| shape_of_type(m, m.body.value_type(v))) {
                    self.cache.insert(results[0], Tensor::scalar_int(int_of(results[0]), s.len() as i64));
                }
            }
            "Size" => {
                if let Some(s) = data.first().and_then(|&v| static_shape(m, m.body.value_type(v))) {
                    self.cache.insert(results[0], Tensor::scalar_int(int_of(results[0]), num_elements(&s)));
                }
            }
            "Shape" | "ShapeN" => {
                for (i, &v) in data.iter().enumerate() {
                    let Some(s) = static_shape(m, m.body.value_type(v)) else { continue };
                    let Some(&r) = results.get(i) else { continue };
                    self.cache.insert(r, Tensor::ints(int_of(r), vec![s.len() as i64], s));
                }
            }
            _ => {}
        }
    }
}

/// Makes a function's result types those its `return` gives; returns whether they changed.
fn update_signature(m: &mut Module, func: OpId) -> bool {
    let Some(block) = tfg::body_block(m, func) else { return false };
    let Some(ret) = m.body.last_op(block) else { return false };
    if m.op_name(ret) != "tfg.return" {
        return false;
    }
    let Some(fa) = m.op_attr(func, "function_type") else { return false };
    let AttrData::Type(ft) = m.ctx.attr_data(m.ctx.resolved_attr(fa)).clone() else { return false };
    let TypeData::Function { inputs, results } = m.ctx.type_data(m.ctx.resolved_type(ft)).clone() else { return false };
    let ret_types: Vec<TypeId> = tfg::data_operands(m, ret).iter().map(|&v| m.body.value_type(v)).collect();
    let differs = results.iter().enumerate().any(|(i, &t)| ret_types.get(i).is_some_and(|&r| r != t));
    if !differs {
        return false;
    }
    let new_ft = m.ctx.ty(TypeData::Function { inputs, results: ret_types });
    let attr = m.ctx.attr(AttrData::Type(new_ft));
    let sym = m.ctx.sym("function_type");
    m.body.set_attr(func, sym, attr);
    true
}

// ---------------------------------------------------------------- one op at a time
//
// For converters that walk a graph in topological order and learn shapes as they go
// (convert-tf-to-torch): refine one op from its operands' current types.

/// Refines the result types of `op` from the current types of its operands (and the known
/// values of its operands' producers: Const, Identity of one, Shape/Size/Rank of static
/// shapes; constants of at most `max_bytes`). Returns whether a type changed.
pub fn refine_op(m: &mut Module, op: OpId, max_bytes: i64) -> bool {
    refine_op_knowing(m, op, max_bytes, &[])
}

/// [`refine_op`], also knowing the values `known` of some operands (what the caller computed
/// of shape arithmetic: a Fill's dims packed from a StridedSlice of a Shape).
pub fn refine_op_knowing(m: &mut Module, op: OpId, max_bytes: i64, known: &[(ValueId, Tensor)]) -> bool {
    if !can_refine_op(m, op) {
        return false;
    }
    let mut si = ShapeInference { cache: FxHashMap::default(), refined: 0, max_bytes };
    si.cache.extend(known.iter().cloned());
    for v in tfg::data_operands(m, op) {
        let mut chain = Vec::new();
        let mut cur = m.body.defining_op(v);
        // Through Identity chains, producers first.
        while let Some(d) = cur {
            chain.push(d);
            cur = if tfg::op_type(m, d) == "Identity" { tfg::data_operands(m, d).first().and_then(|&x| m.body.defining_op(x)) } else { None };
        }
        for d in chain.into_iter().rev() {
            si.cache_results(m, d);
        }
    }
    si.infer_and_update(m, op)
}
