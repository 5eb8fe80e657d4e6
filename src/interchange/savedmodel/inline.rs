//! Inlining of function calls at the GraphDef level, as TensorFlow's function inliner does
//! before running a graph: a `PartitionedCall`/`StatefulPartitionedCall` node of the graph is
//! replaced by the callee's body, repeatedly, until the graph calls no library function.
//!
//! * body nodes are renamed `CALL/NODE` (a fresh prefix if that would clash);
//! * a body reference to argument `i` becomes the call's `i`-th data input; a body
//!   reference `node:out:k` becomes `CALL/node:j` with `j` the flat output index of output
//!   arg `out` (from the op's definition, [`OpDefsPublic::segments`]);
//! * body nodes that take no input from other body nodes get the call's control inputs;
//! * references to the call's output `j` become the callee's `j`-th return value; a control
//!   reference to the call depends on a `NoOp` named after the call that waits for the
//!   returned values' nodes and the callee's control returns;
//! * `$attr` placeholders in body attributes take the call's `f` attributes.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};

use super::graph::{called, data_ref, parse_ref};
use crate::interchange::graphdef::import::OpDefsPublic;
use crate::interchange::graphdef::proto::{attr_value, AttrValue, FunctionDef, FunctionDefLibrary, NodeDef};

type Res<T> = Result<T, String>;

/// At most this many calls are inlined (a guard against recursive functions).
const MAX_INLINED: usize = 100_000;

/// Inlines every library call of `nodes`.
pub fn inline_calls(mut nodes: Vec<NodeDef>, lib: &FunctionDefLibrary, defs: &mut OpDefsPublic<'_>) -> Res<Vec<NodeDef>> {
    let funcs: HashMap<&str, &FunctionDef> = lib.function.iter().filter_map(|f| Some((f.signature.as_ref()?.name.as_str(), f))).collect();
    let mut taken: HashSet<String> = nodes.iter().map(|n| n.name.clone()).collect();
    let mut inlined = 0;
    let mut from = 0;
    while let Some(i) = (from..nodes.len()).find(|&i| called(&nodes[i]).is_some_and(|f| funcs.contains_key(f))) {
        inlined += 1;
        if inlined > MAX_INLINED {
            return Err(format!("more than {MAX_INLINED} function calls to inline (recursive functions?)"));
        }
        let call = nodes[i].clone();
        let f = funcs[called(&call).expect("a call")];
        let (body, outs, done) = expand(&call, f, defs, &mut taken)?;
        let needs_noop = nodes.iter().any(|n| n.input.iter().any(|s| s.strip_prefix('^') == Some(call.name.as_str())));
        for n in nodes.iter_mut() {
            for s in n.input.iter_mut() {
                let r = parse_ref(s);
                if r.node == call.name && !r.control {
                    *s = outs.get(r.index).cloned().ok_or_else(|| format!("node '{}' uses output {} of call '{}', which returns {}", n.name, r.index, call.name, outs.len()))?;
                }
            }
        }
        let mut replacement = body;
        if needs_noop {
            let input = outs.iter().map(|o| format!("^{}", parse_ref(o).node)).chain(done).collect();
            replacement.push(NodeDef { name: call.name.clone(), op: "NoOp".into(), input, ..Default::default() });
        }
        from = i;
        nodes.splice(i..=i, replacement);
    }
    Ok(nodes)
}

/// The inlined body of `call`, the graph references of its return values, and the
/// control references to its control returns.
fn expand(call: &NodeDef, f: &FunctionDef, defs: &mut OpDefsPublic<'_>, taken: &mut HashSet<String>) -> Res<(Vec<NodeDef>, Vec<String>, Vec<String>)> {
    let sig = f.signature.as_ref().ok_or("function without a signature")?;
    let fname = &sig.name;
    let data: Vec<&str> = call.input.iter().filter(|s| !s.starts_with('^')).map(String::as_str).collect();
    let controls: Vec<String> = call.input.iter().filter(|s| s.starts_with('^')).cloned().collect();
    if data.len() != sig.input_arg.len() {
        return Err(format!("call '{}' passes {} inputs to function '{fname}', which takes {}", call.name, data.len(), sig.input_arg.len()));
    }
    let args: HashMap<&str, &str> = sig.input_arg.iter().map(|a| a.name.as_str()).zip(data).collect();
    let mut prefix = format!("{}/", call.name);
    let mut k = 0;
    while f.node_def.iter().any(|n| taken.contains(&format!("{prefix}{}", n.name))) {
        k += 1;
        prefix = format!("{}/_inlined_{k}/", call.name);
    }
    let call_attrs = match call.attr.get("f").and_then(|a| a.value.as_ref()) {
        Some(attr_value::Value::Func(nf)) => nf.attr.clone(),
        _ => Default::default(),
    };
    // Body nodes with their placeholders filled in, by name.
    let mut body: Vec<NodeDef> = Vec::with_capacity(f.node_def.len());
    for n in &f.node_def {
        let mut n = n.clone();
        for (an, v) in n.attr.iter_mut() {
            if let Some(attr_value::Value::Placeholder(p)) = &v.value {
                *v = call_attrs.get(p).cloned().ok_or_else(|| format!("node '{}' of function '{fname}': attribute '{an}' is ${p}, which call '{}' does not set", n.name, call.name))?;
            }
        }
        body.push(n);
    }
    let index: HashMap<String, usize> = body.iter().enumerate().map(|(i, n)| (n.name.clone(), i)).collect();
    let mut segments: HashMap<usize, Vec<(String, usize)>> = HashMap::new();
    let mut translate = |s: &str, segments: &mut HashMap<usize, Vec<(String, usize)>>, body: &[NodeDef]| -> Res<(String, bool)> {
        let r = parse_ref(s);
        if let Some(a) = args.get(r.node) {
            return Ok((if r.control { format!("^{}", parse_ref(a).node) } else { a.to_string() }, false));
        }
        let &j = index.get(r.node).ok_or_else(|| format!("function '{fname}' refers to '{s}', which is neither an argument nor a node"))?;
        if r.control {
            return Ok((format!("^{prefix}{}", r.node), true));
        }
        let node = &body[j];
        let segs = match segments.entry(j) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => e.insert(defs.segments(node).ok_or_else(|| format!("cannot inline function '{fname}': op '{}' of node '{}' has no known definition", node.op, node.name))?),
        };
        let flat = if r.out.is_empty() {
            r.index
        } else {
            let at = segs.iter().position(|(n, _)| n == r.out).ok_or_else(|| format!("function '{fname}': op '{}' has no output '{}' (in '{s}')", node.op, r.out))?;
            segs[..at].iter().map(|(_, c)| c).sum::<usize>() + r.index
        };
        Ok((data_ref(&format!("{prefix}{}", r.node), flat), true))
    };
    let mut out = Vec::with_capacity(body.len());
    for n in &body {
        let mut new = n.clone();
        new.name = format!("{prefix}{}", n.name);
        let mut internal = false;
        new.input.clear();
        for s in &n.input {
            let (t, inner) = translate(s, &mut segments, &body)?;
            internal |= inner;
            new.input.push(t);
        }
        if !internal {
            new.input.extend(controls.iter().cloned());
        }
        taken.insert(new.name.clone());
        out.push(new);
    }
    let mut outs = Vec::with_capacity(sig.output_arg.len());
    for oa in &sig.output_arg {
        let ret = f.ret.get(&oa.name).ok_or_else(|| format!("function '{fname}' does not return its output '{}'", oa.name))?;
        outs.push(translate(ret, &mut segments, &body)?.0);
    }
    let done = f.control_ret.values().map(|n| format!("^{prefix}{n}")).collect();
    Ok((out, outs, done))
}

/// Pushes the library functions `ns` call or name in attributes.
fn push_used<'l>(ns: &[NodeDef], funcs: &HashMap<&'l str, &'l FunctionDef>, stack: &mut Vec<&'l str>) {
    for n in ns {
        if let Some((&name, _)) = funcs.get_key_value(n.op.as_str()) {
            stack.push(name);
        }
        let mut names = Vec::new();
        n.attr.values().for_each(|v: &AttrValue| super::graph::attr_functions(v, &mut names));
        stack.extend(names.into_iter().filter_map(|x| funcs.get_key_value(x).map(|(&k, _)| k)));
    }
}

/// The functions `nodes` use, with the functions those use, in library order.
pub fn used_functions(nodes: &[NodeDef], lib: &FunctionDefLibrary) -> FunctionDefLibrary {
    let funcs: HashMap<&str, &FunctionDef> = lib.function.iter().filter_map(|f| Some((f.signature.as_ref()?.name.as_str(), f))).collect();
    let mut used: HashSet<&str> = HashSet::new();
    let mut stack: Vec<&str> = Vec::new();
    push_used(nodes, &funcs, &mut stack);
    while let Some(f) = stack.pop() {
        if used.insert(f) {
            push_used(&funcs[f].node_def, &funcs, &mut stack);
        }
    }
    FunctionDefLibrary {
        function: lib.function.iter().filter(|f| f.signature.as_ref().is_some_and(|s| used.contains(s.name.as_str()))).cloned().collect(),
        gradient: lib.gradient.iter().filter(|g| used.contains(g.function_name.as_str())).cloned().collect(),
        ..Default::default()
    }
}
