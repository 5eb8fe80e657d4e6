//! Diagnostics: one type for every stage (lexing, parsing, name resolution, verification,
//! the CLI), rendered with codespan-reporting as `file:line:col: severity: message` with a
//! source excerpt. Stages collect diagnostics instead of aborting where they can.

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::{Error as FilesError, Files};
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
        let line = line_index(&self.line_starts, offset);
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
        let severity = match d.severity {
            Severity::Error => codespan_reporting::diagnostic::Severity::Error,
            Severity::Warning => codespan_reporting::diagnostic::Severity::Warning,
            Severity::Remark => codespan_reporting::diagnostic::Severity::Help,
            Severity::Note => codespan_reporting::diagnostic::Severity::Note,
        };
        let mut file = View { name: self.name, text: self.text, line_starts: &self.line_starts, windows: Vec::new() };
        let mut labels = Vec::new();
        if let Some(s) = d.span {
            let r = file.excerpt(clamp(s, self.text));
            labels.push(Label::primary((), r));
        }
        let mut notes = Vec::new();
        for (span, msg) in &d.notes {
            match span {
                Some(s) => {
                    let r = file.excerpt(clamp(*s, self.text));
                    labels.push(Label::secondary((), r).with_message(msg.clone()))
                }
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

/// The 0-based line of a byte offset, by binary search in the line starts.
fn line_index(line_starts: &[usize], offset: usize) -> usize {
    match line_starts.binary_search(&offset) {
        Ok(i) => i,
        Err(i) => i - 1,
    }
}

/// Widest excerpt of a source line shown under a diagnostic, in bytes: a longer line is
/// shown as a window of it around the label (so N errors on one long line print N short
/// excerpts, not N copies of the line).
pub const MAX_EXCERPT: usize = 200;

/// The file as codespan-reporting sees it while rendering one diagnostic: lines are found
/// in the precomputed line starts (codespan's `SimpleFile` would scan the whole text for
/// every diagnostic), and long lines are cut to a window around their label.
struct View<'s> {
    name: &'s str,
    text: &'s str,
    line_starts: &'s [usize],
    /// Windows of long lines: (line index, byte range shown).
    windows: Vec<(usize, std::ops::Range<usize>)>,
}

impl View<'_> {
    fn full_line(&self, line: usize) -> std::ops::Range<usize> {
        let start = self.line_starts[line];
        let end = self.line_starts.get(line + 1).copied().unwrap_or(self.text.len());
        start..end
    }

    /// Registers the label range `r` (on one line, see `clamp`): on a long line, its window
    /// (the first label on a line sets it); gives the range clipped to what is shown.
    fn excerpt(&mut self, r: std::ops::Range<usize>) -> std::ops::Range<usize> {
        let line = line_index(self.line_starts, r.start);
        let full = self.full_line(line);
        if full.len() <= MAX_EXCERPT {
            return r;
        }
        let window = match self.windows.iter().find(|(l, _)| *l == line) {
            Some((_, w)) => w.clone(),
            None => {
                let mut start = r.start.saturating_sub(MAX_EXCERPT / 4).max(full.start);
                while !self.text.is_char_boundary(start) {
                    start -= 1;
                }
                let mut end = (start + MAX_EXCERPT).min(full.end);
                while !self.text.is_char_boundary(end) {
                    end -= 1;
                }
                self.windows.push((line, start..end));
                start..end
            }
        };
        let start = r.start.clamp(window.start, window.end);
        start..r.end.clamp(start, window.end)
    }
}

impl<'s> Files<'s> for View<'s> {
    type FileId = ();
    type Name = &'s str;
    type Source = &'s str;

    fn name(&'s self, (): ()) -> Result<&'s str, FilesError> {
        Ok(self.name)
    }

    fn source(&'s self, (): ()) -> Result<&'s str, FilesError> {
        Ok(self.text)
    }

    fn line_index(&'s self, (): (), byte_index: usize) -> Result<usize, FilesError> {
        Ok(line_index(self.line_starts, byte_index.min(self.text.len())))
    }

    fn line_range(&'s self, (): (), line_index: usize) -> Result<std::ops::Range<usize>, FilesError> {
        if line_index >= self.line_starts.len() {
            return Err(FilesError::LineTooLarge { given: line_index, max: self.line_starts.len() - 1 });
        }
        Ok(match self.windows.iter().find(|(l, _)| *l == line_index) {
            Some((_, w)) => w.clone(),
            None => self.full_line(line_index),
        })
    }
}

/// Most diagnostics rendered for one input file; the rest are counted (see [`Reporter`]).
pub const MAX_REPORTED: usize = 100;

/// Renders diagnostics up to a limit per file ([`MAX_REPORTED`] by default, `--error-limit`)
/// and counts the others, so a file with a hundred thousand errors costs a hundred excerpts
/// and one final note.
pub struct Reporter {
    shown: usize,
    hidden: usize,
    limit: usize,
}

impl Default for Reporter {
    fn default() -> Self {
        Reporter::new(MAX_REPORTED)
    }
}

impl Reporter {
    /// At most `limit` diagnostics rendered (0: no limit).
    pub fn new(limit: usize) -> Self {
        Reporter { shown: 0, hidden: 0, limit: if limit == 0 { usize::MAX } else { limit } }
    }

    /// Writes `d` rendered against `file`, or counts it once the limit is reached.
    pub fn report(&mut self, file: &SourceFile<'_>, d: &Diagnostic, out: &mut impl std::io::Write) {
        if self.shown < self.limit {
            self.shown += 1;
            let _ = write!(out, "{}", file.render(d));
        } else {
            self.hidden += 1;
        }
    }

    /// The closing `file: note: N more errors not shown`, if any were held back.
    pub fn finish(&self, name: &str, out: &mut impl std::io::Write) {
        if self.hidden > 0 {
            let _ = writeln!(
                out,
                "{}: note: {} more error{} not shown (at most {} are reported per file; --error-limit=0 shows all)",
                name,
                self.hidden,
                if self.hidden == 1 { "" } else { "s" },
                self.limit
            );
        }
    }
}
