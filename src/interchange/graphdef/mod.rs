//! TensorFlow GraphDef interchange: binary (`.pb`) and text (`.pbtxt`) protobuf, imported to
//! and exported from tfg IR as TensorFlow's `tfg-translate` does.

pub mod convert;
pub mod export;
pub mod generic;
pub mod import;
pub mod pbtxt;
pub mod proto;
#[cfg(test)]
mod shared_tests;

pub use export::export_module;
pub use import::import_graphdef;

/// Reads a GraphDef from bytes: text format when the path ends in `.pbtxt` (or the content
/// is not valid binary protobuf but looks like text), binary otherwise. Tensor contents of a
/// binary GraphDef are slices of `bytes` (shared, not copied).
pub fn read_graphdef(path: &str, bytes: &prost::bytes::Bytes) -> Result<proto::GraphDef, String> {
    let text_ext = path.ends_with(".pbtxt") || path.ends_with(".pbtext") || path.ends_with(".txt");
    if text_ext {
        return pbtxt::parse(bytes).map_err(|e| format!("{path}:{e}"));
    }
    match proto::decode_graphdef(bytes.clone()) {
        Ok(g) => Ok(g),
        Err(e) => match pbtxt::parse(bytes) {
            Ok(g) if !bytes.is_empty() => Ok(g),
            _ => Err(format!("{path}: {e}")),
        },
    }
}
