//! Where the op lines of a namespace file begin: the byte offset of each non-blank line after
//! the header, in file order. Lookups binary-search these offsets instead of scanning the text
//! for line breaks. `build.rs` computes them for the built-in files (the binary carries them
//! beside the text), and a file given at run time is indexed when it is loaded.

/// Starts of the non-blank lines of `text` after its first (header) line.
pub fn body_line_starts(text: &str) -> Vec<u32> {
    let Some(header_end) = text.find('\n') else { return Vec::new() };
    let mut starts = Vec::new();
    let mut start = header_end + 1;
    while start < text.len() {
        let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        if !text[start..end].trim().is_empty() {
            starts.push(start as u32);
        }
        start = end + 1;
    }
    starts
}
