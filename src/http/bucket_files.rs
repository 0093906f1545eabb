//! `/media/` files kept in an S3-compatible bucket: streamed through the server (ranges and
//! revalidation included), or, with `storage.redirect`, public ones answered by a redirect to a
//! short-lived presigned URL. `http::media` adds the cache headers and the privacy rule.

use std::sync::Arc;
use std::time::Duration;

use futures_util::TryStreamExt;
use object_store::GetRange;
use poem::http::{HeaderValue, Method, StatusCode, header};
use poem::{Body, Endpoint, IntoResponse, Request, Response};

use corkboard_core::media::storage::S3Media;
use corkboard_core::media::storage::s3::NotModified;
use corkboard_core::service::pictures::PictureAccess;

/// How long a presigned URL works.
const LINK_LASTS: Duration = Duration::from_secs(600);
/// How long a browser may reuse a redirect: well within the link's life.
const REDIRECT_CACHE: &str = "public, max-age=300";

/// The files of one media folder (`previews`) of the bucket.
pub(crate) struct BucketFiles {
    pub s3: Arc<S3Media>,
    pub folder: &'static str,
    pub redirect: bool,
}

impl Endpoint for BucketFiles {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        if req.method() != Method::GET && req.method() != Method::HEAD {
            return Ok(StatusCode::METHOD_NOT_ALLOWED.into_response());
        }
        let path = req.uri().path().trim_start_matches('/');
        if !is_media_path(path) {
            return Ok(StatusCode::NOT_FOUND.into_response());
        }
        let key = format!("{}/{path}", self.folder);
        // Pins' pictures come with their access (`http::media`); avatars are public.
        let public = req
            .data::<PictureAccess>()
            .is_none_or(|access| *access == PictureAccess::Public);
        if self.redirect && public {
            let url = self.s3.presigned(&key, LINK_LASTS).await?;
            return Ok(Response::builder()
                .status(StatusCode::TEMPORARY_REDIRECT)
                .header(header::LOCATION, url.as_str())
                .header(header::CACHE_CONTROL, REDIRECT_CACHE)
                .finish());
        }
        let asked = req
            .headers()
            .get(header::RANGE)
            .and_then(|value| value.to_str().ok());
        let range = match asked {
            Some(asked) => match self.s3.size(&key).await? {
                None => return Ok(StatusCode::NOT_FOUND.into_response()),
                Some(size) => match byte_range(asked, size) {
                    Some(Ok(range)) => Some(range),
                    Some(Err(())) => {
                        return Ok(Response::builder()
                            .status(StatusCode::RANGE_NOT_SATISFIABLE)
                            .header(header::CONTENT_RANGE, format!("bytes */{size}"))
                            .finish());
                    }
                    None => None,
                },
            },
            None => None,
        };
        let if_none_match = req
            .headers()
            .get(header::IF_NONE_MATCH)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned);
        let partial = range.is_some();
        let found = match self.s3.get(&key, range, if_none_match).await? {
            None => return Ok(StatusCode::NOT_FOUND.into_response()),
            Some(Err(NotModified)) => return Ok(StatusCode::NOT_MODIFIED.into_response()),
            Some(Ok(found)) => found,
        };
        let (start, end, size) = (found.range.start, found.range.end, found.meta.size);
        let mut response = Response::builder()
            .status(if partial {
                StatusCode::PARTIAL_CONTENT
            } else {
                StatusCode::OK
            })
            .content_type(mime_guess::from_path(&key).first_or_octet_stream().as_ref())
            .header(header::ACCEPT_RANGES, "bytes")
            .header(header::CONTENT_LENGTH, end - start)
            .header(
                header::LAST_MODIFIED,
                found
                    .meta
                    .last_modified
                    .format("%a, %d %b %Y %H:%M:%S GMT")
                    .to_string(),
            );
        if let Some(etag) = found
            .meta
            .e_tag
            .as_deref()
            .and_then(|e| HeaderValue::from_str(e).ok())
        {
            response = response.header(header::ETAG, etag);
        }
        if partial {
            response = response.header(
                header::CONTENT_RANGE,
                format!("bytes {start}-{}/{size}", end.saturating_sub(1)),
            );
        }
        let stream = found.into_stream().map_err(std::io::Error::other);
        Ok(response.body(Body::from_bytes_stream(stream)))
    }
}

/// Paths as `media::urls` makes them: folders and a file name of letters, digits, `_`, `-`, `.`.
fn is_media_path(path: &str) -> bool {
    !path.is_empty()
        && path.split('/').all(|part| {
            !part.is_empty()
                && !part.starts_with('.')
                && part
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
        })
}

/// The one range of a `Range` header over a file of `size` bytes: `None` when the header is not
/// one byte range (the whole file is sent), `Err` when it starts past the end.
fn byte_range(header: &str, size: u64) -> Option<Result<GetRange, ()>> {
    let (first, last) = header.strip_prefix("bytes=")?.trim().split_once('-')?;
    if header.contains(',') {
        return None;
    }
    let range = match (first.trim(), last.trim()) {
        ("", suffix) => {
            let length: u64 = suffix.parse().ok()?;
            if length == 0 || size == 0 {
                return Some(Err(()));
            }
            size.saturating_sub(length)..size
        }
        (first, last) => {
            let first: u64 = first.parse().ok()?;
            let end = match last {
                "" => size,
                last => last.parse::<u64>().ok()?.saturating_add(1).min(size),
            };
            if first >= size || first >= end {
                return Some(Err(()));
            }
            first..end
        }
    };
    Some(Ok(GetRange::Bounded(range)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_byte_range_is_read_and_others_send_the_whole_file() {
        let bounded = |range| Some(Ok(GetRange::Bounded(range)));
        assert_eq!(byte_range("bytes=0-99", 1000), bounded(0..100));
        assert_eq!(byte_range("bytes=900-", 1000), bounded(900..1000));
        assert_eq!(byte_range("bytes=-100", 1000), bounded(900..1000));
        assert_eq!(byte_range("bytes=990-2000", 1000), bounded(990..1000));
        assert_eq!(byte_range("bytes=1000-", 1000), Some(Err(())));
        assert_eq!(byte_range("bytes=0-1,5-9", 1000), None);
        assert_eq!(byte_range("items=0-1", 1000), None);
    }

    #[test]
    fn only_media_paths_are_read() {
        assert!(is_media_path("ab/cd/abcd_236.webp"));
        assert!(!is_media_path("ab/../cd"));
        assert!(!is_media_path("ab//cd"));
        assert!(!is_media_path(""));
    }
}
