//! The `corkboard` binary.

use clap::Parser;

/// mimalloc: GraphQL answers make many small allocations, which it serves much faster than glibc's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    corkboard::private_files::create_private();
    match corkboard::cli::Cli::parse().run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("corkboard: {error:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
