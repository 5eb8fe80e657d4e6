//! The ordered-argument view of TorchScript ops: a schema's argument list says how an op's
//! named attributes map to positional arguments, so an op can move between the *attribute
//! form* (`torch.aten.sum.dim_IntList(%x, %dims) {keepdim = true}`: trailing scalar and list
//! arguments as attributes named after them) and the *call form* torch-mlir and TorchScript
//! use (every argument an operand, scalars made by `torch.constant.*`, lists by
//! `torch.prim.ListConstruct`).
//!
//! * [`ordered_args`]: each argument of an op, in call order: an operand, an attribute, the
//!   schema default, or missing.
//! * `torch-call-form`: attributes (and the defaults before them) become constant operands.
//! * `torch-attr-form`: trailing operands made by constants become attributes.

use smallvec::SmallVec;

use super::registry::Registry;
use super::schema::{Framework, OpSchema};
use super::verify::{resolve_ops, Mode};
use crate::ir::{AttrData, AttrId, Module, NamedAttr, OpId, OpSpec, TypeData, TypeId, ValueDef, ValueId};

/// Where an argument's value comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Operand(ValueId),
    Attr(AttrId),
    Default(serde_json::Value),
    Missing,
}

/// The arguments of `op` in call order (TorchScript schemas), with their names.
pub fn ordered_args(m: &Module, op: OpId, schema: &OpSchema) -> Vec<(String, Arg)> {
    let operands: Vec<ValueId> = m.body.operands(op).collect();
    schema
        .inputs
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let arg = if let Some(&v) = operands.get(i) {
                Arg::Operand(v)
            } else if let Some(attr) = m.op_attr(op, &a.name) {
                Arg::Attr(attr)
            } else if let Some(d) = &a.default {
                Arg::Default(d.clone())
            } else {
                Arg::Missing
            };
            (a.name.clone(), arg)
        })
        .collect()
}

fn opaque_type(m: &mut Module, text: &str) -> TypeId {
    let s = m.ctx.sym(text);
    m.ctx.ty(TypeData::Opaque(s))
}

/// Creates `torch.constant.*` (or a ListConstruct of them) before `before` for a value;
/// `None` when the value has no torch-mlir constant.
fn make_constant(m: &mut Module, before: OpId, value: &Const) -> Option<ValueId> {
    let (op_name, ty, attr) = match value {
        Const::Int(v) => {
            let i64t = m.ctx.ty(TypeData::Integer { width: 64, signedness: crate::ir::types::Signedness::Signless });
            let spelling = m.ctx.sym(&v.to_string());
            ("torch.constant.int", "!torch.int", Some(m.ctx.attr(AttrData::Int { spelling, ty: Some(i64t) })))
        }
        Const::Float(text) => {
            let f64s = m.ctx.sym("f64");
            let f64t = m.ctx.ty(TypeData::Float(f64s));
            let spelling = m.ctx.sym(text);
            ("torch.constant.float", "!torch.float", Some(m.ctx.attr(AttrData::Float { spelling, ty: Some(f64t) })))
        }
        Const::Bool(b) => ("torch.constant.bool", "!torch.bool", Some(m.ctx.attr(AttrData::Bool(*b)))),
        Const::Str(s) => ("torch.constant.str", "!torch.str", Some(m.ctx.string_attr(s))),
        Const::None => ("torch.constant.none", "!torch.none", None),
        Const::List(items, elem) => {
            let mut values = Vec::new();
            for it in items {
                values.push(make_constant(m, before, it)?);
            }
            let ty = opaque_type(m, &format!("!torch.list<{}>", elem));
            let name = m.ctx.sym("torch.prim.ListConstruct");
            let op = m.body.create_op(OpSpec { result_types: smallvec::smallvec![ty], ..OpSpec::default() }, name);
            m.body.set_operands(op, &values);
            m.body.insert_op_before(before, op);
            return m.body.results(op).first().copied();
        }
    };
    let ty = opaque_type(m, ty);
    // torch-mlir keeps a constant's value in its properties (`<{value = 1 : i64}>`).
    let properties = attr.map(|a| {
        let key = m.ctx.sym("value");
        m.ctx.attr(AttrData::Dict(vec![NamedAttr::new(key, a)]))
    });
    let name = m.ctx.sym(op_name);
    let op = m.body.create_op(OpSpec { result_types: smallvec::smallvec![ty], properties, ..OpSpec::default() }, name);
    m.body.insert_op_before(before, op);
    m.body.results(op).first().copied()
}

/// A constant argument value.
#[derive(Clone, Debug, PartialEq)]
enum Const {
    Int(i128),
    Float(String),
    Bool(bool),
    Str(String),
    None,
    List(Vec<Const>, &'static str),
}

fn const_of_attr(m: &Module, a: AttrId) -> Option<Const> {
    let ctx = &m.ctx;
    let a = ctx.resolved_attr(a);
    Some(match ctx.attr_data(a) {
        AttrData::Bool(b) => Const::Bool(*b),
        AttrData::Int { .. } => Const::Int(ctx.int_value(a)?),
        AttrData::Float { spelling, .. } => Const::Float(ctx.str(*spelling).to_string()),
        AttrData::String { .. } => Const::Str(String::from_utf8_lossy(&ctx.string_value(a)?).into_owned()),
        AttrData::Unit => Const::None,
        AttrData::Array(items) => {
            let items = items.iter().map(|&i| const_of_attr(m, i)).collect::<Option<Vec<_>>>()?;
            let elem = match items.first() {
                Some(Const::Float(_)) => "float",
                Some(Const::Bool(_)) => "bool",
                _ => "int",
            };
            Const::List(items, elem)
        }
        _ => return None,
    })
}

fn const_of_json(v: &serde_json::Value) -> Option<Const> {
    use serde_json::Value;
    Some(match v {
        Value::Null => Const::None,
        Value::Bool(b) => Const::Bool(*b),
        Value::Number(n) if n.is_i64() => Const::Int(n.as_i64()? as i128),
        Value::Number(n) => Const::Float(crate::printer::float::format_float_canonical(&n.to_string(), "f64")),
        Value::String(s) => Const::Str(s.clone()),
        Value::Array(items) => {
            let items = items.iter().map(const_of_json).collect::<Option<Vec<_>>>()?;
            let elem = if matches!(items.first(), Some(Const::Float(_))) { "float" } else { "int" };
            Const::List(items, elem)
        }
        Value::Object(_) => return None,
    })
}

/// Attribute form → call form: the arguments given as attributes, and the defaults before
/// the last of them, become constant operands.
pub fn to_call_form(m: &mut Module, reg: &Registry) {
    for (op, ver, schema) in resolve_ops(m, reg, Mode::All) {
        if reg.version(ver).framework != Framework::PyTorch || schema.vararg {
            continue;
        }
        let args = ordered_args(m, op, &schema);
        let Some(last) = args.iter().rposition(|(_, a)| matches!(a, Arg::Attr(_))) else { continue };
        let mut consts = Vec::new();
        for (_, a) in &args[..=last] {
            match a {
                Arg::Operand(_) => {}
                Arg::Attr(attr) => consts.push(const_of_attr(m, *attr)),
                Arg::Default(d) => consts.push(const_of_json(d)),
                Arg::Missing => consts.push(None),
            }
        }
        // All or nothing: an argument without a torch-mlir constant keeps the op as it is.
        let Some(consts) = consts.into_iter().collect::<Option<Vec<_>>>() else { continue };
        let mut operands: Vec<ValueId> = m.body.operands(op).collect();
        let mut new_values = Vec::new();
        for c in &consts {
            match make_constant(m, op, c) {
                Some(v) => new_values.push(v),
                None => break,
            }
        }
        if new_values.len() != consts.len() {
            continue;
        }
        operands.extend(new_values);
        m.body.set_operands(op, &operands);
        let names: Vec<String> = args[..=last].iter().map(|(n, _)| n.clone()).collect();
        let ctx = &m.ctx;
        let keep: SmallVec<[NamedAttr; 2]> = m.body.op(op).attrs.iter().copied().filter(|na| !names.iter().any(|n| n == ctx.str(na.name))).collect();
        m.body.op_mut(op).attrs = keep;
    }
}

/// The attribute for a constant made by a `torch.constant.*` op (`None`: not such a constant).
fn attr_of_constant(m: &mut Module, v: ValueId) -> Option<AttrId> {
    let ValueDef::Result { op, .. } = m.body.value(v).def else { return None };
    match m.op_name(op) {
        "torch.constant.int" | "torch.constant.float" | "torch.constant.bool" | "torch.constant.str" => crate::printer::torch::inherent(m, op, "value"),
        "torch.constant.none" => Some(m.ctx.unit_attr()),
        "torch.prim.ListConstruct" => {
            let items: Vec<ValueId> = m.body.operands(op).collect();
            let attrs = items.into_iter().map(|i| attr_of_constant(m, i)).collect::<Option<Vec<_>>>()?;
            Some(m.ctx.attr(AttrData::Array(attrs)))
        }
        _ => None,
    }
}

/// Call form → attribute form: trailing non-tensor operands made by constants become
/// attributes named after their arguments (constants left without uses are erased).
pub fn to_attr_form(m: &mut Module, reg: &Registry) {
    for (op, ver, schema) in resolve_ops(m, reg, Mode::All) {
        if reg.version(ver).framework != Framework::PyTorch || schema.vararg {
            continue;
        }
        let operands: Vec<ValueId> = m.body.operands(op).collect();
        let mut first = operands.len();
        let mut attrs = Vec::new();
        while first > 0 {
            let i = first - 1;
            let Some(arg) = schema.inputs.get(i) else { break };
            if arg.ty.as_deref().is_none_or(|t| t.starts_with("Tensor")) {
                break;
            }
            let Some(a) = attr_of_constant(m, operands[i]) else { break };
            attrs.push(NamedAttr::new(m.ctx.sym(&arg.name), a));
            first = i;
        }
        if attrs.is_empty() {
            continue;
        }
        m.body.set_operands(op, &operands[..first]);
        attrs.reverse();
        m.body.op_mut(op).attrs.extend(attrs);
        for &v in &operands[first..] {
            erase_dead_constant(m, v);
        }
    }
}

fn erase_dead_constant(m: &mut Module, v: ValueId) {
    if m.body.has_uses(v) {
        return;
    }
    let ValueDef::Result { op, .. } = m.body.value(v).def else { return };
    if m.body.is_erased(op) || !m.op_name(op).starts_with("torch.constant.") && m.op_name(op) != "torch.prim.ListConstruct" {
        return;
    }
    let items: Vec<ValueId> = m.body.operands(op).collect();
    m.body.erase_op(op);
    for i in items {
        erase_dead_constant(m, i);
    }
}
