//! `--emit=pytorch -o DIR`: torch-namespace IR (a `func.func` of torch-mlir's `torch` ops, as
//! `--pass=convert-tf-to-torch` writes it) as a PyTorch program: `DIR/model.py` (a
//! `torch.nn.Module` rendered from the templates next to this file, see [`render`]) and
//! `DIR/weights.safetensors` (its weights, see [`weights`]), which `model.py`'s `load()` reads.
//!
//! Everything is rendered in memory first, so an unsupported op or a bad literal writes
//! nothing. A new `DIR` is written as a temporary sibling directory renamed into place; in an
//! existing `DIR` each file is replaced whole (`src/output.rs`), weights first.

pub mod classify;
mod control;
pub mod layers;
mod recurrent;
pub mod names;
pub mod render;
pub mod scopes;
pub mod spelling;
pub mod weights;

use std::path::{Path, PathBuf};

use crate::cli::Options;
use crate::ir::Module;
use crate::output::{write_output, OutputError};

/// The `--emit` kind.
pub const KIND: &str = "pytorch";

/// The options `--emit=pytorch` needs: a directory to write (`-o DIR`).
pub fn check_options(opts: &Options) -> Result<(), String> {
    if opts.output == "-" {
        return Err("--emit=pytorch writes a directory (model.py and weights.safetensors): give it with -o DIR".to_string());
    }
    if opts.split_input_file {
        return Err("--emit=pytorch writes one model: not with --split-input-file".to_string());
    }
    Ok(())
}

/// Writes the program of the one module of the run to `-o DIR`.
pub fn write(modules: &[&Module], opts: &Options) -> Result<(), OutputError> {
    let failed = OutputError::Failed;
    check_options(opts).map_err(failed)?;
    let [single] = modules else {
        return Err(failed("--emit=pytorch writes one model: not with --split-input-file".to_string()));
    };
    let program = render::render(single, &opts.input, opts.pytorch_trainable, opts.pytorch_modules).map_err(|e| failed(located(e, &opts.input)))?;
    let weights = weights::safetensors(&program.weights);
    write_dir(Path::new(&opts.output), &[("weights.safetensors", &weights), ("model.py", program.model_py.as_bytes())])
}

/// The message of `e`, led by `file:line:col` of the first op it is about when that op was
/// read from the text of `input`.
fn located(e: classify::RenderError, input: &str) -> String {
    let Some(span) = e.spans.iter().find(|s| !s.is_empty()) else { return e.message };
    if input == "-" {
        return e.message;
    }
    match std::fs::read_to_string(input) {
        Ok(text) => {
            let (line, col) = crate::diag::SourceFile::new(input, &text).line_col(span.start as usize);
            format!("{input}:{line}:{col}: {}", e.message)
        }
        Err(_) => e.message,
    }
}

/// Writes `files` into `dir`, as the module doc says.
fn write_dir(dir: &Path, files: &[(&str, &[u8])]) -> Result<(), OutputError> {
    let shown = |what: &Path, e: std::io::Error| OutputError::Failed(format!("cannot write '{}': {}", what.display(), e));
    match std::fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => {
            for (name, bytes) in files {
                let path = dir.join(name);
                write_output(&path.to_string_lossy(), |w| w.write_all(bytes))?;
            }
            Ok(())
        }
        Ok(_) => Err(OutputError::Failed(format!("-o '{}' is not a directory: --emit=pytorch writes a directory", dir.display()))),
        Err(_) => {
            let parent = match dir.parent() {
                Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                _ => PathBuf::from("."),
            };
            std::fs::create_dir_all(&parent).map_err(|e| shown(&parent, e))?;
            let base = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "model".to_string());
            let tmp = parent.join(format!(".{base}.tmp-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&tmp);
            let result = (|| {
                std::fs::create_dir(&tmp)?;
                for (name, bytes) in files {
                    std::fs::write(tmp.join(name), bytes)?;
                }
                std::fs::rename(&tmp, dir)
            })();
            if let Err(e) = result {
                let _ = std::fs::remove_dir_all(&tmp);
                return Err(shown(dir, e));
            }
            Ok(())
        }
    }
}
