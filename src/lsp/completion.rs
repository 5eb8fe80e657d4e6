//! Completion: after `%`, `^`, `@`, `#`, `!` the names in scope; where an op name goes, the
//! op names of the declared namespace (else the newest TensorFlow one) with a snippet of the
//! operands (port count), node name and required attributes; inside an op's attribute
//! dictionary, the attribute names of its schema; after `:`/`->`, types; elsewhere types and
//! attribute syntax.

use lsp_types::{CompletionItem, CompletionItemKind, CompletionTextEdit, Documentation, InsertTextFormat, Position, TextEdit};

use super::analysis::Analysis;
use super::index::NameKind;

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_$.-".contains(c)
}

const TYPES: &[&str] = &[
    "tensor<${1:?x}${2:f32}>",
    "tensor<*x${1:f32}>",
    "f32",
    "f16",
    "bf16",
    "f64",
    "i1",
    "i8",
    "i16",
    "i32",
    "i64",
    "ui8",
    "index",
    "complex<f32>",
    "!tf_type.control",
    "!tf_type.string",
    "!tf_type.resource",
    "!tf_type.variant",
    "!tf_type.qint8",
];

const ATTRS: &[&str] = &[
    "dense<${1:0.0}> : tensor<${2:f32}>",
    "#tf_type.shape<${1:?x?}>",
    "#tf_type.func<@${1:f}, {}>",
    "#tf_type.version<producer = ${1:1}, min_consumer = ${2:1}>",
    "array<i64: ${1}>",
    "[${1}]",
    "{${1}}",
    "unit",
    "true",
    "false",
    "\"${1}\"",
];

fn snippet(label: &str, insert: String, kind: CompletionItemKind, detail: Option<String>) -> CompletionItem {
    CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail,
        insert_text: Some(insert),
        insert_text_format: Some(InsertTextFormat::SNIPPET),
        ..Default::default()
    }
}

/// The label of a snippet: its text without the tab stops.
fn plain(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(k) = rest.find("${") {
        out.push_str(&rest[..k]);
        let after = &rest[k + 2..];
        let end = after.find('}').unwrap_or(after.len());
        let inner = &after[..end];
        out.push_str(inner.split_once(':').map_or("", |(_, d)| d));
        rest = after.get(end + 1..).unwrap_or("");
    }
    out.push_str(rest);
    out
}

pub fn complete(a: &Analysis, pos: Position) -> Vec<CompletionItem> {
    let text = &a.text;
    let at = a.lines.offset(text, pos) as usize;
    let word_start = text[..at].rfind(|c: char| !is_word(c)).map_or(0, |k| k + 1);
    let sigil = text[..word_start].chars().next_back();
    let edit_range = |from: usize| a.lines.range(text, from as u32, at as u32);
    let names = |kind: NameKind| -> Vec<CompletionItem> {
        let from = word_start - 1;
        let mut seen = rustc_hash::FxHashSet::default();
        a.index
            .visible(kind, at as u32)
            .into_iter()
            .filter(|n| seen.insert(n.text.clone()))
            .map(|n| CompletionItem {
                label: n.text.clone(),
                kind: Some(match kind {
                    NameKind::Value => CompletionItemKind::VARIABLE,
                    NameKind::Block => CompletionItemKind::REFERENCE,
                    NameKind::Symbol => CompletionItemKind::FUNCTION,
                    NameKind::Alias => CompletionItemKind::CONSTANT,
                }),
                detail: Some(format!("line {}", a.lines.line(n.start) + 1)),
                filter_text: Some(n.text.clone()),
                text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(edit_range(from), n.text.clone()))),
                ..Default::default()
            })
            .collect()
    };
    match sigil {
        Some('%') => return names(NameKind::Value),
        Some('^') => return names(NameKind::Block),
        Some('@') => return names(NameKind::Symbol),
        Some('#') | Some('!') => {
            let mut items = names(NameKind::Alias);
            let want = sigil.unwrap_or('#');
            let from = word_start - 1;
            for s in TYPES.iter().chain(ATTRS).filter(|s| s.starts_with(want)) {
                let mut item = snippet(&plain(s), s.to_string(), CompletionItemKind::TYPE_PARAMETER, None);
                item.filter_text = Some(plain(s));
                item.text_edit = Some(CompletionTextEdit::Edit(TextEdit::new(edit_range(from), s.to_string())));
                item.insert_text = None;
                items.push(item);
            }
            return items;
        }
        _ => {}
    }
    let before = text[..word_start].trim_end_matches([' ', '\t']);
    let prev = before.chars().next_back();
    // Inside an op's attribute dictionary: its schema's attributes.
    if let Some(o) = a.index.op_at(at as u32) {
        let head = &a.index.ops[o];
        if let Some((open, close)) = head.dict {
            if (open as usize) < at && at <= close as usize && matches!(prev, Some('{') | Some(',')) {
                return attribute_names(a, o);
            }
        }
    }
    if matches!(prev, Some(':')) || before.ends_with("->") || matches!(prev, Some('(')) && before.contains("->") {
        return TYPES.iter().map(|s| snippet(&plain(s), s.to_string(), CompletionItemKind::TYPE_PARAMETER, None)).collect();
    }
    let line_start = text[..word_start].rfind('\n').map_or(0, |k| k + 1);
    let line_head = text[line_start..word_start].trim();
    let op_position = line_head.is_empty() || (line_head.starts_with('%') && line_head.ends_with('='));
    if op_position {
        return op_names(a, at as u32);
    }
    if matches!(prev, Some('=')) {
        return ATTRS.iter().map(|s| snippet(&plain(s), s.to_string(), CompletionItemKind::VALUE, None)).collect();
    }
    TYPES.iter().chain(ATTRS).map(|s| snippet(&plain(s), s.to_string(), CompletionItemKind::TYPE_PARAMETER, None)).collect()
}

/// The namespace version ops complete from: the file's declaration, else the newest
/// TensorFlow.
fn namespace(a: &Analysis, reg: &crate::namespace::registry::Registry) -> Option<usize> {
    a.index.namespaces.iter().find_map(|n| reg.resolve(n)).or_else(|| reg.newest_in(crate::namespace::scope::TENSORFLOW))
}

fn op_names(a: &Analysis, at: u32) -> Vec<CompletionItem> {
    let Ok(reg) = crate::namespace::global().read() else { return Vec::new() };
    let Some(v) = namespace(a, &reg) else { return Vec::new() };
    let ver = reg.version(v);
    let in_tfg = {
        let mut s = Some(a.index.scope_at(at));
        let mut found = false;
        while let Some(sc) = s {
            if matches!(a.index.scopes[sc as usize].kind, super::index::ScopeKind::Graph | super::index::ScopeKind::Func(_)) {
                found = true;
                break;
            }
            s = a.index.scopes[sc as usize].parent;
        }
        found
    };
    let group = ver.group.clone();
    let mut items = Vec::new();
    for name in reg.op_names(v) {
        let Some(schema) = reg.lookup(v, &name) else { continue };
        let ir = crate::namespace::scope::ir_name(&group, &name);
        let shown = if in_tfg { ir.strip_prefix("tfg.").unwrap_or(&ir).to_string() } else { ir.clone() };
        let mut k = 1;
        let mut stop = |default: &str| {
            let s = format!("${{{}:{}}}", k, default);
            k += 1;
            s
        };
        let inputs: Vec<String> = schema.inputs.iter().filter(|p| !p.optional).map(|p| stop(&format!("%{}", p.name))).collect();
        let mut snippet_text = format!("{}({})", shown, inputs.join(", "));
        if in_tfg {
            snippet_text.push_str(&format!(" name(\"{}\")", stop(&name.to_ascii_lowercase())));
        }
        let required: Vec<String> = schema.attrs.iter().filter(|at| at.required && at.default.is_none()).map(|at| format!("{} = {}", at.name, stop(&at.kind))).collect();
        if !required.is_empty() {
            snippet_text.push_str(&format!(" {{{}}}", required.join(", ")));
        }
        let detail = format!("{} input{}, {} output{} ({})", schema.inputs.len(), if schema.inputs.len() == 1 { "" } else { "s" }, schema.outputs.len(), if schema.outputs.len() == 1 { "" } else { "s" }, ver.name);
        let mut item = snippet(&shown, snippet_text, CompletionItemKind::FUNCTION, Some(detail));
        item.documentation = schema.text.clone().map(Documentation::String);
        items.push(item);
    }
    items
}

fn attribute_names(a: &Analysis, o: usize) -> Vec<CompletionItem> {
    let head = &a.index.ops[o];
    let written: Vec<&str> = head.keys.iter().map(|(_, _, k)| k.as_str()).collect();
    let schema = a.schema_of(o).map(|(_, s)| s.clone()).or_else(|| {
        let reg = crate::namespace::global().read().ok()?;
        let (g, t) = crate::namespace::scope::classify(&head.name)?;
        let v = a.index.namespaces.iter().find_map(|n| reg.resolve(n)).or_else(|| reg.newest_in(g))?;
        reg.lookup(v, &t)
    });
    let Some(schema) = schema else { return Vec::new() };
    schema
        .attrs
        .iter()
        .filter(|at| !written.contains(&at.name.as_str()))
        .map(|at| {
            let detail = match &at.default {
                Some(d) => format!("{} = {}", at.kind, crate::namespace::schema::show_value(d)),
                None if at.required => format!("{} (required)", at.kind),
                None => at.kind.clone(),
            };
            let mut item = snippet(&at.name, format!("{} = ${{1}}", at.name), CompletionItemKind::PROPERTY, Some(detail));
            item.sort_text = Some(format!("{}{}", if at.required && at.default.is_none() { 0 } else { 1 }, at.name));
            item
        })
        .collect()
}
