//! Staging pictures: an upload or a download becomes a temporary pin, reported with the viewer's
//! pins that already show the same picture or a near-duplicate of it.

use std::io::{Cursor, Read, Seek};

use chrono::Utc;

use crate::media::budget::Plan;
use crate::media::ingest::inspect;
use crate::service::context::Services;
use crate::service::fetch_jobs::{For, fetch_job};
use crate::service::pinned_copies::{PinnedCopies, pinned_copies};
use crate::service::quotas::check_waiting;
use crate::web::fetch::{Fetched, web_address};
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_domain::temp_pin::TempPinRecord;
use corkboard_i18n::msg;
use corkboard_store::temp_pins;

const ACCEPT_PICTURE: &str = "image/avif,image/webp,image/apng,image/*,*/*;q=0.8";

/// A temporary pin and the viewer's pins already showing its picture or one like it.
pub struct Staged {
    pub temp: TempPinRecord,
    pub copies: PinnedCopies,
}

/// Stages an uploaded file; errors name the form field `pin`.
pub async fn stage_upload(
    services: &Services,
    user: UserId,
    picture: impl Read + Seek + Send + 'static,
    original_name: Option<String>,
) -> AppResult<Staged> {
    stage(services, user, picture, original_name, None, "pin").await
}

/// Downloads a picture from the web and stages it; errors name the form field `url`.
pub async fn stage_download(
    services: &Services,
    user: UserId,
    url: String,
    page: Option<String>,
) -> AppResult<Staged> {
    let fetched = download_picture(services, For::Person(user), url.clone(), page).await?;
    let original_name = fetched
        .url
        .path_segments()
        .and_then(|mut segments| segments.next_back().map(str::to_owned))
        .filter(|name| !name.is_empty());
    stage(
        services,
        user,
        Cursor::new(fetched.bytes),
        original_name,
        Some(url),
        "url",
    )
    .await
}

/// Downloads the picture at `url`, refusing a web page; errors name the form field `url`.
/// `page` is the page the picture was found on, sent as its `Referer` (sites that refuse
/// pictures to other sites accept them for their own pages).
pub(crate) async fn download_picture(
    services: &Services,
    who: For,
    url: String,
    page: Option<String>,
) -> AppResult<Fetched> {
    let page = page
        .filter(|page| !page.trim().is_empty())
        .map(|page| web_address(&page).map_err(|_| referer_error()))
        .transpose()?;
    let fetched = fetch_job(
        &services.fetch_jobs,
        services.clone(),
        who,
        move |services, budget| {
            let max_bytes = services.config.uploads.max_file_bytes;
            services
                .web
                .get(budget, &url, ACCEPT_PICTURE, max_bytes, page.as_ref())
        },
    )
    .await?;
    if fetched.content_type.contains("html") {
        return Err(AppError::invalid("url", msg!("error-address-is-a-page")));
    }
    Ok(fetched)
}

fn referer_error() -> AppError {
    AppError::invalid("referer", msg!("error-referer-invalid"))
}

async fn stage(
    services: &Services,
    user: UserId,
    picture: impl Read + Seek + Send + 'static,
    original_name: Option<String>,
    url: Option<String>,
    field: &'static str,
) -> AppResult<Staged> {
    // Refused before the copy when the account has no room left; checked again with the size.
    let quotas = services.config.quotas.clone();
    services
        .read(move |read| check_waiting(read, &quotas, user, 1))
        .await?;
    // The file becomes the temporary pin's; it is removed if the picture is refused.
    let spooled = services
        .spool_picture(picture, field, Plan::inspect_bytes)
        .await?;
    services
        .picture_work(field, spooled.memory, move |services| {
            let picture = inspect(&spooled.read()?, &services.config.uploads, field)?.picture;
            let temp = TempPinRecord {
                file_name: spooled.file_name(),
                user,
                original_name,
                url,
                picture,
                created_at: Utc::now(),
            };
            let copies = services.store.write(|write| {
                check_waiting(write, &services.config.quotas, user, temp.picture.weight)?;
                temp_pins::insert(write, &temp)?;
                pinned_copies(write, user, &temp.picture)
            })?;
            spooled.keep();
            Ok(Staged { copies, temp })
        })
        .await
}
