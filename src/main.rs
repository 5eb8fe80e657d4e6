//! The `amanda-opt` binary: a thin wrapper over [`amanda_opt::cli::main`].

fn main() {
    std::process::exit(amanda_opt::cli::main());
}
