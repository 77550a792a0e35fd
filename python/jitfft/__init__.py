"""jitfft: run-time generated OpenCL kernels for spectral transforms, on numpy arrays.

fft … irfftn, hfft / ihfft (and scipy's n-D ones), FftPlan: numpy.fft of any shape and length.
vc / ivc / VcPlan: the Vilenkin-Chrestenson transform, numpy.fft.fftn / ifftn over axes of
one length p (numpy's signatures; see ``jitfft._fft``). scipy_backend: the same as a
scipy.fft backend. wht: the real Walsh–Hadamard transform along one axis. bent /
spectrum_stats / autocorr: many p-valued functions' spectra at once; ntt / gfp: exact
transforms over prime fields; mul: exact products of Python integers.
Every call releases the GIL while the device works; plans are kept in one cache per device
(plan_cache_info, clear_plan_cache, set_plan_cache_limits). Bad input raises ValueError or
TypeError naming the argument; OpenClError, DeviceError and BuildError report the device.
"""

import os as _os

# The wheel's bundled ICD loader (pyopencl's build of ocl-icd; see tools/build-wheel.sh) reads
# PYOPENCL_HOME as one more place to look for drivers and crashes where it is unset: point it at
# this folder (it holds no .icd files) unless the user (or pyopencl) set it. Drivers are found
# in /etc/OpenCL/vendors or OCL_ICD_VENDORS as usual.
_os.environ.setdefault("PYOPENCL_HOME", _os.path.dirname(_os.path.abspath(__file__)))

from ._jitfft import (  # noqa: E402
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
from ._fft import MAX_P, VcPlan, ivc, vc, vc_layout_stats  # noqa: E402
from ._wht import wht  # noqa: E402
from ._rvc import irvc, rvc  # noqa: E402
from ._anyfft import (  # noqa: E402
    FftPlan, fft, fft2, fftn, hfft, hfft2, hfftn, ifft, ifft2, ifftn, ihfft, ihfft2, ihfftn,
    irfft, irfft2, irfftn, rfft, rfft2, rfftn,
)
from . import scipy_backend  # noqa: E402

__all__ = [
    "BuildError", "DeviceError", "OpenClError", "MAX_P", "VcPlan", "autocorr", "bent",
    "clear_plan_cache", "devices", "gfp", "irvc", "ivc", "mul", "ntt", "plan_cache_info", "rvc",
    "scipy_backend", "set_plan_cache_limits", "spectrum_stats", "vc", "vc_layout_stats", "wht",
    "fft", "fft2", "fftn", "ifft", "ifft2", "ifftn", "irfft", "irfft2", "irfftn", "rfft", "rfft2",
    "rfftn", "FftPlan", "hfft", "ihfft", "hfft2", "ihfft2", "hfftn", "ihfftn",
]
