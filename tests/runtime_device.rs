//! The runtime layer on the real device: OpenCL errors keep their API status, pinned staging
//! releases explicitly, and parallel builds of one program share one compile.
#![allow(clippy::disallowed_methods)] // a test harness reads and sets its own switches

mod common;

use jitfft::runtime::{build_program, Arg, KernelHandle, Pinned};

const SOURCE: &str =
    "__kernel void twice(__global uint *x) { size_t i = get_global_id(0); x[i] *= 2u; }\n";

#[test]
fn opencl_errors_keep_the_api_status() {
    let gpu = common::gpu();
    let built = build_program(&gpu, SOURCE, "").unwrap();
    let k = KernelHandle::new(&gpu, &built.program, "twice").unwrap();
    let e = KernelHandle::new(&gpu, &built.program, "no_such_kernel")
        .err()
        .expect("an unknown kernel name is refused");
    // CL_INVALID_KERNEL_NAME
    assert_eq!(e.status(), Some(-46), "{e}");
    assert!(e.to_string().contains("no_such_kernel"), "{e}");
    let buf = jitfft::runtime::pinned::device_buffer::<u32>(&gpu.queue, 64).unwrap();
    k.set_args(&[Arg::buf(&buf)]).unwrap();
    // A work-group beyond the device's limit: CL_INVALID_WORK_GROUP_SIZE (−54), or
    // CL_INVALID_WORK_ITEM_SIZE (−55) where the per-dimension limit is checked first.
    let local = 1 << 24;
    let e = k.launch(&gpu.queue, local, local).expect_err("refused");
    assert!(
        matches!(e.status(), Some(-54 | -55)),
        "{:?}: {e}",
        e.status()
    );
    assert!(e.to_string().contains("launching twice"), "{e}");
    // Errors of jitfft's own making carry no status.
    assert_eq!(jitfft::JitError::invalid("x").status(), None);
}

#[test]
fn pinned_staging_releases_explicitly() {
    let gpu = common::gpu();
    let p = Pinned::<u32>::new(&gpu.queue, 16).unwrap();
    p.fill(&[7; 16]).unwrap();
    let dev = jitfft::runtime::pinned::device_buffer::<u32>(&gpu.queue, 16).unwrap();
    p.upload_to(&dev, 16).unwrap();
    let mut back = vec![0u32; 16];
    p.download_from(&dev, 16).unwrap();
    p.drain(&mut back).unwrap();
    assert_eq!(back, vec![7; 16]);
    // Consumes the staging: the unmap's result reaches the caller, and drop does not unmap again.
    p.release().unwrap();
}

/// Three threads build one new program at once: one compiles, the others wait for it and load
/// the cached binary (a per-key lock), which the cache then holds.
#[test]
fn parallel_builds_of_one_program_compile_once() {
    if std::env::var("JITFFT_NO_CACHE").is_ok_and(|v| v == "1") {
        return; // every build compiles by request
    }
    let gpu = common::gpu();
    let src = format!("{SOURCE}// parallel build {}\n", common::seed());
    let built: Vec<(String, bool)> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..3)
            .map(|_| s.spawn(|| build_program(&gpu, &src, "").unwrap()))
            .collect();
        hs.into_iter()
            .map(|h| h.join().unwrap())
            .map(|b| (b.key, b.from_cache))
            .collect()
    });
    assert!(built.windows(2).all(|w| w[0].0 == w[1].0));
    let compiled = built.iter().filter(|(_, cached)| !cached).count();
    assert_eq!(compiled, 1, "{built:?}");
    let dir = jitfft::runtime::build::cache_root().join("programs");
    let bin = std::fs::read(dir.join(format!("{}.bin", built[0].0))).unwrap();
    assert!(!bin.is_empty());
}
