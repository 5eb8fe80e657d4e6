//! Canonical printing of `dense<...>` literals as MLIR does it: elements reformatted for
//! their type, a splat when every element is equal, nesting following the shape, and hex
//! string payloads decoded into elements.

use crate::ir::attrs::AttrData;
use crate::ir::context::{parse_int_spelling, unescape_string};
use crate::ir::types::{Signedness, TypeData};
use crate::ir::{AttrId, Context, TypeId};

use super::attrs::int_canonical_value;
use super::float::{format_float_bits_canonical, format_float_canonical};

/// Writes the inside of `dense<...>` for `value` of shaped type `ty`.
pub fn write_dense_canonical(ctx: &Context, value: AttrId, ty: TypeId, out: &mut String) {
    let (shape, elem) = match ctx.type_data(ctx.resolved_type(ty)) {
        TypeData::RankedTensor { shape, elem, .. } | TypeData::Vector { shape, elem, .. } => (shape.clone(), *elem),
        _ => (vec![], ty),
    };
    let elem = ctx.resolved_type(elem);
    let mut flat = Vec::new();
    if let AttrData::Unit = ctx.attr_data(value) {
        return;
    }
    if let AttrData::String { spelling, .. } = ctx.attr_data(value) {
        let raw = ctx.str(*spelling);
        if raw.starts_with("0x") && !is_string_element(ctx, elem) {
            match decode_hex(ctx, raw, elem) {
                Some(elems) => flat = elems,
                None => {
                    out.push('"');
                    out.push_str(raw);
                    out.push('"');
                    return;
                }
            }
        } else {
            flat.push(format_element(ctx, value, elem));
        }
    } else {
        flatten(ctx, value, elem, &mut flat);
    }
    if flat.is_empty() {
        // Zero elements: MLIR prints the nesting of the shape.
        write_nested(&shape, &[], out);
        return;
    }
    if flat.iter().all(|e| e == &flat[0]) {
        out.push_str(&flat[0]);
        return;
    }
    write_nested(&shape, &flat, out);
}

fn is_string_element(ctx: &Context, elem: TypeId) -> bool {
    matches!(ctx.type_data(elem), TypeData::TfSimple(s) if ctx.str(*s) == "string")
}

fn flatten(ctx: &Context, a: AttrId, elem: TypeId, out: &mut Vec<String>) {
    match ctx.attr_data(a) {
        AttrData::Array(items) => {
            for &i in items {
                flatten(ctx, i, elem, out);
            }
        }
        _ => out.push(format_element(ctx, a, elem)),
    }
}

fn format_element(ctx: &Context, a: AttrId, elem: TypeId) -> String {
    match (ctx.attr_data(a), ctx.type_data(elem)) {
        (AttrData::Bool(b), _) => if *b { "true" } else { "false" }.to_string(),
        (AttrData::Int { spelling, .. }, TypeData::Integer { width: 1, .. }) => {
            if parse_int_spelling(ctx.str(*spelling)).unwrap_or(0) != 0 { "true" } else { "false" }.to_string()
        }
        (AttrData::Int { spelling, .. }, TypeData::Integer { width, signedness }) => match parse_int_spelling(ctx.str(*spelling)) {
            Some(v) => int_canonical_value(v, *width, *signedness),
            None => ctx.str(*spelling).to_string(),
        },
        (AttrData::Int { spelling, .. }, TypeData::Index) => ctx.str(*spelling).to_string(),
        (AttrData::Int { spelling, .. } | AttrData::Float { spelling, .. }, TypeData::Float(n)) => {
            let s = ctx.str(*spelling);
            if s.trim_start_matches('-').starts_with("0x") {
                format_float_bits_canonical(s, ctx.str(*n))
            } else {
                format_float_canonical(s, ctx.str(*n))
            }
        }
        (AttrData::ComplexLit(re, im), TypeData::Complex(inner)) => {
            let inner = ctx.resolved_type(*inner);
            format!("({}, {})", format_element(ctx, *re, inner), format_element(ctx, *im, inner))
        }
        (AttrData::String { spelling, .. }, _) => {
            format!("\"{}\"", crate::ir::context::escape_bytes(&unescape_string(ctx.str(*spelling))))
        }
        (AttrData::Int { spelling, .. } | AttrData::Float { spelling, .. }, _) => ctx.str(*spelling).to_string(),
        _ => {
            let mut s = String::new();
            super::attrs::write_attr(ctx, a, super::attrs::Style { canonical: true }, &mut s);
            s
        }
    }
}

fn decode_hex(ctx: &Context, raw: &str, elem: TypeId) -> Option<Vec<String>> {
    let hex = &raw[2..];
    if hex.len() % 2 != 0 {
        return None;
    }
    let bytes: Vec<u8> = (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16)).collect::<Result<_, _>>().ok()?;
    let (width, float_name, signedness) = match ctx.type_data(elem) {
        TypeData::Integer { width, signedness } => (*width, None, *signedness),
        TypeData::Float(n) => {
            let name = ctx.str(*n);
            let w = match name {
                "f64" => 64,
                "f32" | "tf32" => 32,
                "f16" | "bf16" => 16,
                _ => return None,
            };
            (w, Some(name), Signedness::Signless)
        }
        _ => return None,
    };
    let nbytes = (width as usize).div_ceil(8).max(1);
    if width == 1 {
        return Some(bytes.iter().map(|&b| if b != 0 { "true" } else { "false" }.to_string()).collect());
    }
    if bytes.len() % nbytes != 0 || nbytes > 8 {
        return None;
    }
    Some(
        bytes
            .chunks(nbytes)
            .map(|c| {
                let mut v: u64 = 0;
                for (i, &b) in c.iter().enumerate() {
                    v |= (b as u64) << (8 * i);
                }
                match float_name {
                    Some(name) => format_float_bits_canonical(&format!("0x{:X}", v), name),
                    None => {
                        let signed = if width < 64 && v & (1 << (width - 1)) != 0 && signedness != Signedness::Unsigned {
                            v as i128 - (1i128 << width)
                        } else if width == 64 && signedness != Signedness::Unsigned {
                            v as i64 as i128
                        } else {
                            v as i128
                        };
                        signed.to_string()
                    }
                }
            })
            .collect(),
    )
}

fn write_nested(shape: &[i64], flat: &[String], out: &mut String) {
    fn rec(shape: &[i64], flat: &[String], pos: &mut usize, out: &mut String) {
        match shape.split_first() {
            None => {
                if let Some(e) = flat.get(*pos) {
                    out.push_str(e);
                }
                *pos += 1;
            }
            Some((&n, rest)) => {
                out.push('[');
                for i in 0..n.max(0) {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    rec(rest, flat, pos, out);
                }
                out.push(']');
            }
        }
    }
    let mut pos = 0;
    rec(shape, flat, &mut pos, out);
}
