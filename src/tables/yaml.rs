//! A YAML document as a tree of nodes that each know their byte range in the file, so that
//! every later check of a mapping table can point at the line and column it is about.
//! Read with serde-saphyr (`Spanned<T>` at every level).

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;

use crate::diag::Diagnostic;
use crate::ir::Span;

/// One YAML node and where it is.
#[derive(Clone, Debug)]
pub struct Node {
    pub span: Span,
    pub kind: Kind,
}

#[derive(Clone, Debug)]
pub enum Kind {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Seq(Vec<Node>),
    /// Entries in the written order: (key, value).
    Map(Vec<(Node, Node)>),
}

impl Node {
    pub fn new(span: Span, kind: Kind) -> Node {
        Node { span, kind }
    }

    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            Kind::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_map(&self) -> Option<&[(Node, Node)]> {
        match &self.kind {
            Kind::Map(m) => Some(m),
            _ => None,
        }
    }

    pub fn as_seq(&self) -> Option<&[Node]> {
        match &self.kind {
            Kind::Seq(s) => Some(s),
            _ => None,
        }
    }

    /// The value of key `k` of a mapping.
    pub fn get(&self, k: &str) -> Option<&Node> {
        self.as_map()?.iter().find(|(key, _)| key.as_str() == Some(k)).map(|(_, v)| v)
    }

    /// A scalar written as text (numbers and booleans as YAML spells them back).
    pub fn scalar_text(&self) -> Option<String> {
        Some(match &self.kind {
            Kind::Str(s) => s.clone(),
            Kind::Bool(b) => b.to_string(),
            Kind::Int(i) => i.to_string(),
            Kind::Float(f) => format!("{:?}", f),
            Kind::Null => "null".to_string(),
            _ => return None,
        })
    }

    /// What kind of node this is, for messages.
    pub fn what(&self) -> &'static str {
        match self.kind {
            Kind::Null => "null",
            Kind::Bool(_) => "a boolean",
            Kind::Int(_) => "an integer",
            Kind::Float(_) => "a number",
            Kind::Str(_) => "a string",
            Kind::Seq(_) => "a list",
            Kind::Map(_) => "a mapping",
        }
    }
}

/// Parses `text`; a syntax error is a diagnostic at its line and column.
pub fn parse(text: &str) -> Result<Node, Diagnostic> {
    match serde_saphyr::from_str::<Node>(text) {
        Ok(n) => Ok(n),
        Err(e) => {
            let offset = e.location().map(|l| location_offset(text, &l)).unwrap_or(0);
            let msg = e.to_string();
            // saphyr's message ends with its own snippet; keep the first line.
            let mut first = msg.lines().next().unwrap_or("invalid YAML").trim();
            first = first.strip_prefix("error: ").unwrap_or(first);
            if first.starts_with("line ") {
                first = first.split_once(": ").map(|(_, r)| r).unwrap_or(first);
            }
            let first = first.to_string();
            Err(Diagnostic::error(Span::new(offset, offset), format!("invalid YAML: {}", first)))
        }
    }
}

fn location_offset(text: &str, l: &serde_saphyr::Location) -> usize {
    if let Some(b) = l.span().byte_offset() {
        return (b as usize).min(text.len());
    }
    line_col_offset(text, l.line() as usize, l.column() as usize)
}

/// Byte offset of a 1-based line and character column.
fn line_col_offset(text: &str, line: usize, col: usize) -> usize {
    let mut off = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            let c = l.char_indices().nth(col.saturating_sub(1)).map(|(b, _)| b).unwrap_or(l.len());
            return off + c;
        }
        off += l.len();
    }
    text.len()
}

fn span_of<T>(s: &Spanned<T>) -> Span {
    let sp = s.referenced.span();
    match (sp.byte_offset(), sp.byte_len()) {
        (Some(o), Some(l)) => Span::new(o as usize, (o + l) as usize),
        (Some(o), None) => Span::new(o as usize, o as usize),
        _ => Span::default(),
    }
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = Spanned::<Kind>::deserialize(d)?;
        let span = span_of(&s);
        Ok(Node { span, kind: s.value })
    }
}

impl<'de> Deserialize<'de> for Kind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(KindVisitor)
    }
}

struct KindVisitor;

impl<'de> Visitor<'de> for KindVisitor {
    type Value = Kind;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a YAML value")
    }
    fn visit_unit<E: de::Error>(self) -> Result<Kind, E> {
        Ok(Kind::Null)
    }
    fn visit_none<E: de::Error>(self) -> Result<Kind, E> {
        Ok(Kind::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Kind, D::Error> {
        Kind::deserialize(d)
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Kind, E> {
        Ok(Kind::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Kind, E> {
        Ok(Kind::Int(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Kind, E> {
        Ok(i64::try_from(v).map(Kind::Int).unwrap_or(Kind::Float(v as f64)))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Kind, E> {
        Ok(Kind::Float(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Kind, E> {
        Ok(Kind::Str(v.to_string()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Kind, E> {
        Ok(Kind::Str(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Kind, A::Error> {
        let mut out = Vec::new();
        while let Some(n) = a.next_element::<Node>()? {
            out.push(n);
        }
        Ok(Kind::Seq(out))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Kind, A::Error> {
        let mut out = Vec::new();
        while let Some(k) = a.next_key::<Node>()? {
            let v = a.next_value::<Node>()?;
            out.push((k, v));
        }
        Ok(Kind::Map(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_know_where_they_are() {
        let text = "table:\n  src: a/b\n  rules:\n    - rule_name: r\n      x: 1\n";
        let n = parse(text).unwrap();
        let t = n.get("table").unwrap();
        let src = t.get("src").unwrap();
        assert_eq!(src.as_str(), Some("a/b"));
        assert_eq!(&text[src.span.range()], "a/b");
        let rule = &t.get("rules").unwrap().as_seq().unwrap()[0];
        let x = rule.get("x").unwrap();
        assert!(matches!(x.kind, Kind::Int(1)));
        assert_eq!(&text[x.span.range()], "1");
        let (k, _) = &rule.as_map().unwrap()[0];
        assert_eq!(&text[k.span.range()], "rule_name");
    }

    #[test]
    fn syntax_errors_have_a_place() {
        let text = "table:\n  src: [a, b\n  dst: c\n";
        let d = parse(text).unwrap_err();
        assert!(d.message.starts_with("invalid YAML"), "{}", d.message);
        assert!(d.span.unwrap().start > 0);
    }
}
