//! Reading a Netscape bookmark file (what browsers export, and what Pinterest exporters such as
//! Pinback write): each `<A HREF>` is a picture to pin from its page, `IMAGE=` the picture,
//! `TAGS=` its tags (comma separated), the nearest enclosing `<H3>` folder its board (or
//! "Imported bookmarks"), `PRIVATE=1` on the folder or a link a private board, and the `<DD>`
//! after a link its caption.

use std::collections::HashSet;

use scraper::{ElementRef, Html, Selector};

use crate::domain::import_job::ImportItem;

/// The board of links outside every folder.
pub const DEFAULT_BOARD: &str = "Imported bookmarks";

/// The pictures a bookmark file describes, in file order; links that are not web addresses are
/// left out.
pub fn read_bookmarks(html: &str) -> Vec<ImportItem> {
    let document = Html::parse_document(html);
    let links = Selector::parse("a[href]").expect("a valid selector");
    let mut items: Vec<ImportItem> = document
        .select(&links)
        .filter_map(|link| {
            let page = web_address(link.attr("href")?)?;
            let folder = folder_of(link);
            let title = text_of(link);
            Some(ImportItem {
                board: folder
                    .and_then(text_of)
                    .unwrap_or_else(|| DEFAULT_BOARD.to_owned()),
                private_board: private(Some(link)) || private(folder),
                picture: attr(link, "image").and_then(|image| web_address(&image)),
                file: None,
                caption: caption_of(link).or_else(|| title.clone()),
                title,
                tags: attr(link, "tags")
                    .map(|tags| {
                        tags.split(',')
                            .map(|tag| tag.trim().to_owned())
                            .filter(|tag| !tag.is_empty())
                            .collect()
                    })
                    .unwrap_or_default(),
                page: Some(page),
            })
        })
        .collect();
    // A board is private when any of its links says so.
    let private_boards: HashSet<String> = items
        .iter()
        .filter(|item| item.private_board)
        .map(|item| item.board.clone())
        .collect();
    for item in &mut items {
        item.private_board = private_boards.contains(&item.board);
    }
    items
}

/// The `<H3>` heading the link is filed under: the heading beside its nearest enclosing `<DL>`.
fn folder_of(link: ElementRef<'_>) -> Option<ElementRef<'_>> {
    link.ancestors()
        .filter_map(ElementRef::wrap)
        .filter(|element| element.value().name() == "dl")
        .find_map(|list| {
            list.prev_siblings()
                .filter_map(ElementRef::wrap)
                .find(|sibling| sibling.value().name() == "h3")
        })
}

/// The `<DD>` description right after the link's `<DT>`, if any.
fn caption_of(link: ElementRef<'_>) -> Option<String> {
    let entry = link
        .ancestors()
        .filter_map(ElementRef::wrap)
        .find(|element| element.value().name() == "dt")?;
    entry
        .next_siblings()
        .filter_map(ElementRef::wrap)
        .next()
        .filter(|next| next.value().name() == "dd")
        .and_then(text_of)
        .or_else(|| {
            // The parser may nest the <DD> inside the <DT> it follows.
            entry
                .children()
                .filter_map(ElementRef::wrap)
                .find(|child| child.value().name() == "dd")
                .and_then(text_of)
        })
}

fn private(element: Option<ElementRef<'_>>) -> bool {
    element
        .and_then(|element| attr(element, "private"))
        .as_deref()
        == Some("1")
}

fn attr(element: ElementRef<'_>, name: &str) -> Option<String> {
    element.value().attr(name).map(str::to_owned)
}

/// The element's own text (not that of nested lists), trimmed; `None` when empty.
fn text_of(element: ElementRef<'_>) -> Option<String> {
    let text: String = element
        .children()
        .filter_map(|child| child.value().as_text().map(|text| text.to_string()))
        .collect::<Vec<_>>()
        .join(" ");
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    (!text.is_empty()).then_some(text)
}

fn web_address(value: &str) -> Option<String> {
    let url = url::Url::parse(value.trim()).ok()?;
    matches!(url.scheme(), "http" | "https").then(|| url.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = r#"<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3 ADD_DATE="1700000000">Gardens</H3>
    <DL><p>
        <DT><A HREF="https://example.com/roses" IMAGE="https://img.example.com/roses.jpg" TAGS="flowers,red">Roses</A>
        <DD>Climbing roses on a wall
        <DT><H3 PRIVATE="1">Secret garden</H3>
        <DL><p>
            <DT><A HREF="https://example.com/door" IMAGE="https://img.example.com/door.jpg">A door</A>
        </DL><p>
    </DL><p>
    <DT><A HREF="https://example.org/page">Loose link</A>
    <DT><A HREF="javascript:alert(1)">Not a page</A>
</DL><p>"#;

    #[test]
    fn folders_become_boards_and_links_pictures() {
        let items = read_bookmarks(FILE);
        assert_eq!(items.len(), 3, "{items:?}");
        assert_eq!(
            items[0],
            ImportItem {
                board: "Gardens".into(),
                private_board: false,
                page: Some("https://example.com/roses".into()),
                picture: Some("https://img.example.com/roses.jpg".into()),
                file: None,
                title: Some("Roses".into()),
                caption: Some("Climbing roses on a wall".into()),
                tags: vec!["flowers".into(), "red".into()],
            }
        );
        assert_eq!(items[1].board, "Secret garden");
        assert!(items[1].private_board);
        assert_eq!(items[1].caption.as_deref(), Some("A door"));
        assert_eq!(items[2].board, DEFAULT_BOARD);
        assert_eq!(items[2].picture, None);
    }
}
