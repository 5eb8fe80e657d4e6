//! Type refinement for the attribute passes: TensorFlow's `GetCastCompatibleType` (the most
//! refined type compatible with two types, or none), `GetReifiedType` (a tensor type refined
//! with a `#tf_type.shape`) and the shape and element type of a tensor type, plus the op
//! families the attribute passes treat specially (functional If/Case/While/For).

use crate::ir::types::DYNAMIC;
use crate::ir::{AttrData, AttrId, Module, TypeData, TypeId};

/// The functional control-flow op kinds (`tfg.If`, `tfg.StatelessCase`, ...).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CfKind {
    If,
    Case,
    While,
    For,
}

/// The functional control-flow kind of an op name.
pub fn cf_kind(name: &str) -> Option<CfKind> {
    let n = name.strip_prefix("tfg.")?;
    let n = n.strip_prefix("Stateless").or_else(|| n.strip_prefix("Stateful")).unwrap_or(n);
    let stateful_variant = name.len() != "tfg.".len() + n.len();
    match n {
        "If" => Some(CfKind::If),
        "Case" => Some(CfKind::Case),
        "While" => Some(CfKind::While),
        "For" if !stateful_variant => Some(CfKind::For),
        _ => None,
    }
}

/// The shape of a `#tf_type.shape` attribute: `None` if it is not one, `Some(None)` unranked.
pub fn shape_of_attr(m: &Module, a: AttrId) -> Option<Option<Vec<i64>>> {
    match m.ctx.attr_data(m.ctx.resolved_attr(a)) {
        AttrData::TfShape(s) => Some(s.clone()),
        _ => None,
    }
}

/// The shapes of an array of `#tf_type.shape`s; `None` if `a` is not such an array.
pub fn shapes_of_array(m: &Module, a: AttrId) -> Option<Vec<Option<Vec<i64>>>> {
    match m.ctx.attr_data(m.ctx.resolved_attr(a)) {
        AttrData::Array(items) => items.iter().map(|&i| shape_of_attr(m, i)).collect(),
        _ => None,
    }
}

/// Whether `a` is an array attribute (of anything).
pub fn is_array(m: &Module, a: AttrId) -> bool {
    matches!(m.ctx.attr_data(m.ctx.resolved_attr(a)), AttrData::Array(_))
}

/// The element type of a tensor type, `None` for other types.
pub fn element_type(m: &Module, t: TypeId) -> Option<TypeId> {
    match m.ctx.type_data(m.ctx.resolved_type(t)) {
        TypeData::RankedTensor { elem, .. } | TypeData::UnrankedTensor { elem } => Some(*elem),
        _ => None,
    }
}

/// The `#tf_type.shape` of a type: its dimensions when ranked, unranked otherwise.
pub fn shape_attr_of_type(m: &mut Module, t: TypeId) -> AttrId {
    let shape = match m.ctx.type_data(m.ctx.resolved_type(t)) {
        TypeData::RankedTensor { shape, .. } => Some(shape.clone()),
        _ => None,
    };
    m.ctx.attr(AttrData::TfShape(shape))
}

/// `tensor<shape x elem>` (unranked for `None`).
pub fn tensor_type(m: &mut Module, shape: Option<Vec<i64>>, elem: TypeId) -> TypeId {
    match shape {
        Some(shape) => m.ctx.ty(TypeData::RankedTensor { shape, elem, encoding: None }),
        None => m.ctx.ty(TypeData::UnrankedTensor { elem }),
    }
}

/// `orig` refined with `shape` (TensorFlow's `GetReifiedType`): negative dimensions are
/// unknown; an incompatible shape leaves `orig` as it is.
pub fn reified_type(m: &mut Module, orig: TypeId, shape: &Option<Vec<i64>>) -> TypeId {
    let Some(elem) = element_type(m, orig) else { return orig };
    let dims = shape.as_ref().map(|d| d.iter().map(|&x| if x < 0 { DYNAMIC } else { x }).collect());
    let inferred = tensor_type(m, dims, elem);
    cast_compatible(m, inferred, orig).unwrap_or(orig)
}

/// The resource subtypes of a type if it is a `!tf_type.resource` (empty without subtypes).
fn resource_subtypes(m: &Module, t: TypeId) -> Option<Vec<TypeId>> {
    match m.ctx.type_data(m.ctx.resolved_type(t)) {
        TypeData::TfSimple(s) if m.ctx.str(*s) == "resource" => Some(Vec::new()),
        TypeData::TfWithSubtypes { name, subtypes } if m.ctx.str(*name) == "resource" => Some(subtypes.clone()),
        _ => None,
    }
}

fn is_variant(m: &Module, t: TypeId) -> bool {
    match m.ctx.type_data(m.ctx.resolved_type(t)) {
        TypeData::TfSimple(s) => m.ctx.str(*s) == "variant",
        TypeData::TfWithSubtypes { name, .. } => m.ctx.str(*name) == "variant",
        _ => false,
    }
}

/// The `!tf_type.resource<subtypes>` type.
pub fn resource_type(m: &mut Module, subtypes: Vec<TypeId>) -> TypeId {
    let name = m.ctx.sym("resource");
    if subtypes.is_empty() {
        m.ctx.ty(TypeData::TfSimple(name))
    } else {
        m.ctx.ty(TypeData::TfWithSubtypes { name, subtypes })
    }
}

/// TensorFlow's `GetCastCompatibleType(a, b)`: the most refined type both can be cast to,
/// `None` when they are incompatible.
pub fn cast_compatible(m: &mut Module, a: TypeId, b: TypeId) -> Option<TypeId> {
    if m.ctx.same_type(a, b) {
        return Some(b);
    }
    let (ad, bd) = (m.ctx.type_data(m.ctx.resolved_type(a)).clone(), m.ctx.type_data(m.ctx.resolved_type(b)).clone());
    let is_tensor = |d: &TypeData| matches!(d, TypeData::RankedTensor { .. } | TypeData::UnrankedTensor { .. });
    if is_tensor(&ad) != is_tensor(&bd) {
        return None;
    }
    if !is_tensor(&ad) {
        if is_variant(m, a) && is_variant(m, b) {
            return Some(a);
        }
        let (sa, sb) = (resource_subtypes(m, a)?, resource_subtypes(m, b)?);
        if sa.is_empty() {
            return Some(b);
        }
        if sb.is_empty() {
            return Some(a);
        }
        if sa.len() != sb.len() {
            return None;
        }
        let mut refined = Vec::new();
        for (x, y) in sa.into_iter().zip(sb) {
            refined.push(cast_compatible(m, x, y)?);
        }
        return Some(resource_type(m, refined));
    }
    let (ea, eb) = (element_type(m, a)?, element_type(m, b)?);
    let elem = cast_compatible(m, ea, eb)?;
    let shape = match (&ad, &bd) {
        (TypeData::UnrankedTensor { .. }, TypeData::UnrankedTensor { .. }) => None,
        (TypeData::UnrankedTensor { .. }, TypeData::RankedTensor { shape, .. }) => Some(shape.clone()),
        (TypeData::RankedTensor { shape, .. }, TypeData::UnrankedTensor { .. }) => Some(shape.clone()),
        (TypeData::RankedTensor { shape: sa, .. }, TypeData::RankedTensor { shape: sb, .. }) => {
            if sa.len() != sb.len() {
                return None;
            }
            let mut out = Vec::with_capacity(sa.len());
            for (&x, &y) in sa.iter().zip(sb) {
                out.push(if x == DYNAMIC {
                    y
                } else if y == DYNAMIC || x == y {
                    x
                } else {
                    return None;
                });
            }
            Some(out)
        }
        _ => return None,
    };
    Some(tensor_type(m, shape, elem))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cast_compatible_refines_shapes_and_resources() {
        let mut m = crate::syntax::parse_module(
            "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n  %a:5, %ctl = A : () -> (tensor<*xi32>, tensor<4x?xi32>, tensor<?x3xi32>, tensor<2xi32>, tensor<*x!tf_type.resource<tensor<8xi32>>>)\n}\n",
        )
        .expect("parses");
        let g = m.top_ops()[0];
        let b = crate::dialect::tfg::body_block(&m, g).unwrap();
        let op = m.body.first_op(b).unwrap();
        let t: Vec<TypeId> = m.body.results(op)[..5].iter().map(|&v| m.body.value_type(v)).collect();
        let both = cast_compatible(&mut m, t[1], t[2]).unwrap();
        assert_eq!(m.ctx.type_data(both), &TypeData::RankedTensor { shape: vec![4, 3], elem: element_type(&m, t[0]).unwrap(), encoding: None });
        assert_eq!(cast_compatible(&mut m, t[0], t[3]), Some(t[3]));
        assert_eq!(cast_compatible(&mut m, t[1], t[3]), None);
        let r = reified_type(&mut m, t[0], &Some(vec![-4, 2]));
        assert_eq!(m.ctx.type_data(r), &TypeData::RankedTensor { shape: vec![DYNAMIC, 2], elem: element_type(&m, t[0]).unwrap(), encoding: None });
        let res = resource_type(&mut m, vec![]);
        let unranked_res = tensor_type(&mut m, None, res);
        assert_eq!(cast_compatible(&mut m, unranked_res, t[4]), Some(t[4]));
    }
}
