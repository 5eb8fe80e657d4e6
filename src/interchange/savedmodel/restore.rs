//! Which checkpoint key restores which variable, found from the graph's own restore path
//! rather than from naming conventions: an `Assign` (TF1 `VariableV2`) or
//! `AssignVariableOp` (resource variables) whose variable operand resolves to a variable
//! node of the graph and whose value resolves to output `i` of a `RestoreV2` (or `Restore`)
//! node restores that variable from entry `tensor_names[i]` of the checkpoint.
//!
//! Resolution looks through `Identity` nodes and into called functions: TF2 SavedModels
//! restore in a function (`__inference__traced_restore_NNN`) called with the variables'
//! resource handles as arguments, so a call binds each resource argument of the callee to
//! the graph variable passed to it, recursively.

use std::collections::{BTreeMap, HashMap, HashSet};

use super::graph::{called, parse_ref};
use crate::interchange::graphdef::proto::{attr_value, FunctionDef, GraphDef, NodeDef};

/// Ops that are variables (their node is the variable).
pub fn is_variable(op: &str) -> bool {
    matches!(op, "VarHandleOp" | "VariableV2" | "Variable")
}

/// A graph or function body, with the graph variables its arguments are bound to.
struct Scope<'g> {
    nodes: HashMap<&'g str, &'g NodeDef>,
    args: HashMap<&'g str, Option<String>>,
    is_graph: bool,
}

impl<'g> Scope<'g> {
    fn node(&self, r: &str) -> Option<&'g NodeDef> {
        self.nodes.get(parse_ref(r).node).copied()
    }

    /// The graph variable reference `r` stands for.
    fn variable(&self, r: &str, depth: usize) -> Option<String> {
        let p = parse_ref(r);
        if p.control || depth > 64 {
            return None;
        }
        if let Some(bound) = self.args.get(p.node) {
            return bound.clone();
        }
        let n = self.node(r)?;
        match n.op.as_str() {
            op if is_variable(op) && self.is_graph => Some(n.name.clone()),
            "Identity" => self.variable(n.input.first()?, depth + 1),
            _ => None,
        }
    }

    /// The checkpoint key of the restored tensor `r` stands for.
    fn restored_key(&self, r: &str, depth: usize) -> Option<String> {
        let p = parse_ref(r);
        if p.control || depth > 64 {
            return None;
        }
        let n = self.node(r)?;
        match n.op.as_str() {
            "Identity" => self.restored_key(n.input.first()?, depth + 1),
            "RestoreV2" => self.strings(n.input.get(1)?, 0)?.get(p.index).cloned(),
            "Restore" => self.strings(n.input.get(1)?, 0)?.first().cloned(),
            _ => None,
        }
    }

    /// The strings of the `Const` reference `r` stands for.
    fn strings(&self, r: &str, depth: usize) -> Option<Vec<String>> {
        let n = self.node(r)?;
        match n.op.as_str() {
            "Identity" if depth < 64 => self.strings(n.input.first()?, depth + 1),
            "Const" => match n.attr.get("value")?.value.as_ref()? {
                attr_value::Value::Tensor(t) => Some(t.string_val.iter().map(|s| String::from_utf8_lossy(s).into_owned()).collect()),
                _ => None,
            },
            _ => None,
        }
    }
}

/// Variable node name → checkpoint key, for every variable the graph restores.
pub fn variable_keys(g: &GraphDef) -> BTreeMap<String, String> {
    let lib: HashMap<&str, &FunctionDef> =
        g.library.iter().flat_map(|l| &l.function).filter_map(|f| Some((f.signature.as_ref()?.name.as_str(), f))).collect();
    let scope = Scope { nodes: g.node.iter().map(|n| (n.name.as_str(), n)).collect(), args: HashMap::new(), is_graph: true };
    let mut out = BTreeMap::new();
    let mut seen = HashSet::new();
    scan(&scope, &lib, &mut out, &mut seen, 0);
    out
}

fn scan<'g>(scope: &Scope<'g>, lib: &HashMap<&str, &'g FunctionDef>, out: &mut BTreeMap<String, String>, seen: &mut HashSet<(String, Vec<Option<String>>)>, depth: usize) {
    let mut nodes: Vec<&NodeDef> = scope.nodes.values().copied().collect();
    nodes.sort_by(|a, b| a.name.cmp(&b.name));
    for n in nodes {
        if matches!(n.op.as_str(), "Assign" | "AssignVariableOp") && n.input.len() >= 2 {
            if let (Some(var), Some(key)) = (scope.variable(&n.input[0], 0), scope.restored_key(&n.input[1], 0)) {
                out.entry(var).or_insert(key);
            }
            continue;
        }
        let callee = called(n).or_else(|| lib.contains_key(n.op.as_str()).then_some(n.op.as_str()));
        let Some(f) = callee.and_then(|c| lib.get(c)) else { continue };
        let Some(sig) = &f.signature else { continue };
        let data: Vec<&String> = n.input.iter().filter(|i| !i.starts_with('^')).collect();
        let bound: Vec<Option<String>> = data.iter().map(|i| scope.variable(i, 0)).collect();
        if depth > 32 || bound.iter().all(Option::is_none) || !seen.insert((sig.name.clone(), bound.clone())) {
            continue;
        }
        let args = sig.input_arg.iter().map(|a| a.name.as_str()).zip(bound.into_iter().chain(std::iter::repeat(None))).collect();
        let inner = Scope { nodes: f.node_def.iter().map(|n| (n.name.as_str(), n)).collect(), args, is_graph: false };
        scan(&inner, lib, out, seen, depth + 1);
    }
}
