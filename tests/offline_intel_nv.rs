//! Offline Intel (ocloc) and NVIDIA (clang nvptx64 + ptxas + nvdisasm) statistics of real
//! `jitfft source` programs, each figure checked against a count made here, independently,
//! from the files the same tools produce. The tests that need a compiler are ignored by default
//! (`#[ignore = "needs ocloc"]` etc.); CI runs them with `--run-ignored ignored-only` after
//! `tools/setup.sh --offline-compilers`, where a missing compiler fails.
#![allow(clippy::disallowed_methods)] // a test harness reads and sets its own switches

mod common;

use jitfft::stats::offline::{cache_dir, nvptx, ocloc, OfflineBuild, OfflineError};
use std::path::Path;
use std::process::Command;

fn source(args: &[&str]) -> String {
    let out = common::jitfft()
        .arg("source")
        .args(args)
        .arg("-q")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "jitfft source {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn value(b: &OfflineBuild, kernel: &str, key: &str, source_prefix: &str) -> Option<u64> {
    let k = b
        .kernels
        .iter()
        .find(|k| k.kernel == kernel)
        .unwrap_or_else(|| panic!("no kernel {kernel}"));
    k.metrics
        .iter()
        .find(|m| m.key == key && m.source.starts_with(source_prefix))
        .unwrap_or_else(|| panic!("{kernel}: no {key} from {source_prefix}"))
        .value
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{cmd:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Independent ISA count: instruction lines of the asm (not labels, not nop), and the sends
/// whose message comment says read / write.
fn count_asm(asm: &str) -> (u64, u64, u64) {
    let (mut insns, mut reads, mut writes) = (0, 0, 0);
    for l in asm.lines() {
        let t = l.trim();
        if t.is_empty()
            || t.starts_with("//")
            || t.ends_with(':')
            || t.contains(" nop")
            || t.starts_with("nop")
        {
            continue;
        }
        insns += 1;
        if t.contains("send") {
            reads += (t.contains(" read") || t.contains("load.")) as u64;
            writes += (t.contains(" write") || t.contains("store.")) as u64;
        }
    }
    (insns, reads, writes)
}

#[test]
#[ignore = "needs ocloc"]
fn ocloc_vc_ct_and_cg_match_the_disassembly() {
    common::offline::require("ocloc", ocloc::installed());
    let ocloc_bin = cache_dir().join("intel/bin/ocloc");
    for (algo, target) in [("ct", "tgllp"), ("cg", "acm-g10")] {
        let src = source(&[
            "vc", "--p", "4", "--n", "4", "--algo", algo, "--radix", "16",
        ]);
        let b = ocloc::build(target, &src, "", false).unwrap();
        assert_eq!(b.target, target);
        assert!(b.compiler.contains("22.43"), "{}", b.compiler);
        let k = &b.kernels[0];
        assert!(
            k.kernel.starts_with(&format!("vc_{algo}_p4r16")),
            "{}",
            k.kernel
        );

        // The same build by hand: patch-token binary, disassembled.
        let dir = tempfile::tempdir().unwrap();
        let cl = dir.path().join("k.cl");
        std::fs::write(&cl, &src).unwrap();
        let out = dir.path().join("out");
        run(Command::new(&ocloc_bin)
            .args(["compile", "-file"])
            .arg(&cl)
            .args(["-device", target, "--format", "patchtokens", "-out_dir"])
            .arg(&out));
        let bin = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.extension().is_some_and(|x| x == "bin"))
            .unwrap();
        let dump = dir.path().join("dump");
        run(Command::new(&ocloc_bin)
            .arg("disasm")
            .arg("-file")
            .arg(&bin)
            .arg("-dump")
            .arg(&dump)
            .args(["-device", target]));
        let asm =
            std::fs::read_to_string(dump.join(format!("{}_KernelHeap.asm", k.kernel))).unwrap();
        let (insns, reads, writes) = count_asm(&asm);
        let isa = |key| value(&b, &k.kernel, key, "ISA").unwrap();
        assert_eq!(isa("instructions"), insns, "{target} {algo}");
        assert_eq!(isa("fetch") + isa("other_loads"), reads, "{target} {algo}");
        assert_eq!(isa("store"), writes, "{target} {algo}");
        // r = 16 complex values in and out: at least 16 reads (or loads of several) and 16 writes.
        assert!(
            writes >= 4 && reads >= 4,
            "{target} {algo}: {reads} reads {writes} writes"
        );
        assert_eq!(
            isa("alu") + isa("fetch") + isa("other_loads") + isa("store") + isa("control"),
            isa("instructions")
        );
        // GRF mode from the zebin's .ze_info, read here with the YAML text search.
        let grf = value(&b, &k.kernel, "registers", ".ze_info").unwrap();
        assert!(grf == 128 || grf == 256, "{grf}");
        assert_eq!(
            value(&b, &k.kernel, "local_mem_bytes", ".ze_info"),
            Some(0),
            "ct/cg use no local memory"
        );
    }
}

#[test]
#[ignore = "needs ocloc"]
fn ocloc_fp64_where_the_hardware_has_it() {
    common::offline::require("ocloc", ocloc::installed());
    let src = source(&[
        "vc",
        "--p",
        "3",
        "--n",
        "4",
        "--algo",
        "cg",
        "--radix",
        "9",
        "--precision",
        "f64",
    ]);
    match ocloc::build("tgllp", &src, "", true) {
        Err(OfflineError::NoFp64 { target }) => assert_eq!(target, "tgllp"),
        other => panic!("tgllp f64: {other:?}"),
    }
    // Without being told, ocloc's own refusal is recognised too.
    assert!(matches!(
        ocloc::build("acm-g10", &src, "", false),
        Err(OfflineError::NoFp64 { .. })
    ));
    let b = ocloc::build("pvc", &src, "", true).unwrap();
    assert!(value(&b, "vc_cg_p3r9_first_f64", "instructions", "ISA").unwrap() > 0);
}

#[test]
#[ignore = "needs ocloc"]
fn ocloc_ntt_fused_uses_shared_local_memory() {
    common::offline::require("ocloc", ocloc::installed());
    let src = source(&["ntt", "--field", "goldilocks", "--log-n", "10"]);
    let b = ocloc::build("tgllp", &src, "", false).unwrap();
    assert!(!b.kernels.is_empty());
    for k in &b.kernels {
        let slm = value(&b, &k.kernel, "local_mem_bytes", ".ze_info").unwrap();
        assert!(
            slm > 0,
            "{}: the fused NTT exchanges through local memory",
            k.kernel
        );
        assert!(
            value(&b, &k.kernel, "other_loads", "ISA").unwrap() > 0,
            "{}: SLM reads",
            k.kernel
        );
    }
    // Inline PTX is NVIDIA's only: the failure says so and keeps the source.
    let ptx = source(&[
        "ntt",
        "--field",
        "goldilocks",
        "--log-n",
        "10",
        "--arith",
        "ptx",
    ]);
    match ocloc::build("tgllp", &ptx, "", false) {
        Err(OfflineError::Build {
            log, source_path, ..
        }) => {
            assert!(log.contains("--arith portable"), "{log}");
            assert_eq!(std::fs::read_to_string(source_path).unwrap(), ptx);
        }
        other => panic!("inline PTX on tgllp: {other:?}"),
    }
}

/// Independent counts from the PTX, the ptxas log and the SASS text made here by hand.
fn check_nvptx(b: &OfflineBuild, ptx: &str, ptxas_log: &str, sass: Option<&str>) {
    for k in &b.kernels {
        let name = &k.kernel;
        // PTX: statements of the entry's body (lines ending in ';', not directives).
        let body = ptx.split(&format!(".entry {name}(")).nth(1).unwrap();
        let body = &body[body.find("\n{").unwrap()..];
        let body = &body[..body.find("\n}").unwrap()];
        let stmts = body
            .lines()
            .map(str::trim)
            .filter(|l| l.ends_with(';') && !l.starts_with('.'))
            .count() as u64;
        assert_eq!(value(b, name, "instructions", "PTX"), Some(stmts), "{name}");
        // ptxas: "Used N registers" after the entry's name.
        let after = ptxas_log
            .split(&format!("Compiling entry function '{name}'"))
            .nth(1)
            .unwrap();
        let regs: u64 = after
            .split("Used ")
            .nth(1)
            .unwrap()
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(value(b, name, "registers", "ptxas"), Some(regs), "{name}");
        if let Some(sass) = sass {
            let text = sass.split(&format!(".text.{name}:")).nth(1).unwrap();
            let text = text.split(".text.").next().unwrap();
            let insns = text
                .lines()
                .filter(|l| {
                    l.trim_start().starts_with("/*") && !l.contains("NOP") && l.contains(';')
                })
                .count() as u64;
            // The parser also drops the trailing self-branch (padding after EXIT).
            let got = value(b, name, "instructions", "SASS").unwrap();
            assert!(
                got == insns || got + 1 == insns,
                "{name}: SASS {got} against {insns}"
            );
        }
    }
}

fn nvptx_by_hand(target: &str, src: &str, dir: &Path) -> (String, String, Option<String>) {
    let clc = cache_dir().join("libclc-19/usr");
    let cl = dir.join("k.cl");
    std::fs::write(&cl, src).unwrap();
    let ptx = dir.join("k.ptx");
    run(Command::new("clang-19")
        .args([
            "-x",
            "cl",
            "-cl-std=CL1.2",
            "-target",
            "nvptx64-nvidia-nvcl",
            &format!("-march={target}"),
            "-O2",
            "-S",
            "-fgnu-keywords",
            "-I",
        ])
        .arg(clc.join("include"))
        .arg("-include")
        .arg(clc.join("include/clc/clc.h"))
        .args(["-Xclang", "-mlink-builtin-bitcode", "-Xclang"])
        .arg(clc.join("lib/clc/nvptx64--nvidiacl.bc"))
        .arg("-o")
        .arg(&ptx)
        .arg(&cl));
    let bin = cache_dir().join("nvidia/bin");
    let cubin = dir.join("k.cubin");
    let log = run(Command::new(bin.join("ptxas"))
        .args(["-v", &format!("-arch={target}"), "-o"])
        .arg(&cubin)
        .arg(&ptx));
    let sass = Command::new(bin.join("nvdisasm"))
        .arg("-c")
        .arg(&cubin)
        .output()
        .unwrap();
    let sass = sass
        .status
        .success()
        .then(|| String::from_utf8_lossy(&sass.stdout).into_owned());
    (std::fs::read_to_string(&ptx).unwrap(), log, sass)
}

#[test]
#[ignore = "needs clang nvptx64 + ptxas"]
fn nvptx_vc_ct_cg_f32_f64_match_ptx_ptxas_and_sass() {
    common::offline::require("clang nvptx64 + ptxas", nvptx::installed());
    let dir = tempfile::tempdir().unwrap();
    for (args, target) in [
        (
            &[
                "vc", "--p", "4", "--n", "4", "--algo", "ct", "--radix", "16",
            ][..],
            "sm_90",
        ),
        (
            &[
                "vc",
                "--p",
                "3",
                "--n",
                "4",
                "--algo",
                "cg",
                "--radix",
                "9",
                "--precision",
                "f64",
            ][..],
            "sm_80",
        ),
        (
            &[
                "vc", "--p", "4", "--n", "4", "--algo", "cg", "--radix", "16",
            ][..],
            "sm_70",
        ),
    ] {
        let src = source(args);
        let b = nvptx::build(target, &src, "", args.contains(&"f64")).unwrap();
        assert_eq!(b.target, target);
        let (ptx, log, sass) = nvptx_by_hand(target, &src, dir.path());
        assert_eq!(
            sass.is_some(),
            target != "sm_70",
            "nvdisasm 13 disassembles sm_75 and newer"
        );
        if target == "sm_70" {
            assert!(
                b.notes
                    .iter()
                    .any(|n| n.contains("no SASS counts for sm_70")),
                "{:?}",
                b.notes
            );
        }
        check_nvptx(&b, &ptx, &log, sass.as_deref());
        for k in &b.kernels {
            assert_eq!(value(&b, &k.kernel, "spill_store_bytes", "ptxas"), Some(0));
            assert_eq!(value(&b, &k.kernel, "local_mem_bytes", "ptxas"), Some(0));
        }
    }
}

#[test]
#[ignore = "needs clang nvptx64 + ptxas"]
fn nvptx_ntt_inline_ptx_and_portable() {
    common::offline::require("clang nvptx64 + ptxas", nvptx::installed());
    let dir = tempfile::tempdir().unwrap();
    for arith in ["ptx", "portable"] {
        let src = source(&[
            "ntt",
            "--field",
            "goldilocks",
            "--log-n",
            "10",
            "--arith",
            arith,
        ]);
        assert_eq!(src.contains("asm volatile"), arith == "ptx");
        let b = nvptx::build("sm_90", &src, "-cl-nv-verbose", false).unwrap();
        assert!(
            b.notes.iter().any(|n| n.contains("-cl-nv-verbose")),
            "{:?}",
            b.notes
        );
        let (ptx, log, sass) = nvptx_by_hand("sm_90", &src, dir.path());
        check_nvptx(&b, &ptx, &log, sass.as_deref());
        for k in &b.kernels {
            assert!(
                value(&b, &k.kernel, "local_mem_bytes", "ptxas").unwrap() > 0,
                "{}",
                k.kernel
            );
        }
    }
}

#[test]
fn bad_targets_list_the_valid_names() {
    let e = ocloc::build("gen42", "", "", false)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("gen42") && e.contains("tgllp") && e.contains("pvc"),
        "{e}"
    );
    let e = nvptx::build("sm_99", "", "", false)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("sm_99") && e.contains("sm_70") && e.contains("sm_90"),
        "{e}"
    );
    for (alias, names) in ocloc::family_aliases()
        .iter()
        .chain(nvptx::family_aliases())
    {
        for n in names.iter() {
            assert!(
                ocloc::TARGETS.contains(n) || nvptx::TARGETS.contains(n),
                "{alias}: {n}"
            );
        }
    }
}

#[test]
fn ze_info_kernels_only_and_isa_classes() {
    use jitfft::stats::intel::{isa_counts, parse_ze_info};
    let ze = "version: '1.20'\nkernels:\n  - name: k\n    execution_env:\n      grf_count: 256\n      simd_size: 16\n      slm_size: 4096\n    per_thread_memory_buffers:\n      - type: scratch\n        usage: single_space\n        size: 64\nkernels_misc_info:\n  - name: k\n    args_info:\n      - index: 0\n";
    let z = parse_ze_info(ze);
    assert_eq!(z.len(), 1, "kernels_misc_info names the kernel again");
    assert_eq!(
        (
            z[0].1.grf_count,
            z[0].1.simd_size,
            z[0].1.slm_bytes,
            z[0].1.scratch_bytes
        ),
        (Some(256), Some(16), Some(4096), Some(64))
    );
    // Gen12 SLM read (BTI 254 in the descriptor), a global read, a scratch write, LSC load
    // and store, a barrier, a predicated branch, a label, a nop, an ALU op.
    let asm = "\
L0:
(W)     mov (8|M0)               r76.0<1>:ud   r0.0<1;1,0>:ud
        send.dc1 (16|M0)         r18      r8      null    0x0            0x04405CFE           {@3,$1} // wr:2+0, rd:4; untyped surface read with xy
        send.dc1 (8|M0)          r14      r8      null    0x0            0x02206C00           {@2,$3} // wr:1+0, rd:2; untyped surface read with xy
(W)     send.dc0 (8|M0)          null     r10     r12     0x80           0x020F1000           {$4} // wr:1h+1, rd:0; hword scratch block write x1
        send.ugm (32|M0)         r6       r2      null:0  0x0            0x08200580           {$5} // wr:4+0, rd:4; load.ugm.d32x2.a64
        send.slm (32|M0)         null     r2      r6:4    0x0            0x04000584           {$6} // wr:2+4, rd:0; store.slm.d32x2.a32
(W)     send.gtwy (1|M0)         null     r20     null    0x0            0x02000004           {@2,$3} // wr:1+0, rd:0; signal barrier
(f0.0)  if (8|M0)                            L5024                  L5024
        nop
        add (8|M0)               r84.0<1>:d    acc0.0<8;8,1>:d   r4.0<0;1,0>:d
";
    let n = isa_counts(asm);
    let c = n.classes;
    assert_eq!(
        (c.alu, c.fetch, c.other_loads, c.store, c.control, c.total),
        (2, 2, 1, 2, 2, 9)
    );
    assert_eq!((n.sends, n.scratch_loads, n.scratch_stores), (6, 0, 1));
}

#[test]
#[ignore = "needs clang nvptx64 + ptxas"]
fn nvptx_get_global_offset_is_a_constant_load() {
    common::offline::require("clang nvptx64 + ptxas", nvptx::installed());
    // libclc has no get_global_offset for PTX; the fused kernels launched in chunks call it.
    let src = "__kernel void k(__global float *x) { x[get_global_id(0)] = (float)get_global_offset(0); }\n";
    let b = nvptx::build("sm_80", src, "", false).unwrap();
    assert!(
        b.notes.iter().any(|n| n.contains("get_global_offset")),
        "{:?}",
        b.notes
    );
    assert!(
        value(&b, "k", "const_loads", "PTX").unwrap() >= 1,
        "the offset is read, not folded to 0"
    );
}
