//! AMD Evergreen / Northern Islands (Radeon HD 5000/6000, the paper's Table 1 hardware)
//! through LLVM's R600 backend and libclc: ALU bundles and slots, fetch instructions, GPRs.
//!
//! The figures come from the assembly clang prints:
//! - ALU clauses (`ALU clause starting at N:`) list one VLIW slot a line; the printer marks
//!   the last slot of each bundle with ` * ` after the opcode, so bundles = marked lines and
//!   slots = every instruction line. Literal constants sit on their own lines
//!   (`4(5.6e-45), 0(0.0)`), one 64-bit word each, and are neither.
//! - Fetch clauses (`Fetch clause starting at N:`) hold `VTX_READ_*` and `TEX_*` lines.
//! - `.AMDGPU.config` holds register/value pairs before each kernel; register 0x288D4
//!   (SQ_PGM_RESOURCES_LS, where compute kernels run) holds NUM_GPRS in bits 0–7 and the
//!   control-flow stack size in bits 8–15; 0x288E8 (SQ_LDS_ALLOC) the LDS size in dwords.

pub use super::clang::installed;
use super::clang::{common_args, compile_to_asm, toolchain};
use super::{OfflineBuild, OfflineError, OfflineKernel};
use crate::stats::Metric;

/// Evergreen and Northern Islands chips, as LLVM names them (`-mcpu`).
pub const TARGETS: &[&str] = &[
    "cedar", "redwood", "juniper", "cypress", "barts", "turks", "caicos", "cayman",
];

/// SQ_PGM_RESOURCES_LS: NUM_GPRS (bits 0–7), STACK_SIZE (bits 8–15).
pub const SQ_PGM_RESOURCES_LS: u64 = 0x288D4;
/// SQ_LDS_ALLOC: the work-group's local memory in dwords.
pub const SQ_LDS_ALLOC: u64 = 0x288E8;

/// Counts of one kernel's Evergreen assembly.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EvergreenCounts {
    /// VLIW bundles (instruction groups) in ALU clauses.
    pub alu_bundles: u64,
    /// ALU slots (single operations) in ALU clauses.
    pub alu_slots: u64,
    /// 64-bit literal words in ALU clauses.
    pub literals: u64,
    /// Fetch instructions (`VTX_READ_*`, `TEX_*`).
    pub fetch: u64,
    /// ALU clauses.
    pub alu_clauses: u64,
    /// Fetch clauses.
    pub fetch_clauses: u64,
    /// Control-flow instructions (clause starts, jumps, loops, exports and stores, CF_END).
    pub cf: u64,
    /// Memory writes (`MEM_RAT*` control-flow instructions).
    pub stores: u64,
    /// Loops the compiler kept (`LOOP_START*`): their bodies count once in these static figures.
    pub loops: u64,
    /// `.AMDGPU.config` register/value pairs before the kernel.
    pub config: Vec<(u64, u64)>,
}

impl EvergreenCounts {
    fn config_value(&self, reg: u64) -> Option<u64> {
        self.config.iter().find(|(r, _)| *r == reg).map(|(_, v)| *v)
    }

    /// NUM_GPRS of SQ_PGM_RESOURCES_LS.
    pub fn gprs(&self) -> Option<u64> {
        self.config_value(SQ_PGM_RESOURCES_LS).map(|v| v & 0xff)
    }

    /// The figures, each tagged with its source.
    pub fn metrics(&self) -> Vec<Metric> {
        let asm = "Evergreen assembly";
        let resources = self.config_value(SQ_PGM_RESOURCES_LS);
        let mut m = vec![
            Metric::known(
                "alu_bundles",
                self.alu_bundles,
                &format!("{asm}: VLIW bundles (lines ending a bundle, marked *)"),
            ),
            Metric::known(
                "alu_slots",
                self.alu_slots,
                &format!("{asm}: ALU operations (slots of the bundles)"),
            ),
            Metric::known(
                "literals",
                self.literals,
                &format!("{asm}: literal words in ALU clauses"),
            ),
            Metric::known(
                "fetch",
                self.fetch,
                &format!("{asm}: VTX_READ/TEX in fetch clauses"),
            ),
            Metric::known("alu_clauses", self.alu_clauses, asm),
            Metric::known("fetch_clauses", self.fetch_clauses, asm),
            Metric::known("cf_instructions", self.cf, asm),
            Metric::known("store", self.stores, &format!("{asm}: MEM_RAT writes")),
            Metric::known(
                "loops",
                self.loops,
                &format!("{asm}: LOOP_START (kept loops)"),
            ),
        ];
        let cfg = ".AMDGPU.config SQ_PGM_RESOURCES_LS";
        m.push(Metric {
            key: "registers".into(),
            value: resources.map(|v| v & 0xff),
            source: format!("{cfg} NUM_GPRS (bits 0-7)"),
        });
        m.push(Metric {
            key: "stack_entries".into(),
            value: resources.map(|v| (v >> 8) & 0xff),
            source: format!("{cfg} STACK_SIZE (bits 8-15)"),
        });
        m.push(Metric {
            key: "lds_bytes".into(),
            value: self.config_value(SQ_LDS_ALLOC).map(|d| 4 * d),
            source: ".AMDGPU.config SQ_LDS_ALLOC (dwords × 4)".into(),
        });
        m
    }
}

#[derive(PartialEq)]
enum Section {
    Other,
    Config,
    Cf,
    Alu,
    Fetch,
}

/// Per-kernel counts of R600-backend assembly, in the order the kernels appear.
pub fn parse(asm: &str) -> Vec<(String, EvergreenCounts)> {
    let mut out: Vec<(String, EvergreenCounts)> = Vec::new();
    let mut pending_config: Vec<(u64, u64)> = Vec::new();
    let mut config_words: Vec<u64> = Vec::new();
    let mut globls: Vec<String> = Vec::new();
    let mut section = Section::Other;
    for line in asm.lines() {
        let t = line.trim();
        if t.starts_with(".section") {
            section = if t.contains(".AMDGPU.config") {
                config_words.clear();
                Section::Config
            } else {
                Section::Other
            };
            continue;
        }
        if section == Section::Config {
            if let Some(v) = t.strip_prefix(".long") {
                if let Ok(v) = v.trim().parse::<u64>() {
                    config_words.push(v);
                }
                continue;
            }
            pending_config = config_words.chunks(2).map(|c| (c[0], c[1])).collect();
            section = Section::Other;
        }
        if let Some(n) = t.strip_prefix(".globl") {
            globls.push(n.split_whitespace().next().unwrap_or("").to_string());
            continue;
        }
        if let Some(label) = t
            .split_whitespace()
            .next()
            .and_then(|w| w.strip_suffix(':'))
        {
            if globls.iter().any(|g| g == label) {
                let counts = EvergreenCounts {
                    config: std::mem::take(&mut pending_config),
                    ..Default::default()
                };
                out.push((label.to_string(), counts));
                section = Section::Cf;
                continue;
            }
            if label.starts_with(".Lfunc_end") {
                section = Section::Other;
                continue;
            }
        }
        let Some((_, c)) = out.last_mut() else {
            continue;
        };
        if section == Section::Other || t.is_empty() || t.starts_with(';') {
            continue;
        }
        if t.starts_with("ALU clause starting at") {
            section = Section::Alu;
            c.alu_clauses += 1;
            continue;
        }
        if t.starts_with("Fetch clause starting at") {
            section = Section::Fetch;
            c.fetch_clauses += 1;
            continue;
        }
        if t.starts_with('.') || t.ends_with(':') {
            continue;
        }
        let mut words = t.split_whitespace();
        let op = words.next().unwrap_or("");
        match section {
            Section::Cf => {
                if op != "PAD" {
                    c.cf += 1;
                }
                if op.starts_with("MEM_RAT") {
                    c.stores += 1;
                }
                if op.starts_with("LOOP_START") {
                    c.loops += 1;
                }
            }
            Section::Alu => {
                if op.starts_with(|ch: char| ch.is_ascii_digit() || ch == '-') {
                    c.literals += 1;
                } else {
                    c.alu_slots += 1;
                    if words.next() == Some("*") {
                        c.alu_bundles += 1;
                    }
                }
            }
            Section::Fetch if op.starts_with("VTX_READ") || op.starts_with("TEX") => c.fetch += 1,
            _ => {}
        }
    }
    out
}

/// Compiles `source` for Evergreen chip `target` and counts its assembly.
pub fn build(
    target: &str,
    source: &str,
    options: &str,
    fp64: bool,
) -> Result<OfflineBuild, OfflineError> {
    super::check_target(target, TARGETS, |list| {
        format!("{target} is not an Evergreen/Northern Islands target ({list})")
    })?;
    if fp64 {
        // Cypress and Cayman have fp64 hardware, but clang's r600 target offers no
        // cl_khr_fp64 ("use of type 'double' requires cl_khr_fp64 support").
        return Err(OfflineError::NoFp64 {
            target: target.into(),
        });
    }
    let tc = toolchain()?;
    // libclc ships builtins for each chip name (aliases of four chip classes).
    let builtins = tc.bitcode(&format!("{target}-r600--"));
    let mut args = common_args(&tc, "r600", target, &builtins);
    // LLVM's R600 backend cannot call functions: every helper must be inlined, however
    // large (NTT's fe_mul is not by default, and GFP's calls crash instruction selection).
    // The Table 1 kernels compile to the same code with or without this.
    args.extend(["-mllvm".into(), "-inline-threshold=100000".into()]);
    let done = compile_to_asm(&tc, target, &args, source, options)?;
    let kernels = parse(&done.asm)
        .into_iter()
        .map(|(kernel, c)| OfflineKernel {
            kernel,
            metrics: c.metrics(),
        })
        .collect();
    Ok(done.record(&tc, target, kernels))
}
