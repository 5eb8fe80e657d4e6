//! A mapping table as read from its YAML: `table: {src, dst, rules}`, each rule a matcher
//! (`src`) and a mapper (`dst`), written apart or pushed down into the op structure
//! (`type: {src: aten::matmul, dst: MatMul}`). Reading checks the form only; names are
//! checked against the namespaces in [`super::validate`].

use super::expr::{parse_template, Template};
use super::yaml::{Kind, Node};
use crate::diag::Diagnostic;
use crate::ir::Span;

/// A parsed table.
#[derive(Clone, Debug)]
pub struct TableDef {
    pub src: String,
    pub src_span: Span,
    pub dst: String,
    pub dst_span: Span,
    pub rules: Vec<RuleDef>,
}

#[derive(Clone, Debug)]
pub struct RuleDef {
    pub name: String,
    pub span: Span,
    pub tags: Vec<String>,
    /// Higher first (MLIR's pattern benefit); 1 by default.
    pub benefit: i64,
    /// `where: ["{expr}", ...]`: constraints on the match (PDLL's constraints); the rule
    /// applies only when each evaluates to true (an error counts as false).
    pub where_: Vec<Template>,
    pub src: Matcher,
    pub dst: Mapper,
}

/// What a rule matches: ops joined by edges; `root` is the op whose results the rule
/// replaces (the one no edge of the pattern leaves).
#[derive(Clone, Debug)]
pub struct Matcher {
    pub ops: Vec<OpPat>,
    pub edges: Vec<EdgePat>,
    pub root: usize,
}

/// A string matched literally or captured (`{ref: x}`).
#[derive(Clone, Debug)]
pub enum StrPat {
    Lit(String, Span),
    Ref(String, Span),
}

/// An attribute value matched literally or captured.
#[derive(Clone, Debug)]
pub enum ValPat {
    Lit(Node),
    Ref(String, Span),
}

#[derive(Clone, Debug)]
pub struct OpPat {
    /// The op type as written (`aten::matmul`, `MatMul`, or an IR name `tfg.MatMul`).
    pub ty: String,
    pub ty_span: Span,
    pub name: Option<StrPat>,
    pub attrs: Vec<(String, Span, ValPat)>,
    pub inputs: Vec<PortPat>,
    pub outputs: Vec<PortPat>,
    /// `ref: x`: the op itself is captured (its first result is `{x}`).
    pub capture: Option<(String, Span)>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct PortPat {
    pub name: Option<StrPat>,
    pub attrs: Vec<(String, Span, ValPat)>,
    /// `ref: x`: the value on the port is captured.
    pub capture: Option<(String, Span)>,
    pub span: Span,
}

/// `output_port: {op, port}` → `input_port: {op, port}`; op and port as written (a name or
/// `"{capture}"`).
#[derive(Clone, Debug)]
pub struct EdgePat {
    pub from_op: (String, Span),
    pub from_port: (String, Span),
    pub to_op: (String, Span),
    pub to_port: (String, Span),
}

/// What a rule builds.
#[derive(Clone, Debug)]
pub enum Mapper {
    /// `dst: {call: NAME}`: a native rewrite written in Rust.
    Call(String, Span),
    /// Ops built in order; `outputs` replace the root's data results (default: the last op's).
    Ops { ops: Vec<DstOp>, outputs: Option<Vec<Template>> },
}

#[derive(Clone, Debug)]
pub struct DstOp {
    pub ty: String,
    pub ty_span: Span,
    pub name: Option<Template>,
    pub device: Option<Template>,
    pub attrs: Vec<(String, Span, AttrVal)>,
    /// Data operands (default: the matched subgraph's inputs, see docs/mapping-tables.md).
    pub inputs: Option<Vec<Template>>,
    pub result_types: Option<Vec<Template>>,
    /// `ref: x`: later ops and `outputs` use this op's results as `{x}`, `{x:1}`.
    pub capture: Option<(String, Span)>,
    /// `layout: any`: the op is elementwise, so a conversion may give it its operands in any
    /// one layout (a convolution's NCHW) and keep that layout for its result; `tensorflow`
    /// (the default): operands and result in TensorFlow's layout. Read by convert-tf-to-torch.
    pub layout_any: bool,
    pub span: Span,
}

/// A mapper attribute value: YAML data, or a string with expressions.
#[derive(Clone, Debug)]
pub enum AttrVal {
    Lit(Node),
    Expr(Template),
}

type Diags = Vec<Diagnostic>;

fn err(span: Span, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::error(span, msg)
}

/// Reads a table document.
pub fn read_table(doc: &Node, text: &str) -> Result<TableDef, Diags> {
    let mut diags = Vec::new();
    let Some(table) = doc.get("table") else {
        return Err(vec![err(doc.span, "a mapping table needs a top-level 'table' mapping (table: {src, dst, rules})")]);
    };
    let Some(entries) = table.as_map() else {
        return Err(vec![err(table.span, format!("'table' must be a mapping, not {}", table.what()))]);
    };
    for (k, _) in entries {
        if !matches!(k.as_str(), Some("src" | "dst" | "rules" | "description")) {
            diags.push(err(k.span, format!("unknown key '{}' in 'table' (expected src, dst, rules)", k.scalar_text().unwrap_or_default())));
        }
    }
    let ns = |key: &str, diags: &mut Diags| match table.get(key) {
        Some(n) => match n.as_str() {
            Some(s) => (s.to_string(), n.span),
            None => {
                diags.push(err(n.span, format!("table '{}' must be a namespace name", key)));
                (String::new(), n.span)
            }
        },
        None => {
            diags.push(err(table.span, format!("table has no '{}' namespace", key)));
            (String::new(), table.span)
        }
    };
    let (src, src_span) = ns("src", &mut diags);
    let (dst, dst_span) = ns("dst", &mut diags);
    let mut rules = Vec::new();
    match table.get("rules") {
        None => diags.push(err(table.span, "table has no 'rules'")),
        Some(r) => match r.as_seq() {
            None => diags.push(err(r.span, format!("'rules' must be a list, not {}", r.what()))),
            Some(items) => {
                for item in items {
                    match read_rule(item, text) {
                        Ok(rule) => rules.push(rule),
                        Err(d) => diags.extend(d),
                    }
                }
            }
        },
    }
    if diags.is_empty() {
        Ok(TableDef { src, src_span, dst, dst_span, rules })
    } else {
        Err(diags)
    }
}

const RULE_META: &[&str] = &["rule_name", "tags", "benefit", "description", "where"];

fn read_rule(item: &Node, text: &str) -> Result<RuleDef, Diags> {
    let Some(entries) = item.as_map() else {
        return Err(vec![err(item.span, format!("a rule must be a mapping, not {}", item.what()))]);
    };
    let mut diags = Vec::new();
    let name = match item.get("rule_name") {
        Some(n) => n.scalar_text().unwrap_or_default(),
        None => {
            diags.push(err(item.span, "rule has no 'rule_name'"));
            String::new()
        }
    };
    let mut tags = Vec::new();
    if let Some(t) = item.get("tags") {
        match &t.kind {
            Kind::Seq(items) => tags.extend(items.iter().filter_map(|i| i.scalar_text())),
            Kind::Str(s) => tags.push(s.clone()),
            _ => diags.push(err(t.span, "'tags' must be a list of names")),
        }
    }
    let benefit = match item.get("benefit") {
        None => 1,
        Some(b) => match b.kind {
            Kind::Int(i) => i,
            _ => {
                diags.push(err(b.span, "'benefit' must be an integer"));
                1
            }
        },
    };
    let mut where_ = Vec::new();
    if let Some(w) = item.get("where") {
        let items: Vec<&Node> = match &w.kind {
            Kind::Seq(items) => items.iter().collect(),
            _ => vec![w],
        };
        for i in items {
            if let Some(t) = template(i, text, &mut diags) {
                where_.push(t);
            }
        }
    }
    // The rest is the matcher and mapper, maybe pushed down: split it into the two sides.
    let body: Vec<(Node, Node)> = entries.iter().filter(|(k, _)| !RULE_META.contains(&k.as_str().unwrap_or(""))).cloned().collect();
    let body = Node::new(item.span, Kind::Map(body));
    let src = split(&body, "src");
    let dst = split(&body, "dst");
    let matcher = match src {
        Some(s) => read_matcher(&s, text).map_err(|d| diags.extend(d)).ok(),
        None => {
            diags.push(err(item.span, format!("rule '{}' has no matcher ('src', or 'src' parts pushed down)", name)));
            None
        }
    };
    let mapper = match dst {
        Some(d) => read_mapper(&d, text).map_err(|d| diags.extend(d)).ok(),
        None => {
            diags.push(err(item.span, format!("rule '{}' has no mapper ('dst', or 'dst' parts pushed down)", name)));
            None
        }
    };
    match (matcher, mapper) {
        (Some(src), Some(dst)) if diags.is_empty() => Ok(RuleDef { name, span: item.span, tags, benefit, where_, src, dst }),
        _ => Err(diags),
    }
}

/// One side of a pushed-down rule: a mapping whose keys are only `src`/`dst` is a
/// matcher-mapper pair (its `side` part is taken whole, not split further); other mappings
/// and lists are split entry by entry (an entry with nothing on this side is dropped, a list
/// item keeps its place as an empty mapping); scalars belong to both sides.
pub fn split(node: &Node, side: &str) -> Option<Node> {
    match &node.kind {
        Kind::Map(entries) if !entries.is_empty() && entries.iter().all(|(k, _)| matches!(k.as_str(), Some("src" | "dst"))) => {
            node.get(side).cloned()
        }
        Kind::Map(entries) => {
            let kept: Vec<(Node, Node)> = entries.iter().filter_map(|(k, v)| split(v, side).map(|v| (k.clone(), v))).collect();
            if kept.is_empty() && !entries.is_empty() {
                return None;
            }
            Some(Node::new(node.span, Kind::Map(kept)))
        }
        Kind::Seq(items) => {
            let parts: Vec<Option<Node>> = items.iter().map(|i| split(i, side)).collect();
            if !items.is_empty() && parts.iter().all(Option::is_none) {
                return None;
            }
            let items = parts.into_iter().zip(items).map(|(p, i)| p.unwrap_or_else(|| Node::new(i.span, Kind::Map(Vec::new())))).collect();
            Some(Node::new(node.span, Kind::Seq(items)))
        }
        _ => Some(node.clone()),
    }
}

fn check_keys(node: &Node, allowed: &[&str], what: &str, diags: &mut Diags) {
    if let Some(entries) = node.as_map() {
        for (k, _) in entries {
            let key = k.scalar_text().unwrap_or_default();
            if !allowed.contains(&key.as_str()) {
                diags.push(err(k.span, format!("unknown key '{}' in {} (expected {})", key, what, allowed.join(", "))));
            }
        }
    }
}

fn map_of<'n>(node: &'n Node, what: &str, diags: &mut Diags) -> Option<&'n [(Node, Node)]> {
    match &node.kind {
        Kind::Map(m) => Some(m),
        _ => {
            diags.push(err(node.span, format!("{} must be a mapping, not {}", what, node.what())));
            None
        }
    }
}

fn read_matcher(node: &Node, text: &str) -> Result<Matcher, Diags> {
    let mut diags = Vec::new();
    map_of(node, "a matcher ('src')", &mut diags);
    if !diags.is_empty() {
        return Err(diags);
    }
    let (ops, edges) = if let Some(ops) = node.get("ops") {
        check_keys(node, &["ops", "edges"], "a subgraph matcher", &mut diags);
        let mut pats = Vec::new();
        match ops.as_seq() {
            Some(items) if !items.is_empty() => {
                for i in items {
                    if let Some(p) = read_op_pat(i, &mut diags) {
                        pats.push(p);
                    }
                }
            }
            _ => diags.push(err(ops.span, "'ops' must be a non-empty list of op matchers")),
        }
        let mut edges = Vec::new();
        if let Some(e) = node.get("edges") {
            match e.as_seq() {
                Some(items) => {
                    for i in items {
                        if let Some(edge) = read_edge(i, &mut diags) {
                            edges.push(edge);
                        }
                    }
                }
                None => diags.push(err(e.span, "'edges' must be a list")),
            }
        }
        (pats, edges)
    } else {
        (read_op_pat(node, &mut diags).into_iter().collect(), Vec::new())
    };
    let _ = text;
    if !diags.is_empty() {
        return Err(diags);
    }
    Ok(Matcher { root: 0, ops, edges })
}

const OP_PAT_KEYS: &[&str] = &["type", "name", "attrs", "input_ports", "output_ports", "ref"];
const PORT_KEYS: &[&str] = &["name", "attrs", "ref"];

/// The capture name a `ref:` gives. A name YAML reads as another kind (an unquoted `y` or
/// `no` is a boolean, `1` an integer) is an error that says to quote it.
fn ref_name(r: &Node, diags: &mut Diags) -> Option<String> {
    match r.as_str() {
        Some(s) => Some(s.to_string()),
        None => {
            let hint = match r.kind {
                Kind::Seq(_) | Kind::Map(_) => "",
                // YAML reads an unquoted y, n, yes, no, on, off as a boolean, ~ as null.
                _ => "; YAML reads this unquoted name as such: quote it ({ref: 'y'})",
            };
            diags.push(err(r.span, format!("'ref' must name a capture, not {}{}", r.what(), hint)));
            None
        }
    }
}

fn str_pat(n: &Node, diags: &mut Diags) -> Option<StrPat> {
    if let Some(r) = n.get("ref") {
        return ref_name(r, diags).map(|s| StrPat::Ref(s, r.span));
    }
    match n.scalar_text() {
        Some(s) => Some(StrPat::Lit(s, n.span)),
        None => {
            diags.push(err(n.span, format!("expected a name or {{ref: capture}}, not {}", n.what())));
            None
        }
    }
}

fn val_pat(n: &Node, diags: &mut Diags) -> ValPat {
    if let (Some(r), Some(1)) = (n.get("ref"), n.as_map().map(|m| m.len())) {
        if let Some(s) = ref_name(r, diags) {
            return ValPat::Ref(s, r.span);
        }
    }
    ValPat::Lit(n.clone())
}

fn capture_of(n: &Node, diags: &mut Diags) -> Option<(String, Span)> {
    let r = n.get("ref")?;
    ref_name(r, diags).map(|s| (s, r.span))
}

fn attrs_pat(n: &Node, diags: &mut Diags) -> Vec<(String, Span, ValPat)> {
    let mut out = Vec::new();
    if let Some(entries) = map_of(n, "'attrs'", diags) {
        for (k, v) in entries {
            out.push((k.scalar_text().unwrap_or_default(), k.span, val_pat(v, diags)));
        }
    }
    out
}

fn read_op_pat(n: &Node, diags: &mut Diags) -> Option<OpPat> {
    map_of(n, "an op matcher", diags)?;
    check_keys(n, OP_PAT_KEYS, "an op matcher", diags);
    let Some(ty) = n.get("type") else {
        diags.push(err(n.span, "op matcher has no 'type'"));
        return None;
    };
    let Some(ty_text) = ty.as_str() else {
        diags.push(err(ty.span, "'type' must be an op type"));
        return None;
    };
    let ports = |key: &str, diags: &mut Diags| {
        let mut out = Vec::new();
        if let Some(p) = n.get(key) {
            match p.as_seq() {
                Some(items) => {
                    for i in items {
                        if map_of(i, "a port", diags).is_none() {
                            continue;
                        }
                        check_keys(i, PORT_KEYS, "a port", diags);
                        out.push(PortPat {
                            name: i.get("name").and_then(|x| str_pat(x, diags)),
                            attrs: i.get("attrs").map(|a| attrs_pat(a, diags)).unwrap_or_default(),
                            capture: capture_of(i, diags),
                            span: i.span,
                        });
                    }
                }
                None => diags.push(err(p.span, format!("'{}' must be a list", key))),
            }
        }
        out
    };
    Some(OpPat {
        ty: ty_text.to_string(),
        ty_span: ty.span,
        name: n.get("name").and_then(|x| str_pat(x, diags)),
        attrs: n.get("attrs").map(|a| attrs_pat(a, diags)).unwrap_or_default(),
        inputs: ports("input_ports", diags),
        outputs: ports("output_ports", diags),
        capture: capture_of(n, diags),
        span: n.span,
    })
}

fn read_edge(n: &Node, diags: &mut Diags) -> Option<EdgePat> {
    map_of(n, "an edge", diags)?;
    check_keys(n, &["output_port", "input_port", "input_ports"], "an edge", diags);
    let end = |key: &str, diags: &mut Diags| -> Option<((String, Span), (String, Span))> {
        let e = n.get(key).or_else(|| if key == "input_port" { n.get("input_ports") } else { None });
        let Some(e) = e else {
            diags.push(err(n.span, format!("edge has no '{}'", key)));
            return None;
        };
        check_keys(e, &["op", "port"], "an edge end", diags);
        let part = |k: &str, diags: &mut Diags| match e.get(k).and_then(|x| x.scalar_text().map(|s| (s, x.span))) {
            Some(p) => Some(p),
            None => {
                diags.push(err(e.span, format!("edge end '{}' needs '{}'", key, k)));
                None
            }
        };
        Some((part("op", diags)?, part("port", diags)?))
    };
    let (from_op, from_port) = end("output_port", diags)?;
    let (to_op, to_port) = end("input_port", diags)?;
    Some(EdgePat { from_op, from_port, to_op, to_port })
}

fn template(n: &Node, text: &str, diags: &mut Diags) -> Option<Template> {
    let Some(s) = n.scalar_text() else {
        diags.push(err(n.span, format!("expected a string, not {}", n.what())));
        return None;
    };
    // Offsets inside the string count from its first character (after a quote).
    let raw = text.get(n.span.range()).unwrap_or("");
    let start = n.span.start as usize + usize::from(raw.starts_with('"') || raw.starts_with('\''));
    match parse_template(&s, n.span) {
        Ok(t) => Some(t),
        Err((at, msg)) => {
            let p = start + at;
            diags.push(err(Span::new(p, p + 1), msg));
            None
        }
    }
}

const DST_OP_KEYS: &[&str] = &["type", "name", "device", "attrs", "inputs", "input_ports", "result_types", "ref", "layout"];

fn read_mapper(n: &Node, text: &str) -> Result<Mapper, Diags> {
    let mut diags = Vec::new();
    if map_of(n, "a mapper ('dst')", &mut diags).is_none() {
        return Err(diags);
    }
    if let Some(c) = n.get("call") {
        check_keys(n, &["call"], "a native mapper", &mut diags);
        return match c.as_str() {
            Some(s) if diags.is_empty() => Ok(Mapper::Call(s.to_string(), c.span)),
            _ => {
                diags.push(err(c.span, "'call' must name a native rewrite"));
                Err(diags)
            }
        };
    }
    let mapper = if let Some(ops) = n.get("ops") {
        check_keys(n, &["ops", "outputs"], "a mapper", &mut diags);
        let mut out = Vec::new();
        match ops.as_seq() {
            Some(items) if !items.is_empty() => {
                for i in items {
                    if let Some(o) = read_dst_op(i, text, &mut diags) {
                        out.push(o);
                    }
                }
            }
            _ => diags.push(err(ops.span, "'ops' must be a non-empty list of ops")),
        }
        let outputs = n.get("outputs").and_then(|o| match o.as_seq() {
            Some(items) => Some(items.iter().filter_map(|i| template(i, text, &mut diags)).collect()),
            None => {
                diags.push(err(o.span, "'outputs' must be a list"));
                None
            }
        });
        Mapper::Ops { ops: out, outputs }
    } else {
        Mapper::Ops { ops: read_dst_op(n, text, &mut diags).into_iter().collect(), outputs: None }
    };
    if diags.is_empty() {
        Ok(mapper)
    } else {
        Err(diags)
    }
}

fn read_dst_op(n: &Node, text: &str, diags: &mut Diags) -> Option<DstOp> {
    map_of(n, "a mapper op", diags)?;
    check_keys(n, DST_OP_KEYS, "a mapper op", diags);
    let Some(ty) = n.get("type") else {
        diags.push(err(n.span, "mapper op has no 'type'"));
        return None;
    };
    let Some(ty_text) = ty.as_str() else {
        diags.push(err(ty.span, "'type' must be an op type"));
        return None;
    };
    let mut attrs = Vec::new();
    if let Some(a) = n.get("attrs") {
        if let Some(entries) = map_of(a, "'attrs'", diags) {
            for (k, v) in entries {
                let val = match v.as_str() {
                    Some(s) if s.contains('{') => match template(v, text, diags) {
                        Some(t) => AttrVal::Expr(t),
                        None => continue,
                    },
                    _ => AttrVal::Lit(v.clone()),
                };
                attrs.push((k.scalar_text().unwrap_or_default(), k.span, val));
            }
        }
    }
    let list = |key: &str, diags: &mut Diags| -> Option<Vec<Template>> {
        let l = n.get(key)?;
        match l.as_seq() {
            Some(items) => Some(
                items
                    .iter()
                    .filter_map(|i| {
                        // input_ports items may be {value: "{x}"} (the Amanda port form) or "{x}".
                        let v = i.get("value").unwrap_or(i);
                        template(v, text, diags)
                    })
                    .collect(),
            ),
            None => {
                diags.push(err(l.span, format!("'{}' must be a list", key)));
                None
            }
        }
    };
    let inputs = list("inputs", diags).or_else(|| list("input_ports", diags));
    let layout_any = match n.get("layout") {
        None => false,
        Some(l) => match l.as_str() {
            Some("any") => true,
            Some("tensorflow") => false,
            _ => {
                diags.push(err(l.span, "'layout' must be 'any' (an elementwise op: operands in any one layout) or 'tensorflow'"));
                false
            }
        },
    };
    Some(DstOp {
        ty: ty_text.to_string(),
        ty_span: ty.span,
        name: n.get("name").and_then(|x| template(x, text, diags)),
        device: n.get("device").and_then(|x| template(x, text, diags)),
        attrs,
        inputs,
        result_types: list("result_types", diags),
        capture: capture_of(n, diags),
        layout_any,
        span: n.span,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::yaml::parse;

    const PUSHDOWN: &str = "table:
  src: amanda/pytorch/1.4.0
  dst: amanda/tensorflow/1.13.1
  rules:
    - rule_name: convert_matmul
      type:
        src: aten::matmul
        dst: MatMul
      output_ports:
          - attrs:
              src:
                type: Float
      name:
        dst: dense/MatMul
      attrs:
        dst:
          T: float32
";

    #[test]
    fn pushdown_splits_into_matcher_and_mapper() {
        let doc = parse(PUSHDOWN).unwrap();
        let t = read_table(&doc, PUSHDOWN).unwrap();
        let r = &t.rules[0];
        assert_eq!(r.src.ops.len(), 1);
        let op = &r.src.ops[0];
        assert_eq!(op.ty, "aten::matmul");
        assert!(op.name.is_none());
        assert_eq!(op.outputs.len(), 1);
        assert_eq!(op.outputs[0].attrs[0].0, "type");
        let Mapper::Ops { ops, .. } = &r.dst else { panic!() };
        assert_eq!(ops[0].ty, "MatMul");
        assert_eq!(ops[0].name.as_ref().unwrap().text(), "dense/MatMul");
        assert_eq!(ops[0].attrs[0].0, "T");
    }
}
