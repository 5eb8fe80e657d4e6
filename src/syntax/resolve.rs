//! Name resolution: binds every `%name` / `%name#N` use recorded by the parser to its value,
//! and every `^bb` successor to its block, once the whole file has been read.
//!
//! Scoping follows MLIR: names defined in a region are visible in that region and in the
//! regions nested in it, up to the nearest op that is isolated from above (`tfg.func`,
//! `tfg.graph`, `builtin.module`), and the order of definitions does not matter inside a
//! scope (graph regions allow uses before definitions). A name may be defined once per region.

use rustc_hash::FxHashMap;

use super::builder::{ParseCx, PendingUse};
use crate::diag::Diagnostic;
use crate::ir::{BlockId, Module, OpId, RegionId, Span, Sym, ValueId};

/// Ops whose regions do not see the names of the enclosing regions.
pub fn is_isolated_from_above(name: &str) -> bool {
    matches!(name, "tfg.func" | "tfg.graph" | "builtin.module" | "func.func")
}

/// A name's definition: a run of `count` consecutive values starting at `first`.
#[derive(Clone, Copy)]
struct Def {
    first: ValueId,
    count: u32,
    span: Span,
}

/// `None` stands for the top level of the file.
type ScopeKey = Option<RegionId>;

struct Scopes {
    values: FxHashMap<ScopeKey, FxHashMap<Sym, Def>>,
    blocks: FxHashMap<ScopeKey, FxHashMap<Sym, BlockId>>,
}

/// Resolves all pending uses and successors in `cx`, returning the module or every error.
pub fn resolve(cx: ParseCx<'_>) -> Result<Module, Vec<Diagnostic>> {
    let ParseCx { mut module, pending_uses, pending_successors, mut errors, .. } = cx;
    let scopes = collect_definitions(&module, &mut errors);

    // Pending uses of one op are contiguous, in operand order.
    let mut i = 0;
    let mut operands: Vec<ValueId> = Vec::new();
    while i < pending_uses.len() {
        let op = pending_uses[i].op;
        let mut j = i;
        operands.clear();
        let mut ok = true;
        while j < pending_uses.len() && pending_uses[j].op == op {
            match lookup_use(&module, &scopes, &pending_uses[j]) {
                Ok(v) => operands.push(v),
                Err(d) => {
                    errors.push(d);
                    ok = false;
                }
            }
            j += 1;
        }
        if ok {
            module.body.set_operands(op, &operands);
        }
        i = j;
    }

    for (op, succs) in pending_successors {
        let key = scope_of_op(&module, op);
        let mut resolved = smallvec::SmallVec::new();
        for (label, span) in succs {
            match scopes.blocks.get(&key).and_then(|m| m.get(&label)) {
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

/// Walks the whole module once and records where every name is defined.
fn collect_definitions(module: &Module, errors: &mut Vec<Diagnostic>) -> Scopes {
    let mut scopes = Scopes { values: FxHashMap::default(), blocks: FxHashMap::default() };
    let mut stack: Vec<BlockId> = vec![module.top];
    let body = &module.body;
    while let Some(block) = stack.pop() {
        let key = scope_of_block(module, block);
        let data = body.block(block);
        if let Some(label) = data.label {
            let labels = scopes.blocks.entry(key).or_default();
            if labels.insert(label, block).is_some() {
                errors.push(Diagnostic::error(data.span, format!("redefinition of block '^{}'", module.ctx.str(label))));
            }
        }
        let values = scopes.values.entry(key).or_default();
        for (i, &arg) in data.args.iter().enumerate() {
            if let Some(name) = data.arg_info[i].name {
                define(module, values, name, Def { first: arg, count: 1, span: data.arg_info[i].span }, errors);
            }
        }
        for op in body.block_ops(block) {
            let od = body.op(op);
            let mut next = 0usize;
            for group in &od.result_names {
                if let Some(name) = group.name {
                    if let Some(&first) = od.results.get(next) {
                        define(module, values, name, Def { first, count: group.count, span: od.span }, errors);
                    }
                }
                next += group.count as usize;
            }
            for &r in &od.regions {
                stack.extend(body.region(r).blocks.iter().copied());
            }
        }
    }
    scopes
}

fn define(module: &Module, values: &mut FxHashMap<Sym, Def>, name: Sym, def: Def, errors: &mut Vec<Diagnostic>) {
    if let Some(prev) = values.insert(name, def) {
        errors.push(
            Diagnostic::error(def.span, format!("redefinition of SSA value '%{}'", module.ctx.str(name)))
                .with_note(Some(prev.span), "previously defined here"),
        );
        values.insert(name, prev);
    }
}

fn lookup_use(module: &Module, scopes: &Scopes, u: &PendingUse) -> Result<ValueId, Diagnostic> {
    let name = u.name.name;
    let mut key = scope_of_op(module, u.op);
    let def = loop {
        if let Some(d) = scopes.values.get(&key).and_then(|m| m.get(&name)) {
            break Some(*d);
        }
        let Some(region) = key else { break None };
        let Some(owner) = module.body.region(region).parent else { break None };
        if is_isolated_from_above(module.op_name(owner)) {
            break None;
        }
        key = scope_of_op(module, owner);
    };
    let text = module.ctx.str(name);
    let Some(def) = def else {
        return Err(Diagnostic::error(u.name.span, format!("use of undeclared SSA value name '%{}'", text)));
    };
    if u.name.index >= def.count {
        return Err(Diagnostic::error(
            u.name.span,
            format!("reference to invalid result number: '%{}#{}' (it has {} result(s))", text, u.name.index, def.count),
        )
        .with_note(Some(def.span), "defined here"));
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
            return Err(Diagnostic::error(u.name.span, msg).with_note(Some(def.span), "defined here"));
        }
    }
    Ok(v)
}
