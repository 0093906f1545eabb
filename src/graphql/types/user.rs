//! The `User` GraphQL type.

use async_graphql::{ID, Object};

use crate::domain::ids::UserId;

pub struct User {
    pub id: UserId,
    pub username: String,
}

#[Object]
impl User {
    async fn id(&self) -> ID {
        self.id.into()
    }

    async fn username(&self) -> &str {
        &self.username
    }
}
