//! `tfg-drop-unregistered-output-shapes` (TensorFlow's drop_unregistered_attribute
//! DropOutputShapesAttrPass): removes the `_output_shapes` attribute from every op of the
//! target (the target op included), except ops whose full name (`tfg.Foo`) is in the `skip`
//! list.

use crate::diag::Diagnostic;
use crate::ir::Module;
use crate::passes::{OptionKind, Pass, PassContext, PassOption, PassTarget};

pub const OPTIONS: &[PassOption] = &[PassOption {
    name: "skip",
    kind: OptionKind::StringList,
    default: "",
    description: "Comma separated list of ops that will be skipped.",
}];

pub struct DropOutputShapes {
    pub skip: Vec<String>,
}

impl Pass for DropOutputShapes {
    fn run(&self, m: &mut Module, target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        // No op carries the attribute when its name was never interned.
        let Some(key) = m.ctx.lookup_sym("_output_shapes") else { return Ok(()) };
        let mut ops = target.nested_ops(m);
        if let PassTarget::Op(op) = target {
            ops.push(op);
        }
        let mut dropped = 0u64;
        for op in ops {
            if m.body.attr(op, key).is_none() || self.skip.iter().any(|s| s == m.op_name(op)) {
                continue;
            }
            m.body.remove_attr(op, key);
            dropped += 1;
        }
        cx.mark_changed_if(dropped > 0);
        Ok(())
    }
}
