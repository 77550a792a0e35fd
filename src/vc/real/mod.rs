//! Real-input VC transforms in numpy's layout (issue 35): R2C ≡ `numpy.fft.rfftn` over the n
//! axes of (p,)*n, C2R ≡ `irfftn(y, s=(p,)*n)`.
//!
//! The complex passes transform each of the h = p//2 + 1 bins' M = p^(n−1) values as a batch
//! of B·h transforms of p^(n−1) points. Fused passes take the real path's ends themselves
//! ([`crate::vc::plan::HalfEdges`]): forward, the first reads p reals a row and does the real
//! digit on load, the last writes numpy's (B, M, h); inverse, the first reads (B, M, h) and one
//! c2r pass follows. Other plans: a real pass writes the bins bins-major (B, h, M) and one pass
//! moves the result to numpy's (B, M, h); the inverse reversed. See docs/real.md.

pub mod data;
pub mod execute;
pub mod fit;
pub mod kernels;
pub mod report;
pub mod resolve;
pub mod share;
pub mod staged;
pub mod streamed;

pub use execute::RealVc;
pub use kernels::source;

use crate::error::{JitError, Result};
use crate::transform::{checked_pow, Direction, Norm, Precision};

/// What a real-input run computes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RealPlan {
    /// Values of each variable (p ≥ 2).
    pub p: u32,
    /// Variables (n ≥ 1): arrays of shape (p,)*n.
    pub n: u32,
    /// Transforms, one after another.
    pub batch: u64,
    /// Arithmetic and storage.
    pub precision: Precision,
    /// Forward: real → half spectrum; inverse: half spectrum → real.
    pub direction: Direction,
    /// Scaling of the direction that runs.
    pub norm: Norm,
    /// 16-bit storage of every buffer, computed in f32 (`precision` is then f32).
    pub storage: Option<crate::storage::HalfStorage>,
}

impl RealPlan {
    /// A plan, refusing sizes the device could never index. `norm` `None`: none forward,
    /// full inverse (numpy's "backward").
    pub fn new(
        p: u32,
        n: u32,
        batch: u64,
        precision: Precision,
        direction: Direction,
        norm: Option<Norm>,
    ) -> Result<RealPlan> {
        if p < 2 || n < 1 || batch < 1 {
            return Err(JitError::invalid(format!(
                "real VC of p = {p}, n = {n}, batch {batch}: needs p ≥ 2, n ≥ 1, batch ≥ 1"
            )));
        }
        let total = checked_pow(p as u64, n).and_then(|l| l.checked_mul(batch));
        if total.is_none_or(|t| t > 1 << 50) {
            return Err(JitError::invalid(format!(
                "real VC of {batch} × {p}^{n} values is too large"
            )));
        }
        let norm = norm.unwrap_or(match direction {
            Direction::Forward => Norm::None,
            Direction::Inverse => Norm::Full,
        });
        Ok(RealPlan {
            p,
            n,
            batch,
            precision,
            direction,
            norm,
            storage: None,
        })
    }

    /// Bytes of a stored complex value: 4 with 16-bit storage, else the precision's.
    pub fn complex_bytes(&self) -> u64 {
        match self.storage {
            Some(_) => 4,
            None => self.precision.complex_bytes(),
        }
    }

    /// h = p//2 + 1 bins of the halved last axis.
    pub fn half(&self) -> u64 {
        self.p as u64 / 2 + 1
    }

    /// M = p^(n−1): rows of p reals in one transform.
    pub fn rows_per_transform(&self) -> u64 {
        (self.p as u64).pow(self.n - 1)
    }

    /// B·M rows in all.
    pub fn rows(&self) -> u64 {
        self.batch * self.rows_per_transform()
    }

    /// Real values: B·p^n.
    pub fn real_len(&self) -> u64 {
        self.rows() * self.p as u64
    }

    /// Complex values of the half spectrum: B·M·h.
    pub fn half_len(&self) -> u64 {
        self.rows() * self.half()
    }

    /// The factor the direction's norm applies.
    pub fn scale(&self) -> f64 {
        let n = (self.p as f64).powi(self.n as i32);
        match self.norm {
            Norm::None => 1.0,
            Norm::Full => 1.0 / n,
            Norm::Ortho => 1.0 / n.sqrt(),
        }
    }

    /// The numpy shape of one transform's real array: (p,)*n.
    pub fn real_shape(&self) -> Vec<usize> {
        vec![self.p as usize; self.n as usize]
    }

    /// The numpy shape of one transform's half spectrum: (p,)*(n−1) + (h,).
    pub fn half_shape(&self) -> Vec<usize> {
        let mut s = vec![self.p as usize; self.n as usize - 1];
        s.push(self.half() as usize);
        s
    }

    /// The numpy shapes of one transform's input and output: (p,)*n and the half spectrum's,
    /// in the direction's order.
    pub fn io_shapes(&self) -> (Vec<usize>, Vec<usize>) {
        match self.direction {
            Direction::Forward => (self.real_shape(), self.half_shape()),
            Direction::Inverse => (self.half_shape(), self.real_shape()),
        }
    }

    /// Bytes one run's passes read plus write where a real pass and a layout move run around
    /// the complex passes: the real pass (p reals in, h complex out a row), each complex pass
    /// over the half spectrum, the layout move (a run's own count: `RealVc::pass_bytes`).
    pub fn pass_bytes(&self, complex_passes: usize) -> u64 {
        let real = self.real_len() * self.complex_bytes() / 2;
        let half = self.half_len() * self.complex_bytes();
        let moves = if self.n > 1 { 2 * half } else { 0 };
        real + half + moves + 2 * half * complex_passes as u64
    }
}
