//! SavedModel input: a SavedModel directory (`saved_model.pb` and `variables/`) read without
//! TensorFlow and frozen into an ordinary GraphDef, which the GraphDef importer then takes
//! as it takes any `.pb` (so `--emit=graphdef`/`pbtxt`, passes and conversions work on it).
//!
//! * [`proto`]: the SavedModel and TensorBundle messages;
//! * [`sstable`], [`crc32c`], [`bundle`]: the checkpoint reader (`variables/variables.index`
//!   and its data shards);
//! * [`restore`]: which checkpoint key restores which variable (from the restore ops);
//! * [`inline`], [`graph`], [`freeze`]: inlining the signature's call chain and replacing
//!   variable reads by constants; [`resources`]: variables passed into `While`/`If`/`Case`.

pub mod bundle;
pub mod crc32c;
pub mod freeze;
pub mod graph;
pub mod inline;
pub mod proto;
pub mod resources;
pub mod restore;
pub mod sstable;

use std::path::Path;

use prost::bytes::Bytes;
use prost::Message;

use crate::interchange::graphdef::proto::GraphDef;
use proto::SavedModel;

type Res<T> = Result<T, String>;

/// The tags `--tags` selects when not given.
pub const DEFAULT_TAGS: &str = "serve";
/// The signature `--signature` selects when not given.
pub const DEFAULT_SIGNATURE: &str = "serving_default";

/// Whether `bytes` (of a file named `path`) are a SavedModel rather than a GraphDef: a
/// `SavedModel` message with at least one MetaGraph holding a graph.
pub fn is_saved_model_pb(path: &str, bytes: &Bytes) -> bool {
    let named = Path::new(path).file_name().is_some_and(|n| n == "saved_model.pb");
    // A SavedModel starts with its schema version (field 1, varint: 0x08); a GraphDef's
    // field 1 is a node (length-delimited: 0x0a).
    if !named && bytes.first() != Some(&0x08) {
        return false;
    }
    SavedModel::decode(bytes.clone()).is_ok_and(|s| s.meta_graphs.iter().any(|m| m.graph_def.is_some()))
}

fn tag_list(tags: &[String]) -> String {
    format!("[{}]", tags.join(", "))
}

/// Reads the SavedModel in `dir` and freezes signature `signature` of the MetaGraph whose
/// tag set is `tags` (comma-separated).
pub fn load(dir: &Path, tags: &str, signature: &str) -> Res<GraphDef> {
    let d = dir.display();
    let pb = dir.join("saved_model.pb");
    if !pb.is_file() {
        let hint = if dir.join("saved_model.pbtxt").is_file() { " (saved_model.pbtxt, the text form, is not supported)" } else { "" };
        return Err(format!("{d}: not a SavedModel directory: no saved_model.pb{hint}"));
    }
    let bytes = Bytes::from(std::fs::read(&pb).map_err(|e| format!("{}: {e}", pb.display()))?);
    let sm = SavedModel::decode(bytes).map_err(|e| format!("{}: invalid SavedModel protobuf: {e}", pb.display()))?;
    let mut want: Vec<String> = tags.split(',').map(|t| t.trim().to_string()).filter(|t| !t.is_empty()).collect();
    want.sort();
    want.dedup();
    let tag_sets: Vec<Vec<String>> = sm
        .meta_graphs
        .iter()
        .map(|m| {
            let mut t = m.meta_info_def.as_ref().map(|i| i.tags.clone()).unwrap_or_default();
            t.sort();
            t.dedup();
            t
        })
        .collect();
    let Some(at) = tag_sets.iter().position(|t| *t == want) else {
        let have: Vec<String> = tag_sets.iter().map(|t| tag_list(t)).collect();
        return Err(format!("{}: no MetaGraph with tags {}; the SavedModel has {} (choose with --tags=a,b)", pb.display(), tag_list(&want), have.join(", ")));
    };
    let mg = &sm.meta_graphs[at];
    let Some(sig) = mg.signature_def.get(signature) else {
        let have: Vec<&str> = mg.signature_def.keys().map(String::as_str).filter(|k| !k.starts_with("__")).collect();
        let have = if have.is_empty() { "none".to_string() } else { have.join(", ") };
        return Err(format!("{}: no signature '{signature}' in the MetaGraph tagged {}; it has: {have} (choose with --signature=NAME)", pb.display(), tag_list(&want)));
    };
    let vars = dir.join("variables").join("variables");
    let mut ckpt = if dir.join("variables").join("variables.index").is_file() {
        bundle::Bundle::open(&vars)
    } else {
        Err(format!("{}: missing (the SavedModel has variables but no checkpoint)", dir.join("variables").join("variables.index").display()))
    };
    let dir_text = d.to_string();
    freeze::freeze(mg, signature, sig, &mut ckpt).map_err(|e| if e.starts_with(&dir_text) { e } else { format!("{d}: {e}") })
}
