//! Picture work: decoding with limits, resizing, encoding. Pure CPU work, run off the async runtime.

pub mod avatar;
pub mod budget;
pub mod decode;
pub mod encode;
pub mod exif;
pub mod files;
pub mod fingerprint;
pub mod ingest;
pub mod previews;
pub mod storage;
pub mod urls;
pub mod workers;
