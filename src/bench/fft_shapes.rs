//! The shape list of `bench --fft --shape`: shapes separated by `;` (or given by repeating the
//! flag), the axes of one shape by `,` (as `fft --shape` writes them) or by `x`, each length
//! in full or as a power (`fft::plan::parse_length`): `--shape '4096;2^20;1000x768'`.

use crate::fft::plan::parse_length;
use anyhow::{bail, Result};

/// One shape: `1000x768`, `1000,768`, `2^20`. A shape that mixes `,` and `x` is refused: it
/// is most likely a list of shapes written with commas.
pub fn parse_shape(s: &str) -> Result<Vec<u64>> {
    let t = s.trim();
    if t.is_empty() {
        bail!("--shape: an empty shape (two `;` in a row, or one at an end?): give lengths such as 1000x768");
    }
    let (comma, times) = (t.contains(','), t.contains(['x', 'X']));
    if comma && times {
        bail!(
            "--shape {t:?}: a shape separates its axes by `,` or by `x`, not both; separate shapes by `;` (e.g. --shape '1024;2^20;1000x768') or repeat --shape"
        );
    }
    t.split([',', 'x', 'X'])
        .map(|l| parse_length(l).map_err(|e| anyhow::anyhow!("--shape {t:?}: {e}")))
        .collect()
}

/// Every shape of the `--shape` values, in order (each value one or more shapes separated by
/// `;`); an empty list is refused.
pub fn parse_shapes<S: AsRef<str>>(values: &[S]) -> Result<Vec<Vec<u64>>> {
    let shapes: Vec<Vec<u64>> = values
        .iter()
        .flat_map(|v| v.as_ref().split(';').map(str::to_owned).collect::<Vec<_>>())
        .map(|s| parse_shape(&s))
        .collect::<Result<_>>()?;
    if shapes.is_empty() {
        bail!("--fft needs --shape: e.g. --shape '4096;2^20;1000x768'");
    }
    Ok(shapes)
}

/// A shape as the reports write it: `1000x768`, or `2^20` for a single power-of-two length.
pub fn shape_label(shape: &[u64]) -> String {
    match shape {
        [n] if n.is_power_of_two() && *n >= 1024 => format!("2^{}", n.trailing_zeros()),
        _ => shape
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join("x"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grammar() {
        let s = parse_shapes(&["4096;2^20;1000x768", "1000,768", " 6 X 10 "]).unwrap();
        assert_eq!(
            s,
            vec![
                vec![4096],
                vec![1 << 20],
                vec![1000, 768],
                vec![1000, 768],
                vec![6, 10]
            ]
        );
        assert_eq!(shape_label(&[1 << 20]), "2^20");
        assert_eq!(shape_label(&[256, 256, 256]), "256x256x256");
        assert_eq!(shape_label(&[16]), "16");
    }
}
