//! Bundles the web UI in `ui/` with esbuild (through `ui/build.mjs`) before the binary embeds it.

use std::path::Path;
use std::process::Command;

fn main() {
    for path in [
        "ui/src",
        "extension/src",
        "extension/manifest.json",
        "extension/options.html",
        "extension/_locales",
        "ui/build.mjs",
        "ui/compress.mjs",
        "ui/i18n-extract.mjs",
        "ui/package.json",
        "ui/package-lock.json",
    ] {
        println!("cargo:rerun-if-changed={path}");
    }
    let ui = Path::new("ui");
    if !installed_from_lock(ui) {
        run(
            Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(ui),
            "npm ci",
        );
    }
    run(
        Command::new("node").arg("build.mjs").current_dir(ui),
        "node ui/build.mjs",
    );
}

/// Whether `node_modules` holds what `package-lock.json` asks for: npm notes the tree it
/// installed in `node_modules/.package-lock.json`, newer than the lock file it came from.
fn installed_from_lock(ui: &Path) -> bool {
    let modified = |path: &Path| std::fs::metadata(path).and_then(|m| m.modified()).ok();
    match (
        modified(&ui.join("node_modules/.package-lock.json")),
        modified(&ui.join("package-lock.json")),
    ) {
        (Some(installed), Some(lock)) => installed >= lock,
        _ => false,
    }
}

fn run(command: &mut Command, what: &str) {
    let status = command.status().unwrap_or_else(|error| {
        panic!("cannot run `{what}` to build the web UI (is Node.js installed?): {error}")
    });
    assert!(
        status.success(),
        "`{what}` failed while building the web UI ({status})"
    );
}
