//! The `input-shapes` option: pins the unknown dims of feeds (`image:1x28x28x1`), as
//! tf2onnx's `--inputs x[1,28,28,1]` does. Keras saves every model with a batch dim of `None`
//! (and sequence models with a time dim of `None`); the torch function is built for the
//! pinned shape. A pinned shape must agree with what the graph already knows: the same rank,
//! and every known dim equal.
//!
//! Also the hint the errors give when a feed still has an unknown dim: the option's value
//! that would pin it (unknown dims as 1).

use crate::diag::Diagnostic;
use crate::ir::types::{TypeData, DYNAMIC};
use crate::ir::{AttrData, Module, ValueId};

/// One item of the option: a feed (`name` or `name:port`) and its dims.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputShape {
    pub feed: String,
    pub dims: Vec<i64>,
}

/// Parses `feed:DxDxD` items (`feed:` alone is a scalar). The feed part may itself be
/// `name:port`; the dims are after the last colon.
pub fn parse(items: &[String]) -> Result<Vec<InputShape>, String> {
    items
        .iter()
        .map(|item| {
            let bad = |why: &str| format!("input-shapes: '{}' {} (expected name:DxDx..., e.g. image:1x28x28x1)", item, why);
            let (feed, dims) = item.rsplit_once(':').ok_or_else(|| bad("has no ':' before its dims"))?;
            if feed.is_empty() {
                return Err(bad("names no feed"));
            }
            let dims = if dims.trim().is_empty() {
                Vec::new()
            } else {
                dims.split('x')
                    .map(|d| d.trim().parse::<i64>().ok().filter(|&d| d >= 0))
                    .collect::<Option<Vec<i64>>>()
                    .ok_or_else(|| bad("has a dim that is not a number >= 0"))?
            };
            Ok(InputShape { feed: feed.to_string(), dims })
        })
        .collect()
}

/// `1x28x28x1` (a scalar: the empty string).
pub fn spell(dims: &[i64]) -> String {
    dims.iter().map(|d| if *d == DYNAMIC { "?".to_string() } else { d.to_string() }).collect::<Vec<_>>().join("x")
}

/// Gives the feed value `v` the pinned dims: its result type, and the `shape` attribute of a
/// Placeholder, which shape inference reads. Both must agree with the pin where they know a
/// dim.
pub fn pin(m: &mut Module, v: ValueId, pinned: &InputShape) -> Result<(), Diagnostic> {
    let op = m.body.defining_op(v);
    let span = op.map(|o| m.body.op(o).span).unwrap_or_default();
    let t = m.ctx.resolved_type(m.body.value_type(v));
    let (from_type, elem) = match m.ctx.type_data(t) {
        TypeData::RankedTensor { shape, elem, .. } => (Some(shape.clone()), *elem),
        TypeData::UnrankedTensor { elem } => (None, *elem),
        _ => {
            return Err(Diagnostic::error(
                span,
                format!("convert-tf-to-torch: input-shapes: feed '{}' is not a tensor", pinned.feed),
            ))
        }
    };
    let shape_attr = op.and_then(|o| m.op_attr(o, "shape"));
    let from_attr = shape_attr.and_then(|a| match m.ctx.attr_data(a) {
        AttrData::TfShape(Some(dims)) => Some(dims.iter().map(|&d| if d < 0 { DYNAMIC } else { d }).collect::<Vec<i64>>()),
        _ => None,
    });
    for known in [from_type, from_attr].into_iter().flatten() {
        let agrees = known.len() == pinned.dims.len() && known.iter().zip(&pinned.dims).all(|(&k, &p)| k == DYNAMIC || k == p);
        if !agrees {
            return Err(Diagnostic::error(
                span,
                format!(
                    "convert-tf-to-torch: input-shapes: feed '{}' pinned to {} but the graph says {}",
                    pinned.feed,
                    super::types::show_shape(&pinned.dims),
                    super::types::show_shape(&known)
                ),
            ));
        }
    }
    let ty = m.ctx.ty(TypeData::RankedTensor { shape: pinned.dims.clone(), elem, encoding: None });
    m.body.set_value_type(v, ty);
    if let (Some(op), Some(_)) = (op, shape_attr) {
        let shape = m.ctx.attr(AttrData::TfShape(Some(pinned.dims.clone())));
        let key = m.ctx.sym("shape");
        m.body.set_attr(op, key, shape);
    }
    Ok(())
}

/// The value of `input-shapes=` that pins every unknown dim of `feeds` (name and shape) to 1,
/// keeping the known ones; `None` when a feed has an unknown rank (nothing to suggest).
pub fn suggestion(feeds: &[(String, Option<Vec<i64>>)]) -> Option<String> {
    let items: Option<Vec<String>> = feeds
        .iter()
        .map(|(name, shape)| {
            let shape = shape.as_ref()?;
            let dims: Vec<i64> = shape.iter().map(|&d| if d == DYNAMIC { 1 } else { d }).collect();
            Some(format!("{}:{}", name, spell(&dims)))
        })
        .collect();
    items.map(|i| i.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn parses_names_ports_and_scalars() {
        let got = parse(&items(&["image:1x28x28x1", "lstm/in:1:3x7", "t:"])).unwrap();
        assert_eq!(got[0], InputShape { feed: "image".into(), dims: vec![1, 28, 28, 1] });
        assert_eq!(got[1], InputShape { feed: "lstm/in:1".into(), dims: vec![3, 7] });
        assert_eq!(got[2], InputShape { feed: "t".into(), dims: vec![] });
    }

    #[test]
    fn rejects_what_is_not_a_shape() {
        for bad in ["image", ":1x2", "image:1x?x3", "image:-1x3", "image:1xx3"] {
            let err = parse(&items(&[bad])).unwrap_err();
            assert!(err.contains(bad), "{}: {}", bad, err);
        }
    }

    #[test]
    fn suggests_ones_for_unknown_dims() {
        let feeds = vec![("image".to_string(), Some(vec![DYNAMIC, 28, 28, 1])), ("n".to_string(), Some(vec![]))];
        assert_eq!(suggestion(&feeds).as_deref(), Some("image:1x28x28x1,n:"));
        assert_eq!(suggestion(&[("x".to_string(), None)]), None);
    }
}
