//! Computes a VC spectrum through the library and checks it against the CPU reference.
//!
//! `cargo run --release --example vc_spectrum [-- P N]`

use jitfft::io::random::random_complex;
use jitfft::reference::{compare, separable_vc};
use jitfft::runtime::{DeviceSelector, Gpu};
use jitfft::vc::{Algorithm, VcOptions, VcPlan, VcTransform};

fn main() -> anyhow::Result<()> {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let (p, n) = match args[..] {
        [p, n] => (p, n),
        _ => (3, 8),
    };
    let gpu = Gpu::open(&DeviceSelector::from_arg_or_env(None))?;
    let plan = VcPlan::new(
        p,
        n,
        VcOptions {
            algorithm: Algorithm::Cg,
            ..Default::default()
        },
    )?;
    let transform = VcTransform::new(&gpu, &plan)?;
    let input = random_complex(plan.len as usize, 1);
    let (spectrum, times) = transform.execute(&gpu, &input)?;
    let want = separable_vc(p, n, &input, plan.direction, plan.scale())?;
    let err = compare(&spectrum, &want);
    println!("device: {}", gpu.describe());
    println!(
        "VC p = {p}, n = {n}: {} passes ({}), kernel {:.4} ms, upload {:.4} ms, download {:.4} ms",
        transform.schedule.passes.len(),
        transform.schedule.radices(),
        times.kernel_ms,
        times.upload_ms,
        times.download_ms
    );
    println!(
        "relative L2 error {:.2e}, max abs error {:.2e}",
        err.rel_l2, err.max_abs
    );
    println!("S[0..3] = {:?}", &spectrum[..3.min(spectrum.len())]);
    Ok(())
}
