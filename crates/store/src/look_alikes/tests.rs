//! The band index against a scan of every hash, kept by pin writes and filled by migration 25.

use std::collections::BTreeSet;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use redb::ReadableTableMetadata;

use super::*;
use crate::check::database;
use crate::tables::META;
use crate::{Store, pin_writes, users};
use corkboard_domain::ids::UserId;
use corkboard_domain::user::UserRecord;

/// `hash` with `bits` of its bits flipped, chosen at random.
fn flipped(rng: &mut StdRng, hash: u64, bits: u32) -> u64 {
    let mut out = hash;
    while (out ^ hash).count_ones() < bits {
        out ^= 1 << rng.random_range(0..64);
    }
    out
}

fn pin_showing(user: UserId, hash: u64) -> PinRecord {
    let mut pin = crate::test_pins::pin_of(user);
    pin.picture.sha1 = format!("{hash:040x}");
    pin.picture.perceptual_hash = hash;
    pin
}

fn store_of(hashes: &[u64]) -> (tempfile::TempDir, Store, Vec<PinRecord>) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("corkboard.redb")).unwrap();
    let pins = store
        .write(|write| {
            let user = users::insert(
                write,
                UserRecord::new("ann".into(), "ann@example.org".into(), String::new()),
            )?;
            hashes
                .iter()
                .map(|hash| pin_writes::insert(write, pin_showing(user.id, *hash), &[]))
                .collect()
        })
        .unwrap();
    (dir, store, pins)
}

/// Clusters of hashes a few bits apart among random ones: every look-up finds exactly the
/// pictures a scan of all hashes finds within `FOUND_BITS`, and within fewer bits when asked.
#[test]
fn a_look_up_finds_what_a_scan_finds() {
    let mut rng = StdRng::seed_from_u64(77);
    let mut hashes = Vec::new();
    for _ in 0..60 {
        let centre: u64 = rng.random();
        hashes.push(centre);
        for _ in 0..8 {
            let bits = rng.random_range(1..=12);
            hashes.push(flipped(&mut rng, centre, bits));
        }
    }
    hashes.push(0);
    hashes.push(u64::MAX >> 2);
    let (_dir, store, _) = store_of(&hashes);
    let detailed = |hash: u64| (8..=56).contains(&hash.count_ones());
    for (n, asked) in hashes.iter().enumerate().step_by(3) {
        for bits in [FOUND_BITS, 3] {
            let scanned: BTreeSet<(u32, String)> = hashes
                .iter()
                .filter(|hash| detailed(**hash) && detailed(*asked))
                .map(|hash| ((hash ^ asked).count_ones(), format!("{hash:040x}")))
                .filter(|(apart, _)| *apart <= bits)
                .collect();
            let found = store.read(|read| near(read, *asked, bits)).unwrap();
            assert_eq!(found, scanned.into_iter().collect::<Vec<_>>(), "{n} {bits}");
        }
    }
}

/// Two pins of one picture keep it once; it goes with the last of them, and a picture whose
/// hash says little is never kept.
#[test]
fn a_picture_is_kept_while_a_pin_shows_it() {
    let hash = 0x0f0f_3c3c_5a5a_9696;
    let (_dir, store, pins) = store_of(&[hash, hash, 0]);
    let entries = |store: &Store| store.read(|read| Ok(read.table(LOOK_ALIKES)?.len()?));
    assert_eq!(entries(&store).unwrap(), 4);
    assert_eq!(store.read(|read| near(read, hash, 0)).unwrap().len(), 1);
    assert!(
        store
            .read(|read| near(read, 0, FOUND_BITS))
            .unwrap()
            .is_empty()
    );
    store
        .write(|write| pin_writes::remove(write, &pins[0]))
        .unwrap();
    assert_eq!(entries(&store).unwrap(), 4);
    store
        .write(|write| pin_writes::remove(write, &pins[1]))
        .unwrap();
    assert_eq!(entries(&store).unwrap(), 0);
    assert!(store.read(database).unwrap().is_consistent());
}

/// A database of schema version 24 gets the index filled from its pins.
#[test]
fn migration_25_fills_the_index_from_the_pins() {
    let (dir, store, _) = store_of(&[0x0f0f_3c3c_5a5a_9696, 0x1234_5678_9abc_def0]);
    store
        .write(|write| {
            write.delete_table(LOOK_ALIKES)?;
            write.open_table(LOOK_ALIKES)?;
            write.open_table(META)?.insert("schema_version", 24)?;
            Ok(())
        })
        .unwrap();
    let report = store.read(database).unwrap();
    assert!(
        report
            .problems
            .iter()
            .any(|p| p.contains("look-alikes-1 lacks"))
    );
    drop(store);
    let store = Store::open(&dir.path().join("corkboard.redb")).unwrap();
    let report = store.read(database).unwrap();
    assert!(report.is_consistent(), "{:?}", report.problems);
}
