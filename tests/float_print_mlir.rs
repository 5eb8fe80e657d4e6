//! Float spellings against mlir-opt's, byte for byte: a generated file of tricky values (every
//! encoding of `f16`, `bf16` and the 8-bit formats; for `f32` and `f64` every exponent with
//! boundary and random mantissas, the neighbours of powers of ten, decimal ties, big integers
//! whose 6-digit text is a midpoint, subnormals, infinities and NaNs) as dense element lists
//! and scalar attributes, printed by `amanda-opt --canonical` and by `mlir-opt`.
//! Needs mlir-opt 22 (`common::requires::mlir_opt`: fails in CI without it, a recorded skip
//! elsewhere).

mod common;

use std::fmt::Write;

use amanda_opt::testgen::Rng;

/// The f32 bit patterns of the file.
fn f32_values(rng: &mut Rng) -> Vec<u64> {
    let mut v = Vec::new();
    for exp in 0u64..256 {
        for m in [0u64, 1, 2, 0x40_0000, 0x7F_FFFF, 0x7F_FFFE] {
            v.push(exp << 23 | m);
        }
        for _ in 0..8 {
            v.push((rng.next() & 0x8000_0000) | exp << 23 | (rng.next() & 0x7F_FFFF));
        }
    }
    for k in -46i32..=39 {
        let b = (format!("1e{}", k).parse::<f64>().unwrap() as f32).to_bits() as i64;
        for d in -2..=2 {
            v.push((b + d).clamp(0, 0x7F80_0000) as u64);
        }
    }
    for i in 0..2000u64 {
        // Decimals ending in 5 at the 7th and 10th digit (APFloat's half-up ties).
        let body = 1_000_000 + rng.next() % 9_000_000;
        let digits = if i % 2 == 0 { format!("{}5", body / 10) } else { format!("{}{:03}5", body, rng.next() % 1000) };
        let k = (rng.next() % 60) as i32 - 30;
        v.push((format!("{}e{}", digits, k).parse::<f32>().unwrap()).to_bits() as u64);
    }
    // Big integers (ulp > 1): some 6-digit texts are exactly midpoints.
    for _ in 0..500 {
        v.push(0x4C00_0000 + (rng.next() % 0x0600_0000));
    }
    for x in [0x7F80_0000u64, 0xFF80_0000, 0x7FC0_0000, 0x7F80_0001, 0xFFFF_FFFF, 0x8000_0000, 0x8000_0001] {
        v.push(x);
    }
    v
}

/// The f64 bit patterns of the file.
fn f64_values(rng: &mut Rng) -> Vec<u64> {
    let frac = (1u64 << 52) - 1;
    let mut v = Vec::new();
    for exp in 0u64..2048 {
        if exp % 4 == 0 || !(900..1150).contains(&exp) {
            v.push(exp << 52 | (rng.next() & frac));
        }
        if exp % 16 == 0 {
            v.extend([exp << 52, exp << 52 | 1, exp << 52 | frac]);
        }
    }
    for _ in 0..1500 {
        v.push(((rng.next() % 120) + 1023 - 60) << 52 | (rng.next() & frac) | (rng.next() & 1 << 63));
    }
    for k in -324i32..=308 {
        let b = format!("1e{}", k).parse::<f64>().unwrap().to_bits();
        v.extend([b.saturating_sub(1), b, b + 1]);
    }
    for i in 0..1000u64 {
        let body = 100_000 + rng.next() % 900_000;
        let digits = if i % 2 == 0 { format!("{}5", body) } else { format!("{}{:010}5", body, rng.next() % 10_000_000_000) };
        let k = (rng.next() % 80) as i32 - 40;
        v.push(format!("{}e{}", digits, k).parse::<f64>().unwrap().to_bits());
    }
    v
}

/// Dense lists of at most 100 elements (MLIR writes more as hex data) and a few scalars.
fn write_ops(text: &mut String, ty: &str, hex_digits: usize, values: &[u64]) {
    for chunk in values.chunks(100) {
        let elems: Vec<String> = chunk.iter().map(|b| format!("0x{:0w$X}", b, w = hex_digits)).collect();
        writeln!(text, "\"t.op\"() {{v = dense<[{}]> : tensor<{}x{}>}} : () -> ()", elems.join(", "), chunk.len(), ty).unwrap();
    }
    for b in values.iter().step_by(97) {
        writeln!(text, "\"t.op\"() {{s = 0x{:0w$X} : {}}} : () -> ()", b, ty, w = hex_digits).unwrap();
    }
}

#[test]
fn float_spellings_match_mlir_opt() {
    let Some(mlir_opt) = common::requires::mlir_opt() else { return };
    let mut rng = Rng(17);
    let mut text = String::new();
    write_ops(&mut text, "f32", 8, &f32_values(&mut rng));
    write_ops(&mut text, "f64", 16, &f64_values(&mut rng));
    let all16: Vec<u64> = (0..1 << 16).collect();
    write_ops(&mut text, "f16", 4, &all16);
    write_ops(&mut text, "bf16", 4, &all16);
    let all8: Vec<u64> = (0..256).collect();
    for ty in ["f8E5M2", "f8E4M3", "f8E3M4", "f8E4M3FN", "f8E5M2FNUZ", "f8E4M3FNUZ", "f8E4M3B11FNUZ"] {
        write_ops(&mut text, ty, 2, &all8);
    }
    let tf32: Vec<u64> = (0..3000).map(|_| rng.next() % (1 << 19)).collect();
    write_ops(&mut text, "tf32", 5, &tf32);

    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::temp_file(dir.path(), "floats.mlir", &text);
    let want = common::run(std::process::Command::new(&mlir_opt).arg("--allow-unregistered-dialect").arg(&path))
        .unwrap_or_else(|e| panic!("mlir-opt rejects the generated file: {}", e));
    let got = common::run(common::amanda_opt().arg("--canonical").arg(&path)).unwrap_or_else(|e| panic!("amanda-opt failed: {}", e));
    assert!(want == got, "amanda-opt and mlir-opt print floats differently:\n{}", common::first_line_diff(&want, &got));
    eprintln!("{} lines agree", want.lines().count());
}
