//! Random programs in MLIR generic syntax with unregistered dialects, as proptest strategies
//! (so failures shrink to small programs).
//!
//! A [`Program`] is generated as a tree of ops, regions, blocks, types, attributes and
//! locations whose SSA operands and successors are *selectors* (small numbers); rendering
//! ([`Program::render`]) resolves each selector against the values visible at that point
//! (module-level values anywhere in the module, including later ones: the module body is a
//! graph region; inside nested regions, earlier values of the same block, the block's
//! arguments and whatever the enclosing op sees) and against the blocks of the region, so
//! every generated program is valid whatever the shrinker removes.
//!
//! Coverage: every builtin type (`iN`/`siN`/`uiN`, `index`, every float type, `complex`,
//! `tuple` (also with more than 16 elements), `vector` with scalable dims, ranked, unranked
//! and dynamic tensors with encodings, memrefs with layouts and memory spaces, `none`,
//! function types, dialect types), every attribute kind (typed and untyped integers of any
//! width, decimal/hex/special floats, strings with escapes, bools, unit, arrays,
//! dictionaries with quoted keys, `dense` with lists, splats, hex data, complex and string
//! elements, `dense_resource`, `array<T: ...>`, type attributes, nested symbol references,
//! dialect attributes and types, affine maps and sets, strided layouts, locations), nested
//! regions with labelled blocks, block arguments and successors, forward references,
//! `#alias = ` / `!alias = ` definitions and every location form.
//!
//! [`GenConfig`] switches off what amanda-opt's parser does not read yet (the `parser_*`
//! flags), what mlir-opt does not keep as written (a program without `"builtin.module"`,
//! ops without locations: `mlir_exact`), and MLIR's own corners where its canonical text does
//! not read back to itself (`mlir_quirks`).

use proptest::prelude::*;
use proptest::strategy::BoxedStrategy;

/// What the generated programs may contain.
#[derive(Clone, Copy, Debug)]
pub struct GenConfig {
    /// Every op and block argument has a location, and the module is explicit: what the
    /// byte-for-byte comparison with mlir-opt needs (mlir-opt invents `file:line:col`
    /// locations for the rest).
    pub mlir_exact: bool,
    /// Inputs on which MLIR's own canonical text does not read back to itself: `f80` /
    /// `f128` values beyond `f64` (printed in decimal, but decimal literals are read through
    /// `f64`), locations inside properties (printed through `#loc` aliases defined only after
    /// the module), `fused<m>[]` (printed `fused<m>[unknown]`, which reads back as
    /// `fused<m>[]`'s normal form minus the `unknown`). Off for the canonical idempotence
    /// properties, on for the comparison with mlir-opt.
    pub mlir_quirks: bool,
}

impl GenConfig {
    /// For round-trip properties (amanda-opt only).
    pub const ROUNDTRIP: GenConfig = GenConfig {
        mlir_exact: false,
        mlir_quirks: true,
    };
    /// For idempotence of canonical text (which follows MLIR's printer, quirks included).
    pub const CANONICAL_ROUNDTRIP: GenConfig = GenConfig { mlir_quirks: false, ..GenConfig::ROUNDTRIP };
    /// For byte-for-byte agreement with mlir-opt.
    pub const MLIR: GenConfig = GenConfig { mlir_exact: true, ..GenConfig::ROUNDTRIP };
}

// ================================================================================== AST

/// Signedness of an integer type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    Signless,
    Signed,
    Unsigned,
}

/// A type.
#[derive(Clone, Debug)]
pub enum Ty {
    Int(u32, Sign),
    Index,
    Float(&'static str),
    None,
    Complex(Box<Ty>),
    Tuple(Vec<Ty>),
    Vector { dims: Vec<(u8, bool)>, elem: Box<Ty> },
    Tensor { dims: Vec<Option<u8>>, elem: Box<Ty>, encoding: Option<Box<Attr>> },
    UnrankedTensor(Box<Ty>),
    MemRef { dims: Vec<Option<u8>>, elem: Box<Ty>, layout: Option<u8>, space: Option<Space> },
    UnrankedMemRef { elem: Box<Ty>, space: Option<Space> },
    Function { inputs: Vec<Ty>, results: Vec<Ty> },
    /// A dialect type, whole text (`!zz.t<1>`).
    Dialect(&'static str),
    /// A use of the `n`-th type alias (or `i32` when there is none).
    Alias(u8),
}

/// A memref memory space.
#[derive(Clone, Debug)]
pub enum Space {
    Int(u8),
    TypedInt(u8),
    Str(&'static str),
}

/// An attribute.
#[derive(Clone, Debug)]
pub enum Attr {
    /// Integer literal (valid for its type) as spelled.
    Int { text: String, ty: Option<Ty> },
    /// Float literal as spelled (`1.5`, `-2.0e-3`, or hex bits `0x7FC00000` with a type).
    Float { text: String, ty: Option<Ty> },
    /// String literal body, escapes included.
    Str { body: String, ty: Option<Ty> },
    Bool(bool),
    Unit,
    Array(Vec<Attr>),
    Dict(Vec<(Key, Attr)>),
    Dense(Dense),
    DenseResource { handle: &'static str, ty: Ty },
    DenseArray { elem: &'static str, values: Vec<String> },
    Type(Ty),
    SymRef(Vec<Key>),
    /// Dialect attribute, whole text (`#zz.a<1>`, `#zz<"raw">`).
    Dialect(&'static str),
    /// `affine_map<...>`, `affine_set<...>`, `strided<...>`, in MLIR's printed form.
    Builtin(&'static str),
    Loc(Loc),
    /// A use of the `n`-th attribute alias (or `unit` when there is none).
    Alias(u8),
}

/// A dictionary key or symbol name: bare or quoted.
#[derive(Clone, Debug)]
pub struct Key {
    pub name: String,
    pub quoted: bool,
}

/// `dense<...> : T`.
#[derive(Clone, Debug)]
pub struct Dense {
    pub vector: bool,
    pub dims: Vec<u8>,
    pub elem: DenseElem,
    pub form: DenseForm,
}

/// Element type of a dense literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DenseElem {
    Int(u32, Sign),
    Index,
    Float(&'static str),
    ComplexF32,
    ComplexI16,
    Str,
}

/// How a dense literal is written.
#[derive(Clone, Debug)]
pub enum DenseForm {
    /// One element for all.
    Splat(u64),
    /// Every element, from the seeds.
    List(Vec<u64>),
    /// Raw data as hex, from the seeds.
    Hex(Vec<u64>),
}

/// A location.
#[derive(Clone, Debug)]
pub enum Loc {
    Unknown,
    File(&'static str, u32, u32),
    Name(&'static str, Option<Box<Loc>>),
    CallSite(Box<Loc>, Box<Loc>),
    Fused(Option<Box<Attr>>, Vec<Loc>),
    /// A use of the `n`-th location alias (or `unknown` when there is none).
    Alias(u8),
}

/// An operation.
#[derive(Clone, Debug)]
pub struct Op {
    pub name: &'static str,
    pub operands: Vec<u8>,
    pub results: Vec<Ty>,
    /// How results are grouped by name (`%a:2, %b`), as group sizes (cycled).
    pub groups: Vec<u8>,
    pub attrs: Vec<(Key, Attr)>,
    pub props: Option<Vec<(Key, Attr)>>,
    pub regions: Vec<Region>,
    pub successors: Vec<u8>,
    pub loc: Option<Loc>,
    pub name_style: u8,
}

/// A region.
#[derive(Clone, Debug)]
pub struct Region {
    pub blocks: Vec<Block>,
}

/// A block.
#[derive(Clone, Debug)]
pub struct Block {
    pub args: Vec<(Ty, Option<Loc>)>,
    pub ops: Vec<Op>,
    /// Write the entry block's label even without arguments.
    pub entry_label: bool,
}

/// The explicit `"builtin.module"`: its location and (dialect-prefixed) attributes.
pub type ModuleHead = (Option<Loc>, Vec<(Key, Attr)>);

/// A whole file.
#[derive(Clone, Debug)]
pub struct Program {
    pub type_aliases: Vec<Ty>,
    pub attr_aliases: Vec<Attr>,
    pub loc_aliases: Vec<Loc>,
    /// `None`: no `"builtin.module"` written; the ops are the file's top level.
    pub module: Option<ModuleHead>,
    pub ops: Vec<Op>,
}

// ================================================================================== pools

const FLOAT_TYPES: &[&str] = &[
    "f16", "bf16", "f32", "f64", "f80", "f128", "tf32", "f8E5M2", "f8E4M3", "f8E4M3FN", "f8E5M2FNUZ", "f8E4M3FNUZ",
    "f8E4M3B11FNUZ", "f8E3M4", "f8E8M0FNU", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN",
];
const INT_WIDTHS: &[u32] = &[0, 1, 2, 3, 7, 8, 16, 32, 64, 65, 128, 200];
const OP_NAMES: &[&str] = &["zz.op", "zz.compute", "qq.node", "acme.do_it", "zz.a.b", "qq.x$y", "zz.yield", "acme.br"];
const DIALECT_ATTRS: &[&str] = &[
    "#zz.flag",
    "#zz.pair<1, \"s\">",
    "#zz<\"raw text\">",
    "#zz<simple>",
    "#qq.list<[1, 2, 3]>",
    "#qq.dict<{a = 1, b = \"c\"}>",
    "#qq<\"a.b<c>\">",
    "#zz.fn<(i32) -> i64>",
    "#zz.sp< 1 , 2 >",
    "#acme.nested<#zz.flag, !zz.t>",
];
const DIALECT_TYPES: &[&str] = &["!zz.t", "!zz.box<i32>", "!qq<\"opaque\">", "!zz.pair<f32, \"x\">", "!acme.ptr<1>"];
const AFFINE: &[&str] = &[
    "affine_map<(d0) -> (d0 + 1)>",
    "affine_map<(d0, d1)[s0] -> (d0 * 2 + s0, d1 floordiv 4)>",
    "affine_map<() -> (0)>",
    "affine_map<(d0, d1) -> (d1, d0)>",
    "affine_map<(d0) -> (d0 mod 3, d0 ceildiv 2)>",
    "affine_set<(d0) : (d0 - 1 >= 0)>",
    "affine_set<(d0, d1)[s0] : (d0 + s0 == 0, d1 - 2 == 0)>",
    "strided<[?, 1], offset: 3>",
    "strided<[4, 1]>",
    "distinct[0]<{}>",
    "distinct[3]<\"x\">",
];
const WORDS: &[&str] = &["a", "b", "value", "x_1", "k.v", "snake_case", "d$", "A9", "sym", "main", "_under"];
const QUOTED_KEYS: &[&str] = &["a b", "0a", "q", "k\\22x", "\\5Cback", "tab\\09", "é", "x-y", "1", "_"];
const STRING_PIECES: &[&str] = &[
    "hello", " ", "\\\"", "\\\\", "\\n", "\\t", "\\0A", "\\00", "\\FF", "\\7F", "é", "日本", "a.b", "%x", "#y", "{}", "<>", "'", "42",
];
const FILES: &[&str] = &["a.mlir", "dir/b.py", "with space.cc", "esc\\22aped", "", "t\\09ab"];
const NAMES: &[&str] = &["n", "conv1", "model/layer_0/MatMul", "with space", "q\\22uote", "é"];
const RESOURCES: &[&str] = &["blob1", "blob_2", "__elided__", "weights.bin"];

fn pick<T: Clone + std::fmt::Debug + 'static>(items: &'static [T]) -> BoxedStrategy<T> {
    proptest::sample::select(items).boxed()
}

fn sign() -> BoxedStrategy<Sign> {
    prop_oneof![6 => Just(Sign::Signless), 2 => Just(Sign::Signed), 2 => Just(Sign::Unsigned)].boxed()
}

// ================================================================================== types

fn int_ty() -> BoxedStrategy<Ty> {
    (pick(INT_WIDTHS), sign()).prop_map(|(w, s)| Ty::Int(w, s)).boxed()
}

fn scalar_ty() -> BoxedStrategy<Ty> {
    prop_oneof![
        4 => int_ty(),
        1 => Just(Ty::Index),
        4 => pick(FLOAT_TYPES).prop_map(Ty::Float),
    ]
    .boxed()
}

fn complex_ty() -> BoxedStrategy<Ty> {
    prop_oneof![int_ty(), pick(FLOAT_TYPES).prop_map(Ty::Float)].prop_map(|t| Ty::Complex(Box::new(t))).boxed()
}

fn vector_ty() -> BoxedStrategy<Ty> {
    (prop::collection::vec((1u8..5, prop::bool::weighted(0.2)), 0..3), scalar_ty())
        .prop_map(|(dims, elem)| Ty::Vector { dims, elem: Box::new(elem) })
        .boxed()
}

fn dim() -> BoxedStrategy<Option<u8>> {
    prop_oneof![4 => (0u8..6).prop_map(Some), 1 => Just(None)].boxed()
}

fn space() -> BoxedStrategy<Space> {
    prop_oneof![(0u8..4).prop_map(Space::Int), (1u8..4).prop_map(Space::TypedInt), Just(Space::Str("gpu"))].boxed()
}

/// Types that may appear inside tensors and memrefs.
fn element_ty() -> BoxedStrategy<Ty> {
    prop_oneof![6 => scalar_ty(), 1 => complex_ty(), 1 => vector_ty(), 1 => pick(DIALECT_TYPES).prop_map(Ty::Dialect)].boxed()
}

/// Types that may appear inside memrefs (not dialect types).
fn memref_element_ty() -> BoxedStrategy<Ty> {
    prop_oneof![6 => scalar_ty(), 1 => complex_ty(), 1 => vector_ty()].boxed()
}

fn shaped_ty() -> BoxedStrategy<Ty> {
    prop_oneof![
        3 => (prop::collection::vec(dim(), 0..4), element_ty(), prop::option::weighted(0.3, simple_attr()))
            .prop_map(|(dims, elem, enc)| Ty::Tensor { dims, elem: Box::new(elem), encoding: enc.map(Box::new) }),
        1 => element_ty().prop_map(|e| Ty::UnrankedTensor(Box::new(e))),
        2 => (prop::collection::vec(dim(), 0..3), memref_element_ty(), prop::option::weighted(0.5, any::<u8>()), prop::option::weighted(0.4, space()))
            .prop_map(|(dims, elem, layout, space)| Ty::MemRef { dims, elem: Box::new(elem), layout, space }),
        1 => (memref_element_ty(), prop::option::of(space())).prop_map(|(e, space)| Ty::UnrankedMemRef { elem: Box::new(e), space }),
        2 => vector_ty(),
    ]
    .boxed()
}

/// Any type, nesting up to `depth`.
pub fn ty(depth: u32) -> BoxedStrategy<Ty> {
    let leaf = prop_oneof![
        6 => scalar_ty(),
        1 => Just(Ty::None),
        1 => pick(DIALECT_TYPES).prop_map(Ty::Dialect),
        1 => (0u8..4).prop_map(Ty::Alias),
        1 => complex_ty(),
    ];
    if depth == 0 {
        return leaf.boxed();
    }
    let inner = ty(depth - 1);
    prop_oneof![
        12 => leaf,
        8 => shaped_ty(),
        2 => prop::collection::vec(inner.clone(), 0..4).prop_map(Ty::Tuple),
        1 => prop::collection::vec(scalar_ty(), 17..19).prop_map(Ty::Tuple),
        2 => (prop::collection::vec(inner.clone(), 0..3), prop::collection::vec(inner, 0..3))
            .prop_map(|(inputs, results)| Ty::Function { inputs, results }),
    ]
    .boxed()
}

// ================================================================================== attributes

fn key() -> BoxedStrategy<Key> {
    prop_oneof![
        3 => pick(WORDS).prop_map(|w| Key { name: w.to_string(), quoted: false }),
        1 => pick(QUOTED_KEYS).prop_map(|w| Key { name: w.to_string(), quoted: true }),
        1 => pick(WORDS).prop_map(|w| Key { name: w.to_string(), quoted: true }),
    ]
    .boxed()
}

/// An integer type and a literal valid for it.
fn int_attr() -> BoxedStrategy<Attr> {
    (prop::option::weighted(0.8, int_ty()), any::<u128>(), 0u8..8, any::<bool>())
        .prop_map(|(t, raw, pick_kind, hex)| {
            let (width, sign) = match &t {
                Some(Ty::Int(w, s)) => (*w, *s),
                _ => (64, Sign::Signless),
            };
            // Range of valid values: signless takes the signed and the unsigned range.
            let (neg_max, pos_max): (u128, u128) = if width == 0 {
                (0, 0)
            } else {
                let w = width.min(128);
                let half = 1u128 << (w - 1).min(127);
                let full = if w >= 128 { u128::MAX } else { (1u128 << w) - 1 };
                match sign {
                    Sign::Signless => (half, full),
                    Sign::Signed => (half, half - 1),
                    Sign::Unsigned => (0, full),
                }
            };
            let (neg, mag) = match pick_kind {
                0 => (false, 0),
                1 => (false, 1.min(pos_max)),
                2 => (neg_max > 0, 1.min(neg_max.max(pos_max))),
                3 => (false, pos_max),
                4 => (neg_max > 0, if neg_max > 0 { neg_max } else { pos_max }),
                5 => (false, raw % (pos_max.saturating_add(1)).max(1)),
                6 => (neg_max > 0, if neg_max > 0 { raw % (neg_max + 1) } else { raw % pos_max.saturating_add(1).max(1) }),
                _ => (false, (raw % 1000).min(pos_max)),
            };
            let body = if hex { format!("0x{:X}", mag) } else { mag.to_string() };
            let text = if neg && mag != 0 { format!("-{}", body) } else { body };
            Attr::Int { text, ty: t }
        })
        .boxed()
}

/// The largest magnitude a decimal literal of this float type may have here.
fn float_limit(name: &str) -> f64 {
    match name {
        "f16" => 60000.0,
        "f8E5M2" | "f8E5M2FNUZ" => 50000.0,
        "f8E4M3" | "f8E4M3FNUZ" => 200.0,
        "f8E4M3FN" => 400.0,
        "f8E4M3B11FNUZ" => 25.0,
        "f8E3M4" => 15.0,
        "f6E2M3FN" => 7.0,
        "f6E3M2FN" => 25.0,
        "f4E2M1FN" => 5.0,
        "f8E8M0FNU" => 1.0e30,
        "bf16" | "f32" | "tf32" => 3.0e38,
        _ => 1.0e300,
    }
}

fn float_bits(name: &str) -> u32 {
    match name {
        "f16" | "bf16" => 16,
        "f32" => 32,
        "f64" => 64,
        "f80" => 80,
        "f128" => 128,
        "tf32" => 19,
        "f6E2M3FN" | "f6E3M2FN" => 6,
        "f4E2M1FN" => 4,
        _ => 8,
    }
}

/// A decimal float literal from seeds, within `limit`.
fn decimal(int_part: u32, frac: u32, frac_digits: u8, exp: i16, neg: bool, limit: f64, positive_only: bool) -> String {
    let mut s = format!("{}.{}", int_part, if frac_digits == 0 { String::new() } else { format!("{:0width$}", frac % 10u32.pow(frac_digits as u32), width = frac_digits as usize) });
    let mut value: f64 = s.parse().unwrap_or(0.0);
    let mut e = exp as i32;
    // Keep the magnitude within the type's range.
    while e > 0 && value * 10f64.powi(e) > limit {
        e -= 1;
    }
    if value > limit {
        s = "1.5".to_string();
        value = 1.5;
    }
    if e != 0 {
        // Spelling variants MLIR accepts: `e` or `E`, explicit `+`.
        let letter = if frac & (1 << 20) != 0 { 'E' } else { 'e' };
        let plus = if e > 0 && frac & (1 << 21) != 0 { "+" } else { "" };
        s.push_str(&format!("{}{}{}", letter, plus, e));
    }
    let _ = value;
    if positive_only {
        if s.starts_with("0.") && !s[2..].bytes().any(|b| (b'1'..=b'9').contains(&b)) {
            return "1.0".into();
        }
        return s;
    }
    if neg {
        format!("-{}", s)
    } else {
        s
    }
}

const SPECIAL_FLOATS: &[(&str, &str)] = &[
    ("0x7FC00000", "f32"),
    ("0xFF800000", "f32"),
    ("0x7F800000", "f32"),
    ("0x7FF8000000000000", "f64"),
    ("0xFFF0000000000000", "f64"),
    ("0x7C00", "f16"),
    ("0x7E00", "f16"),
    ("0x7FC0", "bf16"),
    ("0x1", "f64"),
    ("0x80000000", "f32"),
    ("0x7F", "f8E4M3FN"),
    ("0x80", "f8E5M2FNUZ"),
    ("0xFF", "f8E8M0FNU"),
    ("0x7FFF8000000000000000", "f80"),
];

fn float_attr(cfg: GenConfig) -> BoxedStrategy<Attr> {
    let decimal_attr = (
        prop::option::weighted(0.8, pick(FLOAT_TYPES)),
        prop_oneof![Just(0u32), Just(1), 0u32..10, 0u32..100000],
        any::<u32>(),
        0u8..8,
        prop_oneof![4 => Just(0i16), 1 => -45i16..45, 1 => -320i16..310],
        any::<bool>(),
    )
        .prop_map(|(t, i, f, d, e, neg)| {
            let name = t.unwrap_or("f64");
            let e = if matches!(name, "f64" | "f80" | "f128") { e } else { e.clamp(-40, 38) };
            let text = decimal(i, f, d, e, neg, float_limit(name), name == "f8E8M0FNU");
            Attr::Float { text, ty: t.map(Ty::Float) }
        });
    let hex_attr = (pick(FLOAT_TYPES), any::<u128>()).prop_map(move |(t, raw)| {
        let bits = float_bits(t);
        let v = if bits >= 128 { raw } else { raw & ((1u128 << bits) - 1) };
        if !cfg.mlir_quirks && (t == "f80" || t == "f128") {
            // Only values an f64 holds exactly: MLIR re-reads decimal text through f64.
            return Attr::Float { text: format!("{}.5", raw % 1000), ty: Some(Ty::Float(t)) };
        }
        Attr::Float { text: format!("0x{:X}", v), ty: Some(Ty::Float(t)) }
    });
    let special = pick(SPECIAL_FLOATS).prop_map(|(bits, t)| Attr::Float { text: bits.to_string(), ty: Some(Ty::Float(t)) });
    let exact = pick(&[
        ("1.015625", "f16"),
        ("6.103515625e-05", "f32"),
        ("0.1", "bf16"),
        ("0.1", "f128"),
        ("123456789.0", "f64"),
        ("16777215.0", "f32"),
        ("1.0e-7", "f16"),
        ("4.9e-324", "f64"),
        ("1.7976931348623157e308", "f64"),
        ("0.3", "tf32"),
        ("2.0", "f8E8M0FNU"),
        ("-0.0", "f8E5M2FNUZ"),
        ("0.2999999999999999888977697537", "f64"),
        ("65504.0", "f16"),
    ])
    .prop_map(|(v, t)| Attr::Float { text: v.to_string(), ty: Some(Ty::Float(t)) });
    prop_oneof![5 => decimal_attr, 3 => hex_attr, 1 => special, 2 => exact].boxed()
}

fn string_body() -> BoxedStrategy<String> {
    prop::collection::vec(pick(STRING_PIECES), 0..5).prop_map(|v| v.concat()).boxed()
}

fn symbol_part() -> BoxedStrategy<Key> {
    prop_oneof![
        3 => pick(WORDS).prop_map(|w| Key { name: w.to_string(), quoted: false }),
        1 => pick(&["a b", "abc", "0x", "é", "k\\22"]).prop_map(|w| Key { name: w.to_string(), quoted: true }),
    ]
    .boxed()
}

fn dense_elem() -> BoxedStrategy<DenseElem> {
    prop_oneof![
        4 => (pick(&[0u32, 1, 3, 8, 16, 32, 64, 65]), sign()).prop_map(|(w, s)| DenseElem::Int(w, if w == 1 { Sign::Signless } else { s })),
        1 => Just(DenseElem::Index),
        4 => pick(FLOAT_TYPES).prop_map(DenseElem::Float),
        1 => Just(DenseElem::ComplexF32),
        1 => Just(DenseElem::ComplexI16),
        1 => Just(DenseElem::Str),
    ]
    .boxed()
}

fn dense(cfg: GenConfig) -> BoxedStrategy<Attr> {
    let small = (any::<bool>(), prop::collection::vec(1u8..4, 0..3), dense_elem());
    let big = (Just(false), prop_oneof![Just(vec![101u8]), Just(vec![11u8, 11]), Just(vec![3u8, 40])], dense_elem());
    let zero = (Just(false), prop_oneof![Just(vec![0u8]), Just(vec![2u8, 0])], dense_elem());
    prop_oneof![6 => small, 1 => big, 1 => zero]
        .prop_flat_map(move |(vector, dims, elem)| {
            // mlir-opt 22 crashes printing a rank-0 `i0` literal (`dense<0> : tensor<i0>`).
            let elem = if dims.is_empty() && matches!(elem, DenseElem::Int(0, _)) { DenseElem::Int(8, Sign::Signless) } else { elem };
            let n: usize = dims.iter().map(|&d| d as usize).product();
            let vector = vector && n > 0 && elem != DenseElem::Str && !matches!(elem, DenseElem::ComplexF32 | DenseElem::ComplexI16);
            let seeds = prop::collection::vec(any::<u64>(), n..=n);
            let no_hex = elem == DenseElem::Str || (!cfg.mlir_quirks && matches!(elem, DenseElem::Float("f80" | "f128")));
            let form = if no_hex {
                prop_oneof![any::<u64>().prop_map(DenseForm::Splat), seeds.prop_map(DenseForm::List)].boxed()
            } else {
                prop_oneof![
                    2 => any::<u64>().prop_map(DenseForm::Splat),
                    4 => seeds.clone().prop_map(DenseForm::List),
                    1 => seeds.prop_map(DenseForm::Hex),
                ]
                .boxed()
            };
            (Just(vector), Just(dims), Just(elem), form)
        })
        .prop_map(|(vector, dims, elem, form)| Attr::Dense(Dense { vector, dims, elem, form }))
        .boxed()
}

fn dense_array() -> BoxedStrategy<Attr> {
    (pick(&["i1", "i8", "i16", "i32", "i64", "f32", "f64"]), prop::collection::vec(any::<u32>(), 0..5))
        .prop_map(|(elem, seeds)| {
            let values = seeds
                .iter()
                .map(|&s| match elem {
                    "i1" => if s % 2 == 0 { "true" } else { "false" }.to_string(),
                    "i8" => ((s % 256) as i64 - 128).to_string(),
                    "i16" => ((s % 65536) as i64 - 32768).to_string(),
                    "f32" | "f64" => format!("{}.{}", s % 100, s % 7),
                    _ => (s as i64 - (u32::MAX / 2) as i64).to_string(),
                })
                .collect();
            Attr::DenseArray { elem, values }
        })
        .boxed()
}

/// Attributes without nested attributes.
fn simple_attr() -> BoxedStrategy<Attr> {
    prop_oneof![
        3 => int_attr(),
        3 => float_attr(GenConfig::CANONICAL_ROUNDTRIP),
        2 => (string_body(), prop::option::weighted(0.1, scalar_ty())).prop_map(|(body, ty)| Attr::Str { body, ty }),
        1 => any::<bool>().prop_map(Attr::Bool),
        1 => Just(Attr::Unit),
        1 => pick(DIALECT_ATTRS).prop_map(Attr::Dialect),
    ]
    .boxed()
}

/// Any attribute, nesting up to `depth`.
pub fn attr(depth: u32, cfg: GenConfig) -> BoxedStrategy<Attr> {
    let leaf = prop_oneof![
        4 => int_attr(),
        4 => float_attr(cfg),
        3 => (string_body(), prop::option::weighted(0.1, scalar_ty())).prop_map(|(body, ty)| Attr::Str { body, ty }),
        1 => any::<bool>().prop_map(Attr::Bool),
        1 => Just(Attr::Unit),
        2 => dense(cfg),
        1 => (pick(RESOURCES), shaped_static()).prop_map(|(handle, ty)| Attr::DenseResource { handle, ty }),
        1 => dense_array(),
        2 => ty(1).prop_map(Attr::Type),
        1 => prop::collection::vec(symbol_part(), 1..4).prop_map(Attr::SymRef),
        2 => pick(DIALECT_ATTRS).prop_map(Attr::Dialect),
        2 => pick(AFFINE).prop_map(Attr::Builtin),
        1 => loc(1).prop_map(Attr::Loc),
        1 => (0u8..4).prop_map(Attr::Alias),
    ];
    if depth == 0 {
        return leaf.boxed();
    }
    let inner = attr(depth - 1, cfg);
    prop_oneof![
        6 => leaf,
        1 => prop::collection::vec(inner.clone(), 0..4).prop_map(Attr::Array),
        1 => prop::collection::vec((key(), inner), 0..4).prop_map(Attr::Dict),
    ]
    .boxed()
}

fn shaped_static() -> BoxedStrategy<Ty> {
    (prop::collection::vec(1u8..4, 0..3), scalar_ty())
        .prop_map(|(dims, elem)| Ty::Tensor { dims: dims.into_iter().map(Some).collect(), elem: Box::new(elem), encoding: None })
        .boxed()
}

// ================================================================================== locations

/// Any location, nesting up to `depth`.
pub fn loc(depth: u32) -> BoxedStrategy<Loc> {
    let leaf = prop_oneof![
        1 => Just(Loc::Unknown),
        3 => (pick(FILES), 0u32..2000, 0u32..200).prop_map(|(f, l, c)| Loc::File(f, l, c)),
        3 => pick(NAMES).prop_map(|n| Loc::Name(n, None)),
        1 => (0u8..3).prop_map(Loc::Alias),
    ];
    if depth == 0 {
        return leaf.boxed();
    }
    let inner = loc(depth - 1);
    let meta = prop_oneof![
        Just(Attr::Str { body: "m".into(), ty: None }),
        Just(Attr::Unit),
        pick(DIALECT_ATTRS).prop_map(Attr::Dialect),
        (0u8..100).prop_map(|n| Attr::Int { text: n.to_string(), ty: None }),
    ];
    prop_oneof![
        5 => leaf,
        2 => (pick(NAMES), inner.clone()).prop_map(|(n, c)| Loc::Name(n, Some(Box::new(c)))),
        2 => (inner.clone(), inner.clone()).prop_map(|(a, b)| Loc::CallSite(Box::new(a), Box::new(b))),
        2 => (prop::option::weighted(0.4, meta), prop::collection::vec(inner, 0..4)).prop_map(|(m, l)| Loc::Fused(m.map(Box::new), l)),
    ]
    .boxed()
}

// ================================================================================== ops

fn opt_loc(cfg: GenConfig) -> BoxedStrategy<Option<Loc>> {
    if cfg.mlir_exact {
        loc(2).prop_map(Some).boxed()
    } else {
        prop::option::weighted(0.7, loc(2)).boxed()
    }
}

fn attr_list(cfg: GenConfig, max: usize) -> BoxedStrategy<Vec<(Key, Attr)>> {
    prop::collection::vec((key(), attr(2, cfg)), 0..max).boxed()
}

/// An op; `depth` bounds region nesting.
pub fn op(depth: u32, cfg: GenConfig) -> BoxedStrategy<Op> {
    let regions = if depth == 0 {
        Just(Vec::new()).boxed()
    } else {
        prop_oneof![3 => Just(Vec::new()), 2 => prop::collection::vec(region(depth - 1, cfg), 1..3)].boxed()
    };
    (
        pick(OP_NAMES),
        prop::collection::vec(any::<u8>(), 0..4),
        prop::collection::vec(ty(1), 0..4),
        prop::collection::vec(1u8..3, 1..3),
        attr_list(cfg, 4),
        prop::option::weighted(0.15, attr_list(cfg, 3)),
        regions,
        prop::collection::vec(any::<u8>(), 0..3),
        opt_loc(cfg),
        any::<u8>(),
    )
        .prop_map(move |(name, operands, results, groups, attrs, props, regions, successors, loc, name_style)| {
            let props = if cfg.mlir_quirks {
                props
            } else {
                props.map(|p| p.into_iter().filter(|(_, a)| !contains_loc(a)).collect())
            };
            Op { name, operands, results, groups, attrs, props, regions, successors, loc, name_style }
        })
        .boxed()
}

fn block(depth: u32, cfg: GenConfig) -> BoxedStrategy<Block> {
    let arg_loc = opt_loc(cfg);
    (prop::collection::vec((ty(1), arg_loc), 0..3), prop::collection::vec(op(depth, cfg), 0..4), prop::bool::weighted(0.2))
        .prop_map(|(args, ops, entry_label)| Block { args, ops, entry_label })
        .boxed()
}

fn region(depth: u32, cfg: GenConfig) -> BoxedStrategy<Region> {
    prop_oneof![1 => Just(Region { blocks: vec![] }), 6 => prop::collection::vec(block(depth, cfg), 1..4).prop_map(|blocks| Region { blocks })]
        .boxed()
}

/// A whole program.
pub fn program(cfg: GenConfig) -> BoxedStrategy<Program> {
    let module = if cfg.mlir_exact {
        (opt_loc(cfg), prop::collection::vec((key(), attr(1, cfg)), 0..2)).prop_map(Some).boxed()
    } else {
        prop::option::weighted(0.6, (opt_loc(cfg), prop::collection::vec((key(), attr(1, cfg)), 0..2))).boxed()
    };
    (
        prop::collection::vec(ty(1), 0..3),
        prop::collection::vec(attr(1, cfg), 0..3),
        prop::collection::vec(loc(1), 0..3),
        module,
        prop::collection::vec(op(2, cfg), 0..7),
    )
        .prop_map(|(type_aliases, attr_aliases, loc_aliases, module, ops)| Program { type_aliases, attr_aliases, loc_aliases, module, ops })
        .boxed()
}

// ================================================================================== rendering

/// A value visible at some point: its name as used and its type as written.
#[derive(Clone)]
struct Visible {
    name: String,
    ty: String,
}

struct Renderer<'p> {
    p: &'p Program,
    cfg: GenConfig,
    out: String,
    next_name: u32,
    next_label: u32,
}

fn write_key(k: &Key, out: &mut String) {
    if k.quoted {
        out.push('"');
        out.push_str(&k.name);
        out.push('"');
    } else {
        out.push_str(&k.name);
    }
}

/// First character of the rendered element type would be lexed as a hex digit after `0x`.
impl Renderer<'_> {
    fn ty(&self, t: &Ty, out: &mut String) {
        match t {
            Ty::Int(w, s) => {
                out.push_str(match s {
                    Sign::Signless => "i",
                    Sign::Signed => "si",
                    Sign::Unsigned => "ui",
                });
                out.push_str(&w.to_string());
            }
            Ty::Index => out.push_str("index"),
            Ty::Float(n) => out.push_str(n),
            Ty::None => out.push_str("none"),
            Ty::Complex(e) => {
                out.push_str("complex<");
                self.ty(e, out);
                out.push('>');
            }
            Ty::Tuple(items) => {
                out.push_str("tuple<");
                self.ty_list(items, out);
                out.push('>');
            }
            Ty::Vector { dims, elem } => {
                out.push_str("vector<");
                for &(d, scalable) in dims {
                    if scalable {
                        out.push_str(&format!("[{}]x", d));
                    } else {
                        out.push_str(&format!("{}x", d));
                    }
                }
                self.ty(elem, out);
                out.push('>');
            }
            Ty::Tensor { dims, elem, encoding } => {
                out.push_str("tensor<");
                self.dims(dims, elem, out);
                if let Some(e) = encoding {
                    out.push_str(", ");
                    self.attr(e, out);
                }
                out.push('>');
            }
            Ty::UnrankedTensor(e) => {
                out.push_str("tensor<*x");
                self.ty(e, out);
                out.push('>');
            }
            Ty::MemRef { dims, elem, layout, space } => {
                out.push_str("memref<");
                self.dims(dims, elem, out);
                if let Some(l) = layout.filter(|_| !dims.is_empty()) {
                    out.push_str(", ");
                    out.push_str(&memref_layout(dims.len(), l));
                }
                if let Some(s) = space {
                    out.push_str(", ");
                    space_text(s, out);
                }
                out.push('>');
            }
            Ty::UnrankedMemRef { elem, space } => {
                out.push_str("memref<*x");
                self.ty(elem, out);
                if let Some(s) = space {
                    out.push_str(", ");
                    space_text(s, out);
                }
                out.push('>');
            }
            Ty::Function { inputs, results } => {
                out.push('(');
                self.ty_list(inputs, out);
                out.push_str(") -> ");
                if results.len() == 1 && !matches!(results[0], Ty::Function { .. }) {
                    self.ty(&results[0], out);
                } else {
                    out.push('(');
                    self.ty_list(results, out);
                    out.push(')');
                }
            }
            Ty::Dialect(t) => out.push_str(t),
            Ty::Alias(n) => {
                if self.p.type_aliases.is_empty() {
                    out.push_str("i32");
                } else {
                    out.push_str(&format!("!T{}", *n as usize % self.p.type_aliases.len()));
                }
            }
        }
    }

    fn dims(&self, dims: &[Option<u8>], elem: &Ty, out: &mut String) {
        let mut e = String::new();
        self.ty(elem, &mut e);
        for d in dims {
            match d {
                None => out.push_str("?x"),
                Some(n) => out.push_str(&format!("{}x", n)),
            }
        }
        out.push_str(&e);
    }

    fn ty_list(&self, items: &[Ty], out: &mut String) {
        for (i, t) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.ty(t, out);
        }
    }

    fn attr(&self, a: &Attr, out: &mut String) {
        match a {
            Attr::Int { text, ty } | Attr::Float { text, ty } => {
                out.push_str(text);
                if let Some(t) = ty {
                    out.push_str(" : ");
                    self.ty(t, out);
                }
            }
            Attr::Str { body, ty } => {
                out.push('"');
                out.push_str(body);
                out.push('"');
                if let Some(t) = ty {
                    out.push_str(" : ");
                    self.ty(t, out);
                }
            }
            Attr::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Attr::Unit => out.push_str("unit"),
            Attr::Array(items) => {
                out.push('[');
                for (i, x) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.attr(x, out);
                }
                out.push(']');
            }
            Attr::Dict(entries) => self.dict(entries, out),
            Attr::Dense(d) => dense_text(d, out),
            Attr::DenseResource { handle, ty } => {
                out.push_str(&format!("dense_resource<{}> : ", handle));
                self.ty(ty, out);
            }
            Attr::DenseArray { elem, values } => {
                out.push_str("array<");
                out.push_str(elem);
                if !values.is_empty() {
                    out.push_str(": ");
                    out.push_str(&values.join(", "));
                }
                out.push('>');
            }
            Attr::Type(t) => self.ty(t, out),
            Attr::SymRef(parts) => {
                for (i, k) in parts.iter().enumerate() {
                    if i > 0 {
                        out.push_str("::");
                    }
                    out.push('@');
                    write_key(k, out);
                }
            }
            Attr::Dialect(t) => out.push_str(t),
            Attr::Builtin(t) => out.push_str(t),
            Attr::Loc(l) => {
                out.push_str("loc(");
                self.loc(l, out);
                out.push(')');
            }
            Attr::Alias(n) => {
                if self.p.attr_aliases.is_empty() {
                    out.push_str("unit");
                } else {
                    out.push_str(&format!("#A{}", *n as usize % self.p.attr_aliases.len()));
                }
            }
        }
    }

    /// `{...}` with duplicate keys dropped (a key may appear once).
    fn dict(&self, entries: &[(Key, Attr)], out: &mut String) {
        out.push('{');
        let mut seen: Vec<String> = Vec::new();
        let mut first = true;
        for (k, v) in entries {
            let decoded = decoded_key(k);
            if seen.contains(&decoded) {
                continue;
            }
            seen.push(decoded);
            if !first {
                out.push_str(", ");
            }
            first = false;
            write_key(k, out);
            if !matches!(v, Attr::Unit) {
                out.push_str(" = ");
                self.attr(v, out);
            }
        }
        out.push('}');
    }

    fn loc(&self, l: &Loc, out: &mut String) {
        match l {
            Loc::Unknown => out.push_str("unknown"),
            Loc::File(f, line, col) => out.push_str(&format!("\"{}\":{}:{}", f, line, col)),
            Loc::Name(n, child) => {
                out.push_str(&format!("\"{}\"", n));
                if let Some(c) = child {
                    out.push('(');
                    self.loc(c, out);
                    out.push(')');
                }
            }
            Loc::CallSite(a, b) => {
                out.push_str("callsite(");
                self.loc(a, out);
                out.push_str(" at ");
                self.loc(b, out);
                out.push(')');
            }
            Loc::Fused(meta, locs) => {
                out.push_str("fused");
                if let Some(m) = meta {
                    out.push('<');
                    self.attr(m, out);
                    out.push('>');
                }
                out.push('[');
                for (i, x) in locs.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.loc(x, out);
                }
                if meta.is_some() && !self.cfg.mlir_quirks {
                    // A known part, so the fused location never normalizes to `fused<m>[unknown]`.
                    out.push_str(if locs.is_empty() { "\"part\"" } else { ", \"part\"" });
                }
                out.push(']');
            }
            Loc::Alias(n) => {
                if self.p.loc_aliases.is_empty() {
                    out.push_str("unknown");
                } else {
                    out.push_str(&format!("#L{}", *n as usize % self.p.loc_aliases.len()));
                }
            }
        }
    }

    fn fresh(&mut self, style: u8) -> String {
        let n = self.next_name;
        self.next_name += 1;
        match style % 4 {
            0 => n.to_string(),
            1 => format!("v{}", n),
            2 => format!("{}_{}", ["x", "arg", "res", "t.mp"][n as usize % 4], n),
            _ => format!("n${}", n),
        }
    }

    /// Names the results of `op`: the `%a:2, %b` list and how each result is used.
    fn name_results(&mut self, op: &Op) -> (String, Vec<Visible>) {
        let mut list = String::new();
        let mut uses = Vec::new();
        let mut i = 0;
        let mut g = 0;
        while i < op.results.len() {
            let size = (op.groups[g % op.groups.len()] as usize).clamp(1, op.results.len() - i);
            g += 1;
            let name = self.fresh(op.name_style.wrapping_add(g as u8));
            if !list.is_empty() {
                list.push_str(", ");
            }
            list.push('%');
            list.push_str(&name);
            if size > 1 {
                list.push_str(&format!(":{}", size));
            }
            for j in 0..size {
                let mut t = String::new();
                self.ty(&op.results[i + j], &mut t);
                let use_name = if size > 1 { format!("%{}#{}", name, j) } else { format!("%{}", name) };
                uses.push(Visible { name: use_name, ty: t });
            }
            i += size;
        }
        (list, uses)
    }

    fn op(&mut self, op: &Op, results: &(String, Vec<Visible>), visible: &[Visible], labels: &[String], indent: usize, last: bool) {
        self.out.push_str(&" ".repeat(indent));
        if !results.0.is_empty() {
            self.out.push_str(&results.0);
            self.out.push_str(" = ");
        }
        let operands: Vec<&Visible> = if visible.is_empty() {
            vec![]
        } else {
            op.operands.iter().map(|&s| &visible[s as usize % visible.len()]).collect()
        };
        self.out.push('"');
        self.out.push_str(op.name);
        self.out.push_str("\"(");
        self.out.push_str(&operands.iter().map(|v| v.name.as_str()).collect::<Vec<_>>().join(", "));
        self.out.push(')');
        if last && labels.len() > 1 && !op.successors.is_empty() {
            let succ: Vec<String> = op.successors.iter().map(|&s| labels[1 + s as usize % (labels.len() - 1)].clone()).collect();
            self.out.push_str(&format!("[{}]", succ.join(", ")));
        }
        if let Some(props) = &op.props {
            self.out.push_str(" <");
            let mut s = String::new();
            self.dict(props, &mut s);
            self.out.push_str(&s);
            self.out.push('>');
        }
        if !op.regions.is_empty() {
            self.out.push_str(" (");
            let inner_visible = visible.to_vec();
            for (i, r) in op.regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.region(r, &inner_visible, indent);
            }
            self.out.push(')');
        }
        if !op.attrs.is_empty() {
            self.out.push(' ');
            let mut s = String::new();
            self.dict(&op.attrs, &mut s);
            self.out.push_str(&s);
        }
        self.out.push_str(" : (");
        self.out.push_str(&operands.iter().map(|v| v.ty.as_str()).collect::<Vec<_>>().join(", "));
        self.out.push_str(") -> ");
        let result_types: Vec<String> = results.1.iter().map(|v| v.ty.clone()).collect();
        if result_types.len() == 1 && !op_result_is_function(op) {
            self.out.push_str(&result_types[0]);
        } else {
            self.out.push('(');
            self.out.push_str(&result_types.join(", "));
            self.out.push(')');
        }
        if let Some(l) = &op.loc {
            self.out.push_str(" loc(");
            let mut s = String::new();
            self.loc(l, &mut s);
            self.out.push_str(&s);
            self.out.push(')');
        }
        self.out.push('\n');
    }

    fn region(&mut self, r: &Region, outer: &[Visible], indent: usize) {
        self.out.push_str("{\n");
        let labels: Vec<String> = r
            .blocks
            .iter()
            .map(|_| {
                self.next_label += 1;
                format!("^{}{}", ["bb", "blk_", "b.", "entry"][self.next_label as usize % 4], self.next_label)
            })
            .collect();
        for (bi, b) in r.blocks.iter().enumerate() {
            let mut visible: Vec<Visible> = outer.to_vec();
            let mut header = String::new();
            let mut arg_texts = Vec::new();
            for (t, l) in &b.args {
                let name = self.fresh(bi as u8);
                let mut ts = String::new();
                self.ty(t, &mut ts);
                let mut a = format!("%{}: {}", name, ts);
                if let Some(l) = l {
                    a.push_str(" loc(");
                    self.loc(l, &mut a);
                    a.push(')');
                }
                arg_texts.push(a);
                visible.push(Visible { name: format!("%{}", name), ty: ts });
            }
            if bi > 0 || !b.args.is_empty() || b.entry_label || b.ops.is_empty() {
                header.push_str(&" ".repeat(indent));
                header.push_str(&labels[bi]);
                if !arg_texts.is_empty() {
                    header.push('(');
                    header.push_str(&arg_texts.join(", "));
                    header.push(')');
                }
                header.push_str(":\n");
            }
            self.out.push_str(&header);
            let n = b.ops.len();
            for (oi, o) in b.ops.iter().enumerate() {
                let results = self.name_results(o);
                self.op(o, &results, &visible, &labels, indent + 2, oi + 1 == n);
                visible.extend(results.1.iter().cloned());
            }
            if n == 0 && r.blocks.len() > 1 {
                // A block of a region with several blocks needs an op (MLIR's verifier).
                self.out.push_str(&" ".repeat(indent + 2));
                self.out.push_str("\"zz.end\"() : () -> ()");
                if self.cfg.mlir_exact {
                    self.out.push_str(" loc(unknown)");
                }
                self.out.push('\n');
            }
        }
        self.out.push_str(&" ".repeat(indent));
        self.out.push('}');
    }
}

fn op_result_is_function(op: &Op) -> bool {
    matches!(op.results.first(), Some(Ty::Function { .. })) || matches!(op.results.first(), Some(Ty::Alias(_)))
}

fn decoded_key(k: &Key) -> String {
    if !k.quoted {
        return k.name.clone();
    }
    // The generator's escapes are `\XX`, `\\` and `\"`.
    let b = k.name.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            if b[i + 1] == b'\\' || b[i + 1] == b'"' {
                out.push(b[i + 1]);
                i += 2;
                continue;
            }
            if i + 2 < b.len() {
                if let Ok(v) = u8::from_str_radix(std::str::from_utf8(&b[i + 1..i + 3]).unwrap_or("zz"), 16) {
                    out.push(v);
                    i += 3;
                    continue;
                }
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn memref_layout(rank: usize, seed: u8) -> String {
    let dims: Vec<String> = (0..rank).map(|i| format!("d{}", i)).collect();
    match seed % 4 {
        // A non-identity map: reversed dims, the last one shifted.
        0 | 1 => {
            let mut res: Vec<String> = dims.iter().rev().cloned().collect();
            if let Some(l) = res.last_mut() {
                l.push_str(&format!(" + {}", seed % 7 + 1));
            }
            format!("affine_map<({}) -> ({})>", dims.join(", "), res.join(", "))
        }
        // The identity map (MLIR drops it).
        2 => format!("affine_map<({}) -> ({})>", dims.join(", "), dims.join(", ")),
        _ => {
            let strides: Vec<String> = (0..rank).map(|i| if i + 1 == rank { "1".to_string() } else if seed.is_multiple_of(2) { "?".to_string() } else { (4 * (rank - i)).to_string() }).collect();
            if seed.is_multiple_of(3) {
                format!("strided<[{}]>", strides.join(", "))
            } else {
                format!("strided<[{}], offset: {}>", strides.join(", "), if seed.is_multiple_of(5) { "?".to_string() } else { (seed % 9 + 1).to_string() })
            }
        }
    }
}

fn space_text(s: &Space, out: &mut String) {
    match s {
        Space::Int(n) => out.push_str(&n.to_string()),
        Space::TypedInt(n) => out.push_str(&format!("{} : i32", n)),
        Space::Str(t) => out.push_str(&format!("\"{}\"", t)),
    }
}

/// Text of one dense element from a seed.
fn dense_value(e: DenseElem, seed: u64) -> String {
    match e {
        DenseElem::Int(0, _) => "0".into(),
        DenseElem::Int(1, _) => match seed % 3 {
            0 => "true".into(),
            1 => "false".into(),
            _ => (seed % 2).to_string(),
        },
        DenseElem::Int(w, s) => {
            let w = w.min(64);
            let m = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
            let v = seed & m;
            match s {
                Sign::Unsigned => v.to_string(),
                _ => {
                    let half = 1u64 << (w - 1);
                    if v >= half && w < 64 {
                        format!("-{}", (m - v) + 1)
                    } else if v >= half {
                        format!("-{}", (u64::MAX - v) as u128 + 1)
                    } else {
                        v.to_string()
                    }
                }
            }
        }
        DenseElem::Index => ((seed % 2001) as i64 - 1000).to_string(),
        DenseElem::Float(t) => {
            let limit = float_limit(t).min(1.0e6);
            let v = ((seed % 20001) as f64 - 10000.0) / 8.0;
            let v = if t == "f8E8M0FNU" { 2f64.powi((seed % 9) as i32 - 4) } else { v.clamp(-limit, limit) };
            let s = format!("{:?}", v);
            if s.contains('.') && !s.contains('e') {
                s
            } else {
                format!("{}.0", v as i64)
            }
        }
        DenseElem::ComplexF32 => format!("({}, {})", dense_value(DenseElem::Float("f32"), seed), dense_value(DenseElem::Float("f32"), seed >> 20)),
        DenseElem::ComplexI16 => format!("({}, {})", dense_value(DenseElem::Int(16, Sign::Signless), seed), dense_value(DenseElem::Int(16, Sign::Signless), seed >> 20)),
        DenseElem::Str => format!("\"s{}\"", seed % 7),
    }
}

fn dense_elem_text(e: DenseElem) -> String {
    match e {
        DenseElem::Int(w, s) => format!("{}{}", match s {
            Sign::Signless => "i",
            Sign::Signed => "si",
            Sign::Unsigned => "ui",
        }, w),
        DenseElem::Index => "index".into(),
        DenseElem::Float(t) => t.to_string(),
        DenseElem::ComplexF32 => "complex<f32>".into(),
        DenseElem::ComplexI16 => "complex<i16>".into(),
        DenseElem::Str => "!zz.str".into(),
    }
}

/// Raw little-endian bytes of one element for the hex form.
fn dense_bytes(e: DenseElem, seed: u64, out: &mut Vec<u8>) {
    let n = match e {
        DenseElem::Int(w, _) => (w as usize).div_ceil(8),
        DenseElem::Index => 8,
        DenseElem::Float(t) => (float_bits(t) as usize).div_ceil(8),
        DenseElem::ComplexF32 => 8,
        DenseElem::ComplexI16 => 4,
        DenseElem::Str => 0,
    };
    let mut v = seed as u128 | ((seed.rotate_left(17) as u128) << 64);
    if let DenseElem::Int(w, _) = e {
        if w < 128 {
            v &= (1u128 << w) - 1;
        }
    }
    if let DenseElem::Float(t) = e {
        let b = float_bits(t);
        if b < 128 {
            v &= (1u128 << b) - 1;
        }
    }
    for _ in 0..n {
        out.push(v as u8);
        v >>= 8;
    }
}

fn dense_text(d: &Dense, out: &mut String) {
    let n: usize = d.dims.iter().map(|&x| x as usize).product();
    let elem = dense_elem_text(d.elem);
    let dims_text: String = d.dims.iter().map(|x| format!("{}x", x)).collect();
    let ty = if d.vector && d.dims.iter().all(|&x| x > 0) && !d.dims.is_empty() {
        format!("vector<{}{}>", dims_text, elem)
    } else {
        format!("tensor<{}{}>", dims_text, elem)
    };
    out.push_str("dense<");
    match &d.form {
        _ if n == 0 => {
            if d.dims.len() > 1 {
                // Nested empty lists.
                out.push('[');
                let outer = d.dims[0] as usize;
                out.push_str(&vec!["[]"; outer].join(", "));
                out.push(']');
            }
        }
        DenseForm::Splat(s) => out.push_str(&dense_value(d.elem, *s)),
        DenseForm::List(seeds) => nested(&d.dims, seeds, d.elem, &mut 0, out),
        DenseForm::Hex(seeds) => {
            if let DenseElem::Int(1, _) = d.elem {
                let mut bytes = vec![0u8; n.div_ceil(8)];
                for (i, s) in seeds.iter().enumerate() {
                    if s % 2 == 1 {
                        bytes[i / 8] |= 1 << (i % 8);
                    }
                }
                out.push_str(&format!("\"0x{}\"", bytes.iter().map(|b| format!("{:02X}", b)).collect::<String>()));
            } else {
                let mut bytes = Vec::new();
                for &s in seeds {
                    dense_bytes(d.elem, s, &mut bytes);
                }
                out.push_str(&format!("\"0x{}\"", bytes.iter().map(|b| format!("{:02x}", b)).collect::<String>()));
            }
        }
    }
    out.push_str("> : ");
    out.push_str(&ty);
}

fn nested(dims: &[u8], seeds: &[u64], e: DenseElem, pos: &mut usize, out: &mut String) {
    match dims.split_first() {
        None => {
            out.push_str(&dense_value(e, seeds.get(*pos).copied().unwrap_or(0)));
            *pos += 1;
        }
        Some((&n, rest)) => {
            out.push('[');
            for i in 0..n {
                if i > 0 {
                    out.push_str(", ");
                }
                nested(rest, seeds, e, pos, out);
            }
            out.push(']');
        }
    }
}

impl Program {
    /// The program as text.
    pub fn render(&self, cfg: GenConfig) -> String {
        let mut r = Renderer { p: self, cfg, out: String::new(), next_name: 0, next_label: 0 };
        for (i, t) in self.type_aliases.iter().enumerate() {
            let mut s = format!("!T{} = ", i);
            // Alias definitions do not use aliases.
            let t = strip_alias_ty(t);
            r.ty(&t, &mut s);
            r.out.push_str(&s);
            r.out.push('\n');
        }
        for (i, a) in self.attr_aliases.iter().enumerate() {
            let mut s = format!("#A{} = ", i);
            let a = strip_alias_attr(a);
            r.attr(&a, &mut s);
            r.out.push_str(&s);
            r.out.push('\n');
        }
        for (i, l) in self.loc_aliases.iter().enumerate() {
            let mut s = format!("#L{} = loc(", i);
            let l = strip_alias_loc(l);
            r.loc(&l, &mut s);
            s.push(')');
            r.out.push_str(&s);
            r.out.push('\n');
        }
        // Module-level values: visible everywhere in the module (graph region).
        let named: Vec<(String, Vec<Visible>)> = self.ops.iter().map(|o| r.name_results(o)).collect();
        let all: Vec<Visible> = named.iter().flat_map(|(_, v)| v.iter().cloned()).collect();
        let indent = if self.module.is_some() { 2 } else { 0 };
        if self.module.is_some() {
            r.out.push_str("\"builtin.module\"() ({\n");
            if self.ops.is_empty() {
                r.out.push_str("^bb0:\n");
            }
        }
        for (i, o) in self.ops.iter().enumerate() {
            // An op does not see its own results inside its regions.
            let own: Vec<&str> = named[i].1.iter().map(|v| v.name.as_str()).collect();
            let visible: Vec<Visible> = all.iter().filter(|v| !own.contains(&v.name.as_str())).cloned().collect();
            r.op(o, &named[i], &visible, &[], indent, false);
        }
        if let Some((loc, attrs)) = &self.module {
            r.out.push_str("}) ");
            // Only dialect-prefixed attribute names are allowed on a module.
            let attrs: Vec<(Key, Attr)> =
                attrs.iter().map(|(k, a)| (Key { name: format!("zz.{}", k.name.replace('\\', "")), quoted: true }, a.clone())).collect();
            if !attrs.is_empty() {
                let mut s = String::new();
                r.dict(&attrs, &mut s);
                r.out.push_str(&s);
                r.out.push(' ');
            }
            r.out.push_str(": () -> ()");
            if let Some(l) = loc {
                r.out.push_str(" loc(");
                let mut s = String::new();
                r.loc(l, &mut s);
                r.out.push_str(&s);
                r.out.push(')');
            }
            r.out.push('\n');
        }
        r.out
    }
}

/// Whether an attribute holds a location (or an alias, which may be one).
fn contains_loc(a: &Attr) -> bool {
    match a {
        Attr::Loc(_) | Attr::Alias(_) => true,
        Attr::Array(items) => items.iter().any(contains_loc),
        Attr::Dict(entries) => entries.iter().any(|(_, v)| contains_loc(v)),
        _ => false,
    }
}

fn strip_alias_ty(t: &Ty) -> Ty {
    match t {
        Ty::Alias(_) => Ty::Int(32, Sign::Signless),
        Ty::Tuple(items) => Ty::Tuple(items.iter().map(strip_alias_ty).collect()),
        Ty::Function { inputs, results } => Ty::Function { inputs: inputs.iter().map(strip_alias_ty).collect(), results: results.iter().map(strip_alias_ty).collect() },
        Ty::Tensor { dims, elem, encoding } => Ty::Tensor { dims: dims.clone(), elem: Box::new(strip_alias_ty(elem)), encoding: encoding.as_ref().map(|e| Box::new(strip_alias_attr(e))) },
        other => other.clone(),
    }
}

fn strip_alias_attr(a: &Attr) -> Attr {
    match a {
        Attr::Alias(_) => Attr::Unit,
        Attr::Array(items) => Attr::Array(items.iter().map(strip_alias_attr).collect()),
        Attr::Dict(entries) => Attr::Dict(entries.iter().map(|(k, v)| (k.clone(), strip_alias_attr(v))).collect()),
        Attr::Type(t) => Attr::Type(strip_alias_ty(t)),
        Attr::Loc(l) => Attr::Loc(strip_alias_loc(l)),
        Attr::Int { text, ty } => Attr::Int { text: text.clone(), ty: ty.as_ref().map(strip_alias_ty) },
        Attr::Str { body, ty } => Attr::Str { body: body.clone(), ty: ty.as_ref().map(strip_alias_ty) },
        Attr::DenseResource { handle, ty } => Attr::DenseResource { handle, ty: strip_alias_ty(ty) },
        other => other.clone(),
    }
}

fn strip_alias_loc(l: &Loc) -> Loc {
    match l {
        Loc::Alias(_) => Loc::Unknown,
        Loc::Name(n, c) => Loc::Name(n, c.as_ref().map(|c| Box::new(strip_alias_loc(c)))),
        Loc::CallSite(a, b) => Loc::CallSite(Box::new(strip_alias_loc(a)), Box::new(strip_alias_loc(b))),
        Loc::Fused(m, ls) => Loc::Fused(m.as_ref().map(|m| Box::new(strip_alias_attr(m))), ls.iter().map(strip_alias_loc).collect()),
        other => other.clone(),
    }
}
