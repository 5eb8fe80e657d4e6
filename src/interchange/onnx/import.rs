//! ModelProto → IR in onnx-mlir's form: a `builtin.module` carrying the model's fields and its
//! `amanda.namespace` (the ONNX opsets it imports), `func.func @main_graph` whose block
//! arguments are the graph inputs, one `onnx.Constant` per initializer, one op per node
//! (`onnx.<OpType>`, `onnx.ml.<OpType>`, other domains as `onnx.Custom`), graph attributes
//! (If/Loop/Scan bodies) as regions ending in `onnx.Yield`, `onnx.Return` of the outputs; one
//! `func.func` per model-local function. Names, doc strings, value_info and everything else a
//! re-export needs ride along as `onnx.*` attributes (docs/interchange-onnx.md). Names are
//! resolved after every node of a graph exists, inner scopes first; a bad model gives an error
//! naming the node and field and nothing is built.

use std::collections::HashMap;

use super::convert::*;
use super::proto::*;
use crate::ir::body::{BlockArgInfo, OpSpec, Span};
use crate::ir::{AttrData, AttrId, BlockId, Context, Module, NamedAttr, OpId, TypeData, TypeId, ValueId};

/// Where each imported op came from, by its span start (for naming nodes in diagnostics).
#[derive(Default)]
pub struct Origins {
    pub nodes: Vec<String>,
}

struct Importer {
    m: Module,
    origins: Origins,
    /// Name → value, innermost graph last.
    scopes: Vec<HashMap<String, ValueId>>,
}

/// Model fields kept on the module.
const MODULE: &str = "builtin.module";

fn na(ctx: &mut Context, name: &str, value: AttrId) -> NamedAttr {
    NamedAttr::new(ctx.sym(name), value)
}

fn opset_attr(ctx: &mut Context, ops: &[OperatorSetIdProto]) -> AttrId {
    let items = ops
        .iter()
        .map(|o| {
            let d = match &o.domain {
                Some(d) => str_attr(ctx, d.as_bytes()),
                None => ctx.unit_attr(),
            };
            let v = match o.version {
                Some(v) => {
                    let t = i64_type(ctx);
                    int_attr(ctx, v, Some(t))
                }
                None => ctx.unit_attr(),
            };
            ctx.attr(AttrData::Array(vec![d, v]))
        })
        .collect();
    ctx.attr(AttrData::Array(items))
}

/// The namespaces of the opsets a model or function imports (the domains amanda-opt has).
pub fn namespaces(ops: &[OperatorSetIdProto]) -> Vec<String> {
    let mut out = Vec::new();
    for o in ops {
        let (Some(v), d) = (o.version, o.domain.as_deref().unwrap_or("")) else { continue };
        let ns = match d {
            "" | "ai.onnx" => format!("amanda/onnx/opset-{v}"),
            "ai.onnx.ml" => format!("amanda/onnx/ml/opset-{v}"),
            _ => continue,
        };
        let known = crate::namespace::with_registry(|r| r.resolve(&ns).is_some()).unwrap_or(false);
        if known && !out.contains(&ns) {
            out.push(ns);
        }
    }
    out
}

fn namespace_attr(ctx: &mut Context, ops: &[OperatorSetIdProto]) -> Option<AttrId> {
    let ns = namespaces(ops);
    if ns.is_empty() {
        return None;
    }
    Some(strings_attr(ctx, &ns))
}

/// The IR form of a value's `ValueInfoProto` fields other than its type: the type (exact, or
/// approximate with `onnx.dim_params` / `onnx.type_proto` to make it exact) and the extras.
fn value_info_parts(ctx: &mut Context, vi: &ValueInfoProto) -> (TypeId, Vec<NamedAttr>) {
    let mut extras = Vec::new();
    if let Some(n) = &vi.name {
        let a = str_attr(ctx, n.as_bytes());
        extras.push(na(ctx, "onnx.name", a));
    }
    let ty = match &vi.r#type {
        None => {
            let u = ctx.unit_attr();
            extras.push(na(ctx, "onnx.no_type", u));
            any_type(ctx)
        }
        Some(tp) => {
            let approx = type_from_proto(ctx, tp);
            let params = dim_params(tp);
            let back = approx.and_then(|t| type_to_proto(ctx, t)).map(|mut b| {
                if let Some(p) = &params {
                    apply_dim_params(&mut b, p);
                }
                b
            });
            match approx {
                Some(t) if back.as_ref() == Some(tp) => {
                    if let Some(p) = &params {
                        let a = strings_attr(ctx, p);
                        extras.push(na(ctx, "onnx.dim_params", a));
                    }
                    t
                }
                _ => {
                    let exact = exact_type(ctx, tp);
                    let a = ctx.attr(AttrData::Type(exact));
                    extras.push(na(ctx, "onnx.type_proto", a));
                    match approx {
                        Some(t) => t,
                        None => any_type(ctx),
                    }
                }
            }
        }
    };
    if let Some(d) = &vi.doc_string {
        let a = str_attr(ctx, d.as_bytes());
        extras.push(na(ctx, "onnx.doc_string", a));
    }
    if !vi.metadata_props.is_empty() {
        let a = pairs_attr(ctx, &vi.metadata_props);
        extras.push(na(ctx, "onnx.metadata_props", a));
    }
    (ty, extras)
}

/// A `value_info` entry as a dictionary: its parts plus `type`.
fn value_info_dict(ctx: &mut Context, vi: &ValueInfoProto) -> AttrId {
    let (t, mut extras) = value_info_parts(ctx, vi);
    let ta = ctx.attr(AttrData::Type(t));
    extras.push(na(ctx, "type", ta));
    ctx.attr(AttrData::Dict(extras))
}

/// What a graph leaves for the op or attribute that holds it.
struct GraphMeta {
    attrs: Vec<NamedAttr>,
    arg_attrs: Vec<AttrId>,
    res_attrs: Vec<AttrId>,
    res_types: Vec<TypeId>,
    arg_types: Vec<TypeId>,
}

impl Importer {
    fn ctx(&mut self) -> &mut Context {
        &mut self.m.ctx
    }

    fn lookup(&self, name: &str) -> Option<ValueId> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    fn new_op(&mut self, name: &str, result_types: &[TypeId], attrs: Vec<NamedAttr>, origin: String) -> OpId {
        let k = self.origins.nodes.len();
        self.origins.nodes.push(origin);
        let sym = self.m.ctx.sym(name);
        let spec = OpSpec {
            result_types: result_types.iter().copied().collect(),
            attrs: attrs.into_iter().collect(),
            form: crate::ir::body::OpForm::Generic,
            span: Span::new(k, k + 1),
            ..Default::default()
        };
        self.m.body.create_op(spec, sym)
    }

    /// Builds graph `g` into `block` (inputs become its arguments); `what` names the graph in
    /// errors; `term` is the terminator's op name.
    fn graph(&mut self, g: &GraphProto, block: BlockId, what: &str, term: &str) -> Res<GraphMeta> {
        self.scopes.push(HashMap::new());
        let r = self.graph_inner(g, block, what, term);
        self.scopes.pop();
        r
    }

    fn graph_inner(&mut self, g: &GraphProto, block: BlockId, what: &str, term: &str) -> Res<GraphMeta> {
        let mut vi_types: HashMap<&str, &TypeProto> = HashMap::new();
        for vi in g.value_info.iter().chain(&g.output) {
            if let (Some(n), Some(t)) = (&vi.name, &vi.r#type) {
                vi_types.entry(n.as_str()).or_insert(t);
            }
        }
        let mut ops: Vec<OpId> = Vec::new();
        // Initializers.
        for (i, t) in g.initializer.iter().enumerate() {
            crate::progress::tick(1);
            let Some(name) = t.name.clone() else {
                return Err(format!("{what}: initializer #{i} has no name"));
            };
            let (value, tname) = tensor_attr(self.ctx(), t);
            let value = if tname.is_none() { bytes_attr(self.ctx(), "tensor_proto", t) } else { value };
            let ty = match tensor_type(self.ctx(), &t.dims, t.data_type.unwrap_or(0)) {
                Some(ty) => ty,
                None => any_type(self.ctx()),
            };
            let ctx = self.ctx();
            let u = ctx.unit_attr();
            let attrs = vec![na(ctx, "value", value), na(ctx, "onnx.initializer", u), {
                let o = strings_attr(ctx, std::slice::from_ref(&name));
                na(ctx, "onnx.outputs", o)
            }];
            let op = self.new_op("onnx.Constant", &[ty], attrs, format!("initializer '{name}' of {what}"));
            if self.scopes.last_mut().and_then(|s| s.insert(name.clone(), self.m.body.results(op)[0])).is_some() {
                return Err(format!("{what}: initializer '{name}' (#{i}) is defined twice"));
            }
            ops.push(op);
        }
        for (i, t) in g.sparse_initializer.iter().enumerate() {
            let Some(name) = t.values.as_ref().and_then(|v| v.name.clone()) else {
                return Err(format!("{what}: sparse initializer #{i} has no values.name"));
            };
            let ctx = self.ctx();
            let value = bytes_attr(ctx, "sparse_tensor_proto", t);
            let u = ctx.unit_attr();
            let attrs = vec![na(ctx, "sparse_value", value), na(ctx, "onnx.initializer", u), {
                let o = strings_attr(ctx, std::slice::from_ref(&name));
                na(ctx, "onnx.outputs", o)
            }];
            let ty = any_type(self.ctx());
            let op = self.new_op("onnx.Constant", &[ty], attrs, format!("sparse initializer '{name}' of {what}"));
            if self.scopes.last_mut().and_then(|s| s.insert(name.clone(), self.m.body.results(op)[0])).is_some() {
                return Err(format!("{what}: sparse initializer '{name}' (#{i}) is defined twice"));
            }
            ops.push(op);
        }
        // Inputs (an input may share its name with an initializer: the initializer is then
        // its default, and the input is what nodes see).
        let mut arg_attrs = Vec::new();
        let mut arg_types = Vec::new();
        let mut input_names: HashMap<String, usize> = HashMap::new();
        for (i, vi) in g.input.iter().enumerate() {
            let (ty, extras) = value_info_parts(self.ctx(), vi);
            let v = self.m.body.add_block_arg(block, ty, BlockArgInfo::default());
            let name = vi.name.clone().unwrap_or_default();
            if let Some(prev) = input_names.insert(name.clone(), i) {
                return Err(format!("{what}: input '{name}' (#{i}) has the name of input #{prev}"));
            }
            if let Some(s) = self.scopes.last_mut() {
                s.insert(name, v);
            }
            arg_types.push(ty);
            arg_attrs.push(self.m.ctx.attr(AttrData::Dict(extras)));
        }
        // Nodes: ops and their results first, then subgraphs and operands (uses may precede
        // definitions, and subgraphs see every name of the graphs around them).
        let mut pending = Vec::new();
        for (k, node) in g.node.iter().enumerate() {
            crate::progress::tick(1);
            let (op, graph_attrs) = self.node(node, k, what, &vi_types)?;
            let results: Vec<ValueId> = self.m.body.results(op).to_vec();
            for (j, out) in node.output.iter().enumerate() {
                if out.is_empty() {
                    continue;
                }
                if self.scopes.last_mut().and_then(|s| s.insert(out.clone(), results[j])).is_some() {
                    return Err(format!("{}: output '{}' (#{}, field output) is already defined in {}", node_desc(node, k), out, j, what));
                }
            }
            ops.push(op);
            pending.push((op, graph_attrs));
        }
        let mut no_value: Option<ValueId> = None;
        for (k, (node, (op, graph_attrs))) in g.node.iter().zip(pending).enumerate() {
            let desc = node_desc(node, k);
            // Graph attributes → regions, with a placeholder dictionary where the attribute was.
            let mut region_index = 0i64;
            let mut attrs: Vec<NamedAttr> = self.m.body.attrs(op).to_vec();
            // Regions in onnx-mlir's order (If: then_branch, else_branch), else the
            // attributes' order; the placeholder records which region is which.
            let mut graph_attrs = graph_attrs;
            graph_attrs.sort_by_key(|(_, a)| a.name.as_deref() != Some("then_branch"));
            for (slot, a) in graph_attrs {
                let graphs: Vec<&GraphProto> = if a.r#type == Some(attr_type::GRAPH) { a.g.iter().collect() } else { a.graphs.iter().collect() };
                let mut dicts = Vec::new();
                for (gi, sub) in graphs.into_iter().enumerate() {
                    let b = self.m.body.create_block(Span::default());
                    let gname = format!("graph attribute '{}' of {} in {}", a.name.as_deref().unwrap_or(""), desc, what);
                    let meta = self.graph(sub, b, &gname, "onnx.Yield")?;
                    let r = self.m.body.create_region(vec![b], Span::default());
                    self.m.body.push_region(op, r);
                    let _ = gi;
                    let ctx = self.ctx();
                    let t = i64_type(ctx);
                    let idx = int_attr(ctx, region_index, Some(t));
                    region_index += 1;
                    let mut d = vec![na(ctx, "onnx.region", idx)];
                    d.extend(meta_dict_entries(ctx, meta));
                    dicts.push(ctx.attr(AttrData::Dict(d)));
                }
                let v = if a.r#type == Some(attr_type::GRAPH) { dicts[0] } else { self.m.ctx.attr(AttrData::Array(dicts)) };
                attrs[slot].value = v;
            }
            self.m.body.set_attrs(op, attrs.into_iter().collect());
            let mut operands = Vec::with_capacity(node.input.len());
            for (j, inp) in node.input.iter().enumerate() {
                let v = if inp.is_empty() {
                    match no_value {
                        Some(v) => v,
                        None => {
                            let ctx = self.ctx();
                            let none = none_type(ctx);
                            let u = ctx.unit_attr();
                            let attrs = vec![na(ctx, "value", u)];
                            let nv = self.new_op("onnx.NoValue", &[none], attrs, format!("absent input of {what}"));
                            self.m.body.prepend_op(block, nv);
                            let v = self.m.body.results(nv)[0];
                            no_value = Some(v);
                            v
                        }
                    }
                } else {
                    self.lookup(inp).ok_or_else(|| format!("{}: input '{}' (#{}, field input) names no value of {} or the graphs around it", desc, inp, j, what))?
                };
                operands.push(v);
            }
            self.m.body.set_operands(op, &operands);
        }
        for &op in &ops {
            self.m.body.append_op(block, op);
        }
        // Outputs.
        let mut res_attrs = Vec::new();
        let mut res_types = Vec::new();
        let mut outs = Vec::new();
        for (i, vi) in g.output.iter().enumerate() {
            let (ty, extras) = value_info_parts(self.ctx(), vi);
            let name = vi.name.clone().unwrap_or_default();
            let v = self.lookup(&name).ok_or_else(|| format!("{what}: output '{name}' (#{i}, field output) names no value"))?;
            outs.push(v);
            res_types.push(ty);
            res_attrs.push(self.m.ctx.attr(AttrData::Dict(extras)));
        }
        let t = self.new_op(term, &[], vec![], format!("outputs of {what}"));
        self.m.body.set_operands(t, &outs);
        self.m.body.append_op(block, t);
        // Graph fields.
        let ctx = self.ctx();
        let mut attrs = Vec::new();
        // A unit value: the graph has no name (absent, the exporter would give it one).
        let a = match &g.name {
            Some(n) => str_attr(ctx, n.as_bytes()),
            None => ctx.unit_attr(),
        };
        attrs.push(na(ctx, "onnx.graph_name", a));
        if let Some(d) = &g.doc_string {
            let a = str_attr(ctx, d.as_bytes());
            attrs.push(na(ctx, "onnx.doc_string", a));
        }
        if !g.value_info.is_empty() {
            let items = g.value_info.iter().map(|vi| value_info_dict(ctx, vi)).collect();
            let a = ctx.attr(AttrData::Array(items));
            attrs.push(na(ctx, "onnx.value_info", a));
        }
        if !g.quantization_annotation.is_empty() {
            let a = messages_attr(ctx, "tensor_annotation", &g.quantization_annotation);
            attrs.push(na(ctx, "onnx.quantization_annotation", a));
        }
        if !g.metadata_props.is_empty() {
            let a = pairs_attr(ctx, &g.metadata_props);
            attrs.push(na(ctx, "onnx.metadata_props", a));
        }
        Ok(GraphMeta { attrs, arg_attrs, res_attrs, res_types, arg_types })
    }

    /// Creates the op of a node (no operands, no regions yet); returns the graph attributes
    /// with their slots in the op's attribute list.
    fn node<'n>(&mut self, node: &'n NodeProto, k: usize, what: &str, vi_types: &HashMap<&str, &TypeProto>) -> Res<(OpId, Vec<(usize, &'n AttributeProto)>)> {
        let desc = node_desc(node, k);
        let Some(op_type) = &node.op_type else {
            return Err(format!("{desc} in {what}: field op_type is missing"));
        };
        let domain = node.domain.as_deref().unwrap_or("");
        let (op_name, custom) = match domain {
            "" | "ai.onnx" => (format!("onnx.{op_type}"), false),
            "ai.onnx.ml" => (format!("onnx.ml.{op_type}"), false),
            _ => ("onnx.Custom".to_string(), true),
        };
        let ctx = &mut self.m.ctx;
        let mut attrs: Vec<NamedAttr> = Vec::new();
        let mut graph_attrs = Vec::new();
        let mut tensor_names = Vec::new();
        if let Some(n) = &node.name {
            let a = str_attr(ctx, n.as_bytes());
            attrs.push(na(ctx, "onnx_node_name", a));
        }
        if custom {
            let d = str_attr(ctx, domain.as_bytes());
            attrs.push(na(ctx, "domain_name", d));
            let f = str_attr(ctx, op_type.as_bytes());
            attrs.push(na(ctx, "function_name", f));
        }
        for (ai, a) in node.attribute.iter().enumerate() {
            let key = a.name.clone().unwrap_or_default();
            if let Some(field) = missing_value_field(a) {
                return Err(format!("{desc} in {what}: attribute '{key}' (#{ai}, field attribute) has type {} but no value in field {field}", attr_type::name(a.r#type.unwrap_or(0)).to_ascii_uppercase()));
            }
            // A name the IR uses for bookkeeping, or one given twice: kept whole under
            // `onnx.attribute.<index>`, in its place.
            let reserved = key.starts_with("onnx.") || key.starts_with("amanda.") || key == "onnx_node_name" || (custom && (key == "domain_name" || key == "function_name"));
            if reserved || node.attribute[..ai].iter().any(|b| b.name == a.name) {
                let v = bytes_attr(ctx, "attribute_proto", a);
                attrs.push(na(ctx, &format!("onnx.attribute.{ai}"), v));
                continue;
            }
            match attr_value(ctx, a) {
                Some(AttrValueIr::Value(v, tname)) => {
                    if let Some(n) = tname {
                        tensor_names.push((key.clone(), n));
                    }
                    attrs.push(na(ctx, &key, v));
                }
                Some(AttrValueIr::Graph) => {
                    graph_attrs.push((attrs.len(), a));
                    let u = ctx.unit_attr();
                    attrs.push(na(ctx, &key, u));
                }
                None => {
                    let v = bytes_attr(ctx, "attribute_proto", a);
                    attrs.push(na(ctx, &key, v));
                }
            }
        }
        let outs = strings_attr(ctx, &node.output);
        attrs.push(na(ctx, "onnx.outputs", outs));
        if !custom {
            if let Some(d) = &node.domain {
                let a = str_attr(ctx, d.as_bytes());
                attrs.push(na(ctx, "onnx.domain", a));
            }
        }
        if let Some(o) = &node.overload {
            let a = str_attr(ctx, o.as_bytes());
            attrs.push(na(ctx, "onnx.overload", a));
        }
        if let Some(d) = &node.doc_string {
            let a = str_attr(ctx, d.as_bytes());
            attrs.push(na(ctx, "onnx.doc_string", a));
        }
        if !node.metadata_props.is_empty() {
            let a = pairs_attr(ctx, &node.metadata_props);
            attrs.push(na(ctx, "onnx.metadata_props", a));
        }
        if !node.device_configurations.is_empty() {
            let a = messages_attr(ctx, "node_device_configuration_proto", &node.device_configurations);
            attrs.push(na(ctx, "onnx.device_configurations", a));
        }
        for (key, n) in tensor_names {
            let a = str_attr(ctx, n.as_bytes());
            attrs.push(na(ctx, &format!("onnx.tensor_name.{key}"), a));
        }
        let mut types = Vec::with_capacity(node.output.len());
        for out in &node.output {
            let t = if out.is_empty() {
                none_type(ctx)
            } else {
                match vi_types.get(out.as_str()).and_then(|tp| type_from_proto(ctx, tp)) {
                    Some(t) => t,
                    None => any_type(ctx),
                }
            };
            types.push(t);
        }
        let op = self.new_op(&op_name, &types, attrs, format!("{desc} in {what}"));
        Ok((op, graph_attrs))
    }

    fn function(&mut self, f: &FunctionProto, i: usize) -> Res<OpId> {
        let what = format!("function '{}' (#{i})", f.name.as_deref().unwrap_or(""));
        let as_graph = GraphProto {
            node: f.node.clone(),
            input: f.input.iter().map(|n| ValueInfoProto { name: Some(n.clone()), ..Default::default() }).collect(),
            output: f.output.iter().map(|n| ValueInfoProto { name: Some(n.clone()), ..Default::default() }).collect(),
            ..Default::default()
        };
        let block = self.m.body.create_block(Span::default());
        let meta = self.graph(&as_graph, block, &what, "onnx.Return")?;
        let region = self.m.body.create_region(vec![block], Span::default());
        let ctx = self.ctx();
        let mut sym = f.name.clone().unwrap_or_default();
        if let Some(d) = f.domain.as_deref().filter(|d| !d.is_empty()) {
            sym = format!("{d}.{sym}");
        }
        if let Some(o) = f.overload.as_deref().filter(|o| !o.is_empty()) {
            sym = format!("{sym}:{o}");
        }
        let mut attrs = vec![];
        let s = str_attr(ctx, sym.as_bytes());
        attrs.push(na(ctx, "sym_name", s));
        let any = any_type(ctx);
        let fty = ctx.ty(TypeData::Function { inputs: vec![any; f.input.len()], results: vec![any; f.output.len()] });
        let fa = ctx.attr(AttrData::Type(fty));
        attrs.push(na(ctx, "function_type", fa));
        let vis = str_attr(ctx, b"private");
        attrs.push(na(ctx, "sym_visibility", vis));
        let aa = ctx.attr(AttrData::Array(meta.arg_attrs));
        attrs.push(na(ctx, "arg_attrs", aa));
        let ra = ctx.attr(AttrData::Array(meta.res_attrs));
        attrs.push(na(ctx, "res_attrs", ra));
        if let Some(ns) = namespace_attr(ctx, &f.opset_import) {
            attrs.push(na(ctx, crate::namespace::NAMESPACE_ATTR, ns));
        }
        let u = ctx.unit_attr();
        attrs.push(na(ctx, "onnx.function", u));
        if let Some(n) = &f.name {
            let a = str_attr(ctx, n.as_bytes());
            attrs.push(na(ctx, "onnx.name", a));
        }
        if let Some(d) = &f.domain {
            let a = str_attr(ctx, d.as_bytes());
            attrs.push(na(ctx, "onnx.domain", a));
        }
        if let Some(o) = &f.overload {
            let a = str_attr(ctx, o.as_bytes());
            attrs.push(na(ctx, "onnx.overload", a));
        }
        if !f.attribute.is_empty() {
            let a = strings_attr(ctx, &f.attribute);
            attrs.push(na(ctx, "onnx.attribute", a));
        }
        if !f.attribute_proto.is_empty() {
            let a = messages_attr(ctx, "attribute_proto", &f.attribute_proto);
            attrs.push(na(ctx, "onnx.attribute_proto", a));
        }
        if let Some(d) = &f.doc_string {
            let a = str_attr(ctx, d.as_bytes());
            attrs.push(na(ctx, "onnx.doc_string", a));
        }
        let o = opset_attr(ctx, &f.opset_import);
        attrs.push(na(ctx, "onnx.opset_import", o));
        if !f.value_info.is_empty() {
            let items = f.value_info.iter().map(|vi| value_info_dict(ctx, vi)).collect();
            let a = ctx.attr(AttrData::Array(items));
            attrs.push(na(ctx, "onnx.value_info", a));
        }
        if !f.metadata_props.is_empty() {
            let a = pairs_attr(ctx, &f.metadata_props);
            attrs.push(na(ctx, "onnx.metadata_props", a));
        }
        let op = self.new_op("func.func", &[], attrs, what);
        self.m.body.push_region(op, region);
        Ok(op)
    }
}

/// The entries of a subgraph's placeholder dictionary (or a function's attributes).
fn meta_dict_entries(ctx: &mut Context, meta: GraphMeta) -> Vec<NamedAttr> {
    let mut d = meta.attrs;
    let aa = ctx.attr(AttrData::Array(meta.arg_attrs));
    d.push(na(ctx, "onnx.arg_attrs", aa));
    let ra = ctx.attr(AttrData::Array(meta.res_attrs));
    d.push(na(ctx, "onnx.res_attrs", ra));
    let rt: Vec<AttrId> = meta.res_types.iter().map(|&t| ctx.attr(AttrData::Type(t))).collect();
    let rt = ctx.attr(AttrData::Array(rt));
    d.push(na(ctx, "onnx.res_types", rt));
    d
}

/// The value field an attribute's type calls for when it is unset (`None` for references to
/// a function's attributes, which carry no value, and for lists, which may be empty).
fn missing_value_field(a: &AttributeProto) -> Option<&'static str> {
    use attr_type::*;
    if a.ref_attr_name.is_some() {
        return None;
    }
    let (set, field) = match a.r#type? {
        FLOAT => (a.f.is_some(), "f"),
        INT => (a.i.is_some(), "i"),
        STRING => (a.s.is_some(), "s"),
        TENSOR => (a.t.is_some(), "t"),
        GRAPH => (a.g.is_some(), "g"),
        SPARSE_TENSOR => (a.sparse_tensor.is_some(), "sparse_tensor"),
        TYPE_PROTO => (a.tp.is_some(), "tp"),
        _ => return None,
    };
    (!set).then_some(field)
}

/// How errors name a node: `node 'conv1' (Conv, #3)`.
pub fn node_desc(node: &NodeProto, k: usize) -> String {
    format!("node '{}' ({}, #{})", node.name.as_deref().unwrap_or(""), node.op_type.as_deref().unwrap_or("?"), k)
}

/// Imports a decoded model.
pub fn import_model(model: &ModelProto) -> Res<(Module, Origins)> {
    let mut imp = Importer { m: Module::new(Context::new()), origins: Origins::default(), scopes: Vec::new() };
    let mb = imp.m.body.create_block(Span::default());
    let mut funcs = Vec::new();
    if let Some(g) = &model.graph {
        let block = imp.m.body.create_block(Span::default());
        let meta = imp.graph(g, block, "the main graph", "onnx.Return")?;
        let region = imp.m.body.create_region(vec![block], Span::default());
        let ctx = imp.ctx();
        let mut attrs = vec![];
        let s = str_attr(ctx, b"main_graph");
        attrs.push(na(ctx, "sym_name", s));
        let fty = ctx.ty(TypeData::Function { inputs: meta.arg_types.clone(), results: meta.res_types.clone() });
        let fa = ctx.attr(AttrData::Type(fty));
        attrs.push(na(ctx, "function_type", fa));
        let aa = ctx.attr(AttrData::Array(meta.arg_attrs));
        attrs.push(na(ctx, "arg_attrs", aa));
        let ra = ctx.attr(AttrData::Array(meta.res_attrs));
        attrs.push(na(ctx, "res_attrs", ra));
        attrs.extend(meta.attrs);
        let op = imp.new_op("func.func", &[], attrs, "the main graph".to_string());
        imp.m.body.push_region(op, region);
        funcs.push(op);
    }
    for (i, f) in model.functions.iter().enumerate() {
        funcs.push(imp.function(f, i)?);
    }
    for op in funcs {
        imp.m.body.append_op(mb, op);
    }
    let ctx = imp.ctx();
    let mut attrs = vec![];
    if let Some(ns) = namespace_attr(ctx, &model.opset_import) {
        attrs.push(na(ctx, crate::namespace::NAMESPACE_ATTR, ns));
    }
    let i64t = i64_type(ctx);
    // A unit value: no ir_version (absent, the exporter would fill one in).
    let a = match model.ir_version {
        Some(v) => int_attr(ctx, v, Some(i64t)),
        None => ctx.unit_attr(),
    };
    attrs.push(na(ctx, "onnx.ir_version", a));
    let o = opset_attr(ctx, &model.opset_import);
    attrs.push(na(ctx, "onnx.opset_import", o));
    for (key, v) in [("onnx.producer_name", &model.producer_name), ("onnx.producer_version", &model.producer_version), ("onnx.domain", &model.domain), ("onnx.doc_string", &model.doc_string)] {
        if let Some(v) = v {
            let a = str_attr(ctx, v.as_bytes());
            attrs.push(na(ctx, key, a));
        }
    }
    if let Some(v) = model.model_version {
        let a = int_attr(ctx, v, Some(i64t));
        attrs.push(na(ctx, "onnx.model_version", a));
    }
    if !model.metadata_props.is_empty() {
        let a = pairs_attr(ctx, &model.metadata_props);
        attrs.push(na(ctx, "onnx.metadata_props", a));
    }
    if !model.training_info.is_empty() {
        let a = messages_attr(ctx, "training_info_proto", &model.training_info);
        attrs.push(na(ctx, "onnx.training_info", a));
    }
    if !model.configuration.is_empty() {
        let a = messages_attr(ctx, "device_configuration_proto", &model.configuration);
        attrs.push(na(ctx, "onnx.configuration", a));
    }
    let region = imp.m.body.create_region(vec![mb], Span::default());
    let module = imp.new_op(MODULE, &[], attrs, "the model".to_string());
    imp.m.body.push_region(module, region);
    let top = imp.m.top;
    imp.m.body.append_op(top, module);
    imp.m.mark_edited();
    Ok((imp.m, imp.origins))
}
