//! A request's cookies, read by name.

use poem::Request;
use poem::http::header;

/// The value of the cookie `name` the request sends, trimmed; the first when it sends several.
pub(crate) fn cookie<'a>(req: &'a Request, name: &str) -> Option<&'a str> {
    req.headers()
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(named, _)| *named == name)
        .map(|(_, value)| value.trim())
}
