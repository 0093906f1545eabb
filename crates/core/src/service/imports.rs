//! Imports from other tools as background jobs: a bookmark file becomes a job of pictures, each
//! fetched by the safe fetcher with its page as Referer and pinned on the board named after its
//! folder (made when missing). A picture the user has pinned already is skipped and counted; a
//! failure is noted with its reason and the job goes on. The pictures are pinned by the runner
//! (`import_runner`).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use crate::service::context::Services;
use crate::service::data::Data;
use crate::service::fetch_jobs::{For, fetch_job};
use crate::web::bookmarks::read_bookmarks;
use crate::web::fetch::{Budget, web_address};
use crate::web::pinry;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_domain::import_job::{ImportFailure, ImportItem, ImportJob};
use corkboard_i18n::msg;
use corkboard_store::import_jobs;

/// The most pictures one import may hold.
const MAX_ITEMS: usize = 20_000;

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
        .blocking(move |_| {
            read_bookmarks(&html).map_err(|reason| AppError::invalid("file", reason))
        })
        .await?;
    if items.is_empty() {
        return Err(AppError::invalid("file", msg!("error-bookmarks-empty")));
    }
    start(services, user, file_name, items).await
}

/// The picture files `corkboard import-dir` takes.
const PICTURE_EXTENSIONS: [&str; 5] = ["jpg", "jpeg", "png", "gif", "webp"];

/// Starts importing the pictures of a folder on the server for `user`: those directly inside
/// onto the board `board`, those of each sub-folder onto a board named after it ("Trips / 2024").
pub(crate) async fn start_dir(
    services: &Services,
    user: UserId,
    dir: PathBuf,
    board: String,
) -> AppResult<ImportJob> {
    let source = dir.display().to_string();
    let items = services
        .blocking(move |_| pictures_in(&dir, &board))
        .await?;
    if items.is_empty() {
        return Err(AppError::invalid("dir", msg!("error-folder-no-pictures")));
    }
    start(services, user, source, items).await
}

/// The picture files under `dir`, folder by folder, in name order within each.
fn pictures_in(dir: &Path, board: &str) -> AppResult<Vec<ImportItem>> {
    let unreadable = |error: std::io::Error| file_error(dir, &error);
    let mut items = Vec::new();
    let mut folders = vec![dir.to_owned()];
    while let Some(folder) = folders.pop() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&folder)
            .map_err(unreadable)?
            .map(|entry| entry.map(|entry| entry.path()))
            .collect::<Result<_, _>>()
            .map_err(unreadable)?;
        entries.sort();
        for path in entries {
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            let picture = path.extension().is_some_and(|ext| {
                PICTURE_EXTENSIONS.contains(&ext.to_string_lossy().to_lowercase().as_str())
            });
            if !picture {
                continue;
            }
            let inside = folder.strip_prefix(dir).unwrap_or(Path::new(""));
            let board = if inside.as_os_str().is_empty() {
                board.to_owned()
            } else {
                inside
                    .components()
                    .map(|part| part.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join(" / ")
            };
            items.push(ImportItem {
                board,
                private_board: false,
                page: None,
                picture: None,
                file: Some(path.display().to_string()),
                title: path
                    .file_stem()
                    .map(|stem| stem.to_string_lossy().into_owned()),
                caption: path
                    .file_name()
                    .map(|name| name.to_string_lossy().into_owned()),
                tags: Vec::new(),
            });
        }
    }
    Ok(items)
}

/// How far a job got, for the command line.
pub async fn job(data: &Data, id: u64) -> AppResult<ImportJob> {
    data.read(move |read| import_jobs::get(read, id))
        .await?
        .ok_or_else(|| AppError::NotFound(msg!("error-import-not-found")))
}

/// The answer to one request to Pinry's API, at most.
const PINRY_PAGE_MAX_BYTES: u64 = 16 * 1024 * 1024;

/// Reads `username`'s boards and pins from the Pinry instance at `address` (with its API token,
/// when given: private boards need it) and starts importing them for `user`.
pub async fn start_pinry(
    services: &Services,
    user: UserId,
    address: String,
    username: String,
    token: Option<String>,
) -> AppResult<ImportJob> {
    let base = web_address(&address)?;
    // The job's name in the list of imports, in the language of whoever starts it.
    let origin = base.origin().ascii_serialization();
    let source = msg!("import-source-pinry", origin = origin).text();
    let items = fetch_job(
        &services.fetch_jobs,
        services.clone(),
        For::Person(user),
        move |services, budget| {
            let token = token.filter(|token| !token.trim().is_empty());
            let reader = PinryReader {
                services,
                budget,
                base: &base,
                username: &username,
                token: token.as_deref(),
            };
            let boards = reader.list("boards")?;
            let pins = reader.list("pins")?;
            Ok(pinry::items(boards, pins))
        },
    )
    .await?;
    if items.is_empty() {
        return Err(AppError::invalid("username", msg!("error-pinry-no-pins")));
    }
    start(services, user, source, items).await
}

/// The most pages of one Pinry list read (50 pins a page: more than an import may hold).
const PINRY_PAGES_MAX: usize = MAX_ITEMS / 50 + 10;

/// Reads one user's lists from a Pinry instance, within one fetch job's budget.
struct PinryReader<'a> {
    services: &'a Services,
    budget: &'a Budget,
    base: &'a url::Url,
    username: &'a str,
    token: Option<&'a str>,
}

impl PinryReader<'_> {
    /// Every page of one of Pinry's lists, following its `next` links on the same site; it
    /// stops at an empty page, at a `next` already read and after `PINRY_PAGES_MAX` pages.
    fn list<T: serde::de::DeserializeOwned>(&self, list: &str) -> AppResult<Vec<T>> {
        let mut found = Vec::new();
        let mut read = HashSet::new();
        let mut next = Some(pinry::first_page(self.base, list, self.username));
        while let Some(address) = next.take() {
            let same_site =
                web_address(&address).is_ok_and(|url| url.origin() == self.base.origin());
            if !same_site || found.len() > MAX_ITEMS || !read.insert(address.clone()) {
                break;
            }
            if read.len() > PINRY_PAGES_MAX {
                tracing::info!(%address, "a Pinry list has more pages than are read");
                break;
            }
            let page: pinry::Page<T> = self.page(&address)?;
            if page.results.is_empty() {
                break;
            }
            found.extend(page.results);
            next = page.next;
        }
        Ok(found)
    }

    fn page<T: serde::de::DeserializeOwned>(&self, address: &str) -> AppResult<pinry::Page<T>> {
        let (web, accept) = (&self.services.web, "application/json");
        let fetched = match self.token {
            Some(token) => web.get_authorized(
                self.budget,
                address,
                accept,
                PINRY_PAGE_MAX_BYTES,
                &format!("Token {}", token.trim()),
            ),
            None => web.get(self.budget, address, accept, PINRY_PAGE_MAX_BYTES, None),
        }?;
        serde_json::from_slice(&fetched.bytes).map_err(|error| {
            tracing::info!(%error, %address, "a Pinry answer could not be read");
            AppError::invalid("url", msg!("error-pinry-not-pinry"))
        })
    }
}

async fn start(
    services: &Services,
    user: UserId,
    source: String,
    items: Vec<ImportItem>,
) -> AppResult<ImportJob> {
    if items.len() > MAX_ITEMS {
        return Err(AppError::invalid(
            "file",
            msg!(
                "error-import-too-many",
                count = items.len(),
                max = MAX_ITEMS
            ),
        ));
    }
    services
        .blocking(move |services| {
            services.store.write(|write| {
                services.running.check_no_import(write, user)?;
                import_jobs::insert(write, ImportJob::new(user, source, 0), &items)
            })
        })
        .await
}

/// The viewer's imports, newest first, with their failures.
pub async fn of_user(data: &Data, user: UserId) -> AppResult<Vec<JobReport>> {
    data.read(move |read| {
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

/// Why a file or folder of the server's cannot be read.
pub(crate) fn file_error(path: &Path, error: &std::io::Error) -> AppError {
    AppError::invalid(
        "file",
        msg!(
            "error-file-unreadable",
            path = path.display().to_string(),
            error = error.to_string()
        ),
    )
}
