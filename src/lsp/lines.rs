//! Byte offsets ↔ LSP positions (line, UTF-16 column), and applying incremental edits.

use lsp_types::{Position, Range};

/// Line starts of a text.
#[derive(Clone, Debug, Default)]
pub struct LineIndex {
    starts: Vec<u32>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i as u32 + 1));
        LineIndex { starts }
    }

    /// The position of byte `offset` of `text`.
    pub fn position(&self, text: &str, offset: u32) -> Position {
        let offset = (offset as usize).min(text.len());
        let line = self.starts.partition_point(|&s| s as usize <= offset) - 1;
        let start = self.starts[line] as usize;
        let col = text.get(start..offset).map_or(offset - start, |s| s.encode_utf16().count());
        Position::new(line as u32, col as u32)
    }

    pub fn range(&self, text: &str, start: u32, end: u32) -> Range {
        Range::new(self.position(text, start), self.position(text, end))
    }

    /// The byte offset of `pos` in `text` (clamped to the line and the text).
    pub fn offset(&self, text: &str, pos: Position) -> u32 {
        let Some(&start) = self.starts.get(pos.line as usize) else { return text.len() as u32 };
        let end = self.starts.get(pos.line as usize + 1).map_or(text.len(), |&e| e as usize);
        let line = &text[start as usize..end];
        let mut units = 0u32;
        for (k, c) in line.char_indices() {
            if units >= pos.character || c == '\n' {
                return start + k as u32;
            }
            units += c.len_utf16() as u32;
        }
        end as u32
    }

    /// The line (0-based) of byte `offset`.
    pub fn line(&self, offset: u32) -> u32 {
        (self.starts.partition_point(|&s| s <= offset) - 1) as u32
    }

    pub fn line_start(&self, line: u32) -> u32 {
        self.starts.get(line as usize).copied().unwrap_or(*self.starts.last().unwrap_or(&0))
    }
}

/// Applies an LSP content change to `text` (a full replacement when `range` is `None`).
pub fn apply_change(text: &mut String, range: Option<Range>, new_text: &str) {
    match range {
        None => *text = new_text.to_string(),
        Some(r) => {
            let lines = LineIndex::new(text);
            let s = lines.offset(text, r.start) as usize;
            let e = (lines.offset(text, r.end) as usize).max(s);
            text.replace_range(s..e, new_text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_columns_round_trip() {
        let text = "ab\n\u{1F600}x\n";
        let l = LineIndex::new(text);
        let x = text.find('x').unwrap() as u32;
        assert_eq!(l.position(text, x), Position::new(1, 2));
        assert_eq!(l.offset(text, Position::new(1, 2)), x);
        let mut t = text.to_string();
        apply_change(&mut t, Some(Range::new(Position::new(0, 1), Position::new(0, 2))), "Z");
        assert_eq!(t, "aZ\n\u{1F600}x\n");
    }
}
