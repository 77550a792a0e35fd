//! How fast a driver hands out pinned host memory (`CL_MEM_ALLOC_HOST_PTR` + map), by piece
//! size and by how many threads ask at once: the streamed route's random input pins its whole
//! host array (28 GB at 3^20) before drawing into it (issue 42's `stream 3^20 random input
//! wall`). For each (pieces, threads): the wall time of creating and mapping every piece, of
//! touching every page once (threads over the pieces), and of unmapping and freeing them.
//!
//!     cargo run --release --example pinned_alloc -- GIB [PIECES:THREADS ...]
//!
//! Prints one JSON line a case.

use jitfft::runtime::{DeviceSelector, Gpu};
use ocl::flags::{MapFlags, MemFlags};
use ocl::{Buffer, Event};
use rayon::prelude::*;
use std::time::Instant;

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

fn case(gpu: &Gpu, total: usize, pieces: usize, threads: usize) -> ocl::Result<String> {
    let piece = total.div_ceil(pieces);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool");
    let t0 = Instant::now();
    let made: Vec<_> = pool.install(|| {
        (0..pieces)
            .into_par_iter()
            .map(|i| {
                let len = piece.min(total - i * piece);
                let buf = Buffer::<u8>::builder()
                    .queue(gpu.queue.clone())
                    .flags(MemFlags::new().alloc_host_ptr().read_write())
                    .len(len)
                    .build()?;
                // SAFETY: a blocking map of a buffer nothing else uses; unmapped below.
                let map = unsafe {
                    buf.map()
                        .queue(&gpu.queue)
                        .flags(MapFlags::new().read().write())
                        .len(len)
                        .enq()?
                };
                Ok((buf, map))
            })
            .collect::<ocl::Result<Vec<_>>>()
    })?;
    let alloc_ms = ms(t0);
    let t1 = Instant::now();
    let mut made = made;
    made.par_iter_mut().for_each(|(_, m)| {
        m.par_chunks_mut(1 << 21).for_each(|c| c.fill(1));
    });
    let touch_ms = ms(t1);
    let t2 = Instant::now();
    for (buf, mut map) in made {
        let mut ev = Event::empty();
        map.unmap().queue(&gpu.queue).enew(&mut ev).enq()?;
        ev.wait_for()?;
        drop(buf);
    }
    let free_ms = ms(t2);
    Ok(format!(
        "{{\"bytes\": {total}, \"pieces\": {pieces}, \"threads\": {threads}, \"alloc_map_ms\": {alloc_ms:.1}, \"touch_ms\": {touch_ms:.1}, \"free_ms\": {free_ms:.1}, \"alloc_gbs\": {:.2}}}",
        total as f64 / alloc_ms / 1e6
    ))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let gib: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(4);
    let cases: Vec<(usize, usize)> = if args.len() > 1 {
        args[1..]
            .iter()
            .filter_map(|c| {
                let (p, t) = c.split_once(':')?;
                Some((p.parse().ok()?, t.parse().ok()?))
            })
            .collect()
    } else {
        vec![(2, 1), (16, 1), (16, 16), (64, 16)]
    };
    let gpu = match Gpu::open(&DeviceSelector::from_arg_or_env(None)) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("pinned_alloc: no device: {e}");
            std::process::exit(1);
        }
    };
    eprintln!("pinned_alloc on {}", gpu.describe());
    for (pieces, threads) in cases {
        match case(&gpu, gib << 30, pieces.max(1), threads.max(1)) {
            Ok(line) => println!("{line}"),
            Err(e) => {
                println!("{{\"pieces\": {pieces}, \"threads\": {threads}, \"error\": \"{e}\"}}")
            }
        }
    }
}
