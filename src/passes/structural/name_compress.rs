//! `tfg-name-compress` (TensorFlow's graph_compactor NameCompressPass): renames everything
//! of a `tfg.func` with the shortest names TensorFlow allows, from one counter in this
//! order: the data arguments (`tfg.name` of their argument dictionaries; a control
//! argument's dictionary becomes empty), the results (`tfg.name` of the result
//! dictionaries), the control results (`tfg.name` in the return's `control_ret_attrs`), then
//! every op that is not one of tfg's intrinsic ops (its `_mlir_name`), in post-order (the ops
//! inside a region op before it). Names are the counter written in base 63 with
//! `[A-Za-z0-9.]` for the first character and base 66 with `_>/` added for the next ones.

use crate::diag::Diagnostic;
use crate::ir::module::NODE_NAME;
use crate::ir::{AttrData, AttrId, Module, NamedAttr, OpId, Sym};
use crate::passes::{PassContext, PassTarget};

const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._>/";
const FIRST: usize = 26 * 2 + 10 + 1;
const TRAILING: usize = FIRST + 3;

/// TensorFlow's `EncodeName`: counter → a short valid node name.
pub fn encode_name(mut counter: usize) -> String {
    let mut out = String::new();
    out.push(ALPHABET[counter % FIRST] as char);
    counter /= FIRST;
    while counter > 0 {
        counter -= 1;
        out.push(ALPHABET[counter % TRAILING] as char);
        counter /= TRAILING;
    }
    out
}

struct Namer {
    counter: usize,
    changed: bool,
}

impl Namer {
    fn next(&mut self, m: &mut Module) -> AttrId {
        let name = encode_name(self.counter);
        self.counter += 1;
        m.ctx.string_attr(&name)
    }

    /// `dict` with `key` set to the next name.
    fn named_dict(&mut self, m: &mut Module, dict: Option<AttrId>, key: Sym) -> AttrId {
        let mut entries: Vec<NamedAttr> = dict.map(|d| m.ctx.dict_entries(d).to_vec()).unwrap_or_default();
        let v = self.next(m);
        match entries.iter_mut().find(|e| e.name == key) {
            Some(e) => e.value = v,
            None => entries.push(NamedAttr::new(key, v)),
        }
        m.ctx.attr(AttrData::Dict(entries))
    }

    fn set(&mut self, m: &mut Module, op: OpId, key: Sym, value: AttrId) {
        if m.body.attr(op, key) != Some(value) {
            m.body.set_attr(op, key, value);
            self.changed = true;
        }
    }
}

fn array_items(m: &Module, a: Option<AttrId>) -> Vec<AttrId> {
    match a.map(|a| m.ctx.attr_data(m.ctx.resolved_attr(a))) {
        Some(AttrData::Array(items)) => items.clone(),
        _ => Vec::new(),
    }
}

/// The pass, anchored on `tfg.func`.
pub fn run(m: &mut Module, target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
    let PassTarget::Op(func) = target else { return Ok(()) };
    // The pass is anchored on tfg.func (TensorFlow rejects any other op).
    if m.op_name(func) != "tfg.func" {
        return Ok(());
    }
    let Some(body) = crate::dialect::tfg::body_block(m, func) else { return Ok(()) };
    let mut n = Namer { counter: 0, changed: false };
    let tfg_name = m.ctx.sym("tfg.name");
    let arg_key = m.ctx.sym("arg_attrs");
    let res_key = m.ctx.sym("res_attrs");
    let empty = m.ctx.attr(AttrData::Dict(Vec::new()));

    let num_args = m.body.block(body).args.len();
    if num_args > 0 {
        let old = array_items(m, m.body.attr(func, arg_key));
        let mut new = Vec::with_capacity(num_args);
        for i in (0..num_args).step_by(2) {
            new.push(n.named_dict(m, old.get(i).copied(), tfg_name));
            new.push(empty);
        }
        new.truncate(num_args);
        let a = m.ctx.attr(AttrData::Array(new));
        n.set(m, func, arg_key, a);
    }
    let old = array_items(m, m.body.attr(func, res_key));
    if !old.is_empty() {
        let new: Vec<AttrId> = old.iter().map(|&d| n.named_dict(m, Some(d), tfg_name)).collect();
        let a = m.ctx.attr(AttrData::Array(new));
        n.set(m, func, res_key, a);
    }
    if let Some(ret) = m.body.last_op(body).filter(|&o| m.op_name(o) == "tfg.return") {
        let key = m.ctx.sym("control_ret_attrs");
        let old = array_items(m, m.body.attr(ret, key));
        if !old.is_empty() {
            let new: Vec<AttrId> = old.iter().map(|&d| n.named_dict(m, Some(d), tfg_name)).collect();
            let a = m.ctx.attr(AttrData::Array(new));
            n.set(m, ret, key, a);
        }
    }
    let name_key = m.ctx.sym(NODE_NAME);
    for op in post_order(m, func) {
        if !crate::dialect::traits::is_intrinsic(m.op_name(op)) {
            let v = n.next(m);
            n.set(m, op, name_key, v);
        }
    }
    cx.mark_changed_if(n.changed);
    Ok(())
}

/// The ops nested in `root` (not `root`), children before their parent, in block order.
fn post_order(m: &Module, root: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    // (op, whether its children were pushed)
    let mut stack: Vec<(OpId, bool)> = Vec::new();
    let push_children = |op: OpId, stack: &mut Vec<(OpId, bool)>| {
        let mut kids: Vec<OpId> = Vec::new();
        for &r in &m.body.op(op).regions {
            for &b in &m.body.region(r).blocks {
                kids.extend(m.body.block_ops(b));
            }
        }
        stack.extend(kids.into_iter().rev().map(|k| (k, false)));
    };
    push_children(root, &mut stack);
    while let Some((op, expanded)) = stack.pop() {
        if expanded || m.body.op(op).regions.is_empty() {
            out.push(op);
        } else {
            stack.push((op, true));
            push_children(op, &mut stack);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_tensorflows_encoding() {
        assert_eq!(encode_name(0), "A");
        assert_eq!(encode_name(62), ".");
        assert_eq!(encode_name(63), "AA");
        assert_eq!(encode_name(64), "BA");
        assert_eq!(encode_name(126), "AB");
    }
}
