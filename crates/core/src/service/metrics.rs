//! The server's Prometheus metrics: instruments that requests and picture work update as they
//! go, and figures read from the data folder when scraped, encoded as OpenMetrics text.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::{Registry, Unit};

use crate::media::storage::MediaStore;
use crate::service::media_usage::MediaUsage;
use corkboard_domain::error::AppResult;

/// The `Content-Type` of `scrape`'s text.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// Upper bounds, in seconds, of the request duration buckets.
const DURATION_BUCKETS: [f64; 12] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    route: &'static str,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    route: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct FolderLabels {
    folder: &'static str,
}

/// Every metric of one server (not global: tests run several servers in one process).
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    durations: Family<RouteLabels, Histogram, fn() -> Histogram>,
    pictures_queued: Gauge,
    pictures_running: Gauge,
    pins: Gauge,
    users: Gauge,
    search_pending: Gauge,
    search_sweeps: Gauge,
    board_sweeps: Gauge,
    search_documents: Gauge,
    media_bytes: Family<FolderLabels, Gauge>,
    media_usage: MediaUsage,
    load_waits: Counter,
    compressions: Counter,
}

impl Default for Metrics {
    fn default() -> Self {
        let mut metrics = Metrics {
            registry: Registry::with_prefix("corkboard"),
            requests: Family::default(),
            durations: Family::new_with_constructor(duration_histogram),
            pictures_queued: Gauge::default(),
            pictures_running: Gauge::default(),
            pins: Gauge::default(),
            users: Gauge::default(),
            search_pending: Gauge::default(),
            search_sweeps: Gauge::default(),
            board_sweeps: Gauge::default(),
            search_documents: Gauge::default(),
            media_bytes: Family::default(),
            media_usage: MediaUsage::default(),
            load_waits: Counter::default(),
            compressions: Counter::default(),
        };
        metrics.register();
        metrics
    }
}

fn duration_histogram() -> Histogram {
    Histogram::new(DURATION_BUCKETS)
}

impl Metrics {
    fn register(&mut self) {
        let registry = &mut self.registry;
        registry.register(
            "http_requests",
            "HTTP requests answered, by route and status",
            self.requests.clone(),
        );
        registry.register_with_unit(
            "http_request_duration",
            "Time to answer an HTTP request (until its body starts), by route",
            Unit::Seconds,
            self.durations.clone(),
        );
        registry.register(
            "picture_jobs_queued",
            "Picture jobs waiting for their share of the picture memory budget",
            self.pictures_queued.clone(),
        );
        registry.register(
            "picture_jobs_running",
            "Picture jobs holding their share of the memory budget (decoding, resizing, encoding)",
            self.pictures_running.clone(),
        );
        registry.register("pins", "Pins in the database", self.pins.clone());
        registry.register("users", "Accounts in the database", self.users.clone());
        registry.register(
            "search_pending_pins",
            "Pins whose search documents may be behind the database",
            self.search_pending.clone(),
        );
        registry.register(
            "search_sweeps",
            "Renamed boards and users whose pins the search index has yet to take again",
            self.search_sweeps.clone(),
        );
        registry.register(
            "board_sweeps",
            "Boards made private or public, shared or unshared, or deleted, or whose owner was disabled or enabled, whose pins have yet to follow them",
            self.board_sweeps.clone(),
        );
        registry.register(
            "search_documents",
            "Pins the search index holds (compare with corkboard_pins)",
            self.search_documents.clone(),
        );
        registry.register_with_unit(
            "media",
            "Size of the picture files on disk, by folder (measured again each minute)",
            Unit::Bytes,
            self.media_bytes.clone(),
        );
        registry.register(
            "graphql_load_waits",
            "GraphQL fields that waited for a round of reads (those read ahead wait for none)",
            self.load_waits.clone(),
        );
        registry.register(
            "answers_compressed",
            "Answers compressed as they went out, or once to be kept for every visitor",
            self.compressions.clone(),
        );
    }

    /// Counts a GraphQL field that waits for its round of reads.
    pub fn note_load_wait(&self) {
        self.load_waits.inc();
    }

    /// How many GraphQL fields waited for a round of reads.
    pub fn load_waits(&self) -> u64 {
        self.load_waits.get()
    }

    /// Counts an answer compressed.
    pub fn note_compression(&self) {
        self.compressions.inc();
    }

    /// How many answers were compressed.
    pub fn compressions(&self) -> u64 {
        self.compressions.get()
    }

    /// Counts one answered request; `route` is a template, never a raw path.
    pub fn record_request(&self, route: &'static str, status: u16, seconds: f64) {
        self.requests
            .get_or_create(&RequestLabels { route, status })
            .inc();
        self.durations
            .get_or_create(&RouteLabels { route })
            .observe(seconds);
    }

    /// Counts a picture job as waiting for the memory budget until the guard is dropped.
    pub(crate) fn picture_queued(&self) -> InGauge {
        InGauge::new(&self.pictures_queued)
    }

    /// Counts a picture job as running until the guard is dropped.
    pub(crate) fn picture_running(&self) -> InGauge {
        InGauge::new(&self.pictures_running)
    }
}

/// One unit of a gauge, given back when dropped (also when the waiting request goes away).
pub(crate) struct InGauge(Gauge);

impl InGauge {
    fn new(gauge: &Gauge) -> InGauge {
        gauge.inc();
        InGauge(gauge.clone())
    }
}

impl Drop for InGauge {
    fn drop(&mut self) {
        self.0.dec();
    }
}

/// What a scrape reads from the data folder.
pub(crate) struct Figures {
    pub(crate) pins: u64,
    pub(crate) users: u64,
    pub(crate) search_pending: u64,
    pub(crate) search_sweeps: u64,
    pub(crate) board_sweeps: u64,
    pub(crate) search_documents: u64,
}

impl Metrics {
    /// Every metric as OpenMetrics text, with `figures` and the media folders' sizes.
    pub(crate) fn encode(&self, figures: Figures, media: &MediaStore) -> AppResult<String> {
        self.pins.set(as_gauge(figures.pins));
        self.users.set(as_gauge(figures.users));
        self.search_pending.set(as_gauge(figures.search_pending));
        self.search_sweeps.set(as_gauge(figures.search_sweeps));
        self.board_sweeps.set(as_gauge(figures.board_sweeps));
        self.search_documents
            .set(as_gauge(figures.search_documents));
        for (folder, bytes) in self.media_usage.bytes(media) {
            self.media_bytes
                .get_or_create(&FolderLabels { folder })
                .set(as_gauge(bytes));
        }
        let mut text = String::new();
        encode(&mut text, &self.registry).map_err(anyhow::Error::from)?;
        Ok(text)
    }
}

fn as_gauge(count: u64) -> i64 {
    i64::try_from(count).unwrap_or(i64::MAX)
}
