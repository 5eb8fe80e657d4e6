//! The ops of a block. A small block is printed op by op by the calling printer. A large one
//! (see [`crate::parallel`]) is printed by rayon's workers piece by piece, each piece into a
//! buffer of its own, while the calling printer walks the block to find the next pieces and
//! writes the finished buffers out in block order (to its sink, or to its text). At most two
//! pieces per worker are in flight, so the extra memory is about `2 × threads × piece_ops`
//! ops of text (about 2.4 MB with [`crate::parallel::Split::DEFAULT`] on two threads),
//! whatever the size of the block. An op with many nested ops (a piece printed alone) is
//! printed by the calling printer itself, so its text streams as well and its own large
//! blocks are split in turn. The text is the same as printing op by op.
//!
//! The calling printer waits for the workers, so a printer that runs on a rayon worker
//! (a `--split-input-file` chunk, or a worker's own piece) prints every block op by op:
//! waiting there could leave no worker free to print the pieces.

use std::collections::VecDeque;
use std::sync::mpsc;

use rustc_hash::FxHashMap;

use super::{Printer, Shared};
use crate::ir::{BlockId, TypeId};
use crate::parallel::{self, Piece};

/// What a printer keeps from one piece to the next: its output buffer, type texts and
/// memo of attribute entries.
#[derive(Default)]
pub(crate) struct WorkerState {
    pub out: String,
    pub type_text: FxHashMap<TypeId, Box<str>>,
    pub entry_memo: super::memo::EntryMemo,
}

/// Pieces in flight per worker: more than one, so that the workers have the next piece at
/// hand while the calling printer writes out the oldest.
const PIECES_PER_WORKER: usize = 2;

/// The pieces being printed, oldest first: each one's buffer comes back through a channel
/// of its own.
type InFlight = VecDeque<mpsc::Receiver<WorkerState>>;

impl<'a> Printer<'a> {
    /// Prints the ops of block `b` at `indent`; a large block on rayon's workers.
    pub(crate) fn print_block_ops(&mut self, b: BlockId, indent: usize) {
        let m = self.m;
        if !self.split.splits(&m.body, b) || rayon::current_thread_index().is_some() {
            for op in m.body.block_ops(b) {
                self.print_op(op, indent);
            }
            return;
        }
        // The same-line comment of the op that owns the block goes on its first line, which
        // is complete: its first child would place it now.
        self.place_eol_comment();
        let window = PIECES_PER_WORKER * rayon::current_num_threads();
        let shared = self.shared();
        let mut in_flight = InFlight::new();
        let mut free: Vec<WorkerState> = Vec::new();
        rayon::in_place_scope(|scope| {
            for piece in parallel::pieces(&m.body, b, self.split) {
                if self.io_error.is_some() {
                    break;
                }
                if piece.alone {
                    if !self.write_out(&mut in_flight, &mut free, 0) {
                        break;
                    }
                    self.print_op(piece.first, indent);
                    continue;
                }
                if !self.write_out(&mut in_flight, &mut free, window - 1) {
                    break;
                }
                let (done, printed) = mpsc::sync_channel(1);
                let state = free.pop().unwrap_or_default();
                scope.spawn(move |_| {
                    let _ = done.send(print_piece(shared, piece, state, indent));
                });
                in_flight.push_back(printed);
            }
            self.write_out(&mut in_flight, &mut free, 0);
        });
    }

    /// Waits for the oldest pieces in flight and writes them out until at most `keep` are
    /// left; their buffers go to `free`. False if a worker gave none back (it panicked; the
    /// scope re-raises that).
    fn write_out(&mut self, in_flight: &mut InFlight, free: &mut Vec<WorkerState>, keep: usize) -> bool {
        while in_flight.len() > keep {
            let Some(Ok(mut state)) = in_flight.pop_front().map(|printed| printed.recv()) else { return false };
            self.emit(&state.out);
            state.out.clear();
            free.push(state);
        }
        true
    }

    /// What a worker's printer shares with this one.
    fn shared(&self) -> Shared<'a> {
        Shared { m: self.m, opts: self.opts, names: self.names, style: self.style, split: self.split }
    }

    /// The buffer and type texts of a worker's printer, for its next piece.
    fn into_state(self) -> WorkerState {
        WorkerState { out: self.out, type_text: self.type_text, entry_memo: self.entry_memo }
    }
}

/// How many ops ahead of the one being printed each stage of `Names::prefetch_names` works.
const PREFETCH_AHEAD: [usize; 3] = [12, 8, 4];

/// Prints the ops of `piece` at `indent` into `state`'s buffer (on a worker).
fn print_piece(shared: Shared<'_>, piece: Piece, state: WorkerState, indent: usize) -> WorkerState {
    let mut p = Printer::new(shared, state, None);
    let (m, names) = (shared.m, shared.names);
    piece.for_each_ahead(&m.body, &PREFETCH_AHEAD, |op, stage| names.prefetch_names(m, op, stage), |op| p.print_op(op, indent));
    p.into_state()
}
