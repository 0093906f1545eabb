"""The preview ladder made the way Pinry makes its thumbnails (django-images): Pillow opens the
original for each size, `thumbnail()` with LANCZOS, then saves JPEG (quality 85) and WebP (80)."""

import sys
from pathlib import Path

from PIL import Image

WIDTHS = (236, 474, 738, 1476, 2048)


def ladder(width):
    """As src/media/previews.rs: the widths below the picture's, and its own up to the widest."""
    return [w for w in WIDTHS if w < width] + ([width] if width <= WIDTHS[-1] else [])


def main(source, out):
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    with Image.open(source) as probe:
        width = probe.width
    for target in ladder(width):
        with Image.open(source) as picture:
            picture = picture.convert("RGB")
            picture.thumbnail((target, 100_000), Image.LANCZOS)
            picture.save(out / f"{target}.jpg", "JPEG", quality=85)
            picture.save(out / f"{target}.webp", "WEBP", quality=80)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
