//! The textual pass pipeline, as MLIR's `TextualPipeline` reads it
//! (`builtin.module(tfg.graph(tfg-toposort), tfg.func(p{a=1 b='x y'}))`): the syntax only,
//! no registry. [`parse_elements`] splits a pipeline into passes (with their `{...}` option
//! text) and op-anchored nested pipelines; [`parse_options`] splits a pass's option text
//! into `key=value` pairs as MLIR's `parseNextArg` does (space-separated, `'...'`, `"..."`
//! and `{...}` kept whole, one outer pair of quotes or braces stripped); [`split_list`]
//! splits a list value at its top-level commas. Every piece carries its byte offset in the
//! text, so errors can point at a column ([`PipelineError`]).

/// One element of a pipeline: a pass, or an op name with the pipeline nested in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Element {
    Pass {
        name: String,
        /// Byte offset of the name in the pipeline text.
        pos: usize,
        /// The text between the braces (empty without braces).
        options: String,
        /// Byte offset of the option text (just after `{`).
        options_pos: usize,
    },
    Nest {
        /// The op name (`tfg.func`, `builtin.module`, ...).
        op: String,
        pos: usize,
        inner: Vec<Element>,
    },
}

impl Element {
    pub fn pos(&self) -> usize {
        match self {
            Element::Pass { pos, .. } | Element::Nest { pos, .. } => *pos,
        }
    }
}

/// An error at a byte offset of a piece of text (a pipeline, a pass's options).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineError {
    pub pos: usize,
    pub msg: String,
}

impl PipelineError {
    pub fn new(pos: usize, msg: impl Into<String>) -> Self {
        PipelineError { pos, msg: msg.into() }
    }

    /// `label:1:COL: error: msg`, then the text and a caret under the column (MLIR's
    /// source-manager style), without a trailing newline.
    pub fn render(&self, label: &str, text: &str) -> String {
        let pos = self.pos.min(text.len());
        let col = text[..pos].chars().count() + 1;
        format!("{}:1:{}: {}\n{}\n{}^", label, col, self.msg, text, " ".repeat(col - 1))
    }
}

/// Trims ASCII whitespace from `s[start..end]`, returning the trimmed range.
fn trim_range(s: &str, mut start: usize, mut end: usize) -> (usize, usize) {
    let b = s.as_bytes();
    while start < end && b[start].is_ascii_whitespace() {
        start += 1;
    }
    while end > start && b[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    (start, end)
}

/// Splits pipeline text into elements (MLIR's `parsePipelineText`): names separated by
/// `,`, a name followed by `{...}` is a pass with options, a name followed by `(...)` an op
/// with a nested pipeline. Offsets are relative to `text`.
pub fn parse_elements(text: &str) -> Result<Vec<Element>, PipelineError> {
    let b = text.as_bytes();
    // Stack of open nested pipelines: (elements so far, op name, its offset).
    let mut stack: Vec<(Vec<Element>, String, usize)> = Vec::new();
    let mut current: Vec<Element> = Vec::new();
    let mut i = 0;
    loop {
        let start = i;
        while i < b.len() && !matches!(b[i], b',' | b'(' | b')' | b'{') {
            i += 1;
        }
        let (ns, ne) = trim_range(text, start, i);
        let name = text[ns..ne].to_string();
        if i == b.len() {
            current.push(Element::Pass { name, pos: ns, options: String::new(), options_pos: ne });
            break;
        }
        match b[i] {
            b'{' => {
                let open = i;
                let mut depth = 1;
                let mut close = None;
                let mut j = i + 1;
                while j < b.len() {
                    match b[j] {
                        b'{' => depth += 1,
                        b'}' => {
                            depth -= 1;
                            if depth == 0 {
                                close = Some(j);
                                break;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                let Some(close) = close else {
                    return Err(PipelineError::new(open, "missing closing '}' while processing pass options"));
                };
                current.push(Element::Pass {
                    name,
                    pos: ns,
                    options: text[open + 1..close].to_string(),
                    options_pos: open + 1,
                });
                i = close + 1;
                while i < b.len() && b[i].is_ascii_whitespace() {
                    i += 1;
                }
            }
            b'(' => {
                stack.push((std::mem::take(&mut current), name, ns));
                i += 1;
                continue;
            }
            _ => current.push(Element::Pass { name, pos: ns, options: String::new(), options_pos: ne }),
        }
        // Close as many nested pipelines as there are `)`.
        while i < b.len() && b[i] == b')' {
            let Some((outer, op, pos)) = stack.pop() else {
                return Err(PipelineError::new(
                    i,
                    "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline",
                ));
            };
            let inner = std::mem::replace(&mut current, outer);
            current.push(Element::Nest { op, pos, inner });
            i += 1;
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
        }
        if i == b.len() {
            break;
        }
        if b[i] != b',' {
            return Err(PipelineError::new(i, "expected ',' after parsing pipeline"));
        }
        i += 1;
    }
    if !stack.is_empty() {
        return Err(PipelineError::new(text.len(), "encountered unbalanced parentheses while parsing pipeline"));
    }
    Ok(current)
}

/// A `key=value` option of a pass, with the offsets of key and value in the option text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionArg {
    pub key: String,
    pub key_pos: usize,
    /// The value with one outer pair of quotes or braces removed; empty for a bare `key`.
    pub value: String,
    pub value_pos: usize,
}

/// Splits a pass's option text (`feeds=a,b fetches='c d' x={p{q=1}}`) into its arguments,
/// as MLIR's `parseNextArg`: arguments are separated by spaces; a key ends at `=` or a
/// space (a bare key has an empty value, which a bool option reads as true); in a value,
/// `'...'`, `"..."` and balanced `{...}` are kept whole.
pub fn parse_options(text: &str) -> Vec<OptionArg> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && b[i] == b' ' {
            i += 1;
        }
        if i == b.len() {
            break;
        }
        let key_start = i;
        while i < b.len() && b[i] != b' ' && b[i] != b'=' {
            i += 1;
        }
        let (ks, ke) = trim_range(text, key_start, i);
        let key = text[ks..ke].to_string();
        if i == b.len() || b[i] == b' ' {
            if !key.is_empty() {
                out.push(OptionArg { key, key_pos: ks, value: String::new(), value_pos: ke });
            }
            continue;
        }
        // b[i] == '='
        i += 1;
        let value_start = i;
        while i < b.len() && b[i] != b' ' {
            match b[i] {
                q @ (b'\'' | b'"') => {
                    if let Some(end) = text[i + 1..].find(q as char) {
                        i += end + 1;
                    }
                }
                b'{' => {
                    let mut depth = 1;
                    i += 1;
                    while i < b.len() {
                        match b[i] {
                            q @ (b'\'' | b'"') => {
                                if let Some(end) = text[i + 1..].find(q as char) {
                                    i += end + 1;
                                }
                            }
                            b'{' => depth += 1,
                            b'}' => {
                                depth -= 1;
                                if depth == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        }
                        i += 1;
                    }
                    if i == b.len() {
                        break;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        let end = i.min(b.len());
        let (vs, value) = unwrap_arg(text, value_start, end);
        if !key.is_empty() {
            out.push(OptionArg { key, key_pos: ks, value, value_pos: vs });
        }
    }
    out
}

/// MLIR's `extractArgAndUpdateOptions`: trims `text[start..end]`, then strips one pair of
/// outer quotes, or one pair of outer braces when they match each other.
fn unwrap_arg(text: &str, start: usize, end: usize) -> (usize, String) {
    let (s, e) = trim_range(text, start, end);
    let arg = &text[s..e];
    if arg.len() >= 2 {
        let (first, last) = (arg.as_bytes()[0], arg.as_bytes()[arg.len() - 1]);
        if (first == b'\'' || first == b'"') && first == last {
            let (s2, e2) = trim_range(text, s + 1, e - 1);
            return (s2, text[s2..e2].to_string());
        }
        if first == b'{' && find_char(arg, 1, b'}') == Some(arg.len() - 1) {
            let (s2, e2) = trim_range(text, s + 1, e - 1);
            return (s2, text[s2..e2].to_string());
        }
    }
    (s, arg.to_string())
}

/// MLIR's `findChar`: the next `c` at or after `from` outside `{}`, `()`, `[]` groups and
/// quoted literals.
fn find_char(s: &str, from: usize, c: u8) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = from;
    while i < b.len() {
        if b[i] == c {
            return Some(i);
        }
        let skip = match b[i] {
            b'{' => find_char(s, i + 1, b'}'),
            b'(' => find_char(s, i + 1, b')'),
            b'[' => find_char(s, i + 1, b']'),
            q @ (b'"' | b'\'') => s[i + 1..].find(q as char).map(|p| p + i + 1),
            _ => Some(i),
        };
        i = skip? + 1;
    }
    None
}

/// Splits a list value at its top-level commas (MLIR's `parseCommaSeparatedList`): commas
/// inside quotes or brackets do not split, and each item loses one pair of outer quotes
/// or braces. Empty items are dropped.
pub fn split_list(value: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut start = 0;
    while let Some(comma) = find_char(value, start, b',') {
        out.push(unwrap_arg(value, start, comma).1);
        start = comma + 1;
    }
    out.push(unwrap_arg(value, start, value.len()).1);
    out.retain(|s| !s.is_empty());
    out
}

/// The Levenshtein distance between two strings (for did-you-mean suggestions).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb)).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The candidate closest to `word`, if close enough to be a plausible typo (as LLVM's
/// command-line parser suggests: at most a third of the word's length, at least 2 edits).
pub fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (word.chars().count() / 3).max(2);
    candidates
        .into_iter()
        .map(|c| (edit_distance(word, c), c))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, c)| (d, c))
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pass(name: &str, pos: usize) -> Element {
        Element::Pass { name: name.into(), pos, options: String::new(), options_pos: pos + name.len() }
    }

    #[test]
    fn flat_and_nested_pipelines() {
        assert_eq!(parse_elements("a, b").unwrap(), vec![pass("a", 0), pass("b", 3)]);
        let t = "builtin.module(tfg.graph(x), tfg.func(y,z))";
        let e = parse_elements(t).unwrap();
        assert_eq!(
            e,
            vec![Element::Nest {
                op: "builtin.module".into(),
                pos: 0,
                inner: vec![
                    Element::Nest { op: "tfg.graph".into(), pos: 15, inner: vec![pass("x", 25)] },
                    Element::Nest { op: "tfg.func".into(), pos: 29, inner: vec![pass("y", 38), pass("z", 40)] },
                ],
            }]
        );
    }

    #[test]
    fn pass_options_are_kept_whole() {
        let e = parse_elements("p{a=1 b={c{d}}}, q").unwrap();
        assert_eq!(
            e[0],
            Element::Pass { name: "p".into(), pos: 0, options: "a=1 b={c{d}}".into(), options_pos: 2 }
        );
        assert_eq!(e[1], pass("q", 17));
    }

    #[test]
    fn syntax_errors_point_at_their_column() {
        let err = parse_elements("a(b))").unwrap_err();
        assert_eq!(err.pos, 4);
        assert!(err.msg.contains("extra closing ')'"));
        assert_eq!(parse_elements("a(b) c").unwrap_err().msg, "expected ',' after parsing pipeline");
        assert_eq!(parse_elements("a(b) c").unwrap_err().pos, 5);
        assert_eq!(parse_elements("p{x=1").unwrap_err().pos, 1);
        assert!(parse_elements("a(b").unwrap_err().msg.contains("unbalanced"));
        let r = PipelineError::new(2, "bad").render("<pipeline>", "a,bc");
        assert_eq!(r, "<pipeline>:1:3: bad\na,bc\n  ^");
    }

    #[test]
    fn options_as_mlir_splits_them() {
        let o = parse_options("feeds=a,b fetches='c d' force x={p{q=1}} y=\"u v\"");
        let kv: Vec<(&str, &str)> = o.iter().map(|a| (a.key.as_str(), a.value.as_str())).collect();
        assert_eq!(kv, vec![("feeds", "a,b"), ("fetches", "c d"), ("force", ""), ("x", "p{q=1}"), ("y", "u v")]);
        assert_eq!(o[1].key_pos, 10);
        assert_eq!(o[1].value_pos, 19);
        assert!(parse_options("   ").is_empty());
    }

    #[test]
    fn lists_split_at_top_level_commas() {
        assert_eq!(split_list("a,b , c"), vec!["a", "b", "c"]);
        assert_eq!(split_list("'a,b',{c,d},e"), vec!["a,b", "c,d", "e"]);
        assert!(split_list("").is_empty());
    }

    #[test]
    fn suggestions_are_close_names() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        let names = ["tfg-toposort", "tfg-cse", "canonicalize"];
        assert_eq!(suggest("tfg-topsort", names), Some("tfg-toposort"));
        assert_eq!(suggest("canonicalise", names), Some("canonicalize"));
        assert_eq!(suggest("zzz", names), None);
    }
}
