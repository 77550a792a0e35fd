//! The writers of a [`Report`]: JSON for `--json` (the families' text forms stay theirs).

use super::Report;

/// The report as pretty JSON (what every command's `--json` prints).
pub fn json(report: &Report) -> String {
    serde_json::to_string_pretty(report).expect("a report's fields are JSON values")
}
