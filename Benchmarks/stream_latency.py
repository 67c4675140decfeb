#!/usr/bin/env python3
"""How soon a streamed event is on the workbench's output after the server wrote it:
a local server sends 20 server-sent events 200 ms apart, each timestamped when
written; the workbench's standard output (a pipe) is read as it comes. Prints the
median and the largest delay. The goal: each event out within 100 ms of its arrival.

    Benchmarks/stream_latency.py [BINARY]      (default .build/release/workbench)

Not run in CI; figures depend on the machine.
"""
from __future__ import annotations

import os
import select
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

EVENTS = 20
SENT: dict[int, float] = {}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # noqa: A002 (BaseHTTPRequestHandler's name)
        pass

    def do_GET(self):  # noqa: N802 (BaseHTTPRequestHandler's name)
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for number in range(EVENTS):
            time.sleep(0.2)
            data = b"data: %d\n\n" % number
            SENT[number] = time.monotonic()
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()
        self.wfile.write(b"0\r\n\r\n")


def main() -> int:
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/workbench"
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    process = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    process.stdin.write(f"base http://127.0.0.1:{server.server_address[1]}\nget /\n".encode())
    process.stdin.close()
    pending, delays = b"", []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        select.select([process.stdout], [], [], 1)
        chunk = os.read(process.stdout.fileno(), 65536)
        if not chunk:
            break
        now = time.monotonic()
        pending += chunk
        while b"data: " in pending and b"\n" in pending[pending.index(b"data: "):]:
            start = pending.index(b"data: ")
            end = pending.index(b"\n", start)
            delays.append((now - SENT[int(pending[start + 6:end])]) * 1000)
            pending = pending[end:]
    process.wait(timeout=10)
    server.shutdown()
    if len(delays) != EVENTS:
        print(f"stream_latency.py: saw {len(delays)} of {EVENTS} events", file=sys.stderr)
        return 2
    delays.sort()
    print(f"{EVENTS} events: from the server's write to the workbench's output, "
          f"median {delays[EVENTS // 2]:.2f} ms, largest {delays[-1]:.2f} ms (goal: under 100 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
