//! Fuzz target: the GraphDef readers (binary protobuf and pbtxt) and the importer on any
//! bytes; a GraphDef that imports must export again. Errors are fine, panics are not.
#![no_main]

use amanda_opt::interchange::graphdef::{export_module, import_graphdef, read_graphdef};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The readers take the input as shared bytes (weights stay slices of it).
    let data = amanda_opt::interchange::Bytes::copy_from_slice(data);
    for path in ["fuzz.pb", "fuzz.pbtxt"] {
        let Ok(g) = read_graphdef(path, &data) else { continue };
        let Ok(m) = import_graphdef(&g) else { continue };
        let _ = export_module(&m);
    }
});
