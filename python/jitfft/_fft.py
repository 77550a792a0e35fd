"""numpy.fft's conventions for the VC transform: ``vc`` / ``ivc`` (numpy.fft.fftn / ifftn over
axes of one length p) and ``VcPlan``.

This file settles the arguments (axes, s, norm, dtype, out, device) and the memory layout; the
transform runs natively (``jitfft._jitfft``) with the GIL released. The layout rule: the
transformed axes must sit innermost and contiguous for the device (B arrays of p^n values).
Because the DFT over a set of axes does not depend on their order, both the batch axes and the
transformed axes are put in memory (stride) order: any array whose memory holds contiguous
transforms (C or Fortran order, a transposed view, a batch axis anywhere outside them) runs
without a copy; any other (a batch axis between transformed ones, steps, another dtype) is
copied once. The result is written back in the input's axis order.
"""

import math
import operator

import numpy as np

from . import _jitfft

#: The largest transform length p (the largest dense butterfly jitfft generates).
MAX_P = 256

_NORMS = (None, "backward", "ortho", "forward")
_PRECISIONS = {"f32": "f32", "complex64": "f32", "f64": "f64", "complex128": "f64"}
_DTYPES = {"f32": np.dtype(np.complex64), "f64": np.dtype(np.complex128)}


def _device(device):
    """device= as the native functions take it (None, an index, a string, or a list of indices:
    a device set); a bool, a float or a negative index is refused naming the argument. One
    rule for every function (``jitfft._jitfft._device_arg``)."""
    return _jitfft._device_arg(device)[0]


def _device_set(device):
    """(device= as the native functions take it, whether it names a device set: a list or
    tuple of indices, "all" or "0,1")."""
    return _jitfft._device_arg(device)


def _needs_rows(device, is_set, shape, axes, what="x"):
    """Refuses a device set where the call has no batch rows to split (every axis
    transformed): a ValueError saying what to do."""
    if is_set and len(axes) >= len(shape):
        raise ValueError(
            f"device={device!r} names a device set, which splits the batch rows (the axes not "
            f"transformed) over its members; {what} of shape {tuple(shape)} transformed over "
            f"axes {tuple(axes)} has none: name one device (device=0), or transform a batch "
            f"(a leading axis of B rows)"
        )


def _native_norm(norm, inverse):
    """numpy's norm as the library's scaling of the direction that runs."""
    if not (norm is None or isinstance(norm, str)) or norm not in _NORMS:
        raise ValueError(
            f"norm={norm!r}: use None, 'backward', 'ortho' or 'forward' (numpy.fft's meanings)"
        )
    if norm == "ortho":
        return "ortho"
    # "backward": the inverse divides by N; "forward": the forward transform does.
    return "full" if (norm == "forward") != inverse else "none"


def _precision(precision, dtype):
    """'f32' or 'f64': precision= where given, else from the input's dtype as numpy 2 does
    (complex64 and float32/float16 in f32; complex128, float64 and integers in f64)."""
    if precision is not None:
        key = precision if isinstance(precision, str) else None
        if key is None:
            try:
                key = np.dtype(precision).name
            except TypeError:
                key = repr(precision)
        if key not in _PRECISIONS:
            raise ValueError(
                f"precision={precision!r}: use 'f32' / np.complex64 or 'f64' / np.complex128"
            )
        return _PRECISIONS[key]
    kind, size = dtype.kind, dtype.itemsize
    if (kind == "c" and size == 8) or (kind == "f" and size <= 4):
        return "f32"
    if (kind == "c" and size == 16) or (kind == "f" and size == 8) or kind in "iu":
        return "f64"
    raise TypeError(
        f"x has dtype {dtype}: use a complex, real float or integer array (jitfft computes in "
        "float32 or float64; bool, object, string and long double arrays are refused)"
    )


def _axes(ndim, axes, s):
    """The transformed axes as non-negative ints (numpy's rule for None: every axis, or the
    last len(s) where s is given); out-of-range and repeated axes are refused."""
    if axes is None:
        count = ndim if s is None else len(s)
        if count > ndim:
            raise ValueError(f"s={tuple(s)} names {count} axes; x has only {ndim}")
        return tuple(range(ndim - count, ndim))
    if isinstance(axes, (int, np.integer)):
        axes = (axes,)
    try:
        given = tuple(operator.index(a) for a in axes)
    except TypeError:
        raise TypeError(f"axes={axes!r}: use a sequence of ints or None") from None
    out = []
    for a in given:
        if not -ndim <= a < ndim:
            raise ValueError(
                f"axes={given}: axis {a} is out of range for an array of {ndim} dimension(s) "
                f"(allowed {-ndim}..{ndim - 1})"
            )
        a %= ndim
        if a in out:
            raise ValueError(f"axes={given}: axis {a} is repeated (each axis is transformed once)")
        out.append(a)
    return tuple(out)


def _resized(x, s, axes):
    """x cropped or zero-padded to s along axes (numpy's s; None or -1: the axis as it is)."""
    try:
        s = tuple(-1 if v is None else operator.index(v) for v in s)
    except TypeError:
        raise TypeError(f"s={s!r}: use a sequence of ints or None") from None
    if len(s) != len(axes):
        raise ValueError(f"s={s} and axes={axes}: s gives one length per transformed axis")
    shape = list(x.shape)
    for a, v in zip(axes, s):
        if v == 0 or v < -1:
            raise ValueError(f"s={s}: every length must be ≥ 1 (or -1/None: unchanged)")
        if v > 0:
            shape[a] = v
    if tuple(shape) == x.shape:
        return x
    y = np.zeros(shape, x.dtype)
    common = tuple(slice(0, min(m, k)) for m, k in zip(x.shape, shape))
    y[common] = x[common]
    return y


def _one_length(shape, axes):
    """p, the one length of the transformed axes; a ValueError naming them otherwise."""
    lengths = tuple(shape[a] for a in axes)
    if len(set(lengths)) > 1:
        # Suggest the largest group of equal-length axes (ties: the one ending last).
        best = max(
            set(lengths),
            key=lambda m: (lengths.count(m), max(i for i, v in enumerate(lengths) if v == m)),
        )
        suggest = tuple(a for a, v in zip(axes, lengths) if v == best)
        raise ValueError(
            f"axes {axes} have lengths {lengths}: jitfft transforms axes of one length p "
            f"(arrays of shape (p,)*n); name axes of equal length with axes=, e.g. axes={suggest}"
        )
    return lengths[0] if lengths else 1


def _check_out(out, shape, dtype):
    if out is None:
        return
    if not isinstance(out, np.ndarray):
        raise TypeError(f"out must be a numpy array, not {type(out).__name__}")
    if out.shape != tuple(shape):
        raise ValueError(f"out has shape {out.shape}; the result has shape {tuple(shape)}")
    if out.dtype != dtype:
        raise ValueError(f"out has dtype {out.dtype}; the result's dtype is {dtype}")
    if not out.flags.writeable:
        raise ValueError("out is read-only")


def _order(x, axes):
    """The axis order that puts x in memory order: batch axes outside, transformed axes
    inside, each group by decreasing stride (stable)."""
    key = lambda a: -abs(x.strides[a])  # noqa: E731
    batch = sorted((a for a in range(x.ndim) if a not in axes), key=key)
    return batch + sorted(axes, key=key)


def _same_memory(a, b):
    ia, ib = a.__array_interface__, b.__array_interface__
    return ia["data"][0] == ib["data"][0] and a.strides == b.strides and a.shape == b.shape


class _Layout:
    """What the last call copied: the input (to put its transforms contiguous or change its
    dtype) and the output (into an `out` whose layout differs)."""

    def __init__(self):
        self.calls = self.input_copies = self.output_copies = 0
        self.last = None

    def note(self, copied_in, copied_out):
        self.calls += 1
        self.input_copies += copied_in
        self.output_copies += copied_out
        self.last = {"input": "copy" if copied_in else "view",
                     "output": "copy" if copied_out else "direct"}

    def as_dict(self):
        return {"calls": self.calls, "input_copies": self.input_copies,
                "output_copies": self.output_copies, "last_layout": self.last}


def _finite_error(x):
    bad = np.argwhere(~np.isfinite(x))
    where = f" at index {tuple(int(i) for i in bad[0])}" if len(bad) else ""
    return ValueError(
        f"x has a NaN or infinite value{where}: jitfft refuses them (numpy propagates them); "
        "pass check_finite=False to transform them anyway"
    )


def _run(native, x, axes, dtype, out, layout, check_finite):
    """Runs native(flat_in, flat_out_or_None, check_finite) -> flat result on x's transforms
    laid out contiguous; returns the result in x's axis order (into out where given)."""
    perm = _order(x, axes)
    inv = np.argsort(perm)
    xt = x.transpose(perm)
    copied = not (xt.flags.c_contiguous and xt.dtype == dtype)
    flat = np.ascontiguousarray(xt, dtype=dtype).reshape(-1)
    try:
        if out is None:
            res = native(flat, None, check_finite)
            layout.note(copied, False)
            return res.reshape(xt.shape).transpose(inv)
        ot = out.transpose(perm)
        if not copied and _same_memory(out, x):
            native(flat, flat, check_finite)  # out is x: in place
            layout.note(False, False)
        elif ot.flags.c_contiguous and (copied or not np.may_share_memory(out, x)):
            native(flat, ot.reshape(-1), check_finite)
            layout.note(copied, False)
        else:
            res = native(flat, None, check_finite)
            out[...] = res.reshape(xt.shape).transpose(inv)
            layout.note(copied, True)
        return out
    except ValueError as e:
        if "NaN or infinite" in str(e):
            raise _finite_error(x) from None
        raise


_vc_layout = _Layout()


def _transform(x, s, axes, norm, out, device, algorithm, precision, inverse, check_finite):
    x = np.asarray(x)
    prec = _precision(precision, x.dtype)
    dtype = _DTYPES[prec]
    axes = _axes(x.ndim, axes, s)
    if s is not None:
        x = _resized(x, s, axes)
    p = _one_length(x.shape, axes)
    native_norm = _native_norm(norm, inverse)
    dev, is_set = _device_set(device)
    _needs_rows(device, is_set, x.shape, axes)
    _check_out(out, x.shape, dtype)
    if p == 0:
        raise ValueError(f"axes {axes} have length 0: a transform needs at least one point")
    if not axes or p == 1 or x.size == 0:
        # Nothing to transform (length-1 DFTs are the identity under every norm).
        res = x.astype(dtype)
        if out is None:
            return res
        out[...] = res
        return out
    if p > MAX_P:
        raise ValueError(f"axes {axes} have length p = {p}; jitfft takes p ≤ {MAX_P}")
    n = len(axes)
    batch = x.size // p**n

    def native(flat, flat_out, finite):
        return _jitfft._vc(flat, flat_out, p, n, batch, prec, inverse, native_norm,
                           algorithm, dev, finite)

    return _run(native, x, axes, dtype, out, _vc_layout, check_finite)


def vc(x, s=None, axes=None, norm=None, out=None, *, device=None, algorithm=None,
       precision=None, check_finite=True):
    """The VC transform: numpy.fft.fftn(x, s, axes, norm, out) over axes of one length p.

    S[w] = Σ_x x[x] · e^(−2πi⟨w,x⟩/p) over the transformed axes, for every index of the other
    (batch) axes. axes=None transforms every axis (or the last len(s)); every transformed axis
    must have the same length p ≤ 256, else ValueError naming the axes. norm: None/"backward"
    (no scaling), "ortho" (1/√N) or "forward" (1/N), N = p^n. out: an array of the result's
    shape and dtype (out=x transforms in place). The result is complex64 for complex64,
    float32 and float16 input and complex128 otherwise (precision="f32"/"f64" overrides).
    device: an index or a string (index, name substring, "gpu", "cpu"), or a device set (a list
    of indices [0, 1], "all", "0,1"; [0, 0] opens one device twice): the batch rows (the axes
    not transformed) split in equal shares over the members, each running the one-device
    path on its rows straight into its rows of the result (a call with no batch axis is a
    ValueError; on a device failure the members that finished have written theirs).
    algorithm: None (the device's default plan), "ct", "cg" or "fused". NaN or infinite input
    raises ValueError with its index unless check_finite=False. Plans come from the device's
    plan cache (a set: each member's, for its rows).
    """
    return _transform(x, s, axes, norm, out, device, algorithm, precision, False, check_finite)


def ivc(x, s=None, axes=None, norm=None, out=None, *, device=None, algorithm=None,
        precision=None, check_finite=True):
    """The inverse VC transform: numpy.fft.ifftn(x, s, axes, norm, out) over axes of one length
    p (e^(+2πi…); norm None/"backward" divides by N = p^n, "ortho" by √N, "forward" not at
    all). Arguments as for vc."""
    return _transform(x, s, axes, norm, out, device, algorithm, precision, True, check_finite)


def vc_layout_stats():
    """What jitfft.vc / ivc copied so far: calls, input_copies, output_copies, last_layout
    ({"input": "view"|"copy", "output": "direct"|"copy"})."""
    return _vc_layout.as_dict()


def _plan_dtype(dtype):
    try:
        dt = np.dtype(dtype)
    except TypeError:
        raise TypeError(f"dtype={dtype!r}: use np.complex64 or np.complex128") from None
    if dt not in (_DTYPES["f32"], _DTYPES["f64"]):
        raise ValueError(f"dtype={dt}: use np.complex64 or np.complex128")
    return dt


class VcPlan:
    """A VC transform built once on a device for arrays of one shape and dtype: the program,
    device buffers and pinned staging stay allocated and every ``execute`` reuses them.

    VcPlan(shape, axes=None, dtype=np.complex64, norm=None, inverse=False): arrays of ``shape``
    transformed over ``axes`` (None: every axis) as numpy.fft.fftn (inverse=True: ifftn);
    every transformed axis has one length p. VcPlan(p, n, batch=1, ...): arrays of shape
    (p,)*n, or (batch,)+(p,)*n for batch > 1, over the last n axes. algorithm, radix, device
    as for vc. Thread-safe: executions on one plan run one at a time.
    """

    def __init__(self, shape_or_p, n=None, batch=1, *, axes=None, dtype=np.complex64,
                 norm=None, inverse=False, algorithm=None, radix=None, device=None,
                 check_finite=True):
        if isinstance(shape_or_p, (int, np.integer)) and not isinstance(shape_or_p, bool):
            if n is None:
                raise TypeError("VcPlan(p, n): give n (the number of axes), or an array shape")
            if axes is not None:
                raise TypeError("axes= goes with an array shape: VcPlan(shape, axes=...)")
            n, batch = operator.index(n), operator.index(batch)
            if batch < 1:
                raise ValueError(f"batch={batch}: at least one transform")
            if not 1 <= n <= 62:
                # Checked before (p,)*n is built: n = 10**9 made a tuple that filled memory.
                raise ValueError(f"n={n}: 1 ≤ n ≤ 62 axes (p^n of p ≥ 2 stays below 2**63)")
            shape = (int(shape_or_p),) * n if batch == 1 else (batch,) + (int(shape_or_p),) * n
            axes = tuple(range(len(shape) - n, len(shape)))
        else:
            if n is not None:
                raise TypeError("n goes with p: VcPlan(p, n, batch) or VcPlan(shape, axes=...)")
            try:
                shape = tuple(operator.index(v) for v in shape_or_p)
            except TypeError:
                raise TypeError(
                    f"shape_or_p={shape_or_p!r}: use an int p (with n) or an array shape"
                ) from None
            if any(v < 0 for v in shape):
                # Found by Hypothesis in CI: (-2, -2**40, 5, 5) has a positive product, so a
                # plan of 2**41 transforms was built and the runner was killed for memory.
                raise ValueError(f"shape {shape}: negative dimensions are not allowed")
            axes = _axes(len(shape), axes, None)
        self.shape = shape
        self.axes = axes
        self.dtype = _plan_dtype(dtype)
        self.norm = norm
        self.inverse = bool(inverse)
        self.check_finite = check_finite
        p = _one_length(shape, axes)
        if not axes or p < 2:
            raise ValueError(f"shape {shape}, axes {axes}: a plan transforms axes of length p ≥ 2")
        if p > MAX_P:
            raise ValueError(f"axes {axes} have length p = {p}; jitfft takes p ≤ {MAX_P}")
        if radix is not None and not 2 <= operator.index(radix) <= 2**32:
            raise ValueError(f"radix={radix}: a radix is an integer 2 ≤ r ≤ 2**32")
        dev, is_set = _device_set(device)
        if is_set:
            raise ValueError(
                f"device={device!r}: a VcPlan is built on one device; jitfft.vc / ivc(x, "
                "device=[...]) split a batch over a device set (each member's plan kept in its "
                "plan cache for later calls)"
            )
        prec = "f32" if self.dtype == _DTYPES["f32"] else "f64"
        # Python integers: an int64 product wraps for (3,)*40 and reached the plan negative.
        batch = math.prod(shape) // p ** len(axes)
        if batch < 1 or math.prod(shape) >= 2**63:
            raise ValueError(
                f"shape {shape}: {math.prod(shape)} values; a plan holds 1 to 2**63 - 1 values")
        self._plan = _jitfft._VcPlan(
            p, len(axes), batch, prec, inverse=self.inverse, algorithm=algorithm, radix=radix,
            norm=_native_norm(norm, self.inverse), device=dev)
        self.p, self.n, self.batch = p, len(axes), batch
        self._layout = _Layout()

    def execute(self, x, out=None):
        """Transforms x (an array of the plan's shape; another dtype is converted, a copy) into
        a new array, or into ``out`` (the plan's shape and dtype; out=x: in place)."""
        x = np.asarray(x)
        if x.shape != self.shape:
            raise ValueError(f"x has shape {x.shape}; this plan takes shape {self.shape}")
        if x.dtype.kind not in "cfiu":
            raise TypeError(f"x has dtype {x.dtype}: use {self.dtype} (or a real/integer array)")
        _check_out(out, self.shape, self.dtype)

        def native(flat, flat_out, finite):
            return self._plan.execute(flat, flat_out, finite)

        return _run(native, x, self.axes, self.dtype, out, self._layout, self.check_finite)

    @property
    def source(self):
        """The generated OpenCL C of the plan's kernels."""
        return self._plan.source

    @property
    def passes(self):
        """Launches one transform takes."""
        return self._plan.passes

    @property
    def footprint(self):
        """(device bytes, pinned host bytes) the plan holds."""
        return self._plan.footprint

    def stats(self):
        """What ran (device, plan, passes, kernels, build_ms, ...), the times of the executions
        so far (the ``jitfft vc --json`` fields) and what the executions copied (calls,
        input_copies, output_copies, last_layout)."""
        d = self._plan.stats()
        d.update(self._layout.as_dict())
        return d

    def __repr__(self):
        return (f"VcPlan(shape={self.shape}, axes={self.axes}, dtype={self.dtype}, "
                f"norm={self.norm!r}; {self._plan!r})")
