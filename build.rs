//! Build script: compiles the lalrpop grammar in `grammar/` into `$OUT_DIR`.
fn main() {
    lalrpop::Configuration::new()
        .set_in_dir("grammar")
        .emit_rerun_directives(true)
        .process()
        .expect("lalrpop failed to compile grammar/amir.lalrpop");
}
