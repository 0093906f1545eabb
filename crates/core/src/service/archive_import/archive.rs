//! Reading an export archive: its manifest, checked, and its originals one at a time, each
//! ingested like an upload (decoded within the picture memory budget, previews made).

use std::fs::File;
use std::io::{BufReader, Read};

use serde_json::error::Category;

use zip::ZipArchive;

use crate::media::budget::Plan;
use crate::media::ingest::{inspect, store_files};
use crate::service::context::Services;
use crate::service::data::Data;
use crate::service::export::{FORMAT, Manifest, VERSION};
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::pin::Picture;
use corkboard_domain::sizes::size_parts;
use corkboard_i18n::{Message, msg};

use super::ImportInto;
use super::bounded::{Bounded, Refusal};
use super::zip_index;

/// The form field (and report word) errors about the archive name.
pub const FIELD: &str = "archive";
/// A manifest larger than this, unpacked, is refused: into the whole instance (the command
/// line, the operator's own archive) about a million pins, into one account (a person's upload)
/// about 150,000.
const fn manifest_max(into: ImportInto) -> u64 {
    match into {
        ImportInto::Instance => 1 << 30,
        ImportInto::Account(_) => 128 << 20,
    }
}
/// The most files an archive may hold (a manifest and one original a picture): the zip's index
/// is read whole, about 200 bytes a file.
const fn entries_max(into: ImportInto) -> u64 {
    match into {
        ImportInto::Instance => 4_000_000,
        ImportInto::Account(_) => 200_000,
    }
}
/// What a manifest may take parsed, for each byte it may have.
const MEMORY_PER_BYTE: u64 = 2;

/// An open archive.
pub struct Archive {
    zip: ZipArchive<BufReader<File>>,
}

impl Archive {
    /// Opens the zip `file` and reads its checked manifest, within the bounds of an import
    /// `into`.
    pub fn open(mut file: File, into: ImportInto) -> AppResult<(Archive, Manifest)> {
        let entries = zip_index::declared_entries(&mut file).map_err(anyhow::Error::from)?;
        if let Some(entries) = entries.filter(|entries| *entries > entries_max(into)) {
            return Err(AppError::invalid(
                FIELD,
                msg!("error-archive-too-many-files", entries = entries),
            ));
        }
        let mut zip = ZipArchive::new(BufReader::new(file)).map_err(|error| {
            tracing::info!(%error, "an archive to import is not a zip file");
            not_an_export("not-zip")
        })?;
        let manifest: Manifest = {
            let entry = zip
                .by_name("manifest.json")
                .map_err(|_| not_an_export("no-manifest"))?;
            let max = manifest_max(into);
            let (packed, declared) = (entry.compressed_size(), entry.size());
            let mut bounded = Bounded::new(entry, packed, declared, max)
                .map_err(|why| refused_manifest(why, max))?
                .json(max * MEMORY_PER_BYTE);
            let read = serde_json::from_reader(BufReader::new(&mut bounded));
            match (read, bounded.refused) {
                (Ok(manifest), _) => manifest,
                (Err(_), Some(why)) => return Err(refused_manifest(why, max)),
                (Err(error), None) => return Err(unreadable_manifest(&error)),
            }
        };
        if manifest.format != FORMAT {
            return Err(not_an_export("other-format"));
        }
        if manifest.version != VERSION {
            return Err(AppError::invalid(
                FIELD,
                msg!(
                    "error-archive-version",
                    version = manifest.version,
                    supported = VERSION
                ),
            ));
        }
        Ok((Archive { zip }, manifest))
    }

    /// The bytes of the archive's file at `path`, refused when larger than `max_bytes`;
    /// `Ok(Err(reason))` when it cannot be had.
    pub fn original(&mut self, path: &str, max_bytes: u64) -> AppResult<Result<Vec<u8>, Message>> {
        let Ok(entry) = self.zip.by_name(path) else {
            return Ok(Err(msg!("import-picture-missing")));
        };
        let (packed, declared) = (entry.compressed_size(), entry.size());
        let mut bounded = match Bounded::new(entry, packed, declared, max_bytes) {
            Ok(bounded) => bounded,
            Err(why) => return Ok(Err(why.told(msg!("import-picture-refused")))),
        };
        let mut bytes = Vec::with_capacity(declared as usize);
        if let Err(error) = bounded.read_to_end(&mut bytes) {
            tracing::info!(%error, path, "an archive's picture cannot be read");
            return Ok(Err(match bounded.refused {
                Some(why) => why.told(msg!("import-picture-refused")),
                None => msg!("import-picture-unreadable"),
            }));
        }
        Ok(Ok(bytes))
    }
}

/// A manifest refused by its bounds: the client hears why, with the limit.
fn refused_manifest(why: Refusal, max: u64) -> AppError {
    tracing::info!(?why, "an archive's manifest is refused");
    let (amount, unit) = size_parts(max);
    let message = msg!(
        "error-archive-manifest-refused",
        amount = amount,
        unit = unit
    );
    AppError::invalid(FIELD, why.told(message))
}

/// A manifest that is no export of this version: a sentence for the client, the parser's
/// words (which name internal fields) for the log.
fn unreadable_manifest(error: &serde_json::Error) -> AppError {
    tracing::info!(%error, "an archive's manifest cannot be read");
    // The message's `$why` keys.
    let why = match error.classify() {
        Category::Io | Category::Eof => "cut-short",
        Category::Syntax => "not-json",
        Category::Data => "not-an-export",
    };
    AppError::invalid(
        FIELD,
        msg!(
            "error-archive-manifest-unreadable",
            why = why,
            line = error.line().to_string()
        ),
    )
}

/// `why` is the message's key: `not-zip`, `no-manifest` or `other-format`.
fn not_an_export(why: &'static str) -> AppError {
    AppError::invalid(FIELD, msg!("error-archive-not-an-export", why = why))
}

/// The peak memory of ingesting `bytes` (from its header, like an upload's), or why the picture
/// is refused.
pub(crate) fn ingest_memory(data: &Data, bytes: &[u8]) -> Result<u64, Message> {
    Plan::read(bytes, &data.config.uploads, FIELD)
        .map(|plan| plan.ingest_bytes())
        .map_err(|error| error.sentence())
}

/// Ingests an original like an upload (within the memory budget, on the picture threads):
/// previews and original written, its description made from its bytes. `Ok(Err(reason))` when
/// the picture is refused.
pub async fn ingest(
    services: &Services,
    bytes: Vec<u8>,
    memory: u64,
    sha1: String,
) -> AppResult<Result<Picture, Message>> {
    let ingested = services
        .picture_work(FIELD, memory, move |services| {
            let mut inspected = inspect(&bytes, &services.config.uploads, FIELD)?;
            if inspected.picture.sha1 != sha1 {
                return Err(AppError::invalid(FIELD, msg!("import-picture-other-sha1")));
            }
            store_files(&bytes, &mut inspected, &services.media)?;
            Ok(inspected.picture)
        })
        .await;
    match ingested {
        Ok(picture) => Ok(Ok(picture)),
        Err(AppError::Validation { message, .. }) => Ok(Err(message)),
        Err(error) => Err(error),
    }
}
