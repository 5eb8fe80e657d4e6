//! Fuzz target: the verifier and the passes on parsed input. The first byte picks a pass of
//! the registry (every registered pass, in name order), the rest is the text. An input that
//! parses and verifies must run through the pass without a panic, and when the pass succeeds
//! its output must verify and print to text that reads back.
#![no_main]

use amanda_opt::passes::{PassManager, PassRegistry};
use amanda_opt::printer::{print_module, PrintOptions};
use libfuzzer_sys::fuzz_target;

fn check(selector: u8, text: &str) {
    let Ok(mut m) = amanda_opt::syntax::parse_module(text) else { return };
    if !amanda_opt::verify::verify_module(&m).is_empty() {
        return;
    }
    let registry = PassRegistry::default();
    let mut names: Vec<&str> = registry.all().iter().map(|p| p.name).collect();
    names.sort_unstable();
    let name = names[selector as usize % names.len()];
    let Ok(mut pm) = PassManager::new(&registry, &[name.to_string()]) else { return };
    if pm.run(&mut m, |_, _| {}).is_err() {
        return;
    }
    let errors = amanda_opt::verify::verify_module(&m);
    assert!(errors.is_empty(), "{name}: the output does not verify: {errors:?}\n--- input ---\n{text}");
    let printed = print_module(&m, PrintOptions::default());
    if let Err(e) = amanda_opt::syntax::parse_module(&printed) {
        panic!("{name}: the output does not read back: {e:?}\n--- input ---\n{text}\n--- printed ---\n{printed}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let text = text.to_string();
    std::thread::Builder::new()
        .stack_size(amanda_opt::syntax::PARSER_STACK)
        .spawn(move || check(selector, &text))
        .expect("thread")
        .join()
        .expect("no panic");
});
