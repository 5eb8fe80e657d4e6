//! Freezing one signature of a MetaGraph into an ordinary GraphDef: the signature's outputs
//! are the fetches and its inputs the feeds; the graph is pruned to what the fetches need,
//! its function calls are inlined ([`super::inline`]), every read of a variable becomes a
//! `Const` holding the variable's checkpoint tensor (bytes as stored, `tensor_content`), and
//! what is left of the variables and the save/restore machinery is pruned away.
//!
//! Feeds become `Placeholder`s named after the input keys and fetches `Identity` nodes named
//! after the output keys (a fetch already produced by a node of that name is left as it
//! is), both in key order, so converters find them by name with no options.

use std::collections::{BTreeMap, HashMap, HashSet};

use super::bundle::Bundle;
use super::graph::{data_ref, parse_ref, prune, rename, unique};
use super::inline::{inline_calls, used_functions};
use super::proto::{MetaGraphDef, SignatureDef, TensorInfo};
use super::resources;
use super::restore::{is_variable, variable_keys};
use crate::interchange::graphdef::import::OpDefsPublic;
use crate::interchange::graphdef::proto::{attr_value, AttrValue, FunctionDefLibrary, GraphDef, ListValue, NodeDef, TensorProto, TensorShapeProto};

type Res<T> = Result<T, String>;

/// Where the checkpoint tensors come from: the opened bundle, or why there is none.
pub type Checkpoint = Result<Bundle, String>;

fn attr(v: attr_value::Value) -> AttrValue {
    AttrValue { value: Some(v) }
}

fn type_attr(n: &NodeDef, name: &str) -> Option<i32> {
    match n.attr.get(name)?.value.as_ref()? {
        attr_value::Value::Type(t) => Some(*t),
        _ => None,
    }
}

/// The `_output_shapes` attribute TensorFlow's SavedModels (and frozen graphs) carry on the
/// nodes made here too, so the frozen GraphDef reads as one TensorFlow would write (the
/// importer keeps it as an attribute; `--tfg-shape-inference` refines result types).
fn output_shapes(shape: TensorShapeProto) -> AttrValue {
    attr(attr_value::Value::List(ListValue { shape: vec![shape], ..Default::default() }))
}

fn unknown_shape() -> TensorShapeProto {
    TensorShapeProto { unknown_rank: true, ..Default::default() }
}

fn const_node(name: &str, t: TensorProto) -> NodeDef {
    let mut n = NodeDef { name: name.into(), op: "Const".into(), ..Default::default() };
    n.attr.insert("_output_shapes".into(), output_shapes(t.tensor_shape.clone().unwrap_or_default()));
    n.attr.insert("dtype".into(), attr(attr_value::Value::Type(t.dtype)));
    n.attr.insert("value".into(), attr(attr_value::Value::Tensor(t)));
    n
}

/// The signature's tensor `info` as (node index, output index).
fn tensor_of(nodes: &[NodeDef], info: &TensorInfo, what: &str) -> Res<(usize, usize)> {
    if info.coo_sparse.is_some() || info.composite_tensor.is_some() {
        return Err(format!("{what} is a sparse or composite tensor, which is not supported"));
    }
    let r = parse_ref(&info.name);
    let i = nodes.iter().position(|n| n.name == r.node).ok_or_else(|| format!("{what} names tensor '{}', which is not in the graph", info.name))?;
    Ok((i, r.index))
}

/// The variable node reference `r` resolves to through `Identity` nodes, if any.
fn variable_of<'a>(by_name: &HashMap<&str, &'a NodeDef>, r: &str) -> Option<&'a NodeDef> {
    let mut n = *by_name.get(parse_ref(r).node)?;
    for _ in 0..64 {
        if is_variable(&n.op) {
            return Some(n);
        }
        if n.op != "Identity" {
            return None;
        }
        n = by_name.get(parse_ref(n.input.first()?).node)?;
    }
    None
}

/// The checkpoint value of variable `var`, checked against the dtype the graph expects.
fn value_of(var: &NodeDef, dtype: Option<i32>, keys: &BTreeMap<String, String>, ckpt: &mut Checkpoint, user: &str) -> Res<TensorProto> {
    let key = keys.get(&var.name).ok_or_else(|| format!("variable '{}' (read by '{user}') is not restored from the checkpoint by any restore op", var.name))?;
    let bundle = ckpt.as_mut().map_err(|e| e.clone())?;
    let t = bundle.tensor(key)?;
    if let Some(d) = dtype.filter(|&d| d != t.dtype && d != t.dtype + 100) {
        return Err(format!("variable '{}' has dtype {d} in the graph but checkpoint entry '{key}' has dtype {}", var.name, t.dtype));
    }
    Ok(t)
}

/// Replaces the variable reads of `nodes` by constants (a `ResourceGather` becomes a
/// `GatherV2` of a constant).
fn freeze_reads(nodes: &mut Vec<NodeDef>, keys: &BTreeMap<String, String>, ckpt: &mut Checkpoint) -> Res<()> {
    let snapshot = nodes.clone();
    let by_name: HashMap<&str, &NodeDef> = snapshot.iter().map(|n| (n.name.as_str(), n)).collect();
    let mut taken: HashSet<String> = snapshot.iter().map(|n| n.name.clone()).collect();
    let mut extra = Vec::new();
    for n in nodes.iter_mut() {
        match n.op.as_str() {
            "ReadVariableOp" => {
                let Some(var) = n.input.first().and_then(|r| variable_of(&by_name, r)) else { continue };
                let t = value_of(var, type_attr(n, "dtype"), keys, ckpt, &n.name)?;
                *n = const_node(&n.name, t);
            }
            "VariableV2" | "Variable" => {
                let t = value_of(n, type_attr(n, "dtype"), keys, ckpt, &n.name)?;
                *n = const_node(&n.name, t);
            }
            "ResourceGather" => {
                if n.input.iter().take_while(|s| !s.starts_with('^')).count() != 2 {
                    return Err(format!("node '{}' (ResourceGather) does not have 2 inputs", n.name));
                }
                let Some(var) = n.input.first().and_then(|r| variable_of(&by_name, r)) else { continue };
                let t = value_of(var, type_attr(n, "dtype"), keys, ckpt, &n.name)?;
                let params = unique(&format!("{}/params", n.name), &taken);
                let axis = unique(&format!("{}/axis", n.name), &taken);
                taken.insert(params.clone());
                taken.insert(axis.clone());
                let dtype = t.dtype;
                extra.push(const_node(&params, t));
                let zero = TensorProto { dtype: 3, tensor_shape: Some(TensorShapeProto::default()), int_val: vec![0], ..Default::default() };
                extra.push(const_node(&axis, zero));
                n.op = "GatherV2".into();
                n.input[0] = params;
                n.input.insert(2, axis);
                n.attr.remove("dtype");
                n.attr.remove("validate_indices");
                n.attr.insert("Tparams".into(), attr(attr_value::Value::Type(dtype)));
                n.attr.insert("Taxis".into(), attr(attr_value::Value::Type(3)));
                n.attr.entry("batch_dims".into()).or_insert(attr(attr_value::Value::I(0)));
            }
            _ => {}
        }
    }
    nodes.extend(extra);
    Ok(())
}

/// Gives functional control flow that takes variables their values instead
/// ([`super::resources`]).
fn freeze_control_flow(nodes: &mut Vec<NodeDef>, lib: &mut FunctionDefLibrary, keys: &BTreeMap<String, String>, ckpt: &mut Checkpoint) -> Res<()> {
    let snapshot = nodes.clone();
    let by_name: HashMap<&str, &NodeDef> = snapshot.iter().map(|n| (n.name.as_str(), n)).collect();
    let mut taken: HashSet<String> = snapshot.iter().map(|n| n.name.clone()).collect();
    let mut consts: HashMap<String, String> = HashMap::new();
    let mut extra = Vec::new();
    for n in nodes.iter_mut() {
        if resources::flow(&n.op).is_none() {
            continue;
        }
        let mut frozen = Vec::new();
        let data = n.input.iter().take_while(|s| !s.starts_with('^')).count();
        for i in 0..data {
            let Some(var) = variable_of(&by_name, &n.input[i]) else { continue };
            let t = value_of(var, None, keys, ckpt, &n.name)?;
            let (dtype, shape) = (t.dtype, t.tensor_shape.clone().unwrap_or_default());
            let c = match consts.get(&var.name) {
                Some(c) => c.clone(),
                None => {
                    let c = unique(&format!("{}/frozen", var.name), &taken);
                    taken.insert(c.clone());
                    extra.push(const_node(&c, t));
                    consts.insert(var.name.clone(), c.clone());
                    c
                }
            };
            n.input[i] = c;
            frozen.push((i, dtype, shape));
        }
        if !frozen.is_empty() {
            resources::specialise_node(n, &frozen, lib)?;
        }
    }
    nodes.extend(extra);
    Ok(())
}

/// Freezes signature `sig` of `mg`.
pub fn freeze(mg: &MetaGraphDef, sig_name: &str, sig: &SignatureDef, ckpt: &mut Checkpoint) -> Res<GraphDef> {
    let mut g = mg.graph_def.clone().unwrap_or_default();
    let keys = variable_keys(&g);
    let mut nodes = std::mem::take(&mut g.node);
    let mut lib = g.library.take().unwrap_or_default();
    // The signature's tensors as (key, info, node name, port).
    let named = |infos: &BTreeMap<String, TensorInfo>, kind: &str| -> Res<Vec<(String, TensorInfo, String, usize)>> {
        infos
            .iter()
            .map(|(k, info)| {
                let (i, port) = tensor_of(&nodes, info, &format!("signature '{sig_name}' {kind} '{k}'"))?;
                Ok((k.clone(), info.clone(), nodes[i].name.clone(), port))
            })
            .collect()
    };
    let inputs = named(&sig.inputs, "input")?;
    let outputs = named(&sig.outputs, "output")?;
    if outputs.is_empty() {
        return Err(format!("signature '{sig_name}' has no outputs"));
    }
    // Probe identities hold the output tensors: the inliner rewrites their inputs when an
    // output is a call's result.
    let mut taken: HashSet<String> = nodes.iter().map(|n| n.name.clone()).collect();
    let mut probes = Vec::with_capacity(outputs.len());
    for (_, _, node, port) in &outputs {
        let name = unique("__amanda_fetch", &taken);
        taken.insert(name.clone());
        nodes.push(NodeDef { name: name.clone(), op: "Identity".into(), input: vec![data_ref(node, *port)], ..Default::default() });
        probes.push(name);
    }
    let roots: Vec<String> = inputs.iter().map(|x| x.2.clone()).chain(probes.iter().cloned()).collect();
    nodes = prune(nodes, &roots);
    {
        let full = GraphDef { library: Some(lib.clone()), ..Default::default() };
        let mut defs = OpDefsPublic::new(&full);
        nodes = inline_calls(nodes, &lib, &mut defs)?;
    }
    let mut outputs = outputs;
    for (o, probe) in outputs.iter_mut().zip(&probes) {
        let p = nodes.iter().find(|n| &n.name == probe).expect("probes are roots");
        let r = parse_ref(&p.input[0]);
        (o.2, o.3) = (r.node.to_string(), r.index);
    }
    nodes.retain(|n| !probes.contains(&n.name));
    freeze_reads(&mut nodes, &keys, ckpt)?;
    freeze_control_flow(&mut nodes, &mut lib, &keys, ckpt)?;
    let (feeds, fetches) = name_feeds_and_fetches(&mut nodes, &inputs, &outputs)?;
    let keep: Vec<String> = feeds.iter().chain(&fetches).cloned().collect();
    nodes = prune(nodes, &keep);
    check_no_variables(&nodes)?;
    order(&mut nodes, &feeds, &fetches);
    let library = used_functions(&nodes, &lib);
    Ok(GraphDef { node: nodes, library: (!library.function.is_empty()).then_some(library), ..g })
}

/// Renames the feed placeholders after the input keys and adds the fetch identities; the
/// names of the feed and fetch nodes, in key order.
fn name_feeds_and_fetches(nodes: &mut Vec<NodeDef>, inputs: &[(String, TensorInfo, String, usize)], outputs: &[(String, TensorInfo, String, usize)]) -> Res<(Vec<String>, Vec<String>)> {
    let mut taken: HashSet<String> = nodes.iter().map(|n| n.name.clone()).collect();
    // Output tensors by node index: indices stay valid through renames and appends.
    let out_at: Vec<(usize, usize)> = outputs
        .iter()
        .map(|(k, _, node, port)| nodes.iter().position(|n| &n.name == node).map(|i| (i, *port)).ok_or_else(|| format!("output '{k}': node '{node}' is gone after inlining")))
        .collect::<Res<_>>()?;
    let in_at: Vec<usize> = inputs
        .iter()
        .map(|(k, _, node, _)| nodes.iter().position(|n| &n.name == node).ok_or_else(|| format!("input '{k}': node '{node}' is gone")))
        .collect::<Res<_>>()?;
    let mut feeds = Vec::new();
    for ((key, info, _, port), &i) in inputs.iter().zip(&in_at) {
        if nodes[i].name != *key && taken.contains(key) {
            let alt = unique(key, &taken);
            rename(nodes, key, &alt);
            taken.insert(alt);
        }
        if nodes[i].op == "Placeholder" && *port == 0 {
            let old = nodes[i].name.clone();
            rename(nodes, &old, key);
        } else {
            // Not a placeholder: a new one takes the tensor's place.
            let from = data_ref(&nodes[i].name, *port);
            for n in nodes.iter_mut() {
                for s in n.input.iter_mut() {
                    if !s.starts_with('^') && data_ref(parse_ref(s).node, parse_ref(s).index) == from {
                        *s = key.clone();
                    }
                }
            }
            let mut p = NodeDef { name: key.clone(), op: "Placeholder".into(), ..Default::default() };
            p.attr.insert("dtype".into(), attr(attr_value::Value::Type(info.dtype)));
            let shape = info.tensor_shape.clone().unwrap_or_else(unknown_shape);
            p.attr.insert("_output_shapes".into(), output_shapes(shape.clone()));
            p.attr.insert("shape".into(), attr(attr_value::Value::Shape(shape)));
            nodes.push(p);
        }
        taken.insert(key.clone());
        feeds.push(key.clone());
    }
    let mut fetches = Vec::new();
    for ((key, info, _, _), &(i, port)) in outputs.iter().zip(&out_at) {
        if nodes[i].name == *key && port == 0 {
            fetches.push(key.clone());
            continue;
        }
        let name = if feeds.contains(key) {
            unique(key, &taken)
        } else {
            if taken.contains(key) {
                let alt = unique(key, &taken);
                rename(nodes, key, &alt);
                taken.insert(alt);
            }
            key.clone()
        };
        let mut id = NodeDef { name: name.clone(), op: "Identity".into(), input: vec![data_ref(&nodes[i].name, port)], ..Default::default() };
        id.attr.insert("T".into(), attr(attr_value::Value::Type(info.dtype)));
        id.attr.insert("_output_shapes".into(), output_shapes(info.tensor_shape.clone().unwrap_or_else(unknown_shape)));
        nodes.push(id);
        taken.insert(name.clone());
        fetches.push(name);
    }
    Ok((feeds, fetches))
}

/// A variable the fetches still need, after freezing, is used other than by a read.
fn check_no_variables(nodes: &[NodeDef]) -> Res<()> {
    let vars: HashSet<&str> = nodes.iter().filter(|n| is_variable(&n.op)).map(|n| n.name.as_str()).collect();
    for n in nodes {
        for s in &n.input {
            let r = parse_ref(s);
            if !r.control && vars.contains(r.node) {
                return Err(format!("node '{}' (op {}) uses variable '{}' other than by reading it (ReadVariableOp, ResourceGather): it cannot be frozen", n.name, n.op, r.node));
            }
        }
    }
    Ok(())
}

/// Feeds first and fetches last, each in key order; other nodes keep their order.
fn order(nodes: &mut [NodeDef], feeds: &[String], fetches: &[String]) {
    let rank = |n: &NodeDef| -> (u8, usize) {
        if let Some(i) = feeds.iter().position(|f| *f == n.name) {
            (0, i)
        } else if let Some(i) = fetches.iter().position(|f| *f == n.name) {
            (2, i)
        } else {
            (1, 0)
        }
    };
    nodes.sort_by_key(rank);
}
