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

/// Ops made by a pass (custom form, no names written) print as torch-mlir prints them: the
/// preserving printer's names for new values are torch-mlir's, so a module built in code
/// prints like `torch_mlir.fx.export_and_import`'s output.
#[test]
fn made_ops_print_like_torch_mlir() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("test-files/torch/default-ops.mlir");
    let text = std::fs::read_to_string(path).expect("read");
    let mut m = common::parse(&text).expect("parses");
    // Forget the written names and forms, as if every op and argument were new.
    let mut blocks = vec![m.top];
    while let Some(b) = blocks.pop() {
        for i in 0..m.body.block(b).args.len() {
            m.body.block_mut(b).arg_info[i].name = None;
        }
        let ops: Vec<_> = m.body.block_ops(b).collect();
        for op in ops {
            m.body.clear_result_names(op);
            m.body.op_mut(op).form = amanda_opt::ir::OpForm::Custom;
            for &r in &m.body.op(op).regions.clone() {
                blocks.extend(m.body.region(r).blocks.iter().copied());
            }
        }
    }
    let preserving = common::print(&m, PrintOptions::default());
    let canonical = common::print(&m, PrintOptions { canonical: true, ..Default::default() });
    // The canonical text has the implicit `module {` around it, indented.
    let inner: Vec<String> = canonical.lines().skip(1).filter(|l| *l != "}" && !l.is_empty()).map(|l| l.strip_prefix("  ").unwrap_or(l).to_string()).collect();
    let got: Vec<&str> = preserving.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(got.len(), inner.len(), "\n{}\n---\n{}", preserving, canonical);
    for (g, w) in got.iter().zip(&inner) {
        // Literals keep their spelling in preserving mode (`1.0e-05`); names must agree.
        if w.contains("torch.constant.float") {
            assert_eq!(g.split(" = ").next(), w.split(" = ").next(), "\n{}\n---\n{}", preserving, canonical);
        } else {
            assert_eq!(g, w, "\n{}\n---\n{}", preserving, canonical);
        }
    }
}
