//! Sizes as people read them in messages: binary units, as the limits are set.

const KIB: u64 = 1024;
const MIB: u64 = 1024 * KIB;
const GIB: u64 = 1024 * MIB;

/// `10 GiB`, `50 MiB`, `1.5 MiB`, `300 KiB` (for the log and the command line; messages take
/// the `size_parts`).
pub fn size_in_words(bytes: u64) -> String {
    let (amount, unit) = size_parts(bytes);
    format!("{amount} {unit}")
}

/// A size as a message's arguments: the amount, rounded as it is written (`10`, `1.5`), and
/// its unit, `KiB`, `MiB` or `GiB` (each language writes it its own way:
/// `{ $unit -> [GiB] Gio ... }`).
pub fn size_parts(bytes: u64) -> (f64, &'static str) {
    let (unit, name) = if bytes >= GIB {
        (GIB, "GiB")
    } else if bytes >= MIB {
        (MIB, "MiB")
    } else {
        (KIB, "KiB")
    };
    let amount = bytes as f64 / unit as f64;
    if bytes.is_multiple_of(unit) || amount >= 10.0 {
        (rounded(amount, 0), name)
    } else {
        (rounded(amount, 1), name)
    }
}

/// `value` with `decimals` digits after the point, rounded as `format!` rounds it, so that
/// it reads the same once written by a message.
pub fn rounded(value: f64, decimals: usize) -> f64 {
    format!("{value:.decimals$}").parse().unwrap_or(value)
}

#[cfg(test)]
mod tests {
    use super::size_in_words;

    #[test]
    fn limits_read_in_binary_units() {
        assert_eq!(size_in_words(50 * 1024 * 1024), "50 MiB");
        assert_eq!(size_in_words(1536 * 1024), "1.5 MiB");
        assert_eq!(size_in_words(300 * 1024), "300 KiB");
        assert_eq!(size_in_words(10 << 30), "10 GiB");
    }
}
