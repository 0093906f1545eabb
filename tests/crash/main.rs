//! Crash safety, proven: workers sign up, make folders and boards, upload and pin pictures, edit,
//! share and delete against the real binary, which is killed with SIGKILL at random moments
//! (sometimes while it starts) and started again on the same data folder. After each kill:
//! `corkboard check` finds the folder consistent; after each restart, every answered mutation
//! is there, each unanswered one happened wholly or not at all, every pin's pictures are served,
//! search agrees with the database, and the clean-up removes picture files no pin shows.
//!
//! Settings (environment): `CRASH_KILLS` (default 6), `CRASH_SEED` (default 1), `CRASH_BIN`
//! (default: this build's binary), `CRASH_WORKERS` (default 4), `CRASH_MAX_MS` (longest run
//! before a kill, default 1500), `CRASH_KEEP` (keep the data folder and the servers' log). `tests/crash/run` kills the release build 100 times.

mod client;
mod model;
#[allow(dead_code)]
#[path = "../common/pictures.rs"]
mod pictures;
mod server;
mod settle;
mod verify;
mod workload;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::server::Server;
use crate::verify::Verifier;
use crate::workload::Ctx;

fn setting<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

/// The run's folder, kept when it fails so that the data and the log can be looked at.
struct Run {
    folder: Option<tempfile::TempDir>,
    data: PathBuf,
    log: PathBuf,
    seed: u64,
}

impl Run {
    fn fail(&mut self, cycle: u32, why: &str) -> ! {
        let kept = self.folder.take().map(tempfile::TempDir::keep);
        panic!(
            "crash test failed at kill {cycle} (seed {}): {why}\n\
             data folder and log kept in {kept:?}; the log ends with:\n{}",
            self.seed,
            server::log_tail(&self.log)
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_at_random_moments_the_server_keeps_every_answered_write_and_nothing_half_done() {
    let kills: u32 = setting("CRASH_KILLS", 6);
    let seed: u64 = setting("CRASH_SEED", 1);
    let workers: usize = setting("CRASH_WORKERS", 4);
    let max_ms: u64 = setting("CRASH_MAX_MS", 1500);
    let bin = PathBuf::from(setting(
        "CRASH_BIN",
        env!("CARGO_BIN_EXE_corkboard").to_owned(),
    ));
    println!(
        "crash test: seed {seed}, {kills} kills, {workers} workers, binary {}",
        bin.display()
    );
    let folder = tempfile::tempdir().unwrap();
    let mut run = Run {
        data: folder.path().join("data"),
        log: folder.path().join("server.log"),
        folder: Some(folder),
        seed,
    };
    let pictures = (0..8).map(|i| pictures::png(300, 200, i)).collect();
    let ctx = Arc::new(Ctx::new(pictures));
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut answered, mut unanswered, mut checked, mut start_kills) = (0, 0, 0, 0);
    let started = Instant::now();

    let mut server = Server::start(&bin, &run.data, &run.log);
    for cycle in 1..=kills {
        let handles: Vec<_> = (0..workers)
            .map(|worker| {
                let worker_seed = seed ^ (u64::from(cycle) << 16) ^ worker as u64;
                let rng = StdRng::seed_from_u64(worker_seed);
                tokio::spawn(workload::run(ctx.clone(), server.base.clone(), worker, rng))
            })
            .collect();
        let delay = if rng.random_bool(0.1) {
            rng.random_range(0..30)
        } else {
            rng.random_range(50..=max_ms.max(51))
        };
        tokio::time::sleep(Duration::from_millis(delay)).await;
        server.kill();
        let mut pending = Vec::new();
        for handle in handles {
            match handle.await {
                Ok(Ok(left)) => pending.extend(left),
                Ok(Err(why)) => run.fail(cycle, &why),
                Err(panicked) => run.fail(cycle, &format!("a worker panicked: {panicked}")),
            }
        }
        let answered_now = std::mem::take(&mut ctx.model.lock().unwrap().answered);
        answered += answered_now;
        unanswered += pending.len();
        check_offline(&bin, &mut run, cycle);

        // Now and then, a kill while the server starts (repairing, indexing, cleaning up).
        if rng.random_bool(0.15) {
            start_kills += 1;
            Server::start_and_kill(&bin, &run.data, &run.log, rng.random_range(0..150));
            check_offline(&bin, &mut run, cycle);
        }

        server = Server::start(&bin, &run.data, &run.log);
        let verifier = Verifier {
            ctx: &ctx,
            base: &server.base,
        };
        for left in pending {
            if let Err(why) = verifier.settle(left).await {
                run.fail(cycle, &why);
            }
        }
        match verifier.everything(&mut rng).await {
            Ok(count) => checked += count,
            Err(failures) => run.fail(cycle, &failures.join("\n")),
        }
        if let Err(why) = verify::unshown_files_cleaned(&ctx, &run.data).await {
            run.fail(cycle, &why);
        }
        let model = ctx.model.lock().unwrap();
        println!(
            "kill {cycle}: after {delay} ms, {answered_now} mutations answered and verified; \
             now {} users, {} boards, {} pins",
            model.users.len(),
            model.boards.len(),
            model.pins.len()
        );
    }
    server.stop();
    check_offline(&bin, &mut run, kills);
    let log = std::fs::read_to_string(&run.log).unwrap_or_default();
    // The server would start, with its index made anew, but a crash must not need that.
    assert!(
        !log.contains("could not take the pins changed before a crash"),
        "a start could not index the pins a crash left marked (seed {seed})"
    );
    let caught_up = log.matches("indexing pins changed before a crash").count();
    let cleaned: usize = log
        .lines()
        .filter_map(|line| {
            line.split_once("picture_files: ")?
                .1
                .split([' ', ',', '}'])
                .next()
        })
        .filter_map(|count| count.parse::<usize>().ok())
        .sum();
    println!(
        "crash windows hit: {caught_up} starts indexed pins a crash left marked; the clean-up \
         removed {cleaned} picture files a crash left without a pin"
    );
    let errors: std::collections::BTreeSet<&str> = log
        .lines()
        .filter(|line| line.contains(" ERROR ") || line.contains(" WARN "))
        .map(|line| line.split_once(": ").map_or(line, |(_, message)| message))
        .collect();
    println!(
        "the servers logged {} kinds of warnings and errors:",
        errors.len()
    );
    for line in errors.iter().take(20) {
        println!("  {line}");
    }
    if std::env::var_os("CRASH_KEEP").is_some() {
        let kept = run.folder.take().map(tempfile::TempDir::keep);
        println!("data folder and log kept in {kept:?}");
    }
    println!(
        "crash test passed: seed {seed}; {} kills ({kills} while serving, {start_kills} while \
         starting); {answered} answered mutations verified, {unanswered} unanswered ones settled \
         (each wholly done or not at all); {checked} things compared; {:.0} s",
        kills + start_kills,
        started.elapsed().as_secs_f64()
    );
}

/// `corkboard check` on the data folder while no server runs.
fn check_offline(bin: &Path, run: &mut Run, cycle: u32) {
    let (consistent, report) = server::check(bin, &run.data, &run.log);
    if !consistent {
        run.fail(cycle, &format!("corkboard check found problems:\n{report}"));
    }
}
