//! `/media/`: pictures from the data folder, as `media::urls` lays them out. Lasting files are
//! named by content, so they never change.

use poem::endpoint::StaticFilesEndpoint;
use poem::http::header;
use poem::middleware::SetHeader;
use poem::{Endpoint, EndpointExt, Route};

use crate::config::Config;
use crate::media::urls::served;

const FOREVER: &str = "public, max-age=31536000, immutable";
/// Temporary pins live a day at most, and only their uploader knows their random names.
const A_DAY: &str = "private, max-age=86400";

/// The routes of every folder under `/media`, to nest there.
pub fn media_files(config: &Config) -> impl Endpoint + use<> {
    served(config)
        .into_iter()
        .fold(Route::new(), |route, folder| {
            let cache = if folder.lasting { FOREVER } else { A_DAY };
            let files = StaticFilesEndpoint::new(folder.folder)
                .with(SetHeader::new().overriding(header::CACHE_CONTROL, cache));
            route.nest(folder.path, files)
        })
}
