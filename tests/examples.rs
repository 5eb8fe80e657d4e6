//! Snapshot tests over `examples/*.amir`, the files the README runs: each must parse, verify
//! without a diagnostic, print back as written (comments aside, and with --keep-comments
//! including them), and its `--canonical` output and its output after the `canonicalize`
//! pass are pinned as insta snapshots (tests/snapshots/). Review changed snapshots with
//! `cargo insta review`, or accept them with `INSTA_UPDATE=always cargo test --test examples`.

use std::path::Path;

use amanda_opt::ir::Module;
use amanda_opt::passes::{PassManager, PassRegistry};
use amanda_opt::printer::{print_module, PrintOptions};

const PRESERVING: PrintOptions = PrintOptions { generic: false, debuginfo: false, canonical: false, keep_comments: false };
const CANONICAL: PrintOptions = PrintOptions { generic: false, debuginfo: false, canonical: true, keep_comments: false };

fn read(path: &Path) -> String {
    match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => panic!("cannot read {}: {}", path.display(), e),
    }
}

/// Parses and verifies `text`, failing the test with the rendered diagnostics.
fn load(path: &Path, text: &str) -> Module {
    let module = match amanda_opt::syntax::parse_module(text) {
        Ok(m) => m,
        Err(diags) => panic!("{} does not parse:\n{:#?}", path.display(), diags),
    };
    let diags = amanda_opt::verify::verify_module(&module);
    assert!(diags.is_empty(), "{} does not verify:\n{:#?}", path.display(), diags);
    module
}

/// The file without its whole-line comments: what the printer gives back by default.
fn without_comment_lines(text: &str) -> String {
    text.lines().filter(|l| !l.trim_start().starts_with("//")).map(|l| format!("{}\n", l)).collect()
}

#[test]
fn examples_print_back_as_written() {
    insta::glob!("../examples", "*.amir", |path| {
        let text = read(path);
        let module = load(path, &text);
        assert_eq!(print_module(&module, PRESERVING), without_comment_lines(&text), "{}", path.display());
        let with_comments = PrintOptions { keep_comments: true, ..PRESERVING };
        assert_eq!(print_module(&module, with_comments), text, "{} with --keep-comments", path.display());
    });
}

#[test]
fn examples_canonical() {
    insta::glob!("../examples", "*.amir", |path| {
        let text = read(path);
        let module = load(path, &text);
        insta::assert_snapshot!(print_module(&module, CANONICAL));
    });
}

#[test]
fn examples_canonicalized() {
    let registry = PassRegistry::default();
    insta::glob!("../examples", "*.amir", |path| {
        let text = read(path);
        let mut module = load(path, &text);
        let mut pm = match PassManager::new(&registry, &["canonicalize".to_string()]) {
            Ok(pm) => pm,
            Err(e) => panic!("{}", e),
        };
        if let Err(diags) = pm.run(&mut module, |_, _| {}) {
            panic!("canonicalize failed on {}:\n{:#?}", path.display(), diags);
        }
        insta::assert_snapshot!(print_module(&module, CANONICAL));
    });
}
