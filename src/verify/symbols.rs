//! Symbol tables: the file's top level and each `builtin.module` body. Symbols (`tfg.func`
//! and named `builtin.module`s, by `sym_name`) must be unique in their table; functional
//! ops look their functions up in the nearest enclosing table.

use rustc_hash::FxHashMap;

use super::Verifier;
use crate::diag::Diagnostic;
use crate::ir::{BlockId, OpId};

/// Whether `op` defines a symbol (and is therefore listed in its symbol table).
fn is_symbol(v: &Verifier<'_>, op: OpId) -> bool {
    matches!(v.name(op), "tfg.func" | "builtin.module") && v.inherent(op, "sym_name").is_some()
}

/// The body block of a `builtin.module`.
fn module_block(v: &Verifier<'_>, op: OpId) -> Option<BlockId> {
    let &r = v.m.body.op(op).regions.first()?;
    v.entry_block(r)
}

/// The ops of a symbol table, in order (`None` is the file's top level).
fn table_ops(v: &Verifier<'_>, table: Option<BlockId>) -> Vec<OpId> {
    v.m.body.block_ops(table.unwrap_or(v.m.top)).collect()
}

/// Reports every symbol defined twice in the same table.
pub fn check_tables(v: &mut Verifier<'_>) {
    let mut tables: Vec<Option<BlockId>> = vec![None];
    let mut i = 0;
    while i < tables.len() {
        let table = tables[i];
        i += 1;
        let mut seen: FxHashMap<String, OpId> = FxHashMap::default();
        for op in table_ops(v, table) {
            if v.name(op) == "builtin.module" {
                if let Some(b) = module_block(v, op) {
                    tables.push(Some(b));
                }
            }
            if !is_symbol(v, op) {
                continue;
            }
            let Some(name) = v.inherent(op, "sym_name").and_then(|a| v.string_of(a)) else { continue };
            match seen.get(&name) {
                Some(&first) => {
                    let d = Diagnostic::error(v.m.body.op(op).span, format!("redefinition of symbol named '{}'", name))
                        .with_note(Some(v.m.body.op(first).span), "see existing symbol definition here");
                    v.report(d);
                }
                None => {
                    seen.insert(name, op);
                }
            }
        }
    }
}

impl Verifier<'_> {
    /// The `tfg.func` named `name` in the symbol table nearest to `op`, if any.
    pub fn lookup_func(&mut self, op: OpId, name: &str) -> Option<OpId> {
        let mut table: Option<BlockId> = None;
        let mut cursor = self.m.body.parent_op(op);
        while let Some(p) = cursor {
            if self.name(p) == "builtin.module" {
                table = module_block(self, p);
                break;
            }
            cursor = self.m.body.parent_op(p);
        }
        if !self.symbol_tables.contains_key(&table) {
            let mut map = FxHashMap::default();
            for o in table_ops(self, table) {
                if !is_symbol(self, o) {
                    continue;
                }
                if let Some(n) = self.inherent(o, "sym_name").and_then(|a| self.string_of(a)) {
                    map.entry(n).or_insert(o);
                }
            }
            self.symbol_tables.insert(table, map);
        }
        let found = self.symbol_tables.get(&table).and_then(|t| t.get(name)).copied()?;
        (self.name(found) == "tfg.func").then_some(found)
    }
}
