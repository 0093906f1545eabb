//! Users: the stored record, the profile fields people edit, and the sign-up rules.

use chrono::{DateTime, Utc};
use corkboard_i18n::msg;
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};
use crate::ids::UserId;
use crate::stored_time;

pub const USERNAME_MAX: usize = 30;
pub(crate) const PASSWORD_MIN: usize = 8;
/// Passwords and tokens are at most this long (spec, section 9).
pub(crate) const SECRET_MAX: usize = 255;
const EMAIL_MAX: usize = 254;
const PROFILE_FIELD_MAX: usize = 500;

/// Usernames that would hide one of the app's own routes at `/{username}/`.
const RESERVED_USERNAMES: &[&str] = &[
    "login",
    "logout",
    "signup",
    "profile",
    "search",
    "scan",
    "pins",
    "api",
    "media",
    "assets",
    "healthz",
    "start_password_reset",
    "password_reset",
    "verifie_email",
    "admin",
    "boards",
    "folders",
    "lightbox",
    "static",
    "favicon",
    "share",
    "shared",
    "pin-it",
    "browser-button",
];

/// A user as stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct UserRecord {
    pub id: UserId,
    pub username: String,
    pub email: String,
    pub email_verified: bool,
    pub password_hash: String,
    #[serde(deserialize_with = "stored_time::read")]
    pub created_at: DateTime<Utc>,
    pub last_login_at: Option<DateTime<Utc>>,
    /// When the account last made a request (noted at most every few minutes).
    #[serde(default)]
    pub last_seen_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub profile: Profile,
    /// Content hash naming the avatar files, when the user uploaded one.
    #[serde(default)]
    pub avatar: Option<String>,
    /// Admins manage accounts and invites; the first account is one.
    #[serde(default)]
    pub admin: bool,
    /// A disabled account cannot sign in, its sessions and API keys are refused, and its
    /// content is shown to nobody.
    #[serde(default)]
    pub disabled: bool,
    /// The language the user chose (a catalog's code, `fr`), which their mails are in; `None`:
    /// their browser's.
    #[serde(default)]
    pub locale: Option<String>,
}

impl UserRecord {
    /// About how many bytes the record takes in memory, its strings included (see
    /// `store::kept_records`).
    pub fn memory(&self) -> usize {
        let optional = |text: &Option<String>| text.as_ref().map_or(0, String::capacity);
        let profile = &self.profile;
        let profile_fields = [
            &profile.first_name,
            &profile.last_name,
            &profile.website_link,
            &profile.facebook_link,
            &profile.flickr_link,
            &profile.twitter_link,
            &profile.px500_link,
            &profile.googleplus_link,
            &profile.pinterest_link,
            &profile.vkontakte_link,
            &profile.instagram_link,
        ];
        size_of::<UserRecord>()
            + self.username.capacity()
            + self.email.capacity()
            + self.password_hash.capacity()
            + optional(&self.avatar)
            + optional(&self.locale)
            + profile_fields.into_iter().map(optional).sum::<usize>()
    }

    /// A new account, not yet stored (the store gives it its id), with an unverified email.
    pub fn new(username: String, email: String, password_hash: String) -> UserRecord {
        UserRecord {
            id: UserId(0),
            username,
            email,
            email_verified: false,
            password_hash,
            created_at: Utc::now(),
            last_login_at: None,
            last_seen_at: None,
            profile: Profile::default(),
            avatar: None,
            admin: false,
            disabled: false,
            locale: None,
        }
    }

    /// Whether the account has a password to sign in with (an empty hash: none, as for an
    /// account made through an identity provider until its owner sets one).
    pub fn has_password(&self) -> bool {
        !self.password_hash.is_empty()
    }
}

/// The public profile fields a user edits on `/profile/`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub website_link: Option<String>,
    pub facebook_link: Option<String>,
    pub flickr_link: Option<String>,
    pub twitter_link: Option<String>,
    pub px500_link: Option<String>,
    pub googleplus_link: Option<String>,
    pub pinterest_link: Option<String>,
    pub vkontakte_link: Option<String>,
    pub instagram_link: Option<String>,
}

impl Profile {
    /// This profile with every field that `changes` has replaced by it.
    pub fn overlay(self, changes: Profile) -> Profile {
        Profile {
            first_name: changes.first_name.or(self.first_name),
            last_name: changes.last_name.or(self.last_name),
            website_link: changes.website_link.or(self.website_link),
            facebook_link: changes.facebook_link.or(self.facebook_link),
            flickr_link: changes.flickr_link.or(self.flickr_link),
            twitter_link: changes.twitter_link.or(self.twitter_link),
            px500_link: changes.px500_link.or(self.px500_link),
            googleplus_link: changes.googleplus_link.or(self.googleplus_link),
            pinterest_link: changes.pinterest_link.or(self.pinterest_link),
            vkontakte_link: changes.vkontakte_link.or(self.vkontakte_link),
            instagram_link: changes.instagram_link.or(self.instagram_link),
        }
    }

    /// Trims every field, drops empty ones, and checks lengths and link schemes.
    pub fn normalized(self) -> AppResult<Profile> {
        let clean =
            |field: &str, value: Option<String>, is_link: bool| -> AppResult<Option<String>> {
                let Some(value) = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
                else {
                    return Ok(None);
                };
                if value.chars().count() > PROFILE_FIELD_MAX {
                    return Err(AppError::invalid(
                        field,
                        msg!("error-profile-field-too-long"),
                    ));
                }
                if is_link && !(value.starts_with("http://") || value.starts_with("https://")) {
                    return Err(AppError::invalid(field, msg!("error-profile-link-scheme")));
                }
                Ok(Some(value))
            };
        Ok(Profile {
            first_name: clean("firstName", self.first_name, false)?,
            last_name: clean("lastName", self.last_name, false)?,
            website_link: clean("websiteLink", self.website_link, true)?,
            facebook_link: clean("facebookLink", self.facebook_link, true)?,
            flickr_link: clean("flickrLink", self.flickr_link, true)?,
            twitter_link: clean("twitterLink", self.twitter_link, true)?,
            px500_link: clean("px500Link", self.px500_link, true)?,
            googleplus_link: clean("googleplusLink", self.googleplus_link, true)?,
            pinterest_link: clean("pinterestLink", self.pinterest_link, true)?,
            vkontakte_link: clean("vkontakteLink", self.vkontakte_link, true)?,
            instagram_link: clean("instagramLink", self.instagram_link, true)?,
        })
    }
}

/// The key under which a username is unique: usernames differ by more than case.
pub fn username_key(username: &str) -> String {
    username.to_ascii_lowercase()
}

/// The key under which an email is unique.
pub fn email_key(email: &str) -> String {
    email.trim().to_lowercase()
}

pub fn validate_username(username: &str) -> AppResult<()> {
    if username.is_empty() {
        return Err(AppError::invalid(
            "username",
            msg!("error-username-required"),
        ));
    }
    if username.len() > USERNAME_MAX {
        return Err(AppError::invalid(
            "username",
            msg!("error-username-too-long", max = USERNAME_MAX),
        ));
    }
    if !username
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-')
    {
        return Err(AppError::invalid(
            "username",
            msg!("error-username-characters"),
        ));
    }
    if RESERVED_USERNAMES.contains(&username_key(username).as_str()) {
        return Err(AppError::invalid(
            "username",
            msg!("error-username-reserved"),
        ));
    }
    Ok(())
}

/// Checks a new password; `field` names the form field it came from.
pub fn validate_new_password(field: &str, password: &str) -> AppResult<()> {
    if password.chars().count() < PASSWORD_MIN {
        return Err(AppError::invalid(
            field,
            msg!("error-password-too-short", min = PASSWORD_MIN),
        ));
    }
    check_secret_length(field, password)
}

/// Passwords and tokens longer than 255 characters are refused before any work is done on them.
pub fn check_secret_length(field: &str, secret: &str) -> AppResult<()> {
    if secret.len() > SECRET_MAX {
        return Err(AppError::invalid(
            field,
            msg!("error-text-too-long", max = SECRET_MAX),
        ));
    }
    Ok(())
}

pub fn validate_email(field: &str, email: &str) -> AppResult<()> {
    let email = email.trim();
    let valid = email.len() <= EMAIL_MAX
        && !email.chars().any(|c| c.is_whitespace() || c.is_control())
        && email.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && !domain.contains('@')
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
        });
    if valid {
        Ok(())
    } else {
        Err(AppError::invalid(field, msg!("error-email-invalid")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_follow_the_rules() {
        assert!(validate_username("Ada-Lovelace-1815").is_ok());
        assert!(validate_username("with space").is_err());
        assert!(validate_username("émile").is_err());
        assert!(validate_username(&"a".repeat(31)).is_err());
        assert!(validate_username(&"a".repeat(30)).is_ok());
        assert!(validate_username("Login").is_err());
        assert!(validate_username("").is_err());
    }

    #[test]
    fn emails_need_a_local_part_and_a_domain() {
        assert!(validate_email("email", "ada@example.org").is_ok());
        for bad in [
            "ada",
            "ada@",
            "@example.org",
            "ada@example",
            "a b@example.org",
            "a@b@c.org",
        ] {
            assert!(validate_email("email", bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn profile_links_must_be_web_links() {
        let profile = Profile {
            website_link: Some("javascript:alert(1)".into()),
            ..Profile::default()
        };
        assert!(profile.normalized().is_err());
        let profile = Profile {
            first_name: Some("  Ada ".into()),
            last_name: Some(" ".into()),
            ..Profile::default()
        };
        let profile = profile.normalized().unwrap();
        assert_eq!(profile.first_name.as_deref(), Some("Ada"));
        assert_eq!(profile.last_name, None);
    }
}
