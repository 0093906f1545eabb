//! REST upload endpoints under `/api/upload/`, described by an OpenAPI document.

use poem::Request;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{Multipart, Object, OpenApi, OpenApiService};

use crate::app::AppState;
use crate::error::AppError;
use crate::http::session::viewer_of;
use crate::media::avatar::{avatar_file, pick_size};

pub struct UploadApi;

#[derive(Multipart)]
struct AvatarForm {
    /// One picture file (JPEG, PNG, GIF or WebP).
    avatar: Upload,
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
        req: &Request,
        state: Data<&AppState>,
        form: AvatarForm,
    ) -> poem::Result<Json<AvatarUploaded>> {
        let user = viewer_of(req, &state).await.require_user()?;
        let bytes = read_upload(form.avatar, state.config.uploads.max_file_bytes).await?;
        let record = crate::service::avatars::set_avatar(&state, user, bytes).await?;
        let hash = record.avatar.as_deref().unwrap_or_default();
        let file = avatar_file(hash, pick_size(80), "jpeg");
        Ok(Json(AvatarUploaded {
            avatar: format!("/media/avatars/{}", file.to_string_lossy()),
        }))
    }
}

async fn read_upload(upload: Upload, max_bytes: u64) -> Result<Vec<u8>, AppError> {
    if upload.size() as u64 > max_bytes {
        return Err(AppError::invalid(
            "file",
            format!(
                "This file is too large: at most {} MB.",
                max_bytes / 1_000_000
            ),
        ));
    }
    upload
        .into_vec()
        .await
        .map_err(|error| AppError::Internal(error.into()))
}

pub fn api_service() -> OpenApiService<UploadApi, ()> {
    OpenApiService::new(UploadApi, "Corkboard", env!("CARGO_PKG_VERSION")).server("/api")
}
