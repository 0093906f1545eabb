//! Import of a Corkboard export archive (`docs/export-format.md`), into a whole instance (the
//! command line) or into one account (`POST /api/import`). Crash-safe and idempotent: each
//! transaction (the accounts; the folders and boards; each batch of pins) remembers in
//! `imported-1` where its records came from, so a second import, or a rerun after a crash,
//! creates only what is missing.

mod archive;
mod bounded;
mod pins;
mod records;
pub mod report;
mod zip_index;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::task::JoinSet;

use self::archive::Archive;
use self::pins::{Places, Written};
use self::records::Importer;
use self::report::ImportReport;
use crate::media::ingest::files_stored;
use crate::service::context::Services;
use crate::service::quotas::with_thousands;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_i18n::{Message, msg};
use corkboard_store::imported;

pub use self::archive::FIELD;

/// Pins written per transaction.
const PIN_BATCH: usize = 200;

/// Where an archive's content goes.
#[derive(Debug, Clone, Copy)]
pub enum ImportInto {
    /// Every account of the archive, each to the local account imported before, the one with
    /// its email, or a new one (without a password).
    Instance,
    /// The archive's one account (or the one with this account's username) into this account.
    Account(UserId),
}

/// Imports the zip archive `file`.
pub async fn import_archive(
    services: &Services,
    file: std::fs::File,
    into: ImportInto,
) -> AppResult<ImportReport> {
    let (mut importer, archive) = services
        .blocking(move |services| {
            let (archive, manifest) = Archive::open(file, into)?;
            let here = services.store.read(imported::instance_id)?;
            let mut importer = Importer::new(manifest, into, &here);
            services.store.write(|write| importer.accounts(write))?;
            services.store.write(|write| importer.structure(write))?;
            Ok((importer, Arc::new(Mutex::new(archive))))
        })
        .await?;
    let order = importer.pins_to_import();
    let owners: Vec<UserId> = importer.owners.values().copied().collect();
    let (returned, had) = services
        .blocking(move |services| {
            let had = services.store.read(|read| {
                let mut had = HashMap::new();
                for owner in owners {
                    had.insert(owner, importer.pictures_had(read, owner)?);
                }
                Ok(had)
            })?;
            Ok((importer, had))
        })
        .await?;
    importer = returned;
    let had = Arc::new(had);
    let places = Arc::new(Places::of(&importer));
    // The quota that stopped new pins, once one did.
    let mut stopped: Option<Message> = None;
    for batch in order.chunks(PIN_BATCH) {
        let batch = batch.to_vec();
        let had = had.clone();
        let (returned, steps) = services
            .blocking(move |services| {
                let steps = services
                    .store
                    .read(|read| importer.plan(read, &batch, &had))?;
                Ok((importer, (batch, steps)))
            })
            .await?;
        importer = returned;
        let (batch, steps) = steps;
        // Past a quota no new pin is added: its picture is not read either.
        if stopped.is_none() {
            ingest_new_pictures(services, &mut importer, &archive, &batch, &steps).await?;
        }
        let before = stopped.clone();
        let places = places.clone();
        importer = services
            .blocking(move |services| {
                let stopped =
                    write_batch(services, &mut importer, &batch, &steps, &places, before)?;
                Ok((importer, stopped))
            })
            .await
            .map(|(returned, now)| {
                stopped = now;
                returned
            })?;
    }
    if let Some(reason) = stopped {
        let count = importer.report.over_quota;
        let said = msg!(
            "import-note-over-quota",
            count = count,
            grouped = with_thousands(count as u64)
        );
        importer
            .report
            .notes
            .push(report::Sentence::because(said, reason));
    }
    Ok(importer.report)
}

/// Ingests the pictures of the batch's new pins not ingested yet, as many at once as there
/// are picture threads (each within the memory budget).
async fn ingest_new_pictures(
    services: &Services,
    importer: &mut Importer,
    archive: &Arc<Mutex<Archive>>,
    batch: &[usize],
    steps: &[pins::Step],
) -> AppResult<()> {
    let mut wanted: Vec<(String, String)> = Vec::new();
    for (&index, step) in batch.iter().zip(steps) {
        let picture = &importer.manifest.pins[index].picture;
        if matches!(step, pins::Step::Create)
            && !importer.pictures.contains_key(&picture.sha1)
            && !wanted.iter().any(|(sha1, _)| *sha1 == picture.sha1)
        {
            wanted.push((picture.sha1.clone(), picture.original.clone()));
        }
    }
    let at_once = std::thread::available_parallelism().map_or(2, |n| n.get());
    for group in wanted.chunks(at_once) {
        let group = group.to_vec();
        let archive = archive.clone();
        let read = services
            .blocking(move |services| {
                let mut archive = archive.lock().unwrap_or_else(|e| e.into_inner());
                let max_bytes = services.config.uploads.max_file_bytes;
                group
                    .into_iter()
                    .map(|(sha1, path)| {
                        let bytes = archive.original(&path, max_bytes)?;
                        let bytes = bytes.and_then(|bytes| {
                            archive::ingest_memory(services, &bytes).map(|memory| (bytes, memory))
                        });
                        Ok((sha1, bytes))
                    })
                    .collect::<AppResult<Vec<_>>>()
            })
            .await?;
        let mut work = JoinSet::new();
        for (sha1, bytes) in read {
            match bytes {
                Ok((bytes, memory)) => {
                    let services = services.clone();
                    work.spawn(async move {
                        let picture = archive::ingest(&services, bytes, memory, sha1.clone()).await;
                        (sha1, picture)
                    });
                }
                Err(reason) => {
                    importer.pictures.insert(sha1, Err(reason));
                }
            }
        }
        while let Some(done) = work.join_next().await {
            let (sha1, picture) = done.map_err(|e| AppError::Internal(e.into()))?;
            importer.pictures.insert(sha1, picture?);
        }
    }
    Ok(())
}

/// Writes a batch while no pin deletion can take its pictures' files, once they are checked;
/// an account's import stops adding pins at its quotas. Returns the quota that stopped it, if
/// one did (`stopped`: before this batch).
fn write_batch(
    services: &Services,
    importer: &mut Importer,
    batch: &[usize],
    steps: &[pins::Step],
    places: &Places,
    mut stopped: Option<Message>,
) -> AppResult<Option<Message>> {
    let _files = services
        .picture_files
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let mut gone: Vec<String> = Vec::new();
    for (&index, step) in batch.iter().zip(steps) {
        let sha1 = &importer.manifest.pins[index].picture.sha1;
        if matches!(step, pins::Step::Create)
            && !gone.contains(sha1)
            && let Some(Ok(picture)) = importer.pictures.get(sha1)
            && !files_stored(picture, &services.media)?
        {
            gone.push(sha1.clone());
        }
    }
    for sha1 in gone {
        importer
            .pictures
            .insert(sha1, Err(msg!("import-picture-files-removed")));
    }
    let quotas = match importer.into {
        ImportInto::Account(_) => Some(&services.config.quotas),
        ImportInto::Instance => None,
    };
    let done = services.store.write(|write| {
        importer.write_batch(write, batch, steps, places, quotas, stopped.clone())
    })?;
    for (index, outcome) in done {
        let pin = &importer.manifest.pins[index];
        match outcome {
            Written::Created(local) => {
                importer.pins.insert(pin.id, local);
                importer.report.created.pins += 1;
                if pin.source_file_url.is_some() && pins::source_url(pin).is_none() {
                    importer
                        .report
                        .notes
                        .push(msg!("import-note-source-dropped", pin = pin.id.to_string()).into());
                }
            }
            Written::AlreadyThere(local) => {
                importer.pins.insert(pin.id, local);
                importer.report.skipped.pins += 1;
            }
            Written::OverQuota(reason) => {
                importer.report.over_quota += 1;
                stopped = Some(reason);
            }
            Written::Failed(reason) => {
                let what = format!(
                    "{} ({})",
                    pin.id,
                    pin.caption.chars().take(40).collect::<String>()
                );
                importer.report.fail("pin", what, reason);
            }
        }
    }
    Ok(stopped)
}
