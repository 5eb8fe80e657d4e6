//! Loader for the generated vocabularies in `dialects/` (JSON Lines, written by the scripts in
//! `dialects/gen/`): a header line, then one op schema per line beginning `{"name":"...`.
//!
//! Loading is lazy twice over: a file is only indexed when a lookup first needs it (one pass
//! over its bytes that reads the name at the start of each line), and a line is only parsed
//! into an [`OpSchema`] the first time its op is looked up. A 10-line input that uses five
//! TensorFlow ops parses five lines of the 1,900.

use std::sync::{Arc, OnceLock};

use rustc_hash::FxHashMap;
use serde::Deserialize;
use serde_json::Value;

use super::schema::{AttrSchema, Framework, OpSchema, Port};

/// The first line of a namespace file.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Header {
    pub namespace: String,
    #[serde(default)]
    pub inherits: Option<String>,
    #[serde(default)]
    pub removed: Vec<String>,
    #[serde(default)]
    pub framework: String,
    #[serde(default)]
    pub type_system: String,
    #[serde(default)]
    pub generator: String,
    #[serde(default)]
    pub source: String,
    /// `"since"`: lines carry the opset that introduced them (ONNX).
    #[serde(default)]
    pub versioned: Option<String>,
    #[serde(default)]
    pub version_prefix: Option<String>,
    #[serde(default)]
    pub first: Option<u32>,
    #[serde(default)]
    pub last: Option<u32>,
}

/// What a file says about one op name at one opset.
pub enum Found {
    Schema(Arc<OpSchema>),
    /// Deprecated (ONNX) from this opset on.
    Removed,
    Absent,
}

/// One line of the file: where it is and its parsed schema, once asked for.
struct Line {
    since: u32,
    start: u32,
    end: u32,
    parsed: OnceLock<Option<Arc<OpSchema>>>,
}

struct Index {
    /// Name → lines in file order (ascending `since` for versioned files).
    by_name: FxHashMap<Box<str>, Vec<Line>>,
}

/// A namespace file: its text, header, and lazily built index.
pub struct JsonlFile {
    pub path: String,
    pub header: Header,
    text: Arc<str>,
    body_start: usize,
    framework: Framework,
    index: OnceLock<Index>,
}

impl JsonlFile {
    /// Reads the header; the rest waits for the first lookup.
    pub fn new(path: &str, text: Arc<str>) -> Result<JsonlFile, String> {
        let first_end = text.find('\n').unwrap_or(text.len());
        let header: Header = serde_json::from_str(&text[..first_end])
            .map_err(|e| format!("{}: line 1: bad namespace header: {}", path, e))?;
        let framework = Framework::from_name(&header.framework);
        Ok(JsonlFile {
            path: path.to_string(),
            header,
            body_start: (first_end + 1).min(text.len()),
            text,
            framework,
            index: OnceLock::new(),
        })
    }

    pub fn framework(&self) -> Framework {
        self.framework
    }

    fn index(&self) -> &Index {
        self.index.get_or_init(|| {
            let mut by_name: FxHashMap<Box<str>, Vec<Line>> = FxHashMap::default();
            let bytes = self.text.as_bytes();
            let mut pos = self.body_start;
            while pos < bytes.len() {
                let end = bytes[pos..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |i| pos + i);
                let line = &self.text[pos..end];
                if let Some((name, since)) = line_key(line) {
                    by_name.entry(name.into()).or_default().push(Line {
                        since,
                        start: pos as u32,
                        end: end as u32,
                        parsed: OnceLock::new(),
                    });
                }
                pos = end + 1;
            }
            Index { by_name }
        })
    }

    /// The schema of `name` at `opset` (`None`: the file is not versioned).
    pub fn find(&self, name: &str, opset: Option<u32>) -> Found {
        let Some(lines) = self.index().by_name.get(name) else { return Found::Absent };
        let line = match opset {
            None => lines.last(),
            Some(v) => lines.iter().rev().find(|l| l.since <= v),
        };
        let Some(line) = line else { return Found::Absent };
        let parsed = line.parsed.get_or_init(|| {
            let text = &self.text[line.start as usize..line.end as usize];
            parse_line(text, self.framework).ok().map(Arc::new)
        });
        match parsed {
            Some(s) if s.deprecated.as_deref() == Some(DEPRECATED_REMOVED) => Found::Removed,
            Some(s) => Found::Schema(s.clone()),
            None => Found::Absent,
        }
    }

    /// Every op name the file defines at `opset` (deprecated ones left out).
    pub fn names(&self, opset: Option<u32>) -> Vec<String> {
        let mut out = Vec::new();
        for (name, lines) in &self.index().by_name {
            let ok = match opset {
                None => true,
                Some(_) => matches!(self.find(name, opset), Found::Schema(_)),
            };
            if ok && !lines.is_empty() {
                out.push(name.to_string());
            }
        }
        out
    }

    /// The opsets at which `name` has a line (versioned files).
    pub fn versions_of(&self, name: &str) -> Vec<u32> {
        self.index().by_name.get(name).map(|ls| ls.iter().map(|l| l.since).collect()).unwrap_or_default()
    }

    /// Checks every line parses (used by tests and `--list-namespaces --verbose`).
    pub fn parse_all(&self) -> Result<usize, String> {
        let mut n = 0;
        for (name, lines) in &self.index().by_name {
            for l in lines {
                let text = &self.text[l.start as usize..l.end as usize];
                parse_line(text, self.framework).map_err(|e| format!("{}: op {}: {}", self.path, name, e))?;
                n += 1;
            }
        }
        Ok(n)
    }
}

/// Marks an ONNX schema line that deprecates (removes) the op.
pub const DEPRECATED_REMOVED: &str = "removed";

/// Reads `{"name":"X"` (and `,"since":N`) from the start of a line without parsing the rest.
fn line_key(line: &str) -> Option<(&str, u32)> {
    let rest = line.strip_prefix("{\"name\":\"")?;
    let end = rest.find('"')?;
    let name = &rest[..end];
    let after = &rest[end + 1..];
    let since = after
        .strip_prefix(",\"since\":")
        .map(|s| s.bytes().take_while(u8::is_ascii_digit).fold(0u32, |a, d| a.saturating_mul(10).saturating_add((d - b'0') as u32)))
        .unwrap_or(0);
    Some((name, since))
}

#[derive(Deserialize, Default)]
struct RawPort {
    #[serde(default)]
    name: String,
    #[serde(default, rename = "type")]
    ty: Option<String>,
    #[serde(default)]
    type_attr: Option<String>,
    #[serde(default)]
    number_attr: Option<String>,
    #[serde(default)]
    type_list_attr: Option<String>,
    #[serde(default)]
    is_ref: bool,
    #[serde(default)]
    optional: bool,
    #[serde(default)]
    variadic: bool,
    #[serde(default)]
    min: Option<u32>,
    #[serde(default)]
    heterogeneous: bool,
    #[serde(default)]
    alias: Option<String>,
    #[serde(default = "absent")]
    default: Value,
    #[serde(default)]
    kwarg_only: bool,
}

/// Tells a missing `default` key from `"default": null` (TorchScript's `=None`).
fn absent() -> Value {
    Value::String(ABSENT.to_string())
}
const ABSENT: &str = "\u{0}absent";

#[derive(Deserialize)]
struct RawAttr {
    name: String,
    #[serde(rename = "type")]
    kind: String,
    #[serde(default = "absent")]
    default: Value,
    #[serde(default)]
    allowed: Option<Value>,
    #[serde(default)]
    minimum: Option<i64>,
    #[serde(default)]
    required: bool,
}

#[derive(Deserialize)]
struct RawOp {
    name: String,
    #[serde(default)]
    since: Option<u32>,
    #[serde(default)]
    inputs: Vec<RawPort>,
    #[serde(default)]
    outputs: Vec<RawPort>,
    #[serde(default)]
    attrs: Vec<RawAttr>,
    #[serde(default)]
    types: FxHashMap<String, Vec<String>>,
    #[serde(default)]
    args: Vec<RawPort>,
    #[serde(default)]
    returns: Vec<RawPort>,
    #[serde(default)]
    vararg: bool,
    #[serde(default)]
    varret: bool,
    #[serde(default)]
    stateful: bool,
    #[serde(default)]
    deprecated: Option<Value>,
    #[serde(default)]
    schema: Option<String>,
}

fn port(p: RawPort) -> Port {
    Port {
        name: p.name,
        ty: p.ty,
        type_attr: p.type_attr,
        number_attr: p.number_attr,
        type_list_attr: p.type_list_attr,
        is_ref: p.is_ref,
        optional: p.optional,
        variadic: p.variadic,
        min: p.min.unwrap_or(if p.variadic { 1 } else { 0 }),
        heterogeneous: p.heterogeneous,
        alias: p.alias,
        default: if p.default.as_str() == Some(ABSENT) { None } else { Some(p.default) },
        kwarg_only: p.kwarg_only,
    }
}

/// Parses one schema line.
pub fn parse_line(text: &str, framework: Framework) -> Result<OpSchema, String> {
    let raw: RawOp = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let deprecated = match raw.deprecated {
        None | Some(Value::Bool(false)) => None,
        // ONNX: a deprecated schema removes the op from its opset on.
        Some(Value::Bool(true)) => Some(DEPRECATED_REMOVED.to_string()),
        Some(Value::Object(o)) => Some(format!(
            "deprecated at GraphDef version {}: {}",
            o.get("version").map(|v| v.to_string()).unwrap_or_default(),
            o.get("explanation").and_then(Value::as_str).unwrap_or("")
        )),
        Some(other) => Some(other.to_string()),
    };
    let mut type_params: Vec<(String, Vec<String>)> = raw.types.into_iter().collect();
    type_params.sort();
    let attrs = raw
        .attrs
        .into_iter()
        .map(|a| {
            let default = if a.default.as_str() == Some(ABSENT) { None } else { Some(a.default) };
            let required = match framework {
                // An OpDef attr without a default must be set.
                Framework::TensorFlow => default.is_none(),
                _ => a.required,
            };
            let allowed = match a.allowed {
                Some(Value::Array(v)) => Some(v),
                Some(other) => Some(vec![other]),
                None => None,
            };
            AttrSchema { name: a.name, kind: a.kind, default, allowed, minimum: a.minimum, required, constant: None }
        })
        .collect();
    let (inputs, outputs) = if framework == Framework::PyTorch {
        (raw.args.into_iter().map(port).collect(), raw.returns.into_iter().map(port).collect())
    } else {
        (raw.inputs.into_iter().map(port).collect(), raw.outputs.into_iter().map(port).collect())
    };
    Ok(OpSchema {
        name: raw.name,
        since: raw.since,
        inputs,
        outputs,
        attrs,
        type_params,
        vararg: raw.vararg,
        varret: raw.varret,
        stateful: raw.stateful,
        deprecated,
        text: raw.schema,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_keys() {
        assert_eq!(line_key(r#"{"name":"Conv","since":11,"inputs":[]}"#), Some(("Conv", 11)));
        assert_eq!(line_key(r#"{"name":"Conv2D","inputs":[]}"#), Some(("Conv2D", 0)));
        assert_eq!(line_key("garbage"), None);
    }

    #[test]
    fn versioned_lookup() {
        let text: Arc<str> = Arc::from(concat!(
            r#"{"namespace":"amanda/x","framework":"onnx","versioned":"since","first":1,"last":9}"#,
            "\n",
            r#"{"name":"A","since":1,"attrs":[{"name":"k","type":"int","default":1}]}"#,
            "\n",
            r#"{"name":"A","since":5,"attrs":[{"name":"k","type":"int","required":true}]}"#,
            "\n",
            r#"{"name":"A","since":7,"deprecated":true}"#,
            "\n"
        ));
        let f = JsonlFile::new("x.jsonl", text).expect("header");
        let Found::Schema(a1) = f.find("A", Some(3)) else { panic!("A at 3") };
        assert!(!a1.attrs[0].required);
        let Found::Schema(a5) = f.find("A", Some(6)) else { panic!("A at 6") };
        assert!(a5.attrs[0].required);
        assert!(matches!(f.find("A", Some(8)), Found::Removed));
        assert!(matches!(f.find("B", Some(8)), Found::Absent));
    }
}
