//! Building a library function out of a set of graph nodes (a loop's condition or body, a
//! conditional's branch): the nodes are cloned into a new `tfg.func` whose arguments stand
//! for the values that enter the set (a `Merge`, a `Switch` output, an `Enter`), and whose
//! `return` gives the values (and control tokens) that leave it.
//!
//! Operands from outside the set that no argument stands for: a control edge is hoisted onto
//! the functional node (the caller gets it back), a `Const` without inputs is cloned into
//! the function, any other data edge is an error naming both nodes.

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use crate::dialect::tfg;
use crate::dialect::tfg_func::{build_func, build_return, FuncArgSpec, FuncResultSpec};
use crate::diag::Diagnostic;
use crate::ir::{BlockId, Module, NamedAttr, OpId, TypeId, ValueId};
use crate::passes::control_flow::common::SymbolTable;

/// One argument of the function to build: the original values it stands for (data values
/// become the argument, control tokens its `.ctl` token).
pub struct ArgSource {
    pub ty: TypeId,
    pub values: Vec<ValueId>,
    pub tokens: Vec<ValueId>,
}

/// What to build.
pub struct FuncPlan<'a> {
    /// The wanted symbol name (made unique in the module).
    pub name: String,
    /// What the set is, for messages (`the body of while loop 'while'`).
    pub what: String,
    /// The original nodes to clone, in block order.
    pub members: &'a [OpId],
    pub args: Vec<ArgSource>,
    /// Original data values returned, in order.
    pub results: Vec<ValueId>,
    /// Original control tokens returned (control results of the function).
    pub result_ctls: Vec<ValueId>,
    /// Control tokens that are dropped where members use them (implied inside the function,
    /// as a loop body's use of its `LoopCond`).
    pub implied_ctls: Vec<ValueId>,
}

/// The function built.
pub struct Built {
    pub func: OpId,
    pub name: String,
    /// Control operands of members from outside the set, for the functional node.
    pub outer_ctls: Vec<ValueId>,
}

/// Builds the function and appends it to the module through `symbols`.
pub fn build(m: &mut Module, symbols: &mut SymbolTable, plan: &FuncPlan) -> Result<Built, Diagnostic> {
    let name_key = m.ctx.sym("tfg.name");
    let mut specs = Vec::with_capacity(plan.args.len());
    for (i, a) in plan.args.iter().enumerate() {
        let n = m.ctx.string_attr(&format!("arg{}", i));
        specs.push(FuncArgSpec { name: format!("arg{}", i), ty: a.ty, attrs: vec![NamedAttr::new(name_key, n)] });
    }
    // Result types are fixed once the values are known; build with placeholders first.
    let mut results = Vec::with_capacity(plan.results.len());
    for (i, &r) in plan.results.iter().enumerate() {
        let n = m.ctx.string_attr(&format!("res{}", i));
        results.push(FuncResultSpec { ty: m.body.value_type(r), attrs: vec![NamedAttr::new(name_key, n)] });
    }
    let (func, block) = build_func(m, &plan.name, &specs, &results, &[], false);

    let mut map: FxHashMap<ValueId, ValueId> = FxHashMap::default();
    let block_args: Vec<ValueId> = m.body.block(block).args.clone();
    for (i, a) in plan.args.iter().enumerate() {
        for &v in &a.values {
            map.insert(v, block_args[2 * i]);
        }
        for &t in &a.tokens {
            map.insert(t, block_args[2 * i + 1]);
        }
    }
    let mut clones = Vec::with_capacity(plan.members.len());
    for &op in plan.members {
        let c = m.body.clone_op(op, &mut map);
        m.body.append_op(block, c);
        clones.push((op, c));
    }
    let implied: FxHashSet<ValueId> = plan.implied_ctls.iter().copied().collect();
    let mut outer_ctls: Vec<ValueId> = Vec::new();
    let mut consts: FxHashMap<OpId, ValueId> = FxHashMap::default();
    for &(orig, c) in &clones {
        let mut ops: SmallVec<[ValueId; 8]> = SmallVec::new();
        for v in m.body.operands(c).collect::<SmallVec<[ValueId; 8]>>() {
            let v = map.get(&v).copied().unwrap_or(v);
            if defined_in(m, v, block) {
                ops.push(v);
            } else if tfg::is_control(m, v) {
                if !implied.contains(&v) && !outer_ctls.contains(&v) {
                    outer_ctls.push(v);
                }
            } else {
                ops.push(outside_data(m, v, block, &mut consts, orig, &plan.what)?);
            }
        }
        m.body.set_operands(c, &ops);
    }
    let mut data = Vec::with_capacity(plan.results.len());
    for &r in &plan.results {
        let v = map.get(&r).copied().unwrap_or(r);
        let v = if defined_in(m, v, block) {
            v
        } else {
            let at = m.body.defining_op(r).unwrap_or(func);
            outside_data(m, v, block, &mut consts, at, &plan.what)?
        };
        data.push(v);
    }
    let mut ctls = Vec::new();
    for &c in &plan.result_ctls {
        let v = map.get(&c).copied().unwrap_or(c);
        if defined_in(m, v, block) {
            if !ctls.contains(&v) {
                ctls.push(v);
            }
        } else if !implied.contains(&v) && !outer_ctls.contains(&v) {
            outer_ctls.push(v);
        }
    }
    // The function type gives each result the type of the value it returns.
    let types: Vec<TypeId> = data.iter().map(|&v| m.body.value_type(v)).collect();
    set_result_types(m, func, &types);
    let ret = build_return(m, &data, &ctls, &[]);
    m.body.append_op(block, ret);
    let name = symbols.insert(m, func);
    Ok(Built { func, name, outer_ctls })
}

/// Whether `v` is defined in `block` (an argument or the result of one of its ops).
fn defined_in(m: &Module, v: ValueId, block: BlockId) -> bool {
    match m.body.value(v).def {
        crate::ir::ValueDef::BlockArg { block: b, .. } => b == block,
        crate::ir::ValueDef::Result { op, .. } => m.body.parent_block(op) == Some(block),
    }
}

/// A data value from outside the set: a `Const` without operands is cloned in (once).
fn outside_data(m: &mut Module, v: ValueId, block: BlockId, consts: &mut FxHashMap<OpId, ValueId>, user: OpId, what: &str) -> Result<ValueId, Diagnostic> {
    let def = m.body.defining_op(v);
    if let Some(d) = def {
        if tfg::op_type(m, d) == "Const" && m.body.num_operands(d) == 0 {
            if let Some(&c) = consts.get(&d) {
                return Ok(c);
            }
            let mut map = FxHashMap::default();
            let c = m.body.clone_op(d, &mut map);
            m.body.prepend_op(block, c);
            let value = m.body.results(c)[0];
            consts.insert(d, value);
            return Ok(value);
        }
    }
    let src = def.and_then(|d| m.node_name(d)).unwrap_or_else(|| "an argument".into());
    let user_name = m.node_name(user).unwrap_or_default();
    Err(Diagnostic::error(
        m.body.op(user).span,
        format!(
            "tfg-functionalize-control-flow: node '{}' in {} uses '{}' from outside it without an Enter or Switch; cannot raise it",
            user_name, what, src
        ),
    ))
}

/// Sets the result types of a built function's `function_type`.
fn set_result_types(m: &mut Module, func: OpId, results: &[TypeId]) {
    let key = m.ctx.sym("function_type");
    let Some(a) = m.body.attr(func, key) else { return };
    let crate::ir::AttrData::Type(t) = *m.ctx.attr_data(a) else { return };
    let crate::ir::TypeData::Function { inputs, .. } = m.ctx.type_data(t).clone() else { return };
    let t = m.ctx.ty(crate::ir::TypeData::Function { inputs, results: results.to_vec() });
    let a = m.ctx.attr(crate::ir::AttrData::Type(t));
    m.body.set_attr(func, key, a);
}

/// A node name not used in `block`, from `base` (`base`, `base_1`, ...).
pub fn unique_node_name(m: &Module, block: BlockId, base: &str) -> String {
    let taken: FxHashSet<String> = m.body.block_ops(block).filter_map(|o| m.node_name(o)).collect();
    if !taken.contains(base) {
        return base.to_string();
    }
    (1..).map(|i| format!("{}_{}", base, i)).find(|n| !taken.contains(n)).expect("a free name")
}

/// A symbol base name from a node name (`while/while` → `while_while`).
pub fn symbol_base(name: &str) -> String {
    let s: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) { format!("f_{}", s) } else { s }
}
