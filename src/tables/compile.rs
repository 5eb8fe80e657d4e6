//! A table checked against its namespaces and ready to run ([`Table`]): every matcher op
//! exists in the src namespace, every mapper op and its attributes in the dst namespace,
//! literal attribute values fit their kind, captures are defined before they are used, edges
//! name ops and ports of the matcher, helpers and native rewrites exist. Every problem is a
//! diagnostic at its place in the YAML file.

use super::expr::{Part, Template};
use super::helpers;
use super::model::{read_table, AttrVal, EdgePat, Mapper, RuleDef, StrPat, ValPat};
use super::value::{attr_text, Val};
use super::yaml;
use crate::diag::Diagnostic;
use crate::ir::{Context, Span};
use crate::namespace::scope::{classify, ir_name};
use crate::namespace::{Framework, OpSchema, Registry};

/// The names of native rewrites (`dst: {call: NAME}`) the user of a table provides.
pub trait NativeNames {
    fn has_native(&self, name: &str) -> bool;
    /// For messages.
    fn native_names(&self) -> Vec<String>;
}

/// No native rewrites.
pub struct NoNatives;

impl NativeNames for NoNatives {
    fn has_native(&self, _: &str) -> bool {
        false
    }
    fn native_names(&self) -> Vec<String> {
        Vec::new()
    }
}

/// Which port of an op an edge or port pattern addresses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortSel {
    Data(usize),
    Control,
}

#[derive(Clone, Debug)]
pub struct Edge {
    pub from: usize,
    pub from_port: PortSel,
    pub to: usize,
    pub to_port: PortSel,
}

/// Schema facts about one matcher op.
#[derive(Clone, Debug, Default)]
pub struct SrcOpInfo {
    pub ir_name: String,
    /// Per attribute pattern: its kind and schema default.
    pub attr_kinds: Vec<(String, Option<Val>)>,
    /// For PyTorch: per attribute pattern, the argument index when it names an argument.
    pub attr_args: Vec<Option<usize>>,
    /// Operand / result index of each port pattern.
    pub in_index: Vec<usize>,
    pub out_index: Vec<usize>,
    pub in_names: Vec<String>,
    pub out_names: Vec<String>,
}

#[derive(Clone, Debug, Default)]
pub struct DstOpInfo {
    pub ir_name: String,
    /// Per attribute: its kind in the dst schema.
    pub attr_kinds: Vec<String>,
    /// Literal attribute values, as MLIR text.
    pub literal_text: Vec<Option<String>>,
}

#[derive(Clone, Debug)]
pub struct Rule {
    pub def: RuleDef,
    pub index: usize,
    pub root: usize,
    pub src: Vec<SrcOpInfo>,
    pub edges: Vec<Edge>,
    pub dst: Vec<DstOpInfo>,
}

impl Rule {
    pub fn root_ir_name(&self) -> &str {
        &self.src[self.root].ir_name
    }
}

/// A loaded table.
#[derive(Clone, Debug)]
pub struct Table {
    /// The pass name (the file stem).
    pub name: String,
    pub src_ns: String,
    pub dst_ns: String,
    pub src_fw: Framework,
    pub dst_fw: Framework,
    pub rules: Vec<Rule>,
}

struct Cx<'a> {
    reg: &'a Registry,
    diags: Vec<Diagnostic>,
}

fn fw_group(fw: Framework) -> &'static str {
    match fw {
        Framework::TensorFlow => "amanda/tensorflow",
        Framework::Onnx => "amanda/onnx",
        Framework::PyTorch => "amanda/pytorch",
        Framework::Other => "",
    }
}

/// The vocabulary name and IR name of an op type as a table writes it: `aten::matmul` or
/// `torch.aten.matmul`; `MatMul` or `tfg.MatMul`.
pub fn op_names(fw: Framework, written: &str) -> (String, String) {
    if let Some((group, vocab)) = classify(written) {
        if group == fw_group(fw) || fw == Framework::Other {
            return (vocab.into_owned(), written.to_string());
        }
    }
    let group = fw_group(fw);
    (written.to_string(), if group.is_empty() { written.to_string() } else { ir_name(group, written) })
}

impl Table {
    /// Reads and checks a table. `name` is its pass name, `text` its YAML, `reg` the
    /// namespaces, `natives` the native rewrites its `call:` mappers may name.
    pub fn load(name: &str, text: &str, reg: &Registry, natives: &dyn NativeNames) -> Result<Table, Vec<Diagnostic>> {
        let doc = yaml::parse(text).map_err(|d| vec![d])?;
        Table::load_tree(name, text, &doc, reg, natives)
    }

    /// [`load`](Self::load) of a table whose YAML is read already (`doc`, the tree of
    /// `text`: a built-in table's, [`super::builtin_tree`]).
    pub fn load_tree(name: &str, text: &str, doc: &yaml::Node, reg: &Registry, natives: &dyn NativeNames) -> Result<Table, Vec<Diagnostic>> {
        let def = read_table(doc, text)?;
        let mut cx = Cx { reg, diags: Vec::new() };
        let src_v = reg.resolve(&def.src);
        let dst_v = reg.resolve(&def.dst);
        for (v, n, span) in [(src_v, &def.src, def.src_span), (dst_v, &def.dst, def.dst_span)] {
            if v.is_none() {
                cx.diags.push(Diagnostic::error(span, format!("unknown namespace '{}' (--list-namespaces lists the known ones; --namespace-file adds one)", n)));
            }
        }
        let (Some(src_v), Some(dst_v)) = (src_v, dst_v) else { return Err(cx.diags) };
        let src_fw = reg.version(src_v).framework;
        let dst_fw = reg.version(dst_v).framework;
        let mut rules = Vec::new();
        for (index, r) in def.rules.iter().enumerate() {
            if let Some(rule) = cx.rule(r, index, src_v, dst_v, src_fw, dst_fw, natives) {
                rules.push(rule);
            }
        }
        if !cx.diags.is_empty() {
            return Err(cx.diags);
        }
        Ok(Table {
            name: name.to_string(),
            src_ns: reg.version(src_v).name.clone(),
            dst_ns: reg.version(dst_v).name.clone(),
            src_fw,
            dst_fw,
            rules,
        })
    }
}

fn parse_port_index(s: &str) -> Option<usize> {
    s.strip_prefix('_').and_then(|d| d.parse().ok())
}

const PORT_ATTRS: &[&str] = &["name", "type", "dtype", "shape", "type_attr", "number_attr", "type_list_attr", "is_ref"];

impl Cx<'_> {
    fn err(&mut self, span: Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(span, msg));
    }

    fn lookup(&mut self, v: usize, fw: Framework, written: &str, span: Span) -> Option<(std::sync::Arc<OpSchema>, String)> {
        let (vocab, ir) = op_names(fw, written);
        match self.reg.lookup(v, &vocab) {
            Some(s) => Some((s, ir)),
            None => {
                let names = self.reg.op_names(v);
                let mut msg = format!("'{}' is not an op of {}", vocab, self.reg.version(v).name);
                if let Some(s) = crate::passes::pipeline::suggest(&vocab, names.iter().map(String::as_str)) {
                    msg.push_str(&format!("; did you mean '{}'?", s));
                }
                self.err(span, msg);
                None
            }
        }
    }

    /// The kind and default of attribute `name` of `schema`, or a diagnostic.
    fn attr_kind(&mut self, schema: &OpSchema, fw: Framework, ns: &str, name: &str, span: Span) -> Option<(String, Option<Val>, Option<usize>)> {
        if let Some(a) = schema.attr(name) {
            return Some((a.kind.clone(), a.default.as_ref().or(a.constant.as_ref()).map(Val::from_json), None));
        }
        if name.starts_with('_') || name.contains('.') {
            return Some((String::new(), None, None));
        }
        if fw == Framework::PyTorch {
            if let Some(i) = schema.inputs.iter().position(|p| p.name == name) {
                let p = &schema.inputs[i];
                return Some((p.ty.clone().unwrap_or_default(), p.default.as_ref().map(Val::from_json), Some(i)));
            }
        }
        let known: Vec<&str> = schema.attrs.iter().map(|a| a.name.as_str()).collect();
        self.err(
            span,
            format!(
                "'{}' has no attribute '{}' in {} (its attributes: {})",
                schema.name,
                name,
                ns,
                if known.is_empty() { "none".to_string() } else { known.join(", ") }
            ),
        );
        None
    }

    #[allow(clippy::too_many_arguments)]
    fn rule(&mut self, r: &RuleDef, index: usize, src_v: usize, dst_v: usize, src_fw: Framework, dst_fw: Framework, natives: &dyn NativeNames) -> Option<Rule> {
        let before = self.diags.len();
        let src_name = self.reg.version(src_v).name.clone();
        let dst_name = self.reg.version(dst_v).name.clone();
        // Captures defined by the matcher: name → (defining op, kind).
        let mut caps: Vec<(String, Span)> = Vec::new();
        let mut name_caps: Vec<(String, usize)> = Vec::new(); // op name captures → op
        let mut port_caps: Vec<(String, usize, bool, usize)> = Vec::new(); // port name captures → (op, is_output, index)
        let define = |cx: &mut Cx, caps: &mut Vec<(String, Span)>, n: &str, span: Span| {
            if caps.iter().any(|(c, _)| c == n) {
                cx.err(span, format!("capture '{}' is defined twice in rule '{}'", n, r.name));
            } else {
                caps.push((n.to_string(), span));
            }
        };
        let mut src = Vec::new();
        for (i, op) in r.src.ops.iter().enumerate() {
            let mut info = SrcOpInfo::default();
            let Some((schema, ir)) = self.lookup(src_v, src_fw, &op.ty, op.ty_span) else {
                src.push(info);
                continue;
            };
            info.ir_name = ir;
            if let Some(StrPat::Ref(n, s)) = &op.name {
                define(self, &mut caps, n, *s);
                name_caps.push((n.clone(), i));
            }
            if let Some((n, s)) = &op.capture {
                define(self, &mut caps, n, *s);
                name_caps.push((n.clone(), i));
            }
            for (a, span, v) in &op.attrs {
                let Some((kind, default, arg)) = self.attr_kind(&schema, src_fw, &src_name, a, *span) else { continue };
                match v {
                    ValPat::Ref(n, s) => define(self, &mut caps, n, *s),
                    ValPat::Lit(node) => {
                        if let Err(e) = attr_text(&Context::new(), &kind, &Val::from_node(node)) {
                            self.err(node.span, e);
                        }
                    }
                }
                info.attr_kinds.push((kind, default));
                info.attr_args.push(arg);
            }
            for (outputs, ports, schema_ports) in [(false, &op.inputs, &schema.inputs), (true, &op.outputs, &schema.outputs)] {
                let names: Vec<String> = schema_ports.iter().map(|p| p.name.clone()).collect();
                for (p, port) in ports.iter().enumerate() {
                    let mut idx = p;
                    match &port.name {
                        Some(StrPat::Lit(l, s)) => {
                            if let Some(k) = parse_port_index(l) {
                                idx = k;
                            } else if let Some(k) = names.iter().position(|n| n == l) {
                                idx = k;
                            } else if !outputs {
                                self.err(*s, format!("'{}' has no input port '{}' in {} (its ports: {})", schema.name, l, src_name, names.join(", ")));
                            }
                        }
                        Some(StrPat::Ref(n, s)) => {
                            define(self, &mut caps, n, *s);
                            port_caps.push((n.clone(), i, outputs, p));
                        }
                        None => {}
                    }
                    if !schema.vararg && !schema_ports.is_empty() && idx >= schema_ports.len() && schema_ports.iter().all(|x| x.number_attr.is_none() && x.type_list_attr.is_none()) {
                        self.err(port.span, format!("'{}' has {} {} ports in {}; port {} does not exist", schema.name, schema_ports.len(), if outputs { "output" } else { "input" }, src_name, idx));
                    }
                    for (a, span, v) in &port.attrs {
                        if !PORT_ATTRS.contains(&a.as_str()) {
                            self.err(*span, format!("unknown port attribute '{}' (ports have: {})", a, PORT_ATTRS.join(", ")));
                        }
                        if let ValPat::Ref(n, s) = v {
                            define(self, &mut caps, n, *s);
                        }
                    }
                    if let Some((n, s)) = &port.capture {
                        define(self, &mut caps, n, *s);
                    }
                    if outputs {
                        info.out_index.push(idx);
                    } else {
                        info.in_index.push(idx);
                    }
                }
                if outputs {
                    info.out_names = names;
                } else {
                    info.in_names = names;
                }
            }
            src.push(info);
        }
        // Edges.
        let mut edges = Vec::new();
        for e in &r.src.edges {
            if let Some(edge) = self.edge(e, r, &name_caps, &port_caps, &src) {
                edges.push(edge);
            }
        }
        // The root: the op no data edge leaves.
        let n = r.src.ops.len();
        let sinks: Vec<usize> = (0..n).filter(|&i| !edges.iter().any(|e| e.from == i)).collect();
        let root = match sinks.as_slice() {
            [one] => *one,
            _ if n == 1 => 0,
            _ => {
                self.err(r.span, format!("rule '{}': a subgraph matcher needs exactly one root (an op whose results no edge of the rule takes); found {}", r.name, sinks.len()));
                0
            }
        };
        // Connected through edges.
        if n > 1 {
            let mut seen = vec![false; n];
            seen[root] = true;
            let mut changed = true;
            while changed {
                changed = false;
                for e in &edges {
                    if seen[e.from] != seen[e.to] {
                        seen[e.from] = true;
                        seen[e.to] = true;
                        changed = true;
                    }
                }
            }
            if let Some(i) = seen.iter().position(|s| !s) {
                self.err(r.src.ops[i].span, format!("rule '{}': this op is not connected to the others by an edge", r.name));
            }
        }
        for t in &r.where_ {
            self.template_names(t, &caps);
        }
        // The mapper.
        let mut dst = Vec::new();
        match &r.dst {
            Mapper::Call(name, span) => {
                if !natives.has_native(name) {
                    let known = natives.native_names();
                    self.err(*span, format!("no native rewrite '{}' (known: {})", name, if known.is_empty() { "none".to_string() } else { known.join(", ") }));
                }
            }
            Mapper::Ops { ops, outputs } => {
                for op in ops {
                    let mut info = DstOpInfo::default();
                    let checked = self.lookup(dst_v, dst_fw, &op.ty, op.ty_span);
                    if op.layout_any && dst_fw != Framework::PyTorch {
                        self.err(op.span, format!("'layout' is for rules converting to torch (convert-tf-to-torch); {} is not a torch op", op.ty));
                    }
                    for t in op.name.iter().chain(op.device.iter()).chain(op.inputs.iter().flatten()).chain(op.result_types.iter().flatten()) {
                        self.template_names(t, &caps);
                    }
                    for (a, span, v) in &op.attrs {
                        let kind = match &checked {
                            Some((schema, _)) => self.attr_kind(schema, dst_fw, &dst_name, a, *span).map(|k| k.0).unwrap_or_default(),
                            None => String::new(),
                        };
                        let lit = match v {
                            AttrVal::Expr(t) => {
                                self.template_names(t, &caps);
                                None
                            }
                            AttrVal::Lit(node) => match attr_text(&Context::new(), &kind, &Val::from_node(node)) {
                                Ok(text) => Some(text),
                                Err(e) => {
                                    self.err(node.span, e);
                                    None
                                }
                            },
                        };
                        info.attr_kinds.push(kind);
                        info.literal_text.push(lit);
                    }
                    if let Some((schema, ir)) = checked {
                        // TensorFlow nodes need their required attributes (T, dtype, ...).
                        if dst_fw == Framework::TensorFlow {
                            for a in schema.attrs.iter().filter(|a| a.required && a.name != "name") {
                                if !op.attrs.iter().any(|(n, ..)| n == &a.name) {
                                    self.err(op.ty_span, format!("mapper op '{}' does not set the required attribute '{}' ({}) of {}", op.ty, a.name, a.kind, dst_name));
                                }
                            }
                        }
                        info.ir_name = ir;
                    }
                    if let Some((c, s)) = &op.capture {
                        define(self, &mut caps, c, *s);
                    }
                    dst.push(info);
                }
                for t in outputs.iter().flatten() {
                    self.template_names(t, &caps);
                }
            }
        }
        if self.diags.len() > before {
            return None;
        }
        Some(Rule { def: r.clone(), index, root, src, edges, dst })
    }

    /// Captures used in `t` must be defined; helpers must exist and take that many arguments.
    fn template_names(&mut self, t: &Template, caps: &[(String, Span)]) {
        for p in &t.parts {
            if let Part::Expr(e) = p {
                self.expr_names(e, caps, t.span);
            }
        }
    }

    fn expr_names(&mut self, e: &super::expr::Expr, caps: &[(String, Span)], span: Span) {
        use super::expr::Expr;
        match e {
            Expr::Cap { name, .. } => {
                if !caps.iter().any(|(c, _)| c == name) {
                    let known: Vec<&str> = caps.iter().map(|(c, _)| c.as_str()).collect();
                    self.err(span, format!("capture '{}' is not defined before this use (defined: {})", name, if known.is_empty() { "none".to_string() } else { known.join(", ") }));
                }
            }
            Expr::Call { name, args } => {
                match helpers::find(name) {
                    None => self.err(span, format!("no helper function '{}' (docs/mapping-tables.md lists them)", name)),
                    Some(h) if args.len() < h.arity.0 || args.len() > h.arity.1 => {
                        self.err(span, format!("helper '{}' takes {} argument(s): {}", name, if h.arity.0 == h.arity.1 { h.arity.0.to_string() } else { format!("{} to {}", h.arity.0, h.arity.1) }, h.signature))
                    }
                    _ => {}
                }
                for a in args {
                    self.expr_names(a, caps, span);
                }
            }
            Expr::List(items) => {
                for a in items {
                    self.expr_names(a, caps, span);
                }
            }
            _ => {}
        }
    }

    fn edge(&mut self, e: &EdgePat, r: &RuleDef, name_caps: &[(String, usize)], port_caps: &[(String, usize, bool, usize)], src: &[SrcOpInfo]) -> Option<Edge> {
        let op_of = |cx: &mut Cx, (text, span): &(String, Span)| -> Option<usize> {
            if let Some(c) = text.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
                if let Some((_, i)) = name_caps.iter().find(|(n, _)| n == c) {
                    return Some(*i);
                }
                cx.err(*span, format!("edge names op '{{{}}}', but no op of the matcher captures its name or itself as '{}'", c, c));
                return None;
            }
            if let Some(i) = r.src.ops.iter().position(|o| matches!(&o.name, Some(StrPat::Lit(l, _)) if l == text)) {
                return Some(i);
            }
            cx.err(*span, format!("edge names op '{}', which is not an op of the matcher (name it with a literal name or {{ref: x}} and \"{{x}}\")", text));
            None
        };
        let from = op_of(self, &e.from_op);
        let to = op_of(self, &e.to_op);
        let (from, to) = (from?, to?);
        let port_of = |cx: &mut Cx, (text, span): &(String, Span), op: usize, output: bool| -> Option<PortSel> {
            if text == "^control" {
                return Some(PortSel::Control);
            }
            if let Some(c) = text.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
                return match port_caps.iter().find(|(n, ..)| n == c) {
                    Some((_, o, out, p)) if *o == op && *out == output => {
                        let info = &src[op];
                        Some(PortSel::Data(if output { info.out_index[*p] } else { info.in_index[*p] }))
                    }
                    _ => {
                        cx.err(*span, format!("edge port '{{{}}}' is not a name captured from an {} port of that op", c, if output { "output" } else { "input" }));
                        None
                    }
                };
            }
            if let Some(k) = parse_port_index(text) {
                return Some(PortSel::Data(k));
            }
            let names = if output { &src[op].out_names } else { &src[op].in_names };
            match names.iter().position(|n| n == text) {
                Some(k) => Some(PortSel::Data(k)),
                None => {
                    cx.err(*span, format!("'{}' is not an {} port of {} (ports: _0, _1, ..., ^control{}{})", text, if output { "output" } else { "input" }, r.src.ops[op].ty, if names.is_empty() { "" } else { ", " }, names.join(", ")));
                    None
                }
            }
        };
        let from_port = port_of(self, &e.from_port, from, true);
        let to_port = port_of(self, &e.to_port, to, false);
        Some(Edge { from, from_port: from_port?, to, to_port: to_port? })
    }
}
