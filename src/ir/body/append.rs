//! [`Body::append`]: moving every op, value, block and region of one body to the end of
//! another's arenas, with their interned ids mapped by an [`IdMap`] and their entity ids
//! shifted. Nothing is placed: ops that were detached in the source (not in any block) stay
//! detached, and the caller puts them where they belong.

use super::{Body, Operand, PackedId, PackedUse, RegionData, ValueData, ValueDef};
use crate::ir::{BlockId, IdMap, OpId, RegionId, ValueId};

/// Where the entities of an appended body went: each id plus the size its arena had.
#[derive(Clone, Copy, Debug)]
pub struct BodyOffsets {
    ops: u32,
    values: u32,
    blocks: u32,
    regions: u32,
    /// Leading blocks of the source that were dropped (they must be unused).
    skipped_blocks: u32,
}

impl BodyOffsets {
    #[inline]
    pub fn op(&self, op: OpId) -> OpId {
        OpId::new(op.index() + self.ops as usize)
    }
    #[inline]
    pub fn value(&self, v: ValueId) -> ValueId {
        ValueId::new(v.index() + self.values as usize)
    }
    #[inline]
    pub fn block(&self, b: BlockId) -> BlockId {
        debug_assert!(b.index() >= self.skipped_blocks as usize, "a dropped block is referred to");
        BlockId::new(b.index() + self.blocks as usize - self.skipped_blocks as usize)
    }
    #[inline]
    pub fn region(&self, r: RegionId) -> RegionId {
        RegionId::new(r.index() + self.regions as usize)
    }
    #[inline]
    fn packed_op(&self, p: PackedId) -> PackedId {
        PackedId::of_op(p.op().map(|o| self.op(o)))
    }
    #[inline]
    fn packed_block(&self, p: PackedId) -> PackedId {
        PackedId::of_block(p.block().map(|b| self.block(b)))
    }
    #[inline]
    fn packed_use(&self, u: PackedUse) -> PackedUse {
        PackedUse::from(u.get().map(|u| super::Use { op: self.op(u.op), slot: u.slot }))
    }
}

impl Body {
    /// Appends all of `other` to this body. `map` maps the interned ids of `other`'s
    /// context to this body's context; `skip_blocks` leading blocks of `other` (which nothing
    /// may refer to, such as the unused top block of a chunk's module) are dropped.
    pub fn append(&mut self, other: Body, map: &IdMap, skip_blocks: usize) -> BodyOffsets {
        let at = BodyOffsets {
            ops: self.ops.len() as u32,
            values: self.values.len() as u32,
            blocks: self.blocks.len() as u32,
            regions: self.regions.len() as u32,
            skipped_blocks: skip_blocks as u32,
        };
        let Body { ops, values, blocks, regions } = other;
        self.ops.reserve(ops.len());
        for mut d in ops {
            d.name = map.sym(d.name);
            for o in d.operands.iter_mut() {
                *o = Operand { value: at.value(o.value), next_use: at.packed_use(o.next_use), prev_use: at.packed_use(o.prev_use) };
            }
            for v in d.results.iter_mut() {
                *v = at.value(*v);
            }
            for g in d.result_names.iter_mut() {
                g.name = map.opt_name(g.name);
            }
            for a in d.attrs.iter_mut() {
                *a = map.named(*a);
            }
            d.properties = map.opt_attr(d.properties);
            for r in d.regions.iter_mut() {
                *r = at.region(*r);
            }
            for (b, _) in d.successors.iter_mut() {
                *b = at.block(*b);
            }
            d.loc = map.opt_attr(d.loc);
            d.parent = at.packed_block(d.parent);
            d.prev = at.packed_op(d.prev);
            d.next = at.packed_op(d.next);
            self.ops.push(d);
        }
        self.values.reserve(values.len());
        self.values.extend(values.into_iter().map(|v| ValueData {
            ty: map.ty(v.ty),
            def: match v.def {
                ValueDef::Result { op, index } => ValueDef::Result { op: at.op(op), index },
                ValueDef::BlockArg { block, index } => ValueDef::BlockArg { block: at.block(block), index },
            },
            first_use: at.packed_use(v.first_use),
        }));
        self.blocks.reserve(blocks.len().saturating_sub(skip_blocks));
        for mut b in blocks.into_iter().skip(skip_blocks) {
            b.label = map.opt_sym(b.label);
            for v in b.args.iter_mut() {
                *v = at.value(*v);
            }
            for info in b.arg_info.iter_mut() {
                info.name = map.opt_name(info.name);
                info.loc = map.opt_attr(info.loc);
            }
            b.parent = b.parent.map(|r| at.region(r));
            b.first = b.first.map(|o| at.op(o));
            b.last = b.last.map(|o| at.op(o));
            self.blocks.push(b);
        }
        self.regions.reserve(regions.len());
        self.regions.extend(regions.into_iter().map(|r| RegionData {
            blocks: r.blocks.iter().map(|&b| at.block(b)).collect(),
            parent: r.parent.map(|o| at.op(o)),
            span: r.span,
        }));
        at
    }
}

#[cfg(test)]
mod tests {
    use crate::ir::{Context, OpSpec, Span, TypeData};

    #[test]
    fn appended_ops_keep_their_links_and_types() {
        let mut dst_cx = Context::new();
        let mut dst = crate::ir::Body::new();
        let top = dst.create_block(Span::default());
        let name = dst_cx.sym("a.op");
        let first = dst.create_op(OpSpec::default(), name);
        dst.append_op(top, first);

        let mut src_cx = Context::new();
        let mut src = crate::ir::Body::new();
        let _unused_top = src.create_block(Span::default());
        let f = src_cx.sym("f32");
        let f32 = src_cx.ty(TypeData::Float(f));
        let op_name = src_cx.sym("b.op");
        let inner = src.create_block(Span::default());
        let def = src.create_op(OpSpec { result_types: smallvec::smallvec![f32], ..Default::default() }, op_name);
        let user = src.create_op(OpSpec::default(), op_name);
        src.append_op(inner, def);
        src.append_op(inner, user);
        let v = src.results(def)[0];
        src.set_operands(user, &[v]);
        let region = src.create_region(vec![inner], Span::default());
        let holder = src.create_op(OpSpec { regions: smallvec::smallvec![region], ..Default::default() }, op_name);

        let map = dst_cx.import(&src_cx);
        let at = dst.append(src, &map, 1);
        let (def, user, holder) = (at.op(def), at.op(user), at.op(holder));
        assert_eq!(dst.block_ops(at.block(inner)).collect::<Vec<_>>(), vec![def, user]);
        assert_eq!(dst.parent_op(def), Some(holder));
        let v = dst.results(def)[0];
        assert_eq!(dst.operands(user).collect::<Vec<_>>(), vec![v]);
        assert_eq!(dst.uses(v).count(), 1);
        let f32_name = dst_cx.sym("f32");
        assert_eq!(dst_cx.type_data(dst.value(v).ty), &TypeData::Float(f32_name));
        assert_eq!(dst_cx.str(dst.op(holder).name), "b.op");
        assert_eq!(dst.parent_block(holder), None);
        assert_eq!(dst.block_ops(top).collect::<Vec<_>>(), vec![first]);
    }
}
