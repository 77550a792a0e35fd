"""numpy's conventions for the real Walsh–Hadamard transform: ``wht`` (rows of 2^k values
along one axis, the other axes a batch).

This file settles the arguments (axis, norm, dtype, out, device) and the layout (the
transformed axis innermost and contiguous, as ``jitfft._fft`` does for vc); the transform runs
natively (``jitfft._jitfft._wht``, the library's ``WhtTransform``) with the GIL released.
"""

import operator

import numpy as np

from . import _jitfft
from ._fft import _Layout, _check_out, _device_set, _needs_rows, _run

_NORMS = (None, "backward", "ortho", "forward")
_PRECISION = {2: "f16", 4: "f32", 8: "f64"}


def _dtype(dtype):
    """The result's dtype: float16/32/64 stay, integers become float64; complex, bool,
    object, string and long double input is refused."""
    if dtype.kind == "c":
        raise TypeError(
            f"x has dtype {dtype}: the Walsh–Hadamard transform takes real input (jitfft "
            "refuses complex input rather than drop its imaginary part; transform x.real and "
            "x.imag separately)"
        )
    if dtype.kind == "f" and dtype.itemsize in _PRECISION:
        return dtype.newbyteorder("=")
    if dtype.kind in "iu":
        return np.dtype(np.float64)
    raise TypeError(
        f"x has dtype {dtype}: use float16, float32, float64 or an integer array (integers "
        "are converted to float64; bool, object, string and long double arrays are refused)"
    )


def _axis(ndim, axis):
    try:
        a = operator.index(axis)
    except TypeError:
        raise TypeError(f"axis={axis!r}: use an int") from None
    if not -ndim <= a < ndim:
        raise ValueError(
            f"axis={a} is out of range for an array of {ndim} dimension(s) "
            f"(allowed {-ndim}..{ndim - 1})"
        )
    return a % ndim


_wht_layout = _Layout()


def wht(x, axis=-1, norm=None, out=None, *, device=None):
    """The real Walsh–Hadamard transform along ``axis``: every row of length N = 2^k times the
    Sylvester Hadamard matrix in natural order, ``scipy.linalg.hadamard(N) @ row``, for every
    index of the other (batch) axes.

    norm (numpy's convention for the forward direction): None/"backward" no scaling, "ortho"
    1/sqrt(N) (then wht is its own inverse), "forward" 1/N. The inverse of norm=None is
    wht(y, norm="forward"), and vice versa. float32 and float64 stay in their dtype; float16
    stays float16 (stored in half, computed in float32 on the device); integer input is
    converted to float64. Complex input raises TypeError (numpy would drop the imaginary part;
    jitfft refuses), as do bool and object arrays. A row length that is not a power of two
    raises ValueError naming it; NaN or infinite input raises ValueError; a float16 (or
    float32) result that overflows raises ValueError (use norm="ortho"), leaving ``out``
    untouched. out: an array of x's shape and the result's dtype (out=x: in place). device: an
    index or a string (index, name substring, "gpu", "cpu"), or a device set ([0, 1], "all",
    "0,1"): the rows split over its members as for jitfft.vc (x needs a batch axis). Plans come
    from the device's plan cache (kind "wht").
    """
    x = np.asarray(x)
    dtype = _dtype(x.dtype)
    if x.ndim == 0:
        raise ValueError("x is a scalar: wht transforms rows of 2^k values along an axis")
    a = _axis(x.ndim, axis)
    if not (norm is None or isinstance(norm, str)) or norm not in _NORMS:
        raise ValueError(
            f"norm={norm!r}: use None/'backward' (no scaling), 'ortho' (1/sqrt(N)) or "
            "'forward' (1/N)"
        )
    dev, is_set = _device_set(device)
    _needs_rows(device, is_set, x.shape, (a,))
    _check_out(out, x.shape, dtype)
    n = x.shape[a]
    if n < 1 or n & (n - 1):
        raise ValueError(
            f"axis {a} has length {n}: the Walsh–Hadamard transform takes rows of 2^k values "
            "(pad or crop the axis to a power of two)"
        )
    if n == 1 or x.size == 0:
        # H_1 = [1] under every norm; no rows: nothing to transform.
        res = x.astype(dtype)
        if out is None:
            return res
        out[...] = res
        return out
    log_n = n.bit_length() - 1
    batch = x.size // n
    prec = _PRECISION[dtype.itemsize]

    def native(flat, flat_out, _finite):
        if prec == "f16":
            res = _jitfft._wht(flat.view(np.uint16),
                               None if flat_out is None else flat_out.view(np.uint16),
                               log_n, batch, prec, norm, dev)
            return res.view(np.float16)
        return _jitfft._wht(flat, flat_out, log_n, batch, prec, norm, dev)

    return _run(native, x, (a,), dtype, out, _wht_layout, True)
