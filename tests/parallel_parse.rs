//! The parallel parser (`syntax::parallel`) gives exactly what a sequential parse gives:
//! the same interned strings, types and attributes under the same ids, the same arenas,
//! comments and aliases, or the same diagnostics. Checked with the text cut at every
//! possible place (one cut, and pairs of cuts) in random programs (`common::gen`), in every
//! file of `test-files/` and of TensorFlow's tfg corpus (`../shared/conformance`, skipped
//! with a message when absent), and at random places in generated graphs
//! (`amanda_opt::testgen`). Each test also checks that parts were really spliced in, so a
//! parallel parser that always fell back to the sequential one would fail it.

mod common;


use amanda_opt::syntax::parallel::PartRange;
use amanda_opt::syntax::{parse_module, parse_module_parts};
use common::parse_difference as difference;
use common::gen::GenConfig;
use proptest::test_runner::TestCaseError;

/// Offsets where a part could start: the first character of every line that starts with
/// `%` or `"` (where `parallel::part_ranges` cuts).
fn candidate_cuts(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start_matches([' ', '\t']);
        if trimmed.starts_with('%') || trimmed.starts_with('"') {
            out.push(at + line.len() - trimmed.len());
        }
        at += line.len();
    }
    out
}

/// Parses `text` cut at each of `cut_sets` and compares with the sequential parse; returns
/// how many parts were spliced in over all of them. Each set of cuts is read two ways:
/// every cut starts a part that runs to the next cut (how `parallel::part_ranges` cuts), and
/// cuts taken in pairs bound the parts with stretches the main thread reads between them.
fn check_cuts(text: &str, cut_sets: &[Vec<usize>]) -> Result<usize, String> {
    let want = parse_module(text);
    let mut spliced = 0;
    for cuts in cut_sets {
        let contiguous: Vec<PartRange> = cuts.iter().enumerate().map(|(k, &c)| (c, cuts.get(k + 1).copied())).collect();
        let gaps: Vec<PartRange> = cuts.chunks(2).map(|p| (p[0], p.get(1).copied())).collect();
        for parts in [contiguous, gaps] {
            let (got, n) = parse_module_parts(text, &parts);
            spliced += n;
            if let Some(d) = difference(&want, &got) {
                return Err(format!("parts {:?} ({} spliced): {}", parts, n, d));
            }
        }
    }
    Ok(spliced)
}

/// One cut at every candidate, and pairs of candidates.
fn every_cut(text: &str) -> Vec<Vec<usize>> {
    let c = candidate_cuts(text);
    let mut sets: Vec<Vec<usize>> = c.iter().map(|&x| vec![x]).collect();
    for (i, &x) in c.iter().enumerate() {
        for &y in c.iter().skip(i + 1).step_by(3) {
            sets.push(vec![x, y]);
        }
    }
    sets
}

#[test]
fn random_programs_parse_the_same_cut_anywhere() {
    let spliced = std::sync::atomic::AtomicUsize::new(0);
    for cfg in [GenConfig::ROUNDTRIP, GenConfig::MLIR] {
        common::check_programs(120, cfg, |p| {
            let text = common::with_comments(&p.render(cfg));
            let n = check_cuts(&text, &every_cut(&text)).map_err(TestCaseError::fail)?;
            spliced.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
            Ok(())
        });
    }
    assert!(spliced.into_inner() > 1000, "parts were hardly ever spliced: the parallel path is not tested");
}

fn check_files(files: &[std::path::PathBuf]) -> usize {
    let mut spliced = 0;
    for f in files {
        let Ok(text) = std::fs::read_to_string(f) else { continue };
        match check_cuts(&text, &every_cut(&text)) {
            Ok(n) => spliced += n,
            Err(e) => panic!("{}: {}", f.display(), e),
        }
    }
    spliced
}

#[test]
fn test_files_parse_the_same_cut_anywhere() {
    assert!(check_files(&common::repo_mlir_files()) > 100, "parts were hardly ever spliced");
}

#[test]
fn tfg_corpus_parses_the_same_cut_anywhere() {
    let Some(files) = common::tfg_corpus_files() else { return };
    assert!(check_files(&files) > 10, "parts were hardly ever spliced");
}

#[test]
fn generated_graphs_parse_the_same_cut_at_random() {
    let mut spliced = 0;
    for seed in 1..4 {
        let text = amanda_opt::testgen::generate(1500, seed);
        let c = candidate_cuts(&text);
        // A small deterministic generator of cut sets of 1 to 4 cuts.
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let sets: Vec<Vec<usize>> = (0..12)
            .map(|_| {
                let mut cuts: Vec<usize> = (0..1 + next(4)).map(|_| c[next(c.len())]).collect();
                cuts.sort_unstable();
                cuts.dedup();
                cuts
            })
            .collect();
        spliced += check_cuts(&text, &sets).unwrap_or_else(|e| panic!("seed {}: {}", seed, e));
    }
    assert!(spliced >= 36, "only {} parts spliced", spliced);
}

/// A part keeps its string values apart from its index (`ParseCx::part`): the same value
/// twice in a part, a value spelled as an op name, a key, a value name's stem or a string
/// the main thread has already, and one that a later part repeats, all come out under the
/// ids a sequential parse gives them.
#[test]
fn repeated_string_values_are_uniqued_when_parts_are_spliced() {
    let text = r#"tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %a, %ctl = A name("a") {s = "x.op", t = "x.op", k = "a"} : () -> (tensor<f32>)
  %b, %ctl_0 = B(%a) name("b") {s = "s", t = "b", u = "A"} : (tensor<f32>) -> (tensor<f32>)
  %c = "x.op"(%b) {s = "a", t = "a", v = "fresh"} : (tensor<f32>) -> tensor<f32>
  %d, %ctl_1 = D(%c) name("d") {s = "fresh", t = "fresh", w = "x.op"} : (tensor<f32>) -> (tensor<f32>)
  %e = "x.op"(%d) {s = "ctl", t = "d", _mlir_name = "fresh", x = "k"} : (tensor<f32>) -> tensor<f32>
}
"#;
    let spliced = check_cuts(text, &every_cut(text)).unwrap_or_else(|e| panic!("{}", e));
    assert!(spliced > 10, "only {} parts spliced", spliced);
}
