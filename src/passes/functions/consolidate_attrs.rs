//! `tfg-consolidate-attrs`: TensorFlow's ConsolidateAttributes, run on every top-level
//! `tfg.graph` and non-generic `tfg.func`. Type information kept in attributes moves into
//! the types:
//!
//! * every op nested in the body (at any depth, region ops' bodies included):
//!   - `If`/`Case`/`While` (and Stateless/Stateful): `output_shapes` (an array of one
//!     `#tf_type.shape` per data result) refines the result types and goes;
//!   - any tfg op with results: `_output_shapes` likewise, leaving
//!     `tfg.regenerate_output_shapes` so `tfg-prepare-attrs-export` can rebuild it;
//!   - the redundant type lists go: `Tcond`/`Tin`/`Tout` (If), `Tin`/`Tout` (Case), `T`
//!     (While, For);
//! * a function: `tf._input_shapes` (one shape per argument) refines the argument types and
//!   becomes `tfg.regenerate_input_shapes`; each argument's `tf._output_shapes` (one shape)
//!   and `tfg.handle_data` (resource subtypes) refine its type, `tfg.dtype`/`tfg.is_ref`
//!   go; each result's `tf._output_shapes`/`tfg.handle_data` refine the type of the value
//!   returned, `tfg.dtype` goes; the function type is rebuilt from the argument types and
//!   the returned values.
//!
//! A shape incompatible with a type leaves the type as it is; ill-formed attributes (not an
//! array, wrong count, not shapes) are left alone.

use super::func_build::{attr_list, dict_entries, empty_dict, entry, func_entry, func_return, put_entry, remove_attr, resign_func, set_attr, take_entry};
use super::shapes::{cast_compatible, cf_kind, is_array, reified_type, resource_type, shapes_of_array, tensor_type, CfKind};
use crate::dialect::tfg::{data_operands, data_results};
use crate::diag::Diagnostic;
use crate::ir::{AttrData, AttrId, Module, OpId, TypeId};
use crate::passes::{PassContext, PassTarget};

pub fn run(m: &mut Module, _t: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
    for op in m.body.block_ops(m.root_block()).collect::<Vec<_>>() {
        match m.op_name(op) {
            "tfg.graph" => {
                consolidate_body(m, op);
                cx.mark_changed();
            }
            "tfg.func" if m.op_attr(op, "generic").is_none() => {
                consolidate_body(m, op);
                consolidate_func(m, op);
                cx.mark_changed();
            }
            _ => {}
        }
    }
    Ok(())
}

/// The op patterns, on every op nested in `parent`.
fn consolidate_body(m: &mut Module, parent: OpId) {
    let mut ops = Vec::new();
    for &r in &m.body.op(parent).regions.clone() {
        for &b in &m.body.region(r).blocks.clone() {
            ops.extend(crate::dialect::tfg::walk_block(m, b));
        }
    }
    for op in ops {
        let name = m.op_name(op).to_string();
        let kind = cf_kind(&name);
        if matches!(kind, Some(CfKind::If | CfKind::Case | CfKind::While)) {
            reify_output_shapes(m, op, "output_shapes");
        }
        if name.starts_with("tfg.") && !m.body.results(op).is_empty() && reify_output_shapes(m, op, "_output_shapes") {
            let unit = m.ctx.unit_attr();
            set_attr(m, op, "tfg.regenerate_output_shapes", unit);
        }
        let dropped: &[&str] = match kind {
            Some(CfKind::If) => &["Tcond", "Tin", "Tout"],
            Some(CfKind::Case) => &["Tin", "Tout"],
            Some(CfKind::While | CfKind::For) => &["T"],
            None => &[],
        };
        for key in dropped {
            remove_attr(m, op, key);
        }
    }
}

/// Refines the data result types of `op` with its attribute `key` (one shape per data
/// result) and removes it; false when the attribute is absent or ill-formed.
fn reify_output_shapes(m: &mut Module, op: OpId, key: &str) -> bool {
    let Some(a) = m.op_attr(op, key) else { return false };
    let results = data_results(m, op).to_vec();
    let Some(shapes) = shapes_of_array(m, a) else { return false };
    if shapes.len() != results.len() {
        return false;
    }
    remove_attr(m, op, key);
    for (v, s) in results.into_iter().zip(shapes) {
        let t = reified_type(m, m.body.value_type(v), &s);
        m.body.set_value_type(v, t);
    }
    true
}

/// `tf._output_shapes` of an argument or result dictionary: a single shape refines `ty`
/// and the entry becomes `tfg.regenerate_output_shapes`.
fn refine_with_output_shapes(m: &mut Module, ty: TypeId, attrs: &mut Vec<crate::ir::NamedAttr>) -> TypeId {
    let Some(a) = entry(m, attrs, "tf._output_shapes") else { return ty };
    let Some(shapes) = shapes_of_array(m, a) else { return ty };
    if shapes.len() != 1 {
        return ty;
    }
    take_entry(m, attrs, "tf._output_shapes");
    let unit = m.ctx.unit_attr();
    put_entry(m, attrs, "tfg.regenerate_output_shapes", unit);
    reified_type(m, ty, &shapes[0])
}

/// `tfg.handle_data` (an array of tensor types): refines `ty` to a resource with them.
fn refine_with_handle_data(m: &mut Module, ty: TypeId, handle_data: Option<AttrId>) -> TypeId {
    let Some(h) = handle_data else { return ty };
    let AttrData::Array(items) = m.ctx.attr_data(m.ctx.resolved_attr(h)).clone() else { return ty };
    let mut subtypes = Vec::new();
    for i in items {
        match m.ctx.attr_data(m.ctx.resolved_attr(i)) {
            AttrData::Type(t) => subtypes.push(*t),
            _ => return ty,
        }
    }
    let res = resource_type(m, subtypes);
    let resource = tensor_type(m, None, res);
    cast_compatible(m, resource, ty).unwrap_or(ty)
}

/// The function part: arguments, results and the signature.
fn consolidate_func(m: &mut Module, func: OpId) {
    let Some(entry_block) = func_entry(m, func) else { return };
    let args = m.body.block(entry_block).args.clone();
    let num_args = args.len() / 2;
    let mut input_shapes = None;
    if let Some(a) = m.op_attr(func, "tf._input_shapes").filter(|&a| is_array(m, a)) {
        if let Some(shapes) = shapes_of_array(m, a).filter(|s| s.len() == num_args) {
            remove_attr(m, func, "tf._input_shapes");
            let unit = m.ctx.unit_attr();
            set_attr(m, func, "tfg.regenerate_input_shapes", unit);
            input_shapes = Some(shapes);
        }
    }
    let old_arg_attrs = attr_list(m, func, "arg_attrs").unwrap_or_default();
    let empty = empty_dict(m);
    let mut arg_attrs = Vec::new();
    for i in 0..num_args {
        let arg = args[2 * i];
        let mut attrs = old_arg_attrs.get(2 * i).map(|&d| dict_entries(m, d)).unwrap_or_default();
        let mut ty = m.body.value_type(arg);
        ty = refine_with_output_shapes(m, ty, &mut attrs);
        let hd = take_entry(m, &mut attrs, "tfg.handle_data");
        ty = refine_with_handle_data(m, ty, hd);
        if let Some(shapes) = &input_shapes {
            ty = reified_type(m, ty, &shapes[i]);
        }
        m.body.set_value_type(arg, ty);
        take_entry(m, &mut attrs, "tfg.dtype");
        take_entry(m, &mut attrs, "tfg.is_ref");
        arg_attrs.push(m.ctx.attr(AttrData::Dict(attrs)));
        arg_attrs.push(empty);
    }
    let old_res_attrs = attr_list(m, func, "res_attrs").unwrap_or_default();
    let returned = func_return(m, func).map(|r| data_operands(m, r).to_vec()).unwrap_or_default();
    let mut res_attrs = Vec::new();
    for (i, &d) in old_res_attrs.iter().enumerate() {
        let mut attrs = dict_entries(m, d);
        if let Some(&v) = returned.get(i) {
            let mut ty = m.body.value_type(v);
            ty = refine_with_output_shapes(m, ty, &mut attrs);
            let hd = take_entry(m, &mut attrs, "tfg.handle_data");
            ty = refine_with_handle_data(m, ty, hd);
            m.body.set_value_type(v, ty);
        }
        take_entry(m, &mut attrs, "tfg.dtype");
        res_attrs.push(m.ctx.attr(AttrData::Dict(attrs)));
    }
    resign_func(m, func, Some(arg_attrs), Some(res_attrs));
}
