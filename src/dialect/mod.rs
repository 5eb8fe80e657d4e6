//! What amanda-opt knows of particular dialects' conventions, for passes and importers that
//! build and rewrite their ops in code: [`tfg`] (TensorFlow's graph dialect) and
//! [`schema_node`] (tfg nodes built from their namespace schema); [`traits`] is what an op's
//! name alone says of it (isolated from above, intrinsic, branch or loop, forwarding);
//! [`torch_dtype`] is torch's element types and all their names.

pub mod schema_node;
pub mod tfg;
pub mod tfg_func;
pub mod torch_dtype;
pub mod traits;
