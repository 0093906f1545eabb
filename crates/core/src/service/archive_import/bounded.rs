//! Reading an archive's entries within bounds, before memory grows: no entry unpacks to more than
//! its cap or to more than `MAX_RATIO` times its packed size (a zip bomb), and a JSON entry is
//! watched as it streams by, refused at a string longer than `STRING_MAX` or at more values than
//! its memory cap holds.

use std::io::{self, Read};

use corkboard_i18n::Message;

/// Unpacked bytes per packed byte at most: JSON deflates 5 to 20 times, pictures hardly at all;
/// a bomb reaches 1,000.
const MAX_RATIO: u64 = 100;
/// Entries this small are not held to the ratio.
const RATIO_FLOOR: u64 = 1 << 20;
/// The longest string of a manifest: a caption holds 5,000 characters, an address 2,048.
pub(crate) const STRING_MAX: usize = 64 * 1024;
/// What a manifest's value costs in memory at most, besides its text: a `String`'s or a `Vec`'s
/// header, with room for the growth of the list it is in.
const VALUE_COST: u64 = 48;

/// A zip entry's reader, refused past `limit` bytes unpacked (and, for JSON, past its bounds);
/// what was refused and why is in `refused`.
pub struct Bounded<R> {
    inner: R,
    read: u64,
    limit: u64,
    /// The limit is the ratio's, not the cap's.
    by_ratio: bool,
    json: Option<JsonWatch>,
    pub refused: Option<Refusal>,
}

/// Why an entry is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// It unpacks to more than its cap.
    TooLarge,
    /// It unpacks to far more than it holds packed (a zip bomb).
    Bomb,
    /// A JSON text longer than `STRING_MAX`.
    LongText,
    /// More JSON values than its memory cap holds.
    TooMany,
}

impl Refusal {
    /// `message` with this reason as its arguments: `$why`, the key that
    /// `error-archive-entry-refused` says it by, and `$kb`, `STRING_MAX` in KB.
    pub fn told(self, message: Message) -> Message {
        let why = match self {
            Refusal::TooLarge => "too-large",
            Refusal::Bomb => "bomb",
            Refusal::LongText => "long-text",
            Refusal::TooMany => "too-many",
        };
        message.with("why", why).with("kb", STRING_MAX / 1024)
    }
}

/// Where a JSON text stands, byte by byte, and what it would cost parsed.
struct JsonWatch {
    in_string: bool,
    escaped: bool,
    string_len: usize,
    cost: u64,
    max_cost: u64,
}

impl<R: Read> Bounded<R> {
    /// `packed` and `declared` are the entry's sizes as its zip header gives them; `max` is the
    /// most it may unpack to. `Err` with the reason when the header alone says too much.
    pub fn new(inner: R, packed: u64, declared: u64, max: u64) -> Result<Bounded<R>, Refusal> {
        let limit = max.min(packed.saturating_mul(MAX_RATIO).max(RATIO_FLOOR));
        if declared > max {
            return Err(Refusal::TooLarge);
        }
        if declared > limit {
            return Err(Refusal::Bomb);
        }
        Ok(Bounded {
            inner,
            read: 0,
            limit,
            by_ratio: limit < max,
            json: None,
            refused: None,
        })
    }

    /// Also watches the text as JSON that, parsed, may take at most `max_cost` bytes.
    pub fn json(mut self, max_cost: u64) -> Bounded<R> {
        self.json = Some(JsonWatch {
            in_string: false,
            escaped: false,
            string_len: 0,
            cost: 0,
            max_cost,
        });
        self
    }

    fn refuse(&mut self, why: Refusal) -> io::Error {
        self.refused = Some(why);
        io::Error::other(format!("refused: {why:?}"))
    }
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        if self.read > self.limit {
            let why = if self.by_ratio {
                Refusal::Bomb
            } else {
                Refusal::TooLarge
            };
            return Err(self.refuse(why));
        }
        if let Some(watch) = &mut self.json
            && let Err(why) = watch.scan(&buf[..n])
        {
            return Err(self.refuse(why));
        }
        Ok(n)
    }
}

impl JsonWatch {
    fn scan(&mut self, bytes: &[u8]) -> Result<(), Refusal> {
        for &byte in bytes {
            if self.in_string {
                self.string_len += 1;
                if self.escaped {
                    self.escaped = false;
                } else if byte == b'\\' {
                    self.escaped = true;
                } else if byte == b'"' {
                    self.in_string = false;
                    self.cost += self.string_len as u64;
                }
                if self.string_len > STRING_MAX {
                    return Err(Refusal::LongText);
                }
                continue;
            }
            match byte {
                b'"' => {
                    self.in_string = true;
                    self.string_len = 0;
                    self.cost += VALUE_COST;
                }
                // Every other value follows one of these.
                b'[' | b'{' | b',' | b':' => self.cost += VALUE_COST,
                _ => {}
            }
            if self.cost > self.max_cost {
                return Err(Refusal::TooMany);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The refusal as a person reads it.
    fn said(refusal: Refusal) -> String {
        refusal
            .told(corkboard_i18n::msg!("error-archive-entry-refused"))
            .text()
    }

    fn read_all(bounded: &mut Bounded<&[u8]>) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        bounded.read_to_end(&mut out).map(|_| out)
    }

    #[test]
    fn a_long_string_is_refused_as_it_streams() {
        let text = format!("{{\"format\":\"{}\"}}", "A".repeat(STRING_MAX + 1));
        let mut bounded = Bounded::new(text.as_bytes(), 1 << 20, 0, 1 << 30)
            .unwrap()
            .json(1 << 30);
        assert!(read_all(&mut bounded).is_err());
        assert!(said(bounded.refused.unwrap()).contains("longer than 64 KB"));
    }

    #[test]
    fn a_refusal_is_said_within_the_sentence_it_explains_in_each_language() {
        use corkboard_i18n::{Locale, msg};
        let picture = Refusal::LongText.told(msg!("import-picture-refused"));
        assert_eq!(
            picture.text(),
            "its picture cannot be imported: it holds a text longer than 64 KB, as no export does"
        );
        let french = Locale::named("fr").unwrap();
        let said = Refusal::Bomb
            .told(msg!("import-picture-refused"))
            .text_in(&french);
        assert!(
            said.starts_with("son image ne peut pas être importée\u{a0}: décompressé"),
            "{said}"
        );
        let manifest = Refusal::TooLarge
            .told(msg!(
                "error-archive-manifest-refused",
                amount = 1.5,
                unit = "GiB"
            ))
            .text_in(&french);
        assert!(manifest.contains("(sa taille dépasse"), "{manifest}");
        assert!(manifest.ends_with("au plus 1,5\u{a0}Gio)."), "{manifest}");
    }

    #[test]
    fn escaped_quotes_stay_inside_their_string() {
        let text = r#"{"a":"x\"y\\","b":[1,2]}"#;
        let mut bounded = Bounded::new(text.as_bytes(), 100, 0, 1000)
            .unwrap()
            .json(1000);
        assert_eq!(read_all(&mut bounded).unwrap(), text.as_bytes());
    }

    #[test]
    fn many_small_values_are_refused_at_their_memory_cost() {
        let text = format!("[{}\"\"]", "\"\",".repeat(10_000));
        let mut bounded = Bounded::new(text.as_bytes(), 1 << 20, 0, 1 << 30)
            .unwrap()
            .json(100_000);
        assert!(read_all(&mut bounded).is_err());
        assert!(said(bounded.refused.unwrap()).contains("more than this server reads"));
    }

    #[test]
    fn an_entry_unpacking_far_beyond_its_packed_size_is_refused() {
        let text = vec![b' '; 3 << 20];
        assert!(Bounded::new(text.as_slice(), 1000, 3 << 20, 1 << 30).is_err());
        // Its header may lie: the bytes read are counted.
        let mut bounded = Bounded::new(text.as_slice(), 1000, 10, 1 << 30).unwrap();
        assert!(read_all(&mut bounded).is_err());
        assert!(said(bounded.refused.unwrap()).contains("unpacks to far more"));
    }
}
