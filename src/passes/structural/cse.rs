//! `tfg-cse` (TensorFlow's transforms/cse): MLIR's common-subexpression elimination on a
//! `tfg.func`, with node names (`_mlir_name`) ignored. Two ops are the same expression when
//! they have the same name, operands (control operands included, in order), attributes (as
//! a set, the node name left out), properties, result types and equivalent regions. Only
//! ops free of memory effects take part: tfg nodes that TensorFlow's op registry marks
//! stateless (an op it does not know, and any op of another dialect, is stateful).
//!
//! As MLIR's CSE: a block is walked in order, an op's regions before the op itself; an op
//! equal to one already seen is replaced by it (inside a nested region the expressions of the
//! enclosing blocks seen so far are visible). The body of a function is a graph region, so
//! there a use is only redirected when its user is not itself equal to a known expression,
//! and the duplicate is erased only when no use is left. A stateless op that is unused (its
//! control token included) is erased (MLIR's CSE erases trivially dead ops). The surviving op
//! keeps its own node name.
//!
//! Linear-ish: each op is hashed once (plus once per use redirected in the function body);
//! the known expressions are a hash table keyed by that hash, with a stack of scopes.
//! The functions of a library are planned in parallel ([`Cse`]): the planning reads the
//! module through a [`UseOverlay`] and the edits are replayed afterwards, so the output is
//! the same on any number of threads. On verified IR each function is planned and changed
//! on one worker ([`SplitPass::CHANGES_INSIDE_TARGET`]); otherwise the changes are replayed
//! function by function on one thread.

use std::hash::{Hash, Hasher};

use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;

use super::tf_ops::TfOps;
use crate::diag::Diagnostic;
use crate::ir::intern::IdTable;
use crate::ir::module::NODE_NAME;
use crate::ir::{AttrId, BlockId, BodyEdit, BodyPart, Module, OpId, PlannedEdits, Sym, UseOverlay, ValueId};
use crate::namespace::with_registry;
use crate::passes::{PassContext, PassTarget, SplitPass};

/// The pass, anchored on `tfg.func`. A [`SplitPass`]: the functions of a library are
/// planned on rayon's workers at once (each against a [`UseOverlay`] of the module, reading
/// it as its own earlier steps left it) and their edits made (each by the worker that
/// planned it, on verified IR; else one function after the other, in order): exactly what
/// running the functions one by one gives.
pub struct Cse;

/// What CSE decided for one function: the operand edits in the order made, the ops to erase,
/// and the counts for the statistics.
pub struct CsePlan {
    edits: PlannedEdits,
    erase: Vec<OpId>,
    cse: usize,
    dce: usize,
}

impl SplitPass for Cse {
    type Plan = Result<Option<CsePlan>, Vec<Diagnostic>>;

    fn analyze(&self, m: &Module, target: PassTarget) -> Self::Plan {
        let PassTarget::Op(func) = target else { return Ok(None) };
        // Anchored on tfg.func: ops in a tfg.graph all have effects for TensorFlow.
        if m.op_name(func) != "tfg.func" {
            return Ok(None);
        }
        with_registry(|reg| {
            let mut tf = TfOps::new(reg);
            Some(plan_op_regions(m, func, &mut tf))
        })
    }

    fn apply(&self, m: &mut Module, _target: PassTarget, plan: Self::Plan, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        let Some(plan) = plan? else { return Ok(()) };
        make_changes(&mut m.body, plan, cx);
        Ok(())
    }

    /// The plan reads and changes only the function (operands of its ops, its ops).
    const CHANGES_INSIDE_TARGET: bool = true;

    fn apply_inside(&self, part: &mut BodyPart, plan: Self::Plan, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        let Some(plan) = plan? else { return Ok(()) };
        make_changes(part, plan, cx);
        Ok(())
    }
}

/// Makes the planned edits and erasures on the function's body (the whole body or the
/// part of it that holds the function).
fn make_changes(body: &mut impl BodyEdit, plan: CsePlan, cx: &mut PassContext) {
    plan.edits.replay(body);
    // The ops erased are anywhere in the function: their loads start a few ops ahead.
    for (i, &o) in plan.erase.iter().enumerate() {
        for (later, stage) in crate::parallel::ahead_of(&plan.erase, i, &ERASE_AHEAD) {
            body.prefetch_erase(later, stage);
        }
        if !body.is_erased(o) {
            body.erase_op(o);
        }
    }
    cx.stat("num-cse'd", "Number of operations CSE'd", plan.cse as u64);
    cx.stat("num-dce'd", "Number of operations DCE'd", plan.dce as u64);
    cx.mark_changed_if(plan.cse + plan.dce > 0);
}

/// How many ops ahead of the one being erased each stage of `Body::prefetch_erase` works.
const ERASE_AHEAD: [usize; 2] = [8, 4];

/// Plans CSE of the regions of `op` (a `tfg.func`).
fn plan_op_regions(m: &Module, op: OpId, tf: &mut TfOps<'_>) -> CsePlan {
    let name_sym = m.ctx.lookup_sym(NODE_NAME);
    let mut known = Known::default();
    // One expression per op of the body, at most: the outer table grows once.
    let body_ops: usize = m.body.op(op).regions.iter().filter_map(|&r| m.body.region(r).blocks.first()).map(|&b| m.body.block_len(b)).sum();
    known.outer.reserve(body_ops);
    let mut d = Driver { m, ov: UseOverlay::new(&m.body), tf, name_sym, known, erase: Vec::new(), cse: 0, dce: 0, simplifiable: FxHashMap::default() };
    let graph = matches!(m.op_name(op), "tfg.func" | "tfg.graph" | "builtin.module");
    for &r in &m.body.op(op).regions {
        let blocks = &m.body.region(r).blocks;
        // Multi-block regions are left alone (as MLIR does without dominance info).
        if blocks.len() == 1 {
            d.known.push_scope();
            d.block(blocks[0], !graph);
            d.known.pop_scope();
        }
    }
    CsePlan { edits: d.ov.into_edits(), erase: d.erase, cse: d.cse, dce: d.dce }
}

/// The known expressions: ops by hash, in scopes. Those of the outermost scope (the
/// function's body: nearly all of them) are in an [`IdTable`] of packed `(hash, op)` slots,
/// one cache miss per lookup in a table of a million expressions (a hash map of op lists
/// took two, its control bytes and then its bucket); the nested scopes, small and popped
/// often, keep op lists by hash.
#[derive(Default)]
struct Known {
    outer: IdTable,
    table: FxHashMap<u64, SmallVec<[OpId; 1]>>,
    scopes: Vec<Vec<u64>>,
}

/// How many ops ahead of the one simplified [`Driver::block`] loads the table slot of.
const LOOKUP_AHEAD: usize = 8;

/// The 32 bits of an op's hash the outer table files it under.
fn outer_hash(h: u64) -> u32 {
    (h ^ (h >> 32)) as u32
}

impl Known {
    fn push_scope(&mut self) {
        self.scopes.push(Vec::new());
    }

    fn pop_scope(&mut self) {
        if self.scopes.len() <= 1 {
            self.outer = IdTable::default();
        }
        for h in self.scopes.pop().unwrap_or_default() {
            if let Some(v) = self.table.get_mut(&h) {
                v.pop();
                if v.is_empty() {
                    self.table.remove(&h);
                }
            }
        }
    }

    fn insert(&mut self, h: u64, op: OpId) {
        if self.scopes.len() <= 1 {
            self.outer.insert(outer_hash(h), op.index() as u32);
            return;
        }
        self.table.entry(h).or_default().push(op);
        if let Some(s) = self.scopes.last_mut() {
            s.push(h);
        }
    }

    /// Starts loading where [`Known::find`] will look for `h` in the outer table.
    fn prefetch(&self, h: u64) {
        self.outer.prefetch(outer_hash(h));
    }

    /// The most recent known op under `h` for which `same` holds: nested scopes first.
    fn find(&self, h: u64, mut same: impl FnMut(OpId) -> bool) -> Option<OpId> {
        if let Some(cands) = self.table.get(&h) {
            if let Some(k) = cands.iter().rev().copied().find(|&k| same(k)) {
                return Some(k);
            }
        }
        // Two ops in the table are never equivalent (the second would have been replaced
        // by the first), so the order of the outer table's candidates does not matter.
        self.outer.find(outer_hash(h), |id| same(OpId::new(id as usize))).map(|id| OpId::new(id as usize))
    }
}

struct Driver<'m, 'a, 'r> {
    m: &'m Module,
    /// The function as the steps so far left it.
    ov: UseOverlay<'m>,
    tf: &'a mut TfOps<'r>,
    name_sym: Option<Sym>,
    known: Known,
    erase: Vec<OpId>,
    cse: usize,
    dce: usize,
    simplifiable: FxHashMap<Sym, bool>,
}

impl Driver<'_, '_, '_> {
    fn block(&mut self, block: BlockId, ssa_dominance: bool) {
        let m = self.m;
        let ops: Vec<OpId> = m.body.block_ops(block).collect();
        // The lookup of an op's hash misses in a large table: the fixed part of the hash of
        // the op a few places ahead is worked out now (kept for when its turn comes) and
        // the slot its hash, with its operands as they are now, points to is loaded.
        // Only ops that may be simplified are looked up (the others keep 0).
        let mut fixed: Vec<u64> = vec![0; ops.len()];
        for j in 0..ops.len() + LOOKUP_AHEAD {
            if let Some(&later) = ops.get(j) {
                if self.simplifiable(later) {
                    fixed[j] = fixed_hash(m, later, self.name_sym);
                    self.known.prefetch(with_operands(m, &self.ov, later, fixed[j]));
                }
            }
            let Some(i) = j.checked_sub(LOOKUP_AHEAD) else { continue };
            let op = ops[i];
            // tfg's region ops are not isolated from above: their regions see the known
            // expressions; their regions have SSA dominance. Any other op with regions
            // might be isolated (MLIR assumes so of an op it does not know): its regions
            // start from no known expression.
            let regions = &m.body.op(op).regions;
            if !regions.is_empty() {
                let isolated = !crate::dialect::traits::of(m.op_name(op)).is_region_control_flow();
                let saved = isolated.then(|| std::mem::take(&mut self.known));
                for &r in regions {
                    let blocks = &m.body.region(r).blocks;
                    if blocks.len() == 1 {
                        self.known.push_scope();
                        self.block(blocks[0], true);
                        self.known.pop_scope();
                    }
                }
                if let Some(k) = saved {
                    self.known = k;
                }
            }
            self.simplify(op, fixed[i], ssa_dominance);
        }
    }

    /// Whether the op may be simplified: a stateless tfg node, not one of tfg's intrinsic
    /// ops (terminators among them). Known by op name for ops without regions (a million
    /// ops have a few dozen names).
    fn simplifiable(&mut self, op: OpId) -> bool {
        let m = self.m;
        let name = m.body.op(op).name;
        let plain = m.body.op(op).regions.is_empty();
        if plain {
            if let Some(&ok) = self.simplifiable.get(&name) {
                return ok;
            }
        }
        let ok = TfOps::has_registry_interface(m, op) && !crate::dialect::traits::is_intrinsic(m.op_name(op)) && !self.tf.is_stateful(m, op);
        if plain {
            self.simplifiable.insert(name, ok);
        }
        ok
    }

    /// Simplifies `op`, whose [`fixed_hash`] is `fixed`.
    fn simplify(&mut self, op: OpId, fixed: u64, ssa_dominance: bool) {
        let m = self.m;
        if !self.simplifiable(op) {
            return;
        }
        if !self.ov.op_has_uses(op) {
            self.erase.push(op);
            self.dce += 1;
            return;
        }
        if m.body.op(op).regions.iter().any(|&r| m.body.region(r).blocks.len() > 1) {
            return;
        }
        let h = with_operands(m, &self.ov, op, fixed);
        if let Some(existing) = self.lookup(op, h) {
            self.cse += 1;
            let (from, to) = (m.body.results(op), m.body.results(existing));
            if ssa_dominance {
                for (&f, &t) in from.iter().zip(to) {
                    self.ov.replace_all_uses(f, t);
                }
                self.erase.push(op);
            } else {
                // A graph region: a user already equal to a known expression keeps its
                // operand (its hash must not change while it is known).
                for (&f, &t) in from.iter().zip(to) {
                    for u in self.ov.uses(f) {
                        let uh = op_hash(m, &self.ov, u.op, self.name_sym);
                        if self.lookup(u.op, uh).is_none() {
                            self.ov.set_operand(u.op, u.slot as usize, t);
                        }
                    }
                }
                if !self.ov.op_has_uses(op) {
                    self.erase.push(op);
                }
            }
            return;
        }
        self.known.insert(h, op);
    }

    fn lookup(&self, op: OpId, h: u64) -> Option<OpId> {
        self.known.find(h, |k| k == op || equivalent(self.m, &self.ov, k, op, self.name_sym, &mut FxHashMap::default()))
    }
}

/// The op's attributes without the node name, resolved and in a fixed order.
fn key_attrs(m: &Module, op: OpId, name_sym: Option<Sym>) -> SmallVec<[(Sym, AttrId); 4]> {
    let mut v: SmallVec<[(Sym, AttrId); 4]> = m
        .body
        .attrs(op)
        .iter()
        .filter(|a| Some(a.name) != name_sym)
        .map(|a| (a.name, m.ctx.resolved_attr(a.value)))
        .collect();
    v.sort_unstable();
    v
}

/// MLIR's `OperationEquivalence::computeHash`: name, attributes, properties, result types
/// and operands (regions are compared, not hashed).
fn op_hash(m: &Module, ov: &UseOverlay<'_>, op: OpId, name_sym: Option<Sym>) -> u64 {
    with_operands(m, ov, op, fixed_hash(m, op, name_sym))
}

/// The part of [`op_hash`] that CSE never changes: name, attributes, properties, result
/// types.
fn fixed_hash(m: &Module, op: OpId, name_sym: Option<Sym>) -> u64 {
    let mut h = FxHasher::default();
    let d = m.body.op(op);
    d.name.hash(&mut h);
    key_attrs(m, op, name_sym).hash(&mut h);
    d.properties.map(|p| m.ctx.resolved_attr(p)).hash(&mut h);
    for &r in &d.results {
        m.ctx.resolved_type(m.body.value_type(r)).hash(&mut h);
    }
    h.finish()
}

/// [`op_hash`] from its fixed part and the op's operands as they are now.
fn with_operands(m: &Module, ov: &UseOverlay<'_>, op: OpId, fixed: u64) -> u64 {
    let mut h = FxHasher::default();
    fixed.hash(&mut h);
    match ov.edited_operands(op) {
        Some(vs) => vs.iter().for_each(|v| v.hash(&mut h)),
        None => m.body.operands(op).for_each(|v| v.hash(&mut h)),
    }
    h.finish()
}

/// MLIR's `OperationEquivalence::isEquivalentTo` (locations and node names ignored): values
/// defined inside compared regions correspond through `map` (left → right).
fn equivalent(m: &Module, ov: &UseOverlay<'_>, a: OpId, b: OpId, name_sym: Option<Sym>, map: &mut FxHashMap<ValueId, ValueId>) -> bool {
    let (da, db) = (m.body.op(a), m.body.op(b));
    if da.name != db.name
        || da.results.len() != db.results.len()
        || da.num_operands() != db.num_operands()
        || da.regions.len() != db.regions.len()
        || da.successors.len() != db.successors.len()
        || da.properties.map(|p| m.ctx.resolved_attr(p)) != db.properties.map(|p| m.ctx.resolved_attr(p))
    {
        return false;
    }
    if !da.results.iter().zip(&db.results).all(|(&x, &y)| m.ctx.same_type(m.body.value_type(x), m.body.value_type(y))) {
        return false;
    }
    if !ov.operands(a).into_iter().zip(ov.operands(b)).all(|(x, y)| map.get(&x).copied().unwrap_or(x) == y) {
        return false;
    }
    if key_attrs(m, a, name_sym) != key_attrs(m, b, name_sym) {
        return false;
    }
    for (&ra, &rb) in da.regions.iter().zip(&db.regions) {
        let (ba, bb) = (&m.body.region(ra).blocks, &m.body.region(rb).blocks);
        if ba.len() != bb.len() {
            return false;
        }
        for (&x, &y) in ba.iter().zip(bb) {
            let (ax, ay) = (&m.body.block(x).args, &m.body.block(y).args);
            if ax.len() != ay.len() || !ax.iter().zip(ay).all(|(&p, &q)| m.ctx.same_type(m.body.value_type(p), m.body.value_type(q))) {
                return false;
            }
            for (&p, &q) in ax.iter().zip(ay) {
                map.insert(p, q);
            }
            if m.body.block_len(x) != m.body.block_len(y) {
                return false;
            }
            let ops_x: Vec<OpId> = m.body.block_ops(x).collect();
            let ops_y: Vec<OpId> = m.body.block_ops(y).collect();
            // Results first: graph regions may use a value before its definition.
            for (&p, &q) in ops_x.iter().zip(&ops_y) {
                for (&r, &s) in m.body.results(p).iter().zip(m.body.results(q)) {
                    map.insert(r, s);
                }
            }
            for (&p, &q) in ops_x.iter().zip(&ops_y) {
                if !equivalent(m, ov, p, q, name_sym, map) {
                    return false;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_on_funcs(text: &str) -> String {
        let mut m = crate::syntax::parse_module(text).expect("parses");
        for t in crate::passes::manager::targets(&m, Some("tfg.func")) {
            let mut cx = PassContext::new();
            let plan = Cse.analyze(&m, t);
            Cse.apply(&mut m, t, plan, &mut cx).unwrap();
        }
        assert!(crate::verify::verify_module(&m).is_empty());
        crate::printer::print_module(&m, Default::default())
    }

    #[test]
    fn merges_stateless_keeps_stateful_and_unknown() {
        let out = run_on_funcs(
            "tfg.func @f(%a: tensor<i32> {tfg.name = \"a\"}) -> (tensor<i32>) {\n  %x, %ctl = Add(%a, %a) name(\"x\") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)\n  %y, %ctl_0 = Add(%a, %a) name(\"y\") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)\n  %r, %ctl_1 = RandomUniform(%a) name(\"r\") {T = i32, dtype = f32} : (tensor<i32>) -> (tensor<i32>)\n  %s, %ctl_2 = RandomUniform(%a) name(\"s\") {T = i32, dtype = f32} : (tensor<i32>) -> (tensor<i32>)\n  %u, %ctl_3 = Unknown(%a) name(\"u\") : (tensor<i32>) -> (tensor<i32>)\n  %v, %ctl_4 = Unknown(%a) name(\"v\") : (tensor<i32>) -> (tensor<i32>)\n  %z, %ctl_5 = AddN(%x, %y, %r, %s, %u, %v) [%ctl_0] name(\"z\") {N = 6, T = i32} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)\n  return(%z) : tensor<i32>\n}\n",
        );
        assert!(!out.contains("name(\"y\")"), "{}", out);
        assert!(out.contains("AddN(%x, %x, %r, %s, %u, %v) [%ctl]"), "{}", out);
    }

    #[test]
    fn unused_stateless_ops_are_erased_and_names_do_not_matter_but_devices_do() {
        let out = run_on_funcs(
            "tfg.func @f(%a: tensor<i32> {tfg.name = \"a\"}) -> (tensor<i32>) {\n  %x, %ctl = Neg(%a) device(\"/CPU:0\") name(\"x\") {T = i32} : (tensor<i32>) -> (tensor<i32>)\n  %y, %ctl_0 = Neg(%a) device(\"/CPU:1\") name(\"y\") {T = i32} : (tensor<i32>) -> (tensor<i32>)\n  %d, %ctl_1 = Neg(%a) name(\"dead\") {T = i32} : (tensor<i32>) -> (tensor<i32>)\n  %z, %ctl_2 = AddV2(%x, %y) name(\"z\") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)\n  return(%z) : tensor<i32>\n}\n",
        );
        assert!(out.contains("name(\"y\")") && !out.contains("dead"), "{}", out);
    }
}
