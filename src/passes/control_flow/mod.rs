//! Passes between TensorFlow's two forms of control flow: functional ops that call branch
//! and body functions (`If`, `Case`, `While`, `For` and their stateless forms) and region
//! ops that hold them inline (`IfRegion`, ...): `tfg-functional-to-region` and
//! `tfg-region-to-functional`.
//!
//! * [`common`]: the op pairs, attribute forwarding, the symbol table, token lookups;
//!   [`worklist`]: the order TensorFlow's rewrite driver visits ops in.
//! * [`functional_to_region`]: inlining functions into regions.
//! * [`capture`], [`outline`], [`region_to_functional`]: the way back.
//! * [`functionalize`]: `tfg-functionalize-control-flow`, TF1 control flow (Switch/Merge,
//!   Enter/Exit/NextIteration/LoopCond) raised to functional `While` and `If`.

pub mod capture;
pub mod common;
pub mod functional_to_region;
pub mod functionalize;
pub mod outline;
pub mod region_to_functional;
pub mod worklist;

use super::pass::{OptionKind, PassOption};
use super::{PassContext, PassInfo, PassRegistry, PassTarget};

/// `tfg-region-to-functional`'s options (TensorFlow's passes.td).
const REGION_TO_FUNCTIONAL_OPTIONS: &[PassOption] = &[PassOption {
    name: "force-control-capture",
    kind: OptionKind::Bool,
    default: "false",
    description: "Force the capture of control tokens by inserting chain `Const` ops",
}];

/// Registers this family's passes (both anchored on the module, as in passes.td).
pub fn register(r: &mut PassRegistry) {
    r.add(PassInfo {
        name: "tfg-functional-to-region",
        summary: "Convert functional control-flow ops to region-based.",
        options: &[],
        anchor: Some("builtin.module"),
        create: |_| Ok(Box::new(functional_to_region::run)),
    });
    r.add(PassInfo {
        name: "tfg-region-to-functional",
        summary: "Convert region-based control-flow ops to functional.",
        options: REGION_TO_FUNCTIONAL_OPTIONS,
        anchor: Some("builtin.module"),
        create: |o| {
            let force = o.bool("force-control-capture");
            Ok(Box::new(move |m: &mut crate::ir::Module, t: PassTarget, cx: &mut PassContext| {
                region_to_functional::run(m, t, cx, force)
            }))
        },
    });
    r.add(PassInfo {
        name: "tfg-functionalize-control-flow",
        summary: "Raise TF1 control flow (Switch/Merge/Enter/Exit/NextIteration/LoopCond, _SwitchN) to While, If and Case with library functions.",
        options: &[],
        anchor: Some("builtin.module"),
        create: |_| Ok(Box::new(functionalize::run)),
    });
}
