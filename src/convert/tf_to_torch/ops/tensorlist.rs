//! TensorList ops (what TensorFlow 2's `TensorArray` and Keras's recurrent layers write, the
//! time loop's input read and its outputs written through them), for lists whose length and
//! element shape are static: such a list is held as ONE torch tensor `[N, ...element]`
//! (element `i` is `l[i]`), so a list carried through a While is an ordinary carried
//! `!torch.vtensor` of `torch.prim.Loop`.
//!
//! * TensorListFromTensor(t, shape) → `t` itself;
//! * TensorListReserve(shape, n) → `aten.full([n, ...shape], 0)` (TensorFlow reads an element
//!   never set as zeros of the element shape); a shape not static here (`tf.TensorArray`
//!   writes `-1`) is taken from the list's later uses ([`infer_element_shape`]);
//! * TensorListGetItem(l, i, shape) → `aten.select.int(l, 0, i)` for a known `i`, else
//!   `aten.index_select` by the index tensor and a reshape to the element shape;
//! * TensorListSetItem(l, i, x) → `aten.select_scatter(l, x, 0, i)` for a known `i`, else
//!   `aten.where.self(iota == i, x, l)` (the iota a literal `[0, N)`, broadcast over the
//!   element dims); on a list of one element, `x` reshaped to `[1, ...element]` (what Keras
//!   writes for the last output of a recurrent layer);
//! * TensorListStack(l, shape) → `l` itself; TensorListGather(l, indices, shape) →
//!   `aten.index_select`;
//! * TensorListLength, TensorListElementShape → literals.
//!
//! A list whose length or element shape is not static here (an element shape no use gives,
//! a length not constant, SetItem that may grow the list) is an error naming the node; lists
//! that grow (EmptyTensorList, PushBack, ...) have no rule.

use super::super::emitter::{Converted, TfNode, TorchEmitter, A};
use super::super::types::{show_shape, Dt, TTy};
use crate::diag::Diagnostic;
use super::control::FunctionBody;
use crate::ir::{OpId, TypeId, ValueId};
use crate::passes::folding::tensor::{DType, Tensor};

type R = Result<Vec<Converted>, Diagnostic>;

/// The list input `i` of `n` (a tensor `[N, ...element]`) and its type, of the node's
/// `element_dtype`.
fn list(e: &mut TorchEmitter, n: &TfNode, i: usize) -> Result<(ValueId, TTy), Diagnostic> {
    let l = e.logical(n, i)?;
    let t = e.ty(l);
    if t.rank() == 0 {
        return Err(e.err(n, format!("input {} is not a TensorList held as a tensor (it is {})", i, t.torch_spelling())));
    }
    if let Some(dt) = e.attr_dt(n, "element_dtype") {
        if dt != t.dt {
            return Err(e.err(n, format!("its element_dtype is {} but the list holds {}", dt.spelling(), t.dt.spelling())));
        }
    }
    Ok((l, t))
}

/// The element shape operand `i` of `n` when known: `None` for an unknown rank (`-1`), else
/// its dims (`-1`: unknown dim). An operand not known here is `None` (nothing to check).
fn element_shape_operand(e: &TorchEmitter, n: &TfNode, i: usize) -> Option<Vec<i64>> {
    let t = e.known(*n.inputs.get(i)?)?;
    if t.shape.is_empty() {
        return None; // a scalar: -1, unknown rank
    }
    Some(t.to_ints())
}

/// An element shape operand as written in diagnostics (TensorFlow's -1: `?`).
fn show_element_shape(dims: &[i64]) -> String {
    let dims: Vec<i64> = dims.iter().map(|&d| if d < 0 { crate::ir::types::DYNAMIC } else { d }).collect();
    show_shape(&dims)
}

/// Checks a known element shape operand against the list's element shape `have`.
fn check_element_shape(e: &TorchEmitter, n: &TfNode, i: usize, have: &[i64]) -> Result<(), Diagnostic> {
    let Some(want) = element_shape_operand(e, n, i) else { return Ok(()) };
    let fits = want.len() == have.len() && want.iter().zip(have).all(|(&w, &h)| w < 0 || w == h);
    if fits {
        Ok(())
    } else {
        Err(e.err(n, format!("its element shape {} does not fit the list's elements {}", show_element_shape(&want), show_shape(have))))
    }
}

/// A known scalar index input `i`, or `None` when it is computed at run time.
fn known_index(e: &TorchEmitter, n: &TfNode, i: usize) -> Option<i64> {
    e.known(*n.inputs.get(i)?).filter(|t| t.len() == 1 && !t.dtype.is_float()).map(|t| t.int_at(0))
}

/// An index in `[0, len)`, or an error (TensorFlow fails at run time on such an index).
fn in_range(e: &TorchEmitter, n: &TfNode, k: i64, len: i64) -> Result<i64, Diagnostic> {
    if (0..len).contains(&k) {
        Ok(k)
    } else {
        Err(e.err(n, format!("index {} is out of range for a list of {} elements", k, len)))
    }
}

/// `TensorListFromTensor(tensor, element_shape)`: the tensor itself.
pub fn from_tensor(e: &mut TorchEmitter, n: &TfNode) -> R {
    let t = e.logical(n, 0)?;
    let ty = e.ty(t);
    if ty.rank() == 0 {
        return Err(e.err(n, "its tensor is a scalar; a list needs at least one dimension"));
    }
    if let Some(dt) = e.attr_dt(n, "element_dtype") {
        if dt != ty.dt {
            return Err(e.err(n, format!("its element_dtype is {} but the tensor holds {}", dt.spelling(), ty.dt.spelling())));
        }
    }
    check_element_shape(e, n, 1, &ty.shape[1..])?;
    Ok(vec![Converted::plain(t)])
}

/// The element shape of a list made without a static one (`tf.TensorArray(size=n)` writes
/// `-1`), from what is done with it later: a static element shape operand of `Stack`,
/// `GetItem` or `Gather`, the static type of an item `SetItem` writes or of what `Stack`
/// makes, following the list through Identity, SetItem and While (its result, and the
/// argument of the body). `partial`: the dims already known (`-1` unknown), which the shape
/// found must fit.
///
/// When nothing gives it as written, the loop bodies the list reaches are looked at again
/// with their arguments as the loop enters them ([`refine_loop_bodies`]): a Keras recurrent
/// layer saved with batch `None` writes items of `[?, H]`, whose batch is that of the state
/// the loop starts from (zeros of the input's batch, static once `input-shapes=` pins it).
fn infer_element_shape(e: &mut TorchEmitter, list: ValueId, partial: Option<&[i64]>) -> Option<Vec<i64>> {
    let (found, loops) = search_element_shape(e, list, partial);
    if found.is_some() || loops.is_empty() {
        return found;
    }
    let written = refine_loop_bodies(e, &loops);
    let (found, _) = search_element_shape(e, list, partial);
    for (v, t) in written {
        e.m.body.set_value_type(v, t);
    }
    found
}

/// Refines the argument types of each loop body in `loops` (`(While, body)`) to the types of
/// the values the While passes where those are static and the argument's are not, and the
/// body's types from them by shape inference; returns the types as written, to restore. An
/// argument a loop changes the shape of is not refined wrongly into a result: the list's
/// element shape found from it is checked by the ops that write and read the list, and the
/// While lowering checks that each variable keeps its type.
fn refine_loop_bodies(e: &mut TorchEmitter, loops: &[(OpId, std::sync::Arc<FunctionBody>)]) -> Vec<(ValueId, TypeId)> {
    let mut written = Vec::new();
    for (op, body) in loops {
        written.extend(body.types.iter().copied());
        let passed: Vec<ValueId> = crate::dialect::tfg::data_operands(e.m, *op).to_vec();
        for (&arg, &v) in body.args.iter().zip(&passed) {
            let have = e.m.body.value_type(arg);
            if let Some(want) = entering_type(e, v) {
                if refines(&e.m.ctx, have, want) {
                    e.m.body.set_value_type(arg, want);
                }
            }
        }
        let mut cx = crate::passes::PassContext::new();
        let _ = crate::passes::folding::shape_inference::run(e.m, crate::passes::PassTarget::Op(body.func), &mut cx, crate::convert::tf_to_torch::driver::SHAPE_CONSTANT_BYTES);
    }
    written
}

/// The static type of `v` (a value a While passes) where it can be known before `v` is
/// converted: its type, else the dims of a `Fill` (Keras's zeros of the batch, as the state
/// a recurrent layer starts from) or the shape of a small value computed here.
fn entering_type(e: &mut TorchEmitter, v: ValueId) -> Option<TypeId> {
    use crate::ir::TypeData;
    let t = e.m.body.value_type(v);
    if TTy::of_type(&e.m.ctx, t).is_some_and(|t| t.is_static()) {
        return Some(t);
    }
    let elem = match e.m.ctx.type_data(e.m.ctx.resolved_type(t)) {
        TypeData::RankedTensor { elem, .. } | TypeData::UnrankedTensor { elem } => *elem,
        _ => return None,
    };
    let op = e.m.body.defining_op(v)?;
    let dims = match crate::dialect::tfg::op_type(e.m, op) {
        "Fill" => e.known(*crate::dialect::tfg::data_operands(e.m, op).first()?).filter(|d| !d.dtype.is_float())?.to_ints(),
        _ => e.known(v)?.shape.clone(),
    };
    if dims.iter().any(|&d| d < 0) {
        return None;
    }
    Some(e.m.ctx.ty(TypeData::RankedTensor { shape: dims, elem, encoding: None }))
}

/// Whether the tensor type `want` is static and a refinement of `have`, which is not: the
/// same element type, and `have` unranked or of the same rank with `want`'s dims where known.
fn refines(ctx: &crate::ir::Context, have: TypeId, want: TypeId) -> bool {
    use crate::ir::TypeData;
    let TypeData::RankedTensor { shape: w, elem: we, .. } = ctx.type_data(ctx.resolved_type(want)) else { return false };
    if w.iter().any(|&d| d < 0) {
        return false;
    }
    match ctx.type_data(ctx.resolved_type(have)) {
        TypeData::UnrankedTensor { elem } => elem == we,
        TypeData::RankedTensor { shape: h, elem, .. } => {
            elem == we && h.len() == w.len() && h.iter().any(|&d| d < 0) && h.iter().zip(w).all(|(&a, &b)| a < 0 || a == b)
        }
        _ => false,
    }
}

/// One search of [`infer_element_shape`]: the shape found, and the loops the list enters.
fn search_element_shape(e: &TorchEmitter, list: ValueId, partial: Option<&[i64]>) -> (Option<Vec<i64>>, Vec<(OpId, std::sync::Arc<FunctionBody>)>) {
    use crate::dialect::tfg;
    let m = &*e.m;
    let mut loops = Vec::new();
    let fits = |s: &[i64]| s.iter().all(|&d| d >= 0) && partial.is_none_or(|p| p.len() == s.len() && p.iter().zip(s).all(|(&a, &b)| a < 0 || a == b));
    let static_ty = |v: ValueId| TTy::of_type(&m.ctx, m.body.value_type(v)).filter(|t| t.is_static());
    let operand_shape = |v: Option<&ValueId>| v.and_then(|&x| e.known(x)).filter(|t| !t.shape.is_empty() && !t.dtype.is_float()).map(|t| t.to_ints());
    let mut work = vec![list];
    let mut seen = rustc_hash::FxHashSet::default();
    while let Some(v) = work.pop() {
        if !seen.insert(v) {
            continue;
        }
        for u in m.body.uses(v) {
            let (op, slot) = (u.op, u.slot as usize);
            if !tfg::is_tfg(m, op) || slot >= tfg::num_data_operands(m, op) {
                continue;
            }
            let data = tfg::data_operands(m, op);
            let results = tfg::data_results(m, op);
            let mut candidates = Vec::new();
            match (tfg::op_type(m, op), slot) {
                ("TensorListStack", 0) => {
                    candidates.extend(operand_shape(data.get(1)));
                    candidates.extend(results.first().and_then(|&r| static_ty(r)).filter(|t| t.rank() >= 1).map(|t| t.shape[1..].to_vec()));
                }
                ("TensorListGetItem" | "TensorListGather", 0) => candidates.extend(operand_shape(data.get(2))),
                ("TensorListSetItem", 0) => {
                    candidates.extend(data.get(2).and_then(|&x| static_ty(x)).map(|t| t.shape));
                    work.extend(results.first());
                }
                ("Identity" | "Snapshot", 0) => work.extend(results.first()),
                ("While" | "StatelessWhile", k) => {
                    work.extend(results.get(k));
                    for (name, _) in super::control::called_functions(m, op).unwrap_or_default() {
                        if let Some(f) = e.functions.values().find(|f| f.name == name) {
                            work.extend(f.args.get(k));
                            loops.push((op, f.clone()));
                        }
                    }
                }
                _ => {}
            }
            if let Some(s) = candidates.into_iter().find(|s| fits(s)) {
                return (Some(s), loops);
            }
        }
    }
    (None, loops)
}

/// `TensorListReserve(element_shape, num_elements)`: zeros `[num_elements, ...element_shape]`
/// (an element shape not static here is inferred from the list's uses, [`infer_element_shape`]).
pub fn reserve(e: &mut TorchEmitter, n: &TfNode) -> R {
    let dt = e.need(n, "element_dtype", e.attr_dt(n, "element_dtype"))?;
    let given = element_shape_operand(e, n, 0);
    let shape = match given {
        Some(s) if s.iter().all(|&d| d >= 0) => s,
        _ => match infer_element_shape(e, n.results[0], given.as_deref()) {
            Some(s) => s,
            None => {
                let what = match given {
                    Some(s) => format!("its element shape {} is not static", show_element_shape(&s)),
                    None => "its element shape is not known (unknown rank, or not a constant)".to_string(),
                };
                return Err(e.err(n, format!("{} and no use of the list gives it; only lists of static element shape are converted", what)));
            }
        },
    };
    let count = known_index(e, n, 1).ok_or_else(|| e.err(n, "its number of elements is not a constant; only lists of static length are converted"))?;
    if count < 0 {
        return Err(e.err(n, format!("its number of elements is {}", count)));
    }
    let mut full = vec![count];
    full.extend(&shape);
    let ty = TTy::new(full.clone(), dt);
    let zero = if dt.is_float() { A::Float(0.0) } else { A::Int(0) };
    let v = e.aten("aten::full", vec![A::Ints(full), zero, A::Dtype(dt)], ty)?;
    Ok(vec![Converted::plain(v)])
}

/// The index tensor input `i` as a one-element `si64` vector (what `aten.index_select` takes).
fn index_vector(e: &mut TorchEmitter, n: &TfNode, i: usize) -> Result<ValueId, Diagnostic> {
    let idx = e.logical(n, i)?;
    let k = e.ty(idx).num_elements();
    if k != 1 {
        return Err(e.err(n, format!("its index has {} elements, not one", k)));
    }
    let idx = e.reshape(idx, vec![1])?;
    e.cast(idx, Dt::Si64)
}

/// `TensorListGetItem(list, index, element_shape)`: element `index`.
pub fn get_item(e: &mut TorchEmitter, n: &TfNode) -> R {
    let (l, lt) = list(e, n, 0)?;
    let elem = lt.with_shape(lt.shape[1..].to_vec());
    check_element_shape(e, n, 2, &elem.shape)?;
    let v = match known_index(e, n, 1) {
        Some(k) => {
            let k = in_range(e, n, k, lt.shape[0])?;
            e.aten("aten::select.int", vec![A::T(l), A::Int(0), A::Int(k)], elem)?
        }
        None => {
            let idx = index_vector(e, n, 1)?;
            let mut one = lt.shape.clone();
            one[0] = 1;
            let g = e.aten("aten::index_select", vec![A::T(l), A::Int(0), A::T(idx)], lt.with_shape(one))?;
            e.reshape(g, elem.shape)?
        }
    };
    Ok(vec![Converted::plain(v)])
}

/// `TensorListSetItem(list, index, item)`: the list with element `index` replaced.
pub fn set_item(e: &mut TorchEmitter, n: &TfNode) -> R {
    let (l, lt) = list(e, n, 0)?;
    let x = e.logical(n, 2)?;
    let xt = e.ty(x);
    let elem = &lt.shape[1..];
    if xt.shape != elem || xt.dt != lt.dt {
        return Err(e.err(n, format!("its item {} does not fit the list's elements {}", xt.torch_spelling(), lt.with_shape(elem.to_vec()).torch_spelling())));
    }
    let grows = e.attr_bool(n, "resize_if_index_out_of_bounds").unwrap_or(false);
    let known = known_index(e, n, 1);
    if lt.shape[0] == 1 && !grows {
        // The one element replaced: the list is the item (index 0, the only one TensorFlow
        // accepts here). The old list is not read, which the While lowering relies on to
        // see a variable the body overwrites (ops/control.rs, `guard_unread`).
        if let Some(k) = known {
            in_range(e, n, k, 1)?;
        }
        let v = e.reshape(x, lt.shape.clone())?;
        return Ok(vec![Converted::plain(v)]);
    }
    let v = match known {
        Some(k) => {
            if grows && k >= lt.shape[0] {
                return Err(e.err(n, format!("index {} grows the list of {} elements; only lists of static length are converted", k, lt.shape[0])));
            }
            let k = in_range(e, n, k, lt.shape[0])?;
            e.aten("aten::select_scatter", vec![A::T(l), A::T(x), A::Int(0), A::Int(k)], lt.clone())?
        }
        None => {
            if grows {
                return Err(e.err(n, "has resize_if_index_out_of_bounds with an index computed at run time; only lists of static length are converted"));
            }
            // where(iota == index, item, list), the mask [N, 1, ...] and the item [1, ...element].
            let idx = e.logical(n, 1)?;
            let it = e.ty(idx);
            if it.num_elements() != 1 || it.dt.is_float() {
                return Err(e.err(n, "its index is not an integer scalar"));
            }
            let count = lt.shape[0];
            e.within_budget(n, "the index literal of the list", &[count], it.dt)?;
            let iota = Tensor::ints(DType::i64(), vec![count], (0..count).collect());
            let iota = e.literal(&iota, it.dt);
            let idx = e.reshape(idx, vec![])?;
            let eq = e.aten("aten::eq.Tensor", vec![A::T(iota), A::T(idx)], TTy::new(vec![count], Dt::I1))?;
            let mut mask_shape = vec![1; lt.rank()];
            mask_shape[0] = count;
            let mask = e.reshape(eq, mask_shape)?;
            let mut item_shape = lt.shape.clone();
            item_shape[0] = 1;
            let item = e.reshape(x, item_shape)?;
            e.aten("aten::where.self", vec![A::T(mask), A::T(item), A::T(l)], lt.clone())?
        }
    };
    Ok(vec![Converted::plain(v)])
}

/// `TensorListStack(list, element_shape)`: the list's tensor (`num_elements`, when given,
/// must be its length).
pub fn stack(e: &mut TorchEmitter, n: &TfNode) -> R {
    let (l, lt) = list(e, n, 0)?;
    check_element_shape(e, n, 1, &lt.shape[1..])?;
    if let Some(k) = e.attr_int(n, "num_elements").filter(|&k| k >= 0) {
        if k != lt.shape[0] {
            return Err(e.err(n, format!("its num_elements is {} but the list has {} elements", k, lt.shape[0])));
        }
    }
    Ok(vec![Converted::plain(l)])
}

/// `TensorListGather(list, indices, element_shape)`: `aten.index_select` of the elements.
pub fn gather(e: &mut TorchEmitter, n: &TfNode) -> R {
    let (l, lt) = list(e, n, 0)?;
    check_element_shape(e, n, 2, &lt.shape[1..])?;
    let idx = e.logical(n, 1)?;
    let it = e.ty(idx);
    if it.rank() != 1 || it.dt.is_float() {
        return Err(e.err(n, "its indices are not an integer vector"));
    }
    if let Some(t) = e.known(n.inputs[1]) {
        for k in t.to_ints() {
            in_range(e, n, k, lt.shape[0])?;
        }
    }
    let idx = e.cast(idx, Dt::Si64)?;
    let mut shape = lt.shape.clone();
    shape[0] = it.shape[0];
    let v = e.aten("aten::index_select", vec![A::T(l), A::Int(0), A::T(idx)], lt.with_shape(shape))?;
    Ok(vec![Converted::plain(v)])
}

/// `TensorListLength(list)`: its static length, an int32 literal.
pub fn length(e: &mut TorchEmitter, n: &TfNode) -> R {
    let (_, lt) = list(e, n, 0)?;
    let t = Tensor::ints(DType::i32(), vec![], vec![lt.shape[0]]);
    Ok(vec![Converted::plain(e.literal(&t, Dt::Si32))])
}

/// `TensorListElementShape(list)`: its static element shape, a literal of `shape_type`.
pub fn element_shape(e: &mut TorchEmitter, n: &TfNode) -> R {
    let (_, lt) = list(e, n, 0)?;
    let dt = e.attr_dt(n, "shape_type").unwrap_or(Dt::Si32);
    let dims = lt.shape[1..].to_vec();
    let t = Tensor::ints(if dt == Dt::Si64 { DType::i64() } else { DType::i32() }, vec![dims.len() as i64], dims);
    Ok(vec![Converted::plain(e.literal(&t, dt))])
}
