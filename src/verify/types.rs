//! Type predicates and tf_type's type compatibility, as the tfg verifiers use them.
//!
//! * [`cast_compatible`] is tf_type's `HasCompatibleElementTypes` (and, for two types,
//!   `AreCastCompatible`): two types are compatible when they are equal; when both are
//!   tensors (ranked or unranked) with compatible element types and shapes that agree on
//!   every dimension where both are static (an unranked side agrees with any shape); when
//!   both are `!tf_type.variant` (subtypes are not compared); or when both are
//!   `!tf_type.resource` and either has no subtypes or the subtypes are pairwise
//!   compatible. Anything else (one tensor and one non-tensor, `i32` vs `i64`, two
//!   different `!tf_type` kinds, vectors and memrefs that differ) is incompatible.
//!   Tensor encodings are ignored, as in TensorFlow. The "ignore a ref type on the left"
//!   option of TensorFlow is never used by the verifiers and is not modelled.
//! * Aliases (`!name = type`) are looked through everywhere: two types are equal when
//!   they are structurally equal once every alias is expanded.
//! * The ODS type constraints of the tfg ops: tensors, `I1Tensor`/`I32Tensor`, the
//!   opaque `!tf_type.tensor`, the control type.

use crate::ir::types::{Signedness, TypeData, DYNAMIC};
use crate::ir::{Context, TypeId};
use crate::printer::attrs::{write_type, Style};

/// `'tensor<f32>'`: a type as MLIR diagnostics print it (quoted, aliases expanded).
pub fn quoted(ctx: &Context, t: TypeId) -> String {
    let mut s = String::from("'");
    write_type(ctx, t, Style::new(true), &mut s);
    s.push('\'');
    s
}

/// The type behind any aliases.
fn data(ctx: &Context, t: TypeId) -> &TypeData {
    ctx.type_data(ctx.resolved_type(t))
}

/// Structural equality with every alias expanded (interned ids of alias-free types are
/// equal exactly when the types are).
pub fn types_equal(ctx: &Context, a: TypeId, b: TypeId) -> bool {
    let (a, b) = (ctx.resolved_type(a), ctx.resolved_type(b));
    if a == b {
        return true;
    }
    let list_eq =
        |x: &[TypeId], y: &[TypeId]| x.len() == y.len() && x.iter().zip(y).all(|(&p, &q)| types_equal(ctx, p, q));
    match (ctx.type_data(a), ctx.type_data(b)) {
        (TypeData::Complex(x), TypeData::Complex(y)) => types_equal(ctx, *x, *y),
        (TypeData::Tuple(x), TypeData::Tuple(y)) => list_eq(x, y),
        (TypeData::Function { inputs: i1, results: r1 }, TypeData::Function { inputs: i2, results: r2 }) => {
            list_eq(i1, i2) && list_eq(r1, r2)
        }
        (
            TypeData::RankedTensor { shape: s1, elem: e1, encoding: c1 },
            TypeData::RankedTensor { shape: s2, elem: e2, encoding: c2 },
        ) => s1 == s2 && c1 == c2 && types_equal(ctx, *e1, *e2),
        (TypeData::UnrankedTensor { elem: e1 }, TypeData::UnrankedTensor { elem: e2 }) => types_equal(ctx, *e1, *e2),
        (
            TypeData::Vector { shape: s1, scalable: k1, elem: e1 },
            TypeData::Vector { shape: s2, scalable: k2, elem: e2 },
        ) => s1 == s2 && k1 == k2 && types_equal(ctx, *e1, *e2),
        (
            TypeData::MemRef { shape: s1, elem: e1, layout: l1, space: p1 },
            TypeData::MemRef { shape: s2, elem: e2, layout: l2, space: p2 },
        ) => s1 == s2 && l1 == l2 && p1 == p2 && types_equal(ctx, *e1, *e2),
        (TypeData::UnrankedMemRef { elem: e1, space: p1 }, TypeData::UnrankedMemRef { elem: e2, space: p2 }) => {
            p1 == p2 && types_equal(ctx, *e1, *e2)
        }
        (TypeData::TfWithSubtypes { name: n1, subtypes: s1 }, TypeData::TfWithSubtypes { name: n2, subtypes: s2 }) => {
            n1 == n2 && list_eq(s1, s2)
        }
        // `!tf_type.resource` and `!tf_type.resource<>` would be the same type.
        (TypeData::TfSimple(n1), TypeData::TfWithSubtypes { name: n2, subtypes })
        | (TypeData::TfWithSubtypes { name: n2, subtypes }, TypeData::TfSimple(n1)) => n1 == n2 && subtypes.is_empty(),
        _ => false,
    }
}

/// Whether `t` is a builtin tensor type (ranked or unranked).
pub fn is_tensor(ctx: &Context, t: TypeId) -> bool {
    matches!(data(ctx, t), TypeData::RankedTensor { .. } | TypeData::UnrankedTensor { .. })
}

/// The element type of a tensor type.
pub fn tensor_elem(ctx: &Context, t: TypeId) -> Option<TypeId> {
    match data(ctx, t) {
        TypeData::RankedTensor { elem, .. } | TypeData::UnrankedTensor { elem } => Some(*elem),
        _ => None,
    }
}

/// The shape of a tensor type (`None` for unranked or non-tensors).
fn tensor_shape(ctx: &Context, t: TypeId) -> Option<&[i64]> {
    match data(ctx, t) {
        TypeData::RankedTensor { shape, .. } => Some(shape),
        _ => None,
    }
}

/// `!tf_type.tensor`, the opaque tensor of generic functions.
pub fn is_opaque_tensor(ctx: &Context, t: TypeId) -> bool {
    matches!(data(ctx, t), TypeData::TfSimple(s) if ctx.str(*s) == "tensor")
}

/// ODS `TFGraph_Tensor`: any tensor or the opaque tensor.
pub fn is_tfg_tensor(ctx: &Context, t: TypeId) -> bool {
    is_tensor(ctx, t) || is_opaque_tensor(ctx, t)
}

/// ODS `TFGraph_TensorOrControlType`.
pub fn is_tensor_or_control(ctx: &Context, t: TypeId) -> bool {
    is_tfg_tensor(ctx, t) || ctx.is_control_type(t)
}

/// Whether `t` is the signless integer type of `width` bits.
pub fn is_signless_int(ctx: &Context, t: TypeId, width: u32) -> bool {
    matches!(data(ctx, t), TypeData::Integer { width: w, signedness: Signedness::Signless } if *w == width)
}

/// ODS `I1Tensor` (`width` 1) / `I32Tensor` (`width` 32).
pub fn is_int_tensor(ctx: &Context, t: TypeId, width: u32) -> bool {
    tensor_elem(ctx, t).is_some_and(|e| is_signless_int(ctx, e, width))
}

/// The `!tf_type` kind of `t` (`resource`, `variant`, `string`, ...).
fn tf_kind(ctx: &Context, t: TypeId) -> Option<&str> {
    match data(ctx, t) {
        TypeData::TfSimple(s) | TypeData::TfWithSubtypes { name: s, .. } => Some(ctx.str(*s)),
        _ => None,
    }
}

fn tf_subtypes(ctx: &Context, t: TypeId) -> &[TypeId] {
    match data(ctx, t) {
        TypeData::TfWithSubtypes { subtypes, .. } => subtypes,
        _ => &[],
    }
}

/// tf_type's `HasCompatibleElementTypes(a, b)`: see the module documentation.
pub fn cast_compatible(ctx: &Context, a: TypeId, b: TypeId) -> bool {
    if types_equal(ctx, a, b) {
        return true;
    }
    let (a_tensor, b_tensor) = (is_tensor(ctx, a), is_tensor(ctx, b));
    if a_tensor != b_tensor {
        return false;
    }
    if !a_tensor {
        // Only resources and variants, which carry subtypes, are compatible without being
        // equal; any other pair of different non-tensor types is not.
        return match (tf_kind(ctx, a), tf_kind(ctx, b)) {
            (Some("variant"), Some("variant")) => true,
            (Some("resource"), Some("resource")) => {
                let (sa, sb) = (tf_subtypes(ctx, a), tf_subtypes(ctx, b));
                sa.is_empty()
                    || sb.is_empty()
                    || (sa.len() == sb.len() && sa.iter().zip(sb).all(|(&x, &y)| cast_compatible(ctx, x, y)))
            }
            _ => false,
        };
    }
    let (Some(ea), Some(eb)) = (tensor_elem(ctx, a), tensor_elem(ctx, b)) else { return false };
    if !cast_compatible(ctx, ea, eb) {
        return false;
    }
    match (tensor_shape(ctx, a), tensor_shape(ctx, b)) {
        (Some(sa), Some(sb)) => {
            sa.len() == sb.len() && sa.iter().zip(sb).all(|(&x, &y)| x == DYNAMIC || y == DYNAMIC || x == y)
        }
        // An unranked side agrees with any shape.
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::types::{Signedness, TypeData, DYNAMIC};

    struct T {
        ctx: Context,
    }

    impl T {
        fn new() -> Self {
            T { ctx: Context::new() }
        }
        fn int(&mut self, w: u32) -> TypeId {
            self.ctx.ty(TypeData::Integer { width: w, signedness: Signedness::Signless })
        }
        fn f32(&mut self) -> TypeId {
            let s = self.ctx.sym("f32");
            self.ctx.ty(TypeData::Float(s))
        }
        fn ranked(&mut self, shape: &[i64], elem: TypeId) -> TypeId {
            self.ctx.ty(TypeData::RankedTensor { shape: shape.to_vec(), elem, encoding: None })
        }
        fn unranked(&mut self, elem: TypeId) -> TypeId {
            self.ctx.ty(TypeData::UnrankedTensor { elem })
        }
        fn tf(&mut self, name: &str, subtypes: Vec<TypeId>) -> TypeId {
            let s = self.ctx.sym(name);
            if subtypes.is_empty() {
                self.ctx.ty(TypeData::TfSimple(s))
            } else {
                self.ctx.ty(TypeData::TfWithSubtypes { name: s, subtypes })
            }
        }
        fn alias(&mut self, name: &str, target: TypeId) -> TypeId {
            let s = self.ctx.sym(name);
            self.ctx.ty(TypeData::Alias { name: s, target })
        }
        fn compat(&self, a: TypeId, b: TypeId) -> bool {
            let r = cast_compatible(&self.ctx, a, b);
            assert_eq!(r, cast_compatible(&self.ctx, b, a), "compatibility is symmetric");
            r
        }
    }

    #[test]
    fn tensors_compare_element_types_and_known_dims() {
        let mut t = T::new();
        let (f32, i32, i64) = (t.f32(), t.int(32), t.int(64));
        let a = t.ranked(&[2, DYNAMIC], f32);
        let b = t.ranked(&[DYNAMIC, 3], f32);
        let c = t.ranked(&[3, 3], f32);
        let scalar = t.ranked(&[], f32);
        let unranked = t.unranked(f32);
        let ti32 = t.ranked(&[], i32);
        let ti64 = t.ranked(&[], i64);
        assert!(t.compat(a, b));
        assert!(!t.compat(a, c));
        assert!(!t.compat(a, scalar), "ranks differ");
        assert!(t.compat(unranked, c));
        assert!(t.compat(unranked, scalar));
        assert!(!t.compat(ti32, ti64));
        assert!(!t.compat(scalar, ti32));
    }

    #[test]
    fn tensors_and_non_tensors_never_mix() {
        let mut t = T::new();
        let f32 = t.f32();
        let scalar = t.ranked(&[], f32);
        let unranked = t.unranked(f32);
        let opaque = t.tf("tensor", vec![]);
        assert!(!t.compat(scalar, f32));
        assert!(!t.compat(unranked, opaque));
        assert!(t.compat(opaque, opaque));
        let i1 = t.int(1);
        let i32 = t.int(32);
        assert!(!t.compat(i1, i32));
    }

    #[test]
    fn resources_and_variants() {
        let mut t = T::new();
        let f32 = t.f32();
        let i32 = t.int(32);
        let s32 = t.ranked(&[32], f32);
        let sdyn = t.ranked(&[DYNAMIC], f32);
        let si32 = t.ranked(&[32], i32);
        let bare = t.tf("resource", vec![]);
        let r32 = t.tf("resource", vec![s32]);
        let rdyn = t.tf("resource", vec![sdyn]);
        let ri32 = t.tf("resource", vec![si32]);
        let two = t.tf("resource", vec![s32, s32]);
        assert!(t.compat(bare, r32));
        assert!(t.compat(r32, rdyn));
        assert!(!t.compat(r32, ri32));
        assert!(!t.compat(r32, two));
        let v1 = t.tf("variant", vec![s32]);
        let v2 = t.tf("variant", vec![si32]);
        assert!(t.compat(v1, v2), "variants are always compatible");
        assert!(!t.compat(v1, r32));
        // Inside tensors (compatible_types.mlir).
        let tr = t.unranked(r32);
        let tbare = t.unranked(bare);
        assert!(t.compat(tr, tbare));
        let string = t.tf("string", vec![]);
        let qint8 = t.tf("qint8", vec![]);
        assert!(!t.compat(string, qint8));
    }

    #[test]
    fn aliases_are_transparent() {
        let mut t = T::new();
        let f32 = t.f32();
        let af32 = t.alias("x", f32);
        let a = t.ranked(&[2], af32);
        let b = t.ranked(&[2], f32);
        assert!(types_equal(&t.ctx, a, b));
        let ab = t.alias("y", b);
        assert!(types_equal(&t.ctx, a, ab));
        assert!(t.compat(ab, a));
        assert_eq!(quoted(&t.ctx, ab), "'tensor<2xf32>'");
    }

    #[test]
    fn ods_predicates() {
        let mut t = T::new();
        let i1 = t.int(1);
        let i32 = t.int(32);
        let ti1 = t.unranked(i1);
        let ti32 = t.ranked(&[], i32);
        let opaque = t.tf("tensor", vec![]);
        assert!(is_int_tensor(&t.ctx, ti1, 1));
        assert!(!is_int_tensor(&t.ctx, ti32, 1));
        assert!(is_int_tensor(&t.ctx, ti32, 32));
        assert!(is_tfg_tensor(&t.ctx, opaque));
        assert!(!is_tfg_tensor(&t.ctx, i1));
    }
}
