//! Which namespace an op is checked against: the op's framework comes from its name (tfg and
//! tf ops are TensorFlow, `onnx.*` ONNX (`onnx.ml.*` its ai.onnx.ml domain), `torch.*`
//! TorchScript), the version from the innermost enclosing `amanda.namespace` declaration that
//! names a version of that framework, or the newest version when nothing declares one.

use std::borrow::Cow;

use crate::dialect::traits::is_tfg_structural;
use crate::ir::{AttrData, AttrId, Module, OpId};

/// The attribute that records a module's or graph's namespace(s).
pub const NAMESPACE_ATTR: &str = "amanda.namespace";

pub const TENSORFLOW: &str = "amanda/tensorflow";
pub const ONNX: &str = "amanda/onnx";
pub const ONNX_ML: &str = "amanda/onnx/ml";
pub const PYTORCH: &str = "amanda/pytorch";

/// onnx-mlir ops that are not ONNX operators.
const ONNX_STRUCTURAL: &[&str] = &["NoValue", "EntryPoint", "Return", "Yield", "Custom", "Dim", "DimGroup", "Print", "PrintSignature"];

/// torch-mlir op groups that are not TorchScript operators (`torch.constant.int`, ...).
const TORCH_STRUCTURAL: &[&str] = &[
    "constant", "vtensor", "tensor", "tensor_static_info_cast", "operator", "operator_terminator", "derefine",
    "copy", "overwrite", "class_type", "nn_module", "slot", "global_slot", "method", "attr", "linear_params",
    "per_tensor_affine", "promote_dtypes", "runtime", "symbolic_int", "bind_symbolic_shape", "initialize",
    "shape", "dtype", "valsem",
];

/// torch-mlir's terminators of `torch.prim.If` / `torch.prim.Loop` regions (not TorchScript
/// operators; TorchScript's blocks return their values).
const TORCH_TERMINATORS: &[&str] = &["prim.If.yield", "prim.Loop.condition"];

/// The namespace group an op belongs to and its op type in that vocabulary
/// (`tfg.Conv2D` → (`amanda/tensorflow`, `Conv2D`), `torch.aten.add.Tensor` →
/// (`amanda/pytorch`, `aten::add.Tensor`)); `None` for ops outside every vocabulary.
pub fn classify(name: &str) -> Option<(&'static str, Cow<'_, str>)> {
    if let Some(t) = name.strip_prefix("tfg.").or_else(|| name.strip_prefix("tf.")) {
        // tfg's own ops (intrinsic and region control flow) are not TensorFlow op types,
        // under the `tf.` prefix either.
        let structural = if name.starts_with("tfg.") { is_tfg_structural(name) } else { is_tfg_structural(&format!("tfg.{t}")) };
        if t.is_empty() || structural {
            return None;
        }
        return Some((TENSORFLOW, Cow::Borrowed(t)));
    }
    if let Some(t) = name.strip_prefix("onnx.ml.") {
        return (!t.is_empty()).then_some((ONNX_ML, Cow::Borrowed(t)));
    }
    if let Some(t) = name.strip_prefix("onnx.") {
        if t.is_empty() || ONNX_STRUCTURAL.contains(&t) {
            return None;
        }
        return Some((ONNX, Cow::Borrowed(t)));
    }
    if let Some(t) = name.strip_prefix("torch.") {
        if TORCH_TERMINATORS.contains(&t) {
            return None;
        }
        let (ns, rest) = t.split_once('.').unwrap_or((t, ""));
        if ns.is_empty() || TORCH_STRUCTURAL.contains(&ns) {
            return None;
        }
        if rest.is_empty() {
            return Some((PYTORCH, Cow::Borrowed(t)));
        }
        return Some((PYTORCH, Cow::Owned(format!("{}::{}", ns, rest))));
    }
    None
}

/// The IR spelling of an op type of a namespace group (inverse of [`classify`]).
pub fn ir_name(group: &str, op_type: &str) -> String {
    if group.starts_with(TENSORFLOW) {
        format!("tfg.{}", op_type)
    } else if group.starts_with(ONNX_ML) {
        format!("onnx.ml.{}", op_type)
    } else if group.starts_with(ONNX) {
        format!("onnx.{}", op_type)
    } else if group.starts_with(PYTORCH) {
        format!("torch.{}", op_type.replacen("::", ".", 1))
    } else {
        op_type.to_string()
    }
}

/// The namespace names an op declares with `amanda.namespace`: a string or a non-empty array
/// of strings; `Err` when the attribute is anything else.
pub fn declared(m: &Module, op: OpId) -> Option<Result<Vec<String>, ()>> {
    let a = m.op_attr(op, NAMESPACE_ATTR)?;
    let ctx = &m.ctx;
    let name = |a: AttrId| match ctx.attr_data(ctx.resolved_attr(a)) {
        AttrData::String { .. } => ctx.string_value(a).map(|b| String::from_utf8_lossy(&b).into_owned()).ok_or(()),
        _ => Err(()),
    };
    Some(match ctx.attr_data(ctx.resolved_attr(a)) {
        AttrData::Array(items) if !items.is_empty() => items.iter().map(|&i| name(i)).collect(),
        _ => name(a).map(|n| vec![n]),
    })
}

/// Whether any op of the module declares a namespace (a declaration on an op without regions
/// counts too: verification reports it).
pub fn module_declares(m: &Module) -> bool {
    if m.ctx.lookup_sym(NAMESPACE_ATTR).is_none() {
        return false;
    }
    let mut stack: Vec<OpId> = m.body.block_ops(m.top).collect();
    while let Some(op) = stack.pop() {
        if m.op_attr(op, NAMESPACE_ATTR).is_some() {
            return true;
        }
        for &r in &m.body.op(op).regions {
            for &b in &m.body.region(r).blocks {
                stack.extend(m.body.block_ops(b));
            }
        }
    }
    false
}
