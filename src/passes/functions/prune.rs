//! placeholder
use crate::diag::Diagnostic; use crate::ir::Module; use crate::passes::{PassContext, PassTarget};
pub fn run(_m: &mut Module, _t: PassTarget, _cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> { Ok(()) }
pub struct Prune { pub fetches: Vec<String> }
impl crate::passes::Pass for Prune { fn run(&self, _m: &mut Module, _t: PassTarget, _cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> { Ok(()) } }
