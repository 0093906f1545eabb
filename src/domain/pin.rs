//! Pins: a picture with its metadata, on one or more boards.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::domain::ids::{PinId, UserId};

/// A pin as stored. The picture's files are named by `sha1`, shared by every pin of the same picture.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PinRecord {
    pub id: PinId,
    pub user: UserId,
    pub picture: Picture,
    pub source_file_url: Option<String>,
    pub title: Option<String>,
    pub caption: String,
    pub rating: u8,
    pub unsafe_content: bool,
    pub tags: Vec<String>,
    /// The pin this one was pinned from.
    pub added_via: Option<PinId>,
    pub created_at: DateTime<Utc>,
}

/// What ingesting a picture found out about it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Picture {
    pub sha1: String,
    /// Extension of the original file under `/media/originals/`.
    pub original_extension: String,
    pub width: u32,
    pub height: u32,
    /// Size of the original file in bytes.
    pub weight: u64,
    /// Widths of the stored previews, smallest first.
    pub preview_widths: Vec<u32>,
    pub dominant_color: String,
    pub exif: Exif,
}

/// The EXIF fields the pin detail screen shows.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Exif {
    pub camera: Option<String>,
    pub lens: Option<String>,
    pub focal_length: Option<f64>,
    pub exposure_time: Option<String>,
    pub aperture: Option<f64>,
    pub iso: Option<u32>,
    pub date: Option<String>,
}

impl PinRecord {
    /// The domain of the page or file the picture came from.
    pub fn source_domain(&self) -> Option<String> {
        let url = url::Url::parse(self.source_file_url.as_deref()?).ok()?;
        Some(url.host_str()?.trim_start_matches("www.").to_owned())
    }
}

impl Picture {
    /// A preview file, relative to the previews folder and to `/media/previews/`.
    pub fn preview_path(&self, width: u32, format: &str) -> String {
        let sha1 = &self.sha1;
        format!(
            "{}/{}/{sha1}/{sha1}_{width}.{format}",
            &sha1[..2],
            &sha1[2..4]
        )
    }

    /// The original file, relative to the originals folder and to `/media/originals/`.
    pub fn original_path(&self) -> String {
        let sha1 = &self.sha1;
        format!(
            "{}/{}/{sha1}.{}",
            &sha1[..2],
            &sha1[2..4],
            self.original_extension
        )
    }

    /// The smallest stored preview width at least `min_width`, else the largest.
    pub fn preview_width_for(&self, min_width: i32) -> u32 {
        let widths = &self.preview_widths;
        widths
            .iter()
            .copied()
            .find(|width| i64::from(*width) >= i64::from(min_width))
            .or_else(|| widths.last().copied())
            .unwrap_or(self.width)
    }
}
