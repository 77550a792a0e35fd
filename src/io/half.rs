//! IEEE half (binary16) and bfloat16 conversions on the host, bit-exact with OpenCL's
//! `vload_half` (exact widening) and `vstore_half_rte` (round to nearest even), so the CPU
//! reference sees the very values the device stores.

/// The f32 value of half bits (exact: every half is an f32).
pub fn f16_to_f32(h: u16) -> f32 {
    let sign = ((h >> 15) as u32) << 31;
    let exp = ((h >> 10) & 0x1f) as u32;
    let man = (h & 0x3ff) as u32;
    let bits = match (exp, man) {
        (0, 0) => sign,
        // Subnormal: man · 2^-24, exact in f32.
        (0, m) => return (m as f32) * f32::powi(2.0, -24) * sgn(h),
        (31, 0) => sign | 0x7f80_0000,
        (31, m) => sign | 0x7fc0_0000 | (m << 13),
        (e, m) => sign | ((e + 112) << 23) | (m << 13),
    };
    f32::from_bits(bits)
}

fn sgn(h: u16) -> f32 {
    if h & 0x8000 != 0 {
        -1.0
    } else {
        1.0
    }
}

/// Half bits of an f32, rounded to nearest even; beyond 65504 (after rounding) it is ±inf.
pub fn f32_to_f16(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xff) as i32;
    let man = b & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 31 {
        return sign | 0x7c00;
    }
    if e <= 0 {
        // Subnormal or zero: shift the full significand down, round to nearest even.
        if e < -10 {
            return sign;
        }
        let full = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = full >> shift;
        let rest = full & ((1 << shift) - 1);
        let mid = 1 << (shift - 1);
        let up = rest > mid || (rest == mid && half & 1 == 1);
        return sign | (half + up as u32) as u16;
    }
    let half = ((e as u32) << 10) | (man >> 13);
    let rest = man & 0x1fff;
    let up = rest > 0x1000 || (rest == 0x1000 && half & 1 == 1);
    // A carry out of the significand bumps the exponent (up to inf): the intended rounding.
    sign | (half + up as u32) as u16
}

/// The f32 value of bfloat16 bits (exact).
pub fn bf16_to_f32(h: u16) -> f32 {
    f32::from_bits((h as u32) << 16)
}

/// bfloat16 bits of an f32, rounded to nearest even (NaN stays NaN).
pub fn f32_to_bf16(x: f32) -> u16 {
    let b = x.to_bits();
    if x.is_nan() {
        return ((b >> 16) | 0x40) as u16;
    }
    let round = 0x7fff + ((b >> 16) & 1);
    (b.wrapping_add(round) >> 16) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_round_trips_every_finite_value() {
        for h in 0u16..=0xffff {
            let x = f16_to_f32(h);
            if x.is_nan() {
                assert!(f16_to_f32(f32_to_f16(x)).is_nan());
                continue;
            }
            assert_eq!(f32_to_f16(x), h, "{h:#06x} = {x}");
        }
    }

    #[test]
    fn half_rounds_to_nearest_even_and_overflows_to_inf() {
        assert_eq!(f16_to_f32(f32_to_f16(1.0 + 1.0 / 2048.0)), 1.0); // a tie, to even
        assert_eq!(
            f16_to_f32(f32_to_f16(1.0 + 3.0 / 2048.0)),
            1.0 + 2.0 / 1024.0
        );
        assert_eq!(f16_to_f32(f32_to_f16(65504.0)), 65504.0);
        assert!(f16_to_f32(f32_to_f16(65520.0)).is_infinite());
        assert_eq!(f16_to_f32(f32_to_f16(-3.0e-8)), -f32::powi(2.0, -24)); // rounds up to the least
        assert_eq!(f32_to_f16(2.0e-8), 0); // below half the least: zero
        assert_eq!(f16_to_f32(0x0001), f32::powi(2.0, -24));
        assert_eq!(f16_to_f32(0x8001), -f32::powi(2.0, -24));
    }

    #[test]
    fn bfloat16_keeps_the_top_bits() {
        assert_eq!(bf16_to_f32(f32_to_bf16(1.5)), 1.5);
        assert_eq!(bf16_to_f32(f32_to_bf16(1.0 + 1.0 / 256.0)), 1.0); // tie to even
        assert_eq!(bf16_to_f32(f32_to_bf16(-2.0)), -2.0);
    }
}
