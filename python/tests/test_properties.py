"""Property tests (Hypothesis, issue 43): random shapes, strides, dtypes, byte orders, axes, s,
norm and out for vc/ivc/rvc/irvc/wht/VcPlan against numpy and scipy, and random operands for
the exact functions against Python's integers and plain transforms. Every call either matches
the oracle within tolerance or raises ValueError/TypeError with a message: never a wrong answer,
never OverflowError/SystemError/a crash.

Examples: a few dozen per test (each new shape builds a program on PoCL); JITFFT_EXHAUSTIVE=1
runs ten times as many over wider sizes. HYPOTHESIS_SEED=<int> replays a run."""

import os
import random

import numpy as np
import pytest
import scipy.linalg

import jitfft

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

EXHAUSTIVE = os.environ.get("JITFFT_EXHAUSTIVE") == "1"
# p of the transformed axes (every p ≤ 32 under JITFFT_EXHAUSTIVE=1) and the largest p^n.
PS = list(range(2, 33)) if EXHAUSTIVE else [2, 3, 4, 5, 7]
MAX_POINTS = 4096 if EXHAUSTIVE else 512


def examples(n):
    """`n` examples, tenfold under JITFFT_EXHAUSTIVE=1; no deadline (first calls compile)."""
    s = settings(
        max_examples=n * 10 if EXHAUSTIVE else n,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    env_seed = os.environ.get("HYPOTHESIS_SEED")
    return (lambda f: seed(int(env_seed))(s(f))) if env_seed else s


def rel_err(got, want):
    got = np.asarray(got, dtype=np.complex128)
    want = np.asarray(want, dtype=np.complex128)
    scale = max(np.linalg.norm(want), 1e-30)
    return float(np.linalg.norm(got - want) / scale)


def tolerance(dtype):
    return 1e-4 if np.dtype(dtype) in (np.complex64, np.float32, np.float16) else 1e-9


def refused(exc):
    """A refusal as the API promises: ValueError or TypeError with a message."""
    assert isinstance(exc, (ValueError, TypeError)), f"{type(exc).__name__}: {exc}"
    assert str(exc), f"{type(exc).__name__} without a message"


def attempt(f, *args, **kwargs):
    """f's result, or None where it refused (ValueError/TypeError); anything else fails."""
    try:
        return f(*args, **kwargs)
    except (ValueError, TypeError) as e:
        refused(e)
        return None


DTYPES = [
    np.complex64, np.complex128, ">c16", ">c8", np.float16, np.float32, np.float64, ">f8",
    np.int8, np.int32, np.int64, np.uint8, np.uint16,
]


@st.composite
def arrays(draw, shape, dtypes=DTYPES):
    """An array of `shape` with a random dtype (big-endian too) and layout: C, Fortran, a view
    with negative strides, or every other element of a larger array."""
    dtype = np.dtype(draw(st.sampled_from(dtypes)))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    layout = draw(st.sampled_from(["c", "f", "reversed", "strided"]))
    big = tuple(2 * d if layout == "strided" else d for d in shape)
    if dtype.kind == "c":
        base = rng.standard_normal(big) + 1j * rng.standard_normal(big)
    elif dtype.kind == "f":
        base = rng.standard_normal(big)
    else:
        base = rng.integers(0, 100, big)
    x = base.astype(dtype)
    if layout == "f":
        x = np.array(x, order="F")
    elif layout == "reversed":
        x = x[tuple(slice(None, None, -1) for _ in shape)]
    elif layout == "strided":
        x = x[tuple(slice(None, None, 2) for _ in shape)]
    assert x.shape == tuple(shape)
    return x


@st.composite
def transform_shapes(draw):
    """(shape, axes): n axes of length p, 0–2 batch axes of other lengths anywhere."""
    p = draw(st.sampled_from(PS))
    n_max = 1
    while p ** (n_max + 1) <= MAX_POINTS and n_max < 6:
        n_max += 1
    n = draw(st.integers(1, n_max))
    batch = draw(st.lists(st.integers(1, 3), max_size=2))
    shape = [p] * n
    for b in batch:
        shape.insert(draw(st.integers(0, len(shape))), b)
    order = draw(st.permutations([i for i, d in enumerate(shape) if d == p]))[:n]
    negative = draw(st.booleans())
    axes = tuple(a - len(shape) if negative else a for a in order)
    if len(set(shape)) == 1 and draw(st.booleans()):
        axes = None  # every axis
    return tuple(shape), axes


NORMS = [None, "backward", "ortho", "forward"]


@examples(30)
@given(st.data(), transform_shapes(), st.sampled_from(NORMS), st.booleans(), st.booleans())
def test_vc_matches_numpy(data, shape_axes, norm, inverse, with_out):
    shape, axes = shape_axes
    x = data.draw(arrays(shape))
    f, ref = (jitfft.ivc, np.fft.ifftn) if inverse else (jitfft.vc, np.fft.fftn)
    single = x.dtype in (np.complex64, np.float32, np.float16) or x.dtype == np.dtype(">c8")
    out_dtype = np.complex64 if single else np.complex128
    out = np.empty(shape, out_dtype) if with_out else None
    y = f(x, axes=axes, norm=norm, out=out)
    assert y.dtype == out_dtype and y.shape == shape
    if with_out:
        assert y is out
    want = ref(x.astype(np.complex128), axes=axes, norm=norm)
    assert rel_err(y, want) < tolerance(out_dtype)


def numpy2_s(s, axes, shape):
    """s as numpy ≥ 2 reads it, where -1 keeps that axis's length (jitfft's documented rule;
    numpy 1.26, the oracle here, refuses -1). Pairings numpy refuses are left for it to refuse."""
    if s is None or -1 not in s:
        return s
    if axes is None:
        if len(s) > len(shape):
            return s
        axes = range(len(shape) - len(s), len(shape))
    axes = list(axes)
    if len(axes) != len(s) or any(not -len(shape) <= a < len(shape) for a in axes):
        return s
    return [shape[a] if v == -1 else v for v, a in zip(s, axes)]


@examples(30)
@given(
    st.data(),
    st.lists(st.integers(0, 6), min_size=0, max_size=4),
    st.one_of(st.none(), st.integers(-6, 6), st.lists(st.integers(-6, 6), max_size=4)),
    st.one_of(st.none(), st.lists(st.integers(-1, 8), max_size=4)),
    st.sampled_from(NORMS + ["bogus", 3]),
    st.sampled_from(["none", "good", "shape", "dtype", "real"]),
)
def test_vc_any_arguments_match_or_refuse(data, shape, axes, s, norm, out_kind):
    """Any shape (empty and 0-d too), axes, s, norm and out: numpy's answer or a refusal."""
    x = data.draw(arrays(tuple(shape)))
    try:
        # numpy 1.26 takes a sequence of axes only; jitfft takes an int as well (documented).
        np_axes = (axes,) if isinstance(axes, int) else axes
        np_s = numpy2_s(s, np_axes, x.shape)
        want = np.fft.fftn(x.astype(np.complex128), s=np_s, axes=np_axes, norm=norm)
    except Exception:  # numpy refuses it too: jitfft must refuse, by its own rule
        want = None
    single = x.dtype in (np.complex64, np.float32, np.float16) or x.dtype == np.dtype(">c8")
    out_dtype = np.complex64 if single else np.complex128
    out_shape = want.shape if want is not None else tuple(shape)
    out = {
        "none": None,
        "good": np.empty(out_shape, out_dtype),
        "shape": np.empty(out_shape + (1,), out_dtype),
        "dtype": np.empty(out_shape, np.complex128 if single else np.complex64),
        "real": np.empty(out_shape, np.float64),
    }[out_kind]
    y = attempt(jitfft.vc, x, s=s, axes=axes, norm=norm, out=out)
    if y is not None:
        assert want is not None, "jitfft answered where numpy refused"
        assert out_kind in ("none", "good")
        assert y.shape == want.shape
        assert rel_err(y, want) < tolerance(out_dtype)


@examples(20)
@given(st.data(), transform_shapes(), st.sampled_from(NORMS))
def test_rvc_and_irvc_match_numpy(data, shape_axes, norm):
    shape, axes = shape_axes
    x = data.draw(arrays(shape, [np.float16, np.float32, np.float64, ">f8", np.int32, np.uint8]))
    y = jitfft.rvc(x, axes=axes, norm=norm)
    single = x.dtype in (np.float32, np.float16)
    want = np.fft.rfftn(x.astype(np.float64), axes=axes, norm=norm)
    assert y.shape == want.shape and y.dtype == (np.complex64 if single else np.complex128)
    # float16 stays half on the device (documented): the spectrum is stored in 16 bits.
    tol = 4e-3 if x.dtype == np.float16 else tolerance(y.dtype)
    assert rel_err(y, want) < tol
    # The inverse of numpy's half spectrum (a consistent one) is numpy's irfftn.
    p = shape[(axes or (len(shape) - 1,))[-1]]
    s = [p] * len(axes if axes is not None else shape)
    back = jitfft.irvc(want.astype(y.dtype), s=s, axes=axes, norm=norm)
    ref = np.fft.irfftn(want, s=s, axes=axes, norm=norm)
    assert back.shape == ref.shape
    assert rel_err(back, ref) < tolerance(y.dtype)
    assert rel_err(back, x.astype(np.float64)) < tol


@examples(25)
@given(
    st.data(),
    st.integers(0, 9 if EXHAUSTIVE else 7),
    st.lists(st.integers(1, 3), max_size=2),
    st.sampled_from(NORMS),
    st.booleans(),
)
def test_wht_matches_hadamard(data, k, rows, norm, negative_axis):
    n = 2**k
    shape = tuple(rows) + (n,)
    axis = data.draw(st.integers(0, len(shape) - 1))
    shape = shape[:axis] + (n,) + shape[axis:-1] if axis < len(shape) - 1 else shape
    x = data.draw(arrays(shape, [np.float16, np.float32, np.float64, ">f8", np.int16, np.uint8]))
    ax = axis - len(shape) if negative_axis else axis
    y = jitfft.wht(x, axis=ax, norm=norm)
    scale = {None: 1.0, "backward": 1.0, "ortho": n**-0.5, "forward": 1.0 / n}[norm]
    h = scipy.linalg.hadamard(n).astype(np.float64) * scale
    want = np.moveaxis(np.moveaxis(x.astype(np.float64), axis, -1) @ h, -1, axis)
    assert y.shape == shape
    tol = 3e-3 if x.dtype == np.float16 else tolerance(y.dtype)
    assert rel_err(y, want) < tol


@examples(25)
@given(st.data(), transform_shapes(), st.sampled_from(NORMS), st.booleans())
def test_vcplan_matches_numpy(data, shape_axes, norm, inverse):
    shape, axes = shape_axes
    dtype = data.draw(st.sampled_from([np.complex64, np.complex128]))
    plan = jitfft.VcPlan(shape, axes=axes, dtype=dtype, norm=norm, inverse=inverse)
    x = data.draw(arrays(shape))
    ref = np.fft.ifftn if inverse else np.fft.fftn
    y = plan.execute(x)
    assert y.dtype == dtype and y.shape == shape
    assert rel_err(y, ref(x.astype(np.complex128), axes=axes, norm=norm)) < tolerance(dtype)


@examples(40)
@given(
    st.one_of(
        st.lists(st.integers(-3, 2**65), max_size=45),
        st.integers(-5, 2**70),
        st.text(max_size=4),
        st.floats(allow_nan=True),
    ),
    st.one_of(st.none(), st.integers(-(2**70), 2**70)),
    st.integers(-(2**70), 2**70),
    st.one_of(st.none(), st.integers(-(2**70), 2**70)),
    st.one_of(st.none(), st.lists(st.integers(-50, 50), max_size=3), st.integers(-50, 50)),
)
def test_vcplan_any_arguments_refused_by_name(shape_or_p, n, batch, radix, axes):
    """Any shape, p, n, batch, radix and axes: a plan or ValueError/TypeError. Plans of more
    than 2^12 values are not built (their buffers would fill the test machine)."""
    total = None
    if isinstance(shape_or_p, list):
        total = int(np.prod([max(v, 0) for v in shape_or_p], dtype=object)) if shape_or_p else 1
    elif isinstance(shape_or_p, int) and isinstance(n, int):
        total = shape_or_p ** max(n, 0) * max(batch, 1) if 0 <= n < 200 else None
    if total is not None and 2**12 < total < 2**63:
        return  # a valid size too large to build here
    try:
        jitfft.VcPlan(shape_or_p, n, batch, axes=axes, radix=radix)
    except (ValueError, TypeError) as e:
        refused(e)
    except jitfft.DeviceError as e:  # a plan the device cannot hold: named, not a crash
        assert str(e)


def test_vcplan_overflowing_shape_is_a_value_error():
    # Found by the issue: an int64 product wrapped and reached the plan negative.
    with pytest.raises(ValueError, match="shape"):
        jitfft.VcPlan((3,) * 40)
    with pytest.raises(ValueError, match="shape"):
        jitfft.VcPlan((2**70, 3), axes=(1,))
    with pytest.raises(ValueError, match="radix"):
        jitfft.VcPlan(3, 2, radix=-1)
    # Found by CI's Hypothesis run: two negative lengths make a positive product; the plan of
    # 2**41 transforms it built filled the runner's memory.
    with pytest.raises(ValueError, match="negative"):
        jitfft.VcPlan((-2, -(2**40), 5, 5), axes=(2, 3))
    # ... and VcPlan(3, 10**9) built a tuple of 10**9 lengths before it could refuse them.
    with pytest.raises(ValueError, match="n=1000000000"):
        jitfft.VcPlan(3, 10**9)


def plain_dft(x, w, p):
    n = len(x)
    return [sum(x[j] * pow(w, j * k, p) for j in range(n)) % p for k in range(n)]


FIELDS = {
    "goldilocks": 2**64 - 2**32 + 1,
    "bn254-fr": 21888242871839275222246405745257275088548364400416034343698204186575808495617,
}


@examples(20)
@given(st.sampled_from(sorted(FIELDS)), st.integers(1, 4), st.integers(0, 2**32 - 1))
def test_ntt_matches_plain_transform(field, log_n, seed_):
    p, n = FIELDS[field], 2**log_n
    rnd = random.Random(seed_)
    unit = [0] * n
    unit[1 % n] = 1
    w = jitfft.ntt(unit, field)[1 % n]
    assert pow(w, n, p) == 1
    x = [rnd.randrange(p) for _ in range(n)]
    y = jitfft.ntt(x, field)
    assert y == plain_dft(x, w, p)
    assert jitfft.ntt(y, field, True) == x


@examples(20)
@given(st.integers(1, 3), st.integers(0, 2**32 - 1))
def test_gfp_matches_plain_transform(log_n, seed_):
    p, n = (2**63 + 2**34) ** 8 + 1, 2**log_n
    rnd = random.Random(seed_)
    unit = [0] * n
    unit[1 % n] = 1
    w = jitfft.gfp(unit, "p3")[1 % n]
    x = [rnd.randrange(p) for _ in range(n)]
    assert jitfft.gfp(x, "p3") == plain_dft(x, w, p)
    assert jitfft.gfp(jitfft.gfp(x, "p3"), "p3", True) == x


@examples(40)
@given(st.integers(-(2**3000), 2**3000), st.integers(-(2**3000), 2**3000),
       st.sampled_from(["auto", "block", "ntt"]))
def test_mul_matches_python(a, b, method):
    assert jitfft.mul(a, b, method) == a * b


@examples(40)
@given(
    st.one_of(
        st.lists(st.integers(-(2**260), 2**260), max_size=9),
        st.lists(st.floats(), max_size=4),
        st.text(max_size=4),
        st.integers(),
    ),
    st.sampled_from(sorted(FIELDS) + ["nope", ""]),
)
def test_exact_bad_operands_refused(values, field):
    """Values outside [0, p), lengths not 2^L, other types, unknown fields: ValueError/TypeError."""
    attempt(jitfft.ntt, values, field)
    attempt(jitfft.gfp, values, "p3")
    if isinstance(values, list) and values:
        attempt(jitfft.mul, values[0], values[-1], field if field else "auto")


def bent_reference(truth, p):
    """Every |S|² = p^n of ε^f, from numpy's FFT of the (p,)*n table."""
    n = truth.ndim
    s = np.fft.fftn(np.exp(2j * np.pi * truth / p))
    return bool(np.allclose(np.abs(s) ** 2, p**n, rtol=1e-6, atol=1e-6))


@examples(30)
@given(st.sampled_from([2, 3, 5]), st.integers(1, 3), st.integers(0, 2**32 - 1), st.booleans())
def test_bent_matches_reference(p, n, seed_, quadratic):
    rng = np.random.default_rng(seed_)
    if quadratic and p > 2:
        # x·A·x with a random symmetric A: bent where A is nonsingular mod p.
        a = rng.integers(0, p, (n, n))
        a = (a + a.T) % p
        grid = np.indices((p,) * n).reshape(n, -1).T
        truth = (np.einsum("ki,ij,kj->k", grid, a, grid) % p).reshape((p,) * n)
    else:
        truth = rng.integers(0, p, (p,) * n)
    if p == 2 and n % 2:
        # No Boolean function of an odd number of variables is bent: refused, by name.
        with pytest.raises(ValueError, match="even n"):
            jitfft.bent(truth.astype(np.uint8), p)
        return
    got = jitfft.bent(truth.astype(np.uint8), p)
    assert bool(got) == bent_reference(truth, p)
