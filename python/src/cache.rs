//! One plan cache per device for every kind of plan the module builds (vc, mul, ntt, gfp,
//! bent, spectrum_stats, autocorr, wht): the built programs, device buffers and pinned staging
//! stay allocated across calls.
//! Bounded per device by a plan count and a byte limit (device buffers), the least recently
//! used plan evicted first. Thread-safe: the table is locked only to look up, insert and evict;
//! each plan has its own mutex, so runs on one plan serialise and runs on others do not.
//! Builds run one at a time (a thread that missed a plan another thread is building waits and
//! then finds it).
//!
//! A plan in use when it is evicted or cleared is freed when its last call returns.

use jitfft::runtime::Gpu;
use jitfft::JitError;
use std::any::Any;
use std::sync::{Arc, Mutex};

/// A cached plan, locked for a run.
pub(crate) type Shared<T> = Arc<Mutex<T>>;

/// Plans kept per device unless `set_plan_cache_limits` says otherwise.
const DEFAULT_MAX_PLANS: usize = 16;
/// Device bytes kept per device by default: this fraction of its global memory.
const DEFAULT_MEMORY_FRACTION: u64 = 4;

/// The sizes a plan holds, for the limits and `plan_cache_info()`.
#[derive(Clone, Copy, Default)]
pub(crate) struct Footprint {
    /// Device buffers (data, tables, scratch).
    pub device_bytes: u64,
    /// Pinned host staging.
    pub host_bytes: u64,
}

struct Entry {
    device: usize,
    kind: &'static str,
    key: String,
    size: Footprint,
    hits: u64,
    used: u64,
    plan: Arc<dyn Any + Send + Sync>,
}

/// Per device: its name, memory and counters.
#[derive(Clone)]
pub(crate) struct DeviceCounters {
    pub id: usize,
    pub name: String,
    pub global_mem_bytes: u64,
    pub hits: u64,
    pub misses: u64,
    pub evictions: u64,
}

struct Table {
    entries: Vec<Entry>,
    devices: Vec<DeviceCounters>,
    clock: u64,
    max_plans: usize,
    max_bytes: Option<u64>,
}

static TABLE: Mutex<Table> = Mutex::new(Table {
    entries: Vec::new(),
    devices: Vec::new(),
    clock: 0,
    max_plans: DEFAULT_MAX_PLANS,
    max_bytes: None,
});

/// Held while a plan is built (see `get_or_build`).
static BUILDING: Mutex<()> = Mutex::new(());

fn table() -> std::sync::MutexGuard<'static, Table> {
    TABLE.lock().unwrap_or_else(|e| e.into_inner())
}

/// A device's identity in the cache: its context (plans' buffers belong to one context).
fn device_id(gpu: &Arc<Gpu>) -> usize {
    Arc::as_ptr(gpu) as usize
}

impl Table {
    fn counters(&mut self, gpu: &Arc<Gpu>) -> &mut DeviceCounters {
        let id = device_id(gpu);
        let i = match self.devices.iter().position(|d| d.id == id) {
            Some(i) => i,
            None => {
                self.devices.push(DeviceCounters {
                    id,
                    name: gpu.info.name.clone(),
                    global_mem_bytes: gpu.info.global_mem_bytes,
                    hits: 0,
                    misses: 0,
                    evictions: 0,
                });
                self.devices.len() - 1
            }
        };
        &mut self.devices[i]
    }

    fn max_bytes_of(&self, global_mem_bytes: u64) -> u64 {
        self.max_bytes
            .unwrap_or(global_mem_bytes / DEFAULT_MEMORY_FRACTION)
    }

    /// Evicts the least recently used plans of `device` until its count and bytes fit.
    fn evict(&mut self, device: usize) {
        let mem = self
            .devices
            .iter()
            .find(|d| d.id == device)
            .map_or(u64::MAX, |d| d.global_mem_bytes);
        let max_bytes = self.max_bytes_of(mem);
        loop {
            let mine = self.entries.iter().filter(|e| e.device == device);
            let (count, bytes) =
                mine.fold((0usize, 0u64), |(c, b), e| (c + 1, b + e.size.device_bytes));
            if count == 0 || (count <= self.max_plans && bytes <= max_bytes) {
                return;
            }
            let oldest = self
                .entries
                .iter()
                .enumerate()
                .filter(|(_, e)| e.device == device)
                .min_by_key(|(_, e)| e.used)
                .map(|(i, _)| i);
            if let Some(i) = oldest {
                self.entries.remove(i);
                if let Some(d) = self.devices.iter_mut().find(|d| d.id == device) {
                    d.evictions += 1;
                }
            }
        }
    }

    fn lookup<T: Send + 'static>(
        &mut self,
        gpu: &Arc<Gpu>,
        kind: &str,
        key: &str,
    ) -> Option<Shared<T>> {
        let id = device_id(gpu);
        self.clock += 1;
        let clock = self.clock;
        let e = self
            .entries
            .iter_mut()
            .find(|e| e.device == id && e.kind == kind && e.key == key)?;
        e.used = clock;
        e.hits += 1;
        let plan = e.plan.clone().downcast::<Mutex<T>>().ok()?;
        self.counters(gpu).hits += 1;
        Some(plan)
    }
}

/// Lists `gpu` in `info()` from now on (device sets list their members in order, so a
/// device's one-device context comes before a repeated member's: `[0, 0]`).
pub(crate) fn register(gpu: &Arc<Gpu>) {
    table().counters(gpu);
}

/// The cached plan of `kind` and `key` on `gpu`, built by `build` (which also says its
/// footprint) when absent. Call with the GIL released. A build that fails for lack of device
/// memory while the cache holds plans on the device frees them and tries once more; the error
/// then says what the cache held.
pub(crate) fn get_or_build<T: Send + 'static>(
    gpu: &Arc<Gpu>,
    kind: &'static str,
    key: String,
    mut build: impl FnMut() -> jitfft::Result<(T, Footprint)>,
) -> jitfft::Result<Shared<T>> {
    if let Some(plan) = table().lookup::<T>(gpu, kind, &key) {
        return Ok(plan);
    }
    // One build at a time: threads missing the same plan build it once, and concurrent
    // compiles are avoided (PoCL without its kernel cache aborted on them).
    let _building = BUILDING.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(plan) = table().lookup::<T>(gpu, kind, &key) {
        return Ok(plan);
    }
    table().counters(gpu).misses += 1;
    let (plan, size) = match build() {
        Ok(built) => built,
        Err(e @ (JitError::Device(_) | JitError::OpenCl { .. })) => {
            let (count, bytes) = clear_device(gpu);
            if count == 0 {
                return Err(e);
            }
            build().map_err(|e2| match e2 {
                JitError::Device(msg) => JitError::Device(format!(
                    "{msg} (the plan cache held {count} plan(s), {:.1} MiB on this device; they were freed and the build retried)",
                    bytes as f64 / (1024.0 * 1024.0)
                )),
                other => other,
            })?
        }
        Err(e) => return Err(e),
    };
    let shared: Shared<T> = Arc::new(Mutex::new(plan));
    let mut t = table();
    let id = device_id(gpu);
    t.counters(gpu);
    t.clock += 1;
    let used = t.clock;
    t.entries.push(Entry {
        device: id,
        kind,
        key,
        size,
        hits: 0,
        used,
        plan: shared.clone(),
    });
    t.evict(id);
    Ok(shared)
}

/// Drops every cached plan of `gpu`'s device; returns how many and their device bytes.
fn clear_device(gpu: &Arc<Gpu>) -> (usize, u64) {
    let id = device_id(gpu);
    let mut t = table();
    let (mine, rest): (Vec<Entry>, Vec<Entry>) = std::mem::take(&mut t.entries)
        .into_iter()
        .partition(|e| e.device == id);
    t.entries = rest;
    let bytes = mine.iter().map(|e| e.size.device_bytes).sum();
    t.counters(gpu).evictions += mine.len() as u64;
    (mine.len(), bytes)
}

/// Drops every cached plan (of one kind where given); returns how many.
pub(crate) fn clear(kind: Option<&str>) -> usize {
    let mut t = table();
    let before = t.entries.len();
    t.entries.retain(|e| kind.is_some_and(|k| k != e.kind));
    before - t.entries.len()
}

/// Sets the limits (None leaves one as it is; `max_bytes` 0 restores the default, a quarter of
/// each device's memory) and evicts what no longer fits. Returns the limits now.
pub(crate) fn set_limits(max_plans: Option<usize>, max_bytes: Option<u64>) -> (usize, Option<u64>) {
    let mut t = table();
    if let Some(n) = max_plans {
        t.max_plans = n;
    }
    if let Some(b) = max_bytes {
        t.max_bytes = (b > 0).then_some(b);
    }
    let ids: Vec<usize> = t.devices.iter().map(|d| d.id).collect();
    for id in ids {
        t.evict(id);
    }
    (t.max_plans, t.max_bytes)
}

/// One cached plan as `plan_cache_info()` lists it.
#[derive(serde::Serialize)]
pub(crate) struct EntryInfo {
    kind: &'static str,
    key: String,
    device_bytes: u64,
    host_bytes: u64,
    hits: u64,
}

/// One device's cache as `plan_cache_info()` shows it.
#[derive(serde::Serialize)]
pub(crate) struct DeviceInfo {
    device: String,
    plans: usize,
    device_bytes: u64,
    host_bytes: u64,
    max_plans: usize,
    max_bytes: u64,
    hits: u64,
    misses: u64,
    evictions: u64,
    entries: Vec<EntryInfo>,
}

/// Every device's cache: its plans (least recently used first), sizes, limits and counters.
pub(crate) fn info() -> Vec<DeviceInfo> {
    let t = table();
    let mut out = Vec::new();
    for d in &t.devices {
        let mut mine: Vec<&Entry> = t.entries.iter().filter(|e| e.device == d.id).collect();
        mine.sort_by_key(|e| e.used);
        out.push(DeviceInfo {
            device: d.name.clone(),
            plans: mine.len(),
            device_bytes: mine.iter().map(|e| e.size.device_bytes).sum(),
            host_bytes: mine.iter().map(|e| e.size.host_bytes).sum(),
            max_plans: t.max_plans,
            max_bytes: t.max_bytes_of(d.global_mem_bytes),
            hits: d.hits,
            misses: d.misses,
            evictions: d.evictions,
            entries: mine
                .iter()
                .map(|e| EntryInfo {
                    kind: e.kind,
                    key: e.key.clone(),
                    device_bytes: e.size.device_bytes,
                    host_bytes: e.size.host_bytes,
                    hits: e.hits,
                })
                .collect(),
        });
    }
    out
}
