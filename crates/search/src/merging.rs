//! When the index merges its segments: sooner than Tantivy's log merge policy, since each
//! segment a search visits costs it a ranking of its own, yet without merging thousands of pins
//! at every write.

use tantivy::IndexWriter;
use tantivy::index::SegmentMeta;
use tantivy::indexer::{LogMergePolicy, MergeCandidate, MergePolicy};

/// Segments of at least this many documents are large: two of a size merge at once. Smaller
/// ones merge four at once (Tantivy's policy counts them all of a size), so that writes merge
/// the small segments one time in three.
const LARGE: u32 = 16_384;

/// Segments are of a size when the larger holds at most this many times the other's documents.
const SIZE_RATIO: f64 = 4.0;

/// Makes `writer` merge by `FewSegments`.
pub(crate) fn merge_sooner(writer: &IndexWriter) {
    writer.set_merge_policy(Box::<FewSegments>::default());
}

/// Tantivy's log merge policy twice: for the small segments and for the large ones.
#[derive(Debug)]
struct FewSegments {
    small: LogMergePolicy,
    large: LogMergePolicy,
}

impl Default for FewSegments {
    fn default() -> FewSegments {
        let tier = |merged_at_once: usize| {
            let mut policy = LogMergePolicy::default();
            policy.set_min_num_segments(merged_at_once);
            policy.set_level_log_size(SIZE_RATIO.log2());
            policy
        };
        FewSegments {
            small: tier(4),
            large: tier(2),
        }
    }
}

impl MergePolicy for FewSegments {
    fn compute_merge_candidates(&self, segments: &[SegmentMeta]) -> Vec<MergeCandidate> {
        let (large, small): (Vec<SegmentMeta>, Vec<SegmentMeta>) = segments
            .iter()
            .cloned()
            .partition(|segment| segment.num_docs() >= LARGE);
        let mut candidates = self.small.compute_merge_candidates(&small);
        candidates.extend(self.large.compute_merge_candidates(&large));
        candidates
    }
}

#[cfg(test)]
mod tests {
    use tantivy::schema::{INDEXED, Schema};
    use tantivy::{Index, doc};

    use super::*;

    /// The documents of each segment once the index has committed segments of `sizes`, one
    /// after another, and its merges have ended.
    fn segments_after_commits(sizes: &[u32]) -> Vec<u32> {
        let mut schema = Schema::builder();
        let number = schema.add_u64_field("number", INDEXED);
        let index = Index::create_in_ram(schema.build());
        // One thread, with room for a whole commit: each commit makes one segment.
        let mut writer: IndexWriter = index.writer_with_num_threads(1, 100_000_000).unwrap();
        merge_sooner(&writer);
        for &size in sizes {
            for n in 0..size {
                writer.add_document(doc!(number => u64::from(n))).unwrap();
            }
            writer.commit().unwrap();
        }
        writer.wait_merging_threads().unwrap();
        let mut sizes: Vec<u32> = (index.searchable_segment_metas().unwrap().iter())
            .map(|segment| segment.num_docs())
            .collect();
        sizes.sort_unstable();
        sizes
    }

    #[test]
    fn small_segments_merge_four_at_once() {
        assert_eq!(segments_after_commits(&[10, 10, 10]), [10, 10, 10]);
        assert_eq!(segments_after_commits(&[10, 10, 10, 10]), [40]);
        assert_eq!(segments_after_commits(&[15_000, 1, 1, 1]), [15_003]);
    }

    #[test]
    fn large_segments_merge_two_of_a_size_at_once() {
        assert_eq!(segments_after_commits(&[20_000, 20_000]), [40_000]);
        assert_eq!(segments_after_commits(&[90_000, 20_000]), [20_000, 90_000]);
        assert_eq!(segments_after_commits(&[20_000, 100]), [100, 20_000]);
    }
}
