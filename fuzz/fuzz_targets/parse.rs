//! Fuzz target: the lexer and parser (and name resolution, the printed-depth check) on any
//! bytes. Must never panic, overflow the stack or hang; errors are fine.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let text = text.to_string();
    // The parser recurses once per open bracket (up to 2048): the tool's stack, not libFuzzer's.
    std::thread::Builder::new()
        .stack_size(amanda_opt::syntax::PARSER_STACK)
        .spawn(move || {
            let _ = amanda_opt::syntax::parse_module(&text);
        })
        .expect("thread")
        .join()
        .expect("no panic");
});
