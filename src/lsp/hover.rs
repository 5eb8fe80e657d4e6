//! Hover: on an op name, its namespace schema as `--describe` prints it; on a value, its
//! type and defining op; on an attribute key, the attribute as written and the schema's
//! rule for it; on a block, symbol or alias, what defines it.

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position};

use super::analysis::Analysis;
use super::index::NameKind;

fn markdown(a: &Analysis, start: u32, end: u32, text: String) -> Hover {
    Hover { contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value: text }), range: Some(a.lines.range(&a.text, start, end)) }
}

/// The `--describe` text of op head `o`, and the namespace version it was found in.
pub fn describe_op(a: &Analysis, o: usize) -> Option<String> {
    let head = &a.index.ops[o];
    let reg = crate::namespace::global().read().ok()?;
    let from_schema = a.schema_of(o).and_then(|(v, schema)| {
        let ns = &reg.version(*v).name;
        crate::namespace::describe::describe(&reg, &format!("{}:{}", ns, schema.name)).ok()
    });
    from_schema.or_else(|| crate::namespace::describe::describe(&reg, &head.name).ok())
}

pub fn hover(a: &Analysis, pos: Position) -> Option<Hover> {
    let at = a.lines.offset(&a.text, pos);
    if let Some(o) = a.index.op_name_at(at) {
        let head = &a.index.ops[o];
        let body = match describe_op(a, o) {
            Some(d) => format!("```text\n{}```", d),
            None => format!("`{}`: not an op of a known namespace", head.name),
        };
        return Some(markdown(a, head.name_start, head.name_end, body));
    }
    if let Some(i) = a.index.name_at(at) {
        let n = &a.index.names[i];
        let def = n.target.map(|t| &a.index.names[t as usize]);
        let mut text = format!("`{}`", a.text[n.start as usize..n.end as usize].to_string() + &n.number.filter(|_| !n.def).map(|k| format!("#{}", k)).unwrap_or_default());
        match n.kind {
            NameKind::Value => {
                if let Some((m, v)) = a.value_of(i) {
                    text.push_str(&format!(": `{}`", crate::printer::type_text(m, m.body.value_type(v))));
                    match m.body.defining_op(v) {
                        Some(op) => {
                            let node = m.node_name(op).map(|s| format!(" `name(\"{}\")`", s)).unwrap_or_default();
                            let index = m.body.results(op).iter().position(|&r| r == v).unwrap_or(0);
                            text.push_str(&format!("\n\nresult #{} of `{}`{}", index, m.op_name(op), node));
                        }
                        None => text.push_str("\n\nblock argument"),
                    }
                    let uses = m.body.uses(v).count();
                    text.push_str(&format!("; {} use{}", uses, if uses == 1 { "" } else { "s" }));
                } else if def.is_none() {
                    text.push_str(": undefined");
                }
            }
            NameKind::Block => text.push_str(if def.is_some() { ": block" } else { ": undefined block" }),
            NameKind::Symbol => text.push_str(if def.is_some() { ": symbol" } else { ": symbol defined in no function of this file" }),
            NameKind::Alias => text.push_str(if def.is_some() { ": alias" } else { ": undefined alias" }),
        }
        // The line that defines a block, symbol or alias (a block's label and arguments, a
        // function's signature, an alias's value).
        if let Some(d) = def.filter(|_| n.kind != NameKind::Value) {
            let line_start = a.text[..d.start as usize].rfind('\n').map_or(0, |k| k + 1);
            let line_end = a.text[d.start as usize..].find('\n').map_or(a.text.len(), |k| d.start as usize + k);
            text.push_str(&format!("\n\n```mlir\n{}\n```", a.text[line_start..line_end].trim()));
        }
        if let Some(d) = def {
            text.push_str(&format!("\n\ndefined at line {}", a.lines.line(d.start) + 1));
        }
        return Some(markdown(a, n.start, n.end, text));
    }
    // An attribute key.
    for (o, head) in a.index.ops.iter().enumerate() {
        if head.start > at || head.end < at {
            continue;
        }
        for (s, e, key) in &head.keys {
            if *s <= at && at <= *e {
                return Some(markdown(a, *s, *e, attr_hover(a, o, key)));
            }
        }
    }
    None
}

fn attr_hover(a: &Analysis, o: usize, key: &str) -> String {
    let mut text = format!("attribute `{}`", key);
    if let Some((m, op)) = a.op_of(o) {
        if let Some(v) = m.op_attr(op, key) {
            text.push_str(&format!(" ({})", attr_kind(m, v)));
        }
    }
    match describe_op(a, o) {
        Some(d) => {
            let rule = d.lines().find(|l| l.trim_start().starts_with(&format!("{}:", key)));
            match rule {
                Some(r) => text.push_str(&format!("\n\nschema: `{}`", r.trim())),
                None if key.starts_with('_') || key.contains('.') => text.push_str("\n\ninternal attribute (not in the schema)"),
                None => text.push_str("\n\nnot an attribute of the op's schema"),
            }
        }
        None => {}
    }
    text
}

/// The kind of an attribute value, in words.
fn attr_kind(m: &crate::ir::Module, v: crate::ir::AttrId) -> &'static str {
    use crate::ir::AttrData as A;
    match m.ctx.attr_data(m.ctx.resolved_attr(v)) {
        A::Unit => "unit",
        A::Bool(_) => "bool",
        A::Int { .. } => "integer",
        A::Float { .. } => "float",
        A::String { .. } => "string",
        A::Type(_) => "type",
        A::Array(_) => "array",
        A::Dict(_) => "dictionary",
        A::SymbolRef(_) => "symbol reference",
        A::Dense { .. } => "dense elements",
        A::DenseResource { .. } => "dense resource",
        A::DenseArray { .. } => "dense array",
        A::ComplexLit(..) => "complex",
        A::TfVersion { .. } => "tf_type.version",
        A::TfFunc { .. } => "tf_type.func",
        A::TfShape(_) => "tf_type.shape",
        A::TfgRegionAttrs { .. } => "tfg.region_attrs",
        A::Opaque(_) => "dialect attribute",
        A::Alias { .. } => "alias",
        A::Loc(_) => "location",
        #[allow(unreachable_patterns)]
        _ => "attribute",
    }
}
