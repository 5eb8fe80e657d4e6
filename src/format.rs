//! The formatter (issue 18): a file's text in the tool's printed form (the preserving
//! printer, locations as written, every comment kept), shared by `amanda-opt --format` and
//! the language server's formatting requests.
//!
//! The command line's `--keep-comments` drops a run of comments that a blank line separates
//! from the op below it; a formatter must not lose text, so here every own-line comment run
//! is placed above the op or block label (or before the `}` / end of file) that follows it.
//! A comment the printer has no place for (one inside a multi-line op) makes formatting fail
//! with a diagnostic instead of dropping it.
//!
//! Blank lines are kept where a person put them between items — ops, functions, graphs,
//! block labels, comment runs, the alias definitions and what follows them — as rustfmt and
//! gofmt keep them: a run of blank lines becomes one, none is added, and those right after a
//! `{` or a block label or right before a `}` are dropped. `--split-input-file` markers
//! (`// -----`) are kept, with a blank line above and below where the text had one: each
//! chunk is formatted on its own. Output lines carry no trailing whitespace and the result
//! is idempotent (`tests`, test-files/format/).

use crate::diag::{Diagnostic, SourceFile};
use crate::ir::{BlockId, CommentAnchor, Module, OpId, Span};
use crate::printer::{print_module, PrintOptions};
use crate::syntax::lexer::TokenStream;
use crate::syntax::split::{split_chunks, SPLIT_MARKER};

/// How the formatter prints: the preserving printer, comments and written locations kept.
pub const FORMAT_OPTIONS: PrintOptions = PrintOptions { generic: false, debuginfo: true, canonical: false, keep_comments: true };

/// Formats a whole file (every `// -----` chunk on its own); diagnostics carry byte spans
/// of `text`.
pub fn format_text(text: &str) -> Result<String, Vec<Diagnostic>> {
    let chunks = split_chunks(text);
    let mut out = String::with_capacity(text.len());
    for (i, &(offset, chunk)) in chunks.iter().enumerate() {
        let formatted = format_chunk(chunk).map_err(|ds| ds.into_iter().map(|d| d.shifted(offset as u32)).collect::<Vec<_>>())?;
        if i > 0 {
            out.push_str(SPLIT_MARKER);
            out.push('\n');
            // A blank line under the marker, where there was one and something follows.
            let lead = &chunk[..chunk.len() - chunk.trim_start().len()];
            if lead.contains('\n') && !formatted.is_empty() {
                out.push('\n');
            }
        }
        out.push_str(&formatted);
        // A blank line above the next marker, where there was one below some text.
        let trail = &chunk[chunk.trim_end().len()..];
        if i + 1 < chunks.len() && !formatted.is_empty() && trail.matches('\n').count() > 1 {
            out.push('\n');
        }
    }
    Ok(out)
}

/// Formats one chunk (a file without split markers).
pub fn format_chunk(text: &str) -> Result<String, Vec<Diagnostic>> {
    if text.trim().is_empty() {
        return Ok(String::new());
    }
    let comments = comment_spans(text);
    let (module, header) = formatted_module(text, &comments)?;
    let printed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| print_module(&module, FORMAT_OPTIONS)))
        .map_err(|_| vec![Diagnostic::error(Span::new(0, 0), "internal error while printing this file (please report this as a bug)")])?;
    let mut out = String::with_capacity(printed.len());
    for line in &header {
        out.push_str(line);
        out.push('\n');
    }
    for line in printed.lines() {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    // Nothing may be lost: every comment of the input is in the output.
    let kept = comment_spans(&out).len();
    if kept != comments.len() {
        return Err(vec![Diagnostic::error(Span::new(0, 0), format!("formatting would drop comments ({} in the input, {} printed)", comments.len(), kept))]);
    }
    Ok(out)
}

/// The module of a chunk with every own-line comment placed for printing (see the module
/// doc), and the comment lines that go above everything (above alias definitions).
pub fn formatted_module(text: &str, comments: &[(u32, u32)]) -> Result<(Module, Vec<String>), Vec<Diagnostic>> {
    let mut module = crate::syntax::parse_module(text)?;
    let header = place_comments(&mut module, text, comments)?;
    Ok((module, header))
}

/// Byte ranges of the `//` comments of `text`, as the lexer finds them.
pub fn comment_spans(text: &str) -> Vec<(u32, u32)> {
    let mut tokens = TokenStream::new(text).plain(true);
    for _ in &mut tokens {}
    tokens.into_trivia().comments
}

/// Re-attaches every comment that is alone on its line: runs of comments are placed above
/// the op, block label or alias definition that follows them, or at the end of the block
/// whose `}` follows them. Runs above something else that starts with `#` or `!` are
/// returned, to go at the top of the file. Then the blank lines between items: an op, block
/// label, alias or comment run with a blank line above it in the text gets one (as an empty
/// comment line), unless it is the first thing in its block.
fn place_comments(module: &mut Module, text: &str, comments: &[(u32, u32)]) -> Result<Vec<String>, Vec<Diagnostic>> {
    let mut header = Vec::new();
    let alias_at: rustc_hash::FxHashMap<u32, u32> = module.aliases.iter().enumerate().map(|(k, a)| (a.span.start, k as u32)).collect();
    let mut op_at: rustc_hash::FxHashMap<u32, OpId> = Default::default();
    let mut end_at: rustc_hash::FxHashMap<u32, BlockId> = Default::default();
    let mut label_at: rustc_hash::FxHashMap<u32, BlockId> = Default::default();
    let mut stack: Vec<OpId> = module.body.block_ops(module.top).collect();
    while let Some(op) = stack.pop() {
        op_at.entry(module.body.op(op).span.start).or_insert(op);
        for &r in &module.body.op(op).regions {
            let region = module.body.region(r);
            if let Some(&last) = region.blocks.last() {
                end_at.insert(region.span.end.saturating_sub(1), last);
            }
            for &b in &region.blocks {
                let block = module.body.block(b);
                if block.label.is_some() {
                    label_at.insert(block.span.start, b);
                }
                stack.extend(module.body.block_ops(b));
            }
        }
    }
    // Own-line comments only: same-line ones stay where the parser put them.
    let eol_ops: rustc_hash::FxHashSet<OpId> = module
        .comments
        .keys()
        .filter_map(|a| match a {
            CommentAnchor::EndOfLine(op) => Some(*op),
            _ => None,
        })
        .collect();
    let mut eol_count = 0;
    let own: Vec<(u32, u32)> = comments
        .iter()
        .copied()
        .filter(|&(s, _)| {
            if alone_on_line(text, s as usize) {
                true
            } else if eol_count < eol_ops.len() && op_on_line_before(text, s as usize, &op_at) {
                eol_count += 1;
                false
            } else {
                true
            }
        })
        .collect();
    module.comments.retain(|a, _| matches!(a, CommentAnchor::EndOfLine(_)));
    let mut i = 0;
    while i < own.len() {
        let mut lines = vec![text[own[i].0 as usize..own[i].1 as usize].trim_end().to_string()];
        let mut j = i + 1;
        while j < own.len() {
            let gap = &text[own[j - 1].1 as usize..own[j].0 as usize];
            if !gap.trim().is_empty() {
                break;
            }
            if gap.matches('\n').count() > 1 {
                lines.push(String::new());
            }
            lines.push(text[own[j].0 as usize..own[j].1 as usize].trim_end().to_string());
            j += 1;
        }
        let end = own[j - 1].1 as usize;
        let next = text[end..].find(|c: char| !c.is_whitespace()).map(|k| end + k);
        let anchor = match next {
            None => CommentAnchor::BlockEnd(module.top),
            Some(p) => {
                if text[end..p].matches('\n').count() > 1 {
                    lines.push(String::new());
                }
                let at = p as u32;
                match (alias_at.get(&at), op_at.get(&at), label_at.get(&at), end_at.get(&at)) {
                    (Some(&k), ..) => CommentAnchor::BeforeAlias(k),
                    (None, Some(&op), ..) => CommentAnchor::BeforeOp(op),
                    (None, None, Some(&b), _) => CommentAnchor::BeforeBlock(b),
                    (None, None, None, Some(&b)) => {
                        if lines.last().is_some_and(|l| l.is_empty()) {
                            lines.pop();
                        }
                        CommentAnchor::BlockEnd(b)
                    }
                    (None, None, None, None) if text[p..].starts_with(['#', '!']) => {
                        header.extend(lines);
                        i = j;
                        continue;
                    }
                    (None, None, None, None) => {
                        let s = own[i];
                        return Err(vec![Diagnostic::error(
                            Span::new(s.0 as usize, s.1 as usize),
                            "cannot format: the printed form has no place for this comment (inside an op)",
                        )]);
                    }
                }
            }
        };
        if matches!(anchor, CommentAnchor::BlockEnd(b) if b == module.top) && lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        if blank_line_before(text, own[i].0 as usize) && !opens_block(module, anchor) {
            lines.insert(0, String::new());
        }
        module.comments.entry(anchor).or_default().extend(lines);
        i = j;
    }
    // Blank lines above ops, block labels and aliases that have no comments above them.
    let items = op_at.iter().map(|(&at, &op)| (at, CommentAnchor::BeforeOp(op)));
    let items = items.chain(label_at.iter().map(|(&at, &b)| (at, CommentAnchor::BeforeBlock(b))));
    let items = items.chain(alias_at.iter().map(|(&at, &k)| (at, CommentAnchor::BeforeAlias(k))));
    let blank: Vec<CommentAnchor> = items
        .filter(|&(at, anchor)| !module.comments.contains_key(&anchor) && blank_line_before(text, at as usize) && !opens_block(module, anchor))
        .map(|(_, anchor)| anchor)
        .collect();
    for anchor in blank {
        module.comments.insert(anchor, vec![String::new()]);
    }
    Ok(header)
}

/// Whether the text right above `at` (back to the previous non-blank character, which must
/// exist) holds a blank line.
fn blank_line_before(text: &str, at: usize) -> bool {
    let before = text[..at].trim_end();
    !before.is_empty() && text[before.len()..at].matches('\n').count() > 1
}

/// Whether what is printed at `anchor` is the first thing inside its block (so a blank line
/// above it would follow the `{` or the block label: formatters drop those). The file's own
/// block opens nowhere: what is above its first op (aliases, comments) is kept apart.
fn opens_block(module: &Module, anchor: CommentAnchor) -> bool {
    let body = &module.body;
    match anchor {
        CommentAnchor::BeforeOp(op) => body.parent_block(op).is_some_and(|b| b != module.top && body.first_op(b) == Some(op)),
        CommentAnchor::BlockEnd(b) => b != module.top && body.block_len(b) == 0,
        CommentAnchor::BeforeBlock(b) => body.block(b).parent.is_some_and(|r| body.region(r).blocks.first() == Some(&b)),
        CommentAnchor::EndOfLine(_) | CommentAnchor::BeforeAlias(_) => false,
    }
}

fn alone_on_line(text: &str, at: usize) -> bool {
    let line_start = text[..at].rfind('\n').map_or(0, |k| k + 1);
    text[line_start..at].trim().is_empty()
}

/// Whether an op starts on the line of `at`, before it (so a comment at `at` is that op's
/// same-line comment, as `syntax::split` attaches it).
fn op_on_line_before(text: &str, at: usize, op_at: &rustc_hash::FxHashMap<u32, OpId>) -> bool {
    let line_start = text[..at].rfind('\n').map_or(0, |k| k + 1);
    (line_start..at).any(|p| op_at.contains_key(&(p as u32)))
}

/// Whether `text` is already in the formatted form (formatting fails → `Err`).
pub fn is_formatted(text: &str) -> Result<bool, Vec<Diagnostic>> {
    Ok(format_text(text)? == text)
}

/// `amanda-opt --format [-i | --check] FILE...`: `args` is argv with the program name.
/// Without `-i`/`--check`, the formatted text of each file (or stdin, `-`) goes to stdout.
pub fn run_cli(args: &[String]) -> i32 {
    let mut in_place = false;
    let mut check = false;
    let mut files = Vec::new();
    for a in args.iter().skip(1) {
        match a.as_str() {
            "--format" | "-format" => {}
            "-i" | "--in-place" => in_place = true,
            "--check" | "-check" => check = true,
            "-h" | "--help" => {
                println!("usage: amanda-opt --format [-i | --check] FILE...\n\n  -i, --in-place  rewrite each file in its formatted form\n  --check         exit 1 and name the files that are not formatted");
                return 0;
            }
            s if s.starts_with('-') && s != "-" => {
                eprintln!("amanda-opt: error: --format: unknown option '{}' (only -i and --check go with --format)", s);
                return 1;
            }
            _ => files.push(a.clone()),
        }
    }
    if in_place && check {
        eprintln!("amanda-opt: error: --format: -i and --check do not go together");
        return 1;
    }
    if files.is_empty() {
        if in_place || check {
            eprintln!("amanda-opt: error: --format {}: no files given", if check { "--check" } else { "-i" });
            return 1;
        }
        files.push("-".to_string());
    }
    let mut status = 0;
    let mut unformatted = Vec::new();
    for f in &files {
        if in_place && f == "-" {
            eprintln!("amanda-opt: error: --format -i needs files, not stdin");
            return 1;
        }
        let input = match crate::input::Input::open(f) {
            Ok(i) => i,
            Err(e) => {
                eprintln!("amanda-opt: error: {}", e);
                status = 1;
                continue;
            }
        };
        let Ok(text) = input.text() else {
            eprintln!("amanda-opt: error: {}: invalid UTF-8", input.name);
            status = 1;
            continue;
        };
        let formatted = match format_text(text) {
            Ok(t) => t,
            Err(diags) => {
                let file = SourceFile::new(&input.name, text);
                for d in &diags {
                    eprint!("{}", file.render(d));
                }
                status = 1;
                continue;
            }
        };
        if check {
            if formatted != text {
                unformatted.push(input.name.clone());
            }
        } else if in_place {
            if formatted != text {
                let name = input.name.clone();
                drop(input);
                if let Err(e) = crate::output::write_output(&name, |w| w.write_all(formatted.as_bytes())) {
                    e.report();
                    status = 1;
                }
            }
        } else if let Err(e) = crate::output::write_output("-", |w| w.write_all(formatted.as_bytes())) {
            e.report();
            return 1;
        }
    }
    for f in &unformatted {
        println!("{}: not formatted", f);
    }
    if !unformatted.is_empty() {
        status = 1;
    }
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_detached_comments_and_is_idempotent() {
        let text = "// RUN: x\n\n// About the graph.\ntfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n    %a, %ctl = A : () -> (tensor<f32>)   \n  // end\n}\n\n// tail\n";
        let once = format_text(text).expect("formats");
        assert_eq!(once, "// RUN: x\n\n// About the graph.\ntfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n  %a, %ctl = A : () -> (tensor<f32>)\n  // end\n}\n\n// tail\n");
        assert_eq!(format_text(&once).expect("formats"), once);
    }

    #[test]
    fn split_chunks_are_formatted_apart() {
        let text = "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n}\n// -----\n\"x.y\"() : () -> ()\n";
        let once = format_text(text).expect("formats");
        assert!(once.contains("// -----\n"), "{}", once);
        assert_eq!(format_text(&once).expect("formats"), once);
    }

    #[test]
    fn syntax_errors_are_reported() {
        assert!(format_text("%a = \"x\"(\n").is_err());
    }
}
