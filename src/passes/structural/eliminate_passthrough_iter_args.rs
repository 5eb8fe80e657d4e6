//! `tfg-eliminate-passthrough-iter-args` (TensorFlow's transforms/eliminate_passthrough_iter_args):
//! an iteration argument of a `ForRegion` or `WhileRegion` (stateless, stateful) that the body
//! yields back unchanged is removed: its initial value replaces the block argument in every
//! region (and the producer's control token replaces its control argument), the loop result
//! (the operand and result of the op, the yield's and the condition's operand) goes, uses of
//! the result take the initial value, and the per-argument (and, in the body, per-result)
//! entries of the region attributes (`region_attrs` of a For, `cond_region_attrs` and
//! `body_region_attrs` of a While) are dropped. Every other attribute stays.
//!
//! tfg region blocks hold their data arguments then one control token per data argument; a
//! `ForRegion`'s first data argument is the loop index and its operands are start, limit,
//! delta, the initial values, then control operands.

use crate::diag::Diagnostic;
use crate::dialect::tfg;
use crate::dialect::traits::{self, OpTraits};
use crate::ir::{AttrData, AttrId, BlockId, Module, OpId, ValueDef, ValueId};
use crate::passes::{PassContext, PassTarget};

pub fn run(m: &mut Module, target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
    let mut ops = target.nested_ops(m);
    if let PassTarget::Op(op) = target {
        ops.insert(0, op);
    }
    let mut erased = 0usize;
    for op in ops {
        let name = m.op_name(op);
        if traits::of(name).contains(OpTraits::LOOP) {
            erased += eliminate(m, op, name == "tfg.ForRegion");
        }
    }
    cx.mark_changed_if(erased > 0);
    Ok(())
}

fn entry(m: &Module, op: OpId, region: usize) -> Option<BlockId> {
    let &r = m.body.op(op).regions.get(region)?;
    m.body.region(r).blocks.first().copied()
}

/// The data arguments of a loop region's block (the first half of its arguments).
fn data_args(m: &Module, b: BlockId) -> Vec<ValueId> {
    let args = &m.body.block(b).args;
    args[..args.len() / 2].to_vec()
}

/// TensorFlow's `LookupControlDependency`: the control token of a value's producer (for an
/// argument of a region, its control argument; of a function, the `.ctl` after it).
fn control_dependency(m: &Module, v: ValueId) -> Option<ValueId> {
    match m.body.value(v).def {
        ValueDef::Result { op, .. } => m.body.results(op).last().copied(),
        ValueDef::BlockArg { block, index } => {
            let args = &m.body.block(block).args;
            let is_func = m.body.block_parent_op(block).is_some_and(|p| m.op_name(p) == "tfg.func");
            let at = if is_func { index as usize + 1 } else { index as usize + args.len() / 2 };
            args.get(at).copied()
        }
    }
}

/// Removes the passthrough iteration arguments of `op`; returns how many.
fn eliminate(m: &mut Module, op: OpId, is_for: bool) -> usize {
    let body_index = if is_for { 0 } else { 1 };
    let Some(body) = entry(m, op, body_index) else { return 0 };
    let Some(yield_op) = m.body.last_op(body) else { return 0 };
    let mut iter_args = data_args(m, body);
    if is_for && !iter_args.is_empty() {
        iter_args.remove(0);
    }
    let yielded = tfg::data_operands(m, yield_op);
    let init_offset = if is_for { 3 } else { 0 };
    let arg_offset = if is_for { 1 } else { 0 };
    let regions: Vec<BlockId> = (0..m.body.op(op).regions.len()).filter_map(|r| entry(m, op, r)).collect();
    // A passthrough argument whose control token is used but whose initial value has no
    // producer token to stand for it is kept (never drop a control edge).
    let keepable = |m: &Module, i: usize| {
        let init = m.body.operand(op, init_offset + i);
        control_dependency(m, init).is_some_and(|c| tfg::is_control(m, c))
            || regions.iter().all(|&b| {
                let args = &m.body.block(b).args;
                args.get(args.len() / 2 + arg_offset + i).is_none_or(|&c| !m.body.has_uses(c))
            })
    };
    let indices: Vec<usize> = yielded
        .iter()
        .zip(&iter_args)
        .enumerate()
        .filter(|(i, (y, a))| y == a && keepable(m, *i))
        .map(|(i, _)| i)
        .collect();
    if indices.is_empty() {
        return 0;
    }
    // Last index first: earlier positions do not move.
    for &i in indices.iter().rev() {
        let init = m.body.operand(op, init_offset + i);
        let ctl = control_dependency(m, init).filter(|&c| tfg::is_control(m, c));
        for (ri, &b) in regions.iter().enumerate() {
            let is_body = ri == body_index;
            // The terminator's operand: the yield's i-th, or the condition's (i+1)-th.
            if let Some(term) = m.body.last_op(b) {
                let slot = if m.op_name(term) == "tfg.condition" { i + 1 } else { i };
                if m.op_name(term) == "tfg.yield" || m.op_name(term) == "tfg.condition" {
                    m.body.remove_operand(term, slot);
                }
            }
            let n = m.body.block(b).args.len() / 2;
            let at = arg_offset + i;
            let (data, ctl_arg) = (m.body.block(b).args[at], m.body.block(b).args[n + at]);
            m.body.replace_all_uses(data, init);
            if let Some(c) = ctl {
                m.body.replace_all_uses(ctl_arg, c);
            }
            // The control argument first, its index is the larger.
            m.body.remove_block_arg(b, n + at);
            m.body.remove_block_arg(b, at);
            let key = match (is_for, ri) {
                (true, _) => "region_attrs",
                (false, 0) => "cond_region_attrs",
                _ => "body_region_attrs",
            };
            erase_region_attr_entries(m, op, key, at, is_body.then_some(i));
        }
        let result = m.body.results(op)[i];
        m.body.replace_all_uses(result, init);
        m.body.remove_result(op, i);
        m.body.remove_operand(op, init_offset + i);
    }
    indices.len()
}

/// Drops argument entry `arg` (and result entry `res`) of the region attributes `key`.
fn erase_region_attr_entries(m: &mut Module, op: OpId, key: &str, arg: usize, res: Option<usize>) {
    let Some(a) = m.op_attr(op, key) else { return };
    let AttrData::TfgRegionAttrs { attrs, arg_attrs, res_attrs } = m.ctx.attr_data(m.ctx.resolved_attr(a)).clone() else { return };
    let (mut arg_attrs, mut res_attrs): (Vec<AttrId>, Vec<AttrId>) = (arg_attrs, res_attrs);
    if arg < arg_attrs.len() {
        arg_attrs.remove(arg);
    }
    if let Some(r) = res.filter(|&r| r < res_attrs.len()) {
        res_attrs.remove(r);
    }
    let new = m.ctx.attr(AttrData::TfgRegionAttrs { attrs, arg_attrs, res_attrs });
    let k = m.ctx.sym(key);
    m.body.set_attr(op, k, new);
}
