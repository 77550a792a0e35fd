//! `jitfft.vc` / `ivc` over a device set: the batch's transforms split over the members
//! (`device_set::split_rows`), each member running its rows through its plan cache's plan for
//! that many rows (the one-device `vc::execute`), straight into its rows of the result: a
//! fresh array, `out`, or `x` itself (in place).

use crate::cache::get_or_build;
use crate::convert::ComplexArray;
use crate::device_set::{open, split_rows, OpenSet, Rows};
use crate::errors::to_py;
use crate::vc::{checked, execute, fresh, out_array, Dest, Ready, Request, SharedReady};
use jitfft::io::input::{find_non_finite_where, NonFinitePolicy};
use jitfft::runtime::timing::RunTimes;
use jitfft::runtime::{Gpu, SetSpec};
use jitfft::vc::request::Request as LibRequest;
use jitfft::vc::{DeviceComplex, VcTransform};
use num_complex::{Complex32, Complex64};
use numpy::{PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use std::sync::Arc;

/// `_vc` over the set `spec` names (`shown`: `device=` as written): `x` (B·N values)
/// into a new 1-D array, into `out`, or in place when `out` is `x`.
pub(crate) fn run<'py>(
    py: Python<'py>,
    req: &Request,
    (spec, shown): (&SetSpec, &str),
    x: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
    check_finite: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let lib = req.request()?;
    let set = py.allow_threads(|| open(spec, shown)).map_err(to_py)?;
    let job = Job {
        req,
        lib: &lib,
        set: &set,
        check_finite,
    };
    match checked(req, x, out)? {
        (ComplexArray::F32(a), in_place) => job.run::<Complex32>(py, a, out, in_place),
        (ComplexArray::F64(a), in_place) => job.run::<Complex64>(py, a, out, in_place),
    }
}

/// One call's request and set.
struct Job<'a> {
    req: &'a Request,
    lib: &'a LibRequest,
    set: &'a OpenSet,
    check_finite: bool,
}

/// Refuses NaN or infinite values before any member writes (the library's message; the
/// Python layer names the index in `x`).
fn refuse_non_finite<C: DeviceComplex>(data: &[C]) -> jitfft::Result<()> {
    if C::all_finite(bytemuck::cast_slice(data)) {
        return Ok(());
    }
    let refuse = NonFinitePolicy::Refuse {
        refused_by: crate::vc::REFUSED_BY,
    };
    refuse
        .apply(
            find_non_finite_where(data.iter().map(C::is_finite)),
            "input",
        )
        .map(|_| ())
}

impl Job<'_> {
    /// A member's plan for `rows` rows, from its plan cache.
    fn plan(&self, gpu: &Arc<Gpu>, rows: u64) -> jitfft::Result<SharedReady> {
        let r = Request {
            batch: rows,
            ..self.req.clone()
        };
        let lib = LibRequest {
            batch: Some(rows),
            ..self.lib.clone()
        };
        get_or_build(gpu, "vc", r.key(), || r.build_on(gpu, &lib))
    }

    /// Into a fresh array, each member's rows straight into it (on a CPU device through the
    /// wrapped path where its rows are aligned); into `out` or in place, every value checked
    /// first (where `check_finite`), so a refused input leaves them untouched.
    fn run<'py, C>(
        &self,
        py: Python<'py>,
        x: Bound<'py, PyArrayDyn<C>>,
        out: Option<&Bound<'py, PyAny>>,
        in_place: bool,
    ) -> PyResult<Bound<'py, PyAny>>
    where
        C: DeviceComplex + numpy::Element,
    {
        let per = u64::from(self.req.p).pow(self.req.n);
        let plan = |gpu: &Arc<Gpu>, rows| self.plan(gpu, rows);
        if in_place {
            let mut rw = x.try_readwrite()?;
            let data = rw.as_slice_mut()?;
            py.allow_threads(|| {
                if self.check_finite {
                    refuse_non_finite(&*data)?;
                }
                let rows = self.rows(None, (data, per));
                split_rows(self.set, rows, plan, |r, _, o| {
                    once(r, None, o, Dest::InPlace, false)
                })
            })
            .map_err(to_py)?;
            return Ok(x.into_any());
        }
        let align =
            self.set.members.iter().find_map(|g| {
                VcTransform::maps_host_memory(g).then(|| VcTransform::host_alignment(g))
            });
        let dest: Bound<'py, PyArrayDyn<C>> = match out {
            None => fresh::<C>(py, x.len(), align)?,
            Some(o) => out_array::<C>(self.req, o, x.len())?,
        };
        {
            let ro = x.readonly();
            let input = ro.as_slice()?;
            let mut rw = dest.try_readwrite()?;
            let output = rw.as_slice_mut()?;
            let given = out.is_some();
            py.allow_threads(|| {
                // A fresh array is discarded on an error: each member checks its own rows.
                let member_checks = self.check_finite && !given;
                if self.check_finite && given {
                    refuse_non_finite(input)?;
                }
                let rows = self.rows(Some((input, per)), (output, per));
                split_rows(self.set, rows, plan, |r, i, o| {
                    let dest = match r.wrap_align {
                        Some(a) if !given && (o.as_ptr() as usize) % a == 0 => Dest::Fresh,
                        _ => Dest::Given,
                    };
                    once(r, i, o, dest, member_checks)
                })
            })
            .map_err(to_py)?;
        }
        Ok(dest.into_any())
    }

    fn rows<'a, C>(
        &self,
        input: Option<(&'a [C], u64)>,
        output: (&'a mut [C], u64),
    ) -> Rows<'a, C, C> {
        Rows {
            rows: self.req.batch,
            input,
            output,
        }
    }
}

/// One execution of a member's rows, its times (what the split reports).
fn once<C: DeviceComplex>(
    r: &mut Ready,
    input: Option<&[C]>,
    output: &mut [C],
    dest: Dest,
    check_finite: bool,
) -> jitfft::Result<RunTimes> {
    execute(r, input, output, dest, check_finite)?;
    r.runs
        .last()
        .cloned()
        .ok_or_else(|| jitfft::JitError::Device("a run left no times".into()))
}
