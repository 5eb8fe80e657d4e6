//! `tfg-add-default-attrs` (TensorFlow's graph_compactor AddDefaultAttrsPass): gives every
//! registered TensorFlow op the attributes its op definition has a default for and that it
//! leaves out. Unregistered ops and tfg's intrinsic ops are left alone; defaults amanda-opt
//! cannot spell (tensors, funcs) are skipped.

use super::default_attrs::registered_ops;
use super::tf_ops::TfOps;
use crate::diag::Diagnostic;
use crate::ir::Module;
use crate::namespace::defaults::tf_default_attr;
use crate::namespace::with_registry;
use crate::passes::{PassContext, PassTarget};

pub fn run(m: &mut Module, target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
    let added = with_registry(|reg| {
        let mut tf = TfOps::new(reg);
        let mut added = 0usize;
        for (op, schema) in registered_ops(m, target, &mut tf) {
            for a in &schema.attrs {
                let Some(default) = &a.default else { continue };
                if m.op_attr(op, &a.name).is_some() {
                    continue;
                }
                let Some(value) = tf_default_attr(&mut m.ctx, &a.kind, default) else { continue };
                let name = m.ctx.sym(&a.name);
                m.body.set_attr(op, name, value);
                added += 1;
            }
        }
        added
    })?;
    cx.mark_changed_if(added > 0);
    Ok(())
}
