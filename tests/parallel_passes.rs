//! Passes run on the functions of a library on several threads give exactly what they give
//! on one: the same printed module and the same statistics, for the per-function passes
//! the pass manager shares out (`tfg-toposort`, whose orders are worked out and whose
//! blocks are relinked in parallel; `tfg-cse`, planned in parallel against a `UseOverlay`
//! and replayed in order) and for the others run on the same library.

use amanda_opt::ir::Module;
use amanda_opt::passes::{PassManager, PassRegistry};
use amanda_opt::printer::{print_module, PrintOptions};
use amanda_opt::syntax::parse_module;
use amanda_opt::testgen;

/// A library of `functions` generated functions of `ops` ops.
fn library(functions: usize, ops: usize, seed: u64) -> String {
    let mut out = Vec::new();
    testgen::write_library(&mut out, functions, ops, seed).unwrap();
    String::from_utf8(out).unwrap()
}

/// Runs `pipeline` on `text` on a pool of `threads` threads: the printed module and the
/// statistics of the run.
fn run(text: &str, pipeline: &str, threads: usize) -> (String, String) {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
    pool.install(|| {
        let mut m: Module = parse_module(text).unwrap_or_else(|d| panic!("library does not parse: {:?}", d.first()));
        let reg = PassRegistry::default();
        let mut pm = PassManager::from_text(&reg, pipeline).unwrap();
        pm.run(&mut m, |_, _| {}).unwrap_or_else(|d| panic!("{} failed: {:?}", pipeline, d.first()));
        let stats = format!("{:?}", pm.report.iter().map(|r| (r.runs, &r.stats.0, r.children.iter().map(|c| (c.runs, &c.stats.0)).collect::<Vec<_>>())).collect::<Vec<_>>());
        (print_module(&m, PrintOptions::default()), stats)
    })
}

fn assert_same_on_threads(pipeline: &str, text: &str) {
    let one = run(text, pipeline, 1);
    for threads in [2, 3] {
        let many = run(text, pipeline, threads);
        assert!(one.0 == many.0, "{}: the module printed after {} threads differs from one thread's", pipeline, threads);
        assert_eq!(one.1, many.1, "{}: statistics on {} threads", pipeline, threads);
    }
}

#[test]
fn toposort_of_a_library_is_the_same_on_any_number_of_threads() {
    // Enough ops in all (24 x 400) for the blocks to be relinked in parallel.
    let text = library(24, 400, 7);
    let one = run(&text, "builtin.module(tfg.func(tfg-toposort))", 1);
    assert_ne!(one.0, print_module(&parse_module(&text).unwrap(), PrintOptions::default()), "the generated library should need sorting");
    assert_same_on_threads("builtin.module(tfg.func(tfg-toposort))", &text);
}

#[test]
fn other_function_passes_of_a_library_are_the_same_on_any_number_of_threads() {
    let text = library(12, 300, 3);
    for pipeline in ["builtin.module(tfg.func(tfg-cse))", "builtin.module(tfg.func(tfg-toposort, tfg-cse))", "builtin.module(tfg-constant-folding)"] {
        assert_same_on_threads(pipeline, &text);
    }
}
