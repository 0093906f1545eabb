//! The seed's follows: the first user (whom the bench signs in as) follows up to 50 other people
//! and up to 200 boards they may see, the popular boards (those the pins favour) most likely.

use std::collections::BTreeSet;

use rand::Rng;
use rand::rngs::StdRng;

use super::text;
use corkboard_domain::board::BoardRecord;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;
use corkboard_domain::policy::Visible;
use corkboard_store::follow_writes;
use corkboard_store::follows::Followed;
use corkboard_store::writing::Writing;

pub(crate) const PEOPLE: usize = 50;
pub(crate) const BOARDS: usize = 200;

/// Makes `follower` follow people of `users` and boards of `boards`; returns how many of each.
pub(crate) fn follow(
    write: &Writing,
    rng: &mut StdRng,
    follower: UserId,
    users: &[UserId],
    boards: &[BoardRecord],
) -> AppResult<(usize, usize)> {
    let others: Vec<UserId> = users.iter().copied().filter(|u| *u != follower).collect();
    let mut people = BTreeSet::new();
    while people.len() < PEOPLE.min(others.len()) {
        people.insert(others[rng.random_range(0..others.len())]);
    }
    let seen = |board: &BoardRecord| board.user != follower && board.visible_to(Some(follower));
    let most = BOARDS.min(boards.iter().filter(|board| seen(board)).count());
    let mut followed_boards = BTreeSet::new();
    while followed_boards.len() < most {
        let board = &boards[text::skewed(rng, boards.len())];
        if seen(board) {
            followed_boards.insert(board.id);
        }
    }
    for person in &people {
        follow_writes::follow(write, follower, Followed::User(*person))?;
    }
    for board in &followed_boards {
        follow_writes::follow(write, follower, Followed::Board(*board))?;
    }
    Ok((people.len(), followed_boards.len()))
}
