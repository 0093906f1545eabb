//! Small in-memory indexes of several segments, for the tests of what walks segments.

use tantivy::indexer::NoMergePolicy;
use tantivy::schema::{Field, STRING, Schema, TEXT};
use tantivy::{Index, Searcher, Term, doc};

/// Numbers below a bound, the same ones from the same seed.
pub fn numbers(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |below| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % below
    }
}

/// An index of one segment per list of captions, as a `caption` text field (returned), each
/// segment committed apart and never merged; then the `n`th caption of a segment is deleted
/// where `deleted(segment, n)`.
pub(crate) fn index_of(
    segments: &[Vec<String>],
    deleted: impl Fn(usize, usize) -> bool,
) -> (Searcher, Field) {
    let pairs: Vec<Vec<[String; 2]>> = segments
        .iter()
        .map(|captions| {
            let pair = |caption: &String| [caption.clone(), String::new()];
            captions.iter().map(pair).collect()
        })
        .collect();
    let (searcher, [caption, _]) = index_of_pairs(&pairs, deleted);
    (searcher, caption)
}

/// As `index_of`, with two text fields of each document: `caption` and `own`.
pub(crate) fn index_of_pairs(
    segments: &[Vec<[String; 2]>],
    deleted: impl Fn(usize, usize) -> bool,
) -> (Searcher, [Field; 2]) {
    let mut schema = Schema::builder();
    let caption = schema.add_text_field("caption", TEXT);
    let own = schema.add_text_field("own", TEXT);
    let key = schema.add_text_field("key", STRING);
    let index = Index::create_in_ram(schema.build());
    let mut writer = index.writer_with_num_threads(1, 15_000_000).unwrap();
    writer.set_merge_policy(Box::new(NoMergePolicy));
    let name = |segment, n| format!("{segment}-{n}");
    for (segment, texts) in segments.iter().enumerate() {
        for (n, [text, own_text]) in texts.iter().enumerate() {
            let document =
                doc!(caption => text.as_str(), own => own_text.as_str(), key => name(segment, n));
            writer.add_document(document).unwrap();
        }
        writer.commit().unwrap();
    }
    for (segment, texts) in segments.iter().enumerate() {
        for n in (0..texts.len()).filter(|n| deleted(segment, *n)) {
            writer.delete_term(Term::from_field_text(key, &name(segment, n)));
        }
    }
    writer.commit().unwrap();
    let searcher = index.reader().unwrap().searcher();
    assert_eq!(searcher.segment_readers().len(), segments.len());
    (searcher, [caption, own])
}
