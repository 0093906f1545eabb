//! `POST /api/import`: an export archive (multipart field `archive`) into the signed-in user's
//! own account, spooled to an unnamed file in the data folder, answered with the import report;
//! one at a time per account, a few at once on the server (`quotas.imports_at_once`).
//! A cookie sent by another site's page is not trusted (see `session::viewer_of`), so such a
//! request is refused like a visitor's.

use poem::web::{Data, Json, Multipart};
use poem::{Request, handler};
use tokio::io::AsyncReadExt;

use crate::http::limits::declared_length;
use crate::http::session::viewer_of;
use crate::http::upload::MULTIPART_OVERHEAD;
use corkboard_core::service::archive_import::report::ImportReport;
use corkboard_core::service::archive_import::{FIELD, ImportInto, import_archive};
use corkboard_core::service::context::Services;
use corkboard_core::service::spool::unlinked_file;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::sizes::size_parts;
use corkboard_i18n::msg;

#[handler]
pub(crate) async fn import_mine(
    req: &Request,
    services: Data<&Services>,
    mut form: Multipart,
) -> poem::Result<Json<ImportReport>> {
    let viewer = viewer_of(req, &services).await;
    let user = viewer.require_user()?;
    let max_bytes = services.config.uploads.max_import_bytes;
    let too_large = || {
        let (amount, unit) = size_parts(max_bytes);
        AppError::TooLarge(msg!(
            "error-archive-too-large",
            amount = amount,
            unit = unit
        ))
    };
    let length = declared_length(req)?;
    if length > max_bytes.saturating_add(MULTIPART_OVERHEAD) {
        return Err(too_large().into());
    }
    // One import per account, and a few on the server, from the spooling to the report.
    let at_once = services.config.quotas.imports_at_once;
    let running = services.running.clone();
    let _slot = services
        .read(move |read| running.start_import(read, user, at_once))
        .await?;
    let mut spooled = None;
    while let Some(field) = form.next_field().await? {
        if field.name() != Some(FIELD) || spooled.is_some() {
            continue;
        }
        let mut file = tokio::fs::File::from_std(spool_file(&services, user.0).await?);
        let mut limited = field.into_async_read().take(max_bytes + 1);
        let written = tokio::io::copy(&mut limited, &mut file)
            .await
            .map_err(|e| {
                AppError::from(anyhow::Error::new(e).context("cannot spool an archive"))
            })?;
        if written > max_bytes {
            return Err(too_large().into());
        }
        file.sync_all().await.ok();
        let mut file = file.into_std().await;
        std::io::Seek::rewind(&mut file).map_err(AppError::from)?;
        spooled = Some(file);
    }
    let file = spooled.ok_or_else(|| AppError::invalid(FIELD, msg!("error-archive-choose")))?;
    let report = import_archive(&services, file, ImportInto::Account(user)).await?;
    tracing::info!(
        user = user.0,
        created = ?report.created,
        skipped = ?report.skipped,
        failed = report.failed.len(),
        "an archive was imported"
    );
    Ok(Json(report))
}

/// A new file under `imports/` in the data folder, unlinked at once: the disk space goes back
/// when it is closed, even after a crash.
async fn spool_file(services: &Services, user: u64) -> AppResult<std::fs::File> {
    services
        .blocking(move |services| {
            let dir = services.config.data_dir.join("imports");
            Ok(unlinked_file(&dir, &user.to_string())?)
        })
        .await
}
