//! tfg rules shared by all nodes of a graph or function body (control tokens after data,
//! non-empty keyword attributes), and the small intrinsic ops: `tfg.graph`, `tfg.return`,
//! `tfg.yield`, `tfg.condition`, `tfg.get_result`.

use super::structure::{
    last_in_block, one_region, single_block, zero_operands, zero_regions, zero_results, Terminated,
};
use super::types::{is_int_tensor, is_opaque_tensor, is_tfg_tensor};
use super::{first_control, Check, Verifier};
use crate::ir::{AttrData, OpForm, OpId, TypeId};

/// The attributes the node syntax writes as `name("...")`, `device("...")`, ...
pub(super) const KEYWORD_ATTRS: [&str; 3] = ["_mlir_device", "_mlir_assigned_device", "_mlir_name"];

/// The place of the node name (`_mlir_name`) in [`KEYWORD_ATTRS`].
pub(super) const NAME_ATTR: usize = 2;

/// tfg's check of every op directly in a `tfg.graph` or `tfg.func` body.
pub fn check_node(v: &mut Verifier<'_>, op: OpId) -> Check {
    let body = &v.m.body;
    control_last(v, op, body.operands(op).map(|x| v.value_type(x)), "input")?;
    control_last(v, op, body.results(op).iter().map(|&x| v.value_type(x)), "result")?;
    for (key, sym) in KEYWORD_ATTRS.into_iter().zip(v.keyword_syms) {
        let Some(a) = sym.and_then(|s| body.attr(op, s)) else { continue };
        if is_empty_string(v, a) {
            // tfg emits this one without failing the op.
            let d = v.op_error(op, format!("{} has empty value. Only insert this attribute when it has a value", key));
            v.report(d);
        }
    }
    Ok(())
}

/// Whether `a` is the string `""`. Every escape decodes to at least one byte, so that is an
/// empty spelling (no need to decode the string, as `string_of` does); strings are interned,
/// so the empty spelling is the symbol of `""`, if there is one (no need to read the text).
fn is_empty_string(v: &Verifier<'_>, a: crate::ir::AttrId) -> bool {
    let ctx = &v.m.ctx;
    let Some(empty) = v.empty_sym else { return false };
    matches!(ctx.attr_data(ctx.resolved_attr(a)), AttrData::String { spelling, .. } if *spelling == empty)
}

/// "found non-control input in position #j after control input in position #i".
fn control_last(v: &Verifier<'_>, op: OpId, types: impl Iterator<Item = TypeId>, what: &str) -> Check {
    let mut last_control: Option<usize> = None;
    for (i, t) in types.enumerate() {
        if v.is_control(t) {
            last_control = Some(i);
        } else if let Some(c) = last_control {
            return Err(v.op_error(
                op,
                format!("found non-control {} in position #{} after control {} in position #{}", what, i, what, c),
            ));
        }
    }
    Ok(())
}

/// `tfg.graph #tf_type.version<...> { ... }`.
pub fn check_graph(v: &Verifier<'_>, op: OpId) -> Check {
    zero_operands(v, op)?;
    zero_results(v, op)?;
    one_region(v, op)?;
    match v.inherent(op, "version") {
        None => return Err(v.op_error(op, "requires attribute 'version'")),
        Some(a) if !matches!(v.attr_data(a), AttrData::TfVersion { .. }) => {
            return Err(v.op_error(
                op,
                "attribute 'version' failed to satisfy constraint: An Attribute describing the version for a TensorFlow Graph",
            ))
        }
        Some(_) => {}
    }
    sized_region_one_block(v, op, 0, "nodes")?;
    single_block(v, op, Terminated::NotRequired, false)
}

/// ODS `SizedRegion<1>`: region `index` has exactly one block.
pub fn sized_region_one_block(v: &Verifier<'_>, op: OpId, index: usize, name: &str) -> Check {
    let Some(&r) = v.m.body.op(op).regions.get(index) else { return Ok(()) };
    if v.m.body.region(r).blocks.len() != 1 {
        return Err(v.op_error(
            op,
            format!("region #{} ('{}') failed to verify constraint: region with 1 blocks", index, name),
        ));
    }
    Ok(())
}

/// `tfg.return(...) [...]`.
pub fn check_return(v: &Verifier<'_>, op: OpId) -> Check {
    zero_results(v, op)?;
    zero_regions(v, op)?;
    let types = v.operand_types(op);
    let n_ctl = types.len() - first_control(v, &types);
    // The custom form always carries the attribute (empty when there are no control
    // operands); only the generic form can lack it.
    let ret_attrs = match v.inherent(op, "control_ret_attrs") {
        None if v.m.body.op(op).form == OpForm::Generic => {
            return Err(v.op_error(op, "requires attribute 'control_ret_attrs'"));
        }
        None => None,
        Some(a) => match v.attr_data(a) {
            AttrData::Array(items) if items.iter().all(|&i| matches!(v.attr_data(i), AttrData::Dict(_))) => {
                Some(items.len())
            }
            _ => {
                return Err(v.op_error(
                    op,
                    "attribute 'control_ret_attrs' failed to satisfy constraint: an array of dictionaries",
                ))
            }
        },
    };
    let parent = v.m.body.parent_op(op);
    if parent.map(|p| v.name(p)) != Some("tfg.func") {
        return Err(v.op_error(op, "expects parent op 'tfg.func'"));
    }
    last_in_block(v, op)?;
    // A custom-form return without the attribute stands for one empty dictionary per
    // control operand, as tfg's parser would build.
    if ret_attrs.is_some_and(|n| n != n_ctl) {
        return Err(v.op_error(op, "expected as many control result attributes as there are control operands"));
    }
    Ok(())
}

/// Data operands then control operands: a data operand among the control ones is reported
/// as ODS does (`operand #i must be variadic of , but got 'T'`). `start` is the index of
/// the first operand of the data group.
pub fn data_then_controls(v: &Verifier<'_>, op: OpId, start: usize) -> Check {
    let types = v.operand_types(op);
    let rest = types.get(start..).unwrap_or(&[]);
    let split = start + first_control(v, rest);
    for (i, &t) in types.iter().enumerate().skip(start) {
        if i < split {
            if !is_tfg_tensor(&v.m.ctx, t) {
                return Err(v.op_error(
                    op,
                    format!("operand #{} must be variadic of  or opaque tensor type, but got {}", i, v.quoted(t)),
                ));
            }
        } else if !v.is_control(t) {
            return Err(v.op_error(op, format!("operand #{} must be variadic of , but got {}", i, v.quoted(t))));
        }
    }
    Ok(())
}

/// `tfg.yield(...) [...]`: the terminator of region-op regions.
pub fn check_yield(v: &Verifier<'_>, op: OpId) -> Check {
    zero_results(v, op)?;
    zero_regions(v, op)?;
    data_then_controls(v, op, 0)?;
    last_in_block(v, op)
}

/// `tfg.condition %c : tensor<i1> (...) [...]`: the terminator of while conditions.
pub fn check_condition(v: &Verifier<'_>, op: OpId) -> Check {
    zero_results(v, op)?;
    zero_regions(v, op)?;
    let types = v.operand_types(op);
    match types.first() {
        None => return Err(v.op_error(op, "expected 1 or more operands, but found 0")),
        Some(&t) if !is_int_tensor(&v.m.ctx, t, 1) => {
            return Err(v.op_error(
                op,
                format!("operand #0 must be tensor of 1-bit signless integer values, but got {}", v.quoted(t)),
            ))
        }
        Some(_) => {}
    }
    data_then_controls(v, op, 1)?;
    last_in_block(v, op)
}

/// `tfg.get_result(%v) "name" : N`: unpacks a result of a node in a generic function.
pub fn check_get_result(v: &Verifier<'_>, op: OpId) -> Check {
    zero_regions(v, op)?;
    match v.inherent(op, "name") {
        Some(a) if v.string_of(a).is_some() => {}
        Some(_) => return Err(v.op_error(op, "attribute 'name' failed to satisfy constraint: string attribute")),
        None => return Err(v.op_error(op, "requires attribute 'name'")),
    }
    match v.inherent(op, "number") {
        Some(a) => {
            let is_i32 = match v.attr_data(a) {
                AttrData::Int { ty: Some(t), .. } => super::types::is_signless_int(&v.m.ctx, *t, 32),
                _ => false,
            };
            if !is_i32 {
                return Err(v.op_error(
                    op,
                    "attribute 'number' failed to satisfy constraint: 32-bit signless integer attribute",
                ));
            }
        }
        None => return Err(v.op_error(op, "requires attribute 'number'")),
    }
    if v.m.body.num_operands(op) != 1 {
        return Err(v.op_error(op, format!("expected 1 operands, but found {}", v.m.body.num_operands(op))));
    }
    if v.m.body.results(op).len() != 1 {
        return Err(v.op_error(op, "requires one result"));
    }
    let t = v.operand_types(op)[0];
    if !is_opaque_tensor(&v.m.ctx, t) {
        return Err(v.op_error(op, format!("operand #0 must be , but got {}", v.quoted(t))));
    }
    let r = v.result_types(op)[0];
    if !is_opaque_tensor(&v.m.ctx, r) {
        return Err(v.op_error(op, format!("result #0 must be , but got {}", v.quoted(r))));
    }
    Ok(())
}
