//! `/media/`: pictures from the data folder. Files are named by content, so they never change.

use poem::endpoint::StaticFilesEndpoint;
use poem::http::header;
use poem::middleware::SetHeader;
use poem::{Endpoint, EndpointExt, Route};

use crate::config::Config;

const FOREVER: &str = "public, max-age=31536000, immutable";

pub fn media_files(config: &Config) -> impl Endpoint + use<> {
    Route::new()
        .nest("/avatars", StaticFilesEndpoint::new(config.avatars_dir()))
        .nest("/previews", StaticFilesEndpoint::new(config.previews_dir()))
        .nest(
            "/originals",
            StaticFilesEndpoint::new(config.originals_dir()),
        )
        .with(SetHeader::new().overriding(header::CACHE_CONTROL, FOREVER))
}
