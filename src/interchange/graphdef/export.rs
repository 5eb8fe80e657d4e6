//! tfg IR → GraphDef, as TensorFlow's `tfg-translate -mlir-to-graphdef`
//! (tensorflow/core/ir/importexport/graphdef_export.cc, functiondef_export.cc): the
//! `tfg.graph` nodes (inputs named `node`, `node:i`, `^node`; inside functions
//! `node:output:i` by the op's output arg names), attributes other than the `_mlir_*` ones,
//! full types and debug locations; each `tfg.func` as a FunctionDef with its signature,
//! argument attributes, `ret`/`control_ret`, gradient and resource arg ids; the versions.

use std::collections::{BTreeMap, HashMap};

use super::convert::*;
use super::proto::*;
use crate::ir::{AttrData, BlockId, Location, Module, OpId, TypeData, ValueId};

type Res<T> = Result<T, String>;

fn str_attr(m: &Module, op: OpId, name: &str) -> Option<String> {
    let a = m.op_attr(op, name)?;
    m.ctx.string_value(a).map(|b| String::from_utf8_lossy(&b).into_owned())
}

fn dict_str(m: &Module, dict: crate::ir::AttrId, key: &str) -> Option<String> {
    m.ctx.dict_entries(dict).iter().find(|e| m.ctx.str(e.name) == key).and_then(|e| m.ctx.string_value(e.value)).map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// How values are named inside one graph or function body.
struct Names<'f> {
    /// Block argument → (arg name, is control).
    args: HashMap<ValueId, (String, bool)>,
    in_function: bool,
    /// Output arg names of the module's functions (ops calling them by type).
    functions: &'f HashMap<String, Vec<String>>,
}

/// Output arg segments of an exported node (for `node:output:i`).
fn output_segments(node: &NodeDef, n_results: usize, functions: &HashMap<String, Vec<String>>) -> Vec<(String, usize)> {
    if let Some(outs) = functions.get(&node.op) {
        return outs.iter().map(|o| (o.clone(), 1)).collect();
    }
    let g = GraphDef::default();
    let mut defs = super::import::OpDefsPublic::new(&g);
    defs.segments(node).unwrap_or_else(|| vec![("output".to_string(), n_results)])
}

fn loc_to_debug_info(m: &Module, loc: Option<crate::ir::AttrId>) -> Option<ExperimentalDebugInfo> {
    let loc = loc?;
    let mut names = Vec::new();
    let mut funcs = Vec::new();
    let mut push = |sp: &str| {
        let text = String::from_utf8_lossy(&crate::ir::context::unescape_string(sp)).into_owned();
        match text.split_once('@') {
            Some((n, f)) => {
                names.push(n.to_string());
                funcs.push(f.to_string());
            }
            None => {
                names.push(text);
                funcs.push(String::new());
            }
        }
    };
    // Locations read from text may be `#loc` alias references.
    match m.ctx.attr_data(m.ctx.resolved_attr(loc)) {
        AttrData::Loc(Location::Name { name, .. }) => push(m.ctx.str(*name)),
        AttrData::Loc(Location::Fused { locs, .. }) => {
            for &l in locs {
                if let AttrData::Loc(Location::Name { name, .. }) = m.ctx.attr_data(m.ctx.resolved_attr(l)) {
                    push(m.ctx.str(*name));
                }
            }
        }
        _ => return None,
    }
    if names.is_empty() {
        return None;
    }
    if funcs.iter().all(String::is_empty) {
        funcs.clear();
    }
    Some(ExperimentalDebugInfo { original_node_names: names, original_func_names: funcs })
}

fn export_node(m: &Module, op: OpId) -> Res<NodeDef> {
    let name = str_attr(m, op, "_mlir_name").unwrap_or_default();
    let at = |e: String| format!("node '{name}': {e}");
    let op_name = m.op_name(op);
    let mut node = NodeDef { name: name.clone(), op: op_name.strip_prefix("tfg.").unwrap_or(op_name).to_string(), ..Default::default() };
    node.device = str_attr(m, op, "_mlir_device").unwrap_or_default();
    for a in m.body.attrs(op) {
        let key = m.ctx.str(a.name);
        if key == "_mlir_fulltype" {
            let text = match m.ctx.attr_data(m.ctx.resolved_attr(a.value)) {
                AttrData::Opaque(s) => m.ctx.str(*s).to_string(),
                _ => return Err(at("attribute '_mlir_fulltype' is not a full type".into())),
            };
            node.experimental_type = Some(parse_full_type(&text).map_err(at)?);
            continue;
        }
        if key.starts_with("_mlir_") {
            continue;
        }
        let key = if key == super::import::TPU_REPLICATE { "_tpu_replicate" } else { key };
        let v = ir_to_attr(&m.ctx, a.value).map_err(|e| at(format!("attribute '{key}': {e}")))?;
        node.attr.insert(key.to_string(), v);
    }
    node.experimental_debug_info = loc_to_debug_info(m, m.body.op(op).loc);
    Ok(node)
}

fn value_name(m: &Module, v: ValueId, names: &Names<'_>, segments: &mut HashMap<OpId, Vec<(String, usize)>>, nodes: &HashMap<OpId, usize>, exported: &[NodeDef]) -> Res<String> {
    if let Some((n, ctl)) = names.args.get(&v) {
        return Ok(if *ctl { format!("^{n}") } else { n.clone() });
    }
    let Some(op) = m.body.defining_op(v) else { return Err("operand is not defined by a node".into()) };
    let name = str_attr(m, op, "_mlir_name").ok_or("operand's node has no name")?;
    let results = m.body.results(op);
    let idx = results.iter().position(|&r| r == v).unwrap_or(0);
    if m.ctx.is_control_type(m.body.value_type(v)) {
        return Ok(format!("^{name}"));
    }
    if !names.in_function {
        return Ok(if idx == 0 { name } else { format!("{name}:{idx}") });
    }
    let segs = segments.entry(op).or_insert_with(|| match nodes.get(&op) {
        Some(&i) => output_segments(&exported[i], results.len().saturating_sub(1), names.functions),
        None => vec![("output".to_string(), results.len().saturating_sub(1))],
    });
    let mut start = 0;
    for (out, len) in segs.iter() {
        if idx < start + len {
            return Ok(format!("{name}:{out}:{}", idx - start));
        }
        start += len;
    }
    Ok(format!("{name}:output:{idx}"))
}

/// Exports the nodes of `block` (skipping the terminator), inputs named per `names`.
fn export_nodes(m: &Module, block: BlockId, names: &Names<'_>) -> Res<(Vec<NodeDef>, HashMap<OpId, usize>)> {
    let ops: Vec<OpId> = m.body.block_ops(block).filter(|&o| m.op_name(o) != "tfg.return").collect();
    let mut out = Vec::with_capacity(ops.len());
    let mut index = HashMap::new();
    for &op in &ops {
        index.insert(op, out.len());
        out.push(export_node(m, op)?);
    }
    let mut segments = HashMap::new();
    for (i, &op) in ops.iter().enumerate() {
        let mut inputs = Vec::new();
        for v in m.body.operands(op) {
            inputs.push(value_name(m, v, names, &mut segments, &index, &out).map_err(|e| format!("node '{}': input: {e}", out[i].name))?);
        }
        out[i].input = inputs;
    }
    Ok((out, index))
}

fn type_dtype(m: &Module, t: crate::ir::TypeId) -> i32 {
    match m.ctx.type_data(m.ctx.resolved_type(t)) {
        TypeData::UnrankedTensor { elem } | TypeData::RankedTensor { elem, .. } => type_to_dtype(&m.ctx, *elem).unwrap_or(0),
        _ => 0,
    }
}

fn arg_def(m: &Module, dict: crate::ir::AttrId, ty: crate::ir::TypeId, extra: &mut BTreeMap<String, AttrValue>) -> Res<ArgDef> {
    let mut a = ArgDef { r#type: type_dtype(m, ty), ..Default::default() };
    for e in m.ctx.dict_entries(dict) {
        let key = m.ctx.str(e.name);
        match key {
            "tfg.name" => a.name = dict_str(m, dict, key).unwrap_or_default(),
            "tfg.description" => a.description = dict_str(m, dict, key).unwrap_or_default(),
            "tfg.is_ref" => a.is_ref = true,
            "tfg.handle_data" => {
                if let AttrData::Array(items) = m.ctx.attr_data(m.ctx.resolved_attr(e.value)) {
                    for &it in items {
                        if let AttrData::Type(t) = m.ctx.attr_data(m.ctx.resolved_attr(it)) {
                            let (dtype, shape) = match m.ctx.type_data(m.ctx.resolved_type(*t)) {
                                TypeData::RankedTensor { shape, elem, .. } => (
                                    type_to_dtype(&m.ctx, *elem).unwrap_or(0),
                                    TensorShapeProto { dim: shape.iter().map(|&d| Dim { size: if d == crate::ir::types::DYNAMIC { -1 } else { d }, name: String::new() }).collect(), unknown_rank: false },
                                ),
                                TypeData::UnrankedTensor { elem } => (type_to_dtype(&m.ctx, *elem).unwrap_or(0), TensorShapeProto { dim: vec![], unknown_rank: true }),
                                _ => continue,
                            };
                            a.handle_data.push(DtypeAndShape { dtype, shape: Some(shape) });
                        }
                    }
                }
            }
            "tfg.experimental_full_type" => {
                if let AttrData::Opaque(s) = m.ctx.attr_data(m.ctx.resolved_attr(e.value)) {
                    a.experimental_full_type = Some(parse_full_type(m.ctx.str(*s))?);
                }
            }
            _ => {
                if let Some(k) = key.strip_prefix("tf.") {
                    extra.insert(k.to_string(), ir_to_attr(&m.ctx, e.value)?);
                }
            }
        }
    }
    Ok(a)
}

fn export_function(m: &Module, op: OpId, lib: &mut FunctionDefLibrary, functions: &HashMap<String, Vec<String>>) -> Res<FunctionDef> {
    let name = str_attr(m, op, "sym_name").ok_or("tfg.func without sym_name")?;
    let at = |e: String| format!("function '{name}': {e}");
    let block = crate::dialect::tfg::body_block(m, op).ok_or_else(|| at("no body".into()))?;
    let args = m.body.block(block).args.clone();
    let mut f = FunctionDef::default();
    let mut sig = OpDef { name: name.clone(), ..Default::default() };
    let arg_attrs: Vec<crate::ir::AttrId> = match m.op_attr(op, "arg_attrs").map(|a| m.ctx.attr_data(m.ctx.resolved_attr(a))) {
        Some(AttrData::Array(v)) => v.clone(),
        _ => vec![],
    };
    let res_attrs: Vec<crate::ir::AttrId> = match m.op_attr(op, "res_attrs").map(|a| m.ctx.attr_data(m.ctx.resolved_attr(a))) {
        Some(AttrData::Array(v)) => v.clone(),
        _ => vec![],
    };
    let empty = crate::ir::AttrId::new(0);
    let mut names = Names { args: HashMap::new(), in_function: true, functions };
    for (i, pair) in args.chunks(2).enumerate() {
        let dict = arg_attrs.get(2 * i).copied().unwrap_or(empty);
        let mut extra = BTreeMap::new();
        let mut a = arg_def(m, dict, m.body.value_type(pair[0]), &mut extra).map_err(at)?;
        if a.name.is_empty() {
            a.name = m.body.block(block).arg_info.get(2 * i).and_then(|x| x.name).map(|s| m.ctx.value_name_text(s).into_owned()).unwrap_or_else(|| format!("arg{i}"));
        }
        names.args.insert(pair[0], (a.name.clone(), false));
        if let Some(&c) = pair.get(1) {
            names.args.insert(c, (a.name.clone(), true));
        }
        if !extra.is_empty() {
            f.arg_attr.insert(i as u32, ArgAttrs { attr: extra });
        }
        sig.input_arg.push(a);
    }
    let (nodes, _) = export_nodes(m, block, &names).map_err(at)?;
    f.node_def = nodes;
    let ret = m.body.block_ops(block).find(|&o| m.op_name(o) == "tfg.return").ok_or_else(|| at("no tfg.return".into()))?;
    let ret_vals: Vec<ValueId> = m.body.operands(ret).collect();
    let (data, ctls): (Vec<ValueId>, Vec<ValueId>) = ret_vals.iter().partition(|&&v| !m.ctx.is_control_type(m.body.value_type(v)));
    let mut segments = HashMap::new();
    let index: HashMap<OpId, usize> = HashMap::new();
    let result_types: Vec<crate::ir::TypeId> = match m.op_attr(op, "function_type").map(|a| m.ctx.attr_data(m.ctx.resolved_attr(a))) {
        Some(AttrData::Type(t)) => match m.ctx.type_data(m.ctx.resolved_type(*t)) {
            TypeData::Function { results, .. } => results.clone(),
            _ => vec![],
        },
        _ => vec![],
    };
    for (i, &v) in data.iter().enumerate() {
        let dict = res_attrs.get(i).copied().unwrap_or(empty);
        let mut extra = BTreeMap::new();
        let ty = result_types.get(i).copied().unwrap_or_else(|| m.body.value_type(v));
        let mut a = arg_def(m, dict, ty, &mut extra).map_err(at)?;
        if a.name.is_empty() {
            a.name = format!("output_{i}");
        }
        // Names as the node exporter gives them, with the op's output arg names.
        let vname = match m.body.defining_op(v) {
            Some(def) => {
                let node = export_node(m, def)?;
                let results = m.body.results(def);
                let idx = results.iter().position(|&r| r == v).unwrap_or(0);
                let segs = segments.entry(def).or_insert_with(|| output_segments(&node, results.len().saturating_sub(1), names.functions));
                let mut start = 0;
                let mut s = format!("{}:output:{idx}", node.name);
                for (out, len) in segs.iter() {
                    if idx < start + len {
                        s = format!("{}:{out}:{}", node.name, idx - start);
                        break;
                    }
                    start += *len;
                }
                s
            }
            None => value_name(m, v, &names, &mut segments, &index, &[])?,
        };
        f.ret.insert(a.name.clone(), vname);
        sig.output_arg.push(a);
    }
    let ctl_attrs: Vec<crate::ir::AttrId> = match m.op_attr(ret, "control_ret_attrs").map(|a| m.ctx.attr_data(m.ctx.resolved_attr(a))) {
        Some(AttrData::Array(v)) => v.clone(),
        _ => vec![],
    };
    for (i, &c) in ctls.iter().enumerate() {
        let n = ctl_attrs.get(i).and_then(|&d| dict_str(m, d, "tfg.name"));
        let target = match m.body.defining_op(c) {
            Some(def) => str_attr(m, def, "_mlir_name").unwrap_or_default(),
            None => names.args.get(&c).map(|x| x.0.clone()).unwrap_or_default(),
        };
        let n = n.unwrap_or_else(|| target.clone());
        sig.control_output.push(n.clone());
        f.control_ret.insert(n, target);
    }
    for a in m.body.attrs(op) {
        let key = m.ctx.str(a.name);
        match key {
            "description" => sig.description = m.ctx.string_value(a.value).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default(),
            "is_stateful" => sig.is_stateful = true,
            "gradient" => {
                if let AttrData::SymbolRef(p) = m.ctx.attr_data(m.ctx.resolved_attr(a.value)) {
                    let Some(p0) = p.first() else { continue };
                    lib.gradient.push(GradientDef { function_name: name.clone(), gradient_func: symbol_name(m.ctx.str(*p0)) });
                }
            }
            _ => {
                if let Some(k) = key.strip_prefix("tf.") {
                    f.attr.insert(k.to_string(), ir_to_attr(&m.ctx, a.value).map_err(|e| at(format!("attribute '{key}': {e}")))?);
                }
            }
        }
    }
    read_resource_ids(m, op, &mut f);
    f.signature = Some(sig);
    Ok(f)
}

/// Exports a module holding a `tfg.graph` (and `tfg.func`s) as a GraphDef.
pub fn export_module(m: &Module) -> Res<GraphDef> {
    let mut g = GraphDef::default();
    let mut lib = FunctionDefLibrary::default();
    let mut seen_graph = false;
    // Output arg names of every function, for nodes that call one by op type.
    let mut functions = HashMap::new();
    for op in m.body.block_ops(m.root_block()) {
        if m.op_name(op) != "tfg.func" {
            continue;
        }
        let Some(name) = str_attr(m, op, "sym_name") else { continue };
        let outs = match m.op_attr(op, "res_attrs").map(|a| m.ctx.attr_data(m.ctx.resolved_attr(a))) {
            Some(AttrData::Array(v)) => v.iter().enumerate().map(|(i, &d)| dict_str(m, d, "tfg.name").unwrap_or_else(|| format!("output_{i}"))).collect(),
            _ => vec![],
        };
        functions.insert(name, outs);
    }
    for op in m.body.block_ops(m.root_block()) {
        match m.op_name(op) {
            "tfg.graph" => {
                if seen_graph {
                    return Err("more than one tfg.graph".into());
                }
                seen_graph = true;
                if let Some(v) = m.op_attr(op, "version") {
                    if let AttrData::TfVersion { producer, min_consumer, bad_consumers } = m.ctx.attr_data(m.ctx.resolved_attr(v)) {
                        g.versions = Some(VersionDef { producer: *producer as i32, min_consumer: *min_consumer as i32, bad_consumers: bad_consumers.iter().map(|&b| b as i32).collect() });
                    }
                }
                let block = crate::dialect::tfg::body_block(m, op).ok_or("tfg.graph without a body")?;
                let names = Names { args: HashMap::new(), in_function: false, functions: &functions };
                g.node = export_nodes(m, block, &names)?.0;
            }
            "tfg.func" if m.op_attr(op, "generic").is_some() => {
                let f = super::generic::export_generic(m, op, &mut lib, export_node)?;
                lib.function.push(f);
            }
            "tfg.func" => {
                let f = export_function(m, op, &mut lib, &functions)?;
                lib.function.push(f);
            }
            other => return Err(format!("'{other}' has no GraphDef form (expected tfg.graph and tfg.func)")),
        }
    }
    if !lib.function.is_empty() || !lib.gradient.is_empty() {
        g.library = Some(lib);
    }
    Ok(g)
}

/// A function's resource argument ids from its `resource_arg_unique_ids_keys` and
/// `_values` attributes (as the importer records them) into `f`.
pub(super) fn read_resource_ids(m: &Module, op: OpId, f: &mut FunctionDef) {
    let ints = |key: &str| -> Vec<u32> {
        m.op_attr(op, key)
            .and_then(|a| ir_to_tensor(&m.ctx, a).ok())
            .and_then(|t| canonical_tensor(&t))
            .map(|(_, dims, e)| match e {
                // A splat (`dense<0> : tensor<2xi32>`, as canonical printing writes equal
                // values) stands for every element.
                Elems::Int(v) if v.len() == 1 => vec![v[0] as u32; dims.iter().product::<i64>().clamp(0, 1 << 20) as usize],
                Elems::Int(v) => v.into_iter().map(|x| x as u32).collect(),
                _ => vec![],
            })
            .unwrap_or_default()
    };
    for (k, v) in ints("resource_arg_unique_ids_keys").into_iter().zip(ints("resource_arg_unique_ids_values")) {
        f.resource_arg_unique_id.insert(k, v);
    }
}
