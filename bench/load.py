"""Load on loopback with wrk: requests per second, client latency (wrk), server time (the
server's own log line of each request), the file pages read back from disk meanwhile and the
machine's speed just before."""

import json
import os
import random
import signal
import subprocess
import tempfile
import time
import zlib
from functools import cache
from pathlib import Path

from stats import percentile

HERE = Path(__file__).resolve().parent


def wrk_command(url, connections, seconds):
    return ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "-s", str(HERE / "wrk.lua"), url]


def wrk_env(target, seed=None):
    """The environment of wrk.lua for `target`: its body, cookie and queries (see wrk.lua)."""
    body = target.get("body")
    env = dict(os.environ)
    for name in ("BENCH_SEED", "BENCH_BODY", "BENCH_QUERIES", "BENCH_VARY", "BENCH_COOKIE"):
        env.pop(name, None)
    if target.get("cookie"):
        env["BENCH_COOKIE"] = target["cookie"]
    if target.get("queries"):
        env["BENCH_QUERIES"] = written(target["queries"], ".txt")
        if target.get("vary"):
            env["BENCH_VARY"] = target["vary"]
        if seed is not None:
            env["BENCH_SEED"] = str(seed)
    if body is not None:
        env["BENCH_BODY"] = written(json.dumps(body), ".json")
    return env


def written(content, suffix):
    """A temporary file holding `content` (a string, or lines): its path."""
    handle, path = tempfile.mkstemp(suffix=suffix)
    with os.fdopen(handle, "w") as file:
        file.write(content if isinstance(content, str) else "".join(f"{line}\n" for line in content))
    return path


def parse(output):
    line = next(line for line in reversed(output.splitlines()) if line.startswith("{"))
    return json.loads(line)


def machine_probe_ms():
    """Milliseconds this machine takes, at this moment, for a fixed piece of work of one core (zlib
    at level 6 on 2 MiB of text); how to read it is the report's `PROBE_NOTE`."""
    started = time.perf_counter()
    zlib.compress(probe_text(), 6)
    return (time.perf_counter() - started) * 1000


@cache
def probe_text():
    """2 MiB of words, the same in every run."""
    words = "light morning old harbour blue quiet street window garden river stone wooden table".split()
    draw = random.Random(18)
    text = " ".join(draw.choice(words) + str(draw.randrange(1000)) for _ in range(300_000)).encode()
    return text[: 2 << 20]


def page_refaults():
    """File pages read back from disk since boot after the kernel had dropped them from its cache
    (machine-wide, `/proc/vmstat`); 0 where the kernel does not say."""
    try:
        with open("/proc/vmstat") as vmstat:
            for line in vmstat:
                name, value = line.split()
                if name == "workingset_refault_file":
                    return int(value)
    except OSError:
        pass
    return 0


def run(server, target, connections, seconds, seed=None):
    """One wrk run against a target {url, body}; adds server-time percentiles, the disk
    re-reads a request and the machine probe taken just before. With a `seed`, a target's random
    words are the same in every run."""
    probe_ms = machine_probe_ms()
    before = (server.log_offset(), page_refaults())
    finished = subprocess.run(
        wrk_command(server.base + target["path"], connections, seconds),
        env=wrk_env(target, seed),
        capture_output=True,
        text=True,
        check=True,
    )
    return {**with_server_times(parse(finished.stdout), server, before), "probe_ms": probe_ms}


def start_open_ended(server, target, connections):
    """A wrk run that lasts until `stop_open_ended` (at most ten minutes)."""
    before = (server.log_offset(), page_refaults())
    process = subprocess.Popen(
        wrk_command(server.base + target["path"], connections, 600),
        env=wrk_env(target),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    return process, before


def stop_open_ended(server, running):
    process, before = running
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=60)
    return with_server_times(parse(out), server, before)


def with_server_times(result, server, before):
    offset, refaults = before
    times = server.request_times_ms(offset, server.log_offset())
    result["disk_rereads"] = (page_refaults() - refaults) / max(result["requests"], 1)
    result["rps"] = result["requests"] / result["seconds"]
    result["server_p50_ms"] = percentile(times, 0.50)
    result["server_p99_ms"] = percentile(times, 0.99)
    return result
