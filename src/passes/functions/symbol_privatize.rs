//! `symbol-privatize{exclude=..}`: MLIR's SymbolPrivatize. Every symbol defined directly in
//! the op the pass runs on (the module: its `tfg.func`s) becomes `private`, except those
//! named in `exclude`.

use super::symbols::{symbol_name, visibility};
use crate::diag::Diagnostic;
use crate::ir::Module;
use crate::passes::{PassContext, PassTarget};

pub struct SymbolPrivatize {
    pub exclude: Vec<String>,
}

impl crate::passes::Pass for SymbolPrivatize {
    fn run(&self, m: &mut Module, target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        for block in target.blocks(m) {
            for op in m.body.block_ops(block).collect::<Vec<_>>() {
                let Some(name) = symbol_name(m, op) else { continue };
                if self.exclude.contains(&name) || visibility(m, op) == "private" {
                    continue;
                }
                m.set_string_attr(op, "sym_visibility", Some("private"));
                cx.mark_changed();
            }
        }
        Ok(())
    }
}
