//! [`Body`]: the arenas that hold operations, values, blocks and regions, and the operations
//! that keep them consistent: def-use chains (so replace-all-uses is proportional to the
//! number of uses) and the per-block op order (an intrusive list, so insert and erase are
//! O(1)). Data flow and textual order are separate: a graph region is a bag of ops whose
//! uses may precede definitions; the block list only remembers the order to print in.

use rayon::prelude::*;
use smallvec::SmallVec;

mod append;
mod arena;
mod bind;
mod edit;
mod overlay;
mod part;
mod span;
pub use append::BodyOffsets;
use arena::Arena;
pub use edit::BodyEdit;
pub use overlay::{PlannedEdits, UseOverlay};
pub use part::BodyPart;
pub use span::Span;

use super::attrs::NamedAttr;
use super::{AttrId, BlockId, OpId, RegionId, Sym, TypeId, ValueId, ValueName};

/// A place where a value is used: operand `slot` of `op`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Use {
    pub op: OpId,
    pub slot: u32,
}

/// One operand slot, threaded onto the used value's (doubly-linked) use chain. Operands
/// are only changed through [`Body`]'s methods, which keep the chains whole.
#[derive(Clone, Copy, Debug)]
pub struct Operand {
    value: ValueId,
    next_use: PackedUse,
    prev_use: PackedUse,
}

impl Operand {
    /// The value this operand reads.
    pub fn value(&self) -> ValueId {
        self.value
    }
}

/// `Option<Use>` in 8 bytes (`op == u32::MAX` is none): use chains are on every operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PackedUse {
    op: u32,
    slot: u32,
}

impl PackedUse {
    const NONE: PackedUse = PackedUse { op: u32::MAX, slot: 0 };

    fn get(self) -> Option<Use> {
        (self.op != u32::MAX).then(|| Use { op: OpId::new(self.op as usize), slot: self.slot })
    }

    fn from(u: Option<Use>) -> Self {
        match u {
            Some(u) => PackedUse { op: u.op.index() as u32, slot: u.slot },
            None => PackedUse::NONE,
        }
    }
}

/// `Option<OpId>` / `Option<BlockId>` in 4 bytes, for the links every op carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PackedId(u32);

impl PackedId {
    const NONE: PackedId = PackedId(u32::MAX);

    fn op(self) -> Option<OpId> {
        (self.0 != u32::MAX).then(|| OpId::new(self.0 as usize))
    }

    fn block(self) -> Option<BlockId> {
        (self.0 != u32::MAX).then(|| BlockId::new(self.0 as usize))
    }

    fn of_op(op: Option<OpId>) -> Self {
        op.map(|o| PackedId(o.index() as u32)).unwrap_or(PackedId::NONE)
    }

    fn of_block(b: Option<BlockId>) -> Self {
        b.map(|o| PackedId(o.index() as u32)).unwrap_or(PackedId::NONE)
    }
}

/// A spelled name for a run of results: `%x:3` is `{name: "x", count: 3}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResultGroup {
    /// The name without `%`; `None` when the value was never named (new from a pass).
    pub name: Option<ValueName>,
    pub count: u32,
}

/// How the user wrote an operation; the printer keeps it unless asked otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum OpForm {
    /// The dialect's custom syntax (tfg node form or a dedicated form).
    #[default]
    Custom,
    /// MLIR's generic `"dialect.op"(...)` syntax.
    Generic,
}

/// An operation.
#[derive(Clone, Debug)]
pub struct OpData {
    /// Full name, e.g. `tfg.AddV2` (the `tfg.` prefix is elided only when printing).
    pub name: Sym,
    /// Read with [`Body::operands`]; changed only through `Body`'s operand methods.
    operands: SmallVec<[Operand; 3]>,
    pub results: SmallVec<[ValueId; 2]>,
    /// Names of the results as written, in order; counts add up to `results.len()`.
    pub result_names: SmallVec<[ResultGroup; 2]>,
    /// Attributes in the order written.
    pub attrs: SmallVec<[NamedAttr; 2]>,
    /// MLIR properties (`<{...}>`) of the generic form, kept apart from `attrs`.
    pub properties: Option<AttrId>,
    pub regions: SmallVec<[RegionId; 1]>,
    /// Successor blocks; each takes the next `count` operands after the ordinary ones.
    pub successors: SmallVec<[(BlockId, u32); 0]>,
    pub loc: Option<AttrId>,
    pub form: OpForm,
    pub span: Span,
    parent: PackedId,
    prev: PackedId,
    next: PackedId,
    erased: bool,
}

impl OpData {
    /// Number of operands (successor operands included).
    pub fn num_operands(&self) -> usize {
        self.operands.len()
    }

    /// The operand values in order.
    pub fn operand_values(&self) -> impl ExactSizeIterator<Item = ValueId> + '_ {
        self.operands.iter().map(|o| o.value)
    }

    /// The result groups as written, each with the position of its first value in
    /// `results` (`%a:2, %b` gives positions 0 and 2).
    pub fn result_groups(&self) -> impl Iterator<Item = (&ResultGroup, usize)> + '_ {
        self.result_names.iter().scan(0usize, |next, g| {
            let at = *next;
            *next += g.count as usize;
            Some((g, at))
        })
    }
}

/// Where a value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    Result { op: OpId, index: u32 },
    BlockArg { block: BlockId, index: u32 },
}

/// An SSA value.
#[derive(Clone, Debug)]
pub struct ValueData {
    pub ty: TypeId,
    pub def: ValueDef,
    first_use: PackedUse,
}

/// A block argument's spelling and attachments.
#[derive(Clone, Debug, Default)]
pub struct BlockArgInfo {
    pub name: Option<ValueName>,
    pub loc: Option<AttrId>,
    pub span: Span,
}

/// A basic block.
#[derive(Clone, Debug, Default)]
pub struct BlockData {
    /// `^bb0` as written, without `^`.
    pub label: Option<Sym>,
    pub args: Vec<ValueId>,
    pub arg_info: Vec<BlockArgInfo>,
    pub parent: Option<RegionId>,
    pub span: Span,
    first: Option<OpId>,
    last: Option<OpId>,
    len: u32,
}

/// A region.
#[derive(Clone, Debug, Default)]
pub struct RegionData {
    pub blocks: Vec<BlockId>,
    pub parent: Option<OpId>,
    pub span: Span,
}

/// What to create with [`Body::create_op`].
#[derive(Clone, Debug, Default)]
pub struct OpSpec {
    pub name: Option<Sym>,
    /// Inline for up to four results: no allocation for most ops.
    pub result_types: SmallVec<[TypeId; 4]>,
    pub result_names: SmallVec<[ResultGroup; 2]>,
    pub attrs: SmallVec<[NamedAttr; 2]>,
    pub properties: Option<AttrId>,
    pub regions: SmallVec<[RegionId; 1]>,
    pub loc: Option<AttrId>,
    pub form: OpForm,
    pub span: Span,
}

/// Arenas for ops, values, blocks and regions.
#[derive(Default, Clone, Debug)]
pub struct Body {
    ops: Arena<OpData>,
    values: Arena<ValueData>,
    blocks: Arena<BlockData>,
    regions: Arena<RegionData>,
}

impl Body {
    pub fn new() -> Self {
        Self::default()
    }

    /// Makes room for `ops` more ops and `values` more values.
    pub fn reserve(&mut self, ops: usize, values: usize) {
        self.ops.reserve(ops);
        self.values.reserve(values);
    }

    // ---------------------------------------------------------------- accessors

    pub fn op(&self, op: OpId) -> &OpData {
        &self.ops[op.index()]
    }
    pub fn op_mut(&mut self, op: OpId) -> &mut OpData {
        &mut self.ops[op.index()]
    }
    pub fn value(&self, v: ValueId) -> &ValueData {
        &self.values[v.index()]
    }
    pub fn block(&self, b: BlockId) -> &BlockData {
        &self.blocks[b.index()]
    }
    pub fn block_mut(&mut self, b: BlockId) -> &mut BlockData {
        &mut self.blocks[b.index()]
    }
    pub fn region(&self, r: RegionId) -> &RegionData {
        &self.regions[r.index()]
    }
    pub fn region_mut(&mut self, r: RegionId) -> &mut RegionData {
        &mut self.regions[r.index()]
    }
    /// Number of op slots ever allocated (erased ones included).
    pub fn op_capacity(&self) -> usize {
        self.ops.len()
    }
    pub fn value_capacity(&self) -> usize {
        self.values.len()
    }
    /// Number of block slots ever allocated (blocks of erased ops included).
    pub fn block_capacity(&self) -> usize {
        self.blocks.len()
    }
    /// Starts loading the data of `op`, every cache line of it (only a hint): for a walk
    /// over many ops that will read them soon.
    pub fn prefetch_op(&self, op: OpId) {
        if let Some(data) = self.ops.get(op.index()) {
            let start = data as *const OpData as *const u8;
            for offset in (0..std::mem::size_of::<OpData>()).step_by(64) {
                crate::ir::intern::prefetch_ptr(start.wrapping_add(offset));
            }
        }
    }

    /// Starts loading the lists of `op` kept apart from its data (its operands and
    /// attributes when there are too many to keep inline); best after
    /// [`prefetch_op`](Self::prefetch_op) has brought in the op.
    pub fn prefetch_op_lists(&self, op: OpId) {
        if let Some(data) = self.ops.get(op.index()) {
            if data.operands.spilled() {
                crate::ir::intern::prefetch_ptr(data.operands.as_ptr());
            }
            if data.attrs.spilled() {
                let start = data.attrs.as_ptr() as *const u8;
                for offset in (0..std::mem::size_of_val(&data.attrs[..])).step_by(64) {
                    crate::ir::intern::prefetch_ptr(start.wrapping_add(offset));
                }
            }
        }
    }

    /// Starts loading what [`value`](Self::value) will read for `v` (only a hint).
    pub fn prefetch_value(&self, v: ValueId) {
        if let Some(data) = self.values.get(v.index()) {
            crate::ir::intern::prefetch_read(data);
        }
    }

    /// Starts loading the head of `v`'s use chain, which [`bind_operands`](Self::bind_operands)
    /// reads and relinks; best after [`prefetch_value`](Self::prefetch_value).
    pub fn prefetch_first_use(&self, v: ValueId) {
        if let Some(u) = self.values.get(v.index()).and_then(|d| d.first_use.get()) {
            if let Some(data) = self.ops.get(u.op.index()) {
                crate::ir::intern::prefetch_read(data);
                if let Some(o) = data.operands.get(u.slot as usize) {
                    crate::ir::intern::prefetch_read(o);
                }
            }
        }
    }

    /// Starts loading what [`erase_op`](Self::erase_op) will touch for `op` (see
    /// [`BodyEdit::prefetch_erase`]).
    pub fn prefetch_erase(&self, op: OpId, stage: u8) {
        BodyEdit::prefetch_erase(self, op, stage)
    }

    /// Starts loading the op or block that defines `v`; best after
    /// [`prefetch_value`](Self::prefetch_value) has brought in `v`.
    pub fn prefetch_def(&self, v: ValueId) {
        match self.values.get(v.index()).map(|d| d.def) {
            Some(ValueDef::Result { op, .. }) => {
                if let Some(data) = self.ops.get(op.index()) {
                    crate::ir::intern::prefetch_read(data);
                }
            }
            Some(ValueDef::BlockArg { block, .. }) => {
                if let Some(data) = self.blocks.get(block.index()) {
                    crate::ir::intern::prefetch_read(data);
                }
            }
            None => {}
        }
    }

    pub fn is_erased(&self, op: OpId) -> bool {
        BodyEdit::is_erased(self, op)
    }

    pub fn set_value_type(&mut self, v: ValueId, ty: TypeId) {
        self.values[v.index()].ty = ty;
    }

    /// The values an op reads, in order (successor operands included, at the end).
    pub fn operands(&self, op: OpId) -> impl ExactSizeIterator<Item = ValueId> + '_ {
        self.ops[op.index()].operands.iter().map(|o| o.value)
    }

    pub fn operand(&self, op: OpId, slot: usize) -> ValueId {
        self.ops[op.index()].operands[slot].value
    }

    pub fn num_operands(&self, op: OpId) -> usize {
        self.ops[op.index()].operands.len()
    }

    pub fn results(&self, op: OpId) -> &[ValueId] {
        &self.ops[op.index()].results
    }

    pub fn parent_block(&self, op: OpId) -> Option<BlockId> {
        self.ops[op.index()].parent.block()
    }

    /// The op that owns the region holding `op`.
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        let block = self.ops[op.index()].parent.block()?;
        let region = self.blocks[block.index()].parent?;
        self.regions[region.index()].parent
    }

    /// The op that owns the region holding `block`.
    pub fn block_parent_op(&self, block: BlockId) -> Option<OpId> {
        let region = self.blocks[block.index()].parent?;
        self.regions[region.index()].parent
    }

    /// Sets attribute `name` of `op` to `value`, keeping the position of an existing entry
    /// (new entries go last).
    pub fn set_attr(&mut self, op: OpId, name: Sym, value: AttrId) {
        let attrs = &mut self.ops[op.index()].attrs;
        match attrs.iter_mut().find(|a| a.name == name) {
            Some(a) => a.value = value,
            None => attrs.push(NamedAttr::new(name, value)),
        }
    }

    /// Removes attribute `name` of `op`; returns its value if it had one.
    pub fn remove_attr(&mut self, op: OpId, name: Sym) -> Option<AttrId> {
        let attrs = &mut self.ops[op.index()].attrs;
        let i = attrs.iter().position(|a| a.name == name)?;
        Some(attrs.remove(i).value)
    }

    /// Replaces the whole attribute list of `op`.
    pub fn set_attrs(&mut self, op: OpId, attrs: SmallVec<[NamedAttr; 2]>) {
        self.ops[op.index()].attrs = attrs;
    }

    /// The op's attributes in order.
    pub fn attrs(&self, op: OpId) -> &[NamedAttr] {
        &self.ops[op.index()].attrs
    }

    /// The op that defines `v` (`None` for a block argument).
    pub fn defining_op(&self, v: ValueId) -> Option<OpId> {
        match self.values[v.index()].def {
            ValueDef::Result { op, .. } => Some(op),
            ValueDef::BlockArg { .. } => None,
        }
    }

    /// The type of `v`.
    pub fn value_type(&self, v: ValueId) -> TypeId {
        self.values[v.index()].ty
    }

    /// Whether any result of `op` is used.
    pub fn op_has_uses(&self, op: OpId) -> bool {
        self.ops[op.index()].results.iter().any(|&v| self.has_uses(v))
    }

    /// Whether `ancestor` is `op` or holds it in one of its regions (at any depth).
    pub fn is_ancestor(&self, ancestor: OpId, mut op: OpId) -> bool {
        loop {
            if op == ancestor {
                return true;
            }
            match self.parent_op(op) {
                Some(p) => op = p,
                None => return false,
            }
        }
    }

    /// Removes operand `slot` of `op`; later operands move down one slot.
    pub fn remove_operand(&mut self, op: OpId, slot: usize) {
        let mut values: SmallVec<[ValueId; 8]> = self.operands(op).collect();
        values.remove(slot);
        self.set_operands(op, &values);
    }

    /// Inserts operand `v` at `slot` of `op`; later operands move up one slot.
    pub fn insert_operand(&mut self, op: OpId, slot: usize, v: ValueId) {
        let mut values: SmallVec<[ValueId; 8]> = self.operands(op).collect();
        values.insert(slot, v);
        self.set_operands(op, &values);
    }

    /// Appends a result of type `ty` to `op` (unnamed: the printer gives it a fresh name),
    /// at position `index` of its results; later results move up.
    pub fn insert_result(&mut self, op: OpId, index: usize, ty: TypeId) -> ValueId {
        let v = ValueId::new(self.values.len());
        self.values.push(ValueData { ty, def: ValueDef::Result { op, index: index as u32 }, first_use: PackedUse::NONE });
        let o = &mut self.ops[op.index()];
        o.results.insert(index, v);
        // The new value has no spelled name: give the op fresh names throughout rather
        // than splitting a spelled group.
        let n = o.results.len() as u32;
        o.result_names = smallvec::smallvec![ResultGroup { name: None, count: n }];
        let results = o.results.clone();
        for (i, r) in results.iter().enumerate() {
            self.values[r.index()].def = ValueDef::Result { op, index: i as u32 };
        }
        v
    }

    /// Removes result `index` of `op`, which must be unused.
    pub fn remove_result(&mut self, op: OpId, index: usize) {
        debug_assert!(!self.has_uses(self.ops[op.index()].results[index]), "removing a used result");
        let o = &mut self.ops[op.index()];
        o.results.remove(index);
        // Shrink the group that held it (a group left empty goes).
        let mut at = 0usize;
        let mut drop_group = None;
        for (gi, g) in o.result_names.iter_mut().enumerate() {
            if index < at + g.count as usize {
                g.count -= 1;
                if g.count == 0 {
                    drop_group = Some(gi);
                }
                break;
            }
            at += g.count as usize;
        }
        if let Some(gi) = drop_group {
            o.result_names.remove(gi);
        }
        let results = o.results.clone();
        for (i, r) in results.iter().enumerate() {
            self.values[r.index()].def = ValueDef::Result { op, index: i as u32 };
        }
    }

    /// Forgets the spelled names of `op`'s results, so the printer names them afresh (after
    /// the op's type or node name, tfg style).
    pub fn clear_result_names(&mut self, op: OpId) {
        let o = &mut self.ops[op.index()];
        let n = o.results.len() as u32;
        o.result_names = if n == 0 { SmallVec::new() } else { smallvec::smallvec![ResultGroup { name: None, count: n }] };
    }

    /// Renames op `op` (its full name, e.g. `tfg.Identity`).
    pub fn set_op_name(&mut self, op: OpId, name: Sym) {
        self.ops[op.index()].name = name;
    }

    /// Detaches the blocks of `region` (they stay alive, parentless) and returns them.
    pub fn take_region_blocks(&mut self, region: RegionId) -> Vec<BlockId> {
        let blocks = std::mem::take(&mut self.regions[region.index()].blocks);
        for &b in &blocks {
            self.blocks[b.index()].parent = None;
        }
        blocks
    }

    /// Creates a region holding `blocks` and owned by nobody yet (give it to an op with
    /// [`OpSpec::regions`] or [`Body::push_region`]).
    pub fn push_region(&mut self, op: OpId, region: RegionId) {
        self.regions[region.index()].parent = Some(op);
        self.ops[op.index()].regions.push(region);
    }

    /// Erases block argument `index` of `block`, which must be unused; later arguments
    /// move down.
    pub fn remove_block_arg(&mut self, block: BlockId, index: usize) {
        let b = &mut self.blocks[block.index()];
        let v = b.args.remove(index);
        b.arg_info.remove(index);
        debug_assert!(!self.has_uses(v), "removing a used block argument");
        let args = self.blocks[block.index()].args.clone();
        for (i, a) in args.iter().enumerate() {
            self.values[a.index()].def = ValueDef::BlockArg { block, index: i as u32 };
        }
    }

    /// Inserts a block argument of type `ty` at `index`; later arguments move up.
    pub fn insert_block_arg(&mut self, block: BlockId, index: usize, ty: TypeId, info: BlockArgInfo) -> ValueId {
        let v = ValueId::new(self.values.len());
        self.values.push(ValueData { ty, def: ValueDef::BlockArg { block, index: index as u32 }, first_use: PackedUse::NONE });
        let b = &mut self.blocks[block.index()];
        b.args.insert(index, v);
        b.arg_info.insert(index, info);
        let args = b.args.clone();
        for (i, a) in args.iter().enumerate() {
            self.values[a.index()].def = ValueDef::BlockArg { block, index: i as u32 };
        }
        v
    }

    /// A deep copy of `op` (its regions, blocks and nested ops too), detached. Operands
    /// defined outside the copy are looked up in `map` (values not in it are used as they
    /// are); every value the copy defines is added to `map` (original → copy).
    pub fn clone_op(&mut self, op: OpId, map: &mut rustc_hash::FxHashMap<ValueId, ValueId>) -> OpId {
        // Results and block arguments first, everywhere, so uses before definitions (graph
        // regions) map too; operands once every definition is known.
        let mut pairs: Vec<(OpId, OpId)> = Vec::new();
        let mut blocks = rustc_hash::FxHashMap::default();
        let new = self.clone_structure(op, map, &mut blocks, &mut pairs);
        for (old, copy) in pairs {
            let values: SmallVec<[ValueId; 8]> = self.operands(old).map(|v| *map.get(&v).unwrap_or(&v)).collect();
            self.set_operands(copy, &values);
            // Successors inside the copy point at the copied blocks.
            let succ: SmallVec<[(BlockId, u32); 0]> =
                self.ops[old.index()].successors.iter().map(|&(b, n)| (*blocks.get(&b).unwrap_or(&b), n)).collect();
            self.ops[copy.index()].successors = succ;
        }
        new
    }

    fn clone_structure(
        &mut self,
        op: OpId,
        map: &mut rustc_hash::FxHashMap<ValueId, ValueId>,
        block_map: &mut rustc_hash::FxHashMap<BlockId, BlockId>,
        pairs: &mut Vec<(OpId, OpId)>,
    ) -> OpId {
        let data = self.ops[op.index()].clone();
        let mut regions: SmallVec<[RegionId; 1]> = SmallVec::new();
        for &r in &data.regions {
            let span = self.regions[r.index()].span;
            let mut blocks = Vec::new();
            for b in self.regions[r.index()].blocks.clone() {
                let bd = self.blocks[b.index()].clone();
                let nb = self.create_block(bd.span);
                block_map.insert(b, nb);
                self.blocks[nb.index()].label = bd.label;
                for (i, &a) in bd.args.iter().enumerate() {
                    let na = self.add_block_arg(nb, self.values[a.index()].ty, bd.arg_info[i].clone());
                    map.insert(a, na);
                }
                for child in self.block_ops(b).collect::<Vec<_>>() {
                    let c = self.clone_structure(child, map, block_map, pairs);
                    self.append_op(nb, c);
                }
                blocks.push(nb);
            }
            regions.push(self.create_region(blocks, span));
        }
        let spec = OpSpec {
            name: Some(data.name),
            result_types: data.results.iter().map(|&v| self.values[v.index()].ty).collect(),
            result_names: data.result_names.clone(),
            attrs: data.attrs.clone(),
            properties: data.properties,
            regions,
            loc: data.loc,
            form: data.form,
            span: data.span,
        };
        let new = self.create_op(spec, data.name);
        for (i, &v) in data.results.iter().enumerate() {
            map.insert(v, self.ops[new.index()].results[i]);
        }
        pairs.push((op, new));
        new
    }

    /// The value of an attribute by name.
    pub fn attr(&self, op: OpId, name: Sym) -> Option<AttrId> {
        self.ops[op.index()].attrs.iter().find(|a| a.name == name).map(|a| a.value)
    }

    // ---------------------------------------------------------------- creation

    /// Creates a detached op with fresh result values; operands are set with
    /// [`Body::set_operands`], placement with [`Body::append_op`] and friends.
    pub fn create_op(&mut self, spec: OpSpec, name: Sym) -> OpId {
        let id = OpId::new(self.ops.len());
        let results: SmallVec<[ValueId; 2]> = spec
            .result_types
            .iter()
            .enumerate()
            .map(|(i, &ty)| {
                let v = ValueId::new(self.values.len());
                self.values.push(ValueData { ty, def: ValueDef::Result { op: id, index: i as u32 }, first_use: PackedUse::NONE });
                v
            })
            .collect();
        for &r in &spec.regions {
            self.regions[r.index()].parent = Some(id);
        }
        let result_names = if spec.result_names.is_empty() && !results.is_empty() {
            smallvec::smallvec![ResultGroup { name: None, count: results.len() as u32 }]
        } else {
            spec.result_names
        };
        self.ops.push(OpData {
            name: spec.name.unwrap_or(name),
            operands: SmallVec::new(),
            results,
            result_names,
            attrs: spec.attrs,
            properties: spec.properties,
            regions: spec.regions,
            successors: SmallVec::new(),
            loc: spec.loc,
            form: spec.form,
            span: spec.span,
            parent: PackedId::NONE,
            prev: PackedId::NONE,
            next: PackedId::NONE,
            erased: false,
        });
        id
    }

    pub fn create_block(&mut self, span: Span) -> BlockId {
        let id = BlockId::new(self.blocks.len());
        self.blocks.push(BlockData { span, ..Default::default() });
        id
    }

    pub fn add_block_arg(&mut self, block: BlockId, ty: TypeId, info: BlockArgInfo) -> ValueId {
        let v = ValueId::new(self.values.len());
        let index = self.blocks[block.index()].args.len() as u32;
        self.values.push(ValueData { ty, def: ValueDef::BlockArg { block, index }, first_use: PackedUse::NONE });
        let b = &mut self.blocks[block.index()];
        b.args.push(v);
        b.arg_info.push(info);
        v
    }

    pub fn create_region(&mut self, blocks: Vec<BlockId>, span: Span) -> RegionId {
        let id = RegionId::new(self.regions.len());
        for &b in &blocks {
            self.blocks[b.index()].parent = Some(id);
        }
        self.regions.push(RegionData { blocks, parent: None, span });
        id
    }

    /// Adds `block` at the end of `region`.
    pub fn append_block(&mut self, region: RegionId, block: BlockId) {
        self.blocks[block.index()].parent = Some(region);
        self.regions[region.index()].blocks.push(block);
    }

    // ---------------------------------------------------------------- operands and uses
    //
    // Each value's uses form a doubly-linked list threaded through the operand slots
    // (`next_use` / `prev_use`; the head is the value's `first_use`), so linking and
    // unlinking a use is O(1) whatever the value's fan-out. The relinking itself is in
    // `edit` ([`BodyEdit`]), shared with the parts that workers edit ([`BodyPart`]).

    fn operand_at(&self, u: Use) -> &Operand {
        &self.ops[u.op.index()].operands[u.slot as usize]
    }

    fn link_use(&mut self, u: Use, prev: Option<Use>) {
        edit::link_use(self, u, prev)
    }

    /// Appends operand `v` to `op` and links it at the head of `v`'s chain.
    fn push_linked(&mut self, op: OpId, v: ValueId) {
        let slot = self.ops[op.index()].operands.len() as u32;
        self.ops[op.index()].operands.push(Operand { value: v, next_use: PackedUse::NONE, prev_use: PackedUse::NONE });
        self.link_use(Use { op, slot }, None);
    }

    /// Replaces all operands of `op` (ordinary operands then successor operands).
    pub fn set_operands(&mut self, op: OpId, values: &[ValueId]) {
        self.clear_operands(op);
        for &v in values {
            self.push_linked(op, v);
        }
    }

    /// Gives `op`, which has no operands yet, the operands `values`, placing each use in its
    /// value's use chain so that every chain lists its uses by op id and slot, last first:
    /// the order that linking ops one by one in id order gives, whatever order they are
    /// bound in. Name resolution binds with it, so a parse whose uses are bound partly by
    /// other threads (`syntax::parallel`) gives the chains a sequential one gives.
    pub fn bind_operands(&mut self, op: OpId, values: &[ValueId]) {
        debug_assert!(self.ops[op.index()].operands.is_empty(), "bind_operands on an op with operands");
        for (slot, &v) in values.iter().enumerate() {
            let u = Use { op, slot: slot as u32 };
            let key = (op.index(), u.slot);
            // The chain is in descending order: find the last use above `u`.
            let mut prev: Option<Use> = None;
            let mut cursor = self.values[v.index()].first_use.get();
            while let Some(c) = cursor {
                if (c.op.index(), c.slot) < key {
                    break;
                }
                prev = Some(c);
                cursor = self.operand_at(c).next_use.get();
            }
            self.ops[op.index()].operands.push(Operand { value: v, next_use: PackedUse::NONE, prev_use: PackedUse::NONE });
            self.link_use(u, prev);
        }
    }

    /// Appends one operand to `op`.
    pub fn push_operand(&mut self, op: OpId, v: ValueId) {
        self.push_linked(op, v);
    }

    pub fn set_successors(&mut self, op: OpId, successors: SmallVec<[(BlockId, u32); 0]>) {
        self.ops[op.index()].successors = successors;
    }

    fn clear_operands(&mut self, op: OpId) {
        edit::clear_operands(self, op)
    }

    /// Points operand `slot` of `op` at `v`.
    pub fn set_operand(&mut self, op: OpId, slot: usize, v: ValueId) {
        BodyEdit::set_operand(self, op, slot, v)
    }

    /// Every place `v` is used (most recently added first).
    pub fn uses(&self, v: ValueId) -> UseIter<'_> {
        UseIter { body: self, cursor: self.values[v.index()].first_use.get() }
    }

    pub fn has_uses(&self, v: ValueId) -> bool {
        self.values[v.index()].first_use.get().is_some()
    }

    /// Makes every use of `from` use `to` instead (O(uses of `from`)).
    pub fn replace_all_uses(&mut self, from: ValueId, to: ValueId) {
        BodyEdit::replace_all_uses(self, from, to)
    }

    /// Makes every use of `from` for which `pred` holds use `to` instead.
    pub fn replace_uses_where(&mut self, from: ValueId, to: ValueId, mut pred: impl FnMut(Use) -> bool) {
        if from == to {
            return;
        }
        let uses: SmallVec<[Use; 8]> = self.uses(from).filter(|&u| pred(u)).collect();
        for u in uses {
            self.set_operand(u.op, u.slot as usize, to);
        }
    }

    // ---------------------------------------------------------------- layout

    /// Ops of `block` in order.
    pub fn block_ops(&self, block: BlockId) -> BlockOps<'_> {
        BlockOps { body: self, cursor: self.blocks[block.index()].first }
    }

    pub fn block_len(&self, block: BlockId) -> usize {
        self.blocks[block.index()].len as usize
    }

    pub fn first_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block.index()].first
    }

    pub fn last_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block.index()].last
    }

    pub fn next_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op.index()].next.op()
    }

    /// `block`'s ops if their ids are consecutive and in order (`first`, `first + 1`, …): a
    /// parsed block, unless a pass moved its ops. Then its ops can be handed out by number
    /// instead of by walking their links. Found in one pass over the ops (each op's parent,
    /// next link and regions, read in memory order), on every thread of rayon's pool for a
    /// long block, with those of them that have regions: whoever cuts the block into pieces
    /// or resolves its names then needs to look at no other op.
    pub fn numbered_ops(&self, block: BlockId) -> Option<NumberedOps> {
        let (first, last) = (self.first_op(block)?.index(), self.last_op(block)?.index());
        let len = self.block_len(block);
        if last.checked_sub(first)? + 1 != len {
            return None;
        }
        // The op at `i` if it is in place, and whether it has regions.
        let check = |i: usize| {
            let o = &self.ops[i];
            let linked = o.parent.block() == Some(block) && (i == last || o.next.op() == Some(OpId::new(i + 1)));
            linked.then_some(!o.regions.is_empty())
        };
        let step = |mut found: Vec<OpId>, i: usize| {
            if check(i)? {
                found.push(OpId::new(i));
            }
            Some(found)
        };
        let with_regions = if len < CONSECUTIVE_CHECK_CHUNK {
            (first..last + 1).try_fold(Vec::new(), step)?
        } else {
            (first..last + 1)
                .into_par_iter()
                .with_min_len(CONSECUTIVE_CHECK_CHUNK)
                .try_fold(Vec::new, step)
                .try_reduce(Vec::new, |mut a, b| {
                    a.extend(b);
                    Some(a)
                })?
        };
        Some(NumberedOps { ids: first..last + 1, with_regions })
    }

    /// Places a detached `op` at the end of `block`.
    pub fn append_op(&mut self, block: BlockId, op: OpId) {
        debug_assert!(self.ops[op.index()].parent.block().is_none());
        let last = self.blocks[block.index()].last;
        {
            let o = &mut self.ops[op.index()];
            o.parent = PackedId::of_block(Some(block));
            o.prev = PackedId::of_op(last);
            o.next = PackedId::NONE;
        }
        match last {
            Some(l) => self.ops[l.index()].next = PackedId::of_op(Some(op)),
            None => self.blocks[block.index()].first = Some(op),
        }
        let b = &mut self.blocks[block.index()];
        b.last = Some(op);
        b.len += 1;
    }

    /// Places the detached `ops`, in order, at the end of `block`: as [`append_op`](Self::append_op)
    /// on each, on every thread of rayon's pool for a long list of distinct ops (a parsed
    /// graph's) whose links are independent of each other.
    pub fn append_ops(&mut self, block: BlockId, ops: &[OpId]) {
        let increasing = ops.windows(2).all(|w| w[0] < w[1]);
        let n = self.ops.len();
        if ops.len() < PARALLEL_APPENDS || !increasing || ops.last().is_some_and(|o| o.index() >= n) {
            for &op in ops {
                self.append_op(block, op);
            }
            return;
        }
        let last = self.blocks[block.index()].last;
        let arena = SharedOps(self.ops.as_mut_ptr());
        ops.par_chunks(APPEND_CHUNK).enumerate().for_each(|(chunk, part)| {
            let arena = arena;
            let at = chunk * APPEND_CHUNK;
            for (k, &op) in part.iter().enumerate() {
                let i = at + k;
                let prev = if i == 0 { last } else { Some(ops[i - 1]) };
                // SAFETY: `op` is in bounds (the ids increase up to one in bounds) and
                // written by this thread only (the ids are distinct).
                let d = unsafe { &mut *arena.0.add(op.index()) };
                debug_assert!(d.parent.block().is_none(), "append_ops of an op in a block");
                d.parent = PackedId::of_block(Some(block));
                d.prev = PackedId::of_op(prev);
                d.next = PackedId::of_op(ops.get(i + 1).copied());
            }
        });
        let (first, end) = (ops[0], ops[ops.len() - 1]);
        match last {
            Some(l) => self.ops[l.index()].next = PackedId::of_op(Some(first)),
            None => self.blocks[block.index()].first = Some(first),
        }
        let b = &mut self.blocks[block.index()];
        b.last = Some(end);
        b.len += ops.len() as u32;
    }

    /// Places a detached `op` right before `before`.
    pub fn insert_op_before(&mut self, before: OpId, op: OpId) {
        let Some(block) = self.ops[before.index()].parent.block() else { return };
        let prev = self.ops[before.index()].prev.op();
        {
            let o = &mut self.ops[op.index()];
            o.parent = PackedId::of_block(Some(block));
            o.prev = PackedId::of_op(prev);
            o.next = PackedId::of_op(Some(before));
        }
        self.ops[before.index()].prev = PackedId::of_op(Some(op));
        match prev {
            Some(p) => self.ops[p.index()].next = PackedId::of_op(Some(op)),
            None => self.blocks[block.index()].first = Some(op),
        }
        self.blocks[block.index()].len += 1;
    }

    /// Puts the ops of `block` in the order `order`, which must hold each of them once (a
    /// permutation): one pass over the links, where moving each op to the end would detach
    /// and re-append every one.
    pub fn set_block_order(&mut self, block: BlockId, order: &[OpId]) {
        BodyEdit::set_block_order(self, block, order)
    }

    /// Places a detached `op` right after `after`.
    pub fn insert_op_after(&mut self, after: OpId, op: OpId) {
        match self.ops[after.index()].next.op() {
            Some(next) => self.insert_op_before(next, op),
            None => {
                if let Some(block) = self.ops[after.index()].parent.block() {
                    self.append_op(block, op);
                }
            }
        }
    }

    /// Places a detached `op` at the start of `block`.
    pub fn prepend_op(&mut self, block: BlockId, op: OpId) {
        match self.blocks[block.index()].first {
            Some(first) => self.insert_op_before(first, op),
            None => self.append_op(block, op),
        }
    }

    /// Moves `op` (attached or not) to right before `before`.
    pub fn move_op_before(&mut self, op: OpId, before: OpId) {
        if op == before {
            return;
        }
        self.detach_op(op);
        self.insert_op_before(before, op);
    }

    /// Moves `op` (attached or not) to right after `after`.
    pub fn move_op_after(&mut self, op: OpId, after: OpId) {
        if op == after {
            return;
        }
        self.detach_op(op);
        self.insert_op_after(after, op);
    }

    /// Moves `op` (attached or not) to the end of `block`.
    pub fn move_op_to_end(&mut self, op: OpId, block: BlockId) {
        self.detach_op(op);
        self.append_op(block, op);
    }

    /// Takes `op` out of its block (it stays alive, detached).
    pub fn detach_op(&mut self, op: OpId) {
        BodyEdit::detach_op(self, op)
    }

    /// Erases `op` and everything nested in it. Its results must have no uses left
    /// outside the erased ops (the caller replaces them first).
    pub fn erase_op(&mut self, op: OpId) {
        BodyEdit::erase_op(self, op)
    }

    /// Visits `op` and every op nested in it, parents before children (iteratively).
    pub fn walk(&self, op: OpId, mut f: impl FnMut(OpId)) {
        let mut stack = vec![op];
        while let Some(o) = stack.pop() {
            f(o);
            for &r in self.ops[o.index()].regions.iter().rev() {
                for &b in self.regions[r.index()].blocks.iter().rev() {
                    let mut children: SmallVec<[OpId; 16]> = self.block_ops(b).collect();
                    children.reverse();
                    stack.extend(children);
                }
            }
        }
    }
}

impl BodyEdit for Body {
    fn op_data(&self, op: OpId) -> &OpData {
        &self.ops[op.index()]
    }
    fn op_data_mut(&mut self, op: OpId) -> &mut OpData {
        &mut self.ops[op.index()]
    }
    fn value_data(&self, v: ValueId) -> &ValueData {
        &self.values[v.index()]
    }
    fn value_data_mut(&mut self, v: ValueId) -> &mut ValueData {
        &mut self.values[v.index()]
    }
    fn block_data(&self, b: BlockId) -> &BlockData {
        &self.blocks[b.index()]
    }
    fn block_data_mut(&mut self, b: BlockId) -> &mut BlockData {
        &mut self.blocks[b.index()]
    }
    fn region_data(&self, r: RegionId) -> &RegionData {
        &self.regions[r.index()]
    }
    fn get_op(&self, op: OpId) -> Option<&OpData> {
        self.ops.get(op.index())
    }
    fn get_value(&self, v: ValueId) -> Option<&ValueData> {
        self.values.get(v.index())
    }
}

impl Body {
    /// Checks the def-use invariants: every operand of a live op is in its value's chain
    /// exactly once, chains hold nothing else, and `prev`/`next` links agree. Returns the
    /// first inconsistency found (for tests and debugging; O(ops + uses)).
    pub fn check_use_chains(&self) -> Result<(), String> {
        let mut seen = rustc_hash::FxHashSet::default();
        for (vi, vd) in self.values.iter().enumerate() {
            let mut prev: Option<Use> = None;
            let mut cursor = vd.first_use.get();
            while let Some(u) = cursor {
                let o = self.ops.get(u.op.index()).and_then(|op| op.operands.get(u.slot as usize));
                let Some(o) = o else { return Err(format!("value {} lists a missing use {:?}", vi, u)) };
                if o.value.index() != vi {
                    return Err(format!("value {} lists {:?}, which reads value {}", vi, u, o.value.index()));
                }
                if o.prev_use.get() != prev {
                    return Err(format!("use {:?} of value {} has prev {:?}, expected {:?}", u, vi, o.prev_use.get(), prev));
                }
                if !seen.insert(u) {
                    return Err(format!("use {:?} is listed twice", u));
                }
                prev = Some(u);
                cursor = o.next_use.get();
            }
        }
        for (oi, od) in self.ops.iter().enumerate() {
            if od.erased {
                continue;
            }
            for slot in 0..od.operands.len() {
                let u = Use { op: OpId::new(oi), slot: slot as u32 };
                if !seen.contains(&u) {
                    return Err(format!("operand {:?} is in no use chain", u));
                }
            }
        }
        Ok(())
    }
}

/// Iterator over a value's uses.
pub struct UseIter<'a> {
    body: &'a Body,
    cursor: Option<Use>,
}

impl Iterator for UseIter<'_> {
    type Item = Use;
    fn next(&mut self) -> Option<Use> {
        let u = self.cursor?;
        self.cursor = self.body.ops[u.op.index()].operands[u.slot as usize].next_use.get();
        Some(u)
    }
}

/// Iterator over the ops of a block, in order.
pub struct BlockOps<'a> {
    body: &'a Body,
    cursor: Option<OpId>,
}

impl Iterator for BlockOps<'_> {
    type Item = OpId;
    fn next(&mut self) -> Option<OpId> {
        let op = self.cursor?;
        self.cursor = self.body.ops[op.index()].next.op();
        Some(op)
    }
}

/// Ops from which [`Body::append_ops`] links on every thread (in the crate's unit tests,
/// nearly every parse does), and how many per task.
const PARALLEL_APPENDS: usize = if cfg!(test) { 4 } else { 1 << 16 };
const APPEND_CHUNK: usize = if cfg!(test) { 3 } else { 1 << 14 };

/// A block whose ops are numbered in order ([`Body::numbered_ops`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberedOps {
    /// The ops' ids: `first`, `first + 1`, … in block order.
    pub ids: std::ops::Range<usize>,
    /// Those of the ops that have regions, in order.
    pub with_regions: Vec<OpId>,
}

/// Ops per rayon task in [`Body::numbered_ops`].
const CONSECUTIVE_CHECK_CHUNK: usize = if cfg!(test) { 3 } else { 1 << 14 };

/// The ops' arena as [`Body::append_ops`]'s threads reach it: each writes its own ops.
#[derive(Clone, Copy)]
struct SharedOps(*mut OpData);

// SAFETY: the threads write disjoint ops (see `Body::append_ops`).
unsafe impl Send for SharedOps {}
unsafe impl Sync for SharedOps {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Context, TypeId};

    /// The `f32` type and the name `test.op`, in a context of their own.
    fn f32_and_op_name() -> (TypeId, Sym) {
        let mut cx = Context::new();
        let f32 = cx.sym("f32");
        (cx.ty(crate::ir::types::TypeData::Float(f32)), cx.sym("test.op"))
    }

    #[test]
    fn replace_all_uses_and_erase() {
        let (ty, name) = f32_and_op_name();
        let mut body = Body::new();
        let block = body.create_block(Span::default());
        let a = body.create_op(OpSpec { result_types: smallvec::smallvec![ty], ..Default::default() }, name);
        let b = body.create_op(OpSpec { result_types: smallvec::smallvec![ty], ..Default::default() }, name);
        let c = body.create_op(OpSpec::default(), name);
        for op in [a, b, c] {
            body.append_op(block, op);
        }
        let (va, vb) = (body.results(a)[0], body.results(b)[0]);
        body.set_operands(c, &[va, va, vb]);
        assert_eq!(body.uses(va).count(), 2);
        body.replace_all_uses(va, vb);
        assert_eq!(body.uses(va).count(), 0);
        assert_eq!(body.uses(vb).count(), 3);
        assert_eq!(body.operands(c).collect::<Vec<_>>(), vec![vb, vb, vb]);
        body.erase_op(a);
        assert_eq!(body.block_ops(block).collect::<Vec<_>>(), vec![b, c]);
        body.set_operand(c, 1, vb);
        body.erase_op(c);
        assert!(!body.has_uses(vb));
        assert_eq!(body.block_len(block), 1);
    }

    #[test]
    fn use_chains_stay_whole_through_edits() {
        let (ty, name) = f32_and_op_name();
        let mut body = Body::new();
        let block = body.create_block(Span::default());
        let def = body.create_op(OpSpec { result_types: smallvec::smallvec![ty, ty], ..Default::default() }, name);
        body.append_op(block, def);
        let (v, w) = (body.results(def)[0], body.results(def)[1]);
        let users: Vec<OpId> = (0..50)
            .map(|i| {
                let u = body.create_op(OpSpec::default(), name);
                body.append_op(block, u);
                body.set_operands(u, &[v, w, v][..1 + i % 3]);
                u
            })
            .collect();
        body.check_use_chains().unwrap();
        // Unlink from the middle, the head and the tail of the chains, in creation order.
        for (i, &u) in users.iter().enumerate() {
            match i % 4 {
                0 => body.erase_op(u),
                1 => body.set_operand(u, 0, w),
                2 => body.remove_operand(u, body.num_operands(u) - 1),
                _ => body.insert_operand(u, 0, v),
            }
            body.check_use_chains().unwrap();
        }
        body.replace_all_uses(v, w);
        body.check_use_chains().unwrap();
        assert!(!body.has_uses(v));
        let mut order: Vec<OpId> = body.block_ops(block).collect();
        order.reverse();
        body.set_block_order(block, &order);
        assert_eq!(body.block_ops(block).collect::<Vec<_>>(), order);
        assert_eq!(body.last_op(block), order.last().copied());
        let live = users.iter().filter(|&&u| !body.is_erased(u));
        assert_eq!(body.uses(w).count(), live.map(|&u| body.num_operands(u)).sum::<usize>());
    }

    #[test]
    fn bound_uses_are_chained_in_one_order_whatever_the_binding_order() {
        let (ty, name) = f32_and_op_name();
        let build = |order: &[usize]| {
            let mut body = Body::new();
            let def = body.create_op(OpSpec { result_types: smallvec::smallvec![ty, ty], ..Default::default() }, name);
            let users: Vec<OpId> = (0..4).map(|_| body.create_op(OpSpec::default(), name)).collect();
            let (v, w) = (body.results(def)[0], body.results(def)[1]);
            let operands = [vec![v], vec![v, w, v], vec![w], vec![v, v]];
            for &k in order {
                body.bind_operands(users[k], &operands[k]);
            }
            let chain = |x| body.uses(x).map(|u| (u.op.index(), u.slot)).collect::<Vec<_>>();
            (chain(v), chain(w), format!("{:?}", body))
        };
        let in_order = build(&[0, 1, 2, 3]);
        // Last use first, as linking the users one by one in id order gives.
        assert_eq!(in_order.0, vec![(4, 1), (4, 0), (2, 2), (2, 0), (1, 0)]);
        assert_eq!(in_order.1, vec![(3, 0), (2, 1)]);
        for order in [[3, 2, 1, 0], [1, 3, 0, 2], [2, 0, 3, 1]] {
            assert_eq!(build(&order), in_order, "binding order {:?}", order);
        }
    }

    #[test]
    fn ops_appended_on_several_threads_are_linked_as_one_by_one() {
        let mut body = Body::new();
        let block = body.create_block(Span::default());
        let mut cx = Context::new();
        let name = cx.sym("x.op");
        let ops: Vec<OpId> = (0..100).map(|_| body.create_op(OpSpec::default(), name)).collect();
        body.append_ops(block, &ops);
        let order: Vec<OpId> = body.block_ops(block).collect();
        assert_eq!(order, ops);
        let links = |b: &Body| ops.iter().map(|&o| (b.parent_block(o), b.op(o).prev, b.next_op(o))).collect::<Vec<_>>();
        let mut one = Body::new();
        one.create_block(Span::default());
        for _ in 0..100 {
            let op = one.create_op(OpSpec::default(), name);
            one.append_op(block, op);
        }
        assert_eq!(links(&body), links(&one));
        assert_eq!(body.block_len(block), 100);
    }

    #[test]
    fn consecutive_ops_are_found_only_when_numbered_in_order() {
        let ids = |body: &Body, b: BlockId| body.numbered_ops(b).map(|n| n.ids);
        let mut body = Body::new();
        let block = body.create_block(Span::default());
        let mut cx = Context::new();
        let name = cx.sym("x.op");
        assert_eq!(ids(&body, block), None, "an empty block");
        // An op in another block first, so the block's ids do not start at 0.
        let other = body.create_block(Span::default());
        let stray = body.create_op(OpSpec::default(), name);
        body.append_op(other, stray);
        // Long enough to be checked on several threads (tests use tiny chunks).
        let ops: Vec<OpId> = (0..50).map(|_| body.create_op(OpSpec::default(), name)).collect();
        body.append_ops(block, &ops);
        assert_eq!(ids(&body, block), Some(1..51));
        assert_eq!(ids(&body, other), Some(0..1));
        // Two ops swapped: the same ids, not in order.
        body.move_op_after(ops[10], ops[11]);
        assert_eq!(ids(&body, block), None);
        body.move_op_before(ops[10], ops[11]);
        assert_eq!(ids(&body, block), Some(1..51));
        // An op taken out of the middle, and put back at the end.
        body.detach_op(ops[20]);
        assert_eq!(ids(&body, block), None);
        body.append_op(block, ops[20]);
        assert_eq!(ids(&body, block), None);
        // A gap: the last op moved to another block.
        body.detach_op(ops[20]);
        body.move_op_before(ops[20], ops[21]);
        assert_eq!(ids(&body, block), Some(1..51));
        body.move_op_to_end(ops[49], other);
        assert_eq!(ids(&body, block), Some(1..50));
        body.move_op_to_end(ops[0], other);
        assert_eq!(ids(&body, block), Some(2..50));
        body.move_op_to_end(ops[30], other);
        assert_eq!(ids(&body, block), None, "a hole in the middle");
    }
}
