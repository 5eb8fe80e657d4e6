//! The region-based control-flow ops: `IfRegion`, `CaseRegion`, `WhileRegion`,
//! `ForRegion` and their `Stateless`/`Stateful` variants. Their ODS constraints, the
//! `SingleBlock` and control-argument traits, tfg's own verifiers (terminators, loop
//! arguments, preserved attributes), and MLIR's region-branch check of the types along
//! every control-flow edge.

use super::structure::{at_least_operands, at_least_results, n_regions, one_region, single_block, Terminated};
use super::tfg::{data_then_controls, sized_region_one_block};
use super::types::{cast_compatible, is_int_tensor, is_tensor, is_tfg_tensor, tensor_elem, types_equal};
use super::{first_control, Check, Verifier};
use crate::diag::Diagnostic;
use crate::ir::{AttrData, AttrId, OpForm, OpId, RegionId, TypeId};

/// The four families of region ops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionKind {
    If,
    Case,
    While,
    For,
}

/// The family of a region op, by full name.
pub fn kind_of(name: &str) -> Option<RegionKind> {
    let base = name.strip_prefix("tfg.")?;
    let base = base.strip_prefix("Stateless").or_else(|| base.strip_prefix("Stateful")).unwrap_or(base);
    match base {
        "IfRegion" => Some(RegionKind::If),
        "CaseRegion" => Some(RegionKind::Case),
        "WhileRegion" => Some(RegionKind::While),
        "ForRegion" if name == "tfg.ForRegion" => Some(RegionKind::For),
        _ => None,
    }
}

/// The ODS names of the regions, for constraint messages.
fn region_name(kind: RegionKind, index: usize) -> &'static str {
    match (kind, index) {
        (RegionKind::If, 0) => "then_region",
        (RegionKind::If, _) => "else_region",
        (RegionKind::Case, _) => "branches",
        (RegionKind::While, 0) => "cond_region",
        (RegionKind::While, _) => "body_region",
        (RegionKind::For, _) => "body_region",
    }
}

/// Every rule of a region op that does not need its regions' contents verified first.
pub fn check(v: &mut Verifier<'_>, op: OpId, kind: RegionKind) -> Check {
    // Count traits.
    match kind {
        RegionKind::If | RegionKind::While => n_regions(v, op, 2)?,
        RegionKind::For => one_region(v, op)?,
        RegionKind::Case => {}
    }
    match kind {
        RegionKind::If | RegionKind::Case => at_least_operands(v, op, 1)?,
        RegionKind::For => at_least_operands(v, op, 3)?,
        RegionKind::While => {}
    }
    at_least_results(v, op, 1)?;

    // ODS attributes, in name order (MLIR checks their kinds as it reads the sorted
    // dictionary).
    match kind {
        RegionKind::If => {
            dict_attr(v, op, "else_attrs")?;
            region_attrs_attr(v, op, "else_region_attrs")?;
            dict_attr(v, op, "then_attrs")?;
            region_attrs_attr(v, op, "then_region_attrs")?;
        }
        RegionKind::Case => {
            if let Some(a) = v.inherent(op, "branch_attrs") {
                if !array_of(v, a, |d| matches!(d, AttrData::Dict(_))) {
                    return Err(v.op_error(
                        op,
                        "attribute 'branch_attrs' failed to satisfy constraint: an array of dictionaries",
                    ));
                }
            }
            if let Some(a) = v.inherent(op, "region_attrs") {
                if !array_of(v, a, |d| matches!(d, AttrData::TfgRegionAttrs { .. })) {
                    return Err(v.op_error(
                        op,
                        "attribute 'region_attrs' failed to satisfy constraint: case region preserved attributes",
                    ));
                }
            }
        }
        RegionKind::While => {
            dict_attr(v, op, "body_attrs")?;
            region_attrs_attr(v, op, "body_region_attrs")?;
            dict_attr(v, op, "cond_attrs")?;
            region_attrs_attr(v, op, "cond_region_attrs")?;
            i64_attr(v, op, "parallel_iterations")?;
        }
        RegionKind::For => {
            dict_attr(v, op, "body_attrs")?;
            region_attrs_attr(v, op, "region_attrs")?;
        }
    }

    // ODS operands.
    let operands = v.operand_types(op);
    match kind {
        RegionKind::If | RegionKind::Case => {
            let (width, what) = if kind == RegionKind::If { (1, "1-bit") } else { (32, "32-bit") };
            let t = operands[0];
            if !is_int_tensor(&v.m.ctx, t, width) {
                return Err(v.op_error(
                    op,
                    format!("operand #0 must be tensor of {} signless integer values, but got {}", what, v.quoted(t)),
                ));
            }
            for (i, &t) in operands.iter().enumerate().skip(1) {
                if !v.is_control(t) {
                    return Err(v.op_error(op, format!("operand #{} must be variadic of , but got {}", i, v.quoted(t))));
                }
            }
        }
        RegionKind::While => data_then_controls(v, op, 0)?,
        RegionKind::For => {
            for (i, &t) in operands.iter().enumerate().take(3) {
                if !is_int_tensor(&v.m.ctx, t, 32) {
                    return Err(v.op_error(
                        op,
                        format!(
                            "operand #{} must be tensor of 32-bit signless integer values, but got {}",
                            i,
                            v.quoted(t)
                        ),
                    ));
                }
            }
            data_then_controls(v, op, 3)?;
        }
    }

    // ODS results.
    outs_then_control(v, op)?;

    // ODS regions: one block each. A custom-form `{ }` has a block in MLIR (its parser
    // adds one), reported below as an empty block.
    let custom = v.m.body.op(op).form == OpForm::Custom;
    let regions = v.m.body.op(op).regions.clone();
    for (i, &r) in regions.iter().enumerate() {
        if custom && v.m.body.region(r).blocks.is_empty() {
            continue;
        }
        sized_region_one_block(v, op, i, region_name(kind, i))?;
    }

    // Traits: SingleBlock, ControlArgumentInterface.
    single_block(v, op, Terminated::Required, custom)?;
    control_args_pairing(v, op)?;

    // The op's own verifier.
    match kind {
        RegionKind::If => {
            if !terminated_by(v, regions[0], "tfg.yield") {
                return Err(v.op_error(op, "then region must be terminated by a 'tfg.yield'"));
            }
            if !terminated_by(v, regions[1], "tfg.yield") {
                return Err(v.op_error(op, "else region must be terminated by a 'tfg.yield'"));
            }
            let attrs = [v.inherent(op, "then_region_attrs"), v.inherent(op, "else_region_attrs")];
            preserved_attrs(v, op, &regions, &attrs)
        }
        RegionKind::Case => {
            for (i, &r) in regions.iter().enumerate() {
                if !terminated_by(v, r, "tfg.yield") {
                    return Err(v.op_error(op, format!("branch region #{} is not terminated by a 'tfg.yield' op", i)));
                }
            }
            if let Some(a) = v.inherent(op, "branch_attrs") {
                let n = array_len(v, a);
                if n != regions.len() {
                    return Err(
                        v.op_error(op, format!("has {} regions but {} branch function attributes", regions.len(), n))
                    );
                }
            }
            if let Some(a) = v.inherent(op, "region_attrs") {
                let items: Vec<Option<AttrId>> = match v.attr_data(a) {
                    AttrData::Array(items) => items.iter().map(|&i| Some(i)).collect(),
                    _ => Vec::new(),
                };
                if items.len() != regions.len() {
                    return Err(v.op_error(
                        op,
                        format!("expected {} region attribute(s) but got {}", regions.len(), items.len()),
                    ));
                }
                preserved_attrs(v, op, &regions, &items)?;
            }
            Ok(())
        }
        RegionKind::While => {
            if !terminated_by(v, regions[0], "tfg.condition") {
                return Err(v.op_error(op, "condition region must be terminated by a 'tfg.condition' op"));
            }
            if !terminated_by(v, regions[1], "tfg.yield") {
                // tfg emits this one without failing the op.
                let d = v.op_error(op, "body region must be terminated by a 'tfg.yield' op");
                v.report(d);
            }
            loop_region_args(v, op, 0, regions[0])?;
            loop_region_args(v, op, 1, regions[1])?;
            let attrs = [v.inherent(op, "cond_region_attrs"), v.inherent(op, "body_region_attrs")];
            preserved_attrs(v, op, &regions, &attrs)
        }
        RegionKind::For => {
            if !terminated_by(v, regions[0], "tfg.yield") {
                return Err(v.op_error(op, "body region must be terminated by a 'tfg.yield' op"));
            }
            let args = v.region_arg_types(regions[0]);
            let Some(&index) = args.first() else {
                return Err(
                    v.op_error(op, "expected the body block to have at least have the loop index as an argument")
                );
            };
            let index_ok = is_tensor(&v.m.ctx, index)
                && tensor_elem(&v.m.ctx, index).is_some_and(|e| super::types::is_signless_int(&v.m.ctx, e, 32));
            if !index_ok {
                return Err(v.op_error(op, "expected first body block argument to be an i32 tensor"));
            }
            loop_region_args(v, op, 0, regions[0])?;
            preserved_attrs(v, op, &regions, &[v.inherent(op, "region_attrs")])
        }
    }
}

/// Results: data results (tensors or opaque tensors), then one control token, last.
pub fn outs_then_control(v: &Verifier<'_>, op: OpId) -> Check {
    let results = v.result_types(op);
    let Some((&ctl, outs)) = results.split_last() else { return Ok(()) };
    for (i, &t) in outs.iter().enumerate() {
        if !is_tfg_tensor(&v.m.ctx, t) {
            return Err(v.op_error(
                op,
                format!("result #{} must be variadic of  or opaque tensor type, but got {}", i, v.quoted(t)),
            ));
        }
    }
    if !v.is_control(ctl) {
        return Err(v.op_error(op, format!("result #{} must be , but got {}", outs.len(), v.quoted(ctl))));
    }
    Ok(())
}

/// tfg's `ControlArgumentInterface`: each region has as many control-token arguments as
/// data arguments.
pub fn control_args_pairing(v: &Verifier<'_>, op: OpId) -> Check {
    for (i, &r) in v.m.body.op(op).regions.iter().enumerate() {
        let args = v.region_arg_types(r);
        let n_ctl = args.iter().filter(|&&t| v.is_control(t)).count();
        let n_data = args.len() - n_ctl;
        if n_ctl != n_data {
            return Err(v.op_error(
                op,
                format!(
                    "region #{} expected same number of data values and control tokens ({} vs. {})",
                    i, n_data, n_ctl
                ),
            ));
        }
    }
    Ok(())
}

/// The data arguments of a region: the first half of its entry block arguments.
fn data_args(v: &Verifier<'_>, r: RegionId) -> Vec<TypeId> {
    let mut args = v.region_arg_types(r);
    let n = args.len() - args.len() / 2;
    args.truncate(n);
    args
}

/// No control token among a loop region's data arguments.
fn loop_region_args(v: &Verifier<'_>, op: OpId, index: usize, r: RegionId) -> Check {
    for (j, t) in data_args(v, r).into_iter().enumerate() {
        if v.is_control(t) {
            return Err(v.op_error(op, format!("region #{} argument #{} should not be a control token", index, j)));
        }
    }
    Ok(())
}

/// The last op of the region's entry block, if it is `name`.
fn terminated_by(v: &Verifier<'_>, r: RegionId, name: &str) -> bool {
    terminator(v, r).is_some_and(|t| v.name(t) == name)
}

fn terminator(v: &Verifier<'_>, r: RegionId) -> Option<OpId> {
    v.entry_block(r).and_then(|b| v.m.body.last_op(b))
}

/// The values a terminator forwards: `yield`'s data operands, `condition`'s data operands
/// after the condition.
fn forwarded(v: &Verifier<'_>, term: OpId) -> Vec<TypeId> {
    let types = v.operand_types(term);
    let skip = usize::from(v.name(term) == "tfg.condition").min(types.len());
    let rest = &types[skip..];
    rest[..first_control(v, rest)].to_vec()
}

/// tfg's preserved attributes: per region, `#tfg.region_attrs` with one argument
/// dictionary per data argument and one result dictionary per forwarded value.
fn preserved_attrs(v: &Verifier<'_>, op: OpId, regions: &[RegionId], attrs: &[Option<AttrId>]) -> Check {
    for (i, (&r, attr)) in regions.iter().zip(attrs).enumerate() {
        let Some(a) = attr else { continue };
        let AttrData::TfgRegionAttrs { arg_attrs, res_attrs, .. } = v.attr_data(*a) else { continue };
        let n_args = data_args(v, r).len();
        if n_args != arg_attrs.len() {
            return Err(v.op_error(
                op,
                format!("region #{} has {} argument(s) but preserved attributes has {}", i, n_args, arg_attrs.len()),
            ));
        }
        let n_rets = match terminator(v, r) {
            Some(t) if v.name(t) == "tfg.condition" => 1,
            Some(t) => forwarded(v, t).len(),
            None => 0,
        };
        if n_rets != res_attrs.len() {
            return Err(v.op_error(
                op,
                format!("region #{} has {} result(s) but preserved attributes has {}", i, n_rets, res_attrs.len()),
            ));
        }
    }
    Ok(())
}

fn dict_attr(v: &Verifier<'_>, op: OpId, key: &str) -> Check {
    if let Some(a) = v.inherent(op, key) {
        if !matches!(v.attr_data(a), AttrData::Dict(_)) {
            return Err(v.op_error(
                op,
                format!("attribute '{}' failed to satisfy constraint: dictionary of named attribute values", key),
            ));
        }
    }
    Ok(())
}

fn region_attrs_attr(v: &Verifier<'_>, op: OpId, key: &str) -> Check {
    if let Some(a) = v.inherent(op, key) {
        if !matches!(v.attr_data(a), AttrData::TfgRegionAttrs { .. }) {
            return Err(v.op_error(
                op,
                format!(
                    "attribute '{}' failed to satisfy constraint: Region attributes, argument and result attributes.",
                    key
                ),
            ));
        }
    }
    Ok(())
}

/// A required `I64Attr`.
pub fn i64_attr(v: &Verifier<'_>, op: OpId, key: &str) -> Check {
    let Some(a) = v.inherent(op, key) else {
        return Err(v.op_error(op, format!("requires attribute '{}'", key)));
    };
    let ok = match v.attr_data(a) {
        AttrData::Int { ty: None, .. } => true,
        AttrData::Int { ty: Some(t), .. } => super::types::is_signless_int(&v.m.ctx, *t, 64),
        _ => false,
    };
    if !ok {
        return Err(v.op_error(
            op,
            format!("attribute '{}' failed to satisfy constraint: 64-bit signless integer attribute", key),
        ));
    }
    Ok(())
}

/// Whether `a` is an array whose elements all satisfy `pred`.
pub fn array_of(v: &Verifier<'_>, a: AttrId, pred: impl Fn(&AttrData) -> bool) -> bool {
    match v.attr_data(a) {
        AttrData::Array(items) => items.iter().all(|&i| pred(v.attr_data(i))),
        _ => false,
    }
}

fn array_len(v: &Verifier<'_>, a: AttrId) -> usize {
    match v.attr_data(a) {
        AttrData::Array(items) => items.len(),
        _ => 0,
    }
}

// -------------------------------------------------------------------- control flow edges

/// Where control comes from: the op itself, or a terminator in one of its regions.
#[derive(Clone, Copy)]
enum Point {
    Parent,
    Terminator { op: OpId, region: usize },
}

/// Where control goes: a region's entry (with its inputs) or the op's results.
#[derive(Clone, Copy)]
enum Target {
    Region(usize),
    Parent,
}

/// MLIR's `RegionBranchOpInterface` verifier for the region ops: along every control-flow
/// edge, the forwarded values match the successor's inputs in number and (cast
/// compatible) types. Runs once the regions' contents are valid.
pub fn check_edges(v: &Verifier<'_>, op: OpId) -> Check {
    let Some(kind) = kind_of(v.name(op)) else { return Ok(()) };
    let regions = v.m.body.op(op).regions.clone();
    let operands = v.operand_types(op);
    let mut results = v.result_types(op);
    results.pop();

    let mut points = vec![Point::Parent];
    for (i, &r) in regions.iter().enumerate() {
        for &b in &v.m.body.region(r).blocks {
            if let Some(t) = v.m.body.last_op(b) {
                if matches!(v.name(t), "tfg.yield" | "tfg.condition") {
                    points.push(Point::Terminator { op: t, region: i });
                }
            }
        }
    }
    // The loop-carried operands of While and For.
    let init = |skip: usize| -> Vec<TypeId> {
        let rest = operands.get(skip..).unwrap_or(&[]);
        rest[..first_control(v, rest)].to_vec()
    };
    // The inputs of a region: its data arguments, minus the loop index for For.
    let inputs = |i: usize| -> Vec<TypeId> {
        let mut args = data_args(v, regions[i]);
        if kind == RegionKind::For && !args.is_empty() {
            args.remove(0);
        }
        args
    };

    for point in points {
        let targets: Vec<Target> = match (kind, point) {
            (RegionKind::If | RegionKind::Case, Point::Parent) => (0..regions.len()).map(Target::Region).collect(),
            (RegionKind::If | RegionKind::Case, Point::Terminator { .. }) => vec![Target::Parent],
            (RegionKind::While, Point::Parent) => vec![Target::Region(0)],
            (RegionKind::While, Point::Terminator { region: 0, .. }) => vec![Target::Region(1), Target::Parent],
            (RegionKind::While, Point::Terminator { .. }) => vec![Target::Region(0)],
            (RegionKind::For, Point::Parent) => vec![Target::Region(0)],
            (RegionKind::For, Point::Terminator { .. }) => vec![Target::Region(0), Target::Parent],
        };
        for target in targets {
            let sources = match point {
                Point::Parent => match kind {
                    RegionKind::While => init(0),
                    RegionKind::For => init(3),
                    RegionKind::If | RegionKind::Case => Vec::new(),
                },
                Point::Terminator { op: t, .. } => forwarded(v, t),
            };
            let sinks = match target {
                Target::Region(i) => inputs(i),
                Target::Parent => results.clone(),
            };
            let edge_error = |msg: String| -> Diagnostic {
                let from = match point {
                    Point::Parent => "parent".to_string(),
                    Point::Terminator { op: t, .. } => format!("Operation {}", v.name(t)),
                };
                let to = match target {
                    Target::Region(i) => format!("Region #{}", i),
                    Target::Parent => "parent".to_string(),
                };
                let at = match point {
                    Point::Parent => op,
                    Point::Terminator { op: t, .. } => t,
                };
                v.op_error(op, format!("along control flow edge from {} to {}: {}", from, to, msg))
                    .with_note(Some(v.m.body.op(at).span), "region branch point")
            };
            if sources.len() != sinks.len() {
                return Err(edge_error(format!(
                    "region branch point has {} operands, but region successor needs {} inputs",
                    sources.len(),
                    sinks.len()
                )));
            }
            for (i, (&s, &d)) in sources.iter().zip(&sinks).enumerate() {
                if !types_equal(&v.m.ctx, s, d) && !cast_compatible(&v.m.ctx, s, d) {
                    return Err(edge_error(format!(
                        "successor operand type #{} {} should match successor input type #{} {}",
                        i,
                        v.quoted(s),
                        i,
                        v.quoted(d)
                    )));
                }
            }
        }
    }
    Ok(())
}
