/* cl_l2_probe: can two kernels share a chunk of data through the GPU's L2 cache, so that a pair
 * of passes over a chunk costs one trip to DRAM instead of two? Written for jitfft's 3^16 VC
 * plan (issue 4), where two passes at the copy rate are needed and only three fit the tiles.
 *
 * The kernel scales float2 elements in place. A chunk is `runs` runs of `run` elements, `stride`
 * apart, like the elements of a fused pass whose outer digits are fixed (3^16: runs of 3^5 at
 * stride 3^8 when digits 5..7 are fixed). Variants, each on N = 3^16 float2 (344 MB):
 *   once      one launch over everything (the copy ceiling, read + write);
 *   twice     two launches over everything (two DRAM trips);
 *   chunkedK  for each of K chunks: two launches over the chunk (one DRAM trip if L2 holds it);
 * GPU time is first start to last end from profiling events, median of repeats; host time is the
 * wall clock of enqueue + finish, to show whether enqueuing keeps up with the GPU.
 *
 * Build: cc -O2 -o cl_l2_probe tools/probes/cl_l2_probe.c -lOpenCL -lm.
 * Run: ./cl_l2_probe [repeats] */
#include "cl_probe.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(x)                                                                      \
    do {                                                                              \
        cl_int e_ = (x);                                                              \
        if (e_ != CL_SUCCESS) {                                                       \
            printf("%s failed: %d (line %d)\n", #x, e_, __LINE__);                    \
            exit(1);                                                                  \
        }                                                                             \
    } while (0)

static const char *SRC =
    "/* Scale a chunk in place: element (g % run) + (g / run) * stride + base. */\n"
    "__kernel void scale_chunk(__global float2 *x, uint run, uint stride, uint base,\n"
    "                          uint count, float a)\n"
    "{\n"
    "    const uint g = get_global_id(0);\n"
    "    if (g >= count) return;\n"
    "    const uint i = base + g % run + (g / run) * stride;\n"
    "    x[i] = x[i] * a;\n"
    "}\n";

static cl_command_queue q;
static cl_kernel k;
static cl_mem buf;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static cl_context ctx;

static cl_event launch(cl_uint run, cl_uint stride, cl_uint base, cl_uint count, float a,
                       cl_event *gate)
{
    CHECK(clSetKernelArg(k, 1, sizeof run, &run));
    CHECK(clSetKernelArg(k, 2, sizeof stride, &stride));
    CHECK(clSetKernelArg(k, 3, sizeof base, &base));
    CHECK(clSetKernelArg(k, 4, sizeof count, &count));
    CHECK(clSetKernelArg(k, 5, sizeof a, &a));
    size_t local = 256, global = (count + 255) / 256 * 256;
    cl_event e;
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, gate ? 1 : 0, gate, &e));
    return e;
}

/* One variant: `chunks` chunks, each covered `times` times before the next. The buffer holds
 * n = chunks * runs * run elements laid out as chunk c at base c * run, runs at stride. */
static void variant(const char *label, cl_uint n, cl_uint run, cl_uint chunks, int times,
                    int repeats, int gated)
{
    cl_uint stride = run * chunks, count = n / chunks;
    double gpu[64], host[64];
    int launches = 0;
    for (int r = -2; r < repeats; r++) {
        cl_event first = NULL, last = NULL;
        launches = 0;
        double t0 = now();
        cl_int err;
        cl_event gate = gated ? clCreateUserEvent(ctx, &err) : NULL;
        for (cl_uint c = 0; c < chunks; c++)
            for (int t = 0; t < times; t++) {
                cl_event e = launch(run, stride, c * run, count, t & 1 ? 2.0f : 0.5f,
                                    launches == 0 && gated ? &gate : NULL);
                launches++;
                if (!first) first = e;
                else if (last && last != first) clReleaseEvent(last);
                last = e;
            }
        if (gated) {
            CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
            clReleaseEvent(gate);
        }
        CHECK(clFinish(q));
        double t1 = now();
        cl_ulong s = 0, e = 0;
        clGetEventProfilingInfo(first, CL_PROFILING_COMMAND_START, sizeof s, &s, NULL);
        clGetEventProfilingInfo(last, CL_PROFILING_COMMAND_END, sizeof e, &e, NULL);
        clReleaseEvent(first);
        if (last != first) clReleaseEvent(last);
        if (r >= 0) {
            gpu[r] = (e - s) * 1e-6;
            host[r] = (t1 - t0) * 1e3;
        }
    }
    double g[64], h[64];
    memcpy(g, gpu, sizeof(double) * repeats);
    memcpy(h, host, sizeof(double) * repeats);
    qsort(g, repeats, sizeof(double), cmp_double);
    qsort(h, repeats, sizeof(double), cmp_double);
    double bytes = 16.0 * n; /* one DRAM trip: read + write every element once */
    printf("%-12s %s launches %4d  run %5u  chunk %7.2f MB  gpu %.4f ms (min %.4f max %.4f)  "
           "host %.4f ms  one-trip rate %.0f GB/s\n",
           label, gated ? "gated" : "     ", launches, run, 8.0 * count / 1e6, g[repeats / 2], g[0], g[repeats - 1],
           h[repeats / 2], bytes / (g[repeats / 2] * 1e6));
    fflush(stdout);
}

int main(int argc, char **argv)
{
    int repeats = probe_repeats(argc, argv);
    cl_device_id dev = probe_device(NULL);
    if (!dev) {
        printf("no OpenCL device\n");
        return 1;
    }
    char name[256], drv[256];
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
    clGetDeviceInfo(dev, CL_DRIVER_VERSION, sizeof drv, drv, NULL);
    printf("device %s, driver %s\n", name, drv);
    cl_int err;
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CHECK(err);
    q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK(err);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &SRC, NULL, &err);
    CHECK(err);
    CHECK(clBuildProgram(prog, 1, &dev, "", NULL, NULL));
    k = clCreateKernel(prog, "scale_chunk", &err);
    CHECK(err);
    const cl_uint n = 43046721; /* 3^16 */
    buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 8ull * n, NULL, &err);
    CHECK(err);
    float zero = 1.0f;
    CHECK(clEnqueueFillBuffer(q, buf, &zero, sizeof zero, 0, 8ull * n, 0, NULL, NULL));
    CHECK(clSetKernelArg(k, 0, sizeof buf, &buf));
    /* Ungated, the host enqueues while the GPU runs (what an application sees); gated, every
     * launch waits behind one user event released after the last enqueue, so the GPU time
     * shows its own gaps between launches and not the host's enqueue rate. */
    for (int gated = 0; gated < 2; gated++) {
        variant("once", n, n, 1, 1, repeats, gated);
        variant("twice", n, n, 1, 2, repeats, gated);
        /* 3^16 = 3^8 strides of 3^8; fixing digits 8-j..7 gives 3^j chunks of runs of 3^(8-j). */
        const char *labels[] = {"chunked3", "chunked9", "chunked27", "chunked81", "chunked243"};
        cl_uint run = 6561 / 3;
        for (int j = 0; j < 5; j++, run /= 3)
            variant(labels[j], n, run, 6561 / run, 2, repeats, gated);
        /* Once per chunk: the cost of the chunked access pattern and launches without reuse. */
        variant("chunk9x1", n, 729, 9, 1, repeats, gated);
        variant("chunk27x1", n, 243, 27, 1, repeats, gated);
        /* Three passes in chunks of 27: what a (pass 1, pass 2) pair of a 3-pass plan would see. */
        variant("chunk27x3", n, 243, 27, 3, repeats, gated);
    }
    return 0;
}
