//! The clean-up, at start and then hourly: expired temporary pins and their files, stray
//! temporary files, expired sessions and mailed tokens, and picture files no pin shows (left by
//! a crash between writing them and committing their pin, or between deleting a pin and its
//! files, or by an upload that failed), on disk or in the bucket.

use std::collections::BTreeMap;
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};

use crate::error::AppResult;
use crate::media::storage::{MediaStore, ORIGINALS, PREVIEWS};
use crate::service::context::Services;
use crate::store::{accounts, pins, temp_pins};

const EVERY: Duration = Duration::from_secs(60 * 60);
/// A file in the temporary folder without a record is left this long (it may be being staged);
/// so is a picture file without a pin, unless it is older than the server.
const STRAY_FILE_GRACE: TimeDelta = TimeDelta::hours(1);

/// What one clean-up removed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Cleaned {
    pub temp_pins: usize,
    pub stray_files: usize,
    pub sessions_and_tokens: usize,
    /// Picture files (previews, originals, unfinished writes) that no pin shows.
    pub picture_files: usize,
}

/// Runs the clean-up now and then every hour, for as long as the server runs.
pub async fn every_hour(services: Services) {
    let mut ticks = tokio::time::interval(EVERY);
    loop {
        ticks.tick().await;
        match services
            .blocking(|services| clean_up(services, Utc::now()))
            .await
        {
            Ok(cleaned) if cleaned != Cleaned::default() => tracing::info!(?cleaned, "cleaned up"),
            Ok(_) => {}
            Err(error) => tracing::warn!(?error, "the clean-up failed"),
        }
    }
}

/// Removes what has expired at `now`: the database first, in one transaction, then the files.
pub fn clean_up(services: &Services, now: DateTime<Utc>) -> AppResult<Cleaned> {
    let (expired, sessions_and_tokens) = services.store.write(|write| {
        Ok((
            temp_pins::remove_expired(write, now)?,
            accounts::remove_expired(write, now)?,
        ))
    })?;
    let tmp_dir = services.config.tmp_dir();
    for temp in &expired {
        let _ = std::fs::remove_file(tmp_dir.join(&temp.file_name));
    }
    let mut stray_files = 0;
    if let Ok(entries) = std::fs::read_dir(&tmp_dir) {
        let oldest_kept = now - STRAY_FILE_GRACE;
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let modified = entry
                .metadata()
                .and_then(|metadata| metadata.modified())
                .map(DateTime::<Utc>::from);
            let old = modified.is_ok_and(|modified| modified < oldest_kept);
            if old
                && services
                    .store
                    .read(|read| temp_pins::get(read, &name))?
                    .is_none()
            {
                stray_files += usize::from(std::fs::remove_file(entry.path()).is_ok());
            }
        }
    }
    // Files older than the server cannot be an upload in progress.
    let picture_files =
        unshown_pictures(services, (now - STRAY_FILE_GRACE).max(services.started_at))?;
    Ok(Cleaned {
        temp_pins: expired.len(),
        stray_files,
        sessions_and_tokens,
        picture_files,
    })
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
