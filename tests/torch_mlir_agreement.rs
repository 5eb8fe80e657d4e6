//! amanda-opt's canonical output against torch-mlir-opt's, byte for byte, on every valid
//! file of test-files/torch/ (those whose RUN lines do not expect a failure):
//! `amanda-opt --canonical` = `torch-mlir-opt`, and `amanda-opt --canonical
//! --print-op-generic` = `torch-mlir-opt --mlir-print-op-generic`; and what amanda-opt prints
//! in preserving mode is read back by torch-mlir-opt to the same canonical text.
//!
//! torch-mlir-opt comes from `TORCH_MLIR_OPT`, PATH or the numeric tier's venv
//! (`common::requires::torch_mlir_opt`: fails in CI without it, a recorded skip elsewhere).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn valid_torch_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test-files/torch");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("test-files/torch")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .filter(|p| !std::fs::read_to_string(p).unwrap_or_default().contains("RUN: not "))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "test-files/torch/ has too few files");
    files
}

fn output(cmd: &mut Command) -> String {
    let out = cmd.output().expect("run");
    assert!(out.status.success(), "{:?} failed: {}", cmd, String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn canonical_output_is_torch_mlir_opts() {
    let Some(tool) = common::requires::torch_mlir_opt() else { return };
    let dir = tempfile::tempdir().expect("temp dir");
    let mut failures = Vec::new();
    for file in valid_torch_files() {
        for generic in [false, true] {
            let mut theirs = Command::new(&tool);
            theirs.arg(&file);
            let mut ours = common::amanda_opt();
            ours.arg(&file).arg("--canonical");
            if generic {
                theirs.arg("--mlir-print-op-generic");
                ours.arg("--print-op-generic");
            }
            let (t, o) = (output(&mut theirs), output(&mut ours));
            if t != o {
                failures.push(format!("{} (generic: {}):\n--- torch-mlir-opt ---\n{}\n--- amanda-opt ---\n{}", file.display(), generic, t, o));
            }
        }
        // torch-mlir-opt reads what amanda-opt prints as written and finds the same program.
        let printed = output(common::amanda_opt().arg(&file));
        let path = common::temp_file(dir.path(), "printed.mlir", &printed);
        let again = output(Command::new(&tool).arg(&path));
        let direct = output(Command::new(&tool).arg(&file));
        if again != direct {
            failures.push(format!("{}: torch-mlir-opt reads amanda-opt's text as another program:\n{}\n---\n{}", file.display(), direct, again));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
