//! Products on the device bit-exact against GMP (rug), each method, one multiplier (one
//! program build) per method shared by all cases: zero, one, all-ones limbs (carry stress),
//! powers of two, unequal lengths, sizes off the block size and off powers of two, squares,
//! and random sizes from a printed seed.
//!
//! Oracle: `jitfft::reference::mul` (GMP through rug).

mod common;

use jitfft::mul::{reference, Method, MulPlan, Multiplier};
use jitfft::ntt::Variant;
use jitfft::runtime::Gpu;
use rug::Integer;
use std::fs;

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn random(len: usize, st: &mut u64) -> Vec<u64> {
    (0..len).map(|_| splitmix(st)).collect()
}

/// The cases for operands of at most `max` limbs.
fn cases(max: usize, seed: u64) -> Vec<(String, Vec<u64>, Vec<u64>)> {
    let mut st = seed;
    let mut v = Vec::new();
    let mut push = |name: &str, a: Vec<u64>, b: Vec<u64>| v.push((name.to_string(), a, b));
    push("zero × zero", vec![0], vec![0]);
    push("one × one", vec![1], vec![1]);
    push("zero × random", vec![0; 3], random(max, &mut st));
    push("ones 1×1", vec![u64::MAX], vec![u64::MAX]);
    push("ones max×max", vec![u64::MAX; max], vec![u64::MAX; max]);
    push("ones max×1", vec![u64::MAX; max], vec![u64::MAX]);
    push("ones 7×5", vec![u64::MAX; 7], vec![u64::MAX; 5]);
    push("ones max×[1, 1]", vec![u64::MAX; max], vec![1, 1]);
    push("ones max×[ones, 1]", vec![u64::MAX; max], vec![u64::MAX, 1]);
    let mut p = vec![0u64; max];
    p[max - 1] = 1 << 63;
    push("2^(64·max−1) × ones", p.clone(), vec![u64::MAX; max]);
    push("power × power", p.clone(), p);
    push("2^64 × 2^64", vec![0, 1], vec![0, 1]);
    // All ones times one more than a power: long carry runs.
    let mut q = vec![0u64; max];
    q[0] = 1;
    q[max - 1] = 1;
    push("(2^k + 1) × ones", q, vec![u64::MAX; max]);
    let x = random(max, &mut st);
    push("square", x.clone(), x);
    for &(la, lb) in &[(1, max), (max, 1), (3, 5), (5, 3), (max - 1, max), (13, 11)] {
        push(
            &format!("random {la}×{lb}"),
            random(la, &mut st),
            random(lb, &mut st),
        );
    }
    for _ in 0..6 {
        let la = 1 + (splitmix(&mut st) as usize) % max;
        let lb = 1 + (splitmix(&mut st) as usize) % max;
        push(
            &format!("random sizes {la}×{lb}"),
            random(la, &mut st),
            random(lb, &mut st),
        );
    }
    v
}

fn run_cases(gpu: &Gpu, m: &Multiplier, max: usize, seed: u64) {
    for (name, a, b) in cases(max, seed) {
        let (r, _) = m.multiply(gpu, &a, &b).unwrap();
        assert_eq!(
            r,
            reference::product(&a, &b),
            "{} {name} ({}×{} limbs, JITFFT_TEST_SEED={seed})",
            m.plan.method,
            a.len(),
            b.len()
        );
    }
}

#[test]
fn block_equals_gmp() {
    let gpu = common::gpu();
    let seed = common::seed();
    eprintln!("seed {seed}");
    let ns: &[usize] = if common::exhaustive() {
        &[2, 4, 8, 16]
    } else {
        &[16]
    };
    for &n in ns {
        // 600 limbs: products of 1200 limbs span 5 carry work-groups.
        let max = if common::exhaustive() { 1000 } else { 600 };
        let m = Multiplier::new(&gpu, &MulPlan::new(max, max, Method::Block, n).unwrap()).unwrap();
        run_cases(&gpu, &m, max, seed);
        m.release().unwrap();
    }
    // The CLI with the same (now cached) block program: signed operands from files, the
    // product written as 0x-hex.
    cli_product_from_files();
}

fn cli_product_from_files() {
    let dir = std::env::temp_dir().join(format!("jitfft-mul-dev-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let (pa, pb, out) = (dir.join("a.txt"), dir.join("b.txt"), dir.join("p.txt"));
    fs::write(&pa, "-0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF123\n").unwrap();
    fs::write(&pb, "340282366920938463463374607431768211457 98765").unwrap();
    common::jitfft()
        .args([
            "mul",
            "--method",
            "block",
            "--block-n",
            "16",
            "--check",
            "--repeat",
            "1",
        ])
        .arg("--a")
        .arg(&pa)
        .arg("--b")
        .arg(&pb)
        .arg("--output")
        .arg(&out)
        .assert()
        .success();
    let x = Integer::from_str_radix("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF123", 16).unwrap();
    let y: Integer = "34028236692093846346337460743176821145798765"
        .parse()
        .unwrap();
    let want = (x * y).to_string_radix(16);
    assert_eq!(fs::read_to_string(&out).unwrap(), format!("-0x{want}\n"));
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn ntt_equals_gmp() {
    let gpu = common::gpu();
    let seed = common::seed();
    eprintln!("seed {seed}");
    let max = if common::exhaustive() { 1000 } else { 600 };
    let plan = MulPlan::new(max, max, Method::Ntt, 16).unwrap();
    let m = Multiplier::new(&gpu, &plan).unwrap();
    run_cases(&gpu, &m, max, seed);
    m.release().unwrap();
    if common::exhaustive() {
        // Both NTT variants the multiplier picks (fused on GPUs, split28 on CPUs).
        for v in [Variant::Fused, Variant::Split28] {
            let m = Multiplier::with_ntt_variant(&gpu, &plan, v).unwrap();
            run_cases(&gpu, &m, max, seed);
            m.release().unwrap();
        }
    }
}

/// Products of 2^17 limbs: 512 carry work-groups, so `carry_groups` walks several per item.
#[test]
fn ntt_large_equals_gmp() {
    if !common::exhaustive() {
        eprintln!("skipped: set JITFFT_EXHAUSTIVE=1");
        return;
    }
    let gpu = common::gpu();
    let seed = common::seed();
    eprintln!("seed {seed}");
    let max = 1 << 16;
    let m = Multiplier::new(&gpu, &MulPlan::new(max, max, Method::Ntt, 16).unwrap()).unwrap();
    let mut st = seed;
    let x = random(max, &mut st);
    let y = random(max - 3, &mut st);
    for (name, a, b) in [
        ("ones", vec![u64::MAX; max], vec![u64::MAX; max]),
        ("ones × [1, 1]", vec![u64::MAX; max], vec![1, 1]),
        ("random", x.clone(), y),
        ("square", x.clone(), x),
    ] {
        let (r, _) = m.multiply(&gpu, &a, &b).unwrap();
        assert!(
            r == reference::product(&a, &b),
            "{name} (JITFFT_TEST_SEED={seed})"
        );
    }
    m.release().unwrap();
}
