//! Sizes as people read them in messages: binary units, as the limits are set.

const KIB: u64 = 1024;
const MIB: u64 = 1024 * KIB;
const GIB: u64 = 1024 * MIB;

/// `10 GiB`, `50 MiB`, `1.5 MiB`, `300 KiB`.
pub fn size_in_words(bytes: u64) -> String {
    let (unit, name) = if bytes >= GIB {
        (GIB, "GiB")
    } else if bytes >= MIB {
        (MIB, "MiB")
    } else {
        (KIB, "KiB")
    };
    let amount = bytes as f64 / unit as f64;
    if bytes.is_multiple_of(unit) || amount >= 10.0 {
        format!("{amount:.0} {name}")
    } else {
        format!("{amount:.1} {name}")
    }
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
