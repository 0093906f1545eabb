//! The matches of a text search among the viewer's own words (`reader_words`): walked from the
//! viewer's postings of those words, which are few, each pin checked word by word in the public
//! words' kept postings (`impacts`). Tantivy's intersection of "public or own" unions filled a
//! window of each public word's matches for every pin it sought (a ninth of a signed-in search of
//! two words at a million pins); seeks in the public words' postings, a pin at a time, still
//! took 4% of the server.

use anyhow::Context;
use tantivy::fieldnorm::FieldNormReader;
use tantivy::postings::{Postings, SegmentPostings};
use tantivy::query::Bm25Weight;
use tantivy::{DocAddress, DocId, DocSet, Score, Searcher, SegmentReader, TERMINATED, Term};

use super::impacts::Impacts;
use super::ranking::{Top, postings_of, term_freq_of, weight};
use corkboard_domain::error::AppResult;

/// A word of a search: among the public words, and among the viewer's own (`None` for a
/// visitor).
pub struct Word {
    pub public: Term,
    pub own: Option<Term>,
}

/// How a pin holds a word: how often among the public words, and among the viewer's own (0 where
/// it does not).
#[derive(Clone, Copy, Default)]
struct Held {
    public: u32,
    own: u32,
}

/// Whether some of `words` may be among the viewer's own.
fn any_own(words: &[Word]) -> bool {
    words.iter().any(|word| word.own.is_some())
}

/// The `limit` best pins with every one of `words`, public or own, and one own at least, highest
/// score first (the lower address first among equal ones); a pin scores each word's public match
/// (by `public_weights`, a word's each) and its own match, as Tantivy's BM25 scores each.
pub fn best(
    searcher: &Searcher,
    impacts: &Impacts,
    words: &[Word],
    public_weights: &[Bm25Weight],
    limit: usize,
) -> AppResult<Vec<(Score, DocAddress)>> {
    let mut top = Top::new(limit);
    if limit == 0 || !any_own(words) {
        return Ok(top.into_sorted());
    }
    let mut own_weights: Option<Vec<Option<Bm25Weight>>> = None;
    for (ord, segment) in searcher.segment_readers().iter().enumerate() {
        let mut lengths: Option<(FieldNormReader, FieldNormReader)> = None;
        each_match(segment, impacts, words, public_weights, |doc, held| {
            let own_weights = match &own_weights {
                Some(weights) => weights,
                None => own_weights.insert(own_weights_of(searcher, words)?),
            };
            let (public, own) = match &lengths {
                Some(lengths) => lengths,
                None => lengths.insert(lengths_of(segment, words)?),
            };
            let (public, own) = (public.fieldnorm_id(doc), own.fieldnorm_id(doc));
            let mut score = 0.0;
            let weights = public_weights.iter().zip(own_weights);
            for ((public_weight, own_weight), held) in weights.zip(held) {
                if held.public > 0 {
                    score += public_weight.score(public, held.public);
                }
                if let Some(own_weight) = own_weight.as_ref().filter(|_| held.own > 0) {
                    score += own_weight.score(own, held.own);
                }
            }
            top.push(score, DocAddress::new(ord as u32, doc));
            Ok(())
        })?;
    }
    Ok(top.into_sorted())
}

/// How many pins have every one of `words`, public or own, and one own at least, but not every
/// word among the public ones (those are counted apart), up to `enough`.
pub(crate) fn count_not_all_public(
    searcher: &Searcher,
    impacts: &Impacts,
    words: &[Word],
    public_weights: &[Bm25Weight],
    enough: usize,
) -> AppResult<usize> {
    let mut count = 0;
    if !any_own(words) {
        return Ok(count);
    }
    for segment in searcher.segment_readers() {
        each_match(segment, impacts, words, public_weights, |_, held| {
            count += usize::from(held.iter().any(|held| held.public == 0));
            Ok(())
        })?;
        if count >= enough {
            return Ok(enough);
        }
    }
    Ok(count)
}

/// Calls `found` with each live pin of `segment` that has every one of `words`, public or own,
/// and one own at least, in document order, with how it holds each word (the public words' kept
/// postings made by `public_weights`, as the ranking makes them).
fn each_match(
    segment: &SegmentReader,
    impacts: &Impacts,
    words: &[Word],
    public_weights: &[Bm25Weight],
    mut found: impl FnMut(DocId, &[Held]) -> AppResult<()>,
) -> AppResult<()> {
    // The viewer's own postings of the words: (document, word, frequency), few.
    let mut own = Vec::new();
    for (at, word) in words.iter().enumerate() {
        let Some(mut postings) = word
            .own
            .as_ref()
            .map(|own| postings_of(segment, own))
            .transpose()?
            .flatten()
        else {
            continue;
        };
        while postings.doc() != TERMINATED {
            own.push((postings.doc(), at, postings.term_freq()));
            postings.advance();
        }
    }
    if own.is_empty() {
        return Ok(());
    }
    own.sort_unstable();
    let public = words
        .iter()
        .zip(public_weights)
        .map(|(word, weight)| impacts.of(segment, &word.public, weight))
        .collect::<AppResult<Vec<_>>>()?;
    // A public word's postings, opened for the rare pin that holds it more often than its kept
    // postings tell.
    let mut postings: Vec<Option<SegmentPostings>> = words.iter().map(|_| None).collect();
    let alive = segment.alive_bitset();
    let mut held = vec![Held::default(); words.len()];
    for pin in own.chunk_by(|a, b| a.0 == b.0) {
        let doc = pin[0].0;
        if alive.is_some_and(|alive| !alive.is_alive(doc)) {
            continue;
        }
        held.fill(Held::default());
        for &(_, at, freq) in pin {
            held[at].own = freq;
        }
        for (at, held) in held.iter_mut().enumerate() {
            let Some(kept) = public[at].as_ref() else {
                continue;
            };
            held.public = term_freq_of(kept, segment, &words[at].public, &mut postings[at], doc)?;
        }
        if held.iter().all(|held| held.public > 0 || held.own > 0) {
            found(doc, &held)?;
        }
    }
    Ok(())
}

/// Each word's BM25 weight among the viewer's own words, over the index.
fn own_weights_of(searcher: &Searcher, words: &[Word]) -> AppResult<Vec<Option<Bm25Weight>>> {
    let own = words.iter().map(|word| word.own.as_ref());
    own.map(|term| term.map(|term| weight(searcher, term)).transpose())
        .collect()
}

/// The lengths (fieldnorm ids) of the public words' field and of the viewer's own words' field.
fn lengths_of(
    segment: &SegmentReader,
    words: &[Word],
) -> AppResult<(FieldNormReader, FieldNormReader)> {
    let public = words[0].public.field();
    let own = words
        .iter()
        .find_map(|word| word.own.as_ref())
        .map_or(public, Term::field);
    let reader = |field| {
        segment
            .get_fieldnorms_reader(field)
            .context("search failed")
    };
    Ok((reader(public)?, reader(own)?))
}

#[cfg(test)]
mod tests {
    use tantivy::collector::{Count, TopDocs};
    use tantivy::query::{BooleanQuery, BoostQuery, Occur, Query, TermQuery};
    use tantivy::schema::IndexRecordOption;

    use super::*;
    use crate::test_segments::{index_of_pairs, numbers};

    fn word_query(term: &Term) -> Box<dyn Query> {
        Box::new(TermQuery::new(term.clone(), IndexRecordOption::WithFreqs))
    }

    /// The search as one Tantivy query: each word public or own, and one own word at least
    /// (which adds nothing to the score).
    fn as_one_query(words: &[Word]) -> BooleanQuery {
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = words
            .iter()
            .map(|word| {
                let either = [Some(&word.public), word.own.as_ref()]
                    .into_iter()
                    .flatten();
                let either = either
                    .map(|term| (Occur::Should, word_query(term)))
                    .collect();
                (
                    Occur::Must,
                    Box::new(BooleanQuery::new(either)) as Box<dyn Query>,
                )
            })
            .collect();
        let own = words.iter().filter_map(|word| word.own.as_ref());
        let any_own = BooleanQuery::new(own.map(|own| (Occur::Should, word_query(own))).collect());
        clauses.push((
            Occur::Must,
            Box::new(BoostQuery::new(Box::new(any_own), 0.0)),
        ));
        BooleanQuery::new(clauses)
    }

    fn close(a: Score, b: Score) -> bool {
        (a - b).abs() <= 1e-5 * b.abs().max(1.0)
    }

    /// Five segments of captions, a sixth of them with some of the viewer's own words too, a
    /// few deleted, some holding "sea" more often than an unkept posting tells: the best pins of
    /// one, two or three words (a word twice, a word found nowhere, a word the viewer has none
    /// of) are those Tantivy finds with the search as one query, scored the same; and those
    /// without every public word are counted as it counts them. The public words' postings are
    /// all kept (most, at the default), or nearly all not (8 at least).
    #[test]
    fn own_matches_are_those_of_the_search_as_one_tantivy_query() {
        for impacts in [Impacts::default(), Impacts::new(8)] {
            own_matches_with(&impacts);
        }
    }

    fn own_matches_with(impacts: &Impacts) {
        let words = ["blue", "sea", "boat", "sky", "gull"];
        let mut next = numbers(5);
        let mut text = |most: u64| {
            let length = 1 + next(most);
            let picked: Vec<&str> = (0..length).map(|_| words[next(5) as usize]).collect();
            picked.join(" ")
        };
        let segments: Vec<Vec<[String; 2]>> = [300, 50, 300, 7, 120]
            .into_iter()
            .map(|size| {
                (0..size)
                    .map(|n| {
                        let own = if n % 6 == 3 { text(3) } else { String::new() };
                        let mut caption = text(8);
                        if n % 9 == 3 {
                            caption.push_str(&" sea".repeat(17));
                        }
                        [caption, own]
                    })
                    .collect()
            })
            .collect();
        let (searcher, [caption, own]) = index_of_pairs(&segments, |_, n| n % 23 == 0);
        let word = |text: &str, mine: bool| Word {
            public: Term::from_field_text(caption, text),
            own: mine.then(|| Term::from_field_text(own, text)),
        };
        let asked = [
            vec![word("blue", true)],
            vec![word("blue", true), word("sea", true)],
            vec![word("blue", true), word("blue", true)],
            vec![word("gull", true), word("sky", false), word("sea", true)],
            vec![word("sea", true), word("nothing", true)],
        ];
        let mut compared = 0;
        for words in &asked {
            let query = as_one_query(words);
            let public: Vec<Bm25Weight> = words
                .iter()
                .map(|word| weight(&searcher, &word.public).unwrap())
                .collect();
            for limit in [1, 5, 40, 3000] {
                let expected = searcher
                    .search(&query, &TopDocs::with_limit(limit).order_by_score())
                    .unwrap();
                let found = best(&searcher, impacts, words, &public, limit).unwrap();
                assert_eq!(found.len(), expected.len(), "{limit}");
                for ((score, _), (expected, _)) in found.iter().zip(&expected) {
                    assert!(close(*score, *expected), "{score} {expected}");
                }
                if limit == 3000 {
                    let mut found = found.clone();
                    let mut expected = expected.clone();
                    found.sort_by_key(|(_, address)| *address);
                    expected.sort_by_key(|(_, address)| *address);
                    for ((score, at), (expected, expected_at)) in found.iter().zip(&expected) {
                        assert_eq!(at, expected_at);
                        assert!(close(*score, *expected), "{score} {expected}");
                    }
                    compared += found.len();
                }
            }
            let all_public = words
                .iter()
                .map(|word| (Occur::Must, word_query(&word.public)));
            let not_all_public = BooleanQuery::new(vec![
                (Occur::Must, Box::new(query) as Box<dyn Query>),
                (
                    Occur::MustNot,
                    Box::new(BooleanQuery::new(all_public.collect())),
                ),
            ]);
            let expected = searcher.search(&not_all_public, &Count).unwrap();
            assert_eq!(
                count_not_all_public(&searcher, impacts, words, &public, usize::MAX).unwrap(),
                expected
            );
            assert_eq!(
                count_not_all_public(&searcher, impacts, words, &public, 2).unwrap(),
                expected.min(2)
            );
        }
        assert!(compared > 100, "{compared}");
    }
}
