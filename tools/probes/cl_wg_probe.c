/* cl_wg_probe: what work-group size an OpenCL driver allows a kernel with a local exchange,
 * under which build options and attributes, and whether launching it at that size computes
 * the right thing. Written to question NVIDIA's OpenCL report of 256 work-items (device
 * maximum 1024) that limits jitfft's fused VC tiles.
 *
 * Build: cc -O2 -o cl_wg_probe tools/probes/cl_wg_probe.c -lOpenCL  (add -I/usr/local/cuda/include
 * where the OpenCL headers live there). Run: ./cl_wg_probe [ptx-dump-dir]
 * Every launch runs under a 20-second alarm, so a hang ends the program instead of the job. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHECK(x)                                                                      \
    do {                                                                              \
        cl_int e_ = (x);                                                              \
        if (e_ != CL_SUCCESS) {                                                       \
            printf("  %s failed: %d\n", #x, e_);                                      \
            return e_;                                                                \
        }                                                                             \
    } while (0)

static const char *SRC_FMT =
    "%s\n"
    "__kernel %s void probe(__global float2 *x)\n"
    "{\n"
    "    __local float2 s[1024];\n"
    "    const uint t = get_local_id(0);\n"
    "    s[t] = x[get_global_id(0)];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    x[get_global_id(0)] = s[(t + 1) %% get_local_size(0)];\n"
    "}\n";

static void on_alarm(int sig)
{
    (void)sig;
    printf("  TIMEOUT: launch did not finish in 20 s\n");
    fflush(stdout);
    _exit(3);
}

static cl_context ctx;
static cl_device_id dev;
static cl_command_queue q;

static int one(const char *label, const char *pre, const char *attr, const char *opts,
               size_t launch, const char *dump)
{
    char src[2048];
    snprintf(src, sizeof src, SRC_FMT, pre, attr);
    const char *srcs[] = {src};
    cl_int err;
    cl_program prog = clCreateProgramWithSource(ctx, 1, srcs, NULL, &err);
    CHECK(err);
    err = clBuildProgram(prog, 1, &dev, opts, NULL, NULL);
    char log[16384] = {0};
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    if (err != CL_SUCCESS) {
        printf("%-34s build failed %d\n%s\n", label, err, log);
        return err;
    }
    cl_kernel k = clCreateKernel(prog, "probe", &err);
    CHECK(err);
    size_t wg = 0, pref = 0;
    cl_ulong priv = 0, loc = 0;
    clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL);
    clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof pref,
                             &pref, NULL);
    clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof priv, &priv, NULL);
    clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_LOCAL_MEM_SIZE, sizeof loc, &loc, NULL);
    printf("%-34s kernel wg %4zu  pref %2zu  private %llu  local %llu  opts '%s'\n", label, wg,
           pref, (unsigned long long)priv, (unsigned long long)loc, opts);
    char *l = strstr(log, "registers");
    if (l) {
        char *e = strchr(l, '\n');
        printf("  ptxas: ...%.*s\n", e ? (int)(e - l) : 60, l);
    }
    if (dump) {
        size_t bsz = 0;
        clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof bsz, &bsz, NULL);
        unsigned char *bin = malloc(bsz + 1);
        unsigned char *bins[] = {bin};
        clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bins, bins, NULL);
        bin[bsz] = 0;
        char path[512];
        snprintf(path, sizeof path, "%s/%s.ptx", dump, label);
        FILE *f = fopen(path, "wb");
        if (f) {
            fwrite(bin, 1, bsz, f);
            fclose(f);
        }
        const char *d = strstr((char *)bin, ".maxntid");
        if (!d) d = strstr((char *)bin, ".reqntid");
        if (d) printf("  ptx: %.30s\n", d);
        free(bin);
    }
    if (launch) {
        size_t n = launch * 64;
        float *h = malloc(n * 2 * sizeof(float));
        for (size_t i = 0; i < 2 * n; i++) h[i] = (float)i;
        cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                  n * 2 * sizeof(float), h, &err);
        CHECK(err);
        CHECK(clSetKernelArg(k, 0, sizeof b, &b));
        alarm(20);
        err = clEnqueueNDRangeKernel(q, k, 1, NULL, &n, &launch, 0, NULL, NULL);
        if (err != CL_SUCCESS) {
            printf("  launch at %zu refused: %d\n", launch, err);
        } else {
            err = clFinish(q);
            float *o = malloc(n * 2 * sizeof(float));
            clEnqueueReadBuffer(q, b, CL_TRUE, 0, n * 2 * sizeof(float), o, 0, NULL, NULL);
            size_t bad = 0;
            for (size_t g = 0; g < n / launch; g++)
                for (size_t t = 0; t < launch; t++) {
                    size_t src_i = g * launch + (t + 1) % launch;
                    if (o[2 * (g * launch + t)] != h[2 * src_i]) bad++;
                }
            printf("  launch at %zu: finish %d, %zu wrong of %zu\n", launch, err, bad, n);
            free(o);
        }
        alarm(0);
        clReleaseMemObject(b);
        free(h);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return 0;
}

int main(int argc, char **argv)
{
    signal(SIGALRM, on_alarm);
    const char *dump = argc > 1 ? argv[1] : NULL;
    cl_uint np = 0;
    cl_platform_id plats[8];
    clGetPlatformIDs(8, plats, &np);
    for (cl_uint pi = 0; pi < np; pi++) {
        cl_uint nd = 0;
        if (clGetDeviceIDs(plats[pi], CL_DEVICE_TYPE_ALL, 1, &dev, &nd) != CL_SUCCESS || !nd)
            continue;
        char name[256], drv[256];
        size_t maxwg;
        cl_ulong lmem;
        clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
        clGetDeviceInfo(dev, CL_DRIVER_VERSION, sizeof drv, drv, NULL);
        clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof maxwg, &maxwg, NULL);
        clGetDeviceInfo(dev, CL_DEVICE_LOCAL_MEM_SIZE, sizeof lmem, &lmem, NULL);
        printf("device %s, driver %s, device max wg %zu, local %llu\n", name, drv, maxwg,
               (unsigned long long)lmem);
        cl_int err;
        ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
        q = clCreateCommandQueue(ctx, dev, 0, &err);
        one("plain", "", "", "", 256, dump);
        one("plain-verbose", "", "", "-cl-nv-verbose", 0, dump);
        one("reqd1024", "", "__attribute__((reqd_work_group_size(1024,1,1)))", "-cl-nv-verbose",
            0, dump);
        one("reqd512", "", "__attribute__((reqd_work_group_size(512,1,1)))", "-cl-nv-verbose",
            0, dump);
        one("maxrreg32", "", "", "-cl-nv-maxrregcount=32 -cl-nv-verbose", 0, dump);
        one("reqd1024-maxrreg32", "", "__attribute__((reqd_work_group_size(1024,1,1)))",
            "-cl-nv-maxrregcount=32 -cl-nv-verbose", 0, dump);
        one("cl2", "", "", "-cl-std=CL2.0", 0, dump);
        one("cl3", "", "", "-cl-std=CL3.0", 0, dump);
        one("hint1024", "", "__attribute__((work_group_size_hint(1024,1,1)))", "", 0, dump);
        /* Launches past the reported limit, last (each under the alarm). */
        one("launch512-plain", "", "", "", 512, NULL);
        one("launch1024-reqd", "", "__attribute__((reqd_work_group_size(1024,1,1)))", "", 1024,
            NULL);
    }
    return 0;
}
