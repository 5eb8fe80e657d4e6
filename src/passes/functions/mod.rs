//! Passes over graphs, functions and the symbol table: `tfg-lift-graph-to-func`,
//! `tfg-lower-func-to-graph`, `tfg-consolidate-attrs`, `tfg-prepare-attrs-export`,
//! `tfg-lift-legacy-call`, `symbol-privatize`, `symbol-dce`, `inline` and pruning to fetches
//! (`tfg-prune`). Shared helpers: [`func_build`] (creating and re-signing `tfg.func`s) and
//! [`symbols`] (symbol names, visibility, references, calls).

pub mod consolidate_attrs;
pub mod func_build;
pub mod func_to_graph;
pub mod graph_to_func;
pub mod inline;
pub mod legacy_call;
pub mod prepare_attrs_export;
pub mod prune;
pub mod shapes;
pub mod symbol_dce;
pub mod symbol_privatize;
pub mod symbols;

use super::pass::{OptionKind, PassInfo, PassOption};
use super::PassRegistry;

const GRAPH_TO_FUNC_OPTIONS: &[PassOption] = &[
    PassOption {
        name: "feeds",
        kind: OptionKind::StringList,
        default: "",
        description: "Comma separated list of ops that will be turned into arguments.",
    },
    PassOption {
        name: "fetches",
        kind: OptionKind::StringList,
        default: "",
        description: "Comma separated list of ops that will be turned into results.",
    },
    PassOption {
        name: "control_rets",
        kind: OptionKind::StringList,
        default: "",
        description: "Comma separated list of ops that will be turned into control returned.",
    },
];

const PRIVATIZE_OPTIONS: &[PassOption] = &[PassOption {
    name: "exclude",
    kind: OptionKind::StringList,
    default: "",
    description: "Comma separated symbols that should not be marked private",
}];

/// MLIR's `inline` options, accepted for compatibility: tfg functions hold no op the
/// canonicalizer could fold or erase, so the callable pipelines are not run.
const INLINE_OPTIONS: &[PassOption] = &[
    PassOption {
        name: "default-pipeline",
        kind: OptionKind::String,
        default: "canonicalize",
        description: "The optimizer pipeline used for callables that do not have a dedicated optimizer pipeline in opPipelineList (accepted, not run)",
    },
    PassOption {
        name: "op-pipelines",
        kind: OptionKind::StringList,
        default: "",
        description: "Callable operation specific optimizer pipelines (accepted, not run)",
    },
    PassOption {
        name: "max-iterations",
        kind: OptionKind::Int,
        default: "4",
        description: "Maximum number of iterations when inlining within an SCC (recursive functions are never inlined)",
    },
    PassOption {
        name: "inlining-threshold",
        kind: OptionKind::Int,
        default: "-1",
        description: "If the ratio between the number of the operations in the callee and the number of the operations in the caller exceeds this value (in percentage), then the callee is not inlined even if it is legal to inline it (accepted, not used)",
    },
];

const PRUNE_OPTIONS: &[PassOption] = &[PassOption {
    name: "fetches",
    kind: OptionKind::StringList,
    default: "",
    description: "Comma separated list of nodes (name, name:port or ^name) to keep with everything they need",
}];

/// Registers this family's passes.
pub fn register(r: &mut PassRegistry) {
    r.add(PassInfo {
        name: "tfg-lift-graph-to-func",
        summary: "Turns a graph into a function.",
        options: GRAPH_TO_FUNC_OPTIONS,
        anchor: Some("builtin.module"),
        create: |o| {
            Ok(Box::new(graph_to_func::GraphToFunc { feeds: o.list("feeds"), fetches: o.list("fetches"), control_rets: o.list("control_rets") }))
        },
    });
    r.add(PassInfo {
        name: "tfg-lower-func-to-graph",
        summary: "Turns a function back to a graph",
        options: &[],
        anchor: Some("builtin.module"),
        create: |_| Ok(Box::new(func_to_graph::run)),
    });
    r.add(PassInfo {
        name: "tfg-consolidate-attrs",
        summary: "Reify type data from attributes to types.",
        options: &[],
        anchor: Some("builtin.module"),
        create: |_| Ok(Box::new(consolidate_attrs::run)),
    });
    r.add(PassInfo {
        name: "tfg-prepare-attrs-export",
        summary: "Legalize ops' attributes for export.",
        options: &[],
        anchor: Some("builtin.module"),
        create: |_| Ok(Box::new(prepare_attrs_export::run)),
    });
    r.add(PassInfo {
        name: "tfg-lift-legacy-call",
        summary: "Tag legacy calls with symbol references to add symbol uses",
        options: &[],
        anchor: Some("builtin.module"),
        create: |_| Ok(Box::new(legacy_call::run)),
    });
    r.add(PassInfo {
        name: "symbol-privatize",
        summary: "Mark symbols private",
        options: PRIVATIZE_OPTIONS,
        anchor: None,
        create: |o| Ok(Box::new(symbol_privatize::SymbolPrivatize { exclude: o.list("exclude") })),
    });
    r.add(PassInfo {
        name: "symbol-dce",
        summary: "Eliminate dead symbols",
        options: &[],
        anchor: None,
        create: |_| Ok(Box::new(symbol_dce::run)),
    });
    r.add(PassInfo {
        name: "inline",
        summary: "Inline calls of the module's tfg functions (legacy calls, PartitionedCall/StatefulPartitionedCall)",
        options: INLINE_OPTIONS,
        anchor: None,
        create: |_| Ok(Box::new(inline::run)),
    });
    r.add(PassInfo {
        name: "tfg-prune",
        summary: "Keep only the nodes the fetches (and function returns) need through data and control edges",
        options: PRUNE_OPTIONS,
        anchor: None,
        create: |o| Ok(Box::new(prune::Prune { fetches: o.list("fetches") })),
    });
}
