//! Text → IR: the logos [`lexer`], the lalrpop grammar (`grammar/amir.lalrpop`, driven
//! through [`builder::ParseCx`]), name [`resolve`]-ution, and syntax-error reporting.
//! Inputs of 1 MiB or more are parsed on all cores ([`parallel`]); when that cannot be done
//! the way a sequential parse would, they are lexed on a second thread that feeds the
//! grammar batches of tokens ([`parse_module_releasing`]).

pub mod depth;
pub mod builder;
pub mod lexer;
pub mod parallel;
pub mod resolve;
pub mod shapes;
pub mod split;
pub mod torch;

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, unused, missing_docs)]
    grammar,
    "/amir.rs"
);

use crate::diag::Diagnostic;
use crate::ir::{Module, Span};
use lexer::{Token, TokenStream};
use lalrpop_util::ParseError;
use parallel::{Release, Releaser};

/// Stack size for threads that parse, verify and print: the recursive-ascent parser and the
/// recursive stages go deeper per open bracket, up to `lexer::MAX_NESTING`. Measured on the
/// deepest inputs the reader accepts (2040 brackets of nested `#tf_type.func<@f, {a = ...}>`,
/// dictionaries, `#tf_type.shape` lists, regions, tfg graphs and IfRegions, types, locations;
/// every printing mode), a debug build needs at most 100 MB (about 48 KiB per bracket), a
/// release build less: 192 MiB leaves about twice that. Only the pages used are committed,
/// but the whole size counts against an address-space limit (`ulimit -v`), so it is not
/// larger than needed (docs/decisions.md).
pub const PARSER_STACK: usize = 192 << 20;

/// Parses a whole file into a module (names resolved, not yet verified).
///
/// The recursive-ascent parser uses the stack of the calling thread: about 8 KiB per level
/// of nested regions, so up to 8 MiB at the nesting limit (`lexer::MAX_NESTING`). Call it
/// from a thread with a large stack ([`PARSER_STACK`]) when the input is untrusted (the CLI
/// does); the threads it starts itself get that stack.
pub fn parse_module(text: &str) -> Result<Module, Vec<Diagnostic>> {
    parse_module_releasing(text, &|_, _| {})
}

/// Inputs at least this large are lexed on a second thread, ahead of the parser, when they
/// are parsed sequentially.
const THREADED_LEXING_MIN: usize = 1 << 20;

/// Tokens per batch sent from the lexing thread to the parser.
const TOKEN_BATCH: usize = 4096;

/// [`parse_module`], calling `release(from, to)` every few MiB of input for a range of text
/// the grammar has consumed all tokens of (the CLI gives those pages of a mapped file back
/// to the kernel, see [`crate::input`]). That text may still be read later (comments,
/// diagnostics), only more slowly.
///
/// The text is read with the lexer's common-shape tokens ([`shapes`]); if that fails
/// anywhere, it is read again with plain tokens, which is what every diagnostic comes from
/// (so a diagnostic never depends on how a shape was tokenized).
pub fn parse_module_releasing(text: &str, release: Release<'_>) -> Result<Module, Vec<Diagnostic>> {
    parse_with(text, release, false).or_else(|_| parse_module_plain(text))
}

/// Parses with plain tokens only (no common-shape tokens, see [`shapes`]): slower, and the
/// reference the faster reading is tested against.
pub fn parse_module_plain(text: &str) -> Result<Module, Vec<Diagnostic>> {
    parse_with(text, &|_, _| {}, true)
}

fn parse_with(text: &str, release: Release<'_>, plain: bool) -> Result<Module, Vec<Diagnostic>> {
    let threads = parallel::threads_for(text.len());
    let parts = parallel::part_ranges(text, threads);
    parse_parts_or_sequential(text, &parts, threads - 1, release, plain).0
}

/// Parses `text` with `parts` on up to `workers` other threads, or sequentially when the
/// parts cannot be used; the module and how many parts were spliced in.
fn parse_parts_or_sequential(text: &str, parts: &[parallel::PartRange], workers: usize, release: Release<'_>, plain: bool) -> (Result<Module, Vec<Diagnostic>>, usize) {
    if let Some((result, trivia, spliced)) = parse_parts(text, parts, workers, release, plain) {
        let parsed = finish_parse(text, result, trivia);
        // Parts bind most of their uses themselves (`parallel::bind_outer_uses`), which is
        // only what resolution would do if the input has no errors: the diagnostics of an
        // input with errors come from a sequential parse.
        if parsed.is_ok() || spliced == 0 {
            return (parsed, spliced);
        }
    }
    (parse_sequential(text, release, plain), 0)
}

/// Parses `text` with `parts` of it (`(start, stop)`: from `start` to `stop` or the end of
/// the block it starts in) parsed on two other threads and spliced in, and the rest on this
/// one (see [`parallel`]), giving the module and how many parts were spliced in; with parts
/// that cannot be spliced the way a sequential parse would read them, the text is parsed
/// sequentially (and the count is 0). The result is the same whatever the parts: tests
/// use this to check it.
pub fn parse_module_parts(text: &str, parts: &[parallel::PartRange]) -> (Result<Module, Vec<Diagnostic>>, usize) {
    match parse_parts_or_sequential(text, parts, 2, &|_, _| {}, false) {
        (Err(_), _) => (parse_module_plain(text), 0),
        ok => ok,
    }
}

fn parse_parts<'t>(text: &'t str, parts: &[parallel::PartRange], workers: usize, release: Release<'_>, plain: bool) -> Option<parallel::SplitParse<'t>> {
    if parts.is_empty() || workers == 0 {
        return None;
    }
    parallel::parse_split(text, parts, workers, release, plain)
}

/// A token as the grammar takes it: lexing errors become diagnostics.
#[inline(always)]
fn to_grammar(t: lexer::Spanned<'_>) -> Result<(usize, Token<'_>, usize), builder::ActionError> {
    t.map_err(|(l, e, r)| vec![Diagnostic::error(Span::new(l, r), e.message())])
}

/// One thread runs the grammar; large inputs are lexed on a second thread that sends the
/// tokens to the parser in batches (a bounded channel, so the lexer runs at most a few
/// batches ahead); the parser sees the same token sequence either way.
fn parse_sequential(text: &str, release: Release<'_>, plain: bool) -> Result<Module, Vec<Diagnostic>> {
    let stream = || TokenStream::new(text).plain(plain);
    if text.len() < THREADED_LEXING_MIN {
        let mut tokens = stream();
        let result = parse_tokens(text, &mut tokens, release);
        return finish_parse(text, result, tokens.into_trivia());
    }
    std::thread::scope(|scope| {
        let (send, receive) = std::sync::mpsc::sync_channel::<Vec<lexer::Spanned<'_>>>(8);
        let lexing = scope.spawn(move || {
            let mut tokens = stream();
            loop {
                // Sized up front: collecting from `take` would grow the vector step by step.
                let mut batch = Vec::with_capacity(TOKEN_BATCH);
                batch.extend((&mut tokens).take(TOKEN_BATCH));
                let last = batch.len() < TOKEN_BATCH;
                // A send fails when the parser stopped early (a syntax error): stop too.
                if send.send(batch).is_err() || last {
                    break;
                }
            }
            tokens.into_trivia()
        });
        // `receive` is moved into the iterator, so it is dropped (and the lexer told to
        // stop) as soon as the parser returns.
        let result = parse_tokens(text, receive.into_iter().flatten(), release);
        match lexing.join() {
            Ok(trivia) => finish_parse(text, result, trivia),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

type ParseResult<'t> = (builder::ParseCx<'t>, Result<(), ParseError<usize, Token<'t>, builder::ActionError>>);

/// Runs the grammar over `tokens`.
fn parse_tokens<'t>(text: &'t str, tokens: impl Iterator<Item = lexer::Spanned<'t>>, release: Release<'_>) -> ParseResult<'t> {
    let mut cx = builder::ParseCx::new(text);
    let mut releaser = Releaser::new(release, 0);
    let result = grammar::FileParser::new().parse(
        &mut cx,
        tokens.map(|t| {
            if let Ok((l, _, _)) = &t {
                releaser.passed(*l);
            }
            to_grammar(t)
        }),
    );
    (cx, result)
}

/// Name resolution and comments, after the grammar.
fn finish_parse(text: &str, (mut cx, result): ParseResult<'_>, trivia: lexer::Trivia) -> Result<Module, Vec<Diagnostic>> {
    if let Err(e) = result {
        let mut diags = std::mem::take(&mut cx.errors);
        diags.extend(convert_error(text, e));
        return Err(diags);
    }
    cx.resolve_location_aliases()?;
    let op_starts = std::mem::take(&mut cx.op_starts);
    let block_ends = std::mem::take(&mut cx.block_ends);
    let mut module = resolve::resolve(cx)?;
    if depth::needs_measure(&module, trivia.max_depth) {
        let (printed, span) = depth::printed_depth(&module);
        if printed > lexer::MAX_NESTING {
            return Err(vec![Diagnostic::error(
                span,
                format!(
                    "nesting is too deep: printed (in generic form, aliases spelled out, inside `module {{`) this would open {} brackets, more than the {} this tool reads",
                    printed,
                    lexer::MAX_NESTING
                ),
            )]);
        }
    }
    crate::syntax::split::attach_comments(&mut module, text, &trivia, &op_starts, &block_ends);
    Ok(module)
}

/// Describes a token for "expected X, found Y" messages.
fn describe(tok: &Token<'_>) -> String {
    use Token::*;
    match tok {
        BareId(s) | PercentId(s) | PercentIdIndexed(s) | PercentIdCount(s) | CaretId(s) | AtId(s) | Integer(s)
        | HexInteger(s) | Float(s) | String(s) | Dims(s) | SimpleType(s) | TorchName(s) | OperandStart(s)
        | TorchWord(s) | TorchString(s) => {
            format!("'{}'", s)
        }
        HashId(d) | BangId(d) => format!("'{}'", d.text),
        // Where the grammar did not want them, these read as their first token would.
        KeyEq(s) => format!("'{}'", builder::key_of(s)),
        ParsedPart => "'operation'".to_string(),
        KwFuncFunc => "'func.func'".to_string(),
        KwFuncReturn => "'func.return'".to_string(),
        KwInit => "'init'".to_string(),
        KwIter => "'iter'".to_string(),
        FunctionTypeText(_) | UseListText(_) => "'('".to_string(),
        DictText(_) => "'{'".to_string(),
        GenericOpHead(s) => format!("'{}'", &s[..lexer::first_token_len(s)]),
        KwIfRegion(s) | KwCaseRegion(s) | KwWhileRegion(s) | KwForRegion(s) | OpaqueBuiltin(s) | FileMetadata(s) => {
            format!("'{}'", s.chars().take(40).collect::<std::string::String>())
        }
        other => {
            let dbg = format!("{:?}", other);
            let spelled = match other {
                LParen => "(", RParen => ")", LBracket => "[", RBracket => "]", LBrace => "{", RBrace => "}",
                Less => "<", Greater => ">", Comma => ",", Colon => ":", ColonColon => "::", Equal => "=",
                Arrow => "->", Question => "?", Star => "*", Plus => "+", Minus => "-", UnrankedX => "*x",
                _ => return format!("'{}'", dbg.trim_start_matches("Kw").to_lowercase()),
            };
            format!("'{}'", spelled)
        }
    }
}

/// Turns lalrpop's expected-terminal names into readable ones, closers first (so the
/// message starts with the most useful one, e.g. "expected '}'").
fn expected_list(expected: &[std::string::String]) -> std::string::String {
    let mut items: Vec<std::string::String> = expected
        .iter()
        // Wherever a whole generic op may come, its first token may come too.
        .filter(|e| e.trim_matches('"') != "GenericOpHead")
        .map(|e| {
            let t = e.trim_matches('"');
            let t = t.replace("\\\"", "\"");
            match t.as_str() {
                "BareId" => "identifier".into(),
                "PercentId" | "PercentIdIndexed" | "PercentIdCount" => "SSA value".into(),
                "KeyEq" => "identifier".into(),
                "FunctionTypeText" | "UseListText" => "'('".into(),
                "DictText" => "'{'".into(),
                "CaretId" => "block label".into(),
                "AtId" => "symbol".into(),
                "HashId" => "attribute".into(),
                "BangId" => "type".into(),
                "Integer" => "integer".into(),
                "HexInteger" => "hex integer".into(),
                "Float" => "float".into(),
                "String" => "string".into(),
                "Dims" => "dimension list".into(),
                "SimpleType" => "type".into(),
                "IfRegion" | "CaseRegion" | "WhileRegion" | "ForRegion" => t.clone(),
                "OpaqueBuiltin" => "affine map".into(),
                "TorchName" => "torch op name".into(),
                "OperandStart" => "SSA value".into(),
                "TorchWord" => "identifier".into(),
                "TorchString" => "string".into(),
                "FileMetadata" => "'{-#'".into(),
                other => format!("'{}'", other),
            }
        })
        .collect();
    let rank = |s: &str| match s {
        "'}'" | "')'" | "']'" | "'>'" => 0,
        _ => 1,
    };
    items.sort_by_key(|s| rank(s));
    items.dedup();
    match items.len() {
        0 => "end of input".into(),
        1 => items.remove(0),
        n if n <= 6 => {
            let last = items.pop().unwrap_or_default();
            format!("{} or {}", items.join(", "), last)
        }
        _ => {
            let head: Vec<_> = items.iter().take(5).cloned().collect();
            format!("{}, ...", head.join(", "))
        }
    }
}

/// The innermost unclosed `!tf_type.variant<` / `!tf_type.resource<` before `offset`: a syntax
/// error inside one is also reported against it, as tf_type's own parser does.
fn enclosing_tf_subtyped(text: &str, offset: usize) -> Option<(usize, &'static str)> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = offset.min(bytes.len());
    let floor = offset.saturating_sub(4096);
    while i > floor {
        i -= 1;
        match bytes[i] {
            b'>' if i == 0 || bytes[i - 1] != b'-' => depth += 1,
            b'<' if depth > 0 => depth -= 1,
            b'<' => {
                for name in ["variant", "resource"] {
                    let head = format!("!tf_type.{}", name);
                    if text[..i].ends_with(&head) {
                        return Some((i - head.len(), name));
                    }
                }
            }
            b'\n' => return None,
            _ => {}
        }
    }
    None
}

fn convert_error(text: &str, e: ParseError<usize, Token<'_>, builder::ActionError>) -> Vec<Diagnostic> {
    match e {
        ParseError::InvalidToken { location } => vec![Diagnostic::error(Span::new(location, location + 1), "unexpected character")],
        ParseError::UnrecognizedEof { location, expected } => {
            let at = location.min(text.len());
            vec![Diagnostic::error(Span::new(at, at), format!("expected {}, found end of file", expected_list(&expected)))]
        }
        ParseError::UnrecognizedToken { token: (l, tok, r), expected } => {
            let msg = if matches!(tok, Token::Question | Token::Dims(_) | Token::Integer(_)) && expected.iter().any(|e| e == "Dims") {
                // `tensor<??xf32>`: MLIR's wording for a malformed shape.
                "expected 'x' in dimension list".to_string()
            } else {
                format!("expected {}, found {}", expected_list(&expected), describe(&tok))
            };
            let mut diags = vec![Diagnostic::error(Span::new(l, r), msg)];
            if let Some((at, name)) = enclosing_tf_subtyped(text, l) {
                diags.push(Diagnostic::error(Span::new(at, at + name.len() + 9), format!("invalid {} type", name)));
            }
            diags
        }
        ParseError::ExtraToken { token: (l, tok, r) } => {
            vec![Diagnostic::error(Span::new(l, r), format!("unexpected {}", describe(&tok)))]
        }
        ParseError::User { error } => error,
    }
}

