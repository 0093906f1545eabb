//! The named colours a search narrows to: a small fixed palette, each picture taken as the
//! palette colour nearest its dominant colour (`#rrggbb`).

/// A colour of the palette; its number is its place in `PALETTE`, as the search index keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Colour(u8);

/// The palette: each colour's name (as the API and the URL write it) and its `#rrggbb` centre.
const PALETTE: [(&str, [u8; 3]); 11] = [
    ("red", [0xd3, 0x2f, 0x2f]),
    ("orange", [0xf5, 0x7c, 0x00]),
    ("yellow", [0xfb, 0xc0, 0x2d]),
    ("green", [0x38, 0x8e, 0x3c]),
    ("blue", [0x19, 0x76, 0xd2]),
    ("purple", [0x7b, 0x1f, 0xa2]),
    ("pink", [0xec, 0x40, 0x7a]),
    ("brown", [0x79, 0x55, 0x48]),
    ("black", [0x21, 0x21, 0x21]),
    ("grey", [0x9e, 0x9e, 0x9e]),
    ("white", [0xf5, 0xf5, 0xf5]),
];

impl Colour {
    /// Every colour of the palette, in order.
    pub fn all() -> impl Iterator<Item = Colour> {
        (0..PALETTE.len() as u8).map(Colour)
    }

    /// The colour named `name` (any case), if the palette has it.
    pub fn named(name: &str) -> Option<Colour> {
        let name = name.trim().to_ascii_lowercase();
        PALETTE
            .iter()
            .position(|(named, _)| *named == name)
            .map(|at| Colour(at as u8))
    }

    /// The palette colour nearest `hex` (`#rrggbb`), or `None` when it is not such a colour.
    pub fn nearest(hex: &str) -> Option<Colour> {
        let rgb = parse_hex(hex)?;
        let distance = |centre: &[u8; 3]| -> u32 {
            centre
                .iter()
                .zip(rgb)
                .map(|(a, b)| (i32::from(*a) - i32::from(b)).pow(2) as u32)
                .sum()
        };
        (0..PALETTE.len())
            .min_by_key(|at| distance(&PALETTE[*at].1))
            .map(|at| Colour(at as u8))
    }

    pub fn name(self) -> &'static str {
        PALETTE[usize::from(self.0)].0
    }

    /// The colour's centre as `#rrggbb`.
    pub fn hex(self) -> String {
        let [r, g, b] = PALETTE[usize::from(self.0)].1;
        format!("#{r:02x}{g:02x}{b:02x}")
    }

    /// Its place in the palette, as the search index keeps it.
    pub fn number(self) -> u64 {
        u64::from(self.0)
    }
}

fn parse_hex(hex: &str) -> Option<[u8; 3]> {
    let digits = hex.strip_prefix('#')?;
    if digits.len() != 6 || !digits.is_ascii() {
        return None;
    }
    let byte = |at: usize| u8::from_str_radix(&digits[at..at + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

#[cfg(test)]
mod tests {
    use super::Colour;

    #[test]
    fn a_picture_takes_the_nearest_colour_of_the_palette() {
        let named = |hex| Colour::nearest(hex).map(Colour::name);
        assert_eq!(named("#c81e1e"), Some("red"));
        assert_eq!(named("#1e3cc8"), Some("blue"));
        assert_eq!(named("#fafafa"), Some("white"));
        assert_eq!(named("#101010"), Some("black"));
        assert_eq!(named("#32a032"), Some("green"));
        assert_eq!(named("not a colour"), None);
        assert_eq!(
            Colour::named("Blue").map(Colour::hex),
            Some("#1976d2".into())
        );
        assert!(Colour::all().all(|colour| Colour::nearest(&colour.hex()) == Some(colour)));
    }
}
