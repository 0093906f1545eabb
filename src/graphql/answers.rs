//! Visitors' answers kept until the next change: a signed-out query is answered with the bytes of
//! the last identical one while nothing was written and the search index did not move since, for
//! a minute at most (a few answers depend on the time: an invitation that expires). Every visitor
//! sees the same thing, so a public instance's pages are computed once a change, not once a
//! visit.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use async_graphql::Request;
use bytes::Bytes;

use crate::service::context::Services;

/// The most bytes of answers kept: a few hundred pages.
const MAX_BYTES: usize = 8 << 20;

/// The state answers are computed from: the database's writes, the search index's generation,
/// and the minute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Version {
    writes: u64,
    search: u64,
    minute: u64,
}

impl Version {
    pub fn now(services: &Services) -> Version {
        Version {
            writes: services.store.write_count(),
            search: services
                .search
                .reader()
                .searcher()
                .generation()
                .generation_id(),
            minute: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |since| since.as_secs() / 60),
        }
    }
}

/// The answers kept, all of one version.
#[derive(Default)]
pub struct Answers {
    kept: Mutex<Kept>,
}

#[derive(Default)]
struct Kept {
    version: Version,
    bytes: usize,
    answers: HashMap<String, Bytes>,
}

impl Answers {
    /// The answer kept for `key`, if it was computed at version `now`.
    pub fn get(&self, key: &str, now: Version) -> Option<Bytes> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        (kept.version == now)
            .then(|| kept.answers.get(key).cloned())
            .flatten()
    }

    /// Keeps the answer to `key` computed at version `at`, unless something changed meanwhile.
    pub fn put(&self, key: String, answer: Bytes, at: Version, now: Version) {
        if at != now || answer.len() > MAX_BYTES / 16 {
            return;
        }
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if kept.version != now || kept.bytes + answer.len() > MAX_BYTES {
            *kept = Kept {
                version: now,
                ..Kept::default()
            };
        }
        kept.bytes += key.len() + answer.len();
        let length = key.len();
        if let Some(before) = kept.answers.insert(key, answer) {
            kept.bytes -= length + before.len();
        }
    }
}

/// What identifies a visitor's request; only a query's answer is kept (see
/// `documents::is_query`), so a mutation's key finds nothing.
pub fn key_of(request: &Request) -> Option<String> {
    if !request.uploads.is_empty() {
        return None;
    }
    let variables = serde_json::to_string(&request.variables).ok()?;
    let operation = request.operation_name.as_deref().unwrap_or_default();
    Some(format!("{operation}\n{variables}\n{}", request.query))
}
