//! `/media/`: pictures from the media storage (the data folder, or a bucket through
//! `http::bucket_files`), as `media::urls` lays them out. Lasting files are named by content, so
//! they never change. A pin's previews and original are public (cached for
//! good) when a public pin shows them; otherwise they are served, privately, only to those who
//! may see a pin showing them, or who hold a share link (`?share=`) to a board with a pin showing
//! them, and to others as if they did not exist. A temporary pin's picture is its uploader's alone.

use poem::endpoint::{BoxEndpoint, StaticFilesEndpoint};
use poem::http::{HeaderValue, Method, StatusCode, header};
use poem::{Endpoint, EndpointExt, IntoResponse, Request, Response, Route};

use crate::http::bucket_files::BucketFiles;
use crate::http::session::viewer_of;
use corkboard_core::media::storage::MediaStore;
use corkboard_core::media::urls::served;
use corkboard_core::service::context::Services;
use corkboard_core::service::pictures::{PictureAccess, access};
use corkboard_core::service::share_links;
use corkboard_store::temp_pins;

const FOREVER: &str = "public, max-age=31536000, immutable";
/// Temporary pins live a day at most, and are served to their uploader only.
const A_DAY: &str = "private, max-age=86400";
/// A private pin's picture: kept by the viewer's browser only, and not for long.
const PRIVATE: &str = "private, max-age=3600";
/// A picture seen through a share link: asked again each time (a 304 while the link works), so
/// that it stops at once when the link is revoked.
const SHARED: &str = "private, no-cache";

/// The routes of every folder under `/media`, to nest there.
pub(crate) fn media_files(services: &Services) -> impl Endpoint + use<> {
    served(&services.config)
        .into_iter()
        .fold(Route::new(), |route, folder| {
            let files: BoxEndpoint<'static> = match &services.media {
                MediaStore::S3(s3) if folder.lasting => BucketFiles {
                    s3: s3.clone(),
                    folder: folder.path.trim_start_matches('/'),
                    redirect: services.config.storage.redirect,
                }
                .boxed(),
                _ => StaticFilesEndpoint::new(folder.folder)
                    .map_to_response()
                    .boxed(),
            };
            match (folder.lasting, folder.of_pins) {
                (true, true) => route.nest(folder.path, files.around(pin_pictures)),
                (true, false) => route.nest(folder.path, with_cache(files, FOREVER)),
                (false, _) => route.nest(
                    folder.path,
                    with_cache(files, A_DAY).around(temporary_pictures),
                ),
            }
        })
        .around(head_as_get)
        .catch_all_error(|error| async move {
            // The static files' errors name paths on the server: answer with the status alone.
            let status = match error.status() {
                StatusCode::FORBIDDEN => StatusCode::NOT_FOUND,
                status => status,
            };
            Response::builder()
                .status(status)
                .body(status.canonical_reason().unwrap_or(""))
        })
}

/// Answers HEAD as GET: the server (hyper) sends the headers, with the file's length, and not
/// the body, since the request it read was a HEAD.
async fn head_as_get<E: Endpoint>(next: E, mut req: Request) -> poem::Result<Response> {
    if req.method() == Method::HEAD {
        req.set_method(Method::GET);
    }
    next.call(req).await.map(IntoResponse::into_response)
}

fn with_cache(files: BoxEndpoint<'static>, cache: &'static str) -> impl Endpoint + use<> {
    files.around(move |next, req| async move {
        let mut response = next.call(req).await?;
        set_cache(&mut response, cache);
        Ok(response)
    })
}

/// Sets how long the file may be kept; a redirect to a presigned URL keeps its own.
fn set_cache(response: &mut Response, cache: &'static str) {
    let status = response.status();
    if !status.is_redirection() || status == StatusCode::NOT_MODIFIED {
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    }
}

/// Serves a pin's picture file to those who may see it (see the module comment).
async fn pin_pictures<E: Endpoint>(next: E, mut req: Request) -> poem::Result<Response> {
    let (Some(services), Some(sha1)) = (req.data::<Services>().cloned(), sha1_in(req.uri().path()))
    else {
        return Ok(StatusCode::NOT_FOUND.into_response());
    };
    let mut found = access(&services, None, sha1.clone()).await?;
    if found != PictureAccess::Public {
        let viewer = viewer_of(&req, &services).await;
        if viewer.user.is_some() {
            found = access(&services, viewer.user, sha1.clone()).await?;
        }
    }
    let cache = match found {
        PictureAccess::Public => FOREVER,
        PictureAccess::Private => PRIVATE,
        PictureAccess::Hidden => match share_token(&req) {
            Some(token) if share_links::shows_picture(&services, &token, sha1).await? => {
                found = PictureAccess::Private;
                SHARED
            }
            _ => return Ok(StatusCode::NOT_FOUND.into_response()),
        },
    };
    req.set_data(found);
    let mut response = next.call(req).await?.into_response();
    set_cache(&mut response, cache);
    Ok(response)
}

/// The token of the share link the picture's address carries (`?share=`), if any.
fn share_token(req: &Request) -> Option<String> {
    let query = req.uri().query()?;
    url::form_urlencoded::parse(query.as_bytes())
        .find(|(name, _)| name == "share")
        .map(|(_, token)| token.into_owned())
}

/// Serves a temporary pin's picture to its uploader only; to others it does not exist.
async fn temporary_pictures<E: Endpoint>(next: E, req: Request) -> poem::Result<Response> {
    let Some(services) = req.data::<Services>().cloned() else {
        return Ok(StatusCode::NOT_FOUND.into_response());
    };
    let file_name = req.uri().path().rsplit('/').next().unwrap_or_default();
    let file_name = file_name.to_owned();
    let viewer = viewer_of(&req, &services).await;
    let uploader = services
        .blocking(move |services| services.store.read(|tx| temp_pins::get(tx, &file_name)))
        .await?
        .map(|temp| temp.user);
    if viewer.user.is_none() || uploader != viewer.user {
        return Ok(StatusCode::NOT_FOUND.into_response());
    }
    next.call(req).await.map(IntoResponse::into_response)
}

/// The sha1 a preview (`aa/bb/{sha1}/{sha1}_{width}.{format}`) or an original
/// (`aa/bb/{sha1}.{extension}`) is named by.
fn sha1_in(path: &str) -> Option<String> {
    let file = path.rsplit('/').next()?;
    let sha1 = file.split(['_', '.']).next()?;
    let is_sha1 = sha1.len() == 40 && sha1.bytes().all(|b| b.is_ascii_hexdigit());
    is_sha1.then(|| sha1.to_owned())
}
