//! Shared helpers of the integration tests: the random program generator ([`gen`]), parsing
//! and printing shortcuts, a deterministic proptest runner, the amanda-opt binary, and what
//! tests need from outside the repository ([`requires`]).

#![allow(dead_code)]

pub mod gen;
pub mod requires;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use amanda_opt::ir::Module;
use amanda_opt::printer::{print_module, PrintOptions};
use proptest::test_runner::{Config, FileFailurePersistence, RngAlgorithm, TestRng, TestRunner};

/// Parses `text` or fails with its diagnostics and the text.
pub fn parse(text: &str) -> Result<Module, String> {
    amanda_opt::syntax::parse_module(text).map_err(|diags| {
        let msgs: Vec<String> = diags
            .iter()
            .map(|d| match d.span {
                Some(s) => format!("{} at {}..{} ({:?})", d.message, s.start, s.end, text.get(s.range()).unwrap_or("")),
                None => d.message.clone(),
            })
            .collect();
        format!("amanda-opt cannot parse:\n{}\n--- input ---\n{}", msgs.join("\n"), text)
    })
}

/// The print modes the properties are checked in.
pub fn modes() -> [(&'static str, PrintOptions); 3] {
    [
        ("preserving", PrintOptions { debuginfo: true, keep_comments: true, ..Default::default() }),
        ("generic", PrintOptions { generic: true, debuginfo: true, keep_comments: true, ..Default::default() }),
        ("canonical", PrintOptions { canonical: true, ..Default::default() }),
    ]
}

pub fn print(m: &Module, opts: PrintOptions) -> String {
    print_module(m, opts)
}

/// A proptest runner with a fixed number of cases and a fixed seed (override the seed with
/// `AMANDA_PROPTEST_SEED=<number>` to explore; the number of cases with `PROPTEST_CASES`).
pub fn runner(cases: u32) -> TestRunner {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(cases);
    let config = Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        max_shrink_iters: 4096,
        ..Config::default()
    };
    let seed: u64 = std::env::var("AMANDA_PROPTEST_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x5eed_a11d);
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
}

/// Runs `test` on random programs; on failure panics with the reason and the minimal
/// program's text (instead of its debug dump).
pub fn check_programs(
    cases: u32,
    cfg: gen::GenConfig,
    test: impl Fn(&gen::Program) -> Result<(), proptest::test_runner::TestCaseError>,
) {
    use proptest::test_runner::TestError;
    let mut runner = runner(cases);
    match runner.run(&gen::program(cfg), |p| test(&p)) {
        Ok(()) => {}
        Err(TestError::Fail(reason, p)) => {
            panic!("{}\n=== minimal failing program ===\n{}", reason, p.render(cfg))
        }
        Err(TestError::Abort(reason)) => panic!("aborted: {}", reason),
    }
}

/// Writes `text` into a fresh file in a temporary folder.
pub fn temp_file(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    let mut f = std::fs::File::create(&path).expect("create temp file");
    f.write_all(text.as_bytes()).expect("write temp file");
    path
}

/// Runs a command, returning stdout on success and stderr on failure.
pub fn run(cmd: &mut Command) -> Result<String, String> {
    let out = cmd.output().map_err(|e| format!("cannot run {:?}: {}", cmd, e))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// The amanda-opt binary built for these tests.
pub fn amanda_opt() -> Command {
    Command::new(env!("CARGO_BIN_EXE_amanda-opt"))
}

/// Inserts `// note N` comment lines before every third op line (for --keep-comments).
pub fn with_comments(text: &str) -> String {
    let mut out = String::new();
    let mut n = 0;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with('"') || trimmed.starts_with('%') {
            n += 1;
            if n % 3 == 1 {
                out.push_str(&line[..line.len() - trimmed.len()]);
                out.push_str(&format!("// note {}\n", n));
            }
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// A unified-ish first difference between two texts, for failure messages.
pub fn first_line_diff(want: &str, got: &str) -> String {
    for (i, (a, b)) in want.lines().zip(got.lines()).enumerate() {
        if a != b {
            return format!("line {}:\n  want: {}\n  got:  {}", i + 1, a, b);
        }
    }
    format!("lengths differ: want {} lines, got {} lines (trailing text differs)", want.lines().count(), got.lines().count())
}

/// A parse: the module or the diagnostics.
pub type Parse = Result<Module, Vec<amanda_opt::diag::Diagnostic>>;

/// The first difference between two parses, if any: interned values by id, arenas,
/// comments and aliases, or diagnostics.
pub fn parse_difference(want: &Parse, got: &Parse) -> Option<String> {
    match (want, got) {
        (Err(a), Err(b)) => (a != b).then(|| format!("diagnostics differ:\n  want {:?}\n  got  {:?}", a, b)),
        (Ok(_), Err(b)) => Some(format!("the cut parse failed: {:?}", b)),
        (Err(a), Ok(_)) => Some(format!("the cut parse succeeded where the sequential one failed: {:?}", a)),
        (Ok(a), Ok(b)) => module_difference(a, b),
    }
}

fn module_difference(a: &Module, b: &Module) -> Option<String> {
    let (x, y) = (&a.ctx, &b.ctx);
    let counts = |c: &amanda_opt::ir::Context| (c.sym_count(), c.type_count(), c.attr_count());
    if counts(x) != counts(y) {
        return Some(format!("interned (strings, types, attributes): want {:?}, got {:?}", counts(x), counts(y)));
    }
    for i in 0..x.sym_count() {
        if x.str(amanda_opt::ir::Sym::new(i)) != y.str(amanda_opt::ir::Sym::new(i)) {
            return Some(format!("string {}: want {:?}, got {:?}", i, x.str(amanda_opt::ir::Sym::new(i)), y.str(amanda_opt::ir::Sym::new(i))));
        }
    }
    for i in 0..x.type_count() {
        if x.type_data(amanda_opt::ir::TypeId::new(i)) != y.type_data(amanda_opt::ir::TypeId::new(i)) {
            return Some(format!("type {}: want {:?}, got {:?}", i, x.type_data(amanda_opt::ir::TypeId::new(i)), y.type_data(amanda_opt::ir::TypeId::new(i))));
        }
    }
    for i in 0..x.attr_count() {
        if x.attr_data(amanda_opt::ir::AttrId::new(i)) != y.attr_data(amanda_opt::ir::AttrId::new(i)) {
            return Some(format!("attribute {}: want {:?}, got {:?}", i, x.attr_data(amanda_opt::ir::AttrId::new(i)), y.attr_data(amanda_opt::ir::AttrId::new(i))));
        }
    }
    let (bx, by) = (format!("{:?}", a.body), format!("{:?}", b.body));
    if bx != by {
        let at = bx.bytes().zip(by.bytes()).position(|(p, q)| p != q).unwrap_or(bx.len().min(by.len()));
        let around = |s: &str| s.get(at.saturating_sub(200)..(at + 200).min(s.len())).unwrap_or("").to_string();
        return Some(format!("arenas differ near byte {}:\n  want ...{}...\n  got  ...{}...", at, around(&bx), around(&by)));
    }
    let comments = |m: &Module| {
        let mut v: Vec<String> = m.comments.iter().map(|(k, c)| format!("{:?} {:?}", k, c)).collect();
        v.sort();
        v
    };
    let rest = |m: &Module| format!("{:?} {:?} {:?} {:?}", m.top, m.aliases, m.file_metadata, comments(m));
    (rest(a) != rest(b)).then(|| format!("module differs:\n  want {}\n  got  {}", rest(a), rest(b)))
}


/// The `.mlir` and `.amir` files of `test-files/` and `examples/`.
pub fn repo_mlir_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    mlir_files(&root.join("test-files"), &mut files);
    mlir_files(&root.join("examples"), &mut files);
    assert!(files.len() > 50, "test-files/ not found");
    files
}

/// The files of TensorFlow's tfg corpus (`../shared/conformance/tfg/ir/tests`), or `None`
/// when it is absent (see [`requires`]: a failure in CI, a recorded skip elsewhere).
pub fn tfg_corpus_files() -> Option<Vec<PathBuf>> {
    let dir = requires::shared("conformance/tfg/ir/tests")?;
    let mut files = Vec::new();
    mlir_files(&dir, &mut files);
    Some(files)
}

/// Every `.mlir` and `.amir` file under `dir`, sorted.
pub fn mlir_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            mlir_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "mlir" || e == "amir") {
            out.push(p);
        }
    }
}

