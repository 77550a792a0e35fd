//! Python ints ↔ little-endian 64-bit limbs at memory speed. CPython keeps an int's magnitude
//! as 30-bit digits in 32-bit words right after its header; `int.to_bytes` / `int.from_bytes`
//! (and `PyLong_AsNativeBytes`, which calls the same code) move those a byte at a time: 28 ms
//! for two 2^20-limb operands and their product on the H100 host. Here the digits are read and
//! written in place and repacked 30 ↔ 64 bits by several threads, straight into and out of the
//! pinned staging.
//!
//! The layout is learned from the running interpreter (`int.__basicsize__` is where the digits
//! start, the size word sits just before them; 3.12 and later tag it as digits << 3 | sign),
//! then checked once on test integers against `to_bytes` / `from_bytes`, reading and writing.
//! Any other interpreter or digit size, or a failed check: `Layout::get` is `None` and callers
//! use the byte path.

use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyBytes, PyInt};

/// Bits of a CPython digit (the build where `sys.int_info.bits_per_digit` says 30).
const DIGIT_BITS: u32 = 30;
const DIGIT_MASK: u32 = (1 << DIGIT_BITS) - 1;
/// 32 digits are exactly 15 limbs (960 bits): the unit work is split in, so every thread
/// starts on a limb and a digit boundary.
const BLOCK_DIGITS: usize = 32;
const BLOCK_LIMBS: usize = 15;
/// Below this many limbs one thread converts (thread start-up costs more).
const PARALLEL_LIMBS: usize = 1 << 15;

type NewInt = unsafe extern "C" fn(isize) -> *mut pyo3::ffi::PyObject;

/// Where this interpreter keeps an int's size and digits.
#[derive(Clone, Copy)]
pub(crate) struct Layout {
    /// Byte offset of the first digit; the size word is the 8 bytes before it.
    digits_at: usize,
    /// 3.12+: size word = digits << 3 | sign (0 positive, 1 zero, 2 negative); before: the
    /// signed digit count.
    tagged: bool,
    /// `_PyLong_New` (an int of n uninitialised digits) where the interpreter exports it.
    new: Option<NewInt>,
}

static LAYOUT: GILOnceCell<Option<Layout>> = GILOnceCell::new();

/// An int's digits, borrowed from an object the caller keeps alive (as an address, so that it
/// crosses `allow_threads`: ints are immutable, nothing writes them meanwhile).
#[derive(Clone, Copy)]
pub(crate) struct Digits {
    addr: usize,
    len: usize,
    pub negative: bool,
}

/// A fresh int being filled: its digits' address and count.
pub(crate) struct Fresh {
    obj: Py<PyAny>,
    addr: usize,
    len: usize,
}

impl Layout {
    /// This interpreter's layout, learned and checked on first use (None: use the bytes).
    pub(crate) fn get(py: Python<'_>) -> Option<Layout> {
        *LAYOUT.get_or_init(py, || learn(py).ok().flatten())
    }

    /// The size word and digits of `x` (an exact int).
    pub(crate) fn digits(&self, x: &Bound<'_, PyInt>) -> Digits {
        // SAFETY: an int object is at least `digits_at` bytes long; the word before the
        // digits is its size (checked by `learn` on this interpreter).
        let word = unsafe {
            (x.as_ptr() as *const u8)
                .add(self.digits_at - 8)
                .cast::<usize>()
                .read_unaligned()
        };
        let (len, negative) = if self.tagged {
            (word >> 3, word & 3 == 2)
        } else {
            let s = word as isize;
            (s.unsigned_abs(), s < 0)
        };
        Digits {
            addr: x.as_ptr() as usize + self.digits_at,
            len,
            negative,
        }
    }

    /// A new int of `len` digits whose digits the caller fills (then `finish`).
    pub(crate) fn fresh(&self, py: Python<'_>, len: usize) -> PyResult<Fresh> {
        let len = len.max(1);
        let obj: Bound<'_, PyAny> = match self.new {
            // SAFETY: `_PyLong_New(n)` returns a new reference to an int of n digits or NULL
            // with an exception set.
            Some(f) => unsafe { Bound::from_owned_ptr_or_err(py, f(len as isize))? },
            // 2^(30·len − 1) has exactly `len` digits (zeroed, then overwritten).
            None => 1u8
                .into_pyobject(py)?
                .into_any()
                .call_method1("__lshift__", (DIGIT_BITS as usize * len - 1,))?,
        };
        let addr = obj.as_ptr() as usize + self.digits_at;
        Ok(Fresh {
            obj: obj.unbind(),
            addr,
            len,
        })
    }

    /// The filled int with its sign, leading zero digits dropped. Values of at most two
    /// digits are made by Python (small ints are shared objects there).
    pub(crate) fn finish<'py>(
        &self,
        py: Python<'py>,
        fresh: Fresh,
        negative: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let d = fresh.digits();
        let len = d.iter().rposition(|&x| x != 0).map_or(0, |i| i + 1);
        if len <= 2 {
            let v = d[..len]
                .iter()
                .rev()
                .fold(0i64, |acc, &x| (acc << DIGIT_BITS) | x as i64);
            let v = if negative { -v } else { v };
            return Ok(v.into_pyobject(py)?.into_any());
        }
        let word = if self.tagged {
            (len << 3) | if negative { 2 } else { 0 }
        } else if negative {
            (len as isize).wrapping_neg() as usize
        } else {
            len
        };
        let obj = fresh.obj.into_bound(py);
        // SAFETY: the size word of an int nothing else references yet; the digit count only
        // shrinks (the allocation keeps its size).
        unsafe {
            (obj.as_ptr() as *mut u8)
                .add(self.digits_at - 8)
                .cast::<usize>()
                .write_unaligned(word)
        };
        Ok(obj)
    }
}

impl Digits {
    /// The digits (valid while the int they came from lives).
    fn slice(&self) -> &[u32] {
        // SAFETY: `len` digits of a live int, never written (ints are immutable).
        unsafe { std::slice::from_raw_parts(self.addr as *const u32, self.len) }
    }

    /// Limbs of the magnitude: ⌈bits / 64⌉, at least 1 (what `to_bytes` gives, in limbs).
    pub(crate) fn limbs(&self) -> usize {
        let d = self.slice();
        let bits = match d.last() {
            None => 0,
            Some(&top) => DIGIT_BITS as usize * (d.len() - 1) + (32 - top.leading_zeros()) as usize,
        };
        bits.div_ceil(64).max(1)
    }

    /// The magnitude into `out` (zero-extended), on several threads for large ints.
    pub(crate) fn write_limbs(&self, out: &mut [u64]) {
        let d = self.slice();
        split(out.len(), BLOCK_LIMBS, |ranges| {
            let mut rest = &mut *out;
            std::thread::scope(|s| {
                for (l0, l1) in ranges {
                    let (mine, tail) = std::mem::take(&mut rest).split_at_mut(l1 - l0);
                    rest = tail;
                    let d0 = (l0 / BLOCK_LIMBS * BLOCK_DIGITS).min(d.len());
                    let d1 = (l1.div_ceil(BLOCK_LIMBS) * BLOCK_DIGITS).min(d.len());
                    let src = &d[d0..d1];
                    s.spawn(move || digits_to_limbs(src, mine));
                }
            });
        });
    }
}

impl Fresh {
    fn digits(&self) -> &[u32] {
        // SAFETY: `len` digits of the int this owns.
        unsafe { std::slice::from_raw_parts(self.addr as *const u32, self.len) }
    }

    /// Where the digits go (address and count) for `fill_digits` off the GIL.
    pub(crate) fn target(&self) -> (usize, usize) {
        (self.addr, self.len)
    }
}

/// Writes `limbs` (little-endian) as the `len` digits at `addr` (a `Fresh::target`), zero-
/// extended, on several threads for large ints.
///
/// # Safety
/// `addr`/`len` must come from a live `Fresh` nothing else reads or writes meanwhile.
pub(crate) unsafe fn fill_digits(limbs: &[u64], (addr, len): (usize, usize)) {
    let out = std::slice::from_raw_parts_mut(addr as *mut u32, len);
    split(len, BLOCK_DIGITS, |ranges| {
        let mut rest = &mut *out;
        std::thread::scope(|s| {
            for (d0, d1) in ranges {
                let (mine, tail) = std::mem::take(&mut rest).split_at_mut(d1 - d0);
                rest = tail;
                let l0 = (d0 / BLOCK_DIGITS * BLOCK_LIMBS).min(limbs.len());
                let l1 = (d1.div_ceil(BLOCK_DIGITS) * BLOCK_LIMBS).min(limbs.len());
                let src = &limbs[l0..l1];
                s.spawn(move || limbs_to_digits(src, mine));
            }
        });
    });
}

/// Cuts `len` items into ranges of whole `block`s, one per thread (one range below
/// `PARALLEL_LIMBS`), and hands them to `run`.
fn split(len: usize, block: usize, run: impl FnOnce(Vec<(usize, usize)>)) {
    let threads = if len < PARALLEL_LIMBS {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(16))
    };
    let per = len.div_ceil(threads).div_ceil(block) * block;
    let ranges = (0..len)
        .step_by(per.max(block))
        .map(|a| (a, (a + per.max(block)).min(len)))
        .collect();
    run(ranges)
}

/// Digits (starting at bit 0 of `out[0]`) → limbs; bits past the digits are zero. Whole
/// blocks of 32 digits → 15 limbs run unrolled (constant shifts), the tail bit by bit.
fn digits_to_limbs(d: &[u32], out: &mut [u64]) {
    let whole = (d.len() / BLOCK_DIGITS).min(out.len() / BLOCK_LIMBS);
    let (d_head, d_tail) = d.split_at(whole * BLOCK_DIGITS);
    let (o_head, o_tail) = out.split_at_mut(whole * BLOCK_LIMBS);
    for (src, dst) in d_head
        .chunks_exact(BLOCK_DIGITS)
        .zip(o_head.chunks_exact_mut(BLOCK_LIMBS))
    {
        let mut acc: u128 = 0;
        let mut have = 0u32;
        let mut k = 0;
        for &x in src {
            acc |= ((x & DIGIT_MASK) as u128) << have;
            have += DIGIT_BITS;
            if have >= 64 {
                dst[k] = acc as u64;
                k += 1;
                acc >>= 64;
                have -= 64;
            }
        }
    }
    digits_to_limbs_tail(d_tail, o_tail);
}

fn digits_to_limbs_tail(d: &[u32], out: &mut [u64]) {
    let mut acc: u128 = 0;
    let mut have = 0u32;
    let mut it = d.iter();
    for o in out {
        while have < 64 {
            let Some(&x) = it.next() else { break };
            acc |= ((x & DIGIT_MASK) as u128) << have;
            have += DIGIT_BITS;
        }
        *o = acc as u64;
        acc >>= 64;
        have = have.saturating_sub(64);
    }
}

/// Limbs → digits (starting at bit 0 of `limbs[0]`); digits past the limbs are zero. Whole
/// blocks of 15 limbs → 32 digits run unrolled, the tail bit by bit.
fn limbs_to_digits(limbs: &[u64], out: &mut [u32]) {
    let whole = (limbs.len() / BLOCK_LIMBS).min(out.len() / BLOCK_DIGITS);
    let (l_head, l_tail) = limbs.split_at(whole * BLOCK_LIMBS);
    let (o_head, o_tail) = out.split_at_mut(whole * BLOCK_DIGITS);
    for (src, dst) in l_head
        .chunks_exact(BLOCK_LIMBS)
        .zip(o_head.chunks_exact_mut(BLOCK_DIGITS))
    {
        let mut acc: u128 = 0;
        let mut have = 0u32;
        let mut k = 0;
        for &x in src {
            acc |= (x as u128) << have;
            have += 64;
            while have >= DIGIT_BITS {
                dst[k] = acc as u32 & DIGIT_MASK;
                k += 1;
                acc >>= DIGIT_BITS;
                have -= DIGIT_BITS;
            }
        }
    }
    limbs_to_digits_tail(l_tail, o_tail);
}

fn limbs_to_digits_tail(limbs: &[u64], out: &mut [u32]) {
    let mut acc: u128 = 0;
    let mut have = 0u32;
    let mut it = limbs.iter();
    for o in out {
        if have < DIGIT_BITS {
            match it.next() {
                Some(&x) => {
                    acc |= (x as u128) << have;
                    have += 64;
                }
                None => have = DIGIT_BITS,
            }
        }
        *o = acc as u32 & DIGIT_MASK;
        acc >>= DIGIT_BITS;
        have -= DIGIT_BITS;
    }
}

/// The layout of this interpreter, if it is CPython with 30-bit digits and the checks pass.
fn learn(py: Python<'_>) -> PyResult<Option<Layout>> {
    let sys = py.import("sys")?;
    let int_info = sys.getattr("int_info")?;
    let bits: u32 = int_info.getattr("bits_per_digit")?.extract()?;
    let size: usize = int_info.getattr("sizeof_digit")?.extract()?;
    let imp: String = sys.getattr("implementation")?.getattr("name")?.extract()?;
    let version: (u32, u32) = sys
        .getattr("version_info")?
        .extract::<(u32, u32, u32, String, u32)>()
        .map(|v| (v.0, v.1))?;
    let int_type = py.get_type::<PyInt>();
    let basic: usize = int_type.getattr("__basicsize__")?.extract()?;
    let item: usize = int_type.getattr("__itemsize__")?.extract()?;
    if imp != "cpython" || bits != DIGIT_BITS || size != 4 || item != 4 || basic < 16 {
        return Ok(None);
    }
    let layout = Layout {
        digits_at: basic,
        tagged: version >= (3, 12),
        new: new_int_symbol(),
    };
    Ok(check(py, &layout)?.then_some(layout))
}

/// `_PyLong_New` from the running interpreter (absent: ints are made by a shift).
fn new_int_symbol() -> Option<NewInt> {
    // SAFETY: dlsym on the process's global symbols; the name is NUL-terminated.
    let p = unsafe { libc::dlsym(libc::RTLD_DEFAULT, c"_PyLong_New".as_ptr()) };
    // SAFETY: CPython's `PyLongObject *_PyLong_New(Py_ssize_t)`.
    (!p.is_null()).then(|| unsafe { std::mem::transmute::<*mut libc::c_void, NewInt>(p) })
}

/// Reads and writes test integers both ways and compares with `to_bytes` / `from_bytes`.
fn check(py: Python<'_>, layout: &Layout) -> PyResult<bool> {
    let sys = py.import("sys")?;
    let int_type = py.get_type::<PyInt>();
    let values = [
        "(1 << 200) | 12345",
        "-((3 << 97) + 7)",
        "(1 << 1000) - 1",
        "-(1 << 64)",
        "0x0123456789abcdef0fedcba987654321 ** 9",
    ];
    for src in values {
        let x = py.eval(&std::ffi::CString::new(src)?, None, None)?;
        let x = x.downcast::<PyInt>()?;
        // The digit count must agree with sys.getsizeof before any digit is read.
        let d = layout.digits(x);
        let sizeof: usize = sys.call_method1("getsizeof", (x,))?.extract()?;
        if sizeof != layout.digits_at + 4 * d.len.max(1) || d.negative != x.lt(0)? {
            return Ok(false);
        }
        let mag = if d.negative {
            x.neg()?
        } else {
            x.clone().into_any()
        };
        let nbytes = 8 * d.limbs();
        let bytes = mag.call_method1("to_bytes", (nbytes, "little"))?;
        let want: Vec<u64> = bytes
            .downcast::<PyBytes>()?
            .as_bytes()
            .chunks(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
            .collect();
        let mut got = vec![0u64; want.len()];
        d.write_limbs(&mut got);
        if got != want {
            return Ok(false);
        }
        // Writing: the same limbs back into a fresh int must equal x.
        let fresh = layout.fresh(py, (64 * want.len()).div_ceil(DIGIT_BITS as usize))?;
        // SAFETY: `fresh` is ours alone.
        unsafe { fill_digits(&want, fresh.target()) };
        let back = layout.finish(py, fresh, d.negative)?;
        if !back.eq(x)? || !back.get_type().is(&int_type) {
            return Ok(false);
        }
    }
    Ok(true)
}
