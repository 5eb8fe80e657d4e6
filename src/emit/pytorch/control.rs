//! `torch.prim.If` and `torch.prim.Loop` as Python statements (see [`Renderer::render_if`],
//! [`Renderer::render_loop`]): region bodies are rendered one indentation level deeper, their
//! terminators (`If.yield`, `Loop.condition`) become assignments.

use crate::ir::{BlockId, OpId, ValueId};

use super::classify::Kind;
use super::names::{is_numbered_arg, is_numeric, sanitize};
use super::render::Renderer;

impl Renderer<'_> {
    /// Renders the ops of a region's block one level deeper; gives the operands of its
    /// terminator (`If.yield`, `Loop.condition`). A block that writes nothing is `pass`,
    /// unless the caller writes statements after it (`tail`).
    pub(super) fn nested(&mut self, b: BlockId, tail: bool) -> Result<Vec<ValueId>, String> {
        self.indent += 1;
        let before = self.body.len();
        let mut yielded = Vec::new();
        for op in self.m.body.block_ops(b) {
            if matches!(self.kinds.get(&op), Some(Kind::Yield)) {
                yielded = self.m.body.operands(op).collect();
            } else {
                self.op(op)?;
            }
        }
        if self.body.len() == before && !tail {
            self.stmt("pass".to_string());
        }
        self.indent -= 1;
        Ok(yielded)
    }

    /// `a, b = x, y` (nothing for no values); `a = x` for one.
    pub(super) fn assign(&mut self, names: &[String], values: &[ValueId]) {
        if names.is_empty() {
            return;
        }
        let rhs: Vec<String> = values.iter().map(|&v| self.expr(v)).collect();
        self.stmt(format!("{} = {}", names.join(", "), rhs.join(", ")));
    }

    /// `torch.prim.If`: `if cond:` / `else:`, each branch assigning the results last.
    pub(super) fn render_if(&mut self, op: OpId, operands: &[ValueId], results: &[ValueId]) -> Result<(), String> {
        let m = self.m;
        let blocks: Vec<BlockId> = m.body.op(op).regions.iter().flat_map(|&r| m.body.region(r).blocks.iter().copied()).collect();
        let names = self.result_names(op, "if_result", results.len());
        let cond = self.expr(operands[0]);
        self.stmt(format!("if {cond}:"));
        let y = self.nested(blocks[0], !names.is_empty())?;
        self.indent += 1;
        self.assign(&names, &y);
        self.indent -= 1;
        self.stmt("else:".to_string());
        let y = self.nested(blocks[1], !names.is_empty())?;
        self.indent += 1;
        self.assign(&names, &y);
        self.indent -= 1;
        for (v, n) in results.iter().zip(names) {
            self.exprs.insert(*v, n);
        }
        Ok(())
    }

    /// `torch.prim.Loop(max, cond, init...)`: the carried values are the block's arguments
    /// after the counter; torch-mlir runs the body while `counter < max` and the condition
    /// (initially `cond`, then the body's) holds. The results are the carried values. A
    /// loop without a bound (`max` is i64's largest, torch-mlir's form of a while loop) is
    /// written as `while cond:`, with the counter kept only when the body reads it; a loop
    /// whose condition is true on entry and after each iteration (torch-mlir's for loop) as
    /// `for i in range(max):` alone.
    pub(super) fn render_loop(&mut self, op: OpId, operands: &[ValueId], results: &[ValueId]) -> Result<(), String> {
        let m = self.m;
        let block = m.body.op(op).regions.first().and_then(|&r| m.body.region(r).blocks.first().copied()).ok_or("--emit=pytorch: a torch.prim.Loop without a body")?;
        let bd = m.body.block(block);
        let args = bd.args.clone();
        let spelled: Vec<Option<String>> = bd.arg_info.iter().map(|i| i.name.map(|s| m.ctx.value_name_text(s).into_owned())).collect();
        if args.len() != operands.len() - 1 || results.len() != operands.len() - 2 {
            return Err("--emit=pytorch: a torch.prim.Loop whose block arguments do not match its operands".to_string());
        }
        let arg_name = |r: &mut Self, i: usize, fallback: &str| {
            let base = spelled.get(i).cloned().flatten().filter(|s| !is_numeric(s) && !is_numbered_arg(s)).and_then(|s| sanitize(&s)).unwrap_or_else(|| fallback.to_string());
            r.locals.fresh(&base)
        };
        let counter = arg_name(self, 0, "i");
        let carried: Vec<String> = (1..args.len()).map(|i| arg_name(self, i, "carried")).collect();
        self.assign(&carried, &operands[2..]);
        // torch-mlir's while loop: no bound (i64::MAX trips) and a condition.
        let unbounded = self.expr(operands[0]) == i64::MAX.to_string();
        let counted = m.body.uses(args[0]).next().is_some();
        // torch-mlir's for loop: the condition is true on entry and after every iteration.
        let yielded = m.body.block_ops(block).last().and_then(|t| m.body.operands(t).next());
        let always = self.expr(operands[1]) == "True" && yielded.is_some_and(|c| self.expr(c) == "True");
        let cond = if always { String::new() } else { self.locals.fresh("loop_cond") };
        if always {
            self.stmt(format!("for {counter} in range({}):", self.expr(operands[0])));
        } else if unbounded {
            self.stmt(format!("{cond} = {}", self.expr(operands[1])));
            if counted {
                self.stmt(format!("{counter} = 0"));
            }
            self.stmt(format!("while {cond}:"));
        } else {
            self.stmt(format!("{cond} = {}", self.expr(operands[1])));
            self.stmt(format!("for {counter} in range({}):", self.expr(operands[0])));
            self.indent += 1;
            self.stmt(format!("if not {cond}:"));
            self.indent += 1;
            self.stmt("break".to_string());
            self.indent -= 2;
        }
        self.exprs.insert(args[0], counter.clone());
        for (v, n) in args[1..].iter().zip(&carried) {
            self.exprs.insert(*v, n.clone());
        }
        let y = self.nested(block, true)?;
        if y.len() != carried.len() + 1 {
            return Err("--emit=pytorch: a torch.prim.Loop.condition that does not match the loop's values".to_string());
        }
        self.indent += 1;
        if always {
            self.assign(&carried, &y[1..]);
        } else {
            let mut names = vec![cond];
            names.extend(carried.iter().cloned());
            self.assign(&names, &y);
        }
        if unbounded && counted {
            self.stmt(format!("{counter} += 1"));
        }
        self.indent -= 1;
        for (v, n) in results.iter().zip(carried) {
            self.exprs.insert(*v, n);
        }
        Ok(())
    }
}
