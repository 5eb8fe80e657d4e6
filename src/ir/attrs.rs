//! Attribute payloads (also locations). Interned in the [`Context`](super::Context), referred
//! to by [`AttrId`]. Literals keep their spelling so printing can reproduce what was written.

use super::blob::Blob;
use super::{AttrId, Sym, TypeId};

/// What an attribute is.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrData {
    Unit,
    Bool(bool),
    /// An integer literal as spelled (`-12`, `0x1F`), with its optional `: type`.
    Int { spelling: Sym, ty: Option<TypeId> },
    /// A float literal as spelled (`1.0`, `-2.5e3`, `0x7FC00000`), with its optional `: type`.
    Float { spelling: Sym, ty: Option<TypeId> },
    /// A string, spelled as written between the quotes (escapes not decoded).
    String { spelling: Sym, ty: Option<TypeId> },
    Type(TypeId),
    Array(Vec<AttrId>),
    Dict(Vec<NamedAttr>),
    /// `@a::@b`: each part as spelled, with its `@`.
    SymbolRef(Vec<Sym>),
    /// `dense<...> : type`; `value` is the literal (an element, a nested `Array`, a hex
    /// `String`, or `Hex`).
    Dense { value: AttrId, ty: TypeId },
    /// The hex literal `"0x..."` of a `dense<...>` of numbers, held as the raw little-endian
    /// data it denotes (MLIR's hex dense literal); printed as `"0x"` and upper-case digits.
    /// Importers and passes make this form, and the parser makes it of such a literal spelled
    /// in upper case (MLIR's spelling), so equal data is one attribute.
    Hex(Blob),
    /// `dense_resource<handle> : type`.
    DenseResource { handle: Sym, ty: TypeId },
    /// `array<i64: 1, 2>`.
    DenseArray { elem: TypeId, values: Vec<AttrId> },
    /// `(re, im)` complex literal inside `dense<...>`.
    ComplexLit(AttrId, AttrId),
    /// `#tf_type.version<producer = N, min_consumer = M, bad_consumers = [...]>`.
    TfVersion { producer: i64, min_consumer: i64, bad_consumers: Vec<i64> },
    /// `#tf_type.func<@sym, {attrs}>`.
    TfFunc { symbol: AttrId, attrs: AttrId },
    /// `#tf_type.shape<2x?x3>`, `#tf_type.shape<*>` (None), `#tf_type.shape<>` (rank 0).
    TfShape(Option<Vec<i64>>),
    /// `#tfg.region_attrs<{attrs} [arg dicts] [result dicts]>`.
    TfgRegionAttrs { attrs: AttrId, arg_attrs: Vec<AttrId>, res_attrs: Vec<AttrId> },
    /// An attribute amanda-opt does not model, verbatim (`#foo.bar<...>`, `affine_map<...>`).
    Opaque(Sym),
    /// A use of the alias `#name = <target>`.
    Alias { name: Sym, target: AttrId },
    /// A location (`loc(...)` contents).
    Loc(Location),
}

/// One `key = value` entry of a dictionary (`value` is `Unit` for a bare key).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct NamedAttr {
    pub name: Sym,
    pub value: AttrId,
    /// The key as written between quotes (escapes not decoded) when it was written quoted
    /// (`"a" = 1`), so the preserving printer writes it so; `None` for a bare key and for
    /// entries the tool makes. Canonical printing ignores it, as mlir-opt would.
    pub quoted: Option<Sym>,
}

impl NamedAttr {
    /// An entry with a bare (unquoted, or quoted only where MLIR must) key.
    pub fn new(name: Sym, value: AttrId) -> Self {
        NamedAttr { name, value, quoted: None }
    }
}

/// The forms of `loc(...)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Location {
    Unknown,
    /// `"file":line:col`, with the filename as spelled.
    FileLineCol { file: Sym, line: u32, col: u32 },
    /// `"name"` or `"name"(child)`.
    Name { name: Sym, child: Option<AttrId> },
    /// `callsite(callee at caller)`.
    CallSite { callee: AttrId, caller: AttrId },
    /// `fused<metadata>[locs]`.
    Fused { metadata: Option<AttrId>, locs: Vec<AttrId> },
}
