//! REST upload endpoints under `/api/upload/` and `/api/import/`, described by an OpenAPI document.

use poem::http::Method;
use poem::web::Data;
use poem::{Endpoint, IntoResponse, Request, Response};
use poem_openapi::error::ParseMultipartError;
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{Multipart, Object, OpenApi, OpenApiService};

use crate::http::limits::declared_length;
use corkboard_core::media::urls;
use corkboard_core::service::context::Services;
use corkboard_core::service::viewer::Viewer;
use corkboard_core::service::{imports, temp_pins};
use corkboard_domain::error::AppError;
use corkboard_domain::pin::PinRecord;
use corkboard_domain::sizes::size_parts;
use corkboard_i18n::msg;

pub(crate) struct UploadApi;

#[derive(Multipart)]
struct AvatarForm {
    /// One picture file (JPEG, PNG, GIF or WebP).
    avatar: Upload,
}

#[derive(Multipart)]
struct PinForm {
    /// One picture file (JPEG, PNG, GIF or WebP).
    pin: Upload,
}

#[derive(Multipart)]
struct BookmarksForm {
    /// A bookmark file: HTML, as browsers export bookmarks and Pinterest exporters write pins.
    bookmarks: Upload,
}

/// An import started in the background: follow it with the `importJobs` query.
#[derive(Object)]
struct ImportStarted {
    id: String,
    /// How many pictures the file holds.
    total: u64,
}

/// A picture uploaded but not yet pinned: give `tempFileName` to the `addPin` mutation.
#[derive(Object)]
#[oai(rename_all = "camelCase")]
struct TempPinUploaded {
    temp_file_name: String,
    /// Where the picture can be shown until it is pinned (for a day at most).
    temp_file_url: String,
    original_name: Option<String>,
    url: Option<String>,
    /// The uploader's pins that already show this picture, newest first.
    clones: Vec<PinClone>,
    /// The uploader's pins showing a near-duplicate of it (a cropped copy), newest first.
    near_duplicates: Vec<PinClone>,
}

/// An existing pin showing the same picture, or a near-duplicate.
#[derive(Object)]
struct PinClone {
    id: String,
    sha1: String,
    title: Option<String>,
    caption: String,
}

/// Where the new avatar is served, at the profile page's size.
#[derive(Object)]
struct AvatarUploaded {
    avatar: String,
}

#[OpenApi]
impl UploadApi {
    /// Replaces the signed-in user's avatar.
    #[oai(path = "/upload/avatar", method = "post")]
    async fn avatar(
        &self,
        services: Data<&Services>,
        viewer: Data<&Viewer>,
        form: AvatarForm,
    ) -> poem::Result<Json<AvatarUploaded>> {
        let user = viewer.require_user()?;
        let file = upload_file(form.avatar, &services).await?;
        let record = corkboard_core::service::avatars::set_avatar(&services, user, file).await?;
        let hash = record.avatar.as_deref().unwrap_or_default();
        Ok(Json(AvatarUploaded {
            avatar: urls::avatar(hash, 80, "jpeg"),
        }))
    }

    /// Imports a bookmark file into the signed-in user's boards, in the background: each link's
    /// picture (`IMAGE=`, else the page's main picture) is pinned on the board of its folder.
    #[oai(path = "/import/bookmarks", method = "post")]
    async fn import_bookmarks(
        &self,
        services: Data<&Services>,
        viewer: Data<&Viewer>,
        form: BookmarksForm,
    ) -> poem::Result<Json<ImportStarted>> {
        let user = viewer.require_user()?;
        let name = form
            .bookmarks
            .file_name()
            .map_or_else(|| "bookmarks.html".to_owned(), str::to_owned);
        let bytes = within_limit(form.bookmarks, &services)?
            .into_vec()
            .await
            .map_err(|error| AppError::Internal(error.into()))?;
        let html = String::from_utf8_lossy(&bytes).into_owned();
        let job = imports::start_bookmarks(&services, user, name, html).await?;
        Ok(Json(ImportStarted {
            id: job.id.to_string(),
            total: job.total as u64,
        }))
    }

    /// Uploads a picture as a temporary pin, and lists the uploader's pins already showing it.
    #[oai(path = "/upload/pin", method = "post")]
    async fn pin(
        &self,
        services: Data<&Services>,
        viewer: Data<&Viewer>,
        form: PinForm,
    ) -> poem::Result<Json<TempPinUploaded>> {
        let user = viewer.require_user()?;
        let original_name = form.pin.file_name().map(str::to_owned);
        let file = upload_file(form.pin, &services).await?;
        let staged = temp_pins::stage_upload(&services, user, file, original_name).await?;
        let temp = staged.temp;
        Ok(Json(TempPinUploaded {
            temp_file_url: urls::temporary(&temp.file_name),
            temp_file_name: temp.file_name,
            original_name: temp.original_name,
            url: temp.url,
            clones: PinClone::list(staged.copies.clones),
            near_duplicates: PinClone::list(staged.copies.near_duplicates),
        }))
    }
}

impl PinClone {
    fn list(pins: Vec<PinRecord>) -> Vec<PinClone> {
        pins.into_iter()
            .map(|pin| PinClone {
                id: pin.id.to_string(),
                sha1: pin.picture.sha1,
                title: pin.title,
                caption: pin.caption,
            })
            .collect()
    }
}

/// `upload`, refused when over the size limit.
fn within_limit(upload: Upload, services: &Services) -> Result<Upload, AppError> {
    let max_bytes = services.config.uploads.max_file_bytes;
    if upload.size() as u64 > max_bytes {
        return Err(too_large(max_bytes));
    }
    Ok(upload)
}

/// The file the upload was received into (the multipart parser's temporary file), not read into
/// memory: a picture is copied from it to the temporary folder a piece at a time.
async fn upload_file(upload: Upload, services: &Services) -> Result<std::fs::File, AppError> {
    Ok(within_limit(upload, services)?.into_file().into_std().await)
}

/// Room for the multipart boundaries and headers around the file.
pub(crate) const MULTIPART_OVERHEAD: u64 = 64 * 1024;

/// Refuses an upload larger than the limit before reading any of it, and answers a form without
/// its file with the same JSON errors as the endpoints.
pub(crate) async fn guard_uploads<E: Endpoint>(next: E, req: Request) -> poem::Result<Response> {
    let field = req
        .uri()
        .path()
        .rsplit('/')
        .next()
        .unwrap_or("file")
        .to_owned();
    if req.method() == Method::POST {
        let max_bytes = req
            .data::<Services>()
            .map_or(u64::MAX, |services| services.config.uploads.max_file_bytes);
        match declared_length(&req) {
            Err(refused) => return Ok(refused.into_response()),
            Ok(length) if length > max_bytes.saturating_add(MULTIPART_OVERHEAD) => {
                return Err(too_large(max_bytes).into());
            }
            Ok(_) => {}
        }
    }
    match next.call(req).await {
        Ok(response) => Ok(response.into_response()),
        Err(error) if error.is::<ParseMultipartError>() => {
            tracing::info!(%error, "an upload form could not be read");
            Err(AppError::invalid(&field, msg!("error-upload-choose-picture")).into())
        }
        Err(error) => Err(error),
    }
}

fn too_large(max_bytes: u64) -> AppError {
    let (amount, unit) = size_parts(max_bytes);
    AppError::TooLarge(msg!("error-file-too-large", amount = amount, unit = unit))
}

pub(crate) fn api_service() -> OpenApiService<UploadApi, ()> {
    OpenApiService::new(UploadApi, "Corkboard", env!("CARGO_PKG_VERSION")).server("/api")
}
