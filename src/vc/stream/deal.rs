//! Which chunks of each pass a streamed run takes, and when a pass may start.
//!
//! One device takes every chunk in order ([`InOrder`]). A device set ([`SetDeal`]) shares one
//! counter per pass: each member takes the next chunk when it is free for one, so a faster
//! device takes more; a pass starts once every member has finished the pass before it (a
//! chunk of pass 2 reads values of many chunks of pass 1). A member's failure stops the
//! others: they take no more chunks and no member waits at a pass start.

use crate::error::Result;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Instant;

/// The chunks a run takes, pass by pass.
pub(super) trait Deal: Sync {
    /// Waits until pass `pass` may start (`pass` = the pass count: the run's end); false: stop,
    /// another member failed.
    fn begin(&self, pass: usize) -> bool;
    /// The next chunk of pass `pass` (of `chunks`) this run takes; `None`: none left.
    fn next(&self, pass: usize, chunks: u64) -> Result<Option<u64>>;
    /// This run failed: the others take no more chunks.
    fn fail(&self);
}

/// One device: every chunk of each pass, in order.
#[derive(Default)]
pub(super) struct InOrder {
    next: AtomicU64,
}

impl Deal for InOrder {
    fn begin(&self, _: usize) -> bool {
        self.next.store(0, Ordering::Relaxed);
        true
    }

    fn next(&self, _: usize, chunks: u64) -> Result<Option<u64>> {
        let k = self.next.fetch_add(1, Ordering::Relaxed);
        Ok((k < chunks).then_some(k))
    }

    fn fail(&self) {}
}

/// Members arrived at each pass start, when the last arrived, and whether a member failed.
struct Gate {
    arrived: Vec<usize>,
    released: Vec<Option<Instant>>,
    failed: bool,
}

/// A device set's chunks: one counter per pass shared by the members.
pub struct SetDeal {
    members: usize,
    counters: Vec<AtomicU64>,
    failed: AtomicBool,
    gate: Mutex<Gate>,
    turn: Condvar,
}

impl SetDeal {
    /// The deal of `passes` passes over `members` members.
    pub fn new(members: usize, passes: usize) -> SetDeal {
        SetDeal {
            members,
            counters: (0..passes).map(|_| AtomicU64::new(0)).collect(),
            failed: AtomicBool::new(false),
            gate: Mutex::new(Gate {
                arrived: vec![0; passes + 1],
                released: vec![None; passes + 1],
                failed: false,
            }),
            turn: Condvar::new(),
        }
    }

    fn gate(&self) -> std::sync::MutexGuard<'_, Gate> {
        // A member's panic is caught before it could poison the lock; take it anyway.
        self.gate.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// When every member had arrived at each pass start (the last: the run's end); `None`
    /// where a failure stopped the run first.
    pub fn released(&self) -> Vec<Option<Instant>> {
        self.gate().released.clone()
    }
}

impl Deal for SetDeal {
    fn begin(&self, pass: usize) -> bool {
        let mut g = self.gate();
        g.arrived[pass] += 1;
        if g.arrived[pass] == self.members {
            g.released[pass] = Some(Instant::now());
            self.turn.notify_all();
        }
        while g.arrived[pass] < self.members && !g.failed {
            g = self.turn.wait(g).unwrap_or_else(|e| e.into_inner());
        }
        !g.failed
    }

    fn next(&self, pass: usize, chunks: u64) -> Result<Option<u64>> {
        if self.failed.load(Ordering::SeqCst) {
            return Ok(None);
        }
        let k = self.counters[pass].fetch_add(1, Ordering::SeqCst);
        Ok((k < chunks).then_some(k))
    }

    fn fail(&self) {
        self.failed.store(true, Ordering::SeqCst);
        self.gate().failed = true;
        self.turn.notify_all();
    }
}

/// One member's view of a [`SetDeal`]: `inject` (a test hook) fails its first request for a
/// chunk, while the other members run.
pub(super) struct MemberDeal<'a> {
    pub(super) set: &'a SetDeal,
    pub(super) inject: Option<Box<dyn Fn() -> Result<()> + Sync + 'a>>,
}

impl Deal for MemberDeal<'_> {
    fn begin(&self, pass: usize) -> bool {
        self.set.begin(pass)
    }

    fn next(&self, pass: usize, chunks: u64) -> Result<Option<u64>> {
        if let (0, Some(f)) = (pass, &self.inject) {
            f()?;
        }
        self.set.next(pass, chunks)
    }

    fn fail(&self) {
        self.set.fail()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_take_every_chunk_once_and_wait_for_each_other() {
        let (members, chunks) = (3usize, [7u64, 2]);
        let deal = SetDeal::new(members, chunks.len());
        let taken = Mutex::new(vec![Vec::new(); chunks.len()]);
        std::thread::scope(|s| {
            for _ in 0..members {
                s.spawn(|| {
                    for (j, &c) in chunks.iter().enumerate() {
                        assert!(deal.begin(j));
                        // Every member has finished the pass before: all its chunks taken.
                        if j > 0 {
                            assert_eq!(taken.lock().unwrap()[j - 1].len() as u64, chunks[j - 1]);
                        }
                        while let Some(k) = deal.next(j, c).unwrap() {
                            taken.lock().unwrap()[j].push(k);
                        }
                    }
                    assert!(deal.begin(chunks.len()));
                });
            }
        });
        for (j, mut t) in taken.into_inner().unwrap().into_iter().enumerate() {
            t.sort();
            assert_eq!(t, (0..chunks[j]).collect::<Vec<_>>());
        }
        assert!(deal.released().iter().all(Option::is_some));
    }

    #[test]
    fn a_failure_releases_the_others() {
        let deal = SetDeal::new(2, 2);
        std::thread::scope(|s| {
            s.spawn(|| {
                assert!(deal.begin(0));
                deal.fail();
            });
            s.spawn(|| {
                // Pass 0 may start or already be stopped (the other member may fail before
                // this one wakes: CI saw both orders); either way it returns.
                let _ = deal.begin(0);
                // Never waits forever: the failed member never arrives at pass 1.
                assert!(!deal.begin(1));
                assert_eq!(deal.next(1, 5).unwrap(), None);
            });
        });
    }
}
