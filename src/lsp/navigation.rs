//! Go-to-definition, find-references and rename for `%values` (uses may come before the
//! definition in graph regions), `^blocks`, `@symbols` and `#`/`!` aliases, from the
//! [`Index`](super::index::Index); rename of a tfg node's `name("...")`, refused when
//! another node of the same graph or function has the new name.

use std::collections::HashMap;

use lsp_types::{GotoDefinitionResponse, Location, Position, PrepareRenameResponse, TextEdit, Uri, WorkspaceEdit};

use super::analysis::Analysis;
use super::index::{Name, NameKind};

fn location(a: &Analysis, uri: &Uri, start: u32, end: u32) -> Location {
    Location::new(uri.clone(), a.lines.range(&a.text, start, end))
}

/// A tfg op whose name is a function of this file (`%r, %ctl = f(%x)` calls `@f`).
fn called_function(a: &Analysis, at: u32) -> Option<&Name> {
    let o = a.index.op_name_at(at)?;
    let name = &a.index.ops[o].name;
    let callee = format!("@{}", name.strip_prefix("tfg.").unwrap_or(name));
    a.index.names.iter().find(|n| n.def && n.kind == NameKind::Symbol && n.text == callee)
}

pub fn definition(a: &Analysis, uri: &Uri, pos: Position) -> Option<GotoDefinitionResponse> {
    let at = a.lines.offset(&a.text, pos);
    if let Some(i) = a.index.name_at(at) {
        let t = a.index.names[i].target? as usize;
        let d = &a.index.names[t];
        return Some(GotoDefinitionResponse::Scalar(location(a, uri, d.start, d.end)));
    }
    let d = called_function(a, at)?;
    Some(GotoDefinitionResponse::Scalar(location(a, uri, d.start, d.end)))
}

pub fn references(a: &Analysis, uri: &Uri, pos: Position, include_declaration: bool) -> Option<Vec<Location>> {
    let at = a.lines.offset(&a.text, pos);
    let i = match a.index.name_at(at) {
        Some(i) => i,
        None => {
            let d = called_function(a, at)?;
            a.index.names.iter().position(|n| std::ptr::eq(n, d))?
        }
    };
    let mut out: Vec<Location> = a
        .index
        .occurrences(i)
        .into_iter()
        .map(|k| &a.index.names[k])
        .filter(|n| include_declaration || !n.def)
        .map(|n| location(a, uri, n.start, n.end))
        .collect();
    // Calls of a function are references to it too.
    let n = &a.index.names[i];
    if n.kind == NameKind::Symbol {
        let bare = &n.text[1..];
        for head in &a.index.ops {
            if head.name.strip_prefix("tfg.") == Some(bare) {
                out.push(location(a, uri, head.name_start, head.name_end));
            }
        }
    }
    Some(out)
}

/// The byte range to rename for an occurrence: the name after its sigil.
fn bare_range(a: &Analysis, n: &Name) -> (u32, u32) {
    let sigil = a.text.as_bytes().get(n.start as usize).copied();
    if matches!(sigil, Some(b'%' | b'^' | b'@' | b'#' | b'!')) {
        (n.start + 1, n.end)
    } else {
        (n.start, n.end)
    }
}

/// The node name string at `at`: op head index.
fn node_name_at(a: &Analysis, at: u32) -> Option<usize> {
    a.index.ops.iter().position(|o| o.node_name.as_ref().is_some_and(|(s, e, _)| *s < at && at < *e))
}

pub fn prepare_rename(a: &Analysis, pos: Position) -> Option<PrepareRenameResponse> {
    let at = a.lines.offset(&a.text, pos);
    if let Some(i) = a.index.name_at(at) {
        let n = &a.index.names[i];
        n.target?;
        let (s, e) = bare_range(a, n);
        return Some(PrepareRenameResponse::Range(a.lines.range(&a.text, s, e)));
    }
    let o = node_name_at(a, at)?;
    let (s, e, _) = a.index.ops[o].node_name.clone()?;
    Some(PrepareRenameResponse::Range(a.lines.range(&a.text, s + 1, e - 1)))
}

fn valid_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_ascii_digit() => s.chars().all(|c| c.is_ascii_digit()),
        Some(c) if c.is_ascii_alphabetic() || "$._-".contains(c) => chars.all(|c| c.is_ascii_alphanumeric() || "$._-".contains(c)),
        _ => false,
    }
}

pub fn rename(a: &Analysis, uri: &Uri, pos: Position, new_name: &str) -> Result<Option<WorkspaceEdit>, String> {
    let at = a.lines.offset(&a.text, pos);
    let edits = if let Some(i) = a.index.name_at(at) {
        let n = &a.index.names[i];
        let Some(t) = n.target else { return Err(format!("'{}' is not defined in this file", n.text)) };
        let def = &a.index.names[t as usize];
        let sigil = &n.text[..1];
        let bare = new_name.strip_prefix(sigil).unwrap_or(new_name);
        if !valid_identifier(bare) {
            return Err(format!("'{}' is not a valid name", new_name));
        }
        let new_text = format!("{}{}", sigil, bare);
        // No other definition of the new name where it would be seen.
        let iso = a.index.isolated_of(def.scope);
        let clash = a.index.names.iter().any(|m| {
            m.def && m.kind == def.kind && m.text == new_text && match def.kind {
                NameKind::Value => a.index.isolated_of(m.scope) == iso,
                NameKind::Block => m.scope == def.scope,
                NameKind::Symbol | NameKind::Alias => a.index.root_of(m.scope) == a.index.root_of(def.scope),
            }
        });
        if clash {
            return Err(format!("'{}' is already defined here: renaming would merge two names", new_text));
        }
        let mut edits: Vec<TextEdit> = a
            .index
            .occurrences(i)
            .into_iter()
            .map(|k| {
                let (s, e) = bare_range(a, &a.index.names[k]);
                TextEdit::new(a.lines.range(&a.text, s, e), bare.to_string())
            })
            .collect();
        if def.kind == NameKind::Symbol {
            let old = &def.text[1..];
            for head in &a.index.ops {
                if head.name.strip_prefix("tfg.") == Some(old) {
                    let (s, e) = (head.name_start + u32::from(head.generic), head.name_end - u32::from(head.generic));
                    let written = &a.text[s as usize..e as usize];
                    let replacement = if written.starts_with("tfg.") { format!("tfg.{}", bare) } else { bare.to_string() };
                    edits.push(TextEdit::new(a.lines.range(&a.text, s, e), replacement));
                }
            }
        }
        edits
    } else if let Some(o) = node_name_at(a, at) {
        let head = &a.index.ops[o];
        let Some((s, e, old)) = head.node_name.clone() else { return Ok(None) };
        if new_name.is_empty() {
            return Err("a node name cannot be empty".to_string());
        }
        if new_name == old {
            return Ok(None);
        }
        let iso = a.index.isolated_of(head.scope);
        if let Some(other) = a.index.ops.iter().find(|p| p.node_name.as_ref().is_some_and(|(_, _, n)| n == new_name) && a.index.isolated_of(p.scope) == iso) {
            return Err(format!(
                "node name \"{}\" is already taken (line {}): node names are unique in a graph or function",
                new_name,
                a.lines.line(other.start) + 1
            ));
        }
        vec![TextEdit::new(a.lines.range(&a.text, s + 1, e - 1), crate::ir::context::escape_string(new_name))]
    } else {
        return Ok(None);
    };
    Ok(Some(WorkspaceEdit { changes: Some(HashMap::from([(uri.clone(), edits)])), ..Default::default() }))
}
