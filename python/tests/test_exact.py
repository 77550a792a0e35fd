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


def test_int_digits_roundtrip():
    # The digits path (CPython's 30-bit digits repacked to 64-bit limbs and back) on sizes
    # around its 32-digit / 15-limb blocks and above the threaded size (2^15 limbs).
    from jitfft import _jitfft

    rnd = random.Random()
    sizes = [1, 29, 30, 31, 63, 64, 65, 959, 960, 961, 1920 + 7, 64 * 15 * 3 + 1]
    sizes += [64 * (1 << 15) - 3, 64 * ((1 << 16) + 17) + 5]
    values = [0, 1, -1, 2**30, 2**60 - 1, -(2**64)]
    for bits in sizes:
        x = rnd.getrandbits(bits) | 1 << (bits - 1)
        values += [x, -x]
    for x in values:
        fast, y = _jitfft._int_roundtrip(x)
        assert fast, "CPython's int layout was not recognised: the bytes path ran"
        assert type(y) is int and y == x


def test_mul_operands_not_plain_ints():
    # bool, int subclasses and __index__ objects go through operator.index (bytes where it
    # returns a subclass); the result is always a plain int.
    class Big(int):
        pass

    class Idx:
        def __index__(self):
            return 3**300

    rnd = random.Random()
    a = rnd.getrandbits(4000) | 1
    for x, y in [(True, a), (Big(a), -a), (Idx(), a), (a, Big(-7))]:
        got = jitfft.mul(x, y)
        assert type(got) is int and got == int(x.__index__()) * int(y)


def test_mul_host_steps_against_device():
    # Issue 32 on PoCL: the host's share of a repeated 2^16-limb product (conversion both
    # ways, staging) stays within half the device's end to end plus 2 ms.
    from jitfft import _jitfft

    rnd = random.Random()
    bits = 64 * 2**16
    a = rnd.getrandbits(bits) | 1 << (bits - 1)
    b = rnd.getrandbits(bits) | 1 << (bits - 1)
    jitfft.mul(a, b)
    got = jitfft.mul(a, -b)
    assert got == -(a * b)
    s = _jitfft._last_mul_steps()
    assert s["path"] == "digits" and s["limbs"] == [2**16, 2**16]
    host = s["total_ms"] - s["device_ms"]
    assert host <= 0.5 * s["device_ms"] + 2.0, s
