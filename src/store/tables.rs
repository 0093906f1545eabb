//! Every redb table of Corkboard, with its key and value shapes. Names carry a version.

use redb::TableDefinition;

/// `meta`: setting name -> value. Holds `schema_version`.
pub const META: TableDefinition<&str, u64> = TableDefinition::new("meta");
