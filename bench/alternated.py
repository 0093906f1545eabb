"""Requests/s of binaries alternated on one bench row: a comparison that the machine's drift
blurs less than two runs an hour apart (requests/s drift 15-25% over a run, a few % between
neighbouring rounds). Each round starts each binary in turn on one copy of the data, warms the
row up, then runs it as the bench does (16 connections, the same random words in every round).

    python3 bench/alternated.py --data SEEDED --rows "two words&rare" --rounds 3 \\
        before=/tmp/before after=target/release/corkboard after+thp=target/release/corkboard,KEY=VALUE

--data: a folder made by `corkboard seed` (copied, left as it is); --rows: the rows of the bench
(its targets and their signed-in twins) whose names hold every `&`-separated part, or those of
one of its `|`-separated alternatives; each binary as
LABEL=PATH, followed by the environment it runs with (`,KEY=VALUE` each). Besides requests/s, it
prints the server's CPU time a request (user and system, from /proc), which the scheduling of the
server's threads against wrk's on a small machine blurs less."""

import argparse
import shutil
import tempfile
from pathlib import Path

import bench
import load
from server import Server


def binaries(specs):
    """(label, path, environment) of each LABEL=PATH[,KEY=VALUE...]."""
    for spec in specs:
        label, rest = spec.split("=", 1)
        path, *settings = rest.split(",")
        yield label, path, dict(setting.split("=", 1) for setting in settings)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", required=True)
    parser.add_argument("--rows", default="")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=int, default=6)
    parser.add_argument("--warm", type=int, default=15, help="seconds of warm-up before each row")
    parser.add_argument("binary", nargs="+")
    args = parser.parse_args()
    compared = list(binaries(args.binary))
    measured = {}
    with tempfile.TemporaryDirectory() as work:
        work = Path(work)
        shutil.copytree(args.data, work / "data")
        for round_ in range(args.rounds):
            for label, path, env in compared:
                server = Server(path, work / "data", work / "server.log", env=env)
                try:
                    server.wait_until_answering("{ pins(first: 50) { totalCount } }", timeout=300)
                    for name, target in bench.rows_named(server, args.rows).items():
                        load.run(server, target, 16, args.warm, seed=2)
                        cpu_before = server.cpu_seconds()
                        row = load.run(server, target, 16, args.seconds, seed=1)
                        cpu_us = (server.cpu_seconds() - cpu_before) / row["requests"] * 1e6
                        measured.setdefault((name, label), []).append((row["requests"] / args.seconds, cpu_us))
                        print(f"round {round_} {label} {name}: {row['requests'] / args.seconds:.0f}/s, "
                              f"server p50 {row['server_p50_ms']:.2f} ms, p99 {row['server_p99_ms']:.2f} ms, "
                              f"CPU {cpu_us:.0f} µs a request, RSS {server.rss_mb():.0f} MB, "
                              f"probe {row['probe_ms']:.0f} ms", flush=True)
                finally:
                    server.stop()
    for (name, label), values in sorted(measured.items()):
        print(f"{name}, {label}:", " / ".join(f"{rate:.0f}/s ({cpu:.0f} µs)" for rate, cpu in values))


if __name__ == "__main__":
    main()
