"""jitfft's numpy.fft functions of any shape and length against numpy.fft (pocketfft): every
function, lengths of every kind (powers, smooth, primes within the codelets, Bluestein's large
primes), n/s cropping and padding, axes, norms, dtypes, out=, bad input; and the scipy backend
serving them with no fallback."""

import numpy as np
import pytest

import jitfft

RNG = np.random.default_rng()


def _rel(got, want):
    return np.linalg.norm(got - want) / max(np.linalg.norm(want), 1e-300)


def _tol(dtype):
    return 2e-6 if dtype in (np.complex64, np.float32) else 1e-12


def _complex(shape, dtype=np.complex128):
    return (RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)).astype(dtype)


@pytest.mark.parametrize("n", [1, 2, 7, 12, 30, 31, 37, 97, 256, 1000, 4096, 10007])
@pytest.mark.parametrize("name", ["fft", "ifft"])
def test_one_dimensional_lengths(name, n):
    x = _complex(n)
    got, want = getattr(jitfft, name)(x), getattr(np.fft, name)(x)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert _rel(got, want) < 1e-12


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128, np.float32, np.float64, np.int32])
@pytest.mark.parametrize("norm", [None, "backward", "ortho", "forward"])
def test_fftn_shapes_dtypes_norms(dtype, norm):
    x = _complex((6, 10, 3)).real.astype(dtype) if np.dtype(dtype).kind != "c" else _complex((6, 10, 3), dtype)
    for f in ("fftn", "ifftn", "fft2", "ifft2"):
        got = getattr(jitfft, f)(x, norm=norm)
        want = getattr(np.fft, f)(x, norm=norm)
        out_dtype = np.complex64 if np.dtype(dtype) in (np.complex64, np.float32) else np.complex128
        assert got.dtype == out_dtype and got.shape == want.shape
        assert _rel(got, want) < _tol(out_dtype), f


def test_s_axes_and_out():
    x = _complex((5, 8, 9))
    assert _rel(jitfft.fftn(x, s=(7, 4), axes=(2, 0)), np.fft.fftn(x, s=(7, 4), axes=(2, 0))) < 1e-12
    assert _rel(jitfft.fft(x, n=11, axis=1), np.fft.fft(x, n=11, axis=1)) < 1e-12
    out = np.empty((5, 8, 9), np.complex128)
    y = jitfft.ifftn(x, axes=(-1,), out=out)
    assert y is out and _rel(out, np.fft.ifftn(x, axes=(-1,))) < 1e-12
    view = x[::-1, ::2]
    assert _rel(jitfft.fft2(view), np.fft.fft2(view)) < 1e-12


@pytest.mark.parametrize("shape,axes", [((1000,), None), ((37,), None), ((6, 10), None),
                                        ((4, 5, 7), (0, 2)), ((3, 4, 5), (-1, 0))])
def test_real_round_trips(shape, axes):
    x = RNG.standard_normal(shape)
    h = jitfft.rfftn(x, axes=axes)
    assert _rel(h, np.fft.rfftn(x, axes=axes)) < 1e-12
    s = [shape[a] for a in (axes if axes is not None else range(len(shape)))]
    y = jitfft.irfftn(h, s=s, axes=axes)
    assert _rel(y, np.fft.irfftn(np.fft.rfftn(x, axes=axes), s=s, axes=axes)) < 1e-12
    assert _rel(y, x) < 1e-12
    assert _rel(jitfft.irfftn(h, axes=axes), np.fft.irfftn(h, axes=axes)) < 1e-12


def test_real_one_and_two_dimensional():
    x = RNG.standard_normal((12, 33)).astype(np.float32)
    assert _rel(jitfft.rfft(x), np.fft.rfft(x)) < 2e-6
    assert jitfft.rfft(x).dtype == np.complex64
    assert _rel(jitfft.rfft2(x), np.fft.rfft2(x)) < 2e-6
    h = np.fft.rfft2(x.astype(np.float64))
    assert _rel(jitfft.irfft2(h, s=x.shape), np.fft.irfft2(h, s=x.shape)) < 1e-12
    assert _rel(jitfft.irfft(h, n=40), np.fft.irfft(h, n=40)) < 1e-12


@pytest.mark.parametrize("precision,tol", [("f16", 2e-3), ("bf16", 2e-2)])
def test_sixteen_bit_storage(precision, tol):
    """precision="f16" / "bf16": every device array in 16 bits, computed in f32; against numpy
    in f64 on the input rounded to the storage, within the CLI's --check tolerance."""
    x = _complex((24, 40))
    for f in ("fft", "ifft", "fftn", "ifftn", "fft2"):
        got = getattr(jitfft, f)(x, precision=precision)
        assert got.dtype == np.complex64 and got.shape == x.shape
        assert _rel(got, getattr(np.fft, f)(x)) < tol, f
    assert _rel(jitfft.fft(x[0, :37], precision=precision), np.fft.fft(x[0, :37])) < tol
    r = x.real
    h = jitfft.rfftn(r, precision=precision)
    assert h.dtype == np.complex64 and _rel(h, np.fft.rfftn(r)) < tol
    assert _rel(jitfft.rfft(r[:, :35], precision=precision), np.fft.rfft(r[:, :35])) < tol
    y = jitfft.irfftn(np.fft.rfftn(r), s=r.shape, precision=precision)
    assert y.dtype == (np.float16 if precision == "f16" else np.float32)
    assert _rel(y.astype(np.float64), r) < tol
    plan = jitfft.FftPlan("fft", x.shape, precision=precision)
    assert _rel(plan(x), np.fft.fftn(x)) < tol


@pytest.mark.parametrize("call,error", [
    (lambda: jitfft.fft(np.ones(4), precision="f8"), ValueError),
    (lambda: jitfft.FftPlan("fft", (4,), precision="half"), ValueError),
    (lambda: jitfft.fft(np.ones(0)), ValueError),
    (lambda: jitfft.fft(np.ones(4), n=0), ValueError),
    (lambda: jitfft.fft(np.ones(4), axis=2), ValueError),
    (lambda: jitfft.fftn(np.ones((2, 3)), axes=(0, 0)), ValueError),
    (lambda: jitfft.fftn(np.ones((2, 3)), s=(2, 3, 4), axes=(0, 1)), ValueError),
    (lambda: jitfft.rfft(np.ones(4) + 1j), TypeError),
    (lambda: jitfft.fft(np.ones(4, bool)), TypeError),
    (lambda: jitfft.fft(np.ones(4), norm="both"), ValueError),
    (lambda: jitfft.fft(np.float64(3.0)), ValueError),
    (lambda: jitfft.fft(np.ones(4), out=np.empty(3, np.complex128)), ValueError),
])
def test_bad_input_raises(call, error):
    with pytest.raises(error):
        call()


def test_scipy_backend_serves_every_shape():
    scipy_fft = pytest.importorskip("scipy.fft")
    before = jitfft.scipy_backend.stats()
    x = RNG.standard_normal((6, 10))
    with scipy_fft.set_backend(jitfft.scipy_backend, only=True):
        for f, a in [("fft", x), ("ifft", x), ("fftn", x), ("ifftn", x), ("fft2", x),
                     ("ifft2", x), ("rfft", x), ("rfftn", x), ("rfft2", x),
                     ("irfft", np.fft.rfft(x)), ("irfftn", np.fft.rfftn(x)),
                     ("irfft2", np.fft.rfft2(x)), ("fft", RNG.standard_normal(1009))]:
            got = getattr(scipy_fft, f)(a)
            assert _rel(got, getattr(np.fft, f)(a)) < 1e-12, f
    after = jitfft.scipy_backend.stats()
    assert after["served"] - before["served"] == 13
    assert after["fallback"] == before["fallback"]


@pytest.mark.parametrize("norm", [None, "ortho", "forward"])
def test_hermitian_transforms(norm):
    h = _complex((5, 9))
    r = RNG.standard_normal((5, 9))
    assert _rel(jitfft.hfft(h, norm=norm), np.fft.hfft(h, norm=norm)) < 1e-12
    assert _rel(jitfft.hfft(h, n=11, axis=0, norm=norm), np.fft.hfft(h, n=11, axis=0, norm=norm)) < 1e-12
    assert _rel(jitfft.ihfft(r, norm=norm), np.fft.ihfft(r, norm=norm)) < 1e-12
    out = np.empty((5, 4), np.complex128)
    y = jitfft.ihfft(r, n=7, norm=norm, out=out)
    assert y is out and _rel(out, np.fft.ihfft(r, n=7, norm=norm)) < 1e-12
    scipy_fft = pytest.importorskip("scipy.fft")
    assert _rel(jitfft.hfftn(h, norm=norm), scipy_fft.hfftn(h, norm=norm)) < 1e-12
    assert _rel(jitfft.hfft2(h, s=(4, 6), norm=norm), scipy_fft.hfft2(h, s=(4, 6), norm=norm)) < 1e-12
    assert _rel(jitfft.ihfftn(r, norm=norm), scipy_fft.ihfftn(r, norm=norm)) < 1e-12
    assert _rel(jitfft.ihfft2(r.astype(np.float32), norm=norm), scipy_fft.ihfft2(r, norm=norm)) < 2e-6
    with pytest.raises(TypeError):
        jitfft.ihfft(h)


@pytest.mark.parametrize("kind,shape,axes,s", [
    ("fft", (1000, 7), None, None),
    ("ifft", (6, 10, 3), (0, 2), None),
    ("rfft", (12, 40), None, None),
    ("irfft", (12, 21), (1,), (40,)),
])
def test_fft_plan_matches_numpy(kind, shape, axes, s):
    p = jitfft.FftPlan(kind, shape, axes=axes, s=s, norm="ortho", precision="f64")
    x = RNG.standard_normal(shape) if kind == "rfft" else _complex(shape)
    want = {"fft": np.fft.fftn, "ifft": np.fft.ifftn, "rfft": np.fft.rfftn,
            "irfft": np.fft.irfftn}[kind](x, s=s, axes=axes, norm="ortho")
    assert p.out_shape == want.shape
    assert _rel(p(x), want) < 1e-12
    out = np.empty(want.shape, want.dtype)
    assert p.execute(x, out=out) is out and _rel(out, want) < 1e-12
    with pytest.raises(ValueError):
        p.execute(np.ones((2, 2)))


@pytest.mark.parametrize("call", [
    lambda: jitfft.FftPlan("dct", (8,)),
    lambda: jitfft.FftPlan("fft", ()),
    lambda: jitfft.FftPlan("fft", (8, 0)),
    lambda: jitfft.FftPlan("fft", (8,), precision="f8"),
    lambda: jitfft.FftPlan("fft", (8, 4), axes=(0, 0)),
    lambda: jitfft.FftPlan("fft", (8,), norm="both"),
])
def test_fft_plan_refuses_bad_arguments(call):
    with pytest.raises(ValueError):
        call()


def test_scipy_backend_serves_hermitian_transforms():
    scipy_fft = pytest.importorskip("scipy.fft")
    before = jitfft.scipy_backend.stats()
    h, r = _complex((6, 10)), RNG.standard_normal((6, 10))
    with scipy_fft.set_backend(jitfft.scipy_backend, only=True):
        got = [scipy_fft.hfft(h), scipy_fft.ihfft(r), scipy_fft.hfft2(h), scipy_fft.ihfft2(r),
               scipy_fft.hfftn(h), scipy_fft.ihfftn(r)]
    want = [scipy_fft.hfft(h), scipy_fft.ihfft(r), scipy_fft.hfft2(h), scipy_fft.ihfft2(r),
            scipy_fft.hfftn(h), scipy_fft.ihfftn(r)]
    for g, w in zip(got, want):
        assert _rel(g, w) < 1e-12
    after = jitfft.scipy_backend.stats()
    assert after["served"] - before["served"] == 6
    assert after["fallback"] == before["fallback"]
