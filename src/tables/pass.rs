//! Tables as passes: each built-in table (`passes/NAME.yaml`) and each `--mapping-table=FILE`
//! is a pass named after its file stem, registered in the pass registry with the option
//! `tags` (and `max-iterations`), anchored nowhere (it runs on whatever the pipeline nests
//! it in: the module by default, every graph and function and their nested regions).
//!
//! The registry's `create` is a plain function pointer, so each table has a slot in a
//! process-wide list and a `create` instantiated for that slot number ([`MAX_TABLES`] slots).
//! A built-in table is read and checked the first time its pass is created (against the
//! namespaces known then, `--namespace-file`s included); a file given with `--mapping-table`
//! is read and checked before any input ([`load_table_files`]), its errors reported at
//! their line and column.

use std::sync::{Arc, OnceLock, RwLock};

use super::apply::apply;
use super::compile::{NativeNames, Table};
use super::matcher::match_at;
use super::natives::Natives;
use super::select::Tags;
use crate::diag::{Diagnostic, SourceFile};
use crate::ir::{AttrData, Module, OpId};
use crate::namespace::scope::{classify, declared, NAMESPACE_ATTR};
use crate::passes::{OptionKind, Pass, PassContext, PassInfo, PassOption, PassOptions, PassRegistry, PassTarget};
use crate::rewrite::{apply_greedily, GreedyConfig, Pattern, Rewriter};

/// Most tables (built-in and loaded) in one process.
pub const MAX_TABLES: usize = 48;

struct Slot {
    name: &'static str,
    summary: &'static str,
    /// Path for messages (`passes/x.yaml` or the file given).
    path: String,
    text: &'static str,
    builtin: bool,
    /// Whether a pass of the same name was registered before (then the table is refused).
    clash: bool,
    table: Option<Arc<Table>>,
}

fn slots() -> &'static RwLock<Vec<Slot>> {
    static SLOTS: OnceLock<RwLock<Vec<Slot>>> = OnceLock::new();
    SLOTS.get_or_init(|| {
        let v = super::BUILTIN
            .iter()
            .map(|(name, text)| Slot {
                name,
                summary: leak(summary_of(name, text)),
                path: format!("passes/{}.yaml", name),
                text,
                builtin: true,
                clash: false,
                table: None,
            })
            .collect();
        RwLock::new(v)
    })
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// One line for `--list-passes`: the table's `description`, else its namespaces. Every run
/// registers every table, so only the `table:` block without its rules is parsed here (a
/// few lines, where the whole file is thousands: parsing all three built-in tables took
/// about half of a run of `amanda-opt --version`); the whole file when that cut does not
/// parse.
fn summary_of(name: &str, text: &str) -> String {
    let doc = header_block(text).and_then(|h| super::yaml::parse(&h).ok()).or_else(|| super::yaml::parse(text).ok());
    let t = doc.as_ref().and_then(|d| d.get("table"));
    let get = |k: &str| t.and_then(|t| t.get(k)).and_then(|n| n.as_str()).unwrap_or("?").to_string();
    match t.and_then(|t| t.get("description")).and_then(|n| n.as_str()) {
        Some(d) => format!("mapping table {}: {}", name, d),
        None => format!("mapping table {}: {} → {}", name, get("src"), get("dst")),
    }
}

/// The top-level `table:` block of a table file, from its line to the next line that starts
/// another top-level key (comments and blank lines included), without its `rules:` entry
/// (the key line and every line under it: more indented, blank, comments, or a sequence
/// written at the key's own indent).
fn header_block(text: &str) -> Option<String> {
    let start = if text.starts_with("table:") { 0 } else { text.find("\ntable:")? + 1 };
    let mut lines = text[start..].split_inclusive('\n');
    let mut out = String::from(lines.next()?);
    let mut child_indent = None;
    let mut in_rules = false;
    for line in lines {
        let body = line.trim_start_matches([' ', '\t']);
        let indent = line.len() - body.len();
        let blank_or_comment = body.trim_end().is_empty() || body.starts_with('#');
        if indent == 0 && !blank_or_comment {
            break;
        }
        if !blank_or_comment {
            let child = *child_indent.get_or_insert(indent);
            if indent == child && !body.starts_with("- ") && body.trim_end() != "-" {
                in_rules = body.strip_prefix("rules:").is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '\r', '\n']));
            }
        }
        if !in_rules {
            out.push_str(line);
        }
    }
    Some(out)
}

const OPTIONS: &[PassOption] = &[
    PassOption { name: "tags", kind: OptionKind::StringList, default: "", description: "apply rules with these tags too (rules without tags always apply)" },
    PassOption { name: "max-iterations", kind: OptionKind::Int, default: "10", description: "full scans of the greedy driver before giving up" },
];

/// Registers every table slot as a pass (the registry calls this).
pub fn register(r: &mut PassRegistry) {
    let Ok(mut slots) = slots().write() else { return };
    for (i, s) in slots.iter_mut().enumerate().take(MAX_TABLES) {
        if r.get(s.name).is_some() {
            s.clash = true;
            continue;
        }
        r.add(PassInfo { name: s.name, summary: s.summary, options: OPTIONS, anchor: None, create: CREATE[i] });
    }
}

/// Adds a slot for each `--mapping-table=FILE` / `--mapping-table FILE` in `args` (before the
/// registry is built, so `--NAME` works as a flag). The file is read now, checked later.
pub fn add_table_files(args: &[String]) -> Result<(), String> {
    let mut files = Vec::new();
    let mut it = args.iter().skip(1);
    while let Some(a) = it.next() {
        let a = a.strip_prefix('-').filter(|x| x.starts_with("-mapping-table")).map(|x| &x[1..]).unwrap_or(a);
        if a == "-mapping-table" || a == "mapping-table" {
            if let Some(f) = it.next() {
                files.push(f.clone());
            }
        } else if let Some(f) = a.strip_prefix("-mapping-table=").or_else(|| a.strip_prefix("mapping-table=")) {
            files.push(f.to_string());
        }
    }
    let mut slots = slots().write().map_err(|_| "table registry is poisoned".to_string())?;
    for f in files {
        let text = std::fs::read_to_string(&f).map_err(|e| format!("cannot read mapping table '{}': {}", f, e))?;
        let stem = std::path::Path::new(&f).file_stem().and_then(|s| s.to_str()).unwrap_or("").to_string();
        if stem.is_empty() {
            return Err(format!("mapping table '{}' has no file name to name its pass", f));
        }
        if let Some(s) = slots.iter_mut().find(|s| s.name == stem) {
            if s.builtin {
                // A file shadows the built-in table of the same name.
                s.text = leak(text);
                s.path = f.clone();
                s.builtin = false;
                s.table = None;
                continue;
            }
            return Err(format!("two mapping tables are named '{}'", stem));
        }
        if slots.len() >= MAX_TABLES {
            return Err(format!("too many mapping tables (at most {})", MAX_TABLES));
        }
        let summary = leak(summary_of(&stem, &text));
        slots.push(Slot { name: leak(stem), summary, path: f, text: leak(text), builtin: false, clash: false, table: None });
    }
    Ok(())
}

/// Reads and checks every `--mapping-table` file; prints each problem at its line and
/// column; `false` when there were any.
pub fn load_table_files() -> bool {
    let n = slots().read().map(|s| s.len()).unwrap_or(0);
    let mut ok = true;
    for i in 0..n {
        let (builtin, clash, name, path) = match slots().read() {
            Ok(s) => (s[i].builtin, s[i].clash, s[i].name, s[i].path.clone()),
            Err(_) => return false,
        };
        if builtin {
            continue;
        }
        if clash && super::builtin(name).is_some() {
            // Replaces the table of a pass that selects with it (convert-tf-to-torch): checked
            // when that pass is created, against the natives it implements.
            continue;
        }
        if clash {
            eprintln!("amanda-opt: error: {}: mapping table '{}' has the name of a pass", path, name);
            ok = false;
            continue;
        }
        if let Err(msg) = table(i) {
            eprint!("{}", msg);
            ok = false;
        }
    }
    ok
}

/// The table named `name` (built-in, or the `--mapping-table` file of that name replacing
/// it), loaded and checked against `natives` on first use: what a pass written in Rust that
/// selects with a table (`convert-tf-to-torch`) reads. The error is rendered text.
pub fn table_named(name: &str, natives: &dyn NativeNames) -> Result<Arc<Table>, String> {
    let i = {
        let s = slots().read().map_err(|_| "table registry is poisoned".to_string())?;
        s.iter().position(|s| s.name == name).ok_or_else(|| format!("no mapping table named '{}'", name))?
    };
    load_slot(i, natives)
}

/// The table of slot `i`, loaded and checked on first use; the error is rendered text.
fn table(i: usize) -> Result<Arc<Table>, String> {
    load_slot(i, &Natives::builtin())
}

fn load_slot(i: usize, natives: &dyn NativeNames) -> Result<Arc<Table>, String> {
    {
        let s = slots().read().map_err(|_| "table registry is poisoned".to_string())?;
        if let Some(t) = &s[i].table {
            return Ok(t.clone());
        }
    }
    let (name, path, text, builtin) = {
        let s = slots().read().map_err(|_| "table registry is poisoned".to_string())?;
        (s[i].name, s[i].path.clone(), s[i].text, s[i].builtin)
    };
    let loaded = {
        let reg = crate::namespace::global().read().map_err(|_| "namespace registry is poisoned".to_string())?;
        // A built-in table's YAML was read at build time.
        match builtin.then(|| super::builtin_tree(name)).flatten() {
            Some(tree) => Table::load_tree(name, text, &tree, &reg, natives),
            None => Table::load(name, text, &reg, natives),
        }
    };
    match loaded {
        Ok(t) => {
            let t = Arc::new(t);
            if let Ok(mut s) = slots().write() {
                s[i].table = Some(t.clone());
            }
            Ok(t)
        }
        Err(diags) => Err(render(&path, text, &diags)),
    }
}

/// Diagnostics about a table file, rendered (`file:line:col: error: ...` and excerpts).
pub fn render(path: &str, text: &str, diags: &[Diagnostic]) -> String {
    let file = SourceFile::new(path, text);
    diags.iter().map(|d| file.render(d)).collect()
}

fn create<const N: usize>(o: &PassOptions) -> Result<Box<dyn Pass>, String> {
    let table = table(N).map_err(|e| e.trim_end().to_string())?;
    Ok(Box::new(TablePass { table, tags: Tags(o.list("tags")), max_iterations: o.int("max-iterations").max(1) as usize, natives: Natives::builtin() }))
}

macro_rules! creates {
    ($($n:literal)*) => { [$(create::<$n> as fn(&PassOptions) -> Result<Box<dyn Pass>, String>),*] };
}

static CREATE: [fn(&PassOptions) -> Result<Box<dyn Pass>, String>; MAX_TABLES] = creates!(
    0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23
    24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47
);

/// A table's rule as a pattern of the rewrite engine.
pub struct TablePattern<'t> {
    pub table: &'t Table,
    pub rule: usize,
    pub natives: &'t Natives,
}

impl Pattern for TablePattern<'_> {
    fn name(&self) -> &str {
        &self.table.rules[self.rule].def.name
    }
    fn benefit(&self) -> i64 {
        self.table.rules[self.rule].def.benefit
    }
    fn root(&self) -> Option<&str> {
        Some(self.table.rules[self.rule].root_ir_name())
    }
    fn match_and_rewrite(&self, rw: &mut Rewriter<'_>, op: OpId) -> Result<bool, Diagnostic> {
        let rule = &self.table.rules[self.rule];
        let Some(mt) = match_at(rw.m, self.table, rule, op) else { return Ok(false) };
        let span = rw.m.body.op(op).span;
        apply(rw, self.table, rule, &mt, self.natives).map_err(|e| Diagnostic::error(span, format!("mapping table {}: {}", self.table.name, e)))
    }
}

struct TablePass {
    table: Arc<Table>,
    tags: Tags,
    max_iterations: usize,
    natives: Natives,
}

impl Pass for TablePass {
    fn run(&self, m: &mut Module, target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        let pats: Vec<TablePattern> = (0..self.table.rules.len())
            .filter(|&i| self.tags.allows(&self.table.rules[i].def.tags))
            .map(|rule| TablePattern { table: &self.table, rule, natives: &self.natives })
            .collect();
        let refs: Vec<&dyn Pattern> = pats.iter().map(|p| p as &dyn Pattern).collect();
        let stats = apply_greedily(m, target, &refs, GreedyConfig { max_iterations: self.max_iterations, ..Default::default() })?;
        cx.stat("rewrites", "ops rewritten by the table's rules", stats.total());
        cx.stat("erased", "ops erased", stats.erased);
        for (rule, n) in &stats.applied {
            cx.stat(crate::passes::summary::rule_stat(rule), crate::passes::summary::RULE_DESCRIPTION, *n);
        }
        if stats.total() > 0 {
            cx.mark_changed();
            m.mark_edited();
            update_namespaces(m, &self.table);
        }
        Ok(())
    }
}

/// After a conversion between namespaces: a declaration (`amanda.namespace`) naming the src
/// namespace names the dst namespace instead when no op of the src framework is left under
/// it, or as well when some are.
fn update_namespaces(m: &mut Module, t: &Table) {
    if t.src_ns == t.dst_ns {
        return;
    }
    let Some(key) = m.ctx.lookup_sym(NAMESPACE_ATTR) else { return };
    let mut decls = Vec::new();
    let mut stack: Vec<OpId> = m.body.block_ops(m.top).collect();
    while let Some(op) = stack.pop() {
        if m.body.attr(op, key).is_some() {
            decls.push(op);
        }
        for &r in &m.body.op(op).regions {
            for &b in &m.body.region(r).blocks {
                stack.extend(m.body.block_ops(b));
            }
        }
    }
    let src_group = group_of(&t.src_ns);
    for op in decls {
        let Some(Ok(names)) = declared(m, op) else { continue };
        let reg = crate::namespace::global().read();
        let resolves_to = |n: &str, full: &str| reg.as_ref().ok().and_then(|r| r.resolve(n).map(|v| r.version(v).name == full)).unwrap_or(false);
        if !names.iter().any(|n| resolves_to(n, &t.src_ns)) {
            continue;
        }
        let mut left = false;
        m.body.walk(op, |o| {
            if o != op && classify(m.op_name(o)).is_some_and(|(g, _)| src_group.starts_with(g)) {
                left = true;
            }
        });
        let mut out: Vec<String> = names.iter().filter(|n| left || !resolves_to(n, &t.src_ns)).cloned().collect();
        if !out.iter().any(|n| resolves_to(n, &t.dst_ns)) {
            out.push(t.dst_ns.clone());
        }
        drop(reg);
        let attr = if out.len() == 1 {
            m.ctx.string_attr(&out[0])
        } else {
            let items = out.iter().map(|n| m.ctx.string_attr(n)).collect();
            m.ctx.attr(AttrData::Array(items))
        };
        m.body.set_attr(op, key, attr);
    }
}

fn group_of(ns: &str) -> String {
    ns.rsplit_once('/').map(|(g, _)| g.to_string()).unwrap_or_default()
}

/// Whether `name` is the pass of a mapping table (the conversion summary's question).
pub fn is_table_pass(name: &str) -> bool {
    slots().read().map(|s| s.iter().any(|x| x.name == name && !x.clash)).unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_read_only_the_table_block_and_agree_with_the_whole_file() {
        let text = "# x\ntable:\n  src: a\n  # c\n  dst: b\n\n  description: \"d: e\"\nrules:\n  - src: X\n";
        let header = |t: &str| header_block(t);
        assert_eq!(header(text).as_deref(), Some("table:\n  src: a\n  # c\n  dst: b\n\n  description: \"d: e\"\n"));
        assert_eq!(header("table:\n  src: a\n").as_deref(), Some("table:\n  src: a\n"));
        assert_eq!(header("rules: []\n"), None);
        // Rules nested in the block (as the built-in tables write them) are left out, in
        // either indentation of their sequence, wherever the entry is.
        let nested = "table:\n  src: a\n  rules:\n    - src: X\n      dst: Y\n\n    # r\n  dst: b\n  rules_x: 1\n";
        assert_eq!(header(nested).as_deref(), Some("table:\n  src: a\n  dst: b\n  rules_x: 1\n"));
        let flush = "table:\n  rules:\n  - src: X\n  -\n    src: Y\n  description: d\nnext: 1\n";
        assert_eq!(header(flush).as_deref(), Some("table:\n  description: d\n"));
        for (name, text) in super::super::BUILTIN {
            let whole = {
                let doc = super::super::yaml::parse(text).ok();
                let t = doc.as_ref().and_then(|d| d.get("table")).and_then(|t| t.get("description")).and_then(|n| n.as_str()).map(str::to_string);
                t
            };
            let cut = header_block(text).expect("a table block");
            assert!(cut.len() < 1000 && !cut.contains("rule_name"), "{}: the rules were not cut out:\n{}", name, cut);
            let summary = summary_of(name, text);
            assert_eq!(summary, format!("mapping table {}: {}", name, whole.expect("a description")), "{}", name);
        }
    }
}
