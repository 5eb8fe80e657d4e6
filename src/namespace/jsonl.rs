//! Loader for the generated vocabularies in `dialects/` (JSON Lines, written by the scripts in
//! `dialects/gen/`): a header line, then one op schema per line beginning `{"name":"...`.
//!
//! Loading costs nothing up front: the lines are sorted by op name, and where each begins is
//! known (for the built-in files, computed by `build.rs`; see [`super::line_index`]), so a
//! lookup binary-searches those starts (reading the name at the start of a dozen lines), and
//! only the line found is parsed into an [`OpSchema`] (once; parsed schemas are cached). A
//! 10-line input that uses five TensorFlow ops reads the names of about sixty of the 1,900
//! lines and parses five.

use std::borrow::Cow;
use std::sync::{Arc, RwLock};

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

/// A file's text: compiled into the binary (never copied) or read at run time.
pub enum Text {
    Static(&'static str),
    Owned(Arc<str>),
}

impl Text {
    fn as_str(&self) -> &str {
        match self {
            Text::Static(s) => s,
            Text::Owned(s) => s,
        }
    }
}

/// A namespace file: its text, header and line starts. Lines are sorted by op name (then
/// `since`), so a lookup is a binary search over the line starts that reads a dozen names.
pub struct JsonlFile {
    pub path: String,
    pub header: Header,
    text: Text,
    /// Where each op line begins ([`super::line_index::body_line_starts`]).
    starts: Cow<'static, [u32]>,
    framework: Framework,
    /// Parsed schemas by line start.
    cache: RwLock<FxHashMap<u32, Option<Arc<OpSchema>>>>,
}

impl JsonlFile {
    /// Reads the header and finds where the lines begin; lines are parsed when looked up.
    /// Lines not sorted by name (a file written by hand) are sorted first.
    pub fn new(path: &str, text: Text) -> Result<JsonlFile, String> {
        let starts = Cow::Owned(super::line_index::body_line_starts(text.as_str()));
        Self::indexed(path, text, starts)
    }

    /// A built-in file, whose line starts `build.rs` computed.
    pub fn builtin(path: &str, text: &'static str, starts: &'static [u32]) -> Result<JsonlFile, String> {
        Self::indexed(path, Text::Static(text), Cow::Borrowed(starts))
    }

    fn indexed(path: &str, text: Text, starts: Cow<'static, [u32]>) -> Result<JsonlFile, String> {
        let first_end = text.as_str().find('\n').unwrap_or(text.as_str().len());
        let header: Header = serde_json::from_str(&text.as_str()[..first_end])
            .map_err(|e| format!("{}: line 1: bad namespace header: {}", path, e))?;
        let framework = Framework::from_name(&header.framework);
        let mut f = JsonlFile { path: path.to_string(), header, text, starts, framework, cache: RwLock::new(FxHashMap::default()) };
        if matches!(f.text, Text::Owned(_)) && !f.is_sorted() {
            let t = f.text.as_str();
            let mut lines: Vec<&str> = t[(first_end + 1).min(t.len())..].lines().filter(|l| !l.trim().is_empty()).collect();
            lines.sort_by(|a, b| line_key(a).cmp(&line_key(b)));
            let sorted: Arc<str> = Arc::from(format!("{}\n{}\n", &t[..first_end], lines.join("\n")));
            f.starts = Cow::Owned(super::line_index::body_line_starts(&sorted));
            f.text = Text::Owned(sorted);
        }
        Ok(f)
    }

    pub fn framework(&self) -> Framework {
        self.framework
    }

    /// Line `i` of the body: (start, end) without the newline.
    fn line(&self, i: usize) -> (usize, usize) {
        let text = self.text.as_str();
        let start = self.starts[i] as usize;
        (start, text[start..].find('\n').map_or(text.len(), |n| start + n))
    }

    /// The (name, since) of line `i`, read from its first bytes.
    fn key(&self, i: usize) -> Option<(&str, u32)> {
        line_key(&self.text.as_str()[self.starts[i] as usize..])
    }

    /// The lines of `name`: (since, start, end), in file order.
    fn lines_of(&self, name: &str) -> Vec<(u32, usize, usize)> {
        let first = self.starts.partition_point(|&s| matches!(line_key(&self.text.as_str()[s as usize..]), Some((k, _)) if k < name));
        (first..self.starts.len())
            .map_while(|i| match self.key(i) {
                Some((k, since)) if k == name => {
                    let (s, e) = self.line(i);
                    Some((since, s, e))
                }
                _ => None,
            })
            .collect()
    }

    fn parsed(&self, start: usize, end: usize) -> Option<Arc<OpSchema>> {
        if let Ok(cache) = self.cache.read() {
            if let Some(hit) = cache.get(&(start as u32)) {
                return hit.clone();
            }
        }
        let schema = parse_line(&self.text.as_str()[start..end], self.framework).ok().map(Arc::new);
        if let Ok(mut cache) = self.cache.write() {
            cache.insert(start as u32, schema.clone());
        }
        schema
    }

    /// The schema of `name` at `opset` (`None`: the file is not versioned).
    pub fn find(&self, name: &str, opset: Option<u32>) -> Found {
        let lines = self.lines_of(name);
        let line = match opset {
            None => lines.last(),
            Some(v) => lines.iter().rev().find(|l| l.0 <= v),
        };
        let Some(&(_, start, end)) = line else { return Found::Absent };
        match self.parsed(start, end) {
            Some(s) if s.deprecated.as_deref() == Some(DEPRECATED_REMOVED) => Found::Removed,
            Some(s) => Found::Schema(s),
            None => Found::Absent,
        }
    }

    /// Every (name, since, start, end) of the file, in order.
    fn all_lines(&self) -> Vec<(&str, u32, usize, usize)> {
        (0..self.starts.len())
            .filter_map(|i| {
                let (name, since) = self.key(i)?;
                let (s, e) = self.line(i);
                Some((name, since, s, e))
            })
            .collect()
    }

    /// Whether lines are in (name, since) order, as lookups need.
    pub fn is_sorted(&self) -> bool {
        self.all_lines().windows(2).all(|w| (w[0].0, w[0].1) <= (w[1].0, w[1].1))
    }

    /// Every op name the file defines at `opset` (deprecated ones left out).
    pub fn names(&self, opset: Option<u32>) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for (name, _, _, _) in self.all_lines() {
            if out.last().map(String::as_str) == Some(name) {
                continue;
            }
            let ok = match opset {
                None => true,
                Some(_) => matches!(self.find(name, opset), Found::Schema(_)),
            };
            if ok {
                out.push(name.to_string());
            }
        }
        out
    }

    /// The opsets at which `name` has a line (versioned files).
    pub fn versions_of(&self, name: &str) -> Vec<u32> {
        self.lines_of(name).into_iter().map(|l| l.0).collect()
    }

    /// Checks every line parses and the lines are sorted (tests, loading user files).
    pub fn parse_all(&self) -> Result<usize, String> {
        if !self.is_sorted() {
            return Err(format!("{}: lines are not sorted by op name", self.path));
        }
        let lines = self.all_lines();
        for &(name, _, s, e) in &lines {
            parse_line(&self.text.as_str()[s..e], self.framework).map_err(|err| format!("{}: op {}: {}", self.path, name, err))?;
        }
        Ok(lines.len())
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
        let text = Text::Static(concat!(
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

    #[test]
    fn lookup_in_non_ascii_text() {
        // A user's file may hold multi-byte characters; the binary search's midpoints fall
        // inside them at some lengths, and every op must still be found.
        for pad in 0..12 {
            let mut text = String::from("{\"namespace\":\"amanda/u/1\",\"framework\":\"tensorflow\"}\n");
            let names: Vec<String> = (0..40).map(|i| format!("Op{:02}", i)).collect();
            for n in &names {
                text.push_str(&format!("{{\"name\":\"{}\",\"doc\":\"{}\"}}\n", n, "é→".repeat(pad + 1)));
            }
            let f = JsonlFile::new("u.jsonl", Text::Owned(Arc::from(text))).expect("header");
            for n in &names {
                assert!(matches!(f.find(n, None), Found::Schema(_)), "{} with pad {}", n, pad);
            }
            assert!(matches!(f.find("Op99", None), Found::Absent));
        }
    }
}
