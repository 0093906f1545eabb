//! `AppError` as an HTTP answer: its status and a JSON body `{code, message}`.

use poem::http::StatusCode;

use super::AppError;

fn status(error: &AppError) -> StatusCode {
    match error {
        AppError::NotFound(_) => StatusCode::NOT_FOUND,
        AppError::PermissionDenied(_) => StatusCode::FORBIDDEN,
        AppError::Validation { .. } => StatusCode::BAD_REQUEST,
        AppError::RateLimited(_) => StatusCode::TOO_MANY_REQUESTS,
        AppError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
        AppError::DiskFull(_) => StatusCode::INSUFFICIENT_STORAGE,
        AppError::StorageUnavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl From<AppError> for poem::Error {
    fn from(error: AppError) -> Self {
        error.log_if_internal();
        let body = serde_json::json!({ "code": error.code(), "message": error.message() });
        let response = poem::Response::builder()
            .status(status(&error))
            .content_type("application/json")
            .body(body.to_string());
        poem::Error::from_response(response)
    }
}
