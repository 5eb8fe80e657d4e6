//! Verification and printing split among rayon's workers ([`amanda_opt::parallel`]) give
//! exactly what the sequential walk gives: the same text in every print mode, as a string
//! and streamed, and the same diagnostics in the same order.
//!
//! Blocks are split with tiny thresholds, so that small inputs go through the parallel path
//! with pieces cut at many different places: the files of `test-files/` and of the tfg
//! corpus (`../shared/conformance/tfg/ir/tests/`, skipped with a message when absent), and
//! graphs from `amanda_opt::testgen` with comments, in custom form, and with errors spread
//! over them (in the text, and made by mutating the IR as a buggy pass would). The files
//! are also checked with `verify_parsed`, which leaves out what name resolution guarantees.

mod common;

use std::path::{Path, PathBuf};

use amanda_opt::diag::Diagnostic;
use amanda_opt::ir::{Module, OpId, OpSpec, Span};
use amanda_opt::parallel::Split;
use amanda_opt::printer::{print_module_to_with, print_module_with, PrintOptions};
use amanda_opt::syntax::parse_module;
use amanda_opt::syntax::split::split_chunks;
use amanda_opt::testgen;
use amanda_opt::verify::{verify_module_with, verify_parsed};

/// Splits that put every block (but the first: two ops and more) through the parallel
/// path, with pieces of one op (every op with regions printed alone), of a few ops, and
/// of more ops than most blocks have.
const SPLITS: [Split; 3] = [
    Split { min_block_ops: 1, piece_ops: 1 },
    Split { min_block_ops: 2, piece_ops: 3 },
    Split { min_block_ops: 1, piece_ops: 40 },
];

/// The print modes of the command line.
fn modes() -> Vec<(&'static str, PrintOptions)> {
    let o = PrintOptions::default();
    vec![
        ("default", o),
        ("--print-op-generic", PrintOptions { generic: true, ..o }),
        ("--canonical", PrintOptions { canonical: true, ..o }),
        ("--canonical --print-op-generic", PrintOptions { canonical: true, generic: true, ..o }),
        ("--print-debuginfo", PrintOptions { debuginfo: true, ..o }),
        ("--keep-comments", PrintOptions { keep_comments: true, ..o }),
        ("--keep-comments --print-op-generic", PrintOptions { keep_comments: true, generic: true, ..o }),
        ("--canonical --print-debuginfo", PrintOptions { canonical: true, debuginfo: true, ..o }),
    ]
}

/// The first line where `a` and `b` differ, for failure messages.
fn first_difference(a: &str, b: &str) -> String {
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    for i in 0..la.len().max(lb.len()) {
        let (x, y) = (la.get(i), lb.get(i));
        if x != y {
            return format!("line {}:\n  sequential: {:?}\n  parallel:   {:?}", i + 1, x, y);
        }
    }
    "no line differs (line endings?)".to_string()
}

/// Every print mode and every split: the same text as sequential printing.
fn assert_same_text(label: &str, m: &Module) {
    for (mode, opts) in modes() {
        // What the CLI refuses to print: --canonical spelling out 2^40 alias nodes.
        if opts.canonical && amanda_opt::syntax::depth::check_alias_expansion(m).is_err() {
            continue;
        }
        let expected = print_module_with(m, opts, Split::SEQUENTIAL);
        for split in SPLITS {
            let got = print_module_with(m, opts, split);
            assert!(got == expected, "{} [{}] with {:?}: text differs at {}", label, mode, split, first_difference(&expected, &got));
            let mut streamed = Vec::new();
            print_module_to_with(m, opts, split, &mut streamed).expect("writing to a Vec cannot fail");
            let streamed = String::from_utf8(streamed).expect("printed text is UTF-8");
            assert!(
                streamed == expected,
                "{} [{}] with {:?}: streamed text differs at {}",
                label,
                mode,
                split,
                first_difference(&expected, &streamed)
            );
        }
    }
}

/// Every split: the same diagnostics, in the same order, as sequential verification.
/// Returns them.
fn assert_same_diagnostics(label: &str, m: &Module) -> Vec<Diagnostic> {
    let expected = verify_module_with(m, Split::SEQUENTIAL);
    for split in SPLITS {
        let got = verify_module_with(m, split);
        assert!(got == expected, "{} with {:?}: diagnostics differ\nsequential: {:#?}\nparallel: {:#?}", label, split, expected, got);
    }
    expected
}

fn assert_same(label: &str, m: &Module) -> Vec<Diagnostic> {
    assert_same_text(label, m);
    assert_same_diagnostics(label, m)
}

/// Checks every `--split-input-file` chunk of every file of `files` that parses; returns
/// how many chunks were checked.
fn check_files(files: &[PathBuf]) -> usize {
    let mut checked = 0;
    for path in files {
        let Ok(text) = std::fs::read_to_string(path) else { continue };
        for (offset, chunk) in split_chunks(&text) {
            let Ok(m) = parse_module(chunk) else { continue };
            let label = format!("{} (chunk at byte {})", path.display(), offset);
            let expected = assert_same(&label, &m);
            // What name resolution guarantees is not checked again on a module as parsed:
            // the same diagnostics all the same.
            assert!(verify_parsed(&m) == expected, "{}: verify_parsed differs from verify_module", label);
            checked += 1;
        }
    }
    checked
}

#[test]
fn test_files() {
    let mut files = Vec::new();
    common::mlir_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("test-files"), &mut files);
    let checked = check_files(&files);
    assert!(checked > 100, "only {} chunks of test-files/ parsed", checked);
}

#[test]
fn tfg_corpus() {
    let Some(files) = common::tfg_corpus_files() else { return };
    let checked = check_files(&files);
    assert!(checked > 0, "no chunk of the tfg corpus parsed");
}

fn parse(text: &str) -> Module {
    match parse_module(text) {
        Ok(m) => m,
        Err(d) => panic!("test input does not parse: {:?}", d.first()),
    }
}

/// A generated graph with comments: above ops, after ops on the same line, detached by a
/// blank line, at the end of the graph, and on the graph's own first line.
fn with_comments(text: &str) -> String {
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        if i % 17 == 5 {
            out.push_str(&format!("// comment above line {}\n", i));
        }
        if i % 61 == 7 {
            out.push_str(&format!("// detached comment {}\n\n", i));
        }
        out.push_str(line);
        if i % 23 == 3 || line.starts_with("\"tfg.graph\"") {
            out.push_str(&format!("  // same-line comment {}", i));
        }
        out.push('\n');
        if line.starts_with("\"tfg.graph\"") {
            out.push_str("// first op of the graph\n");
        }
    }
    // The last op line is followed by the graph's closing line: a comment at the end of the block.
    let close = out.rfind("})").unwrap_or(out.len());
    out.insert_str(close, "// end of the graph\n");
    out
}

#[test]
fn generated_graphs() {
    for seed in [1, 2] {
        let text = testgen::generate(1500, seed);
        let m = parse(&text);
        assert!(assert_same(&format!("graph seed {}", seed), &m).is_empty());
        // The same graph in tfg's custom form, with canonical names.
        let canonical = print_module_with(&m, PrintOptions { canonical: true, ..Default::default() }, Split::SEQUENTIAL);
        assert_same(&format!("graph seed {} in custom form", seed), &parse(&canonical));
    }
    let text = with_comments(&testgen::generate(1500, 3));
    let m = parse(&text);
    assert!(m.comments.len() > 100, "{} comments attached", m.comments.len());
    assert_same("graph with comments", &m);
}

/// A graph (seed 4) with an erroneous op after every 40th line, cycling through the errors
/// below, each in the op's own rules: control tokens out of order, misplaced terminators,
/// attributes of the wrong kind, an empty node name (reported without failing the op).
fn with_errors(text: &str) -> String {
    let errors = [
        "%e{i}, %e{i}_ctl = \"tfg.Src\"() : () -> (tensor<f32>, !tf_type.control)\n%e{i}_bad = \"tfg.Bad\"(%e{i}_ctl, %e{i}) : (!tf_type.control, tensor<f32>) -> (!tf_type.control)",
        "%e{i}:2 = \"tfg.Bad\"() : () -> (!tf_type.control, tensor<f32>)",
        "\"tfg.yield\"() : () -> ()",
        "\"tfg.return\"() {control_ret_attrs = []} : () -> ()",
        "%e{i} = \"tfg.get_result\"() {name = 3 : i32, number = 0 : i32} : () -> (tensor<*xf32>)",
        "%e{i} = \"tfg.NoOp\"() {_mlir_name = \"\"} : () -> (!tf_type.control)",
        "%e{i}_c, %e{i}_cc = \"tfg.C\"() : () -> (tensor<i1>, !tf_type.control)\n%e{i}:2 = \"tfg.IfRegion\"(%e{i}_c) ({\n  \"tfg.yield\"() : () -> ()\n}, {\n  \"tfg.yield\"() : () -> ()\n}) {then_attrs = 1 : i32} : (tensor<i1>) -> (tensor<f32>, !tf_type.control)",
        "\"tfg.graph\"() ({\n}) : () -> ()",
    ];
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        out.push_str(line);
        out.push('\n');
        if i % 40 == 20 && line.trim_start().starts_with('%') {
            out.push_str(&errors[(i / 40) % errors.len()].replace("{i}", &i.to_string()));
            out.push('\n');
        }
    }
    out.push_str("tfg.func @f(%arg: tensor<f32>) {\n  return\n}\n");
    out
}

#[test]
fn diagnostics_of_errors_spread_over_a_graph() {
    let text = with_errors(&testgen::generate(1500, 4));
    let mut m = parse(&text);
    let graph = m.top_ops()[0];
    let block = m.body.region(m.body.op(graph).regions[0]).blocks[0];
    let ops: Vec<OpId> = m.body.block_ops(block).collect();
    // What a buggy pass could leave behind: ops erased while their results are still used,
    // operands rewired to a value of another isolated region, and new ops without a place
    // in the text, failing their own rules or the visibility check (every diagnostic at
    // the graph's place, so their order is the order in which the walk finds them).
    let func = m.top_ops()[1];
    let arg = m.body.block(m.body.region(m.body.op(func).regions[0]).blocks[0]).args[0];
    let control = m.ctx.control_type();
    let tensor = m.body.value(arg).ty;
    for (i, &op) in ops.iter().enumerate().skip(10) {
        match i % 150 {
            0 => m.body.erase_op(op),
            50 if m.body.num_operands(op) > 0 => m.body.set_operand(op, 0, arg),
            100 | 125 => {
                let name = m.ctx.sym(&format!("tfg.Made{}", i));
                let result_types = if i % 150 == 100 { vec![control, tensor] } else { vec![tensor, control] };
                let spec = OpSpec { result_types: result_types.into(), span: Span::default(), ..Default::default() };
                let made = m.body.create_op(spec, name);
                m.body.set_operands(made, &[arg]);
                m.body.insert_op_before(op, made);
            }
            _ => {}
        }
    }
    let diags = assert_same("graph with errors", &m);
    let messages: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
    for expected in [
        "after control input",
        "after control result",
        "must be the last operation in the parent block",
        "expects parent op 'tfg.func'",
        "attribute 'name' failed to satisfy constraint",
        "has empty value",
        "attribute 'then_attrs' failed to satisfy constraint",
        "requires attribute 'version'",
        "is defined by an erased operation",
        "using value defined outside the region",
    ] {
        assert!(messages.iter().any(|m| m.contains(expected)), "no diagnostic '{}' among {:#?}", expected, messages);
    }
    // Errors on the made ops point at the graph that holds them (they have no place in
    // the text of their own).
    let graph_start = m.body.op(graph).span.start;
    let at_graph: Vec<&str> =
        diags.iter().filter(|d| d.span.is_some_and(|s| s.start == graph_start)).map(|d| d.message.as_str()).collect();
    assert!(at_graph.iter().filter(|m| m.contains("after control result")).count() >= 5, "{:#?}", at_graph);
    assert!(at_graph.iter().filter(|m| m.contains("defined outside the region")).count() >= 5, "{:#?}", at_graph);
}

/// Uses that do not dominate, in the ordered region of a `func.func` (a dominator tree the
/// workers share), and branches from the middle of its entry block back to it (the block
/// rules, which the workers check for the ops of their pieces).
#[test]
fn dominance_and_successors_in_a_large_region() {
    let mut text = String::from("\"func.func\"() ({\n^bb0(%a: i32):\n");
    for i in 0..600 {
        text.push_str(&format!("  %{} = \"test.op\"(%a) : (i32) -> i32\n", i));
    }
    text.push_str("  \"test.br\"()[^bb1] : () -> ()\n^bb1:\n  \"test.use\"(%3) : (i32) -> ()\n  \"func.return\"() : () -> ()\n}) {function_type = (i32) -> (), sym_name = \"f\"} : () -> ()\n");
    let mut m = parse(&text);
    let func = m.top_ops()[0];
    let entry = m.body.region(m.body.op(func).regions[0]).blocks[0];
    let ops: Vec<OpId> = m.body.block_ops(entry).collect();
    for i in (0..590).step_by(31) {
        let later = m.body.results(ops[i + 7])[0];
        m.body.set_operand(ops[i], 0, later);
    }
    for i in [300, 450] {
        m.body.set_successors(ops[i], smallvec::smallvec![(entry, 0)]);
    }
    let diags = assert_same("func.func with forward uses and branches", &m);
    let count = |message: &str| diags.iter().filter(|d| d.message == message).count();
    assert_eq!(count("operand #0 does not dominate this use"), 20, "{:#?}", diags);
    assert_eq!(count("operation with block successors must terminate its parent block"), 2, "{:#?}", diags);
    assert_eq!(count("entry block of region may not have predecessors"), 1, "{:#?}", diags);
}
