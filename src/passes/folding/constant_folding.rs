//! `tfg-constant-folding`: the driver of TensorFlow's tfg port of Grappler's constant
//! folding. Every block of a function or graph is rewritten greedily with the patterns of
//! [`super::patterns`] until nothing applies (MLIR's greedy driver: a worklist of ops, the
//! op-specific pattern first, then the patterns for any op in their registration order; an
//! op that changes puts its users back on the worklist, so the work is proportional to the
//! rewrites, never a rescan of the graph per fold).
//!
//! Also the small rewriter the patterns share: node creation placed before the matched op,
//! replacement of an op's results, TensorFlow's rules for control dependencies
//! (`LookupControlDependency`, the Identity anchor of a `Switch` output) and for which ops
//! are kept (`nodes-to-preserve`, ops whose control token a return uses).

use rustc_hash::FxHashSet;
use smallvec::SmallVec;

use crate::dialect::tfg::{self, NodeBuilder};
use crate::diag::Diagnostic;
use crate::ir::attrs::AttrData;
use crate::ir::module::{DEVICE, NODE_NAME};
use crate::ir::types::{TypeData, DYNAMIC};
use crate::ir::{AttrId, BlockId, Module, NamedAttr, OpId, TypeId, ValueDef, ValueId};
use crate::passes::{PassContext, PassOptions, PassTarget};

use super::op_kinds::{AttrSyms, OpKind, OpKinds};
use super::patterns;
use super::tensor::{DType, Splat, Tensor};

/// The options of `tfg-constant-folding` (passes.td).
#[derive(Clone, Debug)]
pub struct Options {
    pub nodes_to_preserve: FxHashSet<String>,
    pub disable_compressed_tensor_optimization: bool,
    pub fold_quantization_emulation: bool,
    pub pattern_category: i64,
    /// `max-constant-bytes`: the most bytes a constant the pass expands to its elements (a
    /// splat input it evaluates with, a result it writes out element by element) may
    /// declare; larger results are left unfolded, except those that stay splats.
    pub max_constant_bytes: i64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            nodes_to_preserve: FxHashSet::default(),
            disable_compressed_tensor_optimization: false,
            fold_quantization_emulation: false,
            pattern_category: 0,
            max_constant_bytes: super::tensor::DEFAULT_MAX_CONSTANT_BYTES,
        }
    }
}

impl Options {
    pub fn from_pass_options(o: &PassOptions) -> Options {
        let mut nodes_to_preserve: FxHashSet<String> = o.list("nodes-to-preserve").into_iter().collect();
        // Fetched nodes must keep computing what they computed: treat them as preserved.
        nodes_to_preserve.extend(o.list("fetches"));
        Options {
            nodes_to_preserve,
            disable_compressed_tensor_optimization: o.bool("disable-compressed-tensor-optimization"),
            fold_quantization_emulation: o.bool("fold-quantization-emulation"),
            pattern_category: o.int("pattern-category"),
            max_constant_bytes: o.int("max-constant-bytes"),
        }
    }
}

/// Runs constant folding on every function and graph body in `target`.
pub fn run(m: &mut Module, target: PassTarget, cx: &mut PassContext, opts: &Options) -> Result<(), Vec<Diagnostic>> {
    let mut blocks = Vec::new();
    let roots: Vec<OpId> = match target {
        PassTarget::Op(op) => vec![op],
        PassTarget::Module => m.body.block_ops(m.root_block()).collect(),
    };
    for root in roots {
        m.body.walk(root, |o| {
            for &r in &m.body.op(o).regions {
                blocks.extend(m.body.region(r).blocks.iter().copied());
            }
        });
    }
    // Op names are classified once per run, not compared as strings per op and pattern.
    let kinds = OpKinds::new(opts);
    let attr_syms = AttrSyms::new(&mut m.ctx);
    let mut folds = 0;
    for b in blocks {
        folds += fold_block(m, b, opts, &kinds, attr_syms);
    }
    cx.stat("num-rewrites", "Number of rewrites constant folding applied", folds);
    cx.mark_changed_if(folds > 0);
    Ok(())
}

/// The greedy driver on one block; returns the number of rewrites.
fn fold_block(m: &mut Module, block: BlockId, opts: &Options, kinds: &OpKinds, attr_syms: AttrSyms) -> u64 {
    let ops: Vec<OpId> = m.body.block_ops(block).collect();
    let mut rw = Rewriter {
        m,
        opts,
        kinds,
        attr_syms,
        block,
        worklist: Vec::with_capacity(ops.len()),
        queued: Vec::new(),
        at: None,
        folded: Vec::new(),
        all_equal_cache: Default::default(),
    };
    // MLIR's driver pops its worklist from the back: the last op is tried first.
    for &op in ops.iter() {
        rw.push(op);
    }
    let mut rewrites = 0u64;
    // A bound on rewrites per op keeps a pattern cycle from looping forever.
    let limit = 16 * (ops.len() as u64 + 16);
    while let Some(op) = rw.worklist.pop() {
        rw.queued[op.index()] = false;
        if rw.m.body.is_erased(op) || rw.m.body.parent_block(op) != Some(block) || rw.kind(op).terminator {
            continue;
        }
        rw.at = Some(op);
        if patterns::apply(&mut rw, op) {
            rewrites += 1;
            if rewrites > limit {
                break;
            }
        }
    }
    // The marker of multi-result ops already folded goes away at the end.
    let has_folded = rw.attr_syms.has_folded;
    for op in std::mem::take(&mut rw.folded) {
        if !rw.m.body.is_erased(op) {
            rw.m.body.remove_attr(op, has_folded);
        }
    }
    rewrites
}

/// What the patterns rewrite with.
pub struct Rewriter<'a> {
    pub m: &'a mut Module,
    pub opts: &'a Options,
    kinds: &'a OpKinds,
    /// Attribute names read on many ops.
    pub attr_syms: AttrSyms,
    block: BlockId,
    worklist: Vec<OpId>,
    queued: Vec<bool>,
    /// The op being rewritten: new ops go before it.
    at: Option<OpId>,
    /// Multi-result ops marked `has_folded`.
    pub folded: Vec<OpId>,
    /// Whether a `value` attribute is all `v` (keyed by the attribute and `v`'s bits):
    /// a constant used by many ops is decoded once.
    pub all_equal_cache: rustc_hash::FxHashMap<(AttrId, u64), bool>,
}

impl Rewriter<'_> {
    /// Puts `op` on the worklist (once).
    pub fn push(&mut self, op: OpId) {
        let i = op.index();
        if i >= self.queued.len() {
            self.queued.resize((i + 1).max(self.queued.len() * 2), false);
        }
        if !self.queued[i] {
            self.queued[i] = true;
            self.worklist.push(op);
        }
    }

    /// Puts every user of `v` on the worklist.
    pub fn push_users(&mut self, v: ValueId) {
        let users: SmallVec<[OpId; 8]> = self.m.body.uses(v).map(|u| u.op).collect();
        for u in users {
            if self.m.body.parent_block(u) == Some(self.block) {
                self.push(u);
            }
        }
    }

    /// Places a new op before the op being rewritten and queues it.
    pub fn insert(&mut self, op: OpId) -> OpId {
        match self.at {
            Some(at) => self.m.body.insert_op_before(at, op),
            None => self.m.body.append_op(self.block, op),
        }
        self.push(op);
        op
    }

    /// Places a new op before `before` and queues it.
    pub fn insert_before(&mut self, before: OpId, op: OpId) -> OpId {
        self.m.body.insert_op_before(before, op);
        self.push(op);
        op
    }

    /// Replaces every result of `op` (data results, then the control token) by `values`
    /// and erases `op`.
    pub fn replace_op(&mut self, op: OpId, values: &[ValueId]) {
        let results: SmallVec<[ValueId; 4]> = self.m.body.results(op).iter().copied().collect();
        for (&r, &v) in results.iter().zip(values) {
            self.push_users(r);
            self.m.body.replace_all_uses(r, v);
        }
        self.erase(op);
    }

    /// Replaces `op` by `new_op` (same number of results).
    pub fn replace_with_op(&mut self, op: OpId, new_op: OpId) {
        let vals: SmallVec<[ValueId; 4]> = self.m.body.results(new_op).iter().copied().collect();
        self.replace_op(op, &vals);
    }

    /// Erases `op` (its results must be unused); its operands' producers are queued.
    pub fn erase(&mut self, op: OpId) {
        let defs: SmallVec<[OpId; 8]> = self.m.body.operands(op).filter_map(|v| self.m.body.defining_op(v)).collect();
        self.m.body.erase_op(op);
        for d in defs {
            if self.m.body.parent_block(d) == Some(self.block) {
                self.push(d);
            }
        }
    }

    /// Points operand `slot` of `op` at `v` and queues `op`.
    pub fn set_operand(&mut self, op: OpId, slot: usize, v: ValueId) {
        self.m.body.set_operand(op, slot, v);
        self.push(op);
    }

    /// Makes the uses of `from` in ops other than `except` use `to` (and queues them).
    pub fn replace_uses_except(&mut self, from: ValueId, to: ValueId, except: Option<OpId>) {
        let uses: SmallVec<[crate::ir::body::Use; 8]> = self.m.body.uses(from).collect();
        for u in uses {
            if Some(u.op) == except {
                continue;
            }
            self.m.body.set_operand(u.op, u.slot as usize, to);
            self.push(u.op);
        }
    }

    // ------------------------------------------------------------ queries

    /// What the pass knows about `op`'s name (one table lookup).
    pub fn kind(&self, op: OpId) -> OpKind {
        self.kinds.get(&self.m.ctx, self.m.body.op(op).name)
    }

    pub fn op_type(&self, op: OpId) -> &str {
        tfg::op_type(self.m, op)
    }

    pub fn attr(&self, op: OpId, name: &str) -> Option<AttrId> {
        self.m.op_attr(op, name).map(|a| self.m.ctx.resolved_attr(a))
    }

    pub fn has_attr(&self, op: OpId, name: &str) -> bool {
        self.m.op_attr(op, name).is_some()
    }

    /// The attribute named `name` (an interned name), resolved.
    pub fn attr_sym(&self, op: OpId, name: crate::ir::Sym) -> Option<AttrId> {
        self.m.body.attr(op, name).map(|a| self.m.ctx.resolved_attr(a))
    }

    /// A type attribute (`TypeAttr`) named `name` (an interned name).
    pub fn type_attr_sym(&self, op: OpId, name: crate::ir::Sym) -> Option<TypeId> {
        match self.m.ctx.attr_data(self.attr_sym(op, name)?) {
            AttrData::Type(t) => Some(*t),
            _ => None,
        }
    }

    /// An integer attribute (`IntegerAttr`).
    pub fn int_attr(&self, op: OpId, name: &str) -> Option<i64> {
        let a = self.attr(op, name)?;
        match self.m.ctx.attr_data(a) {
            AttrData::Int { .. } => self.m.ctx.int_value(a).map(|v| v as i64),
            _ => None,
        }
    }

    /// A boolean attribute (`BoolAttr`).
    pub fn bool_attr(&self, op: OpId, name: &str) -> Option<bool> {
        match self.m.ctx.attr_data(self.attr(op, name)?) {
            AttrData::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// A type attribute (`TypeAttr`).
    pub fn type_attr(&self, op: OpId, name: &str) -> Option<TypeId> {
        match self.m.ctx.attr_data(self.attr(op, name)?) {
            AttrData::Type(t) => Some(*t),
            _ => None,
        }
    }

    pub fn string_attr(&self, op: OpId, name: &str) -> Option<String> {
        let a = self.attr(op, name)?;
        self.m.ctx.string_value(a).map(|b| String::from_utf8_lossy(&b).into_owned())
    }

    pub fn name(&self, op: OpId) -> String {
        self.m.node_name(op).unwrap_or_default()
    }

    pub fn device(&self, op: OpId) -> String {
        self.m.device(op).unwrap_or_default()
    }

    pub fn device_attr(&self, op: OpId) -> Option<AttrId> {
        self.m.op_attr(op, DEVICE)
    }

    pub fn data_operands(&self, op: OpId) -> SmallVec<[ValueId; 4]> {
        tfg::data_operands(self.m, op)
    }

    pub fn control_operands(&self, op: OpId) -> SmallVec<[ValueId; 4]> {
        tfg::control_operands(self.m, op)
    }

    pub fn data_results(&self, op: OpId) -> SmallVec<[ValueId; 4]> {
        tfg::data_results(self.m, op).iter().copied().collect()
    }

    pub fn result(&self, op: OpId, i: usize) -> ValueId {
        self.m.body.results(op)[i]
    }

    pub fn operand(&self, op: OpId, i: usize) -> Option<ValueId> {
        (i < self.m.body.num_operands(op)).then(|| self.m.body.operand(op, i))
    }

    /// The op defining operand `i` of `op`.
    pub fn operand_op(&self, op: OpId, i: usize) -> Option<OpId> {
        self.operand(op, i).and_then(|v| self.m.body.defining_op(v))
    }

    pub fn ctl(&self, op: OpId) -> ValueId {
        tfg::control_token(self.m, op).unwrap_or_else(|| *self.m.body.results(op).last().expect("a node has results"))
    }

    pub fn is_const(&self, op: OpId) -> bool {
        self.kind(op).is_const
    }

    /// Whether `v` is produced by a Const node.
    pub fn is_const_value(&self, v: ValueId) -> bool {
        self.m.body.defining_op(v).is_some_and(|o| self.is_const(o))
    }

    /// The value of a Const node (`None` for a splat over `max-constant-bytes`: see
    /// [`Rewriter::const_splat`]).
    pub fn const_value(&self, op: OpId) -> Option<Tensor> {
        Tensor::from_attr_within(&self.m.ctx, self.attr_sym(op, self.attr_syms.value)?, self.opts.max_constant_bytes)
    }

    /// The value of a Const node that is a splat, as its one element (never expanded).
    pub fn const_splat(&self, op: OpId) -> Option<Splat> {
        Tensor::splat_of(&self.m.ctx, self.attr_sym(op, self.attr_syms.value)?)
    }

    /// Whether a Const node's value is non-empty and every element is `v`.
    pub fn const_all_equal(&mut self, op: OpId, v: f64) -> bool {
        let Some(a) = self.attr_sym(op, self.attr_syms.value) else { return false };
        let key = (a, v.to_bits());
        if let Some(&r) = self.all_equal_cache.get(&key) {
            return r;
        }
        let r = match Tensor::splat_of(&self.m.ctx, a) {
            Some(s) => s.scalar.all_equal_to(v),
            None => Tensor::from_attr_within(&self.m.ctx, a, self.opts.max_constant_bytes).is_some_and(|t| !t.is_empty() && t.all_equal_to(v)),
        };
        self.all_equal_cache.insert(key, r);
        r
    }

    /// The `value` attribute of a Const node (any elements attribute).
    pub fn const_attr(&self, op: OpId) -> Option<AttrId> {
        let a = self.attr_sym(op, self.attr_syms.value)?;
        matches!(self.m.ctx.attr_data(a), AttrData::Dense { .. } | AttrData::DenseResource { .. }).then_some(a)
    }

    /// The type of a dense attribute.
    pub fn attr_type(&self, a: AttrId) -> Option<TypeId> {
        match self.m.ctx.attr_data(a) {
            AttrData::Dense { ty, .. } | AttrData::DenseResource { ty, .. } => Some(*ty),
            _ => None,
        }
    }

    pub fn value_type(&self, v: ValueId) -> TypeId {
        self.m.body.value_type(v)
    }

    /// The shape of a tensor type: `Some(dims)` when ranked (dynamic dims negative),
    /// `None` when unranked or not a tensor.
    pub fn shape_of_type(&self, t: TypeId) -> Option<Vec<i64>> {
        match self.m.ctx.type_data(self.m.ctx.resolved_type(t)) {
            TypeData::RankedTensor { shape, .. } => Some(shape.iter().map(|&d| if d == DYNAMIC { -1 } else { d }).collect()),
            _ => None,
        }
    }

    pub fn shape_of(&self, v: ValueId) -> Option<Vec<i64>> {
        self.shape_of_type(self.value_type(v))
    }

    /// The shape when fully static.
    pub fn static_shape(&self, v: ValueId) -> Option<Vec<i64>> {
        self.shape_of(v).filter(|s| s.iter().all(|&d| d >= 0))
    }

    pub fn is_tensor_type(&self, t: TypeId) -> bool {
        matches!(self.m.ctx.type_data(self.m.ctx.resolved_type(t)), TypeData::RankedTensor { .. } | TypeData::UnrankedTensor { .. })
    }

    /// The element type of a tensor type.
    pub fn elem_type(&self, t: TypeId) -> Option<TypeId> {
        match self.m.ctx.type_data(self.m.ctx.resolved_type(t)) {
            TypeData::RankedTensor { elem, .. } | TypeData::UnrankedTensor { elem } => Some(*elem),
            _ => None,
        }
    }

    /// Whether `t` is an integer or index type (`isIntOrIndex`).
    pub fn is_int_type(&self, t: TypeId) -> bool {
        matches!(self.m.ctx.type_data(self.m.ctx.resolved_type(t)), TypeData::Integer { .. } | TypeData::Index)
    }

    pub fn is_float_type(&self, t: TypeId) -> bool {
        matches!(self.m.ctx.type_data(self.m.ctx.resolved_type(t)), TypeData::Float(_))
    }

    pub fn is_complex_type(&self, t: TypeId) -> bool {
        matches!(self.m.ctx.type_data(self.m.ctx.resolved_type(t)), TypeData::Complex(_))
    }

    /// Whether `t` is `iN` for this width.
    pub fn is_int_width(&self, t: TypeId, width: u32) -> bool {
        matches!(self.m.ctx.type_data(self.m.ctx.resolved_type(t)), TypeData::Integer { width: w, .. } if *w == width)
    }

    /// A ranked tensor type of `shape` and element `elem`.
    pub fn tensor_type(&mut self, shape: Vec<i64>, elem: TypeId) -> TypeId {
        let shape = shape.into_iter().map(|d| if d < 0 { DYNAMIC } else { d }).collect();
        self.m.ctx.ty(TypeData::RankedTensor { shape, elem, encoding: None })
    }

    pub fn type_attr_of(&mut self, t: TypeId) -> AttrId {
        self.m.ctx.attr(AttrData::Type(t))
    }

    /// An `IntegerAttr` of type `i32`.
    pub fn i32_attr(&mut self, v: i64) -> AttrId {
        let i32 = DType::i32().type_id(&mut self.m.ctx);
        let s = self.m.ctx.sym(&v.to_string());
        self.m.ctx.attr(AttrData::Int { spelling: s, ty: Some(i32) })
    }

    /// The data type of an op (`GetDataTypeFromOp`): its `T`, else its `dtype`, else `i1`
    /// for LogicalOr/LogicalAnd, else its first result's type.
    pub fn data_type_of(&mut self, op: OpId) -> TypeId {
        if let Some(t) = self.type_attr(op, "T").or_else(|| self.type_attr(op, "dtype")) {
            return t;
        }
        if matches!(self.op_type(op), "LogicalOr" | "LogicalAnd") {
            return DType::Bool.type_id(&mut self.m.ctx);
        }
        self.value_type(self.result(op, 0))
    }

    /// `ShouldPreserveOp`: the node is named in `nodes-to-preserve` (or `fetches`), or a
    /// return uses its control token.
    pub fn should_preserve(&self, op: OpId) -> bool {
        if !self.opts.nodes_to_preserve.is_empty() && self.opts.nodes_to_preserve.contains(&self.name(op)) {
            return true;
        }
        let Some(ctl) = tfg::control_token(self.m, op) else { return false };
        self.m.body.uses(ctl).any(|u| self.kind(u.op).is_return)
    }

    // ------------------------------------------------------------ building

    /// `GetControlDependency`: the control token standing for `v` (for a Switch output, the
    /// control token of an Identity anchored on that output, created if needed).
    pub fn control_dep(&mut self, v: ValueId) -> ValueId {
        if tfg::is_control(self.m, v) {
            return v;
        }
        if let ValueDef::Result { op, index } = self.m.body.value(v).def {
            if matches!(self.op_type(op), "Switch" | "RefSwitch") {
                let anchor = self.switch_anchor(op, index as usize);
                return self.ctl(anchor);
            }
        }
        tfg::control_of_value(self.m, v).unwrap_or(v)
    }

    /// `LookupControlDependency` without the Switch anchor.
    pub fn lookup_control(&self, v: ValueId) -> ValueId {
        tfg::control_of_value(self.m, v).unwrap_or(v)
    }

    /// Whether `op` is a control anchor: an Identity (or single-input IdentityN) whose data
    /// results are unused.
    pub fn is_control_anchor(&self, op: OpId) -> bool {
        let ty = self.op_type(op);
        let identity = ty == "Identity" || (ty == "IdentityN" && self.data_operands(op).len() == 1);
        identity && self.data_results(op).iter().all(|&r| !self.m.body.has_uses(r))
    }

    /// The control anchor of output `index` of a Switch node.
    pub fn switch_anchor(&mut self, switch: OpId, index: usize) -> OpId {
        let value = self.result(switch, index);
        if let Some(u) = self.m.body.uses(value).map(|u| u.op).find(|&u| self.is_control_anchor(u)) {
            return u;
        }
        let ty = self.value_type(value);
        let name = format!("{}/ControlDependencyCtrl_{}", self.name(switch), index);
        let t = self.type_attr(switch, "T").map(|t| self.type_attr_of(t));
        let device = self.device(switch);
        let mut b = NodeBuilder::new(self.m, "Identity").operands(&[value]).results(&[ty]);
        if let Some(t) = t {
            b = b.attr("T", t);
        }
        if !device.is_empty() {
            b = b.device(&device);
        }
        let op = b.name(&name).build();
        let loc = self.m.body.op(switch).loc;
        self.m.body.op_mut(op).loc = loc;
        self.insert(op)
    }

    /// The attributes TensorFlow's `EraseRegularNodeAttributes` leaves: those whose names
    /// start with `_` (node name, device, `_output_shapes`, ...); the op's own attributes
    /// go.
    pub fn non_regular_attrs(&self, op: OpId) -> Vec<NamedAttr> {
        self.m.body.attrs(op).iter().copied().filter(|a| self.m.ctx.str(a.name).starts_with('_')).collect()
    }

    pub fn all_attrs(&self, op: OpId) -> Vec<NamedAttr> {
        self.m.body.attrs(op).to_vec()
    }

    /// Creates a node of `op_name` with the given pieces, sorted attributes (an MLIR
    /// dictionary), the location of `loc_of`, placed before the op being rewritten.
    #[allow(clippy::too_many_arguments)]
    pub fn create(
        &mut self,
        op_name: &str,
        operands: &[ValueId],
        controls: &[ValueId],
        mut attrs: Vec<NamedAttr>,
        results: &[TypeId],
        loc_of: OpId,
    ) -> OpId {
        attrs.sort_by(|a, b| self.m.ctx.str(a.name).cmp(self.m.ctx.str(b.name)));
        let op = NodeBuilder::new(self.m, op_name).operands(operands).control_operands(controls).attrs(&attrs).results(results).build();
        let loc = self.m.body.op(loc_of).loc;
        self.m.body.op_mut(op).loc = loc;
        self.insert(op)
    }

    /// Sets (or replaces) `name` in an attribute list.
    pub fn set_in(&mut self, attrs: &mut Vec<NamedAttr>, name: &str, value: AttrId) {
        let sym = self.m.ctx.sym(name);
        match attrs.iter_mut().find(|a| a.name == sym) {
            Some(a) => a.value = value,
            None => attrs.push(NamedAttr::new(sym, value)),
        }
    }

    pub fn remove_in(&mut self, attrs: &mut Vec<NamedAttr>, name: &str) {
        let sym = self.m.ctx.sym(name);
        attrs.retain(|a| a.name != sym);
    }

    /// `CreateConstantTensorOp`: a Const node of result type `ty` holding `value`, with
    /// the `_`-prefixed attributes of `other_attrs`, `dtype` from the value, and the name
    /// `<name_prefix>/const_folded` when a prefix is given.
    pub fn create_const(
        &mut self,
        name_prefix: &str,
        ty: TypeId,
        controls: &[ValueId],
        value: AttrId,
        other_attrs: &[NamedAttr],
        loc_of: OpId,
    ) -> Option<OpId> {
        if self.elem_type(ty).is_some_and(|e| self.is_variant(e)) || self.is_variant(ty) {
            return None;
        }
        let vty = self.attr_type(value)?;
        let elem = self.elem_type(vty)?;
        let mut attrs: Vec<NamedAttr> = other_attrs.iter().copied().filter(|a| self.m.ctx.str(a.name).starts_with('_')).collect();
        let dt = self.type_attr_of(elem);
        self.set_in(&mut attrs, "dtype", dt);
        self.set_in(&mut attrs, "value", value);
        if !name_prefix.is_empty() {
            let n = self.m.ctx.string_attr(&format!("{}/const_folded", name_prefix));
            self.set_in(&mut attrs, NODE_NAME, n);
        }
        Some(self.create("Const", &[], controls, attrs, &[ty], loc_of))
    }

    fn is_variant(&self, t: TypeId) -> bool {
        match self.m.ctx.type_data(self.m.ctx.resolved_type(t)) {
            TypeData::TfSimple(s) => self.m.ctx.str(*s) == "variant",
            TypeData::TfWithSubtypes { name, .. } => self.m.ctx.str(*name) == "variant",
            _ => false,
        }
    }

    pub fn set_name(&mut self, op: OpId, name: &str) {
        tfg::set_node_name(self.m, op, name);
    }

    pub fn set_device(&mut self, op: OpId, device: &str) {
        self.m.set_string_attr(op, DEVICE, Some(device));
    }

    /// Copies the node name of `from` to `to`, and its device when it has one.
    pub fn copy_name_device(&mut self, from: OpId, to: OpId) {
        let name = self.name(from);
        self.set_name(to, &name);
        let device = self.device(from);
        if !device.is_empty() {
            self.set_device(to, &device);
        }
    }

    /// Interns a tensor value as a dense attribute.
    pub fn dense(&mut self, t: &Tensor) -> AttrId {
        t.to_attr(&mut self.m.ctx)
    }
}
