//! One document version analysed: the module (when the file parses), every diagnostic the
//! command line would give (syntax, name resolution, verifier, declared namespaces), the
//! lexical [`Index`], and the maps from the index to the IR (values, ops, schemas), all built
//! once per version on the worker thread and shared read-only by every request.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::index::{Index, NameKind};
use super::lines::LineIndex;
use crate::diag::Diagnostic;
use crate::ir::{Module, OpId, ValueId};
use crate::namespace::OpSchema;

/// A `// -----` chunk of the file (the whole file when it has no markers) and its module
/// when it parses (spans relative to the chunk).
pub struct Chunk {
    pub offset: u32,
    pub end: u32,
    pub module: Option<Module>,
}

pub struct Analysis {
    pub version: i32,
    pub text: Arc<str>,
    pub lines: LineIndex,
    /// The chunks of a `--split-input-file` file, each parsed on its own as the command line
    /// does with `--split-input-file` (one chunk for other files).
    pub chunks: Vec<Chunk>,
    pub diagnostics: Vec<Diagnostic>,
    pub index: Index,
    /// Definition names (by absolute start offset) → their value.
    pub values: FxHashMap<u32, ValueId>,
    /// Op start offset (absolute) → op.
    pub ops: FxHashMap<u32, OpId>,
    /// Ops of a known vocabulary (by absolute start offset): namespace version and schema.
    /// Looked up on the first request that needs them (hover, completion, quick fixes), not
    /// before the diagnostics are published.
    schemas: std::sync::OnceLock<FxHashMap<u32, (usize, Arc<OpSchema>)>>,
}

impl Analysis {
    /// Parses, verifies and indexes `text` (each `// -----` chunk on its own).
    pub fn build(text: Arc<str>, version: i32) -> Analysis {
        let t0 = std::time::Instant::now();
        // The lexical index is built on a second thread while the file is parsed and verified.
        let (index, lines, t_index, chunks, diagnostics) = std::thread::scope(|scope| {
            let indexing = std::thread::Builder::new().stack_size(64 << 20).spawn_scoped(scope, || {
                let index = Index::build(&text);
                let lines = LineIndex::new(&text);
                (index, lines, t0.elapsed())
            });
            let (chunks, diagnostics) = check(&text);
            let (index, lines, t_index) = match indexing {
                Ok(handle) => match handle.join() {
                    Ok(done) => done,
                    Err(panic) => std::panic::resume_unwind(panic),
                },
                Err(_) => (Index::build(&text), LineIndex::new(&text), t0.elapsed()),
            };
            (index, lines, t_index, chunks, diagnostics)
        });
        let t_check = t0.elapsed();
        let mut a = Analysis { version, text, lines, chunks, diagnostics, index, values: FxHashMap::default(), ops: FxHashMap::default(), schemas: Default::default() };
        for c in 0..a.chunks.len() {
            a.link(c);
        }
        if std::env::var_os("AMANDA_LSP_LOG").is_some() {
            eprintln!(
                "amanda-lsp: version {}: index {:?}, parse+verify+index {:?}, links {:?}",
                version,
                t_index,
                t_check,
                t0.elapsed() - t_check
            );
        }
        a
    }

    /// The index alone (after a panic while parsing or verifying).
    pub fn build_index_only(text: Arc<str>, version: i32) -> Analysis {
        let index = std::panic::catch_unwind(|| Index::build(&text)).unwrap_or_default();
        let lines = LineIndex::new(&text);
        Analysis { version, text, lines, chunks: Vec::new(), diagnostics: Vec::new(), index, values: FxHashMap::default(), ops: FxHashMap::default(), schemas: Default::default() }
    }

    /// The module of the chunk holding byte `offset`.
    pub fn module_at(&self, offset: u32) -> Option<&Module> {
        self.chunks.iter().find(|c| c.offset <= offset && offset <= c.end)?.module.as_ref()
    }

    /// Maps the index's op heads and definitions in chunk `c` to its IR.
    fn link(&mut self, c: usize) {
        let chunk = &self.chunks[c];
        let base = chunk.offset;
        let end = chunk.end;
        let Some(m) = &chunk.module else { return };
        let mut stack: Vec<OpId> = m.body.block_ops(m.top).collect();
        let mut arg_at: FxHashMap<u32, ValueId> = FxHashMap::default();
        while let Some(op) = stack.pop() {
            let data = m.body.op(op);
            self.ops.insert(base + data.span.start, op);
            for &r in &data.regions {
                for &b in &m.body.region(r).blocks {
                    let block = m.body.block(b);
                    for (k, info) in block.arg_info.iter().enumerate() {
                        if let Some(&v) = block.args.get(k) {
                            arg_at.insert(base + info.span.start, v);
                        }
                    }
                    stack.extend(m.body.block_ops(b));
                }
            }
        }
        // Result groups in order: `%a:2, %c` are results 0-1 and 2.
        let mut next_result: FxHashMap<u32, usize> = FxHashMap::default();
        for n in &self.index.names {
            if !(n.def && n.kind == NameKind::Value) || n.start < base || n.start > end {
                continue;
            }
            if let Some(&v) = arg_at.get(&n.start) {
                self.values.insert(n.start, v);
                continue;
            }
            let Some(o) = n.op else { continue };
            let Some(head) = self.index.ops.get(o as usize) else { continue };
            let Some(&op) = self.ops.get(&head.start) else { continue };
            let first = next_result.entry(head.start).or_insert(0);
            let results = m.body.results(op);
            if let Some(&v) = results.get(*first) {
                self.values.insert(n.start, v);
            }
            *first += n.number.unwrap_or(1) as usize;
        }
    }

    fn find_schemas(&self) -> FxHashMap<u32, (usize, Arc<OpSchema>)> {
        let mut out = FxHashMap::default();
        let Ok(reg) = crate::namespace::global().read() else { return out };
        for c in &self.chunks {
            let Some(m) = &c.module else { continue };
            for (op, v, schema) in crate::namespace::verify::resolve_ops(m, &reg, crate::namespace::Mode::All) {
                out.insert(c.offset + m.body.op(op).span.start, (v, schema));
            }
        }
        out
    }

    /// The value named by the name at index `i` of the index (through its definition), with
    /// its module.
    pub fn value_of(&self, i: usize) -> Option<(&Module, ValueId)> {
        let n = &self.index.names[i];
        let d = &self.index.names[n.target? as usize];
        let v = *self.values.get(&d.start)?;
        let m = self.module_at(d.start)?;
        match n.number {
            Some(k) if !n.def => {
                let op = m.body.defining_op(v)?;
                let results = m.body.results(op);
                let first = results.iter().position(|&r| r == v)?;
                results.get(first + k as usize).map(|&r| (m, r))
            }
            _ => Some((m, v)),
        }
    }

    /// The IR op of the index's op head `o`, with its module.
    pub fn op_of(&self, o: usize) -> Option<(&Module, OpId)> {
        let start = self.index.ops.get(o)?.start;
        Some((self.module_at(start)?, *self.ops.get(&start)?))
    }

    /// The namespace version and schema of op head `o`, when it is a vocabulary op.
    pub fn schema_of(&self, o: usize) -> Option<&(usize, Arc<OpSchema>)> {
        self.schemas.get_or_init(|| self.find_schemas()).get(&self.index.ops.get(o)?.start)
    }
}

/// Parses and verifies each `// -----` chunk of `text` as the command line does with
/// `--split-input-file`; diagnostics carry offsets in the whole text.
fn check(text: &str) -> (Vec<Chunk>, Vec<Diagnostic>) {
    let mut chunks = Vec::new();
    let mut diagnostics = Vec::new();
    for (offset, chunk) in crate::syntax::split::split_chunks(text) {
        let module = match crate::syntax::parse_module(chunk) {
            Ok(m) => {
                let mut d = crate::verify::verify_module(&m);
                d.extend(crate::namespace::verify_declared(&m));
                diagnostics.extend(d.into_iter().map(|d| d.shifted(offset as u32)));
                Some(m)
            }
            Err(d) => {
                diagnostics.extend(d.into_iter().map(|d| d.shifted(offset as u32)));
                None
            }
        };
        chunks.push(Chunk { offset: offset as u32, end: (offset + chunk.len()) as u32, module });
    }
    (chunks, diagnostics)
}
