//! Small helpers over GraphDef nodes the SavedModel freezer shares: parsing an input
//! reference (`node`, `node:2`, `^node` in a graph; `node:out:0` or `arg` in a function
//! body), the function a call node calls, renaming a node everywhere it is referenced,
//! unique names, and pruning a graph to what its fetches need.

use std::collections::{HashMap, HashSet};

use crate::interchange::graphdef::proto::{attr_value, AttrValue, NodeDef};

/// An input reference: control or data, the node (or argument) name, the output arg name
/// (function bodies only, else empty) and the index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ref<'a> {
    pub control: bool,
    pub node: &'a str,
    pub out: &'a str,
    pub index: usize,
}

pub fn parse_ref(s: &str) -> Ref<'_> {
    if let Some(n) = s.strip_prefix('^') {
        return Ref { control: true, node: n, out: "", index: 0 };
    }
    let mut parts = s.splitn(3, ':');
    let node = parts.next().unwrap_or("");
    match (parts.next(), parts.next()) {
        (Some(a), Some(b)) => Ref { control: false, node, out: a, index: b.parse().unwrap_or(0) },
        (Some(a), None) => match a.parse() {
            Ok(i) => Ref { control: false, node, out: "", index: i },
            Err(_) => Ref { control: false, node, out: a, index: 0 },
        },
        _ => Ref { control: false, node, out: "", index: 0 },
    }
}

/// A graph-level data reference to output `index` of `node`.
pub fn data_ref(node: &str, index: usize) -> String {
    if index == 0 {
        node.to_string()
    } else {
        format!("{node}:{index}")
    }
}

/// The function a `PartitionedCall`/`StatefulPartitionedCall` node calls.
pub fn called(n: &NodeDef) -> Option<&str> {
    if !matches!(n.op.as_str(), "PartitionedCall" | "StatefulPartitionedCall") {
        return None;
    }
    match n.attr.get("f")?.value.as_ref()? {
        attr_value::Value::Func(f) => Some(&f.name),
        _ => None,
    }
}

/// Every function an attribute value names (`f`, branches, bodies, lists of them).
pub fn attr_functions<'a>(v: &'a AttrValue, out: &mut Vec<&'a str>) {
    match &v.value {
        Some(attr_value::Value::Func(f)) => {
            out.push(&f.name);
            for a in f.attr.values() {
                attr_functions(a, out);
            }
        }
        Some(attr_value::Value::List(l)) => out.extend(l.func.iter().map(|f| f.name.as_str())),
        _ => {}
    }
}

/// A name not in `taken`: `base`, else `base_1`, `base_2`, ...
pub fn unique(base: &str, taken: &HashSet<String>) -> String {
    if !taken.contains(base) {
        return base.to_string();
    }
    (1..).map(|i| format!("{base}_{i}")).find(|n| !taken.contains(n)).expect("some name is free")
}

/// Renames node `from` to `to` and every reference to it.
pub fn rename(nodes: &mut [NodeDef], from: &str, to: &str) {
    for n in nodes.iter_mut() {
        if n.name == from {
            n.name = to.to_string();
        }
        for i in n.input.iter_mut() {
            let r = parse_ref(i);
            if r.node == from {
                *i = if r.control { format!("^{to}") } else { data_ref(to, r.index) };
            }
        }
    }
}

/// Keeps the nodes `roots` need through data and control inputs (and the roots), in order.
pub fn prune(nodes: Vec<NodeDef>, roots: &[String]) -> Vec<NodeDef> {
    let by_name: HashMap<&str, usize> = nodes.iter().enumerate().map(|(i, n)| (n.name.as_str(), i)).collect();
    let mut keep = vec![false; nodes.len()];
    let mut stack: Vec<usize> = roots.iter().filter_map(|r| by_name.get(r.as_str()).copied()).collect();
    while let Some(i) = stack.pop() {
        if std::mem::replace(&mut keep[i], true) {
            continue;
        }
        for inp in &nodes[i].input {
            if let Some(&j) = by_name.get(parse_ref(inp).node) {
                if !keep[j] {
                    stack.push(j);
                }
            }
        }
    }
    nodes.into_iter().zip(keep).filter_map(|(n, k)| k.then_some(n)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refs() {
        assert_eq!(parse_ref("^a"), Ref { control: true, node: "a", out: "", index: 0 });
        assert_eq!(parse_ref("a:2"), Ref { control: false, node: "a", out: "", index: 2 });
        assert_eq!(parse_ref("a:tensors:3"), Ref { control: false, node: "a", out: "tensors", index: 3 });
        assert_eq!(parse_ref("a"), Ref { control: false, node: "a", out: "", index: 0 });
        assert_eq!(data_ref("a", 0), "a");
        assert_eq!(data_ref("a", 1), "a:1");
    }
}
