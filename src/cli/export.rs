//! `corkboard export --out FILE.zip [--user NAME]`: the archive of a stopped server's data folder
//! (redb locks its file, so a running server's data is exported from the profile page instead).

use std::path::PathBuf;
use std::time::Instant;

use corkboard_core::media::storage::MediaStore;
use corkboard_core::service::export::{read_manifest, write_archive};
use corkboard_domain::config::Config;
use corkboard_store::Store;

#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// The zip archive to write.
    #[arg(long, value_name = "FILE.zip")]
    pub out: PathBuf,
    /// Export only this user's folders, boards and pins (default: everyone's).
    #[arg(long, value_name = "NAME")]
    pub user: Option<String>,
}

pub fn run(config: Config, args: ExportArgs) -> anyhow::Result<()> {
    let started = Instant::now();
    let store = Store::open_configured(&config).map_err(|error| {
        if format!("{error:?}").contains("already open") {
            anyhow::anyhow!(
                "the database is in use: stop the server first, or export from the profile page"
            )
        } else {
            error
        }
    })?;
    let manifest = store
        .read(|tx| {
            let user = match &args.user {
                Some(name) => Some(
                    corkboard_store::users::by_username(tx, name)?
                        .ok_or_else(|| {
                            corkboard_domain::error::AppError::NotFound(corkboard_i18n::msg!(
                                "error-export-no-user",
                                username = name.as_str()
                            ))
                        })?
                        .id,
                ),
                None => None,
            };
            read_manifest(tx, user)
        })
        .map_err(|error| anyhow::anyhow!("{}", error.message()))?;
    drop(store);
    let partial = args.out.with_extension("zip.partial");
    let file = std::fs::File::create(&partial)?;
    let media = MediaStore::open(&config)?;
    let summary = write_archive(manifest, &media, std::io::BufWriter::new(file))
        .map_err(|error| anyhow::anyhow!("{error:?}"))?;
    std::fs::rename(&partial, &args.out)?;
    println!(
        "exported {} users, {} folders, {} boards, {} pins, {} originals ({} missing) to {} in {:.1} s",
        summary.users,
        summary.folders,
        summary.boards,
        summary.pins,
        summary.originals,
        summary.missing_originals,
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
