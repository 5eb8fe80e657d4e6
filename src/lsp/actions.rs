//! Quick fixes for the namespace verifier's diagnostics: a misspelled op name (its
//! did-you-mean suggestions), a missing required attribute (added with the schema's default,
//! else a placeholder of its kind), an attribute the schema does not define (removed, or
//! renamed to the closest defined one).

use std::collections::HashMap;

use lsp_types::{CodeAction, CodeActionKind, CodeActionOrCommand, Range, TextEdit, Uri, WorkspaceEdit};

use super::analysis::Analysis;
use crate::diag::Diagnostic;

pub fn code_actions(a: &Analysis, uri: &Uri, range: Range) -> Vec<CodeActionOrCommand> {
    let start = a.lines.offset(&a.text, range.start);
    let end = a.lines.offset(&a.text, range.end);
    let mut out = Vec::new();
    for d in &a.diagnostics {
        let Some(span) = d.span else { continue };
        if span.end < start || span.start > end {
            continue;
        }
        for (title, edits) in fixes(a, d) {
            let lsp_diag = super::diagnostics::convert(a, uri, d);
            let edits: Vec<TextEdit> = edits.into_iter().map(|(s, e, t)| TextEdit::new(a.lines.range(&a.text, s, e), t)).collect();
            out.push(CodeActionOrCommand::CodeAction(CodeAction {
                title,
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![lsp_diag]),
                edit: Some(WorkspaceEdit { changes: Some(HashMap::from([(uri.clone(), edits)])), ..Default::default() }),
                is_preferred: None,
                ..Default::default()
            }));
        }
    }
    out
}

/// Quoted words of a message: `'a' ... 'b'`.
fn quoted(msg: &str) -> Vec<&str> {
    msg.split('\'').skip(1).step_by(2).collect()
}

/// Byte edits `(start, end, new text)` with a title, for one diagnostic.
pub fn fixes(a: &Analysis, d: &Diagnostic) -> Vec<(String, Vec<(u32, u32, String)>)> {
    let mut out = Vec::new();
    let Some(span) = d.span else { return out };
    let Some(o) = a.index.ops.iter().position(|o| o.start == span.start) else { return out };
    let head = &a.index.ops[o];
    let msg = d.message.as_str();
    let written = &a.text[head.name_start as usize..head.name_end as usize];
    if let Some((_, hint)) = msg.split_once("; did you mean ").filter(|_| msg.contains(" op is not an op of ")) {
        let group = crate::namespace::scope::classify(&head.name).map(|(g, _)| g);
        for s in quoted(hint) {
            let ir = group.map_or_else(|| s.to_string(), |g| crate::namespace::scope::ir_name(g, s));
            let new = if head.generic {
                format!("\"{}\"", ir)
            } else if !written.contains('.') {
                ir.strip_prefix("tfg.").unwrap_or(&ir).to_string()
            } else {
                ir.clone()
            };
            out.push((format!("Replace with '{}'", s), vec![(head.name_start, head.name_end, new)]));
        }
    } else if let Some(rest) = msg.split_once(" op requires attribute ").map(|(_, r)| r) {
        let q = quoted(rest);
        let Some(&name) = q.first() else { return out };
        let kind = rest.split_once(" (").and_then(|(_, r)| r.split_once(')')).map(|(k, _)| k).unwrap_or("");
        let value = schema_default(a, o, name).unwrap_or_else(|| placeholder(kind).to_string());
        let entry = format!("{} = {}", name, value);
        let edit = match head.dict {
            Some((open, close)) => {
                let inner = a.text[open as usize + 1..close as usize].trim();
                if inner.is_empty() {
                    (open + 1, close, entry.clone())
                } else {
                    (close, close, format!(", {}", entry))
                }
            }
            None => match head.colon {
                Some(c) => (c, c, format!("{{{}}} ", entry)),
                None => (head.end, head.end, format!(" {{{}}}", entry)),
            },
        };
        out.push((format!("Add required attribute '{}'", entry), vec![edit]));
    } else if let Some(rest) = msg.split_once(" op has attribute ").map(|(_, r)| r) {
        let q = quoted(rest);
        let Some(&name) = q.first() else { return out };
        let Some(&(ks, ke, _)) = head.keys.iter().find(|(_, _, k)| k == name) else { return out };
        let defined: Vec<&str> = rest.split_once("(its attributes: ").map(|(_, l)| l.trim_end_matches(')').split(", ").collect()).unwrap_or_default();
        if let Some(s) = crate::passes::pipeline::suggest(name, defined.iter().copied()) {
            out.push((format!("Rename attribute to '{}'", s), vec![(ks, ke, s.to_string())]));
        }
        if let Some((s, e)) = entry_extent(&a.text, ks, head.dict) {
            out.push((format!("Remove attribute '{}'", name), vec![(s, e, String::new())]));
        }
    }
    out
}

/// The schema default of attribute `name` of op head `o`, as attribute text.
fn schema_default(a: &Analysis, o: usize, name: &str) -> Option<String> {
    let (_, schema) = a.schema_of(o)?;
    let attr = schema.attr(name)?;
    let v = attr.default.as_ref()?;
    let mut ctx = crate::ir::Context::new();
    let id = crate::namespace::defaults::tf_default_attr(&mut ctx, &attr.kind, v)?;
    let mut s = String::new();
    crate::printer::attrs::write_attr(&ctx, id, crate::printer::attrs::Style::PRESERVING, &mut s);
    Some(s)
}

/// A value of the attribute kind to start from (the user fills it in).
fn placeholder(kind: &str) -> &'static str {
    match kind {
        k if k.starts_with("list(") => "[]",
        "int" => "0 : i64",
        "float" => "0.0 : f32",
        "bool" => "false",
        "string" => "\"\"",
        "type" => "f32",
        "shape" => "#tf_type.shape<*>",
        "func" => "#tf_type.func<@f, {}>",
        "tensor" => "dense<0.0> : tensor<f32>",
        _ => "unit",
    }
}

/// The byte range of the dictionary entry whose key starts at `key`, with one separating
/// comma (and the blank after it).
fn entry_extent(text: &str, key: u32, dict: Option<(u32, u32)>) -> Option<(u32, u32)> {
    let (open, close) = dict?;
    if key <= open || key >= close {
        return None;
    }
    let bytes = text.as_bytes();
    let mut depth = 0i32;
    let mut k = key as usize;
    let mut in_str = false;
    while k < close as usize {
        let c = bytes[k];
        if in_str {
            if c == b'\\' {
                k += 1;
            } else if c == b'"' {
                in_str = false;
            }
        } else {
            match c {
                b'"' => in_str = true,
                b'(' | b'[' | b'{' | b'<' => depth += 1,
                b')' | b']' | b'}' | b'>' => depth -= 1,
                b',' if depth == 0 => break,
                _ => {}
            }
        }
        k += 1;
    }
    if k < close as usize {
        // `key = v, next`: remove through the comma and the blanks after it.
        let mut e = k + 1;
        while e < close as usize && bytes[e] == b' ' {
            e += 1;
        }
        Some((key, e as u32))
    } else {
        // The last entry: remove the comma before it, if any.
        let before = text[open as usize + 1..key as usize].trim_end();
        let s = if before.ends_with(',') { open + 1 + before.len() as u32 - 1 } else { key };
        Some((s, text[..close as usize].trim_end().len() as u32))
    }
}
