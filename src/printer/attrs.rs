//! Printing of types and attributes. Two styles: *preserving* (literals as spelled, aliases
//! by name, dictionaries in written order) and *canonical* (what mlir-opt / tfg-opt print:
//! decimal integers, `%.6e` floats, sorted dictionaries, aliases expanded).

use crate::ir::attrs::{AttrData, Location};
use crate::ir::context::{escape_bytes, parse_int_spelling, unescape_string};
use crate::ir::types::{Signedness, TypeData, DYNAMIC};
use crate::ir::{AttrId, Context, NamedAttr, TypeId};

use super::float::format_float_canonical;

/// Printing style for literals, aliases and dictionaries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    pub canonical: bool,
}

/// Appends the text of type `t` to `out`.
pub fn write_type(ctx: &Context, t: TypeId, style: Style, out: &mut String) {
    match ctx.type_data(t) {
        TypeData::Integer { width, signedness } => {
            out.push_str(match signedness {
                Signedness::Signless => "i",
                Signedness::Signed => "si",
                Signedness::Unsigned => "ui",
            });
            push_num(out, *width as i64);
        }
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
        TypeData::TfWithSubtypes { name, subtypes } => {
            out.push_str("!tf_type.");
            out.push_str(ctx.str(*name));
            if !subtypes.is_empty() {
                out.push('<');
                write_type_list(ctx, subtypes, style, out);
                out.push('>');
            }
        }
        TypeData::Opaque(text) => out.push_str(ctx.str(*text)),
        TypeData::Alias { name, target } => {
            if style.canonical {
                write_type(ctx, *target, style, out);
            } else {
                out.push('!');
                out.push_str(ctx.str(*name));
            }
        }
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
            push_num(out, d);
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
    write_type(ctx, t, Style { canonical: false }, &mut s);
    s
}

fn push_num(out: &mut String, n: i64) {
    let mut buf = itoa_buf(n);
    out.push_str(buf.as_str());
    buf.clear();
}

fn itoa_buf(n: i64) -> String {
    n.to_string()
}

/// Whether `s` can be printed without quotes as a dictionary key / symbol name.
pub fn is_bare_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_ascii_alphabetic() || c == '_' => {}
        _ => return false,
    }
    chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.')
}

pub fn write_key(ctx: &Context, key: crate::ir::Sym, out: &mut String) {
    let k = ctx.str(key);
    if is_bare_identifier(k) {
        out.push_str(k);
    } else {
        out.push('"');
        out.push_str(&escape_bytes(k.as_bytes()));
        out.push('"');
    }
}

/// `{a = 1, b}` (entries in the given order; canonical callers sort first).
pub fn write_dict(ctx: &Context, entries: &[NamedAttr], style: Style, out: &mut String) {
    out.push('{');
    if style.canonical {
        let mut sorted: Vec<&NamedAttr> = entries.iter().collect();
        sorted.sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
        write_entries(ctx, sorted.into_iter(), style, out);
    } else {
        write_entries(ctx, entries.iter(), style, out);
    }
    out.push('}');
}

pub fn write_entries<'a>(ctx: &Context, entries: impl Iterator<Item = &'a NamedAttr>, style: Style, out: &mut String) {
    for (i, e) in entries.enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_key(ctx, e.name, out);
        if !matches!(ctx.attr_data(e.value), AttrData::Unit) {
            out.push_str(" = ");
            write_attr(ctx, e.value, style, out);
        }
    }
}

/// Appends the text of attribute `a` to `out`.
pub fn write_attr(ctx: &Context, a: AttrId, style: Style, out: &mut String) {
    match ctx.attr_data(a) {
        AttrData::Unit => out.push_str("unit"),
        AttrData::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        AttrData::Int { spelling, ty } => {
            let s = ctx.str(*spelling);
            if style.canonical {
                write_int_canonical(ctx, s, *ty, style, false, out);
            } else {
                out.push_str(s);
                if let Some(t) = ty {
                    out.push_str(" : ");
                    write_type(ctx, *t, style, out);
                }
            }
        }
        AttrData::Float { spelling, ty } => {
            let s = ctx.str(*spelling);
            if style.canonical {
                let t = ty.map(|t| ctx.resolved_type(t));
                let type_name = t.and_then(|t| match ctx.type_data(t) {
                    TypeData::Float(n) => Some(ctx.str(*n)),
                    _ => None,
                });
                out.push_str(&format_float_canonical(s, type_name.unwrap_or("f64")));
                out.push_str(" : ");
                match ty {
                    Some(t) => write_type(ctx, *t, style, out),
                    None => out.push_str("f64"),
                }
            } else {
                out.push_str(s);
                if let Some(t) = ty {
                    out.push_str(" : ");
                    write_type(ctx, *t, style, out);
                }
            }
        }
        AttrData::String { spelling, ty } => {
            out.push('"');
            let s = ctx.str(*spelling);
            if style.canonical {
                out.push_str(&escape_bytes(&unescape_string(s)));
            } else {
                out.push_str(s);
            }
            out.push('"');
            if let Some(t) = ty {
                out.push_str(" : ");
                write_type(ctx, *t, style, out);
            }
        }
        AttrData::Type(t) => write_type(ctx, *t, style, out),
        AttrData::Array(items) => {
            out.push('[');
            for (i, &x) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                match ctx.attr_data(x) {
                    // MLIR elides the default `i64` of integers inside arrays.
                    AttrData::Int { spelling, ty } if style.canonical => {
                        write_int_canonical(ctx, ctx.str(*spelling), *ty, style, true, out)
                    }
                    _ => write_attr(ctx, x, style, out),
                }
            }
            out.push(']');
        }
        AttrData::Dict(entries) => write_dict(ctx, entries, style, out),
        AttrData::SymbolRef(parts) => {
            for (i, p) in parts.iter().enumerate() {
                if i > 0 {
                    out.push_str("::");
                }
                out.push_str(ctx.str(*p));
            }
        }
        AttrData::Dense { value, ty } => {
            out.push_str("dense<");
            if style.canonical {
                super::dense::write_dense_canonical(ctx, *value, *ty, out);
            } else {
                write_dense_literal(ctx, *value, out);
            }
            out.push_str("> : ");
            write_type(ctx, *ty, style, out);
        }
        AttrData::DenseResource { handle, ty } => {
            out.push_str("dense_resource<");
            out.push_str(ctx.str(*handle));
            out.push_str("> : ");
            write_type(ctx, *ty, style, out);
        }
        AttrData::DenseArray { elem, values } => {
            out.push_str("array<");
            write_type(ctx, *elem, style, out);
            if !values.is_empty() {
                out.push_str(": ");
                for (i, &v) in values.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    if style.canonical {
                        write_array_element_canonical(ctx, v, *elem, out);
                    } else {
                        write_dense_literal(ctx, v, out);
                    }
                }
            }
            out.push('>');
        }
        AttrData::ComplexLit(re, im) => {
            out.push('(');
            write_dense_literal(ctx, *re, out);
            out.push_str(", ");
            write_dense_literal(ctx, *im, out);
            out.push(')');
        }
        AttrData::TfVersion { producer, min_consumer, bad_consumers } => {
            out.push_str("#tf_type.version<producer = ");
            push_num(out, *producer);
            out.push_str(", min_consumer = ");
            push_num(out, *min_consumer);
            if !bad_consumers.is_empty() {
                out.push_str(", bad_consumers = [");
                for (i, b) in bad_consumers.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    push_num(out, *b);
                }
                out.push(']');
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
                Some(dims) => {
                    for (i, &d) in dims.iter().enumerate() {
                        if i > 0 {
                            out.push('x');
                        }
                        if d == DYNAMIC {
                            out.push('?');
                        } else {
                            push_num(out, d);
                        }
                    }
                }
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
        AttrData::Opaque(text) => out.push_str(ctx.str(*text)),
        AttrData::Alias { name, target } => {
            if style.canonical {
                write_attr(ctx, *target, style, out);
            } else {
                out.push('#');
                out.push_str(ctx.str(*name));
            }
        }
        AttrData::Loc(l) => {
            out.push_str("loc(");
            write_location(ctx, l, style, out);
            out.push(')');
        }
    }
}

/// The inside of `loc(...)`.
pub fn write_location(ctx: &Context, l: &Location, style: Style, out: &mut String) {
    match l {
        Location::Unknown => out.push_str("unknown"),
        Location::FileLineCol { file, line, col } => {
            out.push('"');
            out.push_str(ctx.str(*file));
            out.push_str("\":");
            push_num(out, *line as i64);
            out.push(':');
            push_num(out, *col as i64);
        }
        Location::Name { name, child } => {
            out.push('"');
            out.push_str(ctx.str(*name));
            out.push('"');
            if let Some(c) = child {
                out.push('(');
                write_loc_body(ctx, *c, style, out);
                out.push(')');
            }
        }
        Location::CallSite { callee, caller } => {
            out.push_str("callsite(");
            write_loc_body(ctx, *callee, style, out);
            out.push_str(" at ");
            write_loc_body(ctx, *caller, style, out);
            out.push(')');
        }
        Location::Fused { metadata, locs } => {
            out.push_str("fused");
            if let Some(m) = metadata {
                out.push('<');
                write_attr(ctx, *m, style, out);
                out.push('>');
            }
            out.push('[');
            for (i, &x) in locs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_loc_body(ctx, x, style, out);
            }
            out.push(']');
        }
    }
}

/// A location attribute without the `loc(...)` wrapper.
pub fn write_loc_body(ctx: &Context, a: AttrId, style: Style, out: &mut String) {
    match ctx.attr_data(a) {
        AttrData::Loc(l) => write_location(ctx, l, style, out),
        AttrData::Alias { name, target } => {
            if style.canonical {
                write_loc_body(ctx, *target, style, out);
            } else {
                out.push('#');
                out.push_str(ctx.str(*name));
            }
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
        _ => write_attr(ctx, a, Style { canonical: false }, out),
    }
}

fn write_int_canonical(ctx: &Context, spelling: &str, ty: Option<TypeId>, style: Style, elide_i64: bool, out: &mut String) {
    let value = parse_int_spelling(spelling);
    let rt = ty.map(|t| ctx.resolved_type(t));
    match rt.map(|t| ctx.type_data(t)) {
        Some(TypeData::Integer { width: 1, signedness: Signedness::Signless }) => {
            out.push_str(if value.unwrap_or(0) != 0 { "true" } else { "false" });
        }
        Some(TypeData::Float(n)) => {
            // Hex integer spelling of a float's bits.
            out.push_str(&super::float::format_float_bits_canonical(spelling, ctx.str(*n)));
            out.push_str(" : ");
            out.push_str(ctx.str(*n));
        }
        other => {
            match (value, other) {
                (Some(v), Some(TypeData::Integer { width, signedness })) => {
                    out.push_str(&int_canonical_value(v, *width, *signedness));
                }
                (Some(v), _) => out.push_str(&v.to_string()),
                (None, _) => out.push_str(spelling),
            }
            let is_i64 = matches!(other, None | Some(TypeData::Integer { width: 64, signedness: Signedness::Signless }));
            if !(elide_i64 && is_i64) {
                out.push_str(" : ");
                match ty {
                    Some(t) => write_type(ctx, t, style, out),
                    None => out.push_str("i64"),
                }
            }
        }
    }
}

/// MLIR prints signless integers as signed values of their width (`255 : i8` → `-1 : i8`).
pub fn int_canonical_value(v: i128, width: u32, signedness: Signedness) -> String {
    if width >= 128 || signedness == Signedness::Unsigned {
        return v.to_string();
    }
    let modulus = 1i128 << width;
    let mut x = v.rem_euclid(modulus);
    if x >= modulus / 2 {
        x -= modulus;
    }
    x.to_string()
}

fn write_array_element_canonical(ctx: &Context, v: AttrId, elem: TypeId, out: &mut String) {
    let et = ctx.resolved_type(elem);
    match (ctx.attr_data(v), ctx.type_data(et)) {
        (AttrData::Int { spelling, .. }, TypeData::Integer { width: 1, .. }) => {
            let x = parse_int_spelling(ctx.str(*spelling)).unwrap_or(0);
            out.push_str(if x != 0 { "true" } else { "false" });
        }
        (AttrData::Int { spelling, .. }, TypeData::Integer { width, signedness }) => {
            match parse_int_spelling(ctx.str(*spelling)) {
                Some(x) => out.push_str(&int_canonical_value(x, *width, *signedness)),
                None => out.push_str(ctx.str(*spelling)),
            }
        }
        (AttrData::Int { spelling, .. } | AttrData::Float { spelling, .. }, TypeData::Float(n)) => {
            out.push_str(&format_float_canonical(ctx.str(*spelling), ctx.str(*n)));
        }
        _ => write_dense_literal(ctx, v, out),
    }
}
