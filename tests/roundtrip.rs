//! Round-trip properties of the printer on random programs (see `common::gen`):
//!
//! * *idempotent text*: `print(parse(print(parse(t)))) == print(parse(t))` in preserving,
//!   generic and canonical form;
//! * *lossless IR*: `parse(print(ir))` is structurally equal to `ir` (`ir::equal`), for the
//!   preserving form (everything, comments included) and the generic form (everything but the
//!   form ops were written in);
//! * *printed form is a fixed point*: a file already in printed form, with comments, goes
//!   through the `amanda-opt` binary byte for byte.

mod common;

use amanda_opt::ir::equal::{first_difference, EqualOptions};
use amanda_opt::printer::PrintOptions;
use common::gen::GenConfig;
use proptest::test_runner::TestCaseError;

const CASES: u32 = 400;

/// `print(parse(print(parse(t)))) == print(parse(t))` for the given modes.
fn idempotent(cfg: GenConfig, cases: u32, modes: &[&str]) {
    common::check_programs(cases, cfg, |p| {
        let text = common::with_comments(&p.render(cfg));
        let m = common::parse(&text).map_err(TestCaseError::fail)?;
        for (mode, opts) in common::modes().into_iter().filter(|(mode, _)| modes.contains(mode)) {
            let once = common::print(&m, opts);
            let m2 = common::parse(&once).map_err(|e| TestCaseError::fail(format!("[{}] printed text does not parse: {}", mode, e)))?;
            let twice = common::print(&m2, opts);
            if once != twice {
                return Err(TestCaseError::fail(format!(
                    "[{}] printing is not idempotent: {}\n--- input ---\n{}\n--- first print ---\n{}\n--- second print ---\n{}",
                    mode,
                    common::first_line_diff(&once, &twice),
                    text,
                    once,
                    twice
                )));
            }
        }
        Ok(())
    });
}

#[test]
fn idempotent_text_preserving_and_generic() {
    idempotent(GenConfig::ROUNDTRIP, CASES, &["preserving", "generic"]);
}

#[test]
fn idempotent_text_canonical() {
    idempotent(GenConfig::CANONICAL_ROUNDTRIP, CASES, &["canonical"]);
}

#[test]
fn lossless_ir() {
    let cfg = GenConfig::ROUNDTRIP;
    common::check_programs(CASES, cfg, |p| {
        let text = common::with_comments(&p.render(cfg));
        let m = common::parse(&text).map_err(TestCaseError::fail)?;
        let checks = [
            ("preserving", PrintOptions { debuginfo: true, keep_comments: true, ..Default::default() }, EqualOptions::ALL),
            (
                "generic",
                PrintOptions { generic: true, debuginfo: true, keep_comments: true, ..Default::default() },
                EqualOptions { form: false, ..EqualOptions::ALL },
            ),
        ];
        for (mode, opts, eq) in checks {
            let printed = common::print(&m, opts);
            let back = common::parse(&printed).map_err(|e| TestCaseError::fail(format!("[{}] printed text does not parse: {}", mode, e)))?;
            if let Some(d) = first_difference(&m, &back, eq) {
                return Err(TestCaseError::fail(format!("[{}] IR changed through printing: {}\n--- input ---\n{}\n--- printed ---\n{}", mode, d, text, printed)));
            }
        }
        Ok(())
    });
}

#[test]
fn printed_form_is_a_fixed_point_of_the_binary() {
    let cfg = GenConfig::ROUNDTRIP;
    let dir = tempfile::tempdir().expect("temp dir");
    common::check_programs(60, cfg, |p| {
        let text = common::with_comments(&p.render(cfg));
        let m = common::parse(&text).map_err(TestCaseError::fail)?;
        let printed = common::print(&m, PrintOptions { debuginfo: true, keep_comments: true, ..Default::default() });
        let path = common::temp_file(dir.path(), "printed.mlir", &printed);
        let out = common::run(common::amanda_opt().arg(&path).arg("--print-debuginfo").arg("--keep-comments"))
            .map_err(|e| TestCaseError::fail(format!("amanda-opt failed on printed text: {}\n{}", e, printed)))?;
        if out != printed {
            return Err(TestCaseError::fail(format!(
                "printed file does not print back byte for byte: {}\n--- file ---\n{}\n--- output ---\n{}",
                common::first_line_diff(&printed, &out),
                printed,
                out
            )));
        }
        Ok(())
    });
}

/// Canonical output with locations ends with MLIR's deferred `#loc` aliases, used before
/// they are defined: it reads back and prints the same.
#[test]
fn canonical_debuginfo_output_reparses() {
    // Every location written out; none of MLIR's own non-round-tripping corners (f80/f128
    // values beyond f64, locations in properties).
    let cfg = GenConfig { mlir_quirks: false, ..GenConfig::MLIR };
    let opts = PrintOptions { canonical: true, generic: true, debuginfo: true, ..Default::default() };
    common::check_programs(200, cfg, |p| {
        let text = p.render(cfg);
        let m = common::parse(&text).map_err(TestCaseError::fail)?;
        let once = common::print(&m, opts);
        let m2 = common::parse(&once).map_err(TestCaseError::fail)?;
        let twice = common::print(&m2, opts);
        if once != twice {
            return Err(TestCaseError::fail(common::first_line_diff(&once, &twice)));
        }
        Ok(())
    });
}

/// Prints a few generated programs (`cargo test --release --test roundtrip show_samples -- --ignored --nocapture`).
#[test]
#[ignore = "prints samples of the generator for inspection"]
fn show_samples() {
    use proptest::strategy::{Strategy, ValueTree};
    let mut runner = common::runner(1);
    for _ in 0..4 {
        let p = common::gen::program(GenConfig::MLIR).new_tree(&mut runner).map(|t| t.current());
        if let Ok(p) = p {
            println!("{}\n-----", p.render(GenConfig::MLIR));
        }
    }
}
