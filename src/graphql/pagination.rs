//! Relay connections over lists in display order, whole or read a page at a time:
//! `first`/`after`, with `totalCount`.

use async_graphql::{Context, Lookahead, OutputType, SimpleObject};

use super::connection::{Connection, Edge};

use corkboard_core::service::list_pages::ListPage;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_i18n::msg;

/// A page's size when `first` is not given, and the most it may be: the cost limit prices a
/// list at this many items at most.
pub(crate) const MAX_PAGE: usize = 50;

/// The extra field every connection of ours has.
#[derive(SimpleObject)]
pub struct Total {
    pub total_count: usize,
}

/// One page cut out of a whole list, with each item's cursor.
pub struct Page<T> {
    pub items: Vec<(String, T)>,
    pub total_count: usize,
    pub has_previous_page: bool,
    pub has_next_page: bool,
}

/// How many items a page holds: `first`, else 50, at most 50.
pub(crate) fn page_size(first: Option<i32>) -> AppResult<usize> {
    match first {
        None => Ok(MAX_PAGE),
        Some(n) => Ok(usize::try_from(n)
            .map_err(|_| AppError::invalid("first", msg!("error-first-negative")))?
            .min(MAX_PAGE)),
    }
}

/// How many items a plain list (not a connection) answers at most: `first`, else 50, between 1
/// and 50.
pub(crate) fn list_size(first: Option<i32>) -> usize {
    let wanted = first.map_or(MAX_PAGE, |n| usize::try_from(n).unwrap_or(1));
    wanted.clamp(1, MAX_PAGE)
}

/// How many items a connection field reads: `page_size(first)`, or none when only its
/// `totalCount` is asked for (`pins { totalCount }` on a boards page, `boards { totalCount }` on
/// a folders page).
pub(crate) fn items_to_read(ctx: &Context<'_>, first: Option<i32>) -> AppResult<usize> {
    items_in(&ctx.look_ahead(), first)
}

/// `items_to_read` of the connection field `connection` (a look-ahead).
pub(crate) fn items_in(connection: &Lookahead<'_>, first: Option<i32>) -> AppResult<usize> {
    if wants_items(connection) {
        page_size(first)
    } else {
        Ok(0)
    }
}

/// Whether the selection of a connection asks for more than its `totalCount`.
pub(crate) fn wants_items(connection: &Lookahead<'_>) -> bool {
    ["edges", "nodes", "pageInfo"]
        .iter()
        .any(|name| connection.field(name).exists())
}

/// The cost of a page for the query cost limit: its items times what each item asks for.
pub(crate) fn page_cost(first: Option<i32>, item_cost: usize) -> usize {
    let items = first.map_or(MAX_PAGE, |n| usize::try_from(n).unwrap_or(0).min(MAX_PAGE));
    1 + items.saturating_mul(item_cost)
}

/// The cost of a list of at most `most` items, each costing `item_cost`.
pub(crate) fn bounded_cost(most: usize, item_cost: usize) -> usize {
    1 + most.saturating_mul(item_cost)
}

/// The items after the one whose cursor is `after`, at most `first` of them.
pub fn slice<T>(
    items: Vec<T>,
    first: Option<i32>,
    after: Option<String>,
    cursor_of: impl Fn(&T) -> String,
) -> AppResult<Page<T>> {
    let first = page_size(first)?;
    let total_count = items.len();
    let start = match after {
        None => 0,
        Some(cursor) => items
            .iter()
            .position(|item| cursor_of(item) == cursor)
            .map_or(total_count, |i| i + 1),
    };
    let items = items
        .into_iter()
        .skip(start)
        .take(first)
        .map(|item| (cursor_of(&item), item))
        .collect();
    Ok(Page {
        items,
        total_count,
        has_previous_page: start > 0,
        has_next_page: start + first < total_count,
    })
}

/// One page of `items` as a connection of `node`s.
pub fn page<T, N: OutputType>(
    items: Vec<T>,
    first: Option<i32>,
    after: Option<String>,
    cursor_of: impl Fn(&T) -> String,
    node: impl Fn(T) -> N,
) -> AppResult<Connection<String, N, Total>> {
    let page = slice(items, first, after, cursor_of)?;
    Ok(connection(page, node))
}

/// A page as a connection of `node`s.
fn connection<T, N: OutputType>(
    page: Page<T>,
    node: impl Fn(T) -> N,
) -> Connection<String, N, Total> {
    let total = Total {
        total_count: page.total_count,
    };
    let mut connection =
        Connection::with_additional_fields(page.has_previous_page, page.has_next_page, total);
    connection.edges.extend(
        page.items
            .into_iter()
            .map(|(cursor, item)| Edge::new(cursor, node(item))),
    );
    connection
}

/// A page of a kept list (`after` given or not) as a connection of `node`s, each item's id its
/// cursor.
pub(crate) fn list_connection<T, N: OutputType>(
    found: ListPage<T>,
    after: bool,
    id_of: impl Fn(&T) -> u64,
    node: impl Fn(T) -> N,
) -> Connection<String, N, Total> {
    let items = found
        .items
        .into_iter()
        .map(|item| (id_of(&item).to_string(), item));
    let page = Page {
        items: items.collect(),
        total_count: found.total,
        has_previous_page: after,
        has_next_page: found.has_next,
    };
    connection(page, node)
}

/// The id in the cursor `after` of a list read a page at a time from an index (cursors are the
/// ids of the items).
pub(crate) fn id_after(after: Option<&str>) -> AppResult<Option<u64>> {
    let invalid = || AppError::invalid("after", msg!("error-cursor-invalid"));
    after
        .map(|cursor| cursor.parse().map_err(|_| invalid()))
        .transpose()
}
