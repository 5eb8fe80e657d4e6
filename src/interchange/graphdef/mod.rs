//! TensorFlow GraphDef interchange: binary (`.pb`) and text (`.pbtxt`) protobuf, imported to
//! and exported from tfg IR as TensorFlow's `tfg-translate` does.

pub mod pbtxt;
pub mod proto;
