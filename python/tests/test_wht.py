"""jitfft.wht against scipy.linalg.hadamard (an independent oracle: the dense Sylvester matrix):
rows of 2^k for k = 1..10, every norm, axis last, first and in the middle, batches, f32, f64
and f16 (against the float64 result), out= and in place; bad input raises and leaves out
untouched."""

import numpy as np
import pytest
import scipy.linalg

import jitfft
from conftest import rel_l2

TOL = {np.float32: 1e-5, np.float64: 1e-12}
SCALE = {None: lambda n: 1.0, "backward": lambda n: 1.0,
         "ortho": lambda n: n ** -0.5, "forward": lambda n: 1.0 / n}


def reference(x, axis=-1, norm=None):
    """Every row along axis times hadamard(N), in float64, scaled as norm says."""
    n = x.shape[axis]
    h = scipy.linalg.hadamard(n).astype(np.float64) * SCALE[norm](n)
    xm = np.moveaxis(x.astype(np.float64), axis, -1)
    return np.moveaxis(xm @ h.T, -1, axis)


@pytest.mark.parametrize("dtype,norm", [(np.float64, None), (np.float32, "ortho")])
def test_every_length_matches_hadamard(rng, dtype, norm):
    for k in range(1, 11):
        x = rng.standard_normal((3, 2**k)).astype(dtype)
        y = jitfft.wht(x, norm=norm)
        assert y.dtype == dtype and y.shape == x.shape
        err = rel_l2(y, reference(x, norm=norm))
        assert err < TOL[dtype], f"k={k}: rel. L2 {err}"


@pytest.mark.parametrize("norm", list(SCALE))
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_every_norm(rng, dtype, norm):
    x = rng.standard_normal((2, 32)).astype(dtype)
    y = jitfft.wht(x, norm=norm)
    assert rel_l2(y, reference(x, norm=norm)) < TOL[dtype]


def test_inverse_pairs(rng):
    x = rng.standard_normal((4, 64))
    np.testing.assert_allclose(jitfft.wht(jitfft.wht(x), norm="forward"), x, atol=1e-12)
    np.testing.assert_allclose(jitfft.wht(jitfft.wht(x, norm="ortho"), norm="ortho"), x,
                               atol=1e-12)


@pytest.mark.parametrize("shape,axis", [((16, 3), 0), ((2, 8, 3), 1), ((2, 8, 3), -2),
                                        ((3, 2, 4), -1), ((3, 2, 4), 2)])
def test_axes_and_batches(rng, shape, axis):
    x = rng.standard_normal(shape)
    y = jitfft.wht(x, axis=axis)
    assert y.shape == x.shape
    assert rel_l2(y, reference(x, axis)) < 1e-12


def test_views_and_integers(rng):
    x = rng.standard_normal((8, 6))[:, ::2]  # strided: copied once
    assert rel_l2(jitfft.wht(x, axis=0), reference(x, 0)) < 1e-12
    xi = rng.integers(-100, 100, (3, 16))
    y = jitfft.wht(xi)
    assert y.dtype == np.float64
    np.testing.assert_array_equal(y, xi @ scipy.linalg.hadamard(16).T)


def test_float16_against_float64(rng):
    x = rng.standard_normal((4, 256)).astype(np.float16)
    y = jitfft.wht(x, norm="ortho")
    assert y.dtype == np.float16
    err = rel_l2(y.astype(np.float64), reference(x, norm="ortho"))
    assert err <= 2e-3, err
    y1 = jitfft.wht(x[0], axis=0)  # unscaled fits too: |y| ≤ 256·max|x|
    assert y1.dtype == np.float16
    assert rel_l2(y1.astype(np.float64), reference(x[0])) <= 2e-3


def test_float16_overflow_suggests_ortho():
    x = np.full((2, 1024), 100.0, np.float16)
    out = np.full_like(x, 7)
    with pytest.raises(ValueError, match=r'overflowed.*norm="ortho"'):
        jitfft.wht(x, out=out)
    assert (out == 7).all()
    y = jitfft.wht(x, norm="ortho")
    assert np.isfinite(y).all() and y[0, 0] == 3200.0


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_out_and_in_place(rng, dtype):
    x = rng.standard_normal((3, 16)).astype(dtype)
    want = jitfft.wht(x, norm="ortho")
    out = np.empty_like(x)
    assert jitfft.wht(x, norm="ortho", out=out) is out
    np.testing.assert_array_equal(out, want)
    xt = np.ascontiguousarray(x.T)  # axis 0 contiguous in memory order of the transpose
    out0 = np.empty_like(xt)
    jitfft.wht(xt, axis=0, norm="ortho", out=out0)
    np.testing.assert_array_equal(out0, want.T)
    y = x.copy()
    assert jitfft.wht(y, norm="ortho", out=y) is y
    np.testing.assert_array_equal(y, want)


def test_cache_reuses_plan(rng):
    jitfft.clear_plan_cache("wht")
    x = rng.standard_normal((5, 128))
    jitfft.wht(x)
    jitfft.wht(x + 1)
    entries = [e for d in jitfft.plan_cache_info() for e in d["entries"] if e["kind"] == "wht"]
    assert len(entries) == 1 and entries[0]["hits"] == 1
    assert jitfft.clear_plan_cache("wht") == 1


def test_trivial_lengths():
    x = np.array([[2.5], [-1.0]], np.float32)
    y = jitfft.wht(x, norm="forward")
    assert y.dtype == np.float32 and (y == x).all() and y is not x
    assert jitfft.wht(np.zeros((0, 8))).shape == (0, 8)


@pytest.mark.parametrize("bad,err,match", [
    (np.ones(8, np.complex128), TypeError, "complex"),
    (np.ones(8, np.complex64), TypeError, "complex"),
    (np.ones(8, bool), TypeError, "bool"),
    (np.array([1.0] * 8, object), TypeError, "object"),
    (np.ones((2, 12)), ValueError, "length 12"),
    (np.ones((6, 8)), None, None),  # fine along -1 …
])
def test_bad_input(bad, err, match):
    if err is None:
        with pytest.raises(ValueError, match="length 6"):
            jitfft.wht(bad, axis=0)  # … not along 0
        return
    with pytest.raises(err, match=match):
        jitfft.wht(bad)


def test_bad_arguments_leave_out_untouched():
    x = np.ones((2, 8))
    for out, match in [(np.zeros((2, 4)), "shape"), (np.zeros((2, 8), np.float32), "dtype")]:
        before = out.copy()
        with pytest.raises(ValueError, match=match):
            jitfft.wht(x, out=out)
        np.testing.assert_array_equal(out, before)
    with pytest.raises(ValueError, match="norm"):
        jitfft.wht(x, norm="full")
    with pytest.raises(ValueError, match="out of range"):
        jitfft.wht(x, axis=2)
    with pytest.raises(ValueError, match="not finite"):
        jitfft.wht(np.array([1.0, np.nan]))
    with pytest.raises(ValueError, match="scalar"):
        jitfft.wht(np.float64(1.0))
