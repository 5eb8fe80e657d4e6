//! From a torch-mlir `func.func` to the text of `model.py` and the tensors of
//! `weights.safetensors`: one Python statement per op in the function's order (which is
//! topological: the function is an SSA region). What each op becomes is decided first
//! ([`super::classify`]); nothing is rendered when some op has no mapping.
//!
//! * `torch.constant.*` and `torch.prim.ListConstruct` become Python literals at their uses
//!   ([`super::spelling`]); an int passed where the schema wants a `ScalarType`, `Layout` or
//!   `MemoryFormat` is written as torch's object for it (`torch.float32`).
//! * `torch.vtensor.literal`: a rank-0 tensor is written inline (`torch.tensor(2.5, ...)`); a
//!   tensor of one element or an integer/bool tensor of at most [`INLINE_LIMIT`] elements is a
//!   non-persistent buffer with its value written in `__init__`; any other is a weight, a
//!   `torch.nn.Parameter` (float) or buffer (other types) read from `weights.safetensors`.
//!   Buffers and weights are named after their graph node (`loc("name")`), else after the op
//!   and argument that first use them (`convolution_weight`).
//! * `torch.aten.<op>[.<overload>]` (and `torch.prims.*`): `torch.ops.aten.<op>.<overload>(...)`
//!   with the operands in schema order (keyword-only arguments by name); some ops have a
//!   plainer spelling that calls the same overload ([`super::spelling::plain`]).
//! * `torch.prim.ListUnpack`: tuple assignment; `torch.prim.If` / `Loop`: `if`/`else` and a
//!   `for` loop ([`super::control`]); `func.return`: `return x` / `return (x, y)`.

use std::collections::HashMap;

use crate::ir::attrs::{AttrData, Location};
use crate::ir::{AttrId, Module, OpId, ValueId};
use crate::namespace::OpSchema;
use crate::printer::torch::inherent;

use super::layers::{Layers, RecurrentOutput, Stored};
use super::scopes::Scopes;
use super::classify::{aten_parts, classify_all, find_func, func_block, literal_value, Kind, RenderError};
use super::names::{is_numbered_arg, is_numeric, sanitize, Names, LOCAL_RESERVED, MODULE_RESERVED};
use super::spelling::{constant, plain};
use super::weights::{reorder_row_blocks, shape_tuple, Literal, Weight, INLINE_LIMIT};
use crate::dialect::torch_dtype::Dt;

const MODEL_TEMPLATE: &str = include_str!("model.py.tmpl");
const PARAMETER_TEMPLATE: &str = include_str!("parameter.py.tmpl");
const BUFFER_TEMPLATE: &str = include_str!("buffer.py.tmpl");
const CONSTANT_TEMPLATE: &str = include_str!("constant.py.tmpl");
const LAYER_TEMPLATE: &str = include_str!("layer.py.tmpl");

/// What `--emit=pytorch` writes.
pub struct Program {
    pub model_py: String,
    pub weights: Vec<Weight>,
}

/// Renders the torch function of `m` (`source`: the input's name, for the docstring);
/// `trainable`: floating-point weights are parameters with `requires_grad=True`; `modules`:
/// the ops of a layer are a `torch.nn` module ([`super::layers`]).
pub fn render(m: &Module, source: &str, trainable: bool, modules: bool) -> Result<Program, RenderError> {
    let func = find_func(m)?;
    let func_name = inherent(m, func, "sym_name").and_then(|a| m.ctx.string_value(a)).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_else(|| "main".to_string());
    let block = func_block(m, func)?;
    let kinds = classify_all(m, block)?;
    let (layers, scopes) = if modules {
        let order = ops_in_order(m, block);
        let layers = super::layers::find(m, &kinds, &order);
        let statements: Vec<(OpId, String)> = order
            .iter()
            .filter(|op| (matches!(kinds.get(op), Some(Kind::Call(_))) || layers.by_op.contains_key(op)) && !layers.absorbed.contains_key(op) && !layers.skipped.contains(op))
            .filter_map(|&op| Some((op, graph_name(m, op)?)))
            .collect();
        (layers, Scopes::new(&statements))
    } else {
        (Layers::default(), Scopes::new(&[]))
    };
    let mut r = Renderer {
        m,
        kinds,
        layers,
        scopes,
        last_comment: None,
        exprs: HashMap::new(),
        locals: Names::new(LOCAL_RESERVED),
        attrs: Names::new(MODULE_RESERVED),
        body: Vec::new(),
        indent: 2,
        decls: Vec::new(),
        weights: Vec::new(),
        trainable,
    };
    let mut args = Vec::new();
    let bd = m.body.block(block);
    for (i, &a) in bd.args.iter().enumerate() {
        // The spelled name, else the name of its location (a converted feed's node name).
        let info = bd.arg_info.get(i);
        let spelled = info.and_then(|info| info.name).map(|s| m.ctx.value_name_text(s).into_owned()).or_else(|| info.and_then(|info| loc_name(m, info.loc)));
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

/// The ops of `block` in order, those of nested regions (`prim.If`/`Loop`) after their op.
fn ops_in_order(m: &Module, block: crate::ir::BlockId) -> Vec<OpId> {
    let mut out = Vec::new();
    for op in m.body.block_ops(block) {
        out.push(op);
        for &r in &m.body.op(op).regions {
            for &b in &m.body.region(r).blocks {
                out.extend(ops_in_order(m, b));
            }
        }
    }
    out
}

/// The graph name of `op`: its `loc("name")` (the first name of a fused or call-site
/// location), else its node name attribute.
pub(super) fn graph_name(m: &Module, op: OpId) -> Option<String> {
    loc_name(m, m.body.op(op).loc).or_else(|| m.node_name(op))
}

/// The first name of a location (a name, fused or call-site location), if any.
fn loc_name(m: &Module, loc: Option<AttrId>) -> Option<String> {
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
    loc.and_then(|l| of_loc(m, l, 0)).map(|s| s.trim_matches('"').to_string()).filter(|s| !s.is_empty())
}

/// The name a value's result group was written with, when it is a word (`%logits`, not `%3`).
fn spelled_result_name(m: &Module, op: OpId) -> Option<String> {
    let od = m.body.op(op);
    let g = od.result_names.first()?;
    let s = m.ctx.value_name_text(g.name?);
    (!is_numeric(&s) && !is_numbered_arg(&s)).then(|| s.into_owned())
}

pub(super) struct Renderer<'m> {
    pub(super) m: &'m Module,
    pub(super) kinds: HashMap<OpId, Kind>,
    /// The ops written as `torch.nn` modules, and the literals and ops those take over.
    pub(super) layers: Layers,
    /// Short names for modules and statements (with modules only).
    pub(super) scopes: Scopes,
    /// The graph name of the last statement's op (its comment is not repeated).
    pub(super) last_comment: Option<String>,
    /// The Python expression of each value rendered so far.
    pub(super) exprs: HashMap<ValueId, String>,
    pub(super) locals: Names,
    pub(super) attrs: Names,
    pub(super) body: Vec<String>,
    /// Indentation of the statements being written, in levels of four spaces.
    pub(super) indent: usize,
    /// The `__init__` lines declaring the weights.
    pub(super) decls: Vec<String>,
    pub(super) weights: Vec<Weight>,
    /// Floating-point weights are trainable (`requires_grad=True`).
    pub(super) trainable: bool,
}

/// The schema arguments that take state a module keeps rather than learns (batch norm's
/// running statistics): a weight used there is a buffer, never a parameter (autograd rejects
/// a running mean that requires a gradient).
const STATE_ARGUMENTS: &[&str] = &["running_mean", "running_var"];

impl Renderer<'_> {
    /// Whether `v` (a literal) is read as batch-norm running statistics.
    fn is_running_stat(&self, v: ValueId) -> bool {
        self.m.body.uses(v).any(|u| match self.kinds.get(&u.op) {
            Some(Kind::Call(schema)) => schema.inputs.get(u.slot as usize).is_some_and(|a| STATE_ARGUMENTS.contains(&a.name.as_str())),
            _ => false,
        })
    }

    pub(super) fn expr(&self, v: ValueId) -> String {
        self.exprs.get(&v).cloned().unwrap_or_else(|| "None".to_string())
    }

    pub(super) fn stmt(&mut self, line: String) {
        self.body.push(format!("{}{line}", "    ".repeat(self.indent)));
    }

    /// Renders `op`; a return gives the text naming the results (for the docstring).
    pub(super) fn op(&mut self, op: OpId) -> Result<Option<String>, String> {
        let m = self.m;
        let operands: Vec<ValueId> = m.body.operands(op).collect();
        let results: Vec<ValueId> = m.body.results(op).to_vec();
        if self.layers.skipped.contains(&op) {
            return Ok(None);
        }
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
            Kind::Literal if self.layers.owned.contains(&op) => {}
            Kind::Call(_) if self.layers.absorbed.contains_key(&op) => {
                let anchor = self.layers.absorbed[&op];
                let e = self.expr(m.body.results(anchor)[0]);
                self.exprs.insert(results[0], e);
            }
            Kind::Call(_) | Kind::Loop if self.layers.by_op.contains_key(&op) => self.layer_call(op)?,
            Kind::Literal => {
                let lit = literal_value(m, op)
                    .and_then(|v| Literal::decode(&m.ctx, v))
                    .ok_or_else(|| "--emit=pytorch: a torch.vtensor.literal whose elements do not match its type".to_string())?;
                let small = lit.len() <= 1 || (!lit.elem.is_float() && lit.len() <= INLINE_LIMIT);
                if lit.is_splat() {
                    // `torch.full(...)` in `__init__`: a splat is not expanded into the
                    // weights (its declared size may be anything).
                    let name = self.weight_name(op, results[0]);
                    self.decls.push(fill(CONSTANT_TEMPLATE, &[("name", &name), ("value", &lit.python())]));
                    self.exprs.insert(results[0], format!("self.{name}"));
                } else if small && lit.shape.is_empty() {
                    self.exprs.insert(results[0], lit.python());
                } else if small {
                    // A buffer, so it moves with the module (`.to("cuda")`), but not a weight.
                    let name = self.weight_name(op, results[0]);
                    self.decls.push(fill(CONSTANT_TEMPLATE, &[("name", &name), ("value", &lit.python())]));
                    self.exprs.insert(results[0], format!("self.{name}"));
                } else {
                    let name = self.weight_name(op, results[0]);
                    let template = if lit.elem.is_float() && !self.is_running_stat(results[0]) { PARAMETER_TEMPLATE } else { BUFFER_TEMPLATE };
                    let requires_grad = if self.trainable { "True" } else { "False" };
                    let values = [("name", name.as_str()), ("shape", &shape_tuple(&lit.shape)), ("dtype", lit.elem.python()), ("requires_grad", requires_grad)];
                    self.decls.push(fill(template, &values));
                    self.weights.push(Weight { name: name.clone(), elem: lit.elem, shape: lit.shape.clone(), data: lit.bytes() });
                    self.exprs.insert(results[0], format!("self.{name}"));
                }
            }
            Kind::Call(schema) => {
                let schema = schema.clone();
                let call = self.call(op, &schema, &operands);
                let short = aten_parts(m.op_name(op)).map(|(_, o, _)| o).unwrap_or("v");
                let names = self.result_names(op, short, results.len());
                self.provenance(op);
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

    /// A `torch.nn` module's declaration, its state in the weights, and its call.
    fn layer_call(&mut self, op: OpId) -> Result<(), String> {
        let m = self.m;
        let layer = &self.layers.by_op[&op];
        // After its scope, else its graph name, else its class.
        let base = self.scopes.scope(op).map(str::to_string).or_else(|| graph_name(m, op).as_deref().and_then(sanitize)).unwrap_or_else(|| layer.name.clone());
        let name = self.attrs.fresh(&base);
        let frozen = if self.trainable || layer.state.is_empty() { "" } else { ".requires_grad_(False)" };
        let values = [("name", name.as_str()), ("class", layer.class), ("args", &layer.args.join(", ")), ("frozen", frozen)];
        self.decls.push(fill(LAYER_TEMPLATE, &values));
        for s in &layer.state {
            let bad = || format!("--emit=pytorch: the {} of {} is a literal whose elements do not match its type", s.field, layer.class);
            let lit = literal_value(m, s.literal).and_then(|v| Literal::decode(&m.ctx, v)).ok_or_else(bad)?;
            let transposed = |lit: &Literal| Some((lit.shape.iter().rev().copied().collect::<Vec<i64>>(), lit.transposed_bytes()?));
            let (shape, data) = match &s.stored {
                Stored::Same => (lit.shape.clone(), lit.bytes()),
                Stored::Transposed => transposed(&lit).ok_or_else(bad)?,
                Stored::Gates { transposed: t, order, row } => {
                    let (shape, bytes) = match (*t, *row) {
                        (true, _) => transposed(&lit).ok_or_else(bad)?,
                        (false, Some(r)) => {
                            let &[rows, cols] = lit.shape.as_slice() else { return Err(bad()) };
                            let width = (cols * lit.elem.size_bytes()) as usize;
                            let bytes = lit.bytes();
                            let picked = bytes.get(r * width..(r + 1) * width).filter(|_| (r as i64) < rows).ok_or_else(bad)?;
                            (vec![cols], prost::bytes::Bytes::copy_from_slice(picked))
                        }
                        (false, None) => (lit.shape.clone(), lit.bytes()),
                    };
                    let blocks = reorder_row_blocks(&bytes, order).ok_or_else(bad)?;
                    (shape, blocks)
                }
                Stored::Zeros => (lit.shape.clone(), vec![0u8; lit.len() * lit.elem.size_bytes() as usize].into()),
            };
            self.weights.push(Weight { name: format!("{name}.{}", s.field), elem: lit.elem, shape, data });
        }
        if layer.class.starts_with("torch.nn.BatchNorm") {
            // Part of BatchNorm's state_dict: the count of batches trained on.
            self.weights.push(Weight { name: format!("{name}.num_batches_tracked"), elem: Dt::Si64, shape: Vec::new(), data: 0i64.to_le_bytes().to_vec().into() });
        }
        let input = self.expr(layer.input);
        let statement = self.scopes.statement(op, &layer.name).unwrap_or_else(|| name.clone());
        let recurrent = layer.recurrent.is_some();
        self.provenance(op);
        if recurrent {
            self.recurrent_call(op, &name);
            return Ok(());
        }
        let local = self.locals.fresh(&statement);
        self.stmt(format!("{local} = self.{name}({input})"));
        self.exprs.insert(m.body.results(op)[0], local);
        Ok(())
    }

    /// `out, (h, c) = self.lstm(x)` (`out, h = self.gru(x)`) for the loop `op`, and the Python
    /// of the values it gives.
    fn recurrent_call(&mut self, op: OpId, name: &str) {
        let layer = &self.layers.by_op[&op];
        let Some(r) = &layer.recurrent else { return };
        let input = self.expr(layer.input);
        // torch.nn's states are `[layers, B, H]`: an LSTM's a pair.
        let state = match r.initial.as_deref() {
            Some([h]) => format!(", torch.unsqueeze({}, 0)", self.expr(*h)),
            Some([h, c]) => format!(", (torch.unsqueeze({}, 0), torch.unsqueeze({}, 0))", self.expr(*h), self.expr(*c)),
            _ => String::new(),
        };
        let lstm = layer.class == "torch.nn.LSTM";
        let (batch_first, outputs) = (r.batch_first, r.outputs.clone());
        // A value no one reads is `_`.
        let read = |wanted: fn(&RecurrentOutput) -> bool| outputs.iter().any(|(v, o)| wanted(o) && self.m.body.uses(*v).next().is_some());
        let needed = [
            read(|o| matches!(o, RecurrentOutput::Sequence { .. })),
            read(|o| matches!(o, RecurrentOutput::Hidden | RecurrentOutput::Last)),
            read(|o| matches!(o, RecurrentOutput::Cell)),
        ];
        let [out, h, c] = [("out", needed[0]), ("h", needed[1]), ("c", needed[2])].map(|(what, needed)| if needed { self.locals.fresh(&format!("{name}_{what}")) } else { "_".to_string() });
        let states = if !lstm || (h == "_" && c == "_") { h.clone() } else { format!("({h}, {c})") };
        self.stmt(format!("{out}, {states} = self.{name}({input}{state})"));
        let given: Vec<(ValueId, String)> = outputs
            .iter()
            .map(|(v, o)| {
                let e = match o {
                    RecurrentOutput::Hidden => format!("{h}[0]"),
                    RecurrentOutput::Cell => format!("{c}[0]"),
                    RecurrentOutput::Last => h.clone(),
                    RecurrentOutput::Sequence { time_major } if *time_major != batch_first => out.clone(),
                    RecurrentOutput::Sequence { .. } => format!("torch.transpose({out}, 0, 1)"),
                    RecurrentOutput::Count { value, elem } => format!("torch.tensor({value}, dtype={})", elem.python()),
                };
                (*v, e)
            })
            .collect();
        self.exprs.extend(given);
    }

    /// `# name`: the graph name of `op` above its statement, unless it is a Python name or
    /// the previous statement's op has the same graph name (one comment for a node's ops).
    fn provenance(&mut self, op: OpId) {
        let g = graph_name(self.m, op);
        if let Some(g) = g.as_deref().filter(|&g| sanitize(g).as_deref() != Some(g) && self.last_comment.as_deref() != Some(g)) {
            self.stmt(format!("# {g}"));
        }
        self.last_comment = g;
    }

    /// Fresh local names for the results of `op`: after its short scope ([`Scopes`]), its
    /// graph name, its spelled result name, or `fallback` (the op's name).
    pub(super) fn result_names(&mut self, op: OpId, fallback: &str, n: usize) -> Vec<String> {
        let m = self.m;
        let base = self
            .scopes
            .statement(op, fallback)
            .or_else(|| graph_name(m, op).as_deref().and_then(sanitize))
            .or_else(|| spelled_result_name(m, op).as_deref().and_then(sanitize))
            .or_else(|| sanitize(fallback))
            .unwrap_or_else(|| "v".to_string());
        (0..n).map(|_| self.locals.fresh(&base)).collect()
    }

    /// The attribute name of a weight: its graph name (shortened as the statements' are,
    /// [`Scopes::shorten`]), else the op and argument of its first use
    /// (`convolution_weight`), else `weight`.
    fn weight_name(&mut self, op: OpId, v: ValueId) -> String {
        let m = self.m;
        let graph = graph_name(m, op);
        let short = graph.as_deref().and_then(|g| self.scopes.shorten(g));
        let base = short.or_else(|| graph.as_deref().and_then(sanitize)).or_else(|| spelled_result_name(m, op).as_deref().and_then(sanitize)).or_else(|| {
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
        if let Some(text) = plain(&schema.name, &args, kwargs) {
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
            "ScalarType" => return e.parse().ok().and_then(crate::dialect::torch_dtype::scalar_type_python).map_or(e, str::to_string),
            "Layout" => &["torch.strided", "torch.sparse_coo", "torch.sparse_csr", "torch.sparse_csc", "torch.sparse_bsr", "torch.sparse_bsc"],
            "MemoryFormat" => &["torch.contiguous_format", "torch.preserve_format", "torch.channels_last", "torch.channels_last_3d"],
            _ => return e,
        };
        match e.parse::<usize>() {
            Ok(i) if i < table.len() && !table[i].is_empty() => table[i].to_string(),
            _ => e,
        }
    }
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
