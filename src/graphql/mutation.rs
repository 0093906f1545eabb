//! The mutation root, merged from one part per area.

use async_graphql::MergedObject;

use super::accounts::AccountMutation;
use super::admin::AdminMutation;
use super::boards::BoardMutation;
use super::follows::FollowMutation;
use super::imports::ImportMutation;
use super::languages::LanguageMutation;
use super::passkeys::PasskeyMutation;
use super::pin_edits::PinEditMutation;
use super::pins::PinMutation;
use super::share_links::ShareLinkMutation;
use super::sign_in::SignInMutation;
use super::suggestions::SuggestionMutation;

#[derive(MergedObject, Default)]
#[graphql(name = "Mutation")]
pub(crate) struct MutationRoot(
    AccountMutation,
    AdminMutation,
    BoardMutation,
    FollowMutation,
    ImportMutation,
    LanguageMutation,
    PasskeyMutation,
    PinMutation,
    PinEditMutation,
    ShareLinkMutation,
    SignInMutation,
    SuggestionMutation,
);
