//! From a torch-mlir `func.func` to the text of `model.py` and the tensors of
//! `weights.safetensors`: one Python statement per op in the function's order (which is
//! topological: the function is an SSA region), constants inlined as Python literals, large
//! literals as the module's weights.
//!
//! * `torch.constant.int/float/bool/none/str/device` and `torch.prim.ListConstruct` become
//!   Python literals at their uses (`1`, `1e-05`, `True`, `None`, `"floor"`, `[x, 1]`); an int
//!   passed where the schema wants a `ScalarType`, `Layout` or `MemoryFormat` is written as
//!   torch's object for it (`torch.float32`).
//! * `torch.vtensor.literal`: a tensor of one element (or an integer/bool tensor of at most
//!   [`INLINE_INTS`] elements) is written inline (`torch.tensor(...)`); any other is a weight,
//!   a `torch.nn.Parameter` (float) or buffer (other types) of the module, named after its
//!   graph node (its `loc("name")`), else after the op and argument that first uses it
//!   (`convolution_weight`).
//! * `torch.aten.<op>[.<overload>]` (and `torch.prims.*`): `torch.ops.aten.<op>.<overload>(...)`
//!   with the operands in schema order (keyword-only arguments by name), the schema read from
//!   the pytorch namespace; a few ops have a plainer spelling that calls the same overload
//!   (`torch.relu(x)`, `a + b` for `add.Tensor` with alpha 1), see [`plain`].
//! * `torch.prim.ListUnpack`: tuple assignment. `func.return`: `return x` / `return (x, y)`.
//!
//! Anything else (other dialects, `torch.prim.If`/`Loop`, an aten op the namespace does not
//! know or whose operands do not match its schema) is collected first, and the render fails
//! with one message listing every such op with its count.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use crate::ir::attrs::{AttrData, Location};
use crate::ir::{AttrId, BlockId, Module, OpId, Span, ValueId};
use crate::namespace::OpSchema;
use crate::printer::torch::inherent;

use super::names::{sanitize, Names, LOCAL_RESERVED, MODULE_RESERVED};
use super::weights::{shape_tuple, Literal, Weight, INLINE_LIMIT};


const MODEL_TEMPLATE: &str = include_str!("model.py.tmpl");
const PARAMETER_TEMPLATE: &str = include_str!("parameter.py.tmpl");
const BUFFER_TEMPLATE: &str = include_str!("buffer.py.tmpl");
const CONSTANT_TEMPLATE: &str = include_str!("constant.py.tmpl");

/// What `--emit=pytorch` writes.
pub struct Program {
    pub model_py: String,
    pub weights: Vec<Weight>,
}

/// How an op becomes Python.
enum Kind {
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

/// Renders the torch function of `m` (`source`: the input's name, for the docstring).
pub fn render(m: &Module, source: &str) -> Result<Program, RenderError> {
    let func = find_func(m)?;
    let func_name = inherent(m, func, "sym_name").and_then(|a| m.ctx.string_value(a)).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_else(|| "main".to_string());
    let block = func_block(m, func)?;
    let kinds = classify_all(m, block)?;
    let mut r = Renderer {
        m,
        kinds,
        exprs: HashMap::new(),
        locals: Names::new(LOCAL_RESERVED),
        attrs: Names::new(MODULE_RESERVED),
        body: Vec::new(),
        indent: 2,
        decls: Vec::new(),
        weights: Vec::new(),
    };
    let mut args = Vec::new();
    let bd = m.body.block(block);
    for (i, &a) in bd.args.iter().enumerate() {
        let spelled = bd.arg_info.get(i).and_then(|info| info.name).map(|s| m.ctx.str(s).to_string());
        let base = spelled.as_deref().filter(|s| !is_numeric(s)).and_then(sanitize).unwrap_or_else(|| format!("arg{i}"));
        let name = r.locals.fresh(&base);
        r.exprs.insert(a, name.clone());
        args.push(name);
    }
    let mut results = String::from("None");
    for op in m.body.block_ops(block) {
        if let Some(ret) = r.op(op).map_err(RenderError::from)? {
            results = ret;
        }
    }
    let params: String = args.iter().map(|a| format!(", {a}")).collect();
    let model_py = fill(
        MODEL_TEMPLATE,
        &[
            ("source", &docstring_text(if source == "-" { "<stdin>" } else { source })),
            ("func", &func_name),
            ("args", &args.join(", ")),
            ("params", &params),
            ("results", &results),
            ("weights", r.decls.join("").trim_end_matches('\n')),
            ("body", &r.body.join("\n")),
        ],
    );
    Ok(Program { model_py, weights: r.weights })
}

/// `template` with each `{{key}}` replaced by its value, in one pass (a value is never
/// scanned for keys); an unknown key is left as it is.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        match after.find("}}").and_then(|end| values.iter().find(|(k, _)| *k == &after[..end]).map(|(_, v)| (end, v))) {
            Some((end, v)) => {
                out.push_str(v);
                rest = &after[end + 2..];
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `text` as it can stand in a `"""` docstring.
fn docstring_text(text: &str) -> String {
    text.replace('\\', "\\\\").replace("\"\"\"", "\\\"\"\"")
}

/// The function to write: the only `func.func`, else the one named `main`.
fn find_func(m: &Module) -> Result<OpId, String> {
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

fn func_block(m: &Module, func: OpId) -> Result<BlockId, String> {
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
fn classify_all(m: &Module, block: BlockId) -> Result<HashMap<OpId, Kind>, RenderError> {
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
fn aten_parts(name: &str) -> Option<(&str, &str, Option<&str>)> {
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
fn literal_value(m: &Module, op: OpId) -> Option<AttrId> {
    inherent(m, op, "value")
}

fn is_numeric(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_digit())
}

/// `arg0`, `arg12`: the names MLIR gives arguments, which say nothing.
fn is_numbered_arg(s: &str) -> bool {
    s.strip_prefix("arg").is_some_and(is_numeric)
}

/// The graph name of `op`: its `loc("name")` (the first name of a fused or call-site
/// location), else its node name attribute.
fn graph_name(m: &Module, op: OpId) -> Option<String> {
    fn of_loc(m: &Module, a: AttrId, depth: u32) -> Option<String> {
        if depth > 8 {
            return None;
        }
        match m.ctx.attr_data(m.ctx.resolved_attr(a)) {
            AttrData::Loc(Location::Name { name, .. }) => Some(m.ctx.str(*name).to_string()),
            AttrData::Loc(Location::Fused { locs, .. }) => locs.iter().find_map(|&l| of_loc(m, l, depth + 1)),
            AttrData::Loc(Location::CallSite { callee, .. }) => of_loc(m, *callee, depth + 1),
            _ => None,
        }
    }
    let od = m.body.op(op);
    od.loc.and_then(|l| of_loc(m, l, 0)).map(|s| s.trim_matches('"').to_string()).filter(|s| !s.is_empty()).or_else(|| m.node_name(op))
}

/// The name a value's result group was written with, when it is a word (`%logits`, not `%3`).
fn spelled_result_name(m: &Module, op: OpId) -> Option<String> {
    let od = m.body.op(op);
    let g = od.result_names.first()?;
    let s = m.ctx.str(g.name?);
    (!is_numeric(s) && !is_numbered_arg(s)).then(|| s.to_string())
}

struct Renderer<'m> {
    m: &'m Module,
    kinds: HashMap<OpId, Kind>,
    /// The Python expression of each value rendered so far.
    exprs: HashMap<ValueId, String>,
    locals: Names,
    attrs: Names,
    body: Vec<String>,
    /// Indentation of the statements being written, in levels of four spaces.
    indent: usize,
    /// The `__init__` lines declaring the weights.
    decls: Vec<String>,
    weights: Vec<Weight>,
}

impl Renderer<'_> {
    fn expr(&self, v: ValueId) -> String {
        self.exprs.get(&v).cloned().unwrap_or_else(|| "None".to_string())
    }

    fn stmt(&mut self, line: String) {
        self.body.push(format!("{}{line}", "    ".repeat(self.indent)));
    }

    /// Renders the ops of a region's block one level deeper; gives the operands of its
    /// terminator (`If.yield`, `Loop.condition`). A block that writes nothing is `pass`,
    /// unless the caller writes statements after it (`tail`).
    fn nested(&mut self, b: BlockId, tail: bool) -> Result<Vec<ValueId>, String> {
        self.indent += 1;
        let before = self.body.len();
        let mut yielded = Vec::new();
        for op in self.m.body.block_ops(b) {
            if matches!(self.kinds.get(&op), Some(Kind::Yield)) {
                yielded = self.m.body.operands(op).collect();
            } else {
                self.op(op)?;
            }
        }
        if self.body.len() == before && !tail {
            self.stmt("pass".to_string());
        }
        self.indent -= 1;
        Ok(yielded)
    }

    /// `a, b = x, y` (nothing for no values); `a = x` for one.
    fn assign(&mut self, names: &[String], values: &[ValueId]) {
        if names.is_empty() {
            return;
        }
        let rhs: Vec<String> = values.iter().map(|&v| self.expr(v)).collect();
        self.stmt(format!("{} = {}", names.join(", "), rhs.join(", ")));
    }

    /// `torch.prim.If`: `if cond:` / `else:`, each branch assigning the results last.
    fn render_if(&mut self, op: OpId, operands: &[ValueId], results: &[ValueId]) -> Result<(), String> {
        let m = self.m;
        let blocks: Vec<BlockId> = m.body.op(op).regions.iter().flat_map(|&r| m.body.region(r).blocks.iter().copied()).collect();
        let names = self.result_names(op, "if_result", results.len());
        let cond = self.expr(operands[0]);
        self.stmt(format!("if {cond}:"));
        let y = self.nested(blocks[0], !names.is_empty())?;
        self.indent += 1;
        self.assign(&names, &y);
        self.indent -= 1;
        self.stmt("else:".to_string());
        let y = self.nested(blocks[1], !names.is_empty())?;
        self.indent += 1;
        self.assign(&names, &y);
        self.indent -= 1;
        for (v, n) in results.iter().zip(names) {
            self.exprs.insert(*v, n);
        }
        Ok(())
    }

    /// `torch.prim.Loop(max, cond, init...)`: the carried values are the block's arguments
    /// after the counter; torch-mlir runs the body while `counter < max` and the condition
    /// (initially `cond`, then the body's) holds. The results are the carried values.
    fn render_loop(&mut self, op: OpId, operands: &[ValueId], results: &[ValueId]) -> Result<(), String> {
        let m = self.m;
        let block = m.body.op(op).regions.first().and_then(|&r| m.body.region(r).blocks.first().copied()).ok_or("--emit=pytorch: a torch.prim.Loop without a body")?;
        let bd = m.body.block(block);
        let args = bd.args.clone();
        let spelled: Vec<Option<String>> = bd.arg_info.iter().map(|i| i.name.map(|s| m.ctx.str(s).to_string())).collect();
        if args.len() != operands.len() - 1 || results.len() != operands.len() - 2 {
            return Err("--emit=pytorch: a torch.prim.Loop whose block arguments do not match its operands".to_string());
        }
        let arg_name = |r: &mut Self, i: usize, fallback: &str| {
            let base = spelled.get(i).cloned().flatten().filter(|s| !is_numeric(s) && !is_numbered_arg(s)).and_then(|s| sanitize(&s)).unwrap_or_else(|| fallback.to_string());
            r.locals.fresh(&base)
        };
        let counter = arg_name(self, 0, "i");
        let carried: Vec<String> = (1..args.len()).map(|i| arg_name(self, i, "carried")).collect();
        let cond = self.locals.fresh("loop_cond");
        self.assign(&carried, &operands[2..]);
        self.stmt(format!("{cond} = {}", self.expr(operands[1])));
        self.stmt(format!("for {counter} in range({}):", self.expr(operands[0])));
        self.indent += 1;
        self.stmt(format!("if not {cond}:"));
        self.indent += 1;
        self.stmt("break".to_string());
        self.indent -= 2;
        self.exprs.insert(args[0], counter);
        for (v, n) in args[1..].iter().zip(&carried) {
            self.exprs.insert(*v, n.clone());
        }
        let y = self.nested(block, true)?;
        if y.len() != carried.len() + 1 {
            return Err("--emit=pytorch: a torch.prim.Loop.condition that does not match the loop's values".to_string());
        }
        self.indent += 1;
        let mut names = vec![cond];
        names.extend(carried.iter().cloned());
        self.assign(&names, &y);
        self.indent -= 1;
        for (v, n) in results.iter().zip(carried) {
            self.exprs.insert(*v, n);
        }
        Ok(())
    }

    /// Renders `op`; a return gives the text naming the results (for the docstring).
    fn op(&mut self, op: OpId) -> Result<Option<String>, String> {
        let m = self.m;
        let operands: Vec<ValueId> = m.body.operands(op).collect();
        let results: Vec<ValueId> = m.body.results(op).to_vec();
        match &self.kinds[&op] {
            Kind::Constant => {
                let e = constant(m, op)?;
                self.exprs.insert(results[0], e);
            }
            Kind::List => {
                let items: Vec<String> = operands.iter().map(|&v| self.expr(v)).collect();
                self.exprs.insert(results[0], format!("[{}]", items.join(", ")));
            }
            Kind::ListUnpack => {
                let names = self.result_names(op, "item", results.len());
                let lhs = if names.len() == 1 { format!("{},", names[0]) } else { names.join(", ") };
                let rhs = self.expr(operands[0]);
                self.stmt(format!("{lhs} = {rhs}"));
                for (v, n) in results.iter().zip(names) {
                    self.exprs.insert(*v, n);
                }
            }
            Kind::Literal => {
                let lit = literal_value(m, op)
                    .and_then(|v| Literal::decode(&m.ctx, v))
                    .ok_or_else(|| "--emit=pytorch: a torch.vtensor.literal whose elements do not match its type".to_string())?;
                let small = lit.len() <= 1 || (!lit.elem.is_float() && lit.len() <= INLINE_LIMIT);
                if small && lit.shape.is_empty() {
                    self.exprs.insert(results[0], lit.python());
                } else if small {
                    // A buffer, so it moves with the module (`.to("cuda")`), but not a weight.
                    let name = self.weight_name(op, results[0]);
                    self.decls.push(fill(CONSTANT_TEMPLATE, &[("name", &name), ("value", &lit.python())]));
                    self.exprs.insert(results[0], format!("self.{name}"));
                } else {
                    let name = self.weight_name(op, results[0]);
                    let template = if lit.elem.is_float() { PARAMETER_TEMPLATE } else { BUFFER_TEMPLATE };
                    self.decls.push(fill(template, &[("name", &name), ("shape", &shape_tuple(&lit.shape)), ("dtype", lit.elem.torch())]));
                    self.weights.push(Weight { name: name.clone(), elem: lit.elem, shape: lit.shape.clone(), data: lit.bytes() });
                    self.exprs.insert(results[0], format!("self.{name}"));
                }
            }
            Kind::Call(schema) => {
                let schema = schema.clone();
                let call = self.call(op, &schema, &operands);
                let short = aten_parts(m.op_name(op)).map(|(_, o, _)| o).unwrap_or("v");
                let names = self.result_names(op, short, results.len());
                if let Some(comment) = graph_name(m, op).filter(|g| sanitize(g).as_deref() != Some(g.as_str())) {
                    self.stmt(format!("# {comment}"));
                }
                let lhs = if results.is_empty() {
                    String::new()
                } else if names.len() == 1 {
                    format!("{} = ", names[0])
                } else {
                    format!("{} = ", names.join(", "))
                };
                self.stmt(format!("{lhs}{call}"));
                for (v, n) in results.iter().zip(names) {
                    self.exprs.insert(*v, n);
                }
            }
            Kind::If => self.render_if(op, &operands, &results)?,
            Kind::Loop => self.render_loop(op, &operands, &results)?,
            Kind::Yield => return Err(format!("--emit=pytorch: {} outside its op", m.op_name(op))),
            Kind::Return => {
                let items: Vec<String> = operands.iter().map(|&v| self.expr(v)).collect();
                let ret = match items.as_slice() {
                    [] => "None".to_string(),
                    [one] => one.clone(),
                    many => format!("({})", many.join(", ")),
                };
                self.stmt(format!("return {ret}"));
                let all_names = items.iter().all(|i| i.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
                return Ok(Some(if all_names { ret } else { "outputs".to_string() }));
            }
        }
        Ok(None)
    }

    /// Fresh local names for the results of `op`: after its graph name, its spelled result
    /// name, or `fallback` (the op's name).
    fn result_names(&mut self, op: OpId, fallback: &str, n: usize) -> Vec<String> {
        let m = self.m;
        let base = graph_name(m, op)
            .as_deref()
            .and_then(sanitize)
            .or_else(|| spelled_result_name(m, op).as_deref().and_then(sanitize))
            .or_else(|| sanitize(fallback))
            .unwrap_or_else(|| "v".to_string());
        (0..n).map(|_| self.locals.fresh(&base)).collect()
    }

    /// The attribute name of a weight: its graph name, else the op and argument of its first
    /// use (`convolution_weight`), else `weight`.
    fn weight_name(&mut self, op: OpId, v: ValueId) -> String {
        let m = self.m;
        let base = graph_name(m, op).as_deref().and_then(sanitize).or_else(|| spelled_result_name(m, op).as_deref().and_then(sanitize)).or_else(|| {
            let u = m.body.uses(v).min_by_key(|u| u.op.index())?;
            let user = match &self.kinds.get(&u.op)? {
                Kind::Call(s) => s.clone(),
                _ => return None,
            };
            let port = user.inputs.get(u.slot as usize)?;
            let op_name = graph_name(m, u.op).as_deref().and_then(sanitize).or_else(|| aten_parts(m.op_name(u.op)).and_then(|(_, o, _)| sanitize(o)))?;
            sanitize(&format!("{op_name}_{}", port.name))
        });
        self.attrs.fresh(&base.unwrap_or_else(|| "weight".to_string()))
    }

    /// The Python call of an aten op.
    fn call(&self, op: OpId, schema: &OpSchema, operands: &[ValueId]) -> String {
        let m = self.m;
        let args: Vec<String> = operands
            .iter()
            .zip(&schema.inputs)
            .map(|(&v, port)| {
                let e = self.typed_arg(v, port.ty.as_deref().unwrap_or(""));
                if port.kwarg_only { format!("{}={}", port.name, e) } else { e }
            })
            .collect();
        let kwargs = schema.inputs.iter().any(|p| p.kwarg_only);
        let (ns, name, overload) = aten_parts(m.op_name(op)).expect("classified as an aten op");
        if let Some(text) = plain(self, &schema.name, operands, &args, kwargs) {
            return text;
        }
        format!("torch.ops.{ns}.{name}.{}({})", overload.unwrap_or("default"), args.join(", "))
    }

    /// An argument as the schema's type wants it: the int of a `ScalarType`, `Layout` or
    /// `MemoryFormat` constant as torch's object.
    fn typed_arg(&self, v: ValueId, ty: &str) -> String {
        let e = self.expr(v);
        let base = ty.trim_end_matches('?');
        let table: &[&str] = match base {
            "ScalarType" => &SCALAR_TYPES,
            "Layout" => &["torch.strided", "torch.sparse_coo", "torch.sparse_csr", "torch.sparse_csc", "torch.sparse_bsr", "torch.sparse_bsc"],
            "MemoryFormat" => &["torch.contiguous_format", "torch.preserve_format", "torch.channels_last", "torch.channels_last_3d"],
            _ => return e,
        };
        match e.parse::<usize>() {
            Ok(i) if i < table.len() && !table[i].is_empty() => table[i].to_string(),
            _ => e,
        }
    }

    /// The value of a `torch.constant.int`.
    fn const_int(&self, v: ValueId) -> Option<i64> {
        let op = self.m.body.defining_op(v)?;
        (self.m.op_name(op) == "torch.constant.int").then(|| self.expr(v).parse::<i64>().ok()).flatten()
    }
}

/// torch's ScalarType numbering (c10/core/ScalarType.h) as Python objects.
const SCALAR_TYPES: [&str; 16] = [
    "torch.uint8", "torch.int8", "torch.int16", "torch.int32", "torch.int64", "torch.float16", "torch.float32",
    "torch.float64", "torch.complex32", "torch.complex64", "torch.complex128", "torch.bool", "torch.qint8",
    "torch.quint8", "torch.qint32", "torch.bfloat16",
];

/// Ops with a plainer Python spelling that calls the same overload with the same arguments.
const PLAIN_FUNCS: &[(&str, &str)] = &[
    ("aten::relu", "torch.relu"),
    ("aten::sigmoid", "torch.sigmoid"),
    ("aten::tanh", "torch.tanh"),
    ("aten::exp", "torch.exp"),
    ("aten::log", "torch.log"),
    ("aten::sqrt", "torch.sqrt"),
    ("aten::rsqrt", "torch.rsqrt"),
    ("aten::neg", "torch.neg"),
    ("aten::abs", "torch.abs"),
    ("aten::erf", "torch.erf"),
    ("aten::floor", "torch.floor"),
    ("aten::ceil", "torch.ceil"),
    ("aten::sin", "torch.sin"),
    ("aten::cos", "torch.cos"),
    ("aten::square", "torch.square"),
    ("aten::reciprocal", "torch.reciprocal"),
    ("aten::logical_not", "torch.logical_not"),
    ("aten::logical_and", "torch.logical_and"),
    ("aten::logical_or", "torch.logical_or"),
    ("aten::maximum", "torch.maximum"),
    ("aten::minimum", "torch.minimum"),
    ("aten::mm", "torch.mm"),
    ("aten::matmul", "torch.matmul"),
    ("aten::bmm", "torch.bmm"),
    ("aten::permute", "torch.permute"),
    ("aten::reshape", "torch.reshape"),
    ("aten::cat", "torch.cat"),
    ("aten::stack", "torch.stack"),
    ("aten::where.self", "torch.where"),
    ("aten::flip", "torch.flip"),
    ("aten::transpose.int", "torch.transpose"),
    ("aten::unsqueeze", "torch.unsqueeze"),
    ("aten::squeeze.dim", "torch.squeeze"),
    ("aten::select.int", "torch.select"),
    ("aten::index_select", "torch.index_select"),
    ("aten::convolution", "torch.convolution"),
    ("aten::batch_norm", "torch.batch_norm"),
    ("aten::max_pool2d", "torch.max_pool2d"),
    ("aten::constant_pad_nd", "torch.constant_pad_nd"),
];

/// The plain spelling of a call, when it has one: [`PLAIN_FUNCS`] (schemas without
/// keyword-only arguments), and the operators of `add`/`sub` with alpha 1, `mul`, `div` on
/// two tensors (`Tensor.__add__` calls `aten::add.Tensor` with alpha 1, ...).
fn plain(r: &Renderer<'_>, schema: &str, operands: &[ValueId], args: &[String], kwargs: bool) -> Option<String> {
    if let Some((_, f)) = PLAIN_FUNCS.iter().find(|(s, _)| *s == schema) {
        return (!kwargs).then(|| format!("{f}({})", args.join(", ")));
    }
    let op = match schema {
        "aten::add.Tensor" if r.const_int(operands[2]) == Some(1) => "+",
        "aten::sub.Tensor" if r.const_int(operands[2]) == Some(1) => "-",
        "aten::mul.Tensor" => "*",
        "aten::div.Tensor" => "/",
        _ => return None,
    };
    // Operands that are calls or literals are parenthesized only when they are not names.
    let wrap = |s: &String| if s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') { s.clone() } else { format!("({s})") };
    Some(format!("{} {op} {}", wrap(&args[0]), wrap(&args[1])))
}

/// The Python literal of a `torch.constant.*`.
fn constant(m: &Module, op: OpId) -> Result<String, String> {
    let name = m.op_name(op);
    if name == "torch.constant.none" {
        return Ok("None".to_string());
    }
    let bad = || format!("--emit=pytorch: {name} without a readable value");
    let a = inherent(m, op, "value").ok_or_else(bad)?;
    let a = m.ctx.resolved_attr(a);
    Ok(match (name, m.ctx.attr_data(a)) {
        ("torch.constant.int", AttrData::Int { spelling, .. }) => {
            crate::ir::context::parse_int_spelling(m.ctx.str(*spelling)).ok_or_else(bad)?.to_string()
        }
        ("torch.constant.bool", AttrData::Bool(b)) => if *b { "True" } else { "False" }.to_string(),
        ("torch.constant.bool", AttrData::Int { spelling, .. }) => {
            if crate::ir::context::parse_int_spelling(m.ctx.str(*spelling)).ok_or_else(bad)? != 0 { "True" } else { "False" }.to_string()
        }
        ("torch.constant.float", AttrData::Float { spelling, .. } | AttrData::Int { spelling, .. }) => {
            let sem = crate::printer::float::float_sem("f64").ok_or_else(bad)?;
            let text = m.ctx.str(*spelling);
            let x = match crate::ir::context::parse_int_spelling(text) {
                Some(i) if !text.trim_start_matches('-').starts_with("0x") => i as f64,
                _ => crate::passes::folding::tensor::bits_to_f64(sem, sem.literal_bits(text).ok_or_else(bad)?),
            };
            super::weights::python_float(x, false)
        }
        ("torch.constant.str" | "torch.constant.device", _) => {
            let bytes = m.ctx.string_value(a).ok_or_else(bad)?;
            python_str(&String::from_utf8_lossy(&bytes))
        }
        _ => return Err(bad()),
    })
}

/// A Python string literal.
fn python_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_substitutes_once() {
        assert_eq!(fill("a {{x}} b {{y}} {{z}}", &[("x", "{{y}}"), ("y", "2")]), "a {{y}} b 2 {{z}}");
        assert_eq!(fill("{{x", &[("x", "1")]), "{{x");
    }

    #[test]
    fn docstrings_stay_closed() {
        assert_eq!(docstring_text(r#"a\b"""c"#), r#"a\\b\"""c"#);
    }
}
