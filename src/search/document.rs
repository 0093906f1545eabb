//! The search document of a pin: its words, its boards' titles, its owner's names, where it was
//! found, and the keys of its audience (who may see it, by the visibility policy). A private
//! board's title is kept apart, per reader, so that it finds nothing for anyone else.

use tantivy::TantivyDocument;
use tantivy::schema::Field;

use std::collections::BTreeSet;

use super::{Fields, RESTRICTED, audience_term, private_word, words};
use crate::domain::board::BoardRecord;
use crate::domain::ids::{PinId, UserId};
use crate::domain::policy::{Audience, AudienceKey, Visible};
use crate::error::AppResult;
use crate::store::{Source, board_pins, boards, pins, users};

/// The document for `pin`, or `None` when the pin is gone.
pub fn build(tx: &impl Source, fields: &Fields, pin: PinId) -> AppResult<Option<TantivyDocument>> {
    let Some(record) = pins::get(tx, pin)? else {
        return Ok(None);
    };
    let mut document = TantivyDocument::default();
    document.add_u64(fields.id, pin.0);
    let mut on_boards = Vec::new();
    for board in board_pins::boards_of(tx, pin)? {
        on_boards.extend(boards::get(tx, board)?);
    }
    let owner = users::load(tx, record.user)?;
    let audience = Audience::of_pin(&owner, &on_boards);
    for key in audience.keys() {
        document.add_u64(fields.audience, audience_term(key));
    }
    if !audience.keys().any(|key| key == AudienceKey::Public) {
        document.add_u64(fields.audience, RESTRICTED);
    }
    for board in &on_boards {
        if board.visible_to(None) {
            document.add_text(fields.all, &board.title);
        } else {
            add_private_words(&mut document, fields, board);
        }
    }
    if let Some(title) = &record.title {
        add_words(&mut document, fields, fields.title, title);
    }
    document.add_text(fields.all, &record.caption);
    for tag in &record.tags {
        add_words(&mut document, fields, fields.tags_text, tag);
        document.add_text(fields.tag, tag);
        document.add_text(fields.tag_name, tag);
    }
    document.add_text(fields.all, &owner.username);
    for name in [&owner.profile.first_name, &owner.profile.last_name]
        .into_iter()
        .flatten()
    {
        document.add_text(fields.all, name);
    }
    if let Some(domain) = record.source_domain() {
        document.add_text(fields.all, &domain);
    }
    Ok(Some(document))
}

/// A private board's title matches only for those who may see the board: each word is kept
/// once per reader, as `{reader}|{word}` (see `SearchIndex::private_word`).
fn add_private_words(document: &mut TantivyDocument, fields: &Fields, board: &BoardRecord) {
    let readers: BTreeSet<UserId> = board.readers().collect();
    for word in words(&board.title) {
        for reader in &readers {
            document.add_text(fields.private_board_words, private_word(*reader, &word));
        }
    }
}

/// Adds words that rank higher to their own field, and to the field of all words.
fn add_words(document: &mut TantivyDocument, fields: &Fields, field: Field, text: &str) {
    document.add_text(field, text);
    document.add_text(fields.all, text);
}
