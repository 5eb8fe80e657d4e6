//! File-level text handling around the parser: `--split-input-file` chunks, and attaching
//! `//` comments to the op, function or graph right below them (a blank line breaks the
//! attachment, as in rust-analyzer), to the end of the enclosing block, or, for a comment
//! after code on the same line, to the op that starts on that line.


use super::lexer::Trivia;
use crate::ir::{BlockId, CommentAnchor, Module, OpId};

/// The marker line between chunks of a `--split-input-file` input.
pub const SPLIT_MARKER: &str = "// -----";

/// Splits `text` at lines that start with `// -----`; returns each chunk with its byte offset.
/// Marker lines are left out of every chunk but replaced by blank text, so line numbers
/// inside chunks stay those of the whole file when offsets are added back.
pub fn split_chunks(text: &str) -> Vec<(usize, &str)> {
    let mut chunks = Vec::new();
    let mut start = 0;
    let mut pos = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_end().starts_with(SPLIT_MARKER) && line.trim_start() == line {
            chunks.push((start, &text[start..pos]));
            start = pos + line.len();
        }
        pos += line.len();
    }
    chunks.push((start, &text[start..]));
    chunks
}

/// Attaches comment runs to what follows them, and same-line comments to their op.
pub fn attach_comments(module: &mut Module, text: &str, trivia: &Trivia, op_starts: &[(OpId, u32)], block_ends: &[(BlockId, u32)]) {
    if trivia.comments.is_empty() {
        return;
    }
    // Sorted by offset (stably: the last one recorded at an offset wins); searched rather
    // than hashed, since there is an entry per op and usually only a few comments.
    let mut starts: Vec<(u32, OpId)> = op_starts.iter().map(|&(op, at)| (at, op)).collect();
    starts.sort_by_key(|&(at, _)| at);
    let mut ends: Vec<(u32, BlockId)> = block_ends.iter().map(|&(b, at)| (at, b)).collect();
    ends.sort_by_key(|&(at, _)| at);
    let bytes = text.as_bytes();
    let mut i = 0;
    let comments = &trivia.comments;
    while i < comments.len() {
        let (s, e) = comments[i];
        if !alone_on_line(bytes, s as usize) {
            // After code: kept at the end of the line of the op that starts on this line
            // (the last one if several do); otherwise (e.g. after a closing `}`) it is kept
            // like a comment on its own line.
            if let Some(op) = op_starting_on_line_before(&starts, text, s as usize) {
                let gap_start = text[..s as usize].trim_end_matches([' ', '\t']).len();
                let entry = text[gap_start..e as usize].trim_end().to_string();
                module.comments.entry(CommentAnchor::EndOfLine(op)).or_default().push(entry);
                i += 1;
                continue;
            }
        }
        let mut run = vec![comments[i]];
        let mut j = i + 1;
        while j < comments.len() {
            let (prev_end, next_start) = (run.last().map(|c| c.1).unwrap_or(0), comments[j].0);
            let gap = &text[prev_end as usize..next_start as usize];
            if gap.chars().all(char::is_whitespace) && gap.matches('\n').count() == 1 {
                run.push(comments[j]);
                j += 1;
            } else {
                break;
            }
        }
        let end = run.last().map(|c| c.1 as usize).unwrap_or(0);
        let next = text[end..].find(|c: char| !c.is_whitespace()).map(|k| end + k);
        let anchor = match next {
            None => Some(CommentAnchor::BlockEnd(module.top)),
            Some(p) => {
                let gap = &text[end..p];
                if gap.matches('\n').count() > 1 {
                    None
                } else if let Some(op) = recorded_at(&starts, p) {
                    Some(CommentAnchor::BeforeOp(op))
                } else {
                    recorded_at(&ends, p).map(CommentAnchor::BlockEnd)
                }
            }
        };
        if let Some(anchor) = anchor {
            let lines = run.iter().map(|&(a, b)| text[a as usize..b as usize].trim_end().to_string());
            module.comments.entry(anchor).or_default().extend(lines);
        }
        i = j;
    }
}

/// The last entry recorded at offset `at` in `sorted` (sorted stably by offset).
fn recorded_at<T: Copy>(sorted: &[(u32, T)], at: usize) -> Option<T> {
    let k = sorted.partition_point(|&(s, _)| s as usize <= at);
    sorted[..k].last().filter(|&&(s, _)| s as usize == at).map(|&(_, x)| x)
}

/// The op with the last start before `at` on `at`'s line, if any.
fn op_starting_on_line_before(starts: &[(u32, OpId)], text: &str, at: usize) -> Option<OpId> {
    let line_start = text[..at].rfind('\n').map_or(0, |k| k + 1);
    let k = starts.partition_point(|&(s, _)| (s as usize) < at);
    let &(s, op) = starts[..k].last()?;
    (s as usize >= line_start).then_some(op)
}

fn alone_on_line(bytes: &[u8], at: usize) -> bool {
    let mut k = at;
    while k > 0 {
        match bytes[k - 1] {
            b'\n' => return true,
            b' ' | b'\t' | b'\r' => k -= 1,
            _ => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_keep_offsets() {
        let text = "a\n// -----\nb\n// -----\n";
        let chunks = split_chunks(text);
        assert_eq!(chunks, vec![(0, "a\n"), (11, "b\n"), (22, "")]);
    }
}
