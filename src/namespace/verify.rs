//! Verification of ops against their namespace schema (`--pass=verify-namespace`, and
//! automatically for modules that declare `amanda.namespace`). Every violation is a
//! diagnostic at the op, worded `'tfg.Conv2D' op ...` like the structural verifier's.
//!
//! Checked for every op of a vocabulary: the op type exists (else did-you-mean from the
//! vocabulary), and per framework:
//! * TensorFlow: required attributes are set; no attribute the OpDef does not define (names
//!   starting with `_` and dialect attributes with a `.` are allowed); attribute kinds; values
//!   in `allowed_values`; `minimum`; the number of data inputs and outputs given the
//!   `number_attr`/`type_list_attr` attributes; operand and result element types against the
//!   `type_attr`, `type_list_attr` and fixed types, and reference types against `is_ref`.
//! * ONNX: required attributes (graph attributes may be regions); defined attributes; kinds;
//!   input and output counts (optional, variadic); type constraints (allowed types, and one
//!   type per constraint across ports).
//! * TorchScript: positional operands against the schema's arguments (count, defaults,
//!   arguments given as attributes by name, value kinds of torch-mlir types); result count.
//!
//! Declarations are checked where they are: an unknown namespace, an `amanda.namespace` that
//! is not a name or a non-empty array of names, or one on an op without regions is an error
//! at the declaring op. In tfg generic functions, `get_result(%x) "port" : i` must name an
//! output port of `%x`'s op that has more than `i` values.
//!
//! Ops are visited in a plain walk; each distinct op name is classified and looked up once.

use std::sync::Arc;

use rustc_hash::FxHashMap;
use serde_json::Value;

use super::registry::Registry;
use super::schema::{AttrSchema, Framework, OpSchema};
use super::scope::{self, classify};
use super::types::{self as nstypes, tf_dtype, tf_dtype_of_value};
use crate::diag::Diagnostic;
use crate::ir::{AttrData, AttrId, Module, OpId, Sym, ValueId};
use smallvec::SmallVec;
use crate::printer::attrs::type_to_string;

/// Which ops to check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every op of a vocabulary; ops outside a declaration use the newest version.
    All,
    /// Only ops inside a declaration of their framework's namespace.
    Declared,
}

/// Checks `m`; returns every violation in walk order.
pub fn verify(m: &Module, registry: &Registry, mode: Mode) -> Vec<Diagnostic> {
    let mut v = NsVerifier::new(m, registry, mode);
    let top: Vec<OpId> = m.body.block_ops(m.top).collect();
    for op in top {
        v.visit(op);
    }
    v.diags
}

/// Every op of a known vocabulary with its namespace version and schema, in walk order (ops
/// whose type the vocabulary lacks are left out); the scoping of [`verify`].
pub fn resolve_ops(m: &Module, registry: &Registry, mode: Mode) -> Vec<(OpId, usize, Arc<OpSchema>)> {
    let mut v = NsVerifier::new(m, registry, mode);
    v.collect = Some(Vec::new());
    let top: Vec<OpId> = m.body.block_ops(m.top).collect();
    for op in top {
        v.visit(op);
    }
    v.collect.unwrap_or_default()
}

struct NsVerifier<'a> {
    m: &'a Module,
    reg: &'a Registry,
    mode: Mode,
    diags: Vec<Diagnostic>,
    /// Declared versions, innermost last.
    scopes: Vec<usize>,
    /// Op name → (group, op type) of its vocabulary.
    names: FxHashMap<Sym, Option<(&'static str, Arc<str>)>>,
    schemas: FxHashMap<(usize, Sym), Option<Arc<OpSchema>>>,
    /// Sorted op names of a version (did-you-mean).
    vocab: FxHashMap<usize, Vec<String>>,
    /// When set, ops are collected with their schema instead of checked.
    collect: Option<Vec<(OpId, usize, Arc<OpSchema>)>>,
}

impl<'a> NsVerifier<'a> {
    fn new(m: &'a Module, reg: &'a Registry, mode: Mode) -> Self {
        NsVerifier {
            m,
            reg,
            mode,
            diags: Vec::new(),
            scopes: Vec::new(),
            names: FxHashMap::default(),
            schemas: FxHashMap::default(),
            vocab: FxHashMap::default(),
            collect: None,
        }
    }

    fn visit(&mut self, root: OpId) {
        // An explicit stack: graphs of a million ops must not recurse per op.
        enum Step {
            Op(OpId),
            Pop,
        }
        let mut stack = vec![Step::Op(root)];
        while let Some(step) = stack.pop() {
            let op = match step {
                Step::Op(op) => op,
                Step::Pop => {
                    self.scopes.pop();
                    continue;
                }
            };
            self.check_op(op);
            let data = self.m.body.op(op);
            match scope::declared(self.m, op) {
                None => {}
                Some(_) if data.regions.is_empty() => self.diags.push(Diagnostic::error(
                    data.span,
                    format!(
                        "'{}' op declares a namespace, but only an op with regions (a module, graph or function) can declare one for the ops inside it",
                        self.m.op_name(op)
                    ),
                )),
                Some(Err(())) => self.diags.push(Diagnostic::error(
                    data.span,
                    format!("'{}' op attribute '{}' must be a namespace name or a non-empty array of them", self.m.op_name(op), scope::NAMESPACE_ATTR),
                )),
                // Several declarations on one op push several scopes; Pop markers undo them.
                Some(Ok(names)) => {
                    for name in names {
                        match self.reg.resolve(&name) {
                            Some(ver) => {
                                self.scopes.push(ver);
                                stack.push(Step::Pop);
                            }
                            None => {
                                let known: Vec<String> = self.reg.tree().keys().map(|s| s.to_string()).collect();
                                self.diags.push(Diagnostic::error(
                                    data.span,
                                    format!("'{}' op declares unknown namespace '{}' (known namespaces: {})", self.m.op_name(op), name, known.join(", ")),
                                ));
                            }
                        }
                    }
                }
            }
            let mut children = Vec::new();
            for &r in data.regions.iter() {
                for &b in &self.m.body.region(r).blocks {
                    children.extend(self.m.body.block_ops(b));
                }
            }
            for c in children.into_iter().rev() {
                stack.push(Step::Op(c));
            }
        }
    }

    fn version_for(&self, group: &str) -> Option<usize> {
        for &v in self.scopes.iter().rev() {
            if self.reg.version(v).group == group {
                return Some(v);
            }
        }
        match self.mode {
            Mode::All => self.reg.newest_in(group),
            Mode::Declared => None,
        }
    }

    fn check_op(&mut self, op: OpId) {
        let name = self.m.body.op(op).name;
        if self.collect.is_none() && self.m.ctx.str(name) == "tfg.get_result" {
            self.check_get_result(op);
            return;
        }
        let class = self
            .names
            .entry(name)
            .or_insert_with(|| classify(self.m.ctx.str(name)).map(|(g, t)| (g, Arc::from(t.as_ref()))))
            .clone();
        let Some((group, op_type)) = class else { return };
        let Some(ver) = self.version_for(group) else { return };
        let reg = self.reg;
        let schema = self.schemas.entry((ver, name)).or_insert_with(|| reg.lookup(ver, &op_type)).clone();
        let Some(schema) = schema else {
            if self.collect.is_none() {
                self.unknown_op(op, ver, &op_type);
            }
            return;
        };
        if let Some(c) = &mut self.collect {
            c.push((op, ver, schema));
            return;
        }
        let cx = OpCx { m: self.m, op, ns: &self.reg.version(ver).name, schema: &schema };
        match self.reg.version(ver).framework {
            Framework::TensorFlow => cx.check_tf(&mut self.diags),
            Framework::Onnx => cx.check_onnx(&mut self.diags),
            Framework::PyTorch => cx.check_torch(&mut self.diags),
            Framework::Other => cx.check_attrs_generic(&mut self.diags),
        }
    }

    /// `get_result(%x) "port" : i`: the port is an output port of the op defining `%x`, and
    /// that port has more than `i` values.
    fn check_get_result(&mut self, op: OpId) {
        let m = self.m;
        let Some(v) = m.body.operands(op).next() else { return };
        let crate::ir::ValueDef::Result { op: def, .. } = m.body.value(v).def else { return };
        let def_name = m.body.op(def).name;
        let Some((group, op_type)) = classify(m.ctx.str(def_name)).map(|(g, t)| (g, t.into_owned())) else { return };
        let Some(ver) = self.version_for(group) else { return };
        let Some(schema) = self.reg.lookup(ver, &op_type) else { return };
        let port = m.op_attr(op, "name").and_then(|a| m.ctx.string_value(a)).map(|b| String::from_utf8_lossy(&b).into_owned());
        let number = m.op_attr(op, "number").and_then(|a| m.ctx.int_value(a));
        let (Some(port), Some(number)) = (port, number) else { return };
        let ns = &self.reg.version(ver).name;
        let fw = self.reg.version(ver).framework;
        let (_, outs) = super::ports::port_ranges(m, def, ns, &schema, fw);
        let span = m.body.op(op).span;
        let Some(outs) = outs else { return };
        match outs.iter().find(|r| r.name == port) {
            None => {
                let names: Vec<&str> = outs.iter().map(|r| r.name.as_str()).collect();
                let list = if names.is_empty() { "none".to_string() } else { names.join(", ") };
                self.diags.push(Diagnostic::error(
                    span,
                    format!("'tfg.get_result' op names port '{}' that {} does not have in {} (its outputs: {})", port, schema.name, ns, list),
                ));
            }
            Some(r) if number < 0 || number >= r.count as i128 => {
                self.diags.push(Diagnostic::error(
                    span,
                    format!("'tfg.get_result' op takes value #{} of port '{}' of {}, which has {}", number, port, schema.name, r.count),
                ));
            }
            Some(_) => {}
        }
    }

    fn unknown_op(&mut self, op: OpId, ver: usize, op_type: &str) {
        let reg = self.reg;
        let vocab = self.vocab.entry(ver).or_insert_with(|| reg.op_names(ver));
        let suggestions = did_you_mean(op_type, vocab);
        let ns = &self.reg.version(ver).name;
        let mut msg = format!("'{}' op is not an op of {}", self.m.op_name(op), ns);
        if !suggestions.is_empty() {
            let quoted: Vec<String> = suggestions.iter().map(|s| format!("'{}'", s)).collect();
            msg.push_str(&format!("; did you mean {}?", quoted.join(" or ")));
        }
        self.diags.push(Diagnostic::error(self.m.body.op(op).span, msg));
    }
}

/// Up to three vocabulary names close to `name`: a case-insensitive equal name alone, else by
/// edit distance, names that `name` extends (a typed extra letter) first.
pub fn did_you_mean(name: &str, vocab: &[String]) -> Vec<String> {
    let lower = name.to_ascii_lowercase();
    let limit = (name.len() / 3).clamp(1, 3);
    let mut scored: Vec<(usize, bool, usize, &String)> = vocab
        .iter()
        .filter_map(|cand| {
            let c = cand.to_ascii_lowercase();
            if c == lower {
                return Some((0, false, 0, cand));
            }
            if c.len().abs_diff(lower.len()) > limit {
                return None;
            }
            let d = edit_distance(&lower, &c);
            (d <= limit).then_some((d, !(lower.starts_with(&c) || c.starts_with(&lower)), c.len().abs_diff(lower.len()), cand))
        })
        .collect();
    scored.sort();
    if scored.first().is_some_and(|s| s.0 == 0) {
        scored.truncate(1);
    }
    scored.into_iter().take(3).map(|s| s.3.clone()).collect()
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// One op being checked against one schema.
pub(crate) struct OpCx<'a> {
    pub(crate) m: &'a Module,
    pub(crate) op: OpId,
    pub(crate) ns: &'a str,
    pub(crate) schema: &'a OpSchema,
}

/// Attribute names that are never checked: internal (`_foo`) and dialect (`tfg.x`) ones.
fn exempt_attr(name: &str) -> bool {
    name.starts_with('_') || name.contains('.')
}

impl<'a> OpCx<'a> {
    fn err(&self, diags: &mut Vec<Diagnostic>, msg: String) {
        let name = self.m.op_name(self.op);
        diags.push(Diagnostic::error(self.m.body.op(self.op).span, format!("'{}' op {}", name, msg)));
    }

    fn attr(&self, name: &str) -> Option<AttrId> {
        // Ops have a handful of attributes: comparing names beats hashing `name`.
        let ctx = &self.m.ctx;
        self.m.body.op(self.op).attrs.iter().find(|a| ctx.str(a.name) == name).map(|a| a.value)
    }

    fn attr_text(&self, a: AttrId) -> String {
        let mut s = String::new();
        crate::printer::attrs::write_attr(&self.m.ctx, a, crate::printer::attrs::Style::new(false), &mut s);
        s
    }

    /// Attributes the schema does not define.
    fn undefined_attrs(&self, diags: &mut Vec<Diagnostic>, also_ok: &[&str]) {
        let ctx = &self.m.ctx;
        for na in self.m.body.op(self.op).attrs.iter() {
            let key = ctx.str(na.name);
            if exempt_attr(key) || also_ok.contains(&key) || self.schema.attr(key).is_some() {
                continue;
            }
            let defined: Vec<&str> = self.schema.attrs.iter().map(|a| a.name.as_str()).collect();
            let list = if defined.is_empty() { "none".to_string() } else { defined.join(", ") };
            self.err(diags, format!("has attribute '{}' that {} does not define in {} (its attributes: {})", key, self.schema.name, self.ns, list));
        }
    }

    fn missing_required(&self, diags: &mut Vec<Diagnostic>, a: &AttrSchema) {
        self.err(diags, format!("requires attribute '{}' ({}) of {} in {}", a.name, a.kind, self.schema.name, self.ns));
    }

    // ------------------------------------------------------------------ TensorFlow

    fn check_tf(&self, diags: &mut Vec<Diagnostic>) {
        let start = diags.len();
        self.undefined_attrs(diags, &[]);
        for a in &self.schema.attrs {
            match self.attr(&a.name) {
                None if a.required => self.missing_required(diags, a),
                None => {}
                Some(v) => self.check_tf_attr(diags, a, v),
            }
        }
        if diags.len() > start {
            return; // counts and types depend on valid attributes
        }
        self.check_tf_ports(diags);
    }

    fn check_tf_attr(&self, diags: &mut Vec<Diagnostic>, a: &AttrSchema, v: AttrId) {
        let ctx = &self.m.ctx;
        let v = ctx.resolved_attr(v);
        if is_placeholder(self.m, v) {
            return;
        }
        if !tf_kind_ok(self.m, &a.kind, v) {
            self.err(diags, format!("attribute '{}' must be a TensorFlow '{}' attribute, got {}", a.name, a.kind, self.attr_text(v)));
            return;
        }
        if let Some(c) = &a.constant {
            if let Some(actual) = tf_value(self.m, &a.kind, v) {
                if !value_eq(&actual, c) {
                    self.err(diags, format!("attribute '{}' must be {} in {}, got {}", a.name, super::schema::show_value(c), self.ns, self.attr_text(v)));
                }
            }
        }
        if let Some(allowed) = &a.allowed {
            let list_of = a.kind.strip_prefix("list(").and_then(|k| k.strip_suffix(')'));
            let values: Vec<Value> = if let Some(inner) = list_of {
                match ctx.attr_data(v) {
                    AttrData::Array(items) => items.iter().filter_map(|&i| tf_value(self.m, inner, i)).collect(),
                    _ => Vec::new(),
                }
            } else {
                tf_value(self.m, &a.kind, v).into_iter().collect()
            };
            for val in values {
                if !allowed.iter().any(|x| value_eq(x, &val)) {
                    let list: Vec<String> = allowed.iter().map(|x| show_allowed(&a.kind, x)).collect();
                    self.err(
                        diags,
                        format!("attribute '{}' is {}, which {} does not allow; allowed: {}", a.name, show_allowed(&a.kind, &val), self.schema.name, list.join(", ")),
                    );
                }
            }
        }
        if let Some(min) = a.minimum {
            let n = if a.kind.starts_with("list(") {
                match ctx.attr_data(v) {
                    AttrData::Array(items) => Some(items.len() as i128),
                    _ => None,
                }
            } else {
                ctx.int_value(v)
            };
            if let Some(n) = n {
                if n < min as i128 {
                    let what = if a.kind.starts_with("list(") { "has length" } else { "is" };
                    self.err(diags, format!("attribute '{}' {} {}, less than the minimum {}", a.name, what, n, min));
                }
            }
        }
    }

    /// The value of an attribute, or its default.
    fn attr_or_default(&self, name: &str) -> Option<Either> {
        match self.attr(name) {
            Some(a) => Some(Either::Attr(self.m.ctx.resolved_attr(a))),
            None => self.schema.attr(name).and_then(|s| s.default.clone()).map(Either::Json),
        }
    }

    fn int_of(&self, name: &str) -> Option<i64> {
        match self.attr_or_default(name)? {
            Either::Attr(a) => self.m.ctx.int_value(a).and_then(|v| i64::try_from(v).ok()),
            Either::Json(v) => v.as_i64(),
        }
    }

    /// The dtypes of a type attribute (one) or list(type) attribute (several).
    fn dtypes_of(&self, name: &str) -> Option<SmallVec<[Option<&'static str>; 4]>> {
        match self.attr_or_default(name)? {
            Either::Attr(a) => match self.m.ctx.attr_data(a) {
                AttrData::Type(t) => Some(smallvec::smallvec![tf_dtype(&self.m.ctx, *t).map(|d| d.0)]),
                AttrData::Array(items) => Some(
                    items
                        .iter()
                        .map(|&i| match self.m.ctx.attr_data(self.m.ctx.resolved_attr(i)) {
                            AttrData::Type(t) => tf_dtype(&self.m.ctx, *t).map(|d| d.0),
                            _ => None,
                        })
                        .collect(),
                ),
                _ => None,
            },
            Either::Json(Value::String(s)) => Some(smallvec::smallvec![static_dtype(&s)]),
            Either::Json(Value::Array(items)) => Some(items.iter().map(|i| i.as_str().and_then(static_dtype)).collect()),
            Either::Json(_) => None,
        }
    }

    /// How many values port `p` has, given the attributes (`None` when they do not say).
    pub(crate) fn port_count(&self, p: &super::schema::Port) -> Option<usize> {
        if let Some(la) = &p.type_list_attr {
            return self.dtypes_of(la).map(|d| d.len());
        }
        match &p.number_attr {
            Some(na) => self.int_of(na).and_then(|n| usize::try_from(n).ok()),
            None => Some(1),
        }
    }

    fn check_tf_ports(&self, diags: &mut Vec<Diagnostic>) {
        let ctx = &self.m.ctx;
        let body = &self.m.body;
        let data_in: SmallVec<[ValueId; 8]> = body.operands(self.op).filter(|&v| !ctx.is_control_type(body.value(v).ty)).collect();
        let data_out: SmallVec<[ValueId; 8]> = body.results(self.op).iter().copied().filter(|&v| !ctx.is_control_type(body.value(v).ty)).collect();
        for (ports, values, what) in [(&self.schema.inputs, &data_in, "input"), (&self.schema.outputs, &data_out, "output")] {
            let mut counts: SmallVec<[usize; 8]> = SmallVec::new();
            for p in ports.iter() {
                match self.port_count(p) {
                    Some(n) => counts.push(n),
                    None => break,
                }
            }
            if counts.len() != ports.len() {
                continue; // a count attribute is missing or not an int: reported elsewhere
            }
            let total: usize = counts.iter().sum();
            if total != values.len() {
                let parts: Vec<String> = ports
                    .iter()
                    .zip(&counts)
                    .map(|(p, n)| match (&p.number_attr, &p.type_list_attr) {
                        (Some(na), _) => format!("{} ({} = {})", p.name, na, n),
                        (_, Some(la)) => format!("{} ({} has {})", p.name, la, n),
                        _ => p.name.clone(),
                    })
                    .collect();
                let parts = if parts.is_empty() { "none".to_string() } else { parts.join(", ") };
                self.err(diags, format!("has {} data {}s, but {} in {} expects {}: {}", values.len(), what, self.schema.name, self.ns, total, parts));
                continue;
            }
            let mut i = 0;
            for (p, &n) in ports.iter().zip(&counts) {
                let list = p.type_list_attr.as_ref().and_then(|la| self.dtypes_of(la));
                let single = match (&p.type_attr, &p.ty) {
                    (Some(ta), _) => self.dtypes_of(ta).and_then(|v| v.first().copied().flatten()),
                    (None, Some(fixed)) => static_dtype(fixed),
                    _ => None,
                };
                for j in 0..n {
                    let v = values[i];
                    i += 1;
                    let want = match &list {
                        Some(l) => l.get(j).copied().flatten(),
                        None => single,
                    };
                    let ty = body.value(v).ty;
                    let Some((got, got_ref)) = tf_dtype_of_value(ctx, ty) else { continue };
                    // A reference port takes and gives reference values; a plain input takes
                    // one too (TensorFlow reads through it), a plain output never gives one.
                    if got_ref != p.is_ref && (p.is_ref || what == "output") {
                        let elem = nstypes::element_type(ctx, ty).map(|e| type_to_string(ctx, e)).unwrap_or_default();
                        let (is, port) = if p.is_ref { ("a non-reference", "a reference") } else { ("a reference", "not a reference") };
                        self.err(diags, format!("{} '{}' (#{}) has {} element type {}, but the port of {} is {}", what, p.name, i - 1, is, elem, self.schema.name, port));
                        continue;
                    }
                    let Some(want) = want else { continue };
                    if got != want {
                        let source = match (&p.type_list_attr, &p.type_attr) {
                            (Some(a), _) | (None, Some(a)) => format!("attribute '{}'", a),
                            _ => "its fixed type".to_string(),
                        };
                        self.err(
                            diags,
                            format!(
                                "{} '{}' (#{}) has element type {} ({}), but {} makes it {} ({})",
                                what,
                                p.name,
                                i - 1,
                                nstypes::tf_dtype_to_mlir(got).unwrap_or(got),
                                got,
                                source,
                                nstypes::tf_dtype_to_mlir(want).unwrap_or(want),
                                want
                            ),
                        );
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------------ ONNX

    fn check_onnx(&self, diags: &mut Vec<Diagnostic>) {
        let ctx = &self.m.ctx;
        let body = &self.m.body;
        self.undefined_attrs(diags, &["onnx_node_name"]);
        let regions = body.op(self.op).regions.len();
        let mut graph_attrs_missing = 0;
        for a in &self.schema.attrs {
            match self.attr(&a.name) {
                None if a.required && a.kind == "graph" => graph_attrs_missing += 1,
                None if a.required => self.missing_required(diags, a),
                None => {}
                Some(v) => {
                    let v = ctx.resolved_attr(v);
                    if !onnx_kind_ok(self.m, &a.kind, v) {
                        self.err(diags, format!("attribute '{}' must be an ONNX '{}' attribute, got {}", a.name, a.kind, self.attr_text(v)));
                    }
                }
            }
        }
        if graph_attrs_missing > regions {
            let names: Vec<&str> = self.schema.attrs.iter().filter(|a| a.required && a.kind == "graph" && self.attr(&a.name).is_none()).map(|a| a.name.as_str()).collect();
            self.err(
                diags,
                format!("has {} regions, but {} in {} requires {} graph attributes (as attributes or regions): {}", regions, self.schema.name, self.ns, names.len(), names.join(", ")),
            );
        }
        let since = self.schema.since.map(|s| format!(" (opset {})", s)).unwrap_or_default();
        let operands: Vec<_> = body.operands(self.op).collect();
        let results: Vec<_> = body.results(self.op).to_vec();
        let mut bound: FxHashMap<&str, (String, String)> = FxHashMap::default();
        for (ports, values, what) in [(&self.schema.inputs, &operands, "input"), (&self.schema.outputs, &results, "output")] {
            let min: usize = ports.iter().map(|p| if p.variadic { p.min as usize } else { usize::from(!p.optional) }).sum();
            // Trailing optional ports may be left out.
            let min = min.max(ports.iter().rposition(|p| !p.optional && !p.variadic).map_or(0, |i| i + 1).min(min));
            let variadic = ports.last().is_some_and(|p| p.variadic);
            let max = if variadic { usize::MAX } else { ports.len() };
            if values.len() < min || values.len() > max {
                let range = if variadic {
                    format!("at least {}", min)
                } else if min == max {
                    format!("{}", min)
                } else {
                    format!("{} to {}", min, max)
                };
                let names: Vec<String> = ports
                    .iter()
                    .map(|p| {
                        let tag = if p.variadic { " (variadic)" } else if p.optional { " (optional)" } else { "" };
                        format!("{}{}", p.name, tag)
                    })
                    .collect();
                self.err(diags, format!("has {} {}s, but {}{} in {} takes {}: {}", values.len(), what, self.schema.name, since, self.ns, range, names.join(", ")));
                continue;
            }
            for (i, &v) in values.iter().enumerate() {
                let pi = i.min(ports.len().saturating_sub(1));
                let Some(p) = ports.get(pi) else { continue };
                let Some(got) = nstypes::onnx_type_of(ctx, body.value(v).ty) else { continue };
                if got == "none" {
                    if !p.optional {
                        self.err(diags, format!("{} '{}' (#{}) of {} is required but is none", what, p.name, i, self.schema.name));
                    }
                    continue;
                }
                let Some(tstr) = p.ty.as_deref() else { continue };
                match self.schema.type_param(tstr) {
                    Some(allowed) => {
                        if !allowed.iter().any(|t| t == &got) {
                            self.err(diags, format!("{} '{}' (#{}) has type {}, which {} does not allow for {}; allowed: {}", what, p.name, i, got, self.schema.name, tstr, allowed.join(", ")));
                            continue;
                        }
                        if p.heterogeneous {
                            continue;
                        }
                        match bound.get(tstr) {
                            Some((t, from)) if t != &got => {
                                self.err(diags, format!("{} '{}' (#{}) has type {}, but {} is {} (from {})", what, p.name, i, got, tstr, t, from));
                            }
                            Some(_) => {}
                            None => {
                                bound.insert(tstr, (got.clone(), format!("{} '{}'", what, p.name)));
                            }
                        }
                    }
                    None => {
                        if got != tstr {
                            self.err(diags, format!("{} '{}' (#{}) has type {}, but {} takes {}", what, p.name, i, got, self.schema.name, tstr));
                        }
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------------ TorchScript

    fn check_torch(&self, diags: &mut Vec<Diagnostic>) {
        let ctx = &self.m.ctx;
        let body = &self.m.body;
        let args = &self.schema.inputs;
        let n = body.num_operands(self.op);
        let sig = self.schema.text.clone().unwrap_or_else(|| self.schema.name.clone());
        if !self.schema.vararg {
            if n > args.len() {
                self.err(diags, format!("has {} operands, but {} takes {} arguments", n, sig, args.len()));
                return;
            }
            for na in body.op(self.op).attrs.iter() {
                let key = ctx.str(na.name);
                if exempt_attr(key) {
                    continue;
                }
                match args.iter().position(|a| a.name == key) {
                    Some(i) if i < n => self.err(diags, format!("gives argument '{}' both as operand #{} and as an attribute", key, i)),
                    Some(_) => {}
                    None => self.err(diags, format!("has attribute '{}' that is not an argument of {}", key, sig)),
                }
            }
            // Ports of a YAML schema carry no type: like Amanda's ports they may be left
            // unconnected, so only their number is an upper bound.
            for (i, a) in args.iter().enumerate().skip(n).filter(|(_, a)| a.ty.is_some()) {
                if a.default.is_none() && self.attr(&a.name).is_none() {
                    let ty = a.ty.as_deref().unwrap_or("?");
                    self.err(diags, format!("misses argument '{}' (#{}: {}) of {}", a.name, i, ty, sig));
                }
            }
        }
        for (i, v) in body.operands(self.op).enumerate() {
            let Some(a) = args.get(i) else { break };
            let Some(ty) = a.ty.as_deref() else { continue };
            let vty = body.value(v).ty;
            let Some(kind) = nstypes::torch_kind_of(ctx, vty) else { continue };
            if !nstypes::torch_accepts(ty, kind) {
                self.err(diags, format!("operand #{} ('{}') is {}, but {} takes {}", i, a.name, type_to_string(ctx, vty), self.schema.name, ty));
            }
        }
        let results = body.results(self.op).len();
        if !self.schema.varret && results != self.schema.outputs.len() {
            self.err(diags, format!("has {} results, but {} returns {}", results, sig, self.schema.outputs.len()));
        }
    }

    // ------------------------------------------------------------------ other type systems

    fn check_attrs_generic(&self, diags: &mut Vec<Diagnostic>) {
        self.undefined_attrs(diags, &[]);
        for a in &self.schema.attrs {
            if a.required && self.attr(&a.name).is_none() {
                self.missing_required(diags, a);
            }
        }
    }
}

enum Either {
    Attr(AttrId),
    Json(Value),
}

fn static_dtype(s: &str) -> Option<&'static str> {
    nstypes::TF_DTYPES.iter().find(|(d, _)| *d == s).map(|(d, _)| *d)
}

fn is_placeholder(m: &Module, a: AttrId) -> bool {
    match m.ctx.attr_data(a) {
        AttrData::Opaque(s) => m.ctx.str(*s).starts_with("#tf_type.placeholder"),
        _ => false,
    }
}

/// Whether attribute `a` has the kind TensorFlow attr type `kind` needs.
fn tf_kind_ok(m: &Module, kind: &str, a: AttrId) -> bool {
    let ctx = &m.ctx;
    let a = ctx.resolved_attr(a);
    if is_placeholder(m, a) {
        return true;
    }
    if let Some(inner) = kind.strip_prefix("list(").and_then(|k| k.strip_suffix(')')) {
        return match ctx.attr_data(a) {
            AttrData::Array(items) => items.iter().all(|&i| tf_kind_ok(m, inner, i)),
            _ => false,
        };
    }
    let data = ctx.attr_data(a);
    let opaque = |prefix: &str| matches!(data, AttrData::Opaque(s) if ctx.str(*s).starts_with(prefix));
    match kind {
        "string" => matches!(data, AttrData::String { .. }),
        "int" => matches!(data, AttrData::Int { .. }),
        "float" => matches!(data, AttrData::Float { .. } | AttrData::Int { .. }),
        "bool" => matches!(data, AttrData::Bool(_)),
        "type" => matches!(data, AttrData::Type(_)),
        "shape" => matches!(data, AttrData::TfShape(_)) || opaque("#tf_type.shape"),
        "tensor" => matches!(data, AttrData::Dense { .. } | AttrData::DenseResource { .. }) || opaque("#tf_type.tensor_proto") || opaque("#tf_type<tensor_proto") || opaque("dense"),
        "func" => matches!(data, AttrData::TfFunc { .. } | AttrData::SymbolRef(_)),
        _ => true,
    }
}

/// The schema-comparable value of attribute `a` of TF kind `kind` (dtype names for types,
/// decoded strings, numbers, bools).
fn tf_value(m: &Module, kind: &str, a: AttrId) -> Option<Value> {
    let ctx = &m.ctx;
    let a = ctx.resolved_attr(a);
    match (kind, ctx.attr_data(a)) {
        ("type", AttrData::Type(t)) => Some(Value::String(match tf_dtype(ctx, *t) {
            Some((d, _)) => d.to_string(),
            None => type_to_string(ctx, *t),
        })),
        ("string", AttrData::String { .. }) => ctx.string_value(a).map(|b| Value::String(String::from_utf8_lossy(&b).into_owned())),
        ("int", _) => ctx.int_value(a).and_then(|v| i64::try_from(v).ok()).map(Value::from),
        ("bool", AttrData::Bool(b)) => Some(Value::Bool(*b)),
        _ => None,
    }
}

fn value_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

fn show_allowed(kind: &str, v: &Value) -> String {
    match (kind.trim_start_matches("list(").trim_end_matches(')'), v) {
        ("type", Value::String(s)) => match nstypes::tf_dtype_to_mlir(s) {
            Some(mlir) => format!("{} ({})", mlir, s),
            None => s.clone(),
        },
        _ => super::schema::show_value(v),
    }
}

/// Whether attribute `a` has the kind ONNX attribute type `kind` needs.
fn onnx_kind_ok(m: &Module, kind: &str, a: AttrId) -> bool {
    let ctx = &m.ctx;
    let data = ctx.attr_data(ctx.resolved_attr(a));
    let elems_ok = |f: &dyn Fn(&AttrData) -> bool| match data {
        AttrData::Array(items) => items.iter().all(|&i| f(ctx.attr_data(ctx.resolved_attr(i)))),
        AttrData::DenseArray { .. } => true,
        _ => false,
    };
    let is_int = |d: &AttrData| matches!(d, AttrData::Int { .. } | AttrData::Bool(_));
    let is_float = |d: &AttrData| matches!(d, AttrData::Float { .. } | AttrData::Int { .. });
    let is_str = |d: &AttrData| matches!(d, AttrData::String { .. });
    let is_tensor = |d: &AttrData| matches!(d, AttrData::Dense { .. } | AttrData::DenseResource { .. } | AttrData::Opaque(_));
    // The ONNX importer's `#onnx.attribute_proto<...>` (an attribute kept as its bytes: a
    // reference to a function attribute, one with a doc string) and `#onnx.empty<...>` (an
    // empty list) fit their kind, as tf's placeholders do.
    if matches!(data, AttrData::Opaque(s) if ctx.str(*s).starts_with("#onnx.")) {
        return true;
    }
    match kind {
        "int" => is_int(data),
        "float" => is_float(data),
        "string" => is_str(data),
        "tensor" | "sparse_tensor" => is_tensor(data),
        "ints" => elems_ok(&is_int),
        "floats" => elems_ok(&is_float),
        "strings" => elems_ok(&is_str),
        "tensors" | "sparse_tensors" => elems_ok(&is_tensor),
        "type_proto" => matches!(data, AttrData::Type(_)),
        "type_protos" => elems_ok(&|d| matches!(d, AttrData::Type(_))),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        let vocab: Vec<String> = ["Conv2D", "Conv3D", "MatMul", "Relu"].iter().map(|s| s.to_string()).collect();
        assert_eq!(did_you_mean("Conv2d", &vocab), vec!["Conv2D".to_string()]);
        assert_eq!(did_you_mean("MatMull", &vocab), vec!["MatMul".to_string()]);
        assert!(did_you_mean("Softmax", &vocab).is_empty());
    }
}
