//! The `operandSegmentSizes` property of tfg's ops with several variadic operand groups
//! (`AttrSizedOperandSegments` in tfg's ODS): `tfg.yield` (data, control),
//! `tfg.condition` (cond, data, control), the `WhileRegion` ops (init, control) and
//! `tfg.ForRegion` (start, limit, delta, init, control). The custom form does not spell it
//! (it follows from the operand types), the generic form must: the printer adds it and the
//! parser drops it again when it agrees with the operands. `IfRegion` and `CaseRegion`
//! have a single variadic group and no such property.

use crate::ir::attrs::{AttrData, NamedAttr};
use crate::ir::{AttrId, Context, TypeId};

/// The property's name.
pub const SEGMENTS: &str = "operandSegmentSizes";

/// The segment sizes of op `name` whose operands are control tokens where `control` says
/// so, or `None` for an op without segments (or too few data operands to split).
/// `control` is only read for the ops that have segments (every op is asked when printed).
pub fn tfg_operand_segments(name: &str, control: impl Iterator<Item = bool>) -> Option<Vec<usize>> {
    if !matches!(
        name,
        "tfg.yield" | "tfg.WhileRegion" | "tfg.StatelessWhileRegion" | "tfg.StatefulWhileRegion" | "tfg.condition" | "tfg.ForRegion"
    ) {
        return None;
    }
    let (mut data, mut ctls) = (0, 0);
    for c in control {
        if c {
            ctls += 1;
        } else {
            data += 1;
        }
    }
    match name {
        "tfg.condition" if data >= 1 => Some(vec![1, data - 1, ctls]),
        "tfg.ForRegion" if data >= 3 => Some(vec![1, 1, 1, data - 3, ctls]),
        "tfg.condition" | "tfg.ForRegion" => None,
        _ => Some(vec![data, ctls]),
    }
}

/// `array<i32: 1, 0>`.
pub fn segments_text(sizes: &[usize]) -> String {
    let list: Vec<String> = sizes.iter().map(|s| s.to_string()).collect();
    format!("array<i32: {}>", list.join(", "))
}

/// The properties of a generic op `name` read with operands of types `operand_types`,
/// without an `operandSegmentSizes` entry that agrees with them (the custom form implies
/// it). An entry that disagrees is an error, in TensorFlow's words where it has some.
pub fn drop_implied_segments(ctx: &mut Context, name: &str, props: Option<AttrId>, operand_types: &[TypeId]) -> Result<Option<AttrId>, String> {
    let Some(p) = props else { return Ok(None) };
    let entries = ctx.dict_entries(p).to_vec();
    let Some(pos) = entries.iter().position(|e| ctx.str(e.name) == SEGMENTS) else { return Ok(props) };
    let Some(derived) = tfg_operand_segments(name, operand_types.iter().map(|&t| ctx.is_control_type(t))) else {
        return Ok(props);
    };
    let written: Option<Vec<usize>> = match ctx.attr_data(ctx.resolved_attr(entries[pos].value)) {
        AttrData::DenseArray { values, .. } => values.iter().map(|&v| ctx.int_value(v).and_then(|v| usize::try_from(v).ok())).collect(),
        _ => None,
    };
    let Some(written) = written.filter(|w| w.len() == derived.len()) else {
        return Err(format!("'{}' op property '{}' must be an array of {} non-negative i32 values", name, SEGMENTS, derived.len()));
    };
    let total: usize = written.iter().sum();
    if total != operand_types.len() {
        return Err(format!(
            "'{}' op operand count ({}) does not match with the total size ({}) specified in attribute '{}'",
            name,
            operand_types.len(),
            total,
            SEGMENTS
        ));
    }
    if written != derived {
        return Err(format!("'{}' op '{}' ({}) does not match its data and control operands", name, SEGMENTS, segments_text(&written)));
    }
    let rest: Vec<NamedAttr> = entries.into_iter().enumerate().filter(|&(i, _)| i != pos).map(|(_, e)| e).collect();
    Ok(if rest.is_empty() { None } else { Some(ctx.attr(AttrData::Dict(rest))) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_follow_tfg_ods() {
        let kinds = [false, false, true];
        assert_eq!(tfg_operand_segments("tfg.yield", kinds.into_iter()), Some(vec![2, 1]));
        assert_eq!(tfg_operand_segments("tfg.condition", kinds.into_iter()), Some(vec![1, 1, 1]));
        assert_eq!(tfg_operand_segments("tfg.ForRegion", [false; 4].into_iter()), Some(vec![1, 1, 1, 1, 0]));
        assert_eq!(tfg_operand_segments("tfg.IfRegion", kinds.into_iter()), None);
        assert_eq!(tfg_operand_segments("tfg.condition", [true].into_iter()), None);
        assert_eq!(segments_text(&[1, 0]), "array<i32: 1, 0>");
    }
}
