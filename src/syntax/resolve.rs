//! Name resolution: binds every `%name` / `%name#N` use recorded by the parser to its value,
//! and every `^bb` successor to its block, once the whole file has been read.
//!
//! Scoping follows MLIR: names defined in a region are visible in that region and in the
//! regions nested in it, up to the nearest op that is isolated from above (`tfg.func`,
//! `tfg.graph`, `builtin.module`), and the order of definitions does not matter inside a
//! scope (graph regions allow uses before definitions). A name may be defined once per region.
//!
//! Values are resolved in one walk over the region tree with a scoped table indexed by name
//! (MLIR's scoped hash table, made dense because names are interned): entering a region
//! defines all its names, its ops' uses are looked up, nested regions are visited, and
//! leaving the region restores the shadowed entries. No hashing per use, and memory
//! proportional to the number of names.

use rustc_hash::FxHashMap;

use super::builder::{ParseCx, PendingUse};
use crate::diag::Diagnostic;
use crate::ir::{BlockId, Module, OpId, RegionId, Span, Sym, ValueDef, ValueId};

/// Ops whose regions do not see the names of the enclosing regions.
pub fn is_isolated_from_above(name: &str) -> bool {
    matches!(name, "tfg.func" | "tfg.graph" | "builtin.module" | "func.func")
}

/// `None` stands for the top level of the file.
type ScopeKey = Option<RegionId>;

/// No definition (index into [`Defs::defs`]).
const NONE: u32 = u32::MAX;

/// A name's definition: a run of `count` consecutive values starting at `first`, made in
/// region `scope` under the isolated-from-above region `iso`.
#[derive(Clone, Copy)]
struct Def {
    first: ValueId,
    count: u32,
    scope: ScopeKey,
    /// Id of the innermost isolated region (or the top level) the definition is under.
    iso: u32,
}

/// The scoped name table.
struct Defs {
    defs: Vec<Def>,
    /// Visible definition of each name, by symbol index.
    current: Vec<u32>,
    /// `(name, previous entry)` for every entry replaced, to restore on leaving a region.
    undo: Vec<(Sym, u32)>,
}

impl Defs {
    fn get(&self, name: Sym) -> Option<&Def> {
        match self.current.get(name.index()) {
            Some(&i) if i != NONE => self.defs.get(i as usize),
            _ => None,
        }
    }

    /// Defines `name` in `def.scope`; reports a redefinition in the same region.
    fn define(&mut self, module: &Module, name: Sym, def: Def, span: Span, errors: &mut Vec<Diagnostic>) {
        if let Some(prev) = self.get(name) {
            if prev.scope == def.scope {
                let prev_span = def_span(module, prev.first);
                errors.push(
                    Diagnostic::error(span, format!("redefinition of SSA value '%{}'", module.ctx.str(name)))
                        .with_note(Some(prev_span), "previously defined here"),
                );
                return;
            }
        }
        let i = name.index();
        if i >= self.current.len() {
            self.current.resize(i + 1, NONE);
        }
        self.undo.push((name, self.current[i]));
        self.current[i] = self.defs.len() as u32;
        self.defs.push(def);
    }

    fn restore(&mut self, mark: usize) {
        while self.undo.len() > mark {
            if let Some((name, prev)) = self.undo.pop() {
                self.current[name.index()] = prev;
            }
        }
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
    let mut i = 0;
    while i < pending_uses.len() {
        let op = pending_uses[i].op;
        let mut j = i;
        while j < pending_uses.len() && pending_uses[j].op == op {
            j += 1;
        }
        if let Some(operands) = resolved[i..j].iter().copied().collect::<Option<Vec<ValueId>>>() {
            module.body.set_operands(op, &operands);
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
    /// Forget the names defined since `mark`.
    Leave { mark: usize },
}

/// Resolves every pending use; `None` where resolution failed (and an error was reported).
fn resolve_uses(module: &Module, pending: &[PendingUse], errors: &mut Vec<Diagnostic>) -> Vec<Option<ValueId>> {
    let body = &module.body;
    let mut resolved: Vec<Option<ValueId>> = vec![None; pending.len()];
    // Each op's run of pending uses.
    let mut runs: Vec<(u32, u32)> = Vec::new();
    let mut i = 0;
    while i < pending.len() {
        let op = pending[i].op;
        let mut j = i;
        while j < pending.len() && pending[j].op == op {
            j += 1;
        }
        if runs.len() <= op.index() {
            runs.resize(op.index() + 1, (0, 0));
        }
        runs[op.index()] = (i as u32, j as u32);
        i = j;
    }
    let mut done = vec![false; runs.len()];

    let mut defs = Defs { defs: Vec::new(), current: vec![NONE; module.ctx.sym_count()], undo: Vec::new() };
    let mut use_errors = Vec::new();
    let mut stack = vec![Step::Enter { scope: None, iso: 0 }];
    let mut blocks_of_scope: Vec<BlockId> = Vec::new();
    while let Some(step) = stack.pop() {
        let (scope, iso) = match step {
            Step::Leave { mark } => {
                defs.restore(mark);
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
            stack.push(Step::Leave { mark: defs.undo.len() });
        }
        // Definitions first (blocks last to first, ops in order), so that uses anywhere in
        // the region, before or after the definition, see them.
        for &block in blocks_of_scope.iter().rev() {
            let data = body.block(block);
            for (i, &arg) in data.args.iter().enumerate() {
                if let Some(name) = data.arg_info[i].name {
                    let def = Def { first: arg, count: 1, scope, iso };
                    defs.define(module, name, def, data.arg_info[i].span, errors);
                }
            }
            for op in body.block_ops(block) {
                let od = body.op(op);
                let mut next = 0usize;
                for group in &od.result_names {
                    if let Some(name) = group.name {
                        if let Some(&first) = od.results.get(next) {
                            defs.define(module, name, Def { first, count: group.count, scope, iso }, od.span, errors);
                        }
                    }
                    next += group.count as usize;
                }
            }
        }
        for &block in &blocks_of_scope {
            for op in body.block_ops(block) {
                if let Some(&(start, end)) = runs.get(op.index()) {
                    done[op.index()] = true;
                    for k in start as usize..end as usize {
                        match lookup_use(module, &defs, iso, &pending[k]) {
                            Ok(v) => resolved[k] = Some(v),
                            Err(d) => use_errors.push((k, d)),
                        }
                    }
                }
                for &r in body.op(op).regions.iter().rev() {
                    stack.push(Step::Enter { scope: Some(r), iso });
                }
            }
        }
    }
    // Ops outside the region tree (left behind by error recovery) see the top level.
    for (op, &(start, end)) in runs.iter().enumerate() {
        if start < end && !done[op] {
            for k in start as usize..end as usize {
                match lookup_use(module, &defs, 0, &pending[k]) {
                    Ok(v) => resolved[k] = Some(v),
                    Err(d) => use_errors.push((k, d)),
                }
            }
        }
    }
    use_errors.sort_by_key(|(k, _)| *k);
    errors.extend(use_errors.into_iter().map(|(_, d)| d));
    resolved
}

fn lookup_use(module: &Module, defs: &Defs, iso: u32, u: &PendingUse) -> Result<ValueId, Diagnostic> {
    let name = u.name.name;
    let def = defs.get(name).filter(|d| d.iso == iso).copied();
    let text = module.ctx.str(name);
    let Some(def) = def else {
        return Err(Diagnostic::error(u.name.span, format!("use of undeclared SSA value name '%{}'", text)));
    };
    if u.name.index >= def.count {
        return Err(Diagnostic::error(
            u.name.span,
            format!("reference to invalid result number: '%{}#{}' (it has {} result(s))", text, u.name.index, def.count),
        )
        .with_note(Some(def_span(module, def.first)), "defined here"));
    }
    let v = ValueId::new(def.first.index() + u.name.index as usize);
    if let Some(expected) = u.expected {
        let actual = module.body.value(v).ty;
        if module.ctx.resolved_type(expected) != module.ctx.resolved_type(actual) {
            let pe = crate::printer::type_to_string(&module.ctx, expected);
            let pa = crate::printer::type_to_string(&module.ctx, actual);
            let msg = if module.ctx.is_control_type(actual) && !module.ctx.is_control_type(expected) {
                format!("use of control token '%{}' where a data value of type '{}' is expected", text, pe)
            } else if module.ctx.is_control_type(expected) && !module.ctx.is_control_type(actual) {
                format!("use of data value '%{}' of type '{}' where a control token is expected", text, pa)
            } else {
                format!("use of value '%{}' expects different type than prior uses: '{}' vs '{}'", text, pe, pa)
            };
            return Err(Diagnostic::error(u.name.span, msg).with_note(Some(def_span(module, def.first)), "defined here"));
        }
    }
    Ok(v)
}
