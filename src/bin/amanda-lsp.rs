//! The `amanda-lsp` binary: the language server over stdio, a thin wrapper over [`amanda_opt::lsp::main`].

fn main() {
    std::process::exit(amanda_opt::lsp::main());
}
