//! Reading the common shapes the lexer takes as one token: a whole attribute dictionary of
//! `key = value` entries ([`Token::DictText`](super::lexer::Token::DictText)), a whole operand
//! list ([`Token::UseListText`](super::lexer::Token::UseListText)) and the head of a
//! generic op, its results, name and operands
//! ([`Token::GenericOpHead`](super::lexer::Token::GenericOpHead)). Nearly every op of a
//! TensorFlow graph has them, and taking them whole saves the grammar most of its steps.
//!
//! What they build is exactly what the grammar builds from their tokens, through the same
//! [`ParseCx`] calls in the same order: an entry's value is read by the grammar itself
//! (its `Attr` rule, over the value's tokens) or, for a string, by the rule's own action
//! ([`ParseCx::finish_attr`]), and an operand by [`ParseCx::value_use`].
//! Entries repeat from op to op (the device, `T = f32`, `padding = "SAME"`), so the
//! dictionary's entries go through a small memo keyed by their text: an entry seen before
//! costs one hash and one comparison. The memo only skips work that would intern nothing
//! new (an entry's first occurrence always builds it), so ids come out the same as without
//! it. The lexer guarantees the shapes (where entries and operands start and end); a
//! value with a syntax error fails its `Attr` rule here. A plain token stream
//! ([`TokenStream::plain`]) never makes these tokens, and `syntax::parse_module` reports
//! every error from such a plain parse.

use super::builder::{fail, ActionResult, AttrSyntax, ParseCx, ResultDef, UseRef};
use super::lexer::{string_len, TokenStream};
use crate::ir::NamedAttr;
use rustc_hash::FxBuildHasher;
use std::hash::BuildHasher;

/// Slots of the entry memo (a power of two).
const MEMO_SLOTS: usize = 4096;

/// A direct-mapped memo of dictionary entries by their text: each text goes to one slot,
/// and a newer entry takes the slot of an older one.
#[derive(Default)]
pub struct EntryMemo<'t> {
    slots: Vec<(u64, &'t str, NamedAttr)>,
}

impl<'t> EntryMemo<'t> {
    fn get(&self, hash: u64, text: &str) -> Option<NamedAttr> {
        let (h, t, n) = self.slots.get(hash as usize & (MEMO_SLOTS - 1))?;
        (*h == hash && *t == text).then_some(*n)
    }

    fn put(&mut self, hash: u64, text: &'t str, entry: NamedAttr) {
        if self.slots.is_empty() {
            let none = NamedAttr::new(crate::ir::Sym::new(0), crate::ir::AttrId::new(0));
            self.slots = vec![(u64::MAX, "", none); MEMO_SLOTS];
        }
        self.slots[hash as usize & (MEMO_SLOTS - 1)] = (hash, text, entry);
    }
}

/// The entries of a dictionary's text `{k = v, ...}`: their byte ranges in `text`, blanks
/// trimmed. Commas inside strings and lists do not separate entries.
fn entry_ranges(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let bytes = text.as_bytes();
    let last = bytes.len().saturating_sub(1); // the closing `}`
    let mut at = 1;
    std::iter::from_fn(move || {
        while at < last && bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        if at >= last {
            return None;
        }
        let start = at;
        let mut depth = 0u32;
        while at < last {
            match bytes[at] {
                // To the string's closing quote.
                b'"' => at += string_len(&bytes[at..last]).unwrap_or(last - at) - 1,
                b'[' | b'<' => depth += 1,
                b']' | b'>' => depth = depth.saturating_sub(1),
                b',' if depth == 0 => break,
                _ => {}
            }
            at += 1;
        }
        let mut end = at.min(last);
        while end > start && bytes[end - 1].is_ascii_whitespace() {
            end -= 1;
        }
        at += 1; // past the comma
        Some((start, end))
    })
}

impl<'t> ParseCx<'t> {
    /// A [`Token::DictText`](super::lexer::Token::DictText) at offset `at`: its entries,
    /// as the grammar's `AttrDict` rule gives them.
    pub fn dict_text(&mut self, text: &'t str, at: usize) -> ActionResult<Vec<NamedAttr>> {
        // Gathered in a buffer kept between calls, then copied out at their exact size: an
        // op keeps its attributes for as long as the module lives.
        let mut entries = std::mem::take(&mut self.entry_buffer);
        entries.clear();
        let read = self.dict_entries(text, at, &mut entries);
        let out = entries.to_vec();
        self.entry_buffer = entries;
        read.map(|()| out)
    }

    fn dict_entries(&mut self, text: &'t str, at: usize, entries: &mut Vec<NamedAttr>) -> ActionResult<()> {
        for (start, end) in entry_ranges(text) {
            let entry = &text[start..end];
            let hash = FxBuildHasher.hash_one(entry);
            if let Some(named) = self.entry_memo.get(hash, entry) {
                entries.push(named);
                continue;
            }
            // `key = value`: a bare key has no `=` and no blanks.
            let eq = entry.find('=').unwrap_or(0);
            let key = entry[..eq].trim_end();
            let value_start = start + eq + 1 + (entry[eq + 1..].len() - entry[eq + 1..].trim_start().len());
            let value = if text.as_bytes()[value_start] == b'"' {
                // A string (the lexer's pattern makes it one string token, its closing
                // quote last): built as the grammar's `Attr` rule builds it, without the
                // rule (every op's `_mlir_name` is such a string, seen nowhere else).
                let inner = &text[value_start + 1..end - 1];
                self.finish_attr(AttrSyntax::Str(inner), None, at + value_start, at + end)?
            } else {
                self.attr_at(at + value_start, at + end)?
            };
            let named = self.named(key, Some(value));
            self.entry_memo.put(hash, entry, named);
            entries.push(named);
        }
        Ok(())
    }

    /// Reads the attribute value `text[from..to]` with the grammar's `Attr` rule.
    fn attr_at(&mut self, from: usize, to: usize) -> ActionResult<crate::ir::AttrId> {
        let text = self.text;
        let tokens = TokenStream::starting_at(&text[..to], from).plain(true).map(super::to_grammar);
        super::grammar::AttrParser::new().parse(self, tokens).map_err(|e| match e {
            lalrpop_util::ParseError::User { error } => lalrpop_util::ParseError::User { error },
            other => lalrpop_util::ParseError::User { error: super::convert_error(text, other) },
        })
    }

    /// A [`Token::UseListText`](super::lexer::Token::UseListText) at offset `at`: its
    /// operands, as the grammar's `UseList` rule gives them.
    pub fn use_list_text(&mut self, text: &'t str, at: usize) -> ActionResult<Vec<UseRef>> {
        let bytes = text.as_bytes();
        let mut uses = Vec::with_capacity(4);
        for (start, end) in trimmed_pieces(bytes, 1, bytes.len() - 1, b',') {
            let hash = position(bytes, start, end, b'#');
            let index = (hash < end).then(|| &text[hash..end]);
            uses.push(self.value_use(&text[start..hash], index, at + start, at + end)?);
        }
        Ok(uses)
    }
}

/// Where the first `byte` in `bytes[from..to]` is, or `to`. The lists read here are a few
/// bytes long: too short for `memchr` to pay.
fn position(bytes: &[u8], from: usize, to: usize, byte: u8) -> usize {
    from + bytes[from..to].iter().take_while(|&&b| b != byte).count()
}

/// The pieces of `bytes[from..to]` between `sep` bytes, blanks trimmed: their ranges, as
/// `str::split` and `str::trim` would give them.
fn trimmed_pieces(bytes: &[u8], from: usize, to: usize, sep: u8) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut at = Some(from);
    std::iter::from_fn(move || {
        let start = at?;
        let stop = position(bytes, start, to, sep);
        at = (stop < to).then_some(stop + 1);
        let (mut s, mut e) = (start, stop);
        while s < e && bytes[s].is_ascii_whitespace() {
            s += 1;
        }
        while e > s && bytes[e - 1].is_ascii_whitespace() {
            e -= 1;
        }
        Some((s, e))
    })
}

/// Results of a generic op given both before its
/// [`Token::GenericOpHead`](super::lexer::Token::GenericOpHead) and in it
/// (`%a = %b = "x"() ...`), which the lexer's pattern lets through and a plain parse rejects.
pub fn merge_results(before: Option<Vec<ResultDef>>, own: Vec<ResultDef>, at: usize) -> ActionResult<Vec<ResultDef>> {
    match before {
        Some(before) if own.is_empty() => Ok(before),
        Some(_) => fail(crate::ir::Span::new(at, at + 1), "expected operation name"),
        None => Ok(own),
    }
}

/// `text[from..]` without its leading blanks: the offset of its first other byte.
fn skip_blanks(text: &str, from: usize) -> usize {
    from + text.as_bytes()[from..].iter().take_while(|b| b.is_ascii_whitespace()).count()
}

impl<'t> ParseCx<'t> {
    /// A [`Token::GenericOpHead`](super::lexer::Token::GenericOpHead) at offset `at`: its
    /// result groups, its quoted name and where that starts, and its operands, from the
    /// calls the grammar's `ResultList` and `UseList` rules make for the same text, in the
    /// same order. The lexer's pattern gives the shape: a result holds no `=`, an operand
    /// no parenthesis.
    pub fn generic_op_head(&mut self, text: &'t str, at: usize) -> ActionResult<(Vec<ResultDef>, &'t str, Vec<UseRef>, usize)> {
        let bytes = text.as_bytes();
        let mut results = Vec::new();
        let mut name_start = 0;
        if bytes[0] == b'%' {
            let eq = position(bytes, 0, bytes.len(), b'=');
            for (start, end) in trimmed_pieces(bytes, 0, eq, b',') {
                let colon = position(bytes, start, end, b':');
                let count = (colon < end).then(|| &text[colon + 1..end]);
                results.push(self.result_def(&text[start..colon], count, at + start, at + end)?);
            }
            name_start = skip_blanks(text, eq + 1);
        }
        let Some(name_len) = string_len(&bytes[name_start..]) else {
            return fail(crate::ir::Span::new(at + name_start, at + text.len()), "expected operation name");
        };
        let close = name_start + name_len - 1;
        let open = skip_blanks(text, close + 1);
        let operands = if text[open + 1..].trim_start().len() == 1 {
            Vec::new() // `()`
        } else {
            self.use_list_text(&text[open..], at + open)?
        };
        Ok((results, &text[name_start..=close], operands, at + name_start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_split_and_trim_as_str_does() {
        for text in ["(%a, %b#1 ,%c)", "( %a )", "(%a,,%b)", "(\t%x#0\t)"] {
            let inner = &text[1..text.len() - 1];
            let want: Vec<&str> = inner.split(',').map(str::trim).collect();
            let got: Vec<&str> = trimmed_pieces(text.as_bytes(), 1, text.len() - 1, b',').map(|(s, e)| &text[s..e]).collect();
            assert_eq!(got, want, "{}", text);
        }
        assert_eq!(position(b"%x#1", 0, 4, b'#'), 2);
        assert_eq!(position(b"%x#1", 0, 2, b'#'), 2);
    }

    #[test]
    fn entries_split_at_top_level_commas() {
        let text = r#"{a = "x, \"y\"", b = [1, 2],c=#tf_type.shape<?x2> , d = true}"#;
        let got: Vec<&str> = entry_ranges(text).map(|(s, e)| &text[s..e]).collect();
        assert_eq!(got, vec![r#"a = "x, \"y\"""#, "b = [1, 2]", "c=#tf_type.shape<?x2>", "d = true"]);
    }
}
