//! The query root, merged from one part per area.

use async_graphql::MergedObject;

use super::accounts::AccountQuery;
use super::admin::AdminQuery;
use super::boards::BoardQuery;
use super::follows::FollowQuery;
use super::imports::ImportQuery;
use super::languages::LanguageQuery;
use super::passkeys::PasskeyQuery;
use super::pins::PinQuery;
use super::share_links::ShareLinkQuery;
use super::suggestions::SuggestionQuery;

#[derive(MergedObject, Default)]
#[graphql(name = "Query")]
pub(crate) struct QueryRoot(
    AccountQuery,
    AdminQuery,
    BoardQuery,
    FollowQuery,
    ImportQuery,
    LanguageQuery,
    PasskeyQuery,
    PinQuery,
    ShareLinkQuery,
    SuggestionQuery,
);
