//! Reading an export archive: its manifest, checked, and its originals one at a time, each
//! ingested like an upload (decoded within the picture memory budget, previews made).

use std::fs::File;
use std::io::{BufReader, Read};

use zip::ZipArchive;

use crate::domain::pin::Picture;
use crate::error::{AppError, AppResult};
use crate::media::budget::Plan;
use crate::media::ingest::{inspect, store_files};
use crate::service::context::Services;
use crate::service::export::{FORMAT, Manifest, VERSION};

/// The form field (and report word) errors about the archive name.
pub const FIELD: &str = "archive";
/// A manifest larger than this, unpacked, is refused (10 million pins take about 10 GB less).
const MANIFEST_MAX: u64 = 1 << 30;

/// An open archive.
pub struct Archive {
    zip: ZipArchive<BufReader<File>>,
}

impl Archive {
    /// Opens the zip `file` and reads its checked manifest.
    pub fn open(file: File) -> AppResult<(Archive, Manifest)> {
        let mut zip = ZipArchive::new(BufReader::new(file)).map_err(|error| {
            tracing::info!(%error, "an archive to import is not a zip file");
            not_an_export("it is not a zip archive")
        })?;
        let manifest: Manifest = {
            let entry = zip
                .by_name("manifest.json")
                .map_err(|_| not_an_export("it has no manifest.json"))?;
            serde_json::from_reader(BufReader::new(entry.take(MANIFEST_MAX))).map_err(|error| {
                tracing::info!(%error, "an archive's manifest cannot be read");
                not_an_export(&format!("its manifest.json cannot be read ({error})"))
            })?
        };
        if manifest.format != FORMAT {
            return Err(not_an_export("its manifest.json is of another format"));
        }
        if manifest.version != VERSION {
            return Err(AppError::invalid(
                FIELD,
                format!(
                    "This archive is of version {} of the export format, and this Corkboard \
                     reads version {VERSION}: import it with a newer Corkboard.",
                    manifest.version
                ),
            ));
        }
        Ok((Archive { zip }, manifest))
    }

    /// The bytes of the archive's file at `path`, refused when larger than `max_bytes`;
    /// `Ok(Err(reason))` when it cannot be had.
    pub fn original(&mut self, path: &str, max_bytes: u64) -> AppResult<Result<Vec<u8>, String>> {
        let Ok(mut entry) = self.zip.by_name(path) else {
            return Ok(Err("its picture is not in the archive".into()));
        };
        if entry.size() > max_bytes {
            return Ok(Err("its picture is larger than this server accepts".into()));
        }
        let mut bytes = Vec::with_capacity(entry.size() as usize);
        if let Err(error) = entry.by_ref().take(max_bytes).read_to_end(&mut bytes) {
            tracing::info!(%error, path, "an archive's picture cannot be read");
            return Ok(Err("its picture cannot be read from the archive".into()));
        }
        Ok(Ok(bytes))
    }
}

fn not_an_export(why: &str) -> AppError {
    AppError::invalid(
        FIELD,
        format!("This file is not a Corkboard export archive: {why}."),
    )
}

/// The peak memory of ingesting `bytes` (from its header, like an upload's), or why the picture
/// is refused.
pub fn ingest_memory(services: &Services, bytes: &[u8]) -> Result<u64, String> {
    Plan::read(bytes, &services.config.uploads, FIELD)
        .map(|plan| plan.ingest_bytes())
        .map_err(|error| error.message().to_owned())
}

/// Ingests an original like an upload (within the memory budget, on the picture threads):
/// previews and original written, its description made from its bytes. `Ok(Err(reason))` when
/// the picture is refused.
pub async fn ingest(
    services: &Services,
    bytes: Vec<u8>,
    memory: u64,
    sha1: String,
) -> AppResult<Result<Picture, String>> {
    let ingested = services
        .picture_work(FIELD, memory, move |services| {
            let mut inspected = inspect(&bytes, &services.config.uploads, FIELD)?;
            if inspected.picture.sha1 != sha1 {
                return Err(AppError::invalid(
                    FIELD,
                    "its picture is not the one the manifest names (another sha1)",
                ));
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
