//! An import from another tool (a bookmark file), run in the background a few pictures at once:
//! what it holds, how far it got, and what it made of each picture so far.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::ids::UserId;

/// One picture to pin, as the imported file describes it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ImportItem {
    /// The board's title (the file's folder); boards are found by title or made.
    pub board: String,
    pub private_board: bool,
    /// The page the picture is on: the pin's source, and the download's Referer.
    pub page: Option<String>,
    /// The picture's address; without it, the page is scanned for its main picture.
    pub picture: Option<String>,
    /// A picture file on the server (`corkboard import-dir`), read instead of a download.
    #[serde(default)]
    pub file: Option<String>,
    pub title: Option<String>,
    pub caption: Option<String>,
    pub tags: Vec<String>,
}

impl ImportItem {
    /// How a person recognises the item in a list of failures.
    pub fn describe(&self) -> String {
        self.title
            .clone()
            .or_else(|| self.file.clone())
            .or_else(|| self.page.clone())
            .or_else(|| self.picture.clone())
            .unwrap_or_default()
    }
}

/// A picture that could not be pinned, and why, in words a person understands.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportFailure {
    pub item: String,
    pub reason: String,
}

/// A job's progress; its items and failures are stored beside it, one record each.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ImportJob {
    pub id: u64,
    pub user: UserId,
    /// The imported file's name.
    pub source: String,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    pub total: usize,
    /// The first item not imported yet: every item before it is done (pictures are imported a
    /// few at once, so some after it may be done too; their records are gone).
    pub next: usize,
    pub created: usize,
    /// Pictures the user had pinned already (the same picture or a near-duplicate), skipped.
    pub duplicates: usize,
    pub failed: usize,
}

impl ImportJob {
    pub fn new(user: UserId, source: String, total: usize) -> ImportJob {
        ImportJob {
            id: 0,
            user,
            source,
            created_at: Utc::now(),
            finished_at: None,
            total,
            next: 0,
            created: 0,
            duplicates: 0,
            failed: 0,
        }
    }

    /// How many items are done, whatever became of them.
    pub fn done(&self) -> usize {
        self.created + self.duplicates + self.failed
    }

    pub fn finished(&self) -> bool {
        self.done() >= self.total
    }

    /// Counts one item's outcome, and notes the end of the job after its last item.
    pub fn count(&mut self, outcome: &ItemOutcome) {
        match outcome {
            ItemOutcome::Created => self.created += 1,
            ItemOutcome::AlreadyPinned => self.duplicates += 1,
            ItemOutcome::Failed(_) => self.failed += 1,
        }
        if self.finished() {
            self.finished_at = Some(Utc::now());
        }
    }
}

/// What became of one item.
#[derive(Debug, Clone, PartialEq)]
pub enum ItemOutcome {
    Created,
    /// The user had pinned the same picture, or a near-duplicate, already: skipped.
    AlreadyPinned,
    /// Why it could not be pinned, in words a person understands.
    Failed(String),
}
