//! What every results file states: the command, date, git commit, device and driver.

use serde::{Deserialize, Serialize};

/// Where a run of results comes from: command, date, commit, devices, version.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunMeta {
    /// The command line as typed.
    pub command: String,
    /// UTC, ISO 8601.
    pub date: String,
    /// The git commit of the build (`JITFFT_COMMIT`, else the one built in, else
    /// `git rev-parse` here), or "unknown".
    pub commit: String,
    /// "name \[platform\] (OpenCL version, driver …)" per device.
    pub devices: Vec<String>,
    /// The crate version.
    pub jitfft_version: String,
}

impl RunMeta {
    /// The metadata of this process for `devices`: command line, current UTC time, commit, version.
    pub fn new(devices: Vec<String>) -> RunMeta {
        RunMeta {
            command: command_line(),
            date: utc_now(),
            commit: git_commit(),
            devices,
            jitfft_version: env!("CARGO_PKG_VERSION").to_string(),
        }
    }

    /// One `key: value` line each, for the headers of reports.
    pub fn lines(&self) -> Vec<String> {
        let mut v = vec![
            format!("command: {}", self.command),
            format!("date: {}", self.date),
            format!("git commit: {}", self.commit),
            format!("jitfft: {}", self.jitfft_version),
        ];
        for d in &self.devices {
            v.push(format!("device: {d}"));
        }
        v
    }
}

/// The command line as typed (arguments with spaces quoted).
pub fn command_line() -> String {
    std::env::args()
        .map(|a| if a.contains(' ') { format!("'{a}'") } else { a })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `JITFFT_COMMIT`, else the commit this binary was built from (build.rs: short hash,
/// `-dirty` when tracked files differed), else `git rev-parse --short HEAD` in the current
/// folder, else "unknown".
pub fn git_commit() -> String {
    if let Some(c) = crate::runtime::env::commit() {
        return c;
    }
    if let Some(c) = option_env!("JITFFT_BUILD_COMMIT") {
        return c.to_string();
    }
    std::process::Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .stderr(std::process::Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".into())
}

/// Now, as "YYYY-MM-DDTHH:MM:SSZ".
pub fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    utc_string(secs)
}

/// Seconds since the epoch as a UTC timestamp (civil-from-days, proleptic Gregorian).
pub fn utc_string(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn known_dates() {
        assert_eq!(super::utc_string(0), "1970-01-01T00:00:00Z");
        assert_eq!(super::utc_string(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(super::utc_string(1_700_000_000), "2023-11-14T22:13:20Z");
    }
}
