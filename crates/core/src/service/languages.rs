//! A user's language: the one they choose (only they may), who sees their choice, and the one
//! their mails are said in.

use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_domain::policy::sees_private_fields;
use corkboard_domain::user::UserRecord;
use corkboard_i18n::{Locale, msg};
use corkboard_store::users;

use crate::service::data::Data;
use crate::service::viewer::Viewer;

/// How much of an unknown language's code the error repeats.
const ECHOED: usize = 20;

/// Sets the user's own language (`None` or an empty code: their browser's again); a code no
/// catalog has is a validation error on `locale`.
pub async fn set_own_locale(
    data: &Data,
    user: UserId,
    code: Option<String>,
) -> AppResult<UserRecord> {
    let locale = match code.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(code) => match Locale::named(code) {
            Some(locale) => Some(locale.code()),
            None => {
                let shown: String = code.chars().take(ECHOED).collect();
                return Err(AppError::invalid(
                    "locale",
                    msg!("error-locale-unknown", locale = shown),
                ));
            }
        },
    };
    data.write(move |write| {
        let mut record = users::load(write, user)?;
        record.locale = locale;
        users::update(write, &record)?;
        Ok(record)
    })
    .await
}

/// The user's chosen language, for the user themself and for admins.
pub fn visible_locale<'a>(viewer: &Viewer, user: &'a UserRecord) -> Option<&'a str> {
    let may_see = sees_private_fields(viewer.user, user.id) || viewer.admin;
    user.locale.as_deref().filter(|_| may_see)
}

/// The language of a mail to a user who `chose` it (`UserRecord::locale`), else the request's
/// (the browser of whoever asked, most often the reader).
pub(crate) fn of_reader(chose: Option<&str>) -> Locale {
    chose
        .and_then(Locale::named)
        .unwrap_or_else(Locale::current)
}
