//! The shift-only DFT_R of a generalized Fermat field as data: the six-step formula expanded
//! into layers of DFT2s and shifts by powers of r (for R = 16 the seeds' eight steps), and a
//! simulation of it on symbolic values for tests.

use rug::Integer;

/// One parallel step of a DFT_R on R slots.
#[derive(Debug, Clone, PartialEq)]
pub enum Layer {
    /// DFT2 on slot pairs (a, b): a ← a + b, b ← a − b.
    Butterflies(Vec<(usize, usize)>),
    /// Slot ← slot · r^s (s mod 2k; 0 means nothing to do).
    Shifts(Vec<(usize, u32)>),
}

/// DFT_R with ω = r^e as layers, plus the output map (output j is in slot `out[j]`).
#[derive(Debug, Clone, PartialEq)]
pub struct DftProgram {
    /// R, the DFT size (a power of two ≤ 2k).
    pub radix: usize,
    /// Parallel steps in order.
    pub layers: Vec<Layer>,
    /// Output j of the DFT is in slot `out[j]` after the last layer.
    pub out: Vec<usize>,
}

/// Six-step expansion DFT_n = L^n_2 (I_{n/2} ⊗ DFT_2) L^n_{n/2} D^n_{2,n/2} (I_2 ⊗ DFT_{n/2})
/// L^n_2, applied symbolically: stride permutations only relabel slots, so what remains are
/// butterfly and shift layers (the two halves' sub-DFTs run side by side in the same layers).
fn expand(slots: &[usize], e: u32, big_k: u32, layers: &mut Vec<Vec<Layer>>) -> Vec<usize> {
    let n = slots.len();
    if n == 1 {
        return slots.to_vec();
    }
    if n == 2 {
        layers.push(vec![Layer::Butterflies(vec![(slots[0], slots[1])])]);
        return slots.to_vec();
    }
    // L^n_2: evens then odds.
    let top: Vec<usize> = slots.iter().step_by(2).copied().collect();
    let bot: Vec<usize> = slots.iter().skip(1).step_by(2).copied().collect();
    let mut lt = Vec::new();
    let mut lb = Vec::new();
    let t = expand(&top, (2 * e) % big_k, big_k, &mut lt);
    let b = expand(&bot, (2 * e) % big_k, big_k, &mut lb);
    for (x, y) in lt.into_iter().zip(lb) {
        layers.push(x.into_iter().chain(y).collect());
    }
    // D^n_{2,n/2}: bottom element i times ω^i.
    let shifts = b
        .iter()
        .enumerate()
        .map(|(i, &s)| (s, (e * i as u32) % big_k))
        .collect();
    layers.push(vec![Layer::Shifts(shifts)]);
    // L^n_{n/2}, I_{n/2} ⊗ DFT_2, L^n_2: pairs (t_j, b_j), outputs stay in their slots.
    let pairs = t.iter().zip(&b).map(|(&x, &y)| (x, y)).collect();
    layers.push(vec![Layer::Butterflies(pairs)]);
    t.into_iter().chain(b).collect()
}

fn merge(parts: Vec<Layer>) -> Layer {
    match parts.first() {
        Some(Layer::Butterflies(_)) => Layer::Butterflies(
            parts
                .into_iter()
                .flat_map(|l| match l {
                    Layer::Butterflies(v) => v,
                    Layer::Shifts(_) => Vec::new(),
                })
                .collect(),
        ),
        _ => Layer::Shifts(
            parts
                .into_iter()
                .flat_map(|l| match l {
                    Layer::Shifts(v) => v,
                    Layer::Butterflies(_) => Vec::new(),
                })
                .collect(),
        ),
    }
}

/// DFT_radix with ω = r^e (e an exponent mod K = 2k, r of order K).
pub fn dft_program(radix: usize, e: u32, big_k: u32) -> DftProgram {
    let slots: Vec<usize> = (0..radix).collect();
    let mut layers = Vec::new();
    let out = expand(&slots, e % big_k, big_k, &mut layers);
    DftProgram {
        radix,
        layers: layers.into_iter().map(merge).collect(),
        out,
    }
}

/// Runs a DftProgram on exact values (for tests: the layers must compute the DFT).
pub fn simulate(
    prog: &DftProgram,
    x: &[Integer],
    mul_pow_r: impl Fn(&Integer, u32) -> Integer,
    p: &Integer,
) -> Vec<Integer> {
    let mut v = x.to_vec();
    for l in &prog.layers {
        match l {
            Layer::Butterflies(pairs) => {
                for &(a, b) in pairs {
                    let s = Integer::from(&v[a] + &v[b]) % p;
                    let d = Integer::from(&v[a] - &v[b]).div_rem_euc(p.clone()).1;
                    v[a] = s;
                    v[b] = d;
                }
            }
            Layer::Shifts(sh) => {
                for &(a, s) in sh {
                    v[a] = mul_pow_r(&v[a], s);
                }
            }
        }
    }
    prog.out.iter().map(|&s| v[s].clone()).collect()
}
