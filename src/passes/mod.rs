//! Passes and the pass manager: what a pass is ([`pass`]), the registry of every pass
//! ([`registry`]), the pipeline that runs them ([`manager`]), and the passes themselves by
//! family.

pub mod canonicalize;
pub mod control_flow;
pub mod folding;
pub mod functions;
pub mod manager;
pub mod pass;
pub mod registry;
pub mod structural;

pub use manager::PassManager;
pub use pass::{OptionKind, Pass, PassContext, PassInfo, PassOption, PassOptions, PassTarget, Split, SplitPass};
pub use registry::PassRegistry;
