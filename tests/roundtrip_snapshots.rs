//! Snapshots (insta, under `tests/snapshots/`) of one large generated program: its text, and
//! how amanda-opt prints it in canonical form (custom and generic, with locations) and in
//! generic form as written. The program is generated from a fixed seed, so the snapshots
//! change only when the generator or the printer does (review with `cargo insta review`).

mod common;

use amanda_opt::printer::PrintOptions;
use common::gen::{program, GenConfig, Program};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

/// Several programs from a fixed seed merged into one.
fn large_program() -> Program {
    let cfg = GenConfig::MLIR;
    let mut runner = TestRunner::new_with_rng(Config::default(), TestRng::from_seed(RngAlgorithm::ChaCha, &[7u8; 32]));
    let mut merged: Option<Program> = None;
    for _ in 0..6 {
        let p = match program(cfg).new_tree(&mut runner) {
            Ok(tree) => tree.current(),
            Err(e) => panic!("cannot generate: {}", e),
        };
        match &mut merged {
            None => merged = Some(p),
            Some(m) => {
                m.type_aliases.extend(p.type_aliases);
                m.attr_aliases.extend(p.attr_aliases);
                m.loc_aliases.extend(p.loc_aliases);
                m.ops.extend(p.ops);
            }
        }
    }
    merged.unwrap_or(Program { type_aliases: vec![], attr_aliases: vec![], loc_aliases: vec![], module: None, ops: vec![] })
}

#[test]
fn large_program_snapshots() {
    let text = large_program().render(GenConfig::MLIR);
    let m = common::parse(&text).unwrap_or_else(|e| panic!("{}", e));
    insta::assert_snapshot!("large_program_input", text);
    let canonical = common::print(&m, PrintOptions { canonical: true, debuginfo: true, ..Default::default() });
    insta::assert_snapshot!("large_program_canonical", canonical);
    let canonical_generic = common::print(&m, PrintOptions { canonical: true, generic: true, debuginfo: true, ..Default::default() });
    insta::assert_snapshot!("large_program_canonical_generic", canonical_generic);
    let generic = common::print(&m, PrintOptions { generic: true, debuginfo: true, ..Default::default() });
    insta::assert_snapshot!("large_program_generic", generic);
}
