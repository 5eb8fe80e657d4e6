//! Canonical printing of `dense<...>` literals as MLIR does it. Elements are first brought to
//! their value in the element type (integers modulo `2^width`, floats as bits of their format,
//! hex strings decoded: `i1` bit-packed, everything else little-endian), then printed: nothing
//! for zero elements, one element for a splat (all equal; never for `i0`, as in MLIR), nested lists following the shape,
//! and, past 100 elements that are not all equal, the raw data as a hex string (never for
//! string elements). Complex elements print as `(re,im)` without a space.

use crate::ir::attrs::AttrData;
use crate::ir::context::unescape_string;
use crate::ir::types::{Signedness, TypeData};
use crate::ir::{AttrId, Context, TypeId};

use super::float::{float_sem, int_text_for_width, parse_int_literal, write_float_bits, BigUint, FloatSem};

/// What the elements of a dense literal are.
#[derive(Clone, Debug)]
enum Kind {
    Int { width: u32, signed: bool },
    Float(&'static FloatSem),
    Complex(Box<Kind>),
    Other,
}

/// One element, reduced to its value in the element type.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Elem {
    Int(BigUint),
    Float(u128),
    Complex(Box<Elem>, Box<Elem>),
    Str(Vec<u8>),
    /// An element that does not fit its type, printed as written.
    Raw(String),
}

/// Integers wider than this are printed as written (no real model has them, and their
/// arithmetic would cost memory proportional to the width for every element).
const MAX_MODELLED_WIDTH: u32 = 1024;

fn kind_of(ctx: &Context, t: TypeId) -> Kind {
    match ctx.type_data(ctx.resolved_type(t)) {
        TypeData::Integer { width, .. } if *width > MAX_MODELLED_WIDTH => Kind::Other,
        TypeData::Integer { width, signedness } => Kind::Int { width: *width, signed: *signedness != Signedness::Unsigned },
        TypeData::Index => Kind::Int { width: 64, signed: true },
        TypeData::Float(n) => match float_sem(ctx.str(*n)) {
            Some(s) => Kind::Float(s),
            None => Kind::Other,
        },
        TypeData::Complex(inner) => match kind_of(ctx, *inner) {
            k @ (Kind::Int { .. } | Kind::Float(_)) => Kind::Complex(Box::new(k)),
            _ => Kind::Other,
        },
        _ => Kind::Other,
    }
}

/// Bytes one element takes in the raw data (`None`: bit-packed `i1`).
fn elem_size(k: &Kind) -> Option<usize> {
    match k {
        Kind::Int { width: 1, .. } => None,
        Kind::Int { width, .. } => Some((*width as usize).div_ceil(8)),
        Kind::Float(s) => Some((s.bits as usize).div_ceil(8)),
        Kind::Complex(inner) => elem_size(inner).map(|n| 2 * n),
        Kind::Other => None,
    }
}

/// Writes the inside of `dense<...>` for `value` of shaped type `ty`.
pub fn write_dense_canonical(ctx: &Context, value: AttrId, ty: TypeId, out: &mut String) {
    let (shape, elem) = match ctx.type_data(ctx.resolved_type(ty)) {
        TypeData::RankedTensor { shape, elem, .. } | TypeData::Vector { shape, elem, .. } => (shape.clone(), *elem),
        _ => (vec![], ty),
    };
    let kind = kind_of(ctx, elem);
    // Saturating: a declared shape's element count may overflow (`tensor<4294967296x4294967296x4294967296xf32>`).
    let count: i64 = shape.iter().fold(1i64, |a, &d| a.saturating_mul(d.max(0)));
    let value = ctx.resolved_attr(value);
    let elems: Vec<Elem> = match ctx.attr_data(value) {
        // `dense<>`: no elements.
        AttrData::Unit => Vec::new(),
        AttrData::String { spelling, .. } if !matches!(kind, Kind::Other) && ctx.str(*spelling).starts_with("0x") => {
            match crate::ir::hex::unhex(ctx.str(*spelling)).and_then(|raw| decode_raw(&raw, &kind, count)) {
                Some(e) => e,
                None => {
                    out.push('"');
                    out.push_str(ctx.str(*spelling));
                    out.push('"');
                    return;
                }
            }
        }
        AttrData::Hex(raw) if !matches!(kind, Kind::Other) => {
            if prints_as_is(raw, &kind, count) {
                out.push('"');
                raw.write_hex(out);
                out.push('"');
                return;
            }
            match decode_raw(raw, &kind, count) {
                Some(e) => e,
                None => {
                    out.push('"');
                    raw.write_hex(out);
                    out.push('"');
                    return;
                }
            }
        }
        _ => {
            let mut flat = Vec::new();
            flatten(ctx, value, &kind, &mut flat);
            flat
        }
    };
    if count == 0 {
        return;
    }
    let Some(first) = elems.first() else { return };
    if matches!(kind, Kind::Int { width: 0, .. }) && !shape.is_empty() {
        // MLIR stores no bits for `i0` elements and never sees them as a splat: it writes
        // every element, or past 100 of them the (empty) raw data.
        if count > 100 {
            out.push_str("\"0x\"");
        } else {
            write_nested(&shape, &vec![first.clone(); count as usize], &kind, out);
        }
        return;
    }
    if elems.iter().all(|e| e == first) {
        write_elem(first, &kind, out);
        return;
    }
    if count > 100 && !matches!(kind, Kind::Other) {
        if let Some(hex) = encode_hex(&elems, &kind) {
            out.push('"');
            out.push_str(&hex);
            out.push('"');
            return;
        }
    }
    write_nested(&shape, &elems, &kind, out);
}

fn flatten(ctx: &Context, a: AttrId, kind: &Kind, out: &mut Vec<Elem>) {
    match ctx.attr_data(a) {
        AttrData::Array(items) => {
            for &i in items {
                flatten(ctx, i, kind, out);
            }
        }
        _ => out.push(element(ctx, a, kind)),
    }
}

/// `value mod 2^width` for a signed literal.
fn wrap(neg: bool, mag: &BigUint, width: u32) -> BigUint {
    let v = mag.low_bits(width as u64);
    if neg && !v.is_zero() {
        let mut m = BigUint::pow2(width as u64);
        m.sub_assign(&v);
        m
    } else {
        v
    }
}

fn element(ctx: &Context, a: AttrId, kind: &Kind) -> Elem {
    let a = ctx.resolved_attr(a);
    let raw = || {
        let mut s = String::new();
        super::attrs::write_attr(ctx, a, super::attrs::Style::CANONICAL, &mut s);
        Elem::Raw(s)
    };
    match (ctx.attr_data(a), kind) {
        (AttrData::Bool(b), Kind::Int { .. }) => Elem::Int(BigUint::from_u128(*b as u128)),
        (AttrData::Int { spelling, .. }, Kind::Int { width, .. }) => match parse_int_literal(ctx.str(*spelling)) {
            Some((neg, mag)) => Elem::Int(wrap(neg, &mag, *width)),
            None => raw(),
        },
        (AttrData::Int { spelling, .. } | AttrData::Float { spelling, .. }, Kind::Float(sem)) => match sem.literal_bits(ctx.str(*spelling)) {
            Some(bits) => Elem::Float(bits),
            None => raw(),
        },
        (AttrData::ComplexLit(re, im), Kind::Complex(inner)) => {
            Elem::Complex(Box::new(element(ctx, *re, inner)), Box::new(element(ctx, *im, inner)))
        }
        (AttrData::String { spelling, .. }, _) => Elem::Str(unescape_string(ctx.str(*spelling))),
        _ => raw(),
    }
}

fn write_elem(e: &Elem, kind: &Kind, out: &mut String) {
    match (e, kind) {
        (Elem::Int(v), Kind::Int { width: 1, .. }) => out.push_str(if v.is_zero() { "false" } else { "true" }),
        (Elem::Int(v), Kind::Int { width, signed }) => out.push_str(&int_text_for_width(false, v, *width, *signed)),
        (Elem::Float(bits), Kind::Float(sem)) => write_float_bits(sem, *bits, out),
        (Elem::Complex(re, im), Kind::Complex(inner)) => {
            out.push('(');
            write_elem(re, inner, out);
            out.push(',');
            write_elem(im, inner, out);
            out.push(')');
        }
        (Elem::Str(bytes), _) => super::attrs::write_escaped(bytes, out),
        (Elem::Raw(s), _) => out.push_str(s),
        (Elem::Int(v), _) => out.push_str(&v.to_decimal()),
        (Elem::Float(bits), _) => out.push_str(&format!("0x{:X}", bits)),
        (Elem::Complex(..), _) => out.push_str("<<invalid complex element>>"),
    }
}

/// Whether raw data prints back as itself: more than 100 elements that fill their bytes
/// exactly (no bits a decode would drop), not all equal (a splat prints one element). Then the
/// elements need not be decoded and encoded again.
fn prints_as_is(raw: &[u8], kind: &Kind, count: i64) -> bool {
    fn exact(kind: &Kind) -> bool {
        match kind {
            Kind::Int { width, .. } => *width > 0 && width % 8 == 0,
            Kind::Float(sem) => sem.bits % 8 == 0 && elem_size(kind) == Some(sem.bits as usize / 8),
            Kind::Complex(inner) => exact(inner),
            Kind::Other => false,
        }
    }
    let Some(size) = elem_size(kind) else { return false };
    count > 100 && exact(kind) && size > 0 && Some(raw.len()) == (count as usize).checked_mul(size) && raw.chunks_exact(size).any(|c| c != &raw[..size])
}

fn decode_raw(bytes: &[u8], kind: &Kind, count: i64) -> Option<Vec<Elem>> {
    let count = count.max(0) as usize;
    match elem_size(kind) {
        None => {
            // Bit-packed i1, or a single all-zeros / all-ones byte for a splat.
            if !matches!(kind, Kind::Int { width: 1, .. }) {
                return None;
            }
            if bytes.len() == count.div_ceil(8) {
                return Some(
                    (0..count).map(|i| Elem::Int(BigUint::from_u128(((bytes[i / 8] >> (i % 8)) & 1) as u128))).collect(),
                );
            }
            if bytes.len() == 1 && (bytes[0] == 0 || bytes[0] == 0xFF) {
                return Some(vec![Elem::Int(BigUint::from_u128((bytes[0] != 0) as u128))]);
            }
            None
        }
        // `i0`: no bits at all; the one value is 0.
        Some(0) => bytes.is_empty().then(|| vec![Elem::Int(BigUint::from_u128(0))]),
        Some(size) => {
            if Some(bytes.len()) != size.checked_mul(count) && bytes.len() != size {
                return None;
            }
            Some(bytes.chunks(size).map(|c| decode_chunk(c, kind)).collect())
        }
    }
}

fn decode_chunk(c: &[u8], kind: &Kind) -> Elem {
    match kind {
        Kind::Int { width, .. } => Elem::Int(BigUint::from_le_bytes(c).low_bits(*width as u64)),
        Kind::Float(sem) => {
            // At most 16 bytes (f128), little-endian.
            let mut b = [0u8; 16];
            let n = c.len().min(16);
            b[..n].copy_from_slice(&c[..n]);
            let bits = u128::from_le_bytes(b);
            Elem::Float(if sem.bits >= 128 { bits } else { bits & ((1u128 << sem.bits) - 1) })
        }
        Kind::Complex(inner) => {
            let half = c.len() / 2;
            Elem::Complex(Box::new(decode_chunk(&c[..half], inner)), Box::new(decode_chunk(&c[half..], inner)))
        }
        Kind::Other => Elem::Raw(String::new()),
    }
}

/// The raw data of `elems` as MLIR's `"0x..."` hex string.
fn encode_hex(elems: &[Elem], kind: &Kind) -> Option<String> {
    let mut bytes: Vec<u8> = Vec::new();
    match elem_size(kind) {
        None => {
            if !matches!(kind, Kind::Int { width: 1, .. }) {
                return None;
            }
            bytes.resize(elems.len().div_ceil(8), 0);
            for (i, e) in elems.iter().enumerate() {
                match e {
                    Elem::Int(v) if !v.is_zero() => bytes[i / 8] |= 1 << (i % 8),
                    Elem::Int(_) => {}
                    _ => return None,
                }
            }
        }
        Some(size) => {
            for e in elems {
                encode_elem(e, kind, size, &mut bytes)?;
            }
        }
    }
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut s = Vec::with_capacity(2 + 2 * bytes.len());
    s.extend_from_slice(b"0x");
    for b in bytes {
        s.push(HEX[(b >> 4) as usize]);
        s.push(HEX[(b & 15) as usize]);
    }
    String::from_utf8(s).ok()
}

fn encode_elem(e: &Elem, kind: &Kind, size: usize, out: &mut Vec<u8>) -> Option<()> {
    match (e, kind) {
        (Elem::Int(v), Kind::Int { .. }) => v.write_le_bytes(size, out),
        (Elem::Float(bits), Kind::Float(_)) => out.extend_from_slice(&bits.to_le_bytes()[..size.min(16)]),
        (Elem::Complex(re, im), Kind::Complex(inner)) => {
            encode_elem(re, inner, size / 2, out)?;
            encode_elem(im, inner, size / 2, out)?;
        }
        _ => return None,
    }
    Some(())
}

/// Nested `[...]` following `shape` (the elements are already complete).
fn write_nested(shape: &[i64], elems: &[Elem], kind: &Kind, out: &mut String) {
    fn rec(shape: &[i64], elems: &[Elem], kind: &Kind, pos: &mut usize, out: &mut String) {
        match shape.split_first() {
            None => {
                match elems.get(*pos) {
                    Some(e) => write_elem(e, kind, out),
                    None => out.push_str("<<missing element>>"),
                }
                *pos += 1;
            }
            Some((&n, rest)) => {
                out.push('[');
                for i in 0..n.max(0) {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    rec(rest, elems, kind, pos, out);
                }
                out.push(']');
            }
        }
    }
    let mut pos = 0;
    rec(shape, elems, kind, &mut pos, out);
}
