//! `TempPin`, a picture uploaded or downloaded but not yet pinned, and `ScanResult`.

use async_graphql::{Object, SimpleObject};

use super::objects::Pin;
use crate::graphql::pagination::bounded_cost;
use corkboard_core::media::urls;
use corkboard_core::service::pinned_copies::MOST_COPIES;
use corkboard_core::service::temp_pins::Staged;
use corkboard_core::web::scan::Found;

pub(crate) struct TempPin(pub Staged);

#[Object]
impl TempPin {
    /// Give this to `addPin`.
    async fn temp_file_name(&self) -> &str {
        &self.0.temp.file_name
    }

    /// Where the picture can be shown until it is pinned (for a day at most).
    async fn temp_file_url(&self) -> String {
        urls::temporary(&self.0.temp.file_name)
    }

    async fn original_name(&self) -> Option<&str> {
        self.0.temp.original_name.as_deref()
    }

    /// The address it was downloaded from.
    async fn url(&self) -> Option<&str> {
        self.0.temp.url.as_deref()
    }

    /// The viewer's pins that already show this picture, newest first, at most 20.
    #[graphql(complexity = "bounded_cost(MOST_COPIES, child_complexity)")]
    async fn clones(&self) -> Vec<Pin> {
        let clones = &self.0.copies.clones;
        clones.iter().cloned().map(Pin::from).collect()
    }

    /// The viewer's pins showing a near-duplicate of this picture (a slightly cropped copy),
    /// newest first, at most 20.
    #[graphql(complexity = "bounded_cost(MOST_COPIES, child_complexity)")]
    async fn near_duplicates(&self) -> Vec<Pin> {
        let near = &self.0.copies.near_duplicates;
        near.iter().cloned().map(Pin::from).collect()
    }
}

/// A picture found on a scanned page.
#[derive(SimpleObject)]
pub(crate) struct ScanResult {
    pub src: String,
    pub title: Option<String>,
    pub alt: Option<String>,
}

impl From<Found> for ScanResult {
    fn from(found: Found) -> Self {
        ScanResult {
            src: found.src,
            title: found.title,
            alt: found.alt,
        }
    }
}
