//! The verifier: checks a parsed or transformed module against MLIR's structural rules and
//! tfg's rules, and reports every violation it finds (it does not stop at the first).
//!
//! Messages are MLIR's and tfg-opt's own wording, including the `'tfg.Op' op ` prefix that
//! `emitOpError` adds; each error points at the offending op (its first line is what
//! `--verify-diagnostics` matches on). Notes point where MLIR points them.
//!
//! # What is checked
//!
//! MLIR structure ([`structure`], [`visibility`]):
//! * blocks of multi-block regions are not empty and end with a terminator (unregistered
//!   ops may terminate); an op with successors is the last op of its block; successors are
//!   blocks of the same region; an entry block has no predecessors;
//! * the registered ops (tfg's and `builtin.module`) have no successors; `builtin.module`
//!   has one single-block region, no operands or results and only dialect-prefixed
//!   attribute names (besides `sym_name` and `sym_visibility`);
//! * every operand is visible where it is used: defined in the region of the use or an
//!   enclosing one, without crossing an op isolated from above (`tfg.func`, `tfg.graph`,
//!   `builtin.module`); in multi-block regions (only unregistered ops have them) the
//!   definition dominates the use (tfg's regions, the top level and the single block of an
//!   unregistered op's region are unordered);
//! * internal consistency a pass may break: result names cover the results, successor
//!   operands exist, operands are not defined by erased or detached ops.
//!
//! A module straight from the parser ([`verify_parsed`]) is not checked again for what name
//! resolution has made true: the internal consistency above, and the visibility of the
//! operands of ops in unordered single-block regions up to the nearest op isolated from
//! above (a graph's nodes), where visibility is exactly the parser's scoping. Operands in
//! ordered regions (a `func.func` body, multi-block regions) are checked for dominance, as
//! always.
//!
//! tfg, all ops ([`tfg`]):
//! * in the body of `tfg.graph` and `tfg.func`, control operands follow data operands and
//!   control results follow data results; `_mlir_name`, `_mlir_device` and
//!   `_mlir_assigned_device` are not empty strings;
//! * `tfg.graph`: a `#tf_type.version` attribute, one single-block region, no operands or
//!   results;
//! * `tfg.return`: in a `tfg.func`, last in its block, as many `control_ret_attrs`
//!   dictionaries as control operands; `tfg.yield`, `tfg.condition`: last in their
//!   block, operand kinds (`condition`'s first operand an `i1` tensor);
//!   `tfg.get_result`: one operand and one result, `name` and `number` attributes.
//!
//! `tfg.func` ([`func`]): `sym_name` and a function `function_type`; at most one block, not
//! empty; no public declaration; `arg_attrs`/`res_attrs` sized like the signature, made of
//! dictionaries of dialect (dotted) attributes; a body (tfg has no declarations) whose
//! block arguments match the signature, ending with `tfg.return` whose first operands are
//! cast compatible with the results and whose extra operands are control tokens; a valid
//! visibility; as many control tokens as data arguments; an even number of arguments.
//!
//! Region ops `IfRegion`, `CaseRegion`, `WhileRegion`, `ForRegion` and their `Stateless`/
//! `Stateful` variants ([`region_ops`]): region counts; single non-empty blocks; attribute
//! kinds (`parallel_iterations` an `i64`, `*_attrs` dictionaries, `*region_attrs`
//! `#tfg.region_attrs`, `branch_attrs` array sizes); operand and result kinds (`i1`/`i32`
//! tensors, tensors, control tokens last); as many control tokens as data block arguments,
//! and no control token among the data arguments; regions terminated by `tfg.yield`
//! (`tfg.condition` for a while condition); the `ForRegion` loop index argument, an `i32`
//! tensor; preserved attributes sized like the region's arguments and results; and the
//! types along every control-flow edge (operands to region arguments, yields to results and
//! loop back edges) cast compatible.
//!
//! Functional ops `If`, `Case`, `While`, `For` and variants ([`concrete_ops`]): attribute
//! kinds (function attributes, type arrays, shapes, `parallel_iterations`), operand and
//! result kinds, control tokens last and exactly one control result, last; referenced
//! `tfg.func` signatures (argument and result counts and cast-compatible types, unless the
//! function is generic); `Tin`/`Tout`/`T` type arrays against operands and results.
//!
//! Symbols ([`symbols`]): names are unique in each symbol table (the file, each
//! `builtin.module`).
//!
//! # How errors are collected
//!
//! Each op's own rules run in MLIR's order and stop at the op's first violation (later
//! rules of the same op would mostly repeat it). An op that fails is not descended into:
//! MLIR does not verify the inside of an invalid op either, and what it would find there is
//! usually a consequence (a `tfg.return` misplaced in an `IfRegion` is reported once, by the
//! `IfRegion`). Every other op is checked, so independent errors are all reported. Checks
//! that need the whole inside of an op to be valid (control-flow edge types) and the
//! checks that look across ops (symbol uses, visibility) only run on valid subtrees. The
//! two rules tfg reports without failing the op (empty keyword attributes, a while body
//! not ending with `tfg.yield`) do not stop anything.
//!
//! # Large blocks
//!
//! The ops of a large block (see [`crate::parallel`]) are verified in pieces on rayon's
//! workers, each piece by its own [`Verifier`], as the walk of the block finds them; their
//! diagnostics and valid ops are appended in block order, so the result is the sequential
//! walk's. The operand visibility check ([`visibility`]) runs on each op whose own rules
//! passed, in the same walk.
//!
//! # Where the wording differs from MLIR's
//!
//! * "see referenced function": MLIR's note prints the whole function before these words;
//!   ours is the words alone, pointing at the function.
//! * Attribute-kind errors that MLIR raises while parsing (`custom op 'tfg.X' 'tfg.X' op
//!   attribute 'a' failed to satisfy constraint: ...`, at the attribute dictionary) are
//!   reported here as `'tfg.X' op attribute 'a' failed to satisfy constraint: ...` at the op.

pub mod concrete_ops;
pub mod func;
pub mod func_func;
pub mod region_ops;
pub mod structure;
pub mod symbols;
pub mod tfg;
pub mod types;
pub mod visibility;

use std::sync::mpsc;

use rustc_hash::FxHashMap;

use crate::diag::Diagnostic;
use crate::ir::{AttrData, AttrId, BlockId, Module, OpId, RegionId, Sym, TypeId, ValueId};
use crate::parallel::{self, Split};

/// How many ops ahead of the one being verified each stage of [`prefetch_operands`] works.
const PREFETCH_AHEAD: [usize; 2] = [8, 4];

/// The operands' definitions, which `structure::check_internal` reads for every op and which
/// in a large graph are anywhere in memory: stage 0 loads the values, stage 1 their ops
/// (if `defs`: not for the ops whose operands the parser's scoping vouches for).
/// Stage 1 also loads the data of the op's node name (`name`, `_mlir_name`), which
/// `tfg::check_node` reads: one string attribute per node, so as scattered as the nodes.
fn prefetch_operands(m: &Module, name: Option<Sym>, op: OpId, stage: u8, defs: bool) {
    for v in m.body.operands(op) {
        if stage == 0 {
            m.body.prefetch_value(v);
        } else if defs {
            m.body.prefetch_def(v);
        }
    }
    if stage == 1 {
        if let Some(a) = name.and_then(|s| m.body.attr(op, s)) {
            m.ctx.prefetch_attr(a);
        }
    }
}

/// Checks `m`; returns every violation, in source order.
pub fn verify_module(m: &Module) -> Vec<Diagnostic> {
    verify_module_with(m, Split::DEFAULT)
}

/// [`verify_module`] for a module as the parser made it (no pass, importer or edit since):
/// the same violations, without checking again what name resolution guarantees (see the
/// module doc).
pub fn verify_parsed(m: &Module) -> Vec<Diagnostic> {
    let mut v = Verifier { parsed: true, ..Verifier::new(m, Split::DEFAULT) };
    v.verify_top();
    v.finish()
}

/// [`verify_module`], with large blocks split among rayon's workers as `split` says (the
/// diagnostics do not depend on it).
pub fn verify_module_with(m: &Module, split: Split) -> Vec<Diagnostic> {
    let mut v = Verifier::new(m, split);
    v.verify_top();
    v.finish()
}

/// Checks `op` and everything nested in it, as [`verify_module`] would, without the rest of
/// the module: what the pass manager verifies after a pass that ran on an op isolated from
/// above (a `tfg.func`, a `tfg.graph`), which may change nothing outside it. Symbol tables
/// are only checked for uniqueness when `op` holds one (a `builtin.module`); symbol uses in
/// `op` are looked up in the table around it.
pub fn verify_op_tree(m: &Module, op: OpId) -> Vec<Diagnostic> {
    let mut v = Verifier::new(m, Split::DEFAULT);
    v.verify_op(op);
    v.finish_with(m.op_name(op) == "builtin.module")
}

/// The ops of a large block, verified on rayon's workers: each piece's verifier (and
/// whether its ops are valid) in block order, and what the successor rules found among the
/// ops, which the block rules of the op owning the block report before anything inside.
struct LargeBlock<'m> {
    pieces: Vec<(bool, Verifier<'m>)>,
    successors: structure::SuccessorScan,
}

/// The outcome of one rule: the first violation, as a diagnostic.
pub type Check = Result<(), Diagnostic>;

/// Verification state for one module.
pub struct Verifier<'m> {
    pub m: &'m Module,
    split: Split,
    diags: Vec<Diagnostic>,
    /// What the operand visibility check found on the ops whose own rules passed, in visit
    /// order: checked as each op passes, while its data is at hand, and reported at the
    /// end with the other cross-op checks.
    visibility: Vec<Diagnostic>,
    /// The dominator trees of multi-block regions, shared by the verifiers of all pieces.
    doms: std::sync::Arc<visibility::DomCache>,
    /// The functional ops whose own rules passed; their symbol uses are checked at the end.
    symbol_users: Vec<(OpId, concrete_ops::ConcreteKind)>,
    /// Per symbol-table block (`None` for the file): symbol name → defining op.
    symbol_tables: FxHashMap<Option<BlockId>, FxHashMap<String, OpId>>,
    /// The names of [`tfg::KEYWORD_ATTRS`] as symbols (`None`: no op can have it).
    keyword_syms: [Option<Sym>; 3],
    /// The symbol of `""` (`None`: no string is empty).
    empty_sym: Option<Sym>,
    /// The module is as the parser made it ([`verify_parsed`]).
    pub(crate) parsed: bool,
    /// The last block [`scoped_by_parser`](Self::scoped_by_parser) was asked about, and
    /// its answer.
    scoped: std::cell::Cell<Option<(BlockId, bool)>>,
}

impl<'m> Verifier<'m> {
    fn new(m: &'m Module, split: Split) -> Self {
        Verifier {
            m,
            split,
            diags: Vec::new(),
            visibility: Vec::new(),
            doms: Default::default(),
            symbol_users: Vec::new(),
            symbol_tables: FxHashMap::default(),
            keyword_syms: tfg::KEYWORD_ATTRS.map(|k| m.ctx.lookup_sym(k)),
            empty_sym: m.ctx.lookup_sym(""),
            parsed: false,
            scoped: std::cell::Cell::new(None),
        }
    }

    /// Whether the module is as parsed and every region from `block`'s up to the nearest op
    /// isolated from above (or the top level) is an unordered single-block region: then
    /// the parser's scoping made every operand of the block's ops visible where it is used.
    fn scoped_by_parser(&self, block: BlockId) -> bool {
        if !self.parsed {
            return false;
        }
        let body = &self.m.body;
        if let Some((b, answer)) = self.scoped.get() {
            if b == block {
                return answer;
            }
        }
        let mut at = block;
        let answer = loop {
            let Some(r) = (at != self.m.top).then(|| body.block(at).parent).flatten() else { break at == self.m.top };
            let Some(owner) = body.region(r).parent else { break false };
            if body.region(r).blocks.len() > 1 || visibility::ssa_ordered(self.name(owner)) {
                break false;
            }
            if crate::dialect::traits::is_isolated_from_above(self.name(owner)) {
                break true;
            }
            let Some(up) = body.parent_block(owner) else { break false };
            at = up;
        };
        self.scoped.set(Some((block, answer)));
        answer
    }

    /// Verifies `op` and, if it is valid, everything nested in it. Returns whether the
    /// whole subtree is valid.
    fn verify_op(&mut self, op: OpId) -> bool {
        if let Err(d) = self.check_own(op) {
            self.diags.push(d);
            return false;
        }
        self.visibility.extend(visibility::check_op(self, op));
        if let Some(kind) = concrete_ops::kind_of(self.name(op)) {
            self.symbol_users.push((op, kind));
        }
        // Large blocks are verified first, on the workers, which also scan their ops for
        // the block rules; everything is reported in the sequential order all the same:
        // the block rules, then the ops of each block in turn.
        let m = self.m;
        let mut large = self.verify_large_blocks(op);
        let mut valid = structure::check_blocks(self, op, |b| {
            large.iter_mut().find(|(x, _)| *x == b).map(|(_, l)| std::mem::take(&mut l.successors))
        });
        for &r in &m.body.op(op).regions {
            for &b in &m.body.region(r).blocks {
                valid &= match large.iter_mut().find(|(x, _)| *x == b) {
                    Some((_, l)) => self.merge(std::mem::take(&mut l.pieces)),
                    None => self.verify_ops(m.body.block_ops(b)),
                };
            }
        }
        if valid {
            if let Err(d) = region_ops::check_edges(self, op) {
                self.diags.push(d);
                valid = false;
            }
        }
        valid
    }

    /// Verifies the ops of the file's top-level block. Returns whether they are all valid.
    fn verify_top(&mut self) -> bool {
        let m = self.m;
        if self.split.splits(&m.body, m.top) {
            let large = self.verify_large(None, m.top);
            self.merge(large.pieces)
        } else {
            self.verify_ops(m.body.block_ops(m.top))
        }
    }

    /// Verifies `ops` in order. Returns whether they are all valid.
    fn verify_ops(&mut self, ops: impl Iterator<Item = OpId>) -> bool {
        let mut valid = true;
        for op in ops {
            valid &= self.verify_op(op);
        }
        valid
    }

    /// The large blocks of `op`'s regions, verified on rayon's workers.
    fn verify_large_blocks(&self, op: OpId) -> Vec<(BlockId, LargeBlock<'m>)> {
        let m = self.m;
        let mut large = Vec::new();
        for &r in &m.body.op(op).regions {
            for &b in &m.body.region(r).blocks {
                if self.split.splits(&m.body, b) {
                    large.push((b, self.verify_large(Some(r), b)));
                }
            }
        }
        large
    }

    /// Verifies the ops of block `b` in pieces on rayon's workers, each piece as soon as the
    /// walk of the block has found it, and scans them for the successor rules of region `r`
    /// (`None`: the top level, which has none).
    fn verify_large(&self, r: Option<RegionId>, b: BlockId) -> LargeBlock<'m> {
        let (m, split) = (self.m, self.split);
        let scoped = self.scoped_by_parser(b);
        // Each piece comes back through a channel of its own, in block order.
        let mut pending = Vec::new();
        rayon::in_place_scope(|scope| {
            for piece in parallel::pieces(&m.body, b, split) {
                let (done, part) = mpsc::sync_channel(1);
                pending.push(part);
                let doms = self.doms.clone();
                let name = self.keyword_syms[tfg::NAME_ATTR];
                let parsed = self.parsed;
                scope.spawn(move |_| {
                    let mut v = Verifier { doms, parsed, ..Verifier::new(m, split) };
                    let mut valid = true;
                    let defs = !scoped;
                    piece.for_each_ahead(&m.body, &PREFETCH_AHEAD, |op, stage| prefetch_operands(m, name, op, stage, defs), |op| {
                        valid &= v.verify_op(op);
                    });
                    let scan = r.map(|r| structure::scan_successors(&v, r, b, piece.ops(&m.body)));
                    let _ = done.send((valid, v, scan.unwrap_or_default()));
                });
            }
        });
        let mut large = LargeBlock { pieces: Vec::with_capacity(pending.len()), successors: Default::default() };
        for part in pending {
            // The scope has waited for every piece (and re-raised a worker's panic).
            let Ok((valid, v, scan)) = part.recv() else {
                large.pieces.push((false, Verifier::new(m, split)));
                continue;
            };
            large.pieces.push((valid, v));
            large.successors.append(scan);
        }
        large
    }

    /// Appends what the verifiers of a block's pieces found, in order. Returns whether the
    /// ops are all valid.
    fn merge(&mut self, pieces: Vec<(bool, Verifier<'m>)>) -> bool {
        let mut valid = true;
        for (piece_valid, part) in pieces {
            valid &= piece_valid;
            self.diags.extend(part.diags);
            self.visibility.extend(part.visibility);
            self.symbol_users.extend(part.symbol_users);
        }
        valid
    }

    /// The rules of `op` itself, in MLIR's order.
    fn check_own(&mut self, op: OpId) -> Check {
        structure::check_internal(self, op)?;
        if let Some(parent) = self.m.body.parent_op(op) {
            if matches!(self.name(parent), "tfg.graph" | "tfg.func") {
                tfg::check_node(self, op)?;
            }
        }
        let name = self.name(op);
        match name {
            "tfg.graph" => tfg::check_graph(self, op),
            "tfg.func" => func::check_func(self, op),
            "func.func" => func_func::check_func_func(self, op),
            "func.return" => func_func::check_func_return(self, op),
            "tfg.return" => tfg::check_return(self, op),
            "tfg.yield" => tfg::check_yield(self, op),
            "tfg.condition" => tfg::check_condition(self, op),
            "tfg.get_result" => tfg::check_get_result(self, op),
            "builtin.module" => structure::check_module(self, op),
            _ => {
                if let Some(kind) = region_ops::kind_of(name) {
                    region_ops::check(self, op, kind)
                } else if let Some(kind) = concrete_ops::kind_of(name) {
                    concrete_ops::check(self, op, kind)
                } else {
                    Ok(())
                }
            }
        }
    }

    fn finish(self) -> Vec<Diagnostic> {
        self.finish_with(true)
    }

    /// The cross-op checks, then every diagnostic in source order; `tables`: whether the
    /// file's symbol tables are checked for names defined twice.
    fn finish_with(mut self, tables: bool) -> Vec<Diagnostic> {
        if tables {
            symbols::check_tables(&mut self);
        }
        for (op, kind) in std::mem::take(&mut self.symbol_users) {
            if let Err(d) = concrete_ops::check_symbol_uses(&mut self, op, kind) {
                self.diags.push(d);
            }
        }
        for d in std::mem::take(&mut self.visibility) {
            self.report(d);
        }
        let mut diags = self.diags;
        diags.sort_by_key(|d| d.span.map(|s| s.start).unwrap_or(0));
        diags
    }

    // ------------------------------------------------------------------ helpers

    /// Records a violation that does not stop the checks of its op (MLIR emits these
    /// without failing).
    pub fn report(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    pub fn name(&self, op: OpId) -> &'m str {
        self.m.op_name(op)
    }

    /// `'tfg.Op' op <msg>` at `op`, as MLIR's `emitOpError`.
    pub fn op_error(&self, op: OpId, msg: impl AsRef<str>) -> Diagnostic {
        self.error(op, format!("'{}' op {}", self.name(op), msg.as_ref()))
    }

    /// `<msg>` at `op`, as MLIR's `emitError`. An op a pass created has no place in the
    /// file: the error points at the nearest op around it that has one, and says so.
    pub fn error(&self, op: OpId, msg: impl Into<String>) -> Diagnostic {
        let span = self.m.body.op(op).span;
        if !span.is_empty() {
            return Diagnostic::error(span, msg);
        }
        let mut at = self.m.body.parent_op(op);
        while let Some(p) = at.filter(|&p| self.m.body.op(p).span.is_empty()) {
            at = self.m.body.parent_op(p);
        }
        let node = self.m.node_name(op).map(|n| format!(" (node \"{}\")", n)).unwrap_or_default();
        let where_ = at.map(|p| self.m.body.op(p).span).unwrap_or_default();
        Diagnostic::error(where_, msg).with_note(
            at.map(|p| self.m.body.op(p).span),
            format!("the '{}' op{} was created by a pass; the op shown holds it", self.name(op), node),
        )
    }

    /// An inherent attribute: from the attribute dictionary or the `<{...}>` properties.
    pub fn inherent(&self, op: OpId, name: &str) -> Option<AttrId> {
        if let Some(a) = self.m.op_attr(op, name) {
            return Some(a);
        }
        let props = self.m.body.op(op).properties?;
        let sym = self.m.ctx.lookup_sym(name)?;
        self.m.ctx.dict_entries(props).iter().find(|e| e.name == sym).map(|e| e.value)
    }

    /// The attribute behind any aliases.
    pub fn attr_data(&self, a: AttrId) -> &'m AttrData {
        self.m.ctx.attr_data(self.m.ctx.resolved_attr(a))
    }

    pub fn value_type(&self, v: ValueId) -> TypeId {
        self.m.body.value(v).ty
    }

    pub fn operand_types(&self, op: OpId) -> Vec<TypeId> {
        self.m.body.operands(op).map(|v| self.value_type(v)).collect()
    }

    pub fn result_types(&self, op: OpId) -> Vec<TypeId> {
        self.m.body.results(op).iter().map(|&v| self.value_type(v)).collect()
    }

    pub fn is_control(&self, t: TypeId) -> bool {
        self.m.ctx.is_control_type(t)
    }

    /// `'tensor<f32>'`.
    pub fn quoted(&self, t: TypeId) -> String {
        types::quoted(&self.m.ctx, t)
    }

    /// The entry block of a region, if it has one.
    pub fn entry_block(&self, r: RegionId) -> Option<BlockId> {
        self.m.body.region(r).blocks.first().copied()
    }

    /// The types of the arguments of a region's entry block.
    pub fn region_arg_types(&self, r: RegionId) -> Vec<TypeId> {
        match self.entry_block(r) {
            Some(b) => self.m.body.block(b).args.iter().map(|&v| self.value_type(v)).collect(),
            None => Vec::new(),
        }
    }

    /// The decoded text of a string attribute.
    pub fn string_of(&self, a: AttrId) -> Option<String> {
        self.m.ctx.string_value(a).map(|b| String::from_utf8_lossy(&b).into_owned())
    }

    /// The function type held by a type attribute.
    pub fn function_type_of(&self, a: AttrId) -> Option<(&'m [TypeId], &'m [TypeId])> {
        let AttrData::Type(t) = self.attr_data(a) else { return None };
        match self.m.ctx.type_data(self.m.ctx.resolved_type(*t)) {
            crate::ir::TypeData::Function { inputs, results } => Some((inputs, results)),
            _ => None,
        }
    }
}

/// Which half of a list of values is data and which is control tokens: the index of the
/// first control token (the length when there is none).
pub fn first_control(v: &Verifier<'_>, types: &[TypeId]) -> usize {
    types.iter().position(|&t| v.is_control(t)).unwrap_or(types.len())
}

#[cfg(test)]
mod tests {
    //! Rules that text cannot break (the parser's scoping prevents it) but passes can.
    use super::verify_module;
    use crate::ir::{Module, OpId};
    use crate::syntax::parse_module;

    fn parse(text: &str) -> Module {
        match parse_module(text) {
            Ok(m) => m,
            Err(d) => panic!("test input does not parse: {:?}", d),
        }
    }

    /// Every op named `name`, in walk order.
    fn find(m: &Module, name: &str) -> Vec<OpId> {
        let mut out = Vec::new();
        for top in m.top_ops() {
            m.body.walk(top, |op| {
                if m.op_name(op) == name {
                    out.push(op);
                }
            });
        }
        out
    }

    fn messages(m: &Module) -> Vec<String> {
        verify_module(m).into_iter().map(|d| d.message).collect()
    }

    #[test]
    fn valid_input_has_no_diagnostics() {
        let m = parse(
            "tfg.func @f(%a: tensor<f32>) -> (tensor<f32>) {\n  %B, %ctl = B(%a) : (tensor<f32>) -> (tensor<f32>)\n  return(%B) : tensor<f32>\n}\n",
        );
        assert!(messages(&m).is_empty());
    }

    #[test]
    fn use_across_an_isolated_op() {
        let mut m = parse(
            "tfg.func @f(%a: tensor<f32>) {\n  return\n}\ntfg.func @g(%b: tensor<f32>) {\n  %C, %ctl = C(%b) : (tensor<f32>) -> (tensor<f32>)\n  return\n}\n",
        );
        let funcs = find(&m, "tfg.func");
        let entry = m.body.region(m.body.op(funcs[0]).regions[0]).blocks[0];
        let a = m.body.block(entry).args[0];
        let c = find(&m, "tfg.C")[0];
        m.body.set_operand(c, 0, a);
        let d = verify_module(&m);
        assert_eq!(d.len(), 1, "{:?}", d);
        assert_eq!(d[0].message, "'tfg.C' op using value defined outside the region");
        assert_eq!(d[0].notes[0].1, "required by region isolation constraints");
        assert_eq!(d[0].notes[0].0, Some(m.body.op(funcs[1]).span));
    }

    #[test]
    fn use_of_a_value_from_a_nested_region() {
        let mut m = parse(concat!(
            "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n",
            "  %c, %x, %ctl = Op : () -> (tensor<i1>, tensor<f32>)\n",
            "  %If, %ctl_0 = IfRegion %c then {\n",
            "    %In, %ctl_1 = In : () -> (tensor<f32>)\n",
            "    yield(%In) : tensor<f32>\n",
            "  } else {\n",
            "    yield(%x) : tensor<f32>\n",
            "  } : (tensor<i1>) -> (tensor<f32>)\n",
            "  %U, %ctl_2 = U(%x) : (tensor<f32>) -> (tensor<f32>)\n",
            "}\n"
        ));
        let inner = m.body.results(find(&m, "tfg.In")[0])[0];
        let u = find(&m, "tfg.U")[0];
        m.body.set_operand(u, 0, inner);
        let d = verify_module(&m);
        assert_eq!(d.len(), 1, "{:?}", d);
        assert_eq!(d[0].message, "operand #0 does not dominate this use");
        assert_eq!(d[0].notes[0].1, "operand defined here (op in a child region)");
    }

    #[test]
    fn operand_of_an_erased_op() {
        let mut m = parse(
            "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n  %A, %ctl = A : () -> (tensor<f32>)\n  %B, %ctl_0 = B(%A) : (tensor<f32>) -> (tensor<f32>)\n}\n",
        );
        let a = find(&m, "tfg.A")[0];
        let va = m.body.results(a)[0];
        let b = find(&m, "tfg.B")[0];
        m.body.erase_op(a);
        // Erasing does not unlink the uses of the results; the pass forgot to.
        assert_eq!(m.body.operand(b, 0), va);
        assert_eq!(messages(&m), vec!["'tfg.B' op operand #0 is defined by an erased operation".to_string()]);
    }

    #[test]
    fn branch_into_another_region() {
        let mut m = parse(concat!(
            "\"foo.a\"() ({\n",
            "^bb0:\n",
            "  \"foo.br\"() [^bb1] : () -> ()\n",
            "^bb1:\n",
            "  \"foo.t\"() : () -> ()\n",
            "}, {\n",
            "^bb2:\n",
            "  \"foo.t\"() : () -> ()\n",
            "}) : () -> ()\n"
        ));
        let a = find(&m, "foo.a")[0];
        let other = m.body.region(m.body.op(a).regions[1]).blocks[0];
        let br = find(&m, "foo.br")[0];
        m.body.set_successors(br, smallvec::smallvec![(other, 0)]);
        assert_eq!(messages(&m), vec!["'foo.br' op branching to block of a different region".to_string()]);
    }

    #[test]
    fn independent_errors_are_all_reported_in_order() {
        let m = parse(concat!(
            "tfg.func @f() -> (tensor<i32>) {\n",
            "  %A, %ctl = A : () -> (tensor<f32>)\n",
            "  return(%A) : tensor<f32>\n",
            "}\n",
            "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n",
            "  %a:2, %ctl = \"tfg.A\"() : () -> (!tf_type.control, tensor<f32>, !tf_type.control)\n",
            "}\n",
            "tfg.func @f() {\n",
            "  return\n",
            "}\n"
        ));
        assert_eq!(
            messages(&m),
            vec![
                "'tfg.func' op type mismatch for returned value #0, expected 'tensor<i32>' but got 'tensor<f32>'"
                    .to_string(),
                "'tfg.A' op found non-control result in position #1 after control result in position #0".to_string(),
                "redefinition of symbol named 'f'".to_string(),
            ]
        );
    }
}
