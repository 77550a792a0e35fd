//! What to compute: a validated, plain-data description of one VC transform.

use crate::error::{JitError, Result};
use crate::storage::HalfStorage;
use crate::transform::{checked_pow, kebab_names, Direction, Norm, Precision};
use serde::Serialize;

/// How the passes move data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// Cooley-Tukey: in place, operands `base + i·dist`.
    Ct,
    /// Constant Geometry: out of place, operands `tid·r + i`, results `tid + i·N/r`.
    Cg,
    /// Fused multi-digit passes: a work-group transforms several digits of a tile in registers
    /// and local memory (see `vc::kernels::fused`).
    Fused,
}

/// Where the butterfly's coefficients come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Coeffs {
    /// The first VC function X1 (p values) in `__constant` memory; W\[i\]\[j\] = X1\[k\] with
    /// k = (Σ digit products of i and j) mod p computed at run time (the paper's default).
    ConstFirst,
    /// The whole r×r butterfly matrix in `__constant` memory.
    ConstMatrix,
    /// Coefficients folded into the source at generation time (what a JIT makes possible).
    Literal,
}

kebab_names!(Algorithm, "algorithm", { Ct => "ct", Cg => "cg", Fused => "fused" });
kebab_names!(Coeffs, "coefficients", { ConstFirst => "const-first", ConstMatrix => "const-matrix", Literal => "literal" });
kebab_names!(FusedLayout, "fused layout", { Auto => "auto", Rotate => "rotate", Inplace => "inplace", Staged => "staged" });

/// The largest butterfly radix the dense generators accept (r² coefficients per butterfly).
pub const MAX_RADIX: u64 = 256;

/// Options of a VC transform besides p and n; `Default` is the paper's setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VcOptions {
    /// How the passes move data (Cooley-Tukey, constant geometry or fused).
    pub algorithm: Algorithm,
    /// Butterfly radix r = p^m; `None` means r = p.
    pub radix: Option<u64>,
    /// Where the butterfly coefficients come from (ct and cg).
    pub coeffs: Coeffs,
    /// Real type on the device (f64 needs a device with double support).
    pub precision: Precision,
    /// Forward (root ω = e^(−2πi/p)) or inverse (ω⁻¹).
    pub direction: Direction,
    /// `None` means: `none` forward, `full` inverse (so inverse(forward(x)) = x).
    pub norm: Option<Norm>,
    /// Fused only: the most digits one pass transforms (default: what local memory holds).
    pub fused_digits: Option<u32>,
    /// Fused only: lane digits per tile (default: runs of ≥ 32 bytes, 64 where no pass is added).
    pub fused_lanes: Option<u32>,
    /// Fused only: rotate (constant geometry at block level) or in place.
    pub fused_layout: FusedLayout,
    /// Fused only: complex values a work-item prefers to hold (default 32 for f32, 16 for
    /// f64; more where the device's work-group limit requires).
    pub fused_values: Option<u32>,
}

/// How fused passes place their results (see `vc::kernels::fused::Layout`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum FusedLayout {
    /// Staged where its written runs are whole 32-byte sectors, else in place (see
    /// [`FusedLayout::resolve`]).
    #[default]
    Auto,
    /// Output digits rotated: constant geometry at block level.
    Rotate,
    /// Results written back where they were read.
    Inplace,
    /// In-place digit groups; each pass reads its tile contiguously from a layout the previous
    /// pass wrote (strided runs only on writes).
    Staged,
}

impl FusedLayout {
    /// The layout `Auto` stands for, given the lane runs later passes move (p^lanes elements of
    /// `elem_bytes`). Staged passes write those runs and read whole tiles; in place passes read
    /// and write them. A written run that ends inside a 32-byte sector makes the memory system
    /// merge partial sectors: measured on the H100, staged was faster where runs are whole
    /// sectors (4^13: 32-byte runs, 0.835 against 0.888 ms; 2^28: 4.58 against 4.73 ms) and
    /// slower where they are not (3^16: 72-byte runs, 0.92 against 0.80 ms).
    pub fn resolve(self, p: u32, lanes: u32, elem_bytes: u64) -> FusedLayout {
        match self {
            FusedLayout::Auto if (p as u64).pow(lanes) * elem_bytes % 32 == 0 => {
                FusedLayout::Staged
            }
            FusedLayout::Auto => FusedLayout::Inplace,
            other => other,
        }
    }
}

impl Default for VcOptions {
    fn default() -> Self {
        VcOptions {
            algorithm: Algorithm::Ct,
            radix: None,
            coeffs: Coeffs::ConstFirst,
            precision: Precision::F32,
            direction: Direction::Forward,
            norm: None,
            fused_digits: None,
            fused_lanes: None,
            fused_layout: FusedLayout::Auto,
            fused_values: None,
        }
    }
}

/// A validated VC transform of N = p^n points.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VcPlan {
    /// The base p ≥ 2 (the length of each axis).
    pub p: u32,
    /// The number of digits (axes) n ≥ 1.
    pub n: u32,
    /// N = p^n.
    pub len: u64,
    /// How the passes move data.
    pub algorithm: Algorithm,
    /// The main radix r = p^m.
    pub radix: u64,
    /// Digits per main pass, m.
    pub digits_per_pass: u32,
    /// Where the butterfly coefficients come from.
    pub coeffs: Coeffs,
    /// Real type on the device.
    pub precision: Precision,
    /// Forward or inverse.
    pub direction: Direction,
    /// The normalisation, resolved (see [`VcPlan::scale`]).
    pub norm: Norm,
    /// Fused: the most digits per pass asked for (`None`: what local memory holds).
    pub fused_digits: Option<u32>,
    /// Fused: lane digits per tile asked for (`None`: the default rule).
    pub fused_lanes: Option<u32>,
    /// Fused: where passes place their results.
    pub fused_layout: FusedLayout,
    /// Fused: complex values a work-item prefers to hold (`None`: per precision).
    pub fused_values: Option<u32>,
    /// Transform only the t most significant digits (`None`: all n); the n − t lower digits
    /// stay untransformed, i.e. p^(n−t) interleaved transforms of p^t points (Cooley-Tukey
    /// only; see [`VcPlan::with_top_digits`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top_digits: Option<u32>,
    /// Independent transforms of N points each, stored one after another (row-major
    /// (B, p, …, p)); 1 unless set with [`VcPlan::with_batch`].
    pub batch: u64,
    /// Fused only: the input is a compact truth vector decoded by the first pass (see
    /// [`VcPlan::with_truth`]); `None`: complex input.
    pub truth: Option<TruthEncoding>,
    /// Fused only: what the last pass does with the spectrum (see [`VcPlan::with_output`]).
    pub output: SpectrumOutput,
    /// CT literal only: CPU-shaped passes, a work-item computing several butterflies at
    /// consecutive positions (see [`VcPlan::with_ct_lanes`]); `None`: one (GPU-shaped).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ct_lanes: Option<CtLanes>,
    /// Fused only: the real path's ends (see [`VcPlan::with_half_edges`]); `None`: the batch
    /// is stored one transform after another.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub half_edges: Option<HalfEdges>,
    /// 16-bit storage of every buffer, computed in f32 (see [`VcPlan::with_half`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub half: Option<HalfStorage>,
}

/// CPU-shaped Cooley-Tukey passes (see [`VcPlan::with_ct_lanes`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct CtLanes {
    /// Butterflies a work-item computes at consecutive positions (2..=64).
    pub lanes: u32,
    /// Every pass whose operand distance is a multiple of `lanes` (tests, A/B), not only
    /// those the cache model picks.
    pub every_pass: bool,
}

/// How the first pass decodes a compact truth vector (values 0..p−1 stored as the smallest
/// unsigned integer type that holds them: u8 for p ≤ 256, else u16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum TruthEncoding {
    /// The value v as the real number v.
    Values,
    /// ε^v with ε = e^(2πi/p), read from a p-entry table in `__constant` memory.
    #[default]
    Roots,
}

/// What the last pass does with the spectrum S it computed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum SpectrumOutput {
    /// Writes S (the plain transform).
    #[default]
    Write,
    /// Writes |S|² (real part; imaginary part 0): the input of an autocorrelation.
    Norm2,
    /// Writes nothing of the spectrum; reduces |S|² per transform: min and max (per
    /// work-group partials, finished on the host), and with `stats` the count of |S|² ≤
    /// `zero_tol2` and a histogram of |S|² on `bins` bins over [0, the transform's max |S|²]
    /// (global atomic counts: deterministic).
    Reduce {
        /// Also write S.
        write: bool,
        /// Histogram bins (0: min and max only).
        bins: u32,
        /// |S|² at or below this counts as a zero coefficient.
        zero_tol2: f64,
    },
}

impl SpectrumOutput {
    /// Whether the last pass writes the spectrum (or |S|²) to the result buffer.
    pub fn writes(&self) -> bool {
        !matches!(self, SpectrumOutput::Reduce { write: false, .. })
    }
}

/// The exponent m with p^m = r, if r is a power of p (m ≥ 1).
pub fn log_exact(p: u64, r: u64) -> Option<u32> {
    if p < 2 || r < p {
        return None;
    }
    let (mut m, mut acc) = (0u32, 1u64);
    while acc < r {
        acc = acc.checked_mul(p)?;
        m += 1;
    }
    (acc == r).then_some(m)
}

impl VcPlan {
    /// Validates a transform of N = p^n points.
    ///
    /// Errors ([`JitError::InvalidInput`], with the allowed values):
    /// p < 2, n = 0, p^n beyond 64 bits, a radix that is not a power of p or exceeds p^n or
    /// [`MAX_RADIX`], `radix` with the fused algorithm, `fused_digits` of 0. The device limits are
    /// checked later, by [`VcTransform::new`](crate::vc::VcTransform::new).
    pub fn new(p: u32, n: u32, opts: VcOptions) -> Result<VcPlan> {
        if p < 2 {
            return Err(JitError::invalid(format!(
                "p = {p} is not allowed: a VC transform needs p ≥ 2 (p = 2 is the Walsh-Hadamard transform)"
            )));
        }
        if n == 0 {
            return Err(JitError::invalid(
                "n = 0 is not allowed: the function needs at least one variable (n ≥ 1)",
            ));
        }
        let len = checked_pow(p as u64, n).ok_or_else(|| {
            let max_n = (64.0 / (p as f64).log2()).floor() as u32;
            JitError::invalid(format!(
                "p^n = {p}^{n} overflows 64 bits; with p = {p}, n can be at most {max_n}"
            ))
        })?;
        let radix = opts.radix.unwrap_or(p as u64);
        let m = log_exact(p as u64, radix).ok_or_else(|| {
            let allowed: Vec<String> = (1..=n)
                .map_while(|e| checked_pow(p as u64, e))
                .take_while(|r| *r <= MAX_RADIX)
                .map(|r| r.to_string())
                .collect();
            JitError::invalid(format!(
                "radix {radix} is not a power of p = {p}; allowed radices for n = {n}: {}",
                allowed.join(", ")
            ))
        })?;
        if m > n {
            return Err(JitError::invalid(format!(
                "radix {radix} = {p}^{m} transforms {m} digits per pass, but n = {n}; use a radix up to {p}^{n}"
            )));
        }
        if radix > MAX_RADIX {
            return Err(JitError::invalid(format!(
                "radix {radix} is larger than {MAX_RADIX}, the largest dense butterfly jitfft generates"
            )));
        }
        if opts.algorithm == Algorithm::Fused && opts.radix.is_some() {
            return Err(JitError::invalid(
                "--radix applies to the ct and cg kernels; fused passes choose their digits (see --fused-digits)",
            ));
        }
        if let Some(d) = opts.fused_digits {
            if d == 0 {
                return Err(JitError::invalid(
                    "--fused-digits 0: a fused pass transforms at least one digit",
                ));
            }
        }
        let norm = opts.norm.unwrap_or(match opts.direction {
            Direction::Forward => Norm::None,
            Direction::Inverse => Norm::Full,
        });
        Ok(VcPlan {
            p,
            n,
            len,
            algorithm: opts.algorithm,
            radix,
            digits_per_pass: m,
            coeffs: opts.coeffs,
            precision: opts.precision,
            direction: opts.direction,
            norm,
            fused_digits: opts.fused_digits,
            fused_lanes: opts.fused_lanes,
            fused_layout: opts.fused_layout,
            fused_values: opts.fused_values,
            top_digits: None,
            batch: 1,
            truth: None,
            output: SpectrumOutput::Write,
            ct_lanes: None,
            half_edges: None,
            half: None,
        })
    }

    /// The same plan with CPU-shaped Cooley-Tukey kernels (`vc::kernels::ct_cpu`): in every
    /// pass whose operand distance is a multiple of `lanes`, a work-item computes `lanes`
    /// butterflies at consecutive positions, reading and writing whole cache lines of each
    /// row. Other passes keep the one-butterfly kernel. Needs ct with literal coefficients;
    /// 2 ≤ lanes ≤ 64. Only the passes the cache model picks
    /// (`vc::cpu_cache::rows_thrash`) use them, or with `every_pass` each pass whose
    /// operand distance is a multiple of `lanes`.
    /// With cg (`vc::kernels::cg_cpu_simd`, lanes 2, 4 or 8) every pass takes them.
    pub fn with_ct_lanes(mut self, lanes: u32, every_pass: bool) -> Result<VcPlan> {
        let cg = self.algorithm == Algorithm::Cg;
        if !(self.algorithm == Algorithm::Ct || cg) || self.coeffs != Coeffs::Literal {
            return Err(JitError::invalid(format!(
                "CPU-shaped lanes run with the ct or cg algorithm and literal coefficients, not {} with {}",
                self.algorithm, self.coeffs
            )));
        }
        if cg && !vector_lanes(lanes) {
            return Err(JitError::invalid(format!(
                "cg lanes {lanes}: the CPU-shaped cg kernel computes 2, 4 or 8 butterflies a work-item"
            )));
        }
        if !(2..=64).contains(&lanes) {
            return Err(JitError::invalid(format!(
                "ct lanes {lanes}: a work-item computes 2 to 64 butterflies"
            )));
        }
        self.ct_lanes = Some(CtLanes { lanes, every_pass });
        Ok(self)
    }

    /// The same plan over `batch` ≥ 1 independent transforms stored one after another
    /// (row-major (B, p, …, p)): the batch index is one more untransformed digit group.
    pub fn with_batch(mut self, batch: u64) -> Result<VcPlan> {
        if batch == 0 {
            return Err(JitError::invalid(
                "batch 0 is not allowed: a batch holds at least one transform",
            ));
        }
        if self.len.checked_mul(batch).is_none() {
            return Err(JitError::invalid(format!(
                "batch {batch} of N = {} points overflows 64 bits",
                self.len
            )));
        }
        self.batch = batch;
        Ok(self)
    }

    /// The same plan reading a compact truth vector (values 0..p−1, u8 for p ≤ 256, u16 up to
    /// 65536) that the first pass decodes with `encoding`. Fused algorithm only.
    pub fn with_truth(mut self, encoding: TruthEncoding) -> Result<VcPlan> {
        self.need_fused("a compact truth-vector input")?;
        if self.p > 65536 {
            return Err(JitError::invalid(format!(
                "p = {} does not fit a 16-bit truth vector (p ≤ 65536)",
                self.p
            )));
        }
        self.truth = Some(encoding);
        Ok(self)
    }

    /// The same plan with the last pass doing `output` (a reduction or |S|²). Fused only.
    pub fn with_output(mut self, output: SpectrumOutput) -> Result<VcPlan> {
        if output != SpectrumOutput::Write {
            self.need_fused("a fused spectral reduction")?;
        }
        self.output = output;
        Ok(self)
    }

    /// The same plan reading and writing the real path's layouts ([`HalfEdges`]). Fused with
    /// a batch of B·h; the schedule applies them where its first and last passes are tile
    /// passes (not lane blocks, not per-item), else runs without them: check
    /// `FusedPass::half_in` / `half_out` of the schedule built.
    pub fn with_half_edges(mut self, edges: HalfEdges) -> Result<VcPlan> {
        self.need_fused("the real path's fused ends")?;
        let bad = [edges.input, edges.output]
            .iter()
            .flatten()
            .any(|e| e.h() < 1 || self.batch % e.h() as u64 != 0);
        if bad || matches!(edges.output, Some(HalfEdge::Reals { .. })) {
            return Err(JitError::invalid(format!(
                "fused ends {edges:?} need a batch that is a multiple of h ({}) and rows out",
                self.batch
            )));
        }
        self.half_edges = Some(edges);
        Ok(self)
    }

    fn need_fused(&self, what: &str) -> Result<()> {
        if self.algorithm != Algorithm::Fused {
            return Err(JitError::invalid(format!(
                "{what} needs the fused algorithm (got {})",
                self.algorithm
            )));
        }
        Ok(())
    }

    /// Bytes of one truth value on the device (1 for p ≤ 256, else 2).
    pub fn truth_bytes(&self) -> u64 {
        if self.p <= 256 {
            1
        } else {
            2
        }
    }

    /// Points of the whole batch, B·N.
    pub fn total_len(&self) -> u64 {
        self.len * self.batch
    }

    /// The same plan transforming only the `t` most significant digits: the lower n − t digits
    /// are an untransformed group (p^(n−t) interleaved transforms, stride 1). The distributed
    /// transform (`mpi`) needs it after its exchange, where the digits a rank has just received
    /// sit above digits it has already transformed. Cooley-Tukey only (its passes walk digit
    /// groups from the top, so it simply stops after t digits); the radix shrinks to p^t if
    /// larger; the normalisation counts only the t digits (full: 1/p^t).
    pub fn with_top_digits(mut self, t: u32) -> Result<VcPlan> {
        if self.algorithm != Algorithm::Ct {
            return Err(JitError::invalid(format!(
                "a transform of the top digits only runs with the ct algorithm, not {}",
                self.algorithm
            )));
        }
        if t == 0 || t > self.n {
            return Err(JitError::invalid(format!(
                "top digits t = {t}: 1 ≤ t ≤ n = {} digits",
                self.n
            )));
        }
        self.top_digits = (t < self.n).then_some(t);
        self.digits_per_pass = self.digits_per_pass.min(t);
        self.radix = (self.p as u64).pow(self.digits_per_pass);
        Ok(self)
    }

    /// Digits the plan transforms: n, or t for [`VcPlan::with_top_digits`].
    pub fn transformed_digits(&self) -> u32 {
        self.top_digits.unwrap_or(self.n)
    }

    /// The factor applied to the output: 1, 1/N or 1/sqrt(N).
    pub fn scale(&self) -> f64 {
        // The points of each transform: N, or p^t when only the top t digits transform.
        let points = (self.p as u64).pow(self.transformed_digits()) as f64;
        match self.norm {
            Norm::None => 1.0,
            Norm::Full => 1.0 / points,
            Norm::Ortho => 1.0 / points.sqrt(),
        }
    }

    /// Bytes of one data buffer.
    pub fn buffer_bytes(&self) -> u64 {
        self.total_len().saturating_mul(self.stored_complex_bytes())
    }

    /// Device buffers the algorithm needs (CG ping-pongs between two).
    pub fn buffers_needed(&self) -> u64 {
        match self.algorithm {
            Algorithm::Ct => 1,
            Algorithm::Cg | Algorithm::Fused => 2,
        }
    }
}

/// How the first pass of a batched fused plan reads, or its last pass writes, the B·h
/// transforms of p^n points that are the h = p//2 + 1 bins of B real-input half spectra
/// (`vc::real`): transform b·h + k is bin k of spectrum b.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HalfEdge {
    /// Element e of transform b·h + k at (b·N + e)·h + k: numpy's rfftn rows (B, …, h).
    Rows {
        /// Bins a row, h.
        h: u32,
    },
    /// Input only, forward: element e of transform b·h + k is bin k of the real DFT of the p
    /// reals of row b·N + e (at (b·N + e)·p + j), times `scale`: the real digit done on load.
    Reals {
        /// Bins a row, h.
        h: u32,
        /// Factor of the loaded values (the real transform's norm).
        scale: f64,
    },
}

impl HalfEdge {
    /// Bins a row, h.
    pub fn h(&self) -> u32 {
        match *self {
            HalfEdge::Rows { h } | HalfEdge::Reals { h, .. } => h,
        }
    }
}

/// The ends of a real run's fused passes: where the first pass reads, where the last writes
/// (`None`: one transform after another).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct HalfEdges {
    /// The first pass's input.
    pub input: Option<HalfEdge>,
    /// The last pass's output (`Rows` only).
    pub output: Option<HalfEdge>,
}

/// Whether `lanes` butterflies fill one OpenCL vector of split planes (2 · lanes ≤ 16 slots):
/// the schedule decides which passes take SIMD lanes, the CPU kernels emit them.
pub fn vector_lanes(lanes: u32) -> bool {
    matches!(lanes, 2 | 4 | 8)
}

impl VcPlan {
    /// The same plan storing every buffer in `half` (computed in f32): needs f32 arithmetic,
    /// complex input (no truth vectors) and the plain spectrum out; CPU-shaped lanes go (their
    /// vector loads are f32 rows). `None` leaves the plan as it is.
    pub fn with_half(mut self, half: Option<HalfStorage>) -> Result<VcPlan> {
        let Some(h) = half else { return Ok(self) };
        let refuse = |what: &str| Err(crate::storage::refusal(h, what));
        if self.precision != Precision::F32 {
            return refuse("the plan must compute in f32");
        }
        if self.truth.is_some() || self.output != SpectrumOutput::Write {
            return refuse("truth-vector input and spectral reductions are not available with it");
        }
        if self.half_edges.is_some() {
            return refuse("the real path's fused ends are not available with it");
        }
        self.ct_lanes = None;
        self.half = Some(h);
        Ok(self)
    }

    /// Bytes one stored complex value takes: 4 for half storage, else the precision's.
    pub fn stored_complex_bytes(&self) -> u64 {
        crate::storage::complex_bytes(self.half, self.precision)
    }
}

/// The default `--check` tolerance of a plan: its storage's ([`HalfStorage::tolerance`]), else
/// `by_precision`'s.
pub fn tolerance(plan: &VcPlan, by_precision: fn(Precision) -> f64) -> f64 {
    plan.half
        .map_or_else(|| by_precision(plan.precision), HalfStorage::tolerance)
}

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
