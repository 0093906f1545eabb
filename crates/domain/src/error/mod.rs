//! `AppError`, the one error every service returns; `graphql` and `http` (features of the same
//! names, which the binary turns on) tell it to their clients: the orphan rule keeps those
//! conversions beside the type.

use corkboard_i18n::{Message, msg};

#[cfg(feature = "graphql")]
mod graphql;
#[cfg(feature = "http")]
mod http;

/// What went wrong, in terms a client can act on. Its sentences are `Message`s, said in the
/// language of whoever is told (`message`).
///
/// It deliberately does not implement `Display`: async-graphql turns any `Display` type into an
/// error without a code, so `?` in a resolver must go through `error::graphql` instead.
#[derive(Debug)]
pub enum AppError {
    NotFound(Message),
    PermissionDenied(Message),
    Validation {
        field: Option<String>,
        message: Message,
    },
    RateLimited(Message),
    /// More than a limit allows (a file, a request): refused before the work.
    TooLarge(Message),
    /// A file or the database could not grow: the disk (or the user's quota) is full. The cause
    /// goes to the log; nothing half-written is kept.
    DiskFull(anyhow::Error),
    /// The media storage (an S3-compatible bucket) did not answer, or refused: the cause goes to
    /// the log; nothing was committed.
    StorageUnavailable(anyhow::Error),
    Internal(anyhow::Error),
}

pub type AppResult<T> = Result<T, AppError>;

impl AppError {
    /// A validation error on one field, with a sentence fit to show in a form.
    pub fn invalid(field: &str, message: Message) -> Self {
        AppError::Validation {
            field: Some(field.to_owned()),
            message,
        }
    }

    pub fn not_found(message: Message) -> Self {
        AppError::NotFound(message)
    }

    pub fn denied(message: Message) -> Self {
        AppError::PermissionDenied(message)
    }

    /// The viewer must sign in first.
    pub fn sign_in_required() -> Self {
        AppError::denied(msg!("error-sign-in-required"))
    }

    /// The sentence shown to the person, not yet in any language; internal causes stay in the
    /// log.
    pub fn sentence(&self) -> Message {
        match self {
            AppError::NotFound(message)
            | AppError::PermissionDenied(message)
            | AppError::Validation { message, .. }
            | AppError::RateLimited(message)
            | AppError::TooLarge(message) => message.clone(),
            AppError::DiskFull(_) => msg!("error-disk-full"),
            AppError::StorageUnavailable(_) => msg!("error-storage-unavailable"),
            AppError::Internal(_) => msg!("error-internal"),
        }
    }

    /// The sentence shown to the person, in the current request's language.
    pub fn message(&self) -> String {
        self.sentence().text()
    }

    /// The `extensions.code` of the API contract.
    pub fn code(&self) -> &'static str {
        match self {
            AppError::NotFound(_) => "NOT_FOUND_ERROR",
            AppError::PermissionDenied(_) => "PERMISSION_DENIED_ERROR",
            AppError::Validation { .. } | AppError::TooLarge(_) => "VALIDATION_ERROR",
            AppError::RateLimited(_) => "RATE_LIMITED",
            AppError::DiskFull(_) | AppError::StorageUnavailable(_) | AppError::Internal(_) => {
                "INTERNAL_ERROR"
            }
        }
    }

    /// Logs the cause of an internal error or a full disk; the client only sees the sentence.
    pub fn log_if_internal(&self) {
        match self {
            AppError::Internal(cause) => {
                tracing::error!(error = format!("{cause:#}"), "internal error");
            }
            AppError::DiskFull(cause) => {
                tracing::error!(error = format!("{cause:#}"), "out of disk space");
            }
            AppError::StorageUnavailable(cause) => {
                tracing::error!(
                    error = format!("{cause:#}"),
                    "the media storage is unavailable"
                );
            }
            _ => {}
        }
    }

    /// Whether the database failed at its file (an I/O error, or one seen before that left it
    /// unusable): it must then be opened again (see `Store`).
    pub fn is_database_io(&self) -> bool {
        let (AppError::Internal(cause) | AppError::DiskFull(cause)) = self else {
            return false;
        };
        matches!(
            cause.downcast_ref::<redb::Error>(),
            Some(redb::Error::Io(_) | redb::Error::PreviousIo | redb::Error::DatabaseClosed)
        )
    }
}

/// Whether an I/O error says the disk, or the user's quota, is full.
pub(crate) fn is_out_of_space(error: &std::io::Error) -> bool {
    use std::io::ErrorKind;
    matches!(
        error.kind(),
        ErrorKind::StorageFull | ErrorKind::QuotaExceeded
    ) || matches!(error.raw_os_error(), Some(libc::ENOSPC | libc::EDQUOT))
}

/// The I/O error an error is, or that a redb error carries.
fn io_error_of<'a>(error: &'a (dyn std::error::Error + 'static)) -> Option<&'a std::io::Error> {
    if let Some(io) = error.downcast_ref::<std::io::Error>() {
        return Some(io);
    }
    let storage = match error.downcast_ref::<redb::Error>() {
        Some(redb::Error::Io(io)) => return Some(io),
        _ => error.downcast_ref::<redb::StorageError>().or_else(|| {
            match error.downcast_ref::<redb::DatabaseError>() {
                Some(redb::DatabaseError::Storage(storage)) => Some(storage),
                _ => None,
            }
        }),
    };
    match storage {
        Some(redb::StorageError::Io(io)) => Some(io),
        _ => None,
    }
}

impl From<anyhow::Error> for AppError {
    /// A full disk anywhere in the cause chain makes a `DiskFull`; anything else is internal.
    fn from(error: anyhow::Error) -> Self {
        if error.chain().filter_map(io_error_of).any(is_out_of_space) {
            AppError::DiskFull(error)
        } else {
            AppError::Internal(error)
        }
    }
}

impl From<std::io::Error> for AppError {
    fn from(error: std::io::Error) -> Self {
        anyhow::Error::from(error).into()
    }
}

impl From<redb::Error> for AppError {
    fn from(error: redb::Error) -> Self {
        anyhow::Error::from(error).into()
    }
}

macro_rules! redb_errors_are_internal {
    ($($error:ty),*) => {$(
        impl From<$error> for AppError {
            fn from(error: $error) -> Self {
                redb::Error::from(error).into()
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
