//! `bench`'s sweep as the library runs it: the variants of each p (algorithms × coefficient
//! modes × radices × precisions), every plan checked before anything is measured, then for
//! each (p, n) the CPU reference point and every device's variants (`bench::sweep`, timed by
//! `bench::harness`), the records handed out after each point.

use super::bandwidth::copy_bandwidth_gbs;
use super::export::PeerTimes;
use super::fft_sweep::{run_fft_sweep, FftSweepSpec};
use super::plot::{fft_time_chart, ratio_chart, time_chart};
use super::sweep::{cpu_point, device_point, inner_plan, real_plan, Input, Variant};
use super::{BenchRecord, RepeatPolicy};
use crate::io::atomic::write_atomic;
use crate::runtime::discover::select_devices;
use crate::runtime::Gpu;
use crate::vc::plan::log_exact;
use crate::vc::{Algorithm, Coeffs, Precision, VcOptions, VcPlan};
use anyhow::{bail, Context, Result};
use std::path::Path;

/// What a sweep measures.
#[derive(Debug, Clone)]
pub struct SweepSpec {
    /// Values of p.
    pub ps: Vec<u32>,
    /// Values of n.
    pub ns: Vec<u32>,
    /// Algorithms.
    pub algorithms: Vec<Algorithm>,
    /// Coefficient modes.
    pub coeffs: Vec<Coeffs>,
    /// Radices r = p^m, each used with the p it is a power of (empty: r = p).
    pub radices: Vec<u64>,
    /// Precisions.
    pub precisions: Vec<Precision>,
    /// How each point is repeated.
    pub policy: RepeatPolicy,
    /// numpy's rfftn of real input (`bench --real`, [`Input::Real`]): the variants choose
    /// the real run's complex passes over p^(n−1) points.
    pub real: bool,
}

/// What `bench` sweeps: VC transforms (p, n, variants) or the FFT of any shape (`--fft`),
/// one family of the same records, exports and plots.
#[derive(Debug, Clone)]
pub enum Sweep {
    /// The VC transform.
    Vc(SweepSpec),
    /// The FFT of any shape.
    Fft(FftSweepSpec),
}

impl Sweep {
    /// How each point is repeated.
    pub fn policy(&self) -> &RepeatPolicy {
        match self {
            Sweep::Vc(s) => &s.policy,
            Sweep::Fft(s) => &s.policy,
        }
    }

    /// Refuses, before anything is measured, what cannot run.
    pub fn validate(&self) -> Result<()> {
        match self {
            Sweep::Vc(s) => s.validate(),
            Sweep::Fft(s) => s.validate(),
        }
    }

    /// Points the sweep measures on `devices` devices.
    pub fn points(&self, devices: usize) -> u64 {
        match self {
            Sweep::Vc(s) => s.points(devices),
            Sweep::Fft(s) => s.points(devices),
        }
    }

    /// Runs the sweep ([`run_sweep`], [`run_fft_sweep`]; peers annotate VC rows only).
    pub fn run(
        &self,
        gpus: &[(Gpu, Option<f64>)],
        peer: Option<&PeerTimes>,
        progress: &mut dyn FnMut(String),
        each: &mut dyn FnMut(&[BenchRecord]) -> Result<()>,
    ) -> Result<Vec<BenchRecord>> {
        match self {
            Sweep::Vc(s) => run_sweep(s, gpus, peer, progress, each),
            Sweep::Fft(s) => run_fft_sweep(s, gpus, progress, each),
        }
    }

    /// The SVG plots into `dir`: VC, two a p ([`write_plots`]); the FFT, kernel time against
    /// the points (`bench-fft-time.svg`).
    pub fn write_plots(&self, dir: &Path, records: &[BenchRecord]) -> Result<()> {
        match self {
            Sweep::Vc(s) => write_plots(dir, &s.ps, records),
            Sweep::Fft(_) => Ok(write_atomic(
                &dir.join("bench-fft-time.svg"),
                fft_time_chart(records).as_bytes(),
            )?),
        }
    }
}

/// `6..10` (inclusive), `6,8,10` or `7`.
pub fn parse_n_list(s: &str) -> Result<Vec<u32>> {
    let bad = || {
        anyhow::anyhow!("--n {s:?}: use a range such as 6..10 (inclusive), a list such as 6,8,10, or one number")
    };
    let v: Vec<u32> = if let Some((a, b)) = s.split_once("..") {
        let a: u32 = a.trim().parse().map_err(|_| bad())?;
        let b: u32 = b
            .trim()
            .trim_start_matches('=')
            .parse()
            .map_err(|_| bad())?;
        if b < a {
            bail!("--n {s:?}: the range is empty (end {b} < start {a})");
        }
        (a..=b).collect()
    } else {
        s.split(',')
            .map(|x| x.trim().parse::<u32>().map_err(|_| bad()))
            .collect::<Result<_>>()?
    };
    if v.is_empty() {
        return Err(bad());
    }
    Ok(v)
}

impl SweepSpec {
    /// The variants measured for `p`.
    pub fn variants(&self, p: u32) -> Vec<Variant> {
        let radices: Vec<Option<u64>> = if self.radices.is_empty() {
            vec![None]
        } else {
            self.radices
                .iter()
                .filter(|r| log_exact(p as u64, **r).is_some())
                .map(|r| Some(*r))
                .collect()
        };
        let mut out = Vec::new();
        for &precision in &self.precisions {
            for &coeffs in &self.coeffs {
                for &radix in &radices {
                    for &algorithm in &self.algorithms {
                        out.push(Variant {
                            algorithm,
                            radix,
                            coeffs,
                            precision,
                        });
                    }
                }
            }
        }
        out
    }

    /// Refuses, before anything is measured, a repeat policy that cannot run, a radix that is
    /// no power of any p, and any plan of the sweep that does not validate.
    pub fn validate(&self) -> Result<()> {
        self.policy.validate()?;
        for r in &self.radices {
            if !self.ps.iter().any(|p| log_exact(*p as u64, *r).is_some()) {
                let ps: Vec<String> = self.ps.iter().map(|p| p.to_string()).collect();
                bail!(
                    "--radix {r} is not a power of any p given ({}); a radix must be p^m",
                    ps.join(", ")
                );
            }
        }
        for &p in &self.ps {
            for &n in &self.ns {
                for v in self.variants(p) {
                    if self.real {
                        let rp = real_plan(p, n, v.precision)?;
                        inner_plan(&rp, &v).with_context(|| {
                            format!(
                                "--real p = {p}, n = {n}: the complex passes over p^{}",
                                n - 1
                            )
                        })?;
                        continue;
                    }
                    let o = VcOptions {
                        algorithm: v.algorithm,
                        radix: v.radix,
                        coeffs: v.coeffs,
                        precision: v.precision,
                        ..Default::default()
                    };
                    VcPlan::new(p, n, o).with_context(|| format!("p = {p}, n = {n}"))?;
                }
            }
        }
        Ok(())
    }

    /// Points the sweep measures on `devices` devices (each (p, n) has a CPU point).
    pub fn points(&self, devices: usize) -> u64 {
        let per_p =
            |p: u32| self.ns.len() as u64 * (1 + devices as u64 * self.variants(p).len() as u64);
        self.ps.iter().map(|&p| per_p(p)).sum()
    }
}

/// The devices `sel` names, each with its copy bandwidth (the floor beside each record).
pub fn open_devices(sel: Option<&str>) -> Result<Vec<(Gpu, Option<f64>)>> {
    let mut gpus = Vec::new();
    for f in select_devices(sel)? {
        let gpu = Gpu::from_found(f)?;
        let bw = copy_bandwidth_gbs(&gpu, 5).ok();
        gpus.push((gpu, bw));
    }
    Ok(gpus)
}

/// Runs the sweep: `progress` hears the next point's name before it runs, `each` the records
/// so far after every point (peer columns annotated).
pub fn run_sweep(
    spec: &SweepSpec,
    gpus: &[(Gpu, Option<f64>)],
    peer: Option<&PeerTimes>,
    progress: &mut dyn FnMut(String),
    each: &mut dyn FnMut(&[BenchRecord]) -> Result<()>,
) -> Result<Vec<BenchRecord>> {
    let mut records: Vec<BenchRecord> = Vec::new();
    let mut add = |records: &mut Vec<BenchRecord>, r: BenchRecord| -> Result<()> {
        records.push(r);
        if let Some(peer) = peer {
            peer.annotate(records);
        }
        each(records)
    };
    for &p in &spec.ps {
        for &n in &spec.ns {
            let (input, what) = match spec.real {
                true => (Input::Real, "rfftn "),
                false => (Input::Complex, ""),
            };
            progress(format!("p = {p}, n = {n}: CPU {what}reference"));
            let (cpu, reference) = cpu_point(input, p, n, &spec.policy)?;
            add(&mut records, cpu)?;
            for (gpu, bw) in gpus {
                for v in spec.variants(p) {
                    progress(format!(
                        "p = {p}, n = {n}: {} {what}{}",
                        gpu.info.name, v.algorithm
                    ));
                    let rec = device_point(gpu, *bw, &reference, &v, &spec.policy)?;
                    add(&mut records, rec)?;
                }
            }
        }
    }
    Ok(records)
}

/// The SVG plots of each p into `dir`: time against n, and the CT/CG ratio.
pub fn write_plots(dir: &Path, ps: &[u32], records: &[BenchRecord]) -> Result<()> {
    for &p in ps {
        write_atomic(
            &dir.join(format!("bench-p{p}-time.svg")),
            time_chart(records, p, vec![]).as_bytes(),
        )?;
        write_atomic(
            &dir.join(format!("bench-p{p}-ct-cg.svg")),
            ratio_chart(records, p, vec![]).as_bytes(),
        )?;
    }
    Ok(())
}
