//! Round trips of torch-mlir text (test-files/torch/, the valid files): the IR read from
//! custom syntax survives preserving and generic printing unchanged (`ir::equal`; the generic
//! print only loses the form ops were written in), canonical printing is idempotent, and the
//! generic print of a file reads back to the same canonical text as the file itself (so the
//! custom forms build exactly the generic form's IR).

mod common;

use std::path::{Path, PathBuf};

use amanda_opt::ir::equal::{first_difference, EqualOptions};
use amanda_opt::printer::PrintOptions;

fn torch_files() -> Vec<(PathBuf, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test-files/torch");
    let mut files: Vec<(PathBuf, String)> = std::fs::read_dir(&dir)
        .expect("test-files/torch")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("read");
            (p, text)
        })
        .filter(|(_, t)| !t.contains("RUN: not "))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "test-files/torch/ has too few files");
    files
}

#[test]
fn ir_survives_printing() {
    for (path, text) in torch_files() {
        let m = common::parse(&text).unwrap_or_else(|e| panic!("{}: {}", path.display(), e));
        let checks = [
            ("preserving", PrintOptions { debuginfo: true, keep_comments: true, ..Default::default() }, EqualOptions::ALL),
            // The generic form labels an entry block with arguments (`^bb0(...)`): names are not compared.
            ("generic", PrintOptions { generic: true, debuginfo: true, ..Default::default() }, EqualOptions { form: false, names: false, ..EqualOptions::ALL }),
        ];
        for (mode, opts, eq) in checks {
            let printed = common::print(&m, opts);
            let back = common::parse(&printed).unwrap_or_else(|e| panic!("{} [{}]: printed text does not parse: {}\n{}", path.display(), mode, e, printed));
            if let Some(d) = first_difference(&m, &back, eq) {
                panic!("{} [{}]: IR changed through printing: {}\n{}", path.display(), mode, d, printed);
            }
        }
    }
}

#[test]
fn canonical_is_idempotent_and_generic_reads_back_the_same() {
    let canonical = PrintOptions { canonical: true, ..Default::default() };
    for (path, text) in torch_files() {
        let m = common::parse(&text).unwrap_or_else(|e| panic!("{}: {}", path.display(), e));
        let once = common::print(&m, canonical);
        let twice = common::print(&common::parse(&once).expect("canonical text parses"), canonical);
        assert_eq!(once, twice, "{}: canonical printing is not idempotent: {}", path.display(), common::first_line_diff(&once, &twice));
        let generic = common::print(&m, PrintOptions { generic: true, ..Default::default() });
        let from_generic = common::print(&common::parse(&generic).expect("generic text parses"), canonical);
        assert_eq!(once, from_generic, "{}: the generic form reads back differently: {}", path.display(), common::first_line_diff(&once, &from_generic));
    }
}
