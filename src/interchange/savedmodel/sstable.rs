//! A reader for LevelDB-format tables (SSTables), the format of a TensorBundle's
//! `variables.index` (TensorFlow's tensorflow/core/lib/io/{format,block,table}.cc):
//!
//! * the last 48 bytes are the footer: the metaindex and index block handles (two varint64
//!   pairs, offset then size), zero padding to 40 bytes, and the magic 0xdb4775248b80fb57
//!   (fixed64, little-endian);
//! * a block is its contents followed by a 5-byte trailer: the compression type (0: none,
//!   1: snappy) and the masked CRC-32C of contents plus type byte;
//! * block contents are entries (varint32 shared key prefix, varint32 unshared length,
//!   varint32 value length, the unshared key bytes, the value), then the restart offsets
//!   (fixed32 each) and their count (fixed32);
//! * the index block maps each data block's last key (or a separator) to its handle.
//!
//! Every length and offset is checked against the bytes, so a corrupt table is an error,
//! never a panic. Snappy-compressed blocks (TensorFlow writes bundles uncompressed) are
//! refused.

use prost::bytes::Bytes;

use super::crc32c;

const FOOTER_LEN: usize = 48;
const MAGIC: u64 = 0xdb47_7524_8b80_fb57;
const TRAILER_LEN: usize = 5;

type Res<T> = Result<T, String>;

/// Reads a varint of at most `max_bytes` bytes at `*pos`.
fn varint(data: &[u8], pos: &mut usize, max_bytes: usize) -> Res<u64> {
    let mut v = 0u64;
    for i in 0..max_bytes {
        let Some(&b) = data.get(*pos) else { return Err("truncated varint".into()) };
        *pos += 1;
        v |= ((b & 0x7f) as u64) << (7 * i);
        if b & 0x80 == 0 {
            return Ok(v);
        }
    }
    Err("varint too long".into())
}

fn fixed32(data: &[u8], at: usize) -> Res<u32> {
    let b = data.get(at..at + 4).ok_or("truncated fixed32")?;
    Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// A block's place in the file.
#[derive(Clone, Copy, Debug)]
struct Handle {
    offset: u64,
    size: u64,
}

fn handle(data: &[u8], pos: &mut usize) -> Res<Handle> {
    let offset = varint(data, pos, 10)?;
    let size = varint(data, pos, 10)?;
    Ok(Handle { offset, size })
}

/// The checked contents of the block at `h`.
fn block(file: &Bytes, h: Handle) -> Res<Bytes> {
    let start = usize::try_from(h.offset).map_err(|_| "block offset out of range")?;
    let size = usize::try_from(h.size).map_err(|_| "block size out of range")?;
    let end = start.checked_add(size).and_then(|e| e.checked_add(TRAILER_LEN)).filter(|&e| e <= file.len());
    let Some(end) = end else {
        return Err(format!("block at offset {} ({} bytes) runs past the end of the file ({} bytes)", h.offset, h.size, file.len()));
    };
    let stored = crc32c::unmask(fixed32(file, start + size + 1)?);
    let actual = crc32c::value(&file[start..start + size + 1]);
    if stored != actual {
        return Err(format!("block at offset {}: checksum mismatch (stored crc32c {stored:08x}, computed {actual:08x})", h.offset));
    }
    match file[start + size] {
        0 => Ok(file.slice(start..end - TRAILER_LEN)),
        1 => Err(format!("block at offset {} is snappy-compressed, which is not supported", h.offset)),
        t => Err(format!("block at offset {} has unknown compression type {t}", h.offset)),
    }
}

/// The (key, value) entries of a block, in order.
fn entries(contents: &Bytes) -> Res<Vec<(Vec<u8>, Bytes)>> {
    let data = &contents[..];
    if data.len() < 4 {
        return Err("block too short for its restart count".into());
    }
    let restarts = fixed32(data, data.len() - 4)? as usize;
    let limit = restarts
        .checked_mul(4)
        .and_then(|r| r.checked_add(4))
        .and_then(|r| data.len().checked_sub(r))
        .ok_or_else(|| format!("block of {} bytes cannot hold {restarts} restart points", data.len()))?;
    let mut out: Vec<(Vec<u8>, Bytes)> = Vec::new();
    let mut key: Vec<u8> = Vec::new();
    let mut pos = 0;
    while pos < limit {
        let shared = varint(data, &mut pos, 5)? as usize;
        let unshared = varint(data, &mut pos, 5)? as usize;
        let vlen = varint(data, &mut pos, 5)? as usize;
        if shared > key.len() {
            return Err(format!("entry at block offset {pos} shares {shared} bytes of a {}-byte key", key.len()));
        }
        let kend = pos.checked_add(unshared).filter(|&e| e <= limit).ok_or("entry key runs past the block")?;
        let vend = kend.checked_add(vlen).filter(|&e| e <= limit).ok_or("entry value runs past the block")?;
        key.truncate(shared);
        key.extend_from_slice(&data[pos..kend]);
        if out.last().is_some_and(|(k, _)| *k >= key) {
            return Err("keys are not in increasing order".into());
        }
        out.push((key.clone(), contents.slice(kend..vend)));
        pos = vend;
    }
    Ok(out)
}

/// Every (key, value) of a table, in key order; values are slices of `file`.
pub fn read(file: &Bytes) -> Res<Vec<(Vec<u8>, Bytes)>> {
    if file.len() < FOOTER_LEN {
        return Err(format!("{} bytes is too short for a table (the footer alone is {FOOTER_LEN})", file.len()));
    }
    let footer = &file[file.len() - FOOTER_LEN..];
    let magic = u64::from_le_bytes(footer[40..48].try_into().expect("8 bytes"));
    if magic != MAGIC {
        return Err(format!("not a table: bad magic number {magic:016x}"));
    }
    let mut pos = 0;
    let metaindex = handle(footer, &mut pos)?;
    let index = handle(footer, &mut pos)?;
    if pos > 40 {
        return Err("footer handles overrun the footer".into());
    }
    // The metaindex block (empty in bundles) is only checked, so that every byte before
    // the footer is covered by a checksum.
    block(file, metaindex).map_err(|e| format!("metaindex {e}"))?;
    let index = block(file, index).map_err(|e| format!("index {e}"))?;
    let mut out: Vec<(Vec<u8>, Bytes)> = Vec::new();
    for (_, v) in entries(&index).map_err(|e| format!("index block: {e}"))? {
        let h = handle(&v, &mut 0).map_err(|e| format!("index block: {e}"))?;
        let data = block(file, h).map_err(|e| format!("data {e}"))?;
        let es = entries(&data).map_err(|e| format!("data block at offset {}: {e}", h.offset))?;
        if let (Some((a, _)), Some((b, _))) = (out.last(), es.first()) {
            if a >= b {
                return Err(format!("data block at offset {}: keys are not in increasing order", h.offset));
            }
        }
        out.extend(es);
    }
    Ok(out)
}
