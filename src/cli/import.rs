//! `corkboard import-dir DIR --user NAME --board TITLE`: imports a folder of the server's
//! pictures for an account, with a progress bar. A running server does the work (through its
//! control socket) and this command follows it; with the server stopped, this command opens the
//! data folder and does it itself. Interrupted, the import goes on at the server's next start.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;

use crate::control;
use corkboard_core::service::context::Services;
use corkboard_core::service::import_runner;
use corkboard_core::service::operator::{ImportStatus, OperatorCommand, carry_out};
use corkboard_domain::config::Config;

#[derive(Debug, clap::Args)]
pub struct ImportDirArgs {
    /// The folder of pictures (JPEG, PNG, GIF, WebP); each sub-folder becomes a board.
    dir: PathBuf,
    /// The account the pins are for.
    #[arg(long, value_name = "NAME")]
    user: String,
    /// The board for the pictures directly inside the folder (made when missing).
    #[arg(long, value_name = "TITLE")]
    board: String,
}

const POLL: Duration = Duration::from_millis(250);

pub fn run(config: Config, args: ImportDirArgs) -> anyhow::Result<()> {
    let dir = std::fs::canonicalize(&args.dir)
        .with_context(|| format!("cannot find the folder {}", args.dir.display()))?;
    let start = OperatorCommand::ImportDir {
        dir,
        username: args.user,
        board: args.board,
    };
    let socket = control::socket_path(&config);
    let status = match control::send(&socket, &start)? {
        Some(answer) => {
            let job = job_id(answer)?;
            follow(|| {
                let answer = control::send(&socket, &OperatorCommand::ImportStatus { job })?
                    .context("the server stopped; the import goes on at its next start")?;
                status_of(answer)
            })?
        }
        None => import_here(config, start)?,
    };
    println!(
        "{} pictures: {} pinned, {} already pinned, {} failed (the failures, with their reasons, are on the account's profile page).",
        status.total, status.created, status.duplicates, status.failed
    );
    Ok(())
}

/// With the server stopped: opens the data folder and runs the import itself.
fn import_here(config: Config, start: OperatorCommand) -> anyhow::Result<ImportStatus> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let status = runtime.block_on(async move {
        let services = tokio::task::spawn_blocking(move || Services::open(config)).await??;
        let job = job_id(control::Answer::of(carry_out(&services, start).await))?;
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let runner = tokio::spawn(import_runner::runner(services.clone(), stopped));
        let status = loop {
            let answer = control::Answer::of(
                carry_out(&services, OperatorCommand::ImportStatus { job }).await,
            );
            let status = status_of(answer)?;
            draw(&status);
            if status.finished {
                break status;
            }
            tokio::time::sleep(POLL).await;
        };
        let _ = stop.send(true);
        let _ = runner.await;
        anyhow::Ok(status)
    })?;
    eprintln!();
    runtime.shutdown_background();
    Ok(status)
}

/// Asks for the status until the import is finished, drawing the progress bar.
fn follow(mut ask: impl FnMut() -> anyhow::Result<ImportStatus>) -> anyhow::Result<ImportStatus> {
    loop {
        let status = ask()?;
        draw(&status);
        if status.finished {
            eprintln!();
            return Ok(status);
        }
        std::thread::sleep(POLL);
    }
}

/// The progress bar: `45/100  pinned 40, already 3, failed 2`.
fn draw(status: &ImportStatus) {
    let details = format!(
        "pinned {}, already {}, failed {}",
        status.created, status.duplicates, status.failed
    );
    crate::progress::draw(status.done, status.total, &details);
}

fn job_id(answer: control::Answer) -> anyhow::Result<u64> {
    if !answer.ok {
        anyhow::bail!("{}", answer.message);
    }
    answer
        .message
        .parse()
        .context("the server's answer is unreadable")
}

fn status_of(answer: control::Answer) -> anyhow::Result<ImportStatus> {
    if !answer.ok {
        anyhow::bail!("{}", answer.message);
    }
    serde_json::from_str(&answer.message).context("the server's answer is unreadable")
}
