//! An object's ready fields answered one after another, without a boxed future and a task each.

use async_graphql::futures_util::future::join_all;
use async_graphql::indexmap::IndexMap;
use async_graphql::parser::types::Selection;
use async_graphql::resolver_utils::{ContainerType, resolve_container};
use async_graphql::{Context, ContextSelectionSet, Name, ServerResult, Value};

/// `root`'s answer to the selection of `ctx`, as async-graphql's `resolve_container` gives it;
/// `ready`: whether a field of `T`, by its name, never waits.
///
/// async-graphql answers each field of each object as its own boxed future, run together with
/// the others: on a page of 50 pins that machinery took about a third of the answer's time, for
/// fields that are ready at once. Here, when every selection is a plain field (no fragment,
/// directive, `__typename` or repeated name), the ready fields run in turn and only the others
/// are joined, so that fields waiting for a load still wait together and their loads are read in
/// one round. Anything else is left to async-graphql.
pub async fn answer<T: ContainerType>(
    ctx: &ContextSelectionSet<'_>,
    root: &T,
    ready: impl Fn(&str) -> bool,
) -> ServerResult<Value> {
    if !all_plain(ctx) {
        return resolve_container(ctx, root).await;
    }
    let selections = &ctx.item.node.items;
    let mut fields = IndexMap::with_capacity(selections.len());
    let mut waiting = Vec::new();
    for selection in selections {
        let Selection::Field(field) = &selection.node else {
            unreachable!("all_plain lets in fields only");
        };
        let key = field.node.response_key().node.clone();
        if ready(field.node.name.node.as_str()) {
            match root.resolve_field(&ctx.with_field(field)).await {
                Ok(value) => {
                    fields.insert(key, value.unwrap_or_default());
                }
                Err(error) => ctx.add_error(error),
            }
        } else {
            // Holds the selection's place until the joined fields are answered.
            fields.insert(key, Value::Null);
            waiting.push(ctx.with_field(field));
        }
    }
    match waiting.as_slice() {
        [] => {}
        [field] => settle(ctx, &mut fields, field, root.resolve_field(field).await),
        _ => {
            let answers = join_all(waiting.iter().map(|field| root.resolve_field(field))).await;
            for (field, answer) in waiting.iter().zip(answers) {
                settle(ctx, &mut fields, field, answer);
            }
        }
    }
    Ok(if fields.is_empty() {
        Value::Null
    } else {
        Value::Object(fields)
    })
}

/// Puts a joined field's answer in the place its selection holds, or drops the place and reports
/// the error, as async-graphql does.
fn settle(
    ctx: &ContextSelectionSet<'_>,
    fields: &mut IndexMap<Name, Value>,
    field: &Context<'_>,
    answer: ServerResult<Option<Value>>,
) {
    let key = &field.item.node.response_key().node;
    match answer {
        Ok(value) => fields[key] = value.unwrap_or_default(),
        Err(error) => {
            fields.shift_remove(key);
            ctx.add_error(error);
        }
    }
}

/// Whether every selection is a field other than `__typename`, without directives, under a
/// response key of its own (async-graphql merges repeated ones).
fn all_plain(ctx: &ContextSelectionSet<'_>) -> bool {
    let selections = &ctx.item.node.items;
    selections.iter().enumerate().all(|(index, selection)| {
        let Selection::Field(field) = &selection.node else {
            return false;
        };
        let key = &field.node.response_key().node;
        field.node.directives.is_empty()
            && field.node.name.node != "__typename"
            && selections[..index]
                .iter()
                .all(|earlier| match &earlier.node {
                    Selection::Field(earlier) => earlier.node.response_key().node != *key,
                    _ => true,
                })
    })
}

/// Makes `$object` a GraphQL output answered through [`answer`] by `$fields`, a new struct over
/// `&$object` that holds the `#[Object]` resolvers and derefs to `$object`; `$ready`: the names
/// of the fields read from `$object` alone.
///
/// The answer is boxed: objects hold each other (a pin's `addedVia`, a board's folder), so its
/// future would otherwise hold itself.
macro_rules! answered_in_turn {
    ($object:ident by $fields:ident, ready: $ready:expr) => {
        #[doc = concat!("The GraphQL fields of [`", stringify!($object), "`], answered in turn.")]
        struct $fields<'a>(&'a $object);

        impl std::ops::Deref for $fields<'_> {
            type Target = $object;

            fn deref(&self) -> &$object {
                self.0
            }
        }

        impl async_graphql::OutputType for $object {
            fn type_name() -> std::borrow::Cow<'static, str> {
                $fields::type_name()
            }

            fn create_type_info(registry: &mut async_graphql::registry::Registry) -> String {
                $fields::create_type_info(registry)
            }

            async fn resolve(
                &self,
                ctx: &async_graphql::ContextSelectionSet<'_>,
                _field: &async_graphql::Positioned<async_graphql::parser::types::Field>,
            ) -> async_graphql::ServerResult<async_graphql::Value> {
                $fields::answer(self, ctx).await
            }
        }

        impl<'a> $fields<'a> {
            /// A function of its own, whose signature names the boxed future's type.
            fn answer(
                object: &'a $object,
                ctx: &'a async_graphql::ContextSelectionSet<'a>,
            ) -> async_graphql::futures_util::future::BoxFuture<
                'a,
                async_graphql::ServerResult<async_graphql::Value>,
            > {
                Box::pin(async move {
                    let ready = |name: &str| $ready.contains(&name);
                    $crate::graphql::in_turn::answer(ctx, &$fields(object), ready).await
                })
            }
        }
    };
}
pub(crate) use answered_in_turn;
