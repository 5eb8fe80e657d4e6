//! Functional control flow: `If`/`StatelessIf`, `While`/`StatelessWhile`, `Case`/
//! `StatelessCase` (and `PartitionedCall`/`StatefulPartitionedCall`), whose bodies are
//! functions of the graph's library, become torch-mlir's region ops with the functions
//! converted and inlined into the regions:
//!
//! * If → `torch.prim.If` on `torch.aten.Bool.Tensor` of the condition, each branch ending
//!   in `torch.prim.If.yield`;
//! * Case → a chain of `torch.prim.If` on `index == k` (an index out of range runs the last
//!   branch, as TensorFlow's default branch);
//! * While → `torch.prim.Loop` in its while form (torch-mlir's importers' form): the maximum
//!   trip count is `INT64_MAX`, the initial condition is the `cond` function on the initial
//!   values, and each iteration runs `body`, then `cond` on its results for
//!   `torch.prim.Loop.condition`. A loop whose condition only counts (`i < n` with `i`
//!   stepped by a constant, Keras's recurrent layers) is a for loop instead: its trip count
//!   and a condition always true ([`counted_trips`]). A loop variable the body returns
//!   unchanged is not carried (it is the initial value everywhere), so captured weights stay
//!   outside the loop;
//! * a call → the function inlined in place.
//!
//! The driver plans every function reachable from the converted nodes before converting
//! ([`called_functions`], [`FunctionBody`]), so a node without a rule inside a branch is
//! listed in the one error about unconvertible nodes.

use std::sync::Arc;

use super::super::emitter::{Converted, TfNode, TorchEmitter, A};
use super::super::types::{Dt, TTy};
use super::Lowering;
use crate::diag::Diagnostic;
use crate::ir::{AttrData, Module, OpId, Span, ValueId};

type R = Result<Vec<Converted>, Diagnostic>;

/// A library function planned for inlining: its data arguments, the values it returns, and
/// its needed nodes in order with the lowering of each.
pub struct FunctionBody {
    pub func: OpId,
    pub name: String,
    pub args: Vec<ValueId>,
    pub rets: Vec<ValueId>,
    pub order: Vec<TfNode>,
    pub chosen: Vec<Lowering>,
    /// The types of its values as written, restored before each inlining (the arguments'
    /// types are refined from what each call passes, and its nodes' from them).
    pub types: Vec<(ValueId, crate::ir::TypeId)>,
}

impl FunctionBody {
    /// Plans `func` (a `tfg.func`): `plan` is the boundary plan of its body.
    pub fn new(m: &Module, func: OpId, name: String, plan: crate::convert::tf_to_torch::boundary::Plan, chosen: Vec<Lowering>) -> Self {
        let mut types: Vec<(ValueId, crate::ir::TypeId)> = plan.feeds.iter().map(|&a| (a, m.body.value_type(a))).collect();
        for n in &plan.order {
            types.extend(n.results.iter().map(|&r| (r, m.body.value_type(r))));
        }
        FunctionBody { func, name, args: plan.feeds, rets: plan.fetches, order: plan.order, chosen, types }
    }
}

/// The names of the functions a control-flow node calls (attribute order: then, else; cond,
/// body; the branches), or `None` when `op` is not one of the ops converted here.
pub fn called_functions(m: &Module, op: OpId) -> Option<Vec<(String, Span)>> {
    let keys: &[&str] = match crate::dialect::tfg::op_type(m, op) {
        "If" | "StatelessIf" => &["then_branch", "else_branch"],
        "While" | "StatelessWhile" => &["cond", "body"],
        "Case" | "StatelessCase" => &["branches"],
        "PartitionedCall" | "StatefulPartitionedCall" => &["f"],
        _ => return None,
    };
    let span = m.body.op(op).span;
    let mut out = Vec::new();
    for k in keys {
        let Some(a) = m.op_attr(op, k) else { continue };
        let a = m.ctx.resolved_attr(a);
        let items = match m.ctx.attr_data(a) {
            AttrData::Array(items) => items.clone(),
            _ => vec![a],
        };
        for item in items {
            if let Some((name, _)) = crate::passes::control_flow::common::func_ref(m, item) {
                out.push((name, span));
            }
        }
    }
    Some(out)
}

/// The planned function a node's attribute `key` names (`index` in a list attribute).
fn function(e: &TorchEmitter, n: &TfNode, key: &str, index: usize) -> Result<Arc<FunctionBody>, Diagnostic> {
    let a = e.attr(n, key).ok_or_else(|| e.err(n, format!("has no attribute '{}'", key)))?;
    let item = match e.m.ctx.attr_data(a) {
        AttrData::Array(items) => *items.get(index).ok_or_else(|| e.err(n, format!("'{}' has no function {}", key, index)))?,
        _ => a,
    };
    let (name, _) = crate::passes::control_flow::common::func_ref(e.m, item)
        .ok_or_else(|| e.err(n, format!("'{}' is not a function reference", key)))?;
    e.functions
        .values()
        .find(|f| f.name == name)
        .cloned()
        .ok_or_else(|| e.err(n, format!("calls '{}', which is not a function of the library", name)))
}

/// Converts the body of `f` where the emitter is, its arguments bound to `args` (torch values
/// in the TensorFlow layout); returns the values it returns, in the TensorFlow layout. The
/// function's argument types are refined to the arguments' first, so its nodes see shapes.
/// Its constants stay bound in the current scope and are reused when it is inlined again
/// there (they dominate); every other node is converted anew each time.
fn inline(e: &mut TorchEmitter, n: &TfNode, f: &FunctionBody, args: &[ValueId], tf_args: &[Option<ValueId>]) -> Result<Vec<ValueId>, Diagnostic> {
    if args.len() != f.args.len() {
        return Err(e.err(n, format!("passes {} values to '{}', which takes {}", args.len(), f.name, f.args.len())));
    }
    if e.inlining.contains(&f.func) {
        return Err(e.err(n, format!("calls '{}' from within itself; recursion cannot be inlined", f.name)));
    }
    // What an earlier inlining bound is forgotten (its values may depend on other argument
    // shapes), except constants, which are the same and dominate here when still bound.
    for &(v, t) in &f.types {
        e.m.body.set_value_type(v, t);
        e.known_memo.borrow_mut().remove(&v);
        let is_const = e.m.body.defining_op(v).is_some_and(|o| crate::dialect::tfg::op_type(e.m, o) == "Const");
        if !is_const {
            e.unbind(v);
        }
    }
    for (i, &a) in f.args.iter().enumerate() {
        match tf_args.get(i).copied().flatten() {
            Some(outer) => e.arg_alias.insert(a, outer),
            None => e.arg_alias.remove(&a),
        };
    }
    e.inlining.push(f.func);
    let r = inline_body(e, n, f, args);
    e.inlining.pop();
    r
}

fn inline_body(e: &mut TorchEmitter, n: &TfNode, f: &FunctionBody, args: &[ValueId]) -> Result<Vec<ValueId>, Diagnostic> {
    for (&tf, &v) in f.args.iter().zip(args) {
        let t = e.ty(v);
        e.learn_shape(tf, &t.shape);
        e.bind(tf, Converted::plain(v));
    }
    let mut cx = crate::passes::PassContext::new();
    crate::passes::folding::shape_inference::run(e.m, crate::passes::PassTarget::Op(f.func), &mut cx, crate::convert::tf_to_torch::driver::SHAPE_CONSTANT_BYTES)
        .map_err(|d| d.into_iter().next().unwrap_or_else(|| e.err(n, "shape inference failed")))?;
    crate::convert::tf_to_torch::driver::convert_nodes(e, &f.order, &f.chosen, false)?;
    let mut out = Vec::with_capacity(f.rets.len());
    for &r in &f.rets {
        match e.logical_of(r) {
            Some(v) => out.push(v?),
            None => return Err(e.err(n, format!("'{}' returns a value with no torch value", f.name))),
        }
    }
    Ok(out)
}

/// The data inputs of `n` from `from` on, in the TensorFlow layout.
fn inputs_from(e: &mut TorchEmitter, n: &TfNode, from: usize) -> Result<Vec<ValueId>, Diagnostic> {
    (from..n.inputs.len()).map(|i| e.logical(n, i)).collect()
}

/// The TensorFlow inputs of `n` from `from` on, as what function arguments stand for.
fn tf_inputs(n: &TfNode, from: usize) -> Vec<Option<ValueId>> {
    n.inputs.iter().skip(from).map(|&v| Some(v)).collect()
}

/// A scalar condition tensor as `!torch.bool`.
fn condition(e: &mut TorchEmitter, n: &TfNode, v: ValueId, what: &str) -> Result<ValueId, Diagnostic> {
    let t = e.ty(v);
    if t.num_elements() != 1 {
        return Err(e.err(n, format!("{} is a tensor of shape {:?}; only a one-element condition is converted", what, t.shape)));
    }
    Ok(e.to_bool(v))
}

/// One arm of a `torch.prim.If`: a function and its arguments, or (for Case) the rest of
/// the chain.
enum Arm<'a> {
    Call(Arc<FunctionBody>, &'a [ValueId]),
    Chain(ValueId, &'a [Arc<FunctionBody>], usize, &'a [ValueId]),
}

/// Fills `block` with the arm's ops and its `torch.prim.If.yield`; returns the yielded values.
fn arm(e: &mut TorchEmitter, n: &TfNode, a: Arm, block: crate::ir::BlockId) -> Result<Vec<ValueId>, Diagnostic> {
    let scope = e.enter(block);
    let r = match a {
        Arm::Call(f, args) => inline(e, n, &f, args, &tf_inputs(n, 1)),
        Arm::Chain(index, branches, k, args) => case_chain(e, n, index, branches, k, args),
    };
    if let Ok(vs) = &r {
        e.push_op("torch.prim.If.yield", vs, &[], Vec::new());
    }
    e.leave(scope);
    r
}

/// `torch.prim.If %c` with the two arms; returns its results.
fn prim_if(e: &mut TorchEmitter, n: &TfNode, c: ValueId, then: Arm, els: Arm) -> Result<Vec<ValueId>, Diagnostic> {
    let (tb, eb) = (e.m.body.create_block(Span::default()), e.m.body.create_block(Span::default()));
    let tv = arm(e, n, then, tb)?;
    let ev = arm(e, n, els, eb)?;
    let tt: Vec<TTy> = tv.iter().map(|&v| e.ty(v)).collect();
    let et: Vec<TTy> = ev.iter().map(|&v| e.ty(v)).collect();
    if tt.len() != et.len() {
        return Err(e.err(n, format!("its branches return {} and {} values", tt.len(), et.len())));
    }
    for (i, (a, b)) in tt.iter().zip(&et).enumerate() {
        if a != b {
            return Err(e.err(
                n,
                format!("its branches return result {} as {} and {}; torch.prim.If needs one type", i, a.torch_spelling(), b.torch_spelling()),
            ));
        }
    }
    let types: Vec<_> = tt.iter().map(|t| e.vtensor_type(t)).collect();
    let regions = vec![e.m.body.create_region(vec![tb], Span::default()), e.m.body.create_region(vec![eb], Span::default())];
    let op = e.push_op("torch.prim.If", &[c], &types, regions);
    let rs = e.m.body.results(op).to_vec();
    for (&r, t) in rs.iter().zip(tt) {
        e.set_type(r, t);
    }
    Ok(rs)
}

/// `If` / `StatelessIf`: `torch.prim.If` on the condition, the branches inlined.
pub fn if_(e: &mut TorchEmitter, n: &TfNode) -> R {
    let then = function(e, n, "then_branch", 0)?;
    let els = function(e, n, "else_branch", 0)?;
    let c = e.logical(n, 0)?;
    let c = condition(e, n, c, "the condition")?;
    let args = inputs_from(e, n, 1)?;
    let rs = prim_if(e, n, c, Arm::Call(then, &args), Arm::Call(els, &args))?;
    Ok(rs.into_iter().map(Converted::plain).collect())
}

/// Branch `k` of a Case if the index is `k`, else the rest of the chain; the last branch
/// takes every other index (TensorFlow's default branch).
fn case_chain(e: &mut TorchEmitter, n: &TfNode, index: ValueId, branches: &[Arc<FunctionBody>], k: usize, args: &[ValueId]) -> Result<Vec<ValueId>, Diagnostic> {
    if k + 1 >= branches.len() {
        return inline(e, n, &branches[branches.len() - 1], args, &tf_inputs(n, 1));
    }
    let eq = e.aten("aten::eq.Scalar", vec![A::T(index), A::Int(k as i64)], TTy::new(vec![], Dt::I1))?;
    let c = e.to_bool(eq);
    prim_if(e, n, c, Arm::Call(branches[k].clone(), args), Arm::Chain(index, branches, k + 1, args))
}

/// `Case` / `StatelessCase`: a chain of `torch.prim.If` on `index == k`.
pub fn case(e: &mut TorchEmitter, n: &TfNode) -> R {
    let count = match e.attr(n, "branches").map(|a| e.m.ctx.attr_data(a).clone()) {
        Some(AttrData::Array(items)) if !items.is_empty() => items.len(),
        _ => return Err(e.err(n, "has no branches")),
    };
    let branches: Vec<Arc<FunctionBody>> = (0..count).map(|k| function(e, n, "branches", k)).collect::<Result<_, _>>()?;
    let index = e.logical(n, 0)?;
    let t = e.ty(index);
    if t.num_elements() != 1 || t.dt.is_float() || t.dt == Dt::I1 {
        return Err(e.err(n, "its branch index is not an integer scalar"));
    }
    let args = inputs_from(e, n, 1)?;
    let rs = case_chain(e, n, index, &branches, 0, &args)?;
    Ok(rs.into_iter().map(Converted::plain).collect())
}

/// `PartitionedCall` / `StatefulPartitionedCall`: the function inlined in place.
pub fn call(e: &mut TorchEmitter, n: &TfNode) -> R {
    let f = function(e, n, "f", 0)?;
    let args = inputs_from(e, n, 0)?;
    let rs = inline(e, n, &f, &args, &tf_inputs(n, 0))?;
    Ok(rs.into_iter().map(Converted::plain).collect())
}

/// `v` seen through Identity nodes (what a body returns unchanged is often `Identity(arg)`).
pub fn through_identity(m: &Module, mut v: ValueId) -> ValueId {
    while let Some(op) = m.body.defining_op(v) {
        if !matches!(crate::dialect::tfg::op_type(m, op), "Identity" | "Snapshot") {
            break;
        }
        match crate::dialect::tfg::data_operands(m, op).first() {
            Some(&x) => v = x,
            None => break,
        }
    }
    v
}

/// A loop variable whose next value does not read its current one (a TensorList the body
/// overwrites whole, a variable recomputed from the others) leaves its block argument unread;
/// IREE's stream conversion of `scf.while` (through torch-mlir's `torch.prim.Loop` lowering)
/// crashes on such a loop. Each such variable's next value is made
/// `where(guard, next, current)` with `guard` the loop condition carried as one more
/// variable (`!torch.vtensor<[],i1>`, last): the body runs only while the condition holds,
/// so this is `next`, and the argument is read. Returns whether the guard was added (the
/// caller then adds its initial value, [`guard_value`] of the initial condition).
fn guard_unread(
    e: &mut TorchEmitter,
    block: crate::ir::BlockId,
    init: &[ValueId],
    invariant: &[bool],
    vars: &[ValueId],
    carried_next: &mut Vec<ValueId>,
    c_tensor: ValueId,
) -> Result<bool, Diagnostic> {
    let carried: Vec<usize> = (0..init.len()).filter(|&i| !invariant[i]).collect();
    let unread: Vec<usize> = (0..carried.len()).filter(|&k| !e.m.body.has_uses(vars[carried[k]])).collect();
    if unread.is_empty() {
        return Ok(false);
    }
    let guard = e.tensor_arg(block, &TTy::new(vec![], Dt::I1));
    for k in unread {
        let (next, current) = (carried_next[k], vars[carried[k]]);
        let t = e.ty(next);
        carried_next[k] = e.aten("aten::where.self", vec![A::T(guard), A::T(next), A::T(current)], t)?;
    }
    let g = guard_value(e, c_tensor)?;
    carried_next.push(g);
    Ok(true)
}

/// A one-element condition tensor as the `!torch.vtensor<[],i1>` guard of [`guard_unread`].
fn guard_value(e: &mut TorchEmitter, c: ValueId) -> Result<ValueId, Diagnostic> {
    let c = e.reshape(c, vec![])?;
    e.cast(c, Dt::I1)
}

/// The trip count of a while loop that only counts: `cond` is a conjunction (`LogicalAnd`)
/// of `var < bound`, each `var` a loop variable that starts at a known integer and that
/// `body` steps by a known positive constant (`var + step`), each bound a constant or a
/// loop-invariant variable of known value. Keras's recurrent layers (`time < steps` and
/// `iteration < maximum_iterations`), `tf.while_loop(lambda i, ...: i < n, ...)` and
/// `tf.range` loops have this form. Such a loop converts to a for loop, which torch-mlir
/// lowers to `scf.for` and `torch.compile` traces through (a while loop's condition is a
/// Python bool read from a tensor: a graph break).
fn counted_trips(e: &TorchEmitter, n: &TfNode, cond: &FunctionBody, body: &FunctionBody, invariant: &[bool]) -> Option<i64> {
    let m: &Module = e.m;
    let var = |args: &[ValueId], v: ValueId| args.iter().position(|&a| a == through_identity(m, v));
    let initial = |k: usize| n.inputs.get(k).and_then(|&v| known_int(e, v));
    let mut trips: Option<i64> = None;
    let mut conjuncts = vec![*cond.rets.first()?];
    while let Some(v) = conjuncts.pop() {
        let op = m.body.defining_op(through_identity(m, v))?;
        let operands = crate::dialect::tfg::data_operands(m, op);
        match (crate::dialect::tfg::op_type(m, op), operands.as_slice()) {
            ("LogicalAnd", [a, b]) => conjuncts.extend([*a, *b]),
            ("Less", [x, limit]) => {
                let k = var(&cond.args, *x)?;
                let limit = match var(&cond.args, *limit) {
                    Some(j) if invariant.get(j) == Some(&true) => initial(j)?,
                    Some(_) => return None,
                    None => known_int(e, through_identity(m, *limit))?,
                };
                let (start, step) = (initial(k)?, counter_step(e, body, k)?);
                let t = if limit <= start { 0 } else { (limit.checked_sub(start)?.checked_add(step - 1)?) / step };
                trips = Some(trips.map_or(t, |u| u.min(t)));
            }
            _ => return None,
        }
    }
    trips
}

/// What loop variable `k` grows by in each iteration, when `body` returns it as
/// `var + step` (`Add`/`AddV2`, either order) with `step` a positive constant.
fn counter_step(e: &TorchEmitter, body: &FunctionBody, k: usize) -> Option<i64> {
    let m: &Module = e.m;
    let arg = *body.args.get(k)?;
    let op = m.body.defining_op(through_identity(m, *body.rets.get(k)?))?;
    if !matches!(crate::dialect::tfg::op_type(m, op), "Add" | "AddV2") {
        return None;
    }
    let step = match crate::dialect::tfg::data_operands(m, op).as_slice() {
        [a, s] if through_identity(m, *a) == arg => *s,
        [s, a] if through_identity(m, *a) == arg => *s,
        _ => return None,
    };
    known_int(e, through_identity(m, step)).filter(|&s| s > 0)
}

/// The value of a one-element integer tensor known at conversion time.
fn known_int(e: &TorchEmitter, v: ValueId) -> Option<i64> {
    e.known(v).filter(|t| t.len() == 1 && !t.dtype.is_float()).map(|t| t.int_at(0))
}

/// The maximum trip count of a while loop (as torch-mlir's TorchScript importer writes it).
const WHILE_TRIPS: i64 = i64::MAX;

/// `While` / `StatelessWhile`: `torch.prim.Loop` in its while form (see the module doc).
pub fn while_(e: &mut TorchEmitter, n: &TfNode) -> R {
    let cond = function(e, n, "cond", 0)?;
    let body = function(e, n, "body", 0)?;
    let init = inputs_from(e, n, 0)?;
    if body.rets.len() != init.len() {
        return Err(e.err(n, format!("its body '{}' returns {} values for {} loop variables", body.name, body.rets.len(), init.len())));
    }
    if cond.rets.len() != 1 {
        return Err(e.err(n, format!("its cond '{}' returns {} values, not one", cond.name, cond.rets.len())));
    }
    // A variable the body returns unchanged is the initial value in every iteration.
    let invariant: Vec<bool> = (0..init.len()).map(|i| body.args.get(i) == Some(&through_identity(e.m, body.rets[i]))).collect();

    // A loop that only counts is a for loop: its trip count, and a condition always true.
    let counted = counted_trips(e, n, &cond, &body, &invariant);
    let (trips, c0_tensor, c0) = match counted {
        Some(trips) => (e.const_int(trips), None, e.const_bool(true)),
        None => {
            // The condition before the first iteration.
            let c0 = inline(e, n, &cond, &init, &tf_inputs(n, 0))?[0];
            let c0_bool = condition(e, n, c0, "the loop condition")?;
            (e.const_int(WHILE_TRIPS), Some(c0), c0_bool)
        }
    };

    // The body: ^bb0(%iv: !torch.int, carried...).
    let block = e.m.body.create_block(Span::default());
    let int_ty = e.torch_type("!torch.int");
    e.m.body.add_block_arg(block, int_ty, crate::ir::body::BlockArgInfo::default());
    // In the loop, only the invariant variables are the caller's values.
    let stable: Vec<Option<ValueId>> = tf_inputs(n, 0).into_iter().zip(&invariant).map(|(v, &inv)| v.filter(|_| inv)).collect();
    let mut vars = init.clone();
    let mut carried_init = Vec::new();
    for (i, &v) in init.iter().enumerate() {
        if !invariant[i] {
            let t = e.ty(v);
            vars[i] = e.tensor_arg(block, &t);
            carried_init.push(v);
        }
    }
    let scope = e.enter(block);
    let result = (|| {
        let next = inline(e, n, &body, &vars, &stable)?;
        let mut carried_next = Vec::new();
        for (i, (&a, &b)) in init.iter().zip(&next).enumerate() {
            if invariant[i] {
                continue;
            }
            let (ta, tb) = (e.ty(a), e.ty(b));
            if ta != tb {
                return Err(e.err(
                    n,
                    format!(
                        "loop variable {} enters as {} and the body returns {}; torch.prim.Loop needs one type",
                        i,
                        ta.torch_spelling(),
                        tb.torch_spelling()
                    ),
                ));
            }
            carried_next.push(b);
        }
        // A for loop runs its body only while the condition holds: a variable the body does
        // not read needs no guard (torch-mlir lowers it to scf.for, not scf.while).
        let (c, guarded) = match counted {
            Some(_) => (e.const_bool(true), false),
            None => {
                let c_tensor = inline(e, n, &cond, &next, &stable)?[0];
                let guarded = guard_unread(e, block, &init, &invariant, &vars, &mut carried_next, c_tensor)?;
                (condition(e, n, c_tensor, "the loop condition")?, guarded)
            }
        };
        let mut operands = vec![c];
        operands.extend(&carried_next);
        e.push_op("torch.prim.Loop.condition", &operands, &[], Vec::new());
        Ok(guarded)
    })();
    e.leave(scope);
    // Only a while loop is guarded, and it has its initial condition.
    if let Some(c0_tensor) = c0_tensor.filter(|_| matches!(result, Ok(true))) {
        carried_init.push(guard_value(e, c0_tensor)?);
    }
    result?;

    let tys: Vec<TTy> = carried_init.iter().map(|&v| e.ty(v)).collect();
    let types: Vec<_> = tys.iter().map(|t| e.vtensor_type(t)).collect();
    let region = e.m.body.create_region(vec![block], Span::default());
    let mut operands = vec![trips, c0];
    operands.extend(&carried_init);
    let op = e.push_op("torch.prim.Loop", &operands, &types, vec![region]);
    let rs = e.m.body.results(op).to_vec();
    for (&r, t) in rs.iter().zip(tys) {
        e.set_type(r, t);
    }
    let mut k = 0;
    let mut out = Vec::with_capacity(init.len());
    for (i, &v) in init.iter().enumerate() {
        if invariant[i] {
            out.push(Converted::plain(v));
        } else {
            out.push(Converted::plain(rs[k]));
            k += 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::called_functions;

    /// The functions each control-flow op names, in attribute order; other ops name none.
    #[test]
    fn called_functions_by_op() {
        let text = r#"tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %ctl = If name("a") {then_branch = #tf_type.func<@t, {}>, else_branch = #tf_type.func<@e, {}>} : () -> ()
  %ctl_0 = StatelessWhile name("b") {cond = #tf_type.func<@c, {}>, body = #tf_type.func<@b, {}>} : () -> ()
  %ctl_1 = Case name("c") {branches = [#tf_type.func<@x, {}>, #tf_type.func<@y, {}>, #tf_type.func<@z, {}>]} : () -> ()
  %ctl_2 = StatefulPartitionedCall name("d") {f = #tf_type.func<@g, {}>} : () -> ()
  %ctl_3 = Relu name("e") : () -> ()
}
"#;
        let m = crate::syntax::parse_module(text).expect("parses");
        let graph = m.top_ops()[0];
        let block = crate::dialect::tfg::body_block(&m, graph).expect("body");
        let got: Vec<Option<Vec<String>>> = m
            .body
            .block_ops(block)
            .map(|op| called_functions(&m, op).map(|fs| fs.into_iter().map(|(n, _)| n).collect()))
            .collect();
        let want = |v: &[&str]| Some(v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(got, vec![want(&["t", "e"]), want(&["c", "b"]), want(&["x", "y", "z"]), want(&["g"]), None]);
    }
}
