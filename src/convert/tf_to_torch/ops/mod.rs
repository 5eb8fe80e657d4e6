//! The lowerings, one file per op family, and their registry: each lowering is a named
//! function of one signature ([`Lowering`]); [`lowering`] finds one by name,
//! [`lowering_names`] lists them, and [`default_lowering`] is the built-in choice of a
//! lowering for a TensorFlow node (by op type and, for layouts, `data_format`). A mapping
//! table replaces the chooser; the lowerings stay.

pub mod activation;
pub mod basic;
pub mod elementwise;
pub mod matmul;
pub mod nn;
pub mod reduce;
pub mod shape;
pub mod split;

use super::emitter::{Converted, TfNode, TorchEmitter};
use crate::diag::Diagnostic;
use crate::dialect::tfg;
use crate::ir::{Module, OpId};

/// A lowering: converts one node; returns the torch values of its data results, in order
/// (a result it cannot give is left off the end, and is an error only when something uses it).
pub type Lowering = fn(&mut TorchEmitter, &TfNode) -> Result<Vec<Converted>, Diagnostic>;

/// Every lowering by name.
const LOWERINGS: &[(&str, Lowering)] = &[
    // basic.rs
    ("const", basic::constant),
    ("identity", basic::identity),
    ("identity_n", basic::identity_n),
    ("noop", basic::noop),
    ("shape", basic::shape),
    ("cast", basic::cast),
    ("fill", basic::fill),
    // elementwise.rs
    ("add", elementwise::add),
    ("add_n", elementwise::add_n),
    ("sub", elementwise::sub),
    ("mul", elementwise::mul),
    ("div", elementwise::div),
    ("floor_div", elementwise::floor_div),
    ("floor_mod", elementwise::floor_mod),
    ("maximum", elementwise::maximum),
    ("minimum", elementwise::minimum),
    ("pow", elementwise::pow),
    ("squared_difference", elementwise::squared_difference),
    ("less", elementwise::less),
    ("less_equal", elementwise::less_equal),
    ("greater", elementwise::greater),
    ("greater_equal", elementwise::greater_equal),
    ("equal", elementwise::equal),
    ("not_equal", elementwise::not_equal),
    ("logical_and", elementwise::logical_and),
    ("logical_or", elementwise::logical_or),
    ("logical_not", elementwise::logical_not),
    ("select", elementwise::select),
    ("select_v2", elementwise::select_v2),
    ("sqrt", elementwise::sqrt),
    ("rsqrt", elementwise::rsqrt),
    ("exp", elementwise::exp),
    ("log", elementwise::log),
    ("neg", elementwise::neg),
    ("abs", elementwise::abs),
    ("square", elementwise::square),
    ("reciprocal", elementwise::reciprocal),
    ("floor", elementwise::floor),
    ("ceil", elementwise::ceil),
    ("round", elementwise::round),
    ("sin", elementwise::sin),
    ("cos", elementwise::cos),
    // activation.rs
    ("relu", activation::relu),
    ("relu6", activation::relu6),
    ("elu", activation::elu),
    ("selu", activation::selu),
    ("sigmoid", activation::sigmoid),
    ("tanh", activation::tanh),
    ("softplus", activation::softplus),
    ("leaky_relu", activation::leaky_relu),
    ("erf", activation::erf),
    ("erfc", activation::erfc),
    ("softmax", activation::softmax),
    ("log_softmax", activation::log_softmax),
    // matmul.rs
    ("matmul", matmul::matmul),
    ("batch_matmul", matmul::batch_matmul),
    ("bias_add", matmul::bias_add),
    // nn.rs
    ("conv2d", nn::conv2d),
    ("depthwise_conv2d", nn::depthwise_conv2d),
    ("conv2d_backprop_input", nn::conv2d_backprop_input),
    ("resize_nearest", nn::resize_nearest),
    ("max_pool", nn::max_pool),
    ("avg_pool", nn::avg_pool),
    ("fused_batch_norm", nn::fused_batch_norm),
    // reduce.rs
    ("mean", reduce::mean),
    ("sum", reduce::sum),
    ("max", reduce::max),
    ("min", reduce::min),
    ("prod", reduce::prod),
    // shape.rs
    ("reshape", shape::reshape),
    ("transpose", shape::transpose),
    ("concat", shape::concat),
    ("pack", shape::pack),
    ("squeeze", shape::squeeze),
    ("expand_dims", shape::expand_dims),
    ("strided_slice", shape::strided_slice),
    ("slice", shape::slice),
    ("gather", shape::gather),
    ("pad", shape::pad),
    // split.rs
    ("split", split::split),
    ("split_v", split::split_v),
    ("unpack", split::unpack),
    ("tile", split::tile),
    ("arg_max", split::arg_max),
    ("arg_min", split::arg_min),
];

/// The lowering named `name`.
pub fn lowering(name: &str) -> Option<Lowering> {
    LOWERINGS.iter().find(|(n, _)| *n == name).map(|(_, f)| *f)
}

/// Every lowering's name, in registry order.
pub fn lowering_names() -> &'static [&'static str] {
    static NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| LOWERINGS.iter().map(|(n, _)| *n).collect())
}

/// The built-in choice of lowering for a TensorFlow node; `None`: no lowering.
pub fn default_lowering(m: &Module, op: OpId) -> Option<&'static str> {
    Some(match tfg::op_type(m, op) {
        "Const" => "const",
        "Identity" | "Snapshot" | "StopGradient" | "PreventGradient" | "PlaceholderWithDefault" | "EnsureShape" => "identity",
        "IdentityN" => "identity_n",
        "NoOp" => "noop",
        "Shape" | "Size" | "Rank" => "shape",
        "Cast" => "cast",
        "Fill" => "fill",
        "Add" | "AddV2" => "add",
        "AddN" => "add_n",
        "Sub" => "sub",
        "Mul" => "mul",
        "RealDiv" => "div",
        "FloorDiv" => "floor_div",
        "FloorMod" => "floor_mod",
        "Maximum" => "maximum",
        "Minimum" => "minimum",
        "Pow" => "pow",
        "SquaredDifference" => "squared_difference",
        "Less" => "less",
        "LessEqual" => "less_equal",
        "Greater" => "greater",
        "GreaterEqual" => "greater_equal",
        "Equal" => "equal",
        "NotEqual" => "not_equal",
        "LogicalAnd" => "logical_and",
        "LogicalOr" => "logical_or",
        "LogicalNot" => "logical_not",
        "Select" => "select",
        "SelectV2" => "select_v2",
        "Sqrt" => "sqrt",
        "Rsqrt" => "rsqrt",
        "Exp" => "exp",
        "Log" => "log",
        "Neg" => "neg",
        "Abs" => "abs",
        "Square" => "square",
        "Reciprocal" | "Inv" => "reciprocal",
        "Floor" => "floor",
        "Ceil" => "ceil",
        "Round" => "round",
        "Sin" => "sin",
        "Cos" => "cos",
        "Relu" => "relu",
        "Relu6" => "relu6",
        "Elu" => "elu",
        "Selu" => "selu",
        "Sigmoid" => "sigmoid",
        "Tanh" => "tanh",
        "Softplus" => "softplus",
        "LeakyRelu" => "leaky_relu",
        "Erf" => "erf",
        "Erfc" => "erfc",
        "Softmax" => "softmax",
        "LogSoftmax" => "log_softmax",
        "MatMul" => "matmul",
        "BatchMatMul" | "BatchMatMulV2" | "BatchMatMulV3" => "batch_matmul",
        "BiasAdd" | "BiasAddV1" => "bias_add",
        "Conv2D" => "conv2d",
        "DepthwiseConv2dNative" => "depthwise_conv2d",
        "Conv2DBackpropInput" => "conv2d_backprop_input",
        "ResizeNearestNeighbor" => "resize_nearest",
        "MaxPool" => "max_pool",
        "AvgPool" => "avg_pool",
        "FusedBatchNorm" | "FusedBatchNormV2" | "FusedBatchNormV3" => {
            // Inference only.
            let training = m.op_attr(op, "is_training").map(|a| matches!(m.ctx.attr_data(a), crate::ir::AttrData::Bool(true)));
            if training.unwrap_or(true) {
                return None;
            }
            "fused_batch_norm"
        }
        "Mean" => "mean",
        "Sum" => "sum",
        "Max" => "max",
        "Min" => "min",
        "Prod" => "prod",
        "Reshape" => "reshape",
        "Transpose" => "transpose",
        "ConcatV2" => "concat",
        "Pack" => "pack",
        "Squeeze" => "squeeze",
        "ExpandDims" => "expand_dims",
        "StridedSlice" => "strided_slice",
        "Slice" => "slice",
        "GatherV2" => "gather",
        "Pad" | "PadV2" => "pad",
        "Split" => "split",
        "SplitV" => "split_v",
        "Unpack" => "unpack",
        "Tile" => "tile",
        "ArgMax" => "arg_max",
        "ArgMin" => "arg_min",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every op type the default chooser knows maps to a registered lowering, and names are unique.
    #[test]
    fn default_choices_are_registered() {
        let names = lowering_names();
        let mut sorted = names.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "duplicate lowering names");
        let mut text = String::from("tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {\n");
        let types = [
            "Const", "Identity", "NoOp", "Shape", "Cast", "Fill", "AddV2", "Sub", "Mul", "RealDiv", "FloorDiv", "FloorMod",
            "Maximum", "Minimum", "Pow", "SquaredDifference", "Less", "Equal", "LogicalNot", "Select", "SelectV2", "Sqrt",
            "Rsqrt", "Exp", "Log", "Neg", "Abs", "Square", "Round", "Relu", "Relu6", "Elu", "Selu", "Sigmoid", "Tanh",
            "Softplus", "LeakyRelu", "Erf", "Softmax", "LogSoftmax", "MatMul", "BatchMatMulV2", "BiasAdd", "Conv2D",
            "DepthwiseConv2dNative", "MaxPool", "AvgPool", "Mean", "Sum", "Max", "Min", "Prod", "Reshape", "Transpose",
            "ConcatV2", "Pack", "Squeeze", "ExpandDims", "StridedSlice", "Slice", "GatherV2", "Pad",
        ];
        for (i, t) in types.iter().enumerate() {
            text.push_str(&format!("  %ctl_{} = {} name(\"n{}\") : () -> ()\n", i, t, i));
        }
        text.push_str(&format!(
            "  %ctl_bn = FusedBatchNormV3 name(\"bn\") {{is_training = false}} : () -> ()\n  %ctl_bt = FusedBatchNormV3 name(\"bt\") {{is_training = true}} : () -> ()\n  %ctl_u = Cumsum name(\"u\") : () -> ()\n}}\n"
        ));
        let m = crate::syntax::parse_module(&text).expect("parses");
        let graph = m.top_ops()[0];
        let block = crate::dialect::tfg::body_block(&m, graph).expect("body");
        for op in m.body.block_ops(block) {
            let t = crate::dialect::tfg::op_type(&m, op);
            match t {
                "FusedBatchNormV3" if m.node_name(op).as_deref() == Some("bt") => assert_eq!(default_lowering(&m, op), None),
                "Cumsum" => assert_eq!(default_lowering(&m, op), None),
                _ => {
                    let name = default_lowering(&m, op).unwrap_or_else(|| panic!("{} has no default lowering", t));
                    assert!(lowering(name).is_some(), "{} chooses unregistered '{}'", t, name);
                }
            }
        }
    }
}
