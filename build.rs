//! Build script: compiles the lalrpop grammar in `grammar/` into `$OUT_DIR`, lists the
//! mapping tables of `passes/` (one YAML file per pass) for `tables::BUILTIN`, and reads
//! each into its YAML tree for `tables::builtin_tree` (so a run does not parse the YAML of
//! a built-in table: that was a third of converting a small model), and lists the namespace
//! vocabularies of `dialects/` with where each op line begins (`namespace::registry`).

/// The tree of a table's YAML, as the crate reads it (`src/tables/yaml_tree.rs`).
#[allow(dead_code)]
#[path = "src/tables/yaml_tree.rs"]
mod yaml_tree;

/// The byte range of a node (the crate's `ir::Span`).
#[allow(dead_code)]
#[path = "src/ir/body/span.rs"]
mod span;
use span::Span;

/// Where the op lines of a namespace file begin (the crate's `namespace::line_index`).
#[path = "src/namespace/line_index.rs"]
mod line_index;

/// The repository root, from the environment Cargo runs the script in (not `env!`, which
/// would keep the directory the script was compiled in: a build sharing its target
/// directory with another checkout would read that checkout's files).
fn manifest_dir() -> std::path::PathBuf {
    std::path::PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"))
}

fn main() {
    let tables = builtin_tables();
    builtin_trees(&tables);
    builtin_namespaces();
    lalrpop::Configuration::new()
        .set_in_dir("grammar")
        .emit_rerun_directives(true)
        .process()
        .expect("lalrpop failed to compile grammar/amir.lalrpop");
}

/// Writes `$OUT_DIR/builtin_tables.rs`: `&[("pass-name", include_str!("/abs/passes/pass-name.yaml")), ...]`.
fn builtin_tables() -> Vec<(String, std::path::PathBuf)> {
    let dir = manifest_dir().join("passes");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "yaml")).collect())
        .unwrap_or_else(|e| panic!("read {}: {}", dir.display(), e));
    files.sort();
    let tables: Vec<(String, std::path::PathBuf)> = files.into_iter().map(|f| (f.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string(), f)).collect();
    let mut out = String::from("&[\n");
    for (stem, f) in &tables {
        println!("cargo:rerun-if-changed={}", f.display());
        out.push_str(&format!("    ({:?}, include_str!({:?})),\n", stem, f.display().to_string()));
    }
    out.push_str("]\n");
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("builtin_tables.rs");
    std::fs::write(dest, out).expect("write builtin_tables.rs");
    tables
}

/// Writes `$OUT_DIR/builtin_namespaces.rs`: every `dialects/<framework>/*.jsonl` as
/// `("dialects/tensorflow/2.21.jsonl", include_str!("/abs/..."), &[line starts])`, in path order.
fn builtin_namespaces() {
    let root = manifest_dir();
    let dialects = root.join("dialects");
    println!("cargo:rerun-if-changed={}", dialects.display());
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    let listing = std::fs::read_dir(&dialects).unwrap_or_else(|e| panic!("read {}: {}", dialects.display(), e));
    for dir in listing.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_dir()) {
        println!("cargo:rerun-if-changed={}", dir.display());
        files.extend(std::fs::read_dir(&dir).into_iter().flatten().filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "jsonl")));
    }
    files.sort();
    let mut out = String::from("&[\n");
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("read {}: {}", f.display(), e));
        let rel = f.strip_prefix(&root).unwrap_or(f).to_string_lossy().replace('\\', "/");
        let starts: Vec<String> = line_index::body_line_starts(&text).iter().map(u32::to_string).collect();
        out.push_str(&format!("    ({:?}, include_str!({:?}), &[{}]),\n", rel, f.display().to_string(), starts.join(",")));
    }
    out.push_str("]\n");
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("builtin_namespaces.rs");
    std::fs::write(dest, out).expect("write builtin_namespaces.rs");
}

/// Writes `$OUT_DIR/builtin_trees.rs`: a function from a table's pass name to its YAML tree,
/// written as Rust (nodes made with `tables::tree_node`). A table whose YAML does not read
/// gets no tree: the run parses its text and reports the error where it is.
fn builtin_trees(tables: &[(String, std::path::PathBuf)]) {
    let mut out = String::from("|name: &str| -> Option<Node> {\n    match name {\n");
    for (name, path) in tables {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {}", path.display(), e));
        if let Ok(tree) = yaml_tree::read(&text) {
            out.push_str(&format!("        {:?} => Some(", name));
            write_node(&tree, &mut out);
            out.push_str("),\n");
        }
    }
    out.push_str("        _ => None,\n    }\n}\n");
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("builtin_trees.rs");
    std::fs::write(dest, out).expect("write builtin_trees.rs");
}

/// A node as a Rust expression (floats by their bits, so exactly).
fn write_node(n: &yaml_tree::Node, out: &mut String) {
    use yaml_tree::Kind;
    out.push_str(&format!("tree_node({}, {}, ", n.span.start, n.span.end));
    match &n.kind {
        Kind::Null => out.push_str("Kind::Null"),
        Kind::Bool(b) => out.push_str(&format!("Kind::Bool({})", b)),
        Kind::Int(i) => out.push_str(&format!("Kind::Int({}i64)", i)),
        Kind::Float(f) => out.push_str(&format!("Kind::Float(f64::from_bits({:#x}))", f.to_bits())),
        Kind::Str(s) => out.push_str(&format!("Kind::Str(String::from({:?}))", s)),
        Kind::Seq(items) => {
            out.push_str("Kind::Seq(vec![");
            for item in items {
                write_node(item, out);
                out.push(',');
            }
            out.push_str("])");
        }
        Kind::Map(entries) => {
            out.push_str("Kind::Map(vec![");
            for (k, v) in entries {
                out.push('(');
                write_node(k, out);
                out.push(',');
                write_node(v, out);
                out.push_str("),");
            }
            out.push_str("])");
        }
    }
    out.push(')');
}
