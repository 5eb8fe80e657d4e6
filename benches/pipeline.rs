//! Criterion benchmarks of the pipeline stages on a generated 10k-op tfg graph
//! ([`amanda_opt::testgen`]): lex, parse (grammar + name resolution), verify, and print in
//! the custom (tfg) and generic forms. Run with `cargo bench --bench pipeline`; set
//! `AMANDA_BENCH_OPS` to change the graph size.

use std::hint::black_box;

use amanda_opt::printer::{print_module, PrintOptions};
use amanda_opt::syntax::lexer::TokenStream;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn graph_ops() -> usize {
    std::env::var("AMANDA_BENCH_OPS").ok().and_then(|s| s.parse().ok()).unwrap_or(10_000)
}

fn pipeline(c: &mut Criterion) {
    let ops = graph_ops();
    let text = amanda_opt::testgen::generate(ops, 1);
    let module = match amanda_opt::syntax::parse_module(&text) {
        Ok(m) => m,
        Err(d) => panic!("generated graph does not parse: {:?}", d.first()),
    };

    let mut g = c.benchmark_group(format!("pipeline/{}ops", ops));
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.sample_size(20);

    g.bench_function("lex", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for t in TokenStream::new(black_box(&text)) {
                if t.is_ok() {
                    n += 1;
                }
            }
            n
        })
    });
    g.bench_function("parse", |b| b.iter(|| amanda_opt::syntax::parse_module(black_box(&text)).is_ok()));
    g.bench_function("verify", |b| b.iter(|| amanda_opt::verify::verify_module(black_box(&module)).len()));
    g.bench_function("print_custom", |b| b.iter(|| print_module(black_box(&module), PrintOptions::default()).len()));
    let generic = PrintOptions { generic: true, ..Default::default() };
    g.bench_function("print_generic", |b| b.iter(|| print_module(black_box(&module), generic).len()));
    g.finish();
}

criterion_group!(benches, pipeline);
criterion_main!(benches);
