//! The `corkboard` binary.

use clap::Parser;

fn main() -> std::process::ExitCode {
    match corkboard::cli::Cli::parse().run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("corkboard: {error:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
