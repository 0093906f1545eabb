"""The preview ladder made by libvips at its best, in one process for all the pictures: each
picture decoded once, shrunk on load to the widest preview (`thumbnail`), each narrower size made
from the next larger one in memory (`thumbnail_image`), then saved as JPEG and WebP with
Corkboard's settings (bench/ingest.py). Making the sizes this way took about half the time of a
`thumbnail` from the file for each size (0.3 to 0.5 s against 0.6 to 1.2 s for a 4000x3000 JPEG
on two busy cores, saves aside); `resize` by the ratio instead of `thumbnail_image` was no faster.

    python3 bench/vips_ladder.py SOURCE... OUT    each picture's ladder into OUT/<its name>/
"""

import sys
from pathlib import Path

import pyvips

from ingest import JPEG_QUALITY, WEBP_QUALITY, ladder, webp_effort

# Taller than any picture: the ladder's sizes are set by the width alone.
ANY_HEIGHT = 10_000_000


def previews(source):
    """The previews of `source`, widest first, each held in memory so that its two saves do not
    decode the picture again."""
    widths = ladder(pyvips.Image.new_from_file(source).width)[::-1]
    image = pyvips.Image.thumbnail(source, widths[0], height=ANY_HEIGHT).copy_memory()
    yield image
    for width in widths[1:]:
        image = image.thumbnail_image(width, height=ANY_HEIGHT).copy_memory()
        yield image


def main(sources, out):
    """Writes each picture's ladder into its own folder of `out`."""
    for source in sources:
        folder = Path(out) / Path(source).stem
        folder.mkdir(parents=True, exist_ok=True)
        for image in previews(source):
            image.jpegsave(str(folder / f"{image.width}.jpg"), Q=JPEG_QUALITY)
            image.webpsave(str(folder / f"{image.width}.webp"), Q=WEBP_QUALITY,
                           effort=webp_effort(image.width * image.height))


if __name__ == "__main__":
    main(sys.argv[1:-1], sys.argv[-1])
