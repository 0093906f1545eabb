//! Corkboard's domain: its types and their validation rules, the one visibility policy, the
//! settings, and the error every layer answers with.

pub mod board;
pub mod colour;
pub mod config;
pub mod error;
pub mod ids;
pub mod import_job;
pub mod pin;
pub mod policy;
pub mod sizes;
pub mod stored_time;
pub mod tags;
pub mod temp_pin;
pub mod user;
