//! The lowerings, one file per op family, and their registry: each lowering is a named
//! function of one signature ([`Lowering`]); [`lowering`] finds one by name,
//! [`lowering_names`] lists them. Which lowering converts a node is the mapping table's
//! choice (`passes/convert-tf-to-torch.yaml`, [`super::table`]).

pub mod activation;
pub mod basic;
pub mod control;
pub mod elementwise;
pub mod matmul;
pub mod nn;
pub mod reduce;
pub mod sequence;
pub mod shape;
pub mod split;
pub mod tensorlist;

use super::emitter::{Converted, TfNode, TorchEmitter};
use crate::diag::Diagnostic;

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
    // control.rs
    ("if", control::if_),
    ("while", control::while_),
    ("case", control::case),
    ("call", control::call),
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
    ("einsum", matmul::einsum),
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
    ("any", reduce::any),
    ("all", reduce::all),
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
    // tensorlist.rs
    ("tensor_list_from_tensor", tensorlist::from_tensor),
    ("tensor_list_reserve", tensorlist::reserve),
    ("tensor_list_get_item", tensorlist::get_item),
    ("tensor_list_set_item", tensorlist::set_item),
    ("tensor_list_stack", tensorlist::stack),
    ("tensor_list_gather", tensorlist::gather),
    ("tensor_list_length", tensorlist::length),
    ("tensor_list_element_shape", tensorlist::element_shape),
    // sequence.rs
    ("reverse_v2", sequence::reverse_v2),
    ("reverse", sequence::reverse),
    ("range", sequence::range),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Module, OpId};

    /// The built-in table chooses a registered lowering for every op type of the core set
    /// (and none for training-mode batch norm or an op without a rule); names are unique.
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
            "ConcatV2", "Pack", "Squeeze", "ExpandDims", "StridedSlice", "Slice", "GatherV2", "Pad", "If", "StatelessIf",
            "While", "StatelessWhile", "Case", "StatelessCase", "PartitionedCall", "StatefulPartitionedCall",
            "TensorListFromTensor", "TensorListReserve", "TensorListGetItem", "TensorListSetItem", "TensorListStack",
            "TensorListGather", "TensorListLength", "TensorListElementShape", "Range", "ReverseV2", "Reverse", "Any", "All",
        ];
        for (i, t) in types.iter().enumerate() {
            text.push_str(&format!("  %ctl_{} = {} name(\"n{}\") : () -> ()\n", i, t, i));
        }
        text.push_str(&format!(
            "  %ctl_bn = FusedBatchNormV3 name(\"bn\") {{is_training = false}} : () -> ()\n  %ctl_bt = FusedBatchNormV3 name(\"bt\") {{is_training = true}} : () -> ()\n  %ctl_u = Cumsum name(\"u\") : () -> ()\n}}\n"
        ));
        let m = crate::syntax::parse_module(&text).expect("parses");
        let table = super::super::table::load().expect("the built-in table loads");
        let tags = crate::tables::Tags::new(Vec::<String>::new());
        let default_lowering = |m: &Module, op: OpId| super::super::table::choose(&table, &tags, m, op);
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
