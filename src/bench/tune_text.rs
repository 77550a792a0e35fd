//! The text of `explore`'s and `tune`'s reports (`bench::tune`): the candidates' table, its
//! title, and what follows it for `tune` (the plans timed the `vc` way, or for real input the
//! re-timed pair, and the decision).

#[cfg(feature = "cli")]
use super::export::md_cell;
use super::tune::{RealTuneReport, TuneReport, TuneRequest};
use crate::runtime::show::{mib, ms};
use crate::vc::explore::Measured;
use crate::vc::verify::VcTimed;
#[cfg(feature = "cli")]
use tabled::builder::Builder;
#[cfg(feature = "cli")]
use tabled::settings::{object::Rows, Format, Modify, Style};

/// The header and rows of the candidates' table; a column of the bytes moved where the
/// transform counts them (the FFT).
pub fn table<C>(m: &[Measured<C>]) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let moved = m.iter().any(|r| r.moved_bytes.is_some());
    let mut head = vec![
        "#",
        "candidate",
        "passes",
        "kernel (median)",
        "min–max",
        "per pass (ms)",
        "GB/s",
        "flops/point",
        "rel L2",
    ];
    if moved {
        head.insert(6, "moved");
    }
    let dash = || "–".to_string();
    let rows = m
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let failed = r.error.is_some();
            let mut row = vec![
                (i + 1).to_string(),
                r.label.clone(),
                if failed {
                    dash()
                } else {
                    format!("{} ({})", r.passes, r.radices)
                },
                match &r.error {
                    Some(e) => format!("failed: {}", e.lines().next().unwrap_or("")),
                    None => ms(r.kernel_ms.median),
                },
                if failed {
                    dash()
                } else {
                    format!("{:.4}–{:.4}", r.kernel_ms.min, r.kernel_ms.max)
                },
                r.pass_ms
                    .iter()
                    .map(|x| format!("{x:.4}"))
                    .collect::<Vec<_>>()
                    .join(" "),
                if failed {
                    dash()
                } else {
                    format!("{:.0}", r.gbs)
                },
                match r.flops_per_point.is_finite() {
                    true => format!("{:.1}", r.flops_per_point),
                    false => dash(),
                },
                r.rel_l2.map_or(dash(), |e| format!("{e:.1e}")),
            ];
            if moved {
                let b = r.moved_bytes.map(|b| match b < 1 << 20 {
                    true => format!("{:.1} KiB", b as f64 / 1024.0),
                    false => mib(b),
                });
                row.insert(6, b.unwrap_or_else(dash));
            }
            row
        })
        .collect();
    (head, rows)
}

/// The candidates' [`table`] as text: box-drawn, or Markdown (`markdown`) with `|` escaped in
/// the cells (tabled is the command line's dependency).
#[cfg(feature = "cli")]
pub fn rendered_table<C>(m: &[Measured<C>], markdown: bool) -> String {
    let (head, rows) = table(m);
    let mut b = Builder::default();
    b.push_record(head);
    rows.into_iter().for_each(|r| b.push_record(r));
    let mut t = b.build();
    if markdown {
        // tabled writes cells as they are: escape `|` so a label cannot split a cell.
        t.with(Modify::new(Rows::new(1..)).with(Format::content(md_cell)));
        t.with(Style::markdown());
    } else {
        t.with(Style::sharp());
    }
    t.to_string()
}

/// The table's title line.
pub fn title(device: &str, r: &TuneRequest) -> String {
    let what = if r.real {
        "real VC (rfftn: real pass, complex passes as below, layout move)"
    } else {
        "VC"
    };
    format!("device {device}; {what} p = {}, n = {}; kernel time of the passes (data on the device), {} runs after 2 warm-ups", r.p, r.n, r.repeat)
}

/// One line of a plan timed the `vc` way: kernel median and range, and its passes.
fn timed_line(label: &str, t: &VcTimed) -> String {
    match &t.error {
        Some(e) => format!("  {label}: failed: {}", e.lines().next().unwrap_or("")),
        None => format!(
            "  {label}: {} ({:.4}–{:.4}){}",
            ms(t.kernel_ms.median),
            t.kernel_ms.min,
            t.kernel_ms.max,
            t.setup.as_ref().map_or(String::new(), |s| format!(
                ", {} passes ({})",
                s.passes, s.radices
            ))
        ),
    }
}

impl TuneReport {
    /// What follows the table in text: the verification's lines and the decision.
    pub fn text(&self) -> String {
        let v = &self.verification;
        let mut out = vec![format!(
            "timed as `vc` runs them (upload first, {} runs after a warm-up; kernel median, min–max):",
            self.repeat
        )];
        out.push(timed_line(
            "default (no wisdom), before explore",
            &self.default_before_explore,
        ));
        for t in std::iter::once(&v.default).chain(&v.contenders) {
            out.push(timed_line(&t.label, t));
        }
        out.push(match v.winner() {
            Some(win) => format!(
                "{}: fastest is {} at {} under `vc` (default {}); stored in {}",
                self.key,
                win.label,
                ms(win.kernel_ms.median),
                ms(v.default.kernel_ms.median),
                self.wisdom.display()
            ),
            None => format!(
                "{}: fastest in passes alone is {} at {}, but under `vc` none beat the default ({}) by {:.0}%: nothing stored, `vc` runs the default",
                self.key,
                self.best.label,
                ms(self.best.kernel_ms.median),
                ms(v.default.kernel_ms.median),
                v.margin * 100.0
            ),
        });
        out.join("\n")
    }
}

impl RealTuneReport {
    /// What follows the table in text: the re-timed pair and the decision.
    pub fn text(&self) -> String {
        let line = |m: &Measured| match &m.error {
            Some(e) => format!("  {}: failed: {}", m.label, e.lines().next().unwrap_or("")),
            None => format!(
                "  {}: {} ({:.4}–{:.4}), {} passes",
                m.label,
                ms(m.kernel_ms.median),
                m.kernel_ms.min,
                m.kernel_ms.max,
                m.passes
            ),
        };
        let mut out = vec!["re-timed on the same input (kernel median, min–max):".to_string()];
        out.push(line(&self.default));
        out.extend(self.contender.iter().map(line));
        out.push(match &self.stored {
            Some(label) => format!(
                "{}: {label} beats the default; stored in {} (vc --real reads it)",
                self.key,
                self.wisdom.display()
            ),
            None => format!(
                "{}: nothing beats the default; nothing stored, vc --real runs the default",
                self.key
            ),
        });
        out.join("\n")
    }
}
