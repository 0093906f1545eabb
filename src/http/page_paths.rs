//! Which page of the UI an address names, as ui/src/routes.tsx routes it: a pin (from whichever
//! list it was opened), a board (in its folder or not), a folder, a user's pages, a tag's search.

use corkboard_core::service::visitor_pages::Page;
use corkboard_domain::ids::PinId;
use corkboard_domain::user::validate_username;

/// The page at `path` (with `query`, the search page's); `None` for the app's other pages.
pub(crate) fn page_at(path: &str, query: &str) -> Option<Page> {
    let segments: Vec<&str> = path.split('/').filter(|part| !part.is_empty()).collect();
    if let ["shared", token, rest @ ..] = segments.as_slice() {
        return shared_page(token, rest);
    }
    let detail = match segments.as_slice() {
        [rest @ .., "lightbox"] => rest,
        all => all,
    };
    if let [.., "pins", id] = detail {
        return id.parse().ok().map(|id| Page::Pin(PinId(id)));
    }
    let owned = |username: &str, slug: &str| (username.to_owned(), slug.to_owned());
    match segments.as_slice() {
        ["search"] => url::form_urlencoded::parse(query.as_bytes())
            .find(|(key, _)| key == "tag")
            .map(|(_, tag)| Page::Tag(tag.into_owned())),
        // The app's own pages ('login', 'profile'...) are names no user may take.
        [username, ..] if validate_username(username).is_err() => None,
        [username] | [username, "pins" | "boards" | "folders"] => {
            Some(Page::User((*username).to_owned()))
        }
        [username, "boards", slug] | [username, "folders", _, "boards", slug] => {
            let (username, slug) = owned(username, slug);
            Some(Page::Board { username, slug })
        }
        [username, "folders", slug] => {
            let (username, slug) = owned(username, slug);
            Some(Page::Folder { username, slug })
        }
        _ => None,
    }
}

/// A share link's board (`/shared/{token}/`), or its pin (`.../pins/{id}/`, with its lightbox).
fn shared_page(token: &str, rest: &[&str]) -> Option<Page> {
    let pin = match rest {
        [] => None,
        ["pins", id] | ["pins", id, "lightbox"] => Some(PinId(id.parse().ok()?)),
        _ => return None,
    };
    let token = (*token).to_owned();
    Some(Page::Shared { token, pin })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(username: &str, slug: &str) -> Option<Page> {
        let (username, slug) = (username.to_owned(), slug.to_owned());
        Some(Page::Board { username, slug })
    }

    #[test]
    fn addresses_name_the_pages_the_ui_routes() {
        let pin = Some(Page::Pin(PinId(7)));
        assert_eq!(page_at("/pins/7/", ""), pin);
        assert_eq!(page_at("/ann/boards/sea/pins/7/lightbox/", ""), pin);
        assert_eq!(page_at("/search/pins/7/", "query=x"), pin);
        assert_eq!(page_at("/pins/x/", ""), None);
        assert_eq!(page_at("/ann/", ""), Some(Page::User("ann".into())));
        assert_eq!(page_at("/ann/boards/", ""), Some(Page::User("ann".into())));
        assert_eq!(page_at("/ann/boards/sea/", ""), board("ann", "sea"));
        assert_eq!(
            page_at("/ann/folders/trips/boards/sea/", ""),
            board("ann", "sea")
        );
        let folder = Page::Folder {
            username: "ann".into(),
            slug: "trips".into(),
        };
        assert_eq!(page_at("/ann/folders/trips/", ""), Some(folder));
        assert_eq!(
            page_at("/search/", "tag=red+sky"),
            Some(Page::Tag("red sky".into()))
        );
        assert_eq!(page_at("/search/", "query=sky"), None);
        assert_eq!(page_at("/login/", ""), None);
        assert_eq!(page_at("/", ""), None);
    }

    #[test]
    fn a_share_links_pages_are_its_board_and_its_pins() {
        let shared = |pin| {
            let token = "abc".to_owned();
            Some(Page::Shared { token, pin })
        };
        assert_eq!(page_at("/shared/abc/", ""), shared(None));
        assert_eq!(page_at("/shared/abc/pins/7/", ""), shared(Some(PinId(7))));
        assert_eq!(
            page_at("/shared/abc/pins/7/lightbox/", ""),
            shared(Some(PinId(7)))
        );
        assert_eq!(page_at("/shared/abc/boards/", ""), None);
    }
}
