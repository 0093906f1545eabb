//! The query root, merged from one part per entity.

use async_graphql::{Context, MergedObject, Object};

use super::context::ContextExt;
use super::types::user::User;

#[derive(MergedObject, Default)]
#[graphql(name = "Query")]
pub struct QueryRoot(AccountQuery);

#[derive(Default)]
pub struct AccountQuery;

#[Object]
impl AccountQuery {
    /// The signed-in user, or null for a visitor.
    async fn me(&self, ctx: &Context<'_>) -> Option<User> {
        ctx.viewer().user.map(|id| User {
            id,
            username: String::new(),
        })
    }
}
