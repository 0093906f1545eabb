//! Every redb table of Corkboard, with its key and value shapes. Names carry a version; values
//! named "record" are MessagePack (see `codec`). Index tables map a key to an id, or hold `()`.

use redb::TableDefinition;

/// `meta`: setting name -> value. Holds `schema_version` and `next_id`.
pub const META: TableDefinition<&str, u64> = TableDefinition::new("meta");

/// user id -> `UserRecord`.
pub const USERS: TableDefinition<u64, &[u8]> = TableDefinition::new("users-1");
/// lowercase username -> user id.
pub const USERS_BY_USERNAME: TableDefinition<&str, u64> =
    TableDefinition::new("users-by-username-1");
/// lowercase email -> user id.
pub const USERS_BY_EMAIL: TableDefinition<&str, u64> = TableDefinition::new("users-by-email-1");

/// SHA-256 (hex) of a session token -> `SessionRecord`.
pub const SESSIONS: TableDefinition<&str, &[u8]> = TableDefinition::new("sessions-1");
/// (user id, session hash) -> (), to end every session of a user.
pub const SESSIONS_BY_USER: TableDefinition<(u64, &str), ()> =
    TableDefinition::new("sessions-by-user-1");

/// SHA-256 (hex) of a mailed token -> `TokenRecord` (password reset, email verification).
pub const MAIL_TOKENS: TableDefinition<&str, &[u8]> = TableDefinition::new("mail-tokens-1");

/// API key id -> `ApiKeyRecord`.
pub const API_KEYS: TableDefinition<u64, &[u8]> = TableDefinition::new("api-keys-1");
/// SHA-256 (hex) of an API key secret -> API key id.
pub const API_KEYS_BY_HASH: TableDefinition<&str, u64> = TableDefinition::new("api-keys-by-hash-1");
/// (user id, API key id) -> ().
pub const API_KEYS_BY_USER: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("api-keys-by-user-1");
