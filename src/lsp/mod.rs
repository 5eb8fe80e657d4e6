//! The language server `amanda-lsp` (issue 18): LSP over stdio on rust-analyzer's
//! `lsp-server` scaffold and `lsp-types`, built on the same parser, verifier and namespaces
//! as the command line.
//!
//! * [`server`] — initialize, the loop, request dispatch (panics caught), the documents;
//! * [`worker`] — checking on a worker thread, newest version only;
//! * [`analysis`] — one version: module, diagnostics, [`index`] and the links between them;
//! * [`lines`] — offsets ↔ positions (UTF-16), incremental edits;
//! * one file per request family: [`diagnostics`], [`actions`], [`hover`], [`navigation`]
//!   (definition, references, rename), [`outline`] (symbols, folding), [`tokens`]
//!   (semantic tokens), [`completion`], [`formatting`].

pub mod actions;
pub mod analysis;
pub mod completion;
pub mod diagnostics;
pub mod formatting;
pub mod hover;
pub mod index;
pub mod lines;
pub mod navigation;
pub mod outline;
pub mod server;
pub mod tokens;
pub mod worker;

/// Entry point of the `amanda-lsp` binary: serves LSP on stdin/stdout; returns the exit code.
pub fn main() -> i32 {
    if std::env::args().skip(1).any(|a| a == "--version" || a == "-V") {
        println!("amanda-lsp {}", env!("CARGO_PKG_VERSION"));
        return 0;
    }
    // Verification and large parses run on rayon's workers: the parser's stack there too.
    let _ = rayon::ThreadPoolBuilder::new().num_threads(std::thread::available_parallelism().map_or(1, |n| n.get()).min(8)).stack_size(crate::syntax::PARSER_STACK).build_global();
    let main = std::thread::Builder::new().name("amanda-lsp".into()).stack_size(crate::syntax::PARSER_STACK).spawn(|| {
        let (connection, io_threads) = lsp_server::Connection::stdio();
        let result = server::run(connection);
        let joined = io_threads.join();
        match (result, joined) {
            (Ok(()), Ok(())) => 0,
            (Err(e), _) => {
                eprintln!("amanda-lsp: {}", e);
                1
            }
            (_, Err(e)) => {
                eprintln!("amanda-lsp: {}", e);
                1
            }
        }
    });
    match main {
        Ok(h) => h.join().unwrap_or(2),
        Err(e) => {
            eprintln!("amanda-lsp: cannot start: {}", e);
            2
        }
    }
}
