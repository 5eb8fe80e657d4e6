//! Formatting requests: the whole document (`crate::format`, as `amanda-opt --format`), or
//! the ops a range touches, each printed the same way at its nesting depth.

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

pub fn format_range(a: &Analysis, range: Range) -> Result<Option<Vec<TextEdit>>, String> {
    let text: &str = &a.text;
    if crate::syntax::split::split_chunks(text).len() > 1 {
        return format_document(a);
    }
    let (rs, re) = (a.lines.offset(text, range.start), a.lines.offset(text, range.end));
    let comments = comment_spans(text);
    let (mut m, _) = formatted_module(text, &comments).map_err(|d| first_error(a, &d))?;
    // The ops the range touches, among the children of the innermost op containing it.
    let mut block = m.top;
    let mut depth = 0usize;
    let chosen: Vec<OpId> = loop {
        let ops: Vec<OpId> = m.body.block_ops(block).filter(|&op| {
            let s = m.body.op(op).span;
            s.start <= re && rs <= s.end
        }).collect();
        let descend = match ops.as_slice() {
            [only] => {
                let s = m.body.op(*only).span;
                let inner = m.body.op(*only).regions.iter().flat_map(|&r| m.body.region(r).blocks.clone()).find(|&b| {
                    m.body.block_ops(b).any(|op| {
                        let t = m.body.op(op).span;
                        t.start <= re && rs <= t.end
                    })
                });
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
    let indent = " ".repeat(2 * depth);
    let mut out = String::new();
    for &op in &chosen {
        // The comments above the op stay where they are in the text.
        m.comments.remove(&CommentAnchor::BeforeOp(op));
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
    let start_line = a.lines.line(start);
    let from = a.lines.line_start(start_line);
    let mut to = m.body.op(last).span.end as usize;
    let line_end = text[to..].find('\n').map_or(text.len(), |k| to + k);
    let rest = text[to..line_end].trim();
    if rest.is_empty() || rest.starts_with("//") {
        to = line_end;
    }
    if text[from as usize..to] == out {
        return Ok(Some(Vec::new()));
    }
    Ok(Some(vec![TextEdit::new(a.lines.range(text, from, to as u32), out)]))
}
