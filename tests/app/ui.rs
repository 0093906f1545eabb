//! The web UI's own checks, run by `cargo test`: the TypeScript type check and the browser tests.

use std::path::Path;
use std::process::Command;

const UI_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/ui");
const CHROMIUM: &str = "/usr/bin/chromium";

fn run_npm_script(script: &str, command: &mut Command) {
    let status = command
        .args(["run", script])
        .current_dir(UI_DIR)
        .status()
        .unwrap_or_else(|error| {
            panic!("cannot run `npm run {script}` (is Node.js installed?): {error}")
        });
    assert!(status.success(), "`npm run {script}` failed ({status})");
}

#[test]
fn ui_type_check_passes() {
    run_npm_script("typecheck", &mut Command::new("npm"));
}

#[test]
fn browser_tests_pass() {
    if !Path::new(CHROMIUM).exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{CHROMIUM} is missing; CI must install Debian's chromium package"
        );
        eprintln!("skipping the browser tests: {CHROMIUM} is missing (apt-get install chromium)");
        return;
    }
    let mut npm = Command::new("npm");
    npm.env("CORKBOARD_BIN", env!("CARGO_BIN_EXE_corkboard"));
    run_npm_script("e2e", &mut npm);
}

#[test]
fn ui_bundle_is_embedded() {
    assert!(
        Path::new(UI_DIR).join("dist/index.html").exists(),
        "build.rs bundles the UI"
    );
}
