//! Import jobs: a small progress record each, saved after every picture so that a job resumes
//! where it stopped, with its items and its failures stored beside it, one record each.

use redb::ReadableTable;

use super::codec::encode;
use super::tables::{
    IMPORT_FAILURES, IMPORT_ITEMS, IMPORT_JOBS, IMPORT_JOBS_BY_USER, IMPORT_PENDING,
};
use super::writing::Writing;
use super::{Source, ids_under, next_id};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;
use corkboard_domain::import_job::{ImportFailure, ImportItem, ImportJob, ItemOutcome};

/// Stores a new job with a fresh id, and its items.
pub fn insert(write: &Writing, mut job: ImportJob, items: &[ImportItem]) -> AppResult<ImportJob> {
    job.id = next_id(write)?;
    job.total = items.len();
    save(write, &job)?;
    write
        .open_table(IMPORT_JOBS_BY_USER)?
        .insert((job.user.0, job.id), ())?;
    let mut table = write.open_table(IMPORT_ITEMS)?;
    for (index, item) in items.iter().enumerate() {
        table.insert((job.id, index as u64), encode(item)?.as_slice())?;
    }
    Ok(job)
}

/// Saves a job's progress; a finished job leaves the pending list.
pub fn save(write: &Writing, job: &ImportJob) -> AppResult<()> {
    write
        .open_table(IMPORT_JOBS)?
        .insert(job.id, encode(job)?.as_slice())?;
    let mut pending = write.open_table(IMPORT_PENDING)?;
    if job.finished() {
        pending.remove(job.id)?;
    } else {
        pending.insert(job.id, ())?;
    }
    Ok(())
}

/// Notes what became of item `index` of a job, in the transaction that pinned it (if it was):
/// the counts and the resume point move on, and the item's record goes, but for a failed one,
/// which stays to name it beside its reason.
pub fn finish_item(
    write: &Writing,
    job: u64,
    index: usize,
    outcome: &ItemOutcome,
) -> AppResult<()> {
    let Some(mut record) = get(write, job)? else {
        return Ok(());
    };
    if let ItemOutcome::Failed(reason) = outcome {
        write
            .open_table(IMPORT_FAILURES)?
            .insert((job, index as u64), reason.as_str())?;
    } else {
        write
            .open_table(IMPORT_ITEMS)?
            .remove((job, index as u64))?;
    }
    record.count(outcome);
    if index == record.next {
        record.next = first_left(write, job, index + 1, &[])?.unwrap_or(record.total);
    }
    save(write, &record)
}

/// The first item of a job still to import at or after `from`, leaving out those `under_way`.
pub fn item_to_import(
    tx: &impl Source,
    job: u64,
    from: usize,
    under_way: &[usize],
) -> AppResult<Option<(usize, ImportItem)>> {
    let Some(index) = first_left(tx, job, from, under_way)? else {
        return Ok(None);
    };
    Ok(item(tx, job, index)?.map(|item| (index, item)))
}

/// The index of the first item not done at or after `from`, but for those in `skip`: the
/// records of items done are gone, but for failed ones, which have a failure beside them.
fn first_left(tx: &impl Source, job: u64, from: usize, skip: &[usize]) -> AppResult<Option<usize>> {
    let items = tx.table(IMPORT_ITEMS)?;
    let failures = tx.table(IMPORT_FAILURES)?;
    for entry in items.range((job, from as u64)..=(job, u64::MAX))? {
        let (key, _) = entry?;
        let index = key.value().1;
        if !skip.contains(&(index as usize)) && failures.get((job, index))?.is_none() {
            return Ok(Some(index as usize));
        }
    }
    Ok(None)
}

pub fn get(tx: &impl Source, id: u64) -> AppResult<Option<ImportJob>> {
    let table = tx.table(IMPORT_JOBS)?;
    let found = table.get(id)?;
    found.map(|bytes| tx.decode(bytes.value())).transpose()
}

fn item(tx: &impl Source, job: u64, index: usize) -> AppResult<Option<ImportItem>> {
    let table = tx.table(IMPORT_ITEMS)?;
    let found = table.get((job, index as u64))?;
    found.map(|bytes| tx.decode(bytes.value())).transpose()
}

/// The most failures of a job read back (the job counts them all).
pub const MOST_FAILURES: usize = 50;
/// The most jobs of a user read back, newest first.
pub const MOST_JOBS: usize = 20;

/// A job's first `MOST_FAILURES` failures, in item order.
pub fn failures(tx: &impl Source, job: u64) -> AppResult<Vec<ImportFailure>> {
    let table = tx.table(IMPORT_FAILURES)?;
    let mut found = Vec::new();
    for entry in table.range((job, 0)..=(job, u64::MAX))?.take(MOST_FAILURES) {
        let (key, reason) = entry?;
        let index = key.value().1 as usize;
        found.push(ImportFailure {
            item: item(tx, job, index)?
                .map(|item| item.describe())
                .unwrap_or_default(),
            reason: reason.value().to_owned(),
        });
    }
    Ok(found)
}

/// A user's newest `MOST_JOBS` jobs, newest first.
pub fn of_user(tx: &impl Source, user: UserId) -> AppResult<Vec<ImportJob>> {
    let mut jobs = Vec::new();
    for id in ids_under(tx, IMPORT_JOBS_BY_USER, user.0)?
        .into_iter()
        .rev()
        .take(MOST_JOBS)
    {
        jobs.extend(get(tx, id)?);
    }
    Ok(jobs)
}

/// The ids of the jobs not finished yet, oldest first.
pub fn unfinished(tx: &impl Source) -> AppResult<Vec<u64>> {
    let table = tx.table(IMPORT_PENDING)?;
    Ok(table
        .iter()?
        .map(|entry| entry.map(|(id, _)| id.value()))
        .collect::<Result<_, _>>()?)
}
