//! `tfg-functionalize-control-flow`: TF1 control flow (`Switch`/`Merge`/`Enter`/`Exit`/
//! `NextIteration`/`LoopCond` and their `Ref` forms) raised to functional control flow, as
//! TensorFlow's `FunctionalizeControlFlow` (tensorflow/compiler/tf2xla) does:
//!
//! * [`frames`]: which while-loop frame each node is in;
//! * [`while_loop`]: each frame, innermost first, becomes a `While`/`StatelessWhile` node
//!   whose `cond` and `body` are new functions of the library;
//! * [`cond`]: `Switch`es on one predicate and the `Merge`s that join their branches become
//!   an `If`/`StatelessIf` with `then_branch`/`else_branch` functions (`_SwitchN`s, from
//!   TensorFlow's lowering of `Case`, a `Case`/`StatelessCase`), innermost first;
//! * [`outline`]: building those functions from sets of nodes.
//!
//! It runs on the module's `tfg.graph` and every non-generic `tfg.func` (and the functions it
//! creates). Anything it cannot raise is an error naming the node; nothing is dropped.

pub mod cond;
pub mod frames;
pub mod outline;
pub mod while_loop;

use crate::diag::Diagnostic;
use crate::ir::{BlockId, Module, OpId};
use crate::passes::control_flow::common::SymbolTable;
use crate::passes::structural::tf_ops::TfOps;
use crate::passes::{PassContext, PassTarget};

/// The TF1 control-flow op kinds (a `Ref` form is its plain kind).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Switch,
    /// `_SwitchN`: the N-way switch of TensorFlow's lowered `Case`.
    SwitchN,
    Merge,
    Enter,
    Exit,
    NextIteration,
    LoopCond,
}

/// The TF1 control-flow kind of a node.
pub fn kind(m: &Module, op: OpId) -> Option<Kind> {
    if !crate::dialect::tfg::is_tfg(m, op) {
        return None;
    }
    Some(match crate::dialect::tfg::op_type(m, op) {
        "Switch" | "RefSwitch" => Kind::Switch,
        "_SwitchN" => Kind::SwitchN,
        "Merge" | "RefMerge" => Kind::Merge,
        "Enter" | "RefEnter" => Kind::Enter,
        "Exit" | "RefExit" => Kind::Exit,
        "NextIteration" | "RefNextIteration" => Kind::NextIteration,
        "LoopCond" => Kind::LoopCond,
        _ => return None,
    })
}

/// Whether any op of the module (nested ones too) is TF1 control flow.
pub fn has_tf1_control_flow(m: &Module) -> bool {
    m.top_ops().into_iter().any(|top| {
        let mut found = false;
        m.body.walk(top, |o| found |= kind(m, o).is_some());
        found
    })
}

/// The pass, on the whole module.
pub fn run(m: &mut Module, _target: PassTarget, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
    let (loops, conds) = functionalize(m)?;
    cx.stat("num-while", "TF1 while loops raised to While/StatelessWhile", loops as u64);
    cx.stat("num-if", "TF1 conditionals raised to If/StatelessIf (_SwitchN ones to Case/StatelessCase)", conds as u64);
    cx.mark_changed_if(loops + conds > 0);
    Ok(())
}

/// Raises every TF1 loop and conditional of the module; returns how many of each.
pub fn functionalize(m: &mut Module) -> Result<(usize, usize), Vec<Diagnostic>> {
    crate::namespace::with_registry(|reg| {
        let mut tf = TfOps::new(reg);
        let root = m.root_block();
        let mut symbols = SymbolTable::new(m, root);
        let bodies = |m: &Module| -> Vec<(OpId, BlockId)> {
            m.body
                .block_ops(root)
                .filter(|&o| match m.op_name(o) {
                    "tfg.graph" => true,
                    "tfg.func" => m.op_attr(o, "generic").is_none(),
                    _ => false,
                })
                .filter_map(|o| Some((o, crate::dialect::tfg::body_block(m, o)?)))
                .collect()
        };
        let malformed: Vec<Diagnostic> = bodies(m).into_iter().flat_map(|(_, b)| m.body.block_ops(b)).filter_map(|op| check_signature(m, op)).collect();
        if !malformed.is_empty() {
            return Err(malformed);
        }
        let mut loops = 0;
        for (_, block) in bodies(m) {
            loops += while_loop::raise_all(m, block, &mut symbols, &mut tf)?;
        }
        // The loop functions hold the conditionals of loop bodies: every body, new ones too.
        let mut conds = 0;
        for (_, block) in bodies(m) {
            conds += cond::raise_all(m, block, &mut symbols, &mut tf)?;
        }
        let mut errors = Vec::new();
        for (_, block) in bodies(m) {
            for op in m.body.block_ops(block) {
                if kind(m, op).is_some() {
                    errors.push(Diagnostic::error(
                        m.body.op(op).span,
                        format!(
                            "tfg-functionalize-control-flow: {} node '{}' is not part of a while loop or conditional it can raise",
                            crate::dialect::tfg::op_type(m, op),
                            frames::node(m, op)
                        ),
                    ));
                }
            }
        }
        if loops + conds > 0 {
            m.mark_edited();
        }
        if errors.is_empty() { Ok((loops, conds)) } else { Err(errors) }
    })?
}

/// An error when `op`, a TF1 control-flow node, has not the data inputs and outputs
/// TensorFlow's op definition gives it (the raising reads them by position).
fn check_signature(m: &Module, op: OpId) -> Option<Diagnostic> {
    let k = kind(m, op)?;
    // (data inputs: exact count or at least, data outputs: exact count or at least)
    let ((ins, at_least_ins), (outs, at_least_outs)) = match k {
        Kind::Switch => ((2, false), (2, false)),
        Kind::SwitchN => ((2, false), (1, true)),
        Kind::Merge => ((1, true), (2, false)),
        Kind::Enter | Kind::Exit | Kind::NextIteration | Kind::LoopCond => ((1, false), (1, false)),
    };
    let (n_in, n_out) = (crate::dialect::tfg::data_operands(m, op).len(), crate::dialect::tfg::data_results(m, op).len());
    let fits = |n: usize, want: usize, at_least: bool| if at_least { n >= want } else { n == want };
    if fits(n_in, ins, at_least_ins) && fits(n_out, outs, at_least_outs) {
        return None;
    }
    let count = |want: usize, at_least: bool| format!("{}{}", if at_least { "at least " } else { "" }, want);
    Some(Diagnostic::error(
        m.body.op(op).span,
        format!(
            "tfg-functionalize-control-flow: {} node '{}' has {} data input(s) and {} data output(s); TensorFlow's {} has {} and {}",
            crate::dialect::tfg::op_type(m, op),
            frames::node(m, op),
            n_in,
            n_out,
            crate::dialect::tfg::op_type(m, op),
            count(ins, at_least_ins),
            count(outs, at_least_outs)
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lit test's graphs: after raising, use chains are whole, the module verifies, no
    /// TF1 op is left, and the printed text reads back to the same text.
    #[test]
    fn raised_graphs_are_whole_and_read_back() {
        let text = include_str!("../../../../test-files/passes/tfg-functionalize-control-flow.mlir");
        let mut raised = 0;
        for chunk in text.split("\n// -----\n") {
            let mut m = crate::syntax::parse_module(chunk).expect("parses");
            let (loops, conds) = functionalize(&mut m).expect("raises");
            raised += loops + conds;
            assert!(m.body.check_use_chains().is_ok());
            assert!(crate::verify::verify_module(&m).is_empty());
            assert!(!has_tf1_control_flow(&m));
            let printed = crate::printer::print_module(&m, Default::default());
            let again = crate::syntax::parse_module(&printed).expect("reads back");
            assert_eq!(crate::printer::print_module(&again, Default::default()), printed);
        }
        // 1 loop; 2 nested loops; 1 conditional; 1 loop with 1 conditional; 1 case; 1 loop.
        assert_eq!(raised, 8);
    }

    /// Raising twice changes nothing the second time.
    #[test]
    fn raising_is_idempotent() {
        let text = include_str!("../../../../test-files/passes/tfg-functionalize-control-flow.mlir");
        let chunk = text.split("\n// -----\n").next().unwrap();
        let mut m = crate::syntax::parse_module(chunk).expect("parses");
        functionalize(&mut m).expect("raises");
        let once = crate::printer::print_module(&m, Default::default());
        assert_eq!(functionalize(&mut m).expect("raises"), (0, 0));
        assert_eq!(crate::printer::print_module(&m, Default::default()), once);
    }
}
