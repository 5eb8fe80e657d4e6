//! Reading and writing other tools' graph formats (TensorFlow GraphDef, ONNX).

pub mod cli;
pub mod graphdef;
pub mod onnx;
pub mod savedmodel;

/// The shared byte buffer the readers take their input as (weights stay slices of it).
pub use prost::bytes::Bytes;
