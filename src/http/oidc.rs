//! `GET /api/auth/oidc/start` and `/api/auth/oidc/callback`: a browser's round trip through the
//! identity provider (see `service::oidc`), answered with redirects: to the provider, then to
//! where the person was going, or back to the sign-in or profile page with `?failure=CODE`.

use poem::http::{StatusCode, header};
use poem::web::{Data, Query};
use poem::{Request, Response, handler};
use serde::Deserialize;

use crate::http::cookies::cookie;
use crate::http::session::viewer_of;
use corkboard_core::service::context::Services;
use corkboard_core::service::oidc::{
    self, Asked, Callback, ROUND_TRIP_COOKIE, Refusal, clear_round_trip_cookie, round_trip_cookie,
};
use corkboard_core::service::sessions::session_cookie;

#[derive(Deserialize)]
pub(crate) struct StartQuery {
    /// `sign-in` (the default) or `link`.
    intent: Option<String>,
    invite: Option<String>,
    next: Option<String>,
}

#[derive(Deserialize)]
pub(crate) struct CallbackQuery {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
}

#[handler]
pub(crate) async fn start(
    req: &Request,
    services: Data<&Services>,
    Query(query): Query<StartQuery>,
) -> Response {
    let viewer = viewer_of(req, &services).await;
    let asked = Asked {
        link: query.intent.as_deref() == Some("link"),
        invite: query.invite,
        next: query.next,
    };
    let answer = match oidc::start(&services, &viewer, asked).await {
        Ok(started) => redirect(&started.provider_url).header(
            header::SET_COOKIE,
            round_trip_cookie(&started.browser_secret, &services.config, &viewer),
        ),
        Err(refusal) => refused(&refusal),
    };
    answer.finish()
}

#[handler]
pub(crate) async fn callback(
    req: &Request,
    services: Data<&Services>,
    Query(query): Query<CallbackQuery>,
) -> Response {
    let viewer = viewer_of(req, &services).await;
    let came_back = Callback {
        code: query.code,
        state: query.state,
        error: query.error,
        browser_secret: cookie(req, ROUND_TRIP_COOKIE).map(str::to_owned),
    };
    let answer = match oidc::finish(&services, &viewer, came_back).await {
        Ok(finished) => {
            let answer = redirect(&finished.next);
            match finished.signed_in {
                Some(signed_in) => answer.header(
                    header::SET_COOKIE,
                    session_cookie(&signed_in.session_token, &services.config, &viewer),
                ),
                None => answer,
            }
        }
        Err(refusal) => refused(&refusal),
    };
    answer
        .header(
            header::SET_COOKIE,
            clear_round_trip_cookie(&services.config, &viewer),
        )
        .finish()
}

/// Back to the page the round trip started from, saying why it failed.
fn refused(refusal: &Refusal) -> poem::ResponseBuilder {
    let page = match refusal.linking {
        true => "/profile/",
        false => "/login/",
    };
    redirect(&format!("{page}?failure={}", refusal.failure.code()))
}

/// A `303 See Other` to `location`, kept by no cache.
fn redirect(location: &str) -> poem::ResponseBuilder {
    Response::builder()
        .status(StatusCode::SEE_OTHER)
        .header(header::LOCATION, location)
        .header(header::CACHE_CONTROL, "no-store")
}
