"""jitfft.vc / ivc / VcPlan against numpy.fft.fftn / ifftn (an independent oracle): every norm,
axes given or None, batches on leading, middle and trailing axes, non-contiguous views, out=
(in place too), f32 and f64, every algorithm; bad input names the argument."""

import threading

import numpy as np
import pytest

import jitfft
from conftest import random_complex, rel_l2

TOL = {np.complex64: 2e-6, np.complex128: 1e-12}
NORMS = [None, "backward", "ortho", "forward"]


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("inverse", [False, True])
def test_every_norm_matches_numpy(rng, norm, inverse):
    x = random_complex(rng, (3, 3, 3), np.complex128)
    f, ref = (jitfft.ivc, np.fft.ifftn) if inverse else (jitfft.vc, np.fft.fftn)
    y = f(x, norm=norm)
    assert y.dtype == np.complex128 and y.shape == x.shape
    assert rel_l2(y, ref(x, norm=norm)) < 1e-12


@pytest.mark.parametrize(
    "shape,axes",
    [
        ((4, 3, 3), (1, 2)),  # batch leading
        ((3, 4, 3), (0, 2)),  # batch in the middle
        ((3, 3, 4), (0, 1)),  # batch trailing
        ((2, 3, 5, 3), (-1, 1)),  # two batch axes, negative axis
        ((5, 5), None),  # every axis
        ((2, 7), (1,)),  # one axis
    ],
)
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_axes_and_batches(rng, shape, axes, dtype):
    x = random_complex(rng, shape, dtype)
    y = jitfft.vc(x, axes=axes)
    assert y.dtype == dtype and y.shape == x.shape
    assert rel_l2(y, np.fft.fftn(x, axes=axes)) < TOL[dtype]
    z = jitfft.ivc(x, axes=axes, norm="ortho")
    assert rel_l2(z, np.fft.ifftn(x, axes=axes, norm="ortho")) < TOL[dtype]


def test_views_without_and_with_a_copy(rng):
    base = random_complex(rng, (5, 3, 3), np.complex128)
    fortran = np.asfortranarray(random_complex(rng, (3, 3, 5), np.complex128))
    # Transposed and Fortran-ordered arrays hold contiguous transforms: no copy.
    for view, axes in [(base.transpose(1, 2, 0), (0, 1)), (fortran, (0, 1)), (np.asfortranarray(base[:3]), None)]:
        assert rel_l2(jitfft.vc(view, axes=axes), np.fft.fftn(view, axes=axes)) < 1e-12
        assert jitfft.vc_layout_stats()["last_layout"]["input"] == "view"
    # Steps, and a batch axis between transformed ones: one copy.
    big = random_complex(rng, (3, 6, 3), np.complex128)
    for view, axes in [(big[:, ::2, :], None), (big, (0, 2)), (fortran[..., :3], (1, 2))]:
        assert rel_l2(jitfft.vc(view, axes=axes), np.fft.fftn(view, axes=axes)) < 1e-12
        assert jitfft.vc_layout_stats()["last_layout"]["input"] == "copy"


def test_promotion_s_and_precision(rng):
    x = rng.standard_normal((3, 3, 3))  # float64 -> complex128
    assert jitfft.vc(x).dtype == np.complex128
    x32 = rng.standard_normal((4, 3, 3)).astype(np.float32)  # float32 -> complex64
    y32 = jitfft.vc(x32, axes=(1, 2))
    assert y32.dtype == np.complex64 and rel_l2(y32, np.fft.fftn(x32, axes=(1, 2))) < 2e-6
    ints = rng.integers(-5, 5, size=(3, 3))
    assert rel_l2(jitfft.vc(ints), np.fft.fftn(ints)) < 1e-12
    assert jitfft.vc(x, precision="f32").dtype == np.complex64
    # s crops or zero-pads as numpy does (then every axis must have one length).
    z = random_complex(rng, (4, 2), np.complex128)
    assert rel_l2(jitfft.vc(z, s=(3, 3)), np.fft.fftn(z, s=(3, 3))) < 1e-12
    # Length-1 axes are the identity; an empty batch gives an empty result.
    assert rel_l2(jitfft.vc(z[:, :1], axes=(1,)), z[:, :1]) == 0
    assert jitfft.vc(np.zeros((0, 3), np.complex64), axes=(1,)).shape == (0, 3)


def test_out_and_in_place(rng):
    x = random_complex(rng, (3, 3, 4), np.complex64)
    want = np.fft.fftn(x, axes=(0, 1))
    out = np.empty_like(x)
    assert jitfft.vc(x, axes=(0, 1), out=out) is out
    assert rel_l2(out, want) < 2e-6
    z = np.ascontiguousarray(x.transpose(2, 0, 1))  # batch leading: in place without a copy
    zw = np.fft.ifftn(z, axes=(1, 2))
    assert jitfft.ivc(z, axes=(1, 2), out=z) is z
    assert rel_l2(z, zw) < 2e-6
    # An out of another layout (Fortran order) is filled through one copy.
    of = np.asfortranarray(np.empty_like(x))
    assert jitfft.vc(x, axes=(0, 1), out=of) is of and rel_l2(of, want) < 2e-6


def test_plan_shapes_dtypes_and_stats(rng):
    pl = jitfft.VcPlan((4, 3, 3), axes=(1, 2), dtype=np.complex64, norm="ortho")
    assert pl.shape == (4, 3, 3) and pl.dtype == np.dtype(np.complex64) and pl.axes == (1, 2)
    x = random_complex(rng, (4, 3, 3), np.complex64)
    want = np.fft.fftn(x, axes=(1, 2), norm="ortho")
    assert rel_l2(pl.execute(x), want) < 2e-6
    out = np.empty_like(x)
    assert pl.execute(x, out=out) is out and rel_l2(out, want) < 2e-6
    assert pl.execute(x, out=x) is x and rel_l2(x, want) < 2e-6
    s = pl.stats()
    assert s["calls"] == 3 and s["input_copies"] == 0 and s["runs"] == 3
    assert s["plan"]["p"] == 3 and s["kernel_ms"]["count"] == 3 and pl.passes >= 1
    assert "__kernel" in pl.source and pl.footprint[0] > 0
    inv = jitfft.VcPlan(3, 2, 4, dtype=np.complex128, inverse=True)
    assert inv.shape == (4, 3, 3) and inv.dtype == np.complex128
    y = random_complex(rng, (4, 3, 3), np.complex128)
    assert rel_l2(inv.execute(y), np.fft.ifftn(y, axes=(1, 2))) < 1e-12


@pytest.mark.parametrize("algorithm", ["ct", "cg", "fused"])
def test_every_algorithm(rng, algorithm):
    x = random_complex(rng, (2, 3, 3, 3, 3), np.complex64)
    y = jitfft.vc(x, axes=(1, 2, 3, 4), algorithm=algorithm)
    assert rel_l2(y, np.fft.fftn(x, axes=(1, 2, 3, 4))) < 2e-6


def test_plan_shared_between_threads(rng):
    pl = jitfft.VcPlan(3, 4, 3)
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
        assert rel_l2(y, np.fft.fftn(x, axes=(1, 2, 3, 4))) < 2e-6


def test_bad_input():
    x = np.ones((3, 3), np.complex128)
    with pytest.raises(ValueError, match=r"axes \(0, 1\) have lengths \(3, 4\).*axes="):
        jitfft.vc(np.ones((3, 4)))
    with pytest.raises(ValueError, match="axes=.*out of range"):
        jitfft.vc(x, axes=(0, 2))
    with pytest.raises(ValueError, match="axes=.*repeated"):
        jitfft.vc(x, axes=(0, -2))
    with pytest.raises(TypeError, match="axes="):
        jitfft.vc(x, axes=("a",))
    with pytest.raises(ValueError, match="norm="):
        jitfft.vc(x, norm="full")
    with pytest.raises(TypeError, match="dtype bool"):
        jitfft.vc(np.ones((3, 3), bool))
    with pytest.raises(TypeError, match="dtype object"):
        jitfft.vc(np.array([[1, 2], [3, None]], dtype=object))
    with pytest.raises(ValueError, match="out has shape"):
        jitfft.vc(x, out=np.empty((3, 4), np.complex128))
    with pytest.raises(ValueError, match="out has dtype complex64"):
        jitfft.vc(x, out=np.empty((3, 3), np.complex64))
    with pytest.raises(TypeError, match="out must be a numpy array"):
        jitfft.vc(x, out=[[0] * 3] * 3)
    with pytest.raises(ValueError, match="precision="):
        jitfft.vc(x, precision="f16")
    with pytest.raises(ValueError, match="algorithm"):
        jitfft.vc(x, algorithm="fast")
    with pytest.raises(TypeError, match="device"):
        jitfft.vc(x, device=1.5)
    with pytest.raises(ValueError, match="p ≤ 256"):
        jitfft.vc(np.ones(257))
    bad = x.copy()
    bad[1, 2] = np.nan
    out = np.zeros_like(x)
    with pytest.raises(ValueError, match=r"NaN or infinite value at index \(1, 2\)"):
        jitfft.vc(bad, out=out)
    assert not out.any()  # untouched
    assert np.isnan(jitfft.vc(bad, check_finite=False)).any()
    with pytest.raises(ValueError, match="dtype=.*complex64 or np.complex128"):
        jitfft.VcPlan(3, 2, dtype=np.float32)
    with pytest.raises(ValueError, match="p ≥ 2"):
        jitfft.VcPlan(1, 3)
    pl = jitfft.VcPlan(3, 2)
    with pytest.raises(ValueError, match=r"this plan takes shape \(3, 3\)"):
        pl.execute(np.zeros((9,), np.complex64))
    with pytest.raises(ValueError, match="out has dtype complex128"):
        pl.execute(np.zeros((3, 3), np.complex64), out=np.zeros((3, 3), np.complex128))
    assert issubclass(jitfft.OpenClError, RuntimeError)
    assert issubclass(jitfft.DeviceError, RuntimeError)


def test_devices_and_selectors():
    devs = jitfft.devices()
    assert devs and {"index", "name", "kind", "fp64", "global_mem_bytes"} <= set(devs[0])
    x = np.arange(9, dtype=np.complex128).reshape(3, 3)
    want = np.fft.fftn(x)
    index = devs[0]["index"]
    assert rel_l2(jitfft.vc(x, device=index), want) < 1e-12  # device=0: an int
    assert rel_l2(jitfft.vc(x, device=str(index)), want) < 1e-12
    assert rel_l2(jitfft.vc(x, device=devs[0]["kind"]), want) < 1e-12
    with pytest.raises((ValueError, jitfft.DeviceError), match="no-such-device"):
        jitfft.vc(x, device="no-such-device")


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("algorithm", ["ct", "cg"])
def test_cpu_paths_bit_identical(rng, dtype, algorithm):
    # A fresh output (wrapped on CPU devices: the passes run in it), out= (mapped on CPU
    # devices) and out=x (the staging path) give the same bits; stats() names the host steps.
    pl = jitfft.VcPlan(3, 5, dtype=dtype, algorithm=algorithm)
    x = random_complex(rng, (3,) * 5, dtype)
    fresh = pl.execute(x)
    out = np.empty_like(x)
    pl.execute(x, out=out)
    z = x.copy()
    pl.execute(z, out=z)
    assert rel_l2(fresh, np.fft.fftn(x)) < TOL[dtype]
    assert np.array_equal(fresh.view(np.uint8), out.view(np.uint8))
    assert np.array_equal(fresh.view(np.uint8), z.view(np.uint8))
    s = pl.stats()
    if s["device"]["kind"] == "cpu":
        steps = s["host_steps"]
        assert steps["path"] == "mapped"  # the last run with an input: out=
        assert steps["total_ms"] >= steps["wait_ms"] > 0 and isinstance(steps["zero_copy"], bool)
    bad = x.copy()
    bad[1, 2, 0, 0, 0] = np.nan
    with pytest.raises(ValueError, match="NaN or infinite"):
        pl.execute(bad)
