//! `gen-graph`: writes a synthetic tfg-like graph for benchmarks (see `amanda_opt::testgen`).
//!
//! Usage: `cargo run --release --example gen-graph -- OPS [SEED] [-o FILE]` (stdout by default).

use std::io::Write;

fn usage() -> ! {
    eprintln!("usage: gen-graph OPS [SEED] [-o FILE]");
    std::process::exit(1);
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut positional = Vec::new();
    let mut output: Option<String> = None;
    while let Some(a) = args.next() {
        if a == "-o" {
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
    let result = match output.as_deref() {
        None | Some("-") => {
            let mut w = std::io::BufWriter::with_capacity(1 << 20, std::io::stdout().lock());
            amanda_opt::testgen::write_graph(&mut w, ops, seed).and_then(|_| w.flush())
        }
        Some(path) => std::fs::File::create(path).and_then(|f| {
            let mut w = std::io::BufWriter::with_capacity(1 << 20, f);
            amanda_opt::testgen::write_graph(&mut w, ops, seed).and_then(|_| w.flush())
        }),
    };
    if let Err(e) = result {
        eprintln!("gen-graph: {}", e);
        std::process::exit(1);
    }
}
