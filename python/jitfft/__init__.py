"""jitfft: run-time generated OpenCL kernels for spectral transforms, on numpy arrays.

vc / ivc / VcPlan: the Vilenkin-Chrestenson transform, numpy.fft.fftn / ifftn over axes of
one length p (numpy's signatures; see ``jitfft._fft``). scipy_backend: the same as a
scipy.fft backend. bent / spectrum_stats / autocorr: many p-valued functions' spectra at once;
ntt / gfp: exact transforms over prime fields; mul: exact products of Python integers.
Every call releases the GIL while the device works; plans are kept in one cache per device
(plan_cache_info, clear_plan_cache, set_plan_cache_limits). Bad input raises ValueError or
TypeError naming the argument; OpenClError, DeviceError and BuildError report the device.
"""

from ._jitfft import (
    BuildError,
    DeviceError,
    OpenClError,
    __version__,
    autocorr,
    bent,
    clear_plan_cache,
    devices,
    gfp,
    mul,
    ntt,
    plan_cache_info,
    set_plan_cache_limits,
    spectrum_stats,
)
from ._fft import MAX_P, VcPlan, ivc, vc, vc_layout_stats
from . import scipy_backend

__all__ = [
    "BuildError", "DeviceError", "OpenClError", "MAX_P", "VcPlan", "autocorr", "bent",
    "clear_plan_cache", "devices", "gfp", "ivc", "mul", "ntt", "plan_cache_info",
    "scipy_backend", "set_plan_cache_limits", "spectrum_stats", "vc", "vc_layout_stats",
]
