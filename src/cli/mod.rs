//! The command line: `serve` (the default), `reindex`, `check`, `seed`, `bench-ingest`, `admin`,
//! `export`, `import`, `import-dir`, `backup`, `restore`, `print-default-config`, `export-schema`.

pub mod admin;
pub mod archive_import;
pub mod backup;
pub mod export;
pub mod import;
pub mod storage;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Instant;

use clap::{Parser, Subcommand};

use crate::cli::admin::AdminAction;
use corkboard_domain::config::{Config, DEFAULT_CONFIG_TOML, FlagOverrides};

#[derive(Debug, Parser)]
#[command(
    name = "corkboard",
    version,
    about = "Corkboard: keep pictures on boards."
)]
pub struct Cli {
    /// A TOML configuration file (see `corkboard print-default-config`).
    #[arg(long, global = true, value_name = "PATH")]
    config: Option<PathBuf>,

    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the web server (the default).
    Serve(ServeArgs),
    /// Rebuild the search index from the database (the server must not be running).
    Reindex(ServeArgs),
    /// Check the data folder (the server must not be running): the database's indexes agree
    /// with its records, every pin's picture files are there, the search index holds every pin.
    /// Exits with status 1 when it finds a problem.
    Check(ServeArgs),
    /// Fill an empty data folder with a synthetic dataset (for benchmarks and demos).
    Seed(SeedArgs),
    /// Turn one picture file into its previews and original under a folder, as adding a pin
    /// does, and print how long each step took (for benchmarks).
    BenchIngest(BenchIngestArgs),
    /// Manage accounts from the machine (server running or stopped): create-user,
    /// reset-password, promote, disable, enable.
    Admin(AdminArgs),
    /// Write a zip archive of everyone's (or one user's) pins, boards and original pictures
    /// (the server must not be running; see docs/export-format.md).
    Export(ExportCommand),
    /// Import an export archive: every account of it, or, with --user, its one account into
    /// an existing account (the server must not be running; see docs/export-format.md).
    Import(ImportCommand),
    /// Import a folder of pictures on this machine for an account, sub-folders as boards, with
    /// a progress bar (server running or stopped).
    ImportDir(ImportDirCommand),
    /// Back up the database and the pictures into a new folder (server running or stopped):
    /// unchanged files are hard-linked to the previous backup beside it.
    Backup(BackupCommand),
    /// Put a backup back into an empty data folder (the server stopped); the server rebuilds
    /// the search index when it starts.
    Restore(RestoreCommand),
    /// Move the media files between the data folder and an S3-compatible bucket (the server
    /// stopped): `storage migrate --to s3` copies every file, checks each by its sha1, and only
    /// then switches storage.kind in the config file; run again, it resumes.
    Storage(StorageCommand),
    /// Print every configuration key with its default, commented.
    PrintDefaultConfig,
    /// Print the GraphQL schema (the content of schema.graphql).
    ExportSchema,
}

#[derive(Debug, Default, clap::Args)]
struct ServeArgs {
    /// Address and port to listen on, e.g. 127.0.0.1:8080.
    #[arg(long, global = true, value_name = "ADDR:PORT")]
    listen: Option<SocketAddr>,
    /// Folder for the database, the index and the pictures.
    #[arg(long, global = true, value_name = "DIR")]
    data_dir: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct AdminArgs {
    #[command(flatten)]
    serve: ServeArgs,
    #[command(subcommand)]
    action: AdminAction,
}

#[derive(Debug, clap::Args)]
struct ExportCommand {
    #[command(flatten)]
    serve: ServeArgs,
    #[command(flatten)]
    export: crate::cli::export::ExportArgs,
}

#[derive(Debug, clap::Args)]
struct ImportCommand {
    #[command(flatten)]
    serve: ServeArgs,
    #[command(flatten)]
    import: crate::cli::archive_import::ImportArgs,
}

#[derive(Debug, clap::Args)]
struct ImportDirCommand {
    #[command(flatten)]
    serve: ServeArgs,
    #[command(flatten)]
    import: crate::cli::import::ImportDirArgs,
}

#[derive(Debug, clap::Args)]
struct BackupCommand {
    #[command(flatten)]
    serve: ServeArgs,
    #[command(flatten)]
    backup: crate::cli::backup::BackupArgs,
}

#[derive(Debug, clap::Args)]
struct RestoreCommand {
    #[command(flatten)]
    serve: ServeArgs,
    #[command(flatten)]
    restore: crate::cli::backup::RestoreArgs,
}

#[derive(Debug, clap::Args)]
struct StorageCommand {
    #[command(flatten)]
    serve: ServeArgs,
    #[command(subcommand)]
    action: crate::cli::storage::StorageAction,
}

#[derive(Debug, clap::Args)]
struct SeedArgs {
    #[command(flatten)]
    serve: ServeArgs,
    #[arg(long, default_value_t = 1000)]
    users: usize,
    #[arg(long, default_value_t = 10_000)]
    boards: usize,
    #[arg(long, default_value_t = 100_000)]
    pins: usize,
    /// Distinct generated pictures the pins share.
    #[arg(long, default_value_t = 48)]
    pictures: usize,
    /// Seed of the random choices: the same arguments make the same data.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Debug, clap::Args)]
struct BenchIngestArgs {
    /// The picture file.
    file: PathBuf,
    /// Folder to write `previews/` and `originals/` into.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

impl Cli {
    pub fn run(self) -> anyhow::Result<()> {
        match self.command {
            None => serve(self.config, ServeArgs::default()),
            Some(Command::Serve(args)) => serve(self.config, args),
            Some(Command::Reindex(args)) => reindex(self.config, args),
            Some(Command::Check(args)) => check(self.config, args),
            Some(Command::Seed(args)) => {
                let plan = crate::seed::SeedPlan {
                    users: args.users,
                    boards: args.boards,
                    pins: args.pins,
                    pictures: args.pictures,
                    seed: args.seed,
                };
                crate::seed::seed(&load_config(self.config, args.serve)?, plan)
            }
            Some(Command::BenchIngest(args)) => bench_ingest(&args),
            Some(Command::Admin(args)) => {
                crate::cli::admin::run(load_config(self.config, args.serve)?, args.action)
            }
            Some(Command::Export(args)) => {
                crate::cli::export::run(load_config(self.config, args.serve)?, args.export)
            }
            Some(Command::Import(args)) => {
                crate::cli::archive_import::run(load_config(self.config, args.serve)?, args.import)
            }
            Some(Command::ImportDir(args)) => {
                crate::cli::import::run(load_config(self.config, args.serve)?, args.import)
            }
            Some(Command::Backup(args)) => {
                crate::cli::backup::run_backup(load_config(self.config, args.serve)?, args.backup)
            }
            Some(Command::Restore(args)) => {
                crate::cli::backup::run_restore(load_config(self.config, args.serve)?, args.restore)
            }
            Some(Command::Storage(args)) => {
                let config = load_config(self.config.clone(), args.serve)?;
                crate::cli::storage::run(config, self.config.as_deref(), args.action)
            }
            Some(Command::PrintDefaultConfig) => {
                print!("{DEFAULT_CONFIG_TOML}");
                Ok(())
            }
            Some(Command::ExportSchema) => {
                print!("{}", crate::graphql::schema_sdl());
                Ok(())
            }
        }
    }
}

fn load_config(config_file: Option<PathBuf>, args: ServeArgs) -> anyhow::Result<Config> {
    let flags = FlagOverrides {
        listen: args.listen,
        data_dir: args.data_dir,
    };
    let config = Config::load(config_file.as_deref(), std::env::vars(), flags)?;
    crate::telemetry::init(config.log.format);
    for name in Config::unknown_variables(std::env::vars()) {
        tracing::warn!(
            variable = name,
            "this environment variable names no setting; it is ignored"
        );
    }
    Ok(config)
}

fn reindex(config_file: Option<PathBuf>, args: ServeArgs) -> anyhow::Result<()> {
    let config = load_config(config_file, args)?;
    let store = corkboard_store::Store::open_configured(&config)?;
    let dir = config.index_dir();
    if dir.exists() {
        std::fs::remove_dir_all(&dir)?;
    }
    let index = corkboard_search::SearchIndex::open(&dir)?;
    let count = index
        .rebuild(&store)
        .map_err(|error| anyhow::anyhow!("the index could not be rebuilt: {error:?}"))?;
    println!("indexed {count} pins in {}", dir.display());
    Ok(())
}

fn check(config_file: Option<PathBuf>, args: ServeArgs) -> anyhow::Result<()> {
    let config = load_config(config_file, args)?;
    let report = corkboard_core::service::check::check_data_folder(&config)?;
    println!("{}", config.data_dir.display());
    for (what, count) in &report.counts {
        println!("  {what}: {count}");
    }
    for problem in &report.problems {
        println!("problem: {problem}");
    }
    if !report.is_consistent() {
        anyhow::bail!("{} problems found", report.problems.len());
    }
    println!("consistent");
    Ok(())
}

/// Ingests one file with the upload limits and prints the time of each step as one JSON line.
fn bench_ingest(args: &BenchIngestArgs) -> anyhow::Result<()> {
    use corkboard_core::media::ingest::{inspect, store_files};
    use corkboard_core::media::storage::{LocalMedia, MediaStore};
    use std::sync::Arc;
    let started = Instant::now();
    let bytes = std::fs::read(&args.file)?;
    let limits = corkboard_domain::config::UploadConfig::default();
    let mut inspected = inspect(&bytes, &limits, "file").map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let inspect_ms = started.elapsed().as_secs_f64() * 1000.0;
    let media = MediaStore::Local(Arc::new(LocalMedia::new(&args.out)));
    store_files(&bytes, &mut inspected, &media).map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let total_ms = started.elapsed().as_secs_f64() * 1000.0;
    println!(
        "{}",
        serde_json::json!({
            "inspect_ms": inspect_ms,
            "store_ms": total_ms - inspect_ms,
            "total_ms": total_ms,
            "previews": inspected.picture.preview_widths,
        })
    );
    Ok(())
}

/// Threads for database reads, searches and fetches: enough for slow fetches to wait side by
/// side, few enough that a burst of requests does not leave hundreds of idle threads' memory.
const BLOCKING_THREADS: usize = 32;

fn serve(config_file: Option<PathBuf>, args: ServeArgs) -> anyhow::Result<()> {
    let config = load_config(config_file, args)?;
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(BLOCKING_THREADS)
        .build()?
        .block_on(crate::app::serve(config))
}
