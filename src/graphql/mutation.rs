//! The mutation root, merged from one part per area.

use async_graphql::MergedObject;

use super::accounts::AccountMutation;

#[derive(MergedObject, Default)]
#[graphql(name = "Mutation")]
pub struct MutationRoot(AccountMutation);
