#!/usr/bin/env python3
"""The any-shape FFT's peers on the same GPU, in one process: torch.fft (cuFFT) timed by CUDA
events, a device copy of the same bytes (the floor a pass is measured against), and VkFFT:
tools/peers/vkfft_cl_bench.c (VkFFT's OpenCL backend from C) where VKFFT_BENCH names its
binary, else pyvkfft + pyopencl where installed. Device-resident data, f32, median of --repeat
launches after warm-up. Prints one JSON object: {row: {"cufft_ms", "copy_ms", "vkfft_ms",
"vkfft": why not where absent}}.

    python3 tools/peers/fft_peers.py --repeat 50 > peers.json
"""

import argparse
import re
import json
import statistics
import sys

# (row, shape, axes or None for all, real input)
ROWS = [
    ("fft 2^20", (1 << 20,), None, False),
    ("fft 2^24", (1 << 24,), None, False),
    ("fft 2^28", (1 << 28,), None, False),
    ("fft 3^15", (3 ** 15,), None, False),
    ("fft 1000000", (1000000,), None, False),
    ("fft 1000003", (1000003,), None, False),
    ("fft2 4096x4096", (4096, 4096), None, False),
    ("fft2 1000x768", (1000, 768), None, False),
    ("fftn 256x256x256", (256, 256, 256), None, False),
    ("fftn 512x512x512", (512, 512, 512), None, False),
    ("batch 16384 x fft 1024", (16384, 1024), (1,), False),
    ("rfft 2^24", (1 << 24,), None, True),
    ("rfftn 512x512x512", (512, 512, 512), None, True),
]


def cuda_ms(torch, fn, repeat):
    fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(repeat):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        b.synchronize()
        times.append(a.elapsed_time(b))
    return statistics.median(times)


def vkfft_bench_rows(binary, repeat):
    """VkFFT through tools/peers/vkfft_cl_bench (one process a row, so one failing row costs
    only itself); each row's figures and check kept whole, the median in `vkfft_ms`."""
    import subprocess
    out = {}
    for name, *_ in ROWS:
        try:
            p = subprocess.run([binary, "--only", name, "--launches", str(repeat)],
                               capture_output=True, text=True, timeout=600)
            got = json.loads(p.stdout)
            out["_vkfft"] = got.get("_vkfft")
            row = got.get(name) or {"vkfft": f"not run: exit {p.returncode}: {p.stderr[-300:]}"}
            out[name] = row.get("vkfft_ms", row.get("vkfft")), row
        except Exception as e:  # noqa: BLE001 - a crash or timeout is this row's result
            out[name] = f"not run: {type(e).__name__}: {e}", {}
    return out


def vkfft_rows(repeat):
    import os
    if os.environ.get("VKFFT_BENCH"):
        return vkfft_bench_rows(os.environ["VKFFT_BENCH"], repeat)
    try:
        import numpy as np
        import pyopencl as cl
        import pyopencl.array as cla
        from pyvkfft.opencl import VkFFTApp
    except Exception as e:  # noqa: BLE001 - any import failure means "not installed here"
        return {r[0]: f"not run: {type(e).__name__}: {e}" for r in ROWS}
    import time
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    out = {}
    for name, shape, axes, real in ROWS:
        try:
            dt = np.float32 if real else np.complex64
            x = cla.to_device(q, np.ones(shape, dt))
            ndim = len(shape) if axes is None else 1
            app = VkFFTApp(shape, dt, q, ndim=ndim, r2c=real, inplace=not real)
            y = cla.empty(q, shape[:-1] + (shape[-1] // 2 + 1,), np.complex64) if real else x
            app.fft(x, y)
            q.finish()
            t0 = time.perf_counter()
            for _ in range(repeat):
                app.fft(x, y)
            q.finish()
            out[name] = (time.perf_counter() - t0) * 1e3 / repeat
        except Exception as e:  # noqa: BLE001
            out[name] = f"not run: {type(e).__name__}: {e}"
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=50)
    ap.add_argument("--only", default=".", help="a regex: only the rows whose names match")
    a = ap.parse_args()
    ROWS[:] = [r for r in ROWS if re.search(a.only, r[0])]
    import torch
    dev = torch.device("cuda")
    res = {}
    for name, shape, axes, real in ROWS:
        r = {}
        dims = None if axes is None else list(axes)
        if real:
            x = torch.randn(shape, device=dev, dtype=torch.float32)
            r["cufft_ms"] = cuda_ms(torch, lambda: torch.fft.rfftn(x, dim=dims), a.repeat)
        else:
            x = torch.randn(shape, device=dev, dtype=torch.complex64)
            r["cufft_ms"] = cuda_ms(torch, lambda: torch.fft.fftn(x, dim=dims), a.repeat)
        y = torch.empty_like(x)
        r["copy_ms"] = cuda_ms(torch, lambda: y.copy_(x), a.repeat)
        res[name] = r
        del x, y
        torch.cuda.empty_cache()
    vk = vkfft_rows(a.repeat)
    for name, v in vk.items():
        if name == "_vkfft":
            res["_vkfft"] = v
            continue
        v, figures = v if isinstance(v, tuple) else (v, {})
        res[name].update(figures)
        if isinstance(v, float):
            res[name]["vkfft_ms"] = v
        else:
            res[name]["vkfft"] = v
    res["_env"] = {"torch": torch.__version__, "cuda": torch.version.cuda,
                   "gpu": torch.cuda.get_device_name(0)}
    json.dump(res, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
