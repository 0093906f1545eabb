//! Each user's pin counts, public pins and the bytes of their originals, kept with every pin
//! written, removed, or made public or private, so that a user's page is read a slice at a time
//! and the admin's list of accounts answers, whatever the size of their library.

use redb::ReadableTable;

use super::tables::{PUBLIC_PINS_BY_USER, USER_PIN_BYTES, USER_PIN_COUNTS};
use super::writing::Writing;
use super::{Source, add_to_count};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{PinId, UserId};

/// How many pins a user has, and how many of them are public.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PinCounts {
    pub all: usize,
    pub public: usize,
}

pub fn counts(tx: &impl Source, user: UserId) -> AppResult<PinCounts> {
    let counts = tx.table(USER_PIN_COUNTS)?.get(user.0)?.map(|c| c.value());
    let (all, public) = counts.unwrap_or_default();
    Ok(PinCounts {
        all: all as usize,
        public: public as usize,
    })
}

/// The bytes of the originals of a user's pins, each pin counted.
pub fn bytes(tx: &impl Source, user: UserId) -> AppResult<u64> {
    Ok(tx
        .table(USER_PIN_BYTES)?
        .get(user.0)?
        .map_or(0, |b| b.value()))
}

/// Counts a pin written (`added`) or removed, with the bytes of its original.
pub(crate) fn pin_changed(write: &Writing, user: UserId, added: bool, bytes: u64) -> AppResult<()> {
    let (pins, bytes) = if added {
        (1, bytes as i64)
    } else {
        (-1, -(bytes as i64))
    };
    add_to_count(&mut write.open_table(USER_PIN_BYTES)?, user.0, bytes)?;
    count_change(write, user, pins, 0)
}

/// Notes that a pin of `user` became public, or stopped being public.
pub(crate) fn public_changed(
    write: &Writing,
    user: UserId,
    pin: PinId,
    public: bool,
) -> AppResult<()> {
    let mut table = write.open_table(PUBLIC_PINS_BY_USER)?;
    if public {
        table.insert((user.0, pin.0), ())?;
    } else {
        table.remove((user.0, pin.0))?;
    }
    count_change(write, user, 0, if public { 1 } else { -1 })
}

fn count_change(write: &Writing, user: UserId, all: i64, public: i64) -> AppResult<()> {
    let mut table = write.open_table(USER_PIN_COUNTS)?;
    let (before_all, before_public) = table.get(user.0)?.map_or((0, 0), |c| c.value());
    let after = (
        before_all.saturating_add_signed(all),
        before_public.saturating_add_signed(public),
    );
    if after == (0, 0) {
        table.remove(user.0)?;
    } else {
        table.insert(user.0, after)?;
    }
    Ok(())
}
