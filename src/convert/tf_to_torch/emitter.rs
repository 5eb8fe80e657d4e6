//! [`TorchEmitter`]: builds the body of the torch `func.func` op by op, in MLIR's generic
//! form as torch-mlir reads it. It owns
//!
//! * the map from each converted TensorFlow value to its torch value and *layout*
//!   ([`Converted`]): a rank-4 NHWC value may be held as NCHW (what convolutions produce);
//!   the other layout is materialized lazily by one `aten.permute`, once per value;
//! * the ONE generic aten emitter [`TorchEmitter::aten`]: an op by its TorchScript name with
//!   the leading operands a lowering gives, the rest filled from the schema's defaults
//!   (`dialects/pytorch/2.15.jsonl` through the namespace registry), every scalar and list
//!   made a `torch.constant.*` / `torch.prim.ListConstruct` operand;
//! * constants (`torch.constant.*`, deduplicated) and `torch.vtensor.literal`s, and the
//!   deferral of Const nodes to their first use as a tensor.
//!
//! What lowerings read of the TensorFlow node is in [`super::reading`].

use std::sync::Arc;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::types::{permutation_order, Dt, TTy};
use crate::diag::Diagnostic;
use crate::ir::types::{TypeData, DYNAMIC};
use crate::ir::{AttrData, AttrId, BlockId, Module, NamedAttr, OpForm, OpId, OpSpec, Span, TypeId, ValueId};
use crate::namespace::OpSchema;
use crate::passes::folding::tensor::{DType, Tensor, Values};

/// How a converted value's dims are arranged relative to its TensorFlow value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// The TensorFlow layout.
    Plain,
    /// A rank-4 NHWC TensorFlow value held as NCHW (`permute [0,3,1,2]` of it).
    Nchw,
}

/// NHWC → NCHW.
pub const TO_NCHW: [i64; 4] = [0, 3, 1, 2];
/// NCHW → NHWC.
pub const TO_NHWC: [i64; 4] = [0, 2, 3, 1];

/// The torch value standing for one TensorFlow value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Converted {
    pub value: ValueId,
    pub layout: Layout,
}

impl Converted {
    pub fn plain(value: ValueId) -> Converted {
        Converted { value, layout: Layout::Plain }
    }

    pub fn nchw(value: ValueId) -> Converted {
        Converted { value, layout: Layout::Nchw }
    }
}

/// A TensorFlow node as lowerings see it.
#[derive(Clone, Debug)]
pub struct TfNode {
    pub op: OpId,
    /// The node name (`name("...")`), or the op type when it has none.
    pub name: String,
    /// `MatMul`, `Conv2D`, ... (without `tfg.`).
    pub op_type: String,
    /// Data operands.
    pub inputs: Vec<ValueId>,
    /// Data results.
    pub results: Vec<ValueId>,
    pub span: Span,
}

/// One operand of an aten op, before it is made a torch value.
#[derive(Clone, Debug, PartialEq)]
pub enum A {
    T(ValueId),
    Int(i64),
    Float(f64),
    Bool(bool),
    None,
    Ints(Vec<i64>),
    Tensors(Vec<ValueId>),
    Str(String),
    /// A `ScalarType` (its TorchScript number).
    Dtype(Dt),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum ConstKey {
    Int(i64),
    Float(u64),
    Bool(bool),
    None,
    Str(String),
}

struct Slot {
    primary: Converted,
    logical: Option<ValueId>,
    nchw: Option<ValueId>,
}

/// Builds the torch function body (see the module doc).
pub struct TorchEmitter<'m> {
    pub m: &'m mut Module,
    block: BlockId,
    values: FxHashMap<ValueId, Slot>,
    types: FxHashMap<ValueId, TTy>,
    consts: FxHashMap<ConstKey, ValueId>,
    schemas: FxHashMap<String, Arc<OpSchema>>,
    deferred: FxHashMap<ValueId, (TfNode, super::ops::Lowering)>,
    /// Compile-time values evaluated by [`TorchEmitter::known`] (see `reading.rs`).
    pub(super) known_memo: std::cell::RefCell<FxHashMap<ValueId, Option<Tensor>>>,
    /// How many ops were emitted (statistics).
    pub emitted: u64,
    /// The library functions that control-flow nodes call, planned (see `ops/control.rs`).
    pub functions: FxHashMap<OpId, Arc<super::ops::control::FunctionBody>>,
    /// The functions being inlined, outermost first (a function that calls itself is an error).
    pub inlining: Vec<OpId>,
    /// An argument of a function being inlined → the caller's TensorFlow value it stands for,
    /// when that value is the same in every execution of the body (so [`TorchEmitter::known`]
    /// sees a small constant passed to a branch, e.g. a Reshape's shape).
    pub arg_alias: FxHashMap<ValueId, ValueId>,
    /// The location of the ops being emitted: `loc("<node name>")` of the TensorFlow node
    /// being converted (see [`TorchEmitter::lower`]), so the node's name reaches the torch
    /// ops (`--mlir-print-debuginfo`, `--name-map`, the names of `--emit=pytorch`).
    loc: Option<AttrId>,
    /// The rule of each node the conversion table lowers declaratively (`ops/declared.rs`),
    /// as it was selected when lowerings were chosen.
    pub declared: FxHashMap<OpId, Arc<crate::tables::Selected>>,
    /// Where ops go: `None` appends them to the block, `Some(op)` inserts them before `op`
    /// (MLIR's `OpBuilder` insertion point; see [`TorchEmitter::before`]).
    insertion_point: Option<OpId>,
    /// The ops made before an insertion point, for the rewrite driver to look at.
    pub made: Vec<OpId>,
    /// Set when the function takes any batch (a feed's dim 0 is unknown; `dynamic_batch.rs`).
    pub batch: Option<super::dynamic_batch::DynamicBatch>,
}

type R<T> = Result<T, Diagnostic>;

impl<'m> TorchEmitter<'m> {
    pub fn new(m: &'m mut Module, block: BlockId) -> Self {
        TorchEmitter {
            m,
            block,
            values: FxHashMap::default(),
            types: FxHashMap::default(),
            consts: FxHashMap::default(),
            schemas: FxHashMap::default(),
            deferred: FxHashMap::default(),
            known_memo: Default::default(),
            emitted: 0,
            functions: FxHashMap::default(),
            inlining: Vec::new(),
            declared: FxHashMap::default(),
            arg_alias: FxHashMap::default(),
            loc: None,
            insertion_point: None,
            made: Vec::new(),
            batch: None,
        }
    }

    /// An emitter that places its ops before `op` (in `op`'s block) and lists them in
    /// [`TorchEmitter::made`]: what a torch-level rewrite pattern builds its replacement with.
    pub fn before(m: &'m mut Module, op: OpId) -> Self {
        let block = m.body.parent_block(op).expect("a rewritten op is in a block");
        TorchEmitter { insertion_point: Some(op), ..TorchEmitter::new(m, block) }
    }

    /// Puts a new op at the insertion point.
    fn place(&mut self, op: OpId) {
        match self.insertion_point {
            Some(before) => {
                self.m.body.insert_op_before(before, op);
                self.made.push(op);
            }
            None => self.m.body.append_op(self.block, op),
        }
        self.emitted += 1;
    }

    /// Runs the lowering `f` of `node`, the ops it emits located at the node's name.
    pub fn lower(&mut self, node: &TfNode, f: super::ops::Lowering) -> R<Vec<Converted>> {
        self.check_dynamic_batch(node)?;
        let loc = self.name_loc(&node.name);
        let outer = self.loc.replace(loc);
        let outs = f(self, node).and_then(|outs| self.check_batch_results(node, outs));
        self.loc = outer;
        outs.map_err(|d| self.with_pin_hint(d))
    }

    /// `loc("name")`.
    fn name_loc(&mut self, name: &str) -> AttrId {
        let name = self.m.ctx.sym(name);
        self.m.ctx.attr(AttrData::Loc(crate::ir::attrs::Location::Name { name, child: None }))
    }

    // ------------------------------------------------------------ diagnostics

    /// An error about `node`, naming it.
    pub fn err(&self, node: &TfNode, msg: impl AsRef<str>) -> Diagnostic {
        Diagnostic::error(node.span, format!("convert-tf-to-torch: {} '{}': {}", node.op_type, node.name, msg.as_ref()))
    }

    /// An error naming `node`, the shape and the bytes, when a literal of `shape` and `dt`
    /// that a lowering writes out element by element would declare more than the budget
    /// (the passes' default `max-constant-bytes`, 10 MiB): a declared size is untrusted input.
    pub fn within_budget(&self, node: &TfNode, what: &str, shape: &[i64], dt: Dt) -> Result<(), Diagnostic> {
        let bytes = shape.iter().fold(1i64, |a, &d| a.saturating_mul(d.max(0))).saturating_mul(dt.size_bytes());
        let budget = crate::passes::folding::tensor::DEFAULT_MAX_CONSTANT_BYTES;
        if bytes <= budget {
            return Ok(());
        }
        Err(self.err(
            node,
            format!("{what} of shape {} ({}) would take {bytes} bytes written out, more than the {budget}-byte budget", super::types::show_shape(shape), dt.spelling()),
        ))
    }

    // ------------------------------------------------------------ the value map

    /// Records the torch value of a TensorFlow value.
    pub fn bind(&mut self, tf: ValueId, c: Converted) {
        self.values.insert(tf, Slot { primary: c, logical: None, nchw: None });
    }

    /// Records a block argument (or any value made outside [`TorchEmitter::aten`]) and its type.
    pub fn set_type(&mut self, v: ValueId, ty: TTy) {
        self.types.insert(v, ty);
    }

    pub fn is_bound(&self, tf: ValueId) -> bool {
        self.values.contains_key(&tf)
    }

    /// Defers a node's conversion until one of its results is first used as a tensor (a
    /// Const used only as a shape, axis or permutation is never emitted).
    pub fn defer(&mut self, node: TfNode, f: super::ops::Lowering) {
        for &r in &node.results {
            self.deferred.insert(r, (node.clone(), f));
        }
    }

    /// Converts the deferred node of `tf`, if there is one.
    fn materialize(&mut self, tf: ValueId) -> R<()> {
        if self.values.contains_key(&tf) {
            return Ok(());
        }
        let Some((node, f)) = self.deferred.remove(&tf) else { return Ok(()) };
        for r in &node.results {
            self.deferred.remove(r);
        }
        let outs = self.lower(&node, f)?;
        for (&r, c) in node.results.iter().zip(outs) {
            self.bind(r, c);
        }
        Ok(())
    }

    /// The converted value of input `i` of `node`, in whatever layout it is held.
    pub fn input(&mut self, node: &TfNode, i: usize) -> R<Converted> {
        let v = *node.inputs.get(i).ok_or_else(|| self.err(node, format!("expects an input {}", i)))?;
        self.materialize(v)?;
        self.values.get(&v).map(|s| s.primary).ok_or_else(|| self.err(node, format!("input {} has no torch value", i)))
    }

    /// Input `i` of `node` in the TensorFlow layout (a permute is made once per value).
    pub fn logical(&mut self, node: &TfNode, i: usize) -> R<ValueId> {
        let c = self.input(node, i)?;
        let tf = node.inputs[i];
        match c.layout {
            Layout::Plain => Ok(c.value),
            Layout::Nchw => {
                if let Some(v) = self.values[&tf].logical {
                    return Ok(v);
                }
                let v = self.permute(c.value, &TO_NHWC)?;
                self.values.get_mut(&tf).expect("bound").logical = Some(v);
                Ok(v)
            }
        }
    }

    /// The TensorFlow value `tf` in the TensorFlow layout (for results of the function).
    pub fn logical_of(&mut self, tf: ValueId) -> Option<R<ValueId>> {
        if let Err(d) = self.materialize(tf) {
            return Some(Err(d));
        }
        let slot = self.values.get(&tf)?;
        Some(match (slot.primary.layout, slot.logical) {
            (Layout::Plain, _) => Ok(slot.primary.value),
            (Layout::Nchw, Some(v)) => Ok(v),
            (Layout::Nchw, None) => {
                let p = slot.primary.value;
                self.permute(p, &TO_NHWC).inspect(|&v| self.values.get_mut(&tf).expect("bound").logical = Some(v))
            }
        })
    }

    /// Input `i` of `node` (a rank-4 NHWC TensorFlow value) held as NCHW.
    pub fn nchw(&mut self, node: &TfNode, i: usize) -> R<ValueId> {
        let c = self.input(node, i)?;
        let tf = node.inputs[i];
        match c.layout {
            Layout::Nchw => Ok(c.value),
            Layout::Plain => {
                if let Some(v) = self.values[&tf].nchw {
                    return Ok(v);
                }
                if self.ty(c.value).rank() != 4 {
                    return Err(self.err(node, format!("input {} is not of rank 4", i)));
                }
                let v = self.permute(c.value, &TO_NCHW)?;
                self.values.get_mut(&tf).expect("bound").nchw = Some(v);
                Ok(v)
            }
        }
    }

    /// After a node is converted: a result whose TensorFlow type has no static shape takes
    /// the shape of its torch value (in the TensorFlow layout), so later nodes see it.
    pub fn learn_type(&mut self, tf: ValueId) {
        let t = self.m.body.value_type(tf);
        if TTy::of_type(&self.m.ctx, t).is_some_and(|t| t.is_static()) {
            return;
        }
        let Some(slot) = self.values.get(&tf) else { return };
        let mut ty = self.ty(slot.primary.value);
        if slot.primary.layout == Layout::Nchw {
            ty = ty.permuted(&[0, 2, 3, 1]);
        }
        self.learn_shape(tf, &ty.shape);
    }

    /// Gives the TensorFlow value `tf` the static `shape` when its type has none (a value
    /// known at conversion time).
    pub fn learn_shape(&mut self, tf: ValueId, shape: &[i64]) {
        let t = self.m.body.value_type(tf);
        if TTy::of_type(&self.m.ctx, t).is_some_and(|t| t.is_static()) {
            return;
        }
        let elem = match self.m.ctx.type_data(self.m.ctx.resolved_type(t)) {
            TypeData::RankedTensor { elem, .. } | TypeData::UnrankedTensor { elem } => *elem,
            _ => return,
        };
        // A TensorList (`tensor<!tf_type.variant>`) is a scalar handle in TensorFlow; the
        // shape of the tensor holding it (ops/tensorlist.rs) is not its shape.
        if Dt::of_elem(&self.m.ctx, elem).is_none() {
            return;
        }
        let nt = self.m.ctx.ty(TypeData::RankedTensor { shape: shape.iter().copied().collect(), elem, encoding: None });
        self.m.body.set_value_type(tf, nt);
    }

    /// The type of a torch value made by this emitter.
    pub fn ty(&self, v: ValueId) -> TTy {
        self.types.get(&v).cloned().expect("every torch value has a recorded type")
    }

    // ------------------------------------------------------------ building ops

    fn opaque(&mut self, text: &str) -> TypeId {
        let s = self.m.ctx.sym(text);
        self.m.ctx.ty(TypeData::Opaque(s))
    }

    /// The torch type of a tensor.
    pub fn vtensor_type(&mut self, ty: &TTy) -> TypeId {
        let text = ty.torch_spelling();
        self.opaque(&text)
    }

    /// Appends a generic op to the function body.
    fn push(&mut self, name: &str, operands: &[ValueId], results: &[TypeId], props: Vec<NamedAttr>) -> OpId {
        let properties = if props.is_empty() { None } else { Some(self.m.ctx.attr(AttrData::Dict(props))) };
        let sym = self.m.ctx.sym(name);
        let spec = OpSpec { result_types: results.iter().copied().collect(), properties, form: OpForm::Custom, loc: self.loc, ..OpSpec::default() };
        let op = self.m.body.create_op(spec, sym);
        self.m.body.set_operands(op, operands);
        self.place(op);
        op
    }

    fn value_prop(&mut self, value: AttrId) -> Vec<NamedAttr> {
        vec![NamedAttr::new(self.m.ctx.sym("value"), value)]
    }

    fn constant(&mut self, key: ConstKey) -> ValueId {
        if let Some(&v) = self.consts.get(&key) {
            return v;
        }
        let (name, ty, value) = match &key {
            ConstKey::Int(i) => {
                let i64t = self.m.ctx.ty(TypeData::Integer { width: 64, signedness: crate::ir::types::Signedness::Signless });
                let spelling = self.m.ctx.sym(&i.to_string());
                ("torch.constant.int", "!torch.int", Some(self.m.ctx.attr(AttrData::Int { spelling, ty: Some(i64t) })))
            }
            ConstKey::Float(bits) => {
                let f64s = self.m.ctx.sym("f64");
                let f64t = self.m.ctx.ty(TypeData::Float(f64s));
                let spelling = self.m.ctx.sym(&float_spelling(f64::from_bits(*bits)));
                ("torch.constant.float", "!torch.float", Some(self.m.ctx.attr(AttrData::Float { spelling, ty: Some(f64t) })))
            }
            ConstKey::Bool(b) => ("torch.constant.bool", "!torch.bool", Some(self.m.ctx.attr(AttrData::Bool(*b)))),
            ConstKey::None => ("torch.constant.none", "!torch.none", None),
            ConstKey::Str(s) => ("torch.constant.str", "!torch.str", Some(self.m.ctx.string_attr(s))),
        };
        let t = self.opaque(ty);
        let props = match value {
            Some(a) => self.value_prop(a),
            None => Vec::new(),
        };
        let op = self.push(name, &[], &[t], props);
        let v = self.m.body.results(op)[0];
        self.consts.insert(key, v);
        v
    }

    pub fn const_int(&mut self, i: i64) -> ValueId {
        self.constant(ConstKey::Int(i))
    }

    pub fn const_float(&mut self, f: f64) -> ValueId {
        self.constant(ConstKey::Float(f.to_bits()))
    }

    pub fn const_bool(&mut self, b: bool) -> ValueId {
        self.constant(ConstKey::Bool(b))
    }

    fn list(&mut self, items: &[ValueId], elem: &str) -> ValueId {
        let t = self.opaque(&format!("!torch.list<{}>", elem));
        let op = self.push("torch.prim.ListConstruct", items, &[t], Vec::new());
        self.m.body.results(op)[0]
    }

    /// `torch.vtensor.literal` of a `dense<...>` attribute whose element type is rewritten
    /// to torch's (`i32` → `si32`); the attribute's own payload is reused.
    pub fn literal_of_dense(&mut self, dense: AttrId, ty: &TTy) -> Option<ValueId> {
        let AttrData::Dense { value, .. } = self.m.ctx.attr_data(self.m.ctx.resolved_attr(dense)).clone() else { return None };
        Some(self.literal_of_payload(value, ty))
    }

    /// `torch.vtensor.literal` of type `ty` whose `dense<...>` has the payload `value`.
    fn literal_of_payload(&mut self, value: AttrId, ty: &TTy) -> ValueId {
        let elem = ty.dt.elem_type(&mut self.m.ctx);
        let tensor_ty = self.m.ctx.ty(TypeData::RankedTensor { shape: ty.shape.clone(), elem, encoding: None });
        let attr = self.m.ctx.attr(AttrData::Dense { value, ty: tensor_ty });
        let t = self.vtensor_type(ty);
        let props = self.value_prop(attr);
        let op = self.push("torch.vtensor.literal", &[], &[t], props);
        let v = self.m.body.results(op)[0];
        self.types.insert(v, ty.clone());
        v
    }

    /// `torch.vtensor.literal` of a host tensor, as element type `dt`.
    pub fn literal(&mut self, t: &Tensor, dt: Dt) -> ValueId {
        let dtype = dt.dtype();
        let host = match &t.values {
            Values::Int(v) => Tensor::ints(dtype, t.shape.clone(), v.clone()),
            Values::Float(v) => Tensor::floats(dtype, t.shape.clone(), v.clone()),
        };
        let attr = host.to_attr(&mut self.m.ctx);
        self.literal_of_dense(attr, &TTy::new(t.shape.clone(), dt)).expect("to_attr makes a dense attribute")
    }

    /// A float literal tensor of shape `shape`.
    pub fn literal_f(&mut self, shape: Vec<i64>, values: Vec<f64>, dt: Dt) -> ValueId {
        let f = Tensor::floats(DType::Float(crate::printer::float::float_sem("f64").expect("f64")), shape, values);
        self.literal(&f, dt)
    }

    pub fn schema(&mut self, name: &str) -> Option<Arc<OpSchema>> {
        if let Some(s) = self.schemas.get(name) {
            return Some(s.clone());
        }
        let reg = crate::namespace::global().read().ok()?;
        let v = reg.resolve("amanda/pytorch")?;
        let s = reg.lookup(v, name)?;
        self.schemas.insert(name.to_string(), s.clone());
        Some(s)
    }

    fn operand(&mut self, a: &A, ty: &str) -> ValueId {
        let float = ty.starts_with("float");
        match a {
            A::T(v) => *v,
            A::Int(i) if float => self.const_float(*i as f64),
            A::Int(i) => self.const_int(*i),
            A::Dtype(d) => self.const_int(d.scalar_type_code()),
            A::Float(f) => self.const_float(*f),
            A::Bool(b) => self.constant(ConstKey::Bool(*b)),
            A::None => self.constant(ConstKey::None),
            A::Str(s) => self.constant(ConstKey::Str(s.clone())),
            A::Ints(items) => {
                let vs: Vec<ValueId> = items.iter().map(|&i| self.const_int(i)).collect();
                self.list(&vs, "int")
            }
            A::Tensors(items) => self.list(items, "vtensor"),
        }
    }

    /// THE generic aten emitter: `op` by its TorchScript name (`aten::add.Tensor`), with the
    /// leading operands `args` (`A::T` tensors, scalars, lists); the remaining arguments are
    /// filled from the schema's defaults. Returns the op's result, of type `result`.
    pub fn aten(&mut self, op: &str, args: Vec<A>, result: TTy) -> R<ValueId> {
        let r = self.aten_multi(op, args, &[result])?;
        Ok(r[0])
    }

    /// [`TorchEmitter::aten`] for ops with several tensor results.
    pub fn aten_multi(&mut self, op: &str, mut args: Vec<A>, results: &[TTy]) -> R<Vec<ValueId>> {
        let Some(schema) = self.schema(op) else {
            return Err(Diagnostic::error_nowhere(format!("convert-tf-to-torch: the pytorch namespace has no op '{}'", op)));
        };
        if args.len() > schema.inputs.len() {
            return Err(Diagnostic::error_nowhere(format!(
                "convert-tf-to-torch: '{}' takes {} arguments, {} given",
                op,
                schema.inputs.len(),
                args.len()
            )));
        }
        for p in &schema.inputs[args.len()..] {
            match &p.default {
                Some(d) => args.push(arg_of_json(d)),
                None => {
                    return Err(Diagnostic::error_nowhere(format!(
                        "convert-tf-to-torch: '{}' needs its argument '{}' (no default)",
                        op, p.name
                    )))
                }
            }
        }
        // An unknown dim (the batch of a function for any batch) in a list of sizes: the one
        // `-1` of a reshape; anywhere else it is an error, never a garbage size.
        for a in &mut args {
            let A::Ints(items) = a else { continue };
            let unknown = items.iter().filter(|&&d| d == DYNAMIC).count();
            if unknown == 0 {
                continue;
            }
            if unknown > 1 || !matches!(op, "aten::reshape" | "aten::view") {
                return Err(Diagnostic::error_nowhere(format!("convert-tf-to-torch: internal error: '{}' given the sizes {:?} with an unknown dim", op, items)));
            }
            items.iter_mut().filter(|d| **d == DYNAMIC).for_each(|d| *d = -1);
        }
        let mut operands: SmallVec<[ValueId; 8]> = SmallVec::new();
        for (a, p) in args.iter().zip(&schema.inputs) {
            let ty = p.ty.as_deref().unwrap_or("");
            if matches!(a, A::T(_)) != ty.starts_with("Tensor") || (matches!(a, A::T(_)) && ty.starts_with("Tensor[]")) {
                if !(matches!(a, A::Tensors(_)) && ty.starts_with("Tensor[]")) && !(matches!(a, A::None) && ty.ends_with('?')) {
                    return Err(Diagnostic::error_nowhere(format!(
                        "convert-tf-to-torch: '{}' argument '{}' of type {} given {:?}",
                        op, p.name, ty, a
                    )));
                }
            }
            operands.push(self.operand(a, ty));
        }
        let types: Vec<TypeId> = results.iter().map(|t| self.vtensor_type(t)).collect();
        let name = format!("torch.{}", op.replace("::", "."));
        let id = self.push(&name, &operands, &types, Vec::new());
        let rs = self.m.body.results(id).to_vec();
        for (v, t) in rs.iter().zip(results) {
            self.types.insert(*v, t.clone());
        }
        Ok(rs)
    }

    // ------------------------------------------------------------ common shapes of ops

    /// `aten.permute`: `out[i] = in[perm[i]]`.
    pub fn permute(&mut self, v: ValueId, perm: &[i64]) -> R<ValueId> {
        let p: Vec<usize> = perm.iter().map(|&d| d as usize).collect();
        let ty = self.ty(v).permuted(&p);
        self.aten("aten::permute", vec![A::T(v), A::Ints(perm.to_vec())], ty)
    }

    /// A constant TensorFlow value reshaped to `shape` (same element count) and permuted by
    /// `perm`, computed here and emitted as one literal (a filter in torch's OIHW order);
    /// `None` when `tf` is not a known constant.
    pub fn permuted_constant(&mut self, tf: ValueId, shape: &[i64], perm: &[usize]) -> Option<ValueId> {
        let dt = TTy::of_type(&self.m.ctx, self.m.body.value_type(tf)).map(|t| t.dt)?;
        let n = shape.iter().product::<i64>();
        if perm.len() != shape.len() || n < 0 {
            return None;
        }
        let out_shape: Vec<i64> = perm.iter().map(|&p| shape[p]).collect();
        // A constant held as raw data (a weight as the importer read it) is permuted as bytes,
        // element by element of its width; anything else through its host value.
        let raw = self.raw_constant(tf).filter(|r| r.len() as i64 == n * dt.size_bytes()).map(|r| (r, dt.size_bytes() as usize));
        let literal_of = |e: &mut Self| -> Option<ValueId> {
            let order = permutation_order(shape, perm, &out_shape);
            match &raw {
                Some((raw, w)) => {
                    let mut out = Vec::with_capacity(raw.len());
                    for &i in &order {
                        out.extend_from_slice(&raw[i * w..(i + 1) * w]);
                    }
                    Some(e.literal_of_raw(out, &TTy::new(out_shape.clone(), dt)))
                }
                None => {
                    let t = e.known(tf)?;
                    if t.len() as i64 != n {
                        return None;
                    }
                    let host = match &t.values {
                        Values::Int(v) => Tensor::ints(t.dtype, out_shape.clone(), order.iter().map(|&i| v[i]).collect()),
                        Values::Float(v) => Tensor::floats(t.dtype, out_shape.clone(), order.iter().map(|&i| v[i]).collect()),
                    };
                    Some(e.literal(&host, dt))
                }
            }
        };
        // The literal stands for the constant (a filter), and keeps its node's name.
        let constant = self.m.body.defining_op(tf).and_then(|op| self.m.node_name(op)).map(|n| self.name_loc(&n));
        let outer = self.loc;
        self.loc = constant.or(outer);
        let literal = literal_of(self);
        self.loc = outer;
        literal
    }

    /// `torch.vtensor.literal` of raw little-endian data (`dense<"0x...">`) of type `ty`.
    pub fn literal_of_raw(&mut self, raw: Vec<u8>, ty: &TTy) -> ValueId {
        let value = self.m.ctx.attr(AttrData::Hex(crate::ir::blob::Blob::new(raw.into())));
        self.literal_of_payload(value, ty)
    }

    /// `aten.reshape` to a static shape.
    pub fn reshape(&mut self, v: ValueId, shape: Vec<i64>) -> R<ValueId> {
        if self.ty(v).shape == shape {
            return Ok(v);
        }
        let ty = self.ty(v).with_shape(shape.clone());
        self.aten("aten::reshape", vec![A::T(v), A::Ints(shape)], ty)
    }

    /// Converts to element type `dt` (`aten.to.dtype`), when it differs.
    pub fn cast(&mut self, v: ValueId, dt: Dt) -> R<ValueId> {
        let ty = self.ty(v);
        if ty.dt == dt {
            return Ok(v);
        }
        self.aten("aten::to.dtype", vec![A::T(v), A::Dtype(dt)], ty.with_dt(dt))
    }

    /// Appends `func.return`.
    pub fn ret(&mut self, values: &[ValueId]) {
        self.push("func.return", values, &[], Vec::new());
    }
}

// ---------------------------------------------------------------- regions (control flow)

/// What [`TorchEmitter::enter`] saves: the block ops go to and the maps that a region's
/// conversion may extend with values defined inside it.
pub struct Scope {
    block: BlockId,
    values: FxHashMap<ValueId, Slot>,
    consts: FxHashMap<ConstKey, ValueId>,
    deferred: FxHashMap<ValueId, (TfNode, super::ops::Lowering)>,
}

impl Clone for Slot {
    fn clone(&self) -> Slot {
        Slot { primary: self.primary, logical: self.logical, nchw: self.nchw }
    }
}

impl<'m> TorchEmitter<'m> {
    /// Ops go to `block` (a region's) until [`TorchEmitter::leave`]; what is bound or made
    /// there (values, constants, permuted layouts) is forgotten on leaving, as it does not
    /// dominate what follows the region's op.
    pub fn enter(&mut self, block: BlockId) -> Scope {
        let saved = Scope {
            block: self.block,
            values: self.values.clone(),
            consts: self.consts.clone(),
            deferred: self.deferred.clone(),
        };
        self.block = block;
        saved
    }

    /// Back to the block and maps saved by [`TorchEmitter::enter`].
    pub fn leave(&mut self, scope: Scope) {
        self.block = scope.block;
        self.values = scope.values;
        self.consts = scope.consts;
        self.deferred = scope.deferred;
    }

    /// Forgets the torch value of `tf` (and its deferred conversion).
    pub fn unbind(&mut self, tf: ValueId) {
        self.values.remove(&tf);
        self.deferred.remove(&tf);
    }

    /// The block ops go to.
    pub fn current_block(&self) -> BlockId {
        self.block
    }

    /// A torch type by its spelling (`!torch.bool`).
    pub fn torch_type(&mut self, text: &str) -> TypeId {
        self.opaque(text)
    }

    /// Appends an op with regions (and no properties) to the current block.
    pub fn push_op(&mut self, name: &str, operands: &[ValueId], results: &[TypeId], regions: Vec<crate::ir::RegionId>) -> OpId {
        let sym = self.m.ctx.sym(name);
        let spec = OpSpec {
            result_types: results.iter().copied().collect(),
            regions: regions.into_iter().collect(),
            form: OpForm::Custom,
            loc: self.loc,
            ..OpSpec::default()
        };
        let op = self.m.body.create_op(spec, sym);
        self.m.body.set_operands(op, operands);
        self.place(op);
        op
    }

    /// `torch.aten.Bool.Tensor`: a one-element tensor as `!torch.bool` (nonzero is true).
    pub fn to_bool(&mut self, v: ValueId) -> ValueId {
        let t = self.opaque("!torch.bool");
        let op = self.push("torch.aten.Bool.Tensor", &[v], &[t], Vec::new());
        self.m.body.results(op)[0]
    }

    /// A new block argument of torch tensor type `ty`.
    pub fn tensor_arg(&mut self, block: BlockId, ty: &TTy) -> ValueId {
        let t = self.vtensor_type(ty);
        let a = self.m.body.add_block_arg(block, t, crate::ir::body::BlockArgInfo::default());
        self.types.insert(a, ty.clone());
        a
    }
}

/// A schema default (JSON) as an operand.
pub(super) fn arg_of_json(v: &serde_json::Value) -> A {
    use serde_json::Value;
    match v {
        Value::Null => A::None,
        Value::Bool(b) => A::Bool(*b),
        Value::Number(n) => match n.as_i64() {
            Some(i) => A::Int(i),
            None => A::Float(n.as_f64().unwrap_or(0.0)),
        },
        Value::String(s) => A::Str(s.clone()),
        Value::Array(items) => A::Ints(items.iter().filter_map(|i| i.as_i64()).collect()),
        Value::Object(_) => A::None,
    }
}

/// An MLIR float literal that reads back as exactly `f` (always with a `.`).
pub fn float_spelling(f: f64) -> String {
    if !f.is_finite() {
        return format!("0x{:016X}", f.to_bits());
    }
    let s = format!("{:e}", f);
    match s.split_once('e') {
        Some((mant, exp)) if !mant.contains('.') => format!("{}.0e{}", mant, exp),
        _ => s,
    }
}


#[cfg(test)]
mod tests {
    use super::float_spelling;

    #[test]
    fn float_literals_read_back_exactly() {
        for f in [0.0, 1.0, -6.0, 0.1, 1e-5, 3.4028234663852886e38, -3.4028234663852886e38, 0.30000001192092896] {
            let s = float_spelling(f);
            assert!(s.contains('.') || s.starts_with("0x"), "{} has no '.'", s);
            assert_eq!(s.parse::<f64>().unwrap(), f, "{}", s);
        }
        assert_eq!(float_spelling(1.0), "1.0e0");
        assert_eq!(float_spelling(f64::NEG_INFINITY), "0xFFF0000000000000");
    }
}
