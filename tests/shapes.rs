//! Reading common shapes as one token (`syntax::shapes`: whole attribute dictionaries of
//! literals, whole operand lists, function types of simple types, the heads of generic ops)
//! gives exactly what the grammar gives from plain tokens: the same interned values under
//! the same ids, the same arenas, or the same diagnostics. Checked on random programs (`common::gen`), every file of
//! `test-files/` and of TensorFlow's tfg corpus (skipped with a message when absent), and
//! generated graphs; each test also checks that the shapes were really taken whole.

mod common;


use amanda_opt::syntax::lexer::{Token, TokenStream};
use amanda_opt::syntax::{parse_module, parse_module_plain};
use common::gen::GenConfig;
use proptest::test_runner::TestCaseError;

/// How many shape tokens the lexer makes for `text`.
fn shape_tokens(text: &str) -> usize {
    TokenStream::new(text)
        .filter(|t| matches!(t, Ok((_, Token::DictText(_) | Token::UseListText(_) | Token::FunctionTypeText(_) | Token::GenericOpHead(_), _))))
        .count()
}

fn check(text: &str) -> Result<usize, String> {
    let want = parse_module_plain(text);
    let got = parse_module(text);
    match common::parse_difference(&want, &got) {
        Some(d) => Err(d),
        None => Ok(shape_tokens(text)),
    }
}

#[test]
fn random_programs_read_the_same_with_shape_tokens() {
    let shapes = std::sync::atomic::AtomicUsize::new(0);
    for cfg in [GenConfig::ROUNDTRIP, GenConfig::MLIR] {
        common::check_programs(300, cfg, |p| {
            let text = common::with_comments(&p.render(cfg));
            let n = check(&text).map_err(TestCaseError::fail)?;
            shapes.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
            Ok(())
        });
    }
    assert!(shapes.into_inner() > 300, "shape tokens were hardly ever made: the fast path is not tested");
}

fn check_files(files: &[std::path::PathBuf]) -> usize {
    let mut shapes = 0;
    for f in files {
        let Ok(text) = std::fs::read_to_string(f) else { continue };
        match check(&text) {
            Ok(n) => shapes += n,
            Err(e) => panic!("{}: {}", f.display(), e),
        }
    }
    shapes
}

#[test]
fn test_files_read_the_same_with_shape_tokens() {
    assert!(check_files(&common::repo_mlir_files()) > 100, "shape tokens were hardly ever made");
}

#[test]
fn tfg_corpus_reads_the_same_with_shape_tokens() {
    let Some(files) = common::tfg_corpus_files() else { return };
    assert!(check_files(&files) > 10, "shape tokens were hardly ever made");
}

#[test]
fn generated_graphs_read_the_same_with_shape_tokens() {
    for seed in 1..4 {
        let text = amanda_opt::testgen::generate(3000, seed);
        let n = check(&text).unwrap_or_else(|e| panic!("seed {}: {}", seed, e));
        assert!(n > 3 * 3000 / 2, "seed {}: only {} shape tokens", seed, n);
        let heads = TokenStream::new(&text).filter(|t| matches!(t, Ok((_, Token::GenericOpHead(_), _)))).count();
        assert!(heads > 3000 / 2, "seed {}: only {} generic op heads", seed, heads);
    }
}
