"""jitfft.vc and jitfft.VcPlan against numpy.fft.fftn / ifftn (an independent oracle), every
algorithm, f32 and f64, forward and inverse, batches; the fast path's in-place and `out=`
forms; bad input."""

import threading

import numpy as np
import pytest

import jitfft
from conftest import random_complex, rel_l2

TOL = {np.complex64: 2e-6, np.complex128: 1e-12}

# Plans are built once per test session (a build is a compile or a program-cache load).
_plans = {}


def plan(p, n, batch, precision, **kw):
    key = (p, n, batch, precision, tuple(sorted(kw.items())))
    if key not in _plans:
        _plans[key] = jitfft.VcPlan(p, n, batch, precision, **kw)
    return _plans[key]


def fftn_last(x, n, inverse=False):
    axes = tuple(range(x.ndim - n, x.ndim))
    return np.fft.ifftn(x, axes=axes) if inverse else np.fft.fftn(x, axes=axes)


@pytest.mark.parametrize("algorithm", [None, "ct", "cg", "fused"])
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_every_algorithm_batched(rng, algorithm, dtype):
    p, n, b = 3, 4, 3
    prec = "f32" if dtype == np.complex64 else "f64"
    pl = plan(p, n, b, prec, algorithm=algorithm)
    x = random_complex(rng, (b,) + (p,) * n, dtype)
    y = pl.execute(x)
    assert y.dtype == dtype and y.shape == x.shape
    assert rel_l2(y, fftn_last(x, n)) < TOL[dtype]


@pytest.mark.parametrize("p,n", [(2, 5), (7, 2)])
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_vc_inverse_matches_ifftn(rng, p, n, dtype):
    x = random_complex(rng, (p,) * n, dtype)
    y = jitfft.vc(x, inverse=True)
    assert y.dtype == dtype and y.shape == x.shape
    assert rel_l2(y, np.fft.ifftn(x)) < TOL[dtype]
    # And back: the forward transform of the inverse is x.
    assert rel_l2(jitfft.vc(y), x) < 10 * TOL[dtype]


def test_vc_shapes_and_promotion(rng):
    x = rng.standard_normal((3, 3, 3))  # float64 -> complex128
    y = jitfft.vc(x)
    assert y.dtype == np.complex128
    assert rel_l2(y, np.fft.fftn(x)) < 1e-12
    x32 = rng.standard_normal((4, 3, 3)).astype(np.float32)  # (B,)+(p,)*n, float32 -> complex64
    y32 = jitfft.vc(x32)
    assert y32.dtype == np.complex64 and y32.shape == (4, 3, 3)
    assert rel_l2(y32, fftn_last(x32, 2)) < 2e-6
    flat = random_complex(rng, (27,), np.complex64)  # (p^n,) with p given
    assert rel_l2(jitfft.vc(flat, 3), np.fft.fftn(flat.reshape(3, 3, 3)).ravel()) < 2e-6
    ints = rng.integers(0, 3, size=(3, 3))  # integers promoted to complex128
    assert rel_l2(jitfft.vc(ints), np.fft.fftn(ints)) < 1e-12
    assert rel_l2(jitfft.vc(x, norm="ortho"), np.fft.fftn(x, norm="ortho")) < 1e-12


def test_plan_out_in_place_and_strided(rng):
    pl = plan(3, 4, 3, "f32", algorithm=None)
    x = random_complex(rng, (3, 3, 3, 3, 3), np.complex64)
    want = fftn_last(x, 4)
    out = np.empty_like(x)
    assert pl.execute(x, out=out) is out
    assert rel_l2(out, want) < 2e-6
    z = x.copy()
    assert pl.execute(z, out=z) is z  # in place
    assert rel_l2(z, want) < 2e-6
    # Non-contiguous and complex128 input: converted to the plan's dtype first.
    big = random_complex(rng, (3, 3, 3, 3, 6), np.complex128)[..., ::2]
    assert rel_l2(pl.execute(big), fftn_last(big, 4)) < 2e-6
    s = pl.stats()
    assert s["passes"] == pl.passes >= 1 and s["runs"] >= 3
    assert s["plan"]["p"] == 3 and s["kernel_ms"]["count"] == s["runs"]
    assert s["end_to_end_ms"]["median"] > 0
    assert "__kernel" in pl.source


def test_plan_shared_between_threads(rng):
    pl = plan(3, 4, 3, "f32", algorithm=None)
    xs = [random_complex(rng, (3,) + (3,) * 4, np.complex64) for _ in range(8)]
    results = [None] * len(xs)

    def work(i):
        results[i] = pl.execute(xs[i])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(xs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for x, y in zip(xs, results):
        assert rel_l2(y, fftn_last(x, 4)) < 2e-6


def test_bad_input():
    with pytest.raises(ValueError, match="dtype"):
        jitfft.vc(np.array(["a", "b", "c"]))
    with pytest.raises(ValueError, match="not p\\^n"):
        jitfft.vc(np.zeros(10, np.complex64), 3)
    with pytest.raises(ValueError, match="give p"):
        jitfft.vc(np.zeros((3, 3, 4), np.complex64))
    x = np.ones((3, 3), np.complex64)
    x[1, 2] = np.nan
    with pytest.raises(ValueError, match="NaN or infinite value .*position 5"):
        jitfft.vc(x)
    with pytest.raises(ValueError, match="algorithm"):
        jitfft.vc(np.ones((3, 3)), algorithm="fast")
    with pytest.raises(ValueError, match="precision"):
        jitfft.VcPlan(3, 2, precision="f16")
    pl = plan(3, 4, 3, "f32", algorithm=None)
    with pytest.raises(ValueError, match="B·N = 243"):
        pl.execute(np.zeros((3, 3), np.complex64))
    with pytest.raises(ValueError, match="out must be a complex64"):
        pl.execute(np.zeros(243, np.complex64), out=np.zeros(243, np.complex128))
    with pytest.raises(ValueError):
        jitfft.VcPlan(1, 3)
    assert issubclass(jitfft.OpenClError, RuntimeError)
    assert issubclass(jitfft.DeviceError, RuntimeError)


def test_devices_and_selectors():
    devs = jitfft.devices()
    assert devs and {"index", "name", "kind", "fp64", "global_mem_bytes"} <= set(devs[0])
    # The device= selectors of the CLI: an index and a kind name the same device here.
    x = np.arange(9, dtype=np.complex128).reshape(3, 3)
    want = np.fft.fftn(x)
    assert rel_l2(jitfft.vc(x, device=str(devs[0]["index"])), want) < 1e-12
    assert rel_l2(jitfft.vc(x, device=devs[0]["kind"]), want) < 1e-12
    with pytest.raises((ValueError, jitfft.DeviceError), match="no-such-device"):
        jitfft.vc(x, device="no-such-device")
