//! The business rules and permission checks; one write transaction per command.

pub mod access;
pub mod api_keys;
pub mod auth;
pub mod avatars;
pub mod boards;
pub mod folders;
pub mod mail;
pub mod pins;
pub mod rate_limit;
pub mod secrets;
pub mod users;
