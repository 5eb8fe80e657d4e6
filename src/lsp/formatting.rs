//! Formatting requests: the whole document (`crate::format`, as `amanda-opt --format`), or
//! the ops a range touches, each printed the same way at its nesting depth (comments and
//! blank lines between them kept as `--format` keeps them).

use lsp_types::{Range, TextEdit};

use super::analysis::Analysis;
use crate::format::{comment_spans, format_text, formatted_module, FORMAT_OPTIONS};
use crate::ir::{CommentAnchor, OpId};

fn first_error(a: &Analysis, diags: &[crate::diag::Diagnostic]) -> String {
    let file = crate::diag::SourceFile::new("document", &a.text);
    diags.first().map_or_else(|| "cannot format".to_string(), |d| format!("cannot format: {}", file.short(d)))
}

pub fn format_document(a: &Analysis) -> Result<Option<Vec<TextEdit>>, String> {
    let formatted = format_text(&a.text).map_err(|d| first_error(a, &d))?;
    if formatted == *a.text {
        return Ok(Some(Vec::new()));
    }
    let end = a.lines.position(&a.text, a.text.len() as u32);
    Ok(Some(vec![TextEdit::new(Range::new(lsp_types::Position::new(0, 0), end), formatted)]))
}

/// Formats the ops a range touches: those among the children of the innermost op that
/// contains the range, printed at their depth, with the comments and blank lines between
/// them placed as `--format` places them; what is above the first and below the last stays
/// as written. In a `// -----` file only the chunk holding the range is read.
pub fn format_range(a: &Analysis, range: Range) -> Result<Option<Vec<TextEdit>>, String> {
    let whole: &str = &a.text;
    let (rs, re) = (a.lines.offset(whole, range.start), a.lines.offset(whole, range.end));
    let chunks = crate::syntax::split::split_chunks(whole);
    let (base, text) = chunks
        .iter()
        .rev()
        .find(|&&(offset, _)| offset as u32 <= rs)
        .map_or((0u32, whole), |&(offset, chunk)| (offset as u32, chunk));
    let (rs, re) = (rs - base, re.saturating_sub(base).min(text.len() as u32));
    let comments = comment_spans(text);
    let (mut m, _) = formatted_module(text, &comments).map_err(|d| {
        let shifted: Vec<_> = d.into_iter().map(|d| d.shifted(base)).collect();
        first_error(a, &shifted)
    })?;
    // The ops the range touches, among the children of the innermost op containing it.
    let touches = |m: &crate::ir::Module, op: OpId| {
        let s = m.body.op(op).span;
        s.start <= re && rs <= s.end
    };
    let mut block = m.top;
    let mut depth = 0usize;
    let chosen: Vec<OpId> = loop {
        let ops: Vec<OpId> = m.body.block_ops(block).filter(|&op| touches(&m, op)).collect();
        let descend = match ops.as_slice() {
            [only] => {
                let s = m.body.op(*only).span;
                let inner = m.body.op(*only).regions.iter().flat_map(|&r| m.body.region(r).blocks.clone()).find(|&b| m.body.block_ops(b).any(|op| touches(&m, op)));
                if s.start < rs || re < s.end { inner } else { None }
            }
            _ => None,
        };
        match descend {
            Some(b) => {
                block = b;
                depth += 1;
            }
            None => break ops,
        }
    };
    let (Some(&first), Some(&last)) = (chosen.first(), chosen.last()) else { return Ok(Some(Vec::new())) };
    // The comments and blank line above the first op stay where they are in the text.
    m.comments.remove(&CommentAnchor::BeforeOp(first));
    let indent = " ".repeat(2 * depth);
    let mut out = String::new();
    for &op in &chosen {
        let printed = crate::printer::print_op_text(&m, op, FORMAT_OPTIONS);
        for line in printed.lines() {
            if !out.is_empty() {
                out.push('\n');
            }
            if !line.trim().is_empty() {
                out.push_str(&indent);
            }
            out.push_str(line.trim_end());
        }
    }
    let start = m.body.op(first).span.start;
    let from = text[..start as usize].rfind('\n').map_or(0, |k| k + 1);
    let mut to = m.body.op(last).span.end as usize;
    let line_end = text[to..].find('\n').map_or(text.len(), |k| to + k);
    let rest = text[to..line_end].trim();
    if rest.is_empty() || rest.starts_with("//") {
        to = line_end;
    }
    if text[from..to] == out {
        return Ok(Some(Vec::new()));
    }
    Ok(Some(vec![TextEdit::new(a.lines.range(whole, base + from as u32, base + to as u32), out)]))
}
