/* cl_local_probe: how much local memory one work-group can really get. NVIDIA's OpenCL reports
 * CL_DEVICE_LOCAL_MEM_SIZE = 48 KB while an H100 SM has 228 KB of shared memory (CUDA needs an
 * opt-in above 48 KB, which OpenCL has no call for). jitfft's fused VC tiles for 3^16 (3^9
 * complex values, 157 KB) would fit a work-group with more. For each size the probe builds a
 * kernel with a dynamic local buffer (a __local kernel argument) and one with a static array,
 * launches one work-group of 256 work-items that writes the buffer, waits at a barrier and reads
 * it back reversed, and checks every element.
 *
 * Build: cc -O2 -o cl_local_probe tools/probes/cl_local_probe.c -lOpenCL. Run: ./cl_local_probe */
#include "cl_probe.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *SRC_FMT =
    "/* Reverse %u floats through local memory (%s). */\n"
    "__kernel void reverse_local(__global float *x%s)\n"
    "{\n"
    "%s"
    "    const uint t = get_local_id(0), n = %u;\n"
    "    for (uint i = t; i < n; i += get_local_size(0)) s[i] = x[i];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    for (uint i = t; i < n; i += get_local_size(0)) x[i] = s[n - 1 - i] + 1.0f;\n"
    "}\n";

static void one(cl_context ctx, cl_device_id dev, cl_command_queue q, size_t bytes, int dynamic)
{
    unsigned n = (unsigned)(bytes / 4);
    char decl[128] = "", src[2048];
    if (!dynamic) snprintf(decl, sizeof decl, "    __local float s[%u];\n", n);
    snprintf(src, sizeof src, SRC_FMT, n, dynamic ? "dynamic" : "static",
             dynamic ? ", __local float *s" : "", decl, n);
    const char *srcs[] = {src};
    const char *kind = dynamic ? "dynamic" : "static";
    cl_int err;
    cl_program prog = clCreateProgramWithSource(ctx, 1, srcs, NULL, &err);
    err = clBuildProgram(prog, 1, &dev, "", NULL, NULL);
    if (err != CL_SUCCESS) {
        char log[4096] = {0};
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
        printf("%-7s %7zu bytes: build failed %d: %.300s\n", kind, bytes, err, log);
        clReleaseProgram(prog);
        return;
    }
    cl_kernel k = clCreateKernel(prog, "reverse_local", &err);
    float *h = malloc(bytes), *o = malloc(bytes);
    for (unsigned i = 0; i < n; i++) h[i] = (float)i;
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, h, &err);
    clSetKernelArg(k, 0, sizeof b, &b);
    if (dynamic) clSetKernelArg(k, 1, bytes, NULL);
    cl_ulong local = 0;
    clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_LOCAL_MEM_SIZE, sizeof local, &local, NULL);
    size_t g = 256, l = 256;
    err = clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL);
    if (err != CL_SUCCESS) {
        printf("%-7s %7zu bytes: kernel local %llu, launch refused %d\n", kind, bytes,
               (unsigned long long)local, err);
    } else {
        cl_int fin = clFinish(q);
        clEnqueueReadBuffer(q, b, CL_TRUE, 0, bytes, o, 0, NULL, NULL);
        unsigned bad = 0;
        for (unsigned i = 0; i < n; i++) bad += o[i] != h[n - 1 - i] + 1.0f;
        printf("%-7s %7zu bytes: kernel local %llu, finish %d, %u wrong of %u\n", kind, bytes,
               (unsigned long long)local, fin, bad, n);
    }
    clReleaseMemObject(b);
    free(h);
    free(o);
    clReleaseKernel(k);
    clReleaseProgram(prog);
}

int main(void)
{
    cl_device_id dev = probe_device(NULL);
    if (!dev) {
        printf("no OpenCL device\n");
        return 1;
    }
    char name[256], drv[256];
    cl_ulong lmem = 0;
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
    clGetDeviceInfo(dev, CL_DRIVER_VERSION, sizeof drv, drv, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_LOCAL_MEM_SIZE, sizeof lmem, &lmem, NULL);
    printf("device %s, driver %s, CL_DEVICE_LOCAL_MEM_SIZE %llu\n", name, drv,
           (unsigned long long)lmem);
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
    const size_t kb[] = {32, 48, 49, 64, 96, 100, 160, 200, 227};
    for (int dynamic = 1; dynamic >= 0; dynamic--)
        for (size_t i = 0; i < sizeof kb / sizeof kb[0]; i++)
            one(ctx, dev, q, kb[i] * 1024, dynamic);
    return 0;
}
