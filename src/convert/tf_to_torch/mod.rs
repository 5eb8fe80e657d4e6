//! `convert-tf-to-torch{feeds input-shapes fetches func-name rules tags}`: a `tfg.graph` (or `tfg.func`) becomes
//! `func.func @main` in torch-mlir's `torch` dialect, in the form `torch_mlir.fx` writes
//! (value tensors, `torch.constant.*` operands, every aten op with its full TorchScript
//! operand list). docs/convert-tf-to-torch.md is the user's side.
//!
//! * [`types`] — TensorFlow tensor types and torch's `!torch.vtensor`.
//! * [`boundary`] — feeds, fetches, pruning, topological order, control edges.
//! * [`emitter`] — [`emitter::TorchEmitter`]: the generic aten emitter, constants, layouts.
//! * [`input_shapes`] — the `input-shapes` option: pinned dims for feeds of unknown dims.
//! * [`reading`] — what lowerings read of a TensorFlow node: types, attributes, known values.
//! * [`driver`] — runs a conversion with a *chooser* (which lowering converts each node).
//! * [`ops`] — the lowerings, one file per op family, and their registry.
//! * [`table`] — the mapping table `passes/convert-tf-to-torch.yaml` that chooses each node's
//!   lowering (its rules `call:` the lowerings by name), and the fallback to
//!   `lower-tf-to-primitive` for nodes it has no rule for.

pub mod boundary;
pub mod driver;
pub mod dynamic_batch;
pub mod emitter;
pub mod input_shapes;
pub mod ops;
pub mod reading;
pub mod table;
pub mod types;

pub use driver::{convert, Options};
pub use emitter::{Converted, Layout, TfNode, TorchEmitter};
pub use ops::{lowering, lowering_names, Lowering};

use crate::passes::{OptionKind, PassInfo, PassOption, PassRegistry};

const OPTIONS: &[PassOption] = &[
    PassOption {
        name: "feeds",
        kind: OptionKind::StringList,
        default: "",
        description: "Nodes (name or name:port) that become the function's arguments; default: the Placeholders something reads, in text order",
    },
    PassOption {
        name: "input-shapes",
        kind: OptionKind::StringList,
        default: "",
        description: "Pinned shapes for feeds with unknown dims (Keras's batch None): name:DxDx..., e.g. image:1x28x28x1",
    },
    PassOption {
        name: "fetches",
        kind: OptionKind::StringList,
        default: "",
        description: "Values (name or name:port) the function returns; default: the first data result of each node but a Placeholder whose data results nothing uses",
    },
    PassOption { name: "func-name", kind: OptionKind::String, default: "main", description: "Name of the torch function" },
    PassOption {
        name: "rules",
        kind: OptionKind::StringList,
        default: "",
        description: "Mapping-table files (YAML, amanda/tensorflow to amanda/pytorch) whose rules are asked before the built-in table's",
    },
    PassOption {
        name: "tags",
        kind: OptionKind::StringList,
        default: "",
        description: "Rule tags a mapping table selects with (the built-in lowerings have none)",
    },
];

/// Registers `convert-tf-to-torch`.
pub fn register(r: &mut PassRegistry) {
    r.add(PassInfo {
        name: "convert-tf-to-torch",
        summary: "Convert a TensorFlow graph (tfg.graph or tfg.func) to torch-mlir's torch dialect (func.func @main)",
        options: OPTIONS,
        anchor: None,
        create: |o| {
            let tables = std::sync::Arc::new(table::Tables::load(&o.list("rules"), crate::tables::Tags::new(o.list("tags")))?);
            let opts = Options {
                feeds: o.list("feeds"),
                input_shapes: input_shapes::parse(&o.list("input-shapes"))?,
                fetches: o.list("fetches"),
                func_name: o.string("func-name"),
            };
            Ok(Box::new(move |m: &mut crate::ir::Module, t, cx: &mut crate::passes::PassContext| {
                // TF1 control flow is raised to While/If with library functions first.
                if crate::passes::control_flow::functionalize::has_tf1_control_flow(m) {
                    let (loops, conds) = crate::passes::control_flow::functionalize::functionalize(m)?;
                    cx.stat("num-tf1-while", "TF1 while loops raised to While/StatelessWhile first", loops as u64);
                    cx.stat("num-tf1-if", "TF1 conditionals raised to If/StatelessIf (or Case) first", conds as u64);
                }
                let lowered = table::lower_unconvertible(m, t, &tables)?;
                cx.stat("num-lowered", "Rewrites by lower-tf-to-primitive of nodes the table has no rule for", lowered);
                // The rule that chose each node's lowering, counted for the statistics.
                let rules = std::cell::RefCell::new(Vec::<(String, u64)>::new());
                let choose = |m: &crate::ir::Module, op: crate::ir::OpId| {
                    let chosen = tables.choose(m, op);
                    if let Some(c) = &chosen {
                        let mut rules = rules.borrow_mut();
                        match rules.iter_mut().find(|r| r.0 == c.rule.rule) {
                            Some(r) => r.1 += 1,
                            None => rules.push((c.rule.rule.clone(), 1)),
                        }
                    }
                    chosen
                };
                let done = driver::run(m, t, &opts, &choose)?;
                cx.stat("num-torch-ops", "Number of torch ops emitted", done.emitted);
                cx.stat("num-weights-relaid", "Layout ops of weights computed at conversion time (torch-fold-weight-layout)", done.relaid);
                cx.stat("num-conv-affine-fused", "Per-channel adds and multiplies folded into convolutions (torch-fold-conv-affine)", done.fused);
                cx.stat("num-layer-norms-raised", "Layer normalizations raised to aten.layer_norm (torch-raise-layer-norm)", done.layer_norms);
                cx.stat("num-gelus-raised", "GELUs raised to aten.gelu (torch-raise-gelu)", done.gelus);
                cx.stat("num-dense-raised", "Tensordots made one matmul and biases moved before a split (torch-raise-dense)", done.dense);
                for (rule, k) in rules.into_inner() {
                    cx.stat(crate::passes::summary::rule_stat(&rule), crate::passes::summary::RULE_DESCRIPTION, k);
                }
                cx.mark_changed();
                Ok(())
            }))
        },
    });
}
