//! Time for the repeat logic: the system's monotonic clock, or a fake one for tests.

use std::cell::Cell;
use std::time::Instant;

/// A source of time for the repeat policy (the system clock, or a fake one in tests).
pub trait Clock {
    /// Seconds since an arbitrary fixed origin.
    fn now_s(&self) -> f64;
}

/// The monotonic system clock, with its origin at creation.
pub struct SystemClock(Instant);

impl Default for SystemClock {
    fn default() -> Self {
        SystemClock(Instant::now())
    }
}

impl Clock for SystemClock {
    fn now_s(&self) -> f64 {
        self.0.elapsed().as_secs_f64()
    }
}

/// A clock that moves only when told to.
#[derive(Default)]
pub struct FakeClock(Cell<f64>);

impl FakeClock {
    /// Moves the clock forward by `s` seconds.
    pub fn advance(&self, s: f64) {
        self.0.set(self.0.get() + s);
    }
}

impl Clock for FakeClock {
    fn now_s(&self) -> f64 {
        self.0.get()
    }
}
