//! Operands from text (one integer: decimal or 0x-hex, optional sign, whitespace ignored) and
//! seeded random operands of a given bit length.

use crate::error::{JitError, Result};
use rug::Integer;
use std::path::Path;

/// Parses one integer from `text` (`what` names the source in errors): an optional `-`/`+`,
/// then decimal digits or `0x` and hex digits; whitespace anywhere is ignored. Errors name
/// the line and column of the first character that does not belong.
pub fn parse_integer(text: &str, what: &str) -> Result<Integer> {
    let mut digits = String::new();
    let mut neg = false;
    let mut hex = false;
    let mut seen_sign = false;
    let mut pending_zero = false; // a leading 0 that may start 0x
    for (ln, line) in text.lines().enumerate() {
        for (col, ch) in line.chars().enumerate() {
            if ch.is_whitespace() {
                continue;
            }
            let at = || format!("{what}:{}:{}", ln + 1, col + 1);
            let ok = match ch {
                '-' | '+' if digits.is_empty() && !seen_sign && !hex && !pending_zero => {
                    seen_sign = true;
                    neg = ch == '-';
                    true
                }
                'x' | 'X' if pending_zero && digits == "0" && !hex => {
                    hex = true;
                    digits.clear();
                    true
                }
                c if c.is_ascii_digit() || (hex && c.is_ascii_hexdigit()) => {
                    pending_zero = digits.is_empty() && c == '0' && !hex;
                    digits.push(c);
                    true
                }
                _ => false,
            };
            if !ok {
                let allowed = if hex {
                    "hex digits 0-9 a-f"
                } else {
                    "one integer: decimal digits, or 0x and hex digits, with an optional sign"
                };
                return Err(JitError::invalid(format!(
                    "{}: unexpected {ch:?}: expected {allowed}",
                    at()
                )));
            }
        }
    }
    if digits.is_empty() {
        return Err(JitError::invalid(format!(
            "{what}: no number in it (empty or only whitespace/sign): expected one integer, decimal or 0x-hex"
        )));
    }
    let v = Integer::from_str_radix(&digits, if hex { 16 } else { 10 })
        .map_err(|e| JitError::invalid(format!("{what}: {e}")))?;
    Ok(if neg { -v } else { v })
}

/// Reads one integer from a file (see [`parse_integer`]).
pub fn read_integer(path: &Path) -> Result<Integer> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| JitError::io(format!("reading {}", path.display()), e))?;
    parse_integer(&text, &path.display().to_string())
}

/// |x| as little-endian 64-bit limbs (zero is one limb 0).
pub fn magnitude_limbs(x: &Integer) -> Vec<u64> {
    let mut v: Vec<u64> = x.to_digits(rug::integer::Order::Lsf);
    if v.is_empty() {
        v.push(0);
    }
    v
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Two random operands of exactly `bits_a` and `bits_b` bits (top bit set), from `seed`.
pub fn random_operands(bits_a: u64, bits_b: u64, seed: u64) -> (Vec<u64>, Vec<u64>) {
    let mut st = seed;
    let mut one = |bits: u64| {
        let n = bits.div_ceil(64) as usize;
        let mut v: Vec<u64> = (0..n).map(|_| splitmix(&mut st)).collect();
        let top = (bits - 1) % 64;
        let last = &mut v[n - 1];
        *last &= if top == 63 {
            u64::MAX
        } else {
            (1u64 << (top + 1)) - 1
        };
        *last |= 1u64 << top;
        v
    };
    let a = one(bits_a);
    let b = one(bits_b);
    (a, b)
}

/// Lowercase 0x-hex of a signed integer (`-0x…` when negative).
pub fn to_hex(x: &Integer) -> String {
    let m = x.clone().abs();
    format!(
        "{}0x{}",
        if *x < 0 { "-" } else { "" },
        m.to_string_radix(16)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses() {
        assert_eq!(parse_integer(" 12 34\n5", "t").unwrap(), 12345);
        assert_eq!(parse_integer("0xFf", "t").unwrap(), 255);
        assert_eq!(parse_integer("-0x10", "t").unwrap(), -16);
        assert_eq!(parse_integer("+7", "t").unwrap(), 7);
        assert_eq!(parse_integer("0", "t").unwrap(), 0);
        let e = parse_integer("12\n3a4", "f").unwrap_err().to_string();
        assert!(e.contains("f:2:2"), "{e}");
        assert!(parse_integer("  \n", "f")
            .unwrap_err()
            .to_string()
            .contains("no number"));
        assert!(parse_integer("0x", "f").is_err());
        assert!(parse_integer("1-2", "f").is_err());
        assert!(parse_integer("--1", "f").is_err());
    }

    #[test]
    fn random_bits() {
        let (a, b) = random_operands(65, 64, 1);
        assert_eq!((a.len(), b.len()), (2, 1));
        assert_eq!(a[1], 1);
        assert!(b[0] >> 63 == 1);
        assert_eq!(to_hex(&Integer::from(-255)), "-0xff");
    }
}
