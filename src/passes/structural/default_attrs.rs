//! The ops `tfg-add-default-attrs` and `tfg-strip-default-attrs` (TensorFlow's
//! graph_compactor) work on: every op of the target (the target op included, as MLIR's walk
//! does) that is a registered TensorFlow op, tfg's intrinsic ops and unknown ops left alone.
//! The defaults themselves come from the TensorFlow vocabulary (`namespace::defaults`).

use std::sync::Arc;

use super::tf_ops::TfOps;
use crate::ir::{Module, OpId};
use crate::namespace::OpSchema;
use crate::passes::PassTarget;

/// Every op of `target` with its TensorFlow op definition, parents first.
pub fn registered_ops(m: &Module, target: PassTarget, tf: &mut TfOps<'_>) -> Vec<(OpId, Arc<OpSchema>)> {
    let mut ops = target.nested_ops(m);
    if let PassTarget::Op(op) = target {
        ops.insert(0, op);
    }
    ops.into_iter().filter_map(|op| tf.schema(m, op).map(|s| (op, s))).collect()
}
