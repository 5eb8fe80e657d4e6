//! IR → ModelProto, the inverse of [`super::import`]: the module's `onnx.*` attributes give the
//! model fields, `func.func @main_graph` the graph (block arguments → inputs, `onnx.Constant`
//! ops marked `onnx.initializer` → initializers, other ops → nodes, the terminator → outputs),
//! regions of ops their graph attributes, `func.func` ops marked `onnx.function` the model's
//! functions. Values are named by `onnx.name` (arguments) and `onnx.outputs` (results); a value
//! a pass created gets a fresh name.

use std::collections::{HashMap, HashSet};

use super::convert::*;
use super::proto::*;
use crate::ir::{AttrData, AttrId, BlockId, Module, NamedAttr, OpId, TypeData, TypeId, ValueId};

struct Exporter<'m> {
    m: &'m Module,
    names: HashMap<ValueId, String>,
    fresh: usize,
    /// Every value name the module spells (`onnx.outputs`, `onnx.name`), gathered when a
    /// fresh name is first needed.
    used: HashSet<String>,
}

/// The value names a module spells anywhere (results' `onnx.outputs`, arguments' and
/// outputs' `onnx.name`).
fn collect_names(m: &Module) -> HashSet<String> {
    fn walk(m: &Module, a: AttrId, out: &mut HashSet<String>) {
        match m.ctx.attr_data(m.ctx.resolved_attr(a)) {
            AttrData::Array(items) => items.iter().for_each(|&i| walk(m, i, out)),
            AttrData::Dict(entries) => {
                for e in entries {
                    if m.ctx.str(e.name) == "onnx.name" {
                        out.extend(attr_string(&m.ctx, e.value));
                    } else {
                        walk(m, e.value, out);
                    }
                }
            }
            _ => {}
        }
    }
    let mut out = HashSet::new();
    out.insert(String::new());
    let mut stack: Vec<OpId> = m.body.block_ops(m.top).collect();
    while let Some(op) = stack.pop() {
        for na in m.body.attrs(op) {
            if m.ctx.str(na.name) == "onnx.outputs" {
                out.extend(strings_of(&m.ctx, na.value));
            } else {
                walk(m, na.value, &mut out);
            }
        }
        for &r in &m.body.op(op).regions {
            for &b in &m.body.region(r).blocks {
                stack.extend(m.body.block_ops(b));
            }
        }
    }
    out
}

/// The IR version onnx pairs with an opset of the default domain (onnx.helper.VERSION_TABLE).
fn ir_version_for(opset: i64) -> i64 {
    match opset {
        ..=8 => 3,
        9 => 4,
        10 => 5,
        11 => 6,
        12..=14 => 7,
        15..=18 => 8,
        19..=20 => 9,
        21..=22 => 10,
        23 => 11,
        24 => 12,
        _ => 13,
    }
}

/// The opsets a module's `amanda.namespace` declares, for a module that was not imported.
fn opsets_of_namespace(m: &Module, a: Option<AttrId>) -> Vec<OperatorSetIdProto> {
    let Some(a) = a else { return vec![] };
    let names = match m.ctx.attr_data(m.ctx.resolved_attr(a)) {
        AttrData::Array(_) => strings_of(&m.ctx, a),
        _ => attr_string(&m.ctx, a).into_iter().collect(),
    };
    names
        .iter()
        .filter_map(|n| {
            let n = n.strip_prefix("amanda/").unwrap_or(n);
            let (domain, v) = if let Some(v) = n.strip_prefix("onnx/ml/opset-") {
                ("ai.onnx.ml", v)
            } else {
                ("", n.strip_prefix("onnx/opset-")?)
            };
            Some(OperatorSetIdProto { domain: Some(domain.to_string()), version: Some(v.parse().ok()?) })
        })
        .collect()
}

fn entry(m: &Module, entries: &[NamedAttr], key: &str) -> Option<AttrId> {
    entries.iter().find(|e| m.ctx.str(e.name) == key).map(|e| e.value)
}

fn entry_str(m: &Module, entries: &[NamedAttr], key: &str) -> Option<String> {
    entry(m, entries, key).and_then(|a| attr_string(&m.ctx, a))
}

fn array(m: &Module, a: Option<AttrId>) -> Vec<AttrId> {
    match a.map(|a| m.ctx.attr_data(m.ctx.resolved_attr(a))) {
        Some(AttrData::Array(items)) => items.clone(),
        _ => vec![],
    }
}

fn opsets_of(m: &Module, a: Option<AttrId>) -> Vec<OperatorSetIdProto> {
    array(m, a)
        .into_iter()
        .filter_map(|i| match m.ctx.attr_data(m.ctx.resolved_attr(i)) {
            AttrData::Array(dv) if dv.len() == 2 => Some(OperatorSetIdProto { domain: attr_string(&m.ctx, dv[0]), version: attr_i64(&m.ctx, dv[1]) }),
            _ => None,
        })
        .collect()
}

/// A `ValueInfoProto` from a value's type and its dictionary of extras.
fn value_info(m: &Module, entries: &[NamedAttr], ty: TypeId) -> Res<ValueInfoProto> {
    let ctx = &m.ctx;
    let name = entry_str(m, entries, "onnx.name");
    let r#type = if entry(m, entries, "onnx.no_type").is_some() {
        None
    } else if let Some(a) = entry(m, entries, "onnx.type_proto") {
        match ctx.attr_data(ctx.resolved_attr(a)) {
            AttrData::Type(t) => type_to_proto(ctx, *t),
            _ => None,
        }
    } else {
        let mut tp = type_to_proto(ctx, ty);
        if let (Some(tp), Some(p)) = (tp.as_mut(), entry(m, entries, "onnx.dim_params")) {
            apply_dim_params(tp, &strings_of(ctx, p));
        }
        if tp.is_none() && !matches!(ctx.type_data(ctx.resolved_type(ty)), TypeData::Opaque(s) if ctx.str(*s) == ANY) {
            return Err(format!("value '{}' has type {}, which has no ONNX form", name.unwrap_or_default(), crate::printer::attrs::type_to_string(ctx, ty)));
        }
        tp
    };
    Ok(ValueInfoProto {
        name,
        r#type,
        doc_string: entry_str(m, entries, "onnx.doc_string"),
        metadata_props: entry(m, entries, "onnx.metadata_props").map(|a| pairs_of(ctx, a)).unwrap_or_default(),
    })
}

fn value_infos(m: &Module, a: Option<AttrId>) -> Res<Vec<ValueInfoProto>> {
    array(m, a)
        .into_iter()
        .map(|d| {
            let entries = m.ctx.dict_entries(d);
            let ty = match entry(m, entries, "type").map(|t| m.ctx.attr_data(m.ctx.resolved_attr(t))) {
                Some(AttrData::Type(t)) => *t,
                _ => return Err("a value_info entry has no type".to_string()),
            };
            value_info(m, entries, ty)
        })
        .collect()
}

/// Whether an attribute of a node op is ONNX's (not amanda-opt's bookkeeping).
fn is_onnx_attr(key: &str, custom: bool) -> bool {
    !(key.starts_with("onnx.") || key == "onnx_node_name" || key.starts_with("amanda.") || (custom && (key == "domain_name" || key == "function_name")))
}

impl<'m> Exporter<'m> {
    fn name_of(&mut self, v: ValueId) -> String {
        if let Some(n) = self.names.get(&v) {
            return n.clone();
        }
        // A value a pass created: a fresh name, unused in the module.
        if self.used.is_empty() {
            self.used = collect_names(self.m);
        }
        loop {
            self.fresh += 1;
            let n = format!("amanda_{}", self.fresh);
            if self.used.insert(n.clone()) {
                self.names.insert(v, n.clone());
                return n;
            }
        }
    }

    /// Names the block's arguments and its ops' results.
    fn name_block(&mut self, block: BlockId, arg_attrs: &[AttrId]) {
        let m = self.m;
        for (i, &v) in m.body.block(block).args.iter().enumerate() {
            if let Some(n) = arg_attrs.get(i).and_then(|&d| entry_str(m, m.ctx.dict_entries(d), "onnx.name")) {
                self.names.insert(v, n);
            }
        }
        for op in m.body.block_ops(block) {
            let outs = m.op_attr(op, "onnx.outputs").map(|a| strings_of(&m.ctx, a)).unwrap_or_default();
            for (j, &v) in m.body.results(op).iter().enumerate() {
                if let Some(n) = outs.get(j) {
                    self.names.insert(v, n.clone());
                }
            }
            if m.op_name(op) == "onnx.NoValue" {
                if let Some(&v) = m.body.results(op).first() {
                    self.names.insert(v, String::new());
                }
            }
        }
    }

    /// A graph from its block and the attributes describing it (`meta`: the function op's or the
    /// placeholder dictionary's entries).
    fn graph(&mut self, block: BlockId, meta: &[NamedAttr], arg_attrs: &[AttrId], res_attrs: &[AttrId], res_types: &[TypeId], default_name: &str) -> Res<GraphProto> {
        let m = self.m;
        self.name_block(block, arg_attrs);
        // An output value without a name of its own (IR written by hand, or made by a pass)
        // takes the output's.
        if let Some(t) = m.body.last_op(block).filter(|&t| matches!(m.op_name(t), "onnx.Return" | "onnx.Yield" | "func.return")) {
            for (i, v) in m.body.operands(t).enumerate() {
                if let Some(n) = res_attrs.get(i).and_then(|&d| entry_str(m, m.ctx.dict_entries(d), "onnx.name")) {
                    self.names.entry(v).or_insert(n);
                }
            }
        }
        let mut g = GraphProto {
            // Absent: IR written by hand, the graph gets a name as ONNX requires; a unit
            // attribute: imported from a graph without one.
            name: match entry(m, meta, "onnx.graph_name") {
                Some(a) => attr_string(&m.ctx, a),
                None => Some(default_name.to_string()),
            },
            doc_string: entry_str(m, meta, "onnx.doc_string"),
            value_info: value_infos(m, entry(m, meta, "onnx.value_info"))?,
            quantization_annotation: match entry(m, meta, "onnx.quantization_annotation") {
                Some(a) => messages_of(&m.ctx, "tensor_annotation", a)?,
                None => vec![],
            },
            metadata_props: entry(m, meta, "onnx.metadata_props").map(|a| pairs_of(&m.ctx, a)).unwrap_or_default(),
            ..Default::default()
        };
        for (i, &v) in m.body.block(block).args.iter().enumerate() {
            let d = arg_attrs.get(i).map(|&d| m.ctx.dict_entries(d)).unwrap_or(&[]);
            let mut vi = value_info(m, d, m.body.value(v).ty)?;
            if vi.name.is_none() {
                vi.name = Some(self.name_of(v));
            }
            g.input.push(vi);
        }
        for op in m.body.block_ops(block) {
            let name = m.op_name(op);
            match name {
                "onnx.NoValue" => {}
                "onnx.Return" | "onnx.Yield" | "func.return" => {
                    let operands: Vec<ValueId> = m.body.operands(op).collect();
                    for (i, v) in operands.into_iter().enumerate() {
                        let d = res_attrs.get(i).map(|&d| m.ctx.dict_entries(d)).unwrap_or(&[]);
                        let ty = res_types.get(i).copied().unwrap_or(m.body.value(v).ty);
                        let mut vi = value_info(m, d, ty)?;
                        let vname = self.name_of(v);
                        match &vi.name {
                            None => vi.name = Some(vname),
                            // The output's value has another name (a pass replaced it): an
                            // Identity keeps the output's name.
                            Some(n) if *n != vname => g.node.push(NodeProto {
                                input: vec![vname],
                                output: vec![n.clone()],
                                op_type: Some("Identity".to_string()),
                                ..Default::default()
                            }),
                            Some(_) => {}
                        }
                        g.output.push(vi);
                    }
                }
                "onnx.Constant" if m.op_attr(op, "onnx.initializer").is_some() => {
                    let out = m.body.results(op).first().map(|&v| self.name_of(v)).unwrap_or_default();
                    if let Some(a) = m.op_attr(op, "sparse_value") {
                        g.sparse_initializer.push(from_bytes_attr(&m.ctx, "sparse_tensor_proto", a).ok_or_else(|| format!("initializer '{out}': bad sparse_value"))?);
                    } else {
                        let a = m.op_attr(op, "value").ok_or_else(|| format!("initializer '{out}' has no value"))?;
                        let opaque = matches!(m.ctx.attr_data(m.ctx.resolved_attr(a)), AttrData::Opaque(_));
                        let mut t = tensor_of_attr(&m.ctx, a).ok_or_else(|| match splat_too_large(&m.ctx, a) {
                            Some(why) => format!("initializer '{out}': {why}"),
                            None => format!("initializer '{out}': value is not a tensor"),
                        })?;
                        if !opaque {
                            t.name = Some(out);
                        }
                        g.initializer.push(t);
                    }
                }
                _ => g.node.push(self.node(op)?),
            }
        }
        Ok(g)
    }

    fn subgraph(&mut self, op: OpId, dict: AttrId, key: &str) -> Res<GraphProto> {
        let m = self.m;
        let entries = m.ctx.dict_entries(dict);
        let idx = entry(m, entries, "onnx.region").and_then(|a| attr_i64(&m.ctx, a)).ok_or("graph attribute without onnx.region")?;
        let region = *m.body.op(op).regions.get(idx as usize).ok_or_else(|| format!("graph attribute names region #{idx}, which the op does not have"))?;
        let block = *m.body.region(region).blocks.first().ok_or("graph region without a block")?;
        let arg_attrs = array(m, entry(m, entries, "onnx.arg_attrs"));
        let res_attrs = array(m, entry(m, entries, "onnx.res_attrs"));
        let res_types: Vec<TypeId> = array(m, entry(m, entries, "onnx.res_types"))
            .into_iter()
            .filter_map(|a| match m.ctx.attr_data(m.ctx.resolved_attr(a)) {
                AttrData::Type(t) => Some(*t),
                _ => None,
            })
            .collect();
        self.graph(block, entries, &arg_attrs, &res_attrs, &res_types, key)
    }

    fn node(&mut self, op: OpId) -> Res<NodeProto> {
        let m = self.m;
        let ctx = &m.ctx;
        let opname = m.op_name(op);
        let custom = opname == "onnx.Custom";
        let (op_type, domain) = if custom {
            (m.op_attr(op, "function_name").and_then(|a| attr_string(ctx, a)), m.op_attr(op, "domain_name").and_then(|a| attr_string(ctx, a)))
        } else if let Some(t) = opname.strip_prefix("onnx.ml.") {
            (Some(t.to_string()), Some(m.op_attr(op, "onnx.domain").and_then(|a| attr_string(ctx, a)).unwrap_or_else(|| "ai.onnx.ml".to_string())))
        } else if let Some(t) = opname.strip_prefix("onnx.") {
            (Some(t.to_string()), m.op_attr(op, "onnx.domain").and_then(|a| attr_string(ctx, a)))
        } else {
            return Err(format!("op '{opname}' has no ONNX form (ONNX ops are onnx.<OpType>, onnx.ml.<OpType> or onnx.Custom)"));
        };
        let node_name = m.op_attr(op, "onnx_node_name").and_then(|a| attr_string(ctx, a));
        let what = format!("node '{}' ({})", node_name.as_deref().unwrap_or(""), opname);
        let operands: Vec<ValueId> = m.body.operands(op).collect();
        let input = operands.into_iter().map(|v| self.name_of(v)).collect();
        let results: Vec<ValueId> = m.body.results(op).to_vec();
        let output = results.into_iter().map(|v| self.name_of(v)).collect();
        let mut node = NodeProto {
            input,
            output,
            name: node_name,
            op_type,
            domain,
            overload: m.op_attr(op, "onnx.overload").and_then(|a| attr_string(ctx, a)),
            doc_string: m.op_attr(op, "onnx.doc_string").and_then(|a| attr_string(ctx, a)),
            metadata_props: m.op_attr(op, "onnx.metadata_props").map(|a| pairs_of(ctx, a)).unwrap_or_default(),
            device_configurations: match m.op_attr(op, "onnx.device_configurations") {
                Some(a) => messages_of(ctx, "node_device_configuration_proto", a)?,
                None => vec![],
            },
            ..Default::default()
        };
        let attrs: Vec<NamedAttr> = m.body.attrs(op).to_vec();
        for na in attrs {
            let key = ctx.str(na.name);
            let v = ctx.resolved_attr(na.value);
            if key.starts_with("onnx.attribute.") {
                node.attribute.push(from_bytes_attr(ctx, "attribute_proto", v).ok_or_else(|| format!("{what}: {key} is not an #onnx.attribute_proto"))?);
                continue;
            }
            if !is_onnx_attr(key, custom) {
                continue;
            }
            if let Some(a) = from_bytes_attr::<AttributeProto>(ctx, "attribute_proto", v) {
                node.attribute.push(a);
                continue;
            }
            let is_graph = |a: AttrId| !ctx.dict_entries(a).is_empty() && entry(m, ctx.dict_entries(a), "onnx.region").is_some();
            if is_graph(v) {
                let g = self.subgraph(op, v, key)?;
                node.attribute.push(AttributeProto { name: Some(key.to_string()), r#type: Some(attr_type::GRAPH), g: Some(g), ..Default::default() });
                continue;
            }
            let items = array(m, Some(v));
            if !items.is_empty() && items.iter().all(|&i| is_graph(i)) {
                let mut graphs = Vec::new();
                for i in items {
                    graphs.push(self.subgraph(op, i, key)?);
                }
                node.attribute.push(AttributeProto { name: Some(key.to_string()), r#type: Some(attr_type::GRAPHS), graphs, ..Default::default() });
                continue;
            }
            let kind = attr_kind(ctx, v).ok_or_else(|| format!("{what}: attribute '{key}' has no ONNX form"))?;
            let tname = m.op_attr(op, &format!("onnx.tensor_name.{key}")).and_then(|a| attr_string(ctx, a));
            let a = attr_proto(ctx, key, kind, v, tname.as_deref()).ok_or_else(|| match splat_too_large(ctx, v) {
                Some(why) => format!("{what}: attribute '{key}': {why}"),
                None => format!("{what}: attribute '{key}' has no ONNX form of kind {}", attr_type::name(kind)),
            })?;
            node.attribute.push(a);
        }
        Ok(node)
    }

    fn function(&mut self, op: OpId) -> Res<FunctionProto> {
        let m = self.m;
        let ctx = &m.ctx;
        let attrs = m.body.attrs(op);
        let region = *m.body.op(op).regions.first().ok_or("function without a body")?;
        let block = *m.body.region(region).blocks.first().ok_or("function without a block")?;
        let arg_attrs = array(m, entry(m, attrs, "arg_attrs"));
        let res_attrs = array(m, entry(m, attrs, "res_attrs"));
        let g = self.graph(block, &[], &arg_attrs, &res_attrs, &[], "")?;
        Ok(FunctionProto {
            name: entry_str(m, attrs, "onnx.name"),
            input: g.input.into_iter().map(|v| v.name.unwrap_or_default()).collect(),
            output: g.output.into_iter().map(|v| v.name.unwrap_or_default()).collect(),
            attribute: entry(m, attrs, "onnx.attribute").map(|a| strings_of(ctx, a)).unwrap_or_default(),
            attribute_proto: match entry(m, attrs, "onnx.attribute_proto") {
                Some(a) => messages_of(ctx, "attribute_proto", a)?,
                None => vec![],
            },
            node: g.node,
            doc_string: entry_str(m, attrs, "onnx.doc_string"),
            opset_import: opsets_of(m, entry(m, attrs, "onnx.opset_import")),
            domain: entry_str(m, attrs, "onnx.domain"),
            overload: entry_str(m, attrs, "onnx.overload"),
            value_info: value_infos(m, entry(m, attrs, "onnx.value_info"))?,
            metadata_props: entry(m, attrs, "onnx.metadata_props").map(|a| pairs_of(ctx, a)).unwrap_or_default(),
        })
    }
}

/// The model of an imported (or hand-written) module.
pub fn export_model(m: &Module) -> Res<ModelProto> {
    let ctx = &m.ctx;
    let root = m.root_block();
    let module_op = m.body.block_ops(m.top).next().filter(|&op| m.op_name(op) == "builtin.module");
    let mattrs: &[NamedAttr] = module_op.map(|op| m.body.attrs(op)).unwrap_or(&[]);
    let mut model = ModelProto {
        ir_version: entry(m, mattrs, "onnx.ir_version").and_then(|a| attr_i64(ctx, a)),
        opset_import: opsets_of(m, entry(m, mattrs, "onnx.opset_import")),
        producer_name: entry_str(m, mattrs, "onnx.producer_name"),
        producer_version: entry_str(m, mattrs, "onnx.producer_version"),
        domain: entry_str(m, mattrs, "onnx.domain"),
        model_version: entry(m, mattrs, "onnx.model_version").and_then(|a| attr_i64(ctx, a)),
        doc_string: entry_str(m, mattrs, "onnx.doc_string"),
        metadata_props: entry(m, mattrs, "onnx.metadata_props").map(|a| pairs_of(ctx, a)).unwrap_or_default(),
        training_info: match entry(m, mattrs, "onnx.training_info") {
            Some(a) => messages_of(ctx, "training_info_proto", a)?,
            None => vec![],
        },
        configuration: match entry(m, mattrs, "onnx.configuration") {
            Some(a) => messages_of(ctx, "device_configuration_proto", a)?,
            None => vec![],
        },
        ..Default::default()
    };
    // What IR written by hand leaves out (an imported module has these attributes, a unit
    // value standing for an unset field): opsets from the declared namespaces, the IR
    // version that goes with the default domain's opset.
    if entry(m, mattrs, "onnx.opset_import").is_none() {
        model.opset_import = opsets_of_namespace(m, entry(m, mattrs, crate::namespace::NAMESPACE_ATTR));
    }
    if entry(m, mattrs, "onnx.ir_version").is_none() {
        let opset = model.opset_import.iter().find(|o| o.domain.as_deref().unwrap_or("").is_empty()).and_then(|o| o.version).unwrap_or(13);
        model.ir_version = Some(ir_version_for(opset));
    }
    let mut ex = Exporter { m, names: HashMap::new(), fresh: 0, used: HashSet::new() };
    for op in m.body.block_ops(root) {
        if m.op_name(op) != "func.func" {
            return Err(format!("'{}' at the top level has no ONNX form (expected func.func)", m.op_name(op)));
        }
        let attrs = m.body.attrs(op);
        if entry(m, attrs, "onnx.function").is_some() {
            model.functions.push(ex.function(op)?);
            continue;
        }
        if model.graph.is_some() {
            return Err("more than one graph function (only one func.func may lack onnx.function)".to_string());
        }
        let region = *m.body.op(op).regions.first().ok_or("graph function without a body")?;
        let block = *m.body.region(region).blocks.first().ok_or("graph function without a block")?;
        let arg_attrs = array(m, entry(m, attrs, "arg_attrs"));
        let res_attrs = array(m, entry(m, attrs, "res_attrs"));
        let res_types = match entry(m, attrs, "function_type").map(|a| ctx.attr_data(ctx.resolved_attr(a))) {
            Some(AttrData::Type(t)) => match ctx.type_data(ctx.resolved_type(*t)) {
                TypeData::Function { results, .. } => results.clone(),
                _ => vec![],
            },
            _ => vec![],
        };
        let sym = entry_str(m, attrs, "sym_name").unwrap_or_else(|| "main_graph".to_string());
        model.graph = Some(ex.graph(block, attrs, &arg_attrs, &res_attrs, &res_types, &sym)?);
    }
    Ok(model)
}
