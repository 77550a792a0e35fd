//! How a plan runs: the ordered launches of its variant, their geometry and buffers, and the
//! index tables (split-radix block offsets, output permutation) the host prepares.

use super::plan::{NttPlan, Variant};
use serde::Serialize;

/// Work-items per work-group for element-wise and butterfly kernels.
pub const LOCAL: usize = 256;
/// Work-items a regs-kernel work-group aims at (small radices take several columns).
pub const REGS_ITEMS: usize = 128;
/// Local memory a fused pass may use (fits NVIDIA's 48 KB with room for the compiler).
pub const LOCAL_BUDGET: usize = 32 * 1024;

/// One of the two device arrays a pass reads or writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Buf {
    /// The input array (the host uploads into it).
    A,
    /// The second array (radix2's working array and the usual result).
    B,
}

/// One Stockham pass of the fused variant: radix 2^r over span 2^span_log.
#[derive(Debug, Clone, Serialize)]
pub struct FusedPass {
    /// Position of this pass among the fused passes (0 first).
    pub index: usize,
    /// Radix exponent: the pass does radix-2^r butterflies (r ≤ 10).
    pub r: u32,
    /// log2 of the span: the size of the sub-transforms earlier passes completed (the sum of
    /// their r; 0 for the first pass).
    pub span_log: u32,
    /// Consecutive columns (independent radix-2^r DFTs) per work-group.
    pub cols: usize,
    /// Work-items per work-group.
    pub wg: usize,
    /// First pass: converts into Montgomery form as it loads (stages kernel only).
    pub first: bool,
    /// Last pass: applies the inverse's N⁻¹ and reduces below p as it stores (the stages kernel
    /// also converts out of Montgomery form).
    pub last: bool,
    /// Regs kernel: points per work-item per exchange (2^e, at most 2^r).
    pub elems: usize,
    /// Regs kernel: the r radix-2 stages in groups done in registers between exchanges
    /// (the first group needs no twiddle table, the others one load per butterfly column).
    pub groups: Vec<u32>,
    /// Regs kernel: work-items the pass needs per work-group (cols · 2^r / elems); the
    /// work-group's `wg` items loop over them.
    pub virt: usize,
}

/// What one launch does; the kernel argument list depends on it.
#[derive(Debug, Clone, Serialize)]
pub enum PassKind {
    /// radix2: A → B, bit-reversed, into Montgomery form.
    Bitrev,
    /// radix2: one DIT stage in place on B.
    Radix2Stage {
        /// The stage, 0 first.
        stage: u32,
    },
    /// radix2: B out of Montgomery form (× N⁻¹ for the inverse).
    FromMont,
    /// split28: A into Montgomery form in place.
    ToMont,
    /// split28: the 2/8 butterflies of every block of size 2^m_log (offsets[first..first+blocks]).
    Split {
        /// log2 of the block size.
        m_log: u32,
        /// Index of the first of these blocks in `Schedule::offsets`.
        first: usize,
        /// Number of blocks of this size.
        blocks: usize,
    },
    /// split28: 4-point DFTs of the size-4 blocks.
    Base4 {
        /// Index of the first size-4 block in `Schedule::offsets`.
        first: usize,
        /// Number of size-4 blocks.
        blocks: usize,
    },
    /// split28: 2-point DFTs of the size-2 blocks.
    Base2 {
        /// Index of the first size-2 block in `Schedule::offsets`.
        first: usize,
        /// Number of size-2 blocks.
        blocks: usize,
    },
    /// split28: A → B in natural order, out of Montgomery form (× N⁻¹ for the inverse).
    Permute,
    /// fused: one Stockham pass src → dst.
    Fused(FusedPass),
}

/// One kernel launch of a schedule.
#[derive(Debug, Clone, Serialize)]
pub struct Pass {
    /// Name of the kernel function in the generated program.
    pub kernel: String,
    /// What the launch computes.
    pub kind: PassKind,
    /// Array the launch reads.
    pub src: Buf,
    /// Array the launch writes (equal to `src` for in-place passes).
    pub dst: Buf,
    /// Work-items and work-group size.
    pub global: usize,
    /// Work-group size.
    pub local: usize,
}

/// How a plan runs: its launches in order and the host-side index tables.
#[derive(Debug, Clone, Default)]
pub struct Schedule {
    /// Launches in order.
    pub passes: Vec<Pass>,
    /// Array that holds the result after the last pass; `None` means [`Buf::B`] (see
    /// [`Schedule::result`]).
    pub result: Option<Buf>,
    /// split28: block offsets, all sizes concatenated.
    pub offsets: Vec<u32>,
    /// split28: for each output index k, the position holding X\[k\].
    pub perm: Vec<u32>,
}

impl Schedule {
    /// The schedule of `plan`'s variant (radix2, split28 or fused passes).
    pub fn for_plan(plan: &NttPlan) -> Schedule {
        match plan.variant {
            Variant::Radix2 => radix2(plan),
            Variant::Split28 => split28(plan),
            Variant::Fused => fused(plan),
        }
    }

    /// Array holding the transform after the last pass.
    pub fn result(&self) -> Buf {
        self.result.unwrap_or(Buf::B)
    }

    /// Distinct kernel names in launch order.
    pub fn kernel_names(&self) -> Vec<String> {
        let mut v: Vec<String> = Vec::new();
        for p in &self.passes {
            if !v.contains(&p.kernel) {
                v.push(p.kernel.clone());
            }
        }
        v
    }

    /// The fused passes' radices, e.g. "1024·1024".
    pub fn radices(&self) -> String {
        self.passes
            .iter()
            .filter_map(|p| match &p.kind {
                PassKind::Fused(f) => Some((1u64 << f.r).to_string()),
                PassKind::Radix2Stage { .. } => Some("2".into()),
                PassKind::Split { .. } => Some("2/8".into()),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join("·")
    }
}

fn pass(kernel: &str, kind: PassKind, src: Buf, dst: Buf, global: usize, local: usize) -> Pass {
    Pass {
        kernel: kernel.to_string(),
        kind,
        src,
        dst,
        global,
        local,
    }
}

fn radix2(plan: &NttPlan) -> Schedule {
    let n = plan.n();
    let mut passes = vec![pass(
        "ntt_radix2_bitrev",
        PassKind::Bitrev,
        Buf::A,
        Buf::B,
        n,
        LOCAL,
    )];
    for s in 0..plan.log_n {
        passes.push(pass(
            "ntt_radix2_stage",
            PassKind::Radix2Stage { stage: s },
            Buf::B,
            Buf::B,
            n / 2,
            LOCAL,
        ));
    }
    passes.push(pass(
        "ntt_radix2_from_mont",
        PassKind::FromMont,
        Buf::B,
        Buf::B,
        n,
        LOCAL,
    ));
    Schedule {
        passes,
        result: Some(Buf::B),
        ..Default::default()
    }
}

/// Offsets of the blocks of each size (index m_log) and the output permutation of the
/// radix-2/8 recursion: a block (off, 2^m) holding X[base + stride·k] splits into the even
/// half (off, 2^(m−1), base, 2·stride) and four eighths for X[8k+q], q = 1, 3, 5, 7.
pub fn split28_layout(log_n: u32) -> (Vec<Vec<u32>>, Vec<u32>) {
    let n = 1usize << log_n;
    let mut offsets: Vec<Vec<u32>> = vec![Vec::new(); log_n as usize + 1];
    let mut perm = vec![0u32; n];
    let mut stack = vec![(0usize, log_n, 0usize, 1usize)];
    while let Some((off, m, base, stride)) = stack.pop() {
        offsets[m as usize].push(off as u32);
        if m >= 3 {
            let size = 1usize << m;
            stack.push((off, m - 1, base, 2 * stride));
            for (q, odd) in [1usize, 3, 5, 7].into_iter().enumerate() {
                stack.push((
                    off + size / 2 + q * size / 8,
                    m - 3,
                    base + odd * stride,
                    8 * stride,
                ));
            }
        } else {
            for k in 0..(1usize << m) {
                perm[base + k * stride] = (off + k) as u32;
            }
        }
    }
    for o in offsets.iter_mut() {
        o.sort_unstable();
    }
    (offsets, perm)
}

fn split28(plan: &NttPlan) -> Schedule {
    let n = plan.n();
    let (lists, perm) = split28_layout(plan.log_n);
    let mut offsets = Vec::new();
    let mut passes = vec![pass(
        "ntt_split28_to_mont",
        PassKind::ToMont,
        Buf::A,
        Buf::A,
        n,
        LOCAL,
    )];
    for m in (1..=plan.log_n).rev() {
        let blocks = lists[m as usize].len();
        if blocks == 0 {
            continue;
        }
        let first = offsets.len();
        offsets.extend_from_slice(&lists[m as usize]);
        let (kernel, kind, items) = match m {
            1 => (
                "ntt_split28_base2",
                PassKind::Base2 { first, blocks },
                blocks,
            ),
            2 => (
                "ntt_split28_base4",
                PassKind::Base4 { first, blocks },
                blocks,
            ),
            _ => (
                "ntt_split28_level",
                PassKind::Split {
                    m_log: m,
                    first,
                    blocks,
                },
                blocks << (m - 3),
            ),
        };
        passes.push(pass(kernel, kind, Buf::A, Buf::A, items, LOCAL));
    }
    passes.push(pass(
        "ntt_split28_permute",
        PassKind::Permute,
        Buf::A,
        Buf::B,
        n,
        LOCAL,
    ));
    Schedule {
        passes,
        result: Some(Buf::B),
        offsets,
        perm,
    }
}

/// Radix exponent of each fused pass: at most `r_max` bits, split as evenly as possible.
pub fn fused_radices(log_n: u32, r_max: u32) -> Vec<u32> {
    let passes = log_n.div_ceil(r_max).max(1);
    let base = log_n / passes;
    let extra = log_n % passes;
    (0..passes).map(|i| base + u32::from(i < extra)).collect()
}

/// Largest radix exponent for elements of `bytes` bytes and the columns per work-group.
pub fn fused_limits(bytes: usize) -> (u32, usize) {
    let cols = (32 / bytes).max(1);
    let fit = LOCAL_BUDGET / (bytes * cols);
    let r_max = (usize::BITS - 1 - fit.leading_zeros()).min(10);
    (r_max, cols)
}

/// The r stages of a radix-2^r DFT in groups of at most e (the first group as large as it can).
pub fn stage_groups(r: u32, e: u32) -> Vec<u32> {
    let mut g = vec![e.min(r)];
    let mut left = r - g[0];
    while left > 0 {
        let k = left.min(e);
        g.push(k);
        left -= k;
    }
    g
}

/// The radix exponents of the plan's fused passes (local-memory limit, or `--max-radix`).
pub fn plan_radices(plan: &NttPlan) -> Vec<u32> {
    let (mut r_max, _) = fused_limits(plan.mont.element_bytes());
    if let Some(m) = plan.opts.max_radix_log {
        r_max = r_max.min(m);
    }
    fused_radices(plan.log_n, r_max)
}

fn fused(plan: &NttPlan) -> Schedule {
    let bytes = plan.mont.element_bytes();
    let (_, cols_min) = fused_limits(bytes);
    let radices = plan_radices(plan);
    let count = radices.len();
    let mut span_log = 0;
    let mut passes = Vec::new();
    let (mut src, mut dst) = (Buf::A, Buf::B);
    for (i, &r) in radices.iter().enumerate() {
        let t = plan.n() >> r;
        let mut cols = cols_min.min(t);
        let (wg, elems, groups, virt) = if plan.regs_kernel() {
            let e = plan.opts.elems.trailing_zeros().min(r);
            // Small radices: more columns per work-group, up to REGS_ITEMS work-items (whole
            // warps rather than a few work-items each) as local memory allows.
            while (cols << (r - e)) < REGS_ITEMS
                && 2 * cols <= t
                && ((2 * cols) << r) * bytes <= LOCAL_BUDGET
            {
                cols *= 2;
            }
            let virt = cols << (r - e);
            (virt.min(LOCAL), 1usize << e, stage_groups(r, e), virt)
        } else {
            let wg = (cols << r >> 1).clamp(1, LOCAL);
            (wg, 2, vec![1; r as usize], wg)
        };
        let f = FusedPass {
            index: i,
            r,
            span_log,
            cols,
            wg,
            first: i == 0,
            last: i + 1 == count,
            elems,
            groups,
            virt,
        };
        let name = format!("ntt_fused_pass{i}_r{}", 1u64 << r);
        passes.push(pass(
            &name,
            PassKind::Fused(f),
            src,
            dst,
            (t / cols) * wg,
            wg,
        ));
        span_log += r;
        std::mem::swap(&mut src, &mut dst);
    }
    Schedule {
        passes,
        result: Some(src),
        ..Default::default()
    }
}

/// The largest radix exponent of the plan's fused schedule (the roots table's size is 2^(r_max − 1)).
pub fn plan_r_max(plan: &NttPlan) -> u32 {
    plan_radices(plan).into_iter().max().unwrap_or(1)
}
