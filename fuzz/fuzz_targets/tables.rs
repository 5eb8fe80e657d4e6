//! Fuzz target: the mapping-table reader (YAML tree, the table model, checking against the
//! namespaces) on any text, and the rendering of its diagnostics (every span must map to a
//! line:col of the text). Errors are fine, panics are not.
#![no_main]

use amanda_opt::tables::{pass::render, Natives, Table};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let reg = amanda_opt::namespace::global().read().expect("namespace registry");
    if let Err(diags) = Table::load("fuzz-table", text, &reg, &Natives::builtin()) {
        assert!(!diags.is_empty(), "a rejected table has a diagnostic");
        let shown = render("fuzz.yaml", text, &diags);
        assert!(shown.contains("fuzz.yaml:"), "diagnostics name the file and a position: {shown}");
    }
});
