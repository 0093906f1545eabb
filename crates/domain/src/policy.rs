//! The visibility policy, the one place that decides who may see a user's private fields, a
//! folder, a board and a pin. Lists, counts, covers, neighbours, clones, search documents and
//! search clauses all derive from these rules.

use std::collections::BTreeSet;

use corkboard_i18n::{Message, msg};

use crate::board::{BoardRecord, FolderRecord};
use crate::ids::UserId;
use crate::pin::PinRecord;
use crate::user::UserRecord;

/// The message for PERMISSION_DENIED_ERROR.
pub fn no_access() -> Message {
    msg!("error-no-access")
}

/// Whether a viewer may see something, and what it is called in "does not exist" errors.
pub trait Visible {
    /// What a person reads for one that does not exist (or that they may not see).
    fn not_found() -> Message;
    fn visible_to(&self, viewer: Option<UserId>) -> bool;
    /// Whose it is: nothing of a disabled account is shown (see `shows_content`).
    fn owner(&self) -> UserId;
}

/// A disabled account's folders, boards and pins are shown to nobody, and found by nobody,
/// until an admin enables it again.
pub fn shows_content(owner: &UserRecord) -> bool {
    !owner.disabled
}

impl Visible for BoardRecord {
    fn not_found() -> Message {
        msg!("error-board-not-found")
    }

    /// A board is visible to its owner, to everyone when public, and to the users it is shared with.
    fn visible_to(&self, viewer: Option<UserId>) -> bool {
        !self.secret || viewer.is_some_and(|viewer| self.readers().any(|user| user == viewer))
    }

    fn owner(&self) -> UserId {
        self.user
    }
}

impl BoardRecord {
    /// Who may see the board while it is private: its owner and the users it is shared with.
    pub fn readers(&self) -> impl Iterator<Item = UserId> + '_ {
        std::iter::once(self.user).chain(self.shared_with.iter().copied())
    }

    /// Whom the board is listed for, as `store::board_lists` keeps it: everyone (`None`) when
    /// it is public, else each of its readers.
    pub fn listed_for(&self) -> BTreeSet<Option<UserId>> {
        if self.visible_to(None) {
            BTreeSet::from([None])
        } else {
            self.readers().map(Some).collect()
        }
    }
}

/// What a pin that may not go on `board` is told (see `may_place`).
pub fn private_picture() -> Message {
    msg!("error-private-picture")
}

/// Whether `pin` may go on `board`: a pin of a picture shared privately with its owner
/// (`private_picture`) goes on private boards only, so that the picture is never made public
/// through it.
pub fn may_place(pin: &PinRecord, board: &BoardRecord) -> bool {
    !pin.private_picture || board.secret
}

impl Visible for FolderRecord {
    fn not_found() -> Message {
        msg!("error-folder-not-found")
    }

    /// A folder is visible to its owner, and to everyone when public.
    fn visible_to(&self, viewer: Option<UserId>) -> bool {
        !self.secret || viewer == Some(self.user)
    }

    fn owner(&self) -> UserId {
        self.user
    }
}

/// Whether a folder appears among its owner's folders for a viewer who may see `boards_seen` of
/// its boards: always for the owner; for others when it is visible and they may see at least one
/// of its boards (an empty tile would only puzzle them). Its own page answers by `visible_to`
/// alone. (`store::folder_lists` keeps the lists by it.)
pub fn folder_listed(viewer: Option<UserId>, folder: &FolderRecord, boards_seen: usize) -> bool {
    viewer == Some(folder.user) || (folder.visible_to(viewer) && boards_seen > 0)
}

/// A user's private fields (email, sign-in times, API keys, clones, whom their boards are
/// shared with) are for the user alone.
pub fn sees_private_fields(viewer: Option<UserId>, user: UserId) -> bool {
    viewer == Some(user)
}

/// Only the owner changes a board, a folder or a pin.
pub fn may_change(viewer: UserId, owner: UserId) -> bool {
    viewer == owner
}

/// Who may see a pin: everyone when it is on a public board; else its owner and whoever may
/// see one of its (private) boards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Audience {
    pub public: bool,
    /// The users who may see the pin besides the public (its owner first among them).
    pub readers: BTreeSet<UserId>,
}

impl Audience {
    /// The audience of a pin of `owner` on `boards`: nobody at all when the owner's account
    /// is disabled.
    pub fn of_pin<'a>(
        owner: &UserRecord,
        boards: impl IntoIterator<Item = &'a BoardRecord>,
    ) -> Self {
        let mut audience = Audience {
            public: false,
            readers: BTreeSet::new(),
        };
        if !shows_content(owner) {
            return audience;
        }
        audience.readers.insert(owner.id);
        for board in boards {
            audience.public |= board.visible_to(None);
            audience.readers.extend(board.readers());
        }
        audience
    }

    /// The keys that admit a viewer to the pin, as search documents carry them.
    pub fn keys(&self) -> impl Iterator<Item = AudienceKey> + '_ {
        let public = self.public.then_some(AudienceKey::Public);
        public
            .into_iter()
            .chain(self.readers.iter().copied().map(AudienceKey::Reader))
    }

    /// A viewer is admitted when they hold one of the audience's keys.
    pub fn admits(&self, viewer: Option<UserId>) -> bool {
        let held = keys_held_by(viewer);
        self.keys().any(|key| held.contains(&key))
    }
}

/// One way into a pin's audience.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AudienceKey {
    /// Everyone holds it.
    Public,
    /// Only this user holds it.
    Reader(UserId),
}

/// The keys a viewer holds: everyone the public one, a signed-in user also their own.
pub(crate) fn keys_held_by(viewer: Option<UserId>) -> Vec<AudienceKey> {
    let mut keys = vec![AudienceKey::Public];
    keys.extend(viewer.map(AudienceKey::Reader));
    keys
}

/// A pin is private (`secret`) unless it is on at least one public board (and its owner's
/// account is not disabled).
pub fn pin_is_public<'a>(
    owner: &UserRecord,
    boards: impl IntoIterator<Item = &'a BoardRecord>,
) -> bool {
    shows_content(owner) && boards.into_iter().any(|board| board.visible_to(None))
}

#[cfg(test)]
mod tests {
    use chrono::Utc;

    use super::*;
    use crate::ids::BoardId;

    fn board(owner: u64, secret: bool, shared_with: &[u64]) -> BoardRecord {
        BoardRecord {
            id: BoardId(1),
            user: UserId(owner),
            slug: "b".into(),
            title: "B".into(),
            caption: None,
            pin_default_description: None,
            pin_default_tags: Vec::new(),
            secret,
            folder: None,
            shared_with: shared_with.iter().copied().map(UserId).collect(),
            cover: None,
            created_at: Utc::now(),
        }
    }

    fn user(id: u64, disabled: bool) -> UserRecord {
        UserRecord {
            id: UserId(id),
            disabled,
            ..UserRecord::new(
                format!("user{id}"),
                format!("user{id}@example.org"),
                String::new(),
            )
        }
    }

    #[test]
    fn a_pin_is_seen_by_its_owner_the_public_or_its_boards_readers() {
        let (owner, friend, stranger) = (Some(UserId(1)), Some(UserId(2)), Some(UserId(3)));
        let ada = user(1, false);
        let on_nothing = Audience::of_pin(&ada, []);
        assert!(on_nothing.admits(owner) && !on_nothing.admits(friend) && !on_nothing.admits(None));
        let private = board(1, true, &[2]);
        let shared = Audience::of_pin(&ada, [&private]);
        assert!(shared.admits(friend) && !shared.admits(stranger) && !shared.public);
        let public = board(1, false, &[]);
        let everyone = Audience::of_pin(&ada, [&private, &public]);
        assert!(everyone.admits(None) && everyone.admits(stranger));
        assert!(pin_is_public(&ada, [&private, &public]) && !pin_is_public(&ada, [&private]));
    }

    #[test]
    fn a_disabled_account_s_pins_are_seen_by_nobody() {
        let disabled = user(1, true);
        let (private, public) = (board(1, true, &[2]), board(1, false, &[]));
        let audience = Audience::of_pin(&disabled, [&private, &public]);
        for viewer in [None, Some(UserId(1)), Some(UserId(2))] {
            assert!(!audience.admits(viewer));
        }
        assert!(!pin_is_public(&disabled, [&public]));
    }
}
