//! The hourly clean-up: expired temporary pins and their files, stray temporary files, expired
//! sessions and mailed tokens.

use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};

use crate::error::AppResult;
use crate::service::context::Services;
use crate::store::{accounts, temp_pins};

const EVERY: Duration = Duration::from_secs(60 * 60);
/// A file in the temporary folder without a record is left this long (it may be being staged).
const STRAY_FILE_GRACE: TimeDelta = TimeDelta::hours(1);

/// What one clean-up removed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Cleaned {
    pub temp_pins: usize,
    pub stray_files: usize,
    pub sessions_and_tokens: usize,
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
    Ok(Cleaned {
        temp_pins: expired.len(),
        stray_files,
        sessions_and_tokens,
    })
}
