//! The viewer's imports from other tools and how far each got: started from a Pinry instance
//! here, or from a bookmark file by `POST /api/import/bookmarks`.

use async_graphql::{Context, ID, Object, Result, SimpleObject};
use chrono::{DateTime, Utc};

use super::context::ContextExt;
use super::pagination::bounded_cost;
use corkboard_core::service::imports::{self, JobReport};
use corkboard_store::import_jobs::{MOST_FAILURES, MOST_JOBS};

#[derive(Default)]
pub(crate) struct ImportQuery;

#[Object]
impl ImportQuery {
    /// The signed-in user's newest 20 imports, newest first.
    #[graphql(complexity = "bounded_cost(MOST_JOBS, child_complexity)")]
    async fn import_jobs(&self, ctx: &Context<'_>) -> Result<Vec<ImportJob>> {
        let user = ctx.viewer().require_user()?;
        let reports = imports::of_user(ctx.services(), user).await?;
        Ok(reports.into_iter().map(ImportJob::from).collect())
    }
}

#[derive(Default)]
pub(crate) struct ImportMutation;

#[Object]
impl ImportMutation {
    /// Imports the boards and pins of `username` on the Pinry instance at `url` into the
    /// viewer's boards, in the background; `token` (Pinry's API token) also brings private ones.
    async fn import_from_pinry(
        &self,
        ctx: &Context<'_>,
        url: String,
        username: String,
        token: Option<String>,
    ) -> Result<ImportJob> {
        let user = ctx.viewer().require_user()?;
        let job = imports::start_pinry(ctx.services(), user, url, username, token).await?;
        Ok(ImportJob::from(JobReport {
            job,
            failures: Vec::new(),
        }))
    }
}

/// An import: its file, how many pictures it holds, and what became of those done so far.
#[derive(SimpleObject)]
pub(crate) struct ImportJob {
    id: ID,
    source: String,
    created_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
    total: i32,
    done: i32,
    created: i32,
    /// Pictures the user had already pinned, or near-duplicates of them (a cropped copy), skipped.
    duplicates: i32,
    failed: i32,
    /// The first 50 failures, in item order (`failed` counts them all).
    #[graphql(complexity = "bounded_cost(MOST_FAILURES, child_complexity)")]
    failures: Vec<ImportFailure>,
}

/// A picture that could not be imported, and why.
#[derive(SimpleObject)]
pub(crate) struct ImportFailure {
    item: String,
    reason: String,
}

impl From<JobReport> for ImportJob {
    fn from(report: JobReport) -> Self {
        let job = report.job;
        let count = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
        let done = count(job.done());
        ImportJob {
            id: job.id.to_string().into(),
            source: job.source,
            created_at: job.created_at,
            finished_at: job.finished_at,
            total: count(job.total),
            done,
            created: count(job.created),
            duplicates: count(job.duplicates),
            failed: count(job.failed),
            failures: report
                .failures
                .into_iter()
                .map(|failure| ImportFailure {
                    item: failure.item,
                    reason: failure.reason,
                })
                .collect(),
        }
    }
}
