//! Pins: a picture with its metadata, on one or more boards.

use chrono::{DateTime, Utc};
use corkboard_i18n::msg;
use serde::{Deserialize, Serialize};

use crate::board::{optional_text, required_title};
use crate::error::{AppError, AppResult};
use crate::ids::{PinId, UserId};
use crate::stored_time;
use crate::tags::normalize_tags;

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
    #[serde(deserialize_with = "stored_time::read")]
    pub created_at: DateTime<Utc>,
    /// Pinned from another user's pin whose picture no public pin showed: this pin stays on
    /// private boards, so that its picture is never made public through it.
    #[serde(default)]
    pub private_picture: bool,
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
    /// The difference hash that finds resized or re-encoded copies (see `media::fingerprint`).
    #[serde(default)]
    pub perceptual_hash: u64,
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

/// What a person writes on a pin, checked: caption required, title optional, rating 0 to 5,
/// tags split and deduplicated.
#[derive(Debug, Clone, PartialEq)]
pub struct PinText {
    pub title: Option<String>,
    pub caption: String,
    pub rating: u8,
    pub unsafe_content: bool,
    pub tags: Vec<String>,
}

impl PinText {
    pub fn checked(
        title: Option<String>,
        caption: &str,
        rating: Option<i32>,
        unsafe_content: Option<bool>,
        tags: Option<Vec<String>>,
    ) -> AppResult<PinText> {
        let title = match optional_text("title", title)? {
            Some(title) => Some(required_title("title", &title)?),
            None => None,
        };
        let caption = optional_text("caption", Some(caption.to_owned()))?
            .ok_or_else(|| AppError::invalid("caption", msg!("error-caption-required")))?;
        let rating = u8::try_from(rating.unwrap_or(0))
            .ok()
            .filter(|rating| *rating <= 5)
            .ok_or_else(|| AppError::invalid("rating", msg!("error-rating-invalid")))?;
        Ok(PinText {
            title,
            caption,
            rating,
            unsafe_content: unsafe_content.unwrap_or(false),
            tags: normalize_tags(&tags.unwrap_or_default()),
        })
    }
}

impl PinRecord {
    /// A new pin of `user`'s (its id is given when it is stored).
    pub fn new(
        user: UserId,
        picture: Picture,
        source_file_url: Option<String>,
        text: PinText,
    ) -> PinRecord {
        PinRecord {
            id: PinId(0),
            user,
            picture,
            source_file_url,
            title: text.title,
            caption: text.caption,
            rating: text.rating,
            unsafe_content: text.unsafe_content,
            tags: text.tags,
            added_via: None,
            created_at: Utc::now(),
            private_picture: false,
        }
    }

    /// About how many bytes the record takes in memory: itself, and what its strings and lists
    /// hold (without the allocator's rounding).
    pub fn memory(&self) -> usize {
        let optional = |text: &Option<String>| text.as_ref().map_or(0, String::capacity);
        let (picture, exif) = (&self.picture, &self.picture.exif);
        let optionals = [&exif.camera, &exif.lens, &exif.exposure_time, &exif.date];
        size_of::<PinRecord>()
            + picture.sha1.capacity()
            + picture.original_extension.capacity()
            + picture.dominant_color.capacity()
            + picture.preview_widths.capacity() * size_of::<u32>()
            + optionals.into_iter().map(optional).sum::<usize>()
            + optional(&self.source_file_url)
            + optional(&self.title)
            + self.caption.capacity()
            + self.tags.capacity() * size_of::<String>()
            + self.tags.iter().map(String::capacity).sum::<usize>()
    }

    /// The domain of the page or file the picture came from.
    pub fn source_domain(&self) -> Option<String> {
        let url = url::Url::parse(self.source_file_url.as_deref()?).ok()?;
        Some(url.host_str()?.trim_start_matches("www.").to_owned())
    }
}

impl Picture {
    /// Whether its perceptual hash tells it apart: a near-uniform picture's hash, nearly all
    /// zeros or ones, looks like too many others, so such a picture is only ever the same as
    /// identical bytes, and looks like nothing else.
    pub fn has_detailed_hash(&self) -> bool {
        (8..=56).contains(&self.perceptual_hash.count_ones())
    }

    /// The folder of the picture's previews, relative to the previews folder.
    pub fn preview_folder(&self) -> String {
        let mut folder = String::new();
        self.push_preview_folder(&mut folder);
        folder
    }

    /// Appends [`Picture::preview_folder`] to `path`.
    fn push_preview_folder(&self, path: &mut String) {
        let sha1 = &self.sha1;
        for part in [&sha1[..2], "/", &sha1[2..4], "/", sha1] {
            path.push_str(part);
        }
    }

    /// A preview file, relative to the previews folder and to `/media/previews/`.
    pub fn preview_path(&self, width: u32, format: &str) -> String {
        let mut path = String::new();
        self.push_preview_path(&mut path, width, format);
        path
    }

    /// Appends [`Picture::preview_path`] to `path`, with one allocation at most: a page of 50
    /// pins asks for 200 of these, and joining them from their own strings took about 1,200
    /// instructions each.
    pub fn push_preview_path(&self, path: &mut String, width: u32, format: &str) {
        let mut digits = itoa::Buffer::new();
        let width = digits.format(width);
        let file = ["/", &self.sha1, "_", width, ".", format];
        // The folder is `ab/cd/` and the digest.
        let folder = 6 + self.sha1.len();
        path.reserve(folder + file.iter().map(|part| part.len()).sum::<usize>());
        self.push_preview_folder(path);
        for part in file {
            path.push_str(part);
        }
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

    /// The height of the picture's preview `width` pixels wide.
    pub fn preview_height(&self, width: u32) -> u32 {
        scaled_height(self.width, self.height, width)
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

/// The height of a `width` x `height` picture resized to `new_width` (rounded, at least 1).
pub fn scaled_height(width: u32, height: u32, new_width: u32) -> u32 {
    ((u64::from(height) * u64::from(new_width) + u64::from(width) / 2) / u64::from(width)).max(1)
        as u32
}
