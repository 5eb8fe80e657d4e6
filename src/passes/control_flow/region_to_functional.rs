//! `tfg-region-to-functional`: region control-flow ops (`IfRegion`, `CaseRegion`,
//! `WhileRegion`, `ForRegion` and their stateless/stateful forms) become functional ops
//! calling functions outlined from their regions (TensorFlow's
//! tensorflow/core/transforms/region_to_functional).
//!
//! An op is converted once its regions hold no region ops (inner ones first) and the
//! function its region attributes name, if any, holds none either. Its regions are put in
//! explicit capture ([`super::capture`]), then each region is outlined into a new function
//! or, when every region matches the function it came from, those are re-used
//! ([`super::outline`]). The order of conversion follows TensorFlow's greedy driver
//! (top-down, the ancestors of a converted op retried right away, sweeps until nothing
//! changes), since new functions are named and numbered in that order.

use super::capture::{blocks_of, explicit_capture, preserved_attrs};
use super::common::*;
use super::worklist::{erase_if_trivially_dead, Worklist};
use super::outline::{find_reusable, func_has_nested_regions, outline, outline_condition, reuse_all_or_outline, RegionFunction};
use crate::diag::Diagnostic;
use crate::dialect::tfg::{control_operands, data_operands, data_results, NodeBuilder};
use crate::ir::{AttrData, AttrId, Module, OpId, TypeId, ValueId};
use crate::passes::{PassContext, PassTarget};

/// Runs the pass on `target` (a module); `force` is `force-control-capture`.
pub fn run(m: &mut Module, target: PassTarget, cx: &mut PassContext, force: bool) -> Result<(), Vec<Diagnostic>> {
    let blocks = target.blocks(m);
    let Some(&top) = blocks.first() else { return Ok(()) };
    let mut table = SymbolTable::new(m, top);
    loop {
        let mut changed = false;
        let mut wl = Worklist::preorder(m, &blocks);
        while let Some(op) = wl.pop(m) {
            if erase_if_trivially_dead(m, op, &mut wl) {
                changed = true;
                continue;
            }
            let Some((kind, functional)) = region_op(m.op_name(op)) else { continue };
            let Some(new) = convert(m, &mut table, op, kind, functional, force) else { continue };
            changed = true;
            cx.stat("num-converted", "Number of region ops converted to functional form", 1);
            // What the greedy driver is told about during the rewrite, as far as it decides
            // which region op comes next: the op's ancestors (first changed), the users of
            // its results, and the ops defining operands only the new op uses.
            if let Some(p) = m.body.parent_op(new).filter(|&p| m.op_name(p) != "builtin.module") {
                wl.push(m, p);
            }
            let results = m.body.results(new).to_vec();
            for r in results {
                let users: Vec<OpId> = m.body.uses(r).map(|u| u.op).collect();
                for u in users {
                    wl.push(m, u);
                }
            }
            let operands: Vec<ValueId> = m.body.operands(new).collect();
            for v in operands {
                if let Some(d) = m.body.defining_op(v) {
                    if m.body.uses(v).all(|u| u.op == new) {
                        wl.push(m, d);
                    }
                }
            }
        }
        if !changed {
            return Ok(());
        }
        cx.mark_changed();
    }
}

/// Converts one region op; returns the functional op, or `None` if it is left alone.
fn convert(m: &mut Module, table: &mut SymbolTable, op: OpId, kind: Kind, functional: &str, force: bool) -> Option<OpId> {
    let blocks = blocks_of(m, op);
    if blocks.len() != m.body.op(op).regions.len() || blocks.iter().any(|&b| has_nested_regions(m, b)) {
        return None;
    }
    let n_regions = blocks.len();
    if (0..n_regions).any(|i| func_has_nested_regions(m, table, preserved_attrs(m, op, kind, i))) {
        return None;
    }
    let (op, args) = explicit_capture(m, op, kind, force)?;
    let blocks = blocks_of(m, op);
    let operands: Vec<ValueId> = m.body.operands(op).collect();
    let ctls = control_operands(m, op).into_vec();
    let (fop_operands, func_attrs): (Vec<ValueId>, Vec<(&str, AttrId)>) = match kind {
        Kind::If => {
            let regions = [
                region_fn(m, op, kind, 0, blocks[0], "then_attrs", "if_then_function"),
                region_fn(m, op, kind, 1, blocks[1], "else_attrs", "if_else_function"),
            ];
            let f = reuse_all_or_outline(m, table, op, &args, &regions);
            let mut v = vec![operands[0]];
            v.extend(&args);
            (v, vec![("then_branch", f[0]), ("else_branch", f[1])])
        }
        Kind::Case => {
            let calls = dict_list(m, attr(m, op, "branch_attrs"));
            let regions: Vec<RegionFunction> = blocks
                .iter()
                .enumerate()
                .map(|(i, &b)| RegionFunction {
                    block: b,
                    region_index: i,
                    preserved: preserved_attrs(m, op, kind, i),
                    call_attrs: calls.get(i).copied(),
                    default_name: format!("case_function_{}", i),
                })
                .collect();
            let f = reuse_all_or_outline(m, table, op, &args, &regions);
            let branches = m.ctx.attr(AttrData::Array(f));
            let mut v = vec![operands[0]];
            v.extend(&args);
            (v, vec![("branches", branches)])
        }
        Kind::While => {
            let init = data_operands(m, op).into_vec();
            let cond_rf = region_fn(m, op, kind, 0, blocks[0], "cond_attrs", "while_cond_function");
            let body_rf = region_fn(m, op, kind, 1, blocks[1], "body_attrs", "while_body_function");
            let body = find_reusable(m, table, &body_rf);
            let cond = find_reusable(m, table, &cond_rf);
            let (cond, body) = match (cond, body) {
                (Some(c), Some(b)) => (c, b),
                _ => {
                    let c = outline_condition(m, table, op, &init, blocks[0], cond_rf.preserved, cond_rf.call_attrs);
                    let b = outline(m, table, op, &init, &body_rf);
                    (c, b)
                }
            };
            let parallel = m.op_attr(op, "parallel_iterations");
            let mut attrs = vec![("cond", cond), ("body", body)];
            if let Some(p) = parallel {
                attrs.push(("parallel_iterations", p));
            }
            (init, attrs)
        }
        Kind::For => {
            let init = data_operands(m, op).into_vec();
            // Operands: start, limit, delta, then the iteration values.
            let mut func_args = vec![operands[0]];
            func_args.extend(&init[3..]);
            let rf = region_fn(m, op, kind, 0, blocks[0], "body_attrs", "for_body_function");
            let f = reuse_all_or_outline(m, table, op, &func_args, &[rf]);
            (init, vec![("body", f[0])])
        }
    };
    let types: Vec<TypeId> = data_results(m, op).iter().map(|&v| m.body.value_type(v)).collect();
    let loc = m.body.op(op).loc;
    let mut b = NodeBuilder::new(m, functional).operands(&fop_operands).control_operands(&ctls).results(&types).loc(loc);
    for (k, v) in func_attrs {
        b = b.attr(k, v);
    }
    let fop = b.build();
    forward_non_intrinsic(m, op, fop);
    copy_span(m, op, fop);
    m.body.insert_op_before(op, fop);
    let results = m.body.results(fop).to_vec();
    replace_op(m, op, &results, fop);
    Some(fop)
}

/// The description of region `index` of `op` for outlining.
fn region_fn(m: &Module, op: OpId, kind: Kind, index: usize, block: crate::ir::BlockId, call_key: &str, default_name: &str) -> RegionFunction {
    RegionFunction {
        block,
        region_index: index,
        preserved: preserved_attrs(m, op, kind, index),
        call_attrs: attr(m, op, call_key).filter(|a| matches!(m.ctx.attr_data(*a), AttrData::Dict(_))),
        default_name: default_name.to_string(),
    }
}
