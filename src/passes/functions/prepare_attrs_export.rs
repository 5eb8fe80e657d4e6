//! `tfg-prepare-attrs-export`: TensorFlow's PrepareAttributesForExport, the converse of
//! `tfg-consolidate-attrs`, run on every top-level `tfg.graph` and non-generic `tfg.func`:
//!
//! * `If`/`Case`/`While`/`For` (and Stateless/Stateful) missing any of their type lists get
//!   them from their operand and result element types (`Tcond`, `Tin`, `Tout`; `T`), and
//!   `If`/`Case`/`While` without `output_shapes` get one from their result types;
//! * a tfg op marked `tfg.regenerate_output_shapes` (and without `_output_shapes`) gets
//!   `_output_shapes` from its result types, the mark goes;
//! * a function: each argument and result dictionary marked `tfg.regenerate_output_shapes`
//!   gets `tf._output_shapes` from its type; a resource with subtypes gets
//!   `tfg.handle_data`, a reference type `tfg.is_ref`; `tfg.regenerate_input_shapes` becomes
//!   `tf._input_shapes` (one shape per argument).

use super::func_build::{attr_list, dict_entries, put_entry, remove_attr, set_attr, take_entry};
use super::shapes::{cf_kind, element_type, shape_attr_of_type, CfKind};
use crate::dialect::tfg::{data_operands, data_results};
use crate::diag::Diagnostic;
use crate::ir::{AttrData, AttrId, Module, OpId, TypeData, TypeId, ValueId};
use crate::passes::{PassContext, PassTarget};

pub fn run(m: &mut Module, _t: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
    for op in m.body.block_ops(m.root_block()).collect::<Vec<_>>() {
        match m.op_name(op) {
            "tfg.graph" => {
                prepare_body(m, op);
                cx.mark_changed();
            }
            "tfg.func" if m.op_attr(op, "generic").is_none() => {
                prepare_body(m, op);
                prepare_func(m, op);
                cx.mark_changed();
            }
            _ => {}
        }
    }
    Ok(())
}

/// `[elem type, ...]` of the values (the type itself for a non-tensor).
fn element_types(m: &mut Module, values: &[ValueId]) -> AttrId {
    let items: Vec<AttrId> = values
        .iter()
        .map(|&v| {
            let t = m.body.value_type(v);
            let e = element_type(m, t).unwrap_or(t);
            m.ctx.attr(AttrData::Type(e))
        })
        .collect();
    m.ctx.attr(AttrData::Array(items))
}

/// `[#tf_type.shape<..>, ...]` of the data results of `op`.
fn result_shapes(m: &mut Module, op: OpId) -> AttrId {
    let results = data_results(m, op).to_vec();
    let items: Vec<AttrId> = results.iter().map(|&v| shape_attr_of_type(m, m.body.value_type(v))).collect();
    m.ctx.attr(AttrData::Array(items))
}

fn prepare_body(m: &mut Module, parent: OpId) {
    let mut ops = Vec::new();
    for &r in &m.body.op(parent).regions.clone() {
        for &b in &m.body.region(r).blocks.clone() {
            ops.extend(crate::dialect::tfg::walk_block(m, b));
        }
    }
    for op in ops {
        let name = m.op_name(op).to_string();
        let has = |m: &Module, k: &str| m.op_attr(op, k).is_some();
        let data = data_operands(m, op).to_vec();
        let outs = data_results(m, op).to_vec();
        let if_typed = has(m, "Tcond") && has(m, "Tin") && has(m, "Tout");
        let case_typed = has(m, "Tin") && has(m, "Tout");
        match cf_kind(&name) {
            Some(CfKind::If) if !if_typed && !data.is_empty() => {
                let t = m.body.value_type(data[0]);
                let cond = element_type(m, t).unwrap_or(t);
                let cond = m.ctx.attr(AttrData::Type(cond));
                set_attr(m, op, "Tcond", cond);
                let tin = element_types(m, &data[1..]);
                set_attr(m, op, "Tin", tin);
                let tout = element_types(m, &outs);
                set_attr(m, op, "Tout", tout);
            }
            Some(CfKind::Case) if !case_typed && !data.is_empty() => {
                let tin = element_types(m, &data[1..]);
                set_attr(m, op, "Tin", tin);
                let tout = element_types(m, &outs);
                set_attr(m, op, "Tout", tout);
            }
            Some(CfKind::While) if !has(m, "T") => {
                let t = element_types(m, &data);
                set_attr(m, op, "T", t);
            }
            Some(CfKind::For) if !has(m, "T") && data.len() >= 3 => {
                let t = element_types(m, &data[3..]);
                set_attr(m, op, "T", t);
            }
            _ => {}
        }
        if name == "tfg.return" {
            continue;
        }
        let regenerate = m.op_attr(op, "tfg.regenerate_output_shapes").is_some_and(|a| matches!(m.ctx.attr_data(a), AttrData::Unit));
        if name.starts_with("tfg.") && regenerate && !has(m, "_output_shapes") {
            let shapes = result_shapes(m, op);
            set_attr(m, op, "_output_shapes", shapes);
            remove_attr(m, op, "tfg.regenerate_output_shapes");
        }
        if matches!(cf_kind(&name), Some(CfKind::If | CfKind::Case | CfKind::While)) && !has(m, "output_shapes") {
            let shapes = result_shapes(m, op);
            set_attr(m, op, "output_shapes", shapes);
        }
    }
}

/// Whether `t` is a TensorFlow reference type (`!tf_type.int32ref`, ...).
fn is_ref_type(m: &Module, t: TypeId) -> bool {
    match m.ctx.type_data(m.ctx.resolved_type(t)) {
        TypeData::TfSimple(s) => m.ctx.str(*s).ends_with("ref"),
        _ => false,
    }
}

/// The export attributes of one argument or result of type `ty`.
fn prepare_dict(m: &mut Module, ty: TypeId, d: AttrId) -> AttrId {
    let mut attrs = dict_entries(m, d);
    if take_entry(m, &mut attrs, "tfg.regenerate_output_shapes").is_some() {
        let shape = shape_attr_of_type(m, ty);
        let list = m.ctx.attr(AttrData::Array(vec![shape]));
        put_entry(m, &mut attrs, "tf._output_shapes", list);
    }
    if let Some(elem) = element_type(m, ty) {
        if let TypeData::TfWithSubtypes { name, subtypes } = m.ctx.type_data(m.ctx.resolved_type(elem)).clone() {
            if m.ctx.str(name) == "resource" && !subtypes.is_empty() {
                let items: Vec<AttrId> = subtypes.iter().map(|&s| m.ctx.attr(AttrData::Type(s))).collect();
                let list = m.ctx.attr(AttrData::Array(items));
                put_entry(m, &mut attrs, "tfg.handle_data", list);
            }
        }
        if is_ref_type(m, elem) {
            let unit = m.ctx.unit_attr();
            put_entry(m, &mut attrs, "tfg.is_ref", unit);
        }
    }
    m.ctx.attr(AttrData::Dict(attrs))
}

fn prepare_func(m: &mut Module, func: OpId) {
    let Some(fn_ty) = m.op_attr(func, "function_type") else { return };
    let AttrData::Type(fn_ty) = *m.ctx.attr_data(m.ctx.resolved_attr(fn_ty)) else { return };
    let TypeData::Function { inputs, results } = m.ctx.type_data(m.ctx.resolved_type(fn_ty)).clone() else { return };
    let old_args = attr_list(m, func, "arg_attrs").unwrap_or_default();
    let old_res = attr_list(m, func, "res_attrs").unwrap_or_default();
    let mut input_shapes = Vec::new();
    let mut arg_attrs = Vec::new();
    for (&t, &d) in inputs.iter().zip(&old_args) {
        if m.ctx.is_control_type(t) {
            arg_attrs.push(d);
            continue;
        }
        arg_attrs.push(prepare_dict(m, t, d));
        input_shapes.push(shape_attr_of_type(m, t));
    }
    let mut res_attrs = Vec::new();
    for (&t, &d) in results.iter().zip(&old_res) {
        res_attrs.push(prepare_dict(m, t, d));
    }
    if remove_attr(m, func, "tfg.regenerate_input_shapes").is_some() {
        let list = m.ctx.attr(AttrData::Array(input_shapes));
        set_attr(m, func, "tf._input_shapes", list);
    }
    let a = m.ctx.attr(AttrData::Array(arg_attrs));
    set_attr(m, func, "arg_attrs", a);
    let r = m.ctx.attr(AttrData::Array(res_attrs));
    set_attr(m, func, "res_attrs", r);
}
