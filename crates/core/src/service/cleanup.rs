//! The clean-up: temporary uploads not pinned within `quotas.temp_file_lifetime_seconds` and
//! their files, stray temporary files and spooled imports and exports left by a crash, every
//! tenth of that lifetime (at least every 10 minutes); and at start and then hourly, expired
//! sessions, mailed tokens, unfinished sign-ins and passkey ceremonies, and picture files no pin
//! shows (left by a crash between writing
//! them and committing their pin, or between deleting a pin and its files, or by an upload that
//! failed), on disk or in the bucket.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeDelta, Utc};
use tokio::sync::watch;

use crate::media::storage::{MediaStore, ORIGINALS, PREVIEWS};
use crate::service::context::Services;
use crate::service::data::Data;
use corkboard_domain::error::AppResult;
use corkboard_store::{accounts, identities, passkeys, pins, temp_pins};

/// The whole clean-up (sessions, picture files) runs this often.
const FULL_EVERY: Duration = Duration::from_secs(60 * 60);
/// The temporary files are looked at this often at least.
const TEMPORARY_EVERY: Duration = Duration::from_secs(10 * 60);
/// A picture file without a pin is left this long, unless it is older than the server (it may
/// be an upload in progress).
const STRAY_FILE_GRACE: TimeDelta = TimeDelta::hours(1);

/// What one clean-up removed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Cleaned {
    pub temp_pins: usize,
    /// Files in `tmp/` without a temporary pin, and spooled imports and exports a crash left.
    pub stray_files: usize,
    /// Sessions, mailed tokens and passkey ceremonies.
    pub sessions_and_tokens: usize,
    /// Picture files (previews, originals, unfinished writes) that no pin shows.
    pub picture_files: usize,
}

/// Runs the whole clean-up now and then hourly, and that of temporary files every tenth of
/// their lifetime (at least every 10 minutes), for as long as the server runs: nothing waits in
/// `tmp/` much longer than its lifetime. A clean-up under way is finished when `stop` turns true.
pub async fn every_few_minutes(services: Services, mut stop: watch::Receiver<bool>) {
    let every = (services.config.quotas.temp_file_lifetime() / 10)
        .clamp(Duration::from_secs(1), TEMPORARY_EVERY);
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut last_full: Option<Instant> = None;
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            _ = stop.wait_for(|stopping| *stopping) => return,
        }
        let full = last_full.is_none_or(|at| at.elapsed() >= FULL_EVERY);
        if full {
            last_full = Some(Instant::now());
        }
        let cleaned = services
            .blocking(move |services| match full {
                true => clean_up(services, Utc::now()),
                false => clean_up_temporary(services, Utc::now()),
            })
            .await;
        match cleaned {
            Ok(cleaned) if cleaned != Cleaned::default() => tracing::info!(?cleaned, "cleaned up"),
            Ok(_) => {}
            Err(error) => tracing::warn!(?error, "the clean-up failed"),
        }
    }
}

/// Removes everything that has expired at `now`: temporary files (`clean_up_temporary`),
/// sessions, mailed tokens and sign-ins through the identity provider never finished, and
/// picture files no pin shows.
pub fn clean_up(services: &Services, now: DateTime<Utc>) -> AppResult<Cleaned> {
    let sessions_and_tokens = services.store.write(|write| {
        Ok(accounts::remove_expired(write, now)?
            + identities::remove_expired_pending(write, now)?
            + passkeys::remove_expired_ceremonies(write, now)?)
    })?;
    // Files older than the server cannot be an upload in progress.
    let picture_files =
        unshown_pictures(services, (now - STRAY_FILE_GRACE).max(services.started_at))?;
    Ok(Cleaned {
        sessions_and_tokens,
        picture_files,
        ..clean_up_temporary(services, now)?
    })
}

/// Removes the temporary pins older than their lifetime at `now` (the database first, in one
/// transaction, then their files), and the files as old in `tmp/` without a temporary pin and
/// in `imports/` and `exports/` (whose files are unlinked as soon as they are made: one with a
/// name was left by a crash).
pub(crate) fn clean_up_temporary(data: &Data, now: DateTime<Utc>) -> AppResult<Cleaned> {
    let lifetime = data.config.quotas.temp_file_lifetime();
    let lifetime = TimeDelta::from_std(lifetime).unwrap_or(TimeDelta::MAX);
    let expired = data
        .store
        .write(|write| temp_pins::remove_expired(write, now, lifetime))?;
    let tmp_dir = data.config.tmp_dir();
    for temp in &expired {
        let _ = std::fs::remove_file(tmp_dir.join(&temp.file_name));
    }
    let oldest_kept = now - lifetime;
    let mut stray_files = 0;
    for file in old_files(&tmp_dir, oldest_kept) {
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        if data
            .store
            .read(|read| temp_pins::get(read, &name))?
            .is_none()
        {
            stray_files += usize::from(std::fs::remove_file(&file).is_ok());
        }
    }
    for dir in ["imports", "exports"] {
        for file in old_files(&data.config.data_dir.join(dir), oldest_kept) {
            stray_files += usize::from(std::fs::remove_file(&file).is_ok());
        }
    }
    Ok(Cleaned {
        temp_pins: expired.len(),
        stray_files,
        ..Cleaned::default()
    })
}

/// The files directly in `dir` last modified before `oldest_kept`.
fn old_files(dir: &Path, oldest_kept: DateTime<Utc>) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|entry| {
            entry
                .metadata()
                .and_then(|metadata| metadata.modified())
                .map(DateTime::<Utc>::from)
                .is_ok_and(|modified| modified < oldest_kept)
        })
        .map(|entry| entry.path())
        .filter(|path| path.is_file())
        .collect()
}

/// A file under `previews/` or `originals/`.
#[derive(Debug)]
pub struct PictureFile {
    /// The sha1 of the picture it belongs to.
    pub sha1: String,
    pub key: String,
    pub modified: Option<DateTime<Utc>>,
    /// A write's temporary file (`*.tmp-*`), left by a write that did not finish.
    pub unfinished: bool,
}

/// Every picture file in the media storage (files whose names start with no sha1 are not ours).
pub fn picture_files(media: &MediaStore) -> AppResult<Vec<PictureFile>> {
    let mut found = Vec::new();
    for folder in [PREVIEWS, ORIGINALS] {
        for file in media.list(folder)? {
            let name = file.key.rsplit('/').next().unwrap_or_default();
            let Some(sha1) = name
                .get(..40)
                .filter(|sha1| sha1.bytes().all(|b| b.is_ascii_hexdigit()))
            else {
                continue;
            };
            found.push(PictureFile {
                sha1: sha1.to_owned(),
                unfinished: name.contains(".tmp-"),
                modified: file.modified,
                key: file.key,
            });
        }
    }
    Ok(found)
}

/// Removes the picture files modified before `cutoff` that no pin shows, and unfinished writes;
/// returns how many went. Each picture is checked again and removed under the picture files'
/// lock, so a pin being added meanwhile keeps (or writes again) its files.
fn unshown_pictures(services: &Services, cutoff: DateTime<Utc>) -> AppResult<usize> {
    let mut by_picture: BTreeMap<String, Vec<PictureFile>> = BTreeMap::new();
    let media = &services.media;
    for file in picture_files(media)? {
        if file.modified.is_some_and(|modified| modified < cutoff) {
            by_picture.entry(file.sha1.clone()).or_default().push(file);
        }
    }
    let shown: Vec<bool> = services.store.read(|read| {
        by_picture
            .keys()
            .map(|sha1| Ok(pins::picture_count(read, sha1)? > 0))
            .collect()
    })?;
    let mut removed = 0;
    for ((sha1, files), shown) in by_picture.into_iter().zip(shown) {
        let unfinished = files.iter().filter(|file| file.unfinished);
        if shown {
            removed += unfinished.filter(|file| remove(media, &file.key)).count();
            continue;
        }
        let _files = services
            .picture_files
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if services
            .store
            .read(|read| pins::picture_count(read, &sha1))?
            > 0
        {
            continue;
        }
        removed += files.iter().filter(|file| remove(media, &file.key)).count();
        if let MediaStore::Local(local) = media {
            let preview_folder = files
                .iter()
                .filter_map(|file| file.key.rsplit_once('/').map(|(folder, _)| folder))
                .find(|folder| folder.ends_with(&sha1));
            if let Some(folder) = preview_folder {
                let _ = std::fs::remove_dir(local.path(folder));
            }
        }
    }
    Ok(removed)
}

fn remove(media: &MediaStore, key: &str) -> bool {
    match media.remove(key) {
        Ok(()) => true,
        Err(error) => {
            tracing::warn!(?error, key, "cannot remove a picture file");
            false
        }
    }
}
