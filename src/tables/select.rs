//! The hook for passes that let a table choose a rule per op without rewriting in place
//! (convert-tf-to-torch builds its own output): [`Table::select`] returns the first rule
//! that matches an op (highest benefit, then table order) with its captures and its mapper
//! evaluated: a native name (`call:`), or the dst ops with operands and attributes computed.

use super::apply::{eval_template, Env};
use super::compile::Table;
use super::matcher::match_at;
use super::model::{AttrVal, Mapper};
use super::value::Val;
use crate::ir::{Module, OpId};

/// The tags selected (a pass option `tags=a,b`). A rule without tags always applies; a rule
/// with tags applies when one of its tags is selected.
#[derive(Clone, Debug, Default)]
pub struct Tags(pub Vec<String>);

impl Tags {
    pub fn new<S: Into<String>>(tags: impl IntoIterator<Item = S>) -> Tags {
        Tags(tags.into_iter().map(Into::into).collect())
    }

    pub fn allows(&self, rule_tags: &[String]) -> bool {
        rule_tags.is_empty() || rule_tags.iter().any(|t| self.0.contains(t))
    }
}

/// One dst op of a declarative mapper, evaluated at the match.
#[derive(Clone, Debug)]
pub struct SelectedDst {
    /// The IR op name (`torch.aten.matmul`, `tfg.MatMul`).
    pub op: String,
    /// The `ref` the table gives it (later ops use its results as operands), if any.
    pub capture: Option<String>,
    pub name: Option<String>,
    /// Operands as written (`None`: the default, the matched subgraph's inputs); an operand
    /// naming an earlier dst op is `Val::Str("@capture")` / `"@capture:1"`.
    pub operands: Option<Vec<Val>>,
    /// Attributes with their expressions evaluated (values not yet interned: `Val::AttrText`,
    /// `Val::Tensor`, ... as helpers give them; literals as `Val::AttrText` in the dst kind).
    pub attrs: Vec<(String, Val)>,
}

/// A rule chosen for an op.
#[derive(Clone, Debug)]
pub struct Selected {
    pub rule: String,
    /// The matched ops (the root at `root`).
    pub ops: Vec<OpId>,
    pub root: usize,
    pub captures: Vec<(String, Val)>,
    call: Option<String>,
    pub dst: Vec<SelectedDst>,
    /// `outputs:` of the mapper as written (evaluated like operands), if given.
    pub outputs: Option<Vec<Val>>,
}

impl Selected {
    /// The native rewrite the rule names (`dst: {call: NAME}`), if it is one.
    pub fn call(&self) -> Option<&str> {
        self.call.as_deref()
    }
}

impl Table {
    /// The first rule (by benefit, then order) allowed by `tags` whose matcher matches with
    /// its root at `op`, evaluated; `None` when none does (or its expressions fail there).
    pub fn select(&self, m: &Module, op: OpId, tags: &Tags) -> Option<Selected> {
        let name = m.op_name(op);
        let mut order: Vec<&super::compile::Rule> = self.rules.iter().filter(|r| r.root_ir_name() == name && tags.allows(&r.def.tags)).collect();
        order.sort_by_key(|r| std::cmp::Reverse(r.def.benefit));
        for rule in order {
            let Some(mt) = match_at(m, self, rule, op) else { continue };
            if !super::apply::constraints_hold(m, rule, &mt) {
                continue;
            }
            let mut sel = Selected { rule: rule.def.name.clone(), ops: mt.ops.clone(), root: rule.root, captures: mt.caps.clone(), call: None, dst: Vec::new(), outputs: None };
            match &rule.def.dst {
                Mapper::Call(n, _) => sel.call = Some(n.clone()),
                Mapper::Ops { ops, outputs } => {
                    let mut env = Env { caps: &mt.caps, built: Vec::new() };
                    let mut ok = true;
                    for (i, d) in ops.iter().enumerate() {
                        let eval = |t: &super::expr::Template, env: &Env| eval_template(m, env, t);
                        let operands = match &d.inputs {
                            Some(ts) => match ts.iter().map(|t| eval(t, &env)).collect::<Result<Vec<_>, _>>() {
                                Ok(v) => Some(v),
                                Err(_) => {
                                    ok = false;
                                    break;
                                }
                            },
                            None => None,
                        };
                        let mut attrs = Vec::new();
                        for (k, (an, _, v)) in d.attrs.iter().enumerate() {
                            let val = match (v, &rule.dst[i].literal_text[k]) {
                                (_, Some(text)) => Ok(Val::AttrText(text.clone())),
                                (AttrVal::Expr(t), None) => eval(t, &env),
                                (AttrVal::Lit(n), None) => Ok(Val::from_node(n)),
                            };
                            match val {
                                Ok(v) => attrs.push((an.clone(), v)),
                                Err(_) => ok = false,
                            }
                        }
                        let name = d.name.as_ref().and_then(|t| eval(t, &env).ok()).map(|v| v.display(&m.ctx));
                        if let Some((c, _)) = &d.capture {
                            // Later expressions naming this op see a placeholder.
                            env.built.push((c.clone(), Val::Str(format!("@{}", c))));
                        }
                        sel.dst.push(SelectedDst { op: rule.dst[i].ir_name.clone(), capture: d.capture.as_ref().map(|c| c.0.clone()), name, operands, attrs });
                    }
                    if !ok {
                        continue;
                    }
                    if let Some(ts) = outputs {
                        sel.outputs = ts.iter().map(|t| eval_template(m, &env, t)).collect::<Result<Vec<_>, _>>().ok();
                    }
                }
            }
            return Some(sel);
        }
        None
    }
}
