//! The host side of transfers (`runtime::staging`, `vc::stream::copy`) against the simple
//! path it replaces: threaded, chunked staging and the threaded gather/scatter of streamed
//! passes give bit-identical results for chunk counts that do not divide the data and sizes
//! that are not multiples of the thread count; a failure injected at the first or the last
//! chunk fails the call, leaves nothing running, and the next call is right again.

mod common;

use common::seed;
use jitfft::io::random::random_complex;
use jitfft::runtime::pinned::device_buffer;
use jitfft::runtime::staging::{self, StageOpts};
use jitfft::runtime::Pinned;
use jitfft::vc::stream::{chunk_rows, gather, scatter, ChunkFault, HostArray, StreamedVc};
use jitfft::vc::{Precision, VcOptions, VcPlan, VcTransform};
use num_complex::Complex32;

fn opts(chunk_bytes: usize, threads: usize) -> StageOpts {
    StageOpts {
        chunk_bytes,
        threads,
        ..StageOpts::default()
    }
}

/// Chunkings that leave a short last chunk and thread counts that do not divide the pieces.
fn chunkings() -> Vec<StageOpts> {
    vec![
        opts(4000, 3),
        opts(1 << 12, 0),
        opts(10_004, 7),
        // Plain stores (the default streams: both must give the same bytes).
        StageOpts {
            streaming: false,
            ..opts(10_004, 5)
        },
        opts(usize::MAX, 0),
        StageOpts::default(),
    ]
}

#[test]
fn staged_round_trip_is_a_byte_copy() {
    let gpu = common::gpu();
    let len = 100_003usize; // prime: no chunking divides it
    let src: Vec<f32> = random_complex(len, seed())
        .iter()
        .map(|c| c.re as f32)
        .collect();
    // Staging and buffer longer than the data (a real transform's staging serves both its
    // shorter input and its longer output): the transfers stop where the data does.
    let buf = device_buffer::<f32>(&gpu.queue, len + 4099).unwrap();
    let pinned = Pinned::<f32>::new(&gpu.queue, len + 4099).unwrap();
    for o in chunkings() {
        let mut back = vec![0f32; len];
        pinned
            .with_map(|m| unsafe {
                let (up, ok) = staging::upload(&gpu.queue, m, &buf, &src, &o, &|_| true)?;
                assert!(ok);
                assert_eq!(up.events.len(), o.chunks::<f32>(len));
                let finite = |s: &[f32]| s.iter().all(|v| v.is_finite());
                let (_, ok) =
                    staging::download(&gpu.queue, m, &buf, &mut back, &o, up.last(), &finite)?;
                assert!(ok);
                Ok(())
            })
            .unwrap();
        assert!(
            src.iter()
                .zip(&back)
                .all(|(a, b)| a.to_bits() == b.to_bits()),
            "{o:?}"
        );
    }
    pinned.release().unwrap();
}

#[test]
fn staged_execute_matches_single_copy_and_survives_faults() {
    let gpu = common::gpu();
    let opts32 = VcOptions {
        precision: Precision::F32,
        ..VcOptions::default()
    };
    let plan = VcPlan::new(3, 9, opts32).unwrap().with_batch(3).unwrap();
    let tr = VcTransform::new(&gpu, &plan).unwrap();
    let len = plan.total_len() as usize;
    let x: Vec<Complex32> = random_complex(len, seed())
        .iter()
        .map(|c| Complex32::new(c.re as f32, c.im as f32))
        .collect();
    let mut want = vec![Complex32::new(0.0, 0.0); len];
    tr.execute_into_with(&gpu, &x, &mut want, &StageOpts::single(), None)
        .unwrap();
    let same = |a: &[Complex32], b: &[Complex32]| {
        bytemuck::cast_slice::<_, u32>(a) == bytemuck::cast_slice::<_, u32>(b)
    };
    for o in chunkings() {
        let mut got = vec![Complex32::new(0.0, 0.0); len];
        tr.execute_into_with(&gpu, &x, &mut got, &o, Some("test"))
            .unwrap();
        assert!(same(&got, &want), "{o:?}");
    }
    // A failure at the first or last chunk of the upload (and of the download) fails the call;
    // the next call is bit-identical again.
    let o = opts(40_000, 3);
    let chunks = o.chunks::<f32>(2 * len);
    assert!(chunks > 2);
    for at in [0, chunks - 1] {
        let bad = StageOpts {
            fail_at: Some(at),
            ..o
        };
        let mut got = vec![Complex32::new(0.0, 0.0); len];
        let e = tr.upload_with(&x, &bad, None).unwrap_err().to_string();
        assert!(
            e.contains(&format!("failure injected at chunk {at}")),
            "{e}"
        );
        tr.run(&gpu).unwrap();
        let e = tr.download_with(&mut got, &bad).unwrap_err().to_string();
        assert!(
            e.contains(&format!("failure injected at chunk {at}")),
            "{e}"
        );
        tr.execute_into_with(&gpu, &x, &mut got, &o, None).unwrap();
        assert!(same(&got, &want), "after a fault at chunk {at}");
    }
    // Non-finite input is refused by the staged check, wherever it sits.
    let mut bad_x = x.clone();
    bad_x[len - 1].im = f32::NAN;
    let mut got = vec![Complex32::new(0.0, 0.0); len];
    let e = tr
        .execute_into_with(&gpu, &bad_x, &mut got, &o, Some("test"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("NaN") || e.contains("finite"), "{e}");
    tr.release().unwrap();
}

#[test]
fn threaded_gather_scatter_match_row_by_row_copies() {
    // Plans whose passes have strided rows (upper passes) and contiguous chunks (the lowest).
    for (p, n, batch, cap) in [(3u32, 9u32, 1u64, 700u64), (2, 13, 3, 2000), (5, 6, 2, 700)] {
        let plan = jitfft::vc::stream::StreamPlan::new(p, n, batch, cap, cap).unwrap();
        let total = plan.total_len() as usize;
        let data: Vec<f32> = (0..2 * total).map(|i| i as f32).collect();
        for pass in &plan.passes {
            let mut back = vec![-1f32; 2 * total];
            for k in 0..pass.chunks(p) {
                let r = chunk_rows(p, pass, k);
                let (rows, len) = (r.rows as usize, 2 * r.len as usize);
                let mut want = vec![0f32; rows * len];
                for row in 0..rows {
                    let s = 2 * r.row_start(row as u64) as usize;
                    want[row * len..][..len].copy_from_slice(&data[s..s + len]);
                }
                let mut d = data.clone();
                let host = HostArray::new(&mut d);
                let mut staging = vec![0f32; rows * len + 5];
                unsafe { gather(&host, &mut staging, &r) }.unwrap();
                assert_eq!(
                    &staging[..rows * len],
                    &want[..],
                    "p {p} pass {pass:?} chunk {k}"
                );
                let back_host = HostArray::new(&mut back);
                unsafe { scatter(&staging, &back_host, &r) }.unwrap();
            }
            assert_eq!(back, data, "p {p} pass {pass:?}: every element once");
        }
    }
}

#[test]
fn streamed_fault_in_first_or_last_chunk_fails_the_run_and_progress_counts_chunks() {
    let mut gpu = common::gpu();
    gpu.info.global_mem_bytes = 64 << 10;
    gpu.info.max_alloc_bytes = 64 << 10;
    let opts = VcOptions {
        precision: Precision::F32,
        ..VcOptions::default()
    };
    let whole = VcPlan::new(3, 10, opts).unwrap();
    let len = whole.total_len() as usize;
    let x: Vec<Complex32> = random_complex(len, seed())
        .iter()
        .map(|c| Complex32::new(c.re as f32, c.im as f32))
        .collect();
    let bottom = |pl: VcPlan| Ok(pl);
    // The reference run also reports its progress: every chunk of every pass once, in order.
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = seen.clone();
    let sv = StreamedVc::new(&gpu, &whole, &bottom)
        .unwrap()
        .with_progress(std::sync::Arc::new(move |done, all| {
            log.lock().unwrap().push((done, all))
        }));
    let chunks: u64 = sv.plan.passes.iter().map(|q| q.chunks(3)).sum();
    assert!(
        sv.plan.passes.len() >= 2 && chunks > 2,
        "the test needs a streamed plan"
    );
    let mut want = x.clone();
    sv.run(&gpu, &mut want).unwrap();
    sv.release().unwrap();
    let want_calls: Vec<(u64, u64)> = (1..=chunks).map(|k| (k, chunks)).collect();
    assert_eq!(*seen.lock().unwrap(), want_calls);
    for fault in [ChunkFault::First, ChunkFault::Last] {
        let sv = StreamedVc::new(&gpu, &whole, &bottom)
            .unwrap()
            .with_fault(fault);
        let mut d = x.clone();
        let e = sv.run(&gpu, &mut d).unwrap_err().to_string();
        assert!(e.contains("failure injected at chunk"), "{fault:?}: {e}");
        sv.release().unwrap();
    }
    // The same plan without the knob gives the same bits as before.
    let sv = StreamedVc::new(&gpu, &whole, &bottom).unwrap();
    let mut d = x.clone();
    sv.run(&gpu, &mut d).unwrap();
    assert!(bytemuck::cast_slice::<_, u32>(&d) == bytemuck::cast_slice::<_, u32>(&want));
    sv.release().unwrap();
}

#[test]
fn npy_read_and_write_at_offsets_round_trip() {
    use jitfft::io::npy_stream::{complex_header, read_complex_into, write_complex};
    use num_complex::Complex64;
    let dir = std::env::temp_dir().join(format!("jitfft-host-staging-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("x.npy");
    let len = 3usize.pow(9) * 5;
    let x: Vec<Complex32> = random_complex(len, seed())
        .iter()
        .map(|c| Complex32::new(c.re as f32, c.im as f32))
        .collect();
    write_complex(&path, &x, &[5, 19683]).unwrap();
    let npy = complex_header(&path).unwrap().unwrap();
    assert_eq!(npy.shape, vec![5, 19683]);
    let mut same = vec![Complex32::new(0.0, 0.0); len];
    read_complex_into(&path, &npy, &mut same).unwrap();
    assert!(bytemuck::cast_slice::<_, u32>(&same) == bytemuck::cast_slice::<_, u32>(&x));
    let mut wide = vec![Complex64::new(0.0, 0.0); len];
    read_complex_into(&path, &npy, &mut wide).unwrap();
    assert!(wide
        .iter()
        .zip(&x)
        .all(|(w, s)| w.re == s.re as f64 && w.im == s.im as f64));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn streaming_copy_equals_memcpy_at_every_alignment_and_length() {
    use jitfft::runtime::stream_copy::{copy_elems, copy_streaming, STREAM_MIN_BYTES};
    let src: Vec<u8> = (0..20_000u32).map(|i| (i * 7 + 3) as u8).collect();
    for off in 0..17 {
        for len in [
            0,
            1,
            15,
            16,
            63,
            64,
            65,
            1000,
            STREAM_MIN_BYTES + 9,
            4096 + 5,
        ] {
            let mut dst = vec![0u8; len + 32];
            copy_streaming(&mut dst[off..off + len], &src[3..3 + len]);
            assert_eq!(
                &dst[off..off + len],
                &src[3..3 + len],
                "off {off} len {len}"
            );
            assert!(dst[..off].iter().all(|&b| b == 0), "wrote before the range");
            assert!(
                dst[off + len..].iter().all(|&b| b == 0),
                "wrote past the range"
            );
            let mut again = vec![0u8; len + 32];
            // SAFETY: both ranges hold `len` bytes and do not overlap.
            unsafe { copy_elems(src[5..].as_ptr(), again[off..].as_mut_ptr(), len) };
            assert_eq!(
                &again[off..off + len],
                &src[5..5 + len],
                "copy_elems off {off} len {len}"
            );
        }
    }
}

/// The pinned host array's rectangle transfers (`StreamedVc::run_pinned`) against the
/// gather/scatter path on the same plan: bit-identical for uneven chunk counts and pieces cut
/// anywhere (a piece limit that divides nothing, many pieces, one piece); a failure injected in
/// the first or the last chunk fails the run and the next run is right again.
#[test]
fn pinned_rectangles_match_gather_scatter_and_fail_cleanly() {
    use jitfft::vc::stream::PinnedHost;
    let mut gpu = common::gpu();
    let bottom = |pl: VcPlan| Ok(pl);
    let opts = VcOptions {
        precision: Precision::F32,
        ..VcOptions::default()
    };
    // (p, n, batch, device bytes, allocation limit): the limit also cuts the host array.
    for (p, n, batch, mem, alloc) in [
        (3u32, 10u32, 1u64, 64u64 << 10, 64u64 << 10),
        (2, 13, 3, 96 << 10, 40_000),
        (5, 6, 2, 48 << 10, 1 << 30),
    ] {
        gpu.info.global_mem_bytes = mem;
        gpu.info.max_alloc_bytes = alloc;
        let whole = VcPlan::new(p, n, opts).unwrap().with_batch(batch).unwrap();
        let len = whole.total_len() as usize;
        let x: Vec<Complex32> = random_complex(len, seed())
            .iter()
            .map(|c| Complex32::new(c.re as f32, c.im as f32))
            .collect();
        // (`StreamedVc::for_pinned` plans longer rows only where the device memory exceeds
        // the target chunk, which these capped sizes never do: `plan.rs` tests its choice.)
        let sv = StreamedVc::new(&gpu, &whole, &bottom).unwrap();
        let chunks: Vec<u64> = sv.plan.passes.iter().map(|q| q.chunks(p)).collect();
        assert!(
            chunks.len() >= 2 && chunks.iter().any(|&c| c > 2),
            "{p}^{n}: {chunks:?}"
        );
        let mut want = x.clone();
        sv.run(&gpu, &mut want).unwrap();
        let mut host = PinnedHost::new(&gpu, Precision::F32, len as u64).unwrap();
        let cut = |h: &mut PinnedHost| {
            let mut at = 0;
            for piece in h.pieces_mut::<Complex32>().unwrap() {
                piece.copy_from_slice(&x[at..at + piece.len()]);
                at += piece.len();
            }
        };
        let joined =
            |h: &PinnedHost| -> Vec<Complex32> { h.pieces::<Complex32>().unwrap().concat() };
        cut(&mut host);
        let times = sv.run_pinned(&gpu, &mut host).unwrap();
        assert!(times
            .iter()
            .all(|t| t.gather_ms == 0.0 && t.scatter_ms == 0.0));
        let got = joined(&host);
        let same = bytemuck::cast_slice::<_, u32>(&got) == bytemuck::cast_slice::<_, u32>(&want);
        assert!(
            same,
            "{p}^{n} × {batch}, {} pieces of {}: not bit-identical",
            host.piece_count(),
            host.piece_len()
        );
        // A wrong precision is refused.
        assert!(host.pieces::<num_complex::Complex64>().is_err());
        sv.release().unwrap();
        for fault in [ChunkFault::First, ChunkFault::Last] {
            let sv = StreamedVc::new(&gpu, &whole, &bottom)
                .unwrap()
                .with_fault(fault);
            cut(&mut host);
            let e = sv.run_pinned(&gpu, &mut host).unwrap_err().to_string();
            assert!(e.contains("failure injected at chunk"), "{fault:?}: {e}");
            sv.release().unwrap();
        }
        let sv = StreamedVc::new(&gpu, &whole, &bottom).unwrap();
        cut(&mut host);
        sv.run_pinned(&gpu, &mut host).unwrap();
        let again = joined(&host);
        assert!(bytemuck::cast_slice::<_, u32>(&again) == bytemuck::cast_slice::<_, u32>(&want));
        sv.release().unwrap();
        host.release().unwrap();
    }
}

/// Bits of complex32 values, for exact comparisons.
fn bits(v: &[Complex32]) -> &[u32] {
    bytemuck::cast_slice(v)
}

#[test]
fn ring_runs_match_the_whole_staging_and_fail_cleanly() {
    use jitfft::vc::file_pipeline::PinnedRing;
    let gpu = common::gpu();
    let opts32 = VcOptions {
        precision: Precision::F32,
        ..VcOptions::default()
    };
    let plan = VcPlan::new(3, 9, opts32).unwrap().with_batch(3).unwrap();
    let len = plan.total_len() as usize;
    let x: Vec<Complex32> = random_complex(len, seed())
        .iter()
        .map(|c| Complex32::new(c.re as f32, c.im as f32))
        .collect();
    // The whole-staging run (read all, run, write all) is the reference.
    let whole = VcTransform::new(&gpu, &plan).unwrap();
    whole
        .with_staging::<Complex32, _>(|m| {
            m.copy_from_slice(&x);
            Ok(())
        })
        .unwrap();
    whole.run_staged(&gpu).unwrap();
    let want = whole
        .with_staging::<Complex32, _>(|m| Ok(m.to_vec()))
        .unwrap();
    whole.release().unwrap();
    let tr = VcTransform::new_unstaged(&gpu, &plan).unwrap();
    // No whole staging: the paths that need one refuse instead of touching it.
    assert!(tr.with_staging::<Complex32, _>(|_| Ok(())).is_err());
    assert!(tr.run_staged(&gpu).is_err());
    let total = len * 8;
    let src: &[u8] = bytemuck::cast_slice(&x);
    // fill/drain failing at the chunk that starts at `fail_fill` / `fail_drain` (bytes).
    let run = |ring: &PinnedRing, fail_fill: Option<usize>, fail_drain: Option<usize>| {
        let mut got = vec![Complex32::new(-1.0, -1.0); len];
        let out: &mut [u8] = bytemuck::cast_slice_mut(&mut got);
        let injected = |at| jitfft::error::JitError::invalid(format!("injected at {at}"));
        let r = tr.run_pipelined(
            &gpu,
            ring,
            |at, c| match fail_fill {
                Some(f) if f == at => Err(injected(at)),
                _ => {
                    c.copy_from_slice(&src[at..at + c.len()]);
                    Ok(())
                }
            },
            || Ok(()),
            |at, c| match fail_drain {
                Some(f) if f == at => Err(injected(at)),
                _ => {
                    out[at..at + c.len()].copy_from_slice(c);
                    Ok(())
                }
            },
        );
        r.map(|_| got)
    };
    // Chunk counts that leave a short last chunk (29.5 and 4.03 chunks), one chunk, the default.
    let rings = [
        PinnedRing::with_chunk(&gpu, total, 16 * 1001).unwrap(),
        PinnedRing::with_chunk(&gpu, total, 16 * 7321).unwrap(),
        PinnedRing::with_chunk(&gpu, total, (total / 16 + 1) * 16).unwrap(),
        PinnedRing::new(&gpu, total).unwrap(),
    ];
    for ring in &rings {
        let got = run(ring, None, None).unwrap();
        assert!(bits(&got) == bits(&want), "chunks of {}", ring.chunk_bytes);
    }
    // A failed chunk (first or last, reading or writing) fails the run; the next is right.
    let ring = &rings[0];
    let last = (total - 1) / ring.chunk_bytes * ring.chunk_bytes;
    for (ff, fd) in [
        (Some(0), None),
        (Some(last), None),
        (None, Some(0)),
        (None, Some(last)),
    ] {
        let e = run(ring, ff, fd).unwrap_err().to_string();
        assert!(e.contains("injected at"), "{e}");
        let got = run(ring, None, None).unwrap();
        assert!(bits(&got) == bits(&want), "after a fault {ff:?} {fd:?}");
    }
    // A refusing gate stops the run before any chunk is handed out.
    let mut drained = 0;
    let e = tr
        .run_pipelined(
            &gpu,
            ring,
            |at, c| {
                c.copy_from_slice(&src[at..at + c.len()]);
                Ok(())
            },
            || Err(jitfft::error::JitError::invalid("refused")),
            |_, _| {
                drained += 1;
                Ok(())
            },
        )
        .unwrap_err();
    assert!(e.to_string().contains("refused") && drained == 0);
    for r in rings {
        r.release().unwrap();
    }
    tr.release().unwrap();
}

#[test]
fn streamed_first_pass_read_from_a_source_is_bit_identical() {
    let mut gpu = common::gpu();
    gpu.info.global_mem_bytes = 64 << 10;
    gpu.info.max_alloc_bytes = 64 << 10;
    let opts = VcOptions {
        precision: Precision::F32,
        ..VcOptions::default()
    };
    let whole = VcPlan::new(3, 10, opts).unwrap().with_batch(2).unwrap();
    let len = whole.total_len() as usize;
    let x: Vec<Complex32> = random_complex(len, seed())
        .iter()
        .map(|c| Complex32::new(c.re as f32, c.im as f32))
        .collect();
    let bottom = |pl: VcPlan| Ok(pl);
    let sv = StreamedVc::new(&gpu, &whole, &bottom).unwrap();
    assert!(sv.plan.passes.len() >= 2 && sv.plan.passes[0].chunks(3) > 2);
    let mut want = x.clone();
    sv.run(&gpu, &mut want).unwrap();
    let src: &[u8] = bytemuck::cast_slice(&x);
    // `fail`: the source fails for the chunk starting at that value.
    let run = |fail: Option<u64>| {
        let read = |first: u64, dst: &mut [u8]| match fail {
            Some(f) if f == first => Err(jitfft::error::JitError::invalid("source failed")),
            _ => {
                let at = first as usize * 8;
                dst.copy_from_slice(&src[at..at + dst.len()]);
                Ok(())
            }
        };
        // The array starts as zeros: the first pass must take every value from the source.
        let mut d = vec![Complex32::new(0.0, 0.0); len];
        sv.run_from(&gpu, &mut d, Some(&read)).map(|_| d)
    };
    let got = run(None).unwrap();
    assert!(bits(&got) == bits(&want));
    let pass = sv.plan.passes[0];
    let last = chunk_rows(3, &pass, pass.chunks(3) - 1).start;
    for f in [0, last] {
        let e = run(Some(f)).unwrap_err().to_string();
        assert!(e.contains("source failed"), "{e}");
        assert!(
            bits(&run(None).unwrap()) == bits(&want),
            "after a fault at {f}"
        );
    }
    sv.release().unwrap();
}
