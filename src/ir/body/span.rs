//! [`Span`]: where in the source text an entity came from. On its own so that the build
//! script can share it (it reads the built-in mapping tables into spanned YAML trees).

/// Byte range in the source file an entity came from (0..0 when synthesized).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start: start as u32, end: end as u32 }
    }
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
    /// Whether the span covers nothing: an entity made in code (by a pass or an importer),
    /// not read from the text.
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}
