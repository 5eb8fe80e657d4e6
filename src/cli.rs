//! The `amanda-opt` command line (mlir-opt conventions): read → parse → verify → run the
//! pass pipeline → print, per `--split-input-file` chunk (chunks run in parallel with rayon),
//! with diagnostics on stderr and output written atomically.

use std::io::Write;
use std::path::Path;

use clap::Parser;
use rayon::prelude::*;

use crate::diag::{Diagnostic, SourceFile};
use crate::input::Input;
use crate::ir::{Module, Span};
use crate::output::write_output;
use crate::passes::{PassManager, PassRegistry};
use crate::printer::{print_module, PrintOptions};
use crate::syntax::split::{split_chunks, SPLIT_MARKER};

/// Command-line options.
#[derive(Parser, Debug, Clone)]
#[command(name = "amanda-opt", version, about = "Read, check, rewrite and convert neural-network graphs written as MLIR-style (tfg-like) text")]
pub struct Options {
    /// Input file (`-` for stdin).
    #[arg(default_value = "-")]
    pub input: String,
    /// Output file (`-` for stdout).
    #[arg(short = 'o', default_value = "-")]
    pub output: String,
    /// Run a pass (repeatable; `--NAME` for a registered pass works too).
    #[arg(long = "pass", value_name = "NAME")]
    pub passes: Vec<String>,
    /// Run a comma-separated pipeline of passes.
    #[arg(long)]
    pub pass_pipeline: Option<String>,
    /// Output format.
    #[arg(long, default_value = "amir", value_parser = ["amir", "generic", "graphdef", "pbtxt", "onnx", "torchscript", "pytorch"])]
    pub emit: String,
    /// Treat `// -----` lines as separators between independent inputs.
    #[arg(long)]
    pub split_input_file: bool,
    /// Check diagnostics against `expected-*` comments in the input.
    #[arg(long)]
    pub verify_diagnostics: bool,
    /// Print every op in MLIR's generic form.
    #[arg(long, alias = "mlir-print-op-generic")]
    pub print_op_generic: bool,
    /// Print locations.
    #[arg(long, alias = "mlir-print-debuginfo")]
    pub print_debuginfo: bool,
    /// Print exactly as mlir-opt / tfg-opt would.
    #[arg(long)]
    pub canonical: bool,
    /// Keep comments attached to the op, function or graph below them.
    #[arg(long)]
    pub keep_comments: bool,
    /// Print the IR to stderr after every pass.
    #[arg(long, alias = "mlir-print-ir-after-all")]
    pub print_ir_after_all: bool,
    /// Report time spent in each stage on stderr.
    #[arg(long, alias = "mlir-timing")]
    pub timing: bool,
    /// List the registered passes and exit.
    #[arg(long)]
    pub list_passes: bool,
    /// List the known namespaces and exit.
    #[arg(long)]
    pub list_namespaces: bool,
    /// Describe an op of a namespace (`tf.Conv2D`, `onnx.Conv`, `torch.aten.add.Tensor`,
    /// `amanda/onnx/opset-11:Conv`) and exit.
    #[arg(long, value_name = "OP")]
    pub describe: Option<String>,
    /// Annotate every vocabulary op with its port names (a `// ports:` comment above it).
    #[arg(long)]
    pub print_port_names: bool,
    /// Load a namespace schema file (YAML in the Amanda design's form, or JSON Lines as in
    /// dialects/); repeatable.
    #[arg(long = "namespace-file", value_name = "FILE")]
    pub namespace_files: Vec<String>,
    /// Accepted for mlir-opt compatibility (unknown dialects are always allowed).
    #[arg(long, hide = true)]
    pub allow_unregistered_dialect: bool,
    /// Report at most N errors per input file, then how many more there were (0: all).
    #[arg(long, value_name = "N", default_value_t = crate::diag::MAX_REPORTED)]
    pub error_limit: usize,
    /// Do not run the verifier after parsing and after each pass.
    #[arg(long, alias = "no-verify-each")]
    pub no_verify: bool,
}

/// Turns mlir-opt spellings into ours: `-split-input-file` → `--split-input-file`,
/// `--canonicalize` → `--pass=canonicalize`.
pub fn normalize_args(args: Vec<String>, registry: &PassRegistry) -> Vec<String> {
    let mut out = Vec::with_capacity(args.len());
    for (i, a) in args.into_iter().enumerate() {
        if i == 0 {
            out.push(a);
            continue;
        }
        let long = if a.starts_with('-') && !a.starts_with("--") && a.len() > 2 && !a.starts_with("-o") {
            format!("-{}", a)
        } else {
            a
        };
        if let Some(name) = long.strip_prefix("--") {
            if registry.get(name).is_some() {
                out.push(format!("--pass={}", name));
                continue;
            }
        }
        out.push(long);
    }
    out
}

/// Stack of the threads that parse, verify and print: the recursive-ascent parser and the
/// recursive stages go one frame deeper per open construct (at most `MAX_NESTING`). Only the
/// pages used are ever committed.
const STACK_SIZE: usize = crate::syntax::PARSER_STACK;

/// Entry point of the binary: runs on a thread with a large stack and returns the exit code.
pub fn main() -> i32 {
    let args: Vec<String> = std::env::args().collect();
    // The chunks of --split-input-file are parsed on rayon's workers: same stack as the main one.
    if let Err(e) = start_worker_pool() {
        eprintln!("amanda-opt: cannot start worker threads: {}", e);
        return 2;
    }
    let worker = std::thread::Builder::new().stack_size(STACK_SIZE).spawn(move || run(args));
    match worker {
        Ok(handle) => handle.join().unwrap_or_else(|_| {
            eprintln!("amanda-opt: internal error (please report this as a bug)");
            2
        }),
        Err(e) => {
            eprintln!("amanda-opt: cannot start: {}", e);
            2
        }
    }
}

/// Most worker threads: each reserves `STACK_SIZE` of address space.
const MAX_WORKERS: usize = 8;

/// Starts rayon's global pool with one worker per core (at most [`MAX_WORKERS`]); when the
/// threads cannot be had (an address-space limit), with fewer, down to one.
fn start_worker_pool() -> Result<(), rayon::ThreadPoolBuildError> {
    let mut n = std::thread::available_parallelism().map_or(1, |n| n.get()).min(MAX_WORKERS);
    loop {
        match rayon::ThreadPoolBuilder::new().num_threads(n).stack_size(STACK_SIZE).build_global() {
            Ok(()) => return Ok(()),
            Err(e) if n == 1 => return Err(e),
            Err(_) => n /= 2,
        }
    }
}

/// Runs the tool on `args` (argv including the program name); returns the exit code.
pub fn run(args: Vec<String>) -> i32 {
    let registry = PassRegistry::default();
    let args = normalize_args(args, &registry);
    let opts = match Options::try_parse_from(args) {
        Ok(o) => o,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 1 } else { 0 };
        }
    };
    if opts.list_passes {
        for p in registry.all() {
            println!("  --{:<24} {}", p.name, p.summary);
        }
        return 0;
    }
    for f in &opts.namespace_files {
        if let Err(e) = crate::namespace::add_global_schema_file(f) {
            report_plain(&e);
            return 1;
        }
    }
    if opts.list_namespaces || opts.describe.is_some() {
        let Ok(reg) = crate::namespace::global().read() else { return 2 };
        if opts.list_namespaces {
            print!("{}", crate::namespace::describe::list_namespaces(&reg));
        }
        if let Some(op) = &opts.describe {
            match crate::namespace::describe::describe(&reg, op) {
                Ok(text) => print!("{}", text),
                Err(e) => {
                    report_plain(&e);
                    return 1;
                }
            }
        }
        return 0;
    }
    match drive(&opts, &registry) {
        Ok(()) => 0,
        Err(()) => 1,
    }
}

fn report_plain(msg: &str) {
    eprintln!("amanda-opt: error: {}", msg);
}

fn drive(opts: &Options, registry: &PassRegistry) -> Result<(), ()> {
    let input = Input::open(&opts.input).map_err(|e| report_plain(&e))?;
    let name = input.name.clone();
    let bytes = input.bytes();
    let text = match input.text() {
        Ok(t) => t,
        Err(valid_up_to) => {
            let valid = std::str::from_utf8(&bytes[..valid_up_to]).unwrap_or("");
            let file = SourceFile::new(&name, valid);
            let d = Diagnostic::error(Span::new(valid.len(), valid.len()), "invalid UTF-8 in input");
            eprint!("{}", file.render(&d));
            return Err(());
        }
    };
    let ext = Path::new(&opts.input).extension().and_then(|e| e.to_str()).unwrap_or("");
    if matches!(ext, "pb" | "pbtxt" | "onnx" | "pt") {
        report_plain(&format!("{}: importing .{} files is not supported yet (text IR only)", name, ext));
        return Err(());
    }
    if opts.emit != "amir" && opts.emit != "generic" {
        report_plain(&format!("--emit={} is not supported yet (amir and generic are)", opts.emit));
        return Err(());
    }
    let mut pass_names = opts.passes.clone();
    if let Some(p) = &opts.pass_pipeline {
        pass_names.extend(PassManager::parse_pipeline(p));
    }
    if opts.print_port_names {
        pass_names.push("annotate-ports".to_string());
    }
    if let Err(e) = PassManager::new(registry, &pass_names) {
        report_plain(&e);
        return Err(());
    }
    let print_opts = PrintOptions {
        generic: opts.print_op_generic || opts.emit == "generic",
        debuginfo: opts.print_debuginfo,
        canonical: opts.canonical,
        keep_comments: opts.keep_comments || opts.print_port_names,
    };
    let chunks: Vec<(usize, &str)> = if opts.split_input_file { split_chunks(text) } else { vec![(0, text)] };
    // Parsing gives the pages of a mapped file back as it goes (a single chunk only; the
    // chunks of --split-input-file are small).
    let release = |from: usize, to: usize| input.release(from, to);
    let no_release = |_: usize, _: usize| {};
    let release: crate::syntax::parallel::Release<'_> = if chunks.len() == 1 { &release } else { &no_release };
    let results: Vec<ChunkResult> = chunks
        .par_iter()
        .map(|&(_, chunk)| process_chunk(chunk, opts, registry, &pass_names, print_opts, release))
        .collect();

    // Line tables are only needed to render diagnostics.
    let needs_lines = opts.verify_diagnostics || results.iter().any(|r| !r.diags.is_empty());
    let file = SourceFile::new(&name, if needs_lines { text } else { "" });
    let mut failed = false;
    let mut stderr = std::io::stderr().lock();
    let mut reporter = crate::diag::Reporter::new(opts.error_limit);
    for (r, &(offset, chunk)) in results.iter().zip(&chunks) {
        let diags: Vec<Diagnostic> = r.diags.iter().map(|d| d.clone().shifted(offset as u32)).collect();
        for (label, ir) in &r.dumps {
            let _ = writeln!(stderr, "// -----// IR Dump After {} //----- //\n{}", label, ir);
        }
        if opts.verify_diagnostics {
            failed |= !check_expected(&file, chunk, offset, &diags, &mut stderr);
        } else {
            for d in &diags {
                reporter.report(&file, d, &mut stderr);
            }
            failed |= !diags.is_empty();
        }
        if opts.timing {
            let _ = writeln!(stderr, "{}", r.timing);
        }
    }
    reporter.finish(&name, &mut stderr);
    if failed {
        return Err(());
    }
    // The input is not needed any more: free it before printing, when the module and the
    // output buffers are alive (the peak of memory use).
    drop(file);
    drop(chunks);
    drop(input);
    let modules: Vec<&Module> = results.iter().filter_map(|r| r.module.as_ref()).collect();
    let t = std::time::Instant::now();
    let written = if let [single] = modules.as_slice() {
        write_output(&opts.output, |w| crate::printer::print_module_to(single, print_opts, w))
    } else {
        let texts: Vec<String> = modules.par_iter().map(|m| print_module(m, print_opts)).collect();
        let joined = texts.join(&format!("{}\n", SPLIT_MARKER));
        write_output(&opts.output, |w| w.write_all(joined.as_bytes()))
    };
    if opts.timing {
        let _ = writeln!(stderr, "  print   {:>10.4}s", t.elapsed().as_secs_f64());
    }
    // The process ends right after this: the operating system takes the modules' memory
    // back at once, where dropping them would free millions of allocations one by one (a
    // few tenths of a second on a million ops), as compilers commonly do.
    std::mem::forget(modules);
    std::mem::forget(results);
    written.map_err(|e| e.report())
}

/// `--verify-diagnostics` for one chunk: reports mismatches, returns whether all matched.
fn check_expected(file: &SourceFile<'_>, chunk: &str, offset: usize, diags: &[Diagnostic], stderr: &mut impl Write) -> bool {
    let base_line = file.line_of(offset) - 1;
    let mut expected = match crate::expect::parse_expectations(chunk) {
        Ok(e) => e,
        Err(errs) => {
            for d in errs {
                let _ = write!(stderr, "{}", file.render(&d.shifted(offset as u32)));
            }
            return false;
        }
    };
    for e in &mut expected {
        e.line += base_line;
        e.span.start += offset as u32;
        e.span.end += offset as u32;
    }
    let problems = crate::expect::check(file, &mut expected, diags);
    for d in &problems {
        let _ = write!(stderr, "{}", file.render(d));
    }
    problems.is_empty()
}

/// What one chunk produced: the transformed module, or diagnostics.
struct ChunkResult {
    module: Option<Module>,
    diags: Vec<Diagnostic>,
    dumps: Vec<(String, String)>,
    timing: String,
}

fn process_chunk(
    text: &str,
    opts: &Options,
    registry: &PassRegistry,
    pass_names: &[String],
    print_opts: PrintOptions,
    release: crate::syntax::parallel::Release<'_>,
) -> ChunkResult {
    let mut result = ChunkResult { module: None, diags: Vec::new(), dumps: Vec::new(), timing: String::new() };
    let t0 = std::time::Instant::now();
    let mut module: Module = match crate::syntax::parse_module_releasing(text, release) {
        Ok(m) => m,
        Err(d) => {
            result.diags = d;
            return result;
        }
    };
    let t_parse = t0.elapsed();
    let t1 = std::time::Instant::now();
    if !opts.no_verify {
        let mut d = crate::verify::verify_module(&module);
        d.extend(crate::namespace::verify_declared(&module));
        if !d.is_empty() {
            result.diags = d;
            return result;
        }
    }
    let t_verify = t1.elapsed();
    if print_opts.canonical {
        if let Err(d) = crate::syntax::depth::check_alias_expansion(&module) {
            result.diags = d;
            return result;
        }
    }
    let Ok(mut pm) = PassManager::new(registry, pass_names) else { return result };
    pm.verify_each = !opts.no_verify;
    pm.print_ir_after_all = opts.print_ir_after_all;
    let mut dumps = Vec::new();
    let run = pm.run(&mut module, |name, m| dumps.push((name.to_string(), print_module(m, print_opts))));
    result.dumps = dumps;
    if let Err(d) = run {
        result.diags = d;
        return result;
    }
    let mut timing = format!(
        "===-------------------------------------------------------------------------===\n  amanda-opt timing\n===-------------------------------------------------------------------------===\n  parse   {:>10.4}s\n  verify  {:>10.4}s",
        t_parse.as_secs_f64(),
        t_verify.as_secs_f64()
    );
    for (name, d) in &pm.timings {
        timing.push_str(&format!("\n  {:<7} {:>10.4}s", name, d.as_secs_f64()));
    }
    result.timing = timing;
    result.module = Some(module);
    result
}
