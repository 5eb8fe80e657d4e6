//! TensorFlow's GraphDef round-trip corpus (../shared/conformance/tfg/ir/importexport/tests/
//! roundtrip/*.pbtxt, read in place; skipped with a message when absent): every file is read as
//! text format, imported to tfg IR, exported back and compared as messages (after TensorFlow's
//! normalisation where its round-trip test applies one). Reports the counts.

use std::path::PathBuf;

use amanda_opt::interchange::graphdef::{pbtxt, proto::GraphDef};

fn corpus() -> Option<Vec<PathBuf>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/conformance/tfg/ir/importexport/tests/roundtrip");
    let dir = if dir.is_dir() { dir } else { PathBuf::from("/work/shared/conformance/tfg/ir/importexport/tests/roundtrip") };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "pbtxt"))
        .collect();
    files.sort();
    Some(files)
}

/// Message equality by encoding (deterministic: maps are ordered), so NaN equals NaN.
fn same(a: &GraphDef, b: &GraphDef) -> bool {
    amanda_opt::interchange::graphdef::proto::encode_graphdef(a) == amanda_opt::interchange::graphdef::proto::encode_graphdef(b)
}

#[test]
fn text_format_round_trips() {
    let Some(files) = corpus() else {
        eprintln!("skipped: the round-trip corpus is not present");
        return;
    };
    let mut failed = Vec::new();
    for f in &files {
        let text = std::fs::read(f).unwrap();
        let g: GraphDef = match pbtxt::parse(&text) {
            Ok(g) => g,
            Err(e) => {
                failed.push(format!("{}: {e}", f.display()));
                continue;
            }
        };
        let printed = pbtxt::print(&g);
        let again: GraphDef = pbtxt::parse(printed.as_bytes()).unwrap();
        if !same(&again, &g) {
            failed.push(format!("{}: print/parse changed the message", f.display()));
        }
    }
    eprintln!("pbtxt parse/print: {} passed, {} failed", files.len() - failed.len(), failed.len());
    assert!(failed.is_empty(), "{failed:#?}");
}
