//! The phone share target (`share_target` in the UI's web app manifest): the OS posts what was
//! shared to `POST /share/` as `multipart/form-data` with the fields `title`, `text`, `url` and
//! the picture files as `pin`.
//!
//! - A picture, from a signed-in user: staged as a temporary pin (as `/api/upload/pin` does) and
//!   answered with a 303 to the UI's 'Pin it from the web' screen for it (`/pin-it/?temp=...`).
//! - A link (in `url`, or the first `http(s)://` address inside `text`): a 303 to the UI's 'Pin it
//!   from the web' screen for that page (`/pin-it/?url=&title=&text=`), which scans it for
//!   pictures; nothing is created.
//! - Signed out (or a cookie sent by another site's form, see `session::viewer_of_share`): a 303
//!   to the login page, which comes back to that screen for a link; a picture cannot be kept
//!   without an account, so nothing is created and the user comes back to the home page.
//!
//! Who asks is known before the body is read: a visitor's form may hold text only (at most
//! `MAX_SIGNED_OUT_BYTES`; a larger one, a picture, goes to the login page unread); a user's is
//! bounded by the upload limit, its picture written to an unnamed file, never held in memory; each
//! text field is at most `MAX_TEXT_BYTES`.

use poem::http::{StatusCode, header};
use poem::web::{Data, Multipart};
use poem::{Request, Response, handler};
use tokio::io::AsyncReadExt;

use corkboard_core::service::context::Services;
use corkboard_core::service::spool::unlinked_file;
use corkboard_core::service::temp_pins;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_i18n::msg;

use super::limits::declared_length;
use super::session;
use super::upload::MULTIPART_OVERHEAD;

/// The largest form a visitor may share: the title, text and link a phone sends.
const MAX_SIGNED_OUT_BYTES: u64 = 256 * 1024;
/// The largest title, text or link.
const MAX_TEXT_BYTES: u64 = 64 * 1024;

#[derive(Default)]
struct Shared {
    title: Option<String>,
    text: Option<String>,
    url: Option<String>,
    file: Option<(std::fs::File, Option<String>)>,
}

#[handler]
pub async fn share(
    req: &Request,
    services: Data<&Services>,
    form: Multipart,
) -> poem::Result<Response> {
    let length = declared_length(req)?;
    let viewer = session::viewer_of_share(req, &services).await;
    let max_bytes = services.config.uploads.max_file_bytes;
    let shared = match viewer.user {
        None if length > MAX_SIGNED_OUT_BYTES => return Ok(see_other("/login/?next=%2F")),
        None => read_form(form, None).await?,
        Some(_) if length > max_bytes.saturating_add(MULTIPART_OVERHEAD) => {
            return Err(AppError::TooLarge(msg!("error-file-too-large-plain")).into());
        }
        Some(_) => read_form(form, Some(&services)).await?,
    };
    let link = shared
        .url
        .as_deref()
        .and_then(first_link)
        .or_else(|| shared.text.as_deref().and_then(first_link));

    // The text that came with the share is the caption, unless it is only the link.
    let caption = shared
        .text
        .as_deref()
        .filter(|text| Some(*text) != link.as_deref());
    let Some(user) = viewer.user else {
        let next = link.as_deref().map_or_else(
            || "/".to_owned(),
            |link| pin_it_path(link, shared.title.as_deref(), caption),
        );
        return Ok(see_other(&format!("/login/?next={}", encode(&next))));
    };
    if let Some((file, original_name)) = shared.file {
        let staged = temp_pins::stage_upload(&services, user, file, original_name).await?;
        let mut query = url::form_urlencoded::Serializer::new(String::new());
        query.append_pair("temp", &staged.temp.file_name);
        if let Some(name) = &staged.temp.original_name {
            query.append_pair("name", name);
        }
        if let Some(title) = &shared.title {
            query.append_pair("title", title);
        }
        if let Some(text) = caption {
            query.append_pair("caption", text);
        }
        if let Some(link) = &link {
            query.append_pair("source", link);
        }
        for clone in &staged.copies.clones {
            query.append_pair("clone", &clone.id.to_string());
        }
        for near in &staged.copies.near_duplicates {
            query.append_pair("near", &near.id.to_string());
        }
        return Ok(see_other(&format!("/pin-it/?{}", query.finish())));
    }
    match link {
        Some(link) => Ok(see_other(&pin_it_path(
            &link,
            shared.title.as_deref(),
            caption,
        ))),
        None => Err(AppError::invalid("url", msg!("error-share-nothing")).into()),
    }
}

/// The shared fields; the picture (only when `spool` is given, for a user) in an unnamed file.
async fn read_form(mut form: Multipart, spool: Option<&Services>) -> poem::Result<Shared> {
    let mut shared = Shared::default();
    while let Some(field) = form.next_field().await? {
        let name = field.name().unwrap_or_default().to_owned();
        match (name.as_str(), spool) {
            ("title" | "text" | "url", _) => {
                let mut bytes = Vec::new();
                field
                    .into_async_read()
                    .take(MAX_TEXT_BYTES + 1)
                    .read_to_end(&mut bytes)
                    .await
                    .map_err(unreadable)?;
                if bytes.len() as u64 > MAX_TEXT_BYTES {
                    return Err(AppError::TooLarge(msg!(
                        "error-share-text-too-long",
                        name = name.as_str()
                    ))
                    .into());
                }
                let value = String::from_utf8_lossy(&bytes).trim().to_owned();
                let value = Some(value).filter(|v| !v.is_empty());
                match name.as_str() {
                    "title" => shared.title = value,
                    "text" => shared.text = value,
                    _ => shared.url = value,
                }
            }
            ("pin", Some(services)) if shared.file.is_none() => {
                let file_name = field.file_name().map(str::to_owned);
                let max_bytes = services.config.uploads.max_file_bytes;
                let mut file = tokio::fs::File::from_std(spool_file(services).await?);
                let mut limited = field.into_async_read().take(max_bytes + 1);
                let written = tokio::io::copy(&mut limited, &mut file)
                    .await
                    .map_err(unreadable)?;
                if written > max_bytes {
                    return Err(AppError::TooLarge(msg!("error-file-too-large-plain")).into());
                }
                if written > 0 {
                    let mut file = file.into_std().await;
                    std::io::Seek::rewind(&mut file).map_err(AppError::from)?;
                    shared.file = Some((file, file_name));
                }
            }
            _ => {}
        }
    }
    Ok(shared)
}

/// A form that broke off or timed out while it was read.
fn unreadable(error: std::io::Error) -> poem::Error {
    tracing::info!(%error, "a shared form could not be read");
    AppError::invalid("pin", msg!("error-share-form-unreadable")).into()
}

/// A new file in the temporary folder, unlinked at once: its space goes back when it is closed.
async fn spool_file(services: &Services) -> AppResult<std::fs::File> {
    services
        .blocking(|services| Ok(unlinked_file(&services.config.tmp_dir(), "share")?))
        .await
}

/// `value` when it is an http(s) address, else the first such address among its words.
fn first_link(value: &str) -> Option<String> {
    value
        .split_whitespace()
        .map(|word| word.trim_matches(|c: char| matches!(c, '<' | '>' | '"' | '\'' | '(' | ')')))
        .filter(|word| word.starts_with("https://") || word.starts_with("http://"))
        .find_map(|word| url::Url::parse(word).ok())
        .map(String::from)
}

/// The UI's 'Pin it from the web' screen for the page at `url` (ui/src/pages/pins/PinItPage.tsx).
fn pin_it_path(url: &str, title: Option<&str>, text: Option<&str>) -> String {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    query.append_pair("url", url);
    if let Some(title) = title {
        query.append_pair("title", title);
    }
    if let Some(text) = text {
        query.append_pair("text", text);
    }
    format!("/pin-it/?{}", query.finish())
}

fn encode(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

fn see_other(location: &str) -> Response {
    Response::builder()
        .status(StatusCode::SEE_OTHER)
        .header(header::LOCATION, location)
        .finish()
}

#[cfg(test)]
mod tests {
    use super::first_link;

    #[test]
    fn finds_the_link_inside_shared_text() {
        assert_eq!(
            first_link("Look at this https://example.com/a?b=c nice").as_deref(),
            Some("https://example.com/a?b=c")
        );
        assert_eq!(first_link("no link here"), None);
        assert_eq!(first_link("ftp://example.com/x"), None);
    }
}
