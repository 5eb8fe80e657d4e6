//! `tfg.func`: its attributes (ODS), `SingleBlock`, MLIR's function-interface rules
//! (argument and result attribute arrays, declarations), tfg's body rules (signature vs
//! block arguments, the `tfg.return` terminator and its operand types), symbol visibility,
//! control-token pairing, and the even number of arguments.

use super::structure::{one_region, single_block, zero_operands, zero_results, Terminated};
use super::types::{cast_compatible, types_equal};
use super::{Check, Verifier};
use crate::ir::{AttrData, AttrId, OpId};
use crate::printer::attrs::{write_attr, Style};

/// Every rule of `tfg.func`, in MLIR's order; stops at the first violation.
pub fn check_func(v: &Verifier<'_>, op: OpId) -> Check {
    // ODS: operands, results, regions, attributes.
    zero_operands(v, op)?;
    zero_results(v, op)?;
    one_region(v, op)?;
    let Some(name_attr) = v.inherent(op, "sym_name") else {
        return Err(v.op_error(op, "requires attribute 'sym_name'"));
    };
    let Some(name) = v.string_of(name_attr) else {
        return Err(v.op_error(op, "attribute 'sym_name' failed to satisfy constraint: string attribute"));
    };
    let Some(fn_attr) = v.inherent(op, "function_type") else {
        return Err(v.op_error(op, "requires attribute 'function_type'"));
    };
    let Some((inputs, results)) = v.function_type_of(fn_attr) else {
        return Err(
            v.op_error(op, "attribute 'function_type' failed to satisfy constraint: type attribute of function type")
        );
    };
    let arg_attrs = array_attr(v, op, "arg_attrs")?;
    let res_attrs = array_attr(v, op, "res_attrs")?;

    // SingleBlock.
    single_block(v, op, Terminated::Required, false)?;
    let region = v.m.body.op(op).regions[0];
    let entry = v.entry_block(region);

    function_interface(v, op, entry.is_some(), (arg_attrs, inputs.len()), (res_attrs, results.len()))?;
    // tfg checks the body even of a (private) declaration.
    let Some(entry) = entry else {
        return Err(v.op_error(op, "expects a non empty body"));
    };
    check_body(v, op, &name, inputs, results, entry)?;

    // Symbol.
    if let Some(a) = v.inherent(op, "sym_visibility") {
        match v.string_of(a) {
            None => {
                return Err(v.op_error(
                    op,
                    format!(
                        "requires visibility attribute 'sym_visibility' to be a string attribute, but got {}",
                        attr_text(v, a)
                    ),
                ))
            }
            Some(s) if !matches!(s.as_str(), "public" | "private" | "nested") => {
                return Err(v.op_error(
                    op,
                    format!(
                        "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {}",
                        attr_text(v, a)
                    ),
                ))
            }
            Some(_) => {}
        }
    }

    // ControlArgumentInterface.
    super::region_ops::control_args_pairing(v, op)?;

    // GraphFuncOp::verify.
    if inputs.len() % 2 != 0 {
        return Err(v.op_error(op, "expects an even number of arguments"));
    }
    Ok(())
}

/// MLIR's `FunctionOpInterface` rules shared by `tfg.func` and `func.func`: a declaration (no
/// body) is not public, and the argument / result attribute arrays (with how many inputs and
/// results the function type has) hold one dictionary per argument / result.
pub(super) fn function_interface(
    v: &Verifier<'_>,
    op: OpId,
    has_body: bool,
    args: (Option<&[AttrId]>, usize),
    results: (Option<&[AttrId]>, usize),
) -> Check {
    let visibility = v.inherent(op, "sym_visibility").and_then(|a| v.string_of(a));
    if !has_body && visibility.as_deref().unwrap_or("public") == "public" {
        return Err(v.op_error(op, "symbol declaration cannot have public visibility"));
    }
    if let (Some(items), n) = args {
        dict_array(v, op, items, n, "argument", "arguments")?;
    }
    if let (Some(items), n) = results {
        dict_array(v, op, items, n, "result", "results")?;
    }
    Ok(())
}

/// An optional array attribute (`arg_attrs`, `res_attrs`).
pub(super) fn array_attr<'m>(v: &Verifier<'m>, op: OpId, key: &str) -> Result<Option<&'m [AttrId]>, crate::diag::Diagnostic> {
    match v.inherent(op, key) {
        None => Ok(None),
        Some(a) => match v.attr_data(a) {
            AttrData::Array(items) => Ok(Some(items)),
            _ => Err(v.op_error(
                op,
                format!("attribute '{}' failed to satisfy constraint: Array of dictionary attributes", key),
            )),
        },
    }
}

/// MLIR's rules for `arg_attrs` / `res_attrs`: one dictionary per argument (result), whose
/// keys are dialect attributes (contain a dot).
fn dict_array(v: &Verifier<'_>, op: OpId, items: &[AttrId], expected: usize, what: &str, plural: &str) -> Check {
    if items.len() != expected {
        return Err(v.op_error(
            op,
            format!(
                "expects {} attribute array to have the same number of elements as the number of function {}, got {}, but expected {}",
                what,
                plural,
                items.len(),
                expected
            ),
        ));
    }
    for &item in items {
        let AttrData::Dict(entries) = v.attr_data(item) else {
            return Err(v.op_error(
                op,
                format!(
                    "expects {} attribute dictionary to be a DictionaryAttr, but got `{}`",
                    what,
                    attr_text(v, item)
                ),
            ));
        };
        if entries.iter().any(|e| !v.m.ctx.str(e.name).contains('.')) {
            return Err(v.op_error(op, format!("{} may only have dialect attributes", plural)));
        }
    }
    Ok(())
}

/// tfg's `GraphFuncOp::verifyBody`: block arguments match the signature, and the body ends
/// with a `tfg.return` whose operands match the results, then control tokens.
fn check_body(
    v: &Verifier<'_>,
    op: OpId,
    name: &str,
    inputs: &[crate::ir::TypeId],
    results: &[crate::ir::TypeId],
    entry: crate::ir::BlockId,
) -> Check {
    let ctx = &v.m.ctx;
    let args = &v.m.body.block(entry).args;
    if args.len() != inputs.len() {
        return Err(
            v.op_error(op, format!("function type indicated {} args but block has {}", inputs.len(), args.len()))
        );
    }
    for (i, (&sig, &arg)) in inputs.iter().zip(args.iter()).enumerate() {
        let arg_ty = v.value_type(arg);
        if !types_equal(ctx, sig, arg_ty) {
            return Err(v.op_error(
                op,
                format!(
                    "type mismatch for arg #{}, signature defines {} block arg is {}",
                    i,
                    v.quoted(sig),
                    v.quoted(arg_ty)
                ),
            ));
        }
    }
    let Some(last) = v.m.body.last_op(entry) else {
        return Err(v.op_error(op, "expects a non empty body"));
    };
    if v.name(last) != "tfg.return" {
        return Err(
            v.op_error(op, format!("expects body to be terminated with a tfg.return, but got: {}", v.name(last)))
        );
    }
    let returned = v.operand_types(last);
    if results.len() > returned.len() {
        return Err(v.op_error(
            op,
            format!("expects {} returned values but tfg.return has {} operands", results.len(), returned.len()),
        ));
    }
    for (i, (&expected, &actual)) in results.iter().zip(returned.iter()).enumerate() {
        if !cast_compatible(ctx, expected, actual) {
            return Err(v.op_error(
                op,
                format!(
                    "type mismatch for returned value #{}, expected {} but got {}",
                    i,
                    v.quoted(expected),
                    v.quoted(actual)
                ),
            ));
        }
    }
    for (i, &extra) in returned[results.len()..].iter().enumerate() {
        if !v.is_control(extra) {
            return Err(v.op_error(
                op,
                format!(
                    "returned value #{} overflow the expected {} returned value for function {}, expected a ControlType but got {}",
                    i,
                    results.len(),
                    name,
                    v.quoted(extra)
                ),
            ));
        }
    }
    Ok(())
}

/// An attribute as MLIR prints it in messages.
fn attr_text(v: &Verifier<'_>, a: AttrId) -> String {
    let mut s = String::new();
    write_attr(&v.m.ctx, a, Style::new(true), &mut s);
    s
}
