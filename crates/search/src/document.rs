//! The search document of a pin: its words, its boards' titles, its owner's names, where it was
//! found, its owner and its picture's colour (to narrow a search), and the keys of its audience
//! (who may see it, by the visibility policy). Words that not everyone may find (of a restricted
//! pin, or of a private board's title) are kept per reader, so that they find nothing for anyone
//! else.

use std::collections::BTreeSet;

use tantivy::TantivyDocument;

use super::{Fields, RESTRICTED, audience_term, private_word, words};
use corkboard_domain::board::BoardRecord;
use corkboard_domain::colour::Colour;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{PinId, UserId};
use corkboard_domain::policy::{Audience, AudienceKey, Visible};
use corkboard_store::memo::Memo;
use corkboard_store::{Source, board_pins, pins};

/// How many times the words of a pin's title, and of its tags, count: they rank higher.
pub(crate) const TITLE_WEIGHT: usize = 3;
pub(crate) const TAG_WEIGHT: usize = 2;

/// The document for `pin`, or `None` when the pin is gone; `memo` reads each board and owner
/// once for the documents of a batch.
pub fn build<T: Source>(
    memo: &mut Memo<T>,
    fields: &Fields,
    pin: PinId,
) -> AppResult<Option<TantivyDocument>> {
    let Some(record) = pins::get(memo.tx, pin)? else {
        return Ok(None);
    };
    let mut document = TantivyDocument::default();
    document.add_u64(fields.id, pin.0);
    document.add_u64(fields.owner, record.user.0);
    if let Some(colour) = Colour::nearest(&record.picture.dominant_color) {
        document.add_u64(fields.colour, colour.number());
    }
    let on_boards = memo.boards(&board_pins::boards_of(memo.tx, pin)?)?;
    let owner = memo.owner(record.user)?;
    let audience = Audience::of_pin(&owner, on_boards.iter().map(|b| &**b));
    for key in audience.keys() {
        document.add_u64(fields.audience, audience_term(key));
    }

    let mut texts: Vec<&str> = Vec::new();
    for board in &on_boards {
        document.add_u64(fields.board, board.id.0);
        if board.visible_to(None) {
            texts.push(&board.title);
        } else {
            add_private_words(&mut document, fields, board);
        }
    }
    if let Some(title) = &record.title {
        texts.extend([title.as_str(); TITLE_WEIGHT]);
    }
    texts.push(&record.caption);
    for tag in &record.tags {
        texts.extend([tag.as_str(); TAG_WEIGHT]);
        document.add_text(fields.tag, tag);
        document.add_text(fields.tag_name, tag);
    }
    texts.push(&owner.username);
    texts.extend(
        [&owner.profile.first_name, &owner.profile.last_name]
            .into_iter()
            .flatten()
            .map(String::as_str),
    );
    let domain = record.source_domain();
    texts.extend(domain.as_deref());

    if audience.keys().any(|key| key == AudienceKey::Public) {
        for text in texts {
            document.add_text(fields.words, text);
        }
    } else {
        document.add_u64(fields.audience, RESTRICTED);
        let readers = audience.keys().filter_map(|key| match key {
            AudienceKey::Public => None,
            AudienceKey::Reader(reader) => Some(reader),
        });
        let words: Vec<String> = texts.into_iter().flat_map(words).collect();
        add_reader_words(&mut document, fields, readers, &words);
    }
    Ok(Some(document))
}

/// A private board's title matches only for those who may see the board.
fn add_private_words(document: &mut TantivyDocument, fields: &Fields, board: &BoardRecord) {
    let readers: BTreeSet<UserId> = board.readers().collect();
    add_reader_words(document, fields, readers, &words(&board.title));
}

/// Each word once per reader, as `{reader}|{word}` (see `private_word`).
fn add_reader_words(
    document: &mut TantivyDocument,
    fields: &Fields,
    readers: impl IntoIterator<Item = UserId>,
    words: &[String],
) {
    for reader in readers {
        for word in words {
            document.add_text(fields.reader_words, private_word(reader, word));
        }
    }
}
