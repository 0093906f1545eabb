//! Every redb table of Corkboard, with its key and value shapes. Names carry a version; values
//! named "record" are MessagePack (see `codec`). Index tables map a key to an id, or hold `()`.

use redb::TableDefinition;

/// `meta`: setting name -> value. Holds `schema_version`, `next_id` and `next_search_mark`.
pub const META: TableDefinition<&str, u64> = TableDefinition::new("meta");

/// user id -> `UserRecord`.
pub const USERS: TableDefinition<u64, &[u8]> = TableDefinition::new("users-1");
/// lowercase username -> user id.
pub(crate) const USERS_BY_USERNAME: TableDefinition<&str, u64> =
    TableDefinition::new("users-by-username-1");
/// lowercase email -> user id.
pub(crate) const USERS_BY_EMAIL: TableDefinition<&str, u64> =
    TableDefinition::new("users-by-email-1");

/// user id -> MessagePack list of the user's last distinct searches, newest first (see
/// `store::recent_searches`).
pub(crate) const RECENT_SEARCHES: TableDefinition<u64, &[u8]> =
    TableDefinition::new("recent-searches-1");

/// SHA-256 (hex) of a session token -> `SessionRecord`.
pub(crate) const SESSIONS: TableDefinition<&str, &[u8]> = TableDefinition::new("sessions-1");
/// (user id, session hash) -> (), to end every session of a user.
pub(crate) const SESSIONS_BY_USER: TableDefinition<(u64, &str), ()> =
    TableDefinition::new("sessions-by-user-1");

/// SHA-256 (hex) of a mailed token -> `TokenRecord` (password reset, email verification).
pub(crate) const MAIL_TOKENS: TableDefinition<&str, &[u8]> = TableDefinition::new("mail-tokens-1");

/// identity id -> `IdentityRecord`: an account of the identity provider linked to a user.
pub(crate) const IDENTITIES: TableDefinition<u64, &[u8]> = TableDefinition::new("identities-1");
/// (issuer, subject) -> identity id: who a provider's account signs in.
pub(crate) const IDENTITIES_BY_SUBJECT: TableDefinition<(&str, &str), u64> =
    TableDefinition::new("identities-by-subject-1");
/// (user id, identity id) -> (): a user's linked identities.
pub(crate) const IDENTITIES_BY_USER: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("identities-by-user-1");
/// SHA-256 (hex) of a sign-in's `state` -> `PendingSignIn`: a browser's round trip through the
/// identity provider, until it comes back (or ten minutes pass).
pub(crate) const PENDING_SIGN_INS: TableDefinition<&str, &[u8]> =
    TableDefinition::new("pending-sign-ins-1");

/// Invite secret hash -> `InviteRecord`.
pub(crate) const INVITES: TableDefinition<&str, &[u8]> = TableDefinition::new("invites-1");

/// share link id -> `ShareLinkRecord`: a view-only link to a board.
pub(crate) const SHARE_LINKS: TableDefinition<u64, &[u8]> = TableDefinition::new("share-links-1");
/// SHA-256 (hex) of a share link's token -> share link id.
pub(crate) const SHARE_LINKS_BY_HASH: TableDefinition<&str, u64> =
    TableDefinition::new("share-links-by-hash-1");
/// (board id, share link id) -> (): a board's share links.
pub(crate) const SHARE_LINKS_BY_BOARD: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("share-links-by-board-1");

/// API key id -> `ApiKeyRecord`.
pub(crate) const API_KEYS: TableDefinition<u64, &[u8]> = TableDefinition::new("api-keys-1");
/// SHA-256 (hex) of an API key secret -> API key id.
pub(crate) const API_KEYS_BY_HASH: TableDefinition<&str, u64> =
    TableDefinition::new("api-keys-by-hash-1");
/// (user id, API key id) -> ().
pub(crate) const API_KEYS_BY_USER: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("api-keys-by-user-1");

/// passkey id -> `PasskeyRecord`: a WebAuthn credential a user signs in with (see
/// `store::passkeys`).
pub(crate) const PASSKEYS: TableDefinition<u64, &[u8]> = TableDefinition::new("passkeys-1");
/// credential id (the authenticator's bytes) -> passkey id: the credential a sign-in names.
pub(crate) const PASSKEYS_BY_CREDENTIAL: TableDefinition<&[u8], u64> =
    TableDefinition::new("passkeys-by-credential-1");
/// (user id, passkey id) -> (): a user's passkeys.
pub(crate) const PASSKEYS_BY_USER: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("passkeys-by-user-1");
/// SHA-256 (hex) of a ceremony id -> `CeremonyRecord`: a passkey registration or sign-in begun,
/// its state kept until it is finished or expires.
pub(crate) const PASSKEY_CEREMONIES: TableDefinition<&str, &[u8]> =
    TableDefinition::new("passkey-ceremonies-1");

/// board id -> `BoardRecord`.
pub const BOARDS: TableDefinition<u64, &[u8]> = TableDefinition::new("boards-1");
/// (user id, slug) -> board id.
pub(crate) const BOARDS_BY_SLUG: TableDefinition<(u64, &str), u64> =
    TableDefinition::new("boards-by-slug-1");
/// (user id, board id) -> (): a user's boards.
pub(crate) const BOARDS_BY_USER: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("boards-by-user-1");
/// (folder id, board id) -> (): the boards in a folder.
pub(crate) const BOARDS_BY_FOLDER: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("boards-by-folder-1");
/// (user id, board id) -> (): private boards shared with a user.
pub(crate) const BOARDS_SHARED_WITH: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("boards-shared-with-1");
/// (user id, lowercased title word, board id) -> (): the words of a user's board titles, to find
/// the boards with a word starting with a search word (see `store::board_titles`).
pub(crate) const BOARD_TITLE_WORDS: TableDefinition<(u64, &str, u64), ()> =
    TableDefinition::new("board-title-words-1");
/// (lowercased title word, board id) -> (): the words of every board's title, whoever owns it,
/// to suggest the boards with a word starting with what is typed (see `store::board_titles`).
pub(crate) const BOARD_TITLE_WORDS_BY_WORD: TableDefinition<(&str, u64), ()> =
    TableDefinition::new("board-title-words-by-word-1");

/// (list, user or folder id, reader, board or folder id) -> (): what a reader finds in a list:
/// list 0, a user's boards, and list 1, a folder's (`store::board_lists`): a public board under
/// reader 0 (everyone), a private one under its owner and each user it is shared with; lists 2
/// and 3, a user's public and private folders (`store::folder_lists`): each under its owner, and
/// a folder others may see with a board in it for them under 0, else under each user it has a
/// board for.
pub const LISTS: TableDefinition<(u8, u64, u64, u64), ()> = TableDefinition::new("lists-1");
/// (list, user or folder id, reader) -> how many entries `LISTS` holds under it (none: no entry).
pub const LIST_COUNTS: TableDefinition<(u8, u64, u64), u64> = TableDefinition::new("list-counts-1");

/// folder id -> `FolderRecord`.
pub const FOLDERS: TableDefinition<u64, &[u8]> = TableDefinition::new("folders-1");
/// (user id, slug) -> folder id.
pub(crate) const FOLDERS_BY_SLUG: TableDefinition<(u64, &str), u64> =
    TableDefinition::new("folders-by-slug-1");
/// (user id, folder id) -> (): a user's folders.
pub(crate) const FOLDERS_BY_USER: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("folders-by-user-1");

/// pin id -> `PinRecord`.
pub const PINS: TableDefinition<u64, &[u8]> = TableDefinition::new("pins-1");
/// (board id, order, pin id) -> (): a board's pins; the highest order shows first.
pub(crate) const BOARD_PINS: TableDefinition<(u64, i64, u64), ()> =
    TableDefinition::new("board-pins-1");
/// (board id, pin's `created_at` in microseconds, pin id) -> (): a board's pins by date, newest
/// last, for its covers.
pub(crate) const BOARD_PINS_BY_DATE: TableDefinition<(u64, i64, u64), ()> =
    TableDefinition::new("board-pins-by-date-1");
/// board id -> how many pins the board has (a board without pins has no entry).
pub(crate) const BOARD_PIN_COUNTS: TableDefinition<u64, u64> =
    TableDefinition::new("board-pin-counts-1");
/// (pin id, board id) -> order: the boards a pin is on.
pub(crate) const PIN_BOARDS: TableDefinition<(u64, u64), i64> =
    TableDefinition::new("pin-boards-1");
/// (board id, pin id) -> (): a board's pins newest first (by id), which the 'Following' feed
/// merged on read walked; gone since migration 28, which deletes it.
pub(crate) const BOARD_PINS_BY_ID: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("board-pins-by-id-1");
/// pin id -> (): the pins on at least one public board.
pub(crate) const PUBLIC_PINS: TableDefinition<u64, ()> = TableDefinition::new("public-pins-1");
/// (board id, pin id) -> (): a board's pins that are on no public board, for the walks of the
/// friends it is shared with (see `store::private_pins`).
pub(crate) const PRIVATE_BOARD_PINS: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("private-board-pins-1");
/// board id -> how many pins `PRIVATE_BOARD_PINS` holds for it (none: no entry).
pub(crate) const PRIVATE_BOARD_PIN_COUNTS: TableDefinition<u64, u64> =
    TableDefinition::new("private-board-pin-counts-1");
/// (board id, pin id) -> (): those of `PRIVATE_BOARD_PINS` that are on another board too, so that
/// a friend's count takes each once.
pub(crate) const PRIVATE_PINS_ON_SEVERAL_BOARDS: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("private-pins-on-several-boards-1");
/// (user id, pin id) -> (): a user's pins.
pub(crate) const PINS_BY_USER: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("pins-by-user-1");
/// (user id, pin id) -> (): a user's public pins, those a visitor of their page sees.
pub(crate) const PUBLIC_PINS_BY_USER: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("public-pins-by-user-1");
/// user id -> (pins, public pins): how many pins a user has (a user without pins has no entry).
pub(crate) const USER_PIN_COUNTS: TableDefinition<u64, (u64, u64)> =
    TableDefinition::new("user-pin-counts-1");
/// user id -> the bytes of the originals of a user's pins, each pin counted (a user without
/// pins has no entry).
pub const USER_PIN_BYTES: TableDefinition<u64, u64> = TableDefinition::new("user-pin-bytes-1");
/// (picture sha1, pin id) -> (): the pins showing a picture (who may see its files).
pub(crate) const PINS_BY_PICTURE: TableDefinition<(&str, u64), ()> =
    TableDefinition::new("pins-by-picture-1");
/// picture sha1 -> how many pins show it; its files may go when none does.
pub(crate) const PICTURES: TableDefinition<&str, u64> = TableDefinition::new("pictures-1");
/// (band, band's bits, picture sha1) -> the picture's whole perceptual hash: each picture of
/// `PICTURES` with a detailed hash under each of the four 16-bit bands of its hash, to find the
/// pictures that look alike without reading them all (see `store::look_alikes`).
pub(crate) const LOOK_ALIKES: TableDefinition<(u8, u16, &str), u64> =
    TableDefinition::new("look-alikes-1");

/// pin id -> mark number: pins whose search documents may be behind (see
/// `store::search_pending`); the number tells a later mark of a pin from the one the index
/// caught up with.
pub(crate) const SEARCH_PENDING: TableDefinition<u64, u64> =
    TableDefinition::new("search-pending-2");
/// (kind, board or user id) -> mark number: the boards and users whose pins' documents hold
/// words that changed, indexed again in the background (see `store::search_sweeps`).
pub(crate) const SEARCH_SWEEPS: TableDefinition<(u8, u64), u64> =
    TableDefinition::new("search-sweeps-1");
/// board id -> mark number: boards made private or public, or deleted, whose pins' links and
/// public state follow in the background (see `store::board_sweeps`).
pub(crate) const BOARD_SWEEPS: TableDefinition<u64, u64> = TableDefinition::new("board-sweeps-1");
/// pin id -> (): the marks before they had numbers (migration 7), moved by migration 8.
pub(crate) const SEARCH_PENDING_1: TableDefinition<u64, ()> =
    TableDefinition::new("search-pending-1");

/// job id -> `ImportJob`: imports from other tools, run in the background.
pub(crate) const IMPORT_JOBS: TableDefinition<u64, &[u8]> = TableDefinition::new("import-jobs-1");
/// job id -> (): the jobs not finished yet, resumed at start.
pub(crate) const IMPORT_PENDING: TableDefinition<u64, ()> =
    TableDefinition::new("import-pending-1");
/// (job id, item index) -> `ImportItem`: the pictures a job imports.
pub(crate) const IMPORT_ITEMS: TableDefinition<(u64, u64), &[u8]> =
    TableDefinition::new("import-items-1");
/// (job id, item index) -> why that item could not be imported.
pub(crate) const IMPORT_FAILURES: TableDefinition<(u64, u64), &str> =
    TableDefinition::new("import-failures-1");
/// (user id, job id) -> (): a user's imports.
pub(crate) const IMPORT_JOBS_BY_USER: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("import-jobs-by-user-1");

/// (kind, follower id, followed id) -> (): whom and which boards a user follows; kind 0 a user,
/// 1 a board (see `store::follows`).
pub(crate) const FOLLOWS: TableDefinition<(u8, u64, u64), ()> = TableDefinition::new("follows-1");
/// (kind, followed id, follower id) -> (): who follows a user or a board, `FOLLOWS` turned round.
pub(crate) const FOLLOWERS: TableDefinition<(u8, u64, u64), ()> =
    TableDefinition::new("followers-1");
/// (kind, followed id) -> how many follow that user or board (none: no entry).
pub(crate) const FOLLOWER_COUNTS: TableDefinition<(u8, u64), u64> =
    TableDefinition::new("follower-counts-1");
/// (follower id, pin id) -> the pin's owner id: each follower's 'Following' feed, fanned out on
/// write, newest first read backwards (see `store::feed`).
pub(crate) const FEED: TableDefinition<(u64, u64), u64> = TableDefinition::new("feed-1");
/// (owner id, pin id) -> (): the pins showing a picture shared with their owner privately
/// (`PinRecord::private_picture`), which keep their boards private.
pub(crate) const PRIVATE_PICTURE_PINS: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("private-picture-pins-1");
/// (owner id, picture sha1, pin id) -> (): each owner's pins by picture, so that a user's own
/// copies of a picture are found however many other users pinned it.
pub(crate) const OWN_PICTURE_PINS: TableDefinition<(u64, &str, u64), ()> =
    TableDefinition::new("own-picture-pins-1");

/// temporary file name -> `TempPinRecord`: a picture uploaded or downloaded, not yet pinned.
pub(crate) const TEMP_PINS: TableDefinition<&str, &[u8]> = TableDefinition::new("temp-pins-1");
/// user id -> the bytes of a user's temporary pins' files (a user without any has no entry),
/// for the quota of pictures waiting to be pinned.
pub(crate) const USER_TEMP_BYTES: TableDefinition<u64, u64> =
    TableDefinition::new("user-temp-bytes-1");

/// (archive origin, local owner id or 0 for a user, kind, id in the archive) -> local id: where
/// each imported record came from, so that importing the same archive again creates nothing.
/// Kinds: `user`, `folder`, `board`, `pin` (created), `pin-found` (a pin of the same picture the
/// owner already had).
pub(crate) const IMPORTED: TableDefinition<(&str, u64, &str, u64), u64> =
    TableDefinition::new("imported-1");
