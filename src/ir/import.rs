//! Moving IR from one [`Context`] into another: [`Context::import`] re-interns every string,
//! type and attribute of a source context into this one and returns the [`IdMap`] from the
//! source's ids to this context's. The parallel parser uses it to merge a chunk parsed on
//! another thread into the main module (`syntax::parallel`); [`Body::append`] does the same
//! for the arenas of ops, values, blocks and regions.
//!
//! Entries are imported in the source's id order, which is the order they were first
//! interned in. So if the source context saw the input that followed everything this context
//! has seen, the entries new to this context get exactly the ids a single context reading
//! the whole input in order would have given them.
//!
//! [`Body::append`]: super::Body::append

use super::attrs::{AttrData, Location, NamedAttr};
use super::types::TypeData;
use super::{AttrId, Context, Sym, TypeId, ValueName};

/// For each id of a source context, the id of the same value in the context it was
/// imported into.
#[derive(Debug, Default, Clone)]
pub struct IdMap {
    pub syms: Vec<Sym>,
    pub types: Vec<TypeId>,
    pub attrs: Vec<AttrId>,
}

impl IdMap {
    #[inline]
    pub fn sym(&self, s: Sym) -> Sym {
        self.syms[s.index()]
    }
    #[inline]
    pub fn ty(&self, t: TypeId) -> TypeId {
        self.types[t.index()]
    }
    #[inline]
    pub fn attr(&self, a: AttrId) -> AttrId {
        self.attrs[a.index()]
    }
    pub fn opt_sym(&self, s: Option<Sym>) -> Option<Sym> {
        s.map(|s| self.sym(s))
    }
    pub fn name(&self, n: ValueName) -> ValueName {
        n.map_stem(|s| self.sym(s))
    }
    pub fn opt_name(&self, n: Option<ValueName>) -> Option<ValueName> {
        n.map(|n| self.name(n))
    }
    pub fn opt_ty(&self, t: Option<TypeId>) -> Option<TypeId> {
        t.map(|t| self.ty(t))
    }
    pub fn opt_attr(&self, a: Option<AttrId>) -> Option<AttrId> {
        a.map(|a| self.attr(a))
    }
    pub fn named(&self, n: NamedAttr) -> NamedAttr {
        NamedAttr { name: self.sym(n.name), value: self.attr(n.value), quoted: n.quoted.map(|q| self.sym(q)) }
    }
    fn types_of(&self, ts: &[TypeId]) -> Vec<TypeId> {
        ts.iter().map(|&t| self.ty(t)).collect()
    }
    fn attrs_of(&self, xs: &[AttrId]) -> Vec<AttrId> {
        xs.iter().map(|&a| self.attr(a)).collect()
    }

    /// `t` with every id it holds mapped. Types only refer to types interned before them.
    fn type_data(&self, t: &TypeData) -> TypeData {
        use TypeData::*;
        match t {
            Integer { width, signedness } => Integer { width: *width, signedness: *signedness },
            Index => Index,
            Float(s) => Float(self.sym(*s)),
            None => None,
            Complex(e) => Complex(self.ty(*e)),
            Tuple(ts) => Tuple(self.types_of(ts)),
            Function { inputs, results } => Function { inputs: self.types_of(inputs), results: self.types_of(results) },
            RankedTensor { shape, elem, encoding } => {
                RankedTensor { shape: shape.clone(), elem: self.ty(*elem), encoding: self.opt_attr(*encoding) }
            }
            UnrankedTensor { elem } => UnrankedTensor { elem: self.ty(*elem) },
            Vector { shape, scalable, elem } => Vector { shape: shape.clone(), scalable: scalable.clone(), elem: self.ty(*elem) },
            MemRef { shape, elem, layout, space } => MemRef {
                shape: shape.clone(),
                elem: self.ty(*elem),
                layout: self.opt_attr(*layout),
                space: self.opt_attr(*space),
            },
            UnrankedMemRef { elem, space } => UnrankedMemRef { elem: self.ty(*elem), space: self.opt_attr(*space) },
            TfSimple(s) => TfSimple(self.sym(*s)),
            TfWithSubtypes { name, subtypes } => TfWithSubtypes { name: self.sym(*name), subtypes: self.types_of(subtypes) },
            Opaque(s) => Opaque(self.sym(*s)),
            Alias { name, target } => Alias { name: self.sym(*name), target: self.ty(*target) },
        }
    }

    /// `a` with every id it holds mapped. Attributes only refer to attributes interned
    /// before them.
    fn attr_data(&self, a: &AttrData) -> AttrData {
        use AttrData::*;
        match a {
            Unit => Unit,
            Bool(b) => Bool(*b),
            Int { spelling, ty } => Int { spelling: self.sym(*spelling), ty: self.opt_ty(*ty) },
            Float { spelling, ty } => Float { spelling: self.sym(*spelling), ty: self.opt_ty(*ty) },
            String { spelling, ty } => String { spelling: self.sym(*spelling), ty: self.opt_ty(*ty) },
            Type(t) => Type(self.ty(*t)),
            Array(xs) => Array(self.attrs_of(xs)),
            Dict(entries) => Dict(entries.iter().map(|&n| self.named(n)).collect()),
            SymbolRef(parts) => SymbolRef(parts.iter().map(|&s| self.sym(s)).collect()),
            Dense { value, ty } => Dense { value: self.attr(*value), ty: self.ty(*ty) },
            DenseResource { handle, ty } => DenseResource { handle: self.sym(*handle), ty: self.ty(*ty) },
            DenseArray { elem, values } => DenseArray { elem: self.ty(*elem), values: self.attrs_of(values) },
            ComplexLit(re, im) => ComplexLit(self.attr(*re), self.attr(*im)),
            TfVersion { producer, min_consumer, bad_consumers } => {
                TfVersion { producer: *producer, min_consumer: *min_consumer, bad_consumers: bad_consumers.clone() }
            }
            TfFunc { symbol, attrs } => TfFunc { symbol: self.attr(*symbol), attrs: self.attr(*attrs) },
            TfShape(dims) => TfShape(dims.clone()),
            TfgRegionAttrs { attrs, arg_attrs, res_attrs } => TfgRegionAttrs {
                attrs: self.attr(*attrs),
                arg_attrs: self.attrs_of(arg_attrs),
                res_attrs: self.attrs_of(res_attrs),
            },
            Opaque(s) => Opaque(self.sym(*s)),
            Hex(b) => Hex(b.clone()),
            Alias { name, target } => Alias { name: self.sym(*name), target: self.attr(*target) },
            Loc(l) => Loc(self.location(l)),
        }
    }

    fn location(&self, l: &Location) -> Location {
        match l {
            Location::Unknown => Location::Unknown,
            Location::FileLineCol { file, line, col } => Location::FileLineCol { file: self.sym(*file), line: *line, col: *col },
            Location::Name { name, child } => Location::Name { name: self.sym(*name), child: self.opt_attr(*child) },
            Location::CallSite { callee, caller } => Location::CallSite { callee: self.attr(*callee), caller: self.attr(*caller) },
            Location::Fused { metadata, locs } => Location::Fused { metadata: self.opt_attr(*metadata), locs: self.attrs_of(locs) },
        }
    }
}

/// Attributes interned together by [`Context::import`].
const ATTR_BATCH: usize = 16;

impl Context {
    /// Interns every entry of `other` here, in `other`'s id order, and returns where each
    /// one went.
    ///
    /// Types and attributes refer to each other both ways (a tensor's encoding is an
    /// attribute, a type attribute holds a type), so the two are imported together: each
    /// step takes the next entry of whichever kind has all it refers to imported already.
    pub fn import(&mut self, other: &Context) -> IdMap {
        let mut map = IdMap { syms: Vec::with_capacity(other.sym_count()), ..Default::default() };
        self.import_syms(other, &mut map.syms);
        let (n_types, n_attrs) = (other.type_count(), other.attr_count());
        map.types.reserve(n_types);
        map.attrs.reserve(n_attrs);
        while map.types.len() < n_types || map.attrs.len() < n_attrs {
            let before = (map.types.len(), map.attrs.len());
            while map.types.len() < n_types {
                let data = other.type_data(TypeId::new(map.types.len()));
                if !type_refs_ready(data, &map) {
                    break;
                }
                let t = self.ty(map.type_data(data));
                map.types.push(t);
            }
            // In batches of entries whose references are all mapped already, interned
            // together (most of a large part's attributes are new here: a batch waits for
            // memory once instead of once per entry).
            loop {
                // A string without a type (every op's `_mlir_name`) is mapped by its symbol
                // alone (see `Context::plain_string_attr`), without a copy of its data.
                while map.attrs.len() < n_attrs {
                    let &AttrData::String { spelling, ty: None } = other.attr_data(AttrId::new(map.attrs.len())) else { break };
                    let a = self.plain_string_attr(map.sym(spelling));
                    map.attrs.push(a);
                }
                let at = map.attrs.len();
                let batch: Vec<AttrData> = (at..n_attrs.min(at + ATTR_BATCH))
                    .map(|i| other.attr_data(AttrId::new(i)))
                    .take_while(|data| attr_refs_ready(data, &map))
                    // An entry that refers to attributes goes first in its batch: the
                    // entry it refers to may be in the same batch, not mapped yet.
                    .enumerate()
                    .take_while(|(k, data)| *k == 0 || !refers_to_attrs(data))
                    .map(|(_, data)| data)
                    .map(|data| map.attr_data(data))
                    .collect();
                if batch.is_empty() {
                    break;
                }
                let mut ids = Vec::with_capacity(batch.len());
                self.attrs_all(batch, &mut ids);
                map.attrs.extend(ids);
            }
            // Entries only refer to entries made before them, so every round makes progress.
            assert!(before != (map.types.len(), map.attrs.len()), "cyclic type/attribute references");
        }
        map
    }
}

/// Whether `a` holds ids of other attributes.
fn refers_to_attrs(a: &AttrData) -> bool {
    use AttrData::*;
    match a {
        Unit | Bool(_) | Int { .. } | Float { .. } | String { .. } | Type(_) | SymbolRef(_) | DenseResource { .. } => false,
        TfVersion { .. } | TfShape(_) | Opaque(_) | Hex(_) => false,
        Loc(Location::Unknown | Location::FileLineCol { .. }) => false,
        Array(_) | Dict(_) | Dense { .. } | DenseArray { .. } | ComplexLit(..) | TfFunc { .. } | TfgRegionAttrs { .. } | Alias { .. } | Loc(_) => true,
    }
}

/// Whether every attribute `t` refers to is mapped already (its types always are).
fn type_refs_ready(t: &TypeData, map: &IdMap) -> bool {
    let ready = |a: &Option<AttrId>| a.is_none_or(|a| a.index() < map.attrs.len());
    match t {
        TypeData::RankedTensor { encoding, .. } => ready(encoding),
        TypeData::MemRef { layout, space, .. } => ready(layout) && ready(space),
        TypeData::UnrankedMemRef { space, .. } => ready(space),
        _ => true,
    }
}

/// Whether every type `a` refers to is mapped already (its attributes always are).
fn attr_refs_ready(a: &AttrData, map: &IdMap) -> bool {
    let ready = |t: &Option<TypeId>| t.is_none_or(|t| t.index() < map.types.len());
    match a {
        AttrData::Int { ty, .. } | AttrData::Float { ty, .. } | AttrData::String { ty, .. } => ready(ty),
        AttrData::Type(t) | AttrData::Dense { ty: t, .. } | AttrData::DenseResource { ty: t, .. } => ready(&Some(*t)),
        AttrData::DenseArray { elem, .. } => ready(&Some(*elem)),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn import_maps_every_entry_and_keeps_existing_ids() {
        let mut a = Context::new();
        let f32a = a.sym("f32");
        let t_a = a.ty(TypeData::Float(f32a));
        let mut b = Context::new();
        let x = b.sym("x");
        let f32b = b.sym("f32");
        let t_b = b.ty(TypeData::Float(f32b));
        let arr = b.attr(AttrData::Type(t_b));
        let s = b.attr(AttrData::String { spelling: x, ty: Some(t_b) });
        let dict = b.attr(AttrData::Dict(vec![NamedAttr::new(x, arr), NamedAttr::new(f32b, s)]));
        let map = a.import(&b);
        assert_eq!(map.sym(f32b), f32a);
        assert_eq!(map.ty(t_b), t_a);
        assert_eq!(a.str(map.sym(x)), "x");
        let AttrData::Dict(entries) = a.attr_data(map.attr(dict)).clone() else { panic!("not a dict") };
        assert_eq!(a.str(entries[1].name), "f32");
        assert_eq!(a.attr_data(entries[0].value), &AttrData::Type(t_a));
        // Importing again adds nothing.
        let (n_syms, n_types, n_attrs) = (a.sym_count(), a.type_count(), a.attr_count());
        let again = a.import(&b);
        assert_eq!((a.sym_count(), a.type_count(), a.attr_count()), (n_syms, n_types, n_attrs));
        assert_eq!(again.attr(dict), map.attr(dict));
    }

    #[test]
    fn types_and_attributes_that_refer_to_each_other_import_in_order() {
        let mut b = Context::new();
        let enc_name = b.sym("#enc");
        let enc = b.attr(AttrData::Opaque(enc_name));
        let f = b.sym("f32");
        let f32 = b.ty(TypeData::Float(f));
        let tensor = b.ty(TypeData::RankedTensor { shape: vec![2], elem: f32, encoding: Some(enc) });
        let ty_attr = b.attr(AttrData::Type(tensor));
        let mut a = Context::new();
        let map = a.import(&b);
        assert_eq!(a.attr_data(map.attr(ty_attr)), &AttrData::Type(map.ty(tensor)));
        match a.type_data(map.ty(tensor)) {
            TypeData::RankedTensor { encoding, .. } => assert_eq!(*encoding, Some(map.attr(enc))),
            other => panic!("unexpected {:?}", other),
        }
    }
}
