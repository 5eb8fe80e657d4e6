//! Where values may be used: an operand must be defined in the region of its use or in an
//! enclosing region, without crossing an op isolated from above. In a multi-block region
//! (only unregistered ops have them), the definition must dominate the use: come first in
//! the same block, or be in a block that dominates the use's block (uses in unreachable
//! blocks are not checked). Single-block regions of tfg's ops, `builtin.module`, the top
//! level and unregistered ops are unordered.
//!
//! The parser's name scoping already guarantees all this for parsed input; passes that
//! move ops or rewire operands are what this catches.
//!
//! The verifier checks each op as its own rules pass, on rayon's workers for the pieces of
//! a large block ([`crate::parallel`]); the dominator trees are built once per region and
//! shared.

use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use petgraph::algo::dominators::{simple_fast, Dominators};
use petgraph::graph::{DiGraph, NodeIndex};
use rustc_hash::FxHashMap;

use super::Verifier;
use crate::diag::Diagnostic;
use crate::ir::{BlockId, OpId, RegionId, ValueDef, ValueId};
use crate::dialect::traits::is_isolated_from_above;

/// Dominator tree of one region's blocks, and the position of each op in its block.
struct RegionDoms {
    index: FxHashMap<BlockId, NodeIndex>,
    doms: Dominators<NodeIndex>,
    position: FxHashMap<OpId, usize>,
}

/// Ops whose single-block regions order definitions before uses (MLIR's SSACFG regions).
/// tfg's ops and `builtin.module` have graph regions, and MLIR does not order the
/// single-block regions of unregistered ops; of the ops amanda-opt knows by name, only
/// `func.func` remains.
pub(super) fn ssa_ordered(name: &str) -> bool {
    name == "func.func"
}

/// The dominator trees of the regions that need one, each built once (by the first
/// verifier that asks) and shared by the verifiers of a module's pieces.
#[derive(Default)]
pub struct DomCache(Mutex<FxHashMap<RegionId, Arc<OnceLock<RegionDoms>>>>);

impl DomCache {
    /// The slot of region `r`'s tree (filled with `get_or_init`).
    fn slot(&self, r: RegionId) -> Arc<OnceLock<RegionDoms>> {
        let mut map = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        map.entry(r).or_default().clone()
    }
}

/// The report for the first operand of `op` that is not visible where it is used, if any
/// (one report per op at most, as MLIR stops at the first bad operand).
pub fn check_op(v: &Verifier<'_>, op: OpId) -> Option<Diagnostic> {
    if v.m.body.parent_block(op).is_some_and(|b| v.scoped_by_parser(b)) {
        return None;
    }
    v.m.body.operands(op).enumerate().find_map(|(slot, value)| check_operand(v, op, slot, value, &v.doms))
}

/// The region holding `b` (`None` for the file's top level).
fn region_of(v: &Verifier<'_>, b: BlockId) -> Option<RegionId> {
    if b == v.m.top {
        None
    } else {
        v.m.body.block(b).parent
    }
}

/// The region enclosing region `r` (`None` once at the top level).
fn enclosing(v: &Verifier<'_>, r: RegionId) -> Option<RegionId> {
    let owner = v.m.body.region(r).parent?;
    let b = v.m.body.parent_block(owner)?;
    region_of(v, b)
}

/// Whether `outer` strictly encloses `inner` (`None` is the top level).
fn properly_encloses(v: &Verifier<'_>, outer: Option<RegionId>, inner: Option<RegionId>) -> bool {
    let mut cursor = inner;
    while let Some(r) = cursor {
        let up = enclosing(v, r);
        if up == outer {
            return true;
        }
        cursor = up;
    }
    false
}

/// Whether region `r` is one of `op`'s regions or nested in one.
fn inside_op(v: &Verifier<'_>, r: Option<RegionId>, op: OpId) -> bool {
    let mut cursor = r;
    while let Some(region) = cursor {
        if v.m.body.region(region).parent == Some(op) {
            return true;
        }
        cursor = enclosing(v, region);
    }
    false
}

fn check_operand(
    v: &Verifier<'_>,
    user: OpId,
    slot: usize,
    value: ValueId,
    cache: &DomCache,
) -> Option<Diagnostic> {
    let body = &v.m.body;
    let (def_block, def_op) = match body.value(value).def {
        ValueDef::Result { op, .. } => (body.parent_block(op)?, Some(op)),
        ValueDef::BlockArg { block, .. } => (block, None),
    };
    let def_region = region_of(v, def_block);

    // Climb from the user to the ancestor that sits in the defining region.
    let mut ancestor = user;
    let mut isolated: Option<OpId> = None;
    let found = loop {
        let b = body.parent_block(ancestor)?;
        let r = region_of(v, b);
        if r == def_region {
            break Some(b);
        }
        let Some(r) = r else { break None };
        let owner = body.region(r).parent?;
        if isolated.is_none() && is_isolated_from_above(v.name(owner)) && !inside_op(v, def_region, owner) {
            isolated = Some(owner);
        }
        ancestor = owner;
    };
    if let Some(iso) = isolated {
        return Some(
            v.op_error(user, "using value defined outside the region")
                .with_note(Some(body.op(iso).span), "required by region isolation constraints"),
        );
    }
    let Some(use_block) = found else {
        return Some(dominance_error(v, user, slot, def_block, def_op));
    };

    // Inside the defining region. A single-block region has no order when it is a graph
    // region, or belongs to an unregistered op (MLIR cannot know); multi-block regions
    // always order: within a block, definitions come first; across blocks, the defining
    // block dominates.
    let r = def_region?;
    let owner = body.region(r).parent?;
    if body.region(r).blocks.len() <= 1 && !ssa_ordered(v.name(owner)) {
        return None;
    }
    let tree = cache.slot(r);
    let doms = tree.get_or_init(|| region_doms(v, r));
    let (Some(&u), Some(&d)) = (doms.index.get(&use_block), doms.index.get(&def_block)) else { return None };
    // Uses in unreachable blocks are not checked.
    let mut chain = doms.doms.dominators(u)?;
    let dominated = if use_block == def_block {
        match def_op {
            Some(def) => doms.position.get(&def).zip(doms.position.get(&ancestor)).is_some_and(|(d, a)| d < a),
            None => true,
        }
    } else {
        chain.any(|n| n == d)
    };
    if dominated {
        return None;
    }
    Some(dominance_error(v, user, slot, def_block, def_op))
}

fn region_doms(v: &Verifier<'_>, r: RegionId) -> RegionDoms {
    let blocks = &v.m.body.region(r).blocks;
    let mut g: DiGraph<(), ()> = DiGraph::new();
    let mut index = FxHashMap::default();
    let mut position = FxHashMap::default();
    for &b in blocks {
        index.insert(b, g.add_node(()));
        for (i, op) in v.m.body.block_ops(b).enumerate() {
            position.insert(op, i);
        }
    }
    for &b in blocks {
        for op in v.m.body.block_ops(b) {
            for &(s, _) in &v.m.body.op(op).successors {
                if let (Some(&from), Some(&to)) = (index.get(&b), index.get(&s)) {
                    g.add_edge(from, to, ());
                }
            }
        }
    }
    let root = blocks.first().and_then(|b| index.get(b)).copied().unwrap_or_else(|| NodeIndex::new(0));
    if g.node_count() == 0 {
        g.add_node(());
    }
    RegionDoms { index, doms: simple_fast(&g, root), position }
}

/// MLIR's "operand #N does not dominate this use", with a note on where it is defined.
fn dominance_error(v: &Verifier<'_>, user: OpId, slot: usize, def_block: BlockId, def_op: Option<OpId>) -> Diagnostic {
    let body = &v.m.body;
    let d = v.error(user, format!("operand #{} does not dominate this use", slot));
    let use_block = body.parent_block(user);
    let use_region = use_block.and_then(|b| region_of(v, b));
    let def_region = region_of(v, def_block);
    let relation = |same: &str, parent: &str, child: &str, neither: &str| -> String {
        if use_region == def_region {
            same.to_string()
        } else if properly_encloses(v, def_region, use_region) {
            parent.to_string()
        } else if properly_encloses(v, use_region, def_region) {
            child.to_string()
        } else {
            neither.to_string()
        }
    };
    match def_op {
        Some(def) => {
            let what = if use_block == Some(def_block) {
                " (op in the same block)".to_string()
            } else {
                relation(
                    " (op in the same region)",
                    " (op in a parent region)",
                    " (op in a child region)",
                    " (op is neither in a parent nor in a child region)",
                )
            };
            d.with_note(Some(body.op(def).span), format!("operand defined here{}", what))
        }
        None => {
            let index =
                def_region.and_then(|r| body.region(r).blocks.iter().position(|&b| b == def_block)).unwrap_or(0);
            let where_ = relation(
                " in the same region)",
                " in a parent region)",
                " in a child region)",
                " neither in a parent nor in a child region)",
            );
            let at = body.block_parent_op(def_block).map(|p| body.op(p).span);
            d.with_note(at, format!("operand defined as a block argument (block #{}{}", index, where_))
        }
    }
}
