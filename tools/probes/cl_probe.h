/* Shared by jitfft's C OpenCL probes (tools/probes/cl_*_probe.c): which device to probe, how many
 * repeats, and the comparison that sorts timings for a median. Header-only: each probe builds
 * with one `cc` line. */
#ifndef JITFFT_CL_PROBE_H
#define JITFFT_CL_PROBE_H
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdlib.h>

/* The first GPU of any platform, else the first device at all (PoCL on a CPU machine); NULL
 * when there is none. *is_gpu (if given) says which. */
static inline cl_device_id probe_device(int *is_gpu)
{
    cl_platform_id plats[8];
    cl_device_id dev = NULL;
    cl_uint np = 0;
    if (clGetPlatformIDs(8, plats, &np) != CL_SUCCESS || !np) return NULL;
    for (cl_uint i = 0; i < np && !dev; i++)
        if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) != CL_SUCCESS) dev = NULL;
    if (is_gpu) *is_gpu = dev != NULL;
    if (!dev && clGetDeviceIDs(plats[0], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS)
        return NULL;
    return dev;
}

/* Repeats from the first argument: 1 to 64, else 10. */
static inline int probe_repeats(int argc, char **argv)
{
    int repeats = argc > 1 ? atoi(argv[1]) : 10;
    return repeats < 1 || repeats > 64 ? 10 : repeats;
}

/* qsort comparison of doubles, ascending. */
static inline int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

#endif
