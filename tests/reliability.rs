//! Issue 19's property on real and hostile inputs: every input the tool accepts (parsed and
//! verified) prints, in every mode (preserving, generic, canonical), text that reads back
//! and prints to the same bytes. Inputs: every chunk of every file of test-files/ and the
//! tfg conformance corpus (when present), and generated inputs at the nesting limit.

mod common;

use amanda_opt::syntax::split::split_chunks;
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "pending") {
                files(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "mlir") {
            out.push(p);
        }
    }
}

/// Checks the property on `text`; `Err` describes a violation. Inputs the tool refuses are fine.
fn check(name: &str, text: &str) -> Result<(), String> {
    let Ok(m) = common::parse(text) else { return Ok(()) };
    if !amanda_opt::verify::verify_module(&m).is_empty() {
        return Ok(());
    }
    for (mode, opts) in common::modes() {
        if opts.canonical && amanda_opt::syntax::depth::check_alias_expansion(&m).is_err() {
            continue;
        }
        let once = common::print(&m, opts);
        let m2 = common::parse(&once).map_err(|e| format!("{} [{}]: printed text does not read back: {}\n{}", name, mode, e, once))?;
        let twice = common::print(&m2, opts);
        if once != twice {
            return Err(format!("{} [{}]: printing twice differs: {}", name, mode, common::first_line_diff(&once, &twice)));
        }
    }
    Ok(())
}

/// Runs `f` on a thread with the parser's stack (deep inputs recurse deeply).
fn on_big_stack(f: impl FnOnce() -> Vec<String> + Send + 'static) -> Vec<String> {
    std::thread::Builder::new().stack_size(amanda_opt::syntax::PARSER_STACK).spawn(f).unwrap().join().unwrap()
}

#[test]
fn every_accepted_file_prints_back_in_every_mode() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    files(&root.join("test-files"), &mut paths);
    if let Some(corpus) = common::requires::shared("conformance/tfg") {
        files(&corpus, &mut paths);
    }
    paths.sort();
    let failures = on_big_stack(move || {
        let mut failures = Vec::new();
        for p in paths {
            let Ok(text) = std::fs::read_to_string(&p) else { continue };
            for (_, chunk) in split_chunks(&text) {
                if let Err(e) = check(&p.display().to_string(), chunk) {
                    failures.push(e);
                }
            }
        }
        failures
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn inputs_near_the_nesting_limit_print_back() {
    let failures = on_big_stack(|| {
        let mut failures = Vec::new();
        let graphs = |n: usize| {
            let mut t = String::from("tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {\n");
            t += &"graph #tf_type.version<producer = 1, min_consumer = 0> {\n".repeat(n);
            t += &"}\n".repeat(n + 1);
            t
        };
        let regions = |n: usize| format!("{}{}", "\"foo.r\"() ({\n".repeat(n), "}) : () -> ()\n".repeat(n));
        let arrays = |n: usize| format!("\"foo.a\"() {{a = {}{}}} : () -> ()\n", "[".repeat(n), "]".repeat(n));
        let chain = |n: usize| {
            let mut t = String::from("#a0 = [1]\n");
            for i in 1..n {
                t += &format!("#a{} = [#a{}]\n", i, i - 1);
            }
            t + &format!("\"foo.op\"() {{v = #a{}}} : () -> ()\n", n - 1)
        };
        for n in [1000, 1020, 1022, 1024, 1030, 1100, 2040, 2046, 2047] {
            for (name, text) in [("graphs", graphs(n)), ("regions", regions(n / 2)), ("arrays", arrays(n)), ("alias chain", chain(n))] {
                if let Err(e) = check(&format!("{} {}", name, n), &text) {
                    failures.push(e.chars().take(2000).collect());
                }
            }
        }
        failures
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
