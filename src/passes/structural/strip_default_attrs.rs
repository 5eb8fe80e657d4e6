//! `tfg-strip-default-attrs` (TensorFlow's graph_compactor StripDefaultAttrsPass): removes
//! the attributes of registered TensorFlow ops that equal their op definition's default.
//! Unregistered ops, tfg's intrinsic ops and attributes without a default are left alone.

use super::default_attrs::registered_ops;
use super::tf_ops::TfOps;
use crate::diag::Diagnostic;
use crate::ir::Module;
use crate::namespace::defaults::tf_is_default;
use crate::namespace::with_registry;
use crate::passes::{PassContext, PassTarget};

pub fn run(m: &mut Module, target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
    let removed = with_registry(|reg| {
        let mut tf = TfOps::new(reg);
        let mut removed = 0usize;
        for (op, schema) in registered_ops(m, target, &mut tf) {
            let drop: Vec<crate::ir::Sym> = m
                .body
                .attrs(op)
                .iter()
                .filter(|na| {
                    let key = m.ctx.str(na.name);
                    schema.attr(key).is_some_and(|s| s.default.as_ref().is_some_and(|d| tf_is_default(m, &s.kind, na.value, d)))
                })
                .map(|na| na.name)
                .collect();
            for name in drop {
                m.body.remove_attr(op, name);
                removed += 1;
            }
        }
        removed
    })?;
    cx.mark_changed_if(removed > 0);
    Ok(())
}
