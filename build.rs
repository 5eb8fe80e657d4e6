//! Build script: compiles the lalrpop grammar in `grammar/` into `$OUT_DIR`, and lists the
//! mapping tables of `passes/` (one YAML file per pass) for `tables::BUILTIN`.
fn main() {
    builtin_tables();
    lalrpop::Configuration::new()
        .set_in_dir("grammar")
        .emit_rerun_directives(true)
        .process()
        .expect("lalrpop failed to compile grammar/amir.lalrpop");
}

/// Writes `$OUT_DIR/builtin_tables.rs`: `&[("pass-name", include_str!("/abs/passes/pass-name.yaml")), ...]`.
fn builtin_tables() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("passes");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "yaml")).collect())
        .unwrap_or_default();
    files.sort();
    let mut out = String::from("&[\n");
    for f in files {
        println!("cargo:rerun-if-changed={}", f.display());
        let stem = f.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        out.push_str(&format!("    ({:?}, include_str!({:?})),\n", stem, f.display().to_string()));
    }
    out.push_str("]\n");
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("builtin_tables.rs");
    std::fs::write(dest, out).expect("write builtin_tables.rs");
}
