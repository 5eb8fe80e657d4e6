//! Applying a rule: evaluating its mapper's expressions against a match, building the dst
//! ops before the root (tfg nodes with the root's name and device unless the rule names
//! them, control inputs of the matched ops on the new ops that take no value from another
//! new op, a fused location of the matched ops' names), replacing the root's results
//! (forwarding its users and control users) and erasing matched ops nothing uses any more.
//! A rule whose expressions cannot be evaluated at this op (a helper fails) does not apply:
//! whatever it built is erased again.

use smallvec::SmallVec;

use super::compile::{Rule, Table};
use super::expr::{Expr, Part, Template};
use super::helpers;
use super::matcher::{external_inputs, Match};
use super::model::{AttrVal, Mapper};
use super::value::{attr_text, builtin_tensor_text, tensor_info, torch_tensor_text, Val};
use crate::dialect::tfg::{self, NodeBuilder};
use crate::ir::body::{OpSpec, Span};
use crate::ir::{AttrData, AttrId, Module, NamedAttr, OpId, TypeId, ValueId};
use crate::namespace::Framework;
use crate::rewrite::rewriter::own_name;
use crate::rewrite::Rewriter;

/// Evaluation environment: the match's captures, then the ops built so far.
pub struct Env<'a> {
    pub caps: &'a [(String, Val)],
    pub built: Vec<(String, Val)>,
}

impl Env<'_> {
    fn get(&self, name: &str) -> Option<&Val> {
        self.built.iter().rev().chain(self.caps.iter().rev()).find(|(n, _)| n == name).map(|(_, v)| v)
    }
}

pub fn eval(m: &Module, env: &Env, e: &Expr) -> Result<Val, String> {
    Ok(match e {
        Expr::Int(i) => Val::Int(*i),
        Expr::Float(f) => Val::Float(*f),
        Expr::Str(s) => Val::Str(s.clone()),
        Expr::Bool(b) => Val::Bool(*b),
        Expr::List(items) => Val::List(items.iter().map(|i| eval(m, env, i)).collect::<Result<_, _>>()?),
        Expr::Cap { name, index } => {
            let v = env.get(name).ok_or_else(|| format!("capture '{}' is not bound", name))?;
            match (index, v) {
                (None, v) => v.clone(),
                (Some(k), Val::Op(op)) => Val::Value(*tfg::data_results(m, *op).get(*k).ok_or_else(|| format!("'{}' has no result {}", name, k))?),
                (Some(k), Val::Str(s)) if s.starts_with('@') => Val::Str(format!("{}:{}", s, k)),
                (Some(_), _) => return Err(format!("'{}' is not an op: it has no numbered results", name)),
            }
        }
        Expr::Call { name, args } => {
            let h = helpers::find(name).ok_or_else(|| format!("no helper '{}'", name))?;
            let args: Vec<Val> = args.iter().map(|a| eval(m, env, a)).collect::<Result<_, _>>()?;
            (h.f)(m, &args).map_err(|e| format!("{}: {}", name, e))?
        }
    })
}

pub fn eval_template(m: &Module, env: &Env, t: &Template) -> Result<Val, String> {
    if let Some(e) = t.single() {
        return eval(m, env, e);
    }
    let mut s = String::new();
    for p in &t.parts {
        match p {
            Part::Text(x) => s.push_str(x),
            Part::Expr(e) => s.push_str(&eval(m, env, e)?.display(&m.ctx)),
        }
    }
    Ok(Val::Str(s))
}

fn to_value(m: &Module, v: &Val) -> Result<ValueId, String> {
    match v {
        Val::Value(x) => Ok(*x),
        Val::Op(op) => tfg::data_results(m, *op).first().copied().ok_or_else(|| "op has no results".to_string()),
        other => Err(format!("expected a value, got {}", other.display(&m.ctx))),
    }
}

fn to_type(rw: &mut Rewriter, v: &Val) -> Result<TypeId, String> {
    match v {
        Val::Type(t) => Ok(*t),
        Val::TypeText(s) | Val::Str(s) => rw.texts.ty(rw.m, s),
        Val::Value(_) | Val::Op(_) => Ok(rw.m.body.value_type(to_value(rw.m, v)?)),
        other => Err(format!("expected a type, got {}", other.display(&rw.m.ctx))),
    }
}

/// A `Val` as an attribute of `kind`.
pub fn to_attr(rw: &mut Rewriter, kind: &str, v: &Val) -> Result<AttrId, String> {
    match v {
        Val::Attr(a) => Ok(*a),
        Val::Type(t) => Ok(rw.m.ctx.attr(AttrData::Type(*t))),
        Val::TypeText(s) => {
            let t = rw.texts.ty(rw.m, s)?;
            Ok(rw.m.ctx.attr(AttrData::Type(t)))
        }
        Val::Tensor(t) => Ok(t.to_attr(&mut rw.m.ctx)),
        other => {
            let text = attr_text(&rw.m.ctx, kind, other)?;
            rw.texts.attr(rw.m, &text)
        }
    }
}

/// A type of the src framework in the dst framework's form (tensor types between builtin
/// `tensor<...>` and torch-mlir's `!torch.vtensor<...>`).
pub fn convert_type(rw: &mut Rewriter, t: TypeId, from: Framework, to: Framework) -> Result<TypeId, String> {
    if from == to {
        return Ok(t);
    }
    let Some((shape, elem)) = tensor_info(&rw.m.ctx, t) else { return Ok(t) };
    let text = match to {
        Framework::PyTorch => torch_tensor_text(&shape, &elem),
        _ => builtin_tensor_text(&shape, &elem),
    };
    rw.texts.ty(rw.m, &text)
}

/// Applies the rule's mapper to a match; `Ok(false)` when it does not apply here.
/// Whether the rule's `where` constraints hold at the match.
pub fn constraints_hold(m: &Module, rule: &Rule, mt: &Match) -> bool {
    let env = Env { caps: &mt.caps, built: Vec::new() };
    rule.def.where_.iter().all(|t| matches!(eval_template(m, &env, t), Ok(Val::Bool(true))))
}

pub fn apply(rw: &mut Rewriter, table: &Table, rule: &Rule, mt: &Match, natives: &super::Natives) -> Result<bool, String> {
    let root = mt.ops[rule.root];
    if !constraints_hold(rw.m, rule, mt) {
        return Ok(false);
    }
    let (ops, outputs) = match &rule.def.dst {
        Mapper::Call(name, _) => {
            let f = natives.get(name).ok_or_else(|| format!("no native rewrite '{}'", name))?;
            return f(rw, table, rule, mt);
        }
        Mapper::Ops { ops, outputs } => (ops, outputs),
    };
    let mut env = Env { caps: &mt.caps, built: Vec::new() };
    let origins: Vec<String> = {
        let mut o: Vec<String> = Vec::new();
        for &op in &mt.ops {
            for n in rw.origin_names(op) {
                if !o.contains(&n) {
                    o.push(n);
                }
            }
        }
        o
    };
    let root_name = own_name(rw.m, root).unwrap_or_default();
    let root_device = rw.m.device(root);
    let root_results: Vec<ValueId> = tfg::data_results(rw.m, root).to_vec();
    let mut created: Vec<OpId> = Vec::new();
    let result = build(rw, table, rule, mt, ops, outputs, &mut env, &origins, &root_name, root_device.as_deref(), &root_results, &mut created);
    let outs = match result {
        Ok(o) => o,
        Err(e) => {
            for op in created.into_iter().rev() {
                rw.m.body.erase_op(op);
            }
            rw.created.clear();
            return if e.starts_with('!') { Err(e[1..].to_string()) } else { Ok(false) };
        }
    };
    let heir = outs.first().and_then(|&v| rw.m.body.defining_op(v)).filter(|o| created.contains(o));
    rw.replace_op(root, &outs, heir);
    // Matched ops nothing uses any more go too (repeat: one may have fed another).
    let mut again = true;
    while again {
        again = false;
        for (i, &op) in mt.ops.iter().enumerate() {
            if i != rule.root && rw.erase_if_unused(op) {
                again = true;
            }
        }
    }
    Ok(true)
}

#[allow(clippy::too_many_arguments)]
fn build(
    rw: &mut Rewriter,
    table: &Table,
    rule: &Rule,
    mt: &Match,
    ops: &[super::model::DstOp],
    outputs: &Option<Vec<Template>>,
    env: &mut Env,
    origins: &[String],
    root_name: &str,
    root_device: Option<&str>,
    root_results: &[ValueId],
    created: &mut Vec<OpId>,
) -> Result<Vec<ValueId>, String> {
    let root = mt.ops[rule.root];
    // Which dst op gives the root's results by default: the last.
    let last = ops.len() - 1;
    let mut used_names: Vec<String> = Vec::new();
    for (i, d) in ops.iter().enumerate() {
        let info = &rule.dst[i];
        let inputs: Vec<ValueId> = match &d.inputs {
            Some(ts) => ts.iter().map(|t| eval_template(rw.m, env, t).and_then(|v| to_value(rw.m, &v))).collect::<Result<_, _>>()?,
            None if ops.len() == 1 => external_inputs(rw.m, mt, root),
            None => Vec::new(),
        };
        let mut attrs: SmallVec<[NamedAttr; 2]> = SmallVec::new();
        for (k, (name, _, v)) in d.attrs.iter().enumerate() {
            let val = match (v, &info.literal_text[k]) {
                (_, Some(text)) => rw.texts.attr(rw.m, text)?,
                (AttrVal::Expr(t), None) => {
                    let v = eval_template(rw.m, env, t)?;
                    to_attr(rw, &info.attr_kinds[k], &v)?
                }
                (AttrVal::Lit(n), None) => to_attr(rw, &info.attr_kinds[k], &Val::from_node(n))?,
            };
            let sym = rw.m.ctx.sym(name);
            attrs.push(NamedAttr::new(sym, val));
        }
        let gives_root = outputs.is_none() && i == last;
        let types: Vec<TypeId> = match &d.result_types {
            Some(ts) => {
                let vals: Vec<Val> = ts.iter().map(|t| eval_template(rw.m, env, t)).collect::<Result<_, _>>()?;
                vals.iter().map(|v| to_type(rw, v)).collect::<Result<_, _>>()?
            }
            None if gives_root || (outputs.is_some() && i == last && root_results.len() == 1 && !matches!(d.ty.as_str(), "Const" | "tfg.Const")) => {
                let mut tys = Vec::new();
                for &r in root_results {
                    let t = rw.m.body.value_type(r);
                    tys.push(convert_type(rw, t, table.src_fw, table.dst_fw)?);
                }
                tys
            }
            None => {
                let dense = attrs.iter().find(|a| rw.m.ctx.str(a.name) == "value").and_then(|a| match rw.m.ctx.attr_data(a.value) {
                    AttrData::Dense { ty, .. } => Some(*ty),
                    _ => None,
                });
                match (dense, inputs.first()) {
                    (Some(t), _) => vec![t],
                    (None, Some(&x)) => {
                        let t = rw.m.body.value_type(x);
                        vec![convert_type(rw, t, table.src_fw, table.dst_fw)?]
                    }
                    (None, None) => return Err(format!("!rule '{}': cannot tell the result type of '{}' (give result_types)", rule.def.name, d.ty)),
                }
            }
        };
        let name = match &d.name {
            Some(t) => eval_template(rw.m, env, t)?.display(&rw.m.ctx),
            None if gives_root || i == last => root_name.to_string(),
            None => {
                let base = format!("{}/{}", root_name, d.ty.rsplit('.').next().unwrap_or(&d.ty));
                let mut n = base.clone();
                let mut k = 1;
                while used_names.contains(&n) {
                    n = format!("{}_{}", base, k);
                    k += 1;
                }
                n
            }
        };
        used_names.push(name.clone());
        let device = match &d.device {
            Some(t) => Some(eval_template(rw.m, env, t)?.display(&rw.m.ctx)),
            None => root_device.map(str::to_string),
        };
        let op = if info.ir_name.starts_with("tfg.") {
            let mut b = NodeBuilder::new(rw.m, &info.ir_name).operands(&inputs).name(&name).attrs(&attrs).results(&types);
            if let Some(dev) = device.as_deref().filter(|d| !d.is_empty()) {
                b = b.device(dev);
            }
            b.build()
        } else {
            let sym = rw.m.ctx.sym(&info.ir_name);
            let spec = OpSpec { name: Some(sym), result_types: types.iter().copied().collect(), attrs, span: Span::default(), ..Default::default() };
            let op = rw.m.body.create_op(spec, sym);
            rw.m.body.set_operands(op, &inputs);
            op
        };
        rw.insert_before(root, op);
        created.push(op);
        let takes_new = inputs.iter().any(|&v| rw.m.body.defining_op(v).is_some_and(|d| created.contains(&d)));
        if !takes_new && info.ir_name.starts_with("tfg.") {
            rw.inherit_control(op, &mt.ops);
        }
        rw.set_origin(op, origins);
        if let Some((c, _)) = &d.capture {
            env.built.push((c.clone(), Val::Op(op)));
        }
    }
    let outs: Vec<ValueId> = match outputs {
        Some(ts) => ts.iter().map(|t| eval_template(rw.m, env, t).and_then(|v| to_value(rw.m, &v))).collect::<Result<_, _>>()?,
        None => tfg::data_results(rw.m, *created.last().expect("one op at least")).to_vec(),
    };
    if outs.len() != root_results.len() {
        return Err(format!(
            "!rule '{}' gives {} value(s) for the {} result(s) of {}",
            rule.def.name,
            outs.len(),
            root_results.len(),
            rw.m.op_name(root)
        ));
    }
    Ok(outs)
}
