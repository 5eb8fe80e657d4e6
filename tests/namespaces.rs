//! Namespace vocabularies end to end: graphs generated from the generated vocabularies (one
//! node of every TensorFlow op of 2.21 and 2.15, every ONNX op of every opset, every aten
//! schema whose argument types torch-mlir spells) verify with `--pass=verify-namespace`, and
//! broken variants (a required attribute dropped, a misspelled op, a disallowed type) fail,
//! in the library and in amanda-opt (exit status 1, `FILE:LINE:COL: error:` and its codespan
//! snippet), with the diagnostic that names the problem at the start of the broken op.
//! Also: the registry's hierarchy and inheritance, ports by name, and the Amanda design's
//! YAML examples (read from ../shared/seeds; see `common::requires` for when they are absent).

mod common;

use std::collections::BTreeMap;
use std::fmt::Write;
use std::process::Command;

use amanda_opt::namespace::registry::Registry;
use amanda_opt::namespace::types::{onnx_type_to_mlir, tf_dtype_to_mlir, TF_DTYPES};
use amanda_opt::namespace::verify::{verify, Mode};
use amanda_opt::namespace::{AttrSchema, OpSchema};
use serde_json::Value;

fn registry() -> Registry {
    Registry::builtin()
}

fn parse(text: &str) -> amanda_opt::ir::Module {
    match amanda_opt::syntax::parse_module(text) {
        Ok(m) => m,
        Err(d) => {
            let at = d.first().and_then(|d| d.span).map_or(0, |s| s.start as usize);
            let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
            let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
            panic!("generated text does not parse: {:?}\n{}", d.first().map(|d| &d.message), &text[line_start..line_end])
        }
    }
}

/// Runs the binary on `text` with `args`; returns (exit status, stderr).
fn run_cli(name: &str, text: &str, args: &[&str]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("write input");
    if let Ok(keep) = std::env::var("AMANDA_KEEP_GENERATED") {
        // Keep the generated inputs for a look (and for benchmarks).
        let _ = std::fs::write(std::path::Path::new(&keep).join(name), text);
    }
    let out = Command::new(env!("CARGO_BIN_EXE_amanda-opt"))
        .arg(&path)
        .args(args)
        .arg("--error-limit=0")
        .arg("-o")
        .arg(dir.path().join("out.mlir"))
        .output()
        .expect("run amanda-opt");
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

// ---------------------------------------------------------------------------- TensorFlow

fn tf_ref_type(dtype: &str) -> String {
    let base = match dtype {
        "float" => "f32",
        "double" => "f64",
        "half" => "half",
        other => other,
    };
    format!("!tf_type.{}ref", base)
}

fn tf_type_value(a: &AttrSchema) -> &'static str {
    let first = a.allowed.as_ref().and_then(|v| v.first()).and_then(Value::as_str).unwrap_or("float");
    tf_dtype_to_mlir(first).unwrap_or("f32")
}

/// A value for a required TF attribute of kind `kind`.
fn tf_attr_value(a: &AttrSchema, kind: &str) -> String {
    let count = a.minimum.unwrap_or(1).clamp(1, 16) as usize;
    if let Some(inner) = kind.strip_prefix("list(").and_then(|k| k.strip_suffix(')')) {
        let one = tf_attr_value(&AttrSchema { minimum: None, ..a.clone() }, inner);
        return format!("[{}]", vec![one; count].join(", "));
    }
    match kind {
        "type" => tf_type_value(a).to_string(),
        "int" => a.minimum.unwrap_or(1).max(1).to_string(),
        "float" => "1.000000e+00 : f32".to_string(),
        "bool" => "false".to_string(),
        "string" => match a.allowed.as_ref().and_then(|v| v.first()).and_then(Value::as_str) {
            Some(s) => format!("\"{}\"", s),
            None => "\"x\"".to_string(),
        },
        "shape" => "#tf_type.shape<2>".to_string(),
        "tensor" => "dense<1.000000e+00> : tensor<f32>".to_string(),
        "func" => "#tf_type.func<@callee, {}>".to_string(),
        other => panic!("unknown TF attr kind {}", other),
    }
}

/// The dtype an attribute (given or default) sets, and list(type) dtypes.
fn tf_dtypes(schema: &OpSchema, attrs: &BTreeMap<String, String>, name: &str) -> Vec<String> {
    let mlir = match attrs.get(name) {
        Some(v) => v.clone(),
        None => match schema.attr(name).and_then(|a| a.default.clone()) {
            Some(Value::String(s)) => tf_dtype_to_mlir(&s).unwrap_or("f32").to_string(),
            Some(Value::Array(items)) => {
                let parts: Vec<&str> = items.iter().map(|i| tf_dtype_to_mlir(i.as_str().unwrap_or("float")).unwrap_or("f32")).collect();
                format!("[{}]", parts.join(", "))
            }
            _ => "f32".to_string(),
        },
    };
    match mlir.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
        Some(list) => list.split(", ").filter(|s| !s.is_empty()).map(str::to_string).collect(),
        None => vec![mlir],
    }
}

fn tf_int(schema: &OpSchema, attrs: &BTreeMap<String, String>, name: &str) -> usize {
    match attrs.get(name) {
        Some(v) => v.parse().unwrap_or(1),
        None => schema.attr(name).and_then(|a| a.default.as_ref()).and_then(Value::as_u64).unwrap_or(1) as usize,
    }
}

fn dtype_of_mlir(m: &str) -> &'static str {
    TF_DTYPES.iter().find(|(_, s)| *s == m).map(|(d, _)| *d).unwrap_or("float")
}

/// The value types of a port list given the attributes.
fn tf_port_types(schema: &OpSchema, ports: &[amanda_opt::namespace::Port], attrs: &BTreeMap<String, String>) -> Vec<String> {
    let mut out = Vec::new();
    for p in ports {
        let (n, types): (usize, Vec<String>) = if let Some(l) = &p.type_list_attr {
            let ds = tf_dtypes(schema, attrs, l);
            (ds.len(), ds)
        } else {
            let n = p.number_attr.as_ref().map_or(1, |na| tf_int(schema, attrs, na));
            let t = match (&p.type_attr, &p.ty) {
                (Some(ta), _) => tf_dtypes(schema, attrs, ta).into_iter().next().unwrap_or_else(|| "f32".to_string()),
                (None, Some(fixed)) => tf_dtype_to_mlir(fixed).unwrap_or("f32").to_string(),
                _ => "f32".to_string(),
            };
            (n, vec![t; n])
        };
        for t in types.into_iter().take(n) {
            if p.is_ref {
                out.push(format!("tensor<*x{}>", tf_ref_type(dtype_of_mlir(&t))));
            } else {
                out.push(format!("tensor<*x{}>", t));
            }
        }
    }
    out
}

/// A misspelling of `name` that is no op of the vocabulary (case-insensitively), if any.
fn typo(name: &str, vocab: &std::collections::HashSet<String>) -> Option<String> {
    ["x", "q", "zz"].iter().map(|s| format!("{}{}", name, s)).find(|t| !vocab.contains(&t.to_ascii_lowercase()))
}

fn lower_set(names: &[String]) -> std::collections::HashSet<String> {
    names.iter().map(|n| n.to_ascii_lowercase()).collect()
}

/// How to break a node.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Break {
    None,
    DropRequired,
    Misspell,
    DisallowType,
}

/// Builds one TF node; returns (text, expected message) or None when the op cannot be broken
/// that way. The expected message is given in parts that must appear in order (see [`Expect`]).
fn tf_node(schema: &OpSchema, idx: usize, brk: Break, sources: &mut BTreeMap<String, String>, vocab: &std::collections::HashSet<String>) -> Option<(String, String)> {
    let mut attrs: BTreeMap<String, String> = BTreeMap::new();
    for a in &schema.attrs {
        if a.required {
            attrs.insert(a.name.clone(), tf_attr_value(a, &a.kind));
        }
    }
    // What tfg's own verifier asks of the functional ops beyond the OpDef: an i1 condition,
    // an explicit parallel_iterations, a For body taking the loop index.
    if attrs.contains_key("Tcond") {
        attrs.insert("Tcond".to_string(), "i1".to_string());
    }
    if schema.attr("parallel_iterations").is_some() {
        attrs.insert("parallel_iterations".to_string(), "10".to_string());
    }
    if schema.name == "For" {
        attrs.insert("body".to_string(), "#tf_type.func<@callee2, {}>".to_string());
    }
    let mut name = schema.name.clone();
    let expect;
    match brk {
        Break::None => expect = String::new(),
        Break::DropRequired => {
            let a = schema.attrs.iter().find(|a| a.required)?;
            attrs.remove(&a.name);
            expect = format!("requires attribute '{}'", a.name);
        }
        Break::Misspell => {
            name = typo(&schema.name, vocab)?;
            expect = format!("'tfg.{}' op is not an op of amanda/tensorflow/ … ; did you mean … '{}'", name, schema.name);
        }
        Break::DisallowType => {
            let a = schema.attrs.iter().find(|a| a.kind == "type" && a.allowed.is_some())?;
            let allowed = a.allowed.as_ref()?;
            let bad = TF_DTYPES.iter().find(|(d, _)| !allowed.iter().any(|v| v.as_str() == Some(d)))?;
            attrs.insert(a.name.clone(), bad.1.to_string());
            let first = allowed.first()?.as_str()?;
            expect = format!(
                "attribute '{}' is {} ({}), which {} does not allow; allowed: {} ({})",
                a.name,
                bad.1,
                bad.0,
                schema.name,
                tf_dtype_to_mlir(first).unwrap_or(first),
                first
            );
        }
    }
    let ins = tf_port_types(schema, &schema.inputs, &attrs);
    let outs = tf_port_types(schema, &schema.outputs, &attrs);
    let mut operands = Vec::new();
    for t in &ins {
        let n = sources.len();
        let v = sources.entry(t.clone()).or_insert_with(|| format!("%src{}", n)).clone();
        operands.push(v);
    }
    let mut text = String::from("    ");
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') {
        // TF's namespaced ops (`Namespace>Op`) only have the generic spelling.
        attrs.insert("_mlir_name".to_string(), format!("\"n{}\"", idx));
        let parts: Vec<String> = attrs.iter().map(|(k, v)| format!("{} = {}", k, v)).collect();
        let mut results = outs.clone();
        results.push("!tf_type.control".to_string());
        let _ = writeln!(
            text,
            "%n{}:{} = \"tfg.{}\"({}) {{{}}} : ({}) -> ({})",
            idx,
            results.len(),
            name,
            operands.join(", "),
            parts.join(", "),
            ins.join(", "),
            results.join(", ")
        );
        return Some((text, expect));
    }
    if !outs.is_empty() {
        let _ = write!(text, "%n{}:{}, ", idx, outs.len());
    }
    let _ = write!(text, "%c{} = {}", idx, name);
    if !operands.is_empty() {
        let _ = write!(text, "({})", operands.join(", "));
    }
    let _ = write!(text, " name(\"n{}\")", idx);
    if !attrs.is_empty() {
        let parts: Vec<String> = attrs.iter().map(|(k, v)| format!("{} = {}", k, v)).collect();
        let _ = write!(text, " {{{}}}", parts.join(", "));
    }
    let _ = writeln!(text, " : ({}) -> ({})", ins.join(", "), outs.join(", "));
    Some((text, expect))
}

/// A source node for every operand type: Placeholder, or VariableV2 for reference types.
fn tf_sources(sources: &BTreeMap<String, String>) -> String {
    let mut text = String::new();
    for (ty, v) in sources {
        let elem = &ty["tensor<*x".len()..ty.len() - 1];
        if let Some(base) = elem.strip_prefix("!tf_type.").and_then(|s| s.strip_suffix("ref")) {
            let dtype = match base {
                "f32" => "f32".to_string(),
                "f64" => "f64".to_string(),
                "f16" => "f16".to_string(),
                other => tf_dtype_to_mlir(other).unwrap_or("f32").to_string(),
            };
            let _ = writeln!(
                text,
                "    {}, %{}_ctl = VariableV2 name(\"{}\") {{container = \"\", dtype = {}, shape = #tf_type.shape<*>, shared_name = \"\"}} : () -> ({})",
                v,
                &v[1..],
                &v[1..],
                dtype,
                ty
            );
        } else {
            let _ = writeln!(text, "    {}, %{}_ctl = Placeholder name(\"{}\") {{dtype = {}, shape = #tf_type.shape<*>}} : () -> ({})", v, &v[1..], &v[1..], elem, ty);
        }
    }
    text
}

/// The callee that func-valued attributes name: generic, so that the structural verifier
/// does not hold `If`/`While`/`For` signatures against it.
const TF_CALLEE: &str = concat!(
    "  tfg.func generic @callee(%x: !tf_type.tensor) -> (!tf_type.tensor) {\n    return(%x) : !tf_type.tensor\n  }\n",
    "  tfg.func generic @callee2(%i: !tf_type.tensor, %x: !tf_type.tensor) -> (!tf_type.tensor) {\n    return(%x) : !tf_type.tensor\n  }\n"
);

fn tf_module(reg: &Registry, ns: &str, brk: Break) -> (String, Vec<(usize, String)>, usize) {
    let v = reg.resolve(ns).expect("namespace");
    let mut sources = BTreeMap::new();
    let mut nodes = String::new();
    let mut expected = Vec::new();
    let names = reg.op_names(v);
    let vocab = lower_set(&names);
    for (i, op) in names.iter().enumerate() {
        let schema = reg.lookup(v, op).expect("schema");
        if let Some((text, expect)) = tf_node(&schema, i, brk, &mut sources, &vocab) {
            nodes.push_str(&text);
            expected.push((i, expect));
        }
    }
    let text = format!(
        "module attributes {{amanda.namespace = \"{}\"}} {{\n{}  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {{\n{}{}  }}\n}}\n",
        ns,
        TF_CALLEE,
        tf_sources(&sources),
        nodes
    );
    (text, expected, names.len())
}

/// An expected message: parts separated by " … " that must appear in it in this order.
fn expect_matches(msg: &str, expect: &str) -> bool {
    let mut rest = msg;
    expect.split(" … ").all(|part| match rest.find(part) {
        Some(i) => {
            rest = &rest[i + part.len()..];
            true
        }
        None => false,
    })
}

/// A diagnostic where the user sees it: 1-based line and column, message.
type Located = (usize, usize, String);

/// The library's diagnostics, located in `text`.
fn locate(text: &str, diags: &[amanda_opt::diag::Diagnostic]) -> Vec<Located> {
    diags
        .iter()
        .map(|d| {
            let at = d.span.expect("a diagnostic with a span").start as usize;
            let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
            (text[..at].matches('\n').count() + 1, text[line_start..at].chars().count() + 1, d.message.clone())
        })
        .collect()
}

/// The `FILE:LINE:COL: error: MESSAGE` lines amanda-opt printed for `file_name`; each must be
/// followed by codespan's snippet of the same place (`┌─ FILE:LINE:COL`).
fn cli_errors(file_name: &str, stderr: &str) -> Vec<Located> {
    let lines: Vec<&str> = stderr.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let Some((head, msg)) = l.split_once(": error: ") else { continue };
        let mut parts = head.rsplitn(3, ':');
        let (col, line, path) = (parts.next(), parts.next(), parts.next().unwrap_or(""));
        assert!(path.ends_with(file_name), "error not in {}: {}", file_name, l);
        let (line, col): (usize, usize) = (line.and_then(|s| s.parse().ok()).expect("line"), col.and_then(|s| s.parse().ok()).expect("column"));
        let snippet = format!("┌─ {}:{}:{}", path, line, col);
        assert!(lines.get(i + 1).is_some_and(|n| n.trim() == snippet), "no codespan snippet after {}", l);
        out.push((line, col, msg.to_string()));
    }
    out
}

/// Checks that every expected node got exactly its diagnostic, at the start of its op (the
/// first non-blank column of its line), and that nothing else failed. Nodes are recognised by
/// the number after one of `node_prefixes` on the diagnostic's line.
fn check_broken(text: &str, diags: &[Located], expected: &[(usize, String)], node_prefixes: &[&str]) {
    let lines: Vec<&str> = text.lines().collect();
    let mut by_node: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    for (line_no, col, msg) in diags {
        let line = lines[line_no - 1];
        let idx = node_prefixes
            .iter()
            .find_map(|p| line.split(p).nth(1))
            .and_then(|s| s.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("diagnostic not at a node: {} at {}", msg, line));
        let op_col = line.len() - line.trim_start().len() + 1;
        assert_eq!(*col, op_col, "diagnostic not at the start of the op: {} at {}:{}", msg, line_no, col);
        by_node.entry(idx).or_default().push(msg);
    }
    let mut wrong = Vec::new();
    for (idx, expect) in expected {
        match by_node.get(idx) {
            Some(msgs) if msgs.iter().any(|m| expect_matches(m, expect)) => {}
            other => wrong.push(format!("node {}: expected '{}', got {:?}", idx, expect, other)),
        }
    }
    for idx in by_node.keys() {
        if !expected.iter().any(|(i, _)| i == idx) {
            wrong.push(format!("node {}: unexpected {:?}", idx, by_node[idx]));
        }
    }
    assert!(wrong.is_empty(), "{} of {} broken nodes wrong:\n{}", wrong.len(), expected.len(), wrong[..wrong.len().min(20)].join("\n"));
}

/// Checks `text` both ways: the library's diagnostics and amanda-opt's (which must exit with
/// status 1 and print each error as `FILE:LINE:COL: error:` with its codespan snippet).
fn check_broken_both(name: &str, text: &str, reg: &Registry, expected: &[(usize, String)], node_prefixes: &[&str], args: &[&str]) {
    eprintln!("{}: {} broken nodes", name, expected.len());
    let m = parse(text);
    check_broken(text, &locate(text, &verify(&m, reg, Mode::All)), expected, node_prefixes);
    let (status, stderr) = run_cli(name, text, args);
    assert_eq!(status, Some(1), "{}: amanda-opt exits with 1\n{}", name, &stderr[..stderr.len().min(2000)]);
    check_broken(text, &cli_errors(name, &stderr), expected, node_prefixes);
}

#[test]
fn every_tensorflow_op_verifies() {
    let reg = registry();
    for ns in ["amanda/tensorflow/2.21", "amanda/tensorflow/2.15"] {
        let (text, expected, total) = tf_module(&reg, ns, Break::None);
        assert_eq!(expected.len(), total, "{}: every op gets a node", ns);
        assert!(total > 1800, "{}: {} ops", ns, total);
        let m = parse(&text);
        let diags = verify(&m, &reg, Mode::All);
        assert!(diags.is_empty(), "{}: {} diagnostics, first: {:?}", ns, diags.len(), diags.first().map(|d| &d.message));
        let (status, stderr) = run_cli("tf-all.mlir", &text, &["--pass=verify-namespace"]);
        assert_eq!(status, Some(0), "{}: amanda-opt --pass=verify-namespace failed:\n{}", ns, &stderr[..stderr.len().min(4000)]);

        // Every default the schemas give is a valid value of its attribute, and stripping
        // removes exactly what materializing added (and the defaults the sources spell out).
        let mut full = m.clone();
        amanda_opt::namespace::defaults::materialize(&mut full, &reg);
        let diags = verify(&full, &reg, Mode::All);
        assert!(diags.is_empty(), "{} after materializing defaults: {:?}", ns, diags.iter().take(5).map(|d| &d.message).collect::<Vec<_>>());
        amanda_opt::namespace::defaults::strip(&mut full, &reg);
        let printed = |m: &amanda_opt::ir::Module| amanda_opt::printer::print_module(m, Default::default());
        let mut stripped = m.clone();
        amanda_opt::namespace::defaults::strip(&mut stripped, &reg);
        let (a, b) = (printed(&full), printed(&stripped));
        let first_diff = a.lines().zip(b.lines()).find(|(x, y)| x != y);
        assert!(a == b, "{}: strip(materialize(g)) != strip(g): {:?}", ns, first_diff);
    }
}

#[test]
fn ports_resolve_by_name() {
    let reg = registry();
    let text = "module {\n  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n    %x, %ctl = Placeholder name(\"x\") {dtype = f32} : () -> (tensor<4xf32>)\n    %u:2, %ctl_0 = Unique(%x) name(\"u\") {T = f32, out_idx = i32} : (tensor<4xf32>) -> (tensor<?xf32>, tensor<4xi32>)\n    %s:3, %ctl_1 = SplitV(%x, %x, %x) [%ctl] name(\"s\") {T = f32, Tlen = i64, num_split = 3 : i64} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>)\n  }\n}\n";
    let m = parse(text);
    let ops = amanda_opt::namespace::verify::resolve_ops(&m, &reg, Mode::All);
    let find = |t: &str| ops.iter().find(|(_, _, s)| s.name == t).map(|(o, _, _)| *o).expect("op");
    use amanda_opt::namespace::ports::result_index;
    let unique = find("Unique");
    assert_eq!(result_index(&m, &reg, unique, "y", 0), Some(0));
    assert_eq!(result_index(&m, &reg, unique, "idx", 0), Some(1));
    assert_eq!(result_index(&m, &reg, unique, "idx", 1), None);
    assert_eq!(result_index(&m, &reg, unique, "nope", 0), None);
    let split = find("SplitV");
    assert_eq!(result_index(&m, &reg, split, "output", 2), Some(2));
    assert_eq!(result_index(&m, &reg, split, "output", 3), None);
    // Annotating twice gives one annotation per op.
    let mut a = m.clone();
    amanda_opt::namespace::ports::annotate(&mut a, &reg);
    amanda_opt::namespace::ports::annotate(&mut a, &reg);
    let opts = amanda_opt::printer::PrintOptions { keep_comments: true, ..Default::default() };
    let out = amanda_opt::printer::print_module(&a, opts);
    assert_eq!(out.matches("// ports: (value, size_splits, split_dim) -> (output#0, output#1, output#2)").count(), 1, "{}", out);

    // Counts from attributes that disagree with the op name no ports (and allocate nothing
    // for them): an absurd N is reported by the verifier, not followed.
    let text = "module {\n  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n    %x, %ctl = Placeholder name(\"x\") {dtype = f32} : () -> (tensor<4xf32>)\n    %a, %ctl_0 = AddN(%x, %x) name(\"a\") {N = 9999999999999 : i64, T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)\n  }\n}\n";
    let mut m = parse(text);
    amanda_opt::namespace::ports::annotate(&mut m, &reg);
    let out = amanda_opt::printer::print_module(&m, opts);
    assert!(out.contains("// ports: (?) -> (sum)"), "{}", out);
    let diags = verify(&m, &reg, Mode::All);
    assert!(diags.iter().any(|d| d.message.contains("expects 9999999999999")), "{:?}", diags.iter().map(|d| &d.message).collect::<Vec<_>>());
}

#[test]
fn broken_tensorflow_ops_fail_with_the_right_diagnostic() {
    let reg = registry();
    let nodes = ["name(\"n", "_mlir_name = \"n"];
    for ns in ["amanda/tensorflow/2.21", "amanda/tensorflow/2.15"] {
        for brk in [Break::DropRequired, Break::Misspell, Break::DisallowType] {
            let (text, expected, _) = tf_module(&reg, ns, brk);
            assert!(expected.len() > 500, "{} {:?}: only {} ops can be broken", ns, brk, expected.len());
            // The declaration makes verification automatic.
            check_broken_both(&format!("{}-{:?}.mlir", ns.replace('/', "_"), brk), &text, &reg, &expected, &nodes, &[]);
            if ns == "amanda/tensorflow/2.21" && brk == Break::Misspell {
                // Without it, --pass=verify-namespace checks against the newest version (the
                // other breaks also upset the structural verifier, after which no pass runs).
                let undeclared = text.replacen(&format!(" attributes {{amanda.namespace = \"{}\"}}", ns), "", 1);
                assert_ne!(undeclared, text);
                assert!(verify(&parse(&undeclared), &reg, Mode::Declared).is_empty(), "nothing is checked automatically without a declaration");
                check_broken_both("undeclared-Misspell.mlir", &undeclared, &reg, &expected, &nodes, &["--pass=verify-namespace"]);
            }
        }
    }
}

// ---------------------------------------------------------------------------- ONNX

fn onnx_attr_value(kind: &str) -> Option<String> {
    Some(match kind {
        "int" => "1 : si64".to_string(),
        "float" => "1.000000e+00 : f32".to_string(),
        "string" => "\"x\"".to_string(),
        "tensor" | "sparse_tensor" => "dense<1.000000e+00> : tensor<1xf32>".to_string(),
        "ints" => "[1 : si64]".to_string(),
        "floats" => "[1.000000e+00 : f32]".to_string(),
        "strings" => "[\"x\"]".to_string(),
        "tensors" | "sparse_tensors" => "[dense<1.000000e+00> : tensor<1xf32>]".to_string(),
        "type_proto" => "f32".to_string(),
        "type_protos" => "[f32]".to_string(),
        "graph" | "graphs" => return None,
        other => panic!("unknown ONNX attr kind {}", other),
    })
}

/// A concrete MLIR type for an ONNX port: the constraint's first type amanda-opt can spell.
fn onnx_port_type(schema: &OpSchema, tstr: &str, bound: &mut BTreeMap<String, String>) -> Option<String> {
    if let Some(t) = bound.get(tstr) {
        return Some(t.clone());
    }
    let t = match schema.type_param(tstr) {
        Some(allowed) => allowed.iter().find_map(|t| onnx_type_to_mlir(t))?,
        None => onnx_type_to_mlir(tstr)?,
    };
    bound.insert(tstr.to_string(), t.clone());
    Some(t)
}

fn onnx_node(schema: &OpSchema, group: &str, idx: usize, brk: Break, sources: &mut BTreeMap<String, String>, vocab: &std::collections::HashSet<String>) -> Option<(String, String)> {
    let mut attrs: BTreeMap<String, String> = BTreeMap::new();
    let mut regions = 0;
    for a in schema.attrs.iter().filter(|a| a.required) {
        match onnx_attr_value(&a.kind) {
            Some(v) => {
                attrs.insert(a.name.clone(), v);
            }
            None => regions += 1,
        }
    }
    let mut bound = BTreeMap::new();
    let mut name = schema.name.clone();
    let mut expect = String::new();
    let mut bad_port: Option<(usize, String)> = None;
    match brk {
        Break::None => {}
        Break::DropRequired => {
            let a = schema.attrs.iter().find(|a| a.required && onnx_attr_value(&a.kind).is_some())?;
            attrs.remove(&a.name);
            expect = format!("requires attribute '{}'", a.name);
        }
        Break::Misspell => {
            name = typo(&schema.name, vocab)?;
            expect = format!("'{}' op is not an op of amanda/onnx/ … ; did you mean … '{}'", amanda_opt::namespace::scope::ir_name(group, &name), schema.name);
        }
        Break::DisallowType => {
            let (pi, p) = schema.inputs.iter().enumerate().find(|(_, p)| p.ty.as_deref().and_then(|t| schema.type_param(t)).is_some())?;
            let allowed = schema.type_param(p.ty.as_deref()?)?;
            let bad = ["tensor(float)", "tensor(int64)", "tensor(string)", "tensor(bool)", "tensor(uint8)"].iter().find(|t| !allowed.iter().any(|a| a == *t))?;
            bad_port = Some((pi, onnx_type_to_mlir(bad)?));
            expect = format!("input '{}' (#{}) has type {}, which {} does not allow for {}; allowed: {}", p.name, pi, bad, schema.name, p.ty.as_deref()?, allowed.join(", "));
        }
    }
    let mut ins = Vec::new();
    let last_required = schema.inputs.iter().rposition(|p| !p.optional).map_or(0, |i| i + 1);
    for (pi, p) in schema.inputs.iter().enumerate().take(last_required) {
        let n = if p.variadic { p.min.max(1) as usize } else { 1 };
        let t = match &bad_port {
            Some((bp, t)) if *bp == pi => t.clone(),
            _ => onnx_port_type(schema, p.ty.as_deref()?, &mut bound)?,
        };
        ins.extend(std::iter::repeat_n(t, n));
    }
    let mut outs = Vec::new();
    let last_required = schema.outputs.iter().rposition(|p| !p.optional).map_or(0, |i| i + 1);
    for p in schema.outputs.iter().take(last_required) {
        let n = if p.variadic { p.min.max(1) as usize } else { 1 };
        let t = onnx_port_type(schema, p.ty.as_deref()?, &mut bound)?;
        outs.extend(std::iter::repeat_n(t, n));
    }
    let mut operands = Vec::new();
    for t in &ins {
        let n = sources.len();
        operands.push(sources.entry(t.clone()).or_insert_with(|| format!("%src{}", n)).clone());
    }
    let mut text = String::from("  ");
    if !outs.is_empty() {
        let _ = write!(text, "%n{}:{} = ", idx, outs.len());
    }
    let _ = write!(text, "\"{}\"({})", amanda_opt::namespace::scope::ir_name(group, &name), operands.join(", "));
    if regions > 0 {
        let _ = write!(text, " ({})", vec!["{}"; regions].join(", "));
    }
    attrs.insert("onnx_node_name".to_string(), format!("\"n{}\"", idx));
    let parts: Vec<String> = attrs.iter().map(|(k, v)| format!("{} = {}", k, v)).collect();
    let _ = write!(text, " {{{}}}", parts.join(", "));
    let _ = writeln!(text, " : ({}) -> ({})", ins.join(", "), outs.join(", "));
    Some((text, expect))
}

fn onnx_module(reg: &Registry, ns: &str, brk: Break) -> (String, Vec<(usize, String)>, usize, usize) {
    let v = reg.resolve(ns).expect("namespace");
    let mut sources = BTreeMap::new();
    let mut nodes = String::new();
    let mut expected = Vec::new();
    let names = reg.op_names(v);
    let vocab = lower_set(&names);
    let group = reg.version(v).group.clone();
    for (i, op) in names.iter().enumerate() {
        let schema = reg.lookup(v, op).expect("schema");
        if let Some((text, expect)) = onnx_node(&schema, &group, i, brk, &mut sources, &vocab) {
            nodes.push_str(&text);
            expected.push((i, expect));
        }
    }
    let mut src = String::new();
    for (t, v) in &sources {
        let _ = writeln!(src, "  {} = \"test.source\"() : () -> {}", v, t);
    }
    let text = format!("module attributes {{amanda.namespace = \"{}\"}} {{\n{}{}}}\n", ns, src, nodes);
    let skipped = names.len() - expected.len();
    (text, expected, names.len(), skipped)
}

#[test]
fn every_onnx_op_of_every_opset_verifies() {
    let reg = registry();
    let mut all = String::new();
    let mut total = 0;
    for (group, last) in [("amanda/onnx", 28), ("amanda/onnx/ml", 5)] {
        for opset in 1..=last {
            let ns = format!("{}/opset-{}", group, opset);
            let (text, expected, n, skipped) = onnx_module(&reg, &ns, Break::None);
            // Ops whose ports only take maps (ai.onnx.ml) have no IR type to build values.
            assert!(skipped * 4 <= n, "{}: {} of {} ops skipped", ns, skipped, n);
            total += expected.len();
            let m = parse(&text);
            let diags = verify(&m, &reg, Mode::All);
            assert!(diags.is_empty(), "{}: {:?}", ns, diags.iter().take(5).map(|d| &d.message).collect::<Vec<_>>());
            all.push_str(&text);
            all.push_str("// -----\n");
        }
    }
    assert!(total > 3000, "{} ONNX nodes", total);
    let (status, stderr) = run_cli("onnx-all.mlir", &all, &["--split-input-file", "--pass=verify-namespace"]);
    assert_eq!(status, Some(0), "{}", &stderr[..stderr.len().min(4000)]);
}

#[test]
fn broken_onnx_ops_fail_with_the_right_diagnostic() {
    let reg = registry();
    let opsets = (1..=28).map(|o| format!("amanda/onnx/opset-{}", o)).chain((1..=5).map(|o| format!("amanda/onnx/ml/opset-{}", o)));
    for ns in opsets {
        for brk in [Break::DropRequired, Break::Misspell, Break::DisallowType] {
            let (text, expected, _, _) = onnx_module(&reg, &ns, brk);
            // ai.onnx.ml has few ops with a required attribute or a constrained input.
            let least = if ns.contains("/ml/") { 1 } else { 10 };
            assert!(expected.len() >= least, "{} {:?}: {} nodes", ns, brk, expected.len());
            check_broken_both(&format!("{}-{:?}.mlir", ns.replace('/', "_"), brk), &text, &reg, &expected, &["onnx_node_name = \"n"], &[]);
        }
    }
}

// ---------------------------------------------------------------------------- PyTorch

/// torch-mlir's spelling of a value of TorchScript type `ty`, for the types the sample uses.
fn torch_type(ty: &str) -> Option<&'static str> {
    let base = ty.trim_end_matches('?');
    Some(match base {
        "Tensor" => "!torch.vtensor<[2],f32>",
        "int" | "SymInt" | "ScalarType" | "Layout" | "MemoryFormat" => "!torch.int",
        "float" => "!torch.float",
        "bool" => "!torch.bool",
        "Scalar" => "!torch.float",
        "str" => "!torch.str",
        "Tensor[]" => "!torch.list<vtensor>",
        _ if base.starts_with("int[") || base.starts_with("SymInt[") => "!torch.list<int>",
        _ if base.starts_with("float[") => "!torch.list<float>",
        _ if base.starts_with("bool[") => "!torch.list<bool>",
        _ => return None,
    })
}

fn torch_module(reg: &Registry, brk: Break) -> (String, Vec<(usize, String)>) {
    let v = reg.resolve("amanda/pytorch").expect("pytorch namespace");
    let mut sources: BTreeMap<String, String> = BTreeMap::new();
    let mut nodes = String::new();
    let mut expected = Vec::new();
    let names = reg.op_names(v);
    let vocab = lower_set(&names);
    for (i, op) in names.iter().enumerate() {
        if !op.starts_with("aten::") {
            continue;
        }
        let schema = reg.lookup(v, op).expect("schema");
        if schema.vararg || schema.varret {
            continue;
        }
        let Some(ins) = schema.inputs.iter().map(|a| a.ty.as_deref().and_then(torch_type)).collect::<Option<Vec<_>>>() else { continue };
        let Some(outs) = schema.outputs.iter().map(|a| a.ty.as_deref().and_then(torch_type)).collect::<Option<Vec<_>>>() else { continue };
        let mut ins: Vec<&str> = ins;
        let ir = format!("torch.{}", op.replacen("::", ".", 1));
        let mut name = ir.clone();
        let expect = match brk {
            Break::None => String::new(),
            Break::DropRequired => {
                // Leave out the last argument that has no default.
                let Some(last) = schema.inputs.iter().rposition(|a| a.default.is_none()) else { continue };
                ins.truncate(last);
                format!("misses argument '{}'", schema.inputs[last].name)
            }
            Break::Misspell => {
                let Some(t) = typo(op, &vocab) else { continue };
                name = format!("torch.{}", t.replacen("::", ".", 1));
                format!("'{}' op is not an op of amanda/pytorch/2.15; did you mean … '{}'", name, op)
            }
            Break::DisallowType => {
                let Some(t) = schema.inputs.iter().position(|a| a.ty.as_deref() == Some("Tensor")) else { continue };
                ins[t] = "!torch.bool";
                format!("operand #{} ('{}') is !torch.bool, but {} takes Tensor", t, schema.inputs[t].name, schema.name)
            }
        };
        let mut operands = Vec::new();
        for t in &ins {
            let n = sources.len();
            operands.push(sources.entry(t.to_string()).or_insert_with(|| format!("%src{}", n)).clone());
        }
        let mut line = String::from("  ");
        if !outs.is_empty() {
            let _ = write!(line, "%n{}:{} = ", i, outs.len());
        }
        let _ = writeln!(line, "\"{}\"({}) {{_node = {}}} : ({}) -> ({})", name, operands.join(", "), i, ins.join(", "), outs.join(", "));
        nodes.push_str(&line);
        expected.push((i, expect));
    }
    let mut src = String::new();
    for (t, v) in &sources {
        let _ = writeln!(src, "  {} = \"test.source\"() : () -> {}", v, t);
    }
    (format!("module attributes {{amanda.namespace = \"amanda/pytorch/2.15\"}} {{\n{}{}}}\n", src, nodes), expected)
}

#[test]
fn aten_schemas_verify() {
    let reg = registry();
    let (text, expected) = torch_module(&reg, Break::None);
    assert!(expected.len() > 1500, "only {} aten schemas in the sample", expected.len());
    let m = parse(&text);
    let diags = verify(&m, &reg, Mode::All);
    assert!(diags.is_empty(), "{:?}", diags.iter().take(5).map(|d| &d.message).collect::<Vec<_>>());
    let (status, stderr) = run_cli("aten.mlir", &text, &["--pass=verify-namespace"]);
    assert_eq!(status, Some(0), "{}", &stderr[..stderr.len().min(4000)]);
}

#[test]
fn broken_aten_calls_fail_with_the_right_diagnostic() {
    let reg = registry();
    for brk in [Break::DropRequired, Break::Misspell, Break::DisallowType] {
        let (text, expected) = torch_module(&reg, brk);
        assert!(expected.len() > 500, "{:?}: {}", brk, expected.len());
        check_broken_both(&format!("aten-{:?}.mlir", brk), &text, &reg, &expected, &["{_node = "], &[]);
    }
}

// ---------------------------------------------------------------------------- registry

#[test]
fn builtin_vocabularies_parse_and_resolve() {
    let reg = registry();
    let lines = reg.check_files().expect("every line parses");
    assert!(lines > 7000, "{} schema lines", lines);
    let newest = reg.resolve("amanda/tensorflow").expect("tensorflow");
    assert_eq!(reg.version(newest).name, "amanda/tensorflow/2.21");
    assert_eq!(reg.resolve("tensorflow/2.15").map(|v| reg.version(v).name.clone()).as_deref(), Some("amanda/tensorflow/2.15"));
    let onnx = reg.resolve("amanda/onnx").expect("onnx");
    assert_eq!(reg.version(onnx).name, "amanda/onnx/opset-28");
    // Inheritance: 2.21 takes Conv2D from 2.15 unchanged; ops removed in 2.21 are gone.
    let old = reg.resolve("amanda/tensorflow/2.15").expect("2.15");
    assert_eq!(reg.lookup(newest, "Conv2D"), reg.lookup(old, "Conv2D"));
    assert!(reg.lookup(old, "_MklAdd").is_some());
    assert!(reg.lookup(newest, "_MklAdd").is_none());
    assert!(reg.op_names(newest).len() > 1900);
    // ONNX opsets: Upsample is deprecated at opset 10.
    let o9 = reg.resolve("amanda/onnx/opset-9").expect("opset 9");
    let o10 = reg.resolve("amanda/onnx/opset-10").expect("opset 10");
    assert!(reg.lookup(o9, "Upsample").is_some());
    assert!(reg.lookup(o10, "Upsample").is_none());
    assert_eq!(reg.lookup(o9, "Conv").and_then(|s| s.since), Some(1));
    assert_eq!(reg.lookup(onnx, "Conv").and_then(|s| s.since), Some(22));
}

// ---------------------------------------------------------------------------- the design's examples

/// The design document's YAML example `kind` (`namespace` for a schema, `graph` for a graph)
/// named `name`, read from the seeds (../shared/seeds next to the repository): the document
/// is not copied into the repository. `None` when the seeds are absent (a failure in CI, a
/// recorded skip elsewhere: `common::requires`); scripts/seed-yaml.py finds the same blocks
/// for the lit tests.
fn seed_yaml(kind: &str, name: &str) -> Option<String> {
    let dir = common::requires::shared("seeds")?;
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {}", dir.display(), e));
    let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    let doc = paths
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .find(|t| t.starts_with("# The Design of Amanda"))
        .unwrap_or_else(|| panic!("no seed in {} is the Amanda design document", dir.display()));
    let key = if kind == "namespace" { "name" } else { "namespace" };
    let block = doc
        .split("```yaml\n")
        .skip(1)
        .filter_map(|b| b.split("```").next())
        .find(|b| b.starts_with(&format!("{}:\n", kind)) && b.lines().any(|l| l == format!("  {}: {}", key, name)));
    Some(block.unwrap_or_else(|| panic!("the design document has no {} example {}", kind, name)).to_string())
}

/// The design's YAML form of a TensorFlow graph (ops with attributes and named ports, edges
/// between ports) written as a tfg graph, in a module that declares the graph's namespace.
fn tfg_from_design_graph(yaml: &str) -> String {
    let doc: Value = serde_saphyr::from_str(yaml).expect("the design's graph is YAML");
    let g = &doc["graph"];
    let ops = g["ops"].as_array().expect("ops");
    let edges = g["edges"].as_array().expect("edges");
    // TensorFlow's python dtype names (`float32`) as tfg element types.
    let dtype = |v: &Value| {
        let py = v.as_str().expect("a dtype name");
        let tf = match py {
            "float32" => "float",
            "float64" => "double",
            "float16" => "half",
            other => other,
        };
        tf_dtype_to_mlir(tf).unwrap_or_else(|| panic!("dtype {}", py))
    };
    // An output port: (op index, port index), and the tensor type its `type_attr`/`is_ref` give.
    let output = |op: &Value, port: &Value| {
        let (i, o) = ops.iter().enumerate().find(|(_, o)| o["name"] == *op).expect("edge from a known op");
        let j = o["output_ports"].as_array().and_then(|ps| ps.iter().position(|p| p["name"] == *port)).expect("edge from a known port");
        (i, j)
    };
    let port_type = |i: usize, j: usize| {
        let p = &ops[i]["output_ports"][j]["attrs"];
        let elem = dtype(&ops[i]["attrs"][p["type_attr"].as_str().expect("type_attr")]);
        match p["is_ref"].as_bool() {
            Some(true) => format!("tensor<*x!tf_type.{}ref>", elem),
            _ => format!("tensor<*x{}>", elem),
        }
    };
    let mut body = String::new();
    for (i, o) in ops.iter().enumerate() {
        let attrs = o["attrs"].as_object().expect("attrs");
        let mut parts = Vec::new();
        for (k, v) in attrs {
            let text = match (k.as_str(), v) {
                ("shape", Value::Array(dims)) => format!("#tf_type.shape<{}>", dims.iter().map(Value::to_string).collect::<Vec<_>>().join("x")),
                ("dtype" | "T", v) => dtype(v).to_string(),
                (_, Value::String(s)) => format!("{:?}", s),
                (_, v) => v.to_string(),
            };
            parts.push(format!("{} = {}", k, text));
        }
        let n_out = o["output_ports"].as_array().map_or(0, Vec::len);
        let outs: Vec<String> = (0..n_out).map(|j| port_type(i, j)).collect();
        let mut operands = Vec::new();
        let mut in_types = Vec::new();
        for p in o["input_ports"].as_array().into_iter().flatten() {
            let e = edges.iter().find(|e| e["input_port"]["op"] == o["name"] && e["input_port"]["port"] == p["name"]).expect("an edge into every input");
            let (si, sj) = output(&e["output_port"]["op"], &e["output_port"]["port"]);
            operands.push(format!("%v{}_{}", si, sj));
            in_types.push(port_type(si, sj));
        }
        let results: Vec<String> = (0..outs.len()).map(|j| format!("%v{}_{}", i, j)).chain([format!("%ctl{}", i)]).collect();
        let args = if operands.is_empty() { String::new() } else { format!("({})", operands.join(", ")) };
        let _ = writeln!(
            body,
            "    {} = {}{} name({:?}) {{{}}} : ({}) -> ({})",
            results.join(", "),
            o["type"].as_str().expect("type"),
            args,
            o["name"].as_str().expect("name"),
            parts.join(", "),
            in_types.join(", "),
            outs.join(", ")
        );
    }
    let producer = g["attrs"]["versions"]["producer"].as_i64().unwrap_or(0);
    format!(
        "module attributes {{amanda.namespace = {:?}}} {{\n  tfg.graph #tf_type.version<producer = {}, min_consumer = 0> {{\n{}  }}\n}}\n",
        g["namespace"].as_str().expect("the graph names its namespace"),
        producer,
        body
    )
}

#[test]
fn seed_schemas_load_and_the_seed_graph_verifies() {
    let Some(tf_yaml) = seed_yaml("namespace", "amanda/tensorflow/1.13.1") else { return };
    let torch_yaml = seed_yaml("namespace", "amanda/pytorch/1.4.0").expect("seeds");
    let mut reg = registry();
    reg.add_schema_file("seed-tensorflow.yaml", &tf_yaml).expect("the design's TensorFlow schema loads");
    reg.add_schema_file("seed-pytorch.yaml", &torch_yaml).expect("the design's PyTorch schema loads");
    let tf = reg.resolve("amanda/tensorflow/1.13.1").expect("seed TF namespace");
    assert_eq!(reg.op_names(tf), vec!["MatMul", "Placeholder", "Relu", "VariableV2"]);
    let matmul = reg.lookup(tf, "MatMul").expect("MatMul");
    assert_eq!(matmul.input_names().collect::<Vec<_>>(), vec!["a", "b"]);
    assert_eq!(matmul.outputs[0].name, "product");
    assert_eq!(matmul.attr("T").and_then(|a| a.allowed.as_ref()).map(Vec::len), Some(7));
    let var = reg.lookup(tf, "VariableV2").expect("VariableV2");
    assert!(var.outputs[0].is_ref);
    let torch = reg.resolve("amanda/pytorch/1.4.0").expect("seed torch namespace");
    assert_eq!(reg.op_names(torch), vec!["aten::matmul", "aten::relu", "aten::t", "prim::Param"]);
    // The namespace a graph names must not resolve to the newest one.
    assert_ne!(reg.resolve("amanda/tensorflow"), Some(tf));

    // The design's TensorFlow example graph, converted from its YAML form, verifies: each of
    // its four ops is checked against the design's schema.
    let text = tfg_from_design_graph(&seed_yaml("graph", "amanda/tensorflow/1.13.1").expect("seeds"));
    let m = parse(&text);
    assert!(amanda_opt::namespace::scope::module_declares(&m));
    let checked = amanda_opt::namespace::verify::resolve_ops(&m, &reg, Mode::Declared);
    assert_eq!(checked.len(), 4, "{}", text);
    assert!(checked.iter().all(|(_, v, _)| *v == tf));
    let diags = verify(&m, &reg, Mode::Declared);
    assert!(diags.is_empty(), "{:?}\n{}", diags.iter().map(|d| &d.message).collect::<Vec<_>>(), text);
    // ... and fails when it breaks the schema.
    let broken = parse(&text.replace("{T = f32, transpose_a", "{transpose_a"));
    let diags = verify(&broken, &reg, Mode::Declared);
    assert_eq!(diags.len(), 1, "{:?}", diags.iter().map(|d| &d.message).collect::<Vec<_>>());
    assert!(diags[0].message.contains("requires attribute 'T'"), "{}", diags[0].message);

    // The hand-written tfg form of the same graph (test-files/namespaces/seed-graph.mlir) too.
    let graph = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/test-files/namespaces/seed-graph.mlir")).expect("seed graph");
    let diags = verify(&parse(&graph), &reg, Mode::Declared);
    assert!(diags.is_empty(), "{:?}", diags.iter().map(|d| &d.message).collect::<Vec<_>>());
}

/// The stored TensorFlow 2.21 vocabulary (which the every-op tests build their graphs from) is
/// exactly what the installed tensorflow-cpu's registry gives: its generator, run into a
/// scratch folder against the stored 2.15 file, writes the same bytes. Skipped, with a
/// message, when TensorFlow is not installed or is another version.
#[test]
fn tensorflow_vocabulary_is_the_installed_registry() {
    let root = env!("CARGO_MANIFEST_DIR");
    let dir = tempfile::tempdir().expect("temp dir");
    let out = Command::new("python3")
        .arg(format!("{}/dialects/gen/tf_registry.py", root))
        .arg("--out-dir")
        .arg(dir.path())
        .arg("--base")
        .arg(format!("{}/dialects/tensorflow/2.15.jsonl", root))
        .env("TF_CPP_MIN_LOG_LEVEL", "3")
        .output();
    let out = match out {
        Ok(o) if o.status.success() => o,
        Ok(o) if String::from_utf8_lossy(&o.stderr).contains("No module named 'tensorflow'") => {
            return common::requires::missing("TensorFlow", "scripts/setup.sh installs tensorflow-cpu");
        }
        Ok(o) => panic!("dialects/gen/tf_registry.py failed:\n{}", String::from_utf8_lossy(&o.stderr)),
        Err(e) => return common::requires::missing("python3", &e.to_string()),
    };
    let Ok(generated) = std::fs::read_to_string(dir.path().join("2.21.jsonl")) else {
        let installed = String::from_utf8_lossy(&out.stdout).trim().to_string();
        return common::requires::missing("TensorFlow 2.21", &format!("the installed one: {installed}"));
    };
    let stored = std::fs::read_to_string(format!("{}/dialects/tensorflow/2.21.jsonl", root)).expect("stored 2.21");
    let differ = generated.lines().zip(stored.lines()).position(|(a, b)| a != b);
    assert!(generated == stored, "dialects/tensorflow/2.21.jsonl is not the installed registry (first differing line: {:?})", differ.map(|i| i + 1));
}

#[test]
fn malformed_yaml_schemas_are_errors() {
    let mut reg = registry();
    for (yaml, expect) in [
        ("namespace: 5", "expected a top-level 'namespace' mapping"),
        ("namespace: {name: amanda/x/1, op_schemas: [5]}", "op_schemas[0] is not a mapping"),
        ("namespace: {name: amanda/x/1, op_schemas: [{type: A, attrs: [1, 2]}]}", "A: 'attrs' must be a mapping"),
        ("namespace: {name: amanda/x/1, op_schemas: [{type: A, input_ports: 7}]}", "A: 'input_ports' must be a list"),
        ("namespace: {name: amanda/x/1, op_schemas: [{type: A, output_ports: {a: 1}}]}", "A: 'output_ports' must be a list"),
        ("namespace: {name: amanda/x/1, op_schemas: [{type: A, attrs: {T: {one_of: 5}}}]}", "attribute 'T': expected a type"),
    ] {
        match reg.add_schema_file("bad.yaml", yaml) {
            Err(e) => assert!(e.contains(expect), "{}: {}", yaml, e),
            Ok(_) => panic!("{} loads", yaml),
        }
    }
}

#[test]
fn tf_dtype_table_round_trips() {
    for (d, m) in TF_DTYPES {
        assert_eq!(tf_dtype_to_mlir(d), Some(*m));
    }
}

// ---------------------------------------------------------------------------- README

/// The README's namespace commands run as shown: the first ```sh block of its "Namespaces"
/// section, run by bash in a scratch folder that sees the repository's examples/ and
/// test-files/, with the built amanda-opt first on PATH.
#[test]
fn readme_namespace_commands_run() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{}/README.md", root)).expect("README.md");
    let section = readme.split("\n## Namespaces\n").nth(1).expect("a Namespaces section");
    let block = section.split("```sh\n").nth(1).and_then(|b| b.split("\n```").next()).expect("a sh block");
    let dir = tempfile::tempdir().expect("temp dir");
    for sub in ["examples", "test-files"] {
        std::os::unix::fs::symlink(format!("{}/{}", root, sub), dir.path().join(sub)).expect("symlink");
    }
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_amanda-opt")).parent().expect("bin dir").to_path_buf();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let out = Command::new("bash").arg("-c").arg(block).current_dir(dir.path()).env("PATH", path).output().expect("bash");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    // Only `amanda-opt graph.mlir` fails, with the two errors the README shows.
    let errors: Vec<&str> = stderr.lines().filter(|l| l.contains("error:") || l.contains("command not found")).collect();
    assert_eq!(
        errors,
        vec![
            "graph.mlir:5:5: error: 'tfg.Conv2D' op requires attribute 'strides' (list(int)) of Conv2D in amanda/tensorflow/2.21",
            "graph.mlir:6:5: error: 'tfg.Reluu' op is not an op of amanda/tensorflow/2.21; did you mean 'Relu' or 'Relu6'?",
        ],
        "{}",
        stderr
    );
    for shown in [
        "amanda/tensorflow (tensorflow; without a version: 2.21)",
        "strides: list(int) (required)",
        "onnx.Conv  (onnx op Conv (since opset 11) in amanda/onnx/opset-11",
        "// ports: (a, b) -> (product)",
        "transpose_b = false, grad_a = false, grad_b = false}",
        "MatMul(%x, %w1) name(\"dense/MatMul\") {T = f32} :",
        "%true = torch.constant.bool true",
        "{keepdim = true}",
        "tfg.Relu  (tensorflow op Relu in amanda/tensorflow/1.13.1; my-namespace.yaml",
    ] {
        assert!(stdout.contains(shown), "the README's commands print no {:?}:\n{}", shown, stdout);
    }
}
