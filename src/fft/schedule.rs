//! How a plan runs: the ordered launches (Stockham passes, Bluestein's chirp, multiply and
//! chirp), the buffers each reads and writes, and the constant tables they use. Plain data,
//! made from the plan alone; `kernels` writes the OpenCL C, `execute` runs it.

use super::plan::{AxisPlan, FftPlan, Method};
use crate::transform::Direction;
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
    /// Factor applied to what it stores (the plan's scaling, on the last launch only).
    pub scale: f64,
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
}

impl Schedule {
    /// The launches of `plan`.
    pub fn for_plan(plan: &FftPlan) -> Schedule {
        let mut s = Schedule {
            steps: Vec::new(),
            tables: Vec::new(),
            result: Buf::A,
        };
        let mut cur = Buf::A;
        for a in &plan.axis_plans {
            cur = s.axis(a, plan.direction, cur);
        }
        if let Some(last) = s.steps.last_mut() {
            last.scale = plan.scale();
        }
        s.result = cur;
        s
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

    /// The Stockham passes of an n-point transform along `a`'s axis, ping-ponging from `cur`.
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
        let mut span = 1;
        for (i, &radix) in radices.iter().enumerate() {
            self.steps.push(Step {
                name: format!("{label}_a{}_p{i}_r{radix}", a.axis),
                axis: a.axis,
                kind: StepKind::Pass {
                    n,
                    radix,
                    span,
                    direction: dir,
                },
                stride: a.stride,
                outer: a.outer,
                src: cur,
                dst: cur.other(),
                table,
                items: a.outer * a.stride * (n / radix),
                scale: 1.0,
            });
            span *= radix;
            cur = cur.other();
        }
        cur
    }

    /// True when some launch needs Bluestein's work arrays.
    pub fn uses_work_arrays(&self) -> bool {
        self.steps
            .iter()
            .any(|s| s.dst == Buf::W0 || s.dst == Buf::W1)
    }
}
