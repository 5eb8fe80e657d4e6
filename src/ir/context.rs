//! The [`Context`]: interned strings, types and attributes shared by everything in a module
//! (MLIR's `MLIRContext`). Read-only during printing and verification, so it can be shared
//! across rayon workers by reference.

use super::attrs::{AttrData, NamedAttr};
use super::intern::{Interner, StrInterner};
use super::types::TypeData;
use super::{AttrId, Sym, TypeId};

/// Uniquing storage for names, types and attributes.
#[derive(Default, Debug, Clone)]
pub struct Context {
    strings: StrInterner,
    types: Interner<TypeData>,
    attrs: Interner<AttrData>,
    /// The string attribute without a type (`"..."`) of each symbol, by symbol index
    /// ([`NO_ATTR`]: none yet). Such attributes are uniqued here rather than in the
    /// attribute index: a string attribute is as unique as its text (every op's
    /// `_mlir_name` is new), and this table is indexed by a symbol just interned, so
    /// neither a lookup nor an insertion is a cache miss in a table of millions.
    plain_strings: Vec<u32>,
}

/// No attribute yet, in [`Context::plain_strings`].
const NO_ATTR: u32 = u32::MAX;

/// The spelling of `data` if it is a string without a type (uniqued by
/// [`Context::plain_strings`] rather than the attribute index).
fn plain_string(data: &AttrData) -> Option<Sym> {
    match *data {
        AttrData::String { spelling, ty: None } => Some(spelling),
        _ => None,
    }
}

impl Context {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn sym(&mut self, s: &str) -> Sym {
        Sym::new(self.strings.intern(s))
    }

    /// A new symbol for `s` that is not uniqued (see [`StrInterner::push_unindexed`]): only
    /// for a context that is imported into another before its symbols are compared.
    ///
    /// [`StrInterner::push_unindexed`]: super::intern::StrInterner::push_unindexed
    pub fn sym_unindexed(&mut self, s: &str) -> Sym {
        Sym::new(self.strings.push_unindexed(s))
    }

    /// Interns every string of `other` here, in `other`'s order, appending the symbols to
    /// `syms` (see [`StrInterner::intern_all`]).
    pub fn import_syms(&mut self, other: &Context, syms: &mut Vec<Sym>) {
        let mut ids = Vec::with_capacity(other.sym_count());
        self.strings.intern_all((0..other.sym_count()).map(|i| other.str(Sym::new(i))), &mut ids);
        syms.extend(ids.into_iter().map(Sym::new));
    }

    /// Makes room for `strings` more strings and `attrs` more attributes: a context about to
    /// take a known amount of input grows its tables once rather than step by step.
    pub fn reserve(&mut self, strings: usize, attrs: usize) {
        self.strings.reserve(strings);
        self.attrs.reserve(attrs);
    }

    /// The symbol for `s` if it was interned before (never adds).
    pub fn lookup_sym(&self, s: &str) -> Option<Sym> {
        self.strings.lookup(s).map(Sym::new)
    }

    /// Number of distinct strings interned so far (symbol indices are `0..sym_count()`).
    pub fn sym_count(&self) -> usize {
        self.strings.len()
    }

    pub fn str(&self, s: Sym) -> &str {
        self.strings.get(s.index())
    }

    /// Starts loading where the text of `s` is, then (a later call) the text itself: for a
    /// loop that will read many symbols from anywhere in memory, a few steps ahead.
    pub fn prefetch_str(&self, s: Sym, text: bool) {
        if text {
            self.strings.prefetch_text(s.index());
        } else {
            self.strings.prefetch_loc(s.index());
        }
    }

    pub fn ty(&mut self, data: TypeData) -> TypeId {
        TypeId::new(self.types.intern(data))
    }

    pub fn type_data(&self, t: TypeId) -> &TypeData {
        self.types.get(t.index())
    }

    /// Number of distinct types interned so far (type indices are `0..type_count()`).
    pub fn type_count(&self) -> usize {
        self.types.len()
    }

    /// Looks through aliases.
    pub fn resolved_type(&self, mut t: TypeId) -> TypeId {
        while let TypeData::Alias { target, .. } = self.type_data(t) {
            t = *target;
        }
        t
    }

    /// Whether `a` and `b` are the same type once aliases are looked through.
    pub fn same_type(&self, a: TypeId, b: TypeId) -> bool {
        a == b || self.resolved_type(a) == self.resolved_type(b)
    }

    pub fn attr(&mut self, data: AttrData) -> AttrId {
        match plain_string(&data) {
            Some(spelling) => self.plain_string_attr(spelling),
            None => AttrId::new(self.attrs.intern(data)),
        }
    }

    /// The attribute `String { spelling, ty: None }` (see [`Context::plain_strings`]).
    pub(super) fn plain_string_attr(&mut self, spelling: Sym) -> AttrId {
        let i = spelling.index();
        if i >= self.plain_strings.len() {
            self.plain_strings.resize((i + 1).max(self.strings.len()), NO_ATTR);
        }
        if self.plain_strings[i] == NO_ATTR {
            let id = self.attrs.push_unindexed(AttrData::String { spelling, ty: None });
            self.plain_strings[i] = id as u32;
        }
        AttrId::new(self.plain_strings[i] as usize)
    }

    /// Interns `attrs` in order, appending their ids to `ids` (see [`Interner::intern_all`]).
    pub fn attrs_all(&mut self, attrs: Vec<AttrData>, ids: &mut Vec<AttrId>) {
        let mut raw = Vec::with_capacity(attrs.len());
        let mut batch = Vec::new();
        for data in attrs {
            if let Some(spelling) = plain_string(&data) {
                self.attrs.intern_all(std::mem::take(&mut batch), &mut raw);
                raw.push(self.plain_string_attr(spelling).index());
            } else {
                batch.push(data);
            }
        }
        self.attrs.intern_all(batch, &mut raw);
        ids.extend(raw.into_iter().map(AttrId::new));
    }

    pub fn attr_data(&self, a: AttrId) -> &AttrData {
        self.attrs.get(a.index())
    }

    /// Starts loading what [`attr_data`](Self::attr_data) will read for `a` (only a hint).
    pub fn prefetch_attr(&self, a: AttrId) {
        self.attrs.prefetch(a.index());
    }

    /// Number of distinct attributes interned so far (attribute indices are `0..attr_count()`).
    pub fn attr_count(&self) -> usize {
        self.attrs.len()
    }

    /// Looks through aliases.
    pub fn resolved_attr(&self, mut a: AttrId) -> AttrId {
        while let AttrData::Alias { target, .. } = self.attr_data(a) {
            a = *target;
        }
        a
    }

    pub fn unit_attr(&mut self) -> AttrId {
        self.attr(AttrData::Unit)
    }

    pub fn string_attr(&mut self, s: &str) -> AttrId {
        let spelling = self.sym(&escape_string(s));
        self.attr(AttrData::String { spelling, ty: None })
    }

    /// The `!tf_type.control` type.
    pub fn control_type(&mut self) -> TypeId {
        let s = self.sym("control");
        self.ty(TypeData::TfSimple(s))
    }

    /// Whether `t` is `!tf_type.control` (through aliases).
    pub fn is_control_type(&self, t: TypeId) -> bool {
        match self.type_data(self.resolved_type(t)) {
            TypeData::TfSimple(s) => self.str(*s) == "control",
            _ => false,
        }
    }

    /// The decoded value of a string attribute (escapes resolved); `None` if not a string.
    pub fn string_value(&self, a: AttrId) -> Option<Vec<u8>> {
        match self.attr_data(self.resolved_attr(a)) {
            AttrData::String { spelling, .. } => Some(unescape_string(self.str(*spelling))),
            _ => None,
        }
    }

    /// Entries of a dictionary attribute (empty if `a` is not one).
    pub fn dict_entries(&self, a: AttrId) -> &[NamedAttr] {
        match self.attr_data(self.resolved_attr(a)) {
            AttrData::Dict(entries) => entries,
            _ => &[],
        }
    }

    /// The integer value of an integer attribute, if it fits in i128.
    pub fn int_value(&self, a: AttrId) -> Option<i128> {
        match self.attr_data(self.resolved_attr(a)) {
            AttrData::Int { spelling, .. } => parse_int_spelling(self.str(*spelling)),
            AttrData::Bool(b) => Some(*b as i128),
            _ => None,
        }
    }
}

/// Parses an integer literal as written (`-12`, `0x1F`, `-0x1f`).
pub fn parse_int_spelling(s: &str) -> Option<i128> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let magnitude = if let Some(hex) = body.strip_prefix("0x") {
        u128::from_str_radix(hex, 16).ok()?
    } else {
        body.parse::<u128>().ok()?
    };
    if neg {
        if magnitude > i128::MAX as u128 + 1 {
            return None;
        }
        Some((magnitude as i128).wrapping_neg())
    } else {
        i128::try_from(magnitude).ok()
    }
}

/// Escapes bytes for a string literal the way MLIR prints them.
pub fn escape_bytes(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for &b in bytes {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\22"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\{:02X}", b)),
        }
    }
    out
}

/// Escapes a string for a literal; printable non-ASCII UTF-8 is kept as is.
pub fn escape_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => out.push_str(&format!("\\{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// Decodes MLIR string escapes: `\\`, `\"`, `\n`, `\t`, `\XX` (two hex digits).
pub fn unescape_string(s: &str) -> Vec<u8> {
    let bytes = s.as_bytes();
    // Most strings have no escapes: copy them whole.
    let Some(first_escape) = bytes.iter().position(|&b| b == b'\\') else { return bytes.to_vec() };
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..first_escape]);
    let mut i = first_escape;
    while i < bytes.len() {
        if bytes[i] == b'\\' && i + 1 < bytes.len() {
            let c = bytes[i + 1];
            match c {
                b'\\' | b'"' | b'\'' => {
                    out.push(c);
                    i += 2;
                }
                b'n' => {
                    out.push(b'\n');
                    i += 2;
                }
                b't' => {
                    out.push(b'\t');
                    i += 2;
                }
                _ if i + 2 < bytes.len() && c.is_ascii_hexdigit() && bytes[i + 2].is_ascii_hexdigit() => {
                    let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("00");
                    out.push(u8::from_str_radix(hex, 16).unwrap_or(0));
                    i += 3;
                }
                _ => {
                    out.push(c);
                    i += 2;
                }
            }
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_spellings() {
        assert_eq!(parse_int_spelling("-0x10"), Some(-16));
        assert_eq!(parse_int_spelling("42"), Some(42));
        assert_eq!(parse_int_spelling("340282366920938463463374607431768211456"), None);
    }

    #[test]
    fn string_attributes_are_unique_by_text_and_type() {
        let mut cx = Context::new();
        let (a, b) = (cx.sym("a"), cx.sym("b"));
        let f32_name = cx.sym("f32");
        let f32 = cx.ty(TypeData::Float(f32_name));
        let plain = |s| AttrData::String { spelling: s, ty: None };
        let typed = AttrData::String { spelling: a, ty: Some(f32) };
        let first = cx.attr(plain(a));
        assert_eq!(cx.attr(plain(a)), first);
        assert_ne!(cx.attr(typed.clone()), first);
        assert_ne!(cx.attr(plain(b)), first);
        assert_eq!(cx.attr_data(first), &plain(a));
        // Interning in a batch gives what interning one by one gives.
        let c = cx.sym("c");
        let mut one_by_one = cx.clone();
        let batch = vec![AttrData::Unit, plain(c), typed, plain(a), AttrData::Bool(true), plain(c)];
        let mut ids = Vec::new();
        cx.attrs_all(batch.clone(), &mut ids);
        let expected: Vec<AttrId> = batch.into_iter().map(|d| one_by_one.attr(d)).collect();
        assert_eq!(ids, expected);
        assert_eq!(cx.attr_count(), one_by_one.attr_count());
    }

    #[test]
    fn string_escapes_round_trip() {
        let raw = "a\"b\\c\n\u{1}é";
        let escaped = escape_string(raw);
        assert_eq!(unescape_string(&escaped), raw.as_bytes());
    }
}
