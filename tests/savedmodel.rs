//! The TensorBundle reader and the SavedModel freezer on the committed Keras 3 export
//! (test-files/savedmodel/keras_conv, made by test-files/savedmodel/make.py): every entry
//! reads back with its dtype, shape and crc32c; damaged copies -- any bit of the index
//! flipped, the index truncated anywhere, a tensor byte flipped, a shard missing or short --
//! are errors naming the file (and the entry), never panics; the frozen graph has the
//! signature's feeds and fetches and no variables.

use std::path::{Path, PathBuf};

use amanda_opt::interchange::savedmodel::{self, bundle::Bundle};

fn model() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("test-files/savedmodel/keras_conv")
}

/// A copy of the model's folder to damage.
fn copy() -> tempfile::TempDir {
    let t = tempfile::tempdir().expect("temp dir");
    let src = model();
    std::fs::create_dir(t.path().join("variables")).unwrap();
    for f in ["saved_model.pb", "variables/variables.index", "variables/variables.data-00000-of-00001"] {
        std::fs::copy(src.join(f), t.path().join(f)).unwrap();
    }
    t
}

/// A copy of the model's folder, the path of `file` in it and that file's bytes.
fn copy_of(file: &str) -> (tempfile::TempDir, PathBuf, Vec<u8>) {
    let t = copy();
    let path = t.path().join(file);
    let good = std::fs::read(&path).unwrap();
    (t, path, good)
}

fn prefix(dir: &Path) -> PathBuf {
    dir.join("variables/variables")
}

/// Opens the bundle and reads every entry; the first error.
fn read_all(dir: &Path) -> Result<usize, String> {
    let mut b = Bundle::open(&prefix(dir))?;
    let keys: Vec<String> = b.entries.keys().filter(|k| !k.starts_with("_CHECKPOINTABLE")).cloned().collect();
    for k in &keys {
        b.tensor(k)?;
    }
    Ok(keys.len())
}

#[test]
fn every_entry_reads_with_its_shape() {
    let mut b = Bundle::open(&prefix(&model())).expect("the committed bundle opens");
    assert_eq!(b.header.num_shards, 1);
    let keys: Vec<String> = b.entries.keys().filter(|k| !k.starts_with("_CHECKPOINTABLE")).cloned().collect();
    // Keras 3 stores each of the 4 weights twice (variables/ and _all_variables/).
    assert_eq!(keys.len(), 8, "{keys:?}");
    let mut shapes = Vec::new();
    for k in &keys {
        let t = b.tensor(k).unwrap_or_else(|e| panic!("{k}: {e}"));
        assert_eq!(t.dtype, 1, "{k} is float");
        let dims: Vec<i64> = t.tensor_shape.as_ref().unwrap().dim.iter().map(|d| d.size).collect();
        assert_eq!(t.tensor_content.len() as i64, dims.iter().product::<i64>() * 4, "{k}");
        shapes.push(dims);
    }
    shapes.sort();
    shapes.dedup();
    assert_eq!(shapes, vec![vec![2, 2, 2, 3], vec![3], vec![27, 3]]);
    // The string entry (the object graph) is refused by dtype, not misread.
    let e = b.tensor("_CHECKPOINTABLE_OBJECT_GRAPH").unwrap_err();
    assert!(e.contains("_CHECKPOINTABLE_OBJECT_GRAPH") && e.contains("DT_STRING"), "{e}");
}

#[test]
fn the_frozen_graph_has_the_signature_and_no_variables() {
    let g = savedmodel::load(&model(), "serve", "serving_default").expect("freezes");
    let ops: Vec<(&str, &str)> = g.node.iter().map(|n| (n.name.as_str(), n.op.as_str())).collect();
    assert_eq!(ops.first(), Some(&("image", "Placeholder")));
    assert_eq!(ops.last(), Some(&("output_0", "Identity")));
    for (n, op) in &ops {
        assert!(!matches!(*op, "VarHandleOp" | "ReadVariableOp" | "RestoreV2" | "StatefulPartitionedCall"), "{n} is still a {op}");
    }
    let consts: Vec<usize> = g
        .node
        .iter()
        .filter(|n| n.op == "Const")
        .filter_map(|n| match n.attr.get("value")?.value.as_ref()? {
            amanda_opt::interchange::graphdef::proto::attr_value::Value::Tensor(t) => Some(t.tensor_content.len()),
            _ => None,
        })
        .collect();
    // The four weights as raw bytes (conv kernel 2x2x2x3, conv bias 3, dense 27x3, bias 3).
    for bytes in [96, 12, 324] {
        assert!(consts.contains(&bytes), "no constant of {bytes} bytes in {consts:?}");
    }
    assert!(g.library.is_none(), "every call inlined");
}

#[test]
fn every_flipped_bit_of_the_index_is_an_error_or_harmless() {
    let (t, path, good) = copy_of("variables/variables.index");
    let footer_start = good.len() - 48;
    for at in 0..good.len() {
        for bit in [0x01u8, 0x80] {
            let mut bad = good.clone();
            bad[at] ^= bit;
            std::fs::write(&path, &bad).unwrap();
            let r = read_all(t.path());
            if at < footer_start {
                // Every byte before the footer is under a block checksum.
                let e = r.expect_err(&format!("flipping bit {bit:#x} of byte {at} went unnoticed"));
                assert!(e.contains("variables.index"), "{e}");
            }
        }
    }
}

#[test]
fn every_truncation_of_the_index_is_an_error() {
    let (t, path, good) = copy_of("variables/variables.index");
    for len in 0..good.len() {
        std::fs::write(&path, &good[..len]).unwrap();
        let e = read_all(t.path()).expect_err(&format!("index cut to {len} bytes went unnoticed"));
        assert!(e.contains("variables.index"), "{e}");
    }
}

#[test]
fn a_flipped_tensor_byte_is_a_checksum_error_naming_the_entry() {
    let (t, path, good) = copy_of("variables/variables.data-00000-of-00001");
    let b = Bundle::open(&prefix(t.path())).unwrap();
    let (key, e) = b.entries.iter().find(|(k, _)| !k.starts_with("_CHECKPOINTABLE")).map(|(k, e)| (k.clone(), e.clone())).unwrap();
    for i in 0..e.size as usize {
        let mut bad = good.clone();
        bad[e.offset as usize + i] ^= 0x10;
        std::fs::write(&path, &bad).unwrap();
        let mut b = Bundle::open(&prefix(t.path())).unwrap();
        let err = b.tensor(&key).expect_err("a flipped byte went unnoticed");
        assert!(err.contains("checksum mismatch") && err.contains(&key) && err.contains("variables.data-00000-of-00001"), "{err}");
    }
    // The frozen SavedModel reports it too.
    let err = savedmodel::load(t.path(), "serve", "serving_default").expect_err("damaged weights froze");
    assert!(err.contains("checksum mismatch"), "{err}");
}

#[test]
fn a_missing_or_short_shard_is_an_error_naming_it() {
    let (t, path, good) = copy_of("variables/variables.data-00000-of-00001");
    // Cut inside the last weight (the object graph, a string entry, follows the weights).
    let b = Bundle::open(&prefix(t.path())).unwrap();
    let end = b.entries.iter().filter(|(k, _)| !k.starts_with("_CHECKPOINTABLE")).map(|(_, e)| e.offset + e.size).max().unwrap();
    std::fs::write(&path, &good[..end as usize - 1]).unwrap();
    let e = read_all(t.path()).expect_err("a short shard went unnoticed");
    assert!(e.contains("variables.data-00000-of-00001") && e.contains("runs past the end"), "{e}");
    std::fs::remove_file(&path).unwrap();
    let e = read_all(t.path()).expect_err("a missing shard went unnoticed");
    assert!(e.contains("variables.data-00000-of-00001") && e.contains("entry '"), "{e}");
    let e = savedmodel::load(t.path(), "serve", "serving_default").expect_err("froze without weights");
    assert!(e.contains("variables.data-00000-of-00001"), "{e}");
}

#[test]
fn unknown_signatures_and_tags_list_what_exists() {
    let e = savedmodel::load(&model(), "serve", "nope").unwrap_err();
    assert!(e.contains("'nope'") && e.contains("serving_default") && e.contains("saved_model.pb"), "{e}");
    let e = savedmodel::load(&model(), "serve,gpu", "serving_default").unwrap_err();
    assert!(e.contains("[gpu, serve]") && e.contains("[serve]"), "{e}");
}
