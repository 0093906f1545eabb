//! The benchmark's smoke run: every part of `bench/bench.py` on two tiny datasets with this build,
//! so the benchmark cannot rot. The figures are not judged here; `bench/run` measures for real.

use std::path::Path;
use std::process::Command;

#[test]
fn the_benchmark_runs_every_part_and_writes_its_report() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let folder = tempfile::tempdir().unwrap();
    let report = folder.path().join("RESULTS.md");
    let mut command = Command::new("python3");
    command
        .arg(root.join("bench/bench.py"))
        .args(["--smoke", "--bin", env!("CARGO_BIN_EXE_corkboard")])
        .arg("--report")
        .arg(&report);
    // CI installs the peers (bench/install-peers); elsewhere a missing one is skipped.
    if std::env::var_os("CI").is_none() {
        command.arg("--allow-missing");
    }
    let status = command
        .status()
        .expect("cannot run python3 for the benchmark");
    assert!(
        status.success(),
        "the benchmark's smoke run failed ({status})"
    );
    let text = std::fs::read_to_string(&report).unwrap();
    for heading in [
        "## Machine and versions",
        "## Dataset, 300 pins",
        "## Dataset, 600 pins",
        "## Serving under load, 600 pins",
        "## Ingest",
        "## First load (Lighthouse)",
        "## Serving under load",
        "## An owner's writes on a board, 600 pins",
        "pins: Board rename does not grow with the board:",
        "## Footprint",
        "| backup while serving, second, incremental",
        "| export of the whole instance",
        "| import of that archive into an empty folder",
        "## Media storage",
        "## Targets",
    ] {
        assert!(
            text.contains(heading),
            "the report lacks {heading}:\n{text}"
        );
    }
    if std::env::var_os("CI").is_some() {
        for section in [
            "### photo-",
            "| Home list, pins(first: 50) |",
            "errors | machine probe |",
            "(machine probe ",
            "while uploads are processed",
            "| S3 (moto) |",
            "| S3 (moto), redirect to a presigned URL |",
            "| Home page, first view: <= 200 KB transferred before pictures |",
        ] {
            assert!(
                text.contains(section),
                "the report lacks {section}:\n{text}"
            );
        }
    }
}

/// `bench.py --executors` on a tiny dataset: the rows answered anew at each request, against
/// async-graphql's executor (`plain`) and ours (`own`), side by side.
#[test]
fn the_executor_comparison_runs_and_writes_its_table() {
    comparison_runs_and_writes_its_table("--executors", "plain,own", "GraphQL executors");
}

/// `bench.py --planners`: the same rows with the services asked round by round (`plain`) and
/// read ahead (`ahead`).
#[test]
fn the_planner_comparison_runs_and_writes_its_table() {
    comparison_runs_and_writes_its_table("--planners", "plain,ahead", "Load planners");
}

fn comparison_runs_and_writes_its_table(flag: &str, paths: &str, title: &str) {
    if std::env::var_os("CI").is_none() && Command::new("wrk").arg("-v").output().is_err() {
        eprintln!("skipped: wrk is not installed (bench/install-peers installs it)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let folder = tempfile::tempdir().unwrap();
    let report = folder.path().join("paths.md");
    let status = Command::new("python3")
        .arg(root.join("bench/bench.py"))
        .args(["--smoke", "--scale", "100k", flag, paths])
        .args(["--bin", env!("CARGO_BIN_EXE_corkboard")])
        .arg("--report")
        .arg(&report)
        .status()
        .expect("cannot run python3 for the benchmark");
    assert!(status.success(), "{flag} failed ({status})");
    let text = std::fs::read_to_string(&report).unwrap();
    for line in [
        &format!("## {title} side by side, 300 pins"),
        "| request | plain requests/s |",
        "| Home list, pins(first: 50), signed in |",
        "| Board page, signed in |",
        "| Text search, one word, rare, never kept |",
        "requests/s ratio | p99 ratio |",
    ] {
        assert!(
            text.contains(line),
            "the report lacks {line}:
{text}"
        );
    }
}
