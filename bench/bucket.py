"""An S3 API for the media-storage part: `moto_server` (PyPI's `moto[server]`, an in-memory
emulator in Python) on 127.0.0.1, with one bucket, and the settings that point Corkboard at it."""

import socket
import subprocess
import time
import urllib.request

from server import free_port

BUCKET = "corkboard-bench"


class Moto:
    """A fresh moto with an empty bucket while in the `with` block."""

    def __init__(self, log_path):
        self.port = free_port()
        self.endpoint = f"http://127.0.0.1:{self.port}"
        self.log = open(log_path, "ab")
        self.process = subprocess.Popen(["moto_server", "-H", "127.0.0.1", "-p", str(self.port)],
                                        stdout=self.log, stderr=self.log)

    def __enter__(self):
        self.wait_until_listening()
        # moto takes an unsigned request to make a bucket.
        request = urllib.request.Request(f"{self.endpoint}/{BUCKET}", method="PUT")
        with urllib.request.urlopen(request, timeout=30):
            pass
        return self

    def __exit__(self, *exc):
        self.process.terminate()
        self.process.wait(timeout=30)
        self.log.close()

    def wait_until_listening(self, timeout=30):
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("moto_server stopped")
                time.sleep(0.05)
        raise TimeoutError("moto_server did not start in time")

    def storage_env(self):
        """The `CORKBOARD_STORAGE__*` variables of media in the bucket."""
        return {
            "CORKBOARD_STORAGE__KIND": "s3",
            "CORKBOARD_STORAGE__ENDPOINT": self.endpoint,
            "CORKBOARD_STORAGE__BUCKET": BUCKET,
            "CORKBOARD_STORAGE__REGION": "us-east-1",
            "CORKBOARD_STORAGE__PATH_STYLE": "true",
            "CORKBOARD_STORAGE__ACCESS_KEY_ID": "testing",
            "CORKBOARD_STORAGE__SECRET_ACCESS_KEY": "testing",
        }
