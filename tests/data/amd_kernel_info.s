	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-"
	.protected	vc_cg_r4_first_f32
	.globl	vc_cg_r4_first_f32
	.p2align	8
	.type	vc_cg_r4_first_f32,@function
vc_cg_r4_first_f32:                     ; @vc_cg_r4_first_f32
; %bb.0:
	s_load_dword s0, s[4:5], 0x4
	s_load_dwordx4 s[8:11], s[6:7], 0x0
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e32 vcc, s0, v0
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB0_2
; %bb.1:
	global_load_dwordx4 v[2:5], v1, s[8:9]
	global_load_dwordx4 v[6:9], v1, s[8:9] offset:16
	v_fma_f32 v10, v2, v6, 0
	v_mul_f32_e32 v11, v3, v7
	global_store_dwordx2 v1, v[10:11], s[10:11]
.LBB0_2:
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6, 0x0
.Lfunc_end0:
	.size	vc_cg_r4_first_f32, .Lfunc_end0-vc_cg_r4_first_f32
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 228
; NumSgprs: 18
; NumVgprs: 12
; NumAgprs: 0
; TotalNumVgprs: 12
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 18
; NumVGPRsForWavesPerEU: 12
; Occupancy: 8
; WaveLimiterHint : 0
	.text
	.protected	vc_ct_r4_first_f32
	.globl	vc_ct_r4_first_f32
	.p2align	8
	.type	vc_ct_r4_first_f32,@function
vc_ct_r4_first_f32:                     ; @vc_ct_r4_first_f32
	s_load_dwordx2 s[0:1], s[4:5], 0x0
	global_load_dwordx2 v[2:3], v1, s[0:1]
	global_load_dwordx2 v[4:5], v1, s[0:1] offset:8
	s_waitcnt vmcnt(0)
	v_add_f32_e32 v2, v2, v4
	global_store_dwordx2 v1, v[2:3], s[0:1]
	s_endpgm
.Lfunc_end1:
	.size	vc_ct_r4_first_f32, .Lfunc_end1-vc_ct_r4_first_f32
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 96
; NumSgprs: 10
; NumVgprs: 6
; ScratchSize: 16
; LDSByteSize: 0 bytes/workgroup (compile time only)
; Occupancy: 8
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .args:
      - .address_space:  global
        .name:           src
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .name:           count
        .offset:         24
        .size:           4
        .value_kind:     by_value
    .group_segment_fixed_size: 0
    .kernarg_segment_size: 80
    .max_flat_workgroup_size: 256
    .name:           vc_cg_r4_first_f32
    .private_segment_fixed_size: 0
    .sgpr_count:     18
    .sgpr_spill_count: 0
    .symbol:         vc_cg_r4_first_f32.kd
    .vgpr_count:     12
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .name:           data
        .offset:         0
        .size:           8
    .group_segment_fixed_size: 0
    .name:           vc_ct_r4_first_f32
    .private_segment_fixed_size: 16
    .sgpr_count:     10
    .sgpr_spill_count: 0
    .symbol:         vc_ct_r4_first_f32.kd
    .vgpr_count:     6
    .vgpr_spill_count: 2
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
