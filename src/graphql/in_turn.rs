//! An object's fields answered in turn, without a boxed future and a task each.

use std::future::Future;

use async_graphql::futures_util::FutureExt;
use async_graphql::futures_util::future::join_all;
use async_graphql::parser::types::Selection;
use async_graphql::resolver_utils::{ContainerType, resolve_container};
use async_graphql::{Context, ContextSelectionSet, ID, ScalarType, ServerResult, Value};
use chrono::{DateTime, Utc};

use super::raw_json;

/// `root`'s answer to the selection of `ctx`, as async-graphql's `resolve_container` gives it;
/// `plain`: the answer of a field of `T` asked without arguments, given its context, when it is
/// read from `root` alone; `ready`: whether a field of `T`, by its name, never waits.
///
/// async-graphql answers each field of each object as its own boxed future, run together with
/// the others: on a page of 50 pins that machinery took about a third of the answer's time, for
/// fields that are ready at once. Here, when every selection is a simple field (no fragment,
/// directive, `__typename` or repeated name), the plain fields are answered at once, the ready
/// ones in turn, and only the others are joined, so that fields waiting for a load still wait
/// together and their loads are read in one round; the object is answered as its JSON text
/// (`raw_json`). Anything else is left to async-graphql.
pub async fn answer<T: ContainerType>(
    ctx: &ContextSelectionSet<'_>,
    root: &T,
    plain: impl Fn(&Context<'_>) -> Option<ServerResult<Value>>,
    ready: impl Fn(&str) -> bool,
) -> ServerResult<Value> {
    if !all_simple(ctx) {
        return resolve_container(ctx, root).await;
    }
    let selections = &ctx.item.node.items;
    // Each selection's key and answer, in order; `None` where the field failed.
    let mut fields: Vec<(&str, Option<Value>)> = Vec::with_capacity(selections.len());
    let mut waiting = Vec::new();
    for selection in selections {
        let Selection::Field(field) = &selection.node else {
            unreachable!("all_simple lets in fields only");
        };
        let key = field.node.response_key().node.as_str();
        let field_ctx = ctx.with_field(field);
        let name = field.node.name.node.as_str();
        let plain_answer = match field.node.arguments.is_empty() {
            true => plain(&field_ctx),
            false => None,
        };
        let answer = match plain_answer {
            Some(answer) => answer,
            _ if ready(name) => root
                .resolve_field(&field_ctx)
                .await
                .map(Option::unwrap_or_default),
            _ => {
                // Holds the selection's place until the joined fields are answered.
                waiting.push((fields.len(), field_ctx));
                fields.push((key, None));
                continue;
            }
        };
        fields.push((key, settled(ctx, answer)));
    }
    match waiting.as_slice() {
        [] => {}
        [(place, field)] => {
            fields[*place].1 = settled(
                ctx,
                root.resolve_field(field)
                    .await
                    .map(Option::unwrap_or_default),
            );
        }
        _ => {
            let answers =
                join_all(waiting.iter().map(|(_, field)| root.resolve_field(field))).await;
            for ((place, _), answer) in waiting.iter().zip(answers) {
                fields[*place].1 = settled(ctx, answer.map(Option::unwrap_or_default));
            }
        }
    }
    if fields.iter().all(|(_, answer)| answer.is_none()) {
        return Ok(Value::Null);
    }
    let answered = fields.iter();
    Ok(raw_json::object(answered.filter_map(|(key, answer)| {
        answer.as_ref().map(|value| (*key, value))
    })))
}

/// A field's answer, or `None` with its error reported, as async-graphql leaves out a field that
/// failed.
fn settled(ctx: &ContextSelectionSet<'_>, answer: ServerResult<Value>) -> Option<Value> {
    answer.map_err(|error| ctx.add_error(error)).ok()
}

/// Whether every selection is a field other than `__typename`, without directives, under a
/// response key of its own (async-graphql merges repeated ones).
fn all_simple(ctx: &ContextSelectionSet<'_>) -> bool {
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

/// A resolver's value as async-graphql answers it, for the leaf types of plain fields.
pub trait Leaf {
    fn leaf(self) -> Value;
}

macro_rules! scalar_leaves {
    ($($scalar:ty),*) => {
        $(impl Leaf for $scalar {
            fn leaf(self) -> Value {
                ScalarType::to_value(&self)
            }
        })*
    };
}
scalar_leaves!(ID, bool, u8, u32, u64, f64, String, DateTime<Utc>);

impl Leaf for &str {
    fn leaf(self) -> Value {
        Value::String(self.to_owned())
    }
}

impl<T: Leaf> Leaf for Option<T> {
    fn leaf(self) -> Value {
        self.map_or(Value::Null, Leaf::leaf)
    }
}

impl<T: Leaf + Clone> Leaf for &[T] {
    fn leaf(self) -> Value {
        Value::List(self.iter().cloned().map(Leaf::leaf).collect())
    }
}

impl<T: Leaf> Leaf for Vec<T> {
    fn leaf(self) -> Value {
        Value::List(self.into_iter().map(Leaf::leaf).collect())
    }
}

/// The answer of a plain field's resolver, which is ready at once, as async-graphql gives it.
pub fn leaf<T: Leaf>(
    ctx: &Context<'_>,
    resolver: impl Future<Output = async_graphql::Result<T>>,
) -> ServerResult<Value> {
    let answer = resolver
        .now_or_never()
        .expect("a plain field's resolver does not wait");
    answer
        .map(Leaf::leaf)
        .map_err(|error| ctx.set_error_path(error.into_server_error(ctx.item.pos)))
}

/// Makes `$object` a GraphQL output answered through [`answer`] by `$fields`, a new struct over
/// `&$object` that holds the `#[Object]` resolvers and derefs to `$object`. `plain`: the fields
/// read from `$object` alone, by their GraphQL names, and their resolvers (which must not wait);
/// `ready`, when given: the names of the other fields that never wait (fields with arguments).
///
/// The answer is boxed: objects hold each other (a pin's `addedVia`, a board's folder), so its
/// future would otherwise hold itself.
macro_rules! answered_in_turn {
    (
        $object:ident by $fields:ident,
        plain: { $($name:literal => $resolver:ident),* $(,)? }
        $(, ready: [$($ready:literal),* $(,)?])? $(,)?
    ) => {
        #[doc = concat!("The GraphQL fields of [`", stringify!($object), "`], answered in turn.")]
        pub(crate) struct $fields<'a>(&'a $object);

        impl $fields<'_> {
            /// The names of the fields answered by `plain`.
            #[cfg(test)]
            pub(crate) const PLAIN: &'static [&'static str] = &[$($name),*];

            /// The answer of a field read from the object alone, given the field's context.
            fn plain(
                &self,
                ctx: &async_graphql::Context<'_>,
            ) -> Option<async_graphql::ServerResult<async_graphql::Value>> {
                use $crate::graphql::in_turn::leaf;
                Some(match ctx.item.node.name.node.as_str() {
                    $($name => leaf(ctx, self.$resolver(ctx)),)*
                    _ => return None,
                })
            }
        }

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
                    let fields = $fields(object);
                    let plain = |field: &async_graphql::Context<'_>| fields.plain(field);
                    let ready_names: &[&str] = &[$($($ready),*)?];
                    let ready = |name: &str| ready_names.contains(&name);
                    $crate::graphql::in_turn::answer(ctx, &fields, plain, ready).await
                })
            }
        }
    };
}
pub(crate) use answered_in_turn;
