//! Reading and writing other tools' graph formats (TensorFlow GraphDef).

pub mod cli;
pub mod graphdef;
