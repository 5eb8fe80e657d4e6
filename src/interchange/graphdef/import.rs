//! GraphDef → tfg IR, as TensorFlow's `tfg-translate -graphdef-to-mlir`
//! (tensorflow/core/ir/importexport/graphdef_import.cc): a `tfg.graph` with the versions, one
//! node op per NodeDef (name, requested device, full type, attributes plus the op's default
//! attributes, result types `tensor<*xT>` from the op's output args, data then control
//! operands) and one `tfg.func` per FunctionDef (arguments with their `.ctl` tokens and
//! attributes, `tfg.return` with control returns, gradients, resource arg ids). Inputs are
//! resolved after every node exists, so back edges need no placeholder. Errors name the node
//! and field; nothing is built for a bad GraphDef.

use std::collections::{BTreeMap, HashMap};

use super::convert::*;
use super::pbtxt::data_type_number;
use super::proto::*;
use crate::dialect::tfg::NodeBuilder;
use crate::ir::body::{BlockArgInfo, OpSpec, Span};
use crate::ir::types::DYNAMIC;
use crate::ir::{AttrData, AttrId, BlockId, Context, Location, Module, NamedAttr, OpId, TypeData, TypeId, ValueId};

type Res<T> = Result<T, String>;

/// One output arg of an op: how many values and of which dtype.
struct OutArg {
    name: String,
    dtype: i32,
    type_attr: String,
    number_attr: String,
    type_list_attr: String,
}

/// What the importer needs of an op's definition.
struct OpInfo {
    outputs: Vec<OutArg>,
    defaults: Vec<(String, AttrValue)>,
}

fn dtype_by_tf_name(n: &str) -> i32 {
    data_type_number(&format!("DT_{}", n.to_ascii_uppercase())).unwrap_or(0)
}

/// An op definition default (JSON in the namespace schema) as an `AttrValue`.
fn default_attr(kind: &str, v: &serde_json::Value) -> Option<AttrValue> {
    use attr_value::Value;
    use serde_json::Value as J;
    fn scalar(kind: &str, v: &J) -> Option<Value> {
        Some(match kind {
            "int" => Value::I(v.as_i64()?),
            "float" => Value::F(v.as_f64()? as f32),
            "bool" => Value::B(v.as_bool()?),
            "string" => Value::S(v.as_str()?.as_bytes().to_vec()),
            "type" => Value::Type(dtype_by_tf_name(v.as_str()?)),
            "shape" => Value::Shape(match v {
                J::String(s) if s == "*" => TensorShapeProto { dim: vec![], unknown_rank: true },
                J::Array(d) => TensorShapeProto { dim: d.iter().map(|x| Dim { size: x.as_i64().unwrap_or(-1), name: String::new() }).collect(), unknown_rank: false },
                _ => return None,
            }),
            _ => return None,
        })
    }
    if let Some(inner) = kind.strip_prefix("list(").and_then(|k| k.strip_suffix(')')) {
        let mut l = ListValue::default();
        for x in v.as_array()? {
            match scalar(inner, x)? {
                Value::I(i) => l.i.push(i),
                Value::F(f) => l.f.push(f),
                Value::B(b) => l.b.push(b),
                Value::S(s) => l.s.push(s),
                Value::Type(t) => l.r#type.push(t),
                Value::Shape(s) => l.shape.push(s),
                _ => return None,
            }
        }
        return Some(AttrValue { value: Some(Value::List(l)) });
    }
    Some(AttrValue { value: Some(scalar(kind, v)?) })
}

/// Looks up op definitions: the TensorFlow namespace, then the function library.
pub struct OpDefs<'g> {
    functions: HashMap<&'g str, &'g OpDef>,
    cache: HashMap<String, Option<std::rc::Rc<OpInfo>>>,
}

impl<'g> OpDefs<'g> {
    pub fn new(g: &'g GraphDef) -> Self {
        let mut functions = HashMap::new();
        if let Some(l) = &g.library {
            for f in &l.function {
                if let Some(s) = &f.signature {
                    functions.insert(s.name.as_str(), s);
                }
            }
        }
        OpDefs { functions, cache: HashMap::new() }
    }

    fn get(&mut self, op: &str) -> Option<std::rc::Rc<OpInfo>> {
        if let Some(c) = self.cache.get(op) {
            return c.clone();
        }
        let info = self.lookup(op).map(std::rc::Rc::new);
        self.cache.insert(op.to_string(), info.clone());
        info
    }

    fn lookup(&self, op: &str) -> Option<OpInfo> {
        let schema = crate::namespace::with_registry(|r| r.resolve("amanda/tensorflow").and_then(|v| r.lookup(v, op))).ok().flatten();
        if let Some(s) = schema {
            let outputs = s
                .outputs
                .iter()
                .map(|p| OutArg {
                    name: p.name.clone(),
                    dtype: p.ty.as_deref().map(dtype_by_tf_name).unwrap_or(0),
                    type_attr: p.type_attr.clone().unwrap_or_default(),
                    number_attr: p.number_attr.clone().unwrap_or_default(),
                    type_list_attr: p.type_list_attr.clone().unwrap_or_default(),
                })
                .collect();
            let defaults = s.attrs.iter().filter_map(|a| Some((a.name.clone(), default_attr(&a.kind, a.default.as_ref()?)?))).collect();
            return Some(OpInfo { outputs, defaults });
        }
        let d = self.functions.get(op)?;
        Some(OpInfo {
            outputs: d
                .output_arg
                .iter()
                .map(|a| OutArg { name: a.name.clone(), dtype: a.r#type, type_attr: a.type_attr.clone(), number_attr: a.number_attr.clone(), type_list_attr: a.type_list_attr.clone() })
                .collect(),
            defaults: d.attr.iter().filter_map(|a| Some((a.name.clone(), a.default_value.clone()?))).collect(),
        })
    }
}

/// The result types of an output arg given the node's attributes (TensorFlow's `ArgNumType`).
fn arg_types(ctx: &mut Context, attrs: &BTreeMap<String, AttrValue>, arg: &OutArg, out: &mut Vec<TypeId>) -> Res<usize> {
    use attr_value::Value;
    // In a generic function the attribute may be a placeholder: results of unknown type.
    let is_placeholder = |n: &str| matches!(attrs.get(n), Some(AttrValue { value: Some(Value::Placeholder(_)) }));
    if [&arg.type_list_attr, &arg.number_attr, &arg.type_attr].iter().any(|n| !n.is_empty() && is_placeholder(n)) {
        let s = ctx.sym("tensor");
        out.push(ctx.ty(TypeData::TfSimple(s)));
        return Ok(1);
    }
    if !arg.type_list_attr.is_empty() {
        let Some(AttrValue { value: Some(Value::List(l)) }) = attrs.get(&arg.type_list_attr) else {
            return Err(format!("Type attr not found: {}", arg.type_list_attr));
        };
        // D: every element must be a type (a list of shapes under a type-list name is refused).
        if l.r#type.is_empty() && (!l.shape.is_empty() || !l.i.is_empty() || !l.s.is_empty() || !l.f.is_empty() || !l.b.is_empty() || !l.tensor.is_empty() || !l.func.is_empty()) {
            return Err(format!("Expected '{}' to be a list of types", arg.type_list_attr));
        }
        for &t in &l.r#type {
            let e = dtype_to_type(ctx, t)?;
            out.push(unranked(ctx, e));
        }
        return Ok(l.r#type.len());
    }
    let mut num = 1usize;
    if !arg.number_attr.is_empty() {
        match attrs.get(&arg.number_attr) {
            Some(AttrValue { value: Some(Value::I(i)) }) if *i >= 0 && *i <= 1 << 20 => num = *i as usize,
            _ => return Err(format!("Type attr not found: {}", arg.number_attr)),
        }
    }
    let dtype = if arg.dtype != 0 {
        arg.dtype
    } else if arg.type_attr.is_empty() {
        return Err(format!("arg '{}' has invalid type and no type attribute", arg.name));
    } else {
        match attrs.get(&arg.type_attr) {
            Some(AttrValue { value: Some(Value::Type(t)) }) => *t,
            _ => return Err(format!("Type attr not found: {}", arg.type_attr)),
        }
    };
    let e = dtype_to_type(ctx, dtype)?;
    let t = unranked(ctx, e);
    out.extend(std::iter::repeat_n(t, num));
    Ok(num)
}

/// The name TensorFlow's older importer gave `_tpu_replicate`; the exporter still names it
/// back (TensorFlow 2.21's importer keeps `_tpu_replicate` as it is, and so does this one).
pub const TPU_REPLICATE: &str = "tfg.tpu_replicate";

/// A converted node: its results by output name.
struct NodeInfo {
    data: Vec<ValueId>,
    ctl: ValueId,
    /// (output arg name, first result, count)
    outputs: Vec<(String, usize, usize)>,
}

fn loc_of(ctx: &mut Context, node: &NodeDef) -> Option<AttrId> {
    let d = node.experimental_debug_info.as_ref()?;
    if d.original_node_names.is_empty() {
        return None;
    }
    let mut locs = Vec::new();
    for (i, n) in d.original_node_names.iter().enumerate() {
        let f = d.original_func_names.get(i).map(String::as_str).unwrap_or("");
        let text = if f.is_empty() { n.clone() } else { format!("{n}@{f}") };
        let name = ctx.sym(&crate::ir::context::escape_bytes(text.as_bytes()));
        locs.push(ctx.attr(AttrData::Loc(Location::Name { name, child: None })));
    }
    if locs.len() == 1 {
        return Some(locs[0]);
    }
    Some(ctx.attr(AttrData::Loc(Location::Fused { metadata: None, locs })))
}

/// Splits an input reference: `^n` (control), `n`, `n:2`, `n:out:1`.
fn parse_input(s: &str) -> (bool, &str, &str, usize) {
    if let Some(n) = s.strip_prefix('^') {
        return (true, n, "", 0);
    }
    let (node, index) = match s.rsplit_once(':') {
        Some((n, i)) if !i.is_empty() && i.bytes().all(|c| c.is_ascii_digit()) => (n, i.parse().unwrap_or(usize::MAX)),
        _ => (s, 0),
    };
    match node.split_once(':') {
        Some((n, out)) => (false, n, out, index),
        None => (false, node, "", index),
    }
}

struct Importer<'g> {
    defs: OpDefs<'g>,
}

impl<'g> Importer<'g> {
    /// Converts `nodes` into `block` (after any ops already in it); `scope` holds the values
    /// visible by name (function arguments).
    fn convert_nodes(&mut self, m: &mut Module, block: BlockId, nodes: &[NodeDef], scope: &mut HashMap<String, NodeInfo>, before: Option<OpId>) -> Res<()> {
        let mut ops = Vec::with_capacity(nodes.len());
        for node in nodes {
            crate::progress::tick(1);
            let op = self.convert_node(m, node, scope)?;
            match before {
                Some(b) => m.body.insert_op_before(b, op),
                None => m.body.append_op(block, op),
            }
            ops.push(op);
        }
        // Operands, now that every node has its results.
        let mut missing: Vec<(String, String)> = Vec::new();
        for (node, &op) in nodes.iter().zip(&ops) {
            let mut data = Vec::new();
            let mut ctls = Vec::new();
            for input in &node.input {
                let (is_ctl, name, output, index) = parse_input(input);
                let Some(info) = scope.get(name) else {
                    missing.push((input.clone(), node.name.clone()));
                    continue;
                };
                if is_ctl {
                    ctls.push(info.ctl);
                    continue;
                }
                let v = if output.is_empty() {
                    *info.data.get(index).ok_or_else(|| format!("Result #{} of node '{}' is out of bounds (node '{}', field 'input')", index, name, node.name))?
                } else {
                    let (_, start, len) = info
                        .outputs
                        .iter()
                        .find(|(n, _, _)| n == output)
                        .ok_or_else(|| format!("Node '{}' has no output called '{}' (node '{}', field 'input')", name, output, node.name))?;
                    if index >= *len {
                        return Err(format!("Result #{} of segment '{}:{}' is out of bounds (node '{}', field 'input')", index, name, output, node.name));
                    }
                    info.data[start + index]
                };
                data.push(v);
            }
            data.extend(ctls);
            m.body.set_operands(op, &data);
        }
        if !missing.is_empty() {
            missing.sort();
            missing.dedup_by(|a, b| a.1 == b.1);
            return Err(missing.iter().map(|(i, n)| format!("Non-existent input {i} in node {n} (field 'input')")).collect::<Vec<_>>().join("\n"));
        }
        Ok(())
    }

    fn convert_node(&mut self, m: &mut Module, node: &NodeDef, scope: &mut HashMap<String, NodeInfo>) -> Res<OpId> {
        // TensorFlow's message, then the node and field.
        let at2 = |e: String, field: &str| format!("{e} (node '{}', field '{field}')", node.name);
        let at = |e: String| format!("{e} (node '{}')", node.name);
        if node.op.is_empty() {
            return Err(at2(format!("Node {} has an empty op name", node.name), "op"));
        }
        if scope.contains_key(&node.name) {
            return Err(at2(format!("Duplicated node (or function argument) with the same name: `{}`", node.name), "name"));
        }
        let info = self.defs.get(&node.op);
        let ctx = &mut m.ctx;
        let mut attrs = attr_map_to_dict(ctx, &node.attr, "").map_err(|e| at2(format!("Node {} has an invalid attribute: {e}", node.name), "attr"))?;
        // The op's default attributes, and all attributes as the op definition sees them.
        let mut all = node.attr.clone();
        if let Some(info) = &info {
            for (name, v) in &info.defaults {
                if !all.contains_key(name) {
                    all.insert(name.clone(), v.clone());
                    let value = attr_to_ir(ctx, v).map_err(|e| at(format!("default of attribute '{name}': {e}")))?;
                    let name = ctx.sym(name);
                    attrs.push(NamedAttr::new(name, value));
                }
            }
        }
        let mut types = Vec::new();
        let mut outputs = Vec::new();
        match &info {
            Some(info) => {
                for arg in &info.outputs {
                    let start = types.len();
                    let n = arg_types(ctx, &all, arg, &mut types).map_err(|e| at(format!("op '{}' output '{}': {e}", node.op, arg.name)))?;
                    outputs.push((arg.name.clone(), start, n));
                }
            }
            None => {
                // Not in the namespace nor the library (TensorFlow refuses it): results as
                // many as the graph uses, of unknown type, so nothing is lost.
                return Err(at2(format!("Unable to find OpDef for {}", node.op), "op"));
            }
        }
        if let Some(ft) = &node.experimental_type {
            let v = full_type_to_ir(ctx, ft);
            let name = ctx.sym("_mlir_fulltype");
            attrs.push(NamedAttr::new(name, v));
        }
        let loc = loc_of(ctx, node);
        let op = build_node(m, node, &types, loc, &attrs);
        let results = m.body.results(op).to_vec();
        let (ctl, data) = results.split_last().ok_or("node without results")?;
        scope.insert(node.name.clone(), NodeInfo { data: data.to_vec(), ctl: *ctl, outputs });
        Ok(op)
    }

    fn convert_function(&mut self, m: &mut Module, f: &FunctionDef, gradients: &HashMap<&str, &str>) -> Res<OpId> {
        let sig = f.signature.clone().unwrap_or_default();
        if sig.name.is_empty() {
            return Err("Function without a name".into());
        }
        let fname = sig.name.clone();
        let at = |e: String| format!("{e}\n\tWhile importing function: {fname}");
        let generic = f.node_def.iter().any(|n| n.attr.values().any(|v| matches!(v.value, Some(attr_value::Value::Placeholder(_)))));
        let ctx = &mut m.ctx;
        if f.attr.keys().any(|k| k.is_empty()) {
            return Err(at(format!("Function {fname} has an empty attr name")));
        }
        let mut attrs = attr_map_to_dict(ctx, &f.attr, "tf.").map_err(|e| at(format!("field 'attr': {e}")))?;
        let push = |ctx: &mut Context, attrs: &mut Vec<NamedAttr>, n: &str, v: AttrId| {
            let name = ctx.sym(n);
            attrs.push(NamedAttr::new(name, v));
        };
        let v = ctx.string_attr(&sig.name);
        push(ctx, &mut attrs, "sym_name", v);
        if generic {
            let u = ctx.unit_attr();
            push(ctx, &mut attrs, "generic", u);
        }
        if !sig.description.is_empty() {
            let v = ctx.string_attr(&sig.description);
            push(ctx, &mut attrs, "description", v);
        }
        if sig.is_stateful {
            let u = ctx.unit_attr();
            push(ctx, &mut attrs, "is_stateful", u);
        }
        if let Some(g) = gradients.get(sig.name.as_str()) {
            let v = symbol_ref(ctx, g);
            push(ctx, &mut attrs, "gradient", v);
        }
        for (name, d) in resource_id_attrs(ctx, f) {
            push(ctx, &mut attrs, name, d);
        }
        let control = ctx.control_type();
        let empty = ctx.attr(AttrData::Dict(vec![]));
        let region_block = m.body.create_block(Span::default());
        let mut scope = HashMap::new();
        let mut arg_attrs = Vec::new();
        let mut input_types = Vec::new();
        for (i, arg) in sig.input_arg.iter().enumerate() {
            let ctx = &mut m.ctx;
            let ty = self.arg_type(ctx, arg).map_err(|e| at(format!("input_arg '{}': {e}", arg.name)))?;
            let mut d = self.arg_attrs(ctx, arg).map_err(|e| at(format!("input_arg '{}': {e}", arg.name)))?;
            if let Some(extra) = f.arg_attr.get(&(i as u32)) {
                d.extend(attr_map_to_dict(ctx, &extra.attr, "tf.").map_err(|e| at(format!("field 'arg_attr' {i}: {e}")))?);
            }
            arg_attrs.push(sorted_dict(ctx, d));
            arg_attrs.push(empty);
            input_types.push(ty);
            input_types.push(control);
            let n = m.ctx.value_name(&arg.name);
            let c = m.ctx.value_name(&format!("{}.ctl", arg.name));
            let v = m.body.add_block_arg(region_block, ty, BlockArgInfo { name: Some(n), ..Default::default() });
            let cv = m.body.add_block_arg(region_block, control, BlockArgInfo { name: Some(c), ..Default::default() });
            if scope.insert(arg.name.clone(), NodeInfo { data: vec![v], ctl: cv, outputs: vec![] }).is_some() {
                return Err(at(format!("Duplicated node (or function argument) with the same name: `{}` (field 'input_arg')", arg.name)));
            }
        }
        self.convert_nodes(m, region_block, &f.node_def, &mut scope, None).map_err(at)?;
        let mut res_attrs = Vec::new();
        let mut res_types = Vec::new();
        let mut operands = Vec::new();
        for out in &sig.output_arg {
            let ctx = &mut m.ctx;
            res_types.push(self.arg_type(ctx, out).map_err(|e| at(format!("output_arg '{}': {e}", out.name)))?);
            let d = self.arg_attrs(ctx, out).map_err(|e| at(format!("output_arg '{}': {e}", out.name)))?;
            res_attrs.push(sorted_dict(ctx, d));
            let r = f.ret.get(&out.name).ok_or_else(|| at(format!("Output '{}' was not found in 'ret' (field 'ret')", out.name)))?;
            let (is_ctl, name, output, index) = parse_input(r);
            if is_ctl {
                return Err(at(format!("Unexpected control result: {r} (field 'ret')")));
            }
            let info = scope.get(name).ok_or_else(|| at(format!("Return '{r}' was not found (field 'ret')")))?;
            let v = if output.is_empty() {
                info.data.get(index).copied()
            } else {
                info.outputs.iter().find(|(n, _, _)| n == output).filter(|(_, _, l)| index < *l).map(|(_, s, _)| info.data[s + index])
            };
            operands.push(v.ok_or_else(|| at(format!("Return '{r}' was not found (field 'ret')")))?);
        }
        let mut ctl_attrs = Vec::new();
        let mut ctls = Vec::new();
        for c in &sig.control_output {
            let target = f.control_ret.get(c).ok_or_else(|| at(format!("Control output '{c}' was not found in 'control_ret' (field 'control_ret')")))?;
            let info = scope.get(target.as_str()).ok_or_else(|| at(format!("Control return {target} was not found (field 'control_ret')")))?;
            ctls.push(info.ctl);
            let name = m.ctx.sym("tfg.name");
            let value = m.ctx.string_attr(c);
            ctl_attrs.push(m.ctx.attr(AttrData::Dict(vec![NamedAttr::new(name, value)])));
        }
        let ctl_arr = m.ctx.attr(AttrData::Array(ctl_attrs));
        let ret = NodeBuilder::new(m, "tfg.return").operands(&operands).control_operands(&ctls).without_control_result().attr("control_ret_attrs", ctl_arr).build();
        m.body.append_op(region_block, ret);

        let ctx = &mut m.ctx;
        let a = ctx.attr(AttrData::Array(arg_attrs));
        push(ctx, &mut attrs, "arg_attrs", a);
        let a = ctx.attr(AttrData::Array(res_attrs));
        push(ctx, &mut attrs, "res_attrs", a);
        let ft = ctx.ty(TypeData::Function { inputs: input_types, results: res_types });
        let a = ctx.attr(AttrData::Type(ft));
        push(ctx, &mut attrs, "function_type", a);
        sort_attrs(ctx, &mut attrs);
        let region = m.body.create_region(vec![region_block], Span::default());
        let name = m.ctx.sym("tfg.func");
        let spec = OpSpec { name: Some(name), attrs: attrs.into_iter().collect(), regions: [region].into_iter().collect(), ..Default::default() };
        Ok(m.body.create_op(spec, name))
    }

    fn arg_type(&self, ctx: &mut Context, a: &ArgDef) -> Res<TypeId> {
        if a.r#type == 0 {
            let s = ctx.sym("tensor");
            return Ok(ctx.ty(TypeData::TfSimple(s)));
        }
        let e = dtype_to_type(ctx, a.r#type)?;
        Ok(unranked(ctx, e))
    }

    fn arg_attrs(&self, ctx: &mut Context, a: &ArgDef) -> Res<Vec<NamedAttr>> {
        let mut out = Vec::new();
        let mut push = |ctx: &mut Context, n: &str, v: AttrId| {
            let name = ctx.sym(n);
            out.push(NamedAttr::new(name, v));
        };
        let v = ctx.string_attr(&a.name);
        push(ctx, "tfg.name", v);
        if !a.description.is_empty() {
            let v = ctx.string_attr(&a.description);
            push(ctx, "tfg.description", v);
        }
        if a.is_ref {
            let u = ctx.unit_attr();
            push(ctx, "tfg.is_ref", u);
        }
        if !a.handle_data.is_empty() {
            let mut items = Vec::new();
            for h in &a.handle_data {
                let e = super::convert::handle_dtype(ctx, h.dtype)?;
                let shape = h.shape.clone().unwrap_or_default();
                let t = if shape.unknown_rank {
                    ctx.ty(TypeData::UnrankedTensor { elem: e })
                } else {
                    let dims = shape.dim.iter().map(|d| if d.size < 0 { DYNAMIC } else { d.size }).collect();
                    ctx.ty(TypeData::RankedTensor { shape: dims, elem: e, encoding: None })
                };
                items.push(ctx.attr(AttrData::Type(t)));
            }
            let v = ctx.attr(AttrData::Array(items));
            push(ctx, "tfg.handle_data", v);
        }
        if let Some(ft) = &a.experimental_full_type {
            let v = full_type_to_ir(ctx, ft);
            push(ctx, "tfg.experimental_full_type", v);
        }
        Ok(out)
    }
}

/// Imports a GraphDef as a module holding `tfg.graph` and the library's `tfg.func`s.
pub fn import_graphdef(g: &GraphDef) -> Res<Module> {
    import_inner(g).map_err(|e| format!("INVALID_ARGUMENT: {e}"))
}

fn import_inner(g: &GraphDef) -> Res<Module> {
    let mut m = Module::new(Context::new());
    m.mark_edited();
    let mut imp = Importer { defs: OpDefs::new(g) };
    let module_block = m.body.create_block(Span::default());
    let module_region = m.body.create_region(vec![module_block], Span::default());
    let module_name = m.ctx.sym("builtin.module");
    let module_op = m.body.create_op(OpSpec { name: Some(module_name), regions: [module_region].into_iter().collect(), ..Default::default() }, module_name);
    let top = m.top;
    m.body.append_op(top, module_op);

    let versions = g.versions.clone().unwrap_or_default();
    let version = m.ctx.attr(AttrData::TfVersion {
        producer: versions.producer as i64,
        min_consumer: versions.min_consumer as i64,
        bad_consumers: versions.bad_consumers.iter().map(|&b| b as i64).collect(),
    });
    let graph_block = m.body.create_block(Span::default());
    let graph_region = m.body.create_region(vec![graph_block], Span::default());
    let vname = m.ctx.sym("version");
    let gname = m.ctx.sym("tfg.graph");
    let graph = m.body.create_op(
        OpSpec { name: Some(gname), attrs: [NamedAttr::new(vname, version)].into_iter().collect(), regions: [graph_region].into_iter().collect(), ..Default::default() },
        gname,
    );
    m.body.append_op(module_block, graph);
    let mut scope = HashMap::new();
    imp.convert_nodes(&mut m, graph_block, &g.node, &mut scope, None)?;

    if let Some(lib) = &g.library {
        let gradients: HashMap<&str, &str> = lib.gradient.iter().map(|gd| (gd.function_name.as_str(), gd.gradient_func.as_str())).collect();
        for f in &lib.function {
            let op = if super::generic::is_generic(f) {
                super::generic::import_generic(&mut m, f, f.signature.as_ref().and_then(|s| gradients.get(s.name.as_str()).copied()))?
            } else {
                imp.convert_function(&mut m, f, &gradients)?
            };
            m.body.append_op(module_block, op);
        }
    }
    Ok(m)
}

/// Output arg segments of nodes by their op definitions (for the exporter's
/// `node:output:i` names).
pub struct OpDefsPublic<'g>(OpDefs<'g>);

impl<'g> OpDefsPublic<'g> {
    pub fn new(g: &'g GraphDef) -> Self {
        OpDefsPublic(OpDefs::new(g))
    }

    /// The default attribute values of op `op`, if its definition is known.
    pub fn defaults(&mut self, op: &str) -> Option<Vec<(String, AttrValue)>> {
        Some(self.0.get(op)?.defaults.clone())
    }

    /// (output arg name, number of results) of `node`'s op, if its definition is known.
    pub fn segments(&mut self, node: &NodeDef) -> Option<Vec<(String, usize)>> {
        let info = self.0.get(&node.op)?;
        let mut all = node.attr.clone();
        for (n, v) in &info.defaults {
            all.entry(n.clone()).or_insert_with(|| v.clone());
        }
        let mut ctx = Context::new();
        let mut types = Vec::new();
        info.outputs.iter().map(|a| Some((a.name.clone(), arg_types(&mut ctx, &all, a, &mut types).ok()?))).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_names() {
        assert_eq!(parse_input("^a"), (true, "a", "", 0));
        assert_eq!(parse_input("a:2"), (false, "a", "", 2));
        assert_eq!(parse_input("a:out:1"), (false, "a", "out", 1));
        assert_eq!(parse_input("a"), (false, "a", "", 0));
    }
}

/// A function's resource argument ids as TensorFlow's importer records them: the
/// `resource_arg_unique_ids_keys` and `_values` attributes, `i32` tensors in key order
/// (none when the function has no resource ids).
pub(super) fn resource_id_attrs(ctx: &mut Context, f: &FunctionDef) -> Vec<(&'static str, AttrId)> {
    if f.resource_arg_unique_id.is_empty() {
        return Vec::new();
    }
    let i32t = ctx.ty(TypeData::Integer { width: 32, signedness: crate::ir::types::Signedness::Signless });
    let ty = ctx.ty(TypeData::RankedTensor { shape: vec![f.resource_arg_unique_id.len() as i64], elem: i32t, encoding: None });
    let mut out = Vec::with_capacity(2);
    for (name, vals) in [
        ("resource_arg_unique_ids_keys", f.resource_arg_unique_id.keys().copied().collect::<Vec<_>>()),
        ("resource_arg_unique_ids_values", f.resource_arg_unique_id.values().copied().collect::<Vec<_>>()),
    ] {
        let items = vals
            .iter()
            .map(|v| {
                let s = ctx.sym(&v.to_string());
                ctx.attr(AttrData::Int { spelling: s, ty: None })
            })
            .collect();
        let arr = ctx.attr(AttrData::Array(items));
        out.push((name, ctx.attr(AttrData::Dense { value: arr, ty })));
    }
    out
}

/// The detached tfg node for `node`: its op type, result types, location, device, name and
/// attributes, sorted as MLIR stores a dictionary.
pub(super) fn build_node(m: &mut Module, node: &NodeDef, results: &[TypeId], loc: Option<AttrId>, attrs: &[NamedAttr]) -> OpId {
    let mut b = NodeBuilder::new(m, &node.op).results(results).loc(loc);
    if !node.device.is_empty() {
        b = b.device(&node.device);
    }
    if !node.name.is_empty() {
        b = b.name(&node.name);
    }
    let op = b.attrs(attrs).build();
    let mut list: Vec<NamedAttr> = m.body.attrs(op).to_vec();
    sort_attrs(&m.ctx, &mut list);
    m.body.set_attrs(op, list.into_iter().collect());
    op
}
