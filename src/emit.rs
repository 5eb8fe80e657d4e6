//! `--emit=KIND`: the one place where the modules a run produced become its output, whatever
//! the input was (text, GraphDef, ONNX). Each kind is one arm of [`write_modules`]; the text
//! forms go through the printer, the interchange forms through their exporters.
//!
//! | kind | output |
//! |------|--------|
//! | `amir` (default) | MLIR text in the custom syntax of each dialect |
//! | `generic` | MLIR text in the generic op form (`--print-op-generic`) |
//! | `graphdef`, `pbtxt` | a TensorFlow GraphDef, binary or text (`-mlir-to-graphdef`: text) |
//! | `onnx` | an ONNX ModelProto |
//! | `dot` | a Graphviz view of the graphs ([`dot`]) |
//! | `pytorch` | a directory (`-o DIR`): `model.py` and `weights.safetensors` ([`pytorch`]) |

pub mod dot;
pub mod pytorch;

use rayon::prelude::*;

use crate::cli::Options;
use crate::ir::Module;
use crate::output::{write_output, OutputError};
use crate::printer::{print_module, print_module_to, PrintOptions};
use crate::syntax::split::SPLIT_MARKER;

/// The kinds `--emit` accepts.
pub const KINDS: &[&str] = &["amir", "generic", "graphdef", "pbtxt", "onnx", "dot", pytorch::KIND];

/// Whether `--emit` names a kind this tool writes; the error to report if not.
pub fn check_kind(opts: &Options) -> Result<(), String> {
    if opts.emit == pytorch::KIND {
        pytorch::check_options(opts)
    } else if KINDS.contains(&opts.emit.as_str()) {
        Ok(())
    } else {
        Err(format!("--emit={} is not supported (the kinds are: {})", opts.emit, KINDS.join(", ")))
    }
}

/// Writes the modules of one run (one per `--split-input-file` chunk) to `-o` as `--emit`
/// asks.
pub fn write_modules(modules: &[&Module], opts: &Options, print_opts: PrintOptions) -> Result<(), OutputError> {
    let failed = |e: String| OutputError::Failed(e);
    if opts.emit == pytorch::KIND {
        return pytorch::write(modules, opts);
    }
    if crate::interchange::cli::emits_graphdef(opts) {
        let out = match modules {
            [single] => crate::interchange::cli::export_bytes(single, opts),
            many => crate::interchange::cli::export_many(many, opts),
        }
        .map_err(failed)?;
        return write_output(&opts.output, |w| w.write_all(&out));
    }
    if crate::interchange::onnx::cli::emits_onnx(opts) {
        let [single] = modules else {
            return Err(failed("--emit=onnx writes one model: not with --split-input-file".to_string()));
        };
        let out = crate::interchange::onnx::cli::export_bytes(single).map_err(failed)?;
        return write_output(&opts.output, |w| w.write_all(&out));
    }
    if opts.emit == "dot" {
        return write_output(&opts.output, |w| w.write_all(dot::modules_to_dot(modules).as_bytes()));
    }
    if let [single] = modules {
        return write_output(&opts.output, |w| print_module_to(single, print_opts, w));
    }
    let texts: Vec<String> = modules.par_iter().map(|m| print_module(m, print_opts)).collect();
    let joined = texts.join(&format!("{}\n", SPLIT_MARKER));
    write_output(&opts.output, |w| w.write_all(joined.as_bytes()))
}
