//! What pins and people are called where the UI is not there to say it: in page titles, link
//! previews and feeds, in the request's language.

use corkboard_core::service::visitor_pages::Shown;
use corkboard_domain::pin::PinRecord;
use corkboard_domain::user::UserRecord;
use corkboard_i18n::msg;

/// The site's name, which ends every title.
pub(crate) const SITE_NAME: &str = "Corkboard";

/// How much of a caption names an untitled pin.
const CAPTION_START: usize = 60;

/// The title of the page `shown` is, as a browser tab, a link preview and its feed show it.
pub(crate) fn page_title(shown: &Shown) -> String {
    let name = match shown {
        Shown::User(user) => display_name(user),
        Shown::Folder { folder, owner, .. } => by_owner(&folder.name, owner),
        Shown::Board { board, owner, .. } => by_owner(&board.title, owner),
        Shown::Pin { pin, owner } => format!("{} · {}", pin_title(pin, owner), owner.username),
        Shown::Tag(tag) => format!("#{tag}"),
    };
    msg!("title-page", name = name, site = SITE_NAME).text()
}

/// A board's or a folder's name and whose it is.
fn by_owner(name: &str, owner: &UserRecord) -> String {
    msg!("title-by-owner", name = name, owner = &owner.username).text()
}

/// 'first name last name', else the username (as the UI's `displayName`).
pub(crate) fn display_name(user: &UserRecord) -> String {
    let profile = &user.profile;
    let parts = [&profile.first_name, &profile.last_name];
    let name = parts
        .into_iter()
        .filter_map(|part| part.as_deref().map(str::trim))
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    if name.is_empty() {
        user.username.clone()
    } else {
        name
    }
}

/// The pin's title; untitled, its caption's start, else 'Pin by {username}'.
pub(crate) fn pin_title(pin: &PinRecord, owner: &UserRecord) -> String {
    if let Some(title) = &pin.title {
        return title.clone();
    }
    let caption = pin.caption.trim();
    if caption.is_empty() {
        return msg!("title-pin-by", username = &owner.username).text();
    }
    if caption.chars().count() <= CAPTION_START {
        return caption.to_owned();
    }
    let start: String = caption.chars().take(CAPTION_START).collect();
    let cut = start.rfind(char::is_whitespace).unwrap_or(start.len());
    format!("{}…", start[..cut].trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;
    use corkboard_domain::ids::UserId;
    use corkboard_domain::pin::{Picture, PinText};

    fn pin(title: Option<&str>, caption: &str) -> PinRecord {
        let text = PinText::checked(title.map(str::to_owned), "x", None, None, None).unwrap();
        let mut pin = PinRecord::new(UserId(1), Picture::default(), None, text);
        pin.caption = caption.to_owned();
        pin
    }

    #[test]
    fn an_untitled_pin_is_named_by_its_caption_start_or_its_owner() {
        let owner = UserRecord::new("ann".into(), "ann@example.org".into(), String::new());
        assert_eq!(pin_title(&pin(Some("Sea"), "waves"), &owner), "Sea");
        assert_eq!(pin_title(&pin(None, " waves "), &owner), "waves");
        assert_eq!(pin_title(&pin(None, ""), &owner), "Pin by ann");
        let long = "word ".repeat(30);
        let title = pin_title(&pin(None, &long), &owner);
        assert!(
            title.ends_with("word…") && title.chars().count() <= 61,
            "{title}"
        );
    }
}
