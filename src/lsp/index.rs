//! The lexical index of one document version: every name (`%values`, `^blocks`, `@symbols`,
//! `#`/`!` aliases) with its scope, definition and references, the op heads (op name, node
//! name, attribute dictionary), folding ranges and semantic tokens. It is built from the
//! tool's own lexer (`syntax::lexer`, plain tokens), so it exists whether or not the file
//! parses: a file with a syntax error still gets symbols, folding and navigation for what
//! it has (the parser gives no partial result; this is the honest fallback), and a file
//! that parses gets the same scopes as name resolution (`syntax::resolve`): a name is seen
//! in its region and the regions nested in it, up to an op isolated from above.

use rustc_hash::FxHashMap;

use crate::syntax::lexer::{Token, TokenStream};
use crate::dialect::traits::is_isolated_from_above;

/// What a name names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NameKind {
    Value,
    Block,
    Symbol,
    Alias,
}

/// One occurrence of a name.
#[derive(Clone, Debug)]
pub struct Name {
    /// Byte range of the name with its sigil (`%x` of `%x#1` / `%x:2`).
    pub start: u32,
    pub end: u32,
    pub kind: NameKind,
    /// The name with its sigil, `%x`, `^bb0`, `@f`, `#a`, `!t`.
    pub text: String,
    pub scope: u32,
    pub def: bool,
    /// `%x#N` (uses) or `%x:N` (definitions).
    pub number: Option<u32>,
    /// Index (in [`Index::names`]) of the definition this name refers to.
    pub target: Option<u32>,
    /// The op head (index in [`Index::ops`]) this name defines results of.
    pub op: Option<u32>,
}

/// What kind of scope a region is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScopeKind {
    File,
    Module,
    Graph,
    Func(String),
    Region,
}

#[derive(Clone, Debug)]
pub struct Scope {
    pub parent: Option<u32>,
    pub isolated: bool,
    pub kind: ScopeKind,
    /// From the keyword (isolated ops) or the `{` to the `}`.
    pub start: u32,
    pub end: u32,
    /// Waiting for its region's `{` (an isolated op's signature is being read).
    awaiting: bool,
    brace_depth: usize,
}

/// An op as written: its name token, node name and attribute dictionary.
#[derive(Clone, Debug)]
pub struct OpHead {
    /// Where the op starts (its first result, else its name).
    pub start: u32,
    /// End of the op (last token before the next op or the closing `}`).
    pub end: u32,
    /// Byte range of the op name token (with quotes for the generic form).
    pub name_start: u32,
    pub name_end: u32,
    /// The full op name (`tfg.Conv2D` for `Conv2D` in a tfg region).
    pub name: String,
    pub generic: bool,
    pub scope: u32,
    /// `name("...")` / `_mlir_name = "..."`: the string's range (quotes included) and text.
    pub node_name: Option<(u32, u32, String)>,
    /// The attribute dictionary `{...}` of the op (its braces' offsets).
    pub dict: Option<(u32, u32)>,
    /// Attribute keys written on the op: (start, end, key).
    pub keys: Vec<(u32, u32, String)>,
    /// The `:` before the op's type, when at the op's level.
    pub colon: Option<u32>,
    depth: usize,
}

/// A folding range in bytes; `comment` for runs of comment lines.
#[derive(Clone, Copy, Debug)]
pub struct Fold {
    pub start: u32,
    pub end: u32,
    pub comment: bool,
}

/// Semantic token types, in the order of the legend the server announces.
pub const TOKEN_TYPES: &[&str] =
    &["namespace", "function", "variable", "type", "property", "keyword", "string", "number", "comment", "macro", "enumMember", "method"];
pub const T_NAMESPACE: u32 = 0;
pub const T_OP: u32 = 1;
pub const T_VALUE: u32 = 2;
pub const T_TYPE: u32 = 3;
pub const T_ATTR: u32 = 4;
pub const T_KEYWORD: u32 = 5;
pub const T_STRING: u32 = 6;
pub const T_NUMBER: u32 = 7;
pub const T_COMMENT: u32 = 8;
pub const T_ALIAS: u32 = 9;
pub const T_BLOCK: u32 = 10;
pub const T_SYMBOL: u32 = 11;
/// Semantic token modifiers (bits), in legend order.
pub const TOKEN_MODIFIERS: &[&str] = &["declaration", "control", "tensorflow", "onnx", "pytorch"];
pub const M_DECL: u32 = 1;
pub const M_CONTROL: u32 = 2;
pub const M_TENSORFLOW: u32 = 4;
pub const M_ONNX: u32 = 8;
pub const M_PYTORCH: u32 = 16;

/// A semantic token in bytes.
#[derive(Clone, Copy, Debug)]
pub struct SemTok {
    pub start: u32,
    pub end: u32,
    pub ty: u32,
    pub mods: u32,
}

/// Everything the requests look up, built once per document version.
#[derive(Default, Debug)]
pub struct Index {
    pub names: Vec<Name>,
    pub scopes: Vec<Scope>,
    pub ops: Vec<OpHead>,
    pub folds: Vec<Fold>,
    pub tokens: Vec<SemTok>,
    /// `amanda.namespace = "..."` declarations written in the file.
    pub namespaces: Vec<String>,
    /// Lexing errors (the index stops at none of them).
    pub lex_errors: usize,
}

const TYPE_WORDS: &[&str] = &["f16", "bf16", "f32", "f64", "f80", "f128", "tf32", "index", "none", "tensor", "vector", "memref", "complex", "tuple"];

fn is_type_word(w: &str) -> bool {
    if TYPE_WORDS.contains(&w) || w.starts_with("f8E") {
        return true;
    }
    let digits = w.strip_prefix("si").or_else(|| w.strip_prefix("ui")).or_else(|| w.strip_prefix('i'));
    digits.is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// A token of the plain stream, simplified for the index.
#[derive(Clone, Copy, Debug)]
struct Tok<'a> {
    start: u32,
    end: u32,
    t: Token<'a>,
}

enum Bracket {
    /// A region brace, with the scope it opened.
    Region(u32),
    Dict,
    /// `(` of block or function arguments.
    Args,
    Paren,
    Square,
}

impl Index {
    /// Builds the index of `text`.
    pub fn build(text: &str) -> Index {
        let mut stream = TokenStream::new(text).plain(true);
        // Sized up front from the text (a token every 4-5 bytes in a generated graph): growing
        // a vector of millions of tokens copies it again and again.
        let mut toks: Vec<Tok<'_>> = Vec::with_capacity(text.len() / 4 + 16);
        let mut lex_errors = 0;
        for t in &mut stream {
            match t {
                Ok((l, t, r)) => toks.push(Tok { start: l as u32, end: r as u32, t: lexical(t) }),
                Err(_) => lex_errors += 1,
            }
        }
        let comments = stream.into_trivia().comments;
        let mut b = Builder { text, toks: &toks, ix: Index { lex_errors, ..Default::default() }, scopes: vec![0], brackets: Vec::new(), bracket_at: Vec::new(), newlines: text.bytes().enumerate().filter(|&(_, c)| c == b'\n').map(|(k, _)| k as u32).collect(), open_ops: Vec::new() };
        b.ix.tokens.reserve(text.len() / 6);
        b.ix.names.reserve(text.len() / 40);
        b.ix.scopes.push(Scope { parent: None, isolated: true, kind: ScopeKind::File, start: 0, end: text.len() as u32, awaiting: false, brace_depth: 0 });
        b.run();
        let mut ix = b.ix;
        for &(s, e) in &comments {
            ix.tokens.push(SemTok { start: s, end: e, ty: T_COMMENT, mods: 0 });
        }
        // Runs of two or more comment lines fold.
        let mut i = 0;
        while i < comments.len() {
            let mut j = i;
            while j + 1 < comments.len() && text[comments[j].1 as usize..comments[j + 1].0 as usize].trim().is_empty() && text[comments[j].1 as usize..comments[j + 1].0 as usize].matches('\n').count() == 1 {
                j += 1;
            }
            if j > i {
                ix.folds.push(Fold { start: comments[i].0, end: comments[j].1, comment: true });
            }
            i = j + 1;
        }
        ix.tokens.sort_by_key(|t| t.start);
        ix.resolve();
        ix
    }

    /// Binds every use to its definition: values and blocks up the scope chain (values stop
    /// at an isolated scope), symbols and aliases file-wide.
    fn resolve(&mut self) {
        let mut defs: FxHashMap<(NameKind, u32, &str), u32> = FxHashMap::default();
        let mut global: FxHashMap<(NameKind, u32, &str), u32> = FxHashMap::default();
        let roots: Vec<u32> = self.names.iter().map(|n| self.root_of(n.scope)).collect();
        for (i, n) in self.names.iter().enumerate() {
            if n.def {
                match n.kind {
                    NameKind::Value | NameKind::Block => {
                        defs.entry((n.kind, n.scope, n.text.as_str())).or_insert(i as u32);
                    }
                    NameKind::Symbol | NameKind::Alias => {
                        global.entry((n.kind, roots[i], n.text.as_str())).or_insert(i as u32);
                    }
                }
            }
        }
        let mut targets = Vec::with_capacity(self.names.len());
        for (i, n) in self.names.iter().enumerate() {
            let t = match n.kind {
                _ if n.def => Some(i as u32),
                NameKind::Value | NameKind::Block => {
                    let mut s = Some(n.scope);
                    let mut found = None;
                    while let Some(sc) = s {
                        if let Some(&d) = defs.get(&(n.kind, sc, n.text.as_str())) {
                            found = Some(d);
                            break;
                        }
                        let scope = &self.scopes[sc as usize];
                        if scope.isolated || n.kind == NameKind::Block {
                            break;
                        }
                        s = scope.parent;
                    }
                    found
                }
                NameKind::Symbol | NameKind::Alias => global.get(&(n.kind, roots[i], n.text.as_str())).copied(),
            };
            targets.push(t);
        }
        for (n, t) in self.names.iter_mut().zip(targets) {
            n.target = t;
        }
        // `#x`/`!x` that name no alias are dialect attributes or types, not names.
        let keep: Vec<bool> = self.names.iter().map(|n| n.kind != NameKind::Alias || n.target.is_some()).collect();
        if keep.iter().any(|k| !k) {
            let mut map = vec![u32::MAX; self.names.len()];
            let mut kept = Vec::with_capacity(self.names.len());
            for (i, n) in std::mem::take(&mut self.names).into_iter().enumerate() {
                if keep[i] {
                    map[i] = kept.len() as u32;
                    kept.push(n);
                }
            }
            for n in &mut kept {
                n.target = n.target.map(|t| map[t as usize]);
            }
            self.names = kept;
        }
    }

    /// The name at byte `offset` (its index).
    pub fn name_at(&self, offset: u32) -> Option<usize> {
        let k = self.names.partition_point(|n| n.start <= offset);
        (k > 0 && self.names[k - 1].end >= offset).then(|| k - 1)
    }

    /// The op whose name token contains `offset`.
    pub fn op_name_at(&self, offset: u32) -> Option<usize> {
        self.ops.iter().position(|o| o.name_start <= offset && offset <= o.name_end)
    }

    /// The innermost op (head to end) containing `offset`.
    pub fn op_at(&self, offset: u32) -> Option<usize> {
        self.ops.iter().enumerate().filter(|(_, o)| o.start <= offset && offset <= o.end).max_by_key(|(_, o)| o.start).map(|(i, _)| i)
    }

    /// Every occurrence (definition included) of the name at index `i`'s target.
    pub fn occurrences(&self, i: usize) -> Vec<usize> {
        let Some(t) = self.names[i].target else { return vec![i] };
        self.names.iter().enumerate().filter(|(_, n)| n.target == Some(t)).map(|(k, _)| k).collect()
    }

    /// The scope at `offset`: the innermost one containing it.
    pub fn scope_at(&self, offset: u32) -> u32 {
        let mut best = 0u32;
        for (i, s) in self.scopes.iter().enumerate() {
            if s.start <= offset && offset <= s.end && s.start >= self.scopes[best as usize].start {
                best = i as u32;
            }
        }
        best
    }

    /// The definitions of `kind` visible at `offset`.
    pub fn visible(&self, kind: NameKind, offset: u32) -> Vec<&Name> {
        let mut chain = Vec::new();
        let mut s = Some(self.scope_at(offset));
        while let Some(sc) = s {
            chain.push(sc);
            if self.scopes[sc as usize].isolated {
                break;
            }
            s = self.scopes[sc as usize].parent;
        }
        let root = self.root_of(chain[0]);
        self.names
            .iter()
            .filter(|n| n.def && n.kind == kind && if matches!(kind, NameKind::Symbol | NameKind::Alias) { self.root_of(n.scope) == root } else { chain.contains(&n.scope) })
            .collect()
    }

    /// The file scope (of the `// -----` chunk) `scope` is in.
    pub fn root_of(&self, mut scope: u32) -> u32 {
        while let Some(p) = self.scopes[scope as usize].parent {
            scope = p;
        }
        scope
    }

    /// The isolated scope (graph, function, module, file) `scope` is in.
    pub fn isolated_of(&self, mut scope: u32) -> u32 {
        loop {
            let s = &self.scopes[scope as usize];
            match s.parent {
                Some(p) if !s.isolated => scope = p,
                _ => return scope,
            }
        }
    }
}

struct Builder<'t, 'a> {
    text: &'t str,
    toks: &'a [Tok<'t>],
    ix: Index,
    /// Open scopes, innermost last.
    scopes: Vec<u32>,
    brackets: Vec<Bracket>,
    /// Where each open bracket is (parallel to `brackets`).
    bracket_at: Vec<u32>,
    /// Offsets of the newlines of the text (for folds).
    newlines: Vec<u32>,
    /// The op heads still open, with the bracket depth they are at.
    open_ops: Vec<u32>,
}

impl<'t> Builder<'t, '_> {
    fn tok(&self, i: usize) -> Option<Token<'t>> {
        self.toks.get(i).map(|t| t.t)
    }

    fn sem(&mut self, i: usize, ty: u32, mods: u32) {
        let t = self.toks[i];
        self.ix.tokens.push(SemTok { start: t.start, end: t.end, ty, mods });
    }

    /// Drops the semantic tokens pushed at or after `start` (a keyword taken for an op name).
    fn pop_tokens_from(&mut self, start: u32) {
        while self.ix.tokens.last().is_some_and(|t| t.start >= start) {
            self.ix.tokens.pop();
        }
    }

    fn scope(&self) -> u32 {
        *self.scopes.last().unwrap_or(&0)
    }

    fn in_tfg(&self) -> bool {
        self.scopes.iter().rev().map(|&s| &self.ix.scopes[s as usize].kind).any(|k| matches!(k, ScopeKind::Graph | ScopeKind::Func(_)))
    }

    fn push_name(&mut self, start: u32, end: u32, kind: NameKind, text: &str, def: bool, number: Option<u32>) -> usize {
        let scope = self.scope();
        let op = if def && kind == NameKind::Value { Some(self.ix.ops.len() as u32) } else { None };
        self.ix.names.push(Name { start, end, kind, text: text.to_string(), scope, def, number, target: None, op });
        self.ix.names.len() - 1
    }

    /// Opens an isolated scope at token `i` (its region's `{` comes later).
    fn open_isolated(&mut self, i: usize, kind: ScopeKind) {
        let id = self.ix.scopes.len() as u32;
        self.ix.scopes.push(Scope {
            parent: Some(self.scope()),
            isolated: true,
            kind,
            start: self.toks[i].start,
            end: self.text.len() as u32,
            awaiting: true,
            brace_depth: self.brackets.len(),
        });
        self.scopes.push(id);
    }

    fn close_ops_deeper_than(&mut self, depth: usize, end: u32) {
        while let Some(&o) = self.open_ops.last() {
            if self.ix.ops[o as usize].depth >= depth {
                self.ix.ops[o as usize].end = end;
                self.open_ops.pop();
            } else {
                break;
            }
        }
    }

    /// Records the op whose name is token `i`, starting at `start`.
    fn op_head(&mut self, i: usize, start: u32) {
        // The op before ends at the token before this op's first token.
        let first = self.toks[..=i].partition_point(|t| t.start < start);
        let t = self.toks[i];
        let written = &self.text[t.start as usize..t.end as usize];
        let generic = written.starts_with('"');
        let bare = written.trim_matches('"');
        let name = if !generic && !bare.contains('.') && self.in_tfg() { format!("tfg.{}", bare) } else { bare.to_string() };
        let depth = self.brackets.len();
        let prev_end = if first > 0 { self.toks[first - 1].end } else { 0 };
        self.close_ops_deeper_than(depth, prev_end);
        let mods = match crate::namespace::scope::classify(&name).map(|(g, _)| g) {
            Some(g) if g.contains("tensorflow") => M_TENSORFLOW,
            Some(g) if g.contains("onnx") => M_ONNX,
            Some(g) if g.contains("pytorch") => M_PYTORCH,
            _ => 0,
        };
        // The dialect prefix is a namespace token, the rest the op.
        let inner_start = t.start + u32::from(generic);
        let inner_end = t.end - u32::from(generic);
        match bare.rfind('.').filter(|_| bare.contains('.')) {
            Some(dot) if !generic => {
                let dot = bare[..dot].find('.').unwrap_or(dot) as u32;
                self.ix.tokens.push(SemTok { start: inner_start, end: inner_start + dot, ty: T_NAMESPACE, mods });
                self.ix.tokens.push(SemTok { start: inner_start + dot + 1, end: inner_end, ty: T_OP, mods });
            }
            _ => self.ix.tokens.push(SemTok { start: t.start, end: t.end, ty: T_OP, mods }),
        }
        self.ix.ops.push(OpHead {
            start,
            end: t.end,
            name_start: t.start,
            name_end: t.end,
            name,
            generic,
            scope: self.scope(),
            node_name: None,
            dict: None,
            keys: Vec::new(),
            colon: None,
            depth,
        });
        self.open_ops.push(self.ix.ops.len() as u32 - 1);
    }

    /// The op head open at the current bracket depth.
    fn current_op(&self) -> Option<usize> {
        let depth = self.brackets.len();
        self.open_ops.last().map(|&o| o as usize).filter(|&o| self.ix.ops[o].depth == depth)
    }

    /// The op head open at any depth (the innermost).
    fn innermost_op(&self) -> Option<usize> {
        self.open_ops.last().map(|&o| o as usize)
    }

    /// Whether the `{` at token `i` opens a dictionary (not a region).
    fn is_dict(&self, i: usize) -> bool {
        match self.tok(i + 1) {
            Some(Token::KeyEq(_)) | Some(Token::RBrace) => true,
            Some(Token::BareId(_)) | Some(Token::String(_)) => matches!(self.tok(i + 2), Some(Token::Comma) | Some(Token::RBrace) | Some(Token::Equal)),
            _ => false,
        }
    }

    fn run(&mut self) {
        let n = self.toks.len();
        let mut i = 0;
        // Token index of the op name that follows a result list's `=`.
        let mut op_name_at: Option<(usize, u32)> = None;
        // After `tfg.func`/`func.func`: the next `@name` defines a symbol.
        let mut symbol_def_next = false;
        // An `(` right after these opens an argument list.
        let mut args_next = false;
        // `// -----` chunks are separate files: each gets a file scope of its own.
        let mut chunk_starts: Vec<u32> = crate::syntax::split::split_chunks(self.text).iter().skip(1).map(|&(o, _)| o as u32).collect();
        chunk_starts.reverse();
        while i < n {
            let t = self.toks[i];
            // `@f` defines a symbol right after `func` (and a visibility word); `(` opens
            // arguments right after a block label or a function's name: nothing in between.
            if symbol_def_next && !matches!(t.t, Token::AtId(_) | Token::BareId("private" | "public" | "nested" | "generic")) {
                symbol_def_next = false;
            }
            if args_next && !matches!(t.t, Token::LParen) {
                args_next = false;
            }
            if chunk_starts.last().is_some_and(|&c| t.start >= c) {
                let c = chunk_starts.pop().unwrap_or(0);
                let prev_end = if i > 0 { self.toks[i - 1].end } else { 0 };
                self.close_ops_deeper_than(0, prev_end);
                if let Some(&root) = self.scopes.first() {
                    self.ix.scopes[root as usize].end = c;
                }
                let id = self.ix.scopes.len() as u32;
                self.ix.scopes.push(Scope { parent: None, isolated: true, kind: ScopeKind::File, start: c, end: self.text.len() as u32, awaiting: false, brace_depth: 0 });
                self.scopes = vec![id];
                self.brackets.clear();
                self.bracket_at.clear();
                op_name_at = None;
            }
            if let Some((at, _)) = op_name_at {
                // Only a token that can name an op (an edit in progress may leave `%a =` alone).
                let names_op = !matches!(t.t, Token::PercentId(_) | Token::PercentIdCount(_) | Token::PercentIdIndexed(_) | Token::CaretId(_) | Token::RBrace | Token::LBrace | Token::HashId(_) | Token::BangId(_));
                if at == i && !names_op {
                    op_name_at = None;
                }
            }
            if let Some((at, start)) = op_name_at {
                if at == i {
                    op_name_at = None;
                    self.op_head(i, start);
                    // Isolated ops (`tfg.func`...) go on below to open their scope.
                    if !matches!(t.t, Token::KwFunc(_) | Token::KwGraph(_) | Token::KwModule) {
                        i += 1;
                        continue;
                    }
                }
            }
            match t.t {
                Token::PercentId(s) | Token::PercentIdCount(s) | Token::PercentIdIndexed(s) => {
                    // A result list `%a, %b:2 =`?
                    let mut j = i;
                    while matches!(self.tok(j), Some(Token::PercentId(_)) | Some(Token::PercentIdCount(_))) {
                        if matches!(self.tok(j + 1), Some(Token::Comma)) {
                            j += 2;
                        } else {
                            j += 1;
                            break;
                        }
                    }
                    let results = j > i && matches!(self.tok(j), Some(Token::Equal)) && !matches!(t.t, Token::PercentIdIndexed(_));
                    if results {
                        let start = t.start;
                        let mut k = i;
                        while k < j {
                            if let Some(Token::PercentId(s) | Token::PercentIdCount(s)) = self.tok(k) {
                                let (name, count) = split_number(s, ':');
                                let tk = self.toks[k];
                                self.push_name(tk.start, tk.start + name.len() as u32, NameKind::Value, name, true, count);
                                self.ix.tokens.push(SemTok { start: tk.start, end: tk.end, ty: T_VALUE, mods: M_DECL });
                            }
                            k += 1;
                        }
                        op_name_at = Some((j + 1, start));
                        i = j + 1;
                        continue;
                    }
                    let in_args = matches!(self.brackets.last(), Some(Bracket::Args));
                    let (name, number) = split_number(s, if matches!(t.t, Token::PercentIdIndexed(_)) { '#' } else { ':' });
                    let def = in_args && matches!(self.tok(i + 1), Some(Token::Colon));
                    let k = self.push_name(t.start, t.start + name.len() as u32, NameKind::Value, name, def, if def { None } else { number });
                    self.ix.names[k].op = None;
                    self.sem(i, T_VALUE, if def { M_DECL } else { 0 });
                }
                Token::CaretId(s) => {
                    let def = match self.tok(i + 1) {
                        Some(Token::Colon) => true,
                        Some(Token::LParen) => self.matching(i + 1).is_some_and(|c| matches!(self.tok(c + 1), Some(Token::Colon))),
                        _ => false,
                    };
                    self.push_name(t.start, t.end, NameKind::Block, s, def, None);
                    self.sem(i, T_BLOCK, if def { M_DECL } else { 0 });
                    if def && matches!(self.tok(i + 1), Some(Token::LParen)) {
                        args_next = true;
                    }
                }
                Token::AtId(s) => {
                    let def = symbol_def_next;
                    symbol_def_next = false;
                    self.push_name(t.start, t.end, NameKind::Symbol, s, def, None);
                    self.sem(i, T_SYMBOL, if def { M_DECL } else { 0 });
                    if def {
                        if let Some(&s_id) = self.scopes.last() {
                            if let ScopeKind::Func(name) = &mut self.ix.scopes[s_id as usize].kind {
                                *name = s.to_string();
                            }
                        }
                        args_next = true;
                    }
                }
                Token::HashId(d) | Token::BangId(d) => {
                    let is_hash = matches!(t.t, Token::HashId(_));
                    if d.opaque {
                        // Symbol references inside a verbatim body (`#tf_type.func<@f, {}>`).
                        let body = d.text;
                        let mut k = 0;
                        while let Some(p) = body[k..].find('@') {
                            let at = k + p;
                            let len = body[at + 1..].find(|c: char| !(c.is_ascii_alphanumeric() || "$._-".contains(c))).unwrap_or(body.len() - at - 1);
                            if len > 0 {
                                let s = t.start + at as u32;
                                self.push_name(s, s + 1 + len as u32, NameKind::Symbol, &body[at..at + 1 + len], false, None);
                            }
                            k = at + 1;
                        }
                        self.sem(i, if is_hash { T_ALIAS } else { T_TYPE }, 0);
                    } else {
                        let def = self.brackets.is_empty() && matches!(self.tok(i + 1), Some(Token::Equal));
                        self.push_name(t.start, t.end, NameKind::Alias, d.text, def, None);
                        self.sem(i, if is_hash { T_ALIAS } else { T_TYPE }, if def { M_DECL } else { 0 });
                    }
                }
                Token::KwFunc(_) | Token::KwGraph(_) | Token::KwModule => {
                    let (kind, tok_ty) = match t.t {
                        Token::KwFunc(_) => (ScopeKind::Func(String::new()), T_KEYWORD),
                        Token::KwGraph(_) => (ScopeKind::Graph, T_KEYWORD),
                        _ => (ScopeKind::Module, T_KEYWORD),
                    };
                    if matches!(t.t, Token::KwFunc(_)) {
                        symbol_def_next = true;
                    }
                    if self.current_op().map(|o| self.ix.ops[o].name_start) != Some(t.start) {
                        self.op_head(i, t.start);
                    }
                    self.pop_tokens_from(t.start);
                    self.sem(i, tok_ty, 0);
                    self.open_isolated(i, kind);
                }
                Token::String(s) => {
                    let prev = if i > 0 { self.tok(i - 1) } else { None };
                    let generic_head = matches!(self.tok(i + 1), Some(Token::LParen))
                        && !matches!(prev, Some(Token::LParen) | Some(Token::Comma) | Some(Token::LBracket) | Some(Token::KwLoc) | Some(Token::Equal) | Some(Token::KeyEq(_)) | Some(Token::Colon));
                    if generic_head {
                        self.op_head(i, t.start);
                        let bare = s.trim_matches('"');
                        if is_isolated_from_above(bare) {
                            let kind = match bare {
                                "tfg.graph" => ScopeKind::Graph,
                                "builtin.module" => ScopeKind::Module,
                                _ => ScopeKind::Func(String::new()),
                            };
                            self.open_isolated(i, kind);
                        }
                    } else {
                        self.sem(i, T_STRING, 0);
                        self.string_value(i, s, prev);
                    }
                }
                Token::BareId(w) => {
                    if w == "func.func" {
                        symbol_def_next = true;
                        self.op_head(i, t.start);
                        self.open_isolated(i, ScopeKind::Func(String::new()));
                    } else if is_type_word(w) {
                        self.sem(i, T_TYPE, 0);
                    } else if matches!(w, "true" | "false" | "unit") {
                        self.sem(i, T_NUMBER, 0);
                    } else if matches!(w, "private" | "public" | "nested" | "generic") {
                        self.sem(i, T_KEYWORD, 0);
                    }
                }
                Token::KeyEq(k) => {
                    let key = k.trim_end_matches('=').trim_end();
                    let end = t.start + key.len() as u32;
                    self.ix.tokens.push(SemTok { start: t.start, end, ty: T_ATTR, mods: 0 });
                    if let Some(o) = self.innermost_op() {
                        self.ix.ops[o].keys.push((t.start, end, key.to_string()));
                    }
                }
                Token::SimpleType(_) | Token::Dims(_) | Token::UnrankedX => self.sem(i, T_TYPE, 0),
                Token::Integer(_) | Token::HexInteger(_) | Token::Float(_) => self.sem(i, T_NUMBER, 0),
                Token::KwName | Token::KwDevice | Token::KwAssignedDevice | Token::KwReturn | Token::KwYield | Token::KwCondition | Token::KwGetResult
                | Token::KwThen | Token::KwElse | Token::KwDo | Token::KwFrom | Token::KwTo | Token::KwBy | Token::KwDense | Token::KwDenseResource
                | Token::KwArray | Token::KwLoc | Token::KwAttributes | Token::OpaqueBuiltin(_) => {
                    if matches!(t.t, Token::KwReturn | Token::KwYield | Token::KwCondition | Token::KwGetResult) && op_name_at.is_none() && self.current_op().map(|o| self.ix.ops[o].name_start) != Some(t.start) {
                        self.op_head(i, t.start);
                    }
                    self.pop_tokens_from(t.start);
                    self.sem(i, T_KEYWORD, 0);
                }
                Token::KwIfRegion(_) | Token::KwCaseRegion(_) | Token::KwWhileRegion(_) | Token::KwForRegion(_) => {
                    if self.current_op().map(|o| self.ix.ops[o].name_start) != Some(t.start) {
                        self.op_head(i, t.start);
                    }
                }
                Token::LBrace => {
                    let dict = self.is_dict(i);
                    // `<{...}>` holds an op's properties, not its attribute dictionary.
                    let properties = i > 0 && matches!(self.tok(i - 1), Some(Token::Less));
                    if dict {
                        if let Some(o) = self.current_op().filter(|_| !properties) {
                            if self.ix.ops[o].dict.is_none() {
                                let close = self.matching(i).map(|c| self.toks[c].start).unwrap_or(t.start);
                                self.ix.ops[o].dict = Some((t.start, close));
                            }
                        }
                        self.open_bracket(Bracket::Dict, t.start);
                    } else {
                        let awaiting = self.scopes.last().map(|&s| &self.ix.scopes[s as usize]).is_some_and(|s| s.awaiting && s.brace_depth == self.brackets.len());
                        let id = if awaiting {
                            let id = self.scope();
                            self.ix.scopes[id as usize].awaiting = false;
                            id
                        } else {
                            let id = self.ix.scopes.len() as u32;
                            self.ix.scopes.push(Scope { parent: Some(self.scope()), isolated: false, kind: ScopeKind::Region, start: t.start, end: self.text.len() as u32, awaiting: false, brace_depth: self.brackets.len() });
                            self.scopes.push(id);
                            id
                        };
                        self.open_bracket(Bracket::Region(id), t.start);
                    }
                }
                Token::RBrace => {
                    // An unclosed `(` or `[` before it (a file being edited): closed here.
                    if self.brackets.iter().any(|b| matches!(b, Bracket::Region(_) | Bracket::Dict)) {
                        while matches!(self.brackets.last(), Some(Bracket::Paren | Bracket::Args | Bracket::Square)) {
                            self.close_bracket(t.start);
                        }
                    }
                    let depth = self.brackets.len();
                    if let Some(Bracket::Region(id)) = self.close_bracket(t.start) {
                        self.close_ops_deeper_than(depth, if i > 0 { self.toks[i - 1].end } else { t.start });
                        self.ix.scopes[id as usize].end = t.end;
                        // Also close isolated scopes still waiting for a region inside this one.
                        while let Some(&s) = self.scopes.last() {
                            self.scopes.pop();
                            if s == id {
                                break;
                            }
                            self.ix.scopes[s as usize].end = t.start;
                        }
                    }
                }
                Token::LParen => {
                    self.open_bracket(if args_next { Bracket::Args } else { Bracket::Paren }, t.start);
                    args_next = false;
                }
                Token::LBracket => {
                    self.open_bracket(Bracket::Square, t.start);
                }
                Token::RParen | Token::RBracket => {
                    // Closes the innermost bracket of its kind, if one is open at this level.
                    let paren = matches!(t.t, Token::RParen);
                    let open = self.brackets.iter().rposition(|b| match b {
                        Bracket::Paren | Bracket::Args => paren,
                        Bracket::Square => !paren,
                        _ => false,
                    });
                    let inside_region = self.brackets.iter().rposition(|b| matches!(b, Bracket::Region(_) | Bracket::Dict));
                    if let Some(k) = open.filter(|&k| inside_region.is_none_or(|r| k > r)) {
                        while self.brackets.len() > k {
                            self.close_bracket(t.start);
                        }
                    }
                }
                Token::Colon => {
                    if let Some(o) = self.current_op() {
                        if self.ix.ops[o].colon.is_none() {
                            self.ix.ops[o].colon = Some(t.start);
                        }
                    }
                }
                _ => {}
            }
            i += 1;
        }
        let end = self.toks.last().map_or(0, |t| t.end);
        self.close_ops_deeper_than(0, end);
        self.ix.ops.sort_by_key(|o| o.start);
        // Ops were pushed in order of their names; names refer to ops by push order.
        self.ix.names.sort_by_key(|n| n.start);
    }

    /// A string's role: `name("...")` / `_mlir_name = "..."` is the node name of the op;
    /// `amanda.namespace = "..."` declares a namespace; `sym_name = "f"` defines `@f`.
    fn string_value(&mut self, i: usize, s: &str, prev: Option<Token<'t>>) {
        let t = self.toks[i];
        let inner = s.trim_matches('"').to_string();
        let key = |k: &str| matches!(prev, Some(Token::KeyEq(p)) if p.trim_end_matches('=').trim_end() == k);
        let is_node_name = (matches!(prev, Some(Token::LParen)) && i >= 2 && matches!(self.tok(i - 2), Some(Token::KwName))) || key(crate::ir::module::NODE_NAME);
        if is_node_name {
            if let Some(o) = self.innermost_op() {
                if self.ix.ops[o].node_name.is_none() {
                    self.ix.ops[o].node_name = Some((t.start, t.end, inner));
                }
            }
        } else if key(crate::namespace::NAMESPACE_ATTR) {
            self.ix.namespaces.push(inner);
        } else if key("sym_name") {
            self.push_name(t.start + 1, t.end - 1, NameKind::Symbol, &format!("@{}", inner), true, None);
            if let Some(n) = self.ix.names.last_mut() {
                // The string holds the name without `@`: only its text is renamed.
                n.text = format!("@{}", inner);
            }
        }
    }

    /// Index of the token closing the bracket opened at token `i`.
    fn matching(&self, i: usize) -> Option<usize> {
        let mut depth = 0i32;
        for (k, t) in self.toks.iter().enumerate().skip(i) {
            match t.t {
                Token::LParen | Token::LBracket | Token::LBrace => depth += 1,
                Token::RParen | Token::RBracket | Token::RBrace => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(k);
                    }
                }
                _ => {}
            }
            if k > i + 200_000 {
                break;
            }
        }
        None
    }

    fn open_bracket(&mut self, b: Bracket, at: u32) {
        self.brackets.push(b);
        self.bracket_at.push(at);
    }

    /// Closes the innermost bracket at `close`; one spanning lines is a fold.
    fn close_bracket(&mut self, close: u32) -> Option<Bracket> {
        let b = self.brackets.pop()?;
        let open = self.bracket_at.pop().unwrap_or(close);
        let line = |at: u32| self.newlines.partition_point(|&n| n < at);
        if line(close) > line(open) {
            self.ix.folds.push(Fold { start: open, end: close, comment: false });
        }
        Some(b)
    }
}

/// `x:2` → (`x`, 2) for `sep = ':'`; `x#1` → (`x`, 1) for `#`.
fn split_number(s: &str, sep: char) -> (&str, Option<u32>) {
    match s[1..].rfind(sep) {
        Some(k) if s[k + 2..].bytes().all(|b| b.is_ascii_digit()) && k + 2 < s.len() => (&s[..k + 1], s[k + 2..].parse().ok()),
        _ => (s, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n  %b, %ctl = B(%a) name(\"b\") {T = f32} : (tensor<f32>) -> (tensor<f32>)\n  %a:2, %ctl_0 = A name(\"a\") : () -> (tensor<f32>, tensor<f32>)\n  %c, %ctl_1 = C(%a#1) name(\"c\") : (tensor<f32>) -> (tensor<f32>)\n}\ntfg.func @f(%x: tensor<f32>) -> (tensor<f32>) {\n  return(%x) : tensor<f32>\n}\n";

    #[test]
    fn uses_before_definitions_resolve() {
        let ix = Index::build(TEXT);
        let use_a = ix.names.iter().position(|n| n.text == "%a" && !n.def).unwrap();
        let def = ix.names[use_a].target.unwrap() as usize;
        assert!(ix.names[def].def);
        assert_eq!(&TEXT[ix.names[def].start as usize..ix.names[def].end as usize], "%a");
        assert_eq!(ix.occurrences(use_a).len(), 3);
        let x_use = ix.names.iter().position(|n| n.text == "%x" && !n.def).unwrap();
        assert!(ix.names[x_use].target.is_some());
        assert_eq!(ix.ops.iter().filter(|o| o.node_name.is_some()).count(), 3);
        assert!(ix.ops.iter().any(|o| o.name == "tfg.B" && o.dict.is_some()));
    }

    #[test]
    fn isolated_scopes_hide_outer_names() {
        let text = "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n  %a, %ctl = A : () -> (tensor<f32>)\n}\ntfg.func @f() -> (tensor<f32>) {\n  return(%a) : tensor<f32>\n}\n";
        let ix = Index::build(text);
        let last = ix.names.iter().rposition(|n| n.text == "%a").unwrap();
        assert_eq!(ix.names[last].target, None);
    }
}

/// The index reads tokens by what they are in the text: the parser's context-made kinds of
/// torch-mlir's syntax (the first operand of a torch op or `return`, the word after
/// `torch.constant.bool`, the `func.func` keyword) are the plain tokens they were lexed from.
fn lexical(t: Token<'_>) -> Token<'_> {
    match t {
        Token::OperandStart(s) if s.contains('#') => Token::PercentIdIndexed(s),
        Token::OperandStart(s) => Token::PercentId(s),
        Token::TorchWord(w) => Token::BareId(w),
        Token::KwFuncFunc => Token::BareId("func.func"),
        t => t,
    }
}
