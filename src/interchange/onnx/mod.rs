//! ONNX interchange: a binary ModelProto (`.onnx`) imported to onnx-mlir-style IR declared
//! against the ONNX namespace of the model's opsets, and exported back to an equal ModelProto
//! (docs/interchange-onnx.md).

pub mod cli;
pub mod convert;
pub mod export;
pub mod import;
pub mod proto;
#[cfg(test)]
mod shared_tests;

pub use export::export_model;
pub use import::import_model;

/// Whether bytes look like a binary ModelProto (for inputs without the `.onnx` extension): not
/// text, starting with the `ir_version` field, and decoding with a graph.
pub fn looks_like_model(bytes: &[u8]) -> bool {
    if bytes.first() != Some(&0x08) || std::str::from_utf8(bytes).is_ok() {
        return false;
    }
    proto::decode_model(bytes).is_ok_and(|m| m.ir_version.is_some() && m.graph.is_some())
}
