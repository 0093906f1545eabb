//! `GET /api/export`: the signed-in user's archive (see `service::export`), streamed from a
//! temporary file by a task that holds it, with the account's export slot, only while the client
//! reads: when the client goes away, or takes nothing for `quotas.unread_export_seconds`, the
//! file is closed (its disk space goes back) and the slot is freed.

use std::time::Duration;

use poem::web::Data;
use poem::{Body, Request, Response, handler};
use tokio::io::AsyncReadExt;
use tokio::sync::mpsc;

use crate::http::session::viewer_of;
use corkboard_core::service::context::Services;
use corkboard_core::service::export::export_own;
use corkboard_core::service::quotas::Slot;

/// Bytes read from the file at a time.
const CHUNK: usize = 64 * 1024;

#[handler]
pub(crate) async fn export_mine(
    req: &Request,
    services: Data<&Services>,
) -> poem::Result<Response> {
    let viewer = viewer_of(req, &services).await;
    let (file, name, slot) = export_own(&services, &viewer).await?;
    let length = file.metadata().map(|m| m.len()).ok();
    let mut response = Response::builder()
        .content_type("application/zip")
        .header(
            "content-disposition",
            format!("attachment; filename=\"{name}\""),
        )
        .header("cache-control", "no-store");
    if let Some(length) = length {
        response = response.header("content-length", length);
    }
    let idle = Duration::from_secs(services.config.quotas.unread_export_seconds.max(1));
    let (sender, receiver) = mpsc::channel(2);
    tokio::spawn(feed(tokio::fs::File::from_std(file), sender, idle, slot));
    let chunks = futures_util::stream::unfold(receiver, |mut receiver| async move {
        let chunk = receiver.recv().await?;
        Some((chunk, receiver))
    });
    Ok(response.body(Body::from_bytes_stream(chunks)))
}

/// Hands the file to the response a chunk at a time; returns, closing the file and freeing the
/// slot, at its end, when the response is gone, or when a chunk waits `idle` to be taken (the
/// response then ends short, and the client sees an incomplete download).
async fn feed(
    mut file: tokio::fs::File,
    sender: mpsc::Sender<std::io::Result<Vec<u8>>>,
    idle: Duration,
    _slot: Slot,
) {
    let mut buffer = vec![0; CHUNK];
    loop {
        let chunk = match file.read(&mut buffer).await {
            Ok(0) => return,
            Ok(read) => Ok(buffer[..read].to_vec()),
            Err(error) => {
                tracing::warn!(%error, "an export's file cannot be read");
                Err(error)
            }
        };
        let last = chunk.is_err();
        match tokio::time::timeout(idle, sender.send(chunk)).await {
            Ok(Ok(())) if !last => {}
            Ok(_) => return,
            Err(_) => {
                tracing::info!(
                    seconds = idle.as_secs(),
                    "an export's client read nothing for too long: it was dropped"
                );
                return;
            }
        }
    }
}
