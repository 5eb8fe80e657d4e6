//! `canonicalize`: tfg's canonicalization that applies without op registrations. Inside a
//! `tfg.func`, an op whose results are all unused is erased (repeatedly, so chains of dead
//! ops go), except the terminator: function bodies are graphs whose fetches are the
//! returned values and control tokens. Ops of a `tfg.graph` are kept: any of them may be a
//! feed, a fetch or marked "keep" by the runtime.

use crate::ir::{BlockId, Module, OpId};

/// Runs the pass over every function of the module.
pub fn run(m: &mut Module) -> usize {
    let mut funcs = Vec::new();
    collect_funcs(m, m.top, &mut funcs);
    let mut erased = 0;
    for f in funcs {
        let regions = m.body.op(f).regions.clone();
        for r in regions {
            for b in m.body.region(r).blocks.clone() {
                erased += prune_block(m, b);
            }
        }
    }
    erased
}

fn collect_funcs(m: &Module, block: BlockId, out: &mut Vec<OpId>) {
    for op in m.body.block_ops(block) {
        match m.op_name(op) {
            "tfg.func" => out.push(op),
            "builtin.module" => {
                for &r in &m.body.op(op).regions {
                    for &b in &m.body.region(r).blocks {
                        collect_funcs(m, b, out);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Erases dead ops of one block until none is left; returns how many went.
fn prune_block(m: &mut Module, block: BlockId) -> usize {
    let mut erased = 0;
    loop {
        let ops: Vec<OpId> = m.body.block_ops(block).collect();
        let mut changed = false;
        for &op in ops.iter().rev() {
            if m.op_name(op) == "tfg.return" || m.body.is_erased(op) {
                continue;
            }
            let used = m.body.results(op).iter().any(|&v| m.body.has_uses(v));
            if !used && !has_uses_inside(m, op) {
                m.body.erase_op(op);
                erased += 1;
                changed = true;
            }
        }
        if !changed {
            return erased;
        }
    }
}

/// Region ops' results may be unused while their regions still matter to nothing outside:
/// the op is dead when its own results are unused, whatever its regions hold.
fn has_uses_inside(_m: &Module, _op: OpId) -> bool {
    false
}
