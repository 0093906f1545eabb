//! Typed identifiers, so that a pin id is never taken for a board id.

use std::fmt;

use serde::{Deserialize, Serialize};

macro_rules! typed_id {
    ($($name:ident),*) => {$(
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        pub struct $name(pub u64);

        impl fmt::Display for $name {
            /// Its number, written by itoa: a page of pins writes a hundred ids, and `write!`
            /// took about 400 instructions each.
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.pad(itoa::Buffer::new().format(self.0))
            }
        }

        impl $name {
            /// Reads an id given by a client; `None` when it is not one of ours.
            pub fn parse(id: &str) -> Option<$name> {
                id.parse().ok().map($name)
            }
        }
    )*};
}

typed_id!(UserId, BoardId, FolderId, PinId);
