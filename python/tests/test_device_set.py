"""Device sets from Python (issue 45): device=[0, 0] (one device opened twice: how a set is
built on a one-device machine), "0,0", "all". vc / ivc / rvc / irvc / wht split their batch
rows over the members, each member's rows written in place in the result: the bytes of the
one-device call (the same kernels on the same device), numpy's within rounding; uneven
shares, more members than rows, out= and out=x; an injected member failure; the device=
errors every function shares."""

import os

import numpy as np
import pytest

import jitfft
from conftest import random_complex, rel_l2

def same_bytes(a, b):
    assert a.dtype == b.dtype and a.shape == b.shape
    assert a.tobytes() == b.tobytes()


@pytest.fixture
def dev0():
    """The first device's index (sets below are built of it)."""
    return jitfft.devices()[0]["index"]


def of(dev, n):
    return [dev] * n


@pytest.mark.parametrize("members", [2, 3])
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("shape,axes", [((5, 3, 3), (1, 2)), ((2, 7, 9), (0,)), ((1, 16), (1,))])
def test_vc_over_a_set_gives_the_one_device_bytes(rng, dev0, members, dtype, shape, axes):
    # Uneven shares (5 rows over 2 or 3), more members than rows (1 row, 2 rows over 3), a
    # batch axis after the transformed one (axes=(0,)).
    x = random_complex(rng, shape, dtype)
    for inverse, f, ref in ((False, jitfft.vc, np.fft.fftn), (True, jitfft.ivc, np.fft.ifftn)):
        one = f(x, axes=axes, device=dev0)
        got = f(x, axes=axes, device=of(dev0, members))
        same_bytes(got, one)
        tol = 1e-5 if dtype == np.complex64 else 1e-12
        assert rel_l2(got, ref(x, axes=axes)) < tol, inverse


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_vc_over_a_set_into_out_and_in_place(rng, dev0, dtype):
    x = random_complex(rng, (7, 3, 3), dtype)
    one = jitfft.vc(x, axes=(1, 2), device=dev0)
    out = np.zeros_like(x)
    assert jitfft.vc(x, axes=(1, 2), out=out, device=[dev0, dev0]) is out
    same_bytes(out, one)
    y = x.copy()
    assert jitfft.vc(y, axes=(1, 2), out=y, device=f"{dev0},{dev0}") is y
    same_bytes(y, one)
    # A Fortran-ordered batch runs without a copy, over the set as on one device.
    xf = np.asfortranarray(random_complex(rng, (3, 3, 4), dtype))
    same_bytes(jitfft.vc(xf, axes=(0, 1), device=[dev0, dev0]), jitfft.vc(xf, axes=(0, 1)))


def test_vc_over_a_set_refuses_nan_leaving_out_untouched(dev0):
    x = np.ones((4, 3, 3), np.complex128)
    x[3, 1, 2] = np.nan
    out = np.zeros_like(x)
    with pytest.raises(ValueError, match=r"NaN or infinite value at index \(3, 1, 2\)"):
        jitfft.vc(x, axes=(1, 2), out=out, device=[dev0, dev0])
    assert not out.any()
    y = x.copy()
    with pytest.raises(ValueError, match="NaN or infinite"):
        jitfft.vc(y, axes=(1, 2), out=y, device=[dev0, dev0])
    np.testing.assert_array_equal(y, x)  # in place: untouched
    with pytest.raises(ValueError, match=r"at index \(3, 1, 2\)"):
        jitfft.vc(x, axes=(1, 2), device=[dev0, dev0])  # each member checks its rows
    assert np.isnan(jitfft.vc(x, axes=(1, 2), device=[dev0, dev0], check_finite=False)).any()


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape,axes", [((5, 4, 4), (1, 2)), ((3, 9), (1,))])
def test_rvc_irvc_over_a_set(rng, dev0, dtype, shape, axes):
    x = rng.standard_normal(shape).astype(dtype)
    y = jitfft.rvc(x, axes=axes, device=[dev0, dev0])
    same_bytes(y, jitfft.rvc(x, axes=axes, device=dev0))
    tol = 1e-5 if dtype == np.float32 else 1e-12
    assert rel_l2(y, np.fft.rfftn(x, axes=axes)) < tol
    p = shape[axes[-1]]
    back = jitfft.irvc(y, s=[p] * len(axes), axes=axes, device=(dev0, dev0, dev0))
    same_bytes(back, jitfft.irvc(y, s=[p] * len(axes), axes=axes, device=dev0))
    assert rel_l2(back, x) < tol


def test_rvc_half_storage_over_a_set(rng, dev0):
    x = rng.standard_normal((3, 8)).astype(np.float16)
    y = jitfft.rvc(x, axes=(1,), norm="ortho", device=[dev0, dev0])
    same_bytes(y, jitfft.rvc(x, axes=(1,), norm="ortho", device=dev0))
    back = jitfft.irvc(y, axes=(1,), norm="ortho", precision="f16", device=[dev0, dev0])
    same_bytes(back, jitfft.irvc(y, axes=(1,), norm="ortho", precision="f16", device=dev0))


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_wht_over_a_set(rng, dev0, dtype):
    x = rng.standard_normal((5, 16)).astype(dtype)
    one = jitfft.wht(x, device=dev0)
    for dev in ([dev0, dev0], f"{dev0},{dev0},{dev0}"):
        same_bytes(jitfft.wht(x, device=dev), one)
    y = x.copy()
    assert jitfft.wht(y, out=y, device=[dev0, dev0]) is y
    same_bytes(y, one)
    xt = np.ascontiguousarray(x.T)  # the rows along axis 0
    same_bytes(jitfft.wht(xt, axis=0, device=[dev0, dev0]), one.T)


def test_wht_overflow_over_a_set_is_the_callers_error(dev0):
    x = np.full((4, 1024), 60000, np.float16)
    out = np.zeros_like(x)
    with pytest.raises(ValueError, match="ortho"):
        jitfft.wht(x, out=out, device=[dev0, dev0])
    assert not out.any()


def test_all_names_every_device(rng):
    x = random_complex(rng, (4, 3, 3), np.complex128)
    assert rel_l2(jitfft.vc(x, axes=(1, 2), device="all"), np.fft.fftn(x, axes=(1, 2))) < 1e-12


def test_an_injected_member_failure_names_the_member_and_the_next_call_is_right(rng, dev0):
    x = random_complex(rng, (4, 9), np.complex128)
    os.environ["JITFFT_SET_FAIL_MEMBER"] = "1"
    try:
        out = np.zeros_like(x)
        with pytest.raises(jitfft.DeviceError, match=r"device set member 1 \(device \d+"):
            jitfft.vc(x, axes=(1,), out=out, device=[dev0, dev0])
    finally:
        del os.environ["JITFFT_SET_FAIL_MEMBER"]
    same_bytes(jitfft.vc(x, axes=(1,), device=[dev0, dev0]), jitfft.vc(x, axes=(1,)))


def test_device_errors_are_uniform(dev0):
    x = np.ones((2, 4), np.complex64)
    truth = np.zeros((2, 9), np.uint8)
    count = len(jitfft.devices())
    calls = [
        lambda d: jitfft.vc(x, axes=(1,), device=d),
        lambda d: jitfft.rvc(x.real, axes=(1,), device=d),
        lambda d: jitfft.wht(x.real, device=d),
        lambda d: jitfft.bent(truth, 3, device=d),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="empty device set"):
            call([])
        with pytest.raises(ValueError, match=rf"device=\[{dev0}, {count}\]: no device {count}"):
            call([dev0, count])
        with pytest.raises(TypeError, match=r"device\[1\]=True: a bool"):
            call([dev0, True])
        with pytest.raises(TypeError, match=r"device\[0\] is a float"):
            call([0.5])
        with pytest.raises(ValueError, match=r"device\[1\]=-1: a device index is ≥ 0"):
            call([dev0, -1])
        with pytest.raises(TypeError, match="device=True: a bool"):
            call(True)
        with pytest.raises(ValueError, match="an empty member"):
            call(f"{dev0},,{dev0}")
    # numpy integers are indices; a set where nothing splits says what to do.
    same_bytes(jitfft.vc(x, axes=(1,), device=[np.int64(dev0)] * 2), jitfft.vc(x, axes=(1,)))
    with pytest.raises(ValueError, match="names a device set, which splits the batch rows"):
        jitfft.vc(np.ones((3, 3)), device=[dev0, dev0])
    with pytest.raises(ValueError, match="names a device set"):
        jitfft.wht(np.ones(8), device="all")
    with pytest.raises(ValueError, match="names a device set"):
        jitfft.irvc(np.ones(5, np.complex128), device=[dev0])
    with pytest.raises(ValueError, match="a VcPlan is built on one device"):
        jitfft.VcPlan((2, 3, 3), axes=(1, 2), device=[dev0, dev0])
    with pytest.raises(ValueError, match="runs on one device"):
        jitfft.fft(x, device=[dev0, dev0])
    with pytest.raises(ValueError, match="runs on one device"):
        jitfft.ntt([1, 2, 3, 4], device="all")
