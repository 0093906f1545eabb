//! Reading a Netscape bookmark file (what browsers export, and what Pinterest exporters such as
//! Pinback write): each `<A HREF>` is a picture to pin from its page, `IMAGE=` the picture,
//! `TAGS=` its tags (comma separated), the nearest enclosing `<H3>` folder its board (or
//! "Imported bookmarks"), `PRIVATE=1` on the folder or a link a private board, and the `<DD>`
//! after a link its caption.

use std::cell::RefCell;
use std::collections::HashSet;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{
    BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};

use crate::web::fetch::web_address;
use corkboard_domain::import_job::ImportItem;
use corkboard_i18n::{Message, msg};

/// The board of links outside every folder.
pub(crate) const DEFAULT_BOARD: &str = "Imported bookmarks";
/// Folders nested deeper than this are no browser's export.
const MAX_DEPTH: usize = 100;
/// Tags in a file at most: a browser's export of 20,000 bookmarks has about 80,000.
const MAX_TAGS: usize = 1_000_000;

/// The pictures a bookmark file describes, in file order; links that are not web addresses are
/// left out. The file is read tag by tag, in time linear in its size (a document tree of a
/// hostile file would take time quadratic in its depth); a file nesting folders deeper than
/// any browser does, or with more tags than an import can hold, is refused with the reason.
pub(crate) fn read_bookmarks(html: &str) -> Result<Vec<ImportItem>, Message> {
    let reader = Tokenizer::new(Reader::default(), TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    let _ = reader.feed(&input);
    reader.end();
    let state = reader.sink.state.into_inner();
    if let Some(refused) = state.refused {
        return Err(refused);
    }
    let mut items = state.items;
    // A board is private when any of its links says so.
    let private_boards: HashSet<String> = items
        .iter()
        .filter(|item| item.private_board)
        .map(|item| item.board.clone())
        .collect();
    for item in &mut items {
        item.private_board = private_boards.contains(&item.board);
    }
    Ok(items)
}

/// A folder: the `<H3>` heading before a `<DL>`, its name and whether it says `PRIVATE="1"`.
#[derive(Clone, Default)]
struct Folder {
    name: Option<String>,
    private: bool,
}

/// What the text read goes to.
#[derive(Default)]
enum Text {
    #[default]
    None,
    Heading,
    Link,
    Caption,
}

#[derive(Default)]
struct Reader {
    state: RefCell<State>,
}

#[derive(Default)]
struct State {
    items: Vec<ImportItem>,
    /// The folders the next link is in, innermost last (one per open `<DL>`).
    folders: Vec<Folder>,
    /// The heading read last, waiting for its `<DL>`.
    heading: Option<Folder>,
    /// The link being read: its item, its own `PRIVATE` flag.
    link: Option<(ImportItem, bool)>,
    /// The last link may still take the `<DD>` after it as its caption.
    captionable: bool,
    text: Text,
    buffer: String,
    tags: usize,
    refused: Option<Message>,
}

impl TokenSink for Reader {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        let mut state = self.state.borrow_mut();
        if state.refused.is_some() {
            return TokenSinkResult::Continue;
        }
        match token {
            Token::TagToken(tag) => return state.tag(tag),
            Token::CharacterTokens(text) if !matches!(state.text, Text::None) => {
                state.buffer.push_str(&text);
            }
            Token::EOFToken => state.end_text(),
            _ => {}
        }
        TokenSinkResult::Continue
    }
}

impl State {
    fn tag(&mut self, tag: Tag) -> TokenSinkResult<()> {
        self.tags += 1;
        if self.tags > MAX_TAGS {
            self.refused = Some(msg!("error-bookmarks-too-many-tags", max = MAX_TAGS));
            return TokenSinkResult::Continue;
        }
        let name: &str = &tag.name;
        let start = tag.kind == TagKind::StartTag;
        match (name, start) {
            ("a", true) => {
                self.end_text();
                self.heading = None;
                self.start_link(&tag);
            }
            ("a", false) => self.end_text(),
            ("h3", true) => {
                self.end_text();
                self.captionable = false;
                self.heading = Some(Folder {
                    name: None,
                    private: attr(&tag, "private").as_deref() == Some("1"),
                });
                self.text = Text::Heading;
            }
            ("h3", false) => self.end_text(),
            ("dd", true) => {
                self.end_text();
                if self.captionable {
                    self.text = Text::Caption;
                }
            }
            ("dt", true) => {
                self.end_text();
                self.captionable = false;
                self.heading = None;
            }
            ("dl", true) => {
                self.end_text();
                self.captionable = false;
                if self.folders.len() >= MAX_DEPTH {
                    self.refused = Some(msg!("error-bookmarks-too-deep", max = MAX_DEPTH));
                    return TokenSinkResult::Continue;
                }
                let folder = self.heading.take().unwrap_or_else(|| {
                    // A list without a heading is in the folder around it.
                    self.folders.last().cloned().unwrap_or_default()
                });
                self.folders.push(folder);
            }
            ("dl", false) => {
                self.end_text();
                self.captionable = false;
                self.folders.pop();
            }
            ("script", true) => return TokenSinkResult::RawData(RawKind::ScriptData),
            ("style", true) => return TokenSinkResult::RawData(RawKind::Rawtext),
            ("title" | "textarea", true) => return TokenSinkResult::RawData(RawKind::Rcdata),
            _ => {}
        }
        TokenSinkResult::Continue
    }

    fn start_link(&mut self, tag: &Tag) {
        let Some(page) = attr(tag, "href").and_then(|href| checked(&href)) else {
            return;
        };
        let folder = self.folders.last().cloned().unwrap_or_default();
        let item = ImportItem {
            board: folder.name.unwrap_or_else(|| DEFAULT_BOARD.to_owned()),
            private_board: folder.private,
            picture: attr(tag, "image").and_then(|image| checked(&image)),
            file: None,
            caption: None,
            title: None,
            tags: attr(tag, "tags")
                .map(|tags| {
                    tags.split(',')
                        .map(|tag| tag.trim().to_owned())
                        .filter(|tag| !tag.is_empty())
                        .collect()
                })
                .unwrap_or_default(),
            page: Some(page),
        };
        let private = attr(tag, "private").as_deref() == Some("1");
        self.link = Some((item, private));
        self.text = Text::Link;
    }

    /// Gives the text read so far to what it belongs to.
    fn end_text(&mut self) {
        let text = std::mem::take(&mut self.buffer);
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let text = (!text.is_empty()).then_some(text);
        match std::mem::take(&mut self.text) {
            Text::None => {}
            Text::Heading => {
                if let Some(heading) = &mut self.heading {
                    heading.name = text;
                }
            }
            Text::Link => {
                if let Some((mut item, private)) = self.link.take() {
                    item.private_board |= private;
                    item.caption = text.clone();
                    item.title = text;
                    self.items.push(item);
                    self.captionable = true;
                }
            }
            Text::Caption => {
                if let (Some(item), Some(text)) = (self.items.last_mut(), text) {
                    item.caption = Some(text);
                }
                self.captionable = false;
            }
        }
    }
}

fn attr(tag: &Tag, name: &str) -> Option<String> {
    tag.attrs
        .iter()
        .find(|attr| &*attr.name.local == name)
        .map(|attr| attr.value.to_string())
}

/// A web address as `addPin` takes one for a pin's source.
fn checked(value: &str) -> Option<String> {
    web_address(value).ok().map(|url| url.to_string())
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
        let items = read_bookmarks(FILE).unwrap();
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
