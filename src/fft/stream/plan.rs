//! The passes of a streamed n-D FFT and their chunks, sized for the device's memory (or a
//! user's cap) with the footprint rules of an in-memory transform.

use crate::error::{JitError, Result};
use crate::fft::FftPlan;
use crate::runtime::DeviceInfo;
use serde::Serialize;

/// Pipeline slots a pass keeps: chunk k gathered while k−1 and k−2 are on the device (one
/// uploading or computing, one downloading).
pub const SLOTS: usize = 3;

/// Share of the device memory the slots may take (the rest: programs, tables, the driver),
/// as `vc --stream`'s.
const MEMORY_SHARE: f64 = 0.85;

/// What a pass's chunks are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PassKind {
    /// Contiguous slabs `[c, rest…]` of the leading axis, transformed over the later axes.
    Slabs,
    /// Column blocks `[N0, r]` of the `[N0, R]` view, transformed over the leading axis.
    Columns,
}

/// One streamed pass: its chunks and the plans that transform them.
#[derive(Debug, Clone, Serialize)]
pub struct StreamPass {
    /// Slabs or columns.
    pub kind: PassKind,
    /// The axes of the whole array this pass transforms.
    pub axes: Vec<usize>,
    /// Slabs (rows of the leading axis) or columns a chunk holds.
    pub per_chunk: u64,
    /// Slabs (N0) or columns (R) in all.
    pub units: u64,
    /// Chunks of the pass (the last may be shorter).
    pub chunks: u64,
    /// The plan of a whole chunk.
    #[serde(skip)]
    pub plan: FftPlan,
    /// The plan of a shorter last column block (a slab pass pads its last chunk instead: its
    /// rows are independent, so the rows beyond the array are transformed and never read).
    #[serde(skip)]
    pub tail: Option<FftPlan>,
}

impl StreamPass {
    /// Units of chunk `k`.
    pub fn units_of(&self, k: u64) -> u64 {
        self.per_chunk.min(self.units - k * self.per_chunk)
    }
}

/// The device memory a streamed run may use.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// One allocation at most.
    pub max_alloc: u64,
    /// All slots together at most.
    pub total: u64,
    /// A chunk's array at most (`--chunk-mib`).
    pub chunk_cap: Option<u64>,
}

impl Budget {
    /// The budget of `info`'s (possibly capped) memory, with the user's chunk cap.
    pub fn of(info: &DeviceInfo, chunk_cap: Option<u64>) -> Budget {
        Budget {
            max_alloc: info.max_alloc_bytes,
            total: (info.global_mem_bytes as f64 * MEMORY_SHARE) as u64,
            chunk_cap,
        }
    }

    /// Whether `slots` transforms of `plan` fit.
    fn holds(&self, plan: &FftPlan, slots: u64) -> bool {
        let (largest, total) = footprint(plan);
        let data = plan.array_len() * plan.stored_complex_bytes();
        largest <= self.max_alloc
            && total.saturating_mul(slots) <= self.total
            && self.chunk_cap.is_none_or(|c| data <= c)
    }
}

/// (largest buffer, all buffers) of one transform of `plan` as `FftTransform::new` counts
/// them: two arrays and the pinned staging, Bluestein's two work arrays.
pub fn footprint(plan: &FftPlan) -> (u64, u64) {
    let elem = plan.stored_complex_bytes();
    let (data, work) = (plan.array_len() * elem, plan.bluestein_len() * elem);
    (data.max(work), 3 * data + 2 * work)
}

/// How a run streams: through host memory each pass (`--stream`), or overlapped with the
/// array resident on the device between the passes (`--overlap`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Every pass from and back to host memory.
    Stream,
    /// Host data end to end: up once, down once, transfers overlapped with compute.
    Overlap,
}

/// The passes `whole` takes: (kind, axes, units): slabs over its transformed axes among 1..,
/// then column blocks over axis 0 where it is transformed.
fn pass_specs(whole: &FftPlan) -> Vec<(PassKind, Vec<usize>, u64)> {
    let later: Vec<usize> = whole.axes.iter().copied().filter(|&a| a > 0).collect();
    let r: u64 = whole.shape[1..].iter().product();
    let mut out = Vec::new();
    if !later.is_empty() {
        out.push((PassKind::Slabs, later, whole.shape[0]));
    }
    if whole.axes.contains(&0) {
        out.push((PassKind::Columns, vec![0], r));
    }
    out
}

/// The plan of a chunk of `kind` holding `c` units of `whole`.
fn plan_of(whole: &FftPlan, kind: PassKind, c: u64) -> Result<FftPlan> {
    match kind {
        PassKind::Slabs => {
            let shape: Vec<u64> = std::iter::once(c)
                .chain(whole.shape[1..].iter().copied())
                .collect();
            let later: Vec<usize> = whole.axes.iter().copied().filter(|&a| a > 0).collect();
            chunk_plan(whole, &shape, &later)
        }
        PassKind::Columns => chunk_plan(whole, &[whole.shape[0], c], &[0]),
    }
}

/// The streamed passes of `whole`: slabs over its transformed axes among 1.., then column
/// blocks over axis 0 where it is transformed.
///
/// Errors: a 1-D shape, half storage or a packed real plan; a single slab or column that does
/// not fit the budget.
pub fn passes(whole: &FftPlan, budget: &Budget) -> Result<Vec<StreamPass>> {
    refuse(whole, Mode::Stream)?;
    pass_specs(whole)
        .into_iter()
        .map(|(kind, axes, units)| pass(kind, axes, units, budget, &|c| plan_of(whole, kind, c)))
        .collect()
}

/// Refuses what does not run in `mode`, naming what does.
pub fn refuse(whole: &FftPlan, mode: Mode) -> Result<()> {
    if whole.shape.len() < 2 {
        return Err(JitError::invalid(match mode {
            Mode::Stream => format!(
                "a 1-D FFT (shape {:?}) does not stream: its one axis would need a four-step split (the line as a matrix, twiddles between its two passes), which jitfft does not build; run it in memory",
                whole.shape
            ),
            Mode::Overlap => format!(
                "a 1-D FFT (shape {:?}) does not run with --overlap: its one axis would need a four-step split (the line as a matrix, twiddles between its two passes), which jitfft does not build; --overlap takes a complex n-D shape (2 or more axes) in f32 or f64; run a 1-D FFT without it",
                whole.shape
            ),
        }));
    }
    if whole.half.is_some() || whole.real.is_some() {
        return Err(JitError::invalid(match mode {
            Mode::Stream => "--stream runs the complex FFT in f32 or f64: --real and --precision f16/bf16 do not stream",
            Mode::Overlap => "--overlap runs the complex n-D FFT in f32 or f64: --real and --precision f16/bf16 are not overlapped; run them without --overlap",
        }));
    }
    Ok(())
}

/// The chunk plan of `shape` over `axes`, as `whole` (direction, precision; its norm applies
/// to each pass's own lengths, so the passes' factors multiply to numpy's).
fn chunk_plan(whole: &FftPlan, shape: &[u64], axes: &[usize]) -> Result<FftPlan> {
    let axes: Vec<i64> = axes.iter().map(|&a| a as i64).collect();
    FftPlan::new(shape, &axes, whole.direction, whole.norm, whole.precision)
}

/// The pass whose chunks hold the most units (of `units`) the budget allows.
fn pass(
    kind: PassKind,
    axes: Vec<usize>,
    units: u64,
    budget: &Budget,
    plan_of: &dyn Fn(u64) -> Result<FftPlan>,
) -> Result<StreamPass> {
    // Slots cost alike whether 1 or SLOTS are allocated: plan for SLOTS (fewer chunks use fewer).
    let fits = |u: u64| -> Result<bool> { Ok(budget.holds(&plan_of(u)?, SLOTS as u64)) };
    if !fits(1)? {
        let one = plan_of(1)?;
        let (largest, total) = footprint(&one);
        let data = one.array_len() * one.stored_complex_bytes();
        let cap = budget
            .chunk_cap
            .map_or(String::new(), |c| format!("{c} bytes a chunk, "));
        return Err(JitError::Device(format!(
            "streamed FFT: the smallest {} chunk (shape {:?}) holds {data} bytes and needs {total} ({largest} in its largest buffer) in each of {SLOTS} slots; the budget allows {cap}{} bytes in all, {} a buffer; streaming splits only the leading axis",
            match kind {
                PassKind::Slabs => "slab",
                PassKind::Columns => "column",
            },
            one.shape,
            budget.total,
            budget.max_alloc,
        )));
    }
    // The largest fitting count: the footprint grows with the units.
    let (mut lo, mut hi) = (1u64, units);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if fits(mid)? {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    StreamPass::new(kind, axes, units, lo, plan_of)
}

impl StreamPass {
    /// The pass of `units` in chunks of `per_chunk` (the last one shorter where they do not
    /// divide), its plans from `plan_of`.
    fn new(
        kind: PassKind,
        axes: Vec<usize>,
        units: u64,
        per_chunk: u64,
        plan_of: &dyn Fn(u64) -> Result<FftPlan>,
    ) -> Result<StreamPass> {
        let chunks = units.div_ceil(per_chunk);
        let last = units - (chunks - 1) * per_chunk;
        let tail = match kind {
            PassKind::Columns if last != per_chunk => Some(plan_of(last)?),
            _ => None,
        };
        Ok(StreamPass {
            kind,
            axes,
            per_chunk,
            units,
            chunks,
            plan: plan_of(per_chunk)?,
            tail,
        })
    }

    /// Device bytes of the slots a run allocates for it: a transform of its plan in each of
    /// up to [`SLOTS`] slots, one of its tail plan.
    pub fn slot_bytes(&self) -> u64 {
        let full = footprint(&self.plan).1 * (SLOTS as u64).min(self.chunks);
        full + self.tail.as_ref().map_or(0, |t| footprint(t).1)
    }

    /// The largest buffer of its slots.
    fn largest(&self) -> u64 {
        let tail = self.tail.as_ref().map_or(0, |t| footprint(t).0);
        footprint(&self.plan).0.max(tail)
    }
}

/// Chunks a pass of an overlapped run takes without `--chunks` (more where the device's memory
/// needs them).
pub const DEFAULT_CHUNKS: u64 = 8;

/// The passes of an overlapped run of `whole` (slabs, then column blocks, as [`passes`]),
/// each pass's units in chunks of ⌈units/K⌉ (so K or fewer chunks), with `K = chunks` or
/// [`DEFAULT_CHUNKS`] (more where the device's memory needs them, up to the fewest units of a
/// pass), and whether the array stays resident on the device between two passes.
///
/// Errors: what [`refuse`] refuses; K outside 1 ..= the fewest units of a pass, with the range;
/// slots and the resident array beyond the budget.
pub fn overlap_passes(
    whole: &FftPlan,
    budget: &Budget,
    chunks: Option<u64>,
) -> Result<(Vec<StreamPass>, bool)> {
    refuse(whole, Mode::Overlap)?;
    let specs = pass_specs(whole);
    let resident = specs.len() == 2;
    let max_k = specs.iter().map(|s| s.2).min().unwrap_or(1);
    if let Some(k) = chunks.filter(|&k| k == 0 || k > max_k) {
        return Err(JitError::invalid(format!(
            "--chunks {k}: shape {:?} over axes {:?} allows 1 to {max_k} chunks a pass (its passes hold {}; 1 means no overlap)",
            whole.shape,
            whole.axes,
            specs
                .iter()
                .map(|(kind, _, u)| format!("{u} {}", match kind {
                    PassKind::Slabs => "slabs",
                    PassKind::Columns => "columns",
                }))
                .collect::<Vec<_>>()
                .join(" and ")
        )));
    }
    let data = whole.len() * whole.stored_complex_bytes();
    let resident_bytes = if resident { data } else { 0 };
    let plan_k = |k: u64| -> Result<(Vec<StreamPass>, u64, u64)> {
        let passes = specs
            .iter()
            .map(|(kind, axes, units)| {
                let per = units.div_ceil(k);
                StreamPass::new(*kind, axes.clone(), *units, per, &|c| {
                    plan_of(whole, *kind, c)
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let total = resident_bytes + passes.iter().map(StreamPass::slot_bytes).sum::<u64>();
        let largest = passes
            .iter()
            .map(StreamPass::largest)
            .fold(resident_bytes, u64::max);
        Ok((passes, total, largest))
    };
    let fits = |t: u64, l: u64| t <= budget.total && l <= budget.max_alloc;
    let mut k = chunks.unwrap_or(DEFAULT_CHUNKS.min(max_k));
    loop {
        let (passes, total, largest) = plan_k(k)?;
        if fits(total, largest) {
            return Ok((passes, resident));
        }
        if chunks.is_some() || k == max_k {
            return Err(JitError::Device(format!(
                "--overlap: shape {:?} in {k} chunks a pass needs {total} bytes of device memory ({resident_bytes} for the array resident between the passes, the rest the pipeline slots; {largest} in its largest buffer), the budget allows {} bytes in all, {} a buffer; {}",
                whole.shape,
                budget.total,
                budget.max_alloc,
                if chunks.is_some() && k < max_k {
                    format!("more chunks (up to {max_k}) need less, or --stream keeps the array in host memory")
                } else {
                    "--stream keeps the array in host memory".to_string()
                }
            )));
        }
        k = (2 * k).min(max_k);
    }
}
