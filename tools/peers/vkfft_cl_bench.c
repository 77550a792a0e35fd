/* VkFFT through OpenCL on the first GPU (else the first device): issue 44's peer rows,
 * device resident, f32, in one process, without Python (pyvkfft has no wheels, and the lent
 * GPU host has no network). Build against a VkFFT checkout (header only, MIT):
 *
 *   tools/peers/build_vkfft_bench.sh VKFFT_DIR OUT_BINARY
 *
 * Usage: vkfft_cl_bench [--rounds R] [--launches L] [--only ROW] [--quick]
 *
 * Rows as tools/peers/fft_peers.py names them. Complex rows run in place; real rows (rfft,
 * rfftn) out of place, reals in, numpy's half spectrum out (as pyvkfft's r2c). Time: R rounds
 * (after a warm-up launch) of L back-to-back launches between clFinish calls, wall clock; each
 * round's mean a launch; prints the median round with min and max. Check: a few output points
 * of the forward transform of uniform random input against the direct sum in double
 * (|error| over the input's L2 norm, which is the size of a typical output point).
 * Prints one JSON object, {row: {...}}, on stdout; progress on stderr. */
#define VKFFT_BACKEND 3
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vkFFT.h"

typedef struct {
    const char *name;
    int ndim;              /* numpy shape, slowest axis first */
    uint64_t shape[3];
    int last_axis_only;    /* batch: the last axis transformed, the others are rows */
    int real;
} Row;

static const Row ROWS[] = {
    {"fft 2^20", 1, {1u << 20}, 0, 0},
    {"fft 2^24", 1, {1u << 24}, 0, 0},
    {"fft 2^28", 1, {1u << 28}, 0, 0},
    {"fft 3^15", 1, {14348907}, 0, 0},
    {"fft 1000000", 1, {1000000}, 0, 0},
    {"fft 1000003", 1, {1000003}, 0, 0},
    {"fft2 4096x4096", 2, {4096, 4096}, 0, 0},
    {"fft2 1000x768", 2, {1000, 768}, 0, 0},
    {"fftn 256x256x256", 3, {256, 256, 256}, 0, 0},
    {"fftn 512x512x512", 3, {512, 512, 512}, 0, 0},
    {"batch 16384 x fft 1024", 2, {16384, 1024}, 1, 0},
    {"rfft 2^24", 1, {1u << 24}, 0, 1},
    {"rfftn 512x512x512", 3, {512, 512, 512}, 0, 1},
};

static const Row QUICK_ROWS[] = {
    {"fft 2^20", 1, {1u << 12}, 0, 0},
    {"fft 1000003", 1, {1009}, 0, 0},
    {"fft2 1000x768", 2, {10, 76}, 0, 0},
    {"batch 16384 x fft 1024", 2, {16, 64}, 1, 0},
    {"rfft 2^24", 1, {1u << 10}, 0, 1},
    {"rfftn 512x512x512", 3, {8, 6, 10}, 0, 1},
};

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* e^(-2πi m/n) for 0 ≤ m < n from two tables of about √n entries each (n may be 2^28). */
typedef struct {
    uint64_t n, split;
    double *hi, *lo; /* interleaved re, im */
} Twiddles;

static void twiddles_init(Twiddles *t, uint64_t n) {
    t->n = n;
    t->split = (uint64_t)ceil(sqrt((double)n));
    uint64_t nh = n / t->split + 1;
    t->hi = malloc(2 * nh * sizeof(double));
    t->lo = malloc(2 * t->split * sizeof(double));
    for (uint64_t a = 0; a < nh; a++) {
        double ph = -2.0 * M_PI * (double)((a * t->split) % n) / (double)n;
        t->hi[2 * a] = cos(ph), t->hi[2 * a + 1] = sin(ph);
    }
    for (uint64_t b = 0; b < t->split; b++) {
        double ph = -2.0 * M_PI * (double)b / (double)n;
        t->lo[2 * b] = cos(ph), t->lo[2 * b + 1] = sin(ph);
    }
}

static void twiddle(const Twiddles *t, uint64_t m, double *re, double *im) {
    const double *h = t->hi + 2 * (m / t->split), *l = t->lo + 2 * (m % t->split);
    *re = h[0] * l[0] - h[1] * l[1];
    *im = h[0] * l[1] + h[1] * l[0];
}

/* X at output index k (numpy order) by the direct sum over every input point of the
 * transformed axes (the other axes fixed at k's). x holds reals when `real`, else pairs. */
static void direct_point(const Row *r, const float *x, const Twiddles *tw, const uint64_t *k,
                         double *out_re, double *out_im) {
    int first = r->last_axis_only ? r->ndim - 1 : 0;
    uint64_t n[3] = {0, 0, 0}, total = 1;
    for (int d = first; d < r->ndim; d++) total *= r->shape[d];
    double sr = 0, si = 0;
    for (uint64_t flat = 0; flat < total; flat++) {
        /* the input index: transformed axes from `flat`, the others from k */
        uint64_t rem = flat, idx = 0, stride = 1;
        double wr = 1, wi = 0;
        for (int d = r->ndim - 1; d >= 0; d--) {
            if (d >= first) {
                n[d] = rem % r->shape[d];
                rem /= r->shape[d];
                double tr, ti;
                twiddle(&tw[d], (k[d] * n[d]) % r->shape[d], &tr, &ti);
                double nr = wr * tr - wi * ti;
                wi = wr * ti + wi * tr;
                wr = nr;
            } else {
                n[d] = k[d];
            }
            idx += n[d] * stride;
            stride *= r->shape[d];
        }
        double xr = r->real ? x[idx] : x[2 * idx], xi = r->real ? 0 : x[2 * idx + 1];
        sr += xr * wr - xi * wi;
        si += xr * wi + xi * wr;
    }
    *out_re = sr, *out_im = si;
}

static const char *vk_err(VkFFTResult e) {
    static char buf[32];
    snprintf(buf, sizeof buf, "VkFFT error %d", (int)e);
    return buf;
}

/* Runs one row; writes its JSON members into `json` (without braces). 0 on success. */
static int run_row(cl_context ctx, cl_device_id dev, cl_command_queue q, const Row *r,
                   int rounds, int launches, char *json, size_t json_len) {
    uint64_t total = 1;
    for (int d = 0; d < r->ndim; d++) total *= r->shape[d];
    uint64_t last = r->shape[r->ndim - 1];
    uint64_t out_points = r->real ? total / last * (last / 2 + 1) : total;
    size_t in_bytes = r->real ? total * sizeof(float) : total * 2 * sizeof(float);
    size_t out_bytes = out_points * 2 * sizeof(float);

    float *x = malloc(in_bytes);
    unsigned s = 12345u;
    double norm2 = 0;
    for (uint64_t i = 0; i < in_bytes / sizeof(float); i++) {
        s = s * 1664525u + 1013904223u;
        x[i] = (float)((s >> 8) * (2.0 / 16777216.0) - 1.0);
        norm2 += (double)x[i] * x[i];
    }
    cl_int err;
    cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_WRITE, in_bytes, NULL, &err);
    cl_mem out = r->real ? clCreateBuffer(ctx, CL_MEM_READ_WRITE, out_bytes, NULL, &err) : in;
    if (err != CL_SUCCESS) {
        snprintf(json, json_len, "\"vkfft\": \"not run: clCreateBuffer %d\"", err);
        free(x);
        return 1;
    }
    clEnqueueWriteBuffer(q, in, CL_TRUE, 0, in_bytes, x, 0, NULL, NULL);

    VkFFTConfiguration c = {0};
    int first = r->last_axis_only ? r->ndim - 1 : 0;
    c.FFTdim = r->ndim - first;
    for (int d = r->ndim - 1, i = 0; d >= first; d--, i++) c.size[i] = r->shape[d];
    if (r->last_axis_only) c.numberBatches = total / last;
    c.device = &dev;
    c.context = &ctx;
    uint64_t buf_size = out_bytes, in_size = in_bytes;
    c.bufferSize = &buf_size;
    if (r->real) {
        c.performR2C = 1;
        c.isInputFormatted = 1;
        c.inputBufferSize = &in_size;
        uint64_t st = 1;
        for (int i = 0; i < (int)c.FFTdim; i++) {
            st *= c.size[i];
            c.inputBufferStride[i] = st;
        }
    }
    VkFFTApplication app = {0};
    VkFFTResult res = initializeVkFFT(&app, c);
    if (res != VKFFT_SUCCESS) {
        snprintf(json, json_len, "\"vkfft\": \"not run: initializeVkFFT: %s\"", vk_err(res));
        clReleaseMemObject(in);
        if (r->real) clReleaseMemObject(out);
        free(x);
        return 1;
    }
    VkFFTLaunchParams lp = {0};
    lp.commandQueue = &q;
    lp.buffer = &out;
    if (r->real) lp.inputBuffer = &in;

    /* the check first: one forward launch on the random input */
    res = VkFFTAppend(&app, -1, &lp);
    clFinish(q);
    float *y = malloc(out_bytes);
    clEnqueueReadBuffer(q, out, CL_TRUE, 0, out_bytes, y, 0, NULL, NULL);
    Twiddles tw[3];
    for (int d = 0; d < r->ndim; d++) twiddles_init(&tw[d], r->shape[d]);
    double worst = 0;
    int points = total > (1u << 24) ? 2 : 4;
    for (int p = 0; p < points; p++) {
        uint64_t k[3], flat = 0;
        for (int d = 0; d < r->ndim; d++) {
            uint64_t len = (r->real && d == r->ndim - 1) ? last / 2 + 1 : r->shape[d];
            s = s * 1664525u + 1013904223u;
            k[d] = p == 0 ? 0 : (uint64_t)s % len;
            flat = flat * len + k[d];
        }
        double er, ei;
        direct_point(r, x, tw, k, &er, &ei);
        double dr = y[2 * flat] - er, di = y[2 * flat + 1] - ei;
        double e = sqrt(dr * dr + di * di) / sqrt(norm2);
        if (e > worst) worst = e;
    }
    for (int d = 0; d < r->ndim; d++) free(tw[d].hi), free(tw[d].lo);
    free(y);

    double *means = malloc(rounds * sizeof(double));
    res = VkFFTAppend(&app, -1, &lp); /* warm-up */
    clFinish(q);
    for (int i = 0; i < rounds && res == VKFFT_SUCCESS; i++) {
        double t0 = now_ms();
        for (int j = 0; j < launches && res == VKFFT_SUCCESS; j++) res = VkFFTAppend(&app, -1, &lp);
        clFinish(q);
        means[i] = (now_ms() - t0) / launches;
    }
    if (res != VKFFT_SUCCESS) {
        snprintf(json, json_len, "\"vkfft\": \"not run: VkFFTAppend: %s\"", vk_err(res));
    } else {
        qsort(means, rounds, sizeof(double), cmp_double);
        snprintf(json, json_len,
                 "\"vkfft_ms\": %.6f, \"vkfft_min_ms\": %.6f, \"vkfft_max_ms\": %.6f, "
                 "\"vkfft_rounds\": %d, \"vkfft_launches\": %d, \"vkfft_check_points\": %d, "
                 "\"vkfft_check_max_err\": %.3e",
                 means[rounds / 2], means[0], means[rounds - 1], rounds, launches, points, worst);
    }
    free(means);
    deleteVkFFT(&app);
    clReleaseMemObject(in);
    if (r->real) clReleaseMemObject(out);
    free(x);
    return res != VKFFT_SUCCESS;
}

int main(int argc, char **argv) {
    int rounds = 5, launches = 50, quick = 0;
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rounds") && i + 1 < argc) rounds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--launches") && i + 1 < argc) launches = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
        else if (!strcmp(argv[i], "--quick")) quick = 1;
        else {
            fprintf(stderr, "usage: %s [--rounds R] [--launches L] [--only ROW] [--quick]\n", argv[0]);
            return 2;
        }
    }
    if (rounds < 1 || launches < 1) {
        fprintf(stderr, "--rounds and --launches take a count ≥ 1\n");
        return 2;
    }
    cl_platform_id plats[16];
    cl_uint np = 0;
    if (clGetPlatformIDs(16, plats, &np) != CL_SUCCESS || np == 0) {
        fprintf(stderr, "no OpenCL platform\n");
        return 1;
    }
    cl_device_id dev = NULL;
    for (int want_gpu = 1; want_gpu >= 0 && !dev; want_gpu--)
        for (cl_uint p = 0; p < np && !dev; p++) {
            cl_uint nd = 0;
            cl_device_type ty = want_gpu ? CL_DEVICE_TYPE_GPU : CL_DEVICE_TYPE_ALL;
            if (clGetDeviceIDs(plats[p], ty, 1, &dev, &nd) != CL_SUCCESS || nd == 0) dev = NULL;
        }
    char name[256] = "", driver[256] = "";
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
    clGetDeviceInfo(dev, CL_DRIVER_VERSION, sizeof driver, driver, NULL);
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
    const Row *rows = quick ? QUICK_ROWS : ROWS;
    int nrows = quick ? (int)(sizeof QUICK_ROWS / sizeof *QUICK_ROWS) : (int)(sizeof ROWS / sizeof *ROWS);
    int v = VkFFTGetVersion();
    printf("{\n \"_vkfft\": {\"version\": \"%d.%d.%d\", \"device\": \"%s\", \"driver\": \"%s\", "
           "\"timing\": \"wall clock of %d back-to-back launches between clFinish calls; median of %d rounds\"}",
           v / 10000, v / 100 % 100, v % 100, name, driver, launches, rounds);
    int failed = 0;
    for (int i = 0; i < nrows; i++) {
        if (only && strcmp(rows[i].name, only)) continue;
        fprintf(stderr, "vkfft: %s\n", rows[i].name);
        char json[512];
        failed |= run_row(ctx, dev, q, &rows[i], rounds, launches, json, sizeof json);
        printf(",\n \"%s\": {%s}", rows[i].name, json);
        fflush(stdout);
    }
    printf("\n}\n");
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return failed;
}
