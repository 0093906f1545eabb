//! `corkboard seed`: a realistic synthetic dataset (users, folders, boards public and private
//! and shared, pins with captions and tags on generated pictures, the first user's follows) for
//! benchmarks and demos.

mod follows;
mod pictures;
mod text;

use std::time::Instant;

use anyhow::Context;
use chrono::{Duration, Utc};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use corkboard_core::service::secrets::hash_password;
use corkboard_domain::board::{BoardRecord, FolderRecord, slugify};
use corkboard_domain::config::Config;
use corkboard_domain::ids::{BoardId, FolderId, PinId, UserId};
use corkboard_domain::pin::{Picture, PinRecord};
use corkboard_domain::user::{Profile, UserRecord};
use corkboard_search::SearchIndex;
use corkboard_store::{Store, board_writes, folder_writes, pin_writes, pins, users};

/// Every seeded user signs in with this password.
pub(crate) const SEED_PASSWORD: &str = "corkboard-seed";
/// Pins written per transaction.
const PIN_BATCH: usize = 10_000;

/// How much to make.
#[derive(Debug, Clone, Copy)]
pub struct SeedPlan {
    pub users: usize,
    pub boards: usize,
    pub pins: usize,
    /// Distinct generated pictures the pins share.
    pub pictures: usize,
    /// Seed of the random choices: the same plan makes the same data.
    pub seed: u64,
}

/// Fills an empty data folder by `plan`, then builds the search index; prints progress.
pub fn seed(config: &Config, plan: SeedPlan) -> anyhow::Result<()> {
    anyhow::ensure!(
        plan.users > 0 && plan.boards > 0 && plan.pictures > 0,
        "seed needs at least one user, one board and one picture"
    );
    let started = Instant::now();
    let store = Store::open_configured(config)?;
    let empty = store
        .read(|read| Ok(users::count(read)? == 0 && pins::count(read)? == 0))
        .map_err(|error| anyhow::anyhow!("cannot read the database: {error:?}"))?;
    anyhow::ensure!(
        empty,
        "{} already holds data: seed an empty data folder",
        config.data_dir.display()
    );
    let mut rng = StdRng::seed_from_u64(plan.seed);

    let pictures = pictures::ingest_pictures(config, plan.pictures, plan.seed)?;
    println!(
        "{} pictures ingested ({:.1} s)",
        pictures.len(),
        started.elapsed().as_secs_f64()
    );

    let password_hash = hash_password(SEED_PASSWORD).map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let (boards, (people, followed_boards)) = store
        .write(|write| {
            let users = (1..=plan.users)
                .map(|n| users::insert(write, user(&mut rng, n, &password_hash)))
                .collect::<Result<Vec<_>, _>>()?;
            let ids: Vec<UserId> = users.iter().map(|user| user.id).collect();
            let folders = (0..plan.users / 2)
                .map(|_| folder_writes::insert(write, folder(&mut rng, &ids)))
                .collect::<Result<Vec<_>, _>>()?;
            let boards = (0..plan.boards)
                .map(|_| board_writes::insert(write, board(&mut rng, &ids, &folders)))
                .collect::<Result<Vec<_>, _>>()?;
            let followed = follows::follow(write, &mut rng, ids[0], &ids, &boards)?;
            Ok((boards, followed))
        })
        .map_err(|error| anyhow::anyhow!("cannot write users and boards: {error:?}"))?;
    println!(
        "{} users, {} boards, user1 follows {people} people and {followed_boards} boards ({:.1} s)",
        plan.users,
        boards.len(),
        started.elapsed().as_secs_f64()
    );

    let first_pin_at = Utc::now() - Duration::days(730);
    let step = Duration::days(730) / plan.pins.max(1) as i32;
    for batch_start in (0..plan.pins).step_by(PIN_BATCH) {
        let batch_end = (batch_start + PIN_BATCH).min(plan.pins);
        store
            .write(|write| {
                for n in batch_start..batch_end {
                    let board = &boards[text::skewed(&mut rng, boards.len())];
                    let mut on = vec![board.id];
                    if rng.random_bool(0.1) {
                        on.extend(another_board_of(&mut rng, &boards, board));
                    }
                    let picture = pictures[rng.random_range(0..pictures.len())].clone();
                    let mut record = pin(&mut rng, n, board.user, picture);
                    record.created_at = first_pin_at + step * n as i32;
                    pin_writes::insert(write, record, &on)?;
                }
                Ok(())
            })
            .map_err(|error| anyhow::anyhow!("cannot write pins: {error:?}"))?;
        println!(
            "{batch_end} pins ({:.1} s)",
            started.elapsed().as_secs_f64()
        );
    }

    let index = SearchIndex::open(&config.index_dir()).context("cannot open the search index")?;
    let indexed = index
        .rebuild(&store)
        .map_err(|error| anyhow::anyhow!("cannot build the search index: {error:?}"))?;
    index.finish_merges()?;
    println!(
        "{indexed} pins indexed; seeded {} in {:.1} s (password of every user: {SEED_PASSWORD})",
        config.data_dir.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn user(rng: &mut StdRng, n: usize, password_hash: &str) -> UserRecord {
    let (first, last) = text::person(rng);
    let username = format!("user{n}");
    let email = format!("{username}@example.com");
    UserRecord {
        email_verified: true,
        created_at: Utc::now() - Duration::days(800),
        profile: Profile {
            first_name: Some(first),
            last_name: Some(last),
            ..Profile::default()
        },
        ..UserRecord::new(username, email, password_hash.to_owned())
    }
}

fn folder(rng: &mut StdRng, users: &[UserId]) -> FolderRecord {
    let name = text::folder_name(rng);
    FolderRecord {
        id: FolderId(0),
        user: users[rng.random_range(0..users.len())],
        slug: slugify(&name, "folder"),
        name,
        secret: rng.random_bool(0.1),
        created_at: Utc::now() - Duration::days(790),
    }
}

/// A board of a random user: 15% private, half of those shared with one to three users; a
/// third in one of the owner's folders.
fn board(rng: &mut StdRng, users: &[UserId], folders: &[FolderRecord]) -> BoardRecord {
    let title = text::board_title(rng);
    let owner = users[rng.random_range(0..users.len())];
    let secret = rng.random_bool(0.15);
    let shared_with = if secret && rng.random_bool(0.5) {
        let count = rng.random_range(1..=3);
        (0..count)
            .map(|_| users[rng.random_range(0..users.len())])
            .filter(|reader| *reader != owner)
            .collect()
    } else {
        Vec::new()
    };
    let folder = rng
        .random_bool(0.33)
        .then(|| folders.iter().find(|folder| folder.user == owner))
        .flatten()
        .map(|folder| folder.id);
    BoardRecord {
        id: BoardId(0),
        user: owner,
        slug: slugify(&title, "board"),
        caption: rng.random_bool(0.5).then(|| text::sentence(rng, 4..12)),
        pin_default_description: None,
        pin_default_tags: Vec::new(),
        title,
        secret,
        folder,
        shared_with,
        cover: None,
        created_at: Utc::now() - Duration::days(780),
    }
}

/// Another board of the same owner, when a nearby one is theirs.
fn another_board_of(
    rng: &mut StdRng,
    boards: &[BoardRecord],
    board: &BoardRecord,
) -> Option<BoardId> {
    let start = rng.random_range(0..boards.len());
    boards[start..]
        .iter()
        .take(200)
        .find(|other| other.user == board.user && other.id != board.id)
        .map(|other| other.id)
}

fn pin(rng: &mut StdRng, n: usize, user: UserId, picture: Picture) -> PinRecord {
    let source_file_url = text::source_url(rng, n);
    let text = text::pin_text(rng);
    PinRecord {
        id: PinId(0),
        user,
        picture,
        source_file_url,
        title: text.title,
        caption: text.caption,
        rating: rng.random_range(0..=5),
        unsafe_content: rng.random_bool(0.03),
        tags: text.tags,
        added_via: None,
        created_at: Utc::now(),
        private_picture: false,
    }
}
