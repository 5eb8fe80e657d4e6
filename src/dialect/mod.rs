//! What amanda-opt knows of particular dialects' conventions, for passes and importers that
//! build and rewrite their ops in code: [`tfg`] (TensorFlow's graph dialect).

pub mod tfg;
pub mod tfg_func;
