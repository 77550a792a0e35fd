// Real Walsh–Hadamard transform in natural (Sylvester) order, y = H(2^20) · x for each
// row of 2^20 f16 values, in place, scaled by 9.765625e-4; 2 pass(es) over the index
// bits [0, 13), [13, 20).
// Stored as half, computed in float (vload_half / vstore_half_rte: core OpenCL, no
// cl_khr_fp16 needed). A result above 65504 rounds to inf; the host refuses it.
typedef float real_t;
#define LOAD(i) vload_half(i, x)
#define STORE(i, v) vstore_half_rte(v, i, x)
#define BFLY(a, b) { const real_t s_ = a + b; b = a - b; a = s_; }

// wht_f16_bits0_13_x1: butterflies over index bits [0, 13) of every row. A work-group owns a tile of
// 2^13 values 1 apart × 1 neighbours; 256 work-items hold 32 values each;
// 2 round(s) through local memory.
// Stores go straight from the last round's layout (runs of ≥ 32 bytes), no trip back.
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void wht_f16_bits0_13_x1(__global half* restrict x)
{
    __local real_t tile[8448];
    const uint w = (uint)get_local_id(0);
    const ulong g = get_group_id(0);
    // Tile origin: 2^0 tiles side by side in each block of 2^13 values.
    const ulong at = ((g >> 0) << 13) + ((g & 0ul) << 0) + ((ulong)(w >> 0) << 0) + (w & 0u);
    real_t v0 = LOAD(at + 0ul), v1 = LOAD(at + 256ul), v2 = LOAD(at + 512ul), v3 = LOAD(at + 768ul), v4 = LOAD(at + 1024ul), v5 = LOAD(at + 1280ul), v6 = LOAD(at + 1536ul), v7 = LOAD(at + 1792ul), v8 = LOAD(at + 2048ul), v9 = LOAD(at + 2304ul), v10 = LOAD(at + 2560ul), v11 = LOAD(at + 2816ul), v12 = LOAD(at + 3072ul), v13 = LOAD(at + 3328ul), v14 = LOAD(at + 3584ul), v15 = LOAD(at + 3840ul), v16 = LOAD(at + 4096ul), v17 = LOAD(at + 4352ul), v18 = LOAD(at + 4608ul), v19 = LOAD(at + 4864ul), v20 = LOAD(at + 5120ul), v21 = LOAD(at + 5376ul), v22 = LOAD(at + 5632ul), v23 = LOAD(at + 5888ul), v24 = LOAD(at + 6144ul), v25 = LOAD(at + 6400ul), v26 = LOAD(at + 6656ul), v27 = LOAD(at + 6912ul), v28 = LOAD(at + 7168ul), v29 = LOAD(at + 7424ul), v30 = LOAD(at + 7680ul), v31 = LOAD(at + 7936ul);
    BFLY(v0, v1) BFLY(v2, v3) BFLY(v4, v5) BFLY(v6, v7) BFLY(v8, v9) BFLY(v10, v11) BFLY(v12, v13) BFLY(v14, v15) BFLY(v16, v17) BFLY(v18, v19) BFLY(v20, v21) BFLY(v22, v23) BFLY(v24, v25) BFLY(v26, v27) BFLY(v28, v29) BFLY(v30, v31)
    BFLY(v0, v2) BFLY(v1, v3) BFLY(v4, v6) BFLY(v5, v7) BFLY(v8, v10) BFLY(v9, v11) BFLY(v12, v14) BFLY(v13, v15) BFLY(v16, v18) BFLY(v17, v19) BFLY(v20, v22) BFLY(v21, v23) BFLY(v24, v26) BFLY(v25, v27) BFLY(v28, v30) BFLY(v29, v31)
    BFLY(v0, v4) BFLY(v1, v5) BFLY(v2, v6) BFLY(v3, v7) BFLY(v8, v12) BFLY(v9, v13) BFLY(v10, v14) BFLY(v11, v15) BFLY(v16, v20) BFLY(v17, v21) BFLY(v18, v22) BFLY(v19, v23) BFLY(v24, v28) BFLY(v25, v29) BFLY(v26, v30) BFLY(v27, v31)
    BFLY(v0, v8) BFLY(v1, v9) BFLY(v2, v10) BFLY(v3, v11) BFLY(v4, v12) BFLY(v5, v13) BFLY(v6, v14) BFLY(v7, v15) BFLY(v16, v24) BFLY(v17, v25) BFLY(v18, v26) BFLY(v19, v27) BFLY(v20, v28) BFLY(v21, v29) BFLY(v22, v30) BFLY(v23, v31)
    BFLY(v0, v16) BFLY(v1, v17) BFLY(v2, v18) BFLY(v3, v19) BFLY(v4, v20) BFLY(v5, v21) BFLY(v6, v22) BFLY(v7, v23) BFLY(v8, v24) BFLY(v9, v25) BFLY(v10, v26) BFLY(v11, v27) BFLY(v12, v28) BFLY(v13, v29) BFLY(v14, v30) BFLY(v15, v31)
    {
        const uint e = w; const uint b = e + (e >> 5);
        tile[b + 0] = v0;
        tile[b + 264] = v1;
        tile[b + 528] = v2;
        tile[b + 792] = v3;
        tile[b + 1056] = v4;
        tile[b + 1320] = v5;
        tile[b + 1584] = v6;
        tile[b + 1848] = v7;
        tile[b + 2112] = v8;
        tile[b + 2376] = v9;
        tile[b + 2640] = v10;
        tile[b + 2904] = v11;
        tile[b + 3168] = v12;
        tile[b + 3432] = v13;
        tile[b + 3696] = v14;
        tile[b + 3960] = v15;
        tile[b + 4224] = v16;
        tile[b + 4488] = v17;
        tile[b + 4752] = v18;
        tile[b + 5016] = v19;
        tile[b + 5280] = v20;
        tile[b + 5544] = v21;
        tile[b + 5808] = v22;
        tile[b + 6072] = v23;
        tile[b + 6336] = v24;
        tile[b + 6600] = v25;
        tile[b + 6864] = v26;
        tile[b + 7128] = v27;
        tile[b + 7392] = v28;
        tile[b + 7656] = v29;
        tile[b + 7920] = v30;
        tile[b + 8184] = v31;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    { // round 1
        const uint e = (w << 5); const uint b = e + (e >> 5);
        v0 = tile[b + 0];
        v1 = tile[b + 1];
        v2 = tile[b + 2];
        v3 = tile[b + 3];
        v4 = tile[b + 4];
        v5 = tile[b + 5];
        v6 = tile[b + 6];
        v7 = tile[b + 7];
        v8 = tile[b + 8];
        v9 = tile[b + 9];
        v10 = tile[b + 10];
        v11 = tile[b + 11];
        v12 = tile[b + 12];
        v13 = tile[b + 13];
        v14 = tile[b + 14];
        v15 = tile[b + 15];
        v16 = tile[b + 16];
        v17 = tile[b + 17];
        v18 = tile[b + 18];
        v19 = tile[b + 19];
        v20 = tile[b + 20];
        v21 = tile[b + 21];
        v22 = tile[b + 22];
        v23 = tile[b + 23];
        v24 = tile[b + 24];
        v25 = tile[b + 25];
        v26 = tile[b + 26];
        v27 = tile[b + 27];
        v28 = tile[b + 28];
        v29 = tile[b + 29];
        v30 = tile[b + 30];
        v31 = tile[b + 31];
    }
    BFLY(v0, v1) BFLY(v2, v3) BFLY(v4, v5) BFLY(v6, v7) BFLY(v8, v9) BFLY(v10, v11) BFLY(v12, v13) BFLY(v14, v15) BFLY(v16, v17) BFLY(v18, v19) BFLY(v20, v21) BFLY(v22, v23) BFLY(v24, v25) BFLY(v26, v27) BFLY(v28, v29) BFLY(v30, v31)
    BFLY(v0, v2) BFLY(v1, v3) BFLY(v4, v6) BFLY(v5, v7) BFLY(v8, v10) BFLY(v9, v11) BFLY(v12, v14) BFLY(v13, v15) BFLY(v16, v18) BFLY(v17, v19) BFLY(v20, v22) BFLY(v21, v23) BFLY(v24, v26) BFLY(v25, v27) BFLY(v28, v30) BFLY(v29, v31)
    BFLY(v0, v4) BFLY(v1, v5) BFLY(v2, v6) BFLY(v3, v7) BFLY(v8, v12) BFLY(v9, v13) BFLY(v10, v14) BFLY(v11, v15) BFLY(v16, v20) BFLY(v17, v21) BFLY(v18, v22) BFLY(v19, v23) BFLY(v24, v28) BFLY(v25, v29) BFLY(v26, v30) BFLY(v27, v31)
    BFLY(v0, v8) BFLY(v1, v9) BFLY(v2, v10) BFLY(v3, v11) BFLY(v4, v12) BFLY(v5, v13) BFLY(v6, v14) BFLY(v7, v15) BFLY(v16, v24) BFLY(v17, v25) BFLY(v18, v26) BFLY(v19, v27) BFLY(v20, v28) BFLY(v21, v29) BFLY(v22, v30) BFLY(v23, v31)
    BFLY(v0, v16) BFLY(v1, v17) BFLY(v2, v18) BFLY(v3, v19) BFLY(v4, v20) BFLY(v5, v21) BFLY(v6, v22) BFLY(v7, v23) BFLY(v8, v24) BFLY(v9, v25) BFLY(v10, v26) BFLY(v11, v27) BFLY(v12, v28) BFLY(v13, v29) BFLY(v14, v30) BFLY(v15, v31)
    barrier(CLK_LOCAL_MEM_FENCE);
    {
        const uint e = (w << 5); const uint b = e + (e >> 5);
        tile[b + 0] = v0;
        tile[b + 1] = v1;
        tile[b + 2] = v2;
        tile[b + 3] = v3;
        tile[b + 4] = v4;
        tile[b + 5] = v5;
        tile[b + 6] = v6;
        tile[b + 7] = v7;
        tile[b + 8] = v8;
        tile[b + 9] = v9;
        tile[b + 10] = v10;
        tile[b + 11] = v11;
        tile[b + 12] = v12;
        tile[b + 13] = v13;
        tile[b + 14] = v14;
        tile[b + 15] = v15;
        tile[b + 16] = v16;
        tile[b + 17] = v17;
        tile[b + 18] = v18;
        tile[b + 19] = v19;
        tile[b + 20] = v20;
        tile[b + 21] = v21;
        tile[b + 22] = v22;
        tile[b + 23] = v23;
        tile[b + 24] = v24;
        tile[b + 25] = v25;
        tile[b + 26] = v26;
        tile[b + 27] = v27;
        tile[b + 28] = v28;
        tile[b + 29] = v29;
        tile[b + 30] = v30;
        tile[b + 31] = v31;
    }
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    { // round 2
        const uint e = (w & 31u) | ((w >> 5) << 8); const uint b = e + (e >> 5);
        v0 = tile[b + 0];
        v1 = tile[b + 33];
        v2 = tile[b + 66];
        v3 = tile[b + 99];
        v4 = tile[b + 132];
        v5 = tile[b + 165];
        v6 = tile[b + 198];
        v7 = tile[b + 231];
        v8 = tile[b + 2112];
        v9 = tile[b + 2145];
        v10 = tile[b + 2178];
        v11 = tile[b + 2211];
        v12 = tile[b + 2244];
        v13 = tile[b + 2277];
        v14 = tile[b + 2310];
        v15 = tile[b + 2343];
        v16 = tile[b + 4224];
        v17 = tile[b + 4257];
        v18 = tile[b + 4290];
        v19 = tile[b + 4323];
        v20 = tile[b + 4356];
        v21 = tile[b + 4389];
        v22 = tile[b + 4422];
        v23 = tile[b + 4455];
        v24 = tile[b + 6336];
        v25 = tile[b + 6369];
        v26 = tile[b + 6402];
        v27 = tile[b + 6435];
        v28 = tile[b + 6468];
        v29 = tile[b + 6501];
        v30 = tile[b + 6534];
        v31 = tile[b + 6567];
    }
    BFLY(v0, v1) BFLY(v2, v3) BFLY(v4, v5) BFLY(v6, v7) BFLY(v8, v9) BFLY(v10, v11) BFLY(v12, v13) BFLY(v14, v15) BFLY(v16, v17) BFLY(v18, v19) BFLY(v20, v21) BFLY(v22, v23) BFLY(v24, v25) BFLY(v26, v27) BFLY(v28, v29) BFLY(v30, v31)
    BFLY(v0, v2) BFLY(v1, v3) BFLY(v4, v6) BFLY(v5, v7) BFLY(v8, v10) BFLY(v9, v11) BFLY(v12, v14) BFLY(v13, v15) BFLY(v16, v18) BFLY(v17, v19) BFLY(v20, v22) BFLY(v21, v23) BFLY(v24, v26) BFLY(v25, v27) BFLY(v28, v30) BFLY(v29, v31)
    BFLY(v0, v4) BFLY(v1, v5) BFLY(v2, v6) BFLY(v3, v7) BFLY(v8, v12) BFLY(v9, v13) BFLY(v10, v14) BFLY(v11, v15) BFLY(v16, v20) BFLY(v17, v21) BFLY(v18, v22) BFLY(v19, v23) BFLY(v24, v28) BFLY(v25, v29) BFLY(v26, v30) BFLY(v27, v31)
    {
        const uint e = (w & 31u) | ((w >> 5) << 8);
        const ulong out = ((g >> 0) << 13) + ((g & 0ul) << 0) + ((ulong)(e >> 0) << 0) + (e & 0u);
        STORE(out + 0ul, v0);
        STORE(out + 32ul, v1);
        STORE(out + 64ul, v2);
        STORE(out + 96ul, v3);
        STORE(out + 128ul, v4);
        STORE(out + 160ul, v5);
        STORE(out + 192ul, v6);
        STORE(out + 224ul, v7);
        STORE(out + 2048ul, v8);
        STORE(out + 2080ul, v9);
        STORE(out + 2112ul, v10);
        STORE(out + 2144ul, v11);
        STORE(out + 2176ul, v12);
        STORE(out + 2208ul, v13);
        STORE(out + 2240ul, v14);
        STORE(out + 2272ul, v15);
        STORE(out + 4096ul, v16);
        STORE(out + 4128ul, v17);
        STORE(out + 4160ul, v18);
        STORE(out + 4192ul, v19);
        STORE(out + 4224ul, v20);
        STORE(out + 4256ul, v21);
        STORE(out + 4288ul, v22);
        STORE(out + 4320ul, v23);
        STORE(out + 6144ul, v24);
        STORE(out + 6176ul, v25);
        STORE(out + 6208ul, v26);
        STORE(out + 6240ul, v27);
        STORE(out + 6272ul, v28);
        STORE(out + 6304ul, v29);
        STORE(out + 6336ul, v30);
        STORE(out + 6368ul, v31);
    }
}

// wht_f16_bits13_20_x64: butterflies over index bits [13, 20) of every row. A work-group owns a tile of
// 2^7 values 8192 apart × 64 neighbours; 256 work-items hold 32 values each;
// 1 round(s) through local memory.
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void wht_f16_bits13_20_x64(__global half* restrict x)
{
    __local real_t tile[8448];
    const uint w = (uint)get_local_id(0);
    const ulong g = get_group_id(0);
    // Tile origin: 2^7 tiles side by side in each block of 2^20 values.
    const ulong at = ((g >> 7) << 20) + ((g & 127ul) << 6) + ((ulong)(w >> 6) << 13) + (w & 63u);
    real_t v0 = LOAD(at + 0ul), v1 = LOAD(at + 32768ul), v2 = LOAD(at + 65536ul), v3 = LOAD(at + 98304ul), v4 = LOAD(at + 131072ul), v5 = LOAD(at + 163840ul), v6 = LOAD(at + 196608ul), v7 = LOAD(at + 229376ul), v8 = LOAD(at + 262144ul), v9 = LOAD(at + 294912ul), v10 = LOAD(at + 327680ul), v11 = LOAD(at + 360448ul), v12 = LOAD(at + 393216ul), v13 = LOAD(at + 425984ul), v14 = LOAD(at + 458752ul), v15 = LOAD(at + 491520ul), v16 = LOAD(at + 524288ul), v17 = LOAD(at + 557056ul), v18 = LOAD(at + 589824ul), v19 = LOAD(at + 622592ul), v20 = LOAD(at + 655360ul), v21 = LOAD(at + 688128ul), v22 = LOAD(at + 720896ul), v23 = LOAD(at + 753664ul), v24 = LOAD(at + 786432ul), v25 = LOAD(at + 819200ul), v26 = LOAD(at + 851968ul), v27 = LOAD(at + 884736ul), v28 = LOAD(at + 917504ul), v29 = LOAD(at + 950272ul), v30 = LOAD(at + 983040ul), v31 = LOAD(at + 1015808ul);
    BFLY(v0, v1) BFLY(v2, v3) BFLY(v4, v5) BFLY(v6, v7) BFLY(v8, v9) BFLY(v10, v11) BFLY(v12, v13) BFLY(v14, v15) BFLY(v16, v17) BFLY(v18, v19) BFLY(v20, v21) BFLY(v22, v23) BFLY(v24, v25) BFLY(v26, v27) BFLY(v28, v29) BFLY(v30, v31)
    BFLY(v0, v2) BFLY(v1, v3) BFLY(v4, v6) BFLY(v5, v7) BFLY(v8, v10) BFLY(v9, v11) BFLY(v12, v14) BFLY(v13, v15) BFLY(v16, v18) BFLY(v17, v19) BFLY(v20, v22) BFLY(v21, v23) BFLY(v24, v26) BFLY(v25, v27) BFLY(v28, v30) BFLY(v29, v31)
    BFLY(v0, v4) BFLY(v1, v5) BFLY(v2, v6) BFLY(v3, v7) BFLY(v8, v12) BFLY(v9, v13) BFLY(v10, v14) BFLY(v11, v15) BFLY(v16, v20) BFLY(v17, v21) BFLY(v18, v22) BFLY(v19, v23) BFLY(v24, v28) BFLY(v25, v29) BFLY(v26, v30) BFLY(v27, v31)
    BFLY(v0, v8) BFLY(v1, v9) BFLY(v2, v10) BFLY(v3, v11) BFLY(v4, v12) BFLY(v5, v13) BFLY(v6, v14) BFLY(v7, v15) BFLY(v16, v24) BFLY(v17, v25) BFLY(v18, v26) BFLY(v19, v27) BFLY(v20, v28) BFLY(v21, v29) BFLY(v22, v30) BFLY(v23, v31)
    BFLY(v0, v16) BFLY(v1, v17) BFLY(v2, v18) BFLY(v3, v19) BFLY(v4, v20) BFLY(v5, v21) BFLY(v6, v22) BFLY(v7, v23) BFLY(v8, v24) BFLY(v9, v25) BFLY(v10, v26) BFLY(v11, v27) BFLY(v12, v28) BFLY(v13, v29) BFLY(v14, v30) BFLY(v15, v31)
    {
        const uint e = w; const uint b = e + (e >> 5);
        tile[b + 0] = v0;
        tile[b + 264] = v1;
        tile[b + 528] = v2;
        tile[b + 792] = v3;
        tile[b + 1056] = v4;
        tile[b + 1320] = v5;
        tile[b + 1584] = v6;
        tile[b + 1848] = v7;
        tile[b + 2112] = v8;
        tile[b + 2376] = v9;
        tile[b + 2640] = v10;
        tile[b + 2904] = v11;
        tile[b + 3168] = v12;
        tile[b + 3432] = v13;
        tile[b + 3696] = v14;
        tile[b + 3960] = v15;
        tile[b + 4224] = v16;
        tile[b + 4488] = v17;
        tile[b + 4752] = v18;
        tile[b + 5016] = v19;
        tile[b + 5280] = v20;
        tile[b + 5544] = v21;
        tile[b + 5808] = v22;
        tile[b + 6072] = v23;
        tile[b + 6336] = v24;
        tile[b + 6600] = v25;
        tile[b + 6864] = v26;
        tile[b + 7128] = v27;
        tile[b + 7392] = v28;
        tile[b + 7656] = v29;
        tile[b + 7920] = v30;
        tile[b + 8184] = v31;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    { // round 1
        const uint e = (w & 63u) | ((w >> 6) << 8); const uint b = e + (e >> 5);
        v0 = tile[b + 0];
        v1 = tile[b + 66];
        v2 = tile[b + 132];
        v3 = tile[b + 198];
        v4 = tile[b + 1056];
        v5 = tile[b + 1122];
        v6 = tile[b + 1188];
        v7 = tile[b + 1254];
        v8 = tile[b + 2112];
        v9 = tile[b + 2178];
        v10 = tile[b + 2244];
        v11 = tile[b + 2310];
        v12 = tile[b + 3168];
        v13 = tile[b + 3234];
        v14 = tile[b + 3300];
        v15 = tile[b + 3366];
        v16 = tile[b + 4224];
        v17 = tile[b + 4290];
        v18 = tile[b + 4356];
        v19 = tile[b + 4422];
        v20 = tile[b + 5280];
        v21 = tile[b + 5346];
        v22 = tile[b + 5412];
        v23 = tile[b + 5478];
        v24 = tile[b + 6336];
        v25 = tile[b + 6402];
        v26 = tile[b + 6468];
        v27 = tile[b + 6534];
        v28 = tile[b + 7392];
        v29 = tile[b + 7458];
        v30 = tile[b + 7524];
        v31 = tile[b + 7590];
    }
    BFLY(v0, v1) BFLY(v2, v3) BFLY(v4, v5) BFLY(v6, v7) BFLY(v8, v9) BFLY(v10, v11) BFLY(v12, v13) BFLY(v14, v15) BFLY(v16, v17) BFLY(v18, v19) BFLY(v20, v21) BFLY(v22, v23) BFLY(v24, v25) BFLY(v26, v27) BFLY(v28, v29) BFLY(v30, v31)
    BFLY(v0, v2) BFLY(v1, v3) BFLY(v4, v6) BFLY(v5, v7) BFLY(v8, v10) BFLY(v9, v11) BFLY(v12, v14) BFLY(v13, v15) BFLY(v16, v18) BFLY(v17, v19) BFLY(v20, v22) BFLY(v21, v23) BFLY(v24, v26) BFLY(v25, v27) BFLY(v28, v30) BFLY(v29, v31)
    barrier(CLK_LOCAL_MEM_FENCE);
    {
        const uint e = (w & 63u) | ((w >> 6) << 8); const uint b = e + (e >> 5);
        tile[b + 0] = v0;
        tile[b + 66] = v1;
        tile[b + 132] = v2;
        tile[b + 198] = v3;
        tile[b + 1056] = v4;
        tile[b + 1122] = v5;
        tile[b + 1188] = v6;
        tile[b + 1254] = v7;
        tile[b + 2112] = v8;
        tile[b + 2178] = v9;
        tile[b + 2244] = v10;
        tile[b + 2310] = v11;
        tile[b + 3168] = v12;
        tile[b + 3234] = v13;
        tile[b + 3300] = v14;
        tile[b + 3366] = v15;
        tile[b + 4224] = v16;
        tile[b + 4290] = v17;
        tile[b + 4356] = v18;
        tile[b + 4422] = v19;
        tile[b + 5280] = v20;
        tile[b + 5346] = v21;
        tile[b + 5412] = v22;
        tile[b + 5478] = v23;
        tile[b + 6336] = v24;
        tile[b + 6402] = v25;
        tile[b + 6468] = v26;
        tile[b + 6534] = v27;
        tile[b + 7392] = v28;
        tile[b + 7458] = v29;
        tile[b + 7524] = v30;
        tile[b + 7590] = v31;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    { // round 2
        const uint e = w; const uint b = e + (e >> 5);
        v0 = tile[b + 0];
        v1 = tile[b + 264];
        v2 = tile[b + 528];
        v3 = tile[b + 792];
        v4 = tile[b + 1056];
        v5 = tile[b + 1320];
        v6 = tile[b + 1584];
        v7 = tile[b + 1848];
        v8 = tile[b + 2112];
        v9 = tile[b + 2376];
        v10 = tile[b + 2640];
        v11 = tile[b + 2904];
        v12 = tile[b + 3168];
        v13 = tile[b + 3432];
        v14 = tile[b + 3696];
        v15 = tile[b + 3960];
        v16 = tile[b + 4224];
        v17 = tile[b + 4488];
        v18 = tile[b + 4752];
        v19 = tile[b + 5016];
        v20 = tile[b + 5280];
        v21 = tile[b + 5544];
        v22 = tile[b + 5808];
        v23 = tile[b + 6072];
        v24 = tile[b + 6336];
        v25 = tile[b + 6600];
        v26 = tile[b + 6864];
        v27 = tile[b + 7128];
        v28 = tile[b + 7392];
        v29 = tile[b + 7656];
        v30 = tile[b + 7920];
        v31 = tile[b + 8184];
    }
    STORE(at + 0ul, v0 * 9.765625e-4f);
    STORE(at + 32768ul, v1 * 9.765625e-4f);
    STORE(at + 65536ul, v2 * 9.765625e-4f);
    STORE(at + 98304ul, v3 * 9.765625e-4f);
    STORE(at + 131072ul, v4 * 9.765625e-4f);
    STORE(at + 163840ul, v5 * 9.765625e-4f);
    STORE(at + 196608ul, v6 * 9.765625e-4f);
    STORE(at + 229376ul, v7 * 9.765625e-4f);
    STORE(at + 262144ul, v8 * 9.765625e-4f);
    STORE(at + 294912ul, v9 * 9.765625e-4f);
    STORE(at + 327680ul, v10 * 9.765625e-4f);
    STORE(at + 360448ul, v11 * 9.765625e-4f);
    STORE(at + 393216ul, v12 * 9.765625e-4f);
    STORE(at + 425984ul, v13 * 9.765625e-4f);
    STORE(at + 458752ul, v14 * 9.765625e-4f);
    STORE(at + 491520ul, v15 * 9.765625e-4f);
    STORE(at + 524288ul, v16 * 9.765625e-4f);
    STORE(at + 557056ul, v17 * 9.765625e-4f);
    STORE(at + 589824ul, v18 * 9.765625e-4f);
    STORE(at + 622592ul, v19 * 9.765625e-4f);
    STORE(at + 655360ul, v20 * 9.765625e-4f);
    STORE(at + 688128ul, v21 * 9.765625e-4f);
    STORE(at + 720896ul, v22 * 9.765625e-4f);
    STORE(at + 753664ul, v23 * 9.765625e-4f);
    STORE(at + 786432ul, v24 * 9.765625e-4f);
    STORE(at + 819200ul, v25 * 9.765625e-4f);
    STORE(at + 851968ul, v26 * 9.765625e-4f);
    STORE(at + 884736ul, v27 * 9.765625e-4f);
    STORE(at + 917504ul, v28 * 9.765625e-4f);
    STORE(at + 950272ul, v29 * 9.765625e-4f);
    STORE(at + 983040ul, v30 * 9.765625e-4f);
    STORE(at + 1015808ul, v31 * 9.765625e-4f);
}
