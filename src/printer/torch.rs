//! Printing torch-mlir's custom syntax: `func.func`, `return` (MLIR's func dialect, after
//! `function_interface_impl::printFunctionOp`) and the `torch` dialect's forms
//! (`printDefaultTorchOp`, the constants, `torch.prim.ListConstruct`, `torch.vtensor.literal`,
//! `torch.operator`, `torch.prim.If` / `Loop`, ...; the form of each op is
//! [`crate::syntax::torch::torch_form`]). Also the names torch-mlir gives results
//! (`getAsmResultNames`: `%int1`, `%float1.500000e00`, `%true`, `%none`, `%str`, `%cpu`, and
//! the schema's result names of multi-result ops, `%values, %indices`), which
//! [`super::names`] uses in canonical and preserving mode. An op whose IR the custom form
//! cannot express falls back to the generic form.

use crate::ir::attrs::{AttrData, NamedAttr};
use crate::ir::types::TypeData;
use crate::ir::{AttrId, Module, OpId, TypeId, ValueId};
use crate::syntax::torch::{torch_form, ConstantKind, TorchForm};

use super::attrs::write_attr;
use super::Printer;

/// The properties of `func.func` its custom form shows in its signature.
const FUNC_PROPERTIES: [&str; 5] = ["arg_attrs", "function_type", "res_attrs", "sym_name", "sym_visibility"];

/// `func.func`'s properties its custom form shows in `attributes {...}`.
const FUNC_SHOWN_PROPERTIES: [&str; 1] = ["no_inline"];

/// An inherent attribute of `op`: in its properties, or (ops built by passes) its attributes.
pub fn inherent(m: &Module, op: OpId, key: &str) -> Option<AttrId> {
    let od = m.body.op(op);
    if let Some(p) = od.properties {
        if let Some(e) = m.ctx.dict_entries(p).iter().find(|e| m.ctx.str(e.name) == key) {
            return Some(e.value);
        }
    }
    m.op_attr(op, key)
}

/// Whether the properties of `op` hold only entries named in `keys`.
fn properties_within(m: &Module, op: OpId, keys: &[&str]) -> bool {
    match m.body.op(op).properties {
        None => true,
        Some(p) => m.ctx.dict_entries(p).iter().all(|e| keys.contains(&m.ctx.str(e.name))),
    }
}

/// The attributes of `op` but those named in `inherent` (shown by the custom form).
fn other_attrs(m: &Module, op: OpId, inherent: &[&str]) -> Vec<NamedAttr> {
    m.body.op(op).attrs.iter().filter(|a| !inherent.contains(&m.ctx.str(a.name))).copied().collect()
}

fn is_type(m: &Module, t: TypeId, text: &str) -> bool {
    matches!(m.ctx.type_data(m.ctx.resolved_type(t)), TypeData::Opaque(s) if m.ctx.str(*s) == text)
}

/// torch-mlir's name for a `torch.constant.float`: `float` and APFloat's
/// `toString(6, 0, false)` of the value without the characters an SSA name cannot have
/// (`1.5` → `float1.500000e00`, infinity → `floatInf`).
pub fn float_constant_name(spelling: &str) -> String {
    use super::float::{apfloat_to_string, float_sem, FloatValue};
    let Some(sem) = float_sem("f64") else { return "float".to_string() };
    let text = match sem.literal_bits(spelling).map(|b| sem.decode(b)) {
        Some(FloatValue::Inf { neg }) => if neg { "-Inf" } else { "Inf" }.to_string(),
        Some(FloatValue::Nan) => "NaN".to_string(),
        Some(v) => apfloat_to_string(sem, &v, 6, 0, false),
        None => String::new(),
    };
    let kept: String = text.chars().filter(|&c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '-')).collect();
    format!("float{}", kept)
}

/// The names torch-mlir's `getAsmResultNames` gives the results of `op` (one per result),
/// if it names them: the constants by their value, multi-result generated ops by the
/// schema's result names (`result0`, `result1`, ... for unnamed ones).
pub fn torch_result_names(m: &Module, op: OpId) -> Option<Vec<String>> {
    let name = m.op_name(op);
    let rest = name.strip_prefix("torch.")?;
    let results = m.body.results(op);
    let ctx = &m.ctx;
    let single = |s: String| (results.len() == 1).then(|| vec![s]);
    match rest {
        "constant.int" => {
            let v = ctx.int_value(inherent(m, op, "value")?)?;
            single(format!("int{}", v as i64))
        }
        "constant.float" => match ctx.attr_data(inherent(m, op, "value")?) {
            AttrData::Float { spelling, .. } | AttrData::Int { spelling, .. } => single(float_constant_name(ctx.str(*spelling))),
            _ => None,
        },
        "constant.bool" => match ctx.attr_data(inherent(m, op, "value")?) {
            AttrData::Bool(b) => single(if *b { "true" } else { "false" }.to_string()),
            _ => None,
        },
        "constant.none" => single("none".to_string()),
        "constant.str" => single("str".to_string()),
        "constant.device" => {
            let v = ctx.string_value(inherent(m, op, "value")?)?;
            single(String::from_utf8_lossy(&v).into_owned())
        }
        _ if results.len() > 1 && torch_form(name) == Some(TorchForm::Default) && !rest.starts_with("prim.") => {
            schema_result_names(name, results.len())
        }
        _ => None,
    }
}

/// The result names of the PyTorch schema of a generated op, as torch-mlir's ODS has them.
fn schema_result_names(name: &str, n: usize) -> Option<Vec<String>> {
    let (group, op_type) = crate::namespace::scope::classify(name)?;
    let schema = crate::namespace::with_registry(|r| r.resolve(group).and_then(|v| r.lookup(v, &op_type))).ok()??;
    if schema.outputs.len() != n {
        return None;
    }
    Some(
        schema
            .outputs
            .iter()
            .enumerate()
            .map(|(i, p)| if p.name.is_empty() { format!("result{}", i) } else { p.name.clone() })
            .collect(),
    )
}

impl Printer<'_> {
    fn write_uses(&mut self, values: &[ValueId]) {
        for (i, &v) in values.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.names.write_use(self.m, v, &mut self.out);
        }
    }

    fn value_types(&self, values: &[ValueId]) -> Vec<TypeId> {
        values.iter().map(|&v| self.m.body.value(v).ty).collect()
    }

    fn push_attrs(&mut self, attrs: &[NamedAttr]) {
        if !attrs.is_empty() {
            self.out.push(' ');
            self.push_dict(attrs);
        }
    }

    // ------------------------------------------------------------------ func

    /// `func.func [visibility] @name(%arg0: t {attrs}) -> (t {attrs}) attributes {...} {body}`.
    pub(super) fn print_func_func(&mut self, op: OpId, indent: usize) -> bool {
        let m = self.m;
        let ctx = &m.ctx;
        let od = m.body.op(op);
        if od.regions.len() != 1 || od.num_operands() != 0 || !od.results.is_empty() || !od.successors.is_empty() {
            return false;
        }
        let all: Vec<&str> = FUNC_PROPERTIES.iter().chain(&FUNC_SHOWN_PROPERTIES).copied().collect();
        if !properties_within(m, op, &all) {
            return false;
        }
        let Some(fn_ty) = inherent(m, op, "function_type") else { return false };
        let AttrData::Type(fn_ty) = ctx.attr_data(fn_ty) else { return false };
        let TypeData::Function { inputs, results } = ctx.type_data(ctx.resolved_type(*fn_ty)) else { return false };
        let Some(name) = inherent(m, op, "sym_name").and_then(|a| ctx.string_value(a)) else { return false };
        let visibility = match inherent(m, op, "sym_visibility") {
            None => None,
            Some(a) => match ctx.string_value(a) {
                Some(v) if [&b"private"[..], b"public", b"nested"].contains(&&v[..]) => Some(String::from_utf8_lossy(&v).into_owned()),
                _ => return false,
            },
        };
        let dicts = |key: &str, n: usize| -> Option<Vec<Option<AttrId>>> {
            match inherent(m, op, key) {
                None => Some(vec![None; n]),
                Some(a) => match ctx.attr_data(a) {
                    AttrData::Array(items) if items.len() == n && items.iter().all(|&i| matches!(ctx.attr_data(i), AttrData::Dict(_))) => {
                        Some(items.iter().map(|&i| Some(i)).collect())
                    }
                    _ => None,
                },
            }
        };
        let (Some(arg_attrs), Some(res_attrs)) = (dicts("arg_attrs", inputs.len()), dicts("res_attrs", results.len())) else { return false };
        let region = od.regions[0];
        let entry = m.body.region(region).blocks.first().copied();
        let args: Vec<ValueId> = match entry {
            Some(b) => {
                let args = m.body.block(b).args.clone();
                if args.len() != inputs.len() || args.iter().zip(inputs).any(|(&a, &t)| ctx.resolved_type(m.body.value(a).ty) != ctx.resolved_type(t)) {
                    return false;
                }
                args
            }
            None => vec![],
        };
        self.out.push_str("func.func ");
        if let Some(v) = &visibility {
            self.out.push_str(v);
            self.out.push(' ');
        }
        let name = String::from_utf8_lossy(&name).into_owned();
        self.push_symbol(&name);
        self.out.push('(');
        for (i, &t) in inputs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            if let Some(&a) = args.get(i) {
                self.names.write_use(self.m, a, &mut self.out);
                self.out.push_str(": ");
            }
            self.push_type(t);
            self.push_entry_dict(arg_attrs[i]);
            if let (Some(b), true) = (entry, self.opts.debuginfo) {
                let info = &m.body.block(b).arg_info[i];
                if self.opts.canonical || info.loc.is_some() {
                    self.out.push(' ');
                    super::locs::write_arg_loc(ctx, info.loc, self.style, &mut self.out);
                }
            }
        }
        self.out.push(')');
        if !results.is_empty() {
            self.out.push_str(" -> ");
            let has_attrs = res_attrs.iter().flatten().any(|&d| !ctx.dict_entries(d).is_empty());
            let plain = results.len() == 1 && !has_attrs && !matches!(ctx.type_data(ctx.resolved_type(results[0])), TypeData::Function { .. });
            if plain {
                self.push_type(results[0]);
            } else {
                self.out.push('(');
                for (i, &t) in results.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.push_type(t);
                    self.push_entry_dict(res_attrs[i]);
                }
                self.out.push(')');
            }
        }
        let mut rest = other_attrs(m, op, &FUNC_PROPERTIES);
        if let Some(p) = od.properties {
            rest.extend(ctx.dict_entries(p).iter().filter(|e| FUNC_SHOWN_PROPERTIES.contains(&ctx.str(e.name))).copied());
        }
        if !rest.is_empty() {
            self.out.push_str(" attributes ");
            self.push_dict(&rest);
        }
        if entry.is_some() {
            self.out.push(' ');
            self.print_region(region, indent, false, false);
        }
        true
    }

    /// ` {attrs}` of an argument or result, when not empty.
    fn push_entry_dict(&mut self, dict: Option<AttrId>) {
        if let Some(d) = dict {
            let entries = self.m.ctx.dict_entries(d).to_vec();
            self.push_attrs(&entries);
        }
    }

    /// `return %a, %b : t1, t2` (`func.return` outside a `func.func`).
    pub(super) fn print_func_return(&mut self, op: OpId) -> bool {
        let m = self.m;
        let od = m.body.op(op);
        if !od.results.is_empty() || !od.regions.is_empty() || !od.successors.is_empty() || od.properties.is_some() || !od.attrs.is_empty() {
            return false;
        }
        let in_func = m.body.parent_op(op).is_some_and(|p| m.op_name(p) == "func.func");
        self.out.push_str(if in_func { "return" } else { "func.return" });
        let operands: Vec<ValueId> = m.body.operands(op).collect();
        if !operands.is_empty() {
            self.out.push(' ');
            self.write_uses(&operands);
            self.out.push_str(" : ");
            let types = self.value_types(&operands);
            self.push_types(&types);
        }
        true
    }

    // ------------------------------------------------------------------ torch

    /// The custom form `form` of the torch op `op`; false (nothing printed) if its IR does
    /// not fit the form.
    pub(super) fn print_torch(&mut self, op: OpId, form: TorchForm, indent: usize) -> bool {
        let m = self.m;
        let ctx = &m.ctx;
        let od = m.body.op(op);
        if !od.successors.is_empty() {
            return false;
        }
        let operands: Vec<ValueId> = m.body.operands(op).collect();
        let results: Vec<ValueId> = m.body.results(op).to_vec();
        let in_types = self.value_types(&operands);
        let out_types = self.value_types(&results);
        let regions = od.regions.clone();
        let inherent_key: &[&str] = match form {
            TorchForm::Constant(_) | TorchForm::Literal => &["value"],
            TorchForm::Operator => &["name"],
            TorchForm::SymbolicInt => &["max_val", "min_val", "symbol_name"],
            TorchForm::BindShape => &["shape_expressions"],
            _ => &[],
        };
        if !properties_within(m, op, inherent_key) {
            return false;
        }
        if !matches!(form, TorchForm::Operator | TorchForm::If | TorchForm::Loop) && !regions.is_empty() {
            return false;
        }
        let attrs = other_attrs(m, op, inherent_key);
        let name = m.op_name(op);
        match form {
            TorchForm::Default => {
                if operands.is_empty() && results.is_empty() {
                    return false;
                }
                self.out.push_str(name);
                if !operands.is_empty() {
                    self.out.push(' ');
                    self.write_uses(&operands);
                }
                self.push_attrs(&attrs);
                self.out.push_str(" : ");
                self.push_types(&in_types);
                if !operands.is_empty() && !results.is_empty() {
                    self.out.push_str(" -> ");
                }
                self.push_types(&out_types);
            }
            TorchForm::Functional => {
                self.out.push_str(name);
                self.out.push(' ');
                self.write_uses(&operands);
                self.push_attrs(&attrs);
                self.out.push_str(" : (");
                self.push_types(&in_types);
                self.out.push_str(") -> ");
                self.push_result_types(&out_types);
            }
            TorchForm::ResultType | TorchForm::Cast => {
                if operands.len() != 1 || results.len() != 1 {
                    return false;
                }
                self.out.push_str(name);
                self.out.push(' ');
                self.write_uses(&operands);
                self.push_attrs(&attrs);
                self.out.push_str(" : ");
                if form == TorchForm::Cast {
                    self.push_type(in_types[0]);
                    self.out.push_str(" to ");
                }
                self.push_type(out_types[0]);
            }
            TorchForm::Constant(kind) => {
                if !operands.is_empty() || results.len() != 1 || !is_type(m, out_types[0], kind.result_type()) {
                    return false;
                }
                let Some(value) = inherent(m, op, "value") else { return false };
                let text = match (kind, ctx.attr_data(value)) {
                    (ConstantKind::Int, AttrData::Int { .. }) => match ctx.int_value(value) {
                        Some(v) if i64::try_from(v).is_ok() => v.to_string(),
                        _ => return false,
                    },
                    (ConstantKind::Float, AttrData::Float { spelling, .. }) => {
                        let s = ctx.str(*spelling);
                        if self.opts.canonical { super::float::format_float_canonical(s, "f64") } else { s.to_string() }
                    }
                    (ConstantKind::Float, AttrData::Int { spelling, .. }) if ctx.str(*spelling).starts_with("0x") => {
                        let s = ctx.str(*spelling);
                        if self.opts.canonical { super::float::format_float_canonical(s, "f64") } else { s.to_string() }
                    }
                    (ConstantKind::Bool, AttrData::Bool(b)) => b.to_string(),
                    (ConstantKind::Str | ConstantKind::Device, AttrData::String { ty: None, .. }) => {
                        let mut s = String::new();
                        write_attr(ctx, value, self.style, &mut s);
                        s
                    }
                    _ => return false,
                };
                self.out.push_str(name);
                self.out.push(' ');
                self.out.push_str(&text);
                self.push_attrs(&attrs);
            }
            TorchForm::None => {
                if !operands.is_empty() || results.len() != 1 || !is_type(m, out_types[0], "!torch.none") {
                    return false;
                }
                self.out.push_str(name);
                self.push_attrs(&attrs);
            }
            TorchForm::Literal => {
                let Some(value) = inherent(m, op, "value") else { return false };
                if !operands.is_empty() || results.len() != 1 {
                    return false;
                }
                self.out.push_str(name);
                self.out.push('(');
                write_attr(ctx, value, self.style, &mut self.out);
                self.out.push(')');
                self.push_attrs(&attrs);
                self.out.push_str(" : ");
                self.push_type(out_types[0]);
            }
            TorchForm::Operator => {
                let Some(op_name) = inherent(m, op, "name") else { return false };
                if !matches!(ctx.attr_data(op_name), AttrData::String { ty: None, .. }) {
                    return false;
                }
                self.out.push_str(name);
                self.out.push(' ');
                write_attr(ctx, op_name, self.style, &mut self.out);
                self.out.push('(');
                self.write_uses(&operands);
                self.out.push(')');
                self.push_attrs(&attrs);
                self.out.push_str(" : (");
                self.push_types(&in_types);
                self.out.push_str(") -> ");
                self.push_result_types(&out_types);
                // The format's ` $regions` leaves a space even when there are none.
                self.out.push(' ');
                for (i, &r) in regions.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_region(r, indent, true, false);
                }
            }
            TorchForm::If => {
                if operands.len() != 1 || regions.len() != 2 || !is_type(m, in_types[0], "!torch.bool") {
                    return false;
                }
                let entry_args = |r| m.body.region(r).blocks.first().is_some_and(|&b| !m.body.block(b).args.is_empty());
                if entry_args(regions[0]) || entry_args(regions[1]) {
                    return false;
                }
                self.out.push_str(name);
                self.out.push(' ');
                self.write_uses(&operands);
                self.out.push_str(" -> (");
                self.push_types(&out_types);
                self.out.push_str(") ");
                self.print_region(regions[0], indent, false, false);
                self.out.push_str(" else ");
                self.print_region(regions[1], indent, false, false);
                self.push_attrs(&attrs);
            }
            TorchForm::Yield => {
                if !results.is_empty() || (!attrs.is_empty() && !operands.is_empty()) {
                    return false;
                }
                self.out.push_str(name);
                self.push_attrs(&attrs);
                if !operands.is_empty() {
                    self.out.push(' ');
                    self.write_uses(&operands);
                    self.out.push_str(" : ");
                    self.push_types(&in_types);
                }
            }
            TorchForm::Loop => {
                if operands.len() < 2 || regions.len() != 1 {
                    return false;
                }
                self.out.push_str(name);
                self.out.push(' ');
                self.write_uses(&operands[..2]);
                self.out.push_str(", init(");
                self.write_uses(&operands[2..]);
                self.out.push_str(") ");
                self.print_region(regions[0], indent, true, false);
                self.push_attrs(&attrs);
                self.out.push_str(" : (");
                self.push_types(&in_types);
                self.out.push_str(") -> ");
                self.push_result_types(&out_types);
            }
            TorchForm::SymbolicInt => {
                let bound = |key| inherent(m, op, key).and_then(|a| ctx.int_value(a)).and_then(|v| i64::try_from(v).ok());
                let (Some(min), Some(max), Some(sym)) = (bound("min_val"), bound("max_val"), inherent(m, op, "symbol_name")) else {
                    return false;
                };
                if !operands.is_empty() || results.len() != 1 || !matches!(ctx.attr_data(sym), AttrData::String { ty: None, .. }) {
                    return false;
                }
                self.out.push_str(name);
                self.out.push(' ');
                write_attr(ctx, sym, self.style, &mut self.out);
                self.out.push_str(&format!(" {{min_val = {}, max_val = {}}}", min, max));
                self.push_attrs(&attrs);
                self.out.push_str(" : ");
                self.push_type(out_types[0]);
            }
            TorchForm::BindShape => {
                let Some(map) = inherent(m, op, "shape_expressions") else { return false };
                if operands.is_empty() || !results.is_empty() || !matches!(ctx.attr_data(map), AttrData::Opaque(_)) {
                    return false;
                }
                self.out.push_str(name);
                self.out.push(' ');
                self.write_uses(&operands[..1]);
                self.out.push_str(", [");
                self.write_uses(&operands[1..]);
                self.out.push_str("], ");
                // Printed inline, never as an alias (torch-mlir's printer does so too).
                write_attr(ctx, map, self.style.without_aliases(), &mut self.out);
                self.push_attrs(&attrs);
                self.out.push_str(" : ");
                self.push_type(in_types[0]);
            }
            TorchForm::Condition => {
                if operands.is_empty() || !results.is_empty() {
                    return false;
                }
                self.out.push_str(name);
                self.out.push(' ');
                self.write_uses(&operands[..1]);
                self.out.push_str(", iter(");
                if operands.len() > 1 {
                    self.write_uses(&operands[1..]);
                    self.out.push_str(" : ");
                    self.push_types(&in_types[1..]);
                }
                self.out.push(')');
                self.push_attrs(&attrs);
            }
        }
        true
    }
}
