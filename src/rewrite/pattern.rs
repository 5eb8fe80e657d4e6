//! What a rewrite pattern is: a root op name it is tried on (or any op), a benefit (higher
//! is tried first, MLIR's `PatternBenefit`), and `match_and_rewrite`, which either changes
//! nothing and returns `false`, or rewrites through the [`Rewriter`] and returns `true`.

use super::Rewriter;
use crate::diag::Diagnostic;
use crate::ir::OpId;

pub trait Pattern: Send + Sync {
    /// For messages and statistics.
    fn name(&self) -> &str;

    /// Tried in decreasing benefit, then in the order given to the driver.
    fn benefit(&self) -> i64 {
        1
    }

    /// The op name (`tfg.Softmax`, `torch.aten.matmul`) of the ops this pattern can root
    /// at; `None` to be tried on every op.
    fn root(&self) -> Option<&str>;

    /// Matches at `op` and rewrites. Must not change the IR when it returns `Ok(false)`.
    fn match_and_rewrite(&self, rw: &mut Rewriter<'_>, op: OpId) -> Result<bool, Diagnostic>;
}
