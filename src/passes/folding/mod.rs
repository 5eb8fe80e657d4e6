//! Passes that compute: `tfg-shape-inference` (result types from the shape functions of
//! common TensorFlow ops) and `tfg-constant-folding` (Grappler's constant folding rules as
//! TensorFlow's tfg port has them, with an evaluator for the ops it folds) and
//! `tfg-remapper` (TensorFlow's fusions of contractions, batch norms and string hashing).

pub mod constant_folding;
pub mod eval;
pub mod op_kinds;
pub mod patterns;
pub mod remapper;
pub mod shape_inference;
pub mod shapes;
pub mod tensor;

use super::pass::{OptionKind, PassInfo, PassOption};
use super::PassRegistry;

const CONSTANT_FOLDING_OPTIONS: &[PassOption] = &[
    PassOption { name: "nodes-to-preserve", kind: OptionKind::StringList, default: "", description: "Comma separated list of ops that won't be optimized." },
    PassOption { name: "feeds", kind: OptionKind::StringList, default: "", description: "Comma separated list of feed ops." },
    PassOption { name: "fetches", kind: OptionKind::StringList, default: "", description: "Comma separated list of fetch ops." },
    PassOption {
        name: "disable-compressed-tensor-optimization",
        kind: OptionKind::Bool,
        default: "false",
        description: "Determine if we should disable compressed tensor optimization",
    },
    PassOption {
        name: "fold-quantization-emulation",
        kind: OptionKind::Bool,
        default: "true",
        description: "Determine if we should fold quantization emulation ops",
    },
    PassOption { name: "pattern-category", kind: OptionKind::Int, default: "0", description: "Select the pattern kind: 0 all, 1 folding, 2 propagation" },
    MAX_CONSTANT_BYTES_OPTION,
];

/// `max-constant-bytes` (amanda-opt's, not TensorFlow's tfg pass option): the declared size
/// of a tensor is untrusted input, so the passes expand a constant to its elements only
/// within this budget (Grappler's `max_constant_size_in_bytes`).
const MAX_CONSTANT_BYTES_OPTION: PassOption = PassOption {
    name: "max-constant-bytes",
    kind: OptionKind::Int,
    default: "10485760",
    description: "The most bytes a constant may declare for the pass to hold its elements one by one (10 MiB, as Grappler); larger values are left unfolded unless they stay splats",
};

const REMAPPER_OPTIONS: &[PassOption] = &[
    PassOption { name: "enable-onednn-patterns", kind: OptionKind::Bool, default: "false", description: "Enable the oneDNN related patterns." },
    PassOption { name: "verify-pdll-patterns-only", kind: OptionKind::Bool, default: "false", description: "Only enable PDLL patterns." },
    PassOption { name: "xla-auto-clustering", kind: OptionKind::Bool, default: "false", description: "Determine whether XLA auto clustering is enabled." },
];

const SHAPE_INFERENCE_OPTIONS: &[PassOption] = &[
    PassOption { name: "graph-version", kind: OptionKind::Int, default: "0", description: "The graph producer version" },
    MAX_CONSTANT_BYTES_OPTION,
];

/// Registers this family's passes.
pub fn register(r: &mut PassRegistry) {
    r.add(PassInfo {
        name: "tfg-shape-inference",
        summary: "Infer the output shape of operations",
        options: SHAPE_INFERENCE_OPTIONS,
        anchor: None,
        create: |o| {
            let max_bytes = o.int("max-constant-bytes");
            Ok(Box::new(move |m: &mut crate::ir::Module, t, cx: &mut super::PassContext| shape_inference::run(m, t, cx, max_bytes)))
        },
    });
    r.add(PassInfo {
        name: "tfg-remapper",
        summary: "Remap operations to decrease amount of operations",
        options: REMAPPER_OPTIONS,
        anchor: None,
        create: |o| {
            let opts = remapper::Options {
                enable_onednn_patterns: o.bool("enable-onednn-patterns"),
                verify_pdll_patterns_only: o.bool("verify-pdll-patterns-only"),
                xla_auto_clustering: o.bool("xla-auto-clustering"),
            };
            Ok(Box::new(move |m: &mut crate::ir::Module, t, cx: &mut super::PassContext| remapper::run(m, t, cx, opts)))
        },
    });
    r.add(PassInfo {
        name: "tfg-constant-folding",
        summary: "constant-folding on tfg",
        options: CONSTANT_FOLDING_OPTIONS,
        // Declared without an op in passes.td: it folds the bodies of graphs and functions.
        anchor: None,
        create: |o| {
            let opts = constant_folding::Options::from_pass_options(o);
            Ok(Box::new(move |m: &mut crate::ir::Module, t, cx: &mut super::PassContext| constant_folding::run(m, t, cx, &opts)))
        },
    });
}
