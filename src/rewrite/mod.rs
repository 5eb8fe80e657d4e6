//! The rewrite engine: patterns that match an op (or a subgraph rooted at it) and rewrite
//! it ([`Pattern`]), a greedy driver that applies them to a fixpoint over graph regions and
//! nested regions ([`driver::apply_greedily`], MLIR's `GreedyPatternRewriteDriver`), and a
//! [`Rewriter`] that keeps the graph sound while doing so: users of a replaced value follow
//! its replacement (ngraph's forwarding), control users and control inputs move to the
//! replacement, names and devices carry over, and every new op records the names of the ops
//! it came from as a fused location (`--name-map` reads them back, [`name_map`]).
//!
//! The mapping tables of `passes/` (`crate::tables`) are patterns of this engine.

pub mod driver;
pub mod name_map;
pub mod pattern;
pub mod rewriter;
pub mod text;

pub use driver::{apply_greedily, GreedyConfig, GreedyStats};
pub use pattern::Pattern;
pub use rewriter::Rewriter;
