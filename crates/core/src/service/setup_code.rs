//! The setup code: what makes the first account (the admin) of an instance that serves the
//! public, besides the sign-up form. Made at start, printed in the log, held in memory only.

use std::sync::Mutex;

use rand::Rng;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Letters and digits that are not misread for one another (Crockford's base 32).
const ALPHABET: &[u8] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Characters in a code, shown in groups of four: 60 random bits.
const LENGTH: usize = 12;

#[derive(Default)]
pub struct SetupCode(Mutex<Option<String>>);

impl SetupCode {
    /// The code, and whether it was made by this call.
    pub fn get_or_make(&self) -> (String, bool) {
        let mut code = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match &*code {
            Some(made) => (made.clone(), false),
            None => {
                let made = new_code();
                *code = Some(made.clone());
                (made, true)
            }
        }
    }

    /// The code when one was made.
    pub fn current(&self) -> Option<String> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Whether `given` is the code, whatever its case, spaces and dashes; in constant time.
    pub fn matches(&self, given: &str) -> bool {
        let Some(code) = self.current() else {
            return false;
        };
        let digest = |text: &str| Sha256::digest(significant(text).as_bytes());
        digest(given).ct_eq(&digest(&code)).into()
    }
}

fn new_code() -> String {
    let mut random = rand::rng();
    let characters: Vec<char> = (0..LENGTH)
        .map(|_| char::from(ALPHABET[random.random_range(0..ALPHABET.len())]))
        .collect();
    let groups: Vec<String> = characters
        .chunks(4)
        .map(|group| group.iter().collect())
        .collect();
    groups.join("-")
}

/// The letters and digits of `text`, in capitals.
fn significant(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_made_once_and_matches_as_typed() {
        let held = SetupCode::default();
        assert!(!held.matches(""));
        let (code, made) = held.get_or_make();
        assert!(made);
        assert_eq!(held.get_or_make(), (code.clone(), false));
        assert_eq!(code.len(), 14);
        assert!(held.matches(&code));
        assert!(held.matches(&format!(" {} ", code.to_lowercase().replace('-', ""))));
        assert!(!held.matches(&code[..13]));
        assert_ne!(SetupCode::default().get_or_make().0, code);
    }
}
