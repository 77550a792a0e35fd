//! Builds one OpenCL C file for one Intel (ocloc) or NVIDIA (nvptx) offline target and prints
//! every figure with its source: `cargo run --release --example offline_build -- intel tgllp
//! k.cl` (or `nvidia sm_90 k.cl`). fp64 is asked for when the file typedefs `double`.

use jitfft::stats::offline::{nvptx, ocloc};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [vendor, target, file] = &args[..] else {
        eprintln!("usage: offline_build intel|nvidia TARGET FILE.cl");
        std::process::exit(2);
    };
    let src = std::fs::read_to_string(file).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        std::process::exit(1)
    });
    let fp64 = src.contains("typedef double");
    let t = std::time::Instant::now();
    let built = match vendor.as_str() {
        "intel" => ocloc::build(target, &src, "", fp64),
        "nvidia" => nvptx::build(target, &src, "", fp64),
        _ => {
            eprintln!("vendor must be intel or nvidia, not {vendor}");
            std::process::exit(2);
        }
    };
    match built {
        Ok(b) => {
            println!(
                "{} {} {:.2}s",
                b.target,
                b.compiler,
                t.elapsed().as_secs_f64()
            );
            for n in &b.notes {
                println!("  note: {n}");
            }
            for k in &b.kernels {
                println!("  {}", k.kernel);
                for m in &k.metrics {
                    println!("    {:18} {:>8} [{}]", m.key, m.shown(), m.source);
                }
            }
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
