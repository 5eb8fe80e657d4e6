//! Reading a mapping table's YAML into its tree ([`Node`], in `yaml_tree`), with a syntax
//! error as a diagnostic at its line and column.

use crate::diag::Diagnostic;
use crate::ir::Span;

pub use super::yaml_tree::{Kind, Node};

/// Parses `text`; a syntax error is a diagnostic at its line and column.
pub fn parse(text: &str) -> Result<Node, Diagnostic> {
    match super::yaml_tree::read(text) {
        Ok(n) => Ok(n),
        Err(e) => {
            let offset = e.location().map(|l| location_offset(text, &l)).unwrap_or(0);
            let msg = e.to_string();
            // saphyr's message ends with its own snippet; keep the first line.
            let mut first = msg.lines().next().unwrap_or("invalid YAML").trim();
            first = first.strip_prefix("error: ").unwrap_or(first);
            if first.starts_with("line ") {
                first = first.split_once(": ").map(|(_, r)| r).unwrap_or(first);
            }
            let first = first.to_string();
            Err(Diagnostic::error(Span::new(offset, offset), format!("invalid YAML: {}", first)))
        }
    }
}

fn location_offset(text: &str, l: &serde_saphyr::Location) -> usize {
    if let Some(b) = l.span().byte_offset() {
        return (b as usize).min(text.len());
    }
    line_col_offset(text, l.line() as usize, l.column() as usize)
}

/// Byte offset of a 1-based line and character column.
fn line_col_offset(text: &str, line: usize, col: usize) -> usize {
    let mut off = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            let c = l.char_indices().nth(col.saturating_sub(1)).map(|(b, _)| b).unwrap_or(l.len());
            return off + c;
        }
        off += l.len();
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_know_where_they_are() {
        let text = "table:\n  src: a/b\n  rules:\n    - rule_name: r\n      x: 1\n";
        let n = parse(text).unwrap();
        let t = n.get("table").unwrap();
        let src = t.get("src").unwrap();
        assert_eq!(src.as_str(), Some("a/b"));
        assert_eq!(&text[src.span.range()], "a/b");
        let rule = &t.get("rules").unwrap().as_seq().unwrap()[0];
        let x = rule.get("x").unwrap();
        assert!(matches!(x.kind, Kind::Int(1)));
        assert_eq!(&text[x.span.range()], "1");
        let (k, _) = &rule.as_map().unwrap()[0];
        assert_eq!(&text[k.span.range()], "rule_name");
    }

    #[test]
    fn syntax_errors_have_a_place() {
        let text = "table:\n  src: [a, b\n  dst: c\n";
        let d = parse(text).unwrap_err();
        assert!(d.message.starts_with("invalid YAML"), "{}", d.message);
        assert!(d.span.unwrap().start > 0);
    }
}
