//! MLIR's func dialect as torch-mlir uses it: `func.func` (the function-interface rules:
//! argument and result attribute arrays, declarations' visibility, entry block arguments
//! against `function_type`) and `func.return` (its parent, its operands against the
//! enclosing function's results), with mlir-opt's messages.

use super::func::{array_attr, function_interface};
use super::structure::{one_region, zero_operands, zero_results};
use super::types::types_equal;
use super::{Check, Verifier};
use crate::ir::OpId;

/// `FuncOp`'s ODS rules and `FunctionOpInterface::verifyBody`.
pub fn check_func_func(v: &Verifier<'_>, op: OpId) -> Check {
    zero_operands(v, op)?;
    zero_results(v, op)?;
    one_region(v, op)?;
    let Some(name_attr) = v.inherent(op, "sym_name") else {
        return Err(v.op_error(op, "requires attribute 'sym_name'"));
    };
    if v.string_of(name_attr).is_none() {
        return Err(v.op_error(op, "attribute 'sym_name' failed to satisfy constraint: string attribute"));
    }
    let Some(fn_attr) = v.inherent(op, "function_type") else {
        return Err(v.op_error(op, "requires attribute 'function_type'"));
    };
    let Some((inputs, results)) = v.function_type_of(fn_attr) else {
        return Err(v.op_error(op, "attribute 'function_type' failed to satisfy constraint: type attribute of function type"));
    };
    let arg_attrs = array_attr(v, op, "arg_attrs")?;
    let res_attrs = array_attr(v, op, "res_attrs")?;
    let region = v.m.body.op(op).regions[0];
    let entry = v.entry_block(region);
    function_interface(v, op, entry.is_some(), (arg_attrs, inputs.len()), (res_attrs, results.len()))?;
    let Some(entry) = entry else { return Ok(()) };
    let args = &v.m.body.block(entry).args;
    if args.len() != inputs.len() {
        return Err(v.op_error(op, format!("entry block must have {} arguments to match function signature", inputs.len())));
    }
    for (i, (&sig, &arg)) in inputs.iter().zip(args.iter()).enumerate() {
        let arg_ty = v.value_type(arg);
        if !types_equal(&v.m.ctx, sig, arg_ty) {
            return Err(v.op_error(
                op,
                format!(
                    "type of entry block argument #{}({}) must match the type of the corresponding argument in function signature({})",
                    i,
                    v.quoted(arg_ty),
                    v.quoted(sig)
                ),
            ));
        }
    }
    Ok(())
}

/// `func.return`: `HasParent<FuncOp>` and `ReturnOp::verify`.
pub fn check_func_return(v: &Verifier<'_>, op: OpId) -> Check {
    zero_results(v, op)?;
    let Some(func) = v.m.body.parent_op(op).filter(|&p| v.name(p) == "func.func") else {
        return Err(v.op_error(op, "expects parent op 'func.func'"));
    };
    let Some((_, results)) = v.inherent(func, "function_type").and_then(|a| v.function_type_of(a)) else { return Ok(()) };
    let name = v.inherent(func, "sym_name").and_then(|a| v.string_of(a)).unwrap_or_default();
    let operands = v.operand_types(op);
    if operands.len() != results.len() {
        return Err(v.op_error(
            op,
            format!("has {} operands, but enclosing function (@{}) returns {}", operands.len(), name, results.len()),
        ));
    }
    for (i, (&got, &want)) in operands.iter().zip(results.iter()).enumerate() {
        if !types_equal(&v.m.ctx, got, want) {
            return Err(v.error(
                op,
                format!(
                    "type of return operand {} ({}) doesn't match function result type ({}) in function @{}",
                    i,
                    v.quoted(got),
                    v.quoted(want),
                    name
                ),
            ));
        }
    }
    Ok(())
}
