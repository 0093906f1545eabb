//! `AppError`, the one error every service returns; `http::errors` and `graphql::errors` map it
//! for their clients.

/// What went wrong, in terms a client can act on.
///
/// It deliberately does not implement `Display`: async-graphql turns any `Display` type into an
/// error without a code, so `?` in a resolver must go through `graphql::errors` instead.
#[derive(Debug)]
pub enum AppError {
    NotFound(String),
    PermissionDenied(String),
    Validation {
        field: Option<String>,
        message: String,
    },
    RateLimited(String),
    /// More than a limit allows (a file, a request): refused before the work.
    TooLarge(String),
    Internal(anyhow::Error),
}

pub type AppResult<T> = Result<T, AppError>;

impl AppError {
    /// A validation error on one field, with a sentence fit to show in a form.
    pub fn invalid(field: &str, message: impl Into<String>) -> Self {
        AppError::Validation {
            field: Some(field.to_owned()),
            message: message.into(),
        }
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        AppError::NotFound(message.into())
    }

    pub fn denied(message: impl Into<String>) -> Self {
        AppError::PermissionDenied(message.into())
    }

    /// The viewer must sign in first.
    pub fn sign_in_required() -> Self {
        AppError::denied("You must sign in first.")
    }

    /// The sentence shown to the person; internal causes stay in the log.
    pub fn message(&self) -> &str {
        match self {
            AppError::NotFound(message)
            | AppError::PermissionDenied(message)
            | AppError::Validation { message, .. }
            | AppError::RateLimited(message)
            | AppError::TooLarge(message) => message,
            AppError::Internal(_) => "Sorry, something went wrong on the server.",
        }
    }

    /// The `extensions.code` of the API contract.
    pub fn code(&self) -> &'static str {
        match self {
            AppError::NotFound(_) => "NOT_FOUND_ERROR",
            AppError::PermissionDenied(_) => "PERMISSION_DENIED_ERROR",
            AppError::Validation { .. } | AppError::TooLarge(_) => "VALIDATION_ERROR",
            AppError::RateLimited(_) => "RATE_LIMITED",
            AppError::Internal(_) => "INTERNAL_ERROR",
        }
    }

    /// Logs the cause of an internal error; the client only sees the generic sentence.
    pub fn log_if_internal(&self) {
        if let AppError::Internal(cause) = self {
            tracing::error!(error = format!("{cause:#}"), "internal error");
        }
    }
}

impl From<anyhow::Error> for AppError {
    fn from(error: anyhow::Error) -> Self {
        AppError::Internal(error)
    }
}

impl From<redb::Error> for AppError {
    fn from(error: redb::Error) -> Self {
        AppError::Internal(error.into())
    }
}

macro_rules! redb_errors_are_internal {
    ($($error:ty),*) => {$(
        impl From<$error> for AppError {
            fn from(error: $error) -> Self {
                AppError::Internal(redb::Error::from(error).into())
            }
        }
    )*};
}

redb_errors_are_internal!(
    redb::TransactionError,
    redb::TableError,
    redb::StorageError,
    redb::CommitError
);
