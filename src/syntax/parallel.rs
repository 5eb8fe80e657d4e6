//! Parsing one large input on several threads, with exactly the result of a sequential
//! parse.
//!
//! The text is cut at line starts that look like the start of an op (`%...` or `"..."`).
//! The main thread parses the text from its start up to the first cut; the rest is cut
//! into *parts* of about [`PART_BYTES`], each read from its cut up to the next cut or to
//! the `}` that closes the block the part starts in, as a list of ops (the grammar's `Ops`)
//! into a context and arenas of its own. Any thread may parse any part: the threads claim
//! parts in text order from a shared [`Board`], workers up to a few parts ahead of the main
//! thread, and the main thread, when the part it has reached is still being parsed, claims
//! and parses the next free one rather than wait. So no thread waits for another while
//! there are parts left, whatever each thread's share of the work turns out to be (the
//! main thread also splices every part in; a busy machine may slow either thread). When the
//! main thread's token stream reaches a cut whose part parsed, it hands the grammar one
//! [`Token::ParsedPart`] instead of the part's tokens, and the grammar's op-list rule
//! splices the part in ([`merge`]): its context is imported into the main one
//! ([`Context::import`](crate::ir::Context::import)), its arenas appended
//! ([`Body::append`](crate::ir::Body::append)) and its pending SSA uses, comment anchors and
//! location aliases added after the main thread's. The part's entities are appended where a
//! sequential parse would have created them and its interned values imported in the order
//! it first met them, so every id, and so every later stage, comes out the same as a
//! sequential parse's (tests/parallel_parse.rs checks it), whichever thread parsed what.
//!
//! Anything unusual falls back to reading the text where it stands: a part that does not
//! parse as a list of ops (a cut in the middle of a multi-line op, a block label, a syntax
//! error), uses an alias it cannot know, or nests too deep is simply not spliced; and if the
//! main parse fails with parts spliced in (a cut where no op list was open, say), the whole
//! input is parsed again sequentially, so every diagnostic is a sequential parse's.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Condvar, Mutex};

use super::builder::{ParseCx, PendingUse, UseRef};
use super::grammar;
use super::lexer::{LexError, Token, TokenStream, Trivia, MAX_NESTING};
use crate::ir::{AttrId, BlockId, Module, OpId, Span, Sym, ValueName};

/// Inputs below this size are parsed on one thread.
pub const PARALLEL_MIN_BYTES: usize = 1 << 20;

/// Text per thread below which a thread is not worth its start.
const MIN_PART_BYTES: usize = 1 << 19;

/// The size of a part, for inputs of more than a few of them per thread (smaller inputs
/// have smaller parts, down to [`SMALL_PART_BYTES`]). Small enough that the parts parsed
/// ahead of the main thread take little memory and that the last part, which one thread
/// parses while the other may have nothing left, is short; large enough that the fixed cost
/// of a part (claiming it, importing its context) is lost in its work.
pub const PART_BYTES: usize = 1 << 20;

/// The smallest part.
const SMALL_PART_BYTES: usize = 1 << 17;

/// How far past its ideal place a cut may move to find a line that starts an op.
const CUT_SEARCH_BYTES: usize = 1 << 16;

/// Bytes of text per string the main context of a parallel parse is sized for: a node of
/// a TensorFlow graph brings one string of its own (its name) in about 250 to 300 bytes.
const MAIN_BYTES_PER_STRING: usize = 256;

/// How many threads to parse `len` bytes with (1: sequentially).
pub fn threads_for(len: usize) -> usize {
    if len < PARALLEL_MIN_BYTES {
        return 1;
    }
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    cores.min(len / MIN_PART_BYTES).max(1)
}

/// A part of the text: from `start` up to `stop` (or to the end of the block it starts in,
/// if that comes first; `None`: no other limit).
pub type PartRange = (usize, Option<usize>);

/// The parts of `text` for `threads` threads: contiguous, each about [`PART_BYTES`] (or
/// an eighth of a thread's share of a smaller input), after a first stretch of the same
/// size that the main thread reads itself; every boundary moved to the start of an op line.
pub fn part_ranges(text: &str, threads: usize) -> Vec<PartRange> {
    if threads < 2 {
        return Vec::new();
    }
    let size = (text.len() / (threads * 8)).clamp(SMALL_PART_BYTES, PART_BYTES);
    let mut cuts: Vec<usize> = Vec::new();
    let mut from = size;
    while from < text.len() {
        match op_line_after(text, from) {
            Some(cut) => {
                cuts.push(cut);
                from = cut + size;
            }
            None => from += CUT_SEARCH_BYTES,
        }
    }
    cuts.iter().enumerate().map(|(k, &start)| (start, cuts.get(k + 1).copied())).collect()
}

/// The first line at or after `from` (within [`CUT_SEARCH_BYTES`]) whose first non-blank
/// character begins an op, a result (`%`) or a generic op name (`"`): the offset of that
/// character, where the op's first token starts.
fn op_line_after(text: &str, from: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let limit = (from + CUT_SEARCH_BYTES).min(bytes.len());
    let mut at = from;
    while at < limit {
        let line_start = if at == 0 || bytes[at - 1] == b'\n' { at } else { at + memchr_newline(&bytes[at..limit])? + 1 };
        let first = bytes[line_start..limit].iter().position(|&b| b != b' ' && b != b'\t')?;
        if matches!(bytes[line_start + first], b'%' | b'"') {
            return Some(line_start + first);
        }
        at = line_start + first + 1;
    }
    None
}

fn memchr_newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'\n')
}

/// What one thread made of its part, ready to be spliced into the main parse.
pub struct ParsedPart {
    /// The part's context and arenas (its top block is unused).
    module: Module,
    /// Its ops, in order; the ones at its outer level are detached.
    ops: Vec<OpId>,
    pending_uses: Vec<PendingUse>,
    pending_successors: Vec<(OpId, Vec<(Sym, Span)>)>,
    op_starts: Vec<(OpId, u32)>,
    block_ends: Vec<(BlockId, u32)>,
    forward_loc_aliases: Vec<(AttrId, Sym, Span)>,
    comments: Vec<(u32, u32)>,
    /// Offset where the text after the part starts: the next cut, the `}` of its block, or
    /// the end of text.
    end: usize,
    /// Offset where the part's last token ends.
    last_end: usize,
    /// Deepest bracket nesting inside the part, relative to its start.
    max_depth: u32,
}

/// Frees the pages of text a parse has gone past (see [`crate::input`]).
pub type Release<'r> = &'r (dyn Fn(usize, usize) + Sync);

/// How far a parse moves between two calls of its [`Release`].
const RELEASE_STEP: usize = 8 << 20;

/// Calls a [`Release`] every [`RELEASE_STEP`] bytes for the text from `from` up to a little
/// behind the parse (the grammar holds one token of lookahead).
pub struct Releaser<'r> {
    release: Release<'r>,
    from: usize,
    /// The offset at which to release next.
    pub next: usize,
}

impl<'r> Releaser<'r> {
    pub fn new(release: Release<'r>, from: usize) -> Self {
        Releaser { release, from, next: from + RELEASE_STEP }
    }

    #[inline]
    pub fn passed(&mut self, offset: usize) {
        if offset >= self.next {
            (self.release)(self.from, offset - RELEASE_STEP / 2);
            self.next = offset + RELEASE_STEP;
        }
    }
}

/// A token as the grammar takes it: lexing errors are diagnostics.
type GrammarToken<'t> = Result<(usize, Token<'t>, usize), super::builder::ActionError>;

use super::to_grammar;

/// What the main thread's grammar run gives: its context, the grammar's verdict, the
/// comments, and how many parts were spliced in.
pub type SplitParse<'t> = (super::ParseResult<'t>, Trivia, usize);

/// Parses `text` with its `parts` (see [`part_ranges`]) claimed from a [`Board`] by this
/// thread and up to `workers` others, and the text before the first part by this one (as
/// any text between a part's stop and the next part's start, which it reads as parts of its
/// own). `None` when the grammar failed with parts spliced in (the caller parses
/// sequentially then): anything else is exactly what a sequential run of the grammar
/// gives, errors included.
pub fn parse_split<'t>(text: &'t str, parts: &[PartRange], workers: usize, release: Release<'_>, plain: bool) -> Option<SplitParse<'t>> {
    let workers = workers.clamp(1, parts.len().max(1));
    let board = Board::new(text, parts, release, plain);
    std::thread::scope(|scope| {
        // Tells the workers to stop when the main thread is done, however it ends.
        let _stop = StopOnDrop(&board);
        for w in 0..workers {
            let board = &board;
            // Without a thread, the main thread parses every part itself.
            let _ = std::thread::Builder::new()
                .name(format!("amanda-parse-{}", w + 1))
                .stack_size(super::PARSER_STACK)
                .spawn_scoped(scope, move || board.work());
        }
        let own = own_stretches(parts);
        let own_cancels: Vec<AtomicBool> = own.iter().map(|_| AtomicBool::new(false)).collect();
        let mut pending: Vec<PendingPart> = parts
            .iter()
            .enumerate()
            .map(|(k, &(start, _))| PendingPart { start, by: By::Board(k), cancel: &board.cancels[k] })
            .chain(own.iter().zip(&own_cancels).map(|(&(start, stop), cancel)| PendingPart { start, by: By::Main(stop), cancel }))
            .collect();
        pending.sort_by_key(|p| p.start);
        let (send, receive) = mpsc::channel();
        let mut cx = ParseCx::new(text);
        cx.parts = Some(receive);
        // The parts' strings come here: a string index sized for them from the start is
        // not rehashed, a million entries at a time, while the workers wait for merges.
        cx.module.ctx.reserve(text.len() / MAIN_BYTES_PER_STRING, 0);
        let mut tokens = SplicingTokens {
            inner: TokenStream::new(text).plain(plain),
            board: &board,
            pending: pending.into(),
            send,
            spliced: 0,
            release: Releaser::new(release, 0),
            watch: 0,
        };
        tokens.update_watch();
        let result = grammar::FileParser::new().parse(&mut cx, &mut tokens);
        for p in &tokens.pending {
            p.cancel.store(true, Ordering::Relaxed);
        }
        let SplicingTokens { inner, spliced, .. } = tokens;
        if result.is_err() && spliced > 0 {
            return None;
        }
        cx.parts = None;
        Some(((cx, result), inner.into_trivia(), spliced))
    })
}

/// How many parts past the one the main thread has reached may be claimed: parsed parts
/// wait for the main thread, so this bounds the memory they take.
const PARTS_AHEAD: usize = 4;

/// The parts of a parse and who has them: every thread claims the first part nobody has
/// claimed, so parts are claimed in text order; a worker's result waits in its slot until
/// the main thread takes it.
struct Board<'t, 'r> {
    text: &'t str,
    /// Where the alias definitions at the head of the text end ([`alias_head_end`]).
    head: usize,
    release: Release<'r>,
    plain: bool,
    parts: Vec<PartRange>,
    /// Set when the main thread no longer needs a part (it went past its start).
    cancels: Vec<AtomicBool>,
    state: Mutex<BoardState>,
    /// Signalled when a part is parsed, the main thread moves on, or the parse ends.
    changed: Condvar,
}

struct BoardState {
    /// The first part nobody has claimed.
    next: usize,
    /// The part after the last one the main thread took: parts up to [`PARTS_AHEAD`]
    /// past it may be claimed.
    reached: usize,
    slots: Vec<Slot>,
    stopped: bool,
}

enum Slot {
    /// Not claimed, or taken by the main thread.
    Free,
    /// Being parsed by a worker.
    Claimed,
    /// Parsed, waiting for the main thread (`None`: not a list of ops a thread can read
    /// on its own).
    Parsed(Option<ParsedPart>),
}

impl BoardState {
    /// Claims the next part, if there is one within reach.
    fn claim(&mut self) -> Option<usize> {
        let k = self.next;
        if k >= self.slots.len() || k >= self.reached + PARTS_AHEAD {
            return None;
        }
        self.next += 1;
        self.slots[k] = Slot::Claimed;
        Some(k)
    }
}

impl<'t, 'r> Board<'t, 'r> {
    fn new(text: &'t str, parts: &[PartRange], release: Release<'r>, plain: bool) -> Self {
        Board {
            text,
            head: alias_head_end(text),
            release,
            plain,
            parts: parts.to_vec(),
            cancels: parts.iter().map(|_| AtomicBool::new(false)).collect(),
            state: Mutex::new(BoardState { next: 0, reached: 0, slots: parts.iter().map(|_| Slot::Free).collect(), stopped: false }),
            changed: Condvar::new(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BoardState> {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn wait<'g>(&self, guard: std::sync::MutexGuard<'g, BoardState>) -> std::sync::MutexGuard<'g, BoardState> {
        self.changed.wait(guard).unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Parses the text from `start` to `stop` as a part (see [`parse_part`]).
    fn parse(&self, start: usize, stop: Option<usize>, cancel: &AtomicBool) -> Option<ParsedPart> {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        parse_part(self.text, self.head, start, stop, cancel, self.release, self.plain)
    }

    fn parse_claimed(&self, k: usize) -> Option<ParsedPart> {
        let (start, stop) = self.parts[k];
        self.parse(start, stop, &self.cancels[k])
    }

    /// A worker's loop: claims parts and parses them until none is left or the parse ends.
    fn work(&self) {
        loop {
            let k = {
                let mut state = self.lock();
                loop {
                    if state.stopped || state.next >= self.parts.len() {
                        return;
                    }
                    if let Some(k) = state.claim() {
                        break k;
                    }
                    state = self.wait(state);
                }
            };
            // A part whose parse panicked is one that did not parse: the main thread reads
            // its text itself (and meets the same bug there, where it is reported), instead
            // of waiting forever for a part that never comes.
            let part = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.parse_claimed(k))).unwrap_or(None);
            self.lock().slots[k] = Slot::Parsed(part);
            self.changed.notify_all();
        }
    }

    /// Part `k` for the main thread, which has reached its start: a worker's result, or
    /// parsed here if nobody claimed it. While a worker is still at it, the main thread
    /// parses the next free part rather than wait.
    fn take(&self, k: usize) -> Option<ParsedPart> {
        let mut state = self.lock();
        state.reached = state.reached.max(k + 1);
        self.changed.notify_all();
        loop {
            match std::mem::replace(&mut state.slots[k], Slot::Free) {
                Slot::Parsed(part) => return part,
                Slot::Free => {
                    // Not claimed: the parts before it that nobody claimed were gone by.
                    state.next = state.next.max(k + 1);
                    drop(state);
                    return self.parse_claimed(k);
                }
                Slot::Claimed => {
                    state.slots[k] = Slot::Claimed;
                    match state.claim() {
                        Some(j) => {
                            drop(state);
                            let part = self.parse_claimed(j);
                            state = self.lock();
                            state.slots[j] = Slot::Parsed(part);
                        }
                        None => state = self.wait(state),
                    }
                }
            }
        }
    }

    /// Ends the parse for the workers: they claim nothing more and drop the part at hand.
    fn stop(&self) {
        for c in &self.cancels {
            c.store(true, Ordering::Relaxed);
        }
        self.lock().stopped = true;
        self.changed.notify_all();
    }
}

/// Stops a [`Board`]'s workers when dropped.
struct StopOnDrop<'b, 't, 'r>(&'b Board<'t, 'r>);

impl Drop for StopOnDrop<'_, '_, '_> {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// A part any thread may parse, or a stretch the main thread will parse as a part when it
/// gets there.
struct PendingPart<'s> {
    start: usize,
    by: By,
    cancel: &'s AtomicBool,
}

/// Who parses a part.
#[derive(Clone, Copy)]
enum By {
    /// Whoever claims it first from the board: the part with this number.
    Board(usize),
    /// The main thread, up to this stop (see [`PartRange`]).
    Main(Option<usize>),
}

/// The main thread's stretches between parts, as parts of their own: from where a part
/// stops to where the next part starts (or to the end of the block), when there is text
/// between them ([`part_ranges`] makes none, but a caller may). The main thread parses
/// each one into a small context of its own when its tokens reach it and splices it in like
/// any part: reading into small tables and importing them with their lookups batched costs
/// less than reading into the main context's tables of millions, where each new name is a
/// cache miss.
fn own_stretches(parts: &[PartRange]) -> Vec<PartRange> {
    let mut own = Vec::new();
    for (k, &(_, stop)) in parts.iter().enumerate() {
        let next = parts.get(k + 1).map(|&(start, _)| start);
        if let Some(stop) = stop {
            if next.is_none_or(|next| stop < next) {
                own.push((stop, next));
            }
        }
    }
    own
}

/// The main thread's tokens: the text's, except that a part that parsed stands as one
/// [`Token::ParsedPart`] (sent to the grammar's action through `send`).
struct SplicingTokens<'t, 's, 'r> {
    inner: TokenStream<'t>,
    board: &'s Board<'t, 'r>,
    pending: VecDeque<PendingPart<'s>>,
    send: mpsc::Sender<ParsedPart>,
    spliced: usize,
    release: Releaser<'r>,
    /// The first offset at which something is to be done: the start of the next part, or
    /// the next release of text.
    watch: usize,
}

impl<'t> SplicingTokens<'t, '_, '_> {
    fn update_watch(&mut self) {
        self.watch = self.pending.front().map_or(usize::MAX, |p| p.start).min(self.release.next);
    }

    /// A token at or past `watch`: releases text, drops the parts whose start went by inside
    /// a token, and splices in the part that starts here if it parsed.
    #[cold]
    fn at_watch(&mut self, l: usize, tok: &Token<'t>) -> Option<GrammarToken<'t>> {
        self.release.passed(l);
        while self.pending.front().is_some_and(|p| p.start < l) {
            if let Some(p) = self.pending.pop_front() {
                p.cancel.store(true, Ordering::Relaxed);
            }
        }
        let mut spliced = None;
        if self.pending.front().is_some_and(|p| p.start == l) && !is_opener(tok) {
            if let Some(p) = self.pending.pop_front() {
                let part = match p.by {
                    By::Board(k) => self.board.take(k),
                    By::Main(stop) => self.board.parse(p.start, stop, p.cancel),
                };
                if let Some(part) = part {
                    if self.inner.depth() + part.max_depth <= MAX_NESTING {
                        self.inner.note_depth(part.max_depth);
                        let (end, last_end) = (part.end, part.last_end);
                        self.inner.extend_trivia(&part.comments);
                        self.inner.jump_to(end);
                        if self.send.send(part).is_ok() {
                            self.spliced += 1;
                            spliced = Some(Ok((l, Token::ParsedPart, last_end)));
                        }
                    }
                }
            }
        }
        self.update_watch();
        spliced
    }
}

impl<'t> Iterator for SplicingTokens<'t, '_, '_> {
    type Item = GrammarToken<'t>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let item = self.inner.next()?;
        if let Ok((l, tok, _)) = &item {
            if *l >= self.watch {
                if let Some(part) = self.at_watch(*l, tok) {
                    return Some(part);
                }
            }
        }
        Some(to_grammar(item))
    }
}

fn is_opener(t: &Token<'_>) -> bool {
    matches!(t, Token::LParen | Token::LBracket | Token::LBrace | Token::Less)
}

/// Where the alias definitions at the head of the file end: the start of the first line
/// that begins with something other than `#`, `!`, `//`, blanks or an indented continuation.
/// Parts are parsed with these aliases known, as the main thread knows them by then.
fn alias_head_end(text: &str) -> usize {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let head = line.as_bytes().first().copied().unwrap_or(b'\n');
        let comment = line.trim_start().starts_with("//");
        if !(matches!(head, b'#' | b'!' | b' ' | b'\t' | b'\r' | b'\n') || comment) {
            break;
        }
        at += line.len();
    }
    at
}

/// How often (in bytes of text) a part's thread looks whether it is still wanted.
const CANCEL_CHECK_STEP: usize = 1 << 20;

/// A part's tokens ([`TokenStream::part`]), releasing the text behind them and ending
/// early when the main thread no longer needs the part.
struct PartTokens<'t, 'c, 'r> {
    inner: TokenStream<'t>,
    cancel: &'c AtomicBool,
    release: Releaser<'r>,
    /// The next offset at which to look at `cancel` and `release`.
    watch: usize,
}

impl<'t> Iterator for PartTokens<'t, '_, '_> {
    type Item = GrammarToken<'t>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let item = self.inner.next()?;
        if let Ok((l, _, _)) = &item {
            if *l >= self.watch {
                if self.cancel.load(Ordering::Relaxed) {
                    return Some(to_grammar(Err((*l, LexError::UnexpectedChar, *l + 1))));
                }
                self.release.passed(*l);
                self.watch = *l + CANCEL_CHECK_STEP;
            }
        }
        Some(to_grammar(item))
    }
}

/// Parses the part of `text` that starts at `start` (another thread's work); `None` if it
/// is not a list of ops this thread can read on its own.
fn parse_part(
    text: &str,
    head: usize,
    start: usize,
    stop: Option<usize>,
    cancel: &AtomicBool,
    release: Release<'_>,
    plain: bool,
) -> Option<ParsedPart> {
    let mut cx = ParseCx::new(text);
    cx.part = true;
    cx.reserve_for(stop.unwrap_or(text.len()).saturating_sub(start));
    if head > 0 && head <= start {
        grammar::FileParser::new().parse(&mut cx, TokenStream::new(&text[..head]).plain(plain).map(to_grammar)).ok()?;
        // Only alias definitions: no ops, no `{-# ... #-}`.
        if cx.module.body.op_capacity() != 0 || !cx.module.file_metadata.is_empty() {
            return None;
        }
    }
    let inner = TokenStream::part(text, start, stop).plain(plain);
    let mut tokens = PartTokens { inner, cancel, release: Releaser::new(release, start), watch: start };
    let ops = grammar::OpsParser::new().parse(&mut cx, &mut tokens).ok()?;
    let end = tokens.inner.ended_at()?;
    if ops.is_empty() || !cx.errors.is_empty() || cancel.load(Ordering::Relaxed) {
        return None;
    }
    bind_outer_uses(&mut cx);
    let last_end = tokens.inner.last_end();
    let max_depth = tokens.inner.max_depth();
    let comments = tokens.inner.into_trivia().comments;
    Some(ParsedPart {
        ops,
        pending_uses: std::mem::take(&mut cx.pending_uses),
        pending_successors: std::mem::take(&mut cx.pending_successors),
        op_starts: std::mem::take(&mut cx.op_starts),
        block_ends: std::mem::take(&mut cx.block_ends),
        forward_loc_aliases: std::mem::take(&mut cx.forward_loc_aliases),
        comments,
        end,
        last_end,
        max_depth,
        module: cx.module,
    })
}

/// Binds the uses of a part's outer ops (the ones in no region of another op of the part)
/// to the names its outer ops define, as name resolution binds them once the part is
/// spliced in: those names are defined in the region the part lands in, where they shadow
/// any outer definition. A name defined twice there is a redefinition, an error, and then the
/// input is read again sequentially (`syntax::parse_with`), so the diagnostics do not depend
/// on this. An op is bound only if all its uses are (result number in range, expected type
/// matching), its pending uses dropped; everything else is left to the main thread, which
/// resolves after all parts are in: mostly uses that cross a part's boundary.
fn bind_outer_uses(cx: &mut ParseCx<'_>) {
    /// No outer definition of the name, or more than one.
    const NONE: (u32, u32) = (u32::MAX, 0);
    const TWICE: (u32, u32) = (u32::MAX, 1);
    let module = &mut cx.module;
    let body = &module.body;
    let mut defs: rustc_hash::FxHashMap<ValueName, (u32, u32)> = Default::default();
    defs.reserve(body.value_capacity());
    for op in (0..body.op_capacity()).map(OpId::new).filter(|&op| body.parent_block(op).is_none()) {
        let data = body.op(op);
        for (group, at) in data.result_groups() {
            if let (Some(name), Some(&first)) = (group.name, data.results.get(at)) {
                let slot = defs.entry(name).or_insert(NONE);
                *slot = if *slot == NONE { (first.index() as u32, group.count) } else { TWICE };
            }
        }
    }
    let pending = std::mem::take(&mut cx.pending_uses);
    let mut kept = Vec::new();
    let mut values = Vec::new();
    // Pending uses of one op are contiguous, in operand order.
    for run in pending.chunk_by(|a, b| a.op == b.op) {
        let op = run[0].op;
        values.clear();
        if module.body.parent_block(op).is_none() {
            for u in run {
                let (first, count) = defs.get(&u.name.name).copied().unwrap_or(NONE);
                if first == u32::MAX || u.name.index >= count {
                    break;
                }
                let v = crate::ir::ValueId::new(first as usize + u.name.index as usize);
                let actual = module.body.value(v).ty;
                if let Some(expected) = u.expected {
                    if !module.ctx.same_type(expected, actual) {
                        break;
                    }
                }
                values.push(v);
            }
        }
        if values.len() == run.len() {
            module.body.bind_operands(op, &values);
        } else {
            kept.extend_from_slice(run);
        }
    }
    cx.pending_uses = kept;
}

/// Splices `part` into the main parse `cx`, appending its outer ops to `ops`; `false` (and
/// nothing changed) if the part read a location alias as not defined yet that the main
/// thread has defined: a sequential parse would have taken the definition.
pub fn merge(cx: &mut ParseCx<'_>, part: ParsedPart, ops: &mut Vec<OpId>) -> bool {
    let ParsedPart { module, ops: part_ops, pending_uses, pending_successors, op_starts, block_ends, forward_loc_aliases, .. } = part;
    for &(_, name, _) in &forward_loc_aliases {
        if let Some(s) = cx.module.ctx.lookup_sym(module.ctx.str(name)) {
            if cx.has_attr_alias(s) {
                return false;
            }
        }
    }
    let map = cx.module.ctx.import(&module.ctx);
    // The part's top block (block 0) holds nothing.
    let at = cx.module.body.append(module.body, &map, 1);
    ops.extend(part_ops.iter().map(|&o| at.op(o)));
    cx.pending_uses.extend(pending_uses.iter().map(|u| PendingUse {
        op: at.op(u.op),
        slot: u.slot,
        name: UseRef { name: map.name(u.name.name), ..u.name },
        expected: map.opt_ty(u.expected),
    }));
    cx.pending_successors.extend(
        pending_successors.into_iter().map(|(op, succ)| (at.op(op), succ.into_iter().map(|(s, span)| (map.sym(s), span)).collect())),
    );
    cx.op_starts.extend(op_starts.iter().map(|&(op, off)| (at.op(op), off)));
    cx.block_ends.extend(block_ends.iter().map(|&(b, off)| (at.block(b), off)));
    cx.forward_loc_aliases.extend(forward_loc_aliases.iter().map(|&(a, s, span)| (map.attr(a), map.sym(s), span)));
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_land_on_op_lines() {
        let text = "module {\n  %a = \"x.y\"() : () -> i32\n  // c\n  \"x.z\"() : () -> ()\n}\n";
        assert_eq!(op_line_after(text, 0), Some(11));
        assert_eq!(op_line_after(text, 12), Some(text.find("\"x.z\"").unwrap()));
        assert_eq!(op_line_after(text, text.len() - 3), None);
    }

    #[test]
    fn parts_are_contiguous_and_start_on_op_lines() {
        let line = "  %x = \"t.op\"() : () -> i32\n";
        for bytes in [40 << 20, 3 << 20, 1 << 20] {
            let text = line.repeat(bytes / line.len());
            for threads in [2, 3] {
                let parts = part_ranges(&text, threads);
                // Eight parts per thread, within bounds.
                let size = (text.len() / (threads * 8)).clamp(SMALL_PART_BYTES, PART_BYTES);
                if bytes == 40 << 20 {
                    assert_eq!(size, PART_BYTES);
                } else if bytes == 1 << 20 {
                    assert_eq!(size, SMALL_PART_BYTES);
                }
                assert!(parts.len() * size >= text.len() - 2 * size, "{} parts", parts.len());
                // The main thread reads about one part's worth of text before the first.
                let (first, _) = parts[0];
                assert!(first >= size && first < size + line.len(), "first part at {}", first);
                for (k, &(start, stop)) in parts.iter().enumerate() {
                    assert_eq!(&text[start..start + 2], "%x");
                    match parts.get(k + 1) {
                        // Each part ends where the next starts, about one part's size later.
                        Some(&(next, _)) => {
                            assert_eq!(stop, Some(next));
                            assert!(next - start >= size && next - start < size + line.len());
                        }
                        // Only the last part runs to the end of the text.
                        None => assert_eq!(stop, None),
                    }
                }
            }
        }
        assert!(part_ranges(&line.repeat(1000), 1).is_empty());
    }

    #[test]
    fn a_line_too_long_to_cut_in_is_passed_over() {
        let op = "  %x = \"t.op\"() : () -> i32\n";
        let long = format!("  %y = \"t.op\"() {{a = \"{}\"}} : () -> i32\n", "z".repeat(3 * CUT_SEARCH_BYTES));
        let text = format!("{}{}{}", op.repeat(SMALL_PART_BYTES / op.len()), long, op.repeat(4 * SMALL_PART_BYTES / op.len()));
        let parts = part_ranges(&text, 2);
        let after_long = text.find(&long).unwrap() + long.len();
        // Cuts resume after the long line instead of stopping there.
        assert!(parts.iter().filter(|&&(start, _)| start >= after_long).count() >= 3, "{:?}", parts);
    }

    /// Parts of `text` parsed on a board by `workers` threads while this one takes them in
    /// order as the main thread does: each is the part a thread alone would parse.
    fn take_all(text: &str, parts: &[PartRange], workers: usize) -> Vec<Option<(usize, usize)>> {
        let board = Board::new(text, parts, &|_, _| {}, false);
        std::thread::scope(|scope| {
            let _stop = StopOnDrop(&board);
            for _ in 0..workers {
                let board = &board;
                scope.spawn(move || board.work());
            }
            (0..parts.len()).map(|k| board.take(k).map(|p| (p.ops.len(), p.end))).collect()
        })
    }

    #[test]
    fn every_part_is_taken_once_whoever_parses_it() {
        let text: String = (0..600).map(|i| format!("%v{} = \"t.op\"() : () -> i32\n", i)).collect();
        let starts: Vec<usize> = text.match_indices("%v").map(|(at, _)| at).step_by(20).skip(1).collect();
        let parts: Vec<PartRange> = starts.iter().enumerate().map(|(k, &s)| (s, starts.get(k + 1).copied())).collect();
        let want: Vec<Option<(usize, usize)>> = parts.iter().map(|&(_, stop)| Some((20, stop.unwrap_or(text.len())))).collect();
        for workers in [0, 1, 2, 3] {
            assert_eq!(take_all(&text, &parts, workers), want, "{} workers", workers);
        }
    }

    #[test]
    fn parts_the_main_thread_went_past_are_dropped() {
        let text: String = (0..200).map(|i| format!("%v{} = \"t.op\"() : () -> i32\n", i)).collect();
        let starts: Vec<usize> = text.match_indices("%v").map(|(at, _)| at).step_by(10).collect();
        let parts: Vec<PartRange> = starts.iter().enumerate().map(|(k, &s)| (s, starts.get(k + 1).copied())).collect();
        let board = Board::new(&text, &parts, &|_, _| {}, false);
        std::thread::scope(|scope| {
            let _stop = StopOnDrop(&board);
            let b = &board;
            scope.spawn(move || b.work());
            // Parts 0 to 4 are passed over, as when a part before them did not parse.
            for c in &board.cancels[..5] {
                c.store(true, Ordering::Relaxed);
            }
            let taken: Vec<bool> = (5..parts.len()).map(|k| board.take(k).is_some()).collect();
            assert!(taken.iter().all(|&t| t), "{:?}", taken);
        });
    }

    #[test]
    fn own_stretches_fill_the_gaps_between_parts() {
        // Text between parts 1 and 2 is the main thread's.
        let parts = [(10, Some(20)), (20, Some(30)), (40, Some(50)), (50, None)];
        assert_eq!(own_stretches(&parts), vec![(30, Some(40))]);
        // The last part stops before the end: the main thread reads the rest as a part.
        assert_eq!(own_stretches(&[(10, Some(20))]), vec![(20, None)]);
        assert!(own_stretches(&[]).is_empty());
    }

    #[test]
    fn alias_head_covers_definitions_and_comments() {
        let text = "// header\n#a = 1 : i32\n!t = tensor<\n  f32>\n\nmodule {\n}\n";
        assert_eq!(alias_head_end(text), text.find("module").unwrap());
        assert_eq!(alias_head_end("module {}\n"), 0);
    }
}
