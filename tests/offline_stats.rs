//! `jitfft stats vc --target`: Evergreen (the paper's Table 1 ISA) through LLVM's R600 backend
//! reports ALU bundles, slots, fetches and GPRs equal to an independent count made here from
//! the assembly clang writes when invoked directly on `jitfft source vc` output; CDNA and RDNA
//! report registers, occupancy and instruction classes that add up; bad names and missing
//! compilers fail clearly. The tests that need a compiler are ignored by default (`#[ignore =
//! "needs …"]`) and run by CI with `--run-ignored ignored-only`, where a missing one fails.

mod common;

use common::jitfft;
use jitfft::stats::offline::{cache_dir, clang, r600};
use std::path::Path;

/// Counts made from the assembly without jitfft's parser: ALU and fetch words from the
/// control-flow program's clause headers (`ALU… N, @addr` holds N+1 words, `TEX N @addr`
/// N+1 fetches), literal lines subtracted, bundles from the `*` that ends each.
#[derive(Debug, PartialEq)]
struct Independent {
    bundles: u64,
    slots: u64,
    fetch: u64,
    gprs: u64,
}

fn count(asm: &str) -> Independent {
    let mut words = 0;
    let mut fetch = 0;
    let mut literals = 0;
    let mut bundles = 0;
    let mut in_alu = false;
    let mut gprs = None;
    let lines: Vec<&str> = asm.lines().collect();
    for (i, raw) in lines.iter().enumerate() {
        let l = raw.trim();
        if l == ".long\t166100" || l == ".long 166100" {
            let v: u64 = lines[i + 1].trim()[5..].trim().parse().unwrap();
            gprs = Some(v & 0xff);
        }
        if l.ends_with(':') || l.starts_with('.') {
            in_alu = l.starts_with("ALU clause");
            continue;
        }
        let mut w = l.split_whitespace();
        let op = w.next().unwrap_or("");
        let n: Option<u64> = w
            .next()
            .map(|x| x.trim_end_matches(','))
            .and_then(|x| x.parse().ok());
        if op.starts_with("ALU") && l.contains(", @") && !in_alu {
            words += n.unwrap() + 1;
        } else if (op == "TEX" || op == "VTX") && l.contains('@') {
            fetch += n.unwrap() + 1;
        } else if in_alu {
            if l.contains('(') && l.as_bytes()[0].is_ascii_digit() || l.starts_with('-') {
                literals += 1;
            } else if l.contains(" * ") {
                bundles += 1;
            }
        }
    }
    Independent {
        bundles,
        slots: words - literals,
        fetch,
        gprs: gprs.expect("SQ_PGM_RESOURCES_LS in .AMDGPU.config"),
    }
}

fn stats_json(algo: &str) -> serde_json::Value {
    let out = jitfft()
        .env_remove("JITFFT_DEVICE") // no live column
        .args([
            "stats", "vc", "--p", "4", "--radix", "16", "--algo", algo, "--target", "cypress",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // print_json writes to stdout (stats has no data output).
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn metric(v: &serde_json::Value, key: &str) -> u64 {
    v["columns"][0]["kernels"][0]["metrics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["key"] == key)
        .unwrap_or_else(|| panic!("no {key}"))["value"]
        .as_u64()
        .unwrap()
}

fn direct_asm(dir: &Path, algo: &str) -> String {
    let cl = dir.join(format!("{algo}.cl"));
    jitfft()
        .args([
            "source", "vc", "--p", "4", "--n", "2", "--radix", "16", "--algo", algo,
        ])
        .args(["--max-work-group", "256", "-o"])
        .arg(&cl)
        .assert()
        .success();
    let clc = cache_dir().join("libclc-19/usr");
    let s = dir.join(format!("{algo}.s"));
    let st = std::process::Command::new(format!("clang-{}", clang::LLVM_MAJOR))
        .args([
            "-x",
            "cl",
            "-cl-std=CL1.2",
            "-target",
            "r600",
            "-mcpu=cypress",
            "-O2",
            "-S",
        ])
        .arg("-I")
        .arg(clc.join("include"))
        .arg("-include")
        .arg(clc.join("include/clc/clc.h"))
        .args(["-Xclang", "-mlink-bitcode-file", "-Xclang"])
        .arg(clc.join("lib/clc/cypress-r600--.bc"))
        .arg(&cl)
        .arg("-o")
        .arg(&s)
        .status()
        .unwrap();
    assert!(st.success());
    std::fs::read_to_string(s).unwrap()
}

#[test]
#[ignore = "needs clang + libclc (Evergreen)"]
fn cypress_counts_match_the_assembly() {
    common::offline::require("clang + libclc (Evergreen)", r600::installed());
    let dir = tempfile::tempdir().unwrap();
    for algo in ["ct", "cg"] {
        let asm = direct_asm(dir.path(), algo);
        let want = count(&asm);
        let got = stats_json(algo);
        let have = Independent {
            bundles: metric(&got, "alu_bundles"),
            slots: metric(&got, "alu_slots"),
            fetch: metric(&got, "fetch"),
            gprs: metric(&got, "registers"),
        };
        eprintln!("{algo}: {have:?}");
        assert_eq!(have, want, "{algo}: jitfft stats against the direct count");
        // A radix-16 butterfly reads its 16 operands; bundles group 1 to 5 slots.
        assert!(want.fetch >= 16 && want.bundles <= want.slots && want.slots <= 5 * want.bundles);
        assert!(want.gprs >= 4, "{algo}: {want:?}");
    }
}

#[test]
fn parser_reads_bundles_literals_fetches_and_config() {
    let asm = "\t.section\t.AMDGPU.config,\"\",@progbits\n\t.long\t166100\n\t.long\t522\n\
        \t.long\t166120\n\t.long\t3\n\t.text\n\t.globl\tk\nk:\n\
        \tALU 3, @6, KC0[], KC1[]\n\tTEX 1 @4\n\tMEM_RAT_CACHELESS STORE_RAW T0.X, T1.X, 1\n\tCF_END\n\tPAD\n\
        \tFetch clause starting at 4:\n\t  VTX_READ_32 T0.X, T0.X, 0, #1\n\t  VTX_READ_64 T1.XY, T1.X, 0, #1\n\
        \tALU clause starting at 6:\n\t  ADD_INT   T0.X, T0.X, 1,\n\t  MOV * T1.X, literal.x,\n\
        \t4(5.6e-45), 0(0.0)\n\t  MUL_IEEE * T0.Y, T0.X, T1.X,\n.Lfunc_end0:\n";
    let k = r600::parse(asm);
    assert_eq!(k.len(), 1);
    let c = &k[0].1;
    assert_eq!(
        (c.alu_bundles, c.alu_slots, c.literals, c.fetch),
        (2, 3, 1, 2)
    );
    assert_eq!(
        (c.gprs(), c.stores, c.alu_clauses, c.fetch_clauses),
        (Some(10), 1, 1, 1)
    );
    assert_eq!(
        count(asm),
        Independent {
            bundles: 2,
            slots: 3,
            fetch: 2,
            gprs: 10
        }
    );
}

#[test]
fn bad_target_exits_2_with_the_list() {
    let out = jitfft()
        .env_remove("JITFFT_DEVICE") // no live column
        .args([
            "stats", "vc", "--p", "4", "--radix", "16", "--target", "cypres",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cypress") && err.contains("all-offline"),
        "{err}"
    );
}

fn values(
    column: &serde_json::Value,
    kernel: usize,
) -> std::collections::HashMap<String, Option<u64>> {
    column["kernels"][kernel]["metrics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["key"].as_str().unwrap().to_string(), m["value"].as_u64()))
        .collect()
}

#[test]
#[ignore = "needs clang + libclc (amdgcn)"]
fn cdna_and_rdna_report_registers_occupancy_and_classes() {
    use jitfft::stats::offline::amdgcn;
    common::offline::require("clang + libclc (amdgcn)", amdgcn::installed());
    let out = jitfft()
        .env_remove("JITFFT_DEVICE") // no live column
        .args([
            "stats",
            "vc",
            "--p",
            "3",
            "--n",
            "4",
            "--radix",
            "9",
            "--target",
            "gfx90a,gfx1100",
        ])
        .args(["--ct-vs-cg", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    let v: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    let cols = v["columns"].as_array().unwrap();
    assert_eq!(cols.len(), 4, "two targets × CT, CG");
    for c in cols {
        let what = format!("{} {}", c["target"], c["algorithm"]);
        assert!(!c["kernels"].as_array().unwrap().is_empty(), "{what}");
        for k in 0..c["kernels"].as_array().unwrap().len() {
            let m = values(c, k);
            let get = |key: &str| m[key].unwrap_or_else(|| panic!("{what}: no {key}"));
            // The classes partition the instructions; the fetches are VMEM loads.
            let classes = ["valu", "salu", "vmem", "smem", "ds", "control"]
                .map(get)
                .iter()
                .sum::<u64>();
            assert_eq!(classes, get("instructions"), "{what}");
            assert!(get("fetch") <= get("vmem") && get("fetch") >= 1, "{what}");
            assert!(get("registers") >= 2 && get("sgprs") >= 1, "{what}");
            assert!((1..=20).contains(&get("occupancy")), "{what}");
            assert_eq!(
                get("vgpr_spills") + get("sgpr_spills"),
                0,
                "{what}: a radix-9 butterfly spills"
            );
            let wave = if c["target"] == "gfx1100" { 32 } else { 64 };
            assert_eq!(get("wavefront"), wave, "{what}");
        }
    }
}

#[test]
fn list_targets_names_every_target_and_how_to_install() {
    let out = jitfft().args(["stats", "--list-targets"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for t in jitfft::stats::offline::targets::all() {
        assert!(text.contains(t.name), "{} missing:\n{text}", t.name);
    }
    assert!(text.contains("evergreen") && text.contains("cypress") && text.contains("all-offline"));
    assert!(text.contains("installed"), "{text}");
}

#[test]
fn missing_compiler_names_the_setup_flag() {
    // An empty offline folder: libclc is not there, whatever clang is installed.
    let dir = tempfile::tempdir().unwrap();
    let out = jitfft()
        .env("JITFFT_OFFLINE_DIR", dir.path())
        .args([
            "stats", "vc", "--p", "4", "--radix", "16", "--target", "cypress",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("tools/setup.sh --offline-compilers") && !err.contains("panicked"),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "no partial output");
}

#[test]
#[ignore = "needs clang + libclc (Evergreen)"]
fn table1_evergreen_is_written_beside_the_paper_with_the_build_commit() {
    common::offline::require("clang + libclc (Evergreen)", r600::installed());
    // Run outside any checkout: the commit must come from the build, not from `git` here.
    let dir = tempfile::tempdir().unwrap();
    let out = jitfft()
        .current_dir(dir.path())
        .env_remove("JITFFT_COMMIT")
        .args([
            "reproduce",
            "table1",
            "--target",
            "evergreen",
            "--out-dir",
            "t1",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let md = std::fs::read_to_string(dir.path().join("t1/table1-offline.md")).unwrap();
    for needle in [
        "| ALU instructions, CT | paper (AMD APP Profiler 2.5, Evergreen) | 34 | 41 | 143 | 369 |",
        "cypress: alu_bundles",
        "cypress, literal coefficients: fetch",
        "## Account of the differences",
    ] {
        assert!(md.contains(needle), "{needle:?} missing:\n{md}");
    }
    match option_env!("JITFFT_BUILD_COMMIT") {
        Some(c) => assert!(md.contains(&format!("- git commit: {c}\n")), "{md}"),
        None => eprintln!("built without git: the commit is not checked"),
    }
    // A second run refuses to replace the files.
    let again = jitfft()
        .current_dir(dir.path())
        .args([
            "reproduce",
            "table1",
            "--target",
            "evergreen",
            "--out-dir",
            "t1",
        ])
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
}

/// `stats vc --real --target` (issue 35): per target a "real" column (the real passes'
/// program: r2c, c2r and the two layout moves) beside the complex passes' CT and CG columns
/// (p^(n−1) points, batch h); --n is required.
#[test]
#[ignore = "needs clang + libclc (Evergreen)"]
fn real_columns_beside_ct_and_cg() {
    common::offline::require("clang + libclc (Evergreen)", r600::installed());
    let v = offline_json(&[
        "stats",
        "vc",
        "--real",
        "--p",
        "5",
        "--n",
        "2",
        "--target",
        "cypress",
        "--ct-vs-cg",
        "--json",
    ]);
    let cols = v["columns"].as_array().unwrap();
    let algos: Vec<&str> = cols
        .iter()
        .map(|c| c["algorithm"].as_str().unwrap())
        .collect();
    assert_eq!(algos, ["real", "ct", "cg"], "{v}");
    let names: Vec<&str> = cols[0]["kernels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["kernel"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"rvc_r2c_p5_f32") && names.contains(&"rvc_c2r_p5_f32"),
        "{names:?}"
    );
    assert!(
        cols[1]["kernels"][0]["kernel"]
            .as_str()
            .unwrap()
            .ends_with("_b3"),
        "{v}"
    );
    assert!(v["transform"].as_str().unwrap().contains("batch 3"), "{v}");
    jitfft()
        .args(["stats", "vc", "--real", "--p", "5", "--target", "cypress"])
        .assert()
        .failure()
        .stderr(predicates::str::contains("needs --n"));
}

/// `stats fft --target`: each program of the run compiled for each target, a column each with
/// every kernel's figures and the launches that target's local memory gives.
#[test]
#[ignore = "needs clang + libclc (amdgcn)"]
fn stats_fft_compiles_each_program_for_each_target() {
    use jitfft::stats::offline::amdgcn;
    common::offline::require("clang + libclc (amdgcn)", amdgcn::installed());
    let v = offline_json(&[
        "stats",
        "fft",
        "--shape",
        "6,9",
        "--real",
        "--inverse",
        "--target",
        "gfx90a,gfx1100",
        "--json",
    ]);
    let cols = v["columns"].as_array().unwrap();
    // Two targets × irfftn's two programs (odd last length: complex, then the host's end).
    assert_eq!(cols.len(), 4, "{v}");
    for c in cols {
        assert!(c["algorithm"].as_str().unwrap().starts_with("fft"));
        assert!(c["notes"][0].as_str().unwrap().starts_with("launches "));
        let kernels = c["kernels"].as_array().unwrap();
        assert!(!kernels.is_empty());
        for k in kernels {
            assert!(k["kernel"].as_str().unwrap().starts_with("fft_"), "{k}");
            assert!(!k["metrics"].as_array().unwrap().is_empty(), "{k}");
        }
    }
    assert!(v["transform"].as_str().unwrap().contains("FFT inverse"));
}

/// The JSON of an offline `stats` command (no live column), which must succeed.
fn offline_json(args: &[&str]) -> serde_json::Value {
    let out = jitfft()
        .env_remove("JITFFT_DEVICE")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}
