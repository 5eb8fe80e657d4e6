//! Random sequences of IR edits keep the IR sound: after every edit the def-use chains are
//! whole (`Body::check_use_chains`), the module verifies, and its printed text reads back
//! and prints the same again, in preserving, generic and canonical form. The edits are the
//! ones passes make: clone an op next to itself (its spelled names now repeat), replace the
//! uses of a value, erase an unused op, move an op, add a control operand, drop a control
//! operand, set an attribute, insert a new node built with `NodeBuilder`.

mod common;

use amanda_opt::dialect::tfg;
use amanda_opt::ir::{BlockId, Module, OpId};
use proptest::test_runner::TestCaseError;

/// Graphs, a function and region control flow, with control edges and spelled names.
const INPUT: &str = r#"tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<4xf32>)
  %y, %ctl_0 = Placeholder name("y") {dtype = f32} : () -> (tensor<4xf32>)
  %c, %ctl_1 = Const [%ctl] name("c") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %add, %ctl_2 = AddV2(%x, %y) [%ctl_0] name("add") {T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)
  %mul, %ctl_3 = Mul(%add, %x) name("mul") {T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)
  %if, %ctl_4 = IfRegion %c then {
    %n, %ctl_5 = Neg(%mul) name("neg") {T = f32} : (tensor<4xf32>) -> (tensor<4xf32>)
    yield(%n) [%ctl_5] : tensor<4xf32>
  } else {
    %a, %ctl_6 = Abs(%add) name("abs") {T = f32} : (tensor<4xf32>) -> (tensor<4xf32>)
    yield(%a) : tensor<4xf32>
  } {_lower_using_switch_merge = true} : (tensor<i1>) -> (tensor<4xf32>)
  %out, %ctl_7 = Identity(%if) [%ctl_4, %ctl_3] name("out") {T = f32} : (tensor<4xf32>) -> (tensor<4xf32>)
}
tfg.func @f(%a: tensor<4xf32> {tfg.name = "a"}, %b: tensor<4xf32> {tfg.name = "b"}) -> (tensor<4xf32> {tfg.name = "r"}) {
  %s, %ctl = Sub(%a, %b) [%b.ctl] name("s") {T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)
  %t, %ctl_0 = Square(%s) name("t") {T = f32} : (tensor<4xf32>) -> (tensor<4xf32>)
  return(%t) [%ctl] : tensor<4xf32>
}
"#;

/// Every op of a tfg node kind in the module (not graphs, functions or terminators).
fn nodes(m: &Module) -> Vec<OpId> {
    let mut out = Vec::new();
    for op in m.body.block_ops(m.top).collect::<Vec<_>>() {
        m.body.walk(op, |o| {
            if tfg::control_token(m, o).is_some() {
                out.push(o);
            }
        });
    }
    out
}

fn block_of(m: &Module, op: OpId) -> BlockId {
    m.body.parent_block(op).expect("placed op")
}

/// Applies edit `kind` with selectors `a`, `b`; returns whether it changed anything.
fn edit(m: &mut Module, kind: u8, a: usize, b: usize) -> bool {
    let ops = nodes(m);
    if ops.is_empty() {
        return false;
    }
    let op = ops[a % ops.len()];
    let block = block_of(m, op);
    // Ops in the same block: in a graph region any of them may feed any other.
    let peers: Vec<OpId> = ops.iter().copied().filter(|&o| block_of(m, o) == block && o != op).collect();
    let peer = (!peers.is_empty()).then(|| peers[b % peers.len()]);
    match kind % 8 {
        0 => {
            // A region op's copy would be a second terminator-holding region: fine too, but
            // keep the clones to plain nodes so names repeat within one scope.
            if !m.body.op(op).regions.is_empty() {
                return false;
            }
            let mut map = Default::default();
            let copy = m.body.clone_op(op, &mut map);
            m.body.insert_op_after(op, copy);
            true
        }
        1 => {
            let Some(peer) = peer else { return false };
            let (from, to) = (tfg::data_results(m, op).first().copied(), tfg::data_results(m, peer).first().copied());
            match (from, to) {
                (Some(f), Some(t)) if m.body.value_type(f) == m.body.value_type(t) && !m.body.is_ancestor(op, peer) => {
                    // A use inside `peer` itself would make it read its own result: fine in
                    // a graph region, but keep the graph acyclic enough to stay readable.
                    m.body.replace_uses_where(f, t, |u| u.op != peer);
                    true
                }
                _ => false,
            }
        }
        2 => {
            if m.body.op_has_uses(op) {
                return false;
            }
            m.body.erase_op(op);
            true
        }
        3 => {
            let Some(peer) = peer else { return false };
            if tfg::op_type(m, peer) == "yield" {
                return false;
            }
            m.body.move_op_before(op, peer);
            true
        }
        4 => {
            let Some(peer) = peer else { return false };
            let Some(ctl) = tfg::control_token(m, peer) else { return false };
            tfg::add_control_operand(m, op, ctl)
        }
        5 => {
            let ctls = tfg::control_operands(m, op);
            if ctls.is_empty() {
                return false;
            }
            let keep: Vec<_> = ctls.iter().copied().enumerate().filter(|&(i, _)| i != b % ctls.len()).map(|(_, v)| v).collect();
            tfg::set_control_operands(m, op, &keep);
            true
        }
        6 => {
            let key = m.ctx.sym(&format!("tag{}", b % 3));
            let value = m.ctx.string_attr(&format!("v{}", a));
            m.body.set_attr(op, key, value);
            true
        }
        _ => {
            let Some(&v) = tfg::data_results(m, op).first() else { return false };
            let ty = m.body.value_type(v);
            let ctl = tfg::control_token(m, op).expect("node");
            let new = tfg::NodeBuilder::new(m, "Identity").operands(&[v]).control_operands(&[ctl]).results(&[ty]).build();
            m.body.insert_op_after(op, new);
            true
        }
    }
}

#[test]
fn random_edits_keep_the_ir_sound_and_printing_idempotent() {
    let edits = proptest::collection::vec((0u8..8, 0usize..64, 0usize..64), 1..24);
    let mut runner = common::runner(300);
    let result = runner.run(&edits, |edits| {
        let mut m = common::parse(INPUT).map_err(TestCaseError::fail)?;
        let mut applied = Vec::new();
        for &(kind, a, b) in &edits {
            if edit(&mut m, kind, a, b) {
                m.mark_edited();
                applied.push((kind % 8, a, b));
            }
            m.body.check_use_chains().map_err(|e| TestCaseError::fail(format!("after {:?}: {}", applied, e)))?;
        }
        let diags = amanda_opt::verify::verify_module(&m);
        if !diags.is_empty() {
            let msgs: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
            return Err(TestCaseError::fail(format!("after {:?}: does not verify: {:?}", applied, msgs)));
        }
        for (mode, opts) in common::modes() {
            let once = common::print(&m, opts);
            let m2 = common::parse(&once).map_err(|e| TestCaseError::fail(format!("[{}] after {:?}: {}", mode, applied, e)))?;
            let twice = common::print(&m2, opts);
            if once != twice {
                return Err(TestCaseError::fail(format!(
                    "[{}] after {:?}: not idempotent: {}\n{}",
                    mode,
                    applied,
                    common::first_line_diff(&once, &twice),
                    once
                )));
            }
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{}", e);
    }
}

#[test]
fn a_cloned_op_gets_fresh_names_and_the_original_keeps_its_own() {
    let mut m = common::parse(INPUT).unwrap();
    let add = nodes(&m).into_iter().find(|&o| tfg::op_type(&m, o) == "AddV2").unwrap();
    let mut map = Default::default();
    let copy = m.body.clone_op(add, &mut map);
    m.body.insert_op_after(add, copy);
    m.mark_edited();
    let text = common::print(&m, Default::default());
    assert!(text.contains("  %add, %ctl_2 = AddV2(%x, %y) [%ctl_0] name(\"add\")"), "{}", text);
    assert!(text.contains("  %add_3, %ctl_2_4 = AddV2(%x, %y) [%ctl_0] name(\"add\")"), "{}", text);
    common::parse(&text).unwrap();
}

#[test]
fn errors_on_ops_a_pass_made_point_at_the_op_around_them() {
    let mut m = common::parse(INPUT).unwrap();
    let add = nodes(&m).into_iter().find(|&o| tfg::op_type(&m, o) == "AddV2").unwrap();
    let ctl = tfg::control_token(&m, add).unwrap();
    let x = tfg::data_operands(&m, add)[0];
    // A control operand before a data operand breaks tfg's operand order.
    let bad = tfg::NodeBuilder::new(&mut m, "Bad").operands(&[ctl, x]).name("bad").build();
    m.body.insert_op_after(add, bad);
    let diags = amanda_opt::verify::verify_module(&m);
    assert_eq!(diags.len(), 1, "{:?}", diags);
    let graph = m.top_ops()[0];
    assert_eq!(diags[0].span, Some(m.body.op(graph).span), "{:?}", diags[0]);
    assert!(diags[0].notes.iter().any(|n| n.1.contains("'tfg.Bad' op (node \"bad\") was created by a pass")), "{:?}", diags[0]);
}
