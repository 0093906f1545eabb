//! The business rules and permission checks; one write transaction per command.

pub mod access;
pub mod add_pin;
pub mod api_keys;
pub mod auth;
pub mod avatars;
pub mod boards;
pub mod check;
pub mod cleanup;
pub mod context;
pub mod folders;
pub mod mail;
pub mod media_usage;
pub mod metrics;
pub mod pictures;
pub mod pin_edits;
pub mod pin_lists;
pub mod pins;
pub mod rate_limit;
pub mod recovery;
pub mod scanner;
pub mod search;
pub mod secrets;
pub mod temp_pins;
pub mod users;
pub mod viewer;
