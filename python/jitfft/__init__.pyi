"""jitfft: run-time generated OpenCL kernels for spectral transforms, on numpy arrays.

Every call releases the GIL while the device works. Bad input raises ValueError with the
CLI's message; OpenCL failures raise OpenClError (``.status`` the API status code).
"""

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

Device = Union[int, str, None]
ComplexArray = Union[npt.NDArray[np.complex64], npt.NDArray[np.complex128]]

def devices() -> List[Dict[str, Any]]:
    """Every OpenCL device, as the dicts ``jitfft devices --json`` prints."""

def vc(
    x: npt.ArrayLike,
    p: Optional[int] = None,
    *,
    inverse: bool = False,
    algorithm: Optional[Literal["ct", "cg", "fused"]] = None,
    norm: Optional[Literal["none", "full", "ortho"]] = None,
    device: Optional[str] = None,
) -> ComplexArray:
    """The VC transform (n-dimensional DFT of shape (p,)*n, = numpy.fft.fftn over the last n
    axes; inverse=True: numpy.fft.ifftn). x: (p,)*n or (B,)+(p,)*n; with p given also (p^n,)
    or (B, p^n). Same shape and dtype out (real input promoted)."""

class VcPlan:
    """A VC transform of ``batch`` arrays of shape (p,)*n built once on a device; ``execute``
    reuses the program, device buffers and pinned staging. Thread-safe (runs serialise)."""

    def __init__(
        self,
        p: int,
        n: int,
        batch: int = 1,
        precision: Literal["f32", "f64"] = "f32",
        *,
        inverse: bool = False,
        algorithm: Optional[Literal["ct", "cg", "fused"]] = None,
        radix: Optional[int] = None,
        norm: Optional[Literal["none", "full", "ortho"]] = None,
        device: Optional[str] = None,
    ) -> None: ...
    def execute(self, x: npt.ArrayLike, out: Optional[ComplexArray] = None) -> ComplexArray:
        """Transforms x (B·N values) into a new array of x's shape, or into ``out``
        (``out=x``: in place). No copy where x is C-contiguous in the plan's dtype."""
    @property
    def source(self) -> str:
        """The generated OpenCL C."""
    @property
    def passes(self) -> int:
        """Launches one transform takes."""
    @property
    def shape(self) -> Tuple[int, int, int]:
        """(p, n, batch)"""
    @property
    def dtype_name(self) -> str:
        """'complex64' or 'complex128'."""
    def stats(self) -> Dict[str, Any]:
        """What ran and the times of the executions so far (the ``vc --json`` fields)."""

def bent(
    truth: npt.ArrayLike,
    p: int,
    *,
    precision: Optional[Literal["f32", "f64"]] = None,
    device: Optional[str] = None,
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
    device: Optional[str] = None,
) -> Dict[str, Any]:
    """Per function min/max |S|, zero count, histogram of |S|², exact (|S|², count) pairs."""

def autocorr(
    truth: npt.ArrayLike,
    p: int,
    *,
    precision: Optional[Literal["f32", "f64"]] = None,
    device: Optional[str] = None,
) -> ComplexArray:
    """R_f(τ) = Σ_x ε^(f(x ⊕ τ) − f(x)) of each function, truth's shape."""

def ntt(
    values: Union[Sequence[int], npt.NDArray[np.uint64]],
    field: str = "bn254-fr",
    inverse: bool = False,
    *,
    device: Optional[str] = None,
) -> Union[List[int], npt.NDArray[np.uint64]]:
    """The NTT over a prime field preset, bit-exact: Python ints in [0, p) (list out) or a
    uint64 limb array (N, L) / (N,) (the same layout out)."""

def gfp(
    values: Sequence[int],
    prime: str = "p3",
    inverse: bool = False,
    *,
    device: Optional[str] = None,
) -> List[int]:
    """The FFT over a generalized Fermat prime r^k + 1 (presets p3, p4, p5), bit-exact."""

def mul(a: int, b: int, method: Literal["auto", "block", "ntt"] = "auto", *, device: Optional[str] = None) -> int:
    """The exact product a·b of two Python integers on the device."""
