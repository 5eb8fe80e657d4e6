//! MLIR's hex form of raw data: `dense<"0x...">` literals hold an attribute's little-endian
//! element bytes as hex text; the interchange formats (GraphDef `tensor_content`, ONNX
//! `raw_data`, opaque protobuf attributes) go through these functions. Importers keep such
//! data as bytes ([`AttrData::Hex`](super::AttrData::Hex)); [`raw_data`] reads either form.

/// `0x` and two upper-case hex digits per byte: the text of `dense<"0x...">` (MLIR prints
/// hex in upper case).
pub fn hex(bytes: &[u8]) -> String {
    let mut s = String::new();
    super::blob::write_hex(bytes, &mut s);
    s
}

/// The bytes of `0x...` / `0X...` text (either case); `None` for an odd length or a
/// non-hex digit.
pub fn unhex(s: &str) -> Option<Vec<u8>> {
    let s = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X"))?.as_bytes();
    if s.len() % 2 != 0 {
        return None;
    }
    // 0xFF: not a hex digit.
    const fn table() -> [u8; 256] {
        let mut t = [0xFFu8; 256];
        let mut i = 0;
        while i < 10 {
            t[b'0' as usize + i] = i as u8;
            i += 1;
        }
        let mut i = 0;
        while i < 6 {
            t[b'a' as usize + i] = 10 + i as u8;
            t[b'A' as usize + i] = 10 + i as u8;
            i += 1;
        }
        t
    }
    static T: [u8; 256] = table();
    let mut out = vec![0u8; s.len() / 2];
    let mut bad = 0u8;
    for (o, p) in out.iter_mut().zip(s.chunks_exact(2)) {
        let (h, l) = (T[p[0] as usize], T[p[1] as usize]);
        bad |= (h | l) & 0xF0;
        *o = h << 4 | l;
    }
    (bad == 0).then_some(out)
}

/// The raw data of a `dense<...>` literal's value `a` when it is hex: the bytes of a
/// [`Hex`](super::AttrData::Hex) blob as they are, or a `"0x..."` string decoded (`None`
/// for anything else, or bad hex).
pub fn raw_data(ctx: &super::Context, a: super::AttrId) -> Option<std::borrow::Cow<'_, [u8]>> {
    use super::AttrData;
    match ctx.attr_data(ctx.resolved_attr(a)) {
        AttrData::Hex(b) => Some(std::borrow::Cow::Borrowed(&b[..])),
        AttrData::String { spelling, .. } => unhex(ctx.str(*spelling)).map(std::borrow::Cow::Owned),
        _ => None,
    }
}

/// Whether `s` is hex as MLIR prints it: `0x` and an even number of upper-case hex digits
/// (the spelling a [`Hex`](super::AttrData::Hex) blob prints back exactly).
pub fn is_canonical_hex(s: &str) -> bool {
    s.strip_prefix("0x").is_some_and(|d| d.len() % 2 == 0 && d.bytes().all(|c| c.is_ascii_digit() || (b'A'..=b'F').contains(&c)))
}
