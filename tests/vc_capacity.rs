//! Device capacity and selection: refusals say what is needed and what is available.
#![allow(clippy::disallowed_methods)] // a test harness reads and sets its own switches

mod common;

use jitfft::runtime::{select_device, DeviceSelector};
use jitfft::vc::*;

#[test]
fn refuses_what_the_device_cannot_hold() {
    let gpu = common::gpu();
    let mut info = gpu.info.clone();
    info.max_alloc_bytes = 1 << 20;
    info.global_mem_bytes = 3 << 19;
    let plan = VcPlan::new(2, 18, VcOptions::default()).unwrap(); // 2 MiB of f32 complex
    let e = check_device(&info, &plan).unwrap_err().to_string();
    assert!(
        e.contains("2.0 MiB buffer") && e.contains("at most 1.0 MiB"),
        "{e}"
    );
    info.max_alloc_bytes = 4 << 20;
    let cg = VcPlan::new(
        2,
        18,
        VcOptions {
            algorithm: Algorithm::Cg,
            ..Default::default()
        },
    )
    .unwrap();
    let e = check_device(&info, &cg).unwrap_err().to_string();
    assert!(
        e.contains("2 buffer(s)") && e.contains("4.0 MiB") && e.contains("has 1.5 MiB"),
        "{e}"
    );
    info.fp64 = false;
    let f64plan = VcPlan::new(
        2,
        4,
        VcOptions {
            precision: Precision::F64,
            ..Default::default()
        },
    )
    .unwrap();
    let e = check_device(&info, &f64plan).unwrap_err().to_string();
    assert!(
        e.contains("does not support double precision") && e.contains("--precision f32"),
        "{e}"
    );
}

#[test]
fn selects_by_index_kind_and_name() {
    let gpu = common::gpu();
    let by_index = select_device(&DeviceSelector::Index(gpu.info.index)).unwrap();
    assert_eq!(by_index.info.name, gpu.info.name);
    let by_kind = select_device(&DeviceSelector::parse(&gpu.info.kind)).unwrap();
    assert_eq!(by_kind.info.kind, gpu.info.kind);
    let part: String = gpu
        .info
        .name
        .chars()
        .take(5)
        .collect::<String>()
        .to_uppercase();
    let by_name = select_device(&DeviceSelector::parse(&part)).unwrap();
    assert!(by_name.info.name.to_uppercase().contains(&part));
    let e = select_device(&DeviceSelector::parse("no-such-device-xyz"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("no OpenCL device matches") && e.contains(&gpu.info.name),
        "{e}"
    );
    let e = select_device(&DeviceSelector::Index(999))
        .unwrap_err()
        .to_string();
    assert!(e.contains("Devices found"), "{e}");
}

#[test]
fn failed_build_shows_log_and_saved_source() {
    let gpu = common::gpu();
    let dir = tempfile::tempdir().unwrap();
    std::env::set_var("JITFFT_CACHE_DIR", dir.path());
    let bad = "__kernel void broken(__global float *x) { x[0] = undefined_name; }";
    let e = match jitfft::runtime::build_program(&gpu, bad, "") {
        Ok(_) => panic!("a broken kernel built"),
        Err(e) => e,
    };
    let msg = e.to_string();
    assert!(
        msg.contains("kernel build failed") && msg.contains("undefined_name"),
        "{msg}"
    );
    let jitfft::JitError::Build { source_path, .. } = e else {
        panic!("not a build error")
    };
    assert_eq!(std::fs::read_to_string(source_path).unwrap(), bad);
}
