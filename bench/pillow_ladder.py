"""The preview ladder made the way Pinry makes its thumbnails (django-images): Pillow opens the
original for each size, `thumbnail()` with LANCZOS, then saves JPEG (quality 85) and WebP (80).

    python3 bench/pillow_ladder.py SOURCE... OUT    each picture's ladder into OUT/<its name>/
"""

import sys
from pathlib import Path

from PIL import Image

from ingest import JPEG_QUALITY, WEBP_QUALITY, ladder


def main(sources, out):
    """Writes each picture's ladder into its own folder of `out`."""
    for source in sources:
        folder = Path(out) / Path(source).stem
        folder.mkdir(parents=True, exist_ok=True)
        with Image.open(source) as probe:
            width = probe.width
        for target in ladder(width):
            with Image.open(source) as picture:
                picture = picture.convert("RGB")
                picture.thumbnail((target, 100_000), Image.LANCZOS)
                picture.save(folder / f"{target}.jpg", "JPEG", quality=JPEG_QUALITY)
                picture.save(folder / f"{target}.webp", "WEBP", quality=WEBP_QUALITY)


if __name__ == "__main__":
    main(sys.argv[1:-1], sys.argv[-1])
