"""numpy.fft's real-input conventions for the VC transform: ``rvc`` ≡ numpy.fft.rfftn and
``irvc`` ≡ numpy.fft.irfftn over axes of one length p (the last of ``axes`` is the halved one).

The arguments (axes, s, norm, dtype, out) are settled here as in ``jitfft.vc``; the transform
runs natively (``jitfft._jitfft._rvc``, the library's ``vc::real``) with the GIL released,
float32 and float64 in their own dtype through the plan's pinned staging.
"""

import numpy as np

from . import _jitfft
from ._fft import (
    MAX_P, _axes, _check_out, _device_set, _native_norm, _needs_rows, _one_length, _resized,
)


_PRECISIONS = ("f32", "f64", "f16", "bf16")


def _real_precision(dtype, precision):
    if precision is not None:
        if precision not in _PRECISIONS:
            raise ValueError(f"precision={precision!r}: use 'f32', 'f64', 'f16' or 'bf16'")
        return precision
    if dtype == np.float16:
        # Stays half on the device: stored in 16 bits, computed in f32.
        return "f16"
    if dtype.kind == "f" and dtype.itemsize <= 4:
        return "f32"
    if (dtype.kind == "f" and dtype.itemsize == 8) or dtype.kind in "iu":
        return "f64"
    raise TypeError(
        f"x has dtype {dtype}: rvc takes a real float or integer array (float16/float32 → "
        "complex64, float64/integers → complex128)"
    )


def _finite(x, check_finite):
    if check_finite and not np.all(np.isfinite(x)):
        bad = np.argwhere(~np.isfinite(x))
        raise ValueError(
            f"x has a NaN or infinite value at index {tuple(int(i) for i in bad[0])}: jitfft "
            "refuses them (numpy propagates them); pass check_finite=False to transform them"
        )


# Each precision's host dtypes (the native call's in and out, the result's): f32 and f64 run
# natively in their own dtype through the pinned staging, the finiteness test folded into its
# copy; half storage goes through float64 and numpy's finiteness test.
_REAL = {"f32": np.float32, "f64": np.float64}
_COMPLEX = {"f32": np.complex64, "f64": np.complex128}


def _native(flat, p, n, batch, prec, inverse, norm, device, check_finite):
    """The native run of a contiguous 1-D real array (a complex one as its reals)."""
    if prec not in _REAL:
        _finite(flat, check_finite)
        return _jitfft._rvc(flat.view(np.float64), p, n, batch, prec, inverse, norm, device)
    try:
        return _jitfft._rvc(flat.view(_REAL[prec]), p, n, batch, prec, inverse, norm, device,
                            check_finite)
    except ValueError as e:
        if "NaN or infinite" in str(e):
            _finite(flat, True)
        raise


def _finish(y, axes, n, out):
    y = np.moveaxis(y, range(y.ndim - n, y.ndim), axes)
    if out is None:
        return y
    _check_out(out, y.shape, y.dtype)
    out[...] = y
    return out


def rvc(x, s=None, axes=None, norm=None, out=None, *, device=None, precision=None,
        check_finite=True):
    """The VC transform of real input: numpy.fft.rfftn(x, s, axes, norm, out) over axes of one
    length p. The last of ``axes`` is halved to p//2 + 1 bins. float16/float32 input gives
    complex64, float64 and integers complex128; float16 stays half on the device (stored in
    16 bits, computed in f32; precision="f32" computes it as float32). A result above
    65504 (float16's largest) raises: use norm="ortho". Complex input is refused (numpy drops
    the imaginary part with a warning; pass x.real). device: one device, or a device set
    ([0, 1], "all", "0,1") whose members split the batch rows as for jitfft.vc."""
    x = np.asarray(x)
    if x.dtype.kind == "c":
        raise TypeError(
            f"x is complex ({x.dtype}): rvc takes real input. numpy.fft.rfftn would drop the "
            "imaginary part with a warning; jitfft refuses (pass x.real, or use jitfft.vc)"
        )
    prec = _real_precision(x.dtype, precision)
    axes = _axes(x.ndim, axes, s)
    if s is not None:
        x = _resized(x, s, axes)
    if not axes:
        raise ValueError("rvc needs at least one axis to transform")
    dev, is_set = _device_set(device)
    _needs_rows(device, is_set, x.shape, axes)
    p = _one_length(x.shape, axes)
    if not 2 <= p <= MAX_P:
        raise ValueError(f"axes {axes} have length p = {p}; rvc takes 2 ≤ p ≤ {MAX_P}")
    n = len(axes)
    xt = np.moveaxis(x, axes, range(x.ndim - n, x.ndim))
    lead = xt.shape[: x.ndim - n]
    batch = int(np.prod(lead, dtype=np.int64))
    flat = np.ascontiguousarray(xt, dtype=_REAL.get(prec, np.float64)).reshape(-1)
    res = _native(flat, p, n, batch, prec, False, _native_norm(norm, False), dev, check_finite)
    dtype = np.complex128 if prec == "f64" else np.complex64
    y = res.view(_COMPLEX.get(prec, np.complex128)).astype(dtype, copy=False)
    y = y.reshape(lead + (p,) * (n - 1) + (p // 2 + 1,))
    return _finish(y, axes, n, out)


def irvc(y, s=None, axes=None, norm=None, out=None, *, device=None, precision=None,
         check_finite=True):
    """The inverse of rvc: numpy.fft.irfftn(y, s, axes, norm, out) over axes of one length p
    (s[-1], else 2·(m − 1) for a last axis of m bins, as numpy). complex64 gives float32,
    complex128 float64; precision="f16" (or "bf16") stores the run in 16 bits on the device and
    gives float16 (bf16: float32). A half spectrum whose shape does not fit (p,)*(n−1) + (p//2+1,) is
    refused with the shape expected."""
    y = np.asarray(y)
    if y.dtype.kind not in "cfiu":
        raise TypeError(f"y has dtype {y.dtype}: irvc takes a complex half spectrum")
    prec = precision or ("f32" if y.dtype in (np.complex64, np.float32, np.float16) else "f64")
    if prec not in _PRECISIONS:
        raise ValueError(f"precision={precision!r}: use 'f32', 'f64', 'f16' or 'bf16'")
    axes = _axes(y.ndim, axes, s)
    if not axes:
        raise ValueError("irvc needs at least one axis to transform")
    dev, is_set = _device_set(device)
    _needs_rows(device, is_set, y.shape, axes, "y")
    n = len(axes)
    if s is not None:
        s = list(s)
        p = s[-1]
        y = _resized(y, s[:-1] + [p // 2 + 1], axes)
    else:
        p = 2 * (y.shape[axes[-1]] - 1)
        if n > 1:
            p = y.shape[axes[0]]
    h = p // 2 + 1
    want = tuple((h if a == axes[-1] else p) if a in axes else y.shape[a] for a in range(y.ndim))
    if p < 2 or y.shape != want:
        raise ValueError(
            f"y has shape {y.shape}: the half spectrum of (p,)*{n} over axes {axes} for p = {p} "
            f"has shape {want} (numpy's rfftn layout: the last axis p//2+1 = {h}); pass s= "
            "for another p"
        )
    if p > MAX_P:
        raise ValueError(f"p = {p}: irvc takes p ≤ {MAX_P}")
    yt = np.moveaxis(y, axes, range(y.ndim - n, y.ndim))
    lead = yt.shape[: y.ndim - n]
    batch = int(np.prod(lead, dtype=np.int64))
    flat = np.ascontiguousarray(yt, dtype=_COMPLEX.get(prec, np.complex128)).reshape(-1)
    res = _native(flat, p, n, batch, prec, True, _native_norm(norm, True), dev, check_finite)
    dtype = {"f32": np.float32, "f64": np.float64, "f16": np.float16, "bf16": np.float32}[prec]
    x = res.astype(dtype, copy=False).reshape(lead + (p,) * n)
    return _finish(x, axes, n, out)
