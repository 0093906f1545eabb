"""A Corkboard server started for measuring: its start-up, memory, per-request log times, and the
GraphQL and upload calls the browser makes."""

import json
import os
import re
import signal
import socket
import subprocess
import threading
import time
import urllib.request
import uuid
from pathlib import Path

ANSI = re.compile(r"\x1b\[[0-9;]*m")
REQUEST_MS = re.compile(r"\bms=([0-9.]+)")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    def __init__(self, binary, data_dir, log_path, env=None, prefix=()):
        """Starts `corkboard serve`; `env`: more variables (settings) for the server; `prefix`: a
        command that runs it (valgrind's, for `instructions.py`)."""
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = Path(log_path)
        self.log = open(self.log_path, "ab")
        env = dict(os.environ, RUST_LOG="info", **(env or {}))
        command = [*prefix, binary, "serve", "--data-dir", data_dir, "--listen", f"127.0.0.1:{self.port}"]
        self.started = time.perf_counter()
        self.process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=self.log)

    def wait_until_answering(self, query, timeout=60):
        """Seconds from the start to the first answered `query`."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            try:
                self.graphql(query)
                return time.perf_counter() - self.started
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"the server stopped; see {self.log_path}")
                time.sleep(0.002)
        raise TimeoutError("the server did not answer in time")

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)
        self.log.close()

    def rss_mb(self):
        return _status_kb(self.process.pid, "VmRSS") / 1024

    def cpu_seconds(self):
        """The CPU time the server has used so far, user and system."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def peak_rss_mb(self):
        return _status_kb(self.process.pid, "VmHWM") / 1024

    def log_offset(self):
        self.log.flush()
        return self.log_path.stat().st_size

    def request_times_ms(self, start, end):
        """Server times of the requests logged between two log offsets."""
        with open(self.log_path, "rb") as log:
            log.seek(start)
            text = log.read(end - start).decode("utf-8", "replace")
        return [float(m.group(1)) for m in REQUEST_MS.finditer(ANSI.sub("", text))]

    def graphql(self, query, variables=None, cookie=None):
        body = json.dumps({"query": query, "variables": variables or {}}).encode()
        headers = {"Content-Type": "application/json", "Origin": self.base}
        if cookie:
            headers["Cookie"] = cookie
        request = urllib.request.Request(f"{self.base}/api/graphql", data=body, headers=headers)
        with urllib.request.urlopen(request, timeout=60) as answer:
            data = json.loads(answer.read())
            set_cookie = answer.headers.get("Set-Cookie")
        if data.get("errors"):
            raise RuntimeError(f"GraphQL errors: {data['errors']}")
        return data["data"], set_cookie

    def fetch(self, target):
        """One request of a load target, answered in full (with its first query in place of
        __WORDS__, if it draws them)."""
        body = target.get("body")
        if body is not None:
            variables = json.loads(json.dumps(body["variables"]).replace(
                "__WORDS__", target["queries"][0] if target.get("queries") else "__WORDS__"))
            self.graphql(body["query"], variables)
        else:
            with urllib.request.urlopen(self.base + target["path"], timeout=60) as answer:
                answer.read()

    def sign_in(self, email, password):
        _, set_cookie = self.graphql(
            "mutation($email: String!, $password: String!) { login(email: $email, password: $password) { id } }",
            {"email": email, "password": password},
        )
        return set_cookie.split(";")[0]

    def upload_pin(self, cookie, picture, board_id):
        """Uploads a picture as the browser does, then pins it on a board."""
        boundary = uuid.uuid4().hex
        body = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="pin"; filename="{picture.name}"\r\n'
            f"Content-Type: image/jpeg\r\n\r\n"
        ).encode() + picture.read_bytes() + f"\r\n--{boundary}--\r\n".encode()
        headers = {
            "Content-Type": f"multipart/form-data; boundary={boundary}",
            "Cookie": cookie,
            "Origin": self.base,
        }
        request = urllib.request.Request(f"{self.base}/api/upload/pin", data=body, headers=headers)
        with urllib.request.urlopen(request, timeout=300) as answer:
            temp = json.loads(answer.read())
        self.graphql(
            "mutation($name: String!, $boards: [ID!]) { addPin(tempFileName: $name, caption: \"Uploaded while measuring\", boards: $boards) { id } }",
            {"name": temp["tempFileName"], "boards": [board_id]},
            cookie,
        )

    def add_board(self, cookie, title):
        """A new public board of the signed-in account: its id."""
        made, _ = self.graphql("mutation($title: String!) { addBoard(title: $title, secret: false) { id } }",
                               {"title": title}, cookie)
        return made["addBoard"]["id"]


class RssSampler:
    """Samples a process's resident memory every 100 ms while running."""

    def __init__(self, server):
        self.server = server
        self.samples = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()

    def _run(self):
        while not self._stop.wait(0.1):
            self.samples.append(self.server.rss_mb())


def _status_kb(pid, field):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise KeyError(field)
