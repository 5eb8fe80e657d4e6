//! Name resolution: binds every `%name` / `%name#N` use recorded by the parser to its value,
//! and every `^bb` successor to its block, once the whole file has been read.
//!
//! Scoping follows MLIR: names defined in a region are visible in that region and in the
//! regions nested in it, up to the nearest op that is isolated from above (`tfg.func`,
//! `tfg.graph`, `builtin.module`), and the order of definitions does not matter inside a
//! scope (graph regions allow uses before definitions). A name may be defined once per region.
//!
//! Values are resolved in one walk over the region tree with a scoped table indexed by name
//! (MLIR's scoped hash table): entering a region defines all its names, its ops' uses are
//! looked up, nested regions are visited, and leaving the region restores the shadowed
//! entries. The table ([`Defs`]) chains definitions by the number of their [`ValueName`] in
//! a dense array, so that a region's definitions walk it nearly in order.

use rustc_hash::FxHashMap;

use super::builder::{ParseCx, PendingUse};
use crate::diag::Diagnostic;
use crate::ir::{BlockId, Module, OpId, RegionId, Span, Sym, ValueDef, ValueId, ValueName};

/// Ops whose regions do not see the names of the enclosing regions.
pub fn is_isolated_from_above(name: &str) -> bool {
    matches!(name, "tfg.func" | "tfg.graph" | "builtin.module" | "func.func")
}

/// `None` stands for the top level of the file.
type ScopeKey = Option<RegionId>;

/// No definition (index into [`Defs::defs`]).
const NONE: u32 = u32::MAX;

/// A region as a `u32`: 0 for the top level, `index + 1` for a region.
fn scope_id(scope: ScopeKey) -> u32 {
    scope.map(|r| r.index() as u32 + 1).unwrap_or(0)
}

/// A name's definition: a run of `count` consecutive values starting at `first`, made in
/// region `scope` (see [`scope_id`]) under the isolated-from-above region `iso`.
#[derive(Clone, Copy)]
struct Def {
    name: ValueName,
    /// The definition made before this one in the same chain (see [`Defs`]).
    next: u32,
    chain: Chain,
    first: ValueId,
    count: u32,
    scope: u32,
    /// Id of the innermost isolated region (or the top level) the definition is under.
    iso: u32,
}

/// Which of the chains of [`Defs`] a definition is in.
#[derive(Clone, Copy)]
enum Chain {
    /// [`Defs::by_number`], under its number.
    ByNumber,
    /// [`Defs::by_stem`], under its stem (a name without a number).
    ByStem,
    /// [`Defs::overflow`], under its name.
    Overflow,
}

/// Longest chain of [`Defs::by_number`] a definition joins; later ones go to the overflow.
const MAX_CHAIN: usize = 8;

/// The scoped name table: the definitions in the order made, chained the latest first. A
/// name's visible definition is the latest with its name (an inner one shadows an outer one
/// by coming later); leaving a region unchains its definitions, which are the latest of
/// all and so the heads of their chains.
///
/// The chains are dense arrays, indexed the way names come: TensorFlow's and MLIR's names
/// are counters (`%Conv2D_12, %ctl_12`, `%12`), so a name with a number is chained by its
/// number (with the few other stems that share it), and a name without one by its stem's
/// symbol (interned in the order met). A region's definitions then walk through both arrays
/// nearly in order, where a hash table would jump over all of it for every name. Numbers
/// too large for the array, and numbers shared by too many stems, are chained in a hash
/// map instead.
struct Defs {
    defs: Vec<Def>,
    by_number: Vec<u32>,
    by_stem: Vec<u32>,
    overflow: rustc_hash::FxHashMap<ValueName, u32>,
}

impl Defs {
    /// A table for a module of `values` values and `syms` symbols.
    fn new(values: usize, syms: usize) -> Defs {
        Defs { defs: Vec::new(), by_number: vec![NONE; 2 * values + 1024], by_stem: vec![NONE; syms], overflow: Default::default() }
    }

    /// The head of `name`'s chain in the arrays (`None`: the name goes to the overflow).
    #[inline]
    fn array_slot(&self, name: ValueName) -> Option<&u32> {
        match name.number() {
            Some(n) => self.by_number.get(n as usize),
            None => self.by_stem.get(name.stem().index()),
        }
    }

    /// The latest definition of `name` in its array chain, and the chain's length up to it.
    #[inline]
    fn in_array(&self, name: ValueName) -> (Option<u32>, usize) {
        let mut i = self.array_slot(name).copied().unwrap_or(NONE);
        let mut walked = 0;
        while let Some(d) = self.defs.get(i as usize) {
            if d.name == name {
                return (Some(i), walked);
            }
            walked += 1;
            i = d.next;
        }
        (None, walked)
    }

    /// The index of the visible definition of `name`, and how far its array chain was
    /// walked (see [`in_array`](Self::in_array)).
    fn latest(&self, name: ValueName) -> (Option<u32>, usize) {
        let (found, walked) = self.in_array(name);
        if self.overflow.is_empty() {
            return (found, walked);
        }
        (found.max(self.overflow.get(&name).copied().filter(|&i| i != NONE)), walked)
    }

    fn get(&self, name: ValueName) -> Option<&Def> {
        self.defs.get(self.latest(name).0? as usize)
    }

    /// Starts loading the array slot of `name` (a hint for a [`define`](Self::define) or a
    /// lookup to come).
    #[inline]
    fn prefetch(&self, name: ValueName) {
        if let Some(slot) = self.array_slot(name) {
            crate::ir::intern::prefetch_read(slot);
        }
    }

    /// Starts loading the latest definition in the chain of `name` (after [`prefetch`]).
    #[inline]
    fn prefetch_head(&self, name: ValueName) {
        if let Some(d) = self.array_slot(name).and_then(|&i| self.defs.get(i as usize)) {
            crate::ir::intern::prefetch_read(d);
        }
    }

    /// Defines `name` in `def.scope`; reports a redefinition in the same region.
    fn define(&mut self, module: &Module, name: ValueName, mut def: Def, span: Span, errors: &mut Vec<Diagnostic>) {
        let (visible, walked) = self.latest(name);
        if let Some(prev) = visible.and_then(|i| self.defs.get(i as usize)) {
            if prev.scope == def.scope {
                let prev_span = def_span(module, prev.first);
                errors.push(
                    Diagnostic::error(span, format!("redefinition of SSA value '%{}'", module.ctx.value_name_text(name)))
                        .with_note(Some(prev_span), "previously defined here"),
                );
                return;
            }
        }
        let at = self.defs.len() as u32;
        def.name = name;
        let slot = match name.number() {
            Some(n) if walked < MAX_CHAIN => self.by_number.get_mut(n as usize).map(|s| (s, Chain::ByNumber)),
            Some(_) => None,
            None => self.by_stem.get_mut(name.stem().index()).map(|s| (s, Chain::ByStem)),
        };
        (def.next, def.chain) = match slot {
            Some((head, chain)) => (std::mem::replace(head, at), chain),
            None => (self.overflow.insert(name, at).unwrap_or(NONE), Chain::Overflow),
        };
        self.defs.push(def);
    }

    /// Forgets the definitions from the `from`-th on (those of a region being left, its
    /// nested regions' already forgotten), making visible again what they shadowed.
    fn forget_from(&mut self, from: usize) {
        for d in self.defs[from..].iter().rev() {
            match d.chain {
                Chain::ByNumber => self.by_number[d.name.number().unwrap_or(0) as usize] = d.next,
                Chain::ByStem => self.by_stem[d.name.stem().index()] = d.next,
                Chain::Overflow => {
                    self.overflow.insert(d.name, d.next);
                }
            }
        }
        self.defs.truncate(from);
    }
}

/// Where the value `v` (the first of a definition) was defined: its op, or its block argument.
fn def_span(module: &Module, v: ValueId) -> Span {
    match module.body.value(v).def {
        ValueDef::Result { op, .. } => module.body.op(op).span,
        ValueDef::BlockArg { block, index } => {
            module.body.block(block).arg_info.get(index as usize).map(|a| a.span).unwrap_or_default()
        }
    }
}

/// Resolves all pending uses and successors in `cx`, returning the module or every error.
pub fn resolve(cx: ParseCx<'_>) -> Result<Module, Vec<Diagnostic>> {
    let ParseCx { mut module, pending_uses, pending_successors, mut errors, .. } = cx;
    let blocks = collect_block_labels(&module, &mut errors);
    let resolved = resolve_uses(&module, &pending_uses, &mut errors);

    // Pending uses of one op are contiguous, in operand order.
    let mut operands: Vec<ValueId> = Vec::new();
    let mut i = 0;
    while i < pending_uses.len() {
        let op = pending_uses[i].op;
        let mut j = i;
        while j < pending_uses.len() && pending_uses[j].op == op {
            j += 1;
        }
        for k in i..j {
            for (later, stage) in crate::parallel::ahead_of(&resolved, k, &BIND_AHEAD) {
                prefetch_binding(&module.body, later, stage);
            }
        }
        if resolved[i..j].iter().all(|&v| v != FAILED && v != NOT_TRIED) {
            operands.clear();
            operands.extend(resolved[i..j].iter().map(|&v| ValueId::new(v as usize)));
            module.body.bind_operands(op, &operands);
        }
        i = j;
    }

    for (op, succs) in pending_successors {
        let key = scope_of_op(&module, op);
        let mut resolved = smallvec::SmallVec::new();
        for (label, span) in succs {
            match blocks.get(&key).and_then(|m| m.get(&label)) {
                Some(&b) => resolved.push((b, 0u32)),
                None => errors.push(Diagnostic::error(
                    span,
                    format!("reference to an undefined block '^{}'", module.ctx.str(label)),
                )),
            }
        }
        // Successor operands are not part of the generic syntax: they are the op's operands.
        module.body.set_successors(op, resolved);
    }

    if errors.is_empty() {
        Ok(module)
    } else {
        errors.sort_by_key(|d| d.span.map(|s| s.start).unwrap_or(0));
        Err(errors)
    }
}

/// How many uses ahead of the op being bound each stage of [`prefetch_binding`] works.
const BIND_AHEAD: [usize; 2] = [16, 8];

/// Binding reads and relinks the head of each value's use chain, anywhere in memory in a
/// large graph: those loads are started some uses ahead, in two stages (the value, then its
/// chain's head). `resolved`: the use's value, or a marker where resolution failed.
fn prefetch_binding(body: &crate::ir::Body, resolved: u32, stage: u8) {
    if resolved == FAILED || resolved == NOT_TRIED {
        return;
    }
    let v = ValueId::new(resolved as usize);
    if stage == 0 {
        body.prefetch_value(v);
    } else {
        body.prefetch_first_use(v);
    }
}

fn scope_of_block(module: &Module, block: BlockId) -> ScopeKey {
    if block == module.top {
        None
    } else {
        module.body.block(block).parent
    }
}

fn scope_of_op(module: &Module, op: OpId) -> ScopeKey {
    match module.body.parent_block(op) {
        Some(b) => scope_of_block(module, b),
        None => None,
    }
}

/// Records every block label per region, reporting duplicates.
fn collect_block_labels(module: &Module, errors: &mut Vec<Diagnostic>) -> FxHashMap<ScopeKey, FxHashMap<Sym, BlockId>> {
    let mut labels: FxHashMap<ScopeKey, FxHashMap<Sym, BlockId>> = FxHashMap::default();
    let body = &module.body;
    // Most inputs (graphs) have no labels: then there is no need to walk every op.
    if !(0..body.block_capacity()).any(|b| body.block(BlockId::new(b)).label.is_some()) {
        return labels;
    }
    let mut stack: Vec<BlockId> = vec![module.top];
    while let Some(block) = stack.pop() {
        let data = body.block(block);
        if let Some(label) = data.label {
            let map = labels.entry(scope_of_block(module, block)).or_default();
            if map.insert(label, block).is_some() {
                errors.push(Diagnostic::error(data.span, format!("redefinition of block '^{}'", module.ctx.str(label))));
            }
        }
        for op in body.block_ops(block) {
            for &r in &body.op(op).regions {
                stack.extend(body.region(r).blocks.iter().copied());
            }
        }
    }
    labels
}

/// One step of the region walk.
enum Step {
    /// Define the names of a region and resolve its ops' uses; `iso` is the enclosing
    /// isolated region's id.
    Enter { scope: ScopeKey, iso: u32 },
    /// Forget the names the region defined: the definitions from the `from`-th on.
    Leave { from: usize },
}

/// Markers in the resolved-operand list.
const NOT_TRIED: u32 = u32::MAX;
const FAILED: u32 = u32::MAX - 1;

/// Calls `f(name, first, count, span)` for every name defined directly in region `scope`,
/// blocks last to first, each block's arguments then its ops' results in order; `span` is
/// the definition's.
fn for_each_def(module: &Module, blocks: &[BlockId], mut f: impl FnMut(ValueName, ValueId, u32, Span)) {
    for &block in blocks.iter().rev() {
        arg_defs(module, block, &mut f);
        for op in module.body.block_ops(block) {
            result_defs(module, op, &mut f);
        }
    }
}

/// [`for_each_def`] for the arguments of `block`.
fn arg_defs(module: &Module, block: BlockId, f: &mut impl FnMut(ValueName, ValueId, u32, Span)) {
    let data = module.body.block(block);
    for (&arg, info) in data.args.iter().zip(&data.arg_info) {
        if let Some(name) = info.name {
            f(name, arg, 1, info.span);
        }
    }
}

/// [`for_each_def`] for the results of `op`.
fn result_defs(module: &Module, op: OpId, f: &mut impl FnMut(ValueName, ValueId, u32, Span)) {
    let od = module.body.op(op);
    for (group, at) in od.result_groups() {
        if let (Some(name), Some(&first)) = (group.name, od.results.get(at)) {
            f(name, first, group.count, od.span);
        }
    }
}

/// Resolves every pending use; [`FAILED`] where resolution failed (and an error was reported).
fn resolve_uses(module: &Module, pending: &[PendingUse], errors: &mut Vec<Diagnostic>) -> Vec<u32> {
    let body = &module.body;
    let mut resolved: Vec<u32> = vec![NOT_TRIED; pending.len()];
    // The parser records uses op by op as it creates them, so they are sorted by op; an op's
    // uses are found by binary search (through a sorted permutation if they are not).
    let order: Option<Vec<u32>> = if pending.windows(2).all(|w| w[0].op.index() <= w[1].op.index()) {
        None
    } else {
        let mut o: Vec<u32> = (0..pending.len() as u32).collect();
        o.sort_by_key(|&k| pending[k as usize].op.index());
        Some(o)
    };
    let at = |p: usize| order.as_ref().map_or(p, |o| o[p] as usize);
    let op_at = |p: usize| pending[at(p)].op.index();
    // Positions `start..end` of an op's uses in pending order (or in `order`). The walk mostly
    // meets ops in creation order, so the search gallops forward from where the last run
    // ended before falling back to a binary search.
    let mut cursor = 0usize;
    let mut run_of = |op: OpId| -> (usize, usize) {
        let key = op.index();
        let n = pending.len();
        let lower_bound = |mut lo: usize, mut hi: usize, below: &dyn Fn(usize) -> bool| {
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if below(mid) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            lo
        };
        let (mut lo, mut hi) = (0, n);
        if cursor <= n && (cursor == 0 || op_at(cursor - 1) < key) {
            lo = cursor;
            let mut step = 1;
            hi = cursor;
            while hi < n && op_at(hi) < key {
                lo = hi + 1;
                hi = cursor + step;
                step *= 2;
            }
            hi = hi.min(n);
        }
        let start = lower_bound(lo, hi, &|p| op_at(p) < key);
        let mut end = start;
        while end < n && op_at(end) == key {
            end += 1;
        }
        cursor = end;
        (start, end)
    };

    let mut defs = Defs::new(body.value_capacity(), module.ctx.sym_count());
    let mut use_errors = Vec::new();
    let mut forget_last = None;
    let mut stack = vec![Step::Enter { scope: None, iso: 0 }];
    let mut blocks_of_scope: Vec<BlockId> = Vec::new();
    let mut uses_of_scope: Vec<u32> = Vec::new();
    while let Some(step) = stack.pop() {
        let (scope, iso) = match step {
            // Leaving the last region, there is nothing left to forget its names for but
            // stray ops (rare), which forget them first: a large graph's millions of names
            // are not unchained one by one for nothing.
            Step::Leave { from } if stack.is_empty() => {
                forget_last = Some(from);
                continue;
            }
            Step::Leave { from } => {
                defs.forget_from(from);
                continue;
            }
            Step::Enter { scope, iso } => (scope, iso),
        };
        blocks_of_scope.clear();
        let iso = match scope {
            None => {
                blocks_of_scope.push(module.top);
                iso
            }
            Some(r) => {
                let region = body.region(r);
                blocks_of_scope.extend(region.blocks.iter().copied());
                match region.parent {
                    Some(owner) if !is_isolated_from_above(module.op_name(owner)) => iso,
                    _ => r.index() as u32 + 1,
                }
            }
        };
        // The top level is never left: what it defines stays visible for stray ops below.
        if scope.is_some() {
            stack.push(Step::Leave { from: defs.defs.len() });
        }
        // Every name of the region is defined before any use is looked up, so that uses
        // anywhere in the region, before or after the definition, see them. A region of one
        // block (a graph, a function body) is walked once for both.
        let id = scope_id(scope);
        let define = |defs: &mut Defs, errors: &mut Vec<Diagnostic>, name, first, count, span| {
            defs.define(module, name, Def { name, next: NONE, chain: Chain::ByNumber, first, count, scope: id, iso }, span, errors)
        };
        let single = match blocks_of_scope[..] {
            [block] => Some(block),
            _ => None,
        };
        let mut define_all = |name, first, count, span| define(&mut defs, errors, name, first, count, span);
        match single {
            Some(block) => arg_defs(module, block, &mut define_all),
            None => for_each_def(module, &blocks_of_scope, &mut define_all),
        }
        uses_of_scope.clear();
        for &block in &blocks_of_scope {
            // Defining a name reads and writes its slot in the table, anywhere in memory in
            // a large graph: loaded some ops ahead.
            let mut ahead = body.block_ops(block).skip(DEFINE_AHEAD);
            for op in body.block_ops(block) {
                if single.is_some() {
                    if let Some(later) = ahead.next() {
                        for name in body.op(later).result_names.iter().filter_map(|g| g.name) {
                            defs.prefetch(name);
                        }
                    }
                    result_defs(module, op, &mut |name, first, count, span| {
                        define(&mut defs, errors, name, first, count, span)
                    });
                }
                let (start, end) = run_of(op);
                uses_of_scope.extend((start..end).map(|p| at(p) as u32));
                for &r in body.op(op).regions.iter().rev() {
                    stack.push(Step::Enter { scope: Some(r), iso });
                }
            }
        }
        lookup_all(module, &defs, iso, pending, &uses_of_scope, &mut resolved, &mut use_errors);
    }
    // Ops outside the region tree (left behind by error recovery) see the top level.
    let strays: Vec<u32> = (0..pending.len() as u32).filter(|&k| resolved[k as usize] == NOT_TRIED).collect();
    if let (Some(from), false) = (forget_last, strays.is_empty()) {
        defs.forget_from(from);
    }
    lookup_all(module, &defs, 0, pending, &strays, &mut resolved, &mut use_errors);
    use_errors.sort_by_key(|(k, _)| *k);
    errors.extend(use_errors.into_iter().map(|(_, d)| d));
    resolved
}

/// How many ops ahead of the one whose names are being defined their slots are loaded.
const DEFINE_AHEAD: usize = 8;

/// Uses of one region looked up on rayon's workers, from this many on.
const PARALLEL_LOOKUPS: usize = 1 << 16;

/// Looks up the pending uses `uses` (indices into `pending`) of one region, whose names are
/// all defined in `defs`, into `resolved`; a failed one gets [`FAILED`] and its diagnostic.
/// Many uses (a large graph) are looked up in parallel: `defs` does not change meanwhile,
/// and the rare failures are looked up again in order for their diagnostics.
fn lookup_all(
    module: &Module,
    defs: &Defs,
    iso: u32,
    pending: &[PendingUse],
    uses: &[u32],
    resolved: &mut [u32],
    errors: &mut Vec<(usize, Diagnostic)>,
) {
    let mut one = |k: usize| match lookup_use(module, defs, iso, &pending[k]) {
        Ok(v) => v.index() as u32,
        Err(d) => {
            errors.push((k, d));
            FAILED
        }
    };
    if uses.len() < PARALLEL_LOOKUPS {
        for &k in uses {
            resolved[k as usize] = one(k as usize);
        }
        return;
    }
    use rayon::prelude::*;
    let mut found: Vec<u32> = vec![FAILED; uses.len()];
    found.par_chunks_mut(LOOKUP_CHUNK).zip(uses.par_chunks(LOOKUP_CHUNK)).for_each(|(found, uses)| {
        for (i, &k) in uses.iter().enumerate() {
            for (later, stage) in crate::parallel::ahead_of(uses, i, &LOOKUP_AHEAD) {
                prefetch_lookup(module, defs, &pending[later as usize], stage);
            }
            found[i] = lookup_use(module, defs, iso, &pending[k as usize]).map_or(FAILED, |v| v.index() as u32);
        }
    });
    for (&k, &v) in uses.iter().zip(&found) {
        resolved[k as usize] = if v == FAILED { one(k as usize) } else { v };
    }
}

/// Uses per rayon task in [`lookup_all`].
const LOOKUP_CHUNK: usize = 4096;

/// How many uses ahead of the one being looked up each stage of [`prefetch_lookup`] works.
const LOOKUP_AHEAD: [usize; 3] = [24, 16, 8];

/// A lookup reads the name's bucket, the latest definition in it, and the value's type:
/// three loads from anywhere in memory in a large graph, started some uses ahead in stages
/// (each reading what the stage before brought in).
fn prefetch_lookup(module: &Module, defs: &Defs, u: &PendingUse, stage: u8) {
    match stage {
        0 => defs.prefetch(u.name.name),
        1 => defs.prefetch_head(u.name.name),
        _ => {
            if let Some(def) = defs.get(u.name.name).filter(|_| u.expected.is_some()) {
                module.body.prefetch_value(ValueId::new(def.first.index() + u.name.index as usize));
            }
        }
    }
}

fn lookup_use(module: &Module, defs: &Defs, iso: u32, u: &PendingUse) -> Result<ValueId, Diagnostic> {
    let name = u.name.name;
    let def = defs.get(name).filter(|d| d.iso == iso).copied();
    // Only a diagnostic needs the name's text.
    let text = || module.ctx.value_name_text(name);
    let def = def.or_else(|| canonical_arg_token(module, defs, iso, &text()));
    let Some(def) = def else {
        return Err(Diagnostic::error(u.name.span, format!("use of undeclared SSA value name '%{}'", text())));
    };
    if u.name.index >= def.count {
        return Err(Diagnostic::error(
            u.name.span,
            format!("reference to invalid result number: '%{}#{}' (it has {} result(s))", text(), u.name.index, def.count),
        )
        .with_note(Some(def_span(module, def.first)), "defined here"));
    }
    let v = ValueId::new(def.first.index() + u.name.index as usize);
    if let Some(expected) = u.expected {
        let actual = module.body.value(v).ty;
        if !module.ctx.same_type(expected, actual) {
            let pe = crate::printer::type_to_string(&module.ctx, expected);
            let pa = crate::printer::type_to_string(&module.ctx, actual);
            let msg = if module.ctx.is_control_type(actual) && !module.ctx.is_control_type(expected) {
                format!("use of control token '%{}' where a data value of type '{}' is expected", text(), pe)
            } else if module.ctx.is_control_type(expected) && !module.ctx.is_control_type(actual) {
                format!("use of data value '%{}' of type '{}' where a control token is expected", text(), pa)
            } else {
                format!("use of value '%{}' expects different type than prior uses: '{}' vs '{}'", text(), pe, pa)
            };
            return Err(Diagnostic::error(u.name.span, msg).with_note(Some(def_span(module, def.first)), "defined here"));
        }
    }
    Ok(v)
}

/// `%argN` where no such name is defined: the control token of the function argument
/// `%arg{N-1}`, which is how `--canonical` (as tfg-opt) prints the token of an argument
/// without a `tfg.name` (MLIR numbers a tfg.func's block arguments over data and control
/// alike). tfg-opt cannot read such output back; we can, so printed output reads back.
/// Only tried for a name that is otherwise undefined, so it costs nothing on valid input.
fn canonical_arg_token(module: &Module, defs: &Defs, iso: u32, text: &str) -> Option<Def> {
    let n: u32 = text.strip_prefix("arg")?.parse().ok()?;
    let data = n.checked_sub(1)?;
    if text != format!("arg{}", n) {
        return None;
    }
    let token = module.ctx.lookup_value_name(&format!("arg{}.ctl", data))?;
    defs.get(token).filter(|d| d.iso == iso).copied()
}
