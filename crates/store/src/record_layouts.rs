//! Tests that every stored record keeps its fields in the order the codec wrote them.

use serde::de::{self, DeserializeOwned, Deserializer, Visitor, value};
use serde::forward_to_deserialize_any;

use crate::accounts::{ApiKeyRecord, SessionRecord, TokenRecord};
use crate::identities::{IdentityRecord, PendingSignIn};
use crate::invites::InviteRecord;
use crate::passkeys::{CeremonyRecord, PasskeyRecord};
use crate::share_links::ShareLinkRecord;
use corkboard_domain::board::{BoardRecord, FolderRecord};
use corkboard_domain::import_job::{ImportItem, ImportJob};
use corkboard_domain::pin::{Exif, Picture, PinRecord};
use corkboard_domain::temp_pin::TempPinRecord;
use corkboard_domain::user::{Profile, UserRecord};

/// A deserializer that only notes the fields a struct declares, in order.
struct FieldsOf(&'static [&'static str]);

impl<'de> Deserializer<'de> for &mut FieldsOf {
    type Error = value::Error;

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, value::Error> {
        self.0 = fields;
        Err(de::Error::custom("noted"))
    }

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, value::Error> {
        Err(de::Error::custom("not a struct"))
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

fn fields_of<T: DeserializeOwned>() -> Vec<&'static str> {
    let mut noted = FieldsOf(&[]);
    let _ = T::deserialize(&mut noted);
    noted.0.to_vec()
}

/// Records are arrays, so a field's place is its name: these lists only ever grow at the
/// end (with `#[serde(default)]` on the new field).
#[test]
fn stored_records_keep_their_fields_in_place() {
    assert_eq!(
        fields_of::<PinRecord>(),
        [
            "id",
            "user",
            "picture",
            "source_file_url",
            "title",
            "caption",
            "rating",
            "unsafe_content",
            "tags",
            "added_via",
            "created_at",
            "private_picture"
        ]
    );
    assert_eq!(
        fields_of::<Picture>(),
        [
            "sha1",
            "original_extension",
            "width",
            "height",
            "weight",
            "preview_widths",
            "dominant_color",
            "exif",
            "perceptual_hash"
        ]
    );
    assert_eq!(
        fields_of::<Exif>(),
        [
            "camera",
            "lens",
            "focal_length",
            "exposure_time",
            "aperture",
            "iso",
            "date"
        ]
    );
    assert_eq!(
        fields_of::<BoardRecord>(),
        [
            "id",
            "user",
            "slug",
            "title",
            "caption",
            "pin_default_description",
            "pin_default_tags",
            "secret",
            "folder",
            "shared_with",
            "cover",
            "created_at"
        ]
    );
    assert_eq!(
        fields_of::<FolderRecord>(),
        ["id", "user", "slug", "name", "secret", "created_at"]
    );
    assert_eq!(
        fields_of::<UserRecord>(),
        [
            "id",
            "username",
            "email",
            "email_verified",
            "password_hash",
            "created_at",
            "last_login_at",
            "last_seen_at",
            "profile",
            "avatar",
            "admin",
            "disabled",
            "locale",
            "username_editable"
        ]
    );
    assert_eq!(
        fields_of::<Profile>(),
        [
            "first_name",
            "last_name",
            "website_link",
            "facebook_link",
            "flickr_link",
            "twitter_link",
            "px500_link",
            "googleplus_link",
            "pinterest_link",
            "vkontakte_link",
            "instagram_link"
        ]
    );
    assert_eq!(
        fields_of::<SessionRecord>(),
        ["user", "created_at", "expires_at", "provider_id_token"]
    );
    assert_eq!(
        fields_of::<IdentityRecord>(),
        [
            "id",
            "user",
            "issuer",
            "subject",
            "label",
            "email",
            "linked_at"
        ]
    );
    assert_eq!(
        fields_of::<PendingSignIn>(),
        [
            "intent",
            "browser_hash",
            "pkce_verifier",
            "nonce",
            "invite",
            "next",
            "expires_at"
        ]
    );
    assert_eq!(
        fields_of::<TokenRecord>(),
        ["user", "purpose", "email", "expires_at"]
    );
    assert_eq!(
        fields_of::<ApiKeyRecord>(),
        [
            "id",
            "user",
            "name",
            "secret_hash",
            "created_at",
            "last_used_at"
        ]
    );
    assert_eq!(
        fields_of::<PasskeyRecord>(),
        [
            "id",
            "user",
            "name",
            "credential_id",
            "user_handle",
            "credential",
            "created_at",
            "last_used_at"
        ]
    );
    assert_eq!(
        fields_of::<CeremonyRecord>(),
        ["purpose", "state", "expires_at"]
    );
    assert_eq!(
        fields_of::<InviteRecord>(),
        ["hash", "made_by", "created_at", "expires_at", "used_by"]
    );
    assert_eq!(
        fields_of::<ShareLinkRecord>(),
        [
            "id",
            "board",
            "token_hash",
            "made_by",
            "created_at",
            "last_used_at",
            "expires_at"
        ]
    );
    assert_eq!(
        fields_of::<TempPinRecord>(),
        [
            "file_name",
            "user",
            "original_name",
            "url",
            "picture",
            "created_at"
        ]
    );
    assert_eq!(
        fields_of::<ImportJob>(),
        [
            "id",
            "user",
            "source",
            "created_at",
            "finished_at",
            "total",
            "next",
            "created",
            "duplicates",
            "failed"
        ]
    );
    assert_eq!(
        fields_of::<ImportItem>(),
        [
            "board",
            "private_board",
            "page",
            "picture",
            "file",
            "title",
            "caption",
            "tags"
        ]
    );
}

/// A record written with its field names, as earlier versions wrote it, reads as one written
/// without them.
#[test]
fn records_with_field_names_still_read() {
    let picture = Picture {
        sha1: "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12".into(),
        width: 4000,
        preview_widths: vec![236, 736],
        exif: Exif {
            camera: Some("Canon EOS 90D".into()),
            ..Exif::default()
        },
        perceptual_hash: 9,
        ..Picture::default()
    };
    let named = rmp_serde::to_vec_named(&picture).unwrap();
    let without_names = crate::codec::encode(&picture).unwrap();
    assert!(without_names.len() < named.len() / 2);
    assert_eq!(crate::codec::decode::<Picture>(&named).unwrap(), picture);
    assert_eq!(
        crate::codec::decode::<Picture>(&without_names).unwrap(),
        picture
    );
}
