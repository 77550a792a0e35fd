"""Shared helpers of the jitfft Python tests (run on whatever device the default rule picks:
PoCL's CPU device in CI; JITFFT_DEVICE overrides)."""

import numpy as np
import pytest


@pytest.fixture
def rng():
    # A fresh seed each run (printed on failure through the fixture's repr in -l output).
    seed = int(np.random.SeedSequence().entropy % (1 << 32))
    print(f"seed {seed}")
    return np.random.default_rng(seed)


def rel_l2(got, want):
    got = np.asarray(got, dtype=np.complex128)
    want = np.asarray(want, dtype=np.complex128)
    return float(np.linalg.norm(got - want) / np.linalg.norm(want))


def random_complex(rng, shape, dtype):
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
