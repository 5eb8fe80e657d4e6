//! Canonical float printing, matching MLIR's `printFloatValue`: `%.6e` when that reads back
//! to the same value in the type's semantics, otherwise APFloat's default `toString` (enough
//! digits to round-trip, at most three padding zeros), and hex bits for NaN and infinities.

/// Float semantics amanda-opt can round values to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Sem {
    F64,
    F32,
    F16,
    BF16,
}

impl Sem {
    fn of(type_name: &str) -> Sem {
        match type_name {
            "f32" | "tf32" => Sem::F32,
            "f16" => Sem::F16,
            "bf16" => Sem::BF16,
            _ => Sem::F64,
        }
    }

    /// Binary precision (significand bits including the implicit one).
    fn precision(self) -> u32 {
        match self {
            Sem::F64 => 53,
            Sem::F32 => 24,
            Sem::F16 => 11,
            Sem::BF16 => 8,
        }
    }

    fn bits_width(self) -> u32 {
        match self {
            Sem::F64 => 64,
            Sem::F32 => 32,
            _ => 16,
        }
    }

    /// Rounds an f64 to this semantics and returns (value as f64, raw bits).
    fn round(self, v: f64) -> (f64, u64) {
        match self {
            Sem::F64 => (v, v.to_bits()),
            Sem::F32 => {
                let f = v as f32;
                (f as f64, f.to_bits() as u64)
            }
            Sem::BF16 => {
                let bits = f32_to_bf16(v as f32);
                (bf16_to_f32(bits) as f64, bits as u64)
            }
            Sem::F16 => {
                let bits = f32_to_f16(v as f32);
                (f16_to_f32(bits) as f64, bits as u64)
            }
        }
    }

    fn from_bits(self, bits: u64) -> f64 {
        match self {
            Sem::F64 => f64::from_bits(bits),
            Sem::F32 => f32::from_bits(bits as u32) as f64,
            Sem::BF16 => bf16_to_f32(bits as u16) as f64,
            Sem::F16 => f16_to_f32(bits as u16) as f64,
        }
    }
}

/// Canonical text for a float literal spelled `spelling` of type `type_name`.
pub fn format_float_canonical(spelling: &str, type_name: &str) -> String {
    let sem = Sem::of(type_name);
    let t = spelling.trim();
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t),
    };
    if body.starts_with("0x") {
        return format_float_bits_canonical(spelling, type_name);
    }
    let Ok(parsed) = body.parse::<f64>() else { return spelling.to_string() };
    let (v, bits) = sem.round(if neg { -parsed } else { parsed });
    format_value(v, bits, sem)
}

/// Canonical text for a float given by its hex bit pattern (`0x7FC00000`).
pub fn format_float_bits_canonical(spelling: &str, type_name: &str) -> String {
    let sem = Sem::of(type_name);
    let hex = spelling.trim_start_matches('-').trim_start_matches("0x");
    let Ok(bits) = u64::from_str_radix(hex, 16) else { return spelling.to_string() };
    let mask = if sem.bits_width() == 64 { u64::MAX } else { (1u64 << sem.bits_width()) - 1 };
    let bits = bits & mask;
    format_value(sem.from_bits(bits), bits, sem)
}

fn format_value(v: f64, bits: u64, sem: Sem) -> String {
    if v.is_finite() {
        let short = apfloat_exp6(v);
        if let Ok(back) = short.parse::<f64>() {
            if sem.round(back).1 == bits {
                return short;
            }
        }
        let long = apfloat_default(v, sem);
        if long.contains('.') {
            return long;
        }
    }
    format!("0x{:X}", bits)
}

/// APFloat's `toString(6, 0, false)`: six significant digits, zero-padded to six decimals,
/// `1.000000e+00`.
fn apfloat_exp6(v: f64) -> String {
    let s = c_exp(v, 5);
    match s.find('e') {
        Some(i) => format!("{}0{}", &s[..i], &s[i..]),
        None => s,
    }
}

/// C's `%.{prec}e`: `1.000000e+00`.
fn c_exp(v: f64, prec: usize) -> String {
    let s = format!("{:.*e}", prec, v);
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    format!("{}e{}{:02}", mant, if exp < 0 { '-' } else { '+' }, exp.abs())
}

/// APFloat::toString with its defaults (precision for round-trip, max padding 3, truncated zeros).
fn apfloat_default(v: f64, sem: Sem) -> String {
    let precision = (2 + sem.precision() * 59 / 196) as usize;
    let s = format!("{:.*e}", precision - 1, v.abs());
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp10: i32 = exp.parse().unwrap_or(0);
    let mut digits: Vec<u8> = mant.bytes().filter(|b| b.is_ascii_digit()).collect();
    while digits.len() > 1 && digits.last() == Some(&b'0') {
        digits.pop();
    }
    let n = digits.len() as i32;
    // Exponent of the least significant digit.
    let exp = exp10 - (n - 1);
    let mut out = String::new();
    if v.is_sign_negative() {
        out.push('-');
    }
    let max_padding = 3;
    let scientific = if exp >= 0 {
        exp > max_padding || n + exp > precision as i32
    } else {
        let msd = exp + n - 1;
        if msd >= 0 { false } else { -msd > max_padding }
    };
    let d = |i: usize| digits[i] as char;
    if scientific {
        let e = exp + n - 1;
        out.push(d(0));
        out.push('.');
        if n == 1 {
            out.push('0');
        } else {
            for i in 1..n as usize {
                out.push(d(i));
            }
        }
        out.push('E');
        out.push(if e >= 0 { '+' } else { '-' });
        out.push_str(&e.abs().to_string());
        return out;
    }
    if exp >= 0 {
        for i in 0..n as usize {
            out.push(d(i));
        }
        for _ in 0..exp {
            out.push('0');
        }
        return out;
    }
    let whole = exp + n;
    let mut i = 0usize;
    if whole > 0 {
        while (i as i32) < whole {
            out.push(d(i));
            i += 1;
        }
        out.push('.');
    } else {
        out.push_str("0.");
        for _ in 0..(-whole) {
            out.push('0');
        }
    }
    while (i as i32) < n {
        out.push(d(i));
        i += 1;
    }
    out
}

fn f32_to_bf16(f: f32) -> u16 {
    let bits = f.to_bits();
    if f.is_nan() {
        return ((bits >> 16) as u16) | 0x40;
    }
    let round = 0x7FFF + ((bits >> 16) & 1);
    ((bits + round) >> 16) as u16
}

fn bf16_to_f32(b: u16) -> f32 {
    f32::from_bits((b as u32) << 16)
}

fn f32_to_f16(f: f32) -> u16 {
    let bits = f.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xFF) as i32;
    let mant = bits & 0x7F_FFFF;
    if exp == 0xFF {
        return sign | 0x7C00 | if mant != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1F {
        return sign | 0x7C00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = mant | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rest = m & ((1 << shift) - 1);
        let mut r = m >> shift;
        if rest > half || (rest == half && r & 1 == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (mant >> 13);
    let rest = mant & 0x1FFF;
    if rest > 0x1000 || (rest == 0x1000 && r & 1 == 1) {
        r += 1;
    }
    sign | r as u16
}

fn f16_to_f32(h: u16) -> f32 {
    let sign = ((h & 0x8000) as u32) << 16;
    let exp = ((h >> 10) & 0x1F) as u32;
    let mant = (h & 0x3FF) as u32;
    let bits = if exp == 0 {
        if mant == 0 {
            sign
        } else {
            let mut e = 127 - 15 + 1;
            let mut m = mant;
            while m & 0x400 == 0 {
                m <<= 1;
                e -= 1;
            }
            sign | ((e as u32) << 23) | ((m & 0x3FF) << 13)
        }
    } else if exp == 0x1F {
        sign | 0x7F80_0000 | (mant << 13)
    } else {
        sign | ((exp + 127 - 15) << 23) | (mant << 13)
    };
    f32::from_bits(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_mlir_spellings() {
        assert_eq!(format_float_canonical("1.0", "f64"), "1.000000e+00");
        assert_eq!(format_float_canonical("-2.5", "f32"), "-2.500000e+00");
        assert_eq!(format_float_canonical("0.1", "f32"), "1.000000e-01");
        assert_eq!(format_float_canonical("0.123456789", "f64"), "0.123456789");
        assert_eq!(format_float_canonical("123456789.0", "f64"), "0x419D6F3454000000");
        assert_eq!(format_float_canonical("1.234567e-05", "f64"), "1.2345670000000001E-5");
        assert_eq!(format_float_bits_canonical("0x7FC00000", "f32"), "0x7FC00000");
        assert_eq!(format_float_canonical("-0.0", "f32"), "-0.000000e+00");
    }
}
