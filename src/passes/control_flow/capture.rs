//! Explicit capture, the first step of `tfg-region-to-functional` (TensorFlow's
//! `ConvertToExplicitCapture`): every value a region op's regions use from above becomes a
//! block argument of each region (with its token), and for loops an extra iteration
//! value passed through unchanged. A token used from above whose op has no data result
//! is captured through a chain `Const` (`<op name>_mlir_const_capture_<i>`) when
//! `force-control-capture` is set; otherwise the op is left as it is.

use rustc_hash::FxHashSet;

use super::common::*;
use crate::dialect::tfg::{control_operands, data_operands, data_results, is_control, NodeBuilder};
use crate::ir::types::{Signedness, TypeData};
use crate::ir::{AttrData, AttrId, BlockId, Module, NamedAttr, OpId, TypeId, ValueDef, ValueId};

/// The preserved `#tfg.region_attrs` of region `index` of a region op.
pub fn preserved_attrs(m: &Module, op: OpId, kind: Kind, index: usize) -> Option<AttrId> {
    let a = match kind {
        Kind::If => attr(m, op, if index == 0 { "then_region_attrs" } else { "else_region_attrs" })?,
        Kind::While => attr(m, op, if index == 0 { "cond_region_attrs" } else { "body_region_attrs" })?,
        Kind::For => attr(m, op, "region_attrs")?,
        Kind::Case => *dict_list(m, attr(m, op, "region_attrs")).get(index)?,
    };
    matches!(m.ctx.attr_data(a), AttrData::TfgRegionAttrs { .. }).then_some(a)
}

/// Replaces the preserved attributes of region `index` (only where some are present).
fn set_preserved_attrs(m: &mut Module, op: OpId, kind: Kind, index: usize, value: AttrId) {
    let key = match kind {
        Kind::If => if index == 0 { "then_region_attrs" } else { "else_region_attrs" },
        Kind::While => if index == 0 { "cond_region_attrs" } else { "body_region_attrs" },
        Kind::For => "region_attrs",
        Kind::Case => {
            let mut list = dict_list(m, attr(m, op, "region_attrs"));
            if index < list.len() {
                list[index] = value;
                let a = m.ctx.attr(AttrData::Array(list));
                let k = m.ctx.sym("region_attrs");
                m.body.set_attr(op, k, a);
            }
            return;
        }
    };
    let k = m.ctx.sym(key);
    m.body.set_attr(op, k, value);
}

/// Appends `n` empty dictionaries to the argument (`args`) or result attributes of the
/// preserved attributes of region `index`, if it has any.
fn extend_preserved(m: &mut Module, op: OpId, kind: Kind, index: usize, n: usize, args: bool) {
    let Some(a) = preserved_attrs(m, op, kind, index) else { return };
    let AttrData::TfgRegionAttrs { attrs, mut arg_attrs, mut res_attrs } = m.ctx.attr_data(a).clone() else { return };
    let empty = empty_dict(m);
    let list = if args { &mut arg_attrs } else { &mut res_attrs };
    list.extend(std::iter::repeat_n(empty, n));
    let new = m.ctx.attr(AttrData::TfgRegionAttrs { attrs, arg_attrs, res_attrs });
    set_preserved_attrs(m, op, kind, index, new);
}

/// Whether `v` is defined outside `block` (regions here have no nested regions).
fn defined_above(m: &Module, v: ValueId, block: BlockId) -> bool {
    match m.body.value(v).def {
        ValueDef::Result { op, .. } => m.body.parent_block(op) != Some(block),
        ValueDef::BlockArg { block: b, .. } => b != block,
    }
}

/// `CollectValuesDefinedAbove` over every region: the data values used from above (a
/// token's data value stands for it), in order of first use, and the tokens that have
/// none.
fn values_from_above(m: &Module, blocks: &[BlockId]) -> (Vec<ValueId>, Vec<ValueId>) {
    let (mut datas, mut ctls) = (Vec::new(), Vec::new());
    let mut seen = FxHashSet::default();
    for &b in blocks {
        for op in m.body.block_ops(b) {
            for v in m.body.operands(op) {
                if !defined_above(m, v, b) {
                    continue;
                }
                if !is_control(m, v) {
                    if seen.insert(v) {
                        datas.push(v);
                    }
                } else if let Some(d) = data_of_control(m, v) {
                    if seen.insert(d) {
                        datas.push(d);
                    }
                } else if seen.insert(v) {
                    ctls.push(v);
                }
            }
        }
    }
    (datas, ctls)
}

/// A chain `Const` after `ctl`, so the token can be captured through its data value.
fn chain_constant(m: &mut Module, parent: OpId, ctl: ValueId, index: usize) -> OpId {
    let i32_ty = m.ctx.ty(TypeData::Integer { width: 32, signedness: Signedness::Signless });
    let tensor = m.ctx.ty(TypeData::RankedTensor { shape: vec![], elem: i32_ty, encoding: None });
    let zero_sym = m.ctx.sym("0");
    let zero = m.ctx.attr(AttrData::Int { spelling: zero_sym, ty: None });
    let value = m.ctx.attr(AttrData::Dense { value: zero, ty: tensor });
    let dtype = m.ctx.attr(AttrData::Type(i32_ty));
    let mut attrs: Vec<NamedAttr> = vec![named(m, "value", value), named(m, "dtype", dtype)];
    for key in ["_tpu_replicate", crate::ir::module::ASSIGNED_DEVICE, crate::ir::module::DEVICE] {
        if let Some(a) = m.op_attr(parent, key) {
            attrs.push(named(m, key, a));
        }
    }
    if let Some(name) = m.node_name(parent) {
        let n = m.ctx.string_attr(&format!("{}_mlir_const_capture_{}", name, index));
        attrs.push(named(m, crate::ir::module::NODE_NAME, n));
    }
    attrs.sort_by(|a, b| m.ctx.str(a.name).cmp(m.ctx.str(b.name)));
    let loc = m.body.op(parent).loc;
    let c = NodeBuilder::new(m, "Const").control_operands(&[ctl]).attrs(&attrs).results(&[tensor]).loc(loc).build();
    m.body.insert_op_before(parent, c);
    c
}

/// The single blocks of `op`'s regions.
pub fn blocks_of(m: &Module, op: OpId) -> Vec<BlockId> {
    (0..m.body.op(op).regions.len()).filter_map(|i| region_block(m, op, i)).collect()
}

/// Converts `op`'s regions to explicit capture. Returns the rebuilt op and the captured
/// values, or `None` (nothing changed) when a token without a data value is used from
/// above and `force` is off.
pub fn explicit_capture(m: &mut Module, op: OpId, kind: Kind, force: bool) -> Option<(OpId, Vec<ValueId>)> {
    let blocks = blocks_of(m, op);
    let (mut datas, ctl_only) = values_from_above(m, &blocks);
    if !force && !ctl_only.is_empty() {
        return None;
    }
    for (i, &ctl) in ctl_only.iter().enumerate() {
        let c = chain_constant(m, op, ctl, i);
        let (data, token) = (m.body.results(c)[0], m.body.results(c)[1]);
        for &b in &blocks {
            replace_uses_in_block(m, ctl, token, b);
        }
        datas.push(data);
    }
    // Isolate the regions: each captured value becomes a data argument after the existing
    // ones, its token an argument at the end.
    let control = m.ctx.control_type();
    for (index, &b) in blocks.iter().enumerate() {
        for &d in &datas {
            let n = m.body.block(b).args.len() / 2;
            let ty = m.body.value_type(d);
            let arg = m.body.insert_block_arg(b, n, ty, Default::default());
            let arg_ctl = m.body.add_block_arg(b, control, Default::default());
            replace_uses_in_block(m, d, arg, b);
            if let Some(ctl) = control_dep(m, d) {
                replace_uses_in_block(m, ctl, arg_ctl, b);
            }
        }
        extend_preserved(m, op, kind, index, datas.len(), true);
    }
    let new = rebuild(m, op, kind, &blocks, &datas);
    Some((new, datas))
}

/// `RebuildWith`: a new op with the regions of `op`; loops get the captured values as
/// extra iteration values (operands, results, and passed through by the terminators).
fn rebuild(m: &mut Module, op: OpId, kind: Kind, blocks: &[BlockId], added: &[ValueId]) -> OpId {
    let mut data = data_operands(m, op).into_vec();
    let ctls = control_operands(m, op);
    let mut types: Vec<TypeId> = data_results(m, op).iter().map(|&v| m.body.value_type(v)).collect();
    let n_outs = types.len();
    if matches!(kind, Kind::While | Kind::For) && !added.is_empty() {
        // Terminators forward the new arguments.
        let terms: Vec<BlockId> = match kind {
            Kind::While => vec![blocks[0], blocks[1]],
            _ => vec![blocks[0]],
        };
        for b in terms {
            let term = m.body.last_op(b).expect("terminator");
            let n_args = m.body.block(b).args.len() / 2;
            // Skip the loop index of a for body.
            let first_iter = if kind == Kind::For { 1 } else { 0 };
            let iter_args: Vec<ValueId> = m.body.block(b).args[first_iter..n_args].to_vec();
            let mut t_data = data_operands(m, term).into_vec();
            let t_ctls = control_operands(m, term);
            // `condition` carries its predicate first.
            let skip = if m.op_name(term) == "tfg.condition" { 1 } else { 0 };
            let prev = t_data.len() - skip;
            t_data.extend(iter_args.iter().skip(prev).take(added.len()).copied());
            let name = m.op_name(term).to_string();
            let t = NodeBuilder::new(m, &name).operands(&t_data).control_operands(&t_ctls).without_control_result().build();
            m.body.insert_op_before(term, t);
            m.body.erase_op(term);
        }
        data.extend(added.iter().copied());
        types.extend(added.iter().map(|&v| m.body.value_type(v)));
        let body = if kind == Kind::While { 1 } else { 0 };
        extend_preserved(m, op, kind, body, added.len(), false);
    }
    let mut regions = Vec::new();
    for &r in &m.body.op(op).regions.clone() {
        let bs = m.body.take_region_blocks(r);
        let span = m.body.region(r).span;
        regions.push(m.body.create_region(bs, span));
    }
    let name = m.op_name(op).to_string();
    let attrs: Vec<NamedAttr> = m.body.attrs(op).to_vec();
    let loc = m.body.op(op).loc;
    let mut b = NodeBuilder::new(m, &name).operands(&data).control_operands(&ctls).results(&types).attrs(&attrs).loc(loc);
    for r in regions {
        b = b.region(r);
    }
    let new = b.build();
    copy_span(m, op, new);
    m.body.insert_op_before(op, new);
    // The old data results, then its token (TensorFlow maps the first results in order,
    // which would give the token's uses to an added loop result).
    let new_results = m.body.results(new).to_vec();
    let mut map: Vec<ValueId> = new_results[..n_outs].to_vec();
    map.push(*new_results.last().expect("control token"));
    replace_op(m, op, &map, new);
    new
}
