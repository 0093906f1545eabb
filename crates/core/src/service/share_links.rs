//! View-only share links to a board: made, listed and revoked by its owner; whoever holds one sees
//! that board, its pins and their pictures, and nothing else private. The token is shown once and
//! stored as its SHA-256.

use chrono::{DateTime, Duration, Utc};

use crate::service::access::{owned_board, shows_content_of};
use crate::service::data::Data;
use crate::service::pin_lists::{self, Neighbours, PageRequest, PinList, PinPage};
use crate::service::pins;
use crate::service::secrets::{new_secret, secret_hash};
use corkboard_domain::board::BoardRecord;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::{BoardId, PinId, UserId};
use corkboard_domain::pin::PinRecord;
use corkboard_domain::policy::sees_private_fields;
use corkboard_i18n::{Message, msg};
use corkboard_store::pin_order::PinKey;
use corkboard_store::share_links::{self, ShareLinkRecord};
use corkboard_store::{board_pins, boards};

/// What a revoked, expired or made-up token is told.
pub fn link_does_not_work() -> Message {
    msg!("error-share-link-dead")
}
/// The most links a board may have at once.
pub const MOST_LINKS_PER_BOARD: usize = 50;
/// The longest expiry a link may be given, in days (a link may also never expire).
const MOST_DAYS: u32 = 365;
/// The longest token accepted: longer ones are not ours, and are not hashed.
const LONGEST_TOKEN: usize = 255;

/// A board opened through a link that works. Only this module makes one, so that the board's
/// pins are read with its owner's sight for the holder of a link, and for nobody else.
pub struct SharedBoard {
    board: BoardRecord,
}

impl SharedBoard {
    pub fn board(&self) -> &BoardRecord {
        &self.board
    }
}

/// Makes a link to a board of the viewer's; returns it and its address, shown once.
pub async fn create(
    data: &Data,
    viewer: UserId,
    board: BoardId,
    expires_in_days: Option<u32>,
) -> AppResult<(ShareLinkRecord, String)> {
    let Some(public_url) = data.config.public_url.as_deref() else {
        // Why no link is made while the instance does not know its own address.
        return Err(AppError::invalid(
            "board",
            msg!("error-share-link-needs-public-url"),
        ));
    };
    let base = public_url.trim_end_matches('/').to_owned();
    let now = Utc::now();
    let expires_at = match expires_in_days {
        None => None,
        Some(days @ 1..=MOST_DAYS) => Some(now + Duration::days(i64::from(days))),
        Some(_) => {
            let message = msg!("error-share-link-days", max = MOST_DAYS);
            return Err(AppError::invalid("expiresInDays", message));
        }
    };
    let token = new_secret();
    let link = ShareLinkRecord {
        id: 0,
        board,
        token_hash: secret_hash(&token),
        made_by: viewer,
        created_at: now,
        last_used_at: None,
        expires_at,
    };
    let link = data
        .write(move |write| {
            owned_board(write, viewer, board)?;
            if share_links::of_board(write, board)?.len() >= MOST_LINKS_PER_BOARD {
                return Err(AppError::invalid(
                    "board",
                    msg!("error-share-links-too-many", max = MOST_LINKS_PER_BOARD),
                ));
            }
            share_links::insert(write, link)
        })
        .await?;
    tracing::info!(user = %viewer, board = %board, "a share link was made");
    Ok((link, format!("{base}/shared/{token}/")))
}

/// A board's links, oldest first: for its owner alone, empty for anyone else.
pub async fn list(
    data: &Data,
    viewer: Option<UserId>,
    board: &BoardRecord,
) -> AppResult<Vec<ShareLinkRecord>> {
    if !sees_private_fields(viewer, board.user) {
        return Ok(Vec::new());
    }
    let board = board.id;
    data.read(move |read| share_links::of_board(read, board))
        .await
}

/// Revokes one of the viewer's boards' links: it stops working at once.
pub async fn revoke(data: &Data, viewer: UserId, id: &str) -> AppResult<()> {
    let not_found = || AppError::not_found(msg!("error-share-link-not-found"));
    let id: u64 = id.parse().map_err(|_| not_found())?;
    data.write(move |write| {
        let link = share_links::get(write, id)?.ok_or_else(not_found)?;
        owned_board(write, viewer, link.board)?;
        share_links::remove(write, &link)
    })
    .await
}

/// The board a token opens, or NOT_FOUND_ERROR when the link was revoked, has expired, or its
/// board or its owner's account is not shown; notes when the link was last used (at most once a
/// minute).
pub async fn open(data: &Data, token: &str) -> AppResult<SharedBoard> {
    let dead = || AppError::not_found(link_does_not_work());
    if token.is_empty() || token.len() > LONGEST_TOKEN {
        return Err(dead());
    }
    let hash = secret_hash(token);
    let now = Utc::now();
    let (link, board) = data
        .read(move |read| {
            let link = share_links::by_hash(read, &hash)?
                .filter(|link| works_at(link.expires_at, now))
                .ok_or_else(dead)?;
            let board = boards::get(read, link.board)?.ok_or_else(dead)?;
            if !shows_content_of(read, board.user)? {
                return Err(dead());
            }
            Ok((link, board))
        })
        .await?;
    if link
        .last_used_at
        .is_none_or(|last| now - last > Duration::minutes(1))
    {
        note_use(data, link.id, now).await;
    }
    Ok(SharedBoard { board })
}

fn works_at(expires_at: Option<DateTime<Utc>>, now: DateTime<Utc>) -> bool {
    expires_at.is_none_or(|end| end > now)
}

/// Notes a link's last use; only a note: on a full disk the link still opens the board.
async fn note_use(data: &Data, id: u64, now: DateTime<Utc>) {
    let noted = data
        .write(move |write| {
            let Some(mut link) = share_links::get(write, id)? else {
                return Ok(());
            };
            link.last_used_at = Some(now);
            share_links::save(write, &link)
        })
        .await;
    if let Err(error) = noted {
        tracing::warn!(?error, "cannot note when a share link was last used");
    }
}

/// A page of the shared board's pins, in board order.
pub async fn pins(
    data: &Data,
    shared: &SharedBoard,
    first: usize,
    after: Option<PinKey>,
) -> AppResult<PinPage> {
    let owner = Some(shared.board.user);
    let request = PageRequest {
        list: PinList::OnBoard(shared.board.id),
        first,
        after,
    };
    data.reading(move |data| {
        data.store
            .read(|read| pin_lists::page(data, read, owner, &request))
    })
    .await
}

/// The shared board's cover, as its owner sees it: the pin it shows first.
pub async fn cover(data: &Data, shared: &SharedBoard) -> AppResult<Option<PinRecord>> {
    let (owner, board) = (Some(shared.board.user), shared.board.id);
    data.read(move |read| {
        let covers = pins::board_covers_many(read, owner, [(board, 1)])?.remove(&board);
        Ok(covers
            .and_then(|covers| covers.into_iter().next())
            .map(|pin| (*pin).clone()))
    })
    .await
}

/// A pin of the shared board (NOT_FOUND_ERROR for any other).
pub async fn pin(data: &Data, shared: &SharedBoard, id: PinId) -> AppResult<PinRecord> {
    pins::on_board(data, Some(shared.board.user), shared.board.id, id).await
}

/// The pins before and after `pin` on the shared board.
pub async fn neighbours(data: &Data, shared: &SharedBoard, pin: PinId) -> AppResult<Neighbours> {
    let list = PinList::OnBoard(shared.board.id);
    pin_lists::neighbours(data, Some(shared.board.user), list, pin).await
}

/// Whether the link of `token` works and a pin of its board shows the picture `sha1`.
pub async fn shows_picture(data: &Data, token: &str, sha1: String) -> AppResult<bool> {
    let board = match open(data, token).await {
        Ok(shared) => shared.board.id,
        Err(AppError::NotFound(_)) => return Ok(false),
        Err(error) => return Err(error),
    };
    data.read(move |read| {
        let on_board = |pin| Ok(board_pins::order_of(read, pin, board)?.is_some());
        Ok(corkboard_store::pins::first_showing(read, &sha1, on_board)?.is_some())
    })
    .await
}
