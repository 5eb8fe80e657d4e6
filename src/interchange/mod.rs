//! Reading and writing other tools' graph formats (TensorFlow GraphDef, ONNX).

pub mod cli;
pub mod graphdef;
pub mod onnx;
