//! Structural equality of two [`Module`]s, for the *lossless IR* guarantee
//! (`parse(print(ir))` equals `ir`). Two modules are equal when their top-level ops match
//! pairwise: same op name, operands (the values they use, matched by position of definition,
//! so forward references in graph regions compare fine), results (types and the names as
//! written, with their `%x:N` grouping), attributes in written order (keys and values,
//! dictionaries keeping their order), properties, regions, blocks (labels, argument names,
//! types and locations), successors, locations, the form the op was written in, and the
//! file's alias definitions and attached comments. Types and attributes are compared by
//! value, so two modules with separate [`Context`]s can be compared; spans (byte offsets)
//! are not compared.
//!
//! [`first_difference`] names the first mismatch with a path such as
//! `op 3 / region 0 / block 1 / op 2: attribute 'value'`.

use rustc_hash::{FxHashMap, FxHashSet};

use super::attrs::{AttrData, Location, NamedAttr};
use super::module::{AliasValue, CommentAnchor, Module};
use super::types::TypeData;
use super::{AttrId, BlockId, Context, OpId, TypeId, ValueId};

/// What to compare besides the IR itself.
#[derive(Clone, Copy, Debug)]
pub struct EqualOptions {
    /// The form each op was written in (custom or generic). Off when comparing a module with
    /// its generic or canonical printout read back.
    pub form: bool,
    /// Value and block names as written. Off for canonical printouts, which rename.
    pub names: bool,
    /// Comments attached to ops and block ends.
    pub comments: bool,
    /// The file's `#alias = ...` / `!alias = ...` definitions (and alias uses by name).
    /// Off for canonical and generic printouts, which expand aliases.
    pub aliases: bool,
    /// Operation and block-argument locations.
    pub locations: bool,
}

impl EqualOptions {
    /// Everything: what preserving printing must keep.
    pub const ALL: EqualOptions = EqualOptions { form: true, names: true, comments: true, aliases: true, locations: true };
}

impl Default for EqualOptions {
    fn default() -> Self {
        EqualOptions::ALL
    }
}

/// Whether `a` and `b` are structurally equal in every respect.
pub fn modules_equal(a: &Module, b: &Module) -> bool {
    first_difference(a, b, EqualOptions::ALL).is_none()
}

/// The first difference between `a` and `b`, if any.
pub fn first_difference(a: &Module, b: &Module, opts: EqualOptions) -> Option<String> {
    let mut cmp = Cmp {
        a,
        b,
        opts,
        values: FxHashMap::default(),
        blocks: FxHashMap::default(),
        ops: Vec::new(),
        attr_eq: FxHashSet::default(),
        type_eq: FxHashSet::default(),
    };
    if opts.aliases {
        if let Err(e) = cmp.aliases() {
            return Some(e);
        }
    }
    // Pass 1: shapes, and the value/block correspondence. Pass 2: operands and successors.
    if let Err(e) = cmp.block_shape(a.top, b.top, "top") {
        return Some(e);
    }
    if let Err(e) = cmp.uses() {
        return Some(e);
    }
    if opts.comments {
        if let Err(e) = cmp.comments() {
            return Some(e);
        }
    }
    None
}

struct Cmp<'m> {
    a: &'m Module,
    b: &'m Module,
    opts: EqualOptions,
    values: FxHashMap<ValueId, ValueId>,
    blocks: FxHashMap<BlockId, BlockId>,
    /// Matched op pairs with their paths, in walk order.
    ops: Vec<(OpId, OpId, String)>,
    attr_eq: FxHashSet<(AttrId, AttrId)>,
    type_eq: FxHashSet<(TypeId, TypeId)>,
}

type Res = Result<(), String>;

fn fail<T>(path: &str, what: impl std::fmt::Display) -> Result<T, String> {
    Err(format!("{}: {}", path, what))
}

impl Cmp<'_> {
    fn aliases(&mut self) -> Res {
        let (la, lb) = (&self.a.aliases, &self.b.aliases);
        if la.len() != lb.len() {
            return fail("aliases", format!("{} definitions vs {}", la.len(), lb.len()));
        }
        for (x, y) in la.iter().zip(lb) {
            let path = format!("alias '{}'", self.a.ctx.str(x.name));
            if self.a.ctx.str(x.name) != self.b.ctx.str(y.name) {
                return fail(&path, format!("named '{}' in the other module", self.b.ctx.str(y.name)));
            }
            match (x.value, y.value) {
                (AliasValue::Attr(p), AliasValue::Attr(q)) => self.attr(p, q, &path)?,
                (AliasValue::Type(p), AliasValue::Type(q)) => self.ty(p, q, &path)?,
                _ => return fail(&path, "type alias vs attribute alias"),
            }
        }
        Ok(())
    }

    fn block_shape(&mut self, x: BlockId, y: BlockId, path: &str) -> Res {
        let (ba, bb) = (&self.a.body, &self.b.body);
        let (dx, dy) = (ba.block(x), bb.block(y));
        if self.opts.names {
            let lx = dx.label.map(|s| self.a.ctx.str(s));
            let ly = dy.label.map(|s| self.b.ctx.str(s));
            if lx != ly {
                return fail(path, format!("block label {:?} vs {:?}", lx, ly));
            }
        }
        if dx.args.len() != dy.args.len() {
            return fail(path, format!("{} block arguments vs {}", dx.args.len(), dy.args.len()));
        }
        self.blocks.insert(x, y);
        for (i, (&va, &vb)) in dx.args.iter().zip(&dy.args).enumerate() {
            let p = format!("{} / argument {}", path, i);
            self.ty(ba.value(va).ty, bb.value(vb).ty, &p)?;
            if self.opts.names {
                let nx = dx.arg_info[i].name.map(|s| self.a.ctx.value_name_text(s));
                let ny = dy.arg_info[i].name.map(|s| self.b.ctx.value_name_text(s));
                if nx != ny {
                    return fail(&p, format!("name {:?} vs {:?}", nx, ny));
                }
            }
            if self.opts.locations {
                self.opt_attr(dx.arg_info[i].loc, dy.arg_info[i].loc, &format!("{} location", p))?;
            }
            self.values.insert(va, vb);
        }
        let ox: Vec<OpId> = ba.block_ops(x).collect();
        let oy: Vec<OpId> = bb.block_ops(y).collect();
        if ox.len() != oy.len() {
            return fail(path, format!("{} ops vs {}", ox.len(), oy.len()));
        }
        for (i, (&p, &q)) in ox.iter().zip(&oy).enumerate() {
            self.op_shape(p, q, &format!("{} / op {}", path, i))?;
        }
        Ok(())
    }

    fn op_shape(&mut self, x: OpId, y: OpId, path: &str) -> Res {
        let (ba, bb) = (&self.a.body, &self.b.body);
        let (dx, dy) = (ba.op(x), bb.op(y));
        let (nx, ny) = (self.a.ctx.str(dx.name), self.b.ctx.str(dy.name));
        let path = format!("{} ({})", path, nx);
        if nx != ny {
            return fail(&path, format!("op name '{}' vs '{}'", nx, ny));
        }
        if self.opts.form && dx.form != dy.form {
            return fail(&path, format!("written in {:?} form vs {:?}", dx.form, dy.form));
        }
        if dx.results.len() != dy.results.len() {
            return fail(&path, format!("{} results vs {}", dx.results.len(), dy.results.len()));
        }
        for (i, (&va, &vb)) in dx.results.iter().zip(&dy.results).enumerate() {
            self.ty(ba.value(va).ty, bb.value(vb).ty, &format!("{} / result {}", path, i))?;
            self.values.insert(va, vb);
        }
        if self.opts.names {
            let gx: Vec<(Option<std::borrow::Cow<str>>, u32)> = dx.result_names.iter().map(|g| (g.name.map(|s| self.a.ctx.value_name_text(s)), g.count)).collect();
            let gy: Vec<(Option<std::borrow::Cow<str>>, u32)> = dy.result_names.iter().map(|g| (g.name.map(|s| self.b.ctx.value_name_text(s)), g.count)).collect();
            if gx != gy {
                return fail(&path, format!("result names {:?} vs {:?}", gx, gy));
            }
        }
        if dx.num_operands() != dy.num_operands() {
            return fail(&path, format!("{} operands vs {}", dx.num_operands(), dy.num_operands()));
        }
        if dx.successors.len() != dy.successors.len() {
            return fail(&path, format!("{} successors vs {}", dx.successors.len(), dy.successors.len()));
        }
        self.named_attrs(&dx.attrs, &dy.attrs, &format!("{} attributes", path))?;
        self.opt_attr(dx.properties, dy.properties, &format!("{} properties", path))?;
        if self.opts.locations {
            self.opt_attr(dx.loc, dy.loc, &format!("{} location", path))?;
        }
        if dx.regions.len() != dy.regions.len() {
            return fail(&path, format!("{} regions vs {}", dx.regions.len(), dy.regions.len()));
        }
        self.ops.push((x, y, path.clone()));
        let regions: Vec<_> = dx.regions.iter().copied().zip(dy.regions.iter().copied()).collect();
        for (ri, (rx, ry)) in regions.into_iter().enumerate() {
            let bx = ba.region(rx).blocks.clone();
            let by = bb.region(ry).blocks.clone();
            let rp = format!("{} / region {}", path, ri);
            if bx.len() != by.len() {
                return fail(&rp, format!("{} blocks vs {}", bx.len(), by.len()));
            }
            for (bi, (&p, &q)) in bx.iter().zip(&by).enumerate() {
                self.block_shape(p, q, &format!("{} / block {}", rp, bi))?;
            }
        }
        Ok(())
    }

    fn uses(&mut self) -> Res {
        let (ba, bb) = (&self.a.body, &self.b.body);
        for (x, y, path) in &self.ops {
            for (i, (va, vb)) in ba.operands(*x).zip(bb.operands(*y)).enumerate() {
                if self.values.get(&va) != Some(&vb) {
                    return fail(path, format!("operand {} uses a different value", i));
                }
            }
            for (i, (sx, sy)) in ba.op(*x).successors.iter().zip(&bb.op(*y).successors).enumerate() {
                if self.blocks.get(&sx.0) != Some(&sy.0) || sx.1 != sy.1 {
                    return fail(path, format!("successor {} differs", i));
                }
            }
        }
        Ok(())
    }

    fn comments(&mut self) -> Res {
        let op_map: FxHashMap<OpId, OpId> = self.ops.iter().map(|(x, y, _)| (*x, *y)).collect();
        if self.a.comments.len() != self.b.comments.len() {
            return fail("comments", format!("{} comment anchors vs {}", self.a.comments.len(), self.b.comments.len()));
        }
        for (anchor, lines) in &self.a.comments {
            let mapped = match anchor {
                CommentAnchor::BeforeOp(op) => op_map.get(op).map(|&o| CommentAnchor::BeforeOp(o)),
                CommentAnchor::EndOfLine(op) => op_map.get(op).map(|&o| CommentAnchor::EndOfLine(o)),
                CommentAnchor::BlockEnd(b) => self.blocks.get(b).map(|&o| CommentAnchor::BlockEnd(o)),
                CommentAnchor::BeforeBlock(b) => self.blocks.get(b).map(|&o| CommentAnchor::BeforeBlock(o)),
                CommentAnchor::BeforeAlias(k) => Some(CommentAnchor::BeforeAlias(*k)),
            };
            let other = mapped.and_then(|m| self.b.comments.get(&m));
            if other != Some(lines) {
                return fail("comments", format!("comment {:?} not found at the same place", lines.first()));
            }
        }
        Ok(())
    }

    fn named_attrs(&mut self, x: &[NamedAttr], y: &[NamedAttr], path: &str) -> Res {
        if x.len() != y.len() {
            return fail(path, format!("{} entries vs {}", x.len(), y.len()));
        }
        for (p, q) in x.iter().zip(y) {
            let (kx, ky) = (self.a.ctx.str(p.name), self.b.ctx.str(q.name));
            if kx != ky {
                return fail(path, format!("key '{}' vs '{}'", kx, ky));
            }
            self.attr(p.value, q.value, &format!("{} '{}'", path, kx))?;
        }
        Ok(())
    }

    fn opt_attr(&mut self, x: Option<AttrId>, y: Option<AttrId>, path: &str) -> Res {
        match (x, y) {
            (None, None) => Ok(()),
            (Some(p), Some(q)) => self.attr(p, q, path),
            _ => fail(path, format!("present: {} vs {}", x.is_some(), y.is_some())),
        }
    }

    fn attrs(&mut self, x: &[AttrId], y: &[AttrId], path: &str) -> Res {
        if x.len() != y.len() {
            return fail(path, format!("{} elements vs {}", x.len(), y.len()));
        }
        for (&p, &q) in x.iter().zip(y) {
            self.attr(p, q, path)?;
        }
        Ok(())
    }

    fn opt_ty(&mut self, x: Option<TypeId>, y: Option<TypeId>, path: &str) -> Res {
        match (x, y) {
            (None, None) => Ok(()),
            (Some(p), Some(q)) => self.ty(p, q, path),
            _ => fail(path, "typed vs untyped"),
        }
    }

    fn attr(&mut self, x: AttrId, y: AttrId, path: &str) -> Res {
        let (ca, cb): (&Context, &Context) = (&self.a.ctx, &self.b.ctx);
        let (x, y) = if self.opts.aliases { (x, y) } else { (ca.resolved_attr(x), cb.resolved_attr(y)) };
        if self.attr_eq.contains(&(x, y)) {
            return Ok(());
        }
        let s = |c: &Context, sym| c.str(sym).to_string();
        let differ = || fail(path, format!("attribute {:?} vs {:?}", short(ca, x), short(cb, y)));
        match (ca.attr_data(x).clone(), cb.attr_data(y).clone()) {
            (AttrData::Unit, AttrData::Unit) => {}
            (AttrData::Bool(p), AttrData::Bool(q)) if p == q => {}
            (AttrData::Int { spelling: p, ty: tp }, AttrData::Int { spelling: q, ty: tq })
            | (AttrData::Float { spelling: p, ty: tp }, AttrData::Float { spelling: q, ty: tq })
            | (AttrData::String { spelling: p, ty: tp }, AttrData::String { spelling: q, ty: tq }) => {
                if s(ca, p) != s(cb, q) {
                    return differ();
                }
                self.opt_ty(tp, tq, path)?;
            }
            (AttrData::Type(p), AttrData::Type(q)) => self.ty(p, q, path)?,
            (AttrData::Array(p), AttrData::Array(q)) => self.attrs(&p, &q, path)?,
            (AttrData::Dict(p), AttrData::Dict(q)) => self.named_attrs(&p, &q, path)?,
            (AttrData::SymbolRef(p), AttrData::SymbolRef(q)) => {
                let pp: Vec<String> = p.iter().map(|&x| s(ca, x)).collect();
                let qq: Vec<String> = q.iter().map(|&x| s(cb, x)).collect();
                if pp != qq {
                    return differ();
                }
            }
            (AttrData::Dense { value: p, ty: tp }, AttrData::Dense { value: q, ty: tq }) => {
                self.attr(p, q, path)?;
                self.ty(tp, tq, path)?;
            }
            (AttrData::DenseResource { handle: p, ty: tp }, AttrData::DenseResource { handle: q, ty: tq }) => {
                if s(ca, p) != s(cb, q) {
                    return differ();
                }
                self.ty(tp, tq, path)?;
            }
            (AttrData::DenseArray { elem: tp, values: p }, AttrData::DenseArray { elem: tq, values: q }) => {
                self.ty(tp, tq, path)?;
                self.attrs(&p, &q, path)?;
            }
            (AttrData::ComplexLit(p1, p2), AttrData::ComplexLit(q1, q2)) => {
                self.attr(p1, q1, path)?;
                self.attr(p2, q2, path)?;
            }
            (
                AttrData::TfVersion { producer: p1, min_consumer: p2, bad_consumers: p3 },
                AttrData::TfVersion { producer: q1, min_consumer: q2, bad_consumers: q3 },
            ) if p1 == q1 && p2 == q2 && p3 == q3 => {}
            (AttrData::TfFunc { symbol: p1, attrs: p2 }, AttrData::TfFunc { symbol: q1, attrs: q2 }) => {
                self.attr(p1, q1, path)?;
                self.attr(p2, q2, path)?;
            }
            (AttrData::TfShape(p), AttrData::TfShape(q)) if p == q => {}
            (
                AttrData::TfgRegionAttrs { attrs: p1, arg_attrs: p2, res_attrs: p3 },
                AttrData::TfgRegionAttrs { attrs: q1, arg_attrs: q2, res_attrs: q3 },
            ) => {
                self.attr(p1, q1, path)?;
                self.attrs(&p2, &q2, path)?;
                self.attrs(&p3, &q3, path)?;
            }
            (AttrData::Opaque(p), AttrData::Opaque(q)) => {
                if s(ca, p) != s(cb, q) {
                    return differ();
                }
            }
            (AttrData::Alias { name: p, target: tp }, AttrData::Alias { name: q, target: tq }) => {
                if s(ca, p) != s(cb, q) {
                    return differ();
                }
                self.attr(tp, tq, path)?;
            }
            (AttrData::Loc(p), AttrData::Loc(q)) => self.loc(&p, &q, path)?,
            (AttrData::Hex(p), AttrData::Hex(q)) if p == q => {}
            // A hex literal held as bytes is the string it prints as.
            (AttrData::Hex(p), AttrData::String { spelling, ty: None }) if hex_spells(&p, cb.str(spelling)) => {}
            (AttrData::String { spelling, ty: None }, AttrData::Hex(q)) if hex_spells(&q, ca.str(spelling)) => {}
            _ => return differ(),
        }
        self.attr_eq.insert((x, y));
        Ok(())
    }

    fn loc(&mut self, x: &Location, y: &Location, path: &str) -> Res {
        let (ca, cb) = (&self.a.ctx, &self.b.ctx);
        let differ = || fail(path, format!("location {:?} vs {:?}", x, y));
        match (x, y) {
            (Location::Unknown, Location::Unknown) => Ok(()),
            (Location::FileLineCol { file: f1, line: l1, col: c1 }, Location::FileLineCol { file: f2, line: l2, col: c2 }) => {
                if ca.str(*f1) != cb.str(*f2) || l1 != l2 || c1 != c2 {
                    return fail(path, format!("location {}:{}:{} vs {}:{}:{}", ca.str(*f1), l1, c1, cb.str(*f2), l2, c2));
                }
                Ok(())
            }
            (Location::Name { name: n1, child: c1 }, Location::Name { name: n2, child: c2 }) => {
                if ca.str(*n1) != cb.str(*n2) {
                    return fail(path, format!("location name {} vs {}", ca.str(*n1), cb.str(*n2)));
                }
                self.opt_attr(*c1, *c2, path)
            }
            (Location::CallSite { callee: a1, caller: b1 }, Location::CallSite { callee: a2, caller: b2 }) => {
                self.attr(*a1, *a2, path)?;
                self.attr(*b1, *b2, path)
            }
            (Location::Fused { metadata: m1, locs: l1 }, Location::Fused { metadata: m2, locs: l2 }) => {
                self.opt_attr(*m1, *m2, path)?;
                self.attrs(l1, l2, path)
            }
            _ => differ(),
        }
    }

    fn types(&mut self, x: &[TypeId], y: &[TypeId], path: &str) -> Res {
        if x.len() != y.len() {
            return fail(path, format!("{} types vs {}", x.len(), y.len()));
        }
        for (&p, &q) in x.iter().zip(y) {
            self.ty(p, q, path)?;
        }
        Ok(())
    }

    fn ty(&mut self, x: TypeId, y: TypeId, path: &str) -> Res {
        let (ca, cb): (&Context, &Context) = (&self.a.ctx, &self.b.ctx);
        let (x, y) = if self.opts.aliases { (x, y) } else { (ca.resolved_type(x), cb.resolved_type(y)) };
        if self.type_eq.contains(&(x, y)) {
            return Ok(());
        }
        let s = |c: &Context, sym| c.str(sym).to_string();
        let differ = || {
            fail(path, format!("type {} vs {}", crate::printer::type_to_string(ca, x), crate::printer::type_to_string(cb, y)))
        };
        match (ca.type_data(x).clone(), cb.type_data(y).clone()) {
            (TypeData::Integer { width: w1, signedness: s1 }, TypeData::Integer { width: w2, signedness: s2 }) if w1 == w2 && s1 == s2 => {}
            (TypeData::Index, TypeData::Index) | (TypeData::None, TypeData::None) => {}
            (TypeData::Float(p), TypeData::Float(q)) | (TypeData::TfSimple(p), TypeData::TfSimple(q)) | (TypeData::Opaque(p), TypeData::Opaque(q)) => {
                if s(ca, p) != s(cb, q) {
                    return differ();
                }
            }
            (TypeData::Complex(p), TypeData::Complex(q)) => self.ty(p, q, path)?,
            (TypeData::Tuple(p), TypeData::Tuple(q)) => self.types(&p, &q, path)?,
            (TypeData::Function { inputs: i1, results: r1 }, TypeData::Function { inputs: i2, results: r2 }) => {
                self.types(&i1, &i2, path)?;
                self.types(&r1, &r2, path)?;
            }
            (
                TypeData::RankedTensor { shape: s1, elem: e1, encoding: n1 },
                TypeData::RankedTensor { shape: s2, elem: e2, encoding: n2 },
            ) if s1 == s2 => {
                self.ty(e1, e2, path)?;
                self.opt_attr(n1, n2, path)?;
            }
            (TypeData::UnrankedTensor { elem: e1 }, TypeData::UnrankedTensor { elem: e2 }) => self.ty(e1, e2, path)?,
            (TypeData::Vector { shape: s1, scalable: c1, elem: e1 }, TypeData::Vector { shape: s2, scalable: c2, elem: e2 })
                if s1 == s2 && c1 == c2 =>
            {
                self.ty(e1, e2, path)?
            }
            (
                TypeData::MemRef { shape: s1, elem: e1, layout: l1, space: p1 },
                TypeData::MemRef { shape: s2, elem: e2, layout: l2, space: p2 },
            ) if s1 == s2 => {
                self.ty(e1, e2, path)?;
                self.opt_attr(l1, l2, path)?;
                self.opt_attr(p1, p2, path)?;
            }
            (TypeData::UnrankedMemRef { elem: e1, space: p1 }, TypeData::UnrankedMemRef { elem: e2, space: p2 }) => {
                self.ty(e1, e2, path)?;
                self.opt_attr(p1, p2, path)?;
            }
            (TypeData::TfWithSubtypes { name: n1, subtypes: t1 }, TypeData::TfWithSubtypes { name: n2, subtypes: t2 }) => {
                if s(ca, n1) != s(cb, n2) {
                    return differ();
                }
                self.types(&t1, &t2, path)?;
            }
            (TypeData::Alias { name: n1, target: t1 }, TypeData::Alias { name: n2, target: t2 }) => {
                if s(ca, n1) != s(cb, n2) {
                    return differ();
                }
                self.ty(t1, t2, path)?;
            }
            _ => return differ(),
        }
        self.type_eq.insert((x, y));
        Ok(())
    }
}

/// Whether `spelling` is the text `blob` prints as (`0x` and upper-case digits).
fn hex_spells(blob: &crate::ir::Blob, spelling: &str) -> bool {
    crate::ir::hex::is_canonical_hex(spelling) && crate::ir::hex::unhex(spelling).is_some_and(|b| b[..] == blob[..])
}

/// A short description of an attribute for messages.
fn short(ctx: &Context, a: AttrId) -> String {
    let mut s = String::new();
    crate::printer::attrs::write_attr(ctx, a, crate::printer::attrs::Style::PRESERVING, &mut s);
    if s.len() > 80 {
        let mut cut = 80;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        s.truncate(cut);
        s.push_str("...");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse_module;

    fn parse(t: &str) -> Module {
        match parse_module(t) {
            Ok(m) => m,
            Err(d) => panic!("parse failed: {:?}", d.first().map(|d| &d.message)),
        }
    }

    #[test]
    fn equal_texts_give_equal_modules() {
        let t = "%a = \"d.a\"(%b) {k = [1, \"x\"]} : (i32) -> i32 loc(\"x\":1:2)\n%b = \"d.b\"() : () -> i32\n";
        assert!(modules_equal(&parse(t), &parse(t)));
    }

    #[test]
    fn differences_are_named() {
        let a = parse("\"d.a\"() {k = 1, j = 2} : () -> ()\n");
        let b = parse("\"d.a\"() {j = 2, k = 1} : () -> ()\n");
        let d = first_difference(&a, &b, EqualOptions::ALL).unwrap_or_default();
        assert!(d.contains("key 'k' vs 'j'"), "{}", d);
        let a = parse("%x = \"d.a\"() : () -> i32\n%y = \"d.a\"() : () -> i32\n\"d.u\"(%x) : (i32) -> ()\n");
        let b = parse("%x = \"d.a\"() : () -> i32\n%y = \"d.a\"() : () -> i32\n\"d.u\"(%y) : (i32) -> ()\n");
        let d = first_difference(&a, &b, EqualOptions { names: false, ..EqualOptions::ALL }).unwrap_or_default();
        assert!(d.contains("operand 0"), "{}", d);
        let c = parse("%x = \"d.a\"() : () -> i32\n%y = \"d.a\"() : () -> i32\n\"d.u\"(%x) : (i32) -> () loc(unknown)\n");
        assert!(first_difference(&a, &c, EqualOptions::ALL).unwrap_or_default().contains("location"));
    }
}
