//! `symbol-dce`: MLIR's SymbolDCE. Symbols that are not public (private, or nested in a
//! hidden symbol table) and that nothing live refers to are erased. Liveness starts from
//! every non-symbol op (a `tfg.graph`) and every public symbol, and follows the references
//! their attributes hold (`@f`, `#tf_type.func<@f, ..>`, `tfg.legacy_call = @f`), nested
//! `builtin.module`s being symbol tables of their own.
//!
//! Beyond MLIR, a legacy call (a node whose type names a function, `Foo` for `@Foo`) is a
//! reference too, so a called function is never erased whether or not
//! `tfg-lift-legacy-call` ran first.

use rustc_hash::{FxHashMap, FxHashSet};

use super::symbols::{is_symbol_table, op_refs, symbol_name, visibility};
use crate::diag::Diagnostic;
use crate::ir::{BlockId, Module, OpId};
use crate::passes::{PassContext, PassTarget};

pub fn run(m: &mut Module, target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
    let (block, hidden) = match target {
        PassTarget::Module => (m.root_block(), true),
        PassTarget::Op(op) => {
            if !is_symbol_table(m, op) {
                let msg = format!("'{}' op  was scheduled to run under SymbolDCE, but does not define a symbol table", m.op_name(op));
                return Err(vec![Diagnostic::error(m.body.op(op).span, msg)]);
            }
            let hidden = m.body.parent_op(op).is_none() || symbol_name(m, op).is_none() || visibility(m, op) == "private";
            let Some(b) = crate::dialect::tfg::body_block(m, op) else { return Ok(()) };
            (b, hidden)
        }
    };
    let mut live = FxHashSet::default();
    compute_liveness(m, block, hidden, &mut live);
    let mut dead = Vec::new();
    collect_dead(m, block, &live, &mut dead);
    for op in dead {
        m.body.erase_op(op);
        cx.stat("num-dce", "Number of symbols DCE'd", 1);
        cx.mark_changed();
    }
    Ok(())
}

/// The symbols defined directly in `block`, by name.
fn table(m: &Module, block: BlockId) -> FxHashMap<String, OpId> {
    m.body.block_ops(block).filter_map(|op| symbol_name(m, op).map(|n| (n, op))).collect()
}

fn compute_liveness(m: &Module, block: BlockId, hidden: bool, live: &mut FxHashSet<OpId>) {
    let symbols = table(m, block);
    let mut worklist: Vec<OpId> = Vec::new();
    for op in m.body.block_ops(block) {
        if symbol_name(m, op).is_none() {
            worklist.push(op);
            continue;
        }
        let vis = visibility(m, op);
        let discardable = (hidden || vis == "private") && vis != "public";
        if !discardable && live.insert(op) {
            worklist.push(op);
        }
    }
    while let Some(op) = worklist.pop() {
        if is_symbol_table(m, op) {
            let hidden_inner = hidden || symbol_name(m, op).is_none() || visibility(m, op) == "private";
            if let Some(inner) = crate::dialect::tfg::body_block(m, op) {
                compute_liveness(m, inner, hidden_inner, live);
            }
        }
        for path in uses(m, op) {
            for target in resolve(m, &symbols, &path) {
                if live.insert(target) {
                    worklist.push(target);
                }
            }
        }
    }
}

/// The references held by `op` and the ops nested in it, not looking into nested symbol
/// tables; a legacy call counts as a reference to its function.
fn uses(m: &Module, op: OpId) -> Vec<Vec<String>> {
    let mut out = op_refs(m, op);
    let mut stack: Vec<OpId> = Vec::new();
    let push_children = |o: OpId, stack: &mut Vec<OpId>| {
        for &r in &m.body.op(o).regions {
            for &b in &m.body.region(r).blocks {
                stack.extend(m.body.block_ops(b));
            }
        }
    };
    if !is_symbol_table(m, op) {
        push_children(op, &mut stack);
    }
    while let Some(o) = stack.pop() {
        out.extend(op_refs(m, o));
        if let Some(ty) = m.op_name(o).strip_prefix("tfg.") {
            if !crate::dialect::traits::is_tfg_structural(m.op_name(o)) {
                out.push(vec![ty.to_string()]);
            }
        }
        if !is_symbol_table(m, o) {
            push_children(o, &mut stack);
        }
    }
    out
}

/// The symbols a reference path names, outermost first (MLIR's `lookupSymbolIn`); empty
/// when it names nothing known.
fn resolve(m: &Module, symbols: &FxHashMap<String, OpId>, path: &[String]) -> Vec<OpId> {
    let mut out = Vec::new();
    let Some(&first) = path.first().and_then(|n| symbols.get(n)) else { return out };
    out.push(first);
    let mut current = first;
    for name in &path[1..] {
        let Some(inner) = crate::dialect::tfg::body_block(m, current).filter(|_| is_symbol_table(m, current)) else {
            return Vec::new();
        };
        let Some(&next) = table(m, inner).get(name) else { return Vec::new() };
        out.push(next);
        current = next;
    }
    out
}

/// Symbols of `block` and of the symbol tables nested in it that are not live.
fn collect_dead(m: &Module, block: BlockId, live: &FxHashSet<OpId>, out: &mut Vec<OpId>) {
    for op in m.body.block_ops(block) {
        if symbol_name(m, op).is_some() && !live.contains(&op) {
            out.push(op);
            continue;
        }
        if is_symbol_table(m, op) {
            if let Some(inner) = crate::dialect::tfg::body_block(m, op) {
                collect_dead(m, inner, live, out);
            }
        }
    }
}
