//! The functional control-flow ops `If`, `Case`, `While`, `For` and their `Stateless`/
//! `Stateful` variants: their ODS constraints (checked with the op), and, once every op is
//! verified, their uses of `tfg.func` symbols: each referenced function's signature against
//! the op's operands and results, and the `Tin`/`Tout`/`T` type arrays.

use super::region_ops::{array_of, i64_attr, outs_then_control};
use super::structure::{at_least_operands, at_least_results};
use super::types::{cast_compatible, is_int_tensor, is_opaque_tensor, is_tensor_or_control};
use super::{Check, Verifier};
use crate::diag::Diagnostic;
use crate::ir::{AttrData, AttrId, OpId, TypeData, TypeId};

/// The four families of functional ops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConcreteKind {
    If,
    Case,
    While,
    For,
}

/// The family of a functional op, by full name.
pub fn kind_of(name: &str) -> Option<ConcreteKind> {
    match name {
        "tfg.If" | "tfg.StatelessIf" | "tfg.StatefulIf" => Some(ConcreteKind::If),
        "tfg.Case" | "tfg.StatelessCase" | "tfg.StatefulCase" => Some(ConcreteKind::Case),
        "tfg.While" | "tfg.StatelessWhile" | "tfg.StatefulWhile" => Some(ConcreteKind::While),
        "tfg.For" => Some(ConcreteKind::For),
        _ => None,
    }
}

/// How many leading operands are not passed to the functions as `args` (the condition,
/// the branch index, the loop bounds).
fn leading_operands(kind: ConcreteKind) -> usize {
    match kind {
        ConcreteKind::If | ConcreteKind::Case => 1,
        ConcreteKind::While => 0,
        ConcreteKind::For => 3,
    }
}

/// The ODS constraints of a functional op.
pub fn check(v: &Verifier<'_>, op: OpId, kind: ConcreteKind) -> Check {
    at_least_operands(v, op, leading_operands(kind))?;
    at_least_results(v, op, 1)?;

    // Attributes.
    let func_attrs: &[&str] = match kind {
        ConcreteKind::If => &["then_branch", "else_branch"],
        ConcreteKind::Case => &[],
        ConcreteKind::While => &["cond", "body"],
        ConcreteKind::For => &["body"],
    };
    for &key in func_attrs {
        if !is_func_attr(v, op, key) {
            return Err(v.op_error(op, format!("requires attribute '{}'", key)));
        }
    }
    if kind == ConcreteKind::Case {
        match v.inherent(op, "branches") {
            None => return Err(v.op_error(op, "requires attribute 'branches'")),
            Some(a) => {
                if !array_of(v, a, |d| matches!(d, AttrData::TfFunc { .. })) {
                    return Err(
                        v.op_error(op, "attribute 'branches' failed to satisfy constraint: an array of functions")
                    );
                }
            }
        }
    }
    if kind == ConcreteKind::While {
        i64_attr(v, op, "parallel_iterations")?;
    }
    let type_arrays: &[&str] = match kind {
        ConcreteKind::If | ConcreteKind::Case => &["Tin", "Tout"],
        ConcreteKind::While | ConcreteKind::For => &["T"],
    };
    for &key in type_arrays {
        if let Some(a) = v.inherent(op, key) {
            if !array_of(v, a, |d| matches!(d, AttrData::Type(_))) {
                return Err(
                    v.op_error(op, format!("attribute '{}' failed to satisfy constraint: type array attribute", key))
                );
            }
        }
    }
    if kind != ConcreteKind::For {
        if let Some(a) = v.inherent(op, "output_shapes") {
            if !array_of(v, a, |d| matches!(d, AttrData::TfShape(_))) {
                return Err(
                    v.op_error(op, "attribute 'output_shapes' failed to satisfy constraint: An array of shapes.")
                );
            }
        }
    }

    // Operands: `i1`/`i32` tensors (or opaque tensors) first, then tensors or control tokens.
    let operands = v.operand_types(op);
    let lead = leading_operands(kind);
    for (i, &t) in operands.iter().enumerate() {
        if i < lead {
            let width = if kind == ConcreteKind::If { 1 } else { 32 };
            if !is_int_tensor(&v.m.ctx, t, width) && !is_opaque_tensor(&v.m.ctx, t) {
                return Err(
                    v.op_error(op, format!("operand #{} must be  or opaque tensor type, but got {}", i, v.quoted(t)))
                );
            }
        } else if !is_tensor_or_control(&v.m.ctx, t) {
            return Err(v.op_error(
                op,
                format!("operand #{} must be variadic of any tensor or control type, but got {}", i, v.quoted(t)),
            ));
        }
    }
    outs_then_control(v, op)
}

/// Whether `key` holds a `#tf_type.func` (whatever its symbol).
fn is_func_attr(v: &Verifier<'_>, op: OpId, key: &str) -> bool {
    v.inherent(op, key).is_some_and(|a| matches!(v.attr_data(a), AttrData::TfFunc { .. }))
}

/// The function name of a `#tf_type.func<@name, {...}>` (flat references only).
fn func_symbol(v: &Verifier<'_>, a: AttrId) -> Option<String> {
    let AttrData::TfFunc { symbol, .. } = v.attr_data(a) else { return None };
    let AttrData::SymbolRef(parts) = v.attr_data(*symbol) else { return None };
    if parts.len() != 1 {
        return None;
    }
    let text = v.m.ctx.str(parts[0]);
    let text = text.strip_prefix('@').unwrap_or(text);
    Some(match text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
        Some(quoted) => String::from_utf8_lossy(&crate::ir::context::unescape_string(quoted)).into_owned(),
        None => text.to_string(),
    })
}

/// tfg's `verifySymbolUses` of a functional op: control tokens after data operands, one
/// control result, last; each referenced function's signature; the type arrays.
pub fn check_symbol_uses(v: &mut Verifier<'_>, op: OpId, kind: ConcreteKind) -> Check {
    let operands = v.operand_types(op);
    let split = super::first_control(v, &operands);
    if operands[split..].iter().any(|&t| !v.is_control(t)) {
        return Err(v.op_error(op, "not all control tokens come after non-control operands"));
    }
    let ins = &operands[..split];
    let results = v.result_types(op);
    let Some(ctl) = results.iter().position(|&t| v.is_control(t)) else {
        return Err(v.op_error(op, "does not define a control result"));
    };
    if ctl + 1 != results.len() {
        return Err(v.op_error(op, "must have a control token result as and only as its last result"));
    }
    let outs = &results[..ctl];

    match kind {
        ConcreteKind::If => {
            let args = ins.get(1..).unwrap_or(&[]);
            for (key, what) in [("then_branch", "then"), ("else_branch", "else")] {
                if let Some(func) = referenced(v, op, key) {
                    signature(v, op, func, args, outs, what)?;
                }
            }
        }
        ConcreteKind::Case => {
            let args = ins.get(1..).unwrap_or(&[]);
            let branches: Vec<AttrId> = match v.inherent(op, "branches").map(|a| v.attr_data(a)) {
                Some(AttrData::Array(items)) => items.clone(),
                _ => Vec::new(),
            };
            for (i, b) in branches.into_iter().enumerate() {
                if let Some(func) = func_symbol(v, b).and_then(|name| v.lookup_func(op, &name)) {
                    signature(v, op, func, args, outs, &format!("branch #{}", i))?;
                }
            }
        }
        ConcreteKind::While => {
            if let Some(func) = referenced(v, op, "cond") {
                signature_with(v, op, func, ins, &[], "cond", "tensor<*xi1>")?;
            }
            if let Some(func) = referenced(v, op, "body") {
                signature(v, op, func, ins, outs, "body")?;
            }
        }
        ConcreteKind::For => {
            if let Some(func) = referenced(v, op, "body") {
                signature(v, op, func, ins.get(2..).unwrap_or(&[]), outs, "body")?;
            }
        }
    }

    // The type arrays.
    let args = &ins[leading_operands(kind).min(ins.len())..];
    let (tin, tout) = match kind {
        ConcreteKind::If | ConcreteKind::Case => ("Tin", "Tout"),
        ConcreteKind::While | ConcreteKind::For => ("T", "T"),
    };
    type_array(v, op, args, tin, "argument")?;
    type_array(v, op, outs, tout, "result")
}

/// The `tfg.func` named by the function attribute `key` of `op`, if it exists.
fn referenced(v: &mut Verifier<'_>, op: OpId, key: &str) -> Option<OpId> {
    let name = v.inherent(op, key).and_then(|a| func_symbol(v, a))?;
    v.lookup_func(op, &name)
}

/// tfg's `VerifySignature`.
fn signature(v: &Verifier<'_>, op: OpId, func: OpId, operands: &[TypeId], results: &[TypeId], what: &str) -> Check {
    signature_with(v, op, func, operands, results, what, "")
}

/// `VerifySignature`; a non-empty `result_text` replaces `results` by the one result a
/// while condition returns, `tensor<*xi1>` (which the module's context may not hold).
fn signature_with(
    v: &Verifier<'_>,
    op: OpId,
    func: OpId,
    operands: &[TypeId],
    results: &[TypeId],
    what: &str,
    result_text: &str,
) -> Check {
    let with_note = |d: Diagnostic| d.with_note(Some(v.m.body.op(func).span), "see referenced function");
    let Some((arguments, returns)) = v.inherent(func, "function_type").and_then(|a| v.function_type_of(a)) else {
        return Ok(());
    };
    if operands.len() * 2 != arguments.len() {
        return Err(with_note(v.op_error(
            op,
            format!("{} function has {} arguments but was provided {}", what, arguments.len() / 2, operands.len()),
        )));
    }
    let n_results = if result_text.is_empty() { results.len() } else { 1 };
    if n_results != returns.len() {
        return Err(with_note(
            v.op_error(op, format!("{} function has {} results but expected {}", what, returns.len(), n_results)),
        ));
    }
    if v.inherent(func, "generic").is_some() {
        return Ok(());
    }
    for (i, &t) in operands.iter().enumerate() {
        let arg = arguments[i * 2];
        if !cast_compatible(&v.m.ctx, arg, t) {
            return Err(with_note(v.op_error(
                op,
                format!(
                    "{} function argument #{} type {} is not compatible with corresponding operand type: {}",
                    what,
                    i,
                    v.quoted(arg),
                    v.quoted(t)
                ),
            )));
        }
    }
    for (i, &ret) in returns.iter().enumerate() {
        let compatible = match results.get(i) {
            Some(&t) => cast_compatible(&v.m.ctx, ret, t),
            None => is_i1_compatible(v, ret),
        };
        if !compatible {
            let expected = match results.get(i) {
                Some(&t) => v.quoted(t),
                None => format!("'{}'", result_text),
            };
            return Err(with_note(v.op_error(
                op,
                format!(
                    "{} function result #{} type {} is not compatible with corresponding result type: {}",
                    what,
                    i,
                    v.quoted(ret),
                    expected
                ),
            )));
        }
    }
    Ok(())
}

/// Whether `t` is cast compatible with `tensor<*xi1>`: a tensor of `i1`, any shape.
fn is_i1_compatible(v: &Verifier<'_>, t: TypeId) -> bool {
    is_int_tensor(&v.m.ctx, t, 1)
}

/// tfg's `VerifyTypeArray`: one dtype per value, each compatible with its value's type.
fn type_array(v: &Verifier<'_>, op: OpId, values: &[TypeId], key: &str, kind: &str) -> Check {
    let Some(a) = v.inherent(op, key) else { return Ok(()) };
    let AttrData::Array(items) = v.attr_data(a) else { return Ok(()) };
    if values.len() != items.len() {
        return Err(v.op_error(op, format!("has {} {}s but {} {} types", values.len(), kind, items.len(), kind)));
    }
    for (i, (&t, &item)) in values.iter().zip(items).enumerate() {
        let AttrData::Type(dtype) = v.attr_data(item) else { continue };
        if !compatible_with_dtype(v, t, *dtype) {
            return Err(v.op_error(
                op,
                format!("{} #{} is incompatible with dtype {}, got: {}", kind, i, v.quoted(*dtype), v.quoted(t)),
            ));
        }
    }
    Ok(())
}

/// `HasCompatibleElementTypes(t, tensor<*x dtype>)`: `t` is a tensor whose element type is
/// compatible with `dtype`.
fn compatible_with_dtype(v: &Verifier<'_>, t: TypeId, dtype: TypeId) -> bool {
    match v.m.ctx.type_data(v.m.ctx.resolved_type(t)) {
        TypeData::RankedTensor { elem, .. } | TypeData::UnrankedTensor { elem } => {
            cast_compatible(&v.m.ctx, *elem, dtype)
        }
        _ => false,
    }
}
