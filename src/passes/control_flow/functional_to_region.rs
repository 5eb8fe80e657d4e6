//! `tfg-functional-to-region`: functional control-flow ops (`If`, `Case`, `While`, `For`
//! and their stateless/stateful forms), which call branch and body functions through
//! `#tf_type.func<@f, {...}>` attributes, become region ops holding a copy of those
//! functions' bodies (TensorFlow's tensorflow/core/transforms/functional_to_region).
//!
//! * `If`/`Case`: the function arguments are replaced by the op's operands (implicit
//!   capture; no casts are inserted when the types differ), argument attributes are
//!   dropped; `While`/`For`: the bodies keep their arguments, reordered to the region
//!   layout (data arguments, then one token each), typed as the op's operands.
//! * The call attributes become `then_attrs`/`branch_attrs`/`body_attrs`...; what the
//!   function carries (its name, `description`, `is_stateful`, `tf.*`, argument and
//!   result attributes) is kept in `#tfg.region_attrs` for the way back.
//! * When the op has a name, each copied top-level op's name gets
//!   `_tfg_inlined_<op name>_<region number>` appended.
//! * `return` becomes `yield` (`condition` in a while condition).
//!
//! Like TensorFlow's greedy driver (16 iterations at most), copies are converted on the
//! next sweep; a sweep that still changes something after 16 fails the pass.

use rustc_hash::FxHashMap;

use super::common::*;
use super::worklist::{erase_if_trivially_dead, Worklist};
use crate::diag::Diagnostic;
use crate::dialect::tfg::{control_operands, data_operands, data_results, NodeBuilder};
use crate::ir::body::Span;
use crate::ir::{AttrData, AttrId, BlockId, Module, NamedAttr, OpId, TypeId, ValueId};
use crate::passes::{PassContext, PassTarget};

/// TensorFlow's iteration limit for this pass's greedy rewrite.
const MAX_ITERATIONS: usize = 16;

/// Runs the pass on the functions and graphs of `target` (a module).
pub fn run(m: &mut Module, target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
    let blocks = target.blocks(m);
    let Some(&top) = blocks.first() else { return Ok(()) };
    let table = SymbolTable::new(m, top);
    let mut iteration = 0;
    loop {
        if iteration == MAX_ITERATIONS {
            let span = match target {
                PassTarget::Op(op) => m.body.op(op).span,
                PassTarget::Module => Span::default(),
            };
            return Err(vec![Diagnostic::error(
                span,
                format!("tfg-functional-to-region: the conversion did not converge in {} iterations", MAX_ITERATIONS),
            )]);
        }
        iteration += 1;
        let mut changed = false;
        let mut wl = Worklist::preorder(m, &blocks);
        while let Some(op) = wl.pop(m) {
            if erase_if_trivially_dead(m, op, &mut wl) {
                changed = true;
                continue;
            }
            let Some((kind, region_name)) = functional_op(m.op_name(op)) else { continue };
            let wl = &mut wl;
            let converted = match kind {
                Kind::If => convert_if(m, &table, op, region_name, wl),
                Kind::Case => convert_case(m, &table, op, region_name, wl),
                Kind::While => convert_while(m, &table, op, region_name, wl),
                Kind::For => convert_for(m, &table, op, region_name, wl),
            };
            if converted {
                changed = true;
                cx.stat("num-converted", "Number of functional ops converted to region form", 1);
            }
        }
        if !changed {
            return Ok(());
        }
        cx.mark_changed();
    }
}

/// The function a `#tf_type.func` attribute `key` of `op` names, if it can be inlined,
/// with the call attributes.
fn callee(m: &Module, table: &SymbolTable, op: OpId, key: &str) -> Option<(OpId, AttrId)> {
    let (name, call_attrs) = func_ref(m, attr(m, op, key)?)?;
    callee_named(m, table, &name).map(|f| (f, call_attrs))
}

fn callee_named(m: &Module, table: &SymbolTable, name: &str) -> Option<OpId> {
    let f = table.lookup_func(m, name)?;
    if cannot_inline(m, f) {
        return None;
    }
    // A body ending in `return` is what gets inlined.
    let block = region_block(m, f, 0)?;
    let last = m.body.last_op(block)?;
    (m.op_name(last) == "tfg.return").then_some(f)
}

/// Number of data arguments of a function (its block arguments come in data/token pairs).
fn func_data_args(m: &Module, f: OpId) -> usize {
    region_block(m, f, 0).map(|b| m.body.block(b).args.len() / 2).unwrap_or(0)
}

/// The data operands of the function's `return`.
fn return_data(m: &Module, f: OpId) -> Vec<ValueId> {
    let block = region_block(m, f, 0).expect("checked body");
    let ret = m.body.last_op(block).expect("checked return");
    data_operands(m, ret).into_vec()
}

/// `PreserveFunctionAttributes` and `PreserveAttributes`: the function attributes worth
/// keeping on the region (`description`, `is_stateful`, the resource id lists, `tf.*` and
/// the function's name), its argument attributes (unless `drop_args`) without the tokens'
/// and its result attributes. `None` when all are empty, unless `allow_empty`.
fn preserve_attributes(m: &mut Module, f: OpId, drop_args: bool, allow_empty: bool) -> Option<AttrId> {
    let mut keep: Vec<NamedAttr> = Vec::new();
    for key in ["description", "is_stateful", "resource_arg_unique_ids_keys", "resource_arg_unique_ids_values"] {
        if let Some(a) = m.op_attr(f, key) {
            keep.push(named(m, key, a));
        }
    }
    for a in m.body.attrs(f) {
        if m.ctx.str(a.name).starts_with("tf.") {
            keep.push(*a);
        }
    }
    if let Some(a) = m.op_attr(f, "sym_name") {
        keep.push(named(m, "sym_name", a));
    }
    let arg_attrs: Vec<AttrId> = if drop_args {
        Vec::new()
    } else {
        dict_list(m, m.op_attr(f, "arg_attrs")).into_iter().step_by(2).collect()
    };
    let res_attrs = dict_list(m, m.op_attr(f, "res_attrs"));
    let all_empty = keep.is_empty()
        && arg_attrs.iter().chain(&res_attrs).all(|&d| m.ctx.dict_entries(d).is_empty());
    if all_empty && !allow_empty {
        return None;
    }
    let attrs = crate::dialect::tfg_func::sorted_dict(m, keep);
    Some(m.ctx.attr(AttrData::TfgRegionAttrs { attrs, arg_attrs, res_attrs }))
}

/// Whether a `#tfg.region_attrs` is all empty.
fn region_attrs_empty(m: &Module, a: AttrId) -> bool {
    match m.ctx.attr_data(a) {
        AttrData::TfgRegionAttrs { attrs, arg_attrs, res_attrs } => {
            m.ctx.dict_entries(*attrs).is_empty()
                && arg_attrs.iter().chain(res_attrs).all(|&d| m.ctx.dict_entries(d).is_empty())
        }
        _ => false,
    }
}

/// A fresh single-block region with a block holding `data` arguments and one token each.
fn new_region(m: &mut Module, data: &[TypeId]) -> (crate::ir::RegionId, BlockId) {
    let block = m.body.create_block(Span::default());
    for &t in data {
        m.body.add_block_arg(block, t, Default::default());
    }
    let control = m.ctx.control_type();
    for _ in data {
        m.body.add_block_arg(block, control, Default::default());
    }
    (m.body.create_region(vec![block], Span::default()), block)
}

/// Copies the body of `func` into `block`: its block arguments become `targets` (one per
/// argument, data and tokens alike), its ops keep no spelled result names (the printer
/// names them afresh), and when `owner` has a node name each top-level op's name gets
/// `_tfg_inlined_<owner name>_<region_index>`.
fn inline_body(m: &mut Module, func: OpId, block: BlockId, targets: &[ValueId], owner: OpId, region_index: usize) {
    let mut map = FxHashMap::default();
    let copy = m.body.clone_op(func, &mut map);
    let copy_block = region_block(m, copy, 0).expect("function body");
    let copy_args: Vec<ValueId> = m.body.block(copy_block).args.clone();
    for (&a, &t) in copy_args.iter().zip(targets) {
        m.body.replace_all_uses(a, t);
    }
    let ops: Vec<OpId> = m.body.block_ops(copy_block).collect();
    let owner_name = m.node_name(owner);
    for op in ops {
        m.body.move_op_to_end(op, block);
        let mut nested = Vec::new();
        m.body.walk(op, |o| nested.push(o));
        for o in nested {
            m.body.clear_result_names(o);
            // Nested blocks' arguments too: a spelled name could shadow one of the
            // enclosing body's.
            let blocks: Vec<BlockId> =
                m.body.op(o).regions.iter().flat_map(|&r| m.body.region(r).blocks.clone()).collect();
            for b in blocks {
                for info in &mut m.body.block_mut(b).arg_info {
                    info.name = None;
                }
            }
        }
        if let Some(owner_name) = &owner_name {
            if let Some(name) = m.node_name(op) {
                let renamed = format!("{}_tfg_inlined_{}_{}", name, owner_name, region_index);
                m.set_string_attr(op, crate::ir::module::NODE_NAME, Some(&renamed));
            }
        }
    }
    m.body.erase_op(copy);
}

/// Replaces the `return` ending `block` by `yield(data) [ctls]`.
fn return_to_yield(m: &mut Module, block: BlockId, wl: &mut Worklist) {
    let ret = m.body.last_op(block).expect("return");
    let data = data_operands(m, ret);
    let ctls = control_operands(m, ret);
    let y = NodeBuilder::new(m, "tfg.yield").operands(&data).control_operands(&ctls).without_control_result().build();
    m.body.insert_op_before(ret, y);
    wl.push(m, y);
    wl.erase_op(m, ret);
}

/// Creates the region op before `op`, with `op`'s data result types, and replaces `op`.
#[allow(clippy::too_many_arguments)]
fn build_region_op(
    m: &mut Module,
    op: OpId,
    name: &str,
    operands: &[ValueId],
    ctls: &[ValueId],
    regions: &[crate::ir::RegionId],
    attrs: Vec<NamedAttr>,
    wl: &mut Worklist,
) -> OpId {
    let types: Vec<TypeId> = data_results(m, op).iter().map(|&v| m.body.value_type(v)).collect();
    let loc = m.body.op(op).loc;
    let mut b = NodeBuilder::new(m, name).operands(operands).control_operands(ctls).results(&types).attrs(&attrs).loc(loc);
    for &r in regions {
        b = b.region(r);
    }
    let new = b.build();
    forward_non_intrinsic(m, op, new);
    copy_span(m, op, new);
    m.body.insert_op_before(op, new);
    wl.push(m, new);
    new
}

/// The data value and its token for each operand, as the inlined arguments.
fn arg_targets(m: &Module, args: &[ValueId]) -> Option<Vec<ValueId>> {
    let mut out = Vec::with_capacity(args.len() * 2);
    for &a in args {
        out.push(a);
        out.push(control_dep(m, a)?);
    }
    Some(out)
}

fn finish(m: &mut Module, op: OpId, new: OpId, wl: &mut Worklist) {
    let results = m.body.results(new).to_vec();
    wl.replace_op(m, op, &results, new);
}

fn convert_if(m: &mut Module, table: &SymbolTable, op: OpId, region_name: &str, wl: &mut Worklist) -> bool {
    let (Some((then_f, then_call)), Some((else_f, else_call))) =
        (callee(m, table, op, "then_branch"), callee(m, table, op, "else_branch"))
    else {
        return false;
    };
    let operands: Vec<ValueId> = m.body.operands(op).collect();
    let Some((&cond, rest)) = operands.split_first() else { return false };
    let (args, ctls) = split_control(m, rest);
    if func_data_args(m, then_f) != args.len() || func_data_args(m, else_f) != args.len() {
        return false;
    }
    let Some(targets) = arg_targets(m, &args) else { return false };
    let then_region = preserve_attributes(m, then_f, true, false);
    let else_region = preserve_attributes(m, else_f, true, false);
    let mut attrs = vec![named(m, "then_attrs", then_call), named(m, "else_attrs", else_call)];
    if let Some(a) = then_region {
        attrs.push(named(m, "then_region_attrs", a));
    }
    if let Some(a) = else_region {
        attrs.push(named(m, "else_region_attrs", a));
    }
    let (r0, b0) = new_region(m, &[]);
    let (r1, b1) = new_region(m, &[]);
    let new = build_region_op(m, op, region_name, &[cond], &ctls, &[r0, r1], attrs, wl);
    inline_body(m, then_f, b0, &targets, new, 0);
    inline_body(m, else_f, b1, &targets, new, 1);
    return_to_yield(m, b0, wl);
    return_to_yield(m, b1, wl);
    finish(m, op, new, wl);
    true
}

fn convert_case(m: &mut Module, table: &SymbolTable, op: OpId, region_name: &str, wl: &mut Worklist) -> bool {
    let Some(branches) = attr(m, op, "branches") else { return false };
    let AttrData::Array(items) = m.ctx.attr_data(branches).clone() else { return false };
    let operands: Vec<ValueId> = m.body.operands(op).collect();
    let Some((&index, rest)) = operands.split_first() else { return false };
    let (args, ctls) = split_control(m, rest);
    let mut funcs = Vec::new();
    let mut calls = Vec::new();
    for item in items {
        let Some((name, call)) = func_ref(m, item) else { return false };
        let Some(f) = callee_named(m, table, &name) else { return false };
        if func_data_args(m, f) != args.len() {
            return false;
        }
        funcs.push(f);
        calls.push(call);
    }
    let Some(targets) = arg_targets(m, &args) else { return false };
    let preserved: Vec<AttrId> =
        funcs.iter().map(|&f| preserve_attributes(m, f, true, true).expect("allow_empty")).collect();
    let mut attrs = vec![];
    let branch_attrs = m.ctx.attr(AttrData::Array(calls));
    attrs.push(named(m, "branch_attrs", branch_attrs));
    if !preserved.iter().all(|&a| region_attrs_empty(m, a)) {
        let a = m.ctx.attr(AttrData::Array(preserved));
        attrs.push(named(m, "region_attrs", a));
    }
    let mut regions = Vec::new();
    let mut blocks = Vec::new();
    for _ in &funcs {
        let (r, b) = new_region(m, &[]);
        regions.push(r);
        blocks.push(b);
    }
    let new = build_region_op(m, op, region_name, &[index], &ctls, &regions, attrs, wl);
    for (i, (&f, &b)) in funcs.iter().zip(&blocks).enumerate() {
        inline_body(m, f, b, &targets, new, i);
        return_to_yield(m, b, wl);
    }
    finish(m, op, new, wl);
    true
}

/// The arguments of a loop block in function order: each data argument, then its token.
fn loop_targets(m: &Module, block: BlockId) -> Vec<ValueId> {
    let args = &m.body.block(block).args;
    let n = args.len() / 2;
    (0..n).flat_map(|i| [args[i], args[n + i]]).collect()
}

fn convert_while(m: &mut Module, table: &SymbolTable, op: OpId, region_name: &str, wl: &mut Worklist) -> bool {
    let (Some((cond_f, cond_call)), Some((body_f, body_call))) = (callee(m, table, op, "cond"), callee(m, table, op, "body"))
    else {
        return false;
    };
    let Some(parallel) = m.op_attr(op, "parallel_iterations") else { return false };
    let operands: Vec<ValueId> = m.body.operands(op).collect();
    let (init, ctls) = split_control(m, &operands);
    if func_data_args(m, cond_f) != init.len() || func_data_args(m, body_f) != init.len() || return_data(m, cond_f).is_empty() {
        return false;
    }
    let types: Vec<TypeId> = init.iter().map(|&v| m.body.value_type(v)).collect();
    let cond_region = preserve_attributes(m, cond_f, false, false);
    let body_region = preserve_attributes(m, body_f, false, false);
    let mut attrs = vec![
        named(m, "parallel_iterations", parallel),
        named(m, "cond_attrs", cond_call),
        named(m, "body_attrs", body_call),
    ];
    if let Some(a) = cond_region {
        attrs.push(named(m, "cond_region_attrs", a));
    }
    if let Some(a) = body_region {
        attrs.push(named(m, "body_region_attrs", a));
    }
    let (r0, b0) = new_region(m, &types);
    let (r1, b1) = new_region(m, &types);
    let new = build_region_op(m, op, region_name, &init, &ctls, &[r0, r1], attrs, wl);
    let t0 = loop_targets(m, b0);
    inline_body(m, cond_f, b0, &t0, new, 0);
    let t1 = loop_targets(m, b1);
    inline_body(m, body_f, b1, &t1, new, 1);
    return_to_yield(m, b1, wl);
    // The condition's `return(%cond) [ctls]` becomes `condition %cond (args) [ctls]`.
    let ret = m.body.last_op(b0).expect("return");
    let data = data_operands(m, ret);
    let ret_ctls = control_operands(m, ret);
    let n = m.body.block(b0).args.len() / 2;
    let mut cond_operands = vec![data[0]];
    cond_operands.extend(m.body.block(b0).args[..n].iter().copied());
    let c = NodeBuilder::new(m, "tfg.condition")
        .operands(&cond_operands)
        .control_operands(&ret_ctls)
        .without_control_result()
        .build();
    m.body.insert_op_before(ret, c);
    wl.push(m, c);
    wl.erase_op(m, ret);
    finish(m, op, new, wl);
    true
}

fn convert_for(m: &mut Module, table: &SymbolTable, op: OpId, region_name: &str, wl: &mut Worklist) -> bool {
    let Some((body_f, body_call)) = callee(m, table, op, "body") else { return false };
    let operands: Vec<ValueId> = m.body.operands(op).collect();
    if operands.len() < 3 {
        return false;
    }
    let (init, ctls) = split_control(m, &operands[3..]);
    if func_data_args(m, body_f) != init.len() + 1 {
        return false;
    }
    // The body's arguments: the index (typed as `delta`), then the iteration values.
    let types: Vec<TypeId> = operands[2..3].iter().chain(&init).map(|&v| m.body.value_type(v)).collect();
    let body_region = preserve_attributes(m, body_f, false, false);
    let mut attrs = vec![named(m, "body_attrs", body_call)];
    if let Some(a) = body_region {
        attrs.push(named(m, "region_attrs", a));
    }
    let (r0, b0) = new_region(m, &types);
    let mut region_operands = operands[..3].to_vec();
    region_operands.extend(&init);
    let new = build_region_op(m, op, region_name, &region_operands, &ctls, &[r0], attrs, wl);
    let t0 = loop_targets(m, b0);
    inline_body(m, body_f, b0, &t0, new, 0);
    return_to_yield(m, b0, wl);
    finish(m, op, new, wl);
    true
}
