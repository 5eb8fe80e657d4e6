//! Which ops of a torch function `--emit=pytorch` can write, and how ([`Kind`]): the function
//! to write, and one pass over its ops (into `torch.prim.If`/`Loop` regions) that classifies
//! each op or collects it, so that one error lists every op with no Python mapping (each op
//! type with its count, why when the op is known but does not fit, and the first one's span).
//! An aten op maps when the pytorch namespace has its schema and its operands and results
//! match it.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use crate::ir::{AttrId, BlockId, Module, OpId, Span};
use crate::namespace::OpSchema;
use crate::printer::torch::inherent;

use super::weights::Literal;

/// How an op becomes Python.
pub enum Kind {
    Constant,
    List,
    ListUnpack,
    Literal,
    Call(Arc<OpSchema>),
    Return,
    /// `torch.prim.If`: Python `if`/`else`.
    If,
    /// `torch.prim.Loop`: a Python `for` over the trip count that stops when the condition fails.
    Loop,
    /// `torch.prim.If.yield`, `torch.prim.Loop.condition`: rendered by their op.
    Yield,
}

/// Why a module has no Python form: the message, and the ops it is about (their spans in the
/// input text, for `file:line:col`; empty spans when the ops were made by a pass or an importer).
#[derive(Debug)]
pub struct RenderError {
    pub message: String,
    pub spans: Vec<Span>,
}

impl From<String> for RenderError {
    fn from(message: String) -> Self {
        RenderError { message, spans: Vec::new() }
    }
}

/// The function to write: the only `func.func`, else the one named `main`.
pub fn find_func(m: &Module) -> Result<OpId, String> {
    let mut funcs = Vec::new();
    let mut others: BTreeMap<String, usize> = BTreeMap::new();
    let mut stack: Vec<OpId> = m.top_ops();
    stack.reverse();
    while let Some(op) = stack.pop() {
        match m.op_name(op) {
            "func.func" => funcs.push(op),
            "builtin.module" => {
                for &r in &m.body.op(op).regions {
                    for &b in &m.body.region(r).blocks {
                        let mut inner: Vec<OpId> = m.body.block_ops(b).collect();
                        inner.reverse();
                        stack.extend(inner);
                    }
                }
            }
            other => *others.entry(other.to_string()).or_default() += 1,
        }
    }
    let named = |op: &OpId| inherent(m, *op, "sym_name").and_then(|a| m.ctx.string_value(a)).is_some_and(|n| n == b"main");
    match funcs.as_slice() {
        [one] => Ok(*one),
        [] => {
            let found: Vec<String> = others.keys().cloned().collect();
            Err(format!(
                "--emit=pytorch needs torch-namespace IR (a func.func of torch ops, as --pass=convert-tf-to-torch writes it); this module has {}",
                if found.is_empty() { "no ops".to_string() } else { found.join(", ") }
            ))
        }
        many => many.iter().find(|op| named(op)).copied().ok_or_else(|| "--emit=pytorch: the module has several func.func and none is @main".to_string()),
    }
}

pub fn func_block(m: &Module, func: OpId) -> Result<BlockId, String> {
    let od = m.body.op(func);
    let blocks: Vec<BlockId> = od.regions.iter().flat_map(|&r| m.body.region(r).blocks.iter().copied()).collect();
    match blocks.as_slice() {
        [b] => Ok(*b),
        [] => Err("--emit=pytorch: the func.func has no body".to_string()),
        _ => Err("--emit=pytorch: the func.func has several blocks (unstructured control flow has no Python form here)".to_string()),
    }
}

/// Every op's [`Kind`]; the error lists every op type that has none, with its count, and
/// gives the span of the first such op of each type.
pub fn classify_all(m: &Module, block: BlockId) -> Result<HashMap<OpId, Kind>, RenderError> {
    let reg = crate::namespace::global().read().map_err(|_| "the namespace registry is poisoned".to_string())?;
    let ns = reg.resolve("amanda/pytorch");
    let mut kinds = HashMap::new();
    let mut missing: BTreeMap<String, (usize, Option<String>, Span)> = BTreeMap::new();
    let mut pending: Vec<OpId> = m.body.block_ops(block).collect();
    pending.reverse();
    while let Some(op) = pending.pop() {
        let name = m.op_name(op);
        let kind = match name {
            "torch.prim.If" | "torch.prim.Loop" => {
                let blocks: Vec<BlockId> = m.body.op(op).regions.iter().flat_map(|&r| m.body.region(r).blocks.iter().copied()).collect();
                let (want, what) = if name == "torch.prim.If" { (2, "two regions of one block") } else { (1, "one region of one block") };
                if blocks.len() == want && m.body.op(op).regions.len() == want {
                    for &b in blocks.iter().rev() {
                        let mut inner: Vec<OpId> = m.body.block_ops(b).collect();
                        inner.reverse();
                        pending.extend(inner);
                    }
                    Ok(if name == "torch.prim.If" { Kind::If } else { Kind::Loop })
                } else {
                    Err(Some(format!("not {what}")))
                }
            }
            "torch.prim.If.yield" | "torch.prim.Loop.condition" => Ok(Kind::Yield),
            "torch.constant.int" | "torch.constant.float" | "torch.constant.bool" | "torch.constant.none" | "torch.constant.str" | "torch.constant.device" => Ok(Kind::Constant),
            "torch.prim.ListConstruct" => Ok(Kind::List),
            "torch.prim.ListUnpack" => Ok(Kind::ListUnpack),
            "torch.vtensor.literal" => literal_value(m, op)
                .and_then(|v| Literal::header(&m.ctx, v))
                .map(|_| Kind::Literal)
                .ok_or_else(|| Some("a value that is not a dense literal of a known element type".to_string())),
            "func.return" | "return" => Ok(Kind::Return),
            _ => match (aten_parts(name), ns) {
                (Some((ns_name, op_name, overload)), Some(v)) => {
                    let schema_name = match overload {
                        Some(o) => format!("{ns_name}::{op_name}.{o}"),
                        None => format!("{ns_name}::{op_name}"),
                    };
                    match reg.lookup(v, &schema_name) {
                        None => Err(None),
                        Some(s) if !m.body.op(op).regions.is_empty() => {
                            let _ = s;
                            Err(Some("an op with regions".to_string()))
                        }
                        Some(s) if s.vararg || s.inputs.len() != m.body.num_operands(op) => {
                            Err(Some(format!("{} operands where {} has {}", m.body.num_operands(op), schema_name, s.inputs.len())))
                        }
                        Some(s) if s.outputs.len() != m.body.results(op).len() => {
                            Err(Some(format!("{} results where {} has {}", m.body.results(op).len(), schema_name, s.outputs.len())))
                        }
                        Some(s) => Ok(Kind::Call(s)),
                    }
                }
                _ => Err(None),
            },
        };
        match kind {
            Ok(k) => {
                kinds.insert(op, k);
            }
            Err(why) => {
                let e = missing.entry(name.to_string()).or_insert((0, why, m.body.op(op).span));
                e.0 += 1;
            }
        }
    }
    if missing.is_empty() {
        return Ok(kinds);
    }
    let total: usize = missing.values().map(|(n, _, _)| n).sum();
    let list: Vec<String> = missing
        .iter()
        .map(|(name, (n, why, _))| match why {
            Some(w) => format!("{name} ({n}: {w})"),
            None => format!("{name} ({n})"),
        })
        .collect();
    let mut spans: Vec<Span> = missing.values().map(|(_, _, s)| *s).collect();
    spans.sort_by_key(|s| s.start);
    let message = format!(
        "--emit=pytorch: {total} op{} of {} type{} ha{} no PyTorch mapping: {}",
        if total == 1 { "" } else { "s" },
        missing.len(),
        if missing.len() == 1 { "" } else { "s" },
        if total == 1 { "s" } else { "ve" },
        list.join("; ")
    );
    Err(RenderError { message, spans })
}

/// `torch.aten.add.Tensor` → (`aten`, `add`, `Some("Tensor")`); also `torch.prims.*`.
pub fn aten_parts(name: &str) -> Option<(&str, &str, Option<&str>)> {
    let rest = name.strip_prefix("torch.")?;
    let (ns, rest) = rest.split_once('.')?;
    if ns != "aten" && ns != "prims" {
        return None;
    }
    match rest.split_once('.') {
        Some((op, overload)) => Some((ns, op, Some(overload))),
        None => Some((ns, rest, None)),
    }
}

/// The `dense<...>` value of a `torch.vtensor.literal`.
pub fn literal_value(m: &Module, op: OpId) -> Option<AttrId> {
    inherent(m, op, "value")
}
