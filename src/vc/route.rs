//! [`resolve`]: which route a [`Request`] takes on a device (in memory, zero-copy .npy,
//! streamed, the real path), decided once from the request and at most the input's .npy
//! header, with the fit and the paths half storage refuses. Front ends (the CLI's `vc`, the
//! Python module) build a [`Request`], call [`resolve`], run the route and print.

use super::choose::{default_plan, Chosen};
use super::file_run::{native_input, NativeInput};
use super::half_io::check_output;
use super::overlap::DownloadMode;
use super::plan::VcPlan;
use super::request::{host_shortfall, plan, Request};
use super::stream::fits;
use crate::error::{JitError, Result};
use crate::io::npy_sizes::{input_sizes, InputSizes};
use crate::runtime::show::mib;
use crate::runtime::{Gpu, Knobs};
use crate::transform::Precision;
use std::path::Path;

/// How a run moves its data.
#[derive(Debug, Clone)]
pub enum Route {
    /// Streamed through the device in chunks (`vc::stream`); each chunk transform's plan is
    /// [`chunk_plan`](super::request::chunk_plan)'s.
    Streamed {
        /// `--stream`, or why the plan does not fit the device.
        reason: String,
        /// Not asked for: the front end says so (the reason) before it runs.
        announced: bool,
    },
    /// A .npy in the plan's dtype, read into and written from the pinned staging as is
    /// (`vc::file_run`).
    Native(NativeInput),
    /// Host data in memory: plain, truth-vector or overlapped runs.
    InMemory,
    /// Real input or output in numpy's rfftn layout, in memory (`vc::real`).
    Real,
    /// Real input or output streamed through the device (`vc::real::streamed`).
    RealStreamed {
        /// `--stream`, or why the real run does not fit the device.
        reason: String,
        /// Whether to tell the user why (not when asked for).
        announced: bool,
    },
}

/// A request resolved on a device.
#[derive(Debug, Clone)]
pub struct Resolved {
    /// The route.
    pub route: Route,
    /// The plan, where the sizes are known before the data is read (the zero-copy route);
    /// in memory it is [`plan`] of the sizes the data has.
    pub plan: Option<Chosen>,
    /// Why this route, in words.
    pub why: String,
}

/// Decides the route of `req` on `gpu` and, where the sizes are known without the data, its
/// plan. Reads at most the input's .npy header.
pub fn resolve(req: &Request, gpu: &Gpu, knobs: &Knobs) -> Result<Resolved> {
    refuse_paths(req)?;
    if req.real {
        crate::vc::real::resolve::refuse_options(req)?;
        let too_big = || crate::vc::real::fit::too_big(req, gpu, knobs);
        let streamed = if req.stream {
            Some(("--stream".to_string(), false))
        } else {
            too_big().map(|r| (r, true))
        };
        if let Some((reason, announced)) = streamed {
            if let Some(h) = req.half {
                return Err(JitError::Device(format!(
                    "{reason}; the streamed real path stores f32 or f64, not {h}: use a smaller n or batch"
                )));
            }
            return Ok(Resolved {
                route: Route::RealStreamed { reason, announced },
                plan: None,
                why: "real input or output streamed through the device".into(),
            });
        }
        return Ok(Resolved {
            route: Route::Real,
            plan: None,
            why: "real input (rfftn) or real output (irfftn): the real path, in memory".into(),
        });
    }
    if req.stream {
        return Ok(Resolved {
            route: Route::Streamed {
                reason: "--stream".into(),
                announced: false,
            },
            plan: None,
            why: "asked for (--stream)".into(),
        });
    }
    // The input's header, read once (no data): its sizes decide the fit and the zero-copy route.
    let sizes = match &req.input {
        Some(path) => input_sizes(path, req.p, req.batch),
        None => InputSizes::default(),
    };
    if let Some(reason) = too_big(req, &sizes, gpu, knobs) {
        if let Some(h) = req.half {
            return Err(JitError::Device(format!(
                "{reason}; the streamed path stores f32 or f64, not {h}: use a smaller n or batch"
            )));
        }
        return Ok(Resolved {
            route: Route::Streamed {
                reason,
                announced: true,
            },
            plan: None,
            why: "the plan does not fit the device; the host holds it".into(),
        });
    }
    if let Some(src) = native_source(req, &sizes) {
        let chosen = plan(req, gpu, Some(src.n), Some(src.batch))?;
        return Ok(Resolved {
            route: Route::Native(src),
            plan: Some(chosen),
            why: "a .npy in the plan's dtype and nothing needs the data on the host".into(),
        });
    }
    Ok(Resolved {
        route: Route::InMemory,
        plan: None,
        why: "host data in memory".into(),
    })
}

/// Why a plan whose sizes are known before the data (`--n`, or a complex .npy's header) must
/// stream: it does not fit the device and the host holds it. `None`: it fits, the sizes are
/// unknown or invalid (the in-memory route reports those), or truth/overlap runs.
fn too_big(req: &Request, sizes: &InputSizes, gpu: &Gpu, knobs: &Knobs) -> Option<String> {
    if req.truth || req.overlap.is_some() {
        return None;
    }
    let (n, batch) = match &req.input {
        None => (req.n?, req.batch.unwrap_or(1)),
        Some(_) => {
            let (b, n) = sizes.complex?;
            (n, b)
        }
    };
    let plan = VcPlan::new(req.p, n, req.options())
        .ok()?
        .with_batch(batch)
        .ok()?;
    // Every device jitfft meets holds two 512 MiB buffers: smaller plans need no look unless
    // a cap is set.
    if !knobs.device_memory_capped && plan.buffer_bytes() <= 512 << 20 {
        return None;
    }
    let plan = if req.schedule_open() {
        default_plan(gpu, plan.clone(), req.options())
            .ok()?
            .plan
            .with_batch(batch)
            .ok()?
    } else {
        plan
    };
    // Streaming keeps the array in host memory: a plan the host cannot hold either is left
    // to the in-memory route's refusal (which names the device's limit).
    if fits(gpu, &plan) || host_shortfall(&plan, req.check).is_some() {
        return None;
    }
    Some(format!(
        "{}^{n}{} needs {} buffer(s) of {}; {} allows {} per allocation and {} in all: streaming it through the device (vc --stream)",
        req.p,
        if batch > 1 { format!(" × {batch}") } else { String::new() },
        plan.buffers_needed(),
        mib(plan.buffer_bytes()),
        gpu.info.name,
        mib(gpu.info.max_alloc_bytes),
        mib(gpu.info.global_mem_bytes),
    ))
}

/// The zero-copy source when nothing needs the data on the host: .npy or no output, no
/// check, truth vectors or roots encoding (it applies to integer input: the in-memory route
/// refuses it on complex), no packed overlapped download, and the file in the plan's dtype
/// (one transform when overlapped).
fn native_source(req: &Request, sizes: &InputSizes) -> Option<NativeInput> {
    let path = req.input.as_deref()?;
    let npy_out = |o: &Path| {
        o != Path::new("-") && o.extension().is_some_and(|e| e.eq_ignore_ascii_case("npy"))
    };
    if req.roots
        || req.half.is_some()
        || req.truth
        || req.check
        || req.output.as_deref().is_some_and(|o| !npy_out(o))
        || req.overlap == Some(DownloadMode::Packed)
    {
        return None;
    }
    let src = native_input(path, sizes.raw.as_ref()?, req.n, req.batch, req.precision)?;
    (req.overlap.is_none() || src.batch == 1).then_some(src)
}

/// Refuses the paths of a request that cannot store half, with the reason: `--stream`,
/// `--mpi` (its own front end), `--truth`, `--overlap`, `--ct-lanes` and
/// f64 arithmetic.
pub fn refuse_paths(req: &Request) -> Result<()> {
    let Some(h) = req.half else { return Ok(()) };
    let why = if req.stream {
        Some("--stream: the streamed path stores chunks in f32 or f64")
    } else if req.truth {
        Some("--truth: truth vectors are decoded into the f32 or f64 spectrum")
    } else if req.overlap.is_some() {
        Some("--overlap: the overlapped transfers move f32 or f64 rows")
    } else if req.ct_lanes.is_some() {
        Some("--ct-lanes: the CPU-shaped kernels load f32 vectors")
    } else if req.precision != Precision::F32 {
        Some("half storage computes in f32")
    } else {
        None
    };
    if let Some(w) = why {
        return Err(JitError::invalid(format!(
            "--precision {h} is not available with {w}; run without it or with --precision f32"
        )));
    }
    match &req.output {
        Some(out) => check_output(out, h),
        None => Ok(()),
    }
}
