//! The command line's ONNX paths (src/cli.rs only dispatches): reading a `.onnx` input (or a
//! binary ModelProto without the extension) and writing `--emit=onnx`.

use crate::cli::Options;
use crate::diag::Diagnostic;
use crate::ir::Module;
use crate::passes::PassManager;
use crate::printer::PrintOptions;

use super::import::Origins;

/// Whether the input is an ONNX model: by extension, then by content.
pub fn is_onnx_input(ext: &str, bytes: &[u8]) -> bool {
    ext == "onnx" || (!matches!(ext, "pb" | "pbtxt" | "mlir") && super::looks_like_model(bytes))
}

pub fn emits_onnx(opts: &Options) -> bool {
    opts.emit == "onnx"
}

/// The bytes of a module as a ModelProto.
pub fn export_bytes(m: &Module) -> Result<Vec<u8>, String> {
    let model = super::export_model(m)?;
    Ok(super::proto::encode(&model))
}

fn report(msg: &str) {
    eprintln!("amanda-opt: error: {}", msg);
}

/// A diagnostic on imported IR, naming the node its op came from.
fn located(d: &Diagnostic, origins: &Origins) -> String {
    match d.span.and_then(|s| origins.nodes.get(s.start as usize)) {
        Some(o) => format!("{}: {}", o, d.message),
        None => d.message.clone(),
    }
}

/// Decodes, imports and verifies a model (structure and namespace). Tensors' raw data stay
/// slices of `bytes` (shared, not copied).
pub fn load(name: &str, bytes: &prost::bytes::Bytes, verify: bool) -> Result<Module, String> {
    let decoding = crate::progress::Phase::start(&format!("reading {name}"), "", None);
    let model = super::proto::decode_model(bytes.clone()).map_err(|e| format!("{name}: {e}"))?;
    drop(decoding);
    let importing = crate::progress::Phase::start(&format!("importing {name}"), "nodes", Some(super::proto::import_work(&model)));
    let (m, origins) = super::import_model(&model).map_err(|e| format!("{name}: {e}"))?;
    drop(importing);
    if verify {
        let mut d = crate::verify::verify_module(&m);
        d.extend(crate::namespace::verify_declared(&m));
        if !d.is_empty() {
            let msgs: Vec<String> = d.iter().map(|x| located(x, &origins)).collect();
            return Err(format!("{name}: imported IR does not verify:\n  {}", msgs.join("\n  ")));
        }
    }
    Ok(m)
}

/// Import → verify → passes → print or export, for an ONNX input. Errors are reported on
/// stderr as they happen, hence the unit error.
#[allow(clippy::result_unit_err)]
pub fn drive_onnx(opts: &Options, pm: PassManager, name: &str, bytes: &prost::bytes::Bytes, input: crate::cli::Imported, print_opts: PrintOptions) -> Result<(), ()> {
    let mut m = load(name, bytes, !opts.no_verify).map_err(|e| report(&e))?;
    crate::cli::run_imported(opts, pm, &mut m, input, print_opts)
}
