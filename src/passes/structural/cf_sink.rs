//! `tfg-cf-sink` (TensorFlow's transforms/cf_sink, on MLIR's control-flow sink): in a
//! `tfg.func`, an op whose every use (its control token's included) is inside one branch of
//! an `If`/`Case` region op is moved to the start of that branch, and then the ops feeding
//! it are considered in turn. Branches of nested region ops are done first (post-order);
//! loops are not sunk into (their bodies run more than once). Only stateless TensorFlow ops
//! (per the op registry; unknown ops are stateful) without regions move, TPU replication ops
//! excepted. A moved op that has a node name, in a region op with one, is renamed
//! `<name>_tfg_cf_sunk_<region op name>`.

use super::tf_ops::TfOps;
use crate::diag::Diagnostic;
use crate::dialect::traits::{self, OpTraits};
use crate::ir::{BlockId, Module, OpId, RegionId};
use crate::namespace::with_registry;
use crate::passes::{PassContext, PassTarget};

const TPU_OPS: &[&str] =
    &["TPUReplicateMetadata", "TPUReplicatedInput", "TPUReplicatedOutput", "TPUCompilationResult", "_TPUReplicate"];

/// The pass, anchored on `tfg.func`.
pub fn run(m: &mut Module, target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
    let PassTarget::Op(func) = target else { return Ok(()) };
    // The pass is anchored on tfg.func (TensorFlow rejects any other op).
    if m.op_name(func) != "tfg.func" {
        return Ok(());
    }
    let sunk = with_registry(|reg| {
        let mut tf = TfOps::new(reg);
        let mut sunk = 0usize;
        for branch in post_order_branches(m, func) {
            for r in m.body.op(branch).regions.clone() {
                if let Some(&entry) = m.body.region(r).blocks.first() {
                    sunk += sink_region(m, r, entry, branch, &mut tf);
                }
            }
        }
        sunk
    })?;
    cx.stat("num-sunk", "Number of operations sunk", sunk as u64);
    cx.mark_changed_if(sunk > 0);
    Ok(())
}

/// The branch ops nested in `root`, inner ones before outer ones.
fn post_order_branches(m: &Module, root: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    let mut stack: Vec<(OpId, bool)> = vec![(root, false)];
    while let Some((op, expanded)) = stack.pop() {
        if expanded {
            if traits::of(m.op_name(op)).contains(OpTraits::BRANCH) {
                out.push(op);
            }
            continue;
        }
        stack.push((op, true));
        let mut kids = Vec::new();
        for &r in &m.body.op(op).regions {
            for &b in &m.body.region(r).blocks {
                kids.extend(m.body.block_ops(b));
            }
        }
        stack.extend(kids.into_iter().rev().map(|k| (k, false)));
    }
    out
}

/// Whether `op` is inside `region` (at any depth).
fn inside(m: &Module, mut op: OpId, region: RegionId) -> bool {
    loop {
        let Some(b) = m.body.parent_block(op) else { return false };
        if m.body.block(b).parent == Some(region) {
            return true;
        }
        match m.body.parent_op(op) {
            Some(p) => op = p,
            None => return false,
        }
    }
}

fn should_move(m: &Module, op: OpId, tf: &mut TfOps<'_>) -> bool {
    if !TfOps::has_registry_interface(m, op) || crate::dialect::traits::is_intrinsic(m.op_name(op)) || tf.is_stateful(m, op) {
        return false;
    }
    m.body.op(op).regions.is_empty() && !TPU_OPS.contains(&crate::dialect::tfg::op_type(m, op))
}

/// MLIR's `Sinker::sinkRegion` for one region; returns the number of ops moved.
fn sink_region(m: &mut Module, region: RegionId, entry: BlockId, branch: OpId, tf: &mut TfOps<'_>) -> usize {
    let mut stack: Vec<OpId> = m.body.region(region).blocks.iter().flat_map(|&b| m.body.block_ops(b)).collect();
    let mut sunk = 0;
    while let Some(user) = stack.pop() {
        let operands: Vec<_> = m.body.operands(user).collect();
        for v in operands {
            let Some(def) = m.body.defining_op(v) else { continue };
            if m.body.parent_block(def).and_then(|b| m.body.block(b).parent) == Some(region) {
                continue;
            }
            let all_inside = m.body.results(def).iter().all(|&r| m.body.uses(r).all(|u| inside(m, u.op, region)));
            if all_inside && should_move(m, def, tf) {
                m.body.detach_op(def);
                m.body.prepend_op(entry, def);
                rename(m, def, branch);
                sunk += 1;
                stack.push(def);
            }
        }
    }
    sunk
}

fn rename(m: &mut Module, op: OpId, branch: OpId) {
    let (Some(name), Some(parent)) = (m.node_name(op), m.node_name(branch)) else { return };
    crate::dialect::tfg::set_node_name(m, op, &format!("{}_tfg_cf_sunk_{}", name, parent));
}

