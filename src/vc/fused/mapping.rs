//! Work-item ↔ tile mappings of a fused pass (load, sub-stages, store) and the element
//! weights of its local exchange buffer: what the bank-conflict model counts and the
//! generator turns into index expressions.

use super::pass::FusedPass;

/// A thread ↔ tile assignment: register digits R (j's digits) and thread digits T (t's).
pub(crate) struct Mapping {
    pub(crate) regs: Vec<usize>,
    pub(crate) threads: Vec<usize>,
}

impl Mapping {
    pub(crate) fn new(pass: &FusedPass, regs: Vec<usize>, order_by_out: bool) -> Mapping {
        let mut threads: Vec<usize> = (0..pass.tile.len()).filter(|i| !regs.contains(i)).collect();
        if order_by_out {
            threads.sort_by_key(|&i| pass.tile[i].out_pos);
        } else {
            threads.sort_by_key(|&i| pass.tile[i].in_pos);
        }
        Mapping { regs, threads }
    }
    /// Tile digit values of register j.
    pub(crate) fn j_digits(&self, p: u64, j: u64) -> Vec<(usize, u64)> {
        let mut v = Vec::new();
        let mut x = j;
        for &d in &self.regs {
            v.push((d, x % p));
            x /= p;
        }
        v
    }
}

pub(crate) fn pw(p: u64, e: u32) -> u64 {
    p.pow(e)
}

/// Register digits for sub-stage s: its transformed digits, topped up with the highest other
/// tile digits so that every sub-stage holds exactly b digits.
pub(crate) fn stage_regs(pass: &FusedPass, s: usize) -> Vec<usize> {
    // Resident digits come first in every mapping, so a register holds the same resident
    // value in all of them and a round never overwrites a register it has yet to write.
    let mut regs = pass.resident.clone();
    regs.extend(
        pass.substages[s]
            .iter()
            .filter(|d| !pass.resident.contains(d)),
    );
    let mut others: Vec<usize> = (0..pass.tile.len()).filter(|i| !regs.contains(i)).collect();
    others.sort_by_key(|&i| std::cmp::Reverse(pass.tile[i].in_pos));
    for d in others {
        if regs.len() as u32 >= pass.b {
            break;
        }
        regs.push(d);
    }
    regs
}

/// Store mapping: registers hold the b digits with the highest output positions, so the
/// threads (ordered by output position) cover the lowest ones and write contiguous runs.
pub(crate) fn store_mapping(pass: &FusedPass) -> Mapping {
    let mut by_out: Vec<usize> = (0..pass.tile.len())
        .filter(|i| !pass.resident.contains(i))
        .collect();
    by_out.sort_by_key(|&i| std::cmp::Reverse(pass.tile[i].out_pos));
    let mut top: Vec<usize> = by_out
        .iter()
        .take(pass.b as usize - pass.resident.len())
        .copied()
        .collect();
    top.sort_by_key(|&i| pass.tile[i].out_pos);
    let mut store_regs: Vec<usize> = pass.resident.clone();
    store_regs.extend(top);
    Mapping::new(pass, store_regs, true)
}

/// Element weights of the local exchange buffer: tile digits in order, resident digits
/// weighing nothing (a round holds one value of them).
pub(crate) struct LocalLayout {
    weight: Vec<u64>,
    p: u64,
}

impl LocalLayout {
    pub(crate) fn new(pass: &FusedPass) -> LocalLayout {
        let p = pass.p as u64;
        let mut weight = vec![0u64; pass.tile.len()];
        let mut acc = 1;
        for (d, wgt) in weight.iter_mut().enumerate() {
            if !pass.resident.contains(&d) {
                *wgt = acc;
                acc *= p;
            }
        }
        LocalLayout { weight, p }
    }
    /// Weights of a mapping's thread digits (for `spread`).
    pub(crate) fn thread_weights(&self, m: &Mapping) -> Vec<u64> {
        m.threads.iter().map(|&d| self.weight[d]).collect()
    }
    /// Local element offset of work-item t's part of the tile.
    pub(crate) fn thread_offset(&self, m: &Mapping, t: u64) -> u64 {
        let mut x = t;
        let mut off = 0;
        for w in self.thread_weights(m) {
            off += (x % self.p) * w;
            x /= self.p;
        }
        off
    }
    /// Local element offset of register j (resident digits excluded).
    pub(crate) fn reg_offset(&self, m: &Mapping, p: u64, j: u64) -> u64 {
        m.j_digits(p, j)
            .iter()
            .map(|&(d, v)| v * self.weight[d])
            .sum()
    }
}

/// The thread mappings a pass goes through: load, every later sub-stage, store.
pub(crate) fn pass_mappings(pass: &FusedPass) -> Vec<Mapping> {
    let mut maps = vec![Mapping::new(pass, stage_regs(pass, 0), false)];
    for s in 1..pass.substages.len() {
        maps.push(Mapping::new(pass, stage_regs(pass, s), false));
    }
    let store = store_mapping(pass);
    let last = maps.last().expect("a load mapping");
    if store.threads != last.threads || store.regs != last.regs {
        maps.push(store);
    }
    maps
}
