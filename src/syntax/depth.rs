//! How deep a module's printed text can nest: a bound, over every printing mode, of the open
//! brackets the printer emits (`src/printer/`), so that the reader refuses a module whose
//! output it could not read back (issue 19).
//!
//! The reader's limit ([`super::lexer::MAX_NESTING`]) applies to the text it reads. Printing
//! can nest deeper than the text it came from: a custom-form `tfg.graph {` is one bracket
//! per level, its generic form `"tfg.graph"() ({` two; `--canonical` wraps the file in
//! `module {` and spells aliases out in place. So after parsing, a module that may print
//! deeper than the limit is measured, and refused if it would: every accepted module then
//! prints, in every mode, text the reader accepts, which reads back to a module with the
//! same bound (the property `tests/reliability.rs` checks).
//!
//! The measure is only taken when it can matter: when the text nests more than a quarter
//! of the limit or defines aliases (an alias chain nests as deep as it is long once spelled
//! out). Attributes and types are interned, so each is measured once.

use rustc_hash::FxHashMap;

use crate::ir::attrs::{AttrData, Location};
use crate::ir::module::AliasValue;
use crate::ir::types::TypeData;
use crate::ir::{AttrId, Module, OpId, Span, TypeId};

/// Whether a module read from text that nested `source_depth` deep needs measuring.
pub fn needs_measure(m: &Module, source_depth: u32) -> bool {
    source_depth.saturating_mul(2).saturating_add(4) > super::lexer::MAX_NESTING || !m.aliases.is_empty()
}

/// The deepest nesting of brackets the module prints with in any mode (an upper bound), and
/// the span of an op that reaches it.
pub fn printed_depth(m: &Module) -> (u32, Span) {
    let mut d = Depths { m, attrs: FxHashMap::default(), types: FxHashMap::default() };
    // Aliases first, in the order defined: a chain of aliases is measured link by link,
    // never by a recursion as long as the chain.
    for a in &m.aliases {
        match a.value {
            AliasValue::Attr(x) => {
                d.attr(x);
            }
            AliasValue::Type(t) => {
                d.ty(t);
            }
        }
    }
    // `module {` around the ops (--canonical).
    let mut worst = (1u32, Span::default());
    let mut stack: Vec<(OpId, u32)> = m.body.block_ops(m.top).map(|o| (o, 1)).collect();
    while let Some((op, at)) = stack.pop() {
        let data = m.body.op(op);
        let mut deepest = at;
        // Operands, successors, the function type `(ins) -> (outs)`, a location `loc(...)`.
        deepest = deepest.max(at + 1);
        for &r in &data.results {
            deepest = deepest.max(at + 1 + d.ty(m.body.value_type(r)));
        }
        for v in data.operand_values() {
            deepest = deepest.max(at + 1 + d.ty(m.body.value_type(v)));
        }
        // ` {attrs}` or `<{props}>`, and the generic form's added `operandSegmentSizes`.
        for a in &data.attrs {
            deepest = deepest.max(at + 2 + d.attr(a.value));
        }
        if let Some(p) = data.properties {
            deepest = deepest.max(at + 1 + d.attr(p));
        }
        if let Some(l) = data.loc {
            deepest = deepest.max(at + 1 + d.attr(l));
        }
        // `({` of the generic form; block arguments `^bb0(%a: type loc(...))`.
        let inner = at + 2;
        for &r in &data.regions {
            for &b in &m.body.region(r).blocks {
                let block = m.body.block(b);
                for &v in &block.args {
                    deepest = deepest.max(inner + 1 + d.ty(m.body.value_type(v)));
                }
                for info in &block.arg_info {
                    if let Some(l) = info.loc {
                        deepest = deepest.max(inner + 1 + d.attr(l));
                    }
                }
                stack.extend(m.body.block_ops(b).map(|o| (o, inner)));
                deepest = deepest.max(inner);
            }
        }
        if deepest > worst.0 {
            worst = (deepest, data.span);
        }
    }
    worst
}

/// Memoized depths of attributes and types: the brackets each opens when printed, aliases
/// spelled out.
struct Depths<'m> {
    m: &'m Module,
    attrs: FxHashMap<AttrId, u32>,
    types: FxHashMap<TypeId, u32>,
}

impl Depths<'_> {
    fn attr(&mut self, a: AttrId) -> u32 {
        if let Some(&d) = self.attrs.get(&a) {
            return d;
        }
        let ctx = &self.m.ctx;
        let d = match ctx.attr_data(a) {
            AttrData::Unit | AttrData::Bool(_) | AttrData::SymbolRef(_) | AttrData::Hex(_) => 0,
            AttrData::Int { ty, .. } | AttrData::Float { ty, .. } | AttrData::String { ty, .. } => ty.map_or(0, |t| self.ty(t)),
            AttrData::Type(t) => self.ty(*t),
            AttrData::Array(items) => 1 + self.max_attrs(&items.clone()),
            AttrData::Dict(entries) => {
                let values: Vec<AttrId> = entries.iter().map(|e| e.value).collect();
                1 + self.max_attrs(&values)
            }
            AttrData::Dense { value, ty } => {
                let (value, ty) = (*value, *ty);
                (1 + self.attr(value)).max(self.ty(ty))
            }
            AttrData::DenseResource { ty, .. } => 1u32.max(self.ty(*ty)),
            AttrData::DenseArray { elem, values } => {
                let (elem, values) = (*elem, values.clone());
                1 + self.ty(elem).max(self.max_attrs(&values))
            }
            AttrData::ComplexLit(x, y) => {
                let (x, y) = (*x, *y);
                1 + self.attr(x).max(self.attr(y))
            }
            AttrData::TfVersion { .. } => 2,
            AttrData::TfFunc { symbol, attrs } => {
                let (s, x) = (*symbol, *attrs);
                1 + self.attr(s).max(self.attr(x))
            }
            AttrData::TfShape(_) => 1,
            AttrData::TfgRegionAttrs { attrs, arg_attrs, res_attrs } => {
                let first = *attrs;
                let rest: Vec<AttrId> = arg_attrs.iter().chain(res_attrs).copied().collect();
                1 + self.attr(first).max(1 + self.max_attrs(&rest))
            }
            AttrData::Opaque(s) => bracket_depth(ctx.str(*s)),
            AttrData::Alias { target, .. } => self.attr(*target),
            // Inside `loc(...)` (counted where the op prints it), nested locations go bare:
            // `"name"(child)`, `callsite(a at b)`, `fused<meta>[a, b]`.
            AttrData::Loc(l) => match l.clone() {
                Location::Unknown | Location::FileLineCol { .. } => 0,
                Location::Name { child, .. } => child.map_or(0, |c| 1 + self.attr(c)),
                Location::CallSite { callee, caller } => 1 + self.attr(callee).max(self.attr(caller)),
                Location::Fused { metadata, locs } => metadata.map_or(0, |x| 1 + self.attr(x)).max(1 + self.max_attrs(&locs)),
            },
        };
        self.attrs.insert(a, d);
        d
    }

    fn max_attrs(&mut self, items: &[AttrId]) -> u32 {
        items.iter().map(|&i| self.attr(i)).max().unwrap_or(0)
    }

    fn ty(&mut self, t: TypeId) -> u32 {
        if let Some(&d) = self.types.get(&t) {
            return d;
        }
        let ctx = &self.m.ctx;
        let d = match ctx.type_data(t).clone() {
            TypeData::Integer { .. } | TypeData::Index | TypeData::Float(_) | TypeData::None | TypeData::TfSimple(_) => 0,
            TypeData::Complex(e) | TypeData::UnrankedTensor { elem: e } | TypeData::Vector { elem: e, .. } => 1 + self.ty(e),
            TypeData::Tuple(items) | TypeData::TfWithSubtypes { subtypes: items, .. } => 1 + self.max_types(&items),
            TypeData::Function { inputs, results } => 1 + self.max_types(&inputs).max(self.max_types(&results)),
            TypeData::RankedTensor { elem, encoding, .. } => 1 + self.ty(elem).max(encoding.map_or(0, |e| self.attr(e))),
            TypeData::MemRef { elem, layout, space, .. } => {
                1 + self.ty(elem).max(layout.map_or(0, |a| self.attr(a))).max(space.map_or(0, |a| self.attr(a)))
            }
            TypeData::UnrankedMemRef { elem, space } => 1 + self.ty(elem).max(space.map_or(0, |a| self.attr(a))),
            TypeData::Opaque(s) => bracket_depth(ctx.str(s)),
            TypeData::Alias { target, .. } => self.ty(target),
        };
        self.types.insert(t, d);
        d
    }

    fn max_types(&mut self, items: &[TypeId]) -> u32 {
        items.iter().map(|&i| self.ty(i)).max().unwrap_or(0)
    }
}

/// The deepest nesting of `<([{` in verbatim text (`->` and `>=` are no closers), outside
/// strings.
fn bracket_depth(text: &str) -> u32 {
    let bytes = text.as_bytes();
    let (mut depth, mut deepest, mut in_string, mut i) = (0u32, 0u32, false, 0usize);
    while i < bytes.len() {
        let c = bytes[i];
        if in_string {
            match c {
                b'\\' => i += 1,
                b'"' => in_string = false,
                _ => {}
            }
        } else {
            match c {
                b'"' => in_string = true,
                b'<' | b'(' | b'[' | b'{' => {
                    depth += 1;
                    deepest = deepest.max(depth);
                }
                b'>' if i > 0 && bytes[i - 1] == b'-' || bytes.get(i + 1) == Some(&b'=') => {}
                b'>' | b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        i += 1;
    }
    deepest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verbatim_depth() {
        assert_eq!(bracket_depth("!foo.t<a<b>, (c) -> d>"), 2);
        assert_eq!(bracket_depth("#x<\"<<<\">"), 1);
    }
}

/// Most printed attribute and type nodes the aliases of a module may expand to under
/// `--canonical` (which spells aliases out, as mlir-opt does): 2^27, so a few lines of
/// `#aN = [#aN-1, #aN-1]` (2^N nodes) get an error rather than exhausting memory and disk.
pub const MAX_ALIAS_EXPANSION: u64 = 1 << 27;

/// Checks that spelling out the aliases of `m` (`--canonical`) prints at most
/// [`MAX_ALIAS_EXPANSION`] nodes; the error points at the use that goes over.
pub fn check_alias_expansion(m: &Module) -> Result<(), Vec<crate::diag::Diagnostic>> {
    if m.aliases.is_empty() {
        return Ok(());
    }
    let mut s = Sizes { m, attrs: FxHashMap::default(), types: FxHashMap::default() };
    for a in &m.aliases {
        match a.value {
            AliasValue::Attr(x) => {
                s.attr(x);
            }
            AliasValue::Type(t) => {
                s.ty(t);
            }
        }
    }
    let mut total = 0u64;
    let mut stack: Vec<OpId> = m.body.block_ops(m.top).collect();
    while let Some(op) = stack.pop() {
        let data = m.body.op(op);
        for a in &data.attrs {
            total = total.saturating_add(s.attr(a.value).1);
        }
        for v in data.results.iter().copied().chain(data.operand_values()) {
            total = total.saturating_add(s.ty(m.body.value_type(v)).1);
        }
        if let Some(p) = data.properties {
            total = total.saturating_add(s.attr(p).1);
        }
        for &r in &data.regions {
            for &b in &m.body.region(r).blocks {
                for &v in &m.body.block(b).args {
                    total = total.saturating_add(s.ty(m.body.value_type(v)).1);
                }
                stack.extend(m.body.block_ops(b));
            }
        }
        if total > MAX_ALIAS_EXPANSION {
            return Err(vec![crate::diag::Diagnostic::error(
                data.span,
                format!("spelling out the aliases (as --canonical does) would print more than {} attribute and type nodes", MAX_ALIAS_EXPANSION),
            )]);
        }
    }
    Ok(())
}

/// Memoized sizes `(nodes, nodes that come from spelling out aliases)`, saturating.
struct Sizes<'m> {
    m: &'m Module,
    attrs: FxHashMap<AttrId, (u64, u64)>,
    types: FxHashMap<TypeId, (u64, u64)>,
}

fn add(a: (u64, u64), b: (u64, u64)) -> (u64, u64) {
    (a.0.saturating_add(b.0), a.1.saturating_add(b.1))
}

impl Sizes<'_> {
    fn attr(&mut self, a: AttrId) -> (u64, u64) {
        if let Some(&d) = self.attrs.get(&a) {
            return d;
        }
        let ctx = &self.m.ctx;
        let children: Vec<AttrId> = match ctx.attr_data(a) {
            AttrData::Array(items) => items.clone(),
            AttrData::Dict(entries) => entries.iter().map(|e| e.value).collect(),
            AttrData::Dense { value, .. } => vec![*value],
            AttrData::DenseArray { values, .. } => values.clone(),
            AttrData::ComplexLit(x, y) => vec![*x, *y],
            AttrData::TfFunc { symbol, attrs } => vec![*symbol, *attrs],
            AttrData::TfgRegionAttrs { attrs, arg_attrs, res_attrs } => {
                std::iter::once(*attrs).chain(arg_attrs.iter().copied()).chain(res_attrs.iter().copied()).collect()
            }
            AttrData::Loc(Location::Name { child: Some(c), .. }) => vec![*c],
            AttrData::Loc(Location::CallSite { callee, caller }) => vec![*callee, *caller],
            AttrData::Loc(Location::Fused { metadata, locs }) => metadata.iter().chain(locs).copied().collect(),
            _ => Vec::new(),
        };
        let typed = match ctx.attr_data(a) {
            AttrData::Int { ty, .. } | AttrData::Float { ty, .. } | AttrData::String { ty, .. } => *ty,
            AttrData::Type(t) | AttrData::Dense { ty: t, .. } | AttrData::DenseResource { ty: t, .. } => Some(*t),
            AttrData::DenseArray { elem, .. } => Some(*elem),
            _ => None,
        };
        let d = if let AttrData::Alias { target, .. } = ctx.attr_data(a) {
            let t = self.attr(*target);
            (t.0, t.0)
        } else {
            let mut d = (1, 0);
            for c in children {
                d = add(d, self.attr(c));
            }
            if let Some(t) = typed {
                d = add(d, self.ty(t));
            }
            d
        };
        self.attrs.insert(a, d);
        d
    }

    fn ty(&mut self, t: TypeId) -> (u64, u64) {
        if let Some(&d) = self.types.get(&t) {
            return d;
        }
        let ctx = &self.m.ctx;
        let (types, attrs): (Vec<TypeId>, Vec<AttrId>) = match ctx.type_data(t) {
            TypeData::Complex(e) | TypeData::UnrankedTensor { elem: e } | TypeData::Vector { elem: e, .. } => (vec![*e], vec![]),
            TypeData::Tuple(items) | TypeData::TfWithSubtypes { subtypes: items, .. } => (items.clone(), vec![]),
            TypeData::Function { inputs, results } => (inputs.iter().chain(results).copied().collect(), vec![]),
            TypeData::RankedTensor { elem, encoding, .. } => (vec![*elem], encoding.iter().copied().collect()),
            TypeData::MemRef { elem, layout, space, .. } => (vec![*elem], layout.iter().chain(space).copied().collect()),
            TypeData::UnrankedMemRef { elem, space } => (vec![*elem], space.iter().copied().collect()),
            _ => (vec![], vec![]),
        };
        let d = if let TypeData::Alias { target, .. } = ctx.type_data(t) {
            let x = self.ty(*target);
            (x.0, x.0)
        } else {
            let mut d = (1, 0);
            for c in types {
                d = add(d, self.ty(c));
            }
            for a in attrs {
                d = add(d, self.attr(a));
            }
            d
        };
        self.types.insert(t, d);
        d
    }
}
