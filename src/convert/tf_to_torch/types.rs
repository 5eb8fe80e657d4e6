//! Tensor types on both sides: a TensorFlow value's static shape and element type
//! ([`TTy`]) and torch's `!torch.vtensor<[dims],dtype>` spelling of it; the element types
//! themselves are [`Dt`] (`dialect::torch_dtype`).

pub use crate::dialect::torch_dtype::Dt;
use crate::ir::types::{TypeData, DYNAMIC};
use crate::ir::{Context, TypeId};

/// A tensor's static shape (dims may be [`DYNAMIC`]) and element type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TTy {
    pub shape: Vec<i64>,
    pub dt: Dt,
}

impl TTy {
    pub fn new(shape: Vec<i64>, dt: Dt) -> TTy {
        TTy { shape, dt }
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    pub fn is_static(&self) -> bool {
        self.shape.iter().all(|&d| d != DYNAMIC && d >= 0)
    }

    pub fn num_elements(&self) -> i64 {
        // Saturating: a declared shape may overflow i64.
        self.shape.iter().fold(1i64, |a, &d| a.saturating_mul(d))
    }

    pub fn with_shape(&self, shape: Vec<i64>) -> TTy {
        TTy { shape, dt: self.dt }
    }

    pub fn with_dt(&self, dt: Dt) -> TTy {
        TTy { shape: self.shape.clone(), dt }
    }

    /// `!torch.vtensor<[2,?,3],f32>`.
    pub fn torch_spelling(&self) -> String {
        let dims: Vec<String> = self.shape.iter().map(|&d| if d == DYNAMIC || d < 0 { "?".to_string() } else { d.to_string() }).collect();
        format!("!torch.vtensor<[{}],{}>", dims.join(","), self.dt.spelling())
    }

    /// The type of a TensorFlow value: ranked tensor with a torch element type, else `None`.
    pub fn of_type(ctx: &Context, t: TypeId) -> Option<TTy> {
        match ctx.type_data(ctx.resolved_type(t)) {
            TypeData::RankedTensor { shape, elem, .. } => Some(TTy { shape: shape.clone(), dt: Dt::of_elem(ctx, *elem)? }),
            _ => None,
        }
    }

    /// The type of a torch value: `!torch.vtensor<[2,?,3],f32>` (`?` is [`DYNAMIC`]), else
    /// `None`.
    pub fn of_torch(ctx: &Context, t: TypeId) -> Option<TTy> {
        let TypeData::Opaque(text) = ctx.type_data(ctx.resolved_type(t)) else { return None };
        let inner = ctx.str(*text).strip_prefix("!torch.vtensor<[")?.strip_suffix('>')?;
        let (dims, dt) = inner.rsplit_once("],")?;
        let shape = match dims {
            "" => Vec::new(),
            _ => dims.split(',').map(|d| if d == "?" { Some(DYNAMIC) } else { d.parse().ok() }).collect::<Option<Vec<i64>>>()?,
        };
        Some(TTy { shape, dt: Dt::from_spelling(dt)? })
    }

    /// The shape after permuting its dims: `out[i] = shape[perm[i]]`.
    pub fn permuted(&self, perm: &[usize]) -> TTy {
        self.with_shape(perm.iter().map(|&p| self.shape[p]).collect())
    }
}

/// Where each element of `shape` permuted by `perm` (`out[i] = in[perm[i]]`, of shape
/// `out_shape`) comes from: the row-major index into the input of each output element, in
/// output order.
pub fn permutation_order(shape: &[i64], perm: &[usize], out_shape: &[i64]) -> Vec<usize> {
    let mut strides = vec![1i64; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * shape[i + 1];
    }
    let n = shape.iter().product::<i64>().max(0) as usize;
    let mut index = vec![0i64; out_shape.len()];
    let mut order = Vec::with_capacity(n);
    for _ in 0..n {
        order.push(index.iter().zip(perm).map(|(&i, &p)| i * strides[p]).sum::<i64>() as usize);
        for d in (0..index.len()).rev() {
            index[d] += 1;
            if index[d] < out_shape[d] {
                break;
            }
            index[d] = 0;
        }
    }
    order
}

/// The element type of a TensorFlow value type, even when its shape is unknown.
pub fn elem_dt(ctx: &Context, t: TypeId) -> Option<Dt> {
    match ctx.type_data(ctx.resolved_type(t)) {
        TypeData::RankedTensor { elem, .. } | TypeData::UnrankedTensor { elem } => Dt::of_elem(ctx, *elem),
        _ => None,
    }
}

/// A dim as written in diagnostics: `?` when unknown.
pub fn show_dim(d: i64) -> String {
    if d == DYNAMIC { "?".to_string() } else { d.to_string() }
}

/// A shape as written in diagnostics: `[?,28,28,1]`.
pub fn show_shape(shape: &[i64]) -> String {
    let dims: Vec<String> = shape.iter().map(|&d| show_dim(d)).collect();
    format!("[{}]", dims.join(","))
}

/// NumPy broadcasting of two static shapes.
pub fn broadcast(a: &[i64], b: &[i64]) -> Option<Vec<i64>> {
    let n = a.len().max(b.len());
    let mut out = vec![0; n];
    for i in 0..n {
        let x = if i + a.len() >= n { a[i + a.len() - n] } else { 1 };
        let y = if i + b.len() >= n { b[i + b.len() - n] } else { 1 };
        // An unknown dim broadcasts as MLIR's shape functions say: against 1 it stays
        // unknown, against a known size > 1 it must be that size.
        out[i] = match (x, y) {
            _ if x == y => x,
            (_, 1) | (_, DYNAMIC) if x != 1 => x,
            (1, _) | (DYNAMIC, _) => y,
            _ => return None,
        };
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vtensor_spelling_and_broadcast() {
        assert_eq!(TTy::new(vec![2, DYNAMIC, 3], Dt::Si32).torch_spelling(), "!torch.vtensor<[2,?,3],si32>");
        assert_eq!(TTy::new(vec![], Dt::I1).torch_spelling(), "!torch.vtensor<[],i1>");
        assert_eq!(broadcast(&[2, 1, 4], &[3, 1]), Some(vec![2, 3, 4]));
        assert_eq!(broadcast(&[], &[5]), Some(vec![5]));
        assert_eq!(broadcast(&[2, 3], &[4]), None);
        assert_eq!(broadcast(&[DYNAMIC, 3], &[3]), Some(vec![DYNAMIC, 3]));
        assert_eq!(broadcast(&[DYNAMIC, 1], &[1, 5]), Some(vec![DYNAMIC, 5]));
        assert_eq!(broadcast(&[4], &[DYNAMIC, 1]), Some(vec![DYNAMIC, 4]));
    }

    #[test]
    fn torch_types_read_back() {
        let mut ctx = Context::new();
        for ty in [TTy::new(vec![2, DYNAMIC, 3], Dt::Si32), TTy::new(vec![], Dt::I1), TTy::new(vec![0, 7], Dt::Bf16)] {
            let s = ctx.sym(&ty.torch_spelling());
            let t = ctx.ty(TypeData::Opaque(s));
            assert_eq!(TTy::of_torch(&ctx, t), Some(ty));
        }
        for bad in ["!torch.vtensor<[2],f8>", "!torch.vtensor<[x],f32>", "!torch.tensor<[2],f32>", "!torch.vtensor"] {
            let s = ctx.sym(bad);
            let t = ctx.ty(TypeData::Opaque(s));
            assert_eq!(TTy::of_torch(&ctx, t), None, "{bad}");
        }
    }

    #[test]
    fn permutation_order_reads_row_major() {
        // [[0,1,2],[3,4,5]] transposed is [[0,3],[1,4],[2,5]].
        assert_eq!(permutation_order(&[2, 3], &[1, 0], &[3, 2]), vec![0, 3, 1, 4, 2, 5]);
        assert_eq!(permutation_order(&[2, 3], &[0, 1], &[2, 3]), vec![0, 1, 2, 3, 4, 5]);
    }
}
