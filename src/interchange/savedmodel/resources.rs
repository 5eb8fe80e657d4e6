//! Variables passed into functional control flow (`While`, `If`, `Case` and their stateless
//! forms), as a Keras LSTM's loop body takes its kernels: the resource input becomes the
//! variable's frozen value (a `Const`), and the functions taking it are specialised -- the
//! argument's type becomes the value's dtype, a `ReadVariableOp` of it an `Identity`, an
//! `Identity` passing the handle on passes the value on, and a result that returns it (a
//! loop body hands its loop variables back) returns the value.
//!
//! Anything else done with the handle inside the function (an assignment, a nested call or
//! loop taking it) is refused by name.

use std::collections::{HashMap, HashSet};

use super::graph::{parse_ref, unique};
use crate::interchange::graphdef::proto::{attr_value, AttrValue, FunctionDef, FunctionDefLibrary, NameAttrList, NodeDef, TensorShapeProto};

type Res<T> = Result<T, String>;

/// How the data inputs of a functional control-flow op map to its functions' arguments.
#[derive(Clone, Copy, PartialEq)]
pub enum Flow {
    /// `While`: input i is argument i of `cond` and `body`, and result i of `body`.
    Loop,
    /// `If` / `Case`: input i + 1 is argument i of every branch.
    Branch,
}

pub fn flow(op: &str) -> Option<Flow> {
    match op {
        "While" | "StatelessWhile" => Some(Flow::Loop),
        "If" | "StatelessIf" | "Case" | "StatelessCase" => Some(Flow::Branch),
        _ => None,
    }
}

fn set_list_type(n: &mut NodeDef, attr: &str, at: usize, dtype: i32) {
    if let Some(attr_value::Value::List(l)) = n.attr.get_mut(attr).and_then(|a| a.value.as_mut()) {
        if let Some(t) = l.r#type.get_mut(at) {
            *t = dtype;
        }
    }
}

fn set_list_shape(n: &mut NodeDef, attr: &str, at: usize, shape: &TensorShapeProto) {
    if let Some(attr_value::Value::List(l)) = n.attr.get_mut(attr).and_then(|a| a.value.as_mut()) {
        if let Some(s) = l.shape.get_mut(at) {
            *s = shape.clone();
        }
    }
}

/// Rewrites control-flow node `n`, whose data inputs `frozen` (index, dtype, shape) now carry
/// variable values, and adds the specialised functions to `lib`.
pub fn specialise_node(n: &mut NodeDef, frozen: &[(usize, i32, TensorShapeProto)], lib: &mut FunctionDefLibrary) -> Res<()> {
    let kind = flow(&n.op).expect("a control-flow op");
    let (list_attr, func_attrs, offset): (&str, &[&str], usize) = match kind {
        Flow::Loop => ("T", &["cond", "body"], 0),
        Flow::Branch => ("Tin", &["then_branch", "else_branch", "branches"], 1),
    };
    let args: Vec<(usize, i32)> = frozen.iter().filter(|f| f.0 >= offset).map(|f| (f.0 - offset, f.1)).collect();
    if args.len() != frozen.len() {
        return Err(format!("node '{}' ({}) takes a variable as its condition or branch index", n.name, n.op));
    }
    for (i, dtype, shape) in frozen {
        set_list_type(n, list_attr, i - offset, *dtype);
        if kind == Flow::Loop {
            set_list_shape(n, "output_shapes", *i, shape);
            set_list_shape(n, "_output_shapes", *i, shape);
        }
    }
    for &fa in func_attrs {
        let Some(v) = n.attr.get_mut(fa).and_then(|a| a.value.as_mut()) else { continue };
        let funcs: Vec<&mut NameAttrList> = match v {
            attr_value::Value::Func(f) => vec![f],
            attr_value::Value::List(l) => l.func.iter_mut().collect(),
            _ => continue,
        };
        for f in funcs {
            let (name, outs) = specialise(lib, &f.name, &args)?;
            if fa == "body" {
                for (i, _) in &args {
                    if !outs.contains(i) {
                        return Err(format!("loop '{}': body '{}' does not hand variable argument {i} back unchanged", n.name, f.name));
                    }
                }
            }
            f.name = name;
        }
    }
    Ok(())
}

/// A copy of function `fname` whose arguments `args` (index, dtype) are values instead of
/// resource handles: its new name and the results that return such a value.
fn specialise(lib: &mut FunctionDefLibrary, fname: &str, args: &[(usize, i32)]) -> Res<(String, Vec<usize>)> {
    let mut f: FunctionDef = lib.function.iter().find(|f| f.signature.as_ref().is_some_and(|s| s.name == fname)).cloned().ok_or_else(|| format!("function '{fname}' is not in the library"))?;
    let taken: HashSet<String> = lib.function.iter().filter_map(|f| Some(f.signature.as_ref()?.name.clone())).collect();
    let name = unique(&format!("{fname}_frozen"), &taken);
    let sig = f.signature.as_mut().expect("found by signature");
    sig.name = name.clone();
    // Values holding a variable (function-body references) and their dtypes.
    let mut held: HashMap<String, i32> = HashMap::new();
    for &(i, dtype) in args {
        let a = sig.input_arg.get_mut(i).ok_or_else(|| format!("function '{fname}' has no argument {i}"))?;
        a.r#type = dtype;
        a.type_attr.clear();
        held.insert(a.name.clone(), dtype);
        if let Some(aa) = f.arg_attr.get_mut(&(i as u32)) {
            aa.attr.retain(|k, _| !k.starts_with("_handle_") && k != "_output_shapes");
        }
        f.resource_arg_unique_id.remove(&(i as u32));
    }
    let mut reads: Vec<String> = Vec::new();
    loop {
        let mut changed = false;
        for n in f.node_def.iter_mut() {
            let Some(first) = n.input.first() else { continue };
            let Some(&dtype) = held.get(first.as_str()) else { continue };
            let out = format!("{}:output:0", n.name);
            match n.op.as_str() {
                "Identity" if !held.contains_key(&out) && !reads.contains(&n.name) => {
                    n.attr.insert("T".into(), AttrValue { value: Some(attr_value::Value::Type(dtype)) });
                    held.insert(out, dtype);
                    changed = true;
                }
                "ReadVariableOp" => {
                    n.op = "Identity".into();
                    n.attr.remove("dtype");
                    n.attr.insert("T".into(), AttrValue { value: Some(attr_value::Value::Type(dtype)) });
                    reads.push(n.name.clone());
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            break;
        }
    }
    // A read's result was `name:value:k`; as an Identity it is `name:output:k`.
    let rename = |s: &mut String| {
        let r = parse_ref(s);
        if !r.control && r.out == "value" && reads.iter().any(|n| n == r.node) {
            *s = format!("{}:output:{}", r.node, r.index);
        }
    };
    for n in f.node_def.iter_mut() {
        n.input.iter_mut().for_each(rename);
    }
    f.ret.values_mut().for_each(rename);
    for n in &f.node_def {
        if n.op == "Identity" {
            continue;
        }
        if let Some(s) = n.input.iter().find(|s| !s.starts_with('^') && held.contains_key(s.as_str())) {
            return Err(format!("function '{fname}': node '{}' (op {}) uses variable argument '{s}' other than by reading it: it cannot be frozen", n.name, n.op));
        }
    }
    let mut outs = Vec::new();
    let sig = f.signature.as_mut().expect("found by signature");
    for (j, oa) in sig.output_arg.iter_mut().enumerate() {
        if let Some(&dtype) = f.ret.get(&oa.name).and_then(|r| held.get(r.as_str())) {
            oa.r#type = dtype;
            oa.type_attr.clear();
            outs.push(j);
        }
    }
    lib.function.push(f);
    Ok((name, outs))
}
