//! CRC-32C (Castagnoli, reflected polynomial 0x82F63B78) as LevelDB tables and TensorFlow's
//! TensorBundle store it, and LevelDB's mask of a stored CRC (`crc32c::Mask`/`Unmask`).
//! Slice-by-8 tables built at compile time; docs/decisions.md says why this is not a crate.

const POLY: u32 = 0x82F6_3B78;
const MASK_DELTA: u32 = 0xa282_ead8;

const fn tables() -> [[u32; 256]; 8] {
    let mut t = [[0u32; 256]; 8];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 { (c >> 1) ^ POLY } else { c >> 1 };
            k += 1;
        }
        t[0][i] = c;
        i += 1;
    }
    let mut s = 1;
    while s < 8 {
        let mut i = 0;
        while i < 256 {
            let prev = t[s - 1][i];
            t[s][i] = (prev >> 8) ^ t[0][(prev & 0xff) as usize];
            i += 1;
        }
        s += 1;
    }
    t
}

static TABLES: [[u32; 256]; 8] = tables();

/// The CRC-32C of `data`.
pub fn value(data: &[u8]) -> u32 {
    let t = &TABLES;
    let mut crc = !0u32;
    let mut chunks = data.chunks_exact(8);
    for c in &mut chunks {
        let lo = u32::from_le_bytes([c[0], c[1], c[2], c[3]]) ^ crc;
        let hi = u32::from_le_bytes([c[4], c[5], c[6], c[7]]);
        crc = t[7][(lo & 0xff) as usize]
            ^ t[6][((lo >> 8) & 0xff) as usize]
            ^ t[5][((lo >> 16) & 0xff) as usize]
            ^ t[4][(lo >> 24) as usize]
            ^ t[3][(hi & 0xff) as usize]
            ^ t[2][((hi >> 8) & 0xff) as usize]
            ^ t[1][((hi >> 16) & 0xff) as usize]
            ^ t[0][(hi >> 24) as usize];
    }
    for &b in chunks.remainder() {
        crc = (crc >> 8) ^ t[0][((crc ^ b as u32) & 0xff) as usize];
    }
    !crc
}

/// A CRC as LevelDB stores it next to data that may itself hold CRCs.
pub fn mask(crc: u32) -> u32 {
    crc.rotate_right(15).wrapping_add(MASK_DELTA)
}

/// The CRC a masked value stands for.
pub fn unmask(masked: u32) -> u32 {
    masked.wrapping_sub(MASK_DELTA).rotate_left(15)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        // RFC 3720 B.4 and the usual check value.
        assert_eq!(value(b"123456789"), 0xE306_9283);
        assert_eq!(value(&[0u8; 32]), 0x8A91_36AA);
        assert_eq!(value(&[0xffu8; 32]), 0x62A8_AB43);
        let inc: Vec<u8> = (0..32).collect();
        assert_eq!(value(&inc), 0x46DD_794E);
        assert_eq!(value(b""), 0);
    }

    #[test]
    fn mask_round_trips() {
        for c in [0u32, 1, 0xE306_9283, u32::MAX] {
            assert_eq!(unmask(mask(c)), c);
            assert_ne!(mask(c), c);
        }
    }
}
