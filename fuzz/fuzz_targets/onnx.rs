//! Fuzz target: the ONNX reader (ModelProto decoding, import, namespace verification) on any
//! bytes, and the lossless property: a model that imports exports bytes that import again
//! and export to the same bytes. Errors are fine, panics are not.
#![no_main]

use amanda_opt::interchange::onnx::cli::{export_bytes, load};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The reader takes the input as shared bytes (weights stay slices of it).
    let Ok(m) = load("fuzz.onnx", &amanda_opt::interchange::Bytes::copy_from_slice(data), true) else { return };
    let Ok(once) = export_bytes(&m) else { return };
    let m2 = match load("fuzz.onnx", &amanda_opt::interchange::Bytes::from(once.clone()), true) {
        Ok(m2) => m2,
        Err(e) => panic!("the exported model does not import again: {e}"),
    };
    let twice = export_bytes(&m2).expect("the re-imported model exports");
    assert!(once == twice, "export -> import -> export changed the bytes");
});
