//! Each user's pin counts and public pins, kept with every pin written, removed, or made public or
//! private, so that a user's page is read a slice at a time, whatever the size of their library.

use redb::{ReadableTable, WriteTransaction};

use super::Source;
use super::tables::{PUBLIC_PINS_BY_USER, USER_PIN_COUNTS};
use crate::domain::ids::{PinId, UserId};
use crate::error::AppResult;

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

/// Counts pins written (a positive change) or removed (a negative one).
pub fn pins_changed(write: &WriteTransaction, user: UserId, change: i64) -> AppResult<()> {
    count_change(write, user, change, 0)
}

/// Notes that a pin of `user` became public, or stopped being public.
pub fn public_changed(
    write: &WriteTransaction,
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

fn count_change(write: &WriteTransaction, user: UserId, all: i64, public: i64) -> AppResult<()> {
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
