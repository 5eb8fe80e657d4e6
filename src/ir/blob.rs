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
        let mut s = String::new();
        write_hex(&big, &mut s);
        assert_eq!(s, crate::ir::hex::hex(&big));
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
}
