//! A reader for TensorFlow's TensorBundle checkpoint format (tensorflow/core/util/
//! tensor_bundle/tensor_bundle.{proto,cc}), as a SavedModel's `variables/` holds it:
//! `PREFIX.index` is an SSTable ([`super::sstable`]) whose empty key holds a
//! `BundleHeaderProto` and whose other keys are checkpoint keys mapping to
//! `BundleEntryProto`s; the bytes of entry `e` are `PREFIX.data-SSSSS-of-NNNNN` (shard
//! `e.shard_id` of the header's `num_shards`) at `e.offset`, `e.size` long, with
//! `e.crc32c` the masked CRC-32C of those bytes.
//!
//! Tensors come back as `TensorProto`s whose `tensor_content` is a slice of the shard's
//! bytes (read once, not copied, never decoded). Only fixed-width little-endian dtypes are
//! read; string, variant and partitioned (sliced) entries are refused by name.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use prost::bytes::Bytes;
use prost::Message;

use super::proto::{BundleEntryProto, BundleHeaderProto};
use super::{crc32c, sstable};
use crate::interchange::graphdef::proto::TensorProto;

type Res<T> = Result<T, String>;

/// An opened bundle: its header and entries; shards are read when a tensor needs them.
pub struct Bundle {
    prefix: PathBuf,
    pub header: BundleHeaderProto,
    pub entries: BTreeMap<String, BundleEntryProto>,
    shards: BTreeMap<i32, Bytes>,
}

/// Bytes of one element of a fixed-width dtype (TensorFlow's `DataTypeSize`); `None` for
/// string, resource, variant and the packed 4-bit types.
pub fn dtype_width(dtype: i32) -> Option<usize> {
    Some(match dtype {
        4 | 6 | 10 | 11 | 12 | 24..=28 => 1, // uint8 int8 bool qint8 quint8, float8 kinds
        5 | 14 | 15 | 16 | 17 | 19 => 2,     // int16 bfloat16 qint16 quint16 uint16 half
        1 | 3 | 13 | 22 => 4,                // float int32 qint32 uint32
        2 | 8 | 9 | 23 => 8,                 // double complex64 int64 uint64
        18 => 16,                            // complex128
        _ => return None,
    })
}

fn display(p: &Path) -> String {
    p.display().to_string()
}

impl Bundle {
    /// Opens the bundle `prefix` (`DIR/variables/variables`): reads and checks its index.
    pub fn open(prefix: &Path) -> Res<Bundle> {
        let index_path = prefix.with_file_name(format!("{}.index", prefix.file_name().and_then(|n| n.to_str()).unwrap_or("variables")));
        let ip = display(&index_path);
        let bytes = std::fs::read(&index_path).map_err(|e| format!("{ip}: {e}"))?;
        let table = sstable::read(&Bytes::from(bytes)).map_err(|e| format!("{ip}: corrupt checkpoint index: {e}"))?;
        let mut header = None;
        let mut entries = BTreeMap::new();
        for (k, v) in table {
            let key = String::from_utf8(k).map_err(|e| format!("{ip}: checkpoint key is not UTF-8: {e}"))?;
            if key.is_empty() {
                let h = BundleHeaderProto::decode(v).map_err(|e| format!("{ip}: corrupt bundle header: {e}"))?;
                header = Some(h);
            } else {
                let e = BundleEntryProto::decode(v).map_err(|e| format!("{ip}: entry '{key}': corrupt BundleEntryProto: {e}"))?;
                entries.insert(key, e);
            }
        }
        let header = header.ok_or_else(|| format!("{ip}: corrupt checkpoint index: no bundle header (empty key)"))?;
        if header.endianness != 0 {
            return Err(format!("{ip}: big-endian bundles are not supported"));
        }
        if header.num_shards < 1 {
            return Err(format!("{ip}: corrupt bundle header: {} shards", header.num_shards));
        }
        Ok(Bundle { prefix: prefix.to_path_buf(), header, entries, shards: BTreeMap::new() })
    }

    /// The path of shard `id`.
    pub fn shard_path(&self, id: i32) -> PathBuf {
        let base = self.prefix.file_name().and_then(|n| n.to_str()).unwrap_or("variables");
        self.prefix.with_file_name(format!("{base}.data-{id:05}-of-{:05}", self.header.num_shards))
    }

    fn shard(&mut self, id: i32, key: &str) -> Res<Bytes> {
        if let Some(b) = self.shards.get(&id) {
            return Ok(b.clone());
        }
        if id < 0 || id >= self.header.num_shards {
            return Err(format!("{}: entry '{key}': shard {id} out of range (the bundle has {} shards)", display(&self.index_path()), self.header.num_shards));
        }
        let p = self.shard_path(id);
        let b = Bytes::from(std::fs::read(&p).map_err(|e| format!("{}: {e} (shard {id} of checkpoint entry '{key}')", display(&p)))?);
        self.shards.insert(id, b.clone());
        Ok(b)
    }

    fn index_path(&self) -> PathBuf {
        let base = self.prefix.file_name().and_then(|n| n.to_str()).unwrap_or("variables");
        self.prefix.with_file_name(format!("{base}.index"))
    }

    /// The tensor stored under `key`, checked against its dtype, shape and crc32c.
    pub fn tensor(&mut self, key: &str) -> Res<TensorProto> {
        let ip = display(&self.index_path());
        let e = self.entries.get(key).cloned().ok_or_else(|| format!("{ip}: no checkpoint entry '{key}'"))?;
        if !e.slices.is_empty() {
            return Err(format!("{ip}: entry '{key}' is a partitioned variable (sliced), which is not supported"));
        }
        let shape = e.shape.clone().unwrap_or_default();
        let name = crate::interchange::graphdef::pbtxt::data_type_name(e.dtype).unwrap_or_else(|| e.dtype.to_string());
        let width = dtype_width(e.dtype).ok_or_else(|| format!("{ip}: entry '{key}' has dtype {name}, which cannot be frozen into a constant"))?;
        let mut elems: u64 = 1;
        for d in &shape.dim {
            let d = u64::try_from(d.size).map_err(|_| format!("{ip}: entry '{key}' has an unknown dimension"))?;
            elems = elems.checked_mul(d).ok_or_else(|| format!("{ip}: entry '{key}': shape too large"))?;
        }
        if shape.unknown_rank || Some(e.size as u64) != elems.checked_mul(width as u64) {
            return Err(format!("{ip}: entry '{key}': {} bytes do not hold {elems} elements of {name}", e.size));
        }
        let shard = self.shard(e.shard_id, key)?;
        let sp = display(&self.shard_path(e.shard_id));
        let range = usize::try_from(e.offset).ok().zip(usize::try_from(e.size).ok()).and_then(|(o, s)| Some(o..o.checked_add(s)?)).filter(|r| r.end <= shard.len());
        let Some(range) = range else {
            return Err(format!("{sp}: entry '{key}' ({} bytes at offset {}) runs past the end of the shard ({} bytes)", e.size, e.offset, shard.len()));
        };
        let data = shard.slice(range);
        let actual = crc32c::value(&data);
        let stored = crc32c::unmask(e.crc32c);
        if actual != stored {
            return Err(format!("{sp}: entry '{key}': checksum mismatch (stored crc32c {stored:08x}, computed {actual:08x} over {} bytes at offset {})", e.size, e.offset));
        }
        Ok(TensorProto { dtype: e.dtype, tensor_shape: Some(shape), tensor_content: data, ..Default::default() })
    }
}
