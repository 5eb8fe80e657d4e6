//! Passes that reorder, merge or rename ops without changing what the graph computes:
//! TensorFlow's `tfg-toposort`, `tfg-cse`, `tfg-name-compress`, `tfg-dedupe-hoist-constant`,
//! `tfg-cf-sink`, `tfg-eliminate-passthrough-iter-args`, `tfg-drop-unregistered-output-shapes`,
//! `tfg-add-default-attrs` and `tfg-strip-default-attrs`.

pub mod add_default_attrs;
pub mod cf_sink;
pub mod cse;
pub mod dedupe_hoist_constant;
pub mod default_attrs;
pub mod drop_output_shapes;
pub mod eliminate_passthrough_iter_args;
pub mod name_compress;
pub mod strip_default_attrs;
pub mod tf_ops;
pub mod toposort;

use super::pass::PassInfo;
use super::registry::simple;
use super::PassRegistry;

/// Registers this family's passes.
pub fn register(r: &mut PassRegistry) {
    r.add(simple("tfg-toposort", "Topologically sort graph and function regions", None, |_| {
        Ok(Box::new(crate::passes::Split(toposort::TopoSort)))
    }));
    r.add(simple("tfg-cse", "Common sub-expression elimination, ignoring op names", Some("tfg.func"), |_| Ok(Box::new(crate::passes::Split(cse::Cse)))));
    r.add(simple("tfg-name-compress", "Compress the graph by shortening names", Some("tfg.func"), |_| {
        Ok(Box::new(name_compress::run))
    }));
    r.add(simple("tfg-add-default-attrs", "Add default-valued attributes to the graph", None, |_| {
        Ok(Box::new(add_default_attrs::run))
    }));
    r.add(simple(
        "tfg-strip-default-attrs",
        "Removes default-valued attributes from the graph",
        None,
        |_| Ok(Box::new(strip_default_attrs::run)),
    ));
    r.add(PassInfo {
        name: "tfg-drop-unregistered-output-shapes",
        summary: "Drop _output_shapes attribute",
        options: drop_output_shapes::OPTIONS,
        anchor: None,
        create: |o| Ok(Box::new(drop_output_shapes::DropOutputShapes { skip: o.list("skip") })),
    });
    r.add(PassInfo {
        name: "tfg-dedupe-hoist-constant",
        summary: "Dedupe and hoist constants",
        options: dedupe_hoist_constant::OPTIONS,
        anchor: None,
        create: |o| {
            Ok(Box::new(dedupe_hoist_constant::DedupeHoistConstant {
                max_size: o.int("max-size"),
                assume_strict_calls: o.bool("assume-strict-calls"),
            }))
        },
    });
    r.add(simple("tfg-cf-sink", "Perform control-flow sink on region-based control-flow", Some("tfg.func"), |_| {
        Ok(Box::new(cf_sink::run))
    }));
    r.add(simple(
        "tfg-eliminate-passthrough-iter-args",
        "Eliminate passthrough loop iteration arguments",
        None,
        |_| Ok(Box::new(eliminate_passthrough_iter_args::run)),
    ));
}
