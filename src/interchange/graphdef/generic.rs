//! Generic functions (a FunctionDef whose nodes use placeholder attributes), imported and
//! exported as TensorFlow's functiondef_import.cc / functiondef_export.cc do: `tfg.func
//! generic` with `!tf_type.tensor` arguments and results, every node one `!tf_type.tensor`
//! result, named outputs through `tfg.get_result(%node) "name" : number`, the signature kept in
//! argument attributes (`tfg.type`, `tfg.type_attr`, `tfg.number_attr`, `tfg.type_list_attr`,
//! `tfg.arg_attrs`), `control_output` and the attribute definitions (`tfg.func_attrs`).

use std::collections::{BTreeMap, HashMap};

use super::convert::*;
use super::proto::*;
use crate::dialect::tfg::NodeBuilder;
use crate::ir::body::{BlockArgInfo, OpSpec, Span};
use crate::ir::types::Signedness;
use crate::ir::{AttrData, AttrId, Context, Module, NamedAttr, OpId, TypeData, TypeId, ValueId};

type Res<T> = Result<T, String>;

/// Whether a FunctionDef is generic (some node attribute is a placeholder).
pub fn is_generic(f: &FunctionDef) -> bool {
    f.node_def.iter().any(|n| n.attr.values().any(|v| matches!(v.value, Some(attr_value::Value::Placeholder(_)))))
}

fn opaque_tensor(ctx: &mut Context) -> TypeId {
    let s = ctx.sym("tensor");
    ctx.ty(TypeData::TfSimple(s))
}

fn named(ctx: &mut Context, out: &mut Vec<NamedAttr>, n: &str, v: AttrId) {
    let name = ctx.sym(n);
    out.push(NamedAttr::new(name, v));
}

fn arg_def_attrs(ctx: &mut Context, a: &ArgDef) -> Res<Vec<NamedAttr>> {
    let mut out = Vec::new();
    let v = ctx.string_attr(&a.name);
    named(ctx, &mut out, "tfg.name", v);
    if !a.description.is_empty() {
        let v = ctx.string_attr(&a.description);
        named(ctx, &mut out, "tfg.description", v);
    }
    if a.r#type != 0 {
        let t = dtype_to_type(ctx, a.r#type)?;
        let v = ctx.attr(AttrData::Type(t));
        named(ctx, &mut out, "tfg.type", v);
    }
    for (k, s) in [("tfg.type_attr", &a.type_attr), ("tfg.number_attr", &a.number_attr), ("tfg.type_list_attr", &a.type_list_attr)] {
        if !s.is_empty() {
            let v = ctx.string_attr(s);
            named(ctx, &mut out, k, v);
        }
    }
    if !a.handle_data.is_empty() {
        let mut items = Vec::new();
        for h in &a.handle_data {
            let e = super::convert::handle_dtype(ctx, h.dtype)?;
            let shape = h.shape.clone().unwrap_or_default();
            let t = if shape.unknown_rank {
                ctx.ty(TypeData::UnrankedTensor { elem: e })
            } else {
                let dims = shape.dim.iter().map(|d| if d.size < 0 { crate::ir::types::DYNAMIC } else { d.size }).collect();
                ctx.ty(TypeData::RankedTensor { shape: dims, elem: e, encoding: None })
            };
            items.push(ctx.attr(AttrData::Type(t)));
        }
        let v = ctx.attr(AttrData::Array(items));
        named(ctx, &mut out, "tfg.handle_data", v);
    }
    if a.is_ref {
        let u = ctx.unit_attr();
        named(ctx, &mut out, "tfg.is_ref", u);
    }
    if let Some(ft) = &a.experimental_full_type {
        let v = full_type_to_ir(ctx, ft);
        named(ctx, &mut out, "tfg.experimental_full_type", v);
    }
    Ok(out)
}

/// Splits a reference as TensorFlow's generic importer does: `^n`, `n`, `n:out`, `n:out:3`
/// (an index past 2^32 - 2 is refused, as TensorFlow refuses it).
fn split_ref(full: &str) -> Res<(bool, &str, &str, u32)> {
    let (ctl, full) = match full.strip_prefix('^') {
        Some(r) => (true, r),
        None => (false, full),
    };
    let (node, mut output) = match full.split_once(':') {
        Some((n, o)) => (n, o),
        None => (full, ""),
    };
    let mut num = 0;
    if let Some((o, n)) = output.rsplit_once(':') {
        if let Ok(v) = n.parse::<u64>() {
            num = u32::try_from(v).ok().filter(|&v| v < u32::MAX).ok_or_else(|| format!("Output index {v} is invalid (too large)"))?;
        }
        output = o;
    }
    Ok((ctl, node, output, num))
}

/// Imports a generic function.
pub fn import_generic(m: &mut Module, f: &FunctionDef, gradient: Option<&str>) -> Res<OpId> {
    let sig = f.signature.clone().unwrap_or_default();
    if sig.name.is_empty() {
        return Err("generic function without a name".into());
    }
    let at = |e: String| format!("{e}\n\twhen importing function {}", sig.name);
    let ctx = &mut m.ctx;
    let mut attrs = Vec::new();
    let v = ctx.string_attr(&sig.name);
    named(ctx, &mut attrs, "sym_name", v);
    let u = ctx.unit_attr();
    named(ctx, &mut attrs, "generic", u);
    if !sig.description.is_empty() {
        let v = ctx.string_attr(&sig.description);
        named(ctx, &mut attrs, "description", v);
    }
    if sig.is_stateful {
        let u = ctx.unit_attr();
        named(ctx, &mut attrs, "is_stateful", u);
    }
    if let Some(g) = gradient {
        let v = symbol_ref(ctx, g);
        named(ctx, &mut attrs, "gradient", v);
    }
    if !sig.control_output.is_empty() {
        let items = sig.control_output.iter().map(|c| ctx.string_attr(c)).collect();
        let v = ctx.attr(AttrData::Array(items));
        named(ctx, &mut attrs, "control_output", v);
    }
    if !sig.attr.is_empty() {
        let mut defs = Vec::new();
        for a in &sig.attr {
            if a.name.is_empty() {
                return Err(at("missing name for function attribute".into()));
            }
            let mut d = Vec::new();
            if !a.r#type.is_empty() {
                let v = ctx.string_attr(&a.r#type);
                named(ctx, &mut d, "function_type", v);
            }
            if let Some(dv) = &a.default_value {
                let v = attr_to_ir(ctx, dv).map_err(at)?;
                named(ctx, &mut d, "default_value", v);
            }
            if !a.description.is_empty() {
                let v = ctx.string_attr(&a.description);
                named(ctx, &mut d, "description", v);
            }
            if a.has_minimum || a.minimum != 0 {
                let i32t = ctx.ty(TypeData::Integer { width: 32, signedness: Signedness::Signless });
                let s = ctx.sym(&a.minimum.to_string());
                let v = ctx.attr(AttrData::Int { spelling: s, ty: Some(i32t) });
                named(ctx, &mut d, "minimum", v);
            }
            if let Some(av) = &a.allowed_values {
                let v = attr_to_ir(ctx, av).map_err(at)?;
                named(ctx, &mut d, "allowed_values", v);
            }
            let v = sorted_dict(ctx, d);
            named(ctx, &mut defs, &a.name, v);
        }
        let v = sorted_dict(ctx, defs);
        named(ctx, &mut attrs, "tfg.func_attrs", v);
    }
    for (name, d) in super::import::resource_id_attrs(ctx, f) {
        named(ctx, &mut attrs, name, d);
    }
    if f.attr.keys().any(|k| k.is_empty()) {
        return Err(at("Invalid function attribute name".into()));
    }
    attrs.extend(attr_map_to_dict(ctx, &f.attr, "tf.").map_err(at)?);
    let control = ctx.control_type();
    let tensor = opaque_tensor(ctx);
    let empty = ctx.attr(AttrData::Dict(vec![]));
    let mut arg_attrs = Vec::new();
    let block = m.body.create_block(Span::default());
    // Values by node name: "^" the control token, "" + number the plain results.
    let mut values: HashMap<String, (Option<ValueId>, ValueId, Option<OpId>)> = HashMap::new();
    for (i, a) in sig.input_arg.iter().enumerate() {
        let ctx = &mut m.ctx;
        let mut d = arg_def_attrs(ctx, a).map_err(at)?;
        if let Some(extra) = f.arg_attr.get(&(i as u32)) {
            let entries = attr_map_to_dict(ctx, &extra.attr, "").map_err(at)?;
            let v = sorted_dict(ctx, entries);
            named(ctx, &mut d, "tfg.arg_attrs", v);
        }
        arg_attrs.push(sorted_dict(ctx, d));
        arg_attrs.push(empty);
        let n = m.ctx.value_name(&a.name);
        let c = m.ctx.value_name(&format!("{}.ctl", a.name));
        let v = m.body.add_block_arg(block, tensor, BlockArgInfo { name: Some(n), ..Default::default() });
        let cv = m.body.add_block_arg(block, control, BlockArgInfo { name: Some(c), ..Default::default() });
        values.insert(a.name.clone(), (Some(v), cv, None));
    }
    let mut res_attrs = Vec::new();
    for o in &sig.output_arg {
        let d = arg_def_attrs(&mut m.ctx, o).map_err(at)?;
        res_attrs.push(sorted_dict(&mut m.ctx, d));
    }
    for c in &sig.control_output {
        let mut d = Vec::new();
        let v = m.ctx.string_attr(c);
        named(&mut m.ctx, &mut d, "tfg.name", v);
        res_attrs.push(sorted_dict(&mut m.ctx, d));
    }
    // Nodes first, then their operands (so back edges resolve).
    let mut ops = Vec::new();
    for node in &f.node_def {
        if node.op.is_empty() {
            return Err(at(format!("empty op type (node '{}', field 'op')", node.name)));
        }
        let ctx = &mut m.ctx;
        let mut na = attr_map_to_dict(ctx, &node.attr, "").map_err(|e| at(format!("node '{}': field 'attr': {e}", node.name)))?;
        if let Some(ft) = &node.experimental_type {
            let v = full_type_to_ir(ctx, ft);
            named(ctx, &mut na, "_mlir_fulltype", v);
        }
        let op = super::import::build_node(m, node, &[tensor], None, &na);
        m.body.append_op(block, op);
        let key = node.name.split(':').next().unwrap_or("").to_string();
        let r = m.body.results(op).to_vec();
        if values.insert(key, (None, r[1], Some(op))).is_some() {
            return Err(at(format!("Duplicated node (or function argument) with the same name: `{}` (field 'name')", node.name)));
        }
        ops.push(op);
    }
    let mut get_results: HashMap<(String, String, u32), ValueId> = HashMap::new();
    let mut resolve = |m: &mut Module, r: &str, before: Option<OpId>, block: crate::ir::BlockId| -> Res<ValueId> {
        let (ctl, node, output, num) = split_ref(r)?;
        let &(arg, ctl_v, op) = values.get(node).ok_or_else(|| format!("couldn't import graph: placeholder left {node}"))?;
        if ctl {
            return Ok(ctl_v);
        }
        if let (Some(a), "", 0) = (arg, output, num) {
            return Ok(a);
        }
        let key = (node.to_string(), output.to_string(), num);
        if let Some(&v) = get_results.get(&key) {
            return Ok(v);
        }
        let base = match (arg, op) {
            (Some(a), _) => a,
            (None, Some(op)) => m.body.results(op)[0],
            _ => return Err("bad reference".into()),
        };
        let name_attr = m.ctx.string_attr(output);
        let i32t = m.ctx.ty(TypeData::Integer { width: 32, signedness: Signedness::Signless });
        let s = m.ctx.sym(&num.to_string());
        let number = m.ctx.attr(AttrData::Int { spelling: s, ty: Some(i32t) });
        let gname = m.ctx.sym("tfg.get_result");
        let (n1, n2) = (m.ctx.sym("name"), m.ctx.sym("number"));
        let spec = OpSpec {
            name: Some(gname),
            result_types: [opaque_tensor(&mut m.ctx)].into_iter().collect(),
            attrs: [NamedAttr::new(n1, name_attr), NamedAttr::new(n2, number)].into_iter().collect(),
            ..Default::default()
        };
        let g = m.body.create_op(spec, gname);
        m.body.set_operands(g, &[base]);
        match before {
            Some(b) => m.body.insert_op_before(b, g),
            None => m.body.append_op(block, g),
        }
        let v = m.body.results(g)[0];
        get_results.insert(key, v);
        Ok(v)
    };
    for (node, &op) in f.node_def.iter().zip(&ops) {
        let mut operands = Vec::new();
        for input in &node.input {
            if input.is_empty() {
                return Err(at(format!("Node '{}' has an empty input (field 'input')", node.name)));
            }
            operands.push(resolve(m, input, Some(op), block).map_err(|e| at(format!("{e} (node '{}', field 'input')", node.name)))?);
        }
        m.body.set_operands(op, &operands);
    }
    if f.ret.values().any(|r| r.is_empty()) {
        return Err(at(format!("Function '{}' has empty result name", sig.name)));
    }
    if f.control_ret.values().any(|r| r.is_empty()) {
        return Err(at(format!("Function '{}' has empty control result name", sig.name)));
    }
    let mut rets = Vec::new();
    for o in &sig.output_arg {
        let r = f.ret.get(&o.name).ok_or_else(|| at(format!("field 'ret': missing output for '{}'", o.name)))?;
        rets.push(resolve(m, r, None, block).map_err(|e| at(format!("field 'ret': {e}")))?);
    }
    let mut ctls = Vec::new();
    for c in &sig.control_output {
        let r = f.control_ret.get(c).ok_or_else(|| at(format!("field 'control_ret': missing output for '{c}'")))?;
        ctls.push(resolve(m, &format!("^{r}"), None, block).map_err(|e| at(format!("field 'control_ret': {e}")))?);
    }
    let ret = NodeBuilder::new(m, "tfg.return").operands(&rets).control_operands(&ctls).without_control_result().build();
    m.body.append_op(block, ret);
    let ctx = &mut m.ctx;
    let v = ctx.attr(AttrData::Array(arg_attrs));
    named(ctx, &mut attrs, "arg_attrs", v);
    let v = ctx.attr(AttrData::Array(res_attrs));
    named(ctx, &mut attrs, "res_attrs", v);
    let mut inputs = Vec::new();
    for _ in &sig.input_arg {
        inputs.push(tensor);
        inputs.push(control);
    }
    let mut results = vec![tensor; rets.len()];
    results.extend(std::iter::repeat_n(control, ctls.len()));
    let ft = ctx.ty(TypeData::Function { inputs, results });
    let v = ctx.attr(AttrData::Type(ft));
    named(ctx, &mut attrs, "function_type", v);
    sort_attrs(ctx, &mut attrs);
    let region = m.body.create_region(vec![block], Span::default());
    let name = m.ctx.sym("tfg.func");
    let spec = OpSpec { name: Some(name), attrs: attrs.into_iter().collect(), regions: [region].into_iter().collect(), ..Default::default() };
    Ok(m.body.create_op(spec, name))
}

// ---------------------------------------------------------------------------------------------
// Export.

fn dict_get(m: &Module, d: AttrId, k: &str) -> Option<AttrId> {
    m.ctx.dict_entries(d).iter().find(|e| m.ctx.str(e.name) == k).map(|e| e.value)
}

fn str_of(m: &Module, a: Option<AttrId>) -> String {
    a.and_then(|a| m.ctx.string_value(a)).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default()
}

fn arg_def_of(m: &Module, d: AttrId) -> Res<ArgDef> {
    let mut a = ArgDef { name: str_of(m, dict_get(m, d, "tfg.name")), description: str_of(m, dict_get(m, d, "tfg.description")), ..Default::default() };
    if let Some(t) = dict_get(m, d, "tfg.type") {
        if let AttrData::Type(t) = m.ctx.attr_data(m.ctx.resolved_attr(t)) {
            a.r#type = type_to_dtype(&m.ctx, *t).unwrap_or(0);
        }
    }
    a.type_attr = str_of(m, dict_get(m, d, "tfg.type_attr"));
    a.number_attr = str_of(m, dict_get(m, d, "tfg.number_attr"));
    a.type_list_attr = str_of(m, dict_get(m, d, "tfg.type_list_attr"));
    a.is_ref = dict_get(m, d, "tfg.is_ref").is_some();
    if let Some(h) = dict_get(m, d, "tfg.handle_data") {
        if let AttrData::Array(items) = m.ctx.attr_data(m.ctx.resolved_attr(h)) {
            for &it in items {
                if let AttrData::Type(t) = m.ctx.attr_data(m.ctx.resolved_attr(it)) {
                    match m.ctx.type_data(m.ctx.resolved_type(*t)) {
                        TypeData::RankedTensor { shape, elem, .. } => a.handle_data.push(DtypeAndShape {
                            dtype: type_to_dtype(&m.ctx, *elem).unwrap_or(0),
                            shape: Some(TensorShapeProto { dim: shape.iter().map(|&x| Dim { size: if x == crate::ir::types::DYNAMIC { -1 } else { x }, name: String::new() }).collect(), unknown_rank: false }),
                        }),
                        TypeData::UnrankedTensor { elem } => a.handle_data.push(DtypeAndShape { dtype: type_to_dtype(&m.ctx, *elem).unwrap_or(0), shape: Some(TensorShapeProto { dim: vec![], unknown_rank: true }) }),
                        _ => {}
                    }
                }
            }
        }
    }
    if let Some(ft) = dict_get(m, d, "tfg.experimental_full_type") {
        if let AttrData::Opaque(s) = m.ctx.attr_data(m.ctx.resolved_attr(ft)) {
            a.experimental_full_type = Some(parse_full_type(m.ctx.str(*s))?);
        }
    }
    Ok(a)
}

/// The reference text of a value inside a generic function.
fn ref_of(m: &Module, v: ValueId, args: &HashMap<ValueId, (String, bool)>) -> Res<String> {
    if let Some((n, ctl)) = args.get(&v) {
        return Ok(if *ctl { format!("^{n}") } else { n.clone() });
    }
    let op = m.body.defining_op(v).ok_or("value without a definition")?;
    if m.op_name(op) == "tfg.get_result" {
        let base = m.body.operands(op).next().ok_or("get_result without an operand")?;
        let node = match args.get(&base) {
            Some((n, _)) => n.clone(),
            None => {
                let b = m.body.defining_op(base).ok_or("bad get_result operand")?;
                str_of(m, m.op_attr(b, "_mlir_name"))
            }
        };
        let name = str_of(m, m.op_attr(op, "name"));
        let num = m.op_attr(op, "number").and_then(|a| m.ctx.int_value(a)).unwrap_or(0);
        return Ok(if name.is_empty() && num == 0 { node } else { format!("{node}:{name}:{num}") });
    }
    let name = str_of(m, m.op_attr(op, "_mlir_name"));
    if m.ctx.is_control_type(m.body.value_type(v)) {
        return Ok(format!("^{name}"));
    }
    Ok(name)
}

/// Exports a `tfg.func generic`.
pub fn export_generic(m: &Module, op: OpId, lib: &mut FunctionDefLibrary, node_export: impl Fn(&Module, OpId) -> Res<NodeDef>) -> Res<FunctionDef> {
    let name = str_of(m, m.op_attr(op, "sym_name"));
    let block = crate::dialect::tfg::body_block(m, op).ok_or("generic function without a body")?;
    let arr = |k: &str| -> Vec<AttrId> {
        match m.op_attr(op, k).map(|a| m.ctx.attr_data(m.ctx.resolved_attr(a))) {
            Some(AttrData::Array(v)) => v.clone(),
            _ => vec![],
        }
    };
    let (arg_attrs, res_attrs) = (arr("arg_attrs"), arr("res_attrs"));
    let mut f = FunctionDef::default();
    let mut sig = OpDef { name, ..Default::default() };
    let mut args = HashMap::new();
    let bargs = m.body.block(block).args.clone();
    for (i, pair) in bargs.chunks(2).enumerate() {
        let d = arg_attrs.get(2 * i).copied().unwrap_or_else(|| AttrId::new(0));
        let a = arg_def_of(m, d)?;
        if let Some(extra) = dict_get(m, d, "tfg.arg_attrs") {
            let mut map = BTreeMap::new();
            for e in m.ctx.dict_entries(extra) {
                map.insert(m.ctx.str(e.name).to_string(), ir_to_attr(&m.ctx, e.value)?);
            }
            f.arg_attr.insert(i as u32, ArgAttrs { attr: map });
        }
        args.insert(pair[0], (a.name.clone(), false));
        if let Some(&c) = pair.get(1) {
            args.insert(c, (a.name.clone(), true));
        }
        sig.input_arg.push(a);
    }
    let mut ret_op = None;
    for o in m.body.block_ops(block) {
        match m.op_name(o) {
            "tfg.get_result" => {}
            "tfg.return" => ret_op = Some(o),
            _ => {
                let mut n = node_export(m, o)?;
                n.input = m.body.operands(o).map(|v| ref_of(m, v, &args)).collect::<Res<_>>()?;
                f.node_def.push(n);
            }
        }
    }
    let ret = ret_op.ok_or("generic function without tfg.return")?;
    let operands: Vec<ValueId> = m.body.operands(ret).collect();
    let n_data = operands.iter().filter(|&&v| !m.ctx.is_control_type(m.body.value_type(v))).count();
    let control_output: Vec<String> = arr("control_output").iter().map(|&a| str_of(m, Some(a))).collect();
    for (i, &v) in operands.iter().enumerate() {
        if i < n_data {
            let a = arg_def_of(m, res_attrs.get(i).copied().unwrap_or_else(|| AttrId::new(0)))?;
            f.ret.insert(a.name.clone(), ref_of(m, v, &args)?);
            sig.output_arg.push(a);
        } else {
            let cname = control_output.get(i - n_data).cloned().unwrap_or_else(|| str_of(m, res_attrs.get(i).and_then(|&d| dict_get(m, d, "tfg.name"))));
            let target = ref_of(m, v, &args)?;
            f.control_ret.insert(cname, target.trim_start_matches('^').to_string());
        }
    }
    sig.control_output = control_output;
    for a in m.body.attrs(op) {
        let key = m.ctx.str(a.name);
        match key {
            "description" => sig.description = str_of(m, Some(a.value)),
            "is_stateful" => sig.is_stateful = true,
            "gradient" => {
                if let AttrData::SymbolRef(p) = m.ctx.attr_data(m.ctx.resolved_attr(a.value)) {
                    if let Some(p0) = p.first() {
                        lib.gradient.push(GradientDef { function_name: sig.name.clone(), gradient_func: symbol_name(m.ctx.str(*p0)) });
                    }
                }
            }
            "tfg.func_attrs" => {
                for e in m.ctx.dict_entries(a.value) {
                    let d = e.value;
                    let mut def = AttrDef {
                        name: m.ctx.str(e.name).to_string(),
                        r#type: str_of(m, dict_get(m, d, "function_type")),
                        default_value: dict_get(m, d, "default_value").map(|v| ir_to_attr(&m.ctx, v)).transpose()?,
                        description: str_of(m, dict_get(m, d, "description")),
                        ..Default::default()
                    };
                    if let Some(min) = dict_get(m, d, "minimum").and_then(|v| m.ctx.int_value(v)) {
                        def.has_minimum = true;
                        def.minimum = min as i64;
                    }
                    def.allowed_values = dict_get(m, d, "allowed_values").map(|v| ir_to_attr(&m.ctx, v)).transpose()?;
                    sig.attr.push(def);
                }
            }
            _ => {
                if let Some(k) = key.strip_prefix("tf.") {
                    f.attr.insert(k.to_string(), ir_to_attr(&m.ctx, a.value)?);
                }
            }
        }
    }
    super::export::read_resource_ids(m, op, &mut f);
    f.signature = Some(sig);
    Ok(f)
}

