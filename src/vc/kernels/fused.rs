//! Fused multi-digit VC passes: one work-group transforms m digits of a tile of p^(m+t)
//! elements in registers, exchanging through local memory between sub-stages.
//!
//! A pass is described by plain data ([`FusedPass`]): for every tile digit, where it sits in
//! the input and in the output (memory digit positions) and whether it is transformed; the
//! remaining digits come from the work-group id. Two layouts use this:
//! - `rotate` (constant geometry at block level): the lowest m digits are transformed and moved
//!   to the top, t lane digits above them move to the bottom; reads are contiguous tiles,
//!   writes are runs of p^t elements; after all passes the data is in natural order.
//! - `inplace`: digits [k, k+m) are transformed where they are, with t lane digits [0, t)
//!   in the tile so reads and writes move runs of p^t elements.
//! - `staged`: the same digit groups as in place, but every pass writes the next pass's tile
//!   digits to the bottom of memory (lanes first), so each pass reads its whole tile as one
//!   contiguous block and only writes move runs of p^t elements; the last writes natural order.
//!
//! Each thread holds B = p^b elements. Sub-stage s transforms ≤ b digits with the p-point
//! codelets of [`crate::clgen::small_dft`]; between sub-stages the tile is exchanged through local
//! memory, real and imaginary parts in two halves when the whole tile would not fit.

use crate::clgen::{real_literal, small_dft, GeneratedProgram, OpCounts, Writer};
use crate::transform::{Direction, Precision};
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    Rotate,
    Inplace,
    Staged,
}

/// One digit of a tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TileDigit {
    pub in_pos: u32,
    pub out_pos: u32,
    pub transformed: bool,
}

/// One fused pass, as plain data.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FusedPass {
    pub p: u32,
    pub n: u32,
    pub layout: Layout,
    /// Transformed digits in this pass, m.
    pub m: u32,
    /// Lane digits (kept, for contiguous runs), t.
    pub t: u32,
    /// Tile digits in canonical order (tile index weight p^i).
    pub tile: Vec<TileDigit>,
    /// Work-group-id digits, least significant first: (input position, output position).
    pub wg: Vec<(u32, u32)>,
    /// Register digits per thread, b (B = p^b elements).
    pub b: u32,
    /// Tile-digit indices transformed in each sub-stage (each at most b).
    pub substages: Vec<Vec<usize>>,
    pub precision: Precision,
    pub direction: Direction,
    pub scale: Option<f64>,
    pub wide_index: bool,
    /// Exchange real and imaginary parts separately (halves the local memory).
    pub split_exchange: bool,
    /// Tile digits every thread mapping keeps in registers: exchanges then run in p^|resident|
    /// rounds, so local memory holds only tile/p^|resident| elements (tiles beyond 48 KB).
    pub resident: Vec<usize>,
    /// Where element x of the local exchange buffer is stored, chosen so that a warp's
    /// exchange accesses spread over the banks (strides p^k collide when p is even).
    pub swizzle: Swizzle,
    pub index: usize,
}

impl FusedPass {
    pub fn tile_len(&self) -> u64 {
        (self.p as u64).pow(self.tile.len() as u32)
    }
    pub fn regs(&self) -> u64 {
        (self.p as u64).pow(self.b)
    }
    /// Work-items per work-group.
    pub fn threads(&self) -> u64 {
        self.tile_len() / self.regs()
    }
    /// Elements of the local exchange buffer (one round's worth).
    pub fn local_len(&self) -> u64 {
        self.tile_len() / (self.p as u64).pow(self.resident.len() as u32)
    }
    pub fn groups(&self) -> u64 {
        (self.p as u64).pow(self.wg.len() as u32)
    }
    /// Elements the local exchange buffer declares, padding included.
    pub fn local_words(&self) -> u64 {
        match self.swizzle {
            // Padding grows the buffer; XOR permutes within whole 32-element blocks.
            Swizzle::Pad(_) => self.swizzle.apply(self.local_len().max(1) - 1) + 1,
            Swizzle::Identity | Swizzle::Xor(..) => self.local_len(),
        }
    }
    pub fn local_bytes(&self) -> u64 {
        let real = if self.precision == Precision::F64 {
            8
        } else {
            4
        };
        self.local_words() * real * if self.split_exchange { 1 } else { 2 }
    }
    pub fn name(&self) -> String {
        format!(
            "vc_fused{}_p{}_n{}_m{}t{}_{}_{}_{}{}",
            self.index,
            self.p,
            self.n,
            self.m,
            self.t,
            match self.layout {
                Layout::Rotate => "rot",
                Layout::Inplace => "inp",
                Layout::Staged => "stg",
            },
            match self.direction {
                Direction::Forward => "fwd",
                Direction::Inverse => "inv",
            },
            self.precision,
            if self.scale.is_some() { "_scaled" } else { "" }
        )
    }
}

/// Limits a pass must respect on the device.
#[derive(Debug, Clone, Copy)]
pub struct FusedLimits {
    pub local_bytes: u64,
    pub max_threads: u64,
    /// Complex values a work-item prefers to hold (`--fused-values`; default
    /// [`preferred_values`]): fewer means more work-items and shorter chains per work-item,
    /// which pays where a transform does not fill the device.
    pub values: Option<u64>,
}

/// Complex values one thread prefers to keep in registers (more work-items otherwise).
fn preferred_values(precision: Precision) -> u64 {
    if precision == Precision::F64 {
        16
    } else {
        32
    }
}

/// Values per thread beyond which registers spill (2 registers per f32 value of 255).
fn hard_values(precision: Precision) -> u64 {
    if precision == Precision::F64 {
        42
    } else {
        85
    }
}

/// Most complex values one thread may keep in registers. Where a work-group may hold 1024
/// work-items this is the preferred count; where the kernel limit is lower (NVIDIA's OpenCL
/// reports 256) threads take more values, up to ~170 of a thread's 255 registers, so that
/// tiles stay as large.
fn max_values(precision: Precision, max_threads: u64) -> u64 {
    let base = preferred_values(precision);
    (base * 1024 / max_threads.max(1)).clamp(base, hard_values(precision))
}

/// Chooses the resident digits, b (register digits), the sub-stages and the exchange mode.
fn finish_pass(mut pass: FusedPass, limits: FusedLimits) -> FusedPass {
    let p = pass.p as u64;
    let k = pass.tile.len() as u32;
    let real = if pass.precision == Precision::F64 {
        8
    } else {
        4
    };
    let e = pass.tile_len();
    // Resident digits: as few as make one round's half-exchange fit the local memory.
    let mut nres = 0u32;
    while nres < pass.m && (e / p.pow(nres)) * real > limits.local_bytes {
        nres += 1;
    }
    let transformed: Vec<usize> = (0..pass.tile.len())
        .filter(|&i| pass.tile[i].transformed)
        .collect();
    // The top transformed digits stay resident (transformed in the first sub-stage).
    pass.resident = transformed
        .iter()
        .rev()
        .take(nres as usize)
        .copied()
        .collect();
    pass.resident.sort_unstable();
    // Largest b with p^b ≤ the preferred values per thread (at least the resident digits
    // plus one).
    let mut b = 1;
    let prefer = limits
        .values
        .unwrap_or_else(|| preferred_values(pass.precision));
    while b < k && p.pow(b + 1) <= prefer.max(p) {
        b += 1;
    }
    b = b.min(k).min(pass.m.max(1));
    // At least two warps per work-group where the tile allows: fewer registers per thread
    // cost an exchange or two, too few threads leave the SM idle.
    while b > nres + 1 && p.pow(k - b) < 64 {
        b -= 1;
    }
    // Within the work-group limit: more values per thread.
    while b < k && p.pow(k - b) > limits.max_threads {
        b += 1;
    }
    b = b.max((nres + 1).min(k));
    pass.b = b;
    // Sub-stages from the top transformed digits down, so the first sub-stage's register
    // digits leave the lowest (contiguous) digits to the threads. Resident digits are in
    // every mapping; they are transformed in the first sub-stage.
    let free = (b - nres).max(1) as usize;
    let mut rest: Vec<usize> = transformed
        .iter()
        .rev()
        .filter(|d| !pass.resident.contains(d))
        .copied()
        .collect();
    let mut subs = Vec::new();
    let mut first: Vec<usize> = pass.resident.clone();
    first.extend(rest.drain(..free.min(rest.len())));
    first.sort_unstable();
    subs.push(first);
    while !rest.is_empty() {
        let take = free.min(rest.len());
        let mut chunk: Vec<usize> = rest.drain(..take).collect();
        chunk.sort_unstable();
        subs.push(chunk);
    }
    pass.substages = subs;
    // Halves where a whole round does not fit. Without resident digits, also beyond half the
    // budget (two work-groups per SM); with them the registers allow one work-group per SM
    // anyway, so a round may take the whole budget: half the rounds and barriers.
    pass.split_exchange = if nres > 0 {
        pass.local_len() * 2 * real > limits.local_bytes
    } else {
        pass.tile_len() * 2 * real > limits.local_bytes / 2
    };
    pass.swizzle = choose_swizzle(&pass, limits);
    pass
}

/// A map of the local exchange buffer's element indices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Swizzle {
    Identity,
    /// x + (x >> s): one spare element per 2^s.
    Pad(u32),
    /// x ^ ((x >> a) & 31) [^ ((x >> b) & 31)]: a permutation within each 32-element block
    /// (the low 5 bits are XORed with higher ones: unitriangular, so invertible).
    Xor(u32, Option<u32>),
}

impl Swizzle {
    fn apply(self, x: u64) -> u64 {
        match self {
            Swizzle::Identity => x,
            Swizzle::Pad(s) => x + (x >> s),
            Swizzle::Xor(a, b) => x ^ ((x >> a) & 31) ^ b.map_or(0, |b| (x >> b) & 31),
        }
    }
    /// OpenCL C for the stored index of element `e` (an expression without side effects).
    fn expr(self, e: &str) -> String {
        match self {
            Swizzle::Identity => e.to_string(),
            Swizzle::Pad(s) => format!("{e} + (({e}) >> {s})"),
            Swizzle::Xor(a, None) => format!("({e}) ^ ((({e}) >> {a}) & 31)"),
            Swizzle::Xor(a, Some(b)) => {
                format!("({e}) ^ ((({e}) >> {a}) & 31) ^ ((({e}) >> {b}) & 31)")
            }
        }
    }
}

/// Bank conflicts of one warp-wide local access: the warp is served in transactions of
/// 128 bytes' worth of threads; each costs as many passes as the most distinct 4-byte words
/// that fall into one of the 32 banks.
fn access_cost(elems: &[u64], words_per_elem: u64) -> u64 {
    let group = (32 / words_per_elem).max(1) as usize;
    elems
        .chunks(group)
        .map(|g| {
            let mut per_bank = [0u64; 32];
            let mut words: Vec<u64> = g
                .iter()
                .flat_map(|&e| (0..words_per_elem).map(move |k| e * words_per_elem + k))
                .collect();
            words.sort_unstable();
            words.dedup();
            for w in words {
                per_bank[(w % 32) as usize] += 1;
            }
            per_bank.into_iter().max().unwrap_or(1)
        })
        .sum()
}

/// The thread mappings a pass goes through: load, every later sub-stage, store.
fn pass_mappings(pass: &FusedPass) -> Vec<Mapping> {
    let mut maps = vec![Mapping::new(pass, stage_regs(pass, 0), false)];
    for s in 1..pass.substages.len() {
        maps.push(Mapping::new(pass, stage_regs(pass, s), false));
    }
    let store = store_mapping(pass);
    let last = maps.last().expect("a load mapping");
    if store.threads != last.threads || store.regs != last.regs {
        maps.push(store);
    }
    maps
}

/// Bank-conflict cost of all exchanges of a pass (first warp, every register) under a swizzle.
fn exchange_cost(pass: &FusedPass, swizzle: Swizzle) -> u64 {
    let p = pass.p as u64;
    let layout = LocalLayout::new(pass);
    let words = match (pass.precision, pass.split_exchange) {
        (Precision::F32, true) => 1,
        (Precision::F32, false) | (Precision::F64, true) => 2,
        (Precision::F64, false) => 4,
    };
    let warp = pass.threads().min(32);
    let maps = pass_mappings(pass);
    let mut cost = 0;
    for pair in maps.windows(2) {
        for m in pair {
            let base: Vec<u64> = (0..warp).map(|t| layout.thread_offset(m, t)).collect();
            for j in 0..pass.regs() {
                let off = layout.reg_offset(m, p, j);
                let elems: Vec<u64> = base.iter().map(|&b| swizzle.apply(b + off)).collect();
                cost += access_cost(&elems, words);
            }
        }
    }
    cost
}

/// The swizzle of a pass: the fewest bank conflicts among identity, padding (one spare
/// element per 32, 16 or 8, if it fits the local budget) and XOR permutations (when the
/// buffer is whole 32-element blocks); a costlier index expression only if strictly better.
fn choose_swizzle(pass: &FusedPass, limits: FusedLimits) -> Swizzle {
    if pass_mappings(pass).len() < 2 {
        return Swizzle::Identity;
    }
    let mut options: Vec<Swizzle> = vec![Swizzle::Pad(5), Swizzle::Pad(4), Swizzle::Pad(3)];
    if pass.local_len() % 32 == 0 {
        options.extend((1..=10).map(|a| Swizzle::Xor(a, None)));
        for a in 1..=9 {
            options.extend((a + 1..=10).map(|b| Swizzle::Xor(a, Some(b))));
        }
    }
    let mut best = (exchange_cost(pass, Swizzle::Identity), Swizzle::Identity);
    for sw in options {
        let mut trial = pass.clone();
        trial.swizzle = sw;
        if trial.local_bytes() > limits.local_bytes {
            continue;
        }
        let c = exchange_cost(pass, sw);
        if c < best.0 {
            best = (c, sw);
        }
    }
    best.1
}

/// The largest tile exponent a pass may use: what the work-group holds in registers
/// (local memory is handled by exchanging in rounds), with p^b values per thread within
/// [`max_values`] and p^(e−b) work-items within the limit.
pub fn max_tile_digits(p: u32, precision: Precision, limits: FusedLimits) -> u32 {
    let digits = |limit: u64| {
        let mut e = 0;
        while (p as u64).pow(e + 1) <= limit {
            e += 1;
        }
        e
    };
    let values = max_values(precision, limits.max_threads);
    (digits(hard_values(precision)) + digits(limits.max_threads))
        .min(digits(limits.max_threads * values))
        .max(1)
}

/// Lane digits that make runs of at least 64 bytes, as far as the tile budget allows.
fn lanes_for(p: u32, m: u32, free: u32, cap_digits: u32, precision: Precision) -> u32 {
    let mut t = 0;
    while t < free && m + t < cap_digits && t < run_lanes(p, precision, 64) {
        t += 1;
    }
    t
}

/// The fewest lane digits whose runs move at least `bytes` contiguous bytes.
fn run_lanes(p: u32, precision: Precision, bytes: u64) -> u32 {
    let mut t = 0;
    while (p as u64).pow(t) * precision.complex_bytes() < bytes {
        t += 1;
    }
    t
}

/// Lane digits of a group of `m` digits starting at digit `start` (in place and staged): none for
/// the first group (its tile is contiguous), else as asked, within the digits below the group.
fn group_lanes(
    p: u32,
    m: u32,
    start: u32,
    lanes: Option<u32>,
    cap: u32,
    precision: Precision,
) -> u32 {
    match (start, lanes) {
        (0, _) => 0,
        (_, Some(t)) => t.min(start),
        (_, None) => lanes_for(p, m, start, cap, precision),
    }
}

/// Digit groups of the in-place layout. The first pass reads and writes contiguous tiles and
/// needs no lanes; every later pass keeps `lanes` lane digits in its tile and so transforms at
/// most `cap_tile − lanes` digits. Fewest passes first, then tiles as even as possible.
/// `cap_m` bounds the digits of any one pass (`--fused-digits`).
pub fn inplace_groups(n: u32, cap_tile: u32, cap_m: u32, lanes: u32) -> Vec<u32> {
    let first = cap_tile.min(cap_m).max(1);
    if n <= first {
        return vec![n];
    }
    let later = cap_tile.saturating_sub(lanes).min(cap_m).max(1);
    let passes = 1 + (n - first).div_ceil(later) as usize;
    let mut m: Vec<u32> = std::iter::once(first)
        .chain(std::iter::repeat_n(later, passes - 1))
        .collect();
    let tile = |m: &[u32], i: usize| m[i] + if i > 0 { lanes } else { 0 };
    let mut slack = m.iter().sum::<u32>() - n;
    while slack > 0 {
        // Shrink the largest tile (the last such on ties).
        let i = (0..passes)
            .filter(|&i| m[i] > 1)
            .max_by_key(|&i| (tile(&m, i), i))
            .unwrap_or(0);
        m[i] -= 1;
        slack -= 1;
    }
    m
}

/// Lane digits for the in-place layout when none are asked for: runs of at least 32 bytes
/// (the minimum), and up to 64 bytes where that costs no extra pass.
pub fn auto_inplace_lanes(p: u32, n: u32, cap_tile: u32, cap_m: u32, precision: Precision) -> u32 {
    let top = cap_tile.saturating_sub(1);
    let lo = run_lanes(p, precision, 32).min(top);
    let hi = run_lanes(p, precision, 64).min(top).max(lo);
    let passes = inplace_groups(n, cap_tile, cap_m, lo).len();
    (lo..=hi)
        .rev()
        .find(|&l| inplace_groups(n, cap_tile, cap_m, l).len() == passes)
        .unwrap_or(lo)
}

/// Balanced digit groups: ⌈n / cap⌉ passes.
pub fn balanced_groups(n: u32, cap: u32) -> Vec<u32> {
    let passes = n.div_ceil(cap.max(1));
    (0..passes)
        .map(|i| n / passes + u32::from(i < n % passes))
        .collect()
}

/// What every pass of a schedule shares.
struct PassCommon {
    p: u32,
    n: u32,
    precision: Precision,
    direction: Direction,
    scale: Option<f64>,
    wide_index: bool,
}

impl PassCommon {
    /// A pass before `finish_pass` chooses its registers, sub-stages and exchanges.
    fn pass(
        &self,
        layout: Layout,
        m: u32,
        t: u32,
        tile: Vec<TileDigit>,
        wg: Vec<(u32, u32)>,
        index: usize,
    ) -> FusedPass {
        FusedPass {
            p: self.p,
            n: self.n,
            layout,
            m,
            t,
            tile,
            wg,
            b: 0,
            substages: Vec::new(),
            precision: self.precision,
            direction: self.direction,
            scale: self.scale,
            wide_index: self.wide_index,
            split_exchange: false,
            resident: Vec::new(),
            swizzle: Swizzle::Identity,
            index,
        }
    }
}

/// The rotate-layout schedule: each pass transforms the lowest digits and rotates them up.
#[allow(clippy::too_many_arguments)]
pub fn rotate_schedule(
    p: u32,
    n: u32,
    groups: &[u32],
    lanes: Option<u32>,
    precision: Precision,
    direction: Direction,
    scale: f64,
    limits: FusedLimits,
) -> Vec<FusedPass> {
    let cap = max_tile_digits(p, precision, limits);
    let wide = (p as f64).powi(n as i32) > u32::MAX as f64;
    let mut out = Vec::new();
    for (idx, &m) in groups.iter().enumerate() {
        let t = match lanes {
            Some(t) => t.min(n - m).min(cap.saturating_sub(m)),
            None => lanes_for(p, m, n - m, cap, precision),
        };
        let mut tile = Vec::new();
        for i in 0..m {
            tile.push(TileDigit {
                in_pos: i,
                out_pos: n - m + i,
                transformed: true,
            });
        }
        for i in m..m + t {
            tile.push(TileDigit {
                in_pos: i,
                out_pos: i - m,
                transformed: false,
            });
        }
        let wg = (0..n - m - t).map(|k| (m + t + k, t + k)).collect();
        let last = idx + 1 == groups.len();
        let common = PassCommon {
            p,
            n,
            precision,
            direction,
            scale: (last && scale != 1.0).then_some(scale),
            wide_index: wide,
        };
        out.push(finish_pass(
            common.pass(Layout::Rotate, m, t, tile, wg, idx),
            limits,
        ));
    }
    out
}

/// The in-place schedule: groups from the lowest digit up, lanes below every group but the first.
#[allow(clippy::too_many_arguments)]
pub fn inplace_schedule(
    p: u32,
    n: u32,
    groups: &[u32],
    lanes: Option<u32>,
    precision: Precision,
    direction: Direction,
    scale: f64,
    limits: FusedLimits,
) -> Vec<FusedPass> {
    let cap = max_tile_digits(p, precision, limits);
    let wide = (p as f64).powi(n as i32) > u32::MAX as f64;
    let mut out = Vec::new();
    let mut k = 0;
    for (idx, &m) in groups.iter().enumerate() {
        let t = group_lanes(p, m, k, lanes, cap, precision);
        let mut tile: Vec<TileDigit> = (0..t)
            .map(|i| TileDigit {
                in_pos: i,
                out_pos: i,
                transformed: false,
            })
            .collect();
        tile.extend((k..k + m).map(|i| TileDigit {
            in_pos: i,
            out_pos: i,
            transformed: true,
        }));
        let wg = (t..k).chain(k + m..n).map(|i| (i, i)).collect();
        let last = idx + 1 == groups.len();
        let common = PassCommon {
            p,
            n,
            precision,
            direction,
            scale: (last && scale != 1.0).then_some(scale),
            wide_index: wide,
        };
        out.push(finish_pass(
            common.pass(Layout::Inplace, m, t, tile, wg, idx),
            limits,
        ));
        k += m;
    }
    out
}

/// The staged schedule: in-place digit groups, but pass i reads layout L_i and writes L_(i+1),
/// where L_0 and L_k are natural order and L_i (0 < i < k) puts pass i's tile at the bottom:
/// its lane digits, then its transformed digits, then every other digit in natural order.
/// Reads are whole contiguous tiles; a write moves runs of p^t (the next pass's lanes, which
/// are low digits of this pass's tile). Work-group digits are ordered by output position, so
/// work-groups that run together write neighbouring runs (whole sectors meet in L2).
#[allow(clippy::too_many_arguments)]
pub fn staged_schedule(
    p: u32,
    n: u32,
    groups: &[u32],
    lanes: Option<u32>,
    precision: Precision,
    direction: Direction,
    scale: f64,
    limits: FusedLimits,
) -> Vec<FusedPass> {
    let cap = max_tile_digits(p, precision, limits);
    let wide = (p as f64).powi(n as i32) > u32::MAX as f64;
    let starts: Vec<u32> = groups
        .iter()
        .scan(0, |k, &m| {
            let s = *k;
            *k += m;
            Some(s)
        })
        .collect();
    let lanes_of = |i: usize| group_lanes(p, groups[i], starts[i], lanes, cap, precision);
    // Tile digits of pass i, lanes first: also the bottom of the layout pass i reads.
    let tile_digits = |i: usize| -> Vec<u32> {
        (0..lanes_of(i))
            .chain(starts[i]..starts[i] + groups[i])
            .collect()
    };
    let layout = |i: usize| -> Vec<u32> {
        if i == 0 || i == groups.len() {
            return (0..n).collect();
        }
        let bottom = tile_digits(i);
        let rest = (0..n).filter(|d| !bottom.contains(d));
        bottom.iter().copied().chain(rest).collect()
    };
    let pos = |order: &[u32], d: u32| order.iter().position(|&x| x == d).unwrap_or(0) as u32;
    let mut out = Vec::new();
    for (idx, &m) in groups.iter().enumerate() {
        let (src, dst) = (layout(idx), layout(idx + 1));
        let group = starts[idx]..starts[idx] + m;
        let tile: Vec<TileDigit> = tile_digits(idx)
            .into_iter()
            .map(|d| TileDigit {
                in_pos: pos(&src, d),
                out_pos: pos(&dst, d),
                transformed: group.contains(&d),
            })
            .collect();
        let in_tile = tile_digits(idx);
        let mut wg: Vec<(u32, u32)> = (0..n)
            .filter(|d| !in_tile.contains(d))
            .map(|d| (pos(&src, d), pos(&dst, d)))
            .collect();
        wg.sort_by_key(|&(_, o)| o);
        let last = idx + 1 == groups.len();
        let common = PassCommon {
            p,
            n,
            precision,
            direction,
            scale: (last && scale != 1.0).then_some(scale),
            wide_index: wide,
        };
        out.push(finish_pass(
            common.pass(Layout::Staged, m, lanes_of(idx), tile, wg, idx),
            limits,
        ));
    }
    out
}

/// Σ over runs of digits: `((x / p^a) % p^len) * weight` terms for digits of x placed at
/// the given weights (consecutive digits with consecutive weights are merged into one term).
fn spread(x: &str, p: u64, weights: &[u64]) -> String {
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

/// A thread ↔ tile assignment: register digits R (j's digits) and thread digits T (t's).
struct Mapping {
    regs: Vec<usize>,
    threads: Vec<usize>,
}

impl Mapping {
    fn new(pass: &FusedPass, regs: Vec<usize>, order_by_out: bool) -> Mapping {
        let mut threads: Vec<usize> = (0..pass.tile.len()).filter(|i| !regs.contains(i)).collect();
        if order_by_out {
            threads.sort_by_key(|&i| pass.tile[i].out_pos);
        } else {
            threads.sort_by_key(|&i| pass.tile[i].in_pos);
        }
        Mapping { regs, threads }
    }
    /// Tile digit values of register j.
    fn j_digits(&self, p: u64, j: u64) -> Vec<(usize, u64)> {
        let mut v = Vec::new();
        let mut x = j;
        for &d in &self.regs {
            v.push((d, x % p));
            x /= p;
        }
        v
    }
}

fn pw(p: u64, e: u32) -> u64 {
    p.pow(e)
}

/// Register digits for sub-stage s: its transformed digits, topped up with the highest other
/// tile digits so that every sub-stage holds exactly b digits.
fn stage_regs(pass: &FusedPass, s: usize) -> Vec<usize> {
    // Resident digits come first in every mapping, so a register holds the same resident
    // value in all of them and a round never overwrites a register it has yet to write.
    let mut regs = pass.resident.clone();
    regs.extend(
        pass.substages[s]
            .iter()
            .filter(|d| !pass.resident.contains(d)),
    );
    let mut others: Vec<usize> = (0..pass.tile.len()).filter(|i| !regs.contains(i)).collect();
    others.sort_by_key(|&i| std::cmp::Reverse(pass.tile[i].in_pos));
    for d in others {
        if regs.len() as u32 >= pass.b {
            break;
        }
        regs.push(d);
    }
    regs
}

/// Store mapping: registers hold the b digits with the highest output positions, so the
/// threads (ordered by output position) cover the lowest ones and write contiguous runs.
fn store_mapping(pass: &FusedPass) -> Mapping {
    let mut by_out: Vec<usize> = (0..pass.tile.len())
        .filter(|i| !pass.resident.contains(i))
        .collect();
    by_out.sort_by_key(|&i| std::cmp::Reverse(pass.tile[i].out_pos));
    let mut top: Vec<usize> = by_out
        .iter()
        .take(pass.b as usize - pass.resident.len())
        .copied()
        .collect();
    top.sort_by_key(|&i| pass.tile[i].out_pos);
    let mut store_regs: Vec<usize> = pass.resident.clone();
    store_regs.extend(top);
    Mapping::new(pass, store_regs, true)
}

/// Element weights of the local exchange buffer: tile digits in order, resident digits
/// weighing nothing (a round holds one value of them).
struct LocalLayout {
    weight: Vec<u64>,
    p: u64,
}

impl LocalLayout {
    fn new(pass: &FusedPass) -> LocalLayout {
        let p = pass.p as u64;
        let mut weight = vec![0u64; pass.tile.len()];
        let mut acc = 1;
        for (d, wgt) in weight.iter_mut().enumerate() {
            if !pass.resident.contains(&d) {
                *wgt = acc;
                acc *= p;
            }
        }
        LocalLayout { weight, p }
    }
    /// Weights of a mapping's thread digits (for `spread`).
    fn thread_weights(&self, m: &Mapping) -> Vec<u64> {
        m.threads.iter().map(|&d| self.weight[d]).collect()
    }
    /// Local element offset of work-item t's part of the tile.
    fn thread_offset(&self, m: &Mapping, t: u64) -> u64 {
        let mut x = t;
        let mut off = 0;
        for w in self.thread_weights(m) {
            off += (x % self.p) * w;
            x /= self.p;
        }
        off
    }
    /// Local element offset of register j (resident digits excluded).
    fn reg_offset(&self, m: &Mapping, p: u64, j: u64) -> u64 {
        m.j_digits(p, j)
            .iter()
            .map(|&(d, v)| v * self.weight[d])
            .sum()
    }
}

/// Generates the program of a fused schedule.
pub fn generate(passes: &[FusedPass]) -> GeneratedProgram {
    let mut w = Writer::new();
    let first = &passes[0];
    let f64p = first.precision == Precision::F64;
    w.comment(format!(
        "jitfft generated program: Vilenkin-Chrestenson transform ({}), p = {}, n = {}, fused passes\n\
         of {} digits; each work-group transforms a tile in registers and local memory.",
        first.direction,
        first.p,
        first.n,
        passes.iter().map(|p| p.m.to_string()).collect::<Vec<_>>().join("+")
    ));
    crate::clgen::complex_preamble(&mut w, f64p, first.wide_index);
    let mut kernels = Vec::new();
    for pass in passes {
        w.blank();
        emit_pass(&mut w, pass);
        kernels.push((pass.name(), w.take_counts()));
    }
    GeneratedProgram {
        source: w.finish(),
        kernels,
    }
}

fn emit_pass(w: &mut Writer, pass: &FusedPass) {
    let p = pass.p as u64;
    let f64p = pass.precision == Precision::F64;
    let bregs = pass.regs();
    let threads = pass.threads();
    let e = pass.tile_len();
    let tdigits: Vec<String> = pass
        .tile
        .iter()
        .map(|d| format!("{}{}", if d.transformed { "x" } else { "lane" }, d.in_pos))
        .collect();
    w.comment(format!(
        "{}: fused pass {} of the VC transform, p = {}, N = {}^{}.\n\
         Transforms {} digit(s) ({} layout) of a tile of {} elements (digits at input positions {}), {} lane digit(s);\n\
         {} work-items x {} registers each; {} sub-stage(s) of p-point codelets, exchanged through\n\
         local memory{}.{}",
        pass.name(),
        pass.index,
        pass.p,
        pass.p,
        pass.n,
        pass.m,
        match pass.layout {
            Layout::Rotate => "rotate: transformed digits move to the top, lanes to the bottom",
            Layout::Inplace => "in place",
            Layout::Staged => "staged: read as one block, lane runs written",
        },
        e,
        tdigits.join(" "),
        pass.t,
        threads,
        bregs,
        pass.substages.len(),
        match (pass.split_exchange, pass.swizzle) {
            (false, Swizzle::Identity) => String::new(),
            (true, Swizzle::Identity) => " in real/imaginary halves".into(),
            (split, sw) => format!(
                "{}, element x stored at {} (fewer bank conflicts)",
                if split { " in real/imaginary halves" } else { "" },
                sw.expr("x")
            ),
        },
        pass.scale.map(|s| format!("\nOutputs are scaled by {s:e}.")).unwrap_or_default()
    ));
    w.line(format!(
        "__kernel __attribute__((reqd_work_group_size({threads}, 1, 1)))"
    ));
    w.open(format!(
        "void {}(__global const real2 *restrict src, __global real2 *restrict dst)",
        pass.name()
    ));
    let xs: Vec<String> = (0..bregs).map(|j| format!("v{j}")).collect();
    w.line(format!(
        "__local real{} tile[{}];",
        if pass.split_exchange { "" } else { "2" },
        pass.local_words()
    ));
    w.line("const uint t = get_local_id(0);");
    w.line(format!(
        "const idx_t g = get_group_id(0) + get_global_offset(0) / {threads};"
    ));
    let in_w: Vec<u64> = pass.wg.iter().map(|&(i, _)| pw(p, i)).collect();
    let out_w: Vec<u64> = pass.wg.iter().map(|&(_, o)| pw(p, o)).collect();
    w.line(format!("const idx_t in_base = {};", spread("g", p, &in_w)));
    w.line(format!(
        "const idx_t out_base = {};",
        spread("g", p, &out_w)
    ));
    w.line(format!("real2 {};", xs.join(", ")));

    let nsub = pass.substages.len();
    // Load (sub-stage 0), each later sub-stage, and the store mapping where it differs (the
    // last sub-stage usually holds low digits, so that costs one more exchange).
    let maps = pass_mappings(pass);
    let load = &maps[0];
    // load: register j ← src[in_base + f(t) + const(j)]
    let tw_in: Vec<u64> = load
        .threads
        .iter()
        .map(|&d| pw(p, pass.tile[d].in_pos))
        .collect();
    w.line(format!("const idx_t t_in = {};", spread("t", p, &tw_in)));
    for j in 0..bregs {
        let c: u64 = load
            .j_digits(p, j)
            .iter()
            .map(|&(d, v)| v * pw(p, pass.tile[d].in_pos))
            .sum();
        w.line(format!("{} = src[in_base + t_in + {c}];", xs[j as usize]));
    }
    w.note(OpCounts {
        global_loads: bregs,
        ..Default::default()
    });
    for s in 0..nsub {
        if s > 0 {
            exchange(w, pass, &maps[s - 1], &maps[s], &xs);
        }
        let cur = &maps[s];
        // transform each digit of this sub-stage along the register index
        for &d in &pass.substages[s] {
            let q = cur
                .regs
                .iter()
                .position(|&r| r == d)
                .expect("sub-stage digit in registers") as u32;
            let stride = pw(p, q);
            for base in 0..bregs {
                if (base / stride) % p != 0 {
                    continue;
                }
                let vars: Vec<String> = (0..p)
                    .map(|v| xs[(base + v * stride) as usize].clone())
                    .collect();
                small_dft::emit_dft(w, p, &vars, pass.direction == Direction::Inverse, f64p);
            }
        }
    }
    if maps.len() > nsub {
        exchange(w, pass, &maps[nsub - 1], &maps[nsub], &xs);
    }
    let store = &maps[maps.len() - 1];
    let tw_out: Vec<u64> = store
        .threads
        .iter()
        .map(|&d| pw(p, pass.tile[d].out_pos))
        .collect();
    w.line(format!("const idx_t t_out = {};", spread("t", p, &tw_out)));
    for j in 0..bregs {
        let c: u64 = store
            .j_digits(p, j)
            .iter()
            .map(|&(d, v)| v * pw(p, pass.tile[d].out_pos))
            .sum();
        let val = match pass.scale {
            Some(s) => format!("{} * {}", xs[j as usize], real_literal(s, f64p)),
            None => xs[j as usize].clone(),
        };
        w.line(format!("dst[out_base + t_out + {c}] = {val};"));
    }
    w.note(OpCounts {
        global_stores: bregs,
        real_mul: if pass.scale.is_some() { 2 * bregs } else { 0 },
        ..Default::default()
    });
    w.close();
}

/// Moves the tile from one thread mapping to another through local memory. With resident
/// digits, one round per value of those digits moves the registers holding that value; the
/// local index then leaves the resident digits out.
fn exchange(w: &mut Writer, pass: &FusedPass, from: &Mapping, to: &Mapping, xs: &[String]) {
    let p = pass.p as u64;
    let layout = LocalLayout::new(pass);
    let idx = |m: &Mapping, w: &mut Writer, name: &str| {
        w.line(format!(
            "const uint {name} = {};",
            spread("t", p, &layout.thread_weights(m))
        ));
    };
    let at = |base: &str, off: u64| pass.swizzle.expr(&format!("{base} + {off}"));
    let round_of = |m: &Mapping, j: u64| -> u64 {
        m.j_digits(p, j)
            .iter()
            .filter(|(d, _)| pass.resident.contains(d))
            .map(|&(d, v)| {
                v * pw(
                    p,
                    pass.resident.iter().position(|&r| r == d).unwrap_or(0) as u32,
                )
            })
            .sum()
    };
    let rounds = pw(p, pass.resident.len() as u32);
    w.open("");
    idx(from, w, "lw");
    idx(to, w, "lr");
    let halves: &[&str] = if pass.split_exchange {
        &[".x", ".y"]
    } else {
        &[""]
    };
    for round in 0..rounds {
        for h in halves {
            for (j, x) in xs.iter().enumerate() {
                if round_of(from, j as u64) == round {
                    let off = layout.reg_offset(from, p, j as u64);
                    w.line(format!("tile[{}] = {x}{h};", at("lw", off)));
                }
            }
            w.line("barrier(CLK_LOCAL_MEM_FENCE);");
            for (j, x) in xs.iter().enumerate() {
                if round_of(to, j as u64) == round {
                    let off = layout.reg_offset(to, p, j as u64);
                    w.line(format!("{x}{h} = tile[{}];", at("lr", off)));
                }
            }
            w.line("barrier(CLK_LOCAL_MEM_FENCE);");
        }
    }
    w.close();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// NVIDIA's OpenCL: 48 KB of local memory, 256 work-items reported per kernel.
    const NVIDIA_LIMITS: FusedLimits = FusedLimits {
        local_bytes: 48 * 1024,
        max_threads: 256,
        values: None,
    };

    #[test]
    fn spread_merges_runs() {
        assert_eq!(spread("t", 3, &[1, 3, 9]), "t");
        assert_eq!(spread("t", 3, &[1, 3, 81]), "(t % 9) + (t / 9) * 81");
        assert_eq!(spread("t", 2, &[]), "0");
    }

    #[test]
    fn groups_and_lanes() {
        assert_eq!(balanced_groups(16, 8), vec![8, 8]);
        assert_eq!(balanced_groups(13, 6), vec![5, 4, 4]);
        let limits = FusedLimits {
            local_bytes: 48 * 1024,
            max_threads: 1024,
            values: None,
        };
        // The tile is bounded by registers (1024 threads × 32 values); local memory by rounds.
        assert_eq!(max_tile_digits(3, Precision::F32, limits), 9);
        assert_eq!(max_tile_digits(2, Precision::F64, limits), 14);
        let s = rotate_schedule(
            2,
            28,
            &balanced_groups(28, 13),
            None,
            Precision::F32,
            Direction::Forward,
            1.0,
            limits,
        );
        assert_eq!(
            s.iter().map(|p| (p.m, p.t)).collect::<Vec<_>>(),
            vec![(10, 3), (9, 3), (9, 3)]
        );
        assert!(s
            .iter()
            .all(|p| p.threads() <= 1024 && p.resident.is_empty()));
        // A 3^9 tile (8 digits + 1 lane) needs one resident digit: 3 rounds of 6561 floats.
        let s = inplace_schedule(
            3,
            16,
            &[8, 8],
            Some(1),
            Precision::F32,
            Direction::Forward,
            1.0,
            limits,
        );
        assert_eq!(
            (s[1].tile_len(), s[1].resident.len(), s[1].local_len()),
            (19683, 1, 6561)
        );
        assert!(s[1].local_bytes() <= 48 * 1024);
    }

    /// Follows every natural digit through a schedule's memory layouts: each is transformed
    /// exactly once and the result is in natural order.
    fn follow_digits(passes: &[FusedPass]) {
        let n = passes[0].n as usize;
        let mut at: Vec<usize> = (0..n).collect(); // at[memory position] = natural digit
        let mut done = vec![0; n];
        for pass in passes {
            let mut next = vec![usize::MAX; n];
            for d in &pass.tile {
                let digit = at[d.in_pos as usize];
                done[digit] += d.transformed as u32;
                next[d.out_pos as usize] = digit;
            }
            for &(i, o) in &pass.wg {
                next[o as usize] = at[i as usize];
            }
            at = next;
        }
        assert_eq!(at, (0..n).collect::<Vec<_>>(), "natural order at the end");
        assert!(done.iter().all(|&c| c == 1), "each digit once: {done:?}");
    }

    #[test]
    fn staged_passes_read_whole_tiles_and_end_in_natural_order() {
        for (p, n, cap, lanes) in [(3, 16, 9, 2), (4, 13, 7, 1), (2, 28, 14, 3), (5, 7, 3, 1)] {
            let groups = inplace_groups(n, cap, cap, lanes);
            let limits = NVIDIA_LIMITS;
            let passes = staged_schedule(
                p,
                n,
                &groups,
                Some(lanes),
                Precision::F32,
                Direction::Forward,
                1.0,
                limits,
            );
            assert_eq!(passes.len(), groups.len());
            follow_digits(&passes);
            for (i, pass) in passes.iter().enumerate() {
                // The tile is the bottom of what the pass reads: one contiguous block.
                let mut ins: Vec<u32> = pass.tile.iter().map(|d| d.in_pos).collect();
                ins.sort_unstable();
                assert_eq!(ins, (0..pass.tile.len() as u32).collect::<Vec<_>>());
                // Writes: runs of p^lanes (the next pass's lanes, or natural order's).
                let run = pass.tile.iter().filter(|d| d.out_pos < lanes).count() as u32;
                assert_eq!(run, lanes.min(pass.tile.len() as u32), "pass {i}");
            }
            follow_digits(&inplace_schedule(
                p,
                n,
                &groups,
                Some(lanes),
                Precision::F32,
                Direction::Forward,
                1.0,
                limits,
            ));
        }
    }

    #[test]
    fn rounds_take_the_whole_budget_where_they_fit() {
        // 4^7 under 48 KB: one resident digit, 4096-element rounds of float2 (32 KB) fit.
        let limits = NVIDIA_LIMITS;
        let s = inplace_schedule(
            4,
            13,
            &[7, 6],
            Some(1),
            Precision::F32,
            Direction::Forward,
            1.0,
            limits,
        );
        assert_eq!(s[0].resident.len(), 1);
        assert!(!s[0].split_exchange);
        assert!(s[0].local_bytes() <= limits.local_bytes);
        // 3^9: 6561-element rounds of float2 (52 KB) do not: halves.
        let s = inplace_schedule(
            3,
            16,
            &[9, 7],
            Some(2),
            Precision::F32,
            Direction::Forward,
            1.0,
            limits,
        );
        assert!(s[0].split_exchange);
        assert!(s[0].local_bytes() <= limits.local_bytes);
    }

    #[test]
    fn values_per_work_item_set_the_register_digits() {
        let mut limits = NVIDIA_LIMITS;
        let b = |limits| {
            inplace_schedule(
                3,
                12,
                &[7, 5],
                Some(2),
                Precision::F32,
                Direction::Forward,
                1.0,
                limits,
            )[0]
            .b
        };
        assert_eq!(b(limits), 3);
        limits.values = Some(8);
        assert_eq!(b(limits), 2);
        // Never beyond the work-group limit: 3^7 / 3^1 = 729 work-items > 256.
        limits.values = Some(3);
        assert_eq!(b(limits), 2);
    }

    #[test]
    fn inplace_groups_leave_room_for_lanes() {
        // The first pass needs no lanes; later ones transform cap − lanes digits.
        assert_eq!(inplace_groups(16, 9, 9, 2), vec![9, 7]);
        assert_eq!(inplace_groups(13, 7, 7, 1), vec![7, 6]);
        assert_eq!(inplace_groups(5, 9, 9, 2), vec![5]);
        // Slack goes off the largest tiles: 2^28, tiles of ≤ 14 digits, 3 lanes.
        let g = inplace_groups(28, 14, 14, 3);
        assert_eq!(g.iter().sum::<u32>(), 28);
        assert_eq!(g.len(), 3);
        assert!(g
            .iter()
            .enumerate()
            .all(|(i, &m)| m + 3 * (i > 0) as u32 <= 14));
        // --fused-digits bounds every pass.
        assert_eq!(inplace_groups(12, 9, 4, 2), vec![4, 4, 4]);
    }

    #[test]
    fn nvidia_limit_keeps_two_pass_tiles() {
        // 256 work-items: threads hold up to 81 values, so 3^16 and 4^13 still take 2 passes.
        let limits = NVIDIA_LIMITS;
        assert_eq!(max_tile_digits(3, Precision::F32, limits), 9);
        assert_eq!(max_tile_digits(4, Precision::F32, limits), 7);
        assert_eq!(auto_inplace_lanes(3, 16, 9, 9, Precision::F32), 2);
        assert_eq!(auto_inplace_lanes(4, 13, 7, 7, Precision::F32), 1);
        let s = inplace_schedule(
            3,
            16,
            &inplace_groups(16, 9, 9, 2),
            Some(2),
            Precision::F32,
            Direction::Forward,
            1.0,
            limits,
        );
        assert!(s.iter().all(|f| f.threads() <= 256 && f.regs() <= 85));
        assert_eq!(
            s.iter().map(|f| (f.m, f.t, f.b)).collect::<Vec<_>>(),
            [(9, 0, 4), (7, 2, 4)]
        );
        // 1024 work-items: the tiles are as before (32 values per thread).
        let wide = FusedLimits {
            max_threads: 1024,
            values: None,
            ..limits
        };
        for (p, e) in [(2, 15), (3, 9), (4, 7), (5, 6), (7, 5), (16, 3)] {
            assert_eq!(max_tile_digits(p, Precision::F32, wide), e, "p = {p}");
        }
    }

    #[test]
    fn swizzles_spread_power_of_two_strides() {
        // 4^13 under 256 work-items: the first pass's exchanges stride by powers of 4, so
        // without padding the warps collide in a few banks; padding cuts the conflict passes
        // by more than 3×. Odd p needs none.
        let limits = NVIDIA_LIMITS;
        let s = inplace_schedule(
            4,
            13,
            &[7, 6],
            Some(1),
            Precision::F32,
            Direction::Forward,
            1.0,
            limits,
        );
        let sw = s[0].swizzle;
        assert_ne!(sw, Swizzle::Identity);
        assert!(4 * exchange_cost(&s[0], sw) < exchange_cost(&s[0], Swizzle::Identity));
        assert!(s.iter().all(|f| f.local_bytes() <= limits.local_bytes));
        let s = inplace_schedule(
            3,
            16,
            &[9, 7],
            Some(2),
            Precision::F32,
            Direction::Forward,
            1.0,
            limits,
        );
        assert!(s.iter().all(|f| f.swizzle == Swizzle::Identity));
        // One access: a warp writing at stride 16 floats hits 2 banks (16 passes); stride 1
        // hits 32 (1 pass).
        let strided: Vec<u64> = (0..32).map(|t| 16 * t).collect();
        assert_eq!(access_cost(&strided, 1), 16);
        assert_eq!(access_cost(&(0..32).collect::<Vec<_>>(), 1), 1);
        assert_eq!(
            access_cost(
                &strided
                    .iter()
                    .map(|&x| Swizzle::Pad(4).apply(x))
                    .collect::<Vec<_>>(),
                1
            ),
            1
        );
    }

    #[test]
    fn swizzles_are_permutations() {
        for sw in [
            Swizzle::Xor(1, None),
            Swizzle::Xor(4, None),
            Swizzle::Xor(3, Some(4)),
            Swizzle::Xor(1, Some(10)),
        ] {
            let mut img: Vec<u64> = (0..4096).map(|x| sw.apply(x)).collect();
            img.sort_unstable();
            assert_eq!(img, (0..4096).collect::<Vec<_>>(), "{sw:?}");
        }
    }

    #[test]
    fn swizzled_indices_stay_in_the_buffer() {
        let limits = NVIDIA_LIMITS;
        for (p, n, g, l) in [
            (4, 13, vec![7, 6], 1),
            (2, 28, vec![10, 9, 9], 3),
            (2, 20, vec![12, 8], 3),
        ] {
            for f in inplace_schedule(
                p,
                n,
                &g,
                Some(l),
                Precision::F32,
                Direction::Forward,
                1.0,
                limits,
            ) {
                let top = (0..f.local_len())
                    .map(|x| f.swizzle.apply(x))
                    .max()
                    .unwrap_or(0);
                assert!(
                    top < f.local_words(),
                    "{:?}: {top} ≥ {}",
                    f.swizzle,
                    f.local_words()
                );
            }
        }
    }
}
