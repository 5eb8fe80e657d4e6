//! TensorFlow's GraphDef protobuf messages (tensorflow/core/framework/*.proto), written by hand
//! with prost's derive: field tags and wire types as in the .proto files. Enums (`DataType`,
//! `FullTypeId`) are kept as their `i32` numbers (same wire form); their names live in
//! [`super::pbtxt`]. Maps are `BTreeMap`s so iteration is in key order, as protobuf's text
//! printer sorts map entries.

use std::collections::BTreeMap;

#[derive(Clone, PartialEq, prost::Message)]
pub struct GraphDef {
    #[prost(message, repeated, tag = "1")]
    pub node: Vec<NodeDef>,
    #[prost(message, optional, tag = "4")]
    pub versions: Option<VersionDef>,
    #[prost(int32, tag = "3")]
    pub version: i32,
    #[prost(message, optional, tag = "2")]
    pub library: Option<FunctionDefLibrary>,
    #[prost(message, optional, tag = "5")]
    pub debug_info: Option<GraphDebugInfo>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct NodeDef {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(string, tag = "2")]
    pub op: String,
    #[prost(string, repeated, tag = "3")]
    pub input: Vec<String>,
    #[prost(string, tag = "4")]
    pub device: String,
    #[prost(btree_map = "string, message", tag = "5")]
    pub attr: BTreeMap<String, AttrValue>,
    #[prost(message, optional, tag = "6")]
    pub experimental_debug_info: Option<ExperimentalDebugInfo>,
    #[prost(message, optional, tag = "7")]
    pub experimental_type: Option<FullTypeDef>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ExperimentalDebugInfo {
    #[prost(string, repeated, tag = "1")]
    pub original_node_names: Vec<String>,
    #[prost(string, repeated, tag = "2")]
    pub original_func_names: Vec<String>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct AttrValue {
    #[prost(oneof = "attr_value::Value", tags = "1, 2, 3, 4, 5, 6, 7, 8, 9, 10")]
    pub value: Option<attr_value::Value>,
}

pub mod attr_value {
    // As protobuf's generated code: the oneof holds its message inline.
    #[allow(clippy::large_enum_variant)]
    #[derive(Clone, PartialEq, prost::Oneof)]
    pub enum Value {
        #[prost(message, tag = "1")]
        List(super::ListValue),
        #[prost(bytes, tag = "2")]
        S(Vec<u8>),
        #[prost(int64, tag = "3")]
        I(i64),
        #[prost(float, tag = "4")]
        F(f32),
        #[prost(bool, tag = "5")]
        B(bool),
        #[prost(int32, tag = "6")]
        Type(i32),
        #[prost(message, tag = "7")]
        Shape(super::TensorShapeProto),
        #[prost(message, tag = "8")]
        Tensor(super::TensorProto),
        #[prost(string, tag = "9")]
        Placeholder(String),
        #[prost(message, tag = "10")]
        Func(super::NameAttrList),
    }
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ListValue {
    #[prost(bytes, repeated, tag = "2")]
    pub s: Vec<Vec<u8>>,
    #[prost(int64, repeated, tag = "3")]
    pub i: Vec<i64>,
    #[prost(float, repeated, tag = "4")]
    pub f: Vec<f32>,
    #[prost(bool, repeated, tag = "5")]
    pub b: Vec<bool>,
    #[prost(int32, repeated, tag = "6")]
    pub r#type: Vec<i32>,
    #[prost(message, repeated, tag = "7")]
    pub shape: Vec<TensorShapeProto>,
    #[prost(message, repeated, tag = "8")]
    pub tensor: Vec<TensorProto>,
    #[prost(message, repeated, tag = "9")]
    pub func: Vec<NameAttrList>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct NameAttrList {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(btree_map = "string, message", tag = "2")]
    pub attr: BTreeMap<String, AttrValue>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct TensorShapeProto {
    #[prost(message, repeated, tag = "2")]
    pub dim: Vec<Dim>,
    #[prost(bool, tag = "3")]
    pub unknown_rank: bool,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct Dim {
    #[prost(int64, tag = "1")]
    pub size: i64,
    #[prost(string, tag = "2")]
    pub name: String,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct TensorProto {
    #[prost(int32, tag = "1")]
    pub dtype: i32,
    #[prost(message, optional, tag = "2")]
    pub tensor_shape: Option<TensorShapeProto>,
    #[prost(int32, tag = "3")]
    pub version_number: i32,
    /// Raw data: decoded from a `Bytes` buffer it is a slice of that buffer, not a copy.
    #[prost(bytes = "bytes", tag = "4")]
    pub tensor_content: prost::bytes::Bytes,
    #[prost(int32, repeated, tag = "13")]
    pub half_val: Vec<i32>,
    #[prost(float, repeated, tag = "5")]
    pub float_val: Vec<f32>,
    #[prost(double, repeated, tag = "6")]
    pub double_val: Vec<f64>,
    #[prost(int32, repeated, tag = "7")]
    pub int_val: Vec<i32>,
    #[prost(bytes, repeated, tag = "8")]
    pub string_val: Vec<Vec<u8>>,
    #[prost(float, repeated, tag = "9")]
    pub scomplex_val: Vec<f32>,
    #[prost(int64, repeated, tag = "10")]
    pub int64_val: Vec<i64>,
    #[prost(bool, repeated, tag = "11")]
    pub bool_val: Vec<bool>,
    #[prost(double, repeated, tag = "12")]
    pub dcomplex_val: Vec<f64>,
    #[prost(message, repeated, tag = "14")]
    pub resource_handle_val: Vec<ResourceHandleProto>,
    #[prost(message, repeated, tag = "15")]
    pub variant_val: Vec<VariantTensorDataProto>,
    #[prost(uint32, repeated, tag = "16")]
    pub uint32_val: Vec<u32>,
    #[prost(uint64, repeated, tag = "17")]
    pub uint64_val: Vec<u64>,
    #[prost(bytes, tag = "18")]
    pub float8_val: Vec<u8>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ResourceHandleProto {
    #[prost(string, tag = "1")]
    pub device: String,
    #[prost(string, tag = "2")]
    pub container: String,
    #[prost(string, tag = "3")]
    pub name: String,
    #[prost(uint64, tag = "4")]
    pub hash_code: u64,
    #[prost(string, tag = "5")]
    pub maybe_type_name: String,
    #[prost(message, repeated, tag = "6")]
    pub dtypes_and_shapes: Vec<DtypeAndShape>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct DtypeAndShape {
    #[prost(int32, tag = "1")]
    pub dtype: i32,
    #[prost(message, optional, tag = "2")]
    pub shape: Option<TensorShapeProto>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct VariantTensorDataProto {
    #[prost(string, tag = "1")]
    pub type_name: String,
    #[prost(bytes, tag = "2")]
    pub metadata: Vec<u8>,
    #[prost(message, repeated, tag = "3")]
    pub tensors: Vec<TensorProto>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct FullTypeDef {
    #[prost(int32, tag = "1")]
    pub type_id: i32,
    #[prost(message, repeated, tag = "2")]
    pub args: Vec<FullTypeDef>,
    #[prost(oneof = "full_type_def::Attr", tags = "3, 4")]
    pub attr: Option<full_type_def::Attr>,
}

pub mod full_type_def {
    #[derive(Clone, PartialEq, prost::Oneof)]
    pub enum Attr {
        #[prost(string, tag = "3")]
        S(String),
        #[prost(int64, tag = "4")]
        I(i64),
    }
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct VersionDef {
    #[prost(int32, tag = "1")]
    pub producer: i32,
    #[prost(int32, tag = "2")]
    pub min_consumer: i32,
    #[prost(int32, repeated, tag = "3")]
    pub bad_consumers: Vec<i32>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct FunctionDefLibrary {
    #[prost(message, repeated, tag = "1")]
    pub function: Vec<FunctionDef>,
    #[prost(message, repeated, tag = "2")]
    pub gradient: Vec<GradientDef>,
    #[prost(message, repeated, tag = "3")]
    pub registered_gradients: Vec<RegisteredGradient>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct FunctionDef {
    #[prost(message, optional, tag = "1")]
    pub signature: Option<OpDef>,
    #[prost(btree_map = "string, message", tag = "5")]
    pub attr: BTreeMap<String, AttrValue>,
    #[prost(btree_map = "uint32, message", tag = "7")]
    pub arg_attr: BTreeMap<u32, ArgAttrs>,
    #[prost(btree_map = "uint32, uint32", tag = "8")]
    pub resource_arg_unique_id: BTreeMap<u32, u32>,
    #[prost(message, repeated, tag = "3")]
    pub node_def: Vec<NodeDef>,
    #[prost(btree_map = "string, string", tag = "4")]
    pub ret: BTreeMap<String, String>,
    #[prost(btree_map = "string, string", tag = "6")]
    pub control_ret: BTreeMap<String, String>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ArgAttrs {
    #[prost(btree_map = "string, message", tag = "1")]
    pub attr: BTreeMap<String, AttrValue>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct GradientDef {
    #[prost(string, tag = "1")]
    pub function_name: String,
    #[prost(string, tag = "2")]
    pub gradient_func: String,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct RegisteredGradient {
    #[prost(string, tag = "1")]
    pub gradient_func: String,
    #[prost(string, tag = "2")]
    pub registered_op_type: String,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct OpDef {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, repeated, tag = "2")]
    pub input_arg: Vec<ArgDef>,
    #[prost(message, repeated, tag = "3")]
    pub output_arg: Vec<ArgDef>,
    #[prost(string, repeated, tag = "20")]
    pub control_output: Vec<String>,
    #[prost(message, repeated, tag = "4")]
    pub attr: Vec<AttrDef>,
    #[prost(message, optional, tag = "8")]
    pub deprecation: Option<OpDeprecation>,
    #[prost(string, tag = "5")]
    pub summary: String,
    #[prost(string, tag = "6")]
    pub description: String,
    #[prost(bool, tag = "18")]
    pub is_commutative: bool,
    #[prost(bool, tag = "16")]
    pub is_aggregate: bool,
    #[prost(bool, tag = "17")]
    pub is_stateful: bool,
    #[prost(bool, tag = "19")]
    pub allows_uninitialized_input: bool,
    #[prost(bool, tag = "21")]
    pub is_distributed_communication: bool,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ArgDef {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(string, tag = "2")]
    pub description: String,
    #[prost(int32, tag = "3")]
    pub r#type: i32,
    #[prost(string, tag = "4")]
    pub type_attr: String,
    #[prost(string, tag = "5")]
    pub number_attr: String,
    #[prost(string, tag = "6")]
    pub type_list_attr: String,
    #[prost(message, repeated, tag = "7")]
    pub handle_data: Vec<DtypeAndShape>,
    #[prost(bool, tag = "16")]
    pub is_ref: bool,
    #[prost(message, optional, tag = "17")]
    pub experimental_full_type: Option<FullTypeDef>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct AttrDef {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(string, tag = "2")]
    pub r#type: String,
    #[prost(message, optional, tag = "3")]
    pub default_value: Option<AttrValue>,
    #[prost(string, tag = "4")]
    pub description: String,
    #[prost(bool, tag = "5")]
    pub has_minimum: bool,
    #[prost(int64, tag = "6")]
    pub minimum: i64,
    #[prost(message, optional, tag = "7")]
    pub allowed_values: Option<AttrValue>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct OpDeprecation {
    #[prost(int32, tag = "1")]
    pub version: i32,
    #[prost(string, tag = "2")]
    pub explanation: String,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct GraphDebugInfo {
    #[prost(string, repeated, tag = "1")]
    pub files: Vec<String>,
    #[prost(btree_map = "fixed64, message", tag = "4")]
    pub frames_by_id: BTreeMap<u64, FileLineCol>,
    #[prost(btree_map = "fixed64, message", tag = "6")]
    pub traces_by_id: BTreeMap<u64, StackTrace>,
    #[prost(btree_map = "string, message", tag = "2")]
    pub traces: BTreeMap<String, StackTrace>,
    #[prost(btree_map = "string, fixed64", tag = "5")]
    pub name_to_trace_id: BTreeMap<String, u64>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct FileLineCol {
    #[prost(int32, tag = "1")]
    pub file_index: i32,
    #[prost(int32, tag = "2")]
    pub line: i32,
    #[prost(int32, tag = "3")]
    pub col: i32,
    #[prost(string, tag = "4")]
    pub func: String,
    #[prost(string, tag = "5")]
    pub code: String,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct StackTrace {
    #[prost(message, repeated, tag = "1")]
    pub file_line_cols: Vec<FileLineCol>,
    #[prost(fixed64, repeated, tag = "2")]
    pub frame_id: Vec<u64>,
}

/// Decodes a binary GraphDef.
pub fn decode_graphdef(bytes: impl prost::bytes::Buf) -> Result<GraphDef, String> {
    <GraphDef as prost::Message>::decode(bytes).map_err(|e| format!("invalid GraphDef protobuf: {e}"))
}

/// Encodes a GraphDef to its binary form.
pub fn encode_graphdef(g: &GraphDef) -> Vec<u8> {
    prost::Message::encode_to_vec(g)
}
