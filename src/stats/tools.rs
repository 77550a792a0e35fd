//! External tools (ptxas, cuobjdump, objdump, ...): found on PATH, run with captured output.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The full path of an executable on PATH, if there is one.
pub fn which(name: &str) -> Option<PathBuf> {
    crate::settings::path_dirs()
        .into_iter()
        .map(|d| d.join(name))
        .find(|p| is_executable(p))
}

fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p)
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

/// Runs `tool args…` and returns its stdout, or a message with its stderr when it fails.
pub fn run(tool: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new(tool)
        .args(args)
        .output()
        .map_err(|e| format!("{}: {e}", tool.display()))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let first = err.lines().next().unwrap_or("").trim();
        return Err(format!(
            "{} failed ({}): {first}",
            tool.display(),
            out.status
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// A fresh scratch directory under the system temp dir with an unpredictable name (created
/// atomically, owner-only), removed on drop.
pub struct Scratch(tempfile::TempDir);

impl Scratch {
    /// A fresh folder `jitfft-{tag}-…` under the system temp dir.
    pub fn new(tag: &str) -> std::io::Result<Scratch> {
        tempfile::Builder::new()
            .prefix(&format!("jitfft-{tag}-"))
            .tempdir()
            .map(Scratch)
    }

    /// The folder's path.
    pub fn path(&self) -> &Path {
        self.0.path()
    }
}

/// The number written just before `suffix` in `line` ("12 registers" → 12).
pub fn number_before(line: &str, suffix: &str) -> Option<u64> {
    let at = line.find(suffix)?;
    let head = line[..at].trim_end();
    let digits: String = head
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_digit())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    digits.parse().ok()
}

/// The integer after `key` in `line` ("NumVgprs: 12" with key "NumVgprs:" → 12).
pub fn number_after(line: &str, key: &str) -> Option<u64> {
    let at = line.find(key)? + key.len();
    let digits: String = line[at..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits.parse().ok()
}

/// Runs `cmd` and returns whether it succeeded and its stdout and stderr together (the whole
/// log, for a failed build's report).
pub fn run_logged(cmd: &mut Command) -> Result<(bool, String), String> {
    let out = cmd
        .output()
        .map_err(|e| format!("{}: {e}", cmd.get_program().to_string_lossy()))?;
    let mut log = String::from_utf8_lossy(&out.stdout).into_owned();
    log.push_str(&String::from_utf8_lossy(&out.stderr));
    Ok((out.status.success(), log))
}

/// Keeps `source` as `{dir}/{tag}-{first 16 hex digits of its sha256}.cl` (for a failed
/// build's report); the system temp dir when `dir` cannot be written.
pub fn keep_source(dir: &Path, tag: &str, source: &str) -> PathBuf {
    use sha2::{Digest, Sha256};
    let hash: String = Sha256::digest(source.as_bytes())
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect();
    let name = format!("{tag}-{hash}.cl");
    let path = dir.join(&name);
    if std::fs::create_dir_all(dir).is_ok() && std::fs::write(&path, source).is_ok() {
        return path;
    }
    let fallback = std::env::temp_dir().join(format!("jitfft-{name}"));
    let _ = std::fs::write(&fallback, source);
    fallback
}
