"""Corkboard's benchmarks in one run: ingest against libvips, pyvips and Pillow, one picture at a
time and in bulk (a folder of photos of 4 to 24 MP, imported), the first load of the seeded
instance's pages in Lighthouse, serving a seeded dataset under load, the home list while uploads are
processed, and the footprint, at 100k and at 1M pins; ingest and serving with the media on local
disk and in S3 (moto).
Writes a Markdown report.

    python3 bench/bench.py --bin target/release/corkboard --report bench/RESULTS.md
    python3 bench/bench.py --scale 1m ...  one scale only (both by default: 100k, then 1M pins)
    python3 bench/bench.py --smoke ...   every part, briefly, on two tiny datasets (run by cargo test)

The searches are drawn from the seeded pins' own text (bench/searches.py): one, two and three
words of a pin, common and rare ones apart, a pin's tag, and the first letters of one for tag
suggestions; each request is a different one, new to the server's kept answers (bench/wrk.lua).

Two paths side by side: --executors (or --planners) runs only the dataset and the rows answered
anew at each request against each GraphQL executor (CORKBOARD_API__EXECUTOR; or load planner,
CORKBOARD_API__PLANNER) in turn on the same seeded data,
interleaved (each round starts a server for each and sends it the same requests), and reports
them in one table with their ratios; it takes minutes, not the whole run's hour:

    python3 bench/bench.py --bin target/release/corkboard --executors --scale 1m --report /tmp/executors.md
    --executors plain,own   the executors, in order (the default)
    --planners plain,ahead  the load planners, in order (the default)
"""

import argparse
import gzip
import importlib.util
import os
import json
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import ingest
import lighthouse
import load
import searches
from bucket import Moto
from report import write_comparison_report, write_report
from server import RssSampler, Server, free_port
from stats import summary

ROOT = Path(__file__).resolve().parent.parent
SEED_PASSWORD = "corkboard-seed"

FULL = dict(users=1000, boards=10_000, pins=100_000, pictures=48, ingest_runs=5,
            jpeg_size=(4000, 3000), png_size=(3000, 2000), load_seconds=5, load_repeats=3,
            concurrency=(1, 16, 64), target_concurrency=16, uploads=20, cold_starts=5, media_pictures=10,
            lighthouse_runs=3, bulk_pictures=200,
            bulk_sizes=((2448, 1632), (3264, 2448), (4000, 3000), (4896, 3264), (6000, 4000)))
# 1m: ten times as much; the seed's skewed choice gives some boards thousands of pins.
MILLION = dict(FULL, users=10_000, boards=100_000, pins=1_000_000)
SCALES = {"100k": FULL, "1m": MILLION}
SMOKE = dict(users=5, boards=20, pins=300, pictures=3, ingest_runs=1,
             jpeg_size=(1200, 900), png_size=(800, 600), load_seconds=1, load_repeats=1,
             concurrency=(4,), target_concurrency=4, uploads=2, cold_starts=1, media_pictures=2,
             lighthouse_runs=1, bulk_pictures=4, bulk_sizes=((1200, 800), (1600, 1200)))
SMOKE_SCALES = {"100k": SMOKE, "1m": dict(SMOKE, users=8, boards=30, pins=600)}

# The UI's queries (ui/src/api/*.graphql), as the browser sends them.
THUMB = "id sha1 title caption width height dominantColor unsafe previewsFormats previewsSizes"
PAGE = "totalCount pageInfo { hasNextPage endCursor }"
LAST_PINS = f"query LastPins($first: Int, $after: String) {{ pins(first: $first, after: $after) {{ {PAGE} edges {{ node {{ {THUMB} }} }} }} }}"
SEARCH_PINS = f"query SearchPinsQuery($search: String, $tag: String, $first: Int = 50, $after: String) {{ me {{ id }} pins(search: $search, tag: $tag, first: $first, after: $after) {{ {PAGE} edges {{ node {{ {THUMB} }} }} }} }}"
BOARD_PINS = f"query BoardPins($username: String!, $boardSlug: String!, $first: Int, $after: String) {{ user(username: $username) {{ id board(slug: $boardSlug) {{ id pins(first: $first, after: $after) {{ {PAGE} edges {{ order node {{ {THUMB} }} }} }} }} }} }}"
PIN_FIELDS = """id width height weight camera lens focalLength exposureTime aperture iso exifDate
  sourceFileUrl sourceDomain original title caption rating unsafe secret dominantColor createdAt tags
  previewsFormats addedVia { id user { username firstName lastName } } user { id username firstName lastName }
  boards(first: 100) { totalCount edges { node { id slug title user { username } } } }
  preview(minWidth: 738) previewWebp: preview(minWidth: 738, format: "webp") fullPreview: preview(minWidth: 2048)
  prevID nextID"""
COVER = "{ id unsafe preview(minWidth: 236) }"
BOARD_TILE = f"""id slug title secret caption folder {{ id name slug }} pins {{ totalCount }}
  cover1 {COVER} cover2 {COVER} cover3 {COVER}"""
TILES = f"pageInfo {{ hasNextPage endCursor }} edges {{ node {{ {BOARD_TILE} }} }}"
# A user's boards page asks its public and its private boards apart; the rows ask the public ones.
USER_BOARDS = f"query UserBoards($username: String!, $secret: Boolean!, $first: Int, $after: String) {{ user(username: $username) {{ id boards(first: $first, after: $after, secret: $secret) {{ {TILES} }} }} }}"
FOLDER_PAGE = f"query FolderBoards($username: String!, $folderSlug: String!, $first: Int, $after: String) {{ user(username: $username) {{ id folder(slug: $folderSlug) {{ id boards(first: $first, after: $after) {{ {TILES} }} }} }} }}"
BOARD_COVERS = f"query GetBoardCovers($id: ID!, $first: Int, $after: String) {{ board(id: $id) {{ id pins(first: $first, after: $after) {{ {PAGE} edges {{ node {{ {THUMB} }} }} }} }} }}"
TAG_SUGGESTIONS = "query TagSuggestions($token: String!) { tagSuggestions(token: $token, first: 5) { name count } }"
# The header's search box as it is typed, as the UI asks it (ui/src/api/suggestions.graphql).
SUGGESTIONS = ("query Suggestions($text: String!, $first: Int!) { suggestions(text: $text, first: $first) { "
               "tags { name count } boards { id slug title user { id username } folder { id slug } } "
               "people { id username firstName lastName } recentSearches } }")
# "More like this" under the pin detail, as the UI asks it (ui/src/api/similarPins.graphql).
# The near-duplicate check an upload makes (service::pinned_copies), asked for a pin's picture as
# its owner's clones are: the viewer's pins showing it or a look-alike of it.
NEAR_DUPLICATES = "query NearDuplicates($pin: ID!) { me { clones(pin: $pin) { id } } }"
SIMILAR_PINS = f"query SimilarPins($id: ID!, $first: Int, $after: String) {{ pin(id: $id) {{ id similar(first: $first, after: $after) {{ {PAGE} edges {{ node {{ {THUMB} }} }} }} }} }}"
# The home page's 'Following' tab, as the UI asks it (ui/src/api/follows.graphql): no total.
FOLLOWING_PINS = f"query FollowingPins($first: Int, $after: String) {{ following(first: $first, after: $after) {{ pageInfo {{ hasNextPage endCursor }} edges {{ node {{ {THUMB} }} }} }} }}"
# The seed makes user1, whom the signed-in rows sign in as, follow 50 people and 200 boards.
FOLLOWING_ROW = "'Following', 50 people and 200 boards followed"
SINGLE_PIN = f"query singlePin($id: ID!, $search: String, $tag: String) {{ pin(id: $id, search: $search, tag: $tag) {{ {PIN_FIELDS} }} }}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True, help="the corkboard binary to measure")
    parser.add_argument("--report", required=True, help="where to write the Markdown report")
    parser.add_argument("--smoke", action="store_true", help="every part, briefly, on a tiny dataset")
    parser.add_argument("--allow-missing", action="store_true", help="skip peers that are not installed")
    parser.add_argument("--scale", choices=["100k", "1m", "both"], default="both",
                        help="pins in the seeded dataset: 100k, 1m, or both, one after the other (the default)")
    parser.add_argument("--executors", nargs="?", const="plain,own", metavar="EXECUTOR,EXECUTOR",
                        help="only the dataset and the rows answered anew each time (signed in, and "
                             "searches never kept), against each GraphQL executor in turn (plain,own "
                             "unless given; CORKBOARD_API__EXECUTOR)")
    parser.add_argument("--planners", nargs="?", const="plain,ahead", metavar="PLANNER,PLANNER",
                        help="only the dataset and the rows answered anew each time, against each load "
                             "planner in turn (plain,ahead unless given; CORKBOARD_API__PLANNER)")
    args = parser.parse_args()
    plans = SMOKE_SCALES if args.smoke else SCALES
    scales = list(plans) if args.scale == "both" else [args.scale]
    plan = plans[scales[0]]
    binary = str(Path(args.bin).resolve())
    for kind in ("executors", "planners"):
        if getattr(args, kind):
            return compare(binary, [(name, plans[name]) for name in scales], args, COMPARISONS[kind],
                           getattr(args, kind).split(","))

    peers = {"vips": bool(shutil.which("vipsthumbnail")), "wrk": bool(shutil.which("wrk")),
             "pillow": importlib.util.find_spec("PIL") is not None, "pyvips": ingest.pyvips_imports(),
             "moto": bool(shutil.which("moto_server")),
             "lighthouse": lighthouse.missing() is None}
    missing = [name for name, present in peers.items() if not present]
    if missing and not args.allow_missing:
        sys.exit(f"missing: {', '.join(missing)} (bench/install-peers installs them)")

    work = Path(tempfile.mkdtemp(prefix="corkboard-bench-"))
    try:
        results = {"plan": plan, "smoke": args.smoke, "binary": binary, "peers": peers, "scales": []}
        if peers["pillow"]:
            print("ingest", flush=True)
            inputs = ingest.make_inputs(work, plan["jpeg_size"], plan["png_size"])
            tools = ingest.tools_available(binary, peers)
            results["ingest"] = ingest.measure(tools, inputs, plan["ingest_runs"])
            results["bulk_ingest"] = bulk_ingest(binary, work, plan, peers)
            results["upload_picture"] = inputs[0][0]
            results["media"] = media_storage(binary, work, plan, peers, results["upload_picture"])
        for name in scales:
            results["scales"].append(at_scale(binary, work / name, plans[name], peers, results, args.smoke,
                                              first=name == scales[0]))
        write_report(Path(args.report), results)
        print(f"report written to {args.report}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def at_scale(binary, work, plan, peers, results, smoke, first):
    """What depends on the size of the data, on a dataset seeded in `work` by `plan` (removed
    afterwards): the first load, serving under load, the footprint; and, on the first scale
    only, backups and the whole-instance archive."""
    print(f"at {plan['pins']} pins", flush=True)
    work.mkdir()
    scale = {"plan": plan}
    if "upload_picture" in results:
        scale["upload_picture"] = results["upload_picture"]
    scale["seed"] = seed(binary, work / "data", plan)
    scale["cold_start"] = cold_starts(binary, work, plan)
    if peers["lighthouse"]:
        scale["lighthouse"] = first_load(binary, work, plan, smoke)
    else:
        scale["lighthouse_missing"] = lighthouse.missing()
    if peers["wrk"]:
        serve_under_load(binary, work, plan, scale)
    scale["footprint"] = footprint(binary, work / "data")
    if first:
        scale["backup"] = backups(binary, work)
        scale["archive"] = export_and_import(binary, work)
    shutil.rmtree(work, ignore_errors=True)
    return scale


def answered_anew_rows(server, queries):
    """The rows whose answers are computed at each request: every page signed in, and a visitor's
    searches never kept."""
    pages = targets(server, boards_of_newest_pins(server), queries)
    rows = {name: target for name, target in pages.items() if "never kept" in name}
    rows.update(signed_in(server, pages))
    return rows


# What `--executors` and `--planners` compare: the setting each value is given to, and the rows.
COMPARISONS = {
    "executors": {"setting": "CORKBOARD_API__EXECUTOR", "title": "GraphQL executors", "noun": "executor",
                  "rows": answered_anew_rows,
                  "rows_are": "The rows whose answers are computed at each request (every page signed in, "
                              "and a visitor's searches never kept)"},
    "planners": {"setting": "CORKBOARD_API__PLANNER", "title": "Load planners", "noun": "planner",
                 "rows": answered_anew_rows,
                 "rows_are": "The rows whose answers are computed at each request (every page signed in, "
                             "and a visitor's searches never kept)"},
}


def compare(binary, scales, args, comparison, names):
    """The rows of `comparison` against each of its `names` at each of `scales`: a report of them
    side by side (report.write_comparison_report)."""
    if not shutil.which("wrk"):
        sys.exit("missing: wrk (bench/install-peers installs it)")
    # (label, engine): an engine named twice (as `default,default` in the smoke test) is labelled apart.
    engines = [(name if names.count(name) == 1 else f"{name} #{n + 1}", name) for n, name in enumerate(names)]
    work = Path(tempfile.mkdtemp(prefix="corkboard-paths-"))
    try:
        described = {key: value for key, value in comparison.items() if key != "rows"}
        results = {"plan": scales[0][1], "smoke": args.smoke, "binary": binary,
                   "engines": [label for label, _ in engines], "comparison": described,
                   "scales": [paths_at_scale(binary, work / name, plan, engines, comparison)
                              for name, plan in scales]}
        for scale in results["scales"]:
            scale["comparison"] = described
        write_comparison_report(Path(args.report), results)
        print(f"report written to {args.report}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def paths_at_scale(binary, work, plan, engines, comparison):
    """The search rows (search_targets, visitor and signed in) at the target concurrency against
    each of `engines` ((label, engine) pairs) on one dataset seeded in `work`: `load_repeats` rounds, each starting a
    server for each engine in turn and running every row once after a second's warm-up, with the
    same requests for every engine of a round."""
    print(f"at {plan['pins']} pins", flush=True)
    work.mkdir()
    scale = {"plan": plan, "seed": seed(binary, work / "data", plan), "engines": {}}
    connections = plan["target_concurrency"]
    queries = None
    for round_ in range(plan["load_repeats"]):
        for label, engine in engines:
            env = {} if engine == "default" else {comparison["setting"]: engine}
            server = Server(binary, work / "data", work / "paths.log", env)
            try:
                server.wait_until_answering("{ pins(first: 50) { totalCount } }", timeout=300)
                if queries is None:
                    queries = draw_queries(server)
                    scale["queries"] = searches.examples(queries)
                rows = comparison["rows"](server, queries)
                for target in rows.values():
                    load.run(server, target, connections, 1, seed=1000 + round_)
                for name, target in rows.items():
                    run = load.run(server, target, connections, plan["load_seconds"], seed=round_)
                    scale["engines"].setdefault(name, {}).setdefault(label, []).append(run)
                    print(f"  round {round_} {label} {name}: {run['rps']:.0f}/s, server p50 "
                          f"{run['server_p50_ms']:.2f} ms, p99 {run['server_p99_ms']:.2f} ms", flush=True)
            finally:
                server.stop()
    shutil.rmtree(work, ignore_errors=True)
    return scale


def bulk_ingest(binary, work, plan, peers):
    """Pictures per second of each bulk tool over `bulk_pictures` photos of `bulk_sizes`."""
    print("bulk ingest", flush=True)
    pictures = ingest.bulk_inputs(work / "bulk", plan["bulk_pictures"], plan["bulk_sizes"])
    measured = ingest.measure_bulk(ingest.bulk_tools(binary, peers, SEED_PASSWORD), pictures)
    shutil.rmtree(work / "bulk")
    return measured


def seed(binary, data, plan):
    print("seed", flush=True)
    started = time.perf_counter()
    subprocess.run(
        [binary, "seed", "--data-dir", data, "--users", str(plan["users"]), "--boards", str(plan["boards"]),
         "--pins", str(plan["pins"]), "--pictures", str(plan["pictures"])],
        check=True, capture_output=True,
    )
    return {"seconds": time.perf_counter() - started}


def cold_starts(binary, work, plan):
    """Start to the first answered home list, with the data written and the index built."""
    print("cold start", flush=True)
    times = []
    for _ in range(plan["cold_starts"]):
        server = Server(binary, work / "data", work / "cold.log")
        try:
            times.append(server.wait_until_answering("{ pins(first: 50) { totalCount } }"))
        finally:
            server.stop()
    return summary(times)


def first_load(binary, work, plan, smoke):
    """Lighthouse on the home page (and, but in the smoke run, a board page and a pin page) of the
    freshly seeded instance, with nothing else running."""
    print("first load (lighthouse)", flush=True)
    server = Server(binary, work / "data", work / "lighthouse.log")
    try:
        server.wait_until_answering("{ pins(first: 1) { totalCount } }")
        return lighthouse.measure(server, work, plan["lighthouse_runs"], smoke)
    finally:
        server.stop()


def targets(server, boards, queries=None):
    """The requests the browser makes for each screen measured, aimed at real seeded data (`boards`:
    those of the newest pins; `queries`: the searches drawn from the pins' text, drawn here when
    not given)."""
    newest, _ = server.graphql(
        "{ pins(first: 1) { edges { node { id preview(minWidth: 236) boards(first: 1) { edges { node { slug user { username } } } } } } } }"
    )
    pin = newest["pins"]["edges"][0]["node"]
    if queries is None:
        queries = draw_queries(server)
    board = pin["boards"]["edges"][0]["node"]
    big = max(boards, key=lambda board: board["pins"]["totalCount"])
    owner = big["user"]["username"]
    in_folder = next((board for board in boards if board["folder"]), None)
    deep_page, after = deep_cursor(server, owner, big["slug"], 100)
    rows = {
        "Home list, pins(first: 50)": post(LAST_PINS, {"first": 50}),
        "Board page": post(BOARD_PINS, {"username": board["user"]["username"], "boardSlug": board["slug"], "first": 50}),
        "Pin detail": post(SINGLE_PIN, {"id": pin["id"]}),
        # Of a pin drawn at random from those the searches are drawn from; its signed-in twin (see
        # `signed_in`) is computed at each request: target p99 <= 10 ms.
        "More like this, first page": {**post(SIMILAR_PINS, {"id": "__WORDS__", "first": 50}),
                                       "queries": queries[("pin",)]},
        # Signed in, computed at each request: target <= 5 ms (see scale_targets).
        "Near-duplicate check at upload": {**post(NEAR_DUPLICATES, {"pin": pin["id"]}),
                                           "cookie": server.sign_in("user1@example.com", SEED_PASSWORD)},
        **search_targets(server, queries),
        "Preview file (236 px JPEG)": {"path": pin["preview"]},
        f"A user's boards page, covers ({big['pins']['totalCount']} pins on the largest)": post(USER_BOARDS, {"username": owner, "secret": False, "first": 50}),
        f"Board page {deep_page} of a {big['pins']['totalCount']}-pin board": post(
            BOARD_PINS, {"username": owner, "boardSlug": big["slug"], "first": 50, "after": after}),
        f"Cover picker, first page of the {big['pins']['totalCount']}-pin board": post(
            BOARD_COVERS, {"id": big["id"], "first": 50}),
    }
    if in_folder:
        rows["Folder page"] = post(FOLDER_PAGE, {"username": in_folder["user"]["username"],
                                                 "folderSlug": in_folder["folder"]["slug"], "first": 50})
    return rows


def post(query, variables):
    return {"path": "/api/graphql", "body": {"query": query, "variables": variables}}


SUGGESTIONS_ROW = "Suggestions as you type, 2-3 letters, never kept"

# Pins whose text the searches are drawn from (bench/searches.py).
QUERY_PINS = 1000


def search_targets(server, queries=None):
    """The search rows, their queries drawn from the seeded pins' own text (bench/searches.py):
    text searches of one, two and three words of a pin, common and rare apart, a pin's tag and
    the first letters of one for suggestions, each request new to the server's kept answers and
    searches (see bench/wrk.lua); and one two-word search repeated, the path of kept answers."""
    if queries is None:
        queries = draw_queries(server)
    rows = {}
    for key, listed in queries.items():
        if key[0] == "text" and listed:
            rows[f"Text search, {searches.name_of(key)}, never kept"] = uncached(
                post(SEARCH_PINS, {"search": "__WORDS__"}), listed, "marks")
    repeated = next(iter(queries[("text", 2, "common")] or queries[("text", 2, "rare")]), None)
    if repeated:
        rows[f'Text search, two words, repeated ("{repeated}")'] = post(SEARCH_PINS, {"search": repeated})
    if queries[("tag",)]:
        rows["Tag search, a pin's tag, never kept"] = uncached(
            post(SEARCH_PINS, {"tag": "__WORDS__"}), queries[("tag",)], "case")
    if queries[("prefix",)]:
        rows["Tag suggestions, 2-3 letters of a pin's tag, never kept"] = uncached(
            post(TAG_SUGGESTIONS, {"token": "__WORDS__"}), queries[("prefix",)], "case+spaces")
        # Target p99 <= 5 ms (bench/report.py, `scale_targets`).
        rows[SUGGESTIONS_ROW] = uncached(
            post(SUGGESTIONS, {"text": "__WORDS__", "first": 5}), queries[("prefix",)], "case+spaces")
    return rows


def draw_queries(server):
    """The query lists of bench/searches.py, from `QUERY_PINS` pins a visitor may see."""
    return searches.draw(searches.sample_pins(server, QUERY_PINS))


def uncached(target, queries, vary):
    """`target` with one of `queries` in place of __WORDS__ in each request, changed as `vary` says
    (bench/wrk.lua) so that each request is new to the server's kept answers and searches."""
    return {**target, "queries": queries, "vary": vary, "uncached": True}


def boards_of_newest_pins(server):
    """The boards of the newest pins: the seed favours a few boards, which show up here."""
    found, _ = server.graphql(
        "{ pins(first: 200) { edges { node { boards(first: 3) { edges { node { id slug user { username } "
        "folder { slug } pins { totalCount } } } } } } } }")
    return [edge["node"] for pin in found["pins"]["edges"] for edge in pin["node"]["boards"]["edges"]]


def deep_cursor(server, username, slug, page):
    """The cursor after page `page - 1` of 50 pins of a board (or its last page): walked once."""
    after, reached = None, 1
    while reached < page:
        found, _ = server.graphql(BOARD_PINS, {"username": username, "boardSlug": slug, "first": 50, "after": after})
        info = found["user"]["board"]["pins"]["pageInfo"]
        if not info["hasNextPage"]:
            break
        after, reached = info["endCursor"], reached + 1
    return reached, after


def serve_under_load(binary, work, plan, results):
    print("serving under load", flush=True)
    metrics = f"127.0.0.1:{free_port()}"  # the board writes below watch their sweeps there
    server = Server(binary, work / "data", work / "load.log", {"CORKBOARD_METRICS__LISTEN": metrics})
    try:
        server.wait_until_answering("{ pins(first: 50) { totalCount } }")
        boards = boards_of_newest_pins(server)  # before the uploads below push their pins down
        queries = draw_queries(server)
        results["queries"] = searches.examples(queries)
        pages = targets(server, boards, queries)
        for target in pages.values():
            server.fetch(target)
        time.sleep(1)
        results["rss_idle_mb"] = server.rss_mb()
        for target in pages.values():
            load.run(server, target, 1, 1)
        table = {}
        runs_of = lambda target, connections: [
            load.run(server, target, connections, plan["load_seconds"]) for _ in range(plan["load_repeats"])]
        with RssSampler(server) as sampler:
            for name, target in pages.items():
                for connections in plan["concurrency"]:
                    table[(name, connections)] = runs_of(target, connections)
            connections = plan["target_concurrency"]
            for name, target in signed_in(server, pages).items():
                table[(name, connections)] = runs_of(target, connections)
        for (name, connections), runs in table.items():
            print(f"  {name} c={connections}: {summary([r['rps'] for r in runs])['median']:.0f} rps", flush=True)
        results["load"] = table
        results["rss_load_mb"] = max(sampler.samples, default=server.rss_mb())
        time.sleep(2)
        results["rss_after_load_mb"] = server.rss_mb()
        if "upload_picture" in results:
            results["uploads"] = home_list_while_uploading(server, pages["Home list, pins(first: 50)"], plan, results["upload_picture"])
        results["rss_peak_mb"] = server.peak_rss_mb()
        results["board_writes"] = board_writes(server, boards, f"http://{metrics}/metrics")
    finally:
        server.stop()


BOARD_UPDATE = "mutation($id: ID!, $t: String, $s: Boolean) { updateBoard(id: $id, title: $t, secret: $s) { id } }"
BOARD_DELETE = "mutation($id: ID!) { deleteBoard(id: $id) { id } }"
BOARD_SHARE = "mutation($b: ID!, $u: String!) { shareBoard(board: $b, username: $u) { message } }"
BOARD_UNSHARE = "mutation($b: ID!, $u: String!) { unshareBoard(board: $b, username: $u) { message } }"


def boards_waiting(metrics):
    """Boards whose pins have yet to follow a write (`corkboard_board_sweeps`)."""
    with urllib.request.urlopen(metrics, timeout=10) as answer:
        text = answer.read().decode()
    return int(re.search(r"^corkboard_board_sweeps (\d+)", text, re.M).group(1))


def swept(metrics):
    """Seconds until no board waits for its sweep, polled every 10 ms."""
    started = time.perf_counter()
    while boards_waiting(metrics) > 0:
        time.sleep(0.01)
    return time.perf_counter() - started


def board_writes(server, boards, metrics):
    """Its owner's writes on the largest of `boards` and on one of a few pins, one request at a
    time: three renames, three times private, shared with a friend, unshared and public again,
    and at last its deletion; the time of each (median of three) on both boards, to see which
    grows with the board. After each write the bench waits until the board's pins have followed
    it in the background (the longest wait is reported), so that a write does not wait for the
    last one's sweep."""
    print("board writes", flush=True)
    big = max(boards, key=lambda board: board["pins"]["totalCount"])
    small = min((board for board in boards if board["pins"]["totalCount"] > 1 and board["id"] != big["id"]),
                key=lambda board: board["pins"]["totalCount"], default=None)
    measured = {}
    if small is None:
        return measured
    for kind, board in (("small", small), ("big", big)):
        cookie = server.sign_in(f"{board['user']['username']}@example.com", SEED_PASSWORD)
        sweeps = []
        def timed(query, variables):
            started = time.perf_counter()
            server.graphql(query, variables, cookie=cookie)
            took = (time.perf_counter() - started) * 1000
            sweeps.append(swept(metrics))
            return took
        friend = {"b": board["id"], "u": "user1" if board["user"]["username"] != "user1" else "user2"}
        toggles = [(timed(BOARD_UPDATE, {"id": board["id"], "s": True}), timed(BOARD_SHARE, friend),
                    timed(BOARD_UNSHARE, friend), timed(BOARD_UPDATE, {"id": board["id"], "s": False}))
                   for _ in range(3)]
        renames = [timed(BOARD_UPDATE, {"id": board["id"], "t": f"Renamed {n}"}) for n in range(3)]
        time.sleep(5)  # the renames' pins are indexed again in the background meanwhile
        median = lambda times: summary(times)["median"]
        measured[kind] = {"pins": board["pins"]["totalCount"], "rename_ms": median(renames),
                          "private_ms": median([t[0] for t in toggles]), "share_ms": median([t[1] for t in toggles]),
                          "unshare_ms": median([t[2] for t in toggles]), "public_ms": median([t[3] for t in toggles]),
                          "delete_ms": timed(BOARD_DELETE, {"id": board["id"]}), "swept_s": max(sweeps)}
    return measured


SIGNED_IN = ", signed in"


def signed_in(server, pages):
    """The GraphQL requests of `pages` sent by a signed-in user: a visitor's repeated request is
    answered with the answer kept since the last change, a signed-in one is computed each time;
    and that user's 'Following' feed."""
    cookie = server.sign_in("user1@example.com", SEED_PASSWORD)
    rows = {name + SIGNED_IN: {**target, "cookie": cookie} for name, target in pages.items()
            if "body" in target and "cookie" not in target}
    # Only a signed-in viewer has a 'Following' feed: the row has no visitor's twin.
    rows[FOLLOWING_ROW] = {**post(FOLLOWING_PINS, {"first": 50}), "cookie": cookie}
    return rows


def rows_named(server, parts):
    """The rows of the bench (its targets and their signed-in twins) whose names hold every one of
    `parts` (separated by `&`), or of one of its alternatives (separated by `|`), by name: for
    the scripts that measure a few rows by hand."""
    pages = targets(server, boards_of_newest_pins(server))
    rows = {**pages, **signed_in(server, pages)}
    def wanted(name):
        return any(all(part in name for part in alternative.split("&")) for alternative in parts.split("|"))
    return {name: target for name, target in rows.items() if wanted(name)}


def home_list_while_uploading(server, home, plan, picture):
    """The home list under load while `uploads` pictures are uploaded and pinned at once."""
    print("home list while uploading", flush=True)
    cookie = server.sign_in("user1@example.com", SEED_PASSWORD)
    me, _ = server.graphql("{ me { boards(first: 1) { edges { node { id } } } } }", cookie=cookie)
    board = me["me"]["boards"]["edges"][0]["node"]["id"]
    failures = []
    def upload():
        try:
            server.upload_pin(cookie, picture, board)
        except Exception as error:  # reported below, the run goes on
            failures.append(error)
    running = load.start_open_ended(server, home, plan["target_concurrency"])
    time.sleep(1)
    started = time.perf_counter()
    threads = [threading.Thread(target=upload) for _ in range(plan["uploads"])]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    upload_seconds = time.perf_counter() - started
    result = load.stop_open_ended(server, running)
    if failures:
        raise RuntimeError(f"{len(failures)} uploads failed: {failures[0]}")
    result.update(uploads=plan["uploads"], upload_seconds=upload_seconds, connections=plan["target_concurrency"])
    return result


def media_storage(binary, work, plan, peers, picture):
    """Pictures uploaded and pinned one after another, then one preview served under load, by a
    server on an empty data folder with its media on local disk, then in a bucket of a fresh moto,
    where the preview is also answered by a redirect to a presigned URL. {backend: {"ingest":
    figures, "serving": wrk runs}} (no "serving" without wrk)."""
    print("media storage", flush=True)
    pictures = ingest.distinct_copies(picture, plan["media_pictures"], work / "media-pictures")
    measured = {"Local disk": backend(binary, work / "media-local", {}, pictures, plan, peers["wrk"])}
    if peers["moto"]:
        with Moto(work / "moto.log") as moto:
            env = moto.storage_env()
            measured["S3 (moto)"] = backend(binary, work / "media-s3", env, pictures, plan, peers["wrk"])
            if peers["wrk"]:
                redirect = {**env, "CORKBOARD_STORAGE__REDIRECT": "true"}
                server = Server(binary, work / "media-s3", work / "media-redirect.log", redirect)
                try:
                    server.wait_until_answering("{ pins(first: 1) { totalCount } }")
                    measured["S3 (moto), redirect to a presigned URL"] = {
                        "serving": preview_under_load(server, measured["S3 (moto)"]["preview"], plan)}
                finally:
                    server.stop()
    shutil.rmtree(work / "media-pictures", ignore_errors=True)
    return measured


def backend(binary, data, env, pictures, plan, serve):
    """One backend, from an empty data folder and the settings in `env`: an account and a board,
    the pictures pinned on it, and (when `serve`) the newest pin's 236 px preview under load."""
    subprocess.run([binary, "admin", "create-user", "bench", "bench@example.com", "--data-dir", data],
                   input=SEED_PASSWORD + "\n", env=dict(os.environ, **env), text=True, check=True, capture_output=True)
    server = Server(binary, data, data.with_suffix(".log"), env)
    try:
        server.wait_until_answering("{ pins(first: 1) { totalCount } }")
        cookie = server.sign_in("bench@example.com", SEED_PASSWORD)
        board = server.add_board(cookie, "Media storage")
        measured = {"ingest": pin_one_after_another(server, cookie, board, pictures)}
        newest, _ = server.graphql("{ pins(first: 1) { edges { node { preview(minWidth: 236) } } } }")
        measured["preview"] = newest["pins"]["edges"][0]["node"]["preview"]
        if serve:
            measured["serving"] = preview_under_load(server, measured["preview"], plan)
    finally:
        server.stop()
    return measured


def pin_one_after_another(server, cookie, board, pictures):
    """Seconds of an upload and pin, one picture at a time (median, min, max), and pictures per second."""
    times = []
    for picture in pictures:
        started = time.perf_counter()
        server.upload_pin(cookie, picture, board)
        times.append(time.perf_counter() - started)
        print(f"  upload and pin: {times[-1]:.3f} s", flush=True)
    return {**summary(times), "per_second": len(times) / sum(times)}


def preview_under_load(server, path, plan):
    """`load_repeats` wrk runs on one preview's URL at the target concurrency (redirects not followed)."""
    target = {"path": path}
    server.fetch(target)
    load.run(server, target, 1, 1)
    runs = [load.run(server, target, plan["target_concurrency"], plan["load_seconds"]) for _ in range(plan["load_repeats"])]
    print(f"  {path} c={plan['target_concurrency']}: {summary([r['rps'] for r in runs])['median']:.0f} rps", flush=True)
    return runs


def backups(binary, work):
    """`corkboard backup` through the running server's control socket, twice (the second one is
    incremental: its files are linked to the first's), then `corkboard restore` of the second."""
    print("backup", flush=True)
    server = Server(binary, work / "data", work / "backup.log")
    timed = {}
    try:
        server.wait_until_answering("{ pins(first: 1) { totalCount } }")
        for name in ("first", "second"):
            started = time.perf_counter()
            subprocess.run([binary, "backup", "--data-dir", work / "data", "--out", work / "backups" / name],
                           check=True, capture_output=True)
            timed[name] = time.perf_counter() - started
    finally:
        server.stop()
    started = time.perf_counter()
    subprocess.run([binary, "restore", work / "backups" / "second", "--data-dir", work / "restored"],
                   check=True, capture_output=True)
    timed["restore"] = time.perf_counter() - started
    manifest = json.loads((work / "backups" / "second" / "manifest.json").read_text())
    shutil.rmtree(work / "restored", ignore_errors=True)
    shutil.rmtree(work / "backups", ignore_errors=True)
    return {**timed, "files": manifest["files"], "from_previous": manifest["files_from_previous"]}


def export_and_import(binary, work):
    """`corkboard export` of the whole seeded instance, then `corkboard import` of that archive
    into an empty data folder (both with the server stopped): time, peak RSS, archive size."""
    print("export and import", flush=True)
    archive = work / "everything.zip"
    exported = measured_run([binary, "export", "--data-dir", work / "data", "--out", archive])
    imported = measured_run([binary, "import", archive, "--data-dir", work / "imported"])
    size = archive.stat().st_size
    archive.unlink()
    shutil.rmtree(work / "imported", ignore_errors=True)
    return {"export": exported, "import": imported, "archive_mb": size / 1e6}


def measured_run(command):
    """Runs `command` to its end: its wall time in seconds and its peak RSS in MB."""
    started = time.perf_counter()
    child = subprocess.Popen([str(part) for part in command], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise RuntimeError(f"{command[1]} failed: {child.stderr.read().decode(errors='replace')[-2000:]}")
    return {"seconds": seconds, "peak_rss_mb": usage.ru_maxrss / 1024}


def footprint(binary, data):
    def size(path):
        """Bytes allocated on disk (redb grows its file ahead, sparsely)."""
        files = [p for p in Path(path).rglob("*") if p.is_file()] if Path(path).is_dir() else [Path(path)]
        return sum(p.stat().st_blocks * 512 for p in files)
    return {
        "database_mb": size(data / "corkboard.redb") / 1e6,
        "index_mb": size(data / "index") / 1e6,
        "pictures_mb": (size(data / "previews") + size(data / "originals")) / 1e6,
        "binary_mb": size(binary) / 1e6,
        "ui_js_gzip_kb": sum(len(gzip.compress(p.read_bytes(), 9)) for p in first_load_scripts()) / 1e3,
    }


def first_load_scripts():
    """The scripts the home page loads first: index.html's modules (the early script and the app)
    and the chunks they import statically (the pages' chunks come later, when opened)."""
    dist = ROOT / "ui" / "dist"
    entries = re.findall(r'<script type="module" src="/([^"]+)"', (dist / "index.html").read_text())
    scripts, pending = set(), [dist / entry for entry in entries]
    while pending:
        script = pending.pop()
        if script in scripts:
            continue
        scripts.add(script)
        text = script.read_text()
        # Static imports only: `import{a}from"./chunk-X.js"` or `import"./chunk-X.js"`, not import().
        for name in re.findall(r'(?:from|import)\s*"\./([^"]+\.js)"', text):
            pending.append(script.parent / name)
    return scripts


if __name__ == "__main__":
    main()
