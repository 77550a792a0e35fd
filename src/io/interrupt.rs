//! Ctrl-C (SIGINT), SIGTERM and SIGHUP during a file run leave no partial output: outputs are
//! written to temporary files renamed over the target when complete, and while one exists its
//! path is registered here ([`TempGuard`]); the handler [`install`]ed by the command line
//! removes every registered file (`unlink` is async-signal-safe), then dies of the signal as
//! it would have (exit status 128 + signal). Without the handler (the library in Python) the
//! temporary files are removed by their owners' destructors as before.

use std::ffi::{c_char, c_int, CString};
use std::path::Path;
use std::sync::atomic::{AtomicPtr, Ordering};

/// Temporary files that may exist at once (a run writes one or two).
const SLOTS: usize = 32;

static TEMPS: [AtomicPtr<c_char>; SLOTS] = [const { AtomicPtr::new(std::ptr::null_mut()) }; SLOTS];

/// A temporary output file registered for removal on a signal while the guard lives.
pub struct TempGuard {
    slot: Option<usize>,
}

impl TempGuard {
    /// Registers `path` (when a slot is free; otherwise the file is only removed by its owner).
    pub fn new(path: &Path) -> TempGuard {
        use std::os::unix::ffi::OsStrExt;
        let Ok(c) = CString::new(path.as_os_str().as_bytes()) else {
            return TempGuard { slot: None };
        };
        let p = c.into_raw();
        for (i, s) in TEMPS.iter().enumerate() {
            if s.compare_exchange(std::ptr::null_mut(), p, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
            {
                return TempGuard { slot: Some(i) };
            }
        }
        // SAFETY: `p` came from `into_raw` above and was never shared.
        drop(unsafe { CString::from_raw(p) });
        TempGuard { slot: None }
    }
}

impl Drop for TempGuard {
    fn drop(&mut self) {
        // The string is leaked, not freed: a handler running on another thread may be reading
        // it (a few bytes per output file).
        if let Some(i) = self.slot {
            TEMPS[i].store(std::ptr::null_mut(), Ordering::Release);
        }
    }
}

extern "C" fn on_signal(sig: c_int) {
    for s in &TEMPS {
        let p = s.load(Ordering::Acquire);
        if !p.is_null() {
            // SAFETY: a NUL-terminated string leaked by `TempGuard::new`, never freed.
            unsafe { libc::unlink(p) };
        }
    }
    // SAFETY: async-signal-safe calls; the default action ends the process with `sig`.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        libc::raise(sig);
    }
}

/// Installs the handler for SIGINT, SIGTERM and SIGHUP (the command line does, once).
pub fn install() {
    for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: a plain handler that only calls async-signal-safe functions.
        unsafe {
            libc::signal(sig, on_signal as extern "C" fn(c_int) as libc::sighandler_t);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guards_take_and_free_slots() {
        let dir = tempfile::tempdir().unwrap();
        let a = TempGuard::new(&dir.path().join("a"));
        let b = TempGuard::new(&dir.path().join("b"));
        let (ia, ib) = (a.slot.unwrap(), b.slot.unwrap());
        assert_ne!(ia, ib);
        assert!(!TEMPS[ia].load(Ordering::Acquire).is_null());
        drop(a);
        assert!(TEMPS[ia].load(Ordering::Acquire).is_null());
        drop(b);
    }
}
