//! Relay connections over lists already in display order: `first`/`after`, with `totalCount`.

use async_graphql::connection::{Connection, Edge};
use async_graphql::{OutputType, SimpleObject};

use crate::error::{AppError, AppResult};

pub const DEFAULT_PAGE: usize = 50;
const MAX_PAGE: usize = 20_000;

/// The extra field every connection of ours has.
#[derive(SimpleObject)]
pub struct Total {
    pub total_count: usize,
}

/// One page of `items`, starting after the item whose cursor is `after`.
pub fn page<T, N: OutputType>(
    items: Vec<T>,
    first: Option<i32>,
    after: Option<String>,
    cursor_of: impl Fn(&T) -> String,
    node: impl Fn(T) -> N,
) -> AppResult<Connection<String, N, Total>> {
    let first = match first {
        None => DEFAULT_PAGE,
        Some(n) if n >= 0 => (n as usize).min(MAX_PAGE),
        Some(_) => return Err(AppError::invalid("first", "first cannot be negative.")),
    };
    let total_count = items.len();
    let start = match after {
        None => 0,
        Some(cursor) => items
            .iter()
            .position(|item| cursor_of(item) == cursor)
            .map_or(total_count, |i| i + 1),
    };
    let has_next_page = start + first < total_count;
    let mut connection =
        Connection::with_additional_fields(start > 0, has_next_page, Total { total_count });
    connection.edges.extend(
        items
            .into_iter()
            .skip(start)
            .take(first)
            .map(|item| Edge::new(cursor_of(&item), node(item))),
    );
    Ok(connection)
}
