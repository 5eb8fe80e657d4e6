//! TensorFlow's graph dialect (tfg) in code: its conventions for passes and importers, and a
//! [`NodeBuilder`] that creates node ops the way the parser does.
//!
//! A tfg node's results are its data results followed by one control token
//! (`!tf_type.control`); its operands are its data operands followed by its control
//! operands. Its node name, requested device and assigned device are the `_mlir_name`,
//! `_mlir_device` and `_mlir_assigned_device` attributes. A function's entry block gives
//! each data argument a `.ctl` token right after it.

use smallvec::SmallVec;

use crate::ir::body::{BlockArgInfo, OpSpec, Span};
use crate::ir::module::{ASSIGNED_DEVICE, DEVICE, NODE_NAME};
use crate::ir::{AttrId, BlockId, Module, NamedAttr, OpId, TypeId, ValueDef, ValueId};

/// Whether `op` is a tfg op (its name starts with `tfg.`).
pub fn is_tfg(m: &Module, op: OpId) -> bool {
    m.op_name(op).starts_with("tfg.")
}

/// The op's type without the dialect prefix: `tfg.AddV2` → `AddV2`.
pub fn op_type(m: &Module, op: OpId) -> &str {
    let name = m.op_name(op);
    name.strip_prefix("tfg.").unwrap_or(name)
}

/// Whether `v` is a control token.
pub fn is_control(m: &Module, v: ValueId) -> bool {
    m.ctx.is_control_type(m.body.value_type(v))
}

/// The op's control token: its last result when that is of control type.
pub fn control_token(m: &Module, op: OpId) -> Option<ValueId> {
    let &last = m.body.results(op).last()?;
    is_control(m, last).then_some(last)
}

/// The op's data results (every result but the control token).
pub fn data_results(m: &Module, op: OpId) -> &[ValueId] {
    let r = m.body.results(op);
    match control_token(m, op) {
        Some(_) => &r[..r.len() - 1],
        None => r,
    }
}

/// Number of data operands: the operands before the first control operand.
pub fn num_data_operands(m: &Module, op: OpId) -> usize {
    m.body.operands(op).take_while(|&v| !is_control(m, v)).count()
}

/// The data operands, in order.
pub fn data_operands(m: &Module, op: OpId) -> SmallVec<[ValueId; 4]> {
    m.body.operands(op).take_while(|&v| !is_control(m, v)).collect()
}

/// The control operands, in order.
pub fn control_operands(m: &Module, op: OpId) -> SmallVec<[ValueId; 4]> {
    let n = num_data_operands(m, op);
    m.body.operands(op).skip(n).collect()
}

/// Replaces the data operands of `op`, keeping its control operands.
pub fn set_data_operands(m: &mut Module, op: OpId, data: &[ValueId]) {
    let mut all: SmallVec<[ValueId; 8]> = data.iter().copied().collect();
    all.extend(control_operands(m, op));
    m.body.set_operands(op, &all);
}

/// Replaces the control operands of `op`, keeping its data operands.
pub fn set_control_operands(m: &mut Module, op: OpId, ctls: &[ValueId]) {
    let mut all: SmallVec<[ValueId; 8]> = data_operands(m, op).into_iter().collect();
    all.extend(ctls.iter().copied());
    m.body.set_operands(op, &all);
}

/// Adds control operand `ctl` to `op` unless it already has it; returns whether it added.
pub fn add_control_operand(m: &mut Module, op: OpId, ctl: ValueId) -> bool {
    if control_operands(m, op).contains(&ctl) {
        return false;
    }
    m.body.push_operand(op, ctl);
    true
}

/// The control token that stands for `v`'s producer: the control result of the op that
/// defines it, or for a function argument the `.ctl` argument after it. `None` for a value
/// that is itself a control token's own producer-less argument.
pub fn control_of_value(m: &Module, v: ValueId) -> Option<ValueId> {
    if is_control(m, v) {
        return Some(v);
    }
    match m.body.value(v).def {
        ValueDef::Result { op, .. } => control_token(m, op),
        ValueDef::BlockArg { block, index } => {
            let next = *m.body.block(block).args.get(index as usize + 1)?;
            is_control(m, next).then_some(next)
        }
    }
}

/// The data value a control token stands for, for a function argument's `.ctl` token (the
/// argument before it); `None` otherwise.
pub fn data_of_arg_control(m: &Module, ctl: ValueId) -> Option<ValueId> {
    match m.body.value(ctl).def {
        ValueDef::BlockArg { block, index } if index > 0 => Some(m.body.block(block).args[index as usize - 1]),
        _ => None,
    }
}

/// The node name (`name("...")`).
pub fn node_name(m: &Module, op: OpId) -> Option<String> {
    m.node_name(op)
}

/// Sets the node name.
pub fn set_node_name(m: &mut Module, op: OpId, name: &str) {
    m.set_string_attr(op, NODE_NAME, Some(name));
}

/// Every op in `block` and nested in it, parents first.
pub fn walk_block(m: &Module, block: BlockId) -> Vec<OpId> {
    let mut out = Vec::new();
    for op in m.body.block_ops(block) {
        m.body.walk(op, |o| out.push(o));
    }
    out
}

/// The entry block of `op`'s first region (a graph's or a function's body).
pub fn body_block(m: &Module, op: OpId) -> Option<BlockId> {
    let &r = m.body.op(op).regions.first()?;
    m.body.region(r).blocks.first().copied()
}

/// Replaces node `old` by other values, ngraph's *forwarding*: each user of data result `i`
/// of `old` uses `data[i]` instead; users of its control token use `ctl` (the replacement's
/// control token), or, when `ctl` is `None`, get `old`'s own control operands instead (so
/// what they waited for still happens before them). Comments above `old` move to the op
/// defining `ctl` (or the first of `data`), and `old` is erased.
pub fn replace_node(m: &mut Module, old: OpId, data: &[ValueId], ctl: Option<ValueId>) {
    let results: SmallVec<[ValueId; 4]> = data_results(m, old).iter().copied().collect();
    debug_assert_eq!(results.len(), data.len(), "replace_node needs one value per data result");
    for (&from, &to) in results.iter().zip(data) {
        m.body.replace_all_uses(from, to);
    }
    if let Some(token) = control_token(m, old) {
        match ctl {
            Some(c) => m.body.replace_all_uses(token, c),
            None => {
                let inherited = control_operands(m, old);
                let users: SmallVec<[OpId; 4]> = m.body.uses(token).map(|u| u.op).collect();
                for user in users {
                    let mut ctls: SmallVec<[ValueId; 4]> = control_operands(m, user).into_iter().filter(|&c| c != token).collect();
                    for &c in &inherited {
                        if !ctls.contains(&c) {
                            ctls.push(c);
                        }
                    }
                    set_control_operands(m, user, &ctls);
                }
            }
        }
    }
    let heir = ctl.or_else(|| data.first().copied()).and_then(|v| m.body.defining_op(v));
    if let Some(heir) = heir {
        m.move_comments(old, heir);
    }
    m.body.erase_op(old);
    m.mark_edited();
}

/// Builds a tfg node op the way the parser builds `Op(%a) [%c] name("n") {...} : ...`:
/// data operands, then control operands; data results, then the control token.
///
/// ```ignore
/// let add = NodeBuilder::new(m, "AddV2")
///     .operands(&[a, b])
///     .control_operands(&[ctl])
///     .name("add")
///     .attr("T", f32_attr)
///     .results(&[tensor_ty])
///     .build();
/// m.body.insert_op_before(user, add);
/// ```
pub struct NodeBuilder<'m> {
    m: &'m mut Module,
    op_name: String,
    data: SmallVec<[ValueId; 4]>,
    ctls: SmallVec<[ValueId; 4]>,
    attrs: SmallVec<[NamedAttr; 2]>,
    results: SmallVec<[TypeId; 4]>,
    regions: SmallVec<[crate::ir::RegionId; 1]>,
    loc: Option<AttrId>,
    control_result: bool,
}

impl<'m> NodeBuilder<'m> {
    /// A node of type `op` (`AddV2`, or a full name such as `tfg.AddV2` / `tfg.yield`).
    pub fn new(m: &'m mut Module, op: &str) -> Self {
        let op_name = if op.contains('.') { op.to_string() } else { format!("tfg.{}", op) };
        NodeBuilder {
            m,
            op_name,
            data: SmallVec::new(),
            ctls: SmallVec::new(),
            attrs: SmallVec::new(),
            results: SmallVec::new(),
            regions: SmallVec::new(),
            loc: None,
            control_result: true,
        }
    }

    pub fn operands(mut self, values: &[ValueId]) -> Self {
        self.data.extend(values.iter().copied());
        self
    }

    pub fn control_operands(mut self, values: &[ValueId]) -> Self {
        self.ctls.extend(values.iter().copied());
        self
    }

    /// The data result types (the control token is added after them).
    pub fn results(mut self, types: &[TypeId]) -> Self {
        self.results.extend(types.iter().copied());
        self
    }

    /// No control token result (`tfg.return`, `tfg.yield`, `tfg.condition`).
    pub fn without_control_result(mut self) -> Self {
        self.control_result = false;
        self
    }

    /// An attribute, set by its interned value (keeps a given attribute's position).
    pub fn attr(mut self, name: &str, value: AttrId) -> Self {
        let name = self.m.ctx.sym(name);
        match self.attrs.iter_mut().find(|a| a.name == name) {
            Some(a) => a.value = value,
            None => self.attrs.push(NamedAttr::new(name, value)),
        }
        self
    }

    /// Every attribute of a list, in order.
    pub fn attrs(mut self, attrs: &[NamedAttr]) -> Self {
        for a in attrs {
            match self.attrs.iter_mut().find(|x| x.name == a.name) {
                Some(x) => x.value = a.value,
                None => self.attrs.push(*a),
            }
        }
        self
    }

    pub fn name(self, name: &str) -> Self {
        let v = self.m.ctx.string_attr(name);
        self.attr(NODE_NAME, v)
    }

    pub fn device(self, device: &str) -> Self {
        let v = self.m.ctx.string_attr(device);
        self.attr(DEVICE, v)
    }

    pub fn assigned_device(self, device: &str) -> Self {
        let v = self.m.ctx.string_attr(device);
        self.attr(ASSIGNED_DEVICE, v)
    }

    pub fn region(mut self, region: crate::ir::RegionId) -> Self {
        self.regions.push(region);
        self
    }

    pub fn loc(mut self, loc: Option<AttrId>) -> Self {
        self.loc = loc;
        self
    }

    /// Creates the op, detached: place it with `Body::append_op` / `insert_op_before`.
    /// Its results have no spelled names, so the printer names them after the op.
    pub fn build(self) -> OpId {
        let NodeBuilder { m, op_name, data, ctls, attrs, mut results, regions, loc, control_result } = self;
        if control_result {
            results.push(m.ctx.control_type());
        }
        let name = m.ctx.sym(&op_name);
        let spec = OpSpec { name: Some(name), result_types: results, attrs, regions, loc, span: Span::default(), ..Default::default() };
        let op = m.body.create_op(spec, name);
        let mut all: SmallVec<[ValueId; 8]> = data.into_iter().collect();
        all.extend(ctls);
        m.body.set_operands(op, &all);
        op
    }
}

/// Adds a data argument (and its `.ctl` token right after it) to a function body block at
/// argument position `index` (counting data and control arguments); returns both values.
pub fn insert_func_arg(m: &mut Module, block: BlockId, index: usize, ty: TypeId, name: &str) -> (ValueId, ValueId) {
    let data_name = m.ctx.value_name(name);
    let ctl_name = m.ctx.value_name(&format!("{}.ctl", name));
    let ctl_ty = m.ctx.control_type();
    let v = m.body.insert_block_arg(block, index, ty, BlockArgInfo { name: Some(data_name), ..Default::default() });
    let c = m.body.insert_block_arg(block, index + 1, ctl_ty, BlockArgInfo { name: Some(ctl_name), ..Default::default() });
    (v, c)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRAPH: &str = "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n  %a, %ctl = A name(\"a\") : () -> (tensor<i32>)\n  %b, %ctl_0 = B(%a) [%ctl] name(\"b\") : (tensor<i32>) -> (tensor<i32>)\n}\n";

    #[test]
    fn node_conventions() {
        let m = crate::syntax::parse_module(GRAPH).expect("parses");
        let g = m.top_ops()[0];
        let ops: Vec<OpId> = m.body.block_ops(body_block(&m, g).unwrap()).collect();
        let (a, b) = (ops[0], ops[1]);
        assert_eq!(op_type(&m, b), "B");
        assert_eq!(data_operands(&m, b).as_slice(), data_results(&m, a));
        assert_eq!(control_operands(&m, b).as_slice(), &[control_token(&m, a).unwrap()]);
        assert_eq!(control_of_value(&m, data_results(&m, a)[0]), control_token(&m, a));
    }

    #[test]
    fn replaced_nodes_forward_data_and_control_users() {
        let text = "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n  %a, %ctl = A name(\"a\") : () -> (tensor<i32>)\n  // the old node\n  %b, %ctl_0 = B(%a) [%ctl] name(\"b\") : (tensor<i32>) -> (tensor<i32>)\n  %c, %ctl_1 = C(%b) [%ctl_0] name(\"c\") : (tensor<i32>) -> (tensor<i32>)\n}\n";
        let mut m = crate::syntax::parse_module(text).expect("parses");
        let block = body_block(&m, m.top_ops()[0]).unwrap();
        let ops: Vec<OpId> = m.body.block_ops(block).collect();
        let (a, b, c) = (ops[0], ops[1], ops[2]);
        // Without a replacement token, B's control users inherit its control operands.
        let a_val = data_results(&m, a)[0];
        replace_node(&mut m, b, &[a_val], None);
        assert_eq!(data_operands(&m, c).as_slice(), &[a_val]);
        assert_eq!(control_operands(&m, c).as_slice(), &[control_token(&m, a).unwrap()]);
        let printed = crate::printer::print_module(&m, crate::printer::PrintOptions { keep_comments: true, ..Default::default() });
        assert!(printed.contains("// the old node\n  %a, %ctl = A"), "{}", printed);
        assert!(m.body.check_use_chains().is_ok());
    }

    #[test]
    fn built_nodes_print_like_parsed_ones() {
        let mut m = crate::syntax::parse_module(GRAPH).expect("parses");
        let g = m.top_ops()[0];
        let block = body_block(&m, g).unwrap();
        let ops: Vec<OpId> = m.body.block_ops(block).collect();
        let a = data_results(&m, ops[0])[0];
        let ctl = control_token(&m, ops[1]).unwrap();
        let ty = m.body.value_type(a);
        let t = m.ctx.string_attr("x");
        let c = NodeBuilder::new(&mut m, "C").operands(&[a, a]).control_operands(&[ctl]).name("c").attr("tag", t).results(&[ty]).build();
        m.body.append_op(block, c);
        let text = crate::printer::print_module(&m, Default::default());
        assert!(text.contains("%c, %ctl_1 = C(%a, %a) [%ctl_0] name(\"c\") {tag = \"x\"} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)"), "{}", text);
        assert!(crate::verify::verify_module(&m).is_empty());
    }
}
