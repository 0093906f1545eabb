//! GraphQL object types, one file per entity.

pub mod user;
