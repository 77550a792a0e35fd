//! Text formats: truth vectors in (integers 0..p−1 separated by whitespace or commas),
//! spectra out (one `re im` pair a line), and power-of-two sizes (`2^20`, `1048576`).

use crate::error::{JitError, Result};
use num_complex::Complex64;
use std::path::Path;

/// Reads a truth vector; values must be integers in 0..p−1 (the position of a bad one is named).
pub fn read_truth_vector(path: &Path, p: u32) -> Result<Vec<u32>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| JitError::file(path, format!("cannot read: {e}")))?;
    parse_truth_vector(&text, p).map_err(|m| JitError::file(path, m))
}

/// Parses a truth vector from text (as [`read_truth_vector`], without the file): integers
/// separated by whitespace or commas, `#` starting a comment to the end of the line. The
/// error message names the value's position and line; an empty vector is refused.
pub fn parse_truth_vector(text: &str, p: u32) -> std::result::Result<Vec<u32>, String> {
    let mut out = Vec::new();
    for (line_no, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        for tok in line
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            let pos = out.len();
            let v: i64 = tok.parse().map_err(|_| {
                format!("value {pos} (line {}) is `{tok}`, not an integer; a truth vector holds integers 0..{}", line_no + 1, p - 1)
            })?;
            if v < 0 || v >= p as i64 {
                return Err(format!(
                    "value {pos} (line {}) is {v}, outside 0..{} (a {p}-valued function takes values 0 to {})",
                    line_no + 1,
                    p - 1,
                    p - 1
                ));
            }
            out.push(v as u32);
        }
    }
    if out.is_empty() {
        return Err("the file holds no values".to_string());
    }
    Ok(out)
}

/// One `re im` pair a line, full f64 precision.
pub fn format_spectrum(data: &[Complex64]) -> String {
    let mut s = String::with_capacity(data.len() * 48);
    for c in data {
        s.push_str(&format!("{:e} {:e}\n", c.re, c.im));
    }
    s
}

/// Rows of integers 0..p−1 from text, one function per non-empty line (separated by
/// whitespace or commas; `#` starts a comment), every row the same length: (the values row
/// after row, the rows, the row length).
pub fn value_rows(text: &str, p: u32) -> Result<(Vec<u32>, u64, usize)> {
    let mut values: Vec<u32> = Vec::new();
    let mut row_len: Option<(usize, usize)> = None; // (length, line of the first row)
    let mut batch = 0u64;
    for (line_no, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        let start = values.len();
        for tok in line
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            let pos = values.len() - start;
            let v: i64 = tok.parse().map_err(|_| {
                JitError::invalid(format!(
                    "function {batch} (line {}): value {pos} is `{tok}`, not an integer 0..{}",
                    line_no + 1,
                    p - 1
                ))
            })?;
            if v < 0 || v >= p as i64 {
                return Err(JitError::invalid(format!(
                    "function {batch} (line {}): the value at position {pos} is {v}, outside 0..{} (a {p}-valued function)",
                    line_no + 1,
                    p - 1
                )));
            }
            values.push(v as u32);
        }
        let len = values.len() - start;
        if len == 0 {
            continue;
        }
        match row_len {
            None => row_len = Some((len, line_no + 1)),
            Some((l, first)) if l != len => {
                return Err(JitError::invalid(format!(
                    "rows of different lengths: line {} holds {len} values, line {first} held {l} (one function per line, all of p^n values)",
                    line_no + 1
                )))
            }
            _ => {}
        }
        batch += 1;
    }
    let Some((len, _)) = row_len else {
        return Err(JitError::invalid("the file holds no values"));
    };
    Ok((values, batch, len))
}

/// A power of two written `2^20`, `2**20` or `1048576`; returns log2.
pub fn parse_size(s: &str) -> std::result::Result<u32, String> {
    let t = s.trim();
    let bad = || format!("{s:?}: a power of two, written 2^L (e.g. 2^20) or in full (1048576)");
    if let Some(l) = t.strip_prefix("2^").or_else(|| t.strip_prefix("2**")) {
        let l: u32 = l.trim().parse().map_err(|_| bad())?;
        if l >= 64 {
            return Err(format!("{s:?}: 2^{l} points is too large"));
        }
        return Ok(l);
    }
    let v: u64 = t.replace('_', "").parse().map_err(|_| bad())?;
    if v == 0 || !v.is_power_of_two() {
        return Err(format!(
            "{s:?} is not a power of two: these transforms need N = 2^L points"
        ));
    }
    Ok(v.trailing_zeros())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("2^20"), Ok(20));
        assert_eq!(parse_size("2**3"), Ok(3));
        assert_eq!(parse_size("1048576"), Ok(20));
        assert_eq!(parse_size("1"), Ok(0));
        assert!(parse_size("1000")
            .unwrap_err()
            .contains("not a power of two"));
        assert!(parse_size("0").is_err());
        assert!(parse_size("2^x").is_err());
        assert!(parse_size("2^64").is_err());
    }

    #[test]
    fn truth_vectors() {
        assert_eq!(
            parse_truth_vector("0 1 2\n2,1,0 # c\n", 3).unwrap(),
            [0, 1, 2, 2, 1, 0]
        );
        let e = parse_truth_vector("0 1 3", 3).unwrap_err();
        assert!(e.contains("value 2") && e.contains("outside 0..2"), "{e}");
        let e = parse_truth_vector("0 x", 3).unwrap_err();
        assert!(e.contains("not an integer"), "{e}");
        assert!(parse_truth_vector(" \n", 3).is_err());
    }
}
