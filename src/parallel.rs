//! How the read-only stages after parsing — verification ([`crate::verify`]) and printing
//! ([`crate::printer`]) — share the ops of a large block among rayon's workers.
//!
//! A block of at least [`Split::min_block_ops`] ops is cut into consecutive *pieces* of about
//! [`Split::piece_ops`] ops (nested ops count too, so a piece of region ops is not heavier
//! than a piece of plain nodes); each piece is handled by one worker and the results are put
//! back together in block order, so the outcome is exactly the sequential walk's. The pieces
//! are found by walking the block (its ops are a linked list; by number when they are
//! numbered in order, as a parsed graph's usually are) while the workers already work on
//! the first ones. An op with more than `piece_ops` nested ops is a piece of its own,
//! marked [`Piece::alone`]: the printer prints it on the calling thread, streaming (its large
//! blocks are split in turn). Smaller blocks are walked sequentially, as before.
//!
//! The entry points take a [`Split`]: [`Split::DEFAULT`] in the tool, small values in tests so
//! that small inputs go through the parallel path, [`Split::SEQUENTIAL`] for the reference.

use crate::ir::{BlockId, Body, NumberedOps, OpId};

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
    /// The ops are numbered in order from `first` ([`Body::numbered_ops`]): they are
    /// listed without reading their links.
    pub numbered: bool,
}

impl Piece {
    /// Calls `visit` on each op of the piece in order, and before it `prefetch(later, stage)`
    /// for the op `ahead[stage]` places further on. A piece of a large graph reads data of
    /// far-away values for every op (the names or definitions of its operands): started a
    /// few ops early and in stages (each stage reading what the one before brought in),
    /// those loads overlap instead of each one stalling the walk.
    ///
    /// Before the caller's stages, each op's own data (its cache lines, then the lists it
    /// keeps apart) is loaded further ahead still: ops are hundreds of bytes apart in the
    /// arena, and the caller's first stage reads their operands.
    pub fn for_each_ahead(self, body: &Body, ahead: &[usize], prefetch: impl Fn(OpId, u8), mut visit: impl FnMut(OpId)) {
        let mut ops: Vec<OpId> = Vec::with_capacity(self.len);
        ops.extend(self.ops(body));
        let first_stage = ahead.iter().copied().max().unwrap_or(0);
        let own = [first_stage + OP_DATA_AHEAD, first_stage + OP_LISTS_AHEAD];
        for (i, &op) in ops.iter().enumerate() {
            for (later, stage) in ahead_of(&ops, i, &own) {
                match stage {
                    0 => body.prefetch_op(later),
                    _ => body.prefetch_op_lists(later),
                }
            }
            for (later, stage) in ahead_of(&ops, i, ahead) {
                prefetch(later, stage);
            }
            visit(op);
        }
    }

    /// The ops of the piece, in order.
    pub fn ops(self, body: &Body) -> impl Iterator<Item = OpId> + '_ {
        let numbered = self.numbered.then(|| (self.first.index()..self.first.index() + self.len).map(OpId::new));
        let linked = (!self.numbered).then(|| ops_from(body, Some(self.first)).take(self.len));
        numbered.into_iter().flatten().chain(linked.into_iter().flatten())
    }
}

/// How many ops before the caller's first prefetching stage [`Piece::for_each_ahead`]
/// loads an op's data, and the lists it keeps apart.
const OP_DATA_AHEAD: usize = 8;
const OP_LISTS_AHEAD: usize = 4;

/// What to prefetch before handling `items[i]` in a loop that prefetches in stages: the
/// item `ahead[stage]` places further on, with its stage, for each stage that has one.
pub fn ahead_of<'a, T: Copy>(items: &'a [T], i: usize, ahead: &'a [usize]) -> impl Iterator<Item = (T, u8)> + 'a {
    ahead.iter().enumerate().filter_map(move |(stage, &by)| Some((*items.get(i + by)?, stage as u8)))
}

/// Drops `value`, which holds about `elements` elements, on one of rayon's workers when
/// one is free rather than now, if it is large: freeing the large tables of a stage (name
/// resolution's, say) returns their memory to the system, a few milliseconds the calling
/// thread need not wait for while the next stage starts. A small value is dropped here
/// (handing it over would cost more).
pub fn drop_elsewhere<T: Send + 'static>(value: T, elements: usize) {
    if elements >= DROP_ELSEWHERE_MIN {
        rayon::spawn(move || drop(value));
    }
}

/// Values of fewer elements are dropped where they are ([`drop_elsewhere`]).
const DROP_ELSEWHERE_MIN: usize = 1 << 16;

/// The ops from `first` to the end of its block, in order.
fn ops_from(body: &Body, first: Option<OpId>) -> impl Iterator<Item = OpId> + '_ {
    std::iter::successors(first, move |&op| body.next_op(op))
}

/// The pieces of the ops of `block`, in order, found lazily (one walk of the block, which
/// callers overlap with the work on the pieces already found). When the block's ops are
/// numbered in order ([`Body::numbered_ops`], a parsed graph's), the pieces are cut by
/// number: only the ops with regions, known from that check, are looked at.
pub(crate) fn pieces(body: &Body, block: BlockId, split: Split) -> impl Iterator<Item = Piece> + '_ {
    let numbered = body.numbered_ops(block);
    let mut cursor = body.first_op(block);
    std::iter::from_fn(move || {
        let (piece, next) = match &numbered {
            Some(n) => next_numbered_piece(body, cursor?, split, n),
            None => next_piece(body, cursor?, split),
        };
        cursor = next;
        Some(piece)
    })
}

/// The piece starting at `first`, and the op after it: `first` alone if it has more than
/// `piece_ops` nested ops, otherwise ops up to a weight of `piece_ops`, stopping before an
/// op that must be alone. The ops are walked along their links.
fn next_piece(body: &Body, first: OpId, split: Split) -> (Piece, Option<OpId>) {
    let limit = split.piece_len();
    let mut piece = Piece { first, len: 0, alone: false, numbered: false };
    let mut weight = 0usize;
    let mut cursor = Some(first);
    while let Some(op) = cursor {
        if weight >= limit {
            break;
        }
        let nested = nested_ops(body, op, limit);
        if nested > limit {
            if piece.len == 0 {
                return (Piece { first, len: 1, alone: true, numbered: false }, body.next_op(first));
            }
            break;
        }
        piece.len += 1;
        weight += 1 + nested;
        cursor = body.next_op(op);
    }
    (piece, cursor)
}

/// [`next_piece`] for a block numbered in order (`block`): the same piece, found by number.
/// Runs of ops without regions weigh one each and are taken whole.
fn next_numbered_piece(body: &Body, first: OpId, split: Split, block: &NumberedOps) -> (Piece, Option<OpId>) {
    let limit = split.piece_len();
    let end = block.ids.end;
    let at = |i: usize| (i < end).then(|| OpId::new(i));
    let mut regions = block.with_regions[block.with_regions.partition_point(|&o| o < first)..].iter().copied().peekable();
    let (mut i, mut weight) = (first.index(), 0usize);
    while i < end && weight < limit {
        let next_with_regions = regions.peek().map_or(end, |o| o.index());
        if next_with_regions > i {
            let run = (next_with_regions - i).min(limit - weight);
            i += run;
            weight += run;
            continue;
        }
        regions.next();
        let nested = nested_ops(body, OpId::new(i), limit);
        if nested > limit {
            if i == first.index() {
                return (Piece { first, len: 1, alone: true, numbered: true }, at(i + 1));
            }
            break;
        }
        i += 1;
        weight += 1 + nested;
    }
    (Piece { first, len: i - first.index(), alone: false, numbered: true }, at(i))
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
    use super::{next_piece, pieces, Piece, Split};
    use crate::ir::{BlockId, Body, Module, OpId, OpSpec, RegionId, Span};

    fn graph(ops: &str) -> Module {
        let text = format!("tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {{\n{}}}\n", ops);
        match crate::syntax::parse_module(&text) {
            Ok(m) => m,
            Err(d) => panic!("test input does not parse: {:?}", d),
        }
    }

    /// The lengths of the pieces of the graph's block, `*` marking an op alone.
    fn lengths(m: &Module, split: Split) -> Vec<String> {
        let graph = m.top_ops()[0];
        let block = m.body.region(m.body.op(graph).regions[0]).blocks[0];
        pieces(&m.body, block, split).map(|p: Piece| if p.alone { format!("{}*", p.len) } else { p.len.to_string() }).collect()
    }

    #[test]
    fn pieces_are_weighted_by_nested_ops() {
        let node = |i: usize| format!("  %A{}, %ctl_a{} = A : () -> (tensor<i1>)\n", i, i);
        let if_op = "  %If, %ctl_0 = IfRegion %A0 then {\n    %B, %ctl_1 = B : () -> (tensor<f32>)\n    yield(%B) : tensor<f32>\n  } else {\n    %C, %ctl_2 = C : () -> (tensor<f32>)\n    yield(%C) : tensor<f32>\n  } : (tensor<i1>) -> (tensor<f32>)\n";
        let m = graph(&format!("{}{}{}{}{}", node(0), node(1), if_op, node(2), node(3)));
        // The IfRegion has 4 nested ops, more than 3: alone.
        assert_eq!(lengths(&m, Split { min_block_ops: 1, piece_ops: 3 }), ["2", "1*", "2"]);
        // Weights 1, 1, 5, 1, 1.
        assert_eq!(lengths(&m, Split { min_block_ops: 1, piece_ops: 5 }), ["3", "2"]);
        assert_eq!(lengths(&m, Split { min_block_ops: 1, piece_ops: 1 }), ["1", "1", "1*", "1", "1"]);
    }

    /// A block numbered in order whose ops have `nested[i]` ops in a region each (none: no
    /// region), and the block.
    fn numbered_block(nested: &[usize]) -> (Body, BlockId) {
        let mut cx = crate::ir::Context::new();
        let name = cx.sym("x.op");
        let mut body = Body::new();
        // The nested ops first, so that the block's own ops are numbered in order.
        let regions: Vec<Option<RegionId>> = nested
            .iter()
            .map(|&n| {
                (n > 0).then(|| {
                    let inner = body.create_block(Span::default());
                    let ops: Vec<OpId> = (0..n).map(|_| body.create_op(OpSpec::default(), name)).collect();
                    body.append_ops(inner, &ops);
                    body.create_region(vec![inner], Span::default())
                })
            })
            .collect();
        let block = body.create_block(Span::default());
        let ops: Vec<OpId> = regions
            .iter()
            .map(|r| body.create_op(OpSpec { regions: r.iter().copied().collect(), ..Default::default() }, name))
            .collect();
        body.append_ops(block, &ops);
        (body, block)
    }

    #[test]
    fn numbered_blocks_are_cut_as_the_walk_cuts_them() {
        let patterns: [&[usize]; 5] = [
            &[0, 0, 4, 0, 0],
            &[0, 0, 3, 0, 7, 0, 0, 1, 0, 12, 0, 0, 0, 0, 2],
            &[9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
            &[0; 20],
            &[2, 2, 2, 2],
        ];
        for nested in patterns {
            let (body, block) = numbered_block(nested);
            let numbered = body.numbered_ops(block).expect("numbered in order");
            assert_eq!(numbered.with_regions.len(), nested.iter().filter(|&&n| n > 0).count());
            for piece_ops in 1..10 {
                let split = Split { min_block_ops: 1, piece_ops };
                let by_number: Vec<Piece> = pieces(&body, block, split).collect();
                assert!(by_number.iter().all(|p| p.numbered));
                let mut by_links = Vec::new();
                let mut cursor = body.first_op(block);
                while let Some(first) = cursor {
                    let (piece, next) = next_piece(&body, first, split);
                    by_links.push(Piece { numbered: true, ..piece });
                    cursor = next;
                }
                assert_eq!(by_number, by_links, "nested {:?}, {} ops per piece", nested, piece_ops);
            }
        }
    }
}
