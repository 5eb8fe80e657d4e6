//! MatMul (`aten.mm`, with `aten.transpose.int` for transpose_a/b), BatchMatMul(V2/V3)
//! (`aten.matmul`, broadcasting batch dims, adj_x/adj_y), Einsum (`aten.einsum`: TensorFlow's
//! equation is numpy's, which torch reads as it is), BiasAdd (`aten.add.Tensor`; on a value
//! held as NCHW the bias is reshaped to `[C,1,1]`, so the layout is kept).

use super::super::emitter::{Converted, Layout, TfNode, TorchEmitter, A};
use crate::diag::Diagnostic;
use crate::ir::ValueId;

type R = Result<Vec<Converted>, Diagnostic>;

/// Swaps the last two dims.
fn transpose_last(e: &mut TorchEmitter, v: ValueId) -> Result<ValueId, Diagnostic> {
    let ty = e.ty(v);
    let r = ty.rank();
    let mut shape = ty.shape.clone();
    shape.swap(r - 2, r - 1);
    e.aten("aten::transpose.int", vec![A::T(v), A::Int(r as i64 - 2), A::Int(r as i64 - 1)], ty.with_shape(shape))
}

/// Both operands of a matrix product have rank 2 or more (MatMul: exactly 2).
fn check_ranks(e: &TorchEmitter, n: &TfNode, exact: bool) -> Result<(), Diagnostic> {
    for i in 0..2 {
        let r = e.input_ty(n, i)?.rank();
        if r < 2 || (exact && r != 2) {
            return Err(e.err(n, format!("operand {} has rank {}; a matrix product needs {}", i, r, if exact { "2" } else { "2 or more" })));
        }
    }
    Ok(())
}

pub fn matmul(e: &mut TorchEmitter, n: &TfNode) -> R {
    check_ranks(e, n, true)?;
    let mut a = e.logical(n, 0)?;
    let mut b = e.logical(n, 1)?;
    if e.attr_bool(n, "transpose_a").unwrap_or(false) {
        a = transpose_last(e, a)?;
    }
    if e.attr_bool(n, "transpose_b").unwrap_or(false) {
        b = transpose_last(e, b)?;
    }
    let ty = e.result_ty(n, 0)?;
    Ok(vec![Converted::plain(e.aten("aten::mm", vec![A::T(a), A::T(b)], ty)?)])
}

pub fn batch_matmul(e: &mut TorchEmitter, n: &TfNode) -> R {
    check_ranks(e, n, false)?;
    let mut a = e.logical(n, 0)?;
    let mut b = e.logical(n, 1)?;
    if e.attr_bool(n, "adj_x").unwrap_or(false) {
        a = transpose_last(e, a)?;
    }
    if e.attr_bool(n, "adj_y").unwrap_or(false) {
        b = transpose_last(e, b)?;
    }
    let ty = e.result_ty(n, 0)?;
    let dt = ty.dt;
    // BatchMatMulV3 may mix input types with Tout; torch wants one.
    let a = e.cast(a, dt)?;
    let b = e.cast(b, dt)?;
    Ok(vec![Converted::plain(e.aten("aten::matmul", vec![A::T(a), A::T(b)], ty)?)])
}

pub fn einsum(e: &mut TorchEmitter, n: &TfNode) -> R {
    let equation = e.attr_str(n, "equation").ok_or_else(|| e.err(n, "has no equation"))?;
    // Letters, `,`, `->` and `...` only, as both TensorFlow and torch accept.
    if !equation.chars().all(|c| c.is_ascii_alphabetic() || matches!(c, ',' | '-' | '>' | '.' | ' ')) {
        return Err(e.err(n, format!("equation '{}' is not an einsum equation", equation)));
    }
    let equation = equation.replace(' ', "");
    let operands = (0..n.inputs.len()).map(|i| e.logical(n, i)).collect::<Result<Vec<_>, _>>()?;
    let shapes: Vec<Vec<i64>> = operands.iter().map(|&v| e.ty(v).shape.clone()).collect();
    // TensorFlow's shape function leaves the result unranked when an input is; here the
    // inputs are static (but for an unknown batch), so the result's shape follows from the
    // equation.
    let shape = einsum_shape(&equation, &shapes).ok_or_else(|| e.err(n, format!("equation '{}' does not fit the input shapes {:?}", equation, shapes)))?;
    let first = *operands.first().ok_or_else(|| e.err(n, "has no operands"))?;
    let ty = e.ty(first).with_shape(shape);
    let v = e.aten("aten::einsum", vec![A::Str(equation), A::Tensors(operands)], ty)?;
    Ok(vec![Converted::plain(v)])
}

/// The result shape of einsum `equation` (numpy's form: `ab,bc->ac`, `...` for broadcast
/// dims, implicit output when there is no `->`) on inputs of `shapes`, static but for an
/// unknown batch, which a letter keeps wherever it goes (it joins only another unknown dim or
/// a 1).
pub fn einsum_shape(equation: &str, shapes: &[Vec<i64>]) -> Option<Vec<i64>> {
    let (lhs, rhs) = match equation.split_once("->") {
        Some((l, r)) => (l, Some(r)),
        None => (equation, None),
    };
    let terms: Vec<&str> = lhs.split(',').collect();
    if terms.len() != shapes.len() {
        return None;
    }
    let mut sizes: std::collections::BTreeMap<char, i64> = Default::default();
    let mut counts: std::collections::BTreeMap<char, usize> = Default::default();
    let mut ellipsis: Vec<i64> = Vec::new();
    // `size` broadcast into `into` (1 stretches).
    let join = |into: &mut i64, size: i64| -> Option<()> {
        if *into == size || size == 1 {
            Some(())
        } else if *into == 1 {
            *into = size;
            Some(())
        } else {
            None
        }
    };
    for (term, shape) in terms.iter().zip(shapes) {
        let (before, after) = match term.split_once("...") {
            Some((b, a)) => (b, Some(a)),
            None => (*term, None),
        };
        let letters = before.len() + after.map_or(0, str::len);
        if !term.chars().all(|c| c.is_ascii_alphabetic() || c == '.') || letters > shape.len() || (after.is_none() && letters != shape.len()) {
            return None;
        }
        let tail = after.unwrap_or("");
        let ell = &shape[before.len()..shape.len() - tail.len()];
        // Broadcast dims align on the right.
        if ell.len() > ellipsis.len() {
            let mut wider = vec![1; ell.len() - ellipsis.len()];
            wider.extend(&ellipsis);
            ellipsis = wider;
        }
        let off = ellipsis.len() - ell.len();
        for (i, &d) in ell.iter().enumerate() {
            join(&mut ellipsis[off + i], d)?;
        }
        let named = before.chars().zip(&shape[..before.len()]).chain(tail.chars().zip(&shape[shape.len() - tail.len()..]));
        for (c, &d) in named {
            join(sizes.entry(c).or_insert(d), d)?;
            *counts.entry(c).or_insert(0) += 1;
        }
    }
    let mut out = Vec::new();
    match rhs {
        Some(r) => {
            let (before, after) = r.split_once("...").map_or((r, None), |(b, a)| (b, Some(a)));
            for c in before.chars() {
                out.push(*sizes.get(&c)?);
            }
            if let Some(a) = after {
                out.extend(&ellipsis);
                for c in a.chars() {
                    out.push(*sizes.get(&c)?);
                }
            }
        }
        None => {
            out.extend(&ellipsis);
            out.extend(counts.iter().filter(|(_, &k)| k == 1).map(|(c, _)| sizes[c]));
        }
    }
    Some(out)
}

pub fn bias_add(e: &mut TorchEmitter, n: &TfNode) -> R {
    let x = e.input(n, 0)?;
    let bias = e.logical(n, 1)?;
    if e.ty(bias).rank() != 1 || e.input_ty(n, 0)?.rank() < 2 {
        return Err(e.err(n, "expects a bias of rank 1 and a value of rank 2 or more"));
    }
    let c = e.ty(bias).shape[0];
    let nchw_format = e.attr_str(n, "data_format").as_deref() == Some("NCHW");
    let (xv, bv, layout) = match (x.layout, nchw_format) {
        (Layout::Nchw, false) => (x.value, e.reshape(bias, vec![c, 1, 1])?, Layout::Nchw),
        (_, false) => (e.logical(n, 0)?, bias, Layout::Plain),
        (_, true) => {
            let xv = e.logical(n, 0)?;
            let r = e.ty(xv).rank();
            let mut shape = vec![c];
            shape.resize(r.saturating_sub(1).max(1), 1);
            (xv, e.reshape(bias, shape)?, Layout::Plain)
        }
    };
    let ty = e.ty(xv).with_dt(e.result_dt(n, 0)?);
    let v = e.aten("aten::add.Tensor", vec![A::T(xv), A::T(bv)], ty)?;
    Ok(vec![Converted { value: v, layout }])
}

#[cfg(test)]
mod tests {
    use super::einsum_shape;

    #[test]
    fn einsum_shapes_follow_numpy() {
        assert_eq!(einsum_shape("ij,jk->ik", &[vec![2, 3], vec![3, 4]]), Some(vec![2, 4]));
        assert_eq!(einsum_shape("aecd,abcd->acbe", &[vec![2, 6, 2, 4], vec![2, 5, 2, 4]]), Some(vec![2, 2, 5, 6]));
        assert_eq!(einsum_shape("...ij,jk->...ik", &[vec![3, 5, 4], vec![4, 7]]), Some(vec![3, 5, 7]));
        assert_eq!(einsum_shape("...i,...i->...", &[vec![2, 1, 3], vec![4, 3]]), Some(vec![2, 4]));
        // Implicit output: broadcast dims, then the letters used once, in order.
        assert_eq!(einsum_shape("ij,jk", &[vec![2, 3], vec![3, 4]]), Some(vec![2, 4]));
        assert_eq!(einsum_shape("ba", &[vec![2, 3]]), Some(vec![3, 2]));
        assert_eq!(einsum_shape("ii->i", &[vec![3, 3]]), Some(vec![3]));
        // Mismatches: sizes, ranks, operand counts.
        assert_eq!(einsum_shape("ij,jk->ik", &[vec![2, 3], vec![4, 5]]), None);
        assert_eq!(einsum_shape("ij->i", &[vec![2, 3, 4]]), None);
        assert_eq!(einsum_shape("ij,jk->ik", &[vec![2, 3]]), None);
        assert_eq!(einsum_shape("ij->z", &[vec![2, 3]]), None);
    }
}
