//! Scanning a web page for the pictures it shows (`scrapper`).

use crate::service::context::Services;
use crate::service::fetch_jobs::{For, fetch_job};
use crate::web::scan::{Found, scan_page};
use corkboard_domain::error::{AppError, AppResult};
use corkboard_i18n::msg;

const ACCEPT_PAGE: &str = "text/html,application/xhtml+xml,image/*;q=0.9,*/*;q=0.8";
/// The largest page read; pages are far smaller, a picture gallery's HTML included.
const PAGE_MAX_BYTES: u64 = 5_000_000;

/// The pictures of the page at `url`; an address that is a picture itself gives that picture.
pub async fn scan(services: &Services, who: For, url: String) -> AppResult<Vec<Found>> {
    fetch_job(
        &services.fetch_jobs,
        services.clone(),
        who,
        move |services, budget| {
            let fetched = services
                .web
                .get(budget, &url, ACCEPT_PAGE, PAGE_MAX_BYTES, None)?;
            if fetched.content_type.starts_with("image/") {
                return Ok(vec![Found {
                    src: fetched.url.to_string(),
                    title: None,
                    alt: None,
                }]);
            }
            let text = fetched.content_type.is_empty()
                || fetched.content_type.contains("html")
                || fetched.content_type.contains("xml");
            if !text {
                return Err(AppError::invalid(
                    "url",
                    msg!("error-address-no-page-no-picture"),
                ));
            }
            Ok(scan_page(
                &String::from_utf8_lossy(&fetched.bytes),
                &fetched.url,
            ))
        },
    )
    .await
}
