//! Passes between TensorFlow's two forms of control flow: functional ops that call branch
//! and body functions (`If`, `Case`, `While`, `For` and their stateless forms) and region
//! ops that hold them inline (`IfRegion`, ...): `tfg-functional-to-region` and
//! `tfg-region-to-functional`.

pub mod common;
pub mod functional_to_region;

use super::pass::{OptionKind, PassOption};
use super::PassRegistry;
use crate::passes::PassInfo;

/// `tfg-region-to-functional`'s options (TensorFlow's passes.td).
const REGION_TO_FUNCTIONAL_OPTIONS: &[PassOption] = &[PassOption {
    name: "force-control-capture",
    kind: OptionKind::Bool,
    default: "false",
    description: "Force the capture of control tokens by inserting chain `Const` ops",
}];

/// Registers this family's passes.
pub fn register(r: &mut PassRegistry) {
    r.add(PassInfo {
        name: "tfg-functional-to-region",
        summary: "Convert functional control-flow ops to region-based.",
        options: &[],
        anchor: Some("builtin.module"),
        create: |_| Ok(Box::new(functional_to_region::run)),
    });
    let _ = REGION_TO_FUNCTIONAL_OPTIONS;
}
