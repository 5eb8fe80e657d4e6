//! The SavedModel and TensorBundle protobuf messages amanda-opt reads, written by hand with
//! prost's derive (field tags as in tensorflow/core/protobuf/{saved_model,meta_graph,saver,
//! tensor_bundle}.proto). Only the fields the reader uses are declared; prost skips the rest.
//! The GraphDef inside a MetaGraphDef is the interchange's own [`GraphDef`].

use std::collections::BTreeMap;

use crate::interchange::graphdef::proto::{GraphDef, TensorShapeProto, VersionDef};

#[derive(Clone, PartialEq, prost::Message)]
pub struct SavedModel {
    #[prost(int64, tag = "1")]
    pub saved_model_schema_version: i64,
    #[prost(message, repeated, tag = "2")]
    pub meta_graphs: Vec<MetaGraphDef>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct MetaGraphDef {
    #[prost(message, optional, tag = "1")]
    pub meta_info_def: Option<MetaInfoDef>,
    #[prost(message, optional, tag = "2")]
    pub graph_def: Option<GraphDef>,
    #[prost(message, optional, tag = "3")]
    pub saver_def: Option<SaverDef>,
    #[prost(btree_map = "string, message", tag = "5")]
    pub signature_def: BTreeMap<String, SignatureDef>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct MetaInfoDef {
    #[prost(string, tag = "1")]
    pub meta_graph_version: String,
    #[prost(string, repeated, tag = "4")]
    pub tags: Vec<String>,
    #[prost(string, tag = "5")]
    pub tensorflow_version: String,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct SaverDef {
    #[prost(string, tag = "1")]
    pub filename_tensor_name: String,
    #[prost(string, tag = "2")]
    pub save_tensor_name: String,
    #[prost(string, tag = "3")]
    pub restore_op_name: String,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct SignatureDef {
    /// Maps are `BTreeMap`s: iteration in key order is the order `tf.nest.flatten` gives a dict.
    #[prost(btree_map = "string, message", tag = "1")]
    pub inputs: BTreeMap<String, TensorInfo>,
    #[prost(btree_map = "string, message", tag = "2")]
    pub outputs: BTreeMap<String, TensorInfo>,
    #[prost(string, tag = "3")]
    pub method_name: String,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct TensorInfo {
    /// The `name` member of the `encoding` oneof: a dense tensor's `node:port`.
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(int32, tag = "2")]
    pub dtype: i32,
    #[prost(message, optional, tag = "3")]
    pub tensor_shape: Option<TensorShapeProto>,
    /// The oneof's sparse and composite members, kept as raw bytes: only their presence
    /// matters (they are refused).
    #[prost(bytes = "vec", optional, tag = "4")]
    pub coo_sparse: Option<Vec<u8>>,
    #[prost(bytes = "vec", optional, tag = "5")]
    pub composite_tensor: Option<Vec<u8>>,
}

/// The header of a TensorBundle, stored under the empty key of its index.
#[derive(Clone, PartialEq, prost::Message)]
pub struct BundleHeaderProto {
    #[prost(int32, tag = "1")]
    pub num_shards: i32,
    /// 0 little-endian, 1 big-endian.
    #[prost(int32, tag = "2")]
    pub endianness: i32,
    #[prost(message, optional, tag = "3")]
    pub version: Option<VersionDef>,
}

/// Where one tensor of a TensorBundle lives.
#[derive(Clone, PartialEq, prost::Message)]
pub struct BundleEntryProto {
    #[prost(int32, tag = "1")]
    pub dtype: i32,
    #[prost(message, optional, tag = "2")]
    pub shape: Option<TensorShapeProto>,
    #[prost(int32, tag = "3")]
    pub shard_id: i32,
    #[prost(int64, tag = "4")]
    pub offset: i64,
    #[prost(int64, tag = "5")]
    pub size: i64,
    /// Masked crc32c of the tensor's bytes.
    #[prost(fixed32, tag = "6")]
    pub crc32c: u32,
    /// Slices of a partitioned variable (refused), as raw bytes.
    #[prost(bytes = "vec", repeated, tag = "7")]
    pub slices: Vec<Vec<u8>>,
}
