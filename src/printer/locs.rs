//! Locations and MLIR's own aliases in canonical printing.
//!
//! *Locations* are normalized the way MLIR's location constructors do when the parser builds
//! them ([`NLoc`]): `fused` flattens nested `fused` locations with the same metadata, drops
//! `unknown` parts and duplicates, becomes `unknown` when empty and its only part when it has
//! one and no metadata; a name location's `unknown` child is not printed; a file location
//! without a file name is named `-`.
//!
//! *Aliases* ([`Aliases`]) reproduce MLIR's `AliasInitializer`: a walk over what will be
//! printed, in the printer's order (an op's location, then its regions, operand types, result
//! types and attributes in key order), gives every location `#loc`, every affine map `#map`,
//! every integer set `#set`, every distinct attribute `#distinct` (renumbered in print
//! order) and every tuple type of more than 16 elements `!tuple`. Aliases
//! are sorted by nesting depth (an alias is deeper than the aliases it uses), types before
//! attributes, then by name, keeping first-visit order, and numbered per name (`#loc`,
//! `#loc1`, ...). Aliases reachable only from operation locations are *deferred*: printed
//! after the module; all others are printed before it. Identity is MLIR's uniquing, which
//! here is the canonical text of the attribute or type.

use std::sync::{Mutex, PoisonError};

use rustc_hash::FxHashMap;

use crate::ir::attrs::{AttrData, Location};
use crate::ir::types::TypeData;
use crate::ir::{AttrId, Context, Module, OpId, TypeId};

use super::attrs::{
    is_default_memory_space, is_identity_layout, quoted_bytes, write_attr, write_attr_impl, write_callsite, write_escaped,
    write_fused, write_type, write_type_impl_canonical, Style,
};

// ================================================================================== NLoc

/// A location after MLIR's construction-time normalization.
#[derive(Clone, Debug)]
pub enum NLoc {
    Unknown,
    File { file: Vec<u8>, line: u32, col: u32 },
    Name { name: Vec<u8>, child: Box<NLoc> },
    CallSite { callee: Box<NLoc>, caller: Box<NLoc> },
    Fused { metadata: Option<AttrId>, locs: Vec<NLoc> },
    /// Something that is not a location where one was expected, printed as an attribute.
    Other(AttrId),
}

impl NLoc {
    /// The normalized location of attribute `a` (a `loc(...)` or an alias of one).
    pub fn of(ctx: &Context, a: AttrId) -> NLoc {
        let a = ctx.resolved_attr(a);
        let AttrData::Loc(l) = ctx.attr_data(a) else { return NLoc::Other(a) };
        match l {
            Location::Unknown => NLoc::Unknown,
            Location::FileLineCol { file, line, col } => {
                // MLIR names a file location without a file name `-`.
                let file = quoted_bytes(ctx.str(*file));
                let file = if file.is_empty() { b"-".to_vec() } else { file };
                NLoc::File { file, line: *line, col: *col }
            }
            Location::Name { name, child } => NLoc::Name {
                name: quoted_bytes(ctx.str(*name)),
                child: Box::new(child.map(|c| NLoc::of(ctx, c)).unwrap_or(NLoc::Unknown)),
            },
            Location::CallSite { callee, caller } => {
                NLoc::CallSite { callee: Box::new(NLoc::of(ctx, *callee)), caller: Box::new(NLoc::of(ctx, *caller)) }
            }
            Location::Fused { metadata, locs } => {
                let metadata = metadata.map(|m| ctx.resolved_attr(m));
                let meta_key = metadata.map(|m| attr_key(ctx, m));
                let mut parts: Vec<NLoc> = Vec::new();
                let mut seen: rustc_hash::FxHashSet<String> = rustc_hash::FxHashSet::default();
                // Parts of a flattened `fused` go in as they are (MLIR assumes they hold no
                // `unknown`, but `fused<m>[]` is `fused<m>[unknown]`); others drop `unknown`.
                let mut add = |l: NLoc, flattened: bool, parts: &mut Vec<NLoc>| {
                    if !flattened && matches!(l, NLoc::Unknown) {
                        return;
                    }
                    if seen.insert(l.key(ctx)) {
                        parts.push(l);
                    }
                };
                for &x in locs {
                    match NLoc::of(ctx, x) {
                        NLoc::Fused { metadata: m2, locs: inner } if m2.map(|m| attr_key(ctx, m)) == meta_key => {
                            for l in inner {
                                add(l, true, &mut parts);
                            }
                        }
                        l => add(l, false, &mut parts),
                    }
                }
                match (parts.len(), metadata) {
                    (0, None) => NLoc::Unknown,
                    (0, Some(m)) => NLoc::Fused { metadata: Some(m), locs: vec![NLoc::Unknown] },
                    (1, None) => parts.pop().unwrap_or(NLoc::Unknown),
                    _ => NLoc::Fused { metadata, locs: parts },
                }
            }
        }
    }

    /// MLIR's identity of this location: its text without aliases, as an attribute.
    pub fn key(&self, ctx: &Context) -> String {
        let mut s = String::from("loc(");
        self.write(ctx, Style::CANONICAL, true, &mut s);
        s.push(')');
        s
    }

    /// MLIR's `printLocationInternal`: nested locations (not `top`) use their alias.
    pub fn write(&self, ctx: &Context, style: Style, top: bool, out: &mut String) {
        if !top {
            if let Some(name) = style.aliases.and_then(|a| a.loc_alias(ctx, self)) {
                out.push_str(name);
                return;
            }
        }
        match self {
            NLoc::Unknown => out.push_str("unknown"),
            NLoc::File { file, line, col } => {
                write_escaped(file, out);
                out.push_str(&format!(":{}:{}", line, col));
            }
            NLoc::Name { name, child } => {
                write_escaped(name, out);
                if !matches!(**child, NLoc::Unknown) {
                    out.push('(');
                    child.write(ctx, style, false, out);
                    out.push(')');
                }
            }
            NLoc::CallSite { callee, caller } => {
                write_callsite(out, [&**callee, &**caller], |l, out| l.write(ctx, style, false, out));
            }
            NLoc::Fused { metadata, locs } => {
                write_fused(ctx, *metadata, locs, style, out, |l, out| l.write(ctx, style, false, out));
            }
            NLoc::Other(a) => write_attr(ctx, *a, style, out),
        }
    }
}

/// The canonical text of an attribute without aliases (MLIR's identity of it).
fn attr_key(ctx: &Context, a: AttrId) -> String {
    let mut s = String::new();
    write_attr(ctx, a, Style::CANONICAL, &mut s);
    s
}

fn type_key(ctx: &Context, t: TypeId) -> String {
    let mut s = String::from("\u{1}");
    write_type(ctx, t, Style::CANONICAL, &mut s);
    s
}

// ================================================================================== printing

/// An operation's trailing location: ` loc(#loc3)` or `loc(...)`. `None` is `unknown` in
/// canonical style (MLIR ops always have a location).
pub fn write_op_loc(ctx: &Context, loc: Option<AttrId>, style: Style, out: &mut String) {
    if !style.canonical {
        if let Some(a) = loc {
            write_loc_as_written(ctx, a, style, out);
        }
        return;
    }
    out.push_str("loc(");
    // Most op locations were seen by the alias walk under their own id.
    if let (Some(al), Some(a)) = (style.aliases, loc) {
        if let Some(name) = al.attr_alias(ctx, ctx.resolved_attr(a)) {
            out.push_str(name);
            out.push(')');
            return;
        }
    }
    let nloc = loc.map(|a| NLoc::of(ctx, a)).unwrap_or(NLoc::Unknown);
    match style.aliases.and_then(|al| al.loc_alias(ctx, &nloc)) {
        Some(name) => out.push_str(name),
        None => nloc.write(ctx, style, true, out),
    }
    out.push(')');
}

/// A block argument's location: never an alias itself (its parts may be).
pub fn write_arg_loc(ctx: &Context, loc: Option<AttrId>, style: Style, out: &mut String) {
    if !style.canonical {
        if let Some(a) = loc {
            write_loc_as_written(ctx, a, style, out);
        }
        return;
    }
    let nloc = loc.map(|a| NLoc::of(ctx, a)).unwrap_or(NLoc::Unknown);
    out.push_str("loc(");
    nloc.write(ctx, style, true, out);
    out.push(')');
}

/// `loc(...)` as written: the location itself or the alias it was written with.
fn write_loc_as_written(ctx: &Context, a: AttrId, style: Style, out: &mut String) {
    if let AttrData::Loc(_) = ctx.attr_data(a) {
        write_attr(ctx, a, style, out);
    } else {
        out.push_str("loc(");
        super::attrs::write_loc_body(ctx, a, style, out);
        out.push(')');
    }
}

/// A location attribute printed without its own alias: `loc(...)`.
pub(crate) fn write_loc_attr_impl(ctx: &Context, a: AttrId, style: Style, out: &mut String) {
    out.push_str("loc(");
    NLoc::of(ctx, a).write(ctx, style, true, out);
    out.push(')');
}

/// A nested location without the `loc(...)` wrapper, through its alias if it has one.
pub(crate) fn write_loc_body_canonical(ctx: &Context, a: AttrId, style: Style, out: &mut String) {
    NLoc::of(ctx, a).write(ctx, style, false, out);
}

// ================================================================================== aliases

/// What an alias stands for.
#[derive(Clone, Debug)]
enum Target {
    Loc(NLoc),
    Attr(AttrId),
    Type(TypeId),
}

/// One alias, in MLIR's print order.
#[derive(Clone, Debug)]
struct AliasEntry {
    /// `#loc3`, `#map`, `!tuple1`.
    name: String,
    deferred: bool,
    target: Target,
}

/// MLIR's alias table for one printed module.
#[derive(Debug, Default)]
pub struct Aliases {
    entries: Vec<AliasEntry>,
    by_key: FxHashMap<String, usize>,
    by_attr: FxHashMap<AttrId, usize>,
    by_type: FxHashMap<TypeId, usize>,
    /// `distinct[N]` ids as written → as printed: MLIR numbers distinct attributes in the
    /// order it prints them, so the number is given at the first print (which is why a
    /// module that has any is printed sequentially, see [`has_distinct_attrs`]).
    distinct_ids: Mutex<FxHashMap<u64, u64>>,
}

impl Aliases {
    /// The printed id of the distinct attribute written `distinct[id]` (numbered now if
    /// this is its first print).
    pub fn distinct_id(&self, id: u64) -> u64 {
        let mut ids = self.distinct_ids.lock().unwrap_or_else(PoisonError::into_inner);
        let next = ids.len() as u64;
        *ids.entry(id).or_insert(next)
    }

    /// Walks `m` as the canonical printer will print it (`generic`: every op in generic
    /// form; `debuginfo`: locations printed).
    pub fn compute(m: &Module, generic: bool, debuginfo: bool) -> Aliases {
        let mut v = Visitor {
            m,
            ctx: &m.ctx,
            generic,
            debuginfo,
            nodes: Vec::new(),
            index: FxHashMap::default(),
            by_attr: FxHashMap::default(),
            by_type: FxHashMap::default(),
            may_attr: FxHashMap::default(),
            may_type: FxHashMap::default(),
        };
        let top_ops = m.top_ops();
        if top_ops.len() == 1 && m.op_name(top_ops[0]) == "builtin.module" {
            v.visit_op(top_ops[0]);
        } else {
            if debuginfo {
                v.visit_nloc(&NLoc::Unknown, true);
            }
            for &op in &top_ops {
                v.visit_op(op);
            }
        }
        v.finish()
    }

    /// No aliases at all.
    pub fn empty() -> Aliases {
        Aliases::default()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The alias of attribute `a` (already looked through user aliases), if it has one.
    pub fn attr_alias(&self, ctx: &Context, a: AttrId) -> Option<&str> {
        match ctx.attr_data(a) {
            AttrData::Loc(_) => {}
            AttrData::Opaque(t) if is_map_or_set(ctx.str(*t)).is_some() => {}
            _ => return None,
        }
        let i = match self.by_attr.get(&a) {
            Some(&i) => i,
            None => {
                let key = match ctx.attr_data(a) {
                    AttrData::Loc(_) => NLoc::of(ctx, a).key(ctx),
                    _ => attr_key(ctx, a),
                };
                *self.by_key.get(&key)?
            }
        };
        self.entries.get(i).map(|e| e.name.as_str())
    }

    /// The alias of a normalized location.
    pub fn loc_alias(&self, ctx: &Context, l: &NLoc) -> Option<&str> {
        if self.entries.is_empty() {
            return None;
        }
        if let NLoc::Other(a) = l {
            return self.attr_alias(ctx, *a);
        }
        let i = *self.by_key.get(&l.key(ctx))?;
        self.entries.get(i).map(|e| e.name.as_str())
    }

    /// The alias of type `t` (already looked through user aliases), if it has one.
    pub fn type_alias(&self, ctx: &Context, t: TypeId) -> Option<&str> {
        match ctx.type_data(t) {
            TypeData::Tuple(elems) if elems.len() > 16 => {}
            _ => return None,
        }
        let i = match self.by_type.get(&t) {
            Some(&i) => i,
            None => *self.by_key.get(&type_key(ctx, t))?,
        };
        self.entries.get(i).map(|e| e.name.as_str())
    }

    /// `#loc3 = loc(...)` lines of the aliases printed before (`deferred == false`) or after
    /// the module.
    pub fn write_definitions(&self, ctx: &Context, style: Style, deferred: bool, out: &mut String) {
        for e in self.entries.iter().filter(|e| e.deferred == deferred) {
            out.push_str(&e.name);
            out.push_str(" = ");
            match &e.target {
                Target::Loc(l) => {
                    out.push_str("loc(");
                    l.write(ctx, style, true, out);
                    out.push(')');
                }
                Target::Attr(a) => write_attr_impl(ctx, *a, style, out),
                Target::Type(t) => write_type_impl_canonical(ctx, *t, style, out),
            }
            out.push('\n');
        }
    }
}

/// The alias name MLIR gives a builtin attribute kept as text, if any.
fn is_map_or_set(text: &str) -> Option<&'static str> {
    if text.starts_with("affine_map<") {
        Some("map")
    } else if text.starts_with("affine_set<") {
        Some("set")
    } else if text.starts_with("distinct[") {
        Some("distinct")
    } else {
        None
    }
}

/// Whether the context holds a `distinct[N]<...>` attribute, which canonical printing
/// numbers in print order.
pub(crate) fn has_distinct_attrs(ctx: &Context) -> bool {
    (0..ctx.attr_count()).any(|i| match ctx.attr_data(AttrId::new(i)) {
        AttrData::Opaque(text) => ctx.str(*text).starts_with("distinct["),
        _ => false,
    })
}

/// `distinct[N]<body>` split into `N` and `body`.
pub(crate) fn split_distinct(text: &str) -> Option<(u64, &str)> {
    let rest = text.strip_prefix("distinct[")?;
    let close = rest.find(']')?;
    let id = rest[..close].trim().parse().ok()?;
    let body = rest[close + 1..].trim_start().strip_prefix('<')?.strip_suffix('>')?;
    Some((id, body))
}

/// One visited attribute or type (MLIR's `InProgressAliasInfo`).
struct Node {
    alias: Option<&'static str>,
    is_type: bool,
    depth: u32,
    deferrable: bool,
    children: Vec<usize>,
    target: Target,
}

/// MLIR's `AliasInitializer` with its dummy printer.
struct Visitor<'m> {
    m: &'m Module,
    ctx: &'m Context,
    generic: bool,
    debuginfo: bool,
    nodes: Vec<Node>,
    index: FxHashMap<String, usize>,
    by_attr: FxHashMap<AttrId, usize>,
    by_type: FxHashMap<TypeId, usize>,
    may_attr: FxHashMap<AttrId, bool>,
    may_type: FxHashMap<TypeId, bool>,
}

type Visited = Option<(u32, usize)>;

impl Visitor<'_> {
    fn visit_op(&mut self, op: OpId) {
        let body = &self.m.body;
        let od = body.op(op);
        if self.debuginfo {
            match od.loc {
                Some(a) => {
                    self.visit_attr(a, true);
                }
                None => {
                    self.visit_nloc(&NLoc::Unknown, true);
                }
            }
        }
        let custom_module = !self.generic && self.m.op_name(op) == "builtin.module";
        if custom_module {
            let attrs = self.sorted_attrs(op);
            for a in attrs.into_iter().filter(|(k, _)| k != "sym_name").map(|(_, a)| a) {
                self.visit_attr(a, false);
            }
        }
        for &r in &od.regions {
            for (i, &b) in body.region(r).blocks.iter().enumerate() {
                let print_args = !(custom_module && i == 0);
                if print_args {
                    let bd = body.block(b);
                    for (j, &arg) in bd.args.iter().enumerate() {
                        self.visit_type(body.value(arg).ty, false);
                        if self.debuginfo {
                            match bd.arg_info[j].loc {
                                Some(a) => {
                                    self.visit_attr(a, false);
                                }
                                None => {
                                    self.visit_nloc(&NLoc::Unknown, false);
                                }
                            }
                        }
                    }
                }
                for child in body.block_ops(b) {
                    self.visit_op(child);
                }
            }
        }
        if custom_module {
            return;
        }
        let operand_types: Vec<TypeId> = body.operands(op).map(|v| body.value(v).ty).collect();
        for t in operand_types {
            self.visit_type(t, false);
        }
        let result_types: Vec<TypeId> = body.results(op).iter().map(|&v| body.value(v).ty).collect();
        for t in result_types {
            self.visit_type(t, false);
        }
        // The generic form of a registered op prints its properties through the alias pass
        // too (torch-mlir's `<{shape_expressions = #map}>`); an unregistered op's it does not.
        let name = self.m.op_name(op);
        if self.generic && (name.starts_with("torch.") || name.starts_with("func.")) {
            if let Some(p) = od.properties {
                self.visit_attr(p, false);
            }
        }
        for (_, a) in self.sorted_attrs(op) {
            self.visit_attr(a, false);
        }
    }

    /// An op's attributes in MLIR's order (sorted by name).
    fn sorted_attrs(&self, op: OpId) -> Vec<(String, AttrId)> {
        let ctx = self.ctx;
        let mut v: Vec<(String, AttrId)> =
            self.m.body.op(op).attrs.iter().map(|a| (ctx.str(a.name).to_string(), a.value)).collect();
        v.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        v
    }

    /// Whether printing `a` can involve an alias (so it is worth walking).
    fn may_alias_attr(&mut self, a: AttrId) -> bool {
        if let Some(&b) = self.may_attr.get(&a) {
            return b;
        }
        let ctx = self.ctx;
        let r = match ctx.attr_data(a) {
            AttrData::Loc(_) => true,
            AttrData::Opaque(t) => is_map_or_set(ctx.str(*t)).is_some(),
            AttrData::Alias { target, .. } => self.may_alias_attr(*target),
            AttrData::Array(items) => items.clone().into_iter().any(|x| self.may_alias_attr(x)),
            AttrData::Dict(entries) => entries.clone().into_iter().any(|e| self.may_alias_attr(e.value)),
            AttrData::Type(t) => self.may_alias_type(*t),
            AttrData::String { ty: Some(t), .. } => self.may_alias_type(*t),
            AttrData::Dense { ty, .. } | AttrData::DenseResource { ty, .. } => self.may_alias_type(*ty),
            AttrData::TfFunc { attrs, .. } => self.may_alias_attr(*attrs),
            AttrData::TfgRegionAttrs { attrs, arg_attrs, res_attrs } => {
                let all: Vec<AttrId> = std::iter::once(*attrs).chain(arg_attrs.iter().copied()).chain(res_attrs.iter().copied()).collect();
                all.into_iter().any(|x| self.may_alias_attr(x))
            }
            _ => false,
        };
        self.may_attr.insert(a, r);
        r
    }

    fn may_alias_type(&mut self, t: TypeId) -> bool {
        if let Some(&b) = self.may_type.get(&t) {
            return b;
        }
        let r = self.type_children(t).map(|(tys, attrs, aliased)| {
            aliased || tys.into_iter().any(|x| self.may_alias_type(x)) || attrs.into_iter().any(|x| self.may_alias_attr(x))
        });
        let r = r.unwrap_or(false);
        self.may_type.insert(t, r);
        r
    }

    /// The nested types and attributes of `t` in MLIR's walk order, and whether `t` has an
    /// alias of its own. Attributes come after types except for memrefs, which list theirs
    /// in parameter order anyway.
    fn type_children(&self, t: TypeId) -> Option<(Vec<TypeId>, Vec<AttrId>, bool)> {
        let ctx = self.ctx;
        Some(match ctx.type_data(t) {
            TypeData::Alias { target, .. } => (vec![*target], vec![], false),
            TypeData::Complex(e) => (vec![*e], vec![], false),
            TypeData::Tuple(elems) => (elems.clone(), vec![], elems.len() > 16),
            TypeData::Function { inputs, results } => (inputs.iter().chain(results.iter()).copied().collect(), vec![], false),
            TypeData::RankedTensor { elem, encoding, .. } => (vec![*elem], encoding.iter().copied().collect(), false),
            TypeData::UnrankedTensor { elem } | TypeData::Vector { elem, .. } => (vec![*elem], vec![], false),
            TypeData::MemRef { elem, layout, space, .. } => {
                let mut attrs = Vec::new();
                if let Some(l) = layout {
                    if !is_identity_layout(ctx, *l) {
                        attrs.push(*l);
                    }
                }
                if let Some(s) = space {
                    if !is_default_memory_space(ctx, *s) {
                        attrs.push(*s);
                    }
                }
                (vec![*elem], attrs, false)
            }
            TypeData::UnrankedMemRef { elem, space } => {
                (vec![*elem], space.iter().copied().filter(|s| !is_default_memory_space(ctx, *s)).collect(), false)
            }
            TypeData::TfWithSubtypes { subtypes, .. } => (subtypes.clone(), vec![], false),
            _ => return None,
        })
    }

    fn new_node(&mut self, key: String, alias: Option<&'static str>, is_type: bool, deferrable: bool, target: Target) -> usize {
        let i = self.nodes.len();
        self.nodes.push(Node {
            alias,
            is_type,
            depth: if alias.is_some() { 1 } else { 0 },
            deferrable: alias.is_some() && deferrable,
            children: Vec::new(),
            target,
        });
        self.index.insert(key, i);
        i
    }

    fn revisit(&mut self, i: usize, deferrable: bool) -> Visited {
        if !deferrable {
            self.mark_non_deferrable(i);
        }
        Some((self.nodes[i].depth, i))
    }

    fn finish_node(&mut self, i: usize, children: Vec<Visited>) -> Visited {
        let mut max = 0;
        let mut idx = Vec::new();
        for (d, c) in children.into_iter().flatten() {
            max = max.max(d);
            idx.push(c);
        }
        let n = &mut self.nodes[i];
        n.children = idx;
        if max > 0 {
            n.depth = max + 1;
        }
        Some((n.depth, i))
    }

    fn mark_non_deferrable(&mut self, i: usize) {
        if !self.nodes[i].deferrable {
            return;
        }
        self.nodes[i].deferrable = false;
        let children = self.nodes[i].children.clone();
        for c in children {
            self.mark_non_deferrable(c);
        }
    }

    fn visit_attr(&mut self, a: AttrId, deferrable: bool) -> Visited {
        let ctx = self.ctx;
        let a = ctx.resolved_attr(a);
        if !self.may_alias_attr(a) {
            return None;
        }
        if let AttrData::Loc(_) = ctx.attr_data(a) {
            let r = self.visit_nloc(&NLoc::of(ctx, a), deferrable);
            if let Some((_, i)) = r {
                self.by_attr.insert(a, i);
            }
            return r;
        }
        let key = attr_key(ctx, a);
        if let Some(&i) = self.index.get(&key) {
            self.by_attr.insert(a, i);
            return self.revisit(i, deferrable);
        }
        let alias = match ctx.attr_data(a) {
            AttrData::Opaque(t) => is_map_or_set(ctx.str(*t)),
            _ => None,
        };
        let i = self.new_node(key, alias, false, deferrable, Target::Attr(a));
        self.by_attr.insert(a, i);
        let mut children = Vec::new();
        match ctx.attr_data(a).clone() {
            AttrData::Array(items) => {
                for x in items {
                    children.push(self.visit_attr(x, deferrable));
                }
            }
            AttrData::Dict(entries) => {
                let mut sorted: Vec<(String, AttrId)> = entries.iter().map(|e| (ctx.str(e.name).to_string(), e.value)).collect();
                sorted.sort_by(|x, y| x.0.as_bytes().cmp(y.0.as_bytes()));
                for (_, v) in sorted {
                    children.push(self.visit_attr(v, deferrable));
                }
            }
            AttrData::Type(t) => children.push(self.visit_type(t, deferrable)),
            AttrData::String { ty: Some(t), .. } => children.push(self.visit_type(t, deferrable)),
            AttrData::Dense { ty, .. } | AttrData::DenseResource { ty, .. } => children.push(self.visit_type(ty, deferrable)),
            AttrData::TfFunc { attrs, .. } => children.push(self.visit_attr(attrs, deferrable)),
            AttrData::TfgRegionAttrs { attrs, arg_attrs, res_attrs } => {
                children.push(self.visit_attr(attrs, deferrable));
                for x in arg_attrs.into_iter().chain(res_attrs) {
                    children.push(self.visit_attr(x, deferrable));
                }
            }
            _ => {}
        }
        self.finish_node(i, children)
    }

    fn visit_type(&mut self, t: TypeId, deferrable: bool) -> Visited {
        let ctx = self.ctx;
        let t = ctx.resolved_type(t);
        if !self.may_alias_type(t) {
            return None;
        }
        let key = type_key(ctx, t);
        if let Some(&i) = self.index.get(&key) {
            self.by_type.insert(t, i);
            return self.revisit(i, deferrable);
        }
        let (tys, attrs, aliased) = self.type_children(t).unwrap_or_default();
        let i = self.new_node(key, if aliased { Some("tuple") } else { None }, true, deferrable, Target::Type(t));
        self.by_type.insert(t, i);
        let mut children = Vec::new();
        for x in tys {
            children.push(self.visit_type(x, deferrable));
        }
        for x in attrs {
            children.push(self.visit_attr(x, deferrable));
        }
        self.finish_node(i, children)
    }

    fn visit_nloc(&mut self, l: &NLoc, deferrable: bool) -> Visited {
        if let NLoc::Other(a) = l {
            return self.visit_attr(*a, deferrable);
        }
        let key = l.key(self.ctx);
        if let Some(&i) = self.index.get(&key) {
            return self.revisit(i, deferrable);
        }
        let i = self.new_node(key, Some("loc"), false, deferrable, Target::Loc(l.clone()));
        let mut children = Vec::new();
        match l {
            NLoc::Name { child, .. } if !matches!(**child, NLoc::Unknown) => children.push(self.visit_nloc(child, deferrable)),
            NLoc::CallSite { callee, caller } => {
                children.push(self.visit_nloc(callee, deferrable));
                children.push(self.visit_nloc(caller, deferrable));
            }
            NLoc::Fused { metadata, locs } => {
                if let Some(m) = metadata {
                    children.push(self.visit_attr(*m, deferrable));
                }
                for x in locs {
                    children.push(self.visit_nloc(x, deferrable));
                }
            }
            _ => {}
        }
        self.finish_node(i, children)
    }

    fn finish(self) -> Aliases {
        let mut order: Vec<usize> = (0..self.nodes.len()).filter(|&i| self.nodes[i].alias.is_some()).collect();
        let nodes = &self.nodes;
        order.sort_by(|&a, &b| {
            let (x, y) = (&nodes[a], &nodes[b]);
            x.depth.cmp(&y.depth).then(y.is_type.cmp(&x.is_type)).then(x.alias.cmp(&y.alias))
        });
        let mut counts: FxHashMap<&'static str, u32> = FxHashMap::default();
        let mut slot_of_node: FxHashMap<usize, usize> = FxHashMap::default();
        let mut entries = Vec::with_capacity(order.len());
        for &i in &order {
            let n = &nodes[i];
            let base = n.alias.unwrap_or("alias");
            let c = counts.entry(base).or_insert(0);
            let name = format!("{}{}{}", if n.is_type { '!' } else { '#' }, base, if *c == 0 { String::new() } else { c.to_string() });
            *c += 1;
            slot_of_node.insert(i, entries.len());
            entries.push(AliasEntry { name, deferred: n.deferrable, target: n.target.clone() });
        }
        let by_key = self.index.iter().filter_map(|(k, i)| slot_of_node.get(i).map(|&s| (k.clone(), s))).collect();
        let by_attr = self.by_attr.iter().filter_map(|(a, i)| slot_of_node.get(i).map(|&s| (*a, s))).collect();
        let by_type = self.by_type.iter().filter_map(|(t, i)| slot_of_node.get(i).map(|&s| (*t, s))).collect();
        Aliases { entries, by_key, by_attr, by_type, distinct_ids: Default::default() }
    }
}
