"""The plan cache: plan_cache_info() shows plans and counters change as calls reuse plans;
limits evict the least recently used; clear frees; threads share one plan."""

import threading

import numpy as np
import pytest

import jitfft
from conftest import random_complex, rel_l2


def device_info():
    # One device in these tests: its one-device context is listed first (a device set's
    # repeated member, device=[0, 0] in test_device_set, after it).
    info = jitfft.plan_cache_info()
    assert len({d["device"] for d in info}) == 1
    return info[0]


@pytest.fixture
def fresh_cache():
    jitfft.clear_plan_cache()
    yield
    jitfft.set_plan_cache_limits(max_plans=16, max_bytes=0)


def test_reuse_and_clear(rng, fresh_cache):
    x = random_complex(rng, (3, 3), np.complex128)
    jitfft.vc(x)
    d = device_info()
    assert d["plans"] == 1 and d["entries"][0]["kind"] == "vc" and d["device_bytes"] > 0
    misses, hits = d["misses"], d["hits"]
    assert rel_l2(jitfft.vc(x), np.fft.fftn(x)) < 1e-12
    d = device_info()
    assert d["plans"] == 1 and d["hits"] == hits + 1 and d["misses"] == misses
    assert jitfft.mul(3**100, 5**90) == 3**100 * 5**90
    kinds = {e["kind"] for e in device_info()["entries"]}
    assert kinds == {"vc", "mul"}
    assert jitfft.clear_plan_cache("mul") == 1
    assert jitfft.clear_plan_cache() == 1
    assert device_info()["plans"] == 0


def test_every_kind_is_cached(rng, fresh_cache):
    truth = rng.integers(0, 3, size=(2, 9)).astype(np.uint8)
    for _ in range(2):
        jitfft.bent(truth, 3)
        jitfft.spectrum_stats(truth, 3, bins=4)
        jitfft.autocorr(truth, 3)
        jitfft.ntt([1, 2, 3, 4], "goldilocks")
        jitfft.gfp([1, 2, 3, 4], "p3")
        jitfft.mul(3**50, 7**40)
    d = device_info()
    kinds = sorted(e["kind"] for e in d["entries"])
    assert kinds == sorted(["bent", "spectrum_stats", "autocorr", "ntt", "gfp", "mul"])
    assert all(e["hits"] == 1 for e in d["entries"])


def test_limits_evict_least_recently_used(rng, fresh_cache):
    assert jitfft.set_plan_cache_limits(max_plans=2) == (2, None)
    for b in (2, 3, 4):
        jitfft.vc(random_complex(rng, (b, 3, 3), np.complex64), axes=(1, 2))
    d = device_info()
    assert d["plans"] == 2 and d["evictions"] >= 1 and d["max_plans"] == 2
    assert all("batch: 2" not in e["key"] for e in d["entries"])  # the oldest went
    # A byte limit below one plan keeps none.
    jitfft.set_plan_cache_limits(max_bytes=1)
    assert device_info()["plans"] == 0 and device_info()["max_bytes"] == 1
    # Calls still work (the plan is built, used, then evicted).
    x = random_complex(rng, (3, 3), np.complex64)
    assert rel_l2(jitfft.vc(x), np.fft.fftn(x)) < 2e-6


def test_threads_share_one_plan(rng, fresh_cache):
    xs = [random_complex(rng, (2, 3, 3, 3), np.complex64) for _ in range(6)]
    out = [None] * len(xs)

    def work(i):
        out[i] = jitfft.vc(xs[i], axes=(1, 2, 3))
        jitfft.mul(7**(50 + i), 11**40)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(xs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for x, y in zip(xs, out):
        assert rel_l2(y, np.fft.fftn(x, axes=(1, 2, 3))) < 2e-6
    kinds = [e["kind"] for e in device_info()["entries"]]
    assert kinds.count("vc") == 1
