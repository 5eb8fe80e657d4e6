//! [`Rewriter`]: the edits a pattern makes, kept sound and recorded for the driver.
//!
//! * `replace_op(old, values, heir)`: ngraph's forwarding ([`crate::dialect::tfg::replace_node`]):
//!   users of `old`'s data results use `values`; users of its control token use the heir's
//!   token (or inherit `old`'s control operands when the heir has none); comments move.
//! * New ops are placed before the op being rewritten (`insert_before`) and get `old`'s
//!   control operands when they have no data operand made by another new op
//!   ([`Rewriter::inherit_control`]).
//! * Every new op records where it came from: a fused location of the original names of the
//!   ops it replaces (`loc(fused["a", "b"])`; the names already recorded on an op that was
//!   itself made by a rewrite are carried, not the op's new name).
//! * The driver is told of new ops, of users of replaced values, and of erased ops.

use smallvec::SmallVec;

use super::text::TextCache;
use crate::dialect::tfg;
use crate::ir::{AttrData, AttrId, Location, Module, OpId, ValueId};

pub struct Rewriter<'m> {
    pub m: &'m mut Module,
    /// Ops created since the driver last looked.
    pub created: Vec<OpId>,
    /// Ops whose operands changed (users of replaced values).
    pub modified: Vec<OpId>,
    /// Ops that lost a user (candidates for erasure or new matches).
    pub producers: Vec<OpId>,
    pub erased: usize,
    pub texts: TextCache,
}

impl<'m> Rewriter<'m> {
    pub fn new(m: &'m mut Module) -> Self {
        Rewriter { m, created: Vec::new(), modified: Vec::new(), producers: Vec::new(), erased: 0, texts: TextCache::default() }
    }

    /// Places a new (detached) op before `before` and records it.
    pub fn insert_before(&mut self, before: OpId, op: OpId) {
        self.m.body.insert_op_before(before, op);
        self.created.push(op);
        self.m.mark_edited();
    }

    /// Replaces `old`: its data results by `values` (one each), its control token by
    /// `heir`'s (when `heir` is a tfg node), and erases it.
    pub fn replace_op(&mut self, old: OpId, values: &[ValueId], heir: Option<OpId>) {
        for &r in tfg::data_results(self.m, old) {
            self.modified.extend(self.m.body.uses(r).map(|u| u.op));
        }
        if let Some(t) = tfg::control_token(self.m, old) {
            self.modified.extend(self.m.body.uses(t).map(|u| u.op));
        }
        self.note_producers(old);
        let ctl = heir.and_then(|h| tfg::control_token(self.m, h));
        tfg::replace_node(self.m, old, values, ctl);
        self.erased += 1;
    }

    fn note_producers(&mut self, op: OpId) {
        let ops: SmallVec<[OpId; 4]> = self.m.body.operands(op).filter_map(|v| self.m.body.defining_op(v)).collect();
        self.producers.extend(ops);
    }

    /// Erases `op` when nothing uses its results (control token included); returns whether.
    pub fn erase_if_unused(&mut self, op: OpId) -> bool {
        if self.m.body.is_erased(op) || self.m.body.op_has_uses(op) {
            return false;
        }
        self.erase_op(op);
        true
    }

    /// Erases `op` (its results must be unused).
    pub fn erase_op(&mut self, op: OpId) {
        self.note_producers(op);
        self.m.body.erase_op(op);
        self.m.mark_edited();
        self.erased += 1;
    }

    /// Gives `op` (a new node) the control operands of `from` (the replaced ops), so what
    /// they waited for still happens before it. A token of an op in `from` is kept too: that
    /// op then stays (it is used), and the order it gave is kept.
    pub fn inherit_control(&mut self, op: OpId, from: &[OpId]) {
        let mut ctls: SmallVec<[ValueId; 4]> = SmallVec::new();
        for &f in from {
            for c in tfg::control_operands(self.m, f) {
                if !ctls.contains(&c) {
                    ctls.push(c);
                }
            }
        }
        for c in ctls {
            tfg::add_control_operand(self.m, op, c);
        }
    }

    /// The names an op stands for: the names in its location when it is a name or fused
    /// location of names (it was made by a rewrite, or imported with them), else its node
    /// name, else its first result's spelled name.
    pub fn origin_names(&self, op: OpId) -> Vec<String> {
        origin_names(self.m, op)
    }

    /// Records on `op` that it comes from the ops named `names`: `loc(fused[...])`.
    pub fn set_origin(&mut self, op: OpId, names: &[String]) {
        let mut locs = Vec::new();
        for n in names {
            let s = self.m.ctx.sym(n);
            let l = self.m.ctx.attr(AttrData::Loc(Location::Name { name: s, child: None }));
            if !locs.contains(&l) {
                locs.push(l);
            }
        }
        if locs.is_empty() {
            return;
        }
        let loc = self.m.ctx.attr(AttrData::Loc(Location::Fused { metadata: None, locs }));
        self.m.body.op_mut(op).loc = Some(loc);
    }
}

/// See [`Rewriter::origin_names`].
pub fn origin_names(m: &Module, op: OpId) -> Vec<String> {
    if let Some(loc) = m.body.op(op).loc {
        let mut out = Vec::new();
        loc_names(m, loc, &mut out);
        if !out.is_empty() {
            return out;
        }
    }
    own_name(m, op).into_iter().collect()
}

/// An op's own name: its node name, else its first result's spelled name (`%input` →
/// `input`), as the Amanda design names TorchScript values.
pub fn own_name(m: &Module, op: OpId) -> Option<String> {
    if let Some(n) = m.node_name(op) {
        return Some(n);
    }
    let g = m.body.op(op).result_names.first()?;
    g.name.map(|s| m.ctx.value_name_text(s).trim_start_matches('%').to_string())
}

fn loc_names(m: &Module, loc: AttrId, out: &mut Vec<String>) {
    match m.ctx.attr_data(m.ctx.resolved_attr(loc)) {
        AttrData::Loc(Location::Name { name, .. }) => out.push(m.ctx.str(*name).to_string()),
        AttrData::Loc(Location::Fused { locs, .. }) => {
            for &l in locs {
                loc_names(m, l, out);
            }
        }
        _ => {}
    }
}
