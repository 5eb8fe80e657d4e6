//! Runs a conversion: shape inference on the TensorFlow body, the boundary plan, one check
//! that every needed node has a lowering (one error listing every unconvertible op type with
//! its count and node names), then each node's lowering in topological order, the
//! `func.func` replacing the TensorFlow op, and last `torch-fold-weight-layout` (weights
//! stored in the layout their users read) and `torch-fold-conv-affine` (bias and batch norm
//! folded into convolutions) on it. The lowering of each node is chosen by a
//! *chooser* given as a parameter (the mapping table's choice, [`super::table`]).

use rustc_hash::FxHashMap;

use super::boundary;
use super::input_shapes::{self, InputShape};
use super::emitter::{Converted, TorchEmitter};
use super::ops::control::{called_functions, FunctionBody};
use super::dynamic_batch::{self, unknown_batch_only, DynamicBatch};
use super::ops::{lowering, Lowering};
use crate::passes::control_flow::common::SymbolTable;
use super::types::TTy;
use crate::dialect::tfg;
use crate::diag::Diagnostic;
use crate::ir::body::BlockArgInfo;
use crate::ir::{AttrData, Module, NamedAttr, OpForm, OpId, OpSpec, Span, TypeData};
use crate::passes::{PassContext, PassTarget};

/// The pass options.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub feeds: Vec<String>,
    /// Feeds whose unknown dims are pinned (`input-shapes=image:1x28x28x1`).
    pub input_shapes: Vec<InputShape>,
    pub fetches: Vec<String>,
    pub func_name: String,
}

/// Whether `v` is small enough to be shape arithmetic (its static type has at most 4096
/// elements, as the evaluator's results); a larger known value (an Identity of a weight) is
/// never decoded here.
fn is_small(m: &Module, v: crate::ir::ValueId) -> bool {
    TTy::of_type(&m.ctx, m.body.value_type(v)).is_none_or(|t| !t.is_static() || t.num_elements() <= 4096)
}

/// The largest constant shape inference reads while converting: shapes depend on small
/// tensors (a Reshape's shape, a Fill's dims), and reading a weight would decode it for
/// nothing.
pub const SHAPE_CONSTANT_BYTES: i64 = 64 * 1024;

/// Which lowering converts a node (by name, see [`super::lowering`]) and the rule that chose
/// it; `None`: none does.
pub type Chooser<'a> = &'a dyn Fn(&Module, OpId) -> Option<super::table::Choice>;

/// What a conversion made.
pub struct Outcome {
    /// The `func.func` that took the TensorFlow op's place.
    pub func: OpId,
    /// Ops emitted.
    pub emitted: u64,
    /// Layout ops of weights computed at conversion time (`torch-fold-weight-layout`).
    pub relaid: u64,
    /// Per-channel adds and multiplies folded into convolutions (`torch-fold-conv-affine`).
    pub fused: u64,
    /// Layer normalizations raised to `aten.layer_norm` (`torch-raise-layer-norm`).
    pub layer_norms: u64,
    /// GELUs raised to `aten.gelu` (`torch-raise-gelu`).
    pub gelus: u64,
    /// Tensordots made one matmul, and biases moved before a split (`torch-raise-dense`).
    pub dense: u64,
}

/// The pass: converts the `tfg.graph` of the module (or, without one, its first `tfg.func`),
/// or the target op when the pass is nested on one.
pub fn run(m: &mut Module, target: PassTarget, opts: &Options, choose: Chooser) -> Result<Outcome, Vec<Diagnostic>> {
    let op = match target {
        PassTarget::Op(op) if matches!(m.op_name(op), "tfg.graph" | "tfg.func") => op,
        _ => {
            let top: Vec<OpId> = m.body.block_ops(m.root_block()).collect();
            let graph = top.iter().copied().find(|&o| m.op_name(o) == "tfg.graph");
            let func = top.iter().copied().find(|&o| m.op_name(o) == "tfg.func" && m.op_attr(o, "generic").is_none());
            match graph.or(func) {
                Some(o) => o,
                None => return Err(vec![Diagnostic::error_nowhere("convert-tf-to-torch: no tfg.graph or tfg.func to convert")]),
            }
        }
    };
    convert(m, op, opts, choose)
}

/// Converts `target` (a `tfg.graph` or `tfg.func`) into a `func.func` that takes its place.
pub fn convert(m: &mut Module, target: OpId, opts: &Options, choose: Chooser) -> Result<Outcome, Vec<Diagnostic>> {
    let Some(block) = tfg::body_block(m, target) else {
        return Err(vec![Diagnostic::error(m.body.op(target).span, "convert-tf-to-torch: the op has no body")]);
    };
    let plan = boundary::plan(m, target, block, &opts.feeds, &opts.fetches)?;
    pin_input_shapes(m, target, block, &plan, &opts.input_shapes)?;
    crate::passes::folding::shape_inference::run(m, PassTarget::Op(target), &mut PassContext::new(), SHAPE_CONSTANT_BYTES)?;

    // Every needed node has a lowering, or one error lists those that do not; the library
    // functions control-flow nodes call are planned and checked with them.
    let mut check = Check::default();
    let chosen = check.choose_all(m, &plan.order, choose, true);
    let mut functions: FxHashMap<OpId, std::sync::Arc<FunctionBody>> = FxHashMap::default();
    let mut pending: Vec<(String, Span)> = plan.order.iter().filter_map(|n| called_functions(m, n.op)).flatten().collect();
    let symbols = m.body.parent_block(target).map(|b| SymbolTable::new(m, b));
    let mut seen: rustc_hash::FxHashSet<String> = Default::default();
    while let Some((name, at)) = pending.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        let Some(f) = symbols.as_ref().and_then(|t| t.lookup_func(m, &name)) else {
            check.errors.push(Diagnostic::error(at, format!("convert-tf-to-torch: no function '{}' in the library", name)));
            continue;
        };
        let Some(fblock) = tfg::body_block(m, f) else { continue };
        let fplan = match boundary::plan(m, f, fblock, &[], &[]) {
            Ok(p) => p,
            Err(mut d) => {
                check.errors.append(&mut d);
                continue;
            }
        };
        let fchosen = check.choose_all(m, &fplan.order, choose, false);
        pending.extend(fplan.order.iter().filter_map(|n| called_functions(m, n.op)).flatten());
        let body = FunctionBody::new(m, f, name, fplan, fchosen.into_iter().flatten().collect());
        functions.insert(f, std::sync::Arc::new(body));
    }
    let Check { missing, first_missing, mut errors, declared, dynamic_batch, .. } = check;
    let chosen: Vec<Lowering> = chosen.into_iter().flatten().collect();
    if !missing.is_empty() {
        let total: usize = missing.iter().map(|(_, n)| n.len()).sum();
        let list: Vec<String> =
            missing.iter().map(|(ty, names)| format!("{} ({}: {})", ty, names.len(), names.join(", "))).collect();
        errors.push(Diagnostic::error(
            first_missing.unwrap_or_default(),
            format!(
                "convert-tf-to-torch: {} node{} of {} op type{} {} no torch lowering: {}",
                total,
                if total == 1 { "" } else { "s" },
                missing.len(),
                if missing.len() == 1 { "" } else { "s" },
                if total == 1 { "has" } else { "have" },
                list.join("; ")
            ),
        ));
    }
    if !errors.is_empty() {
        return Err(errors);
    }

    // The boundary's types.
    let span = m.body.op(target).span;
    let static_ty = |m: &Module, v, what: &str, batch_unknown: bool| -> Result<TTy, Diagnostic> {
        match TTy::of_type(&m.ctx, m.body.value_type(v)) {
            Some(t) if t.is_static() || (batch_unknown && unknown_batch_only(&t.shape)) => Ok(t),
            _ => {
                let who = m.body.defining_op(v).map(|o| boundary::node_of(m, o).name).unwrap_or_else(|| "an argument".into());
                let at = m.body.defining_op(v).map(|o| m.body.op(o).span).unwrap_or(span);
                Err(Diagnostic::error(at, format!("convert-tf-to-torch: {} '{}' has no static shape and torch element type", what, who)))
            }
        }
    };
    let (arg_tys, any_batch) = feed_types(m, span, &plan)?;

    // The function body.
    let fblock = m.body.create_block(Span::default());
    let mut e = TorchEmitter::new(m, fblock);
    e.declared = declared;
    e.batch = any_batch.map(|pin| DynamicBatch { polymorphic: dynamic_batch, pin, ..DynamicBatch::default() });
    for (&f, t) in plan.feeds.iter().zip(&arg_tys) {
        let ty = e.vtensor_type(t);
        // The argument is located at its feed's node name, as the ops are (see `lower`).
        let feed_name = e.m.body.defining_op(f).and_then(|op| e.m.node_name(op));
        let loc = feed_name.map(|n| {
            let name = e.m.ctx.sym(&n);
            e.m.ctx.attr(crate::ir::AttrData::Loc(crate::ir::attrs::Location::Name { name, child: None }))
        });
        let a = e.m.body.add_block_arg(fblock, ty, BlockArgInfo { loc, ..BlockArgInfo::default() });
        e.set_type(a, t.clone());
        e.bind(f, Converted::plain(a));
    }
    e.functions = functions;
    let _bar = crate::progress::count("converting nodes", plan.order.len() as u64);
    convert_nodes(&mut e, &plan.order, &chosen, true).map_err(|d| vec![d])?;
    let mut res_tys = Vec::new();
    let batch_unknown = e.batch.is_some();
    for &f in &plan.fetches {
        res_tys.push(static_ty(e.m, f, "fetch", batch_unknown).map_err(|d| vec![d])?);
    }
    let mut rets = Vec::new();
    for (&f, t) in plan.fetches.iter().zip(&res_tys) {
        let who = e.m.body.defining_op(f).map(|o| boundary::node_of(e.m, o).name).unwrap_or_default();
        let v = match e.logical_of(f) {
            Some(r) => r.map_err(|d| vec![d])?,
            None => return Err(vec![Diagnostic::error(span, format!("convert-tf-to-torch: the fetch '{}' has no torch value", who))]),
        };
        if e.ty(v) != *t {
            return Err(vec![Diagnostic::error(
                span,
                format!(
                    "convert-tf-to-torch: internal error: fetch '{}' converted as {} but TensorFlow says {}",
                    who,
                    e.ty(v).torch_spelling(),
                    t.torch_spelling()
                ),
            )]);
        }
        rets.push(v);
    }
    e.ret(&rets);
    let emitted = e.emitted;

    // `func.func` in the TensorFlow op's place.
    let inputs = arg_tys.iter().map(|t| e.vtensor_type(t)).collect();
    let results = res_tys.iter().map(|t| e.vtensor_type(t)).collect();
    let fty = m.ctx.ty(TypeData::Function { inputs, results });
    let fty_attr = m.ctx.attr(AttrData::Type(fty));
    let name_attr = m.ctx.string_attr(if opts.func_name.is_empty() { "main" } else { &opts.func_name });
    let (k_type, k_name) = (m.ctx.sym("function_type"), m.ctx.sym("sym_name"));
    let props = m.ctx.attr(AttrData::Dict(vec![
        NamedAttr::new(k_type, fty_attr),
        NamedAttr::new(k_name, name_attr),
    ]));
    let region = m.body.create_region(vec![fblock], Span::default());
    let fsym = m.ctx.sym("func.func");
    let func = m.body.create_op(
        OpSpec { regions: smallvec::smallvec![region], properties: Some(props), form: OpForm::Custom, ..OpSpec::default() },
        fsym,
    );
    m.body.insert_op_before(target, func);
    // A graph's function library goes with it: every converted node is an aten op, so nothing
    // in the output calls a library function, and torch-mlir reads no tfg ops.
    if m.op_name(target) == "tfg.graph" {
        if let Some(parent) = m.body.parent_block(target) {
            let library: Vec<OpId> = m.body.block_ops(parent).filter(|&o| m.op_name(o) == "tfg.func").collect();
            for f in library {
                m.body.erase_op(f);
            }
        }
    }
    m.body.erase_op(target);
    m.mark_edited();
    // Weights in the layout their users read: a bias reshaped for NCHW, a kernel transposed.
    let relaid = crate::convert::weight_layout::run(m, PassTarget::Op(func))?;
    // A convolution's bias and batch norm in its weights, as Grappler fuses them at run time.
    let fused = crate::convert::conv_affine::run(m, PassTarget::Op(func))?;
    // A layer normalization and a GELU one op each, as Grappler's remapper fuses them.
    let layer_norms = crate::convert::layer_norm::run(m, PassTarget::Op(func))?;
    let gelus = crate::convert::gelu::run(m, PassTarget::Op(func))?;
    // A Dense on a sequence one product and bias (one torch.nn.Linear).
    let dense = crate::convert::dense::run(m, PassTarget::Op(func))?;
    erase_dead_literals(m, func);
    Ok(Outcome { func, emitted, relaid, fused, layer_norms, gelus, dense })
}

/// Erases the literals and constants in `func` that nothing reads: a TensorFlow constant
/// every reader of which took its value another way (a loop invariant of known value is a
/// literal inside the loop body), so no weight is stored twice.
fn erase_dead_literals(m: &mut Module, func: OpId) {
    let mut ops = Vec::new();
    m.body.walk(func, |op| ops.push(op));
    // Users come after what they use (in a block, and a region after its op): backwards,
    // a list goes before its items.
    for op in ops.into_iter().rev() {
        let name = m.op_name(op);
        let constant = name == "torch.vtensor.literal" || name.starts_with("torch.constant.") || name == "torch.prim.ListConstruct";
        if constant && m.body.results(op).iter().all(|&r| m.body.uses(r).next().is_none()) {
            m.body.erase_op(op);
        }
    }
}

/// The choice of lowerings, with the nodes that have none gathered for one error.
#[derive(Default)]
struct Check {
    cache: FxHashMap<&'static str, Lowering>,
    missing: Vec<(String, Vec<String>)>,
    missing_at: FxHashMap<String, usize>,
    first_missing: Option<Span>,
    errors: Vec<Diagnostic>,
    /// The rules of the nodes lowered by a declarative rule ([`super::ops::declared`]).
    declared: FxHashMap<OpId, std::sync::Arc<crate::tables::Selected>>,
    /// The nodes whose lowering handles an unknown batch ([`super::ops::handles_dynamic_batch`]).
    dynamic_batch: rustc_hash::FxHashSet<OpId>,
}

impl Check {
    /// The lowering of each node of `order` (`None` for those without one, recorded as missing).
    fn choose_all(&mut self, m: &Module, order: &[super::TfNode], choose: Chooser, top: bool) -> Vec<Option<Lowering>> {
        let mut out = Vec::with_capacity(order.len());
        for node in order {
            if node.op_type == "Placeholder" && top {
                self.errors.push(Diagnostic::error(
                    node.span,
                    format!("convert-tf-to-torch: Placeholder '{}' is needed by the fetches but not fed (add it to feeds)", node.name),
                ));
                out.push(None);
                continue;
            }
            let choice = choose(m, node.op);
            let f = choice.and_then(|c| {
                if super::ops::handles_dynamic_batch(c.lowering) {
                    self.dynamic_batch.insert(node.op);
                }
                if c.lowering == super::ops::declared::DECLARED {
                    self.declared.insert(node.op, std::sync::Arc::new(c.rule));
                }
                match self.cache.get(c.lowering) {
                    Some(&f) => Some(f),
                    None => {
                        let f = lowering(c.lowering)?;
                        self.cache.insert(c.lowering, f);
                        Some(f)
                    }
                }
            });
            if f.is_none() {
                self.first_missing.get_or_insert(node.span);
                let missing = &mut self.missing;
                let i = *self.missing_at.entry(node.op_type.clone()).or_insert_with(|| {
                    missing.push((node.op_type.clone(), Vec::new()));
                    missing.len() - 1
                });
                self.missing[i].1.push(node.name.clone());
            }
            out.push(f);
        }
        out
    }
}

/// Converts `order` (nodes of one graph or function body, operands first) with the lowering
/// of each (`chosen`, in the same order) where the emitter is; `counted`: each node is a unit
/// of the progress bar (the top-level graph's nodes, not the bodies inlined while lowering them).
pub fn convert_nodes(e: &mut TorchEmitter, order: &[super::TfNode], chosen: &[Lowering], counted: bool) -> Result<(), Diagnostic> {
    for (node, &f) in order.iter().zip(chosen) {
        if counted {
            crate::progress::tick(1);
        }
        // Constants are emitted where they are first used as tensors, if ever; so are nodes
        // whose values are known here (shape arithmetic), as literals.
        if node.op_type == "Const" {
            e.defer(node.clone(), f);
            continue;
        }
        // A large constant through Identity-like ops is deferred as it is, undecoded: a
        // lowering that reads it (a filter permuted as bytes) may never need it as a tensor.
        if !node.results.is_empty() && node.results.iter().all(|&r| !is_small(e.m, r) && e.constant_op(r).is_some()) {
            e.defer(node.clone(), f);
            continue;
        }
        // So is shape arithmetic on an unknown batch, which only a Reshape reads.
        if dynamic_batch::is_shape_arithmetic(e, node) {
            e.defer(node.clone(), f);
            continue;
        }
        if node.op_type != "Placeholder" && !node.results.is_empty() && node.results.iter().all(|&r| is_small(e.m, r) && e.known(r).is_some()) {
            // Its users see the value's shape (a Fill of computed dims is [?,?] in TensorFlow's
            // types and [3,4] here).
            for &r in &node.results {
                if let Some(t) = e.known(r) {
                    e.learn_shape(r, &t.shape);
                }
            }
            e.defer(node.clone(), super::ops::basic::known_value);
            continue;
        }
        // Types learnt from earlier conversions may make this node's static now, and so may
        // the values of its small integer operands computed here (shape arithmetic that
        // TensorFlow's shape functions do not evaluate, such as the dims of Keras's zeros).
        let known = known_shape_operands(e, node);
        crate::passes::folding::shape_inference::refine_op_knowing(e.m, node.op, SHAPE_CONSTANT_BYTES, &known);
        let outs = e.lower(node, f)?;
        for (&r, c) in node.results.iter().zip(outs) {
            e.bind(r, c);
            e.learn_type(r);
        }
    }
    Ok(())
}

/// The values of the operands of `node` that are small integer tensors known here.
fn known_shape_operands(e: &TorchEmitter, node: &super::TfNode) -> Vec<(crate::ir::ValueId, crate::passes::folding::tensor::Tensor)> {
    let small_int = |v| TTy::of_type(&e.m.ctx, e.m.body.value_type(v)).is_some_and(|t| !t.dt.is_float() && t.is_static() && t.num_elements() <= 4096);
    node.inputs.iter().filter(|&&v| small_int(v)).filter_map(|&v| Some((v, e.known(v)?))).collect()
}

/// Pins the dims `input-shapes` gives (before shape inference, which then propagates them).
/// Each item names one of the plan's feeds.
fn pin_input_shapes(m: &mut Module, target: OpId, block: crate::ir::BlockId, plan: &boundary::Plan, pinned: &[InputShape]) -> Result<(), Vec<Diagnostic>> {
    let span = m.body.op(target).span;
    let mut errors = Vec::new();
    for p in pinned {
        let v = match boundary::find_value(m, block, &p.feed) {
            Some(v) if plan.feeds.contains(&v) => v,
            Some(_) => {
                errors.push(Diagnostic::error(span, format!("convert-tf-to-torch: input-shapes: '{}' is not a feed", p.feed)));
                continue;
            }
            None => {
                let feeds: Vec<String> = plan.feeds.iter().filter_map(|&f| m.body.defining_op(f)).map(|o| boundary::node_of(m, o).name).collect();
                errors.push(Diagnostic::error(
                    span,
                    format!("convert-tf-to-torch: input-shapes: no node named '{}' (the feeds: {})", p.feed, feeds.join(", ")),
                ));
                continue;
            }
        };
        if let Err(d) = input_shapes::pin(m, v, p) {
            errors.push(d);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// The type of each feed, and when some have an unknown batch (dim 0) and no other unknown
/// dim, the `input-shapes=` value that would pin them (the function then takes any batch,
/// `dynamic_batch.rs`); one error for feeds with other unknown dims, which names each of them
/// with its shape and suggests the `input-shapes=` that pins them.
fn feed_types(m: &Module, span: Span, plan: &boundary::Plan) -> Result<(Vec<TTy>, Option<String>), Vec<Diagnostic>> {
    let mut types = Vec::new();
    let mut unknown: Vec<(String, Option<Vec<i64>>)> = Vec::new();
    let mut any_batch: Vec<(String, Option<Vec<i64>>)> = Vec::new();
    let mut first = None;
    for &f in &plan.feeds {
        let name = || m.body.defining_op(f).map(|o| boundary::node_of(m, o).name).unwrap_or_else(|| "an argument".into());
        match TTy::of_type(&m.ctx, m.body.value_type(f)) {
            Some(t) if t.is_static() => types.push(t),
            Some(t) if unknown_batch_only(&t.shape) => {
                any_batch.push((name(), Some(t.shape.clone())));
                types.push(t);
            }
            Some(t) => {
                first.get_or_insert(m.body.defining_op(f).map(|o| m.body.op(o).span).unwrap_or(span));
                unknown.push((name(), Some(t.shape)));
            }
            None => {
                let at = m.body.defining_op(f).map(|o| m.body.op(o).span).unwrap_or(span);
                let ranked = match m.ctx.type_data(m.ctx.resolved_type(m.body.value_type(f))) {
                    TypeData::UnrankedTensor { elem } => Some(*elem),
                    _ => None,
                };
                match ranked {
                    // An unknown rank: the user must give every dim.
                    Some(elem) if super::types::Dt::of_elem(&m.ctx, elem).is_some() => {
                        first.get_or_insert(at);
                        unknown.push((name(), None));
                    }
                    _ => return Err(vec![Diagnostic::error(at, format!("convert-tf-to-torch: feed '{}' has no torch element type", name()))]),
                }
            }
        }
    }
    if unknown.is_empty() {
        let pin = input_shapes::suggestion(&any_batch).filter(|_| !any_batch.is_empty());
        return Ok((types, pin));
    }
    let list: Vec<String> = unknown
        .iter()
        .map(|(n, s)| match s {
            Some(s) => format!("'{}' is {}", n, super::types::show_shape(s)),
            None => format!("'{}' has an unknown rank", n),
        })
        .collect();
    let mut message = format!(
        "convert-tf-to-torch: the function is built for static shapes but for an unknown batch (dim 0), and {} feed{} another unknown dim: {}",
        unknown.len(),
        if unknown.len() == 1 { " has" } else { "s have" },
        list.join("; ")
    );
    match input_shapes::suggestion(&unknown) {
        Some(s) => message.push_str(&format!("; pin them with the option input-shapes={}", s)),
        None => message.push_str("; pin them with the option input-shapes=NAME:DxDx..."),
    }
    Err(vec![Diagnostic::error(first.unwrap_or(span), message)])
}
