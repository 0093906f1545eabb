//! An object's fields answered one after another, without a boxed future and a task per field.

use async_graphql::indexmap::IndexMap;
use async_graphql::parser::types::Selection;
use async_graphql::resolver_utils::{ContainerType, resolve_container};
use async_graphql::{ContextSelectionSet, ServerResult, Value};

/// `root`'s answer to the selection of `ctx`, as async-graphql's `resolve_container` gives it;
/// `ready`: the names of `T`'s fields that never wait.
///
/// async-graphql answers each field of each object as its own boxed future, run together with
/// the others: on a page of 50 pins that machinery took about a third of the answer's time, for
/// fields that are ready at once. Here the same resolvers run in turn when every selection is a
/// plain field that is ready at once (no fragment, directive, `__typename` or repeated name);
/// anything else is left to async-graphql, so that fields waiting for a load wait together and
/// their loads are read in one round.
pub async fn answer<T: ContainerType>(
    ctx: &ContextSelectionSet<'_>,
    root: &T,
    ready: &[&str],
) -> ServerResult<Value> {
    if !all_plain_and_ready(ctx, ready) {
        return resolve_container(ctx, root).await;
    }
    let selections = &ctx.item.node.items;
    let mut fields = IndexMap::with_capacity(selections.len());
    for selection in selections {
        let Selection::Field(field) = &selection.node else {
            unreachable!("all_plain_and_ready lets in fields only");
        };
        match root.resolve_field(&ctx.with_field(field)).await {
            Ok(value) => {
                let name = field.node.response_key().node.clone();
                fields.insert(name, value.unwrap_or_default());
            }
            Err(error) => ctx.add_error(error),
        }
    }
    Ok(if fields.is_empty() {
        Value::Null
    } else {
        Value::Object(fields)
    })
}

/// Whether every selection is a field of `ready` without directives, under a response key of its
/// own (async-graphql merges repeated ones).
fn all_plain_and_ready(ctx: &ContextSelectionSet<'_>, ready: &[&str]) -> bool {
    let selections = &ctx.item.node.items;
    selections.iter().enumerate().all(|(index, selection)| {
        let Selection::Field(field) = &selection.node else {
            return false;
        };
        let key = &field.node.response_key().node;
        field.node.directives.is_empty()
            && ready.contains(&field.node.name.node.as_str())
            && selections[..index]
                .iter()
                .all(|earlier| match &earlier.node {
                    Selection::Field(earlier) => earlier.node.response_key().node != *key,
                    _ => true,
                })
    })
}
