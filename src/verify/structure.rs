//! MLIR's structural rules, for every op: blocks and terminators, successors, the count
//! traits of registered ops (`ZeroOperands`, `NRegions`, `SingleBlock`, ...), and the
//! internal consistency of the arenas that a buggy pass could break.

use super::{Check, Verifier};
use crate::diag::Diagnostic;
use crate::ir::{BlockId, OpId, RegionId, ValueDef};

/// The ops amanda-opt knows the definition of (MLIR's "registered" ops): tfg's intrinsic,
/// region and functional ops, and `builtin.module`. Everything else is unregistered: any
/// operands, results, regions and attributes are accepted.
pub fn is_registered(name: &str) -> bool {
    matches!(
        name,
        "tfg.graph" | "tfg.func" | "tfg.return" | "tfg.yield" | "tfg.condition" | "tfg.get_result" | "builtin.module"
    ) || super::region_ops::kind_of(name).is_some()
        || super::concrete_ops::kind_of(name).is_some()
}

/// Registered ops with the `Terminator` trait.
pub fn is_terminator(name: &str) -> bool {
    matches!(name, "tfg.return" | "tfg.yield" | "tfg.condition")
}

/// MLIR's rule that registered ops have no successors, then the consistency of `op` with
/// the arenas: result names, successor operands, operands that still exist. The parser
/// always gets the latter right, so they are not checked again on a module as parsed
/// ([`verify_parsed`](super::verify_parsed)); a pass may not.
pub fn check_internal(v: &Verifier<'_>, op: OpId) -> Check {
    let body = &v.m.body;
    let data = body.op(op);
    if !data.successors.is_empty() && is_registered(v.name(op)) {
        return Err(v.op_error(op, "requires zero successors"));
    }
    if v.parsed {
        return Ok(());
    }
    let named: u32 = data.result_names.iter().map(|g| g.count).sum();
    if !data.result_names.is_empty() && named as usize != data.results.len() {
        return Err(
            v.op_error(op, format!("has {} results but its result names cover {} values", data.results.len(), named))
        );
    }
    for (i, &r) in data.results.iter().enumerate() {
        if body.value(r).def != (ValueDef::Result { op, index: i as u32 }) {
            return Err(v.op_error(op, format!("result #{} is not recorded as defined by this operation", i)));
        }
    }
    let succ_operands: u32 = data.successors.iter().map(|&(_, n)| n).sum();
    if succ_operands as usize > data.num_operands() {
        return Err(v.op_error(
            op,
            format!("has {} successor operands but only {} operands", succ_operands, data.num_operands()),
        ));
    }
    for (i, value) in body.operands(op).enumerate() {
        match body.value(value).def {
            ValueDef::Result { op: def, .. } => {
                if body.is_erased(def) {
                    return Err(v.op_error(op, format!("operand #{} is defined by an erased operation", i)));
                }
                if body.parent_block(def).is_none() {
                    return Err(
                        v.op_error(op, format!("operand #{} is defined by an operation that is not in a block", i))
                    );
                }
            }
            ValueDef::BlockArg { block, .. } => {
                if block != v.m.top && body.block(block).parent.is_none() {
                    return Err(
                        v.op_error(op, format!("operand #{} is an argument of a block that is not in a region", i))
                    );
                }
            }
        }
    }
    Ok(())
}

/// Block rules of every region of `op`: terminators in multi-block regions, successors
/// last in their block and in the same region, entry blocks without predecessors.
/// `scanned` gives the successor rules' findings for a block whose ops were already scanned
/// (a large block, by the workers); the other blocks are scanned here. Reports every
/// violation; returns whether there was none.
pub fn check_blocks(v: &mut Verifier<'_>, op: OpId, mut scanned: impl FnMut(BlockId) -> Option<SuccessorScan>) -> bool {
    let m = v.m;
    let mut valid = true;
    for &r in &m.body.op(op).regions {
        let blocks = &m.body.region(r).blocks;
        let mut entry_has_pred = false;
        for &b in blocks {
            if blocks.len() > 1 {
                match m.body.last_op(b) {
                    None => {
                        v.report(v.error(op, "empty block: expect at least a terminator"));
                        valid = false;
                    }
                    Some(last) => {
                        let name = v.name(last);
                        if is_registered(name) && !is_terminator(name) {
                            v.report(v.error(last, format!("block with no terminator, has '{}'", name)));
                            valid = false;
                        }
                    }
                }
            }
            let scan = scanned(b).unwrap_or_else(|| scan_successors(v, r, b, m.body.block_ops(b)));
            valid &= scan.reports.is_empty();
            entry_has_pred |= scan.to_entry;
            for d in scan.reports {
                v.report(d);
            }
        }
        if entry_has_pred {
            v.report(v.error(op, "entry block of region may not have predecessors"));
            valid = false;
        }
    }
    valid
}

/// What the successor rules found among some ops of a block.
#[derive(Default)]
pub struct SuccessorScan {
    /// The violations, in op order.
    pub reports: Vec<Diagnostic>,
    /// Whether one of the ops branches to the entry block of the region.
    pub to_entry: bool,
}

impl SuccessorScan {
    /// The findings of `self`, then those of the ops after them.
    pub fn append(&mut self, later: SuccessorScan) {
        self.reports.extend(later.reports);
        self.to_entry |= later.to_entry;
    }
}

/// The successor rules for `ops`, ops of block `b` of region `r`: an op with successors is
/// the last op of its block and branches to blocks of the same region.
pub fn scan_successors(v: &Verifier<'_>, r: RegionId, b: BlockId, ops: impl Iterator<Item = OpId>) -> SuccessorScan {
    let m = v.m;
    let entry = m.body.region(r).blocks.first().copied();
    let last = m.body.last_op(b);
    let mut scan = SuccessorScan::default();
    for o in ops {
        let succs = &m.body.op(o).successors;
        if succs.is_empty() {
            continue;
        }
        if Some(o) != last {
            scan.reports.push(v.error(o, "operation with block successors must terminate its parent block"));
        }
        if succs.iter().any(|&(s, _)| m.body.block(s).parent != Some(r)) {
            scan.reports.push(v.op_error(o, "branching to block of a different region"));
        }
        scan.to_entry |= succs.iter().any(|&(s, _)| Some(s) == entry);
    }
    scan
}

/// `builtin.module`: no operands or results, one region with at most one block; attribute
/// names dialect-prefixed (dotted) but for `sym_name` and `sym_visibility`, the first other
/// one in MLIR's (sorted) order reported.
pub fn check_module(v: &Verifier<'_>, op: OpId) -> Check {
    zero_operands(v, op)?;
    zero_results(v, op)?;
    one_region(v, op)?;
    single_block(v, op, Terminated::NotRequired, false)?;
    let names = v.m.body.op(op).attrs.iter().map(|a| v.m.ctx.str(a.name));
    if let Some(bad) = names.filter(|n| !n.contains('.') && !matches!(*n, "sym_name" | "sym_visibility")).min() {
        return Err(v.op_error(op, format!("can only contain attributes with dialect-prefixed names, found: '{}'", bad)));
    }
    Ok(())
}

// ---------------------------------------------------------------------- count traits

pub fn zero_operands(v: &Verifier<'_>, op: OpId) -> Check {
    if v.m.body.num_operands(op) != 0 {
        return Err(v.op_error(op, "requires zero operands"));
    }
    Ok(())
}

pub fn zero_results(v: &Verifier<'_>, op: OpId) -> Check {
    if !v.m.body.results(op).is_empty() {
        return Err(v.op_error(op, "requires zero results"));
    }
    Ok(())
}

pub fn zero_regions(v: &Verifier<'_>, op: OpId) -> Check {
    if !v.m.body.op(op).regions.is_empty() {
        return Err(v.op_error(op, "requires zero regions"));
    }
    Ok(())
}

pub fn one_region(v: &Verifier<'_>, op: OpId) -> Check {
    if v.m.body.op(op).regions.len() != 1 {
        return Err(v.op_error(op, "requires one region"));
    }
    Ok(())
}

pub fn n_regions(v: &Verifier<'_>, op: OpId, n: usize) -> Check {
    if v.m.body.op(op).regions.len() != n {
        return Err(v.op_error(op, format!("expected {} regions", n)));
    }
    Ok(())
}

pub fn at_least_operands(v: &Verifier<'_>, op: OpId, n: usize) -> Check {
    let found = v.m.body.num_operands(op);
    if found < n {
        return Err(v.op_error(op, format!("expected {} or more operands, but found {}", n, found)));
    }
    Ok(())
}

pub fn at_least_results(v: &Verifier<'_>, op: OpId, n: usize) -> Check {
    if v.m.body.results(op).len() < n {
        return Err(v.op_error(op, format!("expected {} or more results", n)));
    }
    Ok(())
}

/// Whether an op's regions may end without a terminator (MLIR's `NoTerminator`): a
/// `tfg.graph` or `builtin.module` body may even be empty.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Terminated {
    Required,
    NotRequired,
}

/// MLIR's `SingleBlock`: each region has at most one block, and that block is not empty
/// (unless `terminated` is [`Terminated::NotRequired`]). With `empty_region_is_block`, a
/// region without blocks counts as one empty block (a custom-form `{ }` region, which
/// MLIR's parser gives a block).
pub fn single_block(v: &Verifier<'_>, op: OpId, terminated: Terminated, empty_region_is_block: bool) -> Check {
    for (i, &r) in v.m.body.op(op).regions.iter().enumerate() {
        let blocks = &v.m.body.region(r).blocks;
        if blocks.len() > 1 {
            return Err(v.op_error(op, format!("expects region #{} to have 0 or 1 blocks", i)));
        }
        let empty = match blocks.first() {
            Some(&b) => block_is_empty(v, b),
            None => empty_region_is_block,
        };
        if empty && terminated == Terminated::Required {
            return Err(v.op_error(op, "expects a non-empty block"));
        }
    }
    Ok(())
}

fn block_is_empty(v: &Verifier<'_>, b: BlockId) -> bool {
    v.m.body.first_op(b).is_none()
}

/// MLIR's `Terminator` trait: the op ends its block.
pub fn last_in_block(v: &Verifier<'_>, op: OpId) -> Check {
    if let Some(b) = v.m.body.parent_block(op) {
        if v.m.body.last_op(b) != Some(op) {
            return Err(v.op_error(op, "must be the last operation in the parent block"));
        }
    }
    Ok(())
}
