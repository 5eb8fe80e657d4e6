//! Printing of types and attributes. Two styles:
//!
//! * *preserving*: literals as spelled, aliases by name, dictionaries in written order;
//! * *canonical*: exactly what mlir-opt / tfg-opt print. Integers in decimal for their width
//!   (`255 : i8` is `-1 : i8`, `1 : i1` is `true`), floats as MLIR's `printFloatValue`
//!   ([`super::float`]), strings re-escaped (`\22`, `\0A`), dictionaries sorted by key with
//!   bare keys where possible, `i64` / `f64` types elided inside arrays, symbol names quoted
//!   only when needed, dialect attributes and types in their pretty form when simple enough
//!   (`#d<x>` is `#d.x`), user aliases expanded, identity memref layouts and the default memory
//!   space dropped, and the aliases MLIR makes itself (`#loc3`, `#map`, `!tuple`, see
//!   [`super::locs`]) used when [`Style::aliases`] carries them.

use std::fmt::Write as _;

use crate::ir::attrs::{AttrData, Location};
use crate::ir::context::{escape_bytes, unescape_string};
use crate::ir::types::{Signedness, TypeData, DYNAMIC};
use crate::ir::{AttrId, Context, NamedAttr, Sym, TypeId};

use super::float::{float_sem, format_float_canonical, int_text_for_width, parse_int_literal};
use super::locs::Aliases;

/// Printing style for literals, aliases and dictionaries.
#[derive(Clone, Copy)]
pub struct Style<'a> {
    pub canonical: bool,
    /// MLIR's own aliases (`#loc3`, `#map`), used in canonical style when present.
    pub aliases: Option<&'a Aliases>,
}

impl Style<'static> {
    /// As written.
    pub const PRESERVING: Style<'static> = Style { canonical: false, aliases: None };
    /// As mlir-opt prints, without MLIR's aliases.
    pub const CANONICAL: Style<'static> = Style { canonical: true, aliases: None };
}

impl<'a> Style<'a> {
    /// Canonical or preserving, without MLIR's aliases.
    pub fn new(canonical: bool) -> Style<'static> {
        Style { canonical, aliases: None }
    }

    /// The same style with MLIR's aliases.
    pub fn with_aliases(self, aliases: &'a Aliases) -> Style<'a> {
        Style { canonical: self.canonical, aliases: Some(aliases) }
    }

    /// The same style without MLIR's aliases (for alias definitions and alias keys).
    pub fn without_aliases(self) -> Style<'static> {
        Style { canonical: self.canonical, aliases: None }
    }
}

/// Whether MLIR may drop the default type of a literal here (`i64`, `f64` inside arrays and
/// memref parameters).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Elide {
    Never,
    May,
}

// ================================================================================== types

/// Appends the text of type `t` to `out`.
pub fn write_type(ctx: &Context, t: TypeId, style: Style, out: &mut String) {
    if style.canonical {
        write_type_canonical(ctx, t, style, out);
    } else {
        write_type_preserving(ctx, t, style, out);
    }
}

fn write_type_preserving(ctx: &Context, t: TypeId, style: Style, out: &mut String) {
    match ctx.type_data(t) {
        TypeData::Integer { width, signedness } => write_int_type(*width, *signedness, out),
        TypeData::Index => out.push_str("index"),
        TypeData::Float(name) => out.push_str(ctx.str(*name)),
        TypeData::None => out.push_str("none"),
        TypeData::Complex(e) => {
            out.push_str("complex<");
            write_type(ctx, *e, style, out);
            out.push('>');
        }
        TypeData::Tuple(elems) => {
            out.push_str("tuple<");
            write_type_list(ctx, elems, style, out);
            out.push('>');
        }
        TypeData::Function { inputs, results } => {
            out.push('(');
            write_type_list(ctx, inputs, style, out);
            out.push_str(") -> ");
            write_result_types(ctx, results, style, out);
        }
        TypeData::RankedTensor { shape, elem, encoding } => {
            out.push_str("tensor<");
            write_shape(shape, None, out);
            write_type(ctx, *elem, style, out);
            if let Some(e) = encoding {
                out.push_str(", ");
                write_attr(ctx, *e, style, out);
            }
            out.push('>');
        }
        TypeData::UnrankedTensor { elem } => {
            out.push_str("tensor<*x");
            write_type(ctx, *elem, style, out);
            out.push('>');
        }
        TypeData::Vector { shape, scalable, elem } => {
            out.push_str("vector<");
            write_shape(shape, Some(scalable), out);
            write_type(ctx, *elem, style, out);
            out.push('>');
        }
        TypeData::MemRef { shape, elem, layout, space } => {
            out.push_str("memref<");
            write_shape(shape, None, out);
            write_type(ctx, *elem, style, out);
            for a in [layout, space].into_iter().flatten() {
                out.push_str(", ");
                write_attr(ctx, *a, style, out);
            }
            out.push('>');
        }
        TypeData::UnrankedMemRef { elem, space } => {
            out.push_str("memref<*x");
            write_type(ctx, *elem, style, out);
            if let Some(s) = space {
                out.push_str(", ");
                write_attr(ctx, *s, style, out);
            }
            out.push('>');
        }
        TypeData::TfSimple(name) => {
            out.push_str("!tf_type.");
            out.push_str(ctx.str(*name));
        }
        TypeData::TfWithSubtypes { name, subtypes } => write_tf_subtypes(ctx, *name, subtypes, style, out),
        TypeData::Opaque(text) => out.push_str(ctx.str(*text)),
        TypeData::Alias { name, .. } => {
            out.push('!');
            out.push_str(ctx.str(*name));
        }
    }
}

fn write_int_type(width: u32, signedness: Signedness, out: &mut String) {
    out.push_str(match signedness {
        Signedness::Signless => "i",
        Signedness::Signed => "si",
        Signedness::Unsigned => "ui",
    });
    out.push_str(&width.to_string());
}

fn write_tf_subtypes(ctx: &Context, name: Sym, subtypes: &[TypeId], style: Style, out: &mut String) {
    out.push_str("!tf_type.");
    out.push_str(ctx.str(name));
    if !subtypes.is_empty() {
        out.push('<');
        write_type_list(ctx, subtypes, style, out);
        out.push('>');
    }
}

/// Canonical type: MLIR's `printType` (alias if it has one, else `printTypeImpl`).
fn write_type_canonical(ctx: &Context, t: TypeId, style: Style, out: &mut String) {
    let t = ctx.resolved_type(t);
    if let Some(aliases) = style.aliases {
        if let Some(name) = aliases.type_alias(ctx, t) {
            out.push_str(name);
            return;
        }
    }
    write_type_impl_canonical(ctx, t, style, out);
}

/// MLIR's `printTypeImpl`: the type itself, nested parts through their aliases.
pub(crate) fn write_type_impl_canonical(ctx: &Context, t: TypeId, style: Style, out: &mut String) {
    match ctx.type_data(ctx.resolved_type(t)) {
        TypeData::MemRef { shape, elem, layout, space } => {
            out.push_str("memref<");
            write_shape(shape, None, out);
            write_type(ctx, *elem, style, out);
            if let Some(l) = layout {
                if !is_identity_layout(ctx, *l) {
                    out.push_str(", ");
                    write_attr_canonical(ctx, *l, style, Elide::May, out);
                }
            }
            if let Some(s) = space {
                if !is_default_memory_space(ctx, *s) {
                    out.push_str(", ");
                    write_attr_canonical(ctx, *s, style, Elide::May, out);
                }
            }
            out.push('>');
        }
        TypeData::UnrankedMemRef { elem, space } => {
            out.push_str("memref<*x");
            write_type(ctx, *elem, style, out);
            if let Some(s) = space {
                if !is_default_memory_space(ctx, *s) {
                    out.push_str(", ");
                    write_attr_canonical(ctx, *s, style, Elide::May, out);
                }
            }
            out.push('>');
        }
        TypeData::RankedTensor { shape, elem, encoding } => {
            out.push_str("tensor<");
            write_shape(shape, None, out);
            write_type(ctx, *elem, style, out);
            if let Some(e) = encoding {
                out.push_str(", ");
                write_attr_canonical(ctx, *e, style, Elide::Never, out);
            }
            out.push('>');
        }
        TypeData::Opaque(text) => write_dialect_symbol(ctx.str(*text), out),
        _ => write_type_preserving(ctx, t, style, out),
    }
}

/// Whether a memref layout is an identity `affine_map` (which MLIR does not print).
pub(crate) fn is_identity_layout(ctx: &Context, a: AttrId) -> bool {
    match ctx.attr_data(ctx.resolved_attr(a)) {
        AttrData::Opaque(text) => is_identity_affine_map(ctx.str(*text)),
        _ => false,
    }
}

/// `affine_map<(d0, d1) -> (d0, d1)>` and the like.
fn is_identity_affine_map(text: &str) -> bool {
    let Some(body) = text.strip_prefix("affine_map<").and_then(|b| b.strip_suffix('>')) else { return false };
    let compact: String = body.chars().filter(|c| !c.is_whitespace()).collect();
    let Some((dims, results)) = compact.split_once("->") else { return false };
    let Some(dims) = dims.strip_prefix('(').and_then(|d| d.strip_suffix(')')) else { return false };
    let Some(results) = results.strip_prefix('(').and_then(|d| d.strip_suffix(')')) else { return false };
    if dims != results {
        return false;
    }
    dims.is_empty() || dims.split(',').enumerate().all(|(i, d)| d == format!("d{}", i))
}

/// MLIR drops an integer memory space of value 0.
pub(crate) fn is_default_memory_space(ctx: &Context, a: AttrId) -> bool {
    match ctx.attr_data(ctx.resolved_attr(a)) {
        AttrData::Int { spelling, .. } => parse_int_literal(ctx.str(*spelling)).map(|(_, m)| m.is_zero()).unwrap_or(false),
        _ => false,
    }
}

fn write_shape(shape: &[i64], scalable: Option<&Vec<bool>>, out: &mut String) {
    for (i, &d) in shape.iter().enumerate() {
        let sc = scalable.map(|s| s.get(i).copied().unwrap_or(false)).unwrap_or(false);
        if sc {
            out.push('[');
        }
        if d == DYNAMIC {
            out.push('?');
        } else {
            out.push_str(&d.to_string());
        }
        if sc {
            out.push(']');
        }
        out.push('x');
    }
}

pub fn write_type_list(ctx: &Context, types: &[TypeId], style: Style, out: &mut String) {
    for (i, &t) in types.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_type(ctx, t, style, out);
    }
}

/// Result side of a function type: `t`, `(t1, t2)`, `()`, `((a) -> b)`.
pub fn write_result_types(ctx: &Context, results: &[TypeId], style: Style, out: &mut String) {
    let single_plain = results.len() == 1 && !matches!(ctx.type_data(ctx.resolved_type(results[0])), TypeData::Function { .. });
    if single_plain {
        write_type(ctx, results[0], style, out);
    } else {
        out.push('(');
        write_type_list(ctx, results, style, out);
        out.push(')');
    }
}

/// The text of a type.
pub fn type_to_string(ctx: &Context, t: TypeId) -> String {
    let mut s = String::new();
    write_type(ctx, t, Style::PRESERVING, &mut s);
    s
}

// ================================================================================== names

/// Whether `s` can be printed without quotes as a dictionary key / symbol name (ASCII
/// only, so looking at bytes is looking at characters).
pub fn is_bare_identifier(s: &str) -> bool {
    let Some((&first, rest)) = s.as_bytes().split_first() else { return false };
    (first.is_ascii_alphabetic() || first == b'_')
        && rest.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.')
}

/// MLIR's `printKeywordOrString` for raw bytes.
fn write_keyword_or_string(bytes: &[u8], out: &mut String) {
    match std::str::from_utf8(bytes) {
        Ok(s) => write_keyword_or_str(s, out),
        Err(_) => write_escaped(bytes, out),
    }
}

/// MLIR's `printKeywordOrString`.
fn write_keyword_or_str(s: &str, out: &mut String) {
    if is_bare_identifier(s) {
        out.push_str(s);
    } else {
        write_escaped(s.as_bytes(), out);
    }
}

pub fn write_key(ctx: &Context, key: Sym, out: &mut String) {
    write_keyword_or_str(ctx.str(key), out);
}

/// The bytes a symbol reference part (`@name`, `@"a b"`) names.
fn symbol_bytes(spelled: &str) -> Vec<u8> {
    let s = spelled.strip_prefix('@').unwrap_or(spelled);
    match s.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
        Some(inner) => unescape_string(inner),
        None => s.as_bytes().to_vec(),
    }
}

/// The decoded text of a string that may still carry its quotes (`"a.mlir"` or `a.mlir`).
pub(crate) fn quoted_bytes(spelled: &str) -> Vec<u8> {
    match spelled.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
        Some(inner) => unescape_string(inner),
        None => unescape_string(spelled),
    }
}

/// MLIR's `printEscapedString`: `"` + escaped bytes + `"`.
pub(crate) fn write_escaped(bytes: &[u8], out: &mut String) {
    out.push('"');
    out.push_str(&escape_bytes(bytes));
    out.push('"');
}

/// Appends [`escape_bytes`] of `s`, copying `s` as it is when nothing needs escaping.
pub(crate) fn push_escaped_str(s: &str, out: &mut String) {
    if s.bytes().all(|b| matches!(b, 0x20..=0x7e) && b != b'\\' && b != b'"') {
        out.push_str(s);
    } else {
        out.push_str(&escape_bytes(s.as_bytes()));
    }
}

/// `#dialect.data` when `data` is simple enough, otherwise `#dialect<data>` (MLIR's
/// `printDialectSymbol`); `text` is the whole token as written (`#d<x>`, `!d.t<1>`).
fn write_dialect_symbol(text: &str, out: &mut String) {
    let mut chars = text.chars();
    let Some(sigil) = chars.next().filter(|c| *c == '#' || *c == '!') else {
        out.push_str(text);
        return;
    };
    let rest = chars.as_str();
    let end = rest.find(['.', '<']).unwrap_or(rest.len());
    let ns = &rest[..end];
    let data = match rest[end..].chars().next() {
        Some('.') => &rest[end + 1..],
        Some('<') if rest.ends_with('>') => &rest[end + 1..rest.len() - 1],
        _ => {
            out.push_str(text);
            return;
        }
    };
    out.push(sigil);
    out.push_str(ns);
    if is_pretty_dialect_data(data) {
        out.push('.');
        out.push_str(data);
    } else {
        out.push('<');
        out.push_str(data);
        out.push('>');
    }
}

/// MLIR's `isDialectSymbolSimpleEnoughForPrettyForm`: `identifier (< body >)?`.
fn is_pretty_dialect_data(data: &str) -> bool {
    if !data.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return false;
    }
    let rest = data.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '.' || c == '_');
    rest.is_empty() || (rest.starts_with('<') && rest.ends_with('>'))
}

// ================================================================================== attributes

/// `{a = 1, b}`: written order, or sorted by key in canonical style.
pub fn write_dict(ctx: &Context, entries: &[NamedAttr], style: Style, out: &mut String) {
    out.push('{');
    if style.canonical {
        write_entries(ctx, sorted_by_key(ctx, entries).iter(), style, out);
    } else {
        write_entries(ctx, entries.iter(), style, out);
    }
    out.push('}');
}

/// `entries` in the order canonical style prints them: sorted by the bytes of their keys.
pub fn sorted_by_key(ctx: &Context, entries: &[NamedAttr]) -> Vec<NamedAttr> {
    let mut sorted = entries.to_vec();
    sorted.sort_by(|a, b| ctx.str(a.name).as_bytes().cmp(ctx.str(b.name).as_bytes()));
    sorted
}

pub fn write_entries<'a>(ctx: &Context, entries: impl Iterator<Item = &'a NamedAttr>, style: Style, out: &mut String) {
    for (i, e) in entries.enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_entry(ctx, e, style, out);
    }
}

/// One entry of a dictionary: `key = value`, or `key` for a unit value.
pub fn write_entry(ctx: &Context, e: &NamedAttr, style: Style, out: &mut String) {
    match e.quoted {
        Some(spelled) if !style.canonical => {
            out.push('"');
            out.push_str(ctx.str(spelled));
            out.push('"');
        }
        _ => write_key(ctx, e.name, out),
    }
    let unit = if style.canonical {
        matches!(ctx.attr_data(ctx.resolved_attr(e.value)), AttrData::Unit)
    } else {
        matches!(ctx.attr_data(e.value), AttrData::Unit)
    };
    if !unit {
        out.push_str(" = ");
        write_attr(ctx, e.value, style, out);
    }
}

/// Appends the text of attribute `a` to `out`.
pub fn write_attr(ctx: &Context, a: AttrId, style: Style, out: &mut String) {
    if style.canonical {
        write_attr_canonical(ctx, a, style, Elide::Never, out);
    } else {
        write_attr_preserving(ctx, a, style, out);
    }
}

fn write_typed_suffix(ctx: &Context, ty: Option<TypeId>, style: Style, out: &mut String) {
    if let Some(t) = ty {
        out.push_str(" : ");
        write_type(ctx, t, style, out);
    }
}

fn write_attr_preserving(ctx: &Context, a: AttrId, style: Style, out: &mut String) {
    match ctx.attr_data(a) {
        AttrData::Int { spelling, ty } | AttrData::Float { spelling, ty } => {
            out.push_str(ctx.str(*spelling));
            write_typed_suffix(ctx, *ty, style, out);
        }
        AttrData::String { spelling, ty } => {
            out.push('"');
            out.push_str(ctx.str(*spelling));
            out.push('"');
            write_typed_suffix(ctx, *ty, style, out);
        }
        AttrData::Array(items) => {
            out.push('[');
            write_list(items.iter().copied(), ", ", out, |x, out| write_attr(ctx, x, style, out));
            out.push(']');
        }
        AttrData::Dense { value, ty } => {
            out.push_str("dense<");
            write_dense_literal(ctx, *value, out);
            out.push_str("> : ");
            write_type(ctx, *ty, style, out);
        }
        AttrData::DenseArray { elem, values } => {
            write_dense_array(ctx, *elem, values, style, out, |v, out| write_dense_literal(ctx, v, out));
        }
        AttrData::ComplexLit(re, im) => {
            out.push('(');
            write_dense_literal(ctx, *re, out);
            out.push_str(", ");
            write_dense_literal(ctx, *im, out);
            out.push(')');
        }
        AttrData::SymbolRef(parts) => {
            for (i, p) in parts.iter().enumerate() {
                if i > 0 {
                    out.push_str("::");
                }
                out.push_str(ctx.str(*p));
            }
        }
        AttrData::Opaque(text) => out.push_str(ctx.str(*text)),
        AttrData::Alias { name, .. } => {
            out.push('#');
            out.push_str(ctx.str(*name));
        }
        AttrData::Loc(l) => {
            out.push_str("loc(");
            write_location(ctx, l, style, out);
            out.push(')');
        }
        _ => write_attr_common(ctx, a, style, out),
    }
}

/// The kinds printed the same way in both styles (nested parts follow `style`).
fn write_attr_common(ctx: &Context, a: AttrId, style: Style, out: &mut String) {
    match ctx.attr_data(a) {
        AttrData::Unit => out.push_str("unit"),
        AttrData::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        AttrData::Type(t) => write_type(ctx, *t, style, out),
        AttrData::Dict(entries) => write_dict(ctx, entries, style, out),
        AttrData::Hex(b) => {
            out.push('"');
            b.write_hex(out);
            out.push('"');
        }
        AttrData::DenseResource { handle, ty } => {
            out.push_str("dense_resource<");
            out.push_str(ctx.str(*handle));
            out.push_str("> : ");
            write_type(ctx, *ty, style, out);
        }
        AttrData::TfVersion { producer, min_consumer, bad_consumers } => {
            out.push_str(&format!("#tf_type.version<producer = {}, min_consumer = {}", producer, min_consumer));
            if !bad_consumers.is_empty() {
                let list: Vec<String> = bad_consumers.iter().map(|b| b.to_string()).collect();
                out.push_str(&format!(", bad_consumers = [{}]", list.join(", ")));
            }
            out.push('>');
        }
        AttrData::TfFunc { symbol, attrs } => {
            out.push_str("#tf_type.func<");
            write_attr(ctx, *symbol, style, out);
            out.push_str(", ");
            write_attr(ctx, *attrs, style, out);
            out.push('>');
        }
        AttrData::TfShape(shape) => {
            out.push_str("#tf_type.shape<");
            match shape {
                None => out.push('*'),
                Some(dims) => write_list(dims.iter(), "x", out, |&d, out| {
                    if d == DYNAMIC {
                        out.push('?');
                    } else {
                        let _ = write!(out, "{}", d);
                    }
                }),
            }
            out.push('>');
        }
        AttrData::TfgRegionAttrs { attrs, arg_attrs, res_attrs } => {
            out.push_str("#tfg.region_attrs<");
            write_attr(ctx, *attrs, style, out);
            for list in [arg_attrs, res_attrs] {
                out.push_str(" [");
                for (i, &d) in list.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    write_attr(ctx, d, style, out);
                }
                out.push(']');
            }
            out.push('>');
        }
        // The remaining kinds are style-specific and never reach here.
        _ => write_attr_preserving(ctx, a, style, out),
    }
}

/// Canonical attribute: MLIR's `printAttribute` (alias if it has one, else `printAttributeImpl`).
fn write_attr_canonical(ctx: &Context, a: AttrId, style: Style, elide: Elide, out: &mut String) {
    let a = ctx.resolved_attr(a);
    if let Some(aliases) = style.aliases {
        if let Some(name) = aliases.attr_alias(ctx, a) {
            out.push_str(name);
            return;
        }
    }
    write_attr_impl_canonical(ctx, a, style, elide, out);
}

/// MLIR's `printAttributeImpl` (the attribute itself, nested parts through their aliases).
pub(crate) fn write_attr_impl(ctx: &Context, a: AttrId, style: Style, out: &mut String) {
    write_attr_impl_canonical(ctx, ctx.resolved_attr(a), style, Elide::Never, out);
}

fn write_attr_impl_canonical(ctx: &Context, a: AttrId, style: Style, elide: Elide, out: &mut String) {
    match ctx.attr_data(a) {
        AttrData::Int { spelling, ty } => write_int_canonical(ctx, ctx.str(*spelling), *ty, style, elide, out),
        AttrData::Float { spelling, ty } => {
            let name = ty.and_then(|t| float_type_name(ctx, t)).unwrap_or("f64");
            let text = format_float_canonical(ctx.str(*spelling), name);
            // MLIR keeps `: f64` after hex bits (they would read back as an integer).
            let hex = text.starts_with("0x");
            out.push_str(&text);
            if !(elide == Elide::May && name == "f64" && !hex) {
                out.push_str(" : ");
                match ty {
                    Some(t) => write_type(ctx, *t, style, out),
                    None => out.push_str("f64"),
                }
            }
        }
        AttrData::String { spelling, ty } => {
            write_escaped(&unescape_string(ctx.str(*spelling)), out);
            if let Some(t) = ty {
                if !matches!(ctx.type_data(ctx.resolved_type(*t)), TypeData::None) {
                    out.push_str(" : ");
                    write_type(ctx, *t, style, out);
                }
            }
        }
        AttrData::Array(items) => {
            out.push('[');
            for (i, &x) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_attr_canonical(ctx, x, style, Elide::May, out);
            }
            out.push(']');
        }
        AttrData::SymbolRef(parts) => {
            for (i, p) in parts.iter().enumerate() {
                if i > 0 {
                    out.push_str("::");
                }
                out.push('@');
                write_keyword_or_string(&symbol_bytes(ctx.str(*p)), out);
            }
        }
        AttrData::Dense { value, ty } => {
            out.push_str("dense<");
            super::dense::write_dense_canonical(ctx, *value, *ty, out);
            out.push_str("> : ");
            write_type(ctx, *ty, style, out);
        }
        AttrData::DenseArray { elem, values } => {
            write_dense_array(ctx, *elem, values, style, out, |v, out| write_array_element_canonical(ctx, v, *elem, out));
        }
        AttrData::ComplexLit(re, im) => {
            out.push('(');
            write_attr_canonical(ctx, *re, style, Elide::May, out);
            out.push(',');
            write_attr_canonical(ctx, *im, style, Elide::May, out);
            out.push(')');
        }
        AttrData::Opaque(text) => {
            let text = ctx.str(*text);
            match (super::locs::split_distinct(text), style.aliases) {
                (Some((id, body)), Some(al)) => out.push_str(&format!("distinct[{}]<{}>", al.distinct_id(id), body)),
                _ => write_dialect_symbol(text, out),
            }
        }
        AttrData::Alias { target, .. } => write_attr_canonical(ctx, *target, style, elide, out),
        AttrData::Loc(_) => super::locs::write_loc_attr_impl(ctx, a, style, out),
        _ => write_attr_common(ctx, a, style, out),
    }
}

fn float_type_name(ctx: &Context, t: TypeId) -> Option<&str> {
    match ctx.type_data(ctx.resolved_type(t)) {
        TypeData::Float(n) => Some(ctx.str(*n)),
        _ => None,
    }
}

/// An integer literal as MLIR prints an `IntegerAttr` of type `ty` (`i64` when untyped).
fn write_int_canonical(ctx: &Context, spelling: &str, ty: Option<TypeId>, style: Style, elide: Elide, out: &mut String) {
    let data = ty.map(|t| ctx.type_data(ctx.resolved_type(t)));
    let (width, signed, is_i64) = match data {
        None => (64, true, true),
        Some(TypeData::Integer { width: 1, signedness: Signedness::Signless }) => {
            write_i1(spelling, out);
            return;
        }
        Some(t @ (TypeData::Integer { .. } | TypeData::Index)) => {
            let (width, signed) = int_print_width(t).unwrap_or((64, true));
            (width, signed, matches!(t, TypeData::Integer { width: 64, signedness: Signedness::Signless }))
        }
        Some(TypeData::Float(n)) => {
            // Hex bits of a float.
            let name = ctx.str(*n);
            let text = format_float_canonical(spelling, name);
            let hex = text.starts_with("0x");
            out.push_str(&text);
            if !(elide == Elide::May && name == "f64" && !hex) {
                out.push_str(" : ");
                out.push_str(name);
            }
            return;
        }
        Some(_) => {
            out.push_str(spelling);
            write_typed_suffix(ctx, ty, style, out);
            return;
        }
    };
    write_int_at_width(spelling, width, signed, out);
    if !(elide == Elide::May && is_i64) {
        out.push_str(" : ");
        match ty {
            Some(t) => write_type(ctx, t, style, out),
            None => out.push_str("i64"),
        }
    }
}

/// `items` written by `write`, `sep` between them.
pub fn write_list<T>(items: impl IntoIterator<Item = T>, sep: &str, out: &mut String, mut write: impl FnMut(T, &mut String)) {
    for (i, x) in items.into_iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        write(x, out);
    }
}

/// `array<T: a, b>` (`array<T>` when empty), each element written by `write`.
fn write_dense_array(ctx: &Context, elem: TypeId, values: &[AttrId], style: Style, out: &mut String, write: impl FnMut(AttrId, &mut String)) {
    out.push_str("array<");
    write_type(ctx, elem, style, out);
    if !values.is_empty() {
        out.push_str(": ");
        write_list(values.iter().copied(), ", ", out, write);
    }
    out.push('>');
}

/// The bit width and signedness MLIR prints an integer of type `data` with (`None` for
/// a non-integer type).
fn int_print_width(data: &TypeData) -> Option<(u32, bool)> {
    match data {
        TypeData::Integer { width, signedness } => Some((*width, *signedness != Signedness::Unsigned)),
        TypeData::Index => Some((64, true)),
        _ => None,
    }
}

/// An integer literal printed at `width` bits (as spelled when it does not parse).
fn write_int_at_width(spelling: &str, width: u32, signed: bool, out: &mut String) {
    match parse_int_literal(spelling) {
        Some((neg, mag)) => out.push_str(&int_text_for_width(neg, &mag, width, signed)),
        None => out.push_str(spelling),
    }
}

/// An i1 literal: `true` when its low bit is set.
fn write_i1(spelling: &str, out: &mut String) {
    let on = parse_int_literal(spelling).map(|(_, m)| m.bit(0)).unwrap_or(false);
    out.push_str(if on { "true" } else { "false" });
}

/// One element of `array<T: ...>`.
fn write_array_element_canonical(ctx: &Context, v: AttrId, elem: TypeId, out: &mut String) {
    let et = ctx.resolved_type(elem);
    match (ctx.attr_data(ctx.resolved_attr(v)), ctx.type_data(et)) {
        (AttrData::Bool(b), _) => out.push_str(if *b { "true" } else { "false" }),
        (AttrData::Int { spelling, .. }, TypeData::Integer { width: 1, .. }) => write_i1(ctx.str(*spelling), out),
        (AttrData::Int { spelling, .. }, t @ (TypeData::Integer { .. } | TypeData::Index)) => match int_print_width(t) {
            Some((width, signed)) => write_int_at_width(ctx.str(*spelling), width, signed, out),
            None => out.push_str(ctx.str(*spelling)),
        },
        (AttrData::Int { spelling, .. } | AttrData::Float { spelling, .. }, TypeData::Float(n)) => {
            let name = ctx.str(*n);
            match float_sem(name) {
                Some(_) => out.push_str(&format_float_canonical(ctx.str(*spelling), name)),
                None => out.push_str(ctx.str(*spelling)),
            }
        }
        _ => write_dense_literal(ctx, v, out),
    }
}

// ================================================================================== locations

/// The inside of `loc(...)`, as written (preserving style).
pub fn write_location(ctx: &Context, l: &Location, style: Style, out: &mut String) {
    match l {
        Location::Unknown => out.push_str("unknown"),
        Location::FileLineCol { file, line, col } => {
            write_spelled_string(ctx.str(*file), out);
            out.push_str(&format!(":{}:{}", line, col));
        }
        Location::Name { name, child } => {
            write_spelled_string(ctx.str(*name), out);
            if let Some(c) = child {
                out.push('(');
                write_loc_body(ctx, *c, style, out);
                out.push(')');
            }
        }
        Location::CallSite { callee, caller } => {
            write_callsite(out, [*callee, *caller], |x, out| write_loc_body(ctx, x, style, out));
        }
        Location::Fused { metadata, locs } => {
            write_fused(ctx, *metadata, locs.iter().copied(), style, out, |x, out| write_loc_body(ctx, x, style, out));
        }
    }
}

/// `callsite(callee at caller)`, the two written by `write` (both location printers).
pub fn write_callsite<T: Copy>(out: &mut String, [callee, caller]: [T; 2], mut write: impl FnMut(T, &mut String)) {
    out.push_str("callsite(");
    write(callee, out);
    out.push_str(" at ");
    write(caller, out);
    out.push(')');
}

/// `fused<metadata>[a, b]`, the locations written by `write` (both location printers).
pub fn write_fused<T>(ctx: &Context, metadata: Option<AttrId>, locs: impl IntoIterator<Item = T>, style: Style, out: &mut String, write: impl FnMut(T, &mut String)) {
    out.push_str("fused");
    if let Some(m) = metadata {
        out.push('<');
        write_attr(ctx, m, style, out);
        out.push('>');
    }
    out.push('[');
    write_list(locs, ", ", out, write);
    out.push(']');
}

/// A string kept as spelled, with its quotes (added if the spelling has none).
fn write_spelled_string(s: &str, out: &mut String) {
    if s.len() >= 2 && s.starts_with('"') && s.ends_with('"') {
        out.push_str(s);
    } else {
        out.push('"');
        out.push_str(s);
        out.push('"');
    }
}

/// A location attribute without the `loc(...)` wrapper.
pub fn write_loc_body(ctx: &Context, a: AttrId, style: Style, out: &mut String) {
    if style.canonical {
        super::locs::write_loc_body_canonical(ctx, a, style, out);
        return;
    }
    match ctx.attr_data(a) {
        AttrData::Loc(l) => write_location(ctx, l, style, out),
        AttrData::Alias { name, .. } => {
            out.push('#');
            out.push_str(ctx.str(*name));
        }
        _ => write_attr(ctx, a, style, out),
    }
}

/// A dense literal as written (nested lists, elements as spelled).
fn write_dense_literal(ctx: &Context, a: AttrId, out: &mut String) {
    match ctx.attr_data(a) {
        AttrData::Unit => {}
        AttrData::Array(items) => {
            out.push('[');
            for (i, &x) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_dense_literal(ctx, x, out);
            }
            out.push(']');
        }
        AttrData::Int { spelling, .. } | AttrData::Float { spelling, .. } => out.push_str(ctx.str(*spelling)),
        AttrData::String { spelling, .. } => {
            out.push('"');
            out.push_str(ctx.str(*spelling));
            out.push('"');
        }
        AttrData::ComplexLit(re, im) => {
            out.push('(');
            write_dense_literal(ctx, *re, out);
            out.push_str(", ");
            write_dense_literal(ctx, *im, out);
            out.push(')');
        }
        _ => write_attr(ctx, a, Style::PRESERVING, out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dialect_symbols_take_their_pretty_form() {
        let f = |t: &str| {
            let mut s = String::new();
            write_dialect_symbol(t, &mut s);
            s
        };
        assert_eq!(f("#d<x>"), "#d.x");
        assert_eq!(f("#d<\"q r\">"), "#d<\"q r\">");
        assert_eq!(f("#d.x< 1 ,2 >"), "#d.x< 1 ,2 >");
        assert_eq!(f("!d<\"raw\">"), "!d<\"raw\">");
        assert_eq!(f("#d<x<1>>"), "#d.x<1>");
        assert_eq!(f("#d<1>"), "#d<1>");
        assert_eq!(f("#d.y"), "#d.y");
    }

    #[test]
    fn identity_maps() {
        assert!(is_identity_affine_map("affine_map<(d0, d1) -> (d0, d1)>"));
        assert!(is_identity_affine_map("affine_map<() -> ()>"));
        assert!(!is_identity_affine_map("affine_map<(d0, d1) -> (d1, d0)>"));
        assert!(!is_identity_affine_map("affine_map<(d0)[s0] -> (d0)>"));
    }
}
