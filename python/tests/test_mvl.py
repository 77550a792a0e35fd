"""jitfft.bent / spectrum_stats / autocorr against numpy: bent verdicts from numpy.fft.fftn of
ε^f, quadratic forms over GF(3) (nondegenerate ones are bent), random functions (almost never
bent), the autocorrelation summed directly; bad truth vectors."""

import itertools

import numpy as np
import pytest

import jitfft


def points(p, n):
    """Every x in GF(p)^n, row-major (the truth vector's order)."""
    return np.array(list(itertools.product(range(p), repeat=n)), dtype=np.int64)


def numpy_bent(truth, p, n):
    eps = np.exp(2j * np.pi * truth.reshape((-1,) + (p,) * n) / p)
    s2 = np.abs(np.fft.fftn(eps, axes=tuple(range(1, n + 1)))) ** 2
    return np.all(np.abs(s2 - p**n) < 1e-6, axis=tuple(range(1, n + 1)))


def quadratic_forms(rng, count, p, n):
    """f(x) = xᵀAx + bᵀx + c over GF(p) with A symmetric and det A ≠ 0 mod p."""
    xs = points(p, n)
    out = []
    while len(out) < count:
        m = rng.integers(0, p, size=(n, n))
        a = (m + m.T) % p if p != 2 else m
        if round(np.linalg.det(a)) % p == 0:
            continue
        b = rng.integers(0, p, size=n)
        c = rng.integers(0, p)
        f = (np.einsum("ki,ij,kj->k", xs, a, xs) + xs @ b + c) % p
        out.append(f)
    return np.array(out, dtype=np.uint8)


def test_quadratic_forms_bent_random_not(rng):
    p, n = 3, 4
    quad = quadratic_forms(rng, 40, p, n)
    rand = rng.integers(0, p, size=(200, p**n), dtype=np.uint8)
    truth = np.concatenate([quad, rand])
    got = jitfft.bent(truth, p)
    assert got.dtype == np.bool_ and got.shape == (240,)
    assert got[:40].all()  # every nondegenerate quadratic form is bent
    assert got[40:].sum() <= 2  # random functions almost never are
    assert (got == numpy_bent(truth, p, n)).all()
    # The same functions as (B,)+(p,)*n int64, in f32.
    got32 = jitfft.bent(truth.astype(np.int64).reshape((240,) + (p,) * n), p, precision="f32")
    assert (got32 == got).all()


def test_every_ternary_function_of_two_variables():
    truth = points(3, 9).astype(np.uint8)  # all 3^9 = 19,683 functions of 2 variables
    got, rep = jitfft.bent(truth, 3, report=True)
    assert int(got.sum()) == 486 == rep["bent_count"] and rep["functions"] == 19683
    assert rep["exact"] and rep["kernel_ms"] > 0 and rep["kernels"]
    assert (got == numpy_bent(truth, 3, 2)).all()


def test_single_function_gives_a_scalar():
    xs = points(3, 2)
    f = ((xs[:, 0] ** 2 + xs[:, 1] ** 2) % 3).reshape(3, 3)
    r = jitfft.bent(f, 3)
    assert r.shape == () and bool(r)


def test_spectrum_stats_and_autocorr(rng):
    p, n = 3, 3
    truth = rng.integers(0, p, size=(5, p**n), dtype=np.uint8)
    eps = np.exp(2j * np.pi * truth.reshape((5,) + (p,) * n) / p)
    s = np.abs(np.fft.fftn(eps, axes=(1, 2, 3))).reshape(5, -1)
    st = jitfft.spectrum_stats(truth, p, bins=8)
    assert np.allclose(st["max_abs"], s.max(axis=1), rtol=1e-9)
    assert np.allclose(st["min_abs"], s.min(axis=1), atol=1e-6)
    assert [sum(h) for h in st["histogram"]] == [p**n] * 5
    assert st["zeros"] == [int(np.sum(r < 1e-6)) for r in s]
    r = jitfft.autocorr(truth, p)
    assert r.shape == truth.shape
    # R_f(τ) = Σ_x ε^(f(x ⊕ τ) − f(x)), summed directly.
    f = truth.reshape((5,) + (p,) * n).astype(np.int64)
    want = np.empty((5, p**n), dtype=np.complex128)
    for k, tau in enumerate(itertools.product(range(p), repeat=n)):
        shifted = np.roll(f, shift=[-t for t in tau], axis=(1, 2, 3))
        want[:, k] = np.exp(2j * np.pi * (shifted - f) / p).reshape(5, -1).sum(axis=1)
    assert np.abs(r - want).max() < 1e-9 * p**n


def test_bad_truth_vectors():
    with pytest.raises(ValueError, match="function 1: the value at position 2"):
        jitfft.bent(np.array([[0] * 9, [0, 1, 5] + [0] * 6], dtype=np.int64), 3)
    with pytest.raises(ValueError, match="function 0: the value at position 4 is outside"):
        jitfft.bent(np.array([0, 1, 2, 0, 3, 0, 0, 0, 0], dtype=np.uint8), 3)  # found on the device
    with pytest.raises(ValueError, match="dtype float64"):
        jitfft.bent(np.zeros((2, 9)), 3)
    with pytest.raises(ValueError, match="not p\\^n"):
        jitfft.bent(np.zeros((2, 10), np.uint8), 3)
    with pytest.raises(ValueError, match="p ≥ 2"):
        jitfft.bent(np.zeros(4, np.uint8), 1)


def test_bent_over_a_device_set(rng):
    """device=[0, 0] (one device opened twice) and "0,0,0" split the functions: the one-device
    verdicts, the report's device_set; an empty set and a set on a one-device function refused."""
    funcs = np.concatenate([quadratic_forms(rng, 5, 3, 4), rng.integers(0, 3, (6, 81), dtype=np.uint8)])
    one = jitfft.bent(funcs, 3)
    for dev in ([0, 0], "0,0,0", [0, 0, 0, 0]):
        got, rep = jitfft.bent(funcs, 3, device=dev, report=True)
        assert np.array_equal(got, one), dev
        assert rep["bent_count"] == int(one.sum()) == 5
        assert len(rep["device_set"]["shares"]) == min(rep["device_set"]["members"], len(funcs))
    with pytest.raises(ValueError, match="empty device set"):
        jitfft.bent(funcs, 3, device=[])
    with pytest.raises(ValueError, match="runs on one device"):
        jitfft.spectrum_stats(funcs, 3, device=[0, 0])
