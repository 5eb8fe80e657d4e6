//! The language server `amanda-lsp` (issue 18).

/// Entry point of the `amanda-lsp` binary.
pub fn main() -> i32 {
    0
}
