//! How the read-only stages after parsing — verification ([`crate::verify`]) and printing
//! ([`crate::printer`]) — share the ops of a large block among rayon's workers.
//!
//! A block of at least [`Split::min_block_ops`] ops is cut into consecutive *pieces* of about
//! [`Split::piece_ops`] ops (nested ops count too, so a piece of region ops is not heavier
//! than a piece of plain nodes); each piece is handled by one worker and the results are put
//! back together in block order, so the outcome is exactly the sequential walk's. An op with
//! more than `piece_ops` nested ops is a piece of its own, marked [`Piece::alone`]: the
//! printer prints it on the calling thread, streaming (its large blocks are split in turn).
//! Smaller blocks are walked sequentially, as before.
//!
//! The entry points take a [`Split`]: [`Split::DEFAULT`] in the tool, small values in tests so
//! that small inputs go through the parallel path, [`Split::SEQUENTIAL`] for the reference.

use crate::ir::{BlockId, Body, OpId};

/// When and how finely a block's ops are split among workers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// Blocks with fewer ops are walked sequentially.
    pub min_block_ops: usize,
    /// Ops per piece (an op with regions counts with the ops nested in it).
    pub piece_ops: usize,
}

impl Split {
    /// 8192 ops per block (a few milliseconds of work, against some microseconds to hand a
    /// piece to a worker), pieces of 2048 ops (about 600 KB of generic text each).
    pub const DEFAULT: Split = Split { min_block_ops: 8192, piece_ops: 2048 };
    /// Never split: the sequential walk.
    pub const SEQUENTIAL: Split = Split { min_block_ops: usize::MAX, piece_ops: usize::MAX };

    /// Whether the ops of `block` are split.
    pub fn splits(&self, body: &Body, block: BlockId) -> bool {
        body.block_len(block) >= self.min_block_ops.max(1)
    }

    fn piece_len(&self) -> usize {
        self.piece_ops.max(1)
    }
}

impl Default for Split {
    fn default() -> Self {
        Split::DEFAULT
    }
}

/// Consecutive ops of one block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Piece {
    pub first: OpId,
    pub len: usize,
    /// One op with more than `piece_ops` nested ops.
    pub alone: bool,
}

impl Piece {
    /// The ops of the piece, in order.
    pub fn ops(self, body: &Body) -> impl Iterator<Item = OpId> + '_ {
        ops_from(body, Some(self.first)).take(self.len)
    }
}

/// The ops from `first` to the end of its block, in order.
pub(crate) fn ops_from(body: &Body, first: Option<OpId>) -> impl Iterator<Item = OpId> + '_ {
    std::iter::successors(first, move |&op| body.next_op(op))
}

/// Cuts the ops from `cursor` on into pieces: at most `max_pieces` ordinary ones, ending
/// early after a piece that is [`Piece::alone`]. Returns the pieces and the op after them.
pub(crate) fn next_pieces(body: &Body, cursor: Option<OpId>, split: Split, max_pieces: usize) -> (Vec<Piece>, Option<OpId>) {
    let limit = split.piece_len();
    let mut pieces = Vec::new();
    let mut cursor = cursor;
    let mut current: Option<Piece> = None;
    let mut weight = 0usize;
    while let Some(op) = cursor {
        let nested = nested_ops(body, op, limit);
        if nested > limit {
            pieces.extend(current.take());
            pieces.push(Piece { first: op, len: 1, alone: true });
            return (pieces, body.next_op(op));
        }
        let piece = current.get_or_insert(Piece { first: op, len: 0, alone: false });
        piece.len += 1;
        weight += 1 + nested;
        cursor = body.next_op(op);
        if weight >= limit {
            pieces.extend(current.take());
            weight = 0;
            if pieces.len() >= max_pieces {
                break;
            }
        }
    }
    pieces.extend(current);
    (pieces, cursor)
}

/// Every piece of the ops of `block`.
pub(crate) fn all_pieces(body: &Body, block: BlockId, split: Split) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut cursor = body.first_op(block);
    while cursor.is_some() {
        let (more, next) = next_pieces(body, cursor, split, usize::MAX);
        pieces.extend(more);
        cursor = next;
    }
    pieces
}

/// The number of ops nested in `op`'s regions, counted up to just past `limit`.
fn nested_ops(body: &Body, op: OpId, limit: usize) -> usize {
    if body.op(op).regions.is_empty() {
        return 0;
    }
    let mut count = 0usize;
    let mut stack = vec![op];
    while let Some(o) = stack.pop() {
        for &r in &body.op(o).regions {
            for &b in &body.region(r).blocks {
                count += body.block_len(b);
                if count > limit {
                    return count;
                }
                stack.extend(body.block_ops(b).filter(|&c| !body.op(c).regions.is_empty()));
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::{next_pieces, Piece, Split};
    use crate::ir::Module;

    fn graph(ops: &str) -> Module {
        let text = format!("tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {{\n{}}}\n", ops);
        match crate::syntax::parse_module(&text) {
            Ok(m) => m,
            Err(d) => panic!("test input does not parse: {:?}", d),
        }
    }

    /// The lengths of the pieces of the graph's block, `*` marking an op alone.
    fn lengths(m: &Module, split: Split, max_pieces: usize) -> Vec<String> {
        let graph = m.top_ops()[0];
        let block = m.body.region(m.body.op(graph).regions[0]).blocks[0];
        let (pieces, next) = next_pieces(&m.body, m.body.first_op(block), split, max_pieces);
        let mut out: Vec<String> =
            pieces.iter().map(|p: &Piece| if p.alone { format!("{}*", p.len) } else { p.len.to_string() }).collect();
        if next.is_some() {
            out.push("...".to_string());
        }
        out
    }

    #[test]
    fn pieces_are_weighted_by_nested_ops() {
        let node = |i: usize| format!("  %A{}, %ctl_a{} = A : () -> (tensor<i1>)\n", i, i);
        let if_op = "  %If, %ctl_0 = IfRegion %A0 then {\n    %B, %ctl_1 = B : () -> (tensor<f32>)\n    yield(%B) : tensor<f32>\n  } else {\n    %C, %ctl_2 = C : () -> (tensor<f32>)\n    yield(%C) : tensor<f32>\n  } : (tensor<i1>) -> (tensor<f32>)\n";
        let m = graph(&format!("{}{}{}{}{}", node(0), node(1), if_op, node(2), node(3)));
        let split = Split { min_block_ops: 1, piece_ops: 3 };
        // The IfRegion has 4 nested ops, more than 3: alone, and the round ends after it.
        assert_eq!(lengths(&m, split, usize::MAX), ["2", "1*", "..."]);
        let split = Split { min_block_ops: 1, piece_ops: 5 };
        // Weights 1, 1, 5, 1, 1.
        assert_eq!(lengths(&m, split, usize::MAX), ["3", "2"]);
        assert_eq!(lengths(&m, split, 1), ["3", "..."]);
    }
}
