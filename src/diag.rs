//! Diagnostics: one type for every stage (lexing, parsing, name resolution, verification,
//! the CLI), rendered with codespan-reporting as `file:line:col: severity: message` with a
//! source excerpt. Stages collect diagnostics instead of aborting where they can.

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term;

use crate::ir::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Note,
    Remark,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Remark => "remark",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A message about a place in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    /// Byte range of the primary location (`None` for file-less errors).
    pub span: Option<Span>,
    /// Attached notes, each optionally pointing at a place ("previously defined here").
    pub notes: Vec<(Option<Span>, String)>,
}

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Error, message: message.into(), span: Some(span), notes: Vec::new() }
    }

    pub fn error_nowhere(message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Error, message: message.into(), span: None, notes: Vec::new() }
    }

    pub fn with_note(mut self, span: Option<Span>, message: impl Into<String>) -> Self {
        self.notes.push((span, message.into()));
        self
    }

    /// Moves every span by `offset` bytes (for `--split-input-file` chunks).
    pub fn shifted(mut self, offset: u32) -> Self {
        if let Some(s) = &mut self.span {
            s.start += offset;
            s.end += offset;
        }
        for (s, _) in &mut self.notes {
            if let Some(s) = s {
                s.start += offset;
                s.end += offset;
            }
        }
        self
    }
}

/// A source file for rendering: name, text, and line starts for `line:col`.
pub struct SourceFile<'a> {
    pub name: &'a str,
    pub text: &'a str,
    line_starts: Vec<usize>,
}

impl<'a> SourceFile<'a> {
    pub fn new(name: &'a str, text: &'a str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(text.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i + 1));
        SourceFile { name, text, line_starts }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = self.line_starts[line];
        let col = self.text.get(start..offset).map(|s| s.chars().count()).unwrap_or(offset - start) + 1;
        (line + 1, col)
    }

    /// 1-based line of a byte offset.
    pub fn line_of(&self, offset: usize) -> usize {
        self.line_col(offset).0
    }

    /// `file:line:col: severity: message` lines, no excerpt (for `--verify-diagnostics` and tests).
    pub fn short(&self, d: &Diagnostic) -> String {
        match d.span {
            Some(s) => {
                let (l, c) = self.line_col(s.start as usize);
                format!("{}:{}:{}: {}: {}", self.name, l, c, d.severity.as_str(), d.message)
            }
            None => format!("{}: {}: {}", self.name, d.severity.as_str(), d.message),
        }
    }

    /// Full rendering with source excerpt. The header line keeps the `file:line:col:` form
    /// tools (editors, FileCheck) match on.
    pub fn render(&self, d: &Diagnostic) -> String {
        let mut out = String::new();
        out.push_str(&self.short(d));
        out.push('\n');
        let file = SimpleFile::new(self.name, self.text);
        let severity = match d.severity {
            Severity::Error => codespan_reporting::diagnostic::Severity::Error,
            Severity::Warning => codespan_reporting::diagnostic::Severity::Warning,
            Severity::Remark => codespan_reporting::diagnostic::Severity::Help,
            Severity::Note => codespan_reporting::diagnostic::Severity::Note,
        };
        let mut labels = Vec::new();
        if let Some(s) = d.span {
            let r = clamp(s, self.text);
            labels.push(Label::primary((), r));
        }
        let mut notes = Vec::new();
        for (span, msg) in &d.notes {
            match span {
                Some(s) => labels.push(Label::secondary((), clamp(*s, self.text)).with_message(msg.clone())),
                None => notes.push(msg.clone()),
            }
        }
        if labels.is_empty() && notes.is_empty() {
            return out;
        }
        let cs = CsDiagnostic::new(severity).with_labels(labels).with_notes(notes);
        let config = term::Config::default();
        if let Ok(rendered) = term::emit_into_string(&config, &file, &cs) {
            // Drop codespan's own header line: ours above carries `file:line:col`.
            let body: Vec<&str> = rendered.lines().skip(1).collect();
            out.push_str(&body.join("\n"));
            out.push('\n');
        }
        out
    }
}

/// The part of `s` to underline: within the text, and only its first line (an op's span
/// covers its regions, which may be a million lines).
fn clamp(s: Span, text: &str) -> std::ops::Range<usize> {
    let len = text.len();
    let start = (s.start as usize).min(len);
    let end = (s.end as usize).clamp(start, len);
    let first_line_end = text.get(start..end).and_then(|t| t.find('\n')).map(|i| start + i).unwrap_or(end);
    start..first_line_end.max(start)
}
