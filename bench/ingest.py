"""Ingest side by side: the same pictures turned into the same preview ladder by Corkboard's
pipeline (`corkboard bench-ingest`), by libvips' `vipsthumbnail`, and by Pillow the way Pinry does."""

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from stats import summary

HERE = Path(__file__).resolve().parent
WIDTHS = (236, 474, 738, 1476, 2048)
# Corkboard's encoder settings (src/media/encode.rs), for the like-for-like libvips run.
JPEG_QUALITY = 85
WEBP_QUALITY = 80
WEBP_LARGE_PIXELS = 4_200_000


def ladder(width):
    """As src/media/previews.rs: the widths below the picture's, and its own up to the widest."""
    return [w for w in WIDTHS if w < width] + ([width] if width <= WIDTHS[-1] else [])


def make_inputs(folder, jpeg_size, png_size):
    """A photo-like JPEG (fractal, gradients and grain) and a large PNG, made with Pillow."""
    from PIL import Image

    def photo(size):
        width, height = size
        fractal = Image.effect_mandelbrot(size, (-2.2, -1.2, 1.0, 1.2), 80).convert("L")
        grain = Image.effect_noise(size, 40)
        across = Image.linear_gradient("L").resize(size)
        around = Image.radial_gradient("L").resize(size)
        return Image.merge(
            "RGB",
            (
                Image.blend(fractal, grain, 0.35),
                Image.blend(across, grain, 0.3),
                Image.blend(around, fractal, 0.5),
            ),
        )

    jpeg = folder / f"photo-{jpeg_size[0]}x{jpeg_size[1]}.jpg"
    photo(jpeg_size).save(jpeg, quality=92)
    png = folder / f"picture-{png_size[0]}x{png_size[1]}.png"
    photo(png_size).save(png)
    return [(jpeg, jpeg_size), (png, png_size)]


def distinct_copies(picture, count, folder):
    """`count` copies of a JPEG, each with one pixel changed: different files (the server keeps a
    picture's files once, by content) that cost the same to ingest."""
    from PIL import Image

    folder.mkdir(parents=True, exist_ok=True)
    copies = []
    with Image.open(picture) as original:
        image = original.convert("RGB")
    for n in range(count):
        image.putpixel((n, 0), (n * 7 % 256, 0, 255))
        copy = folder / f"{picture.stem}-{n + 1}.jpg"
        image.save(copy, quality=92)
        copies.append(copy)
    return copies


def corkboard(binary):
    def run(source, size, out):
        subprocess.run([binary, "bench-ingest", source, "--out", out], check=True, capture_output=True)

    return run


def vips(same_effort):
    """One vipsthumbnail call a preview, as the command is made to be used; libvips' default WebP
    effort (4), or Corkboard's settings (effort 2 above 4.2 megapixels) when `same_effort`."""

    def run(source, size, out):
        width, height = size
        for target in ladder(width):
            pixels = target * round(height * target / width)
            effort = 2 if same_effort and pixels > WEBP_LARGE_PIXELS else 4
            outputs = [f"{target}.jpg[Q={JPEG_QUALITY}]", f"{target}.webp[Q={WEBP_QUALITY},effort={effort}]"]
            for output in outputs:
                subprocess.run(
                    ["vipsthumbnail", source, "--size", f"{target}x", "-o", str(out / output)],
                    check=True,
                    capture_output=True,
                )

    return run


def pillow(source, size, out):
    subprocess.run([sys.executable, HERE / "pillow_ladder.py", source, out], check=True, capture_output=True)


def measure(tools, inputs, runs):
    """{input name: {tool name: summary of wall seconds}}; every run writes into a new folder."""
    results = {}
    for source, size in inputs:
        results[source.name] = {}
        for name, tool in tools.items():
            times = []
            for _ in range(runs):
                out = Path(tempfile.mkdtemp(prefix="ingest-"))
                started = time.perf_counter()
                tool(source, size, out)
                times.append(time.perf_counter() - started)
                produced = sum(1 for path in out.rglob("*") if path.is_file())
                shutil.rmtree(out)
                assert produced >= 2 * len(ladder(size[0])), f"{name} made only {produced} files"
            results[source.name][name] = summary(times)
            print(f"  ingest {source.name} {name}: {results[source.name][name]['median']:.3f} s", flush=True)
    return results


def tools_available(binary, have_vips, have_pillow):
    tools = {"Corkboard": corkboard(binary)}
    if have_vips:
        tools["libvips (vipsthumbnail)"] = vips(same_effort=False)
        tools["libvips, Corkboard's WebP effort"] = vips(same_effort=True)
    if have_pillow:
        tools["Pillow (Pinry's way)"] = pillow
    return tools
