//! Export: everything of an instance (or of one user) read in one read transaction into a
//! `manifest.json` (format in `docs/export-format.md`) and the original pictures, written into a
//! zip archive entry by entry.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Seek, Write};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use crate::media::storage::{MediaStore, ORIGINALS};
use crate::service::quotas::Slot;
use crate::service::spool::unlinked_file;
use corkboard_domain::board::{BoardRecord, FolderRecord};
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_domain::pin::{Exif, PinRecord};
use corkboard_domain::user::{Profile, UserRecord};
use corkboard_i18n::msg;
use corkboard_store::Source;

pub(crate) const FORMAT: &str = "corkboard-export";
pub(crate) const VERSION: u32 = 1;

/// The whole `manifest.json`.
#[derive(Debug, Serialize, Deserialize)]
pub struct Manifest {
    pub format: String,
    pub version: u32,
    pub exported_at: DateTime<Utc>,
    /// The random id of the exporting instance (absent from archives made before it existed):
    /// with the records' ids, it tells an importer what it imported already.
    #[serde(default)]
    pub instance: Option<String>,
    /// The one user exported, or `None` for the whole instance.
    pub user: Option<String>,
    pub users: Vec<ExportedUser>,
    pub folders: Vec<ExportedFolder>,
    pub boards: Vec<ExportedBoard>,
    pub pins: Vec<ExportedPin>,
    /// Pictures whose original file was missing from the data folder (not in `originals/`).
    #[serde(default)]
    pub missing_originals: Vec<String>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct ExportedUser {
    pub id: u64,
    pub username: String,
    pub email: String,
    pub email_verified: bool,
    pub admin: bool,
    pub disabled: bool,
    pub created_at: DateTime<Utc>,
    pub last_login_at: Option<DateTime<Utc>>,
    pub profile: Profile,
    /// The language the user chose (`fr`), `None` for their browser's; absent from archives
    /// written before there was a choice.
    #[serde(default)]
    pub locale: Option<String>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct ExportedFolder {
    pub id: u64,
    pub owner: String,
    pub slug: String,
    pub name: String,
    pub secret: bool,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct ExportedBoard {
    pub id: u64,
    pub owner: String,
    pub slug: String,
    pub title: String,
    pub caption: Option<String>,
    pub pin_default_description: Option<String>,
    pub pin_default_tags: Vec<String>,
    pub secret: bool,
    /// The `id` of a folder in this manifest.
    pub folder: Option<u64>,
    /// Usernames the private board is shared with.
    pub shared_with: Vec<String>,
    /// The `id` of the cover pin.
    pub cover: Option<u64>,
    pub created_at: DateTime<Utc>,
    /// The board's pins as shown, first shown first, each with its stored order number.
    pub pins: Vec<BoardPin>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct BoardPin {
    pub pin: u64,
    pub order: i64,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct ExportedPin {
    pub id: u64,
    pub owner: String,
    pub title: Option<String>,
    pub caption: String,
    pub rating: u8,
    pub unsafe_content: bool,
    pub tags: Vec<String>,
    pub source_file_url: Option<String>,
    /// The `id` of the pin this one was pinned from (it may be outside the export).
    pub added_via: Option<u64>,
    pub created_at: DateTime<Utc>,
    pub picture: ExportedPicture,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct ExportedPicture {
    pub sha1: String,
    /// The path of the original inside the archive: `originals/{sha1}.{ext}`.
    pub original: String,
    pub width: u32,
    pub height: u32,
    pub weight: u64,
    pub dominant_color: String,
    pub perceptual_hash: u64,
    pub exif: Exif,
}

/// What an export wrote.
#[derive(Debug, Default, Serialize)]
pub struct ExportSummary {
    pub users: usize,
    pub folders: usize,
    pub boards: usize,
    pub pins: usize,
    pub originals: usize,
    pub missing_originals: usize,
}

/// Reads the manifest of the whole instance (`user` `None`) or of one user, in one transaction.
pub fn read_manifest(tx: &impl Source, user: Option<UserId>) -> AppResult<Manifest> {
    let all_users = corkboard_store::users::all(tx)?;
    let names: BTreeMap<UserId, String> = all_users
        .iter()
        .map(|u| (u.id, u.username.clone()))
        .collect();
    let name = |id: UserId| names.get(&id).cloned().unwrap_or_default();
    let owners: Vec<&UserRecord> = all_users
        .iter()
        .filter(|u| user.is_none_or(|only| only == u.id))
        .collect();
    if let Some(only) = user
        && owners.is_empty()
    {
        return Err(AppError::NotFound(msg!(
            "error-export-no-user-id",
            id = only.to_string()
        )));
    }
    let mut manifest = Manifest {
        format: FORMAT.to_owned(),
        version: VERSION,
        exported_at: Utc::now(),
        instance: Some(corkboard_store::imported::instance_id(tx)?),
        user: user.map(name),
        users: owners.iter().map(|u| exported_user(u)).collect(),
        folders: Vec::new(),
        boards: Vec::new(),
        pins: Vec::new(),
        missing_originals: Vec::new(),
    };
    for owner in owners {
        for folder in corkboard_store::folders::of_user(tx, owner.id)? {
            manifest
                .folders
                .push(exported_folder(&folder, &owner.username));
        }
        for board in corkboard_store::boards::of_user(tx, owner.id)? {
            let pins = corkboard_store::board_pins::on_board(tx, board.id)?
                .into_iter()
                .map(|(order, pin)| BoardPin { pin: pin.0, order })
                .collect();
            manifest
                .boards
                .push(exported_board(&board, &owner.username, pins, &name));
        }
        for pin in corkboard_store::pins::of_user(tx, owner.id)? {
            manifest.pins.push(exported_pin(&pin, &owner.username));
        }
    }
    Ok(manifest)
}

/// Writes `manifest` and the originals it names (read from `media`) into a zip archive:
/// the originals first (stored as they are: they are compressed pictures), the manifest last,
/// so that it can list the originals that were missing.
pub fn write_archive<W: Write + Seek>(
    mut manifest: Manifest,
    media: &MediaStore,
    out: W,
) -> AppResult<ExportSummary> {
    let mut zip = ZipWriter::new(out);
    let stored = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Stored)
        .large_file(true);
    let mut written = BTreeSet::new();
    let mut missing = BTreeSet::new();
    for pin in &manifest.pins {
        let sha1 = &pin.picture.sha1;
        if written.contains(sha1) || missing.contains(sha1) {
            continue;
        }
        let extension = pin.picture.original.rsplit('.').next().unwrap_or_default();
        let key = format!(
            "{ORIGINALS}/{}/{}/{sha1}.{extension}",
            &sha1[..2],
            &sha1[2..4]
        );
        let Some(bytes) = media.read(&key)? else {
            missing.insert(sha1.clone());
            continue;
        };
        zip.start_file(pin.picture.original.as_str(), stored)
            .map_err(zip_error)?;
        zip.write_all(&bytes)
            .map_err(|e| io(e, "cannot write the archive"))?;
        written.insert(sha1.clone());
    }
    manifest.missing_originals = missing.into_iter().collect();
    let deflated = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .large_file(true);
    zip.start_file("manifest.json", deflated)
        .map_err(zip_error)?;
    serde_json::to_writer_pretty(&mut zip, &manifest).map_err(|e| {
        AppError::Internal(anyhow::Error::new(e).context("cannot write the manifest"))
    })?;
    zip.finish().map_err(zip_error)?;
    Ok(ExportSummary {
        users: manifest.users.len(),
        folders: manifest.folders.len(),
        boards: manifest.boards.len(),
        pins: manifest.pins.len(),
        originals: written.len(),
        missing_originals: manifest.missing_originals.len(),
    })
}

fn io(error: std::io::Error, what: &'static str) -> AppError {
    AppError::from(anyhow::Error::new(error).context(what))
}

fn zip_error(error: zip::result::ZipError) -> AppError {
    match error {
        zip::result::ZipError::Io(error) => io(error, "cannot write the archive"),
        error => AppError::Internal(anyhow::Error::new(error).context("cannot write the archive")),
    }
}

fn exported_user(user: &UserRecord) -> ExportedUser {
    ExportedUser {
        id: user.id.0,
        username: user.username.clone(),
        email: user.email.clone(),
        email_verified: user.email_verified,
        admin: user.admin,
        disabled: user.disabled,
        created_at: user.created_at,
        last_login_at: user.last_login_at,
        profile: user.profile.clone(),
        locale: user.locale.clone(),
    }
}

fn exported_folder(folder: &FolderRecord, owner: &str) -> ExportedFolder {
    ExportedFolder {
        id: folder.id.0,
        owner: owner.to_owned(),
        slug: folder.slug.clone(),
        name: folder.name.clone(),
        secret: folder.secret,
        created_at: folder.created_at,
    }
}

fn exported_board(
    board: &BoardRecord,
    owner: &str,
    pins: Vec<BoardPin>,
    name: &impl Fn(UserId) -> String,
) -> ExportedBoard {
    ExportedBoard {
        id: board.id.0,
        owner: owner.to_owned(),
        slug: board.slug.clone(),
        title: board.title.clone(),
        caption: board.caption.clone(),
        pin_default_description: board.pin_default_description.clone(),
        pin_default_tags: board.pin_default_tags.clone(),
        secret: board.secret,
        folder: board.folder.map(|f| f.0),
        shared_with: board.shared_with.iter().map(|u| name(*u)).collect(),
        cover: board.cover.map(|p| p.0),
        created_at: board.created_at,
        pins,
    }
}

fn exported_pin(pin: &PinRecord, owner: &str) -> ExportedPin {
    let picture = &pin.picture;
    ExportedPin {
        id: pin.id.0,
        owner: owner.to_owned(),
        title: pin.title.clone(),
        caption: pin.caption.clone(),
        rating: pin.rating,
        unsafe_content: pin.unsafe_content,
        tags: pin.tags.clone(),
        source_file_url: pin.source_file_url.clone(),
        added_via: pin.added_via.map(|p| p.0),
        created_at: pin.created_at,
        picture: ExportedPicture {
            sha1: picture.sha1.clone(),
            original: format!("originals/{}.{}", picture.sha1, picture.original_extension),
            width: picture.width,
            height: picture.height,
            weight: picture.weight,
            dominant_color: picture.dominant_color.clone(),
            perceptual_hash: picture.perceptual_hash,
            exif: picture.exif.clone(),
        },
    }
}

/// The signed-in viewer's own archive, written to an unnamed temporary file in the data folder
/// (created, then unlinked at once) and handed back rewound: the caller streams it out, and the
/// disk space goes back when the file is closed. Returns the file, the archive's file name, and
/// the account's export slot, to hold until the file is closed: an account makes one export at
/// a time.
pub async fn export_own(
    services: &crate::service::context::Services,
    viewer: &crate::service::viewer::Viewer,
) -> AppResult<(std::fs::File, String, Slot)> {
    let user = viewer.require_user()?;
    let slot = services.running.start_export(user)?;
    let (file, name) = services
        .blocking(move |services| {
            let manifest = services.store.read(|tx| read_manifest(tx, Some(user)))?;
            let name = format!(
                "corkboard-{}-{}.zip",
                manifest.user.as_deref().unwrap_or("export"),
                manifest.exported_at.format("%Y%m%d-%H%M%S")
            );
            let dir = services.config.data_dir.join("exports");
            let mut file = unlinked_file(&dir, &user.to_string())?;
            write_archive(
                manifest,
                &services.media,
                std::io::BufWriter::new(&mut file),
            )?;
            file.seek(std::io::SeekFrom::Start(0))?;
            Ok((file, name))
        })
        .await?;
    Ok((file, name, slot))
}
