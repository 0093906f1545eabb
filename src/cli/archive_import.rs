//! `corkboard import FILE.zip [--user NAME]`: an export archive into a stopped server's data
//! folder (redb locks its file, so a running server imports from the profile page instead).

use std::path::PathBuf;
use std::time::Instant;

use corkboard_core::service::archive_import::{ImportInto, import_archive};
use corkboard_core::service::context::Services;
use corkboard_domain::config::Config;

#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    /// The archive written by `corkboard export` or 'Export my pins'.
    #[arg(value_name = "FILE.zip")]
    pub file: PathBuf,
    /// Put the archive's one account (or its account of this username) into this existing
    /// account; without it, every account of the archive is imported.
    #[arg(long, value_name = "NAME")]
    pub user: Option<String>,
}

pub fn run(config: Config, args: ImportArgs) -> anyhow::Result<()> {
    let started = Instant::now();
    let file = std::fs::File::open(&args.file)
        .map_err(|error| anyhow::anyhow!("cannot open {}: {error}", args.file.display()))?;
    let services = Services::open(config).map_err(|error| {
        if format!("{error:?}").contains("already open") {
            anyhow::anyhow!(
                "the database is in use: stop the server first, or import from the profile page"
            )
        } else {
            error
        }
    })?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let report = runtime
        .block_on(async {
            let into = match &args.user {
                Some(name) => {
                    let name = name.clone();
                    let user = services
                        .read(move |read| corkboard_store::users::by_username(read, &name))
                        .await?
                        .ok_or_else(|| {
                            corkboard_domain::error::AppError::not_found(corkboard_i18n::msg!(
                                "error-import-no-user",
                                username = args.user.as_deref().unwrap_or_default()
                            ))
                        })?;
                    ImportInto::Account(user.id)
                }
                None => ImportInto::Instance,
            };
            import_archive(&services, file, into).await
        })
        .map_err(|error| {
            error.log_if_internal();
            anyhow::anyhow!("{}", error.message())
        })?;
    for line in report.lines() {
        println!("{line}");
    }
    if report.created.users > 0 {
        println!(
            "note: the new accounts have no password: their owners sign in after a password \
             reset (or `corkboard admin reset-password`)"
        );
    }
    println!(
        "imported {} in {:.1} s",
        args.file.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
