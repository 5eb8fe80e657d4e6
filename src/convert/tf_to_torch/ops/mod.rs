//! The lowerings, one file per op family, and their registry: each lowering is a named
//! function of one signature ([`Lowering`]); [`lowering`] finds one by name,
//! [`lowering_names`] lists them. Which lowering converts a node is the mapping table's
//! choice (`passes/convert-tf-to-torch.yaml`, [`super::table`]).

pub mod activation;
pub mod basic;
pub mod control;
pub mod declared;
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
    // declared.rs: every rule of the table that names a torch op instead of a lowering
    (declared::DECLARED, declared::lower),
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
    ("add_n", elementwise::add_n),
    ("squared_difference", elementwise::squared_difference),
    ("select", elementwise::select),
    ("matrix_band_part", elementwise::matrix_band_part),
    // activation.rs
    ("relu6", activation::relu6),
    ("leaky_relu", activation::leaky_relu),
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

/// The lowerings that convert a node whose values have an unknown batch (dim 0; see
/// `dynamic_batch.rs`): each copies the batch from its input's type to its result's and
/// computes nothing from it. A lowering joins this list only once it does.
const DYNAMIC_BATCH: &[&str] = &[
    declared::DECLARED,
    "identity",
    "identity_n",
    "noop",
    "cast",
    "add_n",
    "squared_difference",
    "relu6",
    "leaky_relu",
    "softmax",
    "log_softmax",
    "matmul",
    "bias_add",
    "conv2d",
    "depthwise_conv2d",
    "max_pool",
    "avg_pool",
    "fused_batch_norm",
    "pad",
    "mean",
    "sum",
    "max",
    "min",
    "reshape",
    "transpose",
    "concat",
    "strided_slice",
    "squeeze",
    "expand_dims",
    "gather",
    "pack",
    "split",
    "split_v",
    "unpack",
    "arg_max",
    "arg_min",
    "erfc",
    "select",
    "batch_matmul",
    // A letter of the batch keeps it (`bqhd,bkhd->bhqk`); paired with a static size, an error.
    "einsum",
    "prod",
    "any",
    "all",
    // A call's body is converted node by node, each lowering checked for itself.
    "call",
];

/// Whether the lowering named `name` converts a node whose values have an unknown batch.
pub fn handles_dynamic_batch(name: &str) -> bool {
    DYNAMIC_BATCH.contains(&name)
}

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

    /// The lowering each TensorFlow op type gets from the built-in table, written out (a
    /// native's name, or the torch op a declarative rule builds): a table edit that sends an
    /// op to the wrong lowering (Sub to `aten::add.Tensor`), drops an op or adds one without
    /// saying here what it becomes fails this test.
    const EXPECTED: &[(&str, &str)] = &[
        ("Const", "const"), ("Identity", "identity"), ("Snapshot", "identity"), ("StopGradient", "identity"),
        ("PreventGradient", "identity"), ("PlaceholderWithDefault", "identity"), ("EnsureShape", "identity"),
        ("IdentityN", "identity_n"), ("NoOp", "noop"), ("Shape", "shape"), ("Size", "shape"),
        ("Rank", "shape"), ("Cast", "cast"), ("Fill", "fill"), ("Add", "aten::add.Tensor"), ("AddV2", "aten::add.Tensor"),
        ("AddN", "add_n"), ("Sub", "aten::sub.Tensor"), ("Mul", "aten::mul.Tensor"), ("RealDiv", "aten::div.Tensor"), ("FloorDiv", "aten::div.Tensor_mode"),
        ("FloorMod", "aten::remainder.Tensor"), ("Maximum", "aten::maximum"), ("Minimum", "aten::minimum"), ("Pow", "aten::pow.Tensor_Tensor"),
        ("SquaredDifference", "squared_difference"), ("Less", "aten::lt.Tensor"), ("LessEqual", "aten::le.Tensor"),
        ("Greater", "aten::gt.Tensor"), ("GreaterEqual", "aten::ge.Tensor"), ("Equal", "aten::eq.Tensor"),
        ("NotEqual", "aten::ne.Tensor"), ("LogicalAnd", "aten::logical_and"), ("LogicalOr", "aten::logical_or"),
        ("LogicalNot", "aten::logical_not"), ("Select", "select"), ("MatrixBandPart", "matrix_band_part"), ("SelectV2", "aten::where.self"), ("Sqrt", "aten::sqrt"),
        ("Rsqrt", "aten::rsqrt"), ("Exp", "aten::exp"), ("Log", "aten::log"), ("Neg", "aten::neg"), ("Abs", "aten::abs"),
        ("Square", "aten::square"), ("Reciprocal", "aten::reciprocal"), ("Inv", "aten::reciprocal"), ("Floor", "aten::floor"),
        ("Ceil", "aten::ceil"), ("Round", "aten::round"), ("Sin", "aten::sin"), ("Cos", "aten::cos"), ("Relu", "aten::relu"),
        ("Relu6", "relu6"), ("Elu", "aten::elu"), ("Selu", "aten::selu"), ("Sigmoid", "aten::sigmoid"), ("Tanh", "aten::tanh"),
        ("Softplus", "aten::softplus"), ("LeakyRelu", "leaky_relu"), ("Erf", "aten::erf"), ("Erfc", "erfc"),
        ("Softmax", "softmax"), ("LogSoftmax", "log_softmax"), ("MatMul", "matmul"),
        ("BatchMatMul", "batch_matmul"), ("BatchMatMulV2", "batch_matmul"),
        ("BatchMatMulV3", "batch_matmul"), ("Einsum", "einsum"), ("BiasAdd", "bias_add"),
        ("BiasAddV1", "bias_add"), ("Conv2D", "conv2d"), ("DepthwiseConv2dNative", "depthwise_conv2d"),
        ("Conv2DBackpropInput", "conv2d_backprop_input"), ("ResizeNearestNeighbor", "resize_nearest"),
        ("MaxPool", "max_pool"), ("AvgPool", "avg_pool"), ("FusedBatchNorm", "fused_batch_norm"),
        ("FusedBatchNormV2", "fused_batch_norm"), ("FusedBatchNormV3", "fused_batch_norm"), ("Mean", "mean"),
        ("Sum", "sum"), ("Max", "max"), ("Min", "min"), ("Prod", "prod"), ("Any", "any"), ("All", "all"),
        ("Reshape", "reshape"), ("Transpose", "transpose"), ("ConcatV2", "concat"), ("Pack", "pack"),
        ("Squeeze", "squeeze"), ("ExpandDims", "expand_dims"), ("StridedSlice", "strided_slice"),
        ("Slice", "slice"), ("GatherV2", "gather"), ("Pad", "pad"), ("PadV2", "pad"), ("Split", "split"),
        ("SplitV", "split_v"), ("Unpack", "unpack"), ("Tile", "tile"), ("ArgMax", "arg_max"),
        ("ArgMin", "arg_min"), ("If", "if"), ("StatelessIf", "if"), ("While", "while"),
        ("StatelessWhile", "while"), ("Case", "case"), ("StatelessCase", "case"),
        ("PartitionedCall", "call"), ("StatefulPartitionedCall", "call"),
        ("TensorListFromTensor", "tensor_list_from_tensor"), ("TensorListReserve", "tensor_list_reserve"),
        ("TensorListGetItem", "tensor_list_get_item"), ("TensorListSetItem", "tensor_list_set_item"),
        ("TensorListStack", "tensor_list_stack"), ("TensorListGather", "tensor_list_gather"),
        ("TensorListLength", "tensor_list_length"), ("TensorListElementShape", "tensor_list_element_shape"),
        ("Range", "range"), ("ReverseV2", "reverse_v2"), ("Reverse", "reverse"),
    ];

    /// The graph of one node of each type in `types`; batch norms in inference mode.
    fn one_node_each(types: &[&str]) -> Module {
        let mut text = String::from("tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {\n");
        for (i, t) in types.iter().enumerate() {
            let attrs = if t.starts_with("FusedBatchNorm") { " {is_training = false}" } else { "" };
            text.push_str(&format!("  %ctl_{i} = {t} name(\"n{i}\"){attrs} : () -> ()\n"));
        }
        text.push_str("  %ctl_bt = FusedBatchNormV3 name(\"bt\") {is_training = true} : () -> ()\n");
        text.push_str("  %ctl_u = Cumsum name(\"u\") : () -> ()\n}\n");
        crate::syntax::parse_module(&text).expect("parses")
    }

    /// Every op type gets exactly its expected lowering, which is registered; training-mode
    /// batch norm and an op without a rule get none; lowering names are unique.
    #[test]
    fn each_op_gets_its_lowering() {
        let names = lowering_names();
        let mut sorted = names.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "duplicate lowering names");
        let tables = super::super::table::Tables::load(&[], crate::tables::Tags::new(Vec::<String>::new())).expect("the built-in table loads");
        let table = tables.tables.last().expect("the built-in table").clone();
        let in_table: std::collections::BTreeSet<&str> = table.rules.iter().map(|r| r.def.src.ops[r.def.src.root].ty.as_str()).collect();
        let listed: std::collections::BTreeSet<&str> = EXPECTED.iter().map(|(t, _)| *t).collect();
        assert_eq!(in_table, listed, "the table's op types and this test's list differ");

        let types: Vec<&str> = EXPECTED.iter().map(|(t, _)| *t).collect();
        let m = one_node_each(&types);
        let graph = m.top_ops()[0];
        let block = crate::dialect::tfg::body_block(&m, graph).expect("body");
        let ops: Vec<OpId> = m.body.block_ops(block).collect();
        assert_eq!(ops.len(), EXPECTED.len() + 2);
        for (&op, &(t, want)) in ops.iter().zip(EXPECTED) {
            let choice = tables.choose(&m, op);
            let got = choice.as_ref().map(|c| c.lowering);
            if want.contains("::") {
                assert_eq!(got, Some(declared::DECLARED), "{t} gets {got:?}, not the declarative rule building {want}");
                let built = choice.map(|c| c.rule.dst[0].op.clone());
                assert_eq!(built.as_deref(), Some(format!("torch.{}", want.replace("::", ".")).as_str()), "{t} builds {built:?}, not {want}");
            } else {
                assert_eq!(got, Some(want), "{t} gets {got:?}, not '{want}'");
                assert!(lowering(want).is_some(), "{t} chooses unregistered '{want}'");
            }
        }
        for &op in &ops[EXPECTED.len()..] {
            let t = crate::dialect::tfg::op_type(&m, op);
            assert!(tables.choose(&m, op).is_none(), "{t} ({:?}) has no lowering", m.node_name(op));
        }
    }
}
