//! Passes run on the functions of a library on several threads give exactly what they give
//! on one: the same printed module and the same statistics, for the per-function passes
//! the pass manager shares out (`tfg-toposort`, whose orders are worked out in parallel;
//! `tfg-cse`, planned in parallel against a `UseOverlay`; both, on verified IR, change each
//! function on the worker that planned it, the functions at once, and otherwise apply the
//! plans in order on one thread) and for the others run on the same library.

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
    run_on(text, pipeline, threads, false)
}

/// [`run`], telling the pass manager that the module was verified (`verified`) or not.
fn run_on(text: &str, pipeline: &str, threads: usize, verified: bool) -> (String, String) {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
    pool.install(|| {
        let mut m: Module = parse_module(text).unwrap_or_else(|d| panic!("library does not parse: {:?}", d.first()));
        if verified {
            assert!(amanda_opt::verify::verify_module(&m).is_empty(), "the library should verify");
        }
        let reg = PassRegistry::default();
        let mut pm = PassManager::from_text(&reg, pipeline).unwrap();
        pm.ir_verified = verified;
        pm.run(&mut m, |_, _| {}).unwrap_or_else(|d| panic!("{} failed: {:?}", pipeline, d.first()));
        assert!(pm.ir_verified == verified, "verified after each pass, the IR stays known valid");
        m.body.check_use_chains().unwrap_or_else(|e| panic!("{}: use chains after the run: {}", pipeline, e));
        let stats = format!("{:?}", pm.report.iter().map(|r| (r.runs, &r.stats.0, r.children.iter().map(|c| (c.runs, &c.stats.0)).collect::<Vec<_>>())).collect::<Vec<_>>());
        (print_module(&m, PrintOptions::default()), stats)
    })
}

/// One thread's result against 2 and 3 threads', on IR known verified (passes that change
/// each function in place do so on the workers) and not.
fn assert_same_on_threads(pipeline: &str, text: &str) {
    let one = run(text, pipeline, 1);
    for threads in [2, 3] {
        for verified in [false, true] {
            let many = run_on(text, pipeline, threads, verified);
            assert!(one.0 == many.0, "{}: the module printed after {} threads (verified: {}) differs from one thread's", pipeline, threads, verified);
            assert_eq!(one.1, many.1, "{}: statistics on {} threads (verified: {})", pipeline, threads, verified);
        }
    }
}

#[test]
fn toposort_of_a_library_is_the_same_on_any_number_of_threads() {
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

#[test]
fn cse_changing_each_function_on_its_worker_gives_the_sequential_result() {
    // On verified IR each function is planned and changed by one worker, the others at
    // once (`SplitPass::CHANGES_INSIDE_TARGET`); without it, replayed on one thread.
    let text = library(16, 400, 11);
    let pipeline = "builtin.module(tfg.func(tfg-cse))";
    let one = run_on(&text, pipeline, 1, true);
    assert_ne!(one.0, print_module(&parse_module(&text).unwrap(), PrintOptions::default()), "CSE should change the generated library");
    for threads in [2, 4] {
        let in_place = run_on(&text, pipeline, threads, true);
        let replayed = run_on(&text, pipeline, threads, false);
        assert!(one.0 == in_place.0, "the module after in-place CSE on {} threads differs from one thread's", threads);
        assert!(one.0 == replayed.0, "the module after replayed CSE on {} threads differs from one thread's", threads);
        assert_eq!(one.1, in_place.1, "statistics of in-place CSE on {} threads", threads);
        assert_eq!(one.1, replayed.1, "statistics of replayed CSE on {} threads", threads);
    }
}

#[test]
fn a_pass_not_verified_after_leaves_the_ir_unverified() {
    let text = library(4, 100, 5);
    let mut m: Module = parse_module(&text).unwrap();
    let reg = PassRegistry::default();
    let mut pm = PassManager::from_text(&reg, "builtin.module(tfg.func(tfg-cse))").unwrap();
    pm.ir_verified = true;
    pm.verify_each = false;
    pm.run(&mut m, |_, _| {}).unwrap();
    assert!(!pm.ir_verified, "a change not verified after must clear ir_verified");
}
