//! [`ParseCx`]: what the grammar's actions call. It interns types and attributes (checking
//! them: integer ranges, dense shapes, tf_type subtypes), creates ops, blocks and regions in
//! the [`Body`](crate::ir::Body), and records SSA uses by name. Uses are resolved after the
//! whole file is read ([`super::resolve`]), because graph regions allow a use before its
//! definition and nested regions see the names of their parents.

use smallvec::SmallVec;

use crate::diag::Diagnostic;
use crate::ir::attrs::{AttrData, Location, NamedAttr};
use crate::ir::types::{Signedness, TypeData, DYNAMIC, FLOAT_TYPE_NAMES, TF_SIMPLE_TYPE_NAMES};
use crate::ir::{
    AliasDef, AliasValue, AttrId, BlockId, Module, OpForm, OpId, OpSpec, RegionId, ResultGroup, Span, Sym,
    TypeId, ValueName,
};
use rustc_hash::FxHashMap;

/// Errors from grammar actions: one or more diagnostics (MLIR often reports an inner and an
/// outer error for the same place, e.g. "expected non-function type" + "invalid variant type").
pub type ActionError = Vec<Diagnostic>;
pub type ActionResult<T> = Result<T, lalrpop_util::ParseError<usize, super::lexer::Token<'static>, ActionError>>;

/// `%x#1` → (`%x`, `#1`); `%x:2` → (`%x`, `2`): the parts of a token the lexer joined.
pub fn split_suffix(token: &str, sep: char) -> (&str, &str) {
    match token.rfind(sep) {
        Some(i) if sep == ':' => (&token[..i], &token[i + 1..]),
        Some(i) => (&token[..i], &token[i..]),
        None => (token, ""),
    }
}

/// The key of a [`KeyEq`](super::lexer::Token::KeyEq) token, `name =` → `name`.
pub fn key_of(token: &str) -> &str {
    token.trim_end_matches('=').trim_end()
}

pub(super) fn fail<T>(span: Span, msg: impl Into<String>) -> ActionResult<T> {
    Err(lalrpop_util::ParseError::User { error: vec![Diagnostic::error(span, msg)] })
}

/// MLIR's limit on the width of integer types.
const MAX_INT_WIDTH: u32 = (1 << 24) - 1;

/// The error for a word that is neither a keyword nor a builtin type, where `expected` says
/// what was expected; an integer type too wide for MLIR gets MLIR's own message.
fn unknown_word_message(w: &str, expected: &str) -> String {
    match int_type_spelling(w) {
        Some(_) => format!("integer bitwidth is limited to {} bits", MAX_INT_WIDTH),
        None => format!("{}, found '{}'", expected, w),
    }
}

/// `i8`, `si32`, `ui0`, `i08`: the signedness and the width's digits (any number of them, as
/// MLIR reads them), if `w` is spelled as an integer type.
fn int_type_spelling(w: &str) -> Option<(Signedness, &str)> {
    let (signedness, digits) = if let Some(d) = w.strip_prefix("si") {
        (Signedness::Signed, d)
    } else if let Some(d) = w.strip_prefix("ui") {
        (Signedness::Unsigned, d)
    } else {
        (Signedness::Signless, w.strip_prefix('i')?)
    };
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some((signedness, digits))
}

fn fail_many<T>(diags: Vec<Diagnostic>) -> ActionResult<T> {
    Err(lalrpop_util::ParseError::User { error: diags })
}

/// `%name` or `%name#N` as written at a use.
#[derive(Clone, Copy, Debug)]
pub struct UseRef {
    pub name: ValueName,
    pub index: u32,
    pub span: Span,
}

/// `%name` or `%name:N` as written in a result list.
#[derive(Clone, Copy, Debug)]
pub struct ResultDef {
    pub name: ValueName,
    pub count: u32,
    pub span: Span,
}

/// An attribute value before its optional `: type` suffix is applied.
#[derive(Clone, Debug)]
pub enum AttrSyntax<'a> {
    Done(AttrId),
    /// An integer literal: negated?, digits as written.
    Int(bool, &'a str),
    /// A float literal: negated?, digits as written.
    Float(bool, &'a str),
    /// A string literal's text between the quotes, escapes as written.
    Str(&'a str),
    /// A bare word: `true`, `unit`, a type keyword...
    Word(&'a str),
    /// `dense<...>` without its type yet; `None` for `dense<>`.
    Dense(Option<AttrId>),
    DenseResource(Sym),
}

/// An item inside `tensor<...>`, `vector<...>`, `memref<...>`, `complex<...>`, `tuple<...>`.
#[derive(Clone, Debug)]
pub enum TypeBodyItem {
    Shaped { dims: String, elem: TypeId, span: Span },
    Unranked { elem: TypeId },
    Attr { attr: AttrId, span: Span },
}

/// The trailing type of a tfg node or terminator.
#[derive(Clone, Debug)]
pub enum TrailingType {
    Function(Vec<TypeId>, Vec<TypeId>),
    List(Vec<TypeId>),
}

/// An operation before its results are bound.
#[derive(Clone, Debug, Default)]
pub struct OpParts {
    pub name: Option<Sym>,
    pub form: OpForm,
    pub operands: Vec<UseRef>,
    /// Expected type for each operand, where the syntax gives one (inline for up to four:
    /// no allocation for most ops).
    pub operand_types: SmallVec<[Option<TypeId>; 4]>,
    pub result_types: SmallVec<[TypeId; 4]>,
    pub attrs: SmallVec<[NamedAttr; 2]>,
    pub properties: Option<AttrId>,
    pub regions: SmallVec<[RegionId; 1]>,
    pub successors: Vec<(Sym, Span)>,
    /// For tfg.func in custom form: the entry block's arguments come from the signature.
    pub span: Span,
}

/// A pending use of an SSA name by operand `slot` of `op`.
#[derive(Clone, Copy, Debug)]
pub struct PendingUse {
    pub op: OpId,
    pub slot: u32,
    pub name: UseRef,
    pub expected: Option<TypeId>,
}

/// A `tfg.func` argument: `%name: type {attrs} loc(...)`.
#[derive(Clone, Debug)]
pub struct FuncArg {
    pub name: ValueName,
    pub ty: TypeId,
    pub attrs: Option<AttrId>,
    pub loc: Option<AttrId>,
    pub span: Span,
}

/// A block argument: `%name: type loc(...)`.
pub type BlockArgSyntax = (ValueName, TypeId, Option<AttrId>, Span);

/// The grammar's mutable state.
pub struct ParseCx<'t> {
    pub text: &'t str,
    pub module: Module,
    pub pending_uses: Vec<PendingUse>,
    pub pending_successors: Vec<(OpId, Vec<(Sym, Span)>)>,
    type_aliases: FxHashMap<Sym, TypeId>,
    attr_aliases: FxHashMap<Sym, AttrId>,
    /// Errors reported through recovery (parsing continues after them).
    pub errors: Vec<Diagnostic>,
    /// Byte offset where each op's text starts (for comment attachment), by op id.
    pub op_starts: Vec<(OpId, u32)>,
    /// Byte offset of the closing `}` of each block's region.
    pub block_ends: Vec<(BlockId, u32)>,
    known: KnownSyms,
    /// Reusable text buffer for building names.
    scratch: String,
    /// Types already built, by their exact text (`tensor<*xf32>`, `i32`, `!tf_type.control`).
    type_cache: FxHashMap<&'t str, TypeId>,
    /// `loc(#name)` uses read before `#name` was defined: placeholder, name, place.
    pub(super) forward_loc_aliases: Vec<(AttrId, Sym, Span)>,
    /// Parts of the text other threads parsed, in the order the grammar meets them
    /// (`syntax::parallel`).
    pub(super) parts: Option<std::sync::mpsc::Receiver<super::parallel::ParsedPart>>,
    /// Dictionary entries read before, by their text (`syntax::shapes`).
    pub(super) entry_memo: super::shapes::EntryMemo<'t>,
    /// Reused by [`dict_text`](Self::dict_text) to gather a dictionary's entries.
    pub(super) entry_buffer: Vec<NamedAttr>,
    /// Parsing a part for the parallel parser, whose context is imported into the main
    /// one before anything compares its symbols: string attribute values (an op's
    /// `_mlir_name`, different on every op) are stored without uniquing, and the import
    /// uniques them. The part's string index then holds only the strings that repeat.
    pub(super) part: bool,
}

/// Symbols the parser uses often, interned once.
pub struct KnownSyms {
    pub tfg_name: Sym,
    pub sym_name: Sym,
    pub function_type: Sym,
    pub arg_attrs: Sym,
    pub res_attrs: Sym,
    pub sym_visibility: Sym,
    pub generic: Sym,
    pub version: Sym,
    pub mlir_name: Sym,
    pub mlir_device: Sym,
    pub mlir_assigned_device: Sym,
    pub control: TypeId,
    pub tf_tensor: TypeId,
}

impl<'t> ParseCx<'t> {
    pub fn new(text: &'t str) -> Self {
        let mut module = Module::new(crate::ir::Context::new());
        let ctx = &mut module.ctx;
        let known = KnownSyms {
            tfg_name: ctx.sym("tfg.name"),
            sym_name: ctx.sym("sym_name"),
            function_type: ctx.sym("function_type"),
            arg_attrs: ctx.sym("arg_attrs"),
            res_attrs: ctx.sym("res_attrs"),
            sym_visibility: ctx.sym("sym_visibility"),
            generic: ctx.sym("generic"),
            version: ctx.sym("version"),
            mlir_name: ctx.sym("_mlir_name"),
            mlir_device: ctx.sym("_mlir_device"),
            mlir_assigned_device: ctx.sym("_mlir_assigned_device"),
            control: ctx.control_type(),
            tf_tensor: {
                let s = ctx.sym("tensor");
                ctx.ty(TypeData::TfSimple(s))
            },
        };
        ParseCx {
            text,
            module,
            pending_uses: Vec::new(),
            pending_successors: Vec::new(),
            type_aliases: FxHashMap::default(),
            attr_aliases: FxHashMap::default(),
            errors: Vec::new(),
            op_starts: Vec::new(),
            block_ends: Vec::new(),
            known,
            scratch: String::new(),
            type_cache: FxHashMap::default(),
            forward_loc_aliases: Vec::new(),
            parts: None,
            entry_memo: Default::default(),
            entry_buffer: Vec::new(),
            part: false,
        }
    }

    pub fn sym(&mut self, s: &str) -> Sym {
        self.module.ctx.sym(s)
    }

    pub fn value_name(&mut self, s: &str) -> ValueName {
        self.module.ctx.value_name(s)
    }

    fn type_text(&self, t: TypeId) -> String {
        crate::printer::type_to_string(&self.module.ctx, t)
    }

    // ------------------------------------------------------------------ names

    /// Sizes the tables and arenas for about `bytes` of op text at once (a worker's part),
    /// instead of growing them step by step: for one op per 200 bytes (TensorFlow's op
    /// lines are mostly longer; text of shorter ones grows the tables once or twice). The
    /// context's indexes are sized for a string and an attribute per four ops: they hold
    /// what repeats (an op's own name, a string value, is not in a part's index), and a
    /// small index stays in the cache.
    pub fn reserve_for(&mut self, bytes: usize) {
        let ops = bytes / 200;
        self.module.ctx.reserve(ops / 4, ops / 4);
        self.module.body.reserve(ops, ops * 2);
        self.pending_uses.reserve(ops * 2);
        self.op_starts.reserve(ops);
    }

    pub fn value_use(&mut self, text: &str, index: Option<&str>, l: usize, r: usize) -> ActionResult<UseRef> {
        let span = Span::new(l, r);
        let index = match index {
            None => 0,
            Some(h) => match h[1..].parse::<u32>() {
                Ok(i) => i,
                Err(_) => return fail(span, format!("expected result number after '{}', found '{}'", text, h)),
            },
        };
        Ok(UseRef { name: self.value_name(&text[1..]), index, span })
    }

    pub fn result_def(&mut self, text: &str, count: Option<&str>, l: usize, r: usize) -> ActionResult<ResultDef> {
        let span = Span::new(l, r);
        let count = match count {
            None => 1,
            Some(c) => match c.parse::<u32>() {
                Ok(n) if n > 0 => n,
                _ => return fail(span, "expected a positive result count after ':'"),
            },
        };
        Ok(ResultDef { name: self.value_name(&text[1..]), count, span })
    }

    // ------------------------------------------------------------------ parallel parsing

    /// The grammar met a part of the text another thread parsed: its ops go after `ops`.
    pub fn splice_part(&mut self, mut ops: Vec<OpId>) -> ActionResult<Vec<OpId>> {
        let part = self.parts.as_ref().and_then(|r| r.try_recv().ok());
        // The parallel parser falls back to a sequential parse on any error, so these
        // messages are never shown.
        let Some(part) = part else { return fail(Span::default(), "internal: no parsed part to splice") };
        if super::parallel::merge(self, part, &mut ops) {
            Ok(ops)
        } else {
            fail(Span::default(), "internal: parsed part cannot be spliced")
        }
    }

    /// Whether `#name` is defined as an attribute alias by now.
    pub fn has_attr_alias(&self, name: Sym) -> bool {
        self.attr_aliases.contains_key(&name)
    }

    // ------------------------------------------------------------------ aliases

    pub fn define_attr_alias(&mut self, name: &str, value: AttrId, l: usize, r: usize) -> ActionResult<()> {
        let span = Span::new(l, r);
        let sym = self.sym(&name[1..]);
        if self.attr_aliases.contains_key(&sym) {
            return fail(span, format!("redefinition of attribute alias id '{}'", &name[1..]));
        }
        self.attr_aliases.insert(sym, value);
        let after = self.module.body.last_op(self.module.top);
        self.module.aliases.push(AliasDef { name: sym, value: AliasValue::Attr(value), span, after });
        Ok(())
    }

    pub fn define_type_alias(&mut self, name: &str, value: TypeId, l: usize, r: usize) -> ActionResult<()> {
        let span = Span::new(l, r);
        let sym = self.sym(&name[1..]);
        if self.type_aliases.contains_key(&sym) {
            return fail(span, format!("redefinition of type alias id '{}'", &name[1..]));
        }
        self.type_aliases.insert(sym, value);
        let after = self.module.body.last_op(self.module.top);
        self.module.aliases.push(AliasDef { name: sym, value: AliasValue::Type(value), span, after });
        Ok(())
    }

    // ------------------------------------------------------------------ types

    /// A type written as one word: `i32`, `f32`, `index`, `none`, `si8`, `ui1`.
    pub fn word_type(&mut self, w: &'t str, l: usize, r: usize) -> ActionResult<TypeId> {
        if let Some(&t) = self.type_cache.get(w) {
            return Ok(t);
        }
        match self.try_word_type(w) {
            Some(t) => {
                self.type_cache.insert(w, t);
                Ok(t)
            }
            None => fail(Span::new(l, r), unknown_word_message(w, "expected non-function type")),
        }
    }

    /// A [`SimpleType`](super::lexer::Token::SimpleType) token: `tensor<2x?xf32>`,
    /// `vector<4xi8>`, `tensor<*x!tf_type.control>`.
    pub fn simple_type(&mut self, text: &'t str, l: usize, r: usize) -> ActionResult<TypeId> {
        if let Some(&t) = self.type_cache.get(text) {
            return Ok(t);
        }
        let span = Span::new(l, r);
        let open = text.find('<').unwrap_or(0);
        let container = &text[..open];
        let mut body = &text[open + 1..text.len() - 1];
        let mut dims = String::new();
        let mut unranked = false;
        if let Some(rest) = body.strip_prefix("*x") {
            unranked = true;
            body = rest;
        }
        loop {
            let n = body.bytes().take_while(|b| b.is_ascii_digit() || *b == b'?').count();
            if n > 0 && body.as_bytes().get(n) == Some(&b'x') {
                dims.push_str(&body[..=n]);
                body = &body[n + 1..];
            } else {
                break;
            }
        }
        let elem = if let Some(inner) = body.strip_prefix("complex<").and_then(|b| b.strip_suffix('>')) {
            let e = self.word_type(inner, l, r)?;
            self.module.ctx.ty(TypeData::Complex(e))
        } else if body.starts_with('!') {
            self.bang_type(body, false, l, r)?
        } else {
            // Errors point at the element type, as MLIR's do.
            let at = l + (text.len() - body.len()) - 1;
            self.word_type(body, at, at + body.len())?
        };
        let item = if unranked {
            TypeBodyItem::Unranked { elem }
        } else if dims.is_empty() {
            let attr = self.module.ctx.attr(AttrData::Type(elem));
            TypeBodyItem::Attr { attr, span }
        } else {
            TypeBodyItem::Shaped { dims, elem, span }
        };
        let t = self.builtin_type(container, vec![item], l, r)?;
        self.type_cache.insert(text, t);
        Ok(t)
    }

    /// A builtin type spelled as one word (`i32`, `f16`, `index`), if `w` is one.
    fn try_word_type(&mut self, w: &str) -> Option<TypeId> {
        let ctx = &mut self.module.ctx;
        let data = match w {
            "index" => TypeData::Index,
            "none" => TypeData::None,
            _ if FLOAT_TYPE_NAMES.contains(&w) => TypeData::Float(ctx.sym(w)),
            _ => {
                let (signedness, digits) = int_type_spelling(w)?;
                let width: u32 = digits.parse().ok().filter(|&w| w <= MAX_INT_WIDTH)?;
                TypeData::Integer { width, signedness }
            }
        };
        Some(ctx.ty(data))
    }

    /// `tensor<...>`, `vector<...>`, `memref<...>`, `complex<...>`, `tuple<...>`.
    pub fn builtin_type(&mut self, w: &str, items: Vec<TypeBodyItem>, l: usize, r: usize) -> ActionResult<TypeId> {
        let span = Span::new(l, r);
        let data = match w {
            "tensor" | "vector" | "memref" => {
                let mut it = items.into_iter();
                let first = it.next();
                let (shape, scalable, elem, ranked) = match first {
                    Some(TypeBodyItem::Shaped { dims, elem, span: s }) => {
                        let (shape, scalable) = self.parse_dims(&dims, s)?;
                        (shape, scalable, elem, true)
                    }
                    Some(TypeBodyItem::Unranked { elem }) => (vec![], vec![], elem, false),
                    Some(TypeBodyItem::Attr { attr, span: s }) => match self.module.ctx.attr_data(attr).clone() {
                        AttrData::Type(t) => (vec![], vec![], t, true),
                        // `tensor<0xf32>`: the lexer read `0xf32` as a hex integer.
                        AttrData::Int { spelling, ty: None } => {
                            let text = self.module.ctx.str(spelling).to_string();
                            match text.strip_prefix("0x").and_then(|e| self.try_word_type(e)) {
                                Some(elem) => (vec![0], vec![false], elem, true),
                                None => return fail(s, "expected element type"),
                            }
                        }
                        _ => return fail(s, "expected element type"),
                    },
                    None => return fail(span, "expected element type"),
                };
                let rest: Vec<AttrId> = it
                    .map(|i| match i {
                        TypeBodyItem::Attr { attr, .. } => Ok(attr),
                        TypeBodyItem::Shaped { span, .. } => Err(span),
                        TypeBodyItem::Unranked { .. } => Err(span),
                    })
                    .collect::<Result<_, _>>()
                    .or_else(|s| fail(s, "expected attribute"))?;
                self.check_element_type(w, elem, span)?;
                match w {
                    "tensor" => {
                        if scalable.iter().any(|&s| s) {
                            return fail(span, "scalable dimensions are only allowed in vector types");
                        }
                        if rest.len() > 1 {
                            return fail(span, "expected '>' after tensor encoding");
                        }
                        if ranked {
                            TypeData::RankedTensor { shape, elem, encoding: rest.first().copied() }
                        } else {
                            if !rest.is_empty() {
                                return fail(span, "unranked tensors cannot have an encoding");
                            }
                            TypeData::UnrankedTensor { elem }
                        }
                    }
                    "vector" => {
                        if !ranked || !rest.is_empty() {
                            return fail(span, "expected a static shape for vector type");
                        }
                        if shape.iter().any(|&d| d == DYNAMIC || d <= 0) {
                            return fail(span, "vector types must have positive constant sizes but got ".to_string() + &join_i64(&shape));
                        }
                        TypeData::Vector { shape, scalable, elem }
                    }
                    _ => {
                        if rest.len() > 2 {
                            return fail(span, "expected '>' after memref layout and memory space");
                        }
                        if ranked {
                            let (layout, space) = match rest.len() {
                                0 => (None, None),
                                1 => {
                                    // A lone integer or non-layout attribute is a memory space.
                                    if self.is_layout_attr(rest[0]) { (Some(rest[0]), None) } else { (None, Some(rest[0])) }
                                }
                                _ => (Some(rest[0]), Some(rest[1])),
                            };
                            TypeData::MemRef { shape, elem, layout, space }
                        } else {
                            TypeData::UnrankedMemRef { elem, space: rest.first().copied() }
                        }
                    }
                }
            }
            "complex" => {
                let [TypeBodyItem::Attr { attr, .. }] = items.as_slice() else {
                    return fail(span, "expected one element type in complex type");
                };
                let Some(elem) = self.attr_as_type(*attr) else {
                    return fail(span, "expected element type of complex type");
                };
                TypeData::Complex(elem)
            }
            "tuple" => {
                let mut elems = Vec::new();
                for item in items {
                    match item {
                        TypeBodyItem::Attr { attr, span } => match self.attr_as_type(attr) {
                            Some(t) => elems.push(t),
                            None => return fail(span, "expected type in tuple"),
                        },
                        _ => return fail(span, "expected type in tuple"),
                    }
                }
                TypeData::Tuple(elems)
            }
            _ => return fail(span, format!("expected non-function type, found '{}'", w)),
        };
        Ok(self.module.ctx.ty(data))
    }

    /// `tuple<>`, `tensor<>`: only tuple may be empty.
    pub fn empty_builtin_type(&mut self, w: &str, l: usize, r: usize) -> ActionResult<TypeId> {
        if w == "tuple" {
            return Ok(self.module.ctx.ty(TypeData::Tuple(vec![])));
        }
        fail(Span::new(l, r), "expected non-function type")
    }

    fn is_layout_attr(&self, a: AttrId) -> bool {
        match self.module.ctx.attr_data(self.module.ctx.resolved_attr(a)) {
            AttrData::Opaque(s) => {
                let t = self.module.ctx.str(*s);
                t.starts_with("affine_map") || t.starts_with("strided")
            }
            _ => false,
        }
    }

    fn attr_as_type(&self, a: AttrId) -> Option<TypeId> {
        match self.module.ctx.attr_data(a) {
            AttrData::Type(t) => Some(*t),
            _ => None,
        }
    }

    fn check_element_type(&self, container: &str, elem: TypeId, span: Span) -> ActionResult<()> {
        let ctx = &self.module.ctx;
        let bad = match ctx.type_data(ctx.resolved_type(elem)) {
            TypeData::Function { .. } | TypeData::None | TypeData::Tuple(_) if container != "memref" => true,
            TypeData::RankedTensor { .. } | TypeData::UnrankedTensor { .. } => true,
            TypeData::Vector { .. } if container == "vector" => true,
            TypeData::MemRef { .. } | TypeData::UnrankedMemRef { .. } => container != "memref",
            _ => false,
        };
        if bad {
            return fail(span, format!("invalid {} element type", container));
        }
        Ok(())
    }

    /// Splits `2x?x[4]x` into dimensions.
    fn parse_dims(&self, dims: &str, span: Span) -> ActionResult<(Vec<i64>, Vec<bool>)> {
        let mut shape = Vec::new();
        let mut scalable = Vec::new();
        for part in dims.split('x').filter(|p| !p.is_empty()) {
            if part == "?" {
                shape.push(DYNAMIC);
                scalable.push(false);
            } else if let Some(inner) = part.strip_prefix('[').and_then(|p| p.strip_suffix(']')) {
                match inner.parse::<i64>() {
                    Ok(n) => shape.push(n),
                    Err(_) => return fail(span, "invalid dimension"),
                }
                scalable.push(true);
            } else {
                match part.parse::<i64>() {
                    Ok(n) => shape.push(n),
                    Err(_) => return fail(span, "invalid dimension"),
                }
                scalable.push(false);
            }
        }
        Ok((shape, scalable))
    }

    /// A [`FunctionTypeText`](super::lexer::Token::FunctionTypeText) token: found by its
    /// text, or built from its simple types (each found by its own text).
    pub fn function_type_text(&mut self, text: &'t str, l: usize, r: usize) -> ActionResult<TypeId> {
        if let Some(&t) = self.type_cache.get(text) {
            return Ok(t);
        }
        let (inputs, results) = self.function_type_text_parts(text, l, r)?;
        let t = self.function_type(inputs, results);
        self.type_cache.insert(text, t);
        Ok(t)
    }

    /// The input and result types of a [`FunctionTypeText`](super::lexer::Token::FunctionTypeText)
    /// token, without interning the function type itself: an op's trailing `(ins) -> outs`
    /// only gives the types of its operands and results, and a large graph can have nearly
    /// as many distinct signatures as ops (each element type is still cached by its text).
    pub fn function_type_text_parts(&mut self, text: &'t str, l: usize, r: usize) -> ActionResult<(Vec<TypeId>, Vec<TypeId>)> {
        // The lexer guarantees the shape `( [S, ...] ) -> ( [S, ...] )` or `( [S, ...] ) -> S`,
        // where no S contains a parenthesis or a comma.
        let close = text.find(')').unwrap_or(text.len() - 1);
        let arrow = close + text[close..].find("->").unwrap_or(0);
        let inputs = self.simple_type_list(text, 1, close, l)?;
        let rest = arrow + 2 + (text.len() - arrow - 2 - text[arrow + 2..].trim_start().len());
        let results = if text[rest..].starts_with('(') {
            self.simple_type_list(text, rest + 1, text.len() - 1, l)?
        } else {
            vec![self.simple_type_item(&text[rest..], l + rest, r)?]
        };
        Ok((inputs, results))
    }

    /// The comma-separated simple types of `text[from..to]`; `at` is where `text` starts.
    fn simple_type_list(&mut self, text: &'t str, from: usize, to: usize, at: usize) -> ActionResult<Vec<TypeId>> {
        let mut types = Vec::new();
        let mut start = from;
        for piece in text[from..to].split(',') {
            let lead = piece.len() - piece.trim_start().len();
            let item = piece.trim();
            if !item.is_empty() {
                let l = at + start + lead;
                types.push(self.simple_type_item(&text[start + lead..start + lead + item.len()], l, l + item.len())?);
            }
            start += piece.len() + 1;
        }
        Ok(types)
    }

    /// One type of a [`FunctionTypeText`](super::lexer::Token::FunctionTypeText).
    fn simple_type_item(&mut self, text: &'t str, l: usize, r: usize) -> ActionResult<TypeId> {
        if text.ends_with('>') {
            self.simple_type(text, l, r)
        } else if text.starts_with('!') {
            self.bang_type(text, false, l, r)
        } else {
            self.word_type(text, l, r)
        }
    }

    /// `(ins) -> outs`.
    pub fn function_type(&mut self, inputs: Vec<TypeId>, results: Vec<TypeId>) -> TypeId {
        self.module.ctx.ty(TypeData::Function { inputs, results })
    }

    /// `!name`: an alias, a `!tf_type.*` type, or an unknown dialect type kept verbatim.
    pub fn bang_type(&mut self, text: &'t str, opaque: bool, l: usize, r: usize) -> ActionResult<TypeId> {
        if let Some(&t) = self.type_cache.get(text) {
            return Ok(t);
        }
        let t = self.bang_type_uncached(text, opaque, l, r)?;
        // Alias uses are not cached: their definition may not be read yet.
        if !matches!(self.module.ctx.type_data(t), TypeData::Alias { .. }) {
            self.type_cache.insert(text, t);
        }
        Ok(t)
    }

    fn bang_type_uncached(&mut self, text: &str, opaque: bool, l: usize, r: usize) -> ActionResult<TypeId> {
        let span = Span::new(l, r);
        let name = &text[1..];
        if opaque {
            let s = self.sym(text);
            return Ok(self.module.ctx.ty(TypeData::Opaque(s)));
        }
        if let Some(tf) = name.strip_prefix("tf_type.") {
            if TF_SIMPLE_TYPE_NAMES.contains(&tf) {
                let s = self.sym(tf);
                return Ok(self.module.ctx.ty(TypeData::TfSimple(s)));
            }
            // TensorFlow's wording, at the name after `!tf_type.`.
            return fail(Span::new(l + "!tf_type.".len(), r), format!("unknown type in TF graph dialect: {}", tf));
        }
        if !name.contains('.') {
            let sym = self.sym(name);
            return match self.type_aliases.get(&sym) {
                Some(&target) => Ok(self.module.ctx.ty(TypeData::Alias { name: sym, target })),
                None => fail(span, format!("undefined symbol alias id '{}'", name)),
            };
        }
        let s = self.sym(text);
        Ok(self.module.ctx.ty(TypeData::Opaque(s)))
    }

    /// `!tf_type.resource<subtypes>` / `!tf_type.variant<subtypes>`.
    pub fn tf_subtyped_type(&mut self, text: &str, subtypes: Vec<(TypeId, Span)>, l: usize, r: usize) -> ActionResult<TypeId> {
        let span = Span::new(l, r);
        let name = text.strip_prefix("!tf_type.").unwrap_or(&text[1..]);
        if name != "resource" && name != "variant" {
            return fail(span, format!("'{}' does not take type parameters", text));
        }
        let outer = format!("invalid {} type", name);
        for &(t, tspan) in &subtypes {
            let ctx = &self.module.ctx;
            let rt = ctx.resolved_type(t);
            let inner = match ctx.type_data(rt) {
                TypeData::RankedTensor { elem, .. } | TypeData::UnrankedTensor { elem } => {
                    let e = ctx.resolved_type(*elem);
                    if self.is_valid_tf_element(e) {
                        None
                    } else {
                        Some(format!("invalid subtype: '{}'", self.type_text(t)))
                    }
                }
                _ => Some("invalid kind of type specified".to_string()),
            };
            if let Some(msg) = inner {
                return fail_many(vec![Diagnostic::error(tspan, msg), Diagnostic::error(span, outer)]);
            }
        }
        let s = self.sym(name);
        let subtypes = subtypes.into_iter().map(|(t, _)| t).collect();
        Ok(self.module.ctx.ty(TypeData::TfWithSubtypes { name: s, subtypes }))
    }

    /// `!tf_type.variant<>`: MLIR reports the missing type and the bad outer type.
    pub fn tf_empty_subtypes(&mut self, text: &str, l: usize, r: usize, gt: usize) -> ActionResult<TypeId> {
        let name = text.strip_prefix("!tf_type.").unwrap_or(&text[1..]);
        fail_many(vec![
            Diagnostic::error(Span::new(gt, gt + 1), "expected non-function type"),
            Diagnostic::error(Span::new(l, r), format!("invalid {} type", name)),
        ])
    }

    fn is_valid_tf_element(&self, t: TypeId) -> bool {
        let ctx = &self.module.ctx;
        match ctx.type_data(t) {
            TypeData::Integer { .. } | TypeData::Float(_) | TypeData::Complex(_) | TypeData::Index => true,
            TypeData::TfSimple(_) | TypeData::TfWithSubtypes { .. } | TypeData::Opaque(_) => true,
            TypeData::Alias { target, .. } => self.is_valid_tf_element(*target),
            _ => false,
        }
    }

    // ------------------------------------------------------------------ attributes

    /// Combines an attribute value with its optional `: type`. An integer without a type is
    /// an `i64` (MLIR's rule), so it must fit 64 bits (as signless: up to 2^64-1).
    pub fn finish_attr(&mut self, v: AttrSyntax<'_>, ty: Option<TypeId>, l: usize, r: usize) -> ActionResult<AttrId> {
        if let (AttrSyntax::Int(neg, digits), None) = (&v, ty) {
            if !int_literal_fits(*neg, digits, 64, false) {
                return fail(self.digits_span(Span::new(l, r)), "integer constant out of range for attribute");
            }
        }
        self.finish_attr_unchecked(v, ty, l, r)
    }

    /// An element of a `dense<...>` literal: its range is checked against the element type
    /// once the literal's type is known ([`ParseCx::check_dense`]).
    pub fn element_attr(&mut self, v: AttrSyntax<'_>, l: usize, r: usize) -> ActionResult<AttrId> {
        self.finish_attr_unchecked(v, None, l, r)
    }

    fn finish_attr_unchecked(&mut self, v: AttrSyntax<'_>, ty: Option<TypeId>, l: usize, r: usize) -> ActionResult<AttrId> {
        let span = Span::new(l, r);
        if let Some(t) = ty {
            if matches!(self.module.ctx.type_data(t), TypeData::Function { .. }) && !matches!(v, AttrSyntax::Done(_)) {
                return fail(span, "expected '}' or ',' after the attribute value, found a function type (is a '}' missing?)");
            }
        }
        let data = match v {
            AttrSyntax::Done(a) => {
                let Some(t) = ty else { return Ok(a) };
                // A dialect attribute may take a trailing type (MLIR's extended attributes:
                // `#tf_type<tensor_proto : "0x..."> : tensor<!tf_type.variant>`); kept verbatim.
                let ctx = &mut self.module.ctx;
                match ctx.attr_data(a) {
                    AttrData::Opaque(s) if ctx.str(*s).starts_with('#') => {
                        let text = format!("{} : {}", ctx.str(*s), crate::printer::type_to_string(ctx, t));
                        let s = ctx.sym(&text);
                        return Ok(ctx.attr(AttrData::Opaque(s)));
                    }
                    _ => return fail(span, "unexpected ':' after attribute that takes no type"),
                }
            }
            AttrSyntax::Int(neg, digits) => {
                let spelling = self.signed_sym(neg, digits);
                if let Some(t) = ty {
                    let text = self.module.ctx.str(spelling).to_string();
                    self.check_int_fits(&text, t, self.digits_span(span))?;
                }
                AttrData::Int { spelling, ty }
            }
            AttrSyntax::Float(neg, digits) => {
                if let Some(t) = ty {
                    if !self.is_float_type(t) {
                        return fail(span, "floating point value not valid for specified type");
                    }
                }
                let spelling = self.signed_sym(neg, digits);
                AttrData::Float { spelling, ty }
            }
            AttrSyntax::Str(s) => {
                // In a part of a parallel parse, string values are left to the merge to
                // unique (see `ParseCx::part`).
                let spelling = if self.part { self.module.ctx.sym_unindexed(s) } else { self.sym(s) };
                AttrData::String { spelling, ty }
            }
            AttrSyntax::Word(w) => {
                match w {
                    "true" | "false" if ty.is_none() => AttrData::Bool(w == "true"),
                    "unit" if ty.is_none() => AttrData::Unit,
                    _ => match self.try_word_type(w) {
                        Some(t) if ty.is_none() => AttrData::Type(t),
                        _ => return fail(span, unknown_word_message(w, "expected attribute value")),
                    },
                }
            }
            AttrSyntax::Dense(value) => {
                let Some(t) = ty else {
                    return fail(span, "expected ':' followed by the type of a dense elements attribute");
                };
                // `dense<>` (no elements) is kept as a unit literal.
                let value = match value {
                    Some(v) => v,
                    None => self.module.ctx.unit_attr(),
                };
                self.check_dense(value, t, span)?;
                let value = self.dense_hex_for(value, t);
                AttrData::Dense { value, ty: t }
            }
            AttrSyntax::DenseResource(handle) => {
                let Some(t) = ty else {
                    return fail(span, "expected ':' followed by the type of a dense_resource attribute");
                };
                AttrData::DenseResource { handle, ty: t }
            }
        };
        Ok(self.module.ctx.attr(data))
    }

    /// The symbol for a literal's spelling, with its `-` sign if negated.
    fn signed_sym(&mut self, neg: bool, digits: &str) -> Sym {
        if !neg {
            return self.sym(digits);
        }
        self.joined_sym("-", digits)
    }

    /// The symbol for `prefix` followed by `rest`, built in a reused buffer.
    fn joined_sym(&mut self, prefix: &str, rest: &str) -> Sym {
        self.scratch.clear();
        self.scratch.push_str(prefix);
        self.scratch.push_str(rest);
        let text = std::mem::take(&mut self.scratch);
        let s = self.sym(&text);
        self.scratch = text;
        s
    }

    pub fn type_attr(&mut self, t: TypeId) -> AttrSyntax<'static> {
        AttrSyntax::Done(self.module.ctx.attr(AttrData::Type(t)))
    }

    pub fn attr(&mut self, data: AttrData) -> AttrId {
        self.module.ctx.attr(data)
    }

    pub fn named(&mut self, key: &str, value: Option<AttrId>) -> NamedAttr {
        let name = self.sym(key);
        let value = value.unwrap_or_else(|| self.module.ctx.unit_attr());
        NamedAttr::new(name, value)
    }

    /// `"key" = value`: the entry keeps the key's quoted spelling for the printer.
    pub fn quoted_named(&mut self, spelled: &str, value: Option<AttrId>) -> NamedAttr {
        let key = self.dict_key(spelled, true);
        let mut entry = self.named(&key, value);
        entry.quoted = Some(self.sym(&spelled[1..spelled.len() - 1]));
        entry
    }

    /// A dictionary key as written: bare, or quoted (unescaped).
    pub fn dict_key(&mut self, text: &str, quoted: bool) -> String {
        if quoted {
            String::from_utf8_lossy(&crate::ir::context::unescape_string(&text[1..text.len() - 1])).into_owned()
        } else {
            text.to_string()
        }
    }

    pub fn dict(&mut self, entries: Vec<NamedAttr>, l: usize, r: usize) -> ActionResult<AttrId> {
        check_duplicate_keys(&self.module.ctx, &entries, Span::new(l, r))?;
        Ok(self.module.ctx.attr(AttrData::Dict(entries)))
    }

    pub fn symbol_ref(&mut self, parts: Vec<&str>) -> AttrId {
        let parts = parts.into_iter().map(|p| self.module.ctx.sym(p)).collect();
        self.module.ctx.attr(AttrData::SymbolRef(parts))
    }

    /// `#name`: an alias use, or an unknown dialect attribute kept verbatim.
    pub fn hash_attr(&mut self, text: &str, opaque: bool, l: usize, r: usize) -> ActionResult<AttrId> {
        let span = Span::new(l, r);
        let name = &text[1..];
        if opaque || name.contains('.') {
            if !opaque && (name.starts_with("tf_type.") || name.starts_with("tfg.")) {
                return fail(span, format!("expected '<' after '{}'", text));
            }
            let s = self.sym(text);
            return Ok(self.module.ctx.attr(AttrData::Opaque(s)));
        }
        let sym = self.sym(name);
        match self.attr_aliases.get(&sym) {
            Some(&target) => Ok(self.module.ctx.attr(AttrData::Alias { name: sym, target })),
            None => fail(span, format!("undefined symbol alias id '{}'", name)),
        }
    }

    /// `#tf_type.version<producer = N, min_consumer = M, bad_consumers = [...]>` and other
    /// key/value-bodied tf attributes.
    pub fn tf_keyed_attr(&mut self, text: &str, entries: Vec<(String, AttrId, Span)>, l: usize, r: usize) -> ActionResult<AttrId> {
        let span = Span::new(l, r);
        if text != "#tf_type.version" {
            return fail(span, format!("unknown attribute '{}'", text));
        }
        let mut producer = None;
        let mut min_consumer = None;
        let mut bad_consumers = Vec::new();
        for (key, value, kspan) in entries {
            let ctx = &self.module.ctx;
            match key.as_str() {
                "producer" | "min_consumer" => {
                    let Some(v) = ctx.int_value(value).and_then(|v| i64::try_from(v).ok()) else {
                        return fail(kspan, format!("expected integer value for '{}'", key));
                    };
                    if key == "producer" { producer = Some(v) } else { min_consumer = Some(v) }
                }
                "bad_consumers" => match ctx.attr_data(value) {
                    AttrData::Array(items) => {
                        for &i in items {
                            match ctx.int_value(i).and_then(|v| i64::try_from(v).ok()) {
                                Some(v) => bad_consumers.push(v),
                                None => return fail(kspan, "expected integer list for 'bad_consumers'"),
                            }
                        }
                    }
                    _ => return fail(kspan, "expected integer list for 'bad_consumers'"),
                },
                _ => return fail(kspan, format!("unexpected key '{}' in tf_type version", key)),
            }
        }
        let Some(producer) = producer else { return fail(span, "expected 'producer' in tf_type version") };
        let Some(min_consumer) = min_consumer else { return fail(span, "expected 'min_consumer' in tf_type version") };
        Ok(self.module.ctx.attr(AttrData::TfVersion { producer, min_consumer, bad_consumers }))
    }

    /// `#tf_type.X<>`.
    pub fn tf_empty_attr(&mut self, text: &str, l: usize, r: usize) -> ActionResult<AttrId> {
        match text {
            "#tf_type.shape" => Ok(self.module.ctx.attr(AttrData::TfShape(Some(vec![])))),
            "#tf_type.version" => fail(Span::new(l, r), "expected 'producer' in tf_type version"),
            _ => fail(Span::new(l, r), format!("unexpected empty body for '{}'", text)),
        }
    }

    /// `#tf_type.shape<dims>`; `dims` is `None` for `*`.
    pub fn tf_shape_attr(&mut self, text: &str, dims: Option<String>, l: usize, r: usize) -> ActionResult<AttrId> {
        let span = Span::new(l, r);
        if text != "#tf_type.shape" {
            return fail(span, format!("unexpected shape body for '{}'", text));
        }
        let shape = match dims {
            None => None,
            Some(d) => {
                let mut full = d;
                full.push('x');
                Some(self.parse_dims(&full, span)?.0)
            }
        };
        Ok(self.module.ctx.attr(AttrData::TfShape(shape)))
    }

    /// `#tf_type.func<@sym, {attrs}>`.
    pub fn tf_func_attr(&mut self, text: &str, symbol: AttrId, attrs: AttrId, l: usize, r: usize) -> ActionResult<AttrId> {
        if text != "#tf_type.func" {
            return fail(Span::new(l, r), format!("unexpected symbol body for '{}'", text));
        }
        if !matches!(self.module.ctx.attr_data(attrs), AttrData::Dict(_)) {
            return fail(Span::new(l, r), "expected a dictionary of attributes in #tf_type.func");
        }
        Ok(self.module.ctx.attr(AttrData::TfFunc { symbol, attrs }))
    }

    /// `#tfg.region_attrs<{attrs} [arg dicts] [result dicts]>`.
    pub fn region_attrs(&mut self, text: &str, attrs: AttrId, args: Vec<AttrId>, results: Vec<AttrId>, l: usize, r: usize) -> ActionResult<AttrId> {
        if text != "#tfg.region_attrs" {
            return fail(Span::new(l, r), format!("unexpected body for '{}'", text));
        }
        Ok(self.module.ctx.attr(AttrData::TfgRegionAttrs { attrs, arg_attrs: args, res_attrs: results }))
    }

    pub fn opaque_attr(&mut self, text: &str) -> AttrId {
        let s = self.sym(text);
        self.module.ctx.attr(AttrData::Opaque(s))
    }

    /// `array<i64: 1, 2>`.
    pub fn dense_array(&mut self, elem: TypeId, values: Vec<(AttrSyntax<'_>, Span)>, l: usize, r: usize) -> ActionResult<AttrId> {
        let mut out = Vec::with_capacity(values.len());
        for (v, s) in values {
            let a = self.finish_attr_unchecked(v, None, s.start as usize, s.end as usize)?;
            if let AttrData::Int { spelling, .. } = self.module.ctx.attr_data(a) {
                let text = self.module.ctx.str(*spelling).to_string();
                self.check_int_fits(&text, elem, self.digits_span(s)).map_err(|e| match e {
                    // MLIR words it without "for attribute" inside `array<>`.
                    lalrpop_util::ParseError::User { mut error } => {
                        for d in &mut error {
                            if d.message == "integer constant out of range for attribute" {
                                d.message = "integer constant out of range".into();
                            }
                        }
                        lalrpop_util::ParseError::User { error }
                    }
                    e => e,
                })?;
            }
            out.push(a);
        }
        let _ = (l, r);
        Ok(self.module.ctx.attr(AttrData::DenseArray { elem, values: out }))
    }

    fn is_float_type(&self, t: TypeId) -> bool {
        let ctx = &self.module.ctx;
        matches!(ctx.type_data(ctx.resolved_type(t)), TypeData::Float(_))
    }

    /// Where the digits of an integer literal start: past a leading `-` and blanks (where
    /// mlir-opt points its integer errors).
    fn digits_span(&self, span: Span) -> Span {
        let text = self.text.get(span.start as usize..span.end as usize).unwrap_or("");
        match text.strip_prefix('-') {
            Some(rest) => Span::new(span.end as usize - rest.trim_start().len(), span.end as usize),
            None => span,
        }
    }

    /// Whether an integer literal is valid for `t` (MLIR's `buildAttributeAPInt` rules).
    fn check_int_fits(&self, spelling: &str, t: TypeId, span: Span) -> ActionResult<()> {
        let ctx = &self.module.ctx;
        let (width, signed) = match ctx.type_data(ctx.resolved_type(t)) {
            TypeData::Integer { width, signedness } => {
                if *signedness == Signedness::Unsigned && spelling.starts_with('-') {
                    return fail(span, "negative integer literal not valid for unsigned integer type");
                }
                (u64::from(*width), *signedness == Signedness::Signed)
            }
            TypeData::Index => (64, true),
            TypeData::Float(name) => {
                return if spelling.starts_with("-0x") {
                    fail(span, "hexadecimal float literal should not have a leading minus")
                } else if spelling.starts_with("0x") {
                    // MLIR: the literal's active bits must fit the type's width.
                    let width = crate::printer::float::float_sem(ctx.str(*name)).map_or(128, |s| u64::from(s.bits));
                    if int_literal_fits(false, spelling, width, false) {
                        Ok(())
                    } else {
                        fail(span, "hexadecimal float constant out of range for type")
                    }
                } else {
                    fail_many(vec![Diagnostic::error(span, "unexpected decimal integer literal for a floating point value")
                        .with_note(Some(span), "add a trailing dot to make the literal a float")])
                };
            }
            _ => return fail(span, "integer literal not valid for specified type"),
        };
        let (neg, digits) = match spelling.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, spelling),
        };
        if !int_literal_fits(neg, digits, width, signed) {
            return fail(span, "integer constant out of range for attribute");
        }
        Ok(())
    }

    /// A string inside `dense<...>`: hex spelled as MLIR prints it (`0x` and upper-case
    /// digits) is held as the bytes it denotes ([`AttrData::Hex`], the form importers and
    /// passes make, so equal data is one attribute), without interning its text; anything
    /// else is a string. [`ParseCx::dense_element`] and [`ParseCx::dense_hex_for`] turn the
    /// bytes back into the string where the literal turns out to be string elements.
    pub fn dense_string(&mut self, text: &str) -> AttrId {
        if crate::ir::hex::is_canonical_hex(text) {
            if let Some(raw) = crate::ir::hex::unhex(text) {
                return self.module.ctx.attr(AttrData::Hex(crate::ir::Blob::new(raw.into())));
            }
        }
        let spelling = self.sym(text);
        self.module.ctx.attr(AttrData::String { spelling, ty: None })
    }

    /// An element of a list or complex literal inside `dense<...>`: never raw data, so hex
    /// bytes are the string they were spelled as.
    pub fn dense_element(&mut self, a: AttrId) -> AttrId {
        let AttrData::Hex(raw) = self.module.ctx.attr_data(a) else { return a };
        let spelling = crate::ir::hex::hex(raw);
        let spelling = self.sym(&spelling);
        self.module.ctx.attr(AttrData::String { spelling, ty: None })
    }

    /// The whole literal of `dense<...> : ty`: hex bytes stay bytes when the elements are
    /// numbers; for other elements (strings) the hex is one string element.
    fn dense_hex_for(&mut self, value: AttrId, ty: TypeId) -> AttrId {
        let ctx = &self.module.ctx;
        if !matches!(ctx.attr_data(value), AttrData::Hex(_)) {
            return value;
        }
        let numeric = match ctx.type_data(ctx.resolved_type(ty)) {
            TypeData::RankedTensor { elem, .. } | TypeData::Vector { elem, .. } => {
                matches!(ctx.type_data(ctx.resolved_type(*elem)), TypeData::Integer { .. } | TypeData::Index | TypeData::Float(_) | TypeData::Complex(_))
            }
            _ => false,
        };
        if numeric {
            value
        } else {
            self.dense_element(value)
        }
    }

    /// Checks that a dense literal fits its shaped type.
    fn check_dense(&self, value: AttrId, ty: TypeId, span: Span) -> ActionResult<()> {
        let ctx = &self.module.ctx;
        let (shape, elem) = match ctx.type_data(ctx.resolved_type(ty)) {
            TypeData::RankedTensor { shape, elem, .. } | TypeData::Vector { shape, elem, .. } => (shape.clone(), *elem),
            _ => return fail(span, "elements literal must be a ranked tensor or vector type"),
        };
        if shape.contains(&DYNAMIC) {
            return fail(span, "elements literal type must have static shape");
        }
        // Hex string literals carry raw data; their length is checked by the consumer.
        if let AttrData::String { .. } | AttrData::Hex(_) = ctx.attr_data(value) {
            return Ok(());
        }
        if let AttrData::Unit = ctx.attr_data(value) {
            if shape.iter().product::<i64>() != 0 {
                return fail(span, format!("parsed zero elements, but type ({}) expected at least 1", join_i64(&shape)));
            }
            return Ok(());
        }
        let mut inferred = Vec::new();
        let mut cursor = value;
        while let AttrData::Array(items) = ctx.attr_data(cursor) {
            inferred.push(items.len() as i64);
            match items.first() {
                Some(&first) => cursor = first,
                None => break,
            }
        }
        let is_splat = inferred.is_empty();
        if !is_splat && inferred != shape {
            return fail(
                span,
                format!(
                    "inferred shape of elements literal ([{}]) does not match type ([{}])",
                    join_i64(&inferred),
                    join_i64(&shape)
                ),
            );
        }
        if !is_splat {
            self.check_dense_nesting(value, &shape, span)?;
        }
        self.check_dense_elements(value, elem, span)
    }

    fn check_dense_nesting(&self, value: AttrId, shape: &[i64], span: Span) -> ActionResult<()> {
        let ctx = &self.module.ctx;
        match (ctx.attr_data(value), shape.split_first()) {
            (AttrData::Array(items), Some((&n, rest))) => {
                if items.len() as i64 != n {
                    return fail(span, "tensor literal is invalid; ranks are not consistent between elements");
                }
                for &i in items {
                    self.check_dense_nesting(i, rest, span)?;
                }
                Ok(())
            }
            (AttrData::Array(_), None) => {
                fail(span, "tensor literal is invalid; ranks are not consistent between elements")
            }
            (_, Some(_)) => fail(span, "tensor literal is invalid; ranks are not consistent between elements"),
            (_, None) => Ok(()),
        }
    }

    fn check_dense_elements(&self, value: AttrId, elem: TypeId, span: Span) -> ActionResult<()> {
        let ctx = &self.module.ctx;
        match ctx.attr_data(value) {
            AttrData::Array(items) => {
                for &i in items {
                    self.check_dense_elements(i, elem, span)?;
                }
                Ok(())
            }
            AttrData::Int { spelling, .. } => {
                if self.is_float_type(elem) {
                    return self.check_int_fits(ctx.str(*spelling), elem, span);
                }
                match ctx.type_data(ctx.resolved_type(elem)) {
                    // MLIR words it "for type" inside `dense<>`.
                    TypeData::Integer { .. } | TypeData::Index => self.check_int_fits(ctx.str(*spelling), elem, span).map_err(|e| match e {
                        lalrpop_util::ParseError::User { mut error } => {
                            for d in &mut error {
                                if d.message == "integer constant out of range for attribute" {
                                    d.message = "integer constant out of range for type".into();
                                }
                            }
                            lalrpop_util::ParseError::User { error }
                        }
                        e => e,
                    }),
                    TypeData::Complex(_) => Ok(()),
                    _ => fail(span, "expected integer or floating point elements for this element type"),
                }
            }
            AttrData::Float { .. } => {
                if self.is_float_type(elem) || matches!(ctx.type_data(ctx.resolved_type(elem)), TypeData::Complex(_)) {
                    Ok(())
                } else {
                    fail(span, "expected integer elements, but parsed floating-point")
                }
            }
            AttrData::Bool(_) => match ctx.type_data(ctx.resolved_type(elem)) {
                TypeData::Integer { width: 1, .. } => Ok(()),
                _ => fail(span, "expected i1 type for 'true' or 'false' values"),
            },
            AttrData::ComplexLit(re, im) => match ctx.type_data(ctx.resolved_type(elem)) {
                TypeData::Complex(part) => {
                    self.check_dense_elements(*re, *part, span)?;
                    self.check_dense_elements(*im, *part, span)
                }
                _ => fail(span, "complex literal used with a non-complex element type"),
            },
            AttrData::String { .. } => Ok(()),
            _ => fail(span, "expected element literal"),
        }
    }

    // ------------------------------------------------------------------ locations

    pub fn loc(&mut self, l: Location) -> AttrId {
        self.module.ctx.attr(AttrData::Loc(l))
    }

    pub fn loc_file_line_col(&mut self, file: &str, line: &str, col: &str, l: usize, r: usize) -> ActionResult<AttrId> {
        let (Ok(line), Ok(col)) = (line.parse::<u32>(), col.parse::<u32>()) else {
            return fail(Span::new(l, r), "expected integer line and column number in location");
        };
        let file = self.sym(&file[1..file.len() - 1]);
        Ok(self.loc(Location::FileLineCol { file, line, col }))
    }

    /// `loc(#name)`: a location alias, which (unlike other aliases) may be defined later in
    /// the file, as mlir-opt prints them. Undefined ones get a placeholder fixed up after
    /// parsing by [`ParseCx::resolve_location_aliases`].
    pub fn loc_alias(&mut self, text: &str, l: usize, r: usize) -> ActionResult<AttrId> {
        let sym = self.sym(&text[1..]);
        if self.attr_aliases.contains_key(&sym) {
            return self.hash_attr(text, false, l, r);
        }
        let placeholder = self.opaque_attr(text);
        self.forward_loc_aliases.push((placeholder, sym, Span::new(l, r)));
        Ok(placeholder)
    }

    /// Replaces the placeholders of forward location aliases by the aliases, now defined.
    pub fn resolve_location_aliases(&mut self) -> Result<(), Vec<Diagnostic>> {
        if self.forward_loc_aliases.is_empty() {
            return Ok(());
        }
        let mut map: FxHashMap<AttrId, AttrId> = FxHashMap::default();
        let mut errors = Vec::new();
        for &(placeholder, name, span) in &self.forward_loc_aliases {
            match self.attr_aliases.get(&name) {
                Some(&target) => {
                    let alias = self.module.ctx.attr(AttrData::Alias { name, target });
                    map.insert(placeholder, alias);
                }
                None => errors.push(Diagnostic::error(span, format!("undefined symbol alias id '{}'", self.module.ctx.str(name)))),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut memo: FxHashMap<AttrId, AttrId> = map;
        for i in 0..self.module.body.op_capacity() {
            let op = crate::ir::OpId::new(i);
            if let Some(loc) = self.module.body.op(op).loc {
                let fixed = remap_loc(&mut self.module.ctx, loc, &mut memo);
                self.module.body.op_mut(op).loc = Some(fixed);
            }
        }
        for b in self.all_blocks() {
            for i in 0..self.module.body.block(b).arg_info.len() {
                if let Some(loc) = self.module.body.block(b).arg_info[i].loc {
                    let fixed = remap_loc(&mut self.module.ctx, loc, &mut memo);
                    self.module.body.block_mut(b).arg_info[i].loc = Some(fixed);
                }
            }
        }
        Ok(())
    }

    fn all_blocks(&self) -> Vec<BlockId> {
        let body = &self.module.body;
        let mut out = Vec::new();
        let mut stack = vec![self.module.top];
        while let Some(b) = stack.pop() {
            out.push(b);
            for op in body.block_ops(b) {
                for &r in &body.op(op).regions {
                    stack.extend(body.region(r).blocks.iter().copied());
                }
            }
        }
        out
    }

    pub fn loc_word(&mut self, w: &str, l: usize, r: usize) -> ActionResult<AttrId> {
        if w == "unknown" {
            return Ok(self.loc(Location::Unknown));
        }
        fail(Span::new(l, r), format!("expected location instance, found '{}'", w))
    }

    pub fn loc_callsite(&mut self, kw: &str, callee: AttrId, at: &str, caller: AttrId, l: usize, r: usize) -> ActionResult<AttrId> {
        if kw != "callsite" || at != "at" {
            return fail(Span::new(l, r), "expected 'callsite(<callee> at <caller>)'");
        }
        Ok(self.loc(Location::CallSite { callee, caller }))
    }

    pub fn loc_fused(&mut self, kw: &str, metadata: Option<AttrId>, locs: Vec<AttrId>, l: usize, r: usize) -> ActionResult<AttrId> {
        if kw != "fused" {
            return fail(Span::new(l, r), format!("expected location instance, found '{}'", kw));
        }
        Ok(self.loc(Location::Fused { metadata, locs }))
    }

    // ------------------------------------------------------------------ ops

    /// Creates the op from its parts and binds its results to the names written.
    pub fn finish_op(&mut self, results: Vec<ResultDef>, mut parts: Box<OpParts>, loc: Option<AttrId>, l: usize, r: usize) -> ActionResult<OpId> {
        let span = Span::new(l, r);
        let provided: u32 = results.iter().map(|d| d.count).sum();
        if !results.is_empty() && parts.result_types.is_empty() {
            return fail(span, "cannot name an operation with no results");
        }
        if !results.is_empty() && provided as usize != parts.result_types.len() {
            return fail(
                span,
                format!(
                    "operation defines {} results but was provided {} to bind",
                    parts.result_types.len(),
                    provided
                ),
            );
        }
        let result_names: SmallVec<[ResultGroup; 2]> =
            results.iter().map(|d| ResultGroup { name: Some(d.name), count: d.count }).collect();
        let name = parts.name.unwrap_or_else(|| self.module.ctx.sym("<unnamed>"));
        let spec = OpSpec {
            name: Some(name),
            result_types: std::mem::take(&mut parts.result_types),
            result_names,
            attrs: std::mem::take(&mut parts.attrs),
            properties: parts.properties,
            regions: std::mem::take(&mut parts.regions),
            loc,
            form: parts.form,
            span,
        };
        let op = self.module.body.create_op(spec, name);
        for (slot, u) in parts.operands.iter().enumerate() {
            let expected = parts.operand_types.get(slot).copied().flatten();
            self.pending_uses.push(PendingUse { op, slot: slot as u32, name: *u, expected });
        }
        if !parts.successors.is_empty() {
            self.pending_successors.push((op, std::mem::take(&mut parts.successors)));
        }
        self.op_starts.push((op, l as u32));
        Ok(op)
    }

    /// A block from its label, arguments and ops.
    pub fn block(&mut self, label: Option<&str>, args: Vec<BlockArgSyntax>, ops: Vec<OpId>, l: usize, r: usize) -> BlockId {
        let block = self.module.body.create_block(Span::new(l, r));
        if let Some(label) = label {
            let s = self.sym(&label[1..]);
            self.module.body.block_mut(block).label = Some(s);
        }
        for (name, ty, loc, span) in args {
            let info = crate::ir::body::BlockArgInfo { name: Some(name), loc, span };
            self.module.body.add_block_arg(block, ty, info);
        }
        self.module.body.append_ops(block, &ops);
        block
    }

    /// A region `{ ... }`: `entry` holds the ops before the first label.
    pub fn region(&mut self, entry: Vec<OpId>, labeled: Vec<BlockId>, l: usize, r: usize) -> RegionId {
        let mut blocks = Vec::with_capacity(labeled.len() + 1);
        if !entry.is_empty() {
            let b = self.block(None, vec![], entry, l, l);
            blocks.push(b);
        }
        blocks.extend(labeled);
        if let Some(&last) = blocks.last() {
            self.block_ends.push((last, (r as u32).saturating_sub(1)));
        }
        self.module.body.create_region(blocks, Span::new(l, r))
    }

    /// The control result type, for node forms.
    pub fn control(&self) -> TypeId {
        self.known.control
    }

    pub fn known(&self) -> &KnownSyms {
        &self.known
    }

    /// The tfg node form: `Op(%a, %b) [%c] device("d") name("n") {attrs} : (ins) -> (outs)`.
    #[allow(clippy::too_many_arguments)]
    pub fn node_op(
        &mut self,
        name: &str,
        data: Vec<UseRef>,
        ctls: Vec<UseRef>,
        clauses: Vec<(&str, String, Span)>,
        attrs: Vec<NamedAttr>,
        ty: Option<TrailingType>,
        l: usize,
        r: usize,
    ) -> ActionResult<Box<OpParts>> {
        let span = Span::new(l, r);
        let op_name = self.prefixed_op_name(name);
        let (ins, outs) = self.split_trailing(ty, data.len(), span)?;
        let mut parts = OpParts { name: Some(op_name), span, ..Default::default() };
        parts.attrs = self.clause_attrs(clauses)?;
        parts.attrs.extend(attrs);
        check_duplicate_keys(&self.module.ctx, &parts.attrs, span)?;
        self.push_operands(&mut parts, data, ins);
        self.push_ctl_operands(&mut parts, ctls);
        parts.result_types = outs.into();
        parts.result_types.push(self.known.control);
        Ok(Box::new(parts))
    }

    /// The full name of a node-form op: names without a dialect get `tfg.`.
    fn prefixed_op_name(&mut self, name: &str) -> Sym {
        if name.contains('.') {
            return self.sym(name);
        }
        self.joined_sym("tfg.", name)
    }

    /// `device("..")`, `assigned_device("..")`, `name("..")` become the `_mlir_*` attributes.
    /// tfg's parser reads them in that order, each at most once, and so does this one.
    pub fn clause_attrs(&mut self, clauses: Vec<(&str, String, Span)>) -> ActionResult<SmallVec<[NamedAttr; 2]>> {
        const ORDER: [&str; 3] = ["device", "assigned_device", "name"];
        let rank = |kw: &str| ORDER.iter().position(|k| *k == kw).unwrap_or(ORDER.len());
        for pair in clauses.windows(2) {
            let ((a, _, _), (b, _, span)) = (&pair[0], &pair[1]);
            if rank(b) == rank(a) {
                return fail(*span, format!("'{}(...)' is given twice", b));
            }
            if rank(b) < rank(a) {
                return fail(*span, format!("'{}(...)' must come before '{}(...)' (tfg reads device, assigned_device, name in that order)", b, a));
            }
        }
        let mut out = SmallVec::new();
        for (kw, spelling, _span) in clauses {
            let key = match kw {
                "device" => self.known.mlir_device,
                "assigned_device" => self.known.mlir_assigned_device,
                _ => self.known.mlir_name,
            };
            let s = self.sym(&spelling);
            let value = self.module.ctx.attr(AttrData::String { spelling: s, ty: None });
            out.push(NamedAttr::new(key, value));
        }
        Ok(out)
    }

    fn split_trailing(&self, ty: Option<TrailingType>, n_data: usize, span: Span) -> ActionResult<(Vec<TypeId>, Vec<TypeId>)> {
        let (ins, outs) = match ty {
            None => (vec![], vec![]),
            Some(TrailingType::Function(i, o)) => (i, o),
            Some(TrailingType::List(i)) => (i, vec![]),
        };
        if ins.len() != n_data {
            return fail(span, format!("expected {} operand type(s) but got {}", n_data, ins.len()));
        }
        Ok((ins, outs))
    }

    pub fn push_operands(&self, parts: &mut OpParts, uses: Vec<UseRef>, types: Vec<TypeId>) {
        for (u, t) in uses.into_iter().zip(types) {
            parts.operands.push(u);
            parts.operand_types.push(Some(t));
        }
    }

    pub fn push_ctl_operands(&self, parts: &mut OpParts, ctls: Vec<UseRef>) {
        for u in ctls {
            parts.operands.push(u);
            parts.operand_types.push(Some(self.known.control));
        }
    }

    /// `"dialect.op"(%a) [^succ] ({regions}) <{props}> {attrs} : (ins) -> outs`.
    #[allow(clippy::too_many_arguments)]
    pub fn generic_op(
        &mut self,
        name: &str,
        operands: Vec<UseRef>,
        successors: Vec<(&str, Span)>,
        regions: Vec<RegionId>,
        properties: Option<Vec<NamedAttr>>,
        attrs: Vec<NamedAttr>,
        (inputs, results): (Vec<TypeId>, Vec<TypeId>),
        l: usize,
        r: usize,
    ) -> ActionResult<Box<OpParts>> {
        let properties = match properties {
            Some(p) => Some(self.dict(p, l, r)?),
            None => None,
        };
        let span = Span::new(l, r);
        if inputs.len() != operands.len() {
            return fail(span, format!("expected {} operand type(s) but had {}", operands.len(), inputs.len()));
        }
        let operand_types: SmallVec<[Option<TypeId>; 4]> = inputs.iter().map(|&t| Some(t)).collect();
        let outs = SmallVec::<[TypeId; 4]>::from_vec(results);
        let quoted = &name[1..name.len() - 1];
        if quoted.is_empty() {
            return fail(span, "empty operation name is invalid");
        }
        let op_name = if quoted.contains('\\') {
            let text = String::from_utf8_lossy(&crate::ir::context::unescape_string(quoted)).into_owned();
            self.sym(&text)
        } else {
            self.sym(quoted)
        };
        let mut parts = OpParts { name: Some(op_name), form: OpForm::Generic, span, ..Default::default() };
        check_duplicate_keys(&self.module.ctx, &attrs, span)?;
        // `from_vec` keeps the vector's buffer when it does not fit inline (no copy): the
        // dictionary rules give vectors of the exact size.
        parts.attrs = SmallVec::from_vec(attrs);
        parts.properties = match properties {
            None => None,
            Some(_) => {
                // tfg's operandSegmentSizes, when it says what the operands already say.
                let name = self.module.ctx.str(op_name).to_string();
                let ins: Vec<TypeId> = operand_types.iter().flatten().copied().collect();
                crate::printer::segments::drop_implied_segments(&mut self.module.ctx, &name, properties, &ins)
                    .or_else(|msg| fail(span, msg))?
            }
        };
        parts.regions = regions.into_iter().collect();
        parts.successors = successors.into_iter().map(|(s, sp)| (self.module.ctx.sym(&s[1..]), sp)).collect();
        parts.operands = operands;
        parts.operand_types = operand_types;
        parts.result_types = outs;
        Ok(Box::new(parts))
    }

    /// `return(...)`, `yield(...)` in custom form.
    pub fn terminator(&mut self, name: &str, data: Vec<UseRef>, ctls: Vec<UseRef>, attrs: Vec<NamedAttr>, ty: Option<TrailingType>, l: usize, r: usize) -> ActionResult<Box<OpParts>> {
        let span = Span::new(l, r);
        let (ins, outs) = self.split_trailing(ty, data.len(), span)?;
        if !outs.is_empty() {
            return fail(span, format!("'{}' has no results", name));
        }
        let mut parts = OpParts { name: Some(self.sym(name)), span, ..Default::default() };
        check_duplicate_keys(&self.module.ctx, &attrs, span)?;
        parts.attrs = attrs.into_iter().collect();
        self.push_operands(&mut parts, data, ins);
        self.push_ctl_operands(&mut parts, ctls);
        Ok(Box::new(parts))
    }

    /// `return(%a) [%c {attrs}] device("..") {attrs} : types`; the control operands' attribute
    /// dictionaries become `control_ret_attrs`, as tfg stores them.
    #[allow(clippy::too_many_arguments)]
    pub fn return_op(
        &mut self,
        data: Vec<UseRef>,
        ctls: Vec<(UseRef, Option<AttrId>)>,
        clauses: Vec<(&str, String, Span)>,
        attrs: Vec<NamedAttr>,
        ty: Option<TrailingType>,
        l: usize,
        r: usize,
    ) -> ActionResult<Box<OpParts>> {
        let empty = self.module.ctx.attr(AttrData::Dict(vec![]));
        let ret_attrs: Vec<AttrId> = ctls.iter().map(|(_, a)| a.unwrap_or(empty)).collect();
        let mut all = self.clause_attrs(clauses)?.into_vec();
        all.extend(attrs);
        let key = self.sym("control_ret_attrs");
        if !all.iter().any(|a| a.name == key) {
            let value = self.module.ctx.attr(AttrData::Array(ret_attrs));
            all.push(NamedAttr::new(key, value));
        }
        let ctl_uses = ctls.into_iter().map(|(u, _)| u).collect();
        self.terminator("tfg.return", data, ctl_uses, all, ty, l, r)
    }

    /// `condition %c : t (%args) [%ctls] {attrs} : types`.
    #[allow(clippy::too_many_arguments)]
    pub fn condition(&mut self, cond: UseRef, cond_ty: TypeId, args: Vec<UseRef>, ctls: Vec<UseRef>, attrs: Vec<NamedAttr>, arg_types: Vec<TypeId>, l: usize, r: usize) -> ActionResult<Box<OpParts>> {
        let span = Span::new(l, r);
        if arg_types.len() != args.len() {
            return fail(span, format!("expected {} argument type(s) but got {}", args.len(), arg_types.len()));
        }
        let mut parts = OpParts { name: Some(self.sym("tfg.condition")), span, ..Default::default() };
        parts.attrs = attrs.into_iter().collect();
        self.push_operands(&mut parts, vec![cond], vec![cond_ty]);
        self.push_operands(&mut parts, args, arg_types);
        self.push_ctl_operands(&mut parts, ctls);
        Ok(Box::new(parts))
    }

    /// `get_result(%v) "name" : N`.
    pub fn get_result(&mut self, value: UseRef, port: &str, number: &str, l: usize, r: usize) -> ActionResult<Box<OpParts>> {
        let span = Span::new(l, r);
        let Ok(n) = number.parse::<i32>() else { return fail(span, "expected a 32-bit result number") };
        let mut parts = OpParts { name: Some(self.sym("tfg.get_result")), span, ..Default::default() };
        let port_sym = self.sym(&port[1..port.len() - 1]);
        let name_key = self.sym("name");
        let number_key = self.sym("number");
        let port_attr = self.module.ctx.attr(AttrData::String { spelling: port_sym, ty: None });
        let i32_ty = self.module.ctx.ty(TypeData::Integer { width: 32, signedness: Signedness::Signless });
        let num_spelling = self.sym(&n.to_string());
        let num_attr = self.module.ctx.attr(AttrData::Int { spelling: num_spelling, ty: Some(i32_ty) });
        parts.attrs.push(NamedAttr::new(name_key, port_attr));
        parts.attrs.push(NamedAttr::new(number_key, num_attr));
        // The operand is an opaque `!tf_type.tensor` (get_result appears in generic functions).
        let tensor = self.known.tf_tensor;
        self.push_operands(&mut parts, vec![value], vec![tensor]);
        parts.result_types = smallvec::smallvec![tensor];
        Ok(Box::new(parts))
    }

    /// The region ops (`IfRegion`, `CaseRegion`, `WhileRegion`, `ForRegion` and variants).
    #[allow(clippy::too_many_arguments)]
    pub fn region_op(
        &mut self,
        keyword: &str,
        typed: Vec<UseRef>,
        untyped: Vec<UseRef>,
        ctls: Vec<UseRef>,
        regions: Vec<RegionId>,
        attrs: Vec<NamedAttr>,
        ty: Option<TrailingType>,
        l: usize,
        r: usize,
    ) -> ActionResult<Box<OpParts>> {
        let span = Span::new(l, r);
        let full = if keyword.starts_with("tfg.") { keyword.to_string() } else { format!("tfg.{}", keyword) };
        let is_loop = keyword.ends_with("WhileRegion") || keyword.ends_with("ForRegion");
        let (ins, outs) = match ty {
            None => (vec![], vec![]),
            Some(TrailingType::Function(i, o)) => (i, o),
            // `: t1, t2` on a loop gives the loop-carried types, in and out.
            Some(TrailingType::List(t)) if is_loop => (t.clone(), t),
            Some(TrailingType::List(t)) => (vec![], t),
        };
        // A full function type on ForRegion also types the start/limit/delta operands.
        let (untyped_types, typed_types): (Vec<Option<TypeId>>, Vec<TypeId>) =
            if ins.len() == untyped.len() + typed.len() {
                let (a, b) = ins.split_at(untyped.len());
                (a.iter().map(|&t| Some(t)).collect(), b.to_vec())
            } else if ins.len() == typed.len() {
                (vec![None; untyped.len()], ins)
            } else {
                return fail(span, format!("expected {} operand type(s) but got {}", typed.len(), ins.len()));
            };
        let mut parts = OpParts { name: Some(self.sym(&full)), span, ..Default::default() };
        check_duplicate_keys(&self.module.ctx, &attrs, span)?;
        parts.attrs = attrs.into_iter().collect();
        for (u, t) in untyped.into_iter().zip(untyped_types) {
            parts.operands.push(u);
            parts.operand_types.push(t);
        }
        self.push_operands(&mut parts, typed, typed_types);
        self.push_ctl_operands(&mut parts, ctls);
        parts.regions = regions.into_iter().collect();
        parts.result_types = outs.into();
        parts.result_types.push(self.known.control);
        Ok(Box::new(parts))
    }

    /// `tfg.graph #version { body }`.
    pub fn graph_op(&mut self, version: Option<AttrId>, region: RegionId, l: usize, r: usize) -> ActionResult<Box<OpParts>> {
        let span = Span::new(l, r);
        let Some(version) = version else { return fail(span, "invalid kind of attribute specified") };
        if !matches!(self.module.ctx.attr_data(self.module.ctx.resolved_attr(version)), AttrData::TfVersion { .. }) {
            return fail(span, "invalid kind of attribute specified");
        }
        self.ensure_entry_block(region);
        let mut parts = OpParts { name: Some(self.sym("tfg.graph")), span, ..Default::default() };
        parts.attrs.push(NamedAttr::new(self.known.version, version));
        parts.regions.push(region);
        Ok(Box::new(parts))
    }

    pub(super) fn ensure_entry_block(&mut self, region: RegionId) -> BlockId {
        if let Some(&b) = self.module.body.region(region).blocks.first() {
            return b;
        }
        let span = self.module.body.region(region).span;
        let b = self.module.body.create_block(Span::new(span.start as usize + 1, span.start as usize + 1));
        self.module.body.append_block(region, b);
        self.block_ends.push((b, span.end.saturating_sub(1)));
        b
    }

    /// `tfg.func [generic] [private] @name(args) -> (results) attributes {...} { body }`.
    #[allow(clippy::too_many_arguments)]
    pub fn func_op(
        &mut self,
        words: Vec<(&str, Span)>,
        name: &str,
        args: Vec<FuncArg>,
        results: Vec<(TypeId, Option<AttrId>)>,
        attrs: Vec<NamedAttr>,
        region: RegionId,
        l: usize,
        r: usize,
    ) -> ActionResult<Box<OpParts>> {
        let span = Span::new(l, r);
        let mut generic = false;
        let mut visibility = None;
        for (w, s) in words {
            match w {
                "generic" if !generic => generic = true,
                "private" | "public" | "nested" if visibility.is_none() => visibility = Some(w),
                _ => return fail(s, format!("unexpected '{}' in function header", w)),
            }
        }
        // Entry block arguments: each data argument and its `.ctl` token.
        let entry = self.ensure_entry_block(region);
        if !self.module.body.block(entry).args.is_empty() || self.module.body.block(entry).label.is_some() {
            return fail(span, "a function body in custom form takes its arguments from the signature; expected no block label");
        }
        let control = self.known.control;
        let mut arg_attr_list = Vec::new();
        let mut input_types = Vec::new();
        let empty_dict = self.module.ctx.attr(AttrData::Dict(vec![]));
        for a in &args {
            let ctl_name = format!("{}.ctl", self.module.ctx.value_name_text(a.name));
            let ctl_sym = self.value_name(&ctl_name);
            let info = crate::ir::body::BlockArgInfo { name: Some(a.name), loc: a.loc, span: a.span };
            self.module.body.add_block_arg(entry, a.ty, info);
            let info = crate::ir::body::BlockArgInfo { name: Some(ctl_sym), loc: None, span: a.span };
            self.module.body.add_block_arg(entry, control, info);
            input_types.push(a.ty);
            input_types.push(control);
            arg_attr_list.push(a.attrs.unwrap_or(empty_dict));
            arg_attr_list.push(empty_dict);
        }
        let mut res_attr_list = Vec::new();
        let mut result_types = Vec::new();
        for (t, a) in &results {
            result_types.push(*t);
            res_attr_list.push(a.unwrap_or(empty_dict));
        }
        let fn_ty = self.function_type(input_types, result_types);
        let mut parts = OpParts { name: Some(self.sym("tfg.func")), span, ..Default::default() };
        let name_text = name.strip_prefix('@').unwrap_or(name);
        let name_text = if name_text.starts_with('"') {
            String::from_utf8_lossy(&crate::ir::context::unescape_string(&name_text[1..name_text.len() - 1])).into_owned()
        } else {
            name_text.to_string()
        };
        let sym_name = self.module.ctx.string_attr(&name_text);
        parts.attrs.push(NamedAttr::new(self.known.sym_name, sym_name));
        if generic {
            let unit = self.module.ctx.unit_attr();
            parts.attrs.push(NamedAttr::new(self.known.generic, unit));
        }
        if let Some(v) = visibility {
            let va = self.module.ctx.string_attr(v);
            parts.attrs.push(NamedAttr::new(self.known.sym_visibility, va));
        }
        let fn_attr = self.module.ctx.attr(AttrData::Type(fn_ty));
        parts.attrs.push(NamedAttr::new(self.known.function_type, fn_attr));
        parts.attrs.extend(attrs);
        // Like tfg's parser, always record per-argument and per-result dictionaries.
        let a = self.module.ctx.attr(AttrData::Array(arg_attr_list));
        parts.attrs.push(NamedAttr::new(self.known.arg_attrs, a));
        let a = self.module.ctx.attr(AttrData::Array(res_attr_list));
        parts.attrs.push(NamedAttr::new(self.known.res_attrs, a));
        check_duplicate_keys(&self.module.ctx, &parts.attrs, span)?;
        parts.regions.push(region);
        Ok(Box::new(parts))
    }

    /// `module [@name] [attributes {...}] { body }`.
    pub fn module_op(&mut self, name: Option<&str>, attrs: Vec<NamedAttr>, region: RegionId, l: usize, r: usize) -> ActionResult<Box<OpParts>> {
        let span = Span::new(l, r);
        self.ensure_entry_block(region);
        let mut parts = OpParts { name: Some(self.sym("builtin.module")), span, ..Default::default() };
        if let Some(n) = name {
            let text = &n[1..];
            let a = self.module.ctx.string_attr(text);
            parts.attrs.push(NamedAttr::new(self.known.sym_name, a));
        }
        parts.attrs.extend(attrs);
        check_duplicate_keys(&self.module.ctx, &parts.attrs, span)?;
        parts.regions.push(region);
        Ok(Box::new(parts))
    }
}

/// Rebuilds a location with forward-alias placeholders replaced (memoized by id).
fn remap_loc(ctx: &mut crate::ir::Context, a: AttrId, memo: &mut FxHashMap<AttrId, AttrId>) -> AttrId {
    if let Some(&m) = memo.get(&a) {
        return m;
    }
    let data = ctx.attr_data(a).clone();
    let fixed = match data {
        AttrData::Loc(Location::Name { name, child: Some(c) }) => {
            let c = remap_loc(ctx, c, memo);
            ctx.attr(AttrData::Loc(Location::Name { name, child: Some(c) }))
        }
        AttrData::Loc(Location::CallSite { callee, caller }) => {
            let callee = remap_loc(ctx, callee, memo);
            let caller = remap_loc(ctx, caller, memo);
            ctx.attr(AttrData::Loc(Location::CallSite { callee, caller }))
        }
        AttrData::Loc(Location::Fused { metadata, locs }) => {
            let locs = locs.into_iter().map(|l| remap_loc(ctx, l, memo)).collect();
            ctx.attr(AttrData::Loc(Location::Fused { metadata, locs }))
        }
        _ => a,
    };
    memo.insert(a, fixed);
    fixed
}

fn join_i64(v: &[i64]) -> String {
    v.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
}

pub(super) fn check_duplicate_keys(ctx: &crate::ir::Context, entries: &[NamedAttr], span: Span) -> ActionResult<()> {
    // The first repeated key in written order, as a set of seen keys would find it. Ops
    // have a handful of attributes: comparing pairs is cheaper than hashing into a set.
    let repeated = if entries.len() <= 32 {
        (1..entries.len()).find(|&i| entries[..i].iter().any(|e| e.name == entries[i].name))
    } else {
        let mut seen = rustc_hash::FxHashSet::default();
        entries.iter().position(|e| !seen.insert(e.name))
    };
    match repeated {
        Some(i) => fail(span, format!("attribute '{}' occurs more than once in the attribute list", ctx.str(entries[i].name))),
        None => Ok(()),
    }
}

/// Whether the integer literal `digits` (decimal or `0x` hex, without its sign), negated if
/// `neg`, fits `width` bits by MLIR's `buildAttributeAPInt` rules: signless and unsigned up to
/// 2^width-1, signed (and index) up to 2^(width-1)-1, negative down to -2^(width-1).
/// Literals with too many significant digits are rejected before any arithmetic, so a
/// literal of a million digits costs one scan.
pub(crate) fn int_literal_fits(neg: bool, digits: &str, width: u64, signed: bool) -> bool {
    let (hex, body) = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        Some(h) => (true, h),
        None => (false, digits),
    };
    let significant = body.trim_start_matches('0');
    // Fast path: a nonzero value of at most 18 decimal or 15 hex digits (< 2^60) fits any
    // width of 64 or more (`-0` does not: MLIR's negated zero has no sign bit).
    let short = if hex { significant.len() <= 15 } else { significant.len() <= 18 };
    if width >= 64 && short && !(neg && significant.is_empty()) {
        return true;
    }
    // A number of k significant digits has more than 4(k-1) bits (hex), 3(k-1) (decimal).
    let k = significant.len().saturating_sub(1) as u64;
    if k.saturating_mul(if hex { 4 } else { 3 }) > width {
        return false;
    }
    let Some((_, mag)) = crate::printer::float::parse_int_literal(digits) else {
        return false;
    };
    let bits = mag.bit_len();
    if neg {
        // -mag must have the sign bit set at this width: 1 <= mag <= 2^(width-1).
        !mag.is_zero() && (bits < width || bits == width && mag.trailing_zeros() == width - 1)
    } else if signed {
        bits < width || mag.is_zero()
    } else {
        bits <= width
    }
}
