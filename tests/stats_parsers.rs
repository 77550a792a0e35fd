//! Statistics parsers on stored outputs: real NVIDIA PTX and ptxas logs from an H100,
//! a cuobjdump SASS listing, AMD assembly with kernel-info blocks and YAML metadata, a
//! msgpack metadata note inside an ELF, Intel's .ze_info, and PoCL's objdump output.

use jitfft::stats::{amd, elf, intel, nvidia, pocl};
use std::path::Path;

fn data(name: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    String::from_utf8_lossy(&std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .into_owned()
}

const NV_KERNELS: [&str; 8] = [
    "vc_ct_r3_first_f32",
    "vc_cg_r3_first_f32",
    "vc_ct_r4_first_f32",
    "vc_cg_r4_first_f32",
    "vc_ct_p3r9_first_f32",
    "vc_cg_p3r9_first_f32",
    "vc_ct_p4r16_first_f32",
    "vc_cg_p4r16_first_f32",
];

#[test]
fn ptx_of_real_h100_kernels() {
    for k in NV_KERNELS {
        let ptx = data(&format!("nvidia/{k}.ptx"));
        let ks = nvidia::ptx_kernels(&ptx);
        assert_eq!(ks.len(), 1, "{k}");
        let (name, c) = &ks[0];
        assert_eq!(name, k);
        // Static counts: NVVM unrolls the small butterflies (one store per output, r stores)
        // and keeps the r = 9, 16 output loop (one store in its body).
        let r: u64 = k
            .split('_')
            .nth(2)
            .unwrap()
            .rsplit('r')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let want = if r <= 4 { r } else { 1 };
        assert_eq!(c.store, want, "{k}: {c:?}");
        assert!(c.fetch >= 1 && c.alu > c.fetch, "{k}: {c:?}");
        assert_eq!(
            c.total,
            c.alu + c.fetch + c.const_loads + c.param_loads + c.other_loads + c.store + c.control
        );
    }
    // Checked by hand against the listing: 4 param loads, 4 ld.global.nc.v2, 4 ld.const.v2,
    // 4 st.global.v2, one guarded bra and ret.
    let (_, c) = &nvidia::ptx_kernels(&data("nvidia/vc_cg_r4_first_f32.ptx"))[0];
    assert_eq!(
        (c.param_loads, c.fetch, c.const_loads, c.store, c.control),
        (4, 4, 4, 4, 2)
    );
    let lines = data("nvidia/vc_cg_r4_first_f32.ptx")
        .lines()
        .map(str::trim)
        .filter(|l| l.ends_with(';') && !l.starts_with('.'))
        .count() as u64;
    assert_eq!(c.total, lines);
    assert_eq!(
        nvidia::ptx_target(&data("nvidia/vc_cg_r4_first_f32.ptx")).as_deref(),
        Some("sm_90")
    );
}

#[test]
fn ptxas_logs_of_real_h100_builds() {
    for k in NV_KERNELS {
        let log = data(&format!("nvidia/{k}.ptxas.log"));
        let reps = nvidia::parse_ptxas_log(&log);
        assert_eq!(reps.len(), 1, "{k}");
        let (name, r) = &reps[0];
        assert_eq!(name, k);
        let want: u64 = log
            .split("Used ")
            .nth(1)
            .and_then(|s| s.split_whitespace().next())
            .and_then(|s| s.parse().ok())
            .unwrap();
        assert_eq!(r.registers, Some(want), "{k}");
        assert_eq!(
            (r.stack_bytes, r.spill_store_bytes, r.spill_load_bytes),
            (Some(0), Some(0), Some(0))
        );
        assert_eq!(r.arch.as_deref(), Some("sm_90a"));
    }
    let (_, r) = &nvidia::parse_ptxas_log(&data("nvidia/vc_cg_r4_first_f32.ptxas.log"))[0];
    assert_eq!(r.registers, Some(30));
}

#[test]
fn ptxas_log_with_spills_and_two_functions() {
    let log = "ptxas info    : Compiling entry function 'a' for 'sm_80'\n\
               ptxas info    : Function properties for a\n\
               ptxas         .     24 bytes stack frame, 8 bytes spill stores, 16 bytes spill loads\n\
               ptxas info    : Used 255 registers, 380 bytes cmem[0]\n\
               ptxas info    : Compiling entry function 'b' for 'sm_80'\n\
               ptxas info    : Used 12 registers\n";
    let r = nvidia::parse_ptxas_log(log);
    assert_eq!(r.len(), 2);
    assert_eq!(r[0].1.registers, Some(255));
    assert_eq!(
        (
            r[0].1.stack_bytes,
            r[0].1.spill_store_bytes,
            r[0].1.spill_load_bytes
        ),
        (Some(24), Some(8), Some(16))
    );
    assert_eq!(r[1].1.registers, Some(12));
    assert_eq!(r[1].1.stack_bytes, None, "unknown stays unknown, not 0");
}

#[test]
fn nvidia_metrics_mark_missing_ptx_unknown() {
    let m = nvidia::metrics("vc_cg_r4_first_f32", None, "", None);
    let alu = m.iter().find(|m| m.key == "alu").unwrap();
    assert_eq!(alu.value, None);
    assert_eq!(alu.shown(), "–");
    let regs = m.iter().find(|m| m.key == "registers").unwrap();
    assert_eq!(regs.value, None);
    let log = data("nvidia/vc_cg_r4_first_f32.ptxas.log");
    let ptx = data("nvidia/vc_cg_r4_first_f32.ptx");
    let m = nvidia::metrics("vc_cg_r4_first_f32", Some(&ptx), &log, None);
    let get = |k: &str| m.iter().find(|m| m.key == k).unwrap().value;
    assert_eq!(get("registers"), Some(30));
    assert_eq!(get("fetch"), Some(4));
}

#[test]
fn sass_listing() {
    let ks = nvidia::sass_kernels(&data("sass_cuobjdump.txt"));
    assert_eq!(ks.len(), 2);
    let (name, c) = &ks[0];
    assert_eq!(name, "vc_cg_r4_first_f32");
    // LDC + ULDC const; S2R, ISETP, FFMA, FMUL ALU; 2 LDG; 1 STG; 2 EXIT; padding BRA, NOPs skipped.
    assert_eq!(
        (c.const_loads, c.alu, c.fetch, c.store, c.control, c.total),
        (2, 4, 2, 1, 2, 11)
    );
    let (_, c) = &ks[1];
    assert_eq!(
        (c.fetch, c.other_loads, c.store, c.alu, c.control),
        (1, 1, 2, 1, 1)
    );
}

#[test]
fn amd_kernel_info_metadata_and_isa() {
    let s = data("amd_kernel_info.s");
    let info = amd::parse_kernel_info(&s);
    assert_eq!(info.len(), 2);
    assert_eq!(info[0].0, "vc_cg_r4_first_f32");
    let a = &info[0].1;
    assert_eq!(
        (
            a.vgprs,
            a.sgprs,
            a.agprs,
            a.scratch_bytes,
            a.lds_bytes,
            a.code_bytes,
            a.occupancy
        ),
        (
            Some(12),
            Some(18),
            Some(0),
            Some(0),
            Some(0),
            Some(228),
            Some(8)
        )
    );
    assert_eq!(info[1].1.scratch_bytes, Some(16));
    assert_eq!(info[1].1.agprs, None);

    let meta = amd::parse_metadata_yaml(&s);
    assert_eq!(meta.len(), 2);
    assert_eq!(meta[0].0, "vc_cg_r4_first_f32");
    assert_eq!(
        (meta[0].1.vgprs, meta[0].1.sgprs, meta[0].1.wavefront),
        (Some(12), Some(18), Some(64))
    );
    assert_eq!(meta[1].0, "vc_ct_r4_first_f32");
    assert_eq!(
        (meta[1].1.vgpr_spills, meta[1].1.scratch_bytes),
        (Some(2), Some(16))
    );

    let isa = amd::isa_counts(&s);
    assert_eq!(isa.len(), 2);
    let c = &isa[0].1;
    // 2 s_load; 2 global_load; 1 global_store; s_waitcnt, s_cbranch, s_endpgm;
    // v_cmp, s_and_saveexec, v_fma, v_mul ALU.
    assert_eq!(
        (c.const_loads, c.fetch, c.store, c.control, c.alu),
        (2, 2, 1, 3, 4)
    );
    assert_eq!(isa[1].1.fetch, 2);
}

/// msgpack encoders just big enough for the test.
fn mp_str(s: &str) -> Vec<u8> {
    let mut v = vec![0xa0 | s.len() as u8];
    v.extend(s.as_bytes());
    v
}

/// A minimal ELF64 with one SHT_NOTE section holding `desc` as an AMDGPU metadata note.
fn elf_with_note(desc: &[u8]) -> Vec<u8> {
    let mut note = Vec::new();
    note.extend(7u32.to_le_bytes());
    note.extend((desc.len() as u32).to_le_bytes());
    note.extend(32u32.to_le_bytes());
    note.extend(b"AMDGPU\0\0");
    note.extend(desc);
    while note.len() % 4 != 0 {
        note.push(0);
    }
    let shstr = b"\0.note\0.shstrtab\0".to_vec();
    let note_off = 64usize;
    let str_off = note_off + note.len();
    let sh_off = str_off + shstr.len();
    let mut b = vec![0u8; 64];
    b[..6].copy_from_slice(b"\x7fELF\x02\x01");
    b[0x28..0x30].copy_from_slice(&(sh_off as u64).to_le_bytes());
    b[0x3A..0x3C].copy_from_slice(&64u16.to_le_bytes());
    b[0x3C..0x3E].copy_from_slice(&3u16.to_le_bytes());
    b[0x3E..0x40].copy_from_slice(&2u16.to_le_bytes());
    b.extend(&note);
    b.extend(&shstr);
    let sh = |name: u32, ty: u32, off: usize, size: usize| {
        let mut h = vec![0u8; 64];
        h[0..4].copy_from_slice(&name.to_le_bytes());
        h[4..8].copy_from_slice(&ty.to_le_bytes());
        h[24..32].copy_from_slice(&(off as u64).to_le_bytes());
        h[32..40].copy_from_slice(&(size as u64).to_le_bytes());
        h
    };
    b.extend(sh(0, 0, 0, 0));
    b.extend(sh(1, 7, note_off, note.len()));
    b.extend(sh(7, 3, str_off, shstr.len()));
    b
}

#[test]
fn amd_msgpack_note_in_code_object() {
    // {"amdhsa.kernels": [{".name": "k", ".vgpr_count": 40, ".sgpr_count": 300 (uint16),
    //   ".vgpr_spill_count": 0, ".uniform": true}], "amdhsa.version": [1, 2]}
    let mut kernel = vec![0x85];
    kernel.extend(mp_str(".name"));
    kernel.extend(mp_str("k"));
    kernel.extend(mp_str(".vgpr_count"));
    kernel.push(40);
    kernel.extend(mp_str(".sgpr_count"));
    kernel.extend([0xcd, 0x01, 0x2c]);
    kernel.extend(mp_str(".vgpr_spill_count"));
    kernel.push(0);
    kernel.extend(mp_str(".uniform"));
    kernel.push(0xc3);
    let mut doc = vec![0x82];
    doc.extend(mp_str("amdhsa.kernels"));
    doc.push(0x91);
    doc.extend(kernel);
    doc.extend(mp_str("amdhsa.version"));
    doc.extend([0x92, 1, 2]);
    let (v, used) = amd::msgpack(&doc).unwrap();
    assert_eq!(used, doc.len());
    assert!(v.get("amdhsa.version").is_some());

    let bin = elf_with_note(&doc);
    let secs = elf::sections(&bin).unwrap();
    assert_eq!(
        secs.iter().map(|s| s.0.as_str()).collect::<Vec<_>>(),
        ["", ".note", ".shstrtab"]
    );
    let ks = amd::metadata_from_code_object(&bin).unwrap();
    assert_eq!(ks.len(), 1);
    assert_eq!(ks[0].0, "k");
    assert_eq!(
        (ks[0].1.vgprs, ks[0].1.sgprs, ks[0].1.vgpr_spills),
        (Some(40), Some(300), Some(0))
    );
    assert_eq!(ks[0].1.lds_bytes, None);
    // Truncated input is refused, not misread.
    assert!(amd::msgpack(&doc[..doc.len() - 1]).is_none());
    assert!(elf::sections(b"not an elf").is_none());
}

#[test]
fn intel_ze_info() {
    let z = intel::parse_ze_info(&data("intel_ze_info.yaml"));
    assert_eq!(z.len(), 2);
    assert_eq!(z[0].0, "vc_cg_r4_first_f32");
    assert_eq!(
        (z[0].1.grf_count, z[0].1.simd_size, z[0].1.scratch_bytes),
        (Some(128), Some(32), Some(192))
    );
    assert_eq!(
        (z[1].1.grf_count, z[1].1.simd_size, z[1].1.scratch_bytes),
        (Some(256), Some(16), None)
    );
}

#[test]
fn pocl_objdump_counts() {
    let text = data("pocl_objdump_vc_ct_r3.txt");
    let c = pocl::x86_counts(&text, "vc_ct_r3_first_f32").unwrap();
    let insns = text
        .lines()
        .filter(|l| l.contains(":\t") && !l.contains("nop"))
        .count() as u64;
    assert_eq!(c.total, insns);
    assert!(
        c.fetch >= 2 && c.store >= 2 && c.control >= 4 && c.alu > 10,
        "{c:?}"
    );
    assert!(pocl::x86_counts(&text, "other_kernel").is_none());
}
