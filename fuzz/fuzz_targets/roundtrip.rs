//! Fuzz target: issue 19's property. Every input that parses and verifies prints, in every
//! mode (preserving with locations, generic, canonical), text that reads back and prints
//! to the same bytes.
#![no_main]

use amanda_opt::printer::{print_module, PrintOptions};
use libfuzzer_sys::fuzz_target;

fn check(text: &str) {
    let Ok(m) = amanda_opt::syntax::parse_module(text) else { return };
    if !amanda_opt::verify::verify_module(&m).is_empty() {
        return;
    }
    let modes = [
        ("preserving", PrintOptions { debuginfo: true, keep_comments: true, ..Default::default() }),
        ("generic", PrintOptions { generic: true, debuginfo: true, keep_comments: true, ..Default::default() }),
        ("canonical", PrintOptions { canonical: true, ..Default::default() }),
    ];
    for (mode, opts) in modes {
        if opts.canonical && amanda_opt::syntax::depth::check_alias_expansion(&m).is_err() {
            continue;
        }
        let once = print_module(&m, opts);
        let m2 = match amanda_opt::syntax::parse_module(&once) {
            Ok(m2) => m2,
            Err(e) => panic!("[{}] printed text does not read back: {:?}\n--- input ---\n{}\n--- printed ---\n{}", mode, e, text, once),
        };
        let twice = print_module(&m2, opts);
        assert!(once == twice, "[{}] printing twice differs\n--- input ---\n{}\n--- once ---\n{}\n--- twice ---\n{}", mode, text, once, twice);
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let text = text.to_string();
    std::thread::Builder::new()
        .stack_size(amanda_opt::syntax::PARSER_STACK)
        .spawn(move || check(&text))
        .expect("thread")
        .join()
        .expect("no panic");
});
