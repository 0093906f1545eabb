//! The command line: `serve` (the default), `reindex`, `print-default-config`, `export-schema`.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::config::{Config, DEFAULT_CONFIG_TOML, FlagOverrides};

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
    /// Print every configuration key with its default, commented.
    PrintDefaultConfig,
    /// Print the GraphQL schema (the content of schema.graphql).
    ExportSchema,
}

#[derive(Debug, Default, clap::Args)]
struct ServeArgs {
    /// Address and port to listen on, e.g. 127.0.0.1:8080.
    #[arg(long, value_name = "ADDR:PORT")]
    listen: Option<SocketAddr>,
    /// Folder for the database, the index and the pictures.
    #[arg(long, value_name = "DIR")]
    data_dir: Option<PathBuf>,
}

impl Cli {
    pub fn run(self) -> anyhow::Result<()> {
        match self.command {
            None => serve(self.config, ServeArgs::default()),
            Some(Command::Serve(args)) => serve(self.config, args),
            Some(Command::Reindex(args)) => reindex(self.config, args),
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
    crate::telemetry::init();
    Ok(config)
}

fn reindex(config_file: Option<PathBuf>, args: ServeArgs) -> anyhow::Result<()> {
    let config = load_config(config_file, args)?;
    let store = crate::store::Store::open(&config.database_path())?;
    let dir = config.index_dir();
    if dir.exists() {
        std::fs::remove_dir_all(&dir)?;
    }
    let index = crate::search::SearchIndex::open(&dir)?;
    let count = index
        .rebuild(&store)
        .map_err(|error| anyhow::anyhow!("the index could not be rebuilt: {error:?}"))?;
    println!("indexed {count} pins in {}", dir.display());
    Ok(())
}

fn serve(config_file: Option<PathBuf>, args: ServeArgs) -> anyhow::Result<()> {
    let config = load_config(config_file, args)?;
    tokio::runtime::Runtime::new()?.block_on(crate::app::serve(config))
}
