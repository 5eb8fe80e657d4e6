//! ONNX's protobuf messages (onnx/onnx-ml.proto, proto2, IR version 13), written by hand with
//! prost's derive: field tags as in the .proto file. Every singular field is an `Option` because
//! proto2 keeps field presence (a field set to its default differs from an unset one, and
//! `onnx.load` compares them so); repeated scalars are unpacked on the wire except where the
//! .proto says `packed = true` (decoding accepts both). Enums are kept as `i32` numbers.

#[derive(Clone, PartialEq, prost::Message)]
pub struct ModelProto {
    #[prost(int64, optional, tag = "1")]
    pub ir_version: Option<i64>,
    #[prost(message, repeated, tag = "8")]
    pub opset_import: Vec<OperatorSetIdProto>,
    #[prost(string, optional, tag = "2")]
    pub producer_name: Option<String>,
    #[prost(string, optional, tag = "3")]
    pub producer_version: Option<String>,
    #[prost(string, optional, tag = "4")]
    pub domain: Option<String>,
    #[prost(int64, optional, tag = "5")]
    pub model_version: Option<i64>,
    #[prost(string, optional, tag = "6")]
    pub doc_string: Option<String>,
    #[prost(message, optional, tag = "7")]
    pub graph: Option<GraphProto>,
    #[prost(message, repeated, tag = "14")]
    pub metadata_props: Vec<StringStringEntryProto>,
    #[prost(message, repeated, tag = "20")]
    pub training_info: Vec<TrainingInfoProto>,
    #[prost(message, repeated, tag = "25")]
    pub functions: Vec<FunctionProto>,
    #[prost(message, repeated, tag = "26")]
    pub configuration: Vec<DeviceConfigurationProto>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct OperatorSetIdProto {
    #[prost(string, optional, tag = "1")]
    pub domain: Option<String>,
    #[prost(int64, optional, tag = "2")]
    pub version: Option<i64>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct StringStringEntryProto {
    #[prost(string, optional, tag = "1")]
    pub key: Option<String>,
    #[prost(string, optional, tag = "2")]
    pub value: Option<String>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct DeviceConfigurationProto {
    #[prost(string, optional, tag = "1")]
    pub name: Option<String>,
    #[prost(int32, optional, tag = "2")]
    pub num_devices: Option<i32>,
    #[prost(string, repeated, tag = "3")]
    pub device: Vec<String>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct TrainingInfoProto {
    #[prost(message, optional, tag = "1")]
    pub initialization: Option<GraphProto>,
    #[prost(message, optional, tag = "2")]
    pub algorithm: Option<GraphProto>,
    #[prost(message, repeated, tag = "3")]
    pub initialization_binding: Vec<StringStringEntryProto>,
    #[prost(message, repeated, tag = "4")]
    pub update_binding: Vec<StringStringEntryProto>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct GraphProto {
    #[prost(message, repeated, tag = "1")]
    pub node: Vec<NodeProto>,
    #[prost(string, optional, tag = "2")]
    pub name: Option<String>,
    #[prost(message, repeated, tag = "5")]
    pub initializer: Vec<TensorProto>,
    #[prost(message, repeated, tag = "15")]
    pub sparse_initializer: Vec<SparseTensorProto>,
    #[prost(string, optional, tag = "10")]
    pub doc_string: Option<String>,
    #[prost(message, repeated, tag = "11")]
    pub input: Vec<ValueInfoProto>,
    #[prost(message, repeated, tag = "12")]
    pub output: Vec<ValueInfoProto>,
    #[prost(message, repeated, tag = "13")]
    pub value_info: Vec<ValueInfoProto>,
    #[prost(message, repeated, tag = "14")]
    pub quantization_annotation: Vec<TensorAnnotation>,
    #[prost(message, repeated, tag = "16")]
    pub metadata_props: Vec<StringStringEntryProto>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct TensorAnnotation {
    #[prost(string, optional, tag = "1")]
    pub tensor_name: Option<String>,
    #[prost(message, repeated, tag = "2")]
    pub quant_parameter_tensor_names: Vec<StringStringEntryProto>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct NodeProto {
    #[prost(string, repeated, tag = "1")]
    pub input: Vec<String>,
    #[prost(string, repeated, tag = "2")]
    pub output: Vec<String>,
    #[prost(string, optional, tag = "3")]
    pub name: Option<String>,
    #[prost(string, optional, tag = "4")]
    pub op_type: Option<String>,
    #[prost(string, optional, tag = "7")]
    pub domain: Option<String>,
    #[prost(string, optional, tag = "8")]
    pub overload: Option<String>,
    #[prost(message, repeated, tag = "5")]
    pub attribute: Vec<AttributeProto>,
    #[prost(string, optional, tag = "6")]
    pub doc_string: Option<String>,
    #[prost(message, repeated, tag = "9")]
    pub metadata_props: Vec<StringStringEntryProto>,
    #[prost(message, repeated, tag = "10")]
    pub device_configurations: Vec<NodeDeviceConfigurationProto>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct NodeDeviceConfigurationProto {
    #[prost(string, optional, tag = "1")]
    pub configuration_id: Option<String>,
    #[prost(message, repeated, tag = "2")]
    pub sharding_spec: Vec<ShardingSpecProto>,
    #[prost(int32, optional, tag = "3")]
    pub pipeline_stage: Option<i32>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ShardingSpecProto {
    #[prost(string, optional, tag = "1")]
    pub tensor_name: Option<String>,
    #[prost(int64, repeated, packed = "false", tag = "2")]
    pub device: Vec<i64>,
    #[prost(message, repeated, tag = "3")]
    pub index_to_device_group_map: Vec<IntIntListEntryProto>,
    #[prost(message, repeated, tag = "4")]
    pub sharded_dim: Vec<ShardedDimProto>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct IntIntListEntryProto {
    #[prost(int64, optional, tag = "1")]
    pub key: Option<i64>,
    #[prost(int64, repeated, packed = "false", tag = "2")]
    pub value: Vec<i64>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ShardedDimProto {
    #[prost(int64, optional, tag = "1")]
    pub axis: Option<i64>,
    #[prost(message, repeated, tag = "2")]
    pub simple_sharding: Vec<SimpleShardedDimProto>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct SimpleShardedDimProto {
    #[prost(oneof = "simple_sharded_dim::Dim", tags = "1, 2")]
    pub dim: Option<simple_sharded_dim::Dim>,
    #[prost(int64, optional, tag = "3")]
    pub num_shards: Option<i64>,
}

pub mod simple_sharded_dim {
    #[derive(Clone, PartialEq, prost::Oneof)]
    pub enum Dim {
        #[prost(int64, tag = "1")]
        DimValue(i64),
        #[prost(string, tag = "2")]
        DimParam(String),
    }
}

/// `AttributeProto.AttributeType`.
pub mod attr_type {
    pub const UNDEFINED: i32 = 0;
    pub const FLOAT: i32 = 1;
    pub const INT: i32 = 2;
    pub const STRING: i32 = 3;
    pub const TENSOR: i32 = 4;
    pub const GRAPH: i32 = 5;
    pub const FLOATS: i32 = 6;
    pub const INTS: i32 = 7;
    pub const STRINGS: i32 = 8;
    pub const TENSORS: i32 = 9;
    pub const GRAPHS: i32 = 10;
    pub const SPARSE_TENSOR: i32 = 11;
    pub const SPARSE_TENSORS: i32 = 12;
    pub const TYPE_PROTO: i32 = 13;
    pub const TYPE_PROTOS: i32 = 14;

    /// The schema's name of an attribute type (`ints`, `graph`), as the namespace files spell it.
    pub fn name(t: i32) -> &'static str {
        match t {
            FLOAT => "float",
            INT => "int",
            STRING => "string",
            TENSOR => "tensor",
            GRAPH => "graph",
            FLOATS => "floats",
            INTS => "ints",
            STRINGS => "strings",
            TENSORS => "tensors",
            GRAPHS => "graphs",
            SPARSE_TENSOR => "sparse_tensor",
            SPARSE_TENSORS => "sparse_tensors",
            TYPE_PROTO => "type_proto",
            TYPE_PROTOS => "type_protos",
            _ => "undefined",
        }
    }
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct AttributeProto {
    #[prost(string, optional, tag = "1")]
    pub name: Option<String>,
    #[prost(string, optional, tag = "21")]
    pub ref_attr_name: Option<String>,
    #[prost(string, optional, tag = "13")]
    pub doc_string: Option<String>,
    #[prost(int32, optional, tag = "20")]
    pub r#type: Option<i32>,
    #[prost(float, optional, tag = "2")]
    pub f: Option<f32>,
    #[prost(int64, optional, tag = "3")]
    pub i: Option<i64>,
    #[prost(bytes = "vec", optional, tag = "4")]
    pub s: Option<Vec<u8>>,
    #[prost(message, optional, tag = "5")]
    pub t: Option<TensorProto>,
    #[prost(message, optional, tag = "6")]
    pub g: Option<GraphProto>,
    #[prost(message, optional, tag = "22")]
    pub sparse_tensor: Option<SparseTensorProto>,
    #[prost(message, optional, tag = "14")]
    pub tp: Option<TypeProto>,
    #[prost(float, repeated, packed = "false", tag = "7")]
    pub floats: Vec<f32>,
    #[prost(int64, repeated, packed = "false", tag = "8")]
    pub ints: Vec<i64>,
    #[prost(bytes = "vec", repeated, tag = "9")]
    pub strings: Vec<Vec<u8>>,
    #[prost(message, repeated, tag = "10")]
    pub tensors: Vec<TensorProto>,
    #[prost(message, repeated, tag = "11")]
    pub graphs: Vec<GraphProto>,
    #[prost(message, repeated, tag = "23")]
    pub sparse_tensors: Vec<SparseTensorProto>,
    #[prost(message, repeated, tag = "15")]
    pub type_protos: Vec<TypeProto>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ValueInfoProto {
    #[prost(string, optional, tag = "1")]
    pub name: Option<String>,
    #[prost(message, optional, tag = "2")]
    pub r#type: Option<TypeProto>,
    #[prost(string, optional, tag = "3")]
    pub doc_string: Option<String>,
    #[prost(message, repeated, tag = "4")]
    pub metadata_props: Vec<StringStringEntryProto>,
}

/// `TensorProto.DataType` numbers used by name in the converters.
pub mod data_type {
    pub const FLOAT: i32 = 1;
    pub const UINT8: i32 = 2;
    pub const INT8: i32 = 3;
    pub const UINT16: i32 = 4;
    pub const INT16: i32 = 5;
    pub const INT32: i32 = 6;
    pub const INT64: i32 = 7;
    pub const STRING: i32 = 8;
    pub const BOOL: i32 = 9;
    pub const FLOAT16: i32 = 10;
    pub const DOUBLE: i32 = 11;
    pub const UINT32: i32 = 12;
    pub const UINT64: i32 = 13;
    pub const COMPLEX64: i32 = 14;
    pub const COMPLEX128: i32 = 15;
    pub const BFLOAT16: i32 = 16;
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct TensorProto {
    #[prost(int64, repeated, packed = "false", tag = "1")]
    pub dims: Vec<i64>,
    #[prost(int32, optional, tag = "2")]
    pub data_type: Option<i32>,
    #[prost(message, optional, tag = "3")]
    pub segment: Option<Segment>,
    #[prost(float, repeated, tag = "4")]
    pub float_data: Vec<f32>,
    #[prost(int32, repeated, tag = "5")]
    pub int32_data: Vec<i32>,
    #[prost(bytes = "vec", repeated, tag = "6")]
    pub string_data: Vec<Vec<u8>>,
    #[prost(int64, repeated, tag = "7")]
    pub int64_data: Vec<i64>,
    #[prost(string, optional, tag = "8")]
    pub name: Option<String>,
    #[prost(string, optional, tag = "12")]
    pub doc_string: Option<String>,
    /// Decoded from a `Bytes` buffer: a slice of that buffer, not a copy.
    #[prost(bytes = "bytes", optional, tag = "9")]
    pub raw_data: Option<prost::bytes::Bytes>,
    #[prost(message, repeated, tag = "13")]
    pub external_data: Vec<StringStringEntryProto>,
    #[prost(int32, optional, tag = "14")]
    pub data_location: Option<i32>,
    #[prost(double, repeated, tag = "10")]
    pub double_data: Vec<f64>,
    #[prost(uint64, repeated, tag = "11")]
    pub uint64_data: Vec<u64>,
    #[prost(message, repeated, tag = "16")]
    pub metadata_props: Vec<StringStringEntryProto>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct Segment {
    #[prost(int64, optional, tag = "1")]
    pub begin: Option<i64>,
    #[prost(int64, optional, tag = "2")]
    pub end: Option<i64>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct SparseTensorProto {
    #[prost(message, optional, tag = "1")]
    pub values: Option<TensorProto>,
    #[prost(message, optional, tag = "2")]
    pub indices: Option<TensorProto>,
    #[prost(int64, repeated, packed = "false", tag = "3")]
    pub dims: Vec<i64>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct TensorShapeProto {
    #[prost(message, repeated, tag = "1")]
    pub dim: Vec<Dimension>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct Dimension {
    #[prost(oneof = "dimension::Value", tags = "1, 2")]
    pub value: Option<dimension::Value>,
    #[prost(string, optional, tag = "3")]
    pub denotation: Option<String>,
}

pub mod dimension {
    #[derive(Clone, PartialEq, prost::Oneof)]
    pub enum Value {
        #[prost(int64, tag = "1")]
        DimValue(i64),
        #[prost(string, tag = "2")]
        DimParam(String),
    }
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct TypeProto {
    #[prost(oneof = "type_proto::Value", tags = "1, 4, 5, 9, 8, 7")]
    pub value: Option<type_proto::Value>,
    #[prost(string, optional, tag = "6")]
    pub denotation: Option<String>,
}

pub mod type_proto {
    use super::{TensorShapeProto, TypeProto};

    #[derive(Clone, PartialEq, prost::Oneof)]
    pub enum Value {
        #[prost(message, tag = "1")]
        TensorType(Tensor),
        #[prost(message, tag = "4")]
        SequenceType(Box<Sequence>),
        #[prost(message, tag = "5")]
        MapType(Box<Map>),
        #[prost(message, tag = "9")]
        OptionalType(Box<Optional>),
        #[prost(message, tag = "8")]
        SparseTensorType(Tensor),
        #[prost(message, tag = "7")]
        OpaqueType(Opaque),
    }

    /// `TypeProto.Tensor`, also the wire form of `TypeProto.SparseTensor` (same fields).
    #[derive(Clone, PartialEq, prost::Message)]
    pub struct Tensor {
        #[prost(int32, optional, tag = "1")]
        pub elem_type: Option<i32>,
        #[prost(message, optional, tag = "2")]
        pub shape: Option<TensorShapeProto>,
    }

    #[derive(Clone, PartialEq, prost::Message)]
    pub struct Sequence {
        #[prost(message, optional, boxed, tag = "1")]
        pub elem_type: Option<Box<TypeProto>>,
    }

    #[derive(Clone, PartialEq, prost::Message)]
    pub struct Map {
        #[prost(int32, optional, tag = "1")]
        pub key_type: Option<i32>,
        #[prost(message, optional, boxed, tag = "2")]
        pub value_type: Option<Box<TypeProto>>,
    }

    #[derive(Clone, PartialEq, prost::Message)]
    pub struct Optional {
        #[prost(message, optional, boxed, tag = "1")]
        pub elem_type: Option<Box<TypeProto>>,
    }

    #[derive(Clone, PartialEq, prost::Message)]
    pub struct Opaque {
        #[prost(string, optional, tag = "1")]
        pub domain: Option<String>,
        #[prost(string, optional, tag = "2")]
        pub name: Option<String>,
    }
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct FunctionProto {
    #[prost(string, optional, tag = "1")]
    pub name: Option<String>,
    #[prost(string, repeated, tag = "4")]
    pub input: Vec<String>,
    #[prost(string, repeated, tag = "5")]
    pub output: Vec<String>,
    #[prost(string, repeated, tag = "6")]
    pub attribute: Vec<String>,
    #[prost(message, repeated, tag = "11")]
    pub attribute_proto: Vec<AttributeProto>,
    #[prost(message, repeated, tag = "7")]
    pub node: Vec<NodeProto>,
    #[prost(string, optional, tag = "8")]
    pub doc_string: Option<String>,
    #[prost(message, repeated, tag = "9")]
    pub opset_import: Vec<OperatorSetIdProto>,
    #[prost(string, optional, tag = "10")]
    pub domain: Option<String>,
    #[prost(string, optional, tag = "13")]
    pub overload: Option<String>,
    #[prost(message, repeated, tag = "12")]
    pub value_info: Vec<ValueInfoProto>,
    #[prost(message, repeated, tag = "14")]
    pub metadata_props: Vec<StringStringEntryProto>,
}

/// Decodes a ModelProto; the error names what protobuf could not read.
/// From a `Bytes` buffer, tensors' raw data are slices of it (shared, not copied).
pub fn decode_model(bytes: impl prost::bytes::Buf) -> Result<ModelProto, String> {
    use prost::Message;
    ModelProto::decode(bytes).map_err(|e| format!("not a valid ONNX ModelProto: {e}"))
}

/// The wire bytes of a message.
pub fn encode<M: prost::Message>(m: &M) -> Vec<u8> {
    m.encode_to_vec()
}

/// Units of work an import of `model` reports to the progress bar: every node and initializer
/// of every graph (the main graph, functions, and subgraphs in attributes).
pub fn import_work(model: &ModelProto) -> u64 {
    fn attrs(a: &[AttributeProto]) -> u64 {
        a.iter().map(|a| a.g.iter().chain(&a.graphs).map(graph).sum::<u64>()).sum()
    }
    fn nodes(n: &[NodeProto]) -> u64 {
        n.len() as u64 + n.iter().map(|n| attrs(&n.attribute)).sum::<u64>()
    }
    fn graph(g: &GraphProto) -> u64 {
        g.initializer.len() as u64 + nodes(&g.node)
    }
    model.graph.iter().map(graph).sum::<u64>() + model.functions.iter().map(|f| nodes(&f.node)).sum::<u64>()
}
