//! ONNX import and export: real models (test-files/onnx/Inputs/*.onnx, and the ONNX backend
//! node test models of the onnx package: $AMANDA_ONNX_NODE_DIR, else the test command's onnx
//! venv under ~/.cache/amanda-opt) round-trip in process to the same bytes; and
//! truncated or mutated bytes of them give an error or a model, never a panic, and the command
//! line writes nothing for them.

mod common;

use std::path::PathBuf;

use amanda_opt::interchange::onnx::{cli, export_model, proto};

fn inputs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("test-files/onnx/Inputs")
}

/// The backend node test models of the onnx package (`common::requires::onnx_node_dir`: a
/// failure in CI when absent, a recorded skip elsewhere).
fn node_models() -> Vec<PathBuf> {
    let Some(dir) = common::requires::onnx_node_dir() else { return Vec::new() };
    let mut models: Vec<PathBuf> = std::fs::read_dir(&dir).expect("the node test folder").flatten().map(|e| e.path().join("model.onnx")).filter(|p| p.is_file()).collect();
    models.sort();
    assert!(models.len() > 1000, "{} holds only {} models", dir.display(), models.len());
    models
}

fn small_models() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(inputs()).unwrap().flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "onnx")).collect();
    v.sort();
    v
}

/// Import (with verification) and export; the re-encoded bytes when both succeed.
fn round_trip(name: &str, bytes: &[u8]) -> Result<Vec<u8>, String> {
    let m = cli::load(name, &bytes.to_vec().into(), true)?;
    let model = export_model(&m)?;
    Ok(proto::encode(&model))
}

#[test]
fn models_round_trip_to_the_same_message() {
    let mut models = small_models();
    models.extend(node_models());
    let mut checked = 0;
    let mut failures = Vec::new();
    for p in &models {
        let bytes = std::fs::read(p).unwrap();
        let name = p.display().to_string();
        if p.parent().is_some_and(|d| d == inputs()) && !p.ends_with("small.onnx") {
            continue; // the bad models of the lit tests
        }
        // Compared by encoding: prost writes fields in tag order as protobuf does, and NaN
        // payloads compare by bits.
        let original = proto::encode(&proto::decode_model(&bytes[..]).unwrap());
        match round_trip(&name, &bytes) {
            Ok(out) if out == original => checked += 1,
            Ok(_) => failures.push(format!("{name}: re-exported model differs")),
            Err(e) => failures.push(e),
        }
    }
    eprintln!("{checked} models round-tripped");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn truncated_and_mutated_models_never_panic() {
    let mut models = small_models();
    // Every 20th backend model keeps the test quick in a debug build.
    models.extend(node_models().into_iter().step_by(20));
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut runs = 0;
    let mut errors = 0;
    for p in &models {
        let bytes = std::fs::read(p).unwrap();
        let name = p.display().to_string();
        let mut cases: Vec<Vec<u8>> = Vec::new();
        let step = (bytes.len() / 40).max(1);
        for cut in (0..bytes.len()).step_by(step) {
            cases.push(bytes[..cut].to_vec());
        }
        for _ in 0..60 {
            let mut b = bytes.clone();
            for _ in 0..1 + rng.next() % 3 {
                if b.is_empty() {
                    break;
                }
                let i = (rng.next() as usize) % b.len();
                b[i] = match rng.next() % 3 {
                    0 => b[i] ^ (1 << (rng.next() % 8)),
                    1 => rng.next() as u8,
                    _ => 0,
                };
            }
            cases.push(b);
        }
        for (k, case) in cases.iter().enumerate() {
            let r = std::panic::catch_unwind(|| round_trip(&name, case));
            match r {
                Ok(Ok(_)) => {}
                Ok(Err(e)) => {
                    errors += 1;
                    assert!(!e.is_empty());
                }
                Err(_) => panic!("{name}: case #{k} ({} bytes) panicked", case.len()),
            }
            runs += 1;
        }
    }
    eprintln!("{runs} damaged models, {errors} rejected with a diagnostic, none panicked");
    assert!(errors > 0);
}

#[test]
fn command_line_writes_nothing_for_a_bad_model() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = std::fs::read(inputs().join("small.onnx")).unwrap();
    let bad = dir.path().join("bad.onnx");
    std::fs::write(&bad, &bytes[..bytes.len() / 2]).unwrap();
    let out = dir.path().join("out.onnx");
    for args in [vec!["--emit=onnx"], vec![]] {
        let r = std::process::Command::new(env!("CARGO_BIN_EXE_amanda-opt")).arg(&bad).args(&args).arg("-o").arg(&out).output().unwrap();
        assert_eq!(r.status.code(), Some(1));
        let err = String::from_utf8_lossy(&r.stderr);
        assert!(err.contains("bad.onnx: not a valid ONNX ModelProto"), "{err}");
        assert!(!out.exists());
    }
    for (file, field) in [("dangling.onnx", "field input"), ("duplicate.onnx", "field output"), ("nofield.onnx", "field attribute")] {
        let r = std::process::Command::new(env!("CARGO_BIN_EXE_amanda-opt")).arg(inputs().join(file)).arg("-o").arg(&out).output().unwrap();
        assert_eq!(r.status.code(), Some(1), "{file}");
        let err = String::from_utf8_lossy(&r.stderr);
        assert!(err.contains("node '") && err.contains(field), "{file}: {err}");
        assert!(!out.exists());
    }
}
