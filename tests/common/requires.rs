//! What a test needs from outside the repository, and what happens when it is missing.
//!
//! Data comes from `../shared` beside the repository root (TensorFlow's corpora, the design
//! seeds); tools come from the environment variable the test command exports, else `PATH`,
//! else the Python environments scripts/test.sh makes under `~/.cache/amanda-opt`. No test
//! looks anywhere else, and no path in a test is absolute.
//!
//! When something is missing:
//! * in CI (`CI` set) the test fails: CI always has `../shared` and installs every tool
//!   (scripts/setup.sh, scripts/test.sh), so a missing one is a broken setup, not a skip;
//! * elsewhere the test says `skipped: <test>: <what is missing> (<how to get it>)` and adds
//!   that line to `skipped-tests.txt` in Cargo's test scratch folder, which scripts/test.sh
//!   counts and names in its summary, so a local run never passes quietly by not running.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The repository root.
pub fn repo_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The file the skips of a local run are listed in (one line per skip).
pub fn skip_log() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("skipped-tests.txt")
}

/// Reports that the running test cannot run without `what`: a failure in CI, else a skip
/// recorded by name (see the module docs). The caller returns after it.
pub fn missing(what: &str, how: &str) {
    let test = std::thread::current().name().unwrap_or("?").to_string();
    assert!(std::env::var_os("CI").is_none(), "{test}: {what} is missing ({how}); CI always has it");
    let line = format!("skipped: {test}: {what} ({how})");
    eprintln!("{line}");
    if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(skip_log()) {
        let _ = writeln!(f, "{line}");
    }
}

/// `value`, or `None` after reporting it missing.
pub fn require<T>(value: Option<T>, what: &str, how: &str) -> Option<T> {
    if value.is_none() {
        missing(what, how);
    }
    value
}

/// `../shared/<rel>` beside the repository, when it exists (reported missing otherwise).
pub fn shared(rel: &str) -> Option<PathBuf> {
    let p = repo_root().join("../shared").join(rel);
    let found = p.exists().then_some(p);
    require(found, &format!("../shared/{rel}"), "the shared corpus lives beside the repository")
}

/// The first of `names` found as an executable on `PATH`.
pub fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|n| std::env::split_paths(&path).map(|d| d.join(n)).find(|p| is_executable(p)))
}

fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    p.metadata().is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The tool named by environment variable `var`, else the first of `names` on `PATH`.
fn tool(var: &str, names: &[&str]) -> Option<PathBuf> {
    match std::env::var_os(var) {
        Some(p) => Some(PathBuf::from(p)).filter(|p| is_executable(p)),
        None => on_path(names),
    }
}

/// mlir-opt 22: `$MLIR_OPT`, else `mlir-opt-22` or `mlir-opt` on PATH (Debian's mlir-22-tools
/// links `mlir-opt-22` into /usr/bin). Reported missing when absent.
pub fn mlir_opt() -> Option<PathBuf> {
    require(tool("MLIR_OPT", &["mlir-opt-22", "mlir-opt"]), "mlir-opt 22", "apt-get install mlir-22-tools, or set MLIR_OPT")
}

/// A file under the `site-packages` of a venv of `~/.cache/amanda-opt` (where the test
/// command makes its Python environments).
fn in_test_venv(venv: &str, rel: &str) -> Option<PathBuf> {
    let lib = Path::new(&std::env::var_os("HOME")?).join(".cache/amanda-opt").join(venv).join("lib");
    std::fs::read_dir(lib).ok()?.flatten().map(|e| e.path().join("site-packages").join(rel)).find(|p| p.exists())
}

/// torch-mlir-opt: `$TORCH_MLIR_OPT`, else on PATH, else the numeric tier's venv. Reported
/// missing when absent.
pub fn torch_mlir_opt() -> Option<PathBuf> {
    let found = tool("TORCH_MLIR_OPT", &["torch-mlir-opt"]).or_else(|| in_test_venv("numeric-venv", "torch_mlir/_mlir_libs/torch-mlir-opt"));
    require(found, "torch-mlir-opt", "scripts/test.sh sets up the numeric venv, or set TORCH_MLIR_OPT")
}

/// The ONNX backend node test models' folder (`onnx/backend/test/data/node` of the onnx
/// package): `$AMANDA_ONNX_NODE_DIR`, else the onnx venv. Reported missing when absent.
pub fn onnx_node_dir() -> Option<PathBuf> {
    let found = match std::env::var_os("AMANDA_ONNX_NODE_DIR") {
        Some(d) => Some(PathBuf::from(d)).filter(|d| d.is_dir()),
        None => in_test_venv("onnx-venv", "onnx/backend/test/data/node"),
    };
    require(found, "the ONNX backend node test models", "scripts/test.sh makes the onnx venv, or set AMANDA_ONNX_NODE_DIR")
}
