//! placeholder
use crate::diag::Diagnostic; use crate::ir::Module; use crate::passes::{PassContext, PassTarget};
pub fn run(_m: &mut Module, _t: PassTarget, _cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> { Ok(()) }
