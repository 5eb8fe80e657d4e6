//! The while-loop frames of a TF1 graph (TensorFlow's `ControlFlowInfo`): every node is in
//! the frame of its inputs, except that an `Enter` starts (or re-enters) the child frame its
//! `frame_name` names and an `Exit` leaves to the parent frame. Nodes without inputs and the
//! function's arguments are in the root frame (0).

use rustc_hash::FxHashMap;

use super::{kind, Kind};
use crate::diag::Diagnostic;
use crate::ir::{BlockId, Module, OpId, ValueDef, ValueId};

/// One frame.
#[derive(Clone, Debug)]
pub struct Frame {
    pub name: String,
    pub parent: usize,
    pub depth: usize,
}

/// Frames and the frame of every op of a block.
pub struct Frames {
    pub frames: Vec<Frame>,
    pub of: FxHashMap<OpId, usize>,
}

impl Frames {
    /// The frame of `v`'s producer (the root frame for an argument).
    pub fn of_value(&self, m: &Module, v: ValueId) -> Option<usize> {
        match m.body.value(v).def {
            ValueDef::BlockArg { .. } => Some(0),
            ValueDef::Result { op, .. } => self.of.get(&op).copied(),
        }
    }
}

/// The frame an op gets from an input in frame `f`.
fn frame_from(m: &Module, frames: &mut Vec<Frame>, op: OpId, f: usize) -> Result<usize, Diagnostic> {
    match kind(m, op) {
        Some(Kind::Enter) => {
            let name = m.op_attr(op, "frame_name").and_then(|a| m.ctx.string_value(a)).map(|b| String::from_utf8_lossy(&b).into_owned());
            let Some(name) = name else {
                return Err(Diagnostic::error(m.body.op(op).span, format!("tfg-functionalize-control-flow: Enter node '{}' has no frame_name", node(m, op))));
            };
            if let Some(i) = frames.iter().position(|x| x.parent == f && x.name == name) {
                return Ok(i);
            }
            let depth = frames[f].depth + 1;
            frames.push(Frame { name, parent: f, depth });
            Ok(frames.len() - 1)
        }
        Some(Kind::Exit) => {
            if f == 0 {
                return Err(Diagnostic::error(m.body.op(op).span, format!("tfg-functionalize-control-flow: Exit node '{}' is not inside a while loop", node(m, op))));
            }
            Ok(frames[f].parent)
        }
        _ => Ok(f),
    }
}

pub(super) fn node(m: &Module, op: OpId) -> String {
    m.node_name(op).unwrap_or_else(|| m.op_name(op).to_string())
}

/// Assigns frames to the ops of `block` (its terminator excluded) by propagating from the
/// ops whose frame is known; an op fed from two different frames is an error.
pub fn analyze(m: &Module, block: BlockId) -> Result<Frames, Vec<Diagnostic>> {
    let mut frames = vec![Frame { name: String::new(), parent: 0, depth: 0 }];
    let mut of: FxHashMap<OpId, usize> = FxHashMap::default();
    let ops: Vec<OpId> = m.body.block_ops(block).filter(|&o| !crate::dialect::traits::is_intrinsic(m.op_name(o))).collect();
    let mut work: Vec<OpId> = Vec::new();
    let mut errors = Vec::new();
    let mut assign = |m: &Module, frames: &mut Vec<Frame>, of: &mut FxHashMap<OpId, usize>, work: &mut Vec<OpId>, op: OpId, f: usize| match frame_from(m, frames, op, f) {
        Ok(x) => {
            of.insert(op, x);
            work.push(op);
        }
        Err(d) => errors.push(d),
    };
    // A `Const` without inputs feeds any frame (frozen variables are read inside loops);
    // it is in the root frame but gives its frame to its users only when nothing else does.
    let free = |m: &Module, op: OpId| m.body.num_operands(op) == 0 && kind(m, op).is_none() && crate::dialect::tfg::op_type(m, op) == "Const";
    let mut frees = Vec::new();
    for &op in &ops {
        let mut operands = m.body.operands(op);
        if operands.len() == 0 {
            if free(m, op) {
                of.insert(op, 0);
                frees.push(op);
            } else {
                assign(m, &mut frames, &mut of, &mut work, op, 0);
            }
        } else if operands.any(|v| matches!(m.body.value(v).def, ValueDef::BlockArg { .. })) {
            assign(m, &mut frames, &mut of, &mut work, op, 0);
        }
    }
    for round in 0..2 {
        if round == 1 {
            work.extend(frees.iter().copied());
        }
        while let Some(op) = work.pop() {
            let f = of[&op];
            for &r in m.body.results(op) {
                for u in m.body.uses(r) {
                    if of.contains_key(&u.op) || m.body.parent_block(u.op) != Some(block) || crate::dialect::traits::is_intrinsic(m.op_name(u.op)) {
                        continue;
                    }
                    assign(m, &mut frames, &mut of, &mut work, u.op, f);
                }
            }
        }
    }
    let mut fr = Frames { frames, of };
    // Every input must agree (an Enter's own frame is checked through its input's frame).
    for &op in &ops {
        let Some(&f) = fr.of.get(&op) else {
            // Only reachable through cycles without an Enter: the root frame.
            fr.of.insert(op, 0);
            continue;
        };
        for v in m.body.operands(op) {
            if m.body.defining_op(v).is_some_and(|d| free(m, d)) {
                continue;
            }
            let Some(src) = fr.of_value(m, v) else { continue };
            let expect = match frame_from(m, &mut fr.frames, op, src) {
                Ok(x) => x,
                Err(d) => {
                    errors.push(d);
                    continue;
                }
            };
            if expect != f {
                let from = m.body.defining_op(v).map(|d| node(m, d)).unwrap_or_else(|| "an argument".into());
                errors.push(Diagnostic::error(
                    m.body.op(op).span,
                    format!(
                        "tfg-functionalize-control-flow: node '{}' has inputs from different while-loop frames ('{}' from frame '{}', others from frame '{}')",
                        node(m, op),
                        from,
                        fr.frames[src].name,
                        fr.frames[f].name
                    ),
                ));
                break;
            }
        }
    }
    if errors.is_empty() { Ok(fr) } else { Err(errors) }
}
