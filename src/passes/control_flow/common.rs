//! What both directions of the control-flow conversion share: the pairs of functional and
//! region ops and their registered ("intrinsic") attributes, forwarding the other
//! attributes, the module's symbol table of functions (with MLIR's uniquing of new names),
//! `#tf_type.func` references, and tfg's lookups between a data value and its control
//! token (`LookupControlDependency`, `LookupDataValue` of tensorflow/core/ir/utility.cc).

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::dialect::tfg::{control_token, is_control};
use crate::ir::{AttrData, AttrId, BlockId, CommentAnchor, Module, NamedAttr, OpId, ValueDef, ValueId};

/// The four families of control-flow ops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    If,
    Case,
    While,
    For,
}

/// Functional op ↔ region op, by full name.
const PAIRS: &[(&str, &str, Kind)] = &[
    ("tfg.If", "tfg.IfRegion", Kind::If),
    ("tfg.StatelessIf", "tfg.StatelessIfRegion", Kind::If),
    ("tfg.StatefulIf", "tfg.StatefulIfRegion", Kind::If),
    ("tfg.Case", "tfg.CaseRegion", Kind::Case),
    ("tfg.StatelessCase", "tfg.StatelessCaseRegion", Kind::Case),
    ("tfg.StatefulCase", "tfg.StatefulCaseRegion", Kind::Case),
    ("tfg.While", "tfg.WhileRegion", Kind::While),
    ("tfg.StatelessWhile", "tfg.StatelessWhileRegion", Kind::While),
    ("tfg.StatefulWhile", "tfg.StatefulWhileRegion", Kind::While),
    ("tfg.For", "tfg.ForRegion", Kind::For),
];

/// The family and region form of a functional op (`tfg.If` → `tfg.IfRegion`).
pub fn functional_op(name: &str) -> Option<(Kind, &'static str)> {
    PAIRS.iter().find(|p| p.0 == name).map(|p| (p.2, p.1))
}

/// The family and functional form of a region op (`tfg.IfRegion` → `tfg.If`).
pub fn region_op(name: &str) -> Option<(Kind, &'static str)> {
    PAIRS.iter().find(|p| p.1 == name).map(|p| (p.2, p.0))
}

/// The attributes an op's ODS definition declares (MLIR's `getAttributeNames`): these are
/// not forwarded from one form to the other.
fn intrinsic_attrs(name: &str) -> &'static [&'static str] {
    let Some(p) = PAIRS.iter().find(|p| p.0 == name || p.1 == name) else { return &[] };
    let region = p.1 == name;
    match (p.2, region) {
        (Kind::If, false) => &["then_branch", "else_branch", "Tcond", "Tin", "Tout", "output_shapes"],
        (Kind::Case, false) => &["branches", "Tin", "Tout", "output_shapes"],
        (Kind::While, false) => &["cond", "body", "parallel_iterations", "T", "output_shapes"],
        (Kind::For, false) => &["body", "T"],
        (Kind::If, true) => &["then_attrs", "else_attrs", "then_region_attrs", "else_region_attrs"],
        (Kind::Case, true) => &["branch_attrs", "region_attrs"],
        (Kind::While, true) => &[
            "parallel_iterations", "cond_attrs", "body_attrs", "cond_region_attrs", "body_region_attrs",
            "operandSegmentSizes", "operand_segment_sizes",
        ],
        (Kind::For, true) => &["body_attrs", "region_attrs", "operandSegmentSizes", "operand_segment_sizes"],
    }
}

/// tfg's `ForwardNonIntrinsicAttributes`: copies every attribute of `src` that its op does
/// not declare onto `dst` (an attribute `dst` already has is kept), then sorts `dst`'s
/// attributes by name, as MLIR's attribute dictionary does.
pub fn forward_non_intrinsic(m: &mut Module, src: OpId, dst: OpId) {
    let intrinsic = intrinsic_attrs(m.op_name(src));
    let mut attrs: SmallVec<[NamedAttr; 2]> = m.body.attrs(dst).iter().copied().collect();
    for a in m.body.attrs(src) {
        if intrinsic.contains(&m.ctx.str(a.name)) || attrs.iter().any(|x| x.name == a.name) {
            continue;
        }
        attrs.push(*a);
    }
    attrs.sort_by(|a, b| m.ctx.str(a.name).cmp(m.ctx.str(b.name)));
    m.body.set_attrs(dst, attrs);
}

/// A named attribute with an interned key.
pub fn named(m: &mut Module, key: &str, value: AttrId) -> NamedAttr {
    NamedAttr::new(m.ctx.sym(key), value)
}

/// The value of attribute `key` of `op`.
pub fn attr(m: &Module, op: OpId, key: &str) -> Option<AttrId> {
    m.op_attr(op, key).map(|a| m.ctx.resolved_attr(a))
}

/// The decoded value of a string attribute.
pub fn string_of(m: &Module, a: AttrId) -> Option<String> {
    m.ctx.string_value(a).map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// An empty dictionary.
pub fn empty_dict(m: &mut Module) -> AttrId {
    m.ctx.attr(AttrData::Dict(vec![]))
}

// ---------------------------------------------------------------------------- symbols

/// A symbol reference's name: `@foo` → `foo`, `@"a b"` → `a b`.
pub fn symbol_name(m: &Module, a: AttrId) -> Option<String> {
    let AttrData::SymbolRef(parts) = m.ctx.attr_data(m.ctx.resolved_attr(a)) else { return None };
    let last = m.ctx.str(*parts.last()?);
    let s = last.strip_prefix('@').unwrap_or(last);
    if s.len() >= 2 && s.starts_with('"') && s.ends_with('"') {
        let bytes = crate::ir::context::unescape_string(&s[1..s.len() - 1]);
        return Some(String::from_utf8_lossy(&bytes).into_owned());
    }
    Some(s.to_string())
}

pub use crate::dialect::tfg_func::symbol_ref;

/// The function name and call attributes of a `#tf_type.func<@name, {attrs}>`.
pub fn func_ref(m: &Module, a: AttrId) -> Option<(String, AttrId)> {
    let AttrData::TfFunc { symbol, attrs } = m.ctx.attr_data(m.ctx.resolved_attr(a)) else { return None };
    Some((symbol_name(m, *symbol)?, *attrs))
}

/// `#tf_type.func<@name, attrs>`.
pub fn make_func_ref(m: &mut Module, name: &str, attrs: AttrId) -> AttrId {
    let symbol = symbol_ref(m, name);
    m.ctx.attr(AttrData::TfFunc { symbol, attrs })
}

/// MLIR's `SymbolTable` over the functions of one block (the module's): lookup by name, and
/// insertion at the end of the block with a name made unique by `_N` suffixes from a
/// counter shared by every insertion (`@f` taken: `@f_0`, then `@g_1`, ...).
pub struct SymbolTable {
    block: BlockId,
    funcs: FxHashMap<String, OpId>,
    counter: u32,
}

impl SymbolTable {
    /// The `tfg.func`s (any op with a `sym_name`) of `block`.
    pub fn new(m: &Module, block: BlockId) -> Self {
        let mut funcs = FxHashMap::default();
        for op in m.body.block_ops(block) {
            if let Some(name) = attr(m, op, "sym_name").and_then(|a| string_of(m, a)) {
                funcs.entry(name).or_insert(op);
            }
        }
        SymbolTable { block, funcs, counter: 0 }
    }

    /// The `tfg.func` named `name`.
    pub fn lookup_func(&self, m: &Module, name: &str) -> Option<OpId> {
        let &op = self.funcs.get(name)?;
        (!m.body.is_erased(op) && m.op_name(op) == "tfg.func").then_some(op)
    }

    /// Appends the detached `op` to the block under a unique name; returns the name.
    pub fn insert(&mut self, m: &mut Module, op: OpId) -> String {
        let base = attr(m, op, "sym_name").and_then(|a| string_of(m, a)).unwrap_or_default();
        let mut name = base.clone();
        while self.funcs.contains_key(&name) {
            name = format!("{}_{}", base, self.counter);
            self.counter += 1;
        }
        if name != base {
            m.set_string_attr(op, "sym_name", Some(&name));
        }
        self.funcs.insert(name.clone(), op);
        m.body.append_op(self.block, op);
        name
    }
}

// ---------------------------------------------------------------------------- functions

/// Whether `func` may not be inlined or changed: it is generic, has a gradient, or is
/// marked for compilation (`GraphFuncOp::isMarkedForCompilation`).
pub fn cannot_inline(m: &Module, func: OpId) -> bool {
    if attr(m, func, "generic").is_some() || attr(m, func, "gradient").is_some() {
        return true;
    }
    ["_xla_compile_id", "_tpu_replicate", "_XlaMustCompile"].iter().any(|k| match attr(m, func, k) {
        None => false,
        Some(a) => match m.ctx.attr_data(a) {
            AttrData::Bool(b) => *b,
            AttrData::String { .. } => string_of(m, a).map(|s| !s.is_empty()).unwrap_or(false),
            _ => false,
        },
    })
}

/// The dictionaries of an array attribute (`arg_attrs`, `res_attrs`); empty when absent.
pub fn dict_list(m: &Module, a: Option<AttrId>) -> Vec<AttrId> {
    match a.map(|a| m.ctx.attr_data(m.ctx.resolved_attr(a))) {
        Some(AttrData::Array(items)) => items.clone(),
        _ => Vec::new(),
    }
}

// ---------------------------------------------------------------------------- tokens

/// The op that owns `block` and implements tfg's control-argument interface (a function
/// or a region op), with whether it is a function.
fn control_arg_owner(m: &Module, block: BlockId) -> Option<(OpId, bool)> {
    let owner = m.body.block_parent_op(block)?;
    let name = m.op_name(owner);
    if name == "tfg.func" {
        Some((owner, true))
    } else if region_op(name).is_some() {
        Some((owner, false))
    } else {
        None
    }
}

/// `LookupControlDependency`: the control token of a data value (its op's last result, a
/// function argument's `.ctl`, or a region argument's token `n/2` places later).
pub fn control_dep(m: &Module, v: ValueId) -> Option<ValueId> {
    match m.body.value(v).def {
        ValueDef::Result { op, .. } => control_token(m, op),
        ValueDef::BlockArg { block, index } => {
            let (_, is_func) = control_arg_owner(m, block)?;
            let args = &m.body.block(block).args;
            let i = if is_func { index as usize + 1 } else { index as usize + args.len() / 2 };
            args.get(i).copied().filter(|&c| is_control(m, c))
        }
    }
}

/// `LookupDataValue`: the data value a control token stands for (its op's first result
/// unless the op has only the token; a function's argument before its `.ctl`; a region's
/// argument `n/2` places earlier).
pub fn data_of_control(m: &Module, ctl: ValueId) -> Option<ValueId> {
    match m.body.value(ctl).def {
        ValueDef::Result { op, .. } => {
            let results = m.body.results(op);
            (results.len() > 1).then(|| results[0]).filter(|&d| !is_control(m, d))
        }
        ValueDef::BlockArg { block, index } => {
            let (_, is_func) = control_arg_owner(m, block)?;
            let args = &m.body.block(block).args;
            let i = if is_func { (index as usize).checked_sub(1)? } else { (index as usize).checked_sub(args.len() / 2)? };
            args.get(i).copied().filter(|&d| !is_control(m, d))
        }
    }
}

/// Data and control values of a list (data first, as tfg orders operands).
pub fn split_control(m: &Module, values: &[ValueId]) -> (Vec<ValueId>, Vec<ValueId>) {
    values.iter().partition(|&&v| !is_control(m, v))
}

// ---------------------------------------------------------------------------- edits

/// Makes every use of `from` inside `block` (at any depth) use `to`.
pub fn replace_uses_in_block(m: &mut Module, from: ValueId, to: ValueId, block: BlockId) {
    let uses: Vec<_> = m.body.uses(from).collect();
    for u in uses {
        if op_in_block(m, u.op, block) {
            m.body.set_operand(u.op, u.slot as usize, to);
        }
    }
}

/// Whether `op` is in `block` or nested in an op of it.
pub fn op_in_block(m: &Module, mut op: OpId, block: BlockId) -> bool {
    loop {
        match m.body.parent_block(op) {
            Some(b) if b == block => return true,
            Some(_) => match m.body.parent_op(op) {
                Some(p) => op = p,
                None => return false,
            },
            None => return false,
        }
    }
}

/// Replaces every result of `old` by the matching result of `new` and erases `old`
/// (its comments go to `new`).
pub fn replace_op(m: &mut Module, old: OpId, new_results: &[ValueId], new: OpId) {
    let olds: Vec<ValueId> = m.body.results(old).to_vec();
    for (o, n) in olds.into_iter().zip(new_results.iter().copied()) {
        m.body.replace_all_uses(o, n);
    }
    for (from, to) in [(CommentAnchor::BeforeOp(old), CommentAnchor::BeforeOp(new)), (CommentAnchor::EndOfLine(old), CommentAnchor::EndOfLine(new))] {
        if let Some(c) = m.comments.remove(&from) {
            m.comments.entry(to).or_default().extend(c);
        }
    }
    m.body.erase_op(old);
}

/// Gives `to` the source span of `from`, so diagnostics about a rewritten op point at the
/// op it came from.
pub fn copy_span(m: &mut Module, from: OpId, to: OpId) {
    let span = m.body.op(from).span;
    m.body.op_mut(to).span = span;
}

/// The single block of region `index` of `op`.
pub fn region_block(m: &Module, op: OpId, index: usize) -> Option<BlockId> {
    let &r = m.body.op(op).regions.get(index)?;
    m.body.region(r).blocks.first().copied()
}

/// Whether any op of `block` holds regions.
pub fn has_nested_regions(m: &Module, block: BlockId) -> bool {
    m.body.block_ops(block).any(|op| !m.body.op(op).regions.is_empty())
}

/// Every op of the blocks of `blocks`, nested ones included, parents first.
pub fn preorder(m: &Module, blocks: &[BlockId]) -> Vec<OpId> {
    let mut out = Vec::new();
    for &b in blocks {
        for op in m.body.block_ops(b) {
            m.body.walk(op, |o| out.push(o));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "tfg.func @f() -> () {\n  return\n}\ntfg.func @g() -> () {\n  return\n}\n";

    /// New names take `_N` suffixes from one counter shared by every insertion, as MLIR's
    /// `SymbolTable::insert` does.
    #[test]
    fn symbol_table_uniquing_shares_one_counter() {
        let mut m = crate::syntax::parse_module(TEXT).expect("parses");
        let root = m.root_block();
        let mut table = SymbolTable::new(&m, root);
        let mut add = |m: &mut Module, name: &str| {
            let (f, _) = crate::dialect::tfg_func::build_func(m, name, &[], &[], &[], false);
            table.insert(m, f)
        };
        assert_eq!(add(&mut m, "f"), "f_0");
        assert_eq!(add(&mut m, "g"), "g_1");
        assert_eq!(add(&mut m, "h"), "h");
        assert_eq!(add(&mut m, "f"), "f_2");
        assert_eq!(m.body.block_len(root), 6);
    }

    #[test]
    fn pairs_and_symbols() {
        assert_eq!(functional_op("tfg.StatelessWhile"), Some((Kind::While, "tfg.StatelessWhileRegion")));
        assert_eq!(region_op("tfg.ForRegion"), Some((Kind::For, "tfg.For")));
        assert_eq!(region_op("tfg.If"), None);
        let mut m = crate::syntax::parse_module("").expect("parses");
        let r = symbol_ref(&mut m, "a b");
        assert_eq!(symbol_name(&m, r).as_deref(), Some("a b"));
        let r = symbol_ref(&mut m, "plain_1");
        assert_eq!(symbol_name(&m, r).as_deref(), Some("plain_1"));
    }
}
