"""A small HTTP server for the runs tests (polling, retries, bench), started per test on
127.0.0.1 with an ephemeral port, in a thread of the test's own process.

Routes:
- ``/jobs/NAME?after=K``: ``{"state": "pending", "try": n}`` for the first K-1 requests to
  NAME, then ``{"state": "done", "try": n}``.
- ``/busy/NAME?times=K&status=503&retry-after=V``: STATUS (with ``Retry-After: V`` when
  given) for the first K requests to NAME, then 200 ``{"ok": true}``.
- ``/slow?ms=D``: waits D milliseconds, then 200 ``ok``.
- anything else: 200 ``{"path": ...}``.
Every request is recorded (method, path, headers, body, time, the client's port) in ``server.requests``.
"""

from __future__ import annotations

import json
import threading
import time
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go in separate writes: without TCP_NODELAY, delayed ACKs add 40 ms.
    disable_nagle_algorithm = True

    def log_message(self, *args):  # quiet
        pass

    def _answer(self, status: int, body: bytes, headers: dict[str, str] | None = None,
                content_type: str = "application/json") -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _handle(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        parts = urlsplit(self.path)
        query = {key: values[-1] for key, values in parse_qs(parts.query).items()}
        server = self.server
        with server.lock:
            server.requests.append({
                "method": self.command, "path": self.path, "headers": dict(self.headers.items()),
                "body": body.decode("utf-8", "replace"), "time": time.monotonic(),
                "client": self.client_address[1],
            })
            count = server.counts.get(parts.path, 0) + 1
            server.counts[parts.path] = count
        if parts.path.startswith("/jobs/"):
            after = int(query.get("after", "3"))
            state = "done" if count >= after else "pending"
            self._answer(200, json.dumps({"state": state, "try": count}).encode())
        elif parts.path.startswith("/busy/"):
            times = int(query.get("times", "1"))
            if count <= times:
                status = int(query.get("status", "503"))
                headers = {"Retry-After": query["retry-after"]} if "retry-after" in query else {}
                self._answer(status, json.dumps({"busy": count}).encode(), headers)
            else:
                self._answer(200, json.dumps({"ok": True, "try": count}).encode())
        elif parts.path == "/slow":
            time.sleep(int(query.get("ms", "0")) / 1000)
            self._answer(200, b"ok", content_type="text/plain")
        else:
            self._answer(200, json.dumps({"path": self.path}).encode())

    do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = do_PATCH = _handle


class RunsServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), _Handler)
        self.lock = threading.Lock()
        self.requests: list[dict] = []
        self.counts: dict[str, int] = {}

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


@contextmanager
def runs_server():
    server = RunsServer()
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
