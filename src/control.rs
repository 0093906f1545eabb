//! The control socket `DATA_DIR/control.sock` (owner only): how `corkboard admin` reaches a
//! running server, which holds the database, with one JSON command and one JSON answer a line.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};
use tokio::net::{UnixListener, UnixStream};

use corkboard_core::service::context::Services;
use corkboard_core::service::operator::{OperatorCommand, carry_out};
use corkboard_domain::config::Config;
use corkboard_domain::error::AppResult;

/// The longest command line read.
const COMMAND_MAX: u64 = 64 * 1024;

pub(crate) fn socket_path(config: &Config) -> PathBuf {
    config.data_dir.join("control.sock")
}

/// The server's answer to a command.
#[derive(Debug, Serialize, Deserialize)]
pub struct Answer {
    pub ok: bool,
    pub message: String,
}

impl Answer {
    /// The answer to a command carried out: its sentence, or its error's (the log has the cause).
    pub fn of(result: AppResult<String>) -> Answer {
        match result {
            Ok(message) => Answer { ok: true, message },
            Err(error) => {
                error.log_if_internal();
                Answer {
                    ok: false,
                    message: error.message().to_owned(),
                }
            }
        }
    }
}

/// Listens on the control socket until the task is dropped; a socket left by a stopped server
/// is replaced.
pub async fn serve(services: Services) -> anyhow::Result<()> {
    let path = socket_path(&services.config);
    let _ = std::fs::remove_file(&path);
    let listener = UnixListener::bind(&path)
        .with_context(|| format!("cannot listen on {}", path.display()))?;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))?;
    loop {
        let (stream, _) = listener.accept().await?;
        let services = services.clone();
        tokio::spawn(async move {
            if let Err(error) = answer(&services, stream).await {
                tracing::warn!(error = format!("{error:#}"), "a control command failed");
            }
        });
    }
}

async fn answer(services: &Services, stream: UnixStream) -> anyhow::Result<()> {
    let (reader, mut writer) = stream.into_split();
    let mut line = String::new();
    tokio::io::BufReader::new(reader.take(COMMAND_MAX))
        .read_line(&mut line)
        .await?;
    let answer = match serde_json::from_str::<OperatorCommand>(&line) {
        Ok(command) => Answer::of(carry_out(services, command).await),
        Err(error) => Answer {
            ok: false,
            message: format!("not a command: {error}"),
        },
    };
    let mut reply = serde_json::to_vec(&answer)?;
    reply.push(b'\n');
    writer.write_all(&reply).await?;
    Ok(())
}

/// Sends `command` to the server listening on `path`; `None` when no server listens there.
pub fn send(path: &Path, command: &OperatorCommand) -> anyhow::Result<Option<Answer>> {
    let Ok(mut stream) = std::os::unix::net::UnixStream::connect(path) else {
        return Ok(None);
    };
    let mut line = serde_json::to_vec(command)?;
    line.push(b'\n');
    stream.write_all(&line)?;
    let mut reply = String::new();
    BufReader::new(stream).read_line(&mut reply)?;
    Ok(Some(
        serde_json::from_str(&reply).context("the server's answer is unreadable")?,
    ))
}
