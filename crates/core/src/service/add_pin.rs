//! Turning a temporary pin into a pin: full ingest (previews, original) off the async runtime,
//! then one transaction that writes the pin, places it on its boards and ends the temporary pin.

use chrono::{TimeDelta, Utc};

use crate::media::budget::Plan;
use crate::media::ingest::{Inspected, inspect, remove_files, store_files};
use crate::service::access::owned_board;
use crate::service::context::Services;
use crate::service::quotas::check_new_pins;
use crate::web::fetch::web_address;
use corkboard_domain::config::Config;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::{BoardId, UserId};
use corkboard_domain::pin::{Picture, PinRecord, PinText};
use corkboard_domain::temp_pin::TempPinRecord;
use corkboard_i18n::msg;
use corkboard_store::writing::Writing;
use corkboard_store::{Source, pin_writes, pins, temp_pins};

/// What `addPin` asks for.
pub struct NewPin {
    pub temp_file_name: String,
    /// Where the picture was found; defaults to the address it was downloaded from.
    pub url: Option<String>,
    pub text: PinText,
    pub boards: Vec<BoardId>,
}

/// The form field errors about the picture name.
const FIELD: &str = "tempFileName";

pub async fn add_pin(services: &Services, user: UserId, new: NewPin) -> AppResult<PinRecord> {
    let source_file_url = match new.url.filter(|url| !url.trim().is_empty()) {
        Some(url) => Some(web_address(&url)?.to_string()),
        None => None,
    };
    let name = new.temp_file_name.clone();
    let boards = new.boards.clone();
    let config = services.config.clone();
    let temp = services
        .read(move |read| {
            for board in &boards {
                owned_board(read, user, *board)?;
            }
            let temp = own_temp_pin(read, user, &name, &config)?;
            // Refused before the picture work; checked again where the pin is written.
            check_new_pins(read, &config.quotas, user, 1, temp.picture.weight)?;
            Ok(temp)
        })
        .await?;
    let path = services.config.tmp_dir().join(&temp.file_name);
    let file = path.clone();
    // The header only: the file is read whole once its memory is granted.
    let plan = services
        .blocking(move |services| {
            let missing = |error: std::io::Error| {
                tracing::warn!(%error, path = %file.display(), "a temporary pin's file is missing");
                expired()
            };
            let mut reader = std::io::BufReader::new(std::fs::File::open(&file).map_err(missing)?);
            let size = reader.get_ref().metadata().map_err(missing)?.len();
            Plan::read_from(&mut reader, size, &services.config.uploads, FIELD)
        })
        .await?;
    services
        .picture_work(FIELD, plan.ingest_bytes(), move |services| {
            let bytes = std::fs::read(&path).map_err(|error| {
                tracing::warn!(%error, path = %path.display(), "a temporary pin's file is missing");
                expired()
            })?;
            let mut inspected = inspect(&bytes, &services.config.uploads, FIELD)?;
            let pin = store_pin(services, &bytes, &mut inspected, |write, picture| {
                own_temp_pin(write, user, &temp.file_name, &services.config)?;
                for board in &new.boards {
                    owned_board(write, user, *board)?;
                }
                check_new_pins(write, &services.config.quotas, user, 1, picture.weight)?;
                temp_pins::remove(write, &temp.file_name)?;
                let source = source_file_url.or(temp.url);
                let record = PinRecord::new(user, picture.clone(), source, new.text);
                pin_writes::insert(write, record, &new.boards)
            })?;
            if let Err(error) = std::fs::remove_file(&path) {
                tracing::warn!(%error, "a pinned temporary file could not be removed");
            }
            Ok(pin)
        })
        .await
}

/// Stores an inspected picture's files, then runs `write_pin`, which writes its pin, in one
/// transaction. The picture files' lock is held meanwhile, so that a pin deleted at that moment
/// cannot take the files with it. When `write_pin` fails, the files are removed unless a pin
/// shows them.
pub(crate) fn store_pin<T>(
    services: &Services,
    bytes: &[u8],
    inspected: &mut Inspected,
    write_pin: impl FnOnce(&Writing, &Picture) -> AppResult<T>,
) -> AppResult<T> {
    let media = &services.media;
    let pinned = (|| {
        store_files(bytes, inspected, media)?;
        let _files = services
            .picture_files
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        // A pin deleted meanwhile may have taken the files with it: write them again.
        store_files(bytes, inspected, media)?;
        services
            .store
            .write(|write| write_pin(write, &inspected.picture))
    })();
    if pinned.is_err() {
        discard_unshown(services, &inspected.picture);
    }
    pinned
}

/// Removes the files of a picture that could not be pinned, unless a pin shows it: on a full
/// disk they would keep it full until the clean-up.
pub(crate) fn discard_unshown(services: &Services, picture: &Picture) {
    let _files = services
        .picture_files
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    match services
        .store
        .read(|read| pins::picture_count(read, &picture.sha1))
    {
        Ok(0) => remove_files(picture, &services.media),
        Ok(_) => {}
        Err(error) => error.log_if_internal(),
    }
}

/// The viewer's temporary pin of that name.
fn own_temp_pin(
    tx: &impl Source,
    user: UserId,
    file_name: &str,
    config: &Config,
) -> AppResult<TempPinRecord> {
    let lifetime =
        TimeDelta::from_std(config.quotas.temp_file_lifetime()).unwrap_or(TimeDelta::MAX);
    temp_pins::get(tx, file_name)?
        .filter(|temp| temp.user == user && !temp.expired(Utc::now(), lifetime))
        .ok_or_else(expired)
}

fn expired() -> AppError {
    AppError::not_found(msg!("error-temp-pin-gone"))
}
