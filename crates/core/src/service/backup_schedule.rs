//! Scheduled backups (`[backup]` in the config): every `backup.every`, a backup named by its UTC
//! time in `backup.dir`; then the oldest scheduled ones beyond `backup.keep` are removed.

use std::path::Path;

use chrono::{NaiveDateTime, Utc};
use tokio::sync::watch;
use tokio::time::{Instant, MissedTickBehavior};

use crate::service::backup::{Manifest, back_up, backups_in};
use crate::service::context::Services;
use corkboard_domain::error::AppError;

/// The folder name of a scheduled backup: its UTC time, in an order that sorts by time.
const NAME_FORMAT: &str = "%Y%m%dT%H%M%S%.3fZ";

/// Makes a backup every `backup.every` until `stop` turns true (nothing when unset); a backup
/// under way is finished first.
pub async fn every_period(services: Services, mut stop: watch::Receiver<bool>) {
    let Some(every) = services.config.backup.every else {
        return;
    };
    let mut ticks = tokio::time::interval_at(Instant::now() + every, every);
    ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            _ = stop.wait_for(|stopping| *stopping) => return,
        }
        let made = services
            .blocking(|services| scheduled_backup(services).map_err(AppError::from))
            .await;
        match made {
            Ok(manifest) => tracing::info!(
                pins = manifest.pins,
                files = manifest.files,
                from_previous = manifest.files_from_previous,
                seconds = manifest.seconds,
                "scheduled backup made"
            ),
            Err(error) => tracing::error!(?error, "the scheduled backup failed"),
        }
    }
}

/// Makes one scheduled backup now, then removes the oldest beyond `backup.keep`.
pub(crate) fn scheduled_backup(services: &Services) -> anyhow::Result<Manifest> {
    let dir = services.config.backups_dir();
    let name = Utc::now().format(NAME_FORMAT).to_string();
    let manifest = back_up(
        &services.store,
        &services.picture_files,
        &services.config,
        &dir.join(name),
    )?;
    remove_old(&dir, services.config.backup.keep)?;
    Ok(manifest)
}

/// Removes the scheduled backups in `dir` (named by their time) but the `keep` newest; 0 keeps
/// them all.
fn remove_old(dir: &Path, keep: usize) -> anyhow::Result<()> {
    if keep == 0 {
        return Ok(());
    }
    let mut scheduled: Vec<_> = backups_in(dir)?
        .into_iter()
        .map(|(path, _)| path)
        .filter(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| NaiveDateTime::parse_from_str(name, NAME_FORMAT).is_ok())
        })
        .collect();
    scheduled.sort();
    let old = scheduled.len().saturating_sub(keep);
    for path in &scheduled[..old] {
        std::fs::remove_dir_all(path)?;
        tracing::info!(backup = %path.display(), "old backup removed");
    }
    Ok(())
}
