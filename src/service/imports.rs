//! Imports from other tools as background jobs: a bookmark file becomes a job of pictures, each
//! fetched by the safe fetcher with its page as Referer and pinned on the board named after its
//! folder (made when missing). A picture the user has pinned already is skipped and counted; a
//! failure is noted with its reason and the job goes on. One runner task imports the pictures of
//! the oldest unfinished job, one at a time; progress is saved after every picture in the same
//! transaction as its outcome, so a restarted server resumes where it stopped.

use std::time::Duration;

use chrono::Utc;
use tokio::sync::watch;

use crate::domain::ids::{BoardId, UserId};
use crate::domain::import_job::{ImportFailure, ImportItem, ImportJob};
use crate::domain::pin::PinText;
use crate::error::{AppError, AppResult};
use crate::service::add_pin::{NewPin, add_pin};
use crate::service::boards::{self, NewBoard};
use crate::service::context::Services;
use crate::service::{scanner, temp_pins};
use crate::store::{boards as stored_boards, import_jobs};
use crate::web::bookmarks::read_bookmarks;

/// The most pictures one file may hold.
const MAX_ITEMS: usize = 20_000;
/// The longest title and caption a pin takes (src/domain/board.rs).
const TITLE_MAX: usize = 200;
const CAPTION_MAX: usize = 5000;

/// A job with its failures so far, as the viewer sees it.
pub struct JobReport {
    pub job: ImportJob,
    pub failures: Vec<ImportFailure>,
}

/// Reads a bookmark file and starts importing it for `user` in the background.
pub async fn start_bookmarks(
    services: &Services,
    user: UserId,
    file_name: String,
    html: String,
) -> AppResult<ImportJob> {
    let items = services
        .blocking(move |_| Ok(read_bookmarks(&html)))
        .await?;
    if items.is_empty() {
        return Err(AppError::invalid(
            "file",
            "This file holds no bookmarks to import: export your bookmarks or pins as an HTML bookmark file.",
        ));
    }
    if items.len() > MAX_ITEMS {
        return Err(AppError::invalid(
            "file",
            format!(
                "This file holds {} bookmarks: at most {MAX_ITEMS} are imported at once.",
                items.len()
            ),
        ));
    }
    services
        .write(move |write| import_jobs::insert(write, ImportJob::new(user, file_name, 0), &items))
        .await
}

/// The viewer's imports, newest first, with their failures.
pub async fn of_user(services: &Services, user: UserId) -> AppResult<Vec<JobReport>> {
    services
        .read(move |read| {
            import_jobs::of_user(read, user)?
                .into_iter()
                .map(|job| {
                    let failures = import_jobs::failures(read, job.id)?;
                    Ok(JobReport { job, failures })
                })
                .collect()
        })
        .await
}

/// How often the runner looks for new jobs when it has none.
const IDLE_WAIT: Duration = Duration::from_secs(1);

/// Imports pictures until `stop` turns true; the picture under way is finished first, so that a
/// stopped server leaves no work behind.
pub async fn runner(services: Services, mut stop: watch::Receiver<bool>) {
    while !*stop.borrow() {
        match import_next(&services).await {
            Ok(true) => {}
            Ok(false) => {
                tokio::select! {
                    _ = stop.changed() => {}
                    () = tokio::time::sleep(IDLE_WAIT) => {}
                }
            }
            Err(error) => {
                tracing::error!(error = ?error, "an import could not go on");
                tokio::select! {
                    _ = stop.changed() => {}
                    () = tokio::time::sleep(IDLE_WAIT * 10) => {}
                }
            }
        }
    }
}

/// Imports the next picture of the oldest unfinished job; false when there is none.
async fn import_next(services: &Services) -> AppResult<bool> {
    let next = services
        .read(move |read| {
            for id in import_jobs::unfinished(read)? {
                if let Some(job) = import_jobs::get(read, id)?
                    && let Some(item) = import_jobs::item(read, id, job.next)?
                {
                    return Ok(Some((job, item)));
                }
            }
            Ok(None)
        })
        .await?;
    let Some((job, item)) = next else {
        return Ok(false);
    };
    let (id, index) = (job.id, job.next);
    let outcome = import_item(services, job.user, &item).await;
    if let Err(error) = &outcome {
        error.log_if_internal();
    }
    services
        .write(move |write| {
            let Some(mut job) = import_jobs::get(write, id)? else {
                return Ok(());
            };
            match &outcome {
                Ok(Outcome::Created) => job.created += 1,
                Ok(Outcome::AlreadyPinned) => job.duplicates += 1,
                Err(error) => {
                    job.failed += 1;
                    import_jobs::add_failure(write, id, index, error.message())?;
                }
            }
            job.next = index + 1;
            if job.finished() {
                job.finished_at = Some(Utc::now());
            }
            import_jobs::save(write, &job)
        })
        .await?;
    Ok(true)
}

enum Outcome {
    Created,
    AlreadyPinned,
}

async fn import_item(services: &Services, user: UserId, item: &ImportItem) -> AppResult<Outcome> {
    let picture = match (&item.picture, &item.page) {
        (Some(picture), _) => picture.clone(),
        (None, Some(page)) => scanner::scan(services, page.clone())
            .await?
            .into_iter()
            .next()
            .map(|found| found.src)
            .ok_or_else(|| AppError::invalid("url", "No picture was found on this page."))?,
        (None, None) => return Err(AppError::invalid("url", "This bookmark has no address.")),
    };
    let staged = temp_pins::stage_download(services, user, picture, item.page.clone()).await?;
    if !staged.clones.is_empty() {
        return Ok(Outcome::AlreadyPinned);
    }
    let board = board_named(services, user, &item.board, item.private_board).await?;
    let title = item.title.as_deref().map(|title| cut(title, TITLE_MAX));
    let caption = item
        .caption
        .as_deref()
        .or(item.title.as_deref())
        .or(item.page.as_deref())
        .map_or_else(
            || "Imported".to_owned(),
            |caption| cut(caption, CAPTION_MAX),
        );
    let text = PinText::checked(title, &caption, None, None, Some(item.tags.clone()))?;
    add_pin(
        services,
        user,
        NewPin {
            temp_file_name: staged.temp.file_name,
            url: item.page.clone(),
            text,
            boards: vec![board],
        },
    )
    .await?;
    Ok(Outcome::Created)
}

/// The user's board with this title (whatever its case), made when there is none.
async fn board_named(
    services: &Services,
    user: UserId,
    title: &str,
    secret: bool,
) -> AppResult<BoardId> {
    let wanted = title.to_lowercase();
    let found = services
        .read(move |read| {
            Ok(stored_boards::of_user(read, user)?
                .into_iter()
                .find(|board| board.title.to_lowercase() == wanted))
        })
        .await?;
    if let Some(board) = found {
        return Ok(board.id);
    }
    let new = NewBoard {
        title: cut(title, TITLE_MAX),
        folder: None,
        caption: None,
        secret,
    };
    Ok(boards::add(services, user, new).await?.id)
}

fn cut(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}
