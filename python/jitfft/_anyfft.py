"""numpy.fft's transforms of any shape and length on the device: ``fft``, ``ifft``, ``fft2``,
``ifft2``, ``fftn``, ``ifftn``, ``rfft``, ``irfft``, ``rfft2``, ``irfft2``, ``rfftn``, ``irfftn``
with numpy's signatures (``n``/``s``, ``axis``/``axes``, ``norm``, ``out``) and dtypes
(complex64 and float32 in f32, the rest in f64; ``precision=`` overrides: also ``"f16"`` or
``"bf16"``, every device array stored in 16 bits and computed in f32, half the bytes a pass of
f32's, complex results as complex64 and irfft's real ones as float16 / float32), plus
``device=``.

Every length runs: mixed-radix passes over the factors, Bluestein's chirp convolution where a
prime factor exceeds the codelets (``jitfft::fft``). ``n``/``s`` crop or zero-pad the input
as numpy does. The array goes to the device in C order in the plan's precision (complex64 for
f32, complex128 for f64; rfftn: float64); the transformed axes may be any, in any order. Plans
stay in the device plan cache, each with the schedule ``jitfft tune fft`` stored for its device
and run, if any (as the CLI's ``fft``).
"""

import operator

import numpy as np

from . import _fft, _jitfft


def _norm(norm):
    if not (norm is None or isinstance(norm, str)) or norm not in _fft._NORMS:
        raise ValueError(
            f"norm={norm!r}: use None, 'backward', 'ortho' or 'forward' (numpy.fft's meanings)"
        )
    return norm or "backward"


_HALF = ("f16", "bf16")


def _prec(precision, dtype):
    """The run's precision: 'f32', 'f64' (from precision= or numpy 2's rule for the dtype), or
    'f16' / 'bf16' (16-bit storage) where precision= names one."""
    if isinstance(precision, str) and precision in _HALF:
        return precision
    try:
        return _fft._precision(precision, dtype)
    except ValueError:
        raise ValueError(
            f"precision={precision!r}: use 'f32' / np.complex64, 'f64' / np.complex128, or "
            "'f16' / 'bf16' (stored in 16 bits on the device, computed in f32)"
        ) from None


def _host(prec):
    """The complex dtype that crosses to the device: the plan's own for f32 and f64 (no
    conversion on the host), complex128 for 16-bit storage (rounded on the device's side)."""
    return np.complex64 if prec == "f32" else np.complex128


def _out_dtype(prec, real=False):
    """The result's dtype: complex64 / complex128 as numpy's, complex64 under 16-bit storage;
    a real result (irfft) float32 / float64, float16 under f16 and float32 under bf16."""
    if real:
        return {"f32": np.float32, "f64": np.float64, "f16": np.float16, "bf16": np.float32}[prec]
    return np.complex128 if prec == "f64" else np.complex64


def _input(a, real_input):
    x = np.asarray(a)
    kind, size = x.dtype.kind, x.dtype.itemsize
    if kind == "b" or kind not in "fciu" or (kind == "f" and size > 8) or (kind == "c" and size > 16):
        raise TypeError(
            f"a has dtype {x.dtype}: use a complex, real float or integer array "
            "(float16/32/64, complex64/128, ints)"
        )
    if real_input and kind == "c":
        raise TypeError(f"a has dtype {x.dtype}: rfft/rfftn take real input (use fft/fftn)")
    return x


def _axes_s(ndim, s, axes, default_all=True):
    """numpy's rule for (s, axes): both given must have one length; s alone takes the last
    len(s) axes; axes alone keeps the lengths."""
    if axes is None:
        if s is None:
            axes = list(range(ndim)) if default_all else [ndim - 1]
        else:
            axes = list(range(ndim - len(s), ndim))
    else:
        axes = [operator.index(a) for a in (axes if np.iterable(axes) else [axes])]
    for a in axes:
        if not -ndim <= a < ndim:
            raise ValueError(f"axis {a} is out of range for an array of {ndim} axes")
    axes = [a % ndim for a in axes]
    if len(set(axes)) != len(axes):
        raise ValueError(f"axes {axes} name an axis twice: name each axis once")
    if s is not None:
        s = [operator.index(v) for v in s]
        if len(s) != len(axes):
            raise ValueError(f"s has {len(s)} lengths for {len(axes)} axes: give one per axis")
        for v in s:
            if v < 1 and v != -1:
                raise ValueError(f"s = {s}: every length must be ≥ 1 (or -1 to keep it)")
    return s, axes


def _resize(x, axes, lengths):
    """x cropped or zero-padded to `lengths` along `axes` (numpy's n/s)."""
    for a, n in zip(axes, lengths):
        have = x.shape[a]
        if n < have:
            x = x[(slice(None),) * a + (slice(0, n),)]
        elif n > have:
            pad = [(0, 0)] * x.ndim
            pad[a] = (0, n - have)
            x = np.pad(x, pad)
    return x


def _finish(y, dtype, out):
    y = y.astype(dtype, copy=False)
    if out is None:
        return y
    if not isinstance(out, np.ndarray) or out.shape != y.shape or out.dtype != dtype:
        raise ValueError(
            f"out must be an ndarray of shape {y.shape} and dtype {dtype}, not "
            f"{getattr(out, 'shape', None)} {getattr(out, 'dtype', type(out).__name__)}"
        )
    out[...] = y
    return out


def _complex(a, s, axes, norm, out, inverse, precision, device, default_all=True):
    x = _input(a, False)
    if x.ndim == 0:
        raise ValueError("a is 0-d: the transform needs at least one axis")
    s, axes = _axes_s(x.ndim, s, axes, default_all)
    norm = _norm(norm)
    prec = _prec(precision, x.dtype)
    if s is not None:
        x = _resize(x, axes, [x.shape[a] if v == -1 else v for a, v in zip(axes, s)])
    if 0 in x.shape:
        raise ValueError(f"a has shape {x.shape}: every length must be ≥ 1")
    flat = np.ascontiguousarray(x, dtype=_host(prec)).reshape(-1)
    y = _jitfft._fftn(flat, list(x.shape), axes, prec, inverse, norm, _fft._device(device))
    return _finish(y.reshape(x.shape), _out_dtype(prec), out)


def fft(a, n=None, axis=-1, norm=None, out=None, *, precision=None, device=None):
    """numpy.fft.fft on the device (any n)."""
    return _complex(a, None if n is None else [n], [axis], norm, out, False, precision, device)


def ifft(a, n=None, axis=-1, norm=None, out=None, *, precision=None, device=None):
    """numpy.fft.ifft on the device (any n)."""
    return _complex(a, None if n is None else [n], [axis], norm, out, True, precision, device)


def fftn(a, s=None, axes=None, norm=None, out=None, *, precision=None, device=None):
    """numpy.fft.fftn on the device (any shape)."""
    return _complex(a, s, axes, norm, out, False, precision, device)


def ifftn(a, s=None, axes=None, norm=None, out=None, *, precision=None, device=None):
    """numpy.fft.ifftn on the device (any shape)."""
    return _complex(a, s, axes, norm, out, True, precision, device)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None, *, precision=None, device=None):
    """numpy.fft.fft2 on the device."""
    return _complex(a, s, axes, norm, out, False, precision, device)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None, *, precision=None, device=None):
    """numpy.fft.ifft2 on the device."""
    return _complex(a, s, axes, norm, out, True, precision, device)


def _real_forward(a, s, axes, norm, out, precision, device):
    x = _input(a, True)
    if x.ndim == 0:
        raise ValueError("a is 0-d: the transform needs at least one axis")
    s, axes = _axes_s(x.ndim, s, axes)
    if not axes:
        raise ValueError("axes is empty: rfftn needs at least one axis")
    if s is not None:
        x = _resize(x, axes, [x.shape[a] if v == -1 else v for a, v in zip(axes, s)])
    if 0 in x.shape:
        raise ValueError(f"a has shape {x.shape}: every length must be ≥ 1")
    prec = _prec(precision, x.dtype)
    flat = np.ascontiguousarray(x, dtype=np.float64).reshape(-1)
    y = _jitfft._rfftn(flat, list(x.shape), axes, prec, _norm(norm), _fft._device(device))
    half = list(x.shape)
    half[axes[-1]] = half[axes[-1]] // 2 + 1
    return _finish(y.reshape(half), _out_dtype(prec), out)


def _real_inverse(a, s, axes, norm, out, precision, device):
    x = _input(a, False)
    if x.ndim == 0:
        raise ValueError("a is 0-d: the transform needs at least one axis")
    s, axes = _axes_s(x.ndim, s, axes)
    if not axes:
        raise ValueError("axes is empty: irfftn needs at least one axis")
    lengths = [x.shape[a] for a in axes]
    lengths[-1] = 2 * (lengths[-1] - 1)
    if s is not None:
        lengths = [m if v == -1 else v for m, v in zip(lengths, s)]
    if min(lengths) < 1:
        raise ValueError(f"the output lengths {lengths} must be ≥ 1 (give s or n)")
    half = list(lengths)
    half[-1] = lengths[-1] // 2 + 1
    x = _resize(x, axes, half)
    shape = list(x.shape)
    shape[axes[-1]] = lengths[-1]
    if 0 in shape:
        raise ValueError(f"a has shape {x.shape}: every length must be ≥ 1")
    prec = _prec(precision, x.dtype)
    flat = np.ascontiguousarray(x, dtype=_host(prec)).reshape(-1)
    y = _jitfft._irfftn(flat, shape, axes, prec, _norm(norm), _fft._device(device))
    return _finish(y.reshape(shape), _out_dtype(prec, real=True), out)


def rfft(a, n=None, axis=-1, norm=None, out=None, *, precision=None, device=None):
    """numpy.fft.rfft on the device (any n)."""
    return _real_forward(a, None if n is None else [n], [axis], norm, out, precision, device)


def irfft(a, n=None, axis=-1, norm=None, out=None, *, precision=None, device=None):
    """numpy.fft.irfft on the device (any n)."""
    return _real_inverse(a, None if n is None else [n], [axis], norm, out, precision, device)


def rfftn(a, s=None, axes=None, norm=None, out=None, *, precision=None, device=None):
    """numpy.fft.rfftn on the device (any shape)."""
    return _real_forward(a, s, axes, norm, out, precision, device)


def irfftn(a, s=None, axes=None, norm=None, out=None, *, precision=None, device=None):
    """numpy.fft.irfftn on the device (any shape)."""
    return _real_inverse(a, s, axes, norm, out, precision, device)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None, *, precision=None, device=None):
    """numpy.fft.rfft2 on the device."""
    return _real_forward(a, s, axes, norm, out, precision, device)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None, *, precision=None, device=None):
    """numpy.fft.irfft2 on the device."""
    return _real_inverse(a, s, axes, norm, out, precision, device)


# Hermitian transforms: numpy's (and scipy's) definitions through the real ones, the norm's
# direction swapped: hfft(a) = irfft(conj(a)), ihfft(a) = conj(rfft(a)).
_SWAP = {"backward": "forward", "ortho": "ortho", "forward": "backward"}


def hfft(a, n=None, axis=-1, norm=None, out=None, *, precision=None, device=None):
    """numpy.fft.hfft on the device: the real spectrum of a Hermitian signal's half (any n)."""
    x = _input(a, False)
    return _real_inverse(np.conjugate(x), None if n is None else [n], [axis],
                         _SWAP[_norm(norm)], out, precision, device)


def ihfft(a, n=None, axis=-1, norm=None, out=None, *, precision=None, device=None):
    """numpy.fft.ihfft on the device: the half of the Hermitian inverse of a real signal."""
    y = _real_forward(a, None if n is None else [n], [axis], _SWAP[_norm(norm)], out,
                      precision, device)
    return np.conjugate(y, out=y)


def hfftn(a, s=None, axes=None, norm=None, out=None, *, precision=None, device=None):
    """scipy.fft.hfftn on the device: irfftn of the conjugate, the norm's direction swapped."""
    return _real_inverse(np.conjugate(_input(a, False)), s, axes, _SWAP[_norm(norm)], out,
                         precision, device)


def ihfftn(a, s=None, axes=None, norm=None, out=None, *, precision=None, device=None):
    """scipy.fft.ihfftn on the device: the conjugate of rfftn, the norm's direction swapped."""
    y = _real_forward(a, s, axes, _SWAP[_norm(norm)], out, precision, device)
    return np.conjugate(y, out=y)


def hfft2(a, s=None, axes=(-2, -1), norm=None, out=None, *, precision=None, device=None):
    """scipy.fft.hfft2 on the device."""
    return hfftn(a, s, axes, norm, out, precision=precision, device=device)


def ihfft2(a, s=None, axes=(-2, -1), norm=None, out=None, *, precision=None, device=None):
    """scipy.fft.ihfft2 on the device."""
    return ihfftn(a, s, axes, norm, out, precision=precision, device=device)


_KINDS = {"fft": (fftn, False), "ifft": (ifftn, False), "rfft": (rfftn, True),
          "irfft": (irfftn, False)}


class FftPlan:
    """A numpy-style FFT planned once: the kind (``"fft"``, ``"ifft"``, ``"rfft"``,
    ``"irfft"``), the input ``shape``, ``axes``, ``s`` (irfft: the real output's lengths),
    ``norm``, ``precision`` (``"f32"``, ``"f64"``, or ``"f16"`` / ``"bf16"``: 16-bit storage) and
    ``device`` are checked and fixed here, and the device plan is
    built here (one call on random input of the plan's dtype), so ``execute`` only moves data
    and runs the cached kernels. ``plan(x)`` is ``plan.execute(x)``; ``out=`` as numpy's.

    >>> p = FftPlan("fft", (1000, 768))          # doctest: +SKIP
    >>> y = p.execute(x)                          # == numpy.fft.fftn(x) within f32's rounding
    """

    def __init__(self, kind, shape, axes=None, s=None, norm=None, *, precision="f32",
                 device=None):
        if kind not in _KINDS:
            raise ValueError(f"kind={kind!r}: use one of {sorted(_KINDS)}")
        self.kind, self.norm, self.device = kind, _norm(norm), device
        self.shape = tuple(operator.index(v) for v in shape)
        if not self.shape or min(self.shape) < 1:
            raise ValueError(f"shape {self.shape}: at least one axis, every length ≥ 1")
        if precision not in ("f32", "f64") + _HALF:
            raise ValueError(f"precision={precision!r}: use 'f32', 'f64', 'f16' or 'bf16'")
        self.precision = precision
        self.s, self.axes = _axes_s(len(self.shape), s, axes)
        if not self.axes:
            raise ValueError("axes is empty: a plan transforms at least one axis")
        real_in = _KINDS[kind][1]
        if real_in:
            self.dtype = np.dtype(np.float64 if precision == "f64" else np.float32)
        else:
            self.dtype = np.dtype(_out_dtype(precision))
        rng = np.random.default_rng()
        probe = rng.standard_normal(self.shape)
        if not real_in:
            probe = probe + 1j * rng.standard_normal(self.shape)
        self.out_shape = self._run(probe.astype(self.dtype), None).shape

    def _run(self, x, out):
        f = _KINDS[self.kind][0]
        return f(x, self.s, self.axes, self.norm, out, precision=self.precision,
                 device=self.device)

    def execute(self, x, out=None):
        """The planned transform of ``x`` (of the plan's shape; any real or complex dtype the
        kind takes, computed in the plan's precision)."""
        x = np.asarray(x)
        if x.shape != self.shape:
            raise ValueError(f"x has shape {x.shape}: this plan takes {self.shape}")
        return self._run(x, out)

    __call__ = execute

    def __repr__(self):
        return (f"FftPlan({self.kind!r}, {self.shape}, axes={self.axes}, s={self.s}, "
                f"norm={self.norm!r}, precision={self.precision!r}) -> {self.out_shape}")
