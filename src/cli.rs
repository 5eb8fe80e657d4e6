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
use crate::passes::build::{self, PassFlag};
use crate::passes::instrumentation::{render_statistics, render_timing, IrPrinting, RunTimes, StageReport, StatisticsDisplay, TimingDisplay};

use crate::passes::{PassManager, PassRegistry};
use crate::printer::PrintOptions;
use crate::syntax::split::split_chunks;

/// Command-line options.
#[derive(Parser, Debug, Clone)]
#[command(name = "amanda-opt", version, about = "Read, check, rewrite and convert neural-network graphs written as MLIR-style (tfg-like) text")]
pub struct Options {
    /// Input file (`-` for stdin), or a SavedModel directory (see --tags, --signature).
    #[arg(default_value = "-")]
    pub input: String,
    /// Output file (`-` for stdout).
    #[arg(short = 'o', default_value = "-")]
    pub output: String,
    /// Run a pass: `--pass=NAME` or `--pass=NAME{OPTIONS}`; repeatable. A registered pass is
    /// also a flag of its own: `--NAME`, `--NAME=OPTIONS` (mlir-opt's form). Passes given
    /// separately form one pipeline in command-line order; a pass anchored on an op (e.g.
    /// `tfg.func`) runs on each such op.
    #[arg(long = "pass", value_name = "NAME")]
    pub passes: Vec<String>,
    /// The pass pipeline to run, as mlir-opt reads it: `builtin.module(a, tfg.func(b{x=1}))`
    /// (also the older `a,b`); not together with passes given separately.
    #[arg(long)]
    pub pass_pipeline: Option<String>,
    /// Output format.
    #[arg(long, default_value = "amir", value_parser = ["amir", "generic", "graphdef", "pbtxt", "onnx", "torchscript", "pytorch", "dot"])]
    pub emit: String,
    /// `--emit=pytorch`: floating-point weights are trainable parameters (`requires_grad=True`);
    /// `false` freezes them (`requires_grad=False`).
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub pytorch_trainable: bool,
    /// `--emit=pytorch`: convolutions, linear layers, batch norms, embeddings and pools are
    /// `torch.nn` modules (`self.conv1 = torch.nn.Conv2d(...)`); `false` writes every op as a
    /// functional call.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub pytorch_modules: bool,
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
    /// Print the IR to stderr before each of these passes (comma-separated pass names).
    #[arg(long, alias = "mlir-print-ir-before", value_delimiter = ',', value_name = "PASS")]
    pub print_ir_before: Vec<String>,
    /// Print the IR to stderr after each of these passes (comma-separated pass names).
    #[arg(long, alias = "mlir-print-ir-after", value_delimiter = ',', value_name = "PASS")]
    pub print_ir_after: Vec<String>,
    /// Print the IR to stderr before every pass.
    #[arg(long, alias = "mlir-print-ir-before-all")]
    pub print_ir_before_all: bool,
    /// Print the IR to stderr after every pass.
    #[arg(long, alias = "mlir-print-ir-after-all")]
    pub print_ir_after_all: bool,
    /// When printing the IR after a pass, only print it if the pass changed it.
    #[arg(long, alias = "mlir-print-ir-after-change")]
    pub print_ir_after_change: bool,
    /// Print the IR after a pass only when the pass (or the verifier after it) failed.
    #[arg(long, alias = "mlir-print-ir-after-failure")]
    pub print_ir_after_failure: bool,
    /// IR dumps print the whole module, not just the op the pass ran on.
    #[arg(long, alias = "mlir-print-ir-module-scope")]
    pub print_ir_module_scope: bool,
    /// Report the execution time of parsing, verifying, each pass and printing on stderr,
    /// as a tree (as mlir-opt's `--mlir-timing`).
    #[arg(long, alias = "mlir-timing")]
    pub timing: bool,
    /// How `--timing` shows the times: mirroring the pipeline, or a flat list by time.
    #[arg(long, alias = "mlir-timing-display", default_value = "tree", value_parser = ["tree", "list"])]
    pub timing_display: String,
    /// Report each pass's statistics on stderr (as mlir-opt's `--mlir-pass-statistics`).
    #[arg(long, alias = "mlir-pass-statistics")]
    pub pass_statistics: bool,
    /// How `--pass-statistics` shows them: mirroring the pipeline, or a list by pass.
    #[arg(long, alias = "mlir-pass-statistics-display", default_value = "pipeline", value_parser = ["pipeline", "list"])]
    pub pass_statistics_display: String,
    /// Print the pass pipeline to stderr before running it.
    #[arg(long)]
    pub dump_pass_pipeline: bool,
    /// Run on one thread, as mlir-opt's flag of that name (read before the worker pool starts).
    #[arg(long)]
    pub mlir_disable_threading: bool,
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
    /// Read the input as a TensorFlow GraphDef (binary or text), as tfg-translate does.
    #[arg(long)]
    pub graphdef_to_mlir: bool,
    /// Write the result as a GraphDef in text format, as tfg-translate does.
    #[arg(long)]
    pub mlir_to_graphdef: bool,
    /// SavedModel input (the input is a directory holding saved_model.pb and variables/): the
    /// tag set of the MetaGraph to read, comma-separated.
    #[arg(long, value_name = "TAG,...", default_value = crate::interchange::savedmodel::DEFAULT_TAGS)]
    pub tags: String,
    /// SavedModel input: the signature to freeze; its inputs become Placeholders and its
    /// outputs Identity nodes named after their keys.
    #[arg(long, value_name = "NAME", default_value = crate::interchange::savedmodel::DEFAULT_SIGNATURE)]
    pub signature: String,
    /// Report at most N errors per input file, then how many more there were (0: all).
    #[arg(long, value_name = "N", default_value_t = crate::diag::MAX_REPORTED)]
    pub error_limit: usize,
    /// Do not run the verifier after parsing and after each pass.
    #[arg(long, alias = "no-verify-each")]
    pub no_verify: bool,
    /// Do not run the verifier after each pass (mlir-opt's `--verify-each=false`,
    /// `-verify-each=0`); the input is still verified after parsing.
    #[arg(long)]
    pub no_verify_after_passes: bool,
    /// Format files in the printed form, comments kept: `--format FILE...` prints them,
    /// `--format -i FILE...` rewrites them, `--format --check FILE...` exits 1 naming the
    /// unformatted ones (docs/editors.md).
    #[arg(long)]
    pub format: bool,
    /// Load a mapping table (YAML, docs/mapping-tables.md): it becomes a pass named after
    /// the file stem; repeatable.
    #[arg(long = "mapping-table", value_name = "FILE")]
    pub mapping_tables: Vec<String>,
    /// Write a JSON map from each original node name to the names of the ops rewrites
    /// made from it.
    #[arg(long = "name-map", value_name = "FILE")]
    pub name_map: Option<String>,
    /// After a conversion (convert-tf-to-torch, a mapping table), print a summary on stderr:
    /// ops in and out by type, rules applied per table, time. The default when stderr is a
    /// terminal.
    #[arg(long, overrides_with = "no_summary")]
    pub summary: bool,
    /// No conversion summary, even on a terminal.
    #[arg(long)]
    pub no_summary: bool,
    /// No progress bar on long imports, conversions and outputs (shown only when stderr is
    /// a terminal).
    #[arg(long)]
    pub no_progress: bool,
}

/// Turns mlir-opt spellings into ours (`-split-input-file` → `--split-input-file`,
/// `--verify-each=0` → `--no-verify-after-passes`) and takes the passes given as separate flags out of
/// the arguments, in order: `--pass=SPEC`, `--pass SPEC`, `--NAME` and `--NAME=OPTIONS` for
/// a registered pass NAME.
pub fn normalize_args(args: Vec<String>, registry: &PassRegistry) -> (Vec<String>, Vec<PassFlag>) {
    let mut out = Vec::with_capacity(args.len());
    let mut flags = Vec::new();
    let mut it = args.into_iter().enumerate();
    while let Some((i, a)) = it.next() {
        if i == 0 {
            out.push(a);
            continue;
        }
        let long = if a.starts_with('-') && !a.starts_with("--") && a.len() > 2 && !a.starts_with("-o") {
            format!("-{}", a)
        } else {
            a
        };
        if let Some(rest) = long.strip_prefix("--") {
            if rest == "pass" {
                match it.next() {
                    Some((_, spec)) => flags.push(PassFlag::from_spec(&spec)),
                    None => out.push(long),
                }
                continue;
            }
            if let Some(spec) = rest.strip_prefix("pass=") {
                flags.push(PassFlag::from_spec(spec));
                continue;
            }
            let (name, value) = match rest.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (rest, None),
            };
            if registry.get(name).is_some() {
                flags.push(match value {
                    Some(v) => PassFlag::with_value(name, v),
                    None => PassFlag::from_spec(name),
                });
                continue;
            }
            if name == "verify-each" {
                match value {
                    None | Some("true") | Some("1") => {}
                    Some("false") | Some("0") => out.push("--no-verify-after-passes".to_string()),
                    Some(_) => out.push(long),
                }
                continue;
            }
        }
        out.push(long);
    }
    (out, flags)
}

/// Stack of the threads that parse, verify and print: the recursive-ascent parser and the
/// recursive stages go one frame deeper per open construct (at most `MAX_NESTING`). Only the
/// pages used are ever committed.
const STACK_SIZE: usize = crate::syntax::PARSER_STACK;

/// Entry point of the binary: runs on a thread with a large stack and returns the exit code.
pub fn main() -> i32 {
    let args: Vec<String> = std::env::args().collect();
    // The chunks of --split-input-file are parsed on rayon's workers: same stack as the main one.
    let single_thread = args.iter().any(|a| a == "--mlir-disable-threading" || a == "-mlir-disable-threading");
    if let Err(e) = start_worker_pool(single_thread) {
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

/// Starts rayon's global pool with one worker per core (at most [`MAX_WORKERS`]), or as many
/// as `RAYON_NUM_THREADS` says (rayon's own variable, which an explicit count would
/// otherwise override; the benchmarks compare 1 and 2 threads with it); when the threads
/// cannot be had (an address-space limit), with fewer, down to one. `--mlir-disable-threading`
/// gives one worker.
fn start_worker_pool(single_thread: bool) -> Result<(), rayon::ThreadPoolBuildError> {
    let from_env = || std::env::var("RAYON_NUM_THREADS").ok().and_then(|v| v.trim().parse::<usize>().ok()).filter(|&n| n > 0);
    let requested = if single_thread { Some(1) } else { from_env() };
    let mut n = requested.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).min(MAX_WORKERS);
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
    // `--format [-i | --check] FILE...` takes several files: its own small parser.
    if args.iter().skip(1).any(|a| a == "--format" || a == "-format") {
        return crate::format::run_cli(&args);
    }
    // Mapping tables are passes: known before the registry is built (so `--NAME` works).
    if let Err(e) = crate::tables::add_table_files(&args) {
        report_plain(&e);
        return 1;
    }
    let registry = PassRegistry::default();
    let (args, pass_flags) = normalize_args(args, &registry);
    let opts = match Options::try_parse_from(args) {
        Ok(o) => o,
        Err(e) => {
            let _ = e.print();
            suggest_pass_flag(&e, &registry);
            return if e.use_stderr() { 1 } else { 0 };
        }
    };
    crate::progress::enable(crate::progress::should_show(opts.no_progress));
    if opts.list_passes {
        print!("{}", crate::passes::listing::list_passes(&registry));
        return 0;
    }
    for f in &opts.namespace_files {
        if let Err(e) = crate::namespace::add_global_schema_file(f) {
            report_plain(&e);
            return 1;
        }
    }
    if !crate::tables::load_table_files() {
        return 1;
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
    match drive(&opts, &registry, &pass_flags) {
        Ok(()) => 0,
        Err(()) => 1,
    }
}

fn report_plain(msg: &str) {
    eprintln!("amanda-opt: error: {}", msg);
}

/// After clap's error for an unknown flag: mlir-opt's "Did you mean" when the flag is close
/// to a registered pass's.
fn suggest_pass_flag(e: &clap::Error, registry: &PassRegistry) {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return;
    }
    if let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) {
        let name = arg.trim_start_matches('-').split('=').next().unwrap_or("");
        if let Some(s) = crate::passes::pipeline::suggest(name, registry.all().iter().map(|p| p.name)) {
            eprintln!("amanda-opt: did you mean '--{}'?", s);
        }
    }
}

/// The pass manager for one run: `--pass-pipeline`, or the passes given separately (not
/// both, as mlir-opt), then `annotate-ports` for `--print-port-names`; with the
/// verification and IR-printing options.
fn build_pass_manager(
    opts: &Options,
    registry: &PassRegistry,
    flags: &[PassFlag],
    print_opts: PrintOptions,
) -> Result<PassManager, String> {
    let mut root = match &opts.pass_pipeline {
        Some(_) if !flags.is_empty() => {
            return Err("'--pass-pipeline' option can't be used with individual pass options".to_string())
        }
        Some(text) => build::from_text(registry, text)?,
        None => build::from_flags(registry, flags)?,
    };
    if opts.print_port_names {
        root.stages.extend(build::from_flags(registry, &[PassFlag::from_spec("annotate-ports")])?.stages);
    }
    let mut pm = PassManager::with_pipeline(root);
    pm.verify_each = !(opts.no_verify || opts.no_verify_after_passes);
    pm.instrumentation.printing = IrPrinting {
        before_all: opts.print_ir_before_all,
        after_all: opts.print_ir_after_all,
        before: opts.print_ir_before.clone(),
        after: opts.print_ir_after.clone(),
        after_change: opts.print_ir_after_change,
        after_failure: opts.print_ir_after_failure,
        module_scope: opts.print_ir_module_scope,
        print_opts,
    };
    Ok(pm)
}

/// `--print-ir-before/after=NAMES` name registered passes.
fn check_print_ir_names(opts: &Options, registry: &PassRegistry) -> Result<(), String> {
    for (flag, names) in [("--print-ir-before", &opts.print_ir_before), ("--print-ir-after", &opts.print_ir_after)] {
        for n in names {
            if registry.get(n).is_none() {
                let mut msg = format!("{}: unknown pass '{}'", flag, n);
                if let Some(s) = crate::passes::pipeline::suggest(n, registry.all().iter().map(|p| p.name)) {
                    msg.push_str(&format!("; did you mean '{}'?", s));
                }
                return Err(msg);
            }
        }
    }
    Ok(())
}

fn drive(opts: &Options, registry: &PassRegistry, flags: &[PassFlag]) -> Result<(), ()> {
    let start = std::time::Instant::now();
    let print_opts = PrintOptions {
        generic: opts.print_op_generic || opts.emit == "generic",
        debuginfo: opts.print_debuginfo,
        canonical: opts.canonical,
        keep_comments: opts.keep_comments || opts.print_port_names,
    };
    // The pipeline is checked once, before reading the input; each chunk builds its own.
    check_print_ir_names(opts, registry).map_err(|e| report_plain(&e))?;
    let pm = build_pass_manager(opts, registry, flags, print_opts).map_err(|e| report_plain(&e))?;
    if opts.dump_pass_pipeline {
        eprintln!("Pass Manager with {} passes:\n{}\n", pm.root.stages.len(), pm.root.to_pretty(0));
    }
    if Path::new(&opts.input).is_dir() {
        crate::emit::check_kind(opts).map_err(|e| report_plain(&e))?;
        return crate::interchange::cli::drive_savedmodel(opts, pm, &opts.input, start, print_opts);
    }
    let input = Input::open(&opts.input).map_err(|e| report_plain(&e))?;
    let name = input.name.clone();
    let bytes = input.bytes();
    let ext = Path::new(&opts.input).extension().and_then(|e| e.to_str()).unwrap_or("");
    if matches!(ext, "pt") {
        report_plain(&format!("{}: importing .{} files is not supported yet", name, ext));
        return Err(());
    }
    crate::emit::check_kind(opts).map_err(|e| report_plain(&e))?;
    if !opts.graphdef_to_mlir && crate::interchange::onnx::cli::is_onnx_input(ext, bytes) {
        let pm = build_pass_manager(opts, registry, flags, print_opts).map_err(|e| report_plain(&e))?;
        return crate::interchange::onnx::cli::drive_onnx(opts, pm, &name, &input.shared(), Imported { started: start, release: &|| input.release(0, usize::MAX) }, print_opts);
    }
    if crate::interchange::cli::is_graphdef_input(opts, ext) {
        let pm = build_pass_manager(opts, registry, flags, print_opts).map_err(|e| report_plain(&e))?;
        return crate::interchange::cli::drive_graphdef(opts, pm, &name, &input.shared(), Imported { started: start, release: &|| input.release(0, usize::MAX) }, print_opts);
    }
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
    let chunks: Vec<(usize, &str)> = if opts.split_input_file { split_chunks(text) } else { vec![(0, text)] };
    // Parsing gives the pages of a mapped file back as it goes (a single chunk only; the
    // chunks of --split-input-file are small).
    let release = |from: usize, to: usize| input.release(from, to);
    let no_release = |_: usize, _: usize| {};
    let release: crate::syntax::parallel::Release<'_> = if chunks.len() == 1 { &release } else { &no_release };
    let results: Vec<ChunkResult> = chunks
        .par_iter()
        .map(|&(_, chunk)| process_chunk(chunk, opts, registry, flags, print_opts, release))
        .collect();

    // Line tables are only needed to render diagnostics.
    let needs_lines = opts.verify_diagnostics || results.iter().any(|r| !r.diags.is_empty());
    let file = SourceFile::new(&name, if needs_lines { text } else { "" });
    let mut failed = false;
    let mut stderr = std::io::stderr().lock();
    let mut reporter = crate::diag::Reporter::new(opts.error_limit);
    for (r, &(offset, chunk)) in results.iter().zip(&chunks) {
        let diags: Vec<Diagnostic> = r.diags.iter().map(|d| d.clone().shifted(offset as u32)).collect();
        let _ = write!(stderr, "{}", r.dumps);
        if opts.verify_diagnostics {
            failed |= !check_expected(&file, chunk, offset, &diags, &mut stderr);
        } else {
            for d in &diags {
                reporter.report(&file, d, &mut stderr);
            }
            failed |= !diags.is_empty();
        }
    }
    let timing_display = if opts.timing_display == "list" { TimingDisplay::List } else { TimingDisplay::Tree };
    // Statistics and times of every chunk, summed.
    let mut report = StageReport::for_pipeline(&pm.root);
    let mut times = RunTimes::default();
    for r in &results {
        for (a, b) in report.iter_mut().zip(&r.report) {
            a.merge(b);
        }
        times.parser += r.parse_time;
        times.verifier += r.verify_time;
    }
    if opts.pass_statistics {
        let display = if opts.pass_statistics_display == "list" { StatisticsDisplay::List } else { StatisticsDisplay::Pipeline };
        let _ = write!(stderr, "{}", render_statistics(&pm.root, &report, display));
    }
    if !failed && results.iter().any(|r| r.ops.is_some()) {
        let (mut ops_in, mut ops_out) = Default::default();
        for (a, b) in results.iter().filter_map(|r| r.ops.as_ref()) {
            crate::passes::summary::OpCounts::merge(&mut ops_in, a);
            crate::passes::summary::OpCounts::merge(&mut ops_out, b);
        }
        let _ = write!(stderr, "{}", crate::passes::summary::render(&ops_in, &ops_out, &pm.root, &report, start.elapsed()));
    }
    reporter.finish(&name, &mut stderr);
    if failed {
        if opts.timing {
            times.total = start.elapsed();
            let _ = write!(stderr, "{}", render_timing(&pm.root, &report, times, timing_display));
        }
        return Err(());
    }
    // The input is not needed any more: free it before printing, when the module and the
    // output buffers are alive (the peak of memory use).
    drop(file);
    drop(chunks);
    drop(input);
    let modules: Vec<&Module> = results.iter().filter_map(|r| r.module.as_ref()).collect();
    if let Some(path) = &opts.name_map {
        let json = crate::rewrite::name_map::to_json(&crate::rewrite::name_map::collect(&modules));
        std::fs::write(path, json).map_err(|e| report_plain(&format!("cannot write name map '{}': {}", path, e)))?;
    }
    let t = std::time::Instant::now();
    let written = crate::emit::write_modules(&modules, opts, print_opts);
    if opts.timing {
        times.output = t.elapsed();
        times.total = start.elapsed();
        let _ = write!(stderr, "{}", render_timing(&pm.root, &report, times, timing_display));
    }
    // The process ends right after this: the operating system takes the modules' memory
    // back at once, where dropping them would free millions of allocations one by one (a
    // few tenths of a second on a million ops), as compilers commonly do.
    std::mem::forget(modules);
    std::mem::forget(results);
    written.map_err(|e| e.report())
}

/// `--verify-diagnostics` for one chunk: reports mismatches, returns whether all matched.
/// The rest of a run on a module imported from an interchange format (GraphDef, SavedModel,
/// ONNX), as for text input: the passes, with their IR dumps, `--pass-statistics`, the
/// conversion summary and `--timing` (the import, from `started`, counted as the input's
/// reading), then the output.
pub fn run_imported(opts: &Options, mut pm: PassManager, m: &mut Module, input: Imported, print_opts: PrintOptions) -> Result<(), ()> {
    let started = input.started;
    let mut times = RunTimes { parser: started.elapsed(), imported: true, ..RunTimes::default() };
    let counting = crate::passes::summary::wanted(opts.summary, opts.no_summary) && crate::passes::summary::has_conversion(&pm.root);
    let before = counting.then(|| crate::passes::summary::count_ops(m));
    let run = pm.run(m, |_, _| {});
    // Written piece by piece, not under one lock of stderr: the progress bars of the output
    // draw on it from their own thread.
    eprint!("{}", pm.instrumentation.dumps);
    times.verifier = pm.verify_time;
    if opts.pass_statistics {
        let display = if opts.pass_statistics_display == "list" { StatisticsDisplay::List } else { StatisticsDisplay::Pipeline };
        eprint!("{}", render_statistics(&pm.root, &pm.report, display));
    }
    let timing_display = if opts.timing_display == "list" { TimingDisplay::List } else { TimingDisplay::Tree };
    let timing = |times: &mut RunTimes| {
        if opts.timing {
            times.total = started.elapsed();
            eprint!("{}", render_timing(&pm.root, &pm.report, *times, timing_display));
        }
    };
    if let Err(d) = run {
        for x in d {
            eprintln!("amanda-opt: error: {}", x.message);
        }
        timing(&mut times);
        return Err(());
    }
    if let Some(before) = before {
        eprint!("{}", crate::passes::summary::render(&before, &crate::passes::summary::count_ops(m), &pm.root, &pm.report, started.elapsed()));
    }
    // The passes have read what they needed of the input's pages (a conversion has copied
    // the weights it permuted): they leave memory before printing, and those the output
    // still reads come back from the file.
    (input.release)();
    let t = std::time::Instant::now();
    let written = crate::emit::write_modules(&[&*m], opts, print_opts);
    times.output = t.elapsed();
    timing(&mut times);
    written.map_err(|e| e.report())
}

/// An input imported from an interchange format: when its reading started, and how to give
/// its mapped pages back (the module's tensors may be views of them; see [`Input::release`]).
pub struct Imported<'a> {
    pub started: std::time::Instant,
    pub release: &'a dyn Fn(),
}

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

/// What one chunk produced: the transformed module, or diagnostics; IR dumps, the
/// pipeline's report, and the time spent parsing and verifying.
struct ChunkResult {
    module: Option<Module>,
    diags: Vec<Diagnostic>,
    dumps: String,
    report: Vec<StageReport>,
    parse_time: std::time::Duration,
    verify_time: std::time::Duration,
    /// Ops by type before and after the pipeline, for the conversion summary.
    ops: Option<(crate::passes::summary::OpCounts, crate::passes::summary::OpCounts)>,
}

fn process_chunk(
    text: &str,
    opts: &Options,
    registry: &PassRegistry,
    flags: &[PassFlag],
    print_opts: PrintOptions,
    release: crate::syntax::parallel::Release<'_>,
) -> ChunkResult {
    let mut result = ChunkResult {
        module: None,
        diags: Vec::new(),
        dumps: String::new(),
        report: Vec::new(),
        parse_time: Default::default(),
        verify_time: Default::default(),
        ops: None,
    };
    let t0 = std::time::Instant::now();
    let mut module: Module = match crate::syntax::parse_module_releasing(text, release) {
        Ok(m) => m,
        Err(d) => {
            result.diags = d;
            return result;
        }
    };
    result.parse_time = t0.elapsed();
    let t1 = std::time::Instant::now();
    if !opts.no_verify {
        let mut d = crate::verify::verify_parsed(&module);
        d.extend(crate::namespace::verify_declared(&module));
        if !d.is_empty() {
            result.diags = d;
            return result;
        }
    }
    result.verify_time = t1.elapsed();
    if print_opts.canonical {
        if let Err(d) = crate::syntax::depth::check_alias_expansion(&module) {
            result.diags = d;
            return result;
        }
    }
    // Checked before any chunk ran (drive), so this does not fail.
    let Ok(mut pm) = build_pass_manager(opts, registry, flags, print_opts) else { return result };
    pm.ir_verified = !opts.no_verify;
    let counting = crate::passes::summary::wanted(opts.summary, opts.no_summary) && crate::passes::summary::has_conversion(&pm.root);
    let before = counting.then(|| crate::passes::summary::count_ops(&module));
    let run = pm.run(&mut module, |_, _| {});
    result.ops = before.map(|b| (b, crate::passes::summary::count_ops(&module)));
    result.dumps = std::mem::take(&mut pm.instrumentation.dumps);
    result.report = std::mem::take(&mut pm.report);
    result.verify_time += pm.verify_time;
    if let Err(d) = run {
        result.diags = d;
        return result;
    }
    result.module = Some(module);
    result
}
