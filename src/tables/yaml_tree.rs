//! The YAML tree of a mapping table: nodes that each know their byte range in the file,
//! read with serde-saphyr (`Spanned<T>` at every level). Shared with the build script,
//! which reads the built-in tables into this tree once, at build time, and compiles it
//! into the binary (`tables::builtin_tree`): so it names nothing of the crate but `Span`.

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;

use super::Span;

/// One YAML node and where it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub span: Span,
    pub kind: Kind,
}

#[derive(Clone, Debug, PartialEq)]
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

/// Reads `text` into a tree, with serde-saphyr's error as it gives it.
pub fn read(text: &str) -> Result<Node, serde_saphyr::Error> {
    serde_saphyr::from_str::<Node>(text)
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
