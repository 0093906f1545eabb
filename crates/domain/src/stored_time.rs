//! Times as records keep them, RFC 3339 text, read by chrono's RFC 3339 parser.
//!
//! serde's way of reading a `DateTime` goes through chrono's general format machinery, which took
//! a third of decoding a pin's record; the RFC 3339 parser reads what chrono writes in a fraction
//! of that. Text it refuses (a year past 9999, which chrono writes with a sign) is read the
//! general way.

use std::fmt;

use chrono::{DateTime, FixedOffset, Utc};
use serde::Deserializer;
use serde::de::{Error, Visitor};

/// Reads a time (`#[serde(deserialize_with = "stored_time::read")]`).
pub fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<DateTime<Utc>, D::Error> {
    deserializer.deserialize_str(TimeText)
}

struct TimeText;

impl Visitor<'_> for TimeText {
    type Value = DateTime<Utc>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a time as RFC 3339 text")
    }

    fn visit_str<E: Error>(self, text: &str) -> Result<DateTime<Utc>, E> {
        DateTime::parse_from_rfc3339(text)
            .or_else(|_| text.parse::<DateTime<FixedOffset>>())
            .map(|time| time.with_timezone(&Utc))
            .map_err(E::custom)
    }
}

#[cfg(test)]
mod tests {
    use chrono::{Duration, TimeZone};
    use serde::{Deserialize, Serialize};

    use super::*;

    #[derive(Serialize, Deserialize)]
    struct Stored {
        #[serde(deserialize_with = "read")]
        at: DateTime<Utc>,
    }

    #[test]
    fn times_read_back_as_chrono_wrote_them() {
        let second = Utc.with_ymd_and_hms(2026, 12, 4, 23, 20, 5).unwrap();
        let times = [
            second,
            second + Duration::nanoseconds(123_456_789),
            second + Duration::milliseconds(250),
            Utc.with_ymd_and_hms(12026, 1, 2, 3, 4, 5).unwrap(),
            Utc.with_ymd_and_hms(1, 1, 1, 0, 0, 0).unwrap(),
        ];
        for at in times {
            let bytes = rmp_serde::to_vec(&Stored { at }).unwrap();
            let read: Stored = rmp_serde::from_slice(&bytes).unwrap();
            assert_eq!(read.at, at);
        }
        let offset: Stored =
            serde_json::from_str(r#"{"at": "2026-12-05T01:20:05+02:00"}"#).unwrap();
        assert_eq!(offset.at, second);
        let wrong = serde_json::from_str::<Stored>(r#"{"at": "yesterday"}"#);
        assert!(wrong.is_err());
    }
}
