//! Counting the documents that hold every one of some terms, a block of postings at a time: the
//! rarest term's blocks are narrowed by the bitsets of the common terms (see `common_words`) and
//! by a merge with each other term's blocks, where Tantivy's intersection seeks every term for
//! every document; when every term is common, by an AND of their bitsets, 64 documents at once.

use std::sync::Arc;

use anyhow::Context;
use tantivy::fastfield::AliveBitSet;
use tantivy::postings::{BlockSegmentPostings, TermInfo};
use tantivy::schema::IndexRecordOption;
use tantivy::{DocId, InvertedIndexReader, Searcher, Term};

use super::common_words::{Bits, CommonWords};
use corkboard_domain::error::AppResult;

/// How many live documents hold every one of `terms`, counted up to `enough`; 0 when `terms` is
/// empty.
pub(crate) fn count_with_all(
    searcher: &Searcher,
    common: &CommonWords,
    terms: &[Term],
    enough: usize,
) -> AppResult<usize> {
    if terms.is_empty() {
        return Ok(0);
    }
    let mut count = 0;
    for segment in searcher.segment_readers() {
        // Each term's postings are opened only where they are read: a common term's bitset,
        // once made, needs its count of documents alone.
        let mut lists = Vec::with_capacity(terms.len());
        for term in terms {
            let inverted = segment
                .inverted_index(term.field())
                .context("search failed")?;
            match inverted.get_term_info(term).context("search failed")? {
                Some(info) => lists.push((term, inverted, info)),
                None => break,
            }
        }
        if lists.len() < terms.len() {
            continue;
        }
        lists.sort_by_key(|(_, _, info)| info.doc_freq);
        let postings = |inverted: &InvertedIndexReader, info: &TermInfo| -> AppResult<_> {
            let postings =
                inverted.read_block_postings_from_terminfo(info, IndexRecordOption::Basic);
            Ok(postings.context("search failed")?)
        };
        let mut lists = lists.into_iter();
        let (lead_term, lead_inverted, lead_info) = lists.next().expect("a term at least");
        let (mut sets, mut others) = (Vec::new(), Vec::new());
        for (term, inverted, info) in lists {
            if common.is_common(segment, info.doc_freq) {
                sets.push(common.documents(segment, term, || postings(&inverted, &info))?);
            } else {
                others.push(postings(&inverted, &info)?);
            }
        }
        let alive = segment.alive_bitset();
        if sets.is_empty() && others.is_empty() && alive.is_none() {
            count += lead_info.doc_freq as usize;
        } else if common.is_common(segment, lead_info.doc_freq) {
            // The rarest word is common, and so is every other: all have bitsets.
            sets.push(
                common.documents(segment, lead_term, || postings(&lead_inverted, &lead_info))?,
            );
            count += count_in_every_set(&sets, alive, enough - count);
        } else {
            let mut lead = postings(&lead_inverted, &lead_info)?;
            let mut found = Vec::with_capacity(lead.docs().len());
            while !lead.docs().is_empty() && count < enough {
                found.clear();
                found.extend_from_slice(lead.docs());
                for set in &sets {
                    keep_where(&mut found, |doc| set.contains(doc));
                }
                for other in others.iter_mut() {
                    keep_those_in(&mut found, other);
                }
                count += match alive {
                    None => found.len(),
                    Some(alive) => found.iter().filter(|doc| alive.is_alive(**doc)).count(),
                };
                lead.advance();
            }
        }
        if count >= enough {
            return Ok(enough);
        }
    }
    Ok(count)
}

/// How many documents of a segment a count ANDs at once before it checks whether it has counted
/// enough: 64 words of bits, which the processor ANDs and counts without a branch between them.
const RUN_WORDS: usize = 64;

/// How many live documents every one of `sets` holds, counted a run of words at a time, up to
/// `enough` or a little more: for common words, an AND of their bitsets is cheaper than decoding
/// the rarest one's postings.
fn count_in_every_set(sets: &[Arc<Bits>], alive: Option<&AliveBitSet>, enough: usize) -> usize {
    // Counting a word's bits is one instruction where the processor has it, about a dozen
    // without, and half the count's work (release builds target the x86-64 baseline, which
    // lacks it, so that the binary runs on any x86-64 processor).
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the processor has the instruction the function is compiled to use.
        return unsafe { count_in_every_set_with_popcnt(sets, alive, enough) };
    }
    count_every(sets, alive, enough)
}

/// [`count_every`], compiled to count a word's bits with `popcnt`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn count_in_every_set_with_popcnt(
    sets: &[Arc<Bits>],
    alive: Option<&AliveBitSet>,
    enough: usize,
) -> usize {
    count_every(sets, alive, enough)
}

/// The count of [`count_in_every_set`], inlined into each caller so that it takes the caller's
/// target features.
#[inline(always)]
fn count_every(sets: &[Arc<Bits>], alive: Option<&AliveBitSet>, enough: usize) -> usize {
    let (first, rest) = sets.split_first().expect("a set at least");
    // With one set, the first is its own second.
    let (second, rest) = rest.split_first().unwrap_or((first, rest));
    let mut every = [0u64; RUN_WORDS];
    let mut count = 0;
    for (run, words) in first.words().chunks(RUN_WORDS).enumerate() {
        let start = run * RUN_WORDS;
        let every = &mut every[..words.len()];
        // The first two sets ANDed as they are read, where a copy of the first took a pass.
        let seconds = &second.words()[start..start + every.len()];
        for ((every, word), second) in every.iter_mut().zip(words).zip(seconds) {
            *every = word & second;
        }
        for set in rest {
            let words = &set.words()[start..start + every.len()];
            for (every, word) in every.iter_mut().zip(words) {
                *every &= word;
            }
        }
        count += match alive {
            None => every.iter().map(|word| word.count_ones() as usize).sum(),
            Some(alive) => live_in(every, start, alive),
        };
        if count >= enough {
            break;
        }
    }
    count
}

/// How many of the documents set in `words`, the first of which holds documents `64 * start`
/// onwards, are alive.
#[inline(always)]
fn live_in(words: &[u64], start: usize, alive: &AliveBitSet) -> usize {
    let mut live = 0;
    for (at, &word) in words.iter().enumerate() {
        let first = ((start + at) * 64) as DocId;
        let mut bits = word;
        while bits != 0 {
            live += usize::from(alive.is_alive(first + bits.trailing_zeros()));
            bits &= bits - 1;
        }
    }
    live
}

/// Keeps of `items` those for which `keep` holds, without a branch to mispredict (as below).
#[inline]
pub(super) fn keep_where<T: Copy>(items: &mut Vec<T>, keep: impl Fn(T) -> bool) {
    let mut kept = 0;
    for next in 0..items.len() {
        let item = items[next];
        items[kept] = item;
        kept += usize::from(keep(item));
    }
    items.truncate(kept);
}

/// Keeps of `docs` (ascending) those `postings` holds. `postings` only moves forward, so the
/// next call must start at or beyond the last of these `docs`.
fn keep_those_in(docs: &mut Vec<DocId>, postings: &mut BlockSegmentPostings) {
    let (mut kept, mut next) = (0, 0);
    while next < docs.len() {
        let start = postings.seek(docs[next]);
        let Some(block) = postings.docs().get(start..).filter(|rest| !rest.is_empty()) else {
            break;
        };
        // A merge without branches to mispredict: the two lists' steps depend on the data.
        let mut at = 0;
        while next < docs.len() && at < block.len() {
            let (doc, held) = (docs[next], block[at]);
            docs[kept] = doc;
            kept += usize::from(doc == held);
            next += usize::from(doc <= held);
            at += usize::from(held <= doc);
        }
    }
    docs.truncate(kept);
}

#[cfg(test)]
mod tests {
    use tantivy::collector::Count;
    use tantivy::query::{BooleanQuery, Occur, Query, TermQuery};

    use super::*;
    use crate::test_segments::{index_of, numbers};

    /// Four segments of up to a few thousand captions drawn from six words, common and rare,
    /// some deleted: every count of one, two or three words, up to any limit, is Tantivy's,
    /// whether common words are counted by their bitsets in every segment, in the large ones
    /// only, or in none.
    #[test]
    fn counts_are_those_of_tantivys_intersection() {
        // Each word with one caption in how many holding it: "tern" is not common anywhere.
        let words = [
            ("blue", 1),
            ("sea", 3),
            ("boat", 5),
            ("sky", 7),
            ("gull", 9),
            ("tern", 40),
        ];
        let mut next = numbers(11);
        let mut random_caption = || {
            let text: Vec<&str> = words
                .iter()
                .filter(|(_, one_in)| next(*one_in) == 0)
                .map(|(word, _)| *word)
                .collect();
            text.join(" ")
        };
        let segments: Vec<Vec<String>> = [3000, 129, 1000, 4100]
            .into_iter()
            .map(|size| (0..size).map(|_| random_caption()).collect())
            .collect();
        let (searcher, caption) = index_of(&segments, |segment, n| segment != 1 && n % 7 == 0);
        let term = |word: &str| Term::from_field_text(caption, word);
        let asked: Vec<Vec<&str>> = vec![
            vec!["blue"],
            vec!["gull"],
            vec!["blue", "sea"],
            vec!["sea", "gull"],
            vec!["gull", "blue"],
            vec!["tern", "blue"],
            vec!["tern", "sea"],
            vec!["blue", "sea", "boat"],
            vec!["sky", "gull", "sea"],
            vec!["blue", "nothing"],
        ];
        let bitsets_in = [
            CommonWords::for_segments_of(0),
            CommonWords::for_segments_of(1000),
            CommonWords::for_segments_of(u32::MAX),
        ];
        for words in asked {
            let terms: Vec<Term> = words.iter().map(|word| term(word)).collect();
            let clauses: Vec<(Occur, Box<dyn Query>)> = terms
                .iter()
                .map(|term| {
                    let query = TermQuery::new(term.clone(), IndexRecordOption::Basic);
                    (Occur::Must, Box::new(query) as Box<dyn Query>)
                })
                .collect();
            let all = searcher
                .search(&BooleanQuery::new(clauses), &Count)
                .unwrap();
            assert!(words.contains(&"nothing") || all > 20, "{words:?}: {all}");
            for common in &bitsets_in {
                for enough in [1, 5, 128, all / 2, all, all + 1, usize::MAX] {
                    let counted = count_with_all(&searcher, common, &terms, enough).unwrap();
                    assert_eq!(counted, all.min(enough), "{words:?} up to {enough}");
                }
            }
        }
        // Every word but "tern", each in a search of common words or where a rarer word leads,
        // has a bitset in every segment, or in the three of 1,000 documents and more, or in none.
        let kept: Vec<usize> = bitsets_in.iter().map(CommonWords::kept_count).collect();
        assert_eq!(kept, [5 * 4, 5 * 3, 0]);
        assert_eq!(
            count_with_all(&searcher, &bitsets_in[0], &[], 10).unwrap(),
            0
        );
    }
}
