//! Prints the generated program of a batched bentness run (`bent_plan`) under given fused
//! limits, with the schedule's pass geometry: what `jitfft bent` builds on a device.
//!
//! `cargo run --release --example bent_source [-- P N B [MAX_THREADS [LOCAL_BYTES]]]`
//! (default 3 4 1048576 256 49152: NVIDIA's reported kernel limit and 48 KB).

use jitfft::mvl::bent::bent_plan;
use jitfft::transform::Precision;
use jitfft::vc::fused::FusedLimits;

fn main() -> anyhow::Result<()> {
    let a: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let get = |i: usize, d: u64| a.get(i).copied().unwrap_or(d);
    let plan = bent_plan(
        get(0, 3) as u32,
        get(1, 4) as u32,
        get(2, 1 << 20),
        Precision::F32,
    )?;
    let limits = FusedLimits {
        local_bytes: get(4, 48 * 1024),
        max_threads: get(3, 256),
        values: None,
        tile_values: None,
        // The schedule switches of the environment (`JITFFT_PER_ITEM` …), read here, at the front.
        knobs: jitfft::vc::fused::pass::ScheduleKnobs::of(&jitfft::runtime::Knobs::from_env()),
    };
    let (schedule, program) = jitfft::vc::program(&plan, limits);
    for f in schedule.fused_passes() {
        eprintln!(
            "{}: tile {} elements, {} work-items x {} registers, rows {}, group size {}, groups/transform {}, work-groups {}",
            f.name(),
            f.tile_len(),
            f.threads(),
            f.regs(),
            f.rows,
            f.group_size(),
            f.groups(),
            f.batch_groups()
        );
    }
    for (name, c) in &program.kernels {
        eprintln!("{name}: {c:?}");
    }
    println!("{}", program.source);
    Ok(())
}
