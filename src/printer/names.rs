//! Value and block names for printing.
//!
//! *Preserving* mode prints the names the user wrote; values without one (made by a pass,
//! or imported) get tfg-style names after their op type (`%AddV2`, `%ctl`) made unique with
//! `_0`, `_1`, ... . *Canonical* mode reproduces MLIR's `SSANameState` with tfg's naming
//! hooks: per-region scopes that inherit the parent's used names and counters, result names
//! from the op type and `ctl`, `tfg.name`-based function argument names, `%argN` for other
//! entry-block arguments, `%N` for everything else, and `^bbN` block labels.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::ir::{AttrData, BlockId, Context, Module, OpId, RegionId, ValueDef, ValueId, ValueName};

/// How a value is referred to: group `group` of [`Names::groups`], element `index`.
#[derive(Clone, Copy, Debug, Default)]
struct ValueRef {
    group: u32,
    index: u32,
}

/// The spelling of a result group or block argument, without `%`.
#[derive(Clone, Copy, Debug)]
enum GroupName {
    /// As the user wrote it.
    Spelled(ValueName),
    /// MLIR's default numbering: `%12`.
    Number(u32),
    /// Made up by the printer; index into [`Names::fresh`].
    Fresh(u32),
}

/// Computed names for every value and block of a module.
#[derive(Default)]
pub struct Names {
    /// Group spellings and their sizes.
    groups: Vec<(GroupName, u32)>,
    fresh: Vec<Box<str>>,
    values: Vec<Option<ValueRef>>,
    blocks: FxHashMap<BlockId, String>,
    /// Preserving mode: a value without an entry in `values` is printed with the name
    /// the IR holds for it (most values of a parsed file), read from `spelled`.
    names_from_ir: bool,
    /// Preserving mode: the name the IR holds for each value, by value index, read once
    /// (in parallel) before printing. Printing a use then costs one lookup here instead of
    /// a walk from the value to its op and its op's result groups, which on a large graph
    /// (uses of far-away values) is a chain of cache misses per operand.
    spelled: Vec<SpelledRef>,
}

/// A value's written name: the group's name (`None`: the value has no written name in the
/// module), the group's size and the value's place in it.
#[derive(Clone, Copy)]
struct SpelledRef {
    name: Option<ValueName>,
    count: u32,
    index: u32,
}

impl SpelledRef {
    const NONE: SpelledRef = SpelledRef { name: None, count: 0, index: 0 };

    fn of(m: &Module, v: ValueId) -> SpelledRef {
        match spelled_in_ir(m, v) {
            Some((name, count, index)) => SpelledRef { name: Some(name), count, index },
            None => Self::NONE,
        }
    }

    fn get(self) -> Option<(ValueName, u32, u32)> {
        Some((self.name?, self.count, self.index))
    }
}

/// Values per rayon task when reading the written names.
const SPELLED_CHUNK: usize = 1 << 14;

/// The written name of every value of `m` (see [`Names::spelled`]). Each worker writes its
/// chunk straight into the table's new memory, so the pages of a large table are first
/// touched on every thread rather than all filled on this one first.
fn spelled_table(m: &Module) -> Vec<SpelledRef> {
    use rayon::prelude::*;
    let mut table = Vec::new();
    (0..m.body.value_capacity())
        .into_par_iter()
        .with_min_len(SPELLED_CHUNK)
        .map(|i| SpelledRef::of(m, ValueId::new(i)))
        .collect_into_vec(&mut table);
    table
}

impl Names {
    fn push_name(&self, ctx: &Context, name: GroupName, out: &mut String) {
        match name {
            GroupName::Spelled(s) => ctx.push_value_name(s, out),
            GroupName::Number(n) => push_u32(out, n),
            GroupName::Fresh(i) => out.push_str(&self.fresh[i as usize]),
        }
    }

    /// How `v` is named: its group's spelling, the group's size and `v`'s place in it.
    fn name_of(&self, m: &Module, v: ValueId) -> Option<(GroupName, u32, u32)> {
        if let Some(r) = self.values.get(v.index()).copied().flatten() {
            let (name, count) = self.groups[r.group as usize];
            return Some((name, count, r.index));
        }
        if !self.names_from_ir {
            return None;
        }
        let (name, count, index) = match self.spelled.get(v.index()) {
            Some(r) => r.get()?,
            None => spelled_in_ir(m, v)?,
        };
        Some((GroupName::Spelled(name), count, index))
    }

    /// Prefetching for the names `op` will print soon, in three stages a few ops apart (0,
    /// 1, 2: each needs the loads the one before started): the table entry of each operand
    /// (and its value, whose type the generic form prints), then where its name's text (and
    /// the op's own result names') is, then the text.
    pub fn prefetch_names(&self, m: &Module, op: OpId, stage: u8) {
        if stage == 0 {
            for v in m.body.operands(op) {
                m.body.prefetch_value(v);
            }
        }
        if self.spelled.is_empty() {
            return;
        }
        if stage > 0 {
            for g in &m.body.op(op).result_names {
                if let Some(name) = g.name {
                    m.ctx.prefetch_str(name.stem(), stage > 1);
                }
            }
        }
        for v in m.body.operands(op) {
            let Some(r) = self.spelled.get(v.index()) else { continue };
            match stage {
                0 => crate::ir::intern::prefetch_read(r),
                _ => {
                    if let Some(name) = r.name {
                        m.ctx.prefetch_str(name.stem(), stage > 1);
                    }
                }
            }
        }
    }

    /// The text of a use of `v`: `%x`, `%x#1`, `%3`.
    pub fn write_use(&self, m: &Module, v: ValueId, out: &mut String) {
        out.push('%');
        match self.name_of(m, v) {
            Some((name, count, index)) => {
                self.push_name(&m.ctx, name, out);
                if count > 1 {
                    out.push('#');
                    push_u32(out, index);
                }
            }
            None => {
                out.push_str("<<UNKNOWN SSA VALUE>>");
            }
        }
    }

    /// `%x:2, %ctl` for the results of `op` (empty if it has none).
    pub fn write_result_list(&self, m: &Module, op: OpId, out: &mut String) -> bool {
        let results = m.body.results(op);
        let mut first = true;
        for &v in results {
            let Some((name, count, 0)) = self.name_of(m, v) else { continue };
            if !first {
                out.push_str(", ");
            }
            first = false;
            out.push('%');
            self.push_name(&m.ctx, name, out);
            if count > 1 {
                out.push(':');
                push_u32(out, count);
            }
        }
        !first
    }

    pub fn block_label(&self, b: BlockId) -> &str {
        self.blocks.get(&b).map(|s| s.as_str()).unwrap_or("bb?")
    }

    fn fresh_name(&mut self, text: String) -> GroupName {
        self.fresh.push(text.into_boxed_str());
        GroupName::Fresh(self.fresh.len() as u32 - 1)
    }

    fn new_group(&mut self, name: GroupName, values: &[ValueId]) {
        let g = self.groups.len() as u32;
        self.groups.push((name, values.len() as u32));
        for (i, &v) in values.iter().enumerate() {
            if self.values.len() <= v.index() {
                self.values.resize(v.index() + 1, None);
            }
            self.values[v.index()] = Some(ValueRef { group: g, index: i as u32 });
        }
    }
}

/// The name `v` was written with, if it has one and is in the module (the result of an
/// op in a block, the argument of a block in a region or of the top block): the group's
/// name, its size and `v`'s place in it.
#[inline]
fn spelled_in_ir(m: &Module, v: ValueId) -> Option<(ValueName, u32, u32)> {
    let body = &m.body;
    match body.value(v).def {
        ValueDef::Result { op, index } => {
            if body.is_erased(op) || body.parent_block(op).is_none() {
                return None;
            }
            let od = body.op(op);
            let (g, at) = od.result_groups().find(|(g, at)| (index as usize) < at + g.count as usize)?;
            Some((g.name?, g.count, index - at as u32))
        }
        ValueDef::BlockArg { block, index } => {
            let bd = body.block(block);
            if bd.parent.is_none() && block != m.top {
                return None;
            }
            Some((bd.arg_info.get(index as usize)?.name?, 1, 0))
        }
    }
}

/// Appends the decimal digits of `n` without allocating (two digits per step: value names
/// are mostly numbered, so this runs for nearly every name printed).
pub fn push_u32(out: &mut String, mut n: u32) {
    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";
    let mut buf = [0u8; 10];
    let mut i = buf.len();
    while n >= 100 {
        let pair = (n % 100) as usize * 2;
        n /= 100;
        i -= 2;
        buf[i..i + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    }
    if n >= 10 {
        i -= 2;
        buf[i..i + 2].copy_from_slice(&PAIRS[n as usize * 2..n as usize * 2 + 2]);
    } else {
        i -= 1;
        buf[i] = b'0' + n as u8;
    }
    // SAFETY: `buf[i..]` holds ASCII digits only, which are UTF-8.
    out.push_str(unsafe { std::str::from_utf8_unchecked(&buf[i..]) });
}

/// The op name without its dialect prefix (`tfg.AddV2` → `AddV2`).
fn strip_dialect(name: &str) -> &str {
    match name.find('.') {
        Some(i) => &name[i + 1..],
        None => name,
    }
}

// ---------------------------------------------------------------------- preserving

/// Names as written, fresh tfg-style names for the rest.
pub fn preserving_names(m: &Module) -> Names {
    let mut names = Names { names_from_ir: true, ..Default::default() };
    let ctx = &m.ctx;
    let body = &m.body;
    let mut used = UsedNames { m, spelled: None, taken: FxHashSet::default() };
    let mut conflict = 0u32;
    let (mut next_number, mut next_arg) = (0u32, 0u32);
    let mut fresh = |base: &str, used: &mut UsedNames| -> String {
        let base = sanitize(base);
        if used.insert(&base) {
            return base;
        }
        loop {
            let probe = format!("{}_{}", base, conflict);
            conflict += 1;
            if used.insert(&probe) {
                return probe;
            }
        }
    };
    // Blocks in depth-first order: a block, then the blocks of its ops' regions (the last
    // op's first). The ops of a block are walked only if some op needs a fresh name or the
    // block holds ops with regions.
    let (every_result_named, blocks_with_regions) = scan_ops(m);
    let mut blocks = vec![m.top];
    while let Some(b) = blocks.pop() {
        let bd = body.block(b);
        if b != m.top {
            let label = match bd.label {
                Some(l) => ctx.str(l).to_string(),
                None => {
                    let region = bd.parent;
                    let idx = region.map(|r| body.region(r).blocks.iter().position(|&x| x == b).unwrap_or(0)).unwrap_or(0);
                    fresh(&format!("bb{}", idx), &mut used)
                }
            };
            names.blocks.insert(b, label);
        }
        let in_func = b != m.top && bd.parent.and_then(|r| body.region(r).parent).is_some_and(|o| ctx.str(body.op(o).name) == "func.func");
        for (i, &arg) in bd.args.iter().enumerate() {
            if bd.arg_info[i].name.is_none() && in_func {
                // `%arg0`, `%arg1`, ... as MLIR numbers a function's arguments.
                let n = loop {
                    let probe = format!("arg{}", next_arg);
                    next_arg += 1;
                    if used.insert(&probe) {
                        break probe;
                    }
                };
                let f = names.fresh_name(n);
                names.new_group(f, &[arg]);
            } else if bd.arg_info[i].name.is_none() {
                let n = names.fresh_name(fresh("arg", &mut used));
                names.new_group(n, &[arg]);
            }
        }
        if every_result_named && !blocks_with_regions.contains(&b) {
            continue;
        }
        for op in body.block_ops(b) {
            let od = body.op(op);
            let n_results = od.results.len();
            // Groups with a written name are printed from the IR (`Names::names_from_ir`).
            for (g, at) in od.result_groups().filter(|(g, _)| g.name.is_none()) {
                let vals: &[ValueId] = od.results.get(at..(at + g.count as usize).min(n_results)).unwrap_or(&[]);
                // tfg style: data results after the node name or op type, `ctl` for the token.
                // torch-mlir's names (`%int1`, `%values, %indices`), else numbers as it prints.
                let op_name = ctx.str(od.name);
                if op_name.starts_with("torch.") && vals.len() == n_results {
                    match super::torch::torch_result_names(m, op) {
                        Some(hooked) => {
                            for (i, n) in hooked.iter().enumerate() {
                                let f = names.fresh_name(fresh(n, &mut used));
                                names.new_group(f, &vals[i..i + 1]);
                            }
                        }
                        None => {
                            let n = loop {
                                let probe = next_number.to_string();
                                next_number += 1;
                                if used.insert(&probe) {
                                    break probe;
                                }
                            };
                            let f = names.fresh_name(n);
                            names.new_group(f, vals);
                        }
                    }
                    continue;
                }
                let last_is_ctl = vals.last().map(|&v| ctx.is_control_type(body.value(v).ty)).unwrap_or(false);
                let base = node_name(m, op).unwrap_or_else(|| strip_dialect(ctx.str(od.name)).to_string());
                if last_is_ctl && vals.len() > 1 {
                    let data = names.fresh_name(fresh(&base, &mut used));
                    names.new_group(data, &vals[..vals.len() - 1]);
                    let ctl = names.fresh_name(fresh("ctl", &mut used));
                    names.new_group(ctl, &vals[vals.len() - 1..]);
                } else if last_is_ctl {
                    let ctl = names.fresh_name(fresh("ctl", &mut used));
                    names.new_group(ctl, vals);
                } else {
                    let n = names.fresh_name(fresh(&base, &mut used));
                    names.new_group(n, vals);
                }
            }
            for &r in od.regions.iter().rev() {
                blocks.extend(body.region(r).blocks.iter().rev());
            }
        }
    }
    if m.edited {
        rename_repeated(m, &mut names, &mut |base, used| fresh(base, used), &mut used);
    }
    names.spelled = spelled_table(m);
    names
}

/// Ops per rayon task in [`scan_ops`].
const SCAN_CHUNK: usize = 1 << 14;

/// Whether every result group of every op in a block has a written name, and the blocks
/// that hold ops with regions: read from the whole op arena on rayon's workers (a large
/// graph's million ops, written with names, need no walk in block order).
fn scan_ops(m: &Module) -> (bool, FxHashSet<BlockId>) {
    use rayon::prelude::*;
    let body = &m.body;
    let chunks = body.op_capacity().div_ceil(SCAN_CHUNK);
    (0..chunks)
        .into_par_iter()
        .map(|c| {
            let mut named = true;
            let mut holders = FxHashSet::default();
            for op in (c * SCAN_CHUNK..((c + 1) * SCAN_CHUNK).min(body.op_capacity())).map(OpId::new) {
                let Some(block) = body.parent_block(op) else { continue };
                let od = body.op(op);
                named &= od.result_names.iter().all(|g| g.name.is_some());
                if !od.regions.is_empty() {
                    holders.insert(block);
                }
            }
            (named, holders)
        })
        .reduce(
            || (true, FxHashSet::default()),
            |(a, mut x), (b, y)| {
                x.extend(y);
                (a && b, x)
            },
        )
}

/// After edits, a spelled name may be defined twice where both are visible (a cloned op
/// keeps its names, an inlined body's arguments may shadow the caller's): the first
/// definition in print order keeps the name, later ones get fresh names. Scopes are MLIR's:
/// a region sees the names of the regions around it up to an op isolated from above;
/// sibling regions may reuse names.
fn rename_repeated(
    m: &Module,
    names: &mut Names,
    fresh: &mut dyn FnMut(&str, &mut UsedNames) -> String,
    used: &mut UsedNames,
) {
    let body = &m.body;
    // One scope per region (the top block has scope 0), each with its parent scope; the
    // regions of an op isolated from above have none.
    let mut scopes: Vec<(FxHashSet<ValueName>, Option<usize>)> = vec![(FxHashSet::default(), None)];
    let visible = |scopes: &[(FxHashSet<ValueName>, Option<usize>)], mut at: usize, s: ValueName| loop {
        if scopes[at].0.contains(&s) {
            return true;
        }
        match scopes[at].1 {
            Some(p) => at = p,
            None => return false,
        }
    };
    let mut work: Vec<(Vec<BlockId>, usize)> = vec![(vec![m.top], 0)];
    while let Some((blocks, scope)) = work.pop() {
        let mut nested: Vec<(Vec<BlockId>, usize)> = Vec::new();
        for b in blocks {
            let bd = body.block(b);
            for (i, &arg) in bd.args.iter().enumerate() {
                let Some(n) = bd.arg_info[i].name else { continue };
                if names.values.get(arg.index()).copied().flatten().is_some() {
                    continue;
                }
                if visible(&scopes, scope, n) {
                    let f = names.fresh_name(fresh(&m.ctx.value_name_text(n), used));
                    names.new_group(f, &[arg]);
                } else {
                    scopes[scope].0.insert(n);
                }
            }
            for op in body.block_ops(b) {
                let od = body.op(op);
                let n_results = od.results.len();
                for (g, at) in od.result_groups() {
                    let Some(n) = g.name else { continue };
                    if visible(&scopes, scope, n) {
                        let vals: &[ValueId] = od.results.get(at..(at + g.count as usize).min(n_results)).unwrap_or(&[]);
                        let f = names.fresh_name(fresh(&m.ctx.value_name_text(n), used));
                        names.new_group(f, vals);
                    } else {
                        scopes[scope].0.insert(n);
                    }
                }
                let parent = if crate::dialect::traits::is_isolated_from_above(m.ctx.str(od.name)) { None } else { Some(scope) };
                for &r in &od.regions {
                    scopes.push((FxHashSet::default(), parent));
                    nested.push((body.region(r).blocks.clone(), scopes.len() - 1));
                }
            }
        }
        // Regions after the whole region that holds them (in a graph region a name may be
        // used before its definition), in print order.
        work.extend(nested.into_iter().rev());
    }
}

/// The names taken so far in preserving mode: every spelled name, and the fresh ones made.
/// Fresh names must not collide with a name spelled anywhere in the module; the stems of
/// spelled names are interned, so a candidate whose stem is not cannot be one, and the
/// spelled names are only collected (one walk of the module) for a candidate whose is.
struct UsedNames<'a> {
    m: &'a Module,
    /// Every name spelled for a value or block argument, once needed.
    spelled: Option<FxHashSet<ValueName>>,
    taken: FxHashSet<String>,
}

impl UsedNames<'_> {
    /// Takes `name`; false if it was taken already.
    fn insert(&mut self, name: &str) -> bool {
        let is_spelled = match self.m.ctx.lookup_value_name(name) {
            None => false,
            Some(n) => self.spelled.get_or_insert_with(|| spelled_names(self.m)).contains(&n),
        };
        !is_spelled && self.taken.insert(name.to_string())
    }
}

/// The spelled names of the values and block arguments of `m`.
fn spelled_names(m: &Module) -> FxHashSet<ValueName> {
    let body = &m.body;
    let mut spelled = FxHashSet::default();
    let mut mark = |n: ValueName| {
        spelled.insert(n);
    };
    let mut blocks = vec![m.top];
    while let Some(b) = blocks.pop() {
        for info in &body.block(b).arg_info {
            if let Some(n) = info.name {
                mark(n);
            }
        }
        for op in body.block_ops(b) {
            for g in &body.op(op).result_names {
                if let Some(n) = g.name {
                    mark(n);
                }
            }
            for &r in &body.op(op).regions {
                blocks.extend(&body.region(r).blocks);
            }
        }
    }
    spelled
}

fn node_name(m: &Module, op: OpId) -> Option<String> {
    let a = m.op_attr(op, "_mlir_name")?;
    let bytes = m.ctx.string_value(a)?;
    let s = String::from_utf8_lossy(&bytes).to_string();
    if s.is_empty() {
        None
    } else {
        Some(s)
    }
}

/// Makes `name` a valid SSA suffix (MLIR's `sanitizeIdentifier` for value names).
pub fn sanitize(name: &str) -> String {
    let valid = |c: char| c.is_ascii_alphanumeric() || "$._-".contains(c);
    let mut out = String::with_capacity(name.len() + 1);
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        out.push('_');
    }
    if name.chars().all(valid) {
        out.push_str(name);
        return out;
    }
    for c in name.chars() {
        if valid(c) {
            out.push(c);
        } else if c == ' ' {
            out.push('_');
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("{:X}", b));
            }
        }
    }
    // An encoded byte may have made the name start with a digit (`\00x` -> `00x`).
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}

// ---------------------------------------------------------------------- canonical

/// Names exactly as mlir-opt / tfg-opt would print them.
pub fn canonical_names(m: &Module, generic: bool) -> Names {
    if generic {
        return generic_unique_names(m);
    }
    let mut names = Names { values: vec![None; m.body.value_capacity()], ..Default::default() };
    let mut state = CanonicalState { m, generic, names: &mut names, used: Vec::new() };
    state.number_region(&[m.top], None, Counters::default());
    names
}

/// MLIR's numbering in generic form (`OpPrintingFlags::shouldPrintUniqueSSAIDs`): one set of
/// counters for the whole module, regions numbered from a stack (the last nested region
/// pushed is numbered first), each region's blocks `^bb0`, `^bb1`, ...
fn generic_unique_names(m: &Module) -> Names {
    let mut names = Names { values: vec![None; m.body.value_capacity()], ..Default::default() };
    let body = &m.body;
    let (mut next_value, mut next_arg) = (0u32, 0u32);
    let mut stack: Vec<(Vec<BlockId>, bool)> = vec![(vec![m.top], false)];
    while let Some((blocks, is_region)) = stack.pop() {
        for (i, &b) in blocks.iter().enumerate() {
            if is_region {
                names.blocks.insert(b, format!("bb{}", i));
            }
            for &arg in &body.block(b).args {
                let n = if i == 0 {
                    next_arg += 1;
                    names.fresh_name(format!("arg{}", next_arg - 1))
                } else {
                    next_value += 1;
                    GroupName::Number(next_value - 1)
                };
                names.new_group(n, &[arg]);
            }
            for op in body.block_ops(b) {
                let results = body.results(op);
                if !results.is_empty() {
                    let vals = results.to_vec();
                    names.new_group(GroupName::Number(next_value), &vals);
                    next_value += 1;
                }
            }
        }
        for &b in &blocks {
            for op in body.block_ops(b) {
                for &r in &body.op(op).regions {
                    stack.push((body.region(r).blocks.clone(), true));
                }
            }
        }
    }
    names
}

/// MLIR's per-region numbering counters; a nested region starts from its parent's values.
#[derive(Clone, Copy, Default)]
struct Counters {
    next_value: u32,
    next_arg: u32,
    next_conflict: u32,
}

struct CanonicalState<'a> {
    m: &'a Module,
    generic: bool,
    names: &'a mut Names,
    /// Names used by the enclosing regions, innermost last (MLIR's scoped hash table).
    used: Vec<FxHashSet<String>>,
}

impl CanonicalState<'_> {
    fn is_used(&self, n: &str) -> bool {
        self.used.iter().any(|s| s.contains(n))
    }

    fn unique(&mut self, c: &mut Counters, name: &str) -> String {
        let name = sanitize(name);
        let result = if !self.is_used(&name) {
            name
        } else {
            loop {
                let probe = format!("{}_{}", name, c.next_conflict);
                c.next_conflict += 1;
                if !self.is_used(&probe) {
                    break probe;
                }
            }
        };
        if let Some(top) = self.used.last_mut() {
            top.insert(result.clone());
        }
        result
    }

    /// Numbers the blocks of one region, then each nested region with a copy of the counters
    /// as they stand after this region (siblings do not see each other's names).
    fn number_region(&mut self, blocks: &[BlockId], region: Option<RegionId>, mut c: Counters) {
        self.used.push(FxHashSet::default());
        let m = self.m;
        let body = &m.body;
        let mut named: FxHashSet<ValueId> = FxHashSet::default();
        // tfg.func names its entry arguments after `tfg.name`.
        let mut in_tfg_func = false;
        if !self.generic {
            if let Some(owner) = region.and_then(|r| body.region(r).parent) {
                if m.op_name(owner) == "tfg.func" {
                    in_tfg_func = true;
                    if let Some(&entry) = blocks.first() {
                        for (v, n) in func_arg_names(m, owner, entry) {
                            let s = self.unique(&mut c, &n);
                            let g = self.names.fresh_name(s);
                            self.names.new_group(g, &[v]);
                            named.insert(v);
                        }
                    }
                }
            }
        }
        for (i, &b) in blocks.iter().enumerate() {
            if region.is_some() {
                self.names.blocks.insert(b, format!("bb{}", i));
            }
            let mut previous_arg: Option<String> = None;
            for &arg in &body.block(b).args {
                if named.contains(&arg) {
                    previous_arg = None;
                    continue;
                }
                if i == 0 {
                    let n = format!("arg{}", c.next_arg);
                    c.next_arg += 1;
                    let is_token = in_tfg_func && m.ctx.is_control_type(body.value(arg).ty);
                    let s = match (is_token, previous_arg.take()) {
                        (true, Some(data)) => self.unnamed_arg_token(&mut c, &n, &data),
                        _ => self.unique(&mut c, &n),
                    };
                    previous_arg = (!is_token).then(|| s.clone());
                    let g = self.names.fresh_name(s);
                    self.names.new_group(g, &[arg]);
                } else {
                    let n = GroupName::Number(c.next_value);
                    c.next_value += 1;
                    self.names.new_group(n, &[arg]);
                }
            }
            for op in body.block_ops(b) {
                self.number_op(op, &mut c);
            }
        }
        for &b in blocks {
            for op in body.block_ops(b) {
                for &child in &body.op(op).regions {
                    let child_blocks = body.region(child).blocks.clone();
                    self.number_region(&child_blocks, Some(child), c);
                }
            }
        }
        self.used.pop();
    }

    /// The name of the control token of a tfg.func argument without `tfg.name`, whose data
    /// value is named `data`. MLIR numbers it as one more block argument (`numbered`, `%arg1`
    /// after `%arg0`), which tfg-opt cannot read back but our reader does (the token of
    /// `%arg{N-1}`). When that name is taken or does not follow `data` (a `tfg.name` spelled
    /// `arg1`), `%<data>.ctl` is printed instead, which every reader of tfg reads.
    fn unnamed_arg_token(&mut self, c: &mut Counters, numbered: &str, data: &str) -> String {
        let follows = numbered
            .strip_prefix("arg")
            .and_then(|n| n.parse::<u32>().ok())
            .and_then(|n| n.checked_sub(1))
            .is_some_and(|n| data == format!("arg{}", n));
        if follows && !self.is_used(numbered) {
            return self.unique(c, numbered);
        }
        self.unique(c, &format!("{}.ctl", data))
    }

    fn number_op(&mut self, op: OpId, c: &mut Counters) {
        let m = self.m;
        let body = &m.body;
        let ctx = &m.ctx;
        let results = body.results(op);
        if results.is_empty() {
            return;
        }
        let name = ctx.str(body.op(op).name);
        // Group starts and names chosen by tfg's hook (result 0 after the op, last = ctl).
        let mut starts: Vec<(usize, Option<GroupName>)> = vec![(0, None)];
        if !self.generic && name.starts_with("tfg.") {
            let is_ctl = |v: ValueId| ctx.is_control_type(body.value(v).ty);
            if results.len() > 1 && !is_ctl(results[0]) {
                // The registered functional ops name their results after ODS (`outs`).
                let base = if is_functional_op(name) { "outs" } else { strip_dialect(name) };
                let n = self.unique(c, base);
                starts[0].1 = Some(self.names.fresh_name(n));
            }
            if results.iter().any(|&v| is_ctl(v)) {
                let last = results.len() - 1;
                let n = self.unique(c, "ctl");
                let g = self.names.fresh_name(n);
                if last == 0 {
                    starts[0].1 = Some(g);
                } else {
                    starts.push((last, Some(g)));
                }
            }
        }
        // torch-mlir's getAsmResultNames: one name per result.
        if !self.generic && name.starts_with("torch.") {
            if let Some(hooked) = super::torch::torch_result_names(m, op) {
                for (i, n) in hooked.iter().enumerate() {
                    let s = self.unique(c, n);
                    let g = self.names.fresh_name(s);
                    self.names.new_group(g, &results[i..i + 1]);
                }
                return;
            }
        }
        if starts[0].1.is_none() {
            starts[0].1 = Some(GroupName::Number(c.next_value));
            c.next_value += 1;
        }
        for (k, (start, n)) in starts.iter().enumerate() {
            let end = starts.get(k + 1).map(|s| s.0).unwrap_or(results.len());
            self.names.new_group(n.unwrap_or(GroupName::Number(0)), &results[*start..end]);
        }
    }
}

/// tfg's registered functional control-flow ops, whose ODS names the data results `outs`.
fn is_functional_op(name: &str) -> bool {
    let n = name.trim_start_matches("tfg.").trim_start_matches("Stateless").trim_start_matches("Stateful");
    matches!(n, "If" | "Case" | "While" | "For")
}

/// `tfg.name`-based names of a tfg.func's entry arguments: `(value, name)` pairs, following
/// `GraphFuncOp::getAsmBlockArgumentNames`.
fn func_arg_names(m: &Module, func: OpId, entry: BlockId) -> Vec<(ValueId, String)> {
    let body = &m.body;
    let ctx = &m.ctx;
    let args = &body.block(entry).args;
    let mut out = Vec::new();
    if !args.len().is_multiple_of(2) {
        return out;
    }
    for pair in args.chunks(2) {
        if ctx.is_control_type(body.value(pair[0]).ty) || !ctx.is_control_type(body.value(pair[1]).ty) {
            return out;
        }
    }
    let Some(arg_attrs) = m.op_attr(func, "arg_attrs") else { return out };
    let AttrData::Array(list) = ctx.attr_data(ctx.resolved_attr(arg_attrs)) else { return out };
    if list.len() != args.len() {
        return out;
    }
    for i in (0..args.len()).step_by(2) {
        let tfg_name = ctx.dict_entries(list[i]).iter().find(|e| ctx.str(e.name) == "tfg.name").and_then(|e| ctx.string_value(e.value));
        if let Some(n) = tfg_name {
            let n = String::from_utf8_lossy(&n).to_string();
            out.push((args[i], n.clone()));
            out.push((args[i + 1], format!("{}.ctl", n)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::ir::{OpSpec, Span};
    use crate::printer::{print_module, PrintOptions};

    #[test]
    fn numbers_print_as_decimal() {
        for n in [0, 7, 9, 10, 42, 99, 100, 101, 999, 1000, 65535, 1_000_000, 4_294_967_294, u32::MAX] {
            let mut out = String::from("x");
            super::push_u32(&mut out, n);
            assert_eq!(out, format!("x{}", n));
        }
    }

    /// Values without a spelled name get fresh ones that avoid every spelled name.
    #[test]
    fn fresh_names_avoid_spelled_ones() {
        let text = r#""tfg.graph"() ({
  %AddV2, %ctl = "tfg.AddV2"() : () -> (tensor<f32>, !tf_type.control)
  %ctl_0 = "tfg.NoOp"() : () -> (!tf_type.control)
}) : () -> ()
"#;
        let mut m = crate::syntax::parse_module(text).map_err(|d| format!("{:?}", d)).unwrap();
        let graph = m.top_ops()[0];
        let region = m.body.op(graph).regions[0];
        let block = m.body.region(region).blocks[0];
        let tensor = m.body.value(m.body.results(m.body.first_op(block).unwrap())[0]).ty;
        let control = m.ctx.control_type();
        let name = m.ctx.sym("tfg.AddV2");
        for _ in 0..2 {
            let spec = OpSpec { name: Some(name), result_types: smallvec::smallvec![tensor, control], span: Span::default(), ..Default::default() };
            let op = m.body.create_op(spec, name);
            m.body.append_op(block, op);
        }
        let out = print_module(&m, PrintOptions::default());
        assert!(out.contains("%AddV2_0, %ctl_1 = "), "{}", out);
        assert!(out.contains("%AddV2_2, %ctl_3 = "), "{}", out);
    }
}
