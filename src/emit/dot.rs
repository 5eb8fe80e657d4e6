//! `--emit=dot`: a Graphviz view of any module (tfg graphs and functions, torch-mlir
//! `func.func`, generic ops, GraphDef and ONNX imports).
//!
//! * one node per op that takes or gives values (label: op name, node name, device);
//! * a node per block argument (ellipse: its name and type);
//! * data edges labelled `output port -> input port`, with the namespace schema's port names
//!   where the op is known (`--print-port-names`' names, [`crate::namespace::ports`]), else
//!   result and operand indices; control edges (`!tf_type.control`) dashed;
//! * every op with regions (functions, graphs, `IfRegion` branches, loop bodies, nested
//!   modules) is a `subgraph cluster_N`, each of its regions a cluster inside it.
//!
//! Every string is escaped for DOT (quotes, backslashes, control characters; non-ASCII as
//! numeric entities, `&` as `&amp;`), so `dot -Tsvg` renders whatever the names hold. The
//! output only depends on the module: nodes are numbered in walk order.

use std::fmt::Write as _;

use rustc_hash::FxHashMap;

use crate::ir::{BlockId, Module, OpId, ValueDef, ValueId};
use crate::namespace::ports::{port_ranges, PortRange};

/// The DOT text of the modules of a run, one `digraph` each, separated by a `// -----`
/// line (a DOT comment) as the text outputs are.
pub fn modules_to_dot(modules: &[&Module]) -> String {
    let mut out = String::new();
    for (i, m) in modules.iter().enumerate() {
        if i > 0 {
            out.push_str("// -----\n");
        }
        out.push_str(&module_to_dot(m));
    }
    out
}

/// The DOT text of one module.
pub fn module_to_dot(m: &Module) -> String {
    let mut w = DotWriter::new(m);
    w.out.push_str("digraph module {\n");
    w.out.push_str("  graph [fontname=\"Helvetica\", fontsize=11];\n");
    w.out.push_str("  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=10];\n");
    w.out.push_str("  edge [fontname=\"Helvetica\", fontsize=9];\n");
    w.block(m.root_block(), 1);
    w.resolve_edges();
    let edges = std::mem::take(&mut w.edges);
    w.out.push_str(&edges);
    w.out.push_str("}\n");
    w.out
}

/// Input and output ports of the ops a namespace schema describes.
type Ports = FxHashMap<OpId, (Option<Vec<PortRange>>, Option<Vec<PortRange>>)>;

fn schema_ports(m: &Module) -> Ports {
    let mut ports = Ports::default();
    let Ok(reg) = crate::namespace::global().read() else { return ports };
    for (op, ver, schema) in crate::namespace::verify::resolve_ops(m, &reg, crate::namespace::Mode::All) {
        let v = reg.version(ver);
        ports.insert(op, port_ranges(m, op, &v.name, &schema, v.framework));
    }
    ports
}

struct DotWriter<'m> {
    m: &'m Module,
    out: String,
    /// Edges, written after every node and cluster (an edge inside a cluster's braces would
    /// make the cluster claim nodes defined elsewhere).
    edges: String,
    /// The operands of each op node (its node number; the value and, for data, the input
    /// port), resolved once every node is numbered: a graph region uses values before
    /// their definitions.
    pending: Vec<(usize, Vec<(ValueId, Option<String>)>)>,
    /// The successor blocks of each terminator node.
    successors: Vec<(usize, Vec<BlockId>)>,
    ports: Ports,
    /// The first node of each block (its first argument or op), for successor edges.
    block_nodes: FxHashMap<BlockId, usize>,
    op_nodes: FxHashMap<OpId, usize>,
    arg_nodes: FxHashMap<ValueId, usize>,
    next_node: usize,
    next_cluster: usize,
}

impl<'m> DotWriter<'m> {
    fn new(m: &'m Module) -> Self {
        DotWriter {
            m,
            out: String::new(),
            edges: String::new(),
            pending: Vec::new(),
            successors: Vec::new(),
            ports: schema_ports(m),
            block_nodes: FxHashMap::default(),
            op_nodes: FxHashMap::default(),
            arg_nodes: FxHashMap::default(),
            next_node: 0,
            next_cluster: 0,
        }
    }

    fn is_control(&self, v: ValueId) -> bool {
        self.m.ctx.is_control_type(self.m.body.value(v).ty)
    }

    /// The data argument a control block argument stands for: tfg functions alternate
    /// `%x, %x.ctl`; tfg loop bodies give every data argument, then their tokens.
    fn arg_partner(&self, ctl: ValueId) -> Option<ValueId> {
        let ValueDef::BlockArg { block, index } = self.m.body.value(ctl).def else { return None };
        let args = &self.m.body.block(block).args;
        let ctl_at = |i: usize| self.is_control(args[i]);
        let i = index as usize;
        if args.len() % 2 != 0 {
            return None;
        }
        let alternating = (0..args.len()).all(|k| ctl_at(k) == (k % 2 == 1));
        if alternating {
            return Some(args[i - 1]);
        }
        let half = args.len() / 2;
        let split = (0..args.len()).all(|k| ctl_at(k) == (k >= half));
        (split && i >= half).then(|| args[i - half])
    }

    fn block(&mut self, b: BlockId, depth: usize) {
        let m = self.m;
        let pad = "  ".repeat(depth);
        let data = &m.body.block(b);
        self.block_nodes.insert(b, self.next_node);
        for (i, &arg) in data.args.iter().enumerate() {
            // A tfg function argument's `.ctl` token stands for its data argument: control
            // edges from it start at the data argument's node.
            if self.is_control(arg) && self.arg_partner(arg).is_some() {
                continue;
            }
            let id = self.next_node;
            self.next_node += 1;
            self.arg_nodes.insert(arg, id);
            let name = match data.arg_info.get(i).and_then(|a| a.name) {
                Some(s) => format!("%{}", m.ctx.value_name_text(s)),
                None => format!("%arg{}", i),
            };
            let label = format!("{}: {}", name, crate::printer::type_text(m, m.body.value(arg).ty));
            let _ = writeln!(self.out, "{}n{} [shape=ellipse, style=solid, label=\"{}\"];", pad, id, escape(&label));
        }
        let ops: Vec<OpId> = m.body.block_ops(b).collect();
        for op in ops {
            self.op(op, depth);
        }
    }

    fn op(&mut self, op: OpId, depth: usize) {
        let m = self.m;
        let pad = "  ".repeat(depth);
        let data = m.body.op(op);
        let has_values = data.num_operands() > 0 || !data.results.is_empty();
        if data.regions.is_empty() {
            self.op_node(op, depth);
            return;
        }
        let c = self.next_cluster;
        self.next_cluster += 1;
        let _ = writeln!(self.out, "{}subgraph cluster_{} {{", pad, c);
        let _ = writeln!(self.out, "{}  label=\"{}\"; style=rounded; color=gray40;", pad, escape_lines(&self.cluster_label(op)));
        if has_values {
            self.op_node(op, depth + 1);
        }
        let regions = data.regions.clone();
        if regions.iter().all(|&r| m.body.region(r).blocks.is_empty()) {
            // A declaration: Graphviz drops empty clusters.
            let id = self.next_node;
            self.next_node += 1;
            let _ = writeln!(self.out, "{}  n{} [shape=plaintext, label=\"(declaration)\"];", pad, id);
        }
        let names = region_names(m.op_name(op), regions.len());
        for (i, r) in regions.iter().enumerate() {
            let blocks = m.body.region(*r).blocks.clone();
            // One region of an op without values is the op's cluster itself.
            let own = regions.len() > 1 || has_values;
            if own {
                let rc = self.next_cluster;
                self.next_cluster += 1;
                let _ = writeln!(self.out, "{}  subgraph cluster_{} {{", pad, rc);
                let _ = writeln!(self.out, "{}    label=\"{}\"; style=dashed; color=gray60;", pad, escape(&names[i]));
            }
            let inner = depth + if own { 2 } else { 1 };
            for &b in &blocks {
                if blocks.len() > 1 {
                    let bc = self.next_cluster;
                    self.next_cluster += 1;
                    let label = block_label(m, b);
                    let ipad = "  ".repeat(inner);
                    let _ = writeln!(self.out, "{}subgraph cluster_{} {{", ipad, bc);
                    let _ = writeln!(self.out, "{}  label=\"{}\"; style=dotted;", ipad, escape(&label));
                    self.block(b, inner + 1);
                    let _ = writeln!(self.out, "{}}}", ipad);
                } else {
                    self.block(b, inner);
                }
            }
            if own {
                let _ = writeln!(self.out, "{}  }}", pad);
            }
        }
        let _ = writeln!(self.out, "{}}}", pad);
    }

    /// The title of an op's cluster: its name, symbol and node name.
    fn cluster_label(&self, op: OpId) -> Vec<String> {
        let m = self.m;
        let mut head = m.op_name(op).to_string();
        if let Some(s) = sym_name(m, op) {
            head.push_str(&format!(" @{}", String::from_utf8_lossy(&s)));
        }
        let mut lines = vec![head];
        if let Some(n) = node_name(m, op) {
            lines.push(n);
        }
        lines
    }

    /// The node of an op (label: op name, node name, device) and the edges into it.
    fn op_node(&mut self, op: OpId, depth: usize) {
        let m = self.m;
        let id = self.next_node;
        self.next_node += 1;
        self.op_nodes.insert(op, id);
        let mut lines = vec![m.op_name(op).to_string()];
        if let Some(n) = node_name(m, op) {
            lines.push(n);
        }
        if let Some(d) = m.device(op).filter(|d| !d.is_empty()) {
            lines.push(format!("device: {}", d));
        }
        if let Some(d) = m.assigned_device(op).filter(|d| !d.is_empty()) {
            lines.push(format!("assigned: {}", d));
        }
        let _ = writeln!(self.out, "{}n{} [label=\"{}\"];", "  ".repeat(depth), id, escape_lines(&lines));
        let operands: Vec<ValueId> = m.body.operands(op).collect();
        let mut data_slot = 0;
        let mut edges = Vec::new();
        if !m.body.op(op).successors.is_empty() {
            self.successors.push((id, m.body.op(op).successors.iter().map(|s| s.0).collect()));
        }
        for v in operands {
            if self.is_control(v) {
                edges.push((v, None));
            } else {
                edges.push((v, Some(self.input_port(op, data_slot))));
                data_slot += 1;
            }
        }
        self.pending.push((id, edges));
    }
}

impl DotWriter<'_> {
    /// Writes the edges of every op node: `src -> dst`, data ones labelled with their
    /// ports, control ones dashed.
    fn resolve_edges(&mut self) {
        let m = self.m;
        for (dst, operands) in std::mem::take(&mut self.pending) {
            for (v, input) in operands {
                let (src, output) = match m.body.value(v).def {
                    ValueDef::Result { op, index } => match self.op_nodes.get(&op) {
                        Some(&n) => (n, Some(self.output_port(op, index as usize))),
                        None => continue,
                    },
                    ValueDef::BlockArg { .. } => {
                        let arg = if self.arg_nodes.contains_key(&v) { Some(v) } else { self.arg_partner(v) };
                        match arg.and_then(|a| self.arg_nodes.get(&a)) {
                            Some(&n) => (n, None),
                            None => continue,
                        }
                    }
                };
                let _ = match (input, output) {
                    (None, _) => writeln!(self.edges, "  n{} -> n{} [style=dashed];", src, dst),
                    (Some(i), Some(o)) => writeln!(self.edges, "  n{} -> n{} [label=\"{} -> {}\"];", src, dst, escape(&o), escape(&i)),
                    (Some(i), None) => writeln!(self.edges, "  n{} -> n{} [label=\"{}\"];", src, dst, escape(&i)),
                };
            }
        }
        // Branches: dotted, to the first node of the successor block, labelled with it.
        for (src, blocks) in std::mem::take(&mut self.successors) {
            for b in blocks {
                let Some(&dst) = self.block_nodes.get(&b) else { continue };
                let label = block_label(m, b);
                let _ = writeln!(self.edges, "  n{} -> n{} [style=dotted, label=\"{}\"];", src, dst, escape(&label));
            }
        }
    }

    /// The name of input `slot` (among data operands) of `op`: the schema's port name
    /// (`name:i` for the i-th value of a port covering several), else the index.
    fn input_port(&self, op: OpId, slot: usize) -> String {
        port_name(self.ports.get(&op).and_then(|p| p.0.as_deref()), slot)
    }

    fn output_port(&self, op: OpId, index: usize) -> String {
        // Data results come first, the control token last: its index among data results
        // is its index.
        port_name(self.ports.get(&op).and_then(|p| p.1.as_deref()), index)
    }
}

fn port_name(ranges: Option<&[PortRange]>, i: usize) -> String {
    if let Some(r) = ranges.and_then(|rs| rs.iter().find(|r| i >= r.start && i < r.start + r.count)) {
        return if r.count == 1 { r.name.clone() } else { format!("{}:{}", r.name, i - r.start) };
    }
    i.to_string()
}

/// An op's `sym_name`, an attribute or (func.func in generic form) a property.
fn sym_name(m: &Module, op: OpId) -> Option<Vec<u8>> {
    let from_props = || {
        let key = m.ctx.lookup_sym("sym_name")?;
        let props = m.body.op(op).properties?;
        m.ctx.dict_entries(props).iter().find(|e| e.name == key).map(|e| e.value)
    };
    m.ctx.string_value(m.op_attr(op, "sym_name").or_else(from_props)?)
}

/// A block's label as written (`^entry`), else `^bbN` by its place in its region.
fn block_label(m: &Module, b: BlockId) -> String {
    if let Some(s) = m.body.block(b).label {
        return format!("^{}", m.ctx.str(s));
    }
    let k = m.body.block(b).parent.and_then(|r| m.body.region(r).blocks.iter().position(|&x| x == b)).unwrap_or(0);
    format!("^bb{}", k)
}

/// The node name of an op: tfg's `_mlir_name`, or an ONNX import's `onnx_node_name`.
fn node_name(m: &Module, op: OpId) -> Option<String> {
    m.node_name(op)
        .or_else(|| m.op_attr(op, "onnx_node_name").and_then(|a| m.ctx.string_value(a)).map(|b| String::from_utf8_lossy(&b).into_owned()))
        .filter(|n| !n.is_empty())
}

/// Names of the regions of an op, from the op's definition where it names them.
fn region_names(op: &str, n: usize) -> Vec<String> {
    let known: &[&str] = match op {
        "tfg.IfRegion" | "tfg.StatelessIfRegion" | "tfg.StatefulIfRegion" | "scf.if" | "onnx.If" | "torch.prim.If" => &["then", "else"],
        "tfg.WhileRegion" | "tfg.StatelessWhileRegion" | "tfg.StatefulWhileRegion" | "scf.while" => &["cond", "body"],
        "tfg.ForRegion" | "scf.for" | "onnx.Loop" | "onnx.Scan" | "torch.prim.Loop" => &["body"],
        _ => &[],
    };
    (0..n)
        .map(|i| match known.get(i) {
            Some(k) if known.len() == n => k.to_string(),
            _ if op.ends_with("CaseRegion") => format!("branch {}", i),
            _ => format!("region {}", i),
        })
        .collect()
}

/// A DOT double-quoted string's contents for `s`: `"` and `\` escaped, line breaks as
/// `\n`, other control characters shown as `\xNN`, `&` and non-ASCII characters as HTML
/// numeric entities (Graphviz decodes entities in labels, so a literal `&` must be one
/// too; entities keep the file ASCII whatever the `charset`).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '&' => out.push_str("&amp;"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                let _ = write!(out, "\\\\x{:02x}", c as u32);
            }
            c if !c.is_ascii() => {
                let _ = write!(out, "&#{};", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// Lines joined by DOT's centred line break, each escaped.
fn escape_lines(lines: &[String]) -> String {
    lines.iter().map(|l| escape(l)).collect::<Vec<_>>().join("\\n")
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escapes_every_special_character() {
        assert_eq!(escape("a\"b\\c"), "a\\\"b\\\\c");
        assert_eq!(escape("x\ny"), "x\\ny");
        assert_eq!(escape("\u{1}"), "\\\\x01");
        assert_eq!(escape("&<>"), "&amp;<>");
        assert_eq!(escape("é→"), "&#233;&#8594;");
        assert_eq!(escape("plain/name:0"), "plain/name:0");
    }
}
