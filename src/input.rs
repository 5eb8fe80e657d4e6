//! The input text: a regular file is memory-mapped (read-only, private), anything else
//! (stdin, pipes, devices) is read into memory. Binary inputs (GraphDef, ONNX) take the bytes
//! as a shared buffer ([`Input::shared`]) whose slices hold their tensor data.
//!
//! Mapping saves the copy of the whole file into the heap, and lets the parser give back
//! the pages it has read ([`Input::release`]): the kernel drops them from this process, and
//! if a later stage looks at that text again (a diagnostic's excerpt, comments to attach)
//! they are faulted back in from the page cache with the same bytes. So the text does not
//! count towards peak memory when the module is largest (right after parsing).
//!
//! As with any tool that maps its input, the file must not be truncated or rewritten
//! while amanda-opt runs (a truncated mapping faults with SIGBUS; `mlir-opt` maps its
//! inputs too).

use prost::bytes::Bytes;
use std::io::Read;
use std::sync::Arc;

/// The bytes of one input, owned or mapped.
pub struct Input {
    /// `<stdin>` or the path as given.
    pub name: String,
    data: Data,
}

enum Data {
    Owned(Bytes),
    Mapped(Arc<memmap2::Mmap>),
}

/// A mapping shared by [`Input::shared`]'s `Bytes` (kept alive while any slice of it is).
struct SharedMap(Arc<memmap2::Mmap>);

impl AsRef<[u8]> for SharedMap {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl Input {
    /// Reads `path` (`-` for stdin).
    pub fn open(path: &str) -> Result<Input, String> {
        if path == "-" {
            let mut buf = Vec::new();
            std::io::stdin().read_to_end(&mut buf).map_err(|e| format!("cannot read stdin: {}", e))?;
            return Ok(Input { name: "<stdin>".to_string(), data: Data::Owned(buf.into()) });
        }
        let err = |e: std::io::Error| format!("cannot read '{}': {}", path, e);
        let file = std::fs::File::open(path).map_err(err)?;
        let meta = file.metadata().map_err(err)?;
        let data = if meta.is_file() && meta.len() > 0 {
            Data::Mapped(Arc::new(map_file(&file).map_err(err)?))
        } else {
            let mut buf = Vec::new();
            (&file).read_to_end(&mut buf).map_err(err)?;
            Data::Owned(buf.into())
        };
        Ok(Input { name: path.to_string(), data })
    }

    /// An in-memory input (tests).
    pub fn from_bytes(name: &str, bytes: Vec<u8>) -> Input {
        Input { name: name.to_string(), data: Data::Owned(bytes.into()) }
    }

    /// The input's bytes as a shared buffer: slices of it (a binary GraphDef's or ONNX
    /// model's tensor data) keep the file's bytes rather than copies, for as long as they
    /// live (a mapped file's mapping stays while any does).
    pub fn shared(&self) -> Bytes {
        match &self.data {
            Data::Owned(b) => b.clone(),
            Data::Mapped(m) => Bytes::from_owner(SharedMap(m.clone())),
        }
    }

    /// The input as text, or the offset of its first byte that is not valid UTF-8.
    pub fn text(&self) -> Result<&str, usize> {
        check_utf8(self.bytes())
    }

    pub fn bytes(&self) -> &[u8] {
        match &self.data {
            Data::Owned(v) => v,
            Data::Mapped(m) => &m[..],
        }
    }

    /// Tells the kernel that bytes `from..to` will not be needed soon: for a mapped file the
    /// whole pages in that range leave this process's memory (reading them again still
    /// works, see the module docs). Does nothing for owned input.
    pub fn release(&self, from: usize, to: usize) {
        if let Data::Mapped(m) = &self.data {
            let from = from.div_ceil(PAGE) * PAGE;
            let to = to.min(m.len()) / PAGE * PAGE;
            if from < to {
                drop_pages(m, from, to - from);
            }
        }
    }
}

/// Inputs from this size on are checked in pieces on rayon's workers.
const PARALLEL_CHECK_BYTES: usize = 1 << 20;

/// `bytes` as a `&str`, or the offset of the first byte that is not valid UTF-8 (as
/// `std::str::from_utf8` finds it). A large input is checked in pieces on rayon's workers,
/// which also share the first reading of a mapped file's pages. Each piece starts at a byte
/// that is not a continuation byte, so for valid text every piece is whole characters: all
/// pieces valid means the text is, and otherwise the sequential check finds the offset.
pub fn check_utf8(bytes: &[u8]) -> Result<&str, usize> {
    let whole = |bytes| std::str::from_utf8(bytes).map_err(|e| e.valid_up_to());
    if bytes.len() < PARALLEL_CHECK_BYTES {
        return whole(bytes);
    }
    let pieces = rayon::current_num_threads() * 4;
    let mut cuts = vec![0];
    for i in 1..pieces {
        let mut cut = (i * bytes.len() / pieces).max(cuts[i - 1]);
        while cut < bytes.len() && (bytes[cut] & 0xC0) == 0x80 {
            cut += 1;
        }
        cuts.push(cut);
    }
    cuts.push(bytes.len());
    use rayon::prelude::*;
    let valid = cuts.par_windows(2).all(|w| std::str::from_utf8(&bytes[w[0]..w[1]]).is_ok());
    if !valid {
        return whole(bytes);
    }
    // SAFETY: the cuts are sorted and go from 0 to the end, so the pieces cover `bytes`
    // end to end; each is valid UTF-8, and so is a concatenation of valid UTF-8 strings.
    Ok(unsafe { std::str::from_utf8_unchecked(bytes) })
}

/// Page granularity used by [`Input::release`] (4 KiB pages; with larger pages madvise rounds
/// the start down, which only drops a page more: the text reads the same).
const PAGE: usize = 4096;

/// The unsafe part, kept here.
///
/// `Mmap::map` is unsafe because the mapped bytes can change under us if another process
/// writes the file; amanda-opt, like mlir-opt, accepts that (see the module docs).
/// `MADV_DONTNEED` on a private, read-only, file-backed mapping only drops the pages from
/// this process: the next read faults them back from the file, so every `&[u8]`/`&str`
/// borrowed from the map stays valid and keeps the same contents.
fn map_file(file: &std::fs::File) -> std::io::Result<memmap2::Mmap> {
    // SAFETY: see above: the file is mapped read-only and private.
    unsafe { memmap2::Mmap::map(file) }
}

#[cfg(unix)]
fn drop_pages(m: &memmap2::Mmap, from: usize, len: usize) {
    // SAFETY: see `map_file`: on this mapping DONTNEED cannot change what the bytes read as.
    let _ = unsafe { m.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, from, len) };
}

#[cfg(not(unix))]
fn drop_pages(_: &memmap2::Mmap, _: usize, _: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_inputs_are_checked_like_small_ones() {
        // Multi-byte characters across every piece boundary, then a bad byte in a late piece.
        let text = "aé€😀".repeat(PARALLEL_CHECK_BYTES / 10 + 7);
        assert_eq!(check_utf8(text.as_bytes()), Ok(text.as_str()));
        let mut bytes = text.clone().into_bytes();
        let bad = bytes.len() * 3 / 4 + 1;
        bytes[bad] = 0xFF;
        let expected = std::str::from_utf8(&bytes).unwrap_err().valid_up_to();
        assert_eq!(check_utf8(&bytes), Err(expected));
        // A piece cut inside a character of otherwise valid text is still valid.
        let cjk = "漢".repeat(PARALLEL_CHECK_BYTES / 3 + 5);
        assert_eq!(check_utf8(cjk.as_bytes()), Ok(cjk.as_str()));
    }
}
