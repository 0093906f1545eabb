//! Relay connections shaped as async-graphql's, whose types give their schema, answered in turn.

use std::borrow::Cow;
use std::future::Future;
use std::marker::PhantomData;

use async_graphql::connection::{
    self as relay, ConnectionNameType, CursorType, DefaultConnectionName, DefaultEdgeName,
    EdgeNameType, EmptyFields, PageInfo,
};
use async_graphql::futures_util::future::join_all;
use async_graphql::parser::types::Field;
use async_graphql::registry::Registry;
use async_graphql::resolver_utils::ContainerType;
use async_graphql::{
    Context, ContextSelectionSet, ObjectType, OutputType, Positioned, ServerResult, Value,
};

use super::in_turn;

/// A page of a list, as `async_graphql::connection::Connection`. Its edges are answered
/// together in place, and each edge's cursor and extra fields in turn: async-graphql gives each
/// edge and each of its fields a boxed future of its own.
pub struct Connection<
    Cursor,
    Node,
    Fields = EmptyFields,
    EdgeFields = EmptyFields,
    Name = DefaultConnectionName,
    EdgeName = DefaultEdgeName,
> {
    pub edges: Vec<Edge<Cursor, Node, EdgeFields, EdgeName>>,
    fields: Fields,
    has_previous_page: bool,
    has_next_page: bool,
    /// The page's `endCursor` when it is not its last edge's (see `end_at`).
    end_cursor: Option<Cursor>,
    name: PhantomData<Name>,
}

/// An item of a page and its cursor, as `async_graphql::connection::Edge`.
pub struct Edge<Cursor, Node, Fields = EmptyFields, Name = DefaultEdgeName> {
    cursor: Cursor,
    node: Node,
    fields: Fields,
    name: PhantomData<Name>,
}

impl<Cursor, Node, Fields, EdgeFields, Name, EdgeName>
    Connection<Cursor, Node, Fields, EdgeFields, Name, EdgeName>
{
    /// An empty page; `fields`: the connection's own fields, such as `totalCount`.
    pub(crate) fn with_additional_fields(
        has_previous_page: bool,
        has_next_page: bool,
        fields: Fields,
    ) -> Self {
        Connection {
            edges: Vec::new(),
            fields,
            has_previous_page,
            has_next_page,
            end_cursor: None,
            name: PhantomData,
        }
    }

    /// Makes the page end at `cursor` rather than at its last edge: a page that stopped reading
    /// past items it did not show, so that the next one starts after those.
    pub(crate) fn end_at(&mut self, cursor: Cursor) {
        self.end_cursor = Some(cursor);
    }
}

impl<Cursor, Node, Name> Edge<Cursor, Node, EmptyFields, Name> {
    pub fn new(cursor: Cursor, node: Node) -> Self {
        Edge::with_additional_fields(cursor, node, EmptyFields)
    }
}

impl<Cursor, Node, Fields, Name> Edge<Cursor, Node, Fields, Name> {
    pub(crate) fn with_additional_fields(cursor: Cursor, node: Node, fields: Fields) -> Self {
        Edge {
            cursor,
            node,
            fields,
            name: PhantomData,
        }
    }
}

/// async-graphql's connection of the same shape, which registers the schema.
type RelayConnection<Cursor, Node, Fields, EdgeFields, Name, EdgeName> =
    relay::Connection<Cursor, Node, Fields, EdgeFields, Name, EdgeName>;

impl<Cursor, Node, Fields, EdgeFields, Name, EdgeName> OutputType
    for Connection<Cursor, Node, Fields, EdgeFields, Name, EdgeName>
where
    Cursor: CursorType + Send + Sync,
    Node: OutputType,
    Fields: ObjectType,
    EdgeFields: ObjectType,
    Name: ConnectionNameType,
    EdgeName: EdgeNameType,
{
    fn type_name() -> Cow<'static, str> {
        RelayConnection::<Cursor, Node, Fields, EdgeFields, Name, EdgeName>::type_name()
    }

    fn create_type_info(registry: &mut Registry) -> String {
        RelayConnection::<Cursor, Node, Fields, EdgeFields, Name, EdgeName>::create_type_info(
            registry,
        )
    }

    async fn resolve(
        &self,
        ctx: &ContextSelectionSet<'_>,
        _field: &Positioned<Field>,
    ) -> ServerResult<Value> {
        in_turn::answer(
            ctx,
            self,
            |_, _| None,
            |name| name != "edges" && name != "nodes",
        )
        .await
    }
}

impl<Cursor, Node, Fields, EdgeFields, Name, EdgeName> ContainerType
    for Connection<Cursor, Node, Fields, EdgeFields, Name, EdgeName>
where
    Cursor: CursorType + Send + Sync,
    Node: OutputType,
    Fields: ObjectType,
    EdgeFields: ObjectType,
    Name: ConnectionNameType,
    EdgeName: EdgeNameType,
{
    async fn resolve_field(&self, ctx: &Context<'_>) -> ServerResult<Option<Value>> {
        let cursor = |edge: Option<&Edge<Cursor, Node, EdgeFields, EdgeName>>| {
            edge.map(|edge| edge.cursor.encode_cursor())
        };
        match ctx.item.node.name.node.as_str() {
            "pageInfo" => {
                let info = PageInfo {
                    has_previous_page: self.has_previous_page,
                    has_next_page: self.has_next_page,
                    start_cursor: cursor(self.edges.first()),
                    end_cursor: match &self.end_cursor {
                        Some(end) => Some(end.encode_cursor()),
                        None => cursor(self.edges.last()),
                    },
                };
                let selection = ctx.with_selection_set(&ctx.item.node.selection_set);
                info.resolve(&selection, ctx.item).await.map(Some)
            }
            "edges" => answer_list(ctx, self.edges.iter()).await.map(Some),
            "nodes" => answer_list(ctx, self.edges.iter().map(|edge| &edge.node))
                .await
                .map(Some),
            _ => self.fields.resolve_field(ctx).await,
        }
    }
}

impl<Cursor, Node, Fields, Name> OutputType for Edge<Cursor, Node, Fields, Name>
where
    Cursor: CursorType + Send + Sync,
    Node: OutputType,
    Fields: ObjectType,
    Name: EdgeNameType,
{
    fn type_name() -> Cow<'static, str> {
        relay::Edge::<Cursor, Node, Fields, Name>::type_name()
    }

    fn create_type_info(registry: &mut Registry) -> String {
        relay::Edge::<Cursor, Node, Fields, Name>::create_type_info(registry)
    }

    async fn resolve(
        &self,
        ctx: &ContextSelectionSet<'_>,
        _field: &Positioned<Field>,
    ) -> ServerResult<Value> {
        in_turn::answer(ctx, self, |_, _| None, |name| name != "node").await
    }
}

impl<Cursor, Node, Fields, Name> ContainerType for Edge<Cursor, Node, Fields, Name>
where
    Cursor: CursorType + Send + Sync,
    Node: OutputType,
    Fields: ObjectType,
    Name: EdgeNameType,
{
    async fn resolve_field(&self, ctx: &Context<'_>) -> ServerResult<Option<Value>> {
        match ctx.item.node.name.node.as_str() {
            "cursor" => Ok(Some(Value::String(self.cursor.encode_cursor()))),
            "node" => {
                let selection = ctx.with_selection_set(&ctx.item.node.selection_set);
                self.node.resolve(&selection, ctx.item).await.map(Some)
            }
            _ => self.fields.resolve_field(ctx).await,
        }
    }
}

/// The answer to a list field of non-null `items`, as async-graphql's `resolve_list` gives it.
async fn answer_list<'a, T: OutputType + 'a>(
    ctx: &Context<'_>,
    items: impl Iterator<Item = &'a T>,
) -> ServerResult<Value> {
    let selection = ctx.with_selection_set(&ctx.item.node.selection_set);
    let answers = joined(items.enumerate().map(|(index, item)| {
        let selection = &selection;
        async move { item.resolve(&selection.with_index(index), ctx.item).await }
    }))
    .await;
    Ok(Value::List(
        answers.into_iter().collect::<ServerResult<_>>()?,
    ))
}

/// Most futures `join_all` polls in place; beyond this it gives each a task of its own.
const JOINED_IN_PLACE: usize = 30;

/// The outputs of `futures`, run together, in order: in groups that `join_all` polls in place.
async fn joined<F: Future>(futures: impl Iterator<Item = F>) -> Vec<F::Output> {
    let mut groups: Vec<Vec<F>> = Vec::new();
    for (index, future) in futures.enumerate() {
        if index % JOINED_IN_PLACE == 0 {
            groups.push(Vec::with_capacity(JOINED_IN_PLACE));
        }
        groups
            .last_mut()
            .expect("a group was just pushed")
            .push(future);
    }
    let answers = join_all(groups.into_iter().map(join_all)).await;
    answers.into_iter().flatten().collect()
}
