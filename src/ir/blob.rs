//! [`Blob`]: the raw little-endian element data of a `dense<"0x...">` literal held as bytes
//! (MLIR's raw data of a hex dense literal), shared rather than copied: an importer's blob is
//! a slice of the file it read (`bytes::Bytes`, through prost's `bytes = "bytes"` fields), and
//! an exporter writes the same bytes back. Hex text exists only while printing.
//!
//! A blob is interned like any attribute ([`AttrData::Hex`](super::AttrData::Hex)): equal
//! bytes are one attribute. Its hash reads a fixed sample of the bytes (the length and at
//! most [`HASH_SAMPLE`] bytes spread over the data), so interning a weight costs no pass over
//! it; equality compares the bytes (after their address and length).

use prost::bytes::Bytes;
use std::hash::{Hash, Hasher};

/// Bytes of a blob its hash reads, at most.
const HASH_SAMPLE: usize = 256;

/// Raw data, shared.
#[derive(Clone, Default)]
pub struct Blob(Bytes);

impl Blob {
    pub fn new(bytes: Bytes) -> Blob {
        Blob(bytes)
    }

    /// A blob that owns a copy of `bytes`.
    pub fn copy_from(bytes: &[u8]) -> Blob {
        Blob(Bytes::copy_from_slice(bytes))
    }

    /// The shared bytes (a reference count, not a copy).
    pub fn bytes(&self) -> Bytes {
        self.0.clone()
    }

    /// Appends MLIR's text of the data: `0x` and two upper-case hex digits per byte.
    pub fn write_hex(&self, out: &mut String) {
        write_hex(&self.0, out);
    }
}

/// Appends `0x` and two upper-case hex digits per byte of `bytes` (MLIR prints hex in upper
/// case).
pub fn write_hex(bytes: &[u8], out: &mut String) {
    const D: &[u8; 16] = b"0123456789ABCDEF";
    out.reserve(2 + 2 * bytes.len());
    out.push_str("0x");
    // In pieces, so the digits go through a small buffer rather than a char at a time.
    let mut buf = [0u8; 512];
    for chunk in bytes.chunks(buf.len() / 2) {
        for (i, &b) in chunk.iter().enumerate() {
            buf[2 * i] = D[(b >> 4) as usize];
            buf[2 * i + 1] = D[(b & 15) as usize];
        }
        // Only ASCII hex digits were written.
        out.push_str(std::str::from_utf8(&buf[..2 * chunk.len()]).unwrap_or_default());
    }
}

impl std::ops::Deref for Blob {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.0
    }
}

impl PartialEq for Blob {
    fn eq(&self, other: &Blob) -> bool {
        (self.0.as_ptr() == other.0.as_ptr() && self.0.len() == other.0.len()) || self.0[..] == other.0[..]
    }
}

impl Eq for Blob {}

impl Hash for Blob {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let b = &self.0[..];
        state.write_usize(b.len());
        if b.len() <= HASH_SAMPLE {
            state.write(b);
        } else {
            // 16 runs of 16 bytes, the last one ending at the end of the data.
            let runs = HASH_SAMPLE / 16;
            for i in 0..runs {
                let at = i * (b.len() - 16) / (runs - 1);
                state.write(&b[at..at + 16]);
            }
        }
    }
}

impl std::fmt::Debug for Blob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Blob({} bytes)", self.0.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn hex_text_is_mlirs() {
        let mut s = String::new();
        Blob::copy_from(&[0x00, 0xAB, 0x7f]).write_hex(&mut s);
        assert_eq!(s, "0x00AB7F");
        let big: Vec<u8> = (0..1000u32).map(|i| (i * 7) as u8).collect();
        let mut s = String::from("0x");
        for b in &big {
            s.push_str(&format!("{b:02X}"));
        }
        assert_eq!(crate::ir::hex::hex(&big), s);
        assert_eq!(crate::ir::hex::unhex(&s).as_deref(), Some(&big[..]));
    }

    #[test]
    fn equal_bytes_are_equal_blobs_with_equal_hashes() {
        let h = |b: &Blob| rustc_hash::FxBuildHasher.hash_one(b);
        let data: Vec<u8> = (0..10_000u32).map(|i| (i * 31 + 7) as u8).collect();
        let a = Blob::new(Bytes::from(data.clone()));
        let b = Blob::copy_from(&data);
        assert_eq!(a, b);
        assert_eq!(h(&a), h(&b));
        // A slice of the same buffer is equal to a copy of it.
        let shared = Blob::new(a.bytes().slice(10..5000));
        assert_eq!(shared, Blob::copy_from(&data[10..5000]));
        // One byte differs (where the hash does not look): not equal.
        let mut other = data.clone();
        other[5001] ^= 1;
        assert_ne!(a, Blob::copy_from(&other));
        assert_ne!(a, Blob::copy_from(&data[..9999]));
    }

    /// The value of the `dense<...>` attribute of the first op's `value`.
    fn dense_value(m: &crate::ir::Module) -> (crate::ir::AttrId, crate::ir::AttrId) {
        let op = m.body.block_ops(m.top).next().expect("an op");
        let name = m.ctx.lookup_sym("value").expect("a value attribute");
        let a = m.body.op(op).attrs.iter().find(|e| e.name == name).expect("value").value;
        let crate::ir::AttrData::Dense { value, .. } = m.ctx.attr_data(a) else { panic!("not dense") };
        (a, *value)
    }

    fn parse(text: &str) -> crate::ir::Module {
        crate::syntax::parse_module(text).unwrap_or_else(|d| panic!("{:?}", d.first().map(|d| &d.message)))
    }

    #[test]
    fn parsed_hex_literals_of_numbers_are_bytes_and_print_as_written() {
        use crate::ir::AttrData;
        use crate::printer::{print_module, PrintOptions};
        let data: Vec<u8> = (0..404u32).map(|i| (i * 13) as u8).collect();
        let upper = crate::ir::hex::hex(&data);
        let lower = format!("0x{}", upper[2..].to_ascii_lowercase());
        let text = |h: &str, ty: &str| format!("\"tfg.Const\"() {{value = dense<\"{h}\"> : tensor<{ty}>}} : () -> (tensor<{ty}>)\n");
        let canonical = parse(&text(&upper, "101xf32"));
        let (_, v) = dense_value(&canonical);
        assert!(matches!(canonical.ctx.attr_data(v), AttrData::Hex(b) if b[..] == data[..]));
        // Both printers give back the text (the canonical one prints more than 100 elements that
        // are not all equal as hex, in upper case).
        for opts in [PrintOptions::default(), PrintOptions { canonical: true, ..Default::default() }] {
            assert!(print_module(&canonical, opts).contains(&format!("dense<\"{upper}\"> : tensor<101xf32>")));
        }
        // Lower-case hex keeps its spelling (a string), and prints as MLIR would canonically.
        let spelled = parse(&text(&lower, "101xf32"));
        let (_, v) = dense_value(&spelled);
        assert!(matches!(spelled.ctx.attr_data(v), AttrData::String { .. }));
        assert!(print_module(&spelled, PrintOptions::default()).contains(&lower));
        assert!(print_module(&spelled, PrintOptions { canonical: true, ..Default::default() }).contains(&upper));
        // A hex string of string elements is one string element.
        let strings = parse(&text("0xAB", "2x!tf_type.string"));
        assert!(matches!(strings.ctx.attr_data(dense_value(&strings).1), AttrData::String { .. }));
        assert!(print_module(&strings, PrintOptions::default()).contains("dense<\"0xAB\"> : tensor<2x!tf_type.string>"));
        // So is every string of a list, whatever the element type.
        for ty in ["2x!tf_type.string", "2xi8"] {
            let list = parse(&format!("\"tfg.Const\"() {{value = dense<[\"0xAB\", \"0xCD\"]> : tensor<{ty}>}} : () -> (tensor<{ty}>)\n"));
            let AttrData::Array(items) = list.ctx.attr_data(dense_value(&list).1) else { panic!("not a list") };
            assert!(items.iter().all(|&i| matches!(list.ctx.attr_data(i), AttrData::String { .. })), "{ty}");
        }
    }

    #[test]
    fn bytes_and_parsed_hex_are_one_attribute() {
        use crate::ir::AttrData;
        let data: Vec<u8> = (0..8u32).flat_map(|i| i.to_le_bytes()).collect();
        let mut m = parse(&format!("\"tfg.Const\"() {{value = dense<\"{}\"> : tensor<8xi32>}} : () -> (tensor<8xi32>)\n", crate::ir::hex::hex(&data)));
        let (a, v) = dense_value(&m);
        // Interning the same bytes from another buffer finds the parsed attribute.
        let again = m.ctx.attr(AttrData::Hex(Blob::new(Bytes::from(data.clone()))));
        assert_eq!(again, v);
        let ty = match m.ctx.attr_data(a) {
            AttrData::Dense { ty, .. } => *ty,
            _ => unreachable!(),
        };
        assert_eq!(m.ctx.attr(AttrData::Dense { value: again, ty }), a);
        // A module holding the string form equals one holding the bytes.
        let mut as_string = m.clone();
        let op = as_string.body.block_ops(as_string.top).next().unwrap();
        let s = as_string.ctx.sym(&crate::ir::hex::hex(&data));
        let sv = as_string.ctx.attr(AttrData::String { spelling: s, ty: None });
        let dense = as_string.ctx.attr(AttrData::Dense { value: sv, ty });
        let name = as_string.ctx.sym("value");
        as_string.body.set_attr(op, name, dense);
        assert_ne!(dense, a);
        assert!(crate::ir::equal::modules_equal(&m, &as_string));
        assert!(crate::ir::equal::modules_equal(&as_string, &m));
        // Other bytes differ.
        let other = m.ctx.attr(AttrData::Hex(Blob::copy_from(&data[..28])));
        assert_ne!(other, v);
        let _ = &mut m;
    }
}
