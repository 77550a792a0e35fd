//! Device sets for Python (`device=[0, 1]`, `"all"`, `"0,0"`): the members opened once per
//! process, and batched work split over them with the library's split
//! (`jitfft::model::split`), each member running the one-device path on its rows and writing
//! them in place in the caller's array. Every function that splits (`vc`, `ivc`, `rvc`,
//! `irvc`, `wht`; `bent` through its own split) opens its set here.
//!
//! A member's first occurrence in a set is the process's one-device context of that device
//! (`crate::device`), so it shares that device's plan cache; a repeat (`[0, 0]`) opens one more
//! context and queue on the device, kept for later sets. Each member's plan is its plan
//! cache's, built for its rows.

use crate::cache::Shared;
use jitfft::model::split::{equal_shares, rows_of, run_shares};
use jitfft::runtime::timing::RunTimes;
use jitfft::runtime::{list_devices, DeviceSelector, DeviceSet, Gpu, SetSpec};
use jitfft::JitError;
use std::sync::{Arc, Mutex};

/// An opened device set.
pub(crate) struct OpenSet {
    /// The members in order, each the key of its own plan cache.
    pub members: Vec<Arc<Gpu>>,
    /// The same contexts and queues as the library's set (what its split takes).
    pub set: DeviceSet,
}

/// Sets opened so far, by spec (`SetSpec`'s Debug form).
static SETS: Mutex<Vec<(String, Arc<OpenSet>)>> = Mutex::new(Vec::new());
/// A repeated member's device index and occurrence (≥ 1: `[0, 0]`'s second 0 is `(0, 1)`).
type Repeat = (usize, usize);
/// The extra contexts of repeated members.
static REPEATS: Mutex<Vec<(Repeat, Arc<Gpu>)>> = Mutex::new(Vec::new());

/// Another handle to `g`'s context and queue (the library's set holds its members by value;
/// the plan caches key by the `Arc`).
fn handle(g: &Gpu) -> Gpu {
    Gpu {
        device: g.device,
        context: g.context.clone(),
        queue: g.queue.clone(),
        info: g.info.clone(),
        knobs: g.knobs.clone(),
    }
}

/// Refuses a list naming a device index this host lacks: a `ValueError` naming the index and
/// listing the devices found (a device that is absent is the caller's mistake here).
fn check_indices(spec: &SetSpec, shown: &str) -> jitfft::Result<()> {
    let SetSpec::List(sels) = spec else {
        return Ok(());
    };
    let devs = list_devices()?;
    for sel in sels {
        if let DeviceSelector::Index(i) = sel {
            if !devs.iter().any(|d| d.info.index == *i) {
                let found: Vec<String> = devs
                    .iter()
                    .map(|d| format!("{}: {} ({})", d.info.index, d.info.name, d.info.kind))
                    .collect();
                return Err(JitError::invalid(format!(
                    "device={shown}: no device {i}; this host has {} device(s): {}",
                    devs.len(),
                    found.join("; ")
                )));
            }
        }
    }
    Ok(())
}

/// The set `spec` names, opened once per process (`shown`: the argument as written, for
/// errors). Call with the GIL released. A member that names no device is a `ValueError`.
pub(crate) fn open(spec: &SetSpec, shown: &str) -> jitfft::Result<Arc<OpenSet>> {
    let key = format!("{spec:?}");
    let mut sets = SETS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, s)) = sets.iter().find(|(k, _)| *k == key) {
        return Ok(s.clone());
    }
    check_indices(spec, shown)?;
    let found = spec.resolve().map_err(|e| match e {
        JitError::Device(m) => JitError::invalid(format!("device={shown}: {m}")),
        other => other,
    })?;
    let mut members = Vec::new();
    let mut seen: Vec<usize> = Vec::new();
    for f in found {
        let index = f.info.index;
        let occurrence = seen.iter().filter(|&&i| i == index).count();
        seen.push(index);
        let gpu = if occurrence == 0 {
            crate::device(Some(&index.to_string()))?
        } else {
            let mut repeats = REPEATS.lock().unwrap_or_else(|e| e.into_inner());
            match repeats.iter().find(|(k, _)| *k == (index, occurrence)) {
                Some((_, g)) => g.clone(),
                None => {
                    let g = Arc::new(Gpu::from_found(f)?);
                    repeats.push(((index, occurrence), g.clone()));
                    g
                }
            }
        };
        crate::cache::register(&gpu);
        members.push(gpu);
    }
    let set = DeviceSet::of(members.iter().map(|g| handle(g)).collect())?;
    let open = Arc::new(OpenSet { members, set });
    sets.push((key, open.clone()));
    Ok(open)
}

/// Where a split's rows come from and go: `rows` rows, `input` holding `in_per` values a row
/// (`None`: in place, the output is also the input) and `output` `out_per` values a row.
pub(crate) struct Rows<'a, I, O> {
    pub rows: u64,
    pub input: Option<(&'a [I], u64)>,
    pub output: (&'a mut [O], u64),
}

/// Runs `rows` over `set` with the GIL released by the caller: the rows in equal shares
/// (`model::split::equal_shares`), every member at once on its own thread
/// (`model::split::run_shares`), each taking `plan(member, its rows)` from its plan cache and
/// running `exec(plan, its input rows or None, its output rows)`; each member writes only
/// its rows of the output. A single share runs on the calling thread. An input error of a
/// member (`InvalidInput`: NaN, an overflow) is the caller's error, as on one device; a
/// device failure names the member. On an error the members that finished have written
/// their rows.
pub(crate) fn split_rows<S, I, O>(
    set: &OpenSet,
    rows: Rows<'_, I, O>,
    plan: impl Fn(&Arc<Gpu>, u64) -> jitfft::Result<Shared<S>> + Sync,
    exec: impl Fn(&mut S, Option<&[I]>, &mut [O]) -> jitfft::Result<RunTimes> + Sync,
) -> jitfft::Result<()>
where
    S: Send,
    I: Sync,
    O: Send,
{
    let Rows {
        rows,
        input,
        output: (output, out_per),
    } = rows;
    let shares = equal_shares(rows, set.members.len());
    // Each share's rows of the output, for its member alone.
    let mut parts: Vec<Mutex<&mut [O]>> = Vec::new();
    let mut rest = output;
    for s in &shares {
        let len = ((s.rows.end - s.rows.start) * out_per) as usize;
        let (mine, others) = std::mem::take(&mut rest).split_at_mut(len);
        parts.push(Mutex::new(mine));
        rest = others;
    }
    let input_error: Mutex<Option<String>> = Mutex::new(None);
    let run = |_: &(),
               _: &Gpu,
               r: std::ops::Range<u64>,
               _: Option<()>|
     -> jitfft::Result<((), RunTimes)> {
        let k = shares
            .iter()
            .position(|s| s.rows.start == r.start)
            .ok_or_else(|| JitError::Device(format!("rows {r:?} are no share's")))?;
        let shared = plan(&set.members[shares[k].member], r.end - r.start)?;
        let mut out = parts[k].lock().unwrap_or_else(|e| e.into_inner());
        let inp = input.map(|(x, per)| rows_of(x, &r, per));
        let mut st = shared.lock().unwrap_or_else(|e| e.into_inner());
        let t = exec(&mut st, inp, &mut out).inspect_err(|e| {
            if let JitError::InvalidInput(m) = e {
                let mut first = input_error.lock().unwrap_or_else(|e| e.into_inner());
                first.get_or_insert_with(|| m.clone());
            }
        })?;
        Ok(((), t))
    };
    if let [one] = shares.as_slice() {
        // One member with rows (a set of one device, or one row): the one-device path on
        // the calling thread, as the CLI runs a set of one (a thread hop costs ms on a
        // loaded host).
        return run(&(), &set.set.members[one.member], one.rows.clone(), None).map(|_| ());
    }
    // One run, no warm-up: a call is one transform of the caller's rows.
    match run_shares(
        &set.set,
        &shares,
        (false, 1),
        |_, _| Ok(()),
        run,
        |_| Ok(()),
    ) {
        Ok(_) => Ok(()),
        Err(e) => {
            let first = input_error.lock().unwrap_or_else(|e| e.into_inner()).take();
            Err(first.map_or(e, JitError::InvalidInput))
        }
    }
}
