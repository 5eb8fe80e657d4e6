//! Diagnostics of a version as LSP diagnostics: the exact range of each, notes with a place
//! as related information, notes without one appended to the message.

use lsp_types::{DiagnosticRelatedInformation, DiagnosticSeverity, Location, Uri};

use super::analysis::Analysis;
use crate::diag::{Diagnostic, Severity};

pub fn to_lsp(a: &Analysis, uri: &Uri) -> Vec<lsp_types::Diagnostic> {
    a.diagnostics.iter().map(|d| convert(a, uri, d)).collect()
}

pub fn convert(a: &Analysis, uri: &Uri, d: &Diagnostic) -> lsp_types::Diagnostic {
    let range = match d.span {
        Some(s) => a.lines.range(&a.text, s.start, s.end),
        None => a.lines.range(&a.text, 0, 0),
    };
    let severity = match d.severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Remark => DiagnosticSeverity::INFORMATION,
        Severity::Note => DiagnosticSeverity::HINT,
    };
    let mut message = d.message.clone();
    let mut related = Vec::new();
    for (span, note) in &d.notes {
        match span {
            Some(s) => related.push(DiagnosticRelatedInformation {
                location: Location::new(uri.clone(), a.lines.range(&a.text, s.start, s.end)),
                message: note.clone(),
            }),
            None => {
                message.push_str("\nnote: ");
                message.push_str(note);
            }
        }
    }
    lsp_types::Diagnostic {
        range,
        severity: Some(severity),
        source: Some("amanda-opt".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Default::default()
    }
}
