//! The values the VC property tests draw their options from (`props/plan.rs` without a device,
//! `props_device.rs` with one).

use jitfft::transform::{Direction, Precision};
use jitfft::vc::plan::{Algorithm, Coeffs, FusedLayout, VcOptions};
use proptest::prelude::*;

/// ct, cg or fused.
pub fn algorithm() -> impl Strategy<Value = Algorithm> {
    prop::sample::select(vec![Algorithm::Ct, Algorithm::Cg, Algorithm::Fused])
}

/// The three coefficient forms.
pub fn coeffs() -> impl Strategy<Value = Coeffs> {
    prop::sample::select(vec![
        Coeffs::ConstFirst,
        Coeffs::ConstMatrix,
        Coeffs::Literal,
    ])
}

/// f32 or f64.
pub fn precision() -> impl Strategy<Value = Precision> {
    prop::sample::select(vec![Precision::F32, Precision::F64])
}

/// Every fused layout.
pub fn layout() -> impl Strategy<Value = FusedLayout> {
    prop::sample::select(vec![
        FusedLayout::Auto,
        FusedLayout::Rotate,
        FusedLayout::Inplace,
        FusedLayout::Staged,
    ])
}

/// Options of every algorithm, coefficient form, precision, direction and fused layout, with
/// the given radix (dropped for fused, which refuses one: tested apart), fused digits, lanes
/// and values.
pub fn options(
    radix: impl Strategy<Value = Option<u64>>,
    digits: impl Strategy<Value = Option<u32>>,
    lanes: impl Strategy<Value = Option<u32>>,
    values: impl Strategy<Value = Option<u32>>,
) -> impl Strategy<Value = VcOptions> {
    let forms = (algorithm(), coeffs(), precision(), any::<bool>(), layout());
    (forms, radix, digits, lanes, values).prop_map(
        |((algorithm, coeffs, precision, inv, layout), radix, digits, lanes, values)| VcOptions {
            algorithm,
            radix: radix.filter(|_| algorithm != Algorithm::Fused),
            coeffs,
            precision,
            direction: if inv {
                Direction::Inverse
            } else {
                Direction::Forward
            },
            norm: None,
            fused_digits: digits,
            fused_lanes: lanes,
            fused_layout: layout,
            fused_values: values,
        },
    )
}
