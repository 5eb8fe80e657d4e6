//! Declarative lowerings: a rule of the conversion table that names the torch op instead of
//! `call:`ing a lowering written here, as the Amanda design's mapping tables do:
//!
//! ```yaml
//! - rule_name: FloorDiv
//!   src: {type: FloorDiv}
//!   dst: {type: aten::div.Tensor_mode, layout: any, attrs: {rounding_mode: floor}}
//! ```
//!
//! The op's TorchScript operand list is filled from its schema (`dialects/pytorch`): tensor
//! parameters in order from the rule's `inputs` (default: the node's data inputs), the others
//! from the rule's `attrs` by parameter name (a literal, or a capture of a node attribute
//! such as `'{alpha}'`), else the schema's default. `layout: any` marks an elementwise op:
//! operands held as NCHW stay NCHW (vectors become `[C,1,1]`), as for the built-in
//! elementwise lowerings; otherwise operands and result are in TensorFlow's layout. The
//! result has the node's result type (its dtype, and the broadcast shape for `layout: any`).

use super::super::emitter::{Converted, Layout, TfNode, TorchEmitter, A};
use super::super::types::Dt;
use super::elementwise;
use crate::diag::Diagnostic;
use crate::ir::{AttrData, ValueId};
use crate::tables::value::Val;

/// The name the table's chooser gives a node whose rule is declarative.
pub const DECLARED: &str = "declared";

type R = Result<Vec<Converted>, Diagnostic>;

/// Lowers `n` by the declarative rule the table selects for it.
pub fn lower(e: &mut TorchEmitter, n: &TfNode) -> R {
    let Some(sel) = e.declared.get(&n.op).cloned() else {
        return Err(e.err(n, "internal error: a declarative lowering without its rule"));
    };
    let [d] = sel.dst.as_slice() else {
        return Err(e.err(n, format!("rule '{}' builds {} ops; a declarative rule into torch builds one", sel.rule, sel.dst.len())));
    };
    let Some(aten) = d.op.strip_prefix("torch.").and_then(|s| s.split_once('.')).map(|(ns, op)| format!("{}::{}", ns, op)) else {
        return Err(e.err(n, format!("rule '{}': '{}' is not a torch op", sel.rule, d.op)));
    };
    let Some(schema) = e.schema(&aten) else {
        return Err(e.err(n, format!("rule '{}': the pytorch namespace has no op '{}'", sel.rule, aten)));
    };

    // The node's inputs the tensor operands are, by index.
    let inputs: Vec<usize> = match &d.operands {
        None => (0..n.inputs.len()).collect(),
        Some(vals) => {
            let mut idx = Vec::with_capacity(vals.len());
            for v in vals {
                let at = match v {
                    Val::Value(x) => n.inputs.iter().position(|i| i == x),
                    _ => None,
                };
                let Some(i) = at else {
                    return Err(e.err(
                        n,
                        format!("rule '{}': an operand of {} is not one of the node's inputs ({})", sel.rule, aten, v.display(&e.m.ctx)),
                    ));
                };
                idx.push(i);
            }
            idx
        }
    };
    let (tensors, layout) = if d.layout_any {
        elementwise::operands_at(e, n, &inputs)?
    } else {
        let mut vs = Vec::with_capacity(inputs.len());
        for &i in &inputs {
            vs.push(e.logical(n, i)?);
        }
        (vs, Layout::Plain)
    };
    let result = if d.layout_any { elementwise::result_ty(e, n, &tensors)? } else { e.result_ty(n, 0)? };

    // The TorchScript operand list: tensors in order, the rest by name or default.
    let mut tensors = tensors.into_iter();
    let mut args = Vec::with_capacity(schema.inputs.len());
    for p in &schema.inputs {
        let ty = p.ty.as_deref().unwrap_or("");
        if let Some((_, v)) = d.values.iter().find(|(k, _)| *k == p.name) {
            args.push(argument(e, v, ty).ok_or_else(|| {
                e.err(n, format!("rule '{}': attribute '{}' of {} ({}) cannot be {}", sel.rule, p.name, aten, ty, v.display(&e.m.ctx)))
            })?);
            continue;
        }
        let is_tensor = ty.starts_with("Tensor") && !ty.starts_with("Tensor[]");
        if let Some(t) = is_tensor.then(|| tensors.next()).flatten() {
            args.push(A::T(t));
        } else if let Some(default) = &p.default {
            args.push(super::super::emitter::arg_of_json(default));
        } else if ty.ends_with('?') {
            args.push(A::None);
        } else {
            return Err(e.err(n, format!("rule '{}': {} needs its argument '{}' ({}), which the rule does not give", sel.rule, aten, p.name, ty)));
        }
    }
    if tensors.next().is_some() {
        return Err(e.err(n, format!("rule '{}': {} takes fewer tensors than the {} operands given", sel.rule, aten, inputs.len())));
    }
    let v: ValueId = e.aten(&aten, args, result)?;
    Ok(vec![Converted { value: v, layout }])
}

/// A rule's attribute value as the operand of a parameter of TorchScript type `ty`.
fn argument(e: &TorchEmitter, v: &Val, ty: &str) -> Option<A> {
    let float = ty.starts_with("float") || ty.starts_with("Scalar");
    Some(match v {
        Val::Null => A::None,
        Val::Bool(b) => A::Bool(*b),
        Val::Int(i) if ty.starts_with("float") => A::Float(*i as f64),
        Val::Int(i) => A::Int(*i),
        Val::Float(f) if float => A::Float(*f),
        Val::Str(s) => A::Str(s.clone()),
        Val::List(items) => A::Ints(items.iter().map(|i| if let Val::Int(i) = i { Some(*i) } else { None }).collect::<Option<_>>()?),
        Val::Attr(a) => {
            let a = e.m.ctx.resolved_attr(*a);
            match e.m.ctx.attr_data(a) {
                AttrData::Bool(b) => A::Bool(*b),
                AttrData::Type(t) => A::Dtype(Dt::of_elem(&e.m.ctx, *t)?),
                AttrData::String { .. } => A::Str(String::from_utf8_lossy(&e.m.ctx.string_value(a)?).into_owned()),
                AttrData::Array(items) => {
                    A::Ints(items.iter().map(|&x| e.m.ctx.int_value(x).and_then(|v| i64::try_from(v).ok())).collect::<Option<_>>()?)
                }
                AttrData::Int { .. } | AttrData::Float { .. } => match e.int_of(a) {
                    Some(i) if !ty.starts_with("float") => A::Int(i),
                    _ if float => A::Float(e.float_of(a)?),
                    _ => return None,
                },
                _ => return None,
            }
        }
        _ => return None,
    })
}
