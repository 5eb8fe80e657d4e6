//! `--verify-diagnostics`: checks the diagnostics of a run against `expected-*` comments in
//! the input, as mlir-opt does: `// expected-error @+1 {{message}}` (also `@-N`, `@above`,
//! `@below`, no `@` for the same line, `expected-warning`, `-note`, `-remark`, and the `-re`
//! suffix for `{{regex}}` pieces inside the message). Each produced diagnostic must be
//! expected, and each expectation must be produced.

use regex::Regex;

use crate::diag::{Diagnostic, Severity, SourceFile};
use crate::ir::Span;

/// One `expected-*` comment.
#[derive(Debug, Clone)]
pub struct Expectation {
    pub severity: Severity,
    pub line: usize,
    pub message: String,
    pub is_regex: bool,
    /// Where the comment is, for "was not produced" errors.
    pub span: Span,
    matched: bool,
}

/// Reads the expectations of `text` (line numbers are those of `text`).
pub fn parse_expectations(text: &str) -> Result<Vec<Expectation>, Vec<Diagnostic>> {
    let re = Regex::new(r"expected-(error|warning|note|remark)(-re)?\s*(@(above|below|[+-][0-9]+))?\s*\{\{(.*)\}\}")
        .expect("static regex");
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut offset = 0usize;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let lineno = i + 1;
        if let Some(c) = re.captures(line) {
            let severity = match &c[1] {
                "error" => Severity::Error,
                "warning" => Severity::Warning,
                "note" => Severity::Note,
                _ => Severity::Remark,
            };
            let target = match c.get(4).map(|m| m.as_str()) {
                None => Some(lineno as i64),
                Some("above") => Some(lineno as i64 - 1),
                Some("below") => Some(lineno as i64 + 1),
                Some(rel) => rel.parse::<i64>().ok().map(|d| lineno as i64 + d),
            };
            let start = offset + c.get(0).map(|m| m.start()).unwrap_or(0);
            let span = Span::new(start, start + c.get(0).map(|m| m.len()).unwrap_or(0));
            match target {
                Some(t) if t >= 1 => out.push(Expectation {
                    severity,
                    line: t as usize,
                    message: c[5].to_string(),
                    is_regex: c.get(2).is_some(),
                    span,
                    matched: false,
                }),
                _ => errors.push(Diagnostic::error(span, "expected diagnostic refers to a line before the start of the file")),
            }
        }
        offset += line.len();
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

fn message_matches(e: &Expectation, message: &str) -> bool {
    if !e.is_regex {
        return message.contains(&e.message);
    }
    // Literal text with `{{regex}}` pieces.
    let mut pattern = String::new();
    let mut rest = e.message.as_str();
    while let Some(open) = rest.find("{{") {
        pattern.push_str(&regex::escape(&rest[..open]));
        let after = &rest[open + 2..];
        match after.find("}}") {
            Some(close) => {
                pattern.push('(');
                pattern.push_str(&after[..close]);
                pattern.push(')');
                rest = &after[close + 2..];
            }
            None => {
                pattern.push_str(&regex::escape(&rest[open..]));
                rest = "";
            }
        }
    }
    pattern.push_str(&regex::escape(rest));
    Regex::new(&pattern).map(|r| r.is_match(message)).unwrap_or(false)
}

/// Compares produced diagnostics (notes included, each at its own place) with expectations.
/// Returns the mismatches as errors (empty when everything matched).
pub fn check(file: &SourceFile<'_>, expected: &mut [Expectation], produced: &[Diagnostic]) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    let mut flat: Vec<(Severity, Option<Span>, String)> = Vec::new();
    for d in produced {
        flat.push((d.severity, d.span, d.message.clone()));
        for (span, msg) in &d.notes {
            flat.push((Severity::Note, *span, msg.clone()));
        }
    }
    // Expectations by line, so matching N diagnostics against N expectations is linear.
    let mut by_line: rustc_hash::FxHashMap<usize, Vec<usize>> = Default::default();
    for (i, e) in expected.iter().enumerate() {
        by_line.entry(e.line).or_default().push(i);
    }
    for (severity, span, message) in flat {
        let line = span.map(|s| file.line_of(s.start as usize));
        let found = line.and_then(|l| by_line.get(&l)).and_then(|candidates| {
            candidates.iter().copied().find(|&i| {
                let e = &expected[i];
                !e.matched && e.severity == severity && message_matches(e, &message)
            })
        });
        match found {
            Some(i) => expected[i].matched = true,
            None => {
                let span = span.unwrap_or_default();
                problems.push(Diagnostic::error(span, format!("unexpected {}: {}", severity.as_str(), message)));
            }
        }
    }
    for e in expected.iter().filter(|e| !e.matched) {
        problems.push(Diagnostic::error(
            e.span,
            format!("expected {} \"{}\" was not produced", e.severity.as_str(), e.message),
        ));
    }
    problems
}
