//! [`UseOverlay`]: a read-only [`Body`] seen with operand edits that are planned but not yet
//! made. A pass that decides its edits step by step, each step reading the IR as the earlier
//! steps left it (CSE), runs its decisions against an overlay from `&Body` — so the
//! functions of a library can be planned on several threads at once — and then replays the
//! recorded edits on the real body ([`UseOverlay::replay`]) with exactly the result of making
//! them as it went: operands, and the order of every use chain too.
//!
//! The overlay mirrors [`Body::set_operand`] and [`Body::replace_all_uses`]: a moved use goes
//! to the head of its new value's chain. A value's chain is copied into the overlay the
//! first time an edit touches it; everything else is read from the body.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::{Body, BodyEdit, Use};
use crate::ir::{OpId, ValueId};

/// One recorded edit, replayed with the body method of the same name.
#[derive(Clone, Copy, Debug)]
enum Edit {
    SetOperand(Use, ValueId),
    ReplaceAllUses(ValueId, ValueId),
}

/// Planned operand edits over a body (see the module doc).
pub struct UseOverlay<'b> {
    body: &'b Body,
    /// Operands of edited ops.
    operands: FxHashMap<OpId, SmallVec<[ValueId; 4]>>,
    /// Use chains of touched values, most recently added *last* (the reverse of
    /// [`Body::uses`]): a use moved to a value is pushed, not inserted at the front, so a
    /// value that takes the uses of many others (CSE's surviving expression) costs one step
    /// per use, not one per use already there.
    chains: FxHashMap<ValueId, Vec<Use>>,
    edits: Vec<Edit>,
}

impl<'b> UseOverlay<'b> {
    pub fn new(body: &'b Body) -> Self {
        UseOverlay {
            body,
            operands: FxHashMap::default(),
            chains: FxHashMap::default(),
            edits: Vec::new(),
        }
    }

    /// The body under the overlay (for everything operand edits do not change).
    pub fn body(&self) -> &'b Body {
        self.body
    }

    /// The operands of `op`, edits included.
    pub fn operands(&self, op: OpId) -> SmallVec<[ValueId; 4]> {
        match self.operands.get(&op) {
            Some(v) => v.clone(),
            None => self.body.operands(op).collect(),
        }
    }

    /// The operands of `op` if an edit changed them (else they are the body's): for a
    /// reader that wants them without a copy.
    pub fn edited_operands(&self, op: OpId) -> Option<&[ValueId]> {
        self.operands.get(&op).map(|v| v.as_slice())
    }

    /// Operand `slot` of `op`, edits included.
    pub fn operand(&self, op: OpId, slot: usize) -> ValueId {
        match self.operands.get(&op) {
            Some(v) => v[slot],
            None => self.body.operand(op, slot),
        }
    }

    /// Every place `v` is used, most recently added first.
    pub fn uses(&self, v: ValueId) -> Vec<Use> {
        match self.chains.get(&v) {
            Some(c) => c.iter().rev().copied().collect(),
            None => self.body.uses(v).collect(),
        }
    }

    pub fn has_uses(&self, v: ValueId) -> bool {
        match self.chains.get(&v) {
            Some(c) => !c.is_empty(),
            None => self.body.has_uses(v),
        }
    }

    /// Whether any result of `op` is used.
    pub fn op_has_uses(&self, op: OpId) -> bool {
        self.body.results(op).iter().any(|&v| self.has_uses(v))
    }

    /// As [`Body::set_operand`].
    pub fn set_operand(&mut self, op: OpId, slot: usize, v: ValueId) {
        let u = Use {
            op,
            slot: slot as u32,
        };
        let old = self.operand(op, slot);
        // A use is in its value's chain once. Searched from the most recent end: a caller
        // moving the uses of a value one by one in `uses` order takes each from there.
        let chain = self.chain(old);
        if let Some(at) = chain.iter().rposition(|&x| x == u) {
            chain.remove(at);
        }
        self.set_slot(op, slot, v);
        self.chain(v).push(u);
        self.edits.push(Edit::SetOperand(u, v));
    }

    /// As [`Body::replace_all_uses`].
    pub fn replace_all_uses(&mut self, from: ValueId, to: ValueId) {
        if from == to {
            return;
        }
        // As the body does: `from`'s uses, most recent first, each put at the head of
        // `to`'s chain; in the reversed order kept here, appended oldest last.
        let moved = std::mem::take(self.chain(from));
        for &u in &moved {
            self.set_slot(u.op, u.slot as usize, to);
        }
        self.chain(to).extend(moved.iter().rev().copied());
        self.edits.push(Edit::ReplaceAllUses(from, to));
    }

    /// The planned edits, to replay later with [`UseOverlay::replay`].
    pub fn into_edits(self) -> PlannedEdits {
        PlannedEdits(self.edits)
    }

    fn chain(&mut self, v: ValueId) -> &mut Vec<Use> {
        let body = self.body;
        self.chains.entry(v).or_insert_with(|| {
            let mut chain: Vec<Use> = body.uses(v).collect();
            chain.reverse();
            chain
        })
    }

    fn set_slot(&mut self, op: OpId, slot: usize, v: ValueId) {
        let body = self.body;
        self.operands
            .entry(op)
            .or_insert_with(|| body.operands(op).collect())[slot] = v;
    }
}

/// The edits an overlay recorded, in order.
#[derive(Debug, Default)]
pub struct PlannedEdits(Vec<Edit>);

impl PlannedEdits {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Makes the edits on `body` (a whole body or a part of one), in the order they were
    /// planned.
    pub fn replay(self, body: &mut impl BodyEdit) {
        for e in self.0 {
            match e {
                Edit::SetOperand(u, v) => body.set_operand(u.op, u.slot as usize, v),
                Edit::ReplaceAllUses(from, to) => body.replace_all_uses(from, to),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Module, OpId};

    fn ops(m: &Module) -> Vec<OpId> {
        m.body
            .block_ops(
                m.body
                    .region(m.body.op(m.body.block_ops(m.top).next().unwrap()).regions[0])
                    .blocks[0],
            )
            .collect()
    }

    /// The overlay reads what the body reads after the same edits, and replaying them gives
    /// the same operands and use chains.
    #[test]
    fn overlay_matches_the_edited_body() {
        let t = "tensor<i32>";
        let text = format!(
            "tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {{\n  %a = \"t.A\"() : () -> {t}\n  %b = \"t.B\"() : () -> {t}\n  %x = \"t.X\"(%a, %a, %b) : ({t}, {t}, {t}) -> {t}\n  %y = \"t.Y\"(%b, %a) : ({t}, {t}) -> {t}\n  %z = \"t.Z\"(%a) : ({t}) -> {t}\n}}\n"
        );
        let m = crate::syntax::parse_module(&text).expect("parses");
        let o = ops(&m);
        let (a, b) = (m.body.results(o[0])[0], m.body.results(o[1])[0]);
        let mut edited = m.body.clone();
        let mut overlay = UseOverlay::new(&m.body);
        // (op, slot, value) for set_operand; (None, from, to) for replace_all_uses.
        let steps = [
            (Some((o[2], 1)), b, b),
            (None, a, b),
            (Some((o[3], 0)), a, a),
            (None, b, a),
        ];
        for (set, x, y) in steps {
            match set {
                Some((op, slot)) => {
                    edited.set_operand(op, slot, x);
                    overlay.set_operand(op, slot, x);
                }
                None => {
                    edited.replace_all_uses(x, y);
                    overlay.replace_all_uses(x, y);
                }
            }
            for v in [a, b] {
                assert_eq!(overlay.uses(v), edited.uses(v).collect::<Vec<_>>());
                assert_eq!(overlay.has_uses(v), edited.has_uses(v));
            }
            for &op in &o {
                assert_eq!(
                    overlay.operands(op).to_vec(),
                    edited.operands(op).collect::<Vec<_>>()
                );
            }
        }
        let mut replayed = m.body.clone();
        overlay.into_edits().replay(&mut replayed);
        for v in [a, b] {
            assert_eq!(
                replayed.uses(v).collect::<Vec<_>>(),
                edited.uses(v).collect::<Vec<_>>()
            );
        }
        for &op in &o {
            assert_eq!(
                replayed.operands(op).collect::<Vec<_>>(),
                edited.operands(op).collect::<Vec<_>>()
            );
        }
    }

    /// The uses of a value with many users moved one by one to another (CSE in a graph
    /// region), in the order `uses` gives them and in the opposite order: the overlay's
    /// chains are the edited body's after every step.
    #[test]
    fn many_uses_moved_one_by_one_match_the_edited_body() {
        let t = "tensor<i32>";
        let users: String = (0..40).map(|i| format!("  %u{i} = \"t.U\"(%b, %a) : ({t}, {t}) -> {t}\n")).collect();
        let text = format!(
            "tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {{\n  %a = \"t.A\"() : () -> {t}\n  %b = \"t.B\"() : () -> {t}\n{users}}}\n"
        );
        let m = crate::syntax::parse_module(&text).expect("parses");
        let o = ops(&m);
        let (a, b) = (m.body.results(o[0])[0], m.body.results(o[1])[0]);
        for reverse in [false, true] {
            let mut edited = m.body.clone();
            let mut overlay = UseOverlay::new(&m.body);
            let mut moving = overlay.uses(b);
            if reverse {
                moving.reverse();
            }
            for u in moving {
                edited.set_operand(u.op, u.slot as usize, a);
                overlay.set_operand(u.op, u.slot as usize, a);
                for v in [a, b] {
                    assert_eq!(overlay.uses(v), edited.uses(v).collect::<Vec<_>>());
                }
            }
            assert!(!overlay.has_uses(b));
            let mut replayed = m.body.clone();
            overlay.into_edits().replay(&mut replayed);
            assert_eq!(replayed.uses(a).collect::<Vec<_>>(), edited.uses(a).collect::<Vec<_>>());
        }
    }
}
