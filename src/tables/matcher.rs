//! Matching a rule's matcher at an op: the root pattern op is the op; the other pattern ops
//! are found along the rule's edges (the producer of an input port, or, searching, a user of
//! an output port), each checked (type, name, attributes, ports) as it is assigned; a match
//! binds every pattern op to a distinct op and gives the captures.

use smallvec::SmallVec;

use super::compile::{PortSel, Rule, Table};
use super::model::{OpPat, StrPat, ValPat};
use super::value::{attr_equals, dtype_spelling, plain_elem, tensor_info, type_matches, Val};
use crate::dialect::tfg;
use crate::ir::{AttrId, Module, OpId, ValueId};
use crate::rewrite::rewriter::own_name;

/// A match: the op bound to each pattern op, and the captures.
#[derive(Clone, Debug)]
pub struct Match {
    pub ops: Vec<OpId>,
    pub caps: Vec<(String, Val)>,
}

impl Match {
    pub fn get(&self, name: &str) -> Option<&Val> {
        self.caps.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v)
    }
}

/// Matches `rule` with its root at `op`.
pub fn match_at(m: &Module, table: &Table, rule: &Rule, op: OpId) -> Option<Match> {
    if m.op_name(op) != rule.root_ir_name() || !op_ok(m, table, rule, rule.root, op) {
        return None;
    }
    let mut assign: Vec<Option<OpId>> = vec![None; rule.def.src.ops.len()];
    assign[rule.root] = Some(op);
    if !solve(m, table, rule, &mut assign) {
        return None;
    }
    let ops: Vec<OpId> = assign.into_iter().map(|o| o.expect("solved")).collect();
    let mut caps = Vec::new();
    for (i, &o) in ops.iter().enumerate() {
        captures(m, table, rule, i, o, &mut caps);
    }
    Some(Match { ops, caps })
}

fn solve(m: &Module, table: &Table, rule: &Rule, assign: &mut Vec<Option<OpId>>) -> bool {
    for e in &rule.edges {
        let (from, to) = (assign[e.from], assign[e.to]);
        let (pick, cands): (usize, SmallVec<[OpId; 4]>) = match (from, to) {
            (Some(_), Some(_)) => continue,
            (None, Some(t)) => (
                e.from,
                match e.to_port {
                    PortSel::Data(k) => tfg::data_operands(m, t).get(k).and_then(|&v| m.body.defining_op(v)).into_iter().collect(),
                    PortSel::Control => tfg::control_operands(m, t).iter().filter_map(|&v| m.body.defining_op(v)).collect(),
                },
            ),
            (Some(f), None) => (
                e.to,
                match e.from_port {
                    PortSel::Data(k) => tfg::data_results(m, f).get(k).map(|&v| m.body.uses(v).map(|u| u.op).collect()).unwrap_or_default(),
                    PortSel::Control => tfg::control_token(m, f).map(|v| m.body.uses(v).map(|u| u.op).collect()).unwrap_or_default(),
                },
            ),
            (None, None) => continue,
        };
        for c in cands {
            if assign.contains(&Some(c)) || m.op_name(c) != rule.src[pick].ir_name || !op_ok(m, table, rule, pick, c) {
                continue;
            }
            assign[pick] = Some(c);
            if solve(m, table, rule, assign) {
                return true;
            }
            assign[pick] = None;
        }
        return false;
    }
    if assign.iter().any(Option::is_none) {
        return false;
    }
    rule.edges.iter().all(|e| match (assign[e.from], assign[e.to]) {
        (Some(f), Some(t)) => edge_holds(m, f, e.from_port, t, e.to_port),
        _ => false,
    })
}

fn edge_holds(m: &Module, from: OpId, fp: PortSel, to: OpId, tp: PortSel) -> bool {
    match (fp, tp) {
        (PortSel::Data(j), PortSel::Data(k)) => {
            let v = tfg::data_results(m, from).get(j).copied();
            v.is_some() && tfg::data_operands(m, to).get(k).copied() == v
        }
        (_, PortSel::Control) | (PortSel::Control, _) => match tfg::control_token(m, from) {
            Some(t) => tfg::control_operands(m, to).contains(&t),
            None => false,
        },
    }
}

/// The name of port `idx` of `op` as tables see it: the schema's, else (outputs) the
/// value's spelled name, else `_idx`.
fn port_name(m: &Module, op: OpId, schema_names: &[String], idx: usize, output: bool) -> String {
    if let Some(n) = schema_names.get(idx).filter(|n| !n.is_empty()) {
        return n.clone();
    }
    if output {
        let mut at = 0u32;
        for (g, _) in m.body.op(op).result_groups() {
            if idx < (at + g.count) as usize {
                if let Some(s) = g.name {
                    let base = m.ctx.value_name_text(s).into_owned();
                    return if g.count == 1 { base } else { format!("{}#{}", base, idx - at as usize) };
                }
                break;
            }
            at += g.count;
        }
    }
    format!("_{}", idx)
}

/// The value of attribute pattern `a` of op pattern `i` on `op`: the attribute, or (PyTorch)
/// the constant given as that argument.
fn attr_of(m: &Module, rule: &Rule, i: usize, a: usize, op: OpId) -> Option<AttrId> {
    let name = &rule.def.src.ops[i].attrs[a].0;
    if let Some(x) = m.op_attr(op, name) {
        return Some(x);
    }
    let arg = rule.src[i].attr_args.get(a).copied().flatten()?;
    let v = m.body.operands(op).nth(arg)?;
    let def = m.body.defining_op(v)?;
    m.op_attr(def, "value")
}

fn str_ok(p: &Option<StrPat>, actual: &str) -> bool {
    match p {
        Some(StrPat::Lit(l, _)) => l == actual,
        _ => true,
    }
}

fn op_ok(m: &Module, _table: &Table, rule: &Rule, i: usize, op: OpId) -> bool {
    let pat: &OpPat = &rule.def.src.ops[i];
    let info = &rule.src[i];
    if let Some(StrPat::Lit(l, _)) = &pat.name {
        if own_name(m, op).as_deref() != Some(l.as_str()) {
            return false;
        }
    }
    for (a, (_, _, v)) in pat.attrs.iter().enumerate() {
        let ValPat::Lit(node) = v else { continue };
        let want = Val::from_node(node);
        match attr_of(m, rule, i, a, op) {
            Some(x) => {
                if !attr_equals(&m.ctx, x, &want) {
                    return false;
                }
            }
            None => match &info.attr_kinds[a].1 {
                Some(default) => {
                    if default.display(&m.ctx) != want.display(&m.ctx) {
                        return false;
                    }
                }
                None => return false,
            },
        }
    }
    let data_in = tfg::data_operands(m, op);
    let data_out: SmallVec<[ValueId; 4]> = tfg::data_results(m, op).iter().copied().collect();
    for (output, ports, index, names) in [(false, &pat.inputs, &info.in_index, &info.in_names), (true, &pat.outputs, &info.out_index, &info.out_names)] {
        for (p, port) in ports.iter().enumerate() {
            let idx = index[p];
            let Some(&v) = (if output { data_out.get(idx) } else { data_in.get(idx) }) else { return false };
            if let Some(StrPat::Lit(l, _)) = &port.name {
                if !l.starts_with('_') && !str_ok(&port.name, &port_name(m, op, names, idx, output)) {
                    return false;
                }
            }
            for (a, _, pv) in &port.attrs {
                let ValPat::Lit(node) = pv else { continue };
                if !port_attr_ok(m, v, a, &Val::from_node(node)) {
                    return false;
                }
            }
        }
    }
    true
}

fn port_attr_ok(m: &Module, v: ValueId, attr: &str, want: &Val) -> bool {
    let t = m.body.value_type(v);
    match attr {
        "type" => match want {
            Val::Str(s) => type_matches(&m.ctx, t, s),
            _ => false,
        },
        "dtype" => match (want, tensor_info(&m.ctx, t)) {
            (Val::Str(s), Some((_, elem))) => dtype_spelling(s).is_some_and(|d| plain_elem(&d) == plain_elem(&elem)),
            _ => false,
        },
        "shape" => match tensor_info(&m.ctx, t) {
            Some((Some(shape), _)) => want.as_ints(&m.ctx).as_ref() == Some(&shape),
            _ => false,
        },
        // name is matched above; the TensorFlow typing attributes (type_attr, is_ref, ...)
        // are the schema's, the same for every op of the type.
        _ => true,
    }
}

fn captures(m: &Module, _table: &Table, rule: &Rule, i: usize, op: OpId, caps: &mut Vec<(String, Val)>) {
    let pat = &rule.def.src.ops[i];
    let info = &rule.src[i];
    if let Some(StrPat::Ref(n, _)) = &pat.name {
        caps.push((n.clone(), Val::Str(own_name(m, op).unwrap_or_default())));
    }
    if let Some((n, _)) = &pat.capture {
        caps.push((n.clone(), Val::Op(op)));
    }
    for (a, (_, _, v)) in pat.attrs.iter().enumerate() {
        if let ValPat::Ref(n, _) = v {
            let val = match attr_of(m, rule, i, a, op) {
                Some(x) => Val::Attr(x),
                None => info.attr_kinds[a].1.clone().unwrap_or(Val::Null),
            };
            caps.push((n.clone(), val));
        }
    }
    let data_in = tfg::data_operands(m, op);
    let data_out: SmallVec<[ValueId; 4]> = tfg::data_results(m, op).iter().copied().collect();
    for (output, ports, index, names) in [(false, &pat.inputs, &info.in_index, &info.in_names), (true, &pat.outputs, &info.out_index, &info.out_names)] {
        for (p, port) in ports.iter().enumerate() {
            let idx = index[p];
            let v = if output { data_out.get(idx) } else { data_in.get(idx) };
            if let Some(StrPat::Ref(n, _)) = &port.name {
                caps.push((n.clone(), Val::Str(port_name(m, op, names, idx, output))));
            }
            if let (Some((n, _)), Some(&v)) = (&port.capture, v) {
                caps.push((n.clone(), Val::Value(v)));
            }
            for (_, _, pv) in &port.attrs {
                if let (ValPat::Ref(n, _), Some(&v)) = (pv, v) {
                    caps.push((n.clone(), Val::Type(m.body.value_type(v))));
                }
            }
        }
    }
}

/// The subgraph's inputs in order: the root's data operands, each operand made by another
/// matched op replaced by that op's own inputs (recursively). The default operands of a
/// one-op mapper.
pub fn external_inputs(m: &Module, mt: &Match, root: OpId) -> Vec<ValueId> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    expand(m, mt, root, &mut out, &mut stack);
    out
}

fn expand(m: &Module, mt: &Match, op: OpId, out: &mut Vec<ValueId>, stack: &mut Vec<OpId>) {
    for v in tfg::data_operands(m, op) {
        match m.body.defining_op(v) {
            Some(d) if mt.ops.contains(&d) && !stack.contains(&d) => {
                stack.push(d);
                expand(m, mt, d, out, stack);
                stack.pop();
            }
            _ => out.push(v),
        }
    }
}
