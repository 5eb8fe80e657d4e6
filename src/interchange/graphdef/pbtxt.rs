//! Protobuf text format (`.pbtxt`) for the GraphDef messages of [`super::proto`]: a parser
//! (protobuf's text grammar: `name: value`, `name { ... }` / `name < ... >`, `[a, b]` lists,
//! adjacent string concatenation, `#` comments) and a printer that writes what protobuf's C++
//! `TextFormat` writes (TensorFlow's `.pbtxt`): fields by tag number, map entries by key,
//! 2-space indent, bytes with C escapes (octal for non-printable bytes), floats the shortest
//! `%g` that reads back (`SimpleFtoa`/`SimpleDtoa`), enums by name.

// Field setters read `"name" => Ok(self.name = r.string()?)`: one line per field.
#![allow(clippy::unit_arg)]

use super::proto::*;
use std::collections::BTreeMap;

type Res<T> = Result<T, String>;

// ---------------------------------------------------------------------------------------------
// Enum names.

/// `DataType` names by number (the `_REF` variants are these plus 100).
const DATA_TYPES: &[(&str, i32)] = &[
    ("DT_INVALID", 0), ("DT_FLOAT", 1), ("DT_DOUBLE", 2), ("DT_INT32", 3), ("DT_UINT8", 4),
    ("DT_INT16", 5), ("DT_INT8", 6), ("DT_STRING", 7), ("DT_COMPLEX64", 8), ("DT_INT64", 9),
    ("DT_BOOL", 10), ("DT_QINT8", 11), ("DT_QUINT8", 12), ("DT_QINT32", 13), ("DT_BFLOAT16", 14),
    ("DT_QINT16", 15), ("DT_QUINT16", 16), ("DT_UINT16", 17), ("DT_COMPLEX128", 18), ("DT_HALF", 19),
    ("DT_RESOURCE", 20), ("DT_VARIANT", 21), ("DT_UINT32", 22), ("DT_UINT64", 23),
    ("DT_FLOAT8_E5M2", 24), ("DT_FLOAT8_E4M3FN", 25), ("DT_FLOAT8_E4M3FNUZ", 26),
    ("DT_FLOAT8_E4M3B11FNUZ", 27), ("DT_FLOAT8_E5M2FNUZ", 28), ("DT_INT4", 29), ("DT_UINT4", 30),
    ("DT_INT2", 31), ("DT_UINT2", 32), ("DT_FLOAT4_E2M1FN", 33),
];

const FULL_TYPE_IDS: &[(&str, i32)] = &[
    ("TFT_UNSET", 0), ("TFT_VAR", 1), ("TFT_ANY", 2), ("TFT_PRODUCT", 3), ("TFT_NAMED", 4),
    ("TFT_FOR_EACH", 20), ("TFT_CALLABLE", 100), ("TFT_TENSOR", 1000), ("TFT_ARRAY", 1001),
    ("TFT_OPTIONAL", 1002), ("TFT_LITERAL", 1003), ("TFT_ENCODED", 1004), ("TFT_SHAPE_TENSOR", 1005),
    ("TFT_BOOL", 200), ("TFT_UINT8", 201), ("TFT_UINT16", 202), ("TFT_UINT32", 203), ("TFT_UINT64", 204),
    ("TFT_INT8", 205), ("TFT_INT16", 206), ("TFT_INT32", 207), ("TFT_INT64", 208), ("TFT_HALF", 209),
    ("TFT_FLOAT", 210), ("TFT_DOUBLE", 211), ("TFT_BFLOAT16", 215), ("TFT_COMPLEX64", 212),
    ("TFT_COMPLEX128", 213), ("TFT_STRING", 214), ("TFT_DATASET", 10102), ("TFT_RAGGED", 10103),
    ("TFT_ITERATOR", 10104), ("TFT_MUTEX_LOCK", 10202), ("TFT_LEGACY_VARIANT", 10203),
];

/// The name of a `DataType` number (`DT_FLOAT_REF` for 101), if it has one.
pub fn data_type_name(v: i32) -> Option<String> {
    let (base, suffix) = if v > 100 { (v - 100, "_REF") } else { (v, "") };
    if v > 100 && base == 0 {
        return None;
    }
    DATA_TYPES.iter().find(|(_, n)| *n == base).map(|(s, _)| format!("{s}{suffix}"))
}

/// The number of a `DataType` name.
pub fn data_type_number(name: &str) -> Option<i32> {
    let (base, add) = match name.strip_suffix("_REF") {
        Some(b) => (b, 100),
        None => (name, 0),
    };
    DATA_TYPES.iter().find(|(s, n)| *s == base && !(add == 100 && *n == 0)).map(|(_, n)| n + add)
}

pub fn full_type_name(v: i32) -> Option<&'static str> {
    FULL_TYPE_IDS.iter().find(|(_, n)| *n == v).map(|(s, _)| *s)
}

pub fn full_type_number(name: &str) -> Option<i32> {
    FULL_TYPE_IDS.iter().find(|(s, _)| *s == name).map(|(_, n)| *n)
}

// ---------------------------------------------------------------------------------------------
// Printing.

/// Builds text-format output.
#[derive(Default)]
pub struct Printer {
    out: String,
    indent: usize,
}

impl Printer {
    fn pad(&mut self) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }
    fn line(&mut self, name: &str, value: &str) {
        self.pad();
        self.out.push_str(name);
        self.out.push_str(": ");
        self.out.push_str(value);
        self.out.push('\n');
    }
    fn msg<M: TextMessage>(&mut self, name: &str, m: &M) {
        self.pad();
        self.out.push_str(name);
        self.out.push_str(" {\n");
        self.indent += 1;
        m.print_fields(self);
        self.indent -= 1;
        self.pad();
        self.out.push_str("}\n");
    }
    fn with(&mut self, name: &str, f: impl FnOnce(&mut Printer)) {
        self.pad();
        self.out.push_str(name);
        self.out.push_str(" {\n");
        self.indent += 1;
        f(self);
        self.indent -= 1;
        self.pad();
        self.out.push_str("}\n");
    }
    fn bytes(&mut self, name: &str, v: &[u8]) {
        let s = quote(v);
        self.line(name, &s);
    }
    fn opt_bytes(&mut self, name: &str, v: &[u8]) {
        if !v.is_empty() {
            self.bytes(name, v);
        }
    }
    fn opt_int<T: Default + PartialEq + ToString>(&mut self, name: &str, v: T) {
        if v != T::default() {
            self.line(name, &v.to_string());
        }
    }
    fn opt_bool(&mut self, name: &str, v: bool) {
        if v {
            self.line(name, "true");
        }
    }
    fn dtype(&mut self, name: &str, v: i32) {
        let s = data_type_name(v).unwrap_or_else(|| v.to_string());
        self.line(name, &s);
    }
    fn opt_dtype(&mut self, name: &str, v: i32) {
        if v != 0 {
            self.dtype(name, v);
        }
    }
    fn strs(&mut self, name: &str, v: &[String]) {
        for s in v {
            self.bytes(name, s.as_bytes());
        }
    }
    fn attr_map(&mut self, name: &str, m: &BTreeMap<String, AttrValue>) {
        for (k, v) in m {
            self.with(name, |p| {
                p.bytes("key", k.as_bytes());
                p.msg("value", v);
            });
        }
    }
    fn str_map(&mut self, name: &str, m: &BTreeMap<String, String>) {
        for (k, v) in m {
            self.with(name, |p| {
                p.bytes("key", k.as_bytes());
                p.bytes("value", v.as_bytes());
            });
        }
    }
}

/// Prints a message in text format.
pub fn print<M: TextMessage>(m: &M) -> String {
    let mut p = Printer::default();
    m.print_fields(&mut p);
    p.out
}

/// `"..."` with protobuf's C escapes (`CEscape`).
pub fn quote(v: &[u8]) -> String {
    let mut s = String::with_capacity(v.len() + 2);
    s.push('"');
    for &b in v {
        match b {
            b'\n' => s.push_str("\\n"),
            b'\r' => s.push_str("\\r"),
            b'\t' => s.push_str("\\t"),
            b'"' => s.push_str("\\\""),
            b'\'' => s.push_str("\\'"),
            b'\\' => s.push_str("\\\\"),
            0x20..=0x7e => s.push(b as char),
            _ => s.push_str(&format!("\\{:03o}", b)),
        }
    }
    s.push('"');
    s
}

/// C's `%.{prec}g`.
fn fmt_g(x: f64, prec: usize) -> String {
    let e = format!("{:.*e}", prec - 1, x);
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if exp < -4 || exp >= prec as i32 {
        let mant = strip_zeros(mant);
        format!("{mant}e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())
    } else {
        let decimals = (prec as i32 - 1 - exp).max(0) as usize;
        strip_zeros(&format!("{:.*}", decimals, x)).to_string()
    }
}

fn strip_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

/// A float as protobuf prints it (`SimpleFtoa`).
pub fn format_float(v: f32) -> String {
    if v.is_nan() {
        return "nan".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "inf".into() } else { "-inf".into() };
    }
    let s = fmt_g(v as f64, 6);
    if s.parse::<f32>().ok() == Some(v) {
        s
    } else {
        fmt_g(v as f64, 9)
    }
}

/// A double as protobuf prints it (`SimpleDtoa`).
pub fn format_double(v: f64) -> String {
    if v.is_nan() {
        return "nan".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "inf".into() } else { "-inf".into() };
    }
    let s = fmt_g(v, 15);
    if s.parse::<f64>().ok() == Some(v) {
        s
    } else {
        fmt_g(v, 17)
    }
}

// ---------------------------------------------------------------------------------------------
// Parsing.

/// A scalar token.
#[derive(Debug, Clone)]
enum Tok {
    Ident(String),
    /// A number as written, sign included.
    Num(String),
    Str(Vec<u8>),
}

/// Reads text format.
pub struct Reader<'a> {
    src: &'a [u8],
    pos: usize,
    depth: usize,
    /// Where the field being read starts (for "no field named" errors).
    field_start: usize,
}

impl<'a> Reader<'a> {
    pub fn new(src: &'a [u8]) -> Self {
        Reader { src, pos: 0, depth: 0, field_start: 0 }
    }

    fn err<T>(&self, msg: impl std::fmt::Display) -> Res<T> {
        let before = &self.src[..self.pos.min(self.src.len())];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let col = before.len() - before.iter().rposition(|&b| b == b'\n').map(|i| i + 1).unwrap_or(0) + 1;
        Err(format!("{line}:{col}: {msg}"))
    }

    fn skip_ws(&mut self) {
        while self.pos < self.src.len() {
            match self.src[self.pos] {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => self.pos += 1,
                b'#' => {
                    while self.pos < self.src.len() && self.src[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.src.get(self.pos).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: u8) -> Res<()> {
        if self.eat(c) {
            Ok(())
        } else {
            self.err(format!("expected '{}'", c as char))
        }
    }

    fn ident(&mut self) -> Res<String> {
        self.skip_ws();
        let start = self.pos;
        while self.pos < self.src.len() && (self.src[self.pos].is_ascii_alphanumeric() || self.src[self.pos] == b'_') {
            self.pos += 1;
        }
        if start == self.pos {
            return self.err("expected an identifier");
        }
        Ok(String::from_utf8_lossy(&self.src[start..self.pos]).into_owned())
    }

    fn quoted(&mut self) -> Res<Vec<u8>> {
        let q = self.src[self.pos];
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            let Some(&c) = self.src.get(self.pos) else { return self.err("unterminated string") };
            self.pos += 1;
            if c == q {
                return Ok(out);
            }
            if c == b'\n' {
                return self.err("newline in string");
            }
            if c != b'\\' {
                out.push(c);
                continue;
            }
            let Some(&e) = self.src.get(self.pos) else { return self.err("unterminated string") };
            self.pos += 1;
            match e {
                b'n' => out.push(b'\n'),
                b'r' => out.push(b'\r'),
                b't' => out.push(b'\t'),
                b'a' => out.push(7),
                b'b' => out.push(8),
                b'f' => out.push(12),
                b'v' => out.push(11),
                b'?' => out.push(b'?'),
                b'\\' | b'\'' | b'"' => out.push(e),
                b'0'..=b'7' => {
                    let mut v = (e - b'0') as u32;
                    for _ in 0..2 {
                        match self.src.get(self.pos) {
                            Some(&d @ b'0'..=b'7') => {
                                v = v * 8 + (d - b'0') as u32;
                                self.pos += 1;
                            }
                            _ => break,
                        }
                    }
                    out.push(v as u8);
                }
                b'x' | b'X' => {
                    let mut v = 0u32;
                    let mut n = 0;
                    while n < 2 {
                        match self.src.get(self.pos).and_then(|d| (*d as char).to_digit(16)) {
                            Some(d) => {
                                v = v * 16 + d;
                                self.pos += 1;
                                n += 1;
                            }
                            None => break,
                        }
                    }
                    if n == 0 {
                        return self.err("bad \\x escape");
                    }
                    out.push(v as u8);
                }
                b'u' | b'U' => {
                    let len = if e == b'u' { 4 } else { 8 };
                    let hex = self.src.get(self.pos..self.pos + len).and_then(|h| std::str::from_utf8(h).ok());
                    let Some(c) = hex.and_then(|h| u32::from_str_radix(h, 16).ok()).and_then(char::from_u32) else {
                        return self.err("bad unicode escape");
                    };
                    self.pos += len;
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                _ => return self.err(format!("unknown escape '\\{}'", e as char)),
            }
        }
    }

    fn token(&mut self) -> Res<Tok> {
        match self.peek() {
            Some(b'"') | Some(b'\'') => {
                let mut s = self.quoted()?;
                while matches!(self.peek(), Some(b'"') | Some(b'\'')) {
                    s.extend(self.quoted()?);
                }
                Ok(Tok::Str(s))
            }
            Some(b'-') => {
                self.pos += 1;
                match self.token()? {
                    Tok::Num(n) => Ok(Tok::Num(format!("-{n}"))),
                    Tok::Ident(i) => Ok(Tok::Num(format!("-{i}"))),
                    Tok::Str(_) => self.err("'-' before a string"),
                }
            }
            Some(c) if c.is_ascii_digit() || c == b'.' => {
                let start = self.pos;
                while self.pos < self.src.len() {
                    let c = self.src[self.pos];
                    let exp_sign = (c == b'-' || c == b'+')
                        && matches!(self.src[self.pos - 1], b'e' | b'E')
                        && !self.src[start..].starts_with(b"0x");
                    if c.is_ascii_alphanumeric() || c == b'.' || exp_sign {
                        self.pos += 1;
                    } else {
                        break;
                    }
                }
                Ok(Tok::Num(String::from_utf8_lossy(&self.src[start..self.pos]).into_owned()))
            }
            Some(c) if c.is_ascii_alphabetic() || c == b'_' => Ok(Tok::Ident(self.ident()?)),
            Some(c) => self.err(format!("unexpected '{}'", c as char)),
            None => self.err("unexpected end of input"),
        }
    }

    /// `: value` or `: [v, v]` for a scalar field; the values read.
    fn scalars<T>(&mut self, mut conv: impl FnMut(&mut Self, Tok) -> Res<T>) -> Res<Vec<T>> {
        self.expect(b':')?;
        let mut out = Vec::new();
        if self.eat(b'[') {
            if self.eat(b']') {
                return Ok(out);
            }
            loop {
                let t = self.token()?;
                out.push(conv(self, t)?);
                if self.eat(b']') {
                    break;
                }
                self.expect(b',')?;
            }
        } else {
            let t = self.token()?;
            out.push(conv(self, t)?);
        }
        Ok(out)
    }

    fn last<T>(&mut self, v: Vec<T>) -> Res<T> {
        match v.into_iter().last() {
            Some(x) => Ok(x),
            None => self.err("expected a value"),
        }
    }

    fn conv_bytes(&mut self, t: Tok) -> Res<Vec<u8>> {
        match t {
            Tok::Str(s) => Ok(s),
            _ => self.err("expected a string"),
        }
    }
    fn conv_string(&mut self, t: Tok) -> Res<String> {
        let b = self.conv_bytes(t)?;
        match String::from_utf8(b) {
            Ok(s) => Ok(s),
            Err(_) => self.err("string field is not valid UTF-8"),
        }
    }
    fn conv_int(&mut self, t: Tok) -> Res<i128> {
        let Tok::Num(n) = t else { return self.err("expected an integer") };
        let (neg, body) = match n.strip_prefix('-') {
            Some(b) => (true, b),
            None => (false, n.as_str()),
        };
        let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
            u128::from_str_radix(h, 16).ok()
        } else if body.len() > 1 && body.starts_with('0') {
            u128::from_str_radix(&body[1..], 8).ok()
        } else {
            body.parse::<u128>().ok()
        };
        match v {
            Some(v) if v <= u64::MAX as u128 => Ok(if neg { -(v as i128) } else { v as i128 }),
            _ => self.err(format!("invalid integer '{n}'")),
        }
    }
    fn int<T: TryFrom<i128>>(&mut self, t: Tok) -> Res<T> {
        let v = self.conv_int(t)?;
        match T::try_from(v) {
            Ok(x) => Ok(x),
            Err(_) => self.err(format!("integer {v} out of range")),
        }
    }
    fn conv_f64(&mut self, t: Tok) -> Res<f64> {
        let s = match t {
            Tok::Num(n) => n,
            Tok::Ident(i) => i,
            Tok::Str(_) => return self.err("expected a number"),
        };
        let (neg, body) = match s.strip_prefix('-') {
            Some(b) => (true, b.to_string()),
            None => (false, s.clone()),
        };
        let lower = body.to_ascii_lowercase();
        let v = match lower.as_str() {
            "inf" | "infinity" => Some(f64::INFINITY),
            "nan" => Some(f64::NAN),
            _ => {
                let trimmed = lower.strip_suffix('f').unwrap_or(&lower);
                if let Some(h) = trimmed.strip_prefix("0x") {
                    u64::from_str_radix(h, 16).ok().map(|v| v as f64)
                } else {
                    trimmed.parse::<f64>().ok()
                }
            }
        };
        match v {
            Some(v) => Ok(if neg { -v } else { v }),
            None => self.err(format!("invalid number '{s}'")),
        }
    }
    fn conv_f32(&mut self, t: Tok) -> Res<f32> {
        Ok(self.conv_f64(t)? as f32)
    }
    fn conv_bool(&mut self, t: Tok) -> Res<bool> {
        match &t {
            Tok::Ident(i) if i == "true" || i == "True" || i == "t" => Ok(true),
            Tok::Ident(i) if i == "false" || i == "False" || i == "f" => Ok(false),
            Tok::Num(n) if n == "1" => Ok(true),
            Tok::Num(n) if n == "0" => Ok(false),
            _ => self.err("expected a boolean"),
        }
    }
    fn conv_dtype(&mut self, t: Tok) -> Res<i32> {
        match t {
            Tok::Ident(i) => match data_type_number(&i) {
                Some(v) => Ok(v),
                None => self.err(format!("unknown DataType '{i}'")),
            },
            t => self.int(t),
        }
    }
    fn conv_full_type(&mut self, t: Tok) -> Res<i32> {
        match t {
            Tok::Ident(i) => match full_type_number(&i) {
                Some(v) => Ok(v),
                None => self.err(format!("unknown FullTypeId '{i}'")),
            },
            t => self.int(t),
        }
    }

    // Field helpers used by the message impls.
    fn string(&mut self) -> Res<String> {
        let v = self.scalars(Self::conv_string)?;
        self.last(v)
    }
    fn strings(&mut self, into: &mut Vec<String>) -> Res<()> {
        into.extend(self.scalars(Self::conv_string)?);
        Ok(())
    }
    fn bytes(&mut self) -> Res<Vec<u8>> {
        let v = self.scalars(Self::conv_bytes)?;
        self.last(v)
    }
    fn i<T: TryFrom<i128>>(&mut self) -> Res<T> {
        let v = self.scalars(Self::int::<T>)?;
        self.last(v)
    }
    fn ints<T: TryFrom<i128>>(&mut self, into: &mut Vec<T>) -> Res<()> {
        into.extend(self.scalars(Self::int::<T>)?);
        Ok(())
    }
    fn boolean(&mut self) -> Res<bool> {
        let v = self.scalars(Self::conv_bool)?;
        self.last(v)
    }
    fn dtype(&mut self) -> Res<i32> {
        let v = self.scalars(Self::conv_dtype)?;
        self.last(v)
    }

    /// `[:] { fields }` or `[:] < fields >`, each field handed to `f`.
    fn fields(&mut self, mut f: impl FnMut(&str, &mut Self) -> Res<()>) -> Res<()> {
        self.eat(b':');
        let close = if self.eat(b'{') {
            b'}'
        } else if self.eat(b'<') {
            b'>'
        } else {
            return self.err("expected '{'");
        };
        self.depth += 1;
        if self.depth > 200 {
            return self.err("message nesting is too deep");
        }
        loop {
            if self.eat(close) {
                break;
            }
            if self.peek().is_none() {
                return self.err(format!("expected '{}'", close as char));
            }
            self.field_start = self.pos;
            let name = self.ident()?;
            f(&name, self)?;
            if !self.eat(b',') {
                self.eat(b';');
            }
        }
        self.depth -= 1;
        Ok(())
    }

    fn message<M: TextMessage>(&mut self, m: &mut M) -> Res<()> {
        self.fields(|n, r| m.parse_field(n, r))
    }

    fn opt_message<M: TextMessage>(&mut self, m: &mut Option<M>) -> Res<()> {
        self.message(m.get_or_insert_with(M::default))
    }

    /// A repeated message field: one `{...}` or a `[{...}, {...}]` list.
    fn messages<M: TextMessage>(&mut self, into: &mut Vec<M>) -> Res<()> {
        let save = self.pos;
        if self.eat(b':') && self.eat(b'[') {
            if self.eat(b']') {
                return Ok(());
            }
            loop {
                let mut m = M::default();
                self.message(&mut m)?;
                into.push(m);
                if self.eat(b']') {
                    return Ok(());
                }
                self.expect(b',')?;
            }
        }
        self.pos = save;
        let mut m = M::default();
        self.message(&mut m)?;
        into.push(m);
        Ok(())
    }

    fn map_entry<K: Default, V: Default>(
        &mut self,
        mut key: impl FnMut(&mut Self) -> Res<K>,
        mut value: impl FnMut(&mut Self, &mut V) -> Res<()>,
    ) -> Res<(K, V)> {
        let mut k = K::default();
        let mut v = V::default();
        self.fields(|n, r| match n {
            "key" => {
                k = key(r)?;
                Ok(())
            }
            "value" => value(r, &mut v),
            _ => r.err(format!("unknown field '{n}' in a map entry")),
        })?;
        Ok((k, v))
    }

    fn attr_map(&mut self, m: &mut BTreeMap<String, AttrValue>) -> Res<()> {
        let (k, v) = self.map_entry(|r| r.string(), |r, v: &mut AttrValue| r.message(v))?;
        m.insert(k, v);
        Ok(())
    }

    fn str_map(&mut self, m: &mut BTreeMap<String, String>) -> Res<()> {
        let (k, v) = self.map_entry(|r| r.string(), |r, v: &mut String| {
            *v = r.string()?;
            Ok(())
        })?;
        m.insert(k, v);
        Ok(())
    }
}

fn unknown<T>(r: &mut Reader, msg: &str, name: &str) -> Res<T> {
    r.pos = r.field_start;
    r.skip_ws();
    r.err(format!("message {msg} has no field named \"{name}\""))
}

/// Parses a message from text format.
pub fn parse<M: TextMessage>(text: &[u8]) -> Res<M> {
    let mut r = Reader::new(text);
    let mut m = M::default();
    loop {
        if r.peek().is_none() {
            return Ok(m);
        }
        r.field_start = r.pos;
        let name = r.ident()?;
        m.parse_field(&name, &mut r)?;
        if !r.eat(b',') {
            r.eat(b';');
        }
    }
}

/// A message with a text form.
pub trait TextMessage: Default {
    fn print_fields(&self, p: &mut Printer);
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()>;
}

// ---------------------------------------------------------------------------------------------
// The messages.

impl TextMessage for GraphDef {
    fn print_fields(&self, p: &mut Printer) {
        for n in &self.node {
            p.msg("node", n);
        }
        if let Some(l) = &self.library {
            p.msg("library", l);
        }
        p.opt_int("version", self.version);
        if let Some(v) = &self.versions {
            p.msg("versions", v);
        }
        if let Some(d) = &self.debug_info {
            p.msg("debug_info", d);
        }
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "node" => r.messages(&mut self.node),
            "library" => r.opt_message(&mut self.library),
            "version" => Ok(self.version = r.i()?),
            "versions" => r.opt_message(&mut self.versions),
            "debug_info" => r.opt_message(&mut self.debug_info),
            _ => unknown(r, "GraphDef", name),
        }
    }
}

impl TextMessage for NodeDef {
    fn print_fields(&self, p: &mut Printer) {
        p.opt_bytes("name", self.name.as_bytes());
        p.opt_bytes("op", self.op.as_bytes());
        p.strs("input", &self.input);
        p.opt_bytes("device", self.device.as_bytes());
        p.attr_map("attr", &self.attr);
        if let Some(d) = &self.experimental_debug_info {
            p.msg("experimental_debug_info", d);
        }
        if let Some(t) = &self.experimental_type {
            p.msg("experimental_type", t);
        }
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "name" => Ok(self.name = r.string()?),
            "op" => Ok(self.op = r.string()?),
            "input" => r.strings(&mut self.input),
            "device" => Ok(self.device = r.string()?),
            "attr" => r.attr_map(&mut self.attr),
            "experimental_debug_info" => r.opt_message(&mut self.experimental_debug_info),
            "experimental_type" => r.opt_message(&mut self.experimental_type),
            _ => unknown(r, "NodeDef", name),
        }
    }
}

impl TextMessage for ExperimentalDebugInfo {
    fn print_fields(&self, p: &mut Printer) {
        p.strs("original_node_names", &self.original_node_names);
        p.strs("original_func_names", &self.original_func_names);
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "original_node_names" => r.strings(&mut self.original_node_names),
            "original_func_names" => r.strings(&mut self.original_func_names),
            _ => unknown(r, "ExperimentalDebugInfo", name),
        }
    }
}

impl TextMessage for AttrValue {
    fn print_fields(&self, p: &mut Printer) {
        use attr_value::Value;
        match &self.value {
            None => {}
            Some(Value::List(l)) => p.msg("list", l),
            Some(Value::S(s)) => p.bytes("s", s),
            Some(Value::I(i)) => p.line("i", &i.to_string()),
            Some(Value::F(f)) => p.line("f", &format_float(*f)),
            Some(Value::B(b)) => p.line("b", if *b { "true" } else { "false" }),
            Some(Value::Type(t)) => p.dtype("type", *t),
            Some(Value::Shape(s)) => p.msg("shape", s),
            Some(Value::Tensor(t)) => p.msg("tensor", t),
            Some(Value::Placeholder(s)) => p.bytes("placeholder", s.as_bytes()),
            Some(Value::Func(f)) => p.msg("func", f),
        }
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        use attr_value::Value;
        self.value = Some(match name {
            "list" => {
                let mut l = ListValue::default();
                r.message(&mut l)?;
                Value::List(l)
            }
            "s" => Value::S(r.bytes()?),
            "i" => Value::I(r.i()?),
            "f" => {
                let v = r.scalars(Reader::conv_f32)?;
                Value::F(r.last(v)?)
            }
            "b" => Value::B(r.boolean()?),
            "type" => Value::Type(r.dtype()?),
            "shape" => {
                let mut s = TensorShapeProto::default();
                r.message(&mut s)?;
                Value::Shape(s)
            }
            "tensor" => {
                let mut t = TensorProto::default();
                r.message(&mut t)?;
                Value::Tensor(t)
            }
            "placeholder" => Value::Placeholder(r.string()?),
            "func" => {
                let mut f = NameAttrList::default();
                r.message(&mut f)?;
                Value::Func(f)
            }
            _ => return unknown(r, "AttrValue", name),
        });
        Ok(())
    }
}

impl TextMessage for ListValue {
    fn print_fields(&self, p: &mut Printer) {
        for s in &self.s {
            p.bytes("s", s);
        }
        for i in &self.i {
            p.line("i", &i.to_string());
        }
        for f in &self.f {
            p.line("f", &format_float(*f));
        }
        for b in &self.b {
            p.line("b", if *b { "true" } else { "false" });
        }
        for t in &self.r#type {
            p.dtype("type", *t);
        }
        for s in &self.shape {
            p.msg("shape", s);
        }
        for t in &self.tensor {
            p.msg("tensor", t);
        }
        for f in &self.func {
            p.msg("func", f);
        }
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "s" => Ok(self.s.extend(r.scalars(Reader::conv_bytes)?)),
            "i" => r.ints(&mut self.i),
            "f" => Ok(self.f.extend(r.scalars(Reader::conv_f32)?)),
            "b" => Ok(self.b.extend(r.scalars(Reader::conv_bool)?)),
            "type" => Ok(self.r#type.extend(r.scalars(Reader::conv_dtype)?)),
            "shape" => r.messages(&mut self.shape),
            "tensor" => r.messages(&mut self.tensor),
            "func" => r.messages(&mut self.func),
            _ => unknown(r, "ListValue", name),
        }
    }
}

impl TextMessage for NameAttrList {
    fn print_fields(&self, p: &mut Printer) {
        p.opt_bytes("name", self.name.as_bytes());
        p.attr_map("attr", &self.attr);
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "name" => Ok(self.name = r.string()?),
            "attr" => r.attr_map(&mut self.attr),
            _ => unknown(r, "NameAttrList", name),
        }
    }
}

impl TextMessage for TensorShapeProto {
    fn print_fields(&self, p: &mut Printer) {
        for d in &self.dim {
            p.msg("dim", d);
        }
        p.opt_bool("unknown_rank", self.unknown_rank);
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "dim" => r.messages(&mut self.dim),
            "unknown_rank" => Ok(self.unknown_rank = r.boolean()?),
            _ => unknown(r, "TensorShapeProto", name),
        }
    }
}

impl TextMessage for Dim {
    fn print_fields(&self, p: &mut Printer) {
        p.opt_int("size", self.size);
        p.opt_bytes("name", self.name.as_bytes());
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "size" => Ok(self.size = r.i()?),
            "name" => Ok(self.name = r.string()?),
            _ => unknown(r, "TensorShapeProto.Dim", name),
        }
    }
}

impl TextMessage for TensorProto {
    fn print_fields(&self, p: &mut Printer) {
        p.opt_dtype("dtype", self.dtype);
        if let Some(s) = &self.tensor_shape {
            p.msg("tensor_shape", s);
        }
        p.opt_int("version_number", self.version_number);
        p.opt_bytes("tensor_content", &self.tensor_content);
        for v in &self.float_val {
            p.line("float_val", &format_float(*v));
        }
        for v in &self.double_val {
            p.line("double_val", &format_double(*v));
        }
        for v in &self.int_val {
            p.line("int_val", &v.to_string());
        }
        for v in &self.string_val {
            p.bytes("string_val", v);
        }
        for v in &self.scomplex_val {
            p.line("scomplex_val", &format_float(*v));
        }
        for v in &self.int64_val {
            p.line("int64_val", &v.to_string());
        }
        for v in &self.bool_val {
            p.line("bool_val", if *v { "true" } else { "false" });
        }
        for v in &self.dcomplex_val {
            p.line("dcomplex_val", &format_double(*v));
        }
        for v in &self.half_val {
            p.line("half_val", &v.to_string());
        }
        for v in &self.resource_handle_val {
            p.msg("resource_handle_val", v);
        }
        for v in &self.variant_val {
            p.msg("variant_val", v);
        }
        for v in &self.uint32_val {
            p.line("uint32_val", &v.to_string());
        }
        for v in &self.uint64_val {
            p.line("uint64_val", &v.to_string());
        }
        p.opt_bytes("float8_val", &self.float8_val);
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "dtype" => Ok(self.dtype = r.dtype()?),
            "tensor_shape" => r.opt_message(&mut self.tensor_shape),
            "version_number" => Ok(self.version_number = r.i()?),
            "tensor_content" => Ok(self.tensor_content = r.bytes()?.into()),
            "half_val" => r.ints(&mut self.half_val),
            "float_val" => Ok(self.float_val.extend(r.scalars(Reader::conv_f32)?)),
            "double_val" => Ok(self.double_val.extend(r.scalars(Reader::conv_f64)?)),
            "int_val" => r.ints(&mut self.int_val),
            "string_val" => Ok(self.string_val.extend(r.scalars(Reader::conv_bytes)?)),
            "scomplex_val" => Ok(self.scomplex_val.extend(r.scalars(Reader::conv_f32)?)),
            "int64_val" => r.ints(&mut self.int64_val),
            "bool_val" => Ok(self.bool_val.extend(r.scalars(Reader::conv_bool)?)),
            "dcomplex_val" => Ok(self.dcomplex_val.extend(r.scalars(Reader::conv_f64)?)),
            "resource_handle_val" => r.messages(&mut self.resource_handle_val),
            "variant_val" => r.messages(&mut self.variant_val),
            "uint32_val" => r.ints(&mut self.uint32_val),
            "uint64_val" => r.ints(&mut self.uint64_val),
            "float8_val" => Ok(self.float8_val = r.bytes()?),
            _ => unknown(r, "TensorProto", name),
        }
    }
}

impl TextMessage for ResourceHandleProto {
    fn print_fields(&self, p: &mut Printer) {
        p.opt_bytes("device", self.device.as_bytes());
        p.opt_bytes("container", self.container.as_bytes());
        p.opt_bytes("name", self.name.as_bytes());
        p.opt_int("hash_code", self.hash_code);
        p.opt_bytes("maybe_type_name", self.maybe_type_name.as_bytes());
        for d in &self.dtypes_and_shapes {
            p.msg("dtypes_and_shapes", d);
        }
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "device" => Ok(self.device = r.string()?),
            "container" => Ok(self.container = r.string()?),
            "name" => Ok(self.name = r.string()?),
            "hash_code" => Ok(self.hash_code = r.i()?),
            "maybe_type_name" => Ok(self.maybe_type_name = r.string()?),
            "dtypes_and_shapes" => r.messages(&mut self.dtypes_and_shapes),
            _ => unknown(r, "ResourceHandleProto", name),
        }
    }
}

impl TextMessage for DtypeAndShape {
    fn print_fields(&self, p: &mut Printer) {
        p.opt_dtype("dtype", self.dtype);
        if let Some(s) = &self.shape {
            p.msg("shape", s);
        }
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "dtype" => Ok(self.dtype = r.dtype()?),
            "shape" => r.opt_message(&mut self.shape),
            _ => unknown(r, "DtypeAndShape", name),
        }
    }
}

impl TextMessage for VariantTensorDataProto {
    fn print_fields(&self, p: &mut Printer) {
        p.opt_bytes("type_name", self.type_name.as_bytes());
        p.opt_bytes("metadata", &self.metadata);
        for t in &self.tensors {
            p.msg("tensors", t);
        }
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "type_name" => Ok(self.type_name = r.string()?),
            "metadata" => Ok(self.metadata = r.bytes()?),
            "tensors" => r.messages(&mut self.tensors),
            _ => unknown(r, "VariantTensorDataProto", name),
        }
    }
}

impl TextMessage for FullTypeDef {
    fn print_fields(&self, p: &mut Printer) {
        if self.type_id != 0 {
            let s = full_type_name(self.type_id).map(str::to_string).unwrap_or_else(|| self.type_id.to_string());
            p.line("type_id", &s);
        }
        for a in &self.args {
            p.msg("args", a);
        }
        match &self.attr {
            Some(full_type_def::Attr::S(s)) => p.bytes("s", s.as_bytes()),
            Some(full_type_def::Attr::I(i)) => p.line("i", &i.to_string()),
            None => {}
        }
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "type_id" => {
                let v = r.scalars(Reader::conv_full_type)?;
                Ok(self.type_id = r.last(v)?)
            }
            "args" => r.messages(&mut self.args),
            "s" => Ok(self.attr = Some(full_type_def::Attr::S(r.string()?))),
            "i" => Ok(self.attr = Some(full_type_def::Attr::I(r.i()?))),
            _ => unknown(r, "FullTypeDef", name),
        }
    }
}

impl TextMessage for VersionDef {
    fn print_fields(&self, p: &mut Printer) {
        p.opt_int("producer", self.producer);
        p.opt_int("min_consumer", self.min_consumer);
        for b in &self.bad_consumers {
            p.line("bad_consumers", &b.to_string());
        }
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "producer" => Ok(self.producer = r.i()?),
            "min_consumer" => Ok(self.min_consumer = r.i()?),
            "bad_consumers" => r.ints(&mut self.bad_consumers),
            _ => unknown(r, "VersionDef", name),
        }
    }
}

impl TextMessage for FunctionDefLibrary {
    fn print_fields(&self, p: &mut Printer) {
        for f in &self.function {
            p.msg("function", f);
        }
        for g in &self.gradient {
            p.msg("gradient", g);
        }
        for g in &self.registered_gradients {
            p.msg("registered_gradients", g);
        }
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "function" => r.messages(&mut self.function),
            "gradient" => r.messages(&mut self.gradient),
            "registered_gradients" => r.messages(&mut self.registered_gradients),
            _ => unknown(r, "FunctionDefLibrary", name),
        }
    }
}

impl TextMessage for FunctionDef {
    fn print_fields(&self, p: &mut Printer) {
        if let Some(s) = &self.signature {
            p.msg("signature", s);
        }
        for n in &self.node_def {
            p.msg("node_def", n);
        }
        p.str_map("ret", &self.ret);
        p.attr_map("attr", &self.attr);
        p.str_map("control_ret", &self.control_ret);
        for (k, v) in &self.arg_attr {
            p.with("arg_attr", |p| {
                p.line("key", &k.to_string());
                p.msg("value", v);
            });
        }
        for (k, v) in &self.resource_arg_unique_id {
            p.with("resource_arg_unique_id", |p| {
                p.line("key", &k.to_string());
                p.line("value", &v.to_string());
            });
        }
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "signature" => r.opt_message(&mut self.signature),
            "node_def" => r.messages(&mut self.node_def),
            "ret" => r.str_map(&mut self.ret),
            "attr" => r.attr_map(&mut self.attr),
            "control_ret" => r.str_map(&mut self.control_ret),
            "arg_attr" => {
                let (k, v) = r.map_entry(|r| r.i::<u32>(), |r, v: &mut ArgAttrs| r.message(v))?;
                self.arg_attr.insert(k, v);
                Ok(())
            }
            "resource_arg_unique_id" => {
                let (k, v) = r.map_entry(|r| r.i::<u32>(), |r, v: &mut u32| {
                    *v = r.i()?;
                    Ok(())
                })?;
                self.resource_arg_unique_id.insert(k, v);
                Ok(())
            }
            _ => unknown(r, "FunctionDef", name),
        }
    }
}

impl TextMessage for ArgAttrs {
    fn print_fields(&self, p: &mut Printer) {
        p.attr_map("attr", &self.attr);
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "attr" => r.attr_map(&mut self.attr),
            _ => unknown(r, "FunctionDef.ArgAttrs", name),
        }
    }
}

impl TextMessage for GradientDef {
    fn print_fields(&self, p: &mut Printer) {
        p.opt_bytes("function_name", self.function_name.as_bytes());
        p.opt_bytes("gradient_func", self.gradient_func.as_bytes());
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "function_name" => Ok(self.function_name = r.string()?),
            "gradient_func" => Ok(self.gradient_func = r.string()?),
            _ => unknown(r, "GradientDef", name),
        }
    }
}

impl TextMessage for RegisteredGradient {
    fn print_fields(&self, p: &mut Printer) {
        p.opt_bytes("gradient_func", self.gradient_func.as_bytes());
        p.opt_bytes("registered_op_type", self.registered_op_type.as_bytes());
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "gradient_func" => Ok(self.gradient_func = r.string()?),
            "registered_op_type" => Ok(self.registered_op_type = r.string()?),
            _ => unknown(r, "RegisteredGradient", name),
        }
    }
}

impl TextMessage for OpDef {
    fn print_fields(&self, p: &mut Printer) {
        p.opt_bytes("name", self.name.as_bytes());
        for a in &self.input_arg {
            p.msg("input_arg", a);
        }
        for a in &self.output_arg {
            p.msg("output_arg", a);
        }
        for a in &self.attr {
            p.msg("attr", a);
        }
        p.opt_bytes("summary", self.summary.as_bytes());
        p.opt_bytes("description", self.description.as_bytes());
        if let Some(d) = &self.deprecation {
            p.msg("deprecation", d);
        }
        p.opt_bool("is_aggregate", self.is_aggregate);
        p.opt_bool("is_stateful", self.is_stateful);
        p.opt_bool("is_commutative", self.is_commutative);
        p.opt_bool("allows_uninitialized_input", self.allows_uninitialized_input);
        p.strs("control_output", &self.control_output);
        p.opt_bool("is_distributed_communication", self.is_distributed_communication);
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "name" => Ok(self.name = r.string()?),
            "input_arg" => r.messages(&mut self.input_arg),
            "output_arg" => r.messages(&mut self.output_arg),
            "control_output" => r.strings(&mut self.control_output),
            "attr" => r.messages(&mut self.attr),
            "deprecation" => r.opt_message(&mut self.deprecation),
            "summary" => Ok(self.summary = r.string()?),
            "description" => Ok(self.description = r.string()?),
            "is_commutative" => Ok(self.is_commutative = r.boolean()?),
            "is_aggregate" => Ok(self.is_aggregate = r.boolean()?),
            "is_stateful" => Ok(self.is_stateful = r.boolean()?),
            "allows_uninitialized_input" => Ok(self.allows_uninitialized_input = r.boolean()?),
            "is_distributed_communication" => Ok(self.is_distributed_communication = r.boolean()?),
            _ => unknown(r, "OpDef", name),
        }
    }
}

impl TextMessage for ArgDef {
    fn print_fields(&self, p: &mut Printer) {
        p.opt_bytes("name", self.name.as_bytes());
        p.opt_bytes("description", self.description.as_bytes());
        p.opt_dtype("type", self.r#type);
        p.opt_bytes("type_attr", self.type_attr.as_bytes());
        p.opt_bytes("number_attr", self.number_attr.as_bytes());
        p.opt_bytes("type_list_attr", self.type_list_attr.as_bytes());
        for h in &self.handle_data {
            p.msg("handle_data", h);
        }
        p.opt_bool("is_ref", self.is_ref);
        if let Some(t) = &self.experimental_full_type {
            p.msg("experimental_full_type", t);
        }
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "name" => Ok(self.name = r.string()?),
            "description" => Ok(self.description = r.string()?),
            "type" => Ok(self.r#type = r.dtype()?),
            "type_attr" => Ok(self.type_attr = r.string()?),
            "number_attr" => Ok(self.number_attr = r.string()?),
            "type_list_attr" => Ok(self.type_list_attr = r.string()?),
            "handle_data" => r.messages(&mut self.handle_data),
            "is_ref" => Ok(self.is_ref = r.boolean()?),
            "experimental_full_type" => r.opt_message(&mut self.experimental_full_type),
            _ => unknown(r, "OpDef.ArgDef", name),
        }
    }
}

impl TextMessage for AttrDef {
    fn print_fields(&self, p: &mut Printer) {
        p.opt_bytes("name", self.name.as_bytes());
        p.opt_bytes("type", self.r#type.as_bytes());
        if let Some(d) = &self.default_value {
            p.msg("default_value", d);
        }
        p.opt_bytes("description", self.description.as_bytes());
        p.opt_bool("has_minimum", self.has_minimum);
        p.opt_int("minimum", self.minimum);
        if let Some(a) = &self.allowed_values {
            p.msg("allowed_values", a);
        }
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "name" => Ok(self.name = r.string()?),
            "type" => Ok(self.r#type = r.string()?),
            "default_value" => r.opt_message(&mut self.default_value),
            "description" => Ok(self.description = r.string()?),
            "has_minimum" => Ok(self.has_minimum = r.boolean()?),
            "minimum" => Ok(self.minimum = r.i()?),
            "allowed_values" => r.opt_message(&mut self.allowed_values),
            _ => unknown(r, "OpDef.AttrDef", name),
        }
    }
}

impl TextMessage for OpDeprecation {
    fn print_fields(&self, p: &mut Printer) {
        p.opt_int("version", self.version);
        p.opt_bytes("explanation", self.explanation.as_bytes());
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "version" => Ok(self.version = r.i()?),
            "explanation" => Ok(self.explanation = r.string()?),
            _ => unknown(r, "OpDeprecation", name),
        }
    }
}

impl TextMessage for GraphDebugInfo {
    fn print_fields(&self, p: &mut Printer) {
        p.strs("files", &self.files);
        for (k, v) in &self.traces {
            p.with("traces", |p| {
                p.bytes("key", k.as_bytes());
                p.msg("value", v);
            });
        }
        for (k, v) in &self.frames_by_id {
            p.with("frames_by_id", |p| {
                p.line("key", &k.to_string());
                p.msg("value", v);
            });
        }
        for (k, v) in &self.name_to_trace_id {
            p.with("name_to_trace_id", |p| {
                p.bytes("key", k.as_bytes());
                p.line("value", &v.to_string());
            });
        }
        for (k, v) in &self.traces_by_id {
            p.with("traces_by_id", |p| {
                p.line("key", &k.to_string());
                p.msg("value", v);
            });
        }
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "files" => r.strings(&mut self.files),
            "traces" => {
                let (k, v) = r.map_entry(|r| r.string(), |r, v: &mut StackTrace| r.message(v))?;
                self.traces.insert(k, v);
                Ok(())
            }
            "frames_by_id" => {
                let (k, v) = r.map_entry(|r| r.i::<u64>(), |r, v: &mut FileLineCol| r.message(v))?;
                self.frames_by_id.insert(k, v);
                Ok(())
            }
            "traces_by_id" => {
                let (k, v) = r.map_entry(|r| r.i::<u64>(), |r, v: &mut StackTrace| r.message(v))?;
                self.traces_by_id.insert(k, v);
                Ok(())
            }
            "name_to_trace_id" => {
                let (k, v) = r.map_entry(|r| r.string(), |r, v: &mut u64| {
                    *v = r.i()?;
                    Ok(())
                })?;
                self.name_to_trace_id.insert(k, v);
                Ok(())
            }
            _ => unknown(r, "GraphDebugInfo", name),
        }
    }
}

impl TextMessage for FileLineCol {
    fn print_fields(&self, p: &mut Printer) {
        p.opt_int("file_index", self.file_index);
        p.opt_int("line", self.line);
        p.opt_int("col", self.col);
        p.opt_bytes("func", self.func.as_bytes());
        p.opt_bytes("code", self.code.as_bytes());
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "file_index" => Ok(self.file_index = r.i()?),
            "line" => Ok(self.line = r.i()?),
            "col" => Ok(self.col = r.i()?),
            "func" => Ok(self.func = r.string()?),
            "code" => Ok(self.code = r.string()?),
            _ => unknown(r, "GraphDebugInfo.FileLineCol", name),
        }
    }
}

impl TextMessage for StackTrace {
    fn print_fields(&self, p: &mut Printer) {
        for f in &self.file_line_cols {
            p.msg("file_line_cols", f);
        }
        for f in &self.frame_id {
            p.line("frame_id", &f.to_string());
        }
    }
    fn parse_field(&mut self, name: &str, r: &mut Reader) -> Res<()> {
        match name {
            "file_line_cols" => r.messages(&mut self.file_line_cols),
            "frame_id" => r.ints(&mut self.frame_id),
            _ => unknown(r, "GraphDebugInfo.StackTrace", name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_as_protobuf() {
        assert_eq!(format_float(1.0), "1");
        assert_eq!(format_float(0.1), "0.1");
        assert_eq!(format_float(-0.0), "-0");
        assert_eq!(format_float(1e-10), "1e-10");
        assert_eq!(format_float(123456789.0), "123456792");
        assert_eq!(format_float(3.4028235e38), "3.40282347e+38");
        assert_eq!(format_double(0.1), "0.1");
        assert_eq!(format_double(1.0 / 3.0), "0.33333333333333331");
    }

    #[test]
    fn strings_escape_as_cescape() {
        assert_eq!(quote(b"a\"b\\\n\x01\xff'"), "\"a\\\"b\\\\\\n\\001\\377\\'\"");
        let g: GraphDef = parse(b"node { name: 'a\\001\\177' 'b' }").unwrap();
        assert_eq!(g.node[0].name.as_bytes(), b"a\x01\x7fb".as_slice());
    }

    #[test]
    fn parse_print_round_trip() {
        let text = "node {\n  name: \"a\"\n  op: \"Const\"\n  attr {\n    key: \"value\"\n    value {\n      tensor {\n        dtype: DT_FLOAT\n        tensor_shape {\n          dim {\n            size: 2\n          }\n        }\n        float_val: 1.5\n        float_val: -inf\n      }\n    }\n  }\n}\nversions {\n  producer: 27\n}\n";
        let g: GraphDef = parse(text.as_bytes()).unwrap();
        assert_eq!(print(&g), text);
        let bin = encode_graphdef(&g);
        assert_eq!(decode_graphdef(&bin[..]).unwrap(), g);
    }
}
