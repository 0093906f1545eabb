//! `corkboard check`, with the server stopped: the database's indexes agree with its records
//! (`store::check`), every pin's picture files are there, and the search index holds each pin
//! once (pins marked as changed just before a crash excepted: the next start indexes them). A
//! board's sweep a stop cut short (`board_sweeps`) is finished first.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use crate::media::encode::FORMATS;
use crate::media::storage::{MediaStore, original_key, preview_key};
use crate::service::cleanup::picture_files;
use corkboard_domain::config::Config;
use corkboard_domain::error::AppResult;
use corkboard_domain::pin::Picture;
use corkboard_search::indexed_pins;
use corkboard_store::check::{self, Report};
use corkboard_store::{Store, board_sweeper, pins, search_pending};

/// Checks the data folder of `config`; problems are in the report, errors are reading failures.
pub fn check_data_folder(config: &Config) -> anyhow::Result<Report> {
    let store = Store::open_configured(config)?;
    // Boards a stop left to sweep are swept first, as the next start would.
    board_sweeper::sweep_all(&store).map_err(|error| {
        anyhow::anyhow!("cannot sweep the boards changed before a stop: {error:?}")
    })?;
    let found = store.read(|read| {
        let report = check::database(read)?;
        let mut pictures = BTreeMap::new();
        let mut pin_ids = BTreeSet::new();
        for id in pins::all_ids(read)? {
            if let Some(pin) = pins::get(read, id)? {
                pictures.insert(pin.picture.sha1.clone(), pin.picture);
            }
            pin_ids.insert(id.0);
        }
        let pending: BTreeSet<u64> = search_pending::all(read)?.iter().map(|pin| pin.0).collect();
        AppResult::Ok((report, pictures, pin_ids, pending))
    });
    let (mut report, pictures, pin_ids, pending) =
        found.map_err(|error| anyhow::anyhow!("cannot read the database: {error:?}"))?;
    let media = MediaStore::open(config)?;
    check_files(&media, &pictures, &mut report)
        .map_err(|error| anyhow::anyhow!("cannot list the media files: {error:?}"))?;
    check_search(config, &pin_ids, &pending, &mut report)?;
    Ok(report)
}

/// Every preview and the original of each picture a pin shows; counts the files no pin shows.
fn check_files(
    media: &MediaStore,
    pictures: &BTreeMap<String, Picture>,
    report: &mut Report,
) -> AppResult<()> {
    let files = picture_files(media)?;
    let stored: HashSet<&str> = files.iter().map(|file| file.key.as_str()).collect();
    let mut missing = 0;
    for picture in pictures.values() {
        let previews = picture.preview_widths.iter().flat_map(|width| {
            FORMATS
                .iter()
                .map(|format| preview_key(picture, *width, format))
        });
        for key in previews.chain([original_key(picture)]) {
            if !stored.contains(key.as_str()) {
                missing += 1;
                if missing <= 10 {
                    report.problems.push(format!(
                        "a pin's picture file is missing: {key} in {}",
                        media.describe()
                    ));
                }
            }
        }
    }
    if missing > 10 {
        report
            .problems
            .push(format!("{} more picture files are missing", missing - 10));
    }
    let unshown = files
        .iter()
        .filter(|file| file.unfinished || !pictures.contains_key(&file.sha1))
        .count();
    report.counts.insert("picture files", files.len());
    // Not a problem: the clean-up removes them (at start, and hourly).
    report.counts.insert(
        "picture files no pin shows (left for the clean-up)",
        unshown,
    );
    Ok(())
}

/// The index holds each pin once and no other document, leaving aside the pins still marked.
fn check_search(
    config: &Config,
    pin_ids: &BTreeSet<u64>,
    pending: &BTreeSet<u64>,
    report: &mut Report,
) -> anyhow::Result<()> {
    let Some(indexed) = indexed_pins(&config.index_dir())? else {
        report.counts.insert("search documents (no index yet)", 0);
        return Ok(());
    };
    report.counts.insert("search documents", indexed.len());
    report
        .counts
        .insert("pins marked for indexing at start", pending.len());
    let mut seen = BTreeSet::new();
    for id in &indexed {
        if !seen.insert(*id) && !pending.contains(id) {
            report
                .problems
                .push(format!("the search index holds pin {id} twice"));
        }
    }
    let settled =
        |ids: &BTreeSet<u64>| -> BTreeSet<u64> { ids.difference(pending).copied().collect() };
    for id in settled(pin_ids).difference(&settled(&seen)).take(10) {
        report
            .problems
            .push(format!("pin {id} is missing from the search index"));
    }
    for id in settled(&seen).difference(&settled(pin_ids)).take(10) {
        report.problems.push(format!(
            "the search index holds pin {id}, which does not exist"
        ));
    }
    Ok(())
}
