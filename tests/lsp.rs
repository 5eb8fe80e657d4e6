//! The language server `amanda-lsp` driven through real LSP sessions over stdio: initialize,
//! didOpen/didChange, and every request the server offers, with the answers checked; then
//! every file of test-files/, examples/ and (when present) the tfg conformance corpus
//! opened, with diagnostics, symbols, folding, semantic tokens and definitions checked
//! against the command line.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use serde_json::{json, Value};

const TIMEOUT: Duration = Duration::from_secs(120);

struct Session {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    next_id: i64,
    /// Notifications received while waiting for responses.
    notifications: Vec<Value>,
}

impl Session {
    fn start() -> Session {
        Session::start_with(&[])
    }

    fn start_with(env: &[(&str, &str)]) -> Session {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_amanda-lsp"));
        cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("amanda-lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (send, messages) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut len = None;
                loop {
                    let mut line = String::new();
                    if r.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(v) = line.strip_prefix("Content-Length: ") {
                        len = v.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; len.expect("Content-Length")];
                if r.read_exact(&mut body).is_err() {
                    return;
                }
                let v: Value = serde_json::from_slice(&body).expect("JSON message");
                if send.send(v).is_err() {
                    return;
                }
            }
        });
        let mut s = Session { child, stdin, messages, next_id: 0, notifications: Vec::new() };
        let init = s.request("initialize", json!({"processId": null, "rootUri": null, "capabilities": {}}));
        assert!(init["result"]["capabilities"]["hoverProvider"].as_bool().unwrap_or(false), "{}", init);
        s.notify("initialized", json!({}));
        s
    }

    fn send(&mut self, v: Value) {
        let body = v.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{}", body.len(), body).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn next(&mut self) -> Value {
        match self.messages.recv_timeout(TIMEOUT) {
            Ok(v) => v,
            Err(RecvTimeoutError::Timeout) => panic!("amanda-lsp did not answer within {:?}", TIMEOUT),
            Err(RecvTimeoutError::Disconnected) => panic!("amanda-lsp closed its output"),
        }
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let v = self.next();
            if v.get("id") == Some(&json!(id)) && v.get("method").is_none() {
                return v;
            }
            self.notifications.push(v);
        }
    }

    /// The result of a request (panics on an error response).
    fn result(&mut self, method: &str, params: Value) -> Value {
        let v = self.request(method, params);
        assert!(v.get("error").is_none(), "{} failed: {}", method, v);
        v["result"].clone()
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn open(&mut self, uri: &str, text: &str) -> Value {
        self.notify("textDocument/didOpen", json!({"textDocument": {"uri": uri, "languageId": "mlir", "version": 1, "text": text}}));
        self.diagnostics(uri, 1)
    }

    /// Waits for the diagnostics of `version` of `uri`.
    fn diagnostics(&mut self, uri: &str, version: i64) -> Value {
        if let Some(k) = self.notifications.iter().position(|n| is_diag(n, uri, version)) {
            return self.notifications.remove(k)["params"]["diagnostics"].clone();
        }
        loop {
            let v = self.next();
            if is_diag(&v, uri, version) {
                return v["params"]["diagnostics"].clone();
            }
            self.notifications.push(v);
        }
    }

    fn close(mut self) {
        let r = self.request("shutdown", Value::Null);
        assert!(r.get("error").is_none());
        self.notify("exit", Value::Null);
        let status = self.child.wait().expect("exit");
        assert!(status.success(), "amanda-lsp exited with {}", status);
    }
}

fn is_diag(n: &Value, uri: &str, version: i64) -> bool {
    n["method"] == "textDocument/publishDiagnostics" && n["params"]["uri"] == uri && n["params"]["version"] == json!(version)
}

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

/// (line, character) of the first occurrence of `needle` in `text`, plus `shift` characters.
fn pos(text: &str, needle: &str, shift: u32) -> (u32, u32) {
    let k = text.find(needle).unwrap_or_else(|| panic!("{:?} not in the text", needle));
    let line = text[..k].matches('\n').count() as u32;
    let col = (k - text[..k].rfind('\n').map_or(0, |p| p + 1)) as u32;
    (line, col + shift)
}

fn at_text(uri: &str, text: &str, needle: &str, shift: u32) -> Value {
    let (l, c) = pos(text, needle, shift);
    at(uri, l, c)
}

const GRAPH: &str = r#"tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %add, %ctl = AddV2(%x, %y) name("add") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %x, %ctl_0 = Const name("x") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %y, %ctl_1 = Const name("y") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %s:2, %ctl_2 = Split(%dim, %add) name("split") {T = f32, num_split = 2 : i64} : (tensor<i32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  %dim, %ctl_3 = Const name("dim") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %r, %ctl_4 = Relu(%s#1) [%ctl_1] name("relu") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}
tfg.func @double(%a: tensor<f32> {tfg.name = "a"}) -> (tensor<f32> {tfg.name = "out"}) {
  %m, %ctl = Mul(%a, %a) name("m") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  return(%m) : tensor<f32>
}
"#;

const URI: &str = "file:///tmp/amanda-lsp-test/graph.amir";

#[test]
fn diagnostics_follow_edits_with_related_notes() {
    let mut s = Session::start();
    let uri = "file:///tmp/amanda-lsp-test/broken.amir";
    // A syntax error: the diagnostic is on the line of the bad op.
    let broken = "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n  %a, %ctl = A : () -> (tensor<f32>)\n  %b, %ctl_0 = B(%a) : (tensor<f32>) -> (tensor<f32>\n}\n";
    let d = s.open(uri, broken);
    assert_eq!(d.as_array().unwrap().len(), 1, "{}", d);
    assert_eq!(d[0]["range"]["start"]["line"], 3, "{}", d);
    assert_eq!(d[0]["severity"], 1);
    assert_eq!(d[0]["source"], "amanda-opt");
    // An incremental edit that closes the parenthesis: no diagnostics for version 2.
    let (l, c) = pos(broken, "(tensor<f32>\n", 12);
    s.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"range": {"start": {"line": l, "character": c}, "end": {"line": l, "character": c}}, "text": ")"}]}),
    );
    let d = s.diagnostics(uri, 2);
    assert_eq!(d, json!([]));
    // A redefinition: the note "previously defined here" is related information.
    s.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n  %a, %ctl = A : () -> (tensor<f32>)\n  %a, %ctl_0 = B : () -> (tensor<f32>)\n}\n"}]}),
    );
    let d = s.diagnostics(uri, 3);
    assert_eq!(d[0]["range"]["start"]["line"], 2, "{}", d);
    assert!(d[0]["message"].as_str().unwrap().contains("redefinition of SSA value '%a'"), "{}", d);
    let related = &d[0]["relatedInformation"][0];
    assert_eq!(related["location"]["range"]["start"]["line"], 1, "{}", d);
    assert_eq!(related["message"], "previously defined here");
    s.close();
}

#[test]
fn many_quick_edits_publish_the_newest_version() {
    let mut s = Session::start();
    let uri = "file:///tmp/amanda-lsp-test/edits.amir";
    s.open(uri, GRAPH);
    // 30 edits in a row: older versions may be skipped (cancelled), the last is published.
    for v in 2..=31 {
        let text = if v % 2 == 0 { GRAPH.replace("Relu(", "Relu((") } else { GRAPH.to_string() };
        s.notify("textDocument/didChange", json!({"textDocument": {"uri": uri, "version": v}, "contentChanges": [{"text": text}]}));
    }
    let d = s.diagnostics(uri, 31);
    assert_eq!(d, json!([]));
    // Requests answer from the newest version.
    let h = s.result("textDocument/hover", at_text(uri, GRAPH, "%s#1", 1));
    assert!(h["contents"]["value"].as_str().unwrap().contains("result #1 of `tfg.Split`"), "{}", h);
    s.close();
}

#[test]
fn hover_shows_schema_value_and_attribute() {
    let mut s = Session::start();
    assert_eq!(s.open(URI, GRAPH), json!([]));
    // On an op: the namespace schema as --describe prints it.
    let h = s.result("textDocument/hover", at_text(URI, GRAPH, "Split(", 1));
    let text = h["contents"]["value"].as_str().unwrap().to_string();
    let describe = Command::new(env!("CARGO_BIN_EXE_amanda-opt")).args(["--describe", "tf.Split"]).output().expect("describe");
    let describe = String::from_utf8(describe.stdout).unwrap();
    assert!(text.contains(describe.lines().nth(1).unwrap()), "hover:\n{}\ndescribe:\n{}", text, describe);
    assert!(text.contains("num_split: int"), "{}", text);
    assert!(text.contains("versions with it:"), "{}", text);
    // On a value: type and defining op (uses come before the definition here).
    let h = s.result("textDocument/hover", at_text(URI, GRAPH, "%x, %y", 1));
    let text = h["contents"]["value"].as_str().unwrap();
    assert!(text.contains("`tensor<f32>`") && text.contains("result #0 of `tfg.Const` `name(\"x\")`"), "{}", text);
    // A block argument.
    let h = s.result("textDocument/hover", at_text(URI, GRAPH, "Mul(%a", 5));
    assert!(h["contents"]["value"].as_str().unwrap().contains("block argument"), "{}", h);
    // On an attribute key: its kind and the schema's rule.
    let h = s.result("textDocument/hover", at_text(URI, GRAPH, "num_split =", 2));
    let text = h["contents"]["value"].as_str().unwrap();
    assert!(text.contains("attribute `num_split` (integer)") && text.contains("schema: `num_split: int"), "{}", text);
    s.close();
}

#[test]
fn definition_references_and_rename() {
    let mut s = Session::start();
    s.open(URI, GRAPH);
    // %x is used on line 1 and defined on line 2 (a graph region).
    let d = s.result("textDocument/definition", at_text(URI, GRAPH, "(%x, %y)", 2));
    assert_eq!(d["range"]["start"], json!({"line": 2, "character": 2}), "{}", d);
    // %s#1 goes to the group %s:2.
    let d = s.result("textDocument/definition", at_text(URI, GRAPH, "%s#1", 1));
    assert_eq!(d["range"]["start"], json!({"line": 4, "character": 2}), "{}", d);
    // A control operand.
    let d = s.result("textDocument/definition", at_text(URI, GRAPH, "[%ctl_1]", 2));
    assert_eq!(d["range"]["start"]["line"], 3, "{}", d);
    // References of %a in the function: the argument and two uses.
    let mut p = at_text(URI, GRAPH, "(%a, %a)", 2);
    p["context"] = json!({"includeDeclaration": true});
    let r = s.result("textDocument/references", p.clone());
    assert_eq!(r.as_array().unwrap().len(), 3, "{}", r);
    p["context"] = json!({"includeDeclaration": false});
    assert_eq!(s.result("textDocument/references", p).as_array().unwrap().len(), 2);
    // Rename %add: the definition and its use.
    let mut p = at_text(URI, GRAPH, "%add", 1);
    p["newName"] = json!("%sum");
    let e = s.result("textDocument/rename", p.clone());
    let edits = e["changes"][URI].as_array().unwrap();
    assert_eq!(edits.len(), 2, "{}", e);
    assert!(edits.iter().all(|t| t["newText"] == "sum"));
    // Renaming onto a name defined in the same graph is refused.
    p["newName"] = json!("y");
    let r = s.request("textDocument/rename", p);
    assert!(r["error"]["message"].as_str().unwrap().contains("already defined"), "{}", r);
    // prepareRename gives the name without its sigil.
    let r = s.result("textDocument/prepareRename", at_text(URI, GRAPH, "%dim,", 1));
    let (_, c) = pos(GRAPH, "%dim,", 1);
    assert_eq!(r["start"]["character"], c, "{}", r);
    assert_eq!(r["end"]["character"], c + 3, "{}", r);
    s.close();
}

#[test]
fn node_names_stay_unique_on_rename() {
    let mut s = Session::start();
    s.open(URI, GRAPH);
    let mut p = at_text(URI, GRAPH, "name(\"relu\")", 7);
    p["newName"] = json!("add");
    let r = s.request("textDocument/rename", p.clone());
    assert!(r["error"]["message"].as_str().unwrap().contains("already taken"), "{}", r);
    p["newName"] = json!("relu_1");
    let e = s.result("textDocument/rename", p);
    let edits = e["changes"][URI].as_array().unwrap();
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0]["newText"], "relu_1");
    let (l, c) = pos(GRAPH, "name(\"relu\")", 6);
    assert_eq!(edits[0]["range"]["start"], json!({"line": l, "character": c}));
    // The function's node "m" is in another scope: "add" is free there.
    let mut p = at_text(URI, GRAPH, "name(\"m\")", 6);
    p["newName"] = json!("add");
    assert!(s.request("textDocument/rename", p).get("error").is_none());
    s.close();
}

#[test]
fn blocks_symbols_and_aliases_navigate() {
    let text = "#attr = {k = \"v\"}\n!ty = tensor<4xf32>\nfunc.func @callee(%arg0: !ty) -> !ty {\n  \"cf.br\"(%arg0)[^bb1] : (!ty) -> ()\n^bb1(%v: !ty):\n  \"func.return\"(%v) : (!ty) -> ()\n}\n\"foo.call\"() {callee = @callee, extra = #attr} : () -> ()\n";
    let uri = "file:///tmp/amanda-lsp-test/nav.mlir";
    let mut s = Session::start();
    s.open(uri, text);
    let d = s.result("textDocument/definition", at_text(uri, text, "[^bb1]", 2));
    assert_eq!(d["range"]["start"], json!({"line": 4, "character": 0}), "{}", d);
    let d = s.result("textDocument/definition", at_text(uri, text, "@callee,", 2));
    assert_eq!(d["range"]["start"]["line"], 2, "{}", d);
    let d = s.result("textDocument/definition", at_text(uri, text, "#attr}", 2));
    assert_eq!(d["range"]["start"], json!({"line": 0, "character": 0}), "{}", d);
    let mut p = at_text(uri, text, "!ty)", 1);
    p["context"] = json!({"includeDeclaration": true});
    assert_eq!(s.result("textDocument/references", p).as_array().unwrap().len(), 6);
    let mut p = at_text(uri, text, "@callee(", 1);
    p["newName"] = json!("@target");
    let e = s.result("textDocument/rename", p);
    assert_eq!(e["changes"][uri].as_array().unwrap().len(), 2, "{}", e);
    s.close();
}

#[test]
fn symbols_folding_and_semantic_tokens() {
    let mut s = Session::start();
    s.open(URI, GRAPH);
    let syms = s.result("textDocument/documentSymbol", json!({"textDocument": {"uri": URI}}));
    assert_eq!(syms[0]["name"], "graph");
    let names: Vec<&str> = syms[0]["children"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["add", "x", "y", "split", "dim", "relu"]);
    assert_eq!(syms[1]["name"], "@double");
    assert_eq!(syms[1]["kind"], 12);
    assert_eq!(syms[1]["children"][0]["name"], "m");
    let folds = s.result("textDocument/foldingRange", json!({"textDocument": {"uri": URI}}));
    let folds: Vec<(u64, u64)> = folds.as_array().unwrap().iter().map(|f| (f["startLine"].as_u64().unwrap(), f["endLine"].as_u64().unwrap())).collect();
    assert!(folds.contains(&(0, 7)), "{:?}", folds);
    assert!(folds.contains(&(8, 11)), "{:?}", folds);
    // Semantic tokens: decode and look at a few.
    let toks = s.result("textDocument/semanticTokens/full", json!({"textDocument": {"uri": URI}}));
    let data: Vec<u64> = toks["data"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    let mut decoded = Vec::new();
    let (mut line, mut col) = (0, 0);
    for t in data.chunks(5) {
        if t[0] > 0 {
            line += t[0];
            col = t[1];
        } else {
            col += t[1];
        }
        decoded.push((line, col, t[2], t[3], t[4]));
    }
    let find = |needle: &str, shift: u32| {
        let (l, c) = pos(GRAPH, needle, shift);
        *decoded.iter().find(|t| t.0 == l as u64 && t.1 == c as u64).unwrap_or_else(|| panic!("no token at {}", needle))
    };
    let op = find("AddV2", 0);
    assert_eq!(op.3, 1, "op name is a function token");
    assert_eq!(op.4 & 4, 4, "a TensorFlow op carries the tensorflow modifier");
    assert_eq!(find("%add", 0).3, 2);
    assert_eq!(find("%add", 0).4 & 1, 1, "a definition");
    assert_eq!(find("[%ctl_1]", 1).4 & 2, 2, "a control token");
    assert_eq!(find("num_split", 0).3, 4, "attribute key");
    assert_eq!(find("name(\"add\")", 0).3, 5, "keyword");
    assert_eq!(find("tensor<i32>", 0).3, 3, "type");
    s.close();
}

#[test]
fn a_file_that_does_not_parse_keeps_symbols_folding_and_navigation() {
    let mut s = Session::start();
    let uri = "file:///tmp/amanda-lsp-test/half.amir";
    let text = GRAPH.replace("Relu(%s#1)", "Relu(%s#1");
    let d = s.open(uri, &text);
    assert_eq!(d.as_array().unwrap().len(), 1);
    let syms = s.result("textDocument/documentSymbol", json!({"textDocument": {"uri": uri}}));
    assert_eq!(syms[0]["children"].as_array().unwrap().len(), 6, "{}", syms);
    let folds = s.result("textDocument/foldingRange", json!({"textDocument": {"uri": uri}}));
    assert!(!folds.as_array().unwrap().is_empty());
    let def = s.result("textDocument/definition", at_text(uri, &text, "(%x, %y)", 2));
    assert_eq!(def["range"]["start"]["line"], 2);
    s.close();
}

#[test]
fn a_panicking_request_is_answered_and_the_server_goes_on() {
    let mut s = Session::start_with(&[("AMANDA_LSP_TEST_PANIC", "1")]);
    s.open(URI, GRAPH);
    let r = s.request("amanda/panic", json!({}));
    assert_eq!(r["error"]["code"], -32603, "{}", r);
    let h = s.result("textDocument/hover", at_text(URI, GRAPH, "%add", 1));
    assert!(h["contents"]["value"].is_string());
    s.close();
}

const NS: &str = r#"module attributes {amanda.namespace = "amanda/tensorflow/2.21"} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
    %x, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2x2xf32>)
    %a, %ctl_0 = Reluu(%x) name("a") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %c, %ctl_1 = Conv2D(%x, %x) name("c") {T = f32, padding = "SAME"} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %d, %ctl_2 = Relu(%x) name("d") {T = f32, alpah = 1.0 : f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
  }
}
"#;

/// Applies LSP text edits to `text`.
fn apply(text: &str, edits: &[Value]) -> String {
    let offset = |p: &Value| {
        let (l, c) = (p["line"].as_u64().unwrap() as usize, p["character"].as_u64().unwrap() as usize);
        let start: usize = text.split_inclusive('\n').take(l).map(str::len).sum();
        start + c
    };
    let mut edits: Vec<(usize, usize, String)> =
        edits.iter().map(|e| (offset(&e["range"]["start"]), offset(&e["range"]["end"]), e["newText"].as_str().unwrap().to_string())).collect();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = text.to_string();
    for (s, e, t) in edits {
        out.replace_range(s..e, &t);
    }
    out
}

#[test]
fn quick_fixes_for_namespace_errors() {
    let uri = "file:///tmp/amanda-lsp-test/ns.amir";
    let mut s = Session::start();
    let d = s.open(uri, NS);
    assert_eq!(d.as_array().unwrap().len(), 3, "{}", d);
    let actions = |s: &mut Session, line: u32| {
        let a = s.result("textDocument/codeAction", json!({"textDocument": {"uri": uri}, "range": {"start": {"line": line, "character": 6}, "end": {"line": line, "character": 6}}, "context": {"diagnostics": []}}));
        a.as_array().unwrap().clone()
    };
    // A misspelled op: replaced by the suggestion.
    let a = actions(&mut s, 3);
    let relu = a.iter().find(|x| x["title"] == "Replace with 'Relu'").unwrap_or_else(|| panic!("{:?}", a));
    assert_eq!(relu["kind"], "quickfix");
    let fixed = apply(NS, relu["edit"]["changes"][uri].as_array().unwrap());
    assert!(fixed.contains("%a, %ctl_0 = Relu(%x)"), "{}", fixed);
    // A missing required attribute: added to the dictionary.
    let a = actions(&mut s, 4);
    let add = a.iter().find(|x| x["title"].as_str().unwrap().starts_with("Add required attribute 'strides")).unwrap_or_else(|| panic!("{:?}", a));
    let fixed = apply(NS, add["edit"]["changes"][uri].as_array().unwrap());
    assert!(fixed.contains("{T = f32, padding = \"SAME\", strides = []}"), "{}", fixed);
    // An unknown attribute: renamed to the closest one, or removed.
    let a = actions(&mut s, 5);
    let remove = a.iter().find(|x| x["title"] == "Remove attribute 'alpah'").unwrap_or_else(|| panic!("{:?}", a));
    let fixed = apply(NS, remove["edit"]["changes"][uri].as_array().unwrap());
    assert!(fixed.contains("name(\"d\") {T = f32} :"), "{}", fixed);
    // Each fix leaves a file with one error fewer.
    s.notify("textDocument/didChange", json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": fixed}]}));
    assert_eq!(s.diagnostics(uri, 2).as_array().unwrap().len(), 2);
    s.close();
}

#[test]
fn completion_of_names_ops_attributes_and_types() {
    let mut s = Session::start();
    let text = GRAPH.replace("  %dim, %ctl_3", "  %q, %ctl_9 = \n  %dim, %ctl_3");
    let uri = "file:///tmp/amanda-lsp-test/complete.amir";
    s.open(uri, &text);
    // After `%`: the values of the graph (not the function's).
    let (l, c) = pos(&text, "Split(%dim", 7);
    let items = s.result("textDocument/completion", at(uri, l, c));
    let labels: Vec<&str> = items.as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert!(labels.contains(&"%add") && labels.contains(&"%dim") && !labels.contains(&"%m"), "{:?}", labels);
    // Where an op name goes: the vocabulary, with a snippet of operands and required attributes.
    let (l, c) = pos(&text, "%q, %ctl_9 = ", 13);
    let items = s.result("textDocument/completion", at(uri, l, c));
    let conv = items.as_array().unwrap().iter().find(|i| i["label"] == "Conv2D").expect("Conv2D offered");
    let snippet = conv["insertText"].as_str().unwrap();
    assert!(snippet.starts_with("Conv2D(${1:%input}, ${2:%filter}) name(") && snippet.contains("strides = "), "{}", snippet);
    assert_eq!(conv["insertTextFormat"], 2);
    assert!(conv["detail"].as_str().unwrap().starts_with("2 inputs, 1 output"), "{}", conv);
    // In an attribute dictionary: the op's attributes not written yet, required ones first.
    let ns_uri = "file:///tmp/amanda-lsp-test/ns-complete.amir";
    s.open(ns_uri, NS);
    let (l, c) = pos(NS, "{T = f32, padding = \"SAME\"}", 1);
    let items = s.result("textDocument/completion", at(ns_uri, l, c));
    let labels: Vec<&str> = items.as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert!(labels.contains(&"strides") && labels.contains(&"data_format") && !labels.contains(&"T") && !labels.contains(&"padding"), "{:?}", labels);
    let strides = items.as_array().unwrap().iter().find(|i| i["label"] == "strides").unwrap();
    assert!(strides["sortText"].as_str().unwrap().starts_with('0'), "{}", strides);
    // After `:`: types.
    let (l, c) = pos(&text, ": (tensor<f32>, tensor<f32>) -> (tensor<f32>)\n", 1);
    let items = s.result("textDocument/completion", at(uri, l, c));
    assert!(items.as_array().unwrap().iter().any(|i| i["label"] == "!tf_type.control"), "{}", items);
    s.close();
}

#[test]
fn formatting_matches_the_command_line() {
    let messy = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("test-files/format/Inputs/messy.amir")).unwrap();
    let uri = "file:///tmp/amanda-lsp-test/messy.amir";
    let mut s = Session::start();
    s.open(uri, &messy);
    let edits = s.result("textDocument/formatting", json!({"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": true}}));
    let formatted = apply(&messy, edits.as_array().unwrap());
    let cli = Command::new(env!("CARGO_BIN_EXE_amanda-opt"))
        .args(["--format", &Path::new(env!("CARGO_MANIFEST_DIR")).join("test-files/format/Inputs/messy.amir").to_string_lossy()])
        .output()
        .unwrap();
    assert_eq!(formatted, String::from_utf8(cli.stdout).unwrap());
    // A range: only the op on that line is rewritten.
    let (l, _) = pos(&messy, "%a, %ctl = A", 0);
    let edits = s.result(
        "textDocument/rangeFormatting",
        json!({"textDocument": {"uri": uri}, "range": {"start": {"line": l, "character": 5}, "end": {"line": l, "character": 6}}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    let edits = edits.as_array().unwrap();
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0]["range"]["start"]["line"], l);
    assert_eq!(edits[0]["range"]["end"]["line"], l);
    assert_eq!(edits[0]["newText"], "  %a, %ctl = A name(\"a\") : () -> (tensor<f32>)");
    s.close();
}

#[test]
fn range_formatting_keeps_blank_lines_and_comments_and_stays_in_its_chunk() {
    let text = "\"x.a\"()   : () -> ()\n// -----\ntfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n  %a, %ctl = A   name(\"a\") : () -> (tensor<f32>)\n\n\n  // the second group\n    %b, %ctl_0 = B(%a)  name(\"b\") : (tensor<f32>) -> (tensor<f32>)\n  %c, %ctl_1 = C(%b)   name(\"c\") : (tensor<f32>) -> (tensor<f32>)\n}\n";
    let uri = "file:///tmp/amanda-lsp-test/split-range.mlir";
    let mut s = Session::start();
    s.open(uri, text);
    // From A's line to B's: A and B are rewritten, the blank line and comment between them
    // kept; C, and the first chunk (unformatted), are left alone.
    let (la, _) = pos(text, "%a, %ctl = A", 0);
    let (lb, _) = pos(text, "%b, %ctl_0", 0);
    let edits = s.result(
        "textDocument/rangeFormatting",
        json!({"textDocument": {"uri": uri}, "range": {"start": {"line": la, "character": 3}, "end": {"line": lb, "character": 6}}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    let formatted = apply(text, edits.as_array().unwrap());
    let want = text.replace("A   name", "A name").replace("\n\n\n  // the second group\n    %b, %ctl_0 = B(%a)  name", "\n\n  // the second group\n  %b, %ctl_0 = B(%a) name");
    assert_eq!(formatted, want);
    s.close();
}

/// Every file of test-files/ and examples/, and the tfg corpus when present.
fn corpus() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "mlir" || e == "amir") {
                out.push(p);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    walk(&root.join("test-files"), &mut files);
    walk(&root.join("examples"), &mut files);
    if let Some(conformance) = common::requires::shared("conformance/tfg/ir/tests") {
        walk(&conformance, &mut files);
    }
    files
}

#[test]
fn every_corpus_file_is_served() {
    let mut s = Session::start();
    let mut checked = 0;
    let mut definitions = 0;
    for (k, path) in corpus().iter().enumerate() {
        let Ok(text) = std::fs::read_to_string(path) else { continue };
        let uri = format!("file://{}", path.display());
        let diags = s.open(&uri, &text);
        // The server's verdict is the command line's (with --split-input-file where the
        // file has chunks: the server checks each chunk on its own).
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_amanda-opt"));
        cmd.arg(path).arg("-o").arg("/dev/null");
        if text.lines().any(|l| l.starts_with("// -----")) {
            cmd.arg("--split-input-file");
        }
        let cli_ok = cmd.output().expect("amanda-opt runs").status.success();
        assert_eq!(diags.as_array().unwrap().is_empty(), cli_ok, "{}: server {} / command line ok={}", path.display(), diags, cli_ok);
        let syms = s.result("textDocument/documentSymbol", json!({"textDocument": {"uri": uri}}));
        assert!(syms.is_array(), "{}", path.display());
        s.result("textDocument/foldingRange", json!({"textDocument": {"uri": uri}}));
        let toks = s.result("textDocument/semanticTokens/full", json!({"textDocument": {"uri": uri}}));
        assert_eq!(toks["data"].as_array().unwrap().len() % 5, 0);
        // In a file that checks: every `%use` of an op operand leads to a definition of that name.
        if cli_ok {
            for (line_no, line) in text.lines().enumerate().filter(|(_, l)| !l.trim_start().starts_with("//")) {
                let Some(eq) = line.find(" = ") else { continue };
                let Some(p) = line[eq..].find("(%").map(|p| eq + p + 1) else { continue };
                let name: String = line[p..].chars().take_while(|c| c.is_ascii_alphanumeric() || "%_$.-".contains(*c)).collect();
                if name.len() < 2 || line[p + name.len()..].starts_with(':') {
                    continue;
                }
                let d = s.result("textDocument/definition", at(&uri, line_no as u32, p as u32 + 1));
                if d.is_null() {
                    continue; // e.g. a use the tfg custom syntax spells without a definition in view
                }
                let dl = d["range"]["start"]["line"].as_u64().unwrap() as usize;
                let dc = d["range"]["start"]["character"].as_u64().unwrap() as usize;
                let def_line = text.lines().nth(dl).unwrap_or("");
                assert!(def_line[dc..].starts_with(&name), "{}:{}: definition of {} lands on {:?}", path.display(), line_no + 1, name, def_line);
                definitions += 1;
            }
        }
        s.notify("textDocument/didClose", json!({"textDocument": {"uri": uri}}));
        checked += 1;
        if k % 50 == 49 {
            // Keep the session's notification list small.
            s.notifications.clear();
        }
    }
    assert!(checked > 100, "only {} files", checked);
    assert!(definitions > 100, "only {} definitions checked", definitions);
    eprintln!("{} files served, {} definitions checked", checked, definitions);
    s.close();
}

#[test]
fn torch_mlir_syntax_navigates() {
    // The first operand of a torch op and of `return` is lexed apart (OperandStart); it is a
    // use like the others, and `func.func` defines its symbol.
    let text = "func.func @main(%arg0: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {\n  %int1 = torch.constant.int 1\n  %0 = torch.aten.relu %arg0 : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>\n  %1 = torch.aten.add.Tensor %0, %arg0, %int1 : !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.int -> !torch.vtensor<[2],f32>\n  return %1 : !torch.vtensor<[2],f32>\n}\n\"foo.call\"() {callee = @main} : () -> ()\n";
    let uri = "file:///tmp/amanda-lsp-test/torch.mlir";
    let mut s = Session::start();
    s.open(uri, text);
    let d = s.result("textDocument/definition", at_text(uri, text, "%0, %arg0", 1));
    assert_eq!(d["range"]["start"], json!({"line": 2, "character": 2}), "{}", d);
    let d = s.result("textDocument/definition", at_text(uri, text, "%1 : ", 1));
    assert_eq!(d["range"]["start"], json!({"line": 3, "character": 2}), "{}", d);
    let d = s.result("textDocument/definition", at_text(uri, text, "@main}", 2));
    assert_eq!(d["range"]["start"]["line"], 0, "{}", d);
    let mut p = at_text(uri, text, "%arg0 :", 1);
    p["context"] = json!({"includeDeclaration": true});
    assert_eq!(s.result("textDocument/references", p).as_array().unwrap().len(), 3);
    s.close();
}

