//! Evergreen (the paper's Table 1 ISA) through LLVM's R600 backend: `jitfft stats vc --target
//! cypress` reports ALU bundles, slots, fetches and GPRs equal to an independent count made
//! here from the assembly clang writes when invoked directly on `jitfft source vc` output.
//! Skips (with the reason) where the offline compilers are not installed, unless
//! JITFFT_OFFLINE=1.

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
fn cypress_counts_match_the_assembly() {
    if !common::offline::ready("clang + libclc (Evergreen)", r600::installed()) {
        return;
    }
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
