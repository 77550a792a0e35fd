"""jitfft as a scipy.fft backend (the uarray protocol)::

    with scipy.fft.set_backend(jitfft.scipy_backend):
        y = scipy.fft.fftn(x)

fftn / ifftn, fft2 / ifft2 and fft / ifft run on the device whenever the axes they are asked
for have one length 2 ≤ p ≤ 256 and x is a complex, real float or integer array; everything
else (other functions, unequal lengths, other dtypes) returns NotImplemented and scipy runs its
own. ``workers`` is accepted (the device does the work); ``overwrite_x=True`` transforms in
place where x already is a contiguous complex array of the result's dtype; ``plan=`` takes a
``jitfft.VcPlan`` built for x's shape, axes, direction and norm.

rfftn / irfftn run on the device (``jitfft.rvc`` / ``irvc``) for real float or integer input
(rfftn) and complex half spectra (irfftn) over axes of one length 2 ≤ p ≤ 256 (irfftn: the
output's lengths, from s or numpy's default).

Every other shape and length of fft, ifft, fft2, ifft2, fftn, ifftn, rfft, irfft, rfft2,
irfft2, rfftn and irfftn runs on the device too, through jitfft's any-shape FFT
(``jitfft.fftn`` …: mixed radix, Bluestein for large primes), and so do the Hermitian
transforms hfft, ihfft, hfft2, ihfft2, hfftn and ihfftn (the real ones of the conjugate). What
remains scipy's: other functions (the trigonometric transforms), long double and object
arrays, and a ``plan=`` jitfft did not build. ``stats()`` counts the calls served and passed to scipy.
"""

import operator

import numpy as np

from . import _anyfft, _fft, _rvc

__ua_domain__ = "numpy.scipy.fft"


class _Declined(Exception):
    """Raised by a handler for input jitfft does not take: scipy then runs its own."""


def _axes_for(x, s, axes):
    try:
        return _fft._axes(x.ndim, axes, s)
    except (TypeError, ValueError):
        raise _Declined from None


def _nd(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, plan=None,
        inverse=False):
    x = np.asarray(x)
    kind, size = x.dtype.kind, x.dtype.itemsize
    if kind not in "cfiu" or (kind == "f" and size > 8) or (kind == "c" and size > 16):
        raise _Declined  # bool, object, long double: scipy's own
    axes = _axes_for(x, s, axes)
    if plan is not None:
        # A VcPlan says what it takes: a mismatch is the caller's error, not a fallback.
        return _with_plan(plan, x, s, axes, norm, inverse)
    shape = list(x.shape)
    if s is not None:
        if len(s) != len(axes):
            raise _Declined
        for a, v in zip(axes, s):
            shape[a] = shape[a] if v in (None, -1) else operator.index(v)
    lengths = {shape[a] for a in axes}
    if len(lengths) != 1 or not 2 <= next(iter(lengths)) <= _fft.MAX_P:
        raise _Declined
    if workers is not None:
        operator.index(workers)  # scipy's type rule; the device does the work
    dtype = _fft._DTYPES[_fft._precision(None, x.dtype)]
    in_place = (overwrite_x and s is None and isinstance(x, np.ndarray) and x.dtype == dtype
                and x.flags.writeable)
    f = _fft.ivc if inverse else _fft.vc
    return f(x, s=s, axes=axes, norm=norm, out=x if in_place else None)


def _with_plan(plan, x, s, axes, norm, inverse):
    if not isinstance(plan, _fft.VcPlan):
        raise TypeError(f"plan must be a jitfft.VcPlan, not {type(plan).__name__}")
    if s is not None or plan.shape != x.shape or set(plan.axes) != set(axes):
        raise ValueError(f"plan takes shape {plan.shape} over axes {plan.axes}; "
                         f"this call is shape {x.shape} over axes {axes}")
    if plan.inverse != inverse or (plan.norm or "backward") != (norm or "backward"):
        raise ValueError(f"plan is inverse={plan.inverse}, norm={plan.norm!r}; this call is "
                         f"inverse={inverse}, norm={norm!r}")
    return plan.execute(x)


def _one(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *, plan=None,
         inverse=False):
    return _nd(x, None if n is None else (n,), (axis,), norm, overwrite_x, workers, plan=plan,
               inverse=inverse)


def _two(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False, workers=None, *, plan=None,
         inverse=False):
    return _nd(x, s, axes, norm, overwrite_x, workers, plan=plan, inverse=inverse)


def _real(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, plan=None,
          inverse=False):
    x = np.asarray(x)
    kind, size = x.dtype.kind, x.dtype.itemsize
    real_in = kind in "fiu" and not (kind == "f" and size > 8)
    complex_in = kind == "c" and size <= 16
    if plan is not None or not (complex_in if inverse else real_in):
        raise _Declined
    axes = _axes_for(x, s, axes)
    if not axes:
        raise _Declined
    shape = [x.shape[a] for a in axes]
    if s is not None:
        if len(s) != len(axes):
            raise _Declined
        shape = [m if v in (None, -1) else operator.index(v) for m, v in zip(shape, s)]
    elif inverse:
        shape[-1] = 2 * (shape[-1] - 1)
    if len(set(shape)) != 1 or not 2 <= shape[0] <= _fft.MAX_P:
        raise _Declined
    if workers is not None:
        operator.index(workers)
    f = _rvc.irvc if inverse else _rvc.rvc
    return f(x, s=s, axes=axes, norm=norm)


def _inverse(f):
    return lambda *args, **kwargs: f(*args, inverse=True, **kwargs)


# scipy.fft's function name -> handler. Real transforms go here when jitfft has them.
_HANDLERS = {
    "fftn": _nd,
    "ifftn": _inverse(_nd),
    "fft2": _two,
    "ifft2": _inverse(_two),
    "fft": _one,
    "ifft": _inverse(_one),
    "rfftn": _real,
    "irfftn": _inverse(_real),
}


# The same functions for any shape and length (jitfft's any-shape FFT): what runs where the VC
# handlers decline. scipy's workers / overwrite_x / plan do not apply there.
_ANY = {
    "fftn": _anyfft.fftn, "ifftn": _anyfft.ifftn, "fft2": _anyfft.fft2, "ifft2": _anyfft.ifft2,
    "fft": _anyfft.fft, "ifft": _anyfft.ifft, "rfftn": _anyfft.rfftn, "irfftn": _anyfft.irfftn,
    "rfft2": _anyfft.rfft2, "irfft2": _anyfft.irfft2, "rfft": _anyfft.rfft, "irfft": _anyfft.irfft,
    "hfft": _anyfft.hfft, "ihfft": _anyfft.ihfft, "hfft2": _anyfft.hfft2, "ihfft2": _anyfft.ihfft2,
    "hfftn": _anyfft.hfftn, "ihfftn": _anyfft.ihfftn,
}

_COUNTS = {"served": 0, "fallback": 0}


def stats():
    """Calls this backend served on the device and calls it passed to scipy, since import."""
    return dict(_COUNTS)


def _any(name, args, kwargs):
    kwargs = dict(kwargs)
    if kwargs.pop("plan", None) is not None:
        raise _Declined
    workers = kwargs.pop("workers", None)
    if workers is not None:
        operator.index(workers)  # scipy's type rule; the device does the work
    kwargs.pop("overwrite_x", None)
    x = np.asarray(args[0]) if args else None
    if x is None or x.dtype.kind not in "fciu" or x.dtype.itemsize > 16 or (
            x.dtype.kind == "f" and x.dtype.itemsize > 8):
        raise _Declined
    if x.dtype.kind == "c" and name in ("rfft", "rfft2", "rfftn", "ihfft", "ihfft2", "ihfftn"):
        raise _Declined  # scipy raises its own TypeError
    return _ANY[name](x, *args[1:], **kwargs)


def __ua_function__(method, args, kwargs):
    name = getattr(method, "__name__", None)
    handler = _HANDLERS.get(name)
    if handler is None and name not in _ANY:
        _COUNTS["fallback"] += 1
        return NotImplemented
    try:
        if handler is None:
            raise _Declined
        result = handler(*args, **kwargs)
    except _Declined:
        try:
            if name not in _ANY:
                raise _Declined from None
            result = _any(name, args, kwargs)
        except _Declined:
            _COUNTS["fallback"] += 1
            return NotImplemented
    _COUNTS["served"] += 1
    return result
