"""jitfft.scipy_backend: scipy.fft under the backend equals scipy's own where jitfft takes the
shape, and scipy's own runs (NotImplemented) where it does not."""

import numpy as np
import pytest

import jitfft
from conftest import random_complex, rel_l2

scipy_fft = pytest.importorskip("scipy.fft")


def backend_calls():
    return jitfft.vc_layout_stats()["calls"]


@pytest.mark.parametrize(
    "name,kwargs",
    [
        ("fftn", {}),
        ("ifftn", {"norm": "ortho"}),
        ("fftn", {"axes": (0, 2)}),
        ("fft2", {"norm": "forward"}),
        ("ifft2", {}),
        ("fft", {"axis": 1}),
        ("ifft", {}),
    ],
)
def test_equal_to_scipy(rng, name, kwargs):
    x = random_complex(rng, (3, 3, 3), np.complex128)
    want = getattr(scipy_fft, name)(x, **kwargs)
    before = backend_calls()
    with scipy_fft.set_backend(jitfft.scipy_backend):
        got = getattr(scipy_fft, name)(x, workers=2, **kwargs)
    assert backend_calls() == before + 1  # jitfft ran it
    assert got.dtype == want.dtype and rel_l2(got, want) < 1e-12


def test_falls_back(rng):
    cases = [
        ("fftn", random_complex(rng, (3, 4), np.complex128), {}),  # unequal lengths
        ("fft", random_complex(rng, (300,), np.complex128), {}),  # p above 256
        ("rfft", rng.standard_normal(8), {}),  # not a jitfft transform (yet)
        ("dct", rng.standard_normal(8), {}),
        ("fftn", rng.standard_normal((3, 3)).astype(np.longdouble), {}),  # long double
        ("fftn", np.ones((3, 3), bool), {}),
    ]
    for name, x, kwargs in cases:
        want = getattr(scipy_fft, name)(x, **kwargs)
        before = backend_calls()
        with scipy_fft.set_backend(jitfft.scipy_backend):
            got = getattr(scipy_fft, name)(x, **kwargs)
        assert backend_calls() == before, name
        assert rel_l2(got, want) < 1e-12


def test_overwrite_x_and_plan(rng):
    x = random_complex(rng, (4, 3, 3), np.complex64)
    want = scipy_fft.fftn(x, axes=(1, 2))
    z = x.copy()
    with scipy_fft.set_backend(jitfft.scipy_backend):
        got = scipy_fft.fftn(z, axes=(1, 2), overwrite_x=True)
        assert got is z and rel_l2(got, want) < 2e-6
        plan = jitfft.VcPlan((4, 3, 3), axes=(1, 2))
        assert rel_l2(scipy_fft.fftn(x, axes=(1, 2), plan=plan), want) < 2e-6
        with pytest.raises(ValueError, match="plan takes shape"):
            scipy_fft.fftn(x, plan=plan)
