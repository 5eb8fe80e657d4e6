//! The lexer: turns source text into the tokens the lalrpop grammar consumes.
//!
//! Owns the single list of token kinds (like MLIR's `TokenKinds.def`). Comments are not
//! dropped: their spans go to [`Trivia`] so `--keep-comments` can print them again.
//! Bodies of dialect attributes/types that amanda-opt does not model (`#foo.bar<...>`,
//! `!llvm.ptr<...>`, `affine_map<...>`) are taken as one token, verbatim, balanced on
//! `<>()[]{}` and strings, the way MLIR keeps an unregistered dialect's body.
//! Nesting depth is bounded ([`MAX_NESTING`]) so hostile input gets a clean error instead of
//! exhausting the stack in later recursive stages.

use logos::{Lexer, Logos};

/// Deepest nesting of brackets accepted in one file.
pub const MAX_NESTING: u32 = 2048;

/// Where the comments of a file are and what the lexer saw around them.
#[derive(Default, Debug, Clone)]
pub struct Trivia {
    /// Byte ranges of `//` comments, in file order.
    pub comments: Vec<(u32, u32)>,
}

/// Extra state the logos lexer carries.
#[derive(Default)]
pub struct LexState {
    pub trivia: Trivia,
}

fn comment<'a>(lex: &mut Lexer<'a, Token<'a>>) -> logos::Skip {
    let span = lex.span();
    lex.extras.trivia.comments.push((span.start as u32, span.end as u32));
    logos::Skip
}

/// Dialects whose attribute and type bodies the grammar parses structurally. Anything else
/// with a `<...>` body is lexed as one opaque token.
fn is_structured_dialect_name(name: &str) -> bool {
    // `name` is the text after `#` or `!`.
    matches!(
        name,
        "tf_type.version" | "tf_type.func" | "tf_type.shape" | "tf_type.resource" | "tf_type.variant" | "tfg.region_attrs"
    )
}

/// Finds the end of a balanced `<...>` body starting at `rest[0] == '<'`.
fn balanced_body_len(rest: &str) -> Option<usize> {
    let bytes = rest.as_bytes();
    let mut stack: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'<' | b'(' | b'[' | b'{' => stack.push(c),
            b'>' => {
                // `->` (function types) and `>=` (affine sets) are not closers.
                if i > 0 && bytes[i - 1] == b'-' || bytes.get(i + 1) == Some(&b'=') {
                } else if stack.pop() != Some(b'<') {
                    return None;
                }
            }
            b')' => {
                if stack.pop() != Some(b'(') {
                    return None;
                }
            }
            b']' => {
                if stack.pop() != Some(b'[') {
                    return None;
                }
            }
            b'}' => {
                if stack.pop() != Some(b'{') {
                    return None;
                }
            }
            _ => {}
        }
        i += 1;
        if stack.is_empty() {
            return Some(i);
        }
        if stack.len() > MAX_NESTING as usize {
            return None;
        }
    }
    None
}

/// `#name` / `!name`: if an opaque body follows, swallow it too.
fn dialect_sym<'a>(lex: &mut Lexer<'a, Token<'a>>) -> Result<DialectSym<'a>, LexError> {
    let head = lex.slice();
    let rest = lex.remainder();
    if rest.starts_with('<') && !is_structured_dialect_name(&head[1..]) {
        match balanced_body_len(rest) {
            Some(n) => {
                lex.bump(n);
                Ok(DialectSym { text: lex.slice(), opaque: true })
            }
            None => Err(LexError::UnbalancedBody),
        }
    } else {
        Ok(DialectSym { text: head, opaque: false })
    }
}

fn file_metadata<'a>(lex: &mut Lexer<'a, Token<'a>>) -> Result<&'a str, LexError> {
    match lex.remainder().find("#-}") {
        Some(n) => {
            lex.bump(n + 3);
            Ok(lex.slice())
        }
        None => Err(LexError::UnbalancedBody),
    }
}

fn opaque_keyword<'a>(lex: &mut Lexer<'a, Token<'a>>) -> Result<&'a str, LexError> {
    // `distinct[N]<...>` has its id before the body.
    if lex.slice() == "distinct" {
        let rest = lex.remainder();
        if rest.starts_with('[') {
            match rest.find(']') {
                Some(n) => lex.bump(n + 1),
                None => return Err(LexError::UnbalancedBody),
            }
        }
    }
    let rest = lex.remainder();
    match balanced_body_len(rest) {
        Some(n) => {
            lex.bump(n);
            Ok(lex.slice())
        }
        None => Err(LexError::UnbalancedBody),
    }
}

/// A `#...` or `!...` symbol, possibly with its verbatim body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DialectSym<'a> {
    /// The whole token text, `#foo.bar` or `#foo.bar<...>` including the sigil.
    pub text: &'a str,
    /// Whether the text includes a verbatim `<...>` body.
    pub opaque: bool,
}

/// Errors the lexer reports; the span comes from where the token started.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum LexError {
    #[default]
    UnexpectedChar,
    UnterminatedString,
    UnbalancedBody,
    TooDeep,
    InvalidUtf8,
}

impl LexError {
    pub fn message(&self) -> &'static str {
        match self {
            LexError::UnexpectedChar => "unexpected character",
            LexError::UnterminatedString => "expected '\"' in string literal",
            LexError::UnbalancedBody => "unbalanced '<' in dialect attribute or type body",
            LexError::TooDeep => "nesting is too deep (more than 2048 open brackets)",
            LexError::InvalidUtf8 => "invalid UTF-8 in input",
        }
    }
}

/// Every token of the text format.
#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
#[logos(extras = LexState)]
#[logos(error = LexError)]
#[logos(skip r"[ \t\r\n\f]+")]
pub enum Token<'a> {
    #[regex(r"//[^\n]*", comment, allow_greedy = true)]
    Comment,

    // ---- identifiers and sigils ----
    #[regex(r"[a-zA-Z_][a-zA-Z0-9_$.]*")]
    BareId(&'a str),
    #[regex(r"%([0-9]+|[a-zA-Z$._\-][a-zA-Z0-9$._\-]*)")]
    PercentId(&'a str),
    #[regex(r"\^([0-9]+|[a-zA-Z$._\-][a-zA-Z0-9$._\-]*)")]
    CaretId(&'a str),
    #[regex(r"@([0-9]+|[a-zA-Z$._\-][a-zA-Z0-9$._\-]*)")]
    #[regex(r#"@"([^"\\\n]|\\.)*""#)]
    AtId(&'a str),
    #[regex(r"#([0-9]+|[a-zA-Z$._\-][a-zA-Z0-9$._\-]*)", dialect_sym)]
    HashId(DialectSym<'a>),
    #[regex(r"![a-zA-Z$._\-][a-zA-Z0-9$._\-]*", dialect_sym)]
    BangId(DialectSym<'a>),

    // ---- literals ----
    #[regex(r"[0-9]+")]
    Integer(&'a str),
    #[regex(r"0x[0-9a-fA-F]+")]
    HexInteger(&'a str),
    /// `0xf8E5M2` of `memref<0xf8E5M2>`: hex digits running on into a word. The stream
    /// hands it on as `0x` dims and the word lexed anew, as MLIR's dimension list does.
    #[regex(r"0x[0-9a-fA-F]+[g-wyzG-Z_][a-zA-Z0-9_$.]*")]
    ZeroDimWord(&'a str),
    #[regex(r"[0-9]+\.[0-9]*([eE][-+]?[0-9]+)?")]
    Float(&'a str),
    #[regex(r#""([^"\\\n]|\\[^\n])*""#)]
    String(&'a str),
    #[regex(r#""([^"\\\n]|\\[^\n])*"#, priority = 0)]
    UnterminatedString,
    /// A dimension-list prefix: `2x3x`, `?x`, `[4]x`, as in `tensor<2x3xf32>`.
    #[regex(r"(([0-9]+|\?|\[[0-9]+\])x)+")]
    Dims(&'a str),
    /// A whole tensor or vector type with a scalar element, `tensor<2x?xf32>`,
    /// `tensor<*x!tf_type.control>`: the common case, lexed as one token so the parser
    /// can look it up in a cache instead of rebuilding it.
    #[regex(r"(tensor|vector)<(\*x|(([0-9]+|\?)x)*)([su]?i[0-9]+|f16|bf16|f32|f64|index|complex<(f16|bf16|f32|f64)>|!tf_type\.(control|tensor|string|resource|variant|qint8|qint16|qint32|quint8|quint16))>", priority = 100)]
    SimpleType(&'a str),
    /// `*x`, the unranked-shape prefix of `tensor<*xf32>`.
    #[token("*x")]
    UnrankedX,

    // ---- keywords of the tfg custom syntax ----
    #[token("tfg.graph")]
    KwGraph,
    #[token("tfg.func")]
    KwFunc,
    #[token("module")]
    #[token("builtin.module")]
    KwModule,
    #[token("return")]
    #[token("tfg.return")]
    KwReturn,
    #[token("yield")]
    #[token("tfg.yield")]
    KwYield,
    #[token("condition")]
    #[token("tfg.condition")]
    KwCondition,
    #[token("get_result")]
    #[token("tfg.get_result")]
    KwGetResult,
    #[regex(r"(tfg\.)?(Stateless|Stateful)?IfRegion", priority = 100)]
    KwIfRegion(&'a str),
    #[regex(r"(tfg\.)?(Stateless|Stateful)?CaseRegion", priority = 100)]
    KwCaseRegion(&'a str),
    #[regex(r"(tfg\.)?(Stateless|Stateful)?WhileRegion", priority = 100)]
    KwWhileRegion(&'a str),
    #[regex(r"(tfg\.)?ForRegion", priority = 100)]
    KwForRegion(&'a str),
    #[token("device")]
    KwDevice,
    #[token("assigned_device")]
    KwAssignedDevice,
    #[token("name")]
    KwName,
    #[token("then")]
    KwThen,
    #[token("else")]
    KwElse,
    #[token("do")]
    KwDo,
    #[token("from")]
    KwFrom,
    #[token("to")]
    KwTo,
    #[token("by")]
    KwBy,
    #[token("dense")]
    KwDense,
    #[token("dense_resource")]
    KwDenseResource,
    #[token("array")]
    KwArray,
    #[token("loc")]
    KwLoc,
    #[token("attributes")]
    KwAttributes,
    #[token("affine_map", opaque_keyword)]
    #[token("affine_set", opaque_keyword)]
    #[token("strided", opaque_keyword)]
    #[token("distinct", opaque_keyword)]
    OpaqueBuiltin(&'a str),

    // ---- punctuation ----
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("<")]
    Less,
    #[token(">")]
    Greater,
    #[token(",")]
    Comma,
    #[token(":")]
    Colon,
    #[token("::")]
    ColonColon,
    #[token("=")]
    Equal,
    #[token("->")]
    Arrow,
    #[token("?")]
    Question,
    #[token("*")]
    Star,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    /// `{-# dialect_resources: {...} #-}`, kept verbatim.
    #[token("{-#", file_metadata)]
    FileMetadata(&'a str),
}

/// A lexed token with byte offsets, as lalrpop wants it.
pub type Spanned<'a> = Result<(usize, Token<'a>, usize), (usize, LexError, usize)>;

/// Adapts the logos lexer to lalrpop: spans, nesting bound, error positions.
pub struct TokenStream<'a> {
    inner: Lexer<'a, Token<'a>>,
    depth: u32,
    failed: bool,
    /// Tokens still to hand on from a split `ZeroDimWord`, last first.
    pending: Vec<Spanned<'a>>,
}

impl<'a> TokenStream<'a> {
    pub fn new(text: &'a str) -> Self {
        TokenStream { inner: Token::lexer(text), depth: 0, failed: false, pending: Vec::new() }
    }

    /// Comments seen so far (all of them once the stream is exhausted).
    pub fn trivia(&self) -> &Trivia {
        &self.inner.extras.trivia
    }

    pub fn into_trivia(self) -> Trivia {
        self.inner.extras.trivia
    }
}

impl<'a> Iterator for TokenStream<'a> {
    type Item = Spanned<'a>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(item) = self.pending.pop() {
            self.failed = item.is_err();
            return Some(item);
        }
        if self.failed {
            return None;
        }
        let tok = self.inner.next()?;
        let span = self.inner.span();
        if let Ok(Token::ZeroDimWord(word)) = tok {
            let at = span.start + 2;
            self.pending = Token::lexer(&word[2..])
                .spanned()
                .map(|(t, s)| t.map(|t| (at + s.start, t, at + s.end)).map_err(|e| (at + s.start, e, at + s.end.max(s.start + 1))))
                .collect();
            self.pending.reverse();
            return Some(Ok((span.start, Token::Dims("0x"), at)));
        }
        let item = match tok {
            Ok(Token::UnterminatedString) => Err((span.start, LexError::UnterminatedString, span.end)),
            Ok(t) => {
                match t {
                    Token::LParen | Token::LBracket | Token::LBrace | Token::Less => {
                        self.depth += 1;
                        if self.depth > MAX_NESTING {
                            self.failed = true;
                            return Some(Err((span.start, LexError::TooDeep, span.end)));
                        }
                    }
                    Token::RParen | Token::RBracket | Token::RBrace | Token::Greater => {
                        self.depth = self.depth.saturating_sub(1);
                    }
                    _ => {}
                }
                Ok((span.start, t, span.end))
            }
            Err(e) => Err((span.start, e, span.end.max(span.start + 1))),
        };
        if item.is_err() {
            self.failed = true;
        }
        Some(item)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Token<'_>> {
        TokenStream::new(text).map(|t| t.unwrap().1).collect()
    }

    #[test]
    fn dims_split_from_element_type() {
        assert_eq!(
            kinds("tensor<2x?xfoo>"),
            vec![Token::BareId("tensor"), Token::Less, Token::Dims("2x?x"), Token::BareId("foo"), Token::Greater]
        );
        assert_eq!(kinds("*xi32")[0], Token::UnrankedX);
        assert_eq!(kinds("tensor<2x?xf32>"), vec![Token::SimpleType("tensor<2x?xf32>")]);
        assert_eq!(kinds("tensor<*x!tf_type.resource<tensor<f32>>>")[0], Token::BareId("tensor"));
        assert_eq!(
            kinds("memref<0xf8E5M2>"),
            vec![Token::BareId("memref"), Token::Less, Token::Dims("0x"), Token::BareId("f8E5M2"), Token::Greater]
        );
    }

    #[test]
    fn result_selection_and_ctl_suffix() {
        assert_eq!(kinds("%x#1"), vec![Token::PercentId("%x"), Token::HashId(DialectSym { text: "#1", opaque: false })]);
        assert_eq!(kinds("%arg0.ctl"), vec![Token::PercentId("%arg0.ctl")]);
    }

    #[test]
    fn unknown_dialect_body_is_one_token() {
        let toks = kinds("!llvm.ptr<\"a>\", <1>> x");
        assert_eq!(toks[0], Token::BangId(DialectSym { text: "!llvm.ptr<\"a>\", <1>>", opaque: true }));
        let toks = kinds("!tf_type.resource<tensor<f32>>");
        assert_eq!(toks[0], Token::BangId(DialectSym { text: "!tf_type.resource", opaque: false }));
    }

    #[test]
    fn comments_are_recorded() {
        let mut s = TokenStream::new("a // hi\nb");
        while s.next().is_some() {}
        assert_eq!(s.trivia().comments, vec![(2, 7)]);
    }

    #[test]
    fn deep_nesting_is_an_error() {
        let text = "[".repeat(5000);
        let last = TokenStream::new(&text).last().unwrap();
        assert!(matches!(last, Err((_, LexError::TooDeep, _))));
    }
}
