//! Equivalence of the fast float path (`fast.rs`) with the exact one (`float.rs`): the same
//! bytes for every value tried — random bit patterns, every exponent, subnormals, powers of
//! ten, decimal midpoints (the values whose 6- or 9-digit rounding is a tie or whose read-back
//! is close), every encoding of the 16-bit and 8-bit formats — and the fast path deciding
//! nearly all of them. `AMANDA_FLOAT_SWEEP=N` sets the number of random values per sweep
//! (default small enough for a debug build; the full runs are described in docs/printer.md).

use super::*;

use crate::testgen::Rng;

fn sweep_size(default: u64) -> u64 {
    std::env::var("AMANDA_FLOAT_SWEEP").ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

fn sem(name: &str) -> &'static FloatSem {
    float_sem(name).unwrap()
}

/// Counts of a comparison run: values compared, values the fast path decided.
#[derive(Default)]
struct Tally {
    total: u64,
    fast: u64,
}

impl Tally {
    /// Compares both paths on `bits`; panics with the value on a difference.
    fn check(&mut self, sem: &FloatSem, bits: u128) {
        let bits = bits & sem.mask();
        let want = print_float_bits_exact(sem, bits);
        let mut got = String::new();
        if fast::write_float_bits(sem, bits, &mut got) {
            self.fast += 1;
            assert_eq!(got, want, "{} 0x{:X}: fast path differs from the exact one", sem.name, bits);
        }
        let mut public = String::new();
        write_float_bits(sem, bits, &mut public);
        assert_eq!(public, want, "{} 0x{:X}", sem.name, bits);
        self.total += 1;
    }

    /// The fast path decided all but a tiny fraction (midpoint read-backs).
    fn assert_mostly_fast(&self, what: &str) {
        eprintln!("{}: {} values, {} by the fast path", what, self.total, self.fast);
        assert!(self.total > 0);
        assert!(self.fast * 1000 >= self.total * 999, "{}: the fast path decided only {} of {}", what, self.fast, self.total);
    }
}

/// Random f32 bit patterns (every exponent alike, so a fifth are huge or tiny).
#[test]
fn f32_random_bits() {
    let s = sem("f32");
    let mut rng = Rng(1);
    let mut t = Tally::default();
    for _ in 0..sweep_size(20_000) {
        t.check(s, rng.next() as u32 as u128);
    }
    t.assert_mostly_fast("f32 random bits");
}

/// Random f32 values of the magnitudes weights have (1e-8 .. 1e3), as a model's are.
#[test]
fn f32_weight_like() {
    let s = sem("f32");
    let mut rng = Rng(2);
    let mut t = Tally::default();
    for _ in 0..sweep_size(20_000) {
        let exp_field = 100 + rng.below(37) as u32; // 2^-27 .. 2^9
        let bits = (rng.next() as u32 & 0x8000_0000) | exp_field << 23 | (rng.next() as u32 & 0x7F_FFFF);
        t.check(s, bits as u128);
    }
    t.assert_mostly_fast("f32 weight-like");
}

/// Every f32 exponent (subnormals and the all-ones one included), both signs, with the
/// boundary mantissas and a few random ones.
#[test]
fn f32_every_exponent() {
    let s = sem("f32");
    let mut rng = Rng(3);
    let mut t = Tally::default();
    let per = sweep_size(20_000).div_ceil(512).max(4);
    for exp_field in 0u32..256 {
        for sign in [0u32, 1 << 31] {
            let mut mants = vec![0, 1, 2, 3, 0x40_0000, 0x40_0001, 0x7F_FFFE, 0x7F_FFFF, 0x3F_FFFF];
            mants.extend((0..per).map(|_| rng.next() as u32 & 0x7F_FFFF));
            for m in mants {
                t.check(s, (sign | exp_field << 23 | m) as u128);
            }
        }
    }
    t.assert_mostly_fast("f32 every exponent");
}

/// Random f64 bit patterns, and f64 values of ordinary magnitudes.
#[test]
fn f64_random() {
    let s = sem("f64");
    let mut rng = Rng(4);
    let mut t = Tally::default();
    let n = sweep_size(20_000) / 4;
    for _ in 0..n {
        t.check(s, rng.next() as u128);
    }
    for _ in 0..n {
        let exp_field = 1023 - 40 + rng.below(60);
        t.check(s, ((rng.next() & (1 << 63)) | exp_field << 52 | (rng.next() & ((1 << 52) - 1))) as u128);
    }
    t.assert_mostly_fast("f64 random");
}

/// Every f64 exponent with boundary mantissas (subnormals, the largest finite, powers of two).
#[test]
fn f64_every_exponent() {
    let s = sem("f64");
    let mut rng = Rng(5);
    let mut t = Tally::default();
    let frac = (1u64 << 52) - 1;
    for exp_field in 0u64..2048 {
        let mut mants = vec![0, 1, 2, 3, 1 << 51, frac, frac - 1];
        mants.push(rng.next() & frac);
        for m in mants {
            t.check(s, (exp_field << 52 | m) as u128);
        }
    }
    t.assert_mostly_fast("f64 every exponent");
}

/// Values near powers of ten, in every modelled format: the nearest encoding and its
/// neighbours, where digit counts and exponent forms change.
#[test]
fn powers_of_ten() {
    let mut t = Tally::default();
    for name in ["f64", "f32", "f16", "bf16", "tf32", "f8E5M2", "f8E4M3", "f8E3M4"] {
        let s = sem(name);
        for k in -330i32..=310 {
            let v: f64 = format!("1e{}", k).parse().unwrap();
            let b = s.from_f64(v);
            for d in -3i128..=3 {
                let bits = (b as i128 + d).max(0) as u128;
                t.check(s, bits);
                t.check(s, bits | s.sign_bit());
            }
        }
    }
    eprintln!("powers of ten: {} values, {} by the fast path", t.total, t.fast);
}

/// Decimals with 6, 7, 9, 10 and 17 digits ending in 5 (the ties of APFloat's half-up
/// rounding) and in 4 or 6, rounded to each format, and their neighbours: where the 6-digit
/// text reads back or not by the smallest margin.
#[test]
fn decimal_midpoints() {
    let mut rng = Rng(6);
    let mut t = Tally::default();
    let n = sweep_size(20_000) / 40;
    for name in ["f32", "f64", "f16", "bf16"] {
        let s = sem(name);
        for _ in 0..n {
            let digits = [6u32, 7, 9, 10, 17][rng.below(5) as usize];
            let lo = 10u64.pow(digits - 2);
            let body = lo + rng.below(9 * lo);
            let last = [5, 4, 6][rng.below(3) as usize];
            let k = rng.below(80) as i32 - 45;
            let v: f64 = format!("{}{}e{}", body, last, k).parse().unwrap();
            let b = s.from_f64(v);
            for d in -1i128..=1 {
                t.check(s, (b as i128 + d).max(0) as u128);
            }
        }
    }
    eprintln!("decimal midpoints: {} values, {} by the fast path", t.total, t.fast);
    assert!(t.fast * 100 >= t.total * 99);
}

/// Every encoding of the 16-bit formats.
#[test]
fn f16_bf16_exhaustive() {
    for name in ["f16", "bf16"] {
        let s = sem(name);
        let mut t = Tally::default();
        let step = if sweep_size(20_000) >= 65_536 { 1 } else { 7 };
        for bits in (0u128..1 << 16).step_by(step) {
            t.check(s, bits);
        }
        t.assert_mostly_fast(name);
    }
}

/// Every encoding of the 8-bit IEEE formats, and a sample of `tf32`.
#[test]
fn small_formats() {
    for name in ["f8E5M2", "f8E4M3", "f8E3M4"] {
        let mut t = Tally::default();
        for bits in 0u128..256 {
            t.check(sem(name), bits);
        }
        t.assert_mostly_fast(name);
    }
    let mut rng = Rng(7);
    let mut t = Tally::default();
    for _ in 0..sweep_size(20_000) / 4 {
        t.check(sem("tf32"), rng.below(1 << 19) as u128);
    }
    t.assert_mostly_fast("tf32");
}

/// `from_f64` (literals of every float type go through it) against exact rounding, for every
/// format, on random `f64` values and values near each format's subnormal and overflow edges.
#[test]
fn from_f64_matches_exact() {
    let mut rng = Rng(8);
    let n = (sweep_size(20_000) / 10).min(50_000);
    for s in FLOAT_SEMANTICS {
        let mut values: Vec<f64> = vec![0.0, -0.0, f64::MIN_POSITIVE, 5e-324, f64::MAX, f64::INFINITY, f64::NAN, 1.0, -1.0];
        for _ in 0..n {
            values.push(f64::from_bits(rng.next()));
            // Near the format's range: 2^(min_exp - precision - 2) .. 2^(max_exp + 2).
            let lo = s.min_exp as i64 - s.precision as i64 - 2;
            let hi = (s.max_exp as i64 + 2).min(1023);
            let e = (lo + rng.below((hi - lo) as u64 + 1) as i64).clamp(-1074, 1023);
            let m = 1.0 + (rng.next() >> 11) as f64 / (1u64 << 53) as f64;
            let v = m * 2f64.powi(e as i32);
            values.push(if rng.below(2) == 0 { v } else { -v });
            // Exact ties of the format: precision + 1 significant bits.
            let tie = ((rng.next() >> (63 - s.precision.min(52))) | 1) as f64 * 2f64.powi(e as i32 - s.precision as i32);
            values.push(tie);
        }
        for v in values {
            assert_eq!(s.from_f64(v), s.from_f64_exact(v), "{} from_f64({:e} = 0x{:X})", s.name, v, v.to_bits());
        }
    }
}

/// `apfloat_to_string` (torch-mlir's constant names use `toString(6, 0, false)`) against the
/// exact one, for the layouts MLIR uses, on random `f64` and `f32` values.
#[test]
fn apfloat_to_string_matches_exact() {
    let mut rng = Rng(9);
    for name in ["f64", "f32", "f16", "f80", "f128"] {
        let s = sem(name);
        // The exact path is slow on wide formats: a bounded sample.
        for _ in 0..(sweep_size(20_000) / 20).min(3000) {
            let v = f64::from_bits(rng.next());
            let value = s.decode(s.from_f64(v));
            if !matches!(value, FloatValue::Finite { .. } | FloatValue::Zero { .. }) {
                continue;
            }
            for (fp, pad, tz) in [(6, 0, false), (0, 3, true), (10, 2, true), (3, 0, true)] {
                assert_eq!(apfloat_to_string(s, &value, fp, pad, tz), apfloat_to_string_exact(s, &value, fp, pad, tz), "{} {:e} ({},{},{})", name, v, fp, pad, tz);
            }
        }
    }
}

/// What mlir-opt 22 prints for values the fast path decides (checked against its output).
#[test]
fn fast_path_spellings() {
    let cases: &[(&str, u128, &str)] = &[
        ("f32", 0x3F80_0001, "1.00000012"),
        ("f32", 0x3F80_0000, "1.000000e+00"),
        ("f32", 0x0000_0001, "1.401300e-45"),
        ("f32", 0x7F7F_FFFF, "3.40282347E+38"),
        ("f32", 0x3DCC_CCCD, "1.000000e-01"),
        ("f32", 0xBDDE_6000, "-0.108581543"),
        ("f32", 0x3A1B_92CD, "5.93465578E-4"),
        ("f64", 0x3FB9_99A0_0000_0000, "0.10000038146972656"),
        ("f64", 0x419D_6F34_5400_0000, "0x419D6F3454000000"),
        ("f16", 0x2E66, "9.997550e-02"),
        // The 6-digit text is exactly a midpoint: even mantissas read back, odd ones do not.
        ("f32", 0xCE51_22D2, "-8.771800e+08"),
        ("f32", 0x4C9F_AC6B, "0x4C9FAC6B"),
        ("f32", 0x5156_A5F3, "5.7619198E+10"),
    ];
    for &(name, bits, want) in cases {
        let mut got = String::new();
        assert!(fast::write_float_bits(sem(name), bits, &mut got), "{} 0x{:X} not decided by the fast path", name, bits);
        assert_eq!(got, want, "{} 0x{:X}", name, bits);
        assert_eq!(print_float_bits_exact(sem(name), bits), want, "{} 0x{:X} (exact path)", name, bits);
    }
}


/// Integer elements of the common widths (machine integers) against the exact path.
#[test]
fn int_text_matches_exact() {
    let mut rng = Rng(10);
    for _ in 0..sweep_size(20_000) {
        let width = [0u32, 1, 7, 8, 16, 31, 32, 33, 63, 64][rng.below(10) as usize];
        let mag = match rng.below(3) {
            0 => BigUint::from_u128(rng.below(300) as u128),
            1 => BigUint::from_u128(rng.next() as u128),
            _ => BigUint::from_u128((rng.next() as u128) << 64 | rng.next() as u128).shl(rng.below(70)),
        };
        let (neg, signed) = (rng.below(2) == 0, rng.below(2) == 0);
        assert_eq!(int_text_for_width(neg, &mag, width, signed), int_text_for_width_exact(neg, &mag, width, signed), "{} {:?} i{} {}", neg, mag, width, signed);
    }
}

/// Little-endian bytes in and out of `BigUint` (dense hex data).
#[test]
fn le_bytes_round_trip() {
    let mut rng = Rng(11);
    for len in 0..40usize {
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        let v = BigUint::from_le_bytes(&bytes);
        let mut slow = BigUint::zero();
        for &b in bytes.iter().rev() {
            slow = slow.shl(8);
            slow.add_small(b as u32);
        }
        assert_eq!(v, slow);
        let mut out = Vec::new();
        v.write_le_bytes(len + 3, &mut out);
        let mut want = bytes.clone();
        want.extend([0, 0, 0]);
        assert_eq!(out, want);
    }
}

/// Hex digits into `BigUint` (limbs at once) against digit-by-digit shifting.
#[test]
fn from_hex_matches_shifting() {
    let mut rng = Rng(12);
    for len in 0..70usize {
        for _ in 0..20 {
            let text: String = (0..len).map(|_| b"0123456789abcdefABCDEF"[rng.below(22) as usize] as char).collect();
            let mut slow = Some(BigUint::zero()).filter(|_| !text.is_empty());
            for c in text.chars() {
                slow = slow.map(|n| {
                    let mut n = n.shl(4);
                    n.add_small(c.to_digit(16).unwrap());
                    n
                });
            }
            assert_eq!(BigUint::from_hex(&text), slow, "{}", text);
        }
    }
    for bad in ["g", "12x", "+1", "-1", "1 ", "é"] {
        assert_eq!(BigUint::from_hex(bad), None, "{}", bad);
    }
    assert_eq!(sem("f32").literal_bits("0x+1"), None);
    assert_eq!(sem("f32").literal_bits("-0x3F800000"), Some(0xBF80_0000));
}
