//! Build facts for `highnoon --version`: the commit the program was built
//! from (`unknown` outside a git checkout). Also rebuilds when a file is
//! added to the shipped data, which the program carries inside it
//! (`src/shipped.rs`).

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
        .filter(|s| !s.is_empty())
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=assets");
    println!("cargo:rerun-if-changed=scenarios");
    // A new commit (HEAD moved, or the branch it names) changes the version line.
    // (Only files that are there: a missing one would rebuild every time.)
    let mut watched = vec![
        "HEAD".to_string(),
        "logs/HEAD".to_string(),
        "packed-refs".to_string(),
    ];
    watched.extend(git(&["symbolic-ref", "-q", "HEAD"]));
    for file in watched {
        if let Some(p) = git(&["rev-parse", "--git-path", &file])
            && std::path::Path::new(&p).exists()
        {
            println!("cargo:rerun-if-changed={p}");
        }
    }
    // Only this package's own checkout says its commit (not a repository
    // that happens to hold the folder it was unpacked in).
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let ours = git(&["rev-parse", "--show-toplevel"]).is_some_and(|top| {
        std::fs::canonicalize(&top).ok() == std::fs::canonicalize(&manifest).ok()
    });
    let commit = ours
        .then(|| git(&["rev-parse", "--short=12", "HEAD"]))
        .flatten()
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=HIGHNOON_COMMIT={commit}");
}
