//! An object's fields answered in turn, without a boxed future and a task each.

use std::future::Future;

use async_graphql::futures_util::FutureExt;
use async_graphql::futures_util::future::join_all;
use async_graphql::parser::types::Selection;
use async_graphql::resolver_utils::{ContainerType, resolve_container};
use async_graphql::{Context, ContextSelectionSet, ID, ScalarType, ServerResult, Value};
use chrono::{DateTime, Utc};

use super::{merging, raw_json};

/// `root`'s answer to the selection of `ctx`, as async-graphql's `resolve_container` gives it;
/// `plain`: writes the answer of a field of `T` asked without arguments, given its context, as
/// JSON, when it is read from `root` alone (`None` for the other fields); `ready`: whether a
/// field of `T`, by its name, never waits.
///
/// async-graphql answers each field of each object as its own boxed future, run together with
/// the others: on a page of 50 pins that machinery took about a third of the answer's time, for
/// fields that are ready at once. Here, when every selection is a simple field (no fragment,
/// directive, `__typename` or repeated name), the plain fields are written at once as JSON, with
/// no `Value` made for them, the ready ones are answered in turn, and only the others are
/// joined, so that fields waiting for a load still wait together and their loads are read in one
/// round; the object is answered as its JSON text (`raw_json`). Anything else is left to
/// async-graphql, and so is every object of a query whose answers merge (`merging`).
pub async fn answer<T: ContainerType>(
    ctx: &ContextSelectionSet<'_>,
    root: &T,
    plain: impl Fn(&Context<'_>, &mut Vec<u8>) -> Option<ServerResult<()>>,
    ready: impl Fn(&str) -> bool,
) -> ServerResult<Value> {
    if !all_simple(ctx) || merging::objects_as_maps() {
        return resolve_container(ctx, root).await;
    }
    // Each answered field as `,"key":value`, in order; the first comma becomes the brace.
    let mut text = Vec::with_capacity(512);
    // The fields that wait: where their answers go in `text`, their keys and contexts.
    let mut waiting = Vec::new();
    for selection in &ctx.item.node.items {
        let Selection::Field(field) = &selection.node else {
            unreachable!("all_simple lets in fields only");
        };
        let key = field.node.response_key().node.as_str();
        let field_ctx = ctx.with_field(field);
        let start = text.len();
        write_key(&mut text, key);
        let written = match field.node.arguments.is_empty() {
            true => plain(&field_ctx, &mut text),
            false => None,
        };
        let answer = match written {
            Some(Ok(())) => continue,
            Some(Err(error)) => Err(error),
            None if ready(field.node.name.node.as_str()) => root
                .resolve_field(&field_ctx)
                .await
                .map(Option::unwrap_or_default),
            None => {
                text.truncate(start);
                waiting.push((start, key, field_ctx));
                continue;
            }
        };
        match settled(ctx, answer) {
            Some(value) => raw_json::write_owned(&mut text, value),
            None => text.truncate(start),
        }
    }
    if !waiting.is_empty() {
        text = with_waiting(ctx, root, text, &waiting).await;
    }
    if text.is_empty() {
        return Ok(Value::Null);
    }
    text[0] = b'{';
    text.push(b'}');
    Ok(raw_json::from_text(text))
}

/// `text` with the answers of the fields that wait put in their places, as `,"key":value`; those
/// that failed are left out. One field waits alone; more are joined.
async fn with_waiting<T: ContainerType>(
    ctx: &ContextSelectionSet<'_>,
    root: &T,
    mut text: Vec<u8>,
    waiting: &[(usize, &str, Context<'_>)],
) -> Vec<u8> {
    if let [(place, key, field)] = waiting
        && *place == text.len()
    {
        // The last field (an edge's node): appended, with no copy of the others.
        let answer = root.resolve_field(field).await;
        if let Some(value) = settled(ctx, answer.map(Option::unwrap_or_default)) {
            // Room for the closing brace too: a page's text is not copied again to add it.
            text.reserve(key.len() + 4 + raw_json::size(&value) + 1);
            write_key(&mut text, key);
            raw_json::write_owned(&mut text, value);
        }
        return text;
    }
    let fields = waiting.iter().map(|(_, _, field)| field);
    let answers = match waiting {
        [(_, _, field)] => vec![root.resolve_field(field).await],
        _ => join_all(fields.map(|field| root.resolve_field(field))).await,
    };
    let answers: Vec<_> = answers
        .into_iter()
        .map(|answer| settled(ctx, answer.map(Option::unwrap_or_default)))
        .collect();
    let keys = waiting.iter().map(|(_, key, _)| key.len() + 4);
    let sizes = answers.iter().flatten().map(raw_json::size);
    let mut whole = Vec::with_capacity(text.len() + keys.sum::<usize>() + sizes.sum::<usize>() + 1);
    let mut copied = 0;
    for ((place, key, _), answer) in waiting.iter().zip(answers) {
        whole.extend_from_slice(&text[copied..*place]);
        copied = *place;
        if let Some(value) = answer {
            write_key(&mut whole, key);
            raw_json::write_owned(&mut whole, value);
        }
    }
    whole.extend_from_slice(&text[copied..]);
    whole
}

/// Appends `,"key":`. A response key is a GraphQL name (letters, digits and underscores), which
/// JSON never escapes.
fn write_key(text: &mut Vec<u8>, key: &str) {
    text.reserve(key.len() + 4);
    text.extend_from_slice(b",\"");
    text.extend_from_slice(key.as_bytes());
    text.extend_from_slice(b"\":");
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
    // The keys seen so far, a bit each by `key_bit`: keys are compared only where bits meet.
    let mut seen = 0u64;
    selections.iter().enumerate().all(|(index, selection)| {
        let Selection::Field(field) = &selection.node else {
            return false;
        };
        let key = &field.node.response_key().node;
        let bit = key_bit(key);
        let repeated = seen & bit != 0
            && selections[..index]
                .iter()
                .any(|earlier| match &earlier.node {
                    Selection::Field(earlier) => earlier.node.response_key().node == *key,
                    _ => false,
                });
        seen |= bit;
        field.node.directives.is_empty() && field.node.name.node != "__typename" && !repeated
    })
}

/// One of 64 bits for a response key, from its length and its first and last letters: keys
/// that differ mostly differ there.
fn key_bit(key: &str) -> u64 {
    let (first, last) = match key.as_bytes() {
        [first, .., last] => (*first, *last),
        [only] => (*only, *only),
        [] => (0, 0),
    };
    1 << ((key.len() * 7 + usize::from(first) + usize::from(last) * 3) % 64)
}

/// A resolver's value written as JSON, as async-graphql would answer and serialise it, for the
/// leaf types of plain fields.
pub(crate) trait Leaf {
    fn write(self, text: &mut Vec<u8>);
}

/// Scalars written as async-graphql's `Value` of them serialises.
macro_rules! scalar_leaves {
    ($($scalar:ty),*) => {
        $(impl Leaf for $scalar {
            fn write(self, text: &mut Vec<u8>) {
                raw_json::write(text, &ScalarType::to_value(&self));
            }
        })*
    };
}
scalar_leaves!(f64, DateTime<Utc>);

macro_rules! integer_leaves {
    ($($integer:ty),*) => {
        $(impl Leaf for $integer {
            fn write(self, text: &mut Vec<u8>) {
                raw_json::write_integer(text, self);
            }
        })*
    };
}
integer_leaves!(u8, u32, u64);

impl Leaf for bool {
    fn write(self, text: &mut Vec<u8>) {
        text.extend_from_slice(if self { b"true" } else { b"false" });
    }
}

/// Strings, and ids (strings to JSON); `&String` for lists of them.
macro_rules! string_leaves {
    ($($string:ty),*) => {
        $(impl Leaf for $string {
            fn write(self, text: &mut Vec<u8>) {
                raw_json::write_str(text, &self[..]);
            }
        })*
    };
}
string_leaves!(&str, String, &String, ID);

impl<T: Leaf> Leaf for Option<T> {
    fn write(self, text: &mut Vec<u8>) {
        match self {
            Some(value) => value.write(text),
            None => text.extend_from_slice(b"null"),
        }
    }
}

/// For lists of them.
impl Leaf for &u32 {
    fn write(self, text: &mut Vec<u8>) {
        raw_json::write_integer(text, *self);
    }
}

impl<'a, T> Leaf for &'a [T]
where
    &'a T: Leaf,
{
    fn write(self, text: &mut Vec<u8>) {
        write_list(text, self.iter());
    }
}

impl<T: Leaf> Leaf for Vec<T> {
    fn write(self, text: &mut Vec<u8>) {
        write_list(text, self.into_iter());
    }
}

fn write_list<T: Leaf>(text: &mut Vec<u8>, items: impl Iterator<Item = T>) {
    text.push(b'[');
    for (index, item) in items.enumerate() {
        if index > 0 {
            text.push(b',');
        }
        item.write(text);
    }
    text.push(b']');
}

/// Writes the answer of a plain field's resolver, which is ready at once, as async-graphql
/// would answer it.
pub(crate) fn write_leaf<T: Leaf>(
    ctx: &Context<'_>,
    resolver: impl Future<Output = async_graphql::Result<T>>,
    text: &mut Vec<u8>,
) -> ServerResult<()> {
    let answer = resolver
        .now_or_never()
        .expect("a plain field's resolver does not wait");
    answer
        .map(|value| value.write(text))
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

            /// Writes the answer of a field read from the object alone, given the field's
            /// context, as JSON.
            fn plain(
                &self,
                ctx: &async_graphql::Context<'_>,
                text: &mut Vec<u8>,
            ) -> Option<async_graphql::ServerResult<()>> {
                use $crate::graphql::in_turn::write_leaf;
                Some(match ctx.item.node.name.node.as_str() {
                    $($name => write_leaf(ctx, self.$resolver(ctx), text),)*
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
                    let plain = |field: &async_graphql::Context<'_>, text: &mut Vec<u8>| {
                        fields.plain(field, text)
                    };
                    let ready_names: &[&str] = &[$($($ready),*)?];
                    let ready = |name: &str| ready_names.contains(&name);
                    $crate::graphql::in_turn::answer(ctx, &fields, plain, ready).await
                })
            }
        }
    };
}
pub(crate) use answered_in_turn;
