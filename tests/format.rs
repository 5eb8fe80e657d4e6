//! `--format` over every file the project has (test-files/, examples/ and TensorFlow's tfg
//! corpus in `../shared`): where a file formats, formatting again changes nothing, each
//! `// -----` chunk reads back to the same IR as the input (comments aside, which the
//! formatter moves to the op below them, and names, see below), no comment is lost and no
//! blank line is added.

mod common;

use amanda_opt::format::{comment_spans, format_text};
use amanda_opt::ir::equal::{first_difference, EqualOptions};
use amanda_opt::syntax::split::split_chunks;

/// Runs of blank lines (lines holding only whitespace) between two non-blank lines, but the
/// one above a `{-# ... #-}` section, which the printed form always has (as mlir-opt's).
fn blank_runs(text: &str) -> usize {
    let mut runs = 0;
    let (mut after_text, mut in_run) = (false, false);
    for line in text.lines() {
        if line.trim().is_empty() {
            in_run = after_text;
        } else {
            if in_run && !line.starts_with("{-#") {
                runs += 1;
            }
            (after_text, in_run) = (true, false);
        }
    }
    runs
}

#[test]
fn every_file_formats_idempotently_to_the_same_ir() {
    let mut files = common::repo_mlir_files();
    files.extend(common::tfg_corpus_files().unwrap_or_default());
    let (mut formatted, mut refused) = (0, 0);
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else { continue };
        let Ok(once) = format_text(&text) else {
            refused += 1; // files of syntax errors, and comments inside a multi-line op
            continue;
        };
        let name = path.display();
        let twice = format_text(&once).unwrap_or_else(|_| panic!("{}: the formatted text does not format", name));
        assert!(twice == once, "{}: formatting is not idempotent:\n{}", name, common::first_line_diff(&once, &twice));
        assert_eq!(comment_spans(&once).len(), comment_spans(&text).len(), "{}: comments lost", name);
        assert!(blank_runs(&once) <= blank_runs(&text), "{}: blank lines added ({} runs, {} in the input)", name, blank_runs(&once), blank_runs(&text));
        let (before, after) = (split_chunks(&text), split_chunks(&once));
        assert_eq!(before.len(), after.len(), "{}: chunks", name);
        for (k, (&(_, a), &(_, b))) in before.iter().zip(&after).enumerate() {
            let (Ok(a), Ok(b)) = (amanda_opt::syntax::parse_module(a), amanda_opt::syntax::parse_module(b)) else {
                continue; // a chunk that does not parse in the input does not in the output either
            };
            // Names aside too: the printed form names a result written without one (a tfg
            // region op's control token); names as written are kept by the printer
            // (tests/roundtrip.rs) and so by formatting.
            let opts = EqualOptions { comments: false, names: false, ..EqualOptions::ALL };
            if let Some(d) = first_difference(&a, &b, opts) {
                panic!("{}: chunk {} reads back as other IR: {}", name, k + 1, d);
            }
        }
        formatted += 1;
    }
    eprintln!("{} files formatted, {} refused", formatted, refused);
    assert!(formatted > 200, "only {} files formatted", formatted);
}
