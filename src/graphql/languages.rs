//! Languages: those the server speaks (`languages`, from its catalogs), and the signed-in user's
//! own choice (`updateUserLocale`; `User.locale` shows it).

use async_graphql::{Context, Object, Result, SimpleObject};

use super::context::ContextExt;
use super::pagination::bounded_cost;
use super::types::objects::User;
use corkboard_core::service::languages;

/// A language a person may pick.
#[derive(SimpleObject)]
pub(crate) struct Language {
    /// Its code, as `updateUserLocale` and the `locale` cookie take it: `en`, `fr`.
    code: String,
    /// Its name in itself: "English", "Français".
    name: String,
}

#[derive(Default)]
pub(crate) struct LanguageQuery;

#[Object]
impl LanguageQuery {
    /// The languages the server speaks, by code.
    #[graphql(complexity = "bounded_cost(corkboard_i18n::languages().len(), child_complexity)")]
    async fn languages(&self) -> Vec<Language> {
        corkboard_i18n::languages()
            .into_iter()
            .map(|language| Language {
                code: language.code,
                name: language.name,
            })
            .collect()
    }
}

#[derive(Default)]
pub(crate) struct LanguageMutation;

#[Object]
impl LanguageMutation {
    /// Sets the signed-in user's own language (a code of `languages`), which their mails are
    /// in; null: their browser's again. A code the server has no catalog of is a
    /// VALIDATION_ERROR on `locale`. The pages' language follows the `locale` cookie, which
    /// the UI sets to match.
    async fn update_user_locale(&self, ctx: &Context<'_>, locale: Option<String>) -> Result<User> {
        let user = ctx.viewer().require_user()?;
        let record = languages::set_own_locale(ctx.services(), user, locale).await?;
        Ok(User::from(record))
    }
}
