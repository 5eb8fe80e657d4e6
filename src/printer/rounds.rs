//! The ops of a block. A small block is printed op by op by the calling printer. A large one
//! (see [`crate::parallel`]) is printed in rounds: the next pieces, two per rayon worker, are
//! printed by the workers, each into a buffer of its own, and the buffers are then handed to
//! the calling printer in block order (written to its sink, or appended to its text). An op
//! with many nested ops (a piece printed alone) is printed by the calling printer itself, so
//! its text streams as well and its own large blocks are split in turn.
//!
//! The text is the same as printing op by op; the extra memory is one round of buffers, about
//! `2 × threads × piece_ops` ops of text (about 2.4 MB with [`crate::parallel::Split::DEFAULT`]
//! on two threads), whatever the size of the block.

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use super::{Printer, Shared};
use crate::ir::{BlockId, TypeId};
use crate::parallel::{self, Piece};

/// What a printer keeps from one round to the next: its output buffer and type texts.
#[derive(Default)]
pub(crate) struct WorkerState {
    pub out: String,
    pub type_text: FxHashMap<TypeId, Box<str>>,
}

/// Pieces per worker in a round: more than one, so that a worker slowed down by other jobs
/// on the machine does not hold the whole round up.
const PIECES_PER_WORKER: usize = 2;

impl<'a> Printer<'a> {
    /// Prints the ops of block `b` at `indent`; a large block in parallel rounds.
    pub(crate) fn print_block_ops(&mut self, b: BlockId, indent: usize) {
        let m = self.m;
        if !self.split.splits(&m.body, b) {
            for op in m.body.block_ops(b) {
                self.print_op(op, indent);
            }
            return;
        }
        // The same-line comment of the op that owns the block goes on its first line, which
        // is complete: its first child would place it now.
        self.place_eol_comment();
        let per_round = PIECES_PER_WORKER * rayon::current_num_threads();
        let mut workers: Vec<WorkerState> = (0..per_round).map(|_| WorkerState::default()).collect();
        let mut cursor = m.body.first_op(b);
        while cursor.is_some() && self.io_error.is_none() {
            let (pieces, next) = parallel::next_pieces(&m.body, cursor, self.split, per_round);
            cursor = next;
            let (alone, pieces) = match pieces.split_last() {
                Some((last, rest)) if last.alone => (Some(last.first), rest),
                _ => (None, pieces.as_slice()),
            };
            self.print_pieces(pieces, &mut workers, indent);
            if let Some(op) = alone {
                self.print_op(op, indent);
            }
        }
    }

    /// Prints each piece on a worker into its buffer, then hands the buffers over in order.
    fn print_pieces(&mut self, pieces: &[Piece], workers: &mut [WorkerState], indent: usize) {
        let shared = self.shared();
        let body = &self.m.body;
        workers.par_iter_mut().zip(pieces).for_each(|(state, piece)| {
            let mut p = Printer::new(shared, std::mem::take(state), None);
            for op in piece.ops(body) {
                p.print_op(op, indent);
            }
            *state = p.into_state();
        });
        for state in workers.iter_mut().take(pieces.len()) {
            self.emit(&state.out);
            state.out.clear();
        }
    }

    /// What a worker's printer shares with this one.
    fn shared(&self) -> Shared<'a> {
        Shared { m: self.m, opts: self.opts, names: self.names, style: self.style, split: self.split }
    }

    /// The buffer and type texts of a worker's printer, for its next round.
    fn into_state(self) -> WorkerState {
        WorkerState { out: self.out, type_text: self.type_text }
    }
}
