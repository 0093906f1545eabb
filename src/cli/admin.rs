//! `corkboard admin ...`: the operator's commands for a locked-out instance, sent to the running
//! server through its control socket, or carried out on the data folder when it is stopped.

use std::io::{BufRead, IsTerminal, Write};

use clap::Subcommand;

use crate::control;
use corkboard_core::service::context::Services;
use corkboard_core::service::operator::{OperatorCommand, carry_out};
use corkboard_domain::config::Config;

#[derive(Debug, Subcommand)]
pub enum AdminAction {
    /// Make an account (its email counts as verified); the password is read from standard input.
    CreateUser {
        username: String,
        email: String,
        /// Make it an admin (the first account of an instance always is).
        #[arg(long)]
        admin: bool,
    },
    /// Set an account's password (read from standard input); its sessions and API keys end.
    ResetPassword { username: String },
    /// Make an account an admin.
    Promote { username: String },
    /// Disable an account: it is signed out and its content hidden until enabled.
    Disable { username: String },
    /// Enable a disabled account again.
    Enable { username: String },
    /// Print the setup code that makes the first account (the admin) from the sign-up page, on
    /// a server that serves the public and has no account yet.
    SetupCode,
}

pub fn run(config: Config, action: AdminAction) -> anyhow::Result<()> {
    let command = match action {
        AdminAction::CreateUser {
            username,
            email,
            admin,
        } => OperatorCommand::CreateUser {
            username,
            email,
            admin,
            password: read_password()?,
        },
        AdminAction::ResetPassword { username } => OperatorCommand::ResetPassword {
            username,
            password: read_password()?,
        },
        AdminAction::Promote { username } => OperatorCommand::Promote { username },
        AdminAction::Disable { username } => OperatorCommand::Disable { username },
        AdminAction::Enable { username } => OperatorCommand::Enable { username },
        AdminAction::SetupCode => OperatorCommand::SetupCode,
    };
    let answer = match control::send(&control::socket_path(&config), &command)? {
        Some(answer) => answer,
        // The code lives in the running server's memory only.
        None if matches!(command, OperatorCommand::SetupCode) => anyhow::bail!(
            "The server is not running: the setup code is made when it starts, and its log shows it."
        ),
        None => carry_out_here(config, command)?,
    };
    if !answer.ok {
        anyhow::bail!("{}", answer.message);
    }
    println!("{}", answer.message);
    Ok(())
}

/// With the server stopped: opens the data folder and carries the command out itself.
fn carry_out_here(config: Config, command: OperatorCommand) -> anyhow::Result<control::Answer> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let answer = runtime.block_on(async move {
        let services = tokio::task::spawn_blocking(move || Services::open(config)).await??;
        Ok(control::Answer::of(carry_out(&services, command).await))
    });
    // The search index may still be rebuilding in the background: it is rebuilt again at start.
    runtime.shutdown_background();
    answer
}

/// The password, from the first line of standard input (typed, or piped by a script).
fn read_password() -> anyhow::Result<String> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprint!("Password: ");
        std::io::stderr().flush()?;
    }
    let mut line = String::new();
    stdin.lock().read_line(&mut line)?;
    Ok(line.trim_end_matches(['\r', '\n']).to_owned())
}
