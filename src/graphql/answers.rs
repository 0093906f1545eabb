//! Visitors' answers kept until the next change: a signed-out query is answered with the bytes of
//! the last identical one while nothing was written and the search index did not move since, for
//! a minute at most (a few answers depend on the time: an invitation that expires). Every visitor
//! sees the same thing, so a public instance's pages are computed once a change, not once a
//! visit. A kept answer's gzip is made once too, when it is first served again, for the browsers
//! that accept it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use async_graphql::Request;
use bytes::Bytes;

use crate::http::compression::{self, SMALLEST};
use corkboard_core::service::context::Services;
use corkboard_core::service::metrics::Metrics;
use corkboard_i18n::Locale;

/// The most bytes of answers kept: a few hundred pages.
const MAX_BYTES: usize = 8 << 20;

/// The state answers are computed from: the database's version (its writes and the minute) and
/// the search index's generation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Version {
    database: corkboard_store::Version,
    search: u64,
}

impl Version {
    pub fn now(services: &Services) -> Version {
        Version {
            database: services.store.version(),
            search: services
                .search
                .reader()
                .searcher()
                .generation()
                .generation_id(),
        }
    }
}

/// A kept answer: its JSON, and the same gzipped once for all who accept it.
pub struct Kept {
    pub json: Bytes,
    gzipped: OnceLock<Option<Bytes>>,
}

impl Kept {
    pub fn new(json: Bytes) -> Arc<Kept> {
        Arc::new(Kept {
            json,
            gzipped: OnceLock::new(),
        })
    }

    /// The JSON gzipped, the first time it is asked (counted in `metrics`); `None` when too
    /// small to gain from it.
    pub fn gzipped(&self, metrics: &Metrics) -> Option<Bytes> {
        if self.json.len() < SMALLEST {
            return None;
        }
        let gzip = || match compression::gzip(&self.json, compression::KEPT) {
            Ok(gzipped) => {
                metrics.note_compression();
                Some(Bytes::from(gzipped))
            }
            Err(error) => {
                tracing::error!(error = ?error, "cannot gzip a kept answer");
                None
            }
        };
        self.gzipped.get_or_init(gzip).clone()
    }
}

/// The answers kept, all of one version.
#[derive(Default)]
pub struct Answers {
    kept: Mutex<KeptAnswers>,
}

#[derive(Default)]
struct KeptAnswers {
    version: Version,
    bytes: usize,
    answers: HashMap<String, Arc<Kept>>,
}

impl Answers {
    /// The answer kept for `key`, if it was computed at version `now`.
    pub fn get(&self, key: &str, now: Version) -> Option<Arc<Kept>> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        (kept.version == now)
            .then(|| kept.answers.get(key).cloned())
            .flatten()
    }

    /// Keeps the answer to `key` computed at version `at`, unless something changed meanwhile.
    pub fn put(&self, key: String, answer: Arc<Kept>, at: Version, now: Version) {
        if at != now || answer.json.len() > MAX_BYTES / 16 {
            return;
        }
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if kept.version != now || kept.bytes + answer.json.len() > MAX_BYTES {
            *kept = KeptAnswers {
                version: now,
                ..KeptAnswers::default()
            };
        }
        kept.bytes += key.len() + answer.json.len();
        let length = key.len();
        if let Some(before) = kept.answers.insert(key, answer) {
            kept.bytes -= length + before.json.len();
        }
    }
}

/// What identifies a visitor's request, in the language it is answered in (an answer may hold
/// words said in it); only a query's answer is kept (see `documents::is_query`), so a mutation's
/// key finds nothing.
pub(crate) fn key_of(request: &Request) -> Option<String> {
    if !request.uploads.is_empty() {
        return None;
    }
    let variables = serde_json::to_string(&request.variables).ok()?;
    let operation = request.operation_name.as_deref().unwrap_or_default();
    let locale = Locale::current().code();
    Some(format!(
        "{locale}\n{operation}\n{variables}\n{}",
        request.query
    ))
}
