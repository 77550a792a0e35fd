"""jitfft: run-time generated OpenCL kernels for spectral transforms, on numpy arrays.

Every call releases the GIL while the device works. Bad input raises ValueError or TypeError
naming the argument; OpenCL failures raise OpenClError (``.status`` the API status code).
"""

from types import ModuleType
from typing import Any, Dict, List, Literal, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str

class OpenClError(RuntimeError):
    """An OpenCL call failed; ``status`` is the API status code or None."""

    status: Optional[int]

class DeviceError(RuntimeError):
    """The device cannot hold or run what was asked (memory, limits, fp64, no device)."""

class BuildError(RuntimeError):
    """The device compiler rejected a generated program (the build log is in the message)."""

# One device (an index or a string: an index, a name substring, "gpu", "cpu") or a device set
# (a list of indices, "all", "0,1"; [0, 0] opens one device twice): vc, ivc, rvc, irvc, wht and
# bent split their batch over a set's members; the others take one device.
Device = Union[int, str, Sequence[int], None]

scipy_backend: ModuleType
ComplexArray = Union[npt.NDArray[np.complex64], npt.NDArray[np.complex128]]

def devices() -> List[Dict[str, Any]]:
    """Every OpenCL device, as the dicts ``jitfft devices --json`` prints."""

DTypeLike = Union[type, np.dtype, str]
Norm = Optional[Literal["backward", "ortho", "forward"]]
Precision = Optional[Union[Literal["f32", "f64", "complex64", "complex128"], DTypeLike]]
# The any-shape FFTs also take 16-bit storage (computed in f32; complex results complex64).
FftPrecision = Optional[Union[Literal["f32", "f64", "f16", "bf16", "complex64", "complex128"], DTypeLike]]

MAX_P: int

def vc(
    x: npt.ArrayLike,
    s: Optional[Sequence[Optional[int]]] = None,
    axes: Optional[Union[int, Sequence[int]]] = None,
    norm: Norm = None,
    out: Optional[ComplexArray] = None,
    *,
    device: Device = None,
    algorithm: Optional[Literal["ct", "cg", "fused"]] = None,
    precision: Precision = None,
    check_finite: bool = True,
) -> ComplexArray:
    """numpy.fft.fftn(x, s, axes, norm, out) over axes of one length p ≤ 256 (ValueError
    naming the axes otherwise). complex64 out for complex64/float32/float16 input, complex128
    otherwise (precision= overrides). out=x runs in place. NaN/inf raise ValueError with their
    index unless check_finite=False. Plans come from the device's plan cache. device= a set
    ([0, 1], "all"): the batch rows split over its members, in place in the result."""

def ivc(
    x: npt.ArrayLike,
    s: Optional[Sequence[Optional[int]]] = None,
    axes: Optional[Union[int, Sequence[int]]] = None,
    norm: Norm = None,
    out: Optional[ComplexArray] = None,
    *,
    device: Device = None,
    algorithm: Optional[Literal["ct", "cg", "fused"]] = None,
    precision: Precision = None,
    check_finite: bool = True,
) -> ComplexArray:
    """numpy.fft.ifftn(x, s, axes, norm, out) over axes of one length p; arguments as vc."""

def rvc(
    x: npt.ArrayLike,
    s: Optional[Sequence[Optional[int]]] = None,
    axes: Optional[Union[int, Sequence[int]]] = None,
    norm: Norm = None,
    out: Optional[ComplexArray] = None,
    *,
    device: Device = None,
    precision: Optional[Literal["f32", "f64"]] = None,
    check_finite: bool = True,
) -> ComplexArray:
    """numpy.fft.rfftn over axes of one length p: the half spectrum, last axis p//2+1
    (float16/float32 → complex64, float64/integers → complex128; complex input refused)."""
    ...

def irvc(
    x: npt.ArrayLike,
    s: Optional[Sequence[Optional[int]]] = None,
    axes: Optional[Union[int, Sequence[int]]] = None,
    norm: Norm = None,
    out: Optional[npt.NDArray[np.floating[Any]]] = None,
    *,
    device: Device = None,
    precision: Optional[Literal["f32", "f64"]] = None,
    check_finite: bool = True,
) -> npt.NDArray[np.floating[Any]]:
    """numpy.fft.irfftn over axes of one length p (s[-1], else 2·(m−1)): complex64 →
    float32, complex128 → float64; a half spectrum of the wrong shape is refused."""
    ...

def wht(
    x: npt.ArrayLike,
    axis: int = -1,
    norm: Norm = None,
    out: Optional[npt.NDArray[np.floating[Any]]] = None,
    *,
    device: Device = None,
) -> npt.NDArray[np.floating[Any]]:
    """The real Walsh–Hadamard transform along axis: rows of N = 2^k values times
    scipy.linalg.hadamard(N) (natural order). norm None/"backward": none, "ortho": 1/sqrt(N),
    "forward": 1/N. float16/32/64 keep their dtype (float16 computed in float32), integers
    become float64; complex, bool and object input raise TypeError; a length that is not a
    power of two, NaN/inf input and an overflowing result raise ValueError. out=x runs in
    place. Plans come from the device's plan cache (kind "wht"). device= a set ([0, 1],
    "all"): the rows split over its members."""

def vc_layout_stats() -> Dict[str, Any]:
    """What vc/ivc copied so far: calls, input_copies, output_copies, last_layout."""

class VcPlan:
    """A VC transform built once for arrays of one shape and dtype (VcPlan(shape, axes=...) or
    VcPlan(p, n, batch)); ``execute`` reuses the program, device buffers and pinned staging.
    Thread-safe (runs on one plan serialise)."""

    shape: Tuple[int, ...]
    axes: Tuple[int, ...]
    dtype: np.dtype
    norm: Norm
    inverse: bool
    p: int
    n: int
    batch: int
    def __init__(
        self,
        shape_or_p: Union[int, Sequence[int]],
        n: Optional[int] = None,
        batch: int = 1,
        *,
        axes: Optional[Union[int, Sequence[int]]] = None,
        dtype: DTypeLike = np.complex64,
        norm: Norm = None,
        inverse: bool = False,
        algorithm: Optional[Literal["ct", "cg", "fused"]] = None,
        radix: Optional[int] = None,
        device: Device = None,
        check_finite: bool = True,
    ) -> None: ...
    def execute(self, x: npt.ArrayLike, out: Optional[ComplexArray] = None) -> ComplexArray:
        """Transforms x (the plan's shape) into a new array or ``out`` (out=x: in place)."""
    @property
    def source(self) -> str:
        """The generated OpenCL C."""
    @property
    def passes(self) -> int:
        """Launches one transform takes."""
    @property
    def footprint(self) -> Tuple[int, int]:
        """(device bytes, pinned host bytes) the plan holds."""
    def stats(self) -> Dict[str, Any]:
        """The ``vc --json`` fields plus calls, input_copies, output_copies, last_layout."""

def plan_cache_info() -> List[Dict[str, Any]]:
    """Per device: plans, device_bytes, host_bytes, max_plans, max_bytes, hits, misses,
    evictions and entries [{kind, key, device_bytes, host_bytes, hits}]."""

PlanKind = Literal["vc", "mul", "ntt", "gfp", "bent", "spectrum_stats", "autocorr", "wht"]

def clear_plan_cache(kind: Optional[PlanKind] = None) -> int:
    """Drops the cached plans (of one kind where given); returns how many."""

def set_plan_cache_limits(
    max_plans: Optional[int] = None, max_bytes: Optional[int] = None
) -> Tuple[int, Optional[int]]:
    """Per-device limits (max_bytes 0: the default, a quarter of the device's memory)."""

def bent(
    truth: npt.ArrayLike,
    p: int,
    *,
    precision: Optional[Literal["f32", "f64"]] = None,
    device: Device = None,
    report: bool = False,
) -> Union[npt.NDArray[np.bool_], Tuple[npt.NDArray[np.bool_], Dict[str, Any]]]:
    """Which functions are bent (every |S|² = p^n). truth: integers 0..p−1 of shape (B, p^n)
    or (B,)+(p,)*n (result (B,)), or one function (p^n,) / (p,)*n (0-d result).
    report=True: (verdicts, the ``bent --json`` dict)."""

def spectrum_stats(
    truth: npt.ArrayLike,
    p: int,
    bins: int = 16,
    *,
    precision: Optional[Literal["f32", "f64"]] = None,
    device: Device = None,
) -> Dict[str, Any]:
    """Per function min/max |S|, zero count, histogram of |S|², exact (|S|², count) pairs."""

def autocorr(
    truth: npt.ArrayLike,
    p: int,
    *,
    precision: Optional[Literal["f32", "f64"]] = None,
    device: Device = None,
) -> ComplexArray:
    """R_f(τ) = Σ_x ε^(f(x ⊕ τ) − f(x)) of each function, truth's shape."""

def ntt(
    values: Union[Sequence[int], npt.NDArray[np.uint64]],
    field: str = "bn254-fr",
    inverse: bool = False,
    *,
    device: Device = None,
) -> Union[List[int], npt.NDArray[np.uint64]]:
    """The NTT over a prime field preset, bit-exact: Python ints in [0, p) (list out) or a
    uint64 limb array (N, L) / (N,) (the same layout out)."""

def gfp(
    values: Sequence[int],
    prime: str = "p3",
    inverse: bool = False,
    *,
    device: Device = None,
) -> List[int]:
    """The FFT over a generalized Fermat prime r^k + 1 (presets p3, p4, p5), bit-exact."""

def mul(a: int, b: int, method: Literal["auto", "block", "ntt"] = "auto", *, device: Device = None) -> int:
    """The exact product a·b of two Python integers on the device (plans cached per size)."""

def fft(
    a: npt.ArrayLike,
    n: Optional[int] = None,
    axis: int = -1,
    norm: Norm = None,
    out: Optional[ComplexArray] = None,
    *,
    precision: FftPrecision = None,
    device: Device = None,
) -> ComplexArray:
    """numpy.fft.fft of any length and shape on the device (Bluestein for large primes)."""

def ifft(
    a: npt.ArrayLike,
    n: Optional[int] = None,
    axis: int = -1,
    norm: Norm = None,
    out: Optional[ComplexArray] = None,
    *,
    precision: FftPrecision = None,
    device: Device = None,
) -> ComplexArray:
    """numpy.fft.ifft of any length and shape on the device (Bluestein for large primes)."""

def fft2(
    a: npt.ArrayLike,
    s: Optional[Sequence[int]] = None,
    axes: Sequence[int] = (-2, -1),
    norm: Norm = None,
    out: Optional[ComplexArray] = None,
    *,
    precision: FftPrecision = None,
    device: Device = None,
) -> ComplexArray:
    """numpy.fft.fft2 of any length and shape on the device (Bluestein for large primes)."""

def ifft2(
    a: npt.ArrayLike,
    s: Optional[Sequence[int]] = None,
    axes: Sequence[int] = (-2, -1),
    norm: Norm = None,
    out: Optional[ComplexArray] = None,
    *,
    precision: FftPrecision = None,
    device: Device = None,
) -> ComplexArray:
    """numpy.fft.ifft2 of any length and shape on the device (Bluestein for large primes)."""

def fftn(
    a: npt.ArrayLike,
    s: Optional[Sequence[int]] = None,
    axes: Optional[Sequence[int]] = None,
    norm: Norm = None,
    out: Optional[ComplexArray] = None,
    *,
    precision: FftPrecision = None,
    device: Device = None,
) -> ComplexArray:
    """numpy.fft.fftn of any length and shape on the device (Bluestein for large primes)."""

def ifftn(
    a: npt.ArrayLike,
    s: Optional[Sequence[int]] = None,
    axes: Optional[Sequence[int]] = None,
    norm: Norm = None,
    out: Optional[ComplexArray] = None,
    *,
    precision: FftPrecision = None,
    device: Device = None,
) -> ComplexArray:
    """numpy.fft.ifftn of any length and shape on the device (Bluestein for large primes)."""

def rfft(
    a: npt.ArrayLike,
    n: Optional[int] = None,
    axis: int = -1,
    norm: Norm = None,
    out: Optional[ComplexArray] = None,
    *,
    precision: FftPrecision = None,
    device: Device = None,
) -> ComplexArray:
    """numpy.fft.rfft of any length and shape on the device (Bluestein for large primes)."""

def rfft2(
    a: npt.ArrayLike,
    s: Optional[Sequence[int]] = None,
    axes: Sequence[int] = (-2, -1),
    norm: Norm = None,
    out: Optional[ComplexArray] = None,
    *,
    precision: FftPrecision = None,
    device: Device = None,
) -> ComplexArray:
    """numpy.fft.rfft2 of any length and shape on the device (Bluestein for large primes)."""

def rfftn(
    a: npt.ArrayLike,
    s: Optional[Sequence[int]] = None,
    axes: Optional[Sequence[int]] = None,
    norm: Norm = None,
    out: Optional[ComplexArray] = None,
    *,
    precision: FftPrecision = None,
    device: Device = None,
) -> ComplexArray:
    """numpy.fft.rfftn of any length and shape on the device (Bluestein for large primes)."""

def irfft(
    a: npt.ArrayLike,
    n: Optional[int] = None,
    axis: int = -1,
    norm: Norm = None,
    out: Optional[npt.NDArray[np.floating[Any]]] = None,
    *,
    precision: FftPrecision = None,
    device: Device = None,
) -> npt.NDArray[np.floating[Any]]:
    """numpy.fft.irfft of any length and shape on the device (Bluestein for large primes)."""

def irfft2(
    a: npt.ArrayLike,
    s: Optional[Sequence[int]] = None,
    axes: Sequence[int] = (-2, -1),
    norm: Norm = None,
    out: Optional[npt.NDArray[np.floating[Any]]] = None,
    *,
    precision: FftPrecision = None,
    device: Device = None,
) -> npt.NDArray[np.floating[Any]]:
    """numpy.fft.irfft2 of any length and shape on the device (Bluestein for large primes)."""

def irfftn(
    a: npt.ArrayLike,
    s: Optional[Sequence[int]] = None,
    axes: Optional[Sequence[int]] = None,
    norm: Norm = None,
    out: Optional[npt.NDArray[np.floating[Any]]] = None,
    *,
    precision: FftPrecision = None,
    device: Device = None,
) -> npt.NDArray[np.floating[Any]]:
    """numpy.fft.irfftn of any length and shape on the device (Bluestein for large primes)."""
