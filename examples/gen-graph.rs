//! `gen-graph`: writes a synthetic tfg-like graph for benchmarks (see `amanda_opt::testgen`).
//!
//! Usage: `cargo run --release --example gen-graph -- OPS [SEED] [-o FILE] [--functions N]`
//! (stdout by default). With `--functions N`, a library of N `tfg.func`s of OPS ops each.
//! With `--tf-chain`, a graph of OPS ops that convert-tf-to-torch converts (a frozen-model-like
//! MLP/elementwise chain, `amanda_opt::testgen::write_tf_chain`).

use std::io::Write;

fn usage() -> ! {
    eprintln!("usage: gen-graph OPS [SEED] [-o FILE] [--functions N | --tf-chain]");
    std::process::exit(1);
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut positional = Vec::new();
    let mut output: Option<String> = None;
    let mut functions: Option<usize> = None;
    let mut tf_chain = false;
    while let Some(a) = args.next() {
        if a == "--functions" {
            functions = Some(args.next().and_then(|n| n.parse().ok()).unwrap_or_else(|| usage()));
        } else if a == "--tf-chain" {
            tf_chain = true;
        } else if a == "-o" {
            output = Some(args.next().unwrap_or_else(|| usage()));
        } else {
            positional.push(a);
        }
    }
    let ops: usize = match positional.first().map(|s| s.replace('_', "").parse()) {
        Some(Ok(n)) => n,
        _ => usage(),
    };
    let seed: u64 = match positional.get(1).map(|s| s.parse()) {
        None => 1,
        Some(Ok(s)) => s,
        Some(Err(_)) => usage(),
    };
    if tf_chain && functions.is_some() {
        usage();
    }
    let write = |w: &mut dyn Write| match functions {
        Some(n) => amanda_opt::testgen::write_library(w, n, ops, seed),
        None if tf_chain => amanda_opt::testgen::write_tf_chain(w, ops, seed),
        None => amanda_opt::testgen::write_graph(w, ops, seed),
    };
    let result = match output.as_deref() {
        None | Some("-") => {
            let mut w = std::io::BufWriter::with_capacity(1 << 20, std::io::stdout().lock());
            write(&mut w).and_then(|_| w.flush())
        }
        Some(path) => std::fs::File::create(path).and_then(|f| {
            let mut w = std::io::BufWriter::with_capacity(1 << 20, f);
            write(&mut w).and_then(|_| w.flush())
        }),
    };
    if let Err(e) = result {
        eprintln!("gen-graph: {}", e);
        std::process::exit(1);
    }
}
