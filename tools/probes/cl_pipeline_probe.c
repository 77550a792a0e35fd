/* cl_pipeline_probe: can one work-group per SM keep DRAM busy if it prefetches its next tile
 * into local memory (PTX cp.async from OpenCL C) while it exchanges the current one?
 *
 * jitfft's two-pass 3^16 plan needs tiles of 3^9 complex values (157 KB). They fill an SM's
 * registers, so one work-group runs per SM and DRAM idles while it exchanges: 72% of copy. The
 * probe models such a pass: 243 work-items hold 81 float2 each, a tile is 19683 contiguous
 * float2, and `rounds` exchange rounds (27 floats per work-item written to a 26 KB local
 * buffer, barrier, read back transposed, barrier; indices static so the values stay in
 * registers) stand for the sub-stage exchanges (12 rounds ~ two exchanges in real/imaginary
 * halves over a resident digit).
 *   plain   one work-group per tile: load, exchange, store (the current kernels);
 *   piped   one persistent work-group per SM: tile t+1 is copied into a 157 KB local stage
 *           with cp.async while tile t is exchanged and stored.
 * It also checks that `piped` moved every element (out = f(in) for a known f).
 *
 * Build: cc -O2 -o cl_pipeline_probe tools/probes/cl_pipeline_probe.c -lOpenCL.
 * Run: ./cl_pipeline_probe */
#include "cl_probe.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *SRC =
    "#define T 19683u\n"
    "#define W 243u\n"
    "#define V 81u\n"
    "#define R 27u\n"
    "/* The exchange rounds: each work-item's registers through local memory, transposed. */\n"
    "#define EXCHANGE(v, xbuf, l, rounds)                                          \\\n"
    "    for (uint r = 0; r < rounds; r++) {                                       \\\n"
    "        _Pragma(\"unroll\") for (uint k = 0; k < R; k++) xbuf[l + k * W] = v[k].x;  \\\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);                                         \\\n"
    "        _Pragma(\"unroll\") for (uint k = 0; k < R; k++) v[k].x = xbuf[l * R + k];  \\\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);                                         \\\n"
    "    }\n"
    "/* A radix-3 codelet sweep over all 81 values (27 codelets, ~16 flops each); the real\n"
    " * 3^9 pass does 9 such sweeps per tile. */\n"
    "#define SWEEPS(v, sweeps)                                                     \\\n"
    "    for (uint s = 0; s < sweeps; s++) {                                       \\\n"
    "        _Pragma(\"unroll\") for (uint k = 0; k < R; k++) {                     \\\n"
    "            const float2 a = v[k], b = v[k + R], c = v[k + 2 * R];            \\\n"
    "            const float2 t1 = b + c, t2 = b - c, m = a - 0.5f * t1;           \\\n"
    "            const float2 r = (float2)(-t2.y, t2.x) * 0.8660254f;              \\\n"
    "            v[k] = a + t1; v[k + R] = m + r; v[k + 2 * R] = m - r;            \\\n"
    "        }                                                                     \\\n"
    "    }\n"
    "\n"
    "__kernel __attribute__((reqd_work_group_size(243, 1, 1)))\n"
    "void plain(__global const float2 *restrict x, __global float2 *restrict y, uint tiles, uint rounds, uint sweeps)\n"
    "{\n"
    "    __local float xbuf[W * R];\n"
    "    const uint l = get_local_id(0);\n"
    "    const uint t = get_group_id(0);\n"
    "    float2 v[V];\n"
    "    #pragma unroll\n"
    "    for (uint k = 0; k < V; k++) v[k] = x[(size_t)t * T + l + k * W];\n"
    "    SWEEPS(v, sweeps)\n"
    "    EXCHANGE(v, xbuf, l, rounds)\n"
    "    #pragma unroll\n"
    "    for (uint k = 0; k < V; k++) y[(size_t)t * T + l + k * W] = v[k] * 2.0f;\n"
    "}\n"
    "\n"
    "#ifdef CP_ASYNC\n"
    "/* Copy 8 bytes global -> local without registers (sm_80+). A __local pointer's integer\n"
    " * value is its offset in the shared window, which is what cp.async's destination takes. */\n"
    "#define COPY8(dst, src) asm volatile(\"cp.async.ca.shared.global [%0], [%1], 8;\"\\\n"
    "    :: \"r\"((uint)(size_t)(dst)), \"l\"(src) : \"memory\")\n"
    "#define COMMIT() asm volatile(\"cp.async.commit_group;\" ::: \"memory\")\n"
    "#define WAIT_ALL() asm volatile(\"cp.async.wait_all;\" ::: \"memory\")\n"
    "#else\n"
    "#define COPY8(dst, src) (*(dst) = *(src))\n"
    "#define COMMIT()\n"
    "#define WAIT_ALL()\n"
    "#endif\n"
    "\n"
    "__kernel __attribute__((reqd_work_group_size(243, 1, 1)))\n"
    "void piped(__global const float2 *restrict x, __global float2 *restrict y, uint tiles, uint rounds, uint sweeps)\n"
    "{\n"
    "    __local float2 stage[T];\n"
    "    __local float xbuf[W * R];\n"
    "    const uint l = get_local_id(0);\n"
    "    uint t = get_group_id(0);\n"
    "    if (t < tiles)\n"
    "        for (uint k = 0; k < V; k++) COPY8(&stage[l + k * W], &x[(size_t)t * T + l + k * W]);\n"
    "    COMMIT();\n"
    "    for (; t < tiles; t += get_num_groups(0)) {\n"
    "        WAIT_ALL();\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"
    "        float2 v[V];\n"
    "        #pragma unroll\n"
    "        for (uint k = 0; k < V; k++) v[k] = stage[l + k * W];\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"
    "        const uint nt = t + get_num_groups(0);\n"
    "        if (nt < tiles)\n"
    "            for (uint k = 0; k < V; k++)\n"
    "                COPY8(&stage[l + k * W], &x[(size_t)nt * T + l + k * W]);\n"
    "        COMMIT();\n"
    "        SWEEPS(v, sweeps)\n"
    "        EXCHANGE(v, xbuf, l, rounds)\n"
    "        #pragma unroll\n"
    "        for (uint k = 0; k < V; k++) y[(size_t)t * T + l + k * W] = v[k] * 2.0f;\n"
    "    }\n"
    "}\n";

int main(int argc, char **argv)
{
    int repeats = probe_repeats(argc, argv), gpu = 0;
    cl_device_id dev = probe_device(&gpu);
    if (!dev) {
        printf("no OpenCL device\n");
        return 1;
    }
    char name[256], drv[256];
    cl_uint cus = 0;
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
    clGetDeviceInfo(dev, CL_DRIVER_VERSION, sizeof drv, drv, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cus, &cus, NULL);
    printf("device %s, driver %s, %u compute units\n", name, drv, cus);
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &SRC, NULL, &err);
    /* cp.async only on an NVIDIA GPU; elsewhere the same pipeline copies through registers. */
    err = clBuildProgram(prog, 1, &dev, gpu ? "-DCP_ASYNC -cl-nv-verbose" : "", NULL, NULL);
    static char log[1 << 16];
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    if (err != CL_SUCCESS) {
        printf("build failed %d:\n%s\n", err, log);
        return 1;
    }
    /* ptxas's lines on registers, stack frames and spills (-cl-nv-verbose). */
    for (char *s = log; *s;) {
        char *e = strchr(s, '\n');
        int len = e ? (int)(e - s) : (int)strlen(s);
        char line[512];
        snprintf(line, sizeof line, "%.*s", len, s);
        if (strstr(line, "Used") || strstr(line, "stack") || strstr(line, "spill"))
            printf("  ptxas: %s\n", line);
        s += len + (e != NULL);
    }
    const cl_uint T = 19683, tiles = 2187; /* 3^16 = 2187 tiles of 3^9 */
    const size_t n = (size_t)T * tiles;
    float *h = malloc(n * 8), *o = malloc(n * 8);
    for (size_t i = 0; i < 2 * n; i++) h[i] = (float)(i % 1000);
    cl_mem x = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * 8, h, &err);
    cl_mem y = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 8, NULL, &err);
    const char *names[] = {"plain", "piped"};
    /* (exchange rounds, codelet sweeps): the real 3^9 pass is about (24, 9). */
    const cl_uint work[][2] = {{0, 0}, {12, 0}, {24, 0}, {0, 9}, {12, 9}, {24, 9}, {24, 18}};
    for (int kind = 0; kind < 2; kind++) {
        cl_kernel k = clCreateKernel(prog, names[kind], &err);
        for (size_t wi = 0; wi < sizeof work / sizeof work[0]; wi++) {
            cl_uint rounds = work[wi][0], sweeps = work[wi][1];
            clSetKernelArg(k, 0, sizeof x, &x);
            clSetKernelArg(k, 1, sizeof y, &y);
            clSetKernelArg(k, 2, sizeof tiles, &tiles);
            clSetKernelArg(k, 3, sizeof rounds, &rounds);
            clSetKernelArg(k, 4, sizeof sweeps, &sweeps);
            size_t local = 243, global = 243 * (kind == 0 ? tiles : cus);
            double ms[64];
            for (int r = -2; r < repeats; r++) {
                cl_event e;
                err = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, &e);
                if (err != CL_SUCCESS) {
                    printf("%s: launch refused %d\n", names[kind], err);
                    return 1;
                }
                clWaitForEvents(1, &e);
                cl_ulong s0 = 0, s1 = 0;
                clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof s0, &s0, NULL);
                clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof s1, &s1, NULL);
                clReleaseEvent(e);
                if (r >= 0) ms[r] = (s1 - s0) * 1e-6;
            }
            qsort(ms, repeats, sizeof(double), cmp_double);
            /* With no work out = 2 * in exactly; check that (every element moved). */
            size_t bad = 0;
            int checked = rounds == 0 && sweeps == 0;
            if (checked) {
                clEnqueueReadBuffer(q, y, CL_TRUE, 0, n * 8, o, 0, NULL, NULL);
                for (size_t i = 0; i < 2 * n; i++) bad += o[i] != 2.0f * h[i];
            }
            printf("%-6s rounds %2u sweeps %2u  groups %4zu  %.4f ms (min %.4f max %.4f)  "
                   "%4.0f GB/s",
                   names[kind], rounds, sweeps, global / local, ms[repeats / 2], ms[0],
                   ms[repeats - 1], 16.0 * n / (ms[repeats / 2] * 1e6));
            if (checked) printf("  check: %zu wrong of %zu", bad, 2 * n);
            printf("\n");
            fflush(stdout);
        }
        clReleaseKernel(k);
    }
    return 0;
}
