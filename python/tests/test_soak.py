"""Soak (issue 43): 16 threads mixing vc, ivc, VcPlan, rvc, irvc, wht, mul, ntt and bent on
one device for a fixed time after one call of each (8 s; 60 s under JITFFT_EXHAUSTIVE=1), each result checked against
numpy/Python: no wrong answer, no deadlock, and after the first third the plan cache and the
process's memory stay where they were (the same shapes reuse the same plans)."""

import os
import threading
import time

import numpy as np
import scipy.linalg

import jitfft

EXHAUSTIVE = os.environ.get("JITFFT_EXHAUSTIVE") == "1"
SECONDS = 60 if EXHAUSTIVE else 8
THREADS = 16
GOLDILOCKS = 2**64 - 2**32 + 1


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def close(got, want, tol):
    want = np.asarray(want, dtype=np.complex128)
    return np.linalg.norm(np.asarray(got, np.complex128) - want) <= tol * max(np.linalg.norm(want), 1)


def one_call(k, rng, plan):
    """Runs call kind k on fresh random input and says whether the result is right."""
    if k == 0:
        x = (rng.standard_normal((2, 3, 3)) + 1j * rng.standard_normal((2, 3, 3))).astype(np.complex64)
        return close(jitfft.vc(x, axes=(1, 2)), np.fft.fftn(x, axes=(1, 2)), 1e-5)
    if k == 1:
        x = rng.standard_normal((5, 5)) + 1j * rng.standard_normal((5, 5))
        return close(jitfft.ivc(x, norm="ortho"), np.fft.ifftn(x, norm="ortho"), 1e-10)
    if k == 2:
        x = (rng.standard_normal((3, 3, 3)) + 1j * rng.standard_normal((3, 3, 3))).astype(np.complex64)
        return close(plan.execute(x), np.fft.fftn(x), 1e-5)
    if k == 3:
        x = rng.standard_normal((4, 4))
        y = jitfft.rvc(x)
        return close(y, np.fft.rfftn(x), 1e-10) and close(jitfft.irvc(y, s=(4, 4)), x, 1e-10)
    if k == 4:
        x = rng.standard_normal((3, 16))
        return close(jitfft.wht(x), x @ scipy.linalg.hadamard(16), 1e-10)
    if k == 5:
        a, b = int(rng.integers(1, 2**62)) ** 9, -int(rng.integers(1, 2**62)) ** 7
        return jitfft.mul(a, b) == a * b
    if k == 6:
        x = [int(v) for v in rng.integers(0, 2**62, 8)]
        return jitfft.ntt(jitfft.ntt(x, "goldilocks"), "goldilocks", True) == x
    grid = np.indices((3, 3)).reshape(2, -1).T
    bent = (grid[:, 0] * grid[:, 1] % 3).reshape(3, 3)  # x1·x2: bent
    affine = ((grid[:, 0] + 2 * grid[:, 1]) % 3).reshape(3, 3)  # not bent
    got = jitfft.bent(np.stack([bent, affine]).astype(np.uint8), 3)
    return list(got) == [True, False]


def test_sixteen_threads_mix_every_function():
    plan = jitfft.VcPlan((3, 3, 3))
    # Every kind once first (cold, each compiles its programs): the clock then measures reuse.
    warm = np.random.default_rng(0)
    assert all(one_call(k, warm, plan) for k in range(8))
    start = time.monotonic()
    stop = start + SECONDS
    third = start + SECONDS / 3
    errors, calls = [], [0] * THREADS
    marks = {}
    lock = threading.Lock()

    def worker(i):
        rng = np.random.default_rng(1000 + i)
        try:
            while time.monotonic() < stop:
                k = int(rng.integers(8))
                if not one_call(k, rng, plan):
                    with lock:
                        errors.append(f"thread {i}: call kind {k} gave a wrong result")
                calls[i] += 1
                if time.monotonic() > third:
                    with lock:
                        if "third" not in marks:
                            marks["third"] = (rss_bytes(), jitfft.plan_cache_info())
        except Exception as e:  # any exception is a failure of the soak
            with lock:
                errors.append(f"thread {i}: {type(e).__name__}: {e}")

    threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=SECONDS + 180)
    assert not any(t.is_alive() for t in threads), "a thread is stuck: deadlock"
    assert not errors, errors[:5]
    assert min(calls) > 0, calls
    rss, info = rss_bytes(), jitfft.plan_cache_info()
    assert "third" in marks, "no call ended after the first third"
    rss0, info0 = marks["third"]
    plans = lambda inf: sorted((d["plans"], d["device_bytes"]) for d in inf)  # noqa: E731
    assert plans(info) == plans(info0), (info0, info)
    # Host memory: no growth beyond allocator noise once every plan exists.
    assert rss - rss0 < 64 << 20, f"RSS grew by {(rss - rss0) >> 20} MiB"
