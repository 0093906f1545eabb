//! Two stores in one process count what each reads apart.

use crate::walks::Direction;
use crate::{Store, pin_order, pin_writes, test_pins, users};
use corkboard_domain::user::UserRecord;

#[test]
fn each_store_counts_the_records_and_keys_it_reads() {
    let dir = tempfile::tempdir().unwrap();
    let open = |name: &str| Store::open(&dir.path().join(name)).unwrap();
    let (one, other) = (open("one.redb"), open("other.redb"));
    let ann = one
        .write(|write| {
            let ann = UserRecord::new("ann".into(), "ann@example.org".into(), String::new());
            let ann = users::insert(write, ann)?;
            pin_writes::insert(write, test_pins::pin_of(ann.id), &[])?;
            Ok(ann)
        })
        .unwrap();
    let (records, keys) = (one.records_read(), one.keys_read());
    one.read(|read| users::get(read, ann.id)).unwrap();
    let pins = one
        .read(|read| pin_order::of_user(read, ann.id, None, Direction::Down, 10))
        .unwrap();
    assert_eq!(pins.len(), 1);
    assert_eq!(one.records_read() - records, 1);
    assert_eq!(one.keys_read() - keys, 1);
    assert_eq!((other.records_read(), other.keys_read()), (0, 0));
}
