//! Passes and the pass manager: what a pass is ([`pass`]), the registry of every pass
//! ([`registry`]), pipeline text ([`pipeline`]) and how pipelines are built from it and
//! from flags ([`build`]), running them ([`manager`]), IR dumps, timing and statistics
//! ([`instrumentation`]), `--list-passes` ([`listing`]), the passes themselves by family,
//! and passes that test the pass manager ([`testing`]).

pub mod build;
pub mod canonicalize;
pub mod control_flow;
pub mod folding;
pub mod functions;
pub mod instrumentation;
pub mod listing;
pub mod manager;
pub mod pass;
pub mod pipeline;
pub mod registry;
pub mod structural;
pub mod summary;
pub mod testing;

pub use manager::PassManager;
pub use pass::{OptionKind, Pass, PassContext, PassInfo, PassOption, PassOptions, PassTarget, Split, SplitPass};
pub use registry::PassRegistry;
