//! Queries whose answers async-graphql must merge as maps: one object field asked twice in a
//! selection (directly or through fragments), each time for other fields of it.
//!
//! async-graphql answers each occurrence of such a field and merges the two answers key by key.
//! Objects answered as their JSON text (`in_turn`, `raw_json`) cannot be merged so: the second
//! occurrence's fields were lost. Such a query is answered with every object as a map.

use std::collections::HashMap;
use std::future::Future;

use async_graphql::parser::types::{ExecutableDocument, Selection, SelectionSet};

tokio::task_local! {
    /// Set while a query whose answers merge is answered.
    static AS_MAPS: ();
}

/// Answers `answer` (a schema's execution) with every object as a map.
pub(crate) async fn with_objects_as_maps<T>(answer: impl Future<Output = T>) -> T {
    AS_MAPS.scope((), answer).await
}

/// Whether the query under way is answered with every object as a map.
pub(crate) fn objects_as_maps() -> bool {
    AS_MAPS.try_with(|_| ()).is_ok()
}

/// How many fields and fragment spreads the look at one query may count: past it, the query is
/// taken for one whose answers merge (answered as maps: right, only slower). A query of 256 KB
/// could otherwise spread a large fragment in thousands of places, each counted again.
const MOST_COUNTED: usize = 50_000;

/// How deep fragments may spread fragments before the query is taken for one whose answers
/// merge (the parser bounds the nesting of selections, not of spreads).
const DEEPEST_SPREAD: usize = 32;

/// Whether some selection of `document` asks for one response key twice, one of them an object
/// (with fields of its own), counting the fields its fragments add. Type conditions are not
/// looked at: a fragment on another type counts, and the answer is only slower.
pub(crate) fn merges_objects(document: &ExecutableDocument) -> bool {
    let operations = document.operations.iter();
    let sets = operations.map(|(_, operation)| &operation.node.selection_set.node);
    let fragments = document.fragments.values();
    let mut sets = sets.chain(fragments.map(|fragment| &fragment.node.selection_set.node));
    let mut budget = MOST_COUNTED;
    sets.any(|set| merges_within(document, set, &mut budget))
}

/// Whether `set`, or a selection nested in it, asks for an object's key twice.
fn merges_within(document: &ExecutableDocument, set: &SelectionSet, budget: &mut usize) -> bool {
    repeats_object(document, set, 0, &mut HashMap::new(), budget)
        || fields_merge(document, set, budget)
}

/// Whether the selection of a field of `set`, or of its inline fragments (whose keys `set`
/// counted already), asks for an object's key twice.
fn fields_merge(document: &ExecutableDocument, set: &SelectionSet, budget: &mut usize) -> bool {
    set.items.iter().any(|selection| match &selection.node {
        Selection::Field(field) => merges_within(document, &field.node.selection_set.node, budget),
        Selection::InlineFragment(inline) => {
            fields_merge(document, &inline.node.selection_set.node, budget)
        }
        // A fragment's own selections are looked at as the document's.
        Selection::FragmentSpread(_) => false,
    })
}

/// Counts the response keys of the fields of `set` and of its fragments into `keys`, each with
/// whether it is an object's; true as soon as an object's key comes twice, or when the budget or
/// the depth of spreads runs out.
fn repeats_object<'a>(
    document: &'a ExecutableDocument,
    set: &'a SelectionSet,
    spreads: usize,
    keys: &mut HashMap<&'a str, bool>,
    budget: &mut usize,
) -> bool {
    set.items.iter().any(|selection| {
        let Some(left) = budget.checked_sub(1) else {
            return true;
        };
        *budget = left;
        match &selection.node {
            Selection::Field(field) => {
                let object = !field.node.selection_set.node.items.is_empty();
                let key = field.node.response_key().node.as_str();
                keys.insert(key, object)
                    .is_some_and(|before| before || object)
            }
            Selection::InlineFragment(inline) => {
                let inner = &inline.node.selection_set.node;
                repeats_object(document, inner, spreads, keys, budget)
            }
            Selection::FragmentSpread(fragment) => {
                let name = fragment.node.fragment_name.node.as_str();
                match document.fragments.get(name) {
                    _ if spreads == DEEPEST_SPREAD => true,
                    Some(definition) => {
                        let inner = &definition.node.selection_set.node;
                        repeats_object(document, inner, spreads + 1, keys, budget)
                    }
                    None => false,
                }
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use async_graphql::parser::parse_query;

    use super::*;

    fn merges(query: &str) -> bool {
        merges_objects(&parse_query(query).unwrap())
    }

    #[test]
    fn an_object_asked_twice_merges_and_a_plain_field_or_an_alias_does_not() {
        assert!(!merges(
            "{ pins(first: 2) { edges { node { id title } } } }"
        ));
        assert!(!merges("{ me { id id } }"));
        assert!(!merges("{ a: pin(id: 1) { id } b: pin(id: 2) { title } }"));
        assert!(merges(
            "{ pins { edges { node { id } } edges { node { title } } } }"
        ));
        assert!(merges(
            "{ pins { edges { node { id } } ... on PinConnection { edges { cursor } } } }"
        ));
        assert!(merges(
            "{ me { ...A ...B } } fragment A on User { boards { totalCount } } \
             fragment B on User { boards { edges { cursor } } }"
        ));
        assert!(merges(
            "{ me { ...A } } fragment A on User { boards { totalCount } boards { edges { cursor } } }"
        ));
    }

    #[test]
    fn a_fragment_cycle_or_a_query_too_large_to_look_at_is_taken_for_one_that_merges() {
        assert!(merges(
            "{ me { ...A } } fragment A on User { id ...B } fragment B on User { ...A }"
        ));
        let fields: Vec<String> = (0..2_000).map(|n| format!("f{n}")).collect();
        let spread_often = format!(
            "{{ {} }} fragment F on User {{ {} }}",
            (0..100)
                .map(|n| format!("a{n}: me {{ ...F }}"))
                .collect::<Vec<_>>()
                .join(" "),
            fields.join(" ")
        );
        assert!(merges(&spread_often));
        let few = format!(
            "{{ me {{ ...F }} }} fragment F on User {{ {} }}",
            fields.join(" ")
        );
        assert!(!merges(&few));
    }
}
