//! GraphQL object types, one file per entity.

pub mod board;
pub mod pin;
pub mod temp_pin;
pub mod user;
