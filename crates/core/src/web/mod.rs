//! The outside web: fetching pictures and pages safely, and scanning pages for pictures.

pub mod address;
pub mod bookmarks;
pub mod fetch;
pub mod pinry;
pub mod scan;
