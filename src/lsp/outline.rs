//! Document symbols (module → graph / functions → ops, ops named by their node name) and
//! folding ranges (regions, functions, dictionaries, long literals, comment runs), from the
//! index, so a file that does not parse still has both for what was read.

use lsp_types::{DocumentSymbol, FoldingRange, FoldingRangeKind, SymbolKind};

use super::analysis::Analysis;
use super::index::ScopeKind;

#[allow(deprecated)]
fn symbol(a: &Analysis, name: String, detail: Option<String>, kind: SymbolKind, range: (u32, u32), sel: (u32, u32)) -> DocumentSymbol {
    let (rs, re) = (range.0.min(sel.0), range.1.max(sel.1));
    DocumentSymbol {
        name: if name.is_empty() { "<unnamed>".to_string() } else { name },
        detail,
        kind,
        tags: None,
        deprecated: None,
        range: a.lines.range(&a.text, rs, re),
        selection_range: a.lines.range(&a.text, sel.0, sel.1),
        children: None,
    }
}

pub fn symbols(a: &Analysis) -> Vec<DocumentSymbol> {
    let ix = &a.index;
    // One symbol per op head; isolated ops (graph, function, module) hold the ops of their
    // scope (nested regions' ops included) as children.
    let mut nodes: Vec<(DocumentSymbol, u32, Option<u32>)> = Vec::new(); // (symbol, its scope, the scope it opens)
    // The scope an op opens (by its name's offset) and its first result (by op index).
    let opens: rustc_hash::FxHashMap<u32, u32> =
        ix.scopes.iter().enumerate().filter(|(_, s)| s.isolated && s.kind != ScopeKind::File).map(|(k, s)| (s.start, k as u32)).collect();
    let mut first_result: rustc_hash::FxHashMap<u32, &str> = Default::default();
    for n in ix.names.iter().filter(|n| n.def) {
        if let Some(o) = n.op {
            first_result.entry(o).or_insert(n.text.as_str());
        }
    }
    for (o, head) in ix.ops.iter().enumerate() {
        let opened = opens.get(&head.name_start).copied();
        let (name, kind) = match opened.map(|s| &ix.scopes[s as usize].kind) {
            Some(ScopeKind::Graph) => ("graph".to_string(), SymbolKind::NAMESPACE),
            Some(ScopeKind::Func(f)) => (f.clone(), SymbolKind::FUNCTION),
            Some(ScopeKind::Module) => ("module".to_string(), SymbolKind::MODULE),
            _ => {
                let name = match &head.node_name {
                    Some((_, _, n)) => n.clone(),
                    None => first_result.get(&(o as u32)).map_or_else(|| head.name.clone(), |n| n.to_string()),
                };
                (name, SymbolKind::OPERATOR)
            }
        };
        let end = opened.map_or(head.end, |s| ix.scopes[s as usize].end.max(head.end));
        let sym = symbol(a, name, Some(head.name.clone()), kind, (head.start, end), (head.name_start, head.name_end));
        nodes.push((sym, ix.isolated_of(head.scope), opened));
    }
    // Attach children to the op that opened their isolated scope, innermost first.
    let mut roots = Vec::new();
    let mut by_scope: std::collections::HashMap<u32, Vec<DocumentSymbol>> = Default::default();
    for (sym, scope, opened) in nodes.into_iter().rev() {
        let mut sym = sym;
        if let Some(s) = opened {
            if let Some(mut children) = by_scope.remove(&s) {
                children.reverse();
                sym.children = Some(children);
            }
        }
        if ix.scopes[scope as usize].parent.is_none() {
            roots.push(sym);
        } else {
            by_scope.entry(scope).or_default().push(sym);
        }
    }
    roots.reverse();
    roots
}

pub fn folding(a: &Analysis) -> Vec<FoldingRange> {
    let mut out: Vec<FoldingRange> = Vec::new();
    let mut seen = rustc_hash::FxHashSet::default();
    let mut push = |start: u32, end: u32, kind: Option<FoldingRangeKind>| {
        let (sl, el) = (a.lines.line(start), a.lines.line(end));
        // A fold ends on the line before a closing bracket, so the bracket stays visible.
        let el = if kind.is_none() && el > sl { el - 1 } else { el };
        if el > sl && seen.insert((sl, el)) {
            out.push(FoldingRange { start_line: sl, end_line: el, kind, ..Default::default() });
        }
    };
    // Functions and graphs from their keyword (their signature may span lines).
    for s in &a.index.scopes {
        if s.isolated && !matches!(s.kind, ScopeKind::File) {
            push(s.start, s.end, Some(FoldingRangeKind::Region));
        }
    }
    for f in &a.index.folds {
        push(f.start, f.end, if f.comment { Some(FoldingRangeKind::Comment) } else { None });
    }
    out.sort_by_key(|f| (f.start_line, f.end_line));
    out
}
