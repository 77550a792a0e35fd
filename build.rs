//! Records the git commit of the build (`JITFFT_BUILD_COMMIT`: short hash, `-dirty` when
//! tracked files differ from it), so results written by a binary run outside the checkout
//! still name their commit. Without git or outside a repository nothing is set.

use std::path::PathBuf;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .env("GIT_OPTIONAL_LOCKS", "0") // never rewrite the index from a build
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    for p in ["src", "cl", "Cargo.toml", "Cargo.lock", "build.rs"] {
        println!("cargo:rerun-if-changed={p}");
    }
    let Some(hash) = git(&["rev-parse", "--short", "HEAD"]) else {
        return;
    };
    // Re-run when HEAD moves: its file, the branch it points to, packed refs, the index.
    if let (Some(dir), Some(common)) = (
        git(&["rev-parse", "--git-dir"]),
        git(&["rev-parse", "--git-common-dir"]),
    ) {
        let (dir, common) = (PathBuf::from(dir), PathBuf::from(common));
        println!("cargo:rerun-if-changed={}", dir.join("HEAD").display());
        println!("cargo:rerun-if-changed={}", dir.join("index").display());
        // Only where it exists: cargo takes a missing rerun-if-changed path as changed, so
        // a repository without packed refs rebuilt the crate at every cargo command.
        let packed = common.join("packed-refs");
        if packed.exists() {
            println!("cargo:rerun-if-changed={}", packed.display());
        }
        if let Some(r) = git(&["symbolic-ref", "-q", "HEAD"]) {
            println!("cargo:rerun-if-changed={}", common.join(r).display());
        }
    }
    let dirty = Command::new("git")
        .args(["diff-index", "--quiet", "HEAD", "--"])
        .env("GIT_OPTIONAL_LOCKS", "0")
        .status()
        .map(|s| !s.success())
        .unwrap_or(false);
    let suffix = if dirty { "-dirty" } else { "" };
    println!("cargo:rustc-env=JITFFT_BUILD_COMMIT={hash}{suffix}");
}
