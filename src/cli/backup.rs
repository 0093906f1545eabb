//! `corkboard backup --out DIR` (the server running or stopped) and `corkboard restore DIR`
//! (into an empty data folder, the server stopped).

use std::path::PathBuf;
use std::sync::Mutex;

use anyhow::Context;

use crate::control;
use corkboard_core::service::backup::back_up;
use corkboard_core::service::operator::OperatorCommand;
use corkboard_core::service::restore::restore;
use corkboard_domain::config::Config;
use corkboard_store::Store;

#[derive(Debug, clap::Args)]
pub(crate) struct BackupArgs {
    /// The folder to make, holding the backup. A backup beside it (in the same parent folder)
    /// shares its unchanged files.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

#[derive(Debug, clap::Args)]
pub(crate) struct RestoreArgs {
    /// The backup folder (made by `corkboard backup`).
    pub backup: PathBuf,
}

/// Asks the running server for a backup through its control socket; with none running, makes
/// it from the data folder here.
pub(crate) fn run_backup(config: Config, args: BackupArgs) -> anyhow::Result<()> {
    let out = std::path::absolute(&args.out)?;
    let command = OperatorCommand::Backup { out: out.clone() };
    let message = match control::send(&control::socket_path(&config), &command)? {
        Some(answer) if answer.ok => answer.message,
        Some(answer) => anyhow::bail!("{}", answer.message),
        None => {
            let store = Store::open_configured(&config).map_err(|error| {
                if format!("{error:?}").contains("already open") {
                    anyhow::anyhow!(
                        "the database is in use by a server that does not answer on {}: \
                         restart it, or stop it and back up again",
                        control::socket_path(&config).display()
                    )
                } else {
                    error
                }
            })?;
            let no_one_else = Mutex::new(());
            back_up(&store, &no_one_else, &config, &out)?.summary(&out)
        }
    };
    println!("{message}");
    Ok(())
}

pub(crate) fn run_restore(config: Config, args: RestoreArgs) -> anyhow::Result<()> {
    let manifest = restore(&args.backup, &config.data_dir).with_context(|| {
        format!(
            "cannot restore {} into {}",
            args.backup.display(),
            config.data_dir.display()
        )
    })?;
    println!(
        "Restored {} users, {} boards, {} pins and {} files from the backup of {} into {}; the \
         search index is rebuilt when the server starts.",
        manifest.users,
        manifest.boards,
        manifest.pins,
        manifest.files,
        manifest.created_at.format("%Y-%m-%d %H:%M UTC"),
        config.data_dir.display()
    );
    Ok(())
}
