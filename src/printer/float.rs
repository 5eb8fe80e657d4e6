//! Numbers as MLIR prints them. Owns the float semantics of every builtin float type
//! (`f16` ... `f4E2M1FN`), exact conversions between decimal text, `f64` and those formats
//! (a small arbitrary-precision unsigned integer, [`BigUint`], does the exact arithmetic),
//! and MLIR's `printFloatValue`: APFloat's `toString(6, 0, false)` (`1.000000e+00`) when that
//! reads back to the same bits, otherwise APFloat's default `toString` (enough digits to
//! round-trip) when it has a `.`, otherwise the bits in hex (`0x7FC00000`).
//!
//! Decimal literals are read the way MLIR's parser reads them: into an `f64` first (`strtod`),
//! then rounded to the attribute's type (so `0.1 : f128` is the `f64` value 0.1). The
//! read-back check of the printer parses the decimal string directly in the target format,
//! as `APFloat(semantics, string)` does.
//!
//! The functions here are the exact reference; `fast` computes the same results for the common
//! formats without heap arithmetic and is tried first (`*_exact` always takes this path).

use std::cmp::Ordering;

mod fast;
#[cfg(test)]
mod fast_tests;

// ---------------------------------------------------------------------------------- BigUint

/// Arbitrary-precision unsigned integer, little-endian 32-bit limbs, no trailing zero limbs.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BigUint {
    limbs: Vec<u32>,
}

impl BigUint {
    pub fn zero() -> Self {
        BigUint { limbs: Vec::new() }
    }

    pub fn from_u128(mut v: u128) -> Self {
        let mut limbs = Vec::new();
        while v != 0 {
            limbs.push(v as u32);
            v >>= 32;
        }
        BigUint { limbs }
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// Number of significant bits (0 for zero).
    pub fn bit_len(&self) -> u64 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => (self.limbs.len() as u64 - 1) * 32 + (32 - top.leading_zeros()) as u64,
        }
    }

    pub fn bit(&self, i: u64) -> bool {
        let limb = (i / 32) as usize;
        limb < self.limbs.len() && (self.limbs[limb] >> (i % 32)) & 1 == 1
    }

    pub fn trailing_zeros(&self) -> u64 {
        for (i, &l) in self.limbs.iter().enumerate() {
            if l != 0 {
                return i as u64 * 32 + l.trailing_zeros() as u64;
            }
        }
        0
    }

    /// The low 128 bits.
    pub fn low_u128(&self) -> u128 {
        let mut v = 0u128;
        for (i, &l) in self.limbs.iter().take(4).enumerate() {
            v |= (l as u128) << (32 * i);
        }
        v
    }

    pub fn shl(&self, n: u64) -> Self {
        if self.is_zero() {
            return self.clone();
        }
        let limb_shift = (n / 32) as usize;
        let bit_shift = (n % 32) as u32;
        let mut limbs = vec![0u32; limb_shift];
        if bit_shift == 0 {
            limbs.extend_from_slice(&self.limbs);
        } else {
            let mut carry = 0u32;
            for &l in &self.limbs {
                limbs.push((l << bit_shift) | carry);
                carry = l >> (32 - bit_shift);
            }
            if carry != 0 {
                limbs.push(carry);
            }
        }
        BigUint { limbs }
    }

    pub fn shr(&self, n: u64) -> Self {
        let limb_shift = (n / 32) as usize;
        if limb_shift >= self.limbs.len() {
            return BigUint::zero();
        }
        let bit_shift = (n % 32) as u32;
        let src = &self.limbs[limb_shift..];
        let mut limbs = Vec::with_capacity(src.len());
        for i in 0..src.len() {
            let lo = src[i] >> bit_shift;
            let hi = if bit_shift == 0 { 0 } else { src.get(i + 1).map(|&h| h << (32 - bit_shift)).unwrap_or(0) };
            limbs.push(lo | hi);
        }
        let mut r = BigUint { limbs };
        r.trim();
        r
    }

    pub fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for l in &mut self.limbs {
            let v = *l as u64 * m as u64 + carry;
            *l = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
        if m == 0 {
            self.limbs.clear();
        }
    }

    pub fn add_small(&mut self, a: u32) {
        let mut carry = a as u64;
        for l in &mut self.limbs {
            if carry == 0 {
                return;
            }
            let v = *l as u64 + carry;
            *l = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
    }

    /// Multiplies by `5^n`.
    pub fn mul_pow5(&mut self, mut n: u64) {
        const FIVE13: u32 = 1_220_703_125;
        while n >= 13 {
            self.mul_small(FIVE13);
            n -= 13;
        }
        if n > 0 {
            self.mul_small(5u32.pow(n as u32));
        }
    }

    /// Multiplies by `10^n`.
    pub fn mul_pow10(&mut self, n: u64) {
        self.mul_pow5(n);
        *self = self.shl(n);
    }

    /// Divides in place by a small number, returning the remainder.
    pub fn div_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for l in self.limbs.iter_mut().rev() {
            let cur = (rem << 32) | *l as u64;
            *l = (cur / d as u64) as u32;
            rem = cur % d as u64;
        }
        self.trim();
        rem as u32
    }

    pub fn cmp_big(&self, other: &BigUint) -> Ordering {
        if self.limbs.len() != other.limbs.len() {
            return self.limbs.len().cmp(&other.limbs.len());
        }
        for (a, b) in self.limbs.iter().rev().zip(other.limbs.iter().rev()) {
            if a != b {
                return a.cmp(b);
            }
        }
        Ordering::Equal
    }

    /// `self -= other`; requires `self >= other`.
    pub fn sub_assign(&mut self, other: &BigUint) {
        let mut borrow = 0i64;
        for i in 0..self.limbs.len() {
            let o = other.limbs.get(i).copied().unwrap_or(0) as i64;
            let mut v = self.limbs[i] as i64 - o - borrow;
            if v < 0 {
                v += 1 << 32;
                borrow = 1;
            } else {
                borrow = 0;
            }
            self.limbs[i] = v as u32;
        }
        self.trim();
    }

    /// `(self / d, self % d)` by binary long division (the quotients here are small).
    pub fn div_rem(&self, d: &BigUint) -> (BigUint, BigUint) {
        if d.is_zero() {
            return (BigUint::zero(), self.clone());
        }
        let mut rem = self.clone();
        let mut quot = BigUint::zero();
        if self.cmp_big(d) == Ordering::Less {
            return (quot, rem);
        }
        let shift = self.bit_len() - d.bit_len();
        let mut dd = d.shl(shift);
        for i in (0..=shift).rev() {
            if rem.cmp_big(&dd) != Ordering::Less {
                rem.sub_assign(&dd);
                quot = quot.with_bit(i);
            }
            dd = dd.shr(1);
        }
        (quot, rem)
    }

    fn with_bit(mut self, i: u64) -> Self {
        let limb = (i / 32) as usize;
        if self.limbs.len() <= limb {
            self.limbs.resize(limb + 1, 0);
        }
        self.limbs[limb] |= 1 << (i % 32);
        self
    }

    /// Decimal digits, most significant first ("0" for zero).
    pub fn to_decimal(&self) -> String {
        if self.is_zero() {
            return "0".to_string();
        }
        let mut n = self.clone();
        let mut chunks = Vec::new();
        while !n.is_zero() {
            chunks.push(n.div_small(1_000_000_000));
        }
        let mut s = String::new();
        for (i, c) in chunks.iter().rev().enumerate() {
            if i == 0 {
                s.push_str(&c.to_string());
            } else {
                s.push_str(&format!("{:09}", c));
            }
        }
        s
    }

    /// Parses decimal digits (`None` on anything else).
    pub fn from_decimal(s: &str) -> Option<BigUint> {
        if s.is_empty() {
            return None;
        }
        let mut n = BigUint::zero();
        for b in s.bytes() {
            if !b.is_ascii_digit() {
                return None;
            }
            n.mul_small(10);
            n.add_small((b - b'0') as u32);
        }
        Some(n)
    }

    /// Parses hex digits (`None` on anything else).
    pub fn from_hex(s: &str) -> Option<BigUint> {
        if s.is_empty() {
            return None;
        }
        // Eight digits a limb, from the least significant end.
        let mut limbs = Vec::with_capacity(s.len().div_ceil(8));
        for chunk in s.as_bytes().rchunks(8) {
            let mut limb = 0u32;
            for &b in chunk {
                limb = limb << 4 | (b as char).to_digit(16)?;
            }
            limbs.push(limb);
        }
        let mut n = BigUint { limbs };
        n.trim();
        Some(n)
    }

    /// `2^n`.
    pub fn pow2(n: u64) -> BigUint {
        BigUint::zero().with_bit(n)
    }

    /// `self mod 2^n`.
    pub fn low_bits(&self, n: u64) -> BigUint {
        let mut limbs: Vec<u32> = self.limbs.iter().take(n.div_ceil(32) as usize).copied().collect();
        if !n.is_multiple_of(32) {
            if let Some(last) = limbs.get_mut((n / 32) as usize) {
                *last &= (1u32 << (n % 32)) - 1;
            }
        }
        let mut r = BigUint { limbs };
        r.trim();
        r
    }

    /// The number whose little-endian bytes are `bytes`.
    pub fn from_le_bytes(bytes: &[u8]) -> BigUint {
        let limbs = bytes
            .chunks(4)
            .map(|c| {
                let mut b = [0u8; 4];
                b[..c.len()].copy_from_slice(c);
                u32::from_le_bytes(b)
            })
            .collect();
        let mut r = BigUint { limbs };
        r.trim();
        r
    }

    /// Appends the low `size` bytes of `self`, little-endian.
    pub fn write_le_bytes(&self, size: usize, out: &mut Vec<u8>) {
        for i in 0..size {
            let limb = self.limbs.get(i / 4).copied().unwrap_or(0);
            out.push((limb >> (8 * (i % 4))) as u8);
        }
    }
}

/// Parses an integer literal as written (`-12`, `0x1F`) into sign and magnitude.
pub fn parse_int_literal(s: &str) -> Option<(bool, BigUint)> {
    let s = s.trim();
    let (neg, body) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let mag = match body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        Some(hex) => BigUint::from_hex(hex)?,
        None => BigUint::from_decimal(body)?,
    };
    Some((neg, mag))
}

/// The decimal text of the `width`-bit two's complement value `(neg, mag) mod 2^width`,
/// read as signed (MLIR's `APInt::print(os, isSigned)`).
pub fn int_text_for_width(neg: bool, mag: &BigUint, width: u32, signed: bool) -> String {
    if neg && !signed {
        // Not a valid literal (MLIR rejects it); printing it as read avoids building a
        // number as wide as the type.
        return format!("-{}", mag.to_decimal());
    }
    let w = width as u64;
    if w <= 64 {
        // The common widths, in machine integers.
        let modulus = 1u128 << w;
        let mut v = mag.low_u128() & (modulus - 1);
        if neg && v != 0 {
            v = modulus - v;
        }
        if signed && w > 0 && (v >> (w - 1)) & 1 == 1 {
            return format!("-{}", modulus - v);
        }
        return v.to_string();
    }
    int_text_for_width_exact(neg, mag, width, signed)
}

/// [`int_text_for_width`] in arbitrary precision (any width; the reference of the fast case).
pub fn int_text_for_width_exact(neg: bool, mag: &BigUint, width: u32, signed: bool) -> String {
    if neg && !signed {
        return format!("-{}", mag.to_decimal());
    }
    let w = width as u64;
    let modulus = BigUint::pow2(w);
    let mut v = mag.low_bits(w);
    if neg && !v.is_zero() {
        let mut m = modulus.clone();
        m.sub_assign(&v);
        v = m;
    }
    if signed && w > 0 && v.bit(w - 1) {
        let mut m = modulus;
        m.sub_assign(&v);
        return format!("-{}", m.to_decimal());
    }
    v.to_decimal()
}

// ---------------------------------------------------------------------------------- semantics

/// How a format spends its special encodings.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Special {
    /// IEEE 754: all-ones exponent is infinity (zero mantissa) or NaN.
    Ieee,
    /// No infinities; NaN is all ones (`f8E4M3FN`).
    NanAllOnes,
    /// No infinities, no negative zero; NaN is the sign bit alone (`*FNUZ`).
    NanNegZero,
    /// No infinities, no NaN (`f6*`, `f4*`).
    FiniteOnly,
    /// Unsigned exponent-only format, NaN is all ones, no zero (`f8E8M0FNU`).
    E8M0,
}

/// The parameters of one float format, as in APFloat's `fltSemantics`.
#[derive(Clone, Copy, Debug)]
pub struct FloatSem {
    pub name: &'static str,
    /// Significand bits including the integer bit.
    pub precision: u32,
    pub max_exp: i32,
    pub min_exp: i32,
    pub bits: u32,
    special: Special,
    /// `f80` stores its integer bit.
    explicit_int: bool,
}

const fn sem(name: &'static str, precision: u32, max_exp: i32, min_exp: i32, bits: u32, special: Special) -> FloatSem {
    FloatSem { name, precision, max_exp, min_exp, bits, special, explicit_int: false }
}

/// Every builtin float type of MLIR.
pub const FLOAT_SEMANTICS: &[FloatSem] = &[
    sem("f16", 11, 15, -14, 16, Special::Ieee),
    sem("bf16", 8, 127, -126, 16, Special::Ieee),
    sem("f32", 24, 127, -126, 32, Special::Ieee),
    sem("f64", 53, 1023, -1022, 64, Special::Ieee),
    FloatSem { name: "f80", precision: 64, max_exp: 16383, min_exp: -16382, bits: 80, special: Special::Ieee, explicit_int: true },
    sem("f128", 113, 16383, -16382, 128, Special::Ieee),
    sem("tf32", 11, 127, -126, 19, Special::Ieee),
    sem("f8E5M2", 3, 15, -14, 8, Special::Ieee),
    sem("f8E4M3", 4, 7, -6, 8, Special::Ieee),
    sem("f8E4M3FN", 4, 8, -6, 8, Special::NanAllOnes),
    sem("f8E5M2FNUZ", 3, 15, -15, 8, Special::NanNegZero),
    sem("f8E4M3FNUZ", 4, 7, -7, 8, Special::NanNegZero),
    sem("f8E4M3B11FNUZ", 4, 4, -10, 8, Special::NanNegZero),
    sem("f8E3M4", 5, 3, -2, 8, Special::Ieee),
    sem("f8E8M0FNU", 1, 127, -127, 8, Special::E8M0),
    sem("f6E2M3FN", 4, 2, 0, 6, Special::FiniteOnly),
    sem("f6E3M2FN", 3, 4, -2, 6, Special::FiniteOnly),
    sem("f4E2M1FN", 2, 2, 0, 4, Special::FiniteOnly),
];

/// The semantics of a float type keyword.
pub fn float_sem(name: &str) -> Option<&'static FloatSem> {
    FLOAT_SEMANTICS.iter().find(|s| s.name == name)
}

/// The value an encoding stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FloatValue {
    Zero { neg: bool },
    /// `mant * 2^exp`.
    Finite { neg: bool, mant: BigUint, exp: i64 },
    Inf { neg: bool },
    Nan,
}

impl FloatSem {
    fn signed(&self) -> bool {
        self.special != Special::E8M0
    }
    fn mant_bits(&self) -> u32 {
        if self.explicit_int {
            self.precision
        } else {
            self.precision - 1
        }
    }
    fn exp_bits(&self) -> u32 {
        self.bits - self.mant_bits() - self.signed() as u32
    }
    fn bias(&self) -> i32 {
        if self.special == Special::E8M0 {
            127
        } else {
            1 - self.min_exp
        }
    }
    fn mask(&self) -> u128 {
        if self.bits >= 128 {
            u128::MAX
        } else {
            (1u128 << self.bits) - 1
        }
    }
    fn sign_bit(&self) -> u128 {
        if self.signed() {
            1u128 << (self.bits - 1)
        } else {
            0
        }
    }

    /// Splits an encoding into the value it stands for.
    pub fn decode(&self, bits: u128) -> FloatValue {
        let bits = bits & self.mask();
        let neg = self.signed() && bits & self.sign_bit() != 0;
        let mant_bits = self.mant_bits();
        let mant = bits & ((1u128 << mant_bits) - 1);
        let exp_field = (bits >> mant_bits) & ((1u128 << self.exp_bits()) - 1);
        let exp_all_ones = exp_field == (1u128 << self.exp_bits()) - 1;
        match self.special {
            Special::E8M0 => {
                if bits == 0xFF {
                    return FloatValue::Nan;
                }
                return FloatValue::Finite { neg: false, mant: BigUint::from_u128(1), exp: exp_field as i64 - 127 };
            }
            Special::Ieee if exp_all_ones => {
                let inf_mant = if self.explicit_int { 1u128 << (self.precision - 1) } else { 0 };
                return if mant == inf_mant { FloatValue::Inf { neg } } else { FloatValue::Nan };
            }
            Special::NanAllOnes if exp_all_ones && mant == (1u128 << mant_bits) - 1 => return FloatValue::Nan,
            Special::NanNegZero if bits == self.sign_bit() => return FloatValue::Nan,
            _ => {}
        }
        let shift = self.precision as i64 - 1;
        if exp_field == 0 {
            if mant == 0 {
                return FloatValue::Zero { neg };
            }
            return FloatValue::Finite { neg, mant: BigUint::from_u128(mant), exp: self.min_exp as i64 - shift };
        }
        if self.explicit_int && mant >> (self.precision - 1) == 0 {
            // x87 "unnormal": APFloat reads it as a NaN.
            return FloatValue::Nan;
        }
        let full = if self.explicit_int { mant } else { mant | (1u128 << (self.precision - 1)) };
        FloatValue::Finite { neg, mant: BigUint::from_u128(full), exp: exp_field as i64 - self.bias() as i64 - shift }
    }

    fn nan_bits(&self) -> u128 {
        match self.special {
            Special::Ieee => {
                let exp = ((1u128 << self.exp_bits()) - 1) << self.mant_bits();
                let quiet = 1u128 << (self.precision - 2).min(self.mant_bits() - 1);
                let int = if self.explicit_int { 1u128 << (self.precision - 1) } else { 0 };
                exp | quiet | int
            }
            Special::NanAllOnes | Special::E8M0 => self.mask() & !self.sign_bit(),
            Special::NanNegZero => self.sign_bit(),
            Special::FiniteOnly => self.mask() & !self.sign_bit(),
        }
    }

    fn inf_bits(&self, neg: bool) -> u128 {
        match self.special {
            Special::Ieee => {
                let exp = ((1u128 << self.exp_bits()) - 1) << self.mant_bits();
                let int = if self.explicit_int { 1u128 << (self.precision - 1) } else { 0 };
                exp | int | if neg { self.sign_bit() } else { 0 }
            }
            _ => self.nan_bits(),
        }
    }

    fn zero_bits(&self, neg: bool) -> u128 {
        match self.special {
            Special::NanNegZero | Special::E8M0 => 0,
            _ => {
                if neg {
                    self.sign_bit()
                } else {
                    0
                }
            }
        }
    }

    /// Rounds `num / den` (exact, positive unless zero) to this format, ties to even.
    fn round_rational(&self, neg: bool, num: &BigUint, den: &BigUint) -> u128 {
        if num.is_zero() {
            return self.zero_bits(neg);
        }
        let p = self.precision as i64;
        // 2^e <= num/den < 2^(e+1)
        let mut e = num.bit_len() as i64 - den.bit_len() as i64;
        let ge = if e >= 0 { num.cmp_big(&den.shl(e as u64)) } else { num.shl((-e) as u64).cmp_big(den) };
        if ge == Ordering::Less {
            e -= 1;
        }
        let mut lsb = e.max(self.min_exp as i64) - (p - 1);
        let (n, d) = if lsb >= 0 { (num.clone(), den.shl(lsb as u64)) } else { (num.shl((-lsb) as u64), den.clone()) };
        let (q, r) = n.div_rem(&d);
        let mut q = q.low_u128();
        let twice = r.shl(1);
        match twice.cmp_big(&d) {
            Ordering::Greater => q += 1,
            Ordering::Equal if q & 1 == 1 => q += 1,
            _ => {}
        }
        if q >> p != 0 {
            q >>= 1;
            lsb += 1;
        }
        self.encode(neg, q, lsb)
    }

    /// Encodes `q * 2^lsb` (`q < 2^precision`, `lsb` consistent with normalization).
    fn encode(&self, neg: bool, q: u128, lsb: i64) -> u128 {
        if q == 0 {
            return self.zero_bits(neg);
        }
        let top = 127 - q.leading_zeros() as i64 + lsb;
        if top > self.max_exp as i64 {
            return self.inf_bits(neg);
        }
        if self.special == Special::E8M0 {
            return (top + 127) as u128;
        }
        let sign = if neg { self.sign_bit() } else { 0 };
        let mant_bits = self.mant_bits();
        let bits = if top >= self.min_exp as i64 {
            let exp_field = (top + self.bias() as i64) as u128;
            let mant = if self.explicit_int { q } else { q & ((1u128 << (self.precision - 1)) - 1) };
            let b = (exp_field << mant_bits) | mant;
            if self.special == Special::NanAllOnes && b == self.nan_bits() {
                return self.nan_bits();
            }
            b
        } else {
            q
        };
        sign | bits
    }

    /// NaN, the infinities, and any value in f64 itself: what both conversions from `f64`
    /// share (`None` for a finite value to round).
    fn from_f64_special(&self, v: f64) -> Option<u128> {
        if v.is_nan() {
            return Some(self.nan_bits());
        }
        if v.is_infinite() {
            return Some(self.inf_bits(v.is_sign_negative()));
        }
        (self.name == "f64").then(|| v.to_bits() as u128)
    }

    /// The encoding of an `f64` value rounded to this format (MLIR's `APFloat::convert`).
    pub fn from_f64(&self, v: f64) -> u128 {
        if let Some(bits) = self.from_f64_special(v) {
            return bits;
        }
        let neg = v.is_sign_negative();
        if v == 0.0 {
            return self.zero_bits(neg);
        }
        let raw = v.to_bits();
        let (field, frac) = ((raw >> 52) & 0x7FF, raw & ((1 << 52) - 1));
        let (m, e) = if field == 0 { (frac, -1074) } else { (frac | 1 << 52, field as i64 - 1075) };
        let (q, lsb) = fast::round_to(self, m, e);
        self.encode(neg, q, lsb)
    }

    /// [`FloatSem::from_f64`] by exact rational arithmetic (the reference of the fast path).
    pub fn from_f64_exact(&self, v: f64) -> u128 {
        if let Some(bits) = self.from_f64_special(v) {
            return bits;
        }
        let neg = v.is_sign_negative();
        match float_sem("f64").map(|s| s.decode(v.to_bits() as u128)) {
            Some(FloatValue::Finite { neg, mant, exp }) => self.round_exact(neg, mant, exp),
            _ => self.zero_bits(neg),
        }
    }

    /// Rounds `mant * 2^exp` to this format.
    fn round_exact(&self, neg: bool, mant: BigUint, exp: i64) -> u128 {
        if exp >= 0 {
            self.round_rational(neg, &mant.shl(exp as u64), &BigUint::from_u128(1))
        } else {
            self.round_rational(neg, &mant, &BigUint::pow2((-exp) as u64))
        }
    }

    /// Correctly rounded reading of a decimal string (`[-]ddd[.ddd][e[+-]ddd]`), as
    /// `APFloat(semantics, string)` does. `None` if the text is not a decimal number.
    pub fn parse_decimal_exact(&self, s: &str) -> Option<u128> {
        let (neg, body) = match s.strip_prefix('-') {
            Some(b) => (true, b),
            None => (false, s.strip_prefix('+').unwrap_or(s)),
        };
        let (mantissa, exp_part) = match body.find(['e', 'E']) {
            Some(i) => (&body[..i], Some(&body[i + 1..])),
            None => (body, None),
        };
        let mut exp10: i64 = match exp_part {
            Some(e) => e.parse().ok()?,
            None => 0,
        };
        let (int_part, frac_part) = match mantissa.find('.') {
            Some(i) => (&mantissa[..i], &mantissa[i + 1..]),
            None => (mantissa, ""),
        };
        let digits = format!("{}{}", int_part, frac_part);
        exp10 -= frac_part.len() as i64;
        let n = BigUint::from_decimal(&digits)?;
        if n.is_zero() {
            return Some(self.zero_bits(neg));
        }
        if exp10.unsigned_abs() > 100_000 {
            return None;
        }
        if exp10 >= 0 {
            let mut num = n;
            num.mul_pow10(exp10 as u64);
            Some(self.round_rational(neg, &num, &BigUint::from_u128(1)))
        } else {
            let mut den = BigUint::from_u128(1);
            den.mul_pow10((-exp10) as u64);
            Some(self.round_rational(neg, &n, &den))
        }
    }

    /// The encoding MLIR's parser gives a float literal of this type: hex digits are the
    /// bits; decimal text goes through `f64` first.
    pub fn literal_bits(&self, spelling: &str) -> Option<u128> {
        let t = spelling.trim();
        let (neg, body) = match t.strip_prefix('-') {
            Some(b) => (true, b),
            None => (false, t),
        };
        if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
            let bits = if hex.len() <= 32 && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                u128::from_str_radix(hex, 16).ok()?
            } else {
                let v = BigUint::from_hex(hex)?;
                if v.bit_len() > 128 {
                    return None;
                }
                v.low_u128()
            };
            let bits = bits & self.mask();
            return Some(if neg { bits ^ self.sign_bit() } else { bits });
        }
        let v: f64 = body.parse().ok()?;
        Some(self.from_f64(if neg { -v } else { v }))
    }
}

// ---------------------------------------------------------------------------------- toString

/// APFloat's `toString(FormatPrecision, FormatMaxPadding, TruncateZero)` for a finite value.
pub(crate) fn apfloat_to_string(sem: &FloatSem, value: &FloatValue, format_precision: u32, max_padding: u32, truncate_zero: bool) -> String {
    if let FloatValue::Finite { neg, mant, exp } = value {
        let fp = if format_precision == 0 { 2 + sem.precision * 59 / 196 } else { format_precision };
        if mant.bit_len() <= 64 && fp <= 40 {
            if let Some((d, x)) = fast::Sig::new(mant.low_u128() as u64, *exp).and_then(|s| s.digits(fp)) {
                let mut out = String::new();
                fast::write_layout(&mut out, *neg, d, x, fp, max_padding, truncate_zero);
                return out;
            }
        }
    }
    apfloat_to_string_exact(sem, value, format_precision, max_padding, truncate_zero)
}

/// [`apfloat_to_string`] by arbitrary-precision arithmetic, as APFloat computes it.
pub(crate) fn apfloat_to_string_exact(sem: &FloatSem, value: &FloatValue, format_precision: u32, max_padding: u32, truncate_zero: bool) -> String {
    let mut out = String::new();
    let (neg, mant, exp) = match value {
        FloatValue::Zero { neg } => {
            if *neg {
                out.push('-');
            }
            if max_padding == 0 {
                if truncate_zero {
                    out.push_str("0.0E+0");
                } else {
                    out.push_str("0.0");
                    for _ in 1..format_precision.max(1) {
                        out.push('0');
                    }
                    out.push_str("e+00");
                }
            } else {
                out.push('0');
            }
            return out;
        }
        FloatValue::Finite { neg, mant, exp } => (*neg, mant.clone(), *exp),
        FloatValue::Inf { neg } => return if *neg { "-Inf".into() } else { "+Inf".into() },
        FloatValue::Nan => return "NaN".into(),
    };
    if neg {
        out.push('-');
    }
    let format_precision = if format_precision == 0 { 2 + sem.precision * 59 / 196 } else { format_precision } as i64;

    // Ignore trailing binary zeros.
    let tz = mant.trailing_zeros();
    let mut exp = exp + tz as i64;
    let mut sig = mant.shr(tz);

    // From 2^exp to 10^exp.
    if exp > 0 {
        sig = sig.shl(exp as u64);
        exp = 0;
    } else if exp < 0 {
        sig.mul_pow5((-exp) as u64);
    }

    // Drop binary precision beyond what the format precision needs (truncating).
    let bits = sig.bit_len() as i64;
    let bits_required = (format_precision * 196 + 58) / 59;
    if bits > bits_required {
        let tens = (bits - bits_required) * 59 / 196;
        if tens > 0 {
            exp += tens;
            let mut div = BigUint::from_u128(1);
            div.mul_pow10(tens as u64);
            sig = sig.div_rem(&div).0;
        }
    }

    // Digits, least significant first, dropping trailing zeros.
    let dec = sig.to_decimal();
    let mut buffer: Vec<u8> = dec.bytes().rev().collect();
    let mut lead = 0;
    while lead + 1 < buffer.len() && buffer[lead] == b'0' {
        lead += 1;
    }
    if lead > 0 {
        buffer.drain(..lead);
        exp += lead as i64;
    }

    // Round half up to the format precision.
    let n = buffer.len() as i64;
    if n > format_precision {
        let mut first = (n - format_precision) as usize;
        if buffer[first - 1] < b'5' {
            while first < buffer.len() && buffer[first] == b'0' {
                first += 1;
            }
            exp += first as i64;
            buffer.drain(..first);
        } else {
            // Decimal add-with-carry from the least significant kept digit.
            let mut carried_all = true;
            let start = first;
            for digit in buffer.iter_mut().skip(start) {
                if *digit == b'9' {
                    first += 1;
                } else {
                    *digit += 1;
                    carried_all = false;
                    break;
                }
            }
            if carried_all {
                exp += first as i64;
                buffer.clear();
                buffer.push(b'1');
            } else {
                exp += first as i64;
                buffer.drain(..first);
            }
        }
    }
    let ndigits = buffer.len() as i64;
    let digit = |i: i64| buffer[(ndigits - 1 - i) as usize] as char;

    let scientific = if max_padding == 0 {
        true
    } else if exp >= 0 {
        exp > max_padding as i64 || ndigits + exp > format_precision
    } else {
        let msd = exp + ndigits - 1;
        if msd >= 0 {
            false
        } else {
            -msd > max_padding as i64
        }
    };

    if scientific {
        let e = exp + ndigits - 1;
        out.push(digit(0));
        out.push('.');
        if ndigits == 1 && truncate_zero {
            out.push('0');
        } else {
            for i in 1..ndigits {
                out.push(digit(i));
            }
        }
        if !truncate_zero && format_precision > ndigits - 1 {
            for _ in 0..(format_precision - ndigits + 1) {
                out.push('0');
            }
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        out.push(if e >= 0 { '+' } else { '-' });
        let digits = e.abs().to_string();
        if !truncate_zero && digits.len() < 2 {
            out.push('0');
        }
        out.push_str(&digits);
        return out;
    }
    if exp >= 0 {
        for i in 0..ndigits {
            out.push(digit(i));
        }
        for _ in 0..exp {
            out.push('0');
        }
        return out;
    }
    let whole = exp + ndigits;
    let mut i = 0;
    if whole > 0 {
        while i < whole {
            out.push(digit(i));
            i += 1;
        }
        out.push('.');
    } else {
        out.push_str("0.");
        for _ in 0..(-whole) {
            out.push('0');
        }
    }
    while i < ndigits {
        out.push(digit(i));
        i += 1;
    }
    out
}

/// MLIR's `printFloatValue` for the encoding `bits` of format `sem`.
pub fn print_float_bits(sem: &FloatSem, bits: u128) -> String {
    let mut out = String::new();
    write_float_bits(sem, bits, &mut out);
    out
}

/// [`print_float_bits`] appended to `out`.
pub fn write_float_bits(sem: &FloatSem, bits: u128, out: &mut String) {
    if !fast::write_float_bits(sem, bits & sem.mask(), out) {
        out.push_str(&print_float_bits_exact(sem, bits));
    }
}

/// [`print_float_bits`] by arbitrary-precision arithmetic only (the reference of the fast path).
pub fn print_float_bits_exact(sem: &FloatSem, bits: u128) -> String {
    let bits = bits & sem.mask();
    let value = sem.decode(bits);
    if matches!(value, FloatValue::Zero { .. } | FloatValue::Finite { .. }) {
        let short = apfloat_to_string_exact(sem, &value, 6, 0, false);
        if sem.parse_decimal_exact(&short) == Some(bits) {
            return short;
        }
        let long = apfloat_to_string_exact(sem, &value, 0, 3, true);
        if long.contains('.') {
            return long;
        }
    }
    if sem.explicit_int && value == FloatValue::Nan {
        // APFloat keeps a NaN's significand but writes the all-ones exponent back.
        let exp_mask = ((1u128 << sem.exp_bits()) - 1) << sem.mant_bits();
        return format!("0x{:X}", bits | exp_mask);
    }
    format!("0x{:X}", bits)
}

/// Canonical text for a float literal spelled `spelling` (decimal or hex bits) of the float
/// type named `type_name` (unknown names are read as `f64`).
pub fn format_float_canonical(spelling: &str, type_name: &str) -> String {
    let Some(sem) = float_sem(type_name).or_else(|| float_sem("f64")) else { return spelling.to_string() };
    match sem.literal_bits(spelling) {
        Some(bits) => print_float_bits(sem, bits),
        None => spelling.to_string(),
    }
}

/// Canonical text for a float given by its hex bit pattern (`0x7FC00000`).
pub fn format_float_bits_canonical(spelling: &str, type_name: &str) -> String {
    format_float_canonical(spelling, type_name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(s: &str, t: &str) -> String {
        format_float_canonical(s, t)
    }

    #[test]
    fn matches_mlir_spellings() {
        // Every expectation below is what mlir-opt 22 prints for `x = <literal> : <type>`.
        assert_eq!(fmt("1.0", "f64"), "1.000000e+00");
        assert_eq!(fmt("-2.5", "f32"), "-2.500000e+00");
        assert_eq!(fmt("0.1", "f32"), "1.000000e-01");
        assert_eq!(fmt("0.123456789", "f64"), "0.123456789");
        assert_eq!(fmt("1.234567e-05", "f64"), "1.2345670000000001E-5");
        assert_eq!(fmt("0x7FC00000", "f32"), "0x7FC00000");
        assert_eq!(fmt("-0.0", "f32"), "-0.000000e+00");
        assert_eq!(fmt("0.1", "bf16"), "1.000980e-01");
        assert_eq!(fmt("0.1", "f128"), "0.100000000000000005551115123125782702");
        assert_eq!(fmt("6.103515625e-05", "f32"), "6.10351563E-5");
        assert_eq!(fmt("0.3", "tf32"), "3.000490e-01");
        assert_eq!(fmt("0x1", "f4E2M1FN"), "5.000000e-01");
        assert_eq!(fmt("0x7F", "f8E4M3FN"), "0x7F");
        assert_eq!(fmt("0x7C01", "f16"), "0x7C01");
        assert_eq!(fmt("123456789.0", "f64"), "0x419D6F3454000000");
        assert_eq!(fmt("1.234567", "f64"), "1.234567");
        assert_eq!(fmt("1.015625", "f32"), "1.015625");
        assert_eq!(fmt("1.015625", "f16"), "1.015630e+00");
        assert_eq!(fmt("3.0", "f80"), "3.000000e+00");
        assert_eq!(fmt("1.0e100", "f64"), "1.000000e+100");
        assert_eq!(fmt("1.0e-300", "f64"), "1.000000e-300");
        assert_eq!(fmt("0.1", "f8E4M3FNUZ"), "1.015630e-01");
        assert_eq!(fmt("0.1", "f8E3M4"), "9.375000e-02");
        assert_eq!(fmt("-0.0", "f8E5M2FNUZ"), "0.000000e+00");
        assert_eq!(fmt("16777215.0", "f32"), "0x4B7FFFFF");
        assert_eq!(fmt("4.9e-324", "f64"), "4.940660e-324");
        assert_eq!(fmt("1.0e-7", "f16"), "1.192090e-07");
        assert_eq!(fmt("65504.0", "f16"), "6.550400e+04");
        assert_eq!(fmt("2.0", "f8E8M0FNU"), "2.000000e+00");
        assert_eq!(fmt("0xFF800000", "f32"), "0xFF800000");
        assert_eq!(fmt("0x12340000000000000001", "f80"), "0x7FFF0000000000000001");
        assert_eq!(fmt("10.0", "f4E2M1FN"), "6.000000e+00");
        assert_eq!(fmt("0.0", "f8E8M0FNU"), "5.877470e-39");
        assert_eq!(fmt("1.0e39", "f32"), "0x7F800000");
    }

    #[test]
    fn wide_integers() {
        let (neg, mag) = parse_int_literal("340282366920938463463374607431768211455").unwrap();
        assert_eq!(int_text_for_width(neg, &mag, 128, true), "-1");
        let mut all_ones = BigUint::pow2(200);
        all_ones.sub_assign(&BigUint::from_u128(1));
        assert_eq!(int_text_for_width(false, &all_ones, 200, true), "-1");
        assert_eq!(int_text_for_width(false, &all_ones, 200, false), all_ones.to_decimal());
        // Negative unsigned literals are invalid; they print as read.
        let (neg, mag) = parse_int_literal("-1").unwrap();
        assert_eq!(int_text_for_width(neg, &mag, 200, false), "-1");
        let (neg, mag) = parse_int_literal("4").unwrap();
        assert_eq!(int_text_for_width(neg, &mag, 3, true), "-4");
    }
}
