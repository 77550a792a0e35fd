//! How a plan runs: the ordered launches (Stockham passes, Bluestein's chirp, multiply and
//! chirp), the buffers each reads and writes, and the constant tables they use. Plain data,
//! made from the plan alone; `kernels` writes the OpenCL C, `execute` runs it.

pub use super::grouping::{
    default_local_values, group_items, groups, tile_columns, tile_slots, CONTIGUOUS_TILE,
    LOCAL_BYTES, VALUES_PER_ITEM,
};
use super::plan::{AxisPlan, FftPlan, Method};
use crate::transform::{Direction, Norm};
use serde::Serialize;

/// A device array of the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Buf {
    /// The input (the host uploads into it).
    A,
    /// The second array of the ping-pong.
    B,
    /// Bluestein's first work array (the padded lines).
    W0,
    /// Bluestein's second work array.
    W1,
}

impl Buf {
    /// The other array of a pair (A ↔ B, W0 ↔ W1).
    pub fn other(self) -> Buf {
        match self {
            Buf::A => Buf::B,
            Buf::B => Buf::A,
            Buf::W0 => Buf::W1,
            Buf::W1 => Buf::W0,
        }
    }
}

/// A constant table the host computes (see `tables`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "table")]
pub enum Table {
    /// The twiddles of an n-point transform.
    Twiddles {
        /// Its length.
        n: u64,
        /// Its direction.
        direction: Direction,
    },
    /// Bluestein's chirp of an n-point axis.
    Chirp {
        /// The axis length.
        n: u64,
        /// The axis transform's direction.
        direction: Direction,
    },
    /// Bluestein's transformed kernel (over m, scaled by 1/m).
    Kernel {
        /// The axis length.
        n: u64,
        /// The convolution length.
        m: u64,
        /// The axis transform's direction.
        direction: Direction,
    },
}

/// What a launch does.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum StepKind {
    /// One radix-r Stockham pass of an n-point transform over sub-transforms of `span` points.
    Pass {
        /// Transform length.
        n: u64,
        /// Radix of this pass.
        radix: u64,
        /// Points of the sub-transforms earlier passes completed (1 first).
        span: u64,
        /// The transform's direction.
        direction: Direction,
    },
    /// Several Stockham passes in one launch: a work-group loads `cols` columns of G =
    /// Π `radices` points (span `span` → span·G), runs the passes in local memory and stores.
    Group {
        /// Transform length.
        n: u64,
        /// The passes' radices, first first (their product is G).
        radices: Vec<u64>,
        /// Points of the sub-transforms earlier launches completed.
        span: u64,
        /// The transform's direction.
        direction: Direction,
        /// Columns (independent G-point sub-transforms) per work-group.
        cols: u64,
        /// Columns in all (the last work-group's beyond them only take part in the barriers).
        columns: u64,
        /// Work-items per work-group.
        group_items: u64,
    },
    /// The real end of a packed plan (`packed_end`): forward, the L/2-point spectra of the
    /// packed lines into the half spectrum (L/2 + 1 points); inverse, the reverse.
    Real {
        /// The real length L.
        n: u64,
        /// Forward (after the passes) or inverse (before them).
        direction: Direction,
        /// The other transformed axes, whose indices the Hermitian partner negates.
        mirror: Vec<Mirror>,
    },
    /// Lines of n points into lines of m: x_k·c_k, then zeros.
    ChirpIn {
        /// Axis length.
        n: u64,
        /// Convolution length.
        m: u64,
    },
    /// Every point times the transformed kernel.
    Multiply {
        /// Convolution length.
        m: u64,
    },
    /// Lines of m points back into lines of n: y_k·c_k for k < n.
    ChirpOut {
        /// Axis length.
        n: u64,
        /// Convolution length.
        m: u64,
    },
}

/// A transformed axis other than the halved one, as the real end sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Mirror {
    /// Its length.
    pub n: u64,
    /// Lines of the halved axis between its consecutive points.
    pub lines: u64,
}

/// One launch.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Step {
    /// The kernel's name (unique in the program).
    pub name: String,
    /// The axis it serves.
    pub axis: usize,
    /// What it does.
    #[serde(flatten)]
    pub kind: StepKind,
    /// Elements between an axis' consecutive points.
    pub stride: u64,
    /// Lines before the axis (the product of the earlier axes).
    pub outer: u64,
    /// Array read.
    pub src: Buf,
    /// Array written (the same as `src` for the multiply).
    pub dst: Buf,
    /// Index into [`Schedule::tables`] of the table it reads.
    pub table: usize,
    /// Work-items (one per butterfly or per point).
    pub items: u64,
    /// Factor applied to what it stores: the plan's scaling on the last launch; under half
    /// storage the norm's share of the points the launch completes (`share_scale`).
    pub scale: f64,
    /// The first launch of a complex plan: it multiplies what it loads by the argument `pre`,
    /// (1, 1) forward and (1, −1) inverse (see [`Schedule::runtime_direction`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub pre: bool,
    /// The last launch of a complex plan: it multiplies what it stores by the argument `post`,
    /// (scale, scale) forward and (scale, −scale) inverse, in place of a literal scaling.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub post: bool,
}

impl Step {
    /// The scalar arguments the host sets after the three arrays, in order: Bluestein's axis
    /// length n (chirp in and out: a Bluestein axis' program is the same for every n of one
    /// convolution length m), then `pre` and `post` (each a `real2`) where the launch takes
    /// them, for a plan of `direction` (the direction and the scaling left to run time).
    pub fn scalar_args(&self, direction: Direction) -> ScalarArgs {
        let sign = match direction {
            Direction::Forward => 1.0,
            Direction::Inverse => -1.0,
        };
        ScalarArgs {
            n: match self.kind {
                StepKind::ChirpIn { n, .. } | StepKind::ChirpOut { n, .. } => Some(n),
                _ => None,
            },
            pre: self.pre.then_some((1.0, sign)),
            post: self.post.then_some((self.scale, sign * self.scale)),
        }
    }

    /// Complex values this launch reads and writes in global memory (tables aside).
    pub fn moved_values(&self) -> u64 {
        let lines = self.outer * self.stride;
        match self.kind {
            StepKind::Pass { n, .. } | StepKind::Group { n, .. } => 2 * lines * n,
            StepKind::ChirpIn { n, m } => lines * (n + m),
            StepKind::Multiply { m } => 2 * lines * m,
            StepKind::ChirpOut { n, .. } => 2 * lines * n,
            StepKind::Real { n, .. } => lines * (n + 1),
        }
    }
}

/// A launch's arguments after its arrays ([`Step::scalar_args`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScalarArgs {
    /// Bluestein's axis length.
    pub n: Option<u64>,
    /// The factor of the first launch's loads (a `real2`).
    pub pre: Option<(f64, f64)>,
    /// The factor of the last launch's stores (a `real2`).
    pub post: Option<(f64, f64)>,
}

/// The launches of a plan in order, the tables they read and where the result ends.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Schedule {
    /// Launches in order.
    pub steps: Vec<Step>,
    /// Constant tables, each computed once.
    pub tables: Vec<Table>,
    /// The array holding the result.
    pub result: Buf,
    /// Complex values a fused launch keeps in local memory (columns × G).
    pub local_values: u64,
}

impl Schedule {
    /// The launches of `plan`, fused launches holding at most [`LOCAL_BYTES`].
    pub fn for_plan(plan: &FftPlan) -> Schedule {
        Schedule::with_local_values(plan, LOCAL_BYTES / plan.precision.complex_bytes())
    }

    /// The launches of `plan` on a device (or offline target) with `local_mem_bytes` of local
    /// memory, at [`default_local_values`].
    pub fn for_local_memory(plan: &FftPlan, local_mem_bytes: u64) -> Schedule {
        Schedule::with_local_values(plan, default_local_values(plan, local_mem_bytes))
    }

    /// The launches of `plan` with at most `local_values` complex values in a fused launch's
    /// local memory (1: no fused launches, one register pass per radix).
    pub fn with_local_values(plan: &FftPlan, local_values: u64) -> Schedule {
        let mut s = Schedule {
            steps: Vec::new(),
            tables: Vec::new(),
            result: Buf::A,
            local_values,
        };
        let mut cur = Buf::A;
        let real = plan.real.map(|r| s.real_end(plan, r.n));
        if let (Some(step), Direction::Inverse) = (&real, plan.direction) {
            s.steps.push(step.clone());
            cur = step.dst;
        }
        let runtime = Schedule::runtime_direction(plan);
        let dir = match runtime {
            true => Direction::Forward,
            false => plan.direction,
        };
        for a in &plan.axis_plans {
            let first = s.steps.len();
            cur = s.axis(a, dir, cur);
            if plan.half.is_some() {
                s.share_scale(first, a, plan.norm);
            }
        }
        if let (Some(mut step), Direction::Forward) = (real, plan.direction) {
            (step.src, step.dst) = (cur, cur.other());
            s.steps.push(step);
            cur = cur.other();
        }
        match (plan.half, s.steps.last_mut()) {
            (None, Some(last)) => last.scale = plan.scale(),
            (Some(_), _) => {
                // The real end completes the factor 2 of the real length.
                for r in s.steps.iter_mut() {
                    if let StepKind::Real { .. } = r.kind {
                        r.scale = share(plan.norm, 2);
                    }
                }
            }
            (None, None) => {}
        }
        if runtime {
            if let Some(first) = s.steps.first_mut() {
                first.pre = true;
            }
            if let Some(last) = s.steps.last_mut() {
                last.post = true;
            }
        }
        s.result = cur;
        s
    }

    /// Whether `plan`'s program leaves its direction to run time: every complex plan (not
    /// packed real) runs forward launches, the inverse as conj(F(conj x)) with the
    /// conjugations in the first launch's loads (`pre`) and the last launch's stores (`post`,
    /// with the scaling), so both directions and every scaling share one program.
    pub fn runtime_direction(plan: &FftPlan) -> bool {
        plan.real.is_none()
    }

    /// Half storage: the scaling spread over the launches of axis `a` (from step `from`), so
    /// that stored values stay near the result's magnitude (16 bits hold at most 65504): each
    /// launch completing G points of the axis scales by the norm's share of G (ortho 1/√G,
    /// full 1/G), Bluestein's multiply by the axis' share (its convolution's passes, whose
    /// length is m, unscaled). The shares multiply to [`FftPlan::scale`].
    fn share_scale(&mut self, from: usize, a: &AxisPlan, norm: Norm) {
        for s in &mut self.steps[from..] {
            let g = match &s.kind {
                StepKind::Pass { n, radix, .. } if *n == a.n => *radix,
                StepKind::Group { n, radices, .. } if *n == a.n => radices.iter().product(),
                StepKind::Multiply { .. } => a.n,
                _ => 1,
            };
            s.scale = share(norm, g);
        }
    }

    fn table(&mut self, t: Table) -> usize {
        match self.tables.iter().position(|&x| x == t) {
            Some(i) => i,
            None => {
                self.tables.push(t);
                self.tables.len() - 1
            }
        }
    }

    /// The real end of a packed plan (real length `n` on the last axis), reading A and writing
    /// B: one item per pair of points k and L/2 − k of a line, k ≤ L/4.
    fn real_end(&mut self, plan: &FftPlan, n: u64) -> Step {
        let direction = plan.direction;
        let table = self.table(Table::Twiddles { n, direction });
        let rank = plan.shape.len();
        let lines = plan.len() / (n / 2);
        let mirror = plan
            .axis_plans
            .iter()
            .filter(|a| a.axis != rank - 1 && a.n > 1)
            .map(|a| Mirror {
                n: a.n,
                lines: a.stride / (n / 2),
            })
            .collect();
        Step {
            name: match direction {
                Direction::Forward => format!("rfft_post_a{}", rank - 1),
                Direction::Inverse => format!("irfft_pre_a{}", rank - 1),
            },
            axis: rank - 1,
            kind: StepKind::Real {
                n,
                direction,
                mirror,
            },
            stride: 1,
            outer: lines,
            src: Buf::A,
            dst: Buf::B,
            table,
            items: lines * (n / 4 + 1),
            scale: 1.0,
            pre: false,
            post: false,
        }
    }

    /// The launches of one axis reading `cur`; returns the array holding its result.
    fn axis(&mut self, a: &AxisPlan, dir: Direction, cur: Buf) -> Buf {
        match &a.method {
            Method::Identity => cur,
            Method::Stockham { radices } => self.passes(a, a.n, radices, dir, cur, "fft"),
            Method::Bluestein { m, radices } => {
                let m = *m;
                let (n, lines) = (a.n, a.outer * a.stride);
                let chirp = self.table(Table::Chirp { n, direction: dir });
                let step = |name: &str, kind, src, dst, table, items| Step {
                    name: format!("bluestein_a{}_{name}", a.axis),
                    axis: a.axis,
                    kind,
                    stride: a.stride,
                    outer: a.outer,
                    src,
                    dst,
                    table,
                    items,
                    scale: 1.0,
                    pre: false,
                    post: false,
                };
                let s = step(
                    "chirp_in",
                    StepKind::ChirpIn { n, m },
                    cur,
                    Buf::W0,
                    chirp,
                    lines * m,
                );
                self.steps.push(s);
                let w = self.passes(a, m, radices, Direction::Forward, Buf::W0, "conv_fwd");
                let kernel = self.table(Table::Kernel {
                    n,
                    m,
                    direction: dir,
                });
                self.steps.push(step(
                    "multiply",
                    StepKind::Multiply { m },
                    w,
                    w,
                    kernel,
                    lines * m,
                ));
                let w = self.passes(a, m, radices, Direction::Inverse, w, "conv_inv");
                let out = step(
                    "chirp_out",
                    StepKind::ChirpOut { n, m },
                    w,
                    cur.other(),
                    chirp,
                    lines * n,
                );
                self.steps.push(out);
                cur.other()
            }
        }
    }

    /// The Stockham passes of an n-point transform along `a`'s axis, ping-ponging from `cur`:
    /// consecutive radices fused into one launch while their product fits local memory
    /// ([`groups`]), a lone radix a register pass.
    fn passes(
        &mut self,
        a: &AxisPlan,
        n: u64,
        radices: &[u64],
        dir: Direction,
        mut cur: Buf,
        label: &str,
    ) -> Buf {
        let table = self.table(Table::Twiddles { n, direction: dir });
        let lanes = a.outer * a.stride;
        let mut span = 1;
        let launches = match self.local_values {
            1 => radices.iter().map(|&r| vec![r]).collect(),
            v => groups(n, v),
        };
        for (i, group) in launches.into_iter().enumerate() {
            let g: u64 = group.iter().product();
            let (kind, items, name) = if group.len() == 1 {
                let kind = StepKind::Pass {
                    n,
                    radix: g,
                    span,
                    direction: dir,
                };
                (
                    kind,
                    lanes * (n / g),
                    format!("{label}_a{}_p{i}_r{g}", a.axis),
                )
            } else {
                let columns = lanes * (n / g);
                let whole_lines = a.stride == 1 && g == n;
                let cols = tile_columns(g, columns, whole_lines, self.local_values);
                let w = group_items(cols * g, &group);
                let kind = StepKind::Group {
                    n,
                    radices: group.clone(),
                    span,
                    direction: dir,
                    cols,
                    columns,
                    group_items: w,
                };
                (
                    kind,
                    columns.div_ceil(cols) * w,
                    format!("{label}_a{}_g{i}_r{g}", a.axis),
                )
            };
            self.steps.push(Step {
                name,
                axis: a.axis,
                kind,
                stride: a.stride,
                outer: a.outer,
                src: cur,
                dst: cur.other(),
                table,
                items,
                scale: 1.0,
                pre: false,
                post: false,
            });
            span *= g;
            cur = cur.other();
        }
        cur
    }

    /// Complex values all launches read and write in global memory (tables aside): the plan's
    /// traffic, what each launch's time is bounded by.
    pub fn moved_values(&self) -> u64 {
        self.steps.iter().map(Step::moved_values).sum()
    }

    /// True when some launch needs Bluestein's work arrays.
    pub fn uses_work_arrays(&self) -> bool {
        self.steps
            .iter()
            .any(|s| s.dst == Buf::W0 || s.dst == Buf::W1)
    }
}

/// The factor a norm gives G points of a transform (1, 1/G, 1/√G).
fn share(norm: Norm, g: u64) -> f64 {
    match norm {
        Norm::None => 1.0,
        Norm::Full => 1.0 / g as f64,
        Norm::Ortho => 1.0 / (g as f64).sqrt(),
    }
}

#[cfg(test)]
#[path = "schedule_tests.rs"]
mod tests;
