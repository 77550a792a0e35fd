//! Times arkworks' radix-2 domain FFT (ark-poly `Radix2EvaluationDomain::fft_in_place`) over
//! BN254 Fr on all CPU cores (rayon), for 2^lo..2^hi points: median, min and max of repeats
//! after one warm-up, as JSON on stdout. Usage: ark-bench [--lo 16] [--hi 24] [--repeat 7].
//!
//! Goldilocks: arkworks has no maintained Goldilocks field crate (ark-ff can define one with
//! `MontConfig`, but no published arkworks crate ships it), so only BN254 Fr is timed.

use ark_bn254::Fr;
use ark_ff::UniformRand;
use ark_poly::{EvaluationDomain, Radix2EvaluationDomain};
use ark_std::rand::{rngs::StdRng, SeedableRng};
use std::time::Instant;

fn arg(args: &[String], name: &str, default: u32) -> u32 {
    match args.iter().position(|a| a == name) {
        Some(i) => match args.get(i + 1).and_then(|v| v.parse().ok()) {
            Some(v) => v,
            None => {
                eprintln!("error: {name} needs a non-negative integer");
                std::process::exit(2);
            }
        },
        None => default,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let lo = arg(&args, "--lo", 16);
    let hi = arg(&args, "--hi", 24);
    let repeat = arg(&args, "--repeat", 7).max(1) as usize;
    if lo < 1 || hi > 28 || lo > hi {
        eprintln!("error: need 1 ≤ --lo ≤ --hi ≤ 28 (BN254 Fr has 2-adicity 28)");
        std::process::exit(2);
    }
    let mut rng = StdRng::seed_from_u64(42);
    let mut rows = Vec::new();
    for log_n in lo..=hi {
        let n = 1usize << log_n;
        let domain = Radix2EvaluationDomain::<Fr>::new(n).expect("size within 2-adicity");
        let input: Vec<Fr> = (0..n).map(|_| Fr::rand(&mut rng)).collect();
        let mut data = input.clone();
        domain.fft_in_place(&mut data); // warm-up
        let mut times = Vec::with_capacity(repeat);
        for _ in 0..repeat {
            data.copy_from_slice(&input);
            let t0 = Instant::now();
            domain.fft_in_place(&mut data);
            times.push(t0.elapsed().as_secs_f64() * 1e3);
        }
        times.sort_by(|a, b| a.total_cmp(b));
        let median = if repeat % 2 == 1 {
            times[repeat / 2]
        } else {
            0.5 * (times[repeat / 2 - 1] + times[repeat / 2])
        };
        rows.push(serde_json::json!({
            "field": "bn254-fr",
            "log_n": log_n,
            "n": n,
            "median_ms": median,
            "min_ms": times[0],
            "max_ms": times[repeat - 1],
            "repeats": repeat,
        }));
        eprintln!("bn254-fr 2^{log_n}: {median:.3} ms (median of {repeat})");
    }
    let out = serde_json::json!({
        "tool": "ark-bench",
        "library": "arkworks ark-poly 0.5 Radix2EvaluationDomain::fft_in_place (parallel feature)",
        "threads": rayon::current_num_threads(),
        "timing": "host wall clock around fft_in_place, data in memory, median of repeats after one warm-up",
        "goldilocks": "not timed: no maintained arkworks crate provides a Goldilocks field",
        "results": rows,
    });
    println!("{}", serde_json::to_string_pretty(&out).expect("json"));
}
