"""jitfft.mul against Python's own integers, jitfft.ntt and jitfft.gfp against a plain-Python
O(N²) transform (the root ω read from the device's transform of a unit vector and checked to be
a primitive N-th root of unity), bad input."""

import random

import numpy as np
import pytest

import jitfft

BN254_FR = 21888242871839275222246405745257275088548364400416034343698204186575808495617
GOLDILOCKS = 2**64 - 2**32 + 1
P3 = (2**63 + 2**34) ** 8 + 1


def plain_dft(x, w, p):
    n = len(x)
    return [sum(x[j] * pow(w, j * k, p) for j in range(n)) % p for k in range(n)]


def check_transform(run, p, n, rnd):
    unit = [0] * n
    unit[1] = 1
    w = run(unit, False)[1]  # y_k = ω^k
    assert pow(w, n, p) == 1 and pow(w, n // 2, p) == p - 1  # primitive N-th root
    x = [rnd.randrange(p) for _ in range(n)]
    y = run(x, False)
    assert y == plain_dft(x, w, p)
    inv_n = pow(n, -1, p)
    assert run(y, True) == x  # inverse: ω^−1 and N^−1
    assert run(x, True) == [v * inv_n % p for v in plain_dft(x, pow(w, -1, p), p)]


@pytest.mark.parametrize("field,p", [("bn254-fr", BN254_FR), ("goldilocks", GOLDILOCKS)])
def test_ntt_matches_plain_python(field, p):
    rnd = random.Random()
    check_transform(lambda x, inv: jitfft.ntt(x, field, inv), p, 16, rnd)


def test_ntt_limb_array():
    rnd = random.Random()
    x = [rnd.randrange(BN254_FR) for _ in range(8)]
    limbs = np.array([[(v >> (64 * i)) & (2**64 - 1) for i in range(4)] for v in x], dtype=np.uint64)
    y = jitfft.ntt(limbs)
    assert y.dtype == np.uint64 and y.shape == (8, 4)
    back = [sum(int(y[k, i]) << (64 * i) for i in range(4)) for k in range(8)]
    assert back == jitfft.ntt(x)


def test_gfp_matches_plain_python():
    rnd = random.Random()
    check_transform(lambda x, inv: jitfft.gfp(x, "p3", inv), P3, 8, rnd)


@pytest.mark.parametrize("method", ["auto", "block", "ntt"])
def test_mul_matches_python_ints(method):
    rnd = random.Random()
    cases = [(0, 5), (1, -1), (2**64 - 1, 2**64 - 1), (-(3**200), 7**150)]
    cases += [(rnd.getrandbits(rnd.randrange(1, 5000)), -rnd.getrandbits(rnd.randrange(1, 3000))) for _ in range(4)]
    for a, b in cases:
        assert jitfft.mul(a, b, method) == a * b


def test_mul_two_to_the_16_limbs():
    rnd = random.Random()
    a = rnd.getrandbits(64 * 2**16) | 1 << (64 * 2**16 - 1)
    b = rnd.getrandbits(64 * 2**16) | 1 << (64 * 2**16 - 1)
    assert jitfft.mul(a, b) == a * b


def test_exact_bad_input():
    with pytest.raises(ValueError, match="outside \\[0, p\\)"):
        jitfft.ntt([0, GOLDILOCKS], "goldilocks")
    with pytest.raises(ValueError, match="2\\^L"):
        jitfft.ntt([1, 2, 3], "goldilocks")
    with pytest.raises(ValueError):
        jitfft.ntt([1, 2], "no-such-field")
    with pytest.raises(TypeError, match="a is a float, not an integer"):
        jitfft.mul(1.5, 2)
    with pytest.raises(ValueError, match="method"):
        jitfft.mul(1, 2, "fast")
    with pytest.raises(ValueError, match="shape"):
        jitfft.ntt(np.zeros((4, 3), np.uint64))
