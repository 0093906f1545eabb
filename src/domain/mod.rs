//! Pure domain types and their validation rules; no I/O here.

pub mod ids;
pub mod user;
