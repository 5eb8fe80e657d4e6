//! Short names for the modules and statements of `--emit=pytorch`, from the graph node names
//! of the ops (`resnet50_1/conv2_block1_1_relu_1/Relu`): the leading scopes every named
//! statement shares (the model's own, `resnet50_1/`) are dropped (a node left without a scope
//! is named after the rest of its name: `functional_1/Add_3` → `Add_3`), and a statement is named
//! after the rest of its scope: the last statement of a scope plainly (`conv2_block1_1_relu`),
//! the others of the same node with their op (`conv1_conv_permute`, `conv1_conv_slice`), those
//! of the scope's other nodes with the node's own name (`dense_MatMul`). The trailing `_N`
//! that Keras 3 adds when it enters a layer's scope again is dropped: from every top scope
//! when every top scope has one and the names stay distinct (Keras's layer names come back:
//! `dense_1` → `dense`, `dense_1_2` → `dense_1`), and from the last segment of a scope where
//! no other scope then has the same name (`conv1_relu_1` → `conv1_relu`, `mha/query_1` →
//! `mha/query`; `pool_1` and `pool_2` stay).

use std::collections::{HashMap, HashSet};

use crate::ir::OpId;

/// The short scope of each statement op that has one, and where it stands in its scope.
pub struct Scopes {
    by_op: HashMap<OpId, Place>,
    /// The statements left without a scope once the shared prefix is dropped: the rest of
    /// their name, when a prefix was dropped.
    unscoped: HashMap<OpId, String>,
    /// The dropped prefix (`resnet50_1/`), and the top scopes without their Keras suffix.
    prefix: Vec<String>,
    top: HashMap<String, String>,
}

struct Place {
    scope: String,
    /// The last segment of the op's graph name (`MatMul`).
    node: String,
    /// The op is its scope's last statement.
    last: bool,
    /// The op is of the node of its scope's last statement.
    last_node: bool,
}

impl Scopes {
    /// `statements`: the ops that are statements of `forward`, in order, each with its graph
    /// name.
    pub fn new(statements: &[(OpId, String)]) -> Scopes {
        let paths: Vec<Vec<&str>> = statements.iter().map(|(_, n)| inlined_name(n).split('/').collect()).collect();
        let shared = shared_prefix(&paths);
        // (op, scope, node name)
        let top = strip_top_suffixes(paths.iter().filter(|p| p.len() > shared + 1).map(|p| p[shared]));
        let scoped: Vec<(OpId, String, &str)> = statements
            .iter()
            .zip(&paths)
            .filter(|(_, p)| p.len() > shared + 1)
            .map(|((op, name), p)| {
                let mut segs: Vec<&str> = p[shared..p.len() - 1].to_vec();
                if let Some(t) = top.get(segs[0]) {
                    segs[0] = t;
                }
                (*op, segs.join("/"), name.as_str())
            })
            .collect();
        let unscoped: HashMap<OpId, String> = statements
            .iter()
            .zip(&paths)
            .filter(|(_, p)| shared > 0 && p.len() == shared + 1)
            .filter_map(|((op, _), p)| Some((*op, super::names::sanitize(p[shared])?)))
            .collect();
        // A scope that is also the name of an unscoped node (`loop` and `loop/add`) is not a
        // statement's whole name.
        let taken: HashSet<String> = statements
            .iter()
            .zip(&paths)
            .filter(|(_, p)| p.len() <= shared + 1)
            .filter_map(|((op, n), _)| unscoped.get(op).cloned().or_else(|| super::names::sanitize(n)))
            .collect();
        let distinct: HashSet<&str> = scoped.iter().map(|(_, s, _)| s.as_str()).collect();
        let renamed = drop_reentry_suffixes(&distinct);
        let mut last: HashMap<&str, (OpId, &str)> = HashMap::new();
        for (op, s, name) in &scoped {
            last.insert(s.as_str(), (*op, name));
        }
        let by_op = scoped
            .iter()
            .filter_map(|(op, s, name)| {
                let scope = super::names::sanitize(renamed.get(s.as_str()).map(String::as_str).unwrap_or(s))?;
                let node = name.rsplit('/').next().unwrap_or(name).to_string();
                let (last_op, last_name) = last[s.as_str()];
                let free = !taken.contains(&scope);
                Some((*op, Place { last: free && last_op == *op, last_node: free && last_name == *name, scope, node }))
            })
            .collect();
        let prefix = paths.iter().find(|p| p.len() > shared).map(|p| p[..shared].iter().map(|s| s.to_string()).collect()).unwrap_or_default();
        let top = top.into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Scopes { by_op, unscoped, prefix, top }
    }

    /// Another graph name (a weight's) shortened the same way: the shared prefix dropped, the
    /// top scope without its Keras suffix (`resnet50_1/conv1_bn_1/Const` → `conv1_bn_Const`);
    /// `None` when it does not start with the prefix.
    pub fn shorten(&self, name: &str) -> Option<String> {
        let mut segs: Vec<&str> = inlined_name(name).split('/').collect();
        if self.prefix.is_empty() || segs.len() <= self.prefix.len() + 1 || segs.iter().zip(&self.prefix).any(|(a, b)| a != b) {
            return None;
        }
        segs.drain(..self.prefix.len());
        if let Some(t) = self.top.get(segs[0]) {
            segs[0] = t;
        }
        super::names::sanitize(&segs.join("/"))
    }

    /// The short scope of `op`, else the rest of its name after the dropped prefix.
    pub fn scope(&self, op: OpId) -> Option<&str> {
        self.by_op.get(&op).map(|p| p.scope.as_str()).or_else(|| self.unscoped.get(&op).map(String::as_str))
    }

    /// The name of `op`'s statement: its scope when it is the scope's last statement, the
    /// scope and `what` (the op's short name) for the other statements of that node, else the
    /// scope and the node's own name.
    pub fn statement(&self, op: OpId, what: &str) -> Option<String> {
        let Some(p) = self.by_op.get(&op) else { return self.unscoped.get(&op).cloned() };
        Some(match (p.last, p.last_node) {
            (true, _) => p.scope.clone(),
            (false, true) => format!("{}_{what}", p.scope),
            (false, false) => super::names::sanitize(&format!("{}_{}", p.scope, p.node)).unwrap_or_else(|| p.scope.clone()),
        })
    }
}

/// The name a node had in its function before TensorFlow inlined it into the graph: lowering
/// a While, If or Case names the nodes of its body `<op>/body/_1/<name in the function>`
/// (`cond`, `then`, `else`, `branch...` likewise), where the function's names are the full
/// paths Keras traced (`functional_1/lstm_1/while/body/_1/functional_1/lstm_1/while/
/// lstm_cell_1/MatMul` → `functional_1/lstm_1/while/lstm_cell_1/MatMul`).
fn inlined_name(name: &str) -> &str {
    let segs: Vec<&str> = name.split('/').collect();
    let marker = (0..segs.len().saturating_sub(2)).rev().find(|&i| {
        let region = matches!(segs[i], "body" | "cond" | "then" | "else") || segs[i].starts_with("branch");
        let index = segs[i + 1].strip_prefix('_').is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
        region && index
    });
    match marker {
        Some(i) => {
            let skip: usize = segs[..i + 2].iter().map(|s| s.len() + 1).sum();
            &name[skip..]
        }
        None => name,
    }
}

/// How many leading path segments every path of more than one segment shares, leaving each
/// at least a scope and a name.
fn shared_prefix(paths: &[Vec<&str>]) -> usize {
    let mut long = paths.iter().filter(|p| p.len() > 1);
    let Some(first) = long.next() else { return 0 };
    let mut n = first.len() - 1;
    for p in long {
        n = n.min(p.len() - 1);
        n = first.iter().zip(p.iter()).take(n).take_while(|(a, b)| a == b).count();
    }
    // Some scope is kept: `dense/MatMul` and `dense/BiasAdd` share `dense`, which stays.
    while n > 0 && !paths.iter().any(|p| p.len() > n + 1) {
        n -= 1;
    }
    n
}

/// `name` without a trailing `_N`.
fn without_suffix(name: &str) -> Option<&str> {
    let (head, tail) = name.rsplit_once('_')?;
    (!head.is_empty() && !tail.is_empty() && tail.chars().all(|c| c.is_ascii_digit())).then_some(head)
}

/// Top scope → its name without the suffix, when every top scope has one and the names stay
/// distinct; else empty.
fn strip_top_suffixes<'a>(tops: impl Iterator<Item = &'a str>) -> HashMap<&'a str, &'a str> {
    let distinct: HashSet<&str> = tops.collect();
    let mut out = HashMap::new();
    let mut seen = HashSet::new();
    for &t in &distinct {
        match without_suffix(t) {
            Some(s) if seen.insert(s) => {
                out.insert(t, s);
            }
            _ => return HashMap::new(),
        }
    }
    out
}

/// Scope → its name without the Keras re-entry suffix, for the scopes whose last segment ends
/// in `_N` when no other scope has, or would get, that name.
fn drop_reentry_suffixes(scopes: &HashSet<&str>) -> HashMap<String, String> {
    let trimmed = |s: &str| -> Option<String> {
        let head = without_suffix(s)?;
        (!head.ends_with('/')).then(|| head.to_string())
    };
    let mut claims: HashMap<String, usize> = HashMap::new();
    for s in scopes {
        *claims.entry(s.to_string()).or_default() += 1;
        if let Some(t) = trimmed(s) {
            *claims.entry(t).or_default() += 1;
        }
    }
    scopes.iter().filter_map(|s| trimmed(s).filter(|t| claims[t] == 1).map(|t| (s.to_string(), t))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(names: &[&str]) -> Scopes {
        let statements: Vec<(OpId, String)> = names.iter().enumerate().map(|(i, n)| (OpId::new(i), n.to_string())).collect();
        Scopes::new(&statements)
    }

    #[test]
    fn drops_the_model_scope_and_keras_suffixes() {
        let s = named(&["resnet50_1/conv1_conv_1/convolution", "resnet50_1/conv1_conv_1/convolution", "resnet50_1/conv1_relu_1/Relu", "resnet50_1/pool_1/MaxPool", "resnet50_1/pool_2/AvgPool"]);
        assert_eq!(s.statement(OpId::new(0), "permute").as_deref(), Some("conv1_conv_permute"));
        assert_eq!(s.statement(OpId::new(1), "convolution").as_deref(), Some("conv1_conv"));
        assert_eq!(s.statement(OpId::new(2), "relu").as_deref(), Some("conv1_relu"));
        assert_eq!(s.scope(OpId::new(3)), Some("pool_1"));
        assert_eq!(s.scope(OpId::new(4)), Some("pool_2"));
    }

    #[test]
    fn names_inlined_nodes_as_in_their_function() {
        assert_eq!(inlined_name("functional_1/lstm_1/while/body/_1/functional_1/lstm_1/while/lstm_cell_1/MatMul"), "functional_1/lstm_1/while/lstm_cell_1/MatMul");
        assert_eq!(inlined_name("m/cond_1/then/_0/m/cond_1/Relu"), "m/cond_1/Relu");
        assert_eq!(inlined_name("m/body/x"), "m/body/x");
        assert_eq!(inlined_name("m/body/_1"), "m/body/_1");
        let s = named(&["functional_1/lstm_1/transpose", "functional_1/lstm_1/while/body/_1/functional_1/lstm_1/while/lstm_cell_1/MatMul", "functional_1/dense_1/MatMul"]);
        assert_eq!(s.scope(OpId::new(1)), Some("lstm_while_lstm_cell"));
        assert_eq!(s.shorten("functional_1/lstm_1/while/body/_1/functional_1/lstm_1/while/lstm_cell_1/kernel").as_deref(), Some("lstm_while_lstm_cell_1_kernel"));
    }

    #[test]
    fn gives_back_keras_layer_names() {
        let s = named(&["functional_1/dense_1/MatMul", "functional_1/dense_1_2/MatMul", "functional_1/mha_1/query_1/MatMul", "functional_1/Add_1"]);
        assert_eq!(s.scope(OpId::new(0)), Some("dense"));
        assert_eq!(s.scope(OpId::new(1)), Some("dense_1"));
        assert_eq!(s.scope(OpId::new(2)), Some("mha_query"));
        assert_eq!(s.statement(OpId::new(3), "add").as_deref(), Some("Add_1"));
        assert_eq!(s.shorten("functional_1/dense_1_2/bias").as_deref(), Some("dense_1_bias"));
        assert_eq!(s.shorten("other/dense_1/bias"), None);
    }

    #[test]
    fn keeps_nested_scopes_and_unscoped_names() {
        let s = named(&["model/block1/conv/Conv2D", "model/block2/conv/Conv2D", "Identity"]);
        assert_eq!(s.scope(OpId::new(0)), Some("block1_conv"));
        assert_eq!(s.scope(OpId::new(1)), Some("block2_conv"));
        assert_eq!(s.scope(OpId::new(2)), None);
        // `loop` names a node: the statements of scope loop/ keep their node's name.
        let s = named(&["loop", "loop/add", "loop/less"]);
        assert_eq!(s.statement(OpId::new(2), "lt").as_deref(), Some("loop_less"));
        // One scope: it is kept, not taken for the model's.
        let s = named(&["dense/MatMul", "dense/BiasAdd"]);
        assert_eq!(s.statement(OpId::new(0), "mm").as_deref(), Some("dense_MatMul"));
        assert_eq!(s.statement(OpId::new(1), "add").as_deref(), Some("dense"));
    }
}
