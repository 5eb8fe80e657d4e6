//! `tfg-lift-graph-to-func{feeds=.. fetches=.. control_rets=..}`: TensorFlow's GraphToFunc.
//! The module's single `tfg.graph` becomes `tfg.func @_mlir_lifted_graph`:
//!
//! * each feed node (by name) contributes its data results as arguments (each followed by
//!   its `.ctl` token), named `<node>_<result#>` (`tfg.name`) and tagged
//!   `tfg.lifted_value_attr = ["<node>", <result#> : index]`; the feed's data uses are
//!   redirected to the argument, the feed node itself stays in the body;
//! * each fetch node contributes its data results as function results (`tfg.name`);
//! * each control_rets node contributes its control token to the `tfg.return`;
//! * the graph's version goes to the function attribute `tfg.lifted_graph_version`.
//!
//! The return is built before feeds are replaced, so a node both fed and fetched returns
//! its argument. Unknown names are ignored, as in TensorFlow; more than one graph is an
//! error ("expects a single GraphOp in the module").

use rustc_hash::FxHashMap;

use super::func_build::{build_func, build_return, dict, empty_dict};
use crate::dialect::tfg::{control_token, data_results, node_name};
use crate::diag::Diagnostic;
use crate::ir::body::BlockArgInfo;
use crate::ir::{AttrData, Module, NamedAttr, OpId, TypeData, ValueId};
use crate::passes::{PassContext, PassTarget};

/// TensorFlow's name of a lifted graph function (`TFGraphDialect::getLiftedGraphFuncNameKey`).
pub const LIFTED_GRAPH_FUNC: &str = "_mlir_lifted_graph";

/// The pass, configured with its three name lists.
pub struct GraphToFunc {
    pub feeds: Vec<String>,
    pub fetches: Vec<String>,
    pub control_rets: Vec<String>,
}

impl crate::passes::Pass for GraphToFunc {
    fn run(&self, m: &mut Module, _t: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        let graphs: Vec<OpId> = m.body.block_ops(m.root_block()).filter(|&op| m.op_name(op) == "tfg.graph").collect();
        match graphs.as_slice() {
            [] => Ok(()),
            [g] => {
                lift(m, *g, &self.feeds, &self.fetches, &self.control_rets);
                cx.mark_changed();
                Ok(())
            }
            [_, second, ..] => {
                Err(vec![Diagnostic::error(m.body.op(*second).span, "expects a single GraphOp in the module")])
            }
        }
    }
}

/// Lifts `graph` into a function; returns it.
pub fn lift(m: &mut Module, graph: OpId, feeds: &[String], fetches: &[String], control_rets: &[String]) -> OpId {
    let position = |names: &[String]| -> FxHashMap<String, usize> {
        let mut map = FxHashMap::default();
        for (i, n) in names.iter().enumerate() {
            map.entry(n.clone()).or_insert(i);
        }
        map
    };
    let (feed_pos, fetch_pos, ctl_pos) = (position(feeds), position(fetches), position(control_rets));
    let region = m.body.op(graph).regions[0];
    let block = m.body.region(region).blocks[0];
    let mut feed_vals: Vec<Vec<ValueId>> = vec![Vec::new(); feeds.len()];
    let mut fetch_vals: Vec<Vec<ValueId>> = vec![Vec::new(); fetches.len()];
    let mut ctl_vals: Vec<Option<ValueId>> = vec![None; control_rets.len()];
    for op in m.body.block_ops(block).collect::<Vec<_>>() {
        let name = node_name(m, op).unwrap_or_default();
        if let Some(&i) = ctl_pos.get(&name) {
            ctl_vals[i] = control_token(m, op);
        }
        if let Some(&i) = feed_pos.get(&name) {
            feed_vals[i] = data_results(m, op).to_vec();
        }
        if let Some(&i) = fetch_pos.get(&name) {
            fetch_vals[i] = data_results(m, op).to_vec();
        }
    }
    let feeds: Vec<ValueId> = feed_vals.into_iter().flatten().collect();
    let fetches: Vec<ValueId> = fetch_vals.into_iter().flatten().collect();
    let ctls: Vec<ValueId> = ctl_vals.into_iter().flatten().collect();

    let version = m.body.op(graph).attrs.first().map(|a| a.value);
    let blocks = m.body.take_region_blocks(region);
    let span = m.body.region(region).span;
    let new_region = m.body.create_region(blocks, span);

    // The return first: a fetched feed is then returned as its argument.
    let ret = build_return(m, &fetches, &ctls);
    m.body.append_op(block, ret);

    let control = m.ctx.control_type();
    let index = m.ctx.ty(TypeData::Index);
    let empty = empty_dict(m);
    let mut arg_attrs = Vec::new();
    for &feed in &feeds {
        let (slot, node, number) = slot_name(m, feed);
        let ty = m.body.value_type(feed);
        let arg = m.body.add_block_arg(block, ty, BlockArgInfo::default());
        m.body.add_block_arg(block, control, BlockArgInfo::default());
        m.body.replace_all_uses(feed, arg);
        let node_attr = m.ctx.string_attr(&node);
        let spelling = m.ctx.sym(&number.to_string());
        let num_attr = m.ctx.attr(AttrData::Int { spelling, ty: Some(index) });
        let lifted = m.ctx.attr(AttrData::Array(vec![node_attr, num_attr]));
        let slot_attr = m.ctx.string_attr(&slot);
        arg_attrs.push(dict(m, &[("tfg.name", slot_attr), ("tfg.lifted_value_attr", lifted)]));
        arg_attrs.push(empty);
    }
    let mut results = Vec::new();
    for &fetch in &fetches {
        let (slot, _, _) = slot_name(m, fetch);
        let slot_attr = m.ctx.string_attr(&slot);
        let d = dict(m, &[("tfg.name", slot_attr)]);
        results.push((m.body.value_type(fetch), d));
    }
    let mut attrs = Vec::new();
    if let Some(v) = version {
        attrs.push(NamedAttr::new(m.ctx.sym("tfg.lifted_graph_version"), v));
    }
    let func = build_func(m, LIFTED_GRAPH_FUNC, new_region, arg_attrs, &results, &attrs);
    m.body.op_mut(func).loc = m.body.op(graph).loc;
    m.body.op_mut(func).span = m.body.op(graph).span;
    m.body.insert_op_before(graph, func);
    m.body.erase_op(graph);
    func
}

/// `<node name>_<result number>`, the node name and the result number of an op result.
fn slot_name(m: &Module, v: ValueId) -> (String, String, u32) {
    match m.body.value(v).def {
        crate::ir::ValueDef::Result { op, index } => {
            let node = node_name(m, op).unwrap_or_default();
            (format!("{}_{}", node, index), node, index)
        }
        crate::ir::ValueDef::BlockArg { index, .. } => (format!("arg_{}", index), String::new(), index),
    }
}
