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
//! entries. The table ([`Defs`], `defs.rs`) chains definitions by the number of their
//! [`ValueName`] in a dense array, so that a region's definitions walk it nearly in order.
//!
//! A large block (a graph) is resolved on every thread of rayon's pool, with the outcome
//! of one thread: its ops listed and its uses found by number when its ops are numbered in
//! order ([`Body::numbered_ops`], a parsed graph's; otherwise by a walk), its names
//! defined by shard ([`Defs::define_ops`]), its uses looked up in parallel, and all uses
//! bound by their value's shard ([`Body::bind_all_operands`]).
//!
//! [`Body::bind_all_operands`]: crate::ir::Body::bind_all_operands
//! [`Body::numbered_ops`]: crate::ir::Body::numbered_ops

use rayon::prelude::*;
use rustc_hash::FxHashMap;

mod defs;

use defs::{Def, Defs, DEFINE_AHEAD};

use super::builder::{ParseCx, PendingUse};
use crate::diag::Diagnostic;
use crate::ir::{BlockId, Module, OpId, RegionId, Span, Sym, ValueDef, ValueId, ValueName};

/// `None` stands for the top level of the file.
type ScopeKey = Option<RegionId>;

/// A region as a `u32`: 0 for the top level, `index + 1` for a region.
fn scope_id(scope: ScopeKey) -> u32 {
    scope.map(|r| r.index() as u32 + 1).unwrap_or(0)
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
    resolve_with(cx, PARALLEL_DEFINES)
}

/// [`resolve`], defining the results of blocks of `min_parallel` ops or more on every thread.
fn resolve_with(cx: ParseCx<'_>, min_parallel: usize) -> Result<Module, Vec<Diagnostic>> {
    let ParseCx { mut module, pending_uses, pending_successors, mut errors, .. } = cx;
    let blocks = collect_block_labels(&module, &mut errors);
    let resolved = resolve_uses(&module, &pending_uses, min_parallel, &mut errors);

    // With an error the module is not used: binding is only for a module without one,
    // where every use resolved. Pending uses of one op are contiguous, in operand order.
    if errors.is_empty() {
        debug_assert!(resolved.iter().all(|&v| v != FAILED && v != NOT_TRIED));
        let mut uses: Vec<(OpId, ValueId)> = Vec::with_capacity(pending_uses.len());
        uses.par_extend(pending_uses.par_iter().zip(&resolved).map(|(u, &v)| (u.op, ValueId::new(v as usize))));
        module.body.bind_all_operands(&uses);
        let n = uses.len();
        crate::parallel::drop_elsewhere((uses, resolved), n);
    }
    let n = pending_uses.len();
    crate::parallel::drop_elsewhere(pending_uses, n);

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
fn resolve_uses(module: &Module, pending: &[PendingUse], min_parallel: usize, errors: &mut Vec<Diagnostic>) -> Vec<u32> {
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
        let start = first_not_below(lo, hi, &|p| op_at(p) < key);
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
                    Some(owner) if !crate::dialect::traits::is_isolated_from_above(module.op_name(owner)) => iso,
                    _ => r.index() as u32 + 1,
                }
            }
        };
        // The top level is never left: what it defines stays visible for stray ops below.
        if scope.is_some() {
            stack.push(Step::Leave { from: defs.len() });
        }
        // Every name of the region is defined before any use is looked up, so that uses
        // anywhere in the region, before or after the definition, see them. A region of one
        // block (a graph, a function body) is walked once for both.
        let id = scope_id(scope);
        let def = |name, first, count| Def::new(name, first, count, id, iso);
        let single = match blocks_of_scope[..] {
            [block] => Some(block),
            _ => None,
        };
        {
            let mut define = |name, first, count, span| defs.define(module, def(name, first, count), span, errors);
            match single {
                Some(block) => arg_defs(module, block, &mut define),
                None => for_each_def(module, &blocks_of_scope, &mut define),
            }
        }
        // The results of a large block (a graph) are defined on every thread once the walk
        // below has listed its ops; those of a smaller one in the walk.
        let parallel = single.is_some_and(|b| body.block_len(b) >= min_parallel) && rayon::current_num_threads() > 1;
        let define_in_walk = single.is_some() && !parallel;
        let mut defining = Vec::with_capacity(if parallel { single.map_or(0, |b| body.block_len(b)) } else { 0 });
        let mut groups = 0;
        uses_of_scope.clear();
        // A graph's ops are usually numbered in block order: then they are listed, and their
        // uses found, on every thread instead of by walking the block.
        // The order check also lists the ops with regions, whose scopes come next.
        let numbered = if parallel { single.and_then(|b| body.numbered_ops(b)) } else { None };
        if let Some(numbered) = &numbered {
            let (ops, n) = (numbered.ids.clone(), pending.len());
            let (lo, hi) = (first_not_below(0, n, &|p| op_at(p) < ops.start), first_not_below(0, n, &|p| op_at(p) < ops.end));
            groups = list_consecutive(module, ops, &mut defining);
            uses_of_scope.par_extend((lo..hi).into_par_iter().map(|p| at(p) as u32));
            for &op in &numbered.with_regions {
                for &r in body.op(op).regions.iter().rev() {
                    stack.push(Step::Enter { scope: Some(r), iso });
                }
            }
        }
        for &block in blocks_of_scope.iter().filter(|_| numbered.is_none()) {
            // Defining a name reads and writes its slot in the table, anywhere in memory in
            // a large graph: loaded some ops ahead.
            let mut ahead = body.block_ops(block).skip(DEFINE_AHEAD);
            for op in body.block_ops(block) {
                if define_in_walk {
                    if let Some(later) = ahead.next() {
                        for name in body.op(later).result_names.iter().filter_map(|g| g.name) {
                            defs.prefetch(name);
                        }
                    }
                    result_defs(module, op, &mut |name, first, count, span| defs.define(module, def(name, first, count), span, errors));
                } else if parallel {
                    defining.push(op);
                    result_defs(module, op, &mut |_, _, _, _| groups += 1);
                }
                let (start, end) = run_of(op);
                uses_of_scope.extend((start..end).map(|p| at(p) as u32));
                for &r in body.op(op).regions.iter().rev() {
                    stack.push(Step::Enter { scope: Some(r), iso });
                }
            }
        }
        if parallel {
            defs.define_ops(module, &defining, groups, def, errors);
        }
        lookup_all(module, &defs, iso, pending, &uses_of_scope, &mut resolved, &mut use_errors);
    }
    // Ops outside the region tree (left behind by error recovery) see the top level.
    let strays: Vec<u32> = (0..pending.len() as u32).filter(|&k| resolved[k as usize] == NOT_TRIED).collect();
    if let (Some(from), false) = (forget_last, strays.is_empty()) {
        defs.forget_from(from);
    }
    lookup_all(module, &defs, 0, pending, &strays, &mut resolved, &mut use_errors);
    crate::parallel::drop_elsewhere(defs, body.value_capacity());
    use_errors.sort_by_key(|(k, _)| *k);
    errors.extend(use_errors.into_iter().map(|(_, d)| d));
    resolved
}

/// The first position `p` in `lo..hi` where `below(p)` is false (`below` holds on a prefix).
fn first_not_below(mut lo: usize, mut hi: usize, below: &dyn Fn(usize) -> bool) -> usize {
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if below(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// For a block whose ops are numbered `ops` in order ([`Body::numbered_ops`]), what the
/// walk would find, found on every thread: its ops into `defining`, and how many named
/// result groups they define.
///
/// [`Body::numbered_ops`]: crate::ir::Body::numbered_ops
fn list_consecutive(module: &Module, ops: std::ops::Range<usize>, defining: &mut Vec<OpId>) -> usize {
    defining.par_extend(ops.clone().into_par_iter().map(OpId::new));
    ops.into_par_iter()
        .with_min_len(LIST_CHUNK)
        .map(|i| {
            let mut groups = 0;
            result_defs(module, OpId::new(i), &mut |_, _, _, _| groups += 1);
            groups
        })
        .sum()
}

/// Ops per rayon task in [`list_consecutive`].
const LIST_CHUNK: usize = if cfg!(test) { 2 } else { 1 << 14 };

/// Blocks of this many ops have their results defined on every thread ([`Defs::define_ops`];
/// in the crate's unit tests, nearly every block).
pub const PARALLEL_DEFINES: usize = if cfg!(test) { 2 } else { 1 << 16 };

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::printer::{print_module, PrintOptions};
    use crate::syntax::lexer::TokenStream;

    /// What resolution made of `text`: the module printed and every value's use chain, or
    /// the diagnostics.
    type Outcome = Result<(String, Vec<Vec<(usize, u32)>>), Vec<Diagnostic>>;

    /// Resolves `text` defining the names of blocks of `min_parallel` ops or more on each
    /// thread of a pool of `threads`.
    fn resolve_text(text: &str, min_parallel: usize, threads: usize) -> Outcome {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| {
            let (cx, result) = super::super::parse_tokens(text, TokenStream::new(text), &|_, _| {});
            assert!(result.is_ok(), "{text}");
            let m = resolve_with(cx, min_parallel)?;
            let chains = (0..m.body.value_capacity())
                .map(|v| m.body.uses(ValueId::new(v)).map(|u| (u.op.index(), u.slot)).collect())
                .collect();
            Ok((print_module(&m, PrintOptions::default()), chains))
        })
    }

    /// Names of every kind resolution chains differently: numbered (`%v_3`, `%3`), without
    /// a number (`%w`), a number beyond the dense array (`%far_4000000000` keeps its digits
    /// as its stem; `%big_99999999` is numbered), eleven stems on one number (past the chain
    /// limit, into the overflow), multi-result groups, uses before definitions, and inner
    /// regions that shadow outer names.
    fn names_of_every_kind() -> String {
        let mut text = String::new();
        for i in 0..40 {
            text.push_str(&format!("%v_{i} = \"x.def\"(%v_{}) : (i32) -> i32\n", (i * 7 + 5) % 40));
            text.push_str(&format!("%{i}:2 = \"x.pair\"(%v_{i}, %w) : (i32, i32) -> (i32, i32)\n"));
        }
        for stem in "abcdefghijk".chars() {
            text.push_str(&format!("%{stem}_5 = \"x.def\"(%{}_5) : (i32) -> i32\n", if stem == 'a' { 'k' } else { 'a' }));
        }
        text.push_str("%w = \"x.def\"(%3#1) : (i32) -> i32\n");
        text.push_str("%big_99999999 = \"x.def\"(%far_4000000000) : (i32) -> i32\n");
        text.push_str("%far_4000000000 = \"x.def\"(%big_99999999) : (i32) -> i32\n");
        text.push_str("\"x.region\"() ({\n");
        for i in 0..12 {
            text.push_str(&format!("  %v_{i} = \"x.inner\"(%v_{}, %w, %b_5) : (i32, i32, i32) -> i32\n", (i + 1) % 12));
        }
        text.push_str("  \"x.use\"(%v_30, %39#0, %big_99999999) : (i32, i32, i32) -> ()\n");
        text.push_str("}) : () -> ()\n");
        text
    }

    #[test]
    fn names_defined_on_several_threads_resolve_as_on_one() {
        let text = names_of_every_kind();
        let one = resolve_text(&text, usize::MAX, 1);
        assert!(one.is_ok(), "{:?}", one.err());
        for threads in [2, 3] {
            assert_eq!(resolve_text(&text, 1, threads), one, "{threads} threads");
        }
    }

    #[test]
    fn redefinitions_found_on_several_threads_are_reported_as_on_one() {
        let mut text = names_of_every_kind();
        // Redefinitions on every path: the dense array, a stem without a number, a number
        // beyond the array, the overflow of a shared number; in order of definition.
        text.push_str("%v_7 = \"x.def\"() : () -> i32\n%w = \"x.def\"() : () -> i32\n");
        text.push_str("%big_99999999 = \"x.def\"() : () -> i32\n%k_5 = \"x.def\"() : () -> i32\n%v_3 = \"x.def\"() : () -> i32\n");
        let one = resolve_text(&text, usize::MAX, 1);
        let errors = one.as_ref().expect_err("redefinitions");
        assert_eq!(errors.len(), 5, "{errors:?}");
        assert!(errors.iter().all(|d| d.message.starts_with("redefinition of SSA value")));
        for threads in [2, 3] {
            assert_eq!(resolve_text(&text, 1, threads), one, "{threads} threads");
        }
    }
}
