//! What a query asks of the user, board or folder it names, read with it
//! (`service::loads::asked::Then`).
//!
//! A board's page asked for a user by name, then for its board by slug, then for the board's
//! pins: three rounds of loads, each a hop off the runtime with the request queued again behind
//! the others (a signed-in board page at 100k pins: p50 1.72 ms, where the home list, one
//! round, took 1.16–1.36 ms for as many instructions). The field naming a record now says what
//! its selection will ask of it, as its resolvers will ask it (the same arguments, parsed the
//! same way), and the fields below find it read.

use async_graphql::{Context, InputType, Lookahead, Name, SelectionField, Value};

use crate::graphql::context::ContextExt;
use crate::graphql::pagination::{id_after, items_in};
use crate::graphql::tiles;
use corkboard_core::service::loads::asked::{Next, Then, TilesPage};
use corkboard_core::service::pin_lists::parse_cursor;
use corkboard_domain::config::LoadPlanner;
use corkboard_domain::ids::{BoardId, FolderId};

/// The kinds of record a query names.
#[derive(Clone, Copy)]
pub enum Named {
    User,
    Board,
    Folder,
}

/// What the selection of the field of `ctx`, which names a record of `kind`, asks of it;
/// nothing when the services are asked plainly (`api.planner = "plain"`).
pub(crate) fn then_of(ctx: &Context<'_>, kind: Named) -> Then {
    if ctx.services().config.api.planner == LoadPlanner::Plain {
        return Then::new();
    }
    match ctx.look_ahead().selection_fields().as_slice() {
        [field] => asked_of(field, kind),
        _ => Then::new(),
    }
}

/// What the fields selected in `field` ask of the record of `kind` it names.
fn asked_of(field: &SelectionField<'_>, kind: Named) -> Then {
    field
        .selection_set()
        .filter_map(|asked| next(asked, kind))
        .collect()
}

/// What `field`, selected of a record of `kind`, reads of it; `None` for a field that reads
/// nothing by name or by page, and for arguments its resolver refuses (and reports).
fn next(field: SelectionField<'_>, kind: Named) -> Option<Next> {
    let arguments = field.arguments().ok()?;
    let first = || -> Option<usize> {
        let first: Option<i32> = argument(&arguments, "first")?;
        items_in(&Lookahead::from(field), first).ok()
    };
    let after = || -> Option<Option<String>> { argument(&arguments, "after") };
    Some(match (kind, field.name()) {
        (Named::User, "board") => Next::Board(
            argument(&arguments, "slug")?,
            asked_of(&field, Named::Board),
        ),
        (Named::User, "folder") => Next::Folder(
            argument(&arguments, "slug")?,
            asked_of(&field, Named::Folder),
        ),
        (Named::User | Named::Board, "pins") => Next::Pins {
            first: first()?,
            after: after()?.as_deref().map(parse_cursor).transpose().ok()?,
        },
        (Named::User | Named::Folder, "boards") => Next::Boards(TilesPage {
            secret: match kind {
                Named::User => argument(&arguments, "secret")?,
                _ => None,
            },
            first: first()?,
            after: id_after(after()?.as_deref()).ok()?.map(BoardId),
            tiles: tiles::board_fields(&Lookahead::from(field)).ok()?,
        }),
        (Named::User, "folders") => Next::Folders(TilesPage {
            secret: argument(&arguments, "secret")?,
            first: first()?,
            after: id_after(after()?.as_deref()).ok()?.map(FolderId),
            tiles: tiles::folder_fields(&Lookahead::from(field)).ok()?,
        }),
        _ => return None,
    })
}

/// The argument `name` of `arguments`, as its resolver parses it (an absent one as null).
fn argument<T: InputType>(arguments: &[(Name, Value)], name: &str) -> Option<T> {
    let value = arguments.iter().find(|(key, _)| key == name);
    T::parse(value.map(|(_, value)| value.clone())).ok()
}
