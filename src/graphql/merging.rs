//! Queries whose answers async-graphql must merge as maps: one object field asked twice in a
//! selection (directly or through fragments), each time for other fields of it.
//!
//! async-graphql answers each occurrence of such a field and merges the two answers key by key.
//! Objects answered as their JSON text (`in_turn`, `raw_json`) cannot be merged so: the second
//! occurrence's fields were lost. Such a query is answered with every object as a map.

use std::collections::HashSet;
use std::future::Future;

use async_graphql::parser::types::{ExecutableDocument, Selection, SelectionSet};

tokio::task_local! {
    /// Set while a query whose answers merge is answered.
    static AS_MAPS: ();
}

/// Answers `answer` (a schema's execution) with every object as a map.
pub async fn with_objects_as_maps<T>(answer: impl Future<Output = T>) -> T {
    AS_MAPS.scope((), answer).await
}

/// Whether the query under way is answered with every object as a map.
pub fn objects_as_maps() -> bool {
    AS_MAPS.try_with(|_| ()).is_ok()
}

/// Whether some selection of `document` asks for one response key twice, one of them an object
/// (with fields of its own), counting the fields its fragments add. Type conditions are not
/// looked at: a fragment on another type counts, and the answer is only slower.
pub fn merges_objects(document: &ExecutableDocument) -> bool {
    let operations = document.operations.iter();
    let sets = operations.map(|(_, operation)| &operation.node.selection_set.node);
    let fragments = document.fragments.values();
    let mut sets = sets.chain(fragments.map(|fragment| &fragment.node.selection_set.node));
    sets.any(|set| merges_within(document, set))
}

/// Whether `set`, or a selection nested in it, asks for an object's key twice.
fn merges_within(document: &ExecutableDocument, set: &SelectionSet) -> bool {
    let mut keys = Vec::new();
    collect_keys(document, set, &mut HashSet::new(), &mut keys);
    let repeated = keys.iter().enumerate().any(|(index, (key, object))| {
        keys[index + 1..]
            .iter()
            .any(|(other, other_object)| other == key && (*object || *other_object))
    });
    repeated
        || set.items.iter().any(|selection| match &selection.node {
            Selection::Field(field) => merges_within(document, &field.node.selection_set.node),
            Selection::InlineFragment(inline) => {
                merges_within(document, &inline.node.selection_set.node)
            }
            // A fragment's own selections are looked at as the document's.
            Selection::FragmentSpread(_) => false,
        })
}

/// The response keys of the fields of `set` and of its fragments, each with whether it is an
/// object's; `spread`: the fragments already counted (a cycle is the schema's to report).
fn collect_keys<'a>(
    document: &'a ExecutableDocument,
    set: &'a SelectionSet,
    spread: &mut HashSet<&'a str>,
    keys: &mut Vec<(&'a str, bool)>,
) {
    for selection in &set.items {
        match &selection.node {
            Selection::Field(field) => {
                let object = !field.node.selection_set.node.items.is_empty();
                keys.push((field.node.response_key().node.as_str(), object));
            }
            Selection::InlineFragment(inline) => {
                collect_keys(document, &inline.node.selection_set.node, spread, keys);
            }
            Selection::FragmentSpread(fragment) => {
                let name = fragment.node.fragment_name.node.as_str();
                if let Some(definition) = document.fragments.get(name)
                    && spread.insert(name)
                {
                    collect_keys(document, &definition.node.selection_set.node, spread, keys);
                }
            }
        }
    }
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
    fn a_fragment_cycle_ends() {
        assert!(!merges(
            "{ me { ...A } } fragment A on User { id ...B } fragment B on User { ...A }"
        ));
    }
}
