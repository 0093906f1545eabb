"""The Markdown report of one benchmark run: machine, versions, every figure with its median and
spread, the ratios and the targets, and a link to the notebook bench/TUNING.md."""

import importlib.metadata
import os
import platform
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path


def write_report(path, results):
    lines = [f"# Corkboard benchmark results{' (smoke run)' if results['smoke'] else ''}", ""]
    lines += machine(results)
    lines += ingest_section(results)
    lines += media_section(results)
    for at in at_scales(results):
        sections = (dataset_section(at) + lighthouse_section(at) + load_section(at) + uploads_section(at)
                    + board_writes_section(at) + footprint_section(at))
        lines += [f"{line}, {pins(at)}" if line.startswith("## ") else line for line in sections]
    lines += targets_section(results)
    lines += ["", "What was tried to get here, session by session, is in the notebook "
                  "[`TUNING.md`](TUNING.md)."]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n")


def at_scales(results):
    """The results of each scale, each with the results that hold for all (ingest, peers, ...)."""
    return [{**results, **scale} for scale in results["scales"]]


def pins(results):
    """The size of a scale's dataset, as the report's headings name it."""
    return f"{results['plan']['pins']:,} pins"


def version(command):
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=30)
        return (out.stdout or out.stderr).strip().splitlines()[0]
    except (OSError, IndexError):
        return "not installed"


def package_version(name):
    """The installed version of a Python package, or "not installed"."""
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def machine(results):
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    memory_kb = int(next(line.split()[1] for line in Path("/proc/meminfo").read_text().splitlines()
                         if line.startswith("MemTotal")))
    return [
        f"Run {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC with `bench/run`{' --smoke' if results['smoke'] else ''}.",
        "",
        "## Machine and versions",
        "",
        "| what | value |",
        "| --- | --- |",
        f"| CPU | {cpu}, {os.cpu_count()} cores |",
        f"| memory | {memory_kb / 1024 / 1024:.1f} GiB |",
        f"| system | {platform.platform()} |",
        f"| Corkboard | {version([results['binary'], '--version'])} ({results['binary']}) |",
        f"| rustc | {version(['rustc', '--version'])} |",
        f"| libvips | {version(['vips', '--version'])} |",
        f"| Pillow | {package_version('pillow')} on Python {platform.python_version()} |",
        f"| pyvips | {package_version('pyvips')} |",
        f"| wrk | {version(['wrk', '--version'])} |",
        f"| moto (S3 emulator) | {package_version('moto')} |",
        "",
    ]


def dataset_section(results):
    plan = results["plan"]
    return [
        "## Dataset",
        "",
        f"`corkboard seed --users {plan['users']} --boards {plan['boards']} --pins {plan['pins']} "
        f"--pictures {plan['pictures']}`: {results['seed']['seconds']:.1f} s. Users own boards (15% private, half "
        "of those shared), a third of boards sit in folders, pins carry titles, captions and tags of "
        "real English words drawn as often as in English text (wordfreq's 30,000 most frequent words, "
        "`src/seed/words.txt`: a few common, most rare; tags and board titles leave out the 100 most "
        "frequent), and share generated pictures ingested by the real pipeline.",
        "",
    ]


def spread(s, unit="s", scale=1.0, digits=3):
    return f"{s['median'] * scale:.{digits}f} {unit} ({s['min'] * scale:.{digits}f} to {s['max'] * scale:.{digits}f}, n={s['n']})"


def ingest_section(results):
    if "ingest" not in results:
        return ["## Ingest", "", "Skipped: Pillow is not installed (it makes the input pictures).", ""]
    lines = ["## Ingest: the whole preview ladder", "",
             "Each tool turns one picture into the preview ladder of `crates/core/src/media/previews.rs` (widths 236, 474, "
             "738, 1476 and 2048 below the picture's width, plus its own width when not above 2048), each as JPEG (quality 85) "
             "and WebP (quality 80), from a new process each run: `corkboard bench-ingest` (which also "
             "reads EXIF, fingerprints the picture and keeps the original), one `vipsthumbnail` call a "
             "file, `bench/vips_ladder.py` (one pyvips process: the picture decoded once, shrunk on load "
             "to the widest size, each narrower size made from the next larger one, Corkboard's WebP "
             "effort), and `bench/pillow_ladder.py` (Pinry's way: `thumbnail()` with LANCZOS from the "
             "original for each size). Wall time: median (min to max, runs).", ""]
    for picture, tools in results["ingest"].items():
        base = tools["Corkboard"]["median"]
        lines += [f"### {picture}", "", "| tool | time | relative to Corkboard |", "| --- | --- | --- |"]
        for tool, times in tools.items():
            lines.append(f"| {tool} | {spread(times)} | {times['median'] / base:.2f}x |")
        lines.append("")
    return lines + bulk_section(results)


def bulk_section(results):
    """Bulk ingest: pictures per second of each tool over a folder of photos of mixed sizes."""
    bulk = results["bulk_ingest"]
    plan = results["plan"]
    sizes = ", ".join(f"{width}x{height}" for width, height in plan["bulk_sizes"])
    pixels = [width * height / 1e6 for width, height in plan["bulk_sizes"]]
    base = bulk["Corkboard (import-dir)"]["seconds"]
    lines = [f"### Bulk ingest: {plan['bulk_pictures']} photos of {min(pixels):.0f} to {max(pixels):.0f} MP", "",
             f"Photo-like JPEGs (quality 92), sized {sizes} in turn, each of its own look, in one folder. "
             "`corkboard import-dir` imports the folder for a new account into a new data folder with the "
             "server stopped, as an import sends the pictures: one after another, each staged, "
             "fingerprinted, pinned with its ladder and original written, and indexed. pyvips "
             "(`bench/vips_ladder.py`) and Pillow (`bench/pillow_ladder.py`, Pinry's way) make the same "
             "ladder of every picture in one process each. One run each; wall time from start to end.", "",
             "| tool | pictures | wall time | pictures/s | time relative to Corkboard |",
             "| --- | --- | --- | --- | --- |"]
    for tool, figures in bulk.items():
        lines.append(f"| {tool} | {figures['pictures']} | {figures['seconds']:.1f} s | "
                     f"{figures['per_second']:.2f} | {figures['seconds'] / base:.2f}x |")
    return lines + [""]


def lighthouse_rows(results):
    """The first-load targets: (target, measured, met) for each page Lighthouse measured."""
    rows = []
    for name, page in results.get("lighthouse", {}).items():
        scores = page["scores"]
        runs = ", ".join(f"{score}{'' if kept else ' disturbed'}" for score, _, kept in page["performance_runs"])
        rows.append((f"{name}: Performance >= 95 (mobile, default throttling)",
                     f"{scores['performance']} (runs: {runs})", scores["performance"] >= 95))
        for key, label in (("accessibility", "Accessibility"), ("best-practices", "Best practices"), ("seo", "SEO")):
            rows.append((f"{name}: {label} = 100", str(scores[key]), scores[key] == 100))
        if page["path"] == "/":
            kb = page["bytes_without_images"] / 1e3
            rows.append(("Home page, first view: <= 200 KB transferred before pictures",
                         f"{kb:.1f} KB ({page['bytes'] / 1e3:.1f} KB with pictures)", kb <= 200))
    return rows


def lighthouse_section(results):
    if "lighthouse" not in results:
        return ["## First load (Lighthouse)", "", f"Skipped: {results.get('lighthouse_missing')}.", ""]
    pages = results["lighthouse"]
    first = next(iter(pages.values()))
    runs = len(first["performance_runs"])
    cpu = ", ".join(f"{index:.0f}" for page in pages.values() for _, index, _ in page["performance_runs"])
    lines = ["## First load (Lighthouse)", "",
             f"Lighthouse {first['version']} (bench/package.json) in Debian's Chromium "
             f"({version(['/usr/bin/chromium', '--version'])}), anonymous visitor, first view with an empty "
             "cache, Lighthouse's defaults: mobile emulation and simulated throttling (slow 4G, 4x CPU "
             f"slowdown). {runs} run{'s' if runs > 1 else ''} a page; the figures are those of the run with the "
             "median Performance score, among the runs whose CPU was not taken by something else (a "
             "benchmarkIndex at least 60% of the page's best run; the others are marked disturbed). "
             f"Lighthouse's benchmarkIndex of this machine, run by run: {cpu} (its 4x CPU slowdown "
             "assumes about 1000 or more; below that the blocking time comes out higher than on a "
             "phone). Bytes are the transfer sizes of every request of the load (network-requests "
             "audit), all and without pictures.", "",
             "| page | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | Speed Index | bytes (all / without pictures) |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name, page in pages.items():
        s, m = page["scores"], page["metrics"]
        lines.append(
            f"| {name} | {s['performance']} | {s['accessibility']} | {s['best-practices']} | {s['seo']} | "
            f"{m['first-contentful-paint'] / 1000:.2f} s | {m['largest-contentful-paint'] / 1000:.2f} s | "
            f"{m['total-blocking-time']:.0f} ms | {m['cumulative-layout-shift']:.3f} | {m['speed-index'] / 1000:.2f} s | "
            f"{page['bytes'] / 1e3:.1f} KB / {page['bytes_without_images'] / 1e3:.1f} KB ({page['requests']} requests) |")
    lines += ["", "| target | measured | |", "| --- | --- | --- |"]
    lines += [f"| {target} | {measured} | {'met' if met else '**missed**'} |" for target, measured, met in lighthouse_rows(results)]
    for name, page in pages.items():
        lines += ["", f"What Lighthouse names on {name}:", ""]
        lcp = page["lcp_element"]
        if lcp:
            phases = ", ".join(f"{phase} {ms:.0f} ms" for phase, ms in lcp["phases"].items())
            lines.append(f"- LCP element `{lcp['snippet'][:80]}`" + (f": {phases}" if phases else ""))
        for category, title, shown in page["findings"]:
            lines.append(f"- {category}: {title}" + (f" ({shown})" if shown else ""))
        if not lcp and not page["findings"]:
            lines.append("- nothing")
    lines.append("")
    return lines


def load_section(results):
    if "load" not in results:
        return ["## Serving under load", "", "Skipped: wrk is not installed.", ""]
    plan = results["plan"]
    lines = ["## Serving under load", "",
             f"wrk on loopback (one thread, {plan['load_repeats']} runs of {plan['load_seconds']} s each), "
             "sending the requests the browser sends for each screen, with Chromium's Accept-Encoding "
             "(larger API answers go out compressed: a computed one with zstd, a kept one gzipped). Client latency is wrk's; server "
             "time is the server's own log line of each request (from routing to the last byte handed "
             "to the socket). Figures are medians of the runs (min to max). Requests are a visitor's, "
             "whose repeated question is answered with the answer kept since the last change "
             "(`src/graphql/answers.rs`: a public instance's visitors between two changes), but in the "
             "rows marked \"signed in\": those send the session of a seeded user (user1), whose "
             "answers are computed for each request, as for the first visitor after a change. The rows "
             f"marked \"never kept\" {NEVER_KEPT_NOTE} {REFAULTS_NOTE} {PROBE_NOTE}", "",
             f"| request | connections | {LOAD_HEADER} |",
             f"| --- | --- | {LOAD_RULE} |"]
    for (name, connections), runs in results["load"].items():
        lines.append(f"| {name} | {connections} | {load_columns(runs)} |")
    lines.append("")
    return lines + queries_section(results)


NEVER_KEPT_NOTE = (
    "draw each request's query at random from lists drawn from the seeded pins' own text "
    "(`bench/searches.py`: up to 1,000 pins a visitor may see, read through the API; from each, one, "
    "two and three of its words, a pin's tag, the first two or three letters of a tag; a word "
    "is common when at least 1% of the sampled pins hold it, rare when only the pin it was "
    "drawn from does), so each finds something, and change it in a way the search ignores "
    "(`bench/wrk.lua`: twelve punctuation marks after the words, letters in random case, "
    "spaces and '#' around a suggestion's letters), which makes each request new to the answers "
    "and the searches the server keeps (both keyed by the text as typed): each is searched anew.")


def queries_section(results):
    """A few of the queries drawn for the search rows, list by list."""
    if not results.get("queries"):
        return []
    lines = ["Queries drawn from the pins' text, the first few of each list:", ""]
    for name, listed in results["queries"].items():
        lines.append(f"- {name}: " + (", ".join(f"\"{query}\"" for query in listed) or "none"))
    return lines + [""]


REFAULTS_NOTE = ("\"Disk re-reads\" are the file pages (database, index, program) that the kernel had "
                 "dropped from its cache and read back from the disk during a row, a request "
                 "(`workingset_refault_file` of `/proc/vmstat`, machine-wide): a row well above 0 "
                 "waited on the disk, not only on the processor (see `bench/TUNING.md`, session 34).")
PROBE_NOTE = ("\"Machine probe\" is the time of one fixed piece of work on one core (zlib at level 6 "
              "on 2 MiB of text, `bench/load.py`) just before each run. A row slower than in another "
              "run at a slower probe was the machine; a flat probe rules out one core's speed only (the "
              "machine has drifted at a flat probe too, `bench/TUNING.md`, session 44), and a code "
              "change is judged by its instructions (`bench/instructions.py`).")
LOAD_HEADER = "requests/s | client p50 | client p99 | server p50 | server p99 | disk re-reads | errors | machine probe"
LOAD_RULE = "--- | --- | --- | --- | --- | --- | --- | ---"


def load_columns(runs):
    """The columns of wrk runs: requests/s, client and server p50 and p99, disk re-reads a
    request, errors, the machine probe."""
    def col(key, scale=1.0, digits=2):
        values = sorted(run[key] * scale for run in runs)
        mid = values[len(values) // 2]
        return f"{mid:.{digits}f} ({values[0]:.{digits}f}-{values[-1]:.{digits}f})" if len(values) > 1 else f"{mid:.{digits}f}"
    errors = sum(run["errors"] for run in runs)
    return (f"{col('rps', digits=0)} | {col('p50_us', 0.001)} ms | {col('p99_us', 0.001)} ms | "
            f"{col('server_p50_ms')} ms | {col('server_p99_ms')} ms | {col('disk_rereads')} | {errors} | "
            f"{col('probe_ms', digits=0)} ms")


def uploads_section(results):
    u = results.get("uploads")
    if not u:
        return []
    return ["## The home list while uploads are processed", "",
            f"{u['uploads']} uploads of the {results['plan']['jpeg_size'][0]}x{results['plan']['jpeg_size'][1]} "
            f"JPEG, sent at once (upload, then `addPin`), took {u['upload_seconds']:.1f} s in all; meanwhile "
            f"wrk loaded the home list with {u['connections']} connections: {u['rps']:.0f} requests/s, "
            f"client p50 {u['p50_us'] / 1000:.2f} ms, p99 {u['p99_us'] / 1000:.2f} ms, "
            f"max {u['max_us'] / 1000:.1f} ms, {u['errors']} errors.", ""]


BOARD_WRITES = (("rename_ms", "rename"), ("private_ms", "make private"), ("share_ms", "share with a friend"),
                ("unshare_ms", "unshare"), ("public_ms", "make public"), ("delete_ms", "delete"))


def board_writes_section(results):
    w = results.get("board_writes")
    if not w:
        return []
    small, big = w["small"], w["big"]
    lines = ["## An owner's writes on a board", "",
             "The board's owner, one request at a time: a rename (median of three), making it private, sharing "
             "it with a friend, unsharing it and making it public again (medians of three), then deleting it; on "
             "the largest board of the dataset and on a board of a few pins. A rename's pins are indexed again in "
             "the background (`search_sweeps`). On a board of more than 100 pins, the other writes leave its pins "
             "to follow in the background too (`board_sweeps`; until then lists and searches check each pin a "
             "board hid against its boards); the bench waits for that after each write: at most "
             f"{small.get('swept_s', 0):.2f} s on the small board, {big.get('swept_s', 0):.2f} s on the large one.", "",
             f"| write | board of {small['pins']} pins | board of {big['pins']} pins |", "| --- | --- | --- |"]
    for key, name in BOARD_WRITES:
        lines.append(f"| {name} | {small[key]:.1f} ms | {big[key]:.1f} ms |")
    return lines + [""]


def board_write_targets(results):
    """No write whose time grows with the size of the board: the largest board's within 10 ms of
    the small one's."""
    w = results.get("board_writes")
    if not w:
        return []
    small, big = w["small"], w["big"]
    return [(f"Board {name} does not grow with the board: {big['pins']} pins within 10 ms of {small['pins']} pins",
             f"{big[key]:.1f} ms against {small[key]:.1f} ms", big[key] <= small[key] + 10)
            for key, name in BOARD_WRITES]


def media_section(results):
    media = results.get("media")
    if media is None:
        return ["## Media storage", "", "Skipped: Pillow is not installed (it makes the pictures).", ""]
    plan = results["plan"]
    width, height = plan["jpeg_size"]
    lines = ["## Media storage", "",
             "Avatars, previews and originals on local disk (the data folder) or in an S3-compatible bucket "
             "(`storage.kind`). For each, a server on an empty data folder (for S3, with a fresh bucket) "
             f"gets {plan['media_pictures']} different {width}x{height} JPEGs uploaded and pinned one after "
             "another (upload, then `addPin`, which writes the whole preview ladder and the original to the "
             "storage), then wrk loads the newest pin's 236 px preview through the server "
             f"({plan['target_concurrency']} connections, {plan['load_repeats']} runs of "
             f"{plan['load_seconds']} s; medians, min to max). With `storage.redirect` the server answers "
             "a public pin's picture by a redirect to a presigned URL, which wrk does not follow. "
             "moto is an in-memory S3 emulator written in Python, run on the same machine (its own process, "
             "sharing the cores): the S3 figures show the cost of the extra hop through the server's S3 "
             "client (and moto's own time), not a real network's latency.", ""]
    if not results["peers"]["moto"]:
        lines += ["S3 skipped: moto_server is not installed (pip install 'moto[server]').", ""]
    lines += ["| upload and pin into | pictures | p50 per picture | max per picture | pictures/s |",
              "| --- | --- | --- | --- | --- |"]
    for name, figures in media.items():
        if "ingest" in figures:
            i = figures["ingest"]
            lines.append(f"| {name} | {i['n']} | {i['median']:.2f} s | {i['max']:.2f} s | {i['per_second']:.2f} |")
    lines.append("")
    if not results["peers"]["wrk"]:
        return lines + ["Serving skipped: wrk is not installed.", ""]
    lines += [f"| preview (236 px JPEG) from | connections | {LOAD_HEADER} |",
              f"| --- | --- | {LOAD_RULE} |"]
    for name, figures in media.items():
        if "serving" in figures:
            lines.append(f"| {name} | {plan['target_concurrency']} | {load_columns(figures['serving'])} |")
    lines.append("")
    return lines


def footprint_section(results):
    f = results["footprint"]
    cold = results["cold_start"]
    lines = ["## Footprint", "", "| what | value |", "| --- | --- |",
             f"| cold start to the first answered home list | {spread(cold, 'ms', 1000, 1)} |"]
    for key, label in (("rss_idle_mb", "RSS idle, after one request of each kind"),
                       ("rss_load_mb", "RSS under load (highest sample)"),
                       ("rss_after_load_mb", "RSS idle again, 2 s after the load runs"),
                       ("rss_peak_mb", "RSS peak over the run, uploads included")):
        if key in results:
            lines.append(f"| {label} | {results[key]:.1f} MB |")
    lines += [f"| database on disk | {f['database_mb']:.1f} MB |",
              f"| search index on disk | {f['index_mb']:.1f} MB |",
              f"| previews and originals of the seeded pictures | {f['pictures_mb']:.1f} MB |",
              f"| binary | {f['binary_mb']:.1f} MB |",
              f"| UI JavaScript of the first load, gzipped (-9) | {f['ui_js_gzip_kb']:.1f} KB |"]
    b = results.get("backup")
    if b:
        lines += [f"| backup while serving, first (`corkboard backup`; {b['files']} files) | {b['first']:.2f} s |",
                  f"| backup while serving, second, incremental ({b['from_previous']} files linked to the first) | {b['second']:.2f} s |",
                  f"| restore of that backup into an empty folder | {b['restore']:.2f} s |"]
    a = results.get("archive")
    if a:
        e, i = a["export"], a["import"]
        lines += [f"| export of the whole instance (`corkboard export`): {a['archive_mb']:.1f} MB archive | "
                  f"{e['seconds']:.2f} s, peak RSS {e['peak_rss_mb']:.0f} MB |",
                  f"| import of that archive into an empty folder (`corkboard import`) | "
                  f"{i['seconds']:.2f} s, peak RSS {i['peak_rss_mb']:.0f} MB |"]
    lines.append("")
    return lines


def targets_section(results):
    rows = []
    def row(target, measured, met):
        rows.append(f"| {target} | {measured} | {'met' if met else '**missed**'} |")
    ingest = results.get("ingest", {})
    jpeg = next((tools for name, tools in ingest.items() if name.endswith(".jpg")), None)
    if jpeg and "libvips (vipsthumbnail)" in jpeg:
        ratio = jpeg["Corkboard"]["median"] / jpeg["libvips (vipsthumbnail)"]["median"]
        row("JPEG ladder within 1.2x of libvips (vipsthumbnail)", f"{ratio:.2f}x libvips' time", ratio <= 1.2)
    if jpeg and "pyvips (one process)" in jpeg:
        ratio = jpeg["Corkboard"]["median"] / jpeg["pyvips (one process)"]["median"]
        row("JPEG ladder within 1.0x of one pyvips process", f"{ratio:.2f}x pyvips' time", ratio <= 1.0)
    if jpeg and "Pillow (Pinry's way)" in jpeg:
        ratio = jpeg["Pillow (Pinry's way)"]["median"] / jpeg["Corkboard"]["median"]
        row("JPEG ladder at least 5x faster than Pillow", f"{ratio:.2f}x faster", ratio >= 5)
    bulk = results.get("bulk_ingest", {})
    ours = bulk.get("Corkboard (import-dir)")
    if ours and "pyvips (one process)" in bulk:
        ratio = ours["seconds"] / bulk["pyvips (one process)"]["seconds"]
        row("Bulk ingest within 1.0x of one pyvips process", f"{ratio:.2f}x pyvips' time "
            f"({ours['per_second']:.2f} pictures/s)", ratio <= 1.0)
    if ours and "Pillow (one process, Pinry's way)" in bulk:
        ratio = bulk["Pillow (one process, Pinry's way)"]["seconds"] / ours["seconds"]
        row("Bulk ingest at least 5x faster than Pillow", f"{ratio:.2f}x faster", ratio >= 5)
    for at in at_scales(results):
        for target, measured, met in scale_targets(at):
            row(f"{pins(at)}: {target}", measured, met)
    return ["## Targets", "", "| target | measured | |", "| --- | --- | --- |", *rows, ""]


def scale_targets(results):
    """The targets of one scale: (target, measured, met)."""
    rows = []
    connections = results["plan"]["target_concurrency"]
    for (name, c), runs in results.get("load", {}).items():
        if c != connections or name.startswith("Preview file"):
            continue
        mid = lambda key: sorted(run[key] for run in runs)[len(runs) // 2]
        if name.startswith(("Near-duplicate check", "Suggestions as you type")):
            rows.append((f"{name}: server p99 <= 5 ms ({c} connections)",
                         f"p50 {mid('server_p50_ms'):.2f} ms, p99 {mid('server_p99_ms'):.2f} ms",
                         mid("server_p99_ms") <= 5))
            continue
        if name.startswith("More like this"):
            rows.append((f"{name}: server p99 <= 10 ms ({c} connections)",
                         f"p50 {mid('server_p50_ms'):.2f} ms, p99 {mid('server_p99_ms'):.2f} ms, {mid('rps'):.0f}/s",
                         mid("server_p99_ms") <= 10))
            continue
        if name.startswith("Cover picker"):
            rows.append((f"{name}: server p99 <= 50 ms ({c} connections)",
                         f"p50 {mid('server_p50_ms'):.2f} ms, p99 {mid('server_p99_ms'):.2f} ms",
                         mid("server_p99_ms") <= 50))
            continue
        rows.append((f"{name}: server p50 <= 2 ms, p99 <= 10 ms at >= 3000 requests/s ({c} connections)",
                     f"p50 {mid('server_p50_ms'):.2f} ms, p99 {mid('server_p99_ms'):.2f} ms, {mid('rps'):.0f}/s "
                     f"(machine probe {mid('probe_ms'):.0f} ms)",
                     mid("server_p50_ms") <= 2 and mid("server_p99_ms") <= 10 and mid("rps") >= 3000))
    if "uploads" in results:
        p99 = results["uploads"]["p99_us"] / 1000
        rows.append(("Home list p99 <= 50 ms while 20 uploads are processed", f"{p99:.1f} ms", p99 <= 50))
    if "rss_peak_mb" in results and "uploads" in results:
        peak = results["rss_peak_mb"]
        rows.append(("Peak RSS <= 400 MB, 20 uploads at once included", f"{peak:.1f} MB", peak <= 400))
    cold = results["cold_start"]["median"]
    rows.append(("Cold start <= 0.5 s", f"{cold * 1000:.0f} ms", cold <= 0.5))
    if "rss_idle_mb" in results:
        rows.append(("Idle RSS <= 100 MB", f"{results['rss_idle_mb']:.1f} MB", results["rss_idle_mb"] <= 100))
    js = results["footprint"]["ui_js_gzip_kb"]
    rows.append(("UI JavaScript of the first load <= 150 KB gzipped", f"{js:.1f} KB", js <= 150))
    return rows + board_write_targets(results) + lighthouse_rows(results)


def write_comparison_report(path, results):
    """The report of `bench.py --engines`: the search rows against each engine, side by side."""
    engines = results["engines"]
    title = results["comparison"]["title"]
    lines = [f"# Corkboard: {title.lower()} side by side{' (smoke run)' if results['smoke'] else ''}", ""]
    lines += machine(results)
    for at in at_scales(results):
        sections = dataset_section(at) + engines_section(at, engines)
        lines += [f"{line}, {pins(at)}" if line.startswith("## ") else line for line in sections]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n")


def engine_name(engine, setting):
    return f"{engine} ({setting} unset)" if engine.startswith("default") else f"`{engine}`"


def engines_section(results, engines):
    plan = results["plan"]
    first, last = engines[0], engines[-1]
    compared = len(engines) > 1
    comparison = results["comparison"]
    setting, noun = comparison["setting"], comparison["noun"]
    lines = [f"## {comparison['title']} side by side", "",
             f"{comparison['rows_are']} against each {noun} "
             f"({', '.join(engine_name(e, setting) for e in engines)}, set by "
             f"`{setting}`) on the same seeded data: {plan['load_repeats']} "
             f"round{'s' if plan['load_repeats'] > 1 else ''}, each "
             f"starting a server for each {noun} in turn and sending it the same requests (wrk, one "
             f"thread, {plan['target_concurrency']} connections, {plan['load_seconds']} s a row after a "
             "second's warm-up). Figures are medians of the rounds (min to max); server times are the "
             "server's own log line of each request. Rows marked \"signed in\" send a seeded user's "
             "session; the others are a visitor's, whose repeated question is answered from the answers "
             f"kept. The rows marked \"never kept\" {NEVER_KEPT_NOTE} The target of each row: server "
             "p50 <= 2 ms and p99 <= 10 ms."
             + (f" Ratios are `{last}` over `{first}`: above 1 for requests/s, below 1 for p99, "
                f"`{last}` is the faster." if compared else ""), ""]
    header = ["request"]
    for engine in engines:
        header += [f"{engine} requests/s", f"{engine} server p50", f"{engine} server p99", f"{engine} target"]
    if compared:
        header += ["requests/s ratio", "p99 ratio"]
    lines += ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    for name, by_engine in results["engines"].items():
        cells = [name]
        for engine in engines:
            runs = by_engine.get(engine, [])
            if not runs:
                cells += ["", "", "", ""]
                continue
            cells += [median_col(runs, "rps", 0), median_col(runs, "server_p50_ms") + " ms",
                      median_col(runs, "server_p99_ms") + " ms",
                      "met" if median(runs, "server_p50_ms") <= 2 and median(runs, "server_p99_ms") <= 10
                      else "**missed**"]
        if compared and by_engine.get(first) and by_engine.get(last):
            cells += [f"{median(by_engine[last], 'rps') / median(by_engine[first], 'rps'):.2f}x",
                      f"{median(by_engine[last], 'server_p99_ms') / median(by_engine[first], 'server_p99_ms'):.2f}x"]
        lines.append("| " + " | ".join(cells) + " |")
    probes = {engine: [run["probe_ms"] for by_engine in results["engines"].values() for run in by_engine.get(engine, [])]
              for engine in engines}
    lines += ["", "Machine probe just before each row (`bench/load.py`; lower is a faster machine): "
              + ", ".join(f"{engine} {min(p):.0f}-{max(p):.0f} ms (median {sorted(p)[len(p) // 2]:.0f})"
                          for engine, p in probes.items() if p) + ".", ""]
    return lines + queries_section(results)


def median(runs, key):
    values = sorted(run[key] for run in runs)
    return values[len(values) // 2]


def median_col(runs, key, digits=2):
    """The median of `key` over runs, with min to max when there are several."""
    values = sorted(run[key] for run in runs)
    mid = values[len(values) // 2]
    return f"{mid:.{digits}f} ({values[0]:.{digits}f}-{values[-1]:.{digits}f})" if len(values) > 1 else f"{mid:.{digits}f}"
