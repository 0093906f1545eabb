//! The GraphQL types of passkeys: a passkey as its owner sees it, and a ceremony begun.

use async_graphql::{ID, SimpleObject};
use chrono::{DateTime, Utc};

use corkboard_core::service::passkey_ceremonies::Ceremony;
use corkboard_store::passkeys::PasskeyRecord;

/// One of the signed-in user's passkeys.
#[derive(SimpleObject)]
pub(crate) struct Passkey {
    pub id: ID,
    pub name: String,
    pub created_at: DateTime<Utc>,
    /// When it last signed in; null: never yet.
    pub last_used_at: Option<DateTime<Utc>>,
}

impl From<PasskeyRecord> for Passkey {
    fn from(record: PasskeyRecord) -> Passkey {
        Passkey {
            id: record.id.to_string().into(),
            name: record.name,
            created_at: record.created_at,
            last_used_at: record.last_used_at,
        }
    }
}

/// A passkey registration or sign-in begun: the browser is given `options`, then its answer is
/// sent back with `id`, within 5 minutes.
#[derive(SimpleObject)]
pub(crate) struct PasskeyCeremony {
    pub id: ID,
    /// The JSON of webauthn-rs's CreationChallengeResponse or RequestChallengeResponse
    /// (`{"publicKey": {...}}`, binary fields in base64url) for `navigator.credentials`.
    pub options: String,
}

impl From<Ceremony> for PasskeyCeremony {
    fn from(ceremony: Ceremony) -> PasskeyCeremony {
        PasskeyCeremony {
            id: ceremony.id.into(),
            options: ceremony.options,
        }
    }
}
