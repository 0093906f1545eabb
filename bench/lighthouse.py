"""Lighthouse on the seeded instance: the first load of the home page, a board page and a pin page
in Debian's Chromium, as an anonymous visitor, with Lighthouse's defaults (mobile emulation and
simulated throttling). Each page's scores, its metrics, the bytes it transferred (all, and without
pictures), and the audits Lighthouse names as what to improve.

The CLI comes from bench/package.json (`npm ci --prefix bench`, done by bench/install-peers).
Lighthouse 12, not 13: 13 needs Node 22 and Debian's is 20. Its trace engine asks for the "latest"
third-party-web and legacy-javascript, which `npm ci` cannot check against the lock, so
package.json pins them (overrides) to the versions in the lock.
"""

import json
import os
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
LIGHTHOUSE = HERE / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = Path("/usr/bin/chromium")
# As ui/e2e/harness.mjs launches it: this machine's network is closed, so nothing in the
# background may try to reach out (and Chromium runs as root, hence no sandbox).
CHROME_FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run "
                "--disable-background-networking --disable-component-update --disable-sync")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time",
           "cumulative-layout-shift", "speed-index")
RUN_TIMEOUT_S = 300
# Given on their own line of the report, not among the findings.
REPORTED_APART = ("largest-contentful-paint-element",)


def missing():
    """What keeps Lighthouse from running here, or None."""
    if not LIGHTHOUSE.exists():
        return f"{LIGHTHOUSE.relative_to(HERE.parent)} is not installed (bench/install-peers)"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is not installed (apt-get install chromium)"
    return None


def pages(server, smoke):
    """The pages measured, by name: their paths on the seeded instance, found as an anonymous
    visitor finds them (the newest public pin, and a board it is on)."""
    found, _ = server.graphql(
        "{ pins(first: 1) { edges { node { id boards(first: 1) { edges { node { slug user { username } } } } } } } }")
    pin = found["pins"]["edges"][0]["node"]
    chosen = {"Home": "/"}
    if smoke:
        return chosen
    board = pin["boards"]["edges"][0]["node"]
    chosen[f"Board /{board['user']['username']}/boards/{board['slug']}/"] = \
        f"/{board['user']['username']}/boards/{board['slug']}/"
    chosen[f"Pin /pins/{pin['id']}/"] = f"/pins/{pin['id']}/"
    return chosen


def run(url, output):
    """One Lighthouse run of `url`; its JSON report, also kept at `output`."""
    command = [str(LIGHTHOUSE), url, "--output=json", f"--output-path={output}", "--quiet",
               f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={CHROME_FLAGS}"]
    env = dict(os.environ, CHROME_PATH=str(CHROMIUM))
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    if done.returncode != 0 or not Path(output).exists():
        raise RuntimeError(f"lighthouse failed on {url} ({done.returncode}): {done.stderr[-2000:]}")
    report = json.loads(Path(output).read_text())
    if report.get("runtimeError"):
        raise RuntimeError(f"lighthouse on {url}: {report['runtimeError']}")
    return report


def summarize(report):
    """The figures of one run: scores out of 100, metrics in ms (CLS unitless), bytes."""
    audits = report["audits"]
    requests = audits["network-requests"]["details"]["items"]
    total = sum(request.get("transferSize") or 0 for request in requests)
    images = sum(request.get("transferSize") or 0 for request in requests if request.get("resourceType") == "Image")
    return {
        "scores": {name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES},
        "metrics": {name: audits[name]["numericValue"] for name in METRICS},
        "bytes": total,
        "bytes_without_images": total - images,
        "requests": len(requests),
        "findings": findings(report),
        "lcp_element": lcp_element(audits),
        "benchmark_index": report["environment"].get("benchmarkIndex"),
        "version": report["lighthouseVersion"],
        "warnings": report.get("runWarnings", []),
    }


def findings(report, limit=8):
    """The audits that did not pass, the performance ones with the most time to save first:
    (category, title, what Lighthouse shows beside it)."""
    audits = report["audits"]
    found = []
    for category in CATEGORIES:
        for ref in report["categories"][category]["auditRefs"]:
            audit = audits[ref["id"]]
            if audit.get("score") is None or audit["score"] >= 0.9 or ref["id"] in METRICS + REPORTED_APART:
                continue
            if audit.get("scoreDisplayMode") in ("notApplicable", "manual", "informative"):
                continue
            savings = sum((audit.get("metricSavings") or {}).values())
            found.append((-savings, category, audit["title"], shown(audit)))
    found.sort(key=lambda item: item[0])
    return [(category, title, text) for _, category, title, text in found[:limit]]


def shown(audit):
    """What Lighthouse shows beside an audit's title, with the unmet points of its checklist
    (e.g. the LCP image's discovery: fetchpriority, lazy loading, in the first document)."""
    details = audit.get("details") or {}
    lists = [details] + [item for item in details.get("items", []) if isinstance(item, dict)] \
        if details.get("type") in ("checklist", "list") else []
    unmet = [point["label"] for part in lists if part.get("type") == "checklist"
             for point in part["items"].values() if not point.get("value")]
    return "; ".join(filter(None, [audit.get("displayValue", ""), *(f"not met: {label}" for label in unmet)]))


def lcp_element(audits):
    """The largest contentful paint's element and its phases (TTFB, load delay, load time,
    render delay), as Lighthouse gives them."""
    details = audits.get("largest-contentful-paint-element", {}).get("details") or {}
    tables = details.get("items", [])
    if not tables:
        return None
    node = next((item["node"] for item in tables[0].get("items", []) if "node" in item), {})
    phases = {row["phase"]: row["timing"] for table in tables[1:] for row in table.get("items", []) if "phase" in row}
    return {"snippet": node.get("snippet", ""), "label": node.get("nodeLabel", ""), "phases": phases}


def measure(server, work, runs, smoke):
    """Every page, `runs` times each; per page the run with the median performance score among
    the undisturbed runs, and every run's score with the CPU speed Lighthouse saw."""
    measured = {}
    for name, path in pages(server, smoke).items():
        print(f"  lighthouse {name}", flush=True)
        summaries = [summarize(run(server.base + path, Path(work) / f"lighthouse-{len(measured)}-{i}.json"))
                     for i in range(runs)]
        kept = undisturbed(summaries)
        median = sorted(kept, key=lambda s: s["scores"]["performance"])[len(kept) // 2]
        median["performance_runs"] = [(s["scores"]["performance"], s["benchmark_index"], s in kept) for s in summaries]
        median["path"] = path
        measured[name] = median
    return measured


def undisturbed(summaries):
    """The runs whose CPU was not taken by something else: Lighthouse's benchmarkIndex (a short
    CPU test before each run) at least 60% of the best run's. On a shared 2-core machine a
    compile next door halves it, and a run then scores 30 to 50 points lower."""
    best = max(s["benchmark_index"] or 0 for s in summaries)
    return [s for s in summaries if (s["benchmark_index"] or 0) >= 0.6 * best]
