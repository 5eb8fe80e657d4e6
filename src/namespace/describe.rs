//! The user commands: `--list-namespaces` (the namespace tree with versions, op counts and
//! provenance) and `--describe OP` (an op's ports, attributes, defaults and the versions
//! that have it).

use std::fmt::Write;

use super::registry::Registry;
use super::schema::{show_value, Framework, OpSchema, Port};
use super::scope::{classify, ir_name};
use super::types::tf_dtype_to_mlir;

/// The text of `--list-namespaces`.
pub fn list_namespaces(reg: &Registry) -> String {
    let mut out = String::new();
    for (group, versions) in reg.tree() {
        let newest = versions.last().map(|&v| reg.version(v).version.clone()).unwrap_or_default();
        let fw = versions.first().map(|&v| reg.version(v).framework.as_str()).unwrap_or("");
        let _ = writeln!(out, "{} ({}; without a version: {})", group, fw, newest);
        let shown: Vec<usize> = if versions.len() > 8 {
            // ONNX: every opset; list them compactly.
            let first = &reg.version(versions[0]).name;
            let last = versions.last().map(|&v| reg.version(v).name.as_str()).unwrap_or("");
            let _ = writeln!(out, "  {} .. {}  ({} versions; {})", first, last, versions.len(), reg.version(versions[0]).source);
            Vec::new()
        } else {
            versions.clone()
        };
        for v in shown {
            let ver = reg.version(v);
            let parent = ver.parent.map(|p| format!(", inherits {}", reg.version(p).name)).unwrap_or_default();
            let _ = writeln!(out, "  {}  ({}{})", ver.name, ver.source, parent);
        }
    }
    out
}

/// The text of `--describe OP`; `op` is an IR op name (`tf.Conv2D`, `tfg.Conv2D`, `onnx.Conv`,
/// `torch.aten.add.Tensor`), optionally prefixed by a namespace and `:`
/// (`amanda/tensorflow/2.15:Conv2D`, `amanda/onnx/opset-11:Conv`).
pub fn describe(reg: &Registry, op: &str) -> Result<String, String> {
    let (version, group, op_type) = match op.split_once(':').filter(|(ns, _)| ns.contains('/')) {
        Some((ns, t)) => {
            let v = reg.resolve(ns).ok_or_else(|| format!("unknown namespace '{}'", ns))?;
            (v, reg.version(v).group.clone(), t.to_string())
        }
        None => {
            let (g, t) = classify(op).ok_or_else(|| {
                format!("'{}' names no op of a namespace: write tf.Op (or tfg.Op), onnx.Op, onnx.ml.Op or torch.aten.op[.overload]", op)
            })?;
            let v = reg.newest_in(g).ok_or_else(|| format!("no namespace {} is loaded", g))?;
            (v, g.to_string(), t.into_owned())
        }
    };
    let ver = reg.version(version);
    let Some(schema) = reg.lookup(version, &op_type) else {
        let suggestions = super::verify::did_you_mean(&op_type, &reg.op_names(version));
        let hint = if suggestions.is_empty() { String::new() } else { format!("; did you mean {}?", suggestions.join(" or ")) };
        return Err(format!("'{}' is not an op of {}{}", op_type, ver.name, hint));
    };
    let mut out = String::new();
    let since = schema.since.map(|s| format!(" (since opset {})", s)).unwrap_or_default();
    let _ = writeln!(out, "{}  ({} op {}{} in {}; {})", ir_name(&group, &op_type), ver.framework.as_str(), schema.name, since, ver.name, ver.source);
    if let Some(t) = &schema.text {
        let _ = writeln!(out, "  schema: {}", t);
    }
    if let Some(d) = &schema.deprecated {
        let _ = writeln!(out, "  deprecated: {}", d);
    }
    if schema.stateful {
        let _ = writeln!(out, "  stateful");
    }
    let in_title = if ver.framework == Framework::PyTorch { "arguments (in call order)" } else { "inputs" };
    write_ports(&mut out, in_title, &schema.inputs, &schema, ver.framework);
    write_ports(&mut out, "outputs", &schema.outputs, &schema, ver.framework);
    if !schema.type_params.is_empty() {
        let _ = writeln!(out, "  type constraints:");
        for (p, allowed) in &schema.type_params {
            let _ = writeln!(out, "    {}: {}", p, allowed.join(", "));
        }
    }
    if !schema.attrs.is_empty() {
        let _ = writeln!(out, "  attributes:");
        for a in &schema.attrs {
            let mut line = format!("    {}: {}", a.name, a.kind);
            if let Some(d) = &a.default {
                let _ = write!(line, " = {}", show_typed(&a.kind, d));
            } else if a.required {
                line.push_str(" (required)");
            }
            if let Some(c) = &a.constant {
                let _ = write!(line, ", constant {}", show_value(c));
            }
            if let Some(allowed) = &a.allowed {
                let shown: Vec<String> = allowed.iter().map(|v| show_typed(&a.kind, v)).collect();
                let _ = write!(line, ", one of: {}", shown.join(", "));
            }
            if let Some(m) = a.minimum {
                let _ = write!(line, ", minimum {}", m);
            }
            let _ = writeln!(out, "{}", line);
        }
    }
    // Versions of the namespace that have the op.
    let mut has = Vec::new();
    let group_versions = reg.tree().get(group.as_str()).cloned().unwrap_or_default();
    let history = reg.op_history(version, &op_type);
    if !history.is_empty() {
        let since: Vec<String> = history.iter().map(|s| format!("opset-{}", s)).collect();
        let _ = writeln!(out, "  changed at: {}", since.join(", "));
    }
    for v in group_versions {
        if let Some(s) = reg.lookup(v, &op_type) {
            let same = *s == *schema;
            has.push(format!("{}{}", reg.version(v).version, if same || !history.is_empty() { "" } else { " (differs)" }));
        }
    }
    let _ = writeln!(out, "  versions with it: {}", compact(&has));
    Ok(out)
}

fn compact(list: &[String]) -> String {
    if list.len() > 8 {
        format!("{} .. {} ({} versions)", list[0], list[list.len() - 1], list.len())
    } else {
        list.join(", ")
    }
}

fn show_typed(kind: &str, v: &serde_json::Value) -> String {
    let inner = kind.trim_start_matches("list(").trim_end_matches(')');
    match v {
        serde_json::Value::String(s) if inner == "type" => match tf_dtype_to_mlir(s) {
            Some(m) => format!("{} ({})", m, s),
            None => s.clone(),
        },
        serde_json::Value::Array(items) if inner == "type" => {
            format!("[{}]", items.iter().map(|i| show_typed("type", i)).collect::<Vec<_>>().join(", "))
        }
        other => show_value(other),
    }
}

fn write_ports(out: &mut String, title: &str, ports: &[Port], schema: &OpSchema, fw: Framework) {
    if ports.is_empty() {
        return;
    }
    let _ = writeln!(out, "  {}:", title);
    for (i, p) in ports.iter().enumerate() {
        let name = if p.name.is_empty() { format!("#{}", i) } else { p.name.clone() };
        let mut line = format!("    {}", name);
        let mut facts = Vec::new();
        match fw {
            Framework::TensorFlow | Framework::Other => {
                if let Some(t) = &p.ty {
                    facts.push(format!("{} ({})", tf_dtype_to_mlir(t).unwrap_or(t), t));
                }
                if let Some(t) = &p.type_attr {
                    facts.push(format!("type {}", t));
                }
                if let Some(n) = &p.number_attr {
                    facts.push(format!("{} values", n));
                }
                if let Some(l) = &p.type_list_attr {
                    facts.push(format!("types {}", l));
                }
                if p.is_ref {
                    facts.push("ref".to_string());
                }
            }
            Framework::Onnx => {
                if let Some(t) = &p.ty {
                    facts.push(match schema.type_param(t) {
                        Some(_) => format!("type {}", t),
                        None => t.clone(),
                    });
                }
                if p.optional {
                    facts.push("optional".to_string());
                }
                if p.variadic {
                    facts.push(format!("variadic, at least {}", p.min));
                    if p.heterogeneous {
                        facts.push("heterogeneous".to_string());
                    }
                }
            }
            Framework::PyTorch => {
                if let Some(t) = &p.ty {
                    facts.push(t.clone());
                }
                if let Some(a) = &p.alias {
                    facts.push(format!("alias {}", a));
                }
                if let Some(d) = &p.default {
                    facts.push(format!("= {}", show_value(d)));
                }
                if p.kwarg_only {
                    facts.push("keyword-only".to_string());
                }
            }
        }
        if !facts.is_empty() {
            let _ = write!(line, ": {}", facts.join(", "));
        }
        let _ = writeln!(out, "{}", line);
    }
}
