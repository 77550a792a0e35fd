"""jitfft.rvc / irvc against numpy.fft.rfftn / irfftn (issue 35): p = 2, 3, 4, 5, 7 and 6,
f32 and f64, batches and axes, float16 in, norms, out=, the scipy backend, bad input."""

import numpy as np
import pytest
import scipy.fft

import jitfft

RNG = np.random.default_rng()


def rel(a, b):
    return np.linalg.norm((a - b).ravel()) / np.linalg.norm(b.ravel())


@pytest.mark.parametrize("p,n", [(2, 5), (3, 3), (4, 3), (5, 2), (7, 2), (6, 2)])
@pytest.mark.parametrize("dtype,tol", [(np.float32, 2e-6), (np.float64, 1e-12)])
def test_rvc_and_irvc_equal_numpy(p, n, dtype, tol):
    x = RNG.standard_normal((2,) + (p,) * n).astype(dtype)
    axes = tuple(range(1, n + 1))
    y = jitfft.rvc(x, axes=axes)
    want = np.fft.rfftn(x.astype(np.float64), axes=axes)
    assert y.shape == want.shape
    assert y.dtype == (np.complex64 if dtype == np.float32 else np.complex128)
    assert rel(y, want) < tol
    back = jitfft.irvc(want.astype(y.dtype), s=(p,) * n, axes=axes)
    assert back.dtype == dtype
    assert rel(back, np.fft.irfftn(want, s=(p,) * n, axes=axes)) < tol


@pytest.mark.parametrize("norm", [None, "backward", "ortho", "forward"])
def test_norms_and_non_hermitian_input(norm):
    y = RNG.standard_normal((3, 3, 2)) + 1j * RNG.standard_normal((3, 3, 2))
    got = jitfft.irvc(y, s=(3, 3, 3), norm=norm)
    assert rel(got, np.fft.irfftn(y, s=(3, 3, 3), norm=norm)) < 1e-12
    x = RNG.standard_normal((5, 5))
    assert rel(jitfft.rvc(x, norm=norm), np.fft.rfftn(x, norm=norm)) < 1e-12


def test_float16_axes_out_and_scipy_backend():
    x = RNG.standard_normal((3, 3, 4)).astype(np.float16)
    y = jitfft.rvc(x, axes=(0, 1))
    assert y.dtype == np.complex64
    assert rel(y, np.fft.rfftn(x.astype(np.float64), axes=(0, 1))) < 2e-3
    out = np.empty((3, 2, 4), np.complex64)
    assert jitfft.rvc(x, axes=(0, 1), out=out) is out
    z = RNG.standard_normal((4, 5, 5))
    with scipy.fft.set_backend(jitfft.scipy_backend, only=True):
        a = scipy.fft.rfftn(z, axes=(1, 2))
        b = scipy.fft.irfftn(a, s=(5, 5), axes=(1, 2))
    assert rel(a, np.fft.rfftn(z, axes=(1, 2))) < 1e-12
    assert rel(b, z) < 1e-12


def test_bad_input_is_refused():
    with pytest.raises(TypeError, match="x.real"):
        jitfft.rvc(np.ones((3, 3), np.complex64))
    with pytest.raises(ValueError, match=r"\(3, 2\)"):
        jitfft.irvc(np.ones((3, 3), np.complex128))
    with pytest.raises(ValueError, match="one length"):
        jitfft.rvc(np.ones((3, 4)))
    with pytest.raises(ValueError, match="NaN"):
        jitfft.rvc(np.array([1.0, np.nan, 2.0]))


@pytest.mark.parametrize("p,n", [(2, 6), (3, 4), (5, 3), (6, 3)])
def test_float16_stays_half_on_the_device(p, n):
    # f16 storage against the f64 transform of the float16 values, ortho norm (issue 35).
    x = RNG.standard_normal((2,) + (p,) * n).astype(np.float16)
    axes = tuple(range(1, n + 1))
    y = jitfft.rvc(x, axes=axes, norm="ortho")
    assert y.dtype == np.complex64
    want = np.fft.rfftn(x.astype(np.float64), axes=axes, norm="ortho")
    assert rel(y, want) < 2e-3
    # float32 arithmetic and storage of the same input is closer: the half run is not it.
    y32 = jitfft.rvc(x, axes=axes, norm="ortho", precision="f32")
    assert rel(y32, want) < 2e-6 < rel(y, want)
    back = jitfft.irvc(want.astype(np.complex64), s=(p,) * n, axes=axes, norm="ortho",
                       precision="f16")
    assert back.dtype == np.float16
    assert rel(back.astype(np.float64), x.astype(np.float64)) < 2e-3


def test_float16_overflow_raises():
    x = np.full((3, 3, 3, 3), 1000, np.float16)
    with pytest.raises(Exception, match="norm ortho"):
        jitfft.rvc(x)
    y = jitfft.rvc(x, norm="ortho")
    assert abs(y[0, 0, 0, 0] - 9000) < 10
