//! The index arithmetic of the fused passes' loads and stores: a work-item's digits placed at
//! their weights in the tile.

/// Σ over runs of digits: `((x / p^a) % p^len) * weight` terms for digits of x placed at
/// the given weights (consecutive digits with consecutive weights are merged into one term).
pub(super) fn spread(x: &str, p: u64, weights: &[u64]) -> String {
    let mut terms = Vec::new();
    let mut q = 0;
    while q < weights.len() {
        let mut len = 1;
        while q + len < weights.len() && weights[q + len] == weights[q + len - 1] * p {
            len += 1;
        }
        let div = p.pow(q as u32);
        let modulo = p.pow(len as u32);
        let mut t = if div == 1 {
            x.to_string()
        } else {
            format!("({x} / {div})")
        };
        if q + len < weights.len() {
            t = format!("({t} % {modulo})");
        }
        if weights[q] != 1 {
            t = format!("{t} * {}", weights[q]);
        }
        terms.push(t);
        q += len;
    }
    if terms.is_empty() {
        "0".into()
    } else {
        terms.join(" + ")
    }
}
