//! The host-side element types of device buffers (f32, f64): conversion from and to the f64
//! every host array and reference uses.

use super::launch::Arg;
use ocl::OclPrm;

/// Host-side precision of the device buffers.
pub trait Real: OclPrm + Copy + Send + Sync {
    /// The nearest value of this type.
    fn from_f64(x: f64) -> Self;
    /// The value as f64 (exact).
    fn to_f64(self) -> f64;
    /// The value as a kernel's `real` scalar argument.
    fn arg(self) -> Arg<'static>;
    /// (x, y) as a kernel's `real2` argument.
    fn arg2(x: f64, y: f64) -> Arg<'static>;
}
impl Real for f32 {
    fn from_f64(x: f64) -> Self {
        x as f32
    }
    fn to_f64(self) -> f64 {
        self as f64
    }
    fn arg(self) -> Arg<'static> {
        Arg::F32(self)
    }
    fn arg2(x: f64, y: f64) -> Arg<'static> {
        Arg::F32x2(ocl::prm::Float2::new(x as f32, y as f32))
    }
}
impl Real for f64 {
    fn from_f64(x: f64) -> Self {
        x
    }
    fn to_f64(self) -> f64 {
        self
    }
    fn arg(self) -> Arg<'static> {
        Arg::F64(self)
    }
    fn arg2(x: f64, y: f64) -> Arg<'static> {
        Arg::F64x2(ocl::prm::Double2::new(x, y))
    }
}
