//! Bounds on what a request may send, checked before its body is read.

use poem::http::{Method, StatusCode, header};
use poem::{Endpoint, IntoResponse, Request, Response};

use corkboard_i18n::msg;

/// The largest GraphQL request body: the UI's requests are a few kilobytes.
pub(crate) const MAX_GRAPHQL_BYTES: u64 = 256 * 1024;

/// Refuses a GraphQL POST that is not JSON, or that is larger than `MAX_GRAPHQL_BYTES` (or does
/// not say its size), before reading any of it.
pub(crate) async fn graphql_body<E: Endpoint>(next: E, req: Request) -> poem::Result<Response> {
    if req.method() == Method::POST {
        let content_type = req.content_type().unwrap_or_default();
        if !content_type.starts_with("application/json") {
            return Ok(refusal(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                &msg!("error-request-not-json-type").text(),
            ));
        }
        match declared_length(&req) {
            Err(refused) => return Ok(refused.into_response()),
            Ok(length) if length > MAX_GRAPHQL_BYTES => {
                return Ok(refusal(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    &msg!("error-request-body-too-large").text(),
                ));
            }
            Ok(_) => {}
        }
    }
    next.call(req).await.map(IntoResponse::into_response)
}

/// Refuses a POST whose body does not say its size, or is compressed (see `declared_length`),
/// before a form extractor looks at it.
pub(crate) async fn sized_body<E: Endpoint>(next: E, req: Request) -> poem::Result<Response> {
    if req.method() == Method::POST
        && let Err(refused) = declared_length(&req)
    {
        return Ok(refused.into_response());
    }
    next.call(req).await.map(IntoResponse::into_response)
}

/// The size a request body says it has, or the refusal of every endpoint that takes a body: 415
/// for a compressed body (its size would say nothing of what it unpacks to), 411 for a body that
/// does not say its size (a chunked one could be of any size).
pub(crate) fn declared_length(req: &Request) -> poem::Result<u64> {
    let encoded = req
        .headers()
        .get_all(header::CONTENT_ENCODING)
        .iter()
        .any(|coding| !coding.as_bytes().eq_ignore_ascii_case(b"identity"));
    if encoded {
        return Err(poem::Error::from_response(refusal(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            &msg!("error-request-encoded").text(),
        )));
    }
    req.header(header::CONTENT_LENGTH)
        .and_then(|length| length.parse::<u64>().ok())
        .ok_or_else(|| {
            poem::Error::from_response(refusal(
                StatusCode::LENGTH_REQUIRED,
                &msg!("error-request-length-required").text(),
            ))
        })
}

/// A refusal in the JSON shape of the API's other errors.
pub fn refusal(status: StatusCode, message: &str) -> Response {
    let body = serde_json::json!({ "code": "VALIDATION_ERROR", "message": message });
    Response::builder()
        .status(status)
        .content_type("application/json")
        .body(body.to_string())
}
