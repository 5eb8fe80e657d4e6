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
    /// The deepest bracket nesting of the text (set by [`TokenStream::into_trivia`]).
    pub max_depth: u32,
}

/// Extra state the logos lexer carries.
#[derive(Default)]
pub struct LexState {
    pub trivia: Trivia,
    /// Offset of the lexer's source in the whole text (see [`TokenStream`]).
    base: usize,
}

fn comment<'a>(lex: &mut Lexer<'a, Token<'a>>) -> logos::Skip {
    let span = lex.span();
    let base = lex.extras.base;
    lex.extras.trivia.comments.push(((base + span.start) as u32, (base + span.end) as u32));
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
                // A string that runs to the end of the input closes nothing (and the
                // length must not pass the end).
                if i >= bytes.len() {
                    return None;
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
            b')' if stack.pop() != Some(b'(') => return None,
            b']' if stack.pop() != Some(b'[') => return None,
            b'}' if stack.pop() != Some(b'{') => return None,
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

/// `{`, or with the dictionary it opens a [`Token::DictText`].
fn brace<'a>(lex: &mut Lexer<'a, Token<'a>>) -> Token<'a> {
    match dict_len(lex.remainder().as_bytes()) {
        Some(n) => {
            lex.bump(n);
            Token::DictText(lex.slice())
        }
        None => Token::LBrace,
    }
}

/// Brackets a [`Token::DictText`] value may nest (deeper ones are read token by token,
/// where the stream bounds nesting).
const DICT_VALUE_DEPTH: u32 = 8;

/// If `rest`, the text after a `{`, goes on with the entries and the `}` of a
/// [`Token::DictText`], their length with the `}`. The entries are what `syntax::shapes`
/// splits at top-level commas, so a value has no `(`, `{` or `/` outside its strings and
/// its `[`/`<` brackets balance; a value that starts with a string is that string alone.
fn dict_len(rest: &[u8]) -> Option<usize> {
    let blanks = |mut at: usize| {
        while rest.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        at
    };
    let mut at = blanks(0);
    loop {
        // A bare key.
        if !matches!(rest.get(at)?, b'a'..=b'z' | b'A'..=b'Z' | b'_') {
            return None;
        }
        while rest.get(at).is_some_and(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')) {
            at += 1;
        }
        at = blanks(at);
        if *rest.get(at)? != b'=' {
            return None;
        }
        // Its value, up to a comma or brace outside brackets.
        at = blanks(at + 1);
        let start = at;
        let mut string_end = None;
        let mut depth = 0u32;
        loop {
            match *rest.get(at)? {
                b'"' => {
                    at = string_len(&rest[at..])? + at;
                    string_end.get_or_insert(at);
                    continue;
                }
                b'[' | b'<' if depth < DICT_VALUE_DEPTH => depth += 1,
                b']' | b'>' if depth > 0 => depth -= 1,
                b',' | b'}' if depth == 0 => break,
                b'[' | b'<' | b']' | b'>' | b'(' | b')' | b'{' | b'}' | b'/' => return None,
                _ => {}
            }
            at += 1;
        }
        let mut end = at;
        while end > start && rest[end - 1].is_ascii_whitespace() {
            end -= 1;
        }
        if end == start || (rest[start] == b'"' && string_end != Some(end)) {
            return None;
        }
        at += 1;
        if rest[at - 1] == b'}' {
            return Some(at);
        }
        at = blanks(at);
    }
}

/// If `text` starts with a string literal (`"`, no line break, `\\` escaping any other
/// byte, `"`), its length.
pub(crate) fn string_len(text: &[u8]) -> Option<usize> {
    let mut at = 1;
    loop {
        at = string_stop(text, at, text.len());
        match text.get(at)? {
            b'"' => return Some(at + 1),
            b'\\' if !matches!(text.get(at + 1), None | Some(b'\n')) => at += 2,
            _ => return None,
        }
    }
}

/// The first `"`, `\\` or line break in `bytes[from..end]` (or `end`), eight bytes at a
/// time: the strings of a TensorFlow graph (devices, node names) are long and have none of
/// them inside.
fn string_stop(bytes: &[u8], mut from: usize, end: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // The high bit of each byte of `w` that equals `b` (and maybe of later bytes: only the
    // lowest one counts).
    let bytes_equal = |w: u64, b: u8| {
        let x = w ^ (ONES * b as u64);
        x.wrapping_sub(ONES) & !x & HIGHS
    };
    while from + 8 <= end {
        let mut word = [0u8; 8];
        word.copy_from_slice(&bytes[from..from + 8]);
        let w = u64::from_le_bytes(word);
        let found = bytes_equal(w, b'"') | bytes_equal(w, b'\\') | bytes_equal(w, b'\n');
        if found != 0 {
            return from + (found.trailing_zeros() / 8) as usize;
        }
        from += 8;
    }
    while from < end && !matches!(bytes[from], b'"' | b'\\' | b'\n') {
        from += 1;
    }
    from
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
// An element type of [`Token::SimpleType`], and a type the parser builds from its text alone.
#[logos(subpattern elem = r"[su]?i[0-9]+|f16|bf16|f32|f64|index|complex<(f16|bf16|f32|f64)>|!tf_type\.(control|tensor|string|resource|variant|qint8|qint16|qint32|quint8|quint16)")]
#[logos(subpattern simple = r"(tensor|vector)<(\*x|(([0-9]+|\?)x)*)((?&elem))>|[su]?i[0-9]+|f16|bf16|f32|f64|index|!tf_type\.(control|tensor|string|resource|variant|qint8|qint16|qint32|quint8|quint16)")]
// An operand of a [`Token::UseListText`].
#[logos(subpattern use = r"%([0-9]+|[a-zA-Z$._\-][a-zA-Z0-9$._\-]*)(#[0-9]+)?")]
// A result group of a [`Token::GenericOpHead`], `%x` or `%x:2`.
#[logos(subpattern resdef = r"%([0-9]+|[a-zA-Z$._\-][a-zA-Z0-9$._\-]*)(:[0-9]+)?")]
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
    /// `%name#3`, a use of one result of a multi-result op, as one token (the parser
    /// would otherwise take `%name` and `#3` apart; these are a third of all uses).
    #[regex(r"%([0-9]+|[a-zA-Z$._\-][a-zA-Z0-9$._\-]*)#[0-9]+")]
    PercentIdIndexed(&'a str),
    /// `%name:3`, a definition of a group of results, as one token.
    #[regex(r"%([0-9]+|[a-zA-Z$._\-][a-zA-Z0-9$._\-]*):[0-9]+")]
    PercentIdCount(&'a str),
    /// `name =`, the key of a dictionary entry and its `=`, as one token.
    #[regex(r"[a-zA-Z_][a-zA-Z0-9_$.]*[ \t]*=")]
    KeyEq(&'a str),
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
    #[regex(r"(tensor|vector)<(\*x|(([0-9]+|\?)x)*)((?&elem))>", priority = 100)]
    SimpleType(&'a str),
    // The common shapes, long tokens for what would otherwise be many: a plain stream
    // ([`TokenStream::plain`]) hands on the tokens they are made of instead.
    /// A whole function type whose inputs and results are simple types (as [`SimpleType`],
    /// scalars, `!tf_type.control`...), `(tensor<?xf32>, !tf_type.control) -> (tensor<f32>)`:
    /// the trailing type of nearly every op, built once and then found by its text. Only
    /// taken where a type or attribute value is expected (after `:` or `=`); elsewhere
    /// (`tfg.func @f() -> (...)`) the stream lexes it again token by token.
    #[regex(r"\([ \t]*((?&simple)([ \t]*,[ \t]*(?&simple))*)?[ \t]*\)[ \t]*->[ \t]*(\([ \t]*((?&simple)([ \t]*,[ \t]*(?&simple))*)?[ \t]*\)|(?&simple))", priority = 100)]
    FunctionTypeText(&'a str),
    /// A whole attribute dictionary whose entries are all `key = value` with a bare key and
    /// a value with no parenthesis, brace or comment (a string alone, a number, a type, a
    /// list, `dense<...> : tensor<...>`...): nearly every dictionary of a TensorFlow graph.
    /// Made by [`dict_len`] when it finds one after a `{`. `ParseCx::dict_text` reads it
    /// with a memo of entries, so an entry seen before (a device, `T = f32`, `strides =
    /// [1, 1, 1, 1]`, a constant's value) costs one lookup.
    DictText(&'a str),
    /// A whole operand list of plain uses, `(%a, %b#1, %ctl)`, read by
    /// `ParseCx::use_list_text`; not after `get_result`, whose `(%x)` is no operand list.
    #[regex(r"\([ \t]*(?&use)([ \t]*,[ \t]*(?&use))*[ \t]*\)", priority = 100)]
    UseListText(&'a str),
    /// The head of a generic op: its results (perhaps none), its quoted name and its
    /// operands, `%x:2 = "tfg.AddV2"(%a, %b#1)`, on one line: the start of nearly every op of
    /// a graph in generic form. `ParseCx::generic_op_head` reads it with the calls the
    /// grammar makes for the tokens it is made of. At most four result groups: the lexer
    /// tries this token at every `%`, so an unbounded list would make a long list of uses
    /// (`[%ctl, %ctl, ...]`) quadratic to lex; an op with more groups is read from plain
    /// tokens (the parse with shape tokens fails and the plain one is used).
    #[regex(r#"((?&resdef)([ \t]*,[ \t]*(?&resdef)){0,3}[ \t]*=[ \t]*)?"([^"\\\n]|\\[^\n])*"[ \t]*\([ \t]*((?&use)([ \t]*,[ \t]*(?&use))*)?[ \t]*\)"#, priority = 100)]
    GenericOpHead(&'a str),
    /// `*x`, the unranked-shape prefix of `tensor<*xf32>`.
    #[token("*x")]
    UnrankedX,

    // ---- keywords of the tfg custom syntax ----
    /// `tfg.graph`, or `graph` as TensorFlow prints it inside a tfg region (whose default
    /// dialect is tfg): a keyword anywhere, as `return` is.
    #[token("tfg.graph")]
    #[token("graph")]
    KwGraph(&'a str),
    /// `tfg.func`, or `func` inside a tfg region (see `KwGraph`).
    #[token("tfg.func")]
    #[token("func")]
    KwFunc(&'a str),
    #[token("module")]
    #[token("builtin.module")]
    KwModule,
    /// `func.func`, MLIR's func dialect function (torch-mlir's modules are made of them).
    #[token("func.func")]
    KwFuncFunc,
    /// `func.return` spelled out (inside `func.func` it prints as `return`).
    #[token("func.return")]
    KwFuncReturn,
    /// A `torch.*` op name in custom form (`torch.aten.relu`, `torch.constant.int`): a
    /// keyword of its own, so the torch forms do not meet the tfg node form's bare word in
    /// the LR grammar. As a dictionary key it is read as a word.
    #[regex(r"torch\.[a-zA-Z0-9_$.]*", priority = 100)]
    TorchName(&'a str),
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
    #[token("{", brace)]
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

    /// `init` of `torch.prim.Loop %n, %c, init(...)` and `iter` of
    /// `torch.prim.Loop.condition %c, iter(...)`: never lexed, the stream hands a bare `init`
    /// or `iter` on as these only right after such an op's operands (elsewhere they are
    /// words), so the grammar can tell a loop's region from a condition's attributes.
    KwInit,
    KwIter,
    /// The first operand of a torch op or of `return`, `%x` or `%x#1`: never lexed, the
    /// stream hands a use right after a `torch.*` op name, `return` or `func.return` on as
    /// this unless it starts the next op's result list (`%x, %y:2 =`).
    OperandStart(&'a str),
    /// A word right after `torch.constant.bool` (`true`): never lexed (see [`Token::OperandStart`]).
    TorchWord(&'a str),
    /// A string right after `torch.constant.str`, `torch.constant.device` or `torch.operator`.
    TorchString(&'a str),
    /// Never lexed: stands for a part of the text (a run of ops) parsed on another thread,
    /// which the parallel parser splices in where that part starts (`syntax::parallel`).
    ParsedPart,
}

/// A lexed token with byte offsets, as lalrpop wants it.
pub type Spanned<'a> = Result<(usize, Token<'a>, usize), (usize, LexError, usize)>;

/// Adapts the logos lexer to lalrpop: spans, nesting bound, error positions, and the few
/// tokens that depend on what came before.
///
/// The lexer takes some common multi-token shapes as one token ([`Token::PercentIdIndexed`],
/// [`Token::PercentIdCount`], [`Token::KeyEq`]). Where such a token is not wanted (a token
/// glued to a following word, a key where a value is expected), the stream hands on its
/// first part and lexes the rest again, so the grammar sees exactly the tokens it would see
/// without the shortcut. A plain stream ([`TokenStream::plain`]) does the same with
/// the larger common shapes ([`Token::DictText`], [`Token::UseListText`],
/// [`Token::FunctionTypeText`], [`Token::GenericOpHead`]).
pub struct TokenStream<'a> {
    text: &'a str,
    inner: Lexer<'a, Token<'a>>,
    /// Offset of `inner`'s source in `text` (non-zero once the stream has lexed again).
    base: usize,
    depth: u32,
    /// The deepest `depth` reached.
    max_depth: u32,
    failed: bool,
    /// Whether the last token was `:`, `=` or a dictionary key: a type or value comes next.
    value_expected: bool,
    /// Tokens still to hand on from a split `ZeroDimWord`, last first.
    pending: Vec<Spanned<'a>>,
    /// For a part of the text (`syntax::parallel`): the stream ends before a `}` with no
    /// `{` before it in the stream, ...
    ends_at_unmatched_brace: bool,
    /// ... or before a token that starts exactly here with no bracket open.
    stop_at: usize,
    /// Where the stream ended that way.
    ended_at: Option<usize>,
    /// Where the last token handed on ends.
    last_end: usize,
    /// Whether to hand on the text of common shapes as one token ([`Token::DictText`],
    /// [`Token::UseListText`], [`Token::FunctionTypeText`], [`Token::GenericOpHead`]) or as
    /// the tokens they are made of.
    plain: bool,
    /// Whether the last token was `get_result`, whose `(%x)` is not an operand list.
    after_get_result: bool,
    /// Whether the last token was a `torch.*` op name: `torch.operator "name"(%a)` is no
    /// generic op head.
    after_torch_name: bool,
    /// Whether the tokens since `torch.prim.Loop` or `torch.prim.Loop.condition` were only
    /// its operands and commas (see [`Token::KwInit`]).
    in_torch_loop: bool,
    /// The `torch.*` op name or `return` keyword just handed on, whose first operand or
    /// value may come next.
    op_start: Option<&'a str>,
}

impl<'a> TokenStream<'a> {
    pub fn new(text: &'a str) -> Self {
        Self::starting_at(text, 0)
    }

    /// A stream over `text[start..]` whose offsets are offsets in the whole of `text`;
    /// `start` must be where a token may begin (a line start, say).
    pub fn starting_at(text: &'a str, start: usize) -> Self {
        let extras = LexState { trivia: Trivia::default(), base: start };
        TokenStream {
            text,
            inner: Token::lexer_with_extras(&text[start..], extras),
            base: start,
            depth: 0,
            max_depth: 0,
            failed: false,
            value_expected: false,
            pending: Vec::new(),
            ends_at_unmatched_brace: false,
            stop_at: usize::MAX,
            ended_at: None,
            last_end: start,
            plain: false,
            after_get_result: false,
            after_torch_name: false,
            in_torch_loop: false,
            op_start: None,
        }
    }

    /// With `plain`, a stream that hands on common shapes as the tokens they are made of:
    /// what the grammar was written for, and what every diagnostic is reported from (see
    /// [`crate::syntax::parse_module`]).
    pub fn plain(mut self, plain: bool) -> Self {
        self.plain = plain;
        self
    }

    /// A stream over the part of `text` that starts at `start` and ends before the `}`
    /// that closes the block it starts in, or before a token starting at `stop_at` (if one
    /// does, outside any bracket opened in the part), or at the end of the text.
    pub fn part(text: &'a str, start: usize, stop_at: Option<usize>) -> Self {
        let mut s = Self::starting_at(text, start);
        s.ends_at_unmatched_brace = true;
        s.stop_at = stop_at.unwrap_or(usize::MAX);
        s
    }

    /// Where a [`TokenStream::part`] stream ended: the offset of the token it stopped
    /// before, or the end of the text; `None` while it goes on or after a lexing error.
    pub fn ended_at(&self) -> Option<usize> {
        self.ended_at
    }

    /// Where the last token handed on ends.
    pub fn last_end(&self) -> usize {
        self.last_end
    }

    /// The deepest bracket nesting reached.
    pub fn max_depth(&self) -> u32 {
        self.max_depth
    }

    /// Goes on lexing at `offset` (a token boundary after the last token handed on), as if
    /// the text in between were balanced and held no comments.
    pub fn jump_to(&mut self, offset: usize) {
        let mut extras = std::mem::take(&mut self.inner.extras);
        self.base = offset;
        extras.base = offset;
        self.inner = Token::lexer_with_extras(&self.text[offset..], extras);
        self.pending.clear();
        self.value_expected = false;
    }

    /// Brackets open at this point of the stream.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Adds comments found elsewhere (they must come after those seen so far).
    pub fn extend_trivia(&mut self, comments: &[(u32, u32)]) {
        self.inner.extras.trivia.comments.extend_from_slice(comments);
    }

    /// Comments seen so far (all of them once the stream is exhausted).
    pub fn trivia(&self) -> &Trivia {
        &self.inner.extras.trivia
    }

    pub fn into_trivia(self) -> Trivia {
        let mut trivia = self.inner.extras.trivia;
        trivia.max_depth = self.max_depth;
        trivia
    }

    /// Records that a part spliced in at the current depth nested `inner` deeper.
    pub fn note_depth(&mut self, inner: u32) {
        self.max_depth = self.max_depth.max(self.depth + inner);
    }

    /// Whether the token ending at `end` runs on into a word (`%x#1abc`, `() -> i32x`).
    fn glued(&self, end: usize) -> bool {
        matches!(self.text.as_bytes().get(end), Some(c) if c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-'))
    }

    /// Hands on `head`, the first `len` bytes of the token at `start`, and lexes the text
    /// after it again.
    fn split_after(&mut self, start: usize, len: usize, head: Token<'a>) -> (Token<'a>, usize, usize) {
        let mut extras = std::mem::take(&mut self.inner.extras);
        self.base = start + len;
        extras.base = self.base;
        self.inner = Token::lexer_with_extras(&self.text[self.base..], extras);
        (head, start, start + len)
    }
}

impl<'a> Iterator for TokenStream<'a> {
    type Item = Spanned<'a>;

    // Inlined into the one iterator the grammar calls (`syntax::parallel`), so a token is
    // moved once, not once per layer.
    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        if let Some(item) = self.pending.pop() {
            self.failed = item.is_err();
            self.value_expected = false;
            if let Ok((_, _, end)) = item {
                self.last_end = end;
            }
            return Some(item);
        }
        if self.failed || self.ended_at.is_some() {
            return None;
        }
        let Some(tok) = self.inner.next() else {
            self.ended_at = Some(self.text.len());
            return None;
        };
        let span = self.inner.span();
        let (start, end) = (span.start + self.base, span.end + self.base);
        if start >= self.stop_at {
            if start == self.stop_at && self.depth == 0 {
                self.ended_at = Some(start);
                return None;
            }
            self.stop_at = usize::MAX;
        }
        if let Ok(Token::ZeroDimWord(word)) = tok {
            let at = start + 2;
            self.pending = Token::lexer(&word[2..])
                .spanned()
                .map(|(t, s)| t.map(|t| (at + s.start, t, at + s.end)).map_err(|e| (at + s.start, e, at + s.end.max(s.start + 1))))
                .collect();
            self.pending.reverse();
            self.value_expected = false;
            return Some(Ok((start, Token::Dims("0x"), at)));
        }
        let item = match tok {
            Ok(Token::UnterminatedString) => Err((start, LexError::UnterminatedString, end)),
            Ok(t) => {
                let (t, start, end) = match t {
                    Token::FunctionTypeText(_) if self.plain || !self.value_expected || self.glued(end) => {
                        self.split_after(start, 1, Token::LParen)
                    }
                    Token::UseListText(_) if self.plain || self.after_get_result => self.split_after(start, 1, Token::LParen),
                    Token::DictText(_) if self.plain => self.split_after(start, 1, Token::LBrace),
                    Token::GenericOpHead(s) if self.plain || self.glued(end) || self.after_torch_name => {
                        let len = first_token_len(s);
                        let head = Token::lexer(&s[..len]).next().and_then(Result::ok).unwrap_or(Token::String(&s[..len]));
                        self.split_after(start, len, head)
                    }
                    // A key cannot come where a value is expected (`{a = b = 1}`).
                    Token::KeyEq(s) if self.value_expected => {
                        let key = super::builder::key_of(s);
                        self.split_after(start, key.len(), Token::BareId(key))
                    }
                    Token::PercentIdIndexed(s) | Token::PercentIdCount(s) if self.glued(end) => {
                        let cut = s.rfind(['#', ':']).unwrap_or(s.len());
                        self.split_after(start, cut, Token::PercentId(&s[..cut]))
                    }
                    _ => (t, start, end),
                };
                match t {
                    Token::LParen | Token::LBracket | Token::LBrace | Token::Less => {
                        self.depth += 1;
                        self.max_depth = self.max_depth.max(self.depth);
                        if self.depth > MAX_NESTING {
                            self.failed = true;
                            return Some(Err((start, LexError::TooDeep, end)));
                        }
                    }
                    Token::RParen | Token::RBracket | Token::RBrace | Token::Greater => {
                        if self.depth == 0 && self.ends_at_unmatched_brace && t == Token::RBrace {
                            self.ended_at = Some(start);
                            return None;
                        }
                        self.depth = self.depth.saturating_sub(1);
                    }
                    // The brackets inside a common shape count as if they were tokens.
                    Token::DictText(_) | Token::UseListText(_) | Token::FunctionTypeText(_) | Token::GenericOpHead(_) => {
                        let inner = if matches!(t, Token::UseListText(_) | Token::GenericOpHead(_)) { 1 } else { 2 };
                        self.max_depth = self.max_depth.max(self.depth + inner);
                        if self.depth + inner > MAX_NESTING {
                            self.failed = true;
                            return Some(Err((start, LexError::TooDeep, end)));
                        }
                    }
                    _ => {}
                }
                self.value_expected = matches!(t, Token::Colon | Token::Equal | Token::KeyEq(_));
                self.after_get_result = t == Token::KwGetResult;
                self.after_torch_name = matches!(t, Token::TorchName(_));
                let t = match (t, self.op_start) {
                    (Token::PercentId(s) | Token::PercentIdIndexed(s), Some(_)) if !starts_result_list(&self.text.as_bytes()[start..]) => {
                        Token::OperandStart(s)
                    }
                    (Token::BareId(w), Some("torch.constant.bool")) => Token::TorchWord(w),
                    (Token::String(s), Some("torch.constant.str" | "torch.constant.device" | "torch.operator" | "torch.symbolic_int")) => {
                        Token::TorchString(s)
                    }
                    (t, _) => t,
                };
                self.op_start = match t {
                    Token::TorchName(n) => Some(n),
                    Token::KwReturn | Token::KwFuncReturn => Some("return"),
                    _ => None,
                };
                let t = match t {
                    Token::BareId("init") if self.in_torch_loop => Token::KwInit,
                    Token::BareId("iter") if self.in_torch_loop => Token::KwIter,
                    t => t,
                };
                self.in_torch_loop = match t {
                    Token::TorchName(n) => n == "torch.prim.Loop" || n == "torch.prim.Loop.condition",
                    Token::PercentId(_) | Token::PercentIdIndexed(_) | Token::OperandStart(_) | Token::Comma => self.in_torch_loop,
                    _ => false,
                };
                self.last_end = end;
                Ok((start, t, end))
            }
            Err(e) => Err((start, e, end.max(start + 1))),
        };
        if item.is_err() {
            self.failed = true;
        }
        Some(item)
    }
}

/// Whether `text`, which starts with a `%` token, starts a result list: `%x`, `%x:2`
/// separated by commas, then `=`.
fn starts_result_list(text: &[u8]) -> bool {
    let mut at = 0;
    let blanks = |mut at: usize| {
        while text.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        at
    };
    loop {
        if text.get(at) != Some(&b'%') {
            return false;
        }
        at += 1;
        while text.get(at).is_some_and(|&c| c.is_ascii_alphanumeric() || matches!(c, b'$' | b'.' | b'_' | b'-')) {
            at += 1;
        }
        if text.get(at) == Some(&b':') && text.get(at + 1).is_some_and(u8::is_ascii_digit) {
            at += 1;
            while text.get(at).is_some_and(u8::is_ascii_digit) {
                at += 1;
            }
        }
        at = blanks(at);
        match text.get(at) {
            Some(b',') => at = blanks(at + 1),
            Some(b'=') => return text.get(at + 1) != Some(&b'='),
            _ => return false,
        }
    }
}

/// The length of the first token of a [`Token::GenericOpHead`]: its first result
/// (`%x` or `%x:2`) or, with no results, its quoted name.
pub(crate) fn first_token_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    if bytes[0] == b'%' {
        let id = 1 + bytes[1..].iter().take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'$' | b'.' | b'_' | b'-')).count();
        match bytes.get(id) {
            Some(b':') => id + 1 + bytes[id + 1..].iter().take_while(|c| c.is_ascii_digit()).count(),
            _ => id,
        }
    } else {
        string_len(bytes).unwrap_or(bytes.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Token<'_>> {
        TokenStream::new(text).map(|t| t.unwrap().1).collect()
    }

    /// A body whose string runs to the end of the input is unbalanced: its length once
    /// passed the end and the lexer panicked (found by the parse fuzz target).
    #[test]
    fn unterminated_string_in_a_body_is_unbalanced() {
        assert_eq!(balanced_body_len("\"(d0) -> (d0)>"), None);
        assert_eq!(balanced_body_len("<\"abc\\"), None);
        assert_eq!(balanced_body_len("<\"a>\">"), Some(6));
        let text = "%0 = \"foo.src\"() : () -> memref<4xf32, affine_map\"(d0) -> (d0)>>\n";
        assert!(TokenStream::new(text).any(|t| t.is_err()));
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
        assert_eq!(kinds("%x#1"), vec![Token::PercentIdIndexed("%x#1")]);
        assert_eq!(kinds("%x:2 ="), vec![Token::PercentIdCount("%x:2"), Token::Equal]);
        assert_eq!(kinds("%x #1"), vec![Token::PercentId("%x"), Token::HashId(DialectSym { text: "#1", opaque: false })]);
        assert_eq!(kinds("%arg0.ctl"), vec![Token::PercentId("%arg0.ctl")]);
        // Glued to a word: the same tokens as without the joined forms.
        assert_eq!(kinds("%x#1ab"), vec![Token::PercentId("%x"), Token::HashId(DialectSym { text: "#1", opaque: false }), Token::BareId("ab")]);
        assert_eq!(kinds("%x:2b"), vec![Token::PercentId("%x"), Token::Colon, Token::Integer("2"), Token::BareId("b")]);
    }

    #[test]
    fn dictionary_keys_take_their_equal_sign() {
        assert_eq!(kinds("{a = 1, b.c=2, d}"), vec![
            Token::LBrace, Token::KeyEq("a ="), Token::Integer("1"), Token::Comma, Token::KeyEq("b.c="),
            Token::Integer("2"), Token::Comma, Token::BareId("d"), Token::RBrace,
        ]);
        assert_eq!(kinds("device = 1")[0], Token::KeyEq("device ="));
        // Not where a value is expected: the same tokens as without the joined form.
        assert_eq!(kinds("= b = 1"), vec![Token::Equal, Token::BareId("b"), Token::Equal, Token::Integer("1")]);
    }

    #[test]
    fn function_types_of_simple_types_are_one_token_where_a_type_is_expected() {
        let text = ": (tensor<?x2xf32>, i32, !tf_type.control) -> (tensor<*xi8>, !tf_type.control)";
        assert_eq!(kinds(text), vec![Token::Colon, Token::FunctionTypeText(&text[2..])]);
        assert_eq!(kinds("= () -> i32"), vec![Token::Equal, Token::FunctionTypeText("() -> i32")]);
        // Not after `:` or `=`: the stream lexes it token by token (`tfg.func @f() -> (...)`).
        assert_eq!(kinds("@f() -> (i32)"), vec![
            Token::AtId("@f"), Token::LParen, Token::RParen, Token::Arrow, Token::LParen, Token::BareId("i32"), Token::RParen,
        ]);
        // Glued to a word, or with a type that is not simple: token by token too.
        assert_eq!(kinds(": () -> i32x"), vec![Token::Colon, Token::LParen, Token::RParen, Token::Arrow, Token::BareId("i32x")]);
        assert_eq!(kinds(": (memref<f32>) -> ()")[1], Token::LParen);
        // Offsets after a split are offsets in the whole text.
        let spans: Vec<_> = TokenStream::new("x = [() -> i32]").map(|t| { let (l, _, r) = t.unwrap(); (l, r) }).collect();
        assert_eq!(spans, vec![(0, 3), (4, 5), (5, 6), (6, 7), (8, 10), (11, 14), (14, 15)]);
    }

    #[test]
    fn string_stops_are_found_at_any_offset() {
        for len in 0..20 {
            for at in 0..=len {
                for special in [b'"', b'\\', b'\n'] {
                    let mut text = vec![b'a'; len];
                    if at < len {
                        text[at] = special;
                    }
                    // Bytes that differ from `"`, `\\` and `\n` by one bit must not match.
                    for b in text.iter_mut().filter(|b| **b == b'a') {
                        *b = [b'#', b'$', b'\x5d', b'\xa2', b'\x0b', b'\x8a'][at % 6];
                    }
                    assert_eq!(string_stop(&text, 0, len), at, "len {} at {}", len, at);
                    assert_eq!(string_stop(&text, len, len), len);
                }
            }
        }
    }

    #[test]
    fn dictionaries_of_plain_entries_are_one_token() {
        let whole = [
            r#"{a = 1, b.c = "x, \"}\"", d = [1, 2], e = dense<[1, 2]> : tensor<2xi32>}"#,
            "{\n  a = #tf_type.shape<?x2>,\n  b = f32\n}",
            r#"{a = "<>[/"}"#,
        ];
        for text in whole {
            assert_eq!(kinds(text), vec![Token::DictText(text)], "{}", text);
        }
        // `{` alone where entries cannot be split at top-level commas or a value is not
        // only its string: a unit entry, a quoted key, parentheses, braces, a comment,
        // unbalanced or deep brackets, a line break in a string, a typed string.
        let apart = [
            "{a}", r#"{"a" = 1}"#, "{a = (i32) -> i32}", "{a = {b = 1}}", "{a = 1 // c\n}", "{a = [1}", "{a = 1]}",
            "{a = [[[[[[[[[1]]]]]]]]]}", "{a = \"x\ny\"}", r#"{a = "x" : i32}"#, "{}", "{\n  %x = \"y\"() : () -> ()\n}",
        ];
        for text in apart {
            assert_eq!(TokenStream::new(text).next().unwrap().unwrap().1, Token::LBrace, "{}", text);
        }
        assert_eq!(kinds("{a = [[[[[[[[1]]]]]]]]}").len(), 1);
        // The `{` of a region, even one that starts like an entry.
        assert_eq!(kinds("({\n  yield\n})")[1], Token::LBrace);
    }

    #[test]
    fn generic_op_heads_are_one_token() {
        let text = r#"%a:2, %b = "x.y"(%c, %d#1) {k = 1} : (i32, i32) -> (i32, i32, i32)"#;
        assert_eq!(kinds(text)[0], Token::GenericOpHead(&text[..26]));
        assert_eq!(kinds(r#""x\"y" ( ) : () -> ()"#)[0], Token::GenericOpHead(r#""x\"y" ( )"#));
        // Not an operand list: the name alone.
        assert_eq!(kinds(r#""x"(^bb1)"#)[0], Token::String(r#""x""#));
        // Plain, or glued to a word: the tokens it is made of.
        let plain: Vec<_> = TokenStream::new(text).plain(true).take(5).map(|t| t.unwrap().1).collect();
        assert_eq!(plain, vec![
            Token::PercentIdCount("%a:2"), Token::Comma, Token::PercentId("%b"), Token::Equal, Token::String(r#""x.y""#),
        ]);
        assert_eq!(kinds(r#""x"(%a)b"#), vec![Token::String(r#""x""#), Token::UseListText("(%a)"), Token::BareId("b")]);
        assert_eq!(first_token_len(r#""a\"b"(%x)"#), 6);
    }

    #[test]
    fn torch_operands_and_values_after_an_op_name() {
        // The first operand of a torch op is an `OperandStart`; a `%` that starts the next
        // op's result list is not.
        assert_eq!(kinds("torch.aten.relu %x : !t"), vec![
            Token::TorchName("torch.aten.relu"), Token::OperandStart("%x"), Token::Colon,
            Token::BangId(DialectSym { text: "!t", opaque: false }),
        ]);
        assert_eq!(kinds("torch.constant.none\n%a, %b:2 = x")[1], Token::PercentId("%a"));
        assert_eq!(kinds("return %r#1, %s : i32")[1], Token::OperandStart("%r#1"));
        assert_eq!(kinds("return\n%0 = x")[1], Token::PercentId("%0"));
        // Values of the constants and torch.operator's name.
        assert_eq!(kinds("torch.constant.bool true")[1], Token::TorchWord("true"));
        assert_eq!(kinds("torch.constant.str \"s\"")[1], Token::TorchString("\"s\""));
        assert_eq!(kinds("torch.operator \"a.b\"(%x)")[1..], [Token::TorchString("\"a.b\""), Token::UseListText("(%x)")]);
        assert_eq!(kinds("torch.constant.none\nfoo")[1], Token::BareId("foo"));
        // `init` / `iter` are keywords only after a loop's operands.
        assert_eq!(kinds("torch.prim.Loop %n, %c, init(%a)")[5], Token::KwInit);
        assert_eq!(kinds("torch.prim.Loop.condition %c, iter()")[3], Token::KwIter);
        assert_eq!(kinds("{init = 1}"), vec![Token::DictText("{init = 1}")]);
        assert_eq!(kinds("init iter"), vec![Token::BareId("init"), Token::BareId("iter")]);
        // A `torch.*` word as a dictionary key is a key.
        assert_eq!(kinds("torch.a = 1")[0], Token::KeyEq("torch.a ="));
        assert_eq!(kinds("func.func @f")[0], Token::KwFuncFunc);
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
        // Also after the stream has lexed part of the text again.
        let mut s = TokenStream::new("@f() -> () // hi\n");
        while s.next().is_some() {}
        assert_eq!(s.trivia().comments, vec![(11, 16)]);
    }

    #[test]
    fn deep_nesting_is_an_error() {
        let text = "[".repeat(5000);
        let last = TokenStream::new(&text).last().unwrap();
        assert!(matches!(last, Err((_, LexError::TooDeep, _))));
    }
}
