"""Ingest side by side: the same pictures turned into the same preview ladder by Corkboard's
pipeline (`corkboard bench-ingest`), by libvips' `vipsthumbnail`, by one pyvips process
(bench/vips_ladder.py) and by Pillow the way Pinry does (bench/pillow_ladder.py). Then bulk
ingest: a folder of photos of mixed sizes imported by `corkboard import-dir`, against one pyvips
and one Pillow process for all of them."""

import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from stats import summary

HERE = Path(__file__).resolve().parent
WIDTHS = (236, 474, 738, 1476, 2048)
# Corkboard's encoder settings (crates/core/src/media/encode.rs), for the like-for-like libvips run.
JPEG_QUALITY = 85
WEBP_QUALITY = 80
WEBP_LARGE_PIXELS = 1_000_000
# The account `import-dir` pins the bulk photos for.
BULK_USER = "bench"


def webp_effort(pixels):
    """As crates/core/src/media/encode.rs: libwebp's default effort (4), but 2 for a preview above 1 MP."""
    return 2 if pixels > WEBP_LARGE_PIXELS else 4


def ladder(width):
    """As crates/core/src/media/previews.rs: the widths below the picture's, and its own up to the widest."""
    return [w for w in WIDTHS if w < width] + ([width] if width <= WIDTHS[-1] else [])


def photo(size):
    """A photo-like picture (fractal, gradients and grain) of `size`, made with Pillow."""
    from PIL import Image

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


def make_inputs(folder, jpeg_size, png_size):
    """A photo-like JPEG and a large PNG."""
    jpeg = folder / f"photo-{jpeg_size[0]}x{jpeg_size[1]}.jpg"
    photo(jpeg_size).save(jpeg, quality=92)
    png = folder / f"picture-{png_size[0]}x{png_size[1]}.png"
    photo(png_size).save(png)
    return [(jpeg, jpeg_size), (png, png_size)]


def bulk_inputs(folder, count, sizes):
    """`count` photo-like JPEGs in `folder`, their sizes taken from `sizes` in turn. Each size's
    photo is made once; each file is that photo under a soft pattern of its own, so that no two
    look alike: an import skips a picture already pinned by identical bytes or by look
    (crates/core/src/media/fingerprint.rs), which a one-pixel change would not escape."""
    from PIL import Image

    folder.mkdir(parents=True, exist_ok=True)
    photos = {size: photo(size) for size in sizes[:count]}
    pictures = []
    for n in range(count):
        size = sizes[n % len(sizes)]
        picture = folder / f"bulk-{n + 1:03}-{size[0]}x{size[1]}.jpg"
        Image.blend(photos[size], pattern(n, size), 0.4).save(picture, quality=92)
        pictures.append(picture)
    return pictures


def pattern(seed, size):
    """A grey pattern of `size` of its own for each seed: 9x8 random cells, enlarged smoothly."""
    from PIL import Image

    cells = Image.frombytes("L", (9, 8), random.Random(seed).randbytes(9 * 8))
    return cells.resize(size, Image.BICUBIC).convert("RGB")


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
    effort (4), or Corkboard's settings (effort 2 above 1 megapixel) when `same_effort`."""

    def run(source, size, out):
        width, height = size
        for target in ladder(width):
            pixels = target * round(height * target / width)
            effort = webp_effort(pixels) if same_effort else 4
            outputs = [f"{target}.jpg[Q={JPEG_QUALITY}]", f"{target}.webp[Q={WEBP_QUALITY},effort={effort}]"]
            for output in outputs:
                subprocess.run(
                    ["vipsthumbnail", source, "--size", f"{target}x", "-o", str(out / output)],
                    check=True,
                    capture_output=True,
                )

    return run


def script(name):
    """A ladder script of this folder, one process for all its pictures: `NAME SOURCE... OUT`."""

    def run(sources, out):
        subprocess.run([sys.executable, HERE / name, *sources, out], check=True, capture_output=True)

    return run


def one_picture(run):
    """A ladder script as a tool of `measure`: one picture a process."""
    return lambda source, size, out: run([source], out)


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


def pyvips_imports():
    """Whether pyvips imports: the package is there and finds libvips."""
    try:
        import pyvips  # noqa: F401
    except (ImportError, OSError):
        return False
    return True


def tools_available(binary, peers):
    tools = {"Corkboard": corkboard(binary)}
    if peers["vips"]:
        tools["libvips (vipsthumbnail)"] = vips(same_effort=False)
        tools["libvips, Corkboard's WebP effort"] = vips(same_effort=True)
    if peers["pyvips"]:
        tools["pyvips (one process)"] = one_picture(script("vips_ladder.py"))
    if peers["pillow"]:
        tools["Pillow (Pinry's way)"] = one_picture(script("pillow_ladder.py"))
    return tools


def import_dir(binary, password):
    """`corkboard import-dir` as an import sends the pictures: the folder holding `pictures` (and
    nothing else) for a new account, into a new data folder with the server stopped. Seconds of
    the import alone; it must pin every picture."""

    def run(pictures, data):
        subprocess.run([binary, "admin", "create-user", BULK_USER, f"{BULK_USER}@example.com", "--data-dir", data],
                       input=password + "\n", text=True, check=True, capture_output=True)
        started = time.perf_counter()
        done = subprocess.run([binary, "import-dir", pictures[0].parent, "--user", BULK_USER, "--board", "Bulk",
                               "--data-dir", data], text=True, check=True, capture_output=True)
        seconds = time.perf_counter() - started
        if f"{len(pictures)} pinned" not in done.stdout:
            raise RuntimeError(f"import-dir did not pin all {len(pictures)} pictures: {done.stdout.strip()}")
        return seconds

    return run


def timed(run):
    """A ladder script as a tool of `measure_bulk`: its seconds for all the pictures."""

    def tool(pictures, out):
        started = time.perf_counter()
        run(pictures, out)
        return time.perf_counter() - started

    return tool


def bulk_tools(binary, peers, password):
    """The tools of bulk ingest, each one process for all the pictures."""
    tools = {"Corkboard (import-dir)": import_dir(binary, password)}
    if peers["pyvips"]:
        tools["pyvips (one process)"] = timed(script("vips_ladder.py"))
    if peers["pillow"]:
        tools["Pillow (one process, Pinry's way)"] = timed(script("pillow_ladder.py"))
    return tools


def measure_bulk(tools, pictures):
    """{tool name: {"pictures", "seconds", "per_second"}}: one run of each tool over all the
    pictures, into a new folder, which must then hold every picture's ladder."""
    from PIL import Image

    expected = 0
    for picture in pictures:
        with Image.open(picture) as image:
            expected += 2 * len(ladder(image.width))
    results = {}
    for name, tool in tools.items():
        out = Path(tempfile.mkdtemp(prefix="bulk-"))
        seconds = tool(pictures, out)
        produced = sum(1 for path in out.rglob("*") if path.suffix in (".jpg", ".jpeg", ".webp"))
        shutil.rmtree(out)
        assert produced >= expected, f"{name} made only {produced} previews of {expected}"
        results[name] = {"pictures": len(pictures), "seconds": seconds, "per_second": len(pictures) / seconds}
        print(f"  bulk ingest {name}: {seconds:.1f} s, {results[name]['per_second']:.2f} pictures/s", flush=True)
    return results
