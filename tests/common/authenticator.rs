//! A software passkey, enough for the server's WebAuthn ceremonies: a P-256 key made with
//! OpenSSL, "none" attestation, and the little CBOR it needs written by hand. It answers the
//! options the server sends as a browser on `origin` would.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use openssl::bn::{BigNum, BigNumContext};
use openssl::ec::{EcGroup, EcKey};
use openssl::hash::MessageDigest;
use openssl::nid::Nid;
use openssl::pkey::{PKey, Private};
use openssl::sign::Signer;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// The authenticator data's flags: the user was present, verified; a credential follows.
const USER_PRESENT: u8 = 0x01;
const USER_VERIFIED: u8 = 0x04;
const CREDENTIAL_FOLLOWS: u8 = 0x40;

/// A passkey: its credential id and key, its signature counter, and the user handle it keeps.
#[derive(Clone)]
pub struct SoftPasskey {
    pub credential_id: Vec<u8>,
    key: PKey<Private>,
    pub counter: u32,
    pub user_handle: Vec<u8>,
}

impl SoftPasskey {
    pub fn new() -> SoftPasskey {
        let group = EcGroup::from_curve_name(Nid::X9_62_PRIME256V1).unwrap();
        let key = PKey::from_ec_key(EcKey::generate(&group).unwrap()).unwrap();
        let mut credential_id = vec![0; 16];
        openssl::rand::rand_bytes(&mut credential_id).unwrap();
        SoftPasskey {
            credential_id,
            key,
            counter: 0,
            user_handle: Vec::new(),
        }
    }

    /// The browser's answer (JSON) to the registration `options`: this passkey, attested "none";
    /// it keeps the user handle the options give.
    pub fn register(&mut self, options: &str, origin: &str) -> String {
        let options = &parsed(options)["publicKey"];
        self.user_handle = decoded(&options["user"]["id"]);
        let mut auth_data = rp_id_hash(&options["rp"]["id"]);
        auth_data.push(USER_PRESENT | USER_VERIFIED | CREDENTIAL_FOLLOWS);
        auth_data.extend(self.counter.to_be_bytes());
        auth_data.extend([0; 16]);
        auth_data.extend((self.credential_id.len() as u16).to_be_bytes());
        auth_data.extend(&self.credential_id);
        auth_data.extend(self.public_key());
        let attestation = map(&[
            (text("fmt"), text("none")),
            (text("attStmt"), map(&[])),
            (text("authData"), bytes(&auth_data)),
        ]);
        let client_data = client_data("webauthn.create", &options["challenge"], origin);
        json!({
            "id": encoded(&self.credential_id),
            "rawId": encoded(&self.credential_id),
            "type": "public-key",
            "response": {
                "attestationObject": encoded(&attestation),
                "clientDataJSON": encoded(&client_data),
            },
        })
        .to_string()
    }

    /// The browser's answer (JSON) to the sign-in `options`, signed, its counter one up.
    pub fn sign_in(&mut self, options: &str, origin: &str) -> String {
        let options = &parsed(options)["publicKey"];
        self.counter += 1;
        let mut auth_data = rp_id_hash(&options["rpId"]);
        auth_data.push(USER_PRESENT | USER_VERIFIED);
        auth_data.extend(self.counter.to_be_bytes());
        let client_data = client_data("webauthn.get", &options["challenge"], origin);
        let mut signer = Signer::new(MessageDigest::sha256(), &self.key).unwrap();
        signer.update(&auth_data).unwrap();
        signer.update(&Sha256::digest(&client_data)).unwrap();
        let signature = signer.sign_to_vec().unwrap();
        json!({
            "id": encoded(&self.credential_id),
            "rawId": encoded(&self.credential_id),
            "type": "public-key",
            "response": {
                "authenticatorData": encoded(&auth_data),
                "clientDataJSON": encoded(&client_data),
                "signature": encoded(&signature),
                "userHandle": encoded(&self.user_handle),
            },
        })
        .to_string()
    }

    /// The public key as COSE (EC2, ES256, P-256) in CBOR.
    fn public_key(&self) -> Vec<u8> {
        let key = self.key.ec_key().unwrap();
        let mut context = BigNumContext::new().unwrap();
        let (mut x, mut y) = (BigNum::new().unwrap(), BigNum::new().unwrap());
        key.public_key()
            .affine_coordinates(key.group(), &mut x, &mut y, &mut context)
            .unwrap();
        map(&[
            (unsigned(1), unsigned(2)),
            (unsigned(3), negative(7)),
            (negative(1), unsigned(1)),
            (negative(2), bytes(&x.to_vec_padded(32).unwrap())),
            (negative(3), bytes(&y.to_vec_padded(32).unwrap())),
        ])
    }
}

fn parsed(options: &str) -> Value {
    serde_json::from_str(options).expect("the options are JSON")
}

fn rp_id_hash(rp_id: &Value) -> Vec<u8> {
    Sha256::digest(rp_id.as_str().expect("an rp id")).to_vec()
}

fn client_data(kind: &str, challenge: &Value, origin: &str) -> Vec<u8> {
    json!({ "type": kind, "challenge": challenge, "origin": origin, "crossOrigin": false })
        .to_string()
        .into_bytes()
}

pub fn encoded(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

fn decoded(text: &Value) -> Vec<u8> {
    URL_SAFE_NO_PAD
        .decode(text.as_str().expect("base64url"))
        .unwrap()
}

/// A CBOR item's head: its major type and its length or value.
fn head(major: u8, value: u64) -> Vec<u8> {
    let major = major << 5;
    match value {
        0..=23 => vec![major | value as u8],
        24..=0xff => vec![major | 24, value as u8],
        _ => {
            let mut head = vec![major | 25];
            head.extend((value as u16).to_be_bytes());
            head
        }
    }
}

fn unsigned(value: u64) -> Vec<u8> {
    head(0, value)
}

/// The CBOR of `-value`.
fn negative(value: u64) -> Vec<u8> {
    head(1, value - 1)
}

fn bytes(value: &[u8]) -> Vec<u8> {
    let mut item = head(2, value.len() as u64);
    item.extend(value);
    item
}

fn text(value: &str) -> Vec<u8> {
    let mut item = head(3, value.len() as u64);
    item.extend(value.as_bytes());
    item
}

fn map(entries: &[(Vec<u8>, Vec<u8>)]) -> Vec<u8> {
    let mut item = head(5, entries.len() as u64);
    for (key, value) in entries {
        item.extend(key);
        item.extend(value);
    }
    item
}
