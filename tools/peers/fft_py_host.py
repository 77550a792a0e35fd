#!/usr/bin/env python3
"""jitfft.fftn of complex64 arrays host to host beside numpy.fft.fftn (docs/notes/host.md):
median of 7 calls after a warm-up call, the result checked against numpy in f64."""
import sys, time, numpy as np, jitfft
rng = np.random.default_rng(1)
for shape in [(2**20,), (2**22,), (1000, 768), (4096,)*2]:
    x = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)
    y = jitfft.fftn(x)  # plan + warm-up
    ref = np.fft.fftn(x.astype(np.complex128))
    err = np.linalg.norm(y - ref) / np.linalg.norm(ref)
    ts = []
    for _ in range(7):
        t = time.perf_counter(); y = jitfft.fftn(x); ts.append(time.perf_counter() - t)
    tn = []
    for _ in range(3):
        t = time.perf_counter(); np.fft.fftn(x); tn.append(time.perf_counter() - t)
    print(f"{'x'.join(map(str,shape))}: jitfft.fftn c64 median {1e3*np.median(ts):.1f} ms (min {1e3*min(ts):.1f}) out {y.dtype} relL2 {err:.1e}; numpy {1e3*np.median(tn):.1f} ms")
