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
    /// The same attributes with literals as the YAML wrote them (`Val::Str`, `Val::Int`, ...),
    /// for a pass that builds the op itself.
    pub values: Vec<(String, Val)>,
    /// `layout: any` (see [`super::model::DstOp::layout_any`]).
    pub layout_any: bool,
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
                        let mut values = Vec::new();
                        for (k, (an, _, v)) in d.attrs.iter().enumerate() {
                            let written = match v {
                                AttrVal::Expr(t) => eval(t, &env),
                                AttrVal::Lit(n) => Ok(Val::from_node(n)),
                            };
                            let val = match &rule.dst[i].literal_text[k] {
                                Some(text) => Ok(Val::AttrText(text.clone())),
                                None => written.clone(),
                            };
                            match (val, written) {
                                (Ok(v), Ok(w)) => {
                                    attrs.push((an.clone(), v));
                                    values.push((an.clone(), w));
                                }
                                _ => ok = false,
                            }
                        }
                        let name = d.name.as_ref().and_then(|t| eval(t, &env).ok()).map(|v| v.display(&m.ctx));
                        if let Some((c, _)) = &d.capture {
                            // Later expressions naming this op see a placeholder.
                            env.built.push((c.clone(), Val::Str(format!("@{}", c))));
                        }
                        sel.dst.push(SelectedDst {
                            op: rule.dst[i].ir_name.clone(),
                            capture: d.capture.as_ref().map(|c| c.0.clone()),
                            name,
                            operands,
                            attrs,
                            values,
                            layout_any: d.layout_any,
                        });
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::tfg;
    use crate::tables::NativeNames;

    /// What convert-tf-to-torch gives `Table::load`: the natives it implements.
    struct Mine;
    impl NativeNames for Mine {
        fn has_native(&self, name: &str) -> bool {
            name == "lower_bias_add"
        }
        fn native_names(&self) -> Vec<String> {
            vec!["lower_bias_add".into()]
        }
    }

    const STUB: &str = "table:
  src: amanda/tensorflow
  dst: amanda/pytorch
  rules:
    - rule_name: relu
      src: {type: Relu, input_ports: [{ref: x}]}
      dst: {type: aten::relu, inputs: ['{x}']}
    - rule_name: matmul
      src: {type: MatMul, input_ports: [{ref: a}, {ref: b}], attrs: {transpose_a: false, transpose_b: false}}
      dst: {type: aten::mm, inputs: ['{a}', '{b}']}
    - rule_name: leaky
      tags: [inference]
      src: {type: LeakyRelu, input_ports: [{ref: x}], attrs: {alpha: {ref: alpha}}}
      dst: {type: aten::leaky_relu, inputs: ['{x}'], attrs: {negative_slope: '{alpha}'}}
    - rule_name: bias
      src: {type: BiasAdd}
      dst: {call: lower_bias_add}
";

    const GRAPH: &str = "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = Placeholder name(\"x\") {dtype = f32} : () -> (tensor<2x2xf32>)
  %r, %ctl_0 = Relu(%x) name(\"r\") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %m, %ctl_1 = MatMul(%r, %x) name(\"m\") {T = f32, transpose_a = false, transpose_b = false} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %n, %ctl_2 = MatMul(%r, %x) name(\"n\") {T = f32, transpose_a = true, transpose_b = false} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %b, %ctl_3 = BiasAdd(%m, %x) name(\"b\") {T = f32} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %l, %ctl_4 = LeakyRelu(%b) name(\"l\") {T = f32, alpha = 0.5 : f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
}
";

    #[test]
    fn a_table_chooses_a_rule_per_op() {
        let reg = crate::namespace::global().read().unwrap();
        let table = Table::load("stub", STUB, &reg, &Mine).unwrap();
        drop(reg);
        let m = crate::syntax::parse_module(GRAPH).unwrap();
        let ops: Vec<OpId> = m.body.block_ops(tfg::body_block(&m, m.top_ops()[0]).unwrap()).collect();
        let none = Tags::default();
        let x = tfg::data_results(&m, ops[0])[0];
        let relu = table.select(&m, ops[1], &none).unwrap();
        assert_eq!(relu.rule, "relu");
        assert_eq!(relu.call(), None);
        assert_eq!(relu.dst[0].op, "torch.aten.relu");
        assert!(matches!(relu.dst[0].operands.as_deref(), Some([Val::Value(v)]) if *v == x));
        assert_eq!(table.select(&m, ops[2], &none).unwrap().dst[0].op, "torch.aten.mm");
        // transpose_a = true: no rule.
        assert!(table.select(&m, ops[3], &none).is_none());
        assert_eq!(table.select(&m, ops[4], &none).unwrap().call(), Some("lower_bias_add"));
        // A tagged rule needs its tag.
        assert!(table.select(&m, ops[5], &none).is_none());
        let leaky = table.select(&m, ops[5], &Tags::new(["inference"])).unwrap();
        assert!(matches!(&leaky.dst[0].attrs[..], [(n, Val::Attr(_))] if n == "negative_slope"));
    }

    #[test]
    fn unknown_natives_are_refused() {
        let reg = crate::namespace::global().read().unwrap();
        let e = Table::load("stub", STUB, &reg, &crate::tables::NoNatives).unwrap_err();
        assert!(e[0].message.contains("no native rewrite 'lower_bias_add'"), "{}", e[0].message);
    }

    #[test]
    fn every_builtin_table_loads() {
        let reg = crate::namespace::global().read().unwrap();
        assert!(!crate::tables::BUILTIN.is_empty());
        for (name, text) in crate::tables::BUILTIN {
            // A table that belongs to a pass written in Rust is checked against its natives
            // (convert-tf-to-torch: src/convert/tf_to_torch/table.rs tests it).
            if *name == crate::convert::tf_to_torch::table::TABLE {
                continue;
            }
            if let Err(d) = Table::load(name, text, &reg, &crate::tables::Natives::builtin()) {
                panic!("{}", crate::tables::pass::render(&format!("passes/{}.yaml", name), text, &d));
            }
            assert_eq!(crate::tables::builtin(name), Some(*text));
        }
    }
}
