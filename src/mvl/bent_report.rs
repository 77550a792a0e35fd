//! `jitfft bent --json`'s report, shared by the front ends (the CLI, the Python module's
//! `bent(..., report=True)`): the verdict counts, the rule, one function's |S| range, the
//! median times and the kernels' geometry.

use super::bent::{BentClassifier, BentRule, BentVerdicts};
use serde::Serialize;

/// The report of one classification of B functions.
#[derive(Debug, Clone, Serialize)]
pub struct ClassifyReport {
    /// Values per variable.
    pub p: u32,
    /// Variables.
    pub n: u32,
    /// Functions classified.
    pub functions: u64,
    /// How many are bent.
    pub bent_count: usize,
    /// Verdicts decided exactly (integer |S|², error bound below 1/2).
    pub exact: bool,
    /// How the verdicts were decided.
    pub rule: BentRule,
    /// p^(n/2)
    pub expected_magnitude: f64,
    /// One function: its verdict and |S| range (as before batches).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bent: Option<bool>,
    /// One function: min |S|.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_magnitude: Option<f64>,
    /// One function: max |S|.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_magnitude: Option<f64>,
    /// Kernel time (profiling events), median of the timed runs.
    pub kernel_ms: Option<f64>,
    /// Upload of the truth vectors (pinned → device event), median.
    pub upload_ms: Option<f64>,
    /// The whole classification from host memory (copy into pinned staging, upload, kernels,
    /// range flag, partials back, verdicts), host wall clock, median.
    pub end_to_end_ms: Option<f64>,
    /// Each host step of that call, median over the timed runs, and reading the input file
    /// (the CLI fills it in).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host_steps: Option<serde_json::Value>,
    /// Where the verdicts were written, if anywhere.
    pub output: Option<String>,
    /// The device (and precision), or the CPU reference.
    pub computed_on: String,
    /// Launches of the device classification (absent for the CPU reference).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub passes: Option<usize>,
    /// The device kernels' geometry (absent for the CPU reference).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kernels: Option<Vec<KernelGeometry>>,
    /// Split runs (a device set, or chunks that fit one device's allocations): each member's
    /// functions, chunks and times, and the set's wall clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_set: Option<crate::model::split::SetFigures>,
}

/// Median times of a classification: (kernel, upload, end to end) in ms.
pub type ClassifyTimes = (f64, f64, f64);

/// A device classification's timed runs: each figure over the runs (the report's `timing`).
#[derive(Debug, Clone, Copy)]
pub struct BentTimes {
    /// Kernels of one classification.
    pub kernel_ms: crate::runtime::Summary,
    /// The functions' upload.
    pub upload_ms: crate::runtime::Summary,
    /// One classification, host wall clock.
    pub end_to_end_ms: crate::runtime::Summary,
}

impl ClassifyReport {
    /// The report of verdicts `v` on `functions` functions; `times` and the classifier's
    /// kernels where a device ran them.
    pub fn new(
        functions: u64,
        v: &BentVerdicts,
        times: Option<ClassifyTimes>,
        kernels: Option<Vec<KernelGeometry>>,
        computed_on: String,
        output: Option<String>,
    ) -> ClassifyReport {
        let one = functions == 1;
        ClassifyReport {
            p: v.p,
            n: v.n,
            functions,
            bent_count: v.count(),
            exact: v.exact.iter().all(|&e| e),
            rule: v.rule,
            expected_magnitude: v.rule.expected2.sqrt(),
            bent: one.then(|| v.bent[0]),
            min_magnitude: v.min_abs.first().copied().filter(|_| one),
            max_magnitude: v.max_abs.first().copied().filter(|_| one),
            kernel_ms: times.map(|t| t.0),
            upload_ms: times.map(|t| t.1),
            end_to_end_ms: times.map(|t| t.2),
            host_steps: None,
            output,
            computed_on,
            passes: kernels.as_ref().map(|k| k.len()),
            kernels,
            device_set: None,
        }
    }
}

/// One launch of the classification: how its work is laid out.
#[derive(Debug, Clone, Serialize)]
pub struct KernelGeometry {
    /// The kernel's name.
    pub name: String,
    /// One work-item transforms a whole function (small N).
    pub per_item: bool,
    /// Work-items a work-group.
    pub work_group_size: u64,
    /// Work-groups launched.
    pub work_groups: u64,
    /// Functions a work-group holds.
    pub functions_per_group: u64,
    /// Complex values a work-item holds.
    pub values_per_work_item: u64,
    /// Work-items a function spans (per-item kernels: 1, or p when split by the top digit).
    pub work_items_per_function: u64,
}

/// The geometry of a classifier's launches.
pub fn geometry(c: &BentClassifier) -> Vec<KernelGeometry> {
    c.tr.schedule
        .fused_passes()
        .map(|f| KernelGeometry {
            name: f.name(),
            per_item: f.per_item,
            work_group_size: f.group_size(),
            work_groups: f.batch_groups(),
            functions_per_group: f.rows,
            values_per_work_item: f.regs(),
            work_items_per_function: f.threads(),
        })
        .collect()
}

impl ClassifyReport {
    /// The report as text, a line each: `input` names the functions' file, `repeat` the
    /// timed runs.
    pub fn lines(&self, input: &str, repeat: u32) -> Vec<String> {
        let decided = if self.exact {
            "exactly (|S|² are integers, error bound below 1/2)".to_string()
        } else {
            format!(
                "within the error bound 2·max|S|·e + e², e = {:.2e}",
                self.rule.spectrum_error
            )
        };
        let mut out = match self.bent {
            Some(bent) => vec![
                format!(
                    "{input}: p = {}, n = {}, {}",
                    self.p,
                    self.n,
                    if bent { "BENT" } else { "not bent" }
                ),
                format!(
                    "|S| ranges over [{:.6}, {:.6}]; bent needs every |S| = p^(n/2) = {:.6}; decided {decided}",
                    self.min_magnitude.unwrap_or(f64::NAN),
                    self.max_magnitude.unwrap_or(f64::NAN),
                    self.expected_magnitude
                ),
            ],
            None => vec![
                format!(
                    "{input}: {} functions, p = {}, n = {}: {} bent, {} not bent",
                    self.functions,
                    self.p,
                    self.n,
                    self.bent_count,
                    self.functions as usize - self.bent_count
                ),
                format!(
                    "bent needs every |S| = p^(n/2) = {:.6}; decided {decided}",
                    self.expected_magnitude
                ),
            ],
        };
        out.extend(self.output.as_ref().map(|o| format!("verdicts   {o}")));
        if let (Some(k), Some(u), Some(e)) = (self.kernel_ms, self.upload_ms, self.end_to_end_ms) {
            out.push(format!(
                "kernel {k:.4} ms, upload {u:.4} ms, end to end {e:.3} ms (median of {repeat})"
            ));
        }
        out.extend(self.kernels.iter().flatten().map(|k| {
            let split = match (k.per_item, k.work_items_per_function) {
                (true, 1) => " (one work-item a function)".to_string(),
                (true, w) => format!(" ({w} work-items a function, split by the top digit)"),
                _ => String::new(),
            };
            format!(
                "kernel     {}: {} work-groups of {} work-items, {} function(s) a work-group, {} values a work-item{split}",
                k.name, k.work_groups, k.work_group_size, k.functions_per_group, k.values_per_work_item
            )
        }));
        out.push(format!("computed on {}", self.computed_on));
        out.extend(self.device_set.iter().flat_map(|d| d.lines()));
        out
    }
}

/// Refuses a verdict file that is neither .npy nor .txt, or whose folder does not exist.
pub fn check_verdict_path(path: &std::path::Path) -> crate::error::Result<()> {
    let ext = path.extension().map(|e| e.to_string_lossy().to_lowercase());
    if !matches!(ext.as_deref(), Some("npy" | "txt")) {
        return Err(crate::error::JitError::invalid(format!(
            "{}: unknown verdict format: use .npy (bool) or .txt (0/1 a line)",
            path.display()
        )));
    }
    crate::io::output::check_output_dir(path)
}

/// The verdicts as a file's bytes: .npy (bool, shape (B,)) where `path` ends so, else text
/// (1 bent, 0 not, one a line).
pub fn verdict_bytes(path: &std::path::Path, v: &BentVerdicts) -> Vec<u8> {
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("npy"))
    {
        let body: Vec<u8> = v.bent.iter().map(|&b| b as u8).collect();
        crate::io::npy::npy_bytes("|b1", &[v.bent.len()], &body)
    } else {
        v.bent
            .iter()
            .map(|&b| if b { "1\n" } else { "0\n" })
            .collect::<String>()
            .into_bytes()
    }
}
