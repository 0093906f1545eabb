//! A page of a list kept in an index (a user's boards, a folder's boards, a user's folders): its
//! records, how many the list holds for the viewer, and whether more follow.

use corkboard_domain::error::AppResult;

#[derive(Debug, Clone)]
pub struct ListPage<T> {
    pub items: Vec<T>,
    pub total: usize,
    pub has_next: bool,
}

impl<T> Default for ListPage<T> {
    fn default() -> Self {
        ListPage {
            items: Vec::new(),
            total: 0,
            has_next: false,
        }
    }
}

impl<T> ListPage<T> {
    /// The first `first` of `ids`, read with `get` (a record gone is left out): `ids` holds up
    /// to one more, which only tells that more follow.
    pub fn read<I>(
        mut ids: Vec<I>,
        first: usize,
        total: usize,
        mut get: impl FnMut(I) -> AppResult<Option<T>>,
    ) -> AppResult<Self> {
        let has_next = ids.len() > first;
        ids.truncate(first);
        let mut items = Vec::with_capacity(ids.len());
        for id in ids {
            items.extend(get(id)?);
        }
        Ok(ListPage {
            items,
            total,
            has_next,
        })
    }
}
