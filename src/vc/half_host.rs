//! The host side of half-precision storage ([`crate::storage`]): a half plan's buffers are
//! f32 buffers of one slot a complex value (two packed halves), so the passes, launches and
//! coefficient tables of f32 serve it unchanged; only the staging packs and unpacks.

use super::execute::{Buffers, VcTransform};
use crate::error::Result;
use crate::runtime::timing::RunTimes;
use crate::runtime::Gpu;
use crate::storage::{check_finite, HalfStorage};
use num_complex::Complex64;
use rayon::prelude::*;
use std::time::Instant;

impl VcTransform {
    /// [`VcTransform::execute`] of a half plan: input rounded to `h` in the staging, the
    /// passes, the result unpacked and refused where it overflowed (nothing is returned then).
    pub(super) fn execute_half(
        &self,
        gpu: &Gpu,
        h: HalfStorage,
        b: &Buffers<f32>,
        input: &[Complex64],
    ) -> Result<(Vec<Complex64>, RunTimes)> {
        let t0 = Instant::now();
        let len = input.len();
        b.staging.with_map(|m| {
            m[..len]
                .par_iter_mut()
                .zip(input.par_iter())
                .for_each(|(d, c)| *d = f32::from_bits(h.pack(*c)));
            Ok(())
        })?;
        let mut times = self.round_trip(gpu, b, len)?;
        let out = b.staging.with_map(|m| {
            Ok(m[..len]
                .par_iter()
                .map(|w| h.unpack(w.to_bits()))
                .collect::<Vec<_>>())
        })?;
        check_finite(h, &out)?;
        times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok((out, times))
    }
}
