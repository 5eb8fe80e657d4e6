//! The command line's GraphDef paths (kept here so src/cli.rs only dispatches): reading a
//! `.pb`/`.pbtxt` input (or any input with `-graphdef-to-mlir`), and writing the result as a
//! GraphDef (`--emit=graphdef` binary, `--emit=pbtxt` or `-mlir-to-graphdef` text).

use crate::cli::{Imported, Options};
use crate::ir::Module;
use crate::passes::PassManager;
use crate::printer::PrintOptions;

use super::graphdef;

/// Whether the input is a GraphDef: by flag, then by extension.
pub fn is_graphdef_input(opts: &Options, ext: &str) -> bool {
    opts.graphdef_to_mlir || matches!(ext, "pb" | "pbtxt")
}

/// Whether the output is a GraphDef.
pub fn emits_graphdef(opts: &Options) -> bool {
    opts.mlir_to_graphdef || matches!(opts.emit.as_str(), "graphdef" | "pbtxt")
}

/// The output bytes of a module as a GraphDef.
pub fn export_bytes(m: &Module, opts: &Options) -> Result<Vec<u8>, String> {
    let g = graphdef::export_module(m)?;
    Ok(if opts.emit == "graphdef" && !opts.mlir_to_graphdef {
        graphdef::proto::encode_graphdef(&g)
    } else {
        graphdef::pbtxt::print(&g).into_bytes()
    })
}

/// The `--split-input-file` chunks exported one by one, joined by `// -----` lines (as
/// mlir-translate joins its outputs).
pub fn export_many(ms: &[&Module], opts: &Options) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    for (i, m) in ms.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(b"// -----\n");
        }
        out.extend(export_bytes(m, opts)?);
    }
    Ok(out)
}

fn report(msg: &str) {
    eprintln!("amanda-opt: error: {}", msg);
}

/// Import → verify → passes → print or export, for a GraphDef input. Errors are reported
/// on stderr as they happen (as in `cli::drive`), hence the unit error.
#[allow(clippy::result_unit_err)]
pub fn drive_graphdef(opts: &Options, pm: PassManager, name: &str, bytes: &prost::bytes::Bytes, input: Imported, print_opts: PrintOptions) -> Result<(), ()> {
    let path = if opts.graphdef_to_mlir && !name.ends_with(".pb") && !name.ends_with(".pbtxt") && std::str::from_utf8(bytes).is_ok() {
        format!("{name}.pbtxt")
    } else {
        name.to_string()
    };
    if !opts.graphdef_to_mlir && super::savedmodel::is_saved_model_pb(name, bytes) {
        let dir = std::path::Path::new(name).parent().map(|p| p.display().to_string()).filter(|p| !p.is_empty()).unwrap_or_else(|| ".".into());
        report(&format!("{name}: this is a SavedModel's saved_model.pb, not a GraphDef: pass its directory instead (amanda-opt {dir})"));
        return Err(());
    }
    let decoding = crate::progress::Phase::start(&format!("reading {name}"), "", None);
    let g = graphdef::read_graphdef(&path, bytes).map_err(|e| report(&e))?;
    drop(decoding);
    drive_imported(opts, pm, name, &g, input, print_opts)
}

/// A SavedModel directory: its signature frozen to a GraphDef, then as a GraphDef input.
#[allow(clippy::result_unit_err)]
pub fn drive_savedmodel(opts: &Options, pm: PassManager, dir: &str, started: std::time::Instant, print_opts: PrintOptions) -> Result<(), ()> {
    let reading = crate::progress::Phase::start(&format!("reading SavedModel {dir}"), "", None);
    let g = super::savedmodel::load(std::path::Path::new(dir), &opts.tags, &opts.signature).map_err(|e| report(&e))?;
    drop(reading);
    drive_imported(opts, pm, dir, &g, Imported { started, release: &|| {} }, print_opts)
}

/// Import → verify → passes → print or export, for a GraphDef already read.
fn drive_imported(opts: &Options, pm: PassManager, name: &str, g: &graphdef::proto::GraphDef, input: Imported, print_opts: PrintOptions) -> Result<(), ()> {
    let nodes = g.node.len() + g.library.as_ref().map_or(0, |l| l.function.iter().map(|f| f.node_def.len()).sum());
    let importing = crate::progress::Phase::start(&format!("importing {name}"), "nodes", Some(nodes as u64));
    let mut m = graphdef::import_graphdef(g).map_err(|e| report(&format!("{name}: {e}")))?;
    drop(importing);
    if !opts.no_verify {
        let d = crate::verify::verify_module(&m);
        if let Some(first) = d.first() {
            report(&format!("{name}: imported IR does not verify: {}", first.message));
            return Err(());
        }
    }
    // Imported IR has no spelling of its own to preserve: print it as tfg-translate does.
    let print_opts = PrintOptions { canonical: true, ..print_opts };
    crate::cli::run_imported(opts, pm, &mut m, input, print_opts)
}
