//! The Tantivy search index over pins, in `DATA_DIR/index/`: derived from redb, kept in step on
//! every pin change, and rebuilt when missing, damaged, out of step or of another schema version.

pub mod document;
mod merging;
pub mod query;
mod read_alikes;
pub mod results;
mod sweeper;
mod text;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::Context;
use redb::Durability;
use tantivy::schema::{
    FAST, Field, INDEXED, IndexRecordOption, STORED, Schema, TextFieldIndexing, TextOptions,
};
use tantivy::tokenizer::{
    AsciiFoldingFilter, LowerCaser, RawTokenizer, RemoveLongFilter, SimpleTokenizer, TextAnalyzer,
};
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term};

use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{PinId, UserId};
use corkboard_domain::policy::AudienceKey;
use corkboard_store::background::Background;
use corkboard_store::memo::Memo;
use corkboard_store::{CommitFollower, Store, search_pending, search_sweeps};

/// Bump when the schema or the way documents are built changes: the index is then rebuilt.
const SCHEMA_VERSION: &str = "8";
const VERSION_FILE: &str = "corkboard-schema-version";
const WRITER_MEMORY: usize = 50_000_000;
/// How many matches a search counts; beyond, a page says "10,000+" rather than walk them all.
pub const COUNTED_AT_MOST: usize = 10_000;

/// The index's fields.
#[derive(Clone, Copy)]
pub struct Fields {
    pub id: Field,
    /// The keys of the pin's audience (see `audience_term`).
    pub audience: Field,
    /// Every word of a pin the public may see: title, caption, tags, board titles, owner's names,
    /// source domain; the title's words three times and the tags' twice, so that they rank
    /// higher. A search of a visitor asks this field alone, which Tantivy answers fastest.
    pub words: Field,
    /// Words only some readers may find, as `{reader}|{word}` for each reader: the words of a
    /// pin the public may not see (weighted as in `words`), and of the titles of its private
    /// boards.
    pub reader_words: Field,
    /// Whole tags, folded, for tag search and suggestions.
    pub tag: Field,
    /// Tags as written, for suggestions.
    pub tag_name: Field,
    /// The ids of the boards the pin is on, for a search of one board.
    pub board: Field,
    /// The id of the pin's owner, for a search of one person's pins.
    pub owner: Field,
    /// The palette colour nearest the picture's dominant colour (`domain::colour`), for a search
    /// of pictures of one colour.
    pub colour: Field,
}

/// The pin ids of hits, read from the `id` fast field (`columns`, one per segment, not the
/// stored documents).
pub(crate) fn pin_ids(
    columns: &[tantivy::columnar::Column<u64>],
    hits: &[(f32, tantivy::DocAddress)],
) -> Vec<u64> {
    hits.iter()
        .map(|(_, address)| {
            columns[address.segment_ord as usize]
                .first(address.doc_id)
                .unwrap_or_default()
        })
        .collect()
}

/// The search index, cheap to clone.
#[derive(Clone)]
pub struct SearchIndex {
    index: Index,
    reader: IndexReader,
    writer: Arc<Mutex<IndexWriter>>,
    cache: Arc<results::ResultCache>,
    /// The thread that sweeps (see `sweeper`).
    sweeper: Background,
    /// How many pins' documents were indexed right after the writes that changed them (tests
    /// tell them from what sweeps index in the background).
    followed: Arc<AtomicU64>,
    pub fields: Fields,
}

fn schema() -> (Schema, Fields) {
    let mut builder = Schema::builder();
    let folded = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer("folded")
            .set_index_option(IndexRecordOption::WithFreqs),
    );
    let whole = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer("whole")
            .set_index_option(IndexRecordOption::Basic),
    );
    let raw = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer("raw")
            .set_index_option(IndexRecordOption::WithFreqs),
    );
    let fields = Fields {
        id: builder.add_u64_field("id", INDEXED | FAST | STORED),
        audience: builder.add_u64_field("audience", INDEXED),
        words: builder.add_text_field("words", folded),
        reader_words: builder.add_text_field("reader_words", raw),
        tag: builder.add_text_field("tag", whole),
        tag_name: builder.add_text_field("tag_name", STORED),
        board: builder.add_u64_field("board", INDEXED),
        owner: builder.add_u64_field("owner", INDEXED),
        colour: builder.add_u64_field("colour", INDEXED),
    };
    (builder.build(), fields)
}

fn folded_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(60))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .build()
}

fn register_tokenizers(index: &Index) {
    let folded = folded_analyzer();
    let whole = TextAnalyzer::builder(RawTokenizer::default())
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .build();
    index.tokenizers().register("folded", folded);
    index.tokenizers().register("whole", whole);
}

/// The audience term of a pin the public may not see: tag searches leave such pins out unless the
/// viewer is among their readers, which is faster than asking for the few pins they may see
/// among the many public ones.
pub(crate) const RESTRICTED: u64 = u64::MAX;

/// An audience key as the index keeps it: 0 for the public, else the reader's user id (ids start at 1).
pub(crate) fn audience_term(key: AudienceKey) -> u64 {
    match key {
        AudienceKey::Public => 0,
        AudienceKey::Reader(user) => user.0,
    }
}

/// The folded words of a text, as the `words` field keeps them (and user queries are cut into).
pub fn words(text: &str) -> Vec<String> {
    let mut analyzer = folded_analyzer();
    let mut stream = analyzer.token_stream(text);
    let mut words = Vec::new();
    while let Some(token) = stream.next() {
        words.push(token.text.clone());
    }
    words
}

/// A word as one reader finds it in `reader_words`.
pub(crate) fn private_word(reader: UserId, word: &str) -> String {
    format!("{}|{word}", reader.0)
}

/// A tag as the index keeps it: lowercase, accents folded.
pub fn fold(text: &str) -> String {
    let mut analyzer = TextAnalyzer::builder(RawTokenizer::default())
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .build();
    let mut stream = analyzer.token_stream(text);
    let mut folded = String::new();
    while let Some(token) = stream.next() {
        folded.push_str(&token.text);
    }
    folded
}

impl SearchIndex {
    /// Opens the index in `dir`, or makes a new empty one when it is missing, damaged or of
    /// another schema version (then to be filled by `rebuild`).
    pub fn open(dir: &Path) -> anyhow::Result<SearchIndex> {
        match Self::open_existing(dir) {
            Ok(index) => Ok(index),
            Err(reason) => {
                tracing::info!(%reason, "the search index will be rebuilt");
                Self::create(dir)
            }
        }
    }

    /// Makes a new empty index in `dir`, in place of whatever was there (then to be filled by
    /// `rebuild`).
    pub fn create(dir: &Path) -> anyhow::Result<SearchIndex> {
        if dir.exists() {
            std::fs::remove_dir_all(dir)
                .with_context(|| format!("cannot clear {}", dir.display()))?;
        }
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let (schema, fields) = schema();
        let index = Index::create_in_dir(dir, schema)?;
        std::fs::write(version_file(dir), SCHEMA_VERSION)?;
        Self::wrap(index, fields)
    }

    fn open_existing(dir: &Path) -> anyhow::Result<SearchIndex> {
        let version = std::fs::read_to_string(version_file(dir)).context("no index here")?;
        anyhow::ensure!(version.trim() == SCHEMA_VERSION, "another schema version");
        let index = Index::open_in_dir(dir)?;
        let (schema, fields) = schema();
        anyhow::ensure!(index.schema() == schema, "another schema");
        Self::wrap(index, fields)
    }

    fn wrap(index: Index, fields: Fields) -> anyhow::Result<SearchIndex> {
        register_tokenizers(&index);
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        let writer: IndexWriter = index.writer(WRITER_MEMORY)?;
        merging::merge_sooner(&writer);
        // A process killed within a commit leaves files `meta.json` does not name, such as a
        // segment's delete file `{segment}.{opstamp}.del`; the next commit reaching the same
        // opstamp would fail to create it again.
        writer
            .garbage_collect_files()
            .wait()
            .context("cannot remove what an interrupted commit left")?;
        Ok(SearchIndex {
            index,
            reader,
            writer: Arc::new(Mutex::new(writer)),
            cache: Arc::default(),
            sweeper: Background::default(),
            followed: Arc::default(),
            fields,
        })
    }

    /// The same index with an empty cache of results, as a new process would search it.
    #[cfg(test)]
    pub(crate) fn with_fresh_cache(&self) -> SearchIndex {
        SearchIndex {
            cache: Arc::default(),
            ..self.clone()
        }
    }

    pub fn reader(&self) -> &IndexReader {
        &self.reader
    }

    pub fn index(&self) -> &Index {
        &self.index
    }

    /// How many pins' documents were indexed right after the writes that changed them.
    pub fn followed_count(&self) -> u64 {
        self.followed.load(Ordering::Relaxed)
    }

    /// How many pins the index holds.
    pub fn len(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Brings the documents of `pins` in line with the database (a pin gone is removed), then
    /// commits: the change is searchable when this returns.
    pub fn update(&self, store: &Store, pins: &[PinId]) -> AppResult<()> {
        if pins.is_empty() {
            return Ok(());
        }
        // Read under the writer's lock: of two updates of a pin, the one indexing last has read
        // last, so an older document never replaces a newer one.
        let mut writer = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        let (documents, marks) = store.read(|read| {
            let mut memo = Memo::new(read);
            let documents = pins
                .iter()
                .map(|pin| Ok((*pin, document::build(&mut memo, &self.fields, *pin)?)))
                .collect::<AppResult<Vec<_>>>()?;
            Ok((documents, search_pending::marks_of(read, pins)?))
        })?;
        let indexed = documents
            .into_iter()
            .try_for_each(|(pin, document)| {
                writer.delete_term(Term::from_field_u64(self.fields.id, pin.0));
                if let Some(document) = document {
                    writer
                        .add_document(document)
                        .context("cannot index a pin")?;
                }
                Ok(())
            })
            .and_then(|()| self.commit(&mut writer));
        if let Err(error) = indexed {
            self.roll_back(&mut writer);
            return Err(error);
        }
        search_pending::clear(store, &marks, Durability::None)
    }

    /// Empties the index and indexes every pin of the database again.
    pub fn rebuild(&self, store: &Store) -> AppResult<u64> {
        // Held from the snapshot on, so that no update made meanwhile is wiped out.
        let mut writer = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        let (documents, pending, sweeps) = store.read(|read| {
            let (mut documents, mut memo) = (Vec::<TantivyDocument>::new(), Memo::new(read));
            for pin in corkboard_store::pins::all_ids(read)? {
                documents.extend(document::build(&mut memo, &self.fields, pin)?);
            }
            let marks = search_pending::all_marks(read)?;
            Ok((documents, marks, search_sweeps::all(read)?))
        })?;
        let count = documents.len() as u64;
        let indexed = (|| {
            writer
                .delete_all_documents()
                .context("cannot empty the index")?;
            for document in documents {
                writer
                    .add_document(document)
                    .context("cannot index a pin")?;
            }
            self.commit(&mut writer)
        })();
        if let Err(error) = indexed {
            self.roll_back(&mut writer);
            return Err(error);
        }
        search_pending::clear(store, &pending, Durability::Immediate)?;
        search_sweeps::clear(store, &sweeps, Durability::Immediate)?;
        Ok(count)
    }

    /// Waits for the merges of segments that the last commit started, for a process that exits
    /// once it has committed (`corkboard seed`): cut short, they leave the index in more segments
    /// than a running server keeps (the 1M seed kept 15 where a server merged them into 7 at its
    /// first write), and every search visits each segment. Every clone must be dropped first.
    pub fn finish_merges(self) -> anyhow::Result<()> {
        let writer = Arc::try_unwrap(self.writer)
            .map_err(|_| anyhow::anyhow!("the search index is still in use"))?;
        writer
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .wait_merging_threads()
            .context("cannot merge the search index's segments")
    }

    /// Drops what a failed update added since the last commit and starts the writer afresh: a
    /// write that failed (a full disk) leaves it unable to commit again. The pins stay marked.
    fn roll_back(&self, writer: &mut IndexWriter) {
        if let Err(error) = writer.rollback() {
            tracing::error!(%error, "the search index writer could not be reset");
        }
        // `rollback` makes a new writer, with Tantivy's default policy.
        merging::merge_sooner(writer);
    }

    fn commit(&self, writer: &mut IndexWriter) -> AppResult<()> {
        writer.commit().context("cannot commit the search index")?;
        self.reader
            .reload()
            .context("cannot reload the search index")?;
        Ok(())
    }
}

impl CommitFollower for SearchIndex {
    /// A failure is logged: the index is derived data, and the pins stay marked for the next start.
    fn follow(&self, store: &Store, changed: &[PinId]) {
        self.followed
            .fetch_add(changed.len() as u64, Ordering::Relaxed);
        if let Err(error) = self.update(store, changed) {
            tracing::error!(?error, "the search index could not follow a change");
        }
    }

    fn sweep(&self, store: &Store) {
        self.sweep_in_background(store);
    }
}

/// The pin ids an index folder holds, once per document, read without changing anything (for
/// `corkboard check`); `None` when there is no index of this schema version there (the server
/// then rebuilds it).
pub fn indexed_pins(dir: &Path) -> anyhow::Result<Option<Vec<u64>>> {
    let Ok(version) = std::fs::read_to_string(version_file(dir)) else {
        return Ok(None);
    };
    if version.trim() != SCHEMA_VERSION {
        return Ok(None);
    }
    let index = Index::open_in_dir(dir)?;
    let reader: IndexReader = index
        .reader_builder()
        .reload_policy(ReloadPolicy::Manual)
        .try_into()?;
    let searcher = reader.searcher();
    let mut ids = Vec::new();
    for segment in searcher.segment_readers() {
        let column = segment.fast_fields().u64("id")?;
        for doc in segment.doc_ids_alive() {
            ids.extend(column.first(doc));
        }
    }
    Ok(Some(ids))
}

fn version_file(dir: &Path) -> PathBuf {
    dir.join(VERSION_FILE)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Indexes the pins anew, as `update` does, and commits.
    fn replace_pins(index: &SearchIndex, ids: &[u64]) -> AppResult<()> {
        let mut writer = index.writer.lock().unwrap();
        for id in ids {
            writer.delete_term(Term::from_field_u64(index.fields.id, *id));
            let mut document = TantivyDocument::new();
            document.add_u64(index.fields.id, *id);
            writer.add_document(document).unwrap();
        }
        index.commit(&mut writer)
    }

    fn copy_folder(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }

    /// Eight small commits make eight segments or more (one per indexing thread given
    /// documents), which the default merge policy merges into one once eight are committed;
    /// `finish_merges` lets that merge end before the process does (dropped, the index kept 9).
    #[test]
    fn the_merges_a_commit_starts_are_finished_before_a_seed_exits() {
        let folder = tempfile::tempdir().unwrap();
        let index = SearchIndex::create(folder.path()).unwrap();
        for first in (1..=80).step_by(10) {
            replace_pins(&index, &(first..first + 10).collect::<Vec<_>>()).unwrap();
        }
        index.finish_merges().unwrap();

        let index = SearchIndex::open(folder.path()).unwrap();
        let searcher = index.reader().searcher();
        assert_eq!(searcher.segment_readers().len(), 1);
        assert_eq!(index.len(), 80);
    }

    /// A process killed in a commit, after it wrote a segment's delete file and before it saved
    /// `meta.json`, leaves that file behind; the next process reaches the same opstamp and must
    /// still be able to commit.
    #[test]
    fn a_commit_cut_short_by_a_crash_does_not_block_the_next_one() {
        let folder = tempfile::tempdir().unwrap();
        let (live, crashed) = (folder.path().join("live"), folder.path().join("crashed"));
        {
            let index = SearchIndex::create(&live).unwrap();
            replace_pins(&index, &(1..=20).collect::<Vec<_>>()).unwrap();
        }
        copy_folder(&live, &crashed);
        {
            let index = SearchIndex::open(&live).unwrap();
            replace_pins(&index, &[1]).unwrap();
        }
        // What the killed commit had written: its delete file, and the list of managed files.
        for entry in std::fs::read_dir(&live).unwrap() {
            let name = entry.unwrap().file_name();
            let name = name.to_string_lossy();
            if name.ends_with(".del") || name == ".managed.json" {
                std::fs::copy(live.join(&*name), crashed.join(&*name)).unwrap();
            }
        }

        let index = SearchIndex::open(&crashed).unwrap();
        replace_pins(&index, &[1]).expect("the commit after the crash");
        assert_eq!(index.len(), 20);
    }
}
