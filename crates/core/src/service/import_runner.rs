//! The import runner: pins the items of unfinished import jobs in their file's order, as many
//! pictures at once as there are picture threads, each decoded once. A picture's pin and its
//! outcome are written in one transaction, so a restarted server resumes where it stopped and
//! counts nothing twice, and a picture the user has pinned already, or a near-duplicate of one (a
//! moment before, in the same job, included), is skipped and counted in the job's summary.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Duration;

use tokio::sync::watch;
use tokio::task::{Id, JoinSet};

use crate::media::budget::Plan;
use crate::media::fingerprint::same_picture;
use crate::media::ingest::inspect;
use crate::media::workers;
use crate::service::add_pin::{discard_unshown, store_pin};
use crate::service::context::Services;
use crate::service::data::Data;
use crate::service::fetch_jobs::For;
use crate::service::imports::file_error;
use crate::service::pinned_copies::pinned_copies;
use crate::service::quotas::check_new_pins;
use crate::service::scanner;
use crate::service::temp_pins::download_picture;
use crate::web::fetch::web_address;
use corkboard_domain::board::{BoardRecord, CAPTION_MAX, TITLE_MAX, required_title, slugify};
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::{BoardId, PinId, UserId};
use corkboard_domain::import_job::{ImportItem, ItemOutcome};
use corkboard_domain::pin::{Picture, PinRecord, PinText};
use corkboard_i18n::{Locale, msg};
use corkboard_store::pin_order;
use corkboard_store::walks::Direction;
use corkboard_store::writing::Writing;
use corkboard_store::{Source, board_writes, boards, import_jobs, pin_writes, pins, users};

/// How often the runner looks for new jobs when it has none, and how long it waits after a
/// failure of the database.
const IDLE_WAIT: Duration = Duration::from_secs(1);
const FAILURE_WAIT: Duration = Duration::from_secs(10);

/// One item of a job, on its way to becoming a pin.
struct Work {
    job: u64,
    user: UserId,
    index: usize,
    item: ImportItem,
}

/// Imports pictures until `stop` turns true; the pictures under way are finished first, so that a
/// stopped server leaves no work behind.
pub async fn runner(services: Services, mut stop: watch::Receiver<bool>) {
    let width = workers::pool().current_num_threads().max(1);
    let mut running = JoinSet::new();
    let mut under_way: HashMap<Id, (u64, usize)> = HashMap::new();
    loop {
        // The fetches stop first: no new item starts once they do.
        let stopping = *stop.borrow() || services.fetch_jobs.stopping();
        let mut wait = IDLE_WAIT;
        while !stopping && running.len() < width {
            let taken: Vec<(u64, usize)> = under_way.values().copied().collect();
            match next_work(&services, taken).await {
                Ok(Some(work)) => {
                    let key = (work.job, work.index);
                    let services = services.clone();
                    let task = running.spawn(async move { import(&services, work).await });
                    under_way.insert(task.id(), key);
                }
                Ok(None) => break,
                Err(error) => {
                    tracing::error!(error = ?error, "an import could not go on");
                    wait = FAILURE_WAIT;
                    break;
                }
            }
        }
        if running.is_empty() {
            if stopping {
                return;
            }
            tokio::select! {
                changed = stop.changed() => if changed.is_err() { return },
                () = tokio::time::sleep(wait) => {}
            }
            continue;
        }
        tokio::select! {
            Some(done) = running.join_next_with_id() => {
                let id = match done {
                    Ok((id, ())) => id,
                    Err(error) => {
                        tracing::error!(%error, "an import's task stopped");
                        error.id()
                    }
                };
                under_way.remove(&id);
            }
            changed = stop.changed(), if !stopping => if changed.is_err() { return },
        }
    }
}

/// The first item of the oldest unfinished job that is not `taken` (under way) already.
async fn next_work(data: &Data, taken: Vec<(u64, usize)>) -> AppResult<Option<Work>> {
    data.read(move |read| {
        for id in import_jobs::unfinished(read)? {
            let Some(job) = import_jobs::get(read, id)? else {
                continue;
            };
            let skip: Vec<usize> = taken
                .iter()
                .filter(|(job, _)| *job == id)
                .map(|(_, index)| *index)
                .collect();
            if let Some((index, item)) = import_jobs::item_to_import(read, id, job.next, &skip)? {
                let user = job.user;
                return Ok(Some(Work {
                    job: id,
                    user,
                    index,
                    item,
                }));
            }
        }
        Ok(None)
    })
    .await
}

/// Imports one item and notes its outcome; a failure is noted with its reason, in the language
/// its owner chose (English when they chose none: the job runs outside any request).
async fn import(services: &Services, work: Work) {
    let (job, index, user) = (work.job, work.index, work.user);
    let Err(error) = pin_item(services, work).await else {
        return;
    };
    if services.fetch_jobs.stopping() {
        // Cut short by the server's stop: the item is imported after the restart.
        return;
    }
    error.log_if_internal();
    let chosen = services
        .read(move |read| users::get(read, user))
        .await
        .ok()
        .flatten()
        .and_then(|owner| owner.locale)
        .and_then(|code| Locale::named(&code))
        .unwrap_or_else(Locale::english);
    let failed = ItemOutcome::Failed(error.sentence().text_in(&chosen));
    let noted = services
        .write(move |write| import_jobs::finish_item(write, job, index, &failed))
        .await;
    if let Err(error) = noted {
        tracing::error!(error = ?error, "an import's failure could not be noted");
        // Not retried before the database had a moment.
        tokio::time::sleep(FAILURE_WAIT).await;
    }
}

/// Reads or downloads the item's picture and pins it, noting the outcome in the same
/// transaction; the picture is decoded once, for its fingerprints and its previews both.
async fn pin_item(services: &Services, work: Work) -> AppResult<()> {
    let page = match work
        .item
        .page
        .as_deref()
        .filter(|page| !page.trim().is_empty())
    {
        Some(page) => Some(web_address(page)?.to_string()),
        None => None,
    };
    // Over the quota, the item fails before its picture is downloaded.
    let (user, quotas) = (work.user, services.config.quotas.clone());
    services
        .read(move |read| check_new_pins(read, &quotas, user, 1, 0))
        .await?;
    let (bytes, source) = match &work.item.file {
        Some(file) => (read_file(services, file).await?, page),
        None => {
            let picture = picture_address(services, &work.item).await?;
            let fetched =
                download_picture(services, For::Runner, picture.clone(), page.clone()).await?;
            (fetched.bytes, Some(page.unwrap_or(picture)))
        }
    };
    let field = if work.item.file.is_some() {
        "file"
    } else {
        "url"
    };
    let plan = Plan::read(&bytes, &services.config.uploads, field)?;
    let text = text_of(&work.item)?;
    services
        .picture_work(field, plan.ingest_bytes(), move |services| {
            let Work {
                job,
                user,
                index,
                item,
            } = work;
            let mut inspected = inspect(&bytes, &services.config.uploads, field)?;
            let picture = &inspected.picture;
            let (pinned_already, newest) = services.store.read(|read| {
                let newest = pin_order::of_user(read, user, None, Direction::Down, 1)?;
                let pinned = !pinned_copies(read, user, picture)?.is_empty();
                Ok((pinned, newest.first().map(|(_, id)| *id)))
            })?;
            if pinned_already {
                return services.store.write(|write| {
                    import_jobs::finish_item(write, job, index, &ItemOutcome::AlreadyPinned)
                });
            }
            let outcome = store_pin(services, &bytes, &mut inspected, |write, picture| {
                // Another item of the job may have pinned it while this one was made ready: the
                // pins written since are looked at again, not the whole library.
                let outcome = if !pinned_since(write, user, picture, newest)? {
                    check_new_pins(write, &services.config.quotas, user, 1, picture.weight)?;
                    let board = board_named(write, user, &item.board, item.private_board)?;
                    let record = PinRecord::new(user, picture.clone(), source, text);
                    pin_writes::insert(write, record, &[board])?;
                    ItemOutcome::Created
                } else {
                    ItemOutcome::AlreadyPinned
                };
                import_jobs::finish_item(write, job, index, &outcome)?;
                Ok(outcome)
            })?;
            if outcome == ItemOutcome::AlreadyPinned {
                discard_unshown(services, &inspected.picture);
            }
            Ok(())
        })
        .await
}

/// Whether a pin of `user`'s newer than `newest` shows `picture`.
fn pinned_since(
    tx: &impl Source,
    user: UserId,
    picture: &Picture,
    newest: Option<u64>,
) -> AppResult<bool> {
    for (_, id) in pin_order::of_user(tx, user, newest, Direction::Up, usize::MAX)? {
        if pins::get(tx, PinId(id))?.is_some_and(|pin| same_picture(&pin.picture, picture)) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The item's picture address, or the main picture of its page.
async fn picture_address(services: &Services, item: &ImportItem) -> AppResult<String> {
    match (&item.picture, &item.page) {
        (Some(picture), _) => Ok(picture.clone()),
        (None, Some(page)) => scanner::scan(services, For::Runner, page.clone())
            .await?
            .into_iter()
            .next()
            .map(|found| found.src)
            .ok_or_else(|| AppError::invalid("url", msg!("error-page-no-picture"))),
        (None, None) => Err(AppError::invalid("url", msg!("error-bookmark-no-address"))),
    }
}

/// The pin's title, caption and tags from the item.
fn text_of(item: &ImportItem) -> AppResult<PinText> {
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
    PinText::checked(title, &caption, None, None, Some(item.tags.clone()))
}

/// A picture file of the server's, within the upload size limit.
async fn read_file(data: &Data, file: &str) -> AppResult<Vec<u8>> {
    let path = PathBuf::from(file);
    data.blocking(move |data| {
        let max = data.config.uploads.max_file_bytes;
        let size = std::fs::metadata(&path)
            .map_err(|error| file_error(&path, &error))?
            .len();
        if size > max {
            return Err(AppError::TooLarge(msg!("error-file-too-large-plain")));
        }
        std::fs::read(&path).map_err(|error| file_error(&path, &error))
    })
    .await
}

/// The user's board with this title (whatever its case), made when there is none. The board at
/// the title's slug is looked at first (where a board made from this title is), so that an
/// import reads one board per picture, not all of the user's.
fn board_named(write: &Writing, user: UserId, title: &str, secret: bool) -> AppResult<BoardId> {
    let wanted = title.to_lowercase();
    let named = |board: &BoardRecord| board.title.to_lowercase() == wanted;
    let slug = slugify(title, "board");
    if let Some(board) = boards::by_slug(write, user, &slug)?.filter(named) {
        return Ok(board.id);
    }
    if let Some(board) = boards::of_user(write, user)?.into_iter().find(named) {
        return Ok(board.id);
    }
    let title = required_title("title", &cut(title, TITLE_MAX))?;
    let board = BoardRecord::new(user, title, None, None, secret);
    Ok(board_writes::insert(write, board)?.id)
}

fn cut(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}
