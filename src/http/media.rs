//! `/media/`: pictures from the data folder. Files are named by content, so they never change.

use poem::endpoint::StaticFilesEndpoint;
use poem::http::header;
use poem::middleware::SetHeader;
use poem::{Endpoint, EndpointExt, Route};

use crate::config::Config;

const FOREVER: &str = "public, max-age=31536000, immutable";
/// Temporary pins live a day at most, and only their uploader knows their random names.
const A_DAY: &str = "private, max-age=86400";

pub fn media_files(config: &Config) -> impl Endpoint + use<> {
    let temporary = StaticFilesEndpoint::new(config.tmp_dir())
        .with(SetHeader::new().overriding(header::CACHE_CONTROL, A_DAY));
    let lasting = Route::new()
        .nest("/avatars", StaticFilesEndpoint::new(config.avatars_dir()))
        .nest("/previews", StaticFilesEndpoint::new(config.previews_dir()))
        .nest(
            "/originals",
            StaticFilesEndpoint::new(config.originals_dir()),
        )
        .with(SetHeader::new().overriding(header::CACHE_CONTROL, FOREVER));
    Route::new().nest("/tmp", temporary).nest("/", lasting)
}
