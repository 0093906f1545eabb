//! Staging pictures: an upload or a download becomes a temporary pin, reported with the viewer's
//! pins that already show the same picture.

use std::io::{Cursor, Read, Seek};

use chrono::Utc;

use crate::media::budget::Plan;
use crate::media::fingerprint::same_picture;
use crate::media::ingest::inspect;
use crate::service::context::Services;
use crate::service::fetch_jobs::{For, fetch_job};
use crate::service::quotas::check_waiting;
use crate::web::fetch::{Fetched, web_address};
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_domain::pin::{Picture, PinRecord};
use corkboard_domain::temp_pin::TempPinRecord;
use corkboard_store::{Source, pins, temp_pins};

const ACCEPT_PICTURE: &str = "image/avif,image/webp,image/apng,image/*,*/*;q=0.8";

/// A temporary pin and the viewer's clones of its picture, newest first.
pub struct Staged {
    pub temp: TempPinRecord,
    pub clones: Vec<PinRecord>,
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
        return Err(AppError::invalid(
            "url",
            "This address shows a web page, not a picture.",
        ));
    }
    Ok(fetched)
}

fn referer_error() -> AppError {
    AppError::invalid(
        "referer",
        "The page the picture was found on has no valid web address.",
    )
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
            let clones = services.store.write(|write| {
                check_waiting(write, &services.config.quotas, user, temp.picture.weight)?;
                temp_pins::insert(write, &temp)?;
                clones_of(write, user, &temp.picture)
            })?;
            spooled.keep();
            Ok(Staged { clones, temp })
        })
        .await
}

/// The most clones a search answers.
pub const MOST_CLONES: usize = 20;
/// How many pins a clone search reads at most from each of its two sources: the pins of the
/// same bytes, and the user's newest pins compared by look. Its work is bounded whatever the
/// collection (it read every pin of the user, 100,000 after an import).
const MOST_READ: usize = 2_000;

/// The user's pins showing `picture`, by identical bytes or by look among their newest pins,
/// newest first, at most `MOST_CLONES`.
pub(crate) fn clones_of(
    tx: &impl Source,
    user: UserId,
    picture: &Picture,
) -> AppResult<Vec<PinRecord>> {
    let mut ids = pins::showing(tx, &picture.sha1, MOST_READ)?;
    ids.extend(pins::newest_ids_of_user(tx, user, MOST_READ)?);
    ids.sort_unstable_by(|a, b| b.cmp(a));
    ids.dedup();
    let mut clones = Vec::new();
    for id in ids {
        let Some(pin) = pins::get(tx, id)? else {
            continue;
        };
        if pin.user == user && same_picture(&pin.picture, picture) {
            clones.push(pin);
            if clones.len() == MOST_CLONES {
                break;
            }
        }
    }
    Ok(clones)
}
