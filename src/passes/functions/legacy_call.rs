//! `tfg-lift-legacy-call`: TensorFlow's LiftLegacyCall. Every op (at any depth, functions
//! included) whose type names a function of the module, a "legacy call" such as `Foo` for
//! `tfg.func @Foo`, gets `tfg.legacy_call = @Foo`, so the call becomes a symbol use
//! (`symbol-dce` then keeps the callee). tfg's own ops (graph, func, return, region ops) are
//! never calls.

use super::symbols::{function_names, is_legacy_call, symbol_ref};
use crate::diag::Diagnostic;
use crate::ir::{Module, OpId};
use crate::passes::{PassContext, PassTarget};

pub fn run(m: &mut Module, target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
    let funcs = function_names(m);
    if funcs.is_empty() {
        return Ok(());
    }
    let mut calls: Vec<OpId> = Vec::new();
    for op in target.nested_ops(m) {
        if is_legacy_call(m, op, &funcs) {
            calls.push(op);
        }
    }
    let key = m.ctx.sym("tfg.legacy_call");
    for op in calls {
        let name = m.op_name(op)["tfg.".len()..].to_string();
        let r = symbol_ref(m, &name);
        if m.body.attr(op, key) != Some(r) {
            m.body.set_attr(op, key, r);
            cx.mark_changed();
        }
    }
    Ok(())
}
