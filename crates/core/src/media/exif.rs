//! Reading the EXIF fields a pin shows, with kamadak-exif; a picture without EXIF simply has none.
//! Flaws of common writers (piexif leaves out the Exif IFD's next-IFD offset) cost only what
//! they damage: the fields read before and after them are kept.

use std::io::Cursor;

use exif::{In, Reader, Tag, Value};

use corkboard_domain::pin::Exif;

pub(crate) fn read_exif(bytes: &[u8]) -> Exif {
    let read = Reader::new()
        .continue_on_error(true)
        .read_from_container(&mut Cursor::new(bytes))
        .or_else(|error| {
            error.distill_partial_result(|flaws| {
                let flaws: Vec<String> = flaws.iter().map(ToString::to_string).collect();
                tracing::info!(?flaws, "a picture's EXIF has flaws; the rest of it is read");
            })
        });
    let Ok(exif) = read else {
        return Exif::default();
    };
    let text = |tag: Tag| -> Option<String> {
        let field = exif.get_field(tag, In::PRIMARY)?;
        match &field.value {
            Value::Ascii(parts) => {
                let joined: Vec<String> = parts
                    .iter()
                    .map(|part| String::from_utf8_lossy(part).trim().to_owned())
                    .collect();
                Some(joined.join(" ").trim().to_owned()).filter(|text| !text.is_empty())
            }
            _ => None,
        }
    };
    let rational = |tag: Tag| -> Option<(u32, u32)> {
        match &exif.get_field(tag, In::PRIMARY)?.value {
            Value::Rational(values) => values
                .first()
                .map(|r| (r.num, r.denom))
                .filter(|(_, d)| *d != 0),
            _ => None,
        }
    };
    let camera = match (text(Tag::Make), text(Tag::Model)) {
        (Some(make), Some(model)) if model.to_lowercase().starts_with(&make.to_lowercase()) => {
            Some(model)
        }
        (Some(make), Some(model)) => Some(format!("{make} {model}")),
        (make, model) => make.or(model),
    };
    let iso = exif
        .get_field(Tag::PhotographicSensitivity, In::PRIMARY)
        .and_then(|field| field.value.get_uint(0));
    Exif {
        camera,
        lens: text(Tag::LensModel),
        focal_length: rational(Tag::FocalLength).map(|(n, d)| f64::from(n) / f64::from(d)),
        exposure_time: rational(Tag::ExposureTime).map(|(n, d)| exposure_text(n, d)),
        aperture: rational(Tag::FNumber)
            .map(|(n, d)| (f64::from(n) / f64::from(d) * 10.0).round() / 10.0),
        iso,
        date: text(Tag::DateTimeOriginal).and_then(|date| iso_date(&date)),
    }
}

/// "1/250" for short exposures, "2.5" for long ones, in seconds.
fn exposure_text(num: u32, denom: u32) -> String {
    if num == 0 {
        return "0".into();
    }
    if num < denom {
        let reciprocal = f64::from(denom) / f64::from(num);
        return format!("1/{}", reciprocal.round());
    }
    let seconds = f64::from(num) / f64::from(denom);
    if seconds.fract() == 0.0 {
        format!("{seconds:.0}")
    } else {
        format!("{seconds:.1}")
    }
}

/// EXIF writes "2024:05:17 14:03:22"; this gives "2024-05-17T14:03:22".
fn iso_date(exif_date: &str) -> Option<String> {
    let (date, time) = exif_date.trim().split_once(' ')?;
    let date = date.replace(':', "-");
    chrono::NaiveDateTime::parse_from_str(&format!("{date}T{time}"), "%Y-%m-%dT%H:%M:%S")
        .ok()
        .map(|parsed| parsed.format("%Y-%m-%dT%H:%M:%S").to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exposure_times_read_as_people_write_them() {
        assert_eq!(exposure_text(1, 250), "1/250");
        assert_eq!(exposure_text(10, 2500), "1/250");
        assert_eq!(exposure_text(5, 2), "2.5");
        assert_eq!(exposure_text(30, 1), "30");
    }

    #[test]
    fn exif_dates_become_iso_dates() {
        assert_eq!(
            iso_date("2024:05:17 14:03:22").as_deref(),
            Some("2024-05-17T14:03:22")
        );
        assert_eq!(iso_date("0000:00:00 00:00:00"), None);
    }

    #[test]
    fn a_picture_without_exif_has_none() {
        assert_eq!(read_exif(b"not a picture"), Exif::default());
    }
}
