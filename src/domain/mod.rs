//! Pure domain types and their validation rules; no I/O here.

pub mod board;
pub mod ids;
pub mod import_job;
pub mod pin;
pub mod policy;
pub mod sizes;
pub mod stored_time;
pub mod tags;
pub mod temp_pin;
pub mod user;
