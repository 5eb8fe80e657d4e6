//! `tfg-dedupe-hoist-constant` (TensorFlow's transforms/const_dedupe_hoist): in every
//! `tfg.graph` and `tfg.func` of the module, small `Const` ops (at most `max-size` elements)
//! with the same attributes (the node name aside; the device counts) become one: a copy of
//! the first without its control operands is placed before it, and each duplicate's uses go
//! to the copy. A user that depended on a duplicate's control token also gets the
//! duplicate's own control operands, so no ordering is lost.
//!
//! Unless `assume-strict-calls` is set (or the module has no function, as TensorFlow assumes
//! then), a duplicate used by an op that may be a call (a legacy call, whose op type names a
//! function of the module, or an op whose attributes reference a symbol) is instead replaced
//! by an `Identity` of the copy named `const_dedupe_hoist/<name>`, with the duplicate's
//! control operands, device and other attributes (`dtype` as `T`), so calls stay non-strict.
//!
//! TensorFlow replaces a user's control operands by the duplicate's token alone (dropping
//! its others); here every control operand of a user is kept (deduplicated).

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use crate::diag::Diagnostic;
use crate::dialect::tfg;
use crate::ir::module::NODE_NAME;
use crate::ir::{AttrData, AttrId, BlockId, Module, NamedAttr, OpId, Sym, TypeData, ValueId};
use crate::passes::{OptionKind, Pass, PassContext, PassOption, PassTarget};

pub const OPTIONS: &[PassOption] = &[
    PassOption {
        name: "max-size",
        kind: OptionKind::Int,
        default: "10",
        description: "The maximum number of elements when considering whether a constant is small",
    },
    PassOption {
        name: "assume-strict-calls",
        kind: OptionKind::Bool,
        default: "false",
        description: "Assume all function calls are stricts, that is operands are evaluated prior to the call",
    },
];

pub struct DedupeHoistConstant {
    pub max_size: i64,
    pub assume_strict_calls: bool,
}

impl Pass for DedupeHoistConstant {
    fn run(&self, m: &mut Module, target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        let block = match target {
            PassTarget::Module => m.root_block(),
            PassTarget::Op(op) if m.op_name(op) == "builtin.module" => match tfg::body_block(m, op) {
                Some(b) => b,
                None => return Ok(()),
            },
            PassTarget::Op(_) => return Ok(()),
        };
        let top: Vec<OpId> = m.body.block_ops(block).collect();
        let functions: FxHashSet<String> = top
            .iter()
            .filter(|&&o| m.op_name(o) == "tfg.func")
            .filter_map(|&o| m.op_attr(o, "sym_name").and_then(|a| m.ctx.string_value(a)))
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .collect();
        let strict = self.assume_strict_calls || functions.is_empty();
        let mut deduped = 0u64;
        for op in top {
            if matches!(m.op_name(op), "tfg.graph" | "tfg.func") {
                if let Some(body) = tfg::body_block(m, op) {
                    deduped += self.run_on(m, body, strict, &functions) as u64;
                }
            }
        }
        cx.mark_changed_if(deduped > 0);
        Ok(())
    }
}

/// The number of elements of a small constant's `value` (`None` when it is not a dense
/// elements attribute of a static shape).
fn num_elements(m: &Module, value: AttrId) -> Option<i64> {
    let ty = match m.ctx.attr_data(m.ctx.resolved_attr(value)) {
        AttrData::Dense { ty, .. } | AttrData::DenseResource { ty, .. } => *ty,
        _ => return None,
    };
    match m.ctx.type_data(m.ctx.resolved_type(ty)) {
        TypeData::RankedTensor { shape, .. } | TypeData::Vector { shape, .. } => {
            if shape.iter().any(|&d| d < 0) {
                return None;
            }
            Some(shape.iter().fold(1i64, |a, &d| a.saturating_mul(d)))
        }
        _ => None,
    }
}

/// Whether an attribute (at any depth) references a symbol.
fn references_symbol(m: &Module, a: AttrId) -> bool {
    match m.ctx.attr_data(m.ctx.resolved_attr(a)) {
        AttrData::SymbolRef(_) | AttrData::TfFunc { .. } => true,
        AttrData::Array(items) => items.iter().any(|&i| references_symbol(m, i)),
        AttrData::Dict(entries) => entries.iter().any(|e| references_symbol(m, e.value)),
        _ => false,
    }
}

/// TensorFlow's `FunctionTable::MayBeCall`.
fn may_be_call(m: &Module, op: OpId, functions: &FxHashSet<String>) -> bool {
    functions.contains(tfg::op_type(m, op)) || m.body.attrs(op).iter().any(|a| references_symbol(m, a.value))
}

impl DedupeHoistConstant {
    /// Dedupes the constants of one graph or function body; returns how many were replaced.
    fn run_on(&self, m: &mut Module, body: BlockId, strict: bool, functions: &FxHashSet<String>) -> usize {
        let Some(const_name) = m.ctx.lookup_sym("tfg.Const") else { return 0 };
        let Some(value_key) = m.ctx.lookup_sym("value") else { return 0 };
        let name_key = m.ctx.lookup_sym(NODE_NAME);
        // Groups of equal constants, in order of first appearance.
        let mut groups: Vec<Vec<OpId>> = Vec::new();
        let mut index: FxHashMap<SmallVec<[(Sym, AttrId); 4]>, usize> = FxHashMap::default();
        for op in tfg::walk_block(m, body) {
            if m.body.op(op).name != const_name {
                continue;
            }
            let Some(value) = m.body.attr(op, value_key) else { continue };
            if num_elements(m, value).is_none_or(|n| n > self.max_size) {
                continue;
            }
            let mut key: SmallVec<[(Sym, AttrId); 4]> = m
                .body
                .attrs(op)
                .iter()
                .filter(|a| Some(a.name) != name_key)
                .map(|a| (a.name, m.ctx.resolved_attr(a.value)))
                .collect();
            key.sort_unstable();
            let g = *index.entry(key).or_insert_with(|| {
                groups.push(Vec::new());
                groups.len() - 1
            });
            groups[g].push(op);
        }
        let mut replaced = 0;
        for group in groups.into_iter().filter(|g| g.len() > 1) {
            let front = group[0];
            let mut map = FxHashMap::default();
            let copy = m.body.clone_op(front, &mut map);
            m.body.set_operands(copy, &[]);
            m.body.clear_result_names(copy);
            // Before the op of the body that holds the first constant.
            let mut anchor = front;
            while m.body.parent_block(anchor) != Some(body) {
                anchor = m.body.parent_op(anchor).expect("nested in the body");
            }
            m.body.insert_op_before(anchor, copy);
            for op in group {
                let users: Vec<OpId> = dedup(m.body.results(op).iter().flat_map(|&r| m.body.uses(r).map(|u| u.op)).collect());
                if !strict && users.iter().any(|&u| may_be_call(m, u, functions)) {
                    let id = build_identity(m, op, copy);
                    let (from, to) = (m.body.results(op).to_vec(), m.body.results(id).to_vec());
                    for (f, t) in from.into_iter().zip(to) {
                        m.body.replace_all_uses(f, t);
                    }
                } else {
                    propagate_edges(m, op, copy, &users);
                }
                m.body.erase_op(op);
                replaced += 1;
            }
        }
        replaced
    }
}

fn dedup(v: Vec<OpId>) -> Vec<OpId> {
    let mut seen = FxHashSet::default();
    v.into_iter().filter(|o| seen.insert(*o)).collect()
}

fn dedup_values(v: impl IntoIterator<Item = ValueId>) -> Vec<ValueId> {
    let mut seen = FxHashSet::default();
    v.into_iter().filter(|o| seen.insert(*o)).collect()
}

/// Points the users of `op` at `copy`; a user that waited on `op`'s control token also
/// waits on `op`'s control operands. Control operands end up deduplicated.
fn propagate_edges(m: &mut Module, op: OpId, copy: OpId, users: &[OpId]) {
    let own_ctl = tfg::control_token(m, op);
    let op_ctls = tfg::control_operands(m, op);
    let waited: Vec<bool> =
        users.iter().map(|&u| own_ctl.is_some_and(|c| tfg::control_operands(m, u).contains(&c))).collect();
    let (from, to) = (m.body.results(op).to_vec(), m.body.results(copy).to_vec());
    for (f, t) in from.into_iter().zip(to) {
        m.body.replace_all_uses(f, t);
    }
    for (&user, waited) in users.iter().zip(waited) {
        let ctls = tfg::control_operands(m, user);
        let mut new: Vec<ValueId> = ctls.iter().copied().collect();
        if waited {
            new.extend(op_ctls.iter().copied());
        }
        let new = dedup_values(new);
        if new.as_slice() != ctls.as_slice() {
            tfg::set_control_operands(m, user, &new);
        }
    }
}

/// An `Identity` of `copy` standing for the constant `op` (see the module doc).
fn build_identity(m: &mut Module, op: OpId, copy: OpId) -> OpId {
    let ctls = dedup_values(tfg::control_operands(m, op));
    let data = m.body.results(copy)[0];
    let types: Vec<crate::ir::TypeId> = tfg::data_results(m, op).iter().map(|&v| m.body.value_type(v)).collect();
    let skip: Vec<Option<Sym>> = ["value", "dtype", NODE_NAME].iter().map(|k| m.ctx.lookup_sym(k)).collect();
    let mut attrs: Vec<NamedAttr> = m.body.attrs(op).iter().filter(|a| !skip.contains(&Some(a.name))).copied().collect();
    if let Some(name) = m.node_name(op) {
        let v = m.ctx.string_attr(&format!("const_dedupe_hoist/{}", name));
        let k = m.ctx.sym(NODE_NAME);
        attrs.push(NamedAttr::new(k, v));
    }
    if let Some(dtype) = m.op_attr(op, "dtype") {
        let k = m.ctx.sym("T");
        attrs.push(NamedAttr::new(k, dtype));
    }
    let loc = m.body.op(op).loc;
    let id = tfg::NodeBuilder::new(m, "Identity").operands(&[data]).control_operands(&ctls).attrs(&attrs).results(&types).loc(loc).build();
    m.body.insert_op_before(op, id);
    id
}
