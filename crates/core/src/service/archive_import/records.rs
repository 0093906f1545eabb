//! The importer's state, and its first two transactions: the accounts, then the folders and
//! boards (without covers: a cover comes with its pin).

use std::collections::HashMap;
use std::sync::Arc;

use super::report::ImportReport;
use super::{ImportInto, archive::FIELD};
use crate::service::export::{ExportedUser, Manifest};
use corkboard_domain::board::{BoardRecord, FolderRecord, optional_text, required_title, slugify};
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::{BoardId, FolderId, PinId, UserId};
use corkboard_domain::pin::Picture;
use corkboard_domain::tags::normalize_tags;
use corkboard_domain::user::{UserRecord, username_key, validate_username};
use corkboard_i18n::Locale;
use corkboard_i18n::{Message, msg};
use corkboard_store::imported::{self, Origin};
use corkboard_store::writing::Writing;
use corkboard_store::{Source, board_writes, boards, folder_writes, folders, users};

/// Everything an import has learnt so far: which local record each archive record is.
pub(crate) struct Importer {
    pub manifest: Arc<Manifest>,
    /// Names the exporting instance in `imported-1`.
    pub origin: String,
    /// The archive comes from this very instance: its usernames name the same people.
    pub from_here: bool,
    pub into: ImportInto,
    /// Archive username -> the local account its records go to.
    pub owners: HashMap<String, UserId>,
    pub folders: HashMap<u64, FolderId>,
    pub boards: HashMap<u64, BoardId>,
    /// Archive pin id -> local pin (created, found or imported before).
    pub pins: HashMap<u64, PinId>,
    /// Pictures ingested in this import, by sha1, or why one was refused.
    pub pictures: HashMap<String, Result<Picture, Message>>,
    pub report: ImportReport,
}

impl Importer {
    pub fn new(manifest: Manifest, into: ImportInto, here: &str) -> Importer {
        let origin = manifest
            .instance
            .clone()
            .unwrap_or_else(|| format!("exported-{}", manifest.exported_at.to_rfc3339()));
        Importer {
            from_here: origin == here,
            origin,
            manifest: Arc::new(manifest),
            into,
            owners: HashMap::new(),
            folders: HashMap::new(),
            boards: HashMap::new(),
            pins: HashMap::new(),
            pictures: HashMap::new(),
            report: ImportReport::default(),
        }
    }

    pub fn origin<'a>(&'a self, owner: UserId, kind: &'a str, id: u64) -> Origin<'a> {
        origin_of(&self.origin, owner, kind, id)
    }

    /// Maps the archive's accounts to local ones, creating them for a whole-instance import.
    pub fn accounts(&mut self, write: &Writing) -> AppResult<()> {
        let manifest = self.manifest.clone();
        match self.into {
            ImportInto::Account(user) => {
                let account = users::load(write, user)?;
                let chosen = match manifest.users.as_slice() {
                    [only] => only,
                    all => all
                        .iter()
                        .find(|u| username_key(&u.username) == username_key(&account.username))
                        .ok_or_else(|| {
                            AppError::invalid(
                                FIELD,
                                msg!(
                                    "error-archive-no-account-named",
                                    count = all.len(),
                                    username = account.username.as_str()
                                ),
                            )
                        })?,
                };
                self.owners.insert(chosen.username.clone(), user);
                if manifest.users.len() > 1 {
                    self.report.notes.push(
                        msg!(
                            "import-note-other-accounts-left-out",
                            username = chosen.username.as_str(),
                            count = manifest.users.len() - 1
                        )
                        .into(),
                    );
                }
            }
            ImportInto::Instance => {
                let restoring = users::count(write)? == 0;
                for user in &manifest.users {
                    if let Some(local) = self.account(write, user, restoring)? {
                        self.owners.insert(user.username.clone(), local);
                    }
                }
            }
        }
        Ok(())
    }

    /// The local account of an archive user: imported before, the account with its email, or
    /// a new one (without a password) under its username or a free variant of it.
    fn account(
        &mut self,
        write: &Writing,
        user: &ExportedUser,
        restoring: bool,
    ) -> AppResult<Option<UserId>> {
        let archive = self.origin.clone();
        let origin = origin_of(&archive, UserId(0), "user", user.id);
        if let Some(local) = imported::get(write, origin)?
            && users::get(write, UserId(local))?.is_some()
        {
            self.report.skipped.users += 1;
            return Ok(Some(UserId(local)));
        }
        // An archive of this very instance: the account is still here.
        if self.from_here
            && let Some(same) = users::get(write, UserId(user.id))?
            && username_key(&same.username) == username_key(&user.username)
        {
            self.report.skipped.users += 1;
            return Ok(Some(same.id));
        }
        if let Some(existing) = users::by_email(write, &user.email)? {
            self.report.notes.push(
                msg!(
                    "import-note-same-email",
                    username = user.username.as_str(),
                    local = existing.username.as_str()
                )
                .into(),
            );
            imported::put(write, origin, existing.id.0)?;
            self.report.skipped.users += 1;
            return Ok(Some(existing.id));
        }
        if let Err(error) = validate_username(&user.username) {
            self.report.fail("user", &user.username, error.sentence());
            return Ok(None);
        }
        let username = users::free_username(write, &user.username)?;
        self.report
            .rename("user", &user.username, &user.username, &username);
        let record = UserRecord {
            username,
            email_verified: user.email_verified,
            created_at: user.created_at,
            last_login_at: user.last_login_at,
            profile: user.profile.clone(),
            // Admin rights come along only into an empty instance (a restore).
            admin: restoring && user.admin,
            disabled: user.disabled,
            // A language this instance has no catalog of is the browser's.
            locale: user
                .locale
                .as_deref()
                .and_then(Locale::named)
                .map(|locale| locale.code()),
            // No password: the owner signs in after a password reset.
            ..UserRecord::new(String::new(), user.email.clone(), String::new())
        };
        let record = users::insert(write, record)?;
        imported::put(write, origin, record.id.0)?;
        self.report.created.users += 1;
        Ok(Some(record.id))
    }

    /// Creates the folders and boards of the mapped accounts not imported before.
    pub(crate) fn structure(&mut self, write: &Writing) -> AppResult<()> {
        let manifest = self.manifest.clone();
        let archive = self.origin.clone();
        let mut folders_in_order: Vec<_> = manifest.folders.iter().collect();
        folders_in_order.sort_by_key(|f| f.id);
        for folder in folders_in_order {
            let Some(&owner) = self.owners.get(&folder.owner) else {
                continue;
            };
            let origin = origin_of(&archive, owner, "folder", folder.id);
            let here = self.from_here.then_some(folder.id);
            if let Some(local) = imported::get(write, origin)?.or(here)
                && folders::get(write, FolderId(local))?.is_some_and(|f| f.user == owner)
            {
                self.folders.insert(folder.id, FolderId(local));
                self.report.skipped.folders += 1;
                continue;
            }
            let name = match required_title("name", &folder.name) {
                Ok(name) => name,
                Err(error) => {
                    self.report.fail("folder", &folder.slug, error.sentence());
                    continue;
                }
            };
            let record = folder_writes::insert(
                write,
                FolderRecord {
                    id: FolderId(0),
                    user: owner,
                    slug: slugify(&folder.slug, "folder"),
                    name,
                    secret: folder.secret,
                    created_at: folder.created_at,
                },
            )?;
            imported::put(write, origin, record.id.0)?;
            self.report
                .rename("folder", &folder.owner, &folder.slug, &record.slug);
            self.folders.insert(folder.id, record.id);
            self.report.created.folders += 1;
        }
        let mut boards_in_order: Vec<_> = manifest.boards.iter().collect();
        boards_in_order.sort_by_key(|b| b.id);
        for board in boards_in_order {
            let Some(&owner) = self.owners.get(&board.owner) else {
                continue;
            };
            let origin = origin_of(&archive, owner, "board", board.id);
            let here = self.from_here.then_some(board.id);
            if let Some(local) = imported::get(write, origin)?.or(here)
                && boards::get(write, BoardId(local))?.is_some_and(|b| b.user == owner)
            {
                self.boards.insert(board.id, BoardId(local));
                self.report.skipped.boards += 1;
                continue;
            }
            let checked = required_title("title", &board.title).and_then(|title| {
                Ok((
                    title,
                    optional_text("caption", board.caption.clone())?,
                    optional_text(
                        "pinDefaultDescription",
                        board.pin_default_description.clone(),
                    )?,
                ))
            });
            let (title, caption, pin_default_description) = match checked {
                Ok(checked) => checked,
                Err(error) => {
                    self.report.fail("board", &board.slug, error.sentence());
                    continue;
                }
            };
            let shared_with = self.sharees(write, owner, &board.slug, &board.shared_with)?;
            let record = board_writes::insert(
                write,
                BoardRecord {
                    id: BoardId(0),
                    user: owner,
                    slug: slugify(&board.slug, "board"),
                    title,
                    caption,
                    pin_default_description,
                    pin_default_tags: normalize_tags(&board.pin_default_tags),
                    secret: board.secret,
                    folder: board.folder.and_then(|f| self.folders.get(&f).copied()),
                    shared_with,
                    cover: None,
                    created_at: board.created_at,
                },
            )?;
            imported::put(write, origin, record.id.0)?;
            self.report
                .rename("board", &board.owner, &board.slug, &record.slug);
            self.boards.insert(board.id, record.id);
            self.report.created.boards += 1;
        }
        Ok(())
    }

    /// The local accounts a board is shared with: the archive's accounts as imported, and, for
    /// an archive of this instance, its other usernames; a share to anyone else is dropped (a
    /// namesake elsewhere is not the same person).
    fn sharees(
        &mut self,
        tx: &impl Source,
        owner: UserId,
        slug: &str,
        names: &[String],
    ) -> AppResult<Vec<UserId>> {
        let mut sharees = Vec::new();
        for name in names {
            let local = match self.owners.get(name) {
                Some(id) => Some(*id),
                None if self.from_here => users::by_username(tx, name)?.map(|u| u.id),
                None => None,
            };
            match local {
                Some(id) if id != owner && !sharees.contains(&id) => sharees.push(id),
                Some(_) => {}
                None => self.report.notes.push(
                    msg!(
                        "import-note-share-dropped",
                        board = slug,
                        username = name.as_str()
                    )
                    .into(),
                ),
            }
        }
        Ok(sharees)
    }
}

fn origin_of<'a>(archive: &'a str, owner: UserId, kind: &'a str, id: u64) -> Origin<'a> {
    Origin {
        archive,
        owner: owner.0,
        kind,
        id,
    }
}
