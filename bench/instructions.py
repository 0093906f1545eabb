"""Instructions a request, counted by callgrind: a comparison of two binaries that the machine's
drift does not blur (two runs of one binary agree within 0.3%, where requests/s drift 15-25%; rows
of random words ask the same words in every run, and their warm-up the same others; the first such
row also makes the kept postings of the words its warm-up missed, and varies with its requests).
Instructions are not time (compression does many an instant, a cache miss few): confirm a change
with alternated timed runs too. Needs valgrind (Debian's `valgrind`).

    python3 bench/instructions.py --bin target/release/corkboard --data SEEDED --rows "signed in&Home"

--data: a folder made by `corkboard seed` (copied, left as it is); --rows: the rows of the bench
(its targets and their signed-in twins) whose names hold every `&`-separated part."""

import argparse
import glob
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import bench
import load
from server import Server


def counted(dump):
    """The instructions a callgrind dump counted."""
    text = Path(dump).read_text()
    return int(re.search(r"^(?:summary|totals): (\d+)", text, re.M).group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--data", required=True)
    parser.add_argument("--rows", default="")
    parser.add_argument("--seconds", type=int, default=6)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        work = Path(work)
        shutil.copytree(args.data, work / "data")
        out = work / "callgrind.out"
        prefix = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        server = Server(args.bin, work / "data", work / "server.log", prefix=prefix)

        def callgrind(option):
            subprocess.run(["callgrind_control", option, str(server.process.pid)], check=True, capture_output=True)

        try:
            server.wait_until_answering("{ pins(first: 50) { totalCount } }", timeout=300)
            for name, target in bench.rows_named(server, args.rows).items():
                load.run(server, target, 2, 2, seed=2)
                callgrind("--zero")
                measured = load.run(server, target, 4, args.seconds, seed=1)
                callgrind("--dump")
                dump = max(glob.glob(f"{out}*"), key=os.path.getmtime)
                per_request = counted(dump) / measured["requests"]
                print(f"{name}: {measured['requests']} requests, {per_request / 1e6:.3f} M instructions a request", flush=True)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
