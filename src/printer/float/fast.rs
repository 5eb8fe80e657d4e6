//! The fast path of float printing and reading. Owns the same algorithms as the exact path in
//! `float.rs` (MLIR's `printFloatValue`: APFloat's `toString` and its read-back check, and
//! `APFloat::convert` from `f64`), computed with fixed-size integers on the stack instead of
//! [`super::BigUint`]:
//!
//! - APFloat's digits: the same steps as `toString` (the significand times `5^-exp` or shifted
//!   left, truncated by the power of ten its bit length allows, then rounded half up to the
//!   format precision) on a stack array of 32-bit limbs, for significands of at most 64 bits
//!   and exponents of `f64`'s range;
//! - the read-back check (does the decimal text parse back to the same bits?): exactly, with
//!   `f64` arithmetic (Clinger's exact case, else std's correctly rounded parser) for `f64`,
//!   and for narrower IEEE formats by comparing that `f64` with the midpoints to the neighbours
//!   of the value (exact in `f64`); a decimal that lands on a midpoint is left undecided;
//! - rounding an `f64` to any format: shifts of its 53-bit significand, ties to even.
//!
//! Every function returns `None` (or `false`) where it cannot decide, and the caller falls back
//! to the exact path; `tests` compare both on millions of values.

use super::{FloatSem, Special};

/// 32-bit limbs of [`Wide`]: `m * 5^1074` with `m < 2^64` needs 2558 bits (80 limbs).
const LIMBS: usize = 84;

/// An unsigned integer of at most `LIMBS * 32` bits, little-endian limbs, on the stack.
#[derive(Clone, Copy)]
struct Wide {
    len: usize,
    limbs: [u32; LIMBS],
}

impl Wide {
    /// `m << shift`, `None` if that does not fit.
    fn shl(m: u64, shift: u64) -> Option<Wide> {
        let mut w = Wide { len: 0, limbs: [0; LIMBS] };
        let limb_shift = (shift / 32) as usize;
        let bit_shift = (shift % 32) as u32;
        let v = (m as u128) << bit_shift;
        if limb_shift + 3 > LIMBS {
            return None;
        }
        w.limbs[limb_shift] = v as u32;
        w.limbs[limb_shift + 1] = (v >> 32) as u32;
        w.limbs[limb_shift + 2] = (v >> 64) as u32;
        w.len = limb_shift + 3;
        w.trim();
        Some(w)
    }

    fn trim(&mut self) {
        while self.len > 0 && self.limbs[self.len - 1] == 0 {
            self.len -= 1;
        }
    }

    /// `self *= f`; `None` when the product does not fit.
    fn mul_small(&mut self, f: u32) -> Option<()> {
        let mut carry = 0u64;
        for l in &mut self.limbs[..self.len] {
            let v = *l as u64 * f as u64 + carry;
            *l = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            if self.len == LIMBS {
                return None;
            }
            self.limbs[self.len] = carry as u32;
            self.len += 1;
        }
        Some(())
    }

    /// `self *= 5^n`.
    fn mul_pow5(&mut self, mut n: u64) -> Option<()> {
        const FIVE13: u32 = 1_220_703_125;
        while n >= 13 {
            self.mul_small(FIVE13)?;
            n -= 13;
        }
        if n > 0 {
            self.mul_small(5u32.pow(n as u32))?;
        }
        Some(())
    }

    fn bit_len(&self) -> u64 {
        match self.len {
            0 => 0,
            n => (n as u64 - 1) * 32 + (32 - self.limbs[n - 1].leading_zeros()) as u64,
        }
    }

    /// `self = floor(self / d)`.
    fn div_small(&mut self, d: u32) {
        let mut rem = 0u64;
        for l in self.limbs[..self.len].iter_mut().rev() {
            let cur = (rem << 32) | *l as u64;
            *l = (cur / d as u64) as u32;
            rem = cur % d as u64;
        }
        self.trim();
    }

    /// `self = floor(self / 10^n)` (floors of floors: the same as one division).
    fn div_pow10(&mut self, mut n: u64) {
        while n >= 9 && self.len > 0 {
            self.div_small(1_000_000_000);
            n -= 9;
        }
        if n > 0 && self.len > 0 {
            self.div_small(10u32.pow(n as u32));
        }
    }

    fn to_u64(self) -> Option<u64> {
        match self.len {
            0 => Some(0),
            1 => Some(self.limbs[0] as u64),
            2 => Some(self.limbs[0] as u64 | (self.limbs[1] as u64) << 32),
            _ => None,
        }
    }
}

/// A finite nonzero value `m * 2^e` as APFloat's `toString` sees it: the integer `sig` and
/// the decimal exponent `exp` of `sig * 10^exp`.
#[derive(Clone, Copy)]
pub(super) struct Sig {
    sig: Wide,
    exp: i64,
}

impl Sig {
    /// `None` for zero or when the integer does not fit [`Wide`].
    pub(super) fn new(m: u64, e: i64) -> Option<Sig> {
        if m == 0 {
            return None;
        }
        // Ignore trailing binary zeros, then from 2^exp to 10^exp.
        let tz = m.trailing_zeros();
        let (m, e) = (m >> tz, e + tz as i64);
        if e > 0 {
            Some(Sig { sig: Wide::shl(m, e as u64)?, exp: 0 })
        } else {
            let mut sig = Wide::shl(m, 0)?;
            sig.mul_pow5(e.unsigned_abs())?;
            Some(Sig { sig, exp: e })
        }
    }

    /// The digits `toString` keeps for `format_precision` (nonzero): `(d, exp)` standing for
    /// `d * 10^exp`, `d` without trailing zeros. `None` if they do not fit 64 bits.
    pub(super) fn digits(&self, format_precision: u32) -> Option<(u64, i64)> {
        let fp = format_precision as i64;
        let mut exp = self.exp;
        let mut t = self.sig;
        // Drop binary precision beyond what the format precision needs (truncating).
        let bits = t.bit_len() as i64;
        let bits_required = (fp * 196 + 58) / 59;
        if bits > bits_required {
            let tens = (bits - bits_required) * 59 / 196;
            if tens > 0 {
                exp += tens;
                t.div_pow10(tens as u64);
            }
        }
        let mut d = t.to_u64()?;
        if d == 0 {
            return None;
        }
        while d % 10 == 0 {
            d /= 10;
            exp += 1;
        }
        // Round half up to the format precision (on the first dropped digit alone).
        let n = decimal_len(d) as i64;
        if n > fp {
            let drop = (n - fp) as u32;
            let below = d / 10u64.pow(drop - 1);
            d = below / 10 + (below % 10 >= 5) as u64;
            exp += drop as i64;
            while d % 10 == 0 {
                d /= 10;
                exp += 1;
            }
        }
        Some((d, exp))
    }
}

fn decimal_len(mut d: u64) -> usize {
    let mut n = 1;
    while d >= 10 {
        d /= 10;
        n += 1;
    }
    n
}

/// Writes `d`'s decimal digits into `buf`, most significant first; returns how many.
fn decimal_digits(mut d: u64, buf: &mut [u8; 20]) -> usize {
    let n = decimal_len(d);
    for i in (0..n).rev() {
        buf[i] = b'0' + (d % 10) as u8;
        d /= 10;
    }
    n
}

/// APFloat's `toString` layout of `±d * 10^exp` (`d` nonzero, no trailing zeros) for the
/// format precision `fp` already settled (at most 40: the text fits 128 bytes).
pub(super) fn write_layout(out: &mut String, neg: bool, d: u64, exp: i64, fp: u32, max_padding: u32, truncate_zero: bool) {
    let fp = fp as i64;
    let mut buf = [0u8; 20];
    let nd = decimal_digits(d, &mut buf);
    let digits = &buf[..nd];
    let ndigits = nd as i64;
    let mut b = [0u8; 128];
    let mut len = 0;
    let mut push = |c: u8| {
        b[len] = c;
        len += 1;
    };
    if neg {
        push(b'-');
    }
    let scientific = if max_padding == 0 {
        true
    } else if exp >= 0 {
        exp > max_padding as i64 || ndigits + exp > fp
    } else {
        let msd = exp + ndigits - 1;
        msd < 0 && -msd > max_padding as i64
    };
    if scientific {
        let e = exp + ndigits - 1;
        push(digits[0]);
        push(b'.');
        if nd == 1 && truncate_zero {
            push(b'0');
        } else {
            for &c in &digits[1..] {
                push(c);
            }
        }
        if !truncate_zero && fp > ndigits - 1 {
            for _ in 0..(fp - ndigits + 1) {
                push(b'0');
            }
        }
        push(if truncate_zero { b'E' } else { b'e' });
        push(if e >= 0 { b'+' } else { b'-' });
        let mut eb = [0u8; 20];
        let en = decimal_digits(e.unsigned_abs(), &mut eb);
        if !truncate_zero && en < 2 {
            push(b'0');
        }
        for &c in &eb[..en] {
            push(c);
        }
    } else if exp >= 0 {
        // Plain integer: at most `fp` digits, at most `max_padding` zeros.
        for &c in digits {
            push(c);
        }
        for _ in 0..exp {
            push(b'0');
        }
    } else {
        let whole = exp + ndigits;
        if whole > 0 {
            for &c in &digits[..whole as usize] {
                push(c);
            }
            push(b'.');
            for &c in &digits[whole as usize..] {
                push(c);
            }
        } else {
            push(b'0');
            push(b'.');
            for _ in 0..(-whole) {
                push(b'0');
            }
            for &c in digits {
                push(c);
            }
        }
    }
    // Only ASCII was written.
    out.push_str(std::str::from_utf8(&b[..len]).unwrap_or_default());
}

/// `2^k` as an `f64` (`k` in `f64`'s range, subnormals included).
fn pow2(k: i64) -> f64 {
    if k >= -1022 {
        f64::from_bits(((k + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (k + 1074))
    }
}

/// `d * 10^x` correctly rounded to `f64` (ties to even).
fn decimal_to_f64(d: u64, x: i64) -> f64 {
    const P10: [f64; 23] =
        [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];
    if d < 1 << 53 && x.unsigned_abs() <= 22 {
        // Both operands exact, one rounding (Clinger's fast case).
        let p = P10[x.unsigned_abs() as usize];
        return if x >= 0 { d as f64 * p } else { d as f64 / p };
    }
    // std's parser rounds correctly.
    let text = format!("{}e{}", d, x);
    text.parse().unwrap_or(f64::NAN)
}

/// The formats this path models: IEEE encodings (implicit integer bit) whose midpoints between
/// neighbours are exact `f64` values, and `f64` itself.
fn modelled(sem: &FloatSem) -> bool {
    sem.special == Special::Ieee
        && !sem.explicit_int
        && (sem.precision <= 51 || sem.precision == 53)
        && sem.bits <= 64
        && sem.max_exp <= 1023
        && sem.min_exp >= -1022
}

/// Does `d * 10^x` read back (APFloat's correctly rounded parse, ties to even) as the positive
/// value `m * 2^e` whose encoding without sign is `mag`? `None`: undecided.
fn reads_back(sem: &FloatSem, mag: u128, m: u64, e: i64, d: u64, x: i64) -> Option<bool> {
    let g = decimal_to_f64(d, x);
    if sem.precision == 53 {
        return Some(g.to_bits() as u128 == mag);
    }
    // The value reads back iff it lies strictly between the midpoints to its neighbours (on a
    // midpoint, iff `m` is even). Rounding to f64 is monotonic and the midpoints are f64
    // values, so `g` strictly inside (outside) means the decimal is strictly inside (outside).
    let p = sem.precision as i64;
    let min_e = sem.min_exp as i64 - (p - 1);
    let hi = (2 * m + 1) as f64 * pow2(e - 1);
    let lo = if m == 1 << (p - 1) && e > min_e { (4 * m - 1) as f64 * pow2(e - 2) } else { (2 * m - 1) as f64 * pow2(e - 1) };
    if g > lo && g < hi {
        Some(true)
    } else if g < lo || g > hi {
        Some(false)
    } else if exact_f64(d, x) == Some(g) {
        // Exactly on a midpoint: ties go to the even neighbour (of `m` and `m ± 1`, one is).
        Some(m % 2 == 0)
    } else {
        None
    }
}

/// `d * 10^x` when that is exactly an `f64` value.
fn exact_f64(d: u64, x: i64) -> Option<f64> {
    if x >= 0 {
        let n = (d as u128).checked_mul(10u128.checked_pow(x as u32)?)?;
        // Exact when its significant bits fit the 53 of an f64.
        (128 - n.leading_zeros() - n.trailing_zeros() <= 53).then_some(n as f64)
    } else {
        // A dyadic rational only if 5^-x divides d.
        let k = x.unsigned_abs();
        let p5 = 5u64.checked_pow(u32::try_from(k).ok()?)?;
        (d % p5 == 0 && d / p5 < 1 << 53).then(|| (d / p5) as f64 * pow2(x))
    }
}

/// MLIR's `printFloatValue` of the encoding `bits` (already masked) of `sem`, written to
/// `out`; `false` (nothing written) when this path does not decide it.
pub(super) fn write_float_bits(sem: &FloatSem, bits: u128, out: &mut String) -> bool {
    if !modelled(sem) {
        return false;
    }
    let p = sem.precision;
    let mant_bits = p - 1;
    let exp_bits = sem.bits - p;
    let neg = bits & sem.sign_bit() != 0;
    let mag = bits & !sem.sign_bit();
    let mant = (bits & ((1u128 << mant_bits) - 1)) as u64;
    let exp_field = ((bits >> mant_bits) & ((1u128 << exp_bits) - 1)) as i64;
    if exp_field == (1 << exp_bits) - 1 {
        // Infinity and NaN: the bits in hex.
        write_hex(bits, out);
        return true;
    }
    if exp_field == 0 && mant == 0 {
        out.push_str(if neg { "-0.000000e+00" } else { "0.000000e+00" });
        return true;
    }
    let (m, e) = if exp_field == 0 {
        (mant, sem.min_exp as i64 - mant_bits as i64)
    } else {
        (mant | 1 << mant_bits, exp_field - sem.bias() as i64 - mant_bits as i64)
    };
    let Some(sig) = Sig::new(m, e) else { return false };
    // `toString(6, 0, false)` when it reads back.
    let Some((d, x)) = sig.digits(6) else { return false };
    match reads_back(sem, mag, m, e, d, x) {
        Some(true) => {
            write_layout(out, neg, d, x, 6, 0, false);
            return true;
        }
        Some(false) => {}
        None => return false,
    }
    // Else `toString()` when it has a `.`, else the bits in hex.
    let fp = 2 + p * 59 / 196;
    let Some((d, x)) = sig.digits(fp) else { return false };
    let start = out.len();
    write_layout(out, neg, d, x, fp, 3, true);
    if !out[start..].contains('.') {
        out.truncate(start);
        write_hex(bits, out);
    }
    true
}

/// `0x` and the bits in upper-case hex, no leading zeros (`format!("0x{:X}")`).
fn write_hex(bits: u128, out: &mut String) {
    use std::fmt::Write;
    let _ = write!(out, "0x{:X}", bits);
}

/// `APFloat::convert` of the finite nonzero `f64` magnitude `m * 2^e` (`m < 2^53`) to `sem`,
/// rounding to nearest, ties to even: the quotient and its weight `(q, lsb)`, `q * 2^lsb`,
/// as the exact path's `round_rational` computes them before encoding.
pub(super) fn round_to(sem: &FloatSem, m: u64, e: i64) -> (u128, i64) {
    let p = sem.precision as i64;
    // 2^top <= m * 2^e < 2^(top+1)
    let top = 63 - m.leading_zeros() as i64 + e;
    let mut lsb = top.max(sem.min_exp as i64) - (p - 1);
    let mut q: u128 = if e >= lsb {
        // Exact: fewer than `precision` significant bits.
        (m as u128) << (e - lsb)
    } else {
        let sh = (lsb - e) as u64;
        let (q, rem, half) = if sh > 64 {
            (0u128, m as u128, 1u128 << 64)
        } else {
            ((m as u128) >> sh, (m as u128) & ((1u128 << sh) - 1), 1u128 << (sh - 1))
        };
        match rem.cmp(&half) {
            std::cmp::Ordering::Greater => q + 1,
            std::cmp::Ordering::Equal if q & 1 == 1 => q + 1,
            _ => q,
        }
    };
    if q >> p != 0 {
        q >>= 1;
        lsb += 1;
    }
    (q, lsb)
}
